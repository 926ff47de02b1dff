#!/usr/bin/env bash
# Terminal manners: a resize re-lays the screen out from the new size, a
# terminal below the minimum shows a message instead of a broken screen,
# and growing it back brings the match back, clocks still running.
# No rule clause: console behaviour (issue 4 item 6).
. "$(dirname "$0")/lib.sh" "$1"
clauses none

start 80 24 "$BIN"
setup_match 0
keys s
wait_for "TO MOVE"

# Wider: the title bar's right end moves to the new last column.
resize 120 40
wait_for "Block time"
screen | head -1 | grep -qE "^.{100,}bell on *$" || fail "title bar not laid out to 120 columns"
[ "$(screen | wc -l)" -ge 40 ] || fail "screen not 40 rows"

# Too small: a message, and the essentials in plain lines (no big digits).
resize 50 15
wait_for "Terminal too small"
wait_for "50x15, needs 60x22"
wait_for "Alice) to move"
absent "Move clock"

# Back to a usable size: the block screen again.
resize 80 24
wait_for "Block time"
absent "Terminal too small"
keys Space
wait_for "Moves 1 / 6"

# Too small from the start: the message, and q still quits with no match.
cleanup
start 40 10 "$BIN"
wait_for "Terminal too small"
keys q
wait_exit 0
echo "ok"
