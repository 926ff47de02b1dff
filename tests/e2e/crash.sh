#!/usr/bin/env bash
# The console killed (SIGKILL) in the middle of a block and of a cube phase:
# every accepted event is in the record, and `chesscubing resume` brings
# back the same match, paused while a block was running.
. "$(dirname "$0")/lib.sh" "$1"
clauses RE-1.5 RU-18 RE-1.1 RE-1.4 CU-4.3 CU-4.4

DB=$XDG_DATA_HOME/club.db

# record: the record as a scenario, one event per line (after the header).
record() { "$BIN" export --db "$DB" --format scenario 1 | grep -v '^#'; }

start 80 24 "$BIN" --db "$DB"
setup_match 0
keys s
wait_for "TO MOVE"
moved 3
wait_re "Moves 2 / 6 +lost 0"

# A second console on the same match is refused; a reader is not (RE-1.4).
"$BIN" resume --db "$DB" 1 2>"$XDG_DATA_HOME/err" && fail "a second console was let in"
grep -q "open in another console" "$XDG_DATA_HOME/err" || fail "no lock message: $(cat "$XDG_DATA_HOME/err")"
before=$(record)
[ "$(echo "$before" | grep -c ' move ')" = 3 ] || fail "record before the kill: $before"

# Killed mid-block: nothing accepted is lost.
kill_console
[ "$(record)" = "$before" ] || fail "the record changed by the kill"
start 80 24 "$BIN" resume --db "$DB"
wait_for "PAUSED: every clock is stopped"
wait_re "Moves 2 / 6 +lost 0"
wait_re "Moves 1 / 6 +lost 0"
to_move Bob
[ "$(record)" = "$(printf '%s\n%s' "$before" "$(echo "$before" | tail -1 | cut -d' ' -f1) pause")" ] ||
	fail "resume should add only a pause: $(record)"
# The log is back as it was, told again from the record, with the pause.
keys l
wait_for "arbiter starts the block"
wait_re "[0-9:]{8}  Alice moves"
wait_re "[0-9:]{8}  pause"
keys Escape
wait_for "PAUSED: every clock is stopped"

# On to the cube phase: resume the clocks and play the quotas out.
keys p
moved 9
wait_for "Cube phase after block 1"
# CU-4.3, CU-4.4: the designated cube's scramble, as the record's sheet has it.
number=$(screen | sed -n 's/.*Cube to solve: number \([1-4]\).*/\1/p')
scramble=$("$BIN" show --db "$DB" 1 | sed -n "s/^Cube $number: //p")
[ -n "$scramble" ] || fail "no sheet line for cube $number"
screen | tr -s ' \n' '  ' | grep -qF -- "re-apply it to both cubes once solved): $scramble" ||
	fail "the cube screen does not show the scramble '$scramble'"
keys 1
wait_for "Solve time of White (Alice)"
keys 21.09 Enter
wait_for "Count this time?"
keys y
wait_for "Solve time 21.09 (typed)"
before=$(record)

# Killed mid-cube phase: the entered time is there; no pause is added.
kill_console
start 80 24 "$BIN" resume --db "$DB"
wait_for "Cube phase after block 1"
wait_for "Solve time 21.09 (typed)"
absent "PAUSED"
[ "$(record)" = "$before" ] || fail "the cube phase record changed"
keys 2
wait_for "Solve time of Black (Bob)"
keys 22.10 Enter
wait_for "Count this time?"
keys y
wait_for "Block 2 is ready: Alice (White) moves first"
keys q
keys y
wait_exit 0
echo "ok"
