#!/usr/bin/env bash
# Moves recording in the console: Space asks for the move, the core checks
# it against the board (an illegal one is refused with the reason and can
# be corrected), and the board is drawn from the core's position.
. "$(dirname "$0")/lib.sh" "$1"
clauses CH-3.5 CH-3.4 CH-1.5

start 80 24 "$BIN"
wait_for "New match"
keys Down Down Down Down Right Down Right
wait_for "moves: each move typed, SAN or UCI, checked"
keys s s
wait_for "TO MOVE"
wait_re "Last move: - +Legal moves: 20"

# CH-3.5: a move that is not legal is refused with the reason; the line
# stays open to be corrected, and nothing is recorded.
keys Space
wait_for "Move of White (Player 1) stamped at 0:00.0: SAN or UCI"
keys e5 Enter
wait_for "'e5' is not a legal move"
keys BSpace BSpace e4 Enter
wait_for "Last move: e4"
# CH-3.4: UCI is read too; the turn passes to Black, then back (Space
# past the guard of the last move key).
advance 400
keys Space e7e5 Enter
wait_for "Last move: e5"
to_move "Player 1"

# CH-1.5: the board is drawn from the core's FEN: White's pawn on e4,
# Black's on e5.
keys v
wait_for "Board after e5"
screen | grep -qE "4 +\. : \. : P : \. :" || fail "no white pawn on e4"
screen | grep -qE "5 +: \. : \. p \. : \." || fail "no black pawn on e5"
keys v
absent "Board after"

keys q y
wait_exit 0
echo "ok"
