/*
 * test_uno_chess.c: the Chess-Uno core's chess (rules/chess-uno.md) and the
 * chess module's part without the check rule: placing captured pawns,
 * castling, en passant, promotion, the Joker's moves.
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "uno_fixture.h"

/* --- placement ---------------------------------------------------------------------- */

START_TEST(test_uno_placement__only_captured_pawns_on_the_start_rank)
{
	CLAUSES("UNO-4.5 UNO-4.6 UNO-R3 UNO-2.3");
	/* at the start nothing was captured: a +2 gives one move */
	cc_uno_game *g = GAME("", RED_PLUS2);
	draw(g);
	cc_uno_view v = view(g);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_MOVES);
	ck_assert_int_eq(v.moves_left, 1);
	cc_uno_destroy(g);
	/* one white pawn missing (e2): a +4 places one, never more */
	g = GAME("fen=4k3/pppppppp/8/8/8/8/PPPP1PPP/4K3_w_-_-_0_1", PLUS4);
	ck_assert_int_eq(view(g).recoverable[CC_SIDE_WHITE], 1);
	draw(g);
	v = view(g);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_PLACEMENT);
	ck_assert_int_eq(v.placements_left, 1);
	ck_assert_uint_eq(cc_uno_placement_squares(g), 1ULL << sq("e2"));
	ck_assert(try_ev(g, cc_uno_ev_place(tick(), sq("e3"))) == CC_ERR_INVALID);
	ck_assert(try_ev(g, cc_uno_ev_move(tick(), "e4")) == CC_ERR_PHASE);
	place(g, "e2");
	v = view(g);
	ck_assert_int_eq(v.recoverable[CC_SIDE_WHITE], 0);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_MOVES);
	mv(g, "e4"); /* the recovered pawn double-steps */
	ck_assert_int_eq(view(g).turns_without_move, 0);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_placement__rank_three_when_rank_two_is_full)
{
	CLAUSES("UNO-4.5 UNO-4.6 UNO-R3");
	const char *fen = "fen=4k3/8/8/8/8/8/PPPPPNBR/4K3_w_-_-_0_1"; /* 3 pawns captured, rank 2 full */
	cc_uno_game *g = GAME(fen, RED_PLUS2);
	draw(g);
	ck_assert_int_eq(view(g).placements_left, 2);
	ck_assert_uint_eq(cc_uno_placement_squares(g), 0xFFULL << 16);
	place(g, "e3");
	place(g, "a3");
	cc_uno_view v = view(g);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_MOVES);
	ck_assert_int_eq(v.recoverable[CC_SIDE_WHITE], 1);
	ck_assert_str_eq(v.fen, "4k3/8/8/8/8/P3P3/PPPPPNBR/4K3 w - - 0 1");
	cc_uno_destroy(g);
	/* without the option: nothing to place, one move */
	char line[128];
	snprintf(line, sizeof line, "placeOnNextRank=false %s", fen);
	g = game_of(line, (const int[]){RED_PLUS2}, 1);
	draw(g);
	v = view(g);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_MOVES);
	ck_assert_int_eq(v.placements_left, 0);
	cc_uno_destroy(g);
	/* the player may stop placing early */
	g = GAME("fen=4k3/8/8/8/8/8/8/4K3_w_-_-_0_1", PLUS4);
	draw(g);
	place(g, "d2");
	ok(g, cc_uno_ev_end(tick()));
	v = view(g);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_MOVES);
	ck_assert_int_eq(v.recoverable[CC_SIDE_WHITE], 7);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_placement__black_places_on_rank_seven_then_six)
{
	CLAUSES("UNO-4.5 UNO-R3");
	/* Black's e-pawn was taken: a +2 places it back on e7, the only free square of rank 7 */
	cc_uno_game *g = GAME("fen=4k3/pppp1ppp/8/8/8/8/PPPPPPPP/4K3_b_-_-_0_1", RED_PLUS2);
	ck_assert_int_eq(view(g).recoverable[CC_SIDE_BLACK], 1);
	ck_assert_int_eq(view(g).recoverable[CC_SIDE_WHITE], 0);
	draw(g);
	ck_assert_int_eq(view(g).phase, CC_UNO_PHASE_PLACEMENT);
	ck_assert_uint_eq(cc_uno_placement_squares(g), 1ULL << sq("e7"));
	ck_assert(try_ev(g, cc_uno_ev_place(tick(), sq("e2"))) == CC_ERR_INVALID);
	place(g, "e7");
	mv(g, "e5"); /* the recovered pawn double-steps */
	ck_assert_str_eq(view(g).fen, "4k3/pppp1ppp/8/4p3/8/8/PPPPPPPP/4K3 w - e6 0 1");
	cc_uno_destroy(g);
	/* rank 7 full, two pawns captured: rank 6 */
	g = GAME("fen=4k3/ppppppnb/8/8/8/8/8/4K3_b_-_-_0_1", PLUS4);
	draw(g);
	ck_assert_int_eq(view(g).placements_left, 2);
	ck_assert_uint_eq(cc_uno_placement_squares(g), 0xFFULL << 40);
	place(g, "h6");
	place(g, "a6");
	cc_uno_view v = view(g);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_MOVES);
	ck_assert_int_eq(v.recoverable[CC_SIDE_BLACK], 0);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_placement__a_placement_is_not_a_move)
{
	CLAUSES("UNO-R5 UNO-7.3 UNO-5.9 UNO-2.5");
	/* the prudent king cannot move; the pawn placed on a2 is blocked: the turn counts as one without a move */
	cc_uno_game *g = GAME("kingAvoidsAttackedSquares=true fen=8/8/8/8/8/b7/2q5/K6k_w_-_-_0_1", RED_PLUS2);
	draw(g);
	ck_assert_int_eq(view(g).phase, CC_UNO_PHASE_PLACEMENT);
	place(g, "a2");
	ok(g, cc_uno_ev_end(tick()));
	cc_uno_view v = view(g);
	ck_assert_int_eq(v.army, CC_SIDE_BLACK);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_DRAW);
	ck_assert_int_eq(v.turns_without_move, 1);
	cc_uno_destroy(g);
	/* the first move after a placement may still take en passant */
	g = GAME("fen=4k3/3p4/8/4P3/8/8/8/4K3_b_-_-_0_1", BLUE1, RED_PLUS2);
	draw(g);
	mv(g, "d5");
	draw(g);
	place(g, "a2");
	ok(g, cc_uno_ev_end(tick()));
	mv(g, "exd6");
	ck_assert_str_eq(view(g).fen, "4k3/8/3P4/8/8/8/P7/4K3 b - - 0 2");
	cc_uno_destroy(g);
}
END_TEST

/* --- chess rules of the game ------------------------------------------------------------ */

START_TEST(test_uno_chess__castling_from_through_and_into_attack)
{
	CLAUSES("UNO-5.8 UNO-5.6");
	cc_uno_game *g = GAME("fen=k4r2/8/8/8/8/8/8/4K2R_w_K_-_0_1", RED1); /* f1 attacked */
	draw(g);
	mv(g, "O-O");
	ck_assert_str_eq(view(g).fen, "k4r2/8/8/8/8/8/8/5RK1 b - - 0 1");
	cc_uno_destroy(g);
	g = GAME("fen=4r2k/8/8/8/8/8/8/R3K3_w_Q_-_0_1", RED1); /* from check */
	draw(g);
	ck_assert(can_play(g, "O-O-O"));
	cc_uno_destroy(g);
	g = GAME("fen=k5r1/8/8/8/8/8/8/4K2R_w_K_-_0_1", RED1); /* into attack */
	draw(g);
	ck_assert(can_play(g, "O-O"));
	ck_assert(can_play(g, "e1g1"));
	cc_uno_destroy(g);
	/* the prudent king castles through attack, not into it */
	g = GAME("kingAvoidsAttackedSquares=true fen=k5r1/8/8/8/8/8/8/4K2R_w_K_-_0_1", RED1);
	draw(g);
	ck_assert(!can_play(g, "O-O"));
	cc_uno_destroy(g);
	g = GAME("kingAvoidsAttackedSquares=true fen=k4r2/8/8/8/8/8/8/4K2R_w_K_-_0_1", RED1);
	draw(g);
	ck_assert(can_play(g, "O-O"));
	ck_assert(!can_play(g, "Kf2"));
	cc_uno_destroy(g);
	/* a moved king castles no more */
	g = GAME("fen=k7/8/8/8/8/8/8/4K2R_w_K_-_0_1", RED2, BLUE1, RED1);
	draw(g);
	mv(g, "Kf1");
	mv(g, "Ke1");
	draw(g);
	mv(g, "Kb8");
	draw(g);
	ck_assert(!can_play(g, "O-O"));
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_chess__en_passant_only_on_the_next_move_of_the_other_army)
{
	CLAUSES("UNO-5.9 UNO-4.7");
	/* taken at once */
	cc_uno_game *g = GAME("", RED2, BLUE1, RED1);
	draw(g);
	mv(g, "e4");
	mv(g, "e5");
	draw(g);
	mv(g, "d5");
	draw(g);
	mv(g, "exd6");
	ck_assert_int_eq(view(g).recoverable[CC_SIDE_BLACK], 1);
	cc_uno_destroy(g);
	/* not after another move of the same series */
	g = GAME("", RED2, BLUE1, RED2B);
	draw(g);
	mv(g, "e4");
	mv(g, "e5");
	draw(g);
	mv(g, "d5");
	draw(g);
	mv(g, "a3");
	ck_assert(!can_play(g, "exd6"));
	cc_uno_destroy(g);
	/* not after a turn passed without a move, nor across an Inversion */
	g = GAME("", RED2, BLUE1, RED0, BLUE1B, RED1);
	draw(g);
	mv(g, "e4");
	mv(g, "e5");
	draw(g);
	mv(g, "d5");
	draw(g);
	draw(g);
	mv(g, "h6");
	draw(g);
	ck_assert(!can_play(g, "exd6"));
	cc_uno_destroy(g);
	g = GAME("", RED2, BLUE1, RED_INV, BLUE1B);
	draw(g);
	mv(g, "e4");
	mv(g, "e5");
	draw(g);
	mv(g, "d5");
	ck_assert_ptr_nonnull(strstr(view(g).fen, " w KQkq d6 "));
	draw(g); /* White draws an Inversion: no move, the chance is gone */
	ck_assert_ptr_nonnull(strstr(view(g).fen, " b KQkq - "));
	cc_uno_destroy(g);
	/* the double step as the series' last move keeps the chance, even after an end */
	g = GAME("", RED2, BLUE2, RED1);
	draw(g);
	mv(g, "e4");
	mv(g, "e5");
	draw(g);
	mv(g, "d5");
	ok(g, cc_uno_ev_end(tick()));
	ck_assert_ptr_nonnull(strstr(view(g).fen, " w KQkq d6 "));
	draw(g);
	ck_assert(can_play(g, "exd6"));
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_chess__promotion_and_the_king_taken_on_the_last_rank)
{
	CLAUSES("UNO-5.4 UNO-5.7");
	cc_uno_game *g = GAME("fen=7k/4P3/8/8/8/8/8/K7_w_-_-_0_1", RED1);
	draw(g);
	ck_assert(!can_play(g, "e8"));
	cc_error err = {0};
	cc_uno_event e8 = cc_uno_ev_move(tick(), "e8");
	ck_assert(cc_uno_apply(g, &e8, &err) == CC_ERR_ILLEGAL_MOVE);
	ck_assert_int_eq(err.msg, CC_MSG_PROMOTION_PIECE_MISSING);
	ck_assert_str_eq(err.args[0].text, "e8");
	mv(g, "e8=N");
	ck_assert_str_eq(view(g).fen, "4N2k/8/8/8/8/8/8/K7 b - - 0 1");
	cc_uno_destroy(g);
	/* a pawn taking a king on the last rank is one plain move */
	cc_chess_position pos;
	cc_chess_move_list list;
	ck_assert(cc_chess_position_from_fen_free(&pos, "3k4/4P3/8/8/8/8/8/K7 w - - 0 1", NULL) == CC_OK);
	cc_chess_pseudo_moves(&pos, &list);
	size_t to_d8 = 0, to_e8 = 0;
	for (size_t i = 0; i < list.count; i++) {
		to_d8 += cc_chess_move_to(list.moves[i]) == sq("d8");
		to_e8 += cc_chess_move_to(list.moves[i]) == sq("e8");
	}
	ck_assert_uint_eq(to_d8, 1);
	ck_assert_uint_eq(to_e8, 4);
	cc_chess_move m;
	ck_assert(cc_chess_parse_move_among(&pos, "exd8", &list, &m, NULL) == CC_OK);
	ck_assert_int_eq(cc_chess_move_promotion(m), CC_CHESS_NO_PIECE);
}
END_TEST

START_TEST(test_uno_chess__no_automatic_classic_draw)
{
	CLAUSES("UNO-7.1");
	/* two bare kings, the same position again and again: the game goes on */
	cc_uno_game *g = GAME("drawAfterTurnsWithoutMove=0 fen=k7/8/8/8/8/8/8/7K_w_-_-_0_1", RED2, BLUE2, RED2B,
	                      28 + 1);
	draw(g);
	mv(g, "Kg1");
	mv(g, "Kh1");
	draw(g);
	mv(g, "Kb8");
	mv(g, "Ka8");
	draw(g);
	mv(g, "Kg1");
	mv(g, "Kh1");
	draw(g);
	mv(g, "Kb8");
	mv(g, "Ka8");
	ck_assert(!view(g).over);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_joker__the_king_moves_as_a_queen)
{
	CLAUSES("UNO-R4 UNO-R10 UNO-5.6");
	cc_uno_game *g = GAME("fen=k7/8/8/8/8/8/8/4K3_w_-_-_0_1", JOKER);
	draw(g);
	cc_uno_view v = view(g);
	ck_assert_int_eq(v.moves_left, 1);
	ck_assert(!v.over);
	cc_chess_move_list list;
	cc_uno_legal_moves(g, &list);
	char san[CC_CHESS_SAN_MAX];
	cc_chess_move far = (cc_chess_move)(sq("e1") | (sq("e5") << 6));
	cc_uno_move_to_san(g, far, san, sizeof san);
	ck_assert_str_eq(san, "Ke1e5");
	mv(g, "Ke5");
	const cc_uno_step *step = cc_uno_step_at(g, cc_uno_step_count(g) - 1);
	ck_assert(step->joker_move);
	ck_assert_str_eq(step->san, "Ke1e5");
	ck_assert_str_eq(step->uci, "e1e5");
	v = view(g);
	ck_assert_int_eq(v.army, CC_SIDE_BLACK);
	ck_assert_uint_eq(v.king_square[CC_SIDE_WHITE], sq("e5"));
	cc_uno_destroy(g);
	/* the prudent king: no queen move onto an attacked square */
	g = GAME("kingAvoidsAttackedSquares=true fen=k7/8/8/r7/8/8/8/4K3_w_-_-_0_1", JOKER);
	draw(g);
	ck_assert(!can_play(g, "Ke5"));
	ck_assert(can_play(g, "Ke4"));
	cc_uno_destroy(g);
	/* a knight's queen move is written with its origin and read back */
	g = GAME("fen=k7/8/8/8/8/8/8/1N2K3_w_-_-_0_1", JOKER);
	draw(g);
	mv(g, "Nb1b5");
	ck_assert_str_eq(view(g).fen, "k7/8/8/1N6/8/8/8/4K3 b - - 0 1");
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_joker__a_pawn_as_a_queen_promotes_and_never_goes_back_to_rank_one)
{
	CLAUSES("UNO-R4 UNO-R8");
	cc_uno_game *g = GAME("fen=k7/8/8/8/8/8/3P4/4K3_w_-_-_0_1", JOKER);
	draw(g);
	cc_chess_move_list list;
	cc_uno_legal_moves(g, &list);
	for (size_t i = 0; i < list.count; i++)
		if (cc_chess_move_from(list.moves[i]) == sq("d2"))
			ck_assert_uint_ne(cc_chess_move_to(list.moves[i]) / 8, 0);
	ck_assert(can_play(g, "Pd2h6"));
	mv(g, "d8=Q");
	const cc_uno_step *step = cc_uno_step_at(g, cc_uno_step_count(g) - 1);
	ck_assert(step->joker_move);
	ck_assert_str_eq(view(g).fen, "k2Q4/8/8/8/8/8/8/4K3 b - - 0 1");
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_joker__a_step_and_an_en_passant_capture_to_one_square)
{
	CLAUSES("UNO-R10 UNO-R4 UNO-5.9");
	/* e5 may take d6 en passant or step there as a queen: the x tells them apart */
	cc_uno_game *g = GAME("fen=k7/8/8/3pP3/8/8/8/4K3_w_-_d6_0_1", JOKER);
	draw(g);
	ck_assert(!view(g).over);
	cc_chess_move_list list;
	cc_uno_legal_moves(g, &list);
	size_t to_d6 = 0;
	for (size_t i = 0; i < list.count; i++)
		to_d6 += cc_chess_move_from(list.moves[i]) == sq("e5") && cc_chess_move_to(list.moves[i]) == sq("d6");
	ck_assert_uint_eq(to_d6, 2);
	cc_uno_view after;
	cc_uno_event ep = cc_uno_ev_move(tick(), "exd6");
	ck_assert(cc_uno_check(g, &ep, &after, NULL) == CC_OK);
	ck_assert_str_eq(after.fen, "k7/8/3P4/8/8/8/8/4K3 b - - 0 1");
	mv(g, "Pe5d6"); /* the step: the d5 pawn stays */
	ck_assert_str_eq(view(g).fen, "k7/8/3P4/3p4/8/8/8/4K3 b - - 0 1");
	ck_assert(cc_uno_step_at(g, cc_uno_step_count(g) - 1)->joker_move);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_joker__the_king_two_squares_is_not_a_castling)
{
	CLAUSES("UNO-R10 UNO-R4 UNO-5.8");
	cc_uno_game *g = GAME("fen=1k6/8/8/8/8/8/8/4K2R_w_K_-_0_1", JOKER);
	draw(g);
	cc_uno_view after;
	cc_uno_event ev = cc_uno_ev_move(tick(), "O-O");
	ck_assert(cc_uno_check(g, &ev, &after, NULL) == CC_OK);
	ck_assert_str_eq(after.fen, "1k6/8/8/8/8/8/8/5RK1 b - - 0 1");
	ev = cc_uno_ev_move(tick(), "e1g1");
	ck_assert(cc_uno_check(g, &ev, &after, NULL) == CC_OK);
	ck_assert_str_eq(after.fen, "1k6/8/8/8/8/8/8/5RK1 b - - 0 1");
	mv(g, "Kg1");
	ck_assert_str_eq(view(g).fen, "1k6/8/8/8/8/8/8/6KR b - - 0 1");
	cc_uno_destroy(g);
	/* in standard chess Kg1 still names the castling when nothing else goes there */
	cc_chess_position pos;
	cc_chess_move m;
	ck_assert(cc_chess_position_from_fen(&pos, "k7/8/8/8/8/8/8/4K2R w K - 0 1", NULL) == CC_OK);
	ck_assert(cc_chess_parse_move(&pos, "Kg1", CC_CHESS_PARSE_LENIENT, &m, NULL) == CC_OK);
	ck_assert_int_eq(cc_chess_move_kind_of(m), CC_CHESS_MOVE_CASTLE);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("uno_chess");
	TCase *tc = tcase_create("placement");
	tcase_add_test(tc, test_uno_placement__only_captured_pawns_on_the_start_rank);
	tcase_add_test(tc, test_uno_placement__rank_three_when_rank_two_is_full);
	tcase_add_test(tc, test_uno_placement__black_places_on_rank_seven_then_six);
	tcase_add_test(tc, test_uno_placement__a_placement_is_not_a_move);
	suite_add_tcase(s, tc);
	tc = tcase_create("chess");
	tcase_add_test(tc, test_uno_chess__castling_from_through_and_into_attack);
	tcase_add_test(tc, test_uno_chess__en_passant_only_on_the_next_move_of_the_other_army);
	tcase_add_test(tc, test_uno_chess__promotion_and_the_king_taken_on_the_last_rank);
	tcase_add_test(tc, test_uno_chess__no_automatic_classic_draw);
	tcase_add_test(tc, test_uno_joker__the_king_moves_as_a_queen);
	tcase_add_test(tc, test_uno_joker__a_pawn_as_a_queen_promotes_and_never_goes_back_to_rank_one);
	tcase_add_test(tc, test_uno_joker__a_step_and_an_en_passant_capture_to_one_square);
	tcase_add_test(tc, test_uno_joker__the_king_two_squares_is_not_a_castling);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
