/*
 * test_lang.c: the languages as values (support_lang.h): the table's rows,
 * a name, a locale, an environment and an Accept-Language read as a row,
 * a message looked up in the build's French catalogue (its plurals by the
 * row's rule), a number said with the row's decimal separator.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/support_lang.h"
#include "clauses.h"

START_TEST(test_lang_table__english_first_then_the_rows)
{
	CLAUSES("none");
	ck_assert_uint_ge(cc_lang_count(), 2);
	ck_assert_ptr_eq(cc_lang_at(0), cc_lang_default());
	ck_assert_str_eq(cc_lang_default()->code, "en");
	ck_assert_int_eq(cc_lang_default()->decimal, '.');
	const cc_lang *fr = cc_lang_named("fr");
	ck_assert_ptr_nonnull(fr);
	ck_assert_int_eq(fr->decimal, ',');
	ck_assert_int_eq(fr->white, 'b');
	ck_assert_int_eq(fr->black, 'n');
	ck_assert_ptr_eq(cc_lang_at(cc_lang_index(fr)), fr);
	ck_assert_ptr_null(cc_lang_at(cc_lang_count()));
	char codes[64];
	cc_lang_codes(codes, sizeof codes);
	ck_assert_ptr_nonnull(strstr(codes, "en, fr"));
}
END_TEST

START_TEST(test_lang_named__codes_locales_and_tags)
{
	CLAUSES("none");
	const cc_lang *fr = cc_lang_named("fr");
	ck_assert_ptr_eq(cc_lang_named("fr_FR.UTF-8"), fr);
	ck_assert_ptr_eq(cc_lang_named("fr_CA"), fr);
	ck_assert_ptr_eq(cc_lang_named("FR-ca"), fr);
	ck_assert_ptr_eq(cc_lang_named("fr@euro"), fr);
	ck_assert_ptr_eq(cc_lang_named("en_GB.UTF-8"), cc_lang_default());
	ck_assert_ptr_null(cc_lang_named("fry"));
	ck_assert_ptr_null(cc_lang_named("C"));
	ck_assert_ptr_null(cc_lang_named("POSIX"));
	ck_assert_ptr_null(cc_lang_named(""));
	ck_assert_ptr_null(cc_lang_named(NULL));
}
END_TEST

START_TEST(test_lang_env__language_unless_c_then_lc_all_lc_messages_lang)
{
	CLAUSES("none");
	const cc_lang *fr = cc_lang_named("fr");
	unsetenv("LANGUAGE");
	unsetenv("LC_ALL");
	unsetenv("LC_MESSAGES");
	setenv("LANG", "fr_FR.UTF-8", 1);
	ck_assert_ptr_eq(cc_lang_from_env(), fr);
	setenv("LC_MESSAGES", "en_US.UTF-8", 1);
	ck_assert_ptr_eq(cc_lang_from_env(), cc_lang_default());
	setenv("LC_ALL", "fr_BE.UTF-8", 1);
	ck_assert_ptr_eq(cc_lang_from_env(), fr);
	setenv("LANGUAGE", "de:en", 1); /* the first of the list the table has */
	ck_assert_ptr_eq(cc_lang_from_env(), cc_lang_default());
	setenv("LC_ALL", "C", 1); /* LANGUAGE is ignored under C, as gettext does */
	setenv("LANGUAGE", "fr", 1);
	ck_assert_ptr_eq(cc_lang_from_env(), cc_lang_default());
	setenv("LC_ALL", "de_DE.UTF-8", 1);
	unsetenv("LANGUAGE");
	ck_assert_ptr_eq(cc_lang_from_env(), cc_lang_default()); /* none known: English */
	unsetenv("LC_ALL");
	unsetenv("LC_MESSAGES");
	unsetenv("LANG");
}
END_TEST

START_TEST(test_lang_accept__best_q_first_of_equals_english_otherwise)
{
	CLAUSES("none");
	const cc_lang *fr = cc_lang_named("fr");
	ck_assert_ptr_eq(cc_lang_from_accept("fr-CH, fr;q=0.9, en;q=0.8"), fr);
	ck_assert_ptr_eq(cc_lang_from_accept("en;q=0.5, fr;q=0.6"), fr);
	ck_assert_ptr_eq(cc_lang_from_accept("fr;q=0.5, en;q=0.5"), fr);
	ck_assert_ptr_eq(cc_lang_from_accept("de, en;q=0.1"), cc_lang_default());
	ck_assert_ptr_eq(cc_lang_from_accept("fr;q=0"), cc_lang_default());
	ck_assert_ptr_eq(cc_lang_from_accept("fr;q=0.000"), cc_lang_default());
	ck_assert_ptr_eq(cc_lang_from_accept(""), cc_lang_default());
	ck_assert_ptr_eq(cc_lang_from_accept(NULL), cc_lang_default());
	ck_assert_ptr_eq(cc_lang_from_accept(";;,,q=,"), cc_lang_default());
}
END_TEST

START_TEST(test_lang_tr__the_catalogue_or_the_message_itself)
{
	CLAUSES("none");
	const cc_lang *fr = cc_lang_named("fr");
	ck_assert_str_eq(cc_lang_tr(fr, "White"), "Blancs");
	ck_assert_str_eq(cc_lang_tr(fr, "KQRBN"), "RDTFC");
	ck_assert_str_eq(cc_lang_tr(cc_lang_default(), "White"), "White");
	ck_assert_str_eq(cc_lang_tr(NULL, "White"), "White");
	ck_assert_str_eq(cc_lang_tr(fr, "a message no catalogue has"), "a message no catalogue has");
	ck_assert_str_eq(cc_lang_tr(fr, ""), ""); /* not the catalogue's header */
}
END_TEST

START_TEST(test_lang_ntr__the_rows_plural_rule)
{
	CLAUSES("none");
	const cc_lang *fr = cc_lang_named("fr");
	/* untranslated: the English rule, whatever the row */
	ck_assert_str_eq(cc_lang_ntr(cc_lang_default(), "%lu move", "%lu moves", 1), "%lu move");
	ck_assert_str_eq(cc_lang_ntr(cc_lang_default(), "%lu move", "%lu moves", 0), "%lu moves");
	ck_assert_str_eq(cc_lang_ntr(fr, "%lu move", "%lu moves", 2), "%lu moves");
	ck_assert_int_eq(fr->plural, CC_LANG_PLURAL_FR);
	ck_assert_int_eq(cc_lang_default()->plural, CC_LANG_PLURAL_EN);
}
END_TEST

START_TEST(test_lang_decimal__the_rows_separator_on_the_last_point)
{
	CLAUSES("none");
	char buf[32] = "+20.0";
	cc_lang_decimal_local(cc_lang_named("fr"), buf);
	ck_assert_str_eq(buf, "+20,0");
	snprintf(buf, sizeof buf, "1:02.35");
	cc_lang_decimal_local(cc_lang_default(), buf);
	ck_assert_str_eq(buf, "1:02.35");
	snprintf(buf, sizeof buf, "12");
	cc_lang_decimal_local(cc_lang_named("fr"), buf);
	ck_assert_str_eq(buf, "12");
}
END_TEST

int main(void)
{
	cc_lang_use_dir(CC_TEST_LOCALE_DIR);
	Suite *s = suite_create("lang");
	TCase *table = tcase_create("table");
	TCase *names = tcase_create("names");
	TCase *catalogue = tcase_create("catalogue");
	tcase_add_test(table, test_lang_table__english_first_then_the_rows);
	tcase_add_test(table, test_lang_decimal__the_rows_separator_on_the_last_point);
	tcase_add_test(names, test_lang_named__codes_locales_and_tags);
	tcase_add_test(names, test_lang_env__language_unless_c_then_lc_all_lc_messages_lang);
	tcase_add_test(names, test_lang_accept__best_q_first_of_equals_english_otherwise);
	tcase_add_test(catalogue, test_lang_tr__the_catalogue_or_the_message_itself);
	tcase_add_test(catalogue, test_lang_ntr__the_rows_plural_rule);
	suite_add_tcase(s, table);
	suite_add_tcase(s, names);
	suite_add_tcase(s, catalogue);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
