/*
 * cube.c: the cubie model of a 3x3 cube, WCA notation, the seeded
 * generator and the uniform draw of a random state.
 *
 * A state is a permutation with orientations, and applying a move is the
 * product state * move (Kociemba's cubie-level multiplication): position i
 * receives the cubie that the move brings there, with its twist added.
 * The six quarter turns below are the only cube data; every other move is
 * a power of one of them.
 */
#include "chesscubing/cube.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

enum { URF, UFL, ULB, UBR, DFR, DLF, DBL, DRB };
enum { UR, UF, UL, UB, DR, DF, DL, DB, FR, FL, BL, BR };

/* Clockwise quarter turns of U R F D L B (cc_cube_face order). */
static const cc_cube quarter_turns[6] = {
	{ /* U */
		{UBR, URF, UFL, ULB, DFR, DLF, DBL, DRB}, {0, 0, 0, 0, 0, 0, 0, 0},
		{UB, UR, UF, UL, DR, DF, DL, DB, FR, FL, BL, BR}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	{ /* R */
		{DFR, UFL, ULB, URF, DRB, DLF, DBL, UBR}, {2, 0, 0, 1, 1, 0, 0, 2},
		{FR, UF, UL, UB, BR, DF, DL, DB, DR, FL, BL, UR}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	{ /* F */
		{UFL, DLF, ULB, UBR, URF, DFR, DBL, DRB}, {1, 2, 0, 0, 2, 1, 0, 0},
		{UR, FL, UL, UB, DR, FR, DL, DB, UF, DF, BL, BR}, {0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0},
	},
	{ /* D */
		{URF, UFL, ULB, UBR, DLF, DBL, DRB, DFR}, {0, 0, 0, 0, 0, 0, 0, 0},
		{UR, UF, UL, UB, DF, DL, DB, DR, FR, FL, BL, BR}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	{ /* L */
		{URF, ULB, DBL, UBR, DFR, UFL, DLF, DRB}, {0, 1, 2, 0, 0, 2, 1, 0},
		{UR, UF, BL, UB, DR, DF, FL, DB, FR, UL, DL, BR}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	},
	{ /* B */
		{URF, UFL, UBR, DRB, DFR, DLF, ULB, DBL}, {0, 0, 1, 2, 0, 0, 2, 1},
		{UR, UF, UL, BR, DR, DF, DL, BL, FR, FL, UB, DB}, {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1},
	},
};

static const char face_letters[6] = {'U', 'R', 'F', 'D', 'L', 'B'};

void cc_cube_init(cc_cube *c)
{
	for (uint8_t i = 0; i < 8; i++) {
		c->cp[i] = i;
		c->co[i] = 0;
	}
	for (uint8_t i = 0; i < 12; i++) {
		c->ep[i] = i;
		c->eo[i] = 0;
	}
}

bool cc_cube_equal(const cc_cube *a, const cc_cube *b)
{
	return memcmp(a->cp, b->cp, 8) == 0 && memcmp(a->co, b->co, 8) == 0 &&
	       memcmp(a->ep, b->ep, 12) == 0 && memcmp(a->eo, b->eo, 12) == 0;
}

bool cc_cube_is_solved(const cc_cube *c)
{
	cc_cube solved;
	cc_cube_init(&solved);
	return cc_cube_equal(c, &solved);
}

/* c = c * m; m's twists are rotations (no mirror symmetry), so mod 3 suffices. */
void cc_cube_multiply(cc_cube *c, const cc_cube *m)
{
	cc_cube r;
	for (int i = 0; i < 8; i++) {
		r.cp[i] = c->cp[m->cp[i]];
		r.co[i] = (uint8_t)((c->co[m->cp[i]] + m->co[i]) % 3);
	}
	for (int i = 0; i < 12; i++) {
		r.ep[i] = c->ep[m->ep[i]];
		r.eo[i] = (uint8_t)((c->eo[m->ep[i]] + m->eo[i]) % 2);
	}
	*c = r;
}

void cc_cube_apply_move(cc_cube *c, cc_cube_move m)
{
	assert(m < CC_CUBE_MOVES);
	const cc_cube *q = &quarter_turns[cc_cube_move_face(m)];
	for (unsigned k = 0; k < cc_cube_move_turns(m); k++)
		cc_cube_multiply(c, q);
}

void cc_cube_invert(const cc_cube *c, cc_cube *out)
{
	cc_cube r;
	for (uint8_t i = 0; i < 8; i++) {
		r.cp[c->cp[i]] = i;
		r.co[c->cp[i]] = (uint8_t)((3 - c->co[i]) % 3);
	}
	for (uint8_t i = 0; i < 12; i++) {
		r.ep[c->ep[i]] = i;
		r.eo[c->ep[i]] = c->eo[i];
	}
	*out = r;
}

/* Parity of a permutation of n items (0 even, 1 odd), or -1 if not one. */
static int permutation_parity(const uint8_t *p, int n)
{
	bool seen[12] = {false};
	int parity = 0;
	for (int i = 0; i < n; i++) {
		if (p[i] >= n || seen[p[i]])
			return -1;
		seen[p[i]] = true;
		for (int j = i + 1; j < n; j++)
			if (p[j] < p[i])
				parity ^= 1;
	}
	return parity;
}

cc_err cc_cube_check(const cc_cube *c, cc_error *err)
{
	int corners = permutation_parity(c->cp, 8);
	int edges = permutation_parity(c->ep, 12);
	if (corners < 0)
		return cc_refuse(err, CC_MSG_CUBE_CORNERS_NOT_PERMUTATION);
	if (edges < 0)
		return cc_refuse(err, CC_MSG_CUBE_EDGES_NOT_PERMUTATION);
	unsigned twist = 0, flip = 0;
	for (int i = 0; i < 8; i++) {
		if (c->co[i] > 2)
			return cc_refuse(err, CC_MSG_CUBE_TWIST_RANGE, c->co[i]);
		twist += c->co[i];
	}
	for (int i = 0; i < 12; i++) {
		if (c->eo[i] > 1)
			return cc_refuse(err, CC_MSG_CUBE_FLIP_RANGE, c->eo[i]);
		flip += c->eo[i];
	}
	if (twist % 3 != 0)
		return cc_refuse(err, CC_MSG_CUBE_CORNER_TWISTED, twist % 3);
	if (flip % 2 != 0)
		return cc_refuse(err, CC_MSG_CUBE_EDGE_FLIPPED);
	if (corners != edges)
		return cc_refuse(err, CC_MSG_CUBE_PARITY);
	return CC_OK;
}

static int face_of_letter(char ch)
{
	for (int f = 0; f < 6; f++)
		if (face_letters[f] == ch)
			return f;
	return -1;
}

cc_err cc_cube_alg_parse(const char *text, cc_cube_alg *out, cc_error *err)
{
	out->len = 0;
	const char *p = text;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (*p == '\0')
			return CC_OK;
		const char *start = p;
		int face = face_of_letter(*p++);
		unsigned turns = 1;
		if (*p == '\'') {
			turns = 3;
			p++;
		} else if (*p == '2') {
			turns = 2;
			p++;
		}
		if (face < 0 || (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\n')) {
			size_t n = strcspn(start, " \t\n");
			char word[17];
			snprintf(word, sizeof word, "%.*s", n > 16 ? 16 : (int)n, start);
			return cc_refuse(err, CC_MSG_CUBE_NOT_A_MOVE, word);
		}
		if (out->len == CC_CUBE_ALG_MAX)
			return cc_refuse(err, CC_MSG_CUBE_TOO_MANY_MOVES, CC_CUBE_ALG_MAX);
		out->moves[out->len++] = (cc_cube_move)(face * 3 + (int)turns - 1);
	}
}

size_t cc_cube_alg_format(const cc_cube_alg *alg, char *buf, size_t size)
{
	static const char suffix[3] = {'\0', '2', '\''};
	size_t n = 0;
	for (unsigned i = 0; i < alg->len; i++) {
		char tok[3];
		size_t k = 0;
		if (i > 0)
			tok[k++] = ' ';
		tok[k++] = face_letters[cc_cube_move_face(alg->moves[i])];
		if (suffix[alg->moves[i] % 3] != '\0')
			tok[k++] = suffix[alg->moves[i] % 3];
		for (size_t j = 0; j < k; j++, n++)
			if (n + 1 < size)
				buf[n] = tok[j];
	}
	if (size > 0)
		buf[n < size ? n : size - 1] = '\0';
	return n;
}

void cc_cube_apply_alg(cc_cube *c, const cc_cube_alg *alg)
{
	for (unsigned i = 0; i < alg->len; i++)
		cc_cube_apply_move(c, alg->moves[i]);
}

void cc_cube_alg_invert(const cc_cube_alg *alg, cc_cube_alg *out)
{
	cc_cube_alg r;
	r.len = alg->len;
	for (unsigned i = 0; i < alg->len; i++) {
		cc_cube_move m = alg->moves[alg->len - 1 - i];
		/* quarter <-> counter-quarter, half stays: turns 1,2,3 -> 3,2,1 */
		r.moves[i] = (cc_cube_move)(m / 3 * 3 + (2 - m % 3));
	}
	*out = r;
}

bool cc_cube_alg_is_tidy(const cc_cube_alg *alg)
{
	for (unsigned i = 1; i < alg->len; i++) {
		unsigned f = alg->moves[i] / 3, prev = alg->moves[i - 1] / 3;
		if (f == prev)
			return false;
		if (i >= 2 && f % 3 == prev % 3 && alg->moves[i - 2] / 3 % 3 == f % 3)
			return false;
	}
	return true;
}

/* splitmix64 spreads any seed (even 0) over the 256-bit xoshiro state. */
static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

void cc_cube_rng_seed(cc_cube_rng *rng, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		rng->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t cc_cube_rng_next(cc_cube_rng *rng)
{
	uint64_t *s = rng->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint64_t cc_cube_rng_below(cc_cube_rng *rng, uint64_t bound)
{
	assert(bound > 0);
	/* Draws at or above the last whole multiple of bound would favour small values. */
	uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
	uint64_t x;
	do
		x = cc_cube_rng_next(rng);
	while (x >= limit);
	return x % bound;
}

static void shuffle(cc_cube_rng *rng, uint8_t *items, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)cc_cube_rng_below(rng, (uint64_t)i + 1);
		uint8_t tmp = items[i];
		items[i] = items[j];
		items[j] = tmp;
	}
}

/* True when c is solved or one move from solved. */
static bool too_close_to_solved(const cc_cube *c)
{
	if (cc_cube_is_solved(c))
		return true;
	for (cc_cube_move m = 0; m < CC_CUBE_MOVES; m++) {
		cc_cube d = *c;
		cc_cube_apply_move(&d, m);
		if (cc_cube_is_solved(&d))
			return true;
	}
	return false;
}

void cc_cube_random_state(cc_cube_rng *rng, cc_cube *out)
{
	do {
		cc_cube_init(out);
		shuffle(rng, out->cp, 8);
		shuffle(rng, out->ep, 12);
		/* Swapping two fixed edges maps odd edge permutations one to one
		 * onto even ones, so matching the corner parity stays uniform. */
		if (permutation_parity(out->cp, 8) != permutation_parity(out->ep, 12)) {
			uint8_t tmp = out->ep[10];
			out->ep[10] = out->ep[11];
			out->ep[11] = tmp;
		}
		unsigned twist = 0, flip = 0;
		for (int i = 0; i < 7; i++) {
			out->co[i] = (uint8_t)cc_cube_rng_below(rng, 3);
			twist += out->co[i];
		}
		out->co[7] = (uint8_t)((3 - twist % 3) % 3);
		for (int i = 0; i < 11; i++) {
			out->eo[i] = (uint8_t)cc_cube_rng_below(rng, 2);
			flip += out->eo[i];
		}
		out->eo[11] = (uint8_t)(flip % 2);
	} while (too_close_to_solved(out));
}

/* Kociemba's facelet numbering: U1..U9 are 0..8, R1 9, F1 18, D1 27,
 * L1 36, B1 45. Each corner position's three stickers (clockwise from
 * its U or D sticker) and each edge position's two, as his FaceCube
 * writes them; a cubie's own colours are its home position's faces. */
enum { U1 = 0, R1 = 9, F1 = 18, D1 = 27, L1 = 36, B1 = 45 };
static const uint8_t corner_facelet[8][3] = {
	{U1 + 8, R1 + 0, F1 + 2}, {U1 + 6, F1 + 0, L1 + 2}, {U1 + 0, L1 + 0, B1 + 2}, {U1 + 2, B1 + 0, R1 + 2},
	{D1 + 2, F1 + 8, R1 + 6}, {D1 + 0, L1 + 8, F1 + 6}, {D1 + 6, B1 + 8, L1 + 6}, {D1 + 8, R1 + 8, B1 + 6},
};
static const uint8_t edge_facelet[12][2] = {
	{U1 + 5, R1 + 1}, {U1 + 7, F1 + 1}, {U1 + 3, L1 + 1}, {U1 + 1, B1 + 1}, {D1 + 5, R1 + 7}, {D1 + 1, F1 + 7},
	{D1 + 3, L1 + 7}, {D1 + 7, B1 + 7}, {F1 + 5, R1 + 3}, {F1 + 3, L1 + 5}, {B1 + 5, L1 + 3}, {B1 + 3, R1 + 5},
};

void cc_cube_facelets(const cc_cube *c, cc_cube_face out[CC_CUBE_FACELETS])
{
	for (int f = 0; f < 6; f++)
		out[f * 9 + 4] = (cc_cube_face)f; /* the centres never move */
	for (int i = 0; i < 8; i++)
		for (int n = 0; n < 3; n++)
			out[corner_facelet[i][(n + c->co[i]) % 3]] =
				(cc_cube_face)(corner_facelet[c->cp[i]][n] / 9);
	for (int i = 0; i < 12; i++)
		for (int n = 0; n < 2; n++)
			out[edge_facelet[i][(n + c->eo[i]) % 2]] = (cc_cube_face)(edge_facelet[c->ep[i]][n] / 9);
}
