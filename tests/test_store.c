/*
 * test_store.c: the match record (rules/record.md): opening a file (the
 * refusals, a file killed half-created, the busy record), the times in the
 * record, and the statements the store keeps prepared. The schema's
 * migrations are in test_store_schema.c, what other processes see in
 * test_store_shared.c; every test works in a fresh temporary folder. (The
 * live path over the store is tests/test_session.c's.)
 */
#define _GNU_SOURCE /* F_OFD_GETLK, setresuid */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "store_fixture.h"

/* RE-1.3: a file that is not SQLite at all */
START_TEST(test_store_open__refuses_file_not_ours)
{
	CLAUSES("RE-1.3");
	make_dir();
	FILE *f = fopen(db_path, "w");
	fputs("Round 3 pairings: Anne - Brice\n", f);
	fclose(f);
	refused_open(db_path, CC_ERR_STORE, CC_MSG_STORE_NOT_SQLITE);
	remove_dir();
}
END_TEST

/* RE-1.3: another program's SQLite database */
START_TEST(test_store_open__refuses_other_sqlite_database)
{
	CLAUSES("RE-1.3");
	make_dir();
	sql(db_path, "CREATE TABLE players (name TEXT); INSERT INTO players VALUES ('Anne');");
	refused_open(db_path, CC_ERR_STORE, CC_MSG_STORE_NOT_OURS);
	remove_dir();
}
END_TEST

/* RE-1.3: a database written by a newer version */
START_TEST(test_store_open__refuses_newer_schema)
{
	CLAUSES("RE-1.3");
	make_dir();
	make_recorded_match();
	sql(db_path, "PRAGMA user_version = 99");
	refused_open(db_path, CC_ERR_STORE, CC_MSG_STORE_SCHEMA_NEWER);
	remove_dir();
}
END_TEST

/* RE-1.3: a read-only file, and a read-only folder */
START_TEST(test_store_open__refuses_read_only)
{
	CLAUSES("RE-1.3");
	make_dir();
	make_recorded_match();
	ck_assert_int_eq(chmod(db_path, 0444), 0);
	refused_open(db_path, CC_ERR_STORE, CC_MSG_STORE_READ_ONLY);
	ck_assert_int_eq(chmod(db_path, 0644), 0);
	ck_assert_int_eq(chmod(dir, 0555), 0);
	refused_open(db_path, CC_ERR_STORE, CC_MSG_STORE_FOLDER_READ_ONLY);
	ck_assert_int_eq(chmod(dir, 0755), 0);
	remove_dir();
}
END_TEST

/* RE-1.3: a damaged database */
START_TEST(test_store_open__refuses_damaged_file)
{
	CLAUSES("RE-1.3");
	make_dir();
	make_recorded_match();
	int fd = open(db_path, O_WRONLY);
	char garbage[512];
	memset(garbage, 0xA5, sizeof garbage);
	ck_assert(pwrite(fd, garbage, sizeof garbage, 4096 + 8) == (ssize_t)sizeof garbage);
	close(fd);
	refused_open(db_path, CC_ERR_STORE, CC_MSG_STORE_DAMAGED);
	remove_dir();
}
END_TEST

/* A failure is an id with SQLite's code as its argument, never SQLite's
 * English; a record another connection holds for writing is the kind
 * CC_ERR_BUSY (try again later: the web server's 503), once the store's
 * busy wait (5 s) is over. */
START_TEST(test_store_failure__a_held_record_is_busy)
{
	CLAUSES("none");
	make_dir();
	make_recorded_match();
	cc_store *store = open_store(db_path, CC_STORE_WRITE);
	sqlite3 *other = NULL;
	ck_assert_int_eq(sqlite3_open(db_path, &other), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(other, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
	cc_error err = {0};
	int64_t id = 0;
	ck_assert_int_eq(cc_store_player_add(store, "Zoé", NULL, NULL, &id, &err), CC_ERR_BUSY);
	ck_assert_int_eq(err.code, CC_ERR_BUSY);
	ck_assert_int_eq(err.msg, CC_MSG_STORE_ADD_PLAYER);
	ck_assert_int_eq(err.nargs, 1);
	ck_assert_int_eq(err.args[0].n & 0xFF, SQLITE_BUSY);
	ck_assert_ptr_nonnull(strstr(err.message, "the database is busy (SQLite "));
	ck_assert_int_eq(sqlite3_exec(other, "ROLLBACK", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(other);
	/* Free again: the same call goes through. */
	ck_assert_int_eq(cc_store_player_add(store, "Zoé", NULL, NULL, &id, &err), CC_OK);
	cc_store_close(store);
	remove_dir();
}
END_TEST

/* RE-1.3: a reader never creates a database */
START_TEST(test_store_open__reader_does_not_create)
{
	CLAUSES("RE-1.3");
	make_dir();
	cc_store *store;
	cc_error err;
	ck_assert_int_eq(cc_store_open(&store, db_path, CC_STORE_READ, &err), CC_ERR_NOT_FOUND);
	ck_assert_int_ne(access(db_path, F_OK), 0);
	remove_dir();
}
END_TEST

/* RE-1.1, RE-1.9: the times in the record are the wall times the caller gave */
START_TEST(test_store_record__times_are_the_callers)
{
	CLAUSES("RE-1.1 RE-1.9");
	make_dir();
	int64_t id = 0, wall = 0;
	cc_store *store = store_match(db_path, true, &id);
	cc_store_match_info info;
	ck_assert_int_eq(cc_store_match_info_of(store, id, &info, NULL), CC_OK);
	ck_assert_str_eq(info.created_utc, "2026-11-30T14:05:00Z");
	ck_assert_int_eq(cc_store_last_event_wall(store, id, &wall, NULL), CC_OK);
	ck_assert(wall == WALL0 + 1010);
	/* Before 1970 too: the second is floored, not rounded toward zero. */
	int64_t old_id = 0;
	cc_match_settings s = twice_settings();
	ck_assert_int_eq(cc_store_create_match(store, &s, NULL, -1, &old_id, NULL), CC_OK);
	ck_assert_int_eq(cc_store_match_info_of(store, old_id, &info, NULL), CC_OK);
	ck_assert_str_eq(info.created_utc, "1969-12-31T23:59:59Z");
	/* A match without events has no commit time. */
	ck_assert_int_eq(cc_store_last_event_wall(store, old_id, &wall, NULL), CC_ERR_NOT_FOUND);
	cc_store_close(store);
	/* Every event row holds its own commit time. */
	sqlite3 *db;
	sqlite3_stmt *stmt;
	ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT group_concat(wall_ms - 1796047500000, ',') FROM events", -1, &stmt,
	                                    NULL),
	                 SQLITE_OK);
	ck_assert_int_eq(sqlite3_step(stmt), SQLITE_ROW);
	ck_assert_str_eq((const char *)sqlite3_column_text(stmt, 0), "260,1260");
	sqlite3_finalize(stmt);
	sqlite3_close(db);
	remove_dir();
}
END_TEST

/* RE-1.8: a 0-byte file (killed before SQLite wrote anything) is finished (D5) */
START_TEST(test_store_open__finishes_empty_file)
{
	CLAUSES("RE-1.8");
	make_dir();
	int fd = open(db_path, O_WRONLY | O_CREAT, 0644);
	ck_assert(fd >= 0);
	close(fd);
	cc_store *store;
	/* A reader says there is no match yet, and writes nothing. */
	cc_error err = {0};
	ck_assert_int_eq(cc_store_open(&store, db_path, CC_STORE_READ, &err), CC_ERR_NOT_FOUND);
	ck_assert_int_eq(err.msg, CC_MSG_NO_MATCH_YET);
	struct stat st;
	ck_assert_int_eq(stat(db_path, &st), 0);
	ck_assert_int_eq(st.st_size, 0);
	int64_t id = 0;
	store_match(db_path, false, &id);
	ck_assert(id == 1);
	remove_dir();
}
END_TEST

/* RE-1.8: a file killed after the switch to WAL and before the schema
 * commit (application_id 0, user_version 0, no table) is finished (D5) */
START_TEST(test_store_open__finishes_half_created_file)
{
	CLAUSES("RE-1.8");
	make_dir();
	sql(db_path, "PRAGMA journal_mode = WAL");
	long size = 0;
	free(file_bytes(db_path, &size));
	ck_assert_int_gt(size, 0);
	int64_t id = 0;
	store_match(db_path, false, &id);
	cc_store *reader = open_store(db_path, CC_STORE_READ);
	cc_store_match_info info;
	ck_assert_int_eq(cc_store_match_info_of(reader, id, &info, NULL), CC_OK);
	ck_assert_uint_eq(info.events, 2);
	cc_store_close(reader);
	remove_dir();
}
END_TEST

/* RE-1.3, RE-1.8: an empty database marked by another program (its
 * application_id, or a user_version) is not taken for one in creation */
START_TEST(test_store_open__refuses_foreign_application_id)
{
	CLAUSES("RE-1.3 RE-1.8");
	make_dir();
	sql(db_path, "PRAGMA journal_mode = WAL; PRAGMA application_id = 1234");
	refused_open(db_path, CC_ERR_STORE, CC_MSG_STORE_NOT_OURS);
	unlink(db_path);
	sql(db_path, "PRAGMA user_version = 7");
	refused_open(db_path, CC_ERR_STORE, CC_MSG_STORE_NOT_OURS);
	unlink(db_path);
	/* tables of someone else, no id at all */
	sql(db_path, "CREATE VIEW v AS SELECT 1");
	refused_open(db_path, CC_ERR_STORE, CC_MSG_STORE_NOT_OURS);
	remove_dir();
}
END_TEST

/* ---- statements kept prepared (the store's cache, q_cached) ------------------ */

static cc_err count_event(void *ctx, size_t seq, const cc_event *ev, cc_error *err)
{
	(void)seq;
	(void)ev;
	(void)err;
	(*(size_t *)ctx)++;
	return CC_OK;
}

/* The events read again inside the callback of a read of the same rows:
 * the statement in use is not handed out twice. */
static cc_err reread_events(void *ctx, size_t seq, const cc_event *ev, cc_error *err)
{
	cc_store *store = ((void **)ctx)[0];
	size_t *inner = ((void **)ctx)[1];
	size_t n = 0;
	(void)seq;
	(void)ev;
	cc_err rc = cc_store_match_events_each(store, 1, count_event, &n, err);
	*inner += n;
	return rc;
}

START_TEST(test_store_cache__nested_read_of_the_same_rows)
{
	int64_t id;
	make_dir();
	cc_store *store = store_match(db_path, true, &id);
	ck_assert_int_eq(id, 1);
	size_t inner = 0;
	void *ctx[2] = {store, &inner};
	cc_error err = {0};
	for (int round = 0; round < 3; round++) { /* the second and third through the cached statement */
		inner = 0;
		ck_assert_msg(cc_store_match_events_each(store, id, reread_events, ctx, &err) == CC_OK, "%s", err.message);
		ck_assert_uint_eq(inner, 4); /* two events, each reading both */
	}
	cc_store_close(store);
	remove_dir();
}
END_TEST

/* Finished queries hold no read transaction: a checkpoint can take the
 * whole WAL back while a reader and the writer keep their statements
 * prepared, and the reader then sees the next commit. */
START_TEST(test_store_cache__kept_statements_hold_no_snapshot)
{
	int64_t id, version0 = 0, version1 = 0, t = 0, wall = 0, last = 0;
	cc_error err = {0};
	make_dir();
	cc_store *writer = store_match(db_path, true, &id);
	cc_store *reader = open_store(db_path, CC_STORE_READ);
	size_t n = 0;
	cc_store_match_info info;
	cc_store_resume *resumes = NULL;
	size_t resume_count = 5;
	ck_assert_int_eq(cc_store_write_seen(writer, id, 1500, WALL0 + 1500, &err), CC_OK);
	for (int round = 0; round < 2; round++) {
		ck_assert_int_eq(cc_store_data_version(reader, &version0, &err), CC_OK);
		ck_assert_int_eq(cc_store_match_info_of(reader, id, &info, &err), CC_OK);
		ck_assert_int_eq(cc_store_match_events_each(reader, id, count_event, &n, &err), CC_OK);
		ck_assert_int_eq(cc_store_read_seen(reader, id, &t, &wall, &err), CC_OK);
		ck_assert_int_eq(cc_store_last_event_wall(reader, id, &last, &err), CC_OK);
		ck_assert_int_eq(cc_store_resumes(reader, id, &resumes, &resume_count, &err), CC_OK);
		free(resumes);
		ck_assert_int_eq(cc_store_match_info_of(writer, id, &info, &err), CC_OK);
	}
	ck_assert_uint_eq(n, 4);
	ck_assert_int_eq(t, 1500);
	ck_assert_int_eq(last, WALL0 + 1010);
	ck_assert_uint_eq(resume_count, 0);
	/* one more event through the writer's kept statements */
	cc_match *m;
	ck_assert_int_eq(cc_match_create(&m, &info.settings, NULL), CC_OK);
	cc_event start = cc_event_start(0), move = cc_event_move(1000, CC_SIDE_WHITE, false),
	         next = cc_event_move(2000, CC_SIDE_BLACK, false);
	ck_assert_int_eq(cc_match_apply(m, &start, NULL), CC_OK);
	ck_assert_int_eq(cc_match_apply(m, &move, NULL), CC_OK);
	append(writer, id, m, &next, WALL0 + 2010);
	cc_match_destroy(m);
	/* nobody holds a snapshot: the whole WAL goes back into the file */
	sqlite3 *db;
	int log = -1, done = -1;
	ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL), SQLITE_OK);
	ck_assert_int_eq(sqlite3_wal_checkpoint_v2(db, NULL, SQLITE_CHECKPOINT_TRUNCATE, &log, &done), SQLITE_OK);
	ck_assert_int_eq(log, 0);
	sqlite3_close(db);
	ck_assert_int_eq(cc_store_data_version(reader, &version1, &err), CC_OK);
	ck_assert_int_ne(version1, version0);
	n = 0;
	ck_assert_int_eq(cc_store_match_events_each(reader, id, count_event, &n, &err), CC_OK);
	ck_assert_uint_eq(n, 3);
	ck_assert_int_eq(cc_store_last_event_wall(reader, id, &last, &err), CC_OK);
	ck_assert_int_eq(last, WALL0 + 2010);
	cc_store_close(reader);
	cc_store_close(writer);
	remove_dir();
}
END_TEST

/* A refused event (its seq taken) leaves no transaction open under the
 * kept statements: another connection can write at once, and the next
 * event goes in. A schema change by another connection in between is
 * met by the kept statements (SQLite prepares them again). */
START_TEST(test_store_cache__failed_event_leaves_no_transaction)
{
	int64_t id;
	cc_error err = {0};
	make_dir();
	cc_store *store = store_match(db_path, true, &id);
	cc_store_match_info info;
	ck_assert_int_eq(cc_store_match_info_of(store, id, &info, &err), CC_OK);
	cc_match *m;
	ck_assert_int_eq(cc_match_create(&m, &info.settings, NULL), CC_OK);
	cc_event start = cc_event_start(0), move = cc_event_move(1000, CC_SIDE_WHITE, false),
	         next = cc_event_move(2000, CC_SIDE_BLACK, false);
	ck_assert_int_eq(cc_match_apply(m, &start, NULL), CC_OK);
	ck_assert_int_eq(cc_match_apply(m, &move, NULL), CC_OK);
	cc_match_view after;
	ck_assert_int_eq(cc_match_check(m, &next, &after, NULL), CC_OK);
	for (int round = 0; round < 2; round++) {
		ck_assert_int_eq(cc_store_append_event(store, id, 1, &next, &after, WALL0 + 2010, &err), CC_ERR_STORE);
		sqlite3 *db;
		ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
		ck_assert_int_eq(sqlite3_exec(db, "BEGIN IMMEDIATE; COMMIT", NULL, NULL, NULL), SQLITE_OK);
		if (round == 0) /* a schema change under the kept statements */
			ck_assert_int_eq(sqlite3_exec(db, "CREATE INDEX test_cache_t ON events(t_ms)", NULL, NULL, NULL),
			                 SQLITE_OK);
		sqlite3_close(db);
	}
	append(store, id, m, &next, WALL0 + 2010);
	cc_match_destroy(m);
	size_t n = 0;
	ck_assert_int_eq(cc_store_match_events_each(store, id, count_event, &n, &err), CC_OK);
	ck_assert_uint_eq(n, 3);
	ck_assert_int_eq(cc_store_match_info_of(store, id, &info, &err), CC_OK);
	ck_assert_uint_eq(info.events, 3);
	cc_store_close(store);
	remove_dir();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("store");
	TCase *tc = tcase_create("record");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_store_record__times_are_the_callers);
	tcase_add_test(tc, test_store_cache__nested_read_of_the_same_rows);
	tcase_add_test(tc, test_store_cache__failed_event_leaves_no_transaction);
	suite_add_tcase(s, tc);
	tc = tcase_create("open");
	tcase_add_test(tc, test_store_open__refuses_file_not_ours);
	tcase_add_test(tc, test_store_open__refuses_other_sqlite_database);
	tcase_add_test(tc, test_store_open__refuses_newer_schema);
	tcase_add_test(tc, test_store_open__refuses_read_only);
	tcase_add_test(tc, test_store_open__refuses_damaged_file);
	tcase_add_test(tc, test_store_failure__a_held_record_is_busy);
	tcase_add_test(tc, test_store_open__reader_does_not_create);
	tcase_add_test(tc, test_store_open__finishes_empty_file);
	tcase_add_test(tc, test_store_open__finishes_half_created_file);
	tcase_add_test(tc, test_store_open__refuses_foreign_application_id);
	suite_add_tcase(s, tc);
	tc = tcase_create("read");
	tcase_add_test(tc, test_store_cache__kept_statements_hold_no_snapshot);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
