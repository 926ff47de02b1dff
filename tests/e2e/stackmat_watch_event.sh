#!/usr/bin/env bash
# The players' Stackmat timers in the director's view (issue 34 item 2,
# SM-6.1): a board of an event in a cube phase shows both timers running
# with their tenths on its row of `watch --event`, as `watch` shows them
# (the session's published timers, cc_ui_stackmat_follow), and White's
# time is the console's within 0.3 s (the same test clock); both solves
# counted 3 s after their stops, block 2's clock on the board shown alone
# is the console's. The signal is
# e2e/stackmat_lib.sh's, through ALSA's file plugin.
#   stackmat_watch_event.sh CHESSCUBING STACKMAT_SIGNAL
. "$(dirname "$0")/lib.sh" "$1"
SIGNAL=${2:?usage: $0 chesscubing stackmat_signal}
clauses SM-6.1

DB=$XDG_DATA_HOME/club.db
for p in Anne Bruno Chloé Dmitri; do "$BIN" players --db "$DB" add "$p" >/dev/null || fail "players add $p"; done
"$BIN" event --db "$DB" create Night --players Anne,Bruno,Chloé,Dmitri >/dev/null || fail "event create"
. "$(dirname "$0")/stackmat_lib.sh"
stackmat_timers "$SIGNAL"

# Board 1's console takes the event's first pairing and plays its block.
start 80 30 "$BIN" --db "$DB" --stackmat timers
CONSOLE=$TMUX_CMD
wait_flat "Event pairing < Night: round 1, board 1, Anne (White) - Dmitri (Black) >" 20
keys s
wait_for "White: Anne" 20
keys s
wait_re "White: Anne +TO MOVE" 20
moved 12
wait_for "Cube phase after block 1 (quotas played)"

start 140 40 "$BIN" watch --db "$DB" --event Night
DIRECTOR=$TMUX_CMD
wait_flat "R1 B1" 20
# Both timers running (from about 10 s and 10.5 s of the console's clock).
TMUX_CMD=$CONSOLE
advance 7000
wait_re "Timer running .*Timer running" 20
TMUX_CMD=$DIRECTOR
advance 100
run_re='White Timer running [0-9]+\.[0-9], Black Timer running [0-9]+\.[0-9]'
i=0
until flat | grep -qE -- "$run_re"; do
	i=$((i + 1))
	[ $i -lt 200 ] || fail "the director's row has no running timers: $(flat)"
	sleep 0.05
done
running_times() { flat | grep -oE 'Timer running [0-9]+\.[0-9]' | sed 's/Timer running //' | tr '\n' ' '; }
tenths() { echo "$1" | awk '{ split($0, a, "."); print a[1] * 10 + a[2] }'; }
TMUX_CMD=$CONSOLE
set -- $(running_times)
cw=$(tenths "$1")
TMUX_CMD=$DIRECTOR
set -- $(running_times)
dw=$(tenths "$1")
[ $((dw - cw)) -le 3 ] && [ $((cw - dw)) -le 3 ] || fail "White's running time: console $cw tenths, director $dw"
# ... and it runs on, in tenths, between two frames.
advance 500
i=0
until [ "$(tenths "$(running_times | cut -d' ' -f1)")" -ge $((dw + 4)) ]; do
	i=$((i + 1))
	[ $i -lt 200 ] || fail "the director's running time stood at $dw tenths: $(running_times)"
	sleep 0.05
done
# Both solves counted 3 s after their stops; then block 2 runs.
TMUX_CMD=$CONSOLE
advance 22000
wait_dialog "Timer: White (Anne)" 20
advance 3000
keys y
advance 40000
wait_dialog "Timer: Black (Dmitri)" 20
advance 3000
keys y
wait_for "Block 2 is ready" 20
keys s
wait_re "White: Anne +TO MOVE" 20
advance 2300
wait_for "Block time 2:57" 20
# The board alone (as `watch` shows it) at the same test clock: the block
# clock the console's, anchored on the block's start, not on the stamps.
TMUX_CMD=$DIRECTOR
keys 1
i=0
until flat | grep -q "Block 2 .*Block time 2:57"; do
	i=$((i + 1))
	[ $i -lt 200 ] || fail "the director's block 2 is not the console's 2:57: $(flat)"
	sleep 0.05
done
TMUX_CMD=$DIRECTOR
keys q
wait_exit 0 20
echo "PASS: the director's view shows both timers running with tenths"
