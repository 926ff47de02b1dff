#!/usr/bin/env bash
# The players' Stackmat timers at the console, through ALSA's file plugin
# (the capture code that runs at the board): a synthesized 23.45 s solve
# for White and 1:02.30 for Black, each proposed when its timer stops,
# counted with y, in the record as those solve times, stamped at the stops.
# Black's cable is pulled out first: the screen says so, and the timer
# counts again once it is back.
#   stackmat.sh CHESSCUBING STACKMAT_SIGNAL
. "$(dirname "$0")/lib.sh" "$1"
SIGNAL=${2:?usage: $0 chesscubing stackmat_signal}
clauses SM-5.1 SM-5.2 SM-5.3 SM-3.1 SM-2.3 RE-10.1 RE-10.2 RE-10.3

DB=$XDG_DATA_HOME/stackmat.db
record() { "$BIN" export --db "$DB" --format scenario 1 | grep -v '^#'; }

# The signal (stackmat_lib.sh): Black's cable out from 1 s to 9 s; White stops at 33.45 s.
. "$(dirname "$0")/stackmat_lib.sh"
stackmat_timers "$SIGNAL"

console_t0=$(clock_now) # the console's clock (and the signal's) starts here
start 80 30 "$BIN" --db "$DB" --stackmat timers
setup_match 0
wait_for "Block 1 is ready"
keys s
wait_for "TO MOVE"
moved 12
wait_for "Cube phase after block 1 (quotas played)"

# SM-5.3, SM-3.1: each timer in its player's column; Black's is out.
advance 1000
wait_flat "No signal from the timer: type the time (2)"
wait_flat "Timer: hands on (1: type the time)"
# SM-5.2: nothing proposed while the timers run.
advance 6000
wait_re "Timer running .*Timer running"
absent "Count this time?"
# White stops at 33.4 s; three packets later the time is final and
# proposed. In between, the column says the stop is being read, never
# "not counted" (issue 35, RE-10.3). The test clock (which paces the
# signal's reading) goes from 0.3 s before the stop to 0.6 s after it in
# steps of 20 ms, the screen read at each: the running time, then "to
# count next" (seen at least once: the window is looked at), then the
# proposal's dialog; "not counted" at no step.
clock_at $((console_t0 + white_stop_ms - 300))
seen_next=0 proposed=0
for _ in $(seq 45); do
	advance 20
	sleep 0.1
	now=$(screen)
	case "$now" in *"not counted"*) fail "'not counted' before the proposal at $(($(clock_now) - console_t0 - white_stop_ms)) ms after the stop: $now" ;; esac
	case "$now" in *"Timer stopped at 23.45: to count next"*) seen_next=1 ;; esac
	case "$now" in *"Count this time?"*) proposed=1; break ;; esac
done
[ $seen_next = 1 ] || fail "the stop was never shown as read ('to count next') before the proposal"
[ $proposed = 1 ] || fail "no proposal 0.6 s after the stop: $(screen)"
wait_dialog "Timer: White (Alice): 23.45. Count this time?"
keys y
wait_for "Solve time 23.45 (timer)"
# SM-5.1: Black's solve (stopped at 72.7 s) waits for the arbiter's y too.
advance 40000
wait_dialog "Timer: Black (Bob): 1:02.30. Count this time?"
keys y
wait_flat "Alice won (White 23.45, Black 1:02.30)"

# In the record: those times, stamped at the stops (match time is the
# clock since the console started, as the capture's samples are; SM-2.3),
# not when y was pressed.
for side in w b; do
	[ $side = w ] && stop=$white_stop_ms want=23.45 || { stop=$black_stop_ms; want=1:02.30; }
	line=$(record | grep " cube $side ") || fail "no $side cube in the record: $(record)"
	[ "${line#* cube $side }" = "$want timer" ] || fail "$side: '$line', expected $want"
	stamp=${line%% *}
	[ $((stamp - stop)) -le 5 ] && [ $((stop - stamp)) -le 5 ] || fail "$side stamped at $stamp, stopped at $stop"
done
# RE-10.2: resumed without the timers, the console says it has none now;
# `resume --stackmat DEV` takes them, like the console (no warning then).
kill_console
start 80 30 "$BIN" --db "$DB" resume
wait_flat "none is connected now"
kill_console
start 80 30 "$BIN" resume --db "$DB" --stackmat timers
wait_for "Block 2"
absent "none is connected"
kill_console
# RE-10.1: both times marked as the timers' in the record and said so.
[ "$("$BIN" export --db "$DB" 1 | grep -c '"source": "timer"')" = 2 ] ||
	fail "the two solve times are not marked as the timers': $("$BIN" export --db "$DB" 1 | grep source)"
"$BIN" report --db "$DB" 1 | grep -q "Alice solves in 23.45 (timer)" || fail "the report does not say the timer"
echo ok
