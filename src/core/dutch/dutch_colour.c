/*
 * dutch_colour.c: what the Dutch engine knows of each player before it
 * pairs (C.04.3 A.6 colour preferences, A.4 floaters, C2's bye barrier) and
 * how it gives the colours of a pair (E1-E5, SW-3).
 *
 * Colour preference, from the games played over the board only: none
 * before the first game; absolute when the colour difference is above 1
 * or the last two games were of one colour (the other colour wanted);
 * strong when the difference is 1; mild otherwise (the colour not held in
 * the last game).
 */
#include <string.h>

#include "dutch_internal.h"

static cc_dutch_colour invert(cc_dutch_colour c)
{
	return c == CC_DUTCH_WHITE ? CC_DUTCH_BLACK : c == CC_DUTCH_BLACK ? CC_DUTCH_WHITE : CC_DUTCH_NO_COLOUR;
}

static void derive_colours(dutch_state *s, const cc_dutch_player *p, unsigned rounds)
{
	int diff = 0;
	cc_dutch_colour last = CC_DUTCH_NO_COLOUR, before = CC_DUTCH_NO_COLOUR;
	for (unsigned r = 0; r < rounds; r++) {
		const cc_dutch_round *rd = &p->rounds[r];
		if (!rd->played || rd->colour == CC_DUTCH_NO_COLOUR)
			continue;
		diff += rd->colour == CC_DUTCH_WHITE ? 1 : -1;
		before = last;
		last = rd->colour;
	}
	s->imbalance = diff < 0 ? -diff : diff;
	s->pref = CC_DUTCH_NO_COLOUR;
	s->strength = DUTCH_PREF_NONE;
	if (last == CC_DUTCH_NO_COLOUR)
		return;
	if (diff > 1 || diff < -1) {
		s->pref = diff > 0 ? CC_DUTCH_BLACK : CC_DUTCH_WHITE;
		s->strength = DUTCH_PREF_ABSOLUTE;
	} else if (before == last) {
		s->pref = invert(last);
		s->strength = DUTCH_PREF_ABSOLUTE;
	} else if (diff != 0) {
		s->pref = diff > 0 ? CC_DUTCH_BLACK : CC_DUTCH_WHITE;
		s->strength = DUTCH_PREF_STRONG;
	} else {
		s->pref = invert(last);
		s->strength = DUTCH_PREF_MILD;
	}
}

/* The pairing score before round (0-based): the points scored, plus the
 * virtual points of an accelerated round (SW-6, C.04.5.1), as the
 * engines count them for the brackets and the floats. */
static int score_before(const cc_dutch_player *p, unsigned round)
{
	int s = round < CC_DUTCH_MAX_ROUNDS ? p->accel10[round] : 0;
	for (unsigned r = 0; r < round; r++)
		s += p->rounds[r].points10;
	return s;
}

/* The float of round r (0-based): down when the player met a lower score or
 * scored without playing, up when he met a higher one. */
static dutch_float float_of(const cc_dutch_input *in, unsigned i, unsigned r)
{
	const cc_dutch_round *rd = &in->players[i].rounds[r];
	if (!rd->played || !rd->opponent)
		return rd->points10 > 0 ? DUTCH_FLOAT_DOWN : DUTCH_FLOAT_NONE;
	int mine = score_before(&in->players[i], r);
	int theirs = score_before(&in->players[rd->opponent - 1], r);
	return mine > theirs ? DUTCH_FLOAT_DOWN : mine < theirs ? DUTCH_FLOAT_UP : DUTCH_FLOAT_NONE;
}

static bool met(const cc_dutch_input *in, unsigned a, unsigned b)
{
	for (unsigned r = 0; r < in->played_rounds; r++) {
		const cc_dutch_round *rd = &in->players[a].rounds[r];
		if (rd->opponent == b + 1 && rd->played)
			return true;
	}
	return false;
}

/* Whether player j counts in the pairing-number order (E5's parity): to
 * be paired now, or paired (or given the PAB) in an earlier round. A
 * player absent from every pairing so far takes no place, as in
 * bbpPairings. */
static bool counted(const cc_dutch_input *in, unsigned j)
{
	const cc_dutch_player *p = &in->players[j];
	if (p->present)
		return true;
	for (unsigned r = 0; r < in->played_rounds; r++)
		if (p->rounds[r].opponent != 0 || p->rounds[r].pab)
			return true;
	return false;
}

void cc_dutch_derive(dutch_ctx *c, const cc_dutch_input *in)
{
	c->in = in;
	unsigned n = in->nplayers, rounds = in->played_rounds;
	int best = in->win10 > in->draw10 ? in->win10 : in->draw10;
	bool last_round = in->total_rounds && rounds + 1 >= in->total_rounds;
	for (unsigned i = 0; i < n; i++) {
		dutch_state *s = &c->st[i];
		const cc_dutch_player *p = &in->players[i];
		memset(s, 0, sizeof *s);
		s->score10 = score_before(p, rounds);
		s->real10 = s->score10 - (rounds < CC_DUTCH_MAX_ROUNDS ? p->accel10[rounds] : 0);
		derive_colours(s, p, rounds);
		s->float1 = rounds >= 1 ? float_of(in, i, rounds - 1) : DUTCH_FLOAT_NONE;
		s->float2 = rounds >= 2 ? float_of(in, i, rounds - 2) : DUTCH_FLOAT_NONE;
		s->bye_ok = !p->bye_barred;
		for (unsigned j = 0; j < n; j++)
			if (in->players[j].number < p->number && counted(in, j))
				s->rank_index++;
		/* C3's exception: in the last round, a player above half the
		 * maximum score (SW-1.3) */
		c->top_scorer[i] = last_round && 2 * s->score10 > (int)rounds * best;
	}
	for (unsigned a = 0; a < n; a++) {
		c->compat[a][a] = false;
		for (unsigned b = a + 1; b < n; b++) {
			bool ok = !met(in, a, b) && !met(in, b, a);
			const dutch_state *x = &c->st[a], *y = &c->st[b];
			if (ok && x->strength == DUTCH_PREF_ABSOLUTE && y->strength == DUTCH_PREF_ABSOLUTE &&
			    x->pref == y->pref && !c->top_scorer[a] && !c->top_scorer[b])
				ok = false;
			c->compat[a][b] = c->compat[b][a] = ok;
		}
	}
}

bool cc_dutch_compatible(const dutch_ctx *c, unsigned a, unsigned b)
{
	return c->compat[a][b];
}

bool cc_dutch_ranks_above(const dutch_ctx *c, unsigned a, unsigned b)
{
	if (c->st[a].score10 != c->st[b].score10)
		return c->st[a].score10 > c->st[b].score10;
	return c->st[a].rank_index < c->st[b].rank_index;
}

bool cc_dutch_last_difference(const cc_dutch_input *in, unsigned a, unsigned b, int *ra, int *rb)
{
	*ra = *rb = (int)in->played_rounds - 1;
	for (;;) {
		while (*ra >= 0 && !in->players[a].rounds[*ra].played)
			(*ra)--;
		while (*rb >= 0 && !in->players[b].rounds[*rb].played)
			(*rb)--;
		if (*ra < 0 || *rb < 0)
			return false;
		if (in->players[a].rounds[*ra].colour != in->players[b].rounds[*rb].colour)
			return true;
		(*ra)--;
		(*rb)--;
	}
}

/* E3: the colours of the last round (counting played games back from the
 * latest, each player's own) where a's and b's differed. */
static cc_dutch_colour last_difference(const cc_dutch_input *in, unsigned a, unsigned b)
{
	int ra, rb;
	if (!cc_dutch_last_difference(in, a, b, &ra, &rb))
		return CC_DUTCH_NO_COLOUR;
	return invert(in->players[a].rounds[ra].colour); /* a alternates */
}

/* The colour a gets against b by E1-E3, NO_COLOUR when they do not decide. */
static cc_dutch_colour neutral_colour(const dutch_ctx *c, unsigned a, unsigned b, cc_dutch_why_colour *why)
{
	const dutch_state *x = &c->st[a], *y = &c->st[b];
	if (x->pref == CC_DUTCH_NO_COLOUR || y->pref == CC_DUTCH_NO_COLOUR || x->pref != y->pref) {
		*why = CC_DUTCH_COLOUR_BOTH_GRANTED;
		return x->pref != CC_DUTCH_NO_COLOUR ? x->pref : invert(y->pref);
	}
	bool xa = x->strength == DUTCH_PREF_ABSOLUTE, ya = y->strength == DUTCH_PREF_ABSOLUTE;
	*why = CC_DUTCH_COLOUR_STRONGER;
	if (xa && (x->imbalance > y->imbalance || !ya))
		return x->pref;
	if (ya && (y->imbalance > x->imbalance || !xa))
		return invert(y->pref);
	bool xs = x->strength == DUTCH_PREF_STRONG, ys = y->strength == DUTCH_PREF_STRONG;
	if (xs && !ys)
		return x->pref;
	if (ys && !xs)
		return invert(y->pref);
	*why = CC_DUTCH_COLOUR_ALTERNATE;
	return last_difference(c->in, a, b);
}

bool cc_dutch_a_is_white(const dutch_ctx *c, unsigned a, unsigned b, cc_dutch_why_colour *why)
{
	cc_dutch_colour col = neutral_colour(c, a, b, why);
	if (col != CC_DUTCH_NO_COLOUR)
		return col == CC_DUTCH_WHITE;
	unsigned hi = cc_dutch_ranks_above(c, a, b) ? a : b;
	cc_dutch_colour hi_col;
	if (c->st[hi].pref != CC_DUTCH_NO_COLOUR) {
		*why = CC_DUTCH_COLOUR_HIGHER_RANK;
		hi_col = c->st[hi].pref;
	} else {
		*why = CC_DUTCH_COLOUR_INITIAL;
		cc_dutch_colour init =
			c->in->initial_colour == CC_DUTCH_BLACK ? CC_DUTCH_BLACK : CC_DUTCH_WHITE;
		hi_col = (c->st[hi].rank_index & 1u) ? invert(init) : init;
	}
	return hi == a ? hi_col == CC_DUTCH_WHITE : hi_col == CC_DUTCH_BLACK;
}
