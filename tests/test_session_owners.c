/*
 * test_session_owners.c: the concerns the session owns once for every
 * front end: the data folder (the default record and the sheet file beside
 * it), the scramble sheet's one text (screen, file, report, `scramble
 * --sheet`) in English and French, the record's facts (one type with the
 * store's, the fairness secret kept back) and the piece letters of SAN. Each test
 * runs in its own process (Check's fork mode), so the environment and the
 * language it sets stay there.
 */
#include <check.h>
#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chesscubing/session.h"
#include "clauses.h"
#include "chesscubing/session_describe.h"
#include "record_fixture.h" /* dir, remove_dir */

#define SEED 18446744073709551615u
#define SHEET_TEXT_MAX (CC_SESSION_SHEET_MAX + 512)

static void make_dir(void)
{
	make_record_dir("owners");
}

/* The language the renderer is given in these tests (speak_*). */
static const cc_lang *test_lang;

/* The catalogue of the build tree, in French (as --lang fr gives it). */
static void speak_french(void)
{
	cc_lang_use_dir(CC_TEST_LOCALEDIR);
	test_lang = cc_lang_named("fr");
	ck_assert_ptr_nonnull(test_lang);
	ck_assert_str_eq(cc_lang_tr(test_lang, "KQRBN"), "RDTFC"); /* the catalogue is there */
}

/* English, whatever an earlier test of the same process chose (valgrind
 * runs the suites in one process, CK_FORK=no). */
static void speak_english(void)
{
	test_lang = cc_lang_default();
}

/* ---- the data folder ---------------------------------------------------------- */

START_TEST(test_session_data_folder__absolute_xdg_data_home_wins)
{
	CLAUSES("none");
	char folder[256];
	ck_assert(cc_session_data_folder_of("/srv/data", "/home/anne", folder, sizeof folder));
	ck_assert_str_eq(folder, "/srv/data/chesscubing");
	ck_assert(cc_session_data_folder_of("/srv/data", NULL, folder, sizeof folder));
	ck_assert_str_eq(folder, "/srv/data/chesscubing");
}
END_TEST

/* The XDG spec ignores a relative XDG_DATA_HOME: HOME's folder, as if unset
 * (the record and the sheet file once went to two folders here). */
START_TEST(test_session_data_folder__relative_or_unset_xdg_is_home)
{
	CLAUSES("none");
	char relative[256], unset[256], empty[256];
	ck_assert(cc_session_data_folder_of("data", "/home/anne", relative, sizeof relative));
	ck_assert(cc_session_data_folder_of(NULL, "/home/anne", unset, sizeof unset));
	ck_assert(cc_session_data_folder_of("", "/home/anne", empty, sizeof empty));
	ck_assert_str_eq(unset, "/home/anne/.local/share/chesscubing");
	ck_assert_str_eq(relative, unset);
	ck_assert_str_eq(empty, unset);
}
END_TEST

START_TEST(test_session_data_folder__none_without_home)
{
	CLAUSES("none");
	char folder[256] = "x";
	ck_assert(!cc_session_data_folder_of("data", NULL, folder, sizeof folder));
	ck_assert_str_eq(folder, "");
	ck_assert(!cc_session_data_folder_of(NULL, "", folder, sizeof folder));
	ck_assert(!cc_session_data_folder_of("/a/long/folder", NULL, folder, 8)); /* does not fit */
	ck_assert_str_eq(folder, "");
}
END_TEST

START_TEST(test_session_data_folder__reads_the_environment)
{
	CLAUSES("none");
	char folder[256];
	setenv("XDG_DATA_HOME", "relative/data", 1);
	setenv("HOME", "/home/bruno", 1);
	ck_assert(cc_session_data_folder(folder, sizeof folder));
	ck_assert_str_eq(folder, "/home/bruno/.local/share/chesscubing");
	setenv("XDG_DATA_HOME", "/var/x", 1);
	ck_assert(cc_session_data_folder(folder, sizeof folder));
	ck_assert_str_eq(folder, "/var/x/chesscubing");
	unsetenv("XDG_DATA_HOME");
	unsetenv("HOME");
	ck_assert(!cc_session_data_folder(folder, sizeof folder));
}
END_TEST

/* The default record is opened in the data folder, and the sheet file is
 * written beside the record actually opened, whatever XDG_DATA_HOME says. */
START_TEST(test_session_data_folder__record_and_sheet_file_together)
{
	CLAUSES("none");
	char home[128], folder[256], db_folder[256], path[512], expected[512], sheet[CC_SESSION_SHEET_MAX];
	struct stat st;
	make_dir();
	snprintf(home, sizeof home, "%s/home", dir);
	ck_assert_int_eq(mkdir(home, 0700), 0);
	ck_assert_int_eq(chdir(dir), 0);
	setenv("XDG_DATA_HOME", "relative", 1); /* ignored by both */
	setenv("HOME", home, 1);
	cc_session_db *db = NULL;
	cc_error err = {0};
	ck_assert_msg(cc_session_db_open(&db, NULL, CC_SESSION_DB_WRITE, NULL, &err) == CC_OK, "%s", err.message);
	ck_assert(cc_session_data_folder(folder, sizeof folder));
	ck_assert(cc_session_db_folder(db, db_folder, sizeof db_folder));
	ck_assert_str_eq(db_folder, folder);
	snprintf(expected, sizeof expected, "%s/matches.db", folder);
	ck_assert_int_eq(stat(expected, &st), 0);
	ck_assert_int_eq(cc_session_sheet_derive(7, sheet, sizeof sheet, NULL), CC_OK);
	ck_assert(cc_session_write_sheet_file(test_lang, db, 7, sheet, path, sizeof path));
	snprintf(expected, sizeof expected, "%s/scramble-sheet-7.txt", folder);
	ck_assert_str_eq(path, expected);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(stat("relative", &st), -1); /* nothing made under the relative folder */
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* --db FILE: the record's own folder ("." for a bare name). */
START_TEST(test_session_data_folder__given_file_keeps_its_folder)
{
	CLAUSES("none");
	char sub[128], folder[256], path[512], expected[512], sheet[CC_SESSION_SHEET_MAX];
	make_dir();
	snprintf(sub, sizeof sub, "%s/club", dir);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	ck_assert_int_eq(chdir(dir), 0);
	setenv("XDG_DATA_HOME", "/nonexistent", 1);
	cc_session_db *db = NULL, *bare = NULL;
	ck_assert_int_eq(cc_session_db_open(&db, "club/m.db", CC_SESSION_DB_WRITE, NULL, NULL), CC_OK);
	ck_assert(cc_session_db_folder(db, folder, sizeof folder));
	ck_assert_str_eq(folder, "club");
	ck_assert_int_eq(cc_session_sheet_derive(9, sheet, sizeof sheet, NULL), CC_OK);
	ck_assert(cc_session_write_sheet_file(test_lang, db, 9, sheet, path, sizeof path));
	ck_assert_str_eq(path, "club/scramble-sheet-9.txt");
	snprintf(expected, sizeof expected, "%s/club/scramble-sheet-9.txt", dir);
	ck_assert_int_eq(access(expected, R_OK), 0);
	ck_assert_int_eq(cc_session_db_open(&bare, "m.db", CC_SESSION_DB_WRITE, NULL, NULL), CC_OK);
	ck_assert(cc_session_db_folder(bare, folder, sizeof folder));
	ck_assert_str_eq(folder, ".");
	cc_session_db_close(bare);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* A link planted at the sheet's name (the seed is on the screen) is
 * replaced, never written through: the file it points to stays as it was. */
START_TEST(test_session_data_folder__sheet_file_never_follows_a_planted_link)
{
	CLAUSES("RE-3.2");
	char victim[128], planted[128], path[512], sheet[CC_SESSION_SHEET_MAX], buf[64];
	struct stat st;
	make_dir();
	ck_assert_int_eq(chdir(dir), 0);
	snprintf(victim, sizeof victim, "%s/victim", dir);
	FILE *f = fopen(victim, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_ge(fputs("precious\n", f), 0);
	ck_assert_int_eq(fclose(f), 0);
	snprintf(planted, sizeof planted, "%s/scramble-sheet-11.txt", dir);
	ck_assert_int_eq(symlink(victim, planted), 0);
	cc_session_db *db = NULL;
	ck_assert_int_eq(cc_session_db_open(&db, "m.db", CC_SESSION_DB_WRITE, NULL, NULL), CC_OK);
	ck_assert_int_eq(cc_session_sheet_derive(11, sheet, sizeof sheet, NULL), CC_OK);
	ck_assert(cc_session_write_sheet_file(test_lang, db, 11, sheet, path, sizeof path));
	ck_assert_str_eq(path, "./scramble-sheet-11.txt");
	f = fopen(victim, "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(fgets(buf, sizeof buf, f));
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_str_eq(buf, "precious\n");
	ck_assert_int_eq(lstat(planted, &st), 0);
	ck_assert(S_ISREG(st.st_mode)); /* the link itself was replaced by the sheet */
	ck_assert_int_gt(st.st_size, 0);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* ---- the scramble sheet's one text --------------------------------------------- */

/* Splits text into its lines (each ended by '\n'); returns their count. */
static int split_lines(char *text, char **lines, int max)
{
	int n = 0;
	for (char *p = text, *end; *p && n < max; p = end + 1) {
		ck_assert_msg((end = strchr(p, '\n')) != NULL, "a line of the sheet is not ended: %s", p);
		*end = '\0';
		lines[n++] = p;
	}
	return n;
}

static bool ends_with(const char *text, const char *tail)
{
	size_t a = strlen(text), b = strlen(tail);
	return b > 0 && a >= b && strcmp(text + a - b, tail) == 0;
}

/* Heading with the seed, how to apply it, an empty line, cubes 1 to 4 in
 * order, each its own scramble; the same whatever the language. */
static void check_sheet_structure(void)
{
	char sheet[CC_SESSION_SHEET_MAX], text[SHEET_TEXT_MAX], heading[128], *lines[16];
	ck_assert_int_eq(cc_session_sheet_derive(SEED, sheet, sizeof sheet, NULL), CC_OK);
	cc_session_describe_sheet(test_lang, SEED, sheet, text, sizeof text);
	ck_assert_int_eq(split_lines(text, lines, 16), 7);
	snprintf(heading, sizeof heading, cc_lang_tr(test_lang, "ChessCubing scramble sheet (seed %llu)"), (unsigned long long)SEED);
	ck_assert_str_eq(lines[0], heading);
	ck_assert_ptr_nonnull(strstr(lines[0], "18446744073709551615"));
	ck_assert(lines[1][0] != '\0');
	ck_assert_str_eq(lines[2], "");
	for (int n = 1; n <= 4; n++) {
		char scramble[CC_SESSION_SHEET_MAX], line[CC_SESSION_SHEET_MAX + 32];
		cc_session_sheet_line(sheet, n, scramble, sizeof scramble);
		ck_assert(scramble[0] != '\0');
		snprintf(line, sizeof line, cc_lang_tr(test_lang, "Cube %d: %s"), n, scramble);
		ck_assert_str_eq(lines[2 + n], line);
		ck_assert(ends_with(lines[2 + n], scramble));
	}
}

START_TEST(test_session_sheet__text_in_english)
{
	CLAUSES("none");
	check_sheet_structure();
}
END_TEST

/* The French text: the same structure, every line from the catalogue. */
START_TEST(test_session_sheet__text_in_french)
{
	CLAUSES("none");
	char sheet[CC_SESSION_SHEET_MAX], english[SHEET_TEXT_MAX], french[SHEET_TEXT_MAX], *en[16], *fr[16];
	ck_assert_int_eq(cc_session_sheet_derive(5, sheet, sizeof sheet, NULL), CC_OK);
	cc_session_describe_sheet(test_lang, 5, sheet, english, sizeof english);
	speak_french();
	check_sheet_structure();
	cc_session_describe_sheet(test_lang, 5, sheet, french, sizeof french);
	ck_assert_int_eq(split_lines(english, en, 16), split_lines(french, fr, 16));
	ck_assert_str_ne(fr[0], en[0]); /* the heading is translated */
	ck_assert_str_ne(fr[1], en[1]); /* and how to apply it */
	ck_assert_str_eq(fr[1], cc_lang_tr(test_lang, "Apply each scramble to both players' cubes under its number."));
	ck_assert_str_ne(fr[3], en[3]);
}
END_TEST

/* The file and the report give the renderer's text itself. */
START_TEST(test_session_sheet__file_and_report_give_the_one_text)
{
	CLAUSES("none");
	char sheet[CC_SESSION_SHEET_MAX], text[SHEET_TEXT_MAX], file_text[SHEET_TEXT_MAX], path[512], folder[128];
	make_dir();
	snprintf(folder, sizeof folder, "%s/m.db", dir);
	cc_session_db *db = NULL;
	ck_assert_int_eq(cc_session_db_open(&db, folder, CC_SESSION_DB_WRITE, NULL, NULL), CC_OK);
	ck_assert_int_eq(cc_session_sheet_derive(SEED, sheet, sizeof sheet, NULL), CC_OK);
	cc_session_describe_sheet(test_lang, SEED, sheet, text, sizeof text);
	ck_assert(cc_session_write_sheet_file(test_lang, db, SEED, sheet, path, sizeof path));
	FILE *in = fopen(path, "r");
	ck_assert_ptr_nonnull(in);
	size_t n = fread(file_text, 1, sizeof file_text - 1, in);
	file_text[n] = '\0';
	fclose(in);
	ck_assert_str_eq(file_text, text);

	cc_match_settings s;
	cc_match_settings_default(&s);
	s.seed = SEED;
	cc_session *live = NULL;
	ck_assert_int_eq(cc_session_create(&live, NULL, &s, false, NULL), CC_OK);
	ck_assert_str_eq(cc_session_sheet(live), sheet);
	char *report = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&report, &size);
	ck_assert_ptr_nonnull(out);
	ck_assert_int_eq(cc_session_write_report(test_lang, out, live, true, false), 0);
	fclose(out);
	ck_assert_msg(strstr(report, text) != NULL, "the report's sheet is not the renderer's:\n%s", report);
	free(report);
	cc_session_destroy(live);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* ---- the record's facts: one type, the secret kept back ------------------------ */

/* The store's and the session's match facts are one type (record.h): the
 * fairness secret the store fills is given by no info of the session, in
 * a game under way or over; cc_session_uno_secret() alone tells it, at the
 * end. */
START_TEST(test_session_info__never_gives_the_secret)
{
	CLAUSES("UNO-F1");
	char path[128];
	make_dir();
	snprintf(path, sizeof path, "%s/m.db", dir);
	cc_session_db *db = NULL;
	cc_session *live = NULL, *back = NULL;
	cc_session_info info, *items = NULL;
	size_t count = 0;
	cc_match_settings s;
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_UNO;
	s.record = CC_RECORD_MOVES;
	ck_assert_int_eq(cc_session_db_open(&db, path, CC_SESSION_DB_WRITE, NULL, NULL), CC_OK);
	ck_assert_int_eq(cc_session_create(&live, db, &s, false, NULL), CC_OK);
	cc_event resign = cc_event_resign(1000, CC_SIDE_BLACK);
	ck_assert_int_eq(cc_session_apply(live, &resign, NULL), CC_OK);
	ck_assert_uint_eq(strlen(cc_session_uno_secret(live)), 64); /* over: told here */
	ck_assert_int_eq(cc_session_db_info(db, cc_session_id(live), &info, NULL), CC_OK);
	ck_assert_str_eq(info.secret, "");
	ck_assert_uint_eq(strlen(info.commitment), 64);
	ck_assert_int_eq(cc_session_db_list(db, &items, &count, NULL), CC_OK);
	ck_assert_uint_eq(count, 1);
	ck_assert_str_eq(items[0].secret, "");
	ck_assert_str_eq(items[0].commitment, info.commitment);
	free(items);
	ck_assert_int_eq(cc_session_read(&back, db, cc_session_id(live), NULL), CC_OK);
	ck_assert_str_eq(cc_session_info_of(back)->secret, "");
	ck_assert_str_eq(cc_session_uno_secret(back), cc_session_uno_secret(live));
	cc_session_destroy(back);
	cc_session_destroy(live);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* ---- piece letters ------------------------------------------------------------- */

START_TEST(test_session_san__english_letters_unchanged)
{
	CLAUSES("none");
	char out[32];
	/* English whatever an earlier test spoke (valgrind runs them in one
	 * process): the C locale has no catalogue, the letters stay. */
	speak_english();
	cc_session_san_local(test_lang, "Nbxd7+", out, sizeof out);
	ck_assert_str_eq(out, "Nbxd7+");
	cc_session_san_english(test_lang, "Qh5", out, sizeof out);
	ck_assert_str_eq(out, "Qh5");
}
END_TEST

/* French: K Q R B N are R D T F C, both ways; small letters (files) and
 * the promotion's piece follow the same rule. */
START_TEST(test_session_san__french_letters_both_ways)
{
	CLAUSES("none");
	static const char *english[] = {"Ke2", "Qxd8#", "Rad1", "Bb5+", "Nf3", "e8=Q", "O-O", "exd6"};
	static const char *french[] = {"Re2", "Dxd8#", "Tad1", "Fb5+", "Cf3", "e8=D", "O-O", "exd6"};
	speak_french();
	for (size_t i = 0; i < sizeof english / sizeof *english; i++) {
		char out[32], back[32];
		cc_session_san_local(test_lang, english[i], out, sizeof out);
		ck_assert_str_eq(out, french[i]);
		cc_session_san_english(test_lang, out, back, sizeof back);
		ck_assert_str_eq(back, english[i]);
	}
	char typed[32];
	cc_session_san_english(test_lang, "Nf3", typed, sizeof typed); /* English N stays a knight */
	ck_assert_str_eq(typed, "Nf3");
	cc_session_san_local(test_lang, "Nf3", typed, 3); /* cut at size */
	ck_assert_str_eq(typed, "Cf");
}
END_TEST

/* ---- the block summary ---------------------------------------------------- */

static cc_match_settings summary_settings(void)
{
	cc_match_settings s;
	cc_match_settings_default(&s); /* Twice */
	snprintf(s.white, sizeof s.white, "Anne");
	snprintf(s.black, sizeof s.black, "Brice");
	return s;
}

/* Block 2 of Twice, both quotas played, cube 3 won by White 15.00 to 16.00. */
static cc_block_summary block2(void)
{
	cc_block_summary b;
	memset(&b, 0, sizeof b);
	b.block = 2;
	b.starter = CC_SIDE_WHITE;
	b.moves[0] = b.moves[1] = 6;
	b.end = CC_BLOCK_END_QUOTA;
	b.cube_number = 3;
	b.cube_cs[0] = 1500;
	b.cube_cs[1] = 1600;
	b.cube_winner = CC_WINNER_WHITE;
	b.tied_cs[0] = b.tied_cs[1] = CC_CUBE_NONE;
	return b;
}

/* TW-6.4: a double move lost on its free move is not said to have been played. */
START_TEST(test_session_summary__lost_double_move_said_lost)
{
	CLAUSES("TW-6.4");
	speak_english();
	cc_match_settings s = summary_settings();
	cc_block_summary b = block2();
	char text[512];
	b.had_double_move = true;
	cc_session_describe_block(test_lang, &b, &s, text, sizeof text);
	ck_assert_msg(strncmp(text, "Block 2: Anne started with a double move; ", 42) == 0, "%s", text);
	b.double_move_lost = true;
	cc_session_describe_block(test_lang, &b, &s, text, sizeof text);
	ck_assert_str_eq(text, "Block 2: Anne had a double move and lost it (the free move ran over 20 s); ended on the "
	                       "quotas. Anne 6 counted (0 lost); Brice 6 counted (0 lost). Cube 3: Anne won (White 15.00, "
	                       "Black 16.00).");
	speak_french();
	cc_session_describe_block(test_lang, &b, &s, text, sizeof text);
	const char *lost = "Bloc 2 : Anne avait un coup double et l'a perdu (le coup gratuit a dépassé 20 s) ; ";
	ck_assert_msg(strncmp(text, lost, strlen(lost)) == 0, "%s", text);
	ck_assert_msg(strstr(text, "a commencé avec un coup double") == NULL, "%s", text);
}
END_TEST

/* TW-3.2, RU-2: a block decided after a tie names the tied times, their cube and how it was settled. */
START_TEST(test_session_summary__tie_names_the_tied_times)
{
	CLAUSES("TW-3.2 RU-2");
	speak_english();
	cc_match_settings s = summary_settings();
	cc_block_summary b = block2();
	char text[512];
	b.replays = 1;
	b.tied_cube = 4;
	b.tied_cs[0] = b.tied_cs[1] = 2345;
	cc_session_describe_block(test_lang, &b, &s, text, sizeof text);
	ck_assert_msg(strstr(text, ". Cube 4 tied (White 23.45, Black 23.45: an exact tie), replayed: Cube 3: Anne won "
	                           "(White 15.00, Black 16.00).") != NULL,
	              "%s", text);
	b.replays = 2;
	b.tied_cs[0] = b.tied_cs[1] = CC_CUBE_DNF;
	cc_session_describe_block(test_lang, &b, &s, text, sizeof text);
	ck_assert_msg(strstr(text, ". 2 ties, the last on cube 4 (White DNF, Black DNF: two DNFs), replayed: Cube 3:") != NULL,
	              "%s", text);
	speak_french();
	b.replays = 1;
	b.tied_cs[0] = b.tied_cs[1] = 2345;
	cc_session_describe_block(test_lang, &b, &s, text, sizeof text);
	ck_assert_msg(strstr(text, " Cube 4 à égalité (Blancs 23,45, Noirs 23,45 : égalité exacte), phase cube rejouée : Cube 3 ") !=
	                  NULL,
	              "%s", text);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("session_owners");
	TCase *folder = tcase_create("data_folder");
	TCase *sheet = tcase_create("sheet");
	TCase *info = tcase_create("info");
	TCase *san = tcase_create("san");
	TCase *summary = tcase_create("summary");
	tcase_set_timeout(sheet, 60);
	tcase_add_test(folder, test_session_data_folder__absolute_xdg_data_home_wins);
	tcase_add_test(folder, test_session_data_folder__relative_or_unset_xdg_is_home);
	tcase_add_test(folder, test_session_data_folder__none_without_home);
	tcase_add_test(folder, test_session_data_folder__reads_the_environment);
	tcase_add_test(folder, test_session_data_folder__record_and_sheet_file_together);
	tcase_add_test(folder, test_session_data_folder__given_file_keeps_its_folder);
	tcase_add_test(folder, test_session_data_folder__sheet_file_never_follows_a_planted_link);
	tcase_add_test(sheet, test_session_sheet__text_in_english);
	tcase_add_test(sheet, test_session_sheet__text_in_french);
	tcase_add_test(sheet, test_session_sheet__file_and_report_give_the_one_text);
	tcase_add_test(info, test_session_info__never_gives_the_secret);
	tcase_add_test(san, test_session_san__english_letters_unchanged);
	tcase_add_test(san, test_session_san__french_letters_both_ways);
	suite_add_tcase(s, folder);
	suite_add_tcase(s, sheet);
	suite_add_tcase(s, info);
	tcase_add_test(summary, test_session_summary__lost_double_move_said_lost);
	tcase_add_test(summary, test_session_summary__tie_names_the_tied_times);
	suite_add_tcase(s, san);
	suite_add_tcase(s, summary);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
