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
 * bounded by what remains of the allowed length; the first whole solution
 * within that length wins. Optimal solutions are not the goal: 21 moves are
 * enough for a scramble, and the search finds such a solution quickly.
 *
 * To find one sooner the search runs on six versions of the cube at once,
 * depth by depth: the cube and its inverse, each seen along the three
 * axes U-D, R-L and F-B (conjugated by the 120 degree rotation around the
 * URF-DBL diagonal). Each version has its own phase-1 solutions, so six
 * times as many chances per depth; a solution found for a version is
 * mapped back to the original cube.
 *
 * Tables (built by cc_cube_tables_create, read-only afterwards):
 *   coordinate            values  moves  move table
 *   twist (corners)         2187     18  uint16
 *   flip (edges)            2048     18  uint16
 *   slice (E edges' places)  495     18  uint16
 *   corner permutation     40320     10  uint16  (phase 2)
 *   U/D edge permutation   40320     10  uint16  (phase 2)
 *   slice edge permutation    24     10  uint8   (phase 2)
 * Pruning tables, 4 bits per entry (exact distance, the tables are small
 * enough to fill by breadth-first search, 15 = not reached yet):
 *   twist x slice   1,082,565 entries    phase 1
 *   flip x slice    1,013,760 entries    phase 1
 *   corners x slice perm  967,680        phase 2
 *   U/D edges x slice perm 967,680       phase 2
 * The heuristic of a phase is the larger of its two tables' values.
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
	uint16_t cperm_move[N_PERM8][N_P2_MOVES];
	uint16_t eperm_move[N_PERM8][N_P2_MOVES];
	uint8_t sperm_move[N_SPERM][N_P2_MOVES];
	uint8_t twist_slice_prune[(N_TWIST * N_SLICE + 1) / 2];
	uint8_t flip_slice_prune[(N_FLIP * N_SLICE + 1) / 2];
	uint8_t cperm_sperm_prune[N_PERM8 * N_SPERM / 2];
	uint8_t eperm_sperm_prune[N_PERM8 * N_SPERM / 2];
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

/* --- table construction ------------------------------------------------ */

static unsigned prune_get(const uint8_t *table, size_t i)
{
	return (unsigned)(table[i / 2] >> (i % 2 * 4)) & 0xfu;
}

static void prune_set(uint8_t *table, size_t i, unsigned v)
{
	unsigned shift = (unsigned)(i % 2 * 4);
	table[i / 2] = (uint8_t)((table[i / 2] & ~(0xfu << shift)) | (v << shift));
}

/* A pruning table over pairs (a, b) indexed a * nb + b, with a move table for each. */
struct prune_spec {
	uint8_t *table;
	const uint16_t *amove;
	unsigned na;
	const uint16_t *bmove_wide; /* either this ... */
	const uint8_t *bmove_narrow; /* ... or this */
	unsigned nb;
	unsigned nmoves;
};

static size_t neighbour(const struct prune_spec *s, size_t a, size_t b, unsigned m)
{
	size_t nb = s->bmove_wide ? s->bmove_wide[b * s->nmoves + m] : s->bmove_narrow[b * s->nmoves + m];
	return (size_t)s->amove[a * s->nmoves + m] * s->nb + nb;
}

/* True when neither 4-bit entry of byte holds v. */
static bool byte_lacks(uint8_t byte, unsigned v)
{
	return (byte & 0xfu) != v && (unsigned)(byte >> 4) != v;
}

/*
 * One breadth-first layer: fills depth d + 1, returns how many entries it
 * filled. Most bytes hold neither the depth a layer looks for nor an
 * unfilled entry, so whole bytes are skipped before any index arithmetic.
 */
static size_t prune_layer(const struct prune_spec *s, size_t total, unsigned d, bool backward)
{
	size_t filled = 0;
	for (size_t i = 0; i < total; i++) {
		if (i % 2 == 0 && byte_lacks(s->table[i / 2], backward ? UNKNOWN : d)) {
			i++;
			continue;
		}
		unsigned v = prune_get(s->table, i);
		if (backward ? v != UNKNOWN : v != d)
			continue;
		size_t a = i / s->nb, b = i % s->nb;
		for (unsigned m = 0; m < s->nmoves; m++) {
			size_t n = neighbour(s, a, b, m);
			if (backward) {
				if (prune_get(s->table, n) == d) {
					prune_set(s->table, i, d + 1);
					filled++;
					break;
				}
			} else if (prune_get(s->table, n) == UNKNOWN) {
				prune_set(s->table, n, d + 1);
				filled++;
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
	prune_set(s->table, 0, 0);
	size_t done = 1;
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
	for (unsigned i = 0; i < N_PERM8; i++) {
		for (unsigned m = 0; m < N_P2_MOVES; m++) {
			cc_cube_init(&c);
			perm_unrank(i, c.cp, 8);
			perm_unrank(i, c.ep, 8);
			cc_cube_multiply(&c, &t->move_cube[p2_moves[m]]);
			t->cperm_move[i][m] = (uint16_t)cperm_of(&c);
			t->eperm_move[i][m] = (uint16_t)eperm_of(&c);
		}
	}
	for (unsigned i = 0; i < N_SPERM; i++) {
		for (unsigned m = 0; m < N_P2_MOVES; m++) {
			cc_cube_init(&c);
			perm_unrank(i, &c.ep[8], 4);
			for (int j = 8; j < 12; j++)
				c.ep[j] = (uint8_t)(c.ep[j] + 8);
			cc_cube_multiply(&c, &t->move_cube[p2_moves[m]]);
			t->sperm_move[i][m] = (uint8_t)sperm_of(&c);
		}
	}
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
		return cc_error_set(err, CC_ERR_NOMEM, "no memory for the cube solver's tables (%zu bytes)",
				    sizeof *t);
	}
	build_move_tables(t);
	build_rotation(t);
	build_prune(&(struct prune_spec){t->twist_slice_prune, &t->twist_move[0][0], N_TWIST,
					 &t->slice_move[0][0], NULL, N_SLICE, CC_CUBE_MOVES});
	build_prune(&(struct prune_spec){t->flip_slice_prune, &t->flip_move[0][0], N_FLIP,
					 &t->slice_move[0][0], NULL, N_SLICE, CC_CUBE_MOVES});
	build_prune(&(struct prune_spec){t->cperm_sperm_prune, &t->cperm_move[0][0], N_PERM8, NULL,
					 &t->sperm_move[0][0], N_SPERM, N_P2_MOVES});
	build_prune(&(struct prune_spec){t->eperm_sperm_prune, &t->eperm_move[0][0], N_PERM8, NULL,
					 &t->sperm_move[0][0], N_SPERM, N_P2_MOVES});
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
	return max2(prune_get(t->twist_slice_prune, (size_t)twist * N_SLICE + slice),
		    prune_get(t->flip_slice_prune, (size_t)flip * N_SLICE + slice));
}

static unsigned phase2_bound(const cc_cube_tables *t, unsigned cperm, unsigned eperm, unsigned sperm)
{
	return max2(prune_get(t->cperm_sperm_prune, (size_t)cperm * N_SPERM + sperm),
		    prune_get(t->eperm_sperm_prune, (size_t)eperm * N_SPERM + sperm));
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
static bool phase2(struct search *s, unsigned cperm, unsigned eperm, unsigned sperm, unsigned depth,
		   unsigned togo)
{
	if (cperm == 0 && eperm == 0 && sperm == 0) {
		s->len = depth;
		return true;
	}
	int last_face = depth > 0 ? (int)(s->path[depth - 1] / 3) : -1;
	for (unsigned i = 0; i < N_P2_MOVES; i++) {
		cc_cube_move m = p2_moves[i];
		if (!may_follow(last_face, m / 3u))
			continue;
		unsigned c = s->t->cperm_move[cperm][i], e = s->t->eperm_move[eperm][i];
		unsigned p = s->t->sperm_move[sperm][i];
		if (phase2_bound(s->t, c, e, p) >= togo)
			continue;
		if (out_of_budget(s))
			return false;
		s->path[depth] = m;
		if (phase2(s, c, e, p, depth + 1, togo - 1))
			return true;
	}
	return false;
}

/* a then b, permutations only (orientations are all 0 in G1). */
static void perm_multiply(const cc_cube *a, const cc_cube *b, cc_cube *out)
{
	for (int i = 0; i < 8; i++)
		out->cp[i] = a->cp[b->cp[i]];
	for (int i = 0; i < 12; i++)
		out->ep[i] = a->ep[b->ep[i]];
}

/* The phase-2 coordinates of a G1 cube's inverse. */
static void inverse_p2_coords(const cc_cube *c, unsigned *cperm, unsigned *eperm, unsigned *sperm)
{
	cc_cube inv;
	for (uint8_t i = 0; i < 8; i++)
		inv.cp[c->cp[i]] = i;
	for (uint8_t i = 0; i < 12; i++)
		inv.ep[c->ep[i]] = i;
	*cperm = cperm_of(&inv);
	*eperm = eperm_of(&inv);
	*sperm = sperm_of(&inv);
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
	unsigned cperm = cperm_of(c), eperm = eperm_of(c), sperm = sperm_of(c);
	if (phase2_bound(s->t, cperm, eperm, sperm) > room)
		return false;
	/* The inverse is as far from solved, and often bounded better. */
	unsigned ic, ie, is;
	inverse_p2_coords(c, &ic, &ie, &is);
	if (phase2_bound(s->t, ic, ie, is) > room)
		return false;
	return phase2(s, cperm, eperm, sperm, depth, room);
}

static bool phase1(struct search *s, unsigned twist, unsigned flip, unsigned slice, unsigned depth,
		   unsigned togo)
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
		if (!may_follow(last_face, m / 3u))
			continue;
		unsigned tw = s->t->twist_move[twist][m], fl = s->t->flip_move[flip][m];
		unsigned sl = s->t->slice_move[slice][m];
		if (phase1_bound(s->t, tw, fl, sl) >= togo)
			continue;
		if (out_of_budget(s))
			return false;
		s->path[depth] = m;
		if (s->valid > depth)
			s->valid = depth;
		if (phase1(s, tw, fl, sl, depth + 1, togo - 1))
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
 */
enum { P2_CAP = 12 };

cc_err cc_cube_solve(const cc_cube_tables *t, const cc_cube *c, unsigned max_len,
		     uint64_t node_budget, cc_cube_alg *out, cc_error *err)
{
	cc_err rc = cc_cube_check(c, err);
	if (rc != CC_OK)
		return rc;
	if (max_len > MAX_PATH - 1)
		max_len = MAX_PATH - 1;
	struct search s[N_VERSIONS];
	unsigned twist[N_VERSIONS], flip[N_VERSIONS], slice[N_VERSIONS];
	for (unsigned v = 0; v < N_VERSIONS; v++) {
		s[v] = (struct search){.t = t, .max_len = max_len, .budget = node_budget};
		make_version(t, c, v, &s[v].cubes[0]);
		twist[v] = twist_of(&s[v].cubes[0]);
		flip[v] = flip_of(&s[v].cubes[0]);
		slice[v] = slice_of(&s[v].cubes[0]);
	}
	uint64_t used = 0;
	for (unsigned pass = 0; pass < 2; pass++) {
		unsigned cap = pass == 0 ? P2_CAP : max_len;
		if (pass == 1 && max_len <= P2_CAP)
			break; /* the first pass had no cap */
		for (unsigned d1 = 0; d1 <= max_len; d1++) {
			for (unsigned v = 0; v < N_VERSIONS; v++) {
				if (phase1_bound(t, twist[v], flip[v], slice[v]) > d1)
					continue;
				s[v].nodes = used;
				s[v].p2_cap = cap;
				s[v].valid = 0;
				bool found = phase1(&s[v], twist[v], flip[v], slice[v], 0, d1);
				used = s[v].nodes;
				if (found) {
					map_back(t, &s[v], v, out);
					return CC_OK;
				}
				if (s[v].exhausted)
					goto none;
			}
		}
	}
none:
	return cc_error_set(err, CC_ERR_INVALID, "no solution of at most %u moves found within the search budget",
			    max_len);
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
