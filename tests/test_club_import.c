/*
 * test_club_import.c: a result recorded without a match (an event imported
 * from another program's TRF, rules/club.md CL-4.22) in the club's
 * arithmetic: scored as a game played (points, wins, games, Sonneborn-
 * Berger, the round begun, a withdrawal's half of the games), worked out
 * by hand on three players.
 */
#include <check.h>
#include <stdlib.h>

#include "chesscubing/club.h"
#include "clauses.h"

/* Round 1: 0-1 recorded 1-0, seat 2 the bye. Round 2: 2-0 recorded ½-½,
 * seat 1 the bye. Round 3: 1-2 a match of ours, Black won. */
static void three(cc_club_entry *e)
{
	e[0] = (cc_club_entry){.round = 1, .white = 0, .black = 1, .winner = CC_WINNER_WHITE, .recorded = true};
	e[1] = (cc_club_entry){.round = 1, .white = 2, .black = CC_CLUB_BYE, .winner = CC_WINNER_NONE};
	e[2] = (cc_club_entry){.round = 2, .white = 2, .black = 0, .winner = CC_WINNER_NONE, .recorded = true};
	e[3] = (cc_club_entry){.round = 2, .white = 1, .black = CC_CLUB_BYE, .winner = CC_WINNER_NONE};
	e[4] = (cc_club_entry){.round = 3, .white = 1, .black = 2, .has_match = true, .over = true,
	                       .winner = CC_WINNER_BLACK};
}

START_TEST(test_club_import_score__recorded_result_is_a_game_played)
{
	CLAUSES("CL-4.22");
	cc_club_entry e[5];
	cc_club_scored o[5];
	cc_club_event_terms t = {.players = 3, .bye_halves = 2};
	three(e);
	cc_club_score(&t, e, 5, o);
	ck_assert_int_eq(o[0].outcome, CC_CLUB_OUT_PLAYED);
	ck_assert(o[0].is_game && o[0].finished && o[0].counted);
	ck_assert_double_eq(o[0].points[0], 1.0);
	ck_assert_double_eq(o[0].points[1], 0.0);
	ck_assert_int_eq(o[2].outcome, CC_CLUB_OUT_PLAYED);
	ck_assert_double_eq(o[2].points[0], 0.5);
	ck_assert_double_eq(o[2].points[1], 0.5);
	/* a round whose only game is recorded has begun: its bye counts (CL-3.4) */
	ck_assert(cc_club_round_begun(e, 5, 1));
	ck_assert_int_eq(o[1].outcome, CC_CLUB_OUT_BYE);
	ck_assert_double_eq(o[1].points[0], 1.0);
}
END_TEST

START_TEST(test_club_import_standings__recorded_results_count_as_games)
{
	CLAUSES("CL-4.22 CL-3.5");
	cc_club_entry e[5];
	cc_club_scored o[5];
	cc_club_result work[10];
	cc_club_standing st[3];
	cc_club_event_terms t = {.players = 3, .bye_halves = 2};
	three(e);
	cc_club_score(&t, e, 5, o);
	cc_club_event_standings(&t, e, o, 5, work, st);
	/* seat 0: 1 + ½ = 1.5, 1 win, 2 games; seat 2: 1 (bye) + ½ + 1 = 2.5,
	 * 1 win, 2 games; seat 1: 0 + 1 (bye) + 0 = 1, 0 wins, 2 games. */
	ck_assert_uint_eq(st[0].player, 2);
	ck_assert_double_eq(st[0].points, 2.5);
	ck_assert_uint_eq(st[0].wins, 1);
	ck_assert_uint_eq(st[0].played, 2);
	ck_assert_uint_eq(st[1].player, 0);
	ck_assert_double_eq(st[1].points, 1.5);
	ck_assert_uint_eq(st[1].wins, 1);
	ck_assert_uint_eq(st[1].played, 2);
	ck_assert_uint_eq(st[2].player, 1);
	ck_assert_double_eq(st[2].points, 1.0);
	ck_assert_uint_eq(st[2].played, 2);
	/* SB of seat 0: the win over seat 1 (1.0) + the draw with seat 2 (½ · 2.5) */
	ck_assert_double_eq_tol(st[1].sb, 1.0 + 1.25, 1e-9);
}
END_TEST

START_TEST(test_club_import_withdrawal__recorded_game_is_played_for_the_half)
{
	CLAUSES("CL-4.22 CL-6.3");
	cc_club_entry e[5];
	three(e);
	/* seat 0 withdraws from round 3 (he has no game there): 2 of 2 played, recorded both */
	ck_assert(!cc_club_withdrawal_cancels(e, 5, 0, 3));
	/* seat 1 from round 2: 1 game of 2 before it (the recorded one), half: his results stand */
	ck_assert(!cc_club_withdrawal_cancels(e, 5, 1, 2));
	e[0].recorded = false; /* the same without the recorded result: 0 of 2, cancelled */
	ck_assert(cc_club_withdrawal_cancels(e, 5, 1, 2));
}
END_TEST

static Suite *club_import_suite(void)
{
	Suite *s = suite_create("club_import");
	TCase *tc = tcase_create("recorded");
	tcase_add_test(tc, test_club_import_score__recorded_result_is_a_game_played);
	tcase_add_test(tc, test_club_import_standings__recorded_results_count_as_games);
	tcase_add_test(tc, test_club_import_withdrawal__recorded_game_is_played_for_the_half);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(club_import_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
