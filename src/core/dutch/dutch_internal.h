/*
 * dutch_internal.h: what the Dutch engine's files share (not public): the
 * players' derived state (score, colour preference, floats) and the
 * maximum-matching test behind the completion criterion.
 */
#ifndef CHESSCUBING_DUTCH_INTERNAL_H
#define CHESSCUBING_DUTCH_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "chesscubing/dutch.h"

typedef enum { DUTCH_PREF_NONE, DUTCH_PREF_MILD, DUTCH_PREF_STRONG, DUTCH_PREF_ABSOLUTE } dutch_strength;
typedef enum { DUTCH_FLOAT_NONE, DUTCH_FLOAT_DOWN, DUTCH_FLOAT_UP } dutch_float;

typedef struct {
	int score10;            /* the pairing score: points and virtual points (SW-6) */
	int real10;             /* the points alone: the boards' order */
	int imbalance;          /* |whites - blacks| over games played */
	cc_dutch_colour pref;   /* the colour wanted, NO_COLOUR when none */
	dutch_strength strength;
	dutch_float float1, float2; /* last round, the round before */
	unsigned rank_index;    /* 0-based place by pairing number */
	bool bye_ok;
} dutch_state;

/* Everything the search reads, derived once from the input. */
typedef struct {
	const cc_dutch_input *in;
	dutch_state st[CC_DUTCH_MAX_PLAYERS];
	bool top_scorer[CC_DUTCH_MAX_PLAYERS]; /* C3's last-round exception applies */
	/* compat[a][b]: a and b may meet (C1, C3), computed once */
	bool compat[CC_DUTCH_MAX_PLAYERS][CC_DUTCH_MAX_PLAYERS];
} dutch_ctx;

/* Whether a and b may meet: C1 and C3 (and C3's last-round exception). */
bool cc_dutch_compatible(const dutch_ctx *c, unsigned a, unsigned b);

/* Whether the players in set (n of them) can all be paired, but one given
 * the pairing-allocated bye when n is odd (C2, C4). */
bool cc_dutch_completable(const dutch_ctx *c, const unsigned *set, unsigned n);

/* The most pairs among the players in set (n of them) under the absolute
 * criteria, the first nfloat never paired with each other (C8: a
 * bracket's floaters with the next score group); left[0..*nleft) the
 * players a maximum matching leaves. */
unsigned cc_dutch_max_pairs(const dutch_ctx *c, const unsigned *set, unsigned n, unsigned nfloat, unsigned *left,
                            unsigned *nleft);

/* Of the pairings of every player in set (n of them, one the bye when
 * odd), the most pairs within set[0..ninner), never two of the first
 * nfloat: the next bracket's pairs in a pairing that completes the round
 * (C4, C8), 0 when none completes; among those, *left_cost the least sum
 * of cost[i] over the floaters (i < nfloat) left out of them (C8's
 * second half: the scores paired in the next bracket). */
unsigned cc_dutch_next_bracket(const dutch_ctx *c, const unsigned *set, unsigned n, unsigned ninner, unsigned nfloat,
                               const uint64_t *cost, uint64_t *left_cost);

/* The next set of as many bits (Gosper's rule), 0 past the last below 2^n. */
uint64_t cc_dutch_next_subset(uint64_t v, unsigned n);

/* Derives the state of every player (dutch_colour.c). */
void cc_dutch_derive(dutch_ctx *c, const cc_dutch_input *in);

/* The colours of a pair (E1-E5): true when a takes white. */
bool cc_dutch_a_is_white(const dutch_ctx *c, unsigned a, unsigned b, cc_dutch_why_colour *why);

/* a ranks above b: more points, then the lower pairing number. */
bool cc_dutch_ranks_above(const dutch_ctx *c, unsigned a, unsigned b);
/* E3: counting each one's games played back from the latest, the rounds
 * (0-based) *ra of a and *rb of b where their colours first differ; false
 * when they never do (the engine's rule and the explanation's, one code). */
bool cc_dutch_last_difference(const cc_dutch_input *in, unsigned a, unsigned b, int *ra, int *rb);

/* dutch_board.c: v[0..n) in ranking order (score, then pairing number). */
void cc_dutch_sort_by_rank(const dutch_ctx *c, unsigned *v, unsigned n);
/* The boards in publication order: the higher score of the pair first,
 * then the lower one, then the rank of the pair's higher player. */
void cc_dutch_sort_boards(const dutch_ctx *c, cc_dutch_pairing *out);
/* C5: only players of the lowest score the round allows may take the bye
 * (order[0..n), ranking order). */
void cc_dutch_limit_bye_score(dutch_ctx *c, const unsigned *order, unsigned n);

#endif
