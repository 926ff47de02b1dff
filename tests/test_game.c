/*
 * test_game.c: the table of games (game.h): every class is found by its
 * format and its name, says its label in French too, and has the traits
 * its match shows from the start (a cube phase for cubes, a move clock for
 * Twice, a board for games recorded move by move, a deal for Chess-Uno),
 * the timings the match runs by, and the match knows a format only through
 * the table (a format the table lacks is refused).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/game.h"
#include "chesscubing/uno.h"
#include "clauses.h"
#include "match_helpers.h"

/* The French of msgid in src/po/fr.po, "" when it has none (one-line entries). */
static void french_of(const char *msgid, char *out, size_t size)
{
	FILE *po = fopen(CC_FR_PO, "r");
	char line[1024], want[512];
	bool found = false;
	ck_assert_ptr_nonnull(po);
	snprintf(want, sizeof want, "msgid \"%s\"\n", msgid);
	out[0] = '\0';
	while (fgets(line, sizeof line, po)) {
		if (found && strncmp(line, "msgstr \"", 8) == 0) {
			snprintf(out, size, "%.*s", (int)(size - 1), line + 8);
			char *end = strrchr(out, '"');
			if (end)
				*end = '\0';
			break;
		}
		found = strcmp(line, want) == 0;
	}
	fclose(po);
}

/* A new match of the game: its defaults, moves recording where the game
 * always records moves, a deal where it is dealt. */
static cc_match *new_game(const cc_game_class *game)
{
	cc_match_settings s;
	cc_match *m = NULL;
	cc_error err = {0};
	cc_match_settings_default(&s);
	s.format = game->format;
	if (game->traits & CC_GAME_MOVES_ALWAYS)
		s.record = CC_RECORD_MOVES;
	if (game->traits & CC_GAME_DEALT) {
		uint8_t key[CC_UNO_KEY_SIZE];
		cc_uno_deal deal;
		cc_uno_key_from_seed(7, key);
		cc_uno_deal_shuffle(&s.uno.options, key, &deal);
		cc_uno_deal_text(&deal, s.uno.deal, sizeof s.uno.deal);
	}
	ck_assert_msg(cc_match_create(&m, &s, &err) == CC_OK, "%s: %s", game->name, err.message);
	return m;
}

START_TEST(test_game_classes__name_and_format_round_trip)
{
	CLAUSES("none");
	size_t n;
	const cc_game_class *all = cc_game_classes(&n);
	ck_assert_uint_eq(n, 4);
	for (size_t i = 0; i < n; i++) {
		const cc_game_class *game = &all[i];
		cc_format parsed;
		ck_assert_ptr_eq(cc_game_class_of(game->format), game);
		ck_assert_ptr_eq(cc_game_class_named(game->name), game);
		ck_assert_str_eq(cc_format_name(game->format), game->name);
		ck_assert_int_eq(cc_format_parse(game->name, &parsed), CC_OK);
		ck_assert_int_eq(parsed, game->format);
		for (size_t j = 0; j < i; j++)
			ck_assert_int_ne(all[j].format, game->format);
	}
	ck_assert_ptr_null(cc_game_class_named("Twice"));
	ck_assert_ptr_null(cc_game_class_named(""));
	ck_assert_str_eq(cc_game_class_of(CC_FORMAT_TWICE)->name, "twice");
	ck_assert_str_eq(cc_game_class_of(CC_FORMAT_UNO)->name, "uno");
}
END_TEST

START_TEST(test_game_classes__labels_said_in_french)
{
	CLAUSES("none");
	size_t n;
	const cc_game_class *all = cc_game_classes(&n);
	for (size_t i = 0; i < n; i++) {
		char fr[512];
		ck_assert_msg(all[i].label[0] && all[i].title[0], "%s has no label", all[i].name);
		french_of(all[i].label, fr, sizeof fr);
		ck_assert_msg(fr[0], "label '%s' has no French in fr.po", all[i].label);
		french_of(all[i].title, fr, sizeof fr);
		ck_assert_msg(fr[0], "title '%s' has no French in fr.po", all[i].title);
	}
	char fr[512];
	french_of(cc_game_class_of(CC_FORMAT_CHESS)->label, fr, sizeof fr);
	ck_assert_str_eq(fr, "Partie d'échecs");
}
END_TEST

/* What the view shows at the start is what the class says the game has. */
START_TEST(test_game_classes__traits_as_the_match_shows_them)
{
	CLAUSES("CO-3.1");
	size_t n;
	const cc_game_class *all = cc_game_classes(&n);
	for (size_t i = 0; i < n; i++) {
		const cc_game_class *game = &all[i];
		unsigned t = game->traits;
		cc_match *m = new_game(game);
		cc_match_view v = view_at(m, 0);
		ck_assert_msg((v.quota > 0) == !!(t & CC_GAME_BLOCKS), "%s: quota %d", game->name, v.quota);
		ck_assert_msg(v.has_move_clock == !!(t & CC_GAME_MOVE_CLOCK), "%s: move clock", game->name);
		ck_assert_msg(v.has_board == !!(t & CC_GAME_MOVES_ALWAYS), "%s: board", game->name);
		ck_assert_msg((cc_match_uno(m) != NULL) == !!(t & CC_GAME_DEALT), "%s: deal", game->name);
		ck_assert_msg(!(t & CC_GAME_SINGLE) == !!(t & CC_GAME_BLOCKS), "%s: a game or a match", game->name);
		if (t & CC_GAME_CATEGORY)
			ck_assert_int_eq(v.quota, cc_match_quota(cc_match_settings_of(m)->category));
		if (t & CC_GAME_CUBES) {
			/* the quotas played, a cube phase follows the block */
			int64_t now = 0;
			ok(m, cc_event_start(now));
			play_moves(m, &now, 2 * v.quota, 1000);
			ck_assert_msg(view_at(m, now).phase == CC_PHASE_CUBE, "%s: no cube phase", game->name);
		}
		cc_match_destroy(m);
	}
}
END_TEST

/* A claim is heard in a game that has claims once it runs; elsewhere the
 * core's refusal says why not (CO-5.1), the match untouched. */
START_TEST(test_game_may_hear__claims_where_the_game_has_them)
{
	CLAUSES("CO-5.1 FI-9.2");
	size_t n;
	const cc_game_class *all = cc_game_classes(&n);
	for (size_t i = 0; i < n; i++) {
		cc_match *m = new_game(&all[i]);
		cc_error why = {0};
		if (!(all[i].traits & CC_GAME_DEALT))
			ok(m, cc_event_start(0));
		size_t events = cc_match_event_count(m);
		cc_err rc = cc_game_may_hear(m, CC_EV_CLAIM, CC_SIDE_WHITE, 1000, &why);
		if (all[i].traits & CC_GAME_CLAIMS)
			ck_assert_msg(rc == CC_OK, "%s: %s", all[i].name, why.message);
		else
			ck_assert_msg(rc != CC_OK && why.code == rc, "%s: a claim heard", all[i].name);
		ck_assert_uint_eq(cc_match_event_count(m), events);
		cc_match_destroy(m);
	}
}
END_TEST

/* The timings are the class's: the view at the start shows its block,
 * its move clock and its fixed chess clocks, and the class says it runs a
 * game (every row has the operations the match asks). */
START_TEST(test_game_classes__timings_as_the_match_runs_them)
{
	CLAUSES("CO-2.1 TW-4.1 TI-1.1");
	size_t n;
	const cc_game_class *all = cc_game_classes(&n);
	for (size_t i = 0; i < n; i++) {
		const cc_game_class *game = &all[i];
		ck_assert_ptr_nonnull(game->rules);
		ck_assert_ptr_eq(cc_game_class_find(game->format), game);
		cc_match *m = new_game(game);
		cc_match_view v = view_at(m, 0);
		ck_assert_msg(v.block_ms_left == game->block_ms, "%s: block", game->name);
		ck_assert_msg(v.has_move_clock == (game->move_ms > 0), "%s: move clock", game->name);
		ck_assert_msg(v.move_ms_left == game->move_ms, "%s: move clock", game->name);
		if (game->clock_ms > 0) {
			ck_assert(v.has_chess_clocks);
			ck_assert_int_eq(v.clock_ms[CC_SIDE_WHITE], game->clock_ms);
			ck_assert_int_eq(v.clock_ms[CC_SIDE_BLACK], game->clock_ms);
		}
		cc_match_destroy(m);
	}
	ck_assert_int_eq(cc_game_class_of(CC_FORMAT_TWICE)->block_ms, CC_BLOCK_MS);
	ck_assert_int_eq(cc_game_class_of(CC_FORMAT_TWICE)->move_ms, CC_MOVE_MS);
	ck_assert_int_eq(cc_game_class_of(CC_FORMAT_TIME)->clock_ms, CC_TIME_CLOCK_MS);
	ck_assert_int_eq(cc_game_class_of(CC_FORMAT_CHESS)->block_ms, 0);
}
END_TEST

START_TEST(test_game_classes__format_outside_the_table_refused)
{
	CLAUSES("none");
	cc_match_settings s;
	cc_match *m = NULL;
	cc_error err = {0};
	cc_match_settings_default(&s);
	s.format = (cc_format)(CC_FORMAT_UNO + 1);
	ck_assert_ptr_null(cc_game_class_find(s.format));
	ck_assert_int_eq(cc_match_create(&m, &s, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_UNKNOWN_SETTINGS);
	ck_assert_ptr_null(m);
}
END_TEST

static Suite *game_suite(void)
{
	Suite *s = suite_create("game");
	TCase *classes = tcase_create("classes");
	tcase_add_test(classes, test_game_classes__name_and_format_round_trip);
	tcase_add_test(classes, test_game_classes__labels_said_in_french);
	tcase_add_test(classes, test_game_classes__traits_as_the_match_shows_them);
	tcase_add_test(classes, test_game_may_hear__claims_where_the_game_has_them);
	tcase_add_test(classes, test_game_classes__timings_as_the_match_runs_them);
	tcase_add_test(classes, test_game_classes__format_outside_the_table_refused);
	suite_add_tcase(s, classes);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(game_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
