#!/usr/bin/env bash
# The screens that wait draw only what changes (issue 25). Frames are
# counted by the test build (CHESSCUBING_TEST_FRAMES: the count of frames
# the program drew, src/session/clock_test.c) while the test clock moves:
# - `watch` of a match no console runs (recorded by `script --db`): its
#   clocks stand at the last event (RU-18), so ten seconds draw nothing;
#   news from the record draws one frame;
# - `watch` of a console's running Twice block, whose block time and move
#   clock change on different phases of the tenth: at most ten frames a
#   second (one per tenth for both), not twenty;
#   the console's commit is shown within a tenth of the test clock
#   (inotify: the record's write wakes the watcher); in whole seconds it
#   wakes at most three times a second, polls of the record included;
# - `watch --event` of 20 boards at 160x50 shows all 20; smaller, it pages
#   them (] and [), a digit shows a board of the page on screen alone; with
#   no console on any board, ten seconds draw nothing.
. "$(dirname "$0")/lib.sh" "$1"
clauses RU-18 RU-41

DIR=$(mktemp -d)
trap 'finish; rm -rf "$DIR"' EXIT
FRAMES=$DIR/frames
frames() { cat "$FRAMES" 2>/dev/null || echo 0; }
# ten_seconds: the test clock moved on 10 s in fifty steps, each given
# time to be seen (pacing only: what the program sees is the test clock).
ten_seconds() {
	local i
	for i in $(seq 50); do advance 200; sleep 0.02; done
}

# A Twice block recorded by the driver, no console: clocks stopped.
printf '%s\n' "settings format=twice category=fast white=Alice black=Bruno" "0 start" "1000 move w" >"$DIR/a.scn"
"$BIN" script --db "$DIR/frozen.db" "$DIR/a.scn" >/dev/null || fail "script --db"
start 80 24 env CHESSCUBING_TEST_FRAMES="$FRAMES" "$BIN" watch --db "$DIR/frozen.db"
wait_for "No console is running this match: clocks stopped at its last event."
# ... and when that event was committed (the test clock's wall time, in the local zone).
flat | grep -qE "Last event at [0-9]{2}:[0-9]{2}:[0-9]{2}\." || fail "no time of the last event"
wait_for "Block time 2:59"
before=$(frames)
[ "$before" -ge 1 ] || fail "no frame counted: $before"
ten_seconds
# News (a pause, then a move, by the driver) is drawn: once the screen
# shows it, every earlier moment of the clock has been seen.
printf '%s\n' "settings format=twice category=fast" "2000 resume" "3000 move b" >"$DIR/b.scn"
"$BIN" script --db "$DIR/frozen.db" --resume 1 "$DIR/b.scn" >/dev/null || fail "script --resume"
advance 300
wait_re "Moves 1 / 6 +lost 0 +Moves 1 / 6"
after=$(frames)
[ "$after" -gt "$before" ] || fail "the news drew no frame ($before, then $after)"
[ "$after" -le $((before + 2)) ] || fail "a frozen match drew $((after - before)) frames in 10 s (news included)"
keys q
wait_exit 0

# A console running a Twice block: the move played 0.45 s into the block
# puts the move clock half a tenth from the block time.
start 80 24 "$BIN" --db "$DIR/live.db"
CONSOLE=$TMUX_CMD
wait_for "New match"
keys s
wait_for "s: start the block"
keys s
wait_for "TO MOVE"
advance 450
keys Space
wait_re "Moves 1 / 6 +lost 0"
start 80 24 env CHESSCUBING_TEST_FRAMES="$FRAMES.live" CHESSCUBING_TEST_POLLS="$FRAMES.polls" "$BIN" watch --db "$DIR/live.db"
wait_for "Watching match 1 (read only)"
absent "No console is running"
before=$(cat "$FRAMES.live")
# 1.3 s in steps of 50 ms: twenty-six chances to draw; the clocks show
# whole seconds (RU-41), one frame a second serves both.
for i in $(seq 20); do advance 50; sleep 0.05; done
advance 300
# Waited on the state (a first frame), then a moment for any more.
i=0
until [ "$(cat "$FRAMES.live")" -gt "$before" ]; do
	i=$((i + 1))
	[ $i -lt 200 ] || fail "a running block drew no frame in 1.3 s: its clocks stand"
	sleep 0.05
done
sleep 0.3
after=$(cat "$FRAMES.live")
[ $((after - before)) -le 3 ] || fail "a running block in whole seconds drew $((after - before)) frames in 1.3 s"
[ $((after - before)) -ge 1 ] || fail "a running block drew $((after - before)) frames in 1.3 s: its clocks stand"
# The move clock's last five seconds, in tenths: one frame a tenth, at most.
advance 14000
wait_re "Move clock 4\.[0-9]( |$)"
before=$(cat "$FRAMES.live")
for i in $(seq 20); do advance 50; sleep 0.05; done
after=$(cat "$FRAMES.live")
[ $((after - before)) -le 12 ] || fail "a clock in tenths drew $((after - before)) frames in 1 s"
[ $((after - before)) -ge 8 ] || fail "a clock in tenths drew $((after - before)) frames in 1 s: tenths skipped"
# The console's commit (Black's move) is shown within a tenth of the test
# clock: the kernel tells the watcher of the write (inotify), it asks the
# record at once after, not at its next poll.
WATCH=$TMUX_CMD
TMUX_CMD=$CONSOLE keys Space
TMUX_CMD=$CONSOLE wait_re "Moves 1 / 6 +lost 0.* Moves 1 / 6 +lost 0"
sleep 0.3 # the commit's write told (pacing only: the watcher asks on the test clock)
advance 100
wait_re "Moves 1 / 6 +lost 0 +Moves 1 / 6 +lost 0"
# Whole seconds again (White's new move clock): the watcher wakes for its
# frames (one a second) and asks the record about once a second beside
# them, on those frames, where it asked four times a second: frames and
# questions together at most 3 a second over 4 s.
polls_before=$(cat "$FRAMES.polls")
before=$(cat "$FRAMES.live")
for i in $(seq 80); do advance 50; sleep 0.02; done
polls=$(($(cat "$FRAMES.polls") - polls_before))
drawn=$(($(cat "$FRAMES.live") - before))
[ "$drawn" -ge 3 ] && [ "$drawn" -le 6 ] || fail "whole seconds drew $drawn frames in 4 s"
[ $((polls + drawn)) -le 12 ] || fail "the watcher woke $((polls + drawn)) times in 4 s ($polls polls, $drawn frames)"
keys q
wait_exit 0
TMUX_CMD=$CONSOLE cleanup

# An event of 40 players: round 1's 20 boards recorded, no console.
DB=$DIR/club.db
players=""
for i in $(seq -w 1 40); do
	"$BIN" players --db "$DB" add "P$i" >/dev/null || fail "players add P$i"
	players=$players${players:+,}P$i
done
"$BIN" event --db "$DB" create Night --players "$players" >/dev/null || fail "event create"
for b in $(seq 1 20); do
	printf '%s\n' "settings format=twice category=fast white=P$(printf %02d "$b") black=P$(printf %02d $((41 - b))) event=Night" \
		"0 start" | "$BIN" script --db "$DB" >/dev/null || fail "script board $b"
done
start 160 50 env CHESSCUBING_TEST_FRAMES="$FRAMES.event" "$BIN" watch --db "$DB" --event Night
wait_flat "R1 B20 P20 - P21: Block 1, 3:00 left" 20
for b in $(seq 1 20); do
	wait_flat "R1 B$b P$(printf %02d "$b") - P$(printf %02d $((41 - b))): Block 1, 3:00 left; move clock 20; White (P$(printf %02d "$b")) to move"
done
absent "more boards"
absent "page 1 of"
wait_flat "(no console: clocks stopped)"
before=$(cat "$FRAMES.event")
ten_seconds
# News: a board's move, drawn (every earlier moment seen by then).
printf '%s\n' "settings format=twice category=fast" "2000 resume" "3000 move w" >"$DIR/c.scn"
"$BIN" script --db "$DB" --resume 1 "$DIR/c.scn" >/dev/null || fail "script --resume board 1"
advance 300
wait_flat "moves 1 / 6 - 0 / 6"
after=$(cat "$FRAMES.event")
[ "$after" -le $((before + 2)) ] || fail "20 boards with no console drew $((after - before)) frames in 10 s"

# Smaller: pages, said and turned.
resize 80 30
wait_re "Boards 1-[0-9]+ of 20, page 1 of [0-9]+"
wait_flat "PgDn ]: next page PgUp [: previous"
per_page=$(flat | sed -n 's/.*Boards 1-\([0-9]*\) of 20.*/\1/p')
[ -n "$per_page" ] && [ "$per_page" -lt 20 ] || fail "no page of boards: $(flat)"
keys ']'
wait_flat "Boards $((per_page + 1))-"
wait_flat "page 2 of"
# The first board of page 2 is board per_page + 1; its digit is 1.
keys 1
wait_for "R1 B$((per_page + 1)), match $((per_page + 1))   Esc: all boards"
keys Escape
wait_flat "page 2 of"
keys '['
wait_flat "Boards 1-$per_page of 20, page 1 of"
keys q
wait_exit 0
echo "ok"
