/*
 * test_event_export.c: the event exports' writers on a table built by hand
 * (session_event_export.h, rules/club.md CL-4.6 to CL-4.15): each result's
 * symbol and its mirror, TRF16's fixed columns (a long accented name cut at
 * 33 characters, every later field in its column), the HTML's escaping of
 * a hostile name, the CSV's quoting; the round robin's summary in French
 * and English, the machine outputs the same in both.
 *
 * The event: three players, a round robin of three rounds.
 *   round 1: 2-3 1-0, 1 has the bye
 *   round 2: 3-1 draw, 2 has the bye
 *   round 3: 1-2 not played, 3's bye (a round not begun)
 * created on 2026/12/01, its second round's game on 2026/12/08.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session_event_export.h"
#include "chesscubing/support_lang.h"
#include "clauses.h"

#define LONG_NAME "Élodie-Émilie Ærøskøbing Ŀukasz Ünterwald" /* 41 characters */
#define HOSTILE "<b>X</b>&\"'"

static void table_of(cc_event_table *t)
{
	static cc_event_game games[] = {
		{1, 1, 1, 0, CC_EVENT_GAME_BYE, 0, "", {1.0, 0.0}, false},
		{1, 2, 2, 3, CC_EVENT_GAME_WHITE_WINS, 11, "2026/12/01", {1.0, 0.0}, false},
		{2, 1, 2, 0, CC_EVENT_GAME_BYE, 0, "", {1.0, 0.0}, false},
		{2, 2, 3, 1, CC_EVENT_GAME_DRAW, 12, "2026/12/08", {0.5, 0.5}, false},
		{3, 1, 3, 0, CC_EVENT_GAME_UNPLAYED, 0, "", {0.0, 0.0}, false},
		{3, 2, 1, 2, CC_EVENT_GAME_UNPLAYED, 0, "", {0.0, 0.0}, false},
	};
	memset(t, 0, sizeof *t);
	snprintf(t->event.name, sizeof t->event.name, "Club <night>");
	t->event.format = CC_FORMAT_TWICE;
	t->event.category = CC_CATEGORY_FAST;
	snprintf(t->event.created_utc, sizeof t->event.created_utc, "2026-12-01 19:00:00");
	t->event.players = 3;
	t->event.rounds = 3;
	t->event.pairings = 6;
	t->event.finished = 4;
	t->game_label = "ChessCubing Twice V2";
	t->players = 3;
	/* standings order: 2 (2 points), 1 (1.5), 3 (0.5) */
	t->player[0] = (cc_event_player){2, HOSTILE, "", {1, 2.0, 0, false, 1, 0.5, 1, 1, 0, false}, true, 1000.0, 20.0, {{0}}};
	t->player[1] = (cc_event_player){1, LONG_NAME, "12345678", {0, 1.5, 0, false, 0, 1.0, 1, 2, 0, false}, true, 1012.4, 2.5, {{0}}};
	t->player[2] = (cc_event_player){3, "Dupont, Jean", "", {2, 0.5, 0, false, 0, 0.25, 2, 3, 0, false}, true, 990.0, -22.5, {{0}}};
	t->games = sizeof games / sizeof games[0];
	t->game = games;
}

/* The export of t in format, as a malloc'd string. */
static char *written(const cc_event_table *t, cc_event_export_format format)
{
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	ck_assert_ptr_nonnull(out);
	ck_assert_int_eq(cc_session_event_write(out, t, format), 0);
	fclose(out);
	return text;
}

/* The export of t in format and lang, as a malloc'd string. */
static char *written_in(const cc_lang *lang, const cc_event_table *t, cc_event_export_format format)
{
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	ck_assert_ptr_nonnull(out);
	ck_assert_int_eq(cc_session_event_write_lang(out, lang, t, format), 0);
	fclose(out);
	return text;
}

/* The line of text starting with prefix, copied into buf. */
static void line_of(const char *text, const char *prefix, char *buf, size_t size)
{
	const char *p = text;
	while (p && strncmp(p, prefix, strlen(prefix)) != 0)
		p = (p = strchr(p, '\n')) ? p + 1 : NULL;
	ck_assert_msg(p != NULL, "no line '%s' in:\n%s", prefix, text);
	size_t n = strcspn(p, "\n");
	ck_assert_uint_lt(n, size);
	memcpy(buf, p, n);
	buf[n] = '\0';
}

/* Columns a..b (from 1) of a line, counted in bytes as a strict TRF16
 * reader counts them (CL-4.20). */
static void columns(const char *line, unsigned a, unsigned b, char *buf, size_t size)
{
	size_t n = strlen(line), used = 0;
	for (size_t i = a - 1; i < n && i < b && used + 1 < size; i++)
		buf[used++] = line[i];
	buf[used] = '\0';
}

/* Columns a..b of line are want. */
static void expect_columns(const char *line, unsigned a, unsigned b, const char *want)
{
	char f[256];
	columns(line, a, b, f, sizeof f);
	ck_assert_msg(strcmp(f, want) == 0, "columns %u-%u of '%s': '%s', not '%s'", a, b, line, f, want);
}

START_TEST(test_event_export_symbols__each_result_and_its_mirror)
{
	CLAUSES("CL-4.6 CL-4.15");
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_WHITE_WINS, true), '1');
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_WHITE_WINS, false), '0');
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_BLACK_WINS, true), '0');
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_BLACK_WINS, false), '1');
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_DRAW, false), '=');
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_BYE, true), 'U');
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_UNPLAYED, true), ' ');
	ck_assert_str_eq(cc_session_event_cell_symbol(CC_EVENT_GAME_WHITE_WINS, true), "1");
	ck_assert_str_eq(cc_session_event_cell_symbol(CC_EVENT_GAME_WHITE_WINS, false), "0");
	ck_assert_str_eq(cc_session_event_cell_symbol(CC_EVENT_GAME_BLACK_WINS, false), "1");
	ck_assert_str_eq(cc_session_event_cell_symbol(CC_EVENT_GAME_DRAW, true), "½");
	ck_assert_str_eq(cc_session_event_cell_symbol(CC_EVENT_GAME_BYE, true), "B");
	ck_assert_str_eq(cc_session_event_cell_symbol(CC_EVENT_GAME_UNPLAYED, false), ".");
	/* the club's results without a game (CL-6): TRF16's + - H U, the grid's + - H B */
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_WHITE_FORFEIT, true), '+');
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_WHITE_FORFEIT, false), '-');
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_BLACK_FORFEIT, true), '-');
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_BLACK_FORFEIT, false), '+');
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_DOUBLE_FORFEIT, true), '-');
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_DOUBLE_FORFEIT, false), '-');
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_WHITE_HALF_BYE, true), 'H');
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_WHITE_HALF_BYE, false), 'F');
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_ZERO_BYE, true), 'Z');
	ck_assert_str_eq(cc_session_event_cell_symbol(CC_EVENT_GAME_ZERO_BYE, true), "Z");
	ck_assert_int_eq(cc_session_event_trf_symbol(CC_EVENT_GAME_BLACK_HALF_BYE, false), 'H');
	ck_assert_str_eq(cc_session_event_cell_symbol(CC_EVENT_GAME_WHITE_FORFEIT, true), "+");
	ck_assert_str_eq(cc_session_event_cell_symbol(CC_EVENT_GAME_BLACK_FORFEIT, true), "-");
	ck_assert_str_eq(cc_session_event_cell_symbol(CC_EVENT_GAME_DOUBLE_FORFEIT, false), "-");
	ck_assert_str_eq(cc_session_event_cell_symbol(CC_EVENT_GAME_BLACK_HALF_BYE, false), "H");
	ck_assert_str_eq(cc_session_event_cell_symbol(CC_EVENT_GAME_BLACK_HALF_BYE, true), "B");
}
END_TEST

START_TEST(test_event_export_trf__fields_in_their_columns)
{
	CLAUSES("CL-4.12 CL-4.13 CL-4.14 CL-4.15 CL-4.16");
	cc_event_table t;
	table_of(&t);
	char *text = written(&t, CC_EVENT_EXPORT_TRF);
	char line[512];
	line_of(text, "012 ", line, sizeof line);
	ck_assert_str_eq(line, "012 Club <night>");
	line_of(text, "042 ", line, sizeof line);
	ck_assert_str_eq(line, "042 2026/12/01");
	line_of(text, "052 ", line, sizeof line);
	ck_assert_str_eq(line, "052 2026/12/08");
	line_of(text, "132", line, sizeof line);
	ck_assert_uint_eq(strspn(line + 3, " "), 88); /* columns 4-91 blank */
	expect_columns(line, 92, 200, "26/12/01  26/12/08"); /* round 3 not begun: blank */
	line_of(text, "062 ", line, sizeof line);
	ck_assert_str_eq(line, "062 3");
	line_of(text, "022", line, sizeof line);
	ck_assert_str_eq(line, "022"); /* the city, for the rating officer */
	/* start rank 2: the hostile name, a win over 3 as White, the bye, 1 not played */
	line_of(text, "001    2", line, sizeof line);
	expect_columns(line, 15, 47, HOSTILE "                      ");
	expect_columns(line, 49, 52, "1000");
	expect_columns(line, 81, 89, " 2.0    1");
	expect_columns(line, 92, 99, "0003 w 1");
	expect_columns(line, 102, 109, "0000 - U");
	ck_assert_uint_eq(strlen(line), 109); /* not played yet: the round blank, the line ends */
	/* start rank 1: the name in ASCII cut at 33 bytes, every later field in place */
	line_of(text, "001    1", line, sizeof line);
	expect_columns(line, 15, 47, "Elodie-Emilie Aeroskobing Lukasz ");
	expect_columns(line, 48, 68, " 1012        12345678");
	expect_columns(line, 81, 89, " 1.5    2");
	expect_columns(line, 92, 119, "0000 - U  0003 b =");
	/* every byte of the file is printable ASCII (CL-4.20) */
	for (const unsigned char *c = (const unsigned char *)text; *c; c++)
		ck_assert_msg(*c == '\n' || (*c >= 0x20 && *c < 0x7f), "byte 0x%02x in the TRF", *c);
	line_of(text, "XXR ", line, sizeof line);
	ck_assert_str_eq(line, "XXR 3");
	/* start rank 3: the bye of round 3, not begun, leaves the round blank */
	line_of(text, "001    3", line, sizeof line);
	expect_columns(line, 112, 200, "");
	free(text);
}
END_TEST

/* Byes without an opponent or a colour, by their value; a withdrawn
 * player's bye of a round begun; forfeits keep their opponent (CL-4.15). */
START_TEST(test_event_export_trf__byes_and_forfeits)
{
	CLAUSES("CL-4.15 CL-4.20");
	cc_event_table t;
	table_of(&t);
	cc_event_game games[] = {
		{1, 1, 1, 0, CC_EVENT_GAME_BYE, 0, "", {0.5, 0.0}, false},        /* a bye worth 1/2 (CL-6.5) */
		{1, 2, 2, 3, CC_EVENT_GAME_WHITE_HALF_BYE, 0, "", {0.5, 1.0}, false},
		{2, 1, 2, 0, CC_EVENT_GAME_ZERO_BYE, 0, "", {0.0, 0.0}, false},
		{2, 2, 3, 1, CC_EVENT_GAME_BLACK_FORFEIT, 0, "", {0.0, 1.0}, false},
		{3, 1, 3, 0, CC_EVENT_GAME_BYE, 0, "", {1.0, 0.0}, false},
		{3, 2, 1, 2, CC_EVENT_GAME_BLACK_HALF_BYE, 0, "", {0.0, 0.5}, false},
	};
	t.game = games;
	char *text = written(&t, CC_EVENT_EXPORT_TRF), line[512];
	line_of(text, "001    1", line, sizeof line);
	expect_columns(line, 92, 119, "0000 - H  0003 b +  0000 - Z");
	line_of(text, "001    2", line, sizeof line);
	expect_columns(line, 92, 119, "0000 - H  0000 - Z  0000 - H");
	line_of(text, "001    3", line, sizeof line);
	expect_columns(line, 92, 119, "0000 - F  0001 w -  0000 - U");
	free(text);
	ck_assert_int_eq(cc_session_event_trf_bye(1.0, true), 'U');
	ck_assert_int_eq(cc_session_event_trf_bye(1.0, false), 'F');
	ck_assert_int_eq(cc_session_event_trf_bye(0.5, true), 'H');
	ck_assert_int_eq(cc_session_event_trf_bye(0.0, false), 'Z');
}
END_TEST

/* The time-control line says the clock the event fixes (CL-4.12). */
START_TEST(test_event_export_trf__time_control)
{
	CLAUSES("CL-4.12");
	cc_event_table t;
	table_of(&t);
	t.event.format = CC_FORMAT_CHESS;
	t.game_label = "Chess game";
	t.event.fixed = true;
	t.event.tc_base_ms = 180000;
	t.event.tc_increment_ms = 2000;
	char *text = written(&t, CC_EVENT_EXPORT_TRF), line[512];
	line_of(text, "122 ", line, sizeof line);
	ck_assert_str_eq(line, "122 3+2 (Chess game)");
	free(text);
	t.event.tc_base_ms = 0;
	t.event.tc_increment_ms = 0;
	text = written(&t, CC_EVENT_EXPORT_TRF);
	line_of(text, "122 ", line, sizeof line);
	ck_assert_str_eq(line, "122 Chess game, no clock");
	free(text);
}
END_TEST

/* The crosstable's symbols are explained under it (CL-4.6). */
START_TEST(test_event_export_crosstable__legend)
{
	CLAUSES("CL-4.6");
	cc_event_table t;
	table_of(&t);
	char *text = written(&t, CC_EVENT_EXPORT_CROSSTABLE);
	ck_assert_ptr_nonnull(strstr(text, "+ won and - lost by forfeit; B a bye"));
	ck_assert_ptr_nonnull(strstr(text, "H a half-point bye asked for"));
	free(text);
	text = written(&t, CC_EVENT_EXPORT_HTML);
	ck_assert_ptr_nonnull(strstr(text, "<p>1 won, 0 lost"));
	free(text);
}
END_TEST

START_TEST(test_event_export_html__hostile_names_escaped)
{
	CLAUSES("CL-4.10 CL-4.11");
	cc_event_table t;
	table_of(&t);
	char *text = written(&t, CC_EVENT_EXPORT_HTML);
	ck_assert_ptr_nonnull(strstr(text, "<td class=\"name\">&lt;b&gt;X&lt;/b&gt;&amp;&quot;&#39;</td>"));
	ck_assert_ptr_nonnull(strstr(text, "<h1>Club &lt;night&gt;</h1>"));
	ck_assert_ptr_null(strstr(text, "<b>"));
	ck_assert_ptr_nonnull(strstr(text, "@page { size: A4 portrait;"));
	free(text);
}
END_TEST

START_TEST(test_event_export_csv__rows_and_quoted_names)
{
	CLAUSES("CL-4.8 CL-4.9");
	cc_event_table t;
	table_of(&t);
	char *text = written(&t, CC_EVENT_EXPORT_CSV);
	char line[512];
	line_of(text, "row,", line, sizeof line);
	ck_assert_str_eq(line, "row,rank,start_rank,name,1,2,3,bye,points,direct,wins,sonneborn_berger,games,rating,rating_change");
	/* row 1 is start rank 2: beat row 3 (start 3), row 2 (start 1) not played */
	line_of(text, "1,1,2,", line, sizeof line);
	ck_assert_str_eq(line, "1,1,2,\"<b>X</b>&\"\"'\",X,.,1,B,2.0,,1,0.50,1,1000,+20.0");
	line_of(text, "3,3,3,", line, sizeof line);
	ck_assert_str_eq(line, "3,3,3,\"Dupont, Jean\",0,½,X,.,0.5,,0,0.25,2,990,-22.5");
	free(text);
}
END_TEST

/* ---- issue 33, slice club6: the round robin's summary in the user's language */

/* The crosstable's first line in lang. */
static void summary_in(const cc_lang *lang, const cc_event_table *t, char *buf, size_t size)
{
	char *text = written_in(lang, t, CC_EVENT_EXPORT_CROSSTABLE);
	line_of(text, "Club", buf, size);
	free(text);
}

START_TEST(test_event_export_crosstable__summary_in_french_and_english)
{
	CLAUSES("CL-4.6");
	cc_lang_use_dir(CC_TEST_LOCALE_DIR);
	const cc_lang *fr = cc_lang_named("fr"), *en = cc_lang_named("en");
	ck_assert_ptr_nonnull(fr);
	cc_event_table t;
	char line[256];
	table_of(&t);
	summary_in(fr, &t, line, sizeof line);
	ck_assert_str_eq(line, "Club <night> : ChessCubing Twice V2, 3 joueurs, 3 rondes ; 4 parties terminées sur 6");
	summary_in(en, &t, line, sizeof line);
	ck_assert_str_eq(line, "Club <night>: ChessCubing Twice V2, 3 players, 3 rounds; 4 of 6 games finished");
	/* each count in its own form; the double round robin said */
	t.event.rounds = 1;
	t.event.finished = 1;
	t.event.twice = true;
	summary_in(fr, &t, line, sizeof line);
	ck_assert_str_eq(line,
	                 "Club <night> : ChessCubing Twice V2, 3 joueurs, 1 ronde (double toutes rondes) ; 1 partie terminée sur 6");
	summary_in(NULL, &t, line, sizeof line);
	ck_assert_str_eq(line, "Club <night>: ChessCubing Twice V2, 3 players, 1 round (double round robin); 1 of 6 games finished");
	/* the machine outputs never change with the language */
	table_of(&t);
	static const cc_event_export_format machine[] = {CC_EVENT_EXPORT_CSV, CC_EVENT_EXPORT_TRF};
	for (size_t k = 0; k < sizeof machine / sizeof machine[0]; k++) {
		char *french = written_in(fr, &t, machine[k]), *english = written_in(NULL, &t, machine[k]);
		ck_assert_str_eq(french, english);
		free(french);
		free(english);
	}
}
END_TEST

static Suite *event_export_suite(void)
{
	Suite *s = suite_create("event_export");
	TCase *symbols = tcase_create("symbols");
	TCase *trf = tcase_create("trf");
	TCase *crosstable = tcase_create("crosstable");
	tcase_add_test(symbols, test_event_export_symbols__each_result_and_its_mirror);
	tcase_add_test(trf, test_event_export_trf__fields_in_their_columns);
	tcase_add_test(trf, test_event_export_trf__byes_and_forfeits);
	tcase_add_test(trf, test_event_export_trf__time_control);
	tcase_add_test(crosstable, test_event_export_crosstable__legend);
	tcase_add_test(crosstable, test_event_export_html__hostile_names_escaped);
	tcase_add_test(crosstable, test_event_export_csv__rows_and_quoted_names);
	tcase_add_test(crosstable, test_event_export_crosstable__summary_in_french_and_english);
	suite_add_tcase(s, symbols);
	suite_add_tcase(s, trf);
	suite_add_tcase(s, crosstable);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(event_export_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
