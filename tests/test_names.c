/*
 * test_names.c: an enum's spellings both ways from one table (cc_name_of /
 * cc_name_parse, common.h: the one loop the core's and the shell's .def
 * tables share), and the tables the shell builds with it, read back
 * whole: every format of `export` and of `event export` parses to itself.
 */
#include <check.h>
#include <stdlib.h>

#include "chesscubing/common.h"
#include "chesscubing/session_event_export.h"
#include "chesscubing/session_export.h"
#include "clauses.h"

/* A table in another order than its values, with a value left out, as a
 * .def that skips one makes. */
static const cc_name names[] = {{3, "three"}, {0, "zero"}, {2, "two"}};
#define COUNT (sizeof names / sizeof names[0])

START_TEST(test_names_name__each_value_and_none_outside)
{
	CLAUSES("none");
	ck_assert_str_eq(cc_name_of(names, COUNT, 0, NULL), "zero");
	ck_assert_str_eq(cc_name_of(names, COUNT, 3, NULL), "three");
	ck_assert_ptr_null(cc_name_of(names, COUNT, 1, NULL));
	ck_assert_str_eq(cc_name_of(names, COUNT, 4, "?"), "?");
}
END_TEST

START_TEST(test_names_parse__exact_spelling_only)
{
	CLAUSES("none");
	int v = 99;
	ck_assert_int_eq(cc_name_parse(names, COUNT, "two", &v), CC_OK);
	ck_assert_int_eq(v, 2);
	v = 99;
	ck_assert_int_eq(cc_name_parse(names, COUNT, "Two", &v), CC_ERR_INVALID);
	ck_assert_int_eq(cc_name_parse(names, COUNT, "tw", &v), CC_ERR_INVALID);
	ck_assert_int_eq(cc_name_parse(names, COUNT, "", &v), CC_ERR_INVALID);
	ck_assert_int_eq(v, 99); /* untouched when refused */
}
END_TEST

START_TEST(test_names_formats__every_spelling_reads_back)
{
	CLAUSES("none");
	static const struct {
		const char *text;
		int format;
	} exports[] = {{"json", CC_EXPORT_JSON}, {"scenario", CC_EXPORT_SCENARIO}, {"pgn", CC_EXPORT_PGN},
	               {"pgn-null", CC_EXPORT_PGN_NULL}, {"text", CC_EXPORT_TEXT}},
	  events[] = {{"pgn", CC_EVENT_EXPORT_PGN}, {"crosstable", CC_EVENT_EXPORT_CROSSTABLE},
	              {"csv", CC_EVENT_EXPORT_CSV}, {"html", CC_EVENT_EXPORT_HTML}, {"trf", CC_EVENT_EXPORT_TRF}};
	for (size_t i = 0; i < sizeof exports / sizeof exports[0]; i++) {
		cc_export_format f;
		ck_assert_int_eq(cc_session_export_format_parse(exports[i].text, &f), CC_OK);
		ck_assert_int_eq((int)f, exports[i].format);
	}
	for (size_t i = 0; i < sizeof events / sizeof events[0]; i++) {
		cc_event_export_format f;
		ck_assert_int_eq(cc_session_event_export_format_parse(events[i].text, &f), CC_OK);
		ck_assert_int_eq((int)f, events[i].format);
	}
	cc_export_format f;
	cc_event_export_format g;
	ck_assert_int_eq(cc_session_export_format_parse("PGN", &f), CC_ERR_INVALID);
	ck_assert_int_eq(cc_session_event_export_format_parse("text", &g), CC_ERR_INVALID);
}
END_TEST

static Suite *names_suite(void)
{
	Suite *s = suite_create("names");
	TCase *both = tcase_create("both ways");
	tcase_add_test(both, test_names_name__each_value_and_none_outside);
	tcase_add_test(both, test_names_parse__exact_spelling_only);
	tcase_add_test(both, test_names_formats__every_spelling_reads_back);
	suite_add_tcase(s, both);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(names_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
