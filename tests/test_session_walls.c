/*
 * test_session_walls.c: a log line's time of day (issue 21) answered in one
 * pass (session_walls.c: suffix minima kept as events are noted) gives
 * exactly what the scan of the record from each line to the end gave,
 * the reference written here as it stood in session.c; and a reader
 * brought up to its record after a commit (cc_session_read_more, the log
 * told on by a cursor) is the reader a new read gives.
 */
#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chesscubing/session.h"
#include "chesscubing/session_describe.h"
#include "clauses.h"
#include "session_internal.h"
#include "store.h"
#include "record_fixture.h" /* dir, db_path, remove_dir */

/* ---- the reference: one scan per question --------------------------------- */

/* Event e's offset (commit time less stamp); false when it has none. */
static bool naive_offset(const cc_store_event_time *e, int64_t *off)
{
	return e->wall_ms > 0 && !__builtin_sub_overflow(e->wall_ms, e->t_ms, off);
}

static bool naive_at_event(const cc_store_event_time *times, size_t n, size_t k, int64_t t_ms, int64_t *wall_ms)
{
	bool found = false;
	int64_t offset = 0;
	for (size_t j = k; j < n; j++) {
		int64_t off;
		if (!naive_offset(&times[j], &off))
			continue;
		if (!found || off < offset)
			offset = off;
		found = true;
	}
	return found && !__builtin_add_overflow(t_ms, offset, wall_ms);
}

static bool naive_at(const cc_store_event_time *times, size_t n, int64_t t_ms, int64_t *wall_ms)
{
	bool found = false;
	int64_t offset = 0;
	for (size_t k = n; k-- > 0 && times[k].t_ms >= t_ms;) {
		int64_t off;
		if (!naive_offset(&times[k], &off))
			continue;
		if (!found || off < offset)
			offset = off;
		found = true;
	}
	if (found && __builtin_add_overflow(t_ms, offset, wall_ms))
		return false;
	return found;
}

/* Every place and every time near a stamp (and a few far ones): the same
 * answer, found or not, as the reference. */
typedef bool at_event_fn(const void *who, size_t k, int64_t t_ms, int64_t *wall_ms);
typedef bool at_fn(const void *who, int64_t t_ms, int64_t *wall_ms);

static void agree(const cc_store_event_time *times, size_t n, const void *who, at_event_fn *at_event, at_fn *at)
{
	int64_t far[] = {INT64_MIN, -1, 0, INT64_MAX};
	for (size_t i = 0; i < n + 4; i++) {
		for (int64_t d = -1; d <= 1; d++) {
			int64_t t = i < n ? times[i].t_ms : far[i - n];
			if (__builtin_add_overflow(t, d, &t))
				continue;
			int64_t want = 0, got = 0;
			bool want_found = naive_at(times, n, t, &want), found = at(who, t, &got);
			ck_assert_msg(found == want_found && (!found || got == want), "time %lld: %d %lld, want %d %lld",
			              (long long)t, found, (long long)got, want_found, (long long)want);
			for (size_t k = 0; k <= n; k++) {
				want_found = naive_at_event(times, n, k, t, &want);
				found = at_event(who, k, t, &got);
				ck_assert_msg(found == want_found && (!found || got == want),
				              "event %zu, time %lld: %d %lld, want %d %lld", k, (long long)t, found,
				              (long long)got, want_found, (long long)want);
			}
		}
	}
}

/* ---- the walls alone, on any sequence ------------------------------------ */

static bool walls_at_event(const void *who, size_t k, int64_t t_ms, int64_t *wall_ms)
{
	return cc_session_walls_at_event(who, k, t_ms, wall_ms);
}

static bool walls_at(const void *who, int64_t t_ms, int64_t *wall_ms)
{
	return cc_session_walls_at(who, t_ms, wall_ms);
}

/* Stamps that go back (a crafted record), commit times missing (schema 2)
 * or whose offset overflows, runs up and down: after the first events
 * noted and every eighth after them, every answer is the reference's. */
START_TEST(test_session_walls__suffix_minimum_is_the_scan)
{
	CLAUSES("RU-18");
	enum { N = 96 };
	cc_store_event_time times[N];
	unsigned seed = 37;
	for (int round = 0; round < 8; round++) {
		cc_session_walls w;
		cc_session_walls_init(&w);
		int64_t t = 0, run = 1796047500000LL;
		for (size_t i = 0; i < N; i++) {
			unsigned r = (unsigned)rand_r(&seed);
			t += r % 4 == 0 ? 0 : (int64_t)(r % 3000);
			if (round % 2 && r % 11 == 0)
				t -= 5000; /* back in time */
			if (r % 17 == 0)
				run += 60000; /* a resume */
			if (r % 19 == 0)
				run -= 30000; /* a wall clock set back */
			int64_t wall = run + t + (r % 5 == 0 ? (int64_t)(r % 700) : 0);
			if (r % 13 == 0)
				wall = 0;
			if (round == 7 && r % 23 == 0)
				wall = INT64_MAX; /* its offset overflows for a negative stamp, its sum for any */
			times[i] = (cc_store_event_time){t, wall};
			ck_assert(cc_session_walls_note(&w, t, wall));
			if (i % 8 == 7 || i < 8)
				agree(times, i + 1, &w, walls_at_event, walls_at);
		}
		cc_session_walls_fini(&w);
	}
}
END_TEST

/* ---- a recorded match: three runs of a console, read back ---------------- */

static bool session_at_event(const void *who, size_t k, int64_t t_ms, int64_t *wall_ms)
{
	return cc_session_wall_at_event(who, k, t_ms, wall_ms);
}

static bool session_at(const void *who, int64_t t_ms, int64_t *wall_ms)
{
	return cc_session_wall_at(who, t_ms, wall_ms);
}

/* s's answers against the reference on the record's own times. */
static void agree_with_record(cc_session_db *db, const cc_session *s)
{
	cc_store_event_time *times = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_store_event_times(cc_session_db_store(db), cc_session_id(s), &times, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, cc_match_event_count(cc_session_match(s)));
	agree(times, n, s, session_at_event, session_at);
	free(times);
}

static void apply_at(cc_clock *clock, cc_session *s, cc_session_db *db, int64_t wall_ms, cc_event ev)
{
	cc_error err = {0};
	clock->frozen_wall_ms = wall_ms;
	ck_assert_msg(cc_session_apply(s, &ev, &err) == CC_OK, "%s", err.message);
	agree_with_record(db, s); /* noted as committed */
}

#define WALL_MS 1796047500000LL

static void make_dir(void)
{
	make_record_dir("walls");
}

/* A fresh record with one new match (Anne, Brice) on clock. */
static void new_match(cc_clock *clock, cc_session_db **db, cc_session **s)
{
	make_dir();
	ck_assert_int_eq(cc_session_db_open(db, db_path, CC_SESSION_DB_WRITE, clock, NULL), CC_OK);
	cc_match_settings settings;
	cc_match_settings_default(&settings);
	snprintf(settings.white, sizeof settings.white, "Anne");
	snprintf(settings.black, sizeof settings.black, "Brice");
	ck_assert_int_eq(cc_session_create(s, *db, &settings, false, NULL), CC_OK);
}

START_TEST(test_session_walls__record_with_resumes_agrees_with_the_scan)
{
	CLAUSES("RU-18");
	cc_clock clock = cc_clock_frozen(0, WALL_MS);
	cc_session_db *db = NULL;
	cc_session *s = NULL;
	new_match(&clock, &db, &s);
	int64_t id = cc_session_id(s);
	/* Run 1: a move committed 0.7 s after its stamp (a dialog), an undo. */
	apply_at(&clock, s, db, WALL_MS, cc_event_start(0));
	apply_at(&clock, s, db, WALL_MS + 3000, cc_event_move(3000, CC_SIDE_WHITE, false));
	apply_at(&clock, s, db, WALL_MS + 4700, cc_event_move(4000, CC_SIDE_BLACK, false));
	apply_at(&clock, s, db, WALL_MS + 5000, cc_event_undo(5000));
	apply_at(&clock, s, db, WALL_MS + 6000, cc_event_move(6000, CC_SIDE_BLACK, false));
	ck_assert_int_eq(cc_session_mark_seen(s, 9000, NULL), CC_OK); /* then the crash */
	cc_session_destroy(s);
	/* Run 2, a minute later: the resume's pause, play on, a stop. */
	clock.frozen_wall_ms = WALL_MS + 70000;
	ck_assert_int_eq(cc_session_resume(&s, db, id, NULL), CC_OK);
	agree_with_record(db, s);
	apply_at(&clock, s, db, WALL_MS + 71000, cc_event_resume(6000));
	apply_at(&clock, s, db, WALL_MS + 73000, cc_event_move(8000, CC_SIDE_WHITE, false));
	apply_at(&clock, s, db, WALL_MS + 73000, cc_event_move(8000, CC_SIDE_BLACK, false));
	cc_session_destroy(s);
	/* Run 3: resumed again, a move, then a pause committed late. */
	clock.frozen_wall_ms = WALL_MS + 200000;
	ck_assert_int_eq(cc_session_resume(&s, db, id, NULL), CC_OK);
	apply_at(&clock, s, db, WALL_MS + 201000, cc_event_resume(8000));
	apply_at(&clock, s, db, WALL_MS + 203000, cc_event_move(10000, CC_SIDE_WHITE, false));
	apply_at(&clock, s, db, WALL_MS + 205500, cc_event_pause(11000));
	cc_session_destroy(s);
	ck_assert_int_eq(cc_session_read(&s, db, id, NULL), CC_OK);
	agree_with_record(db, s);
	cc_session_destroy(s);
	cc_session_db_close(db);
	/* A commit time lost (a record of schema 2 continued): no run of its own. */
	sqlite3 *raw = NULL;
	ck_assert_int_eq(sqlite3_open(db_path, &raw), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(raw, "UPDATE events SET wall_ms = NULL WHERE seq IN (2, 9)", NULL, NULL, NULL),
	                 SQLITE_OK);
	sqlite3_close(raw);
	ck_assert_int_eq(cc_session_db_open(&db, db_path, CC_SESSION_DB_READ, &clock, NULL), CC_OK);
	ck_assert_int_eq(cc_session_read(&s, db, id, NULL), CC_OK);
	agree_with_record(db, s);
	cc_session_destroy(s);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* Issue 34: an event committed seconds after its stamp (a Stackmat solve
 * stamped at the timer's stop, counted when the arbiter confirms) leaves a
 * follower's estimate of the console's time where the console has it: by
 * the run's least offset, never by that event's commit; after a resume, by
 * the new run's. */
static int64_t run_wall(cc_session_db *db, int64_t id, int64_t t_ms)
{
	cc_session *r = NULL;
	int64_t wall = -1;
	ck_assert_int_eq(cc_session_read(&r, db, id, NULL), CC_OK);
	ck_assert(cc_session_run_wall_at(r, t_ms, &wall));
	cc_session_destroy(r);
	return wall;
}

START_TEST(test_session_walls__a_late_commit_leaves_the_console_time)
{
	CLAUSES("RU-18 SM-2.3");
	cc_clock clock = cc_clock_frozen(0, WALL_MS);
	cc_session_db *db = NULL;
	cc_session *s = NULL;
	new_match(&clock, &db, &s);
	int64_t id = cc_session_id(s), wall = 0;
	apply_at(&clock, s, db, WALL_MS, cc_event_start(0));
	apply_at(&clock, s, db, WALL_MS + 3000, cc_event_move(3000, CC_SIDE_WHITE, false));
	/* stamped at 6 s, counted 4 s later */
	apply_at(&clock, s, db, WALL_MS + 10000, cc_event_move(6000, CC_SIDE_BLACK, false));
	ck_assert(cc_session_wall_at(s, 6000, &wall));
	ck_assert_int_eq(wall, WALL_MS + 10000); /* the log's time of day: its commit */
	ck_assert_int_eq(run_wall(db, id, 6000), WALL_MS + 6000); /* the console's clock: not 4 s behind */
	ck_assert_int_eq(cc_session_mark_seen(s, 9000, NULL), CC_OK);
	cc_session_destroy(s);
	/* resumed a minute later: the new run's offset, not the first run's */
	clock.frozen_wall_ms = WALL_MS + 70000;
	ck_assert_int_eq(cc_session_resume(&s, db, id, NULL), CC_OK);
	ck_assert_int_eq(run_wall(db, id, 6000), WALL_MS + 70000); /* the resume's pause */
	apply_at(&clock, s, db, WALL_MS + 71000, cc_event_resume(7000));
	ck_assert_int_eq(run_wall(db, id, 7000), WALL_MS + 71000);
	apply_at(&clock, s, db, WALL_MS + 77000, cc_event_move(9000, CC_SIDE_WHITE, false));
	ck_assert_int_eq(run_wall(db, id, 9000), WALL_MS + 73000);
	ck_assert(cc_session_run_wall_at(s, 9000, &wall));
	ck_assert_int_eq(wall, WALL_MS + 73000);
	cc_session_destroy(s);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* ---- following a record: only what a commit added ------------------------ */

/* Lines of a log, as text, appended to a buffer. */
typedef struct {
	char text[16384];
	size_t used;
} lines;

static void add_line(void *ctx, int64_t t_ms, cc_session_log_kind kind, const char *text)
{
	lines *l = ctx;
	int n = snprintf(l->text + l->used, sizeof l->text - l->used, "%lld %d %s\n", (long long)t_ms, (int)kind, text);
	ck_assert(n > 0 && (size_t)n < sizeof l->text - l->used);
	l->used += (size_t)n;
}

/* A reader brought up to the record after each commit is the reader a
 * new read gives: the same events and view, the same times of day, and
 * its log told on by a cursor is the log told whole. */
static void follows(cc_session_db *reader, cc_session *follower, cc_session_log_cursor *cur, lines *told)
{
	size_t added = 0;
	cc_error err = {0};
	size_t had = cc_match_event_count(cc_session_match(follower));
	ck_assert_msg(cc_session_read_more(follower, &added, &err) == CC_OK, "%s", err.message);
	const cc_match *m = cc_session_match(follower);
	ck_assert_uint_eq(had + added, cc_match_event_count(m));
	ck_assert_int_eq(cc_session_event_log_more(cc_lang_default(), cur, m, 0, add_line, told), 0);
	cc_session *fresh = NULL;
	ck_assert_int_eq(cc_session_read(&fresh, reader, cc_session_id(follower), NULL), CC_OK);
	ck_assert_uint_eq(cc_match_event_count(cc_session_match(fresh)), cc_match_event_count(m));
	ck_assert_uint_eq(cc_session_info_of(fresh)->events, cc_session_info_of(follower)->events);
	ck_assert_uint_eq(cc_session_resume_count(fresh), cc_session_resume_count(follower));
	cc_match_view a, b;
	cc_match_view_at(m, cc_match_last_time(m) + 1500, &a);
	cc_match_view_at(cc_session_match(fresh), cc_match_last_time(m) + 1500, &b);
	ck_assert(a.paused == b.paused && a.phase == b.phase && a.to_move == b.to_move);
	ck_assert_int_eq(a.block_ms_left, b.block_ms_left);
	ck_assert_int_eq(a.moves[CC_SIDE_WHITE], b.moves[CC_SIDE_WHITE]);
	lines whole = {{0}, 0};
	ck_assert_int_eq(cc_session_event_log(cc_lang_default(), cc_session_match(fresh), add_line, &whole), 0);
	ck_assert_str_eq(told->text, whole.text);
	int64_t age_a = -1, age_b = -1;
	ck_assert_int_eq(cc_session_last_event_age(follower, &age_a), cc_session_last_event_age(fresh, &age_b));
	ck_assert_int_eq(age_a, age_b);
	agree_with_record(reader, follower);
	cc_session_destroy(fresh);
}

START_TEST(test_session_read_more__follows_as_a_new_read)
{
	CLAUSES("RU-18 RU-14");
	cc_clock clock = cc_clock_frozen(0, WALL_MS);
	make_dir();
	cc_session_db *db = NULL, *reader = NULL;
	cc_session *s = NULL, *follower = NULL;
	ck_assert_int_eq(cc_session_db_open(&db, db_path, CC_SESSION_DB_WRITE, &clock, NULL), CC_OK);
	cc_match_settings settings;
	cc_match_settings_default(&settings);
	ck_assert_int_eq(cc_session_create(&s, db, &settings, false, NULL), CC_OK);
	int64_t id = cc_session_id(s);
	ck_assert_int_eq(cc_session_db_open(&reader, db_path, CC_SESSION_DB_READ, &clock, NULL), CC_OK);
	ck_assert_int_eq(cc_session_read(&follower, reader, id, NULL), CC_OK);
	cc_session_log_cursor *cur = cc_session_log_cursor_create(cc_session_match(follower));
	ck_assert_ptr_nonnull(cur);
	static lines told;
	told.used = 0;
	told.text[0] = '\0';
	follows(reader, follower, cur, &told); /* nothing added */
	apply_at(&clock, s, db, WALL_MS, cc_event_start(0));
	follows(reader, follower, cur, &told);
	apply_at(&clock, s, db, WALL_MS + 3000, cc_event_move(3000, CC_SIDE_WHITE, false));
	apply_at(&clock, s, db, WALL_MS + 4700, cc_event_move(4000, CC_SIDE_BLACK, false));
	follows(reader, follower, cur, &told); /* two at once */
	apply_at(&clock, s, db, WALL_MS + 5000, cc_event_undo(5000));
	follows(reader, follower, cur, &told);
	cc_session_destroy(s);
	clock.frozen_wall_ms = WALL_MS + 70000;
	ck_assert_int_eq(cc_session_resume(&s, db, id, NULL), CC_OK); /* another run: its pause */
	follows(reader, follower, cur, &told);
	apply_at(&clock, s, db, WALL_MS + 71000, cc_event_resume(5000));
	apply_at(&clock, s, db, WALL_MS + 300000, cc_event_tick(234000)); /* the block over, told by time */
	follows(reader, follower, cur, &told);
	cc_session_log_cursor_destroy(cur);
	cc_session_destroy(follower);
	cc_session_destroy(s);
	cc_session_db_close(reader);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("session_walls");
	TCase *walls = tcase_create("walls");
	tcase_set_timeout(walls, 60);
	tcase_add_test(walls, test_session_walls__suffix_minimum_is_the_scan);
	tcase_add_test(walls, test_session_walls__record_with_resumes_agrees_with_the_scan);
	tcase_add_test(walls, test_session_read_more__follows_as_a_new_read);
	tcase_add_test(walls, test_session_walls__a_late_commit_leaves_the_console_time);
	suite_add_tcase(s, walls);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
