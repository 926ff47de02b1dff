#!/usr/bin/env bash
# Writes a scenario of N event lines (default 1,000,000) that the match
# core accepts, for the memory figure of docs/performance.md:
#
#   scripts/gen-long-scenario.sh 1000000 > /tmp/long.scn
#   /usr/bin/time -v build/default/chesscubing script /tmp/long.scn > /dev/null
#
# A Twice match in count recording whose first block never ends: the
# arbiter pauses it, resumes it a second later, takes the resume back
# (undo) and gives it again, then pauses at once, so the block clock never
# runs. Every event but the undos pushes a snapshot on the undo stack, so
# this is the case where the memory per event is largest.
#
# With --time, the million-line Time match of docs/performance.md: blocks
# of 12 moves and the two solves of the cube phase after them (no undo, a
# block summary every 14 events), as scripts/bench-long-match.sh replays
# and records it:
#
#   scripts/gen-long-scenario.sh --time 1000000 > /tmp/time.scn
set -euo pipefail
if [ "${1:-}" = --time ]; then
	awk -v n="${2:-1000000}" 'BEGIN {
		print "settings format=time category=fast white=A black=B seed=3"
		print "0 start"; c = 1; t = 0
		while (c < n) {
			for (i = 0; i < 12 && c < n; i++) { t += 1000; print t " move " (i % 2 ? "b" : "w"); c++ }
			t += 1000
			if (c < n) { print t " cube w 20.00"; c++ }
			if (c < n) { print t " cube b 21.00"; c++ }
		}
	}'
	exit 0
fi
N=${1:-1000000}
awk -v n="$N" 'BEGIN {
	print "# " n " events, made by scripts/gen-long-scenario.sh"
	print "settings format=twice category=fast white=Long black=Scenario seed=1"
	t = 0; c = 0
	print t " start"; c++
	split("pause|resume|undo|resume", cycle, "|")
	for (k = 1; c < n; k = k % 4 + 1) {
		if (k == 2)
			t += 1000
		print t " " cycle[k]; c++
	}
}'
