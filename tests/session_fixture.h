/*
 * session_fixture.h: what the session layer's test files (test_session.c,
 * test_session_resume.c, test_session_describe.c) share: a fresh temporary
 * folder and its database (record_fixture.h), the record opened with a frozen clock, a Twice
 * match created, and a database with one recorded match.
 */
#ifndef CHESSCUBING_TEST_SESSION_FIXTURE_H
#define CHESSCUBING_TEST_SESSION_FIXTURE_H

#include <check.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "chesscubing/session.h"
#include "store.h"
#include "clauses.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_export.h"
#include "chesscubing/session_scenario.h"
#include "chesscubing/session_json.h"
#include "chesscubing/session_news.h"
#include "session_internal.h"
#include "match_helpers.h"
#include "record_fixture.h" /* dir, db_path, remove_dir, twice_settings */

static inline void make_dir(void)
{
	make_record_dir("session");
}

/* 2026-11-30T14:05:00Z, as the frozen wall clock of these tests. */
#define WALL_MS 1796047500000LL

static inline cc_session_db *open_db(cc_session_db_mode mode, const cc_clock *clock)
{
	cc_session_db *db = NULL;
	cc_error err = {0};
	ck_assert_msg(cc_session_db_open(&db, db_path, mode, clock, &err) == CC_OK, "%s", err.message);
	return db;
}

static inline cc_session *create(cc_session_db *db, const cc_match_settings *s)
{
	cc_session *session = NULL;
	cc_error err = {0};
	ck_assert_msg(cc_session_create(&session, db, s, false, &err) == CC_OK, "%s", err.message);
	return session;
}

/* A database with one recorded match of a few events. */
static inline void make_recorded_match(void)
{
	cc_session_db *db = open_db(CC_SESSION_DB_WRITE, NULL);
	cc_match_settings s = twice_settings();
	cc_session *session = create(db, &s);
	cc_event events[] = {cc_event_start(0), cc_event_move(1000, CC_SIDE_WHITE, false),
	                     cc_event_move(2000, CC_SIDE_BLACK, true)};
	for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
		ck_assert_int_eq(cc_session_apply(session, &events[i], NULL), CC_OK);
	cc_session_destroy(session);
	cc_session_db_close(db);
}

/* RE-1.1: the record holds exactly the accepted events; reading it back gives
 * the same match; the dates are the session clock's */

#endif
