/*
 * test_plurals.c: every text that says a count reads right for 0, 1 and 2,
 * in English (the singular for 1 only) and in French (the singular for 0
 * and 1: fr.po's Plural-Forms), and a move said inside a French line has
 * the French piece letters (issue 35 N9, slice frwords).
 *
 * The renderer's texts are asked through the renderer (the block, the
 * moves of both players, the report's interventions, the event log); the
 * console's and the commands' (which need a terminal or a record) through
 * the catalogue, one row a family, with the msgid the code passes to P_().
 * The catalogue is the build's (cc_lang_use_dir), whatever the locales
 * the machine has generated.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/support_lang.h"
#include "clauses.h"

static const cc_lang *fr;

/* The console's and the commands' families: what P_() is given, and the
 * French for 0, 1 and 2 (the English is the msgid: singular for 1). */
static const struct {
	const char *singular, *plural, *french_one, *french_many;
} families[] = {
	{"%d move to write:", "%d moves to write:", "%d coup à écrire :", "%d coups à écrire :"},
	{"%d later stamp void: that move ended the game or the block at its stamp (RU-35).",
	 "%d later stamps void: that move ended the game or the block at its stamp (RU-35).",
	 "%d horodatage suivant annulé : ce coup a fini la partie ou le bloc à son horodatage (RU-35).",
	 "%d horodatages suivants annulés : ce coup a fini la partie ou le bloc à son horodatage (RU-35)."},
	{"%d later stamp void: that move ended the game at its stamp (RU-38).",
	 "%d later stamps void: that move ended the game at its stamp (RU-38).",
	 "%d horodatage suivant annulé : ce coup a fini la partie à son horodatage (RU-38).",
	 "%d horodatages suivants annulés : ce coup a fini la partie à son horodatage (RU-38)."},
	{"%u player", "%u players", "%u joueur", "%u joueurs"},
	{"%u round", "%u rounds", "%u ronde", "%u rondes"},
	{"%zu of %zu games finished", "%zu of %zu games finished", "%zu partie terminée sur %zu",
	 "%zu parties terminées sur %zu"},
	{"%s withdraws from round %u of '%s': %u game lost by forfeit (CL-6.3)\n",
	 "%s withdraws from round %u of '%s': %u games lost by forfeit (CL-6.3)\n",
	 "%s se retire à partir de la ronde %u de « %s » : %u partie perdue par forfait (CL-6.3)\n",
	 "%s se retire à partir de la ronde %u de « %s » : %u parties perdues par forfait (CL-6.3)\n"},
	{"game %zu: %s - %s, %zu ply, %s\n", "game %zu: %s - %s, %zu plies, %s\n",
	 "partie %zu : %s - %s, %zu demi-coup, %s\n", "partie %zu : %s - %s, %zu demi-coups, %s\n"},
	{"Pile: %zu card", "Pile: %zu cards", "Pioche : %zu carte", "Pioche : %zu cartes"},
	{" (%u reshuffle).", " (%u reshuffles).", " (%u remélange).", " (%u remélanges)."},
	{"%d move in %lld min", "%d moves in %lld min", "%d coup en %lld min", "%d coups en %lld min"},
	{"< %s: %d move a block >", "< %s: %d moves a block >", "< %s : %d coup par bloc >",
	 "< %s : %d coups par bloc >"},
	{"%zu correction", "%zu corrections", "%zu correction", "%zu corrections"},
	{"%zu undo", "%zu undos", "%zu annulation", "%zu annulations"},
	{"%zu hold", "%zu holds", "%zu arrêt des pendules", "%zu arrêts des pendules"},
	{"%zu move declared in time", "%zu moves declared in time", "%zu coup déclaré à temps",
	 "%zu coups déclarés à temps"},
	{"%zu resume", "%zu resumes", "%zu reprise", "%zu reprises"},
	{" %s %d counted", " %s %d counted", " %s %d compté", " %s %d comptés"},
	{" (%d lost)", " (%d lost)", " (%d perdu)", " (%d perdus)"},
	{"%s %d counted move", "%s %d counted moves", "%s %d coup compté", "%s %d coups comptés"},
	{"%s %d move", "%s %d moves", "%s %d coup", "%s %d coups"},
	/* issue 35's leftovers (slice board): `chesscubing dgt`'s last line, a scenario's arguments */
	{"%u message", "%u messages", "%u message", "%u messages"},
	{", %u field update", ", %u field updates", ", %u changement de case", ", %u changements de case"},
	{", %u byte of garbage", ", %u bytes of garbage", ", %u octet parasite", ", %u octets parasites"},
	{", %u broken message\n", ", %u broken messages\n", ", %u message cassé\n", ", %u messages cassés\n"},
	{"'%1$s' takes %2$d to %3$d argument", "'%1$s' takes %2$d to %3$d arguments",
	 "« %1$s » prend de %2$d à %3$d argument", "« %1$s » prend de %2$d à %3$d arguments"},
};

START_TEST(test_plurals_catalogue__each_family_for_0_1_and_2)
{
	CLAUSES("none");
	for (size_t i = 0; i < sizeof families / sizeof families[0]; i++) {
		const char *one = families[i].singular, *many = families[i].plural;
		ck_assert_str_eq(cc_lang_ntr(NULL, one, many, 0), many);
		ck_assert_str_eq(cc_lang_ntr(NULL, one, many, 1), one);
		ck_assert_str_eq(cc_lang_ntr(NULL, one, many, 2), many);
		ck_assert_str_eq(cc_lang_ntr(fr, one, many, 0), families[i].french_one);
		ck_assert_str_eq(cc_lang_ntr(fr, one, many, 1), families[i].french_one);
		ck_assert_str_eq(cc_lang_ntr(fr, one, many, 2), families[i].french_many);
	}
}
END_TEST

START_TEST(test_plurals_moves__both_players_each_in_its_form)
{
	CLAUSES("none");
	char buf[256];
	cc_session_describe_move_counts(NULL, true, "Alice", 1, "Bob", 0, buf, sizeof buf);
	ck_assert_str_eq(buf, "Alice 1 counted move, Bob 0 counted moves");
	cc_session_describe_move_counts(NULL, false, "Alice", 2, "Bob", 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "Alice 2 moves, Bob 1 move");
	cc_session_describe_move_counts(fr, true, "Alice", 1, "Bob", 0, buf, sizeof buf);
	ck_assert_str_eq(buf, "Alice 1 coup compté, Bob 0 coup compté");
	cc_session_describe_move_counts(fr, true, "Alice", 2, "Bob", 6, buf, sizeof buf);
	ck_assert_str_eq(buf, "Alice 2 coups comptés, Bob 6 coups comptés");
	cc_session_describe_move_counts(fr, false, "Alice", 0, "Bob", 2, buf, sizeof buf);
	ck_assert_str_eq(buf, "Alice 0 coup, Bob 2 coups");
}
END_TEST

static cc_match_settings twice(void)
{
	cc_match_settings s;
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_TWICE;
	snprintf(s.white, sizeof s.white, "Alice");
	snprintf(s.black, sizeof s.black, "Bob");
	return s;
}

START_TEST(test_plurals_block__counted_and_lost_in_french)
{
	CLAUSES("none");
	cc_match_settings s = twice();
	cc_block_summary b;
	memset(&b, 0, sizeof b);
	b.block = 1;
	b.cube_number = 2;
	b.moves[0] = 1;
	b.lost[0] = 0;
	b.moves[1] = 2;
	b.lost[1] = 2;
	char text[1024];
	cc_session_describe_block(fr, &b, &s, text, sizeof text);
	ck_assert_msg(strstr(text, " Alice 1 compté (0 perdu) ;") != NULL, "%s", text); /* the French semicolon's space */
	ck_assert_msg(strstr(text, " Bob 2 comptés (2 perdus).") != NULL, "%s", text);
	cc_session_describe_block(NULL, &b, &s, text, sizeof text);
	ck_assert_msg(strstr(text, " Alice 1 counted (0 lost); Bob 2 counted (2 lost).") != NULL, "%s", text);
}
END_TEST

/* The report, in French, of a Twice match with one correction, one undo,
 * one hold: the interventions' heading counts each in its form. */
static char *report_of(const cc_lang *lang, cc_session *session)
{
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	ck_assert_ptr_nonnull(out);
	ck_assert_int_eq(cc_session_write_report(lang, out, session, false, true), 0);
	fclose(out);
	return text;
}

START_TEST(test_plurals_report__interventions_each_in_its_form)
{
	CLAUSES("none");
	cc_match_settings s = twice();
	cc_session *session = NULL;
	ck_assert_int_eq(cc_session_create(&session, NULL, &s, false, NULL), CC_OK);
	cc_event evs[] = {cc_event_start(0),
	                  cc_event_move(3000, CC_SIDE_WHITE, false),
	                  cc_event_hold(4000),
	                  cc_event_correct(4000, CC_CORRECT_BLOCK, CC_SIDE_WHITE, 170000, false, "clock knocked"),
	                  cc_event_release(4000),
	                  cc_event_undo(6000)};
	for (size_t i = 0; i < sizeof evs / sizeof evs[0]; i++)
		ck_assert_int_eq(cc_session_apply(session, &evs[i], NULL), CC_OK);
	char *text = report_of(fr, session);
	ck_assert_msg(strstr(text, "Interventions de l'arbitre : 1 correction, 1 annulation, 1 arrêt des pendules, 0 coup "
	                           "déclaré à temps, 0 reprise.") != NULL,
	              "%s", text);
	/* issue 35's leftovers (slice board): the French colon's space, the
	 * times' decimal comma, the semicolon between the counts. */
	ck_assert_msg(strstr(text, "\nBlancs : ") && strstr(text, "\nNoirs : ") && strstr(text, "\nRésultat : "), "%s", text);
	ck_assert_msg(strstr(text, "     0:06,0  ") && strstr(text, "     0:03,0  ") && !strstr(text, "0:03.0"), "%s", text);
	free(text);
	text = report_of(NULL, session);
	ck_assert_msg(strstr(text, "Arbiter's interventions: 1 correction, 1 undo, 1 hold, 0 moves declared in time, 0 "
	                           "resumes.") != NULL,
	              "%s", text);
	ck_assert_msg(strstr(text, "\nWhite: ") && strstr(text, "     0:03.0  "), "%s", text);
	free(text);
	cc_session_destroy(session);
}
END_TEST

/* A move said inside a French line (the log, the report's events and its
 * scoresheet) has the French letters; the record keeps English SAN. */
START_TEST(test_plurals_san__french_letters_in_the_log_and_the_report)
{
	CLAUSES("none");
	cc_match_settings s = twice();
	s.record = CC_RECORD_MOVES;
	char line[256];
	cc_event in_time = cc_event_in_time(1000, CC_SIDE_BLACK, false, "Nf6");
	cc_session_describe_event(fr, &in_time, &s, line, sizeof line);
	ck_assert_str_eq(line, "arbitre : Cf6 de Bob a été joué à temps");
	cc_session_describe_event(NULL, &in_time, &s, line, sizeof line);
	ck_assert_str_eq(line, "arbiter: Bob's Nf6 was played in time");
	cc_event played = cc_event_move_text(1000, CC_SIDE_WHITE, "Nf3");
	cc_session_describe_event(fr, &played, &s, line, sizeof line);
	ck_assert_str_eq(line, "Alice joue Cf3");
	cc_event written = cc_event_san(1000, "Qxd8+");
	cc_session_describe_event(fr, &written, &s, line, sizeof line);
	ck_assert_str_eq(line, "le coup horodaté écrit : Dxd8+");

	cc_session *session = NULL;
	ck_assert_int_eq(cc_session_create(&session, NULL, &s, false, NULL), CC_OK);
	cc_event evs[] = {cc_event_start(0), cc_event_move_text(1000, CC_SIDE_WHITE, "Nf3"),
	                  cc_event_move_text(2000, CC_SIDE_BLACK, "Nc6")};
	for (size_t i = 0; i < sizeof evs / sizeof evs[0]; i++)
		ck_assert_int_eq(cc_session_apply(session, &evs[i], NULL), CC_OK);
	char *text = report_of(fr, session);
	ck_assert_msg(strstr(text, "Alice joue Cf3") && strstr(text, "Bob joue Cc6"), "%s", text);
	ck_assert_msg(!strstr(text, "Nf3") && !strstr(text, "Nc6"), "%s", text);
	free(text);
	text = report_of(NULL, session);
	ck_assert_msg(strstr(text, "Alice plays Nf3") && strstr(text, "Bob plays Nc6"), "%s", text);
	free(text);
	cc_session_destroy(session);
}
END_TEST

int main(void)
{
	cc_lang_use_dir(CC_TEST_LOCALE_DIR);
	fr = cc_lang_named("fr");
	Suite *s = suite_create("plurals");
	TCase *catalogue = tcase_create("catalogue");
	TCase *renderer = tcase_create("renderer");
	tcase_add_test(catalogue, test_plurals_catalogue__each_family_for_0_1_and_2);
	tcase_add_test(renderer, test_plurals_moves__both_players_each_in_its_form);
	tcase_add_test(renderer, test_plurals_block__counted_and_lost_in_french);
	tcase_add_test(renderer, test_plurals_report__interventions_each_in_its_form);
	tcase_add_test(renderer, test_plurals_san__french_letters_in_the_log_and_the_report);
	suite_add_tcase(s, catalogue);
	suite_add_tcase(s, renderer);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
