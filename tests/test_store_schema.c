/*
 * test_store_schema.c: the match record's schema (rules/record.md, RE-1.1):
 * a new file marked ours, older files migrated with their matches kept, the
 * resumes recorded (RU-18).
 */
#define _GNU_SOURCE /* F_OFD_GETLK, setresuid */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "store_fixture.h"

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

int main(void)
{
	Suite *s = suite_create("store_schema");
	TCase *tc = tcase_create("record");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_store_schema__new_file_is_marked_ours);
	tcase_add_test(tc, test_store_schema__migrates_version_one);
	tcase_add_test(tc, test_store_schema__migrates_version_six);
	tcase_add_test(tc, test_store_schema__resumes_on_a_new_file);
	tcase_add_test(tc, test_store_schema__migrates_version_fifteen);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
