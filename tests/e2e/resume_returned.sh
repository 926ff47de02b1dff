#!/usr/bin/env bash
# Issue 21, RU-18: a console killed (SIGKILL) while Black thinks in a Time
# block: the resume puts the clocks back to the last event and says what
# that gave back (the console's last-seen stamp: when it stopped), on the
# resumed screen and in the log; g takes it off again as a logged
# correction, the clock as it stood when the console stopped.
. "$(dirname "$0")/lib.sh" "$1"
clauses RU-18 RU-25
export TZ=UTC # the times of day below are the test clock's, read in UTC

DB=$XDG_DATA_HOME/resume.db
record() { "$BIN" export --db "$DB" --format scenario 1 | grep -v '^#'; }

start 80 24 "$BIN" --db "$DB"
setup_match 1
keys s
wait_for "TO MOVE"
moved 3
advance 8100 # Bob thinks 8.1 s
wait_re "Clock 9:51( |$)" # drawn by the frame whose last-seen stamp is due
# The stamp is written once that frame is on the screen (its fdatasync
# does not delay the picture): wait until the record has it.
seen_at() { sqlite3 "$DB" "SELECT strftime('%H:%M:%S', wall_ms / 1000, 'unixepoch') FROM seen" 2>/dev/null; }
if command -v sqlite3 >/dev/null; then _wait_fn seen_at "00:16:49"; fi
# Issue 21: the log's lines keep their recorded times of day across the resume.
logged() { screen | grep -oE '[0-9]{2}:[0-9]{2}:[0-9]{2} +[^│]*[^ │]' | grep -v "the console stopped\|PAUSED\|paused\|returned"; }
keys l
wait_re '[0-9]{2}:[0-9]{2}:[0-9]{2} '
BEFORE=$(logged); echo "BEFORE:"; echo "$BEFORE"
[ -n "$BEFORE" ] || fail "no timed line in the log: $(screen)"
keys Escape
find_pid
kill -KILL "$PID"
wait_exit 137
advance 60000 # the console is down a minute
start 80 24 "$BIN" resume --db "$DB"
wait_for "PAUSED: every clock is stopped"
wait_flat "the console stopped at 00:16:49; clocks put back to the last event (00:16:41): 0:08.1 of Bob's thinking time returned (g: take it off again)"
keys l
wait_flat "0:08.1 of Bob's thinking time returned"
AFTER=$(logged); echo "AFTER:"; echo "$AFTER"
while IFS= read -r line; do
	grep -qxF -- "$line" <<<"$AFTER" || fail "log line changed by the resume: '$line'; after: $AFTER"
done <<<"$BEFORE"
keys Escape
keys g
wait_re "Clock 9:51( |$)" # Bob's clock as it stood when the console stopped
keys l
wait_flat "arbiter sets"
keys Escape
record | grep -qE "^1200 correct clock b 591\.500 clocks as they stood when the console stopped \(RU-18\)$" ||
	fail "no correction to the stopped clock: $(record)"
keys q y
wait_exit 0
echo "ok"
