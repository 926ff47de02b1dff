/*
 * test_dutch.c: the TRF16 reader (trf.h) and the FIDE Dutch engine
 * (dutch.h, rules/swiss.md): columns read as characters, cells and their
 * refusals; round 1 as the Handbook's example pairs it (top half against
 * bottom half, colours alternating from the top seed's); the colour rules
 * E1-E5 on made-up histories; the absolute criteria C1-C3 and completion
 * C4 on cases built to break them; and a property test over a thousand
 * random tournaments paired round after round by the engine itself.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/dutch.h"
#include "chesscubing/trf.h"
#include "clauses.h"
#include "dutch_fixture.h"

/* A 001 line: pairing number, name, rating, points, then cells "OOOO c r". */
static void player_line(char *out, size_t size, unsigned id, const char *name, unsigned rating, const char *cells)
{
	char name_field[64];
	snprintf(name_field, sizeof name_field, "%s", name);
	/* the name takes 33 characters (columns 15-47), counted as characters */
	size_t chars = 0;
	for (const char *p = name_field; *p; p++)
		chars += ((unsigned char)*p & 0xC0) != 0x80;
	char pad[40] = "";
	for (size_t i = chars; i < 33; i++)
		strcat(pad, " ");
	/* 49-52 rating, 81-84 points, 86-89 rank, cells from 92 */
	snprintf(out, size, "001 %4u m    %s%s %4u%28s 0.0    0  %s\n", id, name_field, pad, rating, "", cells);
}

static cc_trf *parse_ok(const char *text)
{
	cc_trf *t = malloc(sizeof *t);
	cc_error err = {0};
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(cc_trf_parse(t, text, strlen(text), &err), CC_OK);
	return t;
}

START_TEST(test_trf_columns__read_as_characters)
{
	CLAUSES("SW-4.1");
	char text[1024], line[400];
	player_line(line, sizeof line, 1, "Élodie Côté", 1850, "   2 w 1  0000 - H  ");
	snprintf(text, sizeof text, "012 Club\nXXR 5\nXXC black1\n%s", line);
	player_line(line, sizeof line, 2, "Bruno", 1700, "   1 b 0  ");
	strcat(text, line);
	cc_trf *t = parse_ok(text);
	ck_assert_uint_eq(t->nplayers, 2);
	ck_assert_uint_eq(t->total_rounds, 5);
	ck_assert_int_eq(t->initial_colour, CC_TRF_COLOUR_BLACK);
	ck_assert_str_eq(t->players[0].name, "Élodie Côté");
	ck_assert_uint_eq(t->players[0].rating, 1850); /* not shifted by the accents */
	ck_assert_uint_eq(t->players[0].cells[0].opponent, 2);
	ck_assert_int_eq(t->players[0].cells[0].colour, CC_TRF_COLOUR_WHITE);
	ck_assert_int_eq(t->players[0].cells[0].result, CC_TRF_RESULT_WIN);
	ck_assert_int_eq(t->players[0].cells[1].result, CC_TRF_RESULT_HALF_BYE);
	ck_assert_uint_eq(t->players[0].cells[1].opponent, 0);
	ck_assert(cc_trf_cell_played(&t->players[0].cells[0]));
	ck_assert(!cc_trf_cell_played(&t->players[0].cells[1]));
	ck_assert_int_eq(cc_trf_cell_points10(t, &t->players[0].cells[1]), 5);
	ck_assert_uint_eq(t->ncells, 2);
	free(t);
}
END_TEST

START_TEST(test_trf_acceleration__read_with_the_point_system)
{
	CLAUSES("SW-6.4 SW-4.1");
	/* an XXA line's virtual points are read round by round, and the
	 * point-system lines change what a cell scores */
	char text[1024], line[400];
	player_line(line, sizeof line, 1, "Anne", 1500, "   2 w 1  ");
	snprintf(text, sizeof text, "XXA    1  1.0  0.5\nBBW 3.0\nBBD 1.0\n%s", line);
	player_line(line, sizeof line, 2, "Bruno", 1400, "   1 b =  ");
	strcat(text, line);
	cc_trf *t = parse_ok(text);
	ck_assert(t->accelerated);
	ck_assert(!t->baku);
	ck_assert_uint_eq(t->naccel, 1);
	ck_assert_uint_eq(t->accel[0].id, 1);
	ck_assert_uint_eq(t->accel[0].rounds, 2);
	ck_assert_int_eq(t->accel[0].points10[0], 10);
	ck_assert_int_eq(t->accel[0].points10[1], 5);
	ck_assert_int_eq(cc_trf_cell_points10(t, &t->players[0].cells[0]), 30);
	ck_assert_int_eq(cc_trf_cell_points10(t, &t->players[1].cells[0]), 10);
	free(t);
}
END_TEST

START_TEST(test_trf_cells__bad_cell_refused_with_its_line)
{
	CLAUSES("SW-4.1");
	char text[1024], line[400];
	/* a half-point bye written against an opponent, as issue 33 found */
	player_line(line, sizeof line, 1, "Anne", 1500, "   3 b H  ");
	snprintf(text, sizeof text, "012 Club\n%s", line);
	cc_trf *t = malloc(sizeof *t);
	cc_error err = {0};
	ck_assert_int_eq(cc_trf_parse(t, text, strlen(text), &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_TRF_BAD_CELL);
	ck_assert_int_eq(err.line, 2);
	/* an opponent who is not in the file */
	player_line(line, sizeof line, 1, "Anne", 1500, "   9 b 1  ");
	snprintf(text, sizeof text, "%s", line);
	ck_assert_int_eq(cc_trf_parse(t, text, strlen(text), &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_TRF_UNKNOWN_OPPONENT);
	/* a pairing number given twice; CR line ends read as lines */
	player_line(line, sizeof line, 1, "Anne", 1500, "");
	char twice[1024];
	snprintf(twice, sizeof twice, "012 Club\r%s", line);
	twice[strlen(twice) - 1] = '\r';
	strcat(twice, line);
	ck_assert_int_eq(cc_trf_parse(t, twice, strlen(twice), &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_TRF_PAIRING_NUMBER_TWICE);
	ck_assert_int_eq(err.line, 3);
	free(t);
}
END_TEST

/* --- the engine on inputs built by hand ------------------------------------- */

START_TEST(test_dutch_round1__top_half_against_bottom_half)
{
	CLAUSES("SW-2.2 SW-3.2");
	/* C.04.3 example: 6 players, S1 = 1 2 3, S2 = 4 5 6; the top seed
	 * white, colours alternating down the boards */
	cc_dutch_input *in = fresh(6, 0, 5);
	cc_dutch_pairing *p = pair_ok(in);
	ck_assert_uint_eq(p->nboards, 3);
	ck_assert(!p->has_bye);
	board_is(p, 0, 1, 4);
	board_is(p, 1, 5, 2);
	board_is(p, 2, 3, 6);
	ck_assert_int_eq(p->boards[0].why_pair, CC_DUTCH_WHY_S1_S2);
	ck_assert_int_eq(p->boards[0].why_colour, CC_DUTCH_COLOUR_INITIAL);
	/* black1: every colour the other way */
	in->initial_colour = CC_DUTCH_BLACK;
	free(p);
	p = pair_ok(in);
	board_is(p, 0, 4, 1);
	board_is(p, 1, 2, 5);
	free(p);
	free(in);
}
END_TEST

START_TEST(test_dutch_round1__odd_number_bye_to_the_last)
{
	CLAUSES("SW-2.2 SW-1.2");
	cc_dutch_input *in = fresh(7, 0, 5);
	cc_dutch_pairing *p = pair_ok(in);
	ck_assert_uint_eq(p->nboards, 3);
	ck_assert(p->has_bye);
	ck_assert_uint_eq(p->bye, 6);
	board_is(p, 0, 1, 4);
	board_is(p, 1, 5, 2);
	board_is(p, 2, 3, 6);
	/* the last has had the PAB: the one above him takes it (C2) */
	in->players[6].bye_barred = true;
	free(p);
	p = pair_ok(in);
	ck_assert(p->has_bye);
	ck_assert_uint_eq(p->bye, 5);
	free(p);
	free(in);
}
END_TEST

START_TEST(test_dutch_round2__winners_meet_with_colours_alternated)
{
	CLAUSES("SW-2.1 SW-2.3 SW-3.1 SW-3.2 SW-1.1");
	/* round 1: 1-5 1-0, 6-2 0-1, 3-7 1-0, 8-4 0-1: winners 1 2 3 4 */
	cc_dutch_input *in = fresh(8, 1, 5);
	game(in, 1, 1, 5, 10);
	game(in, 1, 6, 2, 0);
	game(in, 1, 3, 7, 10);
	game(in, 1, 8, 4, 0);
	cc_dutch_pairing *p = pair_ok(in);
	ck_assert_uint_eq(p->nboards, 4);
	/* S1 = 1 2, S2 = 3 4: 1 (white, wants black) meets 3 (white, wants
	 * black): transposed to 1-4 and 2-3, every preference granted */
	board_is(p, 0, 4, 1);
	board_is(p, 1, 2, 3);
	ck_assert_int_eq(p->boards[0].why_colour, CC_DUTCH_COLOUR_BOTH_GRANTED);
	board_is(p, 2, 5, 8);
	board_is(p, 3, 7, 6);
	free(p);
	free(in);
}
END_TEST

START_TEST(test_dutch_colours__stronger_then_alternate_then_rank)
{
	CLAUSES("SW-3.1 SW-3.2");
	/* 1: white, black, white (difference +1: a strong wish for black);
	 * 2: black, white (a mild wish for black): 1 takes black (E2) */
	cc_dutch_input *in = fresh(6, 3, 9);
	game(in, 1, 1, 3, 5);
	game(in, 2, 4, 1, 5);
	game(in, 3, 1, 5, 5);
	game(in, 1, 6, 2, 5);
	game(in, 2, 2, 3, 5);
	game(in, 3, 4, 6, 5);
	in->players[2].present = in->players[3].present = false;
	in->players[4].present = in->players[5].present = false;
	cc_dutch_pairing *p = pair_ok(in);
	ck_assert_uint_eq(p->nboards, 1);
	board_is(p, 0, 2, 1);
	ck_assert_int_eq(p->boards[0].why_colour, CC_DUTCH_COLOUR_STRONGER);
	free(p);
	free(in);
	/* 1 and 2: white then black, both a mild wish for white, the same
	 * history (E3 finds no difference): the higher ranked, 1, has it (E4) */
	in = fresh(4, 2, 9);
	game(in, 1, 1, 3, 5);
	game(in, 1, 2, 4, 5);
	game(in, 2, 3, 2, 5);
	game(in, 2, 4, 1, 5);
	in->players[2].present = in->players[3].present = false;
	p = pair_ok(in);
	board_is(p, 0, 1, 2);
	ck_assert_int_eq(p->boards[0].why_colour, CC_DUTCH_COLOUR_HIGHER_RANK);
	free(p);
	free(in);
}
END_TEST

START_TEST(test_dutch_absolute__no_repeat_no_same_absolute_colour)
{
	CLAUSES("SW-1.1 SW-1.3");
	/* 1 and 2 both had white twice (absolute black): they may not meet
	 * but in the last round, where 1 is a top scorer */
	cc_dutch_input *in = fresh(4, 2, 5);
	game(in, 1, 1, 3, 10);
	game(in, 1, 2, 4, 10);
	game(in, 2, 1, 4, 10);
	game(in, 2, 2, 3, 10);
	/* 3 and 4 away: 1-2 is the only pair, refused by C3 */
	in->players[2].present = in->players[3].present = false;
	cc_dutch_pairing q;
	cc_error err = {0};
	in->total_rounds = 5;
	ck_assert_int_eq(cc_dutch_pair(in, &q, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_DUTCH_NO_PAIRING);
	/* the last round: top scorers may meet with the same absolute wish */
	in->total_rounds = 3;
	ck_assert_int_eq(cc_dutch_pair(in, &q, &err), CC_OK);
	ck_assert_uint_eq(q.nboards, 1);
	unsigned a, b;
	ck_assert_int_eq(cc_dutch_absolute_broken(in, &q, &a, &b), 0);
	/* a pairing that repeats a game is C1's */
	q.boards[0].white = 0;
	q.boards[0].black = 2;
	ck_assert_int_eq(cc_dutch_absolute_broken(in, &q, &a, &b), 1);
	free(in);
}
END_TEST

START_TEST(test_dutch_floaters__a_bracket_that_cannot_pair_floats_down)
{
	CLAUSES("SW-1.1 SW-2.1");
	/* round 1: 1-3 and 2-4 won by White; round 2: 1-2 and 3-4 drawn. 1 and
	 * 2 lead with 1.5 but met: both float down, to 1-4 and 2-3 */
	cc_dutch_input *in = fresh(4, 2, 5);
	game(in, 1, 1, 3, 10);
	game(in, 1, 2, 4, 10);
	game(in, 2, 3, 4, 5);
	game(in, 2, 1, 2, 5);
	cc_dutch_pairing *p = pair_ok(in);
	ck_assert_uint_eq(p->nboards, 2);
	for (unsigned b = 0; b < 2; b++) {
		unsigned w = p->boards[b].white, k = p->boards[b].black;
		ck_assert(!((w == 0 && k == 1) || (w == 1 && k == 0) || (w == 2 && k == 3) || (w == 3 && k == 2)));
	}
	unsigned a, c;
	ck_assert_int_eq(cc_dutch_absolute_broken(in, p, &a, &c), 0);
	free(p);
	free(in);
}
END_TEST

START_TEST(test_dutch_exchange__smallest_bsn_difference_first)
{
	CLAUSES("SW-2.3");
	/* After round 1 (4-1, 2-5, 6-3, all drawn) the six share one bracket:
	 * S1 = 1 2 3 (wanting white, black, white), S2 = 4 5 6 (black, white,
	 * black). No transposition grants every colour without a repeat, so S1
	 * and S2 exchange one player each (D.2): 3 <-> 4 (BSN difference 1)
	 * comes before 2 <-> 5 (difference 3); with S1 = 1 2 4, S2 = 3 5 6:
	 * 1-6, 2-3, 4-5, every preference granted (bbpPairings, seed 14,
	 * round 2 of scripts/compare-bbpPairings.sh, reduced). */
	cc_dutch_input *in = fresh(6, 1, 5);
	game(in, 1, 4, 1, 5);
	game(in, 1, 2, 5, 5);
	game(in, 1, 6, 3, 5);
	cc_dutch_pairing *p = pair_ok(in);
	ck_assert_uint_eq(p->nboards, 3);
	board_is(p, 0, 1, 6);
	board_is(p, 1, 3, 2);
	board_is(p, 2, 5, 4);
	free(p);
	free(in);
}
END_TEST

START_TEST(test_dutch_floats__repeated_upfloater_meets_the_lower_mdp)
{
	CLAUSES("SW-2.3");
	/* After four rounds 3 leads with 4.0 and has met every 2.0 player; 1-7
	 * is the 2.0 bracket's only pair, so 3, 2 and 4 float to the 1.5
	 * bracket (5, 6). 5 floated up two rounds before (round 3, 0.5 against
	 * 1.0): whichever MDP he meets he floats up again (C17 ties), but the
	 * opponent's score differs (C21, two rounds before): 5 meets 4 (2.0),
	 * not 3 (4.0), though the Dutch order puts 3-5 first (bbpPairings on
	 * its generator's tournament, 8 players, seed 6, round 5). */
	cc_dutch_input *in = fresh(8, 4, 6);
	game(in, 1, 1, 5, 10); game(in, 1, 3, 7, 10); game(in, 1, 6, 2, 0); game(in, 1, 8, 4, 0);
	game(in, 2, 2, 3, 0); game(in, 2, 4, 1, 5); game(in, 2, 5, 8, 5); game(in, 2, 7, 6, 0);
	game(in, 3, 1, 2, 5); game(in, 3, 3, 4, 10); game(in, 3, 6, 5, 0); game(in, 3, 8, 7, 0);
	game(in, 4, 1, 3, 0); game(in, 4, 2, 4, 5); game(in, 4, 5, 7, 0); game(in, 4, 8, 6, 5);
	cc_dutch_pairing *p = pair_ok(in);
	ck_assert_uint_eq(p->nboards, 4);
	board_is(p, 0, 3, 6);
	board_is(p, 1, 7, 1);
	board_is(p, 2, 4, 5);
	board_is(p, 3, 2, 8);
	free(p);
	free(in);
}
END_TEST

START_TEST(test_dutch_mdp__the_resident_that_leaves_no_colour_refused)
{
	CLAUSES("SW-2.3");
	/* Round 2 of 36 (bbpPairings's generator, seed 29): 32 (0.5, wants
	 * black) floats into the 0 bracket of 15. The Dutch order's first
	 * opponent, 7 (lost by forfeit: no colour yet), leaves 8 white wishes
	 * for 7 pairs (one refused); 19 (wants white) leaves none refused (C12
	 * before the Dutch order), and the search must reach it within its
	 * bounds rather than spend them on 7's remainder. */
	cc_dutch_input *in = fresh(36, 1, 6);
	game(in, 1, 1, 19, 10); game(in, 1, 3, 21, 10); game(in, 1, 5, 23, 10); game(in, 1, 9, 27, 10);
	game(in, 1, 11, 29, 10); game(in, 1, 13, 31, 10); game(in, 1, 15, 33, 10); game(in, 1, 17, 35, 10);
	game(in, 1, 20, 2, 0); game(in, 1, 22, 4, 5); game(in, 1, 24, 6, 0); game(in, 1, 26, 8, 5);
	game(in, 1, 28, 10, 0); game(in, 1, 30, 12, 0); game(in, 1, 32, 14, 5); game(in, 1, 34, 16, 0);
	game(in, 1, 36, 18, 0);
	in->players[6].rounds[0].opponent = 25; /* 7-25 forfeited: 25 wins */
	in->players[24].rounds[0].opponent = 7;
	in->players[24].rounds[0].points10 = 10;
	in->players[24].bye_barred = true;
	static const unsigned want[18][2] = {{12, 1},  {2, 11},  {16, 3},  {18, 5},  {6, 13},  {25, 9},
	                                     {10, 15}, {4, 17},  {8, 22},  {14, 26}, {19, 32}, {29, 7},
	                                     {31, 20}, {21, 30}, {23, 34}, {33, 24}, {27, 36}, {35, 28}};
	cc_dutch_pairing *p = pair_ok(in);
	ck_assert_uint_eq(p->nboards, 18);
	for (unsigned b = 0; b < 18; b++)
		board_is(p, b, want[b][0], want[b][1]);
	free(p);
	free(in);
}
END_TEST

START_TEST(test_dutch_bye__to_the_player_with_the_fewest_unplayed_games)
{
	CLAUSES("SW-2.3 SW-1.2");
	/* Round 2 of 7: 2 beat 6 by forfeit, 7 had the PAB; the 0 bracket
	 * (4 wants white, 5 black, 6 no colour yet) pairs 4-5 first in the
	 * Dutch order, which leaves the bye to 6, who already missed a game.
	 * C9 comes before the colours and the order: the bye goes to 5, who
	 * played, and 4 meets 6 (bbpPairings pairs the same). */
	cc_dutch_input *in = fresh(7, 1, 5);
	game(in, 1, 1, 4, 10);
	game(in, 1, 5, 3, 0);
	cc_dutch_round *w = &in->players[1].rounds[0], *l = &in->players[5].rounds[0];
	w->opponent = 6;
	l->opponent = 2;
	w->colour = l->colour = CC_DUTCH_NO_COLOUR; /* a forfeit: no game, no colour held */
	w->points10 = 10;
	in->players[1].bye_barred = true;
	in->players[6].rounds[0].pab = true;
	in->players[6].rounds[0].points10 = 10;
	in->players[6].bye_barred = true;
	cc_dutch_pairing *p = pair_ok(in);
	ck_assert_uint_eq(p->nboards, 3);
	board_is(p, 0, 3, 1);
	board_is(p, 1, 7, 2);
	board_is(p, 2, 4, 6);
	ck_assert(p->has_bye);
	ck_assert_uint_eq(p->bye, 4);
	free(p);
	free(in);
}
END_TEST

/* --- a property test over random tournaments --------------------------------- */

static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static unsigned rng_below(uint64_t *s, unsigned n)
{
	return (unsigned)(rng_next(s) % n);
}

typedef struct {
	unsigned tournaments, rounds, no_pairing;
} prop_counts;

/* Checks one round the engine made, then plays it into the history. */
static void check_and_play(cc_dutch_input *in, const cc_dutch_pairing *p, uint64_t *seed, bool last_round)
{
	unsigned r = in->played_rounds, seen[CC_DUTCH_MAX_PLAYERS] = {0};
	unsigned a, b;
	ck_assert_int_eq(cc_dutch_absolute_broken(in, p, &a, &b), 0); /* the checker accepts it */
	for (unsigned k = 0; k < p->nboards; k++) {
		unsigned w = p->boards[k].white, x = p->boards[k].black;
		seen[w]++;
		seen[x]++;
		for (unsigned q = 0; q < r; q++) /* C1: never met over the board */
			ck_assert(!(in->players[w].rounds[q].played && in->players[w].rounds[q].opponent == x + 1));
		unsigned roll = rng_below(seed, 100);
		cc_dutch_round *rw = &in->players[w].rounds[r], *rb = &in->players[x].rounds[r];
		rw->opponent = x + 1;
		rb->opponent = w + 1;
		if (roll < 4) { /* a forfeit: not played, White wins */
			rw->points10 = 10;
			in->players[w].bye_barred = true;
			continue;
		}
		rw->played = rb->played = true;
		rw->colour = CC_DUTCH_WHITE;
		rb->colour = CC_DUTCH_BLACK;
		rw->points10 = roll < 45 ? 10 : roll < 75 ? 5 : 0;
		rb->points10 = 10 - rw->points10;
	}
	if (p->has_bye) {
		ck_assert(!in->players[p->bye].bye_barred); /* C2: one PAB at most */
		seen[p->bye]++;
		in->players[p->bye].rounds[r].pab = true;
		in->players[p->bye].rounds[r].points10 = 10;
		in->players[p->bye].bye_barred = true;
	}
	for (unsigned i = 0; i < in->nplayers; i++)
		ck_assert_uint_eq(seen[i], in->players[i].present ? 1u : 0u);
	in->played_rounds = r + 1;
	/* C3 after the round: colour difference within 2, no three in a row,
	 * but for the last round's top scorers */
	for (unsigned i = 0; i < in->nplayers && !last_round; i++) {
		int diff = 0, run = 0;
		cc_dutch_colour last = CC_DUTCH_NO_COLOUR;
		for (unsigned q = 0; q <= r; q++) {
			const cc_dutch_round *rd = &in->players[i].rounds[q];
			if (!rd->played)
				continue;
			diff += rd->colour == CC_DUTCH_WHITE ? 1 : -1;
			run = rd->colour == last ? run + 1 : 1;
			last = rd->colour;
			ck_assert_int_le(run, 2);
		}
		ck_assert_int_le(abs(diff), 2);
	}
}

START_TEST(test_dutch_property__random_tournaments_keep_the_absolute_criteria)
{
	CLAUSES("SW-1.1 SW-1.2 SW-1.3 SW-1.4 SW-2.4");
	uint64_t seed = 0x9E3779B97F4A7C15u;
	prop_counts n = {0};
	cc_dutch_input *in = malloc(sizeof *in);
	cc_dutch_pairing *p = malloc(sizeof *p);
	ck_assert(in && p);
	for (unsigned t = 0; t < 1000; t++) {
		unsigned players = 7 + rng_below(&seed, 24), rounds = 5 + rng_below(&seed, 5);
		memset(in, 0, sizeof *in);
		in->nplayers = players;
		in->total_rounds = rounds;
		in->initial_colour = rng_below(&seed, 2) ? CC_DUTCH_WHITE : CC_DUTCH_BLACK;
		in->win10 = 10;
		in->draw10 = 5;
		for (unsigned i = 0; i < players; i++)
			in->players[i].number = i + 1;
		n.tournaments++;
		for (unsigned r = 0; r < rounds; r++) {
			for (unsigned i = 0; i < players; i++)
				in->players[i].present = rng_below(&seed, 100) >= 5;
			cc_error err = {0};
			if (cc_dutch_pair(in, p, &err) != CC_OK) {
				ck_assert_int_eq(err.msg, CC_MSG_DUTCH_NO_PAIRING);
				n.no_pairing++;
				break;
			}
			n.rounds++;
			check_and_play(in, p, &seed, r + 1 == rounds);
		}
	}
	/* most rounds pair: a tournament stops only where none exists */
	ck_assert_uint_gt(n.rounds, 5000);
	free(in);
	free(p);
}
END_TEST

static Suite *dutch_suite(void)
{
	Suite *s = suite_create("dutch");
	TCase *trf = tcase_create("trf");
	tcase_add_test(trf, test_trf_columns__read_as_characters);
	tcase_add_test(trf, test_trf_cells__bad_cell_refused_with_its_line);
	tcase_add_test(trf, test_trf_acceleration__read_with_the_point_system);
	suite_add_tcase(s, trf);
	TCase *rules = tcase_create("rules");
	tcase_add_test(rules, test_dutch_round1__top_half_against_bottom_half);
	tcase_add_test(rules, test_dutch_round1__odd_number_bye_to_the_last);
	tcase_add_test(rules, test_dutch_round2__winners_meet_with_colours_alternated);
	tcase_add_test(rules, test_dutch_colours__stronger_then_alternate_then_rank);
	tcase_add_test(rules, test_dutch_absolute__no_repeat_no_same_absolute_colour);
	tcase_add_test(rules, test_dutch_floaters__a_bracket_that_cannot_pair_floats_down);
	tcase_add_test(rules, test_dutch_exchange__smallest_bsn_difference_first);
	tcase_add_test(rules, test_dutch_floats__repeated_upfloater_meets_the_lower_mdp);
	tcase_add_test(rules, test_dutch_mdp__the_resident_that_leaves_no_colour_refused);
	tcase_add_test(rules, test_dutch_bye__to_the_player_with_the_fewest_unplayed_games);
	suite_add_tcase(s, rules);
	TCase *prop = tcase_create("property");
	tcase_set_timeout(prop, 120);
	tcase_add_test(prop, test_dutch_property__random_tournaments_keep_the_absolute_criteria);
	suite_add_tcase(s, prop);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(dutch_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
