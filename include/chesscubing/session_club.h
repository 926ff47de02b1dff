/*
 * session_club.h: the club through the session (rules/club.md): the
 * players registry, the ratings replayed from the record, head-to-head
 * records, round-robin events and their standings. The commands and the
 * screens ask here; none of them touches the store.
 *
 * Ratings are derived from the record (CL-2.7): the counted matches
 * replayed through cc_club_rate() in the order they ended, read from the
 * record's rating cache when it is valid (CL-2.12), replayed otherwise.
 *
 * Memory: lists are malloc'd arrays the caller frees with free(); strings
 * in results are copies or static texts.
 */
#ifndef CHESSCUBING_SESSION_CLUB_H
#define CHESSCUBING_SESSION_CLUB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/club.h"
#include "chesscubing/game.h"
#include "chesscubing/match.h"
#include "chesscubing/session.h"

#define CC_SESSION_FED_MAX CC_RECORD_FED_MAX

/* A registered player (who: as the record has him) and his rating. */
typedef struct {
	cc_record_player who;
	cc_club_rating rating; /* as the replay leaves it */
	cc_club_tier tier;
} cc_session_player;

/* Adds a player (CL-1.1). CC_ERR_INVALID: not a name, or taken. */
cc_err cc_session_club_player_add(cc_session_db *db, const char *name, const char *club, const char *federation_id,
                                  cc_error *err);

/* Renames a player (CL-1.4). CC_ERR_NOT_FOUND, CC_ERR_INVALID. */
cc_err cc_session_club_player_rename(cc_session_db *db, const char *name, const char *new_name, cc_error *err);

/*
 * Keeping the players' list (CL-7), each one logged transaction:
 * merge: gone's matches and seats become keep's, gone leaves the registry,
 * and the ratings are replayed as if they had always been one (CL-7.3);
 * CC_ERR_INVALID when they are one player, played each other or sit in one
 * event (CL-7.4). delete: only a player without matches or events (CL-7.5).
 * edit: club and federation ID, NULL unchanged, "" cleared (CL-7.6).
 * CC_ERR_NOT_FOUND for a name that is no player's.
 */
cc_err cc_session_club_player_merge(cc_session_db *db, const char *keep, const char *gone, cc_error *err);
cc_err cc_session_club_player_delete(cc_session_db *db, const char *name, cc_error *err);
cc_err cc_session_club_player_edit(cc_session_db *db, const char *name, const char *club, const char *federation_id,
                                   cc_error *err);

/* One line of the registry's log (CL-7.6): when (UTC), what ("merge",
 * "delete", "edit"), whom, the duplicate of a merge, an edit's values. */
typedef struct {
	char utc[32];
	char action[16];
	char name[CC_NAME_MAX];
	char other[CC_NAME_MAX];
	char detail[CC_NAME_MAX + CC_SESSION_FED_MAX + 32];
} cc_session_player_change;

/* The registry's log, oldest first (a malloc'd array). */
cc_err cc_session_club_player_log(cc_session_db *db, cc_session_player_change **items, size_t *count, cc_error *err);

/* The rating lists are the core's (cc_club_list, CL-2.10); the list a
 * format counts in is its class's (cc_game_class_of(format)->rating_list). */

/* cc_session_club_players() on the rating list given. */
cc_err cc_session_club_players_of(cc_session_db *db, cc_club_list list, bool by_rating,
                                  cc_session_player **items, size_t *count, cc_error *err);

/* Every player with his ChessCubing rating; by_rating: best first (exact rating, then
 * name), otherwise in the order they were registered. */
cc_err cc_session_club_players(cc_session_db *db, bool by_rating, cc_session_player **items, size_t *count,
                               cc_error *err);

/*
 * The players a name being typed may mean (the setup screen's type-ahead):
 * those whose name, or one of its words, starts with prefix, compared by
 * keys (CL-1.1), by name; every player for a prefix with no key ("").
 */
cc_err cc_session_club_player_search(cc_session_db *db, const char *prefix, cc_session_player **items,
                                     size_t *count, cc_error *err);
/* cc_session_club_player_search() with the ratings of the list given. */
cc_err cc_session_club_player_search_of(cc_session_db *db, cc_club_list list, const char *prefix,
                                        cc_session_player **items, size_t *count, cc_error *err);

/* One player by name, with his ChessCubing rating. CC_ERR_NOT_FOUND. */
cc_err cc_session_club_player(cc_session_db *db, const char *name, cc_session_player *out, cc_error *err);
/* One player by name, with his rating in the list given (CL-2.10). CC_ERR_NOT_FOUND. */
cc_err cc_session_club_player_of(cc_session_db *db, cc_club_list list, const char *name,
                                 cc_session_player *out, cc_error *err);

/* What the club makes of one match. */
typedef struct {
	bool counted;            /* in the ratings (CL-2.1) */
	bool unrated;            /* marked unrated at its creation (CL-2.1) */
	cc_club_count count;     /* CC_CLUB_COUNTS, or why not (CL-2.1); CC_CLUB_UNREGISTERED too when
	                          * the match names no player at all */
	cc_msg why_not;          /* when not counted, the reason said (CC_MSG_CLUB_UNRATED, ...);
	                          * CC_MSG_COUNT when it counts */
	cc_club_change change;   /* when counted */
	bool in_event;
	char event[CC_NAME_MAX];
	unsigned round;
	unsigned board;          /* its pairing's board in the round */
} cc_session_match_club;

/* The club's facts of match id (CL-4.1, CL-4.2). */
cc_err cc_session_club_match(cc_session_db *db, int64_t id, cc_session_match_club *out, cc_error *err);

#define CC_SESSION_H2H_RECENT 5

typedef struct {
	char names[2][CC_NAME_MAX];
	unsigned wins[2];
	unsigned draws;
	size_t recent_count;
	const char *recent[CC_SESSION_H2H_RECENT]; /* "1-0", "0-1", "1/2-1/2", oldest first, first player's side */
} cc_session_h2h;

/* The head-to-head record of two players (CL-2.9). CC_ERR_NOT_FOUND,
 * CC_ERR_INVALID when they are the same player. */
cc_err cc_session_club_h2h(cc_session_db *db, const char *a, const char *b, cc_session_h2h *out, cc_error *err);
/* cc_session_club_h2h() over the games of one rating list (CL-2.10). */
cc_err cc_session_club_h2h_of(cc_session_db *db, cc_club_list list, const char *a, const char *b,
                              cc_session_h2h *out, cc_error *err);

/* ---- events ---------------------------------------------------------------------- */

typedef struct {
	int64_t id;
	char name[CC_NAME_MAX];
	cc_format format;
	cc_category category;
	bool twice;
	char created_utc[32];
	unsigned players;
	unsigned rounds;
	size_t pairings, finished; /* games (byes never: CL-6.6) and those with a result (a forfeit's too) */
	/* CL-8.1: the board, clock and claims its games play with (fixed
	 * false: an event recorded before they were kept); CL-8.4: closed. */
	bool fixed;
	cc_chess_variant variant;
	int64_t tc_base_ms, tc_increment_ms;
	cc_claims claims;
	bool closed;
	char closed_utc[32];
	unsigned bye_halves;       /* a bye's value in half points (CL-6.5) */
	/* CL-10: a Swiss, paired round by round (rounds: those it will have) */
	bool swiss;
	unsigned paired;           /* the last round paired (0: none yet) */
	unsigned published;        /* the last round published (a Swiss's; 0: none) */
	unsigned half_bye_limit;   /* the most half-point byes a player may ask for (0: no limit) */
	/* CL-9.1, CL-9.7: the tie-breaks its standings order after the points:
	 * the event's own list (tiebreaks_chosen) or its system's default.
	 * Filled by cc_session_club_event and the standings. */
	bool tiebreaks_chosen;
	size_t tiebreak_count;
	cc_club_tb tiebreaks[CC_CLUB_TB_LIST_MAX];
} cc_session_event;

typedef struct {
	unsigned round, board;
	char white[CC_NAME_MAX];
	char black[CC_NAME_MAX]; /* "" for a bye */
	bool bye;
	int64_t match_id;        /* 0: not played yet */
	bool over;
	/* "1-0", "0-1", "1/2-1/2", "*" (in play), "" (not started), "bye";
	 * CL-6: "+/-", "-/+", "-/-" (a forfeit, recorded or by a withdrawal),
	 * "bye 1/2-1" (a half-point bye asked for: each player's points),
	 * "(1-0)" or "void" (a game of a withdrawn player not counted) */
	const char *result;
	/* CL-6: what the pairing gives, as the core scores it (cc_club_score).
	 * A forfeit has no match (match_id 0): read it from forfeit, and its
	 * text from cc_club_forfeit_code(forfeit). */
	cc_club_outcome outcome;
	cc_club_forfeit forfeit;   /* OUT_FORFEIT: which */
	bool by_withdrawal;        /* that forfeit comes from a withdrawal (CL-6.3) */
	bool counted;              /* counts in the standings now */
	double points[2];          /* White's and Black's points from it, when counted */
	bool unpublished;          /* a Swiss's round paired, not published: offered nowhere (CL-10.6) */
} cc_session_pairing;

typedef struct {
	cc_club_standing st;
	char name[CC_NAME_MAX];
	cc_club_tb_values tb;    /* his tie-breaks by code (CL-9.3 to CL-9.5; DE, WIN, SB CL-3.5's by default) */
} cc_session_standing;

/*
 * Creates a round robin of the registered players named (2 to
 * CC_CLUB_PLAYERS_MAX, seat order as given) paired by the Berger tables
 * (CL-3.1, CL-3.2). CC_ERR_NOT_FOUND for a name not registered,
 * CC_ERR_INVALID for a count out of range, a player named twice, or a
 * name taken by another event.
 */
cc_err cc_session_club_event_create(cc_session_db *db, const char *name, const char *const *players, unsigned count,
                                    bool twice, cc_format format, cc_category category, cc_error *err);

/* ---- what an event fixes (CL-8) ---- */

/* The terms an arbiter names at an event's creation (CL-8.1, CL-8.2). */
enum {
	CC_SESSION_TERM_CATEGORY = 1u << 0,
	CC_SESSION_TERM_VARIANT = 1u << 1,
	CC_SESSION_TERM_TIME_CONTROL = 1u << 2,
	CC_SESSION_TERM_CLAIMS = 1u << 3
};
typedef struct {
	cc_format format;
	cc_category category;
	cc_chess_variant variant;
	int64_t tc_base_ms, tc_increment_ms; /* 0: no clock */
	cc_claims claims;
	unsigned given; /* CC_SESSION_TERM_*: those named; the others keep the defaults */
} cc_session_event_terms;

/* The terms of an event nobody named: the core's default game (CL-8.1). */
void cc_session_event_terms_default(cc_session_event_terms *terms);

/*
 * cc_session_club_event_create() with every term the event fixes (CL-8.1).
 * CC_ERR_INVALID (CC_MSG_EVENT_TERM_NOT_FORMAT) for a term named that its
 * format has not (CL-8.2: "chess fast"), and the errors above.
 */
cc_err cc_session_club_event_create_fixed(cc_session_db *db, const char *name, const char *const *players,
                                          unsigned count, bool twice, const cc_session_event_terms *terms,
                                          cc_error *err);

/* Closes an event (CL-8.4): no console offers it, no match joins it.
 * CC_ERR_NOT_FOUND. */
cc_err cc_session_club_event_close(cc_session_db *db, const char *name, cc_error *err);

/* Deletes an event that no match plays (CL-8.4); CC_ERR_INVALID
 * (CC_MSG_EVENT_HAS_GAMES) otherwise. CC_ERR_NOT_FOUND. */
cc_err cc_session_club_event_delete(cc_session_db *db, const char *name, cc_error *err);

/* Takes the match off a pairing with its reason (CL-8.5); one with a
 * result only when confirmed. *match_id: the match taken off. */
cc_err cc_session_club_event_cancel(cc_session_db *db, const char *name, unsigned round, unsigned board,
                                    const char *reason, bool confirmed, int64_t *match_id, cc_error *err);

/* The cancellations of an event, oldest first (a malloc'd array). */
typedef struct {
	unsigned round, board;
	int64_t match_id;
	bool had_result;
	char reason[256];
	char at_utc[32];
} cc_session_cancel;
cc_err cc_session_club_event_cancels(cc_session_db *db, const char *name, cc_session_cancel **items, size_t *count,
                                     cc_error *err);

/* Every event, oldest first. */
cc_err cc_session_club_events(cc_session_db *db, cc_session_event **items, size_t *count, cc_error *err);

/* One event and its pairings, round by round. CC_ERR_NOT_FOUND. */
cc_err cc_session_club_event(cc_session_db *db, const char *name, cc_session_event *event,
                             cc_session_pairing **pairings, size_t *count, cc_error *err);

/* An unplayed pairing a console may start (CL-3.6), with its event's terms. */
typedef struct {
	char event[CC_NAME_MAX];
	cc_format format;
	cc_category category;
	cc_session_pairing pairing;
	/* CL-8.1: what else the event fixes (fixed false: nothing more) */
	bool fixed;
	cc_chess_variant variant;
	int64_t tc_base_ms, tc_increment_ms;
	cc_claims claims;
} cc_session_offer;

/*
 * The pairings the setup screen offers (CL-3.6): every unplayed pairing
 * (not a bye, no match yet) of every open event, the newest event first,
 * each event's in round and board order; the first is the one offered.
 */
cc_err cc_session_club_offers(cc_session_db *db, cc_session_offer **items, size_t *count, cc_error *err);

/* The standings of an event (CL-3.4, CL-3.5): out holds
 * CC_CLUB_PLAYERS_MAX entries, *count receives the number of players. */
cc_err cc_session_club_standings(cc_session_db *db, const char *name, cc_session_event *event,
                                 cc_session_standing *out, unsigned *count, cc_error *err);

/* Both at one read (what the director's view asks at every poll): the
 * event, its pairings (as cc_session_club_event: *pairings malloc'd, the
 * caller frees it) and its standings (as cc_session_club_standings). On
 * an error *pairings is NULL. */
cc_err cc_session_club_event_standings(cc_session_db *db, const char *name, cc_session_event *event,
                                       cc_session_pairing **pairings, size_t *pairing_count,
                                       cc_session_standing *out, unsigned *count, cc_error *err);

/* ---- club corrections (issue 22, rules/club.md CL-5.3..CL-5.7) --------------------
 * An arbiter corrects a finished game's result and/or its rated flag
 * without reopening it: a correction kept beside the game (its events and
 * clocks untouched), with who, when and why, logged and undoable. The
 * ratings, the standings and the event's table take the corrected result
 * in the game's own place in the order of play (CL-2.7, CL-5.7). Made from
 * any process while consoles run, refused while one has the match open
 * (CL-5.1). */
typedef cc_record_correction cc_session_correction;

/*
 * Records correction c (match_id, sets_result/winner, sets_rated/rated,
 * why, by; dated now by db's clock). Errors, nothing recorded:
 * CC_ERR_LOCKED (CC_MSG_MATCH_LOCKED: a console has it open),
 * CC_ERR_NOT_FOUND, CC_ERR_INVALID (CC_MSG_CORRECTION_NEEDS_REASON,
 * CC_MSG_CORRECTION_SETS_NOTHING, CC_MSG_CORRECTION_NOT_OVER), CC_ERR_STORE.
 */
cc_err cc_session_club_correct(cc_session_db *db, const cc_session_correction *c, int64_t *id, cc_error *err);

/* Undoes the latest standing correction of match_id (CL-5.5), by `by`,
 * now; *undone (NULL is fine) receives it. CC_ERR_NOT_FOUND
 * (CC_MSG_NO_CORRECTION_TO_UNDO), CC_ERR_LOCKED, CC_ERR_STORE. */
cc_err cc_session_club_correct_undo(cc_session_db *db, int64_t match_id, const char *by,
                                    cc_session_correction *undone, cc_error *err);

/* The result the club gives finished match id (CL-5.3, CL-5.8): *winner,
 * the result as played on entry, becomes the one set by the latest
 * standing correction that sets a result (unchanged when none does); *by
 * (NULL is fine) receives that correction, its id 0 when none. The caller
 * asks it of a match that is over (CL-5.5: a game reopened is as played). */
cc_err cc_session_club_corrected_result(cc_session_db *db, int64_t id, cc_winner *winner,
                                       cc_session_correction *by, cc_error *err);

/* Every correction of match_id, undone ones included, oldest first (a
 * malloc'd array the caller frees; NULL when none). */
cc_err cc_session_club_corrections(cc_session_db *db, int64_t match_id, cc_session_correction **items,
                                   size_t *count, cc_error *err);
/*
 * CL-8.6: is a player of pairing offer still playing another pairing of
 * an event (its match begun and not over)? CC_OK with *busy false when
 * not; with *busy true, err holds the warning (CC_MSG_PLAYER_ON_TWO_BOARDS:
 * the player, round, board and match) for the console to say.
 */
cc_err cc_session_club_two_boards(cc_session_db *db, const cc_session_offer *offer, bool *busy, cc_error *err);
/* ---- forfeits, withdrawals and byes (CL-6) --------------------------------------- */

/* Records forfeit f (CC_CLUB_FORFEIT_NONE: clears one) on pairing (round,
 * board) of event name, which has no match (CL-6.1): never rated, never a
 * game won. CC_ERR_NOT_FOUND, CC_ERR_INVALID (no such pairing, a bye),
 * CC_ERR_LOCKED (a match was created for it). */
cc_err cc_session_club_event_forfeit(cc_session_db *db, const char *name, unsigned round, unsigned board,
                                     cc_club_forfeit f, cc_error *err);

/* What a withdrawal did (CL-6.3). */
typedef struct {
	unsigned from_round;  /* the first round he misses */
	bool cancelled;       /* fewer than half his games played: his results are not counted */
	unsigned forfeits;    /* otherwise, his games lost by forfeit from then on */
} cc_session_withdrawal;

/* Withdraws player from event name from round from_round on (0: his
 * first round with nothing recorded yet) (CL-6.3). CC_ERR_NOT_FOUND,
 * CC_ERR_INVALID (no such round, his game of a later round has a match or
 * a result, withdrawn already). */
cc_err cc_session_club_event_withdraw(cc_session_db *db, const char *name, const char *player, unsigned from_round,
                                      cc_session_withdrawal *out, cc_error *err);

/* Gives player a half-point bye in round (CL-6.4): not his dummy bye,
 * before his game of that round has a match or a result. */
cc_err cc_session_club_event_half_bye(cc_session_db *db, const char *name, const char *player, unsigned round,
                                      cc_error *err);

/* A late entry (CL-6.7): player takes the free seat of an odd round robin
 * before its first game; refused with the reason otherwise. */
cc_err cc_session_club_event_enter(cc_session_db *db, const char *name, const char *player, cc_error *err);

/* Sets event name's bye value (2, 1, 0 half points: CL-6.5), before its first game. */
cc_err cc_session_club_event_bye_value(cc_session_db *db, const char *name, unsigned halves, cc_error *err);

/* ---- Swiss events round by round (rules/club.md CL-10: club_swiss.c) ------------ */

/*
 * Creates a Swiss of the registered players named (2 to
 * CC_CLUB_PLAYERS_MAX), rounds rounds (1 to CC_DUTCH_MAX_ROUNDS), at most
 * half_bye_limit half-point byes a player (0: no limit), on terms, with no
 * pairing yet (CL-10.1). Errors as cc_session_club_event_create_fixed(),
 * CC_MSG_SWISS_SIZE, CC_MSG_SWISS_ROUNDS.
 */
cc_err cc_session_club_swiss_create(cc_session_db *db, const char *name, const char *const *players, unsigned count,
                                    unsigned rounds, unsigned half_bye_limit, const cc_session_event_terms *terms,
                                    cc_error *err);

/* What the Dutch engine was given and said for one round (CL-10.4): the
 * input and pairing by input index, which is the seat; names[seat]. A
 * large value: the caller allocates it. */
typedef struct {
	unsigned round;
	cc_dutch_input in;
	cc_dutch_pairing pairing;
	char names[CC_CLUB_PLAYERS_MAX][CC_NAME_MAX];
	bool as_recorded; /* the pairing is the round's as recorded (explain: false when a
	                   * withdrawal or a correction since changed what the engine says) */
} cc_session_swiss_round;

/*
 * Pairs the next round of Swiss name by the Dutch system (CL-10.3,
 * CL-10.4); with again, pairs the round paired and not published once more
 * (CL-10.6). out (NULL is fine) receives the engine's input and pairing.
 * CC_ERR_NOT_FOUND; CC_ERR_INVALID: CC_MSG_SWISS_NOT_SWISS,
 * SWISS_UNPUBLISHED (a round waits to be published), SWISS_ROUND_INCOMPLETE,
 * SWISS_ALL_PAIRED, SWISS_PUBLISHED (again on a published round),
 * SWISS_NOTHING_TO_PUBLISH (again with nothing paired), DUTCH_NO_PAIRING.
 */
cc_err cc_session_club_swiss_pair(cc_session_db *db, const char *name, bool again, cc_session_swiss_round *out,
                                  cc_error *err);

/* The engine's input and pairing of the last round paired, computed again
 * from the record as it stands, nothing written (`event pair --explain`
 * after the pairing): out->as_recorded says whether it is the pairing
 * recorded. CC_MSG_SWISS_NOT_SWISS, SWISS_NOTHING_PAIRED. */
cc_err cc_session_club_swiss_explain(cc_session_db *db, const char *name, cc_session_swiss_round *out,
                                     cc_error *err);

/* Keeps, in place, the pairings of p[0..n) that are published (CL-10.6:
 * what the director's view and the web page show); returns their count. */
size_t cc_session_club_published(cc_session_pairing *p, size_t n);

/* Publishes the round paired and not published (CL-10.6); *round (NULL is
 * fine) receives it. CC_MSG_SWISS_NOT_SWISS, SWISS_NOTHING_TO_PUBLISH. */
cc_err cc_session_club_swiss_publish(cc_session_db *db, const char *name, unsigned *round, cc_error *err);

/* An absence announced for round of a Swiss (CL-10.5): not paired, 0
 * points. CC_MSG_SWISS_ROUND_PAIRED (its round paired already),
 * SWISS_ABSENT_ALREADY, EVENT_NO_SUCH_ROUND, NOT_PLAYER_OF_EVENT. */
cc_err cc_session_club_event_absent(cc_session_db *db, const char *name, const char *player, unsigned round,
                                    cc_error *err);
/* ---- the tie-breaks an event orders (CL-9.1, CL-9.6, CL-9.7; club_tiebreak_order.c) ---- */

/* The order of an event that chooses none: a round robin's CL-3.5 (DE,
 * WIN, SB), a Swiss's CL-9.7 (BH-C1, BH, SB, DE, WIN). */
void cc_session_club_tb_default(bool swiss, cc_club_tb *order, size_t *n);
/* A round robin with no list of its own: its standings are CL-3.5's, with
 * their own column names (direct, wins, sonneborn_berger). */
bool cc_session_club_tb_classic(const cc_session_event *e);

/* What `event tiebreaks` changed: the order before and after ("DE,WIN,SB"). */
typedef struct {
	char event[CC_NAME_MAX];
	char was[128], now[128];
	bool was_chosen, now_chosen; /* false: the system's default */
} cc_session_tb_change;

/*
 * Sets event name's tie-break order to list ("BH-C1,BH,SB"; NULL or "":
 * back to its system's default), at any time (CL-9.6: it changes only how
 * ties are ranked); *change (NULL is fine) says the order before and
 * after. CC_ERR_INVALID (CC_MSG_BAD_TIEBREAKS), CC_ERR_NOT_FOUND.
 */
cc_err cc_session_club_event_set_tiebreaks(cc_session_db *db, const char *name, const char *list,
                                           cc_session_tb_change *change, cc_error *err);

/* Tie-break tb of a standing as every output writes it (CL-9.6): points
 * to a half ("12.5"), SB to a quarter ("10.25"), counts and ARO whole,
 * point decimals; "" for a DE that does not apply. */
void cc_session_club_tb_value(const cc_club_standing *st, const cc_club_tb_values *v, cc_club_tb tb, char *buf,
                              size_t size);
/* Its English name ("Buchholz cut-1"), a msgid of the catalogue. */
const char *cc_session_club_tb_name(cc_club_tb tb);
/* The legend of e's order in lang (NULL: English): "BH-C1 Buchholz cut-1, BH Buchholz, ...". */
void cc_session_club_tb_legend(const cc_lang *lang, const cc_session_event *e, char *buf, size_t size);
/* The order's columns for a screen, " %6s" each: row's values in lang's
 * decimals ("-" for a DE that does not apply), or the codes when row is NULL. */
void cc_session_club_tb_columns(const cc_lang *lang, const cc_session_event *e, const cc_session_standing *row,
                                char *buf, size_t size);

#endif
