/*
 * store_internal.h: what the files of the store share, and nothing outside
 * src/store includes (the public contract is store.h): the store object,
 * the checked SQLite calls, and each file's functions for the others.
 *   store.c         opening and closing, recording and reading matches
 *   store_file.c    file safety: the store's descriptor, match locks,
 *                   read-only readers and their -wal/-shm
 *   store_schema.c  the file format: verification, schema and migrations
 *   store_codec.c   settings, events and results to and from rows
 *   store_club.c    the club tables: events, pairings, a new match's links,
 *                   closing, deleting, cancelling (CL-8)
 *   store_players.c the players and the keeping of their list (CL-7)
 *   store_forfeits.c forfeits, withdrawals, byes, late entries (CL-6)
 *   store_ratings.c the rating cache (schema 8), kept the replay's
 *   store_corrections.c the arbiters' club corrections (schema 10)
 *   store_tiebreaks.c the tie-break order an event chooses (schema 19, CL-9.1)
 * Not thread-safe: a process uses its stores from one thread.
 */
#ifndef CHESSCUBING_STORE_INTERNAL_H
#define CHESSCUBING_STORE_INTERNAL_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "store.h"

#define APPLICATION_ID 0x43437562
#define RESUMES_VERSION 16 /* the resumes table (schema 16, RU-18) */
#define CC_STORE_CORRECTIONS_VERSION 10 /* the corrections table (schema 10, CL-5.3) */
#define PATH_MAX_LEN 4096
#define MATCH_LOCK_BASE ((off_t)1 << 62) /* far beyond anything SQLite locks */
#define SQLITE_LOCK_FIRST 0x40000000     /* SQLite's PENDING byte... */
#define SQLITE_LOCK_SIZE 512             /* ...to the end of its SHARED range */
#define CC_STORE_CACHED_MAX 24           /* statements kept prepared per store (q_cached) */

/* One statement kept prepared across calls (q_cached): the connection it
 * belongs to, its SQL (a string literal: the key is the pointer), and
 * whether a query is using it now. */
typedef struct {
	sqlite3 *db;
	const char *sql;
	sqlite3_stmt *stmt;
	bool busy;
} cc_store_cached;

struct cc_store {
	sqlite3 *db;
	cc_store_mode mode;
	char path[PATH_MAX_LEN];
	char real[PATH_MAX_LEN]; /* path with symlinks resolved: SQLite puts -wal/-shm beside it */
	int file_fd;        /* our own descriptor of the database file: match locks */
	dev_t dev;          /* the file that descriptor is */
	ino_t ino;
	bool immutable;     /* READ: opened immutable=1 (see the top) */
	bool made_wal;      /* READ: -wal or -shm was absent when opened */
	struct stat seen;   /* READ, immutable: the file as it was when opened */
	int64_t version;    /* a reader may face an older schema, which it never migrates */
	int64_t dv_offset;  /* added to PRAGMA data_version, which restarts on a reopen */
	int64_t dv_last;    /* the last data version reported */
	cc_store *next;     /* this process's open stores */
	cc_store_stands_fn stands; /* the opener's replay (UNO-F10), NULL: none */
	cc_store_cached cached[CC_STORE_CACHED_MAX]; /* finalized by cc_store_close_db */
};

/* ---- checked SQLite calls ------------------------------------------------- */

/*
 * A failure is a message id of messages.def and SQLite's result code as
 * its 'q' argument (said in words by the renderer, in the user's
 * language); sqlite3_errmsg is English and never reaches a person. The
 * code is the connection's extended one when it is about rc.
 */
static inline int64_t db_code(sqlite3 *db, int rc)
{
	int ext = db ? sqlite3_extended_errcode(db) : rc;
	return (ext & 0xFF) == (rc & 0xFF) ? ext : rc;
}

/* The kind of a failure of code: CC_ERR_BUSY for the BUSY and LOCKED
 * classes (another connection holds the record: try again later), else
 * kind (the message's own); err's code follows. */
static inline cc_err db_kind(cc_error *err, cc_err kind, int64_t code)
{
	if ((code & 0xFF) != SQLITE_BUSY && (code & 0xFF) != SQLITE_LOCKED)
		return kind;
	if (err)
		err->code = CC_ERR_BUSY;
	return CC_ERR_BUSY;
}

/* Refuses with what (a message whose one argument is a 'q'): rc failed. */
static inline cc_err db_error(cc_error *err, sqlite3 *db, int rc, cc_msg what)
{
	int64_t code = db_code(db, rc);
	return db_kind(err, cc_refuse(err, what, code), code);
}

/* Refuses with what (an 'x' path and a 'q'): rc failed on the file at path. */
static inline cc_err db_error_at(cc_error *err, sqlite3 *db, int rc, cc_msg what, const char *path)
{
	int64_t code = db_code(db, rc);
	return db_kind(err, cc_refuse(err, what, path, code), code);
}

/*
 * One statement, every call checked: prepare, bind, step, finalize. The
 * first failure sticks in rc; later binds do nothing and q_step returns it.
 * q_cached takes the statement from the store's cache instead; q_finish
 * then resets it and clears its bindings, so no statement holds a read
 * or write transaction open once its query is finished.
 */
typedef struct {
	sqlite3 *db;
	sqlite3_stmt *stmt;
	int rc;
	cc_store_cached *slot; /* NULL: the query's own statement, finalized */
} query;

static inline void q_prepare(query *q, sqlite3 *db, const char *sql)
{
	q->db = db;
	q->stmt = NULL;
	q->slot = NULL;
	q->rc = sqlite3_prepare_v2(db, sql, -1, &q->stmt, NULL);
}

/*
 * Like q_prepare on store->db, with the statement kept prepared for the
 * next call (SQLITE_PREPARE_PERSISTENT; SQLite prepares it again itself
 * when the schema changes). sql must be a string literal: the cache is
 * keyed by its address (and checks the text). A statement in use by an
 * unfinished query (a callback reading the same rows), or a full cache,
 * gets a statement of its own, as q_prepare does.
 */
static inline void q_cached(query *q, cc_store *store, const char *sql)
{
	cc_store_cached *slot = NULL, *free_slot = NULL;
	for (size_t i = 0; i < CC_STORE_CACHED_MAX; i++) {
		cc_store_cached *c = &store->cached[i];
		if (c->stmt && c->sql == sql && c->db == store->db) {
			slot = c;
			break;
		}
		if (!c->stmt && !free_slot)
			free_slot = c;
	}
	if (slot && (slot->busy || strcmp(sqlite3_sql(slot->stmt), sql) != 0)) {
		q_prepare(q, store->db, sql);
		return;
	}
	if (!slot) {
		if (!free_slot) {
			q_prepare(q, store->db, sql);
			return;
		}
		slot = free_slot;
		int rc = sqlite3_prepare_v3(store->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &slot->stmt, NULL);
		if (rc != SQLITE_OK || !slot->stmt) { /* NULL: sql held no statement */
			sqlite3_finalize(slot->stmt);
			slot->stmt = NULL;
			q->db = store->db;
			q->stmt = NULL;
			q->slot = NULL;
			q->rc = rc != SQLITE_OK ? rc : SQLITE_MISUSE;
			return;
		}
		slot->db = store->db;
		slot->sql = sql;
	}
	slot->busy = true;
	q->db = store->db;
	q->stmt = slot->stmt;
	q->slot = slot;
	q->rc = SQLITE_OK;
}

static inline void q_int64(query *q, int index, int64_t value)
{
	if (q->rc == SQLITE_OK)
		q->rc = sqlite3_bind_int64(q->stmt, index, value);
}

/* Binds text (copied), or NULL when text is NULL. */
static inline void q_text(query *q, int index, const char *text)
{
	if (q->rc == SQLITE_OK)
		q->rc = text ? sqlite3_bind_text(q->stmt, index, text, -1, SQLITE_TRANSIENT)
		             : sqlite3_bind_null(q->stmt, index);
}

/* SQLITE_ROW, SQLITE_DONE, or the first error of this query. */
static inline int q_step(query *q)
{
	if (q->rc != SQLITE_OK)
		return q->rc;
	int rc = sqlite3_step(q->stmt);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		q->rc = rc;
	return rc;
}

/* Finalizes (a cached statement: resets it and clears its bindings); the
 * first error of the query's life, or SQLITE_OK. */
static inline int q_finish(query *q)
{
	int rc;
	if (q->slot) {
		rc = sqlite3_reset(q->stmt);
		sqlite3_clear_bindings(q->stmt);
		q->slot->busy = false;
		q->slot = NULL;
	} else {
		rc = sqlite3_finalize(q->stmt);
	}
	q->stmt = NULL;
	return q->rc != SQLITE_OK ? q->rc : rc;
}

/* Runs a one-row integer query such as "PRAGMA user_version". */
static inline int query_int(sqlite3 *db, const char *sql, int64_t *out)
{
	query q;
	q_prepare(&q, db, sql);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW)
		*out = sqlite3_column_int64(q.stmt, 0);
	int fin = q_finish(&q);
	return fin != SQLITE_OK ? fin : rc == SQLITE_ROW ? SQLITE_OK : rc;
}

/* query_int through the store's cache (q_cached: sql a string literal). */
static inline int query_int_cached(cc_store *store, const char *sql, int64_t *out)
{
	query q;
	q_cached(&q, store, sql);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW)
		*out = sqlite3_column_int64(q.stmt, 0);
	int fin = q_finish(&q);
	return fin != SQLITE_OK ? fin : rc == SQLITE_ROW ? SQLITE_OK : rc;
}

/* Runs a statement that returns no rows (BEGIN IMMEDIATE, COMMIT, an
 * UPDATE without parameters) through the store's cache. */
static inline int exec_cached(cc_store *store, const char *sql)
{
	query q;
	q_cached(&q, store, sql);
	int rc = q_step(&q);
	int fin = q_finish(&q);
	return fin != SQLITE_OK ? fin : rc == SQLITE_DONE || rc == SQLITE_ROW ? SQLITE_OK : rc;
}

/* After a failure inside a transaction: says what failed (and whether the
 * rollback did too), then rolls back. */
static inline cc_err fail_transaction(sqlite3 *db, int rc, cc_msg what, cc_error *err)
{
	int64_t code = db_code(db, rc);
	if (sqlite3_get_autocommit(db) == 0) {
		int rollback = sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		if (rollback != SQLITE_OK)
			return db_kind(err, cc_refuse(err, CC_MSG_ROLLBACK_FAILED, code, db_code(db, rollback)), code);
	}
	return db_kind(err, cc_refuse(err, what, code), code);
}

/* After a refusal inside a transaction (err says why): rolls back, and
 * returns result, or the rollback's failure. */
static inline cc_err refused_transaction(sqlite3 *db, cc_err result, cc_error *err)
{
	int rc = sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return cc_refuse(err, CC_MSG_ROLLBACK_FAILED_AFTER, db_code(db, rc));
	return result;
}

static inline const char *column_text(sqlite3_stmt *stmt, int col)
{
	const unsigned char *text = sqlite3_column_text(stmt, col);
	return text ? (const char *)text : "";
}

/* Column col's text into buf of size bytes, cut to fit and ended by a
 * NUL, as snprintf(buf, size, "%s", column_text(stmt, col)) would, but
 * by its known length: a read of many rows copies several columns a row. */
static inline void column_copy(sqlite3_stmt *stmt, int col, char *buf, size_t size)
{
	const unsigned char *text = sqlite3_column_text(stmt, col);
	size_t n = text ? (size_t)sqlite3_column_bytes(stmt, col) : 0;
	if (n >= size)
		n = size - 1;
	if (n)
		memcpy(buf, text, n);
	buf[n] = '\0';
}

/* ---- store_file.c ---------------------------------------------------------- */

/* Opens the store's own descriptor of the database file (a file with hard
 * links is refused) and joins the process's list of open stores. */
cc_err cc_store_open_file_fd(cc_store *s, cc_error *err);
/* Releases the store's match locks and its descriptor. */
void cc_store_release_file_fd(cc_store *s);
/* Has another store of this process the same file open? */
bool cc_store_file_open_elsewhere(const cc_store *self);
/* A reader's -wal and -shm, removed when nobody uses them. */
void cc_store_remove_reader_files(const cc_store *s);
/* Makes a new, empty record readable by its owner only (RE-3.3). */
cc_err cc_store_create_private(const char *path, cc_error *err);
/* CC_ERR_STORE when the file or its folder is read-only. */
cc_err cc_store_check_writable(const char *path, cc_error *err);
/* Opens a reader's connection (immutable or not, see store_file.c). */
cc_err cc_store_open_reader(cc_store *s, cc_error *err);
/* The console's claim on match id: CC_ERR_STORE when another holds it. */
cc_err cc_store_file_lock(cc_store *store, int64_t id, cc_error *err);
void cc_store_file_unlock(cc_store *store, int64_t id);

/* ---- store_schema.c -------------------------------------------------------- */

/* Checks the file is ours and, for a writer, sets WAL and migrates it;
 * reads its schema version into s->version. */
cc_err cc_store_configure(cc_store *s, cc_error *err);

/* ---- store.c --------------------------------------------------------------- */

/* Finalizes the cached statements of s->db, then closes it; every other
 * statement is finalized by then. */
void cc_store_close_db(cc_store *s);

/* ---- store_codec.c --------------------------------------------------------- */

/* Unix time in ms as "2026-11-30T14:05:00Z"; false when out of range. */
bool cc_store_format_utc(int64_t wall_ms, char *buf, size_t size);
/* The Chess-Uno columns of new match id (schema 7). */
int cc_store_record_uno(sqlite3 *db, int64_t id, const cc_match_settings *s, const cc_store_fairness *fair);
/* Event seq of match id as a row. */
int cc_store_insert_event(cc_store *store, int64_t id, size_t seq, const cc_event *ev, int64_t wall_ms);
/* The match's result columns from the view after an event. */
int cc_store_update_result(cc_store *store, int64_t id, const cc_match_view *after);
/* The SELECT of the matches' rows this file's schema has: one by id (?1),
 * all oldest first, or the newest ?1 of those in play or over, newest first. */
typedef enum {
	CC_STORE_INFO_ONE,
	CC_STORE_INFO_ALL,
	CC_STORE_INFO_NEWEST_PLAYING,
	CC_STORE_INFO_NEWEST_OVER
} cc_store_info_rows;
const char *cc_store_info_query(const cc_store *store, cc_store_info_rows rows);
/* Fills info from a row of cc_store_info_query(); CC_ERR_STORE when a value is not ours. */
cc_err cc_store_read_info(sqlite3_stmt *stmt, cc_store_match_info *info, cc_error *err);
/* One stored event row as a core event. */
cc_err cc_store_read_event(sqlite3_stmt *stmt, cc_event *ev, cc_error *err);

/* ---- store_club.c ---------------------------------------------------------- */

/*
 * When match m ended, for the order in which the ratings replay the matches
 * (CL-2.7): the commit time of its last event, NULL when none has one. The
 * one definition of that order, read by the replay's query
 * (cc_store_club_matches) and by the rating cache (store_ratings.c): the
 * matches without an end first, then by this, then by number. A change
 * here takes a migration that sets rating_cache.valid = 0.
 */
#define CC_STORE_ENDED_SQL "(SELECT e.wall_ms FROM events e WHERE e.match_id = m.id ORDER BY e.seq DESC LIMIT 1)"

/* The schema that records forfeits, withdrawals and byes (store_schema.c's
 * v10, forfeits): a reader of an older file sees none. */
#define CC_STORE_FORFEITS_VERSION 12

/* Runs one statement with up to four bound values (text: NULL binds nothing
 * more); the first column of its first row into *out when out is given.
 * SQLITE_ROW when a row came, SQLITE_DONE when none, or the error. */
int cc_store_exec_one(sqlite3 *db, const char *sql, const char *text, int64_t a, int64_t b, int64_t c, int64_t *out);

/* One pairing of event_id into the pairings table (a bye's black seat
 * NULL): SQLite's result, SQLITE_OK when it is in. Shared by an event's
 * creation and a late entry's re-pairing. */
int cc_store_insert_pairing(sqlite3 *db, int64_t event_id, const cc_club_pairing *p);

/* Begins the transaction that records a new club event (store_club.c):
 * its name checked (RU-24.1), its club_events row written with its system
 * (swiss NULL: a round robin). On CC_OK the transaction is open and *id
 * the new row's: the caller writes the rest, then commits or ends with
 * fail_transaction. Refused (the name, another event's, the store), no
 * transaction is left open. */
cc_err cc_store_event_begin(cc_store *store, const cc_store_event *event, const cc_store_swiss *swiss,
                            int64_t wall_ms, int64_t *id, cc_error *err);

/* One seat of event_id into event_players (rating 0: none given, NULL):
 * SQLite's result. */
int cc_store_insert_seat(sqlite3 *db, int64_t event_id, unsigned seat, int64_t player_id, unsigned rating);

/* Runs body(store, ctx) in one immediate transaction: committed when it
 * returns CC_OK, rolled back otherwise (store_forfeits.c). */
cc_err cc_store_in_transaction(cc_store *store, cc_err (*body)(cc_store *, const void *, cc_error *), const void *ctx,
                               cc_msg what, cc_error *err);

/* Room for one more item in a growing array (doubling from 16); false when out of memory. */
bool cc_store_grow(void **items, size_t count, size_t *cap, size_t item_size);

/* The players and pairing of new match id, in its transaction (CL-1.2, CL-3.3). */
cc_err cc_store_link_new_match(cc_store *store, int64_t id, const cc_match_settings *s,
                               const cc_store_match_club *club, cc_error *err);

/* ---- store_players.c --------------------------------------------------------- */

/* Did rc fail on a UNIQUE (or primary key) constraint? */
bool cc_store_is_unique_violation(sqlite3 *db, int rc);
/* Are the record's name keys folded as cc_club_name_key() folds them now
 * (CL-7.1)? Not in an older file a reader opens without migrating it. */
bool cc_store_keys_current(cc_store *store);

/* ---- store_ratings.c ------------------------------------------------------- */

/* *valid: the file has a rating cache (schema 8) and it is the replay. */
int cc_store_ratings_valid_now(cc_store *store, bool *valid);
/* In the transaction of an event of match id (after its row and result
 * are written): brings the cache up to date, or rebuilds it when it was
 * not valid before the transaction (was_valid). An SQLite code. */
int cc_store_ratings_after_event(cc_store *store, int64_t id, bool was_valid);
/* Rebuilds the whole cache from the record, in the caller's transaction. */
int cc_store_ratings_rebuild(cc_store *store);
/* A writer's open: rebuilds a cache that is not valid, in its own transaction. */
int cc_store_ratings_refresh(cc_store *store);

/* ---- store_corrections.c (schema 10, CL-5.3) --------------------------------- */

/* The standing corrections of match id, when it is over, applied to what
 * the club sees of it: *winner (and *reason, NULL: not asked: an arbiter
 * decision) and *rated, left as they are otherwise. An SQLite code. */
int cc_store_corrected(cc_store *store, int64_t id, bool over, cc_winner *winner, cc_end_reason *reason, bool *rated);
/* cc_store_corrected() on each of items (cc_store_club_matches). */
cc_err cc_store_club_matches_corrected(cc_store *store, cc_store_club_match *items, size_t count, cc_error *err);

/* ---- store_import.c (schema 19, CL-4.22) ------------------------------------- */

/* A pairing's recorded result ("1-0", "0-1", "1/2-1/2") into p->recorded
 * and p->winner; anything else (NULL read as "") is none. */
void cc_store_import_result(const char *text, cc_store_pairing *p);

#endif
