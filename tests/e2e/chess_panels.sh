#!/usr/bin/env bash
# The two players' panels of a chess game at the minimum size: when the
# MOVES FIRST / TO MOVE tag does not fit beside a player's name it goes
# below it, and the other player's panel leaves that row too, so the two
# "Moves N   key K" lines stay side by side on one row, before the start
# and as the turn passes (FI-6.2: the clock keys each player presses).
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/chess_lib.sh"
clauses FI-6.2

side_by_side() { # both moves lines on one row
	screen | grep -qE 'Moves [0-9]+ +key x +.*Moves [0-9]+ +key n' ||
		fail "the two moves lines are not on one row"
}

start 100 30 "$BIN"
setup_chess 5+3 auto standard
resize 60 22
wait_for "MOVES FIRST"
side_by_side
keys s
wait_for "TO MOVE"
side_by_side
play e4
wait_for "Moves 1   key x"
side_by_side
keys q
echo "PASS: the moves lines side by side at 60x22"
