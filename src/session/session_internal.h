/*
 * session_internal.h: what the session's own files (club.c, export.c)
 * share and no front end sees: the store behind a record handle.
 */
#ifndef CHESSCUBING_SESSION_INTERNAL_H
#define CHESSCUBING_SESSION_INTERNAL_H

#include "chesscubing/session.h"
#include "store.h"

/* The store of db, borrowed for db's life. */
cc_store *cc_session_db_store(cc_session_db *db);

/* The path of the record db opened, borrowed for db's life. */
const char *cc_session_db_path(const cc_session_db *db);
/* The mode of a file written beside the record (the timers' and serve's
 * side files, the scramble sheet): the record's own, as SQLite gives its
 * -wal and -shm (RE-3.7), so the file is as private as the record is
 * (0600 for a new one: RE-3.3) and a record shared with a group shares its
 * side files with it; always the owner's to read and write; 0600 when the
 * record cannot be read. */
unsigned cc_session_db_side_mode(const cc_session_db *db);

/* The record handle s was made with; NULL when nothing is recorded. */
cc_session_db *cc_session_db_of(const cc_session *s);

/* Rebuilds match id of store from its settings and stored events, through
 * the session's game ops: a new match the caller destroys. CC_ERR_STORE
 * when an event is refused on replay, CC_ERR_NOMEM. */
cc_err cc_session_replay(cc_store *store, int64_t id, const cc_match_settings *settings, cc_match **out,
                         cc_error *err);

/* Does finished match info stand as its stored events give it, replayed
 * through the core (UNO-F10)? The replay the store asks when it rates a
 * game (cc_store_stands_fn): false when the replay is refused or ends
 * otherwise than recorded. */
bool cc_session_record_stands(cc_store *store, const cc_store_match_info *info);

/* How the scenario format spells a side ("w", "b") and an arbiter's
 * winner ("w", "b", "draw"): scenario_words.def, read by scenario.c and
 * written by export_scenario.c, so the two cannot disagree. */
const char *cc_session_scenario_side_word(cc_side side);
const char *cc_session_scenario_winner_word(cc_winner winner);
/* Where a cube time came from (RE-10.1), the optional last word of a
 * scenario's `cube` line: "timer" or "typed" (none: typed, as before). */
const char *cc_session_scenario_source_word(bool from_timer);

/* ---- the log's times of day (session_walls.c) --------------------------------
 * Issue 21: what cc_session_wall_at() and cc_session_wall_at_event() answer,
 * from each event's stamp and commit time noted in record order; linear in
 * the events noted, each answer O(log n) (see session_walls.c). */
typedef struct {
	int64_t value;
	size_t at; /* the event's place in the record */
} cc_session_suffix_entry;
typedef struct {
	cc_session_suffix_entry *e; /* places and values both growing */
	size_t n, cap;
} cc_session_suffix_min;
typedef struct {
	cc_session_suffix_min offsets; /* commit time less stamp, events with a commit time */
	cc_session_suffix_min stamps;  /* the stamps */
	size_t count;                  /* events noted */
} cc_session_walls;

void cc_session_walls_init(cc_session_walls *w);
void cc_session_walls_fini(cc_session_walls *w);
/* Notes the next event's stamp and commit time (0: none); false, nothing
 * noted, when memory ran out. */
bool cc_session_walls_note(cc_session_walls *w, int64_t t_ms, int64_t wall_ms);
bool cc_session_walls_at_event(const cc_session_walls *w, size_t k, int64_t t_ms, int64_t *wall_ms);
bool cc_session_walls_at(const cc_session_walls *w, int64_t t_ms, int64_t *wall_ms);

#endif
