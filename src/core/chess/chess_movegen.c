/*
 * chess_movegen.c: legal move generation, straight from the rules.
 *
 * Moves are generated legal, not pseudo-legal and then tried: we first find
 * the pieces giving check and the pieces pinned to our king, then
 *  - the king goes to squares no enemy piece attacks once the king has left
 *    its square (so it cannot step back along a checking line);
 *  - in double check only the king moves;
 *  - in single check other pieces must take the checker or block the line;
 *  - a pinned piece stays on the line through its king and the pinner;
 *  - en passant, which removes two pieces from a rank, is tested by
 *    recomputing the attacks on the king (the horizontal pin case, CH-2.2);
 *  - castling needs the king not in check and the squares it passes and
 *    reaches unattacked (CH-2.1).
 * The same generator either lists the moves or only counts them: counting
 * the last ply with popcount is what makes perft fast (bulk counting).
 */
#include "checkered_internal.h"

/*
 * Perft is compiled twice: once for any x86-64 (or other) processor, and
 * once for processors with the POPCNT, LZCNT and BMI1/BMI2 instructions,
 * where GCC turns __builtin_popcountll, __builtin_clzll and
 * __builtin_ctzll into one instruction each instead of a bit-twiddling
 * sequence or a library call. cc_chess_perft asks the processor which one
 * to run (__builtin_cpu_supports reads what libgcc found at start-up; no
 * state of ours). generate() and the bit helpers are forced inline
 * (CC_CHESS_HOT, chess_internal.h) so each copy gets its own code.
 * Other compilers and processors get the portable copy only.
 */

struct gen {
	cc_chess_move *out; /* NULL: count only */
	size_t count;
};

CC_CHESS_HOT void add_targets(struct gen *g, unsigned from, uint64_t targets)
{
	if (!g->out) {
		g->count += popcount(targets);
		return;
	}
	while (targets)
		g->out[g->count++] = make_move(from, pop_lsb(&targets), CC_CHESS_NO_PIECE, CC_CHESS_MOVE_NORMAL);
}

CC_CHESS_HOT uint64_t shift(uint64_t b, int delta)
{
	return delta > 0 ? b << delta : b >> -delta;
}

/* Pawn moves arriving on the squares of `to`, each coming from to - delta. */
CC_CHESS_HOT void add_pawn_set(struct gen *g, uint64_t to, int delta, uint64_t promo_rank)
{
	uint64_t promo = to & promo_rank;
	uint64_t plain = to & ~promo_rank;
	if (!g->out) {
		g->count += popcount(plain) + 4 * popcount(promo);
		return;
	}
	while (plain) {
		unsigned sq = pop_lsb(&plain);
		g->out[g->count++] = make_move((unsigned)((int)sq - delta), sq, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_NORMAL);
	}
	while (promo) {
		unsigned sq = pop_lsb(&promo);
		unsigned from = (unsigned)((int)sq - delta);
		for (int t = CC_CHESS_QUEEN; t >= CC_CHESS_KNIGHT; t--)
			g->out[g->count++] = make_move(from, sq, (cc_chess_piece_type)t, CC_CHESS_MOVE_PROMOTION);
	}
}

/* Pushes and captures of the pawns in `pawns`, limited to `allowed`. */
CC_CHESS_HOT void pawn_moves(const cc_chess_position *pos, struct gen *g, uint64_t pawns, uint64_t allowed)
{
	bool white = pos->to_move == CC_SIDE_WHITE;
	int up = white ? 8 : -8;
	uint64_t empty = ~occupied(pos);
	uint64_t opp = pos->by_side[cc_side_other(pos->to_move)];
	uint64_t promo_rank = white ? RANK_8_BB : RANK_1_BB;
	uint64_t push1 = shift(pawns, up) & empty;
	uint64_t push2 = shift(push1 & (white ? RANK_3_BB : RANK_6_BB), up) & empty & allowed;

	add_pawn_set(g, push1 & allowed, up, promo_rank);
	add_pawn_set(g, push2, 2 * up, promo_rank);
	/* toward the a-file, then toward the h-file */
	add_pawn_set(g, shift(pawns & ~FILE_A_BB, up - 1) & opp & allowed, up - 1, promo_rank);
	add_pawn_set(g, shift(pawns & ~FILE_H_BB, up + 1) & opp & allowed, up + 1, promo_rank);
}

CC_CHESS_HOT void en_passant_moves(const cc_chess_position *pos, struct gen *g)
{
	unsigned ep = pos->ep_square;
	if (ep == CC_CHESS_NO_SQUARE)
		return;
	cc_side us = pos->to_move, them = cc_side_other(us);
	unsigned cap = us == CC_SIDE_WHITE ? ep - 8 : ep + 8;
	unsigned ksq = king_square(pos, us);
	uint64_t from_set = cc_chess_pawn_attacks[them][ep] & side_pieces(pos, us, CC_CHESS_PAWN);
	while (from_set) {
		unsigned from = pop_lsb(&from_set);
		/* two pieces leave the board's lines at once: look again */
		uint64_t occ = (occupied(pos) ^ BB(from) ^ BB(cap)) | BB(ep);
		if (attackers_to(pos, ksq, occ, them) & ~BB(cap))
			continue;
		if (g->out)
			g->out[g->count] = make_move(from, ep, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_EN_PASSANT);
		g->count++;
	}
}

CC_CHESS_HOT bool attacked(const cc_chess_position *pos, unsigned sq, uint64_t occ, cc_side by)
{
	return attackers_to(pos, sq, occ, by) != 0;
}

CC_CHESS_HOT void castling_moves(const cc_chess_position *pos, struct gen *g)
{
	cc_side us = pos->to_move, them = cc_side_other(us);
	unsigned base = us == CC_SIDE_WHITE ? 0 : 56;
	unsigned rights = us == CC_SIDE_WHITE ? pos->castling : (unsigned)pos->castling >> 2;
	uint64_t occ = occupied(pos);
	if ((rights & CC_CHESS_CASTLE_WK) && !(occ & (BB(base + 5) | BB(base + 6))) &&
	    !attacked(pos, base + 5, occ, them) && !attacked(pos, base + 6, occ, them)) {
		if (g->out)
			g->out[g->count] = make_move(base + 4, base + 6, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_CASTLE);
		g->count++;
	}
	if ((rights & CC_CHESS_CASTLE_WQ) && !(occ & (BB(base + 1) | BB(base + 2) | BB(base + 3))) &&
	    !attacked(pos, base + 3, occ, them) && !attacked(pos, base + 2, occ, them)) {
		if (g->out)
			g->out[g->count] = make_move(base + 4, base + 2, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_CASTLE);
		g->count++;
	}
}

/* Our pieces standing alone between our king and an enemy slider. */
CC_CHESS_HOT uint64_t pinned_pieces(const cc_chess_position *pos, unsigned ksq)
{
	cc_side us = pos->to_move;
	uint64_t queens = pos->by_type[CC_CHESS_QUEEN];
	uint64_t snipers = pos->by_side[cc_side_other(us)] &
	                   ((rook_rays(ksq) & (pos->by_type[CC_CHESS_ROOK] | queens)) |
	                    (bishop_rays(ksq) & (pos->by_type[CC_CHESS_BISHOP] | queens)));
	uint64_t occ = occupied(pos), pinned = 0;
	while (snipers) {
		uint64_t b = cc_chess_between(ksq, pop_lsb(&snipers)) & occ;
		if (b && !(b & (b - 1)))
			pinned |= b & pos->by_side[us];
	}
	return pinned;
}

CC_CHESS_HOT void slider_moves(struct gen *g, uint64_t pieces, uint64_t occ, uint64_t target, uint64_t pinned,
                                unsigned ksq, bool diagonal)
{
	while (pieces) {
		unsigned from = pop_lsb(&pieces);
		uint64_t a = (diagonal ? bishop_attacks(from, occ) : rook_attacks(from, occ)) & target;
		if (pinned & BB(from))
			a &= cc_chess_line_through(ksq, from);
		add_targets(g, from, a);
	}
}

CC_CHESS_HOT void generate(const cc_chess_position *pos, struct gen *g)
{
	cc_side us = pos->to_move, them = cc_side_other(us);
	uint64_t own = pos->by_side[us], occ = occupied(pos);
	unsigned ksq = king_square(pos, us);
	uint64_t checkers = attackers_to(pos, ksq, occ, them);

	uint64_t steps = cc_chess_king_attacks[ksq] & ~own;
	while (steps) {
		unsigned to = pop_lsb(&steps);
		if (!attacked(pos, to, occ ^ BB(ksq), them)) {
			if (g->out)
				g->out[g->count] = make_move(ksq, to, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_NORMAL);
			g->count++;
		}
	}
	if (checkers & (checkers - 1))
		return;

	uint64_t target = ~own;
	if (checkers)
		target = cc_chess_between(ksq, lsb(checkers)) | checkers;
	else
		castling_moves(pos, g);

	uint64_t pinned = pinned_pieces(pos, ksq);
	uint64_t knights = side_pieces(pos, us, CC_CHESS_KNIGHT) & ~pinned; /* a pinned knight never moves */
	while (knights) {
		unsigned from = pop_lsb(&knights);
		add_targets(g, from, cc_chess_knight_attacks[from] & target);
	}
	uint64_t queens = side_pieces(pos, us, CC_CHESS_QUEEN);
	slider_moves(g, side_pieces(pos, us, CC_CHESS_BISHOP) | queens, occ, target, pinned, ksq, true);
	slider_moves(g, side_pieces(pos, us, CC_CHESS_ROOK) | queens, occ, target, pinned, ksq, false);

	uint64_t pawns = side_pieces(pos, us, CC_CHESS_PAWN);
	pawn_moves(pos, g, pawns & ~pinned, target);
	uint64_t pinned_pawns = pawns & pinned;
	while (pinned_pawns) {
		unsigned from = pop_lsb(&pinned_pawns);
		pawn_moves(pos, g, BB(from), target & cc_chess_line_through(ksq, from));
	}
	en_passant_moves(pos, g);
}

size_t cc_chess_legal_moves(const cc_chess_position *pos, cc_chess_move_list *list)
{
	if (is_checkered_pos(pos))
		return list->count = cc_chess_ck_generate(pos, list->moves);
	struct gen g = {list->moves, 0};
	generate(pos, &g);
	list->count = g.count;
	return g.count;
}

size_t cc_chess_count_legal_moves(const cc_chess_position *pos)
{
	if (is_checkered_pos(pos))
		return cc_chess_ck_generate(pos, NULL);
	struct gen g = {NULL, 0};
	generate(pos, &g);
	return g.count;
}

unsigned cc_chess_legal_ep_square(const cc_chess_position *pos)
{
	if (is_checkered_pos(pos))
		return cc_chess_ck_legal_ep_square(pos);
	struct gen g = {NULL, 0};
	en_passant_moves(pos, &g);
	return g.count ? pos->ep_square : CC_CHESS_NO_SQUARE;
}

/*
 * One perft node; next is the copy of perft to recurse into, so that the
 * portable and the hardware copies each stay in their own code.
 */
CC_CHESS_HOT uint64_t perft_node(cc_chess_position *pos, unsigned depth,
				    uint64_t (*next)(cc_chess_position *, unsigned))
{
	if (depth == 1) {
		struct gen g = {NULL, 0};
		generate(pos, &g);
		return g.count;
	}
	cc_chess_move_list list;
	struct gen g = {list.moves, 0};
	generate(pos, &g);
	uint64_t nodes = 0;
	for (size_t i = 0; i < g.count; i++) {
		cc_chess_undo undo;
		cc_chess_make(pos, list.moves[i], &undo);
		nodes += next(pos, depth - 1);
		cc_chess_unmake(pos, list.moves[i], &undo);
	}
	return nodes;
}

static uint64_t perft_portable(cc_chess_position *pos, unsigned depth)
{
	return perft_node(pos, depth, perft_portable);
}

#if CC_CHESS_HW_PERFT
__attribute__((target("popcnt,lzcnt,bmi,bmi2"))) static uint64_t perft_hw(cc_chess_position *pos, unsigned depth)
{
	return perft_node(pos, depth, perft_hw);
}

static bool cpu_has_bit_instructions(void)
{
	__builtin_cpu_init();
	return __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("lzcnt") &&
	       __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
}
#endif

bool cc_chess_perft_uses_bit_instructions(void)
{
#if CC_CHESS_HW_PERFT
	return cpu_has_bit_instructions();
#else
	return false;
#endif
}

uint64_t cc_chess_perft(const cc_chess_position *pos, unsigned depth)
{
	if (is_checkered_pos(pos))
		return cc_chess_ck_perft(pos, depth);
	if (depth == 0)
		return 1;
	cc_chess_position copy = *pos;
#if CC_CHESS_HW_PERFT
	if (cpu_has_bit_instructions())
		return perft_hw(&copy, depth);
#endif
	return perft_portable(&copy, depth);
}

uint64_t cc_chess_perft_portable(const cc_chess_position *pos, unsigned depth)
{
	if (depth == 0)
		return 1;
	cc_chess_position copy = *pos;
	return perft_portable(&copy, depth);
}
