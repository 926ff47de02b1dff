/*
 * test_match.c: the match core against the rules in rules/, clause by clause.
 * Each test declares the clauses it checks with CLAUSES (clauses.h).
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "match_helpers.h"

/* More history than a few checkpoints hold (MATCH_CHECKPOINT_EVERY is 64). */
#define MATCH_CHECKS_MIN_HISTORY 200

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

/* every block is followed by a cube phase with a cube number */
START_TEST(test_match_block__followed_by_cube_phase)
{
	CLAUSES("CO-1.1 CO-6.1");
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

/* 180 s of block time; at exactly 180 000 ms still in the block */
START_TEST(test_match_block__ends_after_180_seconds)
{
	CLAUSES("CO-2.1 RU-9");
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

/* the block ends as soon as both quotas are played */
START_TEST(test_match_block__ends_when_both_quotas_are_played)
{
	CLAUSES("CO-2.2");
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

/* quotas of 6, 8 and 10 moves per player */
START_TEST(test_match_block__quota_by_category)
{
	CLAUSES("CO-3.1");
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

/* a move for a side whose quota is played is refused */
START_TEST(test_match_block__move_past_quota_refused)
{
	CLAUSES("CO-3.2");
	int64_t t = 0;
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(t));
	play_moves(m, &t, 11, 1000);
	refused(m, cc_event_move(t + 10, W, false), CC_ERR_QUOTA);
	cc_match_destroy(m);
}
END_TEST

/* the last quota move gives check: the parry is outside the quota */
START_TEST(test_match_check__parry_after_last_move_outside_quota)
{
	CLAUSES("CO-4.1 CO-4.2");
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

/* a block in check at 180 s goes on until the check is parried */
START_TEST(test_match_check__no_block_end_in_check_at_180_seconds)
{
	CLAUSES("CO-4.1");
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

/* no move during the cube phase */
START_TEST(test_match_cube__no_move_during_cube_phase)
{
	CLAUSES("CO-7.1");
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

/* mate ends the match for the player who made the last move */
START_TEST(test_match_end__mate_wins_for_last_mover)
{
	CLAUSES("CO-5.1");
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

/* resignation ends the match for the opponent */
START_TEST(test_match_end__resignation_wins_for_opponent)
{
	CLAUSES("CO-5.1");
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

/* in Twice, a whole block of timeouts does not end the match */
START_TEST(test_match_end__never_on_time_in_twice)
{
	CLAUSES("CO-5.2");
	cc_match *m = new_match(TWICE, CC_CATEGORY_MASTERS, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_tick(400000));
	cc_match_view v = view_at(m, 400000);
	ck_assert(!v.over);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
	cc_match_destroy(m);
}
END_TEST

/* a Time clock below zero is flagged, for good; the match goes on */
START_TEST(test_match_end__never_on_time_in_time)
{
	CLAUSES("CO-5.2 RU-5");
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

/* 1 to 4, never the number just before, replays included */
START_TEST(test_match_cube__number_never_repeats_previous)
{
	CLAUSES("CO-6.2");
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

/* the same seed and events designate the same numbers; another seed differs */
START_TEST(test_match_cube__numbers_are_deterministic)
{
	CLAUSES("CO-6.2");
	int a[30], b[30], c[30];
	cube_numbers(42, a, 30);
	cube_numbers(42, b, 30);
	cube_numbers(43, c, 30);
	ck_assert(memcmp(a, b, sizeof a) == 0);
	ck_assert(memcmp(a, c, sizeof a) != 0);
}
END_TEST

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
START_TEST(test_match_cube__solve_time_range_and_single_entry)
{
	CLAUSES("RU-11");
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

/* mate points at the last played move, not a lost or free one */
START_TEST(test_match_mate__refused_after_lost_or_free_move)
{
	CLAUSES("RU-12");
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

/* mate on the move that ended the block, before any solve time */
START_TEST(test_match_mate__declared_right_after_block)
{
	CLAUSES("RU-12");
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

/* an arbiter decision ends the match with its reason */
START_TEST(test_match_end__arbiter_decision_with_reason)
{
	CLAUSES("RU-15");
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

/* resignation before the first block and in a cube phase */
START_TEST(test_match_end__resignation_any_time)
{
	CLAUSES("RU-16");
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

/* ticks are accepted at any time, even after the end, and change nothing else */
START_TEST(test_match_tick__accepted_after_end)
{
	CLAUSES("RU-17");
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

/* D4: a check never parried after the block closed costs the same to settle
 * for any jump, and gives what twenty-second steps give */
START_TEST(test_match_time_range__unparried_check_settled_at_once)
{
	CLAUSES("RU-23 RU-8 CO-4.2");
	cc_match *bulk = new_match(TWICE, FAST, 1), *steps = new_match(TWICE, FAST, 1);
	cc_match *both[] = {bulk, steps};
	for (int i = 0; i < 2; i++) {
		ok(both[i], cc_event_start(0));
		ok(both[i], cc_event_move(2000, W, false));
		ok(both[i], cc_event_move(4000, B, true));
	}
	/* The same match told tick by tick, each tick at most one deadline away. */
	for (int64_t t = 5000; t <= 3000000; t += 7000)
		ok(steps, cc_event_tick(t));
	ok(bulk, cc_event_tick(3000000));
	cc_match_view a = view_at(bulk, 3000000), b = view_at(steps, 3000000);
	ck_assert(a.closing && a.check && a.to_move == W);
	ck_assert_int_eq(a.lost[W], b.lost[W]);
	ck_assert_int_eq(a.move_ms_left, b.move_ms_left);
	ck_assert_uint_eq(cc_match_block_count(bulk), 0);
	/* 180 s of block: 9 deadlines after the check (W's 20 s from 4 s), then
	 * one every 20 s until 3 000 000 ms. */
	ck_assert_int_eq(a.lost[W], (int)((3000000 - 4000 - 1) / CC_MOVE_MS));
	/* The longest jump allowed is settled as quickly. */
	ok(bulk, cc_event_tick(CC_MATCH_TIME_MAX_MS));
	ck_assert_int_eq(view_at(bulk, CC_MATCH_TIME_MAX_MS).lost[W],
	                 (int)((CC_MATCH_TIME_MAX_MS - 4000 - 1) / CC_MOVE_MS));
	cc_match_destroy(bulk);
	cc_match_destroy(steps);
}
END_TEST

/* D4, D8: a stamp past the documented maximum, or before 0, is refused with
 * its reason; a view asked later than the maximum is read at it */
START_TEST(test_match_time_range__stamps_outside_refused)
{
	CLAUSES("RU-23");
	cc_match *m = new_match(TWICE, FAST, 1);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(2000, W, false));
	ok(m, cc_event_move(4000, B, true));
	refused(m, cc_event_tick(INT64_MAX), CC_ERR_INVALID);
	refused(m, cc_event_tick(CC_MATCH_TIME_MAX_MS + 1), CC_ERR_INVALID);
	cc_match *fresh = new_match(TWICE, FAST, 1);
	refused(fresh, cc_event_start(-1), CC_ERR_INVALID);
	cc_match_view a = view_at(m, INT64_MAX), b = view_at(m, CC_MATCH_TIME_MAX_MS);
	ck_assert(memcmp(&a, &b, sizeof a) == 0);
	ck_assert(!cc_match_changed_by_time(m, 4000));
	ck_assert(cc_match_changed_by_time(m, INT64_MAX));
	cc_match_destroy(fresh);
	cc_match_destroy(m);
}
END_TEST

/* RU-24.1, RU-24.2: a name that would drive the terminal, reorder what follows it,
 * show nothing or look like another is refused, with the reason's id and
 * the name escaped; ordinary names in any script are kept. */
START_TEST(test_match_names__hidden_or_controlling_refused)
{
	CLAUSES("RU-24 RU-24.1 RU-24.2");
	static const struct {
		const char *name;
		cc_msg why;
	} refused[] = {
		{"", CC_MSG_NAME_EMPTY},
		{"A\xc2\x9b" "2J", CC_MSG_NAME_CONTROL},           /* U+009B, C1 CSI */
		{"A\x1b[2J", CC_MSG_NAME_CONTROL},
		{"A\xe2\x80\xa8" "B", CC_MSG_NAME_CONTROL},        /* U+2028 */
		{"A\xff", CC_MSG_NAME_NOT_UTF8},
		{"\xe2\x80\xae" "Anne", CC_MSG_NAME_BIDI_UNBALANCED}, /* an unclosed RLO */
		{"Anne\xe2\x80\xac", CC_MSG_NAME_BIDI_UNBALANCED},    /* a PDF with nothing open */
		{"\xe2\x81\xa7" "A\xe2\x80\xac", CC_MSG_NAME_BIDI_UNBALANCED}, /* RLI closed by a PDF */
		{"\xe2\x80\x8d\xe2\x80\x8d", CC_MSG_NAME_ZERO_WIDTH},  /* two U+200D */
		{"A\xe2\x80\x8bnne", CC_MSG_NAME_ZERO_WIDTH},          /* beside "Anne" */
		{"\xef\xbb\xbf" "Anne", CC_MSG_NAME_ZERO_WIDTH},       /* U+FEFF */
		{"Anne\xe2\x81\xa0", CC_MSG_NAME_ZERO_WIDTH},          /* U+2060 */
		{"   ", CC_MSG_NAME_INVISIBLE},
		{"\xe2\x80\x8e\xc2\xad", CC_MSG_NAME_INVISIBLE},       /* LRM, soft hyphen */
		{"\xe2\x80\xaa\xe2\x80\xac", CC_MSG_NAME_INVISIBLE},   /* a balanced, empty LRE PDF */
	};
	for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
		cc_match_settings s;
		cc_error err = {0};
		cc_msg why = CC_MSG_INTERNAL;
		cc_match_settings_default(&s);
		ck_assert(!cc_text_is_name(refused[i].name, &why));
		ck_assert_int_eq(why, refused[i].why);
		snprintf(i % 2 ? s.white : s.black, sizeof s.white, "%s", refused[i].name);
		ck_assert_int_eq(cc_match_settings_names_check(&s, &err), CC_ERR_INVALID);
		ck_assert_msg(err.msg == refused[i].why, "name %zu: %s", i, err.message);
		ck_assert(cc_text_is_line(err.message)); /* echoed escaped, one line */
		ck_assert(cc_text_is_name(err.args[0].text, &why) || why == CC_MSG_NAME_EMPTY ||
		          why == CC_MSG_NAME_INVISIBLE); /* no control left in the echo */
	}
	/* A match recorded before the rule (an empty or a C1 name) still opens. */
	{
		cc_match_settings s;
		cc_match *m = NULL;
		cc_match_settings_default(&s);
		s.white[0] = '\0';
		snprintf(s.black, sizeof s.black, "B\xc2\x9b");
		ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_OK);
		cc_match_destroy(m);
	}
	static const char *const kept[] = {"Anne", "\xc3\x89lodie Roy", "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d",
	                                   "\xe2\x80\xab\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d\xe2\x80\xac (Tel Aviv)",
	                                   "A\xe2\x81\xa8" "b" "\xe2\x81\xa9", "Jos\x65\xcc\x81"};
	for (size_t i = 0; i < sizeof kept / sizeof *kept; i++) {
		cc_match_settings s;
		cc_match *m = NULL;
		cc_msg why;
		cc_match_settings_default(&s);
		snprintf(s.white, sizeof s.white, "%s", kept[i]);
		ck_assert_msg(cc_text_is_name(kept[i], &why), "kept %zu", i);
		ck_assert_int_eq(cc_match_settings_names_check(&s, NULL), CC_OK);
		ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_OK);
		cc_match_destroy(m);
	}
}
END_TEST

/* The spellings are the record's and the scripts': pinned here, every
 * member named and read back, and a value out of range read as "?". */
START_TEST(test_match_names__spellings_pinned_and_read_back)
{
	CLAUSES("none");
	static const char *const reasons[] = {"checkmate", "resignation", "arbiter", "stalemate",
	                                      "insufficient-material", "threefold-repetition", "50-move-rule",
	                                      "fivefold-repetition", "75-move-rule", "time",
	                                      "time-vs-insufficient-material", "agreement", "king-capture",
	                                      "turns-without-move"};
	static const char *const kinds[] = {"start", "move", "mate", "cube", "pause", "resume", "resign",
	                                    "arbiter", "undo", "tick", "correct", "intime", "claim", "draw",
	                                    "card", "place", "stop", "press", "san", "hold", "release"};
	static const char *const targets[] = {"block", "move", "clock", "moves", "lost", "tomove"};
	for (int i = 0; i <= CC_REASON_NO_MOVE; i++) {
		cc_end_reason r;
		ck_assert_str_eq(cc_reason_name((cc_end_reason)i), reasons[i]);
		ck_assert_int_eq(cc_reason_parse(reasons[i], &r), CC_OK);
		ck_assert_int_eq(r, i);
	}
	for (int i = 0; i <= CC_EV_RELEASE; i++) {
		cc_event_kind k;
		ck_assert_str_eq(cc_event_kind_name((cc_event_kind)i), kinds[i]);
		ck_assert_int_eq(cc_event_kind_parse(kinds[i], &k), CC_OK);
		ck_assert_int_eq(k, i);
	}
	for (int i = 0; i <= CC_CORRECT_TO_MOVE; i++) {
		cc_correct_target t;
		ck_assert_str_eq(cc_correct_target_name((cc_correct_target)i), targets[i]);
		ck_assert_int_eq(cc_correct_target_parse(targets[i], &t), CC_OK);
		ck_assert_int_eq(t, i);
	}
	ck_assert_str_eq(cc_phase_name(CC_PHASE_CUBE), "cube");
	ck_assert_str_eq(cc_double_move_name(CC_DOUBLE_SECOND), "second");
	ck_assert_str_eq(cc_claims_name(CC_CLAIMS_MANUAL), "manual");
	ck_assert_str_eq(cc_record_mode_name(CC_RECORD_COUNT), "count");
	ck_assert_str_eq(cc_record_mode_name(CC_RECORD_MOVES), "moves");
	cc_record_mode mode = CC_RECORD_COUNT;
	ck_assert_int_eq(cc_record_mode_parse("moves", &mode), CC_OK);
	ck_assert_int_eq(mode, CC_RECORD_MOVES);
	ck_assert_int_eq(cc_record_mode_parse("Moves", &mode), CC_ERR_INVALID);
	ck_assert_str_eq(cc_category_name(CC_CATEGORY_MASTERS), "masters");
	ck_assert_str_eq(cc_winner_name(CC_WINNER_NONE), "none");
	ck_assert_str_eq(cc_match_ply_kind_name(CC_PLY_PASS), "pass");
	ck_assert_str_eq(cc_side_name(CC_SIDE_BLACK), "black");
	ck_assert_str_eq(cc_reason_name((cc_end_reason)99), "?");
	ck_assert_str_eq(cc_event_kind_name((cc_event_kind)99), "?");
	cc_side side = CC_SIDE_WHITE;
	ck_assert_int_eq(cc_side_parse("black", &side), CC_OK);
	ck_assert_int_eq(side, CC_SIDE_BLACK);
	ck_assert_int_eq(cc_side_parse("Black", &side), CC_ERR_INVALID);
	cc_winner w = CC_WINNER_WHITE;
	ck_assert_int_eq(cc_winner_parse("", &w), CC_ERR_INVALID);
	ck_assert_int_eq(w, CC_WINNER_WHITE);
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
		          test_match_preview__cube_times_change_nothing,
		          test_match_time__even_block_gives_solve_time_to_opponent, test_match_time__official_examples,
		          test_match_time__dnf_counts_as_cap, test_match_time__next_block_starts_at_second_solve_time}},
		{"undo_long", {test_match_undo__checkpoints_agree_with_history}},
		{"undo", {test_match_undo__keeps_real_time, test_match_undo__time_in_between_counts,
		          test_match_undo__history_leaves_undone_out, test_match_correct__clocks_and_counts,
		          test_match_correct__chess_clock, test_match_correct__no_side_to_move_in_moves_recording,
		          test_match_in_time__lost_move_declared_played}},
		{"corrections", {test_match_pause__stops_every_clock,
		                 test_match_undo__takes_back_mistaken_end, test_match_undo__forgets_block_summary,
		                 test_match_replay__live_and_replayed_states_identical,
		                 test_match_refusal__leaves_state_untouched, test_match_refusal__check_predicts_apply,
		                 test_match_resume__pause_only_in_running_block,
		                 test_match_time__changed_by_time_at_deadlines_only}},
		{"time_range", {test_match_time_range__unparried_check_settled_at_once,
		                test_match_time_range__stamps_outside_refused}},
		{"mate", {test_match_mate__refused_after_lost_or_free_move, test_match_mate__declared_right_after_block,
		          test_match_tick__accepted_after_end}},
		{"names", {test_match_names__hidden_or_controlling_refused, test_match_names__spellings_pinned_and_read_back}},
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
