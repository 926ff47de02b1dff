#!/usr/bin/env bash
# A whole Chess-Uno game in the console, from the setup form to a mate
# right after a placement (UNO-R6 as issue 22 revised it), between two
# registered players, dealt from a fixed deck: the screen says so on every
# turn and the game is never rated (UNO-F10). A second game, in French at 60x22,
# refuses out-of-phase keys in French with their reasons, places a
# recovered Black pawn, and ends in a draw agreed by the players. The deal is fixed for the test through
# CHESSCUBING_TEST_DECK (red 3, red 5, red 0, red 4, red +2 on top), which
# only the test build has (src/session/clock_test.c): the session deals
# from it and marks the deal fixed, the console knows nothing of it; the
# game is the core's scripted one
# (test_uno_game__a_scripted_game_to_mate_after_a_placement).
. "$(dirname "$0")/lib.sh" "$1"
clauses UNO-5.1 UNO-4.5 UNO-R3 UNO-8.1 UNO-F1 UNO-R9 UNO-7.2 UNO-4.1 UNO-F3 UNO-R6 UNO-F10 UNO-F11 UNO-R20 UNO-R21 UNO-R22

# mv SAN...: each move typed in the move dialog (m opens it; the console's
# guard ignores a second move key within 0.3 s of the test clock, as it
# does a bounced lever).
mv() {
	local san
	for san in "$@"; do
		advance 400
		keys m
		wait_dialog "${MOVE_OF:-Move of}"
		keys "$san" Enter
		wait_for "${PLAYS:-plays} $san"
	done
}

"$BIN" players add Alice >/dev/null || fail "players add Alice"
"$BIN" players add Bruno >/dev/null || fail "players add Bruno"

start 100 30 env CHESSCUBING_TEST_DECK=5,9,0,7,23 "$BIN"
wait_for "New match"
keys Right Right Right
wait_for "Chess-Uno (cards decide the moves"
wait_flat "< cards up to 5 >, zeros yes, Jokers yes"
# Player 1 and 2, then colours: player 1 (Alice) has White.
keys Down Enter
for i in $(seq 10); do keys BSpace; done
keys Alice Enter Down Enter
for i in $(seq 10); do keys BSpace; done
keys Bruno Enter Down Right
wait_for "player 1 has White"
# The options dialog opens with every option written out, and Enter keeps
# them as they are (the whole line fits the field).
keys Down Down Enter
wait_dialog "> maxCardNumber=5 includeZero=true includeJokers=true placeOnNextRank=true stopComboOnKingThreat=true kingAvoidsAttackedSquares=false drawAfterTurnsWithoutMove=10_"
keys Enter
wait_flat "prudent king no, draw after 10 turns without a move"
absent "wants true or false"
absent "Esc: cancel"
keys s

# UNO-8.1: the turn screen before the first card; the commitment from the start.
wait_for "To play: White's army, held by Alice"
wait_for "Draw a card (d)."
wait_flat "Pile: 76 cards (0 reshuffles)"
wait_re "^ [0-9a-f]{64} "
wait_for "FIXED DEAL: the cards were not shuffled; this game is not rated."
commitment=$(screen | grep -oE '\b[0-9a-f]{64}\b' | head -1)
# The help lists Chess-Uno's keys, on one page in this room.
keys '?'
wait_dialog "Chess-Uno: d draw a card (recorded before it is shown)"
wait_dialog "p place a recovered pawn (after a +2 or +4): its square"
wait_dialog "e end the series, or the placement"
wait_dialog "= a draw agreed by both players"
wait_dialog "a arbiter decision: the winner, or a draw, and the reason"
wait_dialog "Any key closes this help. q quits (asks while a game runs)."
absent "Page 1/"
absent "checkmate (asks)"
keys Escape
wait_for "Draw a card (d)."

# White: red 3, three moves (the series ends by itself).
keys d
wait_for "Card: 3 red"
wait_for "Series: 3 of 3 moves left; the first move is compulsory (m: move)."
keys m
wait_dialog "Move of White (Alice)"
keys c4 Enter
wait_for "Series: 2 of 3 moves left (m: move, e: end series)."
mv e4 Ne2
wait_for "To play: Black's army, held by Bruno"

# UNO-R9: an undone draw puts the same card back: red 5 again.
keys d
wait_for "Card: 5 red"
keys u
wait_dialog "Undo"
keys y
wait_for "Draw a card (d)."
keys d
wait_for "Card: 5 red"
mv d5 dxc4 Qd4 Qxe4 Kd7
wait_flat "Recoverable pawns: White 2, Black 0."

# White: red 0, no move; Black: red 4, the king walks to d3.
keys d
wait_for "draws 0 red: no move"
# UNO-R20: the card of a turn without a move stays in view.
wait_for "Card of the last turn: 0 red"
absent "No card in play."
keys d
wait_for "Card: 4 red"
mv Kd6 Kd5 Kd4 Kd3

# White: +2, a recovered pawn placed on c2, from where it attacks the
# king on d3: White still has the hand, so that is mate at once (UNO-R6).
keys d
wait_for "Placement: up to 2 recovered pawns (p: place, e: end placement)."
keys p
wait_dialog "Square of White's recovered pawn (Alice)"
keys c2 Enter

# The end: the winner, the secret revealed; a fixed deal is not rated.
wait_for "Alice wins by checkmate"
wait_flat "Chess-Uno ratings: not counted (unrated)"
# UNO-R22: on the board, the attacked king's square is marked (d3).
keys v
wait_re "3 ( [.:]){3}\+k"
keys v
wait_flat "Commitment shown at the start: $commitment"
wait_re "Secret, revealed now: [0-9a-f]{64}"
# UNO-F3: an undo of the end says the deal has been seen (Esc keeps the end).
keys u
wait_dialog "The deal was shown at the end: every card still to come is known."
keys Escape
wait_flat "Alice wins by checkmate"
keys q
wait_exit 0

# The record keeps its commitment, but verify vouches for no fixed deal
# (UNO-F11), and neither list moved; list and show say the deal was fixed.
"$BIN" verify >"$XDG_DATA_HOME/verify.txt" && fail "a fixed deal verified: $(cat "$XDG_DATA_HOME/verify.txt")"
grep -q "^commitment  $commitment\$" "$XDG_DATA_HOME/verify.txt" || fail "verify's commitment"
grep -q "^NOT VERIFIED: the pile.s order is not the one the revealed key gives" "$XDG_DATA_HOME/verify.txt" \
	|| fail "verify's reason: $(cat "$XDG_DATA_HOME/verify.txt")"
"$BIN" list | grep -q ' 1-0 checkmate  Fixed deal' || fail "list: $("$BIN" list)"
# UNO-R21: show lists each discard in full, oldest first.
"$BIN" show | grep -qx 'Discard of Alice, oldest first (2): 3 red, 0 red' \
	&& "$BIN" show | grep -qx 'Discard of Bruno, oldest first (2): 5 red, 4 red' || fail "discards: $("$BIN" show)"
"$BIN" ratings --game uno --all --csv | grep -q '^[12],Alice,1000,1000.000000,silver,0,' || fail "Chess-Uno list: $("$BIN" ratings --game uno)"
"$BIN" ratings --all --csv | grep -q ',Alice,1000,1000.000000,silver,0,' || fail "ChessCubing list: $("$BIN" ratings)"
# A second game, in French at the minimum size: the players agree a draw
# on the first turn; the end screen says it and Chess-Uno's list moves again.
start 60 22 env CHESSCUBING_TEST_DECK=1,2,26,23,5 "$BIN" --lang fr
wait_for "Nouveau match"
keys Right Right Right
wait_flat "Chess-Uno (les cartes décident des coups, le roi se prend)"
keys Down Enter
for i in $(seq 10); do keys BSpace; done
keys Alice Enter Down Enter
for i in $(seq 10); do keys BSpace; done
keys Bruno Enter Down Right s
wait_flat "Au trait : l'armée blanche, tenue par Alice"
wait_flat "DONNE FIXÉE : les cartes n'ont pas été mélangées ; cette partie ne compte pas au classement."
# The keys wrap between entries, never between a key and its word.
wait_re "^ u : annuler  r : abandon  = : nulle convenue"
wait_flat "Piocher une carte (d)."
# The help at the minimum size: every key's line whole, on two pages that
# Space turns.
keys '?'
wait_dialog "Chess-Uno : d piocher une carte (enregistrée avant d'être montrée)"
wait_dialog "m un déplacement (ou Espace) : SAN, Rxe8 prend le roi ; un déplacement en dame d'un Joker nomme sa case, Cb1b5"
wait_dialog "p poser un pion récupéré (après un +2 ou un +4) : sa case"
wait_dialog "e finir la série, ou le placement"
wait_dialog "u annuler le dernier événement ; une pioche annulée remet la même carte"
wait_dialog "r abandon (demande qui, par la couleur de chacun au départ)"
wait_dialog "= nulle convenue par les deux joueurs"
wait_dialog "a décision de l'arbitre : le vainqueur, ou la nulle, et la raison"
wait_flat "Page 1/2"
keys Space
wait_flat "Page 2/2"
wait_dialog "Réglage : flèches pour choisir et changer, Entrée pour saisir (les options par leur nom : maxCardNumber=3), s crée et distribue"
wait_dialog "Une touche ferme l'aide. q quitte (demande si une partie est en cours)."
keys Escape
wait_flat "Piocher une carte (d)."
# Every refusal said in French, with its reason, and at once: e and m
# before the draw, d and p during a series, m during a placement, a
# square off rank 7.
keys e
wait_flat "Refusé : aucune série à finir : piochez d'abord une carte."
advance 400
keys m
wait_flat "Refusé : pas de déplacement maintenant : il faut d'abord piocher une carte."
absent "Coup des Blancs"
keys d
wait_flat "Série : déplacements restants, 1 sur 1"
keys d
wait_flat "Refusé : pas de pioche maintenant : la série de déplacements est en cours."
keys p
wait_flat "Refusé : pas de pion à poser maintenant : la série de déplacements est en cours."
MOVE_OF="Coup des" PLAYS=joue mv e4
keys d
wait_flat "Série : déplacements restants, 1 sur 1"
MOVE_OF="Coup des" PLAYS=joue mv d5
keys d
wait_flat "Série : déplacements restants, 1 sur 1"
MOVE_OF="Coup des" PLAYS=joue mv exd5
keys d
wait_flat "Placement : pions récupérés à poser, au plus 1"
advance 400
keys m
wait_flat "Refusé : pas de déplacement maintenant : la phase de placement est en cours (e la termine)."
keys p
wait_dialog "Case du pion récupéré des Noirs (Bruno)"
keys e6 Enter
wait_dialog "Refusé : un pion récupéré se pose sur une case libre de la rangée 7."
keys BSpace BSpace d7 Enter
wait_for "Bruno pose un pion récupéré en d7"
# At 60x22 the screen stops above the keys: their first line is whole.
wait_re "^ d : piocher  m : déplacer  p : poser  e : fin de série"
# The log says the move with the French piece letters, as it was typed.
MOVE_OF="Coup des" PLAYS=joue mv Cf6
keys d
wait_flat "Série : déplacements restants, 3 sur 3 ; le premier est obligatoire (m : déplacer)."
# a: the arbiter's decision, as in every game (Esc: none taken); =: the agreed draw
keys a
wait_dialog "Décision d'arbitrage : qui gagne ?"
keys Escape
keys =
wait_dialog "Les joueurs conviennent d'une nulle ? La partie s'arrête."
keys y
wait_flat "nulle par accord mutuel"
wait_flat "Classement Chess-Uno : partie non comptée (hors classement)"
keys q
wait_exit 0
"$BIN" ratings --game uno --all --csv | grep -q '^[12],Alice,1000,1000.000000,silver,0,0,0,0,' \
	|| fail "after the draw: $("$BIN" ratings --game uno --csv)"
echo "ok"
