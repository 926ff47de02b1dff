#!/usr/bin/env bash
# Issue 21, RU-35 and RU-38 seen by the audience: `watch` of the record a
# console writes shows the console's clocks, tenth for tenth at the same
# test-clock time, while a clock key's stamp waits for its SAN and after
# the SAN is in (the SAN is committed seconds after its stamp: the watcher
# counts from the stamp, not from the commit). In a ChessCubing Twice match
# (moves recording: the block clock and the move clock) and in a chess
# game (5+3: the two players' clocks): White's key, the arbiter typing,
# Black's key during the typing, then both SANs.
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/chess_lib.sh"
clauses RU-35 RU-38

# clocks: the clocks the screen shows, as "label=tenths" words in screen order
# (whole seconds, RU-41, as that many tenths).
clocks() {
	screen | grep -oE '(Block time|Move clock|Clock) [0-9]+(:[0-9]{2})?(\.[0-9])?( |$)' | sed 's/ *$//' |
		awk '{ t = $NF; if (t !~ /\./) t = t ".0"; n = split(t, a, /[:.]/);
		       v = n == 3 ? (a[1] * 60 + a[2]) * 10 + a[3] : a[1] * 10 + a[2];
		       sub(/ [^ ]*$/, ""); gsub(/ /, "_"); printf "%s=%d ", $0, v }'
}
# close A B: the same clocks, each within one tenth: within the second
# shown when both show whole seconds (a tenth apart can show 17 and 16).
close() {
	awk -v a="$1" -v b="$2" 'BEGIN { n = split(a, x, " "); m = split(b, y, " "); if (n != m || n == 0) exit 1;
		for (i = 1; i <= n; i++) { split(x[i], p, "="); split(y[i], q, "="); d = p[2] - q[2];
			e = p[2] % 10 == 0 && q[2] % 10 == 0 ? 10 : 1;
			if (p[1] != q[1] || d > e || d < -e) exit 1 } }'
}
# same_clocks LABEL: the watcher polls (the test clock moves a tenth), then
# both screens show the same clocks, or the test fails with both.
same_clocks() {
	local i=0 c= w=
	# The watcher is told of the console's commit by the kernel and asks
	# the record a little later (test clock time): the commit's write
	# comes first (pacing only).
	sleep 0.2
	advance 100
	while [ $i -lt 200 ]; do
		TMUX_CMD=$CONSOLE
		c=$(clocks)
		TMUX_CMD=$WATCH
		w=$(clocks)
		TMUX_CMD=$CONSOLE
		close "$c" "$w" && { echo "$1: console $c| watch $w"; return 0; }
		sleep 0.05
		i=$((i + 1))
	done
	TMUX_CMD=$WATCH
	echo "---- watch ----"
	screen
	TMUX_CMD=$CONSOLE
	fail "$1: console '$c', watch '$w'"
}

# keys_live TYPING_MS: White's key, typing, Black's key, TYPING_MS more of
# typing, the two SANs, the clocks compared at each step. The console is
# in its block or game.
keys_live() {
	advance 4000
	same_clocks "before the keys"
	keys x
	wait_dialog "1 move to write: White's"
	advance 3000
	same_clocks "White's key, the arbiter typing"
	keys e
	advance 2000
	keys n
	wait_dialog "2 moves to write: White's"
	same_clocks "Black's key during the typing"
	keys 4
	advance "$1"
	same_clocks "White's SAN typed, not entered, $((5 + $1 / 1000)) s after his key"
	keys Enter
	wait_dialog "1 move to write: Black's"
	same_clocks "White's SAN in"
	advance 3000
	keys e5 Enter
	wait_for "Last move: e5"
	same_clocks "Black's SAN in"
	advance 2000
	same_clocks "2 s later"
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
# 12 s more: White's 20 s move clock runs from Black's key (it is not run out).
keys_live 12000
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
keys_live 20000
keys q y
wait_exit 0
echo "ok"
