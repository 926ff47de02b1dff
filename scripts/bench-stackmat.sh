#!/usr/bin/env bash
# bench-stackmat.sh [SECONDS]: the CPU the Stackmat capture costs the
# console in the cube phase (docs/performance.md). The console runs in
# tmux on a Twice match brought to its cube phase, once alone and once
# reading both timers at 44.1 kHz (stereo, 16-bit) through ALSA's file
# plugin, which the console reads at the clock's pace like a sound card;
# the signal is two timers sending packets all along, at rest (reset), or
# running all along (a solve in progress: the console publishes what they
# show for watch and serve, rules/stackmat.md SM-6, and watch follows them
# beside it). Prints each process's user + system CPU over SECONDS
# (default 30) of each run.
set -eu
cd "$(dirname "$0")/.."
SECONDS_RUN=${1:-30}
BUILD=build/default
cmake --build --preset default --target chesscubing stackmat_signal >/dev/null
DIR=$(mktemp -d /tmp/cc-bench-stackmat-XXXXXX)

LENGTH=$(((SECONDS_RUN + 60) * 1000))
"$BUILD/tests/stackmat_signal" "$DIR/timers.raw" --raw --length $LENGTH >/dev/null
"$BUILD/tests/stackmat_signal" "$DIR/running.raw" --raw --length $LENGTH --white 1000:$((LENGTH - 2000)) \
	--black 1500:$((LENGTH - 2000)) >/dev/null
for dev in timers running; do
	printf 'pcm.%s { type file; slave.pcm "null"; file "/dev/null"; infile "%s"; format "raw" }\n' \
		"$dev" "$DIR/$dev.raw"
done >"$DIR/asoundrc"
export ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:$DIR/asoundrc
ticks=$(getconf CLK_TCK)
# The e2e tests' tmux driver (tests/e2e/lib.sh): start, setup_match, keys.
. tests/e2e/lib.sh "$BUILD/chesscubing" >/dev/null
clauses none >/dev/null

# cpu PID: its user + system ticks so far.
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
report() {
	awk -v l="$1" -v t="$2" -v hz="$ticks" -v s="$SECONDS_RUN" \
		'BEGIN { printf "%-42s %6.2f s of CPU in %d s: %.2f %% of a CPU\n", l, t / hz, s, 100 * t / hz / s }'
}

# run LABEL [--watch] ARGS...: the console with ARGS in the cube phase; its
# CPU (and with --watch, that of `watch` beside it).
run() {
	local label=$1 before after watch= console wpid wbefore
	shift
	[ "${1:-}" = --watch ] && { watch=1; shift; }
	DB=$DIR/bench-$SESSIONS.db
	start 80 30 "$BIN" --db "$DB" --speed 10 "$@"
	setup_match 0
	wait_for "Block 1 is ready"
	keys s
	wait_for "TO MOVE"
	moved 12
	wait_for "Cube phase after block 1"
	find_pid
	console=$TMUX_CMD
	if [ -n "$watch" ]; then
		local cpid=$PID
		start 80 30 "$BIN" watch --db "$DB"
		wait_for "Timer running"
		find_pid
		wpid=$PID wbefore=$(cpu "$PID") PID=$cpid
	fi
	before=$(cpu "$PID")
	sleep "$SECONDS_RUN"
	after=$(cpu "$PID")
	report "$label" $((after - before))
	if [ -n "$watch" ]; then
		report "  watch beside it, timers shown" $(($(cpu "$wpid") - wbefore))
		cleanup
	fi
	TMUX_CMD=$console
	cleanup
}
run "console alone"
run "console + 2 timers at rest, 44.1 kHz" --stackmat timers
run "console + 2 timers running, publishing" --watch --stackmat running
rm -rf "$DIR"
