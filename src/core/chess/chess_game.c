/*
 * chess_game.c: a game's history, the terminal states and the draw states
 * (CH-4), reported as information.
 *
 * A game keeps the start position, the current one and, for every ply, the
 * move, what unmake needs, and the repetition key of the position it led
 * to. The key holds what the first four FEN fields hold (pieces, side to
 * move, castling rights, en passant square), with the en passant square
 * only when a capture there is legal, as FIDE 9.2.2 counts positions.
 * Repetitions are counted by comparing keys over the whole history: a game
 * has a few hundred plies at most, so no hashing is needed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkered_internal.h"

struct key {
	uint64_t bb[8]; /* by_side[2], by_type[1..6] */
	uint8_t side, castling, ep;
	uint16_t pawn_rights;    /* Checkered (CK-4.3) */
	uint32_t last_checkered; /* Checkered */
};

struct ply {
	cc_chess_move move; /* CC_CHESS_MOVE_NONE: a pass */
	cc_chess_undo undo;
	struct key key;     /* of the position after the ply */
	char san[CC_CHESS_SAN_MAX]; /* written before the move, when the position is at hand */
};

struct cc_chess_game {
	cc_chess_position start;
	cc_chess_position pos;
	struct key start_key;
	struct ply *plies;
	size_t count, capacity;
};

static void make_key(const cc_chess_position *pos, struct key *k)
{
	memset(k, 0, sizeof *k);
	k->bb[0] = pos->by_side[0];
	k->bb[1] = pos->by_side[1];
	for (int t = CC_CHESS_PAWN; t <= CC_CHESS_KING; t++)
		k->bb[t + 1] = pos->by_type[t];
	k->side = (uint8_t)pos->to_move;
	k->castling = pos->castling;
	k->ep = (uint8_t)cc_chess_legal_ep_square(pos);
	k->pawn_rights = pos->pawn_rights;
	k->last_checkered = pos->last_checkered;
}

static bool same_key(const struct key *a, const struct key *b)
{
	return memcmp(a->bb, b->bb, sizeof a->bb) == 0 && a->side == b->side && a->castling == b->castling &&
	       a->ep == b->ep && a->pawn_rights == b->pawn_rights && a->last_checkered == b->last_checkered;
}

cc_err cc_chess_game_create(cc_chess_game **out, const cc_chess_position *start, cc_error *err)
{
	cc_chess_game *g = calloc(1, sizeof *g);
	if (!g)
		return cc_refuse(err, CC_MSG_CHESS_NOMEM);
	if (start)
		g->pos = *start;
	else
		cc_chess_position_start(&g->pos);
	g->start = g->pos;
	make_key(&g->pos, &g->start_key);
	*out = g;
	return CC_OK;
}

void cc_chess_game_destroy(cc_chess_game *game)
{
	if (!game)
		return;
	free(game->plies);
	free(game);
}

const cc_chess_position *cc_chess_game_position(const cc_chess_game *game)
{
	return &game->pos;
}

size_t cc_chess_game_ply_count(const cc_chess_game *game)
{
	return game->count;
}

cc_chess_move cc_chess_game_move_at(const cc_chess_game *game, size_t i)
{
	return i < game->count ? game->plies[i].move : CC_CHESS_MOVE_NONE;
}

const char *cc_chess_game_san_at(const cc_chess_game *game, size_t i)
{
	return i < game->count ? game->plies[i].san : "";
}

const cc_chess_position *cc_chess_game_start(const cc_chess_game *game)
{
	return &game->start;
}

static cc_err reserve(cc_chess_game *g, cc_error *err)
{
	if (g->count < g->capacity)
		return CC_OK;
	size_t cap = g->capacity ? 2 * g->capacity : 128;
	struct ply *p = realloc(g->plies, cap * sizeof *p);
	if (!p)
		return cc_refuse(err, CC_MSG_CHESS_RECORD_NOMEM);
	g->plies = p;
	g->capacity = cap;
	return CC_OK;
}

cc_err cc_chess_game_play(cc_chess_game *game, cc_chess_move m, cc_error *err)
{
	if (!cc_chess_is_legal(&game->pos, m)) {
		char uci[CC_CHESS_SAN_MAX];
		cc_chess_move_to_uci(m, uci, sizeof uci);
		return cc_refuse(err, CC_MSG_ILLEGAL_UCI, uci, game->pos.to_move);
	}
	cc_err rc = reserve(game, err);
	if (rc)
		return rc;
	struct ply *p = &game->plies[game->count];
	p->move = m;
	cc_chess_move_to_san(&game->pos, m, p->san, sizeof p->san);
	cc_chess_make(&game->pos, m, &p->undo);
	make_key(&game->pos, &p->key);
	game->count++;
	return CC_OK;
}

cc_err cc_chess_game_play_text(cc_chess_game *game, const char *text, cc_chess_parse_mode mode,
                               cc_chess_move *played, cc_error *err)
{
	cc_chess_move m;
	cc_err rc = cc_chess_parse_move(&game->pos, text, mode, &m, err);
	if (rc == CC_OK)
		rc = cc_chess_game_play(game, m, err);
	if (rc == CC_OK && played)
		*played = m;
	return rc;
}

cc_err cc_chess_game_pass(cc_chess_game *game, cc_error *err)
{
	cc_err rc = reserve(game, err);
	if (rc)
		return rc;
	struct ply *p = &game->plies[game->count];
	rc = cc_chess_make_null(&game->pos, &p->undo, err);
	if (rc)
		return rc;
	p->move = CC_CHESS_MOVE_NONE;
	snprintf(p->san, sizeof p->san, "--");
	make_key(&game->pos, &p->key);
	game->count++;
	return CC_OK;
}

cc_err cc_chess_game_undo(cc_chess_game *game, cc_error *err)
{
	if (game->count == 0)
		return cc_refuse(err, CC_MSG_NO_MOVE_TO_TAKE_BACK);
	struct ply *p = &game->plies[--game->count];
	if (p->move == CC_CHESS_MOVE_NONE)
		cc_chess_unmake_null(&game->pos, &p->undo);
	else
		cc_chess_unmake(&game->pos, p->move, &p->undo);
	return CC_OK;
}

/* --- states ---------------------------------------------------------------- */

bool cc_chess_is_checkmate(const cc_chess_position *pos)
{
	return cc_chess_in_check(pos) && cc_chess_count_legal_moves(pos) == 0;
}

bool cc_chess_is_stalemate(const cc_chess_position *pos)
{
	return !cc_chess_in_check(pos) && cc_chess_count_legal_moves(pos) == 0;
}

#define LIGHT_SQUARES 0x55AA55AA55AA55AAULL

bool cc_chess_insufficient_material(const cc_chess_position *pos)
{
	/* Checkered (CK-4.3): any other piece may serve either side, so only bare kings */
	if (is_checkered_pos(pos))
		return popcount(occupied(pos)) == 2;
	if (pos->by_type[CC_CHESS_PAWN] | pos->by_type[CC_CHESS_ROOK] | pos->by_type[CC_CHESS_QUEEN])
		return false;
	uint64_t knights = pos->by_type[CC_CHESS_KNIGHT], bishops = pos->by_type[CC_CHESS_BISHOP];
	if (popcount(knights | bishops) <= 1)
		return true;
	/* bishops only, all on one colour: no square of the other colour is ever attacked */
	return !knights && (!(bishops & LIGHT_SQUARES) || !(bishops & ~LIGHT_SQUARES));
}

const char *cc_chess_draw_name(cc_chess_draw draw)
{
	switch (draw) {
	case CC_CHESS_DRAW_STALEMATE:
		return "stalemate";
	case CC_CHESS_DRAW_INSUFFICIENT:
		return "insufficient-material";
	case CC_CHESS_DRAW_THREEFOLD:
		return "threefold-repetition";
	case CC_CHESS_DRAW_FIFTY:
		return "50-move-rule";
	case CC_CHESS_DRAW_FIVEFOLD:
		return "fivefold-repetition";
	case CC_CHESS_DRAW_SEVENTY_FIVE:
		return "75-move-rule";
	}
	return "?";
}

unsigned cc_chess_draw_states(const cc_chess_position *pos, unsigned repetitions)
{
	unsigned draws = 0;
	size_t legal = cc_chess_count_legal_moves(pos);
	if (legal == 0 && cc_chess_in_check(pos))
		return 0; /* mate ends the game at once, before any draw (FIDE 5.1.1, 9.6.2) */
	if (legal == 0)
		draws |= CC_CHESS_DRAW_STALEMATE;
	if (cc_chess_insufficient_material(pos))
		draws |= CC_CHESS_DRAW_INSUFFICIENT;
	if (repetitions >= 3)
		draws |= CC_CHESS_DRAW_THREEFOLD;
	if (repetitions >= 5)
		draws |= CC_CHESS_DRAW_FIVEFOLD;
	if (pos->halfmove_clock >= 100)
		draws |= CC_CHESS_DRAW_FIFTY;
	if (pos->halfmove_clock >= 150)
		draws |= CC_CHESS_DRAW_SEVENTY_FIVE;
	return draws;
}

void cc_chess_game_status(const cc_chess_game *game, cc_chess_status *st)
{
	const cc_chess_position *pos = &game->pos;
	const struct key *now = game->count ? &game->plies[game->count - 1].key : &game->start_key;
	unsigned reps = same_key(&game->start_key, now);
	for (size_t i = 0; i < game->count; i++)
		reps += same_key(&game->plies[i].key, now);

	memset(st, 0, sizeof *st);
	st->check = cc_chess_in_check(pos);
	st->legal_moves = cc_chess_count_legal_moves(pos);
	st->checkmate = st->check && st->legal_moves == 0;
	st->repetitions = reps;
	st->draws = cc_chess_draw_states(pos, reps);
}

/* --- facts about one move ---------------------------------------------------- */

void cc_chess_move_describe(const cc_chess_position *pos, cc_chess_move m, cc_chess_move_info *info)
{
	unsigned to = cc_chess_move_to(m);
	memset(info, 0, sizeof *info);
	info->piece = code_type(pos->board[cc_chess_move_from(m)]);
	info->checkered = (pos->board[cc_chess_move_from(m)] & CC_CHESS_CHECKERED) != 0;
	info->kind = cc_chess_move_kind_of(m);
	info->promotion = cc_chess_move_promotion(m);
	if (info->kind == CC_CHESS_MOVE_EN_PASSANT)
		info->captured = CC_CHESS_PAWN;
	else if (info->kind != CC_CHESS_MOVE_CASTLE)
		info->captured = code_type(pos->board[to]);
	cc_chess_position after = *pos;
	cc_chess_undo undo;
	cc_chess_make(&after, m, &undo);
	info->gives_check = cc_chess_in_check(&after);
	info->gives_mate = info->gives_check && cc_chess_count_legal_moves(&after) == 0;
}

bool cc_chess_gives_check(const cc_chess_position *pos, cc_chess_move m)
{
	cc_chess_position after = *pos;
	cc_chess_undo undo;
	cc_chess_make(&after, m, &undo);
	return cc_chess_in_check(&after);
}
