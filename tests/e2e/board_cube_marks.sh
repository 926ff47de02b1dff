#!/usr/bin/env bash
# Issue 35's leftovers at the board (slice board): the console's cube
# screen says where each counted solve time came from, "(timer)" or
# "(typed)" (RE-10.1), as `show`, `watch` and the web page do; at the
# minimum size 60x22, in French and in English. White's time comes from
# a synthesized Stackmat timer (stackmat_lib.sh), is counted, undone and
# typed again.
#   board_cube_marks.sh CHESSCUBING STACKMAT_SIGNAL
. "$(dirname "$0")/lib.sh" "$1"
SIGNAL=${2:?usage: $0 chesscubing stackmat_signal}
clauses RE-10.1

. "$(dirname "$0")/stackmat_lib.sh"

for lang in fr en; do
	stackmat_timers "$SIGNAL"
	if [ $lang = fr ]; then
		READY="Bloc 1 prêt" MOVE="AU TRAIT" PHASE="Phase cube après le bloc 1" COUNT="Compter ce temps ?"
		YES=o TIMER="Temps 23,45 (chrono)" TYPED="Temps 23,45 (saisi)" ASK="Temps de résolution des Blancs"
		TIME=23,45
	else
		READY="Block 1 is ready" MOVE="TO MOVE" PHASE="Cube phase after block 1" COUNT="Count this time?"
		YES=y TIMER="Solve time 23.45 (timer)" TYPED="Solve time 23.45 (typed)" ASK="Solve time of White"
		TIME=23.45
	fi
	t0=$(clock_now) # the console's clock (and the signal's) starts here
	start 60 22 "$BIN" --lang $lang --db "$XDG_DATA_HOME/marks_$lang.db" --stackmat timers
	wait_for "$([ $lang = fr ] && echo "Nouveau match" || echo "New match")"
	keys s
	wait_for "$READY"
	keys s
	wait_for "$MOVE"
	moved 12
	wait_flat "$PHASE"
	clock_at $((t0 + white_stop_ms + 1000))
	wait_dialog "$COUNT"
	keys $YES
	wait_flat "$TIMER"
	absent "$TYPED"
	# Undone, then typed by the arbiter: the same line says so.
	keys u
	wait_dialog "?"
	keys $YES
	wait_flat_gone "$TIMER"
	keys 1
	wait_dialog "$ASK"
	keys "$TIME" Enter
	wait_dialog "$COUNT"
	keys $YES
	wait_flat "$TYPED"
	absent "$TIMER"
	keys q
	wait_dialog "?"
	keys $YES
	wait_exit 0
done
echo "ok"
