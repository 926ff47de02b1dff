/*
 * chess_internal.h: bitboards and attack sets shared by the chess files.
 *
 * A bitboard is a uint64_t with bit sq set for square sq (a1 = 0, h8 = 63).
 * Every table here is `static const` data that the compiler computes from
 * the macros below, so the module has no initialisation call and no
 * mutable state.
 *
 * Sliding attacks use the "obstruction difference" method: for each of the
 * four lines through a square (file, rank, diagonal, anti-diagonal) we keep
 * the part below the square and the part above it. The nearest blocker
 * above is the lowest set bit of (occupied & upper), found by a
 * subtraction; the nearest below is the highest set bit of
 * (occupied & lower), found by counting leading zeros. No multiplication
 * tables (magics) are needed and the whole table is 8 KiB.
 */
#ifndef CHESSCUBING_CHESS_INTERNAL_H
#define CHESSCUBING_CHESS_INTERNAL_H

#include <stdint.h>

#include "chesscubing/chess.h"

#define BB(sq) (1ULL << (sq))
#define FILE_A_BB 0x0101010101010101ULL
#define FILE_B_BB (FILE_A_BB << 1)
#define FILE_G_BB (FILE_A_BB << 6)
#define FILE_H_BB (FILE_A_BB << 7)
#define RANK_1_BB 0xFFULL
#define RANK_2_BB (RANK_1_BB << 8)
#define RANK_3_BB (RANK_1_BB << 16)
#define RANK_6_BB (RANK_1_BB << 40)
#define RANK_7_BB (RANK_1_BB << 48)
#define RANK_8_BB (RANK_1_BB << 56)
#define DIAG_A1H8_BB 0x8040201008040201ULL
#define ANTI_A8H1_BB 0x0102040810204080ULL

/* Leaper attacks of a one-bit bitboard b, edges masked against wrap-around. */
#define KNIGHT_SET(b) \
	((((b) << 17) & ~FILE_A_BB) | (((b) << 15) & ~FILE_H_BB) | \
	 (((b) << 10) & ~(FILE_A_BB | FILE_B_BB)) | (((b) << 6) & ~(FILE_G_BB | FILE_H_BB)) | \
	 (((b) >> 17) & ~FILE_H_BB) | (((b) >> 15) & ~FILE_A_BB) | \
	 (((b) >> 10) & ~(FILE_G_BB | FILE_H_BB)) | (((b) >> 6) & ~(FILE_A_BB | FILE_B_BB)))
#define KING_SET(b) \
	(((b) << 8) | ((b) >> 8) | \
	 ((((b) << 1) | ((b) << 9) | ((b) >> 7)) & ~FILE_A_BB) | \
	 ((((b) >> 1) | ((b) >> 9) | ((b) << 7)) & ~FILE_H_BB))
#define WPAWN_SET(b) (((((b) << 7) & ~FILE_H_BB) | (((b) << 9) & ~FILE_A_BB)))
#define BPAWN_SET(b) (((((b) >> 9) & ~FILE_H_BB) | (((b) >> 7) & ~FILE_A_BB)))

/* The lines through sq, the square itself excluded. */
#define FILE_OF(sq) ((FILE_A_BB << ((sq) & 7)) ^ BB(sq))
#define RANK_OF(sq) ((RANK_1_BB << ((sq) & 56)) ^ BB(sq))
#define DIAG_SHIFT(m, d) \
	((d) >= 0 ? (m) << (8 * ((d) >= 0 ? (d) : 0)) : (m) >> (8 * ((d) < 0 ? -(d) : 0)))
#define DIAG_OF(sq) (DIAG_SHIFT(DIAG_A1H8_BB, ((sq) >> 3) - ((sq) & 7)) ^ BB(sq))
#define ANTI_OF(sq) (DIAG_SHIFT(ANTI_A8H1_BB, ((sq) >> 3) + ((sq) & 7) - 7) ^ BB(sq))
/* Squares of a line below sq and above it (sq = 63: nothing above). */
#define BELOW(line, sq) ((line) & (BB(sq) - 1))
#define ABOVE(line, sq) ((line) & ~(BB(sq) - 1) & ~BB(sq))

struct cc_chess_line {
	uint64_t below, above;
};

/* Indexes of struct cc_chess_lines.line: rook lines first, then bishop lines. */
enum { LINE_FILE, LINE_RANK, LINE_DIAG, LINE_ANTI };

struct cc_chess_lines {
	struct cc_chess_line line[4];
};

extern const uint64_t cc_chess_knight_attacks[64];
extern const uint64_t cc_chess_king_attacks[64];
extern const uint64_t cc_chess_pawn_attacks[2][64]; /* [side][sq]: squares a pawn there attacks */
extern const struct cc_chess_lines cc_chess_lines_of[64];

/*
 * The bit helpers and the move generator are forced inline: perft has a
 * second copy compiled for processors with bit instructions
 * (chess_movegen.c), and only code inlined into it is compiled that way.
 */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define CC_CHESS_HW_PERFT 1 /* perft has a copy for bit instructions (chess_movegen.c) */
#else
#define CC_CHESS_HW_PERFT 0
#endif

#if defined(__GNUC__)
#define CC_CHESS_HOT static inline __attribute__((always_inline))
#else
#define CC_CHESS_HOT static inline
#endif

CC_CHESS_HOT unsigned lsb(uint64_t b)
{
	return (unsigned)__builtin_ctzll(b);
}

CC_CHESS_HOT unsigned pop_lsb(uint64_t *b)
{
	unsigned sq = lsb(*b);
	*b &= *b - 1;
	return sq;
}

CC_CHESS_HOT unsigned popcount(uint64_t b)
{
	return (unsigned)__builtin_popcountll(b);
}

CC_CHESS_HOT uint64_t line_attacks(const struct cc_chess_line *l, uint64_t occ)
{
	uint64_t below = occ & l->below;
	uint64_t above = occ & l->above;
	/* highest blocker below (bit 0 stands in when there is none) */
	uint64_t low = 0x8000000000000000ULL >> __builtin_clzll(below | 1);
	/* from low up to the lowest blocker above, both included */
	return (above ^ (above - low)) & (l->below | l->above);
}

CC_CHESS_HOT uint64_t rook_attacks(unsigned sq, uint64_t occ)
{
	const struct cc_chess_lines *ls = &cc_chess_lines_of[sq];
	return line_attacks(&ls->line[LINE_FILE], occ) | line_attacks(&ls->line[LINE_RANK], occ);
}

CC_CHESS_HOT uint64_t bishop_attacks(unsigned sq, uint64_t occ)
{
	const struct cc_chess_lines *ls = &cc_chess_lines_of[sq];
	return line_attacks(&ls->line[LINE_DIAG], occ) | line_attacks(&ls->line[LINE_ANTI], occ);
}

CC_CHESS_HOT uint64_t rook_rays(unsigned sq)
{
	const struct cc_chess_lines *ls = &cc_chess_lines_of[sq];
	return ls->line[LINE_FILE].below | ls->line[LINE_FILE].above |
	       ls->line[LINE_RANK].below | ls->line[LINE_RANK].above;
}

CC_CHESS_HOT uint64_t bishop_rays(unsigned sq)
{
	const struct cc_chess_lines *ls = &cc_chess_lines_of[sq];
	return ls->line[LINE_DIAG].below | ls->line[LINE_DIAG].above |
	       ls->line[LINE_ANTI].below | ls->line[LINE_ANTI].above;
}

CC_CHESS_HOT uint64_t side_pieces(const cc_chess_position *pos, cc_side side, cc_chess_piece_type t)
{
	return pos->by_side[side] & pos->by_type[t];
}

CC_CHESS_HOT uint64_t occupied(const cc_chess_position *pos)
{
	return pos->by_side[CC_SIDE_WHITE] | pos->by_side[CC_SIDE_BLACK];
}

CC_CHESS_HOT unsigned king_square(const cc_chess_position *pos, cc_side side)
{
	return lsb(side_pieces(pos, side, CC_CHESS_KING));
}

/* Pieces of side `by` attacking sq when the board holds occ. */
CC_CHESS_HOT uint64_t attackers_to(const cc_chess_position *pos, unsigned sq, uint64_t occ, cc_side by)
{
	uint64_t them = pos->by_side[by];
	uint64_t queens = pos->by_type[CC_CHESS_QUEEN];
	return them & ((cc_chess_pawn_attacks[cc_side_other(by)][sq] & pos->by_type[CC_CHESS_PAWN]) |
	               (cc_chess_knight_attacks[sq] & pos->by_type[CC_CHESS_KNIGHT]) |
	               (cc_chess_king_attacks[sq] & pos->by_type[CC_CHESS_KING]) |
	               (bishop_attacks(sq, occ) & (pos->by_type[CC_CHESS_BISHOP] | queens)) |
	               (rook_attacks(sq, occ) & (pos->by_type[CC_CHESS_ROOK] | queens)));
}

CC_CHESS_HOT cc_chess_move make_move(unsigned from, unsigned to, cc_chess_piece_type promo, cc_chess_move_kind kind)
{
	return (cc_chess_move)(from | (to << 6) | ((unsigned)promo << 12) | ((unsigned)kind << 15));
}

CC_CHESS_HOT uint8_t piece_code(cc_side side, cc_chess_piece_type t)
{
	return (uint8_t)(((unsigned)side << 3) | (unsigned)t);
}

CC_CHESS_HOT cc_chess_piece_type code_type(uint8_t code)
{
	return (cc_chess_piece_type)(code & 7u);
}

CC_CHESS_HOT cc_side code_side(uint8_t code)
{
	return (code >> 3) ? CC_SIDE_BLACK : CC_SIDE_WHITE;
}

/* Squares strictly between a and b on a shared line, else 0. */
uint64_t cc_chess_between(unsigned a, unsigned b);

/* The whole line through a and b (both included), else 0. */
uint64_t cc_chess_line_through(unsigned a, unsigned b);

/* Whether the side not to move is in check (an impossible position). */
bool cc_chess_opponent_in_check(const cc_chess_position *pos);

/* The en passant square if a legal en passant capture exists, else CC_CHESS_NO_SQUARE. */
unsigned cc_chess_legal_ep_square(const cc_chess_position *pos);

/* The largest half-move clock a FEN is read with; the clock stops there
 * rather than wrap at 65,536, so a position always prints a FEN it reads
 * back (issue 25). The fifty- and seventy-five-move rules need 100 and 150. */
#define CC_CHESS_HALFMOVE_MAX 9999

/* The half-move clock after one more quiet half-move. */
static inline uint16_t cc_chess_halfmove_next(uint16_t clock)
{
	return clock < CC_CHESS_HALFMOVE_MAX ? (uint16_t)(clock + 1) : clock;
}

#endif
