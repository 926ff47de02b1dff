/*
 * dutch_explain.h: why the Dutch engine paired a round as it did, board by
 * board, as typed facts a front end says in the user's language
 * (rules/swiss.md, SW-5; issue 33 item 2).
 *
 * Owns: from the engine's input and its pairing (dutch.h), for each board
 * the two players' scores, pairing numbers and colour preferences (SW-3.1),
 * the score bracket, who floated down and from which score, where the
 * higher player stood in the Dutch order and, when his partner is not his
 * first candidate, the criterion that refused that candidate (C1, C3) or
 * that the bracket as a whole was better paired otherwise; the colour rule
 * the engine applied (E1-E5) with what decided it; and the pairing-allocated
 * bye's reason (C2, lowest score, lowest ranked).
 *
 * It describes the engine's decision, never searches again (SW-5.3): the
 * reasons why_pair and why_colour are the engine's; the facts around them
 * are read from the input. Pure: no I/O, no allocation (about 300 KB of the
 * caller's stack while it runs), deterministic.
 */
#ifndef CHESSCUBING_DUTCH_EXPLAIN_H
#define CHESSCUBING_DUTCH_EXPLAIN_H

#include <stdbool.h>

#include "chesscubing/dutch.h"

/* How strongly a player wants his colour (SW-3.1). */
typedef enum {
	CC_DUTCH_STRENGTH_NONE,
	CC_DUTCH_STRENGTH_MILD,
	CC_DUTCH_STRENGTH_STRONG,
	CC_DUTCH_STRENGTH_ABSOLUTE
} cc_dutch_strength;

/* One player as the explanation names him. */
typedef struct {
	unsigned player;          /* index into the input's players */
	unsigned number;          /* his pairing number */
	unsigned place;           /* 1-based place in the pairing-number order (E5's parity) */
	int score10;              /* points before the round, in tenths */
	cc_dutch_colour pref;     /* the colour wanted, NO_COLOUR when none */
	cc_dutch_strength strength;
	unsigned whites, blacks;  /* games over the board with each colour */
} cc_dutch_explain_player;

/* Why the higher player's first candidate in the Dutch order is not his partner. */
typedef enum {
	CC_DUTCH_FIRST_TAKEN,    /* it is his partner: S1 against S2, no transposition */
	CC_DUTCH_FIRST_MET,      /* C1: they met before (in met_round) */
	CC_DUTCH_FIRST_COLOUR,   /* C3: both must have the same colour (colour) */
	CC_DUTCH_FIRST_ABOVE,    /* it went to a player above him in S1 (first_partner) */
	CC_DUTCH_FIRST_BRACKET,  /* it was allowed: the bracket as a whole paired better otherwise
	                          * (the rest of the round pairable, colours, floats) */
	CC_DUTCH_FIRST_EXCHANGE, /* the two players are not of S1 and S2: an exchange between the halves */
	CC_DUTCH_FIRST_NONE      /* a floater's pair: no S1-S2 order to tell */
} cc_dutch_first;

typedef struct {
	cc_dutch_explain_player white, black;
	bool white_higher;          /* white ranks above black (score, then place) */
	int bracket10;              /* the score bracket: the lower of the two scores */
	cc_dutch_why_pair why_pair; /* the engine's */
	/* a floater's pair: the higher-scored player came down from his score */
	bool floated;
	unsigned floater;           /* index into the input's players */
	int floated_from10;
	/* the Dutch order among the bracket's players paired inside it
	 * (2 half of them): the higher player's position in S1 (1-based) */
	unsigned half, s1_position;
	cc_dutch_first first;
	unsigned first_candidate;   /* index into the input's players (FIRST_MET, COLOUR, ABOVE, BRACKET) */
	unsigned first_partner;     /* FIRST_ABOVE: whom the first candidate plays */
	unsigned met_round;         /* FIRST_MET: the round they met (1-based) */
	cc_dutch_colour colour;     /* FIRST_COLOUR: the colour both must have */
	/* the colours */
	cc_dutch_why_colour why_colour; /* the engine's */
	unsigned decider;           /* whose preference or place decided (E2, E4, E5) */
	unsigned e3_round_white, e3_round_black; /* E3: the rounds, counted back, where they differed */
	cc_dutch_colour initial;    /* E5: the top seed's colour in round 1 */
} cc_dutch_board_facts;

typedef struct {
	cc_dutch_explain_player player;
	bool lowest_score;     /* nobody paired this round has a lower score */
	unsigned below;        /* players paired this round ranked below him */
	unsigned barred_below; /* ... of whom those who may not have it (C2) */
} cc_dutch_bye_facts;

typedef struct {
	unsigned round;        /* the round paired, 1-based */
	unsigned nboards;
	cc_dutch_board_facts boards[CC_DUTCH_MAX_PLAYERS / 2];
	bool has_bye;
	cc_dutch_bye_facts bye;
} cc_dutch_explanation;

/* The facts of every board of p, a pairing of in's next round (as
 * cc_dutch_pair gives it), in the pairing's order, and of its bye. */
void cc_dutch_explain(const cc_dutch_input *in, const cc_dutch_pairing *p, cc_dutch_explanation *out);

#endif
