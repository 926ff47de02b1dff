#!/usr/bin/env bash
# Issue 21, RU-18: a console killed (SIGKILL) while Black thinks in a Time
# block: the resume puts the clocks back to the last event and says what
# that gave back (the console's last-seen stamp: when it stopped), on the
# resumed screen and in the log; g takes it off again as a logged
# correction, the clock as it stood when the console stopped. Twice
# (schema 16): the report and `show` list each resume with what it gave.
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
# issue 35: g gives back the block time too, as it stood
BLOCK=$(screen | grep -oE "Block time [0-9]+:[0-9]{2}" | head -1)
[ -n "$BLOCK" ] || fail "no block time on the screen: $(screen)"
kill_console
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
wait_for "$BLOCK" # and the block time (issue 35)
keys l
wait_flat "arbiter sets"
keys Escape
record | grep -qE "^1200 correct clock b 591\.500 clocks as they stood when the console stopped \(RU-18\)$" ||
	fail "no correction to the stopped clock: $(record)"
record | grep -qE "^1200 correct block [0-9.]+ clocks as they stood when the console stopped \(RU-18\)$" ||
	fail "no correction of the block time: $(record)"

# A second stop (schema 16): play on, Bob replies, Alice thinks 5 s, kill
# -9 again. The second resume says its own amount; the report and `show`
# then list both resumes, each with its returned time (the first taken
# off again by g), and the log's times of day stay as they were.
keys p
wait_for "TO MOVE"
moved 1 # Bob's reply at 00:17:49.7
advance 5000 # Alice thinks 5 s
if command -v sqlite3 >/dev/null; then _wait_fn seen_at "00:17:54"; else sleep 1; fi
keys l
wait_re '[0-9]{2}:[0-9]{2}:[0-9]{2} '
BEFORE2=$(logged); echo "BEFORE 2:"; echo "$BEFORE2"
keys Escape
kill_console
advance 60000
start 80 24 "$BIN" resume --db "$DB"
wait_for "PAUSED: every clock is stopped"
wait_flat "the console stopped at 00:17:54; clocks put back to the last event (00:17:49): 0:05.0 of Alice's thinking time returned (g: take it off again)"
keys l
wait_flat "0:05.0 of Alice's thinking time returned"
AFTER2=$(logged); echo "AFTER 2:"; echo "$AFTER2"
# The resume's own lines may push the oldest out of the log's window (at
# 80x24 the check-list's lines take room): those missing must be the oldest
# ones, the rest all there, unchanged.
kept=0
while IFS= read -r line; do
	if grep -qxF -- "$line" <<<"$AFTER2"; then
		kept=1
	elif [ "$kept" = 1 ]; then
		fail "log line changed by the second resume: '$line'; after: $AFTER2"
	fi
done <<<"$BEFORE2"
[ "$kept" = 1 ] || fail "no log line of before the second resume is left: $AFTER2"
keys Escape
keys q y
wait_exit 0

SHOW=$("$BIN" show --db "$DB" 1)
echo "$SHOW"
grep -qF "Arbiter's interventions: 2 corrections, 0 undos, 0 holds, 0 moves declared in time, 2 resumes." <<<"$SHOW" ||
	fail "show does not count both resumes"
grep -qxF "     0:01.2  (00:17:49) resume: the console stopped at 00:16:49; clocks put back to the last event (00:16:41): 0:08.1 of Bob's thinking time returned; taken off again at 0:01.2 (g)" <<<"$SHOW" ||
	fail "show does not list the first resume with its returned time"
grep -qxF "     0:01.6  (00:18:54) resume: the console stopped at 00:17:54; clocks put back to the last event (00:17:49): 0:05.0 of Alice's thinking time returned" <<<"$SHOW" ||
	fail "show does not list the second resume with its returned time"
REPORT=$("$BIN" export --db "$DB" --format text 1)
[ "$(grep -c ": the console stopped at 00:1[67]:[0-9]*; clocks put back" <<<"$REPORT")" -eq 2 ] ||
	fail "the report does not list both resumes: $REPORT"
# In French too.
"$BIN" show --db "$DB" --lang fr 1 | grep -qF "reprise : la console s'est arrêtée à 00:17:54 ; pendules remises au dernier événement (00:17:49) : 0:05,0 de réflexion rendues à Alice" ||
	fail "show in French: $("$BIN" show --db "$DB" --lang fr 1)"
echo "ok"
