/*
 * chess_pseudo.c: chess without the check rule, for games in which kings
 * are taken (Chess-Uno, rules/chess-uno.md; the declarations are the
 * "without the check rule" part of chess.h).
 *
 * The standard generator (chess_movegen.c) builds legal moves directly
 * from checks and pins, so it cannot simply be told to skip them; this one
 * lists each piece's moves as the piece alone allows them, which is all
 * Chess-Uno asks: a king may walk into attack, a pinned piece moves, the
 * opposing king is a piece like any other, and castling asks for no safe
 * squares. It runs a few times per event, never in perft, so it favours
 * plainness over speed.
 */
#include <assert.h>

#include "checkered_internal.h"

static void add(cc_chess_move_list *list, unsigned from, unsigned to, cc_chess_piece_type promo,
                cc_chess_move_kind kind)
{
	list->moves[list->count++] = make_move(from, to, promo, kind);
}

static void add_set(cc_chess_move_list *list, unsigned from, uint64_t targets)
{
	while (targets)
		add(list, from, pop_lsb(&targets), CC_CHESS_NO_PIECE, CC_CHESS_MOVE_NORMAL);
}

/* A pawn arriving on to: four promotions on the last rank, but a plain
 * move when it takes the king there (the game is over, no piece is chosen). */
static void add_pawn(const cc_chess_position *pos, cc_chess_move_list *list, unsigned from, unsigned to)
{
	bool last = to / 8 == 0 || to / 8 == 7;
	if (!last || code_type(pos->board[to]) == CC_CHESS_KING) {
		add(list, from, to, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_NORMAL);
		return;
	}
	for (int t = CC_CHESS_QUEEN; t >= CC_CHESS_KNIGHT; t--)
		add(list, from, to, (cc_chess_piece_type)t, CC_CHESS_MOVE_PROMOTION);
}

static void pawn_moves(const cc_chess_position *pos, cc_chess_move_list *list, unsigned from)
{
	cc_side us = pos->to_move;
	int up = us == CC_SIDE_WHITE ? 8 : -8;
	unsigned start_rank = us == CC_SIDE_WHITE ? 1 : 6;
	uint64_t occ = occupied(pos);
	int one = (int)from + up;
	if (one >= 0 && one < 64 && !(occ & BB(one))) {
		add_pawn(pos, list, from, (unsigned)one);
		int two = one + up;
		if (from / 8 == start_rank && !(occ & BB(two)))
			add(list, from, (unsigned)two, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_NORMAL);
	}
	uint64_t caps = cc_chess_pawn_attacks[us][from] & pos->by_side[cc_side_other(us)];
	while (caps)
		add_pawn(pos, list, from, pop_lsb(&caps));
	unsigned ep = pos->ep_square;
	if (ep != CC_CHESS_NO_SQUARE && (cc_chess_pawn_attacks[us][from] & BB(ep))) {
		unsigned cap = us == CC_SIDE_WHITE ? ep - 8 : ep + 8;
		if (pos->board[cap] == piece_code(cc_side_other(us), CC_CHESS_PAWN) && !(occ & BB(ep)))
			add(list, from, ep, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_EN_PASSANT);
	}
}

static void castlings(const cc_chess_position *pos, cc_chess_move_list *list)
{
	cc_side us = pos->to_move;
	unsigned base = us == CC_SIDE_WHITE ? 0 : 56;
	unsigned rights = us == CC_SIDE_WHITE ? pos->castling : (unsigned)pos->castling >> 2;
	uint64_t occ = occupied(pos);
	if (pos->board[base + 4] != piece_code(us, CC_CHESS_KING))
		return;
	if ((rights & CC_CHESS_CASTLE_WK) && !(occ & (BB(base + 5) | BB(base + 6))))
		add(list, base + 4, base + 6, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_CASTLE);
	if ((rights & CC_CHESS_CASTLE_WQ) && !(occ & (BB(base + 1) | BB(base + 2) | BB(base + 3))))
		add(list, base + 4, base + 2, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_CASTLE);
}

/* What the piece on from attacks, pawns aside. */
static uint64_t piece_reach(const cc_chess_position *pos, unsigned from)
{
	uint64_t occ = occupied(pos);
	switch (code_type(pos->board[from])) {
	case CC_CHESS_KNIGHT:
		return cc_chess_knight_attacks[from];
	case CC_CHESS_BISHOP:
		return bishop_attacks(from, occ);
	case CC_CHESS_ROOK:
		return rook_attacks(from, occ);
	case CC_CHESS_QUEEN:
		return bishop_attacks(from, occ) | rook_attacks(from, occ);
	case CC_CHESS_KING:
		return cc_chess_king_attacks[from];
	case CC_CHESS_NO_PIECE:
	case CC_CHESS_PAWN:
		break;
	}
	return 0;
}

size_t cc_chess_pseudo_moves(const cc_chess_position *pos, cc_chess_move_list *list)
{
	cc_side us = pos->to_move;
	uint64_t own = pos->by_side[us];
	uint64_t pieces = own;
	list->count = 0;
	while (pieces) {
		unsigned from = pop_lsb(&pieces);
		if (code_type(pos->board[from]) == CC_CHESS_PAWN)
			pawn_moves(pos, list, from);
		else
			add_set(list, from, piece_reach(pos, from) & ~own);
	}
	castlings(pos, list);
	return list->count;
}

bool cc_chess_is_pseudo_move(const cc_chess_position *pos, cc_chess_move m)
{
	cc_chess_move_list list;
	cc_chess_pseudo_moves(pos, &list);
	for (size_t i = 0; i < list.count; i++)
		if (list.moves[i] == m)
			return true;
	return false;
}

unsigned cc_chess_king_square(const cc_chess_position *pos, cc_side side)
{
	uint64_t k = side_pieces(pos, side, CC_CHESS_KING);
	return k ? lsb(k) : CC_CHESS_NO_SQUARE;
}

bool cc_chess_square_attacked(const cc_chess_position *pos, unsigned sq, cc_side by, uint64_t vacated)
{
	assert(sq < 64);
	uint64_t occ = occupied(pos) & ~vacated;
	return (attackers_to(pos, sq, occ, by) & ~vacated) != 0;
}

uint64_t cc_chess_queen_targets(const cc_chess_position *pos, unsigned sq)
{
	assert(sq < 64 && pos->board[sq]);
	uint64_t occ = occupied(pos);
	uint64_t own = pos->by_side[code_side(pos->board[sq])];
	return (bishop_attacks(sq, occ) | rook_attacks(sq, occ)) & ~own;
}

void cc_chess_put(cc_chess_position *pos, unsigned sq, cc_side side, cc_chess_piece_type type)
{
	assert(sq < 64 && !pos->board[sq] && type != CC_CHESS_NO_PIECE);
	ck_put(pos, sq, piece_code(side, type));
}
