/*
 * dutch.h: the FIDE Dutch system (C.04.3) pairing of one Swiss round.
 *
 * Owns: from each player's history (opponents, colours, results, byes,
 * whether a game was played over the board) and who is present, the pairs
 * of the next round with their colours, the pairing-allocated bye, and for
 * each board typed reasons (why these two, why these colours) that a front
 * end says in the user's language. Never does I/O, never reads a clock,
 * never allocates: the caller owns the (large) input and output values.
 * Deterministic: the same input gives the same pairing.
 *
 * What it implements (rules/swiss.md, SW-*): the absolute criteria C1 (no
 * two players meet twice), C2 (no second pairing-allocated bye, nor a bye
 * to one who scored a point without playing), C3 (two players with the
 * same absolute colour preference do not meet, except top scorers in the
 * last round); completion C4 (the rest of the round can still be paired)
 * checked with a maximum matching over the players below each bracket;
 * then, per score bracket from the top, the most pairs, the most pairs
 * the next bracket can make with the floaters (C8), the bye to the player
 * with the fewest unplayed games (C9), the fewest colour preferences
 * refused (absolute, strong, then mild), the fewest repeated floats, then
 * the first candidate in the Dutch order (S1 against S2, S2 transposed);
 * colours by the rules E1-E5; the Baku acceleration's virtual points in
 * the pairing score (cc_dutch_baku, SW-6). The quality criteria are met
 * in priority only as far as this search reaches (see SW-2.4): the
 * comparison with bbpPairings in docs/performance.md says how often the
 * pairings are the same.
 */
#ifndef CHESSCUBING_DUTCH_H
#define CHESSCUBING_DUTCH_H

#include <stdbool.h>

#include "chesscubing/common.h"

#define CC_DUTCH_MAX_PLAYERS 512
#define CC_DUTCH_MAX_ROUNDS 40

typedef enum { CC_DUTCH_NO_COLOUR, CC_DUTCH_WHITE, CC_DUTCH_BLACK } cc_dutch_colour;

/* One round of a player's history. */
typedef struct {
	unsigned opponent;      /* index+1 of the opponent in the input, 0: none */
	cc_dutch_colour colour; /* the colour held (NO_COLOUR when no game was played) */
	bool played;            /* a game over the board (counts for colours) */
	bool pab;               /* received the pairing-allocated bye (or was paired
	                         * and won by forfeit: took part in the pairing) */
	int points10;           /* the points scored that round, in tenths */
} cc_dutch_round;

typedef struct {
	unsigned number;  /* the pairing number (ranking order: lower is higher) */
	bool present;     /* to be paired this round */
	bool bye_barred;  /* scored a win without playing (a PAB, a forfeit win, a
	                   * full-point bye): no pairing-allocated bye (C2) */
	cc_dutch_round rounds[CC_DUTCH_MAX_ROUNDS];
	int accel10[CC_DUTCH_MAX_ROUNDS]; /* virtual points for pairing round r (0-based),
	                                   * in tenths: an accelerated round's (SW-6) */
} cc_dutch_player;

typedef struct {
	unsigned nplayers;
	unsigned played_rounds; /* rounds in each player's history */
	unsigned total_rounds;  /* the rounds the event will have (0: unknown) */
	cc_dutch_colour initial_colour; /* the top seed's colour in round 1 */
	int win10, draw10;      /* points for a win and a draw, in tenths */
	cc_dutch_player players[CC_DUTCH_MAX_PLAYERS];
} cc_dutch_input;

/* Why two players meet on a board. */
typedef enum {
	CC_DUTCH_WHY_S1_S2,      /* the n-th of the bracket's top half against the n-th of its bottom half */
	CC_DUTCH_WHY_TRANSPOSED, /* the first Dutch order refused by a criterion: the next one that holds */
	CC_DUTCH_WHY_FLOATER     /* a player floated down from a higher score group */
} cc_dutch_why_pair;

/* Why the colours fall as they do (the rules E1-E5). */
typedef enum {
	CC_DUTCH_COLOUR_BOTH_GRANTED, /* E1: both preferences granted */
	CC_DUTCH_COLOUR_STRONGER,     /* E2: the stronger preference granted */
	CC_DUTCH_COLOUR_ALTERNATE,    /* E3: alternate from the last round their colours differed */
	CC_DUTCH_COLOUR_HIGHER_RANK,  /* E4: the higher-ranked player's preference */
	CC_DUTCH_COLOUR_INITIAL       /* E5: by the higher-ranked player's pairing number and the initial colour */
} cc_dutch_why_colour;

typedef struct {
	unsigned white, black; /* indexes into the input's players */
	cc_dutch_why_pair why_pair;
	cc_dutch_why_colour why_colour;
} cc_dutch_board;

typedef struct {
	unsigned nboards;
	bool has_bye;
	unsigned bye; /* index of the player given the pairing-allocated bye */
	cc_dutch_board boards[CC_DUTCH_MAX_PLAYERS / 2];
} cc_dutch_pairing;

/* Pairs the next round. CC_ERR_INVALID (CC_MSG_DUTCH_NO_PAIRING) when no
 * pairing meets the absolute criteria. Boards come in order: the higher
 * score of the two first, then the higher sum, then the better ranked. */
cc_err cc_dutch_pair(const cc_dutch_input *in, cc_dutch_pairing *out, cc_error *err);

/* The Baku acceleration (C.04.5.1, SW-6): sets every player's accel10.
 * Group A is every player ranked at or above its last player, the
 * 2*ceil(n/4)-th by pairing number of the n players of the first round
 * (initial[i]: player i was in it; NULL: every player), so that late
 * entries do not move it. Group A gets one win's points in the first
 * half (rounded up) of the accelerated rounds, one draw's in the rest;
 * the accelerated rounds are the first half (rounded up) of
 * in->total_rounds (none when it is 0). */
void cc_dutch_baku(cc_dutch_input *in, const bool *initial);

/* Which absolute criterion a given pairing of the next round breaks:
 * 0 none, 1 C1 (a pair met before), 2 C2 (a bye not allowed), 3 C3 (a
 * colour). *a and *b name the players (index; b = a for a bye). */
int cc_dutch_absolute_broken(const cc_dutch_input *in, const cc_dutch_pairing *p, unsigned *a, unsigned *b);

#endif
