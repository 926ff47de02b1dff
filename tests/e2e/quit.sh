#!/usr/bin/env bash
# Quitting restores the terminal: after q, after a confirmed q during a
# match, and after SIGTERM and SIGINT the shell gets the normal screen back
# (alternate screen off, cursor visible) and the exit status says why.
# No rule clause: console behaviour (issue 4 item 6).
. "$(dirname "$0")/lib.sh" "$1"
clauses RU-45

restored() {
	wait_exit "$1"
	[ "$(pane '#{alternate_on}')" = 0 ] || fail "still on the alternate screen"
	[ "$(pane '#{cursor_flag}')" = 1 ] || fail "cursor left hidden"
}

# q on the setup screen quits at once.
start 80 24 "$BIN"
wait_for "New match"
[ "$(pane '#{alternate_on}')" = 1 ] || fail "the console should use the alternate screen"
keys q
restored 0

# q during a match asks first; Esc keeps the match, y quits. RU-45:
# Black's lever n, pressed late, is not "no": the dialog stays and says so.
cleanup
start 80 24 "$BIN"
setup_match 0
keys s q
wait_for "A match is running. Quit the console?"
wait_for "y: yes   Esc: no"
keys n
wait_for "A player's key is not an answer: y for yes, Esc for no."
wait_for "A match is running. Quit the console?"
keys Escape
absent "Quit the console?"
wait_for "TO MOVE"
keys q y
restored 0

# SIGTERM while a block runs: the handler only sets a flag, the loop
# restores the terminal, and the status is 128 + 15.
cleanup
start 80 24 "$BIN"
setup_match 0
keys s
wait_for "TO MOVE"
kill_console TERM
restored 143

# Ctrl-C (SIGINT from the terminal): 128 + 2.
cleanup
start 80 24 "$BIN"
wait_for "New match"
keys C-c
restored 130
echo "ok"
