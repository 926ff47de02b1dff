/*
 * dutch_board.c: around the Dutch engine's search (dutch.c): the order of
 * the players and of the boards as published (SW-2, SW-3), the bye's
 * score limit (C5), and the check of the absolute criteria on a given
 * pairing (the checker mode's first step).
 */
#include "dutch_internal.h"

void cc_dutch_sort_by_rank(const dutch_ctx *c, unsigned *v, unsigned n)
{
	for (unsigned i = 1; i < n; i++) {
		unsigned x = v[i], j = i;
		while (j > 0 && cc_dutch_ranks_above(c, x, v[j - 1])) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = x;
	}
}

/* Does a have more points than b, or as many and a better rank? Points
 * alone, without an accelerated round's virtual points (SW-6.3). */
static bool real_above(const dutch_ctx *c, unsigned a, unsigned b)
{
	if (c->st[a].real10 != c->st[b].real10)
		return c->st[a].real10 > c->st[b].real10;
	return c->st[a].rank_index < c->st[b].rank_index;
}

/* Publication order: the higher score of the pair, then the lower one, then
 * the rank of the pair's higher player (scores without virtual points). */
static bool board_before(const dutch_ctx *c, const cc_dutch_board *x, const cc_dutch_board *y)
{
	unsigned xh = real_above(c, x->white, x->black) ? x->white : x->black;
	unsigned xl = xh == x->white ? x->black : x->white;
	unsigned yh = real_above(c, y->white, y->black) ? y->white : y->black;
	unsigned yl = yh == y->white ? y->black : y->white;
	if (c->st[xh].real10 != c->st[yh].real10)
		return c->st[xh].real10 > c->st[yh].real10;
	if (c->st[xl].real10 != c->st[yl].real10)
		return c->st[xl].real10 > c->st[yl].real10;
	return c->st[xh].rank_index < c->st[yh].rank_index;
}

void cc_dutch_sort_boards(const dutch_ctx *c, cc_dutch_pairing *out)
{
	for (unsigned i = 1; i < out->nboards; i++) {
		cc_dutch_board x = out->boards[i];
		unsigned j = i;
		while (j > 0 && board_before(c, &x, &out->boards[j - 1])) {
			out->boards[j] = out->boards[j - 1];
			j--;
		}
		out->boards[j] = x;
	}
}

/* C5 (2025): the pairing-allocated bye goes to a player of the lowest
 * score the round allows; players above it lose their eligibility for this
 * round, so every bracket's completion test (C4) keeps that score. */
void cc_dutch_limit_bye_score(dutch_ctx *c, const unsigned *order, unsigned n)
{
	bool ok[CC_DUTCH_MAX_PLAYERS];
	for (unsigned i = 0; i < n; i++)
		ok[i] = c->st[order[i]].bye_ok;
	for (unsigned k = n; k-- > 0;) { /* order is highest first: scores rise */
		if (!ok[k])
			continue;
		int limit = c->st[order[k]].score10;
		for (unsigned i = 0; i < n; i++)
			c->st[order[i]].bye_ok = ok[i] && c->st[order[i]].score10 <= limit;
		if (cc_dutch_completable(c, order, n))
			return;
	}
	for (unsigned i = 0; i < n; i++)
		c->st[order[i]].bye_ok = ok[i];
}

static bool met_before(const cc_dutch_input *in, unsigned a, unsigned b)
{
	for (unsigned r = 0; r < in->played_rounds; r++)
		if (in->players[a].rounds[r].played && in->players[a].rounds[r].opponent == b + 1)
			return true;
	return false;
}

int cc_dutch_absolute_broken(const cc_dutch_input *in, const cc_dutch_pairing *p, unsigned *a, unsigned *b)
{
	dutch_ctx c; /* about 300 KB on the caller's stack */
	cc_dutch_derive(&c, in);
	for (unsigned i = 0; i < p->nboards; i++) {
		unsigned x = p->boards[i].white, y = p->boards[i].black;
		*a = x;
		*b = y;
		if (met_before(in, x, y) || met_before(in, y, x))
			return 1;
		if (!cc_dutch_compatible(&c, x, y))
			return 3;
	}
	if (p->has_bye && !c.st[p->bye].bye_ok) {
		*a = *b = p->bye;
		return 2;
	}
	return 0;
}
