#!/usr/bin/env bash
# Issue 21, RU-36: French input that cannot surprise. A move that is legal
# read with the French letters and with the English ones (Rf8: the king, or
# the rook) is asked, one key, never chosen silently; a correction's words
# are French (bloc 2:29) as well as English.
. "$(dirname "$0")/lib.sh" "$1"
clauses RU-36 RU-25 RU-43

DB=$XDG_DATA_HOME/french_letters.db
record() { "$BIN" export --db "$DB" --format scenario 1 | grep -v '^#'; }
mv() { advance 400; keys Space; wait_dialog "SAN ou UCI"; keys -l "$1"; keys Enter; }

start 80 24 "$BIN" --lang fr --db "$DB"
wait_for "Nouveau match"
keys Down Down Down Down Right Down Right
wait_for "coups : chaque coup saisi"
keys s s
wait_for "AU TRAIT"
mv e4; wait_re "Dernier coup : e4"
mv e5; wait_re "Dernier coup : e5"
mv Cf3; wait_re "Dernier coup : Cf3"
mv Cf6; wait_re "Dernier coup : Cf6"
mv Fc4; wait_re "Dernier coup : Fc4"
mv Fc5; wait_re "Dernier coup : Fc5"
mv d3; wait_re "Dernier coup : d3"
# Rf8: the king (French) or the rook (English): both legal, asked.
mv Rf8
wait_dialog "« Rf8 » se lit comme deux coups : 1 : Rf8 (lettres françaises) 2 : Tf8 (lettres anglaises). Lequel ?"
record | grep -q " san " && [ "$(record | grep -c ' san ')" -ne 7 ] && fail "recorded before the answer: $(record)"
# Escape goes back to the move typed; 2 takes the rook.
keys Escape
wait_dialog "> Rf8_"
keys Enter
wait_dialog "Lequel ?"
keys 2
wait_re "Dernier coup : Tf8"
record | grep -q " san Rf8$" || fail "no rook move in the record: $(record)"
# Read one way only (D is only the French queen): no question.
mv Dd2
absent "Lequel"
wait_re "Dernier coup : Dd2"

# A correction in French words.
keys c
wait_dialog "Correction et motif : bloc 2:31.5, coup +4"
wait_dialog "b : Blancs (Joueur 1), n : Noirs (Joueur 2)" # RU-43: both players with their letters
keys -l "bloc 2:29 pendule arrêtée"
keys Enter
absent "Correction et motif"
record | grep -q " correct block 149.000 pendule arrêtée" || fail "no French correction in the record: $(record)"

keys q o
wait_exit 0
echo "ok"
