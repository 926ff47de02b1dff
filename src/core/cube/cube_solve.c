/*
 * cube_solve.c: Kociemba's two-phase solver, random-state scrambles and
 * the scramble sheet.
 *
 * Phase 1 brings the cube into G1 = <U, D, R2, L2, F2, B2> (no twisted
 * corner, no flipped edge, the four E-slice edges FR FL BL BR in the
 * slice); phase 2 solves it inside G1 with those ten moves. Each phase is
 * an iterative-deepening A* search over coordinates (small integers that
 * describe part of the state), driven by move tables (coordinate x move ->
 * coordinate) and pruning tables (a lower bound on the moves still needed).
 * Every phase-1 solution, shortest first, is followed by a phase-2 search
 * bounded by what remains of the allowed length (at most 12 moves on a
 * first pass); the first whole solution within that length wins. Optimal
 * solutions are not the goal: 21 moves are enough for a scramble.
 *
 * To find one sooner the search runs on six versions of the cube at once,
 * length by length: the cube and its inverse, each seen along the three
 * axes U-D, R-L and F-B (conjugated by the 120 degree rotation around the
 * URF-DBL diagonal), and from length 8 on each version premoved by one or
 * two moves (see cc_cube_solve). A solution found for a version is mapped
 * back to the original cube.
 *
 * The techniques of min2phase (cs0x7f/min2phase, the WCA's scrambler),
 * written anew here: coordinates reduced by the cube's symmetries so that
 * the tables fit in the processor's cache, bounds on combined coordinates
 * (twist x flip, also read at the cube turned a quarter about U-D; U/D
 * edges x corner comb), premoves, the inverse bound at every phase-2
 * node, phase 2 as one bounded depth-first search.
 *
 * Tables (built by cc_cube_tables_create, read-only afterwards; 1.6 MB):
 *   phase 1, raw move tables: twist 2187, flip 2048, slice 495 x 18 moves;
 *     twists and flips in classes under 4 symmetries (567 and 560 classes)
 *   phase 2: corner and U/D edge permutations in classes under 16
 *     symmetries (2768 each), slice permutation 24, corner comb 140
 * Pruning tables, 4 bits per entry (exact distances filled breadth-first,
 * 15 = not reached yet):
 *   twist class x slice       280,665 entries    phase 1
 *   flip class x slice        277,200            phase 1
 *   twist class x flip      1,161,216            phase 1
 *   corner class x slice perm  66,432            phase 2
 *   U/D edge class x comb     387,520            phase 2
 * The bound of a phase is the largest of its tables' values.
 */
#include "chesscubing/cube.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

enum {
	N_TWIST = 2187,
	N_FLIP = 2048,
	N_SLICE = 495,
	N_PERM8 = 40320,
	N_SPERM = 24,
	N_P2_MOVES = 10,
	N_SYM = 16,
	N_PERM_SYM = 2768, /* classes of 8-permutations under the 16 symmetries */
	N_CCOMBP = 140,    /* places of the 4 U corners among 8 (70) x corner parity */
	N_SYM4 = 4,        /* the symmetries phase 1 uses (see "symmetries") */
	N_TWIST_SYM = 567, /* classes of twists under them */
	N_FLIP_SYM = 560,  /* classes of flips */
	N_VERSIONS = 6,
	MAX_PATH = 32,
	UNKNOWN = 15,
};

/* The moves of phase 2, in the order of the phase-2 move tables. */
static const cc_cube_move p2_moves[N_P2_MOVES] = {0, 1, 2, 4, 7, 9, 10, 11, 13, 16};

/* Rotation of the whole cube by 120 degrees around the URF-DBL diagonal. */
static const cc_cube rot_urf = {
	{0, 4, 5, 1, 3, 7, 6, 2}, {1, 2, 1, 2, 2, 1, 2, 1},
	{1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2}, {1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1},
};

struct cc_cube_tables {
	uint16_t twist_move[N_TWIST][CC_CUBE_MOVES];
	uint16_t flip_move[N_FLIP][CC_CUBE_MOVES];
	uint16_t slice_move[N_SLICE][CC_CUBE_MOVES];
	uint16_t sperm_move[N_SPERM][N_P2_MOVES];
	/* Phase 2 by symmetry classes (see "symmetries" below). A "sym
	 * coordinate" is class << 4 | s: the raw coordinate conjugated by
	 * symmetry s is the class's representative. */
	uint8_t sym_mult[N_SYM][N_SYM];       /* index of S_a * S_b */
	uint8_t sym_move[N_SYM][N_P2_MOVES];  /* phase-2 move S_s * m * S_s^-1 */
	uint16_t sperm_conj[N_SPERM][N_SYM];  /* slice permutation conjugated by S_s */
	uint16_t cperm_sym[N_PERM8];          /* raw corner permutation -> sym coordinate */
	uint16_t eperm_sym[N_PERM8];          /* raw U/D edge permutation -> sym coordinate */
	uint16_t cperm_class_move[N_PERM_SYM][N_P2_MOVES]; /* representative then move -> sym coordinate */
	uint16_t eperm_class_move[N_PERM_SYM][N_P2_MOVES];
	uint16_t cperm_stab[N_PERM_SYM]; /* symmetries that leave the representative unchanged */
	uint16_t eperm_stab[N_PERM_SYM];
	uint16_t cperm_inv_sym[N_PERM_SYM]; /* sym coordinate of the representative's inverse */
	uint16_t eperm_inv_sym[N_PERM_SYM];
	uint8_t sperm_inv[N_SPERM];
	uint8_t sym_mult_inv[N_SYM][N_SYM];   /* index of S_a * S_b^-1 */
	uint16_t ccombp_move[N_CCOMBP][N_P2_MOVES];
	uint16_t ccombp_conj[N_CCOMBP][N_SYM];
	uint8_t cperm_class_ccombp[N_PERM_SYM]; /* corner comb of each class's representative */
	/* Phase 1 by classes under the four symmetries of sym4: sym
	 * coordinates are class << 2 | g. */
	uint16_t twist_sym[N_TWIST];
	uint16_t flip_sym[N_FLIP];
	uint16_t twist_class_move[N_TWIST_SYM][CC_CUBE_MOVES];
	uint16_t flip_class_move[N_FLIP_SYM][CC_CUBE_MOVES];
	uint16_t twist_stab[N_TWIST_SYM];
	uint16_t flip_stab[N_FLIP_SYM];
	uint16_t slice_conj[N_SLICE][N_SYM4];
	uint16_t flip_conj[N_FLIP][N_SYM4];
	/* The quarter turn of the whole cube about U-D, with its true
	 * orientations, and what it makes of each move (see build_u4). */
	cc_cube u4, u4_inv;
	uint8_t move_u4[CC_CUBE_MOVES];
	uint8_t twist_slice_prune[(N_TWIST_SYM * N_SLICE + 1) / 2];
	uint8_t flip_slice_prune[N_FLIP_SYM * N_SLICE / 2];
	uint8_t twist_flip_prune[N_TWIST_SYM * N_FLIP / 2];
	uint8_t cperm_sperm_prune[N_PERM_SYM * N_SPERM / 2]; /* class x conjugated slice perm */
	uint8_t eperm_ccombp_prune[N_PERM_SYM * N_CCOMBP / 2]; /* class x conjugated corner comb */
	cc_cube move_cube[CC_CUBE_MOVES];
	cc_cube rot;     /* rot_urf */
	cc_cube rot_inv; /* its inverse */
	/* rot_back[m]: the move rot^-1 * m * rot, which maps a solution of
	 * the rotated cube rot * c * rot^-1 back to one of c. */
	cc_cube_move rot_back[CC_CUBE_MOVES];
};

/* --- coordinates ------------------------------------------------------- */

static unsigned binomial(unsigned n, unsigned k)
{
	if (k > n)
		return 0;
	unsigned r = 1;
	for (unsigned i = 1; i <= k; i++)
		r = r * (n - k + i) / i;
	return r;
}

/* Lehmer code: 0 for the identity, n! - 1 for the reversal. */
static unsigned perm_rank(const uint8_t *p, unsigned n)
{
	unsigned rank = 0;
	for (unsigned i = 0; i < n; i++) {
		unsigned smaller = 0;
		for (unsigned j = i + 1; j < n; j++)
			smaller += p[j] < p[i];
		rank = rank * (n - i) + smaller;
	}
	return rank;
}

/* The permutation of 0..n-1 whose Lehmer code is rank. */
static void perm_unrank(unsigned rank, uint8_t *p, unsigned n)
{
	unsigned digit[12];
	uint8_t left[12];
	for (unsigned i = n; i-- > 0;) {
		digit[i] = rank % (n - i);
		rank /= n - i;
	}
	for (unsigned i = 0; i < n; i++)
		left[i] = (uint8_t)i;
	for (unsigned i = 0; i < n; i++) {
		p[i] = left[digit[i]];
		memmove(&left[digit[i]], &left[digit[i] + 1], n - i - 1 - digit[i]);
	}
}

static unsigned twist_of(const cc_cube *c)
{
	unsigned t = 0;
	for (int i = 0; i < 7; i++)
		t = t * 3 + c->co[i];
	return t;
}

static void set_twist(cc_cube *c, unsigned t)
{
	unsigned sum = 0;
	for (int i = 6; i >= 0; i--) {
		c->co[i] = (uint8_t)(t % 3);
		sum += c->co[i];
		t /= 3;
	}
	c->co[7] = (uint8_t)((3 - sum % 3) % 3);
}

static unsigned flip_of(const cc_cube *c)
{
	unsigned f = 0;
	for (int i = 0; i < 11; i++)
		f = f * 2 + c->eo[i];
	return f;
}

static void set_flip(cc_cube *c, unsigned f)
{
	unsigned sum = 0;
	for (int i = 10; i >= 0; i--) {
		c->eo[i] = (uint8_t)(f % 2);
		sum += c->eo[i];
		f /= 2;
	}
	c->eo[11] = (uint8_t)(sum % 2);
}

/* Which four places hold the E-slice edges (8..11): 0 when solved, 494 max. */
static unsigned slice_of(const cc_cube *c)
{
	unsigned s = 0, found = 0;
	for (int j = 11; j >= 0; j--)
		if (c->ep[j] >= 8)
			s += binomial((unsigned)(11 - j), ++found);
	return s;
}

/* The order of the E-slice edges, read in the order of their places. */
static unsigned sperm_of(const cc_cube *c)
{
	uint8_t order[4];
	unsigned k = 0;
	for (int j = 0; j < 12 && k < 4; j++)
		if (c->ep[j] >= 8)
			order[k++] = (uint8_t)(c->ep[j] - 8);
	return perm_rank(order, 4);
}

/* Valid in G1 only, where places 0..7 hold the U and D edges. */
static unsigned eperm_of(const cc_cube *c)
{
	return perm_rank(c->ep, 8);
}

static unsigned cperm_of(const cc_cube *c)
{
	return perm_rank(c->cp, 8);
}

/*
 * Which four of the eight corner places hold the D corners (4..7; 0 when
 * solved, like slice_of), times two, plus the parity of the corner
 * permutation: 0 .. 139. Paired with
 * the U/D edges it bounds phase 2 better than the slice edges do, since
 * the corner parity must match the edges' (min2phase's EPermCCombP).
 */
static unsigned ccombp_of(const cc_cube *c)
{
	unsigned comb = 0, found = 0, parity = 0;
	for (int j = 7; j >= 0; j--)
		if (c->cp[j] >= 4)
			comb += binomial((unsigned)(7 - j), ++found);
	for (int i = 0; i < 8; i++)
		for (int j = i + 1; j < 8; j++)
			parity ^= c->cp[j] < c->cp[i];
	return comb * 2 + parity;
}

/* --- table construction ------------------------------------------------ */

/* a then b, permutations only (orientations are all 0 in G1). */
static void perm_multiply(const cc_cube *a, const cc_cube *b, cc_cube *out)
{
	for (int i = 0; i < 8; i++)
		out->cp[i] = a->cp[b->cp[i]];
	for (int i = 0; i < 12; i++)
		out->ep[i] = a->ep[b->ep[i]];
}


static unsigned prune_get(const uint8_t *table, size_t i)
{
	return (unsigned)(table[i / 2] >> (i % 2 * 4)) & 0xfu;
}

static void prune_set(uint8_t *table, size_t i, unsigned v)
{
	unsigned shift = (unsigned)(i % 2 * 4);
	table[i / 2] = (uint8_t)((table[i / 2] & ~(0xfu << shift)) | (v << shift));
}

/*
 * A pruning table over pairs (a, b) indexed a * nb + b, where a is a
 * symmetry class and b a raw coordinate. amove gives the sym coordinate
 * (class << symbits | s) of the representative of a turned by each move;
 * b, turned by bmove, is then conjugated by s: bconj[b << symbits | s].
 * A class whose representative some symmetries leave unchanged (astab[a],
 * one bit each) has several entries for one state, (a, b) and (a, b
 * conjugated by each of them), filled together.
 */
struct prune_spec {
	uint8_t *table;
	const uint16_t *amove;
	unsigned na;
	const uint16_t *bmove;
	unsigned nb;
	unsigned nmoves;
	const uint16_t *bconj;
	const uint16_t *astab;
	unsigned symbits; /* 4: the 16 symmetries; 2: the 4 of phase 1 */
};

/* Sets entry i to v, and the entries of the same state (see astab). */
static size_t prune_fill(const struct prune_spec *s, size_t i, unsigned v)
{
	prune_set(s->table, i, v);
	size_t filled = 1;
	size_t a = i / s->nb, b = i % s->nb;
	for (unsigned rest = s->astab[a] & ~1u; rest != 0; rest &= rest - 1) {
		unsigned k = (unsigned)__builtin_ctz(rest);
		size_t j = a * s->nb + s->bconj[b << s->symbits | k];
		if (prune_get(s->table, j) == UNKNOWN) {
			prune_set(s->table, j, v);
			filled++;
		}
	}
	return filled;
}

static size_t neighbour(const struct prune_spec *s, size_t a, size_t b, unsigned m)
{
	unsigned na = s->amove[a * s->nmoves + m];
	unsigned nb = s->bconj[(unsigned)s->bmove[b * s->nmoves + m] << s->symbits | (na & ((1u << s->symbits) - 1))];
	return (size_t)(na >> s->symbits) * s->nb + nb;
}

/* True when some 4-bit entry of the 16 in word is v (SWAR zero-nibble test). */
static bool word_has(uint64_t word, unsigned v)
{
	const uint64_t ones = 0x1111111111111111u;
	uint64_t x = word ^ (ones * v);
	return ((x - ones) & ~x & (ones << 3)) != 0;
}

/*
 * One breadth-first layer: fills depth d + 1, returns how many entries it
 * filled. Most entries hold neither the depth a layer looks for nor an
 * unfilled entry, so 16 entries at a time are skipped when none does.
 */
static size_t prune_layer(const struct prune_spec *s, size_t total, unsigned d, bool backward)
{
	size_t filled = 0;
	unsigned want = backward ? UNKNOWN : d;
	for (size_t i = 0; i < total; i++) {
		if (i % 16 == 0 && i + 16 <= total) {
			uint64_t word;
			memcpy(&word, &s->table[i / 2], sizeof word);
			if (!word_has(word, want)) {
				i += 15;
				continue;
			}
		}
		if (prune_get(s->table, i) != want)
			continue;
		size_t a = i / s->nb, b = i % s->nb;
		for (unsigned m = 0; m < s->nmoves; m++) {
			size_t n = neighbour(s, a, b, m);
			if (backward) {
				if (prune_get(s->table, n) == d) {
					filled += prune_fill(s, i, d + 1);
					break;
				}
			} else if (prune_get(s->table, n) == UNKNOWN) {
				filled += prune_fill(s, n, d + 1);
			}
		}
	}
	return filled;
}

/*
 * Breadth-first from the solved pair (0, 0). Early layers expand forward
 * from the entries at depth d; once half the table is filled it is cheaper
 * to look backward, from each unfilled entry, for a neighbour at depth d
 * (every move set here contains each move's inverse).
 */
static void build_prune(const struct prune_spec *s)
{
	size_t total = (size_t)s->na * s->nb;
	memset(s->table, 0xff, (total + 1) / 2);
	size_t done = prune_fill(s, 0, 0);
	for (unsigned d = 0; done < total; d++) {
		assert(d + 1 < UNKNOWN);
		done += prune_layer(s, total, d, done > total / 2);
	}
}

static void build_move_tables(cc_cube_tables *t)
{
	cc_cube c;
	for (unsigned m = 0; m < CC_CUBE_MOVES; m++) {
		cc_cube_init(&t->move_cube[m]);
		cc_cube_apply_move(&t->move_cube[m], (cc_cube_move)m);
	}
	for (unsigned i = 0; i < N_TWIST; i++) {
		for (unsigned m = 0; m < CC_CUBE_MOVES; m++) {
			cc_cube_init(&c);
			set_twist(&c, i);
			cc_cube_multiply(&c, &t->move_cube[m]);
			t->twist_move[i][m] = (uint16_t)twist_of(&c);
		}
	}
	for (unsigned i = 0; i < N_FLIP; i++) {
		for (unsigned m = 0; m < CC_CUBE_MOVES; m++) {
			cc_cube_init(&c);
			set_flip(&c, i);
			cc_cube_multiply(&c, &t->move_cube[m]);
			t->flip_move[i][m] = (uint16_t)flip_of(&c);
		}
	}
	/* Every set of four places, the slice edges put there in order. */
	for (uint8_t a = 0; a < 12; a++)
		for (uint8_t b = (uint8_t)(a + 1); b < 12; b++)
			for (uint8_t e = (uint8_t)(b + 1); e < 12; e++)
				for (uint8_t f = (uint8_t)(e + 1); f < 12; f++) {
					cc_cube_init(&c);
					uint8_t other = 0, slice = 8;
					for (uint8_t j = 0; j < 12; j++)
						c.ep[j] = (j == a || j == b || j == e || j == f) ? slice++ : other++;
					unsigned s = slice_of(&c);
					for (unsigned m = 0; m < CC_CUBE_MOVES; m++) {
						cc_cube d = c;
						cc_cube_multiply(&d, &t->move_cube[m]);
						t->slice_move[s][m] = (uint16_t)slice_of(&d);
					}
				}
	for (unsigned i = 0; i < N_SPERM; i++) {
		for (unsigned m = 0; m < N_P2_MOVES; m++) {
			cc_cube_init(&c);
			perm_unrank(i, &c.ep[8], 4);
			for (int j = 8; j < 12; j++)
				c.ep[j] = (uint8_t)(c.ep[j] + 8);
			cc_cube_multiply(&c, &t->move_cube[p2_moves[m]]);
			t->sperm_move[i][m] = (uint16_t)sperm_of(&c);
		}
	}
}

/*
 * Symmetries. Phase 2 only needs permutations, and conjugating a G1
 * cube by a symmetry of the cube that keeps the U-D axis (S * c * S^-1)
 * gives a G1 cube as many moves from solved: the 16 symmetries made of a
 * quarter turn of the whole cube about U-D, a half turn about F-B and
 * the mirror through the plane between L and R map phase-2 moves to
 * phase-2 moves. So the distance tables need one entry per class of
 * corner (or U/D edge) permutations under conjugation: 2,768 classes of
 * 40,320, which makes them 16 times smaller and keeps the phase-2 tables
 * in the processor's cache (min2phase's main idea). The slice edges'
 * permutation (24 values) is conjugated alongside through sperm_conj.
 * Orientations are left out: they are all 0 in G1, and a mirror would
 * need the reflected twists.
 */
static const cc_cube sym_u4 = {
	{3, 0, 1, 2, 7, 4, 5, 6}, {0}, {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10}, {0},
};
static const cc_cube sym_f2 = {
	{5, 4, 7, 6, 1, 0, 3, 2}, {0}, {6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10}, {0},
};
static const cc_cube sym_lr2 = {
	{1, 0, 3, 2, 5, 4, 7, 6}, {0}, {2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10}, {0},
};

static bool perm_equal(const cc_cube *a, const cc_cube *b)
{
	return memcmp(a->cp, b->cp, sizeof a->cp) == 0 && memcmp(a->ep, b->ep, sizeof a->ep) == 0;
}

static void perm_invert(const cc_cube *c, cc_cube *out)
{
	for (uint8_t i = 0; i < 8; i++)
		out->cp[c->cp[i]] = i;
	for (uint8_t i = 0; i < 12; i++)
		out->ep[c->ep[i]] = i;
}

/* S * c * S^-1 */
static void perm_conjugate(const cc_cube *c, const cc_cube *sym, const cc_cube *sym_inv, cc_cube *out)
{
	cc_cube a;
	perm_multiply(sym, c, &a);
	perm_multiply(&a, sym_inv, out);
}

/* Symmetry f * 8 + u * 2 + l is F2^f * U4^u * LR2^l; 0 is the identity. */
static void make_symmetries(cc_cube sym[N_SYM], cc_cube sym_inv[N_SYM])
{
	for (unsigned i = 0; i < N_SYM; i++) {
		cc_cube c, d;
		cc_cube_init(&c);
		cc_cube_init(&d); /* perm_multiply leaves the orientations as they are: 0 */
		if (i / 8) {
			perm_multiply(&c, &sym_f2, &d);
			c = d;
		}
		for (unsigned k = 0; k < i / 2 % 4; k++) {
			perm_multiply(&c, &sym_u4, &d);
			c = d;
		}
		if (i % 2) {
			perm_multiply(&c, &sym_lr2, &d);
			c = d;
		}
		sym[i] = c;
		cc_cube_init(&sym_inv[i]);
		perm_invert(&c, &sym_inv[i]);
	}
}

static unsigned find_p2_move(const cc_cube_tables *t, const cc_cube *c)
{
	unsigned k = 0;
	while (k < N_P2_MOVES && !perm_equal(c, &t->move_cube[p2_moves[k]]))
		k++;
	assert(k < N_P2_MOVES); /* these symmetries map phase-2 moves to phase-2 moves */
	return k;
}

/*
 * Classes of 8-permutations (of the corners, or of the U/D edges in
 * places 0..7) under conjugation. Scanning raw values upwards, each value
 * not yet classed is the representative of a new class (its smallest
 * member); conjugating it by every symmetry classes its whole orbit.
 */
static void build_perm_classes(const cc_cube sym[N_SYM], const cc_cube sym_inv[N_SYM], const uint8_t inverse[N_SYM],
			       bool edges, uint16_t *raw2sym, uint16_t *rep, uint16_t *stab)
{
	memset(raw2sym, 0xff, N_PERM8 * sizeof *raw2sym);
	unsigned n = 0;
	for (unsigned r = 0; r < N_PERM8; r++) {
		if (raw2sym[r] != 0xffff)
			continue;
		assert(n < N_PERM_SYM);
		rep[n] = (uint16_t)r;
		stab[n] = 0;
		cc_cube c, d;
		cc_cube_init(&c);
		perm_unrank(r, edges ? c.ep : c.cp, 8);
		for (unsigned k = 0; k < N_SYM; k++) {
			perm_conjugate(&c, &sym[k], &sym_inv[k], &d);
			unsigned x = perm_rank(edges ? d.ep : d.cp, 8);
			if (x == r)
				stab[n] = (uint16_t)(stab[n] | 1u << k);
			/* d = S_k c S_k^-1, so c = S_k^-1 d S_k: the symmetry that
			 * takes x to the representative is k's inverse. */
			if (raw2sym[x] == 0xffff)
				raw2sym[x] = (uint16_t)(n << 4 | inverse[k]);
		}
		n++;
	}
	assert(n == N_PERM_SYM);
}

static void build_class_moves(const cc_cube_tables *t, const uint16_t *raw2sym, const uint16_t *rep, bool edges,
			      uint16_t (*out)[N_P2_MOVES], uint16_t *inv_sym)
{
	for (unsigned n = 0; n < N_PERM_SYM; n++) {
		cc_cube c, d;
		cc_cube_init(&c);
		perm_unrank(rep[n], edges ? c.ep : c.cp, 8);
		perm_invert(&c, &d);
		inv_sym[n] = raw2sym[perm_rank(edges ? d.ep : d.cp, 8)];
		for (unsigned i = 0; i < N_P2_MOVES; i++) {
			perm_multiply(&c, &t->move_cube[p2_moves[i]], &d);
			out[n][i] = raw2sym[perm_rank(edges ? d.ep : d.cp, 8)];
		}
	}
}

static void build_symmetry_tables(cc_cube_tables *t)
{
	cc_cube sym[N_SYM], sym_inv[N_SYM], c, d;
	uint8_t inverse[N_SYM];
	make_symmetries(sym, sym_inv);
	for (unsigned a = 0; a < N_SYM; a++) {
		for (unsigned b = 0; b < N_SYM; b++) {
			perm_multiply(&sym[a], &sym[b], &c);
			unsigned k = 0;
			while (k < N_SYM && !perm_equal(&c, &sym[k]))
				k++;
			assert(k < N_SYM); /* they form a group */
			t->sym_mult[a][b] = (uint8_t)k;
			if (k == 0)
				inverse[a] = (uint8_t)b;
		}
		for (unsigned i = 0; i < N_P2_MOVES; i++) {
			perm_conjugate(&t->move_cube[p2_moves[i]], &sym[a], &sym_inv[a], &c);
			t->sym_move[a][i] = (uint8_t)find_p2_move(t, &c);
		}
		for (unsigned p = 0; p < N_SPERM; p++) {
			cc_cube_init(&c);
			perm_unrank(p, &c.ep[8], 4);
			for (int j = 8; j < 12; j++)
				c.ep[j] = (uint8_t)(c.ep[j] + 8);
			perm_conjugate(&c, &sym[a], &sym_inv[a], &d);
			t->sperm_conj[p][a] = (uint16_t)sperm_of(&d);
		}
	}
	uint16_t crep[N_PERM_SYM], erep[N_PERM_SYM];
	build_perm_classes(sym, sym_inv, inverse, false, t->cperm_sym, crep, t->cperm_stab);
	build_perm_classes(sym, sym_inv, inverse, true, t->eperm_sym, erep, t->eperm_stab);
	build_class_moves(t, t->cperm_sym, crep, false, t->cperm_class_move, t->cperm_inv_sym);
	build_class_moves(t, t->eperm_sym, erep, true, t->eperm_class_move, t->eperm_inv_sym);
	for (unsigned p = 0; p < N_SPERM; p++) {
		cc_cube_init(&c);
		perm_unrank(p, &c.ep[8], 4);
		for (int j = 8; j < 12; j++)
			c.ep[j] = (uint8_t)(c.ep[j] + 8);
		perm_invert(&c, &d);
		t->sperm_inv[p] = (uint8_t)sperm_of(&d);
	}
	for (unsigned a = 0; a < N_SYM; a++)
		for (unsigned b = 0; b < N_SYM; b++)
			t->sym_mult_inv[a][b] = t->sym_mult[a][inverse[b]];
	/* A corner permutation for each comb value, then its moves and conjugates. */
	uint16_t comb_rep[N_CCOMBP];
	memset(comb_rep, 0xff, sizeof comb_rep);
	for (unsigned r = 0; r < N_PERM8; r++) {
		cc_cube_init(&c);
		perm_unrank(r, c.cp, 8);
		unsigned k = ccombp_of(&c);
		if (comb_rep[k] == 0xffff)
			comb_rep[k] = (uint16_t)r;
	}
	for (unsigned k = 0; k < N_CCOMBP; k++) {
		assert(comb_rep[k] != 0xffff);
		cc_cube_init(&c);
		perm_unrank(comb_rep[k], c.cp, 8);
		for (unsigned i = 0; i < N_P2_MOVES; i++) {
			perm_multiply(&c, &t->move_cube[p2_moves[i]], &d);
			t->ccombp_move[k][i] = (uint16_t)ccombp_of(&d);
		}
		for (unsigned a = 0; a < N_SYM; a++) {
			perm_conjugate(&c, &sym[a], &sym_inv[a], &d);
			t->ccombp_conj[k][a] = (uint16_t)ccombp_of(&d);
		}
	}
	for (unsigned n = 0; n < N_PERM_SYM; n++) {
		cc_cube_init(&c);
		perm_unrank(crep[n], c.cp, 8);
		t->cperm_class_ccombp[n] = (uint8_t)ccombp_of(&c);
	}
}

/*
 * Phase 1's symmetries. Twists and flips are only well defined under the
 * symmetries whose own corner and edge orientations are all 0: the
 * identity, the half turns about U-D and F-B, and their product (sym4[g]
 * is symmetry 4g of make_symmetries, each its own inverse). Conjugating
 * by them relabels places, so a twist, a flip and the slice edges' places
 * each map to one of their own kind, and phase-1 distances are kept.
 * That cuts the three phase-1 tables by almost four (567 twist classes,
 * 560 flip classes), so twist x flip fits in 0.6 MB.
 */
static void conjugate4(const cc_cube *c, const cc_cube *sym, cc_cube *out)
{
	*out = *sym;
	cc_cube_multiply(out, c);
	cc_cube_multiply(out, sym); /* an involution: its own inverse */
}

static void build_orient_classes(const cc_cube sym4[N_SYM4], unsigned n_raw, unsigned n_class,
				 unsigned (*get)(const cc_cube *), void (*set)(cc_cube *, unsigned),
				 const uint16_t *raw_move, uint16_t *raw2sym, uint16_t *stab, uint16_t *class_move)
{
	memset(raw2sym, 0xff, n_raw * sizeof *raw2sym);
	unsigned n = 0;
	for (unsigned r = 0; r < n_raw; r++) {
		if (raw2sym[r] != 0xffff)
			continue;
		assert(n < n_class);
		cc_cube c, d;
		cc_cube_init(&c);
		set(&c, r);
		stab[n] = 0;
		for (unsigned g = 0; g < N_SYM4; g++) {
			conjugate4(&c, &sym4[g], &d);
			unsigned x = get(&d);
			if (x == r)
				stab[n] = (uint16_t)(stab[n] | 1u << g);
			if (raw2sym[x] == 0xffff)
				raw2sym[x] = (uint16_t)(n << 2 | g);
		}
		n++;
	}
	assert(n == n_class);
	(void)n_class;
	/* Then the moves of each representative: the values classed by the
	 * identity that open a new class, in the order they were met. */
	n = 0;
	for (unsigned r = 0; r < n_raw; r++) {
		if (raw2sym[r] >> 2 != n || (raw2sym[r] & 3) != 0)
			continue;
		for (unsigned m = 0; m < CC_CUBE_MOVES; m++)
			class_move[n * CC_CUBE_MOVES + m] = raw2sym[raw_move[r * CC_CUBE_MOVES + m]];
		n++;
	}
	assert(n == n_class);
}

/*
 * A second twist x flip bound (min2phase's conjugate bound). The quarter
 * turn U4 of the whole cube about U-D keeps distances to G1, but, unlike
 * the symmetries phase 1 is reduced by, it gives the slice edges a flip
 * of 1: the flip of U4 c U4^-1 depends on where c's slice edges are, so
 * the twist x flip table read there says something the table read at c
 * does not. The search keeps the twist and flip of U4 c U4^-1 as it goes:
 * U4 (c m) U4^-1 is (U4 c U4^-1) (U4 m U4^-1), another move.
 */
static void build_u4(cc_cube_tables *t)
{
	static const cc_cube u4 = {
		{3, 0, 1, 2, 7, 4, 5, 6}, {0}, {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10}, {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1},
	};
	t->u4 = u4;
	cc_cube_invert(&u4, &t->u4_inv);
	for (unsigned m = 0; m < CC_CUBE_MOVES; m++) {
		cc_cube c = t->u4;
		cc_cube_multiply(&c, &t->move_cube[m]);
		cc_cube_multiply(&c, &t->u4_inv);
		unsigned k = 0;
		while (k < CC_CUBE_MOVES && !cc_cube_equal(&c, &t->move_cube[k]))
			k++;
		assert(k < CC_CUBE_MOVES); /* a rotation maps face turns to face turns */
		t->move_u4[m] = (uint8_t)k;
	}
}

static void set_twist_fn(cc_cube *c, unsigned v)
{
	set_twist(c, v);
}

static void set_flip_fn(cc_cube *c, unsigned v)
{
	set_flip(c, v);
}

static void build_phase1_classes(cc_cube_tables *t)
{
	cc_cube sym[N_SYM], sym_inv[N_SYM], sym4[N_SYM4];
	make_symmetries(sym, sym_inv);
	for (unsigned g = 0; g < N_SYM4; g++)
		sym4[g] = sym[4 * g];
	build_orient_classes(sym4, N_TWIST, N_TWIST_SYM, twist_of, set_twist_fn, &t->twist_move[0][0],
			     t->twist_sym, t->twist_stab, &t->twist_class_move[0][0]);
	build_orient_classes(sym4, N_FLIP, N_FLIP_SYM, flip_of, set_flip_fn, &t->flip_move[0][0], t->flip_sym,
			     t->flip_stab, &t->flip_class_move[0][0]);
	cc_cube c, d;
	for (unsigned f = 0; f < N_FLIP; f++) {
		cc_cube_init(&c);
		set_flip(&c, f);
		for (unsigned g = 0; g < N_SYM4; g++) {
			conjugate4(&c, &sym4[g], &d);
			t->flip_conj[f][g] = (uint16_t)flip_of(&d);
		}
	}
	/* Every set of four places for the slice edges, as in build_move_tables. */
	for (uint8_t a = 0; a < 12; a++)
		for (uint8_t b = (uint8_t)(a + 1); b < 12; b++)
			for (uint8_t e = (uint8_t)(b + 1); e < 12; e++)
				for (uint8_t f = (uint8_t)(e + 1); f < 12; f++) {
					cc_cube_init(&c);
					uint8_t other = 0, slice = 8;
					for (uint8_t j = 0; j < 12; j++)
						c.ep[j] = (j == a || j == b || j == e || j == f) ? slice++ : other++;
					unsigned sl = slice_of(&c);
					for (unsigned g = 0; g < N_SYM4; g++) {
						conjugate4(&c, &sym4[g], &d);
						t->slice_conj[sl][g] = (uint16_t)slice_of(&d);
					}
				}
	build_u4(t);
}

static void build_rotation(cc_cube_tables *t)
{
	t->rot = rot_urf;
	cc_cube_invert(&rot_urf, &t->rot_inv);
	for (unsigned m = 0; m < CC_CUBE_MOVES; m++) {
		cc_cube back = t->rot_inv;
		cc_cube_multiply(&back, &t->move_cube[m]);
		cc_cube_multiply(&back, &t->rot);
		unsigned k = 0;
		while (k < CC_CUBE_MOVES && !cc_cube_equal(&back, &t->move_cube[k]))
			k++;
		assert(k < CC_CUBE_MOVES); /* a rotation maps face turns to face turns */
		t->rot_back[m] = (cc_cube_move)k;
	}
}

cc_err cc_cube_tables_create(cc_cube_tables **out, cc_error *err)
{
	cc_cube_tables *t = malloc(sizeof *t);
	if (!t) {
		*out = NULL;
		return cc_refuse(err, CC_MSG_SOLVER_NOMEM, sizeof *t);
	}
	build_move_tables(t);
	build_rotation(t);
	build_symmetry_tables(t);
	build_phase1_classes(t);
	build_prune(&(struct prune_spec){t->twist_slice_prune, &t->twist_class_move[0][0], N_TWIST_SYM,
					 &t->slice_move[0][0], N_SLICE, CC_CUBE_MOVES, &t->slice_conj[0][0],
					 t->twist_stab, 2});
	build_prune(&(struct prune_spec){t->flip_slice_prune, &t->flip_class_move[0][0], N_FLIP_SYM,
					 &t->slice_move[0][0], N_SLICE, CC_CUBE_MOVES, &t->slice_conj[0][0],
					 t->flip_stab, 2});
	build_prune(&(struct prune_spec){t->twist_flip_prune, &t->twist_class_move[0][0], N_TWIST_SYM,
					 &t->flip_move[0][0], N_FLIP, CC_CUBE_MOVES, &t->flip_conj[0][0],
					 t->twist_stab, 2});
	build_prune(&(struct prune_spec){t->cperm_sperm_prune, &t->cperm_class_move[0][0], N_PERM_SYM,
					 &t->sperm_move[0][0], N_SPERM, N_P2_MOVES, &t->sperm_conj[0][0],
					 t->cperm_stab, 4});
	build_prune(&(struct prune_spec){t->eperm_ccombp_prune, &t->eperm_class_move[0][0], N_PERM_SYM,
					 &t->ccombp_move[0][0], N_CCOMBP, N_P2_MOVES, &t->ccombp_conj[0][0],
					 t->eperm_stab, 4});
	*out = t;
	return CC_OK;
}

void cc_cube_tables_destroy(cc_cube_tables *t)
{
	free(t);
}

size_t cc_cube_tables_size(const cc_cube_tables *t)
{
	return sizeof *t;
}

/* --- search ------------------------------------------------------------ */

/* The face rules: never the same face twice, opposite faces in one order only. */
static bool may_follow(int last_face, unsigned face)
{
	if (last_face < 0)
		return true;
	unsigned last = (unsigned)last_face;
	return face != last && !(face + 3 == last);
}

static bool is_p2_move(cc_cube_move m)
{
	for (unsigned i = 0; i < N_P2_MOVES; i++)
		if (p2_moves[i] == m)
			return true;
	return false;
}

struct search {
	const cc_cube_tables *t;
	unsigned max_len;
	unsigned p2_cap;  /* longest phase 2 tried (see cc_cube_solve) */
	uint64_t nodes;
	uint64_t budget;  /* 0: none */
	bool exhausted;
	unsigned len;     /* of the solution in path, once found */
	unsigned valid;   /* cubes[0..valid] follow path[0..valid-1] */
	int premove;      /* -1, or the move turned before the cube (see cc_cube_solve) */
	cc_cube_move path[MAX_PATH];
	/* cubes[i]: the version after path[0..i-1]; only the permutations
	 * are kept up to date, which is all phase 2 needs. cubes[0] is the
	 * version itself. Recomputed lazily from the first changed move. */
	cc_cube cubes[MAX_PATH + 1];
};

static unsigned max2(unsigned a, unsigned b)
{
	return a > b ? a : b;
}

static unsigned phase1_bound(const cc_cube_tables *t, unsigned twist, unsigned flip, unsigned slice)
{
	unsigned ts = t->twist_sym[twist], fs = t->flip_sym[flip];
	unsigned a = prune_get(t->twist_slice_prune, (size_t)(ts >> 2) * N_SLICE + t->slice_conj[slice][ts & 3]);
	unsigned b = prune_get(t->flip_slice_prune, (size_t)(fs >> 2) * N_SLICE + t->slice_conj[slice][fs & 3]);
	unsigned c = prune_get(t->twist_flip_prune, (size_t)(ts >> 2) * N_FLIP + t->flip_conj[flip][ts & 3]);
	return max2(max2(a, b), c);
}

/* The twist x flip bound alone. */
static unsigned twist_flip_bound(const cc_cube_tables *t, unsigned twist, unsigned flip)
{
	unsigned ts = t->twist_sym[twist];
	return prune_get(t->twist_flip_prune, (size_t)(ts >> 2) * N_FLIP + t->flip_conj[flip][ts & 3]);
}

/*
 * Whether phase 1 can finish within togo moves from here: the same
 * bounds as phase1_bound, with the lookups stopped at the first that
 * says no. *h is that bound when it said no (0 otherwise).
 */
static bool phase1_within(const cc_cube_tables *t, unsigned twist, unsigned flip, unsigned slice, unsigned togo,
			  unsigned *h)
{
	unsigned ts = t->twist_sym[twist], fs = t->flip_sym[flip];
	*h = prune_get(t->twist_flip_prune, (size_t)(ts >> 2) * N_FLIP + t->flip_conj[flip][ts & 3]);
	if (*h > togo)
		return false;
	*h = max2(*h, prune_get(t->flip_slice_prune, (size_t)(fs >> 2) * N_SLICE + t->slice_conj[slice][fs & 3]));
	if (*h > togo)
		return false;
	*h = max2(*h, prune_get(t->twist_slice_prune, (size_t)(ts >> 2) * N_SLICE + t->slice_conj[slice][ts & 3]));
	return *h <= togo;
}

/* Phase 2 by sym coordinates: corners (class, symmetry), U/D edges likewise, slice permutation raw. */
struct p2 {
	unsigned cc, cs, ec, es, sp;
};

static struct p2 p2_of(const cc_cube_tables *t, unsigned cperm, unsigned eperm, unsigned sperm)
{
	unsigned c = t->cperm_sym[cperm], e = t->eperm_sym[eperm];
	return (struct p2){c >> 4, c & 0xf, e >> 4, e & 0xf, sperm};
}

/*
 * The corner comb of r (the corners of class cc conjugated back by cs),
 * then conjugated by the edges' symmetry es, in one table look-up.
 */
static unsigned comb_for_edges(const cc_cube_tables *t, unsigned cc, unsigned cs, unsigned es)
{
	return t->ccombp_conj[t->cperm_class_ccombp[cc]][t->sym_mult_inv[es][cs]];
}

static unsigned phase2_bound(const cc_cube_tables *t, const struct p2 *p)
{
	return max2(prune_get(t->cperm_sperm_prune, (size_t)p->cc * N_SPERM + t->sperm_conj[p->sp][p->cs]),
		    prune_get(t->eperm_ccombp_prune,
			      (size_t)p->ec * N_CCOMBP + comb_for_edges(t, p->cc, p->cs, p->es)));
}

/*
 * The bound of the inverse cube, as far from solved (U/D edges and corner
 * comb only, the cheaper half). If r conjugated by s is R, then r^-1
 * conjugated by s is R^-1, whose sym coordinate is kept per class.
 */
static unsigned phase2_inverse_bound(const cc_cube_tables *t, const struct p2 *p)
{
	unsigned c = t->cperm_inv_sym[p->cc], e = t->eperm_inv_sym[p->ec];
	unsigned cs = t->sym_mult[c & 0xf][p->cs], es = t->sym_mult[e & 0xf][p->es];
	return prune_get(t->eperm_ccombp_prune, (size_t)(e >> 4) * N_CCOMBP + comb_for_edges(t, c >> 4, cs, es));
}

/*
 * Turning the raw coordinate r by move m, where r conjugated by s is the
 * representative R: r * m conjugated by s is R * (S m S^-1), whose sym
 * coordinate the class move table holds; the symmetries then compose.
 */
static struct p2 p2_move(const cc_cube_tables *t, const struct p2 *p, unsigned i)
{
	unsigned c = t->cperm_class_move[p->cc][t->sym_move[p->cs][i]];
	unsigned e = t->eperm_class_move[p->ec][t->sym_move[p->es][i]];
	return (struct p2){c >> 4, t->sym_mult[c & 0xf][p->cs], e >> 4, t->sym_mult[e & 0xf][p->es],
			   t->sperm_move[p->sp][i]};
}

static bool out_of_budget(struct search *s)
{
	s->nodes++;
	if (s->budget != 0 && s->nodes > s->budget)
		s->exhausted = true;
	return s->exhausted;
}

/*
 * Phase 2 as one depth-first search of at most togo more moves (not
 * iterative deepening: any solution within the room will do, so the
 * shallower iterations would only repeat work). The bound is consistent
 * (tables of exact distances, every move has its inverse), so a node is
 * entered only when it can still finish within togo.
 */
static bool phase2(struct search *s, const struct p2 *p, unsigned depth, unsigned togo)
{
	/* Class 0 holds the identity alone, whatever the symmetry. */
	if (p->cc == 0 && p->ec == 0 && p->sp == 0) {
		/* The premove comes last in the solution: it must follow tidily. */
		if (s->premove >= 0 && depth > 0 && !may_follow((int)(s->path[depth - 1] / 3), (unsigned)s->premove / 3))
			return false;
		s->len = depth;
		return true;
	}
	int last_face = depth > 0 ? (int)(s->path[depth - 1] / 3) : -1;
	for (unsigned i = 0; i < N_P2_MOVES; i++) {
		cc_cube_move m = p2_moves[i];
		if (!may_follow(last_face, m / 3u))
			continue;
		struct p2 next = p2_move(s->t, p, i);
		unsigned h = phase2_bound(s->t, &next);
		if (h >= togo) {
			/* The bound is consistent: the other turns of this
			 * face are neighbours of this one, none can do better. */
			if (h > togo && m % 3 == 0 && m / 3 % 3 == 0)
				i += 2;
			continue;
		}
		if (phase2_inverse_bound(s->t, &next) >= togo)
			continue;
		if (out_of_budget(s))
			return false;
		s->path[depth] = m;
		if (phase2(s, &next, depth + 1, togo - 1))
			return true;
	}
	return false;
}

/* At the end of a phase-1 solution of length depth: try phase 2 in what is left. */
static bool start_phase2(struct search *s, unsigned depth)
{
	for (unsigned i = s->valid; i < depth; i++)
		perm_multiply(&s->cubes[i], &s->t->move_cube[s->path[i]], &s->cubes[i + 1]);
	s->valid = depth;
	const cc_cube *c = &s->cubes[depth];
	unsigned room = s->max_len - depth;
	if (room > s->p2_cap)
		room = s->p2_cap;
	struct p2 p = p2_of(s->t, cperm_of(c), eperm_of(c), sperm_of(c));
	if (phase2_bound(s->t, &p) > room)
		return false;
	/* The inverse is as far from solved, and often bounded better. */
	if (phase2_inverse_bound(s->t, &p) > room)
		return false;
	return phase2(s, &p, depth, room);
}

/* Phase 1 from (twist, flip, slice); U4 c U4^-1 has twist tm and flip fm. */
static bool phase1(struct search *s, unsigned twist, unsigned flip, unsigned slice, unsigned tm, unsigned fm,
		   unsigned depth, unsigned togo)
{
	if (togo == 0) {
		/* Ending with a G1 move means a shorter phase 1 reached G1 already. */
		if (depth > 0 && is_p2_move(s->path[depth - 1]))
			return false;
		return start_phase2(s, depth);
	}
	/*
	 * In G1 already, with few moves left: leaving G1 and coming back
	 * within them finds nothing that phase 2 from here does not try.
	 */
	if (togo < 5 && twist == 0 && flip == 0 && slice == 0)
		return false;
	int last_face = depth > 0 ? (int)(s->path[depth - 1] / 3) : -1;
	for (cc_cube_move m = 0; m < CC_CUBE_MOVES; m++) {
		if (!may_follow(last_face, m / 3u)) {
			m = (cc_cube_move)(m + 2);
			continue;
		}
		unsigned tw = s->t->twist_move[twist][m], fl = s->t->flip_move[flip][m];
		unsigned sl = s->t->slice_move[slice][m];
		unsigned h;
		if (!phase1_within(s->t, tw, fl, sl, togo - 1, &h)) {
			/* The bounds are consistent and the other turns of this
			 * face are neighbours of this one: when it is two short,
			 * so are they. */
			if (h > togo && m % 3 == 0)
				m = (cc_cube_move)(m + 2);
			continue;
		}
		unsigned mm = s->t->move_u4[m];
		unsigned tw_m = s->t->twist_move[tm][mm], fl_m = s->t->flip_move[fm][mm];
		h = twist_flip_bound(s->t, tw_m, fl_m);
		if (h >= togo) {
			if (h > togo && m % 3 == 0)
				m = (cc_cube_move)(m + 2);
			continue;
		}
		if (out_of_budget(s))
			return false;
		s->path[depth] = m;
		if (s->valid > depth)
			s->valid = depth;
		if (phase1(s, tw, fl, sl, tw_m, fl_m, depth + 1, togo - 1))
			return true;
	}
	return false;
}

/* Version v of c: inverse when v >= 3, seen along axis v % 3. */
static void make_version(const cc_cube_tables *t, const cc_cube *c, unsigned v, cc_cube *out)
{
	cc_cube base;
	if (v >= 3)
		cc_cube_invert(c, &base);
	else
		base = *c;
	for (unsigned k = 0; k < v % 3; k++) {
		cc_cube r = t->rot;
		cc_cube_multiply(&r, &base);
		cc_cube_multiply(&r, &t->rot_inv);
		base = r;
	}
	*out = base;
}

/* Maps the solution of version v back to a solution of the original cube. */
static void map_back(const cc_cube_tables *t, const struct search *s, unsigned v, cc_cube_alg *out)
{
	out->len = (uint8_t)s->len;
	for (unsigned i = 0; i < s->len; i++) {
		cc_cube_move m = s->path[i];
		for (unsigned k = 0; k < v % 3; k++)
			m = t->rot_back[m];
		out->moves[i] = m;
	}
	/* A solution of c^-1 is c itself; undoing it solves c. */
	if (v >= 3)
		cc_cube_alg_invert(out, out);
}

/*
 * Phase 2 is the expensive part of a failed attempt, so the first pass
 * allows it at most P2_CAP moves and lets phase 1 grow instead (min2phase
 * does the same with 12): a random state always has a solution of at most
 * 21 moves that splits so. A second pass without the cap keeps the search
 * complete for other lengths and hand-made states.
 *
 * Premoves (min2phase's idea too): a solution of m * c (m turned first,
 * then c) followed by m solves c. Searching m * c for the quarter turns m
 * of R, F, L and B, which phase 2 could never end with, gives new
 * candidate G1 states at each total length, so a hard cube finds its
 * solution at a shallower phase 1. A second premove m2 (any tidy move
 * after m) searches m * m2 * c for the solutions ending with m m2. Phase 1
 * is kept at least PRE_MIN_P1 long there: shorter ones are few and are
 * searched anyway.
 */
enum { P2_CAP = 12, PRE_MIN_P1 = 7, N_PREMOVES = 8, MAX_PRE = 2, N_STARTS = 1 + N_PREMOVES * 16 };

static const cc_cube_move premoves[N_PREMOVES] = {3, 5, 6, 8, 12, 14, 15, 17};

/* One cube to search from: a version of the scrambled cube, premoved or not. */
struct start {
	cc_cube cube;
	unsigned twist, flip, slice;
	unsigned twist_u4, flip_u4; /* of U4 cube U4^-1 */
	unsigned npre;
	cc_cube_move pre[MAX_PRE]; /* in the order they end the solution */
};

static void set_start(const cc_cube_tables *t, struct start *st, const cc_cube *cube, unsigned npre,
		      const cc_cube_move *pre)
{
	st->cube = *cube;
	st->twist = twist_of(cube);
	st->flip = flip_of(cube);
	st->slice = slice_of(cube);
	cc_cube c = t->u4;
	cc_cube_multiply(&c, cube);
	cc_cube_multiply(&c, &t->u4_inv);
	st->twist_u4 = twist_of(&c);
	st->flip_u4 = flip_of(&c);
	st->npre = npre;
	for (unsigned i = 0; i < npre; i++)
		st->pre[i] = pre[i];
}

/*
 * Adds the starts of a version (out[0]) with npre premoves after the n
 * already there; returns how many there are then. They are made when
 * first needed: most cubes are solved before, and making them costs
 * more than a short search.
 */
static unsigned add_premoved_starts(const cc_cube_tables *t, struct start *out, unsigned n, unsigned npre)
{
	const cc_cube *version = &out[0].cube;
	for (unsigned k = 0; k < N_PREMOVES; k++) {
		if (npre == 1) {
			cc_cube d = t->move_cube[premoves[k]];
			cc_cube_multiply(&d, version);
			set_start(t, &out[n++], &d, 1, &premoves[k]);
			continue;
		}
		for (cc_cube_move m2 = 0; m2 < CC_CUBE_MOVES; m2++) {
			if (!may_follow(premoves[k] / 3, m2 / 3u))
				continue;
			cc_cube d = t->move_cube[premoves[k]];
			cc_cube_multiply(&d, &t->move_cube[m2]);
			cc_cube_multiply(&d, version);
			assert(n < N_STARTS);
			set_start(t, &out[n++], &d, 2, (const cc_cube_move[]){premoves[k], m2});
		}
	}
	return n;
}

/* Phase 1 of exactly depth moves from st, then phase 2, within max_len in all. */
static bool search_start(struct search *s, const struct start *st, unsigned depth, unsigned max_len)
{
	if (phase1_bound(s->t, st->twist, st->flip, st->slice) > depth)
		return false;
	s->cubes[0] = st->cube;
	s->valid = 0;
	s->premove = st->npre > 0 ? st->pre[0] : -1;
	s->max_len = max_len;
	if (twist_flip_bound(s->t, st->twist_u4, st->flip_u4) > depth)
		return false;
	if (!phase1(s, st->twist, st->flip, st->slice, st->twist_u4, st->flip_u4, 0, depth))
		return false;
	for (unsigned i = 0; i < st->npre; i++)
		s->path[s->len++] = st->pre[i];
	return true;
}

cc_err cc_cube_solve(const cc_cube_tables *t, const cc_cube *c, unsigned max_len,
		     uint64_t node_budget, cc_cube_alg *out, cc_error *err)
{
	cc_err rc = cc_cube_check(c, err);
	if (rc != CC_OK)
		return rc;
	if (max_len > MAX_PATH - 1 - MAX_PRE)
		max_len = MAX_PATH - 1 - MAX_PRE;
	struct start starts[N_VERSIONS][N_STARTS];
	unsigned nstarts[N_VERSIONS];
	for (unsigned v = 0; v < N_VERSIONS; v++) {
		cc_cube version;
		make_version(t, c, v, &version);
		set_start(t, &starts[v][0], &version, 0, NULL);
		nstarts[v] = 1; /* the premoved ones when first needed */
	}
	struct search s = {.t = t, .budget = node_budget};
	for (unsigned pass = 0; pass < 2; pass++) {
		s.p2_cap = pass == 0 ? P2_CAP : max_len;
		if (pass == 1 && max_len <= P2_CAP)
			break; /* the first pass had no cap */
		for (unsigned len = 0; len <= max_len; len++) {
			for (unsigned v = 0; v < N_VERSIONS; v++) {
				if (len == PRE_MIN_P1 + 1 && nstarts[v] == 1)
					nstarts[v] = add_premoved_starts(t, starts[v], 1, 1);
				if (len == PRE_MIN_P1 + 2 && nstarts[v] == 1 + N_PREMOVES)
					nstarts[v] = add_premoved_starts(t, starts[v], nstarts[v], 2);
				for (unsigned k = 0; k < nstarts[v]; k++) {
					const struct start *st = &starts[v][k];
					if (st->npre > 0 && len < PRE_MIN_P1 + st->npre)
						break; /* starts come by premove count */
					if (search_start(&s, st, len - st->npre, max_len - st->npre)) {
						map_back(t, &s, v, out);
						return CC_OK;
					}
					if (s.exhausted)
						goto none;
				}
			}
		}
	}
none:
	return cc_refuse(err, CC_MSG_SOLVER_NO_SOLUTION, max_len);
}

void cc_cube_scramble(const cc_cube_tables *t, cc_cube_rng *rng, cc_cube_alg *out, cc_cube *out_state)
{
	cc_cube state;
	cc_cube_random_state(rng, &state);
	/* No node budget: giving up on hard states would bias the draw. */
	cc_err rc = cc_cube_solve(t, &state, CC_CUBE_SCRAMBLE_MAX, 0, out, NULL);
	assert(rc == CC_OK); /* every cube has a solution of 20 moves or fewer */
	(void)rc;
	cc_cube_alg_invert(out, out);
	if (out_state)
		*out_state = state;
}

void cc_cube_sheet_derive(const cc_cube_tables *t, uint64_t seed, cc_cube_sheet *out)
{
	cc_cube_rng rng;
	cc_cube_rng_seed(&rng, seed);
	out->seed = seed;
	for (unsigned i = 0; i < CC_CUBE_SHEET_CUBES; i++)
		cc_cube_scramble(t, &rng, &out->scrambles[i], NULL);
}
