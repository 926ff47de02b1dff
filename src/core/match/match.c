/*
 * match.c: the ChessCubing match as a fold over timed events.
 *
 * State model. The whole state of a match is a plain struct (match_state)
 * materialized at one instant, its anchor. Clocks are kept as elapsed or
 * remaining milliseconds at the anchor; advance() carries a state forward
 * to a later time, firing on the way the transitions that time alone
 * causes (a move clock running out, the 180 s of a block). An event is
 * applied to a copy advanced to its time stamp, and the copy replaces the
 * state only when the event is accepted, so a refusal changes nothing.
 * A view at time t is the same advance() on a copy: queries never mutate.
 *
 * History. Besides the record (every accepted event, undos included) the
 * match keeps its history: the events it now stands on (history_entry).
 * An undo takes the last event of the history that is not a tick out of
 * it, and a move declared played in time (IN_TIME) puts a move into it
 * where the clock ran out; then the match is rebuilt by replaying the
 * history through a new match and carried forward to the time of the
 * undo or the declaration, so the time that passed counts for whoever was
 * really to move and what time alone causes happens (RU-14, RU-26).
 * Replaying the record re-runs the same rebuilds. No state is copied per
 * event: an event costs its own size and a history entry.
 *
 * Journal. Block summaries are appended to an array owned by the match;
 * the state only holds how many are valid, so an undo that restores an
 * older state also forgets the summaries written after it. The plies of
 * moves recording are a second journal kept the same way; the board itself
 * is part of the state (match_moves.c).
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/game.h"
#include "match_internal.h"

/* ---- names --------------------------------------------------------------- */

int cc_match_quota(cc_category category)
{
	switch (category) {
	case CC_CATEGORY_FAST:
		return 6;
	case CC_CATEGORY_FREEZE:
		return 8;
	case CC_CATEGORY_MASTERS:
		return 10;
	}
	return 0;
}

const char *cc_format_name(cc_format format)
{
	return cc_game_class_of(format)->name;
}

const char *cc_claims_name(cc_claims claims)
{
	switch (claims) {
	case CC_CLAIMS_AUTO:
		return "auto";
	case CC_CLAIMS_MANUAL:
		return "manual";
	}
	return "?";
}

cc_err cc_claims_parse(const char *text, cc_claims *out)
{
	if (strcmp(text, "auto") == 0)
		*out = CC_CLAIMS_AUTO;
	else if (strcmp(text, "manual") == 0)
		*out = CC_CLAIMS_MANUAL;
	else
		return CC_ERR_INVALID;
	return CC_OK;
}

const char *cc_category_name(cc_category category)
{
	switch (category) {
	case CC_CATEGORY_FAST:
		return "fast";
	case CC_CATEGORY_FREEZE:
		return "freeze";
	case CC_CATEGORY_MASTERS:
		return "masters";
	}
	return "?";
}

const char *cc_phase_name(cc_phase phase)
{
	switch (phase) {
	case CC_PHASE_SETUP:
		return "setup";
	case CC_PHASE_BLOCK:
		return "block";
	case CC_PHASE_CUBE:
		return "cube";
	case CC_PHASE_OVER:
		return "over";
	}
	return "?";
}

const char *cc_double_move_name(cc_double_move d)
{
	switch (d) {
	case CC_DOUBLE_NONE:
		return "none";
	case CC_DOUBLE_FREE:
		return "free";
	case CC_DOUBLE_SECOND:
		return "second";
	}
	return "?";
}

const char *cc_winner_name(cc_winner winner)
{
	switch (winner) {
	case CC_WINNER_WHITE:
		return "white";
	case CC_WINNER_BLACK:
		return "black";
	case CC_WINNER_NONE:
		return "none";
	}
	return "?";
}

const char *cc_reason_name(cc_end_reason reason)
{
	switch (reason) {
	case CC_REASON_CHECKMATE:
		return "checkmate";
	case CC_REASON_RESIGNATION:
		return "resignation";
	case CC_REASON_ARBITER:
		return "arbiter";
	case CC_REASON_STALEMATE:
		return "stalemate";
	case CC_REASON_DEAD:
		return "insufficient-material";
	case CC_REASON_THREEFOLD:
		return "threefold-repetition";
	case CC_REASON_FIFTY:
		return "50-move-rule";
	case CC_REASON_FIVEFOLD:
		return "fivefold-repetition";
	case CC_REASON_SEVENTY_FIVE:
		return "75-move-rule";
	case CC_REASON_TIME:
		return "time";
	case CC_REASON_TIME_DRAW:
		return "time-vs-insufficient-material";
	case CC_REASON_AGREEMENT:
		return "agreement";
	case CC_REASON_KING_CAPTURE:
		return "king-capture";
	case CC_REASON_NO_MOVE:
		return "turns-without-move";
	}
	return "?";
}

cc_err cc_reason_parse(const char *text, cc_end_reason *out)
{
	for (unsigned i = 0; i <= CC_REASON_NO_MOVE; i++) {
		if (strcmp(text, cc_reason_name((cc_end_reason)i)) == 0) {
			*out = (cc_end_reason)i;
			return CC_OK;
		}
	}
	return CC_ERR_INVALID;
}

cc_err cc_format_parse(const char *text, cc_format *out)
{
	const cc_game_class *game = cc_game_class_named(text);
	if (!game)
		return CC_ERR_INVALID;
	*out = game->format;
	return CC_OK;
}

cc_err cc_category_parse(const char *text, cc_category *out)
{
	if (strcmp(text, "fast") == 0)
		*out = CC_CATEGORY_FAST;
	else if (strcmp(text, "freeze") == 0)
		*out = CC_CATEGORY_FREEZE;
	else if (strcmp(text, "masters") == 0)
		*out = CC_CATEGORY_MASTERS;
	else
		return CC_ERR_INVALID;
	return CC_OK;
}

static const char *const event_kind_names[] = {"start",  "move",    "mate", "cube", "pause",   "resume", "resign",
                                               "arbiter", "undo",   "tick", "correct", "intime", "claim", "draw",
                                               "card",    "place",  "stop"};

const char *cc_event_kind_name(cc_event_kind kind)
{
	return (unsigned)kind <= CC_EV_STOP ? event_kind_names[kind] : "?";
}

static const char *const correct_target_names[] = {"block", "move", "clock", "moves", "lost", "tomove"};

const char *cc_correct_target_name(cc_correct_target target)
{
	return (unsigned)target <= CC_CORRECT_TO_MOVE ? correct_target_names[target] : "?";
}

cc_err cc_correct_target_parse(const char *text, cc_correct_target *out)
{
	for (unsigned i = 0; i <= CC_CORRECT_TO_MOVE; i++) {
		if (strcmp(text, correct_target_names[i]) == 0) {
			*out = (cc_correct_target)i;
			return CC_OK;
		}
	}
	return CC_ERR_INVALID;
}

cc_err cc_event_kind_parse(const char *text, cc_event_kind *out)
{
	for (unsigned i = 0; i <= CC_EV_STOP; i++) {
		if (strcmp(text, event_kind_names[i]) == 0) {
			*out = (cc_event_kind)i;
			return CC_OK;
		}
	}
	return CC_ERR_INVALID;
}

cc_err cc_winner_parse(const char *text, cc_winner *out)
{
	if (strcmp(text, "white") == 0)
		*out = CC_WINNER_WHITE;
	else if (strcmp(text, "black") == 0)
		*out = CC_WINNER_BLACK;
	else if (strcmp(text, "none") == 0)
		*out = CC_WINNER_NONE;
	else
		return CC_ERR_INVALID;
	return CC_OK;
}

cc_err cc_side_parse(const char *text, cc_side *out)
{
	if (strcmp(text, "white") == 0)
		*out = CC_SIDE_WHITE;
	else if (strcmp(text, "black") == 0)
		*out = CC_SIDE_BLACK;
	else
		return CC_ERR_INVALID;
	return CC_OK;
}

static cc_winner winner_of(cc_side side)
{
	return side == CC_SIDE_WHITE ? CC_WINNER_WHITE : CC_WINNER_BLACK;
}

/* ---- seeded draws (CO-6.2) ------------------------------------------------ */

/* splitmix64: tiny, well mixed, and its whole state is one integer that
 * snapshots and undo carry along with the rest of the match. */
static uint64_t rng_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

/* Uniform in [0, n) by multiply-shift; the bias for n <= 4 is below 2^-30. */
static int rng_below(uint64_t *state, int n)
{
	uint64_t high = rng_next(state) >> 32;
	return (int)((high * (uint64_t)n) >> 32);
}

/* CO-6.1, CO-6.2: cubes 1 to 4, never the number of the phase just before. */
static void designate_cube(match_state *s)
{
	int n;
	if (s->prev_cube_number == 0) {
		n = 1 + rng_below(&s->rng, 4);
	} else {
		n = 1 + rng_below(&s->rng, 3);
		if (n >= s->prev_cube_number)
			n++;
	}
	s->cube_number = n;
	s->prev_cube_number = n;
	s->cube_cs[0] = s->cube_cs[1] = CC_CUBE_NONE;
}

/* ---- time ---------------------------------------------------------------- */

static bool clocks_running(const match_state *s)
{
	return s->phase == CC_PHASE_BLOCK && s->block_started && !s->paused;
}

static void run_clocks(match_state *s, const cc_match_settings *cfg, int64_t dt)
{
	if (cfg->format == CC_FORMAT_CHESS) {
		cc_match_fide_run_clock(s, cfg, dt);
		return;
	}
	s->block_elapsed_ms += dt;
	if (cfg->format == CC_FORMAT_TWICE)
		s->move_elapsed_ms += dt;
	else
		s->clock_ms[s->to_move] -= dt;
	s->anchor_ms += dt;
}

/* RU-5: a Time clock at or below zero marks its player flagged, for good. */
static void mark_flags(match_state *s, const cc_match_settings *cfg)
{
	if (cfg->format != CC_FORMAT_TIME)
		return;
	for (int side = 0; side < 2; side++)
		if (s->clock_ms[side] <= 0)
			s->flagged[side] = true;
}

/* Milliseconds from the anchor to the next transition caused by time alone. */
static int64_t next_deadline(const match_state *s, const cc_match_settings *cfg)
{
	int64_t next = INT64_MAX;
	if (cfg->format == CC_FORMAT_CHESS)
		return cc_match_fide_deadline(s, cfg);
	if (!s->closing)
		next = CC_BLOCK_MS - s->block_elapsed_ms;
	if (cfg->format == CC_FORMAT_TWICE && CC_MOVE_MS - s->move_elapsed_ms < next)
		next = CC_MOVE_MS - s->move_elapsed_ms;
	return next;
}

static void end_block(match_state *s)
{
	s->phase = CC_PHASE_CUBE;
	s->block_started = false;
	s->double_move = CC_DOUBLE_NONE;
	s->cube_attempt = 1;
	designate_cube(s);
}

/*
 * After every move, lost or played: CO-2.2 (both quotas end the block),
 * CO-4.1 (never while a king is in check), RU-3 (a side whose quota is used
 * up while the other still has moves hands the turn over).
 */
static void after_move(match_state *s, apply_ctx *ctx, int quota, int64_t t)
{
	if (!s->closing && s->moves[0] >= quota && s->moves[1] >= quota) {
		s->closing = true;
		s->block_end = CC_BLOCK_END_QUOTA;
	}
	if (s->closing) {
		if (!s->check)
			end_block(s);
		return;
	}
	if (s->moves[s->to_move] >= quota && !s->check) {
		s->to_move = cc_side_other(s->to_move);
		cc_match_moves_sync(s, ctx, t); /* RU-21: a pass on the board */
	}
}

/* CO-4.2: once the block is closing, moves are parries outside the quota. */
static bool move_counts(const match_state *s, cc_side side, int quota)
{
	return !s->closing && s->double_move != CC_DOUBLE_FREE && s->moves[side] < quota;
}

/* TW-4.2, TW-6.5, RU-1, RU-8: the move clock ran out on a move that counts. */
static void lose_move(match_state *s, apply_ctx *ctx, int quota)
{
	cc_side side = s->to_move;
	if (move_counts(s, side, quota))
		s->moves[side]++;
	else
		s->extra[side]++;
	s->lost[side]++;
	s->has_loss = true; /* RU-26: it may yet be declared played in time */
	s->loss_side = side;
	s->loss_ms = s->anchor_ms;
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
	after_move(s, ctx, quota, s->anchor_ms);
}

static void fire_deadline(match_state *s, apply_ctx *ctx)
{
	int quota = cc_match_quota(ctx->cfg->category);
	if (ctx->cfg->format == CC_FORMAT_CHESS) {
		cc_match_fide_flag_fall(s); /* FI-6.9 */
		return;
	}
	/* CO-2.1: the block's 180 s come first; no move is lost after them. */
	if (!s->closing && s->block_elapsed_ms >= CC_BLOCK_MS) {
		s->closing = true;
		s->block_end = CC_BLOCK_END_TIME;
		if (!s->check)
			end_block(s);
		return;
	}
	if (s->double_move == CC_DOUBLE_FREE) {
		/* TW-6.4: overrunning the free move cancels the advantage; the
		 * player now plays a normal counted move with a fresh 20 s. */
		s->double_move = CC_DOUBLE_NONE;
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
 * not in that cycle.
 */
static bool lose_moves_in_bulk(match_state *s, const cc_match_settings *cfg, int64_t step)
{
	int64_t first = CC_MOVE_MS - s->move_elapsed_ms;
	if (cfg->format != CC_FORMAT_TWICE || !s->closing || !s->check || s->double_move != CC_DOUBLE_NONE ||
	    first <= 0 || first >= step)
		return false;
	int64_t losses = (step - first - 1) / CC_MOVE_MS + 1; /* deadlines strictly before t */
	int64_t last = first + (losses - 1) * CC_MOVE_MS;
	run_clocks(s, cfg, last);
	s->extra[s->to_move] += (int)losses;
	s->lost[s->to_move] += (int)losses;
	s->has_loss = true;
	s->loss_side = s->to_move;
	s->loss_ms = s->anchor_ms;
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
 * closed form (lose_moves_in_bulk), so advance() takes the same few steps
 * whatever the length of the jump (RU-23).
 */
static void advance(match_state *s, apply_ctx *ctx, int64_t t)
{
	const cc_match_settings *cfg = ctx->cfg;
	while (s->anchor_ms < t && clocks_running(s)) {
		int64_t step = t - s->anchor_ms;
		int64_t deadline = next_deadline(s, cfg);
		if (deadline >= step) {
			run_clocks(s, cfg, step);
			break;
		}
		if (lose_moves_in_bulk(s, cfg, step))
			continue;
		if (deadline > 0)
			run_clocks(s, cfg, deadline);
		fire_deadline(s, ctx);
		mark_flags(s, cfg);
	}
	mark_flags(s, cfg);
	if (s->anchor_ms < t)
		s->anchor_ms = t;
}

/* ---- applying events ----------------------------------------------------- */

cc_err cc_match_refuse_if_over(const match_state *s, cc_error *err)
{
	if (s->phase == CC_PHASE_OVER)
		return cc_refuse(err, CC_MSG_MATCH_OVER, cc_reason_name(s->reason));
	return CC_OK;
}

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
	s->last_move_can_mate = false;
	s->cube_number = 0;
	s->cube_attempt = 0;
}

static cc_err apply_start(match_state *s, const apply_ctx *ctx, cc_error *err)
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
		if (ctx->cfg->format == CC_FORMAT_TIME)
			return cc_refuse(err, CC_MSG_TIME_BLOCK_STARTS_ITSELF);
		return cc_refuse(err, CC_MSG_SOLVE_TIMES_FIRST);
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
	return CC_OK;
}

static cc_err apply_move(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	int quota = cc_match_quota(ctx->cfg->category);
	bool on_board = ctx->cfg->record == CC_RECORD_MOVES;
	match_move mv = {CC_CHESS_MOVE_NONE, {0}};
	cc_err rc = require_running_block(s, err);
	if (rc)
		return rc;
	if (ev->side != s->to_move) {
		if (!s->closing && s->moves[ev->side] >= quota)
			return cc_refuse(err, CC_MSG_QUOTA_PLAYED, ev->side, quota);
		return cc_refuse(err, CC_MSG_NOT_YOUR_MOVE, s->to_move, ev->side);
	}
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
	if (free_move) {
		s->extra[ev->side]++;
		s->double_move = CC_DOUBLE_SECOND;
		s->check = false;
		s->last_move_can_mate = false;
	} else {
		if (move_counts(s, ev->side, quota))
			s->moves[ev->side]++;
		else
			s->extra[ev->side]++;
		s->double_move = CC_DOUBLE_NONE;
		s->check = gives_check;
		s->to_move = cc_side_other(ev->side);
		s->last_move_can_mate = true;
	}
	s->has_last_mover = true;
	s->last_mover = ev->side;
	s->move_elapsed_ms = 0;
	after_move(s, ctx, quota, ev->t_ms);
	/* After a free move the same side moves again: the other passes on the board. */
	cc_match_moves_sync(s, ctx, ev->t_ms);
	return CC_OK;
}

void cc_match_finish(match_state *s, cc_winner winner, cc_end_reason reason, const char *text)
{
	s->phase = CC_PHASE_OVER;
	s->winner = winner;
	s->reason = reason;
	snprintf(s->reason_text, sizeof s->reason_text, "%s", text);
}

/* CO-5.1: in moves recording the board says when a move mates. */
static cc_err apply_board_move(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	cc_err rc = apply_move(s, ctx, ev, err);
	if (rc == CC_OK && ctx->cfg->record == CC_RECORD_MOVES && s->check &&
	    cc_chess_count_legal_moves(&s->pos) == 0)
		cc_match_finish(s, winner_of(ev->side), CC_REASON_CHECKMATE, "checkmate");
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
	cc_match_finish(s, winner_of(s->last_mover), CC_REASON_CHECKMATE, "checkmate");
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
	b->end = s->block_end;
	b->cube_number = s->cube_number;
	b->replays = s->cube_attempt - 1;
	b->cube_winner = cube_winner;
	for (int i = 0; i < 2; i++) {
		b->moves[i] = s->moves[i];
		b->lost[i] = s->lost[i];
		b->extra[i] = s->extra[i];
		b->cube_cs[i] = s->cube_cs[i];
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
		s->cube_attempt++;
		designate_cube(s);
		return;
	}
	write_summary(s, ctx, winner_of(winner), no_adjust);
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

static cc_err apply_cube(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err)
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
	if (ctx->cfg->format == CC_FORMAT_TWICE)
		resolve_twice_cube(s, ctx);
	else
		resolve_time_cube(s, ctx);
	mark_flags(s, ctx->cfg);
	return CC_OK;
}

static cc_err apply_pause(match_state *s, cc_error *err)
{
	cc_err rc = cc_match_refuse_if_over(s, err);
	if (rc)
		return rc;
	if (s->paused)
		return cc_refuse(err, CC_MSG_ALREADY_PAUSED);
	if (s->phase != CC_PHASE_BLOCK || !s->block_started)
		return cc_refuse(err, CC_MSG_NOTHING_TO_PAUSE);
	s->paused = true; /* RU-7: a pause stops every clock */
	return CC_OK;
}

static cc_err apply_resume(match_state *s, const apply_ctx *ctx, cc_error *err)
{
	cc_err rc = cc_match_refuse_if_over(s, err);
	if (rc)
		return rc;
	if (!s->paused)
		return cc_refuse(err, CC_MSG_NOT_PAUSED);
	if (ctx->cfg->format == CC_FORMAT_CHESS && (rc = cc_match_fide_resume_check(s, ctx->cfg, err)) != CC_OK)
		return rc;
	s->paused = false;
	return CC_OK;
}

static cc_err apply_resign(match_state *s, const cc_event *ev, cc_error *err)
{
	cc_err rc = cc_match_refuse_if_over(s, err);
	if (rc)
		return rc;
	cc_match_finish(s, winner_of(cc_side_other(ev->side)), CC_REASON_RESIGNATION, "resignation");
	return CC_OK;
}

static cc_err apply_arbiter(match_state *s, const cc_event *ev, cc_error *err)
{
	cc_err rc = cc_match_refuse_if_over(s, err);
	if (rc)
		return rc;
	if (ev->text[0] == '\0')
		return cc_refuse(err, CC_MSG_DECISION_NEEDS_REASON);
	cc_match_finish(s, ev->winner, CC_REASON_ARBITER, ev->text);
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

/* RU-25: the clock corrections; the block's and the move clock's running
 * time is kept as elapsed time, so the time left is set through it. */
static cc_err correct_clock(match_state *s, const apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	int64_t value;
	switch (ev->target) {
	case CC_CORRECT_BLOCK:
		value = corrected(CC_BLOCK_MS - s->block_elapsed_ms, ev);
		if (value < 0 || value > CC_BLOCK_MS)
			return out_of_range(err, CC_MSG_BLOCK_TIME_RANGE, value, 0, CC_BLOCK_MS);
		s->block_elapsed_ms = CC_BLOCK_MS - value;
		return CC_OK;
	case CC_CORRECT_MOVE_CLOCK:
		if (ctx->cfg->format != CC_FORMAT_TWICE)
			return cc_refuse(err, CC_MSG_MOVE_CLOCK_ONLY_TWICE);
		value = corrected(CC_MOVE_MS - s->move_elapsed_ms, ev);
		if (value < 0 || value > CC_MOVE_MS)
			return out_of_range(err, CC_MSG_MOVE_CLOCK_RANGE, value, 0, CC_MOVE_MS);
		s->move_elapsed_ms = CC_MOVE_MS - value;
		return CC_OK;
	case CC_CORRECT_CLOCK:
		if (ctx->cfg->format != CC_FORMAT_TIME)
			return cc_refuse(err, CC_MSG_CHESS_CLOCKS_ONLY_TIME);
		value = corrected(s->clock_ms[ev->side], ev);
		if (value < -CC_TIME_CLOCK_MS || value > 10 * CC_TIME_CLOCK_MS)
			return out_of_range(err, CC_MSG_TIME_CLOCK_RANGE, value, -CC_TIME_CLOCK_MS, 10 * CC_TIME_CLOCK_MS);
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
		after_move(s, ctx, quota, s->anchor_ms); /* CO-2.2: both quotas may now be played */
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

static cc_err apply_to_state(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	bool chess = ctx->cfg->format == CC_FORMAT_CHESS;
	switch (ev->kind) {
	case CC_EV_START:
	case CC_EV_MOVE:
	case CC_EV_MATE:
	case CC_EV_CUBE:
	case CC_EV_CORRECT:
	case CC_EV_CLAIM:
	case CC_EV_DRAW:
		if (chess)
			return cc_match_fide_apply(s, ctx, ev, err);
		break;
	case CC_EV_PAUSE:
	case CC_EV_RESUME:
	case CC_EV_RESIGN:
	case CC_EV_ARBITER:
	case CC_EV_UNDO:
	case CC_EV_TICK:
	case CC_EV_IN_TIME:
		break; /* the same in every format */
	case CC_EV_CARD:
	case CC_EV_PLACE:
	case CC_EV_STOP:
		return cc_refuse(err, CC_MSG_UNO_EVENT_NOT_HERE);
	}
	switch (ev->kind) {
	case CC_EV_START:
		return apply_start(s, ctx, err);
	case CC_EV_MOVE:
		return apply_board_move(s, ctx, ev, err);
	case CC_EV_MATE:
		return apply_mate(s, ctx, err);
	case CC_EV_CUBE:
		return apply_cube(s, ctx, ev, err);
	case CC_EV_PAUSE:
		return apply_pause(s, err);
	case CC_EV_RESUME:
		return apply_resume(s, ctx, err);
	case CC_EV_RESIGN:
		return apply_resign(s, ev, err);
	case CC_EV_ARBITER:
		return apply_arbiter(s, ev, err);
	case CC_EV_TICK:
		return CC_OK; /* time has passed: advance() did everything */
	case CC_EV_CORRECT:
		return apply_correct(s, ctx, ev, err);
	case CC_EV_CLAIM:
	case CC_EV_DRAW:
		return cc_match_fide_refuse_in_chesscubing(ev, err);
	case CC_EV_UNDO:
	case CC_EV_IN_TIME:
	case CC_EV_CARD: /* refused above */
	case CC_EV_PLACE:
	case CC_EV_STOP:
		break; /* rebuilds of the history: prepare() */
	}
	return cc_refuse(err, CC_MSG_UNKNOWN_EVENT);
}

/* ---- the match object ----------------------------------------------------- */

void cc_match_settings_default(cc_match_settings *settings)
{
	memset(settings, 0, sizeof *settings);
	settings->format = CC_FORMAT_TWICE;
	settings->category = CC_CATEGORY_FAST;
	settings->record = CC_RECORD_COUNT;
	snprintf(settings->white, sizeof settings->white, "White");
	snprintf(settings->black, sizeof settings->black, "Black");
	settings->seed = 1;
	cc_uno_settings_default(&settings->uno.options);
}

static bool settings_valid(const cc_match_settings *cfg, cc_error *err)
{
	if ((unsigned)cfg->format > CC_FORMAT_UNO || (unsigned)cfg->category > CC_CATEGORY_MASTERS ||
	    (unsigned)cfg->record > CC_RECORD_MOVES || (unsigned)cfg->variant > CC_CHESS_VARIANT_CHECKERED ||
	    (unsigned)cfg->claims > CC_CLAIMS_MANUAL) {
		cc_refuse(err, CC_MSG_UNKNOWN_SETTINGS);
		return false;
	}
	if (cfg->variant != CC_CHESS_VARIANT_STANDARD && cfg->record != CC_RECORD_MOVES) {
		cc_refuse(err, CC_MSG_VARIANT_NEEDS_MOVES_RECORDING, cc_chess_variant_name(cfg->variant));
		return false;
	}
	if (!cc_match_fide_settings_valid(cfg, err))
		return false;
	/* RU-24: a name is one line of valid UTF8 that fits. */
	const char *names[] = {cfg->white, cfg->black};
	for (int i = 0; i < 2; i++) {
		if (!memchr(names[i], '\0', CC_NAME_MAX) || !cc_text_is_line(names[i])) {
			cc_refuse(err, CC_MSG_PLAYER_NAME_NOT_A_LINE, i == 0 ? CC_SIDE_WHITE : CC_SIDE_BLACK, CC_NAME_MAX);
			return false;
		}
	}
	return true;
}

cc_err cc_match_create(cc_match **out, const cc_match_settings *settings, cc_error *err)
{
	*out = NULL;
	if (!settings_valid(settings, err))
		return CC_ERR_INVALID;
	cc_match *m = calloc(1, sizeof *m);
	if (!m)
		return cc_refuse(err, CC_MSG_NOMEM);
	m->settings = *settings;
	m->settings.white[CC_NAME_MAX - 1] = '\0';
	m->settings.black[CC_NAME_MAX - 1] = '\0';
	match_state *s = &m->state;
	s->phase = CC_PHASE_SETUP;
	s->block = 1;
	s->to_move = CC_SIDE_WHITE;
	s->starter = CC_SIDE_WHITE;
	s->cube_cs[0] = s->cube_cs[1] = CC_CUBE_NONE;
	s->rng = settings->seed;
	s->winner = CC_WINNER_NONE;
	if (settings->format == CC_FORMAT_TIME)
		s->clock_ms[0] = s->clock_ms[1] = CC_TIME_CLOCK_MS;
	cc_match_fide_init(s, settings);
	cc_match_moves_init(m);
	m->checkpoints = malloc(sizeof *m->checkpoints);
	if (!m->checkpoints) {
		cc_match_destroy(m);
		return cc_refuse(err, CC_MSG_NOMEM);
	}
	m->checkpoints[0] = (match_checkpoint){0, m->state};
	m->checkpoint_count = m->checkpoint_cap = 1;
	cc_err rc = settings->format == CC_FORMAT_UNO ? cc_match_uno_create(m, err) : CC_OK;
	if (rc) {
		cc_match_destroy(m);
		return rc;
	}
	*out = m;
	return CC_OK;
}

void cc_match_destroy(cc_match *match)
{
	if (!match)
		return;
	free(match->events);
	free(match->texts);
	free(match->checkpoints);
	free(match->history);
	free(match->blocks);
	free(match->plies);
	cc_uno_destroy(match->uno);
	free(match);
}

const cc_match_settings *cc_match_settings_of(const cc_match *match)
{
	return &match->settings;
}

/* Grows *items to hold at least need elements of size bytes. */
static bool reserve(void **items, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return true;
	size_t grown = *cap ? *cap * 2 : 16;
	while (grown < need)
		grown *= 2;
	void *p = realloc(*items, grown * size);
	if (!p)
		return false;
	*items = p;
	*cap = grown;
	return true;
}

/* Every buffer an accepted event may need, so acceptance itself cannot fail. */
static bool reserve_for_event(cc_match *m)
{
	return reserve((void **)&m->events, &m->event_cap, m->event_count + 1, sizeof *m->events) &&
	       reserve((void **)&m->texts, &m->texts_cap, m->texts_len + CC_TEXT_MAX, 1) &&
	       reserve((void **)&m->history, &m->history_cap, m->history_count + 1, sizeof *m->history) &&
	       reserve((void **)&m->checkpoints, &m->checkpoint_cap, m->checkpoint_count + 1,
	               sizeof *m->checkpoints) &&
	       reserve((void **)&m->blocks, &m->block_cap, m->state.block_count + 1, sizeof *m->blocks) &&
	       reserve((void **)&m->plies, &m->ply_cap, m->state.ply_count + MATCH_PENDING_PLIES, sizeof *m->plies);
}

static cc_err check_event_fields(const cc_event *ev, cc_error *err)
{
	if ((unsigned)ev->kind > CC_EV_STOP)
		return cc_refuse(err, CC_MSG_UNKNOWN_EVENT_KIND);
	if ((unsigned)ev->side > CC_SIDE_BLACK)
		return cc_refuse(err, CC_MSG_UNKNOWN_SIDE);
	if ((unsigned)ev->winner > CC_WINNER_NONE)
		return cc_refuse(err, CC_MSG_UNKNOWN_WINNER);
	if (memchr(ev->text, '\0', sizeof ev->text) == NULL)
		return cc_refuse(err, CC_MSG_EVENT_TEXT_UNTERMINATED);
	if (!cc_text_is_line(ev->text)) /* RU-24 */
		return cc_refuse(err, CC_MSG_EVENT_TEXT_NOT_A_LINE);
	if (ev->t_ms < 0 || ev->t_ms > CC_MATCH_TIME_MAX_MS) /* RU-23 */
		return cc_refuse(err, CC_MSG_TIME_OUT_OF_RANGE, ev->t_ms, CC_MATCH_TIME_MAX_MS);
	return CC_OK;
}

static void fill_view(const cc_match *match, const match_state *state, const apply_ctx *ctx,
                      cc_match_view *out);

/* What accepting an event would do, worked out without touching the match. */
typedef struct {
	match_state next;
	apply_ctx ctx;
	cc_match *rebuilt;      /* UNDO, IN_TIME: the match replayed from a checkpoint */
	size_t from;            /* ... the history index of that checkpoint */
	history_entry *history; /* ... and the history from there, */
	size_t history_count;   /* ... of this many entries */
	size_t history_cap;     /* ... in an array of this many */
} outcome;

/* Keeps ev as the next recorded event (room reserved before). */
static void pack(cc_match *m, const cc_event *ev)
{
	stored_event *se = &m->events[m->event_count++];
	memset(se, 0, sizeof *se);
	se->t_ms = ev->t_ms;
	se->amount = ev->amount;
	se->cube_cs = ev->cube_cs;
	se->kind = (uint8_t)ev->kind;
	se->side = (uint8_t)ev->side;
	se->winner = (uint8_t)ev->winner;
	se->target = (uint8_t)ev->target;
	se->gives_check = ev->gives_check;
	se->relative = ev->relative;
	size_t len = strlen(ev->text);
	if (len > 0) {
		se->text = (uint32_t)(m->texts_len + 1);
		memcpy(m->texts + m->texts_len, ev->text, len + 1);
		m->texts_len += len + 1;
	}
}

/* Recorded event i, whole again. */
static cc_event unpack(const cc_match *m, size_t i)
{
	const stored_event *se = &m->events[i];
	cc_event ev;
	memset(&ev, 0, sizeof ev);
	ev.t_ms = se->t_ms;
	ev.amount = se->amount;
	ev.cube_cs = se->cube_cs;
	ev.kind = (cc_event_kind)se->kind;
	ev.side = (cc_side)se->side;
	ev.winner = (cc_winner)se->winner;
	ev.target = (cc_correct_target)se->target;
	ev.gives_check = se->gives_check;
	ev.relative = se->relative;
	if (se->text)
		snprintf(ev.text, sizeof ev.text, "%s", m->texts + se->text - 1);
	return ev;
}

/* The event of history entry e: an IN_TIME event stands as the move it
 * declares, at the moment the clock ran out (RU-26). An entry one past the
 * record is the event being checked, declared. */
static cc_event history_event(const cc_match *m, const history_entry *e, const cc_event *declared)
{
	cc_event ev = e->raw < m->event_count ? unpack(m, e->raw) : *declared;
	if (ev.kind == CC_EV_IN_TIME) {
		ev.kind = CC_EV_MOVE;
		ev.t_ms = e->t_ms;
	}
	/* RU-28, RU-30: an undo in the history is the stop it made, a pause
	 * where the flag fell (or at the event taken back after it). */
	if (ev.kind == CC_EV_UNDO) {
		ev.kind = CC_EV_PAUSE;
		ev.t_ms = e->t_ms;
	}
	return ev;
}

static void outcome_free(outcome *out)
{
	cc_match_destroy(out->rebuilt);
	free(out->history);
	out->rebuilt = NULL;
	out->history = NULL;
}

/* The last checkpoint at or before history index at. */
static const match_checkpoint *checkpoint_before(const cc_match *m, size_t at)
{
	size_t i = m->checkpoint_count;
	while (i > 1 && m->checkpoints[i - 1].at > at)
		i--;
	return &m->checkpoints[i - 1];
}

/* A new match standing where checkpoint cp of m stands, its journals as
 * they were then. */
static cc_err match_at_checkpoint(const cc_match *m, const match_checkpoint *cp, cc_match **out, cc_error *err)
{
	cc_match *r = NULL;
	cc_err rc = cc_match_create(&r, &m->settings, err);
	if (rc)
		return rc;
	r->state = cp->state;
	r->checkpoints[0].state = cp->state;
	if (!reserve((void **)&r->blocks, &r->block_cap, cp->state.block_count + 1, sizeof *r->blocks) ||
	    !reserve((void **)&r->plies, &r->ply_cap, cp->state.ply_count + MATCH_PENDING_PLIES, sizeof *r->plies)) {
		cc_match_destroy(r);
		return cc_refuse(err, CC_MSG_NOMEM);
	}
	if (cp->state.block_count)
		memcpy(r->blocks, m->blocks, cp->state.block_count * sizeof *r->blocks);
	if (cp->state.ply_count)
		memcpy(r->plies, m->plies, cp->state.ply_count * sizeof *r->plies);
	*out = r;
	return CC_OK;
}

/*
 * What m would be had its history been different from index `from` on:
 * entries skip and skip2 left out (those below the count) and extra put in
 * (when given), replayed from the last checkpoint before the change
 * through a new match, then carried to time t (RU-14, RU-26, RU-28).
 * out->history receives the new entries from out->from on. A refused
 * entry refuses the rebuild with its reason.
 */
static cc_err rebuild(const cc_match *m, size_t skip, size_t skip2, const history_entry *extra,
                      const cc_event *declared, int64_t t, outcome *out, cc_error *err)
{
	size_t change = skip < m->history_count ? skip : m->history_count, extra_at = SIZE_MAX;
	if (skip2 < change)
		change = skip2;
	if (extra) {
		/* The declared event goes before the ticks recorded after it. */
		extra_at = m->history_count;
		while (extra_at > 0 && m->history[extra_at - 1].t_ms > extra->t_ms)
			extra_at--;
		if (extra_at < change)
			change = extra_at;
	}
	const match_checkpoint *cp = checkpoint_before(m, change);
	out->from = cp->at;
	out->history_cap = m->history_count - cp->at + 1;
	out->history = malloc(out->history_cap * sizeof *out->history);
	cc_err rc = out->history ? match_at_checkpoint(m, cp, &out->rebuilt, err)
	                         : cc_refuse(err, CC_MSG_NOMEM);
	size_t n = 0;
	for (size_t i = cp->at; rc == CC_OK && i <= m->history_count; i++) {
		if (extra && i == extra_at)
			out->history[n++] = *extra;
		if (i < m->history_count && i != skip && i != skip2)
			out->history[n++] = m->history[i];
	}
	for (size_t i = 0; rc == CC_OK && i < n; i++) {
		cc_event ev = history_event(m, &out->history[i], declared);
		cc_error why;
		if (cc_match_apply(out->rebuilt, &ev, &why) != CC_OK) {
			if (err)
				*err = why;
			rc = why.code;
		}
	}
	cc_event now = cc_event_tick(t);
	if (rc == CC_OK)
		rc = cc_match_apply(out->rebuilt, &now, err);
	if (rc) {
		outcome_free(out);
		return rc;
	}
	out->history_count = n;
	out->next = out->rebuilt->state;
	return CC_OK;
}

/* The history entry an undo takes out: the last one not a tick. */
static size_t undo_entry(const cc_match *m)
{
	for (size_t i = m->history_count; i-- > 0;)
		if (m->events[m->history[i].raw].kind != (uint8_t)CC_EV_TICK)
			return i;
	return SIZE_MAX;
}

/* Is history entry i a stop, the pause an undo left (RU-28, RU-30)? */
static bool is_stop(const cc_match *m, size_t i)
{
	return m->events[m->history[i].raw].kind == (uint8_t)CC_EV_UNDO;
}

/* The last history entry before index i that is not a tick; SIZE_MAX for none. */
static size_t act_before(const cc_match *m, size_t i)
{
	while (i-- > 0)
		if (m->events[m->history[i].raw].kind != (uint8_t)CC_EV_TICK)
			return i;
	return SIZE_MAX;
}

/*
 * RU-30: an undo while the clocks stand stopped by an undo takes back the
 * stop and the event before it, and the clocks stay stopped, now at that
 * event's time (a pause there). Back to a resume or the start, nothing
 * needs stopping: the pause before the resume holds, or the game is not
 * started yet.
 */
static cc_err undo_before_stop(const cc_match *m, size_t stop, const cc_event *ev, outcome *out, cc_error *err)
{
	size_t before = act_before(m, stop);
	if (before == SIZE_MAX)
		return rebuild(m, stop, SIZE_MAX, NULL, NULL, ev->t_ms, out, err);
	cc_event prev = history_event(m, &m->history[before], NULL);
	if (prev.kind == CC_EV_START || prev.kind == CC_EV_RESUME)
		return rebuild(m, stop, before, NULL, NULL, ev->t_ms, out, err);
	history_entry pause = {m->event_count, m->history[before].t_ms};
	return rebuild(m, stop, before, &pause, ev, ev->t_ms, out, err);
}

/* RU-14, and in a chess game RU-28 and RU-30. */
static cc_err prepare_undo(const cc_match *m, const cc_event *ev, const match_state *now, outcome *out,
                           cc_error *err)
{
	if (cc_match_fide_flag_over(now, &m->settings)) {
		/* RU-28: the fall is taken back, not an event: the clocks stop
		 * where it happened, a pause at that millisecond. */
		history_entry stop = {m->event_count, now->flag_ms};
		return rebuild(m, SIZE_MAX, SIZE_MAX, &stop, ev, ev->t_ms, out, err);
	}
	size_t target = undo_entry(m);
	if (target == SIZE_MAX)
		return cc_refuse(err, CC_MSG_NOTHING_TO_UNDO);
	if (is_stop(m, target))
		return undo_before_stop(m, target, ev, out, err);
	return rebuild(m, target, SIZE_MAX, NULL, NULL, ev->t_ms, out, err);
}

/* RU-26: the move declared played in time, where its clock ran out. */
static cc_err prepare_in_time(const cc_match *m, const cc_event *ev, const match_state *now, outcome *out,
                              cc_error *err)
{
	if (!now->has_loss || now->loss_ms <= now->last_act_ms)
		return cc_refuse(err, CC_MSG_NOTHING_IN_TIME);
	if (ev->side != now->loss_side)
		return cc_refuse(err, CC_MSG_IN_TIME_OTHER_SIDE, now->loss_side, ev->side);
	history_entry declared = {m->event_count, now->loss_ms};
	int lost_before = now->lost[ev->side]; /* now is out->next, which the rebuild replaces */
	cc_err rc = rebuild(m, SIZE_MAX, SIZE_MAX, &declared, ev, ev->t_ms, out, err);
	if (rc == CC_OK && out->rebuilt->state.lost[ev->side] >= lost_before)
		rc = cc_refuse(err, CC_MSG_IN_TIME_STILL_LOST);
	if (rc && out->rebuilt)
		outcome_free(out);
	return rc;
}

static cc_err prepare(const cc_match *match, const cc_event *ev, outcome *out, cc_error *err)
{
	memset(out, 0, sizeof *out);
	cc_err rc = check_event_fields(ev, err);
	if (rc)
		return rc;
	if (ev->t_ms < match->state.anchor_ms)
		return cc_refuse(err, CC_MSG_TIME_BACKWARDS, ev->t_ms, match->state.anchor_ms);
	out->ctx.cfg = &match->settings;
	out->ctx.match = match;
	out->next = match->state;
	advance(&out->next, &out->ctx, ev->t_ms);
	if (ev->kind == CC_EV_UNDO)
		return prepare_undo(match, ev, &out->next, out, err);
	if (ev->kind == CC_EV_IN_TIME)
		return prepare_in_time(match, ev, &out->next, out, err);
	rc = apply_to_state(&out->next, &out->ctx, ev, err);
	if (rc == CC_OK && ev->kind != CC_EV_TICK) {
		out->next.last_act_ms = ev->t_ms;
		out->next.last_was_move = ev->kind == CC_EV_MOVE;
	}
	return rc;
}

cc_err cc_match_check(const cc_match *match, const cc_event *ev, cc_match_view *after, cc_error *err)
{
	outcome out;
	if (match->uno) {
		cc_err rc = check_event_fields(ev, err);
		return rc ? rc : cc_match_uno_check(match, ev, after, err);
	}
	cc_err rc = prepare(match, ev, &out, err);
	if (rc == CC_OK && after)
		fill_view(out.rebuilt ? out.rebuilt : match, &out.next, out.rebuilt ? NULL : &out.ctx, after);
	outcome_free(&out);
	return rc;
}

/* The rebuilt match's state, journals, history and checkpoints from the
 * change on become the match's. Only grows arrays that reserve_for_event()
 * and the rebuild sized: cannot fail once prepared. */
static cc_err take_rebuilt(cc_match *match, outcome *out, cc_error *err)
{
	cc_match *r = out->rebuilt;
	size_t keep = 0;
	while (keep < match->checkpoint_count && match->checkpoints[keep].at <= out->from)
		keep++;
	size_t new_checkpoints = 0;
	for (size_t i = 1; i < r->checkpoint_count; i++)
		new_checkpoints += r->checkpoints[i].at <= out->history_count;
	if (!reserve((void **)&match->history, &match->history_cap, out->from + out->history_count,
	             sizeof *match->history) ||
	    !reserve((void **)&match->checkpoints, &match->checkpoint_cap, keep + new_checkpoints + 1,
	             sizeof *match->checkpoints))
		return cc_refuse(err, CC_MSG_NOMEM);
	cc_block_summary *blocks = match->blocks;
	match_ply *plies = match->plies;
	size_t block_cap = match->block_cap, ply_cap = match->ply_cap;
	match->blocks = r->blocks;
	match->block_cap = r->block_cap;
	match->plies = r->plies;
	match->ply_cap = r->ply_cap;
	r->blocks = blocks;
	r->block_cap = block_cap;
	r->plies = plies;
	r->ply_cap = ply_cap;
	memcpy(match->history + out->from, out->history, out->history_count * sizeof *match->history);
	match->history_count = out->from + out->history_count;
	match->checkpoint_count = keep;
	for (size_t i = 1; i < r->checkpoint_count; i++)
		if (r->checkpoints[i].at <= out->history_count)
			match->checkpoints[match->checkpoint_count++] =
				(match_checkpoint){out->from + r->checkpoints[i].at, r->checkpoints[i].state};
	match->state = out->next;
	return CC_OK;
}

cc_err cc_match_apply(cc_match *match, const cc_event *ev, cc_error *err)
{
	outcome out;
	if (!reserve_for_event(match))
		return cc_refuse(err, CC_MSG_NOMEM);
	if (match->uno) {
		cc_err rc = check_event_fields(ev, err);
		if (rc == CC_OK)
			rc = cc_match_uno_apply(match, ev, err);
		if (rc == CC_OK)
			pack(match, ev);
		return rc;
	}
	cc_err rc = prepare(match, ev, &out, err);
	if (rc)
		return rc;
	if (out.rebuilt) {
		rc = take_rebuilt(match, &out, err);
		outcome_free(&out);
		if (rc)
			return rc;
	} else {
		if (out.ctx.wrote_summary)
			match->blocks[out.next.block_count - 1] = out.ctx.summary;
		assert(out.next.ply_count >= out.ctx.pending_count);
		for (size_t i = 0; i < out.ctx.pending_count; i++)
			match->plies[out.next.ply_count - out.ctx.pending_count + i] = out.ctx.pending[i];
		match->history[match->history_count++] = (history_entry){match->event_count, ev->t_ms};
		match->state = out.next;
		if (match->history_count % MATCH_CHECKPOINT_EVERY == 0)
			match->checkpoints[match->checkpoint_count++] = (match_checkpoint){match->history_count, out.next};
	}
	pack(match, ev);
	return CC_OK;
}

int64_t cc_match_last_time(const cc_match *match)
{
	return match->state.anchor_ms;
}

size_t cc_match_event_count(const cc_match *match)
{
	return match->event_count;
}

bool cc_match_event_at(const cc_match *match, size_t index, cc_event *out)
{
	if (index >= match->event_count)
		return false;
	*out = unpack(match, index);
	return true;
}

bool cc_match_undo_target(const cc_match *match, cc_event *out)
{
	if (match->uno) {
		size_t n = cc_match_uno_history_count(match);
		return n > 0 && cc_match_uno_history_at(match, n - 1, out);
	}
	size_t i = undo_entry(match);
	/* RU-28: after a flag fall the fall is taken back, no event. */
	if (i == SIZE_MAX || cc_match_fide_flag_over(&match->state, &match->settings))
		return false;
	/* RU-30: under a stop, the event before it goes. */
	if (is_stop(match, i) && (i = act_before(match, i)) == SIZE_MAX)
		return false;
	*out = unpack(match, match->history[i].raw);
	return true;
}

size_t cc_match_history_count(const cc_match *match)
{
	return match->uno ? cc_match_uno_history_count(match) : match->history_count;
}

bool cc_match_history_at(const cc_match *match, size_t index, cc_event *out)
{
	if (match->uno)
		return cc_match_uno_history_at(match, index, out);
	if (index >= match->history_count)
		return false;
	*out = history_event(match, &match->history[index], NULL);
	return true;
}

size_t cc_match_block_count(const cc_match *match)
{
	return match->state.block_count;
}

const cc_block_summary *cc_match_block_at(const cc_match *match, size_t index)
{
	return index < match->state.block_count ? &match->blocks[index] : NULL;
}

/* ---- the view -------------------------------------------------------------- */

static int64_t clamp_ms(int64_t value, int64_t low, int64_t high)
{
	return value < low ? low : value > high ? high : value;
}

/* The view of state s; the latest block summary and plies are those ctx
 * wrote when given (an event being checked, time passing), else the
 * journals'. */
static void fill_view(const cc_match *match, const match_state *state, const apply_ctx *ctx,
                      cc_match_view *out)
{
	const cc_block_summary *new_summary = ctx && ctx->wrote_summary ? &ctx->summary : NULL;
	const cc_match_settings *cfg = &match->settings;
	const match_state s = *state;

	memset(out, 0, sizeof *out);
	out->t_ms = s.anchor_ms;
	out->phase = s.phase;
	out->paused = s.paused;
	out->block = s.block;
	out->block_started = s.block_started;
	out->closing = s.closing;
	bool chess = cfg->format == CC_FORMAT_CHESS;
	out->block_ms_left = chess ? 0 : clamp_ms(CC_BLOCK_MS - s.block_elapsed_ms, 0, CC_BLOCK_MS);
	out->has_move_clock = cfg->format == CC_FORMAT_TWICE;
	if (out->has_move_clock)
		out->move_ms_left = clamp_ms(CC_MOVE_MS - s.move_elapsed_ms, 0, CC_MOVE_MS);
	out->has_chess_clocks = cfg->format == CC_FORMAT_TIME || (chess && cfg->tc_base_ms > 0);
	out->quota = chess ? 0 : cc_match_quota(cfg->category);
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
	if (match->uno) {
		cc_match_uno_view(match, t_ms, out);
		return;
	}
	apply_ctx ctx;
	memset(&ctx, 0, sizeof ctx);
	ctx.cfg = &match->settings;
	ctx.match = match;
	advance(&s, &ctx, t_ms);
	fill_view(match, &s, &ctx, out);
}

int64_t cc_match_next_deadline(const cc_match *match, int64_t t_ms)
{
	if (match->uno)
		return -1; /* Chess-Uno has no clock */
	match_state s = match->state;
	apply_ctx ctx;
	memset(&ctx, 0, sizeof ctx);
	ctx.cfg = &match->settings;
	ctx.match = match;
	advance(&s, &ctx, query_time(t_ms));
	if (!clocks_running(&s))
		return -1;
	int64_t deadline = next_deadline(&s, &match->settings);
	return deadline == INT64_MAX ? -1 : s.anchor_ms + deadline;
}

bool cc_match_changed_by_time(const cc_match *match, int64_t t_ms)
{
	if (match->uno)
		return false;
	const match_state *was = &match->state;
	t_ms = query_time(t_ms);
	match_state s = *was;
	apply_ctx ctx;
	memset(&ctx, 0, sizeof ctx);
	ctx.cfg = &match->settings;
	ctx.match = match;
	advance(&s, &ctx, t_ms);
	/* Running clocks are not changes; what time alone decides is. */
	return s.phase != was->phase || s.block != was->block || s.to_move != was->to_move ||
	       s.double_move != was->double_move || s.closing != was->closing || s.ply_count != was->ply_count ||
	       memcmp(s.moves, was->moves, sizeof s.moves) != 0 || memcmp(s.lost, was->lost, sizeof s.lost) != 0 ||
	       memcmp(s.flagged, was->flagged, sizeof s.flagged) != 0;
}

bool cc_match_resume_event(const cc_match *match, cc_event *out)
{
	/* RU-18: the clocks stopped at the last event; a running block comes back paused. */
	const match_state *s = &match->state;
	if (match->uno || s->phase != CC_PHASE_BLOCK || !s->block_started || s->paused)
		return false;
	*out = cc_event_pause(s->anchor_ms);
	return true;
}

const cc_uno_game *cc_match_uno(const cc_match *match)
{
	return match->uno;
}

bool cc_match_complete_event(const cc_match *match, cc_event *ev)
{
	return match->uno && cc_match_uno_complete(match, ev);
}

/* ---- event constructors ---------------------------------------------------- */

static cc_event event_of(cc_event_kind kind, int64_t t_ms)
{
	cc_event ev;
	memset(&ev, 0, sizeof ev);
	ev.kind = kind;
	ev.t_ms = t_ms;
	ev.winner = CC_WINNER_NONE;
	return ev;
}

cc_event cc_event_start(int64_t t_ms)
{
	return event_of(CC_EV_START, t_ms);
}

cc_event cc_event_move(int64_t t_ms, cc_side side, bool gives_check)
{
	cc_event ev = event_of(CC_EV_MOVE, t_ms);
	ev.side = side;
	ev.gives_check = gives_check;
	return ev;
}

cc_event cc_event_move_text(int64_t t_ms, cc_side side, const char *san_or_uci)
{
	cc_event ev = event_of(CC_EV_MOVE, t_ms);
	ev.side = side;
	snprintf(ev.text, sizeof ev.text, "%s", san_or_uci ? san_or_uci : "");
	return ev;
}

cc_event cc_event_mate(int64_t t_ms)
{
	return event_of(CC_EV_MATE, t_ms);
}

cc_event cc_event_cube(int64_t t_ms, cc_side side, int32_t cube_cs)
{
	cc_event ev = event_of(CC_EV_CUBE, t_ms);
	ev.side = side;
	ev.cube_cs = cube_cs;
	return ev;
}

cc_event cc_event_pause(int64_t t_ms)
{
	return event_of(CC_EV_PAUSE, t_ms);
}

cc_event cc_event_resume(int64_t t_ms)
{
	return event_of(CC_EV_RESUME, t_ms);
}

cc_event cc_event_resign(int64_t t_ms, cc_side side)
{
	cc_event ev = event_of(CC_EV_RESIGN, t_ms);
	ev.side = side;
	return ev;
}

cc_event cc_event_arbiter(int64_t t_ms, cc_winner winner, const char *reason)
{
	cc_event ev = event_of(CC_EV_ARBITER, t_ms);
	ev.winner = winner;
	snprintf(ev.text, sizeof ev.text, "%s", reason ? reason : "");
	return ev;
}

cc_event cc_event_undo(int64_t t_ms)
{
	return event_of(CC_EV_UNDO, t_ms);
}

cc_event cc_event_tick(int64_t t_ms)
{
	return event_of(CC_EV_TICK, t_ms);
}

cc_event cc_event_correct(int64_t t_ms, cc_correct_target target, cc_side side, int64_t amount, bool relative,
                          const char *reason)
{
	cc_event e = event_of(CC_EV_CORRECT, t_ms);
	e.target = target;
	e.side = side;
	e.amount = amount;
	e.relative = relative;
	snprintf(e.text, sizeof e.text, "%s", reason);
	return e;
}

cc_event cc_event_claim(int64_t t_ms, cc_side side, const char *what)
{
	cc_event e = event_of(CC_EV_CLAIM, t_ms);
	e.side = side;
	snprintf(e.text, sizeof e.text, "%s", what ? what : "");
	return e;
}

cc_event cc_event_draw(int64_t t_ms)
{
	return event_of(CC_EV_DRAW, t_ms);
}

cc_event cc_event_in_time(int64_t t_ms, cc_side side, bool gives_check, const char *san_or_uci)
{
	cc_event e = event_of(CC_EV_IN_TIME, t_ms);
	e.side = side;
	e.gives_check = gives_check;
	snprintf(e.text, sizeof e.text, "%s", san_or_uci ? san_or_uci : "");
	return e;
}

cc_err cc_match_preview(const cc_match *match, const cc_event *evs, size_t n, int64_t t_ms, cc_match_view *after,
                        cc_error *err)
{
	/* The events are the truth: a new match fed the same history is the
	 * match, and takes the hypothetical events where the real one cannot. */
	cc_match *copy = NULL;
	cc_err rc = cc_match_create(&copy, cc_match_settings_of(match), err);
	cc_event recorded;
	for (size_t i = 0; rc == CC_OK && cc_match_event_at(match, i, &recorded); i++)
		rc = cc_match_apply(copy, &recorded, err);
	for (size_t i = 0; rc == CC_OK && i < n; i++)
		rc = cc_match_apply(copy, &evs[i], err);
	if (rc == CC_OK)
		cc_match_view_at(copy, t_ms, after);
	cc_match_destroy(copy);
	return rc;
}
