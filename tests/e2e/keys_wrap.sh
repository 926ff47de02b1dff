#!/usr/bin/env bash
# At the minimum size (60x22), in French, nothing a line says is parted:
# the keys line wraps between its items only, never between a key and what
# it does ("v :" / "échiquier"), and a line never starts with the colon of
# a French "prête :"; the setup's resume offer takes the rows it needs
# (two here) instead of being cut at one, and with a message of two rows
# as well the form's last line, "Créer le match classé" (issue 35 item 9:
# the pairing names both players), is still drawn (RU-18,
# CL-3.6).
. "$(dirname "$0")/lib.sh" "$1"
clauses RU-18 CL-3.6

DB=$XDG_DATA_HOME/club.db
for p in Denis Chloé Alice Bob; do
	"$BIN" players --db "$DB" add "$p" >/dev/null || fail "players add $p"
done
"$BIN" event --db "$DB" create Mardi --players Denis,Chloé,Alice,Bob >/dev/null || fail "event create"
printf 'settings format=chess tc=5+3 white=Denis black=Chloé\n0 start\n' >"$XDG_DATA_HOME/g.scn"
"$BIN" script --db "$DB" "$XDG_DATA_HOME/g.scn" >/dev/null || fail "script"

parted() { # N: a key alone at the end of one of the N rows of the keys (the last), or a row that starts with a colon
	screen | grep -v '^ *$' | tail -n "$1" | grep -E '(^| )[^ ]( ?:)? *$' && return 0
	screen | grep -E '^ *:' && return 0
	return 1
}

start 60 22 "$BIN" --db "$DB" --lang fr
wait_for "Nouveau match" 20
wait_flat "r : reprendre la partie inachevée 1 (Denis - Chloé, partie d'échecs)"
wait_for "[ Créer le match classé ]"
wait_for "w : feuille de mélanges  s : créer  ? : aide  q : quitter"
parted 2 && fail "a line parted"
# The pairing decides the format: the refusal's two rows, the offer's two,
# and still the whole form.
keys Down Left
wait_flat "Fixé par l'appariement du tournoi (table de Berger) : choisissez « aucun » pour le changer."
wait_flat "r : reprendre la partie inachevée 1 (Denis - Chloé, partie d'échecs)"
wait_for "[ Créer le match classé ]"
wait_for "Graine cubes"
# The unfinished chess game, resumed: its keys line parts no item.
keys r
wait_for "Pendule"
wait_for "v : échiquier"
wait_for "c : corriger une pendule"
parted 5 && fail "a line of the game parted"
echo "PASS: the keys line and the resume offer wrap whole at 60x22 in French"
