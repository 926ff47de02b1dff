/*
 * test_messages.c: the table of refusals (include/chesscubing/messages.def)
 * and the renderer that says them (src/session/describe_refusal.c).
 *
 * The table is walked whole: every line's argument types agree with its
 * English format, its name is its id in lowercase, and the compiled French
 * catalogue of the build has its form with the same conversions. A new
 * refusal without its French fails here.
 */
#include <errno.h>
#include <check.h>
#include <libintl.h>
#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/common.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/support_lang.h"

/* The language the refusals are said in: French (main). */
static const cc_lang *test_lang;

static const char *const ids[CC_MSG_COUNT] = {
#define CC_MSG(id, name, kind, types, format) #id,
#include "chesscubing/messages.def"
#undef CC_MSG
};

/* The %N$ conversions of format as a letter per N ('s' or 'd'), in
 * convs[0..9]; false on any other conversion or a letter that disagrees
 * between two uses of one N. */
static bool conversions(const char *format, char convs[10])
{
	memset(convs, 0, 10);
	for (const char *p = format; *p; p++) {
		if (*p != '%')
			continue;
		if (p[1] == '%') {
			p++;
			continue;
		}
		if (p[1] < '1' || p[1] > '9' || p[2] != '$' || (p[3] != 's' && p[3] != 'd'))
			return false;
		int n = p[1] - '1';
		if (convs[n] && convs[n] != p[3])
			return false;
		convs[n] = p[3];
		p += 3;
	}
	return true;
}

/* The conversions the types ask for: 'n' and 'c' a %N$d, every other letter %N$s. */
static void expected(const char *types, char convs[10])
{
	memset(convs, 0, 10);
	for (size_t i = 0; types[i] && i < 10; i++)
		convs[i] = types[i] == 'n' || types[i] == 'c' ? 'd' : 's';
}

START_TEST(test_messages_table__types_agree_with_the_english_format)
{
	for (int m = 0; m < CC_MSG_COUNT; m++) {
		const char *types = cc_msg_types((cc_msg)m), *format = cc_msg_format((cc_msg)m);
		char got[10], want[10];
		ck_assert_msg(strlen(types) <= CC_MSG_ARGS_MAX, "%s: too many arguments", ids[m]);
		ck_assert_msg(strspn(types, "smtncwxqe") == strlen(types), "%s: unknown type in '%s'", ids[m], types);
		ck_assert_msg(conversions(format, got), "%s: a conversion that is not %%N$s or %%N$d: %s", ids[m],
		              format);
		expected(types, want);
		ck_assert_msg(memcmp(got, want, sizeof got) == 0, "%s: types '%s' and format '%s' disagree", ids[m], types,
		              format);
		ck_assert_msg(cc_msg_kind((cc_msg)m) < 0, "%s: its kind is not a refusal", ids[m]);
	}
}
END_TEST

START_TEST(test_messages_table__names_are_the_ids_in_lowercase_and_unique)
{
	for (int m = 0; m < CC_MSG_COUNT; m++) {
		char lower[64];
		size_t i = 0;
		for (; ids[m][i] && i + 1 < sizeof lower; i++)
			lower[i] = (char)(ids[m][i] >= 'A' && ids[m][i] <= 'Z' ? ids[m][i] - 'A' + 'a' : ids[m][i]);
		lower[i] = '\0';
		ck_assert_str_eq(cc_msg_name((cc_msg)m), lower);
		for (int o = 0; o < m; o++)
			ck_assert_str_ne(cc_msg_name((cc_msg)m), cc_msg_name((cc_msg)o));
	}
}
END_TEST

START_TEST(test_messages_french__every_message_has_its_form_with_the_same_conversions)
{
	for (int m = 0; m < CC_MSG_COUNT; m++) {
		const char *format = cc_msg_format((cc_msg)m);
		const char *french = cc_lang_tr(test_lang, format);
		char want[10], got[10];
		/* gettext hands back the msgid itself when it has no translation. */
		ck_assert_msg(french != format, "%s has no French form: %s", ids[m], format);
		ck_assert_msg(conversions(french, got), "%s: the French form has a conversion that is not %%N$s or %%N$d: %s",
		              ids[m], french);
		expected(cc_msg_types((cc_msg)m), want);
		ck_assert_msg(memcmp(got, want, sizeof got) == 0, "%s: the French '%s' does not take the arguments of '%s'",
		              ids[m], french, format);
		/* a message with a count: its plural too, and its French forms */
		const char *plural = cc_msg_plural((cc_msg)m);
		if (!plural)
			continue;
		ck_assert_msg(cc_msg_count_arg((cc_msg)m) >= 0, "%s has two forms and no count ('c')", ids[m]);
		ck_assert_msg(conversions(plural, got) && memcmp(got, want, sizeof got) == 0,
		              "%s: its plural '%s' does not take its arguments", ids[m], plural);
		const char *many = cc_lang_ntr(test_lang, format, plural, 2);
		ck_assert_msg(many != plural && many != french, "%s has no French plural form", ids[m]);
		ck_assert_msg(conversions(many, got) && memcmp(got, want, sizeof got) == 0,
		              "%s: the French plural '%s' does not take its arguments", ids[m], many);
	}
}
END_TEST

/* issue 35 N9: a refusal that says a count says it in the form the count
 * takes, 0 and 1 singular in French, only 1 in English. */
START_TEST(test_messages_plural__a_count_picks_the_form_in_each_language)
{
	static const struct {
		int64_t n;
		const char *english, *french;
	} rows[] = {
		{0, "claim refused: 0 half-moves without a capture or a pawn move, not 100 (9.3)",
		 "réclamation refusée : 0 demi-coup sans prise ni coup de pion, pas 100 (9.3)"},
		{1, "claim refused: 1 half-move without a capture or a pawn move, not 100 (9.3)",
		 "réclamation refusée : 1 demi-coup sans prise ni coup de pion, pas 100 (9.3)"},
		{2, "claim refused: 2 half-moves without a capture or a pawn move, not 100 (9.3)",
		 "réclamation refusée : 2 demi-coups sans prise ni coup de pion, pas 100 (9.3)"},
	};
	cc_error err;
	char buf[2 * CC_ERROR_MESSAGE_MAX];
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		cc_refuse(&err, CC_MSG_CLAIM_FIFTY, rows[i].n);
		ck_assert_str_eq(err.message, rows[i].english);
		cc_session_describe_refusal(NULL, &err, buf, sizeof buf);
		ck_assert_str_eq(buf, rows[i].english);
		cc_session_describe_refusal(test_lang, &err, buf, sizeof buf);
		ck_assert_str_eq(buf, rows[i].french);
	}
	/* every family of the table: 0, 1 and 2 in both languages */
	for (int m = 0; m < CC_MSG_COUNT; m++) {
		int c = cc_msg_count_arg((cc_msg)m);
		if (!cc_msg_plural((cc_msg)m))
			continue;
		const char *types = cc_msg_types((cc_msg)m);
		for (int64_t n = 0; n <= 2; n++) {
			cc_msg_in in[CC_MSG_ARGS_MAX];
			for (int i = 0; types[i]; i++)
				in[i] = types[i] == 'x' ? cc_msg_in_text("e4") : cc_msg_in_int(i == c ? n : 7);
			cc_refuse_args(&err, (cc_msg)m, in, (int)strlen(types));
			const char *en = cc_lang_ntr(NULL, cc_msg_format((cc_msg)m), cc_msg_plural((cc_msg)m), (unsigned long)n);
			ck_assert_ptr_eq(en, n == 1 ? cc_msg_format((cc_msg)m) : cc_msg_plural((cc_msg)m));
			cc_session_describe_refusal(NULL, &err, buf, sizeof buf);
			ck_assert_str_eq(buf, err.message);
			const char *fr = cc_lang_ntr(test_lang, cc_msg_format((cc_msg)m), cc_msg_plural((cc_msg)m), (unsigned long)n);
			ck_assert_ptr_eq(fr, cc_lang_ntr(test_lang, cc_msg_format((cc_msg)m), cc_msg_plural((cc_msg)m), n <= 1 ? 1 : 5));
			ck_assert_str_ne(cc_lang_ntr(test_lang, cc_msg_format((cc_msg)m), cc_msg_plural((cc_msg)m), 1),
			                 cc_lang_ntr(test_lang, cc_msg_format((cc_msg)m), cc_msg_plural((cc_msg)m), 2));
		}
	}
}
END_TEST

START_TEST(test_messages_refuse__fills_kind_id_arguments_and_english)
{
	cc_error err;
	ck_assert_int_eq(cc_refuse(&err, CC_MSG_QUOTA_PLAYED, CC_SIDE_BLACK, 2), CC_ERR_QUOTA);
	ck_assert_int_eq(err.code, CC_ERR_QUOTA);
	ck_assert_int_eq(err.msg, CC_MSG_QUOTA_PLAYED);
	ck_assert_int_eq(err.nargs, 2);
	ck_assert_int_eq(err.args[0].n, CC_SIDE_BLACK);
	ck_assert_int_eq(err.args[1].n, 2);
	ck_assert_str_eq(err.message, "Black has already played the 2 moves of the quota");
	ck_assert_str_eq(cc_msg_name(err.msg), "quota_played");
	/* A NULL detail is allowed: the kind comes back all the same. */
	ck_assert_int_eq(cc_refuse(NULL, CC_MSG_NOTHING_IN_TIME), CC_ERR_PHASE);
	/* A long text is cut on a whole character, and a message is one line. */
	char name[300];
	memset(name, 'a', sizeof name - 3);
	memcpy(name + sizeof name - 3, "\xc3\xa9", 3);
	cc_refuse(&err, CC_MSG_NO_SUCH_PLAYER, name);
	ck_assert_uint_lt(strlen(err.args[0].text), CC_MSG_TEXT_MAX);
	ck_assert(cc_text_is_line(err.message));
	/* What a refusal echoes is escaped (RU-24.2): a newline, an escape, a C1
	 * CSI, a direction override, a zero-width space and an invalid byte
	 * are shown as their codes, never given to the terminal. */
	cc_refuse(&err, CC_MSG_STORE_NOT_OURS, "disk\nfull");
	ck_assert_str_eq(err.message, "disk\\x0Afull is not a ChessCubing database: nothing was written");
	cc_refuse(&err, CC_MSG_NO_SUCH_PLAYER, "A\x1b]0;t\x07\xc2\x9b" "2J\xe2\x80\xae" "B\xe2\x80\x8b" "C\xff");
	ck_assert_str_eq(err.args[0].text, "A\\x1B]0;t\\x07\\u009B2J\\u202EB\\u200BC\\xFF");
	ck_assert(cc_text_is_line(err.message));
}
END_TEST

START_TEST(test_messages_refuse__a_line_of_a_text_says_where)
{
	cc_error err;
	ck_assert_int_eq(cc_error_at_line(&err, 7, cc_refuse(&err, CC_MSG_SCENARIO_UNKNOWN_EVENT, "jump")), CC_ERR_INVALID);
	ck_assert_int_eq(err.line, 7);
	ck_assert_str_eq(err.message, "line 7: unknown event 'jump'");
	cc_error_at_line(&err, 0, err.code);
	ck_assert_str_eq(err.message, "unknown event 'jump'");
}
END_TEST

START_TEST(test_messages_render__each_argument_in_french_by_its_type)
{
	cc_error err;
	char buf[2 * CC_ERROR_MESSAGE_MAX];
	cc_refuse(&err, CC_MSG_QUOTA_PLAYED, CC_SIDE_WHITE, 2);
	cc_session_describe_refusal(test_lang, &err, buf, sizeof buf);
	ck_assert_str_eq(buf, "les Blancs ont déjà joué les 2 coups du quota");
	/* a move: the language's piece letters */
	cc_refuse(&err, CC_MSG_ILLEGAL_MOVE, "Nf5", CC_SIDE_BLACK);
	cc_session_describe_refusal(test_lang, &err, buf, sizeof buf);
	ck_assert_ptr_nonnull(strstr(buf, "Cf5"));
	ck_assert_ptr_nonnull(strstr(buf, "Noirs"));
	/* a word of the core: through the catalogue */
	cc_refuse(&err, CC_MSG_MATCH_OVER, "checkmate");
	cc_session_describe_refusal(test_lang, &err, buf, sizeof buf);
	ck_assert_ptr_nonnull(strstr(buf, "(mat)"));
	/* a time: a clock with the decimal comma */
	cc_refuse(&err, CC_MSG_BLOCK_TIME_RANGE, 190000, 0, 180000);
	ck_assert_str_eq(err.message, "the block's time left would be 3:10.0, outside 0:00.0 to 3:00.0");
	cc_session_describe_refusal(test_lang, &err, buf, sizeof buf);
	ck_assert_str_eq(buf, "le temps restant du bloc serait 3:10,0, hors de 0:00,0 à 3:00,0");
	/* a line of a scenario */
	cc_error_at_line(&err, 3, cc_refuse(&err, CC_MSG_SCENARIO_UNKNOWN_EVENT, "jump"));
	cc_session_describe_refusal(test_lang, &err, buf, sizeof buf);
	ck_assert_str_eq(buf, "ligne 3 : événement inconnu « jump »");
	/* a SQLite code: its class in words, the extended code's number kept */
	cc_refuse(&err, CC_MSG_STORE_READ_MATCHES, 517);
	ck_assert_str_eq(err.message, "cannot read the matches: the database is busy (SQLite 517)");
	cc_session_describe_refusal(test_lang, &err, buf, sizeof buf);
	ck_assert_str_eq(buf, "impossible de lire les matchs : la base est occupée (SQLite 517)");
	cc_refuse(&err, CC_MSG_STORE_OPEN_FAILED, "x.db", 13);
	cc_session_describe_refusal(test_lang, &err, buf, sizeof buf);
	ck_assert_str_eq(buf, "impossible d'ouvrir la base x.db : le disque est plein (SQLite 13)");
	cc_refuse(&err, CC_MSG_STORE_READ_MATCHES, 1);
	cc_session_describe_refusal(test_lang, &err, buf, sizeof buf);
	ck_assert_str_eq(buf, "impossible de lire les matchs : la base a échoué (SQLite 1)");
	/* an errno: in words, not strerror's (the locale's) */
	cc_refuse(&err, CC_MSG_CANNOT_OPEN, "x.pgn", ENOENT);
	ck_assert_str_eq(err.message, "cannot open x.pgn: no such file or folder (errno 2)");
	cc_session_describe_refusal(test_lang, &err, buf, sizeof buf);
	ck_assert_str_eq(buf, "impossible d'ouvrir x.pgn : fichier ou dossier introuvable (errno 2)");
	/* a club's reason, with no argument */
	cc_session_describe_msg(test_lang, CC_MSG_CLUB_UNRATED, buf, sizeof buf);
	ck_assert_str_eq(buf, cc_lang_tr(test_lang, "unrated"));
	ck_assert_str_ne(buf, "unrated");
}
END_TEST

/* Every message said in French with an argument of each of its types:
 * a whole sentence, with no conversion left unfilled. */
START_TEST(test_messages_render__every_message_says_all_its_arguments)
{
	for (int m = 0; m < CC_MSG_COUNT; m++) {
		const char *types = cc_msg_types((cc_msg)m);
		cc_msg_in in[CC_MSG_ARGS_MAX];
		for (int i = 0; types[i]; i++)
			in[i] = types[i] == 'm' || types[i] == 'w' || types[i] == 'x' ? cc_msg_in_text("Nf3") : cc_msg_in_int(1);
		cc_error err;
		char buf[2 * CC_ERROR_MESSAGE_MAX];
		cc_refuse_args(&err, (cc_msg)m, in, (int)strlen(types));
		cc_session_describe_refusal(test_lang, &err, buf, sizeof buf);
		ck_assert_msg(buf[0] && strchr(buf, '%') == NULL && strstr(buf, "?") == NULL, "%s said as '%s'", ids[m], buf);
		ck_assert_msg(strchr(err.message, '%') == NULL, "%s: English '%s'", ids[m], err.message);
	}
}
END_TEST

static Suite *messages_suite(void)
{
	Suite *s = suite_create("messages");
	TCase *table = tcase_create("table");
	TCase *french = tcase_create("french");
	TCase *refuse = tcase_create("refuse");
	TCase *render = tcase_create("render");
	tcase_add_test(table, test_messages_table__types_agree_with_the_english_format);
	tcase_add_test(table, test_messages_table__names_are_the_ids_in_lowercase_and_unique);
	tcase_add_test(french, test_messages_french__every_message_has_its_form_with_the_same_conversions);
	tcase_add_test(refuse, test_messages_refuse__fills_kind_id_arguments_and_english);
	tcase_add_test(refuse, test_messages_refuse__a_line_of_a_text_says_where);
	tcase_add_test(render, test_messages_render__each_argument_in_french_by_its_type);
	tcase_add_test(render, test_messages_render__every_message_says_all_its_arguments);
	tcase_add_test(render, test_messages_plural__a_count_picks_the_form_in_each_language);
	suite_add_tcase(s, table);
	suite_add_tcase(s, french);
	suite_add_tcase(s, refuse);
	suite_add_tcase(s, render);
	return s;
}

int main(void)
{
	/* The build's French catalogue, as the console reads it with --lang fr. */
	cc_lang_use_dir(CC_TEST_LOCALE_DIR);
	test_lang = cc_lang_named("fr");
	SRunner *runner = srunner_create(messages_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
