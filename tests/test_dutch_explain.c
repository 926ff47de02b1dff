/*
 * test_dutch_explain.c: a Dutch pairing explained (dutch_explain.h,
 * rules/swiss.md SW-5): the facts of each board on hand-made histories (the
 * Dutch order's first candidate taken, refused by C1, refused by C3; a
 * floater; each colour rule E1 to E5 with what decided it; the
 * pairing-allocated bye's reason), and their rendering in English and in
 * French (session_describe.h), names said printable and lines wrapped by
 * display width.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/dutch_explain.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/textwidth.h"
#include "clauses.h"

typedef struct {
	cc_dutch_input in;
	cc_dutch_pairing p;
	cc_dutch_explanation x;
} fixture;

/* n players numbered 1..n, all present, no round played. */
static fixture *start(unsigned n)
{
	fixture *f = calloc(1, sizeof *f);
	ck_assert_ptr_nonnull(f);
	f->in.nplayers = n;
	f->in.win10 = 10;
	f->in.draw10 = 5;
	f->in.initial_colour = CC_DUTCH_WHITE;
	for (unsigned i = 0; i < n; i++) {
		f->in.players[i].number = i + 1;
		f->in.players[i].present = true;
	}
	return f;
}

/* Round r (0-based): w (White) against b, w scoring w10. */
static void game(fixture *f, unsigned r, unsigned w, unsigned b, int w10)
{
	cc_dutch_round *x = &f->in.players[w].rounds[r], *y = &f->in.players[b].rounds[r];
	*x = (cc_dutch_round){.opponent = b + 1, .colour = CC_DUTCH_WHITE, .played = true, .points10 = w10};
	*y = (cc_dutch_round){.opponent = w + 1, .colour = CC_DUTCH_BLACK, .played = true, .points10 = 10 - w10};
	if (r + 1 > f->in.played_rounds)
		f->in.played_rounds = r + 1;
}

/* Player i's colours, one letter a round ('W', 'B', '-' no game), each a
 * draw against player against (absent this round): a history made up for
 * the colour rules only. */
static void history(fixture *f, unsigned i, const char *colours, unsigned against)
{
	for (unsigned r = 0; colours[r]; r++) {
		cc_dutch_round *x = &f->in.players[i].rounds[r];
		bool played = colours[r] != '-';
		*x = (cc_dutch_round){.opponent = played ? against + 1 : 0,
		                      .colour = !played ? CC_DUTCH_NO_COLOUR
		                                : colours[r] == 'W' ? CC_DUTCH_WHITE : CC_DUTCH_BLACK,
		                      .played = played,
		                      .points10 = 5};
		if (r + 1 > f->in.played_rounds)
			f->in.played_rounds = r + 1;
	}
}

static void pair_and_explain(fixture *f)
{
	cc_error err = {0};
	ck_assert_int_eq(cc_dutch_pair(&f->in, &f->p, &err), CC_OK);
	cc_dutch_explain(&f->in, &f->p, &f->x);
	ck_assert_uint_eq(f->x.nboards, f->p.nboards);
}

/* The facts of the board where player i plays. */
static const cc_dutch_board_facts *board_of(const fixture *f, unsigned i)
{
	for (unsigned b = 0; b < f->x.nboards; b++)
		if (f->x.boards[b].white.player == i || f->x.boards[b].black.player == i)
			return &f->x.boards[b];
	ck_abort_msg("player %u has no board", i);
	return NULL;
}

/* Two players present (0 and 1), with made-up colour histories against an
 * absent third: the colours of their one board. */
static fixture *two(const char *a, const char *b)
{
	fixture *f = start(3);
	f->in.players[2].present = false;
	history(f, 0, a, 2);
	history(f, 1, b, 2);
	pair_and_explain(f);
	ck_assert_uint_eq(f->x.nboards, 1);
	return f;
}

START_TEST(test_explain_round1__s1_against_s2_and_e5_by_place)
{
	CLAUSES("SW-5.1 SW-5.2");
	fixture *f = start(4);
	pair_and_explain(f);
	const cc_dutch_board_facts *b = board_of(f, 0);
	ck_assert_uint_eq(b->white.player, 0); /* place 1, odd: the initial colour */
	ck_assert_uint_eq(b->black.player, 2);
	ck_assert_int_eq(b->first, CC_DUTCH_FIRST_TAKEN);
	ck_assert_uint_eq(b->s1_position, 1);
	ck_assert_uint_eq(b->half, 2);
	ck_assert_int_eq(b->why_colour, CC_DUTCH_COLOUR_INITIAL);
	ck_assert_uint_eq(b->decider, 0);
	ck_assert_int_eq(b->white.strength, CC_DUTCH_STRENGTH_NONE);
	b = board_of(f, 1);
	ck_assert_uint_eq(b->black.player, 1); /* place 2, even: the other colour */
	ck_assert_uint_eq(b->white.player, 3);
	ck_assert_uint_eq(b->s1_position, 2);
	ck_assert_int_eq(b->why_colour, CC_DUTCH_COLOUR_INITIAL);
	ck_assert_uint_eq(b->decider, 1);
	ck_assert_uint_eq(b->black.place, 2);
	free(f);
}
END_TEST

START_TEST(test_explain_transposition__first_candidate_met_before_c1)
{
	CLAUSES("SW-5.1 SW-5.3");
	fixture *f = start(4);
	game(f, 0, 0, 2, 5); /* 1-3 and 2-4 drawn: everyone on 1/2 */
	game(f, 0, 1, 3, 5);
	pair_and_explain(f);
	for (unsigned k = 0; k < f->p.nboards; k++) { /* the engine's board and reasons, not a second search */
		ck_assert_uint_eq(f->x.boards[k].white.player, f->p.boards[k].white);
		ck_assert_uint_eq(f->x.boards[k].black.player, f->p.boards[k].black);
		ck_assert_int_eq(f->x.boards[k].why_pair, f->p.boards[k].why_pair);
		ck_assert_int_eq(f->x.boards[k].why_colour, f->p.boards[k].why_colour);
	}
	const cc_dutch_board_facts *b = board_of(f, 0);
	ck_assert_int_eq(b->bracket10, 5);
	ck_assert_int_eq(b->first, CC_DUTCH_FIRST_MET);
	ck_assert_uint_eq(b->first_candidate, 2);
	ck_assert_uint_eq(b->met_round, 1);
	ck_assert_uint_eq(b->white.player, 3); /* E1: 4 wants White, 1 Black */
	ck_assert_uint_eq(b->black.player, 0);
	ck_assert_int_eq(b->why_colour, CC_DUTCH_COLOUR_BOTH_GRANTED);
	ck_assert_int_eq(b->black.strength, CC_DUTCH_STRENGTH_STRONG);
	ck_assert_uint_eq(b->black.whites, 1);
	b = board_of(f, 1); /* 2's first candidate, 4, met him too */
	ck_assert_int_eq(b->first, CC_DUTCH_FIRST_MET);
	ck_assert_uint_eq(b->first_candidate, 3);
	ck_assert_uint_eq(b->s1_position, 2);
	free(f);
}
END_TEST

START_TEST(test_explain_transposition__first_candidate_same_absolute_colour_c3)
{
	CLAUSES("SW-5.1");
	fixture *f = start(5);
	f->in.players[4].present = false;
	history(f, 0, "WW", 4); /* absolute Black */
	history(f, 1, "BW", 4); /* mild Black */
	history(f, 2, "WW", 4); /* absolute Black */
	history(f, 3, "BB", 4); /* absolute White */
	pair_and_explain(f);
	const cc_dutch_board_facts *b = board_of(f, 0);
	ck_assert_int_eq(b->first, CC_DUTCH_FIRST_COLOUR);
	ck_assert_uint_eq(b->first_candidate, 2);
	ck_assert_int_eq(b->colour, CC_DUTCH_BLACK);
	ck_assert_uint_eq(b->white.player, 3);
	ck_assert_int_eq(b->black.strength, CC_DUTCH_STRENGTH_ABSOLUTE);
	ck_assert_uint_eq(b->black.whites, 2);
	b = board_of(f, 1); /* 2's first candidate, 4, went to 1 above him in S1 */
	ck_assert_int_eq(b->first, CC_DUTCH_FIRST_ABOVE);
	ck_assert_uint_eq(b->first_candidate, 3);
	ck_assert_uint_eq(b->first_partner, 0);
	ck_assert_uint_eq(b->s1_position, 2);
	ck_assert_uint_eq(b->black.player, 2); /* E2: 3's absolute Black over 2's mild */
	ck_assert_int_eq(b->why_colour, CC_DUTCH_COLOUR_STRONGER);
	ck_assert_uint_eq(b->decider, 2);
	free(f);
}
END_TEST

START_TEST(test_explain_floater__from_which_score)
{
	CLAUSES("SW-5.1");
	fixture *f = start(4);
	game(f, 0, 0, 2, 10); /* 1 beats 3, 4-2 drawn: 1, 1/2, 1/2, 0 */
	game(f, 0, 3, 1, 5);
	pair_and_explain(f);
	const cc_dutch_board_facts *b = board_of(f, 0);
	ck_assert(b->floated);
	ck_assert_int_eq(b->first, CC_DUTCH_FIRST_NONE);
	ck_assert_uint_eq(b->floater, 0);
	ck_assert_int_eq(b->floated_from10, 10);
	ck_assert_int_eq(b->bracket10, 5);
	ck_assert_int_eq(b->why_pair, CC_DUTCH_WHY_FLOATER);
	free(f);
}
END_TEST

START_TEST(test_explain_colours__e1_to_e4_and_what_decided)
{
	CLAUSES("SW-5.2 SW-3.1");
	fixture *f = two("W", "B"); /* E1: 0 wants Black, 1 White */
	ck_assert_int_eq(f->x.boards[0].why_colour, CC_DUTCH_COLOUR_BOTH_GRANTED);
	ck_assert_uint_eq(f->x.boards[0].white.player, 1);
	ck_assert_int_eq(f->x.boards[0].white.pref, CC_DUTCH_WHITE);
	ck_assert_int_eq(f->x.boards[0].white.strength, CC_DUTCH_STRENGTH_STRONG);
	free(f);
	f = two("WW", "BW"); /* E2: both want Black, 0's absolute wins */
	ck_assert_int_eq(f->x.boards[0].why_colour, CC_DUTCH_COLOUR_STRONGER);
	ck_assert_uint_eq(f->x.boards[0].decider, 0);
	ck_assert_uint_eq(f->x.boards[0].black.player, 0);
	free(f);
	f = two("BWWB", "WBWB"); /* E3: both mild White, they differed in round 2 */
	ck_assert_int_eq(f->x.boards[0].why_colour, CC_DUTCH_COLOUR_ALTERNATE);
	ck_assert_uint_eq(f->x.boards[0].e3_round_white, 2);
	ck_assert_uint_eq(f->x.boards[0].e3_round_black, 2);
	ck_assert_uint_eq(f->x.boards[0].black.player, 0); /* White in round 2 */
	free(f);
	f = two("-BWWB", "WB-WB"); /* E3 counting each one's games back: rounds 3 and 2 */
	ck_assert_int_eq(f->x.boards[0].why_colour, CC_DUTCH_COLOUR_ALTERNATE);
	ck_assert_uint_eq(f->x.boards[0].white.player, 1);
	ck_assert_uint_eq(f->x.boards[0].e3_round_white, 2);
	ck_assert_uint_eq(f->x.boards[0].e3_round_black, 3);
	free(f);
	f = two("WB", "WB"); /* E4: the same history, the higher-ranked's wish */
	ck_assert_int_eq(f->x.boards[0].why_colour, CC_DUTCH_COLOUR_HIGHER_RANK);
	ck_assert_uint_eq(f->x.boards[0].decider, 0);
	ck_assert_uint_eq(f->x.boards[0].white.player, 0);
	free(f);
}
END_TEST

START_TEST(test_explain_bye__lowest_score_lowest_ranked_c2)
{
	CLAUSES("SW-5.1 SW-1.2");
	fixture *f = start(3);
	pair_and_explain(f);
	ck_assert(f->x.has_bye);
	ck_assert_uint_eq(f->x.bye.player.player, 2);
	ck_assert(f->x.bye.lowest_score);
	ck_assert_uint_eq(f->x.bye.below, 0);
	free(f);
	f = start(3);
	game(f, 0, 0, 1, 5); /* 1-2 drawn, 3 had the bye (scored 1/2 here) */
	f->in.players[2].rounds[0] = (cc_dutch_round){.pab = true, .points10 = 5};
	f->in.players[2].bye_barred = true;
	pair_and_explain(f);
	ck_assert(f->x.has_bye);
	ck_assert_uint_eq(f->x.bye.player.player, 1);
	ck_assert_uint_eq(f->x.bye.below, 1);
	ck_assert_uint_eq(f->x.bye.barred_below, 1);
	free(f);
}
END_TEST

static const char *const names[] = {"Anne", "Bruno", "Chloé", "Dmitri\x1b[2J"};

static char *said(const cc_lang *lang, const fixture *f, unsigned board, int width)
{
	static char buf[8192];
	cc_session_describe_pairing_board(lang, &f->x, board, names, width, buf, sizeof buf);
	return buf;
}

START_TEST(test_explain_render__english_and_french)
{
	CLAUSES("SW-5.1 SW-5.2 SW-5.4");
	cc_lang_use_dir(CC_TEST_LOCALE_DIR);
	const cc_lang *en = cc_lang_named("en"), *fr = cc_lang_named("fr");
	ck_assert_ptr_nonnull(fr);
	fixture *f = start(4);
	game(f, 0, 0, 2, 5);
	game(f, 0, 1, 3, 5);
	pair_and_explain(f);
	char *s = said(en, f, 0, 0);
	ck_assert_msg(strstr(s, "Board 1: ") == s, "%s", s);
	ck_assert_msg(strstr(s, "first candidate in the Dutch order, Chloé, is refused: they met in round 1 (C1)"), "%s", s);
	ck_assert_msg(strstr(s, "\n  Colours by E1, both preferences granted: Dmitri\\x1B[2J wants White (strong: White 0, Black 1 so far); Anne wants Black (strong: White 1, Black 0 so far).\n"), "%s", s);
	ck_assert_msg(strstr(s, "score 1.5") == NULL && strstr(s, "score 0.5"), "%s", s);
	ck_assert_msg(strstr(s, "\x1b") == NULL && strstr(s, "Dmitri\\x1B[2J"), "the name said printable: %s", s);
	s = said(fr, f, 0, 0);
	ck_assert_msg(strstr(s, "Échiquier 1 : ") == s, "%s", s);
	ck_assert_msg(strstr(s, "ils se sont rencontrés à la ronde 1 (C1)"), "%s", s);
	ck_assert_msg(strstr(s, "score 0,5"), "the decimal comma: %s", s);
	ck_assert_msg(strstr(s, "Couleurs par E1, les deux préférences accordées : Dmitri\\x1B[2J veut les Blancs (forte : Blancs 0, Noirs 1 jusqu'ici)"), "%s", s);
	free(f);
	/* round 1: E5 by place, S1 against S2, and the bye */
	f = start(3);
	pair_and_explain(f);
	s = said(en, f, 0, 0);
	ck_assert_msg(strstr(s, "player 1 of S1 against player 1 of S2 of the 2 paired in it"), "%s", s);
	ck_assert_msg(strstr(s, "Colours by E5, no preference: the higher-ranked, Anne, has place 1, odd, so takes the initial colour, White."), "%s", s);
	s = said(fr, f, 1, 0);
	ck_assert_msg(strstr(s, "Exempt d'appariement : Chloé (n° 3, score 0) : le score le plus bas"), "%s", s);
	s = said(en, f, 1, 0);
	ck_assert_msg(strstr(s, "Pairing-allocated bye: Chloé (no. 3, score 0): the lowest score, the lowest ranked, and no bye so far (C2)."), "%s", s);
	free(f);
}
END_TEST

START_TEST(test_explain_render__wrapped_by_display_width)
{
	CLAUSES("SW-5.4");
	const cc_lang *en = cc_lang_named("en");
	fixture *f = two("WW", "BW");
	char *s = said(en, f, 0, 40);
	int lines = 0;
	for (char *line = s; *line; lines++) {
		char *end = strchr(line, '\n');
		ck_assert_ptr_nonnull(end);
		*end = '\0';
		ck_assert_msg(cc_width_of(line) <= 40 || strchr(line + 2, ' ') == NULL, "too wide: '%s'", line);
		if (lines > 0)
			ck_assert_msg(strncmp(line, "  ", 2) == 0, "continuation indented: '%s'", line);
		line = end + 1;
	}
	ck_assert_int_gt(lines, 4);
	free(f);
}
END_TEST

static Suite *explain_suite(void)
{
	Suite *s = suite_create("dutch_explain");
	TCase *facts = tcase_create("facts");
	tcase_add_test(facts, test_explain_round1__s1_against_s2_and_e5_by_place);
	tcase_add_test(facts, test_explain_transposition__first_candidate_met_before_c1);
	tcase_add_test(facts, test_explain_transposition__first_candidate_same_absolute_colour_c3);
	tcase_add_test(facts, test_explain_floater__from_which_score);
	tcase_add_test(facts, test_explain_colours__e1_to_e4_and_what_decided);
	tcase_add_test(facts, test_explain_bye__lowest_score_lowest_ranked_c2);
	suite_add_tcase(s, facts);
	TCase *render = tcase_create("render");
	tcase_add_test(render, test_explain_render__english_and_french);
	tcase_add_test(render, test_explain_render__wrapped_by_display_width);
	suite_add_tcase(s, render);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(explain_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
