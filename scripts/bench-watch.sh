#!/usr/bin/env bash
# bench-watch.sh [SECONDS]: what the screens that wait cost, side by side in
# one run (docs/performance.md, "Screens that wait"). In tmux on a socket
# of its own, with the shipped program (the real clock):
#   - the console running a Twice block (80x24), and `watch` of it;
#   - `watch` of a Twice match recorded by `script --db` (no console: its
#     clocks stand at the last event);
#   - `watch --event` (160x50) of events with 5, 10 and 20 boards in play,
#     each board's console running its block (resumed, then p);
#   - tty-clock (-s) and `htop -d 10` as yardsticks.
# Then every process's CPU over SECONDS (default 30) of the same window,
# from /proc/PID/schedstat (nanoseconds on a CPU; /proc/PID/stat's ticks
# when the kernel has no schedstat) and its voluntary context switches (a
# wake-up is one; a write to the terminal may add one), as a table, with
# the load average before and after. Then, everything else stopped, key to
# screen (scripts/bench-keylatency.py): the console committing an event
# against a bare bash read/echo loop, in the same kind of pty.
# CC_BENCH_REF=PROGRAM (another build of chesscubing, the same schema):
# its own directors of the same three events run beside ours in the same
# window, as rows "(reference)".
set -eu
cd "$(dirname "$0")/.."
WINDOW=${1:-30}
BIN=$PWD/build/default/chesscubing
cmake --build --preset default --target chesscubing >/dev/null
for tool in tmux tty-clock htop; do
	command -v "$tool" >/dev/null || { echo "bench-watch: $tool is missing (apt-get install -y $tool)" >&2; exit 1; }
done
DIR=$(mktemp -d /tmp/cc-bench-watch-XXXXXX)
SOCKET=cc-bench-watch-$$
T="tmux -L $SOCKET -f /dev/null"
trap '$T kill-server >/dev/null 2>&1 || true; rm -rf "$DIR"' EXIT
export XDG_DATA_HOME=$DIR LANG=C.utf8 LC_ALL=C.utf8

# run NAME W H COMMAND...: a session running COMMAND itself (exec: the
# pane's PID is the program's).
run() {
	local name=$1 w=$2 h=$3
	shift 3
	$T new-session -d -s "$name" -x "$w" -y "$h" "exec $(printf '%q ' "$@")"
	$T set-option -t "$name" window-size manual >/dev/null
}
pid_of() { $T display-message -p -t "$1" '#{pane_pid}'; }
# wait_text NAME TEXT: until the session's screen shows TEXT (60 s at most).
wait_text() {
	local i
	for i in $(seq 600); do
		$T capture-pane -p -J -t "$1" | grep -qF -- "$2" && return 0
		sleep 0.1
	done
	echo "bench-watch: $1 never showed '$2':" >&2
	$T capture-pane -p -t "$1" >&2
	exit 1
}

# The events: 2N players, round 1's N boards recorded as started by
# `script --db`, each then resumed by a console of its own.
CLUB=$DIR/club.db
BOARDS=""
for n in 5 10 20; do
	players=""
	for i in $(seq 1 $((2 * n))); do
		name=$(printf 'E%dP%02d' "$n" "$i")
		"$BIN" players --db "$CLUB" add "$name" >/dev/null
		players=$players${players:+,}$name
	done
	"$BIN" event --db "$CLUB" create "E$n" --players "$players" >/dev/null
	for b in $(seq 1 "$n"); do
		white=$(printf 'E%dP%02d' "$n" "$b")
		black=$(printf 'E%dP%02d' "$n" $((2 * n + 1 - b)))
		printf '%s\n' "settings format=twice category=fast white=$white black=$black event=E$n" "0 start" |
			"$BIN" script --db "$CLUB" >"$DIR/out.json"
		id=$(sed -n 's/.*"match_id": *\([0-9]*\).*/\1/p' "$DIR/out.json" | head -n 1)
		[ -n "$id" ] || { echo "bench-watch: no match id in $(cat "$DIR/out.json")" >&2; exit 1; }
		run "b$n-$b" 80 24 "$BIN" resume --db "$CLUB" "$id"
		BOARDS="$BOARDS b$n-$b"
	done
done
for s in $BOARDS; do wait_text "$s" "PAUSED"; done
for s in $BOARDS; do $T send-keys -t "$s" p; done
for s in $BOARDS; do wait_text "$s" "TO MOVE"; done
for n in 5 10 20; do run "director$n" 160 50 "$BIN" watch --db "$CLUB" --event "E$n"; done
for n in 5 10 20; do wait_text "director$n" "Director's view"; done
REF_ROWS=""
if [ -n "${CC_BENCH_REF:-}" ]; then
	for n in 5 10 20; do run "ref$n" 160 50 "$CC_BENCH_REF" watch --db "$CLUB" --event "E$n"; done
	for n in 5 10 20; do wait_text "ref$n" "Director's view"; done
	REF_ROWS="ref5 ref10 ref20"
fi

# A console-less Twice match: recorded by `script --db`, a move played.
printf '%s\n' "settings format=twice category=fast white=Alice black=Bruno" "0 start" "1000 move w" |
	"$BIN" script --db "$DIR/frozen.db" >/dev/null
run frozen 80 24 "$BIN" watch --db "$DIR/frozen.db"
wait_text frozen "No console is running this match"

# The console with its block running, and its watcher.
run console 80 24 "$BIN" --db "$DIR/live.db"
wait_text console "New match"
$T send-keys -t console s
wait_text console "s: start the block"
$T send-keys -t console s
wait_text console "TO MOVE"
run watch 80 24 "$BIN" watch --db "$DIR/live.db"
wait_text watch "Watching match 1"
run tty-clock 80 24 tty-clock -s
run htop 160 50 htop -d 10
sleep 3 # everything started and drawn once

ROWS="console watch frozen director5 director10 director20 $REF_ROWS tty-clock htop"
# ns PID: nanoseconds the process has run; wakes PID: its voluntary switches.
ns() {
	if [ -r "/proc/$1/schedstat" ]; then
		cut -d' ' -f1 "/proc/$1/schedstat"
	else
		awk -v hz="$(getconf CLK_TCK)" '{printf "%.0f\n", ($14 + $15) * 1e9 / hz}' "/proc/$1/stat"
	fi
}
wakes() { awk '/^voluntary_ctxt_switches/ {print $2}' "/proc/$1/status"; }
sample() {
	local s
	for s in $ROWS $BOARDS; do echo "$s $(ns "$(pid_of "$s")") $(wakes "$(pid_of "$s")")"; done
}
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
sample >"$DIR/before"
sleep "$WINDOW"
sample >"$DIR/after"
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

echo "bench-watch: $WINDOW s, $(nproc) CPUs, load average $load_before at the start, $load_after at the end"
join "$DIR/before" "$DIR/after" | awk -v w="$WINDOW" -v rows="$ROWS" '
	{ cpu[$1] = ($4 - $2) / 1e9; wk[$1] = ($5 - $3) / w }
	function line(label, c, k) { printf "| %-46s | %8.3f s | %6.3f %% | %15.1f |\n", label, c, 100 * c / w, k }
	END {
		printf "| %-46s | %10s | %8s | %7s |\n", "process", "CPU", "of a CPU", "vol. switches/s"
		printf "|%s|%s|%s|%s|\n", "------------------------------------------------", "------------", "----------", "-----------------"
		label["console"] = "console, Twice block running"
		label["watch"] = "watch of that console'"'"'s match"
		label["frozen"] = "watch of a console-less Twice match"
		label["director5"] = "watch --event, 5 boards in play"
		label["director10"] = "watch --event, 10 boards in play"
		label["director20"] = "watch --event, 20 boards in play"
		label["ref5"] = "(reference) watch --event, 5 boards"
		label["ref10"] = "(reference) watch --event, 10 boards"
		label["ref20"] = "(reference) watch --event, 20 boards"
		label["tty-clock"] = "tty-clock -s"
		label["htop"] = "htop -d 10"
		n = split(rows, r, " ")
		for (i = 1; i <= n; i++) line(label[r[i]], cpu[r[i]], wk[r[i]])
		for (s in cpu) if (s ~ /^b[0-9]+-/) { split(s, p, "-"); e = substr(p[1], 2); sum[e] += cpu[s]; swk[e] += wk[s]; cnt[e]++ }
		split("5 10 20", es, " ")
		for (i = 1; i <= 3; i++) { e = es[i]; line("its " e " boards'"'"' consoles together", sum[e], swk[e]) }
		for (i = 1; i <= 3; i++) { e = es[i]; printf "watch --event, %s boards: %.3f %% per board\n", e, 100 * cpu["director" e] / w / e }
		for (i = 1; i <= 3; i++) { e = es[i]; if (("ref" e) in cpu) printf "(reference) watch --event, %s boards: %.3f %% per board\n", e, 100 * cpu["ref" e] / w / e }
	}'

$T kill-server >/dev/null 2>&1 || true
python3 scripts/bench-keylatency.py bash 40
python3 scripts/bench-keylatency.py console 20 "$BIN" "$DIR/latency.db"
python3 scripts/bench-keylatency.py fsync 40 "$DIR/fsync.test"
