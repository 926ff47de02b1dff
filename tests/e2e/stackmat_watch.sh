#!/usr/bin/env bash
# The players' Stackmat timers for the audience (rules/stackmat.md SM-6):
# the console reads them through ALSA's file plugin (as e2e/stackmat.sh)
# and `watch`, in a tmux server of its own, shows each timer's state and
# its running time; a console that stops publishing is a lost signal on
# the watcher, never a frozen running time; a time is shown entered only
# once the arbiter has counted it; a console gone leaves nothing. The
# page's feed (`serve`, the same record) shows both timers running with
# the console's time too (issue 34 item 2).
#   stackmat_watch.sh CHESSCUBING STACKMAT_SIGNAL
. "$(dirname "$0")/lib.sh" "$1"
SIGNAL=${2:?usage: $0 chesscubing stackmat_signal}
clauses SM-6.1 SM-6.2 SM-6.3

DB=$XDG_DATA_HOME/stackmat.db
SERVE_PID=
SERVE_OUT=$(mktemp)
stop_serve() { [ -z "$SERVE_PID" ] || { kill "$SERVE_PID" 2>/dev/null; wait "$SERVE_PID" 2>/dev/null; SERVE_PID=; }; }
trap 'stop_serve; finish; rm -f "$SERVE_OUT"' EXIT
# The signal (stackmat_lib.sh): Black's cable out from 1 s to 9 s; White stops at 33.45 s.
. "$(dirname "$0")/stackmat_lib.sh"
stackmat_timers "$SIGNAL"

CONSOLE_T0=$(clock_now) # match time is the test clock since the console started
start 80 30 "$BIN" --db "$DB" --stackmat timers
CONSOLE=$TMUX_CMD
find_pid
CONSOLE_PID=$PID
setup_match 0
wait_for "Block 1 is ready"
keys s
wait_for "TO MOVE"
moved 12
wait_for "Cube phase after block 1 (quotas played)"

start 80 30 "$BIN" watch --db "$DB"
WATCH=$TMUX_CMD
"$BIN" serve --db "$DB" --listen 127.0.0.1:0 >"$SERVE_OUT" 2>&1 &
SERVE_PID=$!
served() { cat "$SERVE_OUT"; }
_wait_fn served "serving http://"
URL=$(sed -n 's|^serving \(http://[^ ]*\) .*|\1|p' "$SERVE_OUT")
# page_timers: the page's first frame of match 1, its timers as
# "STATE MS STATE MS" (white, black), or nothing.
page_timers() {
	curl -sN --max-time 2 "${URL}match/1/events" 2>/dev/null | sed -n 's/^data: //p' | head -n 1 |
		python3 -c 'import json,sys
t = json.load(sys.stdin)["board"].get("timers") or {}
print(" ".join(str(t[s][k]) for s in ("white", "black") for k in ("state", "ms")) if t.get("status") == "live" else "")'
}
wait_for "Cube phase after block 1 (quotas played)"

# The test clock moves only when told, and each program reads the timers
# when its clock moves: seen(CONSOLE_RE WATCH_RE) waits until the console
# shows (so has published) a state, then moves the clock a tenth, so that
# the watcher reads it, and waits until the watcher shows it.
seen() {
	TMUX_CMD=$CONSOLE
	flat_re "$1"
	TMUX_CMD=$WATCH
	advance 100
	flat_re "$2"
}
# flat_re REGEX: until the screen as one line (wrapped lines joined) matches.
flat_re() {
	local i=0
	while [ $i -lt 200 ]; do
		flat | grep -qE -- "$1" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	fail "waited 10s for '$1' (flat): $(flat)"
}

# SM-6.1: each timer's state in its player's column; Black's cable is out.
advance 1000
seen "Timer: hands on" "Timer: hands on .*Timer signal lost"
absent "type the time"

# Both running, at the times the console reads (the same test clock).
advance 6000
seen "Timer running .*Timer running" "Timer running [0-9.]+ .*Timer running [0-9.]+"
# The guide's capture (docs/stackmat.md), when asked for.
[ -z "${CC_CAPTURE_DIR:-}" ] || screen >"$CC_CAPTURE_DIR/watch-timers-running.txt"
running_times() { flat | grep -oE 'Timer running [0-9]+\.[0-9]' | sed 's/Timer running //' | tr '\n' ' '; }
tenths() { echo "$1" | awk '{ split($0, a, "."); print a[1] * 10 + a[2] }'; }
TMUX_CMD=$CONSOLE
console_times=$(running_times)
TMUX_CMD=$WATCH
watch_times=$(running_times)
set -- $console_times
cw=$(tenths "$1")
set -- $watch_times
ww=$(tenths "$1")
[ $((ww - cw)) -le 3 ] && [ $((cw - ww)) -le 3 ] ||
	fail "White's running time: console '$console_times', watch '$watch_times'"
# It runs on between two readings, and with the console's.
advance 500
i=0
until [ "$(running_times)" != "$watch_times" ]; do
	i=$((i + 1))
	[ $i -lt 200 ] || fail "the watcher's running time stood still at '$watch_times'"
	sleep 0.05
done
set -- $(running_times)
[ "$(tenths "$1")" -ge $((ww + 4)) ] || fail "White's time went from $ww tenths to '$1' in 0.5 s"

# The page's feed: both timers running, White's time the console's within
# 0.25 s (the same test clock; the frame says the time as of its making).
TMUX_CMD=$CONSOLE
set -- $(running_times)
cw=$(tenths "$1")
set -- $(page_timers)
[ "${1:-}" = running ] && [ "${3:-}" = running ] || fail "the page's timers: '$*'"
pw=$(( ${2:-0} / 100 ))
[ $((pw - cw)) -le 2 ] && [ $((cw - pw)) -le 2 ] || fail "White's running time: console $cw tenths, page $pw"
TMUX_CMD=$WATCH

# SM-6.2: a console that stops publishing (stopped, not gone) is a lost
# signal after a second and a half, never a running time frozen.
kill -STOP "$CONSOLE_PID"
advance 1600
wait_re "Timer signal lost.*Timer signal lost"
absent "Timer running"
kill -CONT "$CONSOLE_PID"
seen "Timer running .*Timer running" "Timer running .*Timer running"

# SM-6.3: White's timer stopped is shown stopped, not entered, until the
# arbiter counts it at the console.
advance 21000
seen "Timer stopped at 23.45: to count" "Timer stopped at 23.45: the arbiter"
absent "Solve time 23.45" # the watcher: stopped, not counted yet
TMUX_CMD=$CONSOLE
wait_dialog "Timer: White (Alice): 23.45. Count this time?"
advance 3000 # the arbiter looks before counting it: the solve is stamped at the stop
keys y
# Issue 35 item 6: the watcher says it came from the timer (RE-10.1).
seen "Solve time 23.45 \(timer\)" "Solve time 23.45 \(timer\)"
# The page's frame is the match as of now, not as of the stamp 3 s before
# (cc_session_run_wall_at): its time is the console's within 0.5 s.
page_t_ms() {
	curl -sN --max-time 2 "${URL}match/1/events" 2>/dev/null | sed -n 's/^data: //p' | head -n 1 |
		python3 -c 'import json,sys; print(json.load(sys.stdin)["board"]["state"]["t_ms"])'
}
console_t=$(($(clock_now) - CONSOLE_T0))
page_t=$(page_t_ms)
[ $((page_t - console_t)) -le 500 ] && [ $((console_t - page_t)) -le 500 ] ||
	fail "after a time counted 3 s after its stop: the page at $page_t ms, the console at $console_t ms"
# ... and the page's feed has the confirmed time as soon as serve has read
# the record (it polls every 100 ms of the test clock).
page_white_cs() {
	curl -sN --max-time 2 "${URL}match/1/events" 2>/dev/null | sed -n 's/^data: //p' | head -n 1 |
		python3 -c 'import json,sys; print(json.load(sys.stdin)["board"]["state"]["cube"]["white_cs"])'
}
i=0
until [ "$(page_white_cs)" = 2345 ]; do
	i=$((i + 1))
	[ $i -lt 5 ] || fail "the page's feed has no confirmed time: $(page_white_cs)"
	advance 100
done
wait_flat "Timer running"

# SM-6.2: the console gone, its last reading shows nothing. Gone is
# reaped (kill_console): until its shell has waited for it the PID still
# answers.
kill_console KILL "$CONSOLE_PID" "$CONSOLE"
TMUX_CMD=$WATCH
advance 100
wait_for "Solving..."
absent "Timer"
echo ok
