/*
 * test_match.c: the match core against the rules in rules/, clause by clause.
 * Each test names the clause it checks.
 */
#include <check.h>
#include <stdlib.h>

#include "match_helpers.h"

#define TWICE CC_FORMAT_TWICE
#define TIME CC_FORMAT_TIME
#define FAST CC_CATEGORY_FAST
#define W CC_SIDE_WHITE
#define B CC_SIDE_BLACK

/* Plays a whole FAST block from its start at t, ending on both quotas. */
static void play_full_block(cc_match *m, int64_t *t)
{
	play_moves(m, t, 12, 1000);
	ck_assert_int_eq(view_at(m, *t).phase, CC_PHASE_CUBE);
}

/* Twice: plays block 1 (White starts, so Black moves last) and decides the
 * cube phase for winner at t. */
static cc_match *twice_after_block1(cc_side winner, int64_t *t)
{
	cc_match *m = new_match(TWICE, FAST, 7);
	*t = 0;
	ok(m, cc_event_start(*t));
	play_full_block(m, t);
	*t += 10000;
	ok(m, cc_event_cube(*t, winner, 1500));
	ok(m, cc_event_cube(*t, cc_side_other(winner), 1600));
	return m;
}

/* ---- blocks -------------------------------------------------------------- */

/* CO-1.1, CO-6.1: every block is followed by a cube phase with a cube number */
START_TEST(test_match_block__followed_by_cube_phase)
{
	int64_t t = 0;
	cc_match *m = new_match(TWICE, FAST, 1);
	ck_assert_int_eq(view_at(m, 0).phase, CC_PHASE_SETUP);
	ok(m, cc_event_start(t));
	ck_assert_int_eq(view_at(m, 0).phase, CC_PHASE_BLOCK);
	play_full_block(m, &t);
	cc_match_view v = view_at(m, t);
	ck_assert_int_ge(v.cube_number, 1);
	ck_assert_int_le(v.cube_number, 4);
	ck_assert_int_eq(v.cube_attempt, 1);
	ck_assert_int_eq(v.cube_cs[W], CC_CUBE_NONE);
	cc_match_destroy(m);
}
END_TEST

/* CO-2.1, RU-9: 180 s of block time; at exactly 180 000 ms still in the block */
START_TEST(test_match_block__ends_after_180_seconds)
{
	cc_match *m = new_match(TIME, FAST, 1);
	ok(m, cc_event_start(1000));
	ck_assert_int_eq(view_at(m, 91000).block_ms_left, 90000);
	ck_assert_int_eq(view_at(m, 181000).phase, CC_PHASE_BLOCK);
	ck_assert_int_eq(view_at(m, 181000).block_ms_left, 0);
	ok(m, cc_event_move(181000, W, false)); /* in time, at the limit */
	cc_match_view v = view_at(m, 181001);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
	ok(m, cc_event_tick(181001));
	ck_assert_uint_eq(cc_match_block_count(m), 0);
	cc_match_destroy(m);
}
END_TEST

/* CO-2.2: the block ends as soon as both quotas are played */
START_TEST(test_match_block__ends_when_both_quotas_are_played)
{
	int64_t t = 0;
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(t));
	play_moves(m, &t, 11, 1000);
	cc_match_view v = view_at(m, t);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
	ck_assert_int_eq(v.moves[W], 6);
	ck_assert_int_eq(v.moves[B], 5);
	play_moves(m, &t, 1, 1000);
	ck_assert_int_eq(view_at(m, t).phase, CC_PHASE_CUBE);
	cc_match_destroy(m);
}
END_TEST

/* CO-3.1: quotas of 6, 8 and 10 moves per player */
START_TEST(test_match_block__quota_by_category)
{
	static const cc_category categories[] = {CC_CATEGORY_FAST, CC_CATEGORY_FREEZE, CC_CATEGORY_MASTERS};
	static const int quotas[] = {6, 8, 10};
	for (int i = 0; i < 3; i++) {
		int64_t t = 0;
		cc_match *m = new_match(TIME, categories[i], 1);
		ck_assert_int_eq(view_at(m, 0).quota, quotas[i]);
		ok(m, cc_event_start(t));
		play_moves(m, &t, 2 * quotas[i] - 1, 500);
		ck_assert_int_eq(view_at(m, t).phase, CC_PHASE_BLOCK);
		play_moves(m, &t, 1, 500);
		ck_assert_int_eq(view_at(m, t).phase, CC_PHASE_CUBE);
		cc_match_destroy(m);
	}
}
END_TEST

/* CO-3.2: a move for a side whose quota is played is refused */
START_TEST(test_match_block__move_past_quota_refused)
{
	int64_t t = 0;
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(t));
	play_moves(m, &t, 11, 1000);
	refused(m, cc_event_move(t + 10, W, false), CC_ERR_QUOTA);
	cc_match_destroy(m);
}
END_TEST

/* CO-4.1, CO-4.2: the last quota move gives check: the parry is outside the quota */
START_TEST(test_match_check__parry_after_last_move_outside_quota)
{
	int64_t t = 0;
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(t));
	play_moves(m, &t, 11, 1000);
	ok(m, cc_event_move(t += 1000, B, true)); /* Black's 6th gives check */
	cc_match_view v = view_at(m, t);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
	ck_assert(v.check);
	ck_assert(v.closing);
	ck_assert_int_eq(v.to_move, W);
	ok(m, cc_event_move(t += 1000, W, true)); /* the parry gives check in turn */
	v = view_at(m, t);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
	ck_assert_int_eq(v.moves[W], 6);
	ck_assert_int_eq(v.to_move, B);
	ok(m, cc_event_move(t += 1000, B, false));
	v = view_at(m, t);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
	const cc_block_summary *s = NULL;
	ok(m, cc_event_cube(t += 1000, W, 1000));
	ok(m, cc_event_cube(t, B, 2000));
	s = cc_match_block_at(m, 0);
	ck_assert_int_eq(s->moves[W], 6);
	ck_assert_int_eq(s->moves[B], 6);
	ck_assert_int_eq(s->extra[W], 1);
	ck_assert_int_eq(s->extra[B], 1);
	ck_assert_int_eq(s->end, CC_BLOCK_END_QUOTA);
	cc_match_destroy(m);
}
END_TEST

/* CO-4.1: a block in check at 180 s goes on until the check is parried */
START_TEST(test_match_check__no_block_end_in_check_at_180_seconds)
{
	cc_match *m = new_match(TIME, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(170000, W, true));
	cc_match_view v = view_at(m, 200000);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
	ck_assert(v.closing);
	ck_assert_int_eq(v.block_ms_left, 0);
	ok(m, cc_event_move(200000, B, false));
	v = view_at(m, 200000);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
	ck_assert_int_eq(v.moves[B], 0); /* the parry after time was outside the quota */
	cc_match_destroy(m);
}
END_TEST

/* CO-7.1: no move during the cube phase */
START_TEST(test_match_cube__no_move_during_cube_phase)
{
	int64_t t = 0;
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(t));
	play_full_block(m, &t);
	refused(m, cc_event_move(t + 1, W, false), CC_ERR_PHASE);
	refused(m, cc_event_move(t + 1, B, false), CC_ERR_PHASE);
	cc_match_destroy(m);
}
END_TEST

/* ---- the end ---------------------------------------------------------------- */

/* CO-5.1: mate ends the match for the player who made the last move */
START_TEST(test_match_end__mate_wins_for_last_mover)
{
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(1000, W, false));
	ok(m, cc_event_move(2000, B, true));
	ok(m, cc_event_mate(3000));
	cc_match_view v = view_at(m, 9000);
	ck_assert(v.over);
	ck_assert_int_eq(v.phase, CC_PHASE_OVER);
	ck_assert_int_eq(v.winner, CC_WINNER_BLACK);
	ck_assert_int_eq(v.reason, CC_REASON_CHECKMATE);
	refused(m, cc_event_move(9000, W, false), CC_ERR_OVER);
	refused(m, cc_event_resign(9000, W), CC_ERR_OVER);
	refused(m, cc_event_start(9000), CC_ERR_OVER);
	cc_match_destroy(m);
}
END_TEST

/* CO-5.1: resignation ends the match for the opponent */
START_TEST(test_match_end__resignation_wins_for_opponent)
{
	cc_match *m = new_match(TIME, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_resign(5000, W));
	cc_match_view v = view_at(m, 6000);
	ck_assert_int_eq(v.winner, CC_WINNER_BLACK);
	ck_assert_int_eq(v.reason, CC_REASON_RESIGNATION);
	ck_assert_int_eq(v.clock_ms[W], 595000); /* the clock stopped with the match */
	cc_match_destroy(m);
}
END_TEST

/* CO-5.2: in Twice, a whole block of timeouts does not end the match */
START_TEST(test_match_end__never_on_time_in_twice)
{
	cc_match *m = new_match(TWICE, CC_CATEGORY_MASTERS, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_tick(400000));
	cc_match_view v = view_at(m, 400000);
	ck_assert(!v.over);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
	cc_match_destroy(m);
}
END_TEST

/* CO-5.2, RU-5: a Time clock below zero is flagged, for good; the match goes on */
START_TEST(test_match_end__never_on_time_in_time)
{
	cc_match *m = new_match(TIME, FAST, 1);
	ok(m, cc_event_start(0));
	/* Block 1 (bloc -): White thinks all block long, then a DNF costs 120 s. */
	ok(m, cc_event_cube(180001, W, CC_CUBE_DNF));
	ok(m, cc_event_cube(180001, B, 100));
	ck_assert_int_eq(view_at(m, 180001).clock_ms[W], 300000);
	/* Block 2 (bloc +): Black's 150 s solve gives White 120 s. */
	ok(m, cc_event_cube(360002, W, 100));
	ok(m, cc_event_cube(360002, B, 15000));
	ck_assert_int_eq(view_at(m, 360002).clock_ms[W], 240000);
	/* Block 3 (bloc -): White's DNF takes her below zero. */
	ok(m, cc_event_cube(540003, W, CC_CUBE_DNF));
	ok(m, cc_event_cube(540003, B, 100));
	cc_match_view v = view_at(m, 540003);
	ck_assert_int_eq(v.clock_ms[W], -60000);
	ck_assert(v.flagged[W]);
	ck_assert(!v.flagged[B]);
	ck_assert(!v.over);
	/* Block 4 (bloc +): White moves at once; Black's solve puts her back above zero. */
	ok(m, cc_event_move(540003, W, false));
	ok(m, cc_event_cube(720004, W, 100));
	ok(m, cc_event_cube(720004, B, 15000));
	v = view_at(m, 720004);
	ck_assert_int_eq(v.clock_ms[W], 60000);
	ck_assert(v.flagged[W]);
	ck_assert(!v.over);
	cc_match_destroy(m);
}
END_TEST

/* ---- cube numbers ------------------------------------------------------------ */

/* Plays count cube phases (with ties every third one) and records the numbers. */
static void cube_numbers(uint64_t seed, int *numbers, int count)
{
	int64_t t = 0;
	cc_match *m = new_match(TWICE, FAST, seed);
	ok(m, cc_event_start(t));
	play_full_block(m, &t);
	for (int i = 0; i < count; i++) {
		cc_match_view v = view_at(m, t);
		ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
		numbers[i] = v.cube_number;
		int32_t black = i % 3 == 2 ? 1000 : 2000; /* a tie replays the phase */
		ok(m, cc_event_cube(t += 1000, W, 1000));
		ok(m, cc_event_cube(t, B, black));
		if (view_at(m, t).phase == CC_PHASE_BLOCK) {
			ok(m, cc_event_start(t += 1000));
			play_moves(m, &t, 13, 1000); /* free move + 12 */
		}
	}
	cc_match_destroy(m);
}

/* CO-6.2: 1 to 4, never the number just before, replays included */
START_TEST(test_match_cube__number_never_repeats_previous)
{
	int numbers[60];
	int seen[5] = {0};
	for (uint64_t seed = 1; seed <= 20; seed++) {
		cube_numbers(seed, numbers, 60);
		for (int i = 0; i < 60; i++) {
			ck_assert_int_ge(numbers[i], 1);
			ck_assert_int_le(numbers[i], 4);
			seen[numbers[i]]++;
			if (i > 0)
				ck_assert_int_ne(numbers[i], numbers[i - 1]);
		}
	}
	for (int n = 1; n <= 4; n++)
		ck_assert_int_gt(seen[n], 200); /* every cube is used, roughly evenly */
}
END_TEST

/* CO-6.2: the same seed and events designate the same numbers; another seed differs */
START_TEST(test_match_cube__numbers_are_deterministic)
{
	int a[30], b[30], c[30];
	cube_numbers(42, a, 30);
	cube_numbers(42, b, 30);
	cube_numbers(43, c, 30);
	ck_assert(memcmp(a, b, sizeof a) == 0);
	ck_assert(memcmp(a, c, sizeof a) != 0);
}
END_TEST

/* ---- Twice V2 ------------------------------------------------------------------ */

/* TW-2.1, TW-2.2: White starts block 1, with no double move */
START_TEST(test_match_twice__white_starts_block_one)
{
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

/* TW-3.1, TW-3.3, RU-6: the faster solver starts the next block, on the arbiter's start */
START_TEST(test_match_twice__faster_solver_starts_next_block)
{
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

/* TW-3.2: an exact tie replays the cube phase under a new number */
START_TEST(test_match_twice__exact_tie_replays_cube_phase)
{
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
	ck_assert_int_eq(cc_match_block_at(m, 0)->replays, 1);
	cc_match_destroy(m);
}
END_TEST

/* TW-4.1: the 20 s move clock counts down and restarts after each move */
START_TEST(test_match_twice__move_clock_restarts_after_move)
{
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

/* TW-4.2, RU-9: at 20 000 ms the move is still in time; 1 ms later it is lost, counted, turn passes */
START_TEST(test_match_twice__overrun_loses_and_counts_move)
{
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
	refused(m, cc_event_move(20001, W, false), CC_ERR_WRONG_SIDE);
	ok(m, cc_event_move(20001, B, false));
	ck_assert_int_eq(view_at(m, 20001).moves[B], 1);
	cc_match_destroy(m);
}
END_TEST

/* TW-6.1, TW-6.2, TW-6.3: the winner who did not move last plays a free move then a counted one */
START_TEST(test_match_twice__double_move_free_then_second)
{
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
	cc_match_destroy(m);
}
END_TEST

/* TW-6.1: the winner who made the last move gets no double move */
START_TEST(test_match_twice__no_double_move_for_last_mover)
{
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

/* TW-6.4: overrunning the free move cancels the advantage; a fresh 20 s for a counted move */
START_TEST(test_match_twice__free_move_overrun_cancels_advantage)
{
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
	cc_match_destroy(m);
}
END_TEST

/* TW-6.5: overrunning the second move loses it and counts it */
START_TEST(test_match_twice__second_move_overrun_lost_and_counted)
{
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

/* RU-1: a lost last move counts as the last move for the double-move condition */
START_TEST(test_match_twice__lost_last_move_counts_as_last_move)
{
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

/* RU-2: a DNF loses the cube phase; two DNFs replay it */
START_TEST(test_match_twice__dnf_loses_two_dnfs_replay)
{
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

/* RU-8: a player in check who overruns loses the move but keeps the turn */
START_TEST(test_match_twice__overrun_in_check_keeps_turn)
{
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

/* RU-3: a side whose quota is used up early hands the turn over */
START_TEST(test_match_twice__used_up_quota_passes_turn)
{
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

/* RU-9: when the block's 180 s and a move clock end together, the block ends first */
START_TEST(test_match_twice__block_end_before_simultaneous_timeout)
{
	cc_match *m = new_match(TWICE, CC_CATEGORY_MASTERS, 1);
	ok(m, cc_event_start(0));
	/* Nine moves lost every 20 s: the ninth move clock ends at 180 000 ms. */
	cc_match_view v = view_at(m, 180001);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
	ck_assert_int_eq(v.lost[W] + v.lost[B], 8);
	cc_match_destroy(m);
}
END_TEST

/* ---- Time V1 ---------------------------------------------------------------------- */

/* TI-1.1, TI-1.2: 10 minutes each, running for the side to move during a block only */
START_TEST(test_match_time__clock_runs_for_side_to_move_in_block_only)
{
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

/* TI-2.1, TI-2.2, TI-2.3: same blocks; side to move kept; no double move */
START_TEST(test_match_time__side_to_move_kept_no_double_move)
{
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

/* TI-3.1: after an odd block, each solve time comes off one's own clock */
START_TEST(test_match_time__odd_block_takes_own_solve_time)
{
	cc_match_view before, after;
	cc_match *m = time_after_block(1, 4000, 9000, &before);
	after = view_at(m, cc_match_last_time(m));
	ck_assert_int_eq(after.clock_ms[W], before.clock_ms[W] - 40000);
	ck_assert_int_eq(after.clock_ms[B], before.clock_ms[B] - 90000);
	ck_assert_int_eq(after.last_cube.adjust_ms[W], -40000);
	cc_match_destroy(m);
}
END_TEST

/* TI-3.2: after an even block, each solve time goes on the opponent's clock */
START_TEST(test_match_time__even_block_gives_solve_time_to_opponent)
{
	cc_match_view before, after;
	cc_match *m = time_after_block(2, 4000, 9000, &before);
	after = view_at(m, cc_match_last_time(m));
	ck_assert_int_eq(after.clock_ms[W], before.clock_ms[W] + 90000);
	ck_assert_int_eq(after.clock_ms[B], before.clock_ms[B] + 40000);
	cc_match_destroy(m);
}
END_TEST

/* TI-3.3: the four official examples (35 s, 110 s, 25 s, 150 s counted as 120 s) */
START_TEST(test_match_time__official_examples)
{
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

/* RU-4: in Time a DNF counts as 120 s */
START_TEST(test_match_time__dnf_counts_as_cap)
{
	cc_match_view before, after;
	cc_match *m = time_after_block(1, CC_CUBE_DNF, 100, &before);
	after = view_at(m, cc_match_last_time(m));
	ck_assert_int_eq(before.clock_ms[W] - after.clock_ms[W], 120000);
	ck_assert(after.last_cube.capped[W]);
	cc_match_destroy(m);
}
END_TEST

/* TI-3.4, RU-6: the next block starts the instant the second time is in */
START_TEST(test_match_time__next_block_starts_at_second_solve_time)
{
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

/* ---- pause, undo, corrections ---------------------------------------------------- */

/* RU-7: a pause stops every clock; play is refused until resume */
START_TEST(test_match_pause__stops_every_clock)
{
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

/* RU-14: undo restores the state before the event, clocks as they stood then */
START_TEST(test_match_undo__restores_state_before_event)
{
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(4000, W, false));
	cc_match_view before = view_at(m, 9000);
	ok(m, cc_event_move(9000, B, true));
	ok(m, cc_event_tick(12000));
	ok(m, cc_event_undo(15000)); /* takes back the move, not the tick */
	cc_match_view after = view_at(m, 15000);
	ck_assert_int_eq(after.to_move, B);
	ck_assert_int_eq(after.moves[B], 0);
	ck_assert(!after.check);
	ck_assert_int_eq(after.move_ms_left, before.move_ms_left);
	ck_assert_int_eq(after.block_ms_left, before.block_ms_left);
	ck_assert_int_eq(view_at(m, 16000).move_ms_left, before.move_ms_left - 1000);
	ck_assert_int_eq(cc_match_undo_target(m)->kind, CC_EV_MOVE); /* White's move, not the tick */
	ck_assert_int_eq(cc_match_undo_target(m)->side, W);
	ok(m, cc_event_undo(16000));
	ck_assert_int_eq(cc_match_undo_target(m)->kind, CC_EV_START);
	ok(m, cc_event_undo(16000));
	ck_assert_int_eq(view_at(m, 16000).phase, CC_PHASE_SETUP);
	ck_assert(cc_match_undo_target(m) == NULL);
	refused(m, cc_event_undo(16000), CC_ERR_NOTHING_TO_UNDO);
	cc_match_destroy(m);
}
END_TEST

/* RU-14: undo is accepted after the end and reopens the match */
START_TEST(test_match_undo__takes_back_mistaken_end)
{
	cc_match *m = new_match(TIME, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_resign(3000, B));
	ck_assert(view_at(m, 3000).over);
	ok(m, cc_event_undo(8000));
	cc_match_view v = view_at(m, 9000);
	ck_assert(!v.over);
	ck_assert_int_eq(v.clock_ms[W], CC_TIME_CLOCK_MS - 4000);
	cc_match_destroy(m);
}
END_TEST

/* RU-14: undoing the deciding solve time forgets the block summary it wrote */
START_TEST(test_match_undo__forgets_block_summary)
{
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

/* Replays the accepted events of m into a new match. */
static cc_match *replay(const cc_match *m)
{
	cc_match *copy = NULL;
	ck_assert_int_eq(cc_match_create(&copy, cc_match_settings_of(m), NULL), CC_OK);
	for (size_t i = 0; i < cc_match_event_count(m); i++)
		ck_assert_int_eq(cc_match_apply(copy, cc_match_event_at(m, i), NULL), CC_OK);
	return copy;
}

/* RU-13, RU-14: replaying the accepted events gives the identical state */
START_TEST(test_match_replay__live_and_replayed_states_identical)
{
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
	cc_match *copy = replay(m);
	for (int64_t at = t; at < t + 400000; at += 12345) {
		cc_match_view a = view_at(m, at), b = view_at(copy, at);
		ck_assert(memcmp(&a, &b, sizeof a) == 0);
	}
	ck_assert_uint_eq(cc_match_block_count(copy), cc_match_block_count(m));
	cc_match_destroy(copy);
	cc_match_destroy(m);
}
END_TEST

/* The view at t with its time left out, to compare states at different times. */
static cc_match_view view_timeless(const cc_match *m, int64_t t)
{
	cc_match_view v = view_at(m, t);
	v.t_ms = 0;
	return v;
}

/*
 * RU-14: undo after undo walks back through a long match (blocks, cube
 * phases, pauses) and gives back, each time, the state just before the
 * event it takes back; then replaying gives the same state again.
 */
START_TEST(test_match_undo__deep_stack_gives_back_every_state)
{
	enum { EVENTS = 400 };
	static cc_match_view before[EVENTS];
	cc_match *m = new_match(TWICE, FAST, 3);
	int64_t t = 0;
	size_t n = 0;
	while (n < EVENTS) {
		cc_match_view v = view_at(m, t + 1000);
		cc_event ev;
		if (v.phase == CC_PHASE_SETUP || (v.phase == CC_PHASE_BLOCK && !v.block_started))
			ev = cc_event_start(t += 1000);
		else if (v.phase == CC_PHASE_CUBE)
			ev = cc_event_cube(t += 1000, v.cube_cs[W] == CC_CUBE_NONE ? W : B,
			                   v.cube_cs[W] == CC_CUBE_NONE ? 2000 + (int32_t)n : 2500);
		else if (v.paused)
			ev = cc_event_resume(t += 1000);
		else if (n % 7 == 3)
			ev = cc_event_pause(t += 1000);
		else
			ev = cc_event_move(t += 1000, v.to_move, false);
		before[n++] = view_timeless(m, ev.t_ms);
		ok(m, ev);
	}
	cc_match_view last = view_timeless(m, t);
	for (size_t k = n; k-- > 0;) {
		ok(m, cc_event_undo(t += 10));
		cc_match_view now = view_timeless(m, t);
		ck_assert_msg(memcmp(&now, &before[k], sizeof now) == 0, "after undoing event %zu", k);
	}
	refused(m, cc_event_undo(t + 10), CC_ERR_NOTHING_TO_UNDO);
	cc_match *copy = replay(m);
	cc_match_view a = view_timeless(m, t), b = view_timeless(copy, t);
	ck_assert(memcmp(&a, &b, sizeof a) == 0);
	ck_assert(memcmp(&before[0], &a, sizeof a) == 0);
	ck_assert(last.block > 1);
	cc_match_destroy(copy);
	cc_match_destroy(m);
}
END_TEST

/*
 * RU-14: the history a match keeps stays small per event: undo snapshots
 * are packed differences and events drop their unused text, so a long
 * match fits in memory (docs/performance.md: 24 bytes an event, tens a
 * snapshot, where it was 160 and 464).
 */
START_TEST(test_match_undo__memory_per_event_stays_small)
{
	enum { PAIRS = 10000 };
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(0));
	int64_t t = 0;
	for (int i = 0; i < PAIRS; i++) {
		ok(m, cc_event_pause(t += 10));
		ok(m, cc_event_resume(t += 1000));
	}
	size_t events = cc_match_event_count(m);
	ck_assert_uint_eq(events, 2 * PAIRS + 1);
	/* every one of these events left a snapshot on the undo stack */
	ck_assert_uint_lt(cc_match_history_bytes(m), events * 64);
	ck_assert_uint_gt(cc_match_history_bytes(m), events * 24);
	cc_match_destroy(m);
}
END_TEST

/* RU-13: events read back keep their texts, and eight of them can be held at once */
START_TEST(test_match_replay__events_read_back_whole)
{
	cc_match *m = new_match(TIME, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(1000, W, true));
	ok(m, cc_event_arbiter(2000, CC_WINNER_NONE, "both players agreed to a draw"));
	static const cc_event_kind kinds[] = {CC_EV_START, CC_EV_MOVE, CC_EV_ARBITER};
	const cc_event *held[8];
	for (size_t i = 0; i < 8; i++)
		held[i] = cc_match_event_at(m, i % 3);
	for (size_t i = 0; i < 8; i++) {
		ck_assert_int_eq(held[i]->kind, kinds[i % 3]);
		ck_assert_int_eq(held[i]->t_ms, (int64_t)(i % 3) * 1000);
	}
	ck_assert(held[1]->gives_check && held[1]->side == W);
	ck_assert_str_eq(held[2]->text, "both players agreed to a draw");
	ck_assert_int_eq(held[2]->winner, CC_WINNER_NONE);
	ck_assert_str_eq(held[0]->text, "");
	ck_assert(cc_match_event_at(m, 3) == NULL);
	ck_assert_str_eq(cc_match_undo_target(m)->text, "both players agreed to a draw");
	cc_match_destroy(m);
}
END_TEST

/* RU-13: refused events of every kind leave the match untouched */
START_TEST(test_match_refusal__leaves_state_untouched)
{
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
	cc_error check_err = {CC_OK, ""}, apply_err = {CC_OK, ""};
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

/* RU-13: checking an event predicts exactly what applying it does */
START_TEST(test_match_refusal__check_predicts_apply)
{
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

/* RU-18: a reloaded match needs a pause only while a block runs */
START_TEST(test_match_resume__pause_only_in_running_block)
{
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

/* TW-4.2, CO-2.1: time alone changes the match at a lost move and a block end, not before */
START_TEST(test_match_time__changed_by_time_at_deadlines_only)
{
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

/* RU-11: solve times from 0.01 s to 59:59.99 or DNF, entered once each */
START_TEST(test_match_cube__solve_time_range_and_single_entry)
{
	int64_t t = 0;
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(t));
	play_full_block(m, &t);
	refused(m, cc_event_cube(t, W, 0), CC_ERR_CUBE_RANGE);
	refused(m, cc_event_cube(t, W, -5), CC_ERR_CUBE_RANGE);
	refused(m, cc_event_cube(t, W, CC_CUBE_MAX_CS + 1), CC_ERR_CUBE_RANGE);
	ok(m, cc_event_cube(t, W, CC_CUBE_MAX_CS));
	refused(m, cc_event_cube(t, W, 1000), CC_ERR_CUBE_ENTERED);
	ok(m, cc_event_cube(t, B, 1));
	ck_assert_int_eq(view_at(m, t).to_move, B);
	cc_match_destroy(m);
}
END_TEST

/* RU-12: mate points at the last played move, not a lost or free one */
START_TEST(test_match_mate__refused_after_lost_or_free_move)
{
	int64_t t;
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_tick(20001)); /* White's move is lost */
	refused(m, cc_event_mate(20001), CC_ERR_NO_MOVE);
	cc_match_destroy(m);

	m = twice_after_block1(W, &t);
	ok(m, cc_event_start(t));
	refused(m, cc_event_mate(t), CC_ERR_NO_MOVE); /* last block's moves do not count */
	ok(m, cc_event_move(t + 1000, W, false));     /* the free move */
	refused(m, cc_event_mate(t + 1000), CC_ERR_NO_MOVE);
	cc_match_destroy(m);
}
END_TEST

/* RU-12: mate on the move that ended the block, before any solve time */
START_TEST(test_match_mate__declared_right_after_block)
{
	int64_t t = 0;
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(t));
	play_full_block(m, &t);
	ok(m, cc_event_mate(t + 3000));
	ck_assert_int_eq(view_at(m, t + 3000).winner, CC_WINNER_BLACK);
	cc_match_destroy(m);

	t = 0;
	m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(t));
	play_full_block(m, &t);
	ok(m, cc_event_cube(t, W, 1000));
	refused(m, cc_event_mate(t), CC_ERR_PHASE);
	cc_match_destroy(m);
}
END_TEST

/* RU-15: an arbiter decision ends the match with its reason */
START_TEST(test_match_end__arbiter_decision_with_reason)
{
	cc_match *m = new_match(TIME, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_arbiter(5000, CC_WINNER_NONE, "stalemate on the board"));
	cc_match_view v = view_at(m, 5000);
	ck_assert(v.over);
	ck_assert_int_eq(v.winner, CC_WINNER_NONE);
	ck_assert_int_eq(v.reason, CC_REASON_ARBITER);
	ck_assert_str_eq(v.reason_text, "stalemate on the board");
	cc_match_destroy(m);
}
END_TEST

/* RU-16: resignation before the first block and in a cube phase */
START_TEST(test_match_end__resignation_any_time)
{
	int64_t t = 0;
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_resign(0, B));
	ck_assert_int_eq(view_at(m, 0).winner, CC_WINNER_WHITE);
	cc_match_destroy(m);
	m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(t));
	play_full_block(m, &t);
	ok(m, cc_event_cube(t, W, 1000));
	ok(m, cc_event_resign(t, W));
	ck_assert_int_eq(view_at(m, t).winner, CC_WINNER_BLACK);
	cc_match_destroy(m);
}
END_TEST

/* RU-17: ticks are accepted at any time, even after the end, and change nothing else */
START_TEST(test_match_tick__accepted_after_end)
{
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_resign(0, W));
	cc_match_view before = view_at(m, 100);
	ok(m, cc_event_tick(100));
	cc_match_view after = view_at(m, 100);
	ck_assert(memcmp(&before, &after, sizeof before) == 0);
	refused(m, cc_event_tick(50), CC_ERR_TIME_BACKWARDS);
	cc_match_destroy(m);
}
END_TEST

static Suite *match_suite(void)
{
	Suite *s = suite_create("match");
	struct {
		const char *name;
		const TTest *tests[12];
	} cases[] = {
		{"block", {test_match_block__followed_by_cube_phase, test_match_block__ends_after_180_seconds,
		           test_match_block__ends_when_both_quotas_are_played, test_match_block__quota_by_category,
		           test_match_block__move_past_quota_refused}},
		{"check", {test_match_check__parry_after_last_move_outside_quota,
		           test_match_check__no_block_end_in_check_at_180_seconds}},
		{"cube", {test_match_cube__no_move_during_cube_phase, test_match_cube__number_never_repeats_previous,
		          test_match_cube__numbers_are_deterministic, test_match_cube__solve_time_range_and_single_entry}},
		{"end", {test_match_end__mate_wins_for_last_mover, test_match_end__resignation_wins_for_opponent,
		         test_match_end__never_on_time_in_twice, test_match_end__never_on_time_in_time,
		         test_match_end__arbiter_decision_with_reason, test_match_end__resignation_any_time}},
		{"twice", {test_match_twice__white_starts_block_one, test_match_twice__faster_solver_starts_next_block,
		           test_match_twice__exact_tie_replays_cube_phase, test_match_twice__move_clock_restarts_after_move,
		           test_match_twice__overrun_loses_and_counts_move, test_match_twice__double_move_free_then_second,
		           test_match_twice__no_double_move_for_last_mover,
		           test_match_twice__free_move_overrun_cancels_advantage,
		           test_match_twice__second_move_overrun_lost_and_counted,
		           test_match_twice__lost_last_move_counts_as_last_move, test_match_twice__dnf_loses_two_dnfs_replay,
		           test_match_twice__overrun_in_check_keeps_turn}},
		{"twice_edges", {test_match_twice__used_up_quota_passes_turn,
		                 test_match_twice__block_end_before_simultaneous_timeout}},
		{"time", {test_match_time__clock_runs_for_side_to_move_in_block_only,
		          test_match_time__side_to_move_kept_no_double_move, test_match_time__odd_block_takes_own_solve_time,
		          test_match_time__even_block_gives_solve_time_to_opponent, test_match_time__official_examples,
		          test_match_time__dnf_counts_as_cap, test_match_time__next_block_starts_at_second_solve_time}},
		{"corrections", {test_match_pause__stops_every_clock, test_match_undo__restores_state_before_event,
		                 test_match_undo__takes_back_mistaken_end, test_match_undo__forgets_block_summary,
		                 test_match_replay__live_and_replayed_states_identical,
		                 test_match_refusal__leaves_state_untouched, test_match_refusal__check_predicts_apply,
		                 test_match_resume__pause_only_in_running_block,
		                 test_match_time__changed_by_time_at_deadlines_only,
		                 test_match_undo__deep_stack_gives_back_every_state,
		                 test_match_undo__memory_per_event_stays_small, test_match_replay__events_read_back_whole}},
		{"mate", {test_match_mate__refused_after_lost_or_free_move, test_match_mate__declared_right_after_block,
		          test_match_tick__accepted_after_end}},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		TCase *tc = tcase_create(cases[i].name);
		for (size_t j = 0; j < 12 && cases[i].tests[j]; j++)
			tcase_add_test(tc, cases[i].tests[j]);
		suite_add_tcase(s, tc);
	}
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(match_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
