#!/usr/bin/env bash
# bench-dgt.sh [SECONDS]: what a DGT board costs the console
# (docs/performance.md). The console (the shipped build, real clock) runs
# in tmux on a chess game 5+3 in moves recording, created and not started
# (nothing on the screen moves): once alone, once reading the simulated
# board (tests/dgt_board.py on a pseudo-terminal, update mode, idle).
# Prints each one's user + system CPU over SECONDS (default 30). Then,
# the game started, the time from a move sent to the simulated board to
# the console's screen saying it ("e4 played; waiting for White's clock
# press"), over 16 moves: the simulator writes each message cut in 1 to 3
# byte pieces 2 ms apart and tmux is polled every 5 ms, so the figure is an
# upper bound of the console's own part.
set -eu
cd "$(dirname "$0")/.."
SECONDS_RUN=${1:-30}
BUILD=build/default
cmake --build --preset default --target chesscubing >/dev/null
ticks=$(getconf CLK_TCK)
. tests/e2e/lib.sh "$BUILD/chesscubing" >/dev/null
. tests/e2e/chess_lib.sh
clauses none >/dev/null
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
report() {
	awk -v l="$1" -v t="$2" -v hz="$ticks" -v s="$SECONDS_RUN" \
		'BEGIN { printf "%-36s %6.2f s of CPU in %d s: %.3f %% of a CPU\n", l, t / hz, s, 100 * t / hz / s }'
}
idle() {
	local label=$1 before after
	shift
	start 100 30 "$BIN" --db "$XDG_DATA_HOME/bench-$SESSIONS.db" "$@"
	setup_chess 5+3 auto standard
	find_pid
	sleep 2
	before=$(cpu "$PID")
	sleep "$SECONDS_RUN"
	after=$(cpu "$PID")
	report "$label" $((after - before))
}
idle "idle console, no board"
cleanup
. tests/e2e/dgt_board_lib.sh
board_start
idle "idle console, a DGT board connected" --dgt "$BOARD"
wait_flat "DGT: the pieces stand on their starting squares."
keys s
wait_for "TO MOVE"
# The console's own part: strace stamps its read of the board's last byte
# and its write of the frame to the terminal (the line's fd is the one
# opened on the board's device).
find_pid
strace -q -tt -e trace=read,write -p "$PID" -o "$XDG_DATA_HOME/strace.txt" &
STRACE=$!
sleep 1
total=0 worst=0 n=0
for f in a b c d e f g h; do
	for r in 3 4; do
		t0=$(date +%s%N)
		echo "move ${f}2 $f$r" >&3
		BOARD_DONE=$((BOARD_DONE + 1))
		until screen | grep -qF "DGT: $f$r played"; do sleep 0.005; done
		t1=$(date +%s%N)
		ms=$(((t1 - t0) / 1000000))
		total=$((total + ms)) n=$((n + 1))
		[ $ms -gt $worst ] && worst=$ms
		board move "$f$r" "${f}2"
	done
done
kill "$STRACE" 2>/dev/null; wait "$STRACE" 2>/dev/null || true
echo "placement to screen (simulator + tmux + console, load $(cut -d' ' -f1 /proc/loadavg)) over $n moves: mean $((total / n)) ms, worst $worst ms"
# Each read on the board's fd that completes a field update (5 bytes:
# 0x8e ...) followed by the console's next write to the terminal (fd 1).
python3 - "$XDG_DATA_HOME/strace.txt" <<'PY'
import re, sys
def t(s):
    h, m, x = s.split(':'); return (int(h) * 3600 + int(m) * 60 + float(x)) * 1000
fd0, last, lat = None, None, []
for line in open(sys.argv[1]):
    m = re.match(r'(\S+) (read|write)\((\d+), .*= (-?\d+)', line)
    if not m:
        continue
    ts, op, fd, n = t(m.group(1)), m.group(2), int(m.group(3)), int(m.group(4))
    if op == 'read' and fd > 2 and n > 0:
        last = ts
    elif op == 'write' and fd == 1 and last is not None:
        lat.append(ts - last); last = None
lat.sort()
if lat:
    print("console's part, board byte read to frame written, %d frames: median %.2f ms, worst %.2f ms"
          % (len(lat), lat[len(lat) // 2], lat[-1]))
PY
