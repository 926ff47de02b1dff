/*
 * match_chesscubing.c: the rules of ChessCubing Twice and Time (rules/):
 * how a block starts, a move counted against the quota (TW-6 double
 * moves, CO-4.2 parries), mate (CO-5.1), a cube phase resolved into the
 * next block (TW-3, TI-3) and the arbiter's corrections (RU-25). What time
 * alone does to a block is match_time.c's, by the class's timings; the
 * events every format shares (pause, resume, resignation, decisions, undo,
 * ticks) are match.c's, which runs these games through their rows of
 * operations at the end of this file (cc_match_twice_rules,
 * cc_match_time_rules), as it runs match_fide.c's for a chess game.
 *
 * Twice and Time differ in what their class's timings say (a move clock,
 * fixed chess clocks) and in the cube phase: who wins it and how the next
 * block starts (a chesscubing_game below).
 */
#include <string.h>

#include "match_internal.h"

/* What one ChessCubing game does with a cube phase. */
typedef struct {
	/* Both solve times are in: the phase's result, into the next block. */
	void (*resolve_cube)(match_state *s, apply_ctx *ctx);
	cc_msg start_in_cube; /* the refusal of a `start` during the cube phase */
} chesscubing_game;

static void reset_block(match_state *s, int number, cc_side first)
{
	s->phase = CC_PHASE_BLOCK;
	s->block = number;
	s->closing = false;
	s->block_elapsed_ms = 0;
	s->move_elapsed_ms = 0;
	s->moves[0] = s->moves[1] = 0;
	s->lost[0] = s->lost[1] = 0;
	s->extra[0] = s->extra[1] = 0;
	s->to_move = first;
	s->starter = first;
	s->check = false;
	s->double_move = CC_DOUBLE_NONE;
	s->had_double_move = false;
	s->double_move_lost = false;
	s->last_move_can_mate = false;
	s->cube_number = 0;
	s->cube_attempt = 0;
}

static cc_err apply_start(match_state *s, const chesscubing_game *game, cc_error *err)
{
	switch (s->phase) {
	case CC_PHASE_SETUP:
		/* TW-2.1: White starts block 1, which has no double move. */
		reset_block(s, 1, CC_SIDE_WHITE);
		s->block_started = true;
		return CC_OK;
	case CC_PHASE_BLOCK:
		if (s->block_started)
			return cc_refuse(err, CC_MSG_BLOCK_ALREADY_RUNNING, s->block);
		/* RU-6: in Twice, blocks after the first start when the arbiter says so. */
		s->block_started = true;
		s->starter = s->to_move;
		s->move_elapsed_ms = 0;
		return CC_OK;
	case CC_PHASE_CUBE:
		return cc_refuse(err, game->start_in_cube);
	case CC_PHASE_OVER:
		break;
	}
	return cc_match_refuse_if_over(s, err);
}

static cc_err require_running_block(const match_state *s, cc_error *err)
{
	cc_err rc = cc_match_refuse_if_over(s, err);
	if (rc)
		return rc;
	if (s->phase != CC_PHASE_BLOCK || !s->block_started)
		return cc_refuse(err, CC_MSG_NO_BLOCK_RUNNING);
	if (s->paused)
		return cc_refuse(err, CC_MSG_PAUSED_BEFORE_MOVE);
	if (s->held)
		return cc_refuse(err, CC_MSG_HELD_BEFORE_MOVE); /* RU-31 */
	return CC_OK;
}

/* Who may move now: the side to move, in a running block. */
static cc_err refuse_mover(const match_state *s, cc_side side, int quota, cc_error *err)
{
	cc_err rc = require_running_block(s, err);
	if (rc)
		return rc;
	if (side != s->to_move) {
		if (!s->closing && s->moves[side] >= quota)
			return cc_refuse(err, CC_MSG_QUOTA_PLAYED, side, quota);
		return cc_refuse(err, CC_MSG_NOT_YOUR_MOVE, s->to_move, side);
	}
	return CC_OK;
}

/* A move of side made at t, played or stamped: the counts, the double
 * move, the turn, the clocks (TW-6, CO-4.2, RU-3). */
static void count_move(match_state *s, apply_ctx *ctx, cc_side side, bool gives_check, bool can_mate, int quota,
                       int64_t t)
{
	if (s->double_move == CC_DOUBLE_FREE) {
		s->extra[side]++;
		s->double_move = CC_DOUBLE_SECOND;
		s->check = false;
		s->last_move_can_mate = false;
	} else {
		if (cc_match_move_counts(s, side, quota))
			s->moves[side]++;
		else
			s->extra[side]++;
		s->double_move = CC_DOUBLE_NONE;
		s->check = gives_check;
		s->to_move = cc_side_other(side);
		s->last_move_can_mate = can_mate;
	}
	s->has_last_mover = true;
	s->last_mover = side;
	s->move_elapsed_ms = 0;
	cc_match_after_move(s, ctx, quota, t);
}

static cc_err apply_move(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	int quota = cc_match_quota(ctx->cfg->category);
	bool on_board = ctx->cfg->record == CC_RECORD_MOVES;
	match_move mv = {CC_CHESS_MOVE_NONE, {0}};
	cc_err rc = refuse_mover(s, ev->side, quota, err);
	if (rc)
		return rc;
	/* RU-35: the stamped moves are written first, in order. */
	if (s->stamps > 0)
		return cc_refuse(err, CC_MSG_STAMPS_PENDING, (int)s->stamps);
	if (on_board && (rc = cc_match_moves_read(s, ev, &mv, err)) != CC_OK)
		return rc;
	/* moves recording sees check on the board; count recording is told */
	bool gives_check = on_board ? mv.info.gives_check : ev->gives_check;
	bool free_move = s->double_move == CC_DOUBLE_FREE;
	/* TW-6.2: the free move is not counted and may not give check. */
	if (free_move && gives_check)
		return cc_refuse(err, CC_MSG_FREE_MOVE_CHECK);
	if (on_board)
		cc_match_moves_play(s, ctx, &mv, free_move ? CC_PLY_FREE : CC_PLY_MOVE, ev->t_ms);
	count_move(s, ctx, ev->side, gives_check, true, quota, ev->t_ms);
	/* After a free move the same side moves again: the other passes on the board. */
	cc_match_moves_sync(s, ctx, ev->t_ms);
	return CC_OK;
}

/*
 * RU-35: a clock key in moves recording. The move is made at its stamp
 * for the clocks and the counts; its SAN comes later (CC_EV_SAN, which
 * match.c turns into the move at the stamp). Until then the board waits
 * before it and the move is taken to give no check, except that a block
 * it would end stays open (cc_match_after_move) for the other side's key.
 */
static cc_err apply_press(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	int quota = cc_match_quota(ctx->cfg->category);
	if (ctx->cfg->record != CC_RECORD_MOVES)
		return cc_refuse(err, CC_MSG_PRESS_NEEDS_MOVES);
	cc_err rc = refuse_mover(s, ev->side, quota, err);
	if (rc)
		return rc;
	if (s->stamps >= CC_MATCH_STAMPS_MAX)
		return cc_refuse(err, CC_MSG_TOO_MANY_STAMPS, (int)s->stamps);
	s->stamp[s->stamps++] = (cc_match_stamp){ev->side, ev->t_ms, s->block_elapsed_ms};
	count_move(s, ctx, ev->side, false, false, quota, ev->t_ms);
	return CC_OK;
}

/* CO-5.1: in moves recording the board says when a move mates. */
static cc_err apply_board_move(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	cc_err rc = apply_move(s, ctx, ev, err);
	if (rc == CC_OK && ctx->cfg->record == CC_RECORD_MOVES && s->check &&
	    cc_chess_count_legal_moves(&s->pos) == 0)
		cc_match_finish(s, cc_match_winner_of(ev->side), CC_REASON_CHECKMATE, "checkmate");
	return rc;
}

/* CO-5.1: the last move mated; a lost or free move cannot have. */
static cc_err apply_mate(match_state *s, const apply_ctx *ctx, cc_error *err)
{
	cc_err rc = cc_match_refuse_if_over(s, err);
	if (rc)
		return rc;
	if (ctx->cfg->record == CC_RECORD_MOVES)
		return cc_match_moves_refuse_mate(err); /* RU-22 */
	/* RU-12: right after a block, before any solve time, mate still refers
	 * to the block's last move (it may have ended the block unmarked). */
	bool in_block = s->phase == CC_PHASE_BLOCK && s->block_started;
	bool just_after = s->phase == CC_PHASE_CUBE && s->cube_attempt == 1 &&
	                  s->cube_cs[0] == CC_CUBE_NONE && s->cube_cs[1] == CC_CUBE_NONE;
	if (!in_block && !just_after)
		return cc_refuse(err, CC_MSG_MATE_ONLY_ON_A_MOVE);
	if (!s->has_last_mover || !s->last_move_can_mate)
		return cc_refuse(err, CC_MSG_NO_MOVE_TO_MATE_ON);
	cc_match_finish(s, cc_match_winner_of(s->last_mover), CC_REASON_CHECKMATE, "checkmate");
	return CC_OK;
}

/* TI-3.1, TI-3.2 cap; RU-4: a DNF counts as the cap. */
static bool solve_capped(int32_t cs)
{
	return cs == CC_CUBE_DNF || cs > CC_CUBE_CAP_CS;
}

static int64_t capped_solve_ms(int32_t cs)
{
	return solve_capped(cs) ? (int64_t)CC_CUBE_CAP_CS * 10 : (int64_t)cs * 10;
}

static void write_summary(match_state *s, apply_ctx *ctx, cc_winner cube_winner, const int64_t adjust_ms[2])
{
	cc_block_summary *b = &ctx->summary;
	s->block_count++;
	ctx->wrote_summary = true;
	memset(b, 0, sizeof *b);
	b->block = s->block;
	b->starter = s->starter;
	b->had_double_move = s->had_double_move;
	b->double_move_lost = s->double_move_lost;
	b->end = s->block_end;
	b->cube_number = s->cube_number;
	b->replays = s->cube_attempt - 1;
	b->tied_cube = s->cube_attempt > 1 ? s->tied_cube : 0;
	b->cube_winner = cube_winner;
	for (int i = 0; i < 2; i++) {
		b->moves[i] = s->moves[i];
		b->lost[i] = s->lost[i];
		b->extra[i] = s->extra[i];
		b->cube_cs[i] = s->cube_cs[i];
		b->tied_cs[i] = s->cube_attempt > 1 ? s->tied_cs[i] : CC_CUBE_NONE;
		b->adjust_ms[i] = adjust_ms[i];
	}
}

/* TW-3.1, TW-3.2, RU-2: faster wins, DNF loses, equal times (or two DNFs) tie. */
static bool twice_cube_winner(const int32_t cs[2], cc_side *winner)
{
	bool dnf_w = cs[0] == CC_CUBE_DNF, dnf_b = cs[1] == CC_CUBE_DNF;
	if ((dnf_w && dnf_b) || cs[0] == cs[1])
		return false;
	if (dnf_w || dnf_b)
		*winner = dnf_w ? CC_SIDE_BLACK : CC_SIDE_WHITE;
	else
		*winner = cs[0] < cs[1] ? CC_SIDE_WHITE : CC_SIDE_BLACK;
	return true;
}

static void resolve_twice_cube(match_state *s, apply_ctx *ctx)
{
	static const int64_t no_adjust[2] = {0, 0};
	cc_side winner;
	if (!twice_cube_winner(s->cube_cs, &winner)) {
		/* TW-3.2: replay, under a new cube number (CO-6.2). */
		s->tied_cs[0] = s->cube_cs[0];
		s->tied_cs[1] = s->cube_cs[1];
		s->tied_cube = s->cube_number;
		s->cube_attempt++;
		cc_match_designate_cube(s);
		return;
	}
	write_summary(s, ctx, cc_match_winner_of(winner), no_adjust);
	/* TW-6.1: a double move when the winner did not make the last move. */
	bool double_move = s->has_last_mover && s->last_mover != winner;
	reset_block(s, s->block + 1, winner); /* TW-3.3: the winner starts the next block */
	s->block_started = false;
	if (double_move) {
		s->double_move = CC_DOUBLE_FREE;
		s->had_double_move = true;
	}
	/* RU-21: a winner who made the last move moves again: the other passes. */
	cc_match_moves_sync(s, ctx, s->anchor_ms);
}

/* TI-3.1, TI-3.2: odd blocks take solve times off one's own clock, even
 * blocks add them to the opponent's; the next block starts at once (TI-3.4). */
static void resolve_time_cube(match_state *s, apply_ctx *ctx)
{
	int64_t adjust[2] = {0, 0};
	bool odd = s->block % 2 == 1;
	for (int side = 0; side < 2; side++) {
		int64_t solve = capped_solve_ms(s->cube_cs[side]);
		if (odd)
			adjust[side] -= solve;
		else
			adjust[1 - side] += solve;
	}
	s->clock_ms[0] += adjust[0];
	s->clock_ms[1] += adjust[1];
	write_summary(s, ctx, CC_WINNER_NONE, adjust);
	for (int side = 0; side < 2; side++)
		ctx->summary.capped[side] = solve_capped(s->cube_cs[side]);
	reset_block(s, s->block + 1, s->to_move); /* TI-2.2: the side to move is kept */
	s->block_started = true;
}

static cc_err apply_cube(match_state *s, apply_ctx *ctx, const cc_event *ev, const chesscubing_game *game,
                         cc_error *err)
{
	cc_err rc = cc_match_refuse_if_over(s, err);
	if (rc)
		return rc;
	if (s->phase != CC_PHASE_CUBE)
		return cc_refuse(err, CC_MSG_NO_CUBE_PHASE_NOW);
	if (ev->cube_cs != CC_CUBE_DNF && (ev->cube_cs < 1 || ev->cube_cs > CC_CUBE_MAX_CS))
		return cc_refuse(err, CC_MSG_SOLVE_TIME_RANGE);
	if (s->cube_cs[ev->side] != CC_CUBE_NONE)
		return cc_refuse(err, CC_MSG_SOLVE_TIME_ENTERED, ev->side);
	s->cube_cs[ev->side] = ev->cube_cs;
	if (s->cube_cs[cc_side_other(ev->side)] == CC_CUBE_NONE)
		return CC_OK;
	game->resolve_cube(s, ctx);
	cc_match_mark_flags(s, ctx->cfg);
	return CC_OK;
}

/* The corrected value: amount, or the current value plus amount. */
static int64_t corrected(int64_t current, const cc_event *ev)
{
	return ev->relative ? current + ev->amount : ev->amount;
}

static cc_err out_of_range(cc_error *err, cc_msg what, int64_t value, int64_t low, int64_t high)
{
	return cc_refuse(err, what, value, low, high);
}

/* RU-25: the clock corrections, of the clocks the game's timings give it;
 * the block's and the move clock's running time is kept as elapsed time,
 * so the time left is set through it. */
static cc_err correct_clock(match_state *s, const apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	const cc_game_class *game = cc_match_game(ctx->cfg);
	int64_t value, block_ms = game->block_ms, move_ms = game->move_ms, clock_ms = game->clock_ms;
	switch (ev->target) {
	case CC_CORRECT_BLOCK:
		value = corrected(block_ms - s->block_elapsed_ms, ev);
		if (value < 0 || value > block_ms)
			return out_of_range(err, CC_MSG_BLOCK_TIME_RANGE, value, 0, block_ms);
		s->block_elapsed_ms = block_ms - value;
		return CC_OK;
	case CC_CORRECT_MOVE_CLOCK:
		if (move_ms == 0)
			return cc_refuse(err, CC_MSG_MOVE_CLOCK_ONLY_TWICE);
		value = corrected(move_ms - s->move_elapsed_ms, ev);
		if (value < 0 || value > move_ms)
			return out_of_range(err, CC_MSG_MOVE_CLOCK_RANGE, value, 0, move_ms);
		s->move_elapsed_ms = move_ms - value;
		return CC_OK;
	case CC_CORRECT_CLOCK:
		if (clock_ms == 0)
			return cc_refuse(err, CC_MSG_CHESS_CLOCKS_ONLY_TIME);
		value = corrected(s->clock_ms[ev->side], ev);
		if (value < -clock_ms || value > 10 * clock_ms)
			return out_of_range(err, CC_MSG_TIME_CLOCK_RANGE, value, -clock_ms, 10 * clock_ms);
		s->clock_ms[ev->side] = value;
		s->flagged[ev->side] = value <= 0; /* RU-5 from the corrected reading */
		return CC_OK;
	case CC_CORRECT_MOVES:
	case CC_CORRECT_LOST:
	case CC_CORRECT_TO_MOVE:
		break;
	}
	return cc_refuse(err, CC_MSG_UNKNOWN_CORRECTION);
}

/* RU-25: the count corrections, and the side to move in count recording. */
static cc_err correct_count(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	int quota = cc_match_quota(ctx->cfg->category);
	int64_t value;
	switch (ev->target) {
	case CC_CORRECT_MOVES:
		value = corrected(s->moves[ev->side], ev);
		if (value < s->lost[ev->side] || value > quota)
			return out_of_range(err, CC_MSG_MOVES_USED_RANGE, value, s->lost[ev->side], quota);
		s->moves[ev->side] = (int)value;
		cc_match_after_move(s, ctx, quota, s->anchor_ms); /* CO-2.2: both quotas may now be played */
		return CC_OK;
	case CC_CORRECT_LOST:
		value = corrected(s->lost[ev->side], ev);
		if (value < 0 || value > s->moves[ev->side])
			return out_of_range(err, CC_MSG_MOVES_LOST_RANGE, value, 0, s->moves[ev->side]);
		s->lost[ev->side] = (int)value;
		return CC_OK;
	case CC_CORRECT_TO_MOVE:
		if (ctx->cfg->record == CC_RECORD_MOVES)
			return cc_refuse(err, CC_MSG_TO_MOVE_FROM_THE_BOARD);
		if (s->to_move != ev->side) {
			s->to_move = ev->side;
			s->move_elapsed_ms = 0; /* a new turn: a fresh 20 s */
		}
		return CC_OK;
	case CC_CORRECT_BLOCK:
	case CC_CORRECT_MOVE_CLOCK:
	case CC_CORRECT_CLOCK:
		break;
	}
	return cc_refuse(err, CC_MSG_UNKNOWN_CORRECTION);
}

static cc_err apply_correct(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	cc_err rc = cc_match_refuse_if_over(s, err);
	if (rc)
		return rc;
	if ((unsigned)ev->target > CC_CORRECT_TO_MOVE)
		return cc_refuse(err, CC_MSG_UNKNOWN_CORRECTION);
	if (ev->text[0] == '\0')
		return cc_refuse(err, CC_MSG_CORRECTION_NEEDS_REASON);
	bool clock = ev->target == CC_CORRECT_BLOCK || ev->target == CC_CORRECT_MOVE_CLOCK ||
	             ev->target == CC_CORRECT_CLOCK;
	bool in_cube_ok = ev->target == CC_CORRECT_CLOCK;
	if (s->phase != CC_PHASE_BLOCK && !(in_cube_ok && s->phase == CC_PHASE_CUBE))
		return cc_refuse(err, CC_MSG_CORRECT_ONLY_IN_BLOCK, cc_correct_target_name(ev->target));
	if ((ev->target == CC_CORRECT_BLOCK || ev->target == CC_CORRECT_MOVE_CLOCK) && !s->block_started)
		return cc_refuse(err, CC_MSG_CORRECT_BLOCK_NOT_STARTED);
	return clock ? correct_clock(s, ctx, ev, err) : correct_count(s, ctx, ev, err);
}

/* RU-27: ChessCubing ends only by mate, resignation (CO-5.1) or an
 * arbiter decision (RU-15, RU-20): no claim, no agreed draw. */
static cc_err refuse_draw(const cc_event *ev, cc_error *err)
{
	return cc_refuse(err, ev->kind == CC_EV_CLAIM ? CC_MSG_CHESSCUBING_NO_CLAIMS : CC_MSG_CHESSCUBING_NO_AGREEMENT);
}

/* The events whose meaning is the game's own. */
static cc_err chesscubing_apply(match_state *s, apply_ctx *ctx, const cc_event *ev, const chesscubing_game *game,
                                cc_error *err)
{
	switch (ev->kind) {
	case CC_EV_START:
		return apply_start(s, game, err);
	case CC_EV_MOVE:
		return apply_board_move(s, ctx, ev, err);
	case CC_EV_MATE:
		return apply_mate(s, ctx, err);
	case CC_EV_CUBE:
		return apply_cube(s, ctx, ev, game, err);
	case CC_EV_CORRECT:
		return apply_correct(s, ctx, ev, err);
	case CC_EV_CLAIM:
	case CC_EV_DRAW:
		return refuse_draw(ev, err);
	case CC_EV_PRESS:
		return apply_press(s, ctx, ev, err);
	case CC_EV_SAN: /* match.c's rebuild */
	case CC_EV_PAUSE: /* match.c's */
	case CC_EV_RESUME:
	case CC_EV_RESIGN:
	case CC_EV_ARBITER:
	case CC_EV_UNDO:
	case CC_EV_TICK:
	case CC_EV_IN_TIME:
	case CC_EV_CARD:
	case CC_EV_PLACE:
	case CC_EV_STOP:
	case CC_EV_HOLD:
	case CC_EV_RELEASE:
		break;
	}
	return cc_refuse(err, CC_MSG_UNKNOWN_EVENT);
}

/* ---- the rows of operations (game_class.c's table) ------------------------- */

/* Twice: the faster solver starts the next block, when the arbiter says (TW-3). */
static const chesscubing_game twice = {resolve_twice_cube, CC_MSG_SOLVE_TIMES_FIRST};
/* Time: the solve times go to the clocks and the next block starts at once (TI-3). */
static const chesscubing_game time_game = {resolve_time_cube, CC_MSG_TIME_BLOCK_STARTS_ITSELF};

static cc_err twice_apply(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	return chesscubing_apply(s, ctx, ev, &twice, err);
}

static cc_err time_apply(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	return chesscubing_apply(s, ctx, ev, &time_game, err);
}

const cc_game_rules cc_match_twice_rules = {
	.settings_valid = cc_match_settings_no_clock,
	.apply = twice_apply,
	.run_clocks = cc_match_blocks_run_clocks,
	.deadline = cc_match_blocks_deadline,
	.fire_deadline = cc_match_blocks_fire,
	.skip_deadlines = cc_match_blocks_skip,
};

const cc_game_rules cc_match_time_rules = {
	.settings_valid = cc_match_settings_no_clock,
	.apply = time_apply,
	.run_clocks = cc_match_blocks_run_clocks,
	.deadline = cc_match_blocks_deadline,
	.fire_deadline = cc_match_blocks_fire,
	.skip_deadlines = cc_match_blocks_skip,
};
