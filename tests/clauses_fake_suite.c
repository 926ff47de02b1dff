/*
 * clauses_fake_suite.c: not a test of the program, but a Check suite for
 * the rules self-check's own test (rules_selfcheck_catches.cmake), which
 * runs it against made-up rules. One test runs and declares RU-98; another
 * declares RU-99 but no TCase runs it; RU-97 is named only in a comment:
 *
 * RU-97
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"

START_TEST(fake_registered__declares_ru98)
{
	CLAUSES("RU-98");
	ck_assert_int_eq(2 + 2, 4);
}
END_TEST

/* RU-97 (a comment: declares nothing) */
START_TEST(fake_unregistered__declares_ru99)
{
	CLAUSES("RU-99");
	ck_assert_int_eq(2 * 2, 4);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fake");
	TCase *tc = tcase_create("registered");
	tcase_add_test(tc, fake_registered__declares_ru98);
	suite_add_tcase(s, tc);
	/* Written but never added to a TCase, as a forgotten test would be. */
	(void)fake_unregistered__declares_ru99;
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
