#!/usr/bin/env bash
# Issue 35, N1: the colours as the arbiter says them. In French the
# letters are b (blancs) and n (noirs), from the language table, in every
# dialog asking for a side (correction, resign, arbiter's decision): the
# prompt names both players with their letters, a letter of the other
# language is refused with a reason naming the right ones, and the record
# keeps its language-free spelling (w, b).
. "$(dirname "$0")/lib.sh" "$1"
clauses RU-43 RU-25

DB=$XDG_DATA_HOME/colour_letters.db
record() { "$BIN" export --db "$DB" --format scenario 1 | grep -v '^#'; }

start 80 24 "$BIN" --lang fr --db "$DB"
wait_for "Nouveau match"
keys Right
wait_for "Time"
keys s s
wait_for "AU TRAIT"
advance 1000
# the correction: n is Black's clock, b White's
keys c
wait_dialog "pendule b 5:00, coups n 3, perdus b -1, trait n"
keys -l "pendule n 0:30 motif"
keys Enter
absent "Correction et motif"
record | grep -qE " correct clock b 30\.000 motif$" || fail "pendule n did not set Black's clock: $(record)"
advance 1000
keys c
wait_dialog "Correction et motif"
keys -l "pendule b 9:00 motif"
keys Enter
absent "Correction et motif"
record | grep -qE " correct clock w 540\.000 motif$" || fail "pendule b did not set White's clock: $(record)"
# w is an English letter: refused, with the right ones
advance 1000
keys c
wait_dialog "Correction et motif"
keys -l "pendule w 9:00 motif"
keys Enter
wait_dialog "« w » n'est pas une couleur : b pour les Blancs (Joueur"
wait_dialog "), n pour les Noirs (Joueur"
keys Escape
absent "Correction et motif"
[ "$(record | grep -c ' correct clock')" = 2 ] || fail "a refused letter was recorded: $(record)"
# resign: the prompt names both players with their letters; w refused
keys r
wait_dialog "Qui abandonne ? b : Blancs (Joueur"
wait_dialog ") n : Noirs (Joueur"
wait_dialog "b : Blancs n : Noirs Échap : annuler"
keys w
wait_dialog "« w » n'est pas une couleur"
keys n
wait_dialog "Noirs (Joueur"
wait_dialog ") abandonne"
keys Escape
# the arbiter's decision: the same letters
keys a
wait_dialog "qui gagne ? b : Blancs (Joueur"
keys Escape
keys q o
wait_exit 0
echo "ok"
