/*
 * test_club_tiebreaks.c: the FIDE tie-breaks (C.07, 2023) of club.h on a
 * small Swiss worked out by hand, with every kind of unplayed round
 * (rules/club.md CL-9): a forfeit won and lost, a requested half-point bye,
 * the bye it leaves the other player, the pairing-allocated bye, an absence.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/club.h"
#include "clauses.h"

#define EPS 1e-9
enum { A, B, C, D, E, F, PLAYERS };

/*
 * Six players, three rounds (White first):
 *   R1  A-B 1-0   C-D ½-½   E-F +/- (F forfeits)
 *   R2  D-A 0-1   B-E ½-½   C-F: C asked a half-point bye, F has the event's bye (1)
 *   R3  A-C 0-1   F-B 0-1   E the pairing-allocated bye (1)   D absent: no pairing
 * Scores: A 2, B 1.5, C 2, D 0.5, E 2.5, F 1.
 * Adjusted (each voluntarily unplayed round a draw): C's half bye ½ → ½,
 * D's absence 0 → ½, F's forfeit 0 → ½: A 2, B 1.5, C 2, D 1, E 2.5, F 1.5.
 */
static const double rating[PLAYERS] = {1800, 1700, 1600, 1500, 1400, 0};

static size_t swiss(cc_club_entry *e, cc_club_scored *o)
{
	size_t n = 0;
#define PLAYED(r, w, b, pw)                                                                                       \
	e[n] = (cc_club_entry){.round = r, .white = w, .black = b, .has_match = true, .over = true};              \
	o[n++] = (cc_club_scored){.outcome = CC_CLUB_OUT_PLAYED, .counted = true, .points = {pw, 1.0 - (pw)}, \
	                          .is_game = true, .finished = true}
	PLAYED(1, A, B, 1.0);
	PLAYED(1, C, D, 0.5);
	e[n] = (cc_club_entry){.round = 1, .white = E, .black = F, .forfeit = CC_CLUB_FORFEIT_WHITE};
	o[n++] = (cc_club_scored){.outcome = CC_CLUB_OUT_FORFEIT, .forfeit = CC_CLUB_FORFEIT_WHITE, .counted = true,
	                          .points = {1.0, 0.0}, .is_game = true, .finished = true};
	PLAYED(2, D, A, 0.0);
	PLAYED(2, B, E, 0.5);
	e[n] = (cc_club_entry){.round = 2, .white = C, .black = F, .half_bye = {true, false}};
	o[n++] = (cc_club_scored){.outcome = CC_CLUB_OUT_HALF_BYE, .counted = true, .points = {0.5, 1.0}};
	PLAYED(3, A, C, 0.0);
	PLAYED(3, F, B, 0.0);
	e[n] = (cc_club_entry){.round = 3, .white = E, .black = CC_CLUB_BYE, .has_match = false};
	o[n++] = (cc_club_scored){.outcome = CC_CLUB_OUT_BYE, .counted = true, .points = {1.0, 0.0}};
#undef PLAYED
	return n;
}

/* The standings as cc_club_event_standings gives them: points, and a
 * direct encounter for A and C (C beat A). */
static void standings(cc_club_standing *s)
{
	static const double points[PLAYERS] = {2.0, 1.5, 2.0, 0.5, 2.5, 1.0};
	for (uint32_t p = 0; p < PLAYERS; p++)
		s[p] = (cc_club_standing){.player = p, .points = points[p]};
	s[A].direct = 0.0;
	s[C].direct = 1.0;
	s[A].direct_used = s[C].direct_used = true;
}

static void compute(cc_club_tb_values *v)
{
	cc_club_entry e[16];
	cc_club_scored o[16];
	cc_club_standing s[PLAYERS];
	cc_club_event_terms t = {.players = PLAYERS, .bye_halves = 2};
	size_t n = swiss(e, o);
	standings(s);
	cc_club_tiebreaks(&t, e, o, n, 3, rating, s, v);
}

#define VALUES(p, bh, c1, m1, sb, ps)                                                      \
	do {                                                                               \
		ck_assert_double_eq_tol(v[p].value[CC_CLUB_TB_BH], bh, EPS);               \
		ck_assert_double_eq_tol(v[p].value[CC_CLUB_TB_BH_C1], c1, EPS);            \
		ck_assert_double_eq_tol(v[p].value[CC_CLUB_TB_BH_M1], m1, EPS);            \
		ck_assert_double_eq_tol(v[p].value[CC_CLUB_TB_SB], sb, EPS);               \
		ck_assert_double_eq_tol(v[p].value[CC_CLUB_TB_PS], ps, EPS);               \
	} while (0)

START_TEST(test_club_tiebreaks__buchholz_family_over_played_games)
{
	CLAUSES("CL-9.3 CL-9.4 CL-9.5");
	cc_club_tb_values v[PLAYERS];
	compute(v);
	/* A: B 1.5, D 1 (adjusted), C 2; SB 1.5 + 1; PS 1 + 2 + 2 */
	VALUES(A, 4.5, 3.5, 1.5, 2.5, 5.0);
	/* B: A 2, E 2.5, F 1.5 (adjusted); SB ½·2.5 + 1·1.5; PS 0 + ½ + 1½ */
	VALUES(B, 6.0, 4.5, 2.0, 2.75, 2.0);
}
END_TEST

START_TEST(test_club_tiebreaks__own_unplayed_rounds_against_a_dummy_of_his_score)
{
	CLAUSES("CL-9.2 CL-9.3 CL-9.4");
	cc_club_tb_values v[PLAYERS];
	compute(v);
	/* C: D 1, his half bye a dummy of 2 (cut first), A 2; SB ½·1 + ½·2 + 1·2 */
	VALUES(C, 5.0, 3.0, 1.0, 3.5, 3.5);
	/* D: C 2, A 2, his absence a dummy of ½ (cut first); SB ½·2 */
	VALUES(D, 4.5, 4.0, 2.0, 1.0, 1.5);
	/* E: forfeit won and PAB, dummies of 2.5 (not voluntary: cut as any), B 1.5 */
	VALUES(E, 6.5, 5.0, 2.5, 5.75, 5.0);
	/* F: forfeit lost, a dummy of 1 (cut first), the bye left by C's half bye 1, B 1.5 */
	VALUES(F, 3.5, 2.5, 1.0, 1.0, 2.0);
}
END_TEST

START_TEST(test_club_tiebreaks__wins_black_and_ratings_over_the_board_only)
{
	CLAUSES("CL-9.5");
	cc_club_tb_values v[PLAYERS];
	compute(v);
	static const double win[PLAYERS] = {2, 1, 1, 0, 0, 0}, bpg[PLAYERS] = {1, 2, 1, 1, 1, 0};
	/* A met B 1700, D 1500, C 1600; B met A 1800, E 1400 and the unrated F;
	 * E played B only, so no cut value; F played B only */
	static const double aro[PLAYERS] = {1600, 1600, 1650, 1700, 1700, 1700};
	static const double c1[PLAYERS] = {1650, 1800, 1800, 1800, 0, 0};
	for (int p = 0; p < PLAYERS; p++) {
		ck_assert_double_eq_tol(v[p].value[CC_CLUB_TB_WIN], win[p], EPS);
		ck_assert_double_eq_tol(v[p].value[CC_CLUB_TB_BPG], bpg[p], EPS);
		ck_assert_double_eq_tol(v[p].value[CC_CLUB_TB_ARO], aro[p], EPS);
		ck_assert_double_eq_tol(v[p].value[CC_CLUB_TB_ARO_C1], c1[p], EPS);
	}
	ck_assert_double_eq_tol(v[C].value[CC_CLUB_TB_DE], 1.0, EPS);
	ck_assert_double_eq_tol(v[A].value[CC_CLUB_TB_DE], 0.0, EPS);
}
END_TEST

START_TEST(test_club_tiebreaks__aro_rounds_to_the_nearest_point)
{
	CLAUSES("CL-9.5");
	cc_club_entry e[2] = {{.round = 1, .white = 0, .black = 1, .has_match = true, .over = true},
	                      {.round = 2, .white = 2, .black = 0, .has_match = true, .over = true}};
	cc_club_scored o[2] = {{.outcome = CC_CLUB_OUT_PLAYED, .counted = true, .points = {1, 0}},
	                       {.outcome = CC_CLUB_OUT_PLAYED, .counted = true, .points = {0.5, 0.5}}};
	cc_club_standing s[3] = {{.player = 0}, {.player = 1}, {.player = 2}};
	cc_club_event_terms t = {.players = 3};
	const double r[3] = {1500, 1501, 1502}; /* 0 met 1501 and 1502: 1501.5 → 1502 */
	cc_club_tb_values v[3];
	cc_club_tiebreaks(&t, e, o, 2, 2, r, s, v);
	ck_assert_double_eq_tol(v[0].value[CC_CLUB_TB_ARO], 1502, EPS);
	/* a round with a game still to play counts neither as played nor as unplayed */
	cc_club_scored pending[2] = {o[0], {.outcome = CC_CLUB_OUT_IN_PLAY}};
	cc_club_tiebreaks(&t, e, pending, 2, 2, r, s, v);
	/* 1 lost to 0 and was not paired in round 2 (absent: counted a draw) */
	ck_assert_double_eq_tol(v[0].value[CC_CLUB_TB_BH], 0.5, EPS);
	ck_assert_double_eq_tol(v[2].value[CC_CLUB_TB_BH], 0.0, EPS); /* 2: round 1 absent (dummy 0) */
	ck_assert_double_eq_tol(v[0].value[CC_CLUB_TB_PS], 2.0, EPS); /* 1 after round 1, still 1 after 2 */
}
END_TEST

START_TEST(test_club_tiebreaks__the_event_s_order_ranks_the_tied)
{
	CLAUSES("CL-9.1");
	cc_club_tb_values v[PLAYERS];
	cc_club_standing s[PLAYERS];
	compute(v);
	standings(s);
	const cc_club_tb bh[] = {CC_CLUB_TB_BH_C1, CC_CLUB_TB_BH, CC_CLUB_TB_SB};
	cc_club_tb_rank(PLAYERS, s, v, bh, 3);
	static const uint32_t by_bh[PLAYERS] = {E, A, C, B, F, D};
	for (int i = 0; i < PLAYERS; i++)
		ck_assert_uint_eq(s[i].player, by_bh[i]);
	ck_assert_uint_eq(s[1].rank, 2);
	ck_assert_uint_eq(s[2].rank, 3);
	const cc_club_tb sb[] = {CC_CLUB_TB_SB};
	cc_club_tb_rank(PLAYERS, s, v, sb, 1); /* C 3.5 before A 2.5 */
	ck_assert_uint_eq(s[1].player, C);
	const cc_club_tb de[] = {CC_CLUB_TB_DE};
	cc_club_tb_rank(PLAYERS, s, v, de, 1); /* C beat A */
	ck_assert_uint_eq(s[1].player, C);
	const cc_club_tb black[] = {CC_CLUB_TB_BPG};
	cc_club_tb_rank(PLAYERS, s, v, black, 1); /* one game with Black each: equal, by seat */
	ck_assert_uint_eq(s[1].player, A);
	ck_assert_uint_eq(s[1].rank, 2);
	ck_assert_uint_eq(s[2].rank, 2);
	ck_assert_uint_eq(s[3].rank, 4);
}
END_TEST

START_TEST(test_club_tiebreaks__codes_and_lists_parse)
{
	CLAUSES("CL-9.1");
	cc_club_tb list[CC_CLUB_TB_LIST_MAX];
	size_t n = 0;
	char text[96];
	ck_assert_int_eq(cc_club_tb_list_parse("bh-c1, BH,SB,DE,WIN,BPG,ARO,PS", list, &n), CC_OK);
	ck_assert_uint_eq(n, 8);
	ck_assert_int_eq(list[0], CC_CLUB_TB_BH_C1);
	ck_assert_int_eq(list[7], CC_CLUB_TB_PS);
	cc_club_tb_list_format(list, n, text, sizeof text);
	ck_assert_str_eq(text, "BH-C1,BH,SB,DE,WIN,BPG,ARO,PS");
	ck_assert_int_eq(cc_club_tb_list_parse("BH,BH", list, &n), CC_ERR_INVALID);
	ck_assert_int_eq(cc_club_tb_list_parse("", list, &n), CC_ERR_INVALID);
	ck_assert_int_eq(cc_club_tb_list_parse("BH,", list, &n), CC_ERR_INVALID);
	ck_assert_int_eq(cc_club_tb_list_parse("KOYA", list, &n), CC_ERR_INVALID);
	cc_club_tb one;
	ck_assert_int_eq(cc_club_tb_parse("aro-c1", &one), CC_OK);
	ck_assert_int_eq(one, CC_CLUB_TB_ARO_C1);
	for (int tb = 0; tb < CC_CLUB_TB_COUNT; tb++) {
		ck_assert_int_eq(cc_club_tb_parse(cc_club_tb_code((cc_club_tb)tb), &one), CC_OK);
		ck_assert_int_eq(one, tb);
	}
}
END_TEST

static Suite *tiebreaks_suite(void)
{
	Suite *s = suite_create("club_tiebreaks");
	TCase *tc = tcase_create("tiebreaks");
	tcase_add_test(tc, test_club_tiebreaks__buchholz_family_over_played_games);
	tcase_add_test(tc, test_club_tiebreaks__own_unplayed_rounds_against_a_dummy_of_his_score);
	tcase_add_test(tc, test_club_tiebreaks__wins_black_and_ratings_over_the_board_only);
	tcase_add_test(tc, test_club_tiebreaks__aro_rounds_to_the_nearest_point);
	tcase_add_test(tc, test_club_tiebreaks__the_event_s_order_ranks_the_tied);
	tcase_add_test(tc, test_club_tiebreaks__codes_and_lists_parse);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(tiebreaks_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
