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
#include "chesscubing/dutch.h"
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

/*
 * A name in printable ASCII for the files whose columns every reader must
 * count alike (the TRF, CL-4.20): each letter the key folds (CL-7.1) is
 * its base letter, keeping its case ("Élodie Œuvre" is "Elodie Oeuvre"),
 * ASCII's printable characters are kept, anything else is '?'. Cut to fit
 * size (with the NUL); text that is not UTF8 gives '?' for each byte past
 * 0x7F.
 */
void cc_club_name_ascii(const char *name, char *out, size_t size);

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
/* A forfeit recorded on a pairing without a game (CL-6.1), or given by a
 * withdrawal (CL-6.3): never rated, never a game won over the board. */
typedef enum {
	CC_CLUB_FORFEIT_NONE,
	CC_CLUB_FORFEIT_WHITE, /* "+/-": White wins by forfeit */
	CC_CLUB_FORFEIT_BLACK, /* "-/+": Black wins by forfeit */
	CC_CLUB_FORFEIT_BOTH   /* "-/-": both lose */
} cc_club_forfeit;

typedef struct {
	uint32_t white, black;
	bool finished;
	double white_score; /* a bye: the bye's value (CL-3.4, CL-6.5) */
	cc_club_forfeit forfeit; /* not NONE: scored by the forfeit, no game (CL-6.1) */
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
	unsigned withdrawn_from; /* 0: not withdrawn; else the first round he misses (CL-6.3) */
	bool cancelled;   /* withdrawn before half his games: results not counted, ranked last (CL-6.3) */
} cc_club_standing;

/*
 * The standings of players seats from the results: out[0..players) sorted
 * best first (points, direct encounter, wins, Sonneborn-Berger; then seat).
 */
void cc_club_standings(unsigned players, const cc_club_result *results, size_t count, cc_club_standing *out);

/* ---- forfeits, withdrawals and byes (CL-6) ------------------------------------- */

/* "+/-", "-/+", "-/-"; "" for none. */
const char *cc_club_forfeit_code(cc_club_forfeit forfeit);
/* The codes above ("none" for none); CC_ERR_INVALID for anything else. */
cc_err cc_club_forfeit_parse(const char *text, cc_club_forfeit *out);

/* A bye's value in half points (CL-6.5): 2 (one point, the default), 1 or 0. */
#define CC_CLUB_BYE_HALVES_DEFAULT 2u
/* "1", "0.5" (or "1/2"), "0" into half points; CC_ERR_INVALID otherwise. */
cc_err cc_club_bye_value_parse(const char *text, unsigned *halves);

/* One pairing as the record has it, for the scoring rules (CL-3.4, CL-6). */
typedef struct {
	unsigned round;
	uint32_t white, black;   /* black CC_CLUB_BYE: the dummy seat's bye */
	bool has_match;          /* a match was created for it */
	bool over;               /* that match has ended */
	cc_winner winner;        /* when over */
	cc_club_forfeit forfeit; /* recorded on it (CL-6.1), with no match */
	bool half_bye[2];        /* White, Black asked for a half-point bye this round (CL-6.4) */
	bool recorded;           /* a result recorded without a match (an imported event's, CL-4.22):
	                          * winner holds it; a game played, scored as one, never rated */
} cc_club_entry;

/* What an event says beside its pairings. */
typedef struct {
	unsigned players;
	unsigned bye_halves;                             /* CL-6.5 */
	unsigned withdrawn_from[CC_CLUB_PLAYERS_MAX];    /* by seat; 0: not withdrawn (CL-6.3) */
	bool swiss;          /* a Swiss (CL-10): a withdrawal never cancels results; a bye entry
	                      * with half_bye[0] is a half-point bye asked for (CL-10.5) */
} cc_club_event_terms;

typedef enum {
	CC_CLUB_OUT_NOT_STARTED, /* no match, nothing recorded */
	CC_CLUB_OUT_IN_PLAY,     /* its match has not ended */
	CC_CLUB_OUT_PLAYED,      /* a game finished over the board */
	CC_CLUB_OUT_FORFEIT,     /* recorded (CL-6.1) or by a withdrawal (CL-6.3) */
	CC_CLUB_OUT_BYE,         /* the dummy seat's bye, its round begun (CL-3.4) */
	CC_CLUB_OUT_BYE_WAITING, /* the dummy seat's bye, its round not begun */
	CC_CLUB_OUT_HALF_BYE,    /* a player of it asked for a half-point bye (CL-6.4) */
	CC_CLUB_OUT_VOID         /* not counted: a withdrawn player's game (CL-6.3) */
} cc_club_outcome;

/* What one pairing gives (cc_club_score). */
typedef struct {
	cc_club_outcome outcome;
	cc_club_forfeit forfeit;  /* OUT_FORFEIT: which */
	bool by_withdrawal;       /* OUT_FORFEIT given by a withdrawal (CL-6.3) */
	bool counted;             /* counts in the standings now (its round begun) */
	double points[2];         /* White's and Black's points from it, when counted */
	bool is_game;             /* one of the event's games (not a bye, CL-6.6) */
	bool finished;            /* a game with its result (over the board or by forfeit) */
} cc_club_scored;

/* Has round r begun: a match created, or a forfeit recorded, on one of its pairings (CL-3.4)? */
bool cc_club_round_begun(const cc_club_entry *e, size_t n, unsigned round);

/*
 * Whether seat's withdrawal from round `from` cancels his results: he then
 * has finished fewer than half his games of the event over the board
 * before that round (CL-6.3).
 */
bool cc_club_withdrawal_cancels(const cc_club_entry *e, size_t n, uint32_t seat, unsigned from);

/* The points a bye gives its player once its round has begun: a
 * half-point bye asked for ½ (CL-6.4, CL-10.5), a pairing-allocated bye
 * the event's value, bye_halves halves (CL-6.5). */
double cc_club_bye_points(unsigned bye_halves, bool half_bye);

/* What each pairing e[0..n) gives under the terms (CL-3.4, CL-6): out[0..n). */
void cc_club_score(const cc_club_event_terms *t, const cc_club_entry *e, size_t n, cc_club_scored *out);

/*
 * The standings of an event from its pairings e[0..n) and what each gives
 * (scored, from cc_club_score), the withdrawals marked: out[0..t->players)
 * as cc_club_standings() sorts them, a cancelled player last; work holds
 * 2n results (a half-point bye gives two).
 */
void cc_club_event_standings(const cc_club_event_terms *t, const cc_club_entry *e, const cc_club_scored *scored,
                             size_t n, cc_club_result *work, cc_club_standing *out);

/* ---- what an event fixes (CL-8) ---------------------------------------------- */

/* An event's terms beside its format and category, as the record has them. */
typedef struct {
	bool fixed;                          /* recorded with them; false: an event of schema 9 or older (CL-8.3) */
	bool closed;                         /* CL-8.4 */
	cc_chess_variant variant;            /* CL-8.1, when fixed */
	int64_t tc_base_ms, tc_increment_ms; /* one Fischer period (CL-8.1's ruling); 0: no clock */
	cc_claims claims;
} cc_club_fixed;

/*
 * May a match on settings s join the event named event, whose fixed terms
 * are f? The caller has checked the format and category (they are the
 * event's). CC_OK, or refused with the first that applies: event_closed
 * (CL-8.4), event_fixed_board, event_fixed_time_control (a clock of other
 * periods or bonus included: the event's one Fischer period is the only
 * one), event_fixed_claims (CL-8.1), each term asked only when s's format
 * has it (game.h's traits); an event not fixed admits any (CL-8.3).
 */
cc_err cc_club_event_admits(const char *event, const cc_club_fixed *f, const cc_match_settings *s, cc_error *err);

/* ---- FIDE tie-breaks for a Swiss and round robins (C.07, 2023; CL-9) -------- */

/* The tie-breaks an event may order (CL-9.1); codes as C.07 names them. */
typedef enum {
	CC_CLUB_TB_BH,     /* "BH": Buchholz */
	CC_CLUB_TB_BH_C1,  /* "BH-C1": Buchholz cut-1 */
	CC_CLUB_TB_BH_M1,  /* "BH-M1": median Buchholz (highest and lowest cut) */
	CC_CLUB_TB_SB,     /* "SB": Sonneborn-Berger */
	CC_CLUB_TB_PS,     /* "PS": progressive score (cumulative) */
	CC_CLUB_TB_DE,     /* "DE": direct encounter */
	CC_CLUB_TB_WIN,    /* "WIN": games won over the board */
	CC_CLUB_TB_BPG,    /* "BPG": games played with Black */
	CC_CLUB_TB_ARO,    /* "ARO": average rating of opponents */
	CC_CLUB_TB_ARO_C1, /* "ARO-C1": the same, the lowest-rated opponent cut */
	CC_CLUB_TB_COUNT
} cc_club_tb;

#define CC_CLUB_TB_LIST_MAX CC_CLUB_TB_COUNT

/* "BH", "BH-C1", ...; its code as above. */
const char *cc_club_tb_code(cc_club_tb tb);
/* A code as above, any case; CC_ERR_INVALID for anything else. */
cc_err cc_club_tb_parse(const char *text, cc_club_tb *out);
/*
 * A comma-separated list of codes ("BH-C1,BH,SB") into out[0..*n), at most
 * CC_CLUB_TB_LIST_MAX; CC_ERR_INVALID for an unknown code, a code twice or
 * an empty list (CL-9.1).
 */
cc_err cc_club_tb_list_parse(const char *text, cc_club_tb *out, size_t *n);
/* out[0..*n) as "BH-C1,BH,SB" into buf. */
void cc_club_tb_list_format(const cc_club_tb *list, size_t n, char *buf, size_t size);

/* A player's tie-break values, by cc_club_tb (DE from his standing). */
typedef struct {
	double value[CC_CLUB_TB_COUNT];
} cc_club_tb_values;

/*
 * The tie-breaks of every seat (out[0..t->players), by seat) over rounds
 * 1..rounds of the event's pairings e[0..n) and what each gives (scored,
 * cc_club_score), with the C.07 rules for unplayed rounds (CL-9.2 to
 * CL-9.5); rating by seat (NULL, or 0 for an unrated player, who then does
 * not count in ARO); DE is the standing's direct encounter (standing, by
 * any order, from cc_club_event_standings).
 */
void cc_club_tiebreaks(const cc_club_event_terms *t, const cc_club_entry *e, const cc_club_scored *scored, size_t n,
                       unsigned rounds, const double *rating, const cc_club_standing *standing, cc_club_tb_values *out);

/*
 * Sorts s[0..players) (from cc_club_event_standings) by cancelled, points,
 * then the tie-breaks order[0..k) (values by seat), then seat, and sets the
 * ranks: equal on points and every tie-break of the order, equal rank
 * (CL-9.1).
 */
void cc_club_tb_rank(unsigned players, cc_club_standing *s, const cc_club_tb_values *values, const cc_club_tb *order,
                     size_t k);

/* ---- Swiss events round by round (CL-10) ------------------------------------ */

/*
 * The pairing numbers of a Swiss (CL-10.2): seats[0..players) ordered by
 * rating[seat] (rating before the event), higher first, then by key[seat]
 * (name keys, CL-1.1), then by seat. order[k] is the seat of number k+1.
 */
void cc_club_swiss_order(unsigned players, const double *rating, const char *const *key, unsigned *order);

/*
 * Has every pairing of round `round` its result (CL-10.3): a game over or
 * forfeited, a bye? *missing (NULL is fine) receives the board of the first
 * that has none (0 when all have one); pairings e[0..n) with scored.
 */
bool cc_club_swiss_round_complete(const cc_club_entry *e, const cc_club_scored *scored, size_t n, unsigned round,
                                  unsigned *missing_board);

/*
 * The Dutch engine's input for round `round` of a Swiss (CL-10.4): player
 * index = seat; number[seat] the pairing number; each seat's history of
 * rounds 1..round-1 from the pairings e[0..n) as scored (results as
 * corrected by the caller, forfeits not played, the PAB at the bye's
 * value, a half-point bye ½, an absence 0); present[seat] whether he is
 * paired this round. win10 10, draw10 5; the top seed has White in round 1.
 */
void cc_club_swiss_input(const cc_club_event_terms *t, const cc_club_entry *e, const cc_club_scored *scored, size_t n,
                         unsigned round, unsigned total_rounds, const unsigned *number, const bool *present,
                         cc_dutch_input *in);

#endif
