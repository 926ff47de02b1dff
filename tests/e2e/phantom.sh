#!/usr/bin/env bash
# Issue 35, N0 (RU-42): every announcement true. Twice, moves recording,
# White 6/6 and Black 5/6: Black's key for his 6th and last move, the
# arbiter types it in 21 s, then in 42 s. Nobody had a move left: no move
# clock runs, no "move lost" on the screen, in the log, the report or any
# export, and the block ends on the quotas when the SAN is in.
. "$(dirname "$0")/lib.sh" "$1"
clauses RU-42 RU-35 CO-2.2

DB=$XDG_DATA_HOME/phantom.db
mv() { advance 400; keys Space; wait_dialog "SAN or UCI"; keys -l "$1"; keys Enter; wait_for "Last move: $1"; }

start 80 24 "$BIN" --db "$DB"
wait_for "New match"
keys Down Down Down Down Right Down Right
wait_for "moves: each move typed, SAN or UCI, checked"
keys s s
wait_for "TO MOVE"
for m in e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4; do mv "$m"; done
wait_re "Moves 6 / 6"
# Black's key for his last move: the entry opens for it; White has no move left.
advance 400
keys n
wait_dialog "Move of Black"
advance 21000
sleep 0.5
screen | grep -qiE "ran out|move lost" && fail "a move lost announced at 21 s: $(screen)"
advance 21000
sleep 0.5
screen | grep -qiE "ran out|move lost" && fail "a move lost announced at 42 s: $(screen)"
keys -l Bb6
keys Enter
wait_for "Cube phase after block 1 (quotas played)"
screen | grep -qiE "ran out|move lost" && fail "a move lost on the screen: $(screen)"
# the log, whole
keys l
sleep 0.5
screen | grep -qiE "ran out|move lost" && fail "a move lost in the log: $(screen)"
screen | grep -qF "block 1 over (quotas)" || fail "the log does not say the block ended on the quotas: $(screen)"
keys Escape
for format in text json scenario pgn pgn-null; do
	out=$("$BIN" export --db "$DB" --format "$format" 1) || fail "export $format"
	grep -qiE "ran out|move lost|[1-9] lost|\"lost\": *\[?[1-9]" <<<"$out" && fail "a lost move in the $format export: $out"
done
"$BIN" export --db "$DB" --format text 1 | grep -qE "block 1 over \(quotas\); cube phase with cube [1-4]" || fail "the report: $("$BIN" export --db "$DB" --format text 1)"
# The 180 s run out while a pressed move waits to be written: said at once.
keys 1
wait_dialog "Solve time of White"
keys 20.00 Enter y
keys 2
wait_dialog "Solve time of Black"
keys 25.00 Enter y
wait_for "Block 2 is ready"
keys s
wait_for "TO MOVE"
advance 179000
advance 400
keys Space
wait_dialog "Move of"
advance 2000
wait_for "180 s: block 2 over (time); the moves stamped are written, then the cube phase"
keys Escape
keys q y
wait_exit 0
echo "ok"
