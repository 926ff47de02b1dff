/*
 * test_match_moves.c: the match core in moves recording (record=moves),
 * where every move carries its SAN or UCI text and the core keeps the
 * board. Each test declares the clauses it checks (CLAUSES, clauses.h).
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "match_helpers.h"

#define W CC_SIDE_WHITE
#define B CC_SIDE_BLACK

static cc_match *new_moves_match(cc_format format, cc_category category)
{
	return new_recording_match(format, category, 7, CC_RECORD_MOVES);
}

/* Plays the moves of sans, one every second after *t, for whoever is to move. */
static void play_line(cc_match *m, int64_t *t, const char *const *sans, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		*t += 1000;
		cc_side side = view_at(m, *t).to_move;
		cc_error err = {0};
		cc_event ev = cc_event_move_text(*t, side, sans[i]);
		ck_assert_msg(cc_match_apply(m, &ev, &err) == CC_OK, "%s refused: %s", sans[i], err.message);
	}
}

#define PLAY(m, t, ...)                                                                \
	do {                                                                           \
		static const char *const line_[] = {__VA_ARGS__};                      \
		play_line(m, t, line_, sizeof line_ / sizeof line_[0]);                \
	} while (0)

/* The side to move field of the view's FEN ("w" or "b"). */
static char fen_side(const cc_match_view *v)
{
	const char *space = strchr(v->fen, ' ');
	ck_assert(space != NULL);
	return space[1];
}

/*
 * Twice FAST, block 1 of a Scandinavian (White starts, Black moves last),
 * then White wins the cube phase: White has a double move in block 2,
 * not started yet. Board: White to move, Black's queen on a5 behind Nc3.
 */
static cc_match *scandinavian_double_move(int64_t *t)
{
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	*t = 0;
	ok(m, cc_event_start(*t));
	PLAY(m, t, "e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "Nf3", "Nf6", "d4", "Bg4", "Bd2", "c6");
	ck_assert_int_eq(view_at(m, *t).phase, CC_PHASE_CUBE);
	ok(m, cc_event_cube(*t += 10000, W, 1500));
	ok(m, cc_event_cube(*t, B, 1600));
	ck_assert_int_eq(view_at(m, *t).double_move, CC_DOUBLE_FREE);
	return m;
}

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

/* The record replayed through a new match gives the same views, plies and board. */
static void assert_replay_identical(const cc_match *m, int64_t t, int64_t span)
{
	cc_match *copy = replay_record(m);
	for (int64_t at = t; at < t + span; at += 4321) {
		cc_match_view a = view_at(m, at), b = view_at(copy, at);
		ck_assert(memcmp(&a, &b, sizeof a) == 0);
	}
	ck_assert_uint_eq(cc_match_ply_count(copy), cc_match_ply_count(m));
	for (size_t i = 0; i < cc_match_ply_count(m); i++)
		ck_assert(memcmp(cc_match_ply_at(m, i), cc_match_ply_at(copy, i), sizeof(cc_match_ply)) == 0);
	ck_assert(memcmp(cc_match_position(m), cc_match_position(copy), sizeof(cc_chess_position)) == 0);
	cc_match_destroy(copy);
}

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

/* ---- RU-35: clock-key stamps and their SAN ---------------------------------- */

/* the stamps wait in the view, the board before them; each SAN stands at its stamp */
START_TEST(test_match_moves_stamps__san_stands_at_its_stamp)
{
	CLAUSES("RU-35");
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(0));
	refused(m, cc_event_san(1000, "e4"), CC_ERR_NO_MOVE);
	ok(m, cc_event_press(14200, W));
	refused(m, cc_event_press(15000, W), CC_ERR_WRONG_SIDE);
	ok(m, cc_event_press(17900, B));
	cc_match_view v = view_at(m, 18000);
	ck_assert_uint_eq(v.stamps, 2);
	ck_assert_int_eq(v.stamp[0].side, W);
	ck_assert_int_eq(v.stamp[0].t_ms, 14200);
	ck_assert_int_eq(v.stamp[0].block_ms, 14200);
	ck_assert_int_eq(v.stamp[1].side, B);
	ck_assert_int_eq(v.stamp[1].t_ms, 17900);
	ck_assert_str_eq(v.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	ck_assert_int_eq(v.to_move, W);
	ck_assert_int_eq(v.move_ms_left, 19900); /* White's clock runs from Black's press */
	ck_assert_int_eq(v.moves[W], 1);
	ck_assert_int_eq(v.moves[B], 1);
	/* a typed move waits for the stamps */
	refused(m, cc_event_move_text(18000, W, "e4"), CC_ERR_PHASE);
	/* White's SAN 25.8 s after his key: nobody loses a move for the typing */
	ok(m, cc_event_san(40000, "e4"));
	v = view_at(m, 40000);
	ck_assert_uint_eq(v.stamps, 1);
	ck_assert_int_eq(v.stamp[0].side, B);
	ck_assert_int_eq(cc_match_ply_at(m, 0)->t_ms, 14200);
	ck_assert_str_eq(cc_match_ply_at(m, 0)->san, "e4");
	/* a refused SAN keeps its stamp */
	refused(m, cc_event_san(41000, "e4"), CC_ERR_ILLEGAL_MOVE);
	ck_assert_uint_eq(view_at(m, 41000).stamps, 1);
	ok(m, cc_event_san(42000, "e5"));
	v = view_at(m, 42000);
	ck_assert_uint_eq(v.stamps, 0);
	ck_assert_int_eq(cc_match_ply_at(m, 1)->t_ms, 17900);
	ck_assert_int_eq(v.lost[B], 0);
	/* White, to move since Black's press at 17.9, lost his move at 37.9 */
	ck_assert_int_eq(v.lost[W], 1);
	ck_assert_int_eq(v.move_ms_left, 20000 - (42000 - 37900));
	assert_replay_identical(m, 42000, 100000);
	cc_match_destroy(m);
}
END_TEST

/* a SAN that mates ends the game at its stamp; a later stamp is void */
START_TEST(test_match_moves_stamps__mate_voids_later_stamp)
{
	CLAUSES("RU-35 CO-5.1");
	int64_t t = 0;
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(t));
	PLAY(m, &t, "f3", "e5", "g4");
	ok(m, cc_event_press(4000, B));
	ok(m, cc_event_press(5000, W));
	ck_assert_uint_eq(view_at(m, 5000).stamps, 2);
	size_t history = cc_match_history_count(m);
	ok(m, cc_event_san(9000, "Qh4#"));
	cc_match_view v = view_at(m, 9000);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_CHECKMATE);
	ck_assert_int_eq(v.winner, CC_WINNER_BLACK);
	ck_assert_uint_eq(v.stamps, 0);
	ck_assert_int_eq(cc_match_ply_at(m, cc_match_ply_count(m) - 1)->t_ms, 4000);
	/* White's stamp left the history: the mate is its last move */
	ck_assert_uint_eq(cc_match_history_count(m), history - 1);
	cc_event last;
	ck_assert(cc_match_history_at(m, cc_match_history_count(m) - 1, &last));
	ck_assert_int_eq(last.kind, CC_EV_MOVE);
	ck_assert_str_eq(last.text, "Qh4#");
	ck_assert_int_eq(last.t_ms, 4000);
	assert_replay_identical(m, 9000, 100000);
	cc_match_destroy(m);
}
END_TEST

/* a block its stamp would end stays open for the parry; the SAN decides */
START_TEST(test_match_moves_stamps__quota_end_waits_for_the_san)
{
	CLAUSES("RU-35 CO-2.2 CO-4.1");
	int64_t t = 0;
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(t));
	PLAY(m, &t, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4");
	/* Black's 6th move, the last of the quotas: the block waits for its SAN */
	ok(m, cc_event_press(t += 1000, B));
	cc_match_view v = view_at(m, t + 100);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
	ck_assert(v.closing);
	ok(m, cc_event_press(t + 2000, W)); /* White's key: a parry, if the SAN checks */
	ok(m, cc_event_san(t + 3000, "Bb4+"));
	v = view_at(m, t + 3000);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
	ck_assert(v.check || v.stamps == 1);
	ck_assert_uint_eq(v.stamps, 1);
	ok(m, cc_event_san(t + 4000, "Bd2"));
	v = view_at(m, t + 4000);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE); /* the parry made, nobody in check: the block is over */
	ck_assert_uint_eq(v.stamps, 0);
	assert_replay_identical(m, t + 4000, 100000);
	cc_match_destroy(m);
	/* the same last move without check: the block ended at its stamp, White's key is void */
	t = 0;
	m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	ok(m, cc_event_start(t));
	PLAY(m, &t, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4");
	ok(m, cc_event_press(t += 1000, B));
	ok(m, cc_event_press(t + 2000, W));
	ok(m, cc_event_san(t + 3000, "Bb6"));
	v = view_at(m, t + 3000);
	ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
	ck_assert_uint_eq(v.stamps, 0);
	assert_replay_identical(m, t + 3000, 100000);
	cc_match_destroy(m);
}
END_TEST

/* Time: a key stops its player's clock at the press, the SAN typed later costs nothing */
START_TEST(test_match_moves_stamps__time_clock_stops_at_the_press)
{
	CLAUSES("RU-35 TI-1.1");
	cc_match *m = new_moves_match(CC_FORMAT_TIME, CC_CATEGORY_FAST);
	ok(m, cc_event_start(0));
	ok(m, cc_event_press(5000, W));
	cc_match_view v = view_at(m, 30000);
	ck_assert_int_eq(v.clock_ms[W], CC_TIME_CLOCK_MS - 5000);
	ck_assert_int_eq(v.clock_ms[B], CC_TIME_CLOCK_MS - 25000);
	ok(m, cc_event_san(30000, "d4"));
	v = view_at(m, 30000);
	ck_assert_uint_eq(v.stamps, 0);
	ck_assert_int_eq(v.clock_ms[W], CC_TIME_CLOCK_MS - 5000);
	ck_assert_int_eq(v.clock_ms[B], CC_TIME_CLOCK_MS - 25000);
	ck_assert_str_eq(v.last_move_san, "d4");
	/* count recording records the move itself: no stamp to wait */
	cc_match *count = new_match(CC_FORMAT_TIME, CC_CATEGORY_FAST, 1);
	ok(count, cc_event_start(0));
	refused(count, cc_event_press(1000, W), CC_ERR_INVALID);
	cc_match_destroy(count);
	assert_replay_identical(m, 30000, 100000);
	cc_match_destroy(m);
}
END_TEST

/* Time: a clock that reaches zero while the arbiter types is judged from
 * the stamps: flagged (RU-5) when it reached zero before its own key, not
 * when its key came first, however late the SANs */
START_TEST(test_match_moves_stamps__time_flag_judged_from_the_stamps)
{
	CLAUSES("RU-35 RU-5");
	for (int late = 0; late < 2; late++) {
		cc_match *m = new_moves_match(CC_FORMAT_TIME, CC_CATEGORY_FAST);
		ok(m, cc_event_start(0));
		ok(m, cc_event_correct(0, CC_CORRECT_CLOCK, B, 8000, false, "test"));
		ok(m, cc_event_press(5000, W));
		/* Black's 8 s run from White's key: zero at 13 000 ms */
		ck_assert(!view_at(m, 12999).flagged[B]);
		ck_assert(view_at(m, 13000).flagged[B]); /* at zero, RU-5 */
		int64_t black_key = late ? 20000 : 10000;
		ok(m, cc_event_press(black_key, B));
		ck_assert(view_at(m, black_key).flagged[B] == (late != 0));
		ok(m, cc_event_san(30000, "e4"));
		ok(m, cc_event_san(31000, "e5"));
		cc_match_view v = view_at(m, 31000);
		ck_assert_uint_eq(v.stamps, 0);
		ck_assert(v.flagged[B] == (late != 0));
		ck_assert_int_eq(v.clock_ms[B], 8000 - (black_key - 5000));
		assert_replay_identical(m, 31000, 50000);
		cc_match_destroy(m);
	}
}
END_TEST

/*
 * RU-42 (issue 35, N0): every combination of quota reached / a stamp
 * waiting / 20 s / 180 s while the arbiter types, in Twice and Time. A
 * player with no move left loses none and his clock does not run; a player
 * with moves left loses them as before; the 180 s close the block at once
 * even with a stamp waiting; the SAN decides the rest, at its stamp.
 */
static cc_match *giuoco_five_five(cc_format format, int64_t *t)
{
	cc_match *m = new_moves_match(format, CC_CATEGORY_FAST);
	*t = 0;
	ok(m, cc_event_start(*t));
	PLAY(m, t, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4");
	return m; /* White 6/6, Black 5/6, Black to move at 11 s */
}

START_TEST(test_match_moves_stamps__no_phantom_while_typing)
{
	CLAUSES("RU-42 RU-35 TW-4.2 CO-2.1 CO-2.2 CO-4.2");
	for (int f = 0; f < 2; f++) {
		cc_format format = f ? CC_FORMAT_TIME : CC_FORMAT_TWICE;
		bool twice = format == CC_FORMAT_TWICE;
		for (int pending = 0; pending < 2; pending++) {
			/* quota reached: Black's 6th move, the last of the block */
			int64_t t;
			cc_match *m = giuoco_five_five(format, &t);
			int64_t stamp = t + 1000;
			if (pending)
				ok(m, cc_event_press(stamp, B));
			else
				ok(m, cc_event_move_text(stamp, B, "Bb6"));
			cc_match_view v = view_at(m, stamp);
			if (!pending) {
				ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
				ck_assert_int_eq(v.block_end, CC_BLOCK_END_QUOTA);
				cc_match_destroy(m);
				continue;
			}
			int64_t white_clock = v.clock_ms[W];
			/* 21 s, 42 s and past the 180 s of typing: nothing happens to anyone */
			const int64_t waits[] = {21000, 42000, 200000};
			for (size_t i = 0; i < 3; i++) {
				v = view_at(m, stamp + waits[i]);
				ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
				ck_assert(v.closing);
				ck_assert_int_eq(v.block_end, CC_BLOCK_END_QUOTA);
				ck_assert_int_eq(v.lost[W] + v.lost[B], 0);
				if (twice)
					ck_assert_int_eq(v.move_ms_left, 20000);
				else
					ck_assert_int_eq(v.clock_ms[W], white_clock);
			}
			ok(m, cc_event_san(stamp + 42000, "Bb6"));
			v = view_at(m, stamp + 42000);
			ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
			ck_assert_int_eq(v.block_end, CC_BLOCK_END_QUOTA);
			ck_assert_int_eq(v.moves[W], 6);
			ck_assert_int_eq(v.moves[B], 6);
			ck_assert_int_eq(v.lost[W] + v.lost[B], 0);
			assert_replay_identical(m, stamp + 42000, 50000);
			cc_match_destroy(m);
		}
	}
}
END_TEST

/* The quota not reached: the opponent has moves left, his 20 s run and a
 * move of his is truly lost; the 180 s close the block at once. */
START_TEST(test_match_moves_stamps__moves_left_and_the_180_s)
{
	CLAUSES("RU-42 RU-35 TW-4.2 CO-2.1");
	for (int f = 0; f < 2; f++) {
		cc_format format = f ? CC_FORMAT_TIME : CC_FORMAT_TWICE;
		bool twice = format == CC_FORMAT_TWICE;
		for (int pending = 0; pending < 2; pending++) {
			cc_match *m = new_moves_match(format, CC_CATEGORY_FAST);
			ok(m, cc_event_start(0));
			ok(m, cc_event_move_text(1000, W, "e4"));
			int64_t stamp = 2000;
			if (pending)
				ok(m, cc_event_press(stamp, B));
			else
				ok(m, cc_event_move_text(stamp, B, "e5"));
			/* 20 s after Black's key: White, with moves left, loses one (Twice) */
			cc_match_view v = view_at(m, stamp + 20001);
			ck_assert_int_eq(v.phase, CC_PHASE_BLOCK);
			ck_assert_int_eq(v.lost[W], twice ? 1 : 0);
			ck_assert_int_eq(v.lost[B], 0);
			/* the 180 s: the block closes at once, stamp or not */
			v = view_at(m, 180000);
			ck_assert(!v.closing);
			v = view_at(m, 180001);
			ck_assert(v.closing || v.phase == CC_PHASE_CUBE);
			ck_assert_int_eq(v.block_end, CC_BLOCK_END_TIME);
			ck_assert_int_eq(v.phase, pending ? CC_PHASE_BLOCK : CC_PHASE_CUBE);
			int lost_at_end = v.lost[W] + v.lost[B];
			/* nothing lost after the 180 s, however long the typing */
			v = view_at(m, 300000);
			ck_assert_int_eq(v.lost[W] + v.lost[B], lost_at_end);
			if (pending) {
				ok(m, cc_event_san(300000, "e5"));
				v = view_at(m, 300000);
				ck_assert_int_eq(v.phase, CC_PHASE_CUBE);
				ck_assert_int_eq(v.block_end, CC_BLOCK_END_TIME);
				ck_assert_int_eq(v.lost[W] + v.lost[B], lost_at_end);
				assert_replay_identical(m, 300000, 50000);
			}
			cc_match_destroy(m);
		}
	}
}
END_TEST

static Suite *match_moves_suite(void)
{
	Suite *s = suite_create("match_moves");
	struct {
		const char *name;
		const TTest *tests[6];
	} cases[] = {
		{"read", {test_match_moves_read__lenient_forms_and_uci,
		          test_match_moves_read__illegal_move_refused_state_untouched,
		          test_match_moves_read__check_predicts_apply, test_match_moves_read__count_recording_has_no_board}},
		{"check", {test_match_moves_check__parry_outside_quota_by_itself,
		           test_match_moves_check__mark_ignored_for_quiet_move}},
		{"end", {test_match_moves_end__checkmate_ends_match, test_match_moves_end__mate_event_refused}},
		{"twice", {test_match_moves_twice__free_move_check_refused,
		           test_match_moves_twice__second_move_capture_restricted,
		           test_match_moves_twice__last_mover_starts_after_pass}},
		{"lost", {test_match_moves_lost__pass_flips_side_to_move, test_match_moves_lost__in_check_keeps_turn,
		          test_match_moves_lost__used_up_quota_hands_over}},
		{"draw", {test_match_moves_draw__stalemate_reported_match_goes_on,
		          test_match_moves_draw__threefold_repetition_reported}},
		{"corrections", {test_match_moves_undo__restores_board, test_match_moves_replay__live_and_replayed_identical}},
		{"stamps", {test_match_moves_stamps__san_stands_at_its_stamp, test_match_moves_stamps__mate_voids_later_stamp,
		            test_match_moves_stamps__quota_end_waits_for_the_san,
		            test_match_moves_stamps__time_clock_stops_at_the_press,
		            test_match_moves_stamps__time_flag_judged_from_the_stamps}},
		{"announce", {test_match_moves_stamps__no_phantom_while_typing,
		              test_match_moves_stamps__moves_left_and_the_180_s}},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		TCase *tc = tcase_create(cases[i].name);
		for (size_t j = 0; j < 6 && cases[i].tests[j]; j++)
			tcase_add_test(tc, cases[i].tests[j]);
		suite_add_tcase(s, tc);
	}
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(match_moves_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
