/*
 * uno_moves.c: the moves a Chess-Uno series allows (the card's number, a
 * joker's queen moves, the prudent rule) and the squares a recovered pawn
 * may be placed on (UNO-4.5, UNO-R3), on a state of uno.c's game.
 */
#include "uno_internal.h"

#include <string.h>

/* --- the moves a series allows ------------------------------------------------ */

bool cc_uno_listed(const cc_chess_move_list *list, cc_chess_move m)
{
	for (size_t i = 0; i < list->count; i++)
		if (list->moves[i] == m)
			return true;
	return false;
}

static void add_unique(cc_chess_move_list *list, cc_chess_move m)
{
	if (!cc_uno_listed(list, m))
		list->moves[list->count++] = m;
}

static cc_chess_move plain_move(unsigned from, unsigned to, cc_chess_piece_type promo, cc_chess_move_kind kind)
{
	return (cc_chess_move)(from | (to << 6) | ((unsigned)promo << 12) | ((unsigned)kind << 15));
}

/* UNO-R4: each piece may also move as a queen; a pawn reaching its last
 * rank so promotes (a plain move when it takes the king there), and never
 * lands on its own first rank (UNO-R8). */
static void add_queen_moves(const cc_chess_position *pos, cc_chess_move_list *list)
{
	cc_side us = pos->to_move;
	uint64_t own = pos->by_side[us];
	unsigned last = us == CC_SIDE_WHITE ? 7 : 0, first = 7 - last;
	while (own) {
		unsigned from = (unsigned)__builtin_ctzll(own);
		own &= own - 1;
		bool pawn = cc_chess_piece_at(pos, from, NULL) == CC_CHESS_PAWN;
		uint64_t targets = cc_chess_queen_targets(pos, from);
		while (targets) {
			unsigned to = (unsigned)__builtin_ctzll(targets);
			targets &= targets - 1;
			bool takes_king = cc_chess_piece_at(pos, to, NULL) == CC_CHESS_KING;
			if (pawn && to / 8 == first)
				continue;
			if (pawn && to / 8 == last && !takes_king) {
				for (int t = CC_CHESS_QUEEN; t >= CC_CHESS_KNIGHT; t--)
					add_unique(list, plain_move(from, to, (cc_chess_piece_type)t, CC_CHESS_MOVE_PROMOTION));
			} else {
				add_unique(list, plain_move(from, to, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_NORMAL));
			}
		}
	}
}

/* UNO-5.6: the prudent king goes to no attacked square, but may always
 * take the opposing king. */
static bool prudent_refuses(const cc_chess_position *pos, cc_chess_move m)
{
	unsigned from = cc_chess_move_from(m), to = cc_chess_move_to(m);
	if (cc_chess_piece_at(pos, from, NULL) != CC_CHESS_KING || cc_chess_piece_at(pos, to, NULL) == CC_CHESS_KING)
		return false;
	return cc_chess_square_attacked(pos, to, cc_side_other(pos->to_move), 1ULL << from);
}

size_t cc_uno_moves_of(const cc_uno_settings *set, const cc_chess_position *pos, bool joker,
                       cc_chess_move_list *list)
{
	cc_chess_pseudo_moves(pos, list);
	if (joker)
		add_queen_moves(pos, list);
	if (set->king_avoids_attacked_squares) {
		size_t n = 0;
		for (size_t i = 0; i < list->count; i++)
			if (!prudent_refuses(pos, list->moves[i]))
				list->moves[n++] = list->moves[i];
		list->count = n;
	}
	return list->count;
}

size_t cc_uno_series_moves(const cc_uno_settings *set, const struct uno_state *st, cc_chess_move_list *list)
{
	list->count = 0;
	if (st->phase != CC_UNO_PHASE_MOVES)
		return 0;
	return cc_uno_moves_of(set, &st->pos, st->joker, list);
}

/* Whether one of the moves could take the opposing king. */
bool cc_uno_takes_king(const cc_chess_position *pos, const cc_chess_move_list *list)
{
	for (size_t i = 0; i < list->count; i++)
		if (cc_chess_piece_at(pos, cc_chess_move_to(list->moves[i]), NULL) == CC_CHESS_KING)
			return true;
	return false;
}

/* --- placement (UNO-4.5, UNO-R3) -------------------------------------------------- */

static uint64_t free_on_rank(const cc_chess_position *pos, unsigned rank)
{
	uint64_t occ = pos->by_side[CC_SIDE_WHITE] | pos->by_side[CC_SIDE_BLACK];
	return ~occ & (0xFFULL << (8 * rank));
}

uint64_t cc_uno_placement_squares_of(const cc_uno_settings *set, const struct uno_state *st)
{
	bool white = army_of(st) == CC_SIDE_WHITE;
	uint64_t start = free_on_rank(&st->pos, white ? 1 : 6);
	if (start || !set->place_on_next_rank)
		return start;
	return free_on_rank(&st->pos, white ? 2 : 5);
}
