/*
 * test_text.c: the one validator of free text (cc_text_check, common.h,
 * RU-24.3) rule by rule, its byte limit on a character's edge, and its
 * agreement with the name check it shares its rules with; the one CSV cell
 * writer (cc_session_csv_cell, RU-24.4): quoted, escaped, a formula
 * neutralised as OWASP says.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/common.h"
#include "chesscubing/match.h"
#include "chesscubing/session_describe.h"
#include "clauses.h"

/* The message text's check refuses with, CC_MSG_INTERNAL when accepted. */
static cc_msg refusal(const char *text, size_t size)
{
	cc_error err = {0};
	if (cc_text_check(CC_TEXT_REASON, text, size, &err) == CC_OK)
		return CC_MSG_INTERNAL;
	ck_assert_int_eq(err.code, CC_ERR_INVALID);
	ck_assert_int_eq(err.nargs, (int)strlen(cc_msg_types(err.msg)));
	ck_assert_str_eq(err.args[0].text, CC_TEXT_REASON); /* which text, a word of the core */
	return err.msg;
}

START_TEST(test_text_rules__each_rule_says_itself)
{
	CLAUSES("RU-24.3");
	ck_assert_int_eq(refusal("reported the wrong way round", 128), CC_MSG_INTERNAL);
	ck_assert_int_eq(refusal("Le r\xc3\xa9sultat \xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d", 128), CC_MSG_INTERNAL);
	ck_assert_int_eq(refusal("\xe2\x80\xab\xd7\xa9\xd7\x9c\xe2\x80\xac ok", 128), CC_MSG_INTERNAL); /* balanced */
	ck_assert_int_eq(refusal("", 128), CC_MSG_TEXT_EMPTY);
	ck_assert_int_eq(refusal("\x1b[2J", 128), CC_MSG_TEXT_CONTROL);
	ck_assert_int_eq(refusal("a\tb", 128), CC_MSG_TEXT_CONTROL);
	ck_assert_int_eq(refusal("a\nb", 128), CC_MSG_TEXT_CONTROL);
	ck_assert_int_eq(refusal("a\x7f", 128), CC_MSG_TEXT_CONTROL);
	ck_assert_int_eq(refusal("a\xc2\x9b" "2J", 128), CC_MSG_TEXT_CONTROL);       /* C1 CSI */
	ck_assert_int_eq(refusal("a\xe2\x80\xa8" "b", 128), CC_MSG_TEXT_CONTROL);    /* U+2028 */
	ck_assert_int_eq(refusal("a\xe2\x80\xa9" "b", 128), CC_MSG_TEXT_CONTROL);    /* U+2029 */
	ck_assert_int_eq(refusal("a\xff", 128), CC_MSG_TEXT_NOT_UTF8);
	ck_assert_int_eq(refusal("\xc0\xaf", 128), CC_MSG_TEXT_NOT_UTF8);            /* overlong */
	ck_assert_int_eq(refusal("\xed\xa0\x80", 128), CC_MSG_TEXT_NOT_UTF8);        /* a surrogate */
	ck_assert_int_eq(refusal("\xc3", 128), CC_MSG_TEXT_NOT_UTF8);                /* cut */
	ck_assert_int_eq(refusal("\xef\xbb\xbf" "Club", 128), CC_MSG_TEXT_ZERO_WIDTH); /* BOM */
	ck_assert_int_eq(refusal("A\xe2\x80\x8b" "B", 128), CC_MSG_TEXT_ZERO_WIDTH);
	ck_assert_int_eq(refusal("\xe2\x80\x8d\xe2\x80\x8d", 128), CC_MSG_TEXT_ZERO_WIDTH);
	ck_assert_int_eq(refusal("\xe2\x80\xae" "FRA", 128), CC_MSG_TEXT_BIDI_UNBALANCED); /* lone RLO */
	ck_assert_int_eq(refusal("a\xe2\x80\xac", 128), CC_MSG_TEXT_BIDI_UNBALANCED);     /* lone PDF */
	ck_assert_int_eq(refusal("\xe2\x81\xa7" "a", 128), CC_MSG_TEXT_BIDI_UNBALANCED);  /* lone RLI */
	ck_assert_int_eq(refusal("\xe2\x80\xab" "a\xe2\x81\xa9", 128), CC_MSG_TEXT_BIDI_UNBALANCED); /* crossed */
	ck_assert_int_eq(refusal("   ", 128), CC_MSG_TEXT_INVISIBLE);
}
END_TEST

START_TEST(test_text_rules__the_same_as_a_name)
{
	CLAUSES("RU-24.3 RU-24.1");
	static const char *const texts[] = {"Anne", "", " ", "\x1b", "\xe2\x80\xae" "a", "a\xe2\x80\x8b",
	                                    "\xff", "\xe2\x80\xa8", "\xef\xbb\xbf", "\xd7\xa9", "a\xc2\x85"};
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		cc_msg why;
		bool name = cc_text_is_name(texts[i], &why);
		ck_assert_msg(name == (refusal(texts[i], 64) == CC_MSG_INTERNAL), "text %zu", i);
	}
}
END_TEST

/* The limit counts bytes with the NUL: size 8 takes 7 bytes; a text one
 * byte over is refused, never cut, even where the cut would fall inside a
 * character. */
START_TEST(test_text_limit__refused_never_cut)
{
	CLAUSES("RU-24.3 RU-24");
	cc_error err = {0};
	ck_assert_int_eq(refusal("1234567", 8), CC_MSG_INTERNAL);
	ck_assert_int_eq(refusal("12345678", 8), CC_MSG_TEXT_TOO_LONG);
	ck_assert_int_eq(refusal("\xc3\xa9\xc3\xa9\xc3\xa9" "a", 8), CC_MSG_INTERNAL);    /* 7 bytes */
	ck_assert_int_eq(refusal("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 8), CC_MSG_TEXT_TOO_LONG); /* 8: é cut at 7 */
	char reason[200];
	memset(reason, 0, sizeof reason);
	for (int i = 0; i < 64; i++)
		memcpy(reason + 2 * i, "\xc3\xa9", 2); /* 128 bytes of é: over a reason's 127 */
	ck_assert_int_eq(cc_text_check(CC_TEXT_REASON, reason, CC_TEXT_MAX, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_TEXT_TOO_LONG);
	ck_assert_int_eq(err.args[1].n, CC_TEXT_MAX - 1);
	reason[126] = '\0';
	ck_assert_int_eq(cc_text_check(CC_TEXT_REASON, reason, CC_TEXT_MAX, &err), CC_OK);
}
END_TEST

START_TEST(test_text_optional__none_passes_a_bad_one_does_not)
{
	CLAUSES("RU-24.3");
	cc_error err = {0};
	ck_assert_int_eq(cc_text_check_optional(CC_TEXT_CLUB, NULL, CC_NAME_MAX, &err), CC_OK);
	ck_assert_int_eq(cc_text_check_optional(CC_TEXT_CLUB, "", CC_NAME_MAX, &err), CC_OK);
	ck_assert_int_eq(cc_text_check_optional(CC_TEXT_FEDERATION_ID, "\xe2\x80\xae" "123", 32, &err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_TEXT_BIDI_UNBALANCED);
	ck_assert_str_eq(err.args[1].text, "\\u202E123"); /* echoed escaped (RU-24.2) */
}
END_TEST

/* Chess-Uno's names of its players, among its options, are names too:
 * "" (none) passes, a lone RLO does not. */
START_TEST(test_text_settings__uno_names_checked_for_a_new_match)
{
	CLAUSES("RU-24.3");
	cc_match_settings s;
	cc_error err = {0};
	cc_match_settings_default(&s);
	snprintf(s.white, sizeof s.white, "Anne");
	snprintf(s.black, sizeof s.black, "Bruno");
	ck_assert_int_eq(cc_match_settings_names_check(&s, &err), CC_OK);
	snprintf(s.uno.options.players[1], sizeof s.uno.options.players[1], "\xe2\x80\xae" "Bruno");
	ck_assert_int_eq(cc_match_settings_names_check(&s, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_NAME_BIDI_UNBALANCED);
	snprintf(s.uno.options.players[1], sizeof s.uno.options.players[1], "Bruno");
	ck_assert_int_eq(cc_match_settings_names_check(&s, &err), CC_OK);
}
END_TEST

/* What cc_session_csv_cell writes for text. */
static const char *cell(const char *text)
{
	static char buf[512];
	memset(buf, 0, sizeof buf);
	FILE *f = fmemopen(buf, sizeof buf, "w");
	ck_assert_ptr_nonnull(f);
	cc_session_csv_cell(f, text);
	fclose(f);
	return buf;
}

START_TEST(test_text_csv__formulas_neutralised)
{
	CLAUSES("RU-24.4");
	ck_assert_str_eq(cell("=cmd|' /C calc'!A0"), "\"'=cmd|' /C calc'!A0\"");
	ck_assert_str_eq(cell("@SUM(A1)"), "\"'@SUM(A1)\"");
	ck_assert_str_eq(cell("+33 6"), "\"'+33 6\"");
	ck_assert_str_eq(cell("-2+3"), "\"'-2+3\"");
	ck_assert_str_eq(cell("\t=1"), "\"'\\x09=1\"");
	ck_assert_str_eq(cell("\r=1"), "\"'\\x0D=1\"");
	ck_assert_str_eq(cell("=\"a\",b"), "\"'=\"\"a\"\",b\"");
	/* the same characters later in a text are no formula */
	ck_assert_str_eq(cell("Anne-Marie"), "Anne-Marie");
	ck_assert_str_eq(cell("a=b"), "a=b");
}
END_TEST

START_TEST(test_text_csv__quoted_and_escaped)
{
	CLAUSES("RU-24.4 RU-24.2");
	ck_assert_str_eq(cell("Dupont, Anne"), "\"Dupont, Anne\"");
	ck_assert_str_eq(cell("say \"hi\""), "\"say \"\"hi\"\"\"");
	ck_assert_str_eq(cell("a\x1b[2Jb"), "a\\x1B[2Jb");
	ck_assert_str_eq(cell("a\nb"), "a\\x0Ab");
	ck_assert_str_eq(cell("\xc3\xa9t\xc3\xa9 \xff"), "\xc3\xa9t\xc3\xa9 \\xFF");
	ck_assert_str_eq(cell(""), "");
}
END_TEST

static Suite *text_suite(void)
{
	Suite *s = suite_create("text");
	TCase *rules = tcase_create("rules");
	tcase_add_test(rules, test_text_rules__each_rule_says_itself);
	tcase_add_test(rules, test_text_rules__the_same_as_a_name);
	suite_add_tcase(s, rules);
	TCase *limit = tcase_create("limit");
	tcase_add_test(limit, test_text_limit__refused_never_cut);
	tcase_add_test(limit, test_text_optional__none_passes_a_bad_one_does_not);
	tcase_add_test(limit, test_text_settings__uno_names_checked_for_a_new_match);
	suite_add_tcase(s, limit);
	TCase *csv = tcase_create("csv");
	tcase_add_test(csv, test_text_csv__formulas_neutralised);
	tcase_add_test(csv, test_text_csv__quoted_and_escaped);
	suite_add_tcase(s, csv);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(text_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
