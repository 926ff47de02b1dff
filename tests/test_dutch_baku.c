/*
 * test_dutch_baku.c: the Baku acceleration (FIDE C.04.5.1, rules/swiss.md
 * SW-6): group A and the virtual points of each round, late entries, the
 * TRF's 192 and XXA lines, and what the virtual points change in the
 * Dutch engine's pairing (the brackets) and do not (the boards' order).
 * The expected pairings were read beside bbpPairings, given the same
 * virtual points as XXA lines.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/dutch.h"
#include "chesscubing/trf.h"
#include "clauses.h"

static cc_dutch_input *players(unsigned n, unsigned total_rounds)
{
	cc_dutch_input *in = calloc(1, sizeof *in);
	ck_assert_ptr_nonnull(in);
	in->nplayers = n;
	in->total_rounds = total_rounds;
	in->win10 = 10;
	in->draw10 = 5;
	in->initial_colour = CC_DUTCH_WHITE;
	for (unsigned i = 0; i < n; i++) {
		in->players[i].number = i + 1;
		in->players[i].present = true;
	}
	return in;
}

START_TEST(test_baku__group_a_and_the_virtual_points_of_each_round)
{
	CLAUSES("SW-6.1 SW-6.2");
	/* 9 players, 9 rounds: group A is 2*ceil(9/4) = 6 players (the first
	 * half, 4.5, rounded up to an even number); the accelerated rounds
	 * are 5, one point in the first 3, half a point in rounds 4 and 5 */
	cc_dutch_input *in = players(9, 9);
	cc_dutch_baku(in, NULL);
	static const int ga[9] = {10, 10, 10, 5, 5, 0, 0, 0, 0};
	for (unsigned i = 0; i < 9; i++)
		for (unsigned r = 0; r < 9; r++)
			ck_assert_int_eq(in->players[i].accel10[r], i < 6 ? ga[r] : 0);
	free(in);
}
END_TEST

START_TEST(test_baku__the_point_system_and_short_events)
{
	CLAUSES("SW-6.2");
	/* 10 players, 4 rounds, 3 points a win: group A 6; 2 accelerated
	 * rounds, the first with a win's points, the second a draw's */
	cc_dutch_input *in = players(10, 4);
	in->win10 = 30;
	in->draw10 = 10;
	cc_dutch_baku(in, NULL);
	ck_assert_int_eq(in->players[5].accel10[0], 30);
	ck_assert_int_eq(in->players[5].accel10[1], 10);
	ck_assert_int_eq(in->players[5].accel10[2], 0);
	ck_assert_int_eq(in->players[6].accel10[0], 0);
	/* the number of rounds unknown: no acceleration */
	in->total_rounds = 0;
	cc_dutch_baku(in, NULL);
	ck_assert_int_eq(in->players[0].accel10[0], 0);
	free(in);
}
END_TEST

START_TEST(test_baku__a_late_entry_does_not_move_group_a_last_player)
{
	CLAUSES("SW-6.1");
	/* 8 players in round 1 (group A: the first 4), then a late entry
	 * ranked 3rd: group A keeps its last player (now number 5), so it
	 * has 5 players, the late entry among them */
	cc_dutch_input *in = players(9, 7);
	bool initial[9] = {true, true, true, true, true, true, true, true, false};
	for (unsigned i = 0; i < 8; i++)
		in->players[i].number = i < 2 ? i + 1 : i + 2;
	in->players[8].number = 3;
	cc_dutch_baku(in, initial);
	unsigned in_a = 0;
	for (unsigned i = 0; i < 9; i++)
		in_a += in->players[i].accel10[0] == 10;
	ck_assert_uint_eq(in_a, 5);
	ck_assert_int_eq(in->players[8].accel10[0], 10); /* the late entry, number 3 */
	ck_assert_int_eq(in->players[3].accel10[0], 10); /* number 5: group A's last */
	ck_assert_int_eq(in->players[4].accel10[0], 0);  /* number 6 */
	free(in);
}
END_TEST

static bool has_board(const cc_dutch_pairing *p, unsigned white, unsigned black)
{
	for (unsigned b = 0; b < p->nboards; b++)
		if (p->boards[b].white == white - 1 && p->boards[b].black == black - 1)
			return true;
	return false;
}

START_TEST(test_baku__round_one_pairs_inside_each_group)
{
	CLAUSES("SW-6.3");
	/* 8 players: without acceleration 1-5, 6-2, 3-7, 8-4; with it group A
	 * (1-4) and group B (5-8) are two brackets: 1-3, 4-2, 5-7, 8-6 */
	cc_dutch_input *in = players(8, 7);
	cc_dutch_pairing *p = malloc(sizeof *p);
	cc_error err = {0};
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(cc_dutch_pair(in, p, &err), CC_OK);
	ck_assert(has_board(p, 1, 5) && has_board(p, 6, 2) && has_board(p, 3, 7) && has_board(p, 8, 4));
	cc_dutch_baku(in, NULL);
	ck_assert_int_eq(cc_dutch_pair(in, p, &err), CC_OK);
	ck_assert_uint_eq(p->nboards, 4);
	ck_assert(has_board(p, 1, 3) && has_board(p, 4, 2) && has_board(p, 5, 7) && has_board(p, 8, 6));
	free(p);
	free(in);
}
END_TEST

/* Round r (0-based) of player i: against o (1-based, 0: the PAB), colour,
 * points in tenths. */
static void played(cc_dutch_input *in, unsigned i, unsigned r, unsigned o, cc_dutch_colour colour, int points10)
{
	cc_dutch_round *rd = &in->players[i - 1].rounds[r];
	rd->opponent = o;
	rd->played = o != 0;
	rd->colour = o ? colour : CC_DUTCH_NO_COLOUR;
	rd->pab = o == 0;
	rd->points10 = points10;
	if (!o)
		in->players[i - 1].bye_barred = true;
}

START_TEST(test_baku__boards_ordered_by_points_without_virtual_ones)
{
	CLAUSES("SW-6.3");
	/* 9 players after round 1 (1-5 drawn, 6 beat 2, 7 beat 3, 4 beat 8,
	 * 9 the PAB): 9-7 sit on a board above 1-2 although 1 has more with
	 * his virtual point, because 9 and 7 have more points (as in
	 * bbpPairings) */
	cc_dutch_input *in = players(9, 7);
	in->played_rounds = 1;
	in->initial_colour = CC_DUTCH_BLACK;
	played(in, 1, 0, 5, CC_DUTCH_BLACK, 5);
	played(in, 5, 0, 1, CC_DUTCH_WHITE, 5);
	played(in, 2, 0, 6, CC_DUTCH_WHITE, 0);
	played(in, 6, 0, 2, CC_DUTCH_BLACK, 10);
	played(in, 3, 0, 7, CC_DUTCH_BLACK, 0);
	played(in, 7, 0, 3, CC_DUTCH_WHITE, 10);
	played(in, 4, 0, 8, CC_DUTCH_WHITE, 10);
	played(in, 8, 0, 4, CC_DUTCH_BLACK, 0);
	played(in, 9, 0, 0, CC_DUTCH_NO_COLOUR, 10);
	cc_dutch_baku(in, NULL);
	cc_dutch_pairing *p = malloc(sizeof *p);
	cc_error err = {0};
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(cc_dutch_pair(in, p, &err), CC_OK);
	/* bbpPairings: 6-4, 9-7, 1-2, 3-5, bye 8 */
	ck_assert_uint_eq(p->nboards, 4);
	static const unsigned want[4][2] = {{6, 4}, {9, 7}, {1, 2}, {3, 5}};
	for (unsigned b = 0; b < 4; b++) {
		ck_assert_uint_eq(p->boards[b].white + 1, want[b][0]);
		ck_assert_uint_eq(p->boards[b].black + 1, want[b][1]);
	}
	ck_assert(p->has_bye);
	ck_assert_uint_eq(p->bye + 1, 8);
	free(p);
	free(in);
}
END_TEST

START_TEST(test_baku__the_tournament_type_line)
{
	CLAUSES("SW-6.4");
	static const char *const types[] = {"192 FIDE_DUTCH_BAKU\n", "192 FIDE_DUTCH_2025_BAKU\n", "192 FIDE_DUTCH\n"};
	for (unsigned k = 0; k < 3; k++) {
		char text[512];
		snprintf(text, sizeof text, "%sXXR 5\n001    1      Anne%*s1500\n", types[k], 29, "");
		cc_trf *t = malloc(sizeof *t);
		cc_error err = {0};
		ck_assert_ptr_nonnull(t);
		ck_assert_int_eq(cc_trf_parse(t, text, strlen(text), &err), CC_OK);
		ck_assert(t->baku == (k < 2));
		free(t);
	}
	/* an XXA value that is no number: refused with its line */
	const char *bad = "012 Club\nXXA    1  1.0  x.y\n";
	cc_trf *t = malloc(sizeof *t);
	cc_error err = {0};
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(cc_trf_parse(t, bad, strlen(bad), &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.line, 2);
	free(t);
}
END_TEST

static Suite *baku_suite(void)
{
	Suite *s = suite_create("dutch_baku");
	TCase *tc = tcase_create("baku");
	tcase_add_test(tc, test_baku__group_a_and_the_virtual_points_of_each_round);
	tcase_add_test(tc, test_baku__the_point_system_and_short_events);
	tcase_add_test(tc, test_baku__a_late_entry_does_not_move_group_a_last_player);
	tcase_add_test(tc, test_baku__round_one_pairs_inside_each_group);
	tcase_add_test(tc, test_baku__boards_ordered_by_points_without_virtual_ones);
	tcase_add_test(tc, test_baku__the_tournament_type_line);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(baku_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
