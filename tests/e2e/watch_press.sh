#!/usr/bin/env bash
# Issue 21, RU-35 and RU-38 seen by the audience: `watch` of the record a
# console writes shows the console's clocks as the console shows them
# (RU-41: whole seconds, tenths in their last five) at the same test-clock
# time, while a clock key's stamp waits for its SAN and after the SAN is
# in (the SAN is committed seconds after its stamp: the watcher counts
# from the stamp, not from the commit); the record's clocks exact to the
# tenth. In a ChessCubing Twice match
# (moves recording: the block clock and the move clock) and in a chess
# game (5+3: the two players' clocks): White's key, the arbiter typing,
# Black's key during the typing, then both SANs.
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/chess_lib.sh"
clauses RU-35 RU-38 RU-41

# clocks: the clocks the screen shows, as "label=text" words in screen
# order (RU-41: whole seconds, tenths in their last five and below zero).
clocks() {
	screen | grep -oE '(Block time|Move clock|Clock) -?[0-9]+(:[0-9]{2})?(\.[0-9])?' |
		awk '{ t = $NF; sub(/ [^ ]*$/, ""); gsub(/ /, "_"); printf "%s=%s ", $0, t }'
}
# close A B: the same clocks, as shown: the same test-clock time on both.
close() { [ -n "$1" ] && [ "$1" = "$2" ]; }
# same_clocks LABEL WANT: a second on the test clock (each screen then
# draws a frame at the new time: a clock shown may come up to a second
# late, RU-41, and the watcher polls every 0.25 s), then both screens show
# the same clocks, and the console's are WANT, or the test fails with both.
same_clocks() {
	local i=0 c= w=
	advance 1000
	while [ $i -lt 200 ]; do
		TMUX_CMD=$CONSOLE
		c=$(clocks)
		TMUX_CMD=$WATCH
		w=$(clocks)
		TMUX_CMD=$CONSOLE
		close "$c" "$w" && [ "$c" = "$2" ] && { echo "$1: console $c| watch $w"; return 0; }
		sleep 0.05
		i=$((i + 1))
	done
	TMUX_CMD=$WATCH
	echo "---- watch ----"
	screen
	TMUX_CMD=$CONSOLE
	fail "$1: console '$c', watch '$w', expected '$2'"
}

# keys_live TYPING_MS WANT...: White's key, typing, Black's key, TYPING_MS
# more of typing, the two SANs, the clocks compared at each step (WANT:
# the console's at the 7 steps). The console is in its block or game.
keys_live() {
	local ms=$1
	shift
	advance 4000
	same_clocks "before the keys" "$1"
	keys x
	wait_dialog "1 move to write: White's"
	advance 3000
	same_clocks "White's key, the arbiter typing" "$2"
	keys e
	advance 2000
	keys n
	wait_dialog "2 moves to write: White's"
	same_clocks "Black's key during the typing" "$3"
	keys 4
	advance "$ms"
	same_clocks "White's SAN typed, not entered, $(((8000 + ms) / 1000)) s after his key" "$4"
	keys Enter
	wait_dialog "1 move to write: Black's"
	same_clocks "White's SAN in" "$5"
	advance 3000
	keys e5 Enter
	wait_for "Last move: e5"
	same_clocks "Black's SAN in" "$6"
	advance 2000
	same_clocks "2 s later" "$7"
}

# A ChessCubing Twice match in moves recording.
DB=$XDG_DATA_HOME/twice.db
start 100 40 "$BIN" --db "$DB"
CONSOLE=$TMUX_CMD
wait_for "New match"
keys Down Down Down Down Right Down Right
wait_for "moves: each move typed, SAN or UCI, checked"
keys s s
wait_for "TO MOVE"
start 100 40 "$BIN" watch --db "$DB"
WATCH=$TMUX_CMD
wait_for "Watching match 1 (read only)"
TMUX_CMD=$CONSOLE
# 8.5 s more: White's 20 s move clock runs from Black's key at 0:11.0 (it
# is not run out): 9.5 s left as his SAN is typed, 4.5 at Black's SAN, in
# tenths (RU-41).
keys_live 8500 "Block_time=2:55 Move_clock=15 " "Block_time=2:51 Move_clock=16 " "Block_time=2:48 Move_clock=19 " \
	"Block_time=2:38 Move_clock=9 " "Block_time=2:37 Move_clock=8 " "Block_time=2:33 Move_clock=4.5 " \
	"Block_time=2:30 Move_clock=1.5 "
# The record's clocks at the last event (Black's SAN at 0:25.5), exact.
json=$("$BIN" export --db "$DB" --format json 1)
for want in '"t_ms": 25500,' '"block_ms_left": 154500,' '"move_ms_left": 5500,'; do
	grep -qF -- "$want" <<<"$json" || fail "no '$want' in the record's clocks: $(head -30 <<<"$json")"
done
# No move was lost to the typing, on either screen.
wait_re "Moves 1 / 6 +lost 0 .*Moves 1 / 6 +lost 0"
TMUX_CMD=$WATCH
wait_re "Moves 1 / 6 +lost 0 .*Moves 1 / 6 +lost 0"
TMUX_CMD=$CONSOLE
keys q y
wait_exit 0
stop_tmux "$WATCH"

# A chess game, 5+3.
DB=$XDG_DATA_HOME/chess.db
start 100 40 "$BIN" --db "$DB"
CONSOLE=$TMUX_CMD
setup_chess 5+3 auto standard
keys s
wait_for "TO MOVE"
start 100 40 "$BIN" watch --db "$DB"
WATCH=$TMUX_CMD
wait_for "Watching game 1 (read only)"
TMUX_CMD=$CONSOLE
keys_live 20500 "Clock=4:55 Clock=5:00 " "Clock=4:58 Clock=4:56 " "Clock=4:57 Clock=4:57 " \
	"Clock=4:35 Clock=4:57 " "Clock=4:34 Clock=4:57 " "Clock=4:30 Clock=4:57 " "Clock=4:27 Clock=4:57 "
# The record's clocks at Black's SAN (0:37.5): White's from Black's key at 0:11.0.
"$BIN" export --db "$DB" --format text 1 | grep -qxF "Clocks at the last event: Player 1 4:31.5, Player 2 4:57.0." ||
	fail "the clocks at the last event: $("$BIN" export --db "$DB" --format text 1)"
keys q y
wait_exit 0
echo "ok"
