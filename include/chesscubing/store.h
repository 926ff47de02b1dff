/*
 * store.h: the match record on disk (SQLite), so that no accepted event is
 * ever lost.
 *
 * Owns: one database file holding matches (settings, players, creation
 * time, result) and the append-only list of each match's accepted events
 * with the time stamps fed to the core. Replaying those events through
 * cc_match_apply() rebuilds the exact match. The file runs in WAL mode with
 * synchronous=FULL: when cc_store_append_event() returns CC_OK the event is
 * on disk.
 *
 * Never: overwrites a file that is not one of ours, of a newer schema, or
 * damaged; opening such a file fails with a message and writes nothing.
 * Only this module includes <sqlite3.h>.
 *
 * Memory: cc_store_open() allocates the store, cc_store_close() frees it
 * (NULL is fine) and releases any match lock. cc_store_load_match() gives a
 * new match the caller destroys; cc_store_list() a malloc'd array the
 * caller frees with free().
 */
#ifndef CHESSCUBING_STORE_H
#define CHESSCUBING_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "chesscubing/common.h"
#include "chesscubing/match.h"

#define CC_STORE_SCHEMA_VERSION 3
#define CC_STORE_SHEET_MAX 512 /* the scramble sheet: four lines */

typedef struct cc_store cc_store;

typedef enum {
	CC_STORE_WRITE, /* the arbiter's console: may create the file */
	CC_STORE_READ   /* viewers and exports: never write */
} cc_store_mode;

typedef struct {
	int64_t id;
	char created_utc[32];      /* "2026-11-30T14:05:00Z" */
	cc_match_settings settings;
	size_t events;
	bool over;
	cc_winner winner;
	cc_end_reason reason;
	char reason_text[CC_TEXT_MAX];
	char sheet[CC_STORE_SHEET_MAX]; /* "" when none was stored */
} cc_store_match_info;

/*
 * Writes the default database path, $XDG_DATA_HOME/chesscubing/matches.db
 * (~/.local/share/... without it), into buf; with create, makes the folder.
 * Errors: CC_ERR_STORE when no home is known or the folder cannot be made.
 */
cc_err cc_store_default_path(char *buf, size_t size, bool create, cc_error *err);

/*
 * Opens (CC_STORE_WRITE: creates if missing, migrates an older schema) the
 * database at path. Errors, nothing written: CC_ERR_STORE for a file that is
 * not a ChessCubing database, is of a newer schema, is read-only (WRITE), is
 * damaged, or cannot be opened; CC_ERR_NOT_FOUND for a missing file (READ).
 */
cc_err cc_store_open(cc_store **out, const char *path, cc_store_mode mode, cc_error *err);

void cc_store_close(cc_store *store);

/*
 * Records a new match with its scramble sheet (NULL or "": none) and its
 * creation time, wall_ms (Unix time in ms, from the caller's clock: this
 * module reads none), and locks it for this process (cc_store_lock_match);
 * *id receives its number. On any failure nothing is left in the record.
 */
cc_err cc_store_create_match(cc_store *store, const cc_match_settings *settings, const char *sheet,
                             int64_t wall_ms, int64_t *id, cc_error *err);

/*
 * Stores the scramble sheet shown to the arbiter for match id (one scramble
 * per line, cubes 1 to 4), so the same text is shown for good.
 */
cc_err cc_store_set_sheet(cc_store *store, int64_t id, const char *sheet, cc_error *err);

/*
 * Locks match id for this console (released at close or process death).
 * CC_ERR_LOCKED when another console holds it.
 */
cc_err cc_store_lock_match(cc_store *store, int64_t id, cc_error *err);

/*
 * Appends accepted event number seq (from 0) of match id, committed at
 * wall_ms (the caller's wall clock), and the result as of after, in one
 * committed transaction. CC_ERR_STORE when it could not be
 * committed (disk full, I/O error): then nothing was recorded.
 */
cc_err cc_store_append_event(cc_store *store, int64_t id, size_t seq, const cc_event *ev,
                             const cc_match_view *after, int64_t wall_ms, cc_error *err);

/* Rebuilds match id by replaying its events. CC_ERR_NOT_FOUND, CC_ERR_STORE. */
cc_err cc_store_load_match(cc_store *store, int64_t id, cc_match **out, cc_error *err);

/* Facts about match id. CC_ERR_NOT_FOUND, CC_ERR_STORE. */
cc_err cc_store_match_info_of(cc_store *store, int64_t id, cc_store_match_info *info, cc_error *err);

/* Every match, oldest first. */
cc_err cc_store_list(cc_store *store, cc_store_match_info **items, size_t *count, cc_error *err);

/* The newest match without a result; CC_ERR_NOT_FOUND when there is none. */
cc_err cc_store_latest_unfinished(cc_store *store, int64_t *id, cc_error *err);

/* The newest match of any kind; CC_ERR_NOT_FOUND when the store is empty. */
cc_err cc_store_latest(cc_store *store, int64_t *id, cc_error *err);

/*
 * When the last event of match id was committed (the wall_ms given to
 * cc_store_append_event). CC_ERR_NOT_FOUND when the match has no event with
 * a commit time (records of schema 2 and older). For viewers that follow a
 * live match.
 */
cc_err cc_store_last_event_wall(cc_store *store, int64_t id, int64_t *wall_ms, cc_error *err);

/* Is match id held by a console now (cc_store_lock_match)? Never writes. */
cc_err cc_store_match_in_use(cc_store *store, int64_t id, bool *in_use, cc_error *err);

/* A number that changes whenever another connection commits (for viewers). */
cc_err cc_store_data_version(cc_store *store, int64_t *version, cc_error *err);

#endif
