/*
 * cube_tables.c: the solver's tables (cube_solve.c describes them and the
 * algorithm): the coordinates of a cube, the move tables, the symmetry
 * classes and the pruning tables, built once by cc_cube_tables_create and
 * read-only afterwards.
 */
#include "cube_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* Rotation of the whole cube by 120 degrees around the URF-DBL diagonal. */
static const cc_cube rot_urf = {
	{0, 4, 5, 1, 3, 7, 6, 2}, {1, 2, 1, 2, 2, 1, 2, 1},
	{1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2}, {1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1},
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

unsigned cc_cube_twist_of(const cc_cube *c)
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

unsigned cc_cube_flip_of(const cc_cube *c)
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
unsigned cc_cube_slice_of(const cc_cube *c)
{
	unsigned s = 0, found = 0;
	for (int j = 11; j >= 0; j--)
		if (c->ep[j] >= 8)
			s += binomial((unsigned)(11 - j), ++found);
	return s;
}

/* The order of the E-slice edges, read in the order of their places. */
unsigned cc_cube_sperm_of(const cc_cube *c)
{
	uint8_t order[4];
	unsigned k = 0;
	for (int j = 0; j < 12 && k < 4; j++)
		if (c->ep[j] >= 8)
			order[k++] = (uint8_t)(c->ep[j] - 8);
	return perm_rank(order, 4);
}

/* Valid in G1 only, where places 0..7 hold the U and D edges. */
unsigned cc_cube_eperm_of(const cc_cube *c)
{
	return perm_rank(c->ep, 8);
}

unsigned cc_cube_cperm_of(const cc_cube *c)
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
void cc_cube_perm_multiply(const cc_cube *a, const cc_cube *b, cc_cube *out)
{
	for (int i = 0; i < 8; i++)
		out->cp[i] = a->cp[b->cp[i]];
	for (int i = 0; i < 12; i++)
		out->ep[i] = a->ep[b->ep[i]];
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
		if (cc_cube_prune_get(s->table, j) == UNKNOWN) {
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
		if (cc_cube_prune_get(s->table, i) != want)
			continue;
		size_t a = i / s->nb, b = i % s->nb;
		for (unsigned m = 0; m < s->nmoves; m++) {
			size_t n = neighbour(s, a, b, m);
			if (backward) {
				if (cc_cube_prune_get(s->table, n) == d) {
					filled += prune_fill(s, i, d + 1);
					break;
				}
			} else if (cc_cube_prune_get(s->table, n) == UNKNOWN) {
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
			t->twist_move[i][m] = (uint16_t)cc_cube_twist_of(&c);
		}
	}
	for (unsigned i = 0; i < N_FLIP; i++) {
		for (unsigned m = 0; m < CC_CUBE_MOVES; m++) {
			cc_cube_init(&c);
			set_flip(&c, i);
			cc_cube_multiply(&c, &t->move_cube[m]);
			t->flip_move[i][m] = (uint16_t)cc_cube_flip_of(&c);
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
					unsigned s = cc_cube_slice_of(&c);
					for (unsigned m = 0; m < CC_CUBE_MOVES; m++) {
						cc_cube d = c;
						cc_cube_multiply(&d, &t->move_cube[m]);
						t->slice_move[s][m] = (uint16_t)cc_cube_slice_of(&d);
					}
				}
	for (unsigned i = 0; i < N_SPERM; i++) {
		for (unsigned m = 0; m < N_P2_MOVES; m++) {
			cc_cube_init(&c);
			perm_unrank(i, &c.ep[8], 4);
			for (int j = 8; j < 12; j++)
				c.ep[j] = (uint8_t)(c.ep[j] + 8);
			cc_cube_multiply(&c, &t->move_cube[p2_moves[m]]);
			t->sperm_move[i][m] = (uint16_t)cc_cube_sperm_of(&c);
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
	cc_cube_perm_multiply(sym, c, &a);
	cc_cube_perm_multiply(&a, sym_inv, out);
}

/* Symmetry f * 8 + u * 2 + l is F2^f * U4^u * LR2^l; 0 is the identity. */
static void make_symmetries(cc_cube sym[N_SYM], cc_cube sym_inv[N_SYM])
{
	for (unsigned i = 0; i < N_SYM; i++) {
		cc_cube c, d;
		cc_cube_init(&c);
		cc_cube_init(&d); /* perm_multiply leaves the orientations as they are: 0 */
		if (i / 8) {
			cc_cube_perm_multiply(&c, &sym_f2, &d);
			c = d;
		}
		for (unsigned k = 0; k < i / 2 % 4; k++) {
			cc_cube_perm_multiply(&c, &sym_u4, &d);
			c = d;
		}
		if (i % 2) {
			cc_cube_perm_multiply(&c, &sym_lr2, &d);
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
			cc_cube_perm_multiply(&c, &t->move_cube[p2_moves[i]], &d);
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
			cc_cube_perm_multiply(&sym[a], &sym[b], &c);
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
			t->sperm_conj[p][a] = (uint16_t)cc_cube_sperm_of(&d);
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
		t->sperm_inv[p] = (uint8_t)cc_cube_sperm_of(&d);
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
			cc_cube_perm_multiply(&c, &t->move_cube[p2_moves[i]], &d);
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
	build_orient_classes(sym4, N_TWIST, N_TWIST_SYM, cc_cube_twist_of, set_twist_fn, &t->twist_move[0][0],
			     t->twist_sym, t->twist_stab, &t->twist_class_move[0][0]);
	build_orient_classes(sym4, N_FLIP, N_FLIP_SYM, cc_cube_flip_of, set_flip_fn, &t->flip_move[0][0], t->flip_sym,
			     t->flip_stab, &t->flip_class_move[0][0]);
	cc_cube c, d;
	for (unsigned f = 0; f < N_FLIP; f++) {
		cc_cube_init(&c);
		set_flip(&c, f);
		for (unsigned g = 0; g < N_SYM4; g++) {
			conjugate4(&c, &sym4[g], &d);
			t->flip_conj[f][g] = (uint16_t)cc_cube_flip_of(&d);
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
					unsigned sl = cc_cube_slice_of(&c);
					for (unsigned g = 0; g < N_SYM4; g++) {
						conjugate4(&c, &sym4[g], &d);
						t->slice_conj[sl][g] = (uint16_t)cc_cube_slice_of(&d);
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
	cc_cube_tables *t = calloc(1, sizeof *t); /* padding zero too: an image (cube_image.c) is all bytes */
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
