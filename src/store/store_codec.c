/*
 * store_codec.c: a match's settings, its events and its result to and
 * from rows. Enumerations are stored by their names (see store_schema.c);
 * a reader never migrates, so an older file is read with NULL where its
 * schema has no column.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chesscubing/game.h"
#include "store_internal.h"

/* Unix time in ms as "2026-11-30T14:05:00Z"; false when out of range. */
bool cc_store_format_utc(int64_t wall_ms, char *buf, size_t size)
{
	int64_t secs = wall_ms / 1000 - (wall_ms % 1000 < 0 ? 1 : 0);
	time_t t = (time_t)secs;
	struct tm tm;
	return (int64_t)t == secs && gmtime_r(&t, &tm) && strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm) > 0;
}

/* The Chess-Uno columns of new match id (schema 7). */
int cc_store_record_uno(sqlite3 *db, int64_t id, const cc_match_settings *s, const cc_store_fairness *fair)
{
	char options[512];
	query q;
	cc_match_uno_options_text(&s->uno.options, options, sizeof options);
	q_prepare(&q, db,
	          "UPDATE matches SET uno_options = ?, uno_deal = ?, uno_secret = ?, uno_commitment = ?, uno_fixed = ? "
	          "WHERE id = ?");
	q_text(&q, 1, options);
	q_text(&q, 2, s->uno.deal);
	q_text(&q, 3, fair ? fair->secret : NULL);
	q_text(&q, 4, fair ? fair->commitment : NULL);
	q_int64(&q, 5, s->uno.fixed); /* v10, UNO-F10 */
	q_int64(&q, 6, id);
	q_step(&q);
	return q_finish(&q);
}

static bool event_has_side(cc_event_kind kind)
{
	return kind == CC_EV_MOVE || kind == CC_EV_CUBE || kind == CC_EV_RESIGN || kind == CC_EV_CORRECT ||
	       kind == CC_EV_IN_TIME || kind == CC_EV_CLAIM || kind == CC_EV_CARD || kind == CC_EV_PLACE ||
	       kind == CC_EV_STOP || kind == CC_EV_PRESS;
}

int cc_store_insert_event(cc_store *store, int64_t id, size_t seq, const cc_event *ev, int64_t wall_ms)
{
	query q;
	q_cached(&q, store,
	         "INSERT INTO events (match_id, seq, t_ms, kind, side, gives_check, cube_cs, winner, text, wall_ms, "
	         "target, amount, relative, timer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
	q_int64(&q, 1, id);
	q_int64(&q, 2, (int64_t)seq);
	q_int64(&q, 3, ev->t_ms);
	q_text(&q, 4, cc_event_kind_name(ev->kind));
	q_text(&q, 5, event_has_side(ev->kind) ? cc_side_name(ev->side) : NULL);
	q_int64(&q, 6, ev->gives_check ? 1 : 0);
	if (ev->kind == CC_EV_CUBE)
		q_int64(&q, 7, ev->cube_cs);
	else
		q_text(&q, 7, NULL);
	q_text(&q, 8, ev->kind == CC_EV_ARBITER ? cc_winner_name(ev->winner) : NULL);
	q_text(&q, 9, ev->text);
	q_int64(&q, 10, wall_ms);
	bool correct = ev->kind == CC_EV_CORRECT;
	q_text(&q, 11, correct ? cc_correct_target_name(ev->target) : NULL);
	if (correct)
		q_int64(&q, 12, ev->amount);
	else
		q_text(&q, 12, NULL);
	q_int64(&q, 13, correct && ev->relative ? 1 : 0);
	q_int64(&q, 14, ev->kind == CC_EV_CUBE && ev->from_timer ? 1 : 0); /* v18 */
	q_step(&q);
	return q_finish(&q);
}

int cc_store_update_result(cc_store *store, int64_t id, const cc_match_view *after)
{
	query q;
	q_cached(&q, store, "UPDATE matches SET result_winner = ?, result_reason = ?, result_text = ? WHERE id = ?");
	q_text(&q, 1, after->over ? cc_winner_name(after->winner) : NULL);
	q_text(&q, 2, after->over ? cc_reason_name(after->reason) : NULL);
	q_text(&q, 3, after->over ? after->reason_text : NULL);
	q_int64(&q, 4, id);
	q_step(&q);
	return q_finish(&q);
}

#define INFO_SELECT                                                                                          \
	"SELECT m.id, m.created_utc, m.format, m.category, m.record, m.white, m.black, m.seed, "              \
	"m.result_winner, m.result_reason, m.result_text, "                                                  \
	"(SELECT count(*) FROM events e WHERE e.match_id = m.id), "

/* The winner of each match's last standing correction that sets one
 * (CL-5.8), joined to its row: one query for the whole list, never one
 * per match. W narrows it to one match (?1). */
#define CORRECTED_JOIN(w)                                                                                    \
	"LEFT JOIN (SELECT match_id, winner, max(id) FROM corrections WHERE " w "undone_wall_ms IS NULL "       \
	"AND winner IS NOT NULL GROUP BY match_id) c ON c.match_id = m.id "

/* What follows the columns, for each kind of rows (store_internal.h). */
#define TAIL_ONE "WHERE m.id = ?1"
#define TAIL_ALL "ORDER BY m.id"
#define TAIL_PLAYING "WHERE m.result_winner IS NULL ORDER BY m.id DESC LIMIT ?1"
#define TAIL_OVER "WHERE m.result_winner IS NOT NULL ORDER BY m.id DESC LIMIT ?1"
#define FROM_PLAIN ", NULL FROM matches m "
#define FROM_CORRECTED ", c.winner FROM matches m " CORRECTED_JOIN("")
#define FROM_ONE_CORRECTED ", c.winner FROM matches m " CORRECTED_JOIN("match_id = ?1 AND ")

/* The query of rows for columns: from_one the FROM of one match, from the
 * FROM of the others (with the club's winner joined, or NULL for it). */
#define ROWS(columns, from_one, from)                                                                        \
	switch (rows) {                                                                                      \
	case CC_STORE_INFO_ONE:                                                                              \
		return INFO_SELECT columns from_one TAIL_ONE;                                                \
	case CC_STORE_INFO_ALL:                                                                              \
		return INFO_SELECT columns from TAIL_ALL;                                                    \
	case CC_STORE_INFO_NEWEST_PLAYING:                                                                   \
		return INFO_SELECT columns from TAIL_PLAYING;                                                \
	case CC_STORE_INFO_NEWEST_OVER:                                                                      \
		return INFO_SELECT columns from TAIL_OVER;                                                   \
	}
#define ROWS_PLAIN(columns) ROWS(columns, FROM_PLAIN, FROM_PLAIN)
#define ROWS_CORRECTED(columns) ROWS(columns, FROM_ONE_CORRECTED, FROM_CORRECTED)

/* The match columns; the sheet came with schema 2, the variant, the time
 * control and the claims with schema 6: a reader never migrates, so an
 * older file is read with NULL in their place. The last column is the
 * club's winner (CL-5.8): NULL when no standing correction sets one, or
 * the file has no corrections (schema 10). */
const char *cc_store_info_query(const cc_store *store, cc_store_info_rows rows)
{
#define V5_COLUMNS "m.sheet, m.variant, m.tc_base_ms, m.tc_increment_ms, m.claims"
#define V5_NULLS "m.sheet, NULL, NULL, NULL, NULL"
#define V1_NULLS "NULL, NULL, NULL, NULL, NULL"
#define V7_COLUMNS                                                                                           \
	"m.sheet, m.variant, m.tc_base_ms, m.tc_increment_ms, m.claims, m.uno_options, m.uno_deal, m.uno_secret, " \
	"m.uno_commitment"
#define TC_PERIODS_VERSION 13 /* the tc_periods column (schema 13, tc) */
#define UNO_FIXED_VERSION 14  /* the uno_fixed column (schema 14, uno) */
#define V13_COLUMNS V7_COLUMNS ", m.tc_periods, NULL"
#define V14_COLUMNS V7_COLUMNS ", m.tc_periods, m.uno_fixed"
	if (store->version >= UNO_FIXED_VERSION)
		ROWS_CORRECTED(V14_COLUMNS)
	else if (store->version >= TC_PERIODS_VERSION)
		ROWS_CORRECTED(V13_COLUMNS)
	else if (store->version >= CC_STORE_CORRECTIONS_VERSION)
		ROWS_CORRECTED(V7_COLUMNS)
	else if (store->version >= 7)
		ROWS_PLAIN(V7_COLUMNS)
	else if (store->version >= 6)
		ROWS_PLAIN(V5_COLUMNS)
	else if (store->version >= 2)
		ROWS_PLAIN(V5_NULLS)
	else
		ROWS_PLAIN(V1_NULLS)
	return NULL; /* rows not one of ours */
#undef V1_NULLS
#undef V5_COLUMNS
#undef V5_NULLS
#undef V7_COLUMNS
#undef V13_COLUMNS
#undef V14_COLUMNS
}

/* A Chess-Uno game's columns (schema 7: columns 17 to 20 when the row's
 * columns, the club's winner left out, are n > 20). */
static cc_err read_uno(sqlite3_stmt *stmt, int n, cc_store_match_info *info, cc_error *err)
{
	cc_match_settings *s = &info->settings;
	if (!cc_game_has(s->format, CC_GAME_DEALT))
		return CC_OK;
	if (n < 21 ||
	    cc_uno_settings_parse(&s->uno.options, column_text(stmt, 17), NULL) != CC_OK)
		return cc_refuse(err, CC_MSG_STORE_UNKNOWN_UNO_OPTIONS, info->id);
	column_copy(stmt, 18, s->uno.deal, sizeof s->uno.deal);
	column_copy(stmt, 19, info->secret, sizeof info->secret);
	column_copy(stmt, 20, info->commitment, sizeof info->commitment);
	/* UNO-F10: the mark of schema 14 (column 22); an older game's deal is fixed
	 * when its order is not the one its key gives (a `deck=`). */
	cc_uno_deal deal;
	if (n > 22 && sqlite3_column_type(stmt, 22) != SQLITE_NULL)
		s->uno.fixed = sqlite3_column_int(stmt, 22) != 0;
	else if (cc_uno_deal_parse(s->uno.deal, &deal, NULL) == CC_OK)
		s->uno.fixed = !cc_uno_deal_follows_key(&s->uno.options, &deal);
	return CC_OK;
}

/* Fills info from a row of cc_store_info_query(); CC_ERR_STORE when a value is not ours. */
cc_err cc_store_read_info(sqlite3_stmt *stmt, cc_store_match_info *info, cc_error *err)
{
	cc_match_settings *s = &info->settings;
	int n = sqlite3_column_count(stmt) - 1; /* the last: the club's winner */
	memset(info, 0, sizeof *info);
	cc_match_settings_default(s);
	info->id = sqlite3_column_int64(stmt, 0);
	column_copy(stmt, 1, info->created_utc, sizeof info->created_utc);
	const char *record = column_text(stmt, 4);
	char *end;
	s->seed = strtoull(column_text(stmt, 7), &end, 10);
	if (cc_format_parse(column_text(stmt, 2), &s->format) || cc_category_parse(column_text(stmt, 3), &s->category) ||
	    cc_record_mode_parse(record, &s->record) != CC_OK || *end != '\0')
		return cc_refuse(err, CC_MSG_STORE_UNKNOWN_SETTINGS, info->id);
	if ((sqlite3_column_type(stmt, 13) != SQLITE_NULL &&
	     cc_chess_variant_from_name(column_text(stmt, 13), &s->variant, NULL) != CC_OK) ||
	    (sqlite3_column_type(stmt, 16) != SQLITE_NULL && cc_claims_parse(column_text(stmt, 16), &s->claims) != CC_OK))
		return cc_refuse(err, CC_MSG_STORE_UNKNOWN_VARIANT, info->id);
	s->tc_base_ms = sqlite3_column_int64(stmt, 14);
	s->tc_increment_ms = sqlite3_column_int64(stmt, 15);
	/* schema 10: a clock of periods, delays or Bronstein (FI-6.11), whole */
	if (n > 21 && sqlite3_column_type(stmt, 21) != SQLITE_NULL &&
	    cc_tc_parse(column_text(stmt, 21), s, NULL) != CC_OK)
		return cc_refuse(err, CC_MSG_STORE_UNKNOWN_SETTINGS, info->id);
	column_copy(stmt, 5, s->white, sizeof s->white);
	column_copy(stmt, 6, s->black, sizeof s->black);
	info->over = sqlite3_column_type(stmt, 8) != SQLITE_NULL;
	if (info->over) {
		if (cc_reason_parse(column_text(stmt, 9), &info->reason) != CC_OK)
			info->reason = CC_REASON_ARBITER;
		if (cc_winner_parse(column_text(stmt, 8), &info->winner))
			info->winner = CC_WINNER_NONE;
		column_copy(stmt, 10, info->reason_text, sizeof info->reason_text);
	}
	/* CL-5.8: a standing correction's winner, one of ours (else as played) */
	info->club_winner = info->winner;
	cc_winner w;
	if (info->over && sqlite3_column_type(stmt, n) != SQLITE_NULL && cc_winner_parse(column_text(stmt, n), &w) == CC_OK)
		info->club_winner = w;
	info->events = (size_t)sqlite3_column_int64(stmt, 11);
	column_copy(stmt, 12, info->sheet, sizeof info->sheet);
	return read_uno(stmt, n, info, err);
}

/* One stored event row as a core event. */
cc_err cc_store_read_event(sqlite3_stmt *stmt, cc_event *ev, cc_error *err)
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
	column_copy(stmt, 6, ev->text, sizeof ev->text);
	if (ok && ev->kind == CC_EV_CORRECT) {
		ok = cc_correct_target_parse(column_text(stmt, 7), &ev->target) == CC_OK;
		ev->amount = sqlite3_column_int64(stmt, 8);
		ev->relative = sqlite3_column_int(stmt, 9) != 0;
	}
	ev->from_timer = ev->kind == CC_EV_CUBE && sqlite3_column_int(stmt, 10) != 0; /* v18; 0 before */
	return ok ? CC_OK : cc_refuse(err, CC_MSG_STORE_UNKNOWN_EVENT_VALUES);
}
