#!/usr/bin/env bash
# --demo plays a whole Twice match through the same events as the keys:
# a tied cube phase replayed, the winner's double move, a check, and the
# mate that ends the match; the end screen lists every block.
. "$(dirname "$0")/lib.sh" "$1"

# Speed 8: the shortest screens (the tie, 5 s of match time) stay up for
# over half a second, long enough to be seen on a loaded machine.
start 100 30 "$BIN" --demo --speed 8
# TW-3.2: an exact tie replays the cube phase with a new cube.
wait_for "TIE: replay the cube phase (attempt 2)" 30
wait_for "Tied: White 20.00, Black 20.00." 5
# TW-6.1: the winner, who did not move last, gets a double move.
wait_for "DOUBLE MOVE for Alice (White)" 30
# CO-5.1: the match ends by checkmate; the end screen sums the blocks up.
wait_for "Match over" 30
wait_for "Winner: Alice (White)"
wait_for "Reason: checkmate, in block 2"
wait_for "won by Alice"
keys q
wait_for "EXIT=0"
echo "ok"
