#!/usr/bin/env bash
# A plain chess game in the console ends by itself on stalemate (FI-5.2.1):
# Loyd's ten-move stalemate, no clock, nothing for the arbiter to decide.
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/chess_lib.sh"
clauses FI-5.2.1 FI-1.1

start 100 30 "$BIN"
setup_chess none auto standard
absent "Clock"
keys s
wait_for "TO MOVE"
play e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6
play_last Qe6
wait_for "Result: draw by stalemate"
wait_for "No winner"
# The event log says where it happened.
keys l
wait_for "game over: draw by stalemate"
keys Escape
# The final board is the stalemate the core saw: Black's king on g6.
keys v
wait_for "Board after Qe6"
screen | grep -qE "6 +\. : \. : Q p k r" || fail "not the stalemate position"
keys v q
wait_exit 0
echo "ok"
