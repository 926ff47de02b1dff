/*
 * store_swiss.c: a Swiss event's record (schema 19, rules/club.md CL-10):
 * its system, rounds, last round published and half-point-bye limit
 * (club_events), each round's pairings written when the director pairs it
 * (replaced while it is not published), the absences announced for a
 * round (event_absences) and a late entry's seat. Each change is one
 * transaction that checks, inside it, what it needs. What the pairings
 * are is the Dutch engine's (dutch.h), through the session.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "store_internal.h"

/* The schema that records Swiss events (store_schema.c's v19). */
#define SWISS_VERSION 19

cc_err cc_store_swiss_of(cc_store *store, int64_t id, cc_store_swiss *out, cc_error *err)
{
	memset(out, 0, sizeof *out);
	out->all_published = true;
	if (store->version < SWISS_VERSION)
		return CC_OK;
	query q;
	q_prepare(&q, store->db, "SELECT system, rounds, published, half_bye_limit FROM club_events WHERE id = ?");
	q_int64(&q, 1, id);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW) {
		out->swiss = strcmp(column_text(q.stmt, 0), "swiss") == 0;
		int64_t rounds = sqlite3_column_int64(q.stmt, 1), published = sqlite3_column_int64(q.stmt, 2),
		        limit = sqlite3_column_int64(q.stmt, 3);
		out->rounds = rounds > 0 && rounds <= CC_DUTCH_MAX_ROUNDS ? (unsigned)rounds : 0;
		out->all_published = sqlite3_column_type(q.stmt, 2) == SQLITE_NULL;
		out->published = published > 0 && published <= CC_DUTCH_MAX_ROUNDS ? (unsigned)published : 0;
		out->has_half_bye_limit = sqlite3_column_type(q.stmt, 3) != SQLITE_NULL;
		out->half_bye_limit = limit > 0 && limit <= CC_DUTCH_MAX_ROUNDS ? (unsigned)limit : 0;
	}
	int fin = q_finish(&q);
	return fin == SQLITE_OK ? CC_OK : db_error(err, store->db, fin, CC_MSG_STORE_READ_CLUB_EVENTS);
}

typedef struct {
	int64_t id;
	const char *event;
	unsigned round, seat;
	int64_t player_id;
	const cc_store_swiss *swiss;
	const cc_club_pairing *pairings;
	size_t count;
} swiss_change;

/* The last round published, in the transaction. */
static int published_of(cc_store *store, int64_t id, int64_t *published)
{
	return cc_store_exec_one(store->db, "SELECT coalesce(published, 0) FROM club_events WHERE id = ?", NULL, id, 0, 0,
	                         published);
}

static cc_err write_round(cc_store *store, const void *ctx, cc_error *err)
{
	const swiss_change *c = ctx;
	const cc_msg what = CC_MSG_STORE_RECORD_SWISS;
	int64_t published = 0;
	int rc = published_of(store, c->id, &published);
	if (rc != SQLITE_ROW)
		return db_error(err, store->db, rc, what);
	if (published >= (int64_t)c->round)
		return cc_refuse(err, CC_MSG_SWISS_PUBLISHED, c->event, (int)c->round);
	/* CL-10.6: an unpublished round is replaced whole */
	rc = cc_store_exec_one(store->db, "DELETE FROM pairings WHERE event_id = ? AND round >= ?", NULL, c->id, c->round, 0,
	                       NULL);
	for (size_t i = 0; rc == SQLITE_DONE && i < c->count; i++) {
		int in = cc_store_insert_pairing(store->db, c->id, &c->pairings[i]);
		rc = in == SQLITE_OK ? SQLITE_DONE : in;
	}
	return rc == SQLITE_DONE ? CC_OK : db_error(err, store->db, rc, what);
}

cc_err cc_store_swiss_round(cc_store *store, int64_t id, const char *event, unsigned round,
                            const cc_club_pairing *pairings, size_t count, cc_error *err)
{
	swiss_change c = {.id = id, .event = event, .round = round, .pairings = pairings, .count = count};
	return cc_store_in_transaction(store, write_round, &c, CC_MSG_STORE_RECORD_SWISS, err);
}

static cc_err publish(cc_store *store, const void *ctx, cc_error *err)
{
	const swiss_change *c = ctx;
	int64_t published = 0, paired = 0;
	int rc = published_of(store, c->id, &published);
	if (rc == SQLITE_ROW)
		rc = cc_store_exec_one(store->db, "SELECT coalesce(max(round), 0) FROM pairings WHERE event_id = ?", NULL, c->id,
		                       0, 0, &paired);
	if (rc != SQLITE_ROW)
		return db_error(err, store->db, rc, CC_MSG_STORE_RECORD_SWISS);
	if (paired <= published || (int64_t)c->round != paired)
		return cc_refuse(err, CC_MSG_SWISS_NOTHING_TO_PUBLISH, c->event);
	rc = cc_store_exec_one(store->db, "UPDATE club_events SET published = ? WHERE id = ?", NULL, c->round, c->id, 0,
	                       NULL);
	return rc == SQLITE_DONE ? CC_OK : db_error(err, store->db, rc, CC_MSG_STORE_RECORD_SWISS);
}

cc_err cc_store_swiss_publish(cc_store *store, int64_t id, const char *event, unsigned round, cc_error *err)
{
	swiss_change c = {.id = id, .event = event, .round = round};
	return cc_store_in_transaction(store, publish, &c, CC_MSG_STORE_RECORD_SWISS, err);
}

static cc_err absent(cc_store *store, const void *ctx, cc_error *err)
{
	const swiss_change *c = ctx;
	int64_t paired = 0;
	int rc = cc_store_exec_one(store->db, "SELECT count(*) FROM pairings WHERE event_id = ? AND round >= ?", NULL, c->id,
	                           c->round, 0, &paired);
	if (rc != SQLITE_ROW)
		return db_error(err, store->db, rc, CC_MSG_STORE_RECORD_SWISS);
	if (paired)
		return cc_refuse(err, CC_MSG_SWISS_ROUND_PAIRED, c->event, (int)c->round);
	rc = cc_store_exec_one(store->db, "INSERT OR IGNORE INTO event_absences (event_id, seat, round) VALUES (?, ?, ?)",
	                       NULL, c->id, c->seat, c->round, NULL);
	return rc == SQLITE_DONE ? CC_OK : db_error(err, store->db, rc, CC_MSG_STORE_RECORD_SWISS);
}

cc_err cc_store_event_absent(cc_store *store, int64_t id, const char *event, unsigned seat, unsigned round,
                             cc_error *err)
{
	swiss_change c = {.id = id, .event = event, .seat = seat, .round = round};
	return cc_store_in_transaction(store, absent, &c, CC_MSG_STORE_RECORD_SWISS, err);
}

cc_err cc_store_event_absents(cc_store *store, int64_t id, cc_store_half_bye **items, size_t *count, cc_error *err)
{
	query q;
	size_t cap = 0;
	cc_err result = CC_OK;
	*items = NULL;
	*count = 0;
	if (store->version < SWISS_VERSION)
		return CC_OK;
	q_prepare(&q, store->db, "SELECT seat, round FROM event_absences WHERE event_id = ? ORDER BY round, seat");
	q_int64(&q, 1, id);
	while (q_step(&q) == SQLITE_ROW) {
		if (!cc_store_grow((void **)items, *count, &cap, sizeof **items)) {
			result = cc_refuse(err, CC_MSG_NOMEM);
			break;
		}
		(*items)[(*count)++] = (cc_store_half_bye){(unsigned)sqlite3_column_int(q.stmt, 0),
		                                           (unsigned)sqlite3_column_int(q.stmt, 1)};
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_WITHDRAWALS);
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
}

static cc_err enter(cc_store *store, const void *ctx, cc_error *err)
{
	const swiss_change *c = ctx;
	int rc = cc_store_exec_one(store->db, "INSERT INTO event_players (event_id, seat, player_id) VALUES (?, ?, ?)", NULL,
	                           c->id, c->seat, c->player_id, NULL);
	return rc == SQLITE_DONE ? CC_OK : db_error(err, store->db, rc, CC_MSG_STORE_RECORD_LATE_ENTRY);
}

cc_err cc_store_swiss_enter(cc_store *store, int64_t id, unsigned seat, int64_t player_id, cc_error *err)
{
	swiss_change c = {.id = id, .seat = seat, .player_id = player_id};
	return cc_store_in_transaction(store, enter, &c, CC_MSG_STORE_RECORD_LATE_ENTRY, err);
}
