/*
 * test_session_resume.c: the session layer resuming a match (session.h):
 * it comes back paused, the times of day survive, each resume records what
 * it gave back (RU-18), and the arbiter's report lists the interventions.
 * Every test works in a fresh temporary folder, with a frozen clock.
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "session_fixture.h"

START_TEST(test_session_resume__comes_back_paused)
{
	CLAUSES("RU-18 RE-1.5");
	make_dir();
	make_recorded_match();
	cc_session_db *db = open_db(CC_SESSION_DB_WRITE, NULL);
	cc_session *live = NULL;
	ck_assert_int_eq(cc_session_resume(&live, db, 0, NULL), CC_OK);
	cc_match_view v = view_at(cc_session_match(live), 500000);
	ck_assert(v.paused);
	ck_assert_int_eq(v.moves[CC_SIDE_BLACK], 1);
	ck_assert(v.check);
	ck_assert_int_eq(v.move_ms_left, CC_MOVE_MS); /* stopped at the last event */
	ck_assert_uint_eq(cc_match_event_count(cc_session_match(live)), 4);
	cc_session_destroy(live);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* Issue 21 (RU-18): a line's time of day is the record's, before and after a
 * resume: a move committed after its stamp keeps the stamp's time, and the
 * minute the console was down moves no earlier time. */
static void check_walls(const cc_session *s, const int64_t *t, const int64_t *want, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int64_t wall = 0;
		ck_assert(cc_session_wall_at(s, t[i], &wall));
		ck_assert_int_eq(wall, want[i]);
	}
}

START_TEST(test_session_wall_at__times_of_day_survive_a_resume)
{
	CLAUSES("RU-18");
	make_dir();
	cc_clock clock = cc_clock_frozen(0, WALL_MS);
	cc_session_db *db = open_db(CC_SESSION_DB_WRITE, &clock);
	cc_match_settings s = twice_settings();
	cc_session *live = create(db, &s);
	cc_event script[] = {cc_event_start(0), cc_event_move(3000, CC_SIDE_WHITE, false),
	                     cc_event_move(4000, CC_SIDE_BLACK, false), cc_event_move(5000, CC_SIDE_WHITE, false)};
	int64_t committed[] = {0, 3000, 4500 /* 0.5 s after its stamp */, 5000};
	for (size_t i = 0; i < 4; i++) {
		clock.frozen_wall_ms = WALL_MS + committed[i];
		ck_assert_int_eq(cc_session_apply(live, &script[i], NULL), CC_OK);
	}
	int64_t t[] = {0, 3000, 4000, 5000}, want[] = {WALL_MS, WALL_MS + 3000, WALL_MS + 4000, WALL_MS + 5000};
	check_walls(live, t, want, 4);
	int64_t id = cc_session_id(live);
	cc_session_destroy(live);
	cc_session_db_close(db);
	clock.frozen_wall_ms = WALL_MS + 65000; /* a minute down */
	db = open_db(CC_SESSION_DB_WRITE, &clock);
	ck_assert_int_eq(cc_session_resume(&live, db, id, NULL), CC_OK);
	cc_event go = cc_event_resume(5000), reply = cc_event_move(7000, CC_SIDE_BLACK, false);
	ck_assert_int_eq(cc_session_apply(live, &go, NULL), CC_OK);
	clock.frozen_wall_ms = WALL_MS + 67000;
	ck_assert_int_eq(cc_session_apply(live, &reply, NULL), CC_OK);
	check_walls(live, t, want, 4);
	int64_t later[] = {6000, 7000}, later_want[] = {WALL_MS + 66000, WALL_MS + 67000};
	check_walls(live, later, later_want, 2);
	cc_session *read = NULL;
	ck_assert_int_eq(cc_session_read(&read, db, id, NULL), CC_OK);
	check_walls(read, t, want, 4);
	check_walls(read, later, later_want, 2);
	cc_session_destroy(read);
	cc_session_destroy(live);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* RU-18 (schema 16): each resume records what it gave back. Two crashes,
 * two resumes: two entries, each with its amount and whose it was, in the
 * record's order, read back by a later session and listed by the report;
 * the second taken off again (g) is marked so; a stamp a resume used is
 * spent (a third resume, the console not seen since, gives nothing). */
static size_t count_in(const char *text, const char *what)
{
	size_t n = 0;
	for (const char *p = text; (p = strstr(p, what)) != NULL; p++)
		n++;
	return n;
}

START_TEST(test_session_resume__two_resumes_record_two_returned_amounts)
{
	CLAUSES("RU-18");
	setenv("TZ", "UTC", 1);
	tzset();
	make_dir();
	cc_clock clock = cc_clock_frozen(0, WALL_MS);
	cc_session_db *db = open_db(CC_SESSION_DB_WRITE, &clock);
	cc_match_settings s = twice_settings();
	cc_session *live = create(db, &s);
	cc_event start = cc_event_start(0), white = cc_event_move(3000, CC_SIDE_WHITE, false);
	ck_assert_int_eq(cc_session_apply(live, &start, NULL), CC_OK);
	clock.frozen_wall_ms = WALL_MS + 3000;
	ck_assert_int_eq(cc_session_apply(live, &white, NULL), CC_OK);
	clock.frozen_wall_ms = WALL_MS + 7000;
	ck_assert_int_eq(cc_session_mark_seen(live, 7000, NULL), CC_OK); /* Brice thinks 4 s, then the crash */
	int64_t id = cc_session_id(live);
	ck_assert_uint_eq(cc_session_resume_count(live), 0);
	cc_session_destroy(live);

	clock.frozen_wall_ms = WALL_MS + 60000;
	ck_assert_int_eq(cc_session_resume(&live, db, id, NULL), CC_OK);
	ck_assert_uint_eq(cc_session_resume_count(live), 1);
	const cc_session_resume_entry *e = cc_session_resume_at(live, 0);
	ck_assert_int_eq(e->returned_ms, 4000);
	ck_assert_int_eq(e->side, CC_SIDE_BLACK);
	ck_assert_int_eq(e->stopped_t_ms, 7000);
	ck_assert_int_eq(e->stopped_wall_ms, WALL_MS + 7000);
	ck_assert_int_eq(e->last_wall_ms, WALL_MS + 3000);
	ck_assert_int_eq(e->resumed_t_ms, 3000);
	ck_assert_int_eq(e->resumed_wall_ms, WALL_MS + 60000);
	ck_assert(!e->taken_back);
	/* Play on: Brice replies, Anne thinks 4.5 s, the second crash. */
	cc_event go = cc_event_resume(3000), black = cc_event_move(5000, CC_SIDE_BLACK, false);
	ck_assert_int_eq(cc_session_apply(live, &go, NULL), CC_OK);
	clock.frozen_wall_ms = WALL_MS + 62000;
	ck_assert_int_eq(cc_session_apply(live, &black, NULL), CC_OK);
	clock.frozen_wall_ms = WALL_MS + 66500;
	ck_assert_int_eq(cc_session_mark_seen(live, 9500, NULL), CC_OK);
	cc_session_destroy(live);

	clock.frozen_wall_ms = WALL_MS + 120000;
	ck_assert_int_eq(cc_session_resume(&live, db, id, NULL), CC_OK);
	ck_assert_uint_eq(cc_session_resume_count(live), 2);
	e = cc_session_resume_at(live, 1);
	ck_assert_int_eq(e->returned_ms, 4500);
	ck_assert_int_eq(e->side, CC_SIDE_WHITE);
	ck_assert_int_eq(e->resumed_t_ms, 5000);
	ck_assert_int_eq(e->last_wall_ms, WALL_MS + 62000);
	ck_assert_int_eq(cc_session_resume_at(live, 0)->returned_ms, 4000); /* the first one read back */
	/* g: the clocks as they stood when the console stopped, recorded. */
	cc_session_returned r;
	ck_assert(cc_session_resume_returned(live, &r));
	for (size_t i = 0; i < r.corrections; i++) {
		cc_event fix = r.correct[i];
		fix.t_ms = 5000;
		ck_assert_int_eq(cc_session_apply(live, &fix, NULL), CC_OK);
	}
	ck_assert_int_eq(cc_session_returned_taken_back(live, NULL), CC_OK);
	ck_assert(cc_session_resume_at(live, 1)->taken_back);
	cc_session_destroy(live);

	/* The stamp is spent: a resume now gives nothing and records nothing. */
	clock.frozen_wall_ms = WALL_MS + 180000;
	ck_assert_int_eq(cc_session_resume(&live, db, id, NULL), CC_OK);
	ck_assert(!cc_session_resume_returned(live, &r));
	ck_assert_uint_eq(cc_session_resume_count(live), 2);
	cc_session_destroy(live);

	cc_session *read = NULL;
	ck_assert_int_eq(cc_session_read(&read, db, id, NULL), CC_OK);
	ck_assert_uint_eq(cc_session_resume_count(read), 2);
	ck_assert_int_eq(cc_session_resume_at(read, 0)->returned_ms, 4000);
	ck_assert_int_eq(cc_session_resume_at(read, 0)->side, CC_SIDE_BLACK);
	ck_assert(!cc_session_resume_at(read, 0)->taken_back);
	ck_assert_int_eq(cc_session_resume_at(read, 1)->returned_ms, 4500);
	ck_assert_int_eq(cc_session_resume_at(read, 1)->side, CC_SIDE_WHITE);
	ck_assert(cc_session_resume_at(read, 1)->taken_back);
	ck_assert_int_eq(cc_session_resume_at(read, 1)->taken_back_t_ms, 5000);
	static char report[16384];
	FILE *out = fmemopen(report, sizeof report, "w");
	ck_assert_ptr_nonnull(out);
	ck_assert_int_eq(cc_session_write_report(cc_lang_default(), out, read, false, false), 0);
	fclose(out);
	ck_assert_uint_eq(count_in(report, ", 2 resumes."), 1);
	ck_assert_uint_eq(count_in(report, "     0:03.0  (14:06:00) resume: the console stopped at 14:05:07; clocks put back to "
	                                   "the last event (14:05:03): 0:04.0 of Brice O'Neil's thinking time returned\n"),
	                  1);
	ck_assert_uint_eq(count_in(report, "     0:05.0  (14:07:00) resume: the console stopped at 14:06:06; clocks put back to "
	                                   "the last event (14:06:02): 0:04.5 of Anne Dupont's thinking time returned; "
	                                   "taken off again at 0:05.0 (g)\n"),
	                  1);
	cc_session_destroy(read);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* Issue 21: `show` and the report count and list the arbiter's
 * interventions (RU-25 corrections, RU-14 undos, RU-31 holds), each at its
 * match time; a match without one says nothing of them. */
static size_t report_lines_at(cc_session *s, const char *at, char *report, size_t size)
{
	FILE *out = fmemopen(report, size, "w");
	ck_assert_ptr_nonnull(out);
	ck_assert_int_eq(cc_session_write_report(cc_lang_default(), out, s, false, false), 0);
	fclose(out);
	size_t n = 0;
	for (const char *p = report; (p = strstr(p, at)) != NULL; p++)
		n++;
	return n;
}

START_TEST(test_session_report__lists_the_arbiters_interventions)
{
	CLAUSES("RU-25 RU-31");
	make_dir();
	cc_clock clock = cc_clock_frozen(0, WALL_MS);
	cc_session_db *db = open_db(CC_SESSION_DB_WRITE, &clock);
	cc_match_settings s = twice_settings();
	cc_session *live = create(db, &s);
	static char report[16384];
	cc_event start = cc_event_start(0), move = cc_event_move(3000, CC_SIDE_WHITE, false);
	ck_assert_int_eq(cc_session_apply(live, &start, NULL), CC_OK);
	ck_assert_int_eq(cc_session_apply(live, &move, NULL), CC_OK);
	ck_assert_uint_eq(report_lines_at(live, "0:04.0", report, sizeof report), 0);
	cc_event hold = cc_event_hold(4000), release = cc_event_release(4000),
	         fix = cc_event_correct(4000, CC_CORRECT_BLOCK, CC_SIDE_WHITE, 170000, false, "clock knocked"),
	         undo = cc_event_undo(6000);
	ck_assert_int_eq(cc_session_apply(live, &hold, NULL), CC_OK);
	ck_assert_int_eq(cc_session_apply(live, &fix, NULL), CC_OK);
	ck_assert_int_eq(cc_session_apply(live, &release, NULL), CC_OK);
	ck_assert_int_eq(cc_session_apply(live, &undo, NULL), CC_OK);
	/* the hold and the correction at 0:04.0, the undo at 0:06.0 */
	ck_assert_uint_eq(report_lines_at(live, "     0:04.0  ", report, sizeof report), 2);
	ck_assert_uint_eq(report_lines_at(live, "     0:06.0  ", report, sizeof report), 1);
	ck_assert_uint_eq(report_lines_at(live, ": 1 correction, 1 undo, 1 hold, 0 moves", report, sizeof report), 1);
	/* Issue 35 item 9: each line has its time of day from the record (the
	 * frozen wall clock: every event committed at WALL_MS, so the undo,
	 * the last, is at WALL_MS), and the undo says what it took back (the
	 * correction: the hold and release pass, RU-31). */
	char when[16], undo_line[64];
	time_t secs = (time_t)(WALL_MS / 1000);
	struct tm tm;
	ck_assert_ptr_nonnull(localtime_r(&secs, &tm));
	ck_assert_uint_gt(strftime(when, sizeof when, "%H:%M:%S", &tm), 0);
	snprintf(undo_line, sizeof undo_line, "0:06.0  (%s) undo: takes back \"", when);
	ck_assert_uint_eq(report_lines_at(live, undo_line, report, sizeof report), 1);
	ck_assert_uint_eq(report_lines_at(live, "clock knocked", report, sizeof report), 2);
	ck_assert_uint_eq(report_lines_at(live, "0:04.0  (", report, sizeof report), 2);
	cc_session_destroy(live);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* RE-1.1: what time alone changes is recorded as a tick, once */

int main(void)
{
	Suite *s = suite_create("session_resume");
	TCase *tc = tcase_create("live");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_session_resume__comes_back_paused);
	tcase_add_test(tc, test_session_wall_at__times_of_day_survive_a_resume);
	tcase_add_test(tc, test_session_report__lists_the_arbiters_interventions);
	tcase_add_test(tc, test_session_resume__two_resumes_record_two_returned_amounts);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
