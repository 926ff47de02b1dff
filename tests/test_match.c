/*
 * test_match.c: the match core against the rules in rules/, clause by clause:
 * blocks and their quotas, check at a block's end, the cube numbers, the end
 * of a match, mates, time ranges and the enums' spellings. The formats' own
 * rules are in test_match_twice.c and test_match_time.c, pause, undo and
 * corrections in test_match_undo.c. Each test declares the clauses it checks
 * with CLAUSES (clauses.h).
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "match_fixture.h"

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

/* ---- solve times, mates, late events, time ranges, names ------------------------ */

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

int main(void)
{
	Suite *s = suite_create("match");
	TCase *tc = tcase_create("block");
	tcase_add_test(tc, test_match_block__followed_by_cube_phase);
	tcase_add_test(tc, test_match_block__ends_after_180_seconds);
	tcase_add_test(tc, test_match_block__ends_when_both_quotas_are_played);
	tcase_add_test(tc, test_match_block__quota_by_category);
	tcase_add_test(tc, test_match_block__move_past_quota_refused);
	suite_add_tcase(s, tc);
	tc = tcase_create("check");
	tcase_add_test(tc, test_match_check__parry_after_last_move_outside_quota);
	tcase_add_test(tc, test_match_check__no_block_end_in_check_at_180_seconds);
	suite_add_tcase(s, tc);
	tc = tcase_create("cube");
	tcase_add_test(tc, test_match_cube__no_move_during_cube_phase);
	tcase_add_test(tc, test_match_cube__number_never_repeats_previous);
	tcase_add_test(tc, test_match_cube__numbers_are_deterministic);
	tcase_add_test(tc, test_match_cube__solve_time_range_and_single_entry);
	suite_add_tcase(s, tc);
	tc = tcase_create("end");
	tcase_add_test(tc, test_match_end__mate_wins_for_last_mover);
	tcase_add_test(tc, test_match_end__resignation_wins_for_opponent);
	tcase_add_test(tc, test_match_end__never_on_time_in_twice);
	tcase_add_test(tc, test_match_end__never_on_time_in_time);
	tcase_add_test(tc, test_match_end__arbiter_decision_with_reason);
	tcase_add_test(tc, test_match_end__resignation_any_time);
	suite_add_tcase(s, tc);
	tc = tcase_create("time_range");
	tcase_add_test(tc, test_match_time_range__unparried_check_settled_at_once);
	tcase_add_test(tc, test_match_time_range__stamps_outside_refused);
	suite_add_tcase(s, tc);
	tc = tcase_create("mate");
	tcase_add_test(tc, test_match_mate__refused_after_lost_or_free_move);
	tcase_add_test(tc, test_match_mate__declared_right_after_block);
	tcase_add_test(tc, test_match_tick__accepted_after_end);
	suite_add_tcase(s, tc);
	tc = tcase_create("names");
	tcase_add_test(tc, test_match_names__hidden_or_controlling_refused);
	tcase_add_test(tc, test_match_names__spellings_pinned_and_read_back);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
