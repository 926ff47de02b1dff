/*
 * dutch_explain.c: the facts of a Dutch pairing's explanation
 * (dutch_explain.h, rules/swiss.md SW-5).
 *
 * Everything is read from the engine's derived state (cc_dutch_derive:
 * scores, colour preferences, places) and from the pairing itself: the
 * reasons why_pair and why_colour are the engine's, and the Dutch order
 * told is the one of the players the pairing paired inside their bracket
 * (their top half S1 against their bottom half S2), so that a partner who
 * is not the first candidate is explained by the first criterion that
 * refuses the first one (C1, then C3), by a player above taking it, or by
 * the bracket as a whole. Nothing here searches for a pairing.
 */
#include <string.h>

#include "chesscubing/dutch_explain.h"
#include "dutch_internal.h"

static cc_dutch_strength strength_of(dutch_strength s)
{
	switch (s) {
	case DUTCH_PREF_NONE:
		return CC_DUTCH_STRENGTH_NONE;
	case DUTCH_PREF_MILD:
		return CC_DUTCH_STRENGTH_MILD;
	case DUTCH_PREF_STRONG:
		return CC_DUTCH_STRENGTH_STRONG;
	case DUTCH_PREF_ABSOLUTE:
		return CC_DUTCH_STRENGTH_ABSOLUTE;
	}
	return CC_DUTCH_STRENGTH_NONE;
}

static void player_facts(const dutch_ctx *c, unsigned i, cc_dutch_explain_player *out)
{
	const cc_dutch_input *in = c->in;
	const dutch_state *s = &c->st[i];
	memset(out, 0, sizeof *out);
	out->player = i;
	out->number = in->players[i].number;
	out->place = s->rank_index + 1;
	out->score10 = s->score10;
	out->pref = s->pref;
	out->strength = strength_of(s->strength);
	for (unsigned r = 0; r < in->played_rounds; r++) {
		const cc_dutch_round *rd = &in->players[i].rounds[r];
		if (!rd->played)
			continue;
		out->whites += rd->colour == CC_DUTCH_WHITE;
		out->blacks += rd->colour == CC_DUTCH_BLACK;
	}
}

/* The round (1-based) a and b met in, 0 when they did not. */
static unsigned met_round(const cc_dutch_input *in, unsigned a, unsigned b)
{
	for (unsigned r = 0; r < in->played_rounds; r++) {
		const cc_dutch_round *x = &in->players[a].rounds[r], *y = &in->players[b].rounds[r];
		if ((x->played && x->opponent == b + 1) || (y->played && y->opponent == a + 1))
			return r + 1;
	}
	return 0;
}

/* E3: counting each one's games played back from the latest, the rounds
 * (1-based) where w's and b's colours first differ (as the engine does). */
static void last_difference(const cc_dutch_input *in, unsigned w, unsigned b, unsigned *rw, unsigned *rb)
{
	int ra, rc;
	bool found = cc_dutch_last_difference(in, w, b, &ra, &rc);
	*rw = found ? (unsigned)ra + 1 : 0;
	*rb = found ? (unsigned)rc + 1 : 0;
}

/* The partner of player i in p, or i itself when he has none. */
static unsigned partner_of(const cc_dutch_pairing *p, unsigned i)
{
	for (unsigned k = 0; k < p->nboards; k++) {
		if (p->boards[k].white == i)
			return p->boards[k].black;
		if (p->boards[k].black == i)
			return p->boards[k].white;
	}
	return i;
}

typedef struct {
	dutch_ctx c;
	unsigned inside[CC_DUTCH_MAX_PLAYERS]; /* a bracket's players paired inside it, by rank */
} explain_work;

static unsigned position_of(const unsigned *v, unsigned n, unsigned x)
{
	for (unsigned i = 0; i < n; i++)
		if (v[i] == x)
			return i;
	return n;
}

/* The Dutch order of a pair of one score: S1 against S2 of the players
 * the pairing paired inside the bracket, and why the higher player's
 * first candidate is not his partner. */
static void dutch_order(explain_work *w, const cc_dutch_pairing *p, unsigned hi, unsigned lo, cc_dutch_board_facts *f)
{
	const dutch_ctx *c = &w->c;
	int score = c->st[hi].score10;
	unsigned n = 0;
	for (unsigned i = 0; i < c->in->nplayers; i++) {
		unsigned o = partner_of(p, i);
		if (o == i || c->st[i].score10 != score || c->st[o].score10 != score)
			continue;
		unsigned j = n++;
		while (j > 0 && cc_dutch_ranks_above(c, i, w->inside[j - 1])) {
			w->inside[j] = w->inside[j - 1];
			j--;
		}
		w->inside[j] = i;
	}
	unsigned half = n / 2, ph = position_of(w->inside, n, hi), pl = position_of(w->inside, n, lo);
	f->half = half;
	if (ph >= half || pl < half) {
		f->first = CC_DUTCH_FIRST_EXCHANGE;
		return;
	}
	f->s1_position = ph + 1;
	unsigned cand = w->inside[half + ph];
	f->first_candidate = cand;
	if (cand == lo) {
		f->first = CC_DUTCH_FIRST_TAKEN;
		return;
	}
	f->met_round = met_round(c->in, hi, cand);
	unsigned other = partner_of(p, cand);
	if (f->met_round) {
		f->first = CC_DUTCH_FIRST_MET;
	} else if (!cc_dutch_compatible(c, hi, cand)) {
		f->first = CC_DUTCH_FIRST_COLOUR; /* C3: both absolute, the same colour */
		f->colour = c->st[hi].pref;
	} else if (position_of(w->inside, half, other) < ph) {
		f->first = CC_DUTCH_FIRST_ABOVE;
		f->first_partner = other;
	} else {
		f->first = CC_DUTCH_FIRST_BRACKET;
	}
}

/* What decided the colours the engine gave (its why_colour). */
static void colour_facts(const dutch_ctx *c, const cc_dutch_board *b, unsigned hi, cc_dutch_board_facts *f)
{
	f->why_colour = b->why_colour;
	f->initial = c->in->initial_colour == CC_DUTCH_BLACK ? CC_DUTCH_BLACK : CC_DUTCH_WHITE;
	f->decider = hi;
	switch (b->why_colour) {
	case CC_DUTCH_COLOUR_BOTH_GRANTED:
	case CC_DUTCH_COLOUR_HIGHER_RANK:
	case CC_DUTCH_COLOUR_INITIAL:
		break;
	case CC_DUTCH_COLOUR_STRONGER: /* the one whose wish was granted */
		f->decider = c->st[b->white].pref == CC_DUTCH_WHITE ? b->white : b->black;
		break;
	case CC_DUTCH_COLOUR_ALTERNATE:
		last_difference(c->in, b->white, b->black, &f->e3_round_white, &f->e3_round_black);
		break;
	}
}

static void board_facts(explain_work *w, const cc_dutch_pairing *p, const cc_dutch_board *b, cc_dutch_board_facts *f)
{
	const dutch_ctx *c = &w->c;
	memset(f, 0, sizeof *f);
	player_facts(c, b->white, &f->white);
	player_facts(c, b->black, &f->black);
	f->white_higher = cc_dutch_ranks_above(c, b->white, b->black);
	unsigned hi = f->white_higher ? b->white : b->black, lo = hi == b->white ? b->black : b->white;
	f->why_pair = b->why_pair;
	f->bracket10 = c->st[lo].score10;
	if (c->st[hi].score10 != c->st[lo].score10) {
		f->floated = true;
		f->floater = hi;
		f->floated_from10 = c->st[hi].score10;
		f->first = CC_DUTCH_FIRST_NONE;
	} else {
		dutch_order(w, p, hi, lo, f);
	}
	colour_facts(c, b, hi, f);
}

static void bye_facts(const dutch_ctx *c, const cc_dutch_pairing *p, cc_dutch_bye_facts *f)
{
	const cc_dutch_input *in = c->in;
	memset(f, 0, sizeof *f);
	player_facts(c, p->bye, &f->player);
	f->lowest_score = true;
	for (unsigned i = 0; i < in->nplayers; i++) {
		if (!in->players[i].present || i == p->bye)
			continue;
		if (c->st[i].score10 < c->st[p->bye].score10)
			f->lowest_score = false;
		if (cc_dutch_ranks_above(c, p->bye, i)) {
			f->below++;
			f->barred_below += !c->st[i].bye_ok;
		}
	}
}

static void explain_with(explain_work *w, const cc_dutch_input *in, const cc_dutch_pairing *p, cc_dutch_explanation *out)
{
	cc_dutch_derive(&w->c, in);
	memset(out, 0, sizeof *out);
	out->round = in->played_rounds + 1;
	out->nboards = p->nboards;
	for (unsigned k = 0; k < p->nboards; k++)
		board_facts(w, p, &p->boards[k], &out->boards[k]);
	out->has_bye = p->has_bye;
	if (p->has_bye)
		bye_facts(&w->c, p, &out->bye);
}

void cc_dutch_explain(const cc_dutch_input *in, const cc_dutch_pairing *p, cc_dutch_explanation *out)
{
	explain_work w; /* about 300 KB, on the caller's stack: no allocation */
	explain_with(&w, in, p, out);
}
