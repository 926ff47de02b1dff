#!/usr/bin/env bash
# Long matches (issue 37): `resume` and `watch` of one match (time to the
# first frame in tmux, and the process's CPU until then), `watch`
# following a commit, and `export --format json|pgn|text`, each beside
# `script` replaying the same events in the same run, at 10k, 100k and 1M
# events (or the sizes given). Figures: docs/performance.md, "Long matches".
#
#   scripts/bench-long-match.sh [--skip-build] [N...]
#
# The match is a Time match of blocks of 12 moves and two solves (the
# million-line Time match of docs/performance.md,
# `scripts/gen-long-scenario.sh --time N`). Its record is made by the
# program's own path for its first event (`script --db`) and continued by
# importing the scenario's other events as rows (a million commits with
# fsync would take an hour), each committed a few ms after its stamp and a
# new run (a resume, a minute later) every 250,000 events, all in the
# past; `script` replays the same scenario. Each `resume` runs on a fresh copy of the record (a resume
# records its pause). A frame is seen by `tmux capture-pane` every 5 ms;
# CPU is /proc/PID/schedstat when the frame is seen, peak RSS VmHWM;
# for `script` and the exports, perf's task-clock and time's peak RSS.
# Following: `watch` of the match, then `script --db --resume` commits
# one event (the resume's pause); from that process's exit to "PAUSED" on
# the watcher's screen (its wake-up waits 25 ms after the record's write,
# src/ui/watch.c), and the watcher's CPU over that follow.
# `serve`: its first frame of the match (`curl -N /match/1/events` until the
# first "data:" line; the server's CPU from its start, schedstat), then
# following the same commit (from the committer's exit to the next frame
# on the feed, and the server's CPU over that follow).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=1
SIZES=()
while [ $# -gt 0 ]; do
	case $1 in
	--skip-build) BUILD=0; shift ;;
	-*) echo "usage: $0 [--skip-build] [N...]" >&2; exit 2 ;;
	*) SIZES+=("$1"); shift ;;
	esac
done
[ ${#SIZES[@]} -gt 0 ] || SIZES=(10000 100000 1000000)
for tool in tmux sqlite3; do
	command -v $tool >/dev/null || { echo "$tool is needed (apt-get install $tool)" >&2; exit 1; }
done
if [ "$BUILD" = 1 ]; then
	cmake --preset default >/dev/null
	cmake --build --preset default -j2 --target chesscubing >/dev/null
fi
BIN=$PWD/build/default/chesscubing
OUT=$PWD/build/bench-long
mkdir -p "$OUT"
export HOME=$OUT/home XDG_DATA_HOME=$OUT/home LANG=C.utf8 LC_ALL=C.utf8
T="tmux -L cc-bench-long-$$ -f /dev/null"
trap '$T kill-server >/dev/null 2>&1 || true' EXIT
SETTINGS=$(scripts/gen-long-scenario.sh --time 1 | head -n 1)

scenario() { scripts/gen-long-scenario.sh --time "$1"; }

# The record of the scenario's events: its first (the start) recorded by
# `script --db`, the others imported as rows, each committed a few ms
# after its stamp, a new run (a minute later) every 250,000 events, the
# last an hour ago.
make_record() {
	local db=$1 n=$2 last_t
	rm -f "$db" "$db-wal" "$db-shm"
	scenario "$n" >"$OUT/rows.scn"
	head -n 2 "$OUT/rows.scn" | "$BIN" script --db "$db" >/dev/null
	last_t=$(tail -n 1 "$OUT/rows.scn" | cut -d' ' -f1)
	awk -v base="$(($(date +%s%3N) - last_t - (n / 250000 + 1) * 60000 - 3600000))" 'NR > 2 {
		seq = NR - 2
		side = $3 == "w" ? "white" : "black"
		cs = $2 == "cube" ? int($4 * 100 + 0.5) : ""
		printf "%d,%d,%s,%s,%s,%.0f\n", seq, $1, $2, side, cs, base + $1 + int(seq / 250000) * 60000 + (seq * 7) % 13
	}' "$OUT/rows.scn" >"$OUT/rows.csv"
	sqlite3 "$db" <<SQL
CREATE TEMP TABLE r (seq INTEGER, t INTEGER, kind TEXT, side TEXT, cs TEXT, wall INTEGER);
.mode csv
.import $OUT/rows.csv r
BEGIN;
UPDATE events SET wall_ms = (SELECT min(wall) - 1000 FROM r) WHERE match_id = 1 AND seq = 0;
INSERT INTO events (match_id, seq, t_ms, kind, side, gives_check, cube_cs, winner, text, wall_ms, target, amount,
                    relative)
SELECT 1, seq, t, kind, side, 0, CAST(NULLIF(cs, '') AS INTEGER), NULL, '', wall, NULL, NULL, 0 FROM r;
COMMIT;
SQL
	rm -f "$OUT/rows.scn" "$OUT/rows.csv"
}

# first TEXT COMMAND...: "wall_ms cpu_ms rss_kb" of COMMAND's first frame showing TEXT.
first() {
	local text=$1 s e pid cpu rss
	shift
	s=$(date +%s%N)
	$T new-session -d -s first -x 80 -y 24 "exec $(printf '%q ' "$@")"
	until $T capture-pane -p -t first 2>/dev/null | grep -qF -- "$text"; do sleep 0.005; done
	e=$(date +%s%N)
	pid=$($T display-message -p -t first '#{pane_pid}')
	cpu=$(cut -d' ' -f1 "/proc/$pid/schedstat")
	rss=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status")
	$T kill-session -t first
	echo "$(((e - s) / 1000000)) $((cpu / 1000000)) $rss"
}

# timed COMMAND...: "wall_ms cpu_ms rss_kb bytes_out" (CPU: perf's task-clock
# when perf runs, finer than time's 10 ms; else user + system).
PERF=0
perf stat -x, -e task-clock -o /dev/null -- true >/dev/null 2>&1 && PERF=1
timed() {
	local cpu
	/usr/bin/time -o "$OUT/time.txt" -f "%e %U %S %M" "$@" >"$OUT/out" 2>/dev/null
	read -r e u s m <"$OUT/time.txt"
	cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%d", (u + s) * 1000 }')
	if [ "$PERF" = 1 ]; then
		perf stat -x, -e task-clock -o "$OUT/perf.txt" -- "$@" >/dev/null 2>&1
		cpu=$(awk -F, '/task-clock/ { printf "%d", $1 }' "$OUT/perf.txt")
	fi
	echo "$(awk -v e="$e" 'BEGIN { printf "%d", e * 1000 }') $cpu $m $(stat -c %s "$OUT/out")"
}

# follow DB: "latency_ms watcher_cpu_ms" of `watch` following one commit.
follow() {
	local db=$1 pid c0 c1 t0 t1
	$T new-session -d -s follow -x 80 -y 24 "exec $(printf '%q ' "$BIN" watch --db "$db" 1)"
	until $T capture-pane -p -t follow 2>/dev/null | grep -qF "Watching match 1"; do sleep 0.005; done
	pid=$($T display-message -p -t follow '#{pane_pid}')
	sleep 1
	c0=$(cut -d' ' -f1 "/proc/$pid/schedstat")
	echo "$SETTINGS" | "$BIN" script --db "$db" --resume 1 >/dev/null
	t0=$(date +%s%N)
	until $T capture-pane -p -t follow 2>/dev/null | grep -qF "PAUSED"; do sleep 0.002; done
	t1=$(date +%s%N)
	c1=$(cut -d' ' -f1 "/proc/$pid/schedstat")
	$T kill-session -t follow
	echo "$(((t1 - t0) / 1000000)) $(((c1 - c0) / 1000000))"
}

# serve DB: "first_wall_ms first_cpu_ms rss_kb follow_ms follow_cpu_ms" of
# `serve`'s first frame of match 1 and its follow of one commit.
serve() {
	local db=$1 pid cpid port s e cf c1 c2 rss t0 t1 frames
	: >"$OUT/serve.log"
	"$BIN" serve --db "$db" --listen 127.0.0.1:0 >"$OUT/serve.log" 2>&1 &
	pid=$!
	until port=$(grep -o '127\.0\.0\.1:[0-9]*' "$OUT/serve.log" | head -n 1 | cut -d: -f2) && [ -n "$port" ]; do
		sleep 0.005
	done
	: >"$OUT/sse" # emptied before: curl's own redirection comes later
	s=$(date +%s%N)
	curl -sN "http://127.0.0.1:$port/match/1/events" >>"$OUT/sse" &
	cpid=$!
	until [ "$(grep -c '^data: ' "$OUT/sse")" -ge 1 ]; do sleep 0.002; done
	e=$(date +%s%N)
	cf=$(cut -d' ' -f1 "/proc/$pid/schedstat")
	sleep 1
	c1=$(cut -d' ' -f1 "/proc/$pid/schedstat")
	frames=$(grep -c '^data: ' "$OUT/sse")
	echo "$SETTINGS" | "$BIN" script --db "$db" --resume 1 >/dev/null
	t0=$(date +%s%N)
	until [ "$(grep -c '^data: ' "$OUT/sse")" -gt "$frames" ]; do sleep 0.002; done
	t1=$(date +%s%N)
	c2=$(cut -d' ' -f1 "/proc/$pid/schedstat")
	rss=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status")
	kill "$cpid" "$pid"
	wait "$cpid" "$pid" 2>/dev/null || true
	echo "$(((e - s) / 1000000)) $((cf / 1000000)) $rss $(((t1 - t0) / 1000000)) $(((c2 - c1) / 1000000))"
}

echo "bench-long-match: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo
echo "| events | what | wall | CPU | peak RSS | output | vs script (CPU) |"
echo "|---:|---|---:|---:|---:|---:|---:|"
for n in "${SIZES[@]}"; do
	db=$OUT/long-$n.db
	if [ ! -s "$db" ]; then
		make_record "$db.tmp" "$n"
		mv "$db.tmp" "$db"
	fi
	[ -s "$OUT/long-$n.scn" ] || scenario "$n" >"$OUT/long-$n.scn"
	read -r sw sc sr so <<<"$(timed "$BIN" script "$OUT/long-$n.scn")"
	echo "| $n | \`script\` (the reference) | $sw ms | $sc ms | $sr KB | | 1 |"
	ratio() { awk -v a="$1" -v b="$sc" 'BEGIN { printf "%.2f", a / (b > 0 ? b : 1) }'; }
	rm -f "$OUT/copy.db-wal" "$OUT/copy.db-shm" "$OUT/sse"
	cp "$db" "$OUT/copy.db"
	read -r w c r <<<"$(first PAUSED "$BIN" resume --db "$OUT/copy.db" 1)"
	echo "| $n | \`resume\`, first frame | $w ms | $c ms | $r KB | | $(ratio "$c") |"
	read -r w c r <<<"$(first "Watching match 1" "$BIN" watch --db "$db" 1)"
	echo "| $n | \`watch\`, first frame | $w ms | $c ms | $r KB | | $(ratio "$c") |"
	read -r l c <<<"$(follow "$OUT/copy.db")"
	echo "| $n | \`watch\` following a commit (exit of the committer to the frame) | $l ms | $c ms | | | |"
	rm -f "$OUT/copy.db-wal" "$OUT/copy.db-shm" "$OUT/sse"
	cp "$db" "$OUT/copy.db"
	read -r w c r l fc <<<"$(serve "$OUT/copy.db")"
	echo "| $n | \`serve\`, first frame of /match/1/events | $w ms | $c ms | $r KB | | $(ratio "$c") |"
	echo "| $n | \`serve\` following a commit (exit of the committer to the frame) | $l ms | $fc ms | | | |"
	for f in json pgn text; do
		read -r w c r o <<<"$(timed "$BIN" export --db "$db" --format "$f" 1)"
		echo "| $n | \`export --format $f\` | $w ms | $c ms | $r KB | $o B | $(ratio "$c") |"
	done
done
rm -f "$OUT/copy.db" "$OUT/copy.db-wal" "$OUT/copy.db-shm" "$OUT/out" "$OUT/sse" "$OUT/serve.log"
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
