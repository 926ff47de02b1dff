#!/usr/bin/env bash
# --demo plays a whole Twice match through the same events as the keys: a
# move lost on the 20 s clock, a tied cube phase replayed with a new cube,
# the winner's double move, a check, and the mate that ends the match.
# The screens of the match go by in a fraction of a second at this speed,
# so the test reads the state that stays: the end screen, whose block table
# tells block 1 (its lost move, the replay, the cube phase's winner).
. "$(dirname "$0")/lib.sh" "$1"
clauses CO-5.1 TW-3.2 TW-2.2 CO-2.2

start 100 30 "$BIN" --demo --speed 20
# CO-5.1: the match ends by checkmate.
wait_for "Match over" 60
wait_for "Winner: Alice (White)"
wait_for "Reason: checkmate, in block 2"
# Block 1: White first, no double move (TW-2.2), 6 moves each with Black's
# one lost, ended on the quotas (CO-2.2), one replay after the tie (TW-3.2)
# and the replay's times, won by Alice.
wait_re "^ *1 +White +- +6-6 +0-1 +0-0 +quota +[1-4] +1 +19\.87 +24\.31 +won by Alice"
keys q
wait_exit 0
echo "ok"
