/*
 * store_corrections.c: the arbiters' club corrections of finished matches
 * (schema 10, rules/club.md CL-5.3..CL-5.7).
 *
 * A correction is a row beside the game, never an event of it: the game's
 * events, clocks and own result (matches.result_*) stay as played, so
 * `show`, `export` and `verify` replay the game as it was, and a
 * correction leaves the order of the ratings' replay alone (CL-2.7: by the
 * end of play). What the club sees of a match over (the ratings, the
 * standings, the event's table) is its own result and rated flag with the
 * standing corrections applied in the order they were made: each sets the
 * winner (the reason becomes an arbiter decision), the rated flag, or both.
 * An undone correction stays in the log, marked with who undid it and when.
 *
 * A correction is made, or undone, in one transaction under the match's
 * lock (CL-5.1: refused while a console has the match open), with the
 * rating cache brought up to date in it (CL-2.12) by the path an event
 * takes: the match's row is rated again in its place, and every game after.
 *
 * A record of an older schema, which a reader never migrates, has no
 * corrections table: then no match has a correction.
 */
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

/* Does the file have the corrections table? Its schema says so (10 and
 * later), as for every other table: asked once an event by a console, so
 * no query (it was a scan of sqlite_schema each time). */
static bool have_corrections(const cc_store *store)
{
	return store->version >= CC_STORE_CORRECTIONS_VERSION;
}

int cc_store_corrected(cc_store *store, int64_t id, bool over, cc_winner *winner, cc_end_reason *reason, bool *rated)
{
	query q;
	if (!over || !have_corrections(store))
		return SQLITE_OK;
	q_cached(&q, store,
	         "SELECT winner, rated FROM corrections WHERE match_id = ? AND undone_wall_ms IS NULL ORDER BY id");
	q_int64(&q, 1, id);
	while (q_step(&q) == SQLITE_ROW) {
		cc_winner w;
		if (sqlite3_column_type(q.stmt, 0) != SQLITE_NULL && cc_winner_parse(column_text(q.stmt, 0), &w) == CC_OK) {
			*winner = w;
			if (reason)
				*reason = CC_REASON_ARBITER;
		}
		if (sqlite3_column_type(q.stmt, 1) != SQLITE_NULL)
			*rated = sqlite3_column_int(q.stmt, 1) != 0;
	}
	return q_finish(&q);
}

cc_err cc_store_club_matches_corrected(cc_store *store, cc_store_club_match *items, size_t count, cc_error *err)
{
	if (!have_corrections(store))
		return CC_OK;
	for (size_t i = 0; i < count; i++) {
		cc_store_club_match *m = &items[i];
		int rc = cc_store_corrected(store, m->id, m->over, &m->winner, &m->reason, &m->rated);
		if (rc != SQLITE_OK)
			return db_error(err, store->db, rc, CC_MSG_STORE_READ_CORRECTIONS);
	}
	return CC_OK;
}

/* Is match id over, as played? CC_ERR_NOT_FOUND, CC_ERR_INVALID when not. */
static cc_err check_over(cc_store *store, int64_t id, cc_error *err)
{
	query q;
	cc_err result = CC_OK;
	q_prepare(&q, store->db, "SELECT result_winner IS NOT NULL FROM matches WHERE id = ?");
	q_int64(&q, 1, id);
	int step = q_step(&q);
	if (step == SQLITE_ROW && sqlite3_column_int(q.stmt, 0) == 0)
		result = cc_refuse(err, CC_MSG_CORRECTION_NOT_OVER, id);
	else if (step == SQLITE_DONE)
		result = cc_refuse(err, CC_MSG_NO_MATCH_IN, id, store->path);
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_MATCHES);
	return result;
}

/* Runs change(store, ctx) in a transaction under match id's lock, with the
 * rating cache brought up to date; the lock released after. */
typedef cc_err (*change_fn)(cc_store *store, void *ctx, cc_error *err);

static cc_err under_lock(cc_store *store, int64_t id, change_fn change, void *ctx, cc_error *err)
{
	sqlite3 *db = store->db;
	bool valid = false;
	const cc_msg what = CC_MSG_STORE_CORRECTION_NOT_RECORDED;
	if (store->mode != CC_STORE_WRITE || !have_corrections(store))
		return cc_refuse(err, CC_MSG_READ_ONLY_MATCH);
	cc_err result = cc_store_file_lock(store, id, err); /* CL-5.1: no console has it open */
	if (result)
		return result;
	int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = cc_store_ratings_valid_now(store, &valid); /* before our writes mark it */
	if (rc != SQLITE_OK) {
		result = fail_transaction(db, rc, what, err);
		goto out;
	}
	result = change(store, ctx, err);
	if (result) {
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		goto out;
	}
	rc = cc_store_ratings_after_event(store, id, valid); /* CL-2.12 */
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		result = fail_transaction(db, rc, what, err);
out:
	cc_store_file_unlock(store, id);
	return result;
}

typedef struct {
	const cc_store_correction *c;
	int64_t *id;
	cc_store_correction *undone;
} change_ctx;

static cc_err insert_correction(cc_store *store, void *ctx, cc_error *err)
{
	change_ctx *x = ctx;
	const cc_store_correction *c = x->c;
	query q;
	cc_err result = check_over(store, c->match_id, err);
	if (result)
		return result;
	q_prepare(&q, store->db,
	          "INSERT INTO corrections (match_id, winner, rated, why, by_whom, wall_ms) VALUES (?, ?, ?, ?, ?, ?)");
	q_int64(&q, 1, c->match_id);
	q_text(&q, 2, c->sets_result ? cc_winner_name(c->winner) : NULL);
	if (c->sets_rated)
		q_int64(&q, 3, c->rated ? 1 : 0);
	else
		q_text(&q, 3, NULL);
	q_text(&q, 4, c->why);
	q_text(&q, 5, c->by);
	q_int64(&q, 6, c->wall_ms);
	q_step(&q);
	int rc = q_finish(&q);
	if (rc != SQLITE_OK)
		return db_error(err, store->db, rc, CC_MSG_STORE_RECORD_CORRECTION);
	if (x->id)
		*x->id = sqlite3_last_insert_rowid(store->db);
	return CC_OK;
}

cc_err cc_store_correction_add(cc_store *store, const cc_store_correction *c, int64_t *id, cc_error *err)
{
	change_ctx x = {c, id, NULL};
	if (!c->why[0])
		return cc_refuse(err, CC_MSG_CORRECTION_NEEDS_REASON);
	if (!c->sets_result && !c->sets_rated)
		return cc_refuse(err, CC_MSG_CORRECTION_SETS_NOTHING);
	return under_lock(store, c->match_id, insert_correction, &x, err);
}

#define CORRECTION_COLUMNS "id, match_id, winner, rated, why, by_whom, wall_ms, undone_by, undone_wall_ms"

/* A row of CORRECTION_COLUMNS; false for a value not ours. */
static bool read_correction(sqlite3_stmt *st, cc_store_correction *c)
{
	memset(c, 0, sizeof *c);
	c->id = sqlite3_column_int64(st, 0);
	c->match_id = sqlite3_column_int64(st, 1);
	c->winner = CC_WINNER_NONE;
	c->sets_result = sqlite3_column_type(st, 2) != SQLITE_NULL;
	bool ok = !c->sets_result || cc_winner_parse(column_text(st, 2), &c->winner) == CC_OK;
	c->sets_rated = sqlite3_column_type(st, 3) != SQLITE_NULL;
	c->rated = c->sets_rated && sqlite3_column_int(st, 3) != 0;
	snprintf(c->why, sizeof c->why, "%s", column_text(st, 4));
	snprintf(c->by, sizeof c->by, "%s", column_text(st, 5));
	c->wall_ms = sqlite3_column_int64(st, 6);
	c->undone = sqlite3_column_type(st, 8) != SQLITE_NULL;
	snprintf(c->undone_by, sizeof c->undone_by, "%s", column_text(st, 7));
	c->undone_wall_ms = sqlite3_column_int64(st, 8);
	return ok;
}

typedef struct {
	int64_t match_id;
	const char *by;
	int64_t wall_ms;
	cc_store_correction *undone;
} undo_ctx;

static cc_err mark_undone(cc_store *store, void *ctx, cc_error *err)
{
	undo_ctx *u = ctx;
	query q;
	cc_store_correction last;
	bool found = false;
	q_prepare(&q, store->db,
	          "SELECT " CORRECTION_COLUMNS " FROM corrections WHERE match_id = ? AND undone_wall_ms IS NULL "
	          "ORDER BY id DESC LIMIT 1");
	q_int64(&q, 1, u->match_id);
	if (q_step(&q) == SQLITE_ROW) {
		found = true;
		(void)read_correction(q.stmt, &last);
	}
	int rc = q_finish(&q);
	if (rc != SQLITE_OK)
		return db_error(err, store->db, rc, CC_MSG_STORE_READ_CORRECTIONS);
	if (!found)
		return cc_refuse(err, CC_MSG_NO_CORRECTION_TO_UNDO, u->match_id);
	q_prepare(&q, store->db, "UPDATE corrections SET undone_by = ?, undone_wall_ms = ? WHERE id = ?");
	q_text(&q, 1, u->by);
	q_int64(&q, 2, u->wall_ms);
	q_int64(&q, 3, last.id);
	q_step(&q);
	rc = q_finish(&q);
	if (rc != SQLITE_OK)
		return db_error(err, store->db, rc, CC_MSG_STORE_UNDO_CORRECTION);
	last.undone = true;
	snprintf(last.undone_by, sizeof last.undone_by, "%s", u->by);
	last.undone_wall_ms = u->wall_ms;
	if (u->undone)
		*u->undone = last;
	return CC_OK;
}

cc_err cc_store_correction_undo(cc_store *store, int64_t match_id, const char *by, int64_t wall_ms,
                                cc_store_correction *undone, cc_error *err)
{
	undo_ctx u = {match_id, by ? by : "", wall_ms, undone};
	return under_lock(store, match_id, mark_undone, &u, err);
}

cc_err cc_store_corrections(cc_store *store, int64_t match_id, cc_store_correction **items, size_t *count,
                            cc_error *err)
{
	query q;
	size_t cap = 0;
	cc_err result = CC_OK;
	*items = NULL;
	*count = 0;
	if (!have_corrections(store))
		return CC_OK;
	q_cached(&q, store, "SELECT " CORRECTION_COLUMNS " FROM corrections WHERE match_id = ? ORDER BY id");
	q_int64(&q, 1, match_id);
	while (result == CC_OK && q_step(&q) == SQLITE_ROW) {
		if (!cc_store_grow((void **)items, *count, &cap, sizeof **items)) {
			result = cc_refuse(err, CC_MSG_NOMEM);
			break;
		}
		if (!read_correction(q.stmt, &(*items)[*count]))
			result = cc_refuse(err, CC_MSG_STORE_UNKNOWN_FORMAT_OR_RESULT, match_id);
		else
			(*count)++;
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_CORRECTIONS);
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
}
