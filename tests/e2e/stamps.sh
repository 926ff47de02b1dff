#!/usr/bin/env bash
# Issue 10 at the console. RU-27: a move is stamped when the arbiter pressed
# Space, however long typing takes: Space with about 3 s left on the move
# clock, 4 s of typing, and the move counts, recorded at the Space press.
# RU-14: the undo's question says what will change. RU-26: the move the
# clock took is declared played in time. RU-25: a clock is corrected.
# RU-41: the clocks in whole seconds, tenths in their last five.
. "$(dirname "$0")/lib.sh" "$1"
clauses RU-27 RU-14 RU-26 RU-25 RU-35 RU-41

DB=$XDG_DATA_HOME/stamps.db
record() { "$BIN" export --db "$DB" --format scenario 1 | grep -v '^#'; }

# Moves recording.
start 80 24 "$BIN" --db "$DB"
wait_for "New match"
keys Down Down Down Down Right Down Right
wait_for "moves: each move typed, SAN or UCI, checked"
keys s s
wait_for "TO MOVE"
wait_re "Block time 3:00 +Move clock 20( |$)" # RU-41: whole seconds above 5 s
advance 15000
wait_re "Block time 2:45 +Move clock 5( |$)"
advance 100
wait_re "Block time 2:44 +Move clock 4\.9( |$)" # its tenths in its last five seconds
# 3 s left on White's 20 s, then Space.
advance 1900
wait_re "Move clock 3\.0"
keys Space
wait_for "Move of White"
advance 4000 # the 20 s run out while typing
keys e4 Enter
wait_for "Last move: e4"
screen | grep -q "move lost" && fail "the typed move was lost"
# RU-35: the press is the record's stamp, the SAN fills it.
line=$(record | grep " press w") || fail "no press in the record: $(record)"
record | grep -q " san e4" || fail "no e4 in the record: $(record)"
stamp=${line%% *}
[ "$stamp" = 17000 ] || fail "e4 stamped at $stamp ms, not at the Space press (17 s)"
record | grep -q " tick" && [ "$(record | grep " tick" | head -1 | cut -d' ' -f1)" -lt "$stamp" ] &&
	fail "a tick was recorded before the move's stamp: $(record)"

# RU-14: the undo question names the event and how long ago.
keys u
wait_re "Undo \"Player 1 plays e4\", 0:04\.0 ago\?"
keys Escape

# Black lets the clock run out, then the arbiter says the move was in time.
advance 20100
wait_re "20 s ran out: move lost"
keys i
# the time the screen showed: Black's 20 s from 0:17.0 ran out at 0:37.0 of the block, 2:23.0 left on its clock
wait_re "moved in time \(the clock ran out at 2:23\.0 on the block" # the prompt wraps there at 80x24
keys e5 Enter
wait_for "Last move: e5"
record | grep -q " intime b e5" || fail "no declaration in the record: $(record)"

# RU-25: the block clock corrected, with its reason.
keys c
wait_for "Correction and reason"
keys "block 2:00 clock slipped" Enter
wait_for "arbiter sets the block's time left: 2:00.00 (clock slipped)"
record | grep -q " correct block 120.000 clock slipped" || fail "no correction in the record: $(record)"

keys q y
wait_exit 0
echo "ok"
