/*
 * match_moves.c: the board of moves recording (record=moves).
 *
 * The board is a cc_chess_position inside match_state, so it is copied,
 * advanced, pushed for undo and thrown away with the rest of the state:
 * a view or a check plays lost moves on its own copy and the match never
 * changes. Plies (moves and passes) go to a journal owned by the match;
 * the state keeps how many are valid (match_internal.h).
 *
 * The match decides whose turn it is (quotas, lost moves, the cube
 * winner); the board follows. Whenever the match gives the turn to the
 * side the board does not have to move, the other side passes on the
 * board (RU-21): after a lost move, after the free move of a double move,
 * when a block starts with the player who made the last move, and when a
 * used-up quota hands the turn over (RU-3). A pass is never made by a
 * side in check: RU-8 keeps the turn then, and the other cases follow a
 * move that may not give check or a position where nobody is in check.
 *
 * Repetitions are counted over the whole journal by comparing the
 * repetition keys of chess.h (the first four FEN fields): a match has a
 * few hundred plies at most.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "match_internal.h"

void cc_match_moves_init(cc_match *m)
{
	cc_chess_position_start_variant(&m->state.pos, m->settings.variant);
	cc_chess_position_key(&m->state.pos, m->start_key, sizeof m->start_key);
	m->state.ply_count = 0;
}

/* Writes a ply for the board as it now is (after the move or pass). */
static void write_ply(match_state *s, apply_ctx *ctx, cc_side side, cc_match_ply_kind kind, cc_chess_move move,
                      const char *san, int64_t t_ms)
{
	/* The bound of MATCH_PENDING_PLIES cannot be reached; should it be,
	 * the ply goes unrecorded rather than past the buffer. */
	assert(ctx->pending_count < MATCH_PENDING_PLIES);
	if (ctx->pending_count >= MATCH_PENDING_PLIES)
		return;
	match_ply *p = &ctx->pending[ctx->pending_count++];
	memset(p, 0, sizeof *p);
	p->ply.t_ms = t_ms;
	p->ply.block = s->block;
	p->ply.side = side;
	p->ply.kind = kind;
	p->ply.move = move;
	snprintf(p->ply.san, sizeof p->ply.san, "%s", san);
	cc_chess_position_key(&s->pos, p->key, sizeof p->key);
	s->ply_count++;
}

cc_err cc_match_moves_read(const match_state *s, const cc_event *ev, match_move *out, cc_error *err)
{
	cc_error why = {0};
	if (ev->text[0] == '\0')
		return cc_refuse(err, CC_MSG_MOVE_TEXT_MISSING);
	if (cc_chess_parse_move(&s->pos, ev->text, CC_CHESS_PARSE_LENIENT, &out->move, &why) != CC_OK) {
		/* The notation's reason, as a refusal of the move. */
		if (err) {
			*err = why;
			err->code = CC_ERR_ILLEGAL_MOVE;
		}
		return CC_ERR_ILLEGAL_MOVE;
	}
	cc_chess_move_describe(&s->pos, out->move, &out->info);
	/* TW-6.6: the second move of a double move may capture only a pawn or a minor piece. */
	if (s->double_move == CC_DOUBLE_SECOND &&
	    (out->info.captured == CC_CHESS_ROOK || out->info.captured == CC_CHESS_QUEEN))
		return cc_refuse(err, out->info.captured == CC_CHESS_ROOK ? CC_MSG_SECOND_MOVE_TAKES_ROOK
		                                                         : CC_MSG_SECOND_MOVE_TAKES_QUEEN,
		                 ev->text);
	return CC_OK;
}

void cc_match_moves_play(match_state *s, apply_ctx *ctx, const match_move *mv, cc_match_ply_kind kind,
                         int64_t t_ms)
{
	char san[CC_CHESS_SAN_MAX];
	cc_chess_undo undo;
	cc_side side = s->pos.to_move;
	cc_chess_move_to_san(&s->pos, mv->move, san, sizeof san);
	cc_chess_make(&s->pos, mv->move, &undo);
	write_ply(s, ctx, side, kind, mv->move, san, t_ms);
}

void cc_match_moves_pass(match_state *s, apply_ctx *ctx, cc_match_ply_kind kind, int64_t t_ms)
{
	cc_chess_undo undo;
	cc_side side = s->pos.to_move;
	if (s->stamps > 0)
		return; /* RU-35: the board waits before the first stamped move */
	cc_err rc = cc_chess_make_null(&s->pos, &undo, NULL);
	assert(rc == CC_OK); /* never in check: see the top of this file */
	if (rc == CC_OK)
		write_ply(s, ctx, side, kind, CC_CHESS_MOVE_NONE, "--", t_ms);
}

void cc_match_moves_sync(match_state *s, apply_ctx *ctx, int64_t t_ms)
{
	if (ctx->cfg->record == CC_RECORD_MOVES && s->pos.to_move != s->to_move && s->stamps == 0)
		cc_match_moves_pass(s, ctx, CC_PLY_PASS, t_ms);
}

/* Ply i of state s: written by ctx when it is one of the last ctx wrote,
 * else in the journal. */
static const match_ply *ply_of(const cc_match *m, const match_state *s, const apply_ctx *ctx, size_t i)
{
	size_t pending = ctx ? ctx->pending_count : 0;
	if (i + pending >= s->ply_count)
		return &ctx->pending[i + pending - s->ply_count];
	return &m->plies[i];
}

static unsigned repetitions(const cc_match *m, const match_state *s, const apply_ctx *ctx)
{
	char key[CC_CHESS_FEN_MAX];
	cc_chess_position_key(&s->pos, key, sizeof key);
	unsigned reps = strcmp(m->start_key, key) == 0;
	for (size_t i = 0; i < s->ply_count; i++)
		reps += strcmp(ply_of(m, s, ctx, i)->key, key) == 0;
	return reps;
}

unsigned cc_match_moves_repetitions(const match_state *s, const apply_ctx *ctx)
{
	return repetitions(ctx->match, s, ctx);
}

void cc_match_moves_view(const cc_match *m, const match_state *s, const apply_ctx *ctx, cc_match_view *out)
{
	const cc_chess_position *pos = &s->pos;
	out->has_board = true;
	cc_chess_position_to_fen(pos, out->fen, sizeof out->fen);
	out->plies = s->ply_count;
	if (s->ply_count > 0)
		snprintf(out->last_move_san, sizeof out->last_move_san, "%s",
		         ply_of(m, s, ctx, s->ply_count - 1)->ply.san);
	out->legal_moves = cc_chess_count_legal_moves(pos);

	unsigned reps = repetitions(m, s, ctx);
	out->repetitions = reps;

	/* RU-19, RU-20: information for the arbiter, none after a mate. */
	out->draws = cc_chess_draw_states(pos, reps);
	out->stalemate = (out->draws & CC_CHESS_DRAW_STALEMATE) != 0;
}

cc_err cc_match_moves_refuse_mate(cc_error *err)
{
	return cc_refuse(err, CC_MSG_MOVES_DO_NOT_MATE);
}

const cc_chess_position *cc_match_position(const cc_match *match)
{
	const match_engine *engine = cc_match_engine(match);
	if (engine)
		return engine->position(match);
	return match->settings.record == CC_RECORD_MOVES ? &match->state.pos : NULL;
}

size_t cc_match_ply_count(const cc_match *match)
{
	return match->state.ply_count;
}

const cc_match_ply *cc_match_ply_at(const cc_match *match, size_t index)
{
	return index < match->state.ply_count ? &match->plies[index].ply : NULL;
}
