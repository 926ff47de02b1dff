/*
 * test_match_fide_clock.c: format chess (rules/fide.md) against its clock:
 * the increment, flag falls and their undo, replay, the clock keys' stamps
 * and the SAN typed after them (RU-38), and the time controls' periods,
 * Bronstein and delay (FI-6.11 to FI-6.14). Each test declares the clauses
 * it checks (clauses.h).
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "match_fide_fixture.h"

/* ---- the clock ------------------------------------------------------------------- */

START_TEST(test_match_fide_clock__runs_for_the_side_to_move_with_increment)
{
	CLAUSES("FI-6.2 FI-6.3.1");
	cc_match *m = new_game(300000, 3000, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	ck_assert_int_eq(view_at(m, 5000).clock_ms[W], 300000); /* not started */
	ok(m, cc_event_start(1000));
	ck_assert_int_eq(view_at(m, 11000).clock_ms[W], 290000);
	ok(m, cc_event_move_text(11000, W, "e4"));
	cc_match_view v = view_at(m, 15000);
	ck_assert_int_eq(v.clock_ms[W], 293000); /* 290 s + 3 s after the move */
	ck_assert_int_eq(v.clock_ms[B], 296000);
	ck_assert(v.has_chess_clocks);
	ok(m, cc_event_pause(15000));
	ck_assert_int_eq(view_at(m, 99000).clock_ms[B], 296000);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_clock__flag_fall_loses)
{
	CLAUSES("FI-6.9");
	cc_match *m = new_game(60000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(1000, W, "e4"));
	/* Black's minute runs out at 61 000 ms: a move then is still in time */
	ck_assert(!view_at(m, 61000).over);
	ck_assert(!cc_match_changed_by_time(m, 61000));
	ck_assert(cc_match_changed_by_time(m, 61001));
	cc_match_view v = view_at(m, 61001);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_TIME);
	ck_assert_int_eq(v.winner, CC_WINNER_WHITE);
	ck_assert(v.flagged[B]);
	ck_assert_int_eq(v.clock_ms[B], 0);
	refused(m, cc_event_move_text(61001, B, "e5"), CC_ERR_OVER);
	ok(m, cc_event_move_text(61000, B, "e5")); /* RU-9 */
	ck_assert(!view_at(m, 61000).over);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_clock__flag_fall_draws_against_a_lone_king)
{
	CLAUSES("FI-6.9");
	/* White takes everything Black gives, Black gives everything. */
	cc_match *m = new_game(INT64_C(24) * 3600 * 1000, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	seen_keys seen = {NULL, 0};
	int64_t t = 0;
	ok(m, cc_event_start(0));
	const cc_chess_position *pos = cc_match_position(m);
	for (int round = 0; round < 60 && !view_at(m, t).over &&
	                    (pos->by_side[B] & ~pos->by_type[CC_CHESS_KING]) != 0;
	     round++) {
		self_play(m, &t, POLICY_CAPTURE, POLICY_GIVE, 10, &seen);
		self_play(m, &t, POLICY_PAWN, POLICY_PAWN, 2, &seen);
		pos = cc_match_position(m);
	}
	ck_assert_msg(!view_at(m, t).over && (pos->by_side[B] & ~pos->by_type[CC_CHESS_KING]) == 0, "%s",
	              view_at(m, t).fen);
	if (view_at(m, t).to_move == B)
		ck_assert_int_eq(self_play(m, &t, POLICY_QUIET, POLICY_QUIET, 1, &seen), 1);
	/* White to move against a lone king: his flag falls, Black cannot mate */
	cc_match_view v = view_at(m, CC_MATCH_TIME_MAX_MS);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_TIME_DRAW);
	ck_assert_int_eq(v.winner, CC_WINNER_NONE);
	ck_assert(v.flagged[W]);
	free(seen.seen);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_clock__arbiter_sets_a_clock)
{
	CLAUSES("FI-6.10");
	cc_match *m = new_game(300000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	ok(m, cc_event_start(0));
	ok(m, cc_event_correct(1000, CC_CORRECT_CLOCK, B, 120000, true, "incorrect claim: 9.5.3"));
	ck_assert_int_eq(view_at(m, 1000).clock_ms[B], 420000);
	refused(m, cc_event_correct(1000, CC_CORRECT_CLOCK, W, 0, false, "zero"), CC_ERR_INVALID);
	refused(m, cc_event_correct(1000, CC_CORRECT_CLOCK, W, 1000, false, ""), CC_ERR_INVALID);
	cc_match_destroy(m);
	m = new_game(0, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	ok(m, cc_event_start(0));
	refused(m, cc_event_correct(1000, CC_CORRECT_CLOCK, W, 1000, false, "no clock"), CC_ERR_INVALID);
	cc_match_destroy(m);
}
END_TEST

/* ---- undo after a flag fall -------------------------------------------------------- */

/* The record replayed through a new game gives the same view at t. */
static void same_on_replay(const cc_match *m, int64_t t)
{
	cc_match *r = replay_record(m);
	cc_match_view a = view_at(m, t), b = view_at(r, t);
	ck_assert(memcmp(&a, &b, sizeof a) == 0);
	cc_match_destroy(r);
}

START_TEST(test_match_fide_undo__flag_fall_comes_back_paused_at_the_fall)
{
	CLAUSES("RU-28 RU-29 FI-6.10");
	cc_match *m = new_game(60000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	cc_event target;
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(1000, W, "e4"));
	ok(m, cc_event_tick(61500)); /* Black's flag fell at 61 000 */
	ck_assert(view_at(m, 61500).over);
	/* RU-28: the fall is what an undo takes back, not White's move */
	ck_assert(!cc_match_undo_target(m, &target));
	ok(m, cc_event_undo(70000));
	cc_match_view v = view_at(m, 90000);
	ck_assert(!v.over);
	ck_assert(v.paused);
	ck_assert_int_eq(v.to_move, B);
	ck_assert_int_eq(v.clock_ms[B], 0);
	ck_assert_int_eq(v.clock_ms[W], 59000);
	ck_assert(!v.flagged[B]);
	ck_assert_uint_eq(v.plies, 1);
	/* the history stands on a pause at the fall's millisecond */
	size_t n = cc_match_history_count(m);
	ck_assert(cc_match_history_at(m, n - 2, &target));
	ck_assert_int_eq(target.kind, CC_EV_PAUSE);
	ck_assert_int_eq(target.t_ms, 61000);
	/* RU-29: resuming at zero would drop the flag again: refused */
	refused(m, cc_event_resume(91000), CC_ERR_PHASE);
	ok(m, cc_event_correct(92000, CC_CORRECT_CLOCK, B, 30000, false, "clock key not pressed"));
	ok(m, cc_event_resume(93000));
	ck_assert_int_eq(view_at(m, 100000).clock_ms[B], 23000);
	ok(m, cc_event_move_text(100000, B, "e5"));
	same_on_replay(m, 100000);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_undo__further_undos_go_back_with_the_clocks_stopped)
{
	CLAUSES("RU-30 RU-14");
	cc_match *m = new_game(60000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	cc_event target;
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(1000, W, "e4"));
	ok(m, cc_event_move_text(2000, B, "e5"));
	/* White's flag falls at 61 000; the undo stops the clocks there */
	ok(m, cc_event_undo(65000));
	ck_assert_int_eq(view_at(m, 65000).clock_ms[W], 0);
	/* RU-30: the next undo takes back e5, and the clocks stay stopped as
	 * they stood when it was played */
	ck_assert(cc_match_undo_target(m, &target));
	ck_assert_int_eq(target.kind, CC_EV_MOVE);
	ck_assert_str_eq(target.text, "e5");
	ok(m, cc_event_undo(66000));
	cc_match_view v = view_at(m, 80000);
	ck_assert(v.paused && !v.over);
	ck_assert_int_eq(v.to_move, B);
	ck_assert_int_eq(v.clock_ms[W], 59000);
	ck_assert_int_eq(v.clock_ms[B], 59000);
	ck_assert_uint_eq(v.plies, 1);
	ok(m, cc_event_undo(81000)); /* e4 */
	v = view_at(m, 90000);
	ck_assert(v.paused);
	ck_assert_int_eq(v.to_move, W);
	ck_assert_int_eq(v.clock_ms[W], 59000);
	ck_assert_uint_eq(v.plies, 0);
	same_on_replay(m, 90000);
	ok(m, cc_event_undo(91000)); /* back to before the start */
	ck_assert_int_eq(view_at(m, 95000).phase, CC_PHASE_SETUP);
	same_on_replay(m, 95000);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_undo__a_second_fall_after_a_resume)
{
	CLAUSES("RU-28 RU-30");
	cc_match *m = new_game(60000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(1000, W, "e4"));
	ok(m, cc_event_undo(62000)); /* Black's fall at 61 000, stopped */
	ok(m, cc_event_correct(63000, CC_CORRECT_CLOCK, B, 5000, false, "clock key not pressed"));
	ok(m, cc_event_resume(64000));
	ck_assert(view_at(m, 69001).over); /* the five seconds ran out */
	ok(m, cc_event_undo(70000));
	ck_assert_int_eq(view_at(m, 70000).clock_ms[B], 0);
	/* back past the resume: paused as before it, the correction kept */
	ok(m, cc_event_undo(71000));
	cc_match_view v = view_at(m, 75000);
	ck_assert(v.paused && !v.over);
	ck_assert_int_eq(v.clock_ms[B], 5000);
	same_on_replay(m, 75000);
	cc_match_destroy(m);
}
END_TEST

/* ---- replay ------------------------------------------------------------------------ */

START_TEST(test_match_fide_replay__record_rebuilds_the_same_game)
{
	CLAUSES("FI-6.9 FI-9.2");
	cc_match *m = new_game(60000, 1000, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, "e4", "e5", "Nf3");
	ok(m, cc_event_undo(t + 10));
	ok(m, cc_event_tick(90000)); /* Black's... no: White's flag, after the undo */
	cc_match *r = new_game(60000, 1000, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	cc_event ev;
	for (size_t i = 0; cc_match_event_at(m, i, &ev); i++)
		ok(r, ev);
	cc_match_view a = view_at(m, 90000), b = view_at(r, 90000);
	ck_assert(memcmp(&a, &b, sizeof a) == 0);
	ck_assert_int_eq(a.reason, CC_REASON_TIME);
	ck_assert_int_eq(a.winner, CC_WINNER_BLACK);
	cc_match_destroy(m);
	cc_match_destroy(r);
}
END_TEST

/* ---- RU-38: the clock keys of a chess game, the SAN after ---------------------------- */

/* a key stops its player's clock at the press, with his increment; the
 * opponent's key is live at once; SANs typed 30 s later cost nothing:
 * the clocks are those of the same moves typed at the presses */
START_TEST(test_match_fide_stamps__clocks_switch_at_the_press)
{
	CLAUSES("RU-38 FI-6.2 FI-6.3.1");
	cc_match *m = new_game(300000, 3000, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	ok(m, cc_event_start(0));
	refused(m, cc_event_press(5000, B), CC_ERR_WRONG_SIDE);
	ok(m, cc_event_press(10000, W));
	cc_match_view v = view_at(m, 12000);
	ck_assert_uint_eq(v.stamps, 1);
	ck_assert_int_eq(v.stamp[0].side, W);
	ck_assert_int_eq(v.stamp[0].t_ms, 10000);
	ck_assert_int_eq(v.stamp[0].block_ms, 290000); /* his clock at the key */
	ck_assert_int_eq(v.to_move, B);
	ck_assert_int_eq(v.clock_ms[W], 293000);
	ck_assert_int_eq(v.clock_ms[B], 298000);
	ck_assert_str_eq(v.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	ok(m, cc_event_press(15000, B));
	refused(m, cc_event_move_text(16000, W, "e4"), CC_ERR_PHASE); /* the stamps first */
	refused(m, cc_event_claim(16000, W, "threefold"), CC_ERR_PHASE);
	ok(m, cc_event_san(40000, "e4"));
	refused(m, cc_event_san(41000, "e4"), CC_ERR_ILLEGAL_MOVE); /* the stamp waits */
	ck_assert_uint_eq(view_at(m, 41000).stamps, 1);
	ok(m, cc_event_san(42000, "e5"));
	v = view_at(m, 42000);
	ck_assert_uint_eq(v.stamps, 0);
	ck_assert_int_eq(cc_match_ply_at(m, 0)->t_ms, 10000);
	ck_assert_int_eq(cc_match_ply_at(m, 1)->t_ms, 15000);
	ck_assert_str_eq(v.last_move_san, "e5");
	/* the same moves typed at the presses */
	cc_match *typed = new_game(300000, 3000, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	ok(typed, cc_event_start(0));
	ok(typed, cc_event_move_text(10000, W, "e4"));
	ok(typed, cc_event_move_text(15000, B, "e5"));
	cc_match_view want = view_at(typed, 42000);
	ck_assert_int_eq(v.clock_ms[W], want.clock_ms[W]);
	ck_assert_int_eq(v.clock_ms[B], want.clock_ms[B]);
	ck_assert_int_eq(v.clock_ms[W], 293000 - 27000);
	ck_assert_int_eq(v.clock_ms[B], 300000 - 5000 + 3000);
	ck_assert_str_eq(v.fen, want.fen);
	cc_match_destroy(typed);
	assert_replay_identical(m, 42000, 100000);
	cc_match_destroy(m);
}
END_TEST

/* the mate's SAN ends the game at its stamp: a later stamp is void, and a
 * flag that fell between the press and the SAN never fell */
START_TEST(test_match_fide_stamps__mate_at_the_stamp_before_a_flag)
{
	CLAUSES("RU-38 FI-5.1.1 FI-6.9");
	cc_match *m = new_game(60000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, "f3", "e5", "g4"); /* White at 3000 */
	ok(m, cc_event_press(4000, B));
	ok(m, cc_event_press(5000, W));
	/* Black's clock, 58 s left at his key, runs again from White's: it falls at 63 000 ms */
	ck_assert(!view_at(m, 63000).over);
	ck_assert(view_at(m, 63001).over);
	ck_assert_int_eq(view_at(m, 63001).reason, CC_REASON_TIME);
	ck_assert(view_at(m, 63001).flagged[B]);
	ok(m, cc_event_tick(70000)); /* Black's flag falls, the SANs not in */
	ck_assert(view_at(m, 70000).over);
	size_t history = cc_match_history_count(m);
	ok(m, cc_event_san(75000, "Qh4#"));
	cc_match_view v = view_at(m, 75000);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_CHECKMATE);
	ck_assert_int_eq(v.winner, CC_WINNER_BLACK);
	ck_assert(!v.flagged[B]);
	ck_assert_uint_eq(v.stamps, 0);
	ck_assert_int_eq(cc_match_ply_at(m, cc_match_ply_count(m) - 1)->t_ms, 4000);
	ck_assert_uint_eq(cc_match_history_count(m), history - 1); /* White's stamp is void */
	assert_replay_identical(m, 75000, 50000);
	cc_match_destroy(m);
}
END_TEST

/* a flag that falls while a stamp waits falls: the SAN comes in after it,
 * and the flag is judged again on the board it makes (FI-6.9) */
START_TEST(test_match_fide_stamps__flag_between_the_press_and_its_san)
{
	CLAUSES("RU-38 FI-6.9");
	cc_match *m = new_game(60000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	ok(m, cc_event_start(0));
	ok(m, cc_event_press(1000, W));
	/* Black's minute runs from White's key: it falls at 61 000 ms */
	ck_assert(!view_at(m, 61000).over);
	cc_match_view v = view_at(m, 61001);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_TIME);
	ck_assert_int_eq(v.winner, CC_WINNER_WHITE);
	ck_assert(v.flagged[B]);
	ok(m, cc_event_tick(61001));
	refused(m, cc_event_press(61002, B), CC_ERR_OVER);
	ok(m, cc_event_san(70000, "e4"));
	v = view_at(m, 70000);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_TIME);
	ck_assert_int_eq(v.winner, CC_WINNER_WHITE);
	ck_assert_uint_eq(v.stamps, 0);
	ck_assert_str_eq(v.last_move_san, "e4");
	ck_assert_int_eq(cc_match_ply_at(m, 0)->t_ms, 1000);
	/* an undo takes the fall back (RU-28), then the stamp with its SAN */
	ok(m, cc_event_undo(71000));
	ck_assert(!view_at(m, 71000).over);
	assert_replay_identical(m, 70000, 50000);
	cc_match_destroy(m);
}
END_TEST

static cc_match *game_of_tc(const char *tc); /* below, with the periods */

/* every time control: moves stamped by the keys, their SANs typed long
 * after, give the clocks of the same moves typed at the keys (a period's
 * time after its last move pressed, Bronstein's refund, a delay's wait) */
START_TEST(test_match_fide_stamps__every_time_control_as_if_typed_at_the_keys)
{
	CLAUSES("RU-38 FI-6.11 FI-6.12 FI-6.13");
	static const char *const tcs[] = {"2/1:1", "5b3", "5d3", "5+3"};
	static const struct {
		int64_t t;
		const char *san;
	} line[] = {{2000, "e4"}, {7000, "e5"}, {25000, "Nf3"}, {45000, "Nc6"}};
	for (size_t k = 0; k < sizeof tcs / sizeof tcs[0]; k++) {
		cc_match *m = game_of_tc(tcs[k]), *typed = game_of_tc(tcs[k]);
		ok(m, cc_event_start(0));
		ok(typed, cc_event_start(0));
		for (size_t i = 0; i < 4; i++)
			ok(typed, cc_event_move_text(line[i].t, i % 2 ? B : W, line[i].san));
		ok(m, cc_event_press(line[0].t, W));
		ok(m, cc_event_press(line[1].t, B));
		ok(m, cc_event_san(20000, line[0].san));
		ok(m, cc_event_san(21000, line[1].san));
		ok(m, cc_event_press(line[2].t, W));
		ok(m, cc_event_press(line[3].t, B));
		ok(m, cc_event_san(50000, line[2].san));
		ok(m, cc_event_san(55000, line[3].san));
		for (int64_t at = 55000; at < 70000; at += 1700) {
			cc_match_view a = view_at(m, at), b = view_at(typed, at);
			ck_assert_msg(a.clock_ms[W] == b.clock_ms[W] && a.clock_ms[B] == b.clock_ms[B],
			              "%s at %lld: %lld/%lld stamped, %lld/%lld typed", tcs[k], (long long)at,
			              (long long)a.clock_ms[W], (long long)a.clock_ms[B], (long long)b.clock_ms[W],
			              (long long)b.clock_ms[B]);
			ck_assert_str_eq(a.fen, b.fen);
			ck_assert_int_eq(a.to_move, b.to_move);
		}
		assert_replay_identical(m, 55000, 20000);
		cc_match_destroy(m);
		cc_match_destroy(typed);
	}
}
END_TEST

/* ---- periods, Bronstein, delay (FI-6.11 to FI-6.14) ------------------------------- */

static cc_match *game_of_tc(const char *tc)
{
	cc_match_settings s;
	cc_match *m = NULL;
	cc_error err = {0};
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_CHESS;
	s.record = CC_RECORD_MOVES;
	s.claims = CC_CLAIMS_MANUAL;
	ck_assert_msg(cc_tc_parse(tc, &s, &err) == CC_OK, "%s: %s", tc, err.message);
	ck_assert_msg(cc_match_create(&m, &s, &err) == CC_OK, "%s", err.message);
	return m;
}

/* FIDE's classical control on a DGT 3000: 30 s after every move from the
 * first, and the second period's 30 minutes after each player's 40th. */
START_TEST(test_match_fide_periods__classical_adds_the_next_period_after_move_40)
{
	CLAUSES("FI-6.11 FI-6.12");
	cc_match *m = game_of_tc("40/90+30:30+30");
	seen_keys seen = {NULL, 0};
	int64_t t = 0;
	ok(m, cc_event_start(0));
	ck_assert_int_eq(view_at(m, 0).clock_ms[W], 90 * 60000);
	for (int ply = 0; ply < 86; ply++) {
		cc_side side = view_at(m, t).to_move;
		int64_t before = view_at(m, t + 1000).clock_ms[side];
		ck_assert_msg(self_play(m, &t, POLICY_PAWN, POLICY_PAWN, 1, &seen) == 1, "no move at ply %d (over: %d)", ply,
		              view_at(m, t).over);
		int move = ply / 2 + 1;
		int64_t gained = view_at(m, t).clock_ms[side] - before;
		ck_assert_msg(gained == 30000 + (move == 40 ? 30 * 60000 : 0), "%s's move %d gained %lld ms",
		              side == W ? "White" : "Black", move, (long long)gained);
	}
	same_on_replay(m, t + 5000);
	free(seen.seen);
	cc_match_destroy(m);
}
END_TEST

/* Bronstein 3 s: a move's time comes back up to 3 s; the clock never gains. */
START_TEST(test_match_fide_periods__bronstein_gives_back_the_move_time_up_to_the_bonus)
{
	CLAUSES("FI-6.13");
	cc_match *m = game_of_tc("5b3");
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(2000, W, "e4")); /* 2 s used, 2 s back */
	ck_assert_int_eq(view_at(m, 2000).clock_ms[W], 300000);
	ok(m, cc_event_move_text(7000, B, "e5")); /* 5 s used, 3 s back */
	ck_assert_int_eq(view_at(m, 7000).clock_ms[B], 298000);
	ck_assert_int_eq(view_at(m, 9000).clock_ms[W], 298000); /* runs from the first millisecond */
	same_on_replay(m, 9000);
	cc_match_destroy(m);
}
END_TEST

/* Simple (US) delay 3 s: the clock waits 3 s each turn; a pause stops the
 * wait as it stops the clock; the flag falls the delay after zero. */
START_TEST(test_match_fide_periods__delay_waits_before_the_clock_runs)
{
	CLAUSES("FI-6.13");
	cc_match *m = game_of_tc("5d3");
	ok(m, cc_event_start(0));
	ck_assert_int_eq(view_at(m, 3000).clock_ms[W], 300000);
	ck_assert_int_eq(view_at(m, 3500).clock_ms[W], 299500);
	ok(m, cc_event_move_text(2000, W, "e4")); /* within the delay: nothing spent */
	ck_assert_int_eq(view_at(m, 2000).clock_ms[W], 300000);
	ok(m, cc_event_pause(4000));  /* Black's turn, 2 s of its delay gone */
	ok(m, cc_event_resume(64000)); /* one more second of wait left */
	ck_assert_int_eq(view_at(m, 65000).clock_ms[B], 300000);
	ck_assert_int_eq(view_at(m, 67000).clock_ms[B], 298000);
	ok(m, cc_event_move_text(67000, B, "e5"));
	ck_assert_int_eq(view_at(m, 67000).clock_ms[B], 298000);
	same_on_replay(m, 68000);
	cc_match_destroy(m);

	m = game_of_tc("1d10");
	ok(m, cc_event_start(0));
	ck_assert(!view_at(m, 70000).over); /* 60 s of clock after 10 s of wait */
	ck_assert(cc_match_changed_by_time(m, 70001));
	cc_match_view v = view_at(m, 70001);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_TIME);
	ck_assert_int_eq(v.winner, CC_WINNER_BLACK);
	cc_match_destroy(m);
}
END_TEST

/* The two spellings of one control, and what is not one, each with its reason. */
START_TEST(test_match_fide_periods__spellings_round_trip_and_refusals_say_why)
{
	CLAUSES("FI-6.11 FI-6.14");
	static const struct {
		const char *club, *pgn;
	} same[] = {
		{"40/90+30:30+30", "40/5400+30:1800+30"}, {"90d5", "5400d5"}, {"25b10", "1500b10"},
		{"5+3", "300+3"}, {"90", "5400"}, {"40/120:20/60:30", "40/7200:20/3600:1800"}, {"none", "-"},
	};
	for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
		cc_match_settings s;
		cc_error err;
		char club[64], pgn[64];
		cc_match_settings_default(&s);
		s.format = CC_FORMAT_CHESS;
		s.record = CC_RECORD_MOVES;
		ck_assert_msg(cc_tc_parse(same[i].club, &s, &err) == CC_OK, "%s: %s", same[i].club, err.message);
		cc_tc_format(&s, CC_TC_CLUB, club, sizeof club);
		cc_tc_format(&s, CC_TC_PGN, pgn, sizeof pgn);
		ck_assert_str_eq(club, same[i].club);
		ck_assert_str_eq(pgn, same[i].pgn);
	}
	static const struct {
		const char *text;
		cc_msg msg;
	} wrong[] = {
		{"40/90", CC_MSG_TC_PERIOD_MOVES},         {"90:30", CC_MSG_TC_PERIOD_MOVES},
		{"201/90:30", CC_MSG_TC_PERIOD_MOVES},     {"40/1:40/1:40/1:40/1:1", CC_MSG_TC_PERIODS_MAX},
		{"90+601", CC_MSG_TC_RANGE},               {"0+5", CC_MSG_TC_RANGE},
		{"1441", CC_MSG_TC_RANGE},                 {"90x5", CC_MSG_NOT_A_TIME_CONTROL},
		{"40/90+30:", CC_MSG_NOT_A_TIME_CONTROL},  {"", CC_MSG_NOT_A_TIME_CONTROL},
		{"d5", CC_MSG_NOT_A_TIME_CONTROL},
	};
	for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
		cc_match_settings s, before;
		cc_error err;
		cc_match_settings_default(&s);
		s.format = CC_FORMAT_CHESS;
		s.record = CC_RECORD_MOVES;
		before = s;
		ck_assert_int_eq(cc_tc_parse(wrong[i].text, &s, &err), CC_ERR_INVALID);
		ck_assert_msg(err.msg == wrong[i].msg, "'%s' refused as %s", wrong[i].text, cc_msg_name(err.msg));
		ck_assert(memcmp(&s, &before, sizeof s) == 0); /* a refusal changes nothing */
	}
	/* ChessCubing's clocks are its own: no period there */
	cc_match_settings s;
	cc_error err;
	cc_match *m = NULL;
	cc_match_settings_default(&s);
	s.tc_more = 1;
	ck_assert_int_eq(cc_match_create(&m, &s, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_TC_NOT_CHESSCUBING);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("match_fide_clock");
	TCase *tc = tcase_create("clock");
	tcase_add_test(tc, test_match_fide_clock__runs_for_the_side_to_move_with_increment);
	tcase_add_test(tc, test_match_fide_clock__flag_fall_loses);
	tcase_add_test(tc, test_match_fide_clock__flag_fall_draws_against_a_lone_king);
	tcase_add_test(tc, test_match_fide_clock__arbiter_sets_a_clock);
	suite_add_tcase(s, tc);
	tc = tcase_create("periods");
	tcase_add_test(tc, test_match_fide_periods__classical_adds_the_next_period_after_move_40);
	tcase_add_test(tc, test_match_fide_periods__bronstein_gives_back_the_move_time_up_to_the_bonus);
	tcase_add_test(tc, test_match_fide_periods__delay_waits_before_the_clock_runs);
	tcase_add_test(tc, test_match_fide_periods__spellings_round_trip_and_refusals_say_why);
	suite_add_tcase(s, tc);
	tc = tcase_create("replay");
	tcase_add_test(tc, test_match_fide_replay__record_rebuilds_the_same_game);
	suite_add_tcase(s, tc);
	tc = tcase_create("undo");
	tcase_add_test(tc, test_match_fide_undo__flag_fall_comes_back_paused_at_the_fall);
	tcase_add_test(tc, test_match_fide_undo__further_undos_go_back_with_the_clocks_stopped);
	tcase_add_test(tc, test_match_fide_undo__a_second_fall_after_a_resume);
	suite_add_tcase(s, tc);
	tc = tcase_create("stamps");
	tcase_add_test(tc, test_match_fide_stamps__clocks_switch_at_the_press);
	tcase_add_test(tc, test_match_fide_stamps__mate_at_the_stamp_before_a_flag);
	tcase_add_test(tc, test_match_fide_stamps__flag_between_the_press_and_its_san);
	tcase_add_test(tc, test_match_fide_stamps__every_time_control_as_if_typed_at_the_keys);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
