#!/usr/bin/env bash
# Issue 21 at the console. RU-31: an arbiter's dialog holds every clock: a
# correction dialog left open 60 s in a Twice block changes no count, clock
# or phase, and the clocks run again from where they stood once it closes,
# cancelled or confirmed; the hold and its release are in the record and
# the log. RU-26: `i` after the block's last move was lost (the block over,
# the cube phase begun) brings that move back and says so; a letter the
# cube phase does not take says why instead of becoming a command.
. "$(dirname "$0")/lib.sh" "$1"
clauses RU-31 RU-26
export TZ=UTC # the log's times of day below are the test clock's, read in UTC

DB=$XDG_DATA_HOME/holds.db
record() { "$BIN" export --db "$DB" --format scenario 1 | grep -v '^#'; }

start 80 24 "$BIN" --db "$DB"
setup_match 0
keys s
wait_for "TO MOVE"
moved 3
advance 7000 # Black thinks 7 s: 13 s left on his move clock
wait_re "Block time 2:51 +Move clock 13( |$)" # RU-41: whole seconds

# The correction dialog open 60 s: nothing runs, nothing is lost.
keys c
wait_for "Correction and reason"
advance 60000
sleep 0.5
wait_re "Block time 2:51 +Move clock 13( |$)" # RU-41: whole seconds
absent "ran out"
wait_for "Correction and reason"
keys Escape
wait_re "Moves 2 / 6 +lost 0 +key x +Moves 1 / 6 +lost 0"
to_move Bob
wait_for "arbiter's dialog: clocks held (RU-31)"
wait_for "dialog closed: clocks run again (RU-31)"
record | grep -qx "8200 hold" || fail "no hold at the dialog's opening: $(record)"
record | grep -qx "68200 release" || fail "no release at its closing: $(record)"
advance 1000
wait_re "Block time 2:50 +Move clock 12( |$)" # RU-41: whole seconds

# Confirmed: the correction stamped at the opening, the clocks held till Enter.
keys c
wait_for "Correction and reason"
advance 30000
keys "move 15 slipped" Enter
wait_for "arbiter sets the move clock: 0:15.00 (slipped)"
record | grep -qx "69200 correct move 15.000 slipped" || fail "correction not at the opening: $(record)"
record | grep -qx "99200 release" || fail "no release after the confirmation: $(record)"
wait_re "Block time 2:50 +Move clock 15( |$)" # RU-41: whole seconds
# The log says when the correction was stamped (the dialog's opening), not Enter.
wait_re "00:17:49  arbiter sets the move clock: 0:15\.00 \(slipped\)"

# The block's last move lost: 11 moves, then Black's 20 s run out: the
# quotas are played, the cube phase begins. `i` brings the move back.
moved 8
wait_re "Moves 6 / 6 +lost 0 +key x +Moves 5 / 6 +lost 0"
advance 20100
wait_for "Cube phase after block 1"
wait_for "20 s ran out: move lost"
keys z
wait_for "the key 'z' does nothing on this screen"
keys i
wait_for "moved in time (the clock ran out at"
absent "the key 'z' does nothing on this screen" # issue 35 N9: no stale refusal under the dialog
keys y
wait_flat "was played in time: the move counts again; Bob's moves lost: 0"
record | grep -q " intime b$" || fail "no declaration in the record: $(record)"
keys l
wait_for "arbiter: Bob's move lost on time was played in time"
keys Escape
absent "Solve time of" # the letters after i went to the dialog, not to the cube phase

keys q y
wait_exit 0
echo "ok"
