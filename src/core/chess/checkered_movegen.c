/*
 * checkered_movegen.c: Checkered chess, phase 1 (rules/checkered.md, CK-2):
 * legal move generation, make/unmake and perft.
 *
 * A capture (but the king's) turns the capturer into a checkered piece,
 * of its own kind or, by choice, of the captured one; checkered pieces
 * belong to the side to move and are never taken. A move is legal when,
 * after it, the opponent could not take our king with its own pieces or
 * with the checkered ones, which are then the opponent's (checkered pawns
 * attacking in the opponent's direction). Since checkered pieces stand in
 * both by_side sets (checkered_internal.h), "the opponent after our move"
 * is by_side[them], and the standard method applies: we find the pieces
 * giving check and the pieces pinned to our king once, then mask every
 * piece's targets. Three things are new:
 *  - the piece that lands after a capture, or after any checkered move, is
 *    checkered and so attacks our king for the opponent: a destination is
 *    refused when a piece of the resulting kind there would attack the
 *    king (af[]: the squares from which each kind attacks it, computed with
 *    the mover's square emptied when the mover stands on a line from the
 *    king);
 *  - a checkered piece giving check may itself move away, so the check
 *    mask of a mover ignores the mover;
 *  - the undo rule removes one quiet move of one piece (CK-2.4).
 * En passant, rare and removing two pieces from a rank, is played on a
 * copy and tested. As in the standard generator the same code lists moves
 * or only counts them, so perft counts its last ply with popcounts.
 */
#include <string.h>

#include "checkered_internal.h"

/* Forced inlining lets the compiler build two generators from one text,
 * one that lists and one that only counts, with no test of "listing?" left
 * in the counting one. */
#define CK_INLINE static inline __attribute__((always_inline))

struct ck_gen {
	cc_chess_move *out; /* NULL: count only */
	size_t count;
};

struct ck_ctx {
	const cc_chess_position *pos;
	cc_side us, them;
	unsigned ksq;
	uint64_t occ, empty;
	uint64_t opp;      /* what we may capture: the opponent's pieces, not checkered, not the king */
	uint64_t checkers; /* the opponent's and checkered pieces attacking our king */
	uint64_t pinned;   /* our and checkered pieces alone between our king and a slider of theirs */
	uint64_t tm;       /* the check mask of a mover that is not itself a checker */
	uint64_t special;  /* movers whose mask is their own: pinned, checkers, bound by the undo rule */
	uint64_t ray_b, ray_r; /* bishop and rook attacks from our king */
	uint64_t af[6];    /* [kind]: squares where a checkered piece of that kind attacks our king */
	unsigned undo_from, undo_to; /* the quiet move the undo rule forbids, or NO_SQUARE */
};

CK_INLINE void emit(struct ck_gen *g, unsigned from, uint64_t tos, cc_chess_piece_type promo,
                        cc_chess_move_kind kind)
{
	if (!g->out) {
		if (tos) /* most sets are empty: skip the count (a call without hardware popcount) */
			g->count += popcount(tos);
		return;
	}
	while (tos)
		g->out[g->count++] = make_move(from, pop_lsb(&tos), promo, kind);
}

/* Pawn moves arriving on tos, each from to - delta. */
CK_INLINE void emit_pawns(struct ck_gen *g, uint64_t tos, int delta, cc_chess_piece_type promo,
                              cc_chess_move_kind kind)
{
	if (!g->out) {
		if (tos) /* most sets are empty: skip the count (a call without hardware popcount) */
			g->count += popcount(tos);
		return;
	}
	while (tos) {
		unsigned to = pop_lsb(&tos);
		g->out[g->count++] = make_move((unsigned)((int)to - delta), to, promo, kind);
	}
}

CK_INLINE uint64_t shift(uint64_t b, int delta)
{
	return delta > 0 ? b << delta : b >> -delta;
}

CK_INLINE void setup(struct ck_ctx *c, const cc_chess_position *pos)
{
	c->pos = pos;
	c->us = pos->to_move;
	c->them = cc_side_other(c->us);
	uint64_t ck = checkered_set(pos);
	c->occ = occupied(pos);
	c->empty = ~c->occ;
	c->opp = pos->by_side[c->them] & ~ck & ~pos->by_type[CC_CHESS_KING];
	c->ksq = king_square(pos, c->us);
	c->checkers = attackers_to(pos, c->ksq, c->occ, c->them);

	uint64_t queens = pos->by_type[CC_CHESS_QUEEN];
	uint64_t snipers = pos->by_side[c->them] &
	                   ((rook_rays(c->ksq) & (pos->by_type[CC_CHESS_ROOK] | queens)) |
	                    (bishop_rays(c->ksq) & (pos->by_type[CC_CHESS_BISHOP] | queens)));
	c->pinned = 0;
	while (snipers) {
		uint64_t b = cc_chess_between(c->ksq, pop_lsb(&snipers)) & c->occ;
		if (b && !(b & (b - 1)))
			c->pinned |= b & pos->by_side[c->us];
	}

	c->ray_b = bishop_attacks(c->ksq, c->occ);
	c->ray_r = rook_attacks(c->ksq, c->occ);
	c->af[CC_CHESS_NO_PIECE] = 0;
	/* a pawn of theirs attacks ksq from where a pawn of ours on ksq would attack */
	c->af[CC_CHESS_PAWN] = cc_chess_pawn_attacks[c->us][c->ksq];
	c->af[CC_CHESS_KNIGHT] = cc_chess_knight_attacks[c->ksq];
	c->af[CC_CHESS_BISHOP] = c->ray_b;
	c->af[CC_CHESS_ROOK] = c->ray_r;
	c->af[CC_CHESS_QUEEN] = c->ray_b | c->ray_r;

	c->undo_from = c->undo_to = CC_CHESS_NO_SQUARE;
	c->special = c->pinned | c->checkers;
	if (pos->last_checkered != CC_CHESS_MOVE_NONE) {
		c->undo_from = cc_chess_move_to(pos->last_checkered);
		c->undo_to = cc_chess_move_from(pos->last_checkered);
		c->special |= BB(c->undo_from);
	}
	c->tm = ~0ULL;
	if (c->checkers)
		c->tm = (c->checkers & (c->checkers - 1)) ? 0 : cc_chess_between(c->ksq, lsb(c->checkers)) | c->checkers;
}

/* af[] for a piece leaving from: a line from the king through from opens. */
CK_INLINE const uint64_t *mover_af(const struct ck_ctx *c, unsigned from, uint64_t local[6])
{
	uint64_t b = BB(from);
	if (!((c->ray_b | c->ray_r) & b))
		return c->af;
	memcpy(local, c->af, sizeof c->af);
	uint64_t occ = c->occ ^ b;
	if (c->ray_b & b)
		local[CC_CHESS_BISHOP] = bishop_attacks(c->ksq, occ);
	if (c->ray_r & b)
		local[CC_CHESS_ROOK] = rook_attacks(c->ksq, occ);
	local[CC_CHESS_QUEEN] = local[CC_CHESS_BISHOP] | local[CC_CHESS_ROOK];
	return local;
}

/* Where the piece on from may go as far as checks, pins and the undo rule say. */
CK_INLINE uint64_t target_mask(const struct ck_ctx *c, unsigned from)
{
	uint64_t m = ~0ULL;
	uint64_t rem = c->checkers & ~BB(from); /* a checkered checker may step away itself */
	if (rem) {
		if (rem & (rem - 1))
			return 0;
		m = cc_chess_between(c->ksq, lsb(rem)) | rem;
	}
	if (c->pinned & BB(from))
		m &= cc_chess_line_through(c->ksq, from);
	if (from == c->undo_from)
		m &= ~BB(c->undo_to);
	return m;
}

/* Captures on caps by a piece of kind t: it keeps its kind, or takes the
 * captured piece's (a second move when the kinds differ); either way the
 * result is checkered and must not attack our king. */
CK_INLINE void emit_captures(const struct ck_ctx *c, struct ck_gen *g, unsigned from, cc_chess_piece_type t,
                                 uint64_t caps, const uint64_t *af)
{
	emit(g, from, caps & ~af[t], CC_CHESS_NO_PIECE, CC_CHESS_MOVE_NORMAL);
	for (int k = CC_CHESS_PAWN; k <= CC_CHESS_QUEEN; k++) {
		uint64_t tk = caps & c->pos->by_type[k];
		if (k != (int)t && tk)
			emit(g, from, tk & ~af[k], (cc_chess_piece_type)k, CC_CHESS_MOVE_NORMAL);
	}
}

CK_INLINE void piece_moves(const struct ck_ctx *c, struct ck_gen *g, unsigned from, cc_chess_piece_type t,
                               uint64_t attacks)
{
	uint64_t d = attacks & (c->empty | c->opp) & ((c->special & BB(from)) ? target_mask(c, from) : c->tm);
	if (!d)
		return;
	uint64_t local[6];
	const uint64_t *af = mover_af(c, from, local);
	uint64_t quiet = d & c->empty;
	if (c->pos->board[from] & CC_CHESS_CHECKERED)
		quiet &= ~af[t];
	emit(g, from, quiet, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_NORMAL);
	uint64_t caps = d & c->opp;
	if (caps)
		emit_captures(c, g, from, t, caps, af);
}

/* Promotions arriving on tos from to - delta, each kept only where the new
 * piece, if checkered, does not attack our king. */
CK_INLINE void emit_promotions(struct ck_gen *g, uint64_t tos, int delta, const uint64_t *af)
{
	for (int k = CC_CHESS_QUEEN; k >= CC_CHESS_KNIGHT; k--)
		emit_pawns(g, tos & ~af[k], delta, (cc_chess_piece_type)k, CC_CHESS_MOVE_PROMOTION);
}

/*
 * The moves of our plain pawns `plain` and checkered pawns `ck`, which all
 * share the target mask tm and af[] (a group, or one pawn). Both kinds move
 * in our direction; our plain pawns stay plain unless they capture.
 */
CK_INLINE void pawn_moves(const struct ck_ctx *c, struct ck_gen *g, uint64_t plain, uint64_t ck, uint64_t tm,
                       const uint64_t *af)
{
	static const uint64_t no_af[6] = {0, 0, 0, 0, 0, 0};
	const cc_chess_position *pos = c->pos;
	bool white = c->us == CC_SIDE_WHITE;
	int up = white ? 8 : -8;
	uint64_t last = white ? RANK_8_BB : RANK_1_BB;
	uint64_t start = white ? (uint64_t)(pos->pawn_rights & 0xFFu) << 8 : (uint64_t)(pos->pawn_rights >> 8) << 48;
	uint64_t pawns = plain | ck;

	uint64_t push1 = shift(pawns, up) & c->empty;
	uint64_t push2 = shift(shift(pawns & start, up) & push1, up) & c->empty & tm;
	push1 &= tm;
	uint64_t p1_plain = push1 & shift(plain, up);
	emit_pawns(g, p1_plain & ~last, up, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_NORMAL);
	if (p1_plain & last)
		emit_promotions(g, p1_plain & last, up, no_af);
	emit_pawns(g, push2 & shift(plain, 2 * up), 2 * up, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_NORMAL);
	if (ck) {
		uint64_t p1_ck = push1 & shift(ck, up);
		emit_pawns(g, p1_ck & ~last & ~af[CC_CHESS_PAWN], up, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_NORMAL);
		if (p1_ck & last)
			emit_promotions(g, p1_ck & last, up, af);
		emit_pawns(g, push2 & shift(ck, 2 * up) & ~af[CC_CHESS_PAWN], 2 * up, CC_CHESS_NO_PIECE,
		           CC_CHESS_MOVE_NORMAL);
	}

	/* captures toward the a-file, then toward the h-file */
	for (int side = 0; side < 2; side++) {
		int delta = side ? up + 1 : up - 1;
		uint64_t caps = shift(pawns & (side ? ~FILE_H_BB : ~FILE_A_BB), delta) & c->opp & tm;
		if (!caps)
			continue;
		uint64_t plain_caps = caps & ~last;
		emit_pawns(g, plain_caps & ~af[CC_CHESS_PAWN], delta, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_NORMAL);
		uint64_t other = plain_caps & ~pos->by_type[CC_CHESS_PAWN]; /* taking a piece: its kind too */
		for (int k = CC_CHESS_KNIGHT; other && k <= CC_CHESS_QUEEN; k++)
			emit_pawns(g, other & pos->by_type[k] & ~af[k], delta, (cc_chess_piece_type)k,
			           CC_CHESS_MOVE_NORMAL);
		if (caps & last)
			emit_promotions(g, caps & last, delta, af);
	}
}

CK_INLINE void king_moves(const struct ck_ctx *c, struct ck_gen *g)
{
	uint64_t steps = cc_chess_king_attacks[c->ksq] & (c->empty | c->opp);
	uint64_t occ = c->occ ^ BB(c->ksq);
	while (steps) {
		unsigned to = pop_lsb(&steps);
		if (!attackers_to(c->pos, to, occ, c->them))
			emit(g, c->ksq, BB(to), CC_CHESS_NO_PIECE, CC_CHESS_MOVE_NORMAL);
	}
}

/*
 * Castling (CK-2.8, the reference implementation's ruling): the king's
 * start and crossing squares must not be attacked by the opponent's own
 * pieces; its destination, like any square a king goes to, by no piece of
 * the opponent's nor checkered piece.
 */
CK_INLINE void castling_moves(const struct ck_ctx *c, struct ck_gen *g)
{
	const cc_chess_position *pos = c->pos;
	unsigned rights = c->us == CC_SIDE_WHITE ? pos->castling : (unsigned)pos->castling >> 2;
	if (!(rights & (CC_CHESS_CASTLE_WK | CC_CHESS_CASTLE_WQ)))
		return;
	unsigned base = c->us == CC_SIDE_WHITE ? 0 : 56;
	uint64_t ck = checkered_set(pos), occ = c->occ;
	for (int side = 0; side < 2; side++) {
		bool kingside = side == 0;
		if (!(rights & (kingside ? CC_CHESS_CASTLE_WK : CC_CHESS_CASTLE_WQ)))
			continue;
		unsigned cross = base + (kingside ? 5 : 3), dest = base + (kingside ? 6 : 2);
		unsigned rook = base + (kingside ? 7 : 0);
		uint64_t path = kingside ? BB(base + 5) | BB(base + 6) : BB(base + 1) | BB(base + 2) | BB(base + 3);
		if (occ & path)
			continue;
		if ((attackers_to(pos, base + 4, occ, c->them) & ~ck) || (attackers_to(pos, cross, occ, c->them) & ~ck))
			continue;
		uint64_t after = occ ^ BB(base + 4) ^ BB(rook) ^ BB(cross) ^ BB(dest);
		if (attackers_to(pos, dest, after, c->them))
			continue;
		emit(g, base + 4, BB(dest), CC_CHESS_NO_PIECE, CC_CHESS_MOVE_CASTLE);
	}
}

/*
 * En passant (CK-2.6): our plain pawns only. Two pieces leave their squares
 * and a checkered pawn (theirs, after the move) appears behind the one
 * taken: look at the king's attackers again on that board.
 */
CK_INLINE void en_passant_moves(const struct ck_ctx *c, struct ck_gen *g)
{
	const cc_chess_position *pos = c->pos;
	unsigned ep = pos->ep_square;
	if (ep == CC_CHESS_NO_SQUARE)
		return;
	uint64_t from_set = cc_chess_pawn_attacks[c->them][ep] & pos->by_side[c->us] & ~checkered_set(pos) &
	                    pos->by_type[CC_CHESS_PAWN];
	unsigned cap = c->us == CC_SIDE_WHITE ? ep - 8 : ep + 8;
	while (from_set) {
		unsigned from = pop_lsb(&from_set);
		uint64_t occ = (c->occ ^ BB(from) ^ BB(cap)) | BB(ep);
		if ((attackers_to(pos, c->ksq, occ, c->them) & ~BB(cap)) || (c->af[CC_CHESS_PAWN] & BB(ep)))
			continue;
		if (g->out)
			g->out[g->count] = make_move(from, ep, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_EN_PASSANT);
		g->count++;
	}
}

CK_INLINE void generate(const cc_chess_position *pos, struct ck_gen *g)
{
	struct ck_ctx c;
	setup(&c, pos);
	king_moves(&c, g);
	castling_moves(&c, g);
	uint64_t ck = checkered_set(pos);
	uint64_t c2 = c.checkers & ~ck;
	if (c2 & (c2 - 1))
		return; /* two checkers no move of ours can touch: only the king moves */

	uint64_t movers = pos->by_side[c.us];
	uint64_t knights = movers & pos->by_type[CC_CHESS_KNIGHT] & ~c.pinned; /* a pinned knight never moves */
	while (knights) {
		unsigned from = pop_lsb(&knights);
		piece_moves(&c, g, from, CC_CHESS_KNIGHT, cc_chess_knight_attacks[from]);
	}
	uint64_t bishops = movers & pos->by_type[CC_CHESS_BISHOP];
	while (bishops) {
		unsigned from = pop_lsb(&bishops);
		piece_moves(&c, g, from, CC_CHESS_BISHOP, bishop_attacks(from, c.occ));
	}
	uint64_t rooks = movers & pos->by_type[CC_CHESS_ROOK];
	while (rooks) {
		unsigned from = pop_lsb(&rooks);
		piece_moves(&c, g, from, CC_CHESS_ROOK, rook_attacks(from, c.occ));
	}
	uint64_t queens = movers & pos->by_type[CC_CHESS_QUEEN];
	while (queens) {
		unsigned from = pop_lsb(&queens);
		piece_moves(&c, g, from, CC_CHESS_QUEEN, bishop_attacks(from, c.occ) | rook_attacks(from, c.occ));
	}

	/* Pawns off the king's lines, not giving check and not bound by the undo
	 * rule share one mask and one af[]: they move as sets. */
	uint64_t pawns = movers & pos->by_type[CC_CHESS_PAWN];
	uint64_t special = c.ray_b | c.ray_r | c.checkers;
	if (c.undo_from != CC_CHESS_NO_SQUARE)
		special |= BB(c.undo_from);
	uint64_t group = pawns & ~special;
	if (group) {
		uint64_t tm = ~0ULL;
		if (c.checkers)
			tm = (c.checkers & (c.checkers - 1)) ? 0 : cc_chess_between(c.ksq, lsb(c.checkers)) | c.checkers;
		if (tm)
			pawn_moves(&c, g, group & ~ck, group & ck, tm, c.af);
	}
	uint64_t one_by_one = pawns & special;
	while (one_by_one) {
		unsigned from = pop_lsb(&one_by_one);
		uint64_t tm = target_mask(&c, from);
		if (!tm)
			continue;
		uint64_t local[6];
		const uint64_t *af = mover_af(&c, from, local);
		uint64_t b = BB(from);
		pawn_moves(&c, g, b & ~ck, b & ck, tm, af);
	}
	en_passant_moves(&c, g);
}

static size_t list_moves(const cc_chess_position *pos, cc_chess_move *out)
{
	struct ck_gen g = {out, 0};
	generate(pos, &g);
	return g.count;
}

static size_t count_moves(const cc_chess_position *pos)
{
	struct ck_gen g = {NULL, 0};
	generate(pos, &g);
	return g.count;
}

size_t cc_chess_ck_generate(const cc_chess_position *pos, cc_chess_move *out)
{
	return out ? list_moves(pos, out) : count_moves(pos);
}

unsigned cc_chess_ck_legal_ep_square(const cc_chess_position *pos)
{
	struct ck_ctx c;
	struct ck_gen g = {NULL, 0};
	if (pos->ep_square == CC_CHESS_NO_SQUARE)
		return CC_CHESS_NO_SQUARE;
	setup(&c, pos);
	en_passant_moves(&c, &g);
	return g.count ? pos->ep_square : CC_CHESS_NO_SQUARE;
}

/* --- make and unmake ------------------------------------------------------ */

/* Castling rights that survive a move from or to sq (a king or rook
 * leaving its square, or a rook taken there). */
CK_INLINE uint8_t castle_keep(unsigned sq)
{
	switch (sq) {
	case 0:
		return (uint8_t)~CC_CHESS_CASTLE_WQ;
	case 4:
		return (uint8_t)~(CC_CHESS_CASTLE_WK | CC_CHESS_CASTLE_WQ);
	case 7:
		return (uint8_t)~CC_CHESS_CASTLE_WK;
	case 56:
		return (uint8_t)~CC_CHESS_CASTLE_BQ;
	case 60:
		return (uint8_t)~(CC_CHESS_CASTLE_BK | CC_CHESS_CASTLE_BQ);
	case 63:
		return (uint8_t)~CC_CHESS_CASTLE_BK;
	default:
		return 0xFF;
	}
}

CK_INLINE void castle_rook(unsigned king_to, unsigned *from, unsigned *to)
{
	bool kingside = king_to % 8 == 6;
	unsigned base = king_to - king_to % 8;
	*from = base + (kingside ? 7 : 0);
	*to = base + (kingside ? 5 : 3);
}

/* Inlined into each copy of perft; the public functions below call them. */
CK_INLINE void make(cc_chess_position *pos, cc_chess_move m, cc_chess_undo *undo)
{
	unsigned from = cc_chess_move_from(m), to = cc_chess_move_to(m);
	cc_chess_move_kind kind = cc_chess_move_kind_of(m);
	cc_side us = pos->to_move;
	uint8_t code = pos->board[from];
	cc_chess_piece_type t = code_type(code);
	bool checkered = (code & CC_CHESS_CHECKERED) != 0;

	undo->castling = pos->castling;
	undo->ep_square = pos->ep_square;
	undo->halfmove_clock = pos->halfmove_clock;
	undo->moved = code;
	undo->pawn_rights = pos->pawn_rights;
	undo->last_checkered = pos->last_checkered;
	undo->captured = 0;

	if (kind == CC_CHESS_MOVE_EN_PASSANT) {
		unsigned cap = us == CC_SIDE_WHITE ? to - 8 : to + 8;
		undo->captured = pos->board[cap];
		ck_remove(pos, cap);
	} else if (pos->board[to]) {
		undo->captured = pos->board[to];
		ck_remove(pos, to);
	}
	ck_remove(pos, from);
	uint8_t placed = code;
	if (t != CC_CHESS_KING) {
		cc_chess_piece_type becomes = cc_chess_move_promotion(m) ? cc_chess_move_promotion(m) : t;
		placed = (checkered || undo->captured) ? (uint8_t)(CC_CHESS_CHECKERED | becomes) : piece_code(us, becomes);
	}
	ck_put(pos, to, placed);
	if (kind == CC_CHESS_MOVE_CASTLE) {
		unsigned rf, rt;
		castle_rook(to, &rf, &rt);
		uint8_t rook = pos->board[rf];
		ck_remove(pos, rf);
		ck_put(pos, rt, rook);
	}

	pos->castling &= (uint8_t)(castle_keep(from) & castle_keep(to));
	pos->ep_square = CC_CHESS_NO_SQUARE;
	if (t == CC_CHESS_PAWN) {
		/* a pawn leaving a start square takes that file's right with it (CK-2.5) */
		if (from / 8 == 1)
			pos->pawn_rights &= (uint16_t)~(1u << (from % 8));
		else if (from / 8 == 6)
			pos->pawn_rights &= (uint16_t)~(1u << (8 + from % 8));
		if (!checkered && (from ^ to) == 16)
			pos->ep_square = (uint8_t)((from + to) / 2);
	}
	pos->last_checkered = (checkered && !undo->captured) ? m : CC_CHESS_MOVE_NONE;
	pos->halfmove_clock = (t == CC_CHESS_PAWN || undo->captured) ? 0 : cc_chess_halfmove_next(pos->halfmove_clock);
	if (us == CC_SIDE_BLACK)
		pos->fullmove_number++;
	pos->to_move = cc_side_other(us);
}

CK_INLINE void unmake(cc_chess_position *pos, cc_chess_move m, const cc_chess_undo *undo)
{
	unsigned from = cc_chess_move_from(m), to = cc_chess_move_to(m);
	cc_chess_move_kind kind = cc_chess_move_kind_of(m);
	cc_side us = cc_side_other(pos->to_move);

	pos->to_move = us;
	if (us == CC_SIDE_BLACK)
		pos->fullmove_number--;
	pos->castling = undo->castling;
	pos->ep_square = undo->ep_square;
	pos->halfmove_clock = undo->halfmove_clock;
	pos->pawn_rights = undo->pawn_rights;
	pos->last_checkered = undo->last_checkered;

	if (kind == CC_CHESS_MOVE_CASTLE) {
		unsigned rf, rt;
		castle_rook(to, &rf, &rt);
		uint8_t rook = pos->board[rt];
		ck_remove(pos, rt);
		ck_put(pos, rf, rook);
	}
	ck_remove(pos, to);
	ck_put(pos, from, undo->moved);
	if (undo->captured) {
		unsigned cap = to;
		if (kind == CC_CHESS_MOVE_EN_PASSANT)
			cap = us == CC_SIDE_WHITE ? to - 8 : to + 8;
		ck_put(pos, cap, undo->captured);
	}
}

void cc_chess_ck_make(cc_chess_position *pos, cc_chess_move m, cc_chess_undo *undo)
{
	make(pos, m, undo);
}

void cc_chess_ck_unmake(cc_chess_position *pos, cc_chess_move m, const cc_chess_undo *undo)
{
	unmake(pos, m, undo);
}

/* --- perft ----------------------------------------------------------------- */

/*
 * Compiled twice, as standard perft is (chess_movegen.c): a portable copy
 * and one for processors with POPCNT, LZCNT and BMI1/BMI2, where the
 * forced-inline generator turns every bit scan and count into one
 * instruction. next is the copy to recurse into.
 */
CK_INLINE uint64_t perft_node(cc_chess_position *pos, unsigned depth,
                              uint64_t (*next)(cc_chess_position *, unsigned))
{
	if (depth == 1) {
		struct ck_gen g = {NULL, 0};
		generate(pos, &g);
		return g.count;
	}
	cc_chess_move_list list;
	struct ck_gen g = {list.moves, 0};
	generate(pos, &g);
	uint64_t nodes = 0;
	for (size_t i = 0; i < g.count; i++) {
		cc_chess_undo undo;
		make(pos, list.moves[i], &undo);
		nodes += next(pos, depth - 1);
		unmake(pos, list.moves[i], &undo);
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
#endif

uint64_t cc_chess_ck_perft(const cc_chess_position *pos, unsigned depth)
{
	if (depth == 0)
		return 1;
	cc_chess_position copy = *pos;
#if CC_CHESS_HW_PERFT
	if (cc_chess_perft_uses_bit_instructions())
		return perft_hw(&copy, depth);
#endif
	return perft_portable(&copy, depth);
}
