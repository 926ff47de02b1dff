#!/usr/bin/env bash
# Issue 35, N2 and N10: keys with one meaning. After a flag fall the
# players' levers do nothing and the end screen says so; a new game needs
# its own key (m) and a confirmation; g and the end screen's keys are in
# `?`. In English the dialogs asking for a side keep w and b.
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/chess_lib.sh"
clauses RU-44 FI-6.9

start 100 30 "$BIN"
setup_chess 1+0 auto standard
keys s
wait_for "TO MOVE"
advance 60100
wait_for "Game over"
wait_for "x/n: no effect"
# a late lever press, Black's then White's: the result stays
advance 400
keys n
wait_for "The game is over: the players' keys do nothing."
advance 400
keys x
wait_for "Game over"
wait_for "Result: Player 2 wins on time"
absent "New match"
# the new game: its own key, asked, and no leaves it in place
keys m
wait_dialog "Leave this result for a new game? The result stays recorded."
keys Escape
wait_for "Result: Player 2 wins on time"
# every key in ?: g and the end screen's m
keys '?'
wait_for "after a resume: every clock back as it stood"
wait_for "new game (asks)"
keys Escape
keys m
wait_dialog "Leave this result for a new game?"
keys y
wait_for "Create the unrated game" # placeholder names: not rated
keys q
wait_exit 0
echo "ok"
