#!/usr/bin/env bash
# Keeping the players' list at the console (rules/club.md, CL-7.1, CL-7.8):
# the setup form's type-ahead finds "Élodie Roy" from "elo", and the block
# screen cuts a name too long for its panel after a whole character with
# "…" instead of running it into the other panel.
. "$(dirname "$0")/lib.sh" "$1"
clauses CL-7.1 CL-7.8

DB=$XDG_DATA_HOME/club.db
"$BIN" players --db "$DB" add "Élodie Roy" || fail "players add"
start 80 30 "$BIN" --db "$DB"
wait_for "New match"
keys Down Down Enter
wait_for "> _  (Enter: Player 1)"
$TMUX_CMD send-keys -l "elo"
wait_for "Élodie Roy (1000, silver)"
keys Escape
keys q
wait_exit 0

long="Jean-Baptiste-Alexandre-de-la-Tour-d'Auvergne-Montmorency"
SCN=$XDG_DATA_HOME/m.scn
printf 'settings format=twice category=fast white=%s black=Zoé seed=1\n0 start\n' "$long" >"$SCN"
"$BIN" script --db "$DB" "$SCN" >/dev/null || fail "script"
start 80 24 "$BIN" resume --db "$DB" 1
wait_re "Jean-Baptiste-Alexandre-de.*…"
absent "Montmorency"
wait_for "Zoé"
keys q
wait_for "Quit the console?"
keys y
wait_exit 0
echo "ok"
