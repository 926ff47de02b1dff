/*
 * test_match_time.c: the match core in Time (V1): the chess clocks in a
 * block, the solve times given or taken by odd and even blocks, DNF, and the
 * preview of cube times. Each test declares the clauses it checks with
 * CLAUSES (clauses.h).
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "match_fixture.h"

/* ---- Time V1 ---------------------------------------------------------------------- */

/* 10 minutes each, running for the side to move during a block only */
START_TEST(test_match_time__clock_runs_for_side_to_move_in_block_only)
{
	CLAUSES("TI-1.1 TI-1.2");
	int64_t t = 0;
	cc_match *m = new_match(TIME, FAST, 1);
	cc_match_view v = view_at(m, 5000);
	ck_assert(v.has_chess_clocks);
	ck_assert(!v.has_move_clock);
	ck_assert_int_eq(v.clock_ms[W], CC_TIME_CLOCK_MS);
	ok(m, cc_event_start(t = 5000));
	ok(m, cc_event_move(t += 7000, W, false));
	v = view_at(m, t + 3000);
	ck_assert_int_eq(v.clock_ms[W], CC_TIME_CLOCK_MS - 7000);
	ck_assert_int_eq(v.clock_ms[B], CC_TIME_CLOCK_MS - 3000);
	play_moves(m, &t, 11, 1000);
	v = view_at(m, t);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
	ck_assert_int_eq(view_at(m, t + 60000).clock_ms[W], v.clock_ms[W]);
	ck_assert_int_eq(view_at(m, t + 60000).clock_ms[B], v.clock_ms[B]);
	cc_match_destroy(m);
}
END_TEST

/* same blocks; side to move kept; no double move */
START_TEST(test_match_time__side_to_move_kept_no_double_move)
{
	CLAUSES("TI-2.1 TI-2.2 TI-2.3");
	cc_match *m = new_match(TIME, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(1000, W, false));  /* Black to move when the 180 s run out */
	ok(m, cc_event_cube(190000, W, 1000)); /* White solved faster: no priority */
	ok(m, cc_event_cube(190000, B, 2000));
	cc_match_view v = view_at(m, 190000);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
	ck_assert_int_eq(v.block, 2);
	ck_assert_int_eq(v.to_move, B);
	ck_assert_int_eq(v.double_move, CC_DOUBLE_NONE);
	ck_assert_int_eq(v.quota, 6);
	ck_assert_int_eq(v.block_ms_left, CC_BLOCK_MS);
	cc_match_destroy(m);
}
END_TEST

/* Ends block 1 of a Time match (nobody moves) and enters both solve times. */
static cc_match *time_after_block(int block, int32_t white_cs, int32_t black_cs, cc_match_view *v)
{
	cc_match *m = new_match(TIME, FAST, 1);
	int64_t t = 0;
	ok(m, cc_event_start(t));
	for (int b = 1; b <= block; b++) {
		t += CC_BLOCK_MS + 1;
		cc_match_view before = view_at(m, t);
		ck_assert_int_eq(before.phase, CC_PHASE_CUBE);
		if (b < block) {
			ok(m, cc_event_cube(t, W, 100));
			ok(m, cc_event_cube(t, B, 100));
			continue;
		}
		ok(m, cc_event_cube(t, W, white_cs));
		ok(m, cc_event_cube(t, B, black_cs));
		*v = before;
	}
	return m;
}

/* after an odd block, each solve time comes off one's own clock */
START_TEST(test_match_time__odd_block_takes_own_solve_time)
{
	CLAUSES("TI-3.1");
	cc_match_view before, after;
	cc_match *m = time_after_block(1, 4000, 9000, &before);
	after = view_at(m, cc_match_last_time(m));
	ck_assert_int_eq(after.clock_ms[W], before.clock_ms[W] - 40000);
	ck_assert_int_eq(after.clock_ms[B], before.clock_ms[B] - 90000);
	ck_assert_int_eq(after.last_cube.adjust_ms[W], -40000);
	cc_match_destroy(m);
}
END_TEST

/* a preview answers what solve times would do, and leaves the match as it was */
START_TEST(test_match_preview__cube_times_change_nothing)
{
	CLAUSES("TI-3.1");
	cc_match *m = new_match(TIME, FAST, 1);
	cc_error err;
	int64_t t = CC_BLOCK_MS + 1;
	ok(m, cc_event_start(0));
	size_t events = cc_match_event_count(m);
	cc_match_view before = view_at(m, t), after;
	cc_event evs[2] = {cc_event_cube(t, W, 4000), cc_event_cube(t, B, 9000)};
	ck_assert_int_eq(cc_match_preview(m, evs, 2, t, &after, &err), CC_OK);
	ck_assert_int_eq(after.clock_ms[W], before.clock_ms[W] - 40000);
	ck_assert_int_eq(after.clock_ms[B], before.clock_ms[B] - 90000);
	ck_assert_uint_eq(cc_match_event_count(m), events);
	ck_assert_int_eq(view_at(m, t).phase, CC_PHASE_CUBE);
	/* a refused hypothetical event says why, like apply */
	cc_event twice[2] = {cc_event_cube(t, W, 4000), cc_event_cube(t, W, 5000)};
	ck_assert_int_ne(cc_match_preview(m, twice, 2, t, &after, &err), CC_OK);
	ck_assert_str_ne(err.message, "");
	cc_match_destroy(m);
}
END_TEST

/* after an even block, each solve time goes on the opponent's clock */
START_TEST(test_match_time__even_block_gives_solve_time_to_opponent)
{
	CLAUSES("TI-3.2");
	cc_match_view before, after;
	cc_match *m = time_after_block(2, 4000, 9000, &before);
	after = view_at(m, cc_match_last_time(m));
	ck_assert_int_eq(after.clock_ms[W], before.clock_ms[W] + 90000);
	ck_assert_int_eq(after.clock_ms[B], before.clock_ms[B] + 40000);
	cc_match_destroy(m);
}
END_TEST

/* the four official examples (35 s, 110 s, 25 s, 150 s counted as 120 s) */
START_TEST(test_match_time__official_examples)
{
	CLAUSES("TI-3.3");
	cc_match_view before, after;
	cc_match *m = time_after_block(1, 3500, 11000, &before); /* bloc - */
	after = view_at(m, cc_match_last_time(m));
	ck_assert_int_eq(before.clock_ms[W] - after.clock_ms[W], 35000);
	ck_assert_int_eq(before.clock_ms[B] - after.clock_ms[B], 110000);
	ck_assert(!after.last_cube.capped[W] && !after.last_cube.capped[B]);
	cc_match_destroy(m);
	m = time_after_block(2, 2500, 15000, &before); /* bloc + */
	after = view_at(m, cc_match_last_time(m));
	ck_assert_int_eq(after.clock_ms[B] - before.clock_ms[B], 25000);
	ck_assert_int_eq(after.clock_ms[W] - before.clock_ms[W], 120000);
	ck_assert(!after.last_cube.capped[W]);
	ck_assert(after.last_cube.capped[B]); /* Black's 150 s counted as 120 s */
	cc_match_destroy(m);
}
END_TEST

/* in Time a DNF counts as 120 s */
START_TEST(test_match_time__dnf_counts_as_cap)
{
	CLAUSES("RU-4");
	cc_match_view before, after;
	cc_match *m = time_after_block(1, CC_CUBE_DNF, 100, &before);
	after = view_at(m, cc_match_last_time(m));
	ck_assert_int_eq(before.clock_ms[W] - after.clock_ms[W], 120000);
	ck_assert(after.last_cube.capped[W]);
	cc_match_destroy(m);
}
END_TEST

/* the next block starts the instant the second time is in */
START_TEST(test_match_time__next_block_starts_at_second_solve_time)
{
	CLAUSES("TI-3.4 RU-6");
	cc_match *m = new_match(TIME, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_cube(200000, W, 1000));
	ck_assert_int_eq(view_at(m, 230000).phase, CC_PHASE_CUBE);
	refused(m, cc_event_start(230000), CC_ERR_PHASE);
	ok(m, cc_event_cube(230000, B, 1000));
	cc_match_view v = view_at(m, 240000);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
	ck_assert(v.block_started);
	ck_assert_int_eq(v.block_ms_left, CC_BLOCK_MS - 10000);
	refused(m, cc_event_start(240000), CC_ERR_PHASE);
	cc_match_destroy(m);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("match_time");
	TCase *tc = tcase_create("time");
	tcase_add_test(tc, test_match_time__clock_runs_for_side_to_move_in_block_only);
	tcase_add_test(tc, test_match_time__side_to_move_kept_no_double_move);
	tcase_add_test(tc, test_match_time__odd_block_takes_own_solve_time);
	tcase_add_test(tc, test_match_preview__cube_times_change_nothing);
	tcase_add_test(tc, test_match_time__even_block_gives_solve_time_to_opponent);
	tcase_add_test(tc, test_match_time__official_examples);
	tcase_add_test(tc, test_match_time__dnf_counts_as_cap);
	tcase_add_test(tc, test_match_time__next_block_starts_at_second_solve_time);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
