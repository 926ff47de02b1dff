/*
 * chess_states.c: the terminal and draw states of a position (CH-4),
 * reported as information, and facts about one move. How often a position
 * has occurred is the caller's to count: the match counts it over its
 * journal of keys (cc_chess_position_key, match_moves.c), the one count
 * the program has.
 */
#include <string.h>

#include "checkered_internal.h"

/* --- states ---------------------------------------------------------------- */

bool cc_chess_is_checkmate(const cc_chess_position *pos)
{
	return cc_chess_in_check(pos) && cc_chess_count_legal_moves(pos) == 0;
}

bool cc_chess_is_stalemate(const cc_chess_position *pos)
{
	return !cc_chess_in_check(pos) && cc_chess_count_legal_moves(pos) == 0;
}

#define LIGHT_SQUARES 0x55AA55AA55AA55AAULL

bool cc_chess_insufficient_material(const cc_chess_position *pos)
{
	/* Checkered (CK-4.3): any other piece may serve either side, so only bare kings */
	if (is_checkered_pos(pos))
		return popcount(occupied(pos)) == 2;
	if (pos->by_type[CC_CHESS_PAWN] | pos->by_type[CC_CHESS_ROOK] | pos->by_type[CC_CHESS_QUEEN])
		return false;
	uint64_t knights = pos->by_type[CC_CHESS_KNIGHT], bishops = pos->by_type[CC_CHESS_BISHOP];
	if (popcount(knights | bishops) <= 1)
		return true;
	/* bishops only, all on one colour: no square of the other colour is ever attacked */
	return !knights && (!(bishops & LIGHT_SQUARES) || !(bishops & ~LIGHT_SQUARES));
}

const char *cc_chess_draw_name(cc_chess_draw draw)
{
	switch (draw) {
	case CC_CHESS_DRAW_STALEMATE:
		return "stalemate";
	case CC_CHESS_DRAW_INSUFFICIENT:
		return "insufficient-material";
	case CC_CHESS_DRAW_THREEFOLD:
		return "threefold-repetition";
	case CC_CHESS_DRAW_FIFTY:
		return "50-move-rule";
	case CC_CHESS_DRAW_FIVEFOLD:
		return "fivefold-repetition";
	case CC_CHESS_DRAW_SEVENTY_FIVE:
		return "75-move-rule";
	}
	return "?";
}

unsigned cc_chess_draw_states(const cc_chess_position *pos, unsigned repetitions)
{
	unsigned draws = 0;
	size_t legal = cc_chess_count_legal_moves(pos);
	if (legal == 0 && cc_chess_in_check(pos))
		return 0; /* mate ends the game at once, before any draw (FIDE 5.1.1, 9.6.2) */
	if (legal == 0)
		draws |= CC_CHESS_DRAW_STALEMATE;
	if (cc_chess_insufficient_material(pos))
		draws |= CC_CHESS_DRAW_INSUFFICIENT;
	if (repetitions >= 3)
		draws |= CC_CHESS_DRAW_THREEFOLD;
	if (repetitions >= 5)
		draws |= CC_CHESS_DRAW_FIVEFOLD;
	if (pos->halfmove_clock >= 100)
		draws |= CC_CHESS_DRAW_FIFTY;
	if (pos->halfmove_clock >= 150)
		draws |= CC_CHESS_DRAW_SEVENTY_FIVE;
	return draws;
}

/* --- facts about one move ---------------------------------------------------- */

void cc_chess_move_describe(const cc_chess_position *pos, cc_chess_move m, cc_chess_move_info *info)
{
	unsigned to = cc_chess_move_to(m);
	memset(info, 0, sizeof *info);
	info->piece = code_type(pos->board[cc_chess_move_from(m)]);
	info->checkered = (pos->board[cc_chess_move_from(m)] & CC_CHESS_CHECKERED) != 0;
	info->kind = cc_chess_move_kind_of(m);
	info->promotion = cc_chess_move_promotion(m);
	if (info->kind == CC_CHESS_MOVE_EN_PASSANT)
		info->captured = CC_CHESS_PAWN;
	else if (info->kind != CC_CHESS_MOVE_CASTLE)
		info->captured = code_type(pos->board[to]);
	cc_chess_position after = *pos;
	cc_chess_undo undo;
	cc_chess_make(&after, m, &undo);
	info->gives_check = cc_chess_in_check(&after);
	info->gives_mate = info->gives_check && cc_chess_count_legal_moves(&after) == 0;
}
