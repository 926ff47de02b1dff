#!/usr/bin/env bash
# sheet_cli.sh BIN: `chesscubing scramble --sheet --pdf/--svg` (CU-6): a
# seed's page and a recorded match's page (its header, the sheet recorded
# with it), read back by pdftotext; in French by the locale; every wrong
# use said in one line with its exit status, and nothing half written.
set -u
BIN=${1:?usage: $0 path/to/chesscubing}
DIR=$(mktemp -d /tmp/cc-sheet-cli-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
echo "CLAUSES: sheet_cli CU-6.1 CU-6.2 CU-6.3"
[ "${CC_CLAUSES:-}" = list ] && exit 0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
ok() { echo "ok: $*"; }
flat() { tr '\n' ' ' | tr -s ' '; }

# A seed's page: the four scrambles of the text sheet of that seed.
"$BIN" scramble --sheet --seed 99 >"$DIR/99.txt" || fail "text sheet"
"$BIN" scramble --sheet --seed 99 --pdf "$DIR/99.pdf" || fail "pdf sheet"
words=$(pdftotext -enc UTF-8 "$DIR/99.pdf" - | flat)
for n in 1 2 3 4; do
	s=$(sed -n "s/^Cube $n: //p" "$DIR/99.txt")
	case "$words" in *"$s"*) ;; *) fail "seed page lacks cube $n's '$s': $words" ;; esac
done
case "$words" in *"Seed 99"*"Before the match"*|*"Before the match"*"Seed 99"*) ok "seed page" ;;
	*) fail "seed page header: $words" ;; esac
"$BIN" scramble --sheet --seed 99 --svg - >"$DIR/99.svg" || fail "svg to stdout"
grep -q "<svg" "$DIR/99.svg" && ok "svg on stdout" || fail "no svg on stdout"

# A recorded match's page: number, players, game, date of the record, and
# the sheet recorded with the match (show's), in French under LANG=fr.
DB=$DIR/m.db
printf 'settings format=twice category=fast white=Élodie black=Bob seed=4242\n0 start\n' >"$DIR/m.scn"
"$BIN" script --db "$DB" "$DIR/m.scn" >/dev/null || fail "script"
printf 'settings format=chess white=A black=B\n0 start\n' >"$DIR/c.scn"
"$BIN" script --db "$DB" "$DIR/c.scn" >/dev/null || fail "script chess"
"$BIN" scramble --sheet --match 1 --db "$DB" --pdf "$DIR/m1.pdf" || fail "match page"
words=$(pdftotext -enc UTF-8 "$DIR/m1.pdf" - | flat)
"$BIN" scramble --sheet --seed 4242 >"$DIR/4242.txt"
for n in 1 2 3 4; do
	s=$(sed -n "s/^Cube $n: //p" "$DIR/4242.txt")
	case "$words" in *"$s"*) ;; *) fail "match page lacks cube $n's '$s': $words" ;; esac
done
today=$(date -u +%Y-%m-%d)
for want in "Match 1" "White: Élodie" "Black: Bob" "ChessCubing Twice V2" "$today" "Seed 4242"; do
	case "$words" in *"$want"*) ;; *) fail "match page lacks '$want': $words" ;; esac
done
LANG=fr_FR.UTF-8 LANGUAGE=fr LC_ALL=C.UTF-8 "$BIN" --lang fr scramble --sheet --match 1 --db "$DB" --pdf "$DIR/fr.pdf" ||
	fail "french page"
words=$(pdftotext -enc UTF-8 "$DIR/fr.pdf" - | flat)
case "$words" in *"Feuille de mélanges ChessCubing"*"Blancs : Élodie"*) ok "french page" ;;
	*) fail "french page: $words" ;; esac

# Wrong uses: one line, the status, no file.
expect() { # STATUS PATTERN CMD...
	local want=$1 pattern=$2 out status
	shift 2
	out=$("$BIN" "$@" 2>&1); status=$?
	if [ "$status" -ne "$want" ] || [ "$(printf '%s\n' "$out" | wc -l)" -ne 1 ] ||
		! printf '%s\n' "$out" | grep -q -- "$pattern"; then
		fail "'$*': exit $status (want $want): $out"
	else
		ok "'$*' refused: $out"
	fi
}
expect 1 "no scramble sheet" scramble --sheet --match 2 --db "$DB" --pdf "$DIR/x.pdf"
expect 1 "no match" scramble --sheet --match 9 --db "$DB" --pdf "$DIR/x.pdf"
expect 2 "add --sheet" scramble --pdf "$DIR/x.pdf"
expect 2 "one picture at a time" scramble --sheet --pdf "$DIR/x.pdf" --svg "$DIR/x.svg"
expect 2 "give --pdf" scramble --sheet --match 1 --db "$DB"
expect 2 "--seed does not apply" scramble --sheet --match 1 --db "$DB" --seed 3 --pdf "$DIR/x.pdf"
expect 1 "cannot write the sheet to" scramble --sheet --seed 1 --pdf "$DIR/none/x.pdf"
[ ! -e "$DIR/x.pdf" ] && [ ! -e "$DIR/x.svg" ] && ok "nothing written by a refusal" || fail "a refusal wrote a file"
[ -z "$(ls -A "$DIR" | grep '^\.')" ] && ok "no temporary file left" || fail "left: $(ls -A "$DIR")"

[ "$failed" -eq 0 ] || { echo "$failed failure(s)"; exit 1; }
