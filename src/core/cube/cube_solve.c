/*
 * cube_solve.c: Kociemba's two-phase solver (its search; the tables are
 * cube_tables.c's), random-state scrambles and
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
 * Tables (built by cc_cube_tables_create in cube_tables.c, read-only
 * afterwards; 1.6 MB):
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
#include "cube_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

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
	unsigned a = cc_cube_prune_get(t->twist_slice_prune, (size_t)(ts >> 2) * N_SLICE + t->slice_conj[slice][ts & 3]);
	unsigned b = cc_cube_prune_get(t->flip_slice_prune, (size_t)(fs >> 2) * N_SLICE + t->slice_conj[slice][fs & 3]);
	unsigned c = cc_cube_prune_get(t->twist_flip_prune, (size_t)(ts >> 2) * N_FLIP + t->flip_conj[flip][ts & 3]);
	return max2(max2(a, b), c);
}

/* The twist x flip bound alone. */
static unsigned twist_flip_bound(const cc_cube_tables *t, unsigned twist, unsigned flip)
{
	unsigned ts = t->twist_sym[twist];
	return cc_cube_prune_get(t->twist_flip_prune, (size_t)(ts >> 2) * N_FLIP + t->flip_conj[flip][ts & 3]);
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
	*h = cc_cube_prune_get(t->twist_flip_prune, (size_t)(ts >> 2) * N_FLIP + t->flip_conj[flip][ts & 3]);
	if (*h > togo)
		return false;
	*h = max2(*h, cc_cube_prune_get(t->flip_slice_prune, (size_t)(fs >> 2) * N_SLICE + t->slice_conj[slice][fs & 3]));
	if (*h > togo)
		return false;
	*h = max2(*h, cc_cube_prune_get(t->twist_slice_prune, (size_t)(ts >> 2) * N_SLICE + t->slice_conj[slice][ts & 3]));
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
	return max2(cc_cube_prune_get(t->cperm_sperm_prune, (size_t)p->cc * N_SPERM + t->sperm_conj[p->sp][p->cs]),
		    cc_cube_prune_get(t->eperm_ccombp_prune,
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
	return cc_cube_prune_get(t->eperm_ccombp_prune, (size_t)(e >> 4) * N_CCOMBP + comb_for_edges(t, c >> 4, cs, es));
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
		cc_cube_perm_multiply(&s->cubes[i], &s->t->move_cube[s->path[i]], &s->cubes[i + 1]);
	s->valid = depth;
	const cc_cube *c = &s->cubes[depth];
	unsigned room = s->max_len - depth;
	if (room > s->p2_cap)
		room = s->p2_cap;
	struct p2 p = p2_of(s->t, cc_cube_cperm_of(c), cc_cube_eperm_of(c), cc_cube_sperm_of(c));
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
	st->twist = cc_cube_twist_of(cube);
	st->flip = cc_cube_flip_of(cube);
	st->slice = cc_cube_slice_of(cube);
	cc_cube c = t->u4;
	cc_cube_multiply(&c, cube);
	cc_cube_multiply(&c, &t->u4_inv);
	st->twist_u4 = cc_cube_twist_of(&c);
	st->flip_u4 = cc_cube_flip_of(&c);
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
