/*
 * test_club.c: the club's arithmetic (club.h, rules/club.md): name keys,
 * Elo with values worked out by hand, tiers, the Berger tables for 4, 5
 * and 6 players as published (FIDE Handbook C.05, annex 1). Standings and
 * what counts are in test_club_standings.c.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/club.h"
#include "chesscubing/textwidth.h"
#include "clauses.h"

#define EPS 1e-4

static void key_of(const char *name, char *key)
{
	ck_assert_msg(cc_club_name_key(name, key, CC_CLUB_KEY_MAX) == CC_OK, "no key for '%s'", name);
}

START_TEST(test_club_names__same_key_whatever_the_case_and_spaces)
{
	CLAUSES("CL-1.1");
	char a[CC_CLUB_KEY_MAX], b[CC_CLUB_KEY_MAX];
	key_of("  Anne   DUPONT ", a);
	key_of("anne dupont", b);
	ck_assert_str_eq(a, b);
	key_of("ÉLODIE  Roy", a);
	key_of("élodie roy", b);
	ck_assert_str_eq(a, b);
	key_of("Straße", a);
	key_of("STRASSE", b);
	ck_assert_str_eq(a, b);
	key_of("ИВАН Ŀukasz ΣΟΦΙΑ", a);
	key_of("иван ŀukasz σοφια", b);
	ck_assert_str_eq(a, b);
	key_of("Anne", a);
	key_of("Anna", b);
	ck_assert_str_ne(a, b);
}
END_TEST

START_TEST(test_club_names__accents_and_ligatures_fold)
{
	CLAUSES("CL-1.1 CL-7.1");
	static const char *const same[][2] = {
		{"Élodie Roy", "elodie roy"},     {"Łukasz Żółć", "lukasz zolc"}, {"Straße", "strasse"},
		{"STRAẞE", "strasse"},            {"Œuvre Æsir", "oeuvre aesir"}, {"Søren Þór", "soren thor"},
		{"Đặng Nguyễn", "dang nguyen"},   {"Ștefan Țurcanu", "stefan turcanu"},
		{"Ĳsbrand", "ijsbrand"},          {"Ángel Çelik Ñúñez", "angel celik nunez"},
		{"e\xCC\x81lodie", "élodie"}, /* e + U+0301 */
		{"Άννα Ёлкина", "αννα елкина"},  {"Dvořák Øystein", "dvorak oystein"},
	};
	char a[CC_CLUB_KEY_MAX], b[CC_CLUB_KEY_MAX];
	for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
		key_of(same[i][0], a);
		key_of(same[i][1], b);
		ck_assert_msg(strcmp(a, b) == 0, "'%s' -> '%s', '%s' -> '%s'", same[i][0], a, same[i][1], b);
	}
	key_of("Élodie Roy", a);
	ck_assert_str_eq(a, "elodie roy");
	key_of("Straße Œuvre", a);
	ck_assert_str_eq(a, "strasse oeuvre");
	/* Distinct letters stay distinct: й is not и, the division sign stays. */
	key_of("Йосиф", a);
	key_of("Иосиф", b);
	ck_assert_str_ne(a, b);
	key_of("a÷b", a);
	ck_assert_str_eq(a, "a÷b");
	/* A name of combining marks alone has no key. */
	ck_assert_int_eq(cc_club_name_key("\xCC\x81\xCC\x81", a, sizeof a), CC_ERR_INVALID);
}
END_TEST

START_TEST(test_club_names__cut_by_display_width)
{
	CLAUSES("CL-7.8");
	int used;
	bool cut;
	ck_assert_int_eq(cc_width_of("Élodie Roy"), 10);
	ck_assert_int_eq(cc_width_of("Zoe\xCC\x81"), 3);  /* e + U+0301: no column for the accent */
	ck_assert_int_eq(cc_width_of("李小龍 Lee"), 10); /* three wide characters */
	/* Fits: all of it. */
	ck_assert_uint_eq(cc_width_fit("Élodie Roy", 10, &used, &cut), strlen("Élodie Roy"));
	ck_assert(!cut);
	ck_assert_int_eq(used, 10);
	/* One column short: cut after "Élodie R" (9 columns - 1 for the "…"). */
	ck_assert_uint_eq(cc_width_fit("Élodie Roy", 9, &used, &cut), strlen("Élodie R"));
	ck_assert(cut);
	ck_assert_int_eq(used, 9);
	/* A wide character that would straddle the edge is left out whole. */
	ck_assert_uint_eq(cc_width_fit("李小龍 Lee", 5, &used, &cut), strlen("李小"));
	ck_assert_int_eq(used, 5);
	ck_assert_uint_eq(cc_width_fit("李小龍 Lee", 4, &used, &cut), strlen("李"));
	ck_assert_int_eq(used, 3);
	/* A combining mark stays with its letter. */
	ck_assert_uint_eq(cc_width_fit("Zoe\xCC\x81 Martin", 5, &used, &cut), strlen("Zoe\xCC\x81 "));
	ck_assert(cut);
}
END_TEST

START_TEST(test_club_names__refuses_empty_and_control_text)
{
	CLAUSES("CL-1.1");
	char key[CC_CLUB_KEY_MAX];
	ck_assert_int_eq(cc_club_name_key("   ", key, sizeof key), CC_ERR_INVALID);
	ck_assert_int_eq(cc_club_name_key("", key, sizeof key), CC_ERR_INVALID);
	ck_assert_int_eq(cc_club_name_key("a\nb", key, sizeof key), CC_ERR_INVALID);
	ck_assert_int_eq(cc_club_name_key("\xC3", key, sizeof key), CC_ERR_INVALID);
	ck_assert_int_eq(cc_club_name_key("abcdef", key, 4), CC_ERR_INVALID);
}
END_TEST

/* The TRF's ASCII spelling of a name (CL-4.20): base letters in their
 * case, ligatures spelt out, other scripts '?', cut to fit. */
START_TEST(test_club_names__ascii_for_the_trf)
{
	CLAUSES("CL-4.20");
	char out[64];
	cc_club_name_ascii("\xC3\x89lodie \xC5\x92uvre-M\xC3\xBCller", out, sizeof out); /* Élodie Œuvre-Müller */
	ck_assert_str_eq(out, "Elodie Oeuvre-Muller");
	cc_club_name_ascii("Stra\xC3\x9F" "e \xC5\x81ukasz Zoe\xCC\x81", out, sizeof out); /* Straße Łukasz Zoé (combining) */
	ck_assert_str_eq(out, "Strasse Lukasz Zoe");
	cc_club_name_ascii("\xD0\x98\xD0\xB2\xD0\xB0\xD0\xBD <b>", out, sizeof out); /* Иван: no Latin letters */
	ck_assert_str_eq(out, "???? <b>");
	cc_club_name_ascii("\xC3\x86sir", out, 4); /* Æsir cut at 3 bytes */
	ck_assert_str_eq(out, "Aes");
}
END_TEST

START_TEST(test_club_elo__start_and_expected_score)
{
	CLAUSES("CL-2.2 CL-2.3");
	cc_club_rating r[2];
	cc_club_ratings_init(r, 2);
	ck_assert_double_eq(r[0].rating, 1000.0);
	ck_assert_uint_eq(r[1].games, 0);
	/* 1 / (1 + 10^(-200/400)) = 1 / (1 + 0.3162278) = 0.7597469 */
	ck_assert_double_eq_tol(cc_club_expected(1200, 1000), 0.7597469, EPS);
	ck_assert_double_eq_tol(cc_club_expected(1000, 1200), 0.2402531, EPS);
	ck_assert_double_eq_tol(cc_club_expected(1000, 1000), 0.5, 1e-12);
}
END_TEST

START_TEST(test_club_elo__first_ten_matches_weigh_forty)
{
	CLAUSES("CL-2.4 CL-2.5 CL-2.6");
	cc_club_rating r[2];
	cc_club_change ch;
	cc_club_ratings_init(r, 2);
	/* 1000 vs 1000, White wins: E = 0.5, K = 40: 1000 + 40 x 0.5 = 1020, 980 */
	cc_club_rate(r, &(cc_club_game){0, 1, 1.0}, &ch);
	ck_assert_double_eq_tol(r[0].rating, 1020.0, EPS);
	ck_assert_double_eq_tol(r[1].rating, 980.0, EPS);
	ck_assert_double_eq_tol(ch.white_before, 1000.0, EPS);
	ck_assert_double_eq_tol(ch.black_after, 980.0, EPS);
	ck_assert_double_eq(ch.white_k, 40.0);
	ck_assert_uint_eq(r[0].wins, 1);
	ck_assert_uint_eq(r[1].losses, 1);
	ck_assert_double_eq_tol(r[1].last_change, -20.0, EPS);
	ck_assert_int_eq(cc_club_shown(r[0].rating), 1020);
}
END_TEST

START_TEST(test_club_elo__eleventh_match_weighs_twenty_four_each_his_own_k)
{
	CLAUSES("CL-2.4 CL-2.6");
	/* Player 0 draws nine new players at 1000 (no change: E = S = 0.5),
	 * beats a tenth with K = 40 (1020), then meets a new player 11. */
	cc_club_rating r[12];
	cc_club_change ch;
	cc_club_ratings_init(r, 12);
	for (size_t i = 1; i <= 9; i++)
		cc_club_rate(r, &(cc_club_game){0, i, 0.5}, NULL);
	ck_assert_double_eq_tol(r[0].rating, 1000.0, EPS);
	cc_club_rate(r, &(cc_club_game){10, 0, 0.0}, &ch);
	ck_assert_double_eq(ch.black_k, 40.0); /* his 10th rated match */
	ck_assert_double_eq_tol(r[0].rating, 1020.0, EPS);
	/* 11th: E(1020 vs 1000) = 1 / (1 + 10^-0.05) = 0.5287506; he wins:
	 * 1020 + 24 x 0.4712494 = 1031.30999; the new player, K = 40:
	 * 1000 - 40 x 0.4712494 = 981.15002 */
	cc_club_rate(r, &(cc_club_game){0, 11, 1.0}, &ch);
	ck_assert_double_eq(ch.white_k, 24.0);
	ck_assert_double_eq(ch.black_k, 40.0);
	ck_assert_double_eq_tol(r[0].rating, 1031.30999, EPS);
	ck_assert_double_eq_tol(r[11].rating, 981.15002, EPS);
	ck_assert_uint_eq(r[0].games, 11);
	ck_assert_uint_eq(r[0].draws, 9);
	ck_assert_uint_eq(r[0].wins, 2);
	ck_assert_int_eq(cc_club_shown(r[0].rating), 1031);
}
END_TEST

START_TEST(test_club_elo__draw_brings_ratings_closer)
{
	CLAUSES("CL-2.5 CL-2.6");
	cc_club_rating r[2];
	cc_club_ratings_init(r, 2);
	r[0].rating = 1020.0;
	r[1].rating = 980.0;
	/* E(1020 vs 980) = 1 / (1 + 10^-0.1) = 0.5573116: 1020 + 40 x (0.5 -
	 * 0.5573116) = 1017.70753, 980 + 40 x 0.0573116 = 982.29247 */
	cc_club_rate(r, &(cc_club_game){0, 1, 0.5}, NULL);
	ck_assert_double_eq_tol(r[0].rating, 1017.70753, EPS);
	ck_assert_double_eq_tol(r[1].rating, 982.29247, EPS);
	ck_assert_uint_eq(r[0].draws, 1);
	ck_assert_uint_eq(r[1].draws, 1);
}
END_TEST

START_TEST(test_club_elo__tiers_by_the_shown_rating)
{
	CLAUSES("CL-2.8 CL-2.6");
	ck_assert_int_eq(cc_club_tier_of(949.49), CC_CLUB_TIER_BRONZE);
	ck_assert_int_eq(cc_club_tier_of(949.5), CC_CLUB_TIER_SILVER);
	ck_assert_int_eq(cc_club_tier_of(1049.4), CC_CLUB_TIER_SILVER);
	ck_assert_int_eq(cc_club_tier_of(1050), CC_CLUB_TIER_GOLD);
	ck_assert_int_eq(cc_club_tier_of(1199.4), CC_CLUB_TIER_GOLD);
	ck_assert_int_eq(cc_club_tier_of(1200), CC_CLUB_TIER_PLATINUM);
	ck_assert_int_eq(cc_club_tier_of(1399.49), CC_CLUB_TIER_PLATINUM);
	ck_assert_int_eq(cc_club_tier_of(1400), CC_CLUB_TIER_DIAMOND);
	ck_assert_str_eq(cc_club_tier_name(CC_CLUB_TIER_DIAMOND), "diamond");
	ck_assert_str_eq(cc_club_tier_name(CC_CLUB_TIER_BRONZE), "bronze");
	ck_assert_int_eq(cc_club_shown(1000.5), 1001);
	ck_assert_int_eq(cc_club_shown(999.49), 999);
}
END_TEST

/* ---- Berger tables ---------------------------------------------------------- */

/* Checks the generated pairings against a table written as the Handbook
 * prints it: "1-6 2-5 3-4 | 6-4 5-3 1-2 | ...", seats from 1, "0" the bye. */
static void check_table(unsigned players, bool twice, const char *published)
{
	cc_club_pairing p[CC_CLUB_PLAYERS_MAX * CC_CLUB_PLAYERS_MAX];
	size_t count = cc_club_berger_count(players, twice);
	ck_assert_int_eq(cc_club_berger(players, twice, p, sizeof p / sizeof p[0], NULL), CC_OK);
	char got[1024] = "";
	for (size_t i = 0; i < count; i++) {
		char one[32];
		if (i > 0)
			strcat(got, p[i].board == 1 ? " | " : " ");
		if (p[i].black == CC_CLUB_BYE)
			snprintf(one, sizeof one, "%u-0", p[i].white + 1);
		else
			snprintf(one, sizeof one, "%u-%u", p[i].white + 1, p[i].black + 1);
		strcat(got, one);
	}
	ck_assert_str_eq(got, published);
}

START_TEST(test_club_berger__four_players_as_published)
{
	CLAUSES("CL-3.1");
	ck_assert_uint_eq(cc_club_berger_rounds(4, false), 3);
	check_table(4, false, "1-4 2-3 | 4-3 1-2 | 2-4 3-1");
}
END_TEST

START_TEST(test_club_berger__six_players_as_published)
{
	CLAUSES("CL-3.1");
	check_table(6, false, "1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1");
}
END_TEST

START_TEST(test_club_berger__five_players_have_a_bye_each_round)
{
	CLAUSES("CL-3.1 CL-3.2");
	/* The table for 6 with seat 6 the bye: each player has exactly one. */
	check_table(5, false, "1-0 2-5 3-4 | 4-0 5-3 1-2 | 2-0 3-1 4-5 | 5-0 1-4 2-3 | 3-0 4-2 5-1");
}
END_TEST

START_TEST(test_club_berger__double_round_robin_reverses_colours)
{
	CLAUSES("CL-3.1");
	ck_assert_uint_eq(cc_club_berger_rounds(4, true), 6);
	/* The first cycle's last two rounds the other way round (the annex's
	 * recommendation for a double round robin), then the table again with
	 * the colours reversed. */
	check_table(4, true, "1-4 2-3 | 2-4 3-1 | 4-3 1-2 | 4-1 3-2 | 3-4 2-1 | 4-2 1-3");
}
END_TEST

START_TEST(test_club_berger__double_round_robin_never_three_same_colours_in_a_row)
{
	CLAUSES("CL-3.1");
	/* Without the swap, seat 1 of 4 had Black in rounds 3, 4 and 5 and seat
	 * 3 White in the same three rounds. */
	for (unsigned n = 4; n <= 16; n += 2) {
		cc_club_pairing p[2 * CC_CLUB_PLAYERS_MAX * CC_CLUB_PLAYERS_MAX];
		int colour[CC_CLUB_PLAYERS_MAX][2 * CC_CLUB_PLAYERS_MAX] = {{0}}; /* 1 White, -1 Black, by round */
		ck_assert_int_eq(cc_club_berger(n, true, p, sizeof p / sizeof p[0], NULL), CC_OK);
		for (size_t i = 0; i < cc_club_berger_count(n, true); i++) {
			colour[p[i].white][p[i].round] = 1;
			colour[p[i].black][p[i].round] = -1;
		}
		unsigned rounds = cc_club_berger_rounds(n, true);
		for (unsigned a = 0; a < n; a++)
			for (unsigned r = 1; r + 2 <= rounds; r++)
				ck_assert_msg(!(colour[a][r] == colour[a][r + 1] && colour[a][r + 1] == colour[a][r + 2]),
				              "n=%u seat %u: the same colour in rounds %u to %u", n, a + 1, r, r + 2);
	}
}
END_TEST

START_TEST(test_club_berger__colours_balanced)
{
	CLAUSES("CL-3.1");
	/* In a single round robin of an even count, every player has White
	 * n/2 or n/2 - 1 times; in a double one, exactly n - 1 times. */
	for (unsigned n = 2; n <= 16; n += 2) {
		cc_club_pairing p[CC_CLUB_PLAYERS_MAX * CC_CLUB_PLAYERS_MAX];
		unsigned whites[CC_CLUB_PLAYERS_MAX] = {0}, met[CC_CLUB_PLAYERS_MAX][CC_CLUB_PLAYERS_MAX] = {{0}};
		ck_assert_int_eq(cc_club_berger(n, false, p, sizeof p / sizeof p[0], NULL), CC_OK);
		for (size_t i = 0; i < cc_club_berger_count(n, false); i++) {
			whites[p[i].white]++;
			met[p[i].white][p[i].black]++;
			met[p[i].black][p[i].white]++;
		}
		for (unsigned a = 0; a < n; a++) {
			ck_assert_msg(whites[a] == n / 2 || whites[a] + 1 == n / 2, "n=%u seat %u: %u whites", n, a, whites[a]);
			for (unsigned b = 0; b < n; b++)
				ck_assert_uint_eq(met[a][b], a == b ? 0 : 1);
		}
	}
	ck_assert_int_eq(cc_club_berger(1, false, NULL, 0, NULL), CC_ERR_INVALID);
}
END_TEST

static Suite *club_suite(void)
{
	Suite *s = suite_create("club");
	TCase *names = tcase_create("names");
	TCase *elo = tcase_create("elo");
	TCase *berger = tcase_create("berger");
	tcase_add_test(names, test_club_names__same_key_whatever_the_case_and_spaces);
	tcase_add_test(names, test_club_names__refuses_empty_and_control_text);
	tcase_add_test(names, test_club_names__accents_and_ligatures_fold);
	tcase_add_test(names, test_club_names__cut_by_display_width);
	tcase_add_test(names, test_club_names__ascii_for_the_trf);
	tcase_add_test(elo, test_club_elo__start_and_expected_score);
	tcase_add_test(elo, test_club_elo__first_ten_matches_weigh_forty);
	tcase_add_test(elo, test_club_elo__eleventh_match_weighs_twenty_four_each_his_own_k);
	tcase_add_test(elo, test_club_elo__draw_brings_ratings_closer);
	tcase_add_test(elo, test_club_elo__tiers_by_the_shown_rating);
	tcase_add_test(berger, test_club_berger__four_players_as_published);
	tcase_add_test(berger, test_club_berger__six_players_as_published);
	tcase_add_test(berger, test_club_berger__five_players_have_a_bye_each_round);
	tcase_add_test(berger, test_club_berger__double_round_robin_reverses_colours);
	tcase_add_test(berger, test_club_berger__double_round_robin_never_three_same_colours_in_a_row);
	tcase_add_test(berger, test_club_berger__colours_balanced);
	suite_add_tcase(s, names);
	suite_add_tcase(s, elo);
	suite_add_tcase(s, berger);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(club_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
