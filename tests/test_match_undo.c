/*
 * test_match_undo.c: the match core's pause, undo, corrections and replay:
 * the clocks an undo keeps, the history and its checkpoints, refusals that
 * leave the state untouched, the live and replayed states alike. Each test
 * declares the clauses it checks with CLAUSES (clauses.h).
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "match_fixture.h"

/* ---- pause, undo, corrections ---------------------------------------------------- */

/* a pause stops every clock; play is refused until resume */
START_TEST(test_match_pause__stops_every_clock)
{
	CLAUSES("RU-7");
	cc_match *m = new_match(TIME, FAST, 1);
	refused(m, cc_event_pause(0), CC_ERR_PHASE);
	ok(m, cc_event_start(0));
	ok(m, cc_event_pause(10000));
	cc_match_view v = view_at(m, 500000);
	ck_assert(v.paused);
	ck_assert_int_eq(v.block_ms_left, CC_BLOCK_MS - 10000);
	ck_assert_int_eq(v.clock_ms[W], CC_TIME_CLOCK_MS - 10000);
	refused(m, cc_event_move(20000, W, false), CC_ERR_PAUSED);
	refused(m, cc_event_pause(20000), CC_ERR_PAUSED);
	ok(m, cc_event_resume(500000));
	refused(m, cc_event_resume(500000), CC_ERR_NOT_PAUSED);
	ck_assert_int_eq(view_at(m, 501000).clock_ms[W], CC_TIME_CLOCK_MS - 11000);
	cc_match_destroy(m);

	m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_pause(15000));
	ck_assert_int_eq(view_at(m, 90000).move_ms_left, 5000);
	ck_assert_int_eq(view_at(m, 90000).lost[W], 0);
	ok(m, cc_event_resign(90000, B)); /* accepted while paused */
	cc_match_destroy(m);
}
END_TEST

/* undo makes the match what it would be without the event, carried to the
 * undo's time: the time that passed counts for whoever was really to move */
START_TEST(test_match_undo__keeps_real_time)
{
	CLAUSES("RU-14");
	cc_match *m = new_match(TWICE, FAST, 23);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(5000, W, false));
	ok(m, cc_event_undo(6000));
	ok(m, cc_event_tick(7000));
	cc_match_view v = view_at(m, 7000);
	ck_assert_int_eq(v.to_move, W);
	ck_assert_int_eq(v.move_ms_left, 13000);
	ck_assert_int_eq(v.block_ms_left, 173000);
	cc_match_destroy(m);
}
END_TEST

/* what time alone causes in between happens; ticks are never undone;
 * successive undos go further back */
START_TEST(test_match_undo__time_in_between_counts)
{
	CLAUSES("RU-14 TW-4.2");
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(4000, W, false));
	ok(m, cc_event_move(9000, B, true));
	ok(m, cc_event_tick(12000));
	cc_event target;
	ck_assert(cc_match_undo_target(m, &target));
	ck_assert_int_eq(target.kind, CC_EV_MOVE); /* Black's move, not the tick */
	ck_assert_int_eq(target.side, B);
	ok(m, cc_event_undo(30000)); /* Black never moved: lost at 24 000 ms */
	cc_match_view after = view_at(m, 30000);
	ck_assert_int_eq(after.lost[B], 1);
	ck_assert_int_eq(after.moves[B], 1);
	ck_assert_int_eq(after.to_move, W);
	ck_assert_int_eq(after.move_ms_left, CC_MOVE_MS - 6000);
	ck_assert(!after.check);
	ck_assert(cc_match_undo_target(m, &target));
	ck_assert_int_eq(target.side, W);
	ok(m, cc_event_undo(31000));
	ck_assert(cc_match_undo_target(m, &target));
	ck_assert_int_eq(target.kind, CC_EV_START);
	ok(m, cc_event_undo(31000));
	ck_assert_int_eq(view_at(m, 31000).phase, CC_PHASE_SETUP);
	ck_assert(!cc_match_undo_target(m, &target));
	refused(m, cc_event_undo(31000), CC_ERR_NOTHING_TO_UNDO);
	cc_match_destroy(m);
}
END_TEST

/* undo is accepted after the end and reopens the match; White's clock ran
 * the whole time */
START_TEST(test_match_undo__takes_back_mistaken_end)
{
	CLAUSES("RU-14");
	cc_match *m = new_match(TIME, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_resign(3000, B));
	ck_assert(view_at(m, 3000).over);
	ok(m, cc_event_undo(8000));
	cc_match_view v = view_at(m, 9000);
	ck_assert(!v.over);
	ck_assert_int_eq(v.clock_ms[W], CC_TIME_CLOCK_MS - 9000);
	cc_match_destroy(m);
}
END_TEST

/* the history is the record less what was undone */
START_TEST(test_match_undo__history_leaves_undone_out)
{
	CLAUSES("RU-14");
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(1000, W, false));
	ok(m, cc_event_move(2000, B, false));
	ok(m, cc_event_undo(3000));
	ok(m, cc_event_move(4000, B, false));
	ck_assert_uint_eq(cc_match_event_count(m), 5);
	ck_assert_uint_eq(cc_match_history_count(m), 3);
	cc_event ev;
	ck_assert(cc_match_history_at(m, 2, &ev));
	ck_assert_int_eq(ev.kind, CC_EV_MOVE);
	ck_assert_int_eq(ev.t_ms, 4000);
	ck_assert(!cc_match_history_at(m, 3, &ev));
	cc_match_destroy(m);
}
END_TEST

/* The match replayed from its history alone (no undo, no declaration). */
static cc_match *from_history(const cc_match *m)
{
	cc_match *copy = NULL;
	cc_event ev;
	ck_assert_int_eq(cc_match_create(&copy, cc_match_settings_of(m), NULL), CC_OK);
	for (size_t i = 0; cc_match_history_at(m, i, &ev); i++)
		ck_assert_int_eq(cc_match_apply(copy, &ev, NULL), CC_OK);
	return copy;
}

/* undos rebuild from the last checkpoint before them: after every event of a
 * long match full of undos, moves, pauses and cube phases, the match is the
 * one its history alone gives, and a record replay gives it too */
START_TEST(test_match_undo__checkpoints_agree_with_history)
{
	CLAUSES("RU-14");
	cc_match *m = new_match(TWICE, FAST, 7);
	uint32_t seed = 12345;
	int64_t t = 0;
	ok(m, cc_event_start(0));
	for (int i = 0; i < 1500; i++) {
		seed = seed * 1103515245u + 12345u;
		unsigned r = (seed >> 16) % 10;
		t += 700;
		cc_match_view v = view_at(m, t);
		cc_event ev;
		if (r < 3)
			ev = cc_event_undo(t);
		else if (v.phase == CC_PHASE_CUBE)
			ev = cc_event_cube(t, v.cube_cs[W] == CC_CUBE_NONE ? W : B, (int32_t)(1000 + (seed >> 8) % 500));
		else if (v.phase == CC_PHASE_BLOCK && !v.block_started)
			ev = cc_event_start(t);
		else if (v.paused)
			ev = cc_event_resume(t);
		else if (r == 9)
			ev = cc_event_pause(t);
		else
			ev = cc_event_move(t, v.to_move, false);
		(void)cc_match_apply(m, &ev, NULL); /* refusals (nothing to undo...) change nothing */
		if (i % 50 == 49 || i == 1499) {
			cc_match *h = from_history(m), *r2 = replay_record(m);
			cc_match_view a = view_at(m, t), b = view_at(h, t), c = view_at(r2, t);
			ck_assert_msg(memcmp(&a, &b, sizeof a) == 0, "step %d: the match differs from its history", i);
			ck_assert_msg(memcmp(&a, &c, sizeof a) == 0, "step %d: the replayed record differs", i);
			ck_assert_uint_eq(cc_match_block_count(h), cc_match_block_count(m));
			cc_match_destroy(h);
			cc_match_destroy(r2);
		}
	}
	ck_assert_uint_gt(cc_match_history_count(m), MATCH_CHECKS_MIN_HISTORY);
	cc_match_destroy(m);
}
END_TEST

/* RU-25: the arbiter sets the block time, the move clock, counts and the
 * side to move, absolute or relative, with a reason; undo restores */
START_TEST(test_match_correct__clocks_and_counts)
{
	CLAUSES("RU-25");
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(5000, W, false));
	ok(m, cc_event_correct(6000, CC_CORRECT_BLOCK, W, 151500, false, "clock reset by mistake"));
	ck_assert_int_eq(view_at(m, 6000).block_ms_left, 151500);
	ck_assert_int_eq(view_at(m, 7000).block_ms_left, 150500);
	ok(m, cc_event_correct(7000, CC_CORRECT_MOVE_CLOCK, W, 1500, true, "pressed late"));
	ck_assert_int_eq(view_at(m, 7000).move_ms_left, CC_MOVE_MS - 2000 + 1500);
	ok(m, cc_event_correct(7000, CC_CORRECT_MOVES, W, 3, false, "miscounted"));
	ck_assert_int_eq(view_at(m, 7000).moves[W], 3);
	ok(m, cc_event_correct(7000, CC_CORRECT_TO_MOVE, W, 0, false, "wrong side"));
	ck_assert_int_eq(view_at(m, 7000).to_move, W);
	ck_assert_int_eq(view_at(m, 7000).move_ms_left, CC_MOVE_MS);
	refused(m, cc_event_correct(7000, CC_CORRECT_BLOCK, W, 200000, false, "too long"), CC_ERR_INVALID);
	refused(m, cc_event_correct(7000, CC_CORRECT_LOST, B, 2, false, "more lost than played"), CC_ERR_INVALID);
	refused(m, cc_event_correct(7000, CC_CORRECT_CLOCK, W, 0, false, "no chess clock in Twice"), CC_ERR_INVALID);
	refused(m, cc_event_correct(7000, CC_CORRECT_MOVES, W, 2, false, ""), CC_ERR_INVALID);
	ok(m, cc_event_undo(8000)); /* the side to move again Black's, as time says */
	ck_assert_int_eq(view_at(m, 8000).to_move, B);
	ck_assert_int_eq(view_at(m, 8000).moves[W], 3);
	cc_match_destroy(m);
}
END_TEST

/* RU-25: a chess clock set to 5:00.00 reads so, then runs; undoing the
 * correction gives back the earlier reading */
START_TEST(test_match_correct__chess_clock)
{
	CLAUSES("RU-25 RU-5");
	cc_match *m = new_match(TIME, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_correct(10000, CC_CORRECT_CLOCK, W, 300000, false, "clock set wrong"));
	ck_assert_int_eq(view_at(m, 10000).clock_ms[W], 300000);
	ck_assert_int_eq(view_at(m, 12000).clock_ms[W], 298000);
	ok(m, cc_event_correct(12000, CC_CORRECT_CLOCK, B, -1000, false, "flag seen"));
	ck_assert(view_at(m, 12000).flagged[B]);
	ok(m, cc_event_undo(13000));
	ok(m, cc_event_undo(14000));
	ck_assert_int_eq(view_at(m, 14000).clock_ms[W], CC_TIME_CLOCK_MS - 14000);
	ck_assert(!view_at(m, 14000).flagged[B]);
	cc_match_destroy(m);
}
END_TEST

/* RU-25: in moves recording the board says who is to move */
START_TEST(test_match_correct__no_side_to_move_in_moves_recording)
{
	CLAUSES("RU-25");
	cc_match *m = new_recording_match(TWICE, FAST, 1, CC_RECORD_MOVES);
	ok(m, cc_event_start(0));
	refused(m, cc_event_correct(1000, CC_CORRECT_TO_MOVE, B, 0, false, "wrong side"), CC_ERR_INVALID);
	cc_match_destroy(m);
}
END_TEST

/* RU-26: the last move lost on the clock declared played in time counts as
 * played, stands where the clock ran out, and only while nothing followed */
START_TEST(test_match_in_time__lost_move_declared_played)
{
	CLAUSES("RU-26 RU-9");
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(3000, W, false));
	ok(m, cc_event_tick(23500)); /* Black's 20 s ran out at 23 000 ms */
	cc_match_view v = view_at(m, 23500);
	ck_assert(v.can_declare_in_time);
	ck_assert_int_eq(v.lost_side, B);
	ck_assert_int_eq(v.lost_at_ms, 23000);
	refused(m, cc_event_in_time(24000, W, false, ""), CC_ERR_WRONG_SIDE);
	ok(m, cc_event_in_time(24000, B, true, ""));
	v = view_at(m, 24000);
	ck_assert_int_eq(v.lost[B], 0);
	ck_assert_int_eq(v.moves[B], 1);
	ck_assert(v.check);
	ck_assert_int_eq(v.to_move, W);
	ck_assert_int_eq(v.move_ms_left, CC_MOVE_MS - 1000); /* White's turn began at 23 000 ms */
	ck_assert(!v.can_declare_in_time);
	refused(m, cc_event_in_time(25000, B, false, ""), CC_ERR_PHASE);
	cc_event ev;
	ck_assert(cc_match_history_at(m, 2, &ev));
	ck_assert_int_eq(ev.kind, CC_EV_MOVE);
	ck_assert_int_eq(ev.t_ms, 23000);
	ok(m, cc_event_undo(26000)); /* the declaration taken back: lost again */
	ck_assert_int_eq(view_at(m, 26000).lost[B], 1);
	ok(m, cc_event_move(27000, W, false));
	refused(m, cc_event_in_time(28000, B, false, ""), CC_ERR_PHASE); /* something followed */
	cc_match_destroy(m);
}
END_TEST
/* undoing the deciding solve time forgets the block summary it wrote */
START_TEST(test_match_undo__forgets_block_summary)
{
	CLAUSES("RU-14");
	int64_t t;
	cc_match *m = twice_after_block1(W, &t);
	ck_assert_uint_eq(cc_match_block_count(m), 1);
	ok(m, cc_event_undo(t + 1));
	ck_assert_uint_eq(cc_match_block_count(m), 0);
	cc_match_view v = view_at(m, t + 1);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
	ck_assert_int_eq(v.cube_cs[B], CC_CUBE_NONE);
	ck_assert_int_eq(v.cube_cs[W], 1500);
	ok(m, cc_event_cube(t + 2, B, 1400));
	ck_assert_int_eq(cc_match_block_at(m, 0)->cube_winner, CC_WINNER_BLACK);
	cc_match_destroy(m);
}
END_TEST

/* replaying the accepted events gives the identical state */
START_TEST(test_match_replay__live_and_replayed_states_identical)
{
	CLAUSES("RU-13 RU-14");
	int64_t t;
	cc_match *m = twice_after_block1(W, &t);
	ok(m, cc_event_start(t += 500));
	ok(m, cc_event_move(t += 25000, W, false)); /* free move overrun, then a move */
	ok(m, cc_event_pause(t += 1000));
	refused(m, cc_event_move(t + 10, B, false), CC_ERR_PAUSED);
	ok(m, cc_event_resume(t += 60000));
	ok(m, cc_event_move(t += 1000, B, true));
	ok(m, cc_event_undo(t += 2000));
	ok(m, cc_event_tick(t += 3000));
	cc_match *copy = replay_record(m);
	for (int64_t at = t; at < t + 400000; at += 12345) {
		cc_match_view a = view_at(m, at), b = view_at(copy, at);
		ck_assert(memcmp(&a, &b, sizeof a) == 0);
	}
	ck_assert_uint_eq(cc_match_block_count(copy), cc_match_block_count(m));
	cc_match_destroy(copy);
	cc_match_destroy(m);
}
END_TEST

/* refused events of every kind leave the match untouched */
START_TEST(test_match_refusal__leaves_state_untouched)
{
	CLAUSES("RU-13");
	cc_match *m = new_match(TWICE, FAST, 1);
	refused(m, cc_event_cube(0, W, 1000), CC_ERR_PHASE);
	refused(m, cc_event_mate(0), CC_ERR_PHASE);
	ok(m, cc_event_start(1000));
	refused(m, cc_event_start(1500), CC_ERR_PHASE);
	refused(m, cc_event_move(900, W, false), CC_ERR_TIME_BACKWARDS);
	refused(m, cc_event_mate(1500), CC_ERR_NO_MOVE);
	refused(m, cc_event_arbiter(1500, CC_WINNER_WHITE, ""), CC_ERR_INVALID);
	cc_event bad = cc_event_move(1500, W, false);
	bad.side = (cc_side)7;
	refused(m, bad, CC_ERR_INVALID);
	ck_assert_uint_eq(cc_match_event_count(m), 1);
	cc_match_destroy(m);
}
END_TEST

/* Checks ev, then applies it: both must agree, and the check changes nothing. */
static void check_then_apply(cc_match *m, cc_event ev)
{
	cc_match_view predicted, before = view_at(m, cc_match_last_time(m)), unchanged, applied;
	cc_error check_err = {0}, apply_err = {0};
	cc_err checked = cc_match_check(m, &ev, &predicted, &check_err);
	unchanged = view_at(m, cc_match_last_time(m));
	ck_assert(memcmp(&before, &unchanged, sizeof before) == 0);
	cc_err rc = cc_match_apply(m, &ev, &apply_err);
	ck_assert_int_eq(checked, rc);
	ck_assert_str_eq(check_err.message, apply_err.message);
	if (rc == CC_OK) {
		applied = view_at(m, ev.t_ms);
		ck_assert(memcmp(&predicted, &applied, sizeof applied) == 0);
	}
}

/* checking an event predicts exactly what applying it does */
START_TEST(test_match_refusal__check_predicts_apply)
{
	CLAUSES("RU-13");
	cc_match *m = new_match(TWICE, FAST, 9);
	check_then_apply(m, cc_event_move(0, W, false));
	check_then_apply(m, cc_event_start(0));
	for (int i = 0; i < 12; i++)
		check_then_apply(m, cc_event_move(1000 * (i + 1), i % 2 ? B : W, i == 5));
	check_then_apply(m, cc_event_cube(20000, W, 1234));
	check_then_apply(m, cc_event_cube(20000, W, 1234));
	check_then_apply(m, cc_event_cube(21000, B, 1200)); /* writes a block summary */
	check_then_apply(m, cc_event_undo(22000));
	check_then_apply(m, cc_event_undo(22000));
	check_then_apply(m, cc_event_tick(10));
	check_then_apply(m, cc_event_resign(23000, B));
	cc_match_destroy(m);
}
END_TEST

/* a reloaded match needs a pause only while a block runs */
START_TEST(test_match_resume__pause_only_in_running_block)
{
	CLAUSES("RU-18");
	int64_t t = 0;
	cc_event ev;
	cc_match *m = new_match(TWICE, FAST, 1);
	ck_assert(!cc_match_resume_event(m, &ev)); /* setup */
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(4000, W, false));
	ck_assert(cc_match_resume_event(m, &ev));
	ck_assert_int_eq(ev.kind, CC_EV_PAUSE);
	ck_assert_int_eq(ev.t_ms, 4000);
	ok(m, ev);
	ck_assert(!cc_match_resume_event(m, &ev)); /* already paused */
	cc_match_destroy(m);
	m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(t));
	play_full_block(m, &t);
	ck_assert(!cc_match_resume_event(m, &ev)); /* cube phase: no clock runs */
	cc_match_destroy(m);
}
END_TEST

/* time alone changes the match at a lost move and a block end, not before */
START_TEST(test_match_time__changed_by_time_at_deadlines_only)
{
	CLAUSES("TW-4.2 CO-2.1");
	cc_match *m = new_match(TWICE, FAST, 1);
	ck_assert(!cc_match_changed_by_time(m, 500000)); /* setup: nothing runs */
	ok(m, cc_event_start(1000));
	ck_assert(!cc_match_changed_by_time(m, 21000)); /* the clocks ran, nothing else */
	ck_assert(cc_match_changed_by_time(m, 21001));  /* White's move is lost */
	ok(m, cc_event_tick(21001));
	ck_assert(!cc_match_changed_by_time(m, 41000));
	ok(m, cc_event_pause(30000));
	ck_assert(!cc_match_changed_by_time(m, 900000));
	cc_match_destroy(m);
}
END_TEST

/* solve times from 0.01 s to 59:59.99 or DNF, entered once each */

int main(void)
{
	Suite *s = suite_create("match_undo");
	TCase *tc = tcase_create("undo_long");
	tcase_add_test(tc, test_match_undo__checkpoints_agree_with_history);
	suite_add_tcase(s, tc);
	tc = tcase_create("undo");
	tcase_add_test(tc, test_match_undo__keeps_real_time);
	tcase_add_test(tc, test_match_undo__time_in_between_counts);
	tcase_add_test(tc, test_match_undo__history_leaves_undone_out);
	tcase_add_test(tc, test_match_correct__clocks_and_counts);
	tcase_add_test(tc, test_match_correct__chess_clock);
	tcase_add_test(tc, test_match_correct__no_side_to_move_in_moves_recording);
	tcase_add_test(tc, test_match_in_time__lost_move_declared_played);
	suite_add_tcase(s, tc);
	tc = tcase_create("corrections");
	tcase_add_test(tc, test_match_pause__stops_every_clock);
	tcase_add_test(tc, test_match_undo__takes_back_mistaken_end);
	tcase_add_test(tc, test_match_undo__forgets_block_summary);
	tcase_add_test(tc, test_match_replay__live_and_replayed_states_identical);
	tcase_add_test(tc, test_match_refusal__leaves_state_untouched);
	tcase_add_test(tc, test_match_refusal__check_predicts_apply);
	tcase_add_test(tc, test_match_resume__pause_only_in_running_block);
	tcase_add_test(tc, test_match_time__changed_by_time_at_deadlines_only);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
