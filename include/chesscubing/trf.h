/*
 * trf.h: reading a FIDE TRF16 tournament report (the text file every
 * pairing program exchanges), as the endorsed pairing engines read it.
 *
 * Owns: the parse of the 001 player lines (pairing number, name, rating,
 * points, and each round's opponent, colour and result cell), XXR (the
 * number of rounds), XXC (white1 / black1: the top seed's first colour;
 * rank: the rank column orders the players), the point-system lines
 * (BBW BBD BBL BBZ BBF BBU, XXS), XXA (a player's acceleration, round by
 * round) and 192 (the tournament type: FIDE_DUTCH_BAKU). Other lines are
 * skipped. Columns are counted in characters (UTF-8), as TRF means them.
 * Never does I/O: the caller hands the text. The result is a plain value
 * the caller owns (large: allocate it; it holds no pointers).
 *
 * Errors: CC_ERR_INVALID with a message id and err->line the line refused.
 */
#ifndef CHESSCUBING_TRF_H
#define CHESSCUBING_TRF_H

#include <stdbool.h>
#include <stddef.h>

#include "chesscubing/common.h"

#define CC_TRF_MAX_PLAYERS 512
#define CC_TRF_MAX_ROUNDS 40
#define CC_TRF_NAME_MAX 68

/* One round cell's result letter, as TRF16 spells it. */
typedef enum {
	CC_TRF_RESULT_NONE,      /* blank: not played, no result (yet) */
	CC_TRF_RESULT_WIN,       /* 1 */
	CC_TRF_RESULT_DRAW,      /* = */
	CC_TRF_RESULT_LOSS,      /* 0 */
	CC_TRF_RESULT_FORFEIT_WIN,  /* + */
	CC_TRF_RESULT_FORFEIT_LOSS, /* - */
	CC_TRF_RESULT_UNRATED_WIN,  /* W */
	CC_TRF_RESULT_UNRATED_DRAW, /* D */
	CC_TRF_RESULT_UNRATED_LOSS, /* L */
	CC_TRF_RESULT_HALF_BYE,  /* H */
	CC_TRF_RESULT_FULL_BYE,  /* F */
	CC_TRF_RESULT_PAB,       /* U: the pairing-allocated bye */
	CC_TRF_RESULT_ZERO_BYE   /* Z */
} cc_trf_result;

typedef enum { CC_TRF_COLOUR_NONE, CC_TRF_COLOUR_WHITE, CC_TRF_COLOUR_BLACK } cc_trf_colour;

typedef struct {
	unsigned opponent; /* pairing number, 0: none (0000 or blank) */
	cc_trf_colour colour;
	cc_trf_result result;
	bool empty; /* the whole cell blank: the player took no part */
} cc_trf_cell;

typedef struct {
	unsigned id;     /* pairing number, 1..9999 */
	unsigned rating; /* 0: none */
	unsigned rank;   /* the rank column, 0: none */
	int points10;    /* the points column in tenths */
	char name[CC_TRF_NAME_MAX];
	cc_trf_cell cells[CC_TRF_MAX_ROUNDS];
} cc_trf_player;

typedef struct {
	unsigned nplayers;
	unsigned ncells;        /* the most round cells any player line holds */
	unsigned total_rounds;  /* XXR, 0: not given */
	cc_trf_colour initial_colour; /* XXC white1/black1, NONE when not given */
	bool use_rank;          /* XXC rank */
	bool accelerated;       /* an XXA line was read */
	bool baku;              /* 192 FIDE_DUTCH_BAKU (or _2025_BAKU): the Baku acceleration */
	unsigned naccel;        /* XXA lines read, in accel */
	/* points in tenths: win, draw, loss, zero-point bye, forfeit loss, PAB */
	int win10, draw10, loss10, zero_bye10, forfeit_loss10, pab10;
	cc_trf_player players[CC_TRF_MAX_PLAYERS];
	struct {
		unsigned id;      /* the player's pairing number */
		unsigned rounds;  /* values given, from round 1 */
		int points10[CC_TRF_MAX_ROUNDS]; /* virtual points for pairing each round, in tenths */
	} accel[CC_TRF_MAX_PLAYERS]; /* XXA: "XXA NNNN" then a 4-column value every 5 columns from 10 */
} cc_trf;

/* Parses text (len bytes, need not end in NUL) into *out.
 * CC_ERR_INVALID (CC_MSG_TRF_*, err->line set) on a line it cannot read. */
cc_err cc_trf_parse(cc_trf *out, const char *text, size_t len, cc_error *err);

/* The player whose pairing number is id, or NULL. */
const cc_trf_player *cc_trf_find(const cc_trf *trf, unsigned id);

/* The points a cell gives under trf's point system, in tenths. */
int cc_trf_cell_points10(const cc_trf *trf, const cc_trf_cell *cell);

/* Whether a cell is a game played over the board (1 = 0 W D L with colour). */
bool cc_trf_cell_played(const cc_trf_cell *cell);

#endif
