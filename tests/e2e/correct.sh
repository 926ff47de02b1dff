#!/usr/bin/env bash
# Issue 22: two consoles run an event; a third process corrects a game one
# of them finished earlier, while both keep running (one in its next
# match, one on its end screen). CL-5.1: a finished match, and one left
# for the next, is free at once, a match in play is not; CL-5.2: "unrated"
# chosen for one pairing does not carry over to the next; CL-5.3, CL-5.4:
# the correction of the result and of the rated flag, from another
# process, the game untouched; CL-5.6: `show` says it; CL-5.7: the ratings
# are the replay in the order of play with the corrected result in its
# place (not re-rated as ended now); CL-5.5: undone, as played again.
. "$(dirname "$0")/lib.sh" "$1"
clauses CL-5.1 CL-5.2 CL-5.3 CL-5.4 CL-5.5 CL-5.6 CL-5.7

DB=$XDG_DATA_HOME/club.db
for p in Anne Bruno Chloé Dmitri; do
	"$BIN" players --db "$DB" add "$p" >/dev/null || fail "players add $p"
done
"$BIN" event --db "$DB" create "Club night" --players Anne,Bruno,Chloé,Dmitri >/dev/null || fail "event create"

# Board 1: the first pairing, marked unrated by mistake, ends at once.
start 80 30 "$BIN" --db "$DB"
BOARD1=$TMUX_CMD
wait_flat "Event pairing < Club night: round 1, board 1, Anne (White) - Dmitri (Black) >" 20
keys Up Up Up Right
wait_flat "Rated < unrated: does not count >" 20
# Issue 35 item 9: the button says it before the match starts.
wait_for "[ Create the unrated match ]"
# Another pairing chosen is another match: rated afresh (CL-5.2).
keys Down Down Down Right
wait_flat "Event pairing < Club night: round 1, board 2, Bruno (White) - Chloé (Black) >" 20
wait_flat "Rated < rated: counts for the ratings >"
wait_for "[ Create the rated match ]"
keys Left Up Up Up Right
wait_flat "Event pairing < Club night: round 1, board 1, Anne (White) - Dmitri (Black) >" 20
wait_flat "Rated < unrated: does not count >" 20
keys s
wait_for "White: Anne" 20
keys s
wait_re "White: Anne +TO MOVE" 20
keys r
wait_dialog "Who resigns?" 20
keys b
wait_dialog "resigns: confirm?" 20
keys y
wait_for "Match over" 20
# Over: free for another process while its end screen is up (CL-5.1).
"$BIN" correct --db "$DB" 1 --rated --reason "a real game, marked unrated by mistake" --by Marie \
	>"$XDG_DATA_HOME/out" 2>&1 || fail "correct 1 --rated while the end screen is up: $(cat "$XDG_DATA_HOME/out")"
# The next pairing's form is rated again (CL-5.2).
keys m y # issue 35: a new match has its own key, asked
wait_flat "Event pairing < Club night: round 1, board 2, Bruno (White) - Chloé (Black) >" 20
wait_flat "Rated < rated: counts for the ratings >"
keys s
wait_for "White: Bruno" 20
keys s
wait_re "White: Bruno +TO MOVE" 20

# Board 2: round 2's first board, Chloé wins.
start 80 30 "$BIN" --db "$DB"
BOARD2=$TMUX_CMD
wait_flat "Event pairing < Club night: round 2, board 1, Dmitri (White) - Chloé (Black) >" 20
keys s
# Chloé still plays round 1 on board 1's console: the director lets her
# play both (CL-8.6 warns, it does not forbid).
wait_dialog "one player on two" 20
keys y
wait_for "White: Dmitri" 20
keys s
wait_re "White: Dmitri +TO MOVE" 20
keys r
wait_dialog "Who resigns?" 20
keys w
wait_dialog "resigns: confirm?" 20
keys y
wait_for "Match over" 20

# The issue's case (CL-5.1): another process resumes match 3, finished on
# board 2 whose end screen is still up; match 2, in play, is refused.
printf 'settings format=twice category=fast\n' | "$BIN" script --db "$DB" --resume 3 >"$XDG_DATA_HOME/out" 2>&1 ||
	fail "match 3, over on board 2's end screen, not resumed elsewhere: $(cat "$XDG_DATA_HOME/out")"
printf 'settings format=twice category=fast\n' | "$BIN" script --db "$DB" --resume 2 >"$XDG_DATA_HOME/out" 2>&1 &&
	fail "match 2, in play on board 1, resumed elsewhere"
grep -qF "match 2 is open in another console" "$XDG_DATA_HOME/out" || fail "refusal: $(cat "$XDG_DATA_HOME/out")"
# The director's desk, both consoles running: match 2 is in play on
# board 1 and refused; match 1 (finished, left) is corrected: Dmitri won.
"$BIN" correct --db "$DB" 2 --result 0-1 --reason "no" >"$XDG_DATA_HOME/out" 2>&1 &&
	fail "match 2 in play was corrected: $(cat "$XDG_DATA_HOME/out")"
grep -qF "match 2 is open in another console" "$XDG_DATA_HOME/out" || fail "refusal: $(cat "$XDG_DATA_HOME/out")"
"$BIN" correct --db "$DB" 1 --result 0-1 --reason "the result was reported the wrong way round" --by Marie \
	>"$XDG_DATA_HOME/out" 2>&1 || fail "correct 1: $(cat "$XDG_DATA_HOME/out")"
grep -qF "result 0-1 (played 1-0)" "$XDG_DATA_HOME/out" || fail "correct said: $(cat "$XDG_DATA_HOME/out")"
# In the order of play (CL-5.7): match 1, Dmitri beats Anne: 1020, 980;
# then match 3, Chloé beats Dmitri (1020): Chloé 1021.15, Dmitri 998.85.
# (Re-rated as ended now, after match 3, Anne would have 979.)
"$BIN" ratings --db "$DB" --all --csv >"$XDG_DATA_HOME/ratings" || fail "ratings"
for want in "Anne,980," "Dmitri,999," "Chloé,1021," "Bruno,1000,"; do
	grep -qE "^[0-9]+,$want" "$XDG_DATA_HOME/ratings" || fail "ratings ($want): $(cat "$XDG_DATA_HOME/ratings")"
done
"$BIN" show --db "$DB" 1 >"$XDG_DATA_HOME/show" || fail "show"
grep -qF "Correction 2 by Marie" "$XDG_DATA_HOME/show" || fail "show: $(cat "$XDG_DATA_HOME/show")"
grep -qF "reason: the result was reported the wrong way round" "$XDG_DATA_HOME/show" || fail "show: $(cat "$XDG_DATA_HOME/show")"
grep -qF "Ratings: Anne 1000 -> 980 (-20.0, silver), Dmitri 1000 -> 1020 (+20.0, silver)" "$XDG_DATA_HOME/show" ||
	fail "show: $(cat "$XDG_DATA_HOME/show")"
# The game itself untouched: its record still says 1-0 by resignation,
# which list gives beside the corrected result (CL-5.8).
"$BIN" list --db "$DB" | grep -qE "^ +1 .*Anne +Dmitri +[0-9]+ +0-1 \(corrected from 1-0 resignation\)" ||
	fail "list: $("$BIN" list --db "$DB")"
"$BIN" list --db "$DB" --json | jq -e '.[] | select(.id == 1) | .result == "0-1" and .corrected_from == "1-0" and .reason == "resignation"' \
	>/dev/null || fail "list --json: $("$BIN" list --db "$DB" --json)"
"$BIN" event --db "$DB" show "Club night" | grep -qE "1\. Anne +- Dmitri +0-1 +\(match 1\)" ||
	fail "event show: $("$BIN" event --db "$DB" show "Club night")"
# Undone: the game as played counts again (rated, by the first correction).
"$BIN" correct --db "$DB" 1 --undo --by Marie >/dev/null || fail "undo"
"$BIN" ratings --db "$DB" --csv | grep -qE "^[0-9]+,Anne,1020," || fail "after undo: $("$BIN" ratings --db "$DB" --csv)"
# Both consoles ran on, each on its screen.
TMUX_CMD=$BOARD1
wait_re "White: Bruno +TO MOVE" 20
TMUX_CMD=$BOARD2
wait_for "Match over" 20
keys q
wait_exit 0 20
echo "PASS: a finished game corrected from a third process while two consoles run, re-rated in its place"
