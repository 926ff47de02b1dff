#!/usr/bin/env bash
# Issue 35 N9 (slice frwords): a French console line that says a count
# takes the form of its count (0 and 1 singular, 2 plural), and a move said
# inside a French line has the French piece letters (C for the knight),
# while the record keeps English SAN. --lang fr: the catalogue of the build,
# whether or not the machine has fr_FR.UTF-8.
. "$(dirname "$0")/lib.sh" "$1"
clauses RU-35

DB=$XDG_DATA_HOME/french_counts.db
record() { "$BIN" export --db "$DB" --format scenario 1 | grep -v '^#'; }

start 80 24 "$BIN" --lang fr --db "$DB"
wait_for "Nouveau match"
keys Down Down Down Down Right Down Right
wait_for "coups : chaque coup saisi"
keys s s
wait_for "AU TRAIT"

# White's key: one move waits for its SAN; Escape leaves it said on the screen.
advance 1000
keys x
wait_dialog "horodaté à 0:01,0"
keys Escape
wait_for "Entrée : 1 coup à écrire : "
absent "1 coups à écrire"
# Black's key: two moves wait.
keys Enter
wait_dialog "horodaté à 0:01,0"
advance 1500
keys n
wait_dialog "2 coups à écrire : "
# Both written with the French letters: the screen and the log say them so.
keys -l "Cf3"
keys Enter
wait_dialog "horodaté à 0:02,5"
keys -l "Cc6"
keys Enter
wait_re "Dernier coup : Cc6"
keys l
wait_for "le coup horodaté écrit : Cf3"
wait_for "le coup horodaté écrit : Cc6"
absent "Nf3"
keys Escape
record | grep -q " san Nf3$" || fail "the record does not keep English SAN: $(record)"
record | grep -q " san Nc6$" || fail "the record does not keep English SAN: $(record)"

keys q o
wait_exit 0
echo "ok"
