/*
 * test_club_session.c: the club through the session and the record
 * (session_club.h, rules/club.md): the registry, the migration of older
 * records, what counts for the ratings and in which order, undo after the
 * end, the head-to-head, and events filled by their matches (and the
 * PGN's club tags). The rating cache and corrections are in
 * test_club_session_ratings.c, what an event fixes and its forfeits in
 * test_club_session_events.c, the players' list in
 * test_club_session_players.c; their fixture in club_session_fixture.h.
 */
#include "club_session_fixture.h"

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
