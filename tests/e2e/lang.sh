#!/usr/bin/env bash
# --lang fr gives the French texts (gettext catalogue built from
# src/ui/po/fr.po), even under the plain C locale; --lang en the English.
# NO_COLOR is honoured (the console still runs, in bold/reverse only).
# Rule clause: none (console behaviour, issue 4 item 6).
. "$(dirname "$0")/lib.sh" "$1"

start 80 24 env LC_ALL=C LANG=C "$BIN" --lang fr
wait_for "Nouveau match"
wait_for "Joueur 1"
keys q
wait_for "EXIT=0"

cleanup
start 80 24 env LANGUAGE=fr NO_COLOR=1 "$BIN" --lang en
wait_for "New match"
keys q
wait_for "EXIT=0"

# A bad option value is refused before the terminal is touched.
cleanup
start 80 24 "$BIN" --lang de
wait_for "unknown language 'de'"
wait_for "EXIT=2"
echo "ok"
