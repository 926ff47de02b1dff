/*
 * store_players.c: the club's players (schema 5, rules/club.md CL-1, CL-7):
 * adding, finding, listing and renaming them, and keeping the list (merge,
 * delete, edit) with its log (CL-7.6). Split from store_club.c.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "store_internal.h"

bool cc_store_is_unique_violation(sqlite3 *db, int rc)
{
	return rc == SQLITE_CONSTRAINT_UNIQUE || rc == SQLITE_CONSTRAINT_PRIMARYKEY ||
	       (rc == SQLITE_CONSTRAINT && sqlite3_extended_errcode(db) == SQLITE_CONSTRAINT_UNIQUE);
}

cc_err cc_store_player_add(cc_store *store, const char *name, const char *club, const char *federation_id,
                           int64_t *id, cc_error *err)
{
	char key[CC_CLUB_KEY_MAX];
	cc_msg why;
	if (strlen(name) < CC_NAME_MAX && !cc_text_is_name(name, &why)) /* RU-24.1: why it is no name */
		return cc_refuse(err, why, name);
	if (strlen(name) >= CC_NAME_MAX || cc_club_name_key(name, key, sizeof key) != CC_OK)
		return cc_refuse(err, CC_MSG_NOT_A_PLAYER_NAME, name, CC_NAME_MAX - 1);
	if ((club && (strlen(club) >= CC_NAME_MAX || !cc_text_is_line(club))) ||
	    (federation_id && (strlen(federation_id) >= CC_STORE_FED_MAX || !cc_text_is_line(federation_id))))
		return cc_refuse(err, CC_MSG_PLAYER_CLUB_OR_ID_TOO_LONG, CC_NAME_MAX - 1, CC_STORE_FED_MAX - 1);
	query q;
	q_prepare(&q, store->db, "INSERT INTO players (name, name_key, club, federation_id) VALUES (?, ?, ?, ?)");
	q_text(&q, 1, name);
	q_text(&q, 2, key);
	q_text(&q, 3, club && club[0] ? club : NULL);
	q_text(&q, 4, federation_id && federation_id[0] ? federation_id : NULL);
	q_step(&q);
	int rc = q_finish(&q);
	if (cc_store_is_unique_violation(store->db, rc)) {
		/* CL-7.1: the same key spelt otherwise ("Elodie Roy" for "Élodie Roy") is named as registered */
		cc_store_player known;
		if (cc_store_player_find(store, name, &known, NULL) == CC_OK && strcmp(known.name, name) != 0)
			return cc_refuse(err, CC_MSG_PLAYER_REGISTERED_AS, name, known.name);
		return cc_refuse(err, CC_MSG_PLAYER_ALREADY_REGISTERED, name);
	}
	if (rc != SQLITE_OK)
		return db_error(err, store->db, rc, CC_MSG_STORE_ADD_PLAYER);
	if (id)
		*id = sqlite3_last_insert_rowid(store->db);
	return CC_OK;
}

static void read_player(sqlite3_stmt *stmt, cc_store_player *p)
{
	memset(p, 0, sizeof *p);
	p->id = sqlite3_column_int64(stmt, 0);
	snprintf(p->name, sizeof p->name, "%s", column_text(stmt, 1));
	snprintf(p->club, sizeof p->club, "%s", column_text(stmt, 2));
	snprintf(p->federation_id, sizeof p->federation_id, "%s", column_text(stmt, 3));
}

/* Are the record's name keys folded as cc_club_name_key() folds them now
 * (CL-7.1)? Not in a file of an older schema that a reader opens without
 * migrating it (its table player_log came with the folded keys): then a
 * name is looked up by the key of each row's name, computed again. */
bool cc_store_keys_current(cc_store *store)
{
	return cc_store_exec_one(store->db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'player_log'", NULL, 0, 0,
	                0, NULL) == SQLITE_ROW;
}

cc_err cc_store_player_find(cc_store *store, const char *name, cc_store_player *out, cc_error *err)
{
	char key[CC_CLUB_KEY_MAX];
	if (store->version < 5 || cc_club_name_key(name, key, sizeof key) != CC_OK)
		return cc_refuse(err, CC_MSG_NO_SUCH_PLAYER, name);
	query q;
	cc_err result = CC_OK;
	q_prepare(&q, store->db, cc_store_keys_current(store)
	                             ? "SELECT id, name, club, federation_id FROM players WHERE name_key = ?"
	                             : "SELECT id, name, club, federation_id FROM players WHERE cc_name_key(name) = ? "
	                               "ORDER BY id LIMIT 1");
	q_text(&q, 1, key);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW)
		read_player(q.stmt, out);
	else if (rc == SQLITE_DONE)
		result = cc_refuse(err, CC_MSG_NO_SUCH_PLAYER_SEE_LIST, name);
	rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_PLAYERS);
	return result;
}

cc_err cc_store_players(cc_store *store, cc_store_player **items, size_t *count, cc_error *err)
{
	query q;
	size_t cap = 0;
	*items = NULL;
	*count = 0;
	if (store->version < 5)
		return CC_OK;
	q_prepare(&q, store->db, "SELECT id, name, club, federation_id FROM players ORDER BY id");
	while (q_step(&q) == SQLITE_ROW) {
		if (!cc_store_grow((void **)items, *count, &cap, sizeof **items)) {
			q_finish(&q);
			free(*items);
			*items = NULL;
			*count = 0;
			return cc_refuse(err, CC_MSG_NOMEM);
		}
		read_player(q.stmt, &(*items)[(*count)++]);
	}
	int rc = q_finish(&q);
	if (rc != SQLITE_OK) {
		free(*items);
		*items = NULL;
		*count = 0;
		return db_error(err, store->db, rc, CC_MSG_STORE_READ_PLAYERS);
	}
	return CC_OK;
}

cc_err cc_store_player_rename(cc_store *store, int64_t id, const char *name, cc_error *err)
{
	char key[CC_CLUB_KEY_MAX];
	cc_msg why;
	if (strlen(name) < CC_NAME_MAX && !cc_text_is_name(name, &why)) /* RU-24.1: why it is no name */
		return cc_refuse(err, why, name);
	if (strlen(name) >= CC_NAME_MAX || cc_club_name_key(name, key, sizeof key) != CC_OK)
		return cc_refuse(err, CC_MSG_NOT_A_PLAYER_NAME, name, CC_NAME_MAX - 1);
	query q;
	q_prepare(&q, store->db, "UPDATE players SET name = ?, name_key = ? WHERE id = ?");
	q_text(&q, 1, name);
	q_text(&q, 2, key);
	q_int64(&q, 3, id);
	q_step(&q);
	int rc = q_finish(&q);
	if (cc_store_is_unique_violation(store->db, rc))
		return cc_refuse(err, CC_MSG_NAME_OF_ANOTHER_PLAYER, name);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, CC_MSG_STORE_RENAME_PLAYER);
}


/* ---- keeping the players' list (CL-7) ------------------------------------------------ */

/* Player id into *out: SQLITE_ROW, SQLITE_DONE when there is none, or the error. */
static int player_by_id(sqlite3 *db, int64_t id, cc_store_player *out)
{
	query q;
	q_prepare(&q, db, "SELECT id, name, club, federation_id FROM players WHERE id = ?");
	q_int64(&q, 1, id);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW)
		read_player(q.stmt, out);
	int fin = q_finish(&q);
	return fin != SQLITE_OK ? fin : rc;
}

/* The name of an event where both players a and b (or a alone, b 0) sit, into
 * name ("" when none). SQLITE_OK or the error. */
static int shared_event(sqlite3 *db, int64_t a, int64_t b, char *name, size_t size)
{
	query q;
	name[0] = '\0';
	q_prepare(&q, db, b ? "SELECT e.name FROM event_players x JOIN event_players y ON y.event_id = x.event_id "
	                      "JOIN club_events e ON e.id = x.event_id WHERE x.player_id = ? AND y.player_id = ? "
	                      "ORDER BY e.id LIMIT 1"
	                    : "SELECT e.name FROM event_players x JOIN club_events e ON e.id = x.event_id "
	                      "WHERE x.player_id = ? ORDER BY e.id LIMIT 1");
	q_int64(&q, 1, a);
	if (b)
		q_int64(&q, 2, b);
	if (q_step(&q) == SQLITE_ROW)
		snprintf(name, size, "%s", column_text(q.stmt, 0));
	return q_finish(&q);
}

/* Writes the registry's log line (CL-7.6). */
static int log_change(sqlite3 *db, const char *utc, const char *action, const cc_store_player *p, const char *other,
                      const char *detail)
{
	query q;
	q_prepare(&q, db, "INSERT INTO player_log (utc, action, player_id, name, other_name, detail) "
	                  "VALUES (?, ?, ?, ?, ?, ?)");
	q_text(&q, 1, utc);
	q_text(&q, 2, action);
	q_int64(&q, 3, p->id);
	q_text(&q, 4, p->name);
	q_text(&q, 5, other);
	q_text(&q, 6, detail ? detail : "");
	q_step(&q);
	return q_finish(&q);
}

/* Starts a change of the registry: its wall time as text, the transaction,
 * and player id read inside it into *p (and id2 into *p2 when given). */
static cc_err begin_change(cc_store *store, int64_t wall_ms, char *utc, int64_t id, cc_store_player *p, int64_t id2,
                           cc_store_player *p2, cc_msg what, cc_error *err)
{
	if (!cc_store_format_utc(wall_ms, utc, 32))
		return cc_refuse(err, CC_MSG_WALL_TIME_OUT_OF_RANGE);
	int rc = sqlite3_exec(store->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = player_by_id(store->db, id, p);
	if (rc == SQLITE_ROW && p2)
		rc = player_by_id(store->db, id2, p2);
	if (rc == SQLITE_ROW)
		return CC_OK;
	if (rc == SQLITE_DONE) { /* deleted by another program since the caller found him */
		char number[32];
		snprintf(number, sizeof number, "#%lld", (long long)id);
		sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
		return cc_refuse(err, CC_MSG_NO_SUCH_PLAYER, number);
	}
	return fail_transaction(store->db, rc, what, err);
}

/* Rolls back a change refused, keeping the refusal said in err. */
static cc_err refused(sqlite3 *db, cc_err refusal)
{
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return refusal;
}

/* Ends a change: the rating cache rebuilt when asked, then the commit. */
static cc_err end_change(cc_store *store, int rc, bool rerate, cc_msg what, cc_error *err)
{
	if (rc == SQLITE_OK && rerate)
		rc = cc_store_ratings_rebuild(store);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(store->db, "COMMIT", NULL, NULL, NULL);
	return rc == SQLITE_OK ? CC_OK : fail_transaction(store->db, rc, what, err);
}

/* Runs sql with ids a and b bound (?1, ?2): SQLITE_OK or the error. */
static int exec_ids(sqlite3 *db, const char *sql, int64_t a, int64_t b)
{
	int rc = cc_store_exec_one(db, sql, NULL, a, b, 0, NULL);
	return rc == SQLITE_DONE || rc == SQLITE_ROW ? SQLITE_OK : rc;
}

cc_err cc_store_player_merge(cc_store *store, int64_t keep, int64_t gone, int64_t wall_ms, cc_error *err)
{
	const cc_msg what = CC_MSG_STORE_MERGE_PLAYERS;
	sqlite3 *db = store->db;
	char utc[32], event[CC_NAME_MAX];
	cc_store_player a, b;
	int64_t match = 0;
	cc_err result = begin_change(store, wall_ms, utc, keep, &a, gone, &b, what, err);
	if (result)
		return result;
	if (keep == gone)
		return refused(db, cc_refuse(err, CC_MSG_SAME_PLAYER_TWICE, a.name, b.name));
	int rc = cc_store_exec_one(db, "SELECT id FROM matches WHERE (white_id = ?1 AND black_id = ?2) OR (white_id = ?2 AND black_id = ?1) "
	                      "ORDER BY id LIMIT 1",
	                  NULL, keep, gone, 0, &match);
	if (rc == SQLITE_ROW)
		return refused(db, cc_refuse(err, CC_MSG_MERGE_PLAYED_EACH_OTHER, a.name, b.name, match));
	if (rc == SQLITE_DONE)
		rc = shared_event(db, keep, gone, event, sizeof event);
	if (rc == SQLITE_OK && event[0])
		return refused(db, cc_refuse(err, CC_MSG_MERGE_IN_ONE_EVENT, a.name, b.name, event));
	static const char *const moves[] = {
		"UPDATE matches SET white_id = ?1 WHERE white_id = ?2",
		"UPDATE matches SET black_id = ?1 WHERE black_id = ?2",
		"UPDATE event_players SET player_id = ?1 WHERE player_id = ?2",
		("UPDATE players SET club = coalesce(club, (SELECT club FROM players WHERE id = ?2)), "
		 "federation_id = coalesce(federation_id, (SELECT federation_id FROM players WHERE id = ?2)) WHERE id = ?1"),
		"DELETE FROM players WHERE id = ?2",
	};
	for (size_t i = 0; rc == SQLITE_OK && i < sizeof moves / sizeof moves[0]; i++)
		rc = exec_ids(db, moves[i], keep, gone);
	if (rc == SQLITE_OK)
		rc = log_change(db, utc, "merge", &a, b.name, NULL);
	return end_change(store, rc, true, what, err);
}

cc_err cc_store_player_delete(cc_store *store, int64_t id, int64_t wall_ms, cc_error *err)
{
	const cc_msg what = CC_MSG_STORE_DELETE_PLAYER;
	sqlite3 *db = store->db;
	char utc[32], event[CC_NAME_MAX];
	cc_store_player p;
	int64_t matches = 0;
	cc_err result = begin_change(store, wall_ms, utc, id, &p, 0, NULL, what, err);
	if (result)
		return result;
	int rc = cc_store_exec_one(db, "SELECT count(*) FROM matches WHERE white_id = ?1 OR black_id = ?1", NULL, id, 0, 0,
	                  &matches);
	if (rc == SQLITE_ROW && matches > 0)
		return refused(db, cc_refuse(err, CC_MSG_PLAYER_HAS_MATCHES, p.name, matches));
	if (rc == SQLITE_ROW)
		rc = shared_event(db, id, 0, event, sizeof event);
	if (rc == SQLITE_OK && event[0])
		return refused(db, cc_refuse(err, CC_MSG_PLAYER_IN_EVENT, p.name, event));
	if (rc == SQLITE_OK)
		rc = exec_ids(db, "DELETE FROM players WHERE id = ?1", id, 0);
	if (rc == SQLITE_OK)
		rc = log_change(db, utc, "delete", &p, NULL, NULL);
	return end_change(store, rc, true, what, err);
}

cc_err cc_store_player_edit(cc_store *store, int64_t id, const char *club, const char *federation_id, int64_t wall_ms,
                            cc_error *err)
{
	const cc_msg what = CC_MSG_STORE_CHANGE_PLAYER;
	char utc[32], detail[CC_NAME_MAX + CC_STORE_FED_MAX + 32];
	cc_store_player p;
	if ((club && (strlen(club) >= CC_NAME_MAX || (club[0] && !cc_text_is_line(club)))) ||
	    (federation_id &&
	     (strlen(federation_id) >= CC_STORE_FED_MAX || (federation_id[0] && !cc_text_is_line(federation_id)))))
		return cc_refuse(err, CC_MSG_PLAYER_CLUB_OR_ID_TOO_LONG, CC_NAME_MAX - 1, CC_STORE_FED_MAX - 1);
	cc_err result = begin_change(store, wall_ms, utc, id, &p, 0, NULL, what, err);
	if (result)
		return result;
	query q;
	q_prepare(&q, store->db, "UPDATE players SET club = CASE WHEN ?1 IS NULL THEN club ELSE nullif(?1, '') END, "
	                         "federation_id = CASE WHEN ?2 IS NULL THEN federation_id ELSE nullif(?2, '') END "
	                         "WHERE id = ?3");
	q_text(&q, 1, club);
	q_text(&q, 2, federation_id);
	q_int64(&q, 3, id);
	q_step(&q);
	int rc = q_finish(&q);
	snprintf(detail, sizeof detail, "club=%s federation_id=%s", club ? club : p.club,
	         federation_id ? federation_id : p.federation_id);
	if (rc == SQLITE_OK)
		rc = log_change(store->db, utc, "edit", &p, NULL, detail);
	return end_change(store, rc, false, what, err);
}

cc_err cc_store_player_log(cc_store *store, cc_store_player_change **items, size_t *count, cc_error *err)
{
	query q;
	size_t cap = 0;
	cc_err result = CC_OK;
	*items = NULL;
	*count = 0;
	if (!cc_store_keys_current(store)) /* a reader of an older file (never migrated): nothing was logged */
		return CC_OK;
	q_prepare(&q, store->db, "SELECT utc, action, name, coalesce(other_name, ''), detail FROM player_log ORDER BY id");
	while (result == CC_OK && q_step(&q) == SQLITE_ROW) {
		if (!cc_store_grow((void **)items, *count, &cap, sizeof **items)) {
			result = cc_refuse(err, CC_MSG_NOMEM);
			break;
		}
		cc_store_player_change *c = &(*items)[(*count)++];
		snprintf(c->utc, sizeof c->utc, "%s", column_text(q.stmt, 0));
		snprintf(c->action, sizeof c->action, "%s", column_text(q.stmt, 1));
		snprintf(c->name, sizeof c->name, "%s", column_text(q.stmt, 2));
		snprintf(c->other, sizeof c->other, "%s", column_text(q.stmt, 3));
		snprintf(c->detail, sizeof c->detail, "%s", column_text(q.stmt, 4));
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_PLAYERS_LOG);
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
}
