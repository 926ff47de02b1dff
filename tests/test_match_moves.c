/*
 * test_match_moves.c: the match core in moves recording (record=moves),
 * where every move carries its SAN or UCI text and the core keeps the
 * board: reading moves, check seen on the board, the end, the Twice double
 * move, lost moves, draw states, undo and replay. The clock-key stamps are in
 * test_match_moves_stamps.c. Each test declares the clauses it checks
 * (CLAUSES, clauses.h).
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "match_moves_fixture.h"

/* ---- reading moves ------------------------------------------------------------ */

/* arbiter forms and UCI are read against the board */
START_TEST(test_match_moves_read__lenient_forms_and_uci)
{
	CLAUSES("CH-3.3 CH-3.4");
	int64_t t = 0;
	cc_match *m = new_moves_match(CC_FORMAT_TIME, CC_CATEGORY_FAST);
	ok(m, cc_event_start(t));
	PLAY(m, &t, "e2e4", "e5", "nf3", "Nc6", "Bc4", "Bc5", "0-0");
	cc_match_view v = view_at(m, t);
	ck_assert(v.has_board);
	ck_assert_str_eq(v.fen, "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
	ck_assert_str_eq(v.last_move_san, "O-O");
	ck_assert_uint_eq(v.plies, 7);
	ck_assert_uint_eq(cc_match_ply_count(m), 7);
	ck_assert_str_eq(cc_match_ply_at(m, 0)->san, "e4");
	ck_assert_str_eq(cc_match_ply_at(m, 2)->san, "Nf3");
	ck_assert_int_eq(cc_match_ply_at(m, 2)->kind, CC_PLY_MOVE);
	ck_assert_int_eq(cc_match_ply_at(m, 1)->side, B);
	ck_assert_int_eq(cc_match_ply_at(m, 6)->t_ms, 7000);
	ck_assert_ptr_null(cc_match_ply_at(m, 7));
	ck_assert_int_eq(cc_match_position(m)->to_move, B);
	cc_match_destroy(m);
}
END_TEST

/* an illegal or unreadable move is refused with the reason, state untouched */
START_TEST(test_match_moves_read__illegal_move_refused_state_untouched)
{
	CLAUSES("RU-13 CH-3.5");
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(1000, W, "e4"));
	refused(m, cc_event_move_text(2000, B, "e4"), CC_ERR_ILLEGAL_MOVE);
	refused(m, cc_event_move_text(2000, B, "Ke7"), CC_ERR_ILLEGAL_MOVE);
	refused(m, cc_event_move_text(2000, B, "zz9"), CC_ERR_ILLEGAL_MOVE);
	refused(m, cc_event_move_text(2000, B, ""), CC_ERR_ILLEGAL_MOVE);
	refused(m, cc_event_move_text(2000, W, "d4"), CC_ERR_WRONG_SIDE);
	cc_error err = {0};
	cc_event ev = cc_event_move_text(2000, B, "Nf5");
	ck_assert_int_eq(cc_match_apply(m, &ev, &err), CC_ERR_ILLEGAL_MOVE);
	ck_assert_str_eq(err.message, "'Nf5' is not a legal move for Black here");
	ck_assert_uint_eq(cc_match_ply_count(m), 1);
	ck_assert_int_eq(view_at(m, 2000).moves[B], 0);
	ok(m, cc_event_move_text(2000, B, "e5"));
	cc_match_destroy(m);
}
END_TEST

/* checking a move predicts applying it, and changes nothing */
START_TEST(test_match_moves_read__check_predicts_apply)
{
	CLAUSES("RU-13");
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(0));
	/* White's 20 s run out at 23 000 ms: the check of the move at 24 000 ms
	 * plays that pass on a copy, and must predict the view after it. */
	static const struct {
		int64_t t;
		const char *text;
	} moves[] = {{1000, "e4"}, {2000, "e4"},   {3000, "e5"},  {24000, "Nc6"}, {25000, "Qh5"},
	             {26000, "Nf6"}, {27000, "Bc4"}, {28000, "d6"}, {29000, "Qxf7"}, {30000, "a6"}};
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		int64_t t = moves[i].t;
		cc_match_view before = view_at(m, cc_match_last_time(m)), predicted, applied;
		cc_side side = view_at(m, t).to_move;
		cc_event ev = cc_event_move_text(t, side, moves[i].text);
		cc_error check_err = {0}, apply_err = {0};
		cc_err checked = cc_match_check(m, &ev, &predicted, &check_err);
		cc_match_view unchanged = view_at(m, cc_match_last_time(m));
		ck_assert(memcmp(&before, &unchanged, sizeof before) == 0);
		cc_err rc = cc_match_apply(m, &ev, &apply_err);
		ck_assert_int_eq(checked, rc);
		ck_assert_str_eq(check_err.message, apply_err.message);
		if (rc == CC_OK) {
			applied = view_at(m, t);
			ck_assert(memcmp(&predicted, &applied, sizeof applied) == 0);
		}
	}
	cc_match_view v = view_at(m, 30000);
	ck_assert_int_eq(v.winner, CC_WINNER_WHITE);
	ck_assert_int_eq(v.reason, CC_REASON_CHECKMATE);
	ck_assert_str_eq(cc_match_ply_at(m, 2)->san, "--");
	ck_assert_uint_eq(cc_match_ply_count(m), 9);
	cc_match_destroy(m);
}
END_TEST

/* ---- check, seen on the board ------------------------------------------------ */

/* Time FAST, an Italian game up to Black's 6th and last move of block 1. */
static cc_match *giuoco_before_last_move(int64_t *t)
{
	cc_match *m = new_moves_match(CC_FORMAT_TIME, CC_CATEGORY_FAST);
	ok(m, cc_event_start(*t));
	PLAY(m, t, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4");
	return m;
}

/* the board sees the last quota move give check; the parry is outside the quota */
START_TEST(test_match_moves_check__parry_outside_quota_by_itself)
{
	CLAUSES("CO-4.1 CO-4.2");
	int64_t t = 0;
	cc_match *m = giuoco_before_last_move(&t);
	cc_match_view v = view_at(m, t);
	ck_assert(!v.check);
	/* the arbiter's check mark is ignored: the board decides */
	cc_event ev = cc_event_move_text(t += 1000, B, "Bb4");
	ev.gives_check = false;
	ok(m, ev);
	v = view_at(m, t);
	ck_assert(v.check);
	ck_assert(v.closing);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
	ck_assert_str_eq(v.last_move_san, "Bb4+");
	ok(m, cc_event_move_text(t += 1000, W, "Bd2"));
	v = view_at(m, t);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
	ck_assert_int_eq(v.moves[W], 6);
	ok(m, cc_event_cube(t += 1000, W, 2000));
	ok(m, cc_event_cube(t, B, 2100));
	ck_assert_int_eq(cc_match_block_at(m, 0)->extra[W], 1);
	cc_match_destroy(m);
}
END_TEST

/* a quiet move marked as check by mistake does not keep the block open */
START_TEST(test_match_moves_check__mark_ignored_for_quiet_move)
{
	CLAUSES("CO-4.2");
	int64_t t = 0;
	cc_match *m = giuoco_before_last_move(&t);
	cc_event ev = cc_event_move_text(t += 1000, B, "Bb6");
	ev.gives_check = true;
	ok(m, ev);
	cc_match_view v = view_at(m, t);
	ck_assert(!v.check);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
	cc_match_destroy(m);
}
END_TEST

/* ---- the end ------------------------------------------------------------------- */

/* a mating move ends the match, won by the player who played it */
START_TEST(test_match_moves_end__checkmate_ends_match)
{
	CLAUSES("CO-5.1 CH-4.1");
	int64_t t = 0;
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(t));
	PLAY(m, &t, "f3", "e5", "g4", "Qh4");
	cc_match_view v = view_at(m, t + 60000);
	ck_assert(v.over);
	ck_assert_int_eq(v.phase, CC_PHASE_OVER);
	ck_assert_int_eq(v.winner, CC_WINNER_BLACK);
	ck_assert_int_eq(v.reason, CC_REASON_CHECKMATE);
	ck_assert_str_eq(v.last_move_san, "Qh4#");
	ck_assert_uint_eq(v.legal_moves, 0);
	ck_assert(!v.stalemate);
	ck_assert_uint_eq(v.draws, 0);
	refused(m, cc_event_move_text(t + 1000, W, "a3"), CC_ERR_OVER);
	refused(m, cc_event_mate(t + 1000), CC_ERR_OVER);
	cc_match_destroy(m);
}
END_TEST

/* in moves recording the arbiter does not declare mate */
START_TEST(test_match_moves_end__mate_event_refused)
{
	CLAUSES("RU-22");
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(1000, W, "e4"));
	refused(m, cc_event_mate(2000), CC_ERR_NO_MOVE);
	cc_match_destroy(m);
}
END_TEST

/* ---- the Twice double move ------------------------------------------------------ */

/*
 * Twice FAST, block 1 of an Italian game, then the cube phase won by
 * winner. Board: White to move, Bxf7+ available.
 */
static cc_match *italian_after_block1(cc_side winner, int64_t *t)
{
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	*t = 0;
	ok(m, cc_event_start(*t));
	PLAY(m, t, "e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "d3", "Be7", "O-O", "O-O", "Nc3", "d6");
	ok(m, cc_event_cube(*t += 10000, winner, 1500));
	ok(m, cc_event_cube(*t, cc_side_other(winner), 1600));
	return m;
}

/* a free move giving check is refused; after a quiet one the other side passes */
START_TEST(test_match_moves_twice__free_move_check_refused)
{
	CLAUSES("TW-6.2 RU-21");
	int64_t t;
	cc_match *m = italian_after_block1(W, &t);
	ck_assert_int_eq(view_at(m, t).double_move, CC_DOUBLE_FREE);
	ok(m, cc_event_start(t += 1000));
	cc_event ev = cc_event_move_text(t + 1000, W, "Bxf7+");
	ev.gives_check = false; /* the board sees the check, whatever the arbiter marks */
	refused(m, ev, CC_ERR_FREE_MOVE_CHECK);
	ok(m, cc_event_move_text(t += 1000, W, "h3"));
	cc_match_view v = view_at(m, t);
	ck_assert_int_eq(v.double_move, CC_DOUBLE_SECOND);
	ck_assert_int_eq(v.to_move, W);
	ck_assert_int_eq(fen_side(&v), 'w');
	ck_assert_int_eq(v.moves[W], 0);
	ck_assert_uint_eq(cc_match_ply_count(m), 14);
	ck_assert_int_eq(cc_match_ply_at(m, 12)->kind, CC_PLY_FREE);
	ck_assert_int_eq(cc_match_ply_at(m, 13)->kind, CC_PLY_PASS);
	ck_assert_int_eq(cc_match_ply_at(m, 13)->side, B);
	ck_assert_str_eq(cc_match_ply_at(m, 13)->san, "--");
	ck_assert_int_eq(cc_match_ply_at(m, 13)->block, 2);
	/* TW-6.3: the second move counts and may give check */
	ok(m, cc_event_move_text(t += 1000, W, "Bxf7+"));
	v = view_at(m, t);
	ck_assert(v.check);
	ck_assert_int_eq(v.moves[W], 1);
	ck_assert_int_eq(v.to_move, B);
	cc_match_destroy(m);
}
END_TEST

/* the second move may not take a queen; it may take a minor piece */
START_TEST(test_match_moves_twice__second_move_capture_restricted)
{
	CLAUSES("TW-6.6 TW-6.3");
	int64_t t;
	cc_match *m = scandinavian_double_move(&t);
	ok(m, cc_event_start(t += 1000));
	/* the free move uncovers Bd2 on the queen at a5 */
	ok(m, cc_event_move_text(t += 1000, W, "Ne4"));
	refused(m, cc_event_move_text(t + 1000, W, "Bxa5"), CC_ERR_ILLEGAL_MOVE);
	cc_error err = {0};
	cc_event ev = cc_event_move_text(t + 1000, W, "Bxa5");
	ck_assert_int_eq(cc_match_apply(m, &ev, &err), CC_ERR_ILLEGAL_MOVE);
	ck_assert_int_eq(err.msg, CC_MSG_SECOND_MOVE_TAKES_QUEEN);
	ck_assert_str_eq(err.args[0].text, "Bxa5");
	ok(m, cc_event_move_text(t += 1000, W, "Nxf6+"));
	cc_match_view v = view_at(m, t);
	ck_assert(v.check);
	ck_assert_int_eq(v.moves[W], 1);
	ck_assert_int_eq(v.double_move, CC_DOUBLE_NONE);
	ck_assert_str_eq(v.last_move_san, "Nxf6+");
	/* once the double move is over, any capture is a normal move */
	ok(m, cc_event_move_text(t += 1000, B, "exf6"));
	ok(m, cc_event_move_text(t += 1000, W, "Bxa5"));
	cc_match_destroy(m);
}
END_TEST

/* the winner who made the last move starts: the other side passes */
START_TEST(test_match_moves_twice__last_mover_starts_after_pass)
{
	CLAUSES("TW-3.3 TW-6.1 RU-21");
	int64_t t;
	cc_match *m = italian_after_block1(B, &t);
	cc_match_view v = view_at(m, t);
	ck_assert_int_eq(v.double_move, CC_DOUBLE_NONE);
	ck_assert_int_eq(v.to_move, B);
	ck_assert_int_eq(fen_side(&v), 'b');
	ck_assert_str_eq(v.last_move_san, "--");
	ck_assert_int_eq(cc_match_ply_at(m, 12)->kind, CC_PLY_PASS);
	ck_assert_int_eq(cc_match_ply_at(m, 12)->side, W);
	ok(m, cc_event_start(t += 1000));
	ok(m, cc_event_move_text(t += 1000, B, "Bg4"));
	cc_match_destroy(m);
}
END_TEST

/* ---- lost moves ------------------------------------------------------------------- */

/* a lost move is a pass on the board */
START_TEST(test_match_moves_lost__pass_flips_side_to_move)
{
	CLAUSES("TW-4.2 RU-21 CH-2.5");
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(1000, W, "e4"));
	/* Black's 20 s run out at 21 000 ms; a view sees the pass, the match does not change */
	cc_match_view v = view_at(m, 21001);
	ck_assert_int_eq(v.lost[B], 1);
	ck_assert_int_eq(v.to_move, W);
	ck_assert_str_eq(v.fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
	ck_assert_str_eq(v.last_move_san, "--");
	ck_assert_uint_eq(v.plies, 2);
	ck_assert_uint_eq(cc_match_ply_count(m), 1);
	ck_assert_int_eq(cc_match_position(m)->to_move, B);
	ok(m, cc_event_tick(21001));
	ck_assert_uint_eq(cc_match_ply_count(m), 2);
	ck_assert_int_eq(cc_match_ply_at(m, 1)->kind, CC_PLY_LOST);
	ck_assert_int_eq(cc_match_ply_at(m, 1)->side, B);
	ck_assert_int_eq(cc_match_ply_at(m, 1)->t_ms, 21000);
	ok(m, cc_event_move_text(22000, W, "d4"));
	ck_assert_str_eq(view_at(m, 22000).fen, "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 2");
	cc_match_destroy(m);
}
END_TEST

/* a player in check whose move is lost keeps the turn: no pass */
START_TEST(test_match_moves_lost__in_check_keeps_turn)
{
	CLAUSES("RU-8 RU-21");
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(1000, W, "e4"));
	ok(m, cc_event_move_text(2000, B, "f6"));
	ok(m, cc_event_move_text(3000, W, "Qh5"));
	ok(m, cc_event_tick(23001));
	cc_match_view v = view_at(m, 23001);
	ck_assert_int_eq(v.lost[B], 1);
	ck_assert_int_eq(v.moves[B], 2);
	ck_assert_int_eq(v.to_move, B);
	ck_assert(v.check);
	ck_assert_int_eq(fen_side(&v), 'b');
	ck_assert_str_eq(v.last_move_san, "Qh5+");
	ck_assert_uint_eq(cc_match_ply_count(m), 3);
	refused(m, cc_event_move_text(24000, B, "a6"), CC_ERR_ILLEGAL_MOVE);
	ok(m, cc_event_move_text(24000, B, "g6"));
	ck_assert(!view_at(m, 24000).check);
	cc_match_destroy(m);
}
END_TEST

/* a quota used up in check hands the turn over with a pass on the board */
START_TEST(test_match_moves_lost__used_up_quota_hands_over)
{
	CLAUSES("RU-3 RU-21");
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(1000, W, "e4"));
	ok(m, cc_event_move_text(2000, B, "f6"));
	ok(m, cc_event_move_text(3000, W, "Qh5"));
	/* five lost moves in check: Black's quota (6) is used up */
	cc_match_view v = view_at(m, 103001);
	ck_assert_int_eq(v.moves[B], 6);
	ck_assert_int_eq(v.to_move, B);
	ok(m, cc_event_move_text(104000, B, "g6")); /* the parry, outside the quota */
	ok(m, cc_event_move_text(105000, W, "Nf3"));
	v = view_at(m, 105000);
	ck_assert_int_eq(v.to_move, W);
	ck_assert_int_eq(fen_side(&v), 'w');
	ck_assert_str_eq(v.last_move_san, "--");
	const cc_match_ply *pass = cc_match_ply_at(m, cc_match_ply_count(m) - 1);
	ck_assert_int_eq(pass->kind, CC_PLY_PASS);
	ck_assert_int_eq(pass->side, B);
	cc_match_destroy(m);
}
END_TEST

/* ---- draw states ------------------------------------------------------------------- */

/* stalemate is shown to the arbiter; the match goes on */
START_TEST(test_match_moves_draw__stalemate_reported_match_goes_on)
{
	CLAUSES("RU-19 CH-4.2");
	int64_t t = 0;
	cc_match *m = new_moves_match(CC_FORMAT_TIME, CC_CATEGORY_MASTERS);
	ok(m, cc_event_start(t));
	PLAY(m, &t, "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7", "Qxb7",
	     "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6");
	cc_match_view v = view_at(m, t);
	ck_assert(v.stalemate);
	ck_assert_uint_eq(v.draws, CC_CHESS_DRAW_STALEMATE);
	ck_assert_uint_eq(v.legal_moves, 0);
	ck_assert(!v.check);
	ck_assert(!v.over);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
	ck_assert_int_eq(v.to_move, B);
	refused(m, cc_event_move_text(t + 1000, B, "Kh7"), CC_ERR_ILLEGAL_MOVE);
	ck_assert_int_eq(view_at(m, 180001).phase, CC_PHASE_CUBE);
	ok(m, cc_event_arbiter(t + 2000, CC_WINNER_NONE, "stalemate"));
	cc_match_destroy(m);
}
END_TEST

/* a threefold repetition is shown as information */
START_TEST(test_match_moves_draw__threefold_repetition_reported)
{
	CLAUSES("RU-20 CH-4.4");
	int64_t t = 0;
	cc_match *m = new_moves_match(CC_FORMAT_TIME, CC_CATEGORY_FAST);
	ok(m, cc_event_start(t));
	PLAY(m, &t, "Nf3", "Nf6", "Ng1", "Ng8");
	cc_match_view v = view_at(m, t);
	ck_assert_uint_eq(v.repetitions, 2);
	ck_assert_uint_eq(v.draws, 0);
	PLAY(m, &t, "Nf3", "Nf6", "Ng1", "Ng8");
	v = view_at(m, t);
	ck_assert_uint_eq(v.repetitions, 3);
	ck_assert_uint_eq(v.draws, CC_CHESS_DRAW_THREEFOLD);
	ck_assert(!v.over);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
	cc_match_destroy(m);
}
END_TEST

/* ---- undo and replay ------------------------------------------------------------------ */

/* undo restores the board, and the passes time had made stay */
START_TEST(test_match_moves_undo__restores_board)
{
	CLAUSES("RU-14 CH-2.8");
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(1000, W, "e4"));
	ok(m, cc_event_move_text(2000, B, "e5"));
	cc_match_view before = view_at(m, 2000);
	ok(m, cc_event_move_text(3000, W, "Nf3"));
	ok(m, cc_event_undo(4000));
	cc_match_view after = view_at(m, 4000);
	ck_assert_str_eq(after.fen, before.fen);
	ck_assert_str_eq(after.last_move_san, "e5");
	ck_assert_uint_eq(cc_match_ply_count(m), 2);
	ok(m, cc_event_move_text(5000, W, "Nc3"));
	ck_assert_str_eq(cc_match_ply_at(m, 2)->san, "Nc3");
	/* Black's move is lost at 25 000 ms, then Black's next event is undone */
	ok(m, cc_event_move_text(30000, W, "d3"));
	ck_assert_uint_eq(cc_match_ply_count(m), 5);
	ck_assert_int_eq(cc_match_ply_at(m, 3)->kind, CC_PLY_LOST);
	ok(m, cc_event_undo(31000));
	ck_assert_uint_eq(cc_match_ply_count(m), 4);
	after = view_at(m, 31000);
	ck_assert_int_eq(fen_side(&after), 'w');
	ck_assert_str_eq(after.last_move_san, "--");
	cc_match_destroy(m);
}
END_TEST

/* replaying the accepted events gives the same board and plies */
START_TEST(test_match_moves_replay__live_and_replayed_identical)
{
	CLAUSES("RU-13 RU-14");
	int64_t t;
	cc_match *m = italian_after_block1(W, &t);
	ok(m, cc_event_start(t += 500));
	refused(m, cc_event_move_text(t + 1000, W, "Bxf7+"), CC_ERR_FREE_MOVE_CHECK);
	ok(m, cc_event_move_text(t += 1000, W, "a3"));
	ok(m, cc_event_move_text(t += 25000, B, "a6")); /* White's second move was lost */
	ok(m, cc_event_move_text(t += 1000, W, "Bxf7+"));
	ok(m, cc_event_undo(t += 1000));
	ok(m, cc_event_move_text(t += 1000, W, "Be3"));
	ok(m, cc_event_tick(t += 3000));
	assert_replay_identical(m, t, 200000);
	cc_match_destroy(m);
}
END_TEST

/* count recording has no board; moves recording starts from the start position */
START_TEST(test_match_moves_read__count_recording_has_no_board)
{
	CLAUSES("RU-13");
	cc_match *m = new_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST, 1);
	ck_assert_ptr_null(cc_match_position(m));
	ck_assert(!view_at(m, 0).has_board);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move(1000, W, false));
	ck_assert_uint_eq(cc_match_ply_count(m), 0);
	cc_match_destroy(m);
	m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	cc_match_view v = view_at(m, 0);
	ck_assert_str_eq(v.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	ck_assert_str_eq(v.last_move_san, "");
	ck_assert_uint_eq(v.legal_moves, 20);
	cc_match_destroy(m);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("match_moves");
	TCase *tc = tcase_create("read");
	tcase_add_test(tc, test_match_moves_read__lenient_forms_and_uci);
	tcase_add_test(tc, test_match_moves_read__illegal_move_refused_state_untouched);
	tcase_add_test(tc, test_match_moves_read__check_predicts_apply);
	tcase_add_test(tc, test_match_moves_read__count_recording_has_no_board);
	suite_add_tcase(s, tc);
	tc = tcase_create("check");
	tcase_add_test(tc, test_match_moves_check__parry_outside_quota_by_itself);
	tcase_add_test(tc, test_match_moves_check__mark_ignored_for_quiet_move);
	suite_add_tcase(s, tc);
	tc = tcase_create("end");
	tcase_add_test(tc, test_match_moves_end__checkmate_ends_match);
	tcase_add_test(tc, test_match_moves_end__mate_event_refused);
	suite_add_tcase(s, tc);
	tc = tcase_create("twice");
	tcase_add_test(tc, test_match_moves_twice__free_move_check_refused);
	tcase_add_test(tc, test_match_moves_twice__second_move_capture_restricted);
	tcase_add_test(tc, test_match_moves_twice__last_mover_starts_after_pass);
	suite_add_tcase(s, tc);
	tc = tcase_create("lost");
	tcase_add_test(tc, test_match_moves_lost__pass_flips_side_to_move);
	tcase_add_test(tc, test_match_moves_lost__in_check_keeps_turn);
	tcase_add_test(tc, test_match_moves_lost__used_up_quota_hands_over);
	suite_add_tcase(s, tc);
	tc = tcase_create("draw");
	tcase_add_test(tc, test_match_moves_draw__stalemate_reported_match_goes_on);
	tcase_add_test(tc, test_match_moves_draw__threefold_repetition_reported);
	suite_add_tcase(s, tc);
	tc = tcase_create("corrections");
	tcase_add_test(tc, test_match_moves_undo__restores_board);
	tcase_add_test(tc, test_match_moves_replay__live_and_replayed_identical);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
