/*
 * test_session.c: the session layer (session.h): the live path, creating a
 * match and its lock, reading back what was recorded (streamed lists,
 * events and exports, a damaged page), a failed commit, the news of a
 * commit. Resuming is in test_session_resume.c, the renderer in
 * test_session_describe.c. Every test works in a fresh temporary folder,
 * with a frozen clock.
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "session_fixture.h"

START_TEST(test_session_record__read_back_is_same_match)
{
	CLAUSES("RE-1.1");
	make_dir();
	cc_clock clock = cc_clock_frozen(0, WALL_MS);
	cc_session_db *db = open_db(CC_SESSION_DB_WRITE, &clock);
	cc_match_settings s = twice_settings();
	cc_session *live = create(db, &s);
	int64_t t = 0;
	cc_event script[] = {cc_event_start(0),          cc_event_move(3000, CC_SIDE_BLACK, false),
	                     cc_event_move(4000, CC_SIDE_WHITE, false), cc_event_pause(5000),
	                     cc_event_resume(9000),     cc_event_move(9500, CC_SIDE_BLACK, true),
	                     cc_event_undo(9700),       cc_event_tick(30000),
	                     cc_event_arbiter(31000, CC_WINNER_NONE, "both flags, \"agreed\"; 'draw'")};
	for (size_t i = 0; i < sizeof script / sizeof script[0]; i++) {
		clock.frozen_wall_ms = WALL_MS + script[i].t_ms;
		cc_err rc = cc_session_apply(live, &script[i], NULL);
		ck_assert(rc == CC_OK || i == 1); /* Black cannot move first */
		t = script[i].t_ms;
	}
	cc_session_db *reader_db = open_db(CC_SESSION_DB_READ, &clock);
	cc_session *read = NULL;
	ck_assert_int_eq(cc_session_read(&read, reader_db, cc_session_id(live), NULL), CC_OK);
	const cc_match *a = cc_session_match(live), *b = cc_session_match(read);
	ck_assert_uint_eq(cc_match_event_count(b), cc_match_event_count(a));
	ck_assert_uint_eq(cc_match_event_count(b), 8);
	for (int64_t at = t; at < t + 100000; at += 7777) {
		cc_match_view va = view_at(a, at), vb = view_at(b, at);
		ck_assert(memcmp(&va, &vb, sizeof va) == 0);
	}
	const cc_session_info *info = cc_session_info_of(read);
	ck_assert_str_eq(info->settings.black, "Brice O'Neil");
	ck_assert(info->settings.seed == s.seed);
	ck_assert(info->over);
	ck_assert_int_eq(info->winner, CC_WINNER_NONE);
	ck_assert_str_eq(info->reason_text, "both flags, \"agreed\"; 'draw'");
	ck_assert_str_eq(info->created_utc, "2026-11-30T14:05:00Z");
	/* The last commit was at WALL_MS + 31 s; the frozen clock says 4 s later. */
	int64_t age = -1;
	clock.frozen_wall_ms = WALL_MS + 35000;
	ck_assert(cc_session_last_event_age(read, &age));
	ck_assert_int_eq(age, 4000);
	/* A read-back session never writes. */
	cc_error err;
	cc_event tick = cc_event_tick(90000);
	ck_assert_int_eq(cc_session_apply(read, &tick, &err), CC_ERR_STORE);
	ck_assert_int_eq(err.msg, CC_MSG_READ_ONLY_MATCH);
	cc_session_destroy(read);
	cc_session_db_close(reader_db);
	cc_session_destroy(live);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* RE-1.1: the scramble sheet is recorded with the match on every path that
 * creates one, so readers never derive it again */
START_TEST(test_session_create__records_the_sheet)
{
	CLAUSES("RE-1.1");
	make_dir();
	cc_session_db *db = open_db(CC_SESSION_DB_WRITE, NULL);
	cc_match_settings s = twice_settings();
	cc_session *live = create(db, &s);
	char derived[CC_SESSION_SHEET_MAX];
	ck_assert_int_eq(cc_session_sheet_derive(s.seed, derived, sizeof derived, NULL), CC_OK);
	ck_assert_str_eq(cc_session_sheet(live), derived);
	cc_session_info info;
	ck_assert_int_eq(cc_session_db_info(db, cc_session_id(live), &info, NULL), CC_OK);
	ck_assert_str_eq(info.sheet, derived);
	char line[CC_SESSION_SHEET_MAX];
	cc_session_sheet_line(info.sheet, 4, line, sizeof line);
	ck_assert(line[0] != '\0' && strchr(line, '\n') == NULL);
	cc_session_destroy(live);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* colours by lot give White to either player, never to one every time */
START_TEST(test_session_create__colours_by_lot_swap_sometimes)
{
	CLAUSES("none");
	cc_match_settings s = twice_settings();
	int swapped = 0;
	for (int i = 0; i < 64; i++) {
		cc_session *session = NULL;
		ck_assert_int_eq(cc_session_create(&session, NULL, &s, true, NULL), CC_OK);
		const cc_match_settings *got = cc_match_settings_of(cc_session_match(session));
		bool swap = strcmp(got->white, s.black) == 0;
		ck_assert(swap || strcmp(got->white, s.white) == 0);
		ck_assert_str_eq(swap ? got->black : got->white, s.white);
		swapped += swap;
		cc_session_destroy(session);
	}
	/* 64 fair coin tosses all alike: about one chance in 10^19. */
	ck_assert_int_gt(swapped, 0);
	ck_assert_int_lt(swapped, 64);
}
END_TEST

/* RE-1.4: a second console is refused the match; a reader is not, and can
 * tell whether a console holds it */
START_TEST(test_session_lock__second_console_refused)
{
	CLAUSES("RE-1.4");
	make_dir();
	cc_session_db *db = open_db(CC_SESSION_DB_WRITE, NULL), *other = open_db(CC_SESSION_DB_WRITE, NULL);
	cc_match_settings s = twice_settings();
	cc_session *first = create(db, &s), *second = NULL;
	cc_error err;
	ck_assert_int_eq(cc_session_resume(&second, other, cc_session_id(first), &err), CC_ERR_LOCKED);
	ck_assert(second == NULL);
	ck_assert_int_eq(err.msg, CC_MSG_MATCH_LOCKED);
	bool in_use = false;
	cc_session_db *viewer = open_db(CC_SESSION_DB_READ, NULL);
	ck_assert_int_eq(cc_session_db_in_use(viewer, cc_session_id(first), &in_use, NULL), CC_OK);
	ck_assert(in_use);
	cc_session *read = NULL;
	ck_assert_int_eq(cc_session_read(&read, viewer, cc_session_id(first), NULL), CC_OK);
	cc_session_destroy(read);
	cc_session_destroy(first);
	cc_session_db_close(db);
	ck_assert_int_eq(cc_session_db_in_use(viewer, 1, &in_use, NULL), CC_OK);
	ck_assert(!in_use);
	cc_session_db_close(viewer);
	ck_assert_int_eq(cc_session_resume(&second, other, 0, NULL), CC_OK);
	cc_session_destroy(second);
	cc_session_db_close(other);
	remove_dir();
}
END_TEST

/* CL-5.1: a match is held only while a console has it open and it is not
 * over: a finished match is free at once, though its console still shows
 * it; an undo there takes the lock again, or is refused while another
 * process holds it; a match left for the next is free at once. */
START_TEST(test_session_lock__held_only_while_open)
{
	CLAUSES("CL-5.1");
	make_dir();
	cc_session_db *db = open_db(CC_SESSION_DB_WRITE, NULL), *other = open_db(CC_SESSION_DB_WRITE, NULL);
	cc_match_settings s = twice_settings();
	cc_session *first = create(db, &s), *second = NULL;
	int64_t id = cc_session_id(first);
	cc_event start = cc_event_start(0), resign = cc_event_resign(1000, CC_SIDE_BLACK), undo = cc_event_undo(2000);
	cc_error err;
	bool in_use = true;
	ck_assert_int_eq(cc_session_apply(first, &start, NULL), CC_OK);
	ck_assert_int_eq(cc_session_db_in_use(other, id, &in_use, NULL), CC_OK);
	ck_assert(in_use);
	ck_assert_int_eq(cc_session_apply(first, &resign, NULL), CC_OK);
	ck_assert_int_eq(cc_session_db_in_use(other, id, &in_use, NULL), CC_OK);
	ck_assert(!in_use); /* over: free, while the first console still shows it */
	ck_assert_int_eq(cc_session_resume(&second, other, id, &err), CC_OK);
	/* the other process holds it for its undo: the first console's is refused */
	ck_assert_int_eq(cc_session_apply(second, &undo, &err), CC_OK);
	ck_assert_int_eq(cc_session_apply(first, &undo, &err), CC_ERR_LOCKED);
	ck_assert_int_eq(err.msg, CC_MSG_MATCH_LOCKED);
	cc_event again = cc_event_resign(3000, CC_SIDE_WHITE);
	ck_assert_int_eq(cc_session_apply(second, &again, NULL), CC_OK);
	ck_assert_int_eq(cc_session_db_in_use(db, id, &in_use, NULL), CC_OK);
	ck_assert(!in_use);
	/* free again, but the record moved on since the first console's end */
	ck_assert_int_eq(cc_session_apply(first, &undo, &err), CC_ERR_LOCKED);
	ck_assert_int_eq(err.msg, CC_MSG_MATCH_CHANGED_ELSEWHERE);
	ck_assert_int_eq(cc_session_db_in_use(other, id, &in_use, NULL), CC_OK);
	ck_assert(!in_use); /* the refusal kept no lock */
	cc_session_destroy(first);
	cc_session_destroy(second);
	/* a match left unfinished (the console goes to the next) is free at once */
	cc_session *left = create(db, &s), *taken = NULL;
	ck_assert_int_eq(cc_session_apply(left, &start, NULL), CC_OK);
	int64_t left_id = cc_session_id(left);
	ck_assert_int_eq(cc_session_resume(&taken, other, left_id, &err), CC_ERR_LOCKED);
	cc_session_destroy(left);
	ck_assert_int_eq(cc_session_resume(&taken, other, left_id, &err), CC_OK);
	cc_session_destroy(taken);
	cc_session_db_close(db);
	cc_session_db_close(other);
	remove_dir();
}
END_TEST

/* RE-1.4: a match that cannot be held is not left behind: no orphan
 * unfinished match is offered for resume afterwards */
START_TEST(test_session_lock__failed_create_leaves_no_match)
{
	CLAUSES("RE-1.4");
	make_dir();
	make_recorded_match(); /* match 1 */
	int held[2], done[2];
	ck_assert(pipe(held) == 0 && pipe(done) == 0);
	pid_t child = fork();
	ck_assert(child >= 0);
	if (child == 0) {
		/* Another process holds the number the next match would get. */
		cc_store *store = NULL;
		char c = 0;
		int ok = cc_store_open(&store, db_path, CC_STORE_WRITE, NULL) == CC_OK &&
		         cc_store_lock_match(store, 2, NULL) == CC_OK;
		ck_assert(write(held[1], ok ? "1" : "0", 1) == 1);
		ck_assert(read(done[0], &c, 1) >= 0);
		cc_store_close(store);
		_exit(0);
	}
	char ok = 0;
	ck_assert(read(held[0], &ok, 1) == 1 && ok == '1');
	cc_session_db *db = open_db(CC_SESSION_DB_WRITE, NULL);
	cc_match_settings s = twice_settings();
	cc_session *session = NULL;
	cc_error err;
	ck_assert_int_eq(cc_session_create(&session, db, &s, false, &err), CC_ERR_LOCKED);
	ck_assert(session == NULL);
	size_t count = 0;
	cc_session_info *items = NULL;
	ck_assert_int_eq(cc_session_db_list(db, &items, &count, NULL), CC_OK);
	ck_assert_uint_eq(count, 1);
	free(items);
	ck_assert(write(done[1], "x", 1) == 1);
	waitpid(child, NULL, 0);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* RU-18, RE-1.5: a match resumes with its events and comes back paused */

START_TEST(test_session_follow_time__records_a_tick_once)
{
	CLAUSES("RE-1.1 TW-4.2");
	make_dir();
	cc_session_db *db = open_db(CC_SESSION_DB_WRITE, NULL);
	cc_match_settings s = twice_settings();
	cc_session *live = create(db, &s);
	bool recorded = true;
	cc_event start = cc_event_start(0);
	ck_assert_int_eq(cc_session_apply(live, &start, NULL), CC_OK);
	ck_assert_int_eq(cc_session_follow_time(live, 19999, &recorded, NULL), CC_OK);
	ck_assert(!recorded); /* the move clock still runs: nothing changed */
	ck_assert_int_eq(cc_session_follow_time(live, 20001, &recorded, NULL), CC_OK);
	ck_assert(recorded); /* White's move is lost (TW-4.2) */
	ck_assert_int_eq(cc_session_follow_time(live, 20101, &recorded, NULL), CC_OK);
	ck_assert(!recorded);
	cc_session_info info;
	ck_assert_int_eq(cc_session_db_info(db, cc_session_id(live), &info, NULL), CC_OK);
	ck_assert_uint_eq(info.events, 2);
	cc_session_destroy(live);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* RE-1.2: an event that cannot be committed is not applied */
START_TEST(test_session_full__failed_commit_not_applied)
{
	CLAUSES("RE-1.2");
	make_dir();
	int pipe_fd[2];
	ck_assert_int_eq(pipe(pipe_fd), 0);
	pid_t child = fork();
	ck_assert(child >= 0);
	if (child == 0) {
		/* The child runs out of room: files may not grow past 256 KiB
		 * (schema 8's club tables and rating cache take about 100 KiB of
		 * an empty file and its first WAL). */
		cc_session_db *db = NULL;
		cc_session *live = NULL;
		cc_match_settings s = twice_settings();
		cc_error err = {0};
		cc_err rc = cc_session_db_open(&db, db_path, CC_SESSION_DB_WRITE, NULL, &err);
		if (rc == CC_OK)
			rc = cc_session_create(&live, db, &s, false, &err);
		struct rlimit limit = {256 * 1024, 256 * 1024};
		signal(SIGXFSZ, SIG_IGN);
		setrlimit(RLIMIT_FSIZE, &limit);
		for (int64_t t = 0; rc == CC_OK && t < 100000000; t += 1000) {
			cc_event ev = cc_event_tick(t);
			snprintf(ev.text, sizeof ev.text, "%0100lld", (long long)t);
			rc = cc_session_apply(live, &ev, &err);
		}
		long count = live ? (long)cc_match_event_count(cc_session_match(live)) : -1;
		bool ok = rc == CC_ERR_STORE && (err.msg == CC_MSG_STORE_EVENT_NOT_RECORDED || err.msg == CC_MSG_ROLLBACK_FAILED);
		dprintf(pipe_fd[1], "%ld %d %s\n", count, ok, err.message);
		cc_session_destroy(live);
		cc_session_db_close(db);
		_exit(0);
	}
	close(pipe_fd[1]);
	char report[256] = "";
	ck_assert(read(pipe_fd[0], report, sizeof report - 1) > 0);
	close(pipe_fd[0]);
	waitpid(child, NULL, 0);
	long applied = 0;
	int ok = 0;
	ck_assert_msg(sscanf(report, "%ld %d", &applied, &ok) == 2 && ok, "child: %s", report);
	ck_assert_int_gt(applied, 10);
	/* What the record holds is exactly what the match had applied. */
	cc_session_db *db = open_db(CC_SESSION_DB_READ, NULL);
	cc_session *read = NULL;
	ck_assert_int_eq(cc_session_read(&read, db, 1, NULL), CC_OK);
	ck_assert_int_eq((long)cc_match_event_count(cc_session_match(read)), applied);
	cc_session_destroy(read);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* RU-9, RE-2.1: a Time block whose quotas finish at exactly 180 000 ms ended on
 * the quotas, and every text says only that */

START_TEST(test_session_scenario__settings_outside_the_format_refused)
{
	CLAUSES("RE-3.5");
	static const struct {
		const char *line;
		cc_msg msg;
	} cases[] = {
		{"settings format=uno category=fast\n", CC_MSG_SCENARIO_SETTING_NOT_FORMAT},
		{"settings format=uno category=masters\n", CC_MSG_SCENARIO_SETTING_NOT_FORMAT},
		{"settings format=uno record=count\n", CC_MSG_SCENARIO_SETTING_NOT_FORMAT},
		{"settings format=uno record=moves\n", CC_MSG_SCENARIO_SETTING_NOT_FORMAT},
		{"settings format=chess category=masters\n", CC_MSG_SCENARIO_SETTING_NOT_FORMAT},
		{"settings format=uno deck=5 seed=3\n", CC_MSG_SCENARIO_DECK_WITH_SEED},
		{"settings format=uno seed=3 deck=5,9\n", CC_MSG_SCENARIO_DECK_WITH_SEED},
		{"settings format=uno deck=5\n", CC_MSG_INTERNAL},
		{"settings format=uno seed=3\n", CC_MSG_INTERNAL},
		{"settings format=chess record=moves\n", CC_MSG_INTERNAL},
		{"settings format=time category=masters record=count\n", CC_MSG_INTERNAL},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char text[128];
		cc_session_scenario sc;
		cc_error err = {0};
		snprintf(text, sizeof text, "%s0 start\n", cases[i].line);
		FILE *in = fmemopen(text, strlen(text), "r");
		ck_assert_ptr_nonnull(in);
		cc_err rc = cc_session_scenario_parse(in, &sc, &err);
		fclose(in);
		if (cases[i].msg == CC_MSG_INTERNAL) {
			ck_assert_msg(rc == CC_OK, "%s: %s", cases[i].line, err.message);
			cc_session_scenario_free(&sc);
		} else {
			ck_assert_int_eq(rc, CC_ERR_INVALID);
			ck_assert_msg(err.msg == cases[i].msg, "%s: %s", cases[i].line, err.message);
			ck_assert_int_eq(err.line, 1);
		}
	}
}
END_TEST

/* ---- reads that touch what they show (issue 25) ------------------------------------ */

static cc_err collect_row(void *ctx, const cc_session_info *info, cc_error *err)
{
	cc_session_info **next = ctx;
	(void)err;
	*(*next)++ = *info;
	return CC_OK;
}

static cc_err stop_at_second(void *ctx, const cc_session_info *info, cc_error *err)
{
	int *seen = ctx;
	(void)info;
	return ++*seen == 2 ? cc_refuse(err, CC_MSG_NOMEM) : CC_OK;
}

/* The streamed list gives, row for row, what the whole list gives, and
 * stops where its callback says. */
START_TEST(test_session_read__list_streamed_is_the_list)
{
	make_dir();
	make_recorded_match();
	make_recorded_match();
	make_recorded_match();
	cc_session_db *db = open_db(CC_SESSION_DB_READ, NULL);
	cc_session_info *items = NULL, streamed[3], *next = streamed;
	size_t count = 0;
	memset(streamed, 0, sizeof streamed);
	ck_assert_int_eq(cc_session_db_list(db, &items, &count, NULL), CC_OK);
	ck_assert_uint_eq(count, 3);
	ck_assert_int_eq(cc_session_db_list_each(db, collect_row, &next, NULL), CC_OK);
	ck_assert_uint_eq((size_t)(next - streamed), 3);
	for (size_t i = 0; i < 3; i++) {
		ck_assert_int_eq(streamed[i].id, (int64_t)i + 1);
		ck_assert_uint_eq(streamed[i].events, 3);
		ck_assert_str_eq(streamed[i].secret, "");
		ck_assert(memcmp(&streamed[i], &items[i], sizeof items[i]) == 0);
	}
	int seen = 0;
	cc_error err;
	ck_assert_int_eq(cc_session_db_list_each(db, stop_at_second, &seen, &err), CC_ERR_NOMEM);
	ck_assert_int_eq(seen, 2);
	free(items);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

static cc_err count_event(void *ctx, size_t seq, const cc_event *ev, cc_error *err)
{
	cc_event *expected = ctx;
	(void)err;
	ck_assert_int_eq(ev->kind, expected[seq].kind);
	ck_assert_int_eq(ev->t_ms, expected[seq].t_ms);
	return CC_OK;
}

/* A match read back event by event from the record's cursor is the match
 * the array of its events gives. */
START_TEST(test_session_read__events_streamed_are_the_events)
{
	CLAUSES("RE-1.1");
	make_dir();
	make_recorded_match();
	cc_store *store = NULL;
	cc_event *events = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_store_open(&store, db_path, CC_STORE_READ, NULL), CC_OK);
	ck_assert_int_eq(cc_store_match_events(store, 1, &events, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 3);
	ck_assert_int_eq(cc_store_match_events_each(store, 1, count_event, events, NULL), CC_OK);
	cc_match_settings s = twice_settings();
	cc_match *replayed = NULL, *by_hand = NULL;
	ck_assert_int_eq(cc_session_replay(store, 1, &s, &replayed, NULL), CC_OK);
	ck_assert_int_eq(cc_match_create(&by_hand, &s, NULL), CC_OK);
	for (size_t i = 0; i < n; i++)
		ck_assert_int_eq(cc_match_apply(by_hand, &events[i], NULL), CC_OK);
	cc_match_view a = view_at(replayed, 5000), b = view_at(by_hand, 5000);
	ck_assert(memcmp(&a, &b, sizeof a) == 0);
	cc_match_destroy(replayed);
	cc_match_destroy(by_hand);
	free(events);
	cc_store_close(store);
	remove_dir();
}
END_TEST

/* RE-2.1: the JSON export, written block by block and event by event, is
 * the document jansson writes of the same object, with the blocks the state
 * holds and every event. */
START_TEST(test_session_export__json_streamed_is_the_document)
{
	CLAUSES("RE-2.1");
	make_dir();
	cc_session_db *db = open_db(CC_SESSION_DB_WRITE, NULL);
	cc_match_settings s = twice_settings();
	cc_session *live = create(db, &s);
	/* Two decided blocks: twelve moves each, then a cube phase. */
	int64_t t = 0;
	ck_assert_int_eq(cc_session_apply(live, &(cc_event){.kind = CC_EV_START, .t_ms = t}, NULL), CC_OK);
	for (int block = 0; block < 2; block++) {
		if (block)
			ck_assert_int_eq(cc_session_apply(live, &(cc_event){.kind = CC_EV_START, .t_ms = t += 1000}, NULL), CC_OK);
		/* Moves by the side to move until the quotas end the block. */
		for (int i = 0; i < 40 && view_at(cc_session_match(live), t).phase == CC_PHASE_BLOCK; i++) {
			t += 1000;
			cc_side side = view_at(cc_session_match(live), t).to_move;
			ck_assert_int_eq(cc_session_apply(live, &(cc_event){.kind = CC_EV_MOVE, .t_ms = t, .side = side}, NULL),
			                 CC_OK);
		}
		t += 10000;
		ck_assert_int_eq(cc_session_apply(live, &(cc_event){.kind = CC_EV_CUBE, .t_ms = t, .side = CC_SIDE_WHITE,
		                                                     .cube_cs = 2000}, NULL), CC_OK);
		ck_assert_int_eq(cc_session_apply(live, &(cc_event){.kind = CC_EV_CUBE, .t_ms = t, .side = CC_SIDE_BLACK,
		                                                     .cube_cs = 2100}, NULL), CC_OK);
	}
	ck_assert_uint_eq(cc_match_block_count(cc_session_match(live)), 2);
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	ck_assert_int_eq(cc_session_export(cc_lang_default(), out, live, CC_EXPORT_JSON), 0);
	ck_assert_int_eq(fclose(out), 0);
	json_error_t jerr;
	json_t *doc = json_loads(text, 0, &jerr);
	ck_assert_msg(doc != NULL, "%s", jerr.text);
	/* The same text as the whole document dumped at once. */
	char *whole = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	ck_assert_uint_eq(strlen(whole) + 1, size);
	ck_assert(strncmp(whole, text, strlen(whole)) == 0 && text[size - 1] == '\n');
	/* Its blocks are the state's, its events the match's. */
	const cc_match *m = cc_session_match(live);
	json_t *state = cc_session_state_json(m, cc_match_last_time(m), true);
	ck_assert(json_equal(json_object_get(doc, "blocks"), json_object_get(state, "blocks")));
	ck_assert_uint_eq(json_array_size(json_object_get(state, "blocks")), 2);
	json_t *events = json_object_get(doc, "events");
	ck_assert_uint_eq(json_array_size(events), cc_match_event_count(m));
	for (size_t i = 0; i < json_array_size(events); i++) {
		cc_event ev;
		ck_assert(cc_match_event_at(m, i, &ev));
		json_t *e = json_array_get(events, i);
		ck_assert_int_eq(json_integer_value(json_object_get(e, "seq")), (json_int_t)i);
		ck_assert_int_eq(json_integer_value(json_object_get(e, "t_ms")), ev.t_ms);
		ck_assert_str_eq(json_string_value(json_object_get(e, "kind")), cc_event_kind_name(ev.kind));
	}
	ck_assert_int_eq(json_integer_value(json_object_get(doc, "match_id")), cc_session_id(live));
	json_decref(state);
	json_decref(doc);
	free(whole);
	free(text);
	cc_session_destroy(live);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* RE-1.10: a reader opens a record whose pages past the first are
 * damaged (it checks the header, not every page), and refuses the read
 * that meets the damage with one line; nothing is written. A console
 * still refuses the file at open (RE-1.3). */
START_TEST(test_session_read__damaged_page_refused_when_read)
{
	CLAUSES("RE-1.10 RE-1.3");
	make_dir();
	for (int i = 0; i < 20; i++)
		make_recorded_match();
	FILE *f = fopen(db_path, "r+b");
	ck_assert(f != NULL);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	long size = ftell(f);
	ck_assert(size > 4 * 4096);
	for (long at = 4096; at < size; at += 4096) {
		char garbage[64];
		memset(garbage, 0xA5, sizeof garbage);
		ck_assert_int_eq(fseek(f, at, SEEK_SET), 0);
		ck_assert_uint_eq(fwrite(garbage, 1, sizeof garbage, f), sizeof garbage);
	}
	ck_assert_int_eq(fclose(f), 0);
	char command[400];
	snprintf(command, sizeof command, "cp '%s' '%s.before'", db_path, db_path);
	ck_assert_int_eq(system(command), 0);
	cc_session_db *db = NULL;
	cc_error err = {0};
	ck_assert_msg(cc_session_db_open(&db, db_path, CC_SESSION_DB_READ, NULL, &err) == CC_OK, "%s", err.message);
	cc_session *read = NULL;
	ck_assert_int_eq(cc_session_read(&read, db, 5, &err), CC_ERR_STORE);
	ck_assert(read == NULL);
	ck_assert(strchr(err.message, '\n') == NULL);
	cc_session_db_close(db);
	ck_assert_int_eq(cc_session_db_open(&db, db_path, CC_SESSION_DB_WRITE, NULL, &err), CC_ERR_STORE);
	ck_assert_int_eq(err.msg, CC_MSG_STORE_DAMAGED);
	snprintf(command, sizeof command, "cmp -s '%s' '%s.before'", db_path, db_path);
	ck_assert_int_eq(system(command), 0);
	remove_dir();
}
END_TEST

/* The scoresheet: a block's heading, then the moves numbered in pairs,
 * a move lost on the clock in its player's column */

START_TEST(test_session_news__a_commit_is_told)
{
	CLAUSES("none");
	make_dir();
	make_recorded_match();
	cc_session_db *reader = open_db(CC_SESSION_DB_READ, NULL);
	cc_session_news *news = NULL;
	ck_assert_int_eq(cc_session_news_create(&news, reader, 0, -1, NULL), CC_OK);
	ck_assert_ptr_nonnull(news);
	if (!cc_session_news_told(news)) {
		ck_assert_int_eq(cc_session_news_fd(news), -1);
		ck_assert_int_eq(cc_session_news_poll_ms(news, 250), 250);
		ck_assert(!cc_session_news_due(news, 0));
	} else {
		ck_assert_int_eq(cc_session_news_poll_ms(news, 250), CC_SESSION_NEWS_POLL_MS);
		(void)cc_session_news_drain(news); /* what opening the reader wrote */
		ck_assert(!cc_session_news_due(news, 0));
		ck_assert_int_ge(cc_session_news_fd(news), 0);
		cc_session_db *writer = open_db(CC_SESSION_DB_WRITE, NULL);
		cc_match_settings s = twice_settings();
		cc_session *session = create(writer, &s); /* a commit: the new match */
		ck_assert(cc_session_news_due(news, 1000));
		ck_assert(!cc_session_news_due(news, 1001)); /* told once */
		cc_session_destroy(session);
		cc_session_db_close(writer);
	}
	ck_assert_int_eq(cc_session_news_wait(news, 0, 500), 500);
	cc_session_news_destroy(news);
	ck_assert_int_eq(cc_session_news_fd(NULL), -1);
	ck_assert(!cc_session_news_due(NULL, 0));
	cc_session_db_close(reader);
	remove_dir();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("session");
	TCase *tc = tcase_create("live");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_session_record__read_back_is_same_match);
	tcase_add_test(tc, test_session_scenario__settings_outside_the_format_refused);
	tcase_add_test(tc, test_session_create__records_the_sheet);
	tcase_add_test(tc, test_session_create__colours_by_lot_swap_sometimes);
	tcase_add_test(tc, test_session_lock__second_console_refused);
	tcase_add_test(tc, test_session_lock__failed_create_leaves_no_match);
	tcase_add_test(tc, test_session_lock__held_only_while_open);
	tcase_add_test(tc, test_session_follow_time__records_a_tick_once);
	tcase_add_test(tc, test_session_full__failed_commit_not_applied);
	tcase_add_test(tc, test_session_read__list_streamed_is_the_list);
	tcase_add_test(tc, test_session_read__events_streamed_are_the_events);
	tcase_add_test(tc, test_session_export__json_streamed_is_the_document);
	tcase_add_test(tc, test_session_read__damaged_page_refused_when_read);
	tcase_add_test(tc, test_session_news__a_commit_is_told);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
