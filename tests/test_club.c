/*
 * test_club.c: the club's arithmetic (club.h, rules/club.md): name keys,
 * Elo with values worked out by hand, tiers, the Berger tables for 4, 5
 * and 6 players as published (FIDE Handbook C.05, annex 1), standings and
 * their tie-breaks on small events worked out by hand; which matches count,
 * what they score, in which list, and whom a placeholder names.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/club.h"
#include "chesscubing/game.h"
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

/* ---- standings ------------------------------------------------------------------ */

/* The 4-player table with White's scores given round by round, in the
 * published order 1-4 2-3 | 4-3 1-2 | 2-4 3-1 (-1: not played yet). */
static size_t four_results(const double *score, cc_club_result *out)
{
	static const uint32_t table[6][2] = {{0, 3}, {1, 2}, {3, 2}, {0, 1}, {1, 3}, {2, 0}};
	for (size_t i = 0; i < 6; i++)
		out[i] = (cc_club_result){table[i][0], table[i][1], score[i] >= 0, score[i] >= 0 ? score[i] : 0, CC_CLUB_FORFEIT_NONE};
	return 6;
}

START_TEST(test_club_standings__points_then_direct_encounter_before_wins)
{
	CLAUSES("CL-3.4 CL-3.5");
	/* 1-4 1-0, 2-3 ½, 4-3 1-0, 1-2 0-1, 2-4 ½, 3-1 0-1:
	 * seat 1: 1 + 0 + 1 = 2 (2 wins); seat 2: ½ + 1 + ½ = 2 (1 win);
	 * seat 4: 0 + 1 + ½ = 1.5; seat 3: ½ + 0 + 0 = ½.
	 * Seat 2 beat seat 1: direct 1 against 0, so 2 is first with fewer wins. */
	cc_club_result r[6];
	cc_club_standing s[4];
	size_t n = four_results((const double[]){1, 0.5, 1, 0, 0.5, 0}, r);
	cc_club_standings(4, r, n, s);
	ck_assert_uint_eq(s[0].player, 1);
	ck_assert_uint_eq(s[1].player, 0);
	ck_assert_uint_eq(s[2].player, 3);
	ck_assert_uint_eq(s[3].player, 2);
	ck_assert_double_eq(s[0].points, 2.0);
	ck_assert_double_eq(s[0].direct, 1.0);
	ck_assert_double_eq(s[1].direct, 0.0);
	ck_assert(s[0].direct_used);
	ck_assert_uint_eq(s[0].wins, 1);
	ck_assert_uint_eq(s[1].wins, 2);
	ck_assert_uint_eq(s[0].rank, 1);
	ck_assert_uint_eq(s[1].rank, 2);
	ck_assert_double_eq(s[3].points, 0.5);
}
END_TEST

START_TEST(test_club_standings__wins_before_sonneborn_berger)
{
	CLAUSES("CL-3.5");
	/* 1-4 0-1, 2-3 ½, 4-3 ½, 1-2 ½, 2-4 ½, 3-1 0-1: seat 4: 2; seats 1
	 * and 2: 1.5, direct ½ each; seat 1 has 1 win, seat 2 none, although
	 * seat 2's Sonneborn-Berger (½x1.5 + ½x1 + ½x2 = 2.25) beats seat 1's
	 * (½x1.5 + 1x1 = 1.75). */
	cc_club_result r[6];
	cc_club_standing s[4];
	size_t n = four_results((const double[]){0, 0.5, 0.5, 0.5, 0.5, 0}, r);
	cc_club_standings(4, r, n, s);
	ck_assert_uint_eq(s[0].player, 3);
	ck_assert_uint_eq(s[1].player, 0);
	ck_assert_uint_eq(s[2].player, 1);
	ck_assert_double_eq(s[1].direct, 0.5);
	ck_assert_double_eq(s[2].direct, 0.5);
	ck_assert_double_eq(s[1].sb, 1.75);
	ck_assert_double_eq(s[2].sb, 2.25);
	ck_assert_uint_eq(s[1].rank, 2);
	ck_assert_uint_eq(s[2].rank, 3);
}
END_TEST

START_TEST(test_club_standings__sonneborn_berger_last)
{
	CLAUSES("CL-3.5");
	/* 1-4 0-1, 2-3 0-1, 4-3 0-1, 1-2 ½, 2-4 1-0, 3-1 0-1: seat 3: 2;
	 * seats 1 and 2: 1.5, direct ½ each, 1 win each; SB seat 1: ½x1.5 +
	 * 1x2 = 2.75, seat 2: ½x1.5 + 1x1 = 1.75; seat 4: 1. */
	cc_club_result r[6];
	cc_club_standing s[4];
	size_t n = four_results((const double[]){0, 0, 0, 0.5, 1, 0}, r);
	cc_club_standings(4, r, n, s);
	ck_assert_uint_eq(s[0].player, 2);
	ck_assert_uint_eq(s[1].player, 0);
	ck_assert_uint_eq(s[2].player, 1);
	ck_assert_uint_eq(s[3].player, 3);
	ck_assert_double_eq(s[1].sb, 2.75);
	ck_assert_double_eq(s[2].sb, 1.75);
	ck_assert_uint_eq(s[1].wins, s[2].wins);
}
END_TEST

START_TEST(test_club_standings__unplayed_count_nothing_and_ties_share_the_rank)
{
	CLAUSES("CL-3.4 CL-3.5");
	/* After round 1 only (1-4 1-0, 2-3 1-0): seats 1 and 2 have not met,
	 * so no direct encounter; one win each, SB 0 each: both rank 1. */
	cc_club_result r[6];
	cc_club_standing s[4];
	size_t n = four_results((const double[]){1, 1, -1, -1, -1, -1}, r);
	cc_club_standings(4, r, n, s);
	ck_assert_double_eq(s[0].points, 1.0);
	ck_assert(!s[0].direct_used);
	ck_assert_uint_eq(s[0].rank, 1);
	ck_assert_uint_eq(s[1].rank, 1);
	ck_assert_uint_eq(s[2].rank, 3);
	ck_assert_uint_eq(s[3].rank, 3);
	ck_assert_uint_eq(s[0].played, 1);
}
END_TEST

START_TEST(test_club_standings__direct_encounter_needs_every_pair_of_the_tied_to_have_met)
{
	CLAUSES("CL-3.5");
	/* 1-4 1-0, 2-3 not played, 4-3 1-0, 1-2 0-1, 2-4 not played, 3-1 1-0:
	 * every seat has 1 point. Seat 1 has met seats 2, 3 and 4, but 2-3 and
	 * 2-4 are still to be played: the direct encounter applies to nobody,
	 * not to seat 1 alone (which would put him first on 1 point against 0).
	 * Seat 1, 2, 3 and 4 have one win each and SB: seat 1: 1x1 = 1, seat 2:
	 * 1x1 = 1, seat 3: 1x1 = 1, seat 4: 1x1 = 1: all share rank 1. */
	cc_club_result r[6];
	cc_club_standing s[4];
	size_t n = four_results((const double[]){1, -1, 1, 0, -1, 1}, r);
	cc_club_standings(4, r, n, s);
	for (unsigned i = 0; i < 4; i++) {
		ck_assert_double_eq(s[i].points, 1.0);
		ck_assert_msg(!s[i].direct_used, "seat %u: direct encounter used", s[i].player + 1);
		ck_assert_double_eq(s[i].direct, 0.0);
		ck_assert_uint_eq(s[i].wins, 1);
		ck_assert_uint_eq(s[i].rank, 1);
	}
}
END_TEST

START_TEST(test_club_standings__bye_is_a_point_not_a_win)
{
	CLAUSES("CL-3.2 CL-3.4 CL-3.5");
	/* Five players, round 1: seat 1 bye, 2-5 1-0, 3-4 ½. Seats 1 and 2
	 * have a point each and have not met; seat 2 has the win. */
	cc_club_pairing p[25];
	cc_club_result r[3];
	cc_club_standing s[5];
	ck_assert_int_eq(cc_club_berger(5, false, p, 25, NULL), CC_OK);
	const double score[3] = {1, 1, 0.5}; /* a bye scores its value, one point (CL-6.5) */
	for (size_t i = 0; i < 3; i++)
		r[i] = (cc_club_result){p[i].white, p[i].black, true, score[i], CC_CLUB_FORFEIT_NONE};
	cc_club_standings(5, r, 3, s);
	ck_assert_uint_eq(s[0].player, 1);
	ck_assert_uint_eq(s[1].player, 0);
	ck_assert_double_eq(s[1].points, 1.0);
	ck_assert_uint_eq(s[1].wins, 0);
	ck_assert_double_eq(s[1].sb, 0.0);
	ck_assert_uint_eq(s[1].played, 0);
	ck_assert_double_eq(s[2].points, 0.5);
	ck_assert_uint_eq(s[4].player, 4);
}
END_TEST

START_TEST(test_club_standings__six_player_round_robin_complete)
{
	CLAUSES("CL-3.1 CL-3.4");
	/* Every game won by the lower seat: seat k has 6 - k points, the
	 * standings are the seat order, ranks 1 to 6. */
	cc_club_pairing p[15];
	cc_club_result r[15];
	cc_club_standing s[6];
	ck_assert_int_eq(cc_club_berger(6, false, p, 15, NULL), CC_OK);
	for (size_t i = 0; i < 15; i++)
		r[i] = (cc_club_result){p[i].white, p[i].black, true, p[i].white < p[i].black ? 1.0 : 0.0, CC_CLUB_FORFEIT_NONE};
	cc_club_standings(6, r, 15, s);
	for (unsigned i = 0; i < 6; i++) {
		ck_assert_uint_eq(s[i].player, i);
		ck_assert_double_eq(s[i].points, 5.0 - i);
		ck_assert_uint_eq(s[i].rank, i + 1);
	}
}
END_TEST

/* ---- what counts (CL-2.1, CL-2.5, CL-2.10, CL-2.11) ---------------------------- */

static cc_club_match_facts counted_match(void)
{
	return (cc_club_match_facts){true, true, false, true, true, CC_CLUB_LIST_CHESSCUBING};
}

START_TEST(test_club_counts__only_finished_rated_between_two_registered_players)
{
	CLAUSES("CL-2.1");
	cc_club_match_facts m = counted_match();
	ck_assert_int_eq(cc_club_counts(&m, CC_CLUB_LIST_CHESSCUBING), CC_CLUB_COUNTS);
	m.over = false;
	ck_assert_int_eq(cc_club_counts(&m, CC_CLUB_LIST_CHESSCUBING), CC_CLUB_NOT_FINISHED);
	m = counted_match();
	m.rated = false;
	ck_assert_int_eq(cc_club_counts(&m, CC_CLUB_LIST_CHESSCUBING), CC_CLUB_UNRATED);
	m = counted_match();
	m.same_player = true;
	ck_assert_int_eq(cc_club_counts(&m, CC_CLUB_LIST_CHESSCUBING), CC_CLUB_AGAINST_HIMSELF);
	m = counted_match();
	m.black_registered = false;
	ck_assert_int_eq(cc_club_counts(&m, CC_CLUB_LIST_CHESSCUBING), CC_CLUB_UNREGISTERED);
	/* the first reason is the one given: an unfinished unrated match is unfinished */
	m = counted_match();
	m.over = m.rated = false;
	ck_assert_int_eq(cc_club_counts(&m, CC_CLUB_LIST_CHESSCUBING), CC_CLUB_NOT_FINISHED);
	ck_assert_str_eq(cc_club_count_name(CC_CLUB_UNRATED), "unrated");
}
END_TEST

START_TEST(test_club_counts__a_match_counts_in_its_own_list_only)
{
	CLAUSES("CL-2.10");
	cc_club_match_facts m = counted_match();
	m.list = CC_CLUB_LIST_CHESS;
	ck_assert_int_eq(cc_club_counts(&m, CC_CLUB_LIST_CHESS), CC_CLUB_COUNTS);
	ck_assert_int_eq(cc_club_counts(&m, CC_CLUB_LIST_CHESSCUBING), CC_CLUB_OTHER_LIST);
	ck_assert_int_eq(cc_club_counts(&m, CC_CLUB_LIST_UNO), CC_CLUB_OTHER_LIST);
	/* each game's class names its list: Twice and Time share ChessCubing's */
	ck_assert_int_eq(cc_game_class_of(CC_FORMAT_TWICE)->rating_list, CC_CLUB_LIST_CHESSCUBING);
	ck_assert_int_eq(cc_game_class_of(CC_FORMAT_TIME)->rating_list, CC_CLUB_LIST_CHESSCUBING);
	ck_assert_int_eq(cc_game_class_of(CC_FORMAT_CHESS)->rating_list, CC_CLUB_LIST_CHESS);
	ck_assert_int_eq(cc_game_class_of(CC_FORMAT_UNO)->rating_list, CC_CLUB_LIST_UNO);
	cc_club_list list;
	ck_assert_int_eq(cc_club_list_parse("uno", &list), CC_OK);
	ck_assert_int_eq(list, CC_CLUB_LIST_UNO);
	ck_assert_str_eq(cc_club_list_name(CC_CLUB_LIST_CHESS), "chess");
	ck_assert_int_eq(cc_club_list_parse("twice", &list), CC_ERR_INVALID);
}
END_TEST

START_TEST(test_club_score__win_one_loss_zero_no_winner_half)
{
	CLAUSES("CL-2.5");
	ck_assert_double_eq_tol(cc_club_white_score(CC_WINNER_WHITE), 1.0, EPS);
	ck_assert_double_eq_tol(cc_club_white_score(CC_WINNER_BLACK), 0.0, EPS);
	ck_assert_double_eq_tol(cc_club_white_score(CC_WINNER_NONE), 0.5, EPS);
}
END_TEST

START_TEST(test_club_terms__a_placeholder_names_no_one_and_rates_nothing)
{
	CLAUSES("CL-2.11 CL-1.2");
	const bool none[2] = {false, false}, black[2] = {false, true}, both[2] = {true, true};
	cc_club_terms t = cc_club_terms_of(false, none);
	ck_assert(t.rated && t.names_players);
	t = cc_club_terms_of(true, none); /* unrated, still players (CL-2.1) */
	ck_assert(!t.rated && t.names_players);
	t = cc_club_terms_of(false, black); /* one placeholder is enough */
	ck_assert(!t.rated && !t.names_players);
	t = cc_club_terms_of(false, both);
	ck_assert(!t.rated && !t.names_players);
}
END_TEST

START_TEST(test_club_forfeits__scored_as_points_never_as_games)
{
	CLAUSES("CL-6.1 CL-6.2 CL-6.3 CL-3.5");
	/* Two players, two games: seat 0 wins the first over the board, seat
	 * 1 the second by forfeit (+/-, seat 1 has White). One point each; the
	 * direct encounter is 1-1 (a forfeit's points count there); WON 1-0;
	 * games 1 each; SB 1·1 for seat 0, nothing for the forfeit. */
	cc_club_entry h[2] = {
		{.round = 1, .white = 0, .black = 1, .has_match = true, .over = true, .winner = CC_WINNER_WHITE},
		{.round = 2, .white = 1, .black = 0, .winner = CC_WINNER_NONE, .forfeit = CC_CLUB_FORFEIT_WHITE}};
	cc_club_event_terms t = {.players = 2, .bye_halves = 2};
	cc_club_scored o[2];
	cc_club_result work[4];
	cc_club_standing st[2];
	cc_club_score(&t, h, 2, o);
	ck_assert_int_eq(o[1].outcome, CC_CLUB_OUT_FORFEIT);
	ck_assert(o[1].is_game && o[1].finished && o[1].counted && !o[1].by_withdrawal);
	cc_club_event_standings(&t, h, o, 2, work, st);
	ck_assert_uint_eq(st[0].player, 0);
	ck_assert_double_eq(st[0].points, 1.0);
	ck_assert_double_eq(st[1].points, 1.0);
	ck_assert(st[0].direct_used && st[1].direct_used);
	ck_assert_double_eq(st[0].direct, 1.0);
	ck_assert_double_eq(st[1].direct, 1.0);
	ck_assert_uint_eq(st[0].wins, 1);
	ck_assert_uint_eq(st[1].wins, 0);
	ck_assert_uint_eq(st[0].played, 1);
	ck_assert_uint_eq(st[1].played, 1);
	ck_assert_double_eq(st[0].sb, 1.0);
	ck_assert_double_eq(st[1].sb, 0.0);
	ck_assert_uint_eq(st[0].rank, 1);
	ck_assert_uint_eq(st[1].rank, 2);
	/* Both withdraw from round 2 having played 1 game of 2 (half: they
	 * stand): their game of round 2 is -/-, counted once round 2 begins. */
	h[1].forfeit = CC_CLUB_FORFEIT_NONE;
	t.withdrawn_from[0] = t.withdrawn_from[1] = 2;
	ck_assert(!cc_club_withdrawal_cancels(h, 2, 0, 2));
	cc_club_score(&t, h, 2, o);
	ck_assert_int_eq(o[1].outcome, CC_CLUB_OUT_FORFEIT);
	ck_assert_int_eq(o[1].forfeit, CC_CLUB_FORFEIT_BOTH);
	ck_assert(o[1].by_withdrawal && !o[1].counted);
	ck_assert_str_eq(cc_club_forfeit_code(o[1].forfeit), "-/-");
	/* Withdrawn from round 1, before any game: 0 of 2, results cancelled. */
	t.withdrawn_from[0] = 1;
	t.withdrawn_from[1] = 0;
	h[0] = (cc_club_entry){.round = 1, .white = 0, .black = 1, .winner = CC_WINNER_NONE,
	                       .forfeit = CC_CLUB_FORFEIT_BLACK};
	ck_assert(cc_club_withdrawal_cancels(h, 2, 0, 1));
	cc_club_score(&t, h, 2, o);
	ck_assert_int_eq(o[0].outcome, CC_CLUB_OUT_VOID);
	ck_assert(!o[0].counted);
	cc_club_event_standings(&t, h, o, 2, work, st);
	ck_assert_uint_eq(st[1].player, 0);
	ck_assert(st[1].cancelled);
	ck_assert_double_eq(st[0].points, 0.0); /* the forfeit against him goes with his results */
}
END_TEST

START_TEST(test_club_forfeits__codes_and_bye_values_parse)
{
	CLAUSES("CL-6.1 CL-6.5");
	cc_club_forfeit f;
	unsigned halves = 9;
	ck_assert_int_eq(cc_club_forfeit_parse("-/+", &f), CC_OK);
	ck_assert_int_eq(f, CC_CLUB_FORFEIT_BLACK);
	ck_assert_int_eq(cc_club_forfeit_parse("none", &f), CC_OK);
	ck_assert_int_eq(f, CC_CLUB_FORFEIT_NONE);
	ck_assert_int_eq(cc_club_forfeit_parse("1-0", &f), CC_ERR_INVALID);
	ck_assert_int_eq(cc_club_forfeit_parse("", &f), CC_ERR_INVALID); /* no forfeit's code is "" */
	ck_assert_str_eq(cc_club_forfeit_code(CC_CLUB_FORFEIT_NONE), "");
	ck_assert_str_eq(cc_club_forfeit_code(CC_CLUB_FORFEIT_BOTH), "-/-");
	ck_assert_int_eq(cc_club_bye_value_parse("0.5", &halves), CC_OK);
	ck_assert_uint_eq(halves, 1);
	ck_assert_int_eq(cc_club_bye_value_parse("0", &halves), CC_OK);
	ck_assert_uint_eq(halves, 0);
	ck_assert_int_eq(cc_club_bye_value_parse("2", &halves), CC_ERR_INVALID);
}
END_TEST

/* A chess game on the terms of an event fixing a checkered board, 15+10
 * and manual claims. */
static cc_match_settings event_game(void)
{
	cc_match_settings s;
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_CHESS;
	s.record = CC_RECORD_MOVES;
	s.variant = CC_CHESS_VARIANT_CHECKERED;
	s.tc_base_ms = 15 * 60000;
	s.tc_increment_ms = 10000;
	s.claims = CC_CLAIMS_MANUAL;
	return s;
}

START_TEST(test_club_fixed__a_match_joins_only_on_the_event_s_terms)
{
	CLAUSES("CL-8.1");
	const cc_club_fixed f = {true, false, CC_CHESS_VARIANT_CHECKERED, 15 * 60000, 10000, CC_CLAIMS_MANUAL};
	cc_match_settings s = event_game();
	cc_error err;
	ck_assert_int_eq(cc_club_event_admits("Blitz", &f, &s, &err), CC_OK);
	ck_assert_int_eq(cc_club_event_admits("Blitz", &f, &s, NULL), CC_OK);

	s.variant = CC_CHESS_VARIANT_STANDARD;
	ck_assert_int_eq(cc_club_event_admits("Blitz", &f, &s, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_EVENT_FIXED_BOARD);
	ck_assert_str_eq(err.args[0].text, "Blitz");
	ck_assert_str_eq(err.args[1].text, "checkered");
	ck_assert_str_eq(err.args[2].text, "standard");
	ck_assert_int_eq(cc_club_event_admits("Blitz", &f, &s, NULL), CC_ERR_INVALID);

	s = event_game();
	s.tc_base_ms = 5 * 60000;
	s.tc_increment_ms = 3000;
	ck_assert_int_eq(cc_club_event_admits("Blitz", &f, &s, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_EVENT_FIXED_TIME_CONTROL);
	ck_assert_str_eq(err.args[1].text, "15+10");
	ck_assert_str_eq(err.args[2].text, "5+3");

	s = event_game();
	s.claims = CC_CLAIMS_AUTO;
	ck_assert_int_eq(cc_club_event_admits("Blitz", &f, &s, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_EVENT_FIXED_CLAIMS);
	ck_assert_str_eq(err.args[1].text, "manual");
	ck_assert_str_eq(err.args[2].text, "auto");
}
END_TEST

START_TEST(test_club_fixed__one_fischer_period_periods_and_delays_refused)
{
	CLAUSES("CL-8.1");
	const cc_club_fixed f = {true, false, CC_CHESS_VARIANT_CHECKERED, 15 * 60000, 10000, CC_CLAIMS_MANUAL};
	cc_error err;
	/* a first period of 40 moves at the event's clock, then a second one */
	cc_match_settings s = event_game();
	ck_assert_int_eq(cc_tc_parse("40/15+10:5+10", &s, NULL), CC_OK);
	ck_assert_int_eq(cc_club_event_admits("Blitz", &f, &s, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_EVENT_FIXED_TIME_CONTROL);
	ck_assert_str_eq(err.args[1].text, "15+10");
	ck_assert_str_eq(err.args[2].text, "40/15+10:5+10");
	/* the same minutes and seconds as a delay */
	s = event_game();
	ck_assert_int_eq(cc_tc_parse("15d10", &s, NULL), CC_OK);
	ck_assert_int_eq(cc_club_event_admits("Blitz", &f, &s, &err), CC_ERR_INVALID);
	ck_assert_str_eq(err.args[2].text, "15d10");
	/* an event without increment says so in the club's one spelling */
	const cc_club_fixed classic = {true, false, CC_CHESS_VARIANT_CHECKERED, 90 * 60000, 0, CC_CLAIMS_MANUAL};
	ck_assert_int_eq(cc_club_event_admits("Classic", &classic, &s, &err), CC_ERR_INVALID);
	ck_assert_str_eq(err.args[1].text, "90");
	const cc_club_fixed free_clock = {true, false, CC_CHESS_VARIANT_CHECKERED, 0, 0, CC_CLAIMS_MANUAL};
	ck_assert_int_eq(cc_club_event_admits("Free", &free_clock, &s, &err), CC_ERR_INVALID);
	ck_assert_str_eq(err.args[1].text, "none");
}
END_TEST

START_TEST(test_club_fixed__terms_asked_only_of_a_format_that_has_them)
{
	CLAUSES("CL-8.1 CL-8.2");
	cc_error err;
	/* a ChessCubing event fixes its board, never a clock or claims its format has not */
	const cc_club_fixed cube = {true, false, CC_CHESS_VARIANT_CHECKERED, 15 * 60000, 10000, CC_CLAIMS_MANUAL};
	cc_match_settings s;
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_TWICE;
	s.variant = CC_CHESS_VARIANT_CHECKERED;
	ck_assert_int_eq(cc_club_event_admits("Cube", &cube, &s, &err), CC_OK);
	s.variant = CC_CHESS_VARIANT_STANDARD;
	ck_assert_int_eq(cc_club_event_admits("Cube", &cube, &s, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_EVENT_FIXED_BOARD);
	/* Chess-Uno has none of the three */
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_UNO;
	ck_assert(!cc_game_has(s.format, CC_GAME_VARIANTS) && !cc_game_has(s.format, CC_GAME_TIME_CONTROL) &&
	          !cc_game_has(s.format, CC_GAME_CLAIMS));
	ck_assert_int_eq(cc_club_event_admits("Uno", &cube, &s, NULL), CC_OK);
}
END_TEST

START_TEST(test_club_fixed__closed_refuses_older_event_fixes_nothing)
{
	CLAUSES("CL-8.3 CL-8.4");
	cc_match_settings s = event_game();
	cc_error err;
	const cc_club_fixed closed = {true, true, CC_CHESS_VARIANT_CHECKERED, 15 * 60000, 10000, CC_CLAIMS_MANUAL};
	ck_assert_int_eq(cc_club_event_admits("Blitz", &closed, &s, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_EVENT_CLOSED);
	ck_assert_str_eq(err.args[0].text, "Blitz");
	/* closed comes first, whatever the terms */
	s.claims = CC_CLAIMS_AUTO;
	ck_assert_int_eq(cc_club_event_admits("Blitz", &closed, &s, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_EVENT_CLOSED);
	/* schema 9 and older: only format and category, which the caller checks */
	const cc_club_fixed old = {false, false, CC_CHESS_VARIANT_STANDARD, 0, 0, CC_CLAIMS_AUTO};
	s.variant = CC_CHESS_VARIANT_CHECKERED;
	ck_assert_int_eq(cc_tc_parse("40/90+30:30+30", &s, NULL), CC_OK);
	ck_assert_int_eq(cc_club_event_admits("Old", &old, &s, &err), CC_OK);
}
END_TEST

static Suite *club_suite(void)
{
	Suite *s = suite_create("club");
	TCase *names = tcase_create("names");
	TCase *elo = tcase_create("elo");
	TCase *berger = tcase_create("berger");
	TCase *standings = tcase_create("standings");
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
	tcase_add_test(standings, test_club_standings__points_then_direct_encounter_before_wins);
	tcase_add_test(standings, test_club_standings__wins_before_sonneborn_berger);
	tcase_add_test(standings, test_club_standings__sonneborn_berger_last);
	tcase_add_test(standings, test_club_standings__unplayed_count_nothing_and_ties_share_the_rank);
	tcase_add_test(standings, test_club_standings__direct_encounter_needs_every_pair_of_the_tied_to_have_met);
	tcase_add_test(standings, test_club_standings__bye_is_a_point_not_a_win);
	tcase_add_test(standings, test_club_standings__six_player_round_robin_complete);
	tcase_add_test(standings, test_club_forfeits__scored_as_points_never_as_games);
	tcase_add_test(standings, test_club_forfeits__codes_and_bye_values_parse);
	suite_add_tcase(s, names);
	suite_add_tcase(s, elo);
	suite_add_tcase(s, berger);
	TCase *counts = tcase_create("counts");
	tcase_add_test(counts, test_club_counts__only_finished_rated_between_two_registered_players);
	tcase_add_test(counts, test_club_counts__a_match_counts_in_its_own_list_only);
	tcase_add_test(counts, test_club_score__win_one_loss_zero_no_winner_half);
	tcase_add_test(counts, test_club_terms__a_placeholder_names_no_one_and_rates_nothing);
	suite_add_tcase(s, standings);
	suite_add_tcase(s, counts);
	TCase *fixed = tcase_create("fixed");
	tcase_add_test(fixed, test_club_fixed__a_match_joins_only_on_the_event_s_terms);
	tcase_add_test(fixed, test_club_fixed__one_fischer_period_periods_and_delays_refused);
	tcase_add_test(fixed, test_club_fixed__terms_asked_only_of_a_format_that_has_them);
	tcase_add_test(fixed, test_club_fixed__closed_refuses_older_event_fixes_nothing);
	suite_add_tcase(s, fixed);
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
