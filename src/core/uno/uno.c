/*
 * uno.c: the Chess-Uno game (uno.h, rules/chess-uno.md): events, the
 * series, the turn, the result. Skeleton: the functions that are not built
 * yet refuse with CC_ERR_INVALID "not yet built".
 */
#include "chesscubing/uno.h"

#include <stdlib.h>
#include <string.h>

struct cc_uno_game {
	cc_uno_settings settings;
	cc_uno_deal deal;
};

static cc_err not_built(cc_error *err)
{
	return cc_error_set(err, CC_ERR_INVALID, "Chess-Uno: not yet built");
}

cc_err cc_uno_create(cc_uno_game **out, const cc_uno_settings *settings, const cc_uno_deal *deal, cc_error *err)
{
	(void)settings;
	(void)deal;
	*out = NULL;
	return not_built(err);
}

void cc_uno_destroy(cc_uno_game *game)
{
	free(game);
}

const cc_uno_settings *cc_uno_settings_of(const cc_uno_game *game)
{
	return &game->settings;
}

size_t cc_uno_commitment(const cc_uno_game *game, char *buf, size_t size)
{
	return cc_uno_deal_text(&game->deal, buf, size);
}

cc_err cc_uno_apply(cc_uno_game *game, const cc_uno_event *ev, cc_error *err)
{
	(void)game;
	(void)ev;
	return not_built(err);
}

cc_err cc_uno_check(const cc_uno_game *game, const cc_uno_event *ev, cc_uno_view *after, cc_error *err)
{
	(void)game;
	(void)ev;
	(void)after;
	return not_built(err);
}

void cc_uno_view_now(const cc_uno_game *game, cc_uno_view *out)
{
	(void)game;
	memset(out, 0, sizeof *out);
}

bool cc_uno_draw_event(const cc_uno_game *game, int64_t t_ms, cc_uno_event *out)
{
	(void)game;
	(void)t_ms;
	(void)out;
	return false;
}

size_t cc_uno_legal_moves(const cc_uno_game *game, cc_chess_move_list *list)
{
	(void)game;
	list->count = 0;
	return 0;
}

void cc_uno_move_to_san(const cc_uno_game *game, cc_chess_move m, char *buf, size_t size)
{
	(void)game;
	cc_chess_move_to_uci(m, buf, size);
}

uint64_t cc_uno_placement_squares(const cc_uno_game *game)
{
	(void)game;
	return 0;
}

const cc_chess_position *cc_uno_position(const cc_uno_game *game)
{
	(void)game;
	return NULL;
}

int64_t cc_uno_last_time(const cc_uno_game *game)
{
	(void)game;
	return 0;
}

size_t cc_uno_event_count(const cc_uno_game *game)
{
	(void)game;
	return 0;
}

bool cc_uno_event_at(const cc_uno_game *game, size_t index, cc_uno_event *out)
{
	(void)game;
	(void)index;
	(void)out;
	return false;
}

size_t cc_uno_step_count(const cc_uno_game *game)
{
	(void)game;
	return 0;
}

const cc_uno_step *cc_uno_step_at(const cc_uno_game *game, size_t index)
{
	(void)game;
	(void)index;
	return NULL;
}
