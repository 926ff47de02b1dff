/*
 * test_club_standings.c: the club's arithmetic (club.h, rules/club.md),
 * continued from test_club.c: standings and their tie-breaks on small
 * events worked out by hand; which matches count, what they score, in
 * which list, and whom a placeholder names; forfeits, withdrawals and
 * byes; what an event fixes for the matches that join it.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/club.h"
#include "chesscubing/game.h"
#include "clauses.h"

#define EPS 1e-4

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

START_TEST(test_club_standings__bye_points_by_the_event_and_by_the_kind)
{
	CLAUSES("CL-6.4 CL-6.5");
	/* A pairing-allocated bye gives the event's value (1, ½ or 0); a
	 * half-point bye asked for gives ½ whatever that value. */
	ck_assert_double_eq(cc_club_bye_points(2, false), 1.0);
	ck_assert_double_eq(cc_club_bye_points(1, false), 0.5);
	ck_assert_double_eq(cc_club_bye_points(0, false), 0.0);
	ck_assert_double_eq(cc_club_bye_points(2, true), 0.5);
	ck_assert_double_eq(cc_club_bye_points(0, true), 0.5);
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

static Suite *club_standings_suite(void)
{
	Suite *s = suite_create("club_standings");
	TCase *standings = tcase_create("standings");
	TCase *counts = tcase_create("counts");
	TCase *fixed = tcase_create("fixed");
	tcase_add_test(standings, test_club_standings__points_then_direct_encounter_before_wins);
	tcase_add_test(standings, test_club_standings__wins_before_sonneborn_berger);
	tcase_add_test(standings, test_club_standings__sonneborn_berger_last);
	tcase_add_test(standings, test_club_standings__unplayed_count_nothing_and_ties_share_the_rank);
	tcase_add_test(standings, test_club_standings__direct_encounter_needs_every_pair_of_the_tied_to_have_met);
	tcase_add_test(standings, test_club_standings__bye_is_a_point_not_a_win);
	tcase_add_test(standings, test_club_standings__bye_points_by_the_event_and_by_the_kind);
	tcase_add_test(standings, test_club_standings__six_player_round_robin_complete);
	tcase_add_test(standings, test_club_forfeits__scored_as_points_never_as_games);
	tcase_add_test(standings, test_club_forfeits__codes_and_bye_values_parse);
	tcase_add_test(counts, test_club_counts__only_finished_rated_between_two_registered_players);
	tcase_add_test(counts, test_club_counts__a_match_counts_in_its_own_list_only);
	tcase_add_test(counts, test_club_score__win_one_loss_zero_no_winner_half);
	tcase_add_test(counts, test_club_terms__a_placeholder_names_no_one_and_rates_nothing);
	tcase_add_test(fixed, test_club_fixed__a_match_joins_only_on_the_event_s_terms);
	tcase_add_test(fixed, test_club_fixed__one_fischer_period_periods_and_delays_refused);
	tcase_add_test(fixed, test_club_fixed__terms_asked_only_of_a_format_that_has_them);
	tcase_add_test(fixed, test_club_fixed__closed_refuses_older_event_fixes_nothing);
	suite_add_tcase(s, standings);
	suite_add_tcase(s, counts);
	suite_add_tcase(s, fixed);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(club_standings_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
