/*
 * match_view.c: the view of a match at time t (cc_match_view_at), the
 * next moment time alone changes it (cc_match_next_deadline) and whether
 * it has (cc_match_changed_by_time). A query is cc_match_advance() on a
 * copy of the state: it never changes the match.
 */
#include <stdio.h>
#include <string.h>

#include "match_internal.h"

static int64_t clamp_ms(int64_t value, int64_t low, int64_t high)
{
	return value < low ? low : value > high ? high : value;
}

/* The view of state s; the latest block summary and plies are those ctx
 * wrote when given (an event being checked, time passing), else the
 * journals'. */
void cc_match_fill_view(const cc_match *match, const match_state *state, const apply_ctx *ctx,
                        cc_match_view *out)
{
	const cc_block_summary *new_summary = ctx && ctx->wrote_summary ? &ctx->summary : NULL;
	const cc_match_settings *cfg = &match->settings;
	const match_state s = *state;

	memset(out, 0, sizeof *out);
	out->t_ms = s.anchor_ms;
	out->phase = s.phase;
	out->paused = s.paused;
	out->held = s.held;
	out->can_hold = cc_match_clocks_running(&s);
	out->block = s.block;
	out->block_started = s.block_started;
	out->closing = s.closing;
	/* the clocks the game has: its timings, or the settings' time control */
	const cc_game_class *game = cc_match_game(cfg);
	cc_tc_period periods[CC_TC_PERIODS_MAX];
	if (game->block_ms > 0)
		out->block_ms_left = clamp_ms(game->block_ms - s.block_elapsed_ms, 0, game->block_ms);
	out->has_move_clock = game->move_ms > 0;
	if (out->has_move_clock)
		out->move_ms_left = clamp_ms(game->move_ms - s.move_elapsed_ms, 0, game->move_ms);
	out->has_chess_clocks = game->clock_ms > 0 || cc_tc_periods(cfg, periods) > 0;
	out->quota = (game->traits & CC_GAME_BLOCKS) ? cc_match_quota(cfg->category) : 0;
	for (int i = 0; i < 2; i++) {
		out->clock_ms[i] = s.clock_ms[i];
		out->flagged[i] = s.flagged[i];
		out->moves[i] = s.moves[i];
		out->lost[i] = s.lost[i];
		out->cube_cs[i] = CC_CUBE_NONE;
		out->tied_cs[i] = CC_CUBE_NONE;
	}
	out->to_move = s.to_move;
	out->double_move = s.double_move;
	out->check = s.check;
	out->has_last_mover = s.has_last_mover;
	out->last_mover = s.last_mover;
	if (s.phase == CC_PHASE_CUBE) {
		out->cube_number = s.cube_number;
		out->cube_attempt = s.cube_attempt;
		out->cube_cs[0] = s.cube_cs[0];
		out->cube_cs[1] = s.cube_cs[1];
		out->block_end = s.block_end;
		if (s.cube_attempt > 1) {
			out->tied_cs[0] = s.tied_cs[0];
			out->tied_cs[1] = s.tied_cs[1];
		}
	}
	if (s.closing)
		out->block_end = s.block_end;
	/* RU-26: a loss after the last event of the history can be declared
	 * played in time. */
	out->can_declare_in_time = s.has_loss && s.loss_ms > s.last_act_ms;
	out->lost_side = s.loss_side;
	out->lost_at_ms = s.has_loss ? s.loss_ms : -1;
	out->lost_block_ms_left = s.has_loss ? s.loss_block_ms : 0;
	out->has_last_cube = s.block_count > 0;
	if (new_summary)
		out->last_cube = *new_summary;
	else if (out->has_last_cube)
		out->last_cube = match->blocks[s.block_count - 1];
	out->over = s.phase == CC_PHASE_OVER;
	out->winner = s.winner;
	out->reason = s.reason;
	snprintf(out->reason_text, sizeof out->reason_text, "%s", s.reason_text);
	if (cfg->record == CC_RECORD_MOVES)
		cc_match_moves_view(match, state, ctx, out);
	out->stamps = s.stamps; /* RU-35 */
	memcpy(out->stamp, s.stamp, sizeof out->stamp);
}

/* A query past the last possible event time is read at that time (RU-23). */
static int64_t query_time(int64_t t_ms)
{
	return t_ms > CC_MATCH_TIME_MAX_MS ? CC_MATCH_TIME_MAX_MS : t_ms;
}

void cc_match_view_at(const cc_match *match, int64_t t_ms, cc_match_view *out)
{
	match_state s = match->state;
	t_ms = query_time(t_ms);
	const match_engine *engine = cc_match_engine(match);
	if (engine) {
		engine->view(match, t_ms, out);
		return;
	}
	apply_ctx ctx;
	memset(&ctx, 0, sizeof ctx);
	ctx.cfg = &match->settings;
	ctx.match = match;
	cc_match_advance(&s, &ctx, t_ms);
	cc_match_fill_view(match, &s, &ctx, out);
}

int64_t cc_match_next_deadline(const cc_match *match, int64_t t_ms)
{
	if (match->engine)
		return -1; /* an engine's game has no clock the match runs (Chess-Uno: none) */
	match_state s = match->state;
	apply_ctx ctx;
	memset(&ctx, 0, sizeof ctx);
	ctx.cfg = &match->settings;
	ctx.match = match;
	cc_match_advance(&s, &ctx, query_time(t_ms));
	if (!cc_match_clocks_running(&s))
		return -1;
	int64_t deadline = cc_match_time_to_deadline(&s, &match->settings);
	return deadline == INT64_MAX ? -1 : s.anchor_ms + deadline;
}

bool cc_match_changed_by_time(const cc_match *match, int64_t t_ms)
{
	if (match->engine)
		return false;
	const match_state *was = &match->state;
	t_ms = query_time(t_ms);
	match_state s = *was;
	apply_ctx ctx;
	memset(&ctx, 0, sizeof ctx);
	ctx.cfg = &match->settings;
	ctx.match = match;
	cc_match_advance(&s, &ctx, t_ms);
	/* Running clocks are not changes; what time alone decides is. */
	return s.phase != was->phase || s.block != was->block || s.to_move != was->to_move ||
	       s.double_move != was->double_move || s.closing != was->closing || s.ply_count != was->ply_count ||
	       memcmp(s.moves, was->moves, sizeof s.moves) != 0 || memcmp(s.lost, was->lost, sizeof s.lost) != 0 ||
	       memcmp(s.flagged, was->flagged, sizeof s.flagged) != 0;
}
