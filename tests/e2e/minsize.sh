#!/usr/bin/env bash
# The guide's minimum size (60x22) is true in both languages: every screen
# and dialog of a match shows each of its phrases whole (wrapped lines
# joined, dialog borders taken off), nothing cut (issue 11 item 4).
# Every phase of every format: minsize_states.sh.
. "$(dirname "$0")/lib.sh" "$1"
clauses none

# phrase TEXT...: each TEXT whole on the screen (flat) or in the dialog.
phrase() { for p in "$@"; do wait_flat "$p"; done; }
in_dialog() { for p in "$@"; do wait_dialog "$p"; done; }

run() {
	local lang=$1
	start 60 22 "$BIN" --lang "$lang"
	if [ "$lang" = en ]; then
		phrase "Set up the match, then create it." \
			"< Twice (20 s a move, the cube winner starts the next block) >" \
			"Up/Down: field Left/Right: change Enter: edit w: scramble sheet s: create ?: help q: quit"
	else
		phrase "Réglez le match, puis créez-le." \
			"< Twice (20 s par coup, le gagnant du cube commence le bloc suivant) >" \
			"Haut/Bas : champ Gauche/Droite : changer Entrée : saisir w : feuille de mélanges s : créer ? : aide q : quitter"
	fi
	keys Down Down Down Down Right
	keys s
	if [ "$lang" = en ]; then
		phrase "Block 1 is ready: Player 1 (White) moves first. s: start the block" \
			"s: start block w: print sheet t: colours u: undo r: resign a: arbiter b: bell l: log ?: help q: quit"
		keys '?'
		# Two pages at 60x22, each entry whole on one of them.
		in_dialog "Correct: c, then type it (block 2:31.5, move +4) or press an arrow or Tab for the DGT form: Left/Right a digit, Up/Down change it, Enter, then the reason"
		phrase "Page 1/2. Space: next page, any other key closes"
		keys Space
		in_dialog "Any key closes this help. q quits (asks while a match runs)." \
			"Setup: arrows choose and change, Enter edits, s creates, w writes the scramble sheet" \
			"Messages: > the next page of a message longer than its rows"
		phrase "Page 2/2. Space: first page, any other key closes"
	else
		phrase "Bloc 1 prêt : Joueur 1 (Blancs) joue en premier. s : lancer le bloc" \
			"s : lancer le bloc w : imprimer t : couleurs u : annuler r : abandon a : arbitre b : sonnerie l : journal ? : aide q : quitter"
		keys '?'
		in_dialog "Corriger : c, puis la taper (bloc 2:31.5, coup +4) ou une flèche ou Tab pour le formulaire DGT : Gauche/Droite un chiffre, Haut/Bas le changer, Entrée, puis le motif" \
			"g après une reprise : chaque pendule remise comme à l'arrêt de la console" # issue 35
		phrase "Page 1/2"
		keys Space
		in_dialog "Une touche ferme l'aide. q quitte (demande si un match est en cours)." \
			"Réglage : flèches pour choisir et changer, Entrée pour saisir, s crée, w écrit la feuille de mélanges" \
			"Messages : > la page suivante d'un message plus long que ses lignes"
		phrase "Page 2/2"
	fi
	keys Escape
	keys s
	moved 1
	if [ "$lang" = en ]; then
		phrase "Space (or x: White, n: Black): moved +: gave check p: pause m: mate r: resign u: undo a: arbiter c: correct i: in time l: log ?: help q: quit"
		screen | grep -qE "Moves 1 / 6   lost 0" || fail "moves line cut"
		flat | grep -qF "key x" || fail "clock key not named"
		keys r
		in_dialog "Who resigns? w: White (Player 1) b: Black (Player 2)" "w: White b: Black Esc: cancel"
		keys Escape a w
		in_dialog "Reason for the decision (one line):"
		keys -l "a long reason that needs two lines in the dialog box"
		keys Enter
		in_dialog 'Record the decision: Player 1 (White) wins, "a long reason that needs two lines in the dialog box"? It ends the match.'
		keys Escape
	else
		phrase "Espace (ou x : Blancs, n : Noirs) : joué + : échec p : pause m : mat r : abandon u : annuler a : arbitre c : corriger i : à temps l : journal ? : aide q : quitter"
		screen | grep -qE "Coups 1 / 6   perdus 0" || fail "moves line cut"
		flat | grep -qF "touche x" || fail "clock key not named"
		keys r
		in_dialog "Qui abandonne ? b : Blancs (Joueur 1) n : Noirs (Joueur 2)"
		keys Escape a b
		keys -l "un long motif qui demande deux lignes dans la boite"
		keys Enter
		in_dialog "Enregistrer la décision : Joueur 1 (Blancs) gagne, « un long motif qui demande deux lignes dans la boite » ? Elle termine le match."
		keys Escape
	fi
	moved 11
	if [ "$lang" = en ]; then
		phrase "Cube phase after block 1 (quotas played)" \
			"The faster solve wins the phase and starts the next block." \
			"1/2: White's/Black's time t: stopwatch d: DNF u: undo a: arbiter l: log ? q" \
			"Scramble of cube"
		keys 1
		in_dialog "Solve time of White (Player 1): 23.45, 1:02.30 or DNF"
		keys 23.45 Enter
		in_dialog "White (Player 1): 23.45. Count this time?"
		keys y
		phrase "Solve time 23.45 (typed)" "Waiting for the time (2: type it)"
	else
		phrase "Phase cube après le bloc 1 (quotas joués)" \
			"La résolution la plus rapide gagne et commence le bloc suivant." \
			"1/2 : temps Blancs/Noirs t : chrono d : DNF u : annuler a : arbitre l : journal ? q" \
			"Mélange du cube"
		keys 1
		in_dialog "Temps de résolution des Blancs (Joueur 1) : 23,45, 1:02,30 ou DNF"
		keys 23,45 Enter
		in_dialog "Blancs (Joueur 1) : 23,45. Compter ce temps ?"
		keys o
		phrase "Temps 23,45 (saisi)" "En attente du temps (2 : le saisir)"
	fi
	# The whole scramble line, as the record's sheet has it.
	number=$(flat | sed -n 's/.*\(Cube to solve: number\|Cube à résoudre : numéro\) \([1-4]\).*/\2/p')
	scramble=$("$BIN" show "$(("$BIN" list | tail -n 1) | awk '{print $1}')" | sed -n "s/^Cube $number: //p")
	phrase "$scramble"
	keys 2 25 Enter y
	keys r "$([ "$lang" = en ] && echo b || echo n)" y # issue 35: Black is n in French
	if [ "$lang" = en ]; then
		phrase "Winner: Player 1 (White)" "Reason: resignation, in block 2" \
			"Block 1: Player 1 started; ended on the quotas." "u: undo m: new match l: log ?: help q: quit x/n: no effect"
	else
		phrase "Vainqueur : Joueur 1 (Blancs)" "Motif : abandon, au bloc 2" \
			"Bloc 1 : Joueur 1 a commencé ; fini sur les quotas." \
			"u : annuler m : nouveau match l : journal ? : aide q : quitter x/n : sans effet"
	fi
	keys l
	phrase "$([ "$lang" = en ] && echo "Event log" || echo "Journal des événements")"
	keys Escape q
	wait_exit 0
	$TMUX_CMD kill-server
}

run en
run fr
echo "ok"
