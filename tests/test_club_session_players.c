/*
 * test_club_session_players.c: keeping the club's players' list through
 * the session and the record (session_club.h, rules/club.md CL-7): a name
 * found by its folded key, a second spelling refused, the migration of the
 * keys, merging two players, deleting and editing one. Split from
 * test_club_session.c; the fixture is club_session_fixture.h.
 */
#include "club_session_fixture.h"

/* ---- keeping the players' list (CL-7) ---------------------------------------------- */

/* One rated match that White won. */
static void one_game(cc_session_db *db, const char *white, const char *black)
{
	cc_session *m = new_match(db, white, black, false, NULL);
	finish(m, CC_WINNER_WHITE, WALL_MS + 1000);
	cc_session_destroy(m);
}

START_TEST(test_club_session_players__elo_finds_elodie_and_a_second_spelling_is_refused)
{
	CLAUSES("CL-7.1");
	make_dir();
	cc_session_db *db = open_db();
	cc_error err = {0};
	ck_assert_int_eq(cc_session_club_player_add(db, "Élodie Roy", NULL, NULL, &err), CC_OK);
	ck_assert_int_eq(cc_session_club_player_add(db, "Bruno Elomari", NULL, NULL, &err), CC_OK);
	ck_assert_int_eq(cc_session_club_player_add(db, "Anne", NULL, NULL, &err), CC_OK);
	cc_session_player *items = NULL;
	size_t count = 0;
	ck_assert_int_eq(cc_session_club_player_search(db, "elo", &items, &count, &err), CC_OK);
	ck_assert_uint_eq(count, 2);
	ck_assert_str_eq(items[0].who.name, "Bruno Elomari"); /* by key: "bruno elomari" < "elodie roy" */
	ck_assert_str_eq(items[1].who.name, "Élodie Roy");    /* the name as typed */
	free(items);
	ck_assert_int_eq(cc_session_club_player_add(db, "Elodie  ROY", NULL, NULL, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PLAYER_REGISTERED_AS);
	ck_assert_str_eq(err.args[1].text, "Élodie Roy");
	ck_assert_int_eq(cc_session_club_player_add(db, "Élodie Roy", NULL, NULL, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PLAYER_ALREADY_REGISTERED);
	ck_assert_str_eq(player(db, "ELODIE roy").who.name, "Élodie Roy");
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_players__migration_folds_keys_and_renames_the_later_of_two)
{
	CLAUSES("CL-7.2");
	make_dir();
	cc_session_db *db = open_db();
	cc_error err = {0};
	ck_assert_int_eq(cc_session_club_player_add(db, "Élodie Roy", NULL, NULL, &err), CC_OK);
	one_game(db, "Élodie Roy", "Bob");
	cc_session_db_close(db);
	/* The record as the previous schema left it: keys folded by case only,
	 * and a second player whose key differed by an accent, with a game. */
	sql("UPDATE players SET name_key = 'élodie roy' WHERE name = 'Élodie Roy';"
	    "INSERT INTO players (name, name_key) VALUES ('Elodie Roy', 'elodie roy');"
	    "UPDATE matches SET black_id = (SELECT id FROM players WHERE name_key = 'elodie roy'), black = 'Elodie Roy';"
	    "UPDATE rating_cache SET valid = 0; DROP TABLE player_log;");
	/* Back to schema 14, explicitly: what v15 (the players), v16 (the
	 * resumes, RU-18), v17 (the index of the matches in play) and v18
	 * (the cube times' timer mark) and v19 (the Swiss events) added goes,
	 * so that the migrations run again. */
	_Static_assert(CC_STORE_SCHEMA_VERSION == 19, "a new migration: take out what it adds here too");
	sql("DROP TABLE resumes; DROP INDEX matches_in_play; ALTER TABLE events DROP COLUMN timer;"
	    "ALTER TABLE club_events DROP COLUMN system; ALTER TABLE club_events DROP COLUMN rounds;"
	    "ALTER TABLE club_events DROP COLUMN tiebreaks; ALTER TABLE club_events DROP COLUMN published;"
	    "ALTER TABLE club_events DROP COLUMN half_bye_limit; DROP TABLE event_absences; ALTER TABLE pairings DROP COLUMN result; ALTER TABLE event_players DROP COLUMN rating;"
	    "PRAGMA user_version = 14;");
	/* A reader, who never migrates, finds her by the folded key all the same. */
	ck_assert_int_eq(cc_session_db_open(&db, db_path, CC_SESSION_DB_READ, &test_clock, &err), CC_OK);
	ck_assert_str_eq(player(db, "ELODIE ROY").who.name, "Élodie Roy");
	cc_session_player_change *log = NULL;
	size_t logged = 1;
	ck_assert_int_eq(cc_session_club_player_log(db, &log, &logged, &err), CC_OK);
	ck_assert_uint_eq(logged, 0);
	cc_session_db_close(db);
	db = open_db();
	cc_session_player *items = NULL;
	size_t count = 0;
	ck_assert_int_eq(cc_session_club_players(db, false, &items, &count, &err), CC_OK);
	ck_assert_uint_eq(count, 3);
	ck_assert_str_eq(items[0].who.name, "Élodie Roy");
	ck_assert_str_eq(items[1].who.name, "Bob");
	char renamed[CC_NAME_MAX];
	snprintf(renamed, sizeof renamed, "Elodie Roy (%lld)", (long long)items[2].who.id);
	ck_assert_str_eq(items[2].who.name, renamed);
	/* Both keep their game: Élodie beat "Elodie Roy" (not against himself). */
	ck_assert_uint_eq(items[0].rating.games, 1);
	ck_assert_double_eq_tol(items[0].rating.rating, 1020.0, EPS);
	ck_assert_uint_eq(items[2].rating.games, 1);
	free(items);
	ck_assert_int_eq(player(db, "elodie ROY").who.id, 1);
	ck_assert_str_eq(player(db, renamed).who.name, renamed);
	/* The arbiter then merges them: refused, they played each other (CL-7.4). */
	ck_assert_int_eq(cc_session_club_player_merge(db, "Élodie Roy", renamed, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_MERGE_PLAYED_EACH_OTHER);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* The games of the merge test: white, black, winner; "Anne D." is Anne. */
static const struct {
	const char *white, *black;
	cc_winner winner;
} merge_games[] = {
	{"Anne", "Bob", CC_WINNER_WHITE},     {"Cleo", "Anne D.", CC_WINNER_WHITE}, {"Anne D.", "Dan", CC_WINNER_NONE},
	{"Bob", "Cleo", CC_WINNER_BLACK},     {"Dan", "Anne", CC_WINNER_BLACK},     {"Anne D.", "Bob", CC_WINNER_WHITE},
	{"Cleo", "Dan", CC_WINNER_WHITE},     {"Bob", "Anne", CC_WINNER_NONE},
};

static void play_merge_games(cc_session_db *db, bool one_name)
{
	for (size_t i = 0; i < sizeof merge_games / sizeof merge_games[0]; i++) {
		const char *w = merge_games[i].white, *b = merge_games[i].black;
		if (one_name && strcmp(w, "Anne D.") == 0)
			w = "Anne";
		if (one_name && strcmp(b, "Anne D.") == 0)
			b = "Anne";
		cc_session *m = new_match(db, w, b, false, NULL);
		finish(m, merge_games[i].winner, WALL_MS + 1000 * (int64_t)(i + 1));
		cc_session_destroy(m);
	}
}

START_TEST(test_club_session_players__merge_rates_as_if_always_one)
{
	CLAUSES("CL-7.3 CL-7.6");
	make_dir();
	char one_path[160];
	snprintf(one_path, sizeof one_path, "%s/one.db", dir);
	cc_session_db *one = NULL, *db = open_db();
	cc_error err = {0};
	ck_assert_int_eq(cc_session_db_open(&one, one_path, CC_SESSION_DB_WRITE, &test_clock, &err), CC_OK);
	play_merge_games(one, true);
	play_merge_games(db, false);
	ck_assert_int_eq(cc_session_club_player_edit(db, "Anne D.", "Le Fou", "FR-9", &err), CC_OK);
	ck_assert_int_eq(cc_session_club_player_merge(db, "anne", "ANNE d.", &err), CC_OK);
	ck_assert_int_eq(cc_session_club_player(db, "Anne D.", &(cc_session_player){0}, &err), CC_ERR_NOT_FOUND);
	cc_session_player anne = player(db, "Anne");
	ck_assert_str_eq(anne.who.club, "Le Fou"); /* her empty club filled by the duplicate's */
	ck_assert_str_eq(anne.who.federation_id, "FR-9");
	for (size_t l = 0; l < 2; l++) {
		cc_club_list list = l ? CC_CLUB_LIST_CHESS : CC_CLUB_LIST_CHESSCUBING;
		cc_session_player *a = NULL, *b = NULL;
		size_t na = 0, nb = 0;
		ck_assert_int_eq(cc_session_club_players_of(db, list, true, &a, &na, &err), CC_OK);
		ck_assert_int_eq(cc_session_club_players_of(one, list, true, &b, &nb, &err), CC_OK);
		ck_assert_uint_eq(na, 4);
		ck_assert_uint_eq(na, nb);
		for (size_t i = 0; i < na; i++) {
			ck_assert_str_eq(a[i].who.name, b[i].who.name);
			ck_assert_double_eq(a[i].rating.rating, b[i].rating.rating); /* exactly: the same replay */
			ck_assert_uint_eq(a[i].rating.games, b[i].rating.games);
			ck_assert_uint_eq(a[i].rating.wins, b[i].rating.wins);
			ck_assert_double_eq(a[i].rating.last_change, b[i].rating.last_change);
		}
		free(a);
		free(b);
	}
	ck_assert_uint_eq(player(db, "Anne").rating.games, 6);
	cc_session_db_close(one);
	cc_session_db_close(db);
	/* Logged: the edit, then the merge, at the clock's time. */
	sqlite3 *raw = NULL;
	sqlite3_stmt *st = NULL;
	ck_assert_int_eq(sqlite3_open(db_path, &raw), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(raw, "SELECT action, name, coalesce(other_name, ''), utc FROM player_log ORDER BY id",
	                                    -1, &st, NULL),
	                 SQLITE_OK);
	ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
	ck_assert_str_eq((const char *)sqlite3_column_text(st, 0), "edit");
	ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
	ck_assert_str_eq((const char *)sqlite3_column_text(st, 0), "merge");
	ck_assert_str_eq((const char *)sqlite3_column_text(st, 1), "Anne");
	ck_assert_str_eq((const char *)sqlite3_column_text(st, 2), "Anne D.");
	ck_assert_int_eq(sqlite3_step(st), SQLITE_DONE);
	sqlite3_finalize(st);
	sqlite3_close(raw);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_players__merge_refused_for_opponents_and_one_event)
{
	CLAUSES("CL-7.4");
	make_dir();
	cc_session_db *db = open_db();
	cc_error err = {0};
	one_game(db, "Anne", "Bob");
	ck_assert_int_eq(cc_session_club_player_merge(db, "Anne", "Bob", &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_MERGE_PLAYED_EACH_OTHER);
	ck_assert_int_eq(err.args[2].n, 1);
	ck_assert_int_eq(cc_session_club_player_merge(db, "Anne", "anne", &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_SAME_PLAYER_TWICE);
	ck_assert_int_eq(cc_session_club_player_add(db, "Cleo", NULL, NULL, &err), CC_OK);
	ck_assert_int_eq(cc_session_club_player_add(db, "Dan", NULL, NULL, &err), CC_OK);
	const char *players[] = {"Anne", "Cleo", "Dan"};
	ck_assert_int_eq(cc_session_club_event_create(db, "Soir", players, 3, false, CC_FORMAT_TWICE, CC_CATEGORY_FAST,
	                                              &err),
	                 CC_OK);
	ck_assert_int_eq(cc_session_club_player_merge(db, "Cleo", "Dan", &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_MERGE_IN_ONE_EVENT);
	ck_assert_str_eq(err.args[2].text, "Soir");
	ck_assert_int_eq(cc_session_club_player_merge(db, "Cleo", "Nobody", &err), CC_ERR_NOT_FOUND);
	/* Nothing moved. */
	ck_assert_uint_eq(player(db, "Bob").rating.games, 1);
	ck_assert_str_eq(player(db, "Dan").who.name, "Dan");
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_players__delete_only_without_games_and_edit)
{
	CLAUSES("CL-7.5 CL-7.6");
	make_dir();
	cc_session_db *db = open_db();
	cc_error err = {0};
	one_game(db, "Anne", "Bob");
	ck_assert_int_eq(cc_session_club_player_delete(db, "Bob", &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PLAYER_HAS_MATCHES);
	ck_assert_int_eq(err.args[1].n, 1);
	ck_assert_int_eq(cc_session_club_player_add(db, "Cleo", NULL, NULL, &err), CC_OK);
	ck_assert_int_eq(cc_session_club_player_add(db, "Dan", NULL, NULL, &err), CC_OK);
	ck_assert_int_eq(cc_session_club_player_add(db, "Eve", "Le Fou", "FR-1", &err), CC_OK);
	const char *players[] = {"Cleo", "Dan"};
	ck_assert_int_eq(cc_session_club_event_create(db, "Soir", players, 2, false, CC_FORMAT_TWICE, CC_CATEGORY_FAST,
	                                              &err),
	                 CC_OK);
	ck_assert_int_eq(cc_session_club_player_delete(db, "Dan", &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PLAYER_IN_EVENT);
	ck_assert_int_eq(cc_session_club_player_delete(db, "eve", &err), CC_OK);
	ck_assert_int_eq(cc_session_club_player(db, "Eve", &(cc_session_player){0}, &err), CC_ERR_NOT_FOUND);
	ck_assert_int_eq(cc_session_club_player_add(db, "Eve", NULL, NULL, &err), CC_OK); /* the name is free */
	/* edit: a value not given stays, an empty one clears. */
	ck_assert_int_eq(cc_session_club_player_edit(db, "Anne", "Le Fou", "FR-2", &err), CC_OK);
	ck_assert_int_eq(cc_session_club_player_edit(db, "Anne", NULL, "", &err), CC_OK);
	cc_session_player anne = player(db, "Anne");
	ck_assert_str_eq(anne.who.club, "Le Fou");
	ck_assert_str_eq(anne.who.federation_id, "");
	ck_assert_int_eq(cc_session_club_player_edit(db, "Anne", "a\nb", NULL, &err), CC_ERR_INVALID);
	ck_assert_int_eq(cc_session_club_player_edit(db, "Nobody", "x", NULL, &err), CC_ERR_NOT_FOUND);
	ck_assert_double_eq_tol(player(db, "Anne").rating.rating, 1020.0, EPS);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

static Suite *club_session_players_suite(void)
{
	Suite *s = suite_create("club_session_players");
	TCase *registry = tcase_create("registry");
	TCase *ratings = tcase_create("ratings");
	tcase_set_timeout(registry, 300);
	tcase_set_timeout(ratings, 300);
	tcase_add_test(registry, test_club_session_players__elo_finds_elodie_and_a_second_spelling_is_refused);
	tcase_add_test(registry, test_club_session_players__migration_folds_keys_and_renames_the_later_of_two);
	tcase_add_test(ratings, test_club_session_players__merge_rates_as_if_always_one);
	tcase_add_test(registry, test_club_session_players__merge_refused_for_opponents_and_one_event);
	tcase_add_test(registry, test_club_session_players__delete_only_without_games_and_edit);
	suite_add_tcase(s, registry);
	suite_add_tcase(s, ratings);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(club_session_players_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
