#!/usr/bin/env bash
# The two clock keys, like a DGT lever per player (issue 11): the key of
# the side to move records its move, the other side's key is ignored with
# a notice and never recorded, and a second press within the guard time
# (0.3 s) is one press. A move lost on time is announced in a banner and in
# the event log; a terminal too small still obeys p and q.
. "$(dirname "$0")/lib.sh" "$1"
clauses TW-4.2

start 80 24 "$BIN"
setup_match 0
keys s
wait_for "Alice   TO MOVE"
wait_re "Moves 0 / 6 +lost 0 +key x"
wait_re "Moves 0 / 6 +lost 0 +key n"

# Black's key while White is to move: a notice, nothing recorded.
keys n
wait_for "Black's key (n) ignored: White (Alice) is to move."
to_move Alice
wait_re "Moves 0 / 6 +lost 0 +key x +Moves 0 / 6"

# Space twice at once (a double press): one move.
keys Space Space
wait_for "Bob   TO MOVE"
wait_for "Second press within 0.3 s ignored."
wait_re "Moves 1 / 6 +lost 0 +key x +Moves 0 / 6"
advance 400

# Black's lever pressed twice at once: one move (the second is the key of
# the side no longer to move).
keys n n
wait_for "Alice   TO MOVE"
wait_re "Moves 1 / 6 +lost 0 +key x +Moves 1 / 6"
advance 400

# White's lever and Space together: one move.
keys x Space
wait_for "Bob   TO MOVE"
wait_re "Moves 2 / 6 +lost 0 +key x +Moves 1 / 6"
wait_for "Second press within 0.3 s ignored."

# The event log shows the three moves with their times.
wait_re "[0-9]{2}:[0-9]{2}:[0-9]{2}  Alice moves"
wait_re "[0-9]{2}:[0-9]{2}:[0-9]{2}  Bob moves"
keys l
wait_for "Event log"
wait_for "arbiter starts the block"
keys Escape
absent "Event log"

# Too small: the essentials, and p still pauses, q still asks.
resize 50 15
wait_for "Terminal too small"
wait_for "Block time"
wait_for "Black (Bob) to move"
keys p
wait_for "PAUSED (p: resume)"
keys p
absent "PAUSED"
keys q
wait_for "Quit the console?"
keys Escape
resize 80 24
wait_for "Block time"

# Configured keys: a and s are the block screen's own keys, refused.
cleanup
start 80 24 "$BIN" --clock-keys as
wait_exit 2
wait_for "invalid clock keys 'as'"

# A lost move is announced: banner and log, 20 s after the start.
cleanup
start 80 24 "$BIN" --clock-keys zk
setup_match 0
wait_re "key z"
keys s
wait_for "TO MOVE"
advance 20100
wait_for "Alice's 20 s ran out: move lost, counted 1/6"
wait_re "[0-9]{2}:[0-9]{2}:[0-9]{2}  Alice's 20 s ran out: move lost, counted 1/6"
keys k
wait_re "Moves 1 / 6 +lost 1 +key z +Moves 1 / 6 +lost 0 +key k"
keys q
wait_for "Quit the console?"
keys y
wait_exit 0
echo "ok"
