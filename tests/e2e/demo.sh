#!/usr/bin/env bash
# --demo plays a whole Twice match through the same events as the keys:
# a tied cube phase replayed, the winner's double move, a check, and the
# mate that ends the match; the end screen lists every block.
. "$(dirname "$0")/lib.sh" "$1"

start 100 30 "$BIN" --demo --speed 40
# TW-3.2: an exact tie replays the cube phase with a new cube.
wait_for "TIE: replay the cube phase (attempt 2)" 20
# TW-6.1: the winner, who did not move last, gets a double move.
wait_for "DOUBLE MOVE for Alice (White)" 20
# CO-5.1: the match ends by checkmate; the end screen sums the blocks up.
wait_for "Match over" 20
wait_for "Winner: Alice (White)"
wait_for "Reason: checkmate, in block 2"
wait_for "won by Alice"
keys q
wait_for "EXIT=0"
echo "ok"
