#!/usr/bin/env bash
# With claims=auto a threefold repetition ends the game by itself (FI-9.2):
# the knights go out and back twice, and the start position is there for
# the third time.
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/chess_lib.sh"
clauses FI-9.2

start 100 30 "$BIN"
setup_chess 90+30 auto standard
wait_re "Clock 90:00( |$)" # RU-41: whole seconds
keys s
wait_for "TO MOVE"
play Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1
play_last Ng8
wait_for "Result: draw by threefold repetition"
# The event log says where it happened.
keys l
wait_for "game over: draw by threefold repetition"
keys Escape
keys q
wait_exit 0
echo "ok"
