#!/usr/bin/env bash
# --demo plays the sample match (the one `chesscubing demo` prints) through
# the console's live path: a tied cube phase replayed, the winner's double
# move, a check, and the mate that ends the match; the end screen tells
# every block.
. "$(dirname "$0")/lib.sh" "$1"

# Speed 8: the tie screen (40 s of match time) stays up for five seconds.
start 100 30 "$BIN" --demo --speed 8
# TW-3.2: an exact tie replays the cube phase with a new cube.
wait_for "TIE: replay the cube phase (attempt 2)" 30
wait_for "Tied: White 21.37, Black 21.37." 5
# TW-6.1: the winner, who did not move last, gets a double move.
wait_for "DOUBLE MOVE for Alice (White)" 30
# CO-5.1: the match ends by checkmate; the end screen sums the blocks up.
wait_for "Match over" 30
wait_for "Winner: Alice (White)"
wait_for "Reason: checkmate, in block 2"
wait_for "After a tie: Cube 2: Alice won (White 19.02, Black 24.80)."
keys q
wait_for "EXIT=0"
echo "ok"
