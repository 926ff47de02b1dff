/*
 * club_internal.h: what the session's club files (club.c, club_players.c,
 * club_events.c, club_forfeits.c, club_corrections.c) share and nothing else sees.
 */
#ifndef CHESSCUBING_SESSION_CLUB_INTERNAL_H
#define CHESSCUBING_SESSION_CLUB_INTERNAL_H

#include "chesscubing/session_club.h"
#include "store.h"

/* The ratings replayed (club.c): the players by id, the matches in the
 * order they ended (CL-2.7) and what each gave. */
typedef struct {
	cc_store_player *players; /* by id */
	size_t n;
	cc_club_rating *ratings;  /* one per player */
	cc_store_club_match *matches;
	size_t m;
	bool *counted;            /* one per match */
	cc_club_change *changes;  /* one per match, when counted */
	cc_club_list list; /* the games it rates */
} cc_session_club_replay;

/* Replays list's ratings from the record into rp (freed by the caller with
 * cc_session_club_replay_free, also on failure). CC_ERR_STORE, CC_ERR_NOMEM. */
cc_err cc_session_club_replay_list(cc_session_db *db, cc_session_club_replay *rp, cc_club_list list, cc_error *err);
void cc_session_club_replay_free(cc_session_club_replay *rp);
/* The index of player id in rp, or rp->n when he is not registered. */
size_t cc_session_club_replay_index(const cc_session_club_replay *rp, int64_t id);
/* Player i of rp with his rating and tier. */
void cc_session_club_replay_player(const cc_session_club_replay *rp, size_t i, cc_session_player *out);
/* Is the record's rating cache there to read (CL-2.12)? */
bool cc_session_club_cached(cc_session_db *db);

/* What the core was given and said of an event's pairings (for its standings). */
typedef struct {
	cc_club_event_terms terms;
	cc_club_entry *entries;  /* malloc'd, one per pairing */
	cc_club_scored *scored;  /* malloc'd, one per pairing */
} cc_session_club_scoring;

/* The pairings of event e with their players' names and results, scored
 * by the core (CL-3.4, CL-6): forfeits, withdrawals, byes. With sc, the
 * core's input and output are kept there (the caller frees them). */
cc_err cc_session_club_pairings_scored(cc_session_db *db, const cc_store_event *e, const int64_t *ids,
                                       cc_session_pairing **out, size_t *count, cc_session_event *summary,
                                       cc_session_club_scoring *sc, cc_error *err);

/* An event's record without its pairings' rules (club_events.c): the
 * players named, checked, and the terms; a round robin's Berger pairings
 * unless swiss, a Swiss's rounds (CL-10.1: no pairings at its creation,
 * recorded with the event in one transaction). *id: the new event. */
cc_err cc_session_club_event_insert(cc_session_db *db, const char *name, const char *const *players, unsigned count,
                                    bool twice, const cc_session_event_terms *terms, const cc_store_swiss *swiss,
                                    int64_t *id, cc_error *err);

/* A Swiss's half-point bye (CL-10.5) and late entry (CL-10.7) (club_swiss.c),
 * which cc_session_club_event_half_bye and _enter hand a Swiss to. */
cc_err cc_session_club_swiss_half_bye(cc_session_db *db, const char *name, const char *player, unsigned round,
                                      cc_error *err);
cc_err cc_session_club_swiss_enter(cc_session_db *db, const char *name, int64_t player_id, const char *shown,
                                   cc_error *err);
/* Event id's tie-break order (its own, or its system's default) into
 * event (club_tiebreak_order.c, CL-9.1). */
cc_err cc_session_club_tb_load(cc_session_db *db, int64_t id, cc_session_event *event, cc_error *err);
/* The tie-breaks of out[0..players) (CL-3.5's standings) from the scored
 * pairings sc (n), and, unless the event keeps CL-3.5 (a round robin with
 * no list), the ranks by event's order (CL-9.1). */
void cc_session_club_tb_rank(cc_session_db *db, const cc_session_event *event, const cc_session_club_scoring *sc,
                             size_t n, cc_session_standing *out, unsigned players);

/* Each seat's rating before the event e (CL-10.2, CL-4.8): the rating, in
 * the event's list, his first counted game of the event met, else his
 * rating now; rating holds e->players. club_swiss.c; the Swiss's pairing
 * numbers and the ARO tie-breaks read it. CC_ERR_STORE, CC_ERR_NOMEM. */
cc_err cc_session_club_ratings_before(cc_session_db *db, const cc_store_event *e, const int64_t *ids, double *rating,
                                      cc_error *err);

#endif
