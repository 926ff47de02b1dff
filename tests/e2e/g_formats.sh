#!/usr/bin/env bash
# Issue 35 (N4): g after a crash gives back every clock as it stood, in
# Twice (the block time and the move clock) and in a chess game (the
# mover's clock); Time is resume_returned.sh.
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/chess_lib.sh"
clauses RU-18 RU-25

seen() { sqlite3 "$DB" "SELECT wall_ms FROM seen" 2>/dev/null; }
# crash_and_g: waits for the last-seen stamp of the screen shown, kills
# the console, resumes a minute later, g, and checks each clock text back.
crash_and_g() {
	local before=$1 texts
	shift
	if command -v sqlite3 >/dev/null; then _wait_fn seen_changed changed; else sleep 1; fi
	kill_console
	advance 60000
	start 80 24 "$BIN" resume --db "$DB"
	wait_for "PAUSED: every clock is stopped"
	wait_for "(g: take it off again)"
	keys g
	for texts in "$@"; do wait_re "$texts"; done
	keys q y
	wait_exit 0
}
seen_changed() { [ "$(seen)" != "$SEEN0" ] && echo changed; }

# Twice: Bob thinks 8.1 s.
DB=$XDG_DATA_HOME/g_twice.db
start 80 24 "$BIN" --db "$DB"
setup_match 0
keys s
wait_for "TO MOVE"
moved 3
SEEN0=$(seen)
advance 8100
wait_re "Move clock 11( |$)"
BLOCK=$(screen | grep -oE "Block time [0-9]+:[0-9]{2}" | head -1)
[ -n "$BLOCK" ] || fail "no block time: $(screen)"
crash_and_g "$SEEN0" "$BLOCK" "Move clock 11( |$)"
"$BIN" export --db "$DB" --format scenario 1 | grep -q " correct block " || fail "no block correction"

# A chess game: White thinks 8.1 s.
DB=$XDG_DATA_HOME/g_chess.db
start 100 30 "$BIN" --db "$DB"
setup_chess 5+0 auto standard
keys s
wait_for "TO MOVE"
SEEN0=$(seen)
advance 8100
wait_re "Clock 4:51( |$)"
crash_and_g "$SEEN0" "Clock 4:51( |$)"
echo "ok"
