/*
 * test_session_describe.c: the renderer (session_describe.h): what a block
 * summary says, the cube phase's winner, text cut by whole characters, the
 * scoresheet by block and pairs.
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "session_fixture.h"

START_TEST(test_session_describe__quotas_at_180_s_said_once)
{
	CLAUSES("RU-9 RE-2.1");
	cc_match_settings s;
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_TIME;
	snprintf(s.white, sizeof s.white, "Alice");
	snprintf(s.black, sizeof s.black, "Bruno");
	cc_session *session = NULL;
	ck_assert_int_eq(cc_session_create(&session, NULL, &s, false, NULL), CC_OK);
	cc_event start = cc_event_start(0);
	ck_assert_int_eq(cc_session_apply(session, &start, NULL), CC_OK);
	for (int i = 0; i < 12; i++) {
		int64_t t = i == 11 ? CC_BLOCK_MS : 10000 * (i + 1);
		cc_event mv = cc_event_move(t, i % 2 ? CC_SIDE_BLACK : CC_SIDE_WHITE, false);
		ck_assert_int_eq(cc_session_apply(session, &mv, NULL), CC_OK);
	}
	cc_match_view v = view_at(cc_session_match(session), CC_BLOCK_MS);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
	ck_assert_int_eq(v.block_end, CC_BLOCK_END_QUOTA);
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	ck_assert_int_eq(cc_session_export(cc_lang_default(), out, session, CC_EXPORT_TEXT), 0);
	fclose(out);
	ck_assert_msg(strstr(text, "block 1 over (quotas)") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "over (time)") == NULL, "%s", text);
	free(text);
	cc_session_destroy(session);
}
END_TEST

/* RE-2.1: the cube winner in the texts is the core's cube_winner, not the side to move */
START_TEST(test_session_describe__cube_winner_from_the_summary)
{
	CLAUSES("RE-2.1");
	cc_match_settings s = twice_settings();
	cc_block_summary b;
	memset(&b, 0, sizeof b);
	b.block = 1;
	b.cube_number = 2;
	b.cube_cs[0] = 1800;
	b.cube_cs[1] = 1950;
	b.cube_winner = CC_WINNER_BLACK;
	char text[512];
	cc_session_describe_cube(cc_lang_default(), &b, &s, text, sizeof text);
	ck_assert_str_eq(text, "Cube 2: Brice O'Neil won (White 18.00, Black 19.50).");
	cc_session_describe_block(cc_lang_default(), &b, &s, text, sizeof text);
	ck_assert_msg(strstr(text, "ended on the quotas.") && strstr(text, "Brice O'Neil won"), "%s", text);
}
END_TEST

/* Texts are cut at a character boundary, never inside one */
START_TEST(test_session_describe__cut_keeps_whole_characters)
{
	CLAUSES("none");
	cc_match_settings s = twice_settings();
	snprintf(s.white, sizeof s.white, "ÉÉÉÉÉÉÉÉÉÉÉÉ");
	cc_event ev = cc_event_move(0, CC_SIDE_WHITE, true);
	for (size_t size = 2; size < 40; size++) {
		char text[64];
		cc_session_describe_event(cc_lang_default(), &ev, &s, text, size);
		size_t len = strlen(text);
		ck_assert(len < size);
		/* The last byte is ASCII or ends a two-byte É. */
		ck_assert(len == 0 || (unsigned char)text[len - 1] < 0x80 || (unsigned char)text[len - 2] == 0xC3);
	}
}
END_TEST

/* RE-3.5: a setting the format has no use for is refused by its id, never
 * kept unsaid, and so is deck= with seed= (issue 37); where it belongs it
 * is read as before. */

START_TEST(test_session_describe__scoresheet_by_block_and_pairs)
{
	CLAUSES("none");
	cc_match_settings s;
	cc_match *m = NULL;
	cc_match_settings_default(&s);
	s.record = CC_RECORD_MOVES;
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_OK);
	cc_event evs[] = {cc_event_start(0), cc_event_move_text(1000, CC_SIDE_WHITE, "e4"),
	                  cc_event_move_text(2000, CC_SIDE_BLACK, "e5"), cc_event_tick(22500),
	                  cc_event_move_text(23000, CC_SIDE_BLACK, "Nc6")};
	for (size_t i = 0; i < sizeof evs / sizeof evs[0]; i++)
		ck_assert_int_eq(cc_match_apply(m, &evs[i], NULL), CC_OK);
	const char *want[] = {"Block 1", "   1. e4               e5", "   2. -- (lost)        Nc6"};
	ck_assert_uint_eq(cc_session_scoresheet_lines(m), 3);
	for (size_t i = 0; i < 3; i++) {
		char line[128];
		cc_session_scoresheet_line(cc_lang_default(), m, i, line, sizeof line);
		ck_assert_str_eq(line, want[i]);
	}
	cc_match_destroy(m);
}
END_TEST

/* The record's news (session_news.h): a reader's source is told of a
 * writer's commit, says the record is to be asked, and is quiet before.
 * Where the kernel cannot tell (no inotify), it says so and is never due,
 * and the follower polls at its own pace. */

int main(void)
{
	Suite *s = suite_create("session_describe");
	TCase *tc = tcase_create("describe");
	tcase_add_test(tc, test_session_describe__quotas_at_180_s_said_once);
	tcase_add_test(tc, test_session_describe__cube_winner_from_the_summary);
	tcase_add_test(tc, test_session_describe__cut_keeps_whole_characters);
	tcase_add_test(tc, test_session_describe__scoresheet_by_block_and_pairs);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
