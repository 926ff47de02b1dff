#!/usr/bin/env bash
# correct_cli.sh BIN: `chesscubing correct` as a script sees it (rules/club.md
# CL-5.3 to CL-5.6): --json for the correction made or undone, --list
# --json|--csv with who, when, why, what it set and the result as played
# (docs/output-formats.md), --csv refused for one correction, the French
# usage naming the new options, the bash completion giving correct's
# MATCH and options; a corrected result as `list` and the PGN write it
# (CL-5.8): corrected, with the result as played beside it.
set -u
export LC_ALL=C.UTF-8
BIN=${1:?usage: $0 path/to/chesscubing}
SRC=$(cd "$(dirname "$0")/.." && pwd)
echo "CLAUSES: correct_cli CL-5.3 CL-5.4 CL-5.5 CL-5.6 CL-5.8"
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

# CL-5.8: list and PGN give the corrected result, the played one beside it
# (correction 1, 0-1, stands; 2 set only the rated flag and is undone)
"$BIN" list --db "$DB" | grep -q "  0-1 (corrected from 1-0 resignation)$" && ok "list: corrected from the played" ||
	bad "list: $("$BIN" list --db "$DB")"
"$BIN" list --db "$DB" --json | jq -e '.[0] | .result == "0-1" and .corrected_from == "1-0" and .reason == "resignation"' \
	>/dev/null && ok "list --json: result corrected, corrected_from played" || bad "list --json: $("$BIN" list --db "$DB" --json)"
"$BIN" list --db "$DB" --csv | grep -q ',0-1,resignation,1-0$' && ok "list --csv: the same" || bad "list --csv"
"$BIN" export --db "$DB" --format pgn 1 >"$DIR/m.pgn" || bad "export pgn"
tr '\n' ' ' <"$DIR/m.pgn" | grep -q 'Correction 1 by Marie, .*result 0-1 (played 1-0); reason: reported the wrong way round} 0-1 ' &&
	grep -qx '\[Result "0-1"\]' "$DIR/m.pgn" && ok "PGN: Result and marker corrected, the correction in the comment" ||
	bad "PGN: $(cat "$DIR/m.pgn")"
"$BIN" import "$DIR/m.pgn" | grep -q "^game 1: Anne - Bruno, 0 plies, 0-1" && ok "the PGN reads back with the corrected result" ||
	bad "import: $("$BIN" import "$DIR/m.pgn" 2>&1)"
"$BIN" export --db "$DB" --format json 1 | grep -q '"kind": *"resign"' && ok "the JSON export replays the game as played" ||
	bad "export json"
# a correction undone: as played again, nothing beside it
"$BIN" correct --db "$DB" 1 --undo --by Paul >/dev/null || bad "undo the result"
"$BIN" list --db "$DB" --json | jq -e '.[0] | .result == "1-0" and .corrected_from == null' >/dev/null &&
	! "$BIN" list --db "$DB" | grep -q corrected && ok "undone: list as played" || bad "undone list: $("$BIN" list --db "$DB")"
"$BIN" export --db "$DB" --format pgn 1 >"$DIR/m2.pgn"
grep -qx '\[Result "1-0"\]' "$DIR/m2.pgn" && ! grep -q Correction "$DIR/m2.pgn" && ok "undone: PGN as played" ||
	bad "undone PGN: $(cat "$DIR/m2.pgn")"
# a chess game's Termination is the arbiter's decision
printf 'settings format=chess white=Anne black=Bruno\n0 start\n1000 move w e4\n2000 resign b\n' >"$DIR/c.scn"
"$BIN" script --db "$DB" "$DIR/c.scn" >/dev/null || bad "chess game"
"$BIN" correct --db "$DB" 2 --result 1/2-1/2 --reason "agreed before the resignation" >/dev/null || bad "correct 2"
"$BIN" export --db "$DB" --format pgn 2 >"$DIR/c.pgn"
grep -qx '\[Termination "adjudication"\]' "$DIR/c.pgn" && grep -qx '\[Result "1/2-1/2"\]' "$DIR/c.pgn" &&
	grep -q '1/2-1/2$' "$DIR/c.pgn" && ok "chess PGN: Termination adjudication" || bad "chess PGN: $(cat "$DIR/c.pgn")"
# a correction of the rated flag alone changes no result
"$BIN" correct --db "$DB" 1 --unrated --reason "friendly" >/dev/null || bad "unrated"
"$BIN" list --db "$DB" --json | jq -e '.[0].corrected_from == null and .[0].result == "1-0"' >/dev/null &&
	ok "rated flag alone: no corrected_from" || bad "rated alone: $("$BIN" list --db "$DB" --json)"

# the French usage names the options
fr=$(LC_ALL= LANG=fr_FR.UTF-8 "$BIN" --lang fr correct --help 2>&1)
case $fr in *"--list [--json|--csv]"*"--json       la correction faite"*) ok "French usage" ;; *) bad "French usage: $fr" ;; esac

# the completion: MATCH from the record, --json from correct's --help
mkdir -p "$DIR/bin" && ln -s "$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")" "$DIR/bin/chesscubing"
got=$(PATH="$DIR/bin:$PATH" bash -c '. "$1"; COMP_WORDS=(chesscubing correct --db "$2" ""); COMP_CWORD=4; _chesscubing
	printf "%s," "${COMPREPLY[@]}"; COMP_WORDS=(chesscubing correct 1 --js); COMP_CWORD=3; _chesscubing
	printf "%s," "${COMPREPLY[@]}"' _ "$SRC/scripts/chesscubing-completion.bash" "$DB")
[ "$got" = "1,2,--json," ] && ok "completion: the match and --json" || bad "completion: $got"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
