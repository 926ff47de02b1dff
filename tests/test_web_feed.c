/*
 * test_web_feed.c: a match's feed followed commit by commit (feed_payload.c:
 * the session brought up to its record with cc_session_read_more, the log
 * told on by a cursor, its first frame telling only the events of the
 * lines it shows) says what a fresh `serve` of the same record says: each
 * language's frame, field for field, the anchor's commit time aside (when
 * each server saw the commit, by its own clock); and its blocks, kept as
 * text from frame to frame, are those of a new read of the record.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chesscubing/session.h"
#include "chesscubing/session_json.h"
#include "clauses.h"
#include "web_internal.h"

#define WALL_MS 1796047500000LL

static char dir[64], db_path[128];

static void wake(void *ctx, cc_web_client *client)
{
	(void)ctx;
	(void)client;
}

/* A frame's JSON ("data: {...}\n\n"), its commit time taken out. */
static json_t *frame_json(const cc_web_frame *f)
{
	ck_assert_ptr_nonnull(f);
	ck_assert(strncmp(f->text, "data: ", 6) == 0);
	json_error_t jerr;
	json_t *j = json_loadb(f->text + 6, f->len - 6, 0, &jerr);
	ck_assert_msg(j != NULL, "%s", jerr.text);
	json_t *board = json_object_get(j, "board");
	ck_assert_ptr_nonnull(board);
	json_object_del(board, "commit_wall_ms");
	return j;
}

/* The match's blocks as a new read of the record says them (the state of
 * `script`), which the frames keep as text from frame to frame. */
static json_t *blocks_read(void)
{
	cc_session_db *db = NULL;
	cc_session *s = NULL;
	ck_assert_int_eq(cc_session_db_open(&db, db_path, CC_SESSION_DB_READ, NULL, NULL), CC_OK);
	ck_assert_int_eq(cc_session_read(&s, db, 1, NULL), CC_OK);
	json_t *state = cc_session_state_json(cc_session_match(s), cc_match_last_time(cc_session_match(s)), true);
	json_t *blocks = json_incref(json_object_get(state, "blocks"));
	json_decref(state);
	cc_session_destroy(s);
	cc_session_db_close(db);
	ck_assert(json_is_array(blocks));
	return blocks;
}

/* The follower's frames (built again on the record's news) against the
 * first frames of a new feed of the same record, in every language. */
static size_t agrees_with_fresh(cc_web_feed *follower, cc_web_topic *t, int64_t *mono, int step)
{
	json_t *blocks = blocks_read();
	size_t nblocks = json_array_size(blocks);
	cc_web_feed *fresh = NULL;
	cc_web_topic *ft = NULL;
	cc_web_route route = {CC_WEB_MATCH_EVENTS, 1, ""};
	*mono += 10000;
	ck_assert_int_eq(cc_web_feed_create(&fresh, db_path, wake, NULL, NULL), CC_OK);
	ck_assert_int_eq(cc_web_feed_topic(fresh, &route, *mono, &ft, NULL), CC_OK);
	for (size_t l = 0; l < cc_lang_count(); l++) {
		json_t *a = frame_json(cc_web_feed_frame(follower, t, cc_lang_at(l), *mono));
		json_t *b = frame_json(cc_web_feed_frame(fresh, ft, cc_lang_at(l), *mono));
		json_t *state = json_object_get(json_object_get(a, "board"), "state");
		ck_assert_ptr_nonnull(state);
		ck_assert_msg(json_equal(json_object_get(state, "blocks"), blocks), "step %d: the blocks", step);
		char *ta = json_dumps(a, JSON_SORT_KEYS | JSON_COMPACT), *tb = json_dumps(b, JSON_SORT_KEYS | JSON_COMPACT);
		ck_assert_msg(json_equal(a, b), "step %d, %s:\nfollowed %s\nfresh    %s", step, cc_lang_at(l)->code,
		              ta, tb);
		free(ta);
		free(tb);
		json_decref(a);
		json_decref(b);
	}
	cc_web_feed_destroy(fresh);
	json_decref(blocks);
	return nblocks;
}

static void apply_at(cc_clock *clock, cc_session *s, int64_t wall_ms, cc_event ev)
{
	cc_error err = {0};
	clock->frozen_wall_ms = wall_ms;
	ck_assert_msg(cc_session_apply(s, &ev, &err) == CC_OK, "%s (event %zu, at %lld ms)", err.message,
	              cc_match_event_count(cc_session_match(s)), (long long)ev.t_ms);
}

/* n moves, one every 200 ms from t_ms, each by the side to move; a cube
 * phase on the way is solved (White 20 s, Black 21 s). */
static int64_t moves(cc_clock *clock, cc_session *s, int64_t t_ms, int n)
{
	for (int i = 0; i < n; i++, t_ms += 200) {
		cc_match_view v;
		cc_match_view_at(cc_session_match(s), t_ms, &v);
		if (v.phase == CC_PHASE_CUBE) {
			apply_at(clock, s, WALL_MS + t_ms + 3, cc_event_cube(t_ms, CC_SIDE_WHITE, 2000));
			apply_at(clock, s, WALL_MS + t_ms + 5, cc_event_cube(t_ms, CC_SIDE_BLACK, 2100));
			t_ms += 200;
			cc_match_view_at(cc_session_match(s), t_ms, &v);
		}
		apply_at(clock, s, WALL_MS + t_ms + 7, cc_event_move(t_ms, v.to_move, false));
	}
	return t_ms;
}

START_TEST(test_web_feed__followed_is_a_fresh_serve)
{
	CLAUSES("RU-18 RU-14");
	cc_clock clock = cc_clock_frozen(0, WALL_MS);
	snprintf(dir, sizeof dir, "/tmp/cc-feed-XXXXXX");
	ck_assert(mkdtemp(dir) != NULL);
	snprintf(db_path, sizeof db_path, "%s/matches.db", dir);
	cc_session_db *db = NULL;
	cc_session *s = NULL;
	ck_assert_int_eq(cc_session_db_open(&db, db_path, CC_SESSION_DB_WRITE, &clock, NULL), CC_OK);
	cc_match_settings settings;
	cc_match_settings_default(&settings);
	settings.format = CC_FORMAT_TIME; /* blocks follow their cube phases */
	ck_assert_int_eq(cc_session_create(&s, db, &settings, false, NULL), CC_OK);
	ck_assert_int_eq(cc_session_id(s), 1);
	apply_at(&clock, s, WALL_MS, cc_event_start(0));
	int64_t t = moves(&clock, s, 1000, 3);
	cc_session_destroy(s); /* no console holds it: its clocks stand still */

	cc_web_feed *feed = NULL;
	cc_web_topic *topic = NULL;
	cc_web_route route = {CC_WEB_MATCH_EVENTS, 1, ""};
	int64_t mono = 1000;
	ck_assert_int_eq(cc_web_feed_create(&feed, db_path, wake, NULL, NULL), CC_OK);
	ck_assert_int_eq(cc_web_feed_topic(feed, &route, mono, &topic, NULL), CC_OK);
	agrees_with_fresh(feed, topic, &mono, 0);
	/* commits of a few events, many (more than the page's lines), an undo,
	 * another run (its pause), a block ended by time */
	for (int run = 0; run < 3; run++) {
		clock.frozen_wall_ms = WALL_MS + t + 60000;
		ck_assert_int_eq(cc_session_resume(&s, db, 1, NULL), CC_OK);
		apply_at(&clock, s, WALL_MS + t + 61000, cc_event_resume(t));
		t = moves(&clock, s, t + 200, run == 1 ? 57 : 2);
		apply_at(&clock, s, WALL_MS + t + 9, cc_event_undo(t));
		t = moves(&clock, s, t + 100, 1);
		cc_session_destroy(s);
		agrees_with_fresh(feed, topic, &mono, 1 + run);
	}
	clock.frozen_wall_ms = WALL_MS + t + 60000;
	ck_assert_int_eq(cc_session_resume(&s, db, 1, NULL), CC_OK);
	apply_at(&clock, s, WALL_MS + t + 61000, cc_event_resume(t));
	apply_at(&clock, s, WALL_MS + t + 400000, cc_event_tick(t + 400000)); /* the block over, told by time */
	cc_session_destroy(s);
	ck_assert_uint_ge(agrees_with_fresh(feed, topic, &mono, 4), 5);
	agrees_with_fresh(feed, topic, &mono, 5); /* nothing new */
	cc_web_feed_destroy(feed);
	cc_session_db_close(db);
	char command[160];
	snprintf(command, sizeof command, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(command), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("web_feed");
	TCase *tc = tcase_create("follow");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_web_feed__followed_is_a_fresh_serve);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
