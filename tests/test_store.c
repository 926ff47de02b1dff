/*
 * test_store.c: the match record (rules/record.md). Every test works in a
 * fresh temporary folder. Hostile databases are crafted with SQLite
 * directly, as another program or a damaged disk would leave them.
 */
#include <check.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <signal.h>
#include <unistd.h>

#include "chesscubing/store.h"
#include "clauses.h"
#include "match_helpers.h"

static char dir[64];
static char db_path[128];

static void make_dir(void)
{
	snprintf(dir, sizeof dir, "/tmp/cc-store-XXXXXX");
	ck_assert(mkdtemp(dir) != NULL);
	snprintf(db_path, sizeof db_path, "%s/matches.db", dir);
}

static void remove_dir(void)
{
	char command[160];
	snprintf(command, sizeof command, "chmod -R u+w '%s'; rm -rf '%s'", dir, dir);
	ck_assert_int_eq(system(command), 0);
}

/* The file's bytes, to show that a refused open wrote nothing. */
static char *file_bytes(const char *path, long *size)
{
	FILE *f = fopen(path, "rb");
	ck_assert(f != NULL);
	fseek(f, 0, SEEK_END);
	*size = ftell(f);
	rewind(f);
	char *bytes = malloc((size_t)*size + 1);
	ck_assert_uint_eq(fread(bytes, 1, (size_t)*size, f), (size_t)*size);
	fclose(f);
	return bytes;
}

static void sql(const char *path, const char *statements)
{
	sqlite3 *db;
	ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
	ck_assert_msg(sqlite3_exec(db, statements, NULL, NULL, NULL) == SQLITE_OK, "%s", sqlite3_errmsg(db));
	sqlite3_close(db);
}

static cc_match_settings twice_settings(void)
{
	cc_match_settings s;
	cc_match_settings_default(&s);
	snprintf(s.white, sizeof s.white, "Anne Dupont");
	snprintf(s.black, sizeof s.black, "Brice O'Neil");
	s.seed = 18446744073709551615u; /* survives the trip through SQLite */
	return s;
}

/* Opening path must fail with code and a message containing words, and leave the bytes as they were. */
static void refused_open(const char *path, cc_err code, const char *words)
{
	long before_size = 0, after_size = 0;
	char *before = file_bytes(path, &before_size);
	cc_store *store = (cc_store *)1;
	cc_error err = {CC_OK, ""};
	ck_assert_int_eq(cc_store_open(&store, path, CC_STORE_WRITE, &err), code);
	ck_assert(store == NULL);
	ck_assert_msg(strstr(err.message, words) != NULL, "message '%s' lacks '%s'", err.message, words);
	ck_assert(strchr(err.message, '\n') == NULL);
	char *after = file_bytes(path, &after_size);
	ck_assert_int_eq(before_size, after_size);
	ck_assert(memcmp(before, after, (size_t)before_size) == 0);
	char wal[160];
	snprintf(wal, sizeof wal, "%s-wal", path);
	ck_assert_msg(access(wal, F_OK) != 0, "a WAL file was created beside %s", path);
	free(before);
	free(after);
}

/* A database with one recorded match of a few events, written as the
 * session does: check, append, apply. */
static void make_recorded_match(void)
{
	cc_store *store;
	cc_match *m;
	int64_t id;
	cc_match_settings s = twice_settings();
	ck_assert_int_eq(cc_store_open(&store, db_path, CC_STORE_WRITE, NULL), CC_OK);
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_OK);
	ck_assert_int_eq(cc_store_create_match(store, &s, "U\nR\nF\nD", 1000, &id, NULL), CC_OK);
	cc_event events[] = {cc_event_start(0), cc_event_move(1000, CC_SIDE_WHITE, false),
	                     cc_event_move(2000, CC_SIDE_BLACK, true)};
	for (size_t i = 0; i < sizeof events / sizeof events[0]; i++) {
		cc_match_view after;
		ck_assert_int_eq(cc_match_check(m, &events[i], &after, NULL), CC_OK);
		ck_assert_int_eq(cc_store_append_event(store, id, i, &events[i], &after, 2000 + (int64_t)i, NULL), CC_OK);
		ck_assert_int_eq(cc_match_apply(m, &events[i], NULL), CC_OK);
	}
	cc_match_destroy(m);
	cc_store_close(store);
}

/* RE-1.3: a file that is not SQLite at all */
START_TEST(test_store_open__refuses_file_not_ours)
{
	CLAUSES("RE-1.3");
	make_dir();
	FILE *f = fopen(db_path, "w");
	fputs("Round 3 pairings: Anne - Brice\n", f);
	fclose(f);
	refused_open(db_path, CC_ERR_STORE, "not a ChessCubing database");
	remove_dir();
}
END_TEST

/* RE-1.3: another program's SQLite database */
START_TEST(test_store_open__refuses_other_sqlite_database)
{
	CLAUSES("RE-1.3");
	make_dir();
	sql(db_path, "CREATE TABLE players (name TEXT); INSERT INTO players VALUES ('Anne');");
	refused_open(db_path, CC_ERR_STORE, "not a ChessCubing database");
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
	refused_open(db_path, CC_ERR_STORE, "newer");
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
	refused_open(db_path, CC_ERR_STORE, "read-only");
	ck_assert_int_eq(chmod(db_path, 0644), 0);
	ck_assert_int_eq(chmod(dir, 0555), 0);
	refused_open(db_path, CC_ERR_STORE, "read-only");
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
	refused_open(db_path, CC_ERR_STORE, "damaged");
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

/* RE-1.1: the schema is created at version 1 with our application id */
START_TEST(test_store_schema__new_file_is_marked_ours)
{
	CLAUSES("RE-1.1");
	make_dir();
	make_recorded_match();
	sqlite3 *db;
	sqlite3_stmt *stmt;
	ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT * FROM pragma_user_version, pragma_application_id, pragma_journal_mode",
	                                    -1, &stmt, NULL),
	                 SQLITE_OK);
	ck_assert_int_eq(sqlite3_step(stmt), SQLITE_ROW);
	ck_assert_int_eq(sqlite3_column_int(stmt, 0), CC_STORE_SCHEMA_VERSION);
	ck_assert_int_eq(sqlite3_column_int(stmt, 1), 0x43437562);
	ck_assert_str_eq((const char *)sqlite3_column_text(stmt, 2), "wal");
	sqlite3_finalize(stmt);
	sqlite3_close(db);
	remove_dir();
}
END_TEST

/* RE-1.1: a database of schema 1 is migrated to the current schema, its matches kept */
START_TEST(test_store_schema__migrates_version_one)
{
	CLAUSES("RE-1.1");
	make_dir();
	sql(db_path, "CREATE TABLE matches (id INTEGER PRIMARY KEY, created_utc TEXT NOT NULL,"
	             " format TEXT NOT NULL, category TEXT NOT NULL, record TEXT NOT NULL,"
	             " white TEXT NOT NULL, black TEXT NOT NULL, seed TEXT NOT NULL,"
	             " result_winner TEXT, result_reason TEXT, result_text TEXT);"
	             "CREATE TABLE events (match_id INTEGER NOT NULL REFERENCES matches(id), seq INTEGER NOT NULL,"
	             " t_ms INTEGER NOT NULL, kind TEXT NOT NULL, side TEXT, gives_check INTEGER NOT NULL DEFAULT 0,"
	             " cube_cs INTEGER, winner TEXT, text TEXT NOT NULL DEFAULT '',"
	             " PRIMARY KEY (match_id, seq)) WITHOUT ROWID;"
	             "INSERT INTO matches VALUES (1, '2026-02-04T10:00:00Z', 'time', 'masters', 'count',"
	             " 'Anne', 'Brice', '7', NULL, NULL, NULL);"
	             "INSERT INTO events VALUES (1, 0, 0, 'start', NULL, 0, NULL, NULL, '');"
	             "INSERT INTO events VALUES (1, 1, 4000, 'move', 'white', 1, NULL, NULL, '');"
	             "PRAGMA application_id = 1128494434; PRAGMA user_version = 1;");
	cc_store *store;
	cc_match *m;
	cc_store_match_info info;
	long size_before = 0, size_after = 0;
	char *before = file_bytes(db_path, &size_before);
	/* A reader reads the old schema as it is and never migrates it. */
	ck_assert_int_eq(cc_store_open(&store, db_path, CC_STORE_READ, NULL), CC_OK);
	ck_assert_int_eq(cc_store_match_info_of(store, 1, &info, NULL), CC_OK);
	ck_assert_str_eq(info.sheet, "");
	ck_assert_uint_eq(info.events, 2);
	cc_store_close(store);
	char *after = file_bytes(db_path, &size_after);
	ck_assert(size_before == size_after && memcmp(before, after, (size_t)size_after) == 0);
	free(before);
	free(after);
	/* The console's connection migrates it. */
	ck_assert_int_eq(cc_store_open(&store, db_path, CC_STORE_WRITE, NULL), CC_OK);
	ck_assert_int_eq(cc_store_load_match(store, 1, &m, NULL), CC_OK);
	ck_assert(view_at(m, 4000).check);
	int64_t wall;
	ck_assert_int_eq(cc_store_last_event_wall(store, 1, &wall, NULL), CC_ERR_NOT_FOUND);
	ck_assert_int_eq(cc_store_match_info_of(store, 1, &info, NULL), CC_OK);
	ck_assert_str_eq(info.sheet, "");
	ck_assert_int_eq(info.settings.category, CC_CATEGORY_MASTERS);
	cc_match_destroy(m);
	cc_store_close(store);
	remove_dir();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("store");
	TCase *record = tcase_create("record");
	TCase *open_ = tcase_create("open");
	tcase_set_timeout(record, 60);
	tcase_add_test(record, test_store_schema__new_file_is_marked_ours);
	tcase_add_test(record, test_store_schema__migrates_version_one);
	tcase_add_test(open_, test_store_open__refuses_file_not_ours);
	tcase_add_test(open_, test_store_open__refuses_other_sqlite_database);
	tcase_add_test(open_, test_store_open__refuses_newer_schema);
	tcase_add_test(open_, test_store_open__refuses_read_only);
	tcase_add_test(open_, test_store_open__refuses_damaged_file);
	tcase_add_test(open_, test_store_open__reader_does_not_create);
	suite_add_tcase(s, record);
	suite_add_tcase(s, open_);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
