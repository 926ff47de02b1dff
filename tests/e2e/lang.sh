#!/usr/bin/env bash
# --lang fr gives the French texts (gettext catalogue built from
# src/ui/po/fr.po), even under the plain C locale (then in ASCII); --lang
# en the English.
# NO_COLOR is honoured (the console still runs, in bold/reverse only).
# No rule clause: console behaviour (issue 4 item 6).
. "$(dirname "$0")/lib.sh" "$1"
clauses none

start 80 24 env LC_ALL=C LANG=C "$BIN" --lang fr
wait_for "Nouveau match"
wait_for "Joueur 1"
# The C locale is ASCII: accented letters are written without accents.
wait_for "Reglez le match, puis creez-le."
# Colours by default: the selected field is black on green (SGR 42).
$TMUX_CMD capture-pane -p -e | grep -q $'\e\\[42m' || fail "no colour by default"
keys q
wait_exit 0

cleanup
start 80 24 env LANGUAGE=fr NO_COLOR=1 "$BIN" --lang en
wait_for "New match"
# NO_COLOR: no colour at all, the selection in reverse video instead.
$TMUX_CMD capture-pane -p -e | grep -q $'\e\\[[0-9;]*4[0-7]m' && fail "colour despite NO_COLOR"
$TMUX_CMD capture-pane -p -e | grep -q $'\e\\[1;7m' || fail "no reverse video without colour"
keys q
wait_exit 0

# A bad option value is refused before the terminal is touched.
cleanup
start 80 24 "$BIN" --lang de
wait_for "unknown language 'de'"
wait_exit 2
echo "ok"
