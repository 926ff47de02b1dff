/*
 * test_checklist.c: the pre-match check-list recorded with a ChessCubing
 * match (rules/chesscubing.md CK-1): its record's texts read back, the
 * refusals (an item open, a skip without reason, after block 1 started),
 * the hold and release it records before block 1, and what the report's
 * interventions say of it. Each test declares its clauses (clauses.h).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/match.h"
#include "chesscubing/session.h"
#include "chesscubing/session_checklist.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/support_lang.h"
#include "clauses.h"

static cc_session *new_twice(void)
{
	cc_match_settings s;
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_TWICE;
	cc_session *session = NULL;
	cc_error err = {0};
	ck_assert_msg(cc_session_create(&session, NULL, &s, false, &err) == CC_OK, "%s", err.message);
	return session;
}

static cc_session_checklist filled(void)
{
	cc_session_checklist l;
	cc_session_checklist_init(&l, false);
	l.state[CC_CHECK_CUBES] = CC_CHECK_TICKED;
	l.state[CC_CHECK_SCRAMBLES] = CC_CHECK_SKIPPED;
	snprintf(l.reason[CC_CHECK_SCRAMBLES], sizeof l.reason[0], "no printer here");
	l.state[CC_CHECK_BOARD] = CC_CHECK_TICKED;
	l.state[CC_CHECK_DRAW] = CC_CHECK_CONFIRMED;
	return l;
}

START_TEST(test_checklist__texts_read_back_language_free)
{
	CLAUSES("CK-1.5");
	cc_session_checklist l = filled(), back;
	char hold[CC_TEXT_MAX], release[CC_TEXT_MAX];
	ck_assert(cc_session_checklist_texts(&l, hold, sizeof hold, release, sizeof release));
	ck_assert_str_eq(hold, "checklist cubes=ticked scrambles=skipped board=ticked draw=confirmed dgt=none");
	ck_assert_str_eq(release, "checklist skipped scrambles: no printer here");
	ck_assert(cc_session_checklist_parse(hold, &back));
	for (int i = 0; i < CC_CHECK_COUNT; i++)
		ck_assert_int_eq(back.state[i], l.state[i]);
	ck_assert(!cc_session_checklist_parse(release, &back));
	l.state[CC_CHECK_SCRAMBLES] = CC_CHECK_TICKED; /* nothing skipped: the release says so (CK-1.5) */
	ck_assert(cc_session_checklist_texts(&l, hold, sizeof hold, release, sizeof release));
	ck_assert_str_eq(release, "checklist");
	char said[256];
	ck_assert(cc_session_describe_checklist(cc_lang_named("en"), true, release, said, sizeof said));
	ck_assert_str_eq(said, "check-list: no item skipped");
	ck_assert(!cc_session_checklist_parse("", &back));
	ck_assert(!cc_session_checklist_parse("checklist cubes=maybe", &back));
}
END_TEST

START_TEST(test_checklist__open_item_or_skip_without_reason_refused)
{
	CLAUSES("CK-1.3 CK-1.4");
	cc_session *s = new_twice();
	cc_session_checklist l;
	cc_session_checklist_init(&l, true);
	ck_assert(!cc_session_checklist_done(&l));
	cc_error err = {0};
	ck_assert_int_eq(cc_session_record_checklist(s, &l, 0, &err), CC_ERR_INVALID);
	l = filled();
	l.reason[CC_CHECK_SCRAMBLES][0] = '\0';
	ck_assert(!cc_session_checklist_done(&l));
	ck_assert_int_eq(cc_session_record_checklist(s, &l, 0, &err), CC_ERR_INVALID);
	ck_assert_uint_eq(cc_match_event_count(cc_session_match(s)), 0);
	ck_assert(!cc_session_has_checklist(s));
	cc_session_destroy(s);
}
END_TEST

static void count_line(void *ctx, int64_t t_ms, const char *text)
{
	(void)t_ms;
	char *all = ctx;
	strncat(all, text, 4000 - strlen(all));
	strncat(all, "\n", 4000 - strlen(all));
}

START_TEST(test_checklist__recorded_before_block_1_and_told)
{
	CLAUSES("CK-1.5");
	cc_session *s = new_twice();
	cc_session_checklist l = filled();
	cc_error err = {0};
	ck_assert_msg(cc_session_record_checklist(s, &l, 0, &err) == CC_OK, "%s", err.message);
	const cc_match *m = cc_session_match(s);
	ck_assert_uint_eq(cc_match_event_count(m), 2);
	cc_event ev;
	cc_match_event_at(m, 0, &ev);
	ck_assert_int_eq(ev.kind, CC_EV_HOLD);
	cc_match_event_at(m, 1, &ev);
	ck_assert_int_eq(ev.kind, CC_EV_RELEASE);
	ck_assert(cc_session_has_checklist(s));
	cc_match_view v;
	cc_match_view_at(m, 0, &v);
	ck_assert(!v.held);
	ck_assert_int_eq(v.phase, CC_PHASE_SETUP);
	/* Block 1 starts after it; a second list is refused once started. */
	cc_event start = cc_event_start(1000);
	ck_assert_int_eq(cc_session_apply(s, &start, &err), CC_OK);
	ck_assert_int_eq(cc_session_record_checklist(s, &l, 2000, &err), CC_ERR_PHASE);
	static char all[4096];
	all[0] = '\0';
	ck_assert_uint_ge(cc_session_interventions(cc_lang_default(), s, count_line, all), 3);
	ck_assert_msg(strstr(all, "0 holds") != NULL, "%s", all);
	ck_assert_msg(strstr(all, "pre-match check-list (CK-1): Eight cubes and covers 1-4 present ticked; Same "
	                          "scrambles under each number (sheet printed) skipped;") != NULL,
	              "%s", all);
	ck_assert_msg(strstr(all, "Colour draw done before the players confirmed at the start") != NULL, "%s", all);
	ck_assert_msg(strstr(all, "check-list, skipped with the arbiter's reason: scrambles: no printer here") != NULL,
	              "%s", all);
	cc_session_destroy(s);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("checklist");
	TCase *tc = tcase_create("checklist");
	tcase_add_test(tc, test_checklist__texts_read_back_language_free);
	tcase_add_test(tc, test_checklist__open_item_or_skip_without_reason_refused);
	tcase_add_test(tc, test_checklist__recorded_before_block_1_and_told);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
