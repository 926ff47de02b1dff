/*
 * cube.h: the 3x3 Rubik's cube, its notation, and official random-state
 * scrambles (WCA Regulations 4b3) for the ChessCubing cube phases.
 *
 * Owns: the cubie model of a cube state (cc_cube), WCA outer-turn notation
 * (cc_cube_alg), a seeded pseudo-random generator (cc_cube_rng), the
 * two-phase solver's tables (cc_cube_tables) and the scramble sheet of a
 * match (cubes 1 to 4, derived from one 64-bit seed).
 *
 * Never: no I/O, no clock, no global or static mutable state. Randomness
 * only comes from a caller-owned cc_cube_rng seeded by the caller (the
 * shell seeds it from the operating system when the arbiter gives no seed).
 *
 * Memory: every value type here is caller-owned and fixed-size. The only
 * allocation is cc_cube_tables_create(), freed by cc_cube_tables_destroy();
 * the tables are read-only once built, so one object can serve any number
 * of solves (and threads).
 */
#ifndef CHESSCUBING_CUBE_H
#define CHESSCUBING_CUBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/common.h"

/* The six faces, in the order the move numbers use. Opposite faces are 3 apart. */
typedef enum {
	CC_CUBE_FACE_U = 0,
	CC_CUBE_FACE_R = 1,
	CC_CUBE_FACE_F = 2,
	CC_CUBE_FACE_D = 3,
	CC_CUBE_FACE_L = 4,
	CC_CUBE_FACE_B = 5
} cc_cube_face;

/*
 * A move is face * 3 + (quarter turns - 1): 0 is U, 1 is U2, 2 is U',
 * 3 is R, ... 17 is B'. Clockwise as seen looking at the face.
 */
typedef uint8_t cc_cube_move;
#define CC_CUBE_MOVES 18

/* The face a move turns and how many clockwise quarter turns (1, 2 or 3). */
static inline cc_cube_face cc_cube_move_face(cc_cube_move m)
{
	return (cc_cube_face)(m / 3);
}
static inline unsigned cc_cube_move_turns(cc_cube_move m)
{
	return (unsigned)(m % 3) + 1u;
}

/*
 * A cube state as cubies (Kociemba's numbering). Corners URF UFL ULB UBR
 * DFR DLF DBL DRB are 0..7, edges UR UF UL UB DR DF DL DB FR FL BL BR are
 * 0..11. cp[i] is the corner at position i, co[i] its twist (0..2); ep and
 * eo likewise for edges (flip 0..1). Compare with cc_cube_equal().
 */
typedef struct {
	uint8_t cp[8];
	uint8_t co[8];
	uint8_t ep[12];
	uint8_t eo[12];
} cc_cube;

/* Sets c to the solved cube. */
void cc_cube_init(cc_cube *c);

bool cc_cube_equal(const cc_cube *a, const cc_cube *b);
bool cc_cube_is_solved(const cc_cube *c);

/* Turns one face of c. */
void cc_cube_apply_move(cc_cube *c, cc_cube_move m);

/* Composes: c becomes c followed by m (whole-cube rotations allowed in m). */
void cc_cube_multiply(cc_cube *c, const cc_cube *m);

/* The state that undoes c: c then its inverse is solved. */
void cc_cube_invert(const cc_cube *c, cc_cube *out);

/*
 * Checks that c is a cube a solver can reach: cp and ep are permutations,
 * twists sum to 0 mod 3, flips to 0 mod 2, and the corner and edge
 * permutations have the same parity.
 * Errors: CC_ERR_INVALID naming the first broken condition.
 */
cc_err cc_cube_check(const cc_cube *c, cc_error *err);

/* A sequence of moves in WCA outer-turn notation ("R U' F2"). */
/*
 * The 54 stickers of c as a scramble picture draws them (WCA, TNoodle):
 * out[f * 9 + i] is the face whose centre has the colour of sticker i of
 * face f (cc_cube_face order U R F D L B), the nine read row by row as
 * seen looking at the face: U with B at the top, D with F at the top,
 * R F L B with U at the top (Kociemba's facelet numbering U1..B9).
 */
#define CC_CUBE_FACELETS 54
void cc_cube_facelets(const cc_cube *c, cc_cube_face out[CC_CUBE_FACELETS]);

#define CC_CUBE_ALG_MAX 64
typedef struct {
	uint8_t len;
	cc_cube_move moves[CC_CUBE_ALG_MAX];
} cc_cube_alg;

/* Room for the text of any cc_cube_alg, with its final NUL. */
#define CC_CUBE_ALG_TEXT_MAX (CC_CUBE_ALG_MAX * 3)

/*
 * Parses moves separated by spaces: a face letter U D L R F B, then
 * nothing (clockwise), ' (counter-clockwise) or 2 (half turn).
 * Errors: CC_ERR_INVALID for any other token or more than
 * CC_CUBE_ALG_MAX moves (err names the token); *out is then unspecified.
 */
cc_err cc_cube_alg_parse(const char *text, cc_cube_alg *out, cc_error *err);

/*
 * Writes alg as "R U' F2" (single spaces, "" when empty) into buf, cut
 * to fit like snprintf. Returns the length of the whole text.
 */
size_t cc_cube_alg_format(const cc_cube_alg *alg, char *buf, size_t size);

/* Applies every move of alg to c, in order. */
void cc_cube_apply_alg(cc_cube *c, const cc_cube_alg *alg);

/* The moves that undo alg: reversed, each turn inverted. out may be alg. */
void cc_cube_alg_invert(const cc_cube_alg *alg, cc_cube_alg *out);

/*
 * True when alg obeys the scramble face rules: no face turned twice in a
 * row, and no three moves in a row on one axis (like U D U).
 */
bool cc_cube_alg_is_tidy(const cc_cube_alg *alg);

/*
 * Pseudo-random generator (xoshiro256**, seeded through splitmix64):
 * the same seed always gives the same draws, on every machine.
 */
typedef struct {
	uint64_t s[4];
} cc_cube_rng;

void cc_cube_rng_seed(cc_cube_rng *rng, uint64_t seed);
uint64_t cc_cube_rng_next(cc_cube_rng *rng);
/* Uniform in [0, bound), bound > 0, without modulo bias. */
uint64_t cc_cube_rng_below(cc_cube_rng *rng, uint64_t bound);

/*
 * Draws a state uniformly among the solvable states that need at least
 * two moves to solve (WCA 4b3): each such state is equally likely.
 */
void cc_cube_random_state(cc_cube_rng *rng, cc_cube *out);

/*
 * The two-phase solver's move and pruning tables (1.6 MB), built in
 * memory by cc_cube_tables_create() (about 80 ms; docs/performance.md).
 * Errors: CC_ERR_NOMEM.
 */
typedef struct cc_cube_tables cc_cube_tables;
cc_err cc_cube_tables_create(cc_cube_tables **out, cc_error *err);
/* Frees t; NULL does nothing. */
void cc_cube_tables_destroy(cc_cube_tables *t);
/* Bytes the tables take. */
size_t cc_cube_tables_size(const cc_cube_tables *t);

/*
 * The tables as bytes (an image), for the shell to keep in a file and give
 * back to a later process instead of building them again. The core does
 * no I/O: cc_cube_tables_image() writes the image of t into out
 * (cc_cube_tables_image_size() bytes); cc_cube_tables_view() gives the
 * tables inside an image (borrowed: valid as long as the image, never
 * destroyed; no copy, so a file mapped in memory serves as it is). It
 * checks the image and never trusts it: a header with the format's
 * version, byte order, size and a checksum of the tables, then every
 * index the search follows in range. Errors: CC_ERR_INVALID (not an image
 * of these tables, damaged or cut short: build them again). Bump the
 * version whenever the tables' content changes.
 */
#define CC_CUBE_TABLES_IMAGE_VERSION 1
size_t cc_cube_tables_image_size(void);
void cc_cube_tables_image(const cc_cube_tables *t, void *out);
cc_err cc_cube_tables_view(const void *image, size_t size, const cc_cube_tables **out, cc_error *err);

/* The longest official scramble, as the WCA's scrambler produces. */
#define CC_CUBE_SCRAMBLE_MAX 21

/*
 * Finds moves that solve c, at most max_len of them, obeying the face
 * rules of cc_cube_alg_is_tidy(). Not optimal: the two-phase search stops
 * at the first solution that fits. Any cube has one of at most 21 moves,
 * found in milliseconds; a shorter max_len can take much longer, so
 * node_budget (0: none) bounds the work (one unit is one search node).
 * Errors: CC_ERR_INVALID when c is not solvable (cc_cube_check) or when
 * nothing fits within max_len and node_budget.
 */
cc_err cc_cube_solve(const cc_cube_tables *t, const cc_cube *c, unsigned max_len,
		     uint64_t node_budget, cc_cube_alg *out, cc_error *err);

/*
 * One random-state scramble: draws a state with cc_cube_random_state(),
 * solves it within CC_CUBE_SCRAMBLE_MAX moves and returns the inverse of
 * the solution, which turns a solved cube into *out_state (may be NULL).
 * The search has no node budget, since skipping hard states would bias
 * the draw; the two-phase search always finds 21 moves (median about
 * 0.3 ms, worst seen a few tens of ms: docs/performance.md).
 */
void cc_cube_scramble(const cc_cube_tables *t, cc_cube_rng *rng, cc_cube_alg *out,
		      cc_cube *out_state);

/*
 * The scramble sheet of a match: cube n (1 to 4) gets scrambles[n - 1],
 * applied to both players' cubes under that number. It is a pure
 * function of the seed: a match stores only the seed, and any machine
 * derives the same states from it (the move texts also stay the same as
 * long as this solver does not change).
 */
#define CC_CUBE_SHEET_CUBES 4
typedef struct {
	uint64_t seed;
	cc_cube_alg scrambles[CC_CUBE_SHEET_CUBES];
} cc_cube_sheet;

void cc_cube_sheet_derive(const cc_cube_tables *t, uint64_t seed, cc_cube_sheet *out);

#endif
