/*
 * test_dutch_rounds.c: rounds of bbpPairings's random tournaments that
 * the Dutch engine paired otherwise, replayed whole (rules/swiss.md SW-2.3,
 * docs/performance.md "Swiss pairings against bbpPairings"): each checks
 * bbpPairings's pairing, and its comment names the criterion that decides.
 */
#include <check.h>
#include <stdlib.h>

#include "chesscubing/dutch.h"
#include "clauses.h"
#include "dutch_fixture.h"

START_TEST(test_dutch_next_bracket__floater_counted_on_a_pairing_of_the_rest)
{
	CLAUSES("SW-2.3 SW-1.4");
	/* Round 7 of 7, 20 players (bbpPairings's generator, seed 121). The
	 * 3.0 bracket (9 10 12 13 14, no MDP) floats one. Floating 13 (9-10,
	 * 12-14), the largest matching with the 2.5 group pairs 13 with 2 and
	 * leaves 17 to the players below, who then cannot all be paired; a
	 * pairing of the whole rest still puts 13 against 17 and 2 lower (C8:
	 * one pair either way).
	 * Counted on an arbitrary completion of the rest, floating 13 read no
	 * pair and the engine floated 9 (10-13, 12-14), who floated down last
	 * round (C14); the most pairs of any completion make them equal, and
	 * C14 pairs 9 (bbpPairings pairs the same). */
	static const int games[][4] = {
		{1, 2, 12, 10}, {1, 4, 14, 10}, {1, 6, 16, 10}, {1, 8, 18, 10}, {1, 10, 20, 10}, {1, 11, 1, 0},
		{1, 13, 3, 5}, {1, 15, 5, 0}, {1, 17, 7, 0}, {1, 19, 9, 0}, {2, 1, 6, 5}, {2, 3, 10, 0},
		{2, 5, 8, 5}, {2, 7, 2, 5}, {2, 9, 4, 0}, {2, 12, 13, 10}, {2, 14, 17, 10}, {2, 16, 19, 10},
		{2, 18, 11, 0}, {2, 20, 15, 5}, {3, 2, 5, 0}, {3, 4, 10, 10}, {3, 6, 7, 10}, {3, 8, 1, 0},
		{3, 11, 14, 10}, {3, 12, 9, 5}, {3, 13, 16, 10}, {3, 15, 3, 0}, {3, 19, 18, 10}, {4, 1, 4, 10},
		{4, 3, 12, 10}, {4, 5, 6, 10}, {4, 7, 13, 5}, {4, 9, 2, 0}, {4, 10, 11, 5}, {4, 14, 19, 10},
		{4, 16, 15, 0}, {4, 18, 17, 5}, {4, 20, 8, 0}, {5, 4, 2, 10}, {5, 5, 1, 10}, {5, 6, 10, 10},
		{5, 8, 3, 5}, {5, 11, 7, 0}, {5, 12, 20, 10}, {5, 13, 14, 10}, {5, 15, 9, 5}, {5, 17, 19, 10},
		{5, 18, 16, 5}, {6, 2, 11, 0}, {6, 3, 6, 5}, {6, 4, 5, 10}, {6, 7, 8, 5}, {6, 9, 18, 10},
		{6, 10, 12, 5}, {6, 14, 15, 10}, {6, 16, 17, 0}, {6, 19, 20, 5},
	};
	cc_dutch_input *in = fresh(20, 6, 7);
	in->initial_colour = CC_DUTCH_BLACK;
	play(in, games, sizeof games / sizeof games[0]);
	forfeit(in, 3, 20, 17);
	forfeit(in, 6, 1, 13);
	static const unsigned want[10][2] = {{6, 4},   {1, 3},   {5, 7},  {8, 11},  {10, 9},
	                                     {12, 14}, {17, 13}, {19, 2}, {20, 16}, {15, 18}};
	cc_dutch_pairing *p = pair_ok(in);
	boards_are(p, want, 10);
	free(p);
	free(in);
}
END_TEST

START_TEST(test_dutch_next_bracket__the_highest_floater_paired_there)
{
	CLAUSES("SW-2.3");
	/* Round 11 of 11, 17 players (bbpPairings's generator, seed 118). The
	 * 5.0 bracket takes 3 (8.0), 1 and 4 (6.5) as MDPs; it pairs 3-15 and
	 * one more MDP, and four of its players float to 12 (4.5), who can
	 * meet one of them either way (C8's pairs). 12 has met 4, not 1: with
	 * 13-4, the floater 1 (6.5) is paired there, with 1-16 only 13 (5.0).
	 * C8's second half, the scores paired in the next bracket, the highest
	 * first, takes 13-4 and 1-12 (bbpPairings pairs the same). */
	static const int games[][4] = {
		{1, 1, 9, 10}, {1, 3, 11, 5}, {1, 5, 13, 5}, {1, 7, 15, 5}, {1, 10, 2, 10}, {1, 12, 4, 5},
		{1, 14, 6, 10}, {1, 16, 8, 0}, {2, 2, 12, 10}, {2, 4, 14, 10}, {2, 6, 16, 5}, {2, 8, 10, 0},
		{2, 11, 7, 0}, {2, 13, 3, 0}, {2, 15, 5, 5}, {2, 17, 1, 0}, {3, 1, 10, 0}, {3, 3, 4, 10},
		{3, 5, 17, 10}, {3, 7, 8, 0}, {3, 9, 15, 10}, {3, 12, 6, 5}, {3, 14, 2, 0}, {3, 16, 11, 10},
		{4, 2, 9, 10}, {4, 4, 5, 10}, {4, 6, 17, 10}, {4, 8, 1, 0}, {4, 10, 3, 0}, {4, 12, 16, 0},
		{4, 15, 14, 5}, {5, 1, 13, 10}, {5, 3, 2, 5}, {5, 5, 6, 10}, {5, 9, 4, 5}, {5, 11, 8, 10},
		{5, 14, 7, 0}, {5, 17, 15, 5}, {6, 2, 16, 10}, {6, 3, 1, 10}, {6, 4, 10, 0}, {6, 6, 9, 0},
		{6, 7, 5, 0}, {6, 8, 17, 10}, {6, 13, 11, 0}, {6, 15, 12, 5}, {7, 1, 2, 0}, {7, 5, 3, 5},
		{7, 8, 4, 0}, {7, 9, 11, 5}, {7, 12, 14, 10}, {7, 15, 13, 5}, {7, 16, 10, 5}, {7, 17, 7, 0},
		{8, 2, 5, 0}, {8, 4, 1, 5}, {8, 7, 6, 10}, {8, 11, 12, 10}, {8, 13, 8, 0}, {8, 14, 17, 5},
		{8, 16, 3, 0}, {9, 1, 15, 10}, {9, 3, 7, 5}, {9, 4, 16, 10}, {9, 6, 13, 0}, {9, 9, 14, 0},
		{9, 10, 5, 0}, {9, 11, 2, 5}, {9, 17, 12, 0}, {10, 2, 4, 0}, {10, 5, 1, 0}, {10, 8, 3, 0},
		{10, 10, 11, 10}, {10, 12, 9, 0}, {10, 15, 6, 10}, {10, 16, 17, 10},
	};
	static const unsigned forfeits[][3] = {{4, 13, 7}, {5, 16, 10}, {8, 10, 9}, {10, 13, 14}};
	static const unsigned byes[][2] = {{1, 17}, {2, 9}, {3, 13}, {4, 11}, {5, 12},
	                                   {6, 14}, {7, 6},  {8, 15}, {9, 8},  {10, 7}};
	cc_dutch_input *in = fresh(17, 10, 11);
	play(in, games, sizeof games / sizeof games[0]);
	unplayed(in, forfeits, sizeof forfeits / sizeof forfeits[0], byes, sizeof byes / sizeof byes[0]);
	static const unsigned want[8][2] = {{3, 15}, {7, 10}, {11, 5}, {13, 4}, {1, 12}, {14, 16}, {6, 8}, {17, 9}};
	cc_dutch_pairing *p = pair_ok(in);
	boards_are(p, want, 8);
	ck_assert(p->has_bye);
	ck_assert_uint_eq(p->bye, 1);
	free(p);
	free(in);
}
END_TEST

START_TEST(test_dutch_strong_bound__a_remainder_without_mild_players_is_given_up)
{
	CLAUSES("SW-2.3 SW-2.4");
	/* Round 6 of 8, 59 players (bbpPairings's generator, seed 52). The 2.5
	 * bracket (18 residents, 13 wanting white, 5 black) takes 33 (3.0,
	 * wants black) as its MDP and floats one: three pairs of two white
	 * wishes at least. Paired with the Dutch order's first, 9, the
	 * remainder keeps one mild white wish (21), so two strong wishes are
	 * refused at least; with 15, 9 is a second mild one and only one strong
	 * wish need be refused (30, in 18-30). Counting every mild player (32
	 * wants black) as able to lose a white wish, the bound let 9's
	 * remainder take the whole budget; counted by colour, it is given up
	 * and 33 meets 15 (bbpPairings pairs the same). */
	static const int games[][4] = {
		{1, 1, 30, 10}, {1, 3, 32, 10}, {1, 5, 34, 5}, {1, 7, 36, 10}, {1, 11, 40, 10}, {1, 13, 42, 10},
		{1, 15, 44, 10}, {1, 17, 46, 10}, {1, 19, 48, 10}, {1, 21, 50, 10}, {1, 23, 52, 10}, {1, 25, 54, 10},
		{1, 27, 56, 10}, {1, 29, 58, 5}, {1, 31, 2, 0}, {1, 33, 4, 0}, {1, 35, 6, 0}, {1, 37, 8, 5},
		{1, 39, 10, 0}, {1, 41, 12, 5}, {1, 43, 14, 0}, {1, 45, 16, 0}, {1, 47, 18, 0}, {1, 49, 20, 0},
		{1, 51, 22, 0}, {1, 53, 24, 0}, {1, 55, 26, 0}, {1, 57, 28, 0}, {2, 2, 19, 10}, {2, 6, 23, 10},
		{2, 8, 41, 10}, {2, 9, 45, 5}, {2, 10, 25, 5}, {2, 12, 37, 5}, {2, 14, 27, 0}, {2, 16, 38, 5},
		{2, 18, 1, 0}, {2, 20, 3, 0}, {2, 22, 7, 10}, {2, 24, 11, 0}, {2, 26, 13, 0}, {2, 28, 15, 0},
		{2, 30, 47, 5}, {2, 32, 49, 10}, {2, 34, 29, 0}, {2, 36, 51, 10}, {2, 40, 53, 10}, {2, 42, 55, 10},
		{2, 44, 57, 5}, {2, 46, 31, 10}, {2, 48, 33, 0}, {2, 50, 35, 10}, {2, 52, 39, 5}, {2, 54, 43, 0},
		{2, 58, 5, 0}, {2, 59, 17, 0}, {3, 1, 11, 5}, {3, 3, 15, 5}, {3, 4, 22, 5}, {3, 7, 32, 10},
		{3, 13, 2, 5}, {3, 17, 6, 5}, {3, 19, 40, 10}, {3, 23, 46, 5}, {3, 25, 8, 10}, {3, 27, 5, 0},
		{3, 28, 59, 10}, {3, 29, 16, 5}, {3, 31, 58, 10}, {3, 33, 12, 5}, {3, 35, 51, 10}, {3, 36, 14, 0},
		{3, 37, 18, 0}, {3, 38, 10, 5}, {3, 41, 52, 10}, {3, 42, 20, 0}, {3, 43, 21, 5}, {3, 45, 30, 5},
		{3, 47, 9, 5}, {3, 49, 54, 0}, {3, 50, 24, 5}, {3, 53, 48, 0}, {3, 56, 26, 0}, {3, 57, 34, 0},
		{4, 2, 17, 10}, {4, 5, 13, 10}, {4, 6, 25, 10}, {4, 8, 43, 10}, {4, 9, 42, 10}, {4, 10, 27, 5},
		{4, 11, 4, 10}, {4, 12, 50, 10}, {4, 14, 29, 10}, {4, 15, 1, 0}, {4, 16, 28, 10}, {4, 18, 38, 5},
		{4, 20, 7, 5}, {4, 21, 41, 5}, {4, 22, 3, 10}, {4, 24, 44, 10}, {4, 26, 19, 5}, {4, 30, 56, 10},
		{4, 34, 23, 0}, {4, 40, 47, 5}, {4, 46, 33, 0}, {4, 48, 31, 5}, {4, 51, 49, 10}, {4, 52, 57, 5},
		{4, 54, 35, 0}, {4, 55, 36, 0}, {4, 58, 39, 0}, {4, 59, 37, 0}, {5, 1, 6, 0}, {5, 3, 18, 10},
		{5, 4, 19, 10}, {5, 5, 22, 5}, {5, 7, 24, 5}, {5, 11, 2, 5}, {5, 13, 20, 10}, {5, 16, 14, 0},
		{5, 17, 26, 10}, {5, 23, 8, 0}, {5, 25, 12, 0}, {5, 27, 15, 10}, {5, 29, 36, 0}, {5, 32, 21, 5},
		{5, 33, 10, 5}, {5, 35, 28, 5}, {5, 37, 30, 5}, {5, 38, 9, 5}, {5, 39, 46, 0}, {5, 41, 34, 0},
		{5, 42, 54, 5}, {5, 43, 48, 5}, {5, 44, 31, 0}, {5, 47, 45, 0}, {5, 50, 40, 0}, {5, 51, 55, 5},
		{5, 56, 52, 5}, {5, 57, 53, 10}, {5, 58, 59, 5},
	};
	static const unsigned forfeits[][3] = {{1, 38, 9}, {2, 4, 21}, {3, 44, 39}, {4, 32, 45}};
	static const unsigned byes[][2] = {{1, 59}, {2, 56}, {3, 55}, {4, 53}, {5, 49}};
	cc_dutch_input *in = fresh(59, 5, 8);
	play(in, games, sizeof games / sizeof games[0]);
	unplayed(in, forfeits, sizeof forfeits / sizeof forfeits[0], byes, sizeof byes / sizeof byes[0]);
	static const unsigned want[29][2] = {
		{6, 2},   {14, 5},  {22, 11}, {12, 1},  {13, 3},  {4, 17},  {8, 27},  {10, 7},  {36, 16}, {24, 38},
		{15, 33}, {28, 9},  {18, 30}, {19, 32}, {20, 35}, {31, 21}, {40, 23}, {34, 25}, {26, 37}, {46, 29},
		{48, 41}, {45, 43}, {39, 57}, {52, 42}, {54, 44}, {55, 47}, {56, 50}, {59, 51}, {49, 53}};
	cc_dutch_pairing *p = pair_ok(in);
	boards_are(p, want, 29);
	ck_assert(p->has_bye);
	ck_assert_uint_eq(p->bye, 57);
	free(p);
	free(in);
}
END_TEST

START_TEST(test_dutch_next_bracket__the_bye_floater_is_not_paired_there)
{
	CLAUSES("SW-2.3 SW-1.2");
	/* Round 6 of 7, 23 players (bbpPairings's generator, seed 16). Every
	 * player below 2.0 has had the bye, so the 2.0 bracket (11 from 2.5,
	 * then 7 12 18 19 21) pairs 11-19 and one pair more and floats two,
	 * one of them to take the bye; 13 (1.5) meets the other. With 21 and
	 * 18 floated, 18 alone may take the bye and 21 meets 13; with 7 and
	 * 12, 7 meets 13 and 12 takes the bye. The bye's floater is not paired
	 * in the next bracket: both score one floater paired there (C8's
	 * second half), and C14 keeps 18, who floated down last round, in the
	 * bracket: 21-18, 7-13, the bye to 12 (bbpPairings pairs the same). */
	static const int games[][4] = {
		{1, 2, 13, 10}, {1, 4, 15, 5}, {1, 6, 17, 10}, {1, 8, 19, 10}, {1, 10, 21, 10}, {1, 12, 1, 0},
		{1, 14, 3, 0}, {1, 16, 5, 0}, {1, 18, 7, 0}, {1, 20, 9, 0}, {1, 22, 11, 5}, {2, 1, 8, 10},
		{2, 5, 23, 10}, {2, 7, 2, 0}, {2, 9, 6, 10}, {2, 11, 4, 0}, {2, 13, 18, 5}, {2, 15, 22, 10},
		{2, 17, 12, 5}, {2, 19, 14, 5}, {2, 21, 16, 5}, {3, 2, 5, 0}, {3, 3, 1, 0}, {3, 4, 9, 0},
		{3, 6, 15, 10}, {3, 8, 20, 10}, {3, 12, 10, 5}, {3, 14, 17, 10}, {3, 16, 19, 10}, {3, 18, 11, 5},
		{3, 22, 13, 10}, {3, 23, 7, 0}, {4, 1, 9, 10}, {4, 3, 2, 5}, {4, 5, 8, 5}, {4, 7, 6, 0},
		{4, 10, 16, 5}, {4, 11, 12, 10}, {4, 13, 17, 0}, {4, 15, 14, 10}, {4, 20, 22, 5}, {4, 21, 4, 0},
		{4, 23, 18, 0}, {5, 4, 7, 10}, {5, 5, 1, 10}, {5, 6, 2, 0}, {5, 8, 15, 5}, {5, 9, 3, 0},
		{5, 12, 23, 10}, {5, 16, 11, 5}, {5, 17, 20, 10}, {5, 18, 14, 0}, {5, 19, 21, 5}, {5, 22, 10, 5},
	};
	static const unsigned byes[][2] = {{1, 23}, {2, 20}, {3, 21}, {4, 19}, {5, 13}};
	cc_dutch_input *in = fresh(23, 5, 7);
	in->initial_colour = CC_DUTCH_BLACK;
	play(in, games, sizeof games / sizeof games[0]);
	static const unsigned forfeits[][3] = {{2, 3, 10}};
	unplayed(in, forfeits, 1, byes, sizeof byes / sizeof byes[0]);
	static const unsigned want[11][2] = {{3, 5},   {1, 4},   {2, 15},  {9, 8},  {10, 6}, {14, 22},
	                                     {17, 16}, {11, 19}, {21, 18}, {7, 13}, {20, 23}};
	cc_dutch_pairing *p = pair_ok(in);
	boards_are(p, want, 11);
	ck_assert(p->has_bye);
	ck_assert_uint_eq(p->bye, 11);
	free(p);
	free(in);
}
END_TEST

static Suite *rounds_suite(void)
{
	Suite *s = suite_create("dutch_rounds");
	TCase *next = tcase_create("next_bracket");
	tcase_add_test(next, test_dutch_next_bracket__floater_counted_on_a_pairing_of_the_rest);
	tcase_add_test(next, test_dutch_next_bracket__the_highest_floater_paired_there);
	tcase_add_test(next, test_dutch_next_bracket__the_bye_floater_is_not_paired_there);
	suite_add_tcase(s, next);
	TCase *bound = tcase_create("bound");
	tcase_set_timeout(bound, 60);
	tcase_add_test(bound, test_dutch_strong_bound__a_remainder_without_mild_players_is_given_up);
	suite_add_tcase(s, bound);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(rounds_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
