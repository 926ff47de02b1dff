/*
 * test_match_fide.c: format chess, a plain game under the FIDE Laws
 * (rules/fide.md), on the board: settings, mate, stalemate and dead
 * positions, repetitions, the move counts, claims and agreed draws, and a
 * chess game on a Checkered board. The clock is in test_match_fide_clock.c.
 * Each test declares the clauses it checks (clauses.h).
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "match_fide_fixture.h"

/* ---- settings --------------------------------------------------------------- */

START_TEST(test_match_fide_settings__chess_needs_moves_recording)
{
	CLAUSES("FI-1.1");
	cc_match_settings s;
	cc_match *m = NULL;
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_CHESS;
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_ERR_INVALID); /* count recording */
	s.record = CC_RECORD_MOVES;
	s.tc_increment_ms = 3000; /* an increment without a clock */
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_ERR_INVALID);
	s.format = CC_FORMAT_TWICE;
	s.tc_base_ms = 300000; /* a time control in ChessCubing */
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_ERR_INVALID);
	s.tc_base_ms = s.tc_increment_ms = 0;
	s.claims = CC_CLAIMS_MANUAL;
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_ERR_INVALID);
	ck_assert_ptr_null(m);
}
END_TEST

START_TEST(test_match_fide_settings__no_blocks_no_cubes)
{
	CLAUSES("FI-1.1 FI-6.2");
	cc_match *m = new_game(0, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	refused(m, cc_event_start(10), CC_ERR_PHASE);
	cc_match_view v = view_at(m, 10 * 60 * 1000);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK); /* no block ends after 180 s */
	ck_assert(!v.has_chess_clocks);
	ck_assert_int_eq(v.quota, 0);
	ck_assert(!cc_match_changed_by_time(m, INT64_C(1) << 39)); /* tc=none: time never ends the game */
	t = 600000;
	PLAY(m, &t, "e4");
	refused(m, cc_event_cube(t + 1, W, 1500), CC_ERR_PHASE);
	refused(m, cc_event_mate(t + 1), CC_ERR_NO_MOVE);
	refused(m, cc_event_correct(t + 1, CC_CORRECT_BLOCK, W, 1000, false, "why"), CC_ERR_INVALID);
	cc_match_destroy(m);
}
END_TEST

/* ---- the board's ends ---------------------------------------------------------- */

START_TEST(test_match_fide_end__checkmate_wins)
{
	CLAUSES("FI-5.1.1");
	cc_match *m = new_game(300000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, "f3", "e5", "g4", "Qh4");
	cc_match_view v = view_at(m, t);
	ck_assert(v.over);
	ck_assert_int_eq(v.winner, CC_WINNER_BLACK);
	ck_assert_int_eq(v.reason, CC_REASON_CHECKMATE);
	refused(m, cc_event_move_text(t + 1, W, "a3"), CC_ERR_OVER);
	/* undo takes the mate back (RU-14), the game goes on */
	ok(m, cc_event_undo(t + 2));
	ck_assert(!view_at(m, t + 2).over);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_end__stalemate_draws)
{
	CLAUSES("FI-5.2.1");
	cc_match *m = new_game(0, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	/* Sam Loyd's ten-move stalemate */
	PLAY(m, &t, "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7", "Qxb7",
	     "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6");
	cc_match_view v = view_at(m, t);
	ck_assert(v.over);
	ck_assert_int_eq(v.winner, CC_WINNER_NONE);
	ck_assert_int_eq(v.reason, CC_REASON_STALEMATE);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_end__dead_position_draws)
{
	CLAUSES("FI-5.2.2");
	cc_match *m = new_game(0, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	seen_keys seen = {NULL, 0};
	int64_t t = 0;
	ok(m, cc_event_start(0));
	/* Both sides take whatever they can, pushing pawns otherwise. */
	self_play(m, &t, POLICY_TRADE, POLICY_TRADE, 600, &seen);
	cc_match_view v = view_at(m, t);
	ck_assert_msg(v.over && v.reason == CC_REASON_DEAD, "ended %s by %s: %s", v.over ? "" : "not",
	              cc_reason_name(v.reason), v.fen);
	ck_assert_int_eq(v.winner, CC_WINNER_NONE);
	free(seen.seen);
	cc_match_destroy(m);
}
END_TEST

/* ---- repetitions ---------------------------------------------------------------- */

START_TEST(test_match_fide_repetition__threefold_draws_with_auto_claims)
{
	CLAUSES("FI-9.2");
	cc_match *m = new_game(0, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, KNIGHTS_BACK_AND_FORTH, "Nf3", "Nf6", "Ng1");
	ck_assert(!view_at(m, t).over); /* the start position twice */
	PLAY(m, &t, "Ng8");
	cc_match_view v = view_at(m, t);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_THREEFOLD);
	ck_assert_int_eq(v.repetitions, 3);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_repetition__pinned_en_passant_is_not_a_difference)
{
	CLAUSES("FI-9.2.2");
	/* The key of the Laws' 9.2.2 on the position: the pawn on b5
	 * is pinned to its king by the rook on h5, so c6 cannot be taken. */
	cc_chess_position with_ep, without_ep;
	char a[CC_CHESS_FEN_MAX], b[CC_CHESS_FEN_MAX];
	ck_assert_int_eq(cc_chess_position_from_fen(&with_ep, "8/8/8/KPp4r/8/8/8/7k w - c6 0 1", NULL), CC_OK);
	ck_assert_int_eq(cc_chess_position_from_fen(&without_ep, "8/8/8/KPp4r/8/8/8/7k w - - 0 1", NULL), CC_OK);
	cc_chess_position_key(&with_ep, a, sizeof a);
	cc_chess_position_key(&without_ep, b, sizeof b);
	ck_assert_str_eq(a, b);
	ck_assert_ptr_null(strstr(a, "c6"));
	/* In a game: after 1.e4 the e3 square is written in the FEN but no
	 * black pawn can take, so the position after 1.e4 Nf6 2.Nf3 Ng8 3.Ng1
	 * Nf6 4.Nf3... counts with the first: repetitions by the key. */
	cc_match *m = new_game(0, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, "e4");
	ck_assert_ptr_nonnull(strstr(view_at(m, t).fen, " e3 "));
	PLAY(m, &t, "Nf6", "Nf3", "Ng8", "Ng1");
	ck_assert_uint_eq(view_at(m, t).repetitions, 2); /* e3 written the first time, yet the same position */
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_repetition__fivefold_draws_even_with_manual_claims)
{
	CLAUSES("FI-9.6.1");
	cc_match *m = new_game(0, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, KNIGHTS_BACK_AND_FORTH, KNIGHTS_BACK_AND_FORTH, KNIGHTS_BACK_AND_FORTH, "Nf3", "Nf6", "Ng1");
	ck_assert(!view_at(m, t).over); /* four times */
	PLAY(m, &t, "Ng8");
	cc_match_view v = view_at(m, t);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_FIVEFOLD);
	cc_match_destroy(m);
}
END_TEST

/* ---- the move counts --------------------------------------------------------------- */

/* Opens the lines with a few pawn moves, then plays quiet moves until the
 * half-move clock reads quiet (or the game ends). */
static void quiet_game(cc_match *m, int64_t *t, seen_keys *seen, unsigned quiet)
{
	ok(m, cc_event_start(0));
	PLAY(m, t, "e3", "e6", "d3", "d6", "b3", "b6", "g3", "g6");
	while (!view_at(m, *t).over && cc_match_position(m)->halfmove_clock < quiet)
		ck_assert_int_eq(self_play(m, t, POLICY_QUIET, POLICY_QUIET, 1, seen), 1);
}

START_TEST(test_match_fide_count__fifty_moves_draw_with_auto_claims)
{
	CLAUSES("FI-9.3");
	cc_match *m = new_game(0, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	seen_keys seen = {NULL, 0};
	int64_t t = 0;
	quiet_game(m, &t, &seen, 100);
	cc_match_view v = view_at(m, t);
	ck_assert_msg(v.over && v.reason == CC_REASON_FIFTY, "%s", cc_reason_name(v.reason));
	ck_assert_uint_eq(cc_match_position(m)->halfmove_clock, 100);
	free(seen.seen);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_count__seventy_five_moves_draw_at_once)
{
	CLAUSES("FI-9.6.2");
	cc_match *m = new_game(0, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	seen_keys seen = {NULL, 0};
	int64_t t = 0;
	quiet_game(m, &t, &seen, 150);
	cc_match_view v = view_at(m, t);
	ck_assert_msg(v.over && v.reason == CC_REASON_SEVENTY_FIVE, "%s", cc_reason_name(v.reason));
	ck_assert_uint_eq(cc_match_position(m)->halfmove_clock, 150);
	free(seen.seen);
	cc_match_destroy(m);
}
END_TEST

/* ---- claims ------------------------------------------------------------------------ */

START_TEST(test_match_fide_claim__threefold_accepted_when_valid)
{
	CLAUSES("FI-9.5 FI-9.2");
	cc_match *m = new_game(0, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, KNIGHTS_BACK_AND_FORTH);
	/* twice: refused, with how many times */
	cc_error err = {0};
	cc_event claim = cc_event_claim(t + 1, W, "threefold");
	ck_assert_int_eq(cc_match_apply(m, &claim, &err), CC_ERR_PHASE);
	ck_assert_int_eq(err.msg, CC_MSG_CLAIM_REPETITION_TIMES);
	ck_assert_int_eq(err.args[0].n, 2);
	refused(m, cc_event_claim(t + 1, W, "threefold"), CC_ERR_PHASE);
	refused(m, cc_event_claim(t + 1, W, "perpetual"), CC_ERR_INVALID);
	PLAY(m, &t, KNIGHTS_BACK_AND_FORTH);
	ck_assert(!view_at(m, t).over); /* three times, no automatic end */
	/* Black made the last move: his claim, with the move written (9.2.1.a) */
	ok(m, cc_event_claim(t + 1, B, "threefold"));
	cc_match_view v = view_at(m, t + 1);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_THREEFOLD);
	ck_assert_int_eq(v.winner, CC_WINNER_NONE);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_claim__only_the_player_to_move_or_who_just_moved)
{
	CLAUSES("FI-9.5");
	cc_match *m = new_game(0, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, KNIGHTS_BACK_AND_FORTH, KNIGHTS_BACK_AND_FORTH);
	ok(m, cc_event_pause(t + 1));
	/* Black moved last, but something came in between */
	refused(m, cc_event_claim(t + 2, B, "threefold"), CC_ERR_WRONG_SIDE);
	ok(m, cc_event_claim(t + 2, W, "threefold")); /* White is to move: valid */
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_claim__fifty_accepted_from_100_half_moves)
{
	CLAUSES("FI-9.5 FI-9.3");
	cc_match *m = new_game(0, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	seen_keys seen = {NULL, 0};
	int64_t t = 0;
	quiet_game(m, &t, &seen, 99);
	cc_side to_move = view_at(m, t).to_move;
	refused(m, cc_event_claim(t + 1, to_move, "fifty"), CC_ERR_PHASE);
	ck_assert_int_eq(self_play(m, &t, POLICY_QUIET, POLICY_QUIET, 1, &seen), 1);
	ck_assert(!view_at(m, t).over); /* manual: no end by itself */
	ok(m, cc_event_claim(t + 1, view_at(m, t).to_move, "fifty"));
	ck_assert_int_eq(view_at(m, t + 1).reason, CC_REASON_FIFTY);
	free(seen.seen);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_claim__refused_in_chesscubing)
{
	CLAUSES("FI-9.1 FI-9.5");
	cc_match *m = new_recording_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST, 1, CC_RECORD_MOVES);
	ok(m, cc_event_start(0));
	refused(m, cc_event_claim(10, W, "threefold"), CC_ERR_PHASE);
	refused(m, cc_event_draw(10), CC_ERR_PHASE);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_draw__agreement_ends_the_game)
{
	CLAUSES("FI-9.1 FI-5.1.2");
	cc_match *m = new_game(300000, 2000, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	refused(m, cc_event_draw(0), CC_ERR_PHASE); /* not started */
	ok(m, cc_event_start(0));
	PLAY(m, &t, "d4", "d5");
	ok(m, cc_event_draw(t + 500));
	cc_match_view v = view_at(m, t + 500);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_AGREEMENT);
	ck_assert_int_eq(v.winner, CC_WINNER_NONE);
	ok(m, cc_event_undo(t + 600));
	ok(m, cc_event_resign(t + 700, W));
	ck_assert_int_eq(view_at(m, t + 700).winner, CC_WINNER_BLACK);
	ok(m, cc_event_undo(t + 800));
	ok(m, cc_event_arbiter(t + 900, CC_WINNER_WHITE, "Black's phone rang"));
	ck_assert_int_eq(view_at(m, t + 900).reason, CC_REASON_ARBITER);
	cc_match_destroy(m);
}
END_TEST

/* ---- Checkered on the board ---------------------------------------------------------- */

START_TEST(test_match_fide_checkered__a_chess_game_on_a_checkered_board)
{
	CLAUSES("CK-5.1");
	cc_match *m = new_game(0, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_CHECKERED);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, "e4", "d5", "exd5");
	ck_assert(cc_chess_is_checkered(cc_match_position(m), 35)); /* d5 */
	ck_assert_int_eq(cc_match_position(m)->variant, CC_CHESS_VARIANT_CHECKERED);
	cc_match_destroy(m);
	/* count recording has no board to be checkered */
	cc_match_settings s;
	cc_match_settings_default(&s);
	s.variant = CC_CHESS_VARIANT_CHECKERED;
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_ERR_INVALID);
}
END_TEST

/* Twice FAST on a Checkered board: White's knight goes to b5 in block 1
 * (Black moves last), White wins the cube: a double move in block 2. */
static cc_match *checkered_double_move(bool king_on_d7, int64_t *t)
{
	cc_match_settings s;
	cc_match *m = NULL;
	cc_match_settings_default(&s);
	s.record = CC_RECORD_MOVES;
	s.variant = CC_CHESS_VARIANT_CHECKERED;
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_OK);
	*t = 0;
	ok(m, cc_event_start(0));
	if (king_on_d7)
		PLAY(m, t, "Nc3", "d6", "Nb5", "Kd7");
	else
		PLAY(m, t, "Nc3", "Nf6", "Nb5", "Ng8");
	PLAY(m, t, "a3", "Nf6", "a4", "Ng8", "h3", "Nf6", "h4", "Ng8");
	ok(m, cc_event_cube(*t += 8000, W, 1500));
	ok(m, cc_event_cube(*t, B, 1600));
	ok(m, cc_event_start(*t += 1000));
	ck_assert_int_eq(view_at(m, *t).double_move, CC_DOUBLE_FREE);
	return m;
}

START_TEST(test_match_fide_checkered__double_move_limits_on_a_checkered_board)
{
	CLAUSES("CK-5.2 TW-6.2 TW-6.6");
	int64_t t;
	cc_match *m = checkered_double_move(false, &t);
	/* Nxc7+ makes a checkered knight that checks: not as a free move */
	refused(m, cc_event_move_text(t + 1000, W, "Nxc7"), CC_ERR_FREE_MOVE_CHECK);
	ok(m, cc_event_move_text(t + 1000, W, "Nxa7")); /* checkered, no check */
	ck_assert(cc_chess_is_checkered(cc_match_position(m), 48)); /* a7 */
	ok(m, cc_event_move_text(t + 2000, W, "Nxc8")); /* a minor piece: allowed */
	cc_match_destroy(m);
	m = checkered_double_move(true, &t);
	ok(m, cc_event_move_text(t + 1000, W, "Nxc7")); /* the king on d7 is not attacked */
	refused(m, cc_event_move_text(t + 2000, W, "Nxa8"), CC_ERR_ILLEGAL_MOVE); /* a rook */
	ok(m, cc_event_move_text(t + 2000, W, "Na6"));
	cc_match_destroy(m);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("match_fide");
	TCase *tc = tcase_create("settings");
	tcase_add_test(tc, test_match_fide_settings__chess_needs_moves_recording);
	tcase_add_test(tc, test_match_fide_settings__no_blocks_no_cubes);
	suite_add_tcase(s, tc);
	tc = tcase_create("end");
	tcase_add_test(tc, test_match_fide_end__checkmate_wins);
	tcase_add_test(tc, test_match_fide_end__stalemate_draws);
	tcase_add_test(tc, test_match_fide_end__dead_position_draws);
	suite_add_tcase(s, tc);
	tc = tcase_create("repetition");
	tcase_add_test(tc, test_match_fide_repetition__threefold_draws_with_auto_claims);
	tcase_add_test(tc, test_match_fide_repetition__pinned_en_passant_is_not_a_difference);
	tcase_add_test(tc, test_match_fide_repetition__fivefold_draws_even_with_manual_claims);
	suite_add_tcase(s, tc);
	tc = tcase_create("count");
	tcase_add_test(tc, test_match_fide_count__fifty_moves_draw_with_auto_claims);
	tcase_add_test(tc, test_match_fide_count__seventy_five_moves_draw_at_once);
	suite_add_tcase(s, tc);
	tc = tcase_create("claim");
	tcase_add_test(tc, test_match_fide_claim__threefold_accepted_when_valid);
	tcase_add_test(tc, test_match_fide_claim__only_the_player_to_move_or_who_just_moved);
	tcase_add_test(tc, test_match_fide_claim__fifty_accepted_from_100_half_moves);
	tcase_add_test(tc, test_match_fide_claim__refused_in_chesscubing);
	suite_add_tcase(s, tc);
	tc = tcase_create("draw");
	tcase_add_test(tc, test_match_fide_draw__agreement_ends_the_game);
	suite_add_tcase(s, tc);
	tc = tcase_create("checkered");
	tcase_add_test(tc, test_match_fide_checkered__a_chess_game_on_a_checkered_board);
	tcase_add_test(tc, test_match_fide_checkered__double_move_limits_on_a_checkered_board);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
