#!/usr/bin/env bash
# French all the way (issue 11): a solve time with a decimal comma, moves
# typed with French piece letters (R D T F C) and sent as English SAN, and
# the core's refusal reasons said in French; in English, a French letter
# is refused with the core's own reason.
. "$(dirname "$0")/lib.sh" "$1"
clauses CH-3.5 CO-6.1

# Moves recording in French.
start 80 24 "$BIN" --lang fr
wait_for "Nouveau match"
keys Down Down Down Down Right Down Right
wait_for "coups : chaque coup saisi"
keys s s
wait_for "AU TRAIT"
keys Space
wait_dialog "SAN ou UCI (e4, Cf3, O-O, e2e4)"
keys Cf3 Enter
wait_re "Dernier coup : Cf3"
advance 400
keys Space e5 Enter
wait_re "Dernier coup : e5"
advance 400
# An illegal move: the reason, in French, with the French letters.
keys Space Fb5 Enter
wait_for "Refusé : « Fb5 » n'est pas un coup légal pour les Blancs ici."
keys BSpace BSpace BSpace Cxe5 Enter
wait_re "Dernier coup : Cxe5"
keys q
wait_for "Quitter la console"
keys y
wait_exit 0

# In English, Cf3 is not a move, and the core says why.
cleanup
start 80 24 "$BIN" --lang en
wait_for "New match"
keys Down Down Down Down Right Down Right
keys s s
wait_for "TO MOVE"
keys Space Cf3 Enter
wait_for "'Cf3' is not a move in SAN or UCI"
keys Escape q y
wait_exit 0

# A solve time with a decimal comma, shown with it.
cleanup
start 80 24 "$BIN" --lang fr
wait_for "Nouveau match"
keys s s
wait_for "AU TRAIT"
moved 12
wait_for "Phase cube après le bloc 1"
keys 1
wait_for "23,45, 1:02,30 ou DNF"
keys 23,45 Enter
wait_for "23,45. Compter ce temps ?"
keys o
wait_for "Temps 23,45 (saisi)"
keys 2 23.5 Enter o
wait_for "Cube"
wait_re "Blancs 23,45, Noirs 23,50"
keys q o
wait_exit 0
echo "ok"
