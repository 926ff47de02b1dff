/*
 * test_dynlib.c: the one loader of the optional libraries
 * (cc_dynlib_open, support_dynlib.h), on glibc's libm (there on every
 * machine that builds the program): its functions found and called, a
 * missing soname and a missing symbol refused with their reason and no
 * slot left pointing into a closed library, and the first answer kept.
 */
#include <check.h>
#include <gnu/lib-names.h> /* LIBM_SO: "libm.so.6" */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/support_dynlib.h"
#include "clauses.h"

#define NO_LIBRARY "libchesscubing-no-such-library.so.0"

static struct {
	double (*cos)(double);
	double (*sqrt)(double);
	void (*absent)(void);
} m;

START_TEST(test_dynlib_open__fills_every_slot)
{
	CLAUSES("none");
	cc_dynlib lib = {0};
	const cc_dynlib_symbol table[] = {CC_DYNLIB_SYMBOL(m.cos, cos), CC_DYNLIB_SYMBOL(m.sqrt, sqrt)};
	ck_assert(cc_dynlib_open(&lib, LIBM_SO, NULL, table, 2));
	ck_assert(lib.tried && lib.open);
	ck_assert_ptr_null(lib.missing);
	ck_assert(m.cos != NULL);
	ck_assert(m.cos(0.0) == 1.0);
	ck_assert(m.sqrt(16.0) == 4.0);
}
END_TEST

START_TEST(test_dynlib_open__missing_library_says_the_loader_reason)
{
	CLAUSES("none");
	cc_dynlib lib = {0};
	const cc_dynlib_symbol table[] = {CC_DYNLIB_SYMBOL(m.cos, cos)};
	ck_assert(!cc_dynlib_open(&lib, NO_LIBRARY, "1.0", table, 1));
	ck_assert(lib.tried && !lib.open);
	ck_assert_ptr_null(lib.missing);
	ck_assert(m.cos == NULL);
	/* dlerror()'s text names the file it could not open */
	ck_assert_ptr_nonnull(strstr(lib.why, NO_LIBRARY));
}
END_TEST

/* A symbol the library lacks (another library under the soname, or one too
 * old): the row is written by hand, there is no declaration to check. */
START_TEST(test_dynlib_open__missing_symbol_names_the_version_wanted)
{
	CLAUSES("none");
	cc_dynlib lib = {0}, bare = {0};
	const cc_dynlib_symbol table[] = {
		CC_DYNLIB_SYMBOL(m.cos, cos),
		{"cc_dynlib_no_such_function", (void *)&m.absent, sizeof m.absent},
		CC_DYNLIB_SYMBOL(m.sqrt, sqrt),
	};
	ck_assert(!cc_dynlib_open(&lib, LIBM_SO, "9.9", table, 3));
	ck_assert(lib.tried && !lib.open);
	ck_assert_str_eq(lib.missing, "cc_dynlib_no_such_function");
	ck_assert_str_eq(lib.why, LIBM_SO " (9.9 or later)");
	/* cos was found before the missing one: emptied again */
	ck_assert(m.cos == NULL);
	ck_assert(m.absent == NULL);
	ck_assert(m.sqrt == NULL);
	/* without a version: the symbol itself */
	ck_assert(!cc_dynlib_open(&bare, LIBM_SO, NULL, table, 3));
	ck_assert_str_eq(bare.why, LIBM_SO ": no cc_dynlib_no_such_function");
}
END_TEST

/* Asked once: a later call answers what the first found, whatever table it
 * brings (a missing library is not looked for again at every poll). */
START_TEST(test_dynlib_open__answers_the_first_result_again)
{
	CLAUSES("none");
	cc_dynlib missing = {0}, found = {0};
	const cc_dynlib_symbol table[] = {CC_DYNLIB_SYMBOL(m.cos, cos)};
	ck_assert(!cc_dynlib_open(&missing, NO_LIBRARY, NULL, table, 1));
	ck_assert(!cc_dynlib_open(&missing, LIBM_SO, NULL, table, 1));
	ck_assert(m.cos == NULL);
	ck_assert_ptr_nonnull(strstr(missing.why, NO_LIBRARY));
	ck_assert(cc_dynlib_open(&found, LIBM_SO, NULL, table, 1));
	ck_assert(cc_dynlib_open(&found, NO_LIBRARY, NULL, table, 1));
	ck_assert(m.cos(0.0) == 1.0);
}
END_TEST

static Suite *dynlib_suite(void)
{
	Suite *s = suite_create("dynlib");
	TCase *open = tcase_create("open");
	tcase_add_test(open, test_dynlib_open__fills_every_slot);
	tcase_add_test(open, test_dynlib_open__missing_library_says_the_loader_reason);
	tcase_add_test(open, test_dynlib_open__missing_symbol_names_the_version_wanted);
	tcase_add_test(open, test_dynlib_open__answers_the_first_result_again);
	suite_add_tcase(s, open);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(dynlib_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
