/*
 * test_club_session.c: the club through the session and the record
 * (session_club.h, rules/club.md): the registry, the migration of older
 * records, what counts for the ratings and in which order, undo after the
 * end, events filled by their matches, and the PGN's club tags. A frozen
 * clock dates every commit, so the order in which matches end is given.
 */
#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session.h"
#include "clauses.h"
#include "chesscubing/session_club.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_export.h"
#include "store.h" /* CC_STORE_SCHEMA_VERSION */

#define EPS 1e-4
#define WALL_MS 1796047500000LL /* 2026-11-30T14:05:00Z */

static char dir[64];
static char db_path[128];
static cc_clock test_clock;

static void make_dir(void)
{
	snprintf(dir, sizeof dir, "/tmp/cc-club-XXXXXX");
	ck_assert(mkdtemp(dir) != NULL);
	snprintf(db_path, sizeof db_path, "%s/matches.db", dir);
	test_clock = cc_clock_frozen(0, WALL_MS);
}

static void remove_dir(void)
{
	char command[160];
	snprintf(command, sizeof command, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(command), 0);
}

static cc_session_db *open_db(void)
{
	cc_session_db *db = NULL;
	cc_error err = {0};
	ck_assert_msg(cc_session_db_open(&db, db_path, CC_SESSION_DB_WRITE, &test_clock, &err) == CC_OK, "%s",
	              err.message);
	return db;
}

static cc_session *new_match(cc_session_db *db, const char *white, const char *black, bool unrated,
                             const char *event)
{
	cc_match_settings s;
	cc_session *session = NULL;
	cc_error err = {0};
	cc_match_settings_default(&s);
	snprintf(s.white, sizeof s.white, "%s", white);
	snprintf(s.black, sizeof s.black, "%s", black);
	cc_session_club_options club = {unrated, event, 0, 0, {false, false}};
	ck_assert_msg(cc_session_create_club(&session, db, &s, false, &club, &err) == CC_OK, "%s", err.message);
	ck_assert_int_eq(cc_session_apply(session, &(cc_event){.kind = CC_EV_START, .t_ms = 0}, &err), CC_OK);
	return session;
}

/* Ends a match at wall time wall: winner, or a draw by decision. */
static void finish(cc_session *s, cc_winner winner, int64_t wall)
{
	cc_error err = {0};
	test_clock.frozen_wall_ms = wall;
	cc_event ev = cc_event_arbiter(1000, winner, "result");
	ck_assert_msg(cc_session_apply(s, &ev, &err) == CC_OK, "%s", err.message);
}

static cc_session_player player(cc_session_db *db, const char *name)
{
	cc_session_player p;
	cc_error err = {0};
	ck_assert_msg(cc_session_club_player(db, name, &p, &err) == CC_OK, "%s", err.message);
	return p;
}

START_TEST(test_club_session_registry__one_player_per_folded_name)
{
	CLAUSES("CL-1.1 CL-1.4");
	make_dir();
	cc_session_db *db = open_db();
	cc_error err;
	ck_assert_int_eq(cc_session_club_player_add(db, "Élodie Roy", "Le Fou", "FR-123", &err), CC_OK);
	ck_assert_int_eq(cc_session_club_player_add(db, "ÉLODIE  ROY", NULL, NULL, &err), CC_ERR_INVALID);
	ck_assert_int_eq(cc_session_club_player_add(db, " ", NULL, NULL, &err), CC_ERR_INVALID);
	ck_assert_int_eq(cc_session_club_player_add(db, "Bob", NULL, NULL, &err), CC_OK);
	cc_session_player p = player(db, "élodie roy");
	ck_assert_str_eq(p.who.name, "Élodie Roy");
	ck_assert_str_eq(p.who.club, "Le Fou");
	ck_assert_str_eq(p.who.federation_id, "FR-123");
	/* Renamed, his matches stay his; another player's name is refused. */
	cc_session *m = new_match(db, "élodie ROY", "Bob", false, NULL);
	finish(m, CC_WINNER_WHITE, WALL_MS + 1000);
	cc_session_destroy(m);
	ck_assert_int_eq(cc_session_club_player_rename(db, "Élodie Roy", "BOB", &err), CC_ERR_INVALID);
	ck_assert_int_eq(cc_session_club_player_rename(db, "Élodie Roy", "Élodie Roy-Martin", &err), CC_OK);
	p = player(db, "élodie roy-martin");
	ck_assert_uint_eq(p.rating.games, 1);
	ck_assert_double_eq_tol(p.rating.rating, 1020.0, EPS);
	ck_assert_int_eq(cc_session_club_player(db, "Élodie Roy", &p, &err), CC_ERR_NOT_FOUND);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_registry__match_players_created_when_absent)
{
	CLAUSES("CL-1.2 CL-2.2");
	make_dir();
	cc_session_db *db = open_db();
	cc_session *m = new_match(db, "Anne", "Brice", false, NULL);
	cc_session_player *items = NULL;
	size_t count = 0;
	ck_assert_int_eq(cc_session_club_players(db, false, &items, &count, NULL), CC_OK);
	ck_assert_uint_eq(count, 2);
	ck_assert_str_eq(items[0].who.name, "Anne");
	ck_assert_str_eq(items[1].who.name, "Brice");
	ck_assert_double_eq(items[0].rating.rating, 1000.0); /* not finished: nothing counted */
	free(items);
	cc_session_destroy(m);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

static void sql(const char *statements)
{
	sqlite3 *db = NULL;
	ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
	ck_assert_msg(sqlite3_exec(db, statements, NULL, NULL, NULL) == SQLITE_OK, "%s", sqlite3_errmsg(db));
	sqlite3_close(db);
}

START_TEST(test_club_session_migration__one_player_per_distinct_name)
{
	CLAUSES("CL-1.3 CL-2.1");
	make_dir();
	/* A schema 4 record: Anne beat Bob, then "ANNE" and "anne " drew
	 * nobody... a match of hers against "bob" is unfinished. */
	sql("CREATE TABLE matches (id INTEGER PRIMARY KEY, created_utc TEXT NOT NULL, format TEXT NOT NULL,"
	    " category TEXT NOT NULL, record TEXT NOT NULL, white TEXT NOT NULL, black TEXT NOT NULL, seed TEXT NOT NULL,"
	    " result_winner TEXT, result_reason TEXT, result_text TEXT, sheet TEXT);"
	    "CREATE TABLE events (match_id INTEGER NOT NULL REFERENCES matches(id), seq INTEGER NOT NULL,"
	    " t_ms INTEGER NOT NULL, kind TEXT NOT NULL, side TEXT, gives_check INTEGER NOT NULL DEFAULT 0,"
	    " cube_cs INTEGER, winner TEXT, text TEXT NOT NULL DEFAULT '', wall_ms INTEGER, target TEXT,"
	    " amount INTEGER, relative INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (match_id, seq)) WITHOUT ROWID;"
	    "INSERT INTO matches VALUES (1, '2026-01-01T00:00:00Z', 'twice', 'fast', 'count', 'Anne', 'Bob', '1',"
	    " 'white', 'arbiter', 'forfeit', NULL);"
	    "INSERT INTO events VALUES (1, 0, 0, 'start', NULL, 0, NULL, NULL, '', 1000, NULL, NULL, 0);"
	    "INSERT INTO events VALUES (1, 1, 10, 'arbiter', NULL, 0, NULL, 'white', 'forfeit', 2000, NULL, NULL, 0);"
	    "INSERT INTO matches VALUES (2, '2026-01-02T00:00:00Z', 'twice', 'fast', 'count', 'ANNE ', 'bob', '1',"
	    " NULL, NULL, NULL, NULL);"
	    "PRAGMA application_id = 1128494434; PRAGMA user_version = 4;");
	cc_session_db *db = open_db();
	cc_session_player *items = NULL;
	size_t count = 0;
	ck_assert_int_eq(cc_session_club_players(db, false, &items, &count, NULL), CC_OK);
	ck_assert_uint_eq(count, 2);
	ck_assert_str_eq(items[0].who.name, "Anne"); /* the first spelling met */
	ck_assert_str_eq(items[1].who.name, "Bob");
	/* The forfeit counts as Anne's win: 1020 and 980 (CL-2.5). */
	ck_assert_double_eq_tol(items[0].rating.rating, 1020.0, EPS);
	ck_assert_uint_eq(items[0].rating.games, 1);
	ck_assert_double_eq_tol(items[1].rating.rating, 980.0, EPS);
	free(items);
	cc_session_match_club club;
	ck_assert_int_eq(cc_session_club_match(db, 2, &club, NULL), CC_OK);
	ck_assert(!club.counted);
	ck_assert_int_eq(club.why_not, CC_MSG_CLUB_NOT_FINISHED);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_ratings__unrated_and_self_never_count)
{
	CLAUSES("CL-2.1 CL-4.2");
	make_dir();
	cc_session_db *db = open_db();
	cc_session *m = new_match(db, "Anne", "Bob", true, NULL);
	finish(m, CC_WINNER_WHITE, WALL_MS + 1000);
	cc_session_destroy(m);
	m = new_match(db, "Anne", "anne", false, NULL);
	finish(m, CC_WINNER_WHITE, WALL_MS + 2000);
	cc_session_destroy(m);
	ck_assert_double_eq(player(db, "Anne").rating.rating, 1000.0);
	ck_assert_uint_eq(player(db, "Bob").rating.games, 0);
	cc_session_match_club club;
	ck_assert_int_eq(cc_session_club_match(db, 1, &club, NULL), CC_OK);
	ck_assert(!club.counted);
	ck_assert_int_eq(club.why_not, CC_MSG_CLUB_UNRATED);
	ck_assert_int_eq(cc_session_club_match(db, 2, &club, NULL), CC_OK);
	ck_assert_int_eq(club.why_not, CC_MSG_CLUB_AGAINST_HIMSELF);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_ratings__replayed_in_the_order_matches_ended)
{
	CLAUSES("CL-2.7 CL-2.4 CL-2.5 CL-4.2");
	make_dir();
	cc_session_db *db = open_db();
	/* Match 1 (Anne-Bob) starts first but ends last. By end: match 2,
	 * Anne beats Cleo: 1020, 980; then Bob beats Anne (1020): E(Anne) =
	 * 0.5287506, Anne 1020 - 40 x 0.5287506 = 998.84998, Bob 1000 + 40 x
	 * 0.5287506 = 1021.15002. (By creation Anne would end at 1001.15.) */
	cc_session *m1 = new_match(db, "Anne", "Bob", false, NULL);
	cc_session *m2 = new_match(db, "Anne", "Cleo", false, NULL);
	finish(m2, CC_WINNER_WHITE, WALL_MS + 1000);
	finish(m1, CC_WINNER_BLACK, WALL_MS + 2000);
	ck_assert_double_eq_tol(player(db, "Anne").rating.rating, 998.84998, EPS);
	ck_assert_double_eq_tol(player(db, "Bob").rating.rating, 1021.15002, EPS);
	ck_assert_double_eq_tol(player(db, "Cleo").rating.rating, 980.0, EPS);
	cc_session_match_club club;
	ck_assert_int_eq(cc_session_club_match(db, 1, &club, NULL), CC_OK);
	ck_assert(club.counted);
	ck_assert_double_eq_tol(club.change.white_before, 1020.0, EPS);
	ck_assert_double_eq_tol(club.change.black_after, 1021.15002, EPS);
	cc_session_destroy(m1);
	cc_session_destroy(m2);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_ratings__undo_after_the_end_changes_them)
{
	CLAUSES("CL-2.7 CL-2.5 CL-2.6");
	make_dir();
	cc_session_db *db = open_db();
	cc_error err = {0};
	cc_session *m = new_match(db, "Anne", "Bob", false, NULL);
	test_clock.frozen_wall_ms = WALL_MS + 1000;
	ck_assert_int_eq(cc_session_apply(m, &(cc_event){.kind = CC_EV_RESIGN, .t_ms = 500, .side = CC_SIDE_BLACK},
	                                  &err), CC_OK);
	ck_assert_double_eq_tol(player(db, "Anne").rating.rating, 1020.0, EPS);
	/* The resignation undone: the match is not over, nothing counts. */
	test_clock.frozen_wall_ms = WALL_MS + 2000;
	cc_event undo = cc_event_undo(600);
	ck_assert_msg(cc_session_apply(m, &undo, &err) == CC_OK, "%s", err.message);
	ck_assert_double_eq(player(db, "Anne").rating.rating, 1000.0);
	ck_assert_uint_eq(player(db, "Bob").rating.games, 0);
	/* Ended again as a draw between equals: no change, one draw each. */
	finish(m, CC_WINNER_NONE, WALL_MS + 3000);
	cc_session_player anne = player(db, "Anne");
	ck_assert_double_eq_tol(anne.rating.rating, 1000.0, EPS);
	ck_assert_uint_eq(anne.rating.draws, 1);
	cc_session_destroy(m);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* The rating of name in list, with the number of games it counts. */
static cc_club_rating rating_in(cc_session_db *db, cc_club_list list, const char *name)
{
	cc_session_player *items = NULL;
	size_t n = 0;
	cc_club_rating found = {0};
	cc_error err = {0};
	ck_assert_msg(cc_session_club_players_of(db, list, false, &items, &n, &err) == CC_OK, "%s", err.message);
	for (size_t i = 0; i < n; i++)
		if (strcmp(items[i].who.name, name) == 0)
			found = items[i].rating;
	free(items);
	return found;
}

START_TEST(test_club_session_ratings__a_chess_game_counts_in_its_own_list)
{
	CLAUSES("CL-2.10");
	make_dir();
	cc_session_db *db = open_db();
	cc_match_settings s;
	cc_session *game = NULL;
	cc_error err = {0};
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_CHESS;
	s.record = CC_RECORD_MOVES;
	s.tc_base_ms = 5 * 60000;
	snprintf(s.white, sizeof s.white, "Anne");
	snprintf(s.black, sizeof s.black, "Bob");
	ck_assert_msg(cc_session_create_club(&game, db, &s, false, NULL, &err) == CC_OK, "%s", err.message);
	ck_assert_int_eq(cc_session_apply(game, &(cc_event){.kind = CC_EV_START, .t_ms = 0}, &err), CC_OK);
	finish(game, CC_WINNER_WHITE, WALL_MS + 1000);
	cc_session_destroy(game);
	cc_club_rating chess = rating_in(db, CC_CLUB_LIST_CHESS, "Anne");
	ck_assert_uint_eq(chess.games, 1);
	ck_assert_double_eq_tol(chess.rating, 1020.0, EPS);
	ck_assert_uint_eq(rating_in(db, CC_CLUB_LIST_CHESSCUBING, "Anne").games, 0);
	ck_assert_uint_eq(rating_in(db, CC_CLUB_LIST_UNO, "Anne").games, 0);
	cc_session_match_club club;
	ck_assert_int_eq(cc_session_club_match(db, 1, &club, NULL), CC_OK);
	ck_assert(club.counted);
	ck_assert_double_eq_tol(club.change.white_after, 1020.0, EPS);
	char text[512];
	cc_session_describe_club(cc_lang_default(), &club, &s, text, sizeof text);
	ck_assert_ptr_nonnull(strstr(text, "Chess game ratings: Anne 1000 -> 1020"));
	cc_club_list list;
	ck_assert_int_eq(cc_club_list_parse("chess", &list), CC_OK);
	ck_assert_int_eq(list, CC_CLUB_LIST_CHESS);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* The console's placeholders are no players: nobody registered, nothing rated. */
START_TEST(test_club_session_registry__unnamed_match_registers_no_one)
{
	CLAUSES("CL-2.11");
	make_dir();
	cc_session_db *db = open_db();
	cc_match_settings s;
	cc_session *m = NULL;
	cc_error err = {0};
	cc_match_settings_default(&s);
	snprintf(s.white, sizeof s.white, "Player 1");
	snprintf(s.black, sizeof s.black, "Player 2");
	cc_session_club_options club = {false, NULL, 0, 0, {true, true}};
	ck_assert_msg(cc_session_create_club(&m, db, &s, false, &club, &err) == CC_OK, "%s", err.message);
	ck_assert_int_eq(cc_session_apply(m, &(cc_event){.kind = CC_EV_START, .t_ms = 0}, &err), CC_OK);
	finish(m, CC_WINNER_WHITE, WALL_MS + 1000);
	cc_session_destroy(m);
	cc_session_player p;
	ck_assert_int_eq(cc_session_club_player(db, "Player 1", &p, &err), CC_ERR_NOT_FOUND);
	ck_assert_int_eq(cc_session_club_player(db, "Player 2", &p, &err), CC_ERR_NOT_FOUND);
	cc_session_match_club facts;
	ck_assert_int_eq(cc_session_club_match(db, 1, &facts, NULL), CC_OK);
	ck_assert(!facts.counted);
	ck_assert_int_eq(facts.why_not, CC_MSG_CLUB_NOT_IN_REGISTRY);
	/* the same names, not unnamed, are players like any (CL-1.2) */
	m = new_match(db, "Player 1", "Player 2", false, NULL);
	cc_session_destroy(m);
	ck_assert_int_eq(cc_session_club_player(db, "Player 1", &p, &err), CC_OK);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_h2h__wins_draws_and_last_five)
{
	CLAUSES("CL-2.9");
	make_dir();
	cc_session_db *db = open_db();
	/* Seven matches between Anne and Bob, Anne's side: 1-0, 0-1, ½, 1-0,
	 * 1-0 (unrated: left out), 0-1, ½. */
	static const struct {
		bool anne_white;
		cc_winner winner;
		bool unrated;
	} games[] = {{true, CC_WINNER_WHITE, false},  {false, CC_WINNER_WHITE, false}, {true, CC_WINNER_NONE, false},
	             {false, CC_WINNER_BLACK, false}, {true, CC_WINNER_WHITE, true},   {true, CC_WINNER_BLACK, false},
	             {false, CC_WINNER_NONE, false}};
	for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
		cc_session *m = new_match(db, games[i].anne_white ? "Anne" : "Bob", games[i].anne_white ? "Bob" : "Anne",
		                          games[i].unrated, NULL);
		finish(m, games[i].winner, WALL_MS + 1000 * (int64_t)(i + 1));
		cc_session_destroy(m);
	}
	cc_session_h2h h;
	ck_assert_int_eq(cc_session_club_h2h(db, "anne", "BOB", &h, NULL), CC_OK);
	ck_assert_str_eq(h.names[0], "Anne");
	ck_assert_uint_eq(h.wins[0], 2);
	ck_assert_uint_eq(h.wins[1], 2);
	ck_assert_uint_eq(h.draws, 2);
	ck_assert_uint_eq(h.recent_count, 5);
	const char *want[5] = {"0-1", "1/2-1/2", "1-0", "0-1", "1/2-1/2"};
	for (size_t i = 0; i < 5; i++)
		ck_assert_str_eq(h.recent[i], want[i]);
	ck_assert_int_eq(cc_session_club_h2h(db, "anne", "ANNE", &h, NULL), CC_ERR_INVALID);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_event__match_fills_its_pairing)
{
	CLAUSES("CL-3.3 CL-3.4 CL-3.2 CL-4.1");
	make_dir();
	cc_session_db *db = open_db();
	cc_error err = {0};
	const char *names[] = {"Anne", "Bob", "Cleo"};
	for (size_t i = 0; i < 3; i++)
		ck_assert_int_eq(cc_session_club_player_add(db, names[i], NULL, NULL, &err), CC_OK);
	ck_assert_int_eq(cc_session_club_event_create(db, "Club night", (const char *const[]){"Anne", "Zed"}, 2, false,
	                                              CC_FORMAT_TWICE, CC_CATEGORY_FAST, &err), CC_ERR_NOT_FOUND);
	ck_assert_int_eq(cc_session_club_event_create(db, "Club night", names, 3, false, CC_FORMAT_TWICE,
	                                              CC_CATEGORY_FAST, &err), CC_OK);
	/* Three players: seats 1-3 and a bye; round 1 is 1 bye, 2-3. */
	cc_match_settings s;
	cc_session *m = NULL;
	cc_match_settings_default(&s);
	snprintf(s.white, sizeof s.white, "Cleo");
	snprintf(s.black, sizeof s.black, "Bob");
	cc_session_club_options club = {false, "club NIGHT", 0, 0, {false, false}};
	ck_assert_int_eq(cc_session_create_club(&m, db, &s, false, &club, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PAIRING_OTHER_COLOURS);
	ck_assert_str_eq(err.args[1].text, "Bob");
	s.format = CC_FORMAT_TIME;
	snprintf(s.white, sizeof s.white, "Bob");
	snprintf(s.black, sizeof s.black, "Cleo");
	ck_assert_int_eq(cc_session_create_club(&m, db, &s, false, &club, &err), CC_ERR_INVALID);
	cc_session_info *list = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_db_list(db, &list, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 0); /* refused: nothing recorded */
	free(list);
	m = new_match(db, "Bob", "Cleo", false, "Club night");
	finish(m, CC_WINNER_BLACK, WALL_MS + 1000);
	cc_session_event ev;
	cc_session_standing st[CC_CLUB_PLAYERS_MAX];
	unsigned count = 0;
	ck_assert_int_eq(cc_session_club_standings(db, "Club night", &ev, st, &count, &err), CC_OK);
	ck_assert_uint_eq(count, 3);
	ck_assert_uint_eq(ev.rounds, 3);
	/* Cleo 1 (a win), Anne 1 (her bye), Bob 0: Cleo first on wins. */
	ck_assert_str_eq(st[0].name, "Cleo");
	ck_assert_double_eq(st[0].st.points, 1.0);
	ck_assert_str_eq(st[1].name, "Anne");
	ck_assert_double_eq(st[1].st.points, 1.0);
	ck_assert_str_eq(st[2].name, "Bob");
	/* The PGN names the event and its round, and the ratings before. */
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	ck_assert_int_eq(cc_session_export(cc_lang_default(), out, m, CC_EXPORT_PGN), 0);
	fclose(out);
	ck_assert_msg(strstr(text, "[Event \"Club night\"]\n") && strstr(text, "[Round \"1\"]\n") &&
	                  strstr(text, "[WhiteElo \"1000\"]\n") && strstr(text, "[BlackElo \"1000\"]\n"),
	              "%s", text);
	free(text);
	/* The pairing is played: the same match cannot fill it again. */
	cc_session *again = NULL;
	s.format = CC_FORMAT_TWICE;
	ck_assert_int_eq(cc_session_create_club(&again, db, &s, false, &club, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_NO_UNPLAYED_PAIRING);
	cc_session_destroy(m);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_registry__search_by_prefix_of_name_or_word)
{
	CLAUSES("CL-1.1 CL-7.1");
	make_dir();
	cc_session_db *db = open_db();
	const char *names[] = {"Élodie Roy", "Elliot", "Bruno", "Rosa"};
	for (size_t i = 0; i < 4; i++)
		ck_assert_int_eq(cc_session_club_player_add(db, names[i], NULL, NULL, NULL), CC_OK);
	cc_session_player *found = NULL;
	size_t n = 0;
	/* Case and accents folded (CL-1.1, CL-7.1): "ÉL" and "EL" are both "el". */
	static const char *const typed[] = {"ÉL", "EL"};
	for (size_t i = 0; i < 2; i++) {
		ck_assert_int_eq(cc_session_club_player_search(db, typed[i], &found, &n, NULL), CC_OK);
		ck_assert_uint_eq(n, 2);
		ck_assert_str_eq(found[0].who.name, "Elliot"); /* "elliot" < "elodie roy" */
		ck_assert_str_eq(found[1].who.name, "Élodie Roy");
		ck_assert_double_eq_tol(found[0].rating.rating, 1000.0, EPS);
		free(found);
	}
	/* A word of the name: Rosa, and Élodie Roy by her second word. */
	ck_assert_int_eq(cc_session_club_player_search(db, "ro", &found, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(found[0].who.name, "Élodie Roy"); /* by key: "elodie roy" < "rosa" */
	ck_assert_str_eq(found[1].who.name, "Rosa");
	free(found);
	ck_assert_int_eq(cc_session_club_player_search(db, "", &found, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 4);
	free(found);
	ck_assert_int_eq(cc_session_club_player_search(db, "zz", &found, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 0);
	free(found);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* Creates a match for the given pairing; returns the code. */
static cc_err create_for(cc_session_db *db, const char *white, const char *black, const char *event,
                         unsigned round, unsigned board, cc_session **out, cc_error *err)
{
	cc_match_settings s;
	cc_match_settings_default(&s);
	snprintf(s.white, sizeof s.white, "%s", white);
	snprintf(s.black, sizeof s.black, "%s", black);
	cc_session_club_options club = {false, event, round, board, {false, false}};
	return cc_session_create_club(out, db, &s, false, &club, err);
}

START_TEST(test_club_session_event__offers_newest_open_event_first)
{
	CLAUSES("CL-3.6 CL-3.1");
	make_dir();
	cc_session_db *db = open_db();
	const char *names[] = {"Anne", "Bob", "Cleo", "Dan"};
	for (size_t i = 0; i < 4; i++)
		ck_assert_int_eq(cc_session_club_player_add(db, names[i], NULL, NULL, NULL), CC_OK);
	ck_assert_int_eq(cc_session_club_event_create(db, "Old", names, 2, false, CC_FORMAT_TWICE, CC_CATEGORY_FAST,
	                                              NULL), CC_OK);
	ck_assert_int_eq(cc_session_club_event_create(db, "Tonight", names, 4, false, CC_FORMAT_TWICE,
	                                              CC_CATEGORY_FAST, NULL), CC_OK);
	cc_session_offer *o = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_club_offers(db, &o, &n, NULL), CC_OK);
	/* Tonight's 6 games (Berger, 4 players: 1-4 2-3 / 4-3 1-2 / 2-4 3-1), then Old's one. */
	ck_assert_uint_eq(n, 7);
	ck_assert_str_eq(o[0].event, "Tonight");
	ck_assert_uint_eq(o[0].pairing.round, 1);
	ck_assert_uint_eq(o[0].pairing.board, 1);
	ck_assert_str_eq(o[0].pairing.white, "Anne");
	ck_assert_str_eq(o[0].pairing.black, "Dan");
	ck_assert_str_eq(o[1].pairing.white, "Bob");
	ck_assert_str_eq(o[1].pairing.black, "Cleo");
	ck_assert_str_eq(o[6].event, "Old");
	free(o);
	/* Board 1 played: board 2 is offered first; Old, all played, is closed. */
	cc_session *m = NULL;
	ck_assert_int_eq(create_for(db, "Anne", "Dan", "Tonight", 1, 1, &m, NULL), CC_OK);
	cc_session_destroy(m);
	ck_assert_int_eq(create_for(db, "Anne", "Bob", "Old", 1, 1, &m, NULL), CC_OK);
	cc_session_destroy(m);
	ck_assert_int_eq(cc_session_club_offers(db, &o, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 5);
	ck_assert_uint_eq(o[0].pairing.board, 2);
	for (size_t i = 0; i < n; i++)
		ck_assert_str_eq(o[i].event, "Tonight");
	free(o);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_event__pairing_taken_first_is_refused)
{
	CLAUSES("CL-3.7");
	make_dir();
	cc_session_db *db = open_db();
	cc_session_db *other = open_db(); /* a second console on the same file */
	const char *names[] = {"Anne", "Bob", "Cleo", "Dan"};
	for (size_t i = 0; i < 4; i++)
		ck_assert_int_eq(cc_session_club_player_add(db, names[i], NULL, NULL, NULL), CC_OK);
	ck_assert_int_eq(cc_session_club_event_create(db, "Tonight", names, 4, false, CC_FORMAT_TWICE,
	                                              CC_CATEGORY_FAST, NULL), CC_OK);
	cc_session *first = NULL, *second = NULL;
	cc_error err = {0};
	ck_assert_int_eq(create_for(db, "Anne", "Dan", "Tonight", 1, 1, &first, &err), CC_OK);
	ck_assert_int_eq(create_for(other, "Anne", "Dan", "Tonight", 1, 1, &second, &err), CC_ERR_LOCKED);
	ck_assert_int_eq(err.msg, CC_MSG_PAIRING_TAKEN);
	ck_assert_int_eq(err.args[0].n, 1);
	ck_assert_int_eq(err.args[1].n, 1);
	ck_assert_str_eq(err.args[2].text, "Tonight");
	ck_assert_int_eq(err.args[3].n, 1);
	ck_assert_ptr_null(second);
	/* Other players or colours for a given pairing are refused too. */
	ck_assert_int_eq(create_for(other, "Cleo", "Bob", "Tonight", 1, 2, &second, &err), CC_ERR_INVALID);
	ck_assert_int_eq(create_for(other, "Bob", "Cleo", "Tonight", 9, 1, &second, &err), CC_ERR_INVALID);
	cc_session_info *list = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_db_list(db, &list, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 1); /* refused: nothing recorded */
	free(list);
	ck_assert_int_eq(create_for(other, "Bob", "Cleo", "Tonight", 1, 2, &second, &err), CC_OK);
	cc_session_pairing *p = NULL;
	cc_session_event ev;
	ck_assert_int_eq(cc_session_club_event(db, "Tonight", &ev, &p, &n, NULL), CC_OK);
	ck_assert_int_eq(p[0].match_id, 1);
	ck_assert_int_eq(p[1].match_id, 2);
	free(p);
	cc_session_destroy(first);
	cc_session_destroy(second);
	cc_session_db_close(other);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_describe__rating_change_and_why_not)
{
	CLAUSES("CL-4.2 CL-2.8");
	make_dir();
	cc_session_db *db = open_db();
	cc_session *m = new_match(db, "Anne", "Bob", false, NULL);
	finish(m, CC_WINNER_WHITE, WALL_MS + 1000);
	cc_session_match_club club;
	char text[512];
	ck_assert_int_eq(cc_session_club_match(db, cc_session_id(m), &club, NULL), CC_OK);
	cc_session_describe_club(cc_lang_default(), &club, &cc_session_info_of(m)->settings, text, sizeof text);
	/* Both at 1000, K 40: +20 and -20; 1020 is silver, 980 silver. */
	ck_assert_str_eq(text, "Ratings: Anne 1000 -> 1020 (+20.0, silver), Bob 1000 -> 980 (-20.0, silver)");
	cc_session_destroy(m);
	m = new_match(db, "Anne", "Bob", true, NULL);
	finish(m, CC_WINNER_WHITE, WALL_MS + 2000);
	ck_assert_int_eq(cc_session_club_match(db, cc_session_id(m), &club, NULL), CC_OK);
	cc_session_describe_club(cc_lang_default(), &club, &cc_session_info_of(m)->settings, text, sizeof text);
	ck_assert_str_eq(text, "Ratings: not counted (unrated)");
	ck_assert_str_eq(cc_session_tier_text(cc_lang_default(), 949.4), "bronze");
	ck_assert_str_eq(cc_session_tier_text(cc_lang_default(), 1399.5), "diamond");
	cc_session_destroy(m);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* ---- the rating cache (CL-2.12) against the full replay ---------------------------- */

#define EXACT 1e-9
#define CACHE_PLAYERS 6
static const char *const cache_names[CACHE_PLAYERS] = {"Anne", "Bob", "Cleo", "Dan", "Eve", "Finn"};

/* Does the record hold a valid rating cache now? */
static bool cache_valid(void)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	bool valid = false;
	ck_assert_int_eq(sqlite3_open(db_path, &db), SQLITE_OK);
	if (sqlite3_prepare_v2(db, "SELECT valid FROM rating_cache", -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		valid = sqlite3_column_int(st, 0) == 1;
	sqlite3_finalize(st);
	sqlite3_close(db);
	return valid;
}

/* What the club says of the record: every list's players, every match's
 * facts, every pair's head-to-head. */
typedef struct {
	cc_session_player players[3][CACHE_PLAYERS];
	cc_session_match_club matches[64];
	cc_session_h2h h2h[3][CACHE_PLAYERS][CACHE_PLAYERS];
} club_view;

static void read_club(cc_session_db *db, size_t n_matches, club_view *v)
{
	static const cc_club_list lists[3] = {CC_CLUB_LIST_CHESSCUBING, CC_CLUB_LIST_UNO, CC_CLUB_LIST_CHESS};
	memset(v, 0, sizeof *v);
	for (int l = 0; l < 3; l++) {
		cc_session_player *items = NULL;
		size_t count = 0;
		ck_assert_int_eq(cc_session_club_players_of(db, lists[l], false, &items, &count, NULL), CC_OK);
		ck_assert_uint_eq(count, CACHE_PLAYERS);
		memcpy(v->players[l], items, sizeof v->players[l]);
		free(items);
		for (int a = 0; a < CACHE_PLAYERS; a++)
			for (int b = 0; b < CACHE_PLAYERS; b++)
				if (a != b)
					ck_assert_int_eq(cc_session_club_h2h_of(db, lists[l], cache_names[a], cache_names[b],
					                                        &v->h2h[l][a][b], NULL), CC_OK);
	}
	for (size_t i = 0; i < n_matches; i++)
		ck_assert_int_eq(cc_session_club_match(db, (int64_t)i + 1, &v->matches[i], NULL), CC_OK);
}

static void same_rating(const cc_club_rating *a, const cc_club_rating *b)
{
	ck_assert_double_eq_tol(a->rating, b->rating, EXACT);
	ck_assert_double_eq_tol(a->last_change, b->last_change, EXACT);
	ck_assert_uint_eq(a->games, b->games);
	ck_assert_uint_eq(a->wins, b->wins);
	ck_assert_uint_eq(a->draws, b->draws);
	ck_assert_uint_eq(a->losses, b->losses);
}

static void same_club(const club_view *a, const club_view *b, size_t n_matches)
{
	for (int l = 0; l < 3; l++)
		for (int p = 0; p < CACHE_PLAYERS; p++) {
			ck_assert_str_eq(a->players[l][p].who.name, b->players[l][p].who.name);
			same_rating(&a->players[l][p].rating, &b->players[l][p].rating);
			ck_assert_int_eq(a->players[l][p].tier, b->players[l][p].tier);
			for (int q = 0; q < CACHE_PLAYERS; q++) {
				const cc_session_h2h *x = &a->h2h[l][p][q], *y = &b->h2h[l][p][q];
				ck_assert_uint_eq(x->wins[0], y->wins[0]);
				ck_assert_uint_eq(x->wins[1], y->wins[1]);
				ck_assert_uint_eq(x->draws, y->draws);
				ck_assert_uint_eq(x->recent_count, y->recent_count);
				for (size_t k = 0; k < x->recent_count; k++)
					ck_assert_str_eq(x->recent[k], y->recent[k]);
			}
		}
	for (size_t i = 0; i < n_matches; i++) {
		const cc_session_match_club *x = &a->matches[i], *y = &b->matches[i];
		ck_assert_msg(x->counted == y->counted, "match %zu: counted %d and %d", i + 1, x->counted, y->counted);
		ck_assert_int_eq(x->count, y->count);
		ck_assert_int_eq(x->why_not, y->why_not);
		ck_assert_int_eq(x->unrated, y->unrated);
		ck_assert_double_eq_tol(x->change.white_before, y->change.white_before, EXACT);
		ck_assert_double_eq_tol(x->change.black_before, y->change.black_before, EXACT);
		ck_assert_double_eq_tol(x->change.white_after, y->change.white_after, EXACT);
		ck_assert_double_eq_tol(x->change.black_after, y->change.black_after, EXACT);
		ck_assert_double_eq_tol(x->change.white_k, y->change.white_k, EXACT);
		ck_assert_double_eq_tol(x->change.black_k, y->change.black_k, EXACT);
	}
}

/* The cache read, then the same record replayed (the cache marked stale
 * by hand, as the sqlite3 shell's edit would): the two must agree. */
static void cache_matches_replay(size_t n_matches)
{
	static club_view cached_view, replayed;
	ck_assert(cache_valid());
	cc_session_db *db = open_db();
	read_club(db, n_matches, &cached_view);
	cc_session_db_close(db);
	sql("UPDATE rating_cache SET valid = 0");
	cc_session_db *reader = NULL;
	ck_assert_int_eq(cc_session_db_open(&reader, db_path, CC_SESSION_DB_READ, &test_clock, NULL), CC_OK);
	read_club(reader, n_matches, &replayed);
	cc_session_db_close(reader);
	same_club(&cached_view, &replayed, n_matches);
	/* The next console rebuilds it, the same again. */
	db = open_db();
	ck_assert(cache_valid());
	read_club(db, n_matches, &replayed);
	cc_session_db_close(db);
	same_club(&cached_view, &replayed, n_matches);
}

START_TEST(test_club_session_ratings__cache_is_the_full_replay)
{
	CLAUSES("CL-2.12 CL-2.7 CL-2.10");
	make_dir();
	cc_session_db *db = open_db();
	cc_session *open[48] = {NULL};
	size_t n = 0;
	uint64_t lot = 12345;
	/* 40 matches between six players, played two or three at a time so
	 * they end in another order than they began; some unrated, one against
	 * himself, every sixth a chess game (its own list). */
	for (size_t i = 0; i < 40; i++) {
		lot = lot * 6364136223846793005u + 1442695040888963407u;
		int w = (int)((lot >> 33) % CACHE_PLAYERS), b = (int)((lot >> 40) % CACHE_PLAYERS);
		if (i == 7)
			b = w; /* a player against himself */
		else if (b == w)
			b = (w + 1) % CACHE_PLAYERS;
		if (i % 6 == 5) {
			cc_match_settings s;
			cc_error err = {0};
			cc_match_settings_default(&s);
			s.format = CC_FORMAT_CHESS;
			s.record = CC_RECORD_MOVES;
			snprintf(s.white, sizeof s.white, "%s", cache_names[w]);
			snprintf(s.black, sizeof s.black, "%s", cache_names[b]);
			ck_assert_msg(cc_session_create_club(&open[n], db, &s, false, NULL, &err) == CC_OK, "%s", err.message);
			ck_assert_int_eq(cc_session_apply(open[n], &(cc_event){.kind = CC_EV_START, .t_ms = 0}, &err), CC_OK);
		} else {
			open[n] = new_match(db, cache_names[w], cache_names[b], i % 9 == 4, NULL);
		}
		n++;
		/* End the second-newest unfinished match now and then. */
		if (i % 3 == 2) {
			size_t k = n - 2;
			while (k > 0 && !open[k])
				k--;
			if (open[k]) {
				finish(open[k], (cc_winner)((lot >> 20) % 3), WALL_MS + 1000 * (int64_t)(i + 1));
				cc_session_destroy(open[k]);
				open[k] = NULL;
			}
		}
	}
	/* The rest; one by a console whose wall clock is behind, so that its
	 * end sorts among older ones. */
	for (size_t k = 0; k < n; k++) {
		if (!open[k])
			continue;
		lot = lot * 6364136223846793005u + 1442695040888963407u;
		int64_t wall = k == 10 ? WALL_MS + 5500 : WALL_MS + 100000 + 1000 * (int64_t)k;
		finish(open[k], (cc_winner)((lot >> 20) % 3), wall);
		if (k != 3 && k != 20) {
			cc_session_destroy(open[k]);
			open[k] = NULL;
		}
	}
	ck_assert(open[3] && open[20]);
	cache_matches_replay(n);
	/* An event after the end (time passing, recorded later): the match's
	 * last commit moves, and with it its place in the order (CL-2.7). */
	cc_error err = {0};
	test_clock.frozen_wall_ms = WALL_MS + 400000;
	ck_assert_msg(cc_session_apply(open[3], &(cc_event){.kind = CC_EV_TICK, .t_ms = 1000}, &err) == CC_OK, "%s",
	              err.message);
	cache_matches_replay(n);
	/* An end undone long after (CL-2.7: out of the ratings), then ended
	 * again the other way: the match moves to the end of the order. */
	test_clock.frozen_wall_ms = WALL_MS + 500000;
	cc_event undo = cc_event_undo(1000);
	ck_assert_msg(cc_session_apply(open[3], &undo, &err) == CC_OK, "%s", err.message);
	cache_matches_replay(n);
	finish(open[3], CC_WINNER_BLACK, WALL_MS + 600000);
	cache_matches_replay(n);
	/* An undo and an end committed at earlier wall times than others' ends. */
	test_clock.frozen_wall_ms = WALL_MS + 2500;
	ck_assert_msg(cc_session_apply(open[20], &undo, &err) == CC_OK, "%s", err.message);
	finish(open[20], CC_WINNER_NONE, WALL_MS + 3500);
	cache_matches_replay(n);
	cc_session_destroy(open[3]);
	cc_session_destroy(open[20]);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* ---- club corrections (CL-5.x) ------------------------------------------------------ */

/* One evening of six games between the six players, each ended in turn;
 * game 1 (Anne-Bob) ends as first says, rated or not. Players and results
 * chosen so that game 1's result moves the later games' ratings. */
static void play_evening(cc_winner first, bool first_unrated)
{
	static const int pairs[6][2] = {{0, 1}, {2, 3}, {0, 4}, {1, 5}, {0, 2}, {1, 3}};
	static const cc_winner results[6] = {CC_WINNER_NONE, CC_WINNER_WHITE, CC_WINNER_NONE,
	                                     CC_WINNER_BLACK, CC_WINNER_WHITE, CC_WINNER_NONE};
	cc_session_db *db = open_db();
	for (int i = 0; i < 6; i++) {
		cc_session *m = new_match(db, cache_names[pairs[i][0]], cache_names[pairs[i][1]], i == 0 && first_unrated,
		                          NULL);
		finish(m, i == 0 ? first : results[i], WALL_MS + 1000 * (i + 1));
		cc_session_destroy(m);
	}
	cc_session_db_close(db);
}

/* The club's view of the evening just played at db_path. */
static void evening_view(club_view *v)
{
	cc_session_db *db = open_db();
	read_club(db, 6, v);
	cc_session_db_close(db);
}

static cc_session_correction correction(int64_t id, const char *why)
{
	cc_session_correction c;
	memset(&c, 0, sizeof c);
	c.match_id = id;
	snprintf(c.why, sizeof c.why, "%s", why);
	snprintf(c.by, sizeof c.by, "%s", "Marie (arbiter)");
	return c;
}

/* CL-5.3, CL-5.7: a late correction of the first game's result gives the
 * ratings (every player's, every game's change, the head-to-heads) that
 * recording the corrected result in the first place gives: the game keeps
 * its place in the order of play. The game itself is untouched. */
START_TEST(test_club_session_correct__late_correction_is_the_result_in_the_first_place)
{
	CLAUSES("CL-5.3 CL-5.4 CL-5.5 CL-5.7 CL-2.7 CL-2.12");
	static club_view direct, played, corrected, unrated_direct, now;
	make_dir();
	play_evening(CC_WINNER_BLACK, false);
	evening_view(&direct);
	remove_dir();
	make_dir();
	play_evening(CC_WINNER_BLACK, true);
	evening_view(&unrated_direct);
	remove_dir();
	make_dir();
	play_evening(CC_WINNER_WHITE, false);
	evening_view(&played);
	cc_session_db *desk = open_db();
	cc_session_info before, after;
	cc_error err = {0};
	ck_assert_int_eq(cc_session_db_info(desk, 1, &before, NULL), CC_OK);
	/* A quarter of an hour later, from the director's desk. */
	test_clock.frozen_wall_ms = WALL_MS + 900000;
	cc_session_correction c = correction(1, "the players reported the result the wrong way round");
	c.sets_result = true;
	c.winner = CC_WINNER_BLACK;
	int64_t cid = 0;
	ck_assert_msg(cc_session_club_correct(desk, &c, &cid, &err) == CC_OK, "%s", err.message);
	ck_assert_int_gt(cid, 0);
	evening_view(&corrected);
	same_club(&direct, &corrected, 6);
	cache_matches_replay(6);
	/* The game as played: its events and its own result untouched. */
	ck_assert_int_eq(cc_session_db_info(desk, 1, &after, NULL), CC_OK);
	ck_assert_uint_eq(after.events, before.events);
	ck_assert_int_eq(after.winner, CC_WINNER_WHITE);
	/* CL-5.4: unrated afterwards, as if created so. */
	cc_session_correction r = correction(1, "a friendly game, not to be rated");
	r.sets_rated = true;
	r.rated = false;
	ck_assert_msg(cc_session_club_correct(desk, &r, NULL, &err) == CC_OK, "%s", err.message);
	evening_view(&now);
	same_club(&unrated_direct, &now, 6);
	cache_matches_replay(6);
	/* CL-5.5: undone one by one, the latest first, each logged. */
	ck_assert_int_eq(cc_session_club_correct_undo(desk, 1, "Marie (arbiter)", NULL, &err), CC_OK);
	evening_view(&now);
	same_club(&direct, &now, 6);
	ck_assert_int_eq(cc_session_club_correct_undo(desk, 1, "Paul", NULL, &err), CC_OK);
	evening_view(&now);
	same_club(&played, &now, 6);
	cache_matches_replay(6);
	ck_assert_int_eq(cc_session_club_correct_undo(desk, 1, "Paul", NULL, &err), CC_ERR_NOT_FOUND);
	ck_assert_int_eq(err.msg, CC_MSG_NO_CORRECTION_TO_UNDO);
	cc_session_correction *log = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_club_corrections(desk, 1, &log, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert(log[0].sets_result && !log[0].sets_rated && log[0].winner == CC_WINNER_BLACK);
	ck_assert(log[0].undone && strcmp(log[0].undone_by, "Paul") == 0);
	ck_assert_int_eq(log[0].wall_ms, WALL_MS + 900000);
	ck_assert_str_eq(log[0].by, "Marie (arbiter)");
	ck_assert(!log[1].sets_result && log[1].sets_rated && !log[1].rated && log[1].undone);
	free(log);
	cc_session_db_close(desk);
	remove_dir();
}
END_TEST

/* The club's winner of each row of the list and of one match's facts
 * (what `list` prints, CL-5.8): read with the row, the last standing
 * correction that sets a result; one that sets only the rated flag leaves
 * it, an undone one no longer counts; the other rows as played. */
static void club_winners(cc_session_db *db, cc_winner out[6])
{
	cc_session_info *items = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_db_list(db, &items, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 6);
	for (size_t i = 0; i < n; i++) {
		cc_session_info one;
		ck_assert_int_eq(cc_session_db_info(db, items[i].id, &one, NULL), CC_OK);
		ck_assert_int_eq(one.club_winner, items[i].club_winner);
		ck_assert_int_eq(one.winner, items[i].winner);
		out[i] = items[i].club_winner;
		if (i > 0)
			ck_assert_int_eq(items[i].club_winner, items[i].winner);
	}
	free(items);
}

START_TEST(test_club_session_correct__list_row_has_the_club_result)
{
	CLAUSES("CL-5.8 CL-5.5");
	make_dir();
	play_evening(CC_WINNER_WHITE, false);
	cc_session_db *desk = open_db();
	cc_error err = {0};
	cc_winner w[6];
	club_winners(desk, w);
	ck_assert_int_eq(w[0], CC_WINNER_WHITE);
	cc_session_correction c = correction(1, "the result the wrong way round");
	c.sets_result = true;
	c.winner = CC_WINNER_BLACK;
	ck_assert_msg(cc_session_club_correct(desk, &c, NULL, &err) == CC_OK, "%s", err.message);
	c = correction(1, "a draw after all");
	c.sets_result = true;
	c.winner = CC_WINNER_NONE;
	ck_assert_msg(cc_session_club_correct(desk, &c, NULL, &err) == CC_OK, "%s", err.message);
	c = correction(1, "not to be rated");
	c.sets_rated = true;
	ck_assert_msg(cc_session_club_correct(desk, &c, NULL, &err) == CC_OK, "%s", err.message);
	club_winners(desk, w);
	ck_assert_int_eq(w[0], CC_WINNER_NONE); /* the latest result set, not the rated flag's */
	ck_assert_int_eq(cc_session_club_correct_undo(desk, 1, "Paul", NULL, &err), CC_OK);
	club_winners(desk, w);
	ck_assert_int_eq(w[0], CC_WINNER_NONE);
	ck_assert_int_eq(cc_session_club_correct_undo(desk, 1, "Paul", NULL, &err), CC_OK);
	club_winners(desk, w);
	ck_assert_int_eq(w[0], CC_WINNER_BLACK);
	ck_assert_int_eq(cc_session_club_correct_undo(desk, 1, "Paul", NULL, &err), CC_OK);
	club_winners(desk, w);
	ck_assert_int_eq(w[0], CC_WINNER_WHITE); /* as played again */
	cc_session_db_close(desk);
	remove_dir();
}
END_TEST

/* The newest matches (the web server's index): those in play first,
 * newest first, then those over, newest first, each kind cut at the
 * limit, with the club's winner as the list has it. */
typedef struct {
	int64_t ids[16];
	bool over[16];
	size_t n;
} newest_seen;

static cc_err note_newest(void *ctx, const cc_session_info *info, cc_error *err)
{
	newest_seen *seen = ctx;
	(void)err;
	ck_assert_uint_lt(seen->n, 16);
	ck_assert_str_eq(info->secret, "");
	seen->over[seen->n] = info->over;
	seen->ids[seen->n++] = info->id;
	return CC_OK;
}

START_TEST(test_club_session_list__newest_in_play_first_each_kind_limited)
{
	CLAUSES("none");
	make_dir();
	play_evening(CC_WINNER_WHITE, false); /* matches 1 to 6, over */
	cc_session_db *db = open_db();
	for (int i = 0; i < 2; i++) /* 7 and 8, in play */
		cc_session_destroy(new_match(db, cache_names[0], cache_names[1], false, NULL));
	newest_seen seen = {.n = 0};
	ck_assert_int_eq(cc_session_db_list_newest(db, 3, note_newest, &seen, NULL), CC_OK);
	const int64_t want[] = {8, 7, 6, 5, 4};
	ck_assert_uint_eq(seen.n, 5);
	for (size_t i = 0; i < 5; i++) {
		ck_assert_int_eq(seen.ids[i], want[i]);
		ck_assert(seen.over[i] == (i >= 2));
	}
	seen.n = 0;
	ck_assert_int_eq(cc_session_db_list_newest(db, 1, note_newest, &seen, NULL), CC_OK);
	ck_assert_uint_eq(seen.n, 2);
	ck_assert_int_eq(seen.ids[0], 8);
	ck_assert_int_eq(seen.ids[1], 6);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* CL-5.3, CL-5.1: what a correction refuses, nothing recorded: no reason,
 * nothing set, a match a console has open, a match not over. */
START_TEST(test_club_session_correct__refusals)
{
	CLAUSES("CL-5.3 CL-5.1");
	make_dir();
	cc_session_db *console = open_db(), *desk = open_db();
	cc_session *m = new_match(console, "Anne", "Bob", false, NULL);
	cc_error err = {0};
	cc_session_correction c = correction(1, "");
	c.sets_result = true;
	c.winner = CC_WINNER_NONE;
	ck_assert_int_eq(cc_session_club_correct(desk, &c, NULL, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_CORRECTION_NEEDS_REASON);
	cc_session_correction none = correction(1, "why not");
	ck_assert_int_eq(cc_session_club_correct(desk, &none, NULL, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_CORRECTION_SETS_NOTHING);
	snprintf(c.why, sizeof c.why, "agreed draw");
	ck_assert_int_eq(cc_session_club_correct(desk, &c, NULL, &err), CC_ERR_LOCKED);
	ck_assert_int_eq(err.msg, CC_MSG_MATCH_LOCKED);
	cc_session_destroy(m); /* left unfinished: free, but not over */
	ck_assert_int_eq(cc_session_club_correct(desk, &c, NULL, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_CORRECTION_NOT_OVER);
	c.match_id = 9;
	ck_assert_int_eq(cc_session_club_correct(desk, &c, NULL, &err), CC_ERR_NOT_FOUND);
	cc_session_correction *log = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_club_corrections(desk, 1, &log, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 0);
	free(log);
	cc_session_db_close(console);
	cc_session_db_close(desk);
	remove_dir();
}
END_TEST

/* CL-5.6: a correction said with its values: what it set, the result as
 * played, who, when (UTC) and why, and who undid it when. */
START_TEST(test_club_session_correct__described_with_who_when_why)
{
	CLAUSES("CL-5.6");
	cc_session_correction c = correction(3, "scoresheets disagree");
	char text[512];
	c.id = 2;
	c.sets_result = true;
	c.winner = CC_WINNER_BLACK;
	c.wall_ms = WALL_MS + 15 * 60000;
	cc_session_describe_correction(cc_lang_default(), &c, true, CC_WINNER_WHITE, text, sizeof text);
	ck_assert_msg(strstr(text, "Marie (arbiter)") && strstr(text, "2026-11-30 14:20 UTC") && strstr(text, "0-1") &&
	                  strstr(text, "1-0") && strstr(text, "scoresheets disagree") && !strstr(text, "Paul"),
	              "%s", text);
	c.undone = true;
	snprintf(c.undone_by, sizeof c.undone_by, "Paul");
	c.undone_wall_ms = WALL_MS + 20 * 60000;
	cc_session_describe_correction(cc_lang_default(), &c, true, CC_WINNER_WHITE, text, sizeof text);
	ck_assert_msg(strstr(text, "Paul") && strstr(text, "2026-11-30 14:25 UTC"), "%s", text);
}
END_TEST

/* ---- what an event fixes (CL-8, issue 22) ------------------------------------------ */

static void add_players(cc_session_db *db, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		ck_assert_int_eq(cc_session_club_player_add(db, names[i], NULL, NULL, NULL), CC_OK);
}

/* A chess game of white and black for event, on the terms given. */
static cc_err create_chess(cc_session_db *db, const char *white, const char *black, const char *event,
                           cc_chess_variant variant, int64_t base_ms, int64_t inc_ms, cc_claims claims,
                           cc_session **out, cc_error *err)
{
	cc_match_settings s;
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_CHESS;
	s.record = CC_RECORD_MOVES;
	s.variant = variant;
	s.tc_base_ms = base_ms;
	s.tc_increment_ms = inc_ms;
	s.claims = claims;
	snprintf(s.white, sizeof s.white, "%s", white);
	snprintf(s.black, sizeof s.black, "%s", black);
	cc_session_club_options club = {false, event, 0, 0, {false, false}};
	return cc_session_create_club(out, db, &s, false, &club, err);
}

START_TEST(test_club_session_event__fixes_board_clock_and_claims)
{
	CLAUSES("CL-8.1 CL-8.3");
	make_dir();
	cc_session_db *db = open_db();
	const char *names[] = {"Anne", "Bob"};
	add_players(db, names, 2);
	cc_session_event_terms t;
	cc_session_event_terms_default(&t);
	t.format = CC_FORMAT_CHESS;
	t.variant = CC_CHESS_VARIANT_CHECKERED;
	t.tc_base_ms = 15 * 60000;
	t.tc_increment_ms = 10000;
	t.claims = CC_CLAIMS_MANUAL;
	t.given = CC_SESSION_TERM_VARIANT | CC_SESSION_TERM_TIME_CONTROL | CC_SESSION_TERM_CLAIMS;
	cc_error err = {0};
	ck_assert_msg(cc_session_club_event_create_fixed(db, "Blitz", names, 2, false, &t, &err) == CC_OK, "%s",
	              err.message);
	/* The offer carries every term, for the console to set and lock. */
	cc_session_offer *o = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_club_offers(db, &o, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 1);
	ck_assert(o[0].fixed);
	ck_assert_int_eq(o[0].format, CC_FORMAT_CHESS);
	ck_assert_int_eq(o[0].variant, CC_CHESS_VARIANT_CHECKERED);
	ck_assert_int_eq(o[0].tc_base_ms, 15 * 60000);
	ck_assert_int_eq(o[0].tc_increment_ms, 10000);
	ck_assert_int_eq(o[0].claims, CC_CLAIMS_MANUAL);
	free(o);
	/* A game on other terms does not join it: each refusal names the term. */
	cc_session *m = NULL;
	ck_assert_int_eq(create_chess(db, "Anne", "Bob", "Blitz", CC_CHESS_VARIANT_STANDARD, 15 * 60000, 10000,
	                              CC_CLAIMS_MANUAL, &m, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_EVENT_FIXED_BOARD);
	ck_assert_str_eq(err.args[1].text, "checkered");
	ck_assert_int_eq(create_chess(db, "Anne", "Bob", "Blitz", CC_CHESS_VARIANT_CHECKERED, 5 * 60000, 3000,
	                              CC_CLAIMS_MANUAL, &m, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_EVENT_FIXED_TIME_CONTROL);
	ck_assert_str_eq(err.args[1].text, "15+10");
	ck_assert_str_eq(err.args[2].text, "5+3");
	ck_assert_int_eq(create_chess(db, "Anne", "Bob", "Blitz", CC_CHESS_VARIANT_CHECKERED, 15 * 60000, 10000,
	                              CC_CLAIMS_AUTO, &m, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_EVENT_FIXED_CLAIMS);
	cc_session_info *list = NULL;
	ck_assert_int_eq(cc_session_db_list(db, &list, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 0); /* refused: nothing recorded */
	free(list);
	ck_assert_msg(create_chess(db, "Anne", "Bob", "Blitz", CC_CHESS_VARIANT_CHECKERED, 15 * 60000, 10000,
	                           CC_CLAIMS_MANUAL, &m, &err) == CC_OK, "%s", err.message);
	cc_session_destroy(m);
	/* An event of an older record fixes only format and category (CL-8.3). */
	ck_assert_int_eq(cc_session_club_event_create(db, "Old", names, 2, false, CC_FORMAT_CHESS, CC_CATEGORY_FAST,
	                                              &err), CC_OK);
	sql("UPDATE club_events SET variant = NULL, tc_base_ms = NULL, tc_increment_ms = NULL, claims = NULL "
	    "WHERE name = 'Old'");
	ck_assert_msg(create_chess(db, "Anne", "Bob", "Old", CC_CHESS_VARIANT_CHECKERED, 3 * 60000, 2000,
	                           CC_CLAIMS_AUTO, &m, &err) == CC_OK, "%s", err.message);
	cc_session_destroy(m);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_event__a_term_its_format_has_not_is_refused)
{
	CLAUSES("CL-8.2");
	make_dir();
	cc_session_db *db = open_db();
	const char *names[] = {"Anne", "Bob"};
	add_players(db, names, 2);
	cc_session_event_terms t;
	cc_error err = {0};
	/* "chess fast": a chess game has no category */
	cc_session_event_terms_default(&t);
	t.format = CC_FORMAT_CHESS;
	t.given = CC_SESSION_TERM_CATEGORY;
	ck_assert_int_eq(cc_session_club_event_create_fixed(db, "E", names, 2, false, &t, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_EVENT_TERM_NOT_FORMAT);
	ck_assert_str_eq(err.args[0].text, "category");
	ck_assert_str_eq(err.args[1].text, "chess");
	/* a ChessCubing game has no chess clock nor claims; Chess-Uno no board */
	t.format = CC_FORMAT_TWICE;
	t.given = CC_SESSION_TERM_TIME_CONTROL;
	ck_assert_int_eq(cc_session_club_event_create_fixed(db, "E", names, 2, false, &t, &err), CC_ERR_INVALID);
	ck_assert_str_eq(err.args[0].text, "tc");
	t.format = CC_FORMAT_UNO;
	t.given = CC_SESSION_TERM_VARIANT;
	ck_assert_int_eq(cc_session_club_event_create_fixed(db, "E", names, 2, false, &t, &err), CC_ERR_INVALID);
	ck_assert_str_eq(err.args[0].text, "variant");
	cc_session_event *events = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_club_events(db, &events, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 0);
	free(events);
	/* named where it belongs, it is taken */
	t.format = CC_FORMAT_TWICE;
	t.category = CC_CATEGORY_MASTERS;
	t.given = CC_SESSION_TERM_CATEGORY;
	ck_assert_int_eq(cc_session_club_event_create_fixed(db, "E", names, 2, false, &t, &err), CC_OK);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_event__closed_not_offered_and_deleted_only_unplayed)
{
	CLAUSES("CL-8.4");
	make_dir();
	cc_session_db *db = open_db();
	const char *names[] = {"Anne", "Bob", "Cleo", "Dan"};
	add_players(db, names, 4);
	cc_error err = {0};
	ck_assert_int_eq(cc_session_club_event_create(db, "Tonight", names, 4, false, CC_FORMAT_TWICE, CC_CATEGORY_FAST,
	                                              NULL), CC_OK);
	ck_assert_int_eq(cc_session_club_event_create(db, "Mistake", names, 4, false, CC_FORMAT_TWICE, CC_CATEGORY_FAST,
	                                              NULL), CC_OK);
	/* The mistake, newest, is offered first until closed. */
	cc_session_offer *o = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_club_offers(db, &o, &n, NULL), CC_OK);
	ck_assert_str_eq(o[0].event, "Mistake");
	free(o);
	ck_assert_int_eq(cc_session_club_event_close(db, "Mistake", &err), CC_OK);
	ck_assert_int_eq(cc_session_club_offers(db, &o, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 6);
	for (size_t i = 0; i < n; i++)
		ck_assert_str_eq(o[i].event, "Tonight");
	free(o);
	cc_session_event e;
	cc_session_pairing *p = NULL;
	ck_assert_int_eq(cc_session_club_event(db, "Mistake", &e, &p, &n, NULL), CC_OK);
	ck_assert(e.closed);
	free(p);
	/* no match joins a closed event */
	cc_session *m = NULL;
	ck_assert_int_eq(create_for(db, "Anne", "Dan", "Mistake", 0, 0, &m, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_EVENT_CLOSED);
	/* deleted: it is gone; an event with a game is refused, with the count */
	ck_assert_int_eq(cc_session_club_event_delete(db, "Mistake", &err), CC_OK);
	ck_assert_int_eq(cc_session_club_event(db, "Mistake", &e, &p, &n, &err), CC_ERR_NOT_FOUND);
	ck_assert_int_eq(create_for(db, "Anne", "Dan", "Tonight", 1, 1, &m, NULL), CC_OK);
	cc_session_destroy(m);
	ck_assert_int_eq(cc_session_club_event_delete(db, "Tonight", &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_EVENT_HAS_GAMES);
	ck_assert_int_eq(err.args[1].n, 1);
	ck_assert_int_eq(cc_session_club_event(db, "Tonight", &e, &p, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 6);
	free(p);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_event__cancel_frees_the_pairing_with_its_reason)
{
	CLAUSES("CL-8.5");
	make_dir();
	cc_session_db *db = open_db();
	const char *names[] = {"Anne", "Bob", "Cleo", "Dan"};
	add_players(db, names, 4);
	cc_error err = {0};
	int64_t id = 0;
	ck_assert_int_eq(cc_session_club_event_create(db, "Tonight", names, 4, false, CC_FORMAT_TWICE, CC_CATEGORY_FAST,
	                                              NULL), CC_OK);
	ck_assert_int_eq(cc_session_club_event_cancel(db, "Tonight", 1, 1, "wrong board", false, &id, &err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PAIRING_NOTHING_TO_CANCEL);
	cc_session *m = NULL, *m2 = NULL;
	ck_assert_int_eq(create_for(db, "Anne", "Dan", "Tonight", 1, 1, &m, NULL), CC_OK);
	ck_assert_int_eq(create_for(db, "Bob", "Cleo", "Tonight", 1, 2, &m2, NULL), CC_OK);
	ck_assert_int_eq(cc_session_apply(m2, &(cc_event){.kind = CC_EV_START, .t_ms = 0}, &err), CC_OK);
	finish(m2, CC_WINNER_WHITE, WALL_MS + 1000);
	/* no reason, no cancellation */
	ck_assert_int_eq(cc_session_club_event_cancel(db, "Tonight", 1, 1, "", false, &id, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_CANCEL_NEEDS_REASON);
	/* without a result: cancelled, the pairing offered again, the reason logged */
	ck_assert_int_eq(cc_session_club_event_cancel(db, "Tonight", 1, 1, "created on the wrong board", false, &id,
	                                              &err), CC_OK);
	ck_assert_int_eq(id, 1);
	cc_session_offer *o = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_club_offers(db, &o, &n, NULL), CC_OK);
	ck_assert_uint_eq(o[0].pairing.round, 1);
	ck_assert_uint_eq(o[0].pairing.board, 1);
	free(o);
	/* with a result: only confirmed */
	ck_assert_int_eq(cc_session_club_event_cancel(db, "Tonight", 1, 2, "players swapped", false, &id, &err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_CANCEL_HAS_RESULT);
	ck_assert_int_eq(cc_session_club_event_cancel(db, "Tonight", 1, 2, "players swapped", true, &id, &err), CC_OK);
	ck_assert_int_eq(id, 2);
	cc_session_cancel *c = NULL;
	ck_assert_int_eq(cc_session_club_event_cancels(db, "Tonight", &c, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(c[0].reason, "created on the wrong board");
	ck_assert(!c[0].had_result);
	ck_assert_int_eq(c[1].match_id, 2);
	ck_assert(c[1].had_result);
	free(c);
	/* the standings no longer hold the cancelled result */
	cc_session_event e;
	cc_session_standing st[CC_CLUB_PLAYERS_MAX];
	unsigned count = 0;
	ck_assert_int_eq(cc_session_club_standings(db, "Tonight", &e, st, &count, NULL), CC_OK);
	for (unsigned i = 0; i < count; i++)
		ck_assert_double_eq(st[i].st.points, 0.0);
	cc_session_destroy(m);
	cc_session_destroy(m2);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_event__player_on_two_boards_is_warned)
{
	CLAUSES("CL-8.6");
	make_dir();
	cc_session_db *db = open_db();
	const char *names[] = {"Anne", "Bob", "Cleo", "Dan"};
	add_players(db, names, 4);
	cc_error err = {0};
	ck_assert_int_eq(cc_session_club_event_create(db, "Tonight", names, 4, false, CC_FORMAT_TWICE, CC_CATEGORY_FAST,
	                                              NULL), CC_OK);
	cc_session *m = NULL;
	ck_assert_int_eq(create_for(db, "Anne", "Dan", "Tonight", 1, 1, &m, NULL), CC_OK);
	cc_session_offer *o = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_club_offers(db, &o, &n, NULL), CC_OK);
	/* round 1 board 2 (Bob - Cleo): nobody busy; round 2 board 1 (Dan - Cleo): Dan is */
	bool busy = true;
	ck_assert_int_eq(cc_session_club_two_boards(db, &o[0], &busy, &err), CC_OK);
	ck_assert(!busy);
	ck_assert_str_eq(o[1].pairing.white, "Dan");
	ck_assert_int_eq(cc_session_club_two_boards(db, &o[1], &busy, &err), CC_OK);
	ck_assert(busy);
	ck_assert_int_eq(err.msg, CC_MSG_PLAYER_ON_TWO_BOARDS);
	ck_assert_str_eq(err.args[0].text, "Dan");
	ck_assert_int_eq(err.args[1].n, 1);
	ck_assert_int_eq(err.args[2].n, 1);
	/* the offer's own pairing, taken by another console since, is no other board */
	cc_session_offer taken = o[0];
	taken.pairing.round = 1;
	taken.pairing.board = 1;
	snprintf(taken.pairing.white, sizeof taken.pairing.white, "Anne");
	snprintf(taken.pairing.black, sizeof taken.pairing.black, "Dan");
	ck_assert_int_eq(cc_session_club_two_boards(db, &taken, &busy, &err), CC_OK);
	ck_assert(!busy);
	/* once Anne - Dan is over, Dan is free */
	ck_assert_int_eq(cc_session_apply(m, &(cc_event){.kind = CC_EV_START, .t_ms = 0}, &err), CC_OK);
	finish(m, CC_WINNER_WHITE, WALL_MS + 1000);
	ck_assert_int_eq(cc_session_club_two_boards(db, &o[1], &busy, &err), CC_OK);
	ck_assert(!busy);
	free(o);
	cc_session_destroy(m);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* ---- forfeits, withdrawals and byes (CL-6) ---------------------------------------- */

/* Plays pairing (round, board) of "Spring" to winner, ended at wall. */
static void play(cc_session_db *db, const char *white, const char *black, unsigned round, unsigned board,
                 cc_winner winner, int64_t wall)
{
	cc_session *m = NULL;
	cc_error err = {0};
	ck_assert_msg(create_for(db, white, black, "Spring", round, board, &m, &err) == CC_OK, "R%u B%u: %s", round,
	              board, err.message);
	ck_assert_int_eq(cc_session_apply(m, &(cc_event){.kind = CC_EV_START, .t_ms = 0}, &err), CC_OK);
	finish(m, winner, wall);
	cc_session_destroy(m);
}

static const cc_session_standing *standing_of(const cc_session_standing *st, unsigned n, const char *name)
{
	for (unsigned i = 0; i < n; i++)
		if (strcmp(st[i].name, name) == 0)
			return &st[i];
	ck_abort_msg("%s is not in the standings", name);
	return NULL;
}

START_TEST(test_club_session_forfeits__withdrawal_and_forfeit_hand_worked_table)
{
	CLAUSES("CL-6.1 CL-6.2 CL-6.3 CL-6.6 CL-3.4 CL-3.5");
	/* Five players (seats Anne, Bruno, Chloé, Dmitri, Eve), the Berger
	 * table for 5 (round: bye; board 2; board 3):
	 *   R1 Anne bye;   Bruno ½ Eve;    Chloé 0-1 Dmitri
	 *   R2 Dmitri bye; Eve 1-0 Chloé;  Anne ½ Bruno
	 *   R3 Bruno bye;  Chloé 0-1 Anne; Dmitri +/- Eve  (Eve withdrew after round 2)
	 *   R4 Eve's bye void; Anne 1-0 Dmitri; Bruno +/- Chloé (Chloé did not come)
	 *   R5 Chloé bye;  Dmitri ½ Bruno; Eve -/+ Anne    (the withdrawal)
	 * Eve played 2 of her 4 games: half, so her later games are lost by
	 * forfeit, not cancelled. By hand:
	 *   points: Anne 1+½+1+1+1 = 4.5, Bruno ½+½+1+1+½ = 3.5,
	 *           Dmitri 1+1+1+0+½ = 3.5, Eve ½+1 = 1.5, Chloé 1 (her bye)
	 *   WON (over the board): Anne 2, Dmitri 1, Eve 1, Bruno 0, Chloé 0
	 *   SB (games played only): Anne ½·3.5 + 1·1 + 1·3.5 = 6.25,
	 *     Bruno ½·1.5 + ½·4.5 + ½·3.5 = 4.75, Dmitri 1·1 + ½·3.5 = 2.75,
	 *     Eve ½·3.5 + 1·1 = 2.75, Chloé 0
	 *   Bruno and Dmitri: direct encounter ½-½, then WON 0 < 1: Dmitri
	 *   second although his SB is lower. */
	make_dir();
	cc_session_db *db = open_db();
	cc_error err = {0};
	const char *names[] = {"Anne", "Bruno", "Chloé", "Dmitri", "Eve"};
	for (size_t i = 0; i < 5; i++)
		ck_assert_int_eq(cc_session_club_player_add(db, names[i], NULL, NULL, &err), CC_OK);
	ck_assert_int_eq(cc_session_club_event_create(db, "Spring", names, 5, false, CC_FORMAT_TWICE, CC_CATEGORY_FAST,
	                                              &err), CC_OK);
	int64_t wall = WALL_MS;
	play(db, "Bruno", "Eve", 1, 2, CC_WINNER_NONE, wall += 1000);
	play(db, "Chloé", "Dmitri", 1, 3, CC_WINNER_BLACK, wall += 1000);
	play(db, "Eve", "Chloé", 2, 2, CC_WINNER_WHITE, wall += 1000);
	play(db, "Anne", "Bruno", 2, 3, CC_WINNER_NONE, wall += 1000);
	cc_session_withdrawal w;
	ck_assert_int_eq(cc_session_club_event_withdraw(db, "Spring", "Eve", 0, &w, &err), CC_OK);
	ck_assert_uint_eq(w.from_round, 3);
	ck_assert(!w.cancelled);
	ck_assert_uint_eq(w.forfeits, 2);
	ck_assert_int_eq(cc_session_club_event_withdraw(db, "Spring", "Eve", 4, &w, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_ALREADY_WITHDRAWN);
	/* Her pairings are not played any more: no match takes them. */
	cc_session *m = NULL;
	ck_assert_int_eq(create_for(db, "Dmitri", "Eve", "Spring", 3, 3, &m, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PAIRING_NOT_PLAYED);
	play(db, "Chloé", "Anne", 3, 2, CC_WINNER_BLACK, wall += 1000);
	ck_assert_int_eq(cc_session_club_event_forfeit(db, "Spring", 4, 3, CC_CLUB_FORFEIT_WHITE, &err), CC_OK);
	ck_assert_int_eq(create_for(db, "Bruno", "Chloé", "Spring", 4, 3, &m, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PAIRING_NOT_PLAYED);
	play(db, "Anne", "Dmitri", 4, 2, CC_WINNER_WHITE, wall += 1000);
	/* A played pairing takes no forfeit; a bye has none. */
	ck_assert_int_eq(cc_session_club_event_forfeit(db, "Spring", 4, 2, CC_CLUB_FORFEIT_BLACK, &err), CC_ERR_LOCKED);
	ck_assert_int_eq(err.msg, CC_MSG_PAIRING_HAS_MATCH);
	ck_assert_int_eq(cc_session_club_event_forfeit(db, "Spring", 4, 1, CC_CLUB_FORFEIT_BLACK, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PAIRING_IS_BYE);
	play(db, "Dmitri", "Bruno", 5, 2, CC_WINNER_NONE, wall += 1000);

	/* The pairings say it: +/- recorded, the withdrawal's -/+ and +/-, the void bye. */
	cc_session_event ev;
	cc_session_pairing *p = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_club_event(db, "Spring", &ev, &p, &n, &err), CC_OK);
	ck_assert_uint_eq(n, 15);
	ck_assert_uint_eq(ev.pairings, 10); /* byes are no games (CL-6.6) */
	ck_assert_uint_eq(ev.finished, 10);
	const struct {
		unsigned round, board;
		const char *result;
		bool by_withdrawal;
	} want[] = {{3, 3, "+/-", true}, {4, 3, "+/-", false}, {5, 3, "-/+", true}, {4, 1, "void", false},
	            {5, 1, "bye", false}, {1, 2, "1/2-1/2", false}};
	for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
		const cc_session_pairing *q = &p[(want[k].round - 1) * 3 + want[k].board - 1];
		ck_assert_uint_eq(q->round, want[k].round);
		ck_assert_uint_eq(q->board, want[k].board);
		ck_assert_str_eq(q->result, want[k].result);
		ck_assert_int_eq(q->by_withdrawal, want[k].by_withdrawal);
	}
	ck_assert_int_eq(p[3 * 3 + 2].forfeit, CC_CLUB_FORFEIT_WHITE);
	ck_assert_int_eq(p[3 * 3 + 2].match_id, 0);
	free(p);

	cc_session_standing st[CC_CLUB_PLAYERS_MAX];
	unsigned count = 0;
	ck_assert_int_eq(cc_session_club_standings(db, "Spring", &ev, st, &count, &err), CC_OK);
	ck_assert_uint_eq(count, 5);
	const struct {
		const char *name;
		double points;
		unsigned won, played;
		double sb;
		unsigned rank;
	} table[] = {{"Anne", 4.5, 2, 3, 6.25, 1}, {"Dmitri", 3.5, 1, 3, 2.75, 2}, {"Bruno", 3.5, 0, 3, 4.75, 3},
	             {"Eve", 1.5, 1, 2, 2.75, 4}, {"Chloé", 1.0, 0, 3, 0.0, 5}};
	for (unsigned i = 0; i < 5; i++) {
		ck_assert_str_eq(st[i].name, table[i].name);
		ck_assert_double_eq_tol(st[i].st.points, table[i].points, EPS);
		ck_assert_uint_eq(st[i].st.wins, table[i].won);
		ck_assert_uint_eq(st[i].st.played, table[i].played);
		ck_assert_double_eq_tol(st[i].st.sb, table[i].sb, EPS);
		ck_assert_uint_eq(st[i].st.rank, table[i].rank);
	}
	ck_assert(st[1].st.direct_used && st[2].st.direct_used);
	ck_assert_double_eq(st[1].st.direct, 0.5);
	ck_assert_uint_eq(standing_of(st, count, "Eve")->st.withdrawn_from, 3);
	ck_assert(!standing_of(st, count, "Eve")->st.cancelled);

	/* The director's one read gives both, the same as the two reads. */
	cc_session_event ev2;
	cc_session_pairing *p2 = NULL;
	size_t n2 = 0;
	cc_session_standing st2[CC_CLUB_PLAYERS_MAX];
	unsigned count2 = 0;
	ck_assert_int_eq(cc_session_club_event(db, "Spring", &ev, &p, &n, &err), CC_OK);
	ck_assert_int_eq(cc_session_club_event_standings(db, "Spring", &ev2, &p2, &n2, st2, &count2, &err), CC_OK);
	ck_assert_uint_eq(n2, n);
	ck_assert_uint_eq(ev2.pairings, ev.pairings);
	ck_assert_uint_eq(ev2.finished, ev.finished);
	for (size_t k = 0; k < n; k++) {
		ck_assert_uint_eq(p2[k].round, p[k].round);
		ck_assert_uint_eq(p2[k].board, p[k].board);
		ck_assert_str_eq(p2[k].white, p[k].white);
		ck_assert_str_eq(p2[k].black, p[k].black);
		ck_assert_str_eq(p2[k].result, p[k].result);
		ck_assert_int_eq(p2[k].match_id, p[k].match_id);
		ck_assert_int_eq(p2[k].outcome, p[k].outcome);
		ck_assert_int_eq(p2[k].counted, p[k].counted);
		ck_assert_double_eq(p2[k].points[0], p[k].points[0]);
		ck_assert_double_eq(p2[k].points[1], p[k].points[1]);
	}
	ck_assert_uint_eq(count2, count);
	for (unsigned i = 0; i < count; i++) {
		ck_assert_str_eq(st2[i].name, st[i].name);
		ck_assert_double_eq(st2[i].st.points, st[i].st.points);
		ck_assert_uint_eq(st2[i].st.rank, st[i].st.rank);
	}
	free(p);
	free(p2);
	/* An unknown event: a refusal, and no pairings to free. */
	p2 = (cc_session_pairing *)&ev2; /* not NULL: the call must set it */
	ck_assert_int_ne(cc_session_club_event_standings(db, "Autumn", &ev2, &p2, &n2, st2, &count2, NULL), CC_OK);
	ck_assert_ptr_null(p2);
	ck_assert_uint_eq(n2, 0);

	/* The rating list: the seven games over the board, in the order they
	 * ended, and nothing of the forfeits (CL-6.1). */
	const struct {
		size_t white, black;
		double score;
	} games[] = {{1, 4, 0.5}, {2, 3, 0}, {4, 2, 1}, {0, 1, 0.5}, {2, 0, 0}, {0, 3, 1}, {3, 1, 0.5}};
	cc_club_rating r[5];
	cc_club_ratings_init(r, 5);
	for (size_t k = 0; k < 7; k++)
		cc_club_rate(r, &(cc_club_game){games[k].white, games[k].black, games[k].score}, NULL);
	const unsigned played[5] = {3, 3, 3, 3, 2};
	for (size_t i = 0; i < 5; i++) {
		cc_session_player pl = player(db, names[i]);
		ck_assert_uint_eq(pl.rating.games, played[i]);
		ck_assert_double_eq_tol(pl.rating.rating, r[i].rating, 1e-8);
	}
	/* Bruno's forfeit win is no win in his record either. */
	ck_assert_uint_eq(player(db, "Bruno").rating.wins, 0);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

/* Plays pairing (round, board) of event to winner (an event's own name). */
static void play_in(cc_session_db *db, const char *event, const char *white, const char *black, unsigned round,
                    unsigned board, cc_winner winner)
{
	cc_session *m = NULL;
	cc_error err = {0};
	ck_assert_msg(create_for(db, white, black, event, round, board, &m, &err) == CC_OK, "R%u B%u: %s", round,
	              board, err.message);
	ck_assert_int_eq(cc_session_apply(m, &(cc_event){.kind = CC_EV_START, .t_ms = 0}, &err), CC_OK);
	finish(m, winner, WALL_MS + round * 10000 + board);
	cc_session_destroy(m);
}

START_TEST(test_club_session_forfeits__early_withdrawal_cancels_and_half_bye)
{
	CLAUSES("CL-6.3 CL-6.4 CL-6.6");
	/* Six players; round 1 (Berger): Anne-Finn, Bruno-Eve, Chloé-Dmitri;
	 * round 2: Finn-Dmitri, Eve-Chloé, Anne-Bruno. Finn plays one game of
	 * five and withdraws: fewer than half, his results are cancelled
	 * (Anne's win over him counts nothing, his unplayed games are no
	 * games). Bruno asks a half-point bye in round 2: ½ to him, Anne has
	 * no opponent and the event's bye (1). */
	make_dir();
	cc_session_db *db = open_db();
	cc_error err = {0};
	const char *names[] = {"Anne", "Bruno", "Chloé", "Dmitri", "Eve", "Finn"};
	for (size_t i = 0; i < 6; i++)
		ck_assert_int_eq(cc_session_club_player_add(db, names[i], NULL, NULL, &err), CC_OK);
	ck_assert_int_eq(cc_session_club_event_create(db, "Winter", names, 6, false, CC_FORMAT_TWICE, CC_CATEGORY_FAST,
	                                              &err), CC_OK);
	play_in(db, "Winter", "Anne", "Finn", 1, 1, CC_WINNER_WHITE);
	play_in(db, "Winter", "Bruno", "Eve", 1, 2, CC_WINNER_WHITE);
	play_in(db, "Winter", "Chloé", "Dmitri", 1, 3, CC_WINNER_NONE);
	cc_session_withdrawal w;
	ck_assert_int_eq(cc_session_club_event_withdraw(db, "Winter", "Finn", 1, &w, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_WITHDRAW_ROUND_BEGUN);
	ck_assert_int_eq(cc_session_club_event_withdraw(db, "Winter", "Finn", 0, &w, &err), CC_OK);
	ck_assert_uint_eq(w.from_round, 2);
	ck_assert(w.cancelled);
	ck_assert_int_eq(cc_session_club_event_half_bye(db, "Winter", "Finn", 3, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_ALREADY_WITHDRAWN);
	ck_assert_int_eq(cc_session_club_event_half_bye(db, "Winter", "Bruno", 1, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_HALF_BYE_BEGUN);
	ck_assert_int_eq(cc_session_club_event_half_bye(db, "Winter", "Bruno", 2, &err), CC_OK);
	/* Neither Finn's games nor the bye's pairing is offered any more. */
	cc_session_offer *offers = NULL;
	size_t no = 0;
	ck_assert_int_eq(cc_session_club_offers(db, &offers, &no, &err), CC_OK);
	ck_assert_uint_gt(no, 0);
	for (size_t i = 0; i < no; i++) {
		ck_assert_str_ne(offers[i].pairing.white, "Finn");
		ck_assert_str_ne(offers[i].pairing.black, "Finn");
		ck_assert(!(offers[i].pairing.round == 2 && strcmp(offers[i].pairing.white, "Anne") == 0));
	}
	ck_assert_str_eq(offers[0].pairing.white, "Eve"); /* round 2, board 2: the first to play */
	free(offers);
	play_in(db, "Winter", "Eve", "Chloé", 2, 2, CC_WINNER_WHITE);

	cc_session_event ev;
	cc_session_pairing *p = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_club_event(db, "Winter", &ev, &p, &n, &err), CC_OK);
	/* 15 games less Finn's four unplayed and the half-point bye's pairing;
	 * his played game stays a game (finished, not counted). */
	ck_assert_uint_eq(ev.pairings, 10);
	ck_assert_uint_eq(ev.finished, 4);
	ck_assert_str_eq(p[0].result, "(1-0)");
	ck_assert_int_eq(p[0].outcome, CC_CLUB_OUT_VOID);
	ck_assert_str_eq(p[3].result, "void"); /* Finn-Dmitri */
	ck_assert_str_eq(p[5].result, "bye 1-1/2"); /* Anne 1 (no opponent), Bruno ½ (asked) */
	ck_assert_int_eq(p[5].outcome, CC_CLUB_OUT_HALF_BYE);
	free(p);

	cc_session_standing st[CC_CLUB_PLAYERS_MAX];
	unsigned count = 0;
	ck_assert_int_eq(cc_session_club_standings(db, "Winter", &ev, st, &count, &err), CC_OK);
	ck_assert_uint_eq(count, 6);
	/* Bruno 1 + ½, Anne 0 + 1, Eve 0 + 1, Chloé ½ + 0, Dmitri ½; Finn last, not counted. */
	ck_assert_double_eq(standing_of(st, count, "Bruno")->st.points, 1.5);
	ck_assert_double_eq(standing_of(st, count, "Anne")->st.points, 1.0);
	ck_assert_uint_eq(standing_of(st, count, "Anne")->st.wins, 0);
	ck_assert_uint_eq(standing_of(st, count, "Anne")->st.played, 0);
	ck_assert_uint_eq(standing_of(st, count, "Bruno")->st.played, 1);
	ck_assert_double_eq(standing_of(st, count, "Dmitri")->st.points, 0.5);
	ck_assert_str_eq(st[0].name, "Bruno");
	ck_assert_str_eq(st[5].name, "Finn");
	ck_assert(st[5].st.cancelled);
	ck_assert_uint_eq(st[5].st.withdrawn_from, 2);
	/* The game Finn played is still rated: ratings rate games (CL-6.3). */
	ck_assert_uint_eq(player(db, "Anne").rating.games, 1);
	ck_assert_uint_eq(player(db, "Finn").rating.games, 1);
	ck_assert_uint_eq(player(db, "Bruno").rating.games, 1);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

START_TEST(test_club_session_forfeits__bye_value_and_late_entry)
{
	CLAUSES("CL-6.5 CL-6.7 CL-3.2");
	make_dir();
	cc_session_db *db = open_db();
	cc_error err = {0};
	const char *names[] = {"Anne", "Bruno", "Chloé", "Dmitri", "Eve"};
	for (size_t i = 0; i < 5; i++)
		ck_assert_int_eq(cc_session_club_player_add(db, names[i], NULL, NULL, &err), CC_OK);
	/* A late entry takes the free seat of three: the table of four, same pairings. */
	ck_assert_int_eq(cc_session_club_event_create(db, "Late", names, 3, false, CC_FORMAT_TWICE, CC_CATEGORY_FAST,
	                                              &err), CC_OK);
	ck_assert_int_eq(cc_session_club_event_enter(db, "Late", "Anne", &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_ALREADY_IN_EVENT);
	ck_assert_int_eq(cc_session_club_event_enter(db, "Late", "Dmitri", &err), CC_OK);
	cc_session_event ev;
	cc_session_pairing *p = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_club_event(db, "Late", &ev, &p, &n, &err), CC_OK);
	ck_assert_uint_eq(ev.players, 4);
	ck_assert_uint_eq(n, 6);
	ck_assert_uint_eq(ev.pairings, 6);
	cc_club_pairing table[6];
	ck_assert_int_eq(cc_club_berger(4, false, table, 6, NULL), CC_OK);
	for (size_t i = 0; i < n; i++) {
		ck_assert(!p[i].bye);
		ck_assert_str_eq(p[i].white, names[table[i].white]);
		ck_assert_str_eq(p[i].black, names[table[i].black]);
	}
	free(p);
	ck_assert_int_eq(cc_session_club_event_enter(db, "Late", "Eve", &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_LATE_ENTRY_NO_SEAT);
	/* A bye worth ½ (CL-6.5); once a round has begun, neither the bye's
	 * value nor the table changes. Round 1 of three: Anne's bye, Bruno-Chloé. */
	ck_assert_int_eq(cc_session_club_event_create(db, "Half", names, 3, false, CC_FORMAT_TWICE, CC_CATEGORY_FAST,
	                                              &err), CC_OK);
	ck_assert_int_eq(cc_session_club_event_bye_value(db, "Half", 1, &err), CC_OK);
	play_in(db, "Half", "Bruno", "Chloé", 1, 2, CC_WINNER_WHITE);
	ck_assert_int_eq(cc_session_club_event_bye_value(db, "Half", 2, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_BYE_VALUE_FIXED);
	ck_assert_int_eq(cc_session_club_event_enter(db, "Half", "Dmitri", &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_LATE_ENTRY_BEGUN);
	cc_session_standing st[CC_CLUB_PLAYERS_MAX];
	unsigned count = 0;
	ck_assert_int_eq(cc_session_club_standings(db, "Half", &ev, st, &count, &err), CC_OK);
	ck_assert_uint_eq(ev.bye_halves, 1);
	ck_assert_double_eq(standing_of(st, count, "Anne")->st.points, 0.5);
	ck_assert_uint_eq(standing_of(st, count, "Anne")->st.played, 0);
	ck_assert_uint_eq(ev.pairings, 3); /* three games, no bye among them (CL-6.6) */
	ck_assert_uint_eq(ev.finished, 1);
	cc_session_db_close(db);
	remove_dir();
}
END_TEST

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

static Suite *club_session_suite(void)
{
	Suite *s = suite_create("club_session");
	TCase *registry = tcase_create("registry");
	TCase *ratings = tcase_create("ratings");
	TCase *events = tcase_create("events");
	tcase_set_timeout(registry, 300);
	tcase_set_timeout(ratings, 300);
	tcase_set_timeout(events, 300);
	tcase_add_test(registry, test_club_session_registry__one_player_per_folded_name);
	tcase_add_test(registry, test_club_session_registry__match_players_created_when_absent);
	tcase_add_test(registry, test_club_session_migration__one_player_per_distinct_name);
	tcase_add_test(ratings, test_club_session_ratings__unrated_and_self_never_count);
	tcase_add_test(ratings, test_club_session_ratings__replayed_in_the_order_matches_ended);
	tcase_add_test(ratings, test_club_session_ratings__undo_after_the_end_changes_them);
	tcase_add_test(ratings, test_club_session_ratings__a_chess_game_counts_in_its_own_list);
	tcase_add_test(ratings, test_club_session_registry__unnamed_match_registers_no_one);
	tcase_add_test(ratings, test_club_session_h2h__wins_draws_and_last_five);
	tcase_add_test(events, test_club_session_event__match_fills_its_pairing);
	tcase_add_test(registry, test_club_session_registry__search_by_prefix_of_name_or_word);
	tcase_add_test(events, test_club_session_event__offers_newest_open_event_first);
	tcase_add_test(events, test_club_session_event__pairing_taken_first_is_refused);
	tcase_add_test(ratings, test_club_session_describe__rating_change_and_why_not);
	tcase_add_test(ratings, test_club_session_ratings__cache_is_the_full_replay);
	tcase_add_test(ratings, test_club_session_correct__late_correction_is_the_result_in_the_first_place);
	tcase_add_test(ratings, test_club_session_correct__refusals);
	tcase_add_test(ratings, test_club_session_correct__list_row_has_the_club_result);
	tcase_add_test(ratings, test_club_session_list__newest_in_play_first_each_kind_limited);
	tcase_add_test(ratings, test_club_session_correct__described_with_who_when_why);
	tcase_add_test(events, test_club_session_event__fixes_board_clock_and_claims);
	tcase_add_test(events, test_club_session_event__a_term_its_format_has_not_is_refused);
	tcase_add_test(events, test_club_session_event__closed_not_offered_and_deleted_only_unplayed);
	tcase_add_test(events, test_club_session_event__cancel_frees_the_pairing_with_its_reason);
	tcase_add_test(events, test_club_session_event__player_on_two_boards_is_warned);
	tcase_add_test(events, test_club_session_forfeits__withdrawal_and_forfeit_hand_worked_table);
	tcase_add_test(events, test_club_session_forfeits__early_withdrawal_cancels_and_half_bye);
	tcase_add_test(events, test_club_session_forfeits__bye_value_and_late_entry);
	tcase_add_test(registry, test_club_session_players__elo_finds_elodie_and_a_second_spelling_is_refused);
	tcase_add_test(registry, test_club_session_players__migration_folds_keys_and_renames_the_later_of_two);
	tcase_add_test(ratings, test_club_session_players__merge_rates_as_if_always_one);
	tcase_add_test(registry, test_club_session_players__merge_refused_for_opponents_and_one_event);
	tcase_add_test(registry, test_club_session_players__delete_only_without_games_and_edit);
	suite_add_tcase(s, registry);
	suite_add_tcase(s, ratings);
	suite_add_tcase(s, events);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(club_session_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
