/*
 * match_time.c: what time alone does. cc_match_advance() carries a state
 * forward to a later time, firing on the way the transitions its game's
 * operations name (cc_game_rules: its clocks, its next deadline, what
 * happens there). The operations of a game of blocks are here, read from
 * its class's timings: the move clock and a move lost on it (TW-4.2,
 * RU-1, RU-8), the block's length and the end of a block (CO-2.1, CO-2.2,
 * CO-4.1), a fixed chess clock (TI-1.1, RU-5). A flag fall of format chess
 * is a deadline like the others (match_fide.c says when).
 */
#include "match_internal.h"

bool cc_match_clocks_running(const match_state *s)
{
	return s->phase == CC_PHASE_BLOCK && s->block_started && !s->paused && !s->held;
}

/*
 * RU-42: the block is closing (quotas or 180 s) and its end waits only for
 * the SAN of a stamp that may give check: the side to move has no move left
 * unless that SAN checks, so no clock of his runs and no move of his is
 * lost until it is in. The SAN replays the block from its stamp (RU-35):
 * a check makes his clock run from the stamp, as if typed there.
 */
static bool end_waits_for_san(const match_state *s)
{
	return s->closing && s->stamps > 0 && !s->check;
}

/* A block runs its clock, the move clock if the game has one, else the
 * side to move's chess clock if it has them (Time). */
void cc_match_blocks_run_clocks(match_state *s, const cc_match_settings *cfg, int64_t dt)
{
	const cc_game_class *game = cc_match_game(cfg);
	s->block_elapsed_ms += dt;
	if (end_waits_for_san(s)) {
		/* RU-42: nobody has a move to play */
	} else if (game->move_ms > 0)
		s->move_elapsed_ms += dt;
	else if (game->clock_ms > 0)
		s->clock_ms[s->to_move] -= dt;
	s->anchor_ms += dt;
}

/* RU-5: a fixed chess clock (Time's) at or below zero marks its player
 * flagged, for good. */
void cc_match_mark_flags(match_state *s, const cc_match_settings *cfg)
{
	if (cc_match_game(cfg)->clock_ms == 0)
		return;
	for (int side = 0; side < 2; side++)
		if (s->clock_ms[side] <= 0)
			s->flagged[side] = true;
}

int64_t cc_match_time_to_deadline(const match_state *s, const cc_match_settings *cfg)
{
	return cc_match_game(cfg)->rules->deadline(s, cfg);
}

/* The block's end, or the move clock's. */
int64_t cc_match_blocks_deadline(const match_state *s, const cc_match_settings *cfg)
{
	const cc_game_class *game = cc_match_game(cfg);
	int64_t next = INT64_MAX;
	if (!s->closing)
		next = game->block_ms - s->block_elapsed_ms;
	if (end_waits_for_san(s))
		return next; /* RU-42: no move clock runs */
	if (game->move_ms > 0 && game->move_ms - s->move_elapsed_ms < next)
		next = game->move_ms - s->move_elapsed_ms;
	return next;
}

/* The block clock's time left, as its clock shows it. */
static int64_t block_left(const match_state *s, int64_t block_ms)
{
	return s->block_elapsed_ms < block_ms ? block_ms - s->block_elapsed_ms : 0;
}

static void end_block(match_state *s)
{
	s->phase = CC_PHASE_CUBE;
	s->block_started = false;
	s->double_move = CC_DOUBLE_NONE;
	s->cube_attempt = 1;
	cc_match_designate_cube(s);
}

/*
 * After every move, lost or played: CO-2.2 (both quotas end the block),
 * CO-4.1 (never while a king is in check), RU-3 (a side whose quota is used
 * up while the other still has moves hands the turn over).
 */
void cc_match_after_move(match_state *s, apply_ctx *ctx, int quota, int64_t t)
{
	if (!s->closing && s->moves[0] >= quota && s->moves[1] >= quota) {
		s->closing = true;
		s->block_end = CC_BLOCK_END_QUOTA;
	}
	if (s->closing) {
		/* RU-35: a stamp waiting for its SAN may be a check: its SAN says */
		if (!s->check && s->stamps == 0)
			end_block(s);
		return;
	}
	if (s->moves[s->to_move] >= quota && !s->check) {
		s->to_move = cc_side_other(s->to_move);
		cc_match_moves_sync(s, ctx, t); /* RU-21: a pass on the board */
	}
}

/* CO-4.2: once the block is closing, moves are parries outside the quota. */
bool cc_match_move_counts(const match_state *s, cc_side side, int quota)
{
	return !s->closing && s->double_move != CC_DOUBLE_FREE && s->moves[side] < quota;
}

/* TW-4.2, TW-6.5, RU-1, RU-8: the move clock ran out on a move that counts. */
static void lose_move(match_state *s, apply_ctx *ctx, int quota)
{
	cc_side side = s->to_move;
	if (cc_match_move_counts(s, side, quota))
		s->moves[side]++;
	else
		s->extra[side]++;
	s->lost[side]++;
	s->has_loss = true; /* RU-26: it may yet be declared played in time */
	s->loss_side = side;
	s->loss_ms = s->anchor_ms;
	s->loss_block_ms = block_left(s, cc_match_game(ctx->cfg)->block_ms);
	if (s->double_move == CC_DOUBLE_SECOND)
		s->double_move = CC_DOUBLE_NONE;
	s->has_last_mover = true;
	s->last_mover = side;
	s->last_move_can_mate = false;
	s->move_elapsed_ms = 0;
	/* RU-8: a king cannot be left in check, so the turn stays. */
	if (!s->check) {
		if (ctx->cfg->record == CC_RECORD_MOVES)
			cc_match_moves_pass(s, ctx, CC_PLY_LOST, s->anchor_ms); /* RU-21 */
		s->to_move = cc_side_other(side);
	}
	cc_match_after_move(s, ctx, quota, s->anchor_ms);
}

void cc_match_blocks_fire(match_state *s, apply_ctx *ctx)
{
	int quota = cc_match_quota(ctx->cfg->category);
	/* CO-2.1: the block's 180 s come first; no move is lost after them. */
	if (!s->closing && s->block_elapsed_ms >= cc_match_game(ctx->cfg)->block_ms) {
		s->closing = true;
		s->block_end = CC_BLOCK_END_TIME;
		if (!s->check && s->stamps == 0) /* RU-35: as in cc_match_after_move */
			end_block(s);
		return;
	}
	if (s->double_move == CC_DOUBLE_FREE) {
		/* TW-6.4: overrunning the free move cancels the advantage; the
		 * player now plays a normal counted move with a fresh 20 s. */
		s->double_move = CC_DOUBLE_NONE;
		s->double_move_lost = true;
		s->move_elapsed_ms = 0;
		return;
	}
	lose_move(s, ctx, quota);
}

/*
 * RU-8 with the block closing (CO-4.2): a check that is never parried loses
 * a move outside the quota every 20 s and keeps the turn, and nothing else
 * changes. Those losses are counted in one step, so a jump of any length
 * costs the same as one loss (no loop per 20 s). Returns false when s is
 * not in that cycle (or the game has no move clock).
 */
bool cc_match_blocks_skip(match_state *s, const cc_match_settings *cfg, int64_t step)
{
	const cc_game_class *game = cc_match_game(cfg);
	int64_t move_ms = game->move_ms, first = move_ms - s->move_elapsed_ms;
	if (move_ms == 0 || !s->closing || !s->check || s->double_move != CC_DOUBLE_NONE || first <= 0 ||
	    first >= step)
		return false;
	int64_t losses = (step - first - 1) / move_ms + 1; /* deadlines strictly before t */
	int64_t last = first + (losses - 1) * move_ms;
	cc_match_blocks_run_clocks(s, cfg, last);
	s->extra[s->to_move] += (int)losses;
	s->lost[s->to_move] += (int)losses;
	s->has_loss = true;
	s->loss_side = s->to_move;
	s->loss_ms = s->anchor_ms;
	s->loss_block_ms = block_left(s, game->block_ms);
	s->has_last_mover = true;
	s->last_mover = s->to_move;
	s->last_move_can_mate = false;
	s->move_elapsed_ms = 0;
	return true;
}

/*
 * Carries s forward to time t. A limit is reached at its exact millisecond
 * and passed one millisecond later: an event stamped exactly at a limit is
 * still in time (RU-9). Before the block closes at most ten deadlines fire
 * (180 s of 20 s moves); after it, the only endless cycle is settled in
 * closed form (cc_match_blocks_skip), so it takes the same few steps
 * whatever the length of the jump (RU-23). The game's operations say
 * which clocks run and what a deadline is.
 */
void cc_match_advance(match_state *s, apply_ctx *ctx, int64_t t)
{
	const cc_match_settings *cfg = ctx->cfg;
	const cc_game_rules *rules = cc_match_game(cfg)->rules;
	while (s->anchor_ms < t && cc_match_clocks_running(s)) {
		int64_t step = t - s->anchor_ms;
		int64_t deadline = rules->deadline(s, cfg);
		if (deadline >= step) {
			rules->run_clocks(s, cfg, step);
			break;
		}
		if (rules->skip_deadlines && rules->skip_deadlines(s, cfg, step))
			continue;
		if (deadline > 0)
			rules->run_clocks(s, cfg, deadline);
		rules->fire_deadline(s, ctx);
		cc_match_mark_flags(s, cfg);
	}
	cc_match_mark_flags(s, cfg);
	if (s->anchor_ms < t)
		s->anchor_ms = t;
}
