#!/usr/bin/env bash
# What an event fixes, at the console (issue 22, rules/club.md section 8):
# a chess event of a Checkered board at 15+10 with manual claims; the
# console's setup takes the board, clock and claims from the pairing and
# shows them fixed, refuses to change them and says why (CL-8.1); the
# match created plays on those terms. A second console offered a pairing of
# a player still playing the first board asks before creating it (CL-8.6):
# "n" creates nothing.
. "$(dirname "$0")/lib.sh" "$1"
clauses CL-8.1 CL-8.6

DB=$XDG_DATA_HOME/club.db
for p in Anne Bob Cleo Dan; do
	"$BIN" players --db "$DB" add "$p" >/dev/null || fail "players add $p"
done
"$BIN" event --db "$DB" create Blitz --players Anne,Bob,Cleo,Dan --format chess --variant checkered --tc 15+10 \
	--claims manual >/dev/null || fail "event create"

start 100 32 "$BIN" --db "$DB"
BOARD1=$TMUX_CMD
wait_flat "Event pairing < Blitz: round 1, board 1, Anne (White) - Dan (Black) >" 20
wait_re "Board +Checkered: a capture makes a checkered piece \(fixed by the event\)"
wait_re "Time control +15\+10: 15 min each, \+10 s a move \(fixed by the event\)"
wait_re "Claims +manual: a player claims through the arbiter \(k\) \(fixed by the event\)"
# Pairing, format, player 1, player 2, colours, board, time control: Right is refused, in words.
keys Down Down Down Down Down Down Right
wait_flat "Fixed by the event: its games are played on the same board, clock and claims (CL-8.1)." 20
wait_re "Time control +15\+10: 15 min each"
keys Enter # nor typed
wait_flat "Fixed by the event: its games are played on the same board, clock and claims (CL-8.1)."
absent "Time control: minutes+seconds added a move"
keys s
wait_for "Anne" 20
terms=$("$BIN" export --db "$DB" --format scenario 1 | grep '^settings ')
for t in variant=checkered tc=15+10 claims=manual; do
	case " $terms " in *" $t "*) ;; *) fail "match 1's terms: $terms" ;; esac
done

# Board 2: round 1, board 2 (Bob - Cleo) offered; the next one, round 2,
# board 1, has Dan, who still plays board 1.
start 100 32 "$BIN" --db "$DB"
wait_flat "Event pairing < Blitz: round 1, board 2, Bob (White) - Cleo (Black) >" 20
keys Right
wait_flat "Event pairing < Blitz: round 2, board 1, Dan (White) - Cleo (Black) >" 20
keys s
wait_for "Dan is still playing round 1, board 1 (match 1): one player on two" 20
wait_for "Create this match all the same?"
keys Escape
advance 1000
[ "$("$BIN" list --db "$DB" | grep -c 'Dan')" = 1 ] || fail "a second match of Dan: $("$BIN" list --db "$DB")"
wait_flat "Event pairing < Blitz: round 2, board 1, Dan (White) - Cleo (Black) >" 20
echo "PASS: the event's board, clock and claims fixed at the console; a player on two boards asked first"
