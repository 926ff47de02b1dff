#!/usr/bin/env bash
# Digits that fill the room (issue 11 item 6): the block clock of Twice is
# at least 11 rows tall at 120x40 and 17 at 200x60; Time's two chess
# clocks at least 7 and 11; at 80x24 they stay 5 rows (the layout as
# before). The console and the spectator screen draw the same.
. "$(dirname "$0")/lib.sh" "$1"
clauses none

# runs: the heights of the runs of consecutive screen rows with a digit block.
runs() { screen | awk '/█/ { n++; next } n { print n; n = 0 } END { if (n) print n }' | tr '\n' ' '; }

# check W H FIRST SECOND: the first run (the main clock) and, for Time,
# the second (the chess clocks) at least that tall.
# The screen is read until it holds (a redraw after the resize), for 10 s.
check() {
	local w=$1 h=$2 first=$3 second=${4:-0} r i
	resize "$w" "$h"
	for i in $(seq 200); do
		r=$(runs)
		set -- $r
		[ "${1:-0}" -ge "$first" ] && { [ "$second" = 0 ] || [ "${2:-0}" -ge "$second" ]; } && return 0
		sleep 0.05
	done
	[ "${1:-0}" -ge "$first" ] || fail "${w}x$h: main clock ${1:-0} rows, wants $first (runs: $r)"
	fail "${w}x$h: chess clocks ${2:-0} rows, wants $second"
}

DB=$XDG_DATA_HOME/club.db

# The console, Twice then Time.
start 80 24 "$BIN" --db "$DB"
setup_match 0
keys s
wait_for "TO MOVE"
check 80 24 5
[ "$(runs)" = "5 " ] || fail "80x24 is no longer 5 rows: $(runs)"
check 120 40 11
check 200 60 17
keys q y
wait_exit 0
$TMUX_CMD kill-server

start 80 24 "$BIN" --db "$DB"
setup_match 1
keys s
wait_for "TO MOVE"
check 80 24 5 5
check 120 40 5 7
check 200 60 5 11
keys q y
wait_exit 0
$TMUX_CMD kill-server

# The spectator screen of the Time match, then of the Twice one.
start 80 24 "$BIN" watch --db "$DB" 2
wait_for "read only"
check 120 40 5 7
check 200 60 5 11
keys q
wait_exit 0
$TMUX_CMD kill-server
start 80 24 "$BIN" watch --db "$DB" 1
wait_for "read only"
check 120 40 11
check 200 60 17
keys q
wait_exit 0
echo "ok"
