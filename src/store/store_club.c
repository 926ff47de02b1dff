/*
 * store_club.c: the club tables (schema 5, rules/club.md): players, club
 * events and their pairings, and the players and pairing of a new match.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

/* Runs one statement with up to four bound values (text: NULL binds nothing
 * more); the first column of its first row into *out when out is given.
 * SQLITE_ROW when a row came, SQLITE_DONE when none, or the error. */
static int exec_one(sqlite3 *db, const char *sql, const char *text, int64_t a, int64_t b, int64_t c, int64_t *out)
{
	query q;
	q_prepare(&q, db, sql);
	int n = 1;
	if (text)
		q_text(&q, n++, text);
	int params = q.rc == SQLITE_OK ? sqlite3_bind_parameter_count(q.stmt) : 0;
	const int64_t values[3] = {a, b, c};
	for (int i = 0; n <= params && i < 3; i++)
		q_int64(&q, n++, values[i]);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW && out)
		*out = sqlite3_column_int64(q.stmt, 0);
	int fin = q_finish(&q);
	return fin != SQLITE_OK ? fin : rc;
}

/* The player id of name, added when absent with create; 0 when the name
 * has no key (an old record's empty name: never linked). */
static int player_id_for(sqlite3 *db, const char *name, int64_t *id)
{
	char key[CC_CLUB_KEY_MAX];
	*id = 0;
	if (cc_club_name_key(name, key, sizeof key) != CC_OK)
		return SQLITE_OK;
	int rc = exec_one(db, "SELECT id FROM players WHERE name_key = ?", key, 0, 0, 0, id);
	if (rc == SQLITE_DONE) {
		query q;
		q_prepare(&q, db, "INSERT INTO players (name, name_key) VALUES (?, ?)");
		q_text(&q, 1, name);
		q_text(&q, 2, key);
		q_step(&q);
		rc = q_finish(&q);
		*id = sqlite3_last_insert_rowid(db);
	}
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/*
 * The match takes the pairing of the round and board given (the one a
 * console offered, CL-3.6), inside the creating transaction: a pairing
 * another console took since it was offered is refused with the match that
 * took it, and so is a pairing of other players or colours (CL-3.7).
 */
static cc_err take_given_pairing(cc_store *store, int64_t id, const cc_match_settings *s, int64_t event_id,
                                 int64_t ws, int64_t bs, const cc_store_match_club *club, cc_error *err)
{
	sqlite3 *db = store->db;
	const char *what = "cannot record the match in its event";
	int64_t pw = -1, pb = -1, taken = 0;
	query q;
	q_prepare(&q, db, "SELECT white_seat, black_seat, match_id FROM pairings WHERE event_id = ? AND round = ? "
	                  "AND board = ?");
	q_int64(&q, 1, event_id);
	q_int64(&q, 2, club->round);
	q_int64(&q, 3, club->board);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW) {
		pw = sqlite3_column_int64(q.stmt, 0);
		pb = sqlite3_column_type(q.stmt, 1) == SQLITE_NULL ? -1 : sqlite3_column_int64(q.stmt, 1);
		taken = sqlite3_column_int64(q.stmt, 2);
	}
	int fin = q_finish(&q);
	if (fin != SQLITE_OK)
		return db_error(err, db, fin, what);
	if (rc != SQLITE_ROW)
		return cc_refuse(err, CC_MSG_NO_SUCH_PAIRING, club->event, club->round, club->board);
	if (pw != ws || pb != bs)
		return cc_refuse(err, CC_MSG_PAIRING_OTHER_PLAYERS, club->round, club->board, club->event, s->white, s->black);
	if (taken)
		return cc_refuse(err, CC_MSG_PAIRING_TAKEN, club->round, club->board, club->event, taken);
	q_prepare(&q, db, "UPDATE pairings SET match_id = ? WHERE event_id = ? AND round = ? AND board = ?");
	q_int64(&q, 1, id);
	q_int64(&q, 2, event_id);
	q_int64(&q, 3, club->round);
	q_int64(&q, 4, club->board);
	q_step(&q);
	rc = q_finish(&q);
	return rc == SQLITE_OK ? CC_OK : db_error(err, db, rc, what);
}

static cc_err link_pairing(cc_store *store, int64_t id, const cc_match_settings *s, int64_t white, int64_t black,
                           const cc_store_match_club *club, cc_error *err)
{
	const char *event = club->event;
	sqlite3 *db = store->db;
	char key[CC_CLUB_KEY_MAX];
	int64_t event_id = 0, ws = -1, bs = -1, round = 0, board = 0, other = 0;
	const char *what = "cannot record the match in its event";
	if (cc_club_name_key(event, key, sizeof key) != CC_OK)
		return cc_refuse(err, CC_MSG_NOT_AN_EVENT_NAME, event);
	query q;
	q_prepare(&q, db, "SELECT id, format, category FROM club_events WHERE name_key = ?");
	q_text(&q, 1, key);
	int rc = q_step(&q);
	bool same_format = rc == SQLITE_ROW && strcmp(column_text(q.stmt, 1), cc_format_name(s->format)) == 0 &&
	                   strcmp(column_text(q.stmt, 2), cc_category_name(s->category)) == 0;
	if (rc == SQLITE_ROW)
		event_id = sqlite3_column_int64(q.stmt, 0);
	int fin = q_finish(&q);
	if (fin != SQLITE_OK)
		return db_error(err, db, fin, what);
	if (rc != SQLITE_ROW)
		return cc_refuse(err, CC_MSG_UNKNOWN_EVENT_NAME, event);
	if (!same_format)
		return cc_refuse(err, CC_MSG_EVENT_OTHER_GAME, event, cc_format_name(s->format), cc_category_name(s->category));
	const char *seat_sql = "SELECT seat FROM event_players WHERE event_id = ? AND player_id = ?";
	rc = exec_one(db, seat_sql, NULL, event_id, white, 0, &ws);
	if (rc == SQLITE_ROW)
		rc = exec_one(db, seat_sql, NULL, event_id, black, 0, &bs);
	if (rc == SQLITE_DONE)
		return cc_refuse(err, CC_MSG_NOT_PLAYERS_OF_EVENT, s->white, s->black, event);
	if (rc != SQLITE_ROW)
		return db_error(err, db, rc, what);
	if (club->round > 0)
		return take_given_pairing(store, id, s, event_id, ws, bs, club, err);
	q_prepare(&q, db,
	          "SELECT round, board FROM pairings WHERE event_id = ? AND white_seat = ? AND black_seat = ? "
	          "AND match_id IS NULL ORDER BY round, board LIMIT 1");
	q_int64(&q, 1, event_id);
	q_int64(&q, 2, ws);
	q_int64(&q, 3, bs);
	rc = q_step(&q);
	if (rc == SQLITE_ROW) {
		round = sqlite3_column_int64(q.stmt, 0);
		board = sqlite3_column_int64(q.stmt, 1);
	}
	fin = q_finish(&q);
	if (fin != SQLITE_OK)
		return db_error(err, db, fin, what);
	if (rc != SQLITE_ROW) {
		rc = exec_one(db,
		              "SELECT count(*) FROM pairings WHERE event_id = ? AND white_seat = ? AND black_seat = ? "
		              "AND match_id IS NULL",
		              NULL, event_id, bs, ws, &other);
		if (rc != SQLITE_ROW)
			return db_error(err, db, rc, what);
		if (other > 0)
			return cc_refuse(err, CC_MSG_PAIRING_OTHER_COLOURS, event, s->black, s->white);
		return cc_refuse(err, CC_MSG_NO_UNPLAYED_PAIRING, event, s->white, s->black);
	}
	q_prepare(&q, db, "UPDATE pairings SET match_id = ? WHERE event_id = ? AND round = ? AND board = ?");
	q_int64(&q, 1, id);
	q_int64(&q, 2, event_id);
	q_int64(&q, 3, round);
	q_int64(&q, 4, board);
	q_step(&q);
	rc = q_finish(&q);
	return rc == SQLITE_OK ? CC_OK : db_error(err, db, rc, what);
}

cc_err cc_store_link_new_match(cc_store *store, int64_t id, const cc_match_settings *s,
                             const cc_store_match_club *club, cc_error *err)
{
	const char *what = "cannot record the match's players";
	int64_t white = 0, black = 0;
	int rc = SQLITE_OK;
	if (!club || !club->unnamed) {
		rc = player_id_for(store->db, s->white, &white);
		if (rc == SQLITE_OK)
			rc = player_id_for(store->db, s->black, &black);
	}
	if (rc != SQLITE_OK)
		return db_error(err, store->db, rc, what);
	query q;
	q_prepare(&q, store->db, "UPDATE matches SET white_id = nullif(?, 0), black_id = nullif(?, 0), rated = ? "
	                         "WHERE id = ?");
	q_int64(&q, 1, white);
	q_int64(&q, 2, black);
	q_int64(&q, 3, club && club->unrated ? 0 : 1);
	q_int64(&q, 4, id);
	q_step(&q);
	rc = q_finish(&q);
	if (rc != SQLITE_OK)
		return db_error(err, store->db, rc, what);
	if (club && club->event && club->event[0])
		return link_pairing(store, id, s, white, black, club, err);
	return CC_OK;
}

/* Appends room for one more item to a growing array; false when out of memory. */
bool cc_store_grow(void **items, size_t count, size_t *cap, size_t item_size)
{
	if (count < *cap)
		return true;
	size_t n = *cap ? *cap * 2 : 16;
	void *grown = realloc(*items, n * item_size);
	if (!grown)
		return false;
	*items = grown;
	*cap = n;
	return true;
}

static bool is_unique_violation(sqlite3 *db, int rc)
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
	if (is_unique_violation(store->db, rc)) {
		/* CL-7.1: the same key spelt otherwise ("Elodie Roy" for "Élodie Roy") is named as registered */
		cc_store_player known;
		if (cc_store_player_find(store, name, &known, NULL) == CC_OK && strcmp(known.name, name) != 0)
			return cc_refuse(err, CC_MSG_PLAYER_REGISTERED_AS, name, known.name);
		return cc_refuse(err, CC_MSG_PLAYER_ALREADY_REGISTERED, name);
	}
	if (rc != SQLITE_OK)
		return db_error(err, store->db, rc, "cannot add the player");
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
static bool keys_current(cc_store *store)
{
	return exec_one(store->db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'player_log'", NULL, 0, 0,
	                0, NULL) == SQLITE_ROW;
}

cc_err cc_store_player_find(cc_store *store, const char *name, cc_store_player *out, cc_error *err)
{
	char key[CC_CLUB_KEY_MAX];
	if (store->version < 5 || cc_club_name_key(name, key, sizeof key) != CC_OK)
		return cc_refuse(err, CC_MSG_NO_SUCH_PLAYER, name);
	query q;
	cc_err result = CC_OK;
	q_prepare(&q, store->db, keys_current(store)
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
		result = db_error(err, store->db, rc, "cannot read the players");
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
		return db_error(err, store->db, rc, "cannot read the players");
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
	if (is_unique_violation(store->db, rc))
		return cc_refuse(err, CC_MSG_NAME_OF_ANOTHER_PLAYER, name);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, "cannot rename the player");
}

cc_err cc_store_club_matches(cc_store *store, cc_store_club_match **items, size_t *count, cc_error *err)
{
	query q;
	size_t cap = 0;
	cc_err result = CC_OK;
	*items = NULL;
	*count = 0;
	if (store->version < 5)
		return CC_OK;
	/* The end of a match is the commit of its last event (CL-2.7). */
	q_prepare(&q, store->db,
	          "SELECT m.id, m.white_id, m.black_id, m.rated, m.result_winner, m.result_reason, "
	          CC_STORE_ENDED_SQL " AS ended, "
	          "p.event_id, p.round, m.format FROM matches m LEFT JOIN pairings p ON p.match_id = m.id "
	          "WHERE m.white_id IS NOT NULL AND m.black_id IS NOT NULL "
	          "ORDER BY ended IS NOT NULL, ended, m.id");
	while (result == CC_OK && q_step(&q) == SQLITE_ROW) {
		if (!cc_store_grow((void **)items, *count, &cap, sizeof **items)) {
			result = cc_refuse(err, CC_MSG_NOMEM);
			break;
		}
		cc_store_club_match *m = &(*items)[*count];
		memset(m, 0, sizeof *m);
		m->id = sqlite3_column_int64(q.stmt, 0);
		m->white_id = sqlite3_column_int64(q.stmt, 1);
		m->black_id = sqlite3_column_int64(q.stmt, 2);
		m->rated = sqlite3_column_int(q.stmt, 3) != 0;
		m->over = sqlite3_column_type(q.stmt, 4) != SQLITE_NULL;
		m->winner = CC_WINNER_NONE;
		m->reason = CC_REASON_ARBITER;
		/* The core's names, every reason (a chess game's too); a value
		 * they do not know is a damaged record, never a guessed result. */
		bool known = cc_format_parse(column_text(q.stmt, 9), &m->format) == CC_OK;
		if (known && m->over)
			known = cc_winner_parse(column_text(q.stmt, 4), &m->winner) == CC_OK &&
			        cc_reason_parse(column_text(q.stmt, 5), &m->reason) == CC_OK;
		if (!known) {
			result = cc_refuse(err, CC_MSG_STORE_UNKNOWN_FORMAT_OR_RESULT, m->id);
			break;
		}
		m->has_end = sqlite3_column_type(q.stmt, 6) != SQLITE_NULL;
		m->end_wall_ms = sqlite3_column_int64(q.stmt, 6);
		m->event_id = sqlite3_column_int64(q.stmt, 7);
		m->round = (unsigned)sqlite3_column_int(q.stmt, 8);
		(*count)++;
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, "cannot read the matches");
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
}

cc_err cc_store_event_create(cc_store *store, const cc_store_event *event, const int64_t *player_ids,
                             const cc_club_pairing *pairings, size_t count, int64_t wall_ms, int64_t *id,
                             cc_error *err)
{
	const char *what = "cannot record the event";
	char key[CC_CLUB_KEY_MAX], created[32];
	cc_msg why;
	if (strlen(event->name) < CC_NAME_MAX && !cc_text_is_name(event->name, &why)) /* RU-24.1: why it is no name */
		return cc_refuse(err, why, event->name);
	if (strlen(event->name) >= CC_NAME_MAX || cc_club_name_key(event->name, key, sizeof key) != CC_OK)
		return cc_refuse(err, CC_MSG_EVENT_NAME_NOT_A_LINE, event->name, CC_NAME_MAX - 1);
	if (!cc_store_format_utc(wall_ms, created, sizeof created))
		return cc_refuse(err, CC_MSG_WALL_TIME_OUT_OF_RANGE, what);
	int rc = sqlite3_exec(store->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, what, err);
	query q;
	q_prepare(&q, store->db,
	          "INSERT INTO club_events (name, name_key, format, category, twice, created_utc) VALUES (?, ?, ?, ?, ?, ?)");
	q_text(&q, 1, event->name);
	q_text(&q, 2, key);
	q_text(&q, 3, cc_format_name(event->format));
	q_text(&q, 4, cc_category_name(event->category));
	q_int64(&q, 5, event->twice ? 1 : 0);
	q_text(&q, 6, created);
	q_step(&q);
	rc = q_finish(&q);
	if (is_unique_violation(store->db, rc)) {
		fail_transaction(store->db, rc, what, err);
		return cc_refuse(err, CC_MSG_EVENT_EXISTS, event->name);
	}
	int64_t new_id = sqlite3_last_insert_rowid(store->db);
	for (unsigned seat = 0; rc == SQLITE_OK && seat < event->players; seat++) {
		q_prepare(&q, store->db, "INSERT INTO event_players (event_id, seat, player_id) VALUES (?, ?, ?)");
		q_int64(&q, 1, new_id);
		q_int64(&q, 2, seat);
		q_int64(&q, 3, player_ids[seat]);
		q_step(&q);
		rc = q_finish(&q);
	}
	for (size_t i = 0; rc == SQLITE_OK && i < count; i++) {
		const cc_club_pairing *p = &pairings[i];
		q_prepare(&q, store->db,
		          "INSERT INTO pairings (event_id, round, board, white_seat, black_seat) VALUES (?, ?, ?, ?, ?)");
		q_int64(&q, 1, new_id);
		q_int64(&q, 2, p->round);
		q_int64(&q, 3, p->board);
		q_int64(&q, 4, p->white);
		if (p->black == CC_CLUB_BYE)
			q_text(&q, 5, NULL);
		else
			q_int64(&q, 5, p->black);
		q_step(&q);
		rc = q_finish(&q);
	}
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(store->db, "COMMIT", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, what, err);
	if (id)
		*id = new_id;
	return CC_OK;
}

#define EVENT_SELECT                                                                                          \
	"SELECT e.id, e.name, e.format, e.category, e.twice, e.created_utc, "                                \
	"(SELECT count(*) FROM event_players p WHERE p.event_id = e.id) FROM club_events e "

static cc_err read_event_row(sqlite3_stmt *stmt, cc_store_event *e, cc_error *err)
{
	memset(e, 0, sizeof *e);
	e->id = sqlite3_column_int64(stmt, 0);
	snprintf(e->name, sizeof e->name, "%s", column_text(stmt, 1));
	if (cc_format_parse(column_text(stmt, 2), &e->format) || cc_category_parse(column_text(stmt, 3), &e->category))
		return cc_refuse(err, CC_MSG_STORE_UNKNOWN_EVENT_SETTINGS, e->id);
	e->twice = sqlite3_column_int(stmt, 4) != 0;
	snprintf(e->created_utc, sizeof e->created_utc, "%s", column_text(stmt, 5));
	e->players = (unsigned)sqlite3_column_int(stmt, 6);
	return CC_OK;
}

cc_err cc_store_events(cc_store *store, cc_store_event **items, size_t *count, cc_error *err)
{
	query q;
	size_t cap = 0;
	cc_err result = CC_OK;
	*items = NULL;
	*count = 0;
	if (store->version < 5)
		return CC_OK;
	q_prepare(&q, store->db, EVENT_SELECT "ORDER BY e.id");
	while (result == CC_OK && q_step(&q) == SQLITE_ROW) {
		if (!cc_store_grow((void **)items, *count, &cap, sizeof **items))
			result = cc_refuse(err, CC_MSG_NOMEM);
		else if ((result = read_event_row(q.stmt, &(*items)[*count], err)) == CC_OK)
			(*count)++;
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, "cannot read the events");
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
}

cc_err cc_store_event_find(cc_store *store, const char *name, cc_store_event *out, int64_t *player_ids,
                           cc_error *err)
{
	char key[CC_CLUB_KEY_MAX];
	if (store->version < 5 || cc_club_name_key(name, key, sizeof key) != CC_OK)
		return cc_refuse(err, CC_MSG_NO_SUCH_EVENT, name);
	query q;
	cc_err result = CC_OK;
	q_prepare(&q, store->db, keys_current(store) ? EVENT_SELECT "WHERE e.name_key = ?"
	                                             : EVENT_SELECT "WHERE cc_name_key(e.name) = ? ORDER BY e.id LIMIT 1");
	q_text(&q, 1, key);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW)
		result = read_event_row(q.stmt, out, err);
	else if (rc == SQLITE_DONE)
		result = cc_refuse(err, CC_MSG_NO_SUCH_EVENT_SEE_LIST, name);
	rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, "cannot read the events");
	if (result || !player_ids)
		return result;
	q_prepare(&q, store->db, "SELECT seat, player_id FROM event_players WHERE event_id = ? ORDER BY seat");
	q_int64(&q, 1, out->id);
	while (q_step(&q) == SQLITE_ROW) {
		int64_t seat = sqlite3_column_int64(q.stmt, 0);
		if (seat >= 0 && seat < CC_CLUB_PLAYERS_MAX)
			player_ids[seat] = sqlite3_column_int64(q.stmt, 1);
	}
	rc = q_finish(&q);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, "cannot read the events");
}

cc_err cc_store_event_pairings(cc_store *store, int64_t id, cc_store_pairing **items, size_t *count,
                               cc_error *err)
{
	query q;
	size_t cap = 0;
	cc_err result = CC_OK;
	*items = NULL;
	*count = 0;
	q_prepare(&q, store->db,
	          "SELECT round, board, white_seat, black_seat, match_id FROM pairings WHERE event_id = ? "
	          "ORDER BY round, board");
	q_int64(&q, 1, id);
	while (q_step(&q) == SQLITE_ROW) {
		if (!cc_store_grow((void **)items, *count, &cap, sizeof **items)) {
			result = cc_refuse(err, CC_MSG_NOMEM);
			break;
		}
		cc_store_pairing *p = &(*items)[(*count)++];
		memset(p, 0, sizeof *p);
		p->round = (unsigned)sqlite3_column_int(q.stmt, 0);
		p->board = (unsigned)sqlite3_column_int(q.stmt, 1);
		p->white_seat = (unsigned)sqlite3_column_int(q.stmt, 2);
		p->bye = sqlite3_column_type(q.stmt, 3) == SQLITE_NULL;
		p->black_seat = (unsigned)sqlite3_column_int(q.stmt, 3);
		p->match_id = sqlite3_column_int64(q.stmt, 4);
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, "cannot read the pairings");
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
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
                           cc_store_player *p2, const char *what, cc_error *err)
{
	if (!cc_store_format_utc(wall_ms, utc, 32))
		return cc_refuse(err, CC_MSG_WALL_TIME_OUT_OF_RANGE, what);
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
static cc_err end_change(cc_store *store, int rc, bool rerate, const char *what, cc_error *err)
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
	int rc = exec_one(db, sql, NULL, a, b, 0, NULL);
	return rc == SQLITE_DONE || rc == SQLITE_ROW ? SQLITE_OK : rc;
}

cc_err cc_store_player_merge(cc_store *store, int64_t keep, int64_t gone, int64_t wall_ms, cc_error *err)
{
	const char *what = "cannot merge the players";
	sqlite3 *db = store->db;
	char utc[32], event[CC_NAME_MAX];
	cc_store_player a, b;
	int64_t match = 0;
	cc_err result = begin_change(store, wall_ms, utc, keep, &a, gone, &b, what, err);
	if (result)
		return result;
	if (keep == gone)
		return refused(db, cc_refuse(err, CC_MSG_SAME_PLAYER_TWICE, a.name, b.name));
	int rc = exec_one(db, "SELECT id FROM matches WHERE (white_id = ?1 AND black_id = ?2) OR (white_id = ?2 AND black_id = ?1) "
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
		"UPDATE players SET club = coalesce(club, (SELECT club FROM players WHERE id = ?2)), "
		"federation_id = coalesce(federation_id, (SELECT federation_id FROM players WHERE id = ?2)) WHERE id = ?1",
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
	const char *what = "cannot delete the player";
	sqlite3 *db = store->db;
	char utc[32], event[CC_NAME_MAX];
	cc_store_player p;
	int64_t matches = 0;
	cc_err result = begin_change(store, wall_ms, utc, id, &p, 0, NULL, what, err);
	if (result)
		return result;
	int rc = exec_one(db, "SELECT count(*) FROM matches WHERE white_id = ?1 OR black_id = ?1", NULL, id, 0, 0,
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
	const char *what = "cannot change the player";
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
	if (!keys_current(store)) /* a reader of an older file (never migrated): nothing was logged */
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
		result = db_error(err, store->db, rc, "cannot read the players' log");
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
}
