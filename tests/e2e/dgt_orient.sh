#!/usr/bin/env bash
# Issue 36, DG-1.2: the board's orientation is found from the position it
# should show. An empty board could stand either way: the console says so
# and reads nothing until the pieces fix it; the start position then set
# up with white at the board's top is read turned round, and a move made
# on it is the game's move (the board's d7-d5 is White's e2-e4).
# At the guide's minimum size (60x22), each message whole.
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/chess_lib.sh"
. "$(dirname "$0")/dgt_board_lib.sh"
clauses DG-1.2 DG-1.3

board_start
board clear
start 60 22 "$BIN" --db "$XDG_DATA_HOME/dgt_orient.db" --dgt "$BOARD"
setup_chess 5+3 auto standard
wait_flat "DGT: which way the board stands is not known yet (it is empty, or as wrong either way round)"
absent "starting squares"
board setup rotated
wait_flat "DGT: the pieces stand on their starting squares."
keys s
wait_for "TO MOVE"
board move d7 d5 # the board's own squares: e2-e4, white at its top
advance 400
keys x
wait_for "Last move: e4"
echo ok
