/*
 * store_tiebreaks.c: the tie-breaks an event orders (schema 19's
 * club_events.tiebreaks, rules/club.md CL-9.1) and the pairing system
 * whose default applies when it orders none. The list is kept as the
 * C.07 codes spelled "BH-C1,BH,SB"; NULL is the system's default.
 */
#include <stdio.h>
#include <string.h>

#include "store_internal.h"

#define TIEBREAKS_VERSION 19 /* club_events.system and .tiebreaks (schema 19) */

cc_err cc_store_event_tiebreaks(cc_store *store, int64_t id, char *list, size_t size, bool *swiss, cc_error *err)
{
	list[0] = '\0';
	*swiss = false;
	if (store->version < TIEBREAKS_VERSION) /* a reader of an older record: round robins, no list */
		return CC_OK;
	query q;
	q_cached(&q, store, "SELECT system, tiebreaks FROM club_events WHERE id = ?");
	q_int64(&q, 1, id);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW) {
		const unsigned char *system = sqlite3_column_text(q.stmt, 0);
		const unsigned char *text = sqlite3_column_text(q.stmt, 1);
		*swiss = system && strcmp((const char *)system, "swiss") == 0;
		snprintf(list, size, "%s", text ? (const char *)text : "");
	}
	int fin = q_finish(&q);
	if (fin != SQLITE_OK)
		return db_error(err, store->db, fin, CC_MSG_STORE_READ_CLUB_EVENT);
	return CC_OK; /* no such event: no list (the caller found it by name) */
}

cc_err cc_store_event_set_tiebreaks(cc_store *store, int64_t id, const char *list, cc_error *err)
{
	query q;
	q_prepare(&q, store->db, "UPDATE club_events SET tiebreaks = ? WHERE id = ?");
	q_text(&q, 1, list && list[0] ? list : NULL);
	q_int64(&q, 2, id);
	int rc = q_step(&q);
	int fin = q_finish(&q);
	if (rc != SQLITE_DONE || fin != SQLITE_OK)
		return db_error(err, store->db, rc != SQLITE_DONE ? rc : fin, CC_MSG_STORE_RECORD_CLUB_EVENT);
	return CC_OK;
}
