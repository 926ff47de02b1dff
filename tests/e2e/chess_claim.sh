#!/usr/bin/env bash
# With claims=manual a threefold repetition does not end the game: the
# console says a draw may be claimed, a wrong claim is refused with its
# reason and changes nothing, a valid one draws (FI-9.2, FI-9.5). An agreed
# draw is its own key (FI-9.1).
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/chess_lib.sh"
clauses FI-9.5 FI-9.2 FI-9.3 FI-9.1

start 100 30 "$BIN"
setup_chess 15+10 manual standard
keys s
wait_for "TO MOVE"
# The help lists the chess game's keys, not a block's.
keys '?'
wait_dialog "k claim a draw: who, then t threefold (9.2) or f 50 moves (9.3)"
wait_dialog "d draw agreed (9.1) r resignation (asks who)"
wait_dialog "a arbiter decision c set a clock: clock w 5:00 reason"
wait_dialog "Correct: c, then type it (clock w 5:00) or press an arrow or Tab for the DGT form: Left/Right a digit, Up/Down change it, Enter, then the reason"
wait_dialog "Any key closes this help. q quits (asks while a game runs)."
absent "start the block"
keys Escape
# At the minimum size it takes two pages, nothing cut: Space turns them.
resize 60 22
keys '?'
wait_dialog "Game: Space the player to move has moved: type the move (SAN or UCI)"
wait_dialog "v board; s o c u t are checkered pieces, * marks them without colours"
wait_flat "Page 1/2. Space: next page, any other key closes"
keys Space
wait_dialog "Any key closes this help. q quits (asks while a game runs)."
wait_flat "Page 2/2. Space: first page, any other key closes"
keys Space
wait_flat "Page 1/2."
keys Escape
absent "Page 1/2."
resize 100 30
play Nf3
# Black claims 50 moves after one move, then threefold: both refused.
keys k
wait_dialog "Who claims a draw?"
keys b
wait_dialog "What does Black (Player 2) claim?"
keys f
wait_for "claim refused: 1 half-move without a capture or a pawn move, not 100 (9.3)"
keys k b t
wait_for "claim refused: this position has occurred only once, not 3 times (9.2)"
absent "Game over"
play Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8
# The start position a third time: claimable, and the game goes on.
wait_for "A draw may be claimed (9.2, 9.3): threefold repetition.  k: claim"
absent "Game over"
keys k w t
wait_for "Game over"
wait_for "Result: draw by threefold repetition"
keys q
wait_exit 0

# In French, the refusal and its reason too.
start 100 30 "$BIN" --lang fr
wait_for "Nouveau match"
keys Right Right
wait_for "Partie d'échecs (Règles FIDE"
keys Down Down Down Down Down Down Right
wait_for "manuelles : un joueur réclame auprès de l'arbitre (k)"
keys s s
wait_for "AU TRAIT"
keys '?'
wait_dialog "k réclamer la nulle : qui, puis t triple répétition (9.2) ou f 50 coups (9.3)"
wait_dialog "Une touche ferme l'aide. q quitte (demande si une partie est en cours)."
keys Escape
keys k
wait_dialog "Qui réclame la nulle ?"
keys b t # issue 35, RU-43: b for Blancs in French
wait_for "Refusé : réclamation refusée : cette position n'est apparue qu'une fois, pas 3 (9.2)."
keys d
wait_dialog "Nulle par accord mutuel (9.1)"
keys o
wait_for "Partie terminée"
wait_for "Résultat : nulle par accord mutuel"
keys q
wait_exit 0
echo "ok"
