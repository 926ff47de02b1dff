#!/usr/bin/env bash
# free_text.sh BIN: every free text through the real program (issue 37
# items 3 and 4). A reason, who corrects, a club, a federation ID and a
# cancellation's reason keep a name's rules, refused with one line that
# says which rule, in the user's language (RU-24.3); a reason over its
# limit refused, never cut, so `correct --list --json` and the PGN export
# stay whole UTF-8; a name made to be a spreadsheet formula is a text in
# every CSV output (RU-24.4); the files written (a backup, a PDF or SVG
# sheet) are their owner's alone whatever the umask (RE-3.7).
# Prints "N passed, N failed" and exits non-zero on any failure.
set -u
export LC_ALL=C.UTF-8
BIN=${1:?usage: $0 path/to/chesscubing}
echo "CLAUSES: free_text RU-24.3 RU-24.4 RE-3.7"
[ "${CC_CLAUSES:-}" = list ] && exit 0
DIR=$(mktemp -d /tmp/cc-free-text-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
DB=$DIR/club.db
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }
run() { "$BIN" "$@" >"$DIR/out" 2>"$DIR/err"; status=$?; }
# Does the file hold a byte a terminal obeys (C0 but newline, DEL, C1)?
raw_controls() { LC_ALL=C grep -qP '[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]' "$1"; }
# refused WHAT RULE: exit 2, one line on stderr saying RULE, escaped, nothing on stdout.
refused() {
	if [ "$status" -eq 2 ] && [ "$(wc -l <"$DIR/err")" -eq 1 ] && grep -q -- "$2" "$DIR/err" &&
		! raw_controls "$DIR/err" && [ ! -s "$DIR/out" ]; then
		ok "$1: $(cat "$DIR/err")"
	else
		bad "$1: exit $status, stderr: $(od -c "$DIR/err" | head -4)"
	fi
}

FORMULA="=cmd|' /C calc'!A0"
NEUTRAL="\"'=cmd|' /C calc'!A0\""
for p in Anne Bruno "$FORMULA" "@Chloe"; do
	"$BIN" players --db "$DB" add "$p" >/dev/null || bad "players add $p"
done
"$BIN" event --db "$DB" create "+night" --player "$FORMULA" --player Anne --player "@Chloe" >/dev/null ||
	bad "event create"
printf 'settings format=twice category=fast white=Anne black=Bruno\n0 start\n1000 resign b\n' >"$DIR/m.scn"
"$BIN" script --db "$DB" "$DIR/m.scn" >/dev/null || bad "script"

# ---- RU-24.3: the rules, each said --------------------------------------------
run correct --db "$DB" 1 --result 0-1 --reason $'\e[2J' --by Marie
refused "correct --reason ESC [2J" "holds a control character"
run correct --db "$DB" 1 --result 0-1 --reason $'a\xc2\x9bb' --by Marie
refused "correct --reason with a C1 CSI" "holds a control character"
run correct --db "$DB" 1 --result 0-1 --reason ok --by $'\xe2\x80\xaeMarie'
refused "correct --by a lone RLO" "direction control"
run correct --db "$DB" 1 --result 0-1 --reason ok --by $'Ma\e]0;x\arie'
refused "correct --by an OSC" "holds a control character"
"$BIN" correct --db "$DB" 1 --list --json | jq -e 'length == 0' >/dev/null && ok "nothing was recorded" ||
	bad "a refused correction was recorded"
run --lang fr correct --db "$DB" 1 --result 0-1 --reason $'\e[2J' --by Marie
refused "in French" "contient un caractère de contrôle"

# A reason of 64 é is 128 bytes: over the 127 of a reason, refused whole.
long=$(printf '\xc3\xa9%.0s' $(seq 64))
run correct --db "$DB" 1 --result 0-1 --reason "$long" --by Marie
refused "a reason of 128 bytes" "longer than 127 bytes"
fits="${long:1}a" # 63 é and a: 127 bytes
run correct --db "$DB" 1 --result 0-1 --reason "$fits" --by Marie
[ "$status" -eq 0 ] && ok "a reason of 127 bytes recorded" || bad "127 bytes: exit $status, $(cat "$DIR/err")"
"$BIN" correct --db "$DB" 1 --list --json >"$DIR/list.json"
jq -e --arg r "$fits" 'length == 1 and .[0].reason == $r' "$DIR/list.json" >/dev/null &&
	ok "--list --json: the reason whole" || bad "--list --json: $(head -c 300 "$DIR/list.json")"
"$BIN" export --db "$DB" --format pgn 1 >"$DIR/m.pgn" && iconv -f UTF-8 -t UTF-8 "$DIR/m.pgn" >/dev/null &&
	ok "the PGN export is UTF-8" || bad "the PGN export is not UTF-8"

# A record an older version wrote: a reason cut mid-character, an escape in
# who corrected. Listed whole, escaped; the PGN stays UTF-8.
"$BIN" backup --db "$DB" "$DIR/old.db" >/dev/null || bad "backup for the old record"
sqlite3 "$DIR/old.db" "UPDATE corrections SET why = CAST(X'41C3' AS TEXT), by_whom = CAST(X'1B5B324A' AS TEXT)" ||
	bad "sqlite3 update"
"$BIN" correct --db "$DIR/old.db" 1 --list --json >"$DIR/old.json"
status=$?
[ "$status" -eq 0 ] && jq -e 'length == 1 and .[0].reason == "A\\xC3" and .[0].by == "\\x1B[2J"' "$DIR/old.json" \
	>/dev/null && ok "an old record's cut reason listed, escaped" || bad "old record: exit $status, $(cat "$DIR/old.json")"
"$BIN" export --db "$DIR/old.db" --format pgn 1 >"$DIR/old.pgn" && iconv -f UTF-8 -t UTF-8 "$DIR/old.pgn" >/dev/null &&
	! raw_controls "$DIR/old.pgn" && ok "an old record's PGN is UTF-8, escaped" || bad "old PGN: $(od -c "$DIR/old.pgn" | grep -m3 '033\|303')"
"$BIN" correct --db "$DIR/old.db" 1 --list >"$DIR/old.txt" && ! raw_controls "$DIR/old.txt" &&
	iconv -f UTF-8 -t UTF-8 "$DIR/old.txt" >/dev/null && ok "an old record's text list escaped" || bad "old text list"

run correct --db "$DB" 1 --undo --by $'\xe2\x80\x8b'
refused "--undo --by a zero-width space" "zero-width"
run correct --db "$DB" 1 --undo --by $'Paul\x85'
refused "--undo --by invalid UTF-8" "not valid UTF8"

i=0
for text in $'\xe2\x80\xaeLyon' $'Ly\xe2\x80\x8bon' $'Lyon\xe2\x80\xa8' $'\xef\xbb\xbfLyon'; do
	i=$((i + 1))
	run players --db "$DB" edit Anne --club "$text"
	refused "club $i" "the club"
	run players --db "$DB" edit Anne --fed "$text"
	refused "federation ID $i" "the federation ID"
	run players --db "$DB" add "Newcomer$i" --club "$text"
	refused "players add with club $i" "the club"
done
"$BIN" players --db "$DB" show Anne --json | jq -e '.club == null and .federation_id == null' >/dev/null &&
	ok "Anne's club and ID untouched" || bad "Anne changed"

run event --db "$DB" cancel "+night" 1 1 --reason $'a\tb'
refused "event cancel, a reason with a tab" "holds a control character"
grep -q "says its reason" "$DIR/err" && bad "event cancel says the reason is missing" || ok "event cancel names the rule"

# ---- RU-24.4: the formula is a text in every CSV ------------------------------
"$BIN" correct --db "$DB" 1 --unrated --reason "-2+3 points" --by "$FORMULA" >/dev/null || bad "correct by a formula"
printf 'settings format=twice category=fast white=%s black=Anne event=+night\n0 start\n1000 resign w\n' \
	"$(printf '%s' "$FORMULA" | sed 's/ /%20/g')" >"$DIR/e.scn"
run script --db "$DB" "$DIR/e.scn"
[ "$status" -eq 0 ] || bad "event game: $(cat "$DIR/err")"
# a forfeit: the program's own "+/-" and the crosstable's "+" and "-" are no formulas either
"$BIN" event --db "$DB" forfeit "+night" 1 2 -- +/- >/dev/null || bad "forfeit"
n=0
for cmd in "list" "ratings" "players list" "players show" "event list" "event show +night" \
	"event standings +night" "correct 1 --list" "event export +night --format csv"; do
	read -r -a argv <<<"$cmd"
	[ "$cmd" = "players show" ] && argv+=("$FORMULA")
	case $cmd in *export*) ;; *) argv+=(--csv) ;; esac
	"$BIN" "${argv[@]}" --db "$DB" >"$DIR/out.csv" 2>"$DIR/err" || { bad "$cmd: $(cat "$DIR/err")"; continue; }
	n=$((n + 1))
	# No text cell begins with a formula's character: only numbers may start with '-' or '+'.
	cells=$(python3 -c 'import csv,sys
for row in csv.reader(open(sys.argv[1], encoding="utf-8")):
    for c in row:
        if c[:1] in ("=", "@", "\t", "\r") or (c[:1] in ("+", "-") and not c[1:].replace(".", "").isdigit()):
            print(repr(c))' "$DIR/out.csv")
	if [ -z "$cells" ] && ! raw_controls "$DIR/out.csv"; then
		ok "$cmd --csv: no cell a spreadsheet runs"
	else
		bad "$cmd --csv: cells $cells in $(cat "$DIR/out.csv")"
	fi
	case $cmd in
	list | "event standings"* | "event list" | "correct"*) ;;
	*) grep -qF -- "$NEUTRAL" "$DIR/out.csv" && ok "$cmd: the name written $NEUTRAL" || bad "$cmd: $(cat "$DIR/out.csv")" ;;
	esac
done
[ "$n" -eq 9 ] || bad "only $n CSV outputs checked"
"$BIN" list --db "$DB" --csv | grep -qF -- "$NEUTRAL" && ok "list: the white player neutralised" || bad "list"
"$BIN" event standings "+night" --db "$DB" --csv | grep -qF -- "$NEUTRAL" && ok "standings: neutralised" || bad "standings"
"$BIN" event list --db "$DB" --csv | grep -qF -- '"'"'"'+night"' && ok "event list: the event's name neutralised" ||
	bad "event list: $("$BIN" event list --db "$DB" --csv)"
"$BIN" correct 1 --list --db "$DB" --csv | grep -qF -- "\"'-2+3 points\",$NEUTRAL" &&
	ok "correct --list: reason and by neutralised" || bad "correct --list: $("$BIN" correct 1 --list --db "$DB" --csv)"

# ---- RE-3.7: private whatever the umask -----------------------------------------
for mask in 022 000; do
	(umask "$mask" && "$BIN" backup --db "$DB" "$DIR/backup-$mask.db" >/dev/null) || bad "backup under umask $mask"
	mode=$(stat -c %a "$DIR/backup-$mask.db")
	[ "$mode" = 600 ] && ok "umask $mask; backup: 0600" || bad "umask $mask; backup: $mode"
	for kind in pdf svg; do
		if (umask "$mask" && "$BIN" scramble --sheet --seed 7 --$kind "$DIR/sheet-$mask.$kind" 2>"$DIR/err"); then
			mode=$(stat -c %a "$DIR/sheet-$mask.$kind")
			[ "$mode" = 600 ] && ok "umask $mask; scramble --$kind: 0600" || bad "umask $mask; --$kind: $mode"
		else
			echo "skipped: scramble --$kind: $(cat "$DIR/err")"
		fi
	done
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
