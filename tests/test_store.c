/*
 * test_store.c: the match record (rules/record.md). Every test works in a
 * fresh temporary folder. Hostile databases are crafted with SQLite
 * directly, as another program or a damaged disk would leave them. Tests
 * that drive the store API pass literal wall times: the store reads no
 * clock. (The live path over the store is tests/test_session.c's.)
 */
#define _GNU_SOURCE /* F_OFD_GETLK, setresuid */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <grp.h>
#include <signal.h>
#include <unistd.h>

#include "store.h"
#include "clauses.h"
#include "match_helpers.h"

static char dir[64];
static char db_path[128];

/* The match a record's rows make: its settings, then its stored events
 * applied in order (the session's replay, cc_session_replay, does the same
 * through its game ops; the store itself runs no game). */
static cc_err load_match(cc_store *store, int64_t id, cc_match **out, cc_error *err)
{
	cc_store_match_info info;
	cc_event *events = NULL;
	size_t n = 0;
	cc_match *m = NULL;
	*out = NULL;
	cc_err rc = cc_store_match_info_of(store, id, &info, err);
	if (rc == CC_OK)
		rc = cc_store_match_events(store, id, &events, &n, err);
	if (rc == CC_OK)
		rc = cc_match_create(&m, &info.settings, err);
	for (size_t i = 0; rc == CC_OK && i < n; i++)
		rc = cc_match_apply(m, &events[i], err) == CC_OK ? CC_OK : CC_ERR_STORE;
	free(events);
	if (rc)
		cc_match_destroy(m);
	else
		*out = m;
	return rc;
}

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

/* 2026-11-30T14:05:00.250Z: the wall time every store test starts from. */
#define WALL0 INT64_C(1796047500250)

static cc_store *open_store(const char *path, cc_store_mode mode)
{
	cc_store *store = NULL;
	cc_error err = {0};
	ck_assert_msg(cc_store_open(&store, path, mode, &err) == CC_OK, "%s", err.message);
	return store;
}

/* Appends event seq of match id at wall time wall, as the live path does. */
static void append(cc_store *store, int64_t id, cc_match *m, const cc_event *ev, int64_t wall)
{
	cc_match_view after;
	cc_error err = {0};
	ck_assert_int_eq(cc_match_check(m, ev, &after, NULL), CC_OK);
	ck_assert_msg(cc_store_append_event(store, id, cc_match_event_count(m), ev, &after, wall, &err) == CC_OK, "%s",
	              err.message);
	ck_assert_int_eq(cc_match_apply(m, ev, NULL), CC_OK);
}

/* A new match of two events in the database at path, through the store
 * alone; the store is left open (the match locked) when keep is true. */
static cc_store *store_match(const char *path, bool keep, int64_t *id)
{
	cc_match_settings s = twice_settings();
	cc_store *store = open_store(path, CC_STORE_WRITE);
	cc_match *m;
	ck_assert_int_eq(cc_store_create_match(store, &s, "U\nR\nF\nD", WALL0, id, NULL), CC_OK);
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_OK);
	cc_event start = cc_event_start(0), move = cc_event_move(1000, CC_SIDE_WHITE, false);
	append(store, *id, m, &start, WALL0 + 10);
	append(store, *id, m, &move, WALL0 + 1010);
	cc_match_destroy(m);
	if (keep)
		return store;
	cc_store_close(store);
	return NULL;
}

static bool side_file_exists(const char *path, const char *suffix)
{
	char name[192];
	snprintf(name, sizeof name, "%s%s", path, suffix);
	return access(name, F_OK) == 0;
}

/*
 * Another process's view: runs this test program again as
 * "test_store --child ARGS..." (see main) and returns its exit status.
 * A new program, not a fork: it shares no SQLite state with this one, and
 * under valgrind it runs natively, so the parent's open stores do not
 * count as its leaks. With unprivileged, it runs as nobody when the tests
 * run as root, so permission bits apply to it.
 */
static const char *self_path;

static int child_main(int argc, char **argv);

static pid_t spawn_child(bool unprivileged, const char *const args[])
{
	char *argv[12] = {(char *)self_path, (char *)"--child"};
	for (size_t i = 0; args[i]; i++) {
		ck_assert_uint_lt(i + 3, sizeof argv / sizeof argv[0]);
		argv[i + 2] = (char *)args[i];
	}
	pid_t child = fork();
	ck_assert(child >= 0);
	if (child == 0) {
		if (unprivileged && geteuid() == 0 &&
		    (setgroups(0, NULL) != 0 || setresgid(65534, 65534, 65534) != 0 || setresuid(65534, 65534, 65534) != 0))
			_exit(3);
		execv(self_path, argv);
		/* nobody may not reach the build folder: run the part here */
		int argc = 0;
		while (argv[argc])
			argc++;
		_exit(child_main(argc, argv));
	}
	return child;
}

static int wait_child(pid_t child)
{
	int status = -1;
	ck_assert_int_eq(waitpid(child, &status, 0), child);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int run_child(bool unprivileged, const char *const args[])
{
	return wait_child(spawn_child(unprivileged, args));
}

/* Opening path must fail with code and a message containing words, and leave the bytes as they were. */
static void refused_open(const char *path, cc_err code, cc_msg msg)
{
	long before_size = 0, after_size = 0;
	char *before = file_bytes(path, &before_size);
	cc_store *store = (cc_store *)1;
	cc_error err = {0};
	ck_assert_int_eq(cc_store_open(&store, path, CC_STORE_WRITE, &err), code);
	ck_assert(store == NULL);
	ck_assert_msg(err.msg == msg, "message '%s' is not %s", err.message, cc_msg_name(msg));
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
	int64_t id;
	store_match(db_path, false, &id);
}

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
	ck_assert_int_eq(load_match(store, 1, &m, NULL), CC_OK);
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

/* RU-18 (schema 16): a resume and what it gave back, recorded with its
 * pause in one transaction, the last-seen stamp spent, read back in order;
 * the newest marked taken back. */
static void append_resume(cc_store *store, int64_t id, cc_match *m, int64_t t_ms, int64_t wall, cc_side side,
                          int64_t returned)
{
	cc_match_view after;
	cc_event pause = cc_event_pause(t_ms);
	cc_store_resume r = {0, 0, t_ms + returned, wall - 30000, t_ms, wall - 30000 - returned, side, returned, false, 0};
	ck_assert_int_eq(cc_match_check(m, &pause, &after, NULL), CC_OK);
	ck_assert_int_eq(cc_store_append_resume(store, id, cc_match_event_count(m), &pause, &after, wall, &r, NULL), CC_OK);
	ck_assert_int_eq(cc_match_apply(m, &pause, NULL), CC_OK);
}

static void check_resumes(const char *path, int64_t id, size_t want)
{
	cc_store *store = open_store(path, CC_STORE_READ);
	cc_store_resume *items = NULL;
	size_t n = 9;
	ck_assert_int_eq(cc_store_resumes(store, id, &items, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, want);
	if (want > 0) {
		ck_assert_uint_eq(items[0].event_seq, 2);
		ck_assert_int_eq(items[0].wall_ms, WALL0 + 60000);
		ck_assert_int_eq(items[0].stopped_t_ms, 1000 + 4000);
		ck_assert_int_eq(items[0].stopped_wall_ms, WALL0 + 30000);
		ck_assert_int_eq(items[0].last_t_ms, 1000);
		ck_assert_int_eq(items[0].side, CC_SIDE_BLACK);
		ck_assert_int_eq(items[0].returned_ms, 4000);
		ck_assert(!items[0].taken_back);
	}
	if (want > 1) {
		ck_assert_uint_eq(items[1].event_seq, 5);
		ck_assert_int_eq(items[1].side, CC_SIDE_WHITE);
		ck_assert_int_eq(items[1].returned_ms, 2500);
		ck_assert(items[1].taken_back);
		ck_assert_uint_eq(items[1].taken_back_seq, 6);
	}
	free(items);
	cc_store_close(store);
}

/* Two resumes of match id (its two events recorded): returned 4.0 s of
 * Black's (pause: event 2), then 2.5 s of White's (event 5), taken back by
 * the correction, event 6. */
static void record_two_resumes(const char *path, int64_t id)
{
	cc_store *store = open_store(path, CC_STORE_WRITE);
	cc_match *m;
	cc_store_match_info info;
	int64_t t = 0, wall = 0;
	ck_assert_int_eq(cc_store_match_info_of(store, id, &info, NULL), CC_OK);
	ck_assert_int_eq(load_match(store, id, &m, NULL), CC_OK);
	ck_assert_int_eq(cc_store_write_seen(store, id, 5000, WALL0 + 30000, NULL), CC_OK);
	append_resume(store, id, m, 1000, WALL0 + 60000, CC_SIDE_BLACK, 4000);
	ck_assert_int_eq(cc_store_read_seen(store, id, &t, &wall, NULL), CC_ERR_NOT_FOUND); /* spent */
	cc_event go = cc_event_resume(1000), reply = cc_event_move(2000, CC_SIDE_BLACK, false);
	append(store, id, m, &go, WALL0 + 61000);
	append(store, id, m, &reply, WALL0 + 62000);
	append_resume(store, id, m, 2000, WALL0 + 120000, CC_SIDE_WHITE, 2500);
	cc_event fix = cc_event_correct(2000, CC_CORRECT_BLOCK, CC_SIDE_WHITE, 170000, false, "RU-18");
	append(store, id, m, &fix, WALL0 + 121000);
	ck_assert_int_eq(cc_store_resume_taken_back(store, id, 6, NULL), CC_OK);
	cc_match_destroy(m);
	cc_store_close(store);
}

/* What schema 8 added (the rating cache), taken out to make an older file. */
#define DROP_RATING_CACHE                                                                                   \
	"DROP TRIGGER rating_cache_event_in; DROP TRIGGER rating_cache_event_up; DROP TRIGGER rating_cache_event_out;" \
	"DROP TRIGGER rating_cache_match_in; DROP TRIGGER rating_cache_match_up; DROP TRIGGER rating_cache_match_out;" \
	"DROP TRIGGER rating_cache_player_in; DROP TRIGGER rating_cache_player_up;"                              \
	"DROP TRIGGER rating_cache_player_out; DROP TABLE rating_games; DROP TABLE rating_players;"              \
	"DROP TABLE rating_cache;"
/* v10 (eventfix): what an event fixes, its closing and its cancellations */
#define DROP_EVENT_TERMS                                                                                    \
	"ALTER TABLE club_events DROP COLUMN variant; ALTER TABLE club_events DROP COLUMN tc_base_ms;"           \
	"ALTER TABLE club_events DROP COLUMN tc_increment_ms; ALTER TABLE club_events DROP COLUMN claims;"       \
	"ALTER TABLE club_events DROP COLUMN closed_utc; DROP TABLE event_cancels;"

/* RE-1.1: a database of schema 6 is migrated to schema 7 (Chess-Uno's
 * options, deal, secret and commitment), its matches kept; a reader
 * reads it as it is */
START_TEST(test_store_schema__migrates_version_six)
{
	CLAUSES("RE-1.1 UNO-F1");
	make_dir();
	int64_t id = 0;
	cc_store *store = store_match(db_path, true, &id);
	cc_store_close(store);
	sql(db_path, "DROP TRIGGER rating_cache_uno_up; ALTER TABLE matches DROP COLUMN uno_fixed;" /* v10 (uno) */
	             "ALTER TABLE matches DROP COLUMN uno_options; ALTER TABLE matches DROP COLUMN uno_deal;"
	             "ALTER TABLE matches DROP COLUMN uno_secret; ALTER TABLE matches DROP COLUMN uno_commitment; DROP TABLE seen;"
	             "DROP TABLE corrections;" /* v10 (results) */
	             "ALTER TABLE matches DROP COLUMN tc_periods;" /* v13 (tc) */
	             /* v12 (forfeits) */
	             "ALTER TABLE pairings DROP COLUMN forfeit; ALTER TABLE club_events DROP COLUMN bye_halves;"
	             "DROP TABLE event_withdrawals; DROP TABLE event_half_byes;"
	             "DROP TABLE player_log;" /* v15 (players) */
	             "DROP TABLE resumes;"    /* v16 (resumes) */
	             "ALTER TABLE club_events DROP COLUMN system; ALTER TABLE club_events DROP COLUMN rounds;"
	             "ALTER TABLE club_events DROP COLUMN tiebreaks; ALTER TABLE club_events DROP COLUMN published;"
	             "ALTER TABLE club_events DROP COLUMN half_bye_limit; DROP TABLE event_absences; ALTER TABLE pairings DROP COLUMN result; ALTER TABLE event_players DROP COLUMN rating;" /* v19 (swiss) */
	             DROP_RATING_CACHE DROP_EVENT_TERMS "ALTER TABLE events DROP COLUMN timer; PRAGMA user_version = 6;");
	cc_store_match_info info;
	store = open_store(db_path, CC_STORE_READ);
	ck_assert_int_eq(cc_store_match_info_of(store, id, &info, NULL), CC_OK);
	ck_assert_uint_eq(info.events, 2);
	ck_assert_str_eq(info.commitment, "");
	cc_store_close(store);
	store = open_store(db_path, CC_STORE_WRITE);
	ck_assert_int_eq(cc_store_match_info_of(store, id, &info, NULL), CC_OK);
	ck_assert_uint_eq(info.events, 2);
	/* A Chess-Uno game is recorded with its fairness record once migrated. */
	cc_match_settings s = twice_settings();
	s.format = CC_FORMAT_UNO;
	s.record = CC_RECORD_MOVES;
	s.uno.options.max_card_number = 3;
	snprintf(s.uno.deal, sizeof s.uno.deal, "%s", "chess-uno-deal/1 key=00 order=1");
	cc_store_fairness fair = {"ab", "cd"};
	int64_t uno = 0;
	ck_assert_int_eq(cc_store_create_match_fair(store, &s, NULL, WALL0, NULL, &fair, &uno, NULL), CC_OK);
	ck_assert_int_eq(cc_store_match_info_of(store, uno, &info, NULL), CC_OK);
	ck_assert_int_eq(info.settings.format, CC_FORMAT_UNO);
	ck_assert_int_eq(info.settings.uno.options.max_card_number, 3);
	ck_assert_str_eq(info.settings.uno.deal, "chess-uno-deal/1 key=00 order=1");
	ck_assert_str_eq(info.secret, "ab");
	ck_assert_str_eq(info.commitment, "cd");
	cc_store_close(store);
	/* ... and its resumes once migrated (schema 16, RU-18). */
	check_resumes(db_path, id, 0);
	record_two_resumes(db_path, id);
	check_resumes(db_path, id, 2);
	remove_dir();
}
END_TEST

START_TEST(test_store_schema__resumes_on_a_new_file)
{
	CLAUSES("RE-1.1 RU-18");
	make_dir();
	int64_t id = 0;
	cc_store_close(store_match(db_path, true, &id));
	check_resumes(db_path, id, 0);
	record_two_resumes(db_path, id);
	check_resumes(db_path, id, 2);
	remove_dir();
}
END_TEST

/* RE-1.1: a file of schema 15 gets the resumes table (none recorded in
 * it); a reader of it, which never migrates, finds none. */
START_TEST(test_store_schema__migrates_version_fifteen)
{
	CLAUSES("RE-1.1 RU-18");
	make_dir();
	int64_t id = 0;
	cc_store_close(store_match(db_path, true, &id));
	sql(db_path, "DROP TABLE resumes; DROP INDEX matches_in_play; ALTER TABLE events DROP COLUMN timer;"
	             "ALTER TABLE club_events DROP COLUMN system; ALTER TABLE club_events DROP COLUMN rounds;"
	             "ALTER TABLE club_events DROP COLUMN tiebreaks; ALTER TABLE club_events DROP COLUMN published;"
	             "ALTER TABLE club_events DROP COLUMN half_bye_limit; DROP TABLE event_absences; ALTER TABLE pairings DROP COLUMN result; ALTER TABLE event_players DROP COLUMN rating;" /* v19 (swiss) */
	             "PRAGMA user_version = 15;");
	check_resumes(db_path, id, 0);
	cc_store *store = open_store(db_path, CC_STORE_READ);
	cc_store_close(store);
	record_two_resumes(db_path, id); /* the writer migrates */
	check_resumes(db_path, id, 2);
	sqlite3 *db;
	ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
	sqlite3_stmt *stmt;
	ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT user_version FROM pragma_user_version", -1, &stmt, NULL), SQLITE_OK);
	ck_assert_int_eq(sqlite3_step(stmt), SQLITE_ROW);
	ck_assert_int_eq(sqlite3_column_int(stmt, 0), CC_STORE_SCHEMA_VERSION);
	sqlite3_finalize(stmt);
	/* v17: the index of the matches in play, made again */
	ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT count(*) FROM sqlite_schema WHERE name = 'matches_in_play'", -1,
	                                    &stmt, NULL),
	                 SQLITE_OK);
	ck_assert_int_eq(sqlite3_step(stmt), SQLITE_ROW);
	ck_assert_int_eq(sqlite3_column_int(stmt, 0), 1);
	sqlite3_finalize(stmt);
	sqlite3_close(db);
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

/* RE-1.4, RE-1.7: a new match is recorded with its sheet and locked in one step */
START_TEST(test_store_create__records_sheet_and_locks)
{
	CLAUSES("RE-1.4 RE-1.7");
	make_dir();
	int64_t id = 0;
	cc_store *store = store_match(db_path, true, &id);
	cc_store_match_info info;
	ck_assert_int_eq(cc_store_match_info_of(store, id, &info, NULL), CC_OK);
	ck_assert_str_eq(info.sheet, "U\nR\nF\nD");
	ck_assert_uint_eq(info.events, 2);
	cc_store *other = open_store(db_path, CC_STORE_WRITE);
	cc_error err = {0};
	ck_assert_int_eq(cc_store_lock_match(other, id, &err), CC_ERR_LOCKED);
	ck_assert_int_eq(err.msg, CC_MSG_MATCH_LOCKED);
	/* An empty sheet is no sheet. */
	int64_t id2 = 0;
	cc_match_settings s = twice_settings();
	ck_assert_int_eq(cc_store_create_match(other, &s, "", WALL0, &id2, NULL), CC_OK);
	ck_assert_int_eq(cc_store_match_info_of(other, id2, &info, NULL), CC_OK);
	ck_assert_str_eq(info.sheet, "");
	ck_assert_int_eq(cc_store_lock_match(store, id2, NULL), CC_ERR_LOCKED);
	cc_store_close(other);
	cc_store_close(store);
	remove_dir();
}
END_TEST

/* CL-5.1: a lock released while the store stays open is free at once for
 * another store (another process, or another store of this one: OFD
 * locks), and only that match's; it can be taken back once free. */
START_TEST(test_store_lock__released_while_open)
{
	CLAUSES("CL-5.1");
	make_dir();
	int64_t id = 0, id2 = 0;
	cc_store *store = store_match(db_path, true, &id);
	cc_match_settings s = twice_settings();
	ck_assert_int_eq(cc_store_create_match(store, &s, "", WALL0, &id2, NULL), CC_OK);
	cc_store *other = open_store(db_path, CC_STORE_WRITE), *viewer = open_store(db_path, CC_STORE_READ);
	bool in_use = false;
	cc_store_unlock_match(store, id);
	ck_assert_int_eq(cc_store_match_in_use(viewer, id, &in_use, NULL), CC_OK);
	ck_assert(!in_use);
	ck_assert_int_eq(cc_store_match_in_use(viewer, id2, &in_use, NULL), CC_OK);
	ck_assert(in_use);
	ck_assert_int_eq(cc_store_lock_match(other, id2, NULL), CC_ERR_LOCKED);
	ck_assert_int_eq(cc_store_lock_match(other, id, NULL), CC_OK);
	cc_error err = {0};
	ck_assert_int_eq(cc_store_lock_match(store, id, &err), CC_ERR_LOCKED);
	ck_assert_int_eq(err.msg, CC_MSG_MATCH_LOCKED);
	cc_store_unlock_match(other, id);
	ck_assert_int_eq(cc_store_lock_match(store, id, NULL), CC_OK);
	cc_store_close(viewer);
	cc_store_close(other);
	cc_store_close(store);
	remove_dir();
}
END_TEST

/* RE-1.7: when the new match cannot be locked, no match is left behind
 * (issue 9: an orphan unfinished match was later offered for resume) */
START_TEST(test_store_create__lock_refused_leaves_no_match)
{
	CLAUSES("RE-1.7");
	make_dir();
	cc_store *first = open_store(db_path, CC_STORE_WRITE);
	cc_store *holder = open_store(db_path, CC_STORE_WRITE);
	/* Another console holds the number the next match would get. */
	ck_assert_int_eq(cc_store_lock_match(holder, 1, NULL), CC_OK);
	cc_match_settings s = twice_settings();
	int64_t id = -1, found = 0;
	cc_error err = {0};
	ck_assert_int_eq(cc_store_create_match(first, &s, "U", WALL0, &id, &err), CC_ERR_LOCKED);
	ck_assert(id == -1);
	ck_assert_int_eq(err.msg, CC_MSG_MATCH_LOCKED);
	ck_assert_int_eq(cc_store_latest(first, &found, NULL), CC_ERR_NOT_FOUND);
	ck_assert_int_eq(cc_store_latest_unfinished(holder, &found, NULL), CC_ERR_NOT_FOUND);
	cc_store_close(holder);
	ck_assert_int_eq(cc_store_create_match(first, &s, "U", WALL0, &id, NULL), CC_OK);
	ck_assert(id == 1);
	cc_store_close(first);
	remove_dir();
}
END_TEST

/* RE-3.3: a new record, its -wal and its -shm are its owner's alone (0600)
 * whatever the umask: nobody else reads a running Chess-Uno deal in it. */
START_TEST(test_store_create__new_record_is_the_owners_alone)
{
	CLAUSES("RE-3.3");
	static const mode_t umasks[] = {0, 022, 0277};
	for (size_t i = 0; i < sizeof umasks / sizeof *umasks; i++) {
		make_dir();
		mode_t old = umask(umasks[i]);
		int64_t id = 0;
		cc_store *store = store_match(db_path, true, &id);
		umask(old);
		static const char *const suffixes[] = {"", "-wal", "-shm"};
		for (size_t k = 0; k < 3; k++) {
			char path[sizeof db_path + 8];
			struct stat st;
			snprintf(path, sizeof path, "%s%s", db_path, suffixes[k]);
			ck_assert_int_eq(stat(path, &st), 0);
			ck_assert_msg((st.st_mode & 0777) == 0600, "umask %03o: %s is %03o", (unsigned)umasks[i], path,
			              (unsigned)(st.st_mode & 0777));
		}
		/* Closed first: the forked copy of the test then exits holding no
		 * record (valgrind counts what it held as lost). */
		cc_store_close(store);
		if (geteuid() == 0 && umasks[i] == 022) {
			/* another user (nobody) cannot read it, though the folder lets him in */
			ck_assert_int_eq(chmod(dir, 0755), 0);
			pid_t pid = fork();
			ck_assert_int_ge(pid, 0);
			if (pid == 0) {
				if (setgroups(0, NULL) != 0 || setresgid(65534, 65534, 65534) != 0 ||
				    setresuid(65534, 65534, 65534) != 0)
					_exit(2);
				int fd = open(db_path, O_RDONLY);
				_exit(fd < 0 && errno == EACCES ? 0 : 1);
			}
			int status = 0;
			ck_assert_int_eq(waitpid(pid, &status, 0), pid);
			ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "another user read the record");
		}
		remove_dir();
	}
}
END_TEST

/* What another process gets through alias while a console holds match id
 * through the real path: 0 when it is refused as it should be. */
static int child_through(const char *alias, int64_t id, bool hard_link)
{
	char number[24];
	snprintf(number, sizeof number, "%lld", (long long)id);
	const char *args[] = {"through", alias, number, hard_link ? "hard" : "soft", NULL};
	return run_child(false, args);
}

static int through_main(const char *alias, int64_t id, bool hard_link)
{
	cc_store *viewer = NULL, *writer = NULL;
	bool in_use = false;
	int code;
	if (hard_link)
		code = cc_store_open(&viewer, alias, CC_STORE_READ, NULL) != CC_ERR_STORE    ? 1
		       : cc_store_open(&writer, alias, CC_STORE_WRITE, NULL) != CC_ERR_STORE ? 2
		                                                                             : 0;
	else
		code = cc_store_open(&viewer, alias, CC_STORE_READ, NULL) != CC_OK              ? 3
		       : cc_store_match_in_use(viewer, id, &in_use, NULL) != CC_OK || !in_use ? 4
		       : cc_store_open(&writer, alias, CC_STORE_WRITE, NULL) != CC_OK          ? 5
		       : cc_store_lock_match(writer, id, NULL) != CC_ERR_LOCKED                ? 6
		                                                                               : 0;
	cc_store_close(writer);
	cc_store_close(viewer);
	return code;
}

/* RE-1.4, RE-1.6: a symlink to the database reaches the same match lock (D2) */
START_TEST(test_store_lock__symlink_same_file)
{
	CLAUSES("RE-1.4 RE-1.6");
	make_dir();
	char alias[160];
	int64_t id = 0;
	snprintf(alias, sizeof alias, "%s/alias.db", dir);
	ck_assert_int_eq(symlink(db_path, alias), 0);
	cc_store *console = store_match(db_path, true, &id);
	cc_store *second = open_store(alias, CC_STORE_WRITE);
	cc_error err = {0};
	ck_assert_int_eq(cc_store_lock_match(second, id, &err), CC_ERR_LOCKED);
	ck_assert_int_eq(err.msg, CC_MSG_MATCH_LOCKED);
	ck_assert_int_eq(child_through(alias, id, false), 0); /* and from another process */
	cc_store_close(console);
	/* Released with the console: the match is free through the alias. */
	ck_assert_int_eq(cc_store_lock_match(second, id, NULL), CC_OK);
	cc_store_close(second);
	/* A reader through the alias cleans up beside the real file (RE-1.9). */
	cc_store_close(open_store(alias, CC_STORE_READ));
	ck_assert(!side_file_exists(db_path, "-wal") && !side_file_exists(db_path, "-shm"));
	ck_assert(!side_file_exists(alias, "-wal") && !side_file_exists(alias, "-shm"));
	remove_dir();
}
END_TEST

/* RE-1.4, RE-1.6: a hard link to the database cannot reach the match a
 * console holds through the real path: a file with two names is refused,
 * since SQLite would keep one journal per name (D2) */
START_TEST(test_store_lock__hard_link_same_file)
{
	CLAUSES("RE-1.4 RE-1.6");
	make_dir();
	char alias[160];
	int64_t id = 0;
	snprintf(alias, sizeof alias, "%s/other-name.db", dir);
	cc_store *console = store_match(db_path, true, &id);
	ck_assert_int_eq(link(db_path, alias), 0);
	cc_store *second = NULL;
	cc_error err = {0};
	ck_assert_int_eq(cc_store_open(&second, alias, CC_STORE_WRITE, &err), CC_ERR_STORE);
	ck_assert(second == NULL);
	ck_assert_int_eq(err.msg, CC_MSG_STORE_HARD_LINKS);
	ck_assert_int_eq(err.args[1].n, 2);
	ck_assert_int_eq(child_through(alias, id, true), 0);
	/* The console goes on through its own name. */
	cc_match *m;
	ck_assert_int_eq(load_match(console, id, &m, NULL), CC_OK);
	cc_event move = cc_event_move(2000, CC_SIDE_BLACK, false);
	append(console, id, m, &move, WALL0 + 2000);
	cc_match_destroy(m);
	cc_store_close(console);
	/* With one name again, the file opens. */
	ck_assert_int_eq(unlink(alias), 0);
	cc_store *reader = open_store(db_path, CC_STORE_READ);
	cc_store_close(reader);
	remove_dir();
}
END_TEST

static int probe_fds[8];
static size_t probe_count;

/* Is some SQLite connection holding its SHARED lock on path (asked through
 * an OFD query, which conflicts with POSIX locks of this process too)? */
static bool sqlite_lock_held(const char *path)
{
	int fd = open(path, O_RDONLY);
	ck_assert(fd >= 0);
	struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0x40000002, .l_len = 510};
	ck_assert_int_eq(fcntl(fd, F_OFD_GETLK, &lock), 0);
	/* Closing fd would drop this process's POSIX locks on the file: it is
	 * kept open until the test's stores are closed, as the store does. */
	ck_assert_uint_lt(probe_count, 8);
	probe_fds[probe_count++] = fd;
	return lock.l_type != F_UNLCK;
}

static void close_probes(void)
{
	while (probe_count > 0)
		close(probe_fds[--probe_count]);
}

/* RE-1.6: match locks (OFD, far range) and SQLite's own locks (POSIX, at
 * 1 GiB) never interfere, and closing one store keeps the others' locks */
START_TEST(test_store_lock__ofd_and_sqlite_locks_apart)
{
	CLAUSES("RE-1.6");
	make_dir();
	int64_t id1 = 0, id2 = 0;
	cc_store *a = store_match(db_path, true, &id1);
	cc_store *b = store_match(db_path, true, &id2);
	cc_store *reader = open_store(db_path, CC_STORE_READ);
	ck_assert(sqlite_lock_held(db_path));
	/* Both write while both hold their match. */
	cc_match *m1, *m2;
	ck_assert_int_eq(load_match(a, id1, &m1, NULL), CC_OK);
	ck_assert_int_eq(load_match(b, id2, &m2, NULL), CC_OK);
	cc_event move1 = cc_event_move(2000, CC_SIDE_BLACK, false), move2 = cc_event_move(2500, CC_SIDE_BLACK, true);
	append(a, id1, m1, &move1, WALL0 + 2000);
	append(b, id2, m2, &move2, WALL0 + 2500);
	bool in_use = false;
	ck_assert_int_eq(cc_store_match_in_use(reader, id1, &in_use, NULL), CC_OK);
	ck_assert(in_use);
	/* Closing b and the reader (their descriptors of the file) must not
	 * drop a's match lock nor a's SQLite lock. */
	cc_store_close(b);
	cc_store_close(reader);
	cc_store *c = open_store(db_path, CC_STORE_WRITE);
	ck_assert_int_eq(cc_store_lock_match(c, id1, NULL), CC_ERR_LOCKED);
	ck_assert_int_eq(cc_store_lock_match(c, id2, NULL), CC_OK);
	cc_store_close(c);
	ck_assert(sqlite_lock_held(db_path));
	cc_event move3 = cc_event_move(3000, CC_SIDE_WHITE, false);
	append(a, id1, m1, &move3, WALL0 + 3000);
	cc_store_close(a);
	close_probes();
	cc_match_destroy(m1);
	cc_match_destroy(m2);
	reader = open_store(db_path, CC_STORE_READ);
	ck_assert_int_eq(load_match(reader, id1, &m1, NULL), CC_OK);
	ck_assert_uint_eq(cc_match_event_count(m1), 4);
	cc_match_destroy(m1);
	cc_store_close(reader);
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

/* The reader's work in another process: every read of the record; 0 or an
 * exit code. */
static int read_main(void)
{
	cc_store *store = NULL;
	cc_store_match_info *items = NULL;
	cc_match *m = NULL;
	size_t count = 0;
	int64_t version = 0, id = 0, wall = 0;
	bool in_use = true;
	cc_error err = {0};
	if (cc_store_open(&store, db_path, CC_STORE_READ, &err) != CC_OK) {
		fprintf(stderr, "reader: %s\n", err.message);
		return 10;
	}
	int code = cc_store_list(store, &items, &count, &err) != CC_OK || count != 1 ? 11
	           : cc_store_latest(store, &id, &err) != CC_OK                       ? 12
	           : load_match(store, id, &m, &err) != CC_OK                 ? 13
	           : cc_store_data_version(store, &version, &err) != CC_OK             ? 14
	           : cc_store_match_in_use(store, id, &in_use, &err) != CC_OK || in_use ? 15
	           : cc_store_last_event_wall(store, id, &wall, &err) != CC_OK || wall != WALL0 + 1010 ? 16
	                                                                                               : 0;
	if (code)
		fprintf(stderr, "reader: %d %s\n", code, err.message);
	free(items);
	cc_match_destroy(m);
	cc_store_close(store);
	return code;
}

static int read_everything(bool unprivileged)
{
	const char *args[] = {"read", db_path, NULL};
	return run_child(unprivileged, args);
}

/* RE-1.9: a reader works on a database in a folder it cannot write, and
 * leaves nothing there (D6) */
START_TEST(test_store_read__read_only_folder)
{
	CLAUSES("RE-1.9");
	make_dir();
	int64_t id = 0;
	store_match(db_path, false, &id);
	ck_assert(!side_file_exists(db_path, "-wal") && !side_file_exists(db_path, "-shm"));
	ck_assert_int_eq(chmod(db_path, 0644), 0);
	ck_assert_int_eq(chmod(dir, 0555), 0);
	ck_assert_int_eq(read_everything(true), 0);
	ck_assert(!side_file_exists(db_path, "-wal") && !side_file_exists(db_path, "-shm"));
	ck_assert_int_eq(chmod(dir, 0755), 0);
	remove_dir();
}
END_TEST

/* RE-1.9: a reader in a folder it may write leaves no -wal/-shm it did not
 * find, and keeps those a console is using (D6) */
START_TEST(test_store_read__leaves_no_wal_behind)
{
	CLAUSES("RE-1.9");
	make_dir();
	int64_t id = 0;
	store_match(db_path, false, &id);
	ck_assert(!side_file_exists(db_path, "-wal") && !side_file_exists(db_path, "-shm"));
	ck_assert_int_eq(read_everything(false), 0); /* with our own rights: it could create them */
	ck_assert(!side_file_exists(db_path, "-wal") && !side_file_exists(db_path, "-shm"));
	/* While a console has the file open, its files stay. */
	cc_store *console = open_store(db_path, CC_STORE_WRITE);
	ck_assert(side_file_exists(db_path, "-wal") && side_file_exists(db_path, "-shm"));
	cc_store *reader = open_store(db_path, CC_STORE_READ);
	cc_store_close(reader);
	ck_assert(side_file_exists(db_path, "-wal") && side_file_exists(db_path, "-shm"));
	cc_store_close(console);
	remove_dir();
}
END_TEST

/* The viewer's side of the test below: follows db_path from a child. */
static int follow_pipe[2], go_pipe[2];

/* Waits for the parent's go, then checks the newest match is want with
 * two events and the data version moved; 0 or an exit code. */
static int follow_step(cc_store *store, int64_t *version, int64_t want, int code)
{
	int64_t now = 0, id = 0;
	cc_match *m = NULL;
	char go;
	if (read(go_pipe[0], &go, 1) != 1)
		return code;
	int rc = cc_store_data_version(store, &now, NULL) != CC_OK || now == *version ? code + 1
	         : cc_store_latest(store, &id, NULL) != CC_OK || id != want         ? code + 2
	         : load_match(store, id, &m, NULL) != CC_OK                 ? code + 3
	         : cc_match_event_count(m) != 2                                      ? code + 4
	                                                                             : 0;
	*version = now;
	cc_match_destroy(m);
	if (rc == 0 && write(follow_pipe[1], "k", 1) != 1)
		rc = code + 5;
	return rc;
}

static int follow_main(void)
{
	cc_store *store = NULL;
	int64_t version = 0;
	if (cc_store_open(&store, db_path, CC_STORE_READ, NULL) != CC_OK ||
	    cc_store_data_version(store, &version, NULL) != CC_OK || write(follow_pipe[1], "o", 1) != 1)
		return 20;
	int code = follow_step(store, &version, 2, 30);
	if (code == 0)
		code = follow_step(store, &version, 3, 40);
	cc_store_close(store);
	return code;
}

/* RE-1.4, RE-1.9: a viewer that opened the file while nobody wrote it (as
 * root: an unprivileged viewer of a folder it cannot write, the immutable
 * reader) still sees what a console commits later: a console that came and
 * went, then one that stays */
START_TEST(test_store_read__follows_console_started_later)
{
	CLAUSES("RE-1.4 RE-1.9");
	make_dir();
	int64_t id = 0;
	char ack;
	store_match(db_path, false, &id);
	ck_assert_int_eq(chmod(dir, 0755), 0);
	ck_assert_int_eq(chmod(db_path, 0644), 0); /* shared with the viewer, as the guide says (RE-3.3) */
	ck_assert_int_eq(pipe(follow_pipe), 0);
	ck_assert_int_eq(pipe(go_pipe), 0);
	char out_fd[16], in_fd[16];
	snprintf(out_fd, sizeof out_fd, "%d", follow_pipe[1]);
	snprintf(in_fd, sizeof in_fd, "%d", go_pipe[0]);
	const char *args[] = {"follow", db_path, out_fd, in_fd, NULL};
	pid_t child = spawn_child(true, args);
	close(follow_pipe[1]); /* so a viewer that failed gives an end of file */
	close(go_pipe[0]);
	ck_assert_msg(read(follow_pipe[0], &ack, 1) == 1, "the viewer could not open the file");
	store_match(db_path, false, &id); /* opens, commits, closes */
	ck_assert_int_eq(write(go_pipe[1], "g", 1), 1);
	ck_assert_msg(read(follow_pipe[0], &ack, 1) == 1, "the viewer missed a console that came and went");
	cc_store *console = store_match(db_path, true, &id); /* opens, commits, stays */
	ck_assert_int_eq(write(go_pipe[1], "g", 1), 1);
	int code = wait_child(child);
	ck_assert_msg(code == 0, "viewer exit %d", code);
	cc_store_close(console);
	close(follow_pipe[0]);
	close(go_pipe[1]);
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

/* "--child MODE ARGS...": another process's part of a test (run_child). */
static int child_main(int argc, char **argv)
{
	char path[sizeof db_path];
	snprintf(path, sizeof path, "%s", argc > 3 ? argv[3] : ""); /* argv[3] may be db_path itself */
	if (argc == 6 && strcmp(argv[2], "through") == 0)
		return through_main(argv[3], strtoll(argv[4], NULL, 10), strcmp(argv[5], "hard") == 0);
	if (argc == 4 && strcmp(argv[2], "read") == 0) {
		memcpy(db_path, path, sizeof path);
		return read_main();
	}
	if (argc == 6 && strcmp(argv[2], "follow") == 0) {
		memcpy(db_path, path, sizeof path);
		follow_pipe[1] = atoi(argv[4]);
		go_pipe[0] = atoi(argv[5]);
		return follow_main();
	}
	return 125;
}

int main(int argc, char **argv)
{
	if (argc > 2 && strcmp(argv[1], "--child") == 0)
		return child_main(argc, argv);
	self_path = argv[0];
	Suite *s = suite_create("store");
	TCase *record = tcase_create("record");
	TCase *open_ = tcase_create("open");
	TCase *lock = tcase_create("lock");
	TCase *read = tcase_create("read");
	tcase_set_timeout(record, 60);
	tcase_add_test(record, test_store_record__times_are_the_callers);
	tcase_add_test(record, test_store_lock__released_while_open);
	tcase_add_test(record, test_store_schema__new_file_is_marked_ours);
	tcase_add_test(record, test_store_schema__migrates_version_one);
	tcase_add_test(record, test_store_schema__migrates_version_six);
	tcase_add_test(record, test_store_schema__resumes_on_a_new_file);
	tcase_add_test(record, test_store_schema__migrates_version_fifteen);
	tcase_add_test(open_, test_store_open__refuses_file_not_ours);
	tcase_add_test(open_, test_store_open__refuses_other_sqlite_database);
	tcase_add_test(open_, test_store_open__refuses_newer_schema);
	tcase_add_test(open_, test_store_open__refuses_read_only);
	tcase_add_test(open_, test_store_open__refuses_damaged_file);
	tcase_add_test(open_, test_store_failure__a_held_record_is_busy);
	tcase_add_test(open_, test_store_open__reader_does_not_create);
	tcase_add_test(lock, test_store_create__records_sheet_and_locks);
	tcase_add_test(lock, test_store_create__lock_refused_leaves_no_match);
	tcase_add_test(lock, test_store_create__new_record_is_the_owners_alone);
	tcase_add_test(lock, test_store_lock__symlink_same_file);
	tcase_add_test(lock, test_store_lock__hard_link_same_file);
	tcase_add_test(lock, test_store_lock__ofd_and_sqlite_locks_apart);
	tcase_add_test(open_, test_store_open__finishes_empty_file);
	tcase_add_test(open_, test_store_open__finishes_half_created_file);
	tcase_add_test(open_, test_store_open__refuses_foreign_application_id);
	tcase_add_test(read, test_store_read__read_only_folder);
	tcase_add_test(read, test_store_read__leaves_no_wal_behind);
	tcase_add_test(read, test_store_read__follows_console_started_later);
	tcase_add_test(record, test_store_cache__nested_read_of_the_same_rows);
	tcase_add_test(read, test_store_cache__kept_statements_hold_no_snapshot);
	tcase_add_test(record, test_store_cache__failed_event_leaves_no_transaction);
	suite_add_tcase(s, record);
	suite_add_tcase(s, open_);
	suite_add_tcase(s, lock);
	suite_add_tcase(s, read);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
