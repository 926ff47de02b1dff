#!/usr/bin/env bash
# Issue 35 item 6 (RE-10.1): `watch` says of each counted solve time
# whether it came from a Stackmat timer or was typed, inside the solve's
# own line ("Solve time 2:10.00 (timer)", French "Temps 2:10,00 (chrono)"),
# so that at 60x22 in French the Time cap's effect under it stays whole
# (a second row cut it once, 4fa77c0). At 60x22 and 80x24, in English and
# French: White's capped time from a timer, then Black's typed one beside
# it in a Twice match's cube phase.
. "$(dirname "$0")/lib.sh" "$1"
clauses RE-10.1

# whole SIDE TEXT: TEXT whole in that side's half of the screen (its rows joined).
whole() {
	local cut text i=0
	[ "$1" = w ] && cut="-c1-$((W / 2))" || cut="-c$((W / 2 + 1))-"
	text=$(printf '%s' "$2" | tr -s ' ')
	while [ $i -lt 200 ]; do
		screen | cut $cut | sed 's/^ *//; s/ *$//' | tr '\n' ' ' | tr -s ' ' | grep -qF -- "$text" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	fail "$LNG ${W}x$H: '$2' not whole in its column: $(screen)"
}
t() { if [ "$LNG" = en ]; then printf '%s' "$1"; else printf '%s' "$2"; fi; }
twelve() { local t=1000; for _ in 1 2 3 4 5 6; do printf '%d move w\n%d move b\n' $t $((t + 500)); t=$((t + 1000)); done; }
watch_of() {
	DB=$XDG_DATA_HOME/$1-$LNG-$W.db
	printf '%b' "$2" | "$BIN" script --db "$DB" - >/dev/null || fail "script $1"
	start "$W" "$H" "$BIN" watch --lang "$LNG" --db "$DB" 1
}

for size in 60x22 80x24; do
	W=${size%x*} H=${size#*x}
	for LNG in en fr; do
		# Time: White's 2:10.00 from the timer, capped at 120 s.
		watch_of tcap "settings format=time category=fast white=Alice black=Bob\n0 start\n$(twelve)\n13000 cube w 2:10.00 timer\n"
		wait_flat "$(t "Cube phase after block 1" "Phase cube après le bloc 1")"
		whole w "$(t "Solve time 2:10.00 (timer)" "Temps 2:10,00 (chrono)")"
		whole w "$(t "-> White's clock -120.00 s (120 s: the cap)" "-> pendule des Blancs -120,00 s (120 s : le plafond)")"
		absent "(typed)"
		cleanup
		# Twice: White's from the timer, Black's typed (a tie would end nothing: no winner yet shown).
		watch_of twice "settings format=twice category=fast white=Alice black=Bob\n0 start\n$(twelve)\n13000 cube w 23.45 timer\n"
		whole w "$(t "Solve time 23.45 (timer)" "Temps 23,45 (chrono)")"
		cleanup
		watch_of typed "settings format=twice category=fast white=Alice black=Bob\n0 start\n$(twelve)\n13000 cube b 25.10\n"
		whole b "$(t "Solve time 25.10 (typed)" "Temps 25,10 (saisi)")"
		cleanup
	done
done
echo ok
