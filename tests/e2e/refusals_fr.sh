#!/usr/bin/env bash
# Issue 20: every refusal says its own reason in French, from its message
# id and arguments (src/session/describe_refusal.c), not a line per kind.
# In a Twice block: i with no move lost, k (no claims in ChessCubing,
# CO-5.1), a correction with a bad target; in Chess-Uno, actions out of
# their phase. Each refusal comes right after the block or game starts and
# each wait is on a screen state, so the machine's speed does not matter.
. "$(dirname "$0")/lib.sh" "$1"
clauses CO-5.1 RU-26 CO-6.1

start 200 30 "$BIN" --lang fr
wait_for "Nouveau match"
keys s s
wait_for "AU TRAIT"
# RU-26: nothing was lost on the clock, so nothing to declare in time.
keys i
wait_flat "Refusé : aucun coup n'a été perdu à la pendule depuis le dernier événement : rien à déclarer joué à temps."
absent "impossible dans cette phase du match"
# CO-5.1: a ChessCubing match has no claims.
keys k
wait_flat "Refusé : pas de réclamations : un match ChessCubing ne se termine que par mat, abandon ou décision de l'arbitre (CO-5.1)."
absent "Qui réclame"
# A correction of something that cannot be corrected: the dialog stays
# open with the reason.
keys c
wait_dialog "Correction et motif"
keys "speed 3 the clock slipped" Enter
wait_dialog "Refusé : correct demande block, move, clock, moves, lost ou tomove."
keys Escape
keys q
wait_for "Quitter la console"
keys o
wait_exit 0

# Chess-Uno: before the first card, no series to end and no move.
cleanup
start 200 30 "$BIN" --lang fr
wait_for "Nouveau match"
keys Right Right Right
wait_for "Chess-Uno (les cartes décident des coups, le roi se prend)"
keys s
wait_flat "Piocher une carte (d)."
keys e
wait_flat "Refusé : aucune série à finir : piochez d'abord une carte."
keys p
wait_flat "Refusé : pas de pion à poser maintenant : il faut d'abord piocher une carte."
absent "Refusé : impossible dans cette phase du match."
keys q
wait_for "Quitter la console"
keys o
wait_exit 0
echo "ok"
