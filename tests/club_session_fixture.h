/*
 * club_session_fixture.h: what the club's session test files share
 * (test_club_session.c, test_club_session_ratings.c,
 * test_club_session_events.c, test_club_session_players.c): a fresh
 * temporary folder and its record (record_fixture.h), opened with a frozen clock that dates
 * every commit (so the order in which matches end is given), a rated match
 * created and ended, a player read back, SQL run directly on the file (as
 * an older program would have left it), and a match created for an
 * event's pairing.
 */
#ifndef CHESSCUBING_TEST_CLUB_SESSION_FIXTURE_H
#define CHESSCUBING_TEST_CLUB_SESSION_FIXTURE_H

#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session.h"
#include "clauses.h"
#include "chesscubing/session_club.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_export.h"
#include "store.h" /* CC_STORE_SCHEMA_VERSION */
#include "record_fixture.h" /* dir, db_path, remove_dir */

#define EPS 1e-4
#define WALL_MS 1796047500000LL /* 2026-11-30T14:05:00Z */

static cc_clock test_clock;

/* A fresh folder and record path (record_fixture.h), the clock frozen at WALL_MS. */
static inline void make_dir(void)
{
	make_record_dir("club");
	test_clock = cc_clock_frozen(0, WALL_MS);
}

static inline cc_session_db *open_db(void)
{
	cc_session_db *db = NULL;
	cc_error err = {0};
	ck_assert_msg(cc_session_db_open(&db, db_path, CC_SESSION_DB_WRITE, &test_clock, &err) == CC_OK, "%s",
	              err.message);
	return db;
}

static inline cc_session *new_match(cc_session_db *db, const char *white, const char *black, bool unrated,
                                    const char *event)
{
	cc_match_settings s;
	cc_session *session = NULL;
	cc_error err = {0};
	cc_match_settings_default(&s);
	snprintf(s.white, sizeof s.white, "%s", white);
	snprintf(s.black, sizeof s.black, "%s", black);
	cc_session_club_options club = {unrated, event, 0, 0, {false, false}};
	ck_assert_msg(cc_session_create_club(&session, db, &s, false, &club, &err) == CC_OK, "%s", err.message);
	ck_assert_int_eq(cc_session_apply(session, &(cc_event){.kind = CC_EV_START, .t_ms = 0}, &err), CC_OK);
	return session;
}

/* Ends a match at wall time wall: winner, or a draw by decision. */
static inline void finish(cc_session *s, cc_winner winner, int64_t wall)
{
	cc_error err = {0};
	test_clock.frozen_wall_ms = wall;
	cc_event ev = cc_event_arbiter(1000, winner, "result");
	ck_assert_msg(cc_session_apply(s, &ev, &err) == CC_OK, "%s", err.message);
}

static inline cc_session_player player(cc_session_db *db, const char *name)
{
	cc_session_player p;
	cc_error err = {0};
	ck_assert_msg(cc_session_club_player(db, name, &p, &err) == CC_OK, "%s", err.message);
	return p;
}

static inline void sql(const char *statements)
{
	sqlite3 *db = NULL;
	ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
	ck_assert_msg(sqlite3_exec(db, statements, NULL, NULL, NULL) == SQLITE_OK, "%s", sqlite3_errmsg(db));
	sqlite3_close(db);
}

/* Creates a match for the given pairing; returns the code. */
static inline cc_err create_for(cc_session_db *db, const char *white, const char *black, const char *event,
                                unsigned round, unsigned board, cc_session **out, cc_error *err)
{
	cc_match_settings s;
	cc_match_settings_default(&s);
	snprintf(s.white, sizeof s.white, "%s", white);
	snprintf(s.black, sizeof s.black, "%s", black);
	cc_session_club_options club = {false, event, round, board, {false, false}};
	return cc_session_create_club(out, db, &s, false, &club, err);
}

#endif
