#!/usr/bin/env bash
# A Twice match in the console: set up, a block recorded with one key per
# move, a move lost on the 20 s clock, cube times typed (one refused), and
# the winner's double-move banner at the next block.
. "$(dirname "$0")/lib.sh" "$1"
clauses TW-2.1 TW-2.2 TW-4.2 CO-2.2 CO-6.1 TW-3.1 TW-3.3 TW-6.1 TW-6.2 TW-6.3

start 80 24 "$BIN"
setup_match 0

# TW-2.1: White starts block 1; TW-2.2: no double move in block 1.
wait_for "Block 1 is ready: Alice (White) moves first"
to_move Alice
absent "DOUBLE MOVE"
keys s
wait_for "TO MOVE"

# TW-4.2: 20 s without a move: White's move is lost, it counts, and the
# turn passes to Black.
advance 19900
absent "lost 1"
advance 200
wait_re "Moves 1 / 6 +lost 1"

to_move Bob

# CO-2.2: the block ends as soon as both quotas are played (11 more moves).
moved 11
wait_for "Cube phase after block 1 (quotas played)"
wait_for "Cube to solve: number"

# CO-6.1: a cube number is designated; a bad time is refused with a
# one-line error, and a good one is confirmed before it counts.
keys 1
wait_for "Solve time of White (Alice)"
keys 12.3.4 Enter
wait_for "'12.3.4' is not a solve time"
for i in 1 2 3 4 5 6; do keys BSpace; done
keys 23.45 Enter
wait_for "White (Alice): 23.45. Count this time?"
keys y
wait_for "Solve time 23.45 (typed)"
# The built-in stopwatch: t starts it for both, 2 stops Black's, and the
# time still needs a confirmation (refused here: n, nothing counts).
keys t
wait_for "Stopwatch"
keys 2
wait_for "Black (Bob):"
wait_for "Count this time?"
keys Escape
wait_for "Solve time not counted."
keys 2
wait_for "Solve time of Black (Bob)"
keys 25.10 Enter
wait_for "Count this time?"
keys y

# TW-3.1, TW-3.3: the faster solver (Alice) wins and starts block 2.
wait_for "Alice won (White 23.45, Black 25.10)"
wait_for "Block 2 is ready: Alice (White) moves first"

# TW-6.1: Alice did not make the last move of block 1 (Black did), so she
# has a double move; TW-6.2: the banner says the free move comes first and
# may not give check; TW-6.3: then the second, counted move.
wait_for "DOUBLE MOVE for Alice (White): move 1 of 2, the FREE move"
wait_for "it may NOT give check"
keys s
advance 400
keys +
wait_for "free move of a double move may not give check"
moved 1
wait_for "DOUBLE MOVE for Alice (White): move 2 of 2"
wait_for "Counts as move 1 of the block"
moved 1
absent "DOUBLE MOVE"
wait_for "Moves 1 / 6"

keys q
wait_for "A match is running. Quit the console?"
keys y
wait_exit 0
echo "ok"
