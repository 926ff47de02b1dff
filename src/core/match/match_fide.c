/*
 * match_fide.c: format chess, a plain game under the FIDE Laws of Chess
 * (rules/fide.md, after the project's seed 003 on how a chess program
 * applies them).
 *
 * The game is the match core's third format, so the session, the record,
 * the exports and the screens take it through the same path as a
 * ChessCubing match: same events, same views, same undo and replay. What
 * differs lives here, in its row of operations (cc_match_chess_rules, at
 * the end of this file), which match.c and match_time.c run:
 *
 *   - no blocks and no cube phases: `start` puts the game in play (phase
 *     CC_PHASE_BLOCK, block 1) and starts White's clock;
 *   - the board is always kept (moves recording, in the variant of the
 *     settings), and the game ends by itself on the board's terminal
 *     states, checked after every move in the order of the Laws: mate
 *     (5.1.1, which prevails over any draw, 9.6.2), stalemate (5.2.1), a
 *     dead position (5.2.2), fivefold repetition (9.6.1), the 75-move
 *     rule (9.6.2), then, with claims=auto, threefold repetition (9.2) and
 *     the 50-move rule (9.3), as if claimed;
 *   - with claims=manual those two end the game only on a valid `claim`;
 *   - the clock (optional): the side to move's clock runs, in periods
 *     (FI-6.11 to FI-6.14: a period's time at its start, its increment
 *     after each move, Bronstein's refund of the move's time up to the
 *     bonus, or a delay the clock waits before it runs), and a flag fall is a
 *     deadline like the ChessCubing ones (cc_match_advance() fires it
 *     at the millisecond the clock reaches zero, an event stamped at that
 *     millisecond still being in time, RU-9): the game is lost, unless
 *     the opponent cannot mate by any series of legal moves (6.9);
 *   - draw by agreement (9.1) is its own event; resignation, arbiter
 *     decisions, pauses, undo and ticks are the match core's own.
 */
#include <stdio.h>
#include <string.h>

#include "match_internal.h"

static bool has_clock(const cc_match_settings *cfg)
{
	return cfg->tc_base_ms > 0;
}

/* Has cfg any of a clock's fields but its base? */
static bool clock_fields_set(const cc_match_settings *cfg)
{
	return cfg->tc_increment_ms != 0 || cfg->tc_moves != 0 || cfg->tc_mode != CC_TC_FISCHER || cfg->tc_more != 0;
}

/* FI-6.11: each period in range, every one but the last with its moves. */
static bool periods_valid(const cc_match_settings *cfg, cc_error *err)
{
	if (cfg->tc_more < 0 || cfg->tc_more > CC_TC_PERIODS_MAX - 1) {
		cc_refuse(err, CC_MSG_TC_PERIODS_MAX, CC_TC_PERIODS_MAX);
		return false;
	}
	cc_tc_period p[CC_TC_PERIODS_MAX];
	int n = cc_tc_periods(cfg, p);
	for (int i = 0; i < n; i++) {
		if (p[i].base_ms < 1 || p[i].base_ms > CC_FIDE_CLOCK_MAX_MS || p[i].bonus_ms < 0 ||
		    p[i].bonus_ms > CC_FIDE_INCREMENT_MAX_MS ||
		    (p[i].mode != CC_TC_FISCHER && p[i].mode != CC_TC_BRONSTEIN && p[i].mode != CC_TC_DELAY)) {
			cc_refuse(err, CC_MSG_TC_RANGE);
			return false;
		}
		bool last = i == n - 1;
		if (last ? p[i].moves != 0 : (p[i].moves < 1 || p[i].moves > CC_TC_MOVES_MAX)) {
			cc_refuse(err, CC_MSG_TC_PERIOD_MOVES, CC_TC_MOVES_MAX);
			return false;
		}
	}
	return true;
}

bool cc_match_fide_settings_valid(const cc_match_settings *cfg, cc_error *err)
{
	if (cfg->record != CC_RECORD_MOVES) {
		cc_refuse(err, CC_MSG_CHESS_NEEDS_MOVES_RECORDING);
		return false;
	}
	if (cfg->tc_base_ms < 0 || cfg->tc_base_ms > CC_FIDE_CLOCK_MAX_MS || cfg->tc_increment_ms < 0 ||
	    cfg->tc_increment_ms > CC_FIDE_INCREMENT_MAX_MS) {
		cc_refuse(err, CC_MSG_TC_RANGE);
		return false;
	}
	if (cfg->tc_base_ms == 0 && clock_fields_set(cfg)) {
		cc_refuse(err, CC_MSG_INCREMENT_WITHOUT_CLOCK);
		return false;
	}
	return periods_valid(cfg, err);
}

/* The period side's clock is in (FI-6.11). */
static cc_tc_period period_of(const match_state *s, const cc_match_settings *cfg, cc_side side)
{
	cc_tc_period p[CC_TC_PERIODS_MAX];
	int n = cc_tc_periods(cfg, p);
	int at = s->period[side] < n ? s->period[side] : n - 1;
	return p[at];
}

/* FI-6.13.2: how long the side to move's clock still waits (a delay). */
static int64_t delay_left(const match_state *s, const cc_match_settings *cfg)
{
	cc_tc_period p = period_of(s, cfg, s->to_move);
	if (p.mode != CC_TC_DELAY || s->turn_ms >= p.bonus_ms)
		return 0;
	return p.bonus_ms - s->turn_ms;
}

/* After side's move: the period's bonus (FI-6.12, FI-6.13.1), then, on
 * the period's last move, the next period's time (FI-6.11). */
static void after_move_clock(match_state *s, const cc_match_settings *cfg, cc_side side)
{
	cc_tc_period p[CC_TC_PERIODS_MAX];
	int n = cc_tc_periods(cfg, p);
	cc_tc_period now = period_of(s, cfg, side);
	if (now.mode == CC_TC_FISCHER)
		s->clock_ms[side] += now.bonus_ms;
	else if (now.mode == CC_TC_BRONSTEIN)
		s->clock_ms[side] += s->turn_ms < now.bonus_ms ? s->turn_ms : now.bonus_ms;
	int32_t through = 0; /* the moves of the periods up to side's */
	for (int i = 0; i <= s->period[side] && i < n; i++)
		through += p[i].moves;
	if (now.moves > 0 && s->moves[side] + 1 == through && s->period[side] + 1 < n) {
		s->period[side]++;
		s->clock_ms[side] += p[s->period[side]].base_ms;
	}
	s->turn_ms = 0;
}

/* A new game's clocks. */
static cc_err fide_create(cc_match *m, cc_error *err)
{
	(void)err;
	if (has_clock(&m->settings))
		m->state.clock_ms[0] = m->state.clock_ms[1] = m->settings.tc_base_ms;
	return CC_OK;
}

/* FI-6.2: only the clock of the side to move runs, once a delay has
 * been waited (FI-6.13.2). */
static void fide_run_clock(match_state *s, const cc_match_settings *cfg, int64_t dt)
{
	if (has_clock(cfg)) {
		int64_t waits = delay_left(s, cfg);
		s->clock_ms[s->to_move] -= dt > waits ? dt - waits : 0;
		s->turn_ms += dt;
	}
	s->anchor_ms += dt;
}

/* The flag fall of the side to move; none with no clock. */
static int64_t fide_deadline(const match_state *s, const cc_match_settings *cfg)
{
	return has_clock(cfg) ? s->clock_ms[s->to_move] + delay_left(s, cfg) : INT64_MAX;
}

/*
 * FI-6.9: can side not mate by any series of legal moves? Yes in a dead
 * position by the engine's test (FI-5.2.2), and, in standard chess, when
 * side has its king alone. A helpmate is a series of legal moves too (king
 * and knight against king and queen can mate): the flag loses there, as the
 * Laws say. Dead positions the engine does not detect (blocked pawns) lose
 * on time as well; the arbiter rules otherwise by an undo and a decision.
 * In Checkered any piece may become checkered and serve either side, so
 * only the dead position counts (CK-4.3).
 */
static bool cannot_mate(const cc_chess_position *pos, cc_side side)
{
	if (cc_chess_insufficient_material(pos))
		return true;
	if (pos->variant != CC_CHESS_VARIANT_STANDARD)
		return false;
	return (pos->by_side[side] & ~pos->by_type[CC_CHESS_KING]) == 0;
}

/* FI-6.9: the flag of the side to move fell (its clock reached zero). */
static void fide_flag_fall(match_state *s, apply_ctx *ctx)
{
	(void)ctx;
	cc_side flagged = s->to_move, other = cc_side_other(flagged);
	s->flagged[flagged] = true;
	s->flag_ms = s->anchor_ms; /* RU-28: an undo stops the clocks here */
	if (cannot_mate(&s->pos, other))
		cc_match_finish(s, CC_WINNER_NONE, CC_REASON_TIME_DRAW, cc_reason_name(CC_REASON_TIME_DRAW));
	else
		cc_match_finish(s, cc_match_winner_of(other), CC_REASON_TIME, cc_reason_name(CC_REASON_TIME));
}

static void end_as(match_state *s, cc_winner winner, cc_end_reason reason)
{
	cc_match_finish(s, winner, reason, cc_reason_name(reason));
}

/*
 * After every move: the terminal states of the board, mate first (it
 * prevails over every draw, FI-9.6.2), then the draws that end a game at
 * once, then, with claims=auto, the claimable ones (seed 003: no arbiter
 * to claim to, the claim is automatic).
 */
static void conclude(match_state *s, const apply_ctx *ctx, cc_side mover)
{
	if (cc_chess_count_legal_moves(&s->pos) == 0) {
		if (cc_chess_in_check(&s->pos))
			end_as(s, cc_match_winner_of(mover), CC_REASON_CHECKMATE); /* FI-5.1.1 */
		else
			end_as(s, CC_WINNER_NONE, CC_REASON_STALEMATE); /* FI-5.2.1 */
		return;
	}
	unsigned draws = cc_chess_draw_states(&s->pos, cc_match_moves_repetitions(s, ctx));
	bool claims = ctx->cfg->claims == CC_CLAIMS_AUTO;
	if (draws & CC_CHESS_DRAW_INSUFFICIENT)
		end_as(s, CC_WINNER_NONE, CC_REASON_DEAD); /* FI-5.2.2 */
	else if (draws & CC_CHESS_DRAW_FIVEFOLD)
		end_as(s, CC_WINNER_NONE, CC_REASON_FIVEFOLD); /* FI-9.6.1 */
	else if (draws & CC_CHESS_DRAW_SEVENTY_FIVE)
		end_as(s, CC_WINNER_NONE, CC_REASON_SEVENTY_FIVE); /* FI-9.6.2 */
	else if (claims && (draws & CC_CHESS_DRAW_THREEFOLD))
		end_as(s, CC_WINNER_NONE, CC_REASON_THREEFOLD); /* FI-9.2 */
	else if (claims && (draws & CC_CHESS_DRAW_FIFTY))
		end_as(s, CC_WINNER_NONE, CC_REASON_FIFTY); /* FI-9.3 */
}

/* not_started and paused: the refusals of this event before the game or
 * while it is paused. */
static cc_err require_game(const match_state *s, cc_msg not_started, cc_msg paused, bool running, cc_error *err)
{
	cc_err rc = cc_match_refuse_if_over(s, err);
	if (rc)
		return rc;
	if (s->phase != CC_PHASE_BLOCK)
		return cc_refuse(err, not_started);
	if (running && s->paused)
		return cc_refuse(err, paused);
	if (running && s->held)
		return cc_refuse(err, CC_MSG_HELD_BEFORE_MOVE); /* RU-31 */
	return CC_OK;
}

static cc_err fide_start(match_state *s, cc_error *err)
{
	cc_err rc = cc_match_refuse_if_over(s, err);
	if (rc)
		return rc;
	if (s->phase != CC_PHASE_SETUP)
		return cc_refuse(err, CC_MSG_CHESS_ALREADY_RUNNING);
	/* FI-6.2: White's clock starts. */
	s->phase = CC_PHASE_BLOCK;
	s->block = 1;
	s->block_started = true;
	s->to_move = CC_SIDE_WHITE;
	s->starter = CC_SIDE_WHITE;
	return CC_OK;
}

static cc_err fide_move(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	match_move mv;
	cc_err rc = require_game(s, CC_MSG_GAME_NOT_STARTED_MOVE, CC_MSG_GAME_PAUSED_MOVE, true, err);
	if (rc)
		return rc;
	if (ev->side != s->to_move)
		return cc_refuse(err, CC_MSG_NOT_YOUR_MOVE, s->to_move, ev->side);
	/* RU-38: the stamped moves are written first, in order. */
	if (s->stamps > 0)
		return cc_refuse(err, CC_MSG_STAMPS_PENDING, (int)s->stamps);
	rc = cc_match_moves_read(s, ev, &mv, err);
	if (rc)
		return rc;
	cc_match_moves_play(s, ctx, &mv, CC_PLY_MOVE, ev->t_ms);
	if (has_clock(ctx->cfg))
		after_move_clock(s, ctx->cfg, ev->side); /* FI-6.3.1: after the move */
	s->moves[ev->side]++;
	s->to_move = cc_side_other(ev->side);
	s->check = mv.info.gives_check;
	s->has_last_mover = true;
	s->last_mover = ev->side;
	s->last_move_can_mate = true;
	conclude(s, ctx, ev->side);
	return CC_OK;
}

/*
 * RU-38: a clock key in a chess game. The move is made at its stamp for
 * the clocks (FI-6.2: the mover's clock stops, his bonus is added, the
 * next period comes after its last move, the opponent's clock runs) and
 * the move counts; its SAN comes later (CC_EV_SAN, which match.c turns
 * into this move at the stamp, RU-35). Until then the board waits before
 * it, nothing is concluded from it (mate, stalemate, draws: the SAN
 * says), and the opponent's key is live at once.
 */
static cc_err fide_press(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	cc_err rc = require_game(s, CC_MSG_GAME_NOT_STARTED_MOVE, CC_MSG_GAME_PAUSED_MOVE, true, err);
	if (rc)
		return rc;
	if (ev->side != s->to_move)
		return cc_refuse(err, CC_MSG_NOT_YOUR_MOVE, s->to_move, ev->side);
	if (s->stamps >= CC_MATCH_STAMPS_MAX)
		return cc_refuse(err, CC_MSG_TOO_MANY_STAMPS, (int)s->stamps);
	/* What the mover's clock showed at his key (0 with no clock). */
	s->stamp[s->stamps++] = (cc_match_stamp){ev->side, ev->t_ms, has_clock(ctx->cfg) ? s->clock_ms[ev->side] : 0};
	if (has_clock(ctx->cfg))
		after_move_clock(s, ctx->cfg, ev->side); /* FI-6.3.1: after the move */
	s->moves[ev->side]++;
	s->to_move = cc_side_other(ev->side);
	s->check = false;
	s->has_last_mover = true;
	s->last_mover = ev->side;
	s->last_move_can_mate = false;
	return CC_OK;
}

/*
 * FI-9.2, FI-9.3, FI-9.5: a claim through the arbiter, by the player to
 * move on the position on the board, or by the player who has just moved
 * (the claim made with the move written, 9.2.1.a and 9.3.a: the move is
 * entered, then the claim, nothing in between). Valid: the game is drawn.
 * Not valid: refused with the reason, and nothing changes (FI-9.5.3's two
 * minutes, if the arbiter gives them, are a clock correction).
 */
static cc_err fide_claim(match_state *s, const apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	cc_err rc = require_game(s, CC_MSG_GAME_NOT_STARTED_CLAIM, CC_MSG_GAME_PAUSED_CLAIM, false, err);
	if (rc)
		return rc;
	bool threefold = strcmp(ev->text, "threefold") == 0, fifty = strcmp(ev->text, "fifty") == 0;
	if (!threefold && !fifty)
		return cc_refuse(err, CC_MSG_CLAIM_UNKNOWN, ev->text);
	/* RU-38: a claim is judged on the board, which waits for the SANs. */
	if (s->stamps > 0)
		return cc_refuse(err, CC_MSG_STAMPS_PENDING, (int)s->stamps);
	bool just_moved = s->last_was_move && s->has_last_mover && s->last_mover == ev->side;
	if (ev->side != s->to_move && !just_moved)
		return cc_refuse(err, CC_MSG_CLAIM_NOT_NOW, ev->side);
	if (threefold) {
		unsigned reps = cc_match_moves_repetitions(s, ctx);
		if (reps == 1)
			return cc_refuse(err, CC_MSG_CLAIM_REPETITION_ONCE);
		if (reps < 3)
			return cc_refuse(err, CC_MSG_CLAIM_REPETITION_TIMES, reps);
		end_as(s, CC_WINNER_NONE, CC_REASON_THREEFOLD);
		return CC_OK;
	}
	if (s->pos.halfmove_clock == 1)
		return cc_refuse(err, CC_MSG_CLAIM_FIFTY_ONE);
	if (s->pos.halfmove_clock < 100)
		return cc_refuse(err, CC_MSG_CLAIM_FIFTY, s->pos.halfmove_clock);
	end_as(s, CC_WINNER_NONE, CC_REASON_FIFTY);
	return CC_OK;
}

/* FI-6.10, RU-25: the arbiter sets a clock, with a reason; above zero,
 * since a clock at zero is a flag fall, which time alone decides. */
static cc_err fide_correct(match_state *s, const apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	cc_err rc = cc_match_refuse_if_over(s, err);
	if (rc)
		return rc;
	if (ev->text[0] == '\0')
		return cc_refuse(err, CC_MSG_CORRECTION_NEEDS_REASON);
	if (ev->target != CC_CORRECT_CLOCK)
		return cc_refuse(err, CC_MSG_CHESS_CORRECTS_CLOCKS_ONLY);
	if (!has_clock(ctx->cfg))
		return cc_refuse(err, CC_MSG_NO_CLOCK_IN_THIS_GAME);
	int64_t value = ev->relative ? s->clock_ms[ev->side] + ev->amount : ev->amount;
	if (value < 1 || value > CC_FIDE_CLOCK_MAX_MS)
		return cc_refuse(err, CC_MSG_CHESS_CLOCK_RANGE, value, CC_FIDE_CLOCK_MAX_MS);
	s->clock_ms[ev->side] = value;
	return CC_OK;
}

/* RU-29: resuming with the side to move's clock at zero would make the
 * flag fall again at once; the arbiter sets the clock first. */
static cc_err fide_resume_check(const match_state *s, const cc_match_settings *cfg, cc_error *err)
{
	if (has_clock(cfg) && s->clock_ms[s->to_move] <= 0)
		return cc_refuse(err, CC_MSG_CLOCK_AT_ZERO, s->to_move);
	return CC_OK;
}

/* Has s ended by a flag fall? An undo then takes back the fall (RU-28). */
static bool fide_flag_over(const match_state *s)
{
	return s->phase == CC_PHASE_OVER && (s->reason == CC_REASON_TIME || s->reason == CC_REASON_TIME_DRAW);
}

/* FI-9.1: the players agree a draw, at any moment of the game. */
static cc_err fide_draw(match_state *s, cc_error *err)
{
	cc_err rc = require_game(s, CC_MSG_GAME_NOT_STARTED_AGREEMENT, CC_MSG_GAME_PAUSED_AGREEMENT, false, err);
	if (rc)
		return rc;
	end_as(s, CC_WINNER_NONE, CC_REASON_AGREEMENT);
	return CC_OK;
}

static cc_err fide_apply(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	cc_err rc;
	switch (ev->kind) {
	case CC_EV_START:
		return fide_start(s, err);
	case CC_EV_MOVE:
		return fide_move(s, ctx, ev, err);
	case CC_EV_MATE:
		rc = cc_match_refuse_if_over(s, err);
		return rc ? rc : cc_match_moves_refuse_mate(err); /* RU-22 */
	case CC_EV_CUBE:
		rc = cc_match_refuse_if_over(s, err);
		return rc ? rc : cc_refuse(err, CC_MSG_CHESS_NO_CUBE_PHASE);
	case CC_EV_CORRECT:
		return fide_correct(s, ctx, ev, err);
	case CC_EV_CLAIM:
		return fide_claim(s, ctx, ev, err);
	case CC_EV_DRAW:
		return fide_draw(s, err);
	case CC_EV_PAUSE:
	case CC_EV_RESUME:
	case CC_EV_RESIGN:
	case CC_EV_ARBITER:
	case CC_EV_UNDO:
	case CC_EV_TICK:
	case CC_EV_IN_TIME:
	case CC_EV_CARD: /* refused by match.c for every format but uno */
	case CC_EV_PLACE:
	case CC_EV_STOP:
	case CC_EV_SAN:
	case CC_EV_HOLD:
	case CC_EV_RELEASE:
		break; /* match.c's own */
	case CC_EV_PRESS:
		return fide_press(s, ctx, ev, err); /* RU-38 */
	}
	return cc_refuse(err, CC_MSG_UNKNOWN_EVENT);
}

const cc_game_rules cc_match_chess_rules = {
	.settings_valid = cc_match_fide_settings_valid,
	.create = fide_create,
	.apply = fide_apply,
	.resume_check = fide_resume_check,
	.run_clocks = fide_run_clock,
	.deadline = fide_deadline,
	.fire_deadline = fide_flag_fall,
	.flag_over = fide_flag_over,
};
