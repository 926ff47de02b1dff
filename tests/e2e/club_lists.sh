#!/usr/bin/env bash
# Each game its own rating list (CL-2.10) on the setup screen too: a player
# who won a ChessCubing match shows his ChessCubing rating beside his name
# while a ChessCubing format is chosen, and his chess rating (still 1000)
# once the format is a chess game; the type-ahead's list says the same.
. "$(dirname "$0")/lib.sh" "$1"
clauses CL-2.10 CL-4.2

DB=$XDG_DATA_HOME/club.db
SCN=$XDG_DATA_HOME/m.scn
printf 'settings format=twice category=fast white=Anne black=Bruno seed=1\n0 start\n1000 resign b\n' >"$SCN"
"$BIN" script --db "$DB" "$SCN" >/dev/null || fail "script"
"$BIN" ratings --db "$DB" | grep -q "Anne  *1020" || fail "Anne is not 1020 in ChessCubing's list"

start 80 30 "$BIN" --db "$DB"
wait_for "New match"
# Player 1 named Anne: her ChessCubing rating with a ChessCubing format.
keys Down Down Enter
wait_for "> _  (Enter: Player 1)" # opens empty, the default beside (issue 21)
for i in $(seq 10); do keys BSpace; done
$TMUX_CMD send-keys -l "Ann"
wait_for "Anne (1020, silver)"
$TMUX_CMD send-keys -l "e"
keys Enter
wait_re "Player 1 +Anne +\(1020, silver\)"
# A chess game: her chess rating, which no ChessCubing match moved.
keys Up Up Right Right
wait_for "Chess game (FIDE Laws"
wait_re "Player 1 +Anne +\(1000, silver\)"
absent "1020"
keys Down Enter
wait_for "> Anne_"
wait_for "Anne (1000, silver)"
absent "1020"
keys Escape
# Back to ChessCubing: 1020 again.
keys Up Left Left
wait_re "Player 1 +Anne +\(1020, silver\)"
keys q
wait_exit 0
echo "PASS: the setup screen shows the rating list of the game being set up"

# With an event open, "none" on the pairing field makes a game outside it
# when the format is a chess game, a match otherwise (CL-3.6).
"$BIN" players --db "$DB" add Chloé >/dev/null || fail "players add"
"$BIN" event --db "$DB" create Mardi --players Anne,Bruno,Chloé >/dev/null || fail "event create"
start 80 30 "$BIN" --db "$DB"
wait_for "Event pairing < Mardi: round 1"
keys Left
wait_for "Event pairing < none: a match outside the events >"
keys Down Right Right
wait_for "Chess game (FIDE Laws"
wait_for "Event pairing < none: a game outside the events >"
keys q
wait_exit 0
echo "PASS: none is a game outside the events for a chess game"
