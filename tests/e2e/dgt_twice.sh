#!/usr/bin/env bash
# Issue 36 at the console: a Twice match in moves recording played from a
# simulated DGT board (tests/dgt_board.py), no SAN typed. Block 1: White's
# first move lost on the 20 s (TW-4.2), then each board move recorded at
# its player's clock key (RU-38, DG-2.1) until both quotas are played
# (CO-2.2). In the cube phase a move made on the board is said and not
# recorded (CO-7.1, DG-6.2); the arbiter types the solve times as usual.
# Block 2: the winner's double move made on the board, the free move then
# the counted one (TW-6.1, TW-6.2, TW-6.3). The PGN export is the
# scripted game, its lost move and the double move's hand-over as PGN's null
# move (the pgn-null form: one game). Before block 1 the check-list's DGT
# item is ticked by the board's start position (CK-1.1).
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/dgt_board_lib.sh"
clauses CK-1.1 RU-38 DG-2.1 DG-6.2 TW-4.2 CO-2.2 CO-7.1 TW-6.1 TW-6.2 TW-6.3

DB=$XDG_DATA_HOME/dgt_twice.db
board_start
start 100 30 "$BIN" --db "$DB" --dgt "$BOARD"
wait_for "New match"
keys Down Down Down Down Right Down Right
wait_for "moves: each move typed, SAN or UCI, checked"
keys s
wait_flat "DGT: the pieces stand on their starting squares."
# CK-1.1: the check-list's DGT item is ticked by the board itself, open
# again while a piece is off its square, ticked when it is back.
wait_for "[x] 5 DGT board shows the start position"
wait_for "[ ] 1 Eight cubes and covers 1-4 present"
board lift e2
wait_flat "does not show the game's starting position: 1 square differs (e2)"
wait_for "[ ] 5 DGT board shows the start position"
board put e2 P
wait_for "[x] 5 DGT board shows the start position"
keys s
wait_for "TO MOVE"

# TW-4.2: White lets the 20 s run out: the move is lost, the turn passes.
advance 20100
wait_re "Moves 1 / 6 +lost 1"

# board_played KEY SAN BOARD-COMMAND...: dgt_board_lib.sh.
board_played n e5 "move e7 e5"
board_played x Nf3 "move g1 f3"
board_played n Nc6 "move b8 c6"
board_played x d3 "move d2 d3"
board_played n Nf6 "move g8 f6"
board_played x Nc3 "move b1 c3"
board_played n Be7 "move f8 e7"
board_played x Be3 "move c1 e3"
board_played n d6 "move d7 d6"
board_played x h3 "move h2 h3"
# CO-2.2: Black's sixth move plays both quotas: the block ends.
board move e8 g8
board move h8 f8
advance 400
keys n
wait_for "Cube phase after block 1 (quotas played)"

# CO-7.1: no move in the cube phase: a board move is said, not recorded.
board move a2 a3
wait_flat "DGT: a3 played, but no move may be played now: put the piece back."
board move a3 a2
wait_for "Cube to solve: number"
keys 1
wait_for "Solve time of White"
type_time() { $TMUX_CMD send-keys -l "$1"; keys Enter; }
type_time 23.45
wait_for "Count this time?"
keys y
keys 2
wait_for "Solve time of Black"
type_time 25.10
wait_for "Count this time?"
keys y
wait_for "Block 2 is ready"

# TW-6.1: White won the cube and did not play block 1's last move: a double
# move. TW-6.2: the free move first (no check), then TW-6.3: the counted
# one, which may give check and take a minor piece.
wait_for "DOUBLE MOVE for Player 1 (White): move 1 of 2, the FREE move"
keys s
board_played x Nd5 "move c3 d5"
wait_for "DOUBLE MOVE for Player 1 (White): move 2 of 2"
board_played x Nxe7+ "move d5 e7"
absent "DOUBLE MOVE"
wait_for "Moves 1 / 6"
board_played n Qxe7 "move d8 e7"

pgn=$("$BIN" export --db "$DB" --format pgn-null 1) || fail "export"
moves=$(board_pgn_moves "$pgn")
want="1. -- e5 2. Nf3 Nc6 3. d3 Nf6 4. Nc3 Be7 5. Be3 d6 6. h3 O-O 7. Nd5 -- 8. Nxe7+ Qxe7"
case "$moves" in
*"$want"*) ;;
*) fail "the PGN's moves are '$moves', not '$want'" ;;
esac
echo ok
