#!/usr/bin/env bash
# Issue 35 item 7, slice print (CK-1.7): the colour draw shown to the
# players from the check-list: t puts the colour in big letters ("WHITE",
# "BLANCS") and its player's name under it, Black's under that, whole at
# 60x22 and 80x24 in English and French; long names in other scripts wrap,
# never cut; any key goes back to the check-list, which t does not tick.
. "$(dirname "$0")/lib.sh" "$1"
clauses CK-1.7

W1="Анна-Мария Wolfeschlegelstein 王小明"
B1="Zoë-Åsa Þórðardóttir ŁŻ"

# big_rows: the rows of the screen drawn with the big font's blocks.
big_rows() { screen | grep -c '█'; }

# show LANG W H: a Twice match with those names, the colours shown big.
show() {
	local lang=$1 w=$2 h=$3 i
	start "$w" "$h" "$BIN" --lang "$lang" --db "$XDG_DATA_HOME/big_$lang$w.db"
	sleep 0.3
	keys Down Down Enter
	for i in $(seq 10); do keys BSpace; done
	keys -l "$W1"
	keys Enter Down Enter
	for i in $(seq 10); do keys BSpace; done
	keys -l "$B1"
	keys Enter Down Right
	keys s
	wait_re "^ *\[ \] 1 "
	keys t
}

for size in "60 22" "80 24"; do
	# shellcheck disable=SC2086
	show en $size
	wait_for "Colour draw"
	wait_flat "Colours set by the arbiter at the setup:"
	wait_flat "White: $W1"
	wait_flat "Black: $B1"
	wait_for "Any key: back to the check-list."
	[ "$(big_rows)" -ge 5 ] || fail "no big word at $size: $(screen)"
	absent "[ ] 1 "
	keys x # any key, a player's too: back to the list, nothing ticked
	wait_re "^ *\[ \] 1 "
	wait_re "^ *\[ \] 4 "
	absent "Any key: back to the check-list."
	keys q y
	wait_exit 0

	# shellcheck disable=SC2086
	show fr $size
	wait_for "Tirage des couleurs"
	wait_flat "Couleurs fixées par l'arbitre au réglage :"
	wait_flat "Blancs : $W1"
	wait_flat "Noirs : $B1"
	wait_for "Une touche : retour à la check-list."
	[ "$(big_rows)" -ge 5 ] || fail "no big word at $size in French: $(screen)"
	keys Escape
	wait_re "^ *\[ \] 1 "
	keys q y
	wait_exit 0
done

# Drawn by lot: said so (French, the names as the form gives them).
start 60 22 "$BIN" --lang fr --db "$XDG_DATA_HOME/lot.db"
wait_for "Nouveau match"
keys s
wait_re "^ *\[ \] 1 "
keys t
wait_flat "Couleurs tirées au sort à la création du match :"
wait_re "Blancs : Joueur [12]"
keys q
wait_re "^ *\[ \] 1 "
keys q y
wait_exit 0
echo "ok"
