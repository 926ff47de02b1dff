/*
 * test_web_index.c: the events of the web index (`/index.json` and `/`,
 * feed_payload.c) and their "open" flag, which the page says as "open" or
 * "over": a Swiss is open while a round is left to pair or to play (its
 * published rounds finished, a round still to come, or a round paired and
 * not published), over once its last round is published and every game
 * of it has its result (rules/club.md CL-10.3, CL-10.6). Each state read
 * by a fresh feed, as a new `serve` of the record would.
 *
 * The event: a Swiss of five players (a PAB each round), two rounds, each
 * round's two boards ended by forfeits (a result without a match).
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session.h"
#include "chesscubing/session_club.h"
#include "clauses.h"
#include "web_internal.h"

#define WALL_MS 1796047500000LL /* 2026-11-30T14:05:00Z */

static char dir[64], db_path[128];

static void wake(void *ctx, cc_web_client *client)
{
	(void)ctx;
	(void)client;
}

/* The index's entry of event name as a fresh feed of the record says it
 * (the caller decrefs), checked against the JSON's shape. */
static json_t *index_event(const char *name)
{
	cc_web_feed *feed = NULL;
	cc_web_topic *topic = NULL;
	cc_web_route route = {CC_WEB_INDEX_JSON, 0, ""};
	size_t len = 0;
	const char *etag = NULL;
	cc_error err = {0};
	ck_assert_msg(cc_web_feed_create(&feed, db_path, wake, NULL, &err) == CC_OK, "%s", err.message);
	ck_assert_int_eq(cc_web_feed_topic(feed, &route, 1000, &topic, NULL), CC_OK);
	const char *body = cc_web_feed_body(feed, topic, false, cc_lang_default(), &len, &etag);
	ck_assert_ptr_nonnull(body);
	json_error_t jerr;
	json_t *index = json_loadb(body, len, 0, &jerr);
	ck_assert_msg(index != NULL, "%s", jerr.text);
	cc_web_feed_destroy(feed);
	json_t *found = NULL, *e;
	size_t k;
	json_array_foreach(json_object_get(index, "events"), k, e)
		if (strcmp(json_string_value(json_object_get(e, "name")), name) == 0)
			found = json_incref(e);
	json_decref(index);
	ck_assert_msg(found != NULL, "no event '%s' in the index", name);
	ck_assert(json_is_boolean(json_object_get(found, "open")));
	return found;
}

/* Checks the index says event "Sw" open (or over), with finished of
 * pairings games finished. */
static void says(bool open, json_int_t finished, json_int_t pairings, const char *when)
{
	json_t *e = index_event("Sw");
	ck_assert_msg(json_is_true(json_object_get(e, "open")) == open, "%s: the index says it %s", when,
	              open ? "over" : "open");
	ck_assert_int_eq(json_integer_value(json_object_get(e, "finished")), finished);
	ck_assert_int_eq(json_integer_value(json_object_get(e, "pairings")), pairings);
	ck_assert_int_eq(json_integer_value(json_object_get(e, "rounds")), 2);
	json_decref(e);
}

/* Pairs the next round of "Sw" (publish: and publishes it). */
static void pair(cc_session_db *db, bool publish)
{
	cc_session_swiss_round *r = malloc(sizeof *r);
	cc_error err = {0};
	ck_assert_ptr_nonnull(r);
	ck_assert_msg(cc_session_club_swiss_pair(db, "Sw", false, r, &err) == CC_OK, "%s", err.message);
	ck_assert_uint_eq(r->pairing.nboards, 2);
	free(r);
	if (publish)
		ck_assert_msg(cc_session_club_swiss_publish(db, "Sw", NULL, &err) == CC_OK, "%s", err.message);
}

/* Ends board of round by a forfeit (White wins). */
static void forfeit(cc_session_db *db, unsigned round, unsigned board)
{
	cc_error err = {0};
	ck_assert_msg(cc_session_club_event_forfeit(db, "Sw", round, board, CC_CLUB_FORFEIT_WHITE, &err) == CC_OK, "%s",
	              err.message);
}

START_TEST(test_web_index__swiss_open_until_its_last_round_ends)
{
	CLAUSES("CL-10.3 CL-10.6");
	static const char *const five[] = {"Ana", "Bob", "Cid", "Dan", "Eve"};
	cc_clock clock = cc_clock_frozen(0, WALL_MS);
	cc_session_db *db = NULL;
	cc_session_event_terms terms;
	cc_error err = {0};
	snprintf(dir, sizeof dir, "/tmp/cc-web-index-XXXXXX");
	ck_assert(mkdtemp(dir) != NULL);
	snprintf(db_path, sizeof db_path, "%s/matches.db", dir);
	ck_assert_int_eq(cc_session_db_open(&db, db_path, CC_SESSION_DB_WRITE, &clock, NULL), CC_OK);
	for (unsigned i = 0; i < 5; i++)
		ck_assert_int_eq(cc_session_club_player_add(db, five[i], NULL, NULL, &err), CC_OK);
	cc_session_event_terms_default(&terms);
	ck_assert_msg(cc_session_club_swiss_create(db, "Sw", five, 5, 2, 0, &terms, &err) == CC_OK, "%s", err.message);
	says(true, 0, 0, "created, nothing paired");
	pair(db, false);
	says(true, 0, 0, "round 1 paired, not published");
	ck_assert_int_eq(cc_session_club_swiss_publish(db, "Sw", NULL, &err), CC_OK);
	says(true, 0, 2, "round 1 published");
	forfeit(db, 1, 1);
	forfeit(db, 1, 2);
	says(true, 2, 2, "round 1 over, round 2 to pair");
	pair(db, false);
	says(true, 2, 2, "round 2 paired, not published");
	ck_assert_int_eq(cc_session_club_swiss_publish(db, "Sw", NULL, &err), CC_OK);
	forfeit(db, 2, 1);
	says(true, 3, 4, "the last round published, a game left");
	forfeit(db, 2, 2);
	says(false, 4, 4, "the last round over");
	cc_session_db_close(db);
	char command[160];
	snprintf(command, sizeof command, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(command), 0);
}
END_TEST

static Suite *web_index_suite(void)
{
	Suite *s = suite_create("web_index");
	TCase *tc = tcase_create("events");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_web_index__swiss_open_until_its_last_round_ends);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(web_index_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
