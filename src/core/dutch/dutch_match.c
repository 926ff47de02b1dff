/*
 * dutch_match.c: the completion criterion (C4, SW-1.4): can a set of
 * players all be paired under the absolute criteria, one of them (when
 * they are odd) taking the pairing-allocated bye? And how many pairs the
 * next bracket can make at most with a bracket's floaters in a pairing of
 * the whole rest of the round, and which floaters it then leaves (C8: every
 * set of its players left out, fewest first, tried). Edmonds' blossom
 * algorithm for a perfect matching in a general graph, O(V^3): the
 * players are the vertices, an edge joins two who may meet (C1, C3), and
 * for an odd set one more vertex stands for the bye, joined to every
 * player who may have it (C2). Written from the textbook algorithm
 * (breadth-first search of alternating trees, blossoms contracted onto
 * their base), on fixed arrays: no allocation.
 */
#include <stdint.h>
#include <string.h>

#include "dutch_internal.h"

#define NV (CC_DUTCH_MAX_PLAYERS + 1)
#define INNER_LIMIT 4096 /* sets of inner players tried for C8's exact count */

typedef struct {
	const dutch_ctx *c;
	const unsigned *set;
	unsigned n, nv; /* players, vertices (a bye vertex at index n when odd) */
	unsigned nfloat; /* the first nfloat players never meet each other */
	int match[NV], parent[NV], base[NV], queue[NV];
	bool used[NV], blossom[NV];
} blossom_state;

static bool edge(const blossom_state *s, int u, int v)
{
	if ((unsigned)u < s->nfloat && (unsigned)v < s->nfloat)
		return false;
	if (s->nv > s->n && ((unsigned)u == s->n || (unsigned)v == s->n)) {
		unsigned p = (unsigned)u == s->n ? s->set[v] : s->set[u];
		return s->c->st[p].bye_ok;
	}
	return cc_dutch_compatible(s->c, s->set[u], s->set[v]);
}

static int lca(blossom_state *s, int a, int b)
{
	bool seen[NV];
	memset(seen, 0, sizeof(bool) * s->nv);
	for (;;) {
		a = s->base[a];
		seen[a] = true;
		if (s->match[a] < 0)
			break;
		a = s->parent[s->match[a]];
	}
	for (;;) {
		b = s->base[b];
		if (seen[b])
			return b;
		b = s->parent[s->match[b]];
	}
}

static void mark_path(blossom_state *s, int v, int b, int child)
{
	while (s->base[v] != b) {
		s->blossom[s->base[v]] = s->blossom[s->base[s->match[v]]] = true;
		s->parent[v] = child;
		child = s->match[v];
		v = s->parent[s->match[v]];
	}
}

/* The end of an augmenting path from root, or -1. */
static int find_path(blossom_state *s, int root)
{
	int nv = (int)s->nv;
	memset(s->used, 0, sizeof(bool) * s->nv);
	for (int i = 0; i < nv; i++) {
		s->parent[i] = -1;
		s->base[i] = i;
	}
	s->used[root] = true;
	int head = 0, tail = 0;
	s->queue[tail++] = root;
	while (head < tail) {
		int v = s->queue[head++];
		for (int to = 0; to < nv; to++) {
			if (to == v || !edge(s, v, to) || s->base[v] == s->base[to] || s->match[v] == to)
				continue;
			if (to == root || (s->match[to] >= 0 && s->parent[s->match[to]] >= 0)) {
				int cur = lca(s, v, to);
				memset(s->blossom, 0, sizeof(bool) * s->nv);
				mark_path(s, v, cur, to);
				mark_path(s, to, cur, v);
				for (int i = 0; i < nv; i++)
					if (s->blossom[s->base[i]]) {
						s->base[i] = cur;
						if (!s->used[i]) {
							s->used[i] = true;
							s->queue[tail++] = i;
						}
					}
			} else if (s->parent[to] < 0) {
				s->parent[to] = v;
				if (s->match[to] < 0)
					return to;
				s->used[s->match[to]] = true;
				s->queue[tail++] = s->match[to];
			}
		}
	}
	return -1;
}

/* A greedy start, then an augmenting path from each vertex left; the
 * vertices left unmatched (a root with no augmenting path stays so). */
static unsigned match_all(blossom_state *s, bool stop_early)
{
	int nv = (int)s->nv;
	unsigned unmatched = 0;
	for (int i = 0; i < nv; i++)
		s->match[i] = -1;
	for (int u = 0; u < nv; u++)
		for (int v = u + 1; v < nv && s->match[u] < 0; v++)
			if (s->match[v] < 0 && edge(s, u, v)) {
				s->match[u] = v;
				s->match[v] = u;
			}
	for (int root = 0; root < nv; root++) {
		if (s->match[root] >= 0)
			continue;
		int v = find_path(s, root);
		if (v < 0) {
			unmatched++;
			if (stop_early)
				return unmatched;
			continue;
		}
		while (v >= 0) {
			int pv = s->parent[v], ppv = s->match[pv];
			s->match[v] = pv;
			s->match[pv] = v;
			v = ppv;
		}
	}
	return unmatched;
}

bool cc_dutch_completable(const dutch_ctx *c, const unsigned *set, unsigned n)
{
	if (n == 0)
		return true;
	blossom_state s;
	s.c = c;
	s.set = set;
	s.n = n;
	s.nv = n + (n & 1u);
	s.nfloat = 0;
	return match_all(&s, true) == 0;
}

unsigned cc_dutch_max_pairs(const dutch_ctx *c, const unsigned *set, unsigned n, unsigned nfloat, unsigned *left,
                            unsigned *nleft)
{
	*nleft = 0;
	if (n < 2) {
		for (unsigned i = 0; i < n; i++)
			left[(*nleft)++] = set[i];
		return 0;
	}
	blossom_state s;
	s.c = c;
	s.set = set;
	s.n = n;
	s.nv = n; /* no bye vertex */
	s.nfloat = nfloat;
	unsigned unmatched = match_all(&s, false);
	for (unsigned i = 0; i < n; i++)
		if (s.match[i] < 0)
			left[(*nleft)++] = set[i];
	return (n - unmatched) / 2;
}

/* A perfect matching of set[0..n) (n even, no bye), the first nfloat never
 * with each other. */
static bool matchable(const dutch_ctx *c, const unsigned *set, unsigned n, unsigned nfloat)
{
	if (n == 0)
		return true;
	blossom_state s;
	s.c = c;
	s.set = set;
	s.n = s.nv = n;
	s.nfloat = nfloat;
	return match_all(&s, true) == 0;
}

/* Whether the inner players but those of out[] pair among themselves
 * and the others (out's and set[ninner..n)) complete the round. */
static bool split_pairs(const dutch_ctx *c, const unsigned *set, unsigned n, unsigned ninner, unsigned nfloat,
                        const bool *out)
{
	unsigned in_set[NV], rest[NV], ni = 0, nr = 0, nf = 0;
	for (unsigned i = 0; i < ninner; i++)
		if (out[i])
			rest[nr++] = set[i];
		else {
			in_set[ni++] = set[i];
			nf += i < nfloat;
		}
	for (unsigned i = ninner; i < n; i++)
		rest[nr++] = set[i];
	return matchable(c, in_set, ni, nf) && cc_dutch_completable(c, rest, nr);
}

/* The next subset of as many bits (Gosper), 0 past the last below 2^n. */
uint64_t cc_dutch_next_subset(uint64_t v, unsigned n)
{
	uint64_t u = v & (~v + 1), w = v + u;
	uint64_t next = w + (((w ^ v) / u) >> 2);
	return next >= ((uint64_t)1 << n) ? 0 : next;
}

/* The pairs within set[0..ninner) of the first pairing of the whole set
 * found: a floor, when the exact count would take too long. */
static unsigned any_inner_pairs(const dutch_ctx *c, const unsigned *set, unsigned n, unsigned ninner,
                                unsigned nfloat)
{
	blossom_state s;
	s.c = c;
	s.set = set;
	s.n = n;
	s.nv = n + (n & 1u);
	s.nfloat = 0;
	if (match_all(&s, true) != 0)
		return 0;
	unsigned pairs = 0;
	for (unsigned i = 0; i < ninner; i++) {
		unsigned j = (unsigned)s.match[i];
		pairs += j > i && j < ninner && j >= nfloat;
	}
	return pairs;
}

/* The cost of the floaters a set of inner players left out holds: bit b
 * of v is inner player ninner-1-b, so the floaters (first) are the high
 * bits and the sets that leave the next group's players out come first. */
static uint64_t out_cost(uint64_t v, unsigned ninner, unsigned nfloat, const uint64_t *cost, bool *out)
{
	uint64_t total = 0;
	for (unsigned i = 0; i < ninner; i++) {
		out[i] = v >> (ninner - 1 - i) & 1;
		if (out[i] && i < nfloat)
			total += cost[i];
	}
	return total;
}

unsigned cc_dutch_next_bracket(const dutch_ctx *c, const unsigned *set, unsigned n, unsigned ninner, unsigned nfloat,
                               const uint64_t *cost, uint64_t *left_cost)
{
	uint64_t all = 0;
	for (unsigned i = 0; i < nfloat; i++)
		all += cost[i];
	*left_cost = all;
	if (n == 0 || !cc_dutch_completable(c, set, n))
		return 0;
	unsigned left[NV], nleft, most = cc_dutch_max_pairs(c, set, ninner, nfloat, left, &nleft);
	if (ninner > 62)
		return any_inner_pairs(c, set, n, ninner, nfloat);
	/* the fewest inner players paired outside, then the cheapest floaters
	 * among them, out of every set of them */
	unsigned tries = 0;
	bool out[NV];
	for (unsigned pairs = most + 1; pairs-- > 0;) {
		unsigned nout = ninner - 2 * pairs;
		bool found = false;
		for (uint64_t v = nout ? ((uint64_t)1 << nout) - 1 : 0;; v = cc_dutch_next_subset(v, ninner)) {
			uint64_t price = out_cost(v, ninner, nfloat, cost, out);
			if (++tries > INNER_LIMIT)
				return found ? pairs : any_inner_pairs(c, set, n, ninner, nfloat);
			if ((!found || price < *left_cost) && split_pairs(c, set, n, ninner, nfloat, out)) {
				found = true;
				*left_cost = price;
			}
			if (v == 0 || (found && *left_cost == 0) || cc_dutch_next_subset(v, ninner) == 0)
				break;
		}
		if (found)
			return pairs;
	}
	return 0;
}
