/*
 * store.c: the match record in SQLite.
 *
 * File format. A SQLite database whose application_id is 0x43437562 ("CCub")
 * and whose user_version is the schema version (1):
 *
 *   matches(id, created_utc, format, category, record, white, black, seed,
 *           result_winner, result_reason, result_text,   -- result NULL while unfinished
 *           sheet)                                       -- v2: the scramble sheet shown, or NULL
 *   events(match_id, seq, t_ms, kind, side, gives_check, cube_cs, winner, text,
 *          wall_ms)   -- v3: Unix time (ms) of the commit, by SQLite's clock
 *           -- primary key (match_id, seq): the accepted events, append-only
 *
 * Enumerations are stored by their names ("twice", "move", "white"...), so
 * the file reads well in the sqlite3 shell and survives enum reordering.
 * Seeds are decimal text because SQLite integers are signed.
 *
 * Safety. Before anything is written, an existing file must carry our
 * application_id, a schema no newer than ours, and pass quick_check.
 * Every event is one transaction (WAL, synchronous=FULL). A console's claim
 * on a match is an open-file-description lock on byte <match id> of
 * "<database>.lock", which the kernel releases when the process dies, even
 * by SIGKILL, and which two stores in one process also see.
 */
#define _GNU_SOURCE /* F_OFD_SETLK */
#include "chesscubing/store.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define APPLICATION_ID 0x43437562
#define PATH_MAX_LEN 4096

struct cc_store {
	sqlite3 *db;
	cc_store_mode mode;
	char path[PATH_MAX_LEN];
	int lock_fd;
	int64_t version; /* a reader may face an older schema, which it never migrates */
};

/* Schema migrations: migrations[v] takes a database from version v to v + 1. */
static const char *const migrations[CC_STORE_SCHEMA_VERSION] = {
	"CREATE TABLE matches ("
	"  id INTEGER PRIMARY KEY,"
	"  created_utc TEXT NOT NULL,"
	"  format TEXT NOT NULL, category TEXT NOT NULL, record TEXT NOT NULL,"
	"  white TEXT NOT NULL, black TEXT NOT NULL, seed TEXT NOT NULL,"
	"  result_winner TEXT, result_reason TEXT, result_text TEXT);"
	"CREATE TABLE events ("
	"  match_id INTEGER NOT NULL REFERENCES matches(id),"
	"  seq INTEGER NOT NULL,"
	"  t_ms INTEGER NOT NULL, kind TEXT NOT NULL, side TEXT,"
	"  gives_check INTEGER NOT NULL DEFAULT 0, cube_cs INTEGER, winner TEXT,"
	"  text TEXT NOT NULL DEFAULT '',"
	"  PRIMARY KEY (match_id, seq)) WITHOUT ROWID;",
	/* v2: the scramble sheet as shown, so its text never changes with the solver */
	"ALTER TABLE matches ADD COLUMN sheet TEXT;",
	/* v3: when each event was committed, so a viewer started later knows
	 * how long the clocks have run since */
	"ALTER TABLE events ADD COLUMN wall_ms INTEGER;",
};

static cc_err db_error(cc_error *err, sqlite3 *db, const char *what)
{
	return cc_error_set(err, CC_ERR_STORE, "%s: %s", what, sqlite3_errmsg(db));
}

/* Runs a one-row integer query such as "PRAGMA user_version". */
static int query_int(sqlite3 *db, const char *sql, int64_t *out)
{
	sqlite3_stmt *stmt;
	int rc = sqlite3_prepare_v2(db, sql, -1, &stmt, NULL);
	if (rc != SQLITE_OK)
		return rc;
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		*out = sqlite3_column_int64(stmt, 0);
		rc = SQLITE_OK;
	}
	sqlite3_finalize(stmt);
	return rc;
}

/* ---- opening ----------------------------------------------------------- */

cc_err cc_store_default_path(char *buf, size_t size, bool create, cc_error *err)
{
	const char *data = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	char dir[PATH_MAX_LEN];
	if (data && data[0] == '/')
		snprintf(dir, sizeof dir, "%s/chesscubing", data);
	else if (home && home[0])
		snprintf(dir, sizeof dir, "%s/.local/share/chesscubing", home);
	else
		return cc_error_set(err, CC_ERR_STORE, "no HOME or XDG_DATA_HOME: give the database with --db FILE");
	/* mkdir -p, one level at a time */
	for (char *p = dir + 1; create && *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST)
			return cc_error_set(err, CC_ERR_STORE, "cannot create %s: %s", dir, strerror(errno));
		*p = '/';
	}
	if (create && mkdir(dir, 0700) != 0 && errno != EEXIST)
		return cc_error_set(err, CC_ERR_STORE, "cannot create %s: %s", dir, strerror(errno));
	if ((size_t)snprintf(buf, size, "%s/matches.db", dir) >= size)
		return cc_error_set(err, CC_ERR_STORE, "database path too long");
	return CC_OK;
}

/* Read-only by permission bits too: root can write anywhere, but a file or
 * folder the arbiter made read-only is meant to stay as it is. */
static bool writable(const char *path)
{
	struct stat st;
	return access(path, W_OK) == 0 && stat(path, &st) == 0 && (st.st_mode & 0222) != 0;
}

static cc_err check_writable(const char *path, cc_error *err)
{
	char copy[PATH_MAX_LEN];
	snprintf(copy, sizeof copy, "%s", path);
	const char *dir = dirname(copy);
	if (!writable(path))
		return cc_error_set(err, CC_ERR_STORE, "%s is read-only: nothing was written", path);
	if (!writable(dir))
		return cc_error_set(err, CC_ERR_STORE, "the folder %s is read-only: nothing was written", dir);
	return CC_OK;
}

/* Is this an existing ChessCubing database we can read, untouched so far? */
static cc_err verify_ours(sqlite3 *db, const char *path, cc_error *err)
{
	int64_t app_id = 0, version = 0;
	int rc = query_int(db, "PRAGMA application_id", &app_id);
	if (rc == SQLITE_NOTADB)
		return cc_error_set(err, CC_ERR_STORE, "%s is not a ChessCubing database (not SQLite): nothing was written",
		                    path);
	if (rc != SQLITE_OK)
		return cc_error_set(err, CC_ERR_STORE, "%s cannot be read (%s): nothing was written", path,
		                    sqlite3_errmsg(db));
	if (app_id != APPLICATION_ID)
		return cc_error_set(err, CC_ERR_STORE, "%s is not a ChessCubing database: nothing was written", path);
	if (query_int(db, "PRAGMA user_version", &version) != SQLITE_OK)
		return db_error(err, db, path);
	if (version > CC_STORE_SCHEMA_VERSION)
		return cc_error_set(err, CC_ERR_STORE,
		                    "%s has schema %lld, newer than this program's %d: update chesscubing; nothing was written",
		                    path, (long long)version, CC_STORE_SCHEMA_VERSION);
	sqlite3_stmt *stmt;
	if (sqlite3_prepare_v2(db, "PRAGMA quick_check(1)", -1, &stmt, NULL) != SQLITE_OK)
		return cc_error_set(err, CC_ERR_STORE, "%s is damaged (%s): nothing was written", path,
		                    sqlite3_errmsg(db));
	rc = sqlite3_step(stmt);
	const char *verdict = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(stmt, 0) : NULL;
	bool ok = verdict && strcmp(verdict, "ok") == 0;
	if (!ok)
		cc_error_set(err, CC_ERR_STORE, "%s is damaged (%s): nothing was written", path,
		             verdict ? verdict : sqlite3_errmsg(db));
	sqlite3_finalize(stmt);
	return ok ? CC_OK : CC_ERR_STORE;
}

/* Brings the schema up to date, in one transaction. */
static cc_err migrate(sqlite3 *db, const char *path, cc_error *err)
{
	int64_t version = 0;
	char sql[96];
	if (query_int(db, "PRAGMA user_version", &version) != SQLITE_OK)
		return db_error(err, db, path);
	if (version == CC_STORE_SCHEMA_VERSION)
		return CC_OK;
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return db_error(err, db, path);
	for (int64_t v = version; v < CC_STORE_SCHEMA_VERSION; v++) {
		if (sqlite3_exec(db, migrations[v], NULL, NULL, NULL) != SQLITE_OK)
			goto fail;
	}
	snprintf(sql, sizeof sql, "PRAGMA application_id = %d; PRAGMA user_version = %d", APPLICATION_ID,
	         CC_STORE_SCHEMA_VERSION);
	if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK || sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		goto fail;
	return CC_OK;
fail:
	db_error(err, db, path);
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return CC_ERR_STORE;
}

static cc_err configure(cc_store *s, bool fresh, cc_error *err)
{
	sqlite3_extended_result_codes(s->db, 1);
	sqlite3_busy_timeout(s->db, 5000);
	if (!fresh) {
		cc_err rc = verify_ours(s->db, s->path, err);
		if (rc)
			return rc;
	}
	if (s->mode == CC_STORE_READ) {
		if (sqlite3_exec(s->db, "PRAGMA query_only = 1", NULL, NULL, NULL) != SQLITE_OK)
			return db_error(err, s->db, s->path);
	} else {
		/* WAL + FULL: a commit is on disk when it returns, and a viewer can
		 * read while the console writes. */
		if (sqlite3_exec(s->db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON",
		                 NULL, NULL, NULL) != SQLITE_OK)
			return db_error(err, s->db, s->path);
		cc_err rc = migrate(s->db, s->path, err);
		if (rc)
			return rc;
	}
	return query_int(s->db, "PRAGMA user_version", &s->version) == SQLITE_OK ? CC_OK : db_error(err, s->db, s->path);
}

cc_err cc_store_open(cc_store **out, const char *path, cc_store_mode mode, cc_error *err)
{
	struct stat st;
	bool exists = stat(path, &st) == 0;
	bool fresh = !exists || st.st_size == 0;
	*out = NULL;
	if (strlen(path) >= PATH_MAX_LEN)
		return cc_error_set(err, CC_ERR_STORE, "database path too long");
	if (!exists && mode == CC_STORE_READ)
		return cc_error_set(err, CC_ERR_NOT_FOUND, "no match database at %s", path);
	if (exists && !S_ISREG(st.st_mode))
		return cc_error_set(err, CC_ERR_STORE, "%s is not a regular file: nothing was written", path);
	if (exists && mode == CC_STORE_WRITE) {
		cc_err rc = check_writable(path, err);
		if (rc)
			return rc;
	}
	cc_store *s = calloc(1, sizeof *s);
	if (!s)
		return cc_error_set(err, CC_ERR_NOMEM, "out of memory");
	s->mode = mode;
	s->lock_fd = -1;
	snprintf(s->path, sizeof s->path, "%s", path);
	int flags = mode == CC_STORE_READ ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
	if (sqlite3_open_v2(path, &s->db, flags, NULL) != SQLITE_OK) {
		cc_error_set(err, CC_ERR_STORE, "cannot open %s: %s", path, s->db ? sqlite3_errmsg(s->db) : "out of memory");
		cc_store_close(s);
		return CC_ERR_STORE;
	}
	cc_err rc = configure(s, fresh, err);
	if (rc) {
		cc_store_close(s);
		return rc;
	}
	*out = s;
	return CC_OK;
}

void cc_store_close(cc_store *store)
{
	if (!store)
		return;
	sqlite3_close(store->db);
	if (store->lock_fd >= 0)
		close(store->lock_fd);
	free(store);
}

/* ---- matches ------------------------------------------------------------- */

/* A Unix time in milliseconds as "2026-11-30T14:05:00Z". */
static void format_utc(int64_t wall_ms, char *buf, size_t size)
{
	time_t seconds = (time_t)(wall_ms / 1000);
	struct tm tm;
	if (!gmtime_r(&seconds, &tm) || strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		snprintf(buf, size, "%s", "");
}

static int insert_match(sqlite3 *db, const cc_match_settings *s, const char *sheet, int64_t wall_ms)
{
	sqlite3_stmt *stmt;
	char seed[24], created[32];
	snprintf(seed, sizeof seed, "%llu", (unsigned long long)s->seed);
	format_utc(wall_ms, created, sizeof created);
	int rc = sqlite3_prepare_v2(db,
	                            "INSERT INTO matches (created_utc, format, category, record, white, black, seed, sheet) "
	                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
	                            -1, &stmt, NULL);
	if (rc != SQLITE_OK)
		return rc;
	sqlite3_bind_text(stmt, 1, created, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(stmt, 2, cc_format_name(s->format), -1, SQLITE_STATIC);
	sqlite3_bind_text(stmt, 3, cc_category_name(s->category), -1, SQLITE_STATIC);
	sqlite3_bind_text(stmt, 4, s->record == CC_RECORD_MOVES ? "moves" : "count", -1, SQLITE_STATIC);
	sqlite3_bind_text(stmt, 5, s->white, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(stmt, 6, s->black, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(stmt, 7, seed, -1, SQLITE_TRANSIENT);
	if (sheet && sheet[0])
		sqlite3_bind_text(stmt, 8, sheet, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(stmt, 8);
	rc = sqlite3_step(stmt);
	sqlite3_finalize(stmt);
	return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

cc_err cc_store_create_match(cc_store *store, const cc_match_settings *s, const char *sheet, int64_t wall_ms,
                             int64_t *id, cc_error *err)
{
	sqlite3 *db = store->db;
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return db_error(err, db, "cannot record the match");
	if (insert_match(db, s, sheet, wall_ms) != SQLITE_OK) {
		db_error(err, db, "cannot record the match");
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		return CC_ERR_STORE;
	}
	*id = sqlite3_last_insert_rowid(db);
	/* Held before it is committed: a failed lock leaves no orphan match. */
	cc_err rc = cc_store_lock_match(store, *id, err);
	if (rc == CC_OK && sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		rc = db_error(err, db, "cannot record the match");
	if (rc)
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return rc;
}

cc_err cc_store_set_sheet(cc_store *store, int64_t id, const char *sheet, cc_error *err)
{
	sqlite3_stmt *stmt;
	if (sqlite3_prepare_v2(store->db, "UPDATE matches SET sheet = ? WHERE id = ?", -1, &stmt, NULL) != SQLITE_OK)
		return db_error(err, store->db, "cannot record the scramble sheet");
	sqlite3_bind_text(stmt, 1, sheet, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(stmt, 2, id);
	int rc = sqlite3_step(stmt);
	sqlite3_finalize(stmt);
	return rc == SQLITE_DONE ? CC_OK : db_error(err, store->db, "cannot record the scramble sheet");
}

cc_err cc_store_lock_match(cc_store *store, int64_t id, cc_error *err)
{
	char lock_path[PATH_MAX_LEN + 8];
	snprintf(lock_path, sizeof lock_path, "%s.lock", store->path);
	if (store->lock_fd < 0)
		store->lock_fd = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (store->lock_fd < 0)
		return cc_error_set(err, CC_ERR_STORE, "cannot create %s: %s", lock_path, strerror(errno));
	struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = (off_t)id, .l_len = 1};
	if (fcntl(store->lock_fd, F_OFD_SETLK, &lock) != 0) {
		if (errno == EAGAIN || errno == EACCES)
			return cc_error_set(err, CC_ERR_LOCKED,
			                    "match %lld is open in another console (use 'chesscubing watch' to follow it)",
			                    (long long)id);
		return cc_error_set(err, CC_ERR_STORE, "cannot lock %s: %s", lock_path, strerror(errno));
	}
	return CC_OK;
}

static void bind_optional_text(sqlite3_stmt *stmt, int index, bool present, const char *text)
{
	if (present)
		sqlite3_bind_text(stmt, index, text, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(stmt, index);
}

static bool event_has_side(cc_event_kind kind)
{
	return kind == CC_EV_MOVE || kind == CC_EV_CUBE || kind == CC_EV_RESIGN;
}

static int insert_event(sqlite3 *db, int64_t id, size_t seq, const cc_event *ev, int64_t wall_ms)
{
	sqlite3_stmt *stmt;
	int rc = sqlite3_prepare_v2(db,
	                            "INSERT INTO events (match_id, seq, t_ms, kind, side, gives_check, cube_cs, winner, text, "
	                            "wall_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
	                            -1, &stmt, NULL);
	if (rc != SQLITE_OK)
		return rc;
	sqlite3_bind_int64(stmt, 1, id);
	sqlite3_bind_int64(stmt, 2, (sqlite3_int64)seq);
	sqlite3_bind_int64(stmt, 3, ev->t_ms);
	sqlite3_bind_text(stmt, 4, cc_event_kind_name(ev->kind), -1, SQLITE_STATIC);
	bind_optional_text(stmt, 5, event_has_side(ev->kind), cc_side_name(ev->side));
	sqlite3_bind_int(stmt, 6, ev->gives_check);
	if (ev->kind == CC_EV_CUBE)
		sqlite3_bind_int(stmt, 7, ev->cube_cs);
	else
		sqlite3_bind_null(stmt, 7);
	bind_optional_text(stmt, 8, ev->kind == CC_EV_ARBITER, cc_winner_name(ev->winner));
	sqlite3_bind_text(stmt, 9, ev->text, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(stmt, 10, wall_ms);
	rc = sqlite3_step(stmt);
	sqlite3_finalize(stmt);
	return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static int update_result(sqlite3 *db, int64_t id, const cc_match_view *after)
{
	sqlite3_stmt *stmt;
	int rc = sqlite3_prepare_v2(
		db, "UPDATE matches SET result_winner = ?, result_reason = ?, result_text = ? WHERE id = ?", -1, &stmt, NULL);
	if (rc != SQLITE_OK)
		return rc;
	bind_optional_text(stmt, 1, after->over, cc_winner_name(after->winner));
	bind_optional_text(stmt, 2, after->over, cc_reason_name(after->reason));
	bind_optional_text(stmt, 3, after->over, after->reason_text);
	sqlite3_bind_int64(stmt, 4, id);
	rc = sqlite3_step(stmt);
	sqlite3_finalize(stmt);
	return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

cc_err cc_store_append_event(cc_store *store, int64_t id, size_t seq, const cc_event *ev,
                             const cc_match_view *after, int64_t wall_ms, cc_error *err)
{
	sqlite3 *db = store->db;
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return db_error(err, db, "the event was not recorded");
	if (insert_event(db, id, seq, ev, wall_ms) != SQLITE_OK || update_result(db, id, after) != SQLITE_OK ||
	    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		db_error(err, db, "the event was not recorded");
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		return CC_ERR_STORE;
	}
	return CC_OK;
}

/* ---- reading --------------------------------------------------------------- */

#define INFO_SELECT                                                                                          \
	"SELECT m.id, m.created_utc, m.format, m.category, m.record, m.white, m.black, m.seed, "              \
	"m.result_winner, m.result_reason, m.result_text, "                                                  \
	"(SELECT count(*) FROM events e WHERE e.match_id = m.id), "

static const char *column_text(sqlite3_stmt *stmt, int col)
{
	const unsigned char *text = sqlite3_column_text(stmt, col);
	return text ? (const char *)text : "";
}

/* The match columns; the sheet came with schema 2. */
static const char *info_query(const cc_store *store, bool one)
{
	if (store->version >= 2)
		return one ? INFO_SELECT "m.sheet FROM matches m WHERE m.id = ?" : INFO_SELECT "m.sheet FROM matches m ORDER BY m.id";
	return one ? INFO_SELECT "NULL FROM matches m WHERE m.id = ?" : INFO_SELECT "NULL FROM matches m ORDER BY m.id";
}

/* Fills info from a row of info_query(); CC_ERR_STORE when a value is not ours. */
static cc_err read_info(sqlite3_stmt *stmt, cc_store_match_info *info, cc_error *err)
{
	cc_match_settings *s = &info->settings;
	memset(info, 0, sizeof *info);
	cc_match_settings_default(s);
	info->id = sqlite3_column_int64(stmt, 0);
	snprintf(info->created_utc, sizeof info->created_utc, "%s", column_text(stmt, 1));
	const char *record = column_text(stmt, 4);
	char *end;
	s->seed = strtoull(column_text(stmt, 7), &end, 10);
	if (cc_format_parse(column_text(stmt, 2), &s->format) || cc_category_parse(column_text(stmt, 3), &s->category) ||
	    (strcmp(record, "count") != 0 && strcmp(record, "moves") != 0) || *end != '\0')
		return cc_error_set(err, CC_ERR_STORE, "match %lld has settings this program does not know",
		                    (long long)info->id);
	s->record = strcmp(record, "moves") == 0 ? CC_RECORD_MOVES : CC_RECORD_COUNT;
	snprintf(s->white, sizeof s->white, "%s", column_text(stmt, 5));
	snprintf(s->black, sizeof s->black, "%s", column_text(stmt, 6));
	info->over = sqlite3_column_type(stmt, 8) != SQLITE_NULL;
	if (info->over) {
		info->reason = CC_REASON_ARBITER;
		if (strcmp(column_text(stmt, 9), "checkmate") == 0)
			info->reason = CC_REASON_CHECKMATE;
		else if (strcmp(column_text(stmt, 9), "resignation") == 0)
			info->reason = CC_REASON_RESIGNATION;
		if (cc_winner_parse(column_text(stmt, 8), &info->winner))
			info->winner = CC_WINNER_NONE;
		snprintf(info->reason_text, sizeof info->reason_text, "%s", column_text(stmt, 10));
	}
	info->events = (size_t)sqlite3_column_int64(stmt, 11);
	snprintf(info->sheet, sizeof info->sheet, "%s", column_text(stmt, 12));
	return CC_OK;
}

cc_err cc_store_match_info_of(cc_store *store, int64_t id, cc_store_match_info *info, cc_error *err)
{
	sqlite3_stmt *stmt;
	if (sqlite3_prepare_v2(store->db, info_query(store, true), -1, &stmt, NULL) != SQLITE_OK)
		return db_error(err, store->db, "cannot read the matches");
	sqlite3_bind_int64(stmt, 1, id);
	int rc = sqlite3_step(stmt);
	cc_err result;
	if (rc == SQLITE_ROW)
		result = read_info(stmt, info, err);
	else if (rc == SQLITE_DONE)
		result = cc_error_set(err, CC_ERR_NOT_FOUND, "no match %lld in %s", (long long)id, store->path);
	else
		result = db_error(err, store->db, "cannot read the matches");
	sqlite3_finalize(stmt);
	return result;
}

cc_err cc_store_list(cc_store *store, cc_store_match_info **items, size_t *count, cc_error *err)
{
	sqlite3_stmt *stmt;
	size_t cap = 0;
	cc_err result = CC_OK;
	int rc;
	*items = NULL;
	*count = 0;
	if (sqlite3_prepare_v2(store->db, info_query(store, false), -1, &stmt, NULL) != SQLITE_OK)
		return db_error(err, store->db, "cannot read the matches");
	while (result == CC_OK && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		if (*count == cap) {
			cap = cap ? cap * 2 : 16;
			cc_store_match_info *grown = realloc(*items, cap * sizeof **items);
			if (!grown) {
				result = cc_error_set(err, CC_ERR_NOMEM, "out of memory");
				break;
			}
			*items = grown;
		}
		result = read_info(stmt, &(*items)[*count], err);
		if (result == CC_OK)
			(*count)++;
	}
	if (result == CC_OK && rc != SQLITE_DONE)
		result = db_error(err, store->db, "cannot read the matches");
	sqlite3_finalize(stmt);
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
}

static cc_err latest(cc_store *store, const char *sql, int64_t *id, const char *none, cc_error *err)
{
	int rc = query_int(store->db, sql, id);
	if (rc == SQLITE_DONE)
		return cc_error_set(err, CC_ERR_NOT_FOUND, "%s in %s", none, store->path);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, "cannot read the matches");
}

cc_err cc_store_latest_unfinished(cc_store *store, int64_t *id, cc_error *err)
{
	return latest(store, "SELECT max(id) FROM matches WHERE result_winner IS NULL HAVING max(id) IS NOT NULL", id,
	              "no unfinished match", err);
}

cc_err cc_store_latest(cc_store *store, int64_t *id, cc_error *err)
{
	return latest(store, "SELECT max(id) FROM matches HAVING max(id) IS NOT NULL", id, "no match", err);
}

cc_err cc_store_last_event_wall(cc_store *store, int64_t id, int64_t *wall_ms, cc_error *err)
{
	sqlite3_stmt *stmt;
	if (store->version < 3)
		return cc_error_set(err, CC_ERR_NOT_FOUND, "this record has no commit times");
	if (sqlite3_prepare_v2(store->db,
	                       "SELECT wall_ms FROM events WHERE match_id = ? AND wall_ms IS NOT NULL "
	                       "ORDER BY seq DESC LIMIT 1",
	                       -1, &stmt, NULL) != SQLITE_OK)
		return db_error(err, store->db, "cannot read the events");
	sqlite3_bind_int64(stmt, 1, id);
	int rc = sqlite3_step(stmt);
	cc_err result = CC_OK;
	if (rc == SQLITE_ROW)
		*wall_ms = sqlite3_column_int64(stmt, 0);
	else if (rc == SQLITE_DONE)
		result = cc_error_set(err, CC_ERR_NOT_FOUND, "match %lld has no event with a commit time", (long long)id);
	else
		result = db_error(err, store->db, "cannot read the events");
	sqlite3_finalize(stmt);
	return result;
}

cc_err cc_store_match_in_use(cc_store *store, int64_t id, bool *in_use, cc_error *err)
{
	char lock_path[PATH_MAX_LEN + 8];
	snprintf(lock_path, sizeof lock_path, "%s.lock", store->path);
	*in_use = false;
	int fd = open(lock_path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? CC_OK : cc_error_set(err, CC_ERR_STORE, "cannot read %s: %s", lock_path,
		                                              strerror(errno));
	/* F_OFD_GETLK only asks: it takes nothing and writes nothing. */
	struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = (off_t)id, .l_len = 1};
	cc_err result = CC_OK;
	if (fcntl(fd, F_OFD_GETLK, &lock) != 0)
		result = cc_error_set(err, CC_ERR_STORE, "cannot read %s: %s", lock_path, strerror(errno));
	else
		*in_use = lock.l_type != F_UNLCK;
	close(fd);
	return result;
}

cc_err cc_store_data_version(cc_store *store, int64_t *version, cc_error *err)
{
	return query_int(store->db, "PRAGMA data_version", version) == SQLITE_OK
	           ? CC_OK
	           : db_error(err, store->db, "cannot read the database");
}

/* One stored event row as a core event. */
static cc_err read_event(sqlite3_stmt *stmt, cc_event *ev, cc_error *err)
{
	memset(ev, 0, sizeof *ev);
	ev->t_ms = sqlite3_column_int64(stmt, 0);
	ev->winner = CC_WINNER_NONE;
	bool ok = cc_event_kind_parse(column_text(stmt, 1), &ev->kind) == CC_OK;
	if (ok && event_has_side(ev->kind))
		ok = cc_side_parse(column_text(stmt, 2), &ev->side) == CC_OK;
	ev->gives_check = sqlite3_column_int(stmt, 3) != 0;
	ev->cube_cs = sqlite3_column_int(stmt, 4);
	if (ok && ev->kind == CC_EV_ARBITER)
		ok = cc_winner_parse(column_text(stmt, 5), &ev->winner) == CC_OK;
	snprintf(ev->text, sizeof ev->text, "%s", column_text(stmt, 6));
	return ok ? CC_OK : cc_error_set(err, CC_ERR_STORE, "a stored event has values this program does not know");
}

static cc_err replay_events(cc_store *store, int64_t id, cc_match *m, cc_error *err)
{
	sqlite3_stmt *stmt;
	cc_err result = CC_OK;
	int rc;
	if (sqlite3_prepare_v2(store->db,
	                       "SELECT t_ms, kind, side, gives_check, cube_cs, winner, text FROM events "
	                       "WHERE match_id = ? ORDER BY seq",
	                       -1, &stmt, NULL) != SQLITE_OK)
		return db_error(err, store->db, "cannot read the events");
	sqlite3_bind_int64(stmt, 1, id);
	while (result == CC_OK && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		cc_event ev;
		cc_error why;
		result = read_event(stmt, &ev, err);
		if (result == CC_OK && cc_match_apply(m, &ev, &why) != CC_OK)
			result = cc_error_set(err, CC_ERR_STORE, "stored event %zu of match %lld is refused on replay: %s",
			                      cc_match_event_count(m) + 1, (long long)id, why.message);
	}
	if (result == CC_OK && rc != SQLITE_DONE)
		result = db_error(err, store->db, "cannot read the events");
	sqlite3_finalize(stmt);
	return result;
}

cc_err cc_store_load_match(cc_store *store, int64_t id, cc_match **out, cc_error *err)
{
	cc_store_match_info info;
	cc_match *m = NULL;
	*out = NULL;
	cc_err rc = cc_store_match_info_of(store, id, &info, err);
	if (rc == CC_OK)
		rc = cc_match_create(&m, &info.settings, err);
	if (rc == CC_OK)
		rc = replay_events(store, id, m, err);
	if (rc) {
		cc_match_destroy(m);
		return rc;
	}
	*out = m;
	return CC_OK;
}
