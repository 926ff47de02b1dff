/*
 * checkered_internal.h: what the chess files share about Checkered chess
 * (rules/checkered.md).
 *
 * A checkered piece has the board code CC_CHESS_CHECKERED | type and stands
 * in both by_side sets. That one choice makes most of the standard
 * machinery right for free: by_side[us] is what we may move, by_side[them]
 * is what attacks our king once we have moved (the opponent's pieces and
 * the checkered ones, which are then the opponent's, pawns included with
 * the opponent's direction), and occupancy is their union. What differs
 * (capturing, the kind chosen, the rights, the undo rule) lives in
 * checkered_movegen.c; the standard entry points hand a Checkered position
 * over to the functions declared here.
 */
#ifndef CHESSCUBING_CHECKERED_INTERNAL_H
#define CHESSCUBING_CHECKERED_INTERNAL_H

#include "chess_internal.h"

static inline bool is_checkered_pos(const cc_chess_position *pos)
{
	return pos->variant == CC_CHESS_VARIANT_CHECKERED;
}

static inline uint64_t checkered_set(const cc_chess_position *pos)
{
	return pos->by_side[CC_SIDE_WHITE] & pos->by_side[CC_SIDE_BLACK];
}

/* The writers for a position that may hold checkered pieces. */
static inline void ck_put(cc_chess_position *pos, unsigned sq, uint8_t code)
{
	uint64_t b = BB(sq);
	pos->board[sq] = code;
	pos->by_type[code & 7u] |= b;
	if (code & CC_CHESS_CHECKERED) {
		pos->by_side[CC_SIDE_WHITE] |= b;
		pos->by_side[CC_SIDE_BLACK] |= b;
	} else {
		pos->by_side[code >> 3] |= b;
	}
}

static inline void ck_remove(cc_chess_position *pos, unsigned sq)
{
	uint64_t b = ~BB(sq);
	uint8_t code = pos->board[sq];
	pos->board[sq] = 0;
	pos->by_type[code & 7u] &= b;
	if (code & CC_CHESS_CHECKERED) {
		pos->by_side[CC_SIDE_WHITE] &= b;
		pos->by_side[CC_SIDE_BLACK] &= b;
	} else {
		pos->by_side[code >> 3] &= b;
	}
}

/* The Checkered versions of the public functions of the same name. */
size_t cc_chess_ck_generate(const cc_chess_position *pos, cc_chess_move *out);
unsigned cc_chess_ck_legal_ep_square(const cc_chess_position *pos);
void cc_chess_ck_make(cc_chess_position *pos, cc_chess_move m, cc_chess_undo *undo);
void cc_chess_ck_unmake(cc_chess_position *pos, cc_chess_move m, const cc_chess_undo *undo);
uint64_t cc_chess_ck_perft(const cc_chess_position *pos, unsigned depth);

#endif
