#!/usr/bin/env bash
# Issue 35's leftovers at the board (slice board), at the minimum size
# 60x22, in French and English: nothing is cut and nothing happens
# silently.
# - A message is never cut: whole on the rows it needs up to its share (3
#   rows at 60x22); longer (the longest real one: a DGT board with 32
#   pieces off their squares, in French; in English it holds in 3 rows),
#   read in pages under a mark that says "more", the page and the key
#   (>), back to the first after the last.
# - The DGT board's check-list (five items) and a message of three rows,
#   both whole beside the colours drawn by lot (CK-1.1).
# - The panels' "Blancs : Joueur 1", with the French colon's space.
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/dgt_board_lib.sh"
clauses CK-1.1 DG-1.3

board_start

# lift_ranks R...: every piece of these ranks lifted from the board.
lift_ranks() {
	local r f
	for r in "$@"; do for f in a b c d e f g h; do board lift "$f$r"; done; done
}

# LANG NEW_MATCH ITEMS... : a Twice match in moves recording from the
# board, colours drawn by lot, the check-list up.
open_list() {
	start 60 22 "$BIN" --lang "$1" --db "$XDG_DATA_HOME/board_$1.db" --dgt "$BOARD"
	wait_for "$2"
	keys Down Down Down Down Down Right # moves recording
	keys s
}

for lang in fr en; do
	if [ $lang = fr ]; then
		NEW="Nouveau match" HEAD_SHORT="Check-list : 1-5 cocher, - passer, s confirme et lance."
		ITEMS=("[ ] 1 Huit cubes et caches 1 à 4 présents" "[ ] 2 Mélanges identiques par numéro (feuille imprimée)"
			"[ ] 3 Échiquier et variante prêts" "[ ] 4 Tirage des couleurs fait devant les joueurs"
			"5 Échiquier DGT en position de départ")
		DRAW="(couleurs tirées au sort ; Noirs : Joueur" PANEL="○ Blancs : Joueur [12] +● Noirs : Joueur [12]"
		SIXTEEN="l'échiquier ne montre pas la position de départ de la partie : 16 cases diffèrent (a2 b2 c2 d2 e2 f2 g2 h2 a7 b7 c7 d7 e7 f7 g7 h7)."
		PAGE1="l'échiquier ne montre pas la position de départ de la partie : 32 cases diffèrent (a1 b1 c1 d1 e1"
		PAGE2="f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2 a7 b7 c7 d7 e7 f7 g7 h7 a8 b8 c8 d8 e8 f8 g8 h8)."
		MORE="-- suite (1/2), > : page suivante --" END="-- fin (2/2), > : première page --"
		NOKEY="la touche « > » ne fait rien sur cet écran"
	else
		NEW="New match" HEAD_SHORT=""
		ITEMS=("[ ] 1 Eight cubes and covers 1-4 present" "[ ] 2 Same scrambles under each number (sheet printed)"
			"[ ] 3 Board and variant ready" "[ ] 4 Colour draw done before the players"
			"5 DGT board shows the start position")
		DRAW="(colours drawn by lot; Black: Player" PANEL="○ White: Player [12] +● Black: Player [12]"
		SIXTEEN="DGT: the board does not show the game's starting position: 16 squares differ (a2 b2 c2 d2 e2 f2 g2 h2 a7 b7 c7 d7 e7 f7 g7 h7)"
		# English is shorter: its longest, 32 squares, whole in 3 rows.
		PAGE1="DGT: the board does not show the game's starting position: 32 squares differ (a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2 a7 b7 c7 d7 e7 f7 g7 h7 a8 b8 c8 d8 e8 f8 g8 h8)"
		PAGE2=""
		NOKEY="the key '>' does nothing on this screen"
	fi
	open_list $lang "$NEW"
	wait_for "[x] ${ITEMS[4]}"
	wait_flat "$DRAW"
	# The panels' side and name, the language's way ("Blancs : Joueur 1").
	wait_re "$PANEL"
	# A short message: '>' turns no page, and says so.
	keys '>'
	wait_flat "$NOKEY"
	# Three rows of message beside the five items: all whole (in French
	# the list's heading takes its one-row form to make the room).
	lift_ranks 2 7
	wait_flat "$SIXTEEN"
	for item in "${ITEMS[@]}"; do wait_flat "$item"; done
	wait_flat "$DRAW"
	[ -z "$HEAD_SHORT" ] || wait_flat "$HEAD_SHORT"
	absent "suite (" && absent "more ("
	# Longer than its share: paged, each page under its mark, > turns it.
	lift_ranks 1 8
	wait_flat "$PAGE1"
	for item in "${ITEMS[@]}"; do wait_flat "$item"; done
	if [ -z "$PAGE2" ]; then
		absent "more ("
		keys q y
		wait_exit 0
		board setup
		continue
	fi
	wait_flat "$MORE"
	for item in "${ITEMS[@]}"; do wait_flat "$item"; done
	keys '>'
	wait_flat "$PAGE2"
	wait_flat "$END"
	for item in "${ITEMS[@]}"; do wait_flat "$item"; done
	keys '>'
	wait_flat "$PAGE1"
	wait_flat "$MORE"
	keys q y
	wait_exit 0
	board setup # every piece back for the next language
done
echo "ok"
