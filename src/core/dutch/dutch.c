/*
 * dutch.c: the Dutch system's search, one score bracket at a time from
 * the top (C.04.3 B, SW-2).
 *
 * A bracket is the players floated down from above (MDPs, first) and the
 * residents of one score. For the most pairs p that still leave the rest
 * of the round pairable (C4, dutch_match.c), candidates come in the Dutch
 * order: the MDPs (S1) against the residents (S2), then the remaining
 * residents' top half (S1) against their bottom half (S2), S2 taken in
 * lexicographic order of its transpositions; then, unless one refused
 * nothing, the exchanges between S1 and S2 in D.2 order, each with its
 * transpositions; past what can be put in order, any pairing of the
 * remainder, highest player first, kept only when strictly better. Each
 * candidate is scored on the quality criteria in priority (the pairs by
 * their higher player's score, the pairs the next bracket can make with
 * the floaters in a pairing of the whole rest, then the floaters it pairs
 * by score (C8), the bye's player's unplayed games (C9), colour
 * preferences refused, strong ones refused, repeated down- and up-floats
 * of the last two rounds, then the same by score, C18-C21); the first
 * candidate of the best score wins and the search stops at the first that
 * refuses nothing. Branches are cut by lower bounds, criterion by
 * criterion, no better than the best kept. The players left
 * unpaired float down to the next bracket; in the last one, a single
 * player left takes the pairing-allocated bye.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dutch_internal.h"

#define SL 8                 /* score levels of a bracket told apart */
#define QP 0                 /* C6-C7: pairs by the higher player's score level */
#define QN SL                /* C8: pairs the next bracket can make with the floaters, */
                             /* then the floaters it leaves, by score level */
#define QB (2 * SL + 1)      /* C9: unplayed games of the bye's player */
#define QC (2 * SL + 2)      /* C12 colour preferences refused, C13 strong ones */
#define QF (2 * SL + 4)      /* C14-C17: repeated down- and up-floats */
#define QS (2 * SL + 8)      /* C18-C21: the same by score level */
#define NQ (2 * SL + 8 + 4 * SL) /* the quality criteria scored, in priority */
#define NEXT_CACHE 1024      /* the next bracket's pairs by set of floaters */
#define CANDIDATE_LIMIT 1000000 /* candidates looked at per bracket and size (SW-2.4) */
#define NODE_LIMIT 20000000L    /* steps of the search per bracket and size */

#define EXCHANGE_LIMIT 8192  /* exchanges of one size put in order */
#define EXCHANGE_BITS 62      /* S1 and S2 sizes where exchanges are ordered */

/* An exchange (D.2): the S1 places (bits of a) and S2 places (bits of b)
 * that swap halves, and the BSN sums' difference. */
typedef struct {
	uint64_t a, b;
	int diff;
} exchange;

typedef struct {
	dutch_ctx *c;
	const unsigned *lower; /* the players below the bracket */
	unsigned nlower;
	const unsigned *br; /* the bracket: MDPs first, then residents */
	unsigned n, nmdp;
	unsigned pa[CC_DUTCH_MAX_PLAYERS], pb[CC_DUTCH_MAX_PLAYERS]; /* the candidate's pairs */
	unsigned npairs, want;
	bool taken[CC_DUTCH_MAX_PLAYERS]; /* by bracket position: paired */
	bool skip[CC_DUTCH_MAX_PLAYERS];  /* left to float by any_pairing */
	long looked, nodes;
	int cur_q0;               /* colour preferences refused by the pairs so far */
	int q0_of[CC_DUTCH_MAX_PLAYERS]; /* ... by each pair pushed */
	int cur_strong;           /* strong preferences refused by the pairs so far */
	int strong_of[CC_DUTCH_MAX_PLAYERS]; /* ... by each pair pushed */
	int q0_floor;             /* no candidate of this size refuses fewer */
	int pair_floor[SL];       /* QP at best: the top players each the higher of a pair */
	bool bye_here;            /* one player left, who takes the bye (none below may) */
	unsigned nnext;           /* the next score group: lower[0..nnext) */
	int next_floor;           /* QN at best */
	uint64_t next_key[NEXT_CACHE];
	int next_val[NEXT_CACHE];
	uint64_t next_left[NEXT_CACHE]; /* ... and the floaters it leaves, by level */
	bool next_known[NEXT_CACHE];
	int bye_floor;            /* QB at best */
	unsigned lvl[CC_DUTCH_MAX_PLAYERS]; /* by bracket position: score level, 0 the highest */
	bool found, perfect;
	bool best_rest_ideal;     /* the best kept is ideal past the colours */
	bool best_floats_ideal;   /* ... past the colour criteria */
	int rem_floor, rem_strong_floor; /* the colours (strong ones) refused at least with this remainder */
	int rem_lb[NQ];           /* no candidate with this remainder scores below, criterion by criterion */
	int best_q[NQ];
	unsigned best_a[CC_DUTCH_MAX_PLAYERS], best_b[CC_DUTCH_MAX_PLAYERS];
	unsigned scratch[CC_DUTCH_MAX_PLAYERS];
	exchange ex[EXCHANGE_LIMIT]; /* the exchanges of one size, in D.2 order */
} search;

/* The colour criteria of one pair (C12, C13). */
static void score_colours(const dutch_ctx *c, unsigned a, unsigned b, int q[NQ])
{
	const dutch_state *x = &c->st[a], *y = &c->st[b];
	if (x->pref == CC_DUTCH_NO_COLOUR || x->pref != y->pref)
		return;
	cc_dutch_why_colour why;
	unsigned loser = cc_dutch_a_is_white(c, a, b, &why) == (x->pref == CC_DUTCH_WHITE) ? b : a;
	q[QC]++;
	if (c->st[loser].strength >= DUTCH_PREF_STRONG)
		q[QC + 1]++;
}

/* The float criteria of one pair, hi the higher-placed: a player who
 * floated down before and is paired here (the lower, or the higher when
 * not above the lower) counts for the candidate (C14, C16, and C18, C20 by
 * his score level); a pair where the lower floats up again counts against
 * it (C15, C17, and C19, C21 by the opponent's score level). */
static void score_floats(const search *s, unsigned hi, unsigned lo, int q[NQ])
{
	const dutch_state *x = &s->c->st[s->br[hi]], *y = &s->c->st[s->br[lo]];
	bool hi_resident = x->score10 <= y->score10, up = x->score10 > y->score10;
	const dutch_float f1[2] = {x->float1, y->float1}, f2[2] = {x->float2, y->float2};
	const unsigned lv[2] = {s->lvl[hi], s->lvl[lo]};
	for (unsigned k = 0; k < 2; k++) {
		q[QF] -= f1[k] == DUTCH_FLOAT_DOWN && (k == 1 || hi_resident);
		q[QF + 2] -= f2[k] == DUTCH_FLOAT_DOWN && (k == 1 || hi_resident);
		q[QS + lv[k]] -= f1[k] == DUTCH_FLOAT_DOWN;
		q[QS + 2 * SL + lv[k]] -= f2[k] == DUTCH_FLOAT_DOWN;
	}
	bool up1 = up && f1[1] == DUTCH_FLOAT_UP, up2 = up && f2[1] == DUTCH_FLOAT_UP;
	q[QF + 1] += up1;
	q[QF + 3] += up2;
	q[QS + SL + lv[0]] += up1;
	q[QS + 3 * SL + lv[0]] += up2;
}

/* The rounds in which a player played no game over the board (C9). */
static int unplayed(const dutch_ctx *c, unsigned p)
{
	int n = 0;
	for (unsigned r = 0; r < c->in->played_rounds; r++)
		n += !c->in->players[p].rounds[r].played;
	return n;
}

static void score_candidate(const search *s, int q[NQ])
{
	memset(q, 0, sizeof(int) * NQ);
	if (s->bye_here)
		for (unsigned i = 0; i < s->n; i++)
			if (!s->taken[i])
				q[QB] = unplayed(s->c, s->br[i]);
	for (unsigned i = 0; i < s->npairs; i++) {
		unsigned hi = s->pa[i] < s->pb[i] ? s->pa[i] : s->pb[i];
		unsigned lo = s->pa[i] < s->pb[i] ? s->pb[i] : s->pa[i];
		q[QP + s->lvl[hi]]--; /* C6, C7: the highest scores paired */
		score_colours(s->c, s->br[hi], s->br[lo], q);
		score_floats(s, hi, lo, q);
	}
}

static int compare_q(const int a[NQ], const int b[NQ])
{
	for (int i = 0; i < NQ; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

static int compare_prefix(const int a[NQ], const int b[NQ], int len)
{
	for (int i = 0; i < len; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

/* The one player left who may take the bye when the players below are
 * odd in number (he pairs no one), CC_DUTCH_MAX_PLAYERS when none is. */
static unsigned forced_bye(const search *s)
{
	unsigned left = s->nlower, eligible = 0, who = CC_DUTCH_MAX_PLAYERS;
	for (unsigned i = 0; i < s->n; i++)
		if (!s->taken[i]) {
			left++;
			if (s->c->st[s->br[i]].bye_ok && eligible++ == 0)
				who = s->br[i];
		}
	for (unsigned i = 0; i < s->nlower; i++)
		if (s->c->st[s->lower[i]].bye_ok && eligible++ == 0)
			who = s->lower[i];
	return left % 2 == 1 && eligible == 1 ? who : CC_DUTCH_MAX_PLAYERS;
}

/* C8: minus the most pairs the candidate's floaters (never with each
 * other) and the next score group can make in a pairing of the whole rest
 * of the round, then the floaters it leaves by score level (q[QN..QB)),
 * remembered by set of floaters. */
static void next_pairs(search *s, int q[NQ])
{
	if (s->nnext == 0 || s->n == 2 * s->want)
		return;
	uint64_t key = 1469598103934665603u;
	for (unsigned i = 0; i < s->n; i++)
		if (!s->taken[i])
			key = (key ^ (i + 1)) * 1099511628211u;
	unsigned slot = (unsigned)(key % NEXT_CACHE);
	if (!s->next_known[slot] || s->next_key[slot] != key) {
		unsigned set[CC_DUTCH_MAX_PLAYERS + 1], m = 0, bye = forced_bye(s);
		uint64_t cost[CC_DUTCH_MAX_PLAYERS], left, bye_cost = 0;
		bool bye_out = false; /* a player who alone may take the bye pairs no one there */
		for (unsigned i = 0; i < s->n; i++)
			if (!s->taken[i] && s->br[i] != bye) {
				cost[m] = (uint64_t)1 << (6 * (SL - 1 - s->lvl[i]));
				set[m++] = s->br[i];
			} else if (!s->taken[i]) { /* the bye's floater is one left out */
				bye_out = true;
				bye_cost = (uint64_t)1 << (6 * (SL - 1 - s->lvl[i]));
			}
		unsigned nfloat = m;
		for (unsigned i = 0; i < s->nnext; i++)
			if (s->lower[i] != bye)
				set[m++] = s->lower[i];
			else
				bye_out = true;
		unsigned inner = m;
		for (unsigned i = s->nnext; i < s->nlower; i++)
			set[m++] = s->lower[i];
		if (bye_out)
			set[m++] = bye;
		s->next_val[slot] = -(int)cc_dutch_next_bracket(s->c, set, m, inner, nfloat, cost, &left);
		s->next_left[slot] = left + bye_cost;
		s->next_known[slot] = true;
		s->next_key[slot] = key;
	}
	q[QN] = s->next_val[slot];
	for (unsigned l = 0; l < SL; l++)
		q[QN + 1 + l] = (int)(s->next_left[slot] >> (6 * (SL - 1 - l)) & 63);
}

static bool pairs_at_floor(const search *s, const int q[NQ])
{
	for (unsigned i = 0; i < SL; i++)
		if (q[QP + i] != s->pair_floor[i])
			return false;
	for (unsigned l = 0; l < SL; l++)
		if (q[QN + 1 + l] > 0)
			return false;
	return q[QN] <= s->next_floor && q[QB] <= s->bye_floor;
}

/* Players left unpaired who floated down in one of the last two rounds:
 * none, and no candidate can do better on C14-C21's down-floats. */
static unsigned unpaired_floats(const search *s)
{
	unsigned n = 0;
	for (unsigned i = 0; i < s->n; i++) {
		const dutch_state *x = &s->c->st[s->br[i]];
		n += !s->taken[i] && (x->float1 == DUTCH_FLOAT_DOWN || x->float2 == DUTCH_FLOAT_DOWN);
	}
	return n;
}

/* A complete candidate: keep it when it beats the best and the rest of the
 * round can still be paired. */
static void offer(search *s)
{
	s->looked++;
	int q[NQ];
	score_candidate(s, q);
	if (s->found && compare_prefix(q, s->best_q, QN) > 0)
		return;
	next_pairs(s, q);
	if (s->found && compare_q(q, s->best_q) >= 0)
		return;
	unsigned m = 0;
	for (unsigned i = 0; i < s->n; i++)
		if (!s->taken[i])
			s->scratch[m++] = s->br[i];
	for (unsigned i = 0; i < s->nlower; i++)
		s->scratch[m++] = s->lower[i];
	if (!cc_dutch_completable(s->c, s->scratch, m))
		return;
	s->found = true;
	memcpy(s->best_q, q, sizeof q);
	memcpy(s->best_a, s->pa, sizeof(unsigned) * s->npairs);
	memcpy(s->best_b, s->pb, sizeof(unsigned) * s->npairs);
	s->best_floats_ideal = q[QF + 1] == 0 && q[QF + 3] == 0 && unpaired_floats(s) == 0;
	s->best_rest_ideal = q[QC + 1] == 0 && s->best_floats_ideal;
	s->perfect = pairs_at_floor(s, q) && q[QC] <= s->q0_floor && s->best_rest_ideal;
}

/* Whether the pair a-b (bracket positions) refuses a colour preference. */
static int refuses(const search *s, unsigned a, unsigned b)
{
	const dutch_state *x = &s->c->st[s->br[a]], *y = &s->c->st[s->br[b]];
	return x->pref != CC_DUTCH_NO_COLOUR && x->pref == y->pref;
}

static bool stop(const search *s)
{
	return s->perfect || s->looked >= CANDIDATE_LIMIT || s->nodes >= NODE_LIMIT;
}

static void push(search *s, unsigned a, unsigned b)
{
	s->pa[s->npairs] = a;
	s->pb[s->npairs] = b;
	s->q0_of[s->npairs] = refuses(s, a, b);
	s->cur_q0 += s->q0_of[s->npairs];
	s->strong_of[s->npairs] = 0;
	if (s->q0_of[s->npairs]) {
		int q[NQ] = {0};
		score_colours(s->c, s->br[a], s->br[b], q);
		s->strong_of[s->npairs] = q[QC + 1];
	}
	s->cur_strong += s->strong_of[s->npairs];
	s->npairs++;
	s->taken[a] = s->taken[b] = true;
}

static void pop(search *s)
{
	s->npairs--;
	s->cur_q0 -= s->q0_of[s->npairs];
	s->cur_strong -= s->strong_of[s->npairs];
	s->taken[s->pa[s->npairs]] = s->taken[s->pb[s->npairs]] = false;
}

static bool fits(const search *s, unsigned a, unsigned b)
{
	return cc_dutch_compatible(s->c, s->br[a], s->br[b]);
}

/* Any pairing of the free residents up to want pairs: the highest free one
 * is paired with each lower one in turn, or floats (exchanges). */
static void any_pairing(search *s, unsigned from, unsigned floats_left)
{
	s->nodes++;
	if (stop(s))
		return;
	if (s->npairs == s->want) {
		offer(s);
		return;
	}
	while (from < s->n && (s->taken[from] || s->skip[from]))
		from++;
	if (from >= s->n)
		return;
	for (unsigned j = from + 1; j < s->n && !stop(s); j++)
		if (!s->taken[j] && !s->skip[j] && fits(s, from, j)) {
			push(s, from, j);
			any_pairing(s, from + 1, floats_left);
			pop(s);
		}
	if (floats_left > 0 && !stop(s)) {
		s->skip[from] = true;
		any_pairing(s, from + 1, floats_left - 1);
		s->skip[from] = false;
	}
}

/* The fewest colour preferences the S1 players left (s1[0..k)) can have
 * refused against the free players of S2: those wanting one colour beyond
 * the free partners not wanting it. */
static int colour_bound(const search *s, const unsigned *s1, unsigned k, const unsigned *s2, unsigned m)
{
	int want_w = 0, want_b = 0, not_w = 0, not_b = 0;
	for (unsigned i = 0; i < k; i++) {
		cc_dutch_colour c = s->c->st[s->br[s1[i]]].pref;
		want_w += c == CC_DUTCH_WHITE;
		want_b += c == CC_DUTCH_BLACK;
	}
	for (unsigned j = 0; j < m; j++)
		if (!s->taken[s2[j]]) {
			cc_dutch_colour c = s->c->st[s->br[s2[j]]].pref;
			not_w += c != CC_DUTCH_WHITE;
			not_b += c != CC_DUTCH_BLACK;
		}
	return (want_w > not_w ? want_w - not_w : 0) + (want_b > not_b ? want_b - not_b : 0);
}

/* The fewest strong preferences refused among bound refusals: each mild
 * player left (S1's, S2's free) can be the loser of one. */
static int strong_bound(const search *s, const unsigned *s1, unsigned k, const unsigned *s2, unsigned m, int bound)
{
	int mild = 0;
	for (unsigned i = 0; i < k; i++)
		mild += s->c->st[s->br[s1[i]]].strength == DUTCH_PREF_MILD;
	for (unsigned j = 0; j < m; j++)
		mild += !s->taken[s2[j]] && s->c->st[s->br[s2[j]]].strength == DUTCH_PREF_MILD;
	return bound > mild ? bound - mild : 0;
}

/* S1 (positions s1[0..k)) against S2 (s2[0..m)), S2 in lexicographic
 * transposition order; then next() for what follows. */
typedef void (*then_fn)(search *s);

static void s1_s2(search *s, const unsigned *s1, unsigned k, const unsigned *s2, unsigned m, unsigned i, then_fn next)
{
	s->nodes++;
	if (stop(s))
		return;
	if (s->found && pairs_at_floor(s, s->best_q)) { /* branch and bound on the colours */
		int bound = colour_bound(s, s1 + i, k - i, s2, m), floor = s->cur_q0 + bound;
		if (floor > s->best_q[QC] || (floor == s->best_q[QC] && s->best_rest_ideal))
			return;
		if (floor == s->best_q[QC] && s->best_floats_ideal &&
		    s->best_q[QC + 1] <= s->cur_strong + strong_bound(s, s1 + i, k - i, s2, m, bound))
			return;
	}
	if (i == k) {
		next(s);
		return;
	}
	for (unsigned j = 0; j < m && !stop(s); j++)
		if (!s->taken[s2[j]] && fits(s, s1[i], s2[j])) {
			push(s, s1[i], s2[j]);
			s1_s2(s, s1, k, s2, m, i + 1, next);
			pop(s);
		}
}

/* No pairing of the remainder can beat the best kept: it cannot refuse
 * fewer colours, nor as few when the best is ideal past them; or its
 * bound, criterion by criterion, is no better than the best. */
static bool hopeless(const search *s)
{
	if (!s->found)
		return false;
	if (compare_q(s->rem_lb, s->best_q) >= 0)
		return true;
	return pairs_at_floor(s, s->best_q) &&
	       (s->rem_floor > s->best_q[QC] || (s->rem_floor == s->best_q[QC] && s->best_floats_ideal &&
	                                         s->best_q[QC + 1] <= s->rem_strong_floor));
}

/* The bound of the remainder (the free residents free_pos[0..nf), k pairs
 * to make, fl colours and strong strong ones refused at least): the pairs
 * made score as they are; the remainder's k pairs are of one score level,
 * make no up-float, and pair at most 2k of its previous down-floaters. */
static void remainder_bound(search *s, const unsigned *free_pos, unsigned nf, unsigned k, int fl, int strong)
{
	int *lb = s->rem_lb;
	score_candidate(s, lb);
	lb[QN] = s->next_floor;
	lb[QB] = s->bye_here ? s->bye_floor : 0;
	unsigned lv = s->lvl[free_pos[0]];
	int d1 = 0, d2 = 0;
	for (unsigned i = 0; i < nf; i++) {
		d1 += s->c->st[s->br[free_pos[i]]].float1 == DUTCH_FLOAT_DOWN;
		d2 += s->c->st[s->br[free_pos[i]]].float2 == DUTCH_FLOAT_DOWN;
	}
	d1 = d1 < (int)(2 * k) ? d1 : (int)(2 * k);
	d2 = d2 < (int)(2 * k) ? d2 : (int)(2 * k);
	lb[QP + lv] -= (int)k;
	lb[QC] += fl;
	lb[QC + 1] += strong;
	lb[QF] -= d1;
	lb[QF + 2] -= d2;
	lb[QS + lv] -= d1;
	lb[QS + 2 * SL + lv] -= d2;
}

/* D.2: fewer exchanged players first (by the caller), then the smaller
 * difference of the BSN sums, then the exchange moving the highest
 * different BSN from S1, then the one moving the lowest different BSN
 * from S2. */
static int exchange_order(const void *pa, const void *pb)
{
	const exchange *x = pa, *y = pb;
	if (x->diff != y->diff)
		return x->diff < y->diff ? -1 : 1;
	uint64_t d = x->a ^ y->a;
	if (d) {
		uint64_t top = (uint64_t)1 << (63 - __builtin_clzll(d));
		return (x->a & top) ? -1 : 1;
	}
	d = x->b ^ y->b;
	if (d)
		return (x->b & (d & (~d + 1))) ? -1 : 1;
	return 0;
}

static double choose(unsigned n, unsigned x)
{
	double r = 1;
	for (unsigned i = 0; i < x; i++)
		r = r * (n - i) / (i + 1);
	return r;
}

static int bsn_sum(uint64_t v, unsigned base)
{
	int sum = 0;
	for (unsigned i = 0; v; i++, v >>= 1)
		sum += (v & 1) ? (int)(base + i + 1) : 0;
	return sum;
}

/* The exchanges of x players between S1 (pos[0..k)) and S2 (pos[k..k+m)),
 * each followed by its S2 transpositions. False when they are too many to
 * put in order. */
static bool exchanges(search *s, const unsigned *pos, unsigned k, unsigned m, unsigned x)
{
	if (k > EXCHANGE_BITS || m > EXCHANGE_BITS || choose(k, x) * choose(m, x) > EXCHANGE_LIMIT)
		return false;
	unsigned n = 0;
	uint64_t first = ((uint64_t)1 << x) - 1;
	for (uint64_t a = first; a; a = cc_dutch_next_subset(a, k))
		for (uint64_t b = first; b; b = cc_dutch_next_subset(b, m)) {
			s->ex[n].a = a;
			s->ex[n].b = b;
			s->ex[n++].diff = bsn_sum(b, k) - bsn_sum(a, 0);
		}
	qsort(s->ex, n, sizeof s->ex[0], exchange_order);
	for (unsigned e = 0; e < n && !stop(s) && !hopeless(s); e++) {
		unsigned s1[CC_DUTCH_MAX_PLAYERS], s2[CC_DUTCH_MAX_PLAYERS], n1 = 0, n2 = 0;
		for (unsigned i = 0; i < k; i++)
			if (s->ex[e].a >> i & 1)
				s2[n2++] = pos[i];
			else
				s1[n1++] = pos[i];
		for (unsigned j = 0; j < m; j++)
			if (s->ex[e].b >> j & 1)
				s1[n1++] = pos[k + j];
			else
				s2[n2++] = pos[k + j];
		s1_s2(s, s1, k, s2, m, 0, offer);
	}
	return true;
}

/* No pairing of want pairs among the players at positions pos[0..n)
 * refuses fewer colour preferences than those of one wanted colour beyond
 * the pairs (each pair can grant one white and one black wish), less the
 * players left to float. */
static int colour_floor(const search *s, const unsigned *pos, unsigned n, unsigned want)
{
	int w = 0, b = 0;
	for (unsigned i = 0; i < n; i++) {
		w += s->c->st[s->br[pos[i]]].pref == CC_DUTCH_WHITE;
		b += s->c->st[s->br[pos[i]]].pref == CC_DUTCH_BLACK;
	}
	int spare = (int)n - 2 * (int)want;
	int over = (w > (int)want ? w - (int)want : 0) + (b > (int)want ? b - (int)want : 0) - spare;
	return over > 0 ? over : 0;
}

/* The strong preferences (C13) refused at least by want pairs among the
 * players at pos[0..n): the wishes of one colour beyond the pairs, each
 * refusal a strong one but where a mild player of that wish loses it,
 * less the players left to float. */
static int strong_floor(const search *s, const unsigned *pos, unsigned n, unsigned want)
{
	int over[2] = {-(int)want, -(int)want};
	for (unsigned i = 0; i < n; i++) {
		const dutch_state *x = &s->c->st[s->br[pos[i]]];
		if (x->pref != CC_DUTCH_NO_COLOUR)
			over[x->pref == CC_DUTCH_BLACK] += x->strength == DUTCH_PREF_MILD ? 0 : 1;
	}
	int v = (over[0] > 0 ? over[0] : 0) + (over[1] > 0 ? over[1] : 0) - ((int)n - 2 * (int)want);
	return v > 0 ? v : 0;
}

/* The remainder: the free residents' top half against their bottom half,
 * then, if that gives nothing at all, any pairing of them. */
static void pair_remainder(search *s)
{
	unsigned free_pos[CC_DUTCH_MAX_PLAYERS], nf = 0;
	for (unsigned i = s->nmdp; i < s->n; i++)
		if (!s->taken[i])
			free_pos[nf++] = i;
	unsigned k = s->want - s->npairs;
	if (k == 0) {
		offer(s);
		return;
	}
	if (2 * k > nf)
		return;
	/* bound: no better than the best kept when it cannot refuse fewer
	 * colours and the best is ideal past them */
	int fl = colour_floor(s, free_pos, nf, k), strong = strong_floor(s, free_pos, nf, k);
	s->rem_floor = s->cur_q0 + fl;
	s->rem_strong_floor = s->cur_strong + strong;
	remainder_bound(s, free_pos, nf, k, fl, strong);
	if (hopeless(s))
		return;
	s1_s2(s, free_pos, k, free_pos + k, nf - k, 0, offer);
	unsigned m = nf - k, most = k < m ? k : m;
	bool ordered = true; /* every exchange tried: every pairing seen */
	for (unsigned x = 1; x <= most && !stop(s) && !hopeless(s) && ordered; x++)
		ordered = exchanges(s, free_pos, k, m, x);
	if (!ordered && !stop(s)) /* too many to order: any pairing, kept only when strictly better */
		any_pairing(s, s->nmdp, nf - 2 * k);
}

/* Each bracket position's score level (0 the highest, the rest merged
 * into the last told apart), and C6-C7 at best: the want highest players
 * each the higher of a pair. */
static void levels(search *s, unsigned want)
{
	unsigned l = 0;
	for (unsigned i = 0; i < s->n; i++) {
		if (i > 0 && s->c->st[s->br[i]].score10 != s->c->st[s->br[i - 1]].score10 && l + 1 < SL)
			l++;
		s->lvl[i] = l;
	}
	memset(s->pair_floor, 0, sizeof s->pair_floor);
	for (unsigned i = 0; i < want; i++)
		s->pair_floor[s->lvl[i]]--;
}

/* The MDPs paired (S1 of the bracket's first part) against the residents
 * (s2[0..m)): as many as the size allows, then fewer; among as many, the
 * sets that leave the lowest MDPs to float first (by positions, the
 * subsets in increasing binary order). */
static void pair_mdps(search *s, const unsigned *s2, unsigned m)
{
	unsigned most = s->nmdp < s->want ? s->nmdp : s->want;
	for (unsigned m1 = most + 1; m1-- > 0 && !stop(s);) {
		if (m1 == 0 || m1 == s->nmdp || s->nmdp > EXCHANGE_BITS) {
			unsigned s1[CC_DUTCH_MAX_PLAYERS];
			for (unsigned i = 0; i < m1; i++)
				s1[i] = i;
			s1_s2(s, s1, m1, s2, m, 0, pair_remainder);
			continue;
		}
		for (uint64_t v = ((uint64_t)1 << m1) - 1; v && !stop(s); v = cc_dutch_next_subset(v, s->nmdp)) {
			unsigned s1[EXCHANGE_BITS], k = 0;
			for (unsigned i = 0; i < s->nmdp; i++)
				if (v >> i & 1)
					s1[k++] = i;
			s1_s2(s, s1, k, s2, m, 0, pair_remainder);
		}
	}
}

/* C8 at best: every floater paired in the next bracket, and the rest of
 * the next score group with each other. */
static int next_floor(const search *s)
{
	unsigned nf = s->n - 2 * s->want, most = (nf + s->nnext) / 2;
	if (s->nnext == 0 || nf == 0)
		return 0;
	return -(int)(most < s->nnext ? most : s->nnext);
}

/* C9 at best: the fewest unplayed games of a player who may take the bye. */
static int bye_floor(const search *s)
{
	int best = (int)CC_DUTCH_MAX_ROUNDS;
	for (unsigned i = 0; i < s->n; i++)
		if (s->c->st[s->br[i]].bye_ok && unplayed(s->c, s->br[i]) < best)
			best = unplayed(s->c, s->br[i]);
	return best;
}

/* Tries brackets with want pairs; true when a candidate was kept. */
static bool try_size(search *s, unsigned want)
{
	s->want = want;
	s->npairs = 0;
	s->found = s->perfect = false;
	s->looked = s->nodes = 0;
	s->cur_q0 = s->cur_strong = 0;
	unsigned all[CC_DUTCH_MAX_PLAYERS];
	for (unsigned i = 0; i < s->n; i++)
		all[i] = i;
	s->q0_floor = colour_floor(s, all, s->n, want);
	levels(s, want);
	s->bye_here = s->n == 2 * want + 1 && s->nlower % 2 == 0;
	for (unsigned i = 0; i < s->nlower && s->bye_here; i++)
		s->bye_here = !s->c->st[s->lower[i]].bye_ok;
	s->bye_floor = s->bye_here ? bye_floor(s) : 0;
	s->next_floor = next_floor(s);
	memset(s->next_known, 0, sizeof s->next_known);
	memset(s->taken, 0, sizeof s->taken);
	memset(s->skip, 0, sizeof s->skip);
	unsigned s2[CC_DUTCH_MAX_PLAYERS];
	for (unsigned i = s->nmdp; i < s->n; i++)
		s2[i - s->nmdp] = i;
	pair_mdps(s, s2, s->n - s->nmdp);
	if (!stop(s) && s->n >= 2 * want) /* any MDP may float instead, kept only when strictly better */
		any_pairing(s, 0, s->n - 2 * want);
	return s->found;
}

typedef struct {
	unsigned a, b;
	bool floater;
	bool transposed;
} chosen_pair;

/* Pairs one bracket; returns the pairs kept and marks the floaters. */
static unsigned pair_bracket(search *s, chosen_pair *out)
{
	for (unsigned want = s->n / 2 + 1; want-- > 0;) {
		if (!try_size(s, want))
			continue;
		for (unsigned i = 0; i < want; i++) {
			unsigned a = s->best_a[i], b = s->best_b[i];
			out[i].a = s->br[a];
			out[i].b = s->br[b];
			out[i].floater = a < s->nmdp || b < s->nmdp;
			out[i].transposed = false;
		}
		memset(s->taken, 0, sizeof s->taken);
		for (unsigned i = 0; i < want; i++)
			s->taken[s->best_a[i]] = s->taken[s->best_b[i]] = true;
		return want;
	}
	return 0;
}

static void add_board(const dutch_ctx *c, cc_dutch_pairing *out, const chosen_pair *p)
{
	cc_dutch_board *bd = &out->boards[out->nboards++];
	cc_dutch_why_colour why;
	bool a_white = cc_dutch_a_is_white(c, p->a, p->b, &why);
	bd->white = a_white ? p->a : p->b;
	bd->black = a_white ? p->b : p->a;
	bd->why_colour = why;
	bd->why_pair = p->floater ? CC_DUTCH_WHY_FLOATER : p->transposed ? CC_DUTCH_WHY_TRANSPOSED : CC_DUTCH_WHY_S1_S2;
}

typedef struct {
	dutch_ctx c;
	search s;
	unsigned order[CC_DUTCH_MAX_PLAYERS], bracket[CC_DUTCH_MAX_PLAYERS];
	chosen_pair pairs[CC_DUTCH_MAX_PLAYERS];
} work;

static cc_err pair_with(work *w, const cc_dutch_input *in, cc_dutch_pairing *out, cc_error *err)
{
	dutch_ctx *c = &w->c;
	cc_dutch_derive(c, in);
	unsigned n = 0;
	for (unsigned i = 0; i < in->nplayers; i++)
		if (in->players[i].present)
			w->order[n++] = i;
	cc_dutch_sort_by_rank(c, w->order, n);
	memset(out, 0, sizeof *out);
	if (!cc_dutch_completable(c, w->order, n))
		return cc_refuse(err, CC_MSG_DUTCH_NO_PAIRING, in->played_rounds + 1);
	if (n % 2 == 1)
		cc_dutch_limit_bye_score(c, w->order, n);
	unsigned nmdp = 0, idx = 0;
	while (idx < n || nmdp > 0) {
		unsigned nb = nmdp, next = idx;
		while (next < n && (next == idx || c->st[w->order[next]].score10 == c->st[w->order[idx]].score10))
			w->bracket[nb++] = w->order[next++];
		if (next == n && nb == 1) { /* one player left: the bye */
			out->has_bye = true;
			out->bye = w->bracket[0];
			break;
		}
		search *s = &w->s;
		s->c = c;
		s->br = w->bracket;
		s->n = nb;
		s->nmdp = nmdp;
		s->lower = w->order + next;
		s->nlower = n - next;
		s->nnext = 0;
		while (s->nnext < s->nlower &&
		       c->st[s->lower[s->nnext]].score10 == c->st[s->lower[0]].score10)
			s->nnext++;
		unsigned np = pair_bracket(s, w->pairs);
		for (unsigned i = 0; i < np; i++)
			add_board(c, out, &w->pairs[i]);
		unsigned nf = 0;
		for (unsigned i = 0; i < nb; i++)
			if (!s->taken[i])
				w->bracket[nf++] = w->bracket[i];
		nmdp = nf;
		idx = next;
		if (idx == n && nmdp > 1)
			return cc_refuse(err, CC_MSG_DUTCH_NO_PAIRING, in->played_rounds + 1);
	}
	cc_dutch_sort_boards(c, out);
	return CC_OK;
}

cc_err cc_dutch_pair(const cc_dutch_input *in, cc_dutch_pairing *out, cc_error *err)
{
	work w; /* about 1.3 MB, on the caller's stack: no allocation */
	return pair_with(&w, in, out, err);
}
