#!/usr/bin/env bash
# completion.sh BIN COMPLETION: the bash completion (RE-5.4) run as bash
# runs it, COMP_WORDS set and the script sourced: match numbers to the
# commands that take a match, player and event names whole (a comma or a
# space is the name's, never a cut), each option's own values (event
# export's formats, not create's).
set -u
BIN=${1:?usage: $0 path/to/chesscubing path/to/chesscubing-completion.bash}
COMPLETION=${2:?usage: $0 path/to/chesscubing path/to/chesscubing-completion.bash}
DIR=$(mktemp -d /tmp/cc-completion-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
echo "CLAUSES: completion RE-5.4"
[ "${CC_CLAUSES:-}" = list ] && exit 0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
# The program as "chesscubing" on the PATH, as the completion is bound to it.
mkdir "$DIR/bin" && ln -s "$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")" "$DIR/bin/chesscubing"
COMPLETION=$(cd "$(dirname "$COMPLETION")" && pwd)/$(basename "$COMPLETION")

# complete WANT WORD...: COMPREPLY for the words (the last being typed),
# one a line and sorted, is WANT (words separated by '|').
complete_is() {
	local want=$1 got
	shift
	got=$(PATH="$DIR/bin:$PATH" bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_chesscubing; printf "%s\n" "${COMPREPLY[@]}"' _ "$COMPLETION" "$@" | sort | paste -sd'|')
	want=$(printf '%s' "$want" | tr '|' '\n' | sort | paste -sd'|')
	if [ "$got" = "$want" ]; then
		echo "ok: '${*:2}' -> $got"
	else
		fail "'${*:2}': got '$got', wanted '$want'"
	fi
}

DB=$DIR/m.db
for p in "Dupont, Anne" "Dupont, Bernard" "Zoé Martin" "Ben"; do
	"$BIN" players --db "$DB" add "$p" >/dev/null || fail "players add $p"
done
"$BIN" event --db "$DB" create "Club, spring 2026" --player "Dupont, Anne" --player "Zoé Martin" --players Ben \
	--format chess >/dev/null || fail "event create"
printf 'settings format=chess white=Ben black=Zoé_Martin\n0 start\n1000 resign w\n' >"$DIR/a.scn"
printf 'settings format=chess white=Ben black=Zoé_Martin\n0 start\n' >"$DIR/b.scn"
"$BIN" script --db "$DB" "$DIR/a.scn" >/dev/null || fail "script a"
"$BIN" script --db "$DB" "$DIR/b.scn" >/dev/null || fail "script b"

# names whole, escaped for the command line: "Dupont, Anne" is not cut at its comma
complete_is 'Dupont,\ Anne|Dupont,\ Bernard' chesscubing players --db "$DB" show Dup
complete_is 'Dupont,\ Anne|Dupont,\ Bernard' chesscubing players --db "$DB" show 'Dupont,'
complete_is 'Dupont,\ Bernard' chesscubing players --db "$DB" show 'Dupont\,\ B'
# what the shell reads back from the reply is the one whole name
reply=$(PATH="$DIR/bin:$PATH" bash -c '. "$1"; COMP_WORDS=(chesscubing players --db "$2" show "Dupont, A")
	COMP_CWORD=5; _chesscubing; printf "%s" "${COMPREPLY[0]}"' _ "$COMPLETION" "$DB")
eval "set -- $reply"
[ $# -eq 1 ] && [ "$1" = "Dupont, Anne" ] && echo "ok: '$reply' reads back as one word, the whole name" ||
	fail "'$reply' reads back as $# word(s): $*"
complete_is '"Zoé Martin"' chesscubing players --db "$DB" edit '"Zo'
complete_is 'Dupont,\ Anne|Dupont,\ Bernard' chesscubing h2h --db "$DB" Ben Dup
complete_is 'Club,\ spring\ 2026' chesscubing event --db "$DB" standings Cl
complete_is 'Club,\ spring\ 2026' chesscubing --db "$DB" watch --event ''
complete_is 'Ben' chesscubing event --db "$DB" withdraw 'Club\,\ spring\ 2026' B
# match numbers: every match to show, export, verify, correct; the unfinished to resume
complete_is '1|2' chesscubing show --db "$DB" ''
complete_is '1|2' chesscubing --db "$DB" export ''
complete_is '1|2' chesscubing correct --db "$DB" ''
complete_is '2' chesscubing resume --db "$DB" ''
complete_is '1|2' chesscubing scramble --sheet --db "$DB" --match ''
complete_is '' chesscubing show --db "$DB" 1 ''
# each option's own values
complete_is 'pgn|crosstable|csv|html|trf' chesscubing event --db "$DB" export 'Club\,\ spring\ 2026' --format ''
complete_is 'twice|time|chess|uno' chesscubing event create X --format ''
complete_is 'json|scenario|pgn|pgn-null|text' chesscubing export 1 --format ''
complete_is 'text|json|csv' chesscubing ratings --format ''
complete_is 'chesscubing|chess|uno' chesscubing ratings --game ''
complete_is 'standard|checkered' chesscubing event create X --variant ''
complete_is '1-0|0-1|1/2-1/2' chesscubing correct 1 --result ''
complete_is 'standard|checkered' chesscubing perft -v ''
complete_is 'pgn|pgn-null' chesscubing export --format = p
complete_is 'Dupont,\ Anne|Dupont,\ Bernard' chesscubing players --db = "$DB" show D
# a record that is not there: nothing offered, nothing created
complete_is '' chesscubing show --db "$DIR/none.db" ''
[ -e "$DIR/none.db" ] && fail "completing from a missing record created it"

[ "$failed" -eq 0 ] || { echo "$failed check(s) failed"; exit 1; }
echo "all passed"
