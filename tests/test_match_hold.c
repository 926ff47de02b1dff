/*
 * test_match_hold.c: the match core's hold (RU-31): an arbiter's dialog
 * stops every clock from its hold to its release; views during and after a
 * hold leave the held time out; undo and a declaration in time pass over
 * it; a replayed record gives the same match. Each test declares the
 * clauses it checks (CLAUSES, clauses.h).
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "match_helpers.h"

#define W CC_SIDE_WHITE
#define B CC_SIDE_BLACK
#define TWICE CC_FORMAT_TWICE
#define TIME CC_FORMAT_TIME
#define FAST CC_CATEGORY_FAST

/* Twice: a hold of 60 s in a block: the block clock and the move clock
 * read the same all along and after the release run from where they stood */
START_TEST(test_match_hold__twice_clocks_stand_still_while_held)
{
	CLAUSES("RU-31");
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(3000, W, false));
	ok(m, cc_event_hold(10000)); /* Black has thought 7 s */
	cc_match_view v = view_at(m, 10000);
	ck_assert(v.held);
	ck_assert(!v.can_hold);
	ck_assert_int_eq(v.block_ms_left, 170000);
	ck_assert_int_eq(v.move_ms_left, 13000);
	v = view_at(m, 70000); /* 60 s later: nothing moved, no move lost */
	ck_assert_int_eq(v.block_ms_left, 170000);
	ck_assert_int_eq(v.move_ms_left, 13000);
	ck_assert_int_eq(v.lost[B], 0);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
	ck_assert(!cc_match_changed_by_time(m, 70000));
	ck_assert_int_eq(cc_match_next_deadline(m, 70000), -1);
	ok(m, cc_event_release(70000));
	v = view_at(m, 72000);
	ck_assert(!v.held);
	ck_assert(v.can_hold);
	ck_assert_int_eq(v.block_ms_left, 168000);
	ck_assert_int_eq(v.move_ms_left, 11000);
	ck_assert_int_eq(cc_match_next_deadline(m, 72000), 83000); /* 13 s after the release */
	cc_match_destroy(m);
}
END_TEST

/* Time: the chess clock of the side to move does not run while held */
START_TEST(test_match_hold__time_chess_clock_stands_still_while_held)
{
	CLAUSES("RU-31");
	cc_match *m = new_match(TIME, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(2000, W, false));
	ok(m, cc_event_hold(5000));
	ck_assert_int_eq(view_at(m, 65000).clock_ms[B], CC_TIME_CLOCK_MS - 3000);
	ok(m, cc_event_release(65000));
	ck_assert_int_eq(view_at(m, 66000).clock_ms[B], CC_TIME_CLOCK_MS - 4000);
	ck_assert_int_eq(view_at(m, 66000).clock_ms[W], CC_TIME_CLOCK_MS - 2000);
	cc_match_destroy(m);
}
END_TEST

/* a move waits for the release; a hold is not held twice; nothing to release
 * without a hold; the correction, the resignation, the decision are heard */
START_TEST(test_match_hold__moves_wait_arbiter_events_heard)
{
	CLAUSES("RU-31");
	cc_match *m = new_match(TWICE, FAST, 1);
	refused(m, cc_event_release(0), CC_ERR_NOT_PAUSED);
	ok(m, cc_event_start(0));
	ok(m, cc_event_hold(4000));
	refused(m, cc_event_hold(5000), CC_ERR_PAUSED);
	refused(m, cc_event_move(5000, W, false), CC_ERR_PAUSED);
	ok(m, cc_event_correct(4000, CC_CORRECT_MOVE_CLOCK, W, 20000, false, "key not pressed"));
	ck_assert_int_eq(view_at(m, 30000).move_ms_left, 20000);
	ok(m, cc_event_release(30000));
	ok(m, cc_event_move(31000, W, false));
	ok(m, cc_event_hold(32000));
	ok(m, cc_event_arbiter(32000, CC_WINNER_WHITE, "phone rang"));
	ok(m, cc_event_release(40000)); /* the dialog closes after the end */
	ck_assert(view_at(m, 40000).over);
	cc_match_destroy(m);
}
END_TEST

/* an undo confirmed under a hold takes back the last move, not the hold;
 * the clocks stay held until the release */
START_TEST(test_match_hold__undo_passes_over_the_hold)
{
	CLAUSES("RU-31 RU-14");
	cc_match *m = new_match(TWICE, FAST, 1);
	cc_event target;
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(3000, W, false));
	ok(m, cc_event_hold(5000));
	ck_assert(cc_match_undo_target(m, &target));
	ck_assert_int_eq(target.kind, CC_EV_MOVE);
	ok(m, cc_event_undo(9000));
	cc_match_view v = view_at(m, 20000);
	ck_assert(v.held);
	ck_assert_int_eq(v.moves[W], 0);
	ck_assert_int_eq(v.to_move, W);
	ck_assert_int_eq(v.block_ms_left, 175000); /* ran to the hold, not after */
	ok(m, cc_event_release(20000));
	ck_assert_int_eq(view_at(m, 21000).block_ms_left, 174000);
	cc_match_destroy(m);
}
END_TEST

/* the block's last move lost, then the `i` dialog held: the declaration is
 * heard after the hold and brings the move back (RU-26) */
START_TEST(test_match_hold__in_time_heard_after_hold)
{
	CLAUSES("RU-31 RU-26");
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(1000, W, false));
	ok(m, cc_event_tick(21001)); /* Black's 20 s ran out at 21000 */
	ck_assert_int_eq(view_at(m, 21001).lost[B], 1);
	ok(m, cc_event_hold(22000));
	ok(m, cc_event_in_time(22000, B, false, ""));
	cc_match_view v = view_at(m, 30000);
	ck_assert_int_eq(v.lost[B], 0);
	ck_assert_int_eq(v.moves[B], 1);
	ck_assert(v.held);
	ok(m, cc_event_release(30000));
	cc_match_destroy(m);
}
END_TEST

/* replaying the record with its holds gives the same views; the names
 * read back */
START_TEST(test_match_hold__replay_gives_same_views)
{
	CLAUSES("RU-31");
	cc_match *m = new_match(TWICE, FAST, 1);
	cc_event_kind kind;
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(2000, W, false));
	ok(m, cc_event_hold(4000));
	ok(m, cc_event_release(50000));
	ok(m, cc_event_move(52000, B, false));
	ok(m, cc_event_hold(53000));
	ok(m, cc_event_undo(54000));
	ok(m, cc_event_release(58000));
	cc_match *r = replay_record(m);
	for (int64_t t = 58000; t < 120000; t += 7000) {
		cc_match_view a = view_at(m, t), b = view_at(r, t);
		ck_assert(memcmp(&a, &b, sizeof a) == 0);
	}
	ck_assert_int_eq(cc_event_kind_parse("hold", &kind), CC_OK);
	ck_assert_int_eq(kind, CC_EV_HOLD);
	ck_assert_int_eq(cc_event_kind_parse(cc_event_kind_name(CC_EV_RELEASE), &kind), CC_OK);
	ck_assert_int_eq(kind, CC_EV_RELEASE);
	cc_match_destroy(r);
	cc_match_destroy(m);
}
END_TEST

/* stopped under a dialog: the resumed match comes back paused (the pause
 * takes over the hold), and its resume runs the clocks again */
START_TEST(test_match_hold__resume_after_stop_under_hold_is_paused)
{
	CLAUSES("RU-31 RU-18");
	cc_match *m = new_match(TWICE, FAST, 1);
	cc_event ev;
	ok(m, cc_event_start(0));
	ok(m, cc_event_hold(6000));
	ck_assert(cc_match_resume_event(m, &ev));
	ck_assert_int_eq(ev.kind, CC_EV_PAUSE);
	ck_assert_int_eq(ev.t_ms, 6000);
	ok(m, ev);
	ck_assert(!view_at(m, 6000).held);
	ok(m, cc_event_resume(9000));
	ck_assert_int_eq(view_at(m, 10000).block_ms_left, 173000);
	cc_match_destroy(m);
}
END_TEST

static Suite *match_hold_suite(void)
{
	Suite *s = suite_create("match_hold");
	TCase *tc = tcase_create("hold");
	tcase_add_test(tc, test_match_hold__twice_clocks_stand_still_while_held);
	tcase_add_test(tc, test_match_hold__time_chess_clock_stands_still_while_held);
	tcase_add_test(tc, test_match_hold__moves_wait_arbiter_events_heard);
	tcase_add_test(tc, test_match_hold__undo_passes_over_the_hold);
	tcase_add_test(tc, test_match_hold__in_time_heard_after_hold);
	tcase_add_test(tc, test_match_hold__replay_gives_same_views);
	tcase_add_test(tc, test_match_hold__resume_after_stop_under_hold_is_paused);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(match_hold_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
