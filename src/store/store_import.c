/*
 * store_import.c: an event started from another program's TRF (CL-4.22).
 *
 * The session reads the file and maps each round cell to what the record
 * already knows (a pairing with its result, a bye row, a forfeit, a
 * half-point bye, an absence); this file writes it all in one transaction,
 * the players matched to the registry by their name key or registered, so
 * that a refusal anywhere (a name, an event of that name) leaves nothing.
 */
#include <string.h>

#include "store_internal.h"

void cc_store_import_result(const char *text, cc_store_pairing *p)
{
	p->recorded = true;
	if (strcmp(text, "1-0") == 0)
		p->winner = CC_WINNER_WHITE;
	else if (strcmp(text, "0-1") == 0)
		p->winner = CC_WINNER_BLACK;
	else if (strcmp(text, "1/2-1/2") == 0)
		p->winner = CC_WINNER_NONE;
	else
		p->recorded = false;
}

/* The player of that name: found by key, or registered (*added). */
static cc_err player_of(cc_store *store, const char *name, int64_t *id, bool *added, cc_error *err)
{
	cc_store_player known;
	cc_err rc = cc_store_player_find(store, name, &known, NULL);
	*added = false;
	if (rc == CC_OK) {
		*id = known.id;
		return CC_OK;
	}
	*added = true;
	return cc_store_player_add(store, name, NULL, NULL, id, err);
}

static int insert_pairing(sqlite3 *db, int64_t event_id, const cc_store_import_pairing *p)
{
	const char *forfeit = p->forfeit == CC_CLUB_FORFEIT_NONE ? NULL : cc_club_forfeit_code(p->forfeit);
	query q;
	q_prepare(&q, db,
	          "INSERT INTO pairings (event_id, round, board, white_seat, black_seat, forfeit, result) "
	          "VALUES (?, ?, ?, ?, ?, ?, ?)");
	q_int64(&q, 1, event_id);
	q_int64(&q, 2, p->round);
	q_int64(&q, 3, p->board);
	q_int64(&q, 4, p->white);
	if (p->black == CC_CLUB_BYE)
		q_text(&q, 5, NULL);
	else
		q_int64(&q, 5, p->black);
	q_text(&q, 6, forfeit);
	q_text(&q, 7, p->result);
	q_step(&q);
	return q_finish(&q);
}

/* The rows of players, pairings, byes and absences of event_id. */
static int insert_rows(cc_store *store, const cc_store_import *imp, int64_t event_id, const int64_t *ids)
{
	int rc = SQLITE_OK;
	for (unsigned seat = 0; rc == SQLITE_OK && seat < imp->event.players; seat++)
		rc = cc_store_insert_seat(store->db, event_id, seat, ids[seat], imp->rating ? imp->rating[seat] : 0);
	for (size_t i = 0; rc == SQLITE_OK && i < imp->npairings; i++)
		rc = insert_pairing(store->db, event_id, &imp->pairings[i]);
	for (size_t i = 0; rc == SQLITE_OK && i < imp->nhalf_byes + imp->nabsences; i++) {
		bool bye = i < imp->nhalf_byes;
		const cc_store_import_seat *b = bye ? &imp->half_byes[i] : &imp->absences[i - imp->nhalf_byes];
		int step = cc_store_exec_one(store->db,
		                             bye ? "INSERT INTO event_half_byes (event_id, seat, round) VALUES (?, ?, ?)"
		                                 : "INSERT INTO event_absences (event_id, seat, round) VALUES (?, ?, ?)",
		                             NULL, event_id, b->seat, b->round, NULL);
		rc = step == SQLITE_DONE ? SQLITE_OK : step;
	}
	return rc;
}

/* The players' ids by seat, found or registered; a player twice refused. */
static cc_err players_of(cc_store *store, const cc_store_import *imp, int64_t *ids, bool *registered, cc_error *err)
{
	for (unsigned seat = 0; seat < imp->event.players; seat++) {
		bool added;
		cc_err rc = player_of(store, imp->names[seat], &ids[seat], &added, err);
		if (rc != CC_OK)
			return rc;
		if (registered)
			registered[seat] = added;
		for (unsigned k = 0; k < seat; k++)
			if (ids[k] == ids[seat])
				return cc_refuse(err, CC_MSG_PLAYER_NAMED_TWICE, imp->names[seat]);
	}
	return CC_OK;
}

cc_err cc_store_event_import(cc_store *store, const cc_store_import *imp, int64_t wall_ms, int64_t *id,
                             bool *registered, cc_error *err)
{
	int64_t ids[CC_CLUB_PLAYERS_MAX], new_id = 0;
	if (imp->event.players > CC_CLUB_PLAYERS_MAX)
		return cc_refuse(err, CC_MSG_TRF_TOO_MANY_PLAYERS, CC_CLUB_PLAYERS_MAX);
	cc_store_event event = imp->event;
	event.twice = false;
	const cc_store_swiss swiss = {.swiss = true, .rounds = imp->rounds, .published = imp->published};
	cc_err refused = cc_store_event_begin(store, &event, &swiss, wall_ms, &new_id, err);
	if (refused == CC_OK)
		refused = players_of(store, imp, ids, registered, err);
	if (refused != CC_OK) {
		if (new_id)
			sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
		return refused;
	}
	int rc = insert_rows(store, imp, new_id, ids);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(store->db, "COMMIT", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, CC_MSG_STORE_RECORD_CLUB_EVENT, err);
	if (id)
		*id = new_id;
	return CC_OK;
}

cc_err cc_store_event_ratings(cc_store *store, int64_t id, unsigned *rating, cc_error *err)
{
	memset(rating, 0, CC_CLUB_PLAYERS_MAX * sizeof *rating);
	if (store->version < 19)
		return CC_OK;
	query q;
	q_prepare(&q, store->db, "SELECT seat, rating FROM event_players WHERE event_id = ? AND rating IS NOT NULL");
	q_int64(&q, 1, id);
	while (q_step(&q) == SQLITE_ROW) {
		int seat = sqlite3_column_int(q.stmt, 0);
		int value = sqlite3_column_int(q.stmt, 1);
		if (seat >= 0 && seat < CC_CLUB_PLAYERS_MAX && value > 0)
			rating[seat] = (unsigned)value;
	}
	int rc = q_finish(&q);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, CC_MSG_STORE_READ_CLUB_EVENT);
}
