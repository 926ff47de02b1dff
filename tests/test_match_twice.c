/*
 * test_match_twice.c: the match core in Twice (V2): who starts a block, the
 * move clock, overruns, the double move and its lost or free halves, DNFs.
 * Each test declares the clauses it checks with CLAUSES (clauses.h).
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "match_fixture.h"

/* ---- Twice V2 ------------------------------------------------------------------ */

/* White starts block 1, with no double move */
START_TEST(test_match_twice__white_starts_block_one)
{
	CLAUSES("TW-2.1 TW-2.2");
	cc_match *m = new_match(TWICE, FAST, 1);
	refused(m, cc_event_move(0, W, false), CC_ERR_PHASE);
	ok(m, cc_event_start(0));
	cc_match_view v = view_at(m, 0);
	ck_assert_int_eq(v.to_move, W);
	ck_assert_int_eq(v.double_move, CC_DOUBLE_NONE);
	refused(m, cc_event_move(500, B, false), CC_ERR_WRONG_SIDE);
	cc_match_destroy(m);
}
END_TEST

/* the faster solver starts the next block, on the arbiter's start */
START_TEST(test_match_twice__faster_solver_starts_next_block)
{
	CLAUSES("TW-3.1 TW-3.3 RU-6");
	int64_t t;
	cc_match *m = twice_after_block1(B, &t);
	cc_match_view v = view_at(m, t + 5000);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
	ck_assert_int_eq(v.block, 2);
	ck_assert(!v.block_started);
	ck_assert_int_eq(v.block_ms_left, CC_BLOCK_MS);
	ck_assert_int_eq(v.to_move, B);
	ck_assert_int_eq(v.last_cube.cube_winner, CC_WINNER_BLACK);
	refused(m, cc_event_move(t + 5000, B, false), CC_ERR_PHASE);
	ok(m, cc_event_start(t + 5000));
	ck_assert_int_eq(view_at(m, t + 6000).block_ms_left, CC_BLOCK_MS - 1000);
	cc_match_destroy(m);
}
END_TEST

/* an exact tie replays the cube phase under a new number */
START_TEST(test_match_twice__exact_tie_replays_cube_phase)
{
	CLAUSES("TW-3.2");
	int64_t t = 0;
	cc_match *m = new_match(TWICE, FAST, 3);
	ok(m, cc_event_start(t));
	play_full_block(m, &t);
	int first = view_at(m, t).cube_number;
	ok(m, cc_event_cube(t += 1000, W, 2345));
	ok(m, cc_event_cube(t, B, 2345));
	cc_match_view v = view_at(m, t);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
	ck_assert_int_eq(v.cube_attempt, 2);
	ck_assert_int_ne(v.cube_number, first);
	ck_assert_int_eq(v.cube_cs[W], CC_CUBE_NONE);
	ck_assert_int_eq(v.cube_cs[B], CC_CUBE_NONE);
	ck_assert_int_eq(v.tied_cs[W], 2345); /* the screen can say what tied */
	ck_assert_int_eq(v.tied_cs[B], 2345);
	ck_assert_int_eq(v.block_end, CC_BLOCK_END_QUOTA);
	ck_assert_uint_eq(cc_match_block_count(m), 0);
	ok(m, cc_event_cube(t += 1000, W, 2346));
	ok(m, cc_event_cube(t, B, 2345));
	ck_assert_int_eq(view_at(m, t).to_move, B);
	const cc_block_summary *b = cc_match_block_at(m, 0);
	ck_assert_int_eq(b->replays, 1);
	/* the summary keeps what tied, and on which cube, beside the deciding attempt */
	ck_assert_int_eq(b->tied_cube, first);
	ck_assert_int_eq(b->tied_cs[W], 2345);
	ck_assert_int_eq(b->tied_cs[B], 2345);
	ck_assert_int_eq(b->cube_cs[W], 2346);
	ck_assert_int_eq(b->cube_cs[B], 2345);
	cc_match_destroy(m);
}
END_TEST

/* the 20 s move clock counts down and restarts after each move */
START_TEST(test_match_twice__move_clock_restarts_after_move)
{
	CLAUSES("TW-4.1");
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(1000));
	ck_assert_int_eq(view_at(m, 8000).move_ms_left, 13000);
	ok(m, cc_event_move(8000, W, false));
	ck_assert_int_eq(view_at(m, 8000).move_ms_left, CC_MOVE_MS);
	ck_assert_int_eq(view_at(m, 10500).move_ms_left, 17500);
	ck_assert(!view_at(m, 0).has_chess_clocks);
	cc_match_destroy(m);
}
END_TEST

/* at 20 000 ms the move is still in time; 1 ms later it is lost, counted, turn passes */
START_TEST(test_match_twice__overrun_loses_and_counts_move)
{
	CLAUSES("TW-4.2 RU-9");
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(0));
	cc_match_view v = view_at(m, 20000);
	ck_assert_int_eq(v.to_move, W);
	ck_assert_int_eq(v.move_ms_left, 0);
	v = view_at(m, 20001);
	ck_assert_int_eq(v.to_move, B);
	ck_assert_int_eq(v.moves[W], 1);
	ck_assert_int_eq(v.lost[W], 1);
	ck_assert_int_eq(v.move_ms_left, CC_MOVE_MS - 1);
	ck_assert_int_eq(v.lost_at_ms, 20000);
	ck_assert_int_eq(v.lost_block_ms_left, CC_BLOCK_MS - 20000); /* the block clock at the loss, as shown */
	refused(m, cc_event_move(20001, W, false), CC_ERR_WRONG_SIDE);
	ok(m, cc_event_move(20001, B, false));
	ck_assert_int_eq(view_at(m, 20001).moves[B], 1);
	cc_match_destroy(m);
}
END_TEST

/* the winner who did not move last plays a free move then a counted one */
START_TEST(test_match_twice__double_move_free_then_second)
{
	CLAUSES("TW-6.1 TW-6.2 TW-6.3");
	int64_t t;
	cc_match *m = twice_after_block1(W, &t); /* Black made the last move */
	cc_match_view v = view_at(m, t);
	ck_assert_int_eq(v.to_move, W);
	ck_assert_int_eq(v.double_move, CC_DOUBLE_FREE);
	ck_assert(v.last_cube.cube_winner == CC_WINNER_WHITE);
	ok(m, cc_event_start(t += 1000));
	refused(m, cc_event_move(t + 1000, W, true), CC_ERR_FREE_MOVE_CHECK);
	ok(m, cc_event_move(t += 1000, W, false));
	v = view_at(m, t);
	ck_assert_int_eq(v.to_move, W);
	ck_assert_int_eq(v.double_move, CC_DOUBLE_SECOND);
	ck_assert_int_eq(v.moves[W], 0);
	ok(m, cc_event_move(t += 1000, W, true)); /* the second may give check */
	v = view_at(m, t);
	ck_assert_int_eq(v.moves[W], 1);
	ck_assert_int_eq(v.double_move, CC_DOUBLE_NONE);
	ck_assert_int_eq(v.to_move, B);
	ck_assert(v.check);
	play_moves(m, &t, 11, 1000);
	ok(m, cc_event_cube(t += 1000, W, 1500));
	ok(m, cc_event_cube(t, B, 1600));
	ck_assert(cc_match_block_at(m, 1)->had_double_move);
	ck_assert(!cc_match_block_at(m, 1)->double_move_lost); /* played, not lost */
	cc_match_destroy(m);
}
END_TEST

/* the winner who made the last move gets no double move */
START_TEST(test_match_twice__no_double_move_for_last_mover)
{
	CLAUSES("TW-6.1");
	int64_t t;
	cc_match *m = twice_after_block1(B, &t); /* Black made the last move */
	cc_match_view v = view_at(m, t);
	ck_assert_int_eq(v.to_move, B);
	ck_assert_int_eq(v.double_move, CC_DOUBLE_NONE);
	ok(m, cc_event_start(t += 1000));
	ok(m, cc_event_move(t += 1000, B, false));
	ck_assert_int_eq(view_at(m, t).moves[B], 1);
	ck_assert_int_eq(view_at(m, t).to_move, W);
	cc_match_destroy(m);
}
END_TEST

/* overrunning the free move cancels the advantage; a fresh 20 s for a counted move */
START_TEST(test_match_twice__free_move_overrun_cancels_advantage)
{
	CLAUSES("TW-6.4");
	int64_t t;
	cc_match *m = twice_after_block1(W, &t);
	ok(m, cc_event_start(t));
	cc_match_view v = view_at(m, t + 20001);
	ck_assert_int_eq(v.double_move, CC_DOUBLE_NONE);
	ck_assert_int_eq(v.to_move, W);
	ck_assert_int_eq(v.moves[W], 0);
	ck_assert_int_eq(v.lost[W], 0);
	ck_assert_int_eq(v.move_ms_left, CC_MOVE_MS - 1);
	ok(m, cc_event_move(t + 25000, W, false));
	v = view_at(m, t + 25000);
	ck_assert_int_eq(v.moves[W], 1);
	ck_assert_int_eq(v.to_move, B);
	/* the block's summary says the double move was granted and lost */
	t += 25000;
	play_moves(m, &t, 11, 1000);
	ok(m, cc_event_cube(t += 1000, W, 1500));
	ok(m, cc_event_cube(t, B, 1600));
	const cc_block_summary *b = cc_match_block_at(m, 1);
	ck_assert(b->had_double_move);
	ck_assert(b->double_move_lost);
	ck_assert(!cc_match_block_at(m, 0)->double_move_lost);
	ck_assert_int_eq(b->tied_cs[W], CC_CUBE_NONE); /* no tie here */
	cc_match_destroy(m);
}
END_TEST

/* overrunning the second move loses it and counts it */
START_TEST(test_match_twice__second_move_overrun_lost_and_counted)
{
	CLAUSES("TW-6.5");
	int64_t t;
	cc_match *m = twice_after_block1(W, &t);
	ok(m, cc_event_start(t));
	ok(m, cc_event_move(t + 5000, W, false));
	cc_match_view v = view_at(m, t + 25001);
	ck_assert_int_eq(v.double_move, CC_DOUBLE_NONE);
	ck_assert_int_eq(v.moves[W], 1);
	ck_assert_int_eq(v.lost[W], 1);
	ck_assert_int_eq(v.to_move, B);
	cc_match_destroy(m);
}
END_TEST

/* a lost last move counts as the last move for the double-move condition */
START_TEST(test_match_twice__lost_last_move_counts_as_last_move)
{
	CLAUSES("RU-1");
	int64_t t = 0;
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(t));
	play_moves(m, &t, 11, 1000);
	/* Black's 6th move is lost on the clock: Black "made" the last move. */
	t += 20001;
	ck_assert_int_eq(view_at(m, t).phase, CC_PHASE_CUBE);
	ok(m, cc_event_cube(t, W, 3000));
	ok(m, cc_event_cube(t, B, 2000));
	cc_match_view v = view_at(m, t);
	ck_assert_int_eq(v.to_move, B);
	ck_assert_int_eq(v.double_move, CC_DOUBLE_NONE);
	ck_assert_int_eq(cc_match_block_at(m, 0)->lost[B], 1);
	cc_match_destroy(m);
}
END_TEST

/* a DNF loses the cube phase; two DNFs replay it */
START_TEST(test_match_twice__dnf_loses_two_dnfs_replay)
{
	CLAUSES("RU-2");
	int64_t t = 0;
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(t));
	play_full_block(m, &t);
	ok(m, cc_event_cube(t, W, CC_CUBE_DNF));
	ok(m, cc_event_cube(t, B, CC_CUBE_DNF));
	ck_assert_int_eq(view_at(m, t).cube_attempt, 2);
	ok(m, cc_event_cube(t, W, CC_CUBE_DNF));
	ok(m, cc_event_cube(t, B, 35999));
	ck_assert_int_eq(view_at(m, t).to_move, B);
	ck_assert_int_eq(cc_match_block_at(m, 0)->cube_winner, CC_WINNER_BLACK);
	cc_match_destroy(m);
}
END_TEST

/* a player in check who overruns loses the move but keeps the turn */
START_TEST(test_match_twice__overrun_in_check_keeps_turn)
{
	CLAUSES("RU-8");
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(1000, W, true));
	cc_match_view v = view_at(m, 21001);
	ck_assert_int_eq(v.to_move, B);
	ck_assert_int_eq(v.lost[B], 1);
	ck_assert_int_eq(v.moves[B], 1);
	ck_assert(v.check);
	ck_assert_int_eq(v.move_ms_left, CC_MOVE_MS - 1);
	ok(m, cc_event_move(22000, B, false));
	v = view_at(m, 22000);
	ck_assert_int_eq(v.moves[B], 2);
	ck_assert_int_eq(v.to_move, W);
	ck_assert(!v.check);
	cc_match_destroy(m);
}
END_TEST

/* a side whose quota is used up early hands the turn over */
START_TEST(test_match_twice__used_up_quota_passes_turn)
{
	CLAUSES("RU-3");
	int64_t t = 0;
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(t));
	play_moves(m, &t, 6, 1000);               /* 3 moves each, White to move */
	ok(m, cc_event_move(t += 1000, W, true)); /* W4 gives check */
	t += 60001;                               /* Black loses three moves in check: 6 of 6 */
	cc_match_view v = view_at(m, t);
	ck_assert_int_eq(v.moves[B], 6);
	ck_assert_int_eq(v.lost[B], 3);
	ck_assert_int_eq(v.to_move, B);
	ok(m, cc_event_move(t, B, false));        /* the parry, outside the quota */
	v = view_at(m, t);
	ck_assert_int_eq(v.moves[B], 6);
	ck_assert_int_eq(v.to_move, W);
	ok(m, cc_event_move(t += 1000, W, false)); /* W5: Black has no move left, White again */
	v = view_at(m, t);
	ck_assert_int_eq(v.to_move, W);
	refused(m, cc_event_move(t + 10, B, false), CC_ERR_QUOTA);
	ok(m, cc_event_move(t += 1000, W, false)); /* W6: both quotas, the block ends */
	ck_assert_int_eq(view_at(m, t).phase, CC_PHASE_CUBE);
	cc_match_destroy(m);
}
END_TEST

/* when the block's 180 s and a move clock end together, the block ends first */
START_TEST(test_match_twice__block_end_before_simultaneous_timeout)
{
	CLAUSES("RU-9");
	cc_match *m = new_match(TWICE, CC_CATEGORY_MASTERS, 1);
	ok(m, cc_event_start(0));
	/* Nine moves lost every 20 s: the ninth move clock ends at 180 000 ms. */
	cc_match_view v = view_at(m, 180001);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
	ck_assert_int_eq(v.lost[W] + v.lost[B], 8);
	cc_match_destroy(m);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("match_twice");
	TCase *tc = tcase_create("twice");
	tcase_add_test(tc, test_match_twice__white_starts_block_one);
	tcase_add_test(tc, test_match_twice__faster_solver_starts_next_block);
	tcase_add_test(tc, test_match_twice__exact_tie_replays_cube_phase);
	tcase_add_test(tc, test_match_twice__move_clock_restarts_after_move);
	tcase_add_test(tc, test_match_twice__overrun_loses_and_counts_move);
	tcase_add_test(tc, test_match_twice__double_move_free_then_second);
	tcase_add_test(tc, test_match_twice__no_double_move_for_last_mover);
	tcase_add_test(tc, test_match_twice__free_move_overrun_cancels_advantage);
	tcase_add_test(tc, test_match_twice__second_move_overrun_lost_and_counted);
	tcase_add_test(tc, test_match_twice__lost_last_move_counts_as_last_move);
	tcase_add_test(tc, test_match_twice__dnf_loses_two_dnfs_replay);
	tcase_add_test(tc, test_match_twice__overrun_in_check_keeps_turn);
	suite_add_tcase(s, tc);
	tc = tcase_create("twice_edges");
	tcase_add_test(tc, test_match_twice__used_up_quota_passes_turn);
	tcase_add_test(tc, test_match_twice__block_end_before_simultaneous_timeout);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
