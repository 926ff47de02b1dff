/*
 * test_match_moves_stamps.c: moves recording with the clock keys (RU-35):
 * a move stamped when its key is pressed and its SAN typed after, the
 * clocks, ends and replays it gives. Each test declares the clauses it
 * checks (CLAUSES, clauses.h).
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "match_moves_fixture.h"

/* ---- RU-35: clock-key stamps and their SAN ---------------------------------- */

/* the stamps wait in the view, the board before them; each SAN stands at its stamp */
START_TEST(test_match_moves_stamps__san_stands_at_its_stamp)
{
	CLAUSES("RU-35");
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(0));
	refused(m, cc_event_san(1000, "e4"), CC_ERR_NO_MOVE);
	ok(m, cc_event_press(14200, W));
	refused(m, cc_event_press(15000, W), CC_ERR_WRONG_SIDE);
	ok(m, cc_event_press(17900, B));
	cc_match_view v = view_at(m, 18000);
	ck_assert_uint_eq(v.stamps, 2);
	ck_assert_int_eq(v.stamp[0].side, W);
	ck_assert_int_eq(v.stamp[0].t_ms, 14200);
	ck_assert_int_eq(v.stamp[0].block_ms, 14200);
	ck_assert_int_eq(v.stamp[1].side, B);
	ck_assert_int_eq(v.stamp[1].t_ms, 17900);
	ck_assert_str_eq(v.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	ck_assert_int_eq(v.to_move, W);
	ck_assert_int_eq(v.move_ms_left, 19900); /* White's clock runs from Black's press */
	ck_assert_int_eq(v.moves[W], 1);
	ck_assert_int_eq(v.moves[B], 1);
	/* a typed move waits for the stamps */
	refused(m, cc_event_move_text(18000, W, "e4"), CC_ERR_PHASE);
	/* White's SAN 25.8 s after his key: nobody loses a move for the typing */
	ok(m, cc_event_san(40000, "e4"));
	v = view_at(m, 40000);
	ck_assert_uint_eq(v.stamps, 1);
	ck_assert_int_eq(v.stamp[0].side, B);
	ck_assert_int_eq(cc_match_ply_at(m, 0)->t_ms, 14200);
	ck_assert_str_eq(cc_match_ply_at(m, 0)->san, "e4");
	/* a refused SAN keeps its stamp */
	refused(m, cc_event_san(41000, "e4"), CC_ERR_ILLEGAL_MOVE);
	ck_assert_uint_eq(view_at(m, 41000).stamps, 1);
	ok(m, cc_event_san(42000, "e5"));
	v = view_at(m, 42000);
	ck_assert_uint_eq(v.stamps, 0);
	ck_assert_int_eq(cc_match_ply_at(m, 1)->t_ms, 17900);
	ck_assert_int_eq(v.lost[B], 0);
	/* White, to move since Black's press at 17.9, lost his move at 37.9 */
	ck_assert_int_eq(v.lost[W], 1);
	ck_assert_int_eq(v.move_ms_left, 20000 - (42000 - 37900));
	assert_replay_identical(m, 42000, 100000);
	cc_match_destroy(m);
}
END_TEST

/* a SAN that mates ends the game at its stamp; a later stamp is void */
START_TEST(test_match_moves_stamps__mate_voids_later_stamp)
{
	CLAUSES("RU-35 CO-5.1");
	int64_t t = 0;
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(t));
	PLAY(m, &t, "f3", "e5", "g4");
	ok(m, cc_event_press(4000, B));
	ok(m, cc_event_press(5000, W));
	ck_assert_uint_eq(view_at(m, 5000).stamps, 2);
	size_t history = cc_match_history_count(m);
	ok(m, cc_event_san(9000, "Qh4#"));
	cc_match_view v = view_at(m, 9000);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_CHECKMATE);
	ck_assert_int_eq(v.winner, CC_WINNER_BLACK);
	ck_assert_uint_eq(v.stamps, 0);
	ck_assert_int_eq(cc_match_ply_at(m, cc_match_ply_count(m) - 1)->t_ms, 4000);
	/* White's stamp left the history: the mate is its last move */
	ck_assert_uint_eq(cc_match_history_count(m), history - 1);
	cc_event last;
	ck_assert(cc_match_history_at(m, cc_match_history_count(m) - 1, &last));
	ck_assert_int_eq(last.kind, CC_EV_MOVE);
	ck_assert_str_eq(last.text, "Qh4#");
	ck_assert_int_eq(last.t_ms, 4000);
	assert_replay_identical(m, 9000, 100000);
	cc_match_destroy(m);
}
END_TEST

/* a block its stamp would end stays open for the parry; the SAN decides */
START_TEST(test_match_moves_stamps__quota_end_waits_for_the_san)
{
	CLAUSES("RU-35 CO-2.2 CO-4.1");
	int64_t t = 0;
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(t));
	PLAY(m, &t, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4");
	/* Black's 6th move, the last of the quotas: the block waits for its SAN */
	ok(m, cc_event_press(t += 1000, B));
	cc_match_view v = view_at(m, t + 100);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
	ck_assert(v.closing);
	ok(m, cc_event_press(t + 2000, W)); /* White's key: a parry, if the SAN checks */
	ok(m, cc_event_san(t + 3000, "Bb4+"));
	v = view_at(m, t + 3000);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
	ck_assert(v.check || v.stamps == 1);
	ck_assert_uint_eq(v.stamps, 1);
	ok(m, cc_event_san(t + 4000, "Bd2"));
	v = view_at(m, t + 4000);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE); /* the parry made, nobody in check: the block is over */
	ck_assert_uint_eq(v.stamps, 0);
	assert_replay_identical(m, t + 4000, 100000);
	cc_match_destroy(m);
	/* the same last move without check: the block ended at its stamp, White's key is void */
	t = 0;
	m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(t));
	PLAY(m, &t, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4");
	ok(m, cc_event_press(t += 1000, B));
	ok(m, cc_event_press(t + 2000, W));
	ok(m, cc_event_san(t + 3000, "Bb6"));
	v = view_at(m, t + 3000);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
	ck_assert_uint_eq(v.stamps, 0);
	assert_replay_identical(m, t + 3000, 100000);
	cc_match_destroy(m);
}
END_TEST

/* Time: a key stops its player's clock at the press, the SAN typed later costs nothing */
START_TEST(test_match_moves_stamps__time_clock_stops_at_the_press)
{
	CLAUSES("RU-35 TI-1.1");
	cc_match *m = new_moves_match(CC_FORMAT_TIME, CC_CATEGORY_FAST);
	ok(m, cc_event_start(0));
	ok(m, cc_event_press(5000, W));
	cc_match_view v = view_at(m, 30000);
	ck_assert_int_eq(v.clock_ms[W], CC_TIME_CLOCK_MS - 5000);
	ck_assert_int_eq(v.clock_ms[B], CC_TIME_CLOCK_MS - 25000);
	ok(m, cc_event_san(30000, "d4"));
	v = view_at(m, 30000);
	ck_assert_uint_eq(v.stamps, 0);
	ck_assert_int_eq(v.clock_ms[W], CC_TIME_CLOCK_MS - 5000);
	ck_assert_int_eq(v.clock_ms[B], CC_TIME_CLOCK_MS - 25000);
	ck_assert_str_eq(v.last_move_san, "d4");
	/* count recording records the move itself: no stamp to wait */
	cc_match *count = new_match(CC_FORMAT_TIME, CC_CATEGORY_FAST, 1);
	ok(count, cc_event_start(0));
	refused(count, cc_event_press(1000, W), CC_ERR_INVALID);
	cc_match_destroy(count);
	assert_replay_identical(m, 30000, 100000);
	cc_match_destroy(m);
}
END_TEST

/* Time: a clock that reaches zero while the arbiter types is judged from
 * the stamps: flagged (RU-5) when it reached zero before its own key, not
 * when its key came first, however late the SANs */
START_TEST(test_match_moves_stamps__time_flag_judged_from_the_stamps)
{
	CLAUSES("RU-35 RU-5");
	for (int late = 0; late < 2; late++) {
		cc_match *m = new_moves_match(CC_FORMAT_TIME, CC_CATEGORY_FAST);
		ok(m, cc_event_start(0));
		ok(m, cc_event_correct(0, CC_CORRECT_CLOCK, B, 8000, false, "test"));
		ok(m, cc_event_press(5000, W));
		/* Black's 8 s run from White's key: zero at 13 000 ms */
		ck_assert(!view_at(m, 12999).flagged[B]);
		ck_assert(view_at(m, 13000).flagged[B]); /* at zero, RU-5 */
		int64_t black_key = late ? 20000 : 10000;
		ok(m, cc_event_press(black_key, B));
		ck_assert(view_at(m, black_key).flagged[B] == (late != 0));
		ok(m, cc_event_san(30000, "e4"));
		ok(m, cc_event_san(31000, "e5"));
		cc_match_view v = view_at(m, 31000);
		ck_assert_uint_eq(v.stamps, 0);
		ck_assert(v.flagged[B] == (late != 0));
		ck_assert_int_eq(v.clock_ms[B], 8000 - (black_key - 5000));
		assert_replay_identical(m, 31000, 50000);
		cc_match_destroy(m);
	}
}
END_TEST

/*
 * RU-42 (issue 35, N0): every combination of quota reached / a stamp
 * waiting / 20 s / 180 s while the arbiter types, in Twice and Time. A
 * player with no move left loses none and his clock does not run; a player
 * with moves left loses them as before; the 180 s close the block at once
 * even with a stamp waiting; the SAN decides the rest, at its stamp.
 */
static cc_match *giuoco_five_five(cc_format format, int64_t *t)
{
	cc_match *m = new_moves_match(format, CC_CATEGORY_FAST);
	*t = 0;
	ok(m, cc_event_start(*t));
	PLAY(m, t, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4");
	return m; /* White 6/6, Black 5/6, Black to move at 11 s */
}

START_TEST(test_match_moves_stamps__no_phantom_while_typing)
{
	CLAUSES("RU-42 RU-35 TW-4.2 CO-2.1 CO-2.2 CO-4.2");
	for (int f = 0; f < 2; f++) {
		cc_format format = f ? CC_FORMAT_TIME : CC_FORMAT_TWICE;
		bool twice = format == CC_FORMAT_TWICE;
		for (int pending = 0; pending < 2; pending++) {
			/* quota reached: Black's 6th move, the last of the block */
			int64_t t;
			cc_match *m = giuoco_five_five(format, &t);
			int64_t stamp = t + 1000;
			if (pending)
				ok(m, cc_event_press(stamp, B));
			else
				ok(m, cc_event_move_text(stamp, B, "Bb6"));
			cc_match_view v = view_at(m, stamp);
			if (!pending) {
				ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
				ck_assert_int_eq(v.block_end, CC_BLOCK_END_QUOTA);
				cc_match_destroy(m);
				continue;
			}
			int64_t white_clock = v.clock_ms[W];
			/* 21 s, 42 s and past the 180 s of typing: nothing happens to anyone */
			const int64_t waits[] = {21000, 42000, 200000};
			for (size_t i = 0; i < 3; i++) {
				v = view_at(m, stamp + waits[i]);
				ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
				ck_assert(v.closing);
				ck_assert_int_eq(v.block_end, CC_BLOCK_END_QUOTA);
				ck_assert_int_eq(v.lost[W] + v.lost[B], 0);
				if (twice)
					ck_assert_int_eq(v.move_ms_left, 20000);
				else
					ck_assert_int_eq(v.clock_ms[W], white_clock);
			}
			ok(m, cc_event_san(stamp + 42000, "Bb6"));
			v = view_at(m, stamp + 42000);
			ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
			ck_assert_int_eq(v.block_end, CC_BLOCK_END_QUOTA);
			ck_assert_int_eq(v.moves[W], 6);
			ck_assert_int_eq(v.moves[B], 6);
			ck_assert_int_eq(v.lost[W] + v.lost[B], 0);
			assert_replay_identical(m, stamp + 42000, 50000);
			cc_match_destroy(m);
		}
	}
}
END_TEST

/* The quota not reached: the opponent has moves left, his 20 s run and a
 * move of his is truly lost; the 180 s close the block at once. */
START_TEST(test_match_moves_stamps__moves_left_and_the_180_s)
{
	CLAUSES("RU-42 RU-35 TW-4.2 CO-2.1");
	for (int f = 0; f < 2; f++) {
		cc_format format = f ? CC_FORMAT_TIME : CC_FORMAT_TWICE;
		bool twice = format == CC_FORMAT_TWICE;
		for (int pending = 0; pending < 2; pending++) {
			cc_match *m = new_moves_match(format, CC_CATEGORY_FAST);
			ok(m, cc_event_start(0));
			ok(m, cc_event_move_text(1000, W, "e4"));
			int64_t stamp = 2000;
			if (pending)
				ok(m, cc_event_press(stamp, B));
			else
				ok(m, cc_event_move_text(stamp, B, "e5"));
			/* 20 s after Black's key: White, with moves left, loses one (Twice) */
			cc_match_view v = view_at(m, stamp + 20001);
			ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
			ck_assert_int_eq(v.lost[W], twice ? 1 : 0);
			ck_assert_int_eq(v.lost[B], 0);
			/* the 180 s: the block closes at once, stamp or not */
			v = view_at(m, 180000);
			ck_assert(!v.closing);
			v = view_at(m, 180001);
			ck_assert(v.closing || v.phase == CC_PHASE_CUBE);
			ck_assert_int_eq(v.block_end, CC_BLOCK_END_TIME);
			ck_assert_int_eq(v.phase, pending ? CC_PHASE_BLOCK : CC_PHASE_CUBE);
			int lost_at_end = v.lost[W] + v.lost[B];
			/* nothing lost after the 180 s, however long the typing */
			v = view_at(m, 300000);
			ck_assert_int_eq(v.lost[W] + v.lost[B], lost_at_end);
			if (pending) {
				ok(m, cc_event_san(300000, "e5"));
				v = view_at(m, 300000);
				ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
				ck_assert_int_eq(v.block_end, CC_BLOCK_END_TIME);
				ck_assert_int_eq(v.lost[W] + v.lost[B], lost_at_end);
				assert_replay_identical(m, 300000, 50000);
			}
			cc_match_destroy(m);
		}
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("match_moves_stamps");
	TCase *tc = tcase_create("stamps");
	tcase_add_test(tc, test_match_moves_stamps__san_stands_at_its_stamp);
	tcase_add_test(tc, test_match_moves_stamps__mate_voids_later_stamp);
	tcase_add_test(tc, test_match_moves_stamps__quota_end_waits_for_the_san);
	tcase_add_test(tc, test_match_moves_stamps__time_clock_stops_at_the_press);
	tcase_add_test(tc, test_match_moves_stamps__time_flag_judged_from_the_stamps);
	suite_add_tcase(s, tc);
	tc = tcase_create("announce");
	tcase_add_test(tc, test_match_moves_stamps__no_phantom_while_typing);
	tcase_add_test(tc, test_match_moves_stamps__moves_left_and_the_180_s);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
