/*
 * dgt_moves.h: from the pieces on a DGT board to the game's moves
 * (rules/dgt.md, DG-2 to DG-5).
 *
 * One pure function of positions: given the game's position, the position
 * before its last move (for a takeback) and what the board shows, it says
 * what the board means. It never looks at the order in which pieces were
 * lifted and placed, only at where they stand now, so:
 *
 *  - a capture made in either order (the taken piece off first, or the
 *    capturer lifted first), castling with the king or the rook first, en
 *    passant with the taken pawn removed before or after: while the move
 *    is half made the board is IN_TRANSIT, once it is whole it is a MOVE;
 *  - a piece lifted and put back, or knocked over and set back, leaves the
 *    board as it was: SAME;
 *  - a promotion is the piece placed on the last rank (a queen, a rook, a
 *    bishop or a knight of the mover's colour); the pawn itself left there
 *    (an under-promotion without the piece at hand) is PROMOTION_ASK: the
 *    arbiter names the piece (DG-4);
 *  - two moves made before anyone looked (one each side, or the same side
 *    twice in a ChessCubing double move) are found both: TWO_MOVES;
 *  - the position before the game's last move restored is TAKEBACK: the
 *    console offers the undo, and never applies it by itself (DG-3.3);
 *  - anything else is NO_MOVE: no legal continuation shows that; the
 *    squares that differ from the game's position are listed (diff) for
 *    the console to say, and the record waits (DG-3.1).
 *
 * A half-made move whose first half is itself a legal move (the rook of a
 * castling moved first) reads as that move until the rest is done: the
 * console reads the board when the move is completed, at the clock press
 * (rules/dgt.md, DG-2.1).
 *
 * The move of a MOVE or TWO_MOVES is what the board shows; whether the
 * format lets that side play it now (quota, double move, cube phase) is
 * the match core's to say, exactly as for a typed move (DG-1.2).
 *
 * Checkered chess: a checkered piece stands on the board as a white or a
 * black piece of its kind; either colour matches it.
 *
 * Never: does I/O, reads a clock, allocates or keeps state. A
 * cc_dgt_seen is a plain value the caller owns.
 */
#ifndef CHESSCUBING_DGT_MOVES_H
#define CHESSCUBING_DGT_MOVES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/chess.h"
#include "chesscubing/common.h"
#include "chesscubing/dgt.h"

typedef enum {
	CC_DGT_SEEN_SAME = 0,          /* the game's position: nothing to record */
	CC_DGT_SEEN_IN_TRANSIT = 1,    /* pieces lifted, or a legal move half made: wait */
	CC_DGT_SEEN_MOVE = 2,          /* the position after one legal move: moves[0] */
	CC_DGT_SEEN_TWO_MOVES = 3,     /* after two legal moves: moves[0] then moves[1] */
	CC_DGT_SEEN_PROMOTION_ASK = 4, /* a pawn on the last rank without its piece: candidates */
	CC_DGT_SEEN_TAKEBACK = 5,      /* the position before the game's last move: offer the undo */
	CC_DGT_SEEN_NO_MOVE = 6        /* no legal continuation: diff says where */
} cc_dgt_seen_kind;

/* One square where the board and the game's position differ. */
typedef struct {
	uint8_t square;   /* chess square, a1 = 0 ... h8 = 63 */
	uint8_t expected; /* board code in the game's position (0: empty; a checkered piece's code) */
	uint8_t seen;     /* board code on the board (0: empty; CC_DGT_ODD) */
} cc_dgt_square_diff;

typedef struct {
	cc_dgt_seen_kind kind;
	cc_chess_move moves[2];               /* MOVE: [0]; TWO_MOVES: [0] then [1]; TAKEBACK: [0] the
	                                       * game's last move as the board undoes it (found from before) */
	size_t nmoves;
	char san[2][CC_CHESS_SAN_MAX];        /* the SAN of each move, each in its own position ("" none) */
	cc_chess_move candidates[4];          /* PROMOTION_ASK: the promotions the arbiter picks from */
	size_t ncandidates;
	cc_dgt_square_diff diff[64];          /* every kind: the squares that differ from the game's position */
	size_t ndiff;
} cc_dgt_seen;

/* What the caller lets the search find. */
typedef struct {
	bool two_moves;       /* look for two moves, one each side (both played without a look) */
	bool same_side_twice; /* the side to move has a double move: two moves of its own (the
	                       * second searched after a pass; ChessCubing's double move) */
} cc_dgt_search;

/*
 * What board shows against game (the position the record has now) and
 * before (the position before the game's last ply, NULL when there is
 * none or an undo is not offered). Fills *out; the order of the checks is
 * SAME, MOVE (or PROMOTION_ASK), TAKEBACK, TWO_MOVES, IN_TRANSIT, NO_MOVE.
 * A board that two different pairs of moves both reach is NO_MOVE (the
 * arbiter types them).
 */
void cc_dgt_seen_of(const cc_chess_position *game, const cc_chess_position *before, const cc_dgt_board *board,
                    const cc_dgt_search *search, cc_dgt_seen *out);

/* The squares of seen->diff by name, "e2 e4 d5" (no more than size
 * bytes; at most 64 names: 192 bytes hold any). */
void cc_dgt_seen_squares(const cc_dgt_seen *seen, char *buf, size_t size);

/*
 * For the kinds the console must say in words: fills err (when not NULL)
 * with the message id and its arguments (messages.def, DGT block) and
 * returns its kind: NO_MOVE (CC_MSG_DGT_NO_LEGAL_MOVE, CC_ERR_ILLEGAL_MOVE),
 * PROMOTION_ASK (CC_MSG_DGT_PROMOTION_ASK), TAKEBACK (CC_MSG_DGT_TAKEBACK;
 * before is the position the undo goes back to, game the one now), TWO_MOVES
 * (CC_MSG_DGT_TWO_MOVES). Returns CC_OK and leaves err untouched for SAME,
 * IN_TRANSIT and MOVE.
 */
cc_err cc_dgt_seen_say(const cc_dgt_seen *seen, cc_error *err);

/*
 * Whether the board shows position (the start, or a game's FEN) before
 * block 1 (DG-1.3). Returns CC_OK, or fills err with CC_MSG_DGT_NOT_START
 * and the squares that differ, and returns CC_ERR_INVALID.
 */
cc_err cc_dgt_check_start(const cc_chess_position *position, const cc_dgt_board *board, cc_error *err);

#endif
