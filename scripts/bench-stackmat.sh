#!/usr/bin/env bash
# bench-stackmat.sh [SECONDS]: the CPU the Stackmat capture costs the
# console in the cube phase (docs/performance.md). The console runs in
# tmux on a Twice match brought to its cube phase, once alone and once
# reading both timers at 44.1 kHz (stereo, 16-bit) through ALSA's file
# plugin, which the console reads at the clock's pace like a sound card;
# the signal is two timers sending packets all along. Prints the
# process's user + system CPU over SECONDS (default 30) of each run.
set -eu
cd "$(dirname "$0")/.."
SECONDS_RUN=${1:-30}
BUILD=build/default
cmake --build --preset default --target chesscubing stackmat_signal >/dev/null
DIR=$(mktemp -d /tmp/cc-bench-stackmat-XXXXXX)

"$BUILD/tests/stackmat_signal" "$DIR/timers.raw" --raw --length $(((SECONDS_RUN + 60) * 1000)) >/dev/null
printf 'pcm.timers { type file; slave.pcm "null"; file "/dev/null"; infile "%s"; format "raw" }\n' \
	"$DIR/timers.raw" >"$DIR/asoundrc"
export ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:$DIR/asoundrc
ticks=$(getconf CLK_TCK)
# The e2e tests' tmux driver (tests/e2e/lib.sh): start, setup_match, keys.
. tests/e2e/lib.sh "$BUILD/chesscubing" >/dev/null
clauses none >/dev/null

# run LABEL ARGS...: the console with ARGS in the cube phase; its CPU.
run() {
	local label=$1 before after
	shift
	start 80 30 "$BIN" --speed 10 "$@"
	setup_match 0
	wait_for "Block 1 is ready"
	keys s
	wait_for "TO MOVE"
	moved 12
	wait_for "Cube phase after block 1"
	find_pid
	before=$(awk '{print $14 + $15}' "/proc/$PID/stat")
	sleep "$SECONDS_RUN"
	after=$(awk '{print $14 + $15}' "/proc/$PID/stat")
	cleanup
	awk -v l="$label" -v t=$((after - before)) -v hz="$ticks" -v s="$SECONDS_RUN" \
		'BEGIN { printf "%-30s %6.2f s of CPU in %d s: %.2f %% of a CPU\n", l, t / hz, s, 100 * t / hz / s }'
}
run "console alone"
run "console + 2 timers, 44.1 kHz" --stackmat timers
rm -rf "$DIR"
