#!/usr/bin/env bash
# `chesscubing watch`: the spectator screen follows a match from the
# database as events are committed (here by the scripted driver, which
# takes the console's live path), at its next poll of the record (the
# test clock moved on 0.3 s: a poll every 0.25 s while no clock runs), and never writes.
# RE-1.4: read-only viewers are always allowed and never write; the
# database is byte-identical before and after the watcher ran while
# nothing else wrote. RU-18: with no console holding the match, the
# watcher shows the clocks stopped at the last event; with one, they run
# from the time the last event was committed.
. "$(dirname "$0")/lib.sh" "$1"
clauses RE-1.4 RU-18

DIR=$(mktemp -d)
trap 'finish; rm -rf "$DIR"' EXIT
DB=$DIR/matches.db

# The database's content files (the -shm index is shared memory, not data).
digest() { cat "$DB" "$DB-wal" 2>/dev/null | sha256sum; }

# append SCENARIO_LINES...: events for match 1, as the console would commit
# them (--resume pauses first if a block was running, RU-18).
append() {
	printf '%s\n' "settings format=twice category=fast" "$@" >"$DIR/more.scn"
	"$BIN" script --db "$DB" --resume 1 "$DIR/more.scn" >"$DIR/out.json" ||
		fail "script --resume: $(cat "$DIR/out.json")"
	advance 300
}

# A block under way: White has played two moves, Black one; Black to move.
cat >"$DIR/start.scn" <<'EOF'
settings format=twice category=fast white=Alice black=Bruno seed=11
0 start
1000 move w
2000 move b
3000 move w
EOF
"$BIN" script --db "$DB" "$DIR/start.scn" >/dev/null || fail "script --db"

before=$(digest)
start 80 24 "$BIN" watch --db "$DB"
wait_for "Watching match 1 (read only)"
wait_for "White: Alice"
wait_for "Black: Bruno"
to_move "Bruno"
screen | grep -qE "Moves 2 / 6 .*Moves 1 / 6" || fail "moves used against the quota"
# No console holds the match (the driver has exited): the clocks are shown
# stopped at the last event (3 s into the block), and the screen says why.
wait_for "No console is running this match: clocks stopped at its last event."
wait_for "Block time 2:57"
# A second later (the watcher polled ten times) the clocks still stand.
for i in $(seq 5); do advance 200; sleep 0.05; done
wait_for "Block time 2:57"
absent "Block time 2:56"
[ "$(digest)" = "$before" ] || fail "the watcher wrote to the database"

# Resumed (a pause, RU-18), then Black moves: seen within a second.
append "4000 resume" "5000 move b"
wait_re "Moves 2 / 6 +lost 0 +Moves 2 / 6"
to_move "Alice"
absent "PAUSED"

# Paused (here by the resume itself, RU-18): the banner, without the
# console's keys, and the clocks stopped.
append
wait_for "PAUSED: every clock is stopped."
absent "p: resume"
# 176 s left: 5 s since the start, one of them paused (3000 to 4000).
wait_for "Block time 2:56"

# The quotas are played: the cube phase, its number big, times as they come.
append "7000 resume" "8000 move w" "9000 move b" "10000 move w" "11000 move b" \
	"12000 move w" "13000 move b" "14000 move w" "15000 move b"
wait_for "Cube phase after block 1"
wait_for "Cube to solve: number 2"
append "30000 cube w 18.00"
wait_for "Solve time 18.00 (typed)" # issue 35 item 6: typed, not a timer's (RE-10.1)
# Its outcome in Twice: the winner, and the double move to come.
append "31000 cube b 19.50"
wait_for "Cube 2: Alice won (White 18.00, Black 19.50)."
wait_for "Block 2 is ready: Alice (White) moves first."
wait_for "DOUBLE MOVE for Alice (White)"
absent "s: start the block"

# The result at the end.
append "40000 resign b"
wait_for "Match over"
wait_for "Winner: Alice (White)"
wait_for "Reason: resignation"

# Nothing else writes now: the watcher quits on q and changed nothing.
before=$(digest)
for i in $(seq 5); do advance 200; sleep 0.05; done
keys q
wait_exit 0
[ "$(digest)" = "$before" ] || fail "the watcher wrote to the database"

# Moves recording: the board is drawn under the block screen when it fits.
cat >"$DIR/moves.scn" <<'EOF'
settings format=time category=fast white=Alice black=Bruno record=moves
0 start
1000 move w e4
2000 move b e5
3000 move w Nf3
EOF
"$BIN" script --db "$DB" "$DIR/moves.scn" >/dev/null || fail "script --db (moves)"
cleanup
start 80 44 "$BIN" watch --db "$DB"
wait_re "Watching match 2 \(read only\) +v: board"
wait_for "Board after Nf3"
screen | grep -qE "3 +: \. : \. : N : \." || fail "no white knight on f3"
wait_re "Clock 9:58( |$)"
keys q
wait_exit 0

# A console running a match: the watcher, started 3 s after the last move,
# shows the clocks as they run now (the record keeps each commit's time);
# when the console dies, the clocks stop at the last event.
LIVE=$DIR/live.db
cleanup
start 80 24 "$BIN" --db "$LIVE"
CONSOLE_TMUX=$TMUX_CMD
wait_for "New match"
find_pid
CONSOLE_PID=$PID
keys s
wait_for "s: start the block"
keys s
wait_for "TO MOVE"
keys Space
wait_re "Moves 1 / 6 +lost 0"
advance 3000
start 80 24 "$BIN" watch --db "$LIVE"
wait_for "Watching match 1 (read only)"
# The 3 s since the move (a clock stopped at the last event would show 20).
wait_re "Move clock 17( |$)"
absent "No console is running"
# Killed, then waited for until reaped and its lock gone (kill_console):
# only then does the clock move, so the watcher's next check, due 200 ms
# on, finds the match unheld (advancing first raced with the kernel).
kill_console KILL "$CONSOLE_PID" "$CONSOLE_TMUX"
advance 200
wait_for "No console is running this match"
frozen=$(screen | grep -o "Move clock [0-9.]*")
for i in $(seq 6); do advance 200; sleep 0.05; done
[ "$(screen | grep -o "Move clock [0-9.]*")" = "$frozen" ] || fail "clocks still run without a console"
TMUX_CMD=$CONSOLE_TMUX cleanup

# Watching match 1 by its number still shows its result; in French too.
cleanup
start 80 24 "$BIN" watch --lang fr --db "$DB" 1
wait_for "Match 1 suivi (lecture seule)"
wait_for "Vainqueur : Alice (Blancs)"
keys q
wait_exit 0

# A missing database, or a missing match: one line, exit 1, no terminal
# left in curses mode (the message comes before the terminal is touched).
out=$("$BIN" watch --db "$DIR/none.db" 2>&1)
rc=$?
[ $rc -eq 1 ] || fail "missing database: exit $rc"
[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "missing database: not one line: $out"
case $out in "chesscubing watch: no match database at $DIR/none.db") ;; *) fail "message: $out" ;; esac
[ -e "$DIR/none.db" ] && fail "watch created the database"
out=$("$BIN" watch --db "$DB" 9 2>&1)
rc=$?
[ $rc -eq 1 ] || fail "missing match: exit $rc"
case $out in "chesscubing watch: no match 9 in $DB") ;; *) fail "message: $out" ;; esac
cleanup
start 80 24 "$BIN" watch --db "$DIR/none.db"
wait_exit 1
wait_for "chesscubing watch: no match database at"
echo "ok"
