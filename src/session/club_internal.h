/*
 * club_internal.h: what the session's club files (club.c, club_events.c,
 * club_forfeits.c, club_corrections.c) share and nothing else sees.
 */
#ifndef CHESSCUBING_SESSION_CLUB_INTERNAL_H
#define CHESSCUBING_SESSION_CLUB_INTERNAL_H

#include "chesscubing/session_club.h"
#include "store.h"

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

#endif
