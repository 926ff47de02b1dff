/*
 * test_club_session_events.c: an event through the session and the record
 * (session_club.h, rules/club.md): what it fixes for its boards (CL-8),
 * closing, deleting and cancelling, a player on two boards, forfeits,
 * withdrawals and byes (CL-6). Split from test_club_session.c; the fixture
 * is club_session_fixture.h.
 */
#include "club_session_fixture.h"

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

static Suite *club_session_events_suite(void)
{
	Suite *s = suite_create("club_session_events");
	TCase *events = tcase_create("events");
	tcase_set_timeout(events, 300);
	tcase_add_test(events, test_club_session_event__fixes_board_clock_and_claims);
	tcase_add_test(events, test_club_session_event__a_term_its_format_has_not_is_refused);
	tcase_add_test(events, test_club_session_event__closed_not_offered_and_deleted_only_unplayed);
	tcase_add_test(events, test_club_session_event__cancel_frees_the_pairing_with_its_reason);
	tcase_add_test(events, test_club_session_event__player_on_two_boards_is_warned);
	tcase_add_test(events, test_club_session_forfeits__withdrawal_and_forfeit_hand_worked_table);
	tcase_add_test(events, test_club_session_forfeits__early_withdrawal_cancels_and_half_bye);
	tcase_add_test(events, test_club_session_forfeits__bye_value_and_late_entry);
	suite_add_tcase(s, events);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(club_session_events_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
