/*
 * store_forfeits.c: what keeps a pairing from being played (schema 10,
 * rules/club.md CL-6): a pairing's forfeit, an event's withdrawals, its
 * half-point byes and their value, and late entries, each in one
 * transaction. Split from store_club.c.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "store_internal.h"

/* Runs body(store, ctx) in one immediate transaction: committed when it
 * returns CC_OK, rolled back otherwise. */
cc_err cc_store_in_transaction(cc_store *store, cc_err (*body)(cc_store *, const void *, cc_error *), const void *ctx,
                             cc_msg what, cc_error *err)
{
	int rc = sqlite3_exec(store->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, what, err);
	cc_err result = body(store, ctx, err);
	if (result != CC_OK) {
		sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
		return result;
	}
	rc = sqlite3_exec(store->db, "COMMIT", NULL, NULL, NULL);
	return rc == SQLITE_OK ? CC_OK : fail_transaction(store->db, rc, what, err);
}

typedef struct {
	int64_t id;
	const char *event;
	unsigned round, board, seat;
	cc_club_forfeit forfeit;
	int64_t player_id;
	const cc_club_pairing *pairings;
	size_t count;
} change;

static cc_err set_forfeit(cc_store *store, const void *ctx, cc_error *err)
{
	const change *c = ctx;
	const cc_msg what = CC_MSG_STORE_RECORD_FORFEIT;
	query q;
	q_prepare(&q, store->db, "SELECT black_seat IS NULL, match_id FROM pairings WHERE event_id = ? AND round = ? "
	                         "AND board = ?");
	q_int64(&q, 1, c->id);
	q_int64(&q, 2, c->round);
	q_int64(&q, 3, c->board);
	int rc = q_step(&q);
	bool bye = rc == SQLITE_ROW && sqlite3_column_int(q.stmt, 0) != 0;
	int64_t match = rc == SQLITE_ROW ? sqlite3_column_int64(q.stmt, 1) : 0;
	int fin = q_finish(&q);
	if (fin != SQLITE_OK)
		return db_error(err, store->db, fin, what);
	if (rc != SQLITE_ROW)
		return cc_refuse(err, CC_MSG_NO_SUCH_PAIRING, c->event, c->round, c->board);
	if (bye)
		return cc_refuse(err, CC_MSG_PAIRING_IS_BYE, c->round, c->board, c->event);
	if (match)
		return cc_refuse(err, CC_MSG_PAIRING_HAS_MATCH, c->round, c->board, c->event, match);
	q_prepare(&q, store->db, "UPDATE pairings SET forfeit = ? WHERE event_id = ? AND round = ? AND board = ?");
	q_text(&q, 1, c->forfeit == CC_CLUB_FORFEIT_NONE ? NULL : cc_club_forfeit_code(c->forfeit));
	q_int64(&q, 2, c->id);
	q_int64(&q, 3, c->round);
	q_int64(&q, 4, c->board);
	q_step(&q);
	rc = q_finish(&q);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, what);
}

cc_err cc_store_pairing_forfeit(cc_store *store, int64_t id, const char *event, unsigned round, unsigned board,
                                cc_club_forfeit f, cc_error *err)
{
	change c = {.id = id, .event = event, .round = round, .board = board, .forfeit = f};
	return cc_store_in_transaction(store, set_forfeit, &c, CC_MSG_STORE_RECORD_FORFEIT, err);
}

static cc_err withdraw(cc_store *store, const void *ctx, cc_error *err)
{
	const change *c = ctx;
	int rc = cc_store_exec_one(store->db, "INSERT OR REPLACE INTO event_withdrawals (event_id, seat, from_round) VALUES (?, ?, ?)",
	                  NULL, c->id, c->seat, c->round, NULL);
	return rc == SQLITE_DONE ? CC_OK : db_error(err, store->db, rc, CC_MSG_STORE_RECORD_WITHDRAWAL);
}

cc_err cc_store_event_withdraw(cc_store *store, int64_t id, unsigned seat, unsigned from_round, cc_error *err)
{
	change c = {.id = id, .seat = seat, .round = from_round};
	return cc_store_in_transaction(store, withdraw, &c, CC_MSG_STORE_RECORD_WITHDRAWAL, err);
}

static cc_err half_bye(cc_store *store, const void *ctx, cc_error *err)
{
	const change *c = ctx;
	const cc_msg what = CC_MSG_STORE_RECORD_BYE;
	int64_t begun = 0;
	/* Checked in the transaction: a console may have taken the pairing. */
	int rc = cc_store_exec_one(store->db,
	                  "SELECT count(*) FROM pairings WHERE event_id = ? AND round = ? AND (white_seat = ? OR "
	                  "black_seat = ?3) AND (match_id IS NOT NULL OR forfeit IS NOT NULL)",
	                  NULL, c->id, c->round, c->seat, &begun);
	if (rc != SQLITE_ROW)
		return db_error(err, store->db, rc, what);
	if (begun)
		return cc_refuse(err, CC_MSG_HALF_BYE_BEGUN, c->event, c->round);
	rc = cc_store_exec_one(store->db, "INSERT OR IGNORE INTO event_half_byes (event_id, seat, round) VALUES (?, ?, ?)", NULL,
	              c->id, c->seat, c->round, NULL);
	return rc == SQLITE_DONE ? CC_OK : db_error(err, store->db, rc, what);
}

cc_err cc_store_event_half_bye(cc_store *store, int64_t id, const char *player, unsigned seat, unsigned round,
                               cc_error *err)
{
	change c = {.id = id, .event = player, .seat = seat, .round = round};
	return cc_store_in_transaction(store, half_bye, &c, CC_MSG_STORE_RECORD_BYE, err);
}

cc_err cc_store_event_absences(cc_store *store, int64_t id, unsigned *withdrawn_from, cc_store_half_bye **byes,
                               size_t *count, cc_error *err)
{
	query q;
	size_t cap = 0;
	cc_err result = CC_OK;
	memset(withdrawn_from, 0, CC_CLUB_PLAYERS_MAX * sizeof *withdrawn_from);
	*byes = NULL;
	*count = 0;
	if (store->version < CC_STORE_FORFEITS_VERSION)
		return CC_OK;
	q_prepare(&q, store->db, "SELECT seat, from_round FROM event_withdrawals WHERE event_id = ?");
	q_int64(&q, 1, id);
	while (q_step(&q) == SQLITE_ROW) {
		int64_t seat = sqlite3_column_int64(q.stmt, 0), from = sqlite3_column_int64(q.stmt, 1);
		if (seat >= 0 && seat < CC_CLUB_PLAYERS_MAX && from > 0 && from < 1000)
			withdrawn_from[seat] = (unsigned)from;
	}
	int rc = q_finish(&q);
	if (rc != SQLITE_OK)
		return db_error(err, store->db, rc, CC_MSG_STORE_READ_WITHDRAWALS);
	q_prepare(&q, store->db, "SELECT seat, round FROM event_half_byes WHERE event_id = ? ORDER BY round, seat");
	q_int64(&q, 1, id);
	while (q_step(&q) == SQLITE_ROW) {
		if (!cc_store_grow((void **)byes, *count, &cap, sizeof **byes)) {
			result = cc_refuse(err, CC_MSG_NOMEM);
			break;
		}
		(*byes)[(*count)++] = (cc_store_half_bye){(unsigned)sqlite3_column_int(q.stmt, 0),
		                                          (unsigned)sqlite3_column_int(q.stmt, 1)};
	}
	rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_BYES);
	if (result) {
		free(*byes);
		*byes = NULL;
		*count = 0;
	}
	return result;
}

/* The first round begun (a match or a forfeit on one of its pairings), 0 for none. */
static int first_begun(cc_store *store, int64_t id, int64_t *begun)
{
	return cc_store_exec_one(store->db,
	                "SELECT coalesce(min(round), 0) FROM pairings WHERE event_id = ? AND (match_id IS NOT NULL "
	                "OR forfeit IS NOT NULL)",
	                NULL, id, 0, 0, begun);
}

static cc_err bye_value(cc_store *store, const void *ctx, cc_error *err)
{
	const change *c = ctx;
	int64_t begun = 0;
	int rc = first_begun(store, c->id, &begun);
	if (rc == SQLITE_ROW && begun)
		return cc_refuse(err, CC_MSG_BYE_VALUE_FIXED, c->event, begun);
	if (rc == SQLITE_ROW)
		rc = cc_store_exec_one(store->db, "UPDATE club_events SET bye_halves = ? WHERE id = ?", NULL, c->round, c->id, 0,
		              NULL);
	return rc == SQLITE_DONE ? CC_OK : db_error(err, store->db, rc, CC_MSG_STORE_RECORD_BYE_VALUE);
}

cc_err cc_store_event_bye_value(cc_store *store, int64_t id, const char *event, unsigned halves, cc_error *err)
{
	change c = {.id = id, .event = event, .round = halves};
	return cc_store_in_transaction(store, bye_value, &c, CC_MSG_STORE_RECORD_BYE_VALUE, err);
}

static cc_err enter(cc_store *store, const void *ctx, cc_error *err)
{
	const change *c = ctx;
	const cc_msg what = CC_MSG_STORE_RECORD_LATE_ENTRY;
	int64_t begun = 0;
	int rc = first_begun(store, c->id, &begun);
	if (rc != SQLITE_ROW)
		return db_error(err, store->db, rc, what);
	if (begun)
		return cc_refuse(err, CC_MSG_LATE_ENTRY_BEGUN, c->event, begun);
	rc = cc_store_exec_one(store->db, "INSERT INTO event_players (event_id, seat, player_id) VALUES (?, ?, ?)", NULL, c->id,
	              c->seat, c->player_id, NULL);
	if (rc == SQLITE_DONE)
		rc = cc_store_exec_one(store->db, "DELETE FROM pairings WHERE event_id = ?", NULL, c->id, 0, 0, NULL);
	for (size_t i = 0; rc == SQLITE_DONE && i < c->count; i++) {
		int in = cc_store_insert_pairing(store->db, c->id, &c->pairings[i]);
		rc = in == SQLITE_OK ? SQLITE_DONE : in; /* SQLite's own code to the message */
	}
	return rc == SQLITE_DONE ? CC_OK : db_error(err, store->db, rc, what);
}

cc_err cc_store_event_enter(cc_store *store, int64_t id, const char *event, unsigned seat, int64_t player_id,
                            const cc_club_pairing *pairings, size_t count, cc_error *err)
{
	change c = {.id = id, .event = event, .seat = seat, .player_id = player_id, .pairings = pairings, .count = count};
	return cc_store_in_transaction(store, enter, &c, CC_MSG_STORE_RECORD_LATE_ENTRY, err);
}
