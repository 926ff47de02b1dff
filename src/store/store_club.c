/*
 * store_club.c: the club tables (schema 5, rules/club.md): club events and
 * their pairings, the players and pairing of a new match, and closing,
 * deleting and cancelling (CL-8). The players are store_players.c's; a
 * pairing's forfeit, an event's bye value, its withdrawals, half-point byes
 * and late entries (schema 10, CL-6) store_forfeits.c's. The store keeps
 * them; what they score is the core's (cc_club_score).
 */
#include <assert.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "store_internal.h"

/* A pairing a new match may take (CL-6.1, CL-6.3, CL-6.4): no forfeit on
 * it, neither player withdrawn by its round, no half-point bye asked for
 * in its round by either, not in a Swiss's round not published (CL-10.6). For a writer (always of the current schema). */
#define PAIRING_OPEN_SQL                                                                                        \
	" AND forfeit IS NULL AND result IS NULL AND NOT EXISTS (SELECT 1 FROM event_withdrawals w"                  \
	" WHERE w.event_id = pairings.event_id"                                                                       \
	" AND w.seat IN (pairings.white_seat, pairings.black_seat) AND w.from_round <= pairings.round)"              \
	" AND NOT EXISTS (SELECT 1 FROM event_half_byes h WHERE h.event_id = pairings.event_id"                      \
	" AND h.seat IN (pairings.white_seat, pairings.black_seat) AND h.round = pairings.round)"                   \
	" AND pairings.round <= coalesce((SELECT e.published FROM club_events e WHERE e.id = pairings.event_id),"  \
	" pairings.round)"

/* Runs one statement with up to four bound values (text: NULL binds nothing
 * more); the first column of its first row into *out when out is given.
 * SQLITE_ROW when a row came, SQLITE_DONE when none, or the error. */
int cc_store_insert_pairing(sqlite3 *db, int64_t event_id, const cc_club_pairing *p)
{
	query q;
	q_prepare(&q, db, "INSERT INTO pairings (event_id, round, board, white_seat, black_seat) VALUES (?, ?, ?, ?, ?)");
	q_int64(&q, 1, event_id);
	q_int64(&q, 2, p->round);
	q_int64(&q, 3, p->board);
	q_int64(&q, 4, p->white);
	if (p->black == CC_CLUB_BYE)
		q_text(&q, 5, NULL);
	else
		q_int64(&q, 5, p->black);
	q_step(&q);
	return q_finish(&q);
}

int cc_store_exec_one(sqlite3 *db, const char *sql, const char *text, int64_t a, int64_t b, int64_t c, int64_t *out)
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
	int rc = cc_store_exec_one(db, "SELECT id FROM players WHERE name_key = ?", key, 0, 0, 0, id);
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

/* An event's row; from schema 11 (eventfix) also what it fixes and when
 * it closed (an older file's reader sees those columns as NULL: nothing
 * fixed), from schema 12 (forfeits) its bye's value (2 half points before). */
#define EVENT_TERMS_VERSION 11
#define EVENT_SELECT_HEAD                                                                                     \
	"SELECT e.id, e.name, e.format, e.category, e.twice, e.created_utc, "                                \
	"(SELECT count(*) FROM event_players p WHERE p.event_id = e.id), "
#define EVENT_NO_TERMS "NULL, NULL, NULL, NULL, NULL"
#define EVENT_TERMS "e.variant, e.tc_base_ms, e.tc_increment_ms, e.claims, e.closed_utc"

/* Prepares the event select of the file's schema followed by tail. */
static void prepare_event_select(query *q, const cc_store *store, const char *tail)
{
	char sql[1024];
	snprintf(sql, sizeof sql, "%s%s%s FROM club_events e %s", EVENT_SELECT_HEAD,
	         store->version >= EVENT_TERMS_VERSION ? EVENT_TERMS : EVENT_NO_TERMS,
	         store->version >= CC_STORE_FORFEITS_VERSION ? ", e.bye_halves" : ", 2", tail);
	q_prepare(q, store->db, sql);
}

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
	e->fixed = sqlite3_column_type(stmt, 7) != SQLITE_NULL;
	if (e->fixed && (cc_chess_variant_from_name(column_text(stmt, 7), &e->variant, NULL) ||
	                 cc_claims_parse(column_text(stmt, 10), &e->claims)))
		return cc_refuse(err, CC_MSG_STORE_UNKNOWN_EVENT_SETTINGS, e->id);
	e->tc_base_ms = sqlite3_column_int64(stmt, 8);
	e->tc_increment_ms = sqlite3_column_int64(stmt, 9);
	e->closed = sqlite3_column_type(stmt, 11) != SQLITE_NULL;
	snprintf(e->closed_utc, sizeof e->closed_utc, "%s", column_text(stmt, 11));
	int halves = sqlite3_column_int(stmt, 12);
	e->bye_halves = halves >= 0 && halves <= 2 ? (unsigned)halves : CC_CLUB_BYE_HALVES_DEFAULT;
	return CC_OK;
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
	const cc_msg what = CC_MSG_STORE_LINK_MATCH_EVENT;
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
	int64_t open = 0;
	rc = cc_store_exec_one(db, "SELECT count(*) FROM pairings WHERE event_id = ? AND round = ? AND board = ?" PAIRING_OPEN_SQL,
	              NULL, event_id, club->round, club->board, &open);
	if (rc != SQLITE_ROW)
		return db_error(err, db, rc, what);
	if (!open)
		return cc_refuse(err, CC_MSG_PAIRING_NOT_PLAYED, club->round, club->board, club->event);
	q_prepare(&q, db, "UPDATE pairings SET match_id = ? WHERE event_id = ? AND round = ? AND board = ?");
	q_int64(&q, 1, id);
	q_int64(&q, 2, event_id);
	q_int64(&q, 3, club->round);
	q_int64(&q, 4, club->board);
	q_step(&q);
	rc = q_finish(&q);
	return rc == SQLITE_OK ? CC_OK : db_error(err, db, rc, what);
}

/*
 * CL-8.1, CL-8.4: a match joins only an open event, and only on the terms
 * the event fixed that its format has (an event recorded before schema 10
 * fixed only its format and category): the event's row read, the core's
 * rule asked (cc_club_event_admits).
 */
static cc_err check_fixed_terms(cc_store *store, int64_t event_id, const char *event, const cc_match_settings *s,
                                cc_error *err)
{
	cc_store_event e;
	cc_err rc = CC_OK;
	query q;
	prepare_event_select(&q, store, "WHERE e.id = ?");
	q_int64(&q, 1, event_id);
	int step = q_step(&q);
	if (step == SQLITE_ROW)
		rc = read_event_row(q.stmt, &e, err);
	int fin = q_finish(&q);
	if (rc)
		return rc;
	if (fin != SQLITE_OK || step != SQLITE_ROW)
		return db_error(err, store->db, fin != SQLITE_OK ? fin : SQLITE_ERROR, CC_MSG_STORE_READ_CLUB_EVENT);
	cc_club_fixed f = {e.fixed, e.closed, e.variant, e.tc_base_ms, e.tc_increment_ms, e.claims};
	return cc_club_event_admits(event, &f, s, err);
}

static cc_err link_pairing(cc_store *store, int64_t id, const cc_match_settings *s, int64_t white, int64_t black,
                           const cc_store_match_club *club, cc_error *err)
{
	const char *event = club->event;
	sqlite3 *db = store->db;
	char key[CC_CLUB_KEY_MAX];
	int64_t event_id = 0, ws = -1, bs = -1, round = 0, board = 0, other = 0;
	const cc_msg what = CC_MSG_STORE_LINK_MATCH_EVENT;
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
	cc_err fixed = check_fixed_terms(store, event_id, event, s, err);
	if (fixed)
		return fixed;
	const char *seat_sql = "SELECT seat FROM event_players WHERE event_id = ? AND player_id = ?";
	rc = cc_store_exec_one(db, seat_sql, NULL, event_id, white, 0, &ws);
	if (rc == SQLITE_ROW)
		rc = cc_store_exec_one(db, seat_sql, NULL, event_id, black, 0, &bs);
	if (rc == SQLITE_DONE)
		return cc_refuse(err, CC_MSG_NOT_PLAYERS_OF_EVENT, s->white, s->black, event);
	if (rc != SQLITE_ROW)
		return db_error(err, db, rc, what);
	if (club->round > 0)
		return take_given_pairing(store, id, s, event_id, ws, bs, club, err);
	q_prepare(&q, db,
	          "SELECT round, board FROM pairings WHERE event_id = ? AND white_seat = ? AND black_seat = ? "
	          "AND match_id IS NULL" PAIRING_OPEN_SQL " ORDER BY round, board LIMIT 1");
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
		rc = cc_store_exec_one(db,
		              "SELECT count(*) FROM pairings WHERE event_id = ? AND white_seat = ? AND black_seat = ? "
		              "AND match_id IS NULL" PAIRING_OPEN_SQL,
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
	const cc_msg what = CC_MSG_STORE_RECORD_MATCH_PLAYERS;
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
	          "p.event_id, p.round, m.format, p.board FROM matches m LEFT JOIN pairings p ON p.match_id = m.id "
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
		m->board = (unsigned)sqlite3_column_int(q.stmt, 10);
		(*count)++;
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_MATCHES);
	if (result == CC_OK) /* the arbiters' corrections, in each match's place (CL-5.3, CL-5.7) */
		result = cc_store_club_matches_corrected(store, *items, *count, err);
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
}

/* The club_events row of event, with a Swiss's system (swiss NULL: a
 * round robin, CL-10.1). */
static int insert_event_row(sqlite3 *db, const cc_store_event *event, const cc_store_swiss *swiss, const char *key,
                            const char *created)
{
	query q;
	q_prepare(&q, db,
	          "INSERT INTO club_events (name, name_key, format, category, twice, created_utc, variant, tc_base_ms, "
	          "tc_increment_ms, claims, bye_halves, system, rounds, published, half_bye_limit) "
	          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
	q_text(&q, 1, event->name);
	q_text(&q, 2, key);
	q_text(&q, 3, cc_format_name(event->format));
	q_text(&q, 4, cc_category_name(event->category));
	q_int64(&q, 5, event->twice ? 1 : 0);
	q_text(&q, 6, created);
	/* CL-8.1: what the event fixes, always written from schema 10 on */
	q_text(&q, 7, cc_chess_variant_name(event->variant));
	q_int64(&q, 8, event->tc_base_ms);
	q_int64(&q, 9, event->tc_increment_ms);
	q_text(&q, 10, cc_claims_name(event->claims));
	q_int64(&q, 11, event->bye_halves <= 2 ? event->bye_halves : CC_CLUB_BYE_HALVES_DEFAULT);
	q_text(&q, 12, swiss ? "swiss" : "rr");
	if (swiss) {
		q_int64(&q, 13, swiss->rounds);
		q_int64(&q, 14, swiss->published);
	} else {
		q_text(&q, 13, NULL);
		q_text(&q, 14, NULL);
	}
	if (swiss && swiss->has_half_bye_limit)
		q_int64(&q, 15, swiss->half_bye_limit);
	else
		q_text(&q, 15, NULL);
	q_step(&q);
	return q_finish(&q);
}

cc_err cc_store_event_begin(cc_store *store, const cc_store_event *event, const cc_store_swiss *swiss,
                            int64_t wall_ms, int64_t *id, cc_error *err)
{
	const cc_msg what = CC_MSG_STORE_RECORD_CLUB_EVENT;
	char key[CC_CLUB_KEY_MAX], created[32];
	cc_msg why;
	if (strlen(event->name) < CC_NAME_MAX && !cc_text_is_name(event->name, &why)) /* RU-24.1: why it is no name */
		return cc_refuse(err, why, event->name);
	if (strlen(event->name) >= CC_NAME_MAX || cc_club_name_key(event->name, key, sizeof key) != CC_OK)
		return cc_refuse(err, CC_MSG_EVENT_NAME_NOT_A_LINE, event->name, CC_NAME_MAX - 1);
	if (!cc_store_format_utc(wall_ms, created, sizeof created))
		return cc_refuse(err, CC_MSG_WALL_TIME_OUT_OF_RANGE);
	int rc = sqlite3_exec(store->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, what, err);
	rc = insert_event_row(store->db, event, swiss, key, created);
	if (cc_store_is_unique_violation(store->db, rc)) {
		fail_transaction(store->db, rc, what, err);
		return cc_refuse(err, CC_MSG_EVENT_EXISTS, event->name);
	}
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, what, err);
	*id = sqlite3_last_insert_rowid(store->db);
	return CC_OK;
}

int cc_store_insert_seat(sqlite3 *db, int64_t event_id, unsigned seat, int64_t player_id, unsigned rating)
{
	query q;
	q_prepare(&q, db, "INSERT INTO event_players (event_id, seat, player_id, rating) VALUES (?, ?, ?, ?)");
	q_int64(&q, 1, event_id);
	q_int64(&q, 2, seat);
	q_int64(&q, 3, player_id);
	if (rating)
		q_int64(&q, 4, rating);
	else
		q_text(&q, 4, NULL);
	q_step(&q);
	return q_finish(&q);
}

cc_err cc_store_event_create(cc_store *store, const cc_store_event *event, const cc_store_swiss *swiss,
                             const int64_t *player_ids, const cc_club_pairing *pairings, size_t count,
                             int64_t wall_ms, int64_t *id, cc_error *err)
{
	int64_t new_id = 0;
	cc_err refused = cc_store_event_begin(store, event, swiss, wall_ms, &new_id, err);
	if (refused)
		return refused;
	int rc = SQLITE_OK;
	for (unsigned seat = 0; rc == SQLITE_OK && seat < event->players; seat++)
		rc = cc_store_insert_seat(store->db, new_id, seat, player_ids[seat], 0);
	for (size_t i = 0; rc == SQLITE_OK && i < count; i++)
		rc = cc_store_insert_pairing(store->db, new_id, &pairings[i]);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(store->db, "COMMIT", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, CC_MSG_STORE_RECORD_CLUB_EVENT, err);
	if (id)
		*id = new_id;
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
	prepare_event_select(&q, store, "ORDER BY e.id");
	while (result == CC_OK && q_step(&q) == SQLITE_ROW) {
		if (!cc_store_grow((void **)items, *count, &cap, sizeof **items))
			result = cc_refuse(err, CC_MSG_NOMEM);
		else if ((result = read_event_row(q.stmt, &(*items)[*count], err)) == CC_OK)
			(*count)++;
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_CLUB_EVENTS);
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
	prepare_event_select(&q, store, cc_store_keys_current(store) ? "WHERE e.name_key = ?"
	                                                     : "WHERE cc_name_key(e.name) = ? ORDER BY e.id LIMIT 1");
	q_text(&q, 1, key);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW)
		result = read_event_row(q.stmt, out, err);
	else if (rc == SQLITE_DONE)
		result = cc_refuse(err, CC_MSG_NO_SUCH_EVENT_SEE_LIST, name);
	rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_CLUB_EVENTS);
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
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, CC_MSG_STORE_READ_CLUB_EVENTS);
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
	          store->version >= 19 ? "SELECT round, board, white_seat, black_seat, match_id, forfeit, result FROM pairings "
	                                 "WHERE event_id = ? ORDER BY round, board"
	          : store->version >= CC_STORE_FORFEITS_VERSION
	                  ? "SELECT round, board, white_seat, black_seat, match_id, forfeit, NULL FROM pairings "
	                    "WHERE event_id = ? ORDER BY round, board"
	                  : "SELECT round, board, white_seat, black_seat, match_id, NULL, NULL FROM pairings "
	                    "WHERE event_id = ? ORDER BY round, board");
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
		/* A code this program does not know is no forfeit it can score:
		 * read as none (the pairing then shows as not played). */
		if (sqlite3_column_type(q.stmt, 5) == SQLITE_NULL ||
		    cc_club_forfeit_parse(column_text(q.stmt, 5), &p->forfeit) != CC_OK)
			p->forfeit = CC_CLUB_FORFEIT_NONE;
		cc_store_import_result(column_text(q.stmt, 6), p); /* CL-4.22 */
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_PAIRINGS);
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
}

/* ---- closing, deleting, cancelling (CL-8.4, CL-8.5) ------------------------------ */

cc_err cc_store_event_close(cc_store *store, int64_t id, int64_t wall_ms, cc_error *err)
{
	char closed[32];
	if (!cc_store_format_utc(wall_ms, closed, sizeof closed))
		return cc_refuse(err, CC_MSG_WALL_TIME_OUT_OF_RANGE);
	query q;
	q_prepare(&q, store->db, "UPDATE club_events SET closed_utc = ? WHERE id = ? AND closed_utc IS NULL");
	q_text(&q, 1, closed);
	q_int64(&q, 2, id);
	q_step(&q);
	int rc = q_finish(&q);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, CC_MSG_STORE_CLOSE_EVENT);
}

cc_err cc_store_event_delete(cc_store *store, int64_t id, const char *name, cc_error *err)
{
	const cc_msg what = CC_MSG_STORE_DELETE_EVENT;
	int64_t played = 0;
	int rc = sqlite3_exec(store->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, what, err);
	/* Counted inside the transaction: a console taking a pairing meanwhile waits. */
	rc = cc_store_exec_one(store->db, "SELECT count(*) FROM pairings WHERE event_id = ? AND match_id IS NOT NULL", NULL, id,
	              0, 0, &played);
	if (rc == SQLITE_ROW && played > 0) {
		sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
		return cc_refuse(err, CC_MSG_EVENT_HAS_GAMES, name, (int)played);
	}
	static const char *const deletes[] = {
		"DELETE FROM event_cancels WHERE event_id = ?",
		"DELETE FROM event_withdrawals WHERE event_id = ?",
		"DELETE FROM event_half_byes WHERE event_id = ?",
		"DELETE FROM event_absences WHERE event_id = ?",
		"DELETE FROM pairings WHERE event_id = ?",
		"DELETE FROM event_players WHERE event_id = ?",
		"DELETE FROM club_events WHERE id = ?",
	};
	rc = rc == SQLITE_ROW ? SQLITE_OK : rc;
	for (size_t i = 0; rc == SQLITE_OK && i < sizeof deletes / sizeof deletes[0]; i++) {
		rc = cc_store_exec_one(store->db, deletes[i], NULL, id, 0, 0, NULL);
		rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
	}
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(store->db, "COMMIT", NULL, NULL, NULL);
	return rc == SQLITE_OK ? CC_OK : fail_transaction(store->db, rc, what, err);
}

cc_err cc_store_event_cancel(cc_store *store, int64_t id, const char *name, unsigned round, unsigned board,
                             const char *reason, bool confirmed, int64_t wall_ms, int64_t *match_id,
                             cc_error *err)
{
	const cc_msg what = CC_MSG_STORE_CANCEL_MATCH;
	char at[32];
	if (!reason || !reason[0] || !cc_text_is_line(reason) || strlen(reason) >= CC_STORE_CANCEL_REASON_MAX)
		return cc_refuse(err, CC_MSG_CANCEL_NEEDS_REASON);
	if (!cc_store_format_utc(wall_ms, at, sizeof at))
		return cc_refuse(err, CC_MSG_WALL_TIME_OUT_OF_RANGE);
	int rc = sqlite3_exec(store->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, what, err);
	int64_t match = 0, over = 0;
	bool found = false;
	query q;
	q_prepare(&q, store->db,
	          "SELECT p.match_id, m.result_winner IS NOT NULL FROM pairings p LEFT JOIN matches m ON m.id = p.match_id "
	          "WHERE p.event_id = ? AND p.round = ? AND p.board = ?");
	q_int64(&q, 1, id);
	q_int64(&q, 2, round);
	q_int64(&q, 3, board);
	if (q_step(&q) == SQLITE_ROW) {
		found = true;
		match = sqlite3_column_int64(q.stmt, 0);
		over = sqlite3_column_int64(q.stmt, 1);
	}
	rc = q_finish(&q);
	cc_err refused = CC_OK;
	if (rc == SQLITE_OK && !found)
		refused = cc_refuse(err, CC_MSG_NO_SUCH_PAIRING, name, round, board);
	else if (rc == SQLITE_OK && !match)
		refused = cc_refuse(err, CC_MSG_PAIRING_NOTHING_TO_CANCEL, round, board, name);
	else if (rc == SQLITE_OK && over && !confirmed)
		refused = cc_refuse(err, CC_MSG_CANCEL_HAS_RESULT, (int)match, round, board);
	if (refused || rc != SQLITE_OK) {
		sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
		return refused ? refused : db_error(err, store->db, rc, what);
	}
	rc = cc_store_exec_one(store->db, "UPDATE pairings SET match_id = NULL WHERE event_id = ? AND round = ? AND board = ?",
	              NULL, id, round, board, NULL);
	if (rc == SQLITE_DONE) {
		q_prepare(&q, store->db,
		          "INSERT INTO event_cancels (event_id, round, board, match_id, had_result, reason, at_utc) "
		          "VALUES (?, ?, ?, ?, ?, ?, ?)");
		q_int64(&q, 1, id);
		q_int64(&q, 2, round);
		q_int64(&q, 3, board);
		q_int64(&q, 4, match);
		q_int64(&q, 5, over ? 1 : 0);
		q_text(&q, 6, reason);
		q_text(&q, 7, at);
		q_step(&q);
		rc = q_finish(&q);
	}
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(store->db, "COMMIT", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, what, err);
	if (match_id)
		*match_id = match;
	return CC_OK;
}

cc_err cc_store_event_cancels(cc_store *store, int64_t id, cc_store_cancel **items, size_t *count, cc_error *err)
{
	query q;
	size_t cap = 0;
	cc_err result = CC_OK;
	*items = NULL;
	*count = 0;
	if (store->version < EVENT_TERMS_VERSION)
		return CC_OK;
	q_prepare(&q, store->db,
	          "SELECT round, board, match_id, had_result, reason, at_utc FROM event_cancels WHERE event_id = ? "
	          "ORDER BY rowid");
	q_int64(&q, 1, id);
	while (q_step(&q) == SQLITE_ROW) {
		if (!cc_store_grow((void **)items, *count, &cap, sizeof **items)) {
			result = cc_refuse(err, CC_MSG_NOMEM);
			break;
		}
		cc_store_cancel *c = &(*items)[(*count)++];
		memset(c, 0, sizeof *c);
		c->round = (unsigned)sqlite3_column_int(q.stmt, 0);
		c->board = (unsigned)sqlite3_column_int(q.stmt, 1);
		c->match_id = sqlite3_column_int64(q.stmt, 2);
		c->had_result = sqlite3_column_int(q.stmt, 3) != 0;
		snprintf(c->reason, sizeof c->reason, "%s", column_text(q.stmt, 4));
		snprintf(c->at_utc, sizeof c->at_utc, "%s", column_text(q.stmt, 5));
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_EVENT_LOG);
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
}
