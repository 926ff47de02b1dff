/*
 * chess_tables.c: the attack tables, computed by the compiler.
 *
 * Each entry is a constant expression of the macros in chess_internal.h,
 * expanded for the 64 squares by S64(), so the tables are read-only data
 * with no start-up code and nothing to get out of step.
 */
#include "chess_internal.h"

#define S8(M, r) M(8 * (r) + 0), M(8 * (r) + 1), M(8 * (r) + 2), M(8 * (r) + 3), \
	M(8 * (r) + 4), M(8 * (r) + 5), M(8 * (r) + 6), M(8 * (r) + 7)
#define S64(M) S8(M, 0), S8(M, 1), S8(M, 2), S8(M, 3), S8(M, 4), S8(M, 5), S8(M, 6), S8(M, 7)

#define KNIGHT_SQ(sq) KNIGHT_SET(BB(sq))
#define KING_SQ(sq) KING_SET(BB(sq))
#define WPAWN_SQ(sq) WPAWN_SET(BB(sq))
#define BPAWN_SQ(sq) BPAWN_SET(BB(sq))
#define LINE(line, sq) { BELOW(line, sq), ABOVE(line, sq) }
#define LINES_SQ(sq) { { LINE(FILE_OF(sq), sq), LINE(RANK_OF(sq), sq), \
                         LINE(DIAG_OF(sq), sq), LINE(ANTI_OF(sq), sq) } }

const uint64_t cc_chess_knight_attacks[64] = { S64(KNIGHT_SQ) };
const uint64_t cc_chess_king_attacks[64] = { S64(KING_SQ) };
const uint64_t cc_chess_pawn_attacks[2][64] = { { S64(WPAWN_SQ) }, { S64(BPAWN_SQ) } };
const struct cc_chess_lines cc_chess_lines_of[64] = { S64(LINES_SQ) };
