/*
 * clauses.h: how a Check test declares the rule clauses (rules/) it
 * checks, in a form the run itself reports.
 *
 *   START_TEST(test_match_block__ends_after_180_seconds)
 *   {
 *           CLAUSES("CO-2.1 RU-9");
 *           ...
 *
 * CLAUSES, the test's first statement, prints one line on standard output
 * each time the test runs:
 *
 *   CLAUSES: test_match_block__ends_after_180_seconds CO-2.1 RU-9
 *
 * so a test that no TCase runs declares nothing, and a clause named in a
 * comment is not declared at all. With CC_CLAUSES=list in the environment
 * the test returns right after its declaration: rules_selfcheck runs every
 * registered ctest that way and reads these lines (tests/rules_selfcheck.cmake).
 * The IDs are separated by spaces; "none" declares a test that checks no
 * clause.
 */
#ifndef CHESSCUBING_TEST_CLAUSES_H
#define CHESSCUBING_TEST_CLAUSES_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints the declaration of the test function fn (Check names it
 * <test>_fn); true when the test should stop there (list mode). */
static inline bool cc_clauses_declare(const char *fn, const char *ids)
{
	size_t n = strlen(fn);
	const char *mode = getenv("CC_CLAUSES");
	if (n > 3 && strcmp(fn + n - 3, "_fn") == 0)
		n -= 3;
	printf("CLAUSES: %.*s %s\n", (int)n, fn, ids);
	/* Check forks each test: flush before the child exits or fails. */
	fflush(stdout);
	return mode != NULL && strcmp(mode, "list") == 0;
}

#define CLAUSES(ids)                                                                                                   \
	do {                                                                                                           \
		if (cc_clauses_declare(__func__, ids))                                                                 \
			return;                                                                                        \
	} while (0)

#endif
