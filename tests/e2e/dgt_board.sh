#!/usr/bin/env bash
# Issue 36 at the console: a chess game 5+3 in moves recording played from
# a simulated DGT board (tests/dgt_board.py, through a pseudo-terminal),
# with no SAN typed. Each move is recorded at its player's clock key (the
# stamp, RU-38, DG-6.1) from what the board shows (DG-2.1): captures in
# both orders, castling with the king first, en passant. Before the start
# the board is checked against the starting position (DG-1.3). Said in
# words, and losing nothing: a move made without a press and a press
# without a move (DG-6.1), a position no legal move reaches (DG-3.1), a
# takeback offered and never applied (DG-3.2), the cable pulled while a
# move is made (DG-6.3). The PGN export is the scripted game. Then
# resume --dgt: back paused, a board move is refused in words (DG-6.2).
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/chess_lib.sh"
. "$(dirname "$0")/dgt_board_lib.sh"
clauses RU-38 DG-1.3 DG-2.1 DG-3.1 DG-3.2 DG-6.1 DG-6.2 DG-6.3

DB=$XDG_DATA_HOME/dgt_board.db
board_start
start 100 30 "$BIN" --db "$DB" --dgt "$BOARD"
setup_chess 5+3 auto standard
wait_flat "DGT: the pieces stand on their starting squares."
# DG-1.3: a pawn off its square is said, by name.
board lift e2
wait_flat "does not show the game's starting position: 1 square differs (e2)"
board put e2 P
wait_flat "DGT: the pieces stand on their starting squares."
keys s
wait_for "TO MOVE"

board_played x e4 "move e2 e4"
# DG-6.1: a move on the board and no press yet: said, not recorded.
board move d7 d5
wait_flat "DGT: d5 played; waiting for Black's clock press to record it."
absent "Last move: d5"
advance 400
keys n
wait_for "Last move: d5"
board_played x exd5 "move e4 d5"       # the capturer lifted first
board_played n Qxd5 "capfirst d8 d5"   # the taken piece lifted first
board_played x Nc3 "move b1 c3"
board_played n Qa5 "move d5 a5"
board_played x Nf3 "move g1 f3"
board_played n Nf6 "move g8 f6"
board_played x Bc4 "move f1 c4"
board_played n e6 "move e7 e6"
board_played x O-O "move e1 g1" "move h1 f1" # the king first

# DG-3.1: a pawn three squares on: no legal move, the squares named.
board move a7 a4
wait_flat "the board shows no legal move: 2 squares differ from the game (a4 a7)"
# The arbiter's guide's captures (docs/captures/issue-36.md) when asked.
[ -n "${CC_CAPTURE_DIR:-}" ] && screen >"$CC_CAPTURE_DIR/dgt-no-move.txt"
board move a4 a7
# DG-3.2: the position before O-O restored: offered as an undo, not applied.
board move g1 e1
board move f1 h1
wait_flat "the board shows the position before O-O"
wait_for "Last move: O-O"
board move e1 g1
board move h1 f1

# DG-6.1: Black's press with nothing moved on the board: said; the stamp waits.
advance 400
keys n
wait_flat "DGT: Black pressed the clock but the board shows no move yet."
# ... and the board's move fills it.
board move c8 d7
wait_for "Last move: Bd7"

# DG-6.3: the cable pulled while White moves; White presses meanwhile.
board unplug
wait_flat "is out: its cable pulled, or the board off; reconnecting every second. Nothing is lost."
board move d2 d4
advance 400
keys x
board plug
advance 1000
wait_flat "DGT: connected again"
[ -n "${CC_CAPTURE_DIR:-}" ] && screen >"$CC_CAPTURE_DIR/dgt-cable.txt"
wait_for "Last move: d4"
board_played n Bb5 "move d7 b5"
board_played x d5 "move d4 d5"
board_played n c5 "move c7 c5"
# en passant: the taken pawn off after the capturer is placed
board_played x dxc6 "move d5 c6" "lift c5"

# The PGN export is the scripted game, nothing typed.
pgn=$("$BIN" export --db "$DB" --format pgn 1) || fail "export"
moves=$(board_pgn_moves "$pgn")
want="1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. Nf3 Nf6 5. Bc4 e6 6. O-O Bd7 7. d4 Bb5 8. d5 c5 9. dxc6"
case "$moves" in
*"$want"*) ;;
*) fail "the PGN's moves are '$moves', not '$want'" ;;
esac

# resume --dgt: the console stopped, the game reopened with the board.
kill_console TERM
start 100 30 "$BIN" --db "$DB" resume --dgt "$BOARD"
wait_for "Last move: dxc6"
# DG-6.2: back paused, a move on the board is said and not recorded ...
board move a7 a6
wait_flat "DGT: a6 played, but no move may be played now: put the piece back."
# ... and once the clocks run, it waits for its press.
keys p
wait_flat "DGT: a6 played; waiting for Black's clock press to record it."
advance 400
keys n
wait_for "Last move: a6"
echo ok
