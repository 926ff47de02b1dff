#!/usr/bin/env bash
# Issue 21 at the console, RU-35: the players' keys are always live. In
# moves recording a clock key stamps the move at once, whatever the arbiter
# is typing; the SANs are written afterwards for the stamps in order, shown
# in a queue; a refused SAN keeps its stamp; typing costs nobody time (a
# move typed over 25 s after its key loses nothing, and the opponent's key
# pressed during the typing records his move at its press); a character
# typed within 0.3 s of a clock key is a character (the x of Qxd5).
. "$(dirname "$0")/lib.sh" "$1"
clauses RU-35 RU-27

DB=$XDG_DATA_HOME/keys_live.db
record() { "$BIN" export --db "$DB" --format scenario 1 | grep -v '^#'; }

start 80 24 "$BIN" --db "$DB"
wait_for "New match"
keys Down Down Down Down Right Down Right
wait_for "moves: each move typed, SAN or UCI, checked"
keys s s
wait_for "TO MOVE"

# White's key at 0:14.2: stamped, the entry opens for it.
advance 14200
keys x
wait_dialog "Move of White (Player 1) stamped at 0:14.2"
# Black's key 3.7 s later, the entry open: his move is stamped too.
advance 3700
keys n
wait_dialog "2 moves to write: White's at 0:14.2, Black's at 0:17.9"
screen >"$XDG_DATA_HOME/queue.txt"
# The arbiter types White's move; White's Space while he types (at 0:30.0).
keys e4
advance 12100
keys Space
wait_dialog "3 moves to write: White's at 0:14.2, Black's at 0:17.9, White's at 0:30.0"
dialog | grep -q "> e4_" || fail "the typed e4 was lost: $(dialog)"
# Escape: the stamps wait, said on the screen; Enter brings the entry back.
keys Escape
wait_for "Enter: 3 moves to write: White's at 0:14.2, Black's at 0:17.9, White's at 0:30.0"
keys Enter
wait_dialog "Move of White (Player 1) stamped at 0:14.2"
keys e4
# Enter 25.8 s after White's key: White's e4 stands at 0:14.2.
advance 10000
keys Enter
wait_dialog "Move of Black (Player 2) stamped at 0:17.9"
wait_dialog "2 moves to write: Black's at 0:17.9, White's at 0:30.0"
# A refused SAN keeps its stamp.
keys e4 Enter
wait_dialog "'e4' is not a legal move"
wait_dialog "2 moves to write: Black's at 0:17.9, White's at 0:30.0"
keys BSpace BSpace d5 Enter
wait_dialog "Move of White (Player 1) stamped at 0:30.0"
keys exd5 Enter
wait_for "Last move: exd5"
absent "moves to write"
# Nobody lost a move: the typing cost neither player time.
wait_re "Moves 2 / 6 +lost 0 +key x +Moves 1 / 6 +lost 0 +key n"
screen | grep -q "move lost" && fail "a move was lost while typing"
# Black's clock runs from White's stamp at 0:30.0: 10 s gone at 0:40.0.
wait_re "Move clock 10( |$)" # RU-41: whole seconds above 5 s

# The record holds each key at its press, and each SAN.
rec=$(record)
for want in "14200 press w" "17900 press b" "30000 press w" " san e4" " san d5" " san exd5"; do
	grep -q -- "$want" <<<"$rec" || fail "no '$want' in the record: $rec"
done
grep -q " move " <<<"$rec" && fail "a move typed instead of stamped: $rec"

# A character typed within 0.3 s of a clock key is kept (the x of Qxd5).
advance 400
keys n Q x d 5 Enter
wait_for "Last move: Qxd5"

keys q y
wait_exit 0
echo "ok"
