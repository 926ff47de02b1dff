#!/usr/bin/env bash
# A Time match in the console, to the clock adjustments after block 1:
# the official examples 35 s and 150 s (counted as 120 s) of a "bloc -".
. "$(dirname "$0")/lib.sh" "$1"
clauses TI-1.1 TI-2.1 TI-3.1 TI-3.3 TI-3.4 TI-2.2

start 80 24 "$BIN"
setup_match 1

# TI-1.1: two chess clocks of 10 minutes; no move clock in Time.
wait_re "Clock 10:00( |$)" # RU-41: whole seconds
absent "Move clock"
# No move clock, so no "lost" counter to clutter the panels (issue 11).
absent "lost"
keys s
wait_for "TO MOVE"

# TI-2.1: the quotas end the block as in Twice; the bell rings at the end
# of the block (Time has no move clock, so this is the only bell).
[ "$(pane '#{window_bell_flag}')" = 0 ] || fail "bell before the end of the block"
moved 12
wait_for "Cube phase after block 1"
[ "$(pane '#{window_bell_flag}')" = 1 ] || fail "no bell at the end of the block"
# TI-3.1: after block 1 (odd), "bloc -": the screen says which way the
# times go, shows both clocks, and each confirmation what the time does.
wait_for "Bloc -: each solve time, 120 s at most, comes off the solver's own clock."
wait_re "Clock [0-9]:[0-9]{2}\.[0-9] +Clock [0-9]:[0-9]{2}\.[0-9]"

keys 1 35 Enter
wait_for "White (Alice): 35.00. Count this time? White's clock -35.00 s"
keys y
wait_for "-> White's clock -35.00 s"
keys 2 2:30 Enter
wait_dialog "Black (Bob): 2:30.00. Count this time? Cube"
wait_dialog ": White 35.00, Black 2:30.00. Clocks: White -35.00 s, Black -120.00 s. Black's 2:30.00 counts as 120 s (cap)."
keys y

# TI-3.1, TI-3.3: after an odd block each player's own clock loses the
# solve time, capped at 120 s: 35 s and 150 s counted as 120 s.
wait_for "Clocks: White -35.00 s, Black -120.00 s."
wait_for "Black's 2:30.00 counts as 120 s (cap)."
# TI-3.4: block 2 starts as soon as the second time is entered; TI-2.2:
# the side to move is kept (Bob played the 12th move: Alice moves).
wait_for "Block 2"
absent "is ready"
to_move Alice

keys q
wait_for "Quit the console?"
keys y
wait_exit 0
echo "ok"
