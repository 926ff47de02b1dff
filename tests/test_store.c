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

#include "live.h"
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

/* A database with one recorded match of a few events. */
static void make_recorded_match(void)
{
	cc_app_live live;
	cc_match_settings s = twice_settings();
	ck_assert_int_eq(cc_app_live_create(&live, db_path, &s, NULL), CC_OK);
	cc_event events[] = {cc_event_start(0), cc_event_move(1000, CC_SIDE_WHITE, false),
	                     cc_event_move(2000, CC_SIDE_BLACK, true)};
	for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
		ck_assert_int_eq(cc_app_live_apply(&live, &events[i], NULL), CC_OK);
	cc_app_live_close(&live);
}

/* RE-1.1: the record holds exactly the accepted events; replay gives the same match */
START_TEST(test_store_record__replay_rebuilds_same_match)
{
	make_dir();
	cc_app_live live;
	cc_match_settings s = twice_settings();
	ck_assert_int_eq(cc_app_live_create(&live, db_path, &s, NULL), CC_OK);
	int64_t t = 0;
	cc_event script[] = {cc_event_start(0),          cc_event_move(3000, CC_SIDE_BLACK, false),
	                     cc_event_move(4000, CC_SIDE_WHITE, false), cc_event_pause(5000),
	                     cc_event_resume(9000),     cc_event_move(9500, CC_SIDE_BLACK, true),
	                     cc_event_undo(9700),       cc_event_tick(30000),
	                     cc_event_arbiter(31000, CC_WINNER_NONE, "both flags, \"agreed\"; 'draw'")};
	for (size_t i = 0; i < sizeof script / sizeof script[0]; i++) {
		cc_err rc = cc_app_live_apply(&live, &script[i], NULL);
		ck_assert(rc == CC_OK || i == 1); /* Black cannot move first */
		t = script[i].t_ms;
	}
	cc_store *reader;
	cc_match *loaded;
	ck_assert_int_eq(cc_store_open(&reader, db_path, CC_STORE_READ, NULL), CC_OK);
	ck_assert_int_eq(cc_store_load_match(reader, live.match_id, &loaded, NULL), CC_OK);
	ck_assert_uint_eq(cc_match_event_count(loaded), cc_match_event_count(live.match));
	ck_assert_uint_eq(cc_match_event_count(loaded), 8);
	for (int64_t at = t; at < t + 100000; at += 7777) {
		cc_match_view a = view_at(live.match, at), b = view_at(loaded, at);
		ck_assert(memcmp(&a, &b, sizeof a) == 0);
	}
	ck_assert_str_eq(cc_match_settings_of(loaded)->black, "Brice O'Neil");
	ck_assert(cc_match_settings_of(loaded)->seed == s.seed);
	cc_store_match_info info;
	ck_assert_int_eq(cc_store_match_info_of(reader, live.match_id, &info, NULL), CC_OK);
	ck_assert(info.over);
	ck_assert_int_eq(info.winner, CC_WINNER_NONE);
	ck_assert_str_eq(info.reason_text, "both flags, \"agreed\"; 'draw'");
	cc_match_destroy(loaded);
	cc_store_close(reader);
	cc_app_live_close(&live);
	remove_dir();
}
END_TEST

/* RE-1.3: a file that is not SQLite at all */
START_TEST(test_store_open__refuses_file_not_ours)
{
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
	make_dir();
	sql(db_path, "CREATE TABLE players (name TEXT); INSERT INTO players VALUES ('Anne');");
	refused_open(db_path, CC_ERR_STORE, "not a ChessCubing database");
	remove_dir();
}
END_TEST

/* RE-1.3: a database written by a newer version */
START_TEST(test_store_open__refuses_newer_schema)
{
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
	make_dir();
	cc_store *store;
	cc_error err;
	ck_assert_int_eq(cc_store_open(&store, db_path, CC_STORE_READ, &err), CC_ERR_NOT_FOUND);
	ck_assert_int_ne(access(db_path, F_OK), 0);
	remove_dir();
}
END_TEST

/* RE-1.4: a second console is refused the match; a reader is not, and can
 * tell whether a console holds it */
START_TEST(test_store_lock__second_console_refused)
{
	make_dir();
	cc_app_live first, second;
	cc_match_settings s = twice_settings();
	cc_error err;
	ck_assert_int_eq(cc_app_live_create(&first, db_path, &s, NULL), CC_OK);
	ck_assert_int_eq(cc_app_live_resume(&second, db_path, first.match_id, &err), CC_ERR_LOCKED);
	ck_assert(strstr(err.message, "another console") != NULL);
	/* A viewer can tell that a console holds the match, without writing. */
	bool in_use = false;
	cc_store *viewer;
	ck_assert_int_eq(cc_store_open(&viewer, db_path, CC_STORE_READ, NULL), CC_OK);
	ck_assert_int_eq(cc_store_match_in_use(viewer, first.match_id, &in_use, NULL), CC_OK);
	ck_assert(in_use);
	cc_store *reader;
	cc_match *m;
	ck_assert_int_eq(cc_store_open(&reader, db_path, CC_STORE_READ, NULL), CC_OK);
	ck_assert_int_eq(cc_store_load_match(reader, first.match_id, &m, NULL), CC_OK);
	cc_match_destroy(m);
	cc_store_close(reader);
	cc_app_live_close(&first);
	ck_assert_int_eq(cc_store_match_in_use(viewer, first.match_id, &in_use, NULL), CC_OK);
	ck_assert(!in_use);
	cc_store_close(viewer);
	ck_assert_int_eq(cc_app_live_resume(&second, db_path, 0, NULL), CC_OK);
	cc_app_live_close(&second);
	remove_dir();
}
END_TEST

/* RU-18, RE-1.5: a match resumes with its events and comes back paused */
START_TEST(test_store_resume__comes_back_paused)
{
	make_dir();
	make_recorded_match();
	cc_app_live live;
	ck_assert_int_eq(cc_app_live_resume(&live, db_path, 0, NULL), CC_OK);
	cc_match_view v = view_at(live.match, 500000);
	ck_assert(v.paused);
	ck_assert_int_eq(v.moves[CC_SIDE_BLACK], 1);
	ck_assert(v.check);
	ck_assert_int_eq(v.move_ms_left, CC_MOVE_MS); /* stopped at the last event */
	ck_assert_uint_eq(cc_match_event_count(live.match), 4);
	cc_app_live_close(&live);
	remove_dir();
}
END_TEST

/* RE-1.2: an event that cannot be committed is not applied */
START_TEST(test_store_full__failed_commit_not_applied)
{
	make_dir();
	int pipe_fd[2];
	ck_assert_int_eq(pipe(pipe_fd), 0);
	pid_t child = fork();
	ck_assert(child >= 0);
	if (child == 0) {
		/* The child runs out of room: files may not grow past 64 KiB. */
		cc_app_live live;
		cc_match_settings s = twice_settings();
		cc_error err = {CC_OK, ""};
		long count = 0;
		cc_err rc = cc_app_live_create(&live, db_path, &s, NULL);
		struct rlimit limit = {64 * 1024, 64 * 1024};
		signal(SIGXFSZ, SIG_IGN);
		setrlimit(RLIMIT_FSIZE, &limit);
		for (int64_t t = 0; rc == CC_OK && t < 100000000; t += 1000) {
			cc_event ev = cc_event_tick(t);
			snprintf(ev.text, sizeof ev.text, "%0100lld", (long long)t);
			rc = cc_app_live_apply(&live, &ev, &err);
		}
		count = (long)cc_match_event_count(live.match);
		bool ok = rc == CC_ERR_STORE && strstr(err.message, "not recorded") != NULL;
		dprintf(pipe_fd[1], "%ld %d %s\n", count, ok, err.message);
		cc_app_live_close(&live);
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
	/* What the store holds is exactly what the match had applied. */
	cc_store *reader;
	cc_match *m;
	ck_assert_int_eq(cc_store_open(&reader, db_path, CC_STORE_READ, NULL), CC_OK);
	ck_assert_int_eq(cc_store_load_match(reader, 1, &m, NULL), CC_OK);
	ck_assert_int_eq((long)cc_match_event_count(m), applied);
	cc_match_destroy(m);
	cc_store_close(reader);
	remove_dir();
}
END_TEST

/* RE-1.1: the schema is created at version 1 with our application id */
START_TEST(test_store_schema__new_file_is_marked_ours)
{
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
	ck_assert_int_eq(cc_store_set_sheet(store, 1, "U R2\nF\nB'\nD2", NULL), CC_OK);
	ck_assert_int_eq(cc_store_match_info_of(store, 1, &info, NULL), CC_OK);
	ck_assert_str_eq(info.sheet, "U R2\nF\nB'\nD2");
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
	TCase *lock = tcase_create("lock");
	tcase_set_timeout(record, 60);
	tcase_add_test(record, test_store_record__replay_rebuilds_same_match);
	tcase_add_test(record, test_store_schema__new_file_is_marked_ours);
	tcase_add_test(record, test_store_schema__migrates_version_one);
	tcase_add_test(record, test_store_resume__comes_back_paused);
	tcase_add_test(record, test_store_full__failed_commit_not_applied);
	tcase_add_test(open_, test_store_open__refuses_file_not_ours);
	tcase_add_test(open_, test_store_open__refuses_other_sqlite_database);
	tcase_add_test(open_, test_store_open__refuses_newer_schema);
	tcase_add_test(open_, test_store_open__refuses_read_only);
	tcase_add_test(open_, test_store_open__refuses_damaged_file);
	tcase_add_test(open_, test_store_open__reader_does_not_create);
	tcase_add_test(lock, test_store_lock__second_console_refused);
	suite_add_tcase(s, record);
	suite_add_tcase(s, open_);
	suite_add_tcase(s, lock);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
