/*
 * club.h: the club's arithmetic: player names as the registry compares
 * them, Elo ratings with their K factors and tiers, Berger round-robin
 * pairings, and round-robin standings with FIDE tie-breaks (rules/club.md,
 * clauses CL-*).
 *
 * Owns: pure functions over caller-owned arrays. Players are numbered by
 * the caller (an index into its own arrays); this module knows no name and
 * no database, and of a match only the facts the caller gives it (its end,
 * its terms, its rating list): which matches count (CL-2.1), what they
 * score (CL-2.5) and whom they name (CL-2.11) are decided here.
 *
 * Never: does I/O, reads a clock, allocates or keeps global state. The
 * ratings are the replay of the record through cc_club_rate() (CL-2.7),
 * which the store keeps up to date event by event (CL-2.12).
 */
#ifndef CHESSCUBING_CLUB_H
#define CHESSCUBING_CLUB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/common.h"
#include "chesscubing/match.h"

/* ---- names ------------------------------------------------------------------ */

#define CC_CLUB_KEY_MAX 256 /* a folded key of a CC_NAME_MAX name fits: at most 3 bytes per byte */

/*
 * The key two names are compared by (CL-1.1): spaces at either end dropped,
 * runs of spaces made one, letters case-folded (ASCII, Latin-1, Latin
 * Extended-A and Additional, Greek, Cyrillic; 'ß' and 'ẞ' fold to "ss").
 * CC_ERR_INVALID when name is not one line of UTF8, is empty once trimmed,
 * or its key does not fit in size bytes.
 */
cc_err cc_club_name_key(const char *name, char *key, size_t size);

/* ---- ratings (CL-2) ----------------------------------------------------------- */

#define CC_CLUB_START_RATING 1000.0 /* CL-2.2 */
#define CC_CLUB_K_NEW 40.0          /* CL-2.4: a player's first 10 rated matches */
#define CC_CLUB_K 24.0              /* CL-2.4: afterwards */
#define CC_CLUB_NEW_GAMES 10

typedef enum {
	CC_CLUB_TIER_BRONZE,   /* below 950 */
	CC_CLUB_TIER_SILVER,   /* 950+ */
	CC_CLUB_TIER_GOLD,     /* 1050+ */
	CC_CLUB_TIER_PLATINUM, /* 1200+ */
	CC_CLUB_TIER_DIAMOND   /* 1400+ */
} cc_club_tier;

/* One player's rating as the replay leaves it. */
typedef struct {
	double rating;       /* exact (CL-2.6) */
	unsigned games;      /* rated matches counted */
	unsigned wins, draws, losses;
	double last_change;  /* of the last rated match, 0 before any */
} cc_club_rating;

/* One rated match: players by the caller's numbers, White's score (1, ½, 0). */
typedef struct {
	size_t white, black;
	double white_score;
} cc_club_game;

/* The two ratings before and after one rated match. */
typedef struct {
	double white_before, black_before;
	double white_after, black_after;
	double white_k, black_k;
} cc_club_change;

/* Sets every rating of r[0..n) to its start (CL-2.2). */
void cc_club_ratings_init(cc_club_rating *r, size_t n);

/* The expected score of a player rated r against one rated ro (CL-2.3). */
double cc_club_expected(double r, double ro);

/* The K factor of a player who has played games rated matches before this one (CL-2.4). */
double cc_club_k(unsigned games);

/* Rates game g (white != black): updates both players of r, says the change
 * when change is not NULL (CL-2.4 to CL-2.6). */
void cc_club_rate(cc_club_rating *r, const cc_club_game *g, cc_club_change *change);

/* A rating as shown: the nearest integer, halves away from zero (CL-2.6). */
long cc_club_shown(double rating);

/* The tier of a rating, by its shown value (CL-2.8). */
cc_club_tier cc_club_tier_of(double rating);

/* "bronze", "silver", "gold", "platinum", "diamond". */
const char *cc_club_tier_name(cc_club_tier tier);

/*
 * The rating lists (CL-2.10): ChessCubing's (Twice and Time), the plain
 * chess game's and Chess-Uno's, each replayed from its own games only. The
 * list a format counts in is its game class's (game.h).
 */
typedef enum { CC_CLUB_LIST_CHESSCUBING, CC_CLUB_LIST_UNO, CC_CLUB_LIST_CHESS } cc_club_list;

/* "chesscubing", "uno", "chess". */
const char *cc_club_list_name(cc_club_list list);
/* The names above; CC_ERR_INVALID for anything else. */
cc_err cc_club_list_parse(const char *text, cc_club_list *out);

/* Whether a match counts for the ratings of a list (CL-2.1, CL-2.10), or why not. */
typedef enum {
	CC_CLUB_COUNTS,
	CC_CLUB_NOT_FINISHED,
	CC_CLUB_UNRATED,          /* marked unrated at its creation, or named no one (CL-2.11) */
	CC_CLUB_AGAINST_HIMSELF,
	CC_CLUB_UNREGISTERED,     /* a player is not in the registry */
	CC_CLUB_OTHER_LIST        /* it counts in another game's list */
} cc_club_count;

/* What the club knows of one match. */
typedef struct {
	bool over;
	bool rated;
	bool same_player;                      /* White and Black are one registered player */
	bool white_registered, black_registered;
	cc_club_list list;                     /* its game's list */
} cc_club_match_facts;

/* Does match m count in list (CL-2.1, CL-2.10)? The first reason it does not. */
cc_club_count cc_club_counts(const cc_club_match_facts *m, cc_club_list list);

/* "counts", "not finished", "unrated", "a player against himself",
 * "a player is not registered", "in the other rating list". */
const char *cc_club_count_name(cc_club_count count);

/* White's score S (CL-2.5): a win 1, a loss 0 whatever the reason (a
 * resignation, an arbiter's decision for the other), no winner ½. */
double cc_club_white_score(cc_winner winner);

/* What a new match is to the club. */
typedef struct {
	bool rated;          /* counts for the ratings once finished (CL-2.1) */
	bool names_players;  /* its names are players of the registry (CL-1.2) */
} cc_club_terms;

/*
 * The terms of a match created marked_unrated or not, with placeholder[side]
 * true when that player's field still held the setup form's placeholder:
 * then it is unrated and names no one (CL-2.11).
 */
cc_club_terms cc_club_terms_of(bool marked_unrated, const bool placeholder[2]);

/* ---- Berger round robins (CL-3.1, CL-3.2) ------------------------------------ */

#define CC_CLUB_PLAYERS_MAX 64
#define CC_CLUB_BYE UINT32_MAX /* the black seat of a bye */

/* One pairing: seats are numbered from 0 as the players were listed. */
typedef struct {
	unsigned round; /* from 1 */
	unsigned board; /* from 1 in its round */
	uint32_t white, black; /* black == CC_CLUB_BYE: white has a bye */
} cc_club_pairing;

/* How many pairings (byes included) a round robin of players has. */
size_t cc_club_berger_count(unsigned players, bool twice);

/* How many rounds. */
unsigned cc_club_berger_rounds(unsigned players, bool twice);

/*
 * The pairings of a round robin of players (2..CC_CLUB_PLAYERS_MAX) in the
 * order of the Berger tables, round by round; with twice, a second cycle
 * with the colours reversed. out holds cc_club_berger_count() entries.
 * CC_ERR_INVALID for a count out of range.
 */
cc_err cc_club_berger(unsigned players, bool twice, cc_club_pairing *out, size_t cap, cc_error *err);

/* ---- standings (CL-3.4, CL-3.5) ------------------------------------------------- */

/* One game of the event: played (finished) or not; a bye has black CC_CLUB_BYE. */
typedef struct {
	uint32_t white, black;
	bool finished;
	double white_score;
} cc_club_result;

typedef struct {
	uint32_t player;  /* seat */
	double points;    /* win 1, draw ½, bye 1 */
	double direct;    /* points among the tied players, when they all met */
	bool direct_used; /* the direct encounter applied to this player's group */
	unsigned wins;    /* games won over the board */
	double sb;        /* Sonneborn-Berger */
	unsigned played;  /* finished games (byes not counted) */
	unsigned rank;    /* from 1; equal on every criterion, equal rank */
} cc_club_standing;

/*
 * The standings of players seats from the results: out[0..players) sorted
 * best first (points, direct encounter, wins, Sonneborn-Berger; then seat).
 */
void cc_club_standings(unsigned players, const cc_club_result *results, size_t count, cc_club_standing *out);

#endif
