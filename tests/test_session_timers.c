/*
 * test_session_timers.c: the players' Stackmat timers as the console
 * publishes them for the audience (session_timers.h, rules/stackmat.md
 * SM-6): the side file written and read back, a running time advanced to
 * the reader's time, a stale file a lost signal, another phase or a dead
 * console nothing, and every text the console does not write refused.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chesscubing/session_timers.h"
#include "clauses.h"
#include "side_file_fixture.h"

static void setup(void)
{
	side_fixture_open(".timers.7");
}

static void teardown(void)
{
	side_fixture_close();
}

/* Match 7 in the cube phase after block 3, first attempt; White's timer
 * running at 12.34 s, Black's ready, read at 50000 ms. */
static cc_session_timers sample(void)
{
	cc_session_timers t;
	memset(&t, 0, sizeof t);
	t.match_id = 7;
	t.block = 3;
	t.attempt = 1;
	t.stamp_ms = 50000;
	t.pid = (long)getpid();
	t.side[0] = (cc_session_timer){true, CC_STACKMAT_RUNNING, 12340};
	t.side[1] = (cc_session_timer){true, CC_STACKMAT_READY, 0};
	return t;
}

static cc_match_view cube_view(int block, int attempt)
{
	cc_match_view v;
	memset(&v, 0, sizeof v);
	v.phase = CC_PHASE_CUBE;
	v.block = block;
	v.cube_attempt = attempt;
	return v;
}

static bool publish_sample(void)
{
	cc_session_timers t = sample();
	return cc_session_timers_publish(db, &t);
}

START_TEST(test_session_timers_file__published_read_back_withdrawn)
{
	CLAUSES("SM-6.1 RE-3.7");
	cc_session_timers t = sample(), got;
	cc_match_view v = cube_view(3, 1);
	ck_assert_int_eq(cc_session_timers_read(viewer, 7, &v, 50000, &got), CC_SESSION_TIMERS_NONE);
	side_fixture_check_mode(publish_sample);
	/* 250 ms later: White's running time has gone on by as much. */
	ck_assert_int_eq(cc_session_timers_read(viewer, 7, &v, 50250, &got), CC_SESSION_TIMERS_LIVE);
	ck_assert_int_eq(got.side[0].state, CC_STACKMAT_RUNNING);
	ck_assert_int_eq(got.side[0].time_ms, 12590);
	ck_assert_int_eq(got.side[1].state, CC_STACKMAT_READY);
	ck_assert_int_eq(got.side[1].time_ms, 0);
	/* A stopped time stays as shown. */
	t.side[0] = (cc_session_timer){true, CC_STACKMAT_STOPPED, 23450};
	ck_assert(cc_session_timers_publish(db, &t));
	ck_assert_int_eq(cc_session_timers_read(viewer, 7, &v, 51000, &got), CC_SESSION_TIMERS_LIVE);
	ck_assert_int_eq(got.side[0].state, CC_STACKMAT_STOPPED);
	ck_assert_int_eq(got.side[0].time_ms, 23450);
	/* Another match's file is its own. */
	ck_assert_int_eq(cc_session_timers_read(viewer, 8, &v, 51000, &got), CC_SESSION_TIMERS_NONE);
	cc_session_timers_withdraw(db, 7);
	ck_assert_int_eq(cc_session_timers_read(viewer, 7, &v, 51000, &got), CC_SESSION_TIMERS_NONE);
	ck_assert_int_ne(access(side, F_OK), 0);
}
END_TEST

START_TEST(test_session_timers_at__stale_is_lost_never_frozen)
{
	CLAUSES("SM-6.2");
	cc_session_timers t = sample(), got;
	cc_match_view v = cube_view(3, 1);
	ck_assert_int_eq(cc_session_timers_at(&t, 7, &v, 50000 + CC_SESSION_TIMERS_STALE_MS, &got),
	                 CC_SESSION_TIMERS_LIVE);
	ck_assert_int_eq(got.side[0].time_ms, 12340 + CC_SESSION_TIMERS_STALE_MS);
	ck_assert_int_eq(cc_session_timers_at(&t, 7, &v, 50001 + CC_SESSION_TIMERS_STALE_MS, &got),
	                 CC_SESSION_TIMERS_LOST);
	/* Stamped well after the reader's now: not the console's clock. */
	ck_assert_int_eq(cc_session_timers_at(&t, 7, &v, 49999 - CC_SESSION_TIMERS_STALE_MS, &got),
	                 CC_SESSION_TIMERS_LOST);
	/* A running time never passes the display's limit. */
	t.side[0].time_ms = CC_STACKMAT_DISPLAY_MAX_MS - 10;
	ck_assert_int_eq(cc_session_timers_at(&t, 7, &v, 51000, &got), CC_SESSION_TIMERS_LIVE);
	ck_assert_int_eq(got.side[0].time_ms, CC_STACKMAT_DISPLAY_MAX_MS);
}
END_TEST

START_TEST(test_session_timers_at__other_phase_shows_nothing)
{
	CLAUSES("SM-6.2");
	cc_session_timers t = sample(), got;
	cc_match_view v = cube_view(4, 1);
	ck_assert_int_eq(cc_session_timers_at(&t, 7, &v, 50000, &got), CC_SESSION_TIMERS_NONE);
	v = cube_view(3, 2); /* the replay after a tie */
	ck_assert_int_eq(cc_session_timers_at(&t, 7, &v, 50000, &got), CC_SESSION_TIMERS_NONE);
	v = cube_view(3, 1);
	v.phase = CC_PHASE_BLOCK;
	ck_assert_int_eq(cc_session_timers_at(&t, 7, &v, 50000, &got), CC_SESSION_TIMERS_NONE);
	v = cube_view(3, 1);
	v.over = true;
	ck_assert_int_eq(cc_session_timers_at(&t, 7, &v, 50000, &got), CC_SESSION_TIMERS_NONE);
}
END_TEST

START_TEST(test_session_timers_file__dead_console_shows_nothing)
{
	CLAUSES("SM-6.2");
	cc_session_timers t = sample(), got;
	cc_match_view v = cube_view(3, 1);
	ck_assert(cc_session_timers_publish(db, &t));
	ck_assert_int_eq(cc_session_timers_read(viewer, 7, &v, 50000, &got), CC_SESSION_TIMERS_LIVE);
	/* The console gone: its file stays, its claim on the record does not,
	 * whatever its PID (a zombie's, another namespace's) says. */
	side_fixture_publisher_gone();
	struct stat st;
	ck_assert_int_eq(stat(side, &st), 0);
	ck_assert_int_eq(cc_session_timers_read(viewer, 7, &v, 50000, &got), CC_SESSION_TIMERS_NONE);
	/* Its own claim is what a publisher's reading needs: the file of one
	 * match proves nothing for another's. */
	ck_assert(cc_session_timers_publish(db, &t));
	cc_session_timers_withdraw(db, 7);
	write_side("x");
	ck_assert_int_eq(cc_session_timers_read(viewer, 7, &v, 50000, &got), CC_SESSION_TIMERS_NONE);
}
END_TEST

START_TEST(test_session_timers_parse__round_trip)
{
	CLAUSES("SM-6.1");
	static const cc_stackmat_state states[] = {CC_STACKMAT_NO_SIGNAL, CC_STACKMAT_RESET, CC_STACKMAT_HANDS,
	                                           CC_STACKMAT_READY, CC_STACKMAT_RUNNING, CC_STACKMAT_STOPPED};
	char text[CC_SESSION_TIMERS_TEXT_MAX];
	for (size_t i = 0; i < sizeof states / sizeof *states; i++) {
		cc_session_timers t = sample(), got;
		t.match_id = INT64_C(9007199254740992);
		t.block = 99999;
		t.attempt = 12;
		t.side[0] = (cc_session_timer){true, states[i], states[i] == CC_STACKMAT_NO_SIGNAL ? 0 : 599990};
		t.side[1] = (cc_session_timer){false, CC_STACKMAT_NO_SIGNAL, 0};
		ck_assert(cc_session_timers_format(&t, text, sizeof text));
		ck_assert(cc_session_timers_parse(text, strlen(text), &got));
		ck_assert_int_eq(got.match_id, t.match_id);
		ck_assert_int_eq(got.block, 99999);
		ck_assert_int_eq(got.attempt, 12);
		ck_assert_int_eq(got.stamp_ms, 50000);
		ck_assert_int_eq(got.pid, t.pid);
		ck_assert(got.side[0].present);
		ck_assert_int_eq(got.side[0].state, states[i]);
		ck_assert_int_eq(got.side[0].time_ms, t.side[0].time_ms);
		ck_assert(!got.side[1].present);
	}
	/* Nothing out of range is written (it would not read back). */
	cc_session_timers t = sample();
	t.side[0].time_ms = CC_STACKMAT_DISPLAY_MAX_MS + 1;
	ck_assert(!cc_session_timers_format(&t, text, sizeof text));
	t = sample();
	t.match_id = 0;
	ck_assert(!cc_session_timers_format(&t, text, sizeof text));
	t = sample();
	t.side[1] = (cc_session_timer){true, CC_STACKMAT_NO_SIGNAL, 500};
	ck_assert(!cc_session_timers_format(&t, text, sizeof text));
}
END_TEST

START_TEST(test_session_timers_parse__hostile_refused)
{
	CLAUSES("SM-6.2");
	char good[CC_SESSION_TIMERS_TEXT_MAX];
	cc_session_timers t = sample(), got;
	ck_assert(cc_session_timers_format(&t, good, sizeof good));
	ck_assert(cc_session_timers_parse(good, strlen(good), &got));
	/* Each case replaces the first occurrence of from with to in good. */
	static const char *const edits[][2] = {
		{"chesscubing-timers 1", "chesscubing-timers 2"},
		{"match 7", "match 07"},
		{"match 7", "match -7"},
		{"match 7", "match 0"},
		{"match 7", "match 99999999999999999"},
		{"match 7", "match 7 "},
		{"phase 3 1", "phase 3"},
		{"phase 3 1", "phase 3  1"},
		{"phase 3 1", "phase 100000 1"},
		{"phase 3 1", "phase 3 0"},
		{"stamp 50000", "stamp 5e4"},
		{"stamp 50000", "stamp +50000"},
		{"white running 12340", "white running 599991"},
		{"white running 12340", "white runnin 12340"},
		{"white running 12340", "white nosignal 12340"},
		{"white running", "black running"},
		{"black ready 0", "black ready 0\nblack ready 0"},
		{"black ready 0\n", "black ready 0"},
		{"black ready 0\n", "black ready 0\n\n"},
		{"black ready 0\n", "black ready 0\r\n"},
		{"white running", "white\x1b[2Jrunning"},
		{"pid ", "pid 0"},
	};
	char text[2 * CC_SESSION_TIMERS_TEXT_MAX];
	for (size_t i = 0; i < sizeof edits / sizeof *edits; i++) {
		const char *at = strstr(good, edits[i][0]);
		ck_assert_ptr_nonnull(at);
		snprintf(text, sizeof text, "%.*s%s%s", (int)(at - good), good, edits[i][1], at + strlen(edits[i][0]));
		ck_assert_msg(!cc_session_timers_parse(text, strlen(text), &got), "accepted case %zu", i);
	}
	/* A NUL inside, a text cut short, one too long. */
	memcpy(text, good, strlen(good) + 1);
	text[3] = '\0';
	ck_assert(!cc_session_timers_parse(text, strlen(good), &got));
	ck_assert(!cc_session_timers_parse(good, strlen(good) - 1, &got));
	memset(text, '1', sizeof text);
	ck_assert(!cc_session_timers_parse(text, sizeof text, &got));
	/* Through the file: garbage, and a symbolic link, are nothing. */
	cc_match_view v = cube_view(3, 1);
	write_side("white running 12340\n");
	ck_assert_int_eq(cc_session_timers_read(viewer, 7, &v, 50000, &got), CC_SESSION_TIMERS_NONE);
	unlink(side);
	snprintf(text, sizeof text, "%s/elsewhere", dir);
	FILE *f = fopen(text, "w");
	ck_assert_ptr_nonnull(f);
	fputs(good, f);
	fclose(f);
	ck_assert_int_eq(symlink(text, side), 0);
	ck_assert_int_eq(cc_session_timers_read(viewer, 7, &v, 50000, &got), CC_SESSION_TIMERS_NONE);
	/* And the console does not write through one: it replaces the link. */
	t.stamp_ms = 60000;
	ck_assert(cc_session_timers_publish(db, &t));
	char back[2 * CC_SESSION_TIMERS_TEXT_MAX] = "";
	f = fopen(text, "r");
	ck_assert_ptr_nonnull(f);
	size_t n = fread(back, 1, sizeof back - 1, f);
	fclose(f);
	back[n] = '\0';
	ck_assert_str_eq(back, good);
	struct stat st;
	ck_assert_int_eq(lstat(side, &st), 0);
	ck_assert(S_ISREG(st.st_mode));
	unlink(side);
	unlink(text);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("session_timers");
	TCase *tc = tcase_create("timers");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_session_timers_file__published_read_back_withdrawn);
	tcase_add_test(tc, test_session_timers_at__stale_is_lost_never_frozen);
	tcase_add_test(tc, test_session_timers_at__other_phase_shows_nothing);
	tcase_add_test(tc, test_session_timers_file__dead_console_shows_nothing);
	tcase_add_test(tc, test_session_timers_parse__round_trip);
	tcase_add_test(tc, test_session_timers_parse__hostile_refused);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
