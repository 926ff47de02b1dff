#!/usr/bin/env bash
# correct_cli.sh BIN: `chesscubing correct` as a script sees it (rules/club.md
# CL-5.3 to CL-5.6): --json for the correction made or undone, --list
# --json|--csv with who, when, why, what it set and the result as played
# (docs/output-formats.md), --csv refused for one correction, the French
# usage naming the new options, the bash completion giving correct's
# MATCH and options.
set -u
export LC_ALL=C.UTF-8
BIN=${1:?usage: $0 path/to/chesscubing}
SRC=$(cd "$(dirname "$0")/.." && pwd)
echo "CLAUSES: correct_cli CL-5.3 CL-5.4 CL-5.5 CL-5.6"
[ "${CC_CLAUSES:-}" = list ] && exit 0
DIR=$(mktemp -d /tmp/cc-correct-cli-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
DB=$DIR/club.db
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }

for p in Anne Bruno; do "$BIN" players --db "$DB" add "$p" >/dev/null || bad "players add $p"; done
# match 1: Black resigns, 1-0 as played
printf 'settings format=twice category=fast white=Anne black=Bruno\n0 start\n1000 resign b\n' >"$DIR/m.scn"
"$BIN" script --db "$DB" "$DIR/m.scn" >/dev/null || bad "script"

out=$("$BIN" correct --db "$DB" 1 --list --json) && [ "$out" = "[]" ] && ok "no correction: []" || bad "empty list: $out"

"$BIN" correct --db "$DB" 1 --result 0-1 --reason "reported the wrong way round" --by Marie --json >"$DIR/one.json" ||
	bad "correct --json"
jq -e '.id == 1 and .match_id == 1 and .result == "0-1" and .played == "1-0" and .rated == null
	and .reason == "reported the wrong way round" and .by == "Marie" and (.at | test("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z$"))
	and .undone == false and .undone_by == null and .undone_at == null' "$DIR/one.json" >/dev/null &&
	ok "correct --json: the correction made, result set, rated null" || bad "correct --json: $(cat "$DIR/one.json")"

"$BIN" correct --db "$DB" 1 --unrated --reason "a friendly game" --by Marie >/dev/null || bad "correct --unrated"
"$BIN" correct --db "$DB" 1 --undo --by Paul --json >"$DIR/undo.json" || bad "undo --json"
jq -e '.id == 2 and .result == null and .rated == false and .undone == true and .undone_by == "Paul"
	and (.undone_at | test("Z$"))' "$DIR/undo.json" >/dev/null &&
	ok "undo --json: the correction undone, by whom and when" || bad "undo --json: $(cat "$DIR/undo.json")"

"$BIN" correct --db "$DB" 1 --list --json >"$DIR/list.json" || bad "list --json"
keys=$(jq -c '[.[] | keys_unsorted] | unique' "$DIR/list.json")
want='[["id","match_id","result","played","rated","reason","by","at","undone","undone_by","undone_at"]]'
[ "$keys" = "$want" ] && ok "--list --json: every correction with the documented keys" || bad "keys: $keys"
jq -e 'length == 2 and .[0].undone == false and .[1].undone == true and .[1].reason == "a friendly game"' \
	"$DIR/list.json" >/dev/null && ok "--list --json: oldest first, undone ones included" || bad "list: $(cat "$DIR/list.json")"

"$BIN" correct --db "$DB" 1 --list --csv >"$DIR/list.csv" || bad "list --csv"
[ "$(head -1 "$DIR/list.csv")" = "id,match_id,result,played,rated,reason,by,at,undone,undone_by,undone_at" ] &&
	grep -q '^1,1,0-1,1-0,,reported the wrong way round,Marie,.*,false,,$' "$DIR/list.csv" &&
	grep -q '^2,1,,1-0,false,a friendly game,Marie,.*,true,Paul,.*Z$' "$DIR/list.csv" &&
	ok "--list --csv: the same keys and values" || bad "csv: $(cat "$DIR/list.csv")"

out=$("$BIN" correct --db "$DB" 1 --unrated --reason x --csv 2>&1)
rc=$?
[ $rc -eq 2 ] && ! "$BIN" correct --db "$DB" 1 --list --json | jq -e 'length > 2' >/dev/null &&
	ok "--csv refused for one correction, nothing recorded" || bad "--csv on a correction: rc=$rc $out"
"$BIN" correct --db "$DB" 1 --list >"$DIR/list.txt" && grep -q "^Correction 1 by Marie" "$DIR/list.txt" &&
	ok "--list without a format: the text lines" || bad "text list: $(cat "$DIR/list.txt")"

# the French usage names the options
fr=$(LC_ALL= LANG=fr_FR.UTF-8 "$BIN" --lang fr correct --help 2>&1)
case $fr in *"--list [--json|--csv]"*"--json       la correction faite"*) ok "French usage" ;; *) bad "French usage: $fr" ;; esac

# the completion: MATCH from the record, --json from correct's --help
mkdir -p "$DIR/bin" && ln -s "$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")" "$DIR/bin/chesscubing"
got=$(PATH="$DIR/bin:$PATH" bash -c '. "$1"; COMP_WORDS=(chesscubing correct --db "$2" ""); COMP_CWORD=4; _chesscubing
	printf "%s," "${COMPREPLY[@]}"; COMP_WORDS=(chesscubing correct 1 --js); COMP_CWORD=3; _chesscubing
	printf "%s," "${COMPREPLY[@]}"' _ "$SRC/scripts/chesscubing-completion.bash" "$DB")
[ "$got" = "1,--json," ] && ok "completion: the match and --json" || bad "completion: $got"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
