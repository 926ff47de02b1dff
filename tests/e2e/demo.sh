#!/usr/bin/env bash
# --demo plays the sample match (the one `chesscubing demo` prints) through
# the console's live path: a move lost on the 20 s clock, a tied cube phase
# replayed with a new cube, the winner's double move, a check, and the mate
# that ends the match. The demo's steps are match time: the test clock goes
# by its 3:10 in steps of 10 s, the console playing what each step made
# due, and the test reads the state that stays: the end screen, which tells
# each block as the reports do (its lost move, the replay, the cube phase's
# winner).
. "$(dirname "$0")/lib.sh" "$1"
clauses CO-5.1 TW-3.2 TW-2.2 CO-2.2

start 100 30 "$BIN" --demo
# Until the clock moves, the demo waits on its first screen.
wait_for "Format"
for i in $(seq 20); do advance 10000; done
# CO-5.1: the match ends by checkmate.
wait_for "Match over"
wait_for "Winner: Alice (White)"
wait_for "Reason: checkmate, in block 2"
# Block 1: White first, no double move (TW-2.2), 6 moves each with Black's
# one lost, ended on the quotas (CO-2.2), one replay after the tie (TW-3.2)
# and the replay's times, won by Alice.
wait_for "Block 1: Alice started; ended on the quotas. Alice 6 counted (0 lost); Bruno 6 counted (1 lost)."
# the tie is said with its times (the demo's 21.37 each) before the deciding attempt
wait_for "Cube 4 tied (White 21.37, Black 21.37: an exact tie), replayed: Cube 2: Alice won"
keys q
wait_exit 0
echo "ok"
