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
	size_t pairings, finished; /* games (byes included) and those with a result */
} cc_session_event;

typedef struct {
	unsigned round, board;
	char white[CC_NAME_MAX];
	char black[CC_NAME_MAX]; /* "" for a bye */
	bool bye;
	int64_t match_id;        /* 0: not played yet */
	bool over;
	const char *result;      /* "1-0", "0-1", "1/2-1/2", "*" (in play), "" (not started), "bye" */
} cc_session_pairing;

typedef struct {
	cc_club_standing st;
	char name[CC_NAME_MAX];
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

#endif
