/*
 * store.c: the match record in SQLite: opening and closing a store,
 * recording a match and its events, reading them back. The file format is
 * store_schema.c's, the file's safety (locks, links, readers)
 * store_file.c's, the rows' encoding store_codec.c's, the club tables
 * store_club.c's.
 *
 * Not thread-safe: a process uses its stores from one thread.
 */
#define _GNU_SOURCE /* F_OFD_SETLK */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chesscubing/game.h"
#include "store_internal.h"

cc_err cc_store_default_path(const char *folder, char *buf, size_t size, bool create, cc_error *err)
{
	char dir[PATH_MAX_LEN];
	if (folder && folder[0]) /* the session's data folder (cc_session_data_folder) */
		snprintf(dir, sizeof dir, "%s", folder);
	else
		return cc_refuse(err, CC_MSG_NO_HOME_XDG_DATA);
	/* mkdir -p, one level at a time */
	for (char *p = dir + 1; create && *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST)
			return cc_refuse(err, CC_MSG_CANNOT_CREATE, dir, errno);
		*p = '/';
	}
	if (create && mkdir(dir, 0700) != 0 && errno != EEXIST)
		return cc_refuse(err, CC_MSG_CANNOT_CREATE, dir, errno);
	if ((size_t)snprintf(buf, size, "%s/matches.db", dir) >= size)
		return cc_refuse(err, CC_MSG_DATABASE_PATH_TOO_LONG);
	return CC_OK;
}

/* Finalizes the cached statements of s->db, then closes it; every other
 * statement is finalized by then. A reader that reopens (store_file.c)
 * closes its old connection here too: no cached statement outlives it. */
void cc_store_close_db(cc_store *s)
{
	for (size_t i = 0; i < CC_STORE_CACHED_MAX; i++) {
		cc_store_cached *c = &s->cached[i];
		if (!c->stmt || c->db != s->db)
			continue;
		assert(!c->busy); /* a query still running on a closing connection */
		sqlite3_finalize(c->stmt);
		*c = (cc_store_cached){NULL, NULL, NULL, false};
	}
	int rc = sqlite3_close(s->db);
	assert(rc == SQLITE_OK); /* SQLITE_BUSY: a statement left unfinalized */
	if (rc != SQLITE_OK)
		(void)sqlite3_close_v2(s->db); /* frees it once the statement goes */
	s->db = NULL;
}

cc_err cc_store_open(cc_store **out, const char *path, cc_store_mode mode, cc_error *err)
{
	return cc_store_open_judged(out, path, mode, NULL, err);
}

cc_err cc_store_open_judged(cc_store **out, const char *path, cc_store_mode mode, cc_store_stands_fn stands,
                            cc_error *err)
{
	struct stat st;
	bool present = stat(path, &st) == 0;
	*out = NULL;
	if (strlen(path) >= PATH_MAX_LEN)
		return cc_refuse(err, CC_MSG_DATABASE_PATH_TOO_LONG);
	if (!present && mode == CC_STORE_READ)
		return cc_refuse(err, CC_MSG_NO_DATABASE_AT, path);
	if (present && !S_ISREG(st.st_mode))
		return cc_refuse(err, CC_MSG_STORE_NOT_A_FILE, path);
	char real[PATH_MAX]; /* the folder that gets -wal/-shm is the real file's */
	if (!present || !realpath(path, real) || strlen(real) >= PATH_MAX_LEN)
		snprintf(real, sizeof real, "%s", path);
	if (present && mode == CC_STORE_WRITE) {
		cc_err rc = cc_store_check_writable(real, err);
		if (rc)
			return rc;
	} else if (mode == CC_STORE_WRITE) {
		cc_err rc = cc_store_create_private(path, err);
		if (rc)
			return rc;
	}
	cc_store *s = calloc(1, sizeof *s);
	if (!s)
		return cc_refuse(err, CC_MSG_NOMEM);
	s->mode = mode;
	s->stands = stands;
	s->file_fd = -1;
	snprintf(s->path, sizeof s->path, "%s", path);
	snprintf(s->real, sizeof s->real, "%s", real);
	cc_err rc = CC_OK;
	if (mode == CC_STORE_READ) {
		rc = cc_store_open_reader(s, err);
	} else {
		/* one thread a store (store.h): no mutex around each SQLite call */
		int open_rc =
		        sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
		if (open_rc != SQLITE_OK)
			rc = db_error_at(err, s->db, open_rc, CC_MSG_STORE_OPEN_FAILED, path);
	}
	if (rc == CC_OK)
		rc = cc_store_open_file_fd(s, err);
	if (rc == CC_OK)
		rc = cc_store_configure(s, err);
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
	if (store->db)
		cc_store_close_db(store);
	if (store->made_wal && store->file_fd >= 0 && !cc_store_file_open_elsewhere(store))
		cc_store_remove_reader_files(store);
	cc_store_release_file_fd(store);
	free(store);
}

/* ---- matches ------------------------------------------------------------- */

cc_err cc_store_create_match(cc_store *store, const cc_match_settings *s, const char *sheet, int64_t wall_ms,
                             int64_t *id, cc_error *err)
{
	return cc_store_create_match_club(store, s, sheet, wall_ms, NULL, id, err);
}

cc_err cc_store_create_match_club(cc_store *store, const cc_match_settings *s, const char *sheet, int64_t wall_ms,
                                  const cc_store_match_club *club, int64_t *id, cc_error *err)
{
	return cc_store_create_match_fair(store, s, sheet, wall_ms, club, NULL, id, err);
}

cc_err cc_store_create_match_fair(cc_store *store, const cc_match_settings *s, const char *sheet, int64_t wall_ms,
                                  const cc_store_match_club *club, const cc_store_fairness *fair, int64_t *id,
                                  cc_error *err)
{
	const cc_msg what = CC_MSG_STORE_RECORD_MATCH;
	char seed[24], created[32];
	query q;
	assert(store->mode == CC_STORE_WRITE);
	if (!cc_store_format_utc(wall_ms, created, sizeof created))
		return cc_refuse(err, CC_MSG_WALL_TIME_OUT_OF_RANGE_MS, wall_ms);
	snprintf(seed, sizeof seed, "%llu", (unsigned long long)s->seed);
	int rc = sqlite3_exec(store->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, what, err);
	q_prepare(&q, store->db,
	          "INSERT INTO matches (created_utc, format, category, record, white, black, seed, sheet, variant, "
	          "tc_base_ms, tc_increment_ms, claims, tc_periods) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
	q_text(&q, 1, created);
	q_text(&q, 2, cc_format_name(s->format));
	q_text(&q, 3, cc_category_name(s->category));
	q_text(&q, 4, cc_record_mode_name(s->record));
	q_text(&q, 5, s->white);
	q_text(&q, 6, s->black);
	q_text(&q, 7, seed);
	q_text(&q, 8, sheet && sheet[0] ? sheet : NULL);
	q_text(&q, 9, cc_chess_variant_name(s->variant));
	q_int64(&q, 10, s->tc_base_ms);
	q_int64(&q, 11, s->tc_increment_ms);
	q_text(&q, 12, cc_claims_name(s->claims));
	/* a clock of more than one Fischer period: the whole control (FI-6.11) */
	char periods[128];
	cc_tc_format(s, CC_TC_CLUB, periods, sizeof periods);
	bool plain = s->tc_moves == 0 && s->tc_mode == CC_TC_FISCHER && s->tc_more == 0;
	q_text(&q, 13, plain ? NULL : periods);
	q_step(&q);
	rc = q_finish(&q);
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, what, err);
	int64_t new_id = sqlite3_last_insert_rowid(store->db);
	if (cc_game_has(s->format, CC_GAME_DEALT)) {
		rc = cc_store_record_uno(store->db, new_id, s, fair);
		if (rc != SQLITE_OK)
			return fail_transaction(store->db, rc, what, err);
	}
	/* Its players and its pairing in the same transaction (CL-1.2, CL-3.3). */
	cc_err result = cc_store_link_new_match(store, new_id, s, club, err);
	if (result)
		return refused_transaction(store->db, result, err);
	/* Locked before it is committed: no other console can ever see the new
	 * match unlocked, and a refused lock leaves no match behind. */
	result = cc_store_file_lock(store, new_id, err);
	if (result)
		return refused_transaction(store->db, result, err);
	rc = sqlite3_exec(store->db, "COMMIT", NULL, NULL, NULL);
	if (rc != SQLITE_OK) {
		cc_store_file_unlock(store, new_id);
		return fail_transaction(store->db, rc, what, err);
	}
	*id = new_id;
	return CC_OK;
}

cc_err cc_store_set_sheet(cc_store *store, int64_t id, const char *sheet, cc_error *err)
{
	query q;
	q_prepare(&q, store->db, "UPDATE matches SET sheet = ? WHERE id = ?");
	q_text(&q, 1, sheet && sheet[0] ? sheet : NULL);
	q_int64(&q, 2, id);
	q_step(&q);
	int rc = q_finish(&q);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, CC_MSG_STORE_RECORD_SHEET);
}

/* RU-18: the resume r that recorded event seq, as the next of match id's
 * resumes; the last-seen stamp it used goes with it. */
static int insert_resume(sqlite3 *db, int64_t id, size_t seq, int64_t wall_ms, const cc_store_resume *r)
{
	query q;
	q_prepare(&q, db,
	          "INSERT INTO resumes (match_id, seq, event_seq, wall_ms, stopped_t_ms, stopped_wall_ms, last_t_ms,"
	          " last_wall_ms, side, returned_ms, taken_back_seq)"
	          " VALUES (?1, (SELECT coalesce(max(seq), 0) + 1 FROM resumes WHERE match_id = ?1),"
	          " ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NULL)");
	q_int64(&q, 1, id);
	q_int64(&q, 2, (int64_t)seq);
	q_int64(&q, 3, wall_ms);
	q_int64(&q, 4, r->stopped_t_ms);
	q_int64(&q, 5, r->stopped_wall_ms);
	q_int64(&q, 6, r->last_t_ms);
	q_int64(&q, 7, r->last_wall_ms);
	q_text(&q, 8, cc_side_name(r->side));
	q_int64(&q, 9, r->returned_ms);
	q_step(&q);
	int rc = q_finish(&q);
	if (rc != SQLITE_OK)
		return rc;
	q_prepare(&q, db, "DELETE FROM seen WHERE match_id = ?");
	q_int64(&q, 1, id);
	q_step(&q);
	return q_finish(&q);
}

static cc_err append_event(cc_store *store, int64_t id, size_t seq, const cc_event *ev, const cc_match_view *after,
                           int64_t wall_ms, const cc_store_resume *resume, cc_error *err)
{
	sqlite3 *db = store->db;
	bool ratings_valid = false;
	/* Every statement of an event's transaction is kept prepared (q_cached):
	 * each is reset before the next runs, whatever it returned, so a
	 * failure leaves none of them open under fail_transaction's ROLLBACK. */
	int rc = exec_cached(store, "BEGIN IMMEDIATE");
	if (rc == SQLITE_OK)
		rc = cc_store_ratings_valid_now(store, &ratings_valid); /* before our writes mark it */
	if (rc == SQLITE_OK)
		rc = cc_store_insert_event(store, id, seq, ev, wall_ms);
	if (rc == SQLITE_OK && resume)
		rc = insert_resume(db, id, seq, wall_ms, resume);
	if (rc == SQLITE_OK)
		rc = cc_store_update_result(store, id, after);
	/* The rating cache in the same transaction (CL-2.12). */
	if (rc == SQLITE_OK)
		rc = cc_store_ratings_after_event(store, id, ratings_valid);
	if (rc == SQLITE_OK)
		rc = exec_cached(store, "COMMIT");
	return rc == SQLITE_OK ? CC_OK : fail_transaction(db, rc, CC_MSG_STORE_EVENT_NOT_RECORDED, err);
}

cc_err cc_store_append_event(cc_store *store, int64_t id, size_t seq, const cc_event *ev,
                             const cc_match_view *after, int64_t wall_ms, cc_error *err)
{
	return append_event(store, id, seq, ev, after, wall_ms, NULL, err);
}

cc_err cc_store_append_resume(cc_store *store, int64_t id, size_t seq, const cc_event *ev, const cc_match_view *after,
                              int64_t wall_ms, const cc_store_resume *r, cc_error *err)
{
	return append_event(store, id, seq, ev, after, wall_ms, r, err);
}

/* ---- reading --------------------------------------------------------------- */

cc_err cc_store_match_info_of(cc_store *store, int64_t id, cc_store_match_info *info, cc_error *err)
{
	query q;
	cc_err result = CC_OK;
	q_cached(&q, store, cc_store_info_query(store, CC_STORE_INFO_ONE));
	q_int64(&q, 1, id);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW)
		result = cc_store_read_info(q.stmt, info, err);
	else if (rc == SQLITE_DONE)
		result = cc_refuse(err, CC_MSG_NO_MATCH_IN, id, store->path);
	rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_MATCHES);
	return result;
}

/* The rows of sql (?1 bound to limit when it is not negative), each given
 * to each, one at a time whatever the record's size. */
static cc_err rows_each(cc_store *store, const char *sql, int64_t limit, cc_store_list_fn each, void *ctx,
                        cc_error *err)
{
	query q;
	cc_err result = CC_OK;
	cc_store_match_info *info = malloc(sizeof *info);
	if (!info)
		return cc_refuse(err, CC_MSG_NOMEM);
	q_prepare(&q, store->db, sql);
	if (limit >= 0)
		q_int64(&q, 1, limit);
	while (result == CC_OK && q_step(&q) == SQLITE_ROW) {
		result = cc_store_read_info(q.stmt, info, err);
		if (result == CC_OK)
			result = each(ctx, info, err);
	}
	int rc = q_finish(&q);
	free(info);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_MATCHES);
	return result;
}

cc_err cc_store_list_each(cc_store *store, cc_store_list_fn each, void *ctx, cc_error *err)
{
	return rows_each(store, cc_store_info_query(store, CC_STORE_INFO_ALL), -1, each, ctx, err);
}

cc_err cc_store_list_newest(cc_store *store, size_t limit, cc_store_list_fn each, void *ctx, cc_error *err)
{
	int64_t n = limit > INT64_MAX ? INT64_MAX : (int64_t)limit;
	cc_err result = rows_each(store, cc_store_info_query(store, CC_STORE_INFO_NEWEST_PLAYING), n, each, ctx, err);
	if (result == CC_OK)
		result = rows_each(store, cc_store_info_query(store, CC_STORE_INFO_NEWEST_OVER), n, each, ctx, err);
	return result;
}

typedef struct {
	cc_store_match_info *items;
	size_t count, cap;
} list_array;

static cc_err list_append(void *ctx, const cc_store_match_info *info, cc_error *err)
{
	list_array *a = ctx;
	if (!cc_store_grow((void **)&a->items, a->count, &a->cap, sizeof *a->items))
		return cc_refuse(err, CC_MSG_NOMEM);
	a->items[a->count++] = *info;
	return CC_OK;
}

cc_err cc_store_list(cc_store *store, cc_store_match_info **items, size_t *count, cc_error *err)
{
	list_array a = {NULL, 0, 0};
	cc_err result = cc_store_list_each(store, list_append, &a, err);
	if (result) {
		free(a.items);
		a.items = NULL;
		a.count = 0;
	}
	*items = a.items;
	*count = a.count;
	return result;
}

static cc_err latest(cc_store *store, const char *sql, int64_t *id, cc_msg none, cc_error *err)
{
	int rc = query_int(store->db, sql, id);
	if (rc == SQLITE_DONE)
		return cc_refuse(err, none, store->path);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, CC_MSG_STORE_READ_MATCHES);
}

cc_err cc_store_latest_unfinished(cc_store *store, int64_t *id, cc_error *err)
{
	return latest(store, "SELECT max(id) FROM matches WHERE result_winner IS NULL HAVING max(id) IS NOT NULL", id,
	              CC_MSG_NO_UNFINISHED_MATCH_IN, err);
}

cc_err cc_store_latest(cc_store *store, int64_t *id, cc_error *err)
{
	return latest(store, "SELECT max(id) FROM matches HAVING max(id) IS NOT NULL", id, CC_MSG_NO_MATCH_AT_ALL_IN, err);
}

cc_err cc_store_last_event_wall(cc_store *store, int64_t id, int64_t *wall_ms, cc_error *err)
{
	query q;
	cc_err result = CC_OK;
	if (store->version < 3)
		return cc_refuse(err, CC_MSG_NO_COMMIT_TIMES);
	q_cached(&q, store,
	         "SELECT wall_ms FROM events WHERE match_id = ? AND wall_ms IS NOT NULL ORDER BY seq DESC LIMIT 1");
	q_int64(&q, 1, id);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW)
		*wall_ms = sqlite3_column_int64(q.stmt, 0);
	else if (rc == SQLITE_DONE)
		result = cc_refuse(err, CC_MSG_MATCH_NO_COMMIT_TIME, id);
	rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_MATCH_EVENTS);
	return result;
}

cc_err cc_store_event_times(cc_store *store, int64_t id, cc_store_event_time **out, size_t *count, cc_error *err)
{
	return cc_store_event_times_from(store, id, 0, out, count, err);
}

cc_err cc_store_event_times_from(cc_store *store, int64_t id, size_t from, cc_store_event_time **out, size_t *count,
                                 cc_error *err)
{
	query q;
	cc_err result = CC_OK;
	size_t n = 0, cap = 0;
	cc_store_event_time *times = NULL;
	*out = NULL;
	*count = 0;
	q_prepare(&q, store->db,
	          store->version < 3 ? "SELECT t_ms, 0 FROM events WHERE match_id = ? AND seq >= ? ORDER BY seq"
	                             : "SELECT t_ms, coalesce(wall_ms, 0) FROM events WHERE match_id = ? AND seq >= ? ORDER BY seq");
	q_int64(&q, 1, id);
	q_int64(&q, 2, (int64_t)from);
	int rc;
	while ((rc = q_step(&q)) == SQLITE_ROW) {
		if (n == cap) {
			size_t more = cap ? 2 * cap : 64;
			cc_store_event_time *grown = realloc(times, more * sizeof *grown);
			if (!grown) {
				result = cc_refuse(err, CC_MSG_NOMEM);
				break;
			}
			times = grown;
			cap = more;
		}
		times[n].t_ms = sqlite3_column_int64(q.stmt, 0);
		times[n++].wall_ms = sqlite3_column_int64(q.stmt, 1);
	}
	rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_MATCH_EVENTS);
	if (result) {
		free(times);
		return result;
	}
	*out = times;
	*count = n;
	return CC_OK;
}

cc_err cc_store_write_seen(cc_store *store, int64_t id, int64_t t_ms, int64_t wall_ms, cc_error *err)
{
	query q;
	q_cached(&q, store, "INSERT OR REPLACE INTO seen (match_id, t_ms, wall_ms) VALUES (?, ?, ?)");
	q_int64(&q, 1, id);
	q_int64(&q, 2, t_ms);
	q_int64(&q, 3, wall_ms);
	int rc = q_step(&q);
	int done = q_finish(&q);
	if (rc != SQLITE_DONE || done != SQLITE_OK)
		return db_error(err, store->db, rc != SQLITE_DONE ? rc : done, CC_MSG_STORE_WRITE_LAST_SEEN);
	return CC_OK;
}

cc_err cc_store_read_seen(cc_store *store, int64_t id, int64_t *t_ms, int64_t *wall_ms, cc_error *err)
{
	query q;
	cc_err result = CC_OK;
	if (store->version < 9)
		return cc_refuse(err, CC_MSG_MATCH_NO_COMMIT_TIME, id);
	q_cached(&q, store, "SELECT t_ms, wall_ms FROM seen WHERE match_id = ?");
	q_int64(&q, 1, id);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW) {
		*t_ms = sqlite3_column_int64(q.stmt, 0);
		*wall_ms = sqlite3_column_int64(q.stmt, 1);
	} else if (rc == SQLITE_DONE) {
		result = cc_refuse(err, CC_MSG_MATCH_NO_COMMIT_TIME, id);
	}
	rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_LAST_SEEN);
	return result;
}

cc_err cc_store_resume_taken_back(cc_store *store, int64_t id, size_t event_seq, cc_error *err)
{
	query q;
	q_prepare(&q, store->db,
	          "UPDATE resumes SET taken_back_seq = ? WHERE match_id = ?"
	          " AND seq = (SELECT max(seq) FROM resumes WHERE match_id = ?)");
	q_int64(&q, 1, (int64_t)event_seq);
	q_int64(&q, 2, id);
	q_int64(&q, 3, id);
	q_step(&q);
	int rc = q_finish(&q);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, CC_MSG_STORE_RECORD_RETURNED_TIME);
}

cc_err cc_store_resumes(cc_store *store, int64_t id, cc_store_resume **out, size_t *count, cc_error *err)
{
	query q;
	cc_err result = CC_OK;
	cc_store_resume *items = NULL;
	size_t n = 0, cap = 0;
	*out = NULL;
	*count = 0;
	if (store->version < RESUMES_VERSION)
		return CC_OK;
	q_cached(&q, store,
	         "SELECT event_seq, wall_ms, stopped_t_ms, stopped_wall_ms, last_t_ms, last_wall_ms, side, returned_ms,"
	         " taken_back_seq FROM resumes WHERE match_id = ? ORDER BY seq");
	q_int64(&q, 1, id);
	while (q_step(&q) == SQLITE_ROW) {
		if (n == cap) {
			size_t more = cap ? 2 * cap : 4;
			cc_store_resume *grown = realloc(items, more * sizeof *grown);
			if (!grown) {
				result = cc_refuse(err, CC_MSG_NOMEM);
				break;
			}
			items = grown;
			cap = more;
		}
		cc_store_resume *r = &items[n];
		int64_t event_seq = sqlite3_column_int64(q.stmt, 0);
		r->event_seq = event_seq > 0 ? (size_t)event_seq : 0;
		r->wall_ms = sqlite3_column_int64(q.stmt, 1);
		r->stopped_t_ms = sqlite3_column_int64(q.stmt, 2);
		r->stopped_wall_ms = sqlite3_column_int64(q.stmt, 3);
		r->last_t_ms = sqlite3_column_int64(q.stmt, 4);
		r->last_wall_ms = sqlite3_column_int64(q.stmt, 5);
		if (cc_side_parse(column_text(q.stmt, 6), &r->side) != CC_OK)
			continue; /* an edited row that names no side: not a resume we can tell */
		r->returned_ms = sqlite3_column_int64(q.stmt, 7);
		r->taken_back = sqlite3_column_type(q.stmt, 8) != SQLITE_NULL;
		int64_t taken = r->taken_back ? sqlite3_column_int64(q.stmt, 8) : 0;
		r->taken_back_seq = taken > 0 ? (size_t)taken : 0;
		n++;
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_RESUMES);
	if (result) {
		free(items);
		return result;
	}
	*out = items;
	*count = n;
	return CC_OK;
}

cc_err cc_store_match_events_each(cc_store *store, int64_t id, cc_store_event_fn each, void *ctx, cc_error *err)
{
	return cc_store_match_events_from(store, id, 0, each, ctx, err);
}

cc_err cc_store_match_events_from(cc_store *store, int64_t id, size_t from, cc_store_event_fn each, void *ctx,
                                  cc_error *err)
{
	query q;
	cc_err result = CC_OK;
	cc_event ev;
	/* A reader never migrates: an older file has no correction columns. */
	q_cached(&q, store,
	         store->version >= 18 ? "SELECT t_ms, kind, side, gives_check, cube_cs, winner, text, target, amount, "
	                                "relative, timer FROM events WHERE match_id = ? AND seq >= ? ORDER BY seq"
	         : store->version >= 4 ? "SELECT t_ms, kind, side, gives_check, cube_cs, winner, text, target, amount, "
	                                 "relative, 0 FROM events WHERE match_id = ? AND seq >= ? ORDER BY seq"
	                               : "SELECT t_ms, kind, side, gives_check, cube_cs, winner, text, NULL, 0, 0, 0 "
	                                 "FROM events WHERE match_id = ? AND seq >= ? ORDER BY seq");
	q_int64(&q, 1, id);
	q_int64(&q, 2, (int64_t)from);
	for (size_t seq = from; result == CC_OK && q_step(&q) == SQLITE_ROW; seq++) {
		result = cc_store_read_event(q.stmt, &ev, err);
		if (result == CC_OK)
			result = each(ctx, seq, &ev, err);
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_MATCH_EVENTS);
	return result;
}

typedef struct {
	cc_event *events;
	size_t n, cap;
} event_array;

static cc_err event_append(void *ctx, size_t seq, const cc_event *ev, cc_error *err)
{
	event_array *a = ctx;
	(void)seq;
	if (!cc_store_grow((void **)&a->events, a->n, &a->cap, sizeof *a->events))
		return cc_refuse(err, CC_MSG_NOMEM);
	a->events[a->n++] = *ev;
	return CC_OK;
}

cc_err cc_store_match_events(cc_store *store, int64_t id, cc_event **out, size_t *count, cc_error *err)
{
	event_array a = {NULL, 0, 0};
	cc_err result = cc_store_match_events_each(store, id, event_append, &a, err);
	*out = NULL;
	*count = 0;
	if (result) {
		free(a.events);
		return result;
	}
	*out = a.events;
	*count = a.n;
	return CC_OK;
}

/* ---- backup --------------------------------------------------------------- */

/* Copies every page of store into dest in one step, retrying while a
 * writer briefly locks the source (WAL: readers normally never wait). */
static int backup_pages(sqlite3 *dest, sqlite3 *src)
{
	sqlite3_backup *b = sqlite3_backup_init(dest, "main", src, "main");
	if (!b)
		return sqlite3_errcode(dest);
	int rc, tries = 0;
	do {
		rc = sqlite3_backup_step(b, -1);
		if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
			sqlite3_sleep(20);
	} while ((rc == SQLITE_BUSY || rc == SQLITE_LOCKED || rc == SQLITE_OK) && ++tries < 500);
	int done = sqlite3_backup_finish(b);
	return rc == SQLITE_DONE ? done : rc;
}

cc_err cc_store_backup(cc_store *store, const char *to, cc_error *err)
{
	struct stat st;
	char part[PATH_MAX_LEN + 8];
	if (strlen(to) >= PATH_MAX_LEN)
		return cc_refuse(err, CC_MSG_DATABASE_PATH_TOO_LONG);
	if (stat(to, &st) == 0)
		return cc_refuse(err, CC_MSG_BACKUP_TARGET_EXISTS, to);
	snprintf(part, sizeof part, "%s.part", to);
	(void)remove(part); /* what an interrupted backup left */
	/* RE-3.7: the copy holds what the record does (a running deal): made
	 * 0600 whatever the umask before SQLite opens it, which keeps the mode */
	cc_err made = cc_store_create_private(part, err);
	if (made != CC_OK)
		return made;
	if (lstat(part, &st) != 0 || !S_ISREG(st.st_mode) || (st.st_mode & 0077) != 0) /* one planted meanwhile */
		return cc_refuse(err, CC_MSG_CANNOT_CREATE, part, EEXIST);
	sqlite3 *dest = NULL;
	int rc = sqlite3_open_v2(part, &dest, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
	if (rc == SQLITE_OK)
		rc = backup_pages(dest, store->db);
	/* The copy stands alone: its journal back to a rollback file. */
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(dest, "PRAGMA journal_mode=DELETE;", NULL, NULL, NULL);
	cc_err out = CC_OK;
	if (rc != SQLITE_OK)
		out = db_error_at(err, dest, rc, CC_MSG_BACKUP_FAILED, to);
	rc = sqlite3_close(dest);
	if (rc != SQLITE_OK && out == CC_OK)
		out = db_error_at(err, NULL, rc, CC_MSG_BACKUP_FAILED, to);
	if (out == CC_OK && rename(part, to) != 0)
		out = cc_refuse(err, CC_MSG_BACKUP_NOT_NAMED, to, errno);
	if (out != CC_OK)
		(void)remove(part);
	return out;
}
