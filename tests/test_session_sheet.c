/*
 * test_session_sheet.c: the printable scramble sheet (session_sheet.h),
 * read back the way a person sees it: the PDF turned into an image by
 * poppler's pdftoppm (one pixel a point) and each sticker's colour read
 * at its centre, then compared with the cube module's state of that
 * cube's scramble; the header's words by pdftotext.
 */
#include <check.h>
#include <errno.h>
#include <libintl.h>
#include <locale.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chesscubing/cube.h"
#include "chesscubing/session.h"
#include "chesscubing/session_sheet.h"
#include "clauses.h"

extern char **environ;

static char folder[] = "/tmp/cc-sheet-XXXXXX";

static void make_folder(void)
{
	ck_assert_ptr_nonnull(mkdtemp(folder));
}

static void remove_folder(void)
{
	char cmd[sizeof folder + 16];
	snprintf(cmd, sizeof cmd, "rm -rf %s", folder);
	ck_assert_int_eq(system(cmd), 0);
	strcpy(folder, "/tmp/cc-sheet-XXXXXX");
}

/* Runs a program (no shell) and waits for it; its exit status. */
static int run(char *const argv[])
{
	pid_t pid;
	ck_assert_int_eq(posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ), 0);
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A binary PPM (P6, maxval 255) read whole. */
typedef struct {
	int width, height;
	unsigned char *rgb;
} image;

static image read_ppm(const char *path)
{
	FILE *f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	image im = {0, 0, NULL};
	int maxval = 0;
	ck_assert_int_eq(fscanf(f, "P6 %d %d %d", &im.width, &im.height, &maxval), 3);
	ck_assert_int_eq(maxval, 255);
	ck_assert_int_eq(fgetc(f), '\n');
	size_t size = (size_t)im.width * (size_t)im.height * 3;
	im.rgb = malloc(size);
	ck_assert_ptr_nonnull(im.rgb);
	ck_assert_uint_eq(fread(im.rgb, 1, size, f), size);
	fclose(f);
	return im;
}

/* The face whose WCA colour the pixel at (x, y) points is nearest to. */
static int colour_at(const image *im, double x, double y)
{
	static const int wca[6][3] = {{255, 255, 255}, {255, 0, 0}, {0, 255, 0}, {255, 255, 0}, {255, 128, 0}, {0, 0, 255}};
	int px = (int)x, py = (int)y;
	ck_assert(px >= 0 && py >= 0 && px < im->width && py < im->height);
	const unsigned char *p = im->rgb + ((size_t)py * (size_t)im->width + (size_t)px) * 3;
	int best = -1, best_d = 1 << 30;
	for (int f = 0; f < 6; f++) {
		int d = 0;
		for (int k = 0; k < 3; k++)
			d += (p[k] - wca[f][k]) * (p[k] - wca[f][k]);
		if (d < best_d)
			best = f, best_d = d;
	}
	ck_assert_int_lt(best_d, 40 * 40); /* a sticker's colour, not a border or the paper's grey */
	return best;
}

/* The whole file as a string, kept until the next call. */
static const char *read_text(const char *path)
{
	static char *text;
	free(text);
	FILE *f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	long size = ftell(f);
	ck_assert_int_ge(size, 0);
	rewind(f);
	text = malloc((size_t)size + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)size, f), (size_t)size);
	text[size] = '\0';
	fclose(f);
	return text;
}

static void derive(uint64_t seed, char *sheet, size_t size)
{
	cc_error err;
	ck_assert_int_eq(cc_session_sheet_derive(seed, sheet, size, &err), CC_OK);
}

START_TEST(test_sheet_pdf__each_sticker_drawn_is_the_cube_modules)
{
	CLAUSES("CU-6.1");
	for (uint64_t seed = 7; seed <= 9; seed++) {
		char sheet[CC_SESSION_SHEET_MAX], pdf[256], base[256], ppm[300];
		derive(seed, sheet, sizeof sheet);
		snprintf(pdf, sizeof pdf, "%s/sheet-%llu.pdf", folder, (unsigned long long)seed);
		snprintf(base, sizeof base, "%s/page-%llu", folder, (unsigned long long)seed);
		cc_session_sheet_page page = {.match_id = 3, .white = "Alice", .black = "Bob", .game = "ChessCubing Twice V2",
		                              .date = "2026-12-02", .seed = seed, .sheet = sheet};
		cc_error err;
		ck_assert_int_eq(cc_session_sheet_print(cc_lang_default(), &page, CC_SHEET_PDF, pdf, &err), CC_OK);
		char *argv[] = {"pdftoppm", "-r", "72", "-singlefile", pdf, base, NULL};
		ck_assert_int_eq(run(argv), 0);
		snprintf(ppm, sizeof ppm, "%s.ppm", base);
		image im = read_ppm(ppm);
		/* A4 at 72 dpi: one pixel a point (595.3 x 841.9, rounded either way) */
		ck_assert(im.width == 595 || im.width == 596);
		ck_assert(im.height == 841 || im.height == 842);
		for (int n = 1; n <= CC_CUBE_SHEET_CUBES; n++) {
			char line[CC_SESSION_SHEET_MAX];
			cc_cube_alg alg;
			cc_cube cube;
			cc_cube_face want[CC_CUBE_FACELETS];
			cc_session_sheet_line(sheet, n, line, sizeof line);
			ck_assert_int_eq(cc_cube_alg_parse(line, &alg, &err), CC_OK);
			cc_cube_init(&cube);
			cc_cube_apply_alg(&cube, &alg);
			cc_cube_facelets(&cube, want);
			for (int i = 0; i < CC_CUBE_FACELETS; i++) {
				double box[3];
				cc_session_sheet_sticker_box(n, i, box);
				ck_assert_msg(colour_at(&im, box[0] + box[2] / 2, box[1] + box[2] / 2) == (int)want[i],
				              "seed %llu cube %d sticker %d", (unsigned long long)seed, n, i);
			}
		}
		free(im.rgb);
	}
}
END_TEST

/* The header in words (pdftotext): the match, both players, the game,
 * the date, the seed, the scrambles; in French when the catalogue is. */
START_TEST(test_sheet_pdf__header_names_the_match_in_the_users_language)
{
	CLAUSES("CU-6.2");
	char sheet[CC_SESSION_SHEET_MAX], pdf[256], txt[256], line[CC_SESSION_SHEET_MAX];
	derive(11, sheet, sizeof sheet);
	snprintf(pdf, sizeof pdf, "%s/fr.pdf", folder);
	snprintf(txt, sizeof txt, "%s/fr.txt", folder);
	cc_session_sheet_page page = {.match_id = 12, .white = "Élodie Roy", .black = "Łukasz Nowak",
	                              .game = "ChessCubing Time V1", .date = "2026-12-02", .seed = 11, .sheet = sheet};
	cc_error err;
	ck_assert_int_eq(cc_session_sheet_print(cc_lang_named("fr"), &page, CC_SHEET_PDF, pdf, &err), CC_OK);
	char *argv[] = {"pdftotext", "-enc", "UTF-8", pdf, txt, NULL};
	ck_assert_int_eq(run(argv), 0);
	const char *text = read_text(txt);
	ck_assert_ptr_nonnull(strstr(text, "Feuille de mélanges ChessCubing"));
	ck_assert_ptr_nonnull(strstr(text, "Match 12"));
	ck_assert_ptr_nonnull(strstr(text, "ChessCubing Time V1"));
	ck_assert_ptr_nonnull(strstr(text, "2026-12-02"));
	ck_assert_ptr_nonnull(strstr(text, "Blancs : Élodie Roy"));
	ck_assert_ptr_nonnull(strstr(text, "Noirs : Łukasz Nowak"));
	ck_assert_ptr_nonnull(strstr(text, "Graine 11"));
	/* each scramble's first move, in WCA notation */
	for (int n = 1; n <= CC_CUBE_SHEET_CUBES; n++) {
		char head[8] = "";
		cc_session_sheet_line(sheet, n, line, sizeof line);
		snprintf(head, sizeof head, "%.*s", (int)strcspn(line, " "), line);
		ck_assert_ptr_nonnull(strstr(text, head));
	}
}
END_TEST

/* An event game's sheet names its event, round and board under the match
 * (issue 33), the players and the seed still on the page, in French too. */
START_TEST(test_sheet_pdf__an_event_game_names_event_round_and_board)
{
	CLAUSES("CU-6.2");
	char sheet[CC_SESSION_SHEET_MAX], pdf[256], txt[256];
	derive(7, sheet, sizeof sheet);
	static const char *const lang[] = {"en", "fr"};
	static const char *const want[] = {"Event: Club night, round 3, board 2", "Tournoi : Club night, ronde 3, échiquier 2"};
	static const char *const seed[] = {"Seed 7", "Graine 7"};
	for (int i = 0; i < 2; i++) {
		snprintf(pdf, sizeof pdf, "%s/event-%s.pdf", folder, lang[i]);
		snprintf(txt, sizeof txt, "%s/event-%s.txt", folder, lang[i]);
		cc_session_sheet_page page = {.match_id = 31, .white = "Anne", .black = "Bruno", .game = "ChessCubing Twice V2",
		                              .date = "2026-12-05", .seed = 7, .sheet = sheet, .event = "Club night",
		                              .round = 3, .board = 2};
		cc_error err;
		ck_assert_int_eq(cc_session_sheet_print(cc_lang_named(lang[i]), &page, CC_SHEET_PDF, pdf, &err), CC_OK);
		char *argv[] = {"pdftotext", "-enc", "UTF-8", pdf, txt, NULL};
		ck_assert_int_eq(run(argv), 0);
		const char *text = read_text(txt);
		ck_assert_msg(strstr(text, "Match 31") != NULL, "%s", text);
		ck_assert_msg(strstr(text, want[i]) != NULL, "%s", text);
		ck_assert_msg(strstr(text, "Anne") != NULL && strstr(text, "Bruno") != NULL, "%s", text);
		ck_assert_msg(strstr(text, seed[i]) != NULL, "%s", text);
	}
	/* a match of no event: no such line */
	snprintf(pdf, sizeof pdf, "%s/none.pdf", folder);
	snprintf(txt, sizeof txt, "%s/none.txt", folder);
	cc_session_sheet_page page = {.match_id = 32, .white = "Anne", .black = "Bruno", .seed = 7, .sheet = sheet};
	cc_error err;
	ck_assert_int_eq(cc_session_sheet_print(cc_lang_named("en"), &page, CC_SHEET_PDF, pdf, &err), CC_OK);
	char *argv[] = {"pdftotext", "-enc", "UTF-8", pdf, txt, NULL};
	ck_assert_int_eq(run(argv), 0);
	ck_assert_ptr_null(strstr(read_text(txt), "Event:"));
}
END_TEST

/* Hostile names: a control character is escaped, a long name is cut with
 * an ellipsis before the next column, and the page is still written. */
START_TEST(test_sheet_pdf__hostile_names_escaped_and_cut_at_their_column)
{
	CLAUSES("CU-6.2");
	char sheet[CC_SESSION_SHEET_MAX], pdf[256], txt[256], white[400];
	derive(5, sheet, sizeof sheet);
	memset(white, 'W', sizeof white - 1);
	white[sizeof white - 1] = '\0';
	snprintf(pdf, sizeof pdf, "%s/hostile.pdf", folder);
	snprintf(txt, sizeof txt, "%s/hostile.txt", folder);
	cc_session_sheet_page page = {.match_id = 1, .white = white, .black = "Bob\x1b[2Jnasty\xff", .seed = 5,
	                              .sheet = sheet};
	cc_error err;
	ck_assert_int_eq(cc_session_sheet_print(cc_lang_default(), &page, CC_SHEET_PDF, pdf, &err), CC_OK);
	char *argv[] = {"pdftotext", "-enc", "UTF-8", pdf, txt, NULL};
	ck_assert_int_eq(run(argv), 0);
	const char *text = read_text(txt);
	ck_assert_ptr_nonnull(strstr(text, "\\x1B[2Jnasty\\xFF"));
	ck_assert_ptr_null(strstr(text, "\x1b"));
	const char *w = strstr(text, "White: W");
	ck_assert_ptr_nonnull(w);
	size_t run_of_w = strspn(w + 7, "W");
	ck_assert_uint_gt(run_of_w, 10);
	ck_assert_uint_lt(run_of_w, 60); /* half the page's width, not 399 letters */
	ck_assert_int_eq(memcmp(w + 7 + run_of_w, "\xe2\x80\xa6", 3), 0);
}
END_TEST

START_TEST(test_sheet_svg__one_a4_page_with_the_stickers)
{
	CLAUSES("CU-6.1");
	char sheet[CC_SESSION_SHEET_MAX], svg[256];
	derive(21, sheet, sizeof sheet);
	snprintf(svg, sizeof svg, "%s/sheet.svg", folder);
	cc_session_sheet_page page = {.seed = 21, .sheet = sheet, .date = "2026-12-02"};
	cc_error err;
	ck_assert_int_eq(cc_session_sheet_print(cc_lang_default(), &page, CC_SHEET_SVG, svg, &err), CC_OK);
	const char *text = read_text(svg);
	ck_assert_ptr_nonnull(strstr(text, "<svg"));
	ck_assert_ptr_nonnull(strstr(text, "width=\"595.276pt\""));
	ck_assert_ptr_nonnull(strstr(text, "height=\"841.89pt\""));
	ck_assert_ptr_nonnull(strstr(text, "</svg>"));
}
END_TEST

/* Written whole or not at all: a link at the path is replaced, not written
 * through; a folder that does not exist is said and leaves nothing. */
START_TEST(test_sheet_file__written_whole_beside_the_path_never_through_a_link)
{
	CLAUSES("CU-6.3 RE-3.7");
	mode_t old = umask(0); /* nothing taken by the umask: the mode is the program's */
	char sheet[CC_SESSION_SHEET_MAX], target[256], link[256], missing[256];
	derive(3, sheet, sizeof sheet);
	snprintf(target, sizeof target, "%s/precious", folder);
	snprintf(link, sizeof link, "%s/sheet.pdf", folder);
	FILE *f = fopen(target, "w");
	ck_assert_ptr_nonnull(f);
	fputs("keep me", f);
	fclose(f);
	ck_assert_int_eq(symlink(target, link), 0);
	cc_session_sheet_page page = {.seed = 3, .sheet = sheet};
	cc_error err;
	ck_assert_int_eq(cc_session_sheet_print(cc_lang_default(), &page, CC_SHEET_PDF, link, &err), CC_OK);
	ck_assert_str_eq(read_text(target), "keep me");
	struct stat st;
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert(S_ISREG(st.st_mode));
	ck_assert_int_eq(st.st_mode & 0777, 0600); /* RE-3.7: private, whatever the umask */
	ck_assert_int_eq(memcmp(read_text(link), "%PDF-", 5), 0);
	umask(old);

	snprintf(missing, sizeof missing, "%s/no/such/folder/sheet.pdf", folder);
	ck_assert_int_eq(cc_session_sheet_print(cc_lang_default(), &page, CC_SHEET_PDF, missing, &err), CC_ERR_STORE);
	ck_assert_int_eq(err.msg, CC_MSG_SHEET_WRITE_FAILED);
	ck_assert_int_ne(access(missing, F_OK), 0);
}
END_TEST

START_TEST(test_sheet_file__a_sheet_that_is_not_four_scrambles_is_refused)
{
	CLAUSES("CU-6.3");
	char pdf[256];
	snprintf(pdf, sizeof pdf, "%s/bad.pdf", folder);
	cc_session_sheet_page page = {.seed = 1, .sheet = "R U F\nD L B\nU2 R2\nX Y Z\n"};
	cc_error err;
	ck_assert_int_eq(cc_session_sheet_print(cc_lang_default(), &page, CC_SHEET_PDF, pdf, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_SHEET_NOT_SCRAMBLES);
	ck_assert_int_eq(err.args[0].n, 4);
	ck_assert_int_ne(access(pdf, F_OK), 0);
}
END_TEST

int main(void)
{
	cc_lang_use_dir(CC_TEST_LOCALE_DIR);
	Suite *s = suite_create("session_sheet");
	TCase *pdf = tcase_create("pdf");
	TCase *file = tcase_create("file");
	tcase_add_checked_fixture(pdf, make_folder, remove_folder);
	tcase_add_checked_fixture(file, make_folder, remove_folder);
	tcase_set_timeout(pdf, 60);
	tcase_add_test(pdf, test_sheet_pdf__each_sticker_drawn_is_the_cube_modules);
	tcase_add_test(pdf, test_sheet_pdf__header_names_the_match_in_the_users_language);
	tcase_add_test(pdf, test_sheet_pdf__hostile_names_escaped_and_cut_at_their_column);
	tcase_add_test(pdf, test_sheet_pdf__an_event_game_names_event_round_and_board);
	tcase_add_test(pdf, test_sheet_svg__one_a4_page_with_the_stickers);
	tcase_add_test(file, test_sheet_file__written_whole_beside_the_path_never_through_a_link);
	tcase_add_test(file, test_sheet_file__a_sheet_that_is_not_four_scrambles_is_refused);
	suite_add_tcase(s, pdf);
	suite_add_tcase(s, file);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
