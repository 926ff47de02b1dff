/*
 * test_club_session_ratings.c: the club's ratings through the session and
 * the record (session_club.h, rules/club.md): the rating cache against the
 * full replay (CL-2.12), a club correction and what it changes (CL-5), the
 * list of matches with the club's result. Split from test_club_session.c;
 * the fixture is club_session_fixture.h.
 */
#include "club_session_fixture.h"

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

static Suite *club_session_ratings_suite(void)
{
	Suite *s = suite_create("club_session_ratings");
	TCase *ratings = tcase_create("ratings");
	tcase_set_timeout(ratings, 300);
	tcase_add_test(ratings, test_club_session_ratings__cache_is_the_full_replay);
	tcase_add_test(ratings, test_club_session_correct__late_correction_is_the_result_in_the_first_place);
	tcase_add_test(ratings, test_club_session_correct__refusals);
	tcase_add_test(ratings, test_club_session_correct__list_row_has_the_club_result);
	tcase_add_test(ratings, test_club_session_list__newest_in_play_first_each_kind_limited);
	tcase_add_test(ratings, test_club_session_correct__described_with_who_when_why);
	suite_add_tcase(s, ratings);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(club_session_ratings_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
