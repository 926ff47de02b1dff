#!/usr/bin/env bash
# corrections.sh BIN: issue 10's corrections through the real program: undo
# that keeps real time, exports that honour undo, a chess clock set by the
# arbiter shown everywhere and restored by undo, a move declared in time.
# Prints "N passed, N failed".
set -u
BIN=${1:?usage: $0 path/to/chesscubing}
PGN_EXTRACT=${2:-pgn-extract}
DIR=$(mktemp -d /tmp/cc-corrections-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
echo "CLAUSES: corrections RU-14 RU-25 RU-26 RE-2.1"
[ "${CC_CLAUSES:-}" = list ] && exit 0
passed=0 failed=0
check() { if eval "$2"; then passed=$((passed + 1)); echo "ok: $1"; else failed=$((failed + 1)); echo "FAIL: $1"; fi; }
json_has() { grep -qF -- "$1" "$2"; }

# RU-14: the example of the issue: undo keeps real time.
printf 'settings format=twice category=fast seed=23\n0 start\n5000 move w\n6000 undo\n7000 tick\n' |
	"$BIN" script >"$DIR/undo.json"
check "undo keeps real time" \
	'json_has "\"to_move\":\"white\"" "$DIR/undo.json" && json_has "\"block_ms_left\":173000" "$DIR/undo.json" &&
	 json_has "\"move_ms_left\":13000" "$DIR/undo.json"'

# RE-2.1, RU-14: the PGN export leaves the undone move out; strict PGN.
printf 'settings format=twice category=fast record=moves\n0 start\n1000 move w e4\n2000 move b e5\n3000 undo\n4000 move b c5\n5000 move w Nf3\n' |
	"$BIN" script --db "$DIR/pgn.db" >/dev/null
"$BIN" export --db "$DIR/pgn.db" --format pgn 1 >"$DIR/game.pgn"
moves=$(grep -v '^\[' "$DIR/game.pgn" | sed -e 's/{[^}]*}//g' | tr -s ' \n' ' ')
check "PGN reads 1. e4 c5 2. Nf3" '[[ "$moves" == *"1. e4 1... c5 2. Nf3"* ]]'
check "pgn-extract takes it strictly" '"$PGN_EXTRACT" -s "$DIR/game.pgn" >/dev/null 2>"$DIR/pgn.err" && [ ! -s "$DIR/pgn.err" ]'

# RU-25: White's clock set to 5:00.00 in block 2 of a Time match.
cat >"$DIR/clock.scn" <<'SCN'
settings format=time category=fast white=Alice black=Bruno record=moves
0 start
1000 move w e4
2000 move b e5
3000 move w Nf3
4000 move b Nc6
5000 move w Bc4
6000 move b Bc5
7000 move w c3
8000 move b Nf6
9000 move w d3
10000 move b d6
11000 move w O-O
12000 move b O-O
13000 cube w 30.00
13000 cube b 40.00
20000 correct clock w 5:00.00 clock knocked over
21000 move w h3
SCN
"$BIN" script --db "$DIR/clock.db" "$DIR/clock.scn" >"$DIR/clock.json"
check "the state holds the set clock" 'json_has "\"clock_ms\":{\"white\":299000" "$DIR/clock.json"'
"$BIN" export --db "$DIR/clock.db" --format json 1 >"$DIR/export.json"
check "the JSON lists the correction" \
	'json_has "\"kind\": \"correct\"" "$DIR/export.json" && json_has "\"amount\": 300000" "$DIR/export.json"'
"$BIN" show --db "$DIR/clock.db" 1 >"$DIR/show.txt"
check "show gives the clocks, in tenths as its header" 'grep -qF "Clocks at the last event: Alice 4:59.0, " "$DIR/show.txt" && grep -qE "^(Final c|C)locks: White 4:59.0, " "$DIR/show.txt"'
"$BIN" export --db "$DIR/clock.db" --format text 1 >"$DIR/report.txt"
check "the report tells the correction" \
	'grep -qF "arbiter sets Alice'"'"'s clock: 5:00.00 (clock knocked over)" "$DIR/report.txt"'
"$BIN" export --db "$DIR/clock.db" --format pgn 1 >"$DIR/clock.pgn"
check "PGN [%clk] after the correction" 'grep -qF "h3 {[%clk 0:04:59]" "$DIR/clock.pgn"'
check "PGN comment with the reason" 'tr "\n" " " <"$DIR/clock.pgn" | grep -qF "arbiter sets Alice'"'"'s clock: 5:00.00 (clock knocked over)}"'
check "PGN: one comment per move" '! grep -q "} *{" "$DIR/clock.pgn"'
# Undoing the correction (after the pause of the resume and the move after
# it) gives the reading back that the match has without it.
printf 'settings format=time category=fast\n21500 undo\n21500 undo\n21500 undo\n' >"$DIR/undo.scn"
"$BIN" script --db "$DIR/clock.db" --resume 1 "$DIR/undo.scn" >"$DIR/undone.json"
{ grep -v -e correct -e h3 "$DIR/clock.scn"; echo "21500 tick"; } | "$BIN" script >"$DIR/never.json"
never=$(grep -o '"clock_ms":{[^}]*}' "$DIR/never.json")
check "undo restores the reading" '[ -n "$never" ] && json_has "$never" "$DIR/undone.json"'

# RU-26: a move lost on the clock declared played in time (moves recording).
printf 'settings format=twice category=fast record=moves\n0 start\n1000 move w e4\n21500 tick\n22000 intime b e5\n23000 move w Nf3\n' |
	"$BIN" script --db "$DIR/intime.db" >"$DIR/intime.json"
check "the declared move stands on the board" \
	'json_has "\"lost\":{\"white\":0,\"black\":0}" "$DIR/intime.json" && json_has "\"last_move_san\":\"Nf3\"" "$DIR/intime.json"'
"$BIN" export --db "$DIR/intime.db" --format pgn 1 >"$DIR/intime.pgn"
check "the PGN has no pass for it" '! grep -q -- "--" <(grep -v "^\[" "$DIR/intime.pgn") && "$PGN_EXTRACT" -s "$DIR/intime.pgn" >/dev/null'

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
