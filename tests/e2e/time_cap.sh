#!/usr/bin/env bash
# Issue 35 item 7 (seed 000's « Check-list terrain »: "le plafond de 120 s
# en Time"): the 120 s cap is reminded at every Time cube phase, after an
# odd block (bloc -) and after an even one (bloc +), whole at 60x22 in
# English and in French; the capped time's confirmation says the cap too.
. "$(dirname "$0")/lib.sh" "$1"
clauses TI-3.1 TI-3.2

# LANG_ARG ODD EVEN CAPPED: one Time match through the cube phases after
# blocks 1 and 2, the cap's sentence looked for whole at each.
walk() {
	local lang=$1 odd=$2 even=$3 capped=$4
	start 60 22 "$BIN" --lang "$lang" --db "$XDG_DATA_HOME/cap_$lang.db"
	sleep 0.3
	keys Right
	wait_for "Time"
	keys s
	wait_re "^ *\[ \] 1 "
	keys s
	moved 12
	wait_re "(Cube phase after block|Phase cube après le bloc) 1"
	wait_flat "$odd"
	keys 1 35 Enter y
	keys 2 2:30 Enter
	wait_dialog "$capped"
	keys y
	wait_re " (Block|Bloc) 2( |$)"
	moved 12
	wait_re "(Cube phase after block|Phase cube après le bloc) 2"
	wait_flat "$even"
	keys 1 20 Enter y 2 25 Enter y
	wait_re " (Block|Bloc) 3( |$)"
	moved 12
	wait_re "(Cube phase after block|Phase cube après le bloc) 3"
	wait_flat "$odd"
	keys q y
	wait_exit 0
}

walk en "Bloc -: each solve time, 120 s at most, comes off the solver's own clock." \
	"Bloc +: each solve time, 120 s at most, is added to the opponent's clock." \
	"counts as 120 s (cap)."
walk fr "Bloc − : chaque temps de résolution, 120 s au plus, est retiré de la pendule du joueur." \
	"Bloc + : chaque temps de résolution, 120 s au plus, est ajouté à la pendule adverse." \
	"compte pour 120 s (plafond)."
echo "ok"
