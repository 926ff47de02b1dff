/*
 * match_uno.c: format uno, a Chess-Uno game (rules/chess-uno.md) run by
 * the cc_uno core behind the match API.
 *
 * Why an adapter and not a second match API: the session, the store,
 * the exports, `list`, `show`, `watch` and the club all take a cc_match,
 * its events (cc_event) and its view (cc_match_view). Carrying Chess-Uno
 * as a fourth format keeps every one of them on its one path; only what
 * is Chess-Uno's own (the card, the pile, the discards) is read from the
 * core itself, through cc_match_uno(). Its row of operations (at the end
 * of this file) checks the settings and creates the engine; match.c hands
 * the engine every event and query while the match holds one (m->engine).
 *
 * Events. A cc_event becomes a cc_uno_event:
 *   card  SIDE ID     the army SIDE draws card ID (the pile's top: the
 *                     session fills ID in from cc_uno_draw_event before
 *                     recording it); "none" when nothing can be drawn
 *   move  SIDE TEXT   a move of the series (SAN-like or UCI)
 *   place SIDE SQ     a recovered pawn placed on SQ
 *   stop  SIDE        ends the placement phase or the series
 *   resign SIDE       the player who had SIDE at the start resigns
 *   draw              the players agree a draw
 *   arbiter W TEXT    the arbiter ends the game: W is a player, named by
 *                     the colour he had at the start (white: player A)
 *   undo              the core takes back the last event of its history
 *   tick              time passes: nothing happens (Chess-Uno has no clock)
 * The card, move, place and stop events name the army to play: one that
 * names the other army is refused, so the record says who acted.
 *
 * Results. A match's winner is a player, White being the one who had
 * White at the start (the settings' white, the core's player A): after an
 * Inversion the win still goes to the right name, and the club rates it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match_internal.h"

/* The game of m (created with the match). */
static cc_uno_game *game_of(const cc_match *m)
{
	return m->engine;
}

/* The game of a new match, from its settings and deal. CC_ERR_INVALID,
 * CC_ERR_NOMEM. */
static cc_err uno_create(cc_match *m, cc_error *err)
{
	const cc_match_settings *cfg = &m->settings;
	cc_uno_settings options = cfg->uno.options;
	cc_uno_deal deal;
	if (cfg->variant != CC_CHESS_VARIANT_STANDARD)
		return cc_refuse(err, CC_MSG_UNO_STANDARD_BOARD_ONLY, cc_chess_variant_name(cfg->variant));
	if (!cfg->uno.deal[0])
		return cc_refuse(err, CC_MSG_UNO_NEEDS_DEAL);
	snprintf(options.players[CC_UNO_PLAYER_A], sizeof options.players[0], "%s", cfg->white);
	snprintf(options.players[CC_UNO_PLAYER_B], sizeof options.players[0], "%s", cfg->black);
	cc_uno_game *game = NULL;
	cc_err rc = cc_uno_deal_parse(cfg->uno.deal, &deal, err);
	if (rc == CC_OK)
		rc = cc_uno_create(&game, &options, &deal, err);
	m->engine = game;
	return rc;
}

static cc_uno_player player_of_winner(cc_winner w)
{
	return w == CC_WINNER_WHITE ? CC_UNO_PLAYER_A : w == CC_WINNER_BLACK ? CC_UNO_PLAYER_B : CC_UNO_NOBODY;
}

static cc_winner winner_of_player(cc_uno_player p)
{
	return p == CC_UNO_PLAYER_A ? CC_WINNER_WHITE : p == CC_UNO_PLAYER_B ? CC_WINNER_BLACK : CC_WINNER_NONE;
}

static cc_end_reason reason_of(cc_uno_reason r)
{
	switch (r) {
	case CC_UNO_REASON_KING_CAPTURE:
		return CC_REASON_KING_CAPTURE;
	case CC_UNO_REASON_MATE:
		return CC_REASON_CHECKMATE;
	case CC_UNO_REASON_RESIGNATION:
		return CC_REASON_RESIGNATION;
	case CC_UNO_REASON_AGREEMENT:
		return CC_REASON_AGREEMENT;
	case CC_UNO_REASON_NO_MOVE_DRAW:
		return CC_REASON_NO_MOVE;
	case CC_UNO_REASON_ARBITER:
		return CC_REASON_ARBITER;
	}
	return CC_REASON_ARBITER;
}

/* The army named by a card, move, place or stop event must be the one to play. */
static cc_err require_army(const cc_uno_view *v, const cc_event *ev, cc_error *err)
{
	if (v->over)
		return CC_OK; /* the core says the game is over */
	if (ev->side != v->army)
		return cc_refuse(err, CC_MSG_NOT_YOUR_ARMY, v->army, ev->side);
	return CC_OK;
}

static cc_err parse_card(const char *text, int *card, cc_error *err)
{
	char *end;
	if (strcmp(text, "none") == 0) {
		*card = CC_UNO_NO_CARD;
		return CC_OK;
	}
	long id = strtol(text, &end, 10);
	if (!text[0] || *end || id < 0 || id >= CC_UNO_DECK_SIZE)
		return cc_refuse(err, CC_MSG_UNO_BAD_CARD_NAME, text);
	*card = (int)id;
	return CC_OK;
}

/* The core's event for ev; *none when ev changes nothing in the game (a tick). */
static cc_err translate(const cc_uno_game *game, const cc_event *ev, cc_uno_event *out, bool *none, cc_error *err)
{
	cc_uno_view v;
	cc_err rc = CC_OK;
	*none = false;
	cc_uno_view_now(game, &v);
	memset(out, 0, sizeof *out);
	out->t_ms = ev->t_ms;
	switch (ev->kind) {
	case CC_EV_CARD:
		out->kind = CC_UNO_EV_DRAW;
		rc = require_army(&v, ev, err);
		if (rc == CC_OK && !ev->text[0] && v.phase != CC_UNO_PHASE_DRAW) {
			/* no card to fill in (uno_complete): the core says why no draw now */
			out->card = CC_UNO_NO_CARD;
			return CC_OK;
		}
		return rc ? rc : parse_card(ev->text, &out->card, err);
	case CC_EV_MOVE:
		*out = cc_uno_ev_move(ev->t_ms, ev->text);
		return require_army(&v, ev, err);
	case CC_EV_PLACE:
		out->kind = CC_UNO_EV_PLACE;
		rc = require_army(&v, ev, err);
		return rc ? rc : cc_uno_square_parse(ev->text, &out->square, err);
	case CC_EV_STOP:
		*out = cc_uno_ev_end(ev->t_ms);
		return require_army(&v, ev, err);
	case CC_EV_RESIGN:
		*out = cc_uno_ev_resign(ev->t_ms, ev->side == CC_SIDE_WHITE ? CC_UNO_PLAYER_A : CC_UNO_PLAYER_B);
		return CC_OK;
	case CC_EV_DRAW:
		*out = cc_uno_ev_agree(ev->t_ms);
		return CC_OK;
	case CC_EV_ARBITER:
		*out = cc_uno_ev_arbiter(ev->t_ms, player_of_winner(ev->winner), ev->text);
		return CC_OK;
	case CC_EV_UNDO:
		*out = cc_uno_ev_undo(ev->t_ms);
		return CC_OK;
	case CC_EV_TICK:
		*none = true;
		return CC_OK;
	case CC_EV_START:
	case CC_EV_MATE:
	case CC_EV_CUBE:
	case CC_EV_PAUSE:
	case CC_EV_RESUME:
	case CC_EV_CORRECT:
	case CC_EV_IN_TIME:
	case CC_EV_CLAIM:
	case CC_EV_PRESS:
	case CC_EV_SAN:
	case CC_EV_HOLD:
	case CC_EV_RELEASE:
		break;
	}
	return cc_refuse(err, CC_MSG_UNO_NOT_ITS_EVENT, cc_event_kind_name(ev->kind));
}

/* Fills the match view from the core's view v (the game as of time t). */
static void view_from(const cc_match *m, const cc_uno_view *v, int64_t t, cc_match_view *out)
{
	memset(out, 0, sizeof *out);
	out->t_ms = t;
	out->phase = v->over ? CC_PHASE_OVER : CC_PHASE_BLOCK;
	out->block = 1;
	out->block_started = true;
	out->to_move = v->army;
	out->check = v->king_attacked[v->army];
	for (int i = 0; i < 2; i++)
		out->cube_cs[i] = out->tied_cs[i] = CC_CUBE_NONE;
	out->lost_at_ms = -1;
	out->over = v->over;
	out->winner = v->over ? winner_of_player(v->winner) : CC_WINNER_NONE;
	out->reason = v->over ? reason_of(v->reason) : CC_REASON_CHECKMATE;
	if (v->over)
		snprintf(out->reason_text, sizeof out->reason_text, "%s",
		         v->reason == CC_UNO_REASON_ARBITER ? v->reason_text : cc_reason_name(out->reason));
	out->has_board = true;
	snprintf(out->fen, sizeof out->fen, "%s", v->fen);
	out->legal_moves = v->legal_moves;
	size_t steps = m->engine ? cc_uno_step_count(game_of(m)) : 0;
	for (size_t i = 0; i < steps; i++) {
		const cc_uno_step *st = cc_uno_step_at(game_of(m), i);
		if (st->event.kind == CC_UNO_EV_MOVE) {
			out->plies++;
			snprintf(out->last_move_san, sizeof out->last_move_san, "%s", st->san);
			out->has_last_mover = true;
			out->last_mover = st->army;
		}
	}
}

static cc_err uno_check(const cc_match *m, const cc_event *ev, cc_match_view *after, cc_error *err)
{
	cc_uno_event uev;
	cc_uno_view v;
	bool none;
	if (ev->t_ms < m->state.anchor_ms)
		return cc_refuse(err, CC_MSG_TIME_BACKWARDS, ev->t_ms, m->state.anchor_ms);
	cc_err rc = translate(game_of(m), ev, &uev, &none, err);
	if (rc == CC_OK && none)
		cc_uno_view_now(game_of(m), &v);
	else if (rc == CC_OK)
		rc = cc_uno_check(game_of(m), &uev, &v, err);
	/* The plies and last move of after are those before the event: the
	 * session records the result only, which v carries. */
	if (rc == CC_OK && after)
		view_from(m, &v, ev->t_ms, after);
	return rc;
}

static cc_err uno_apply(cc_match *m, const cc_event *ev, cc_error *err)
{
	cc_uno_event uev;
	bool none;
	cc_err rc = uno_check(m, ev, NULL, err);
	if (rc == CC_OK)
		rc = translate(game_of(m), ev, &uev, &none, err);
	if (rc == CC_OK && !none)
		rc = cc_uno_apply(game_of(m), &uev, err);
	if (rc == CC_OK)
		m->state.anchor_ms = ev->t_ms;
	return rc;
}

static void uno_view(const cc_match *m, int64_t t_ms, cc_match_view *out)
{
	cc_uno_view v;
	cc_uno_view_now(game_of(m), &v);
	view_from(m, &v, t_ms > m->state.anchor_ms ? t_ms : m->state.anchor_ms, out);
}

/* The match event of a step of the core's history. */
static cc_event event_of_step(const cc_uno_step *st)
{
	const cc_uno_event *u = &st->event;
	cc_event ev = cc_event_tick(u->t_ms);
	ev.side = st->army;
	switch (u->kind) {
	case CC_UNO_EV_DRAW:
		ev.kind = CC_EV_CARD;
		if (st->card == CC_UNO_NO_CARD)
			snprintf(ev.text, sizeof ev.text, "none");
		else
			snprintf(ev.text, sizeof ev.text, "%d", st->card);
		break;
	case CC_UNO_EV_MOVE:
		ev.kind = CC_EV_MOVE;
		snprintf(ev.text, sizeof ev.text, "%s", u->text);
		break;
	case CC_UNO_EV_PLACE:
		ev.kind = CC_EV_PLACE;
		ev.text[0] = (char)('a' + u->square % 8);
		ev.text[1] = (char)('1' + u->square / 8);
		break;
	case CC_UNO_EV_END:
		ev.kind = CC_EV_STOP;
		break;
	case CC_UNO_EV_RESIGN:
		ev.kind = CC_EV_RESIGN;
		ev.side = u->player == CC_UNO_PLAYER_A ? CC_SIDE_WHITE : CC_SIDE_BLACK;
		break;
	case CC_UNO_EV_AGREE:
		ev.kind = CC_EV_DRAW;
		break;
	case CC_UNO_EV_ARBITER:
		ev.kind = CC_EV_ARBITER;
		ev.winner = winner_of_player(u->player);
		snprintf(ev.text, sizeof ev.text, "%s", u->text);
		break;
	case CC_UNO_EV_UNDO: /* never in the history */
		ev.kind = CC_EV_UNDO;
		break;
	}
	return ev;
}

static size_t uno_history_count(const cc_match *m)
{
	return cc_uno_step_count(game_of(m));
}

static bool uno_history_at(const cc_match *m, size_t index, cc_event *out)
{
	const cc_uno_step *st = cc_uno_step_at(game_of(m), index);
	if (!st)
		return false;
	*out = event_of_step(st);
	return true;
}

static bool uno_complete(const cc_match *m, cc_event *ev)
{
	cc_uno_event draw;
	if (ev->kind != CC_EV_CARD || ev->text[0] || !cc_uno_draw_event(game_of(m), ev->t_ms, &draw))
		return false;
	if (draw.card == CC_UNO_NO_CARD)
		snprintf(ev->text, sizeof ev->text, "none");
	else
		snprintf(ev->text, sizeof ev->text, "%d", draw.card);
	return true;
}

void cc_match_uno_options_text(const cc_uno_settings *o, char *buf, size_t size)
{
	char fen[CC_CHESS_FEN_MAX];
	snprintf(fen, sizeof fen, "%s", o->fen);
	for (char *p = fen; *p; p++)
		if (*p == ' ')
			*p = '_'; /* one word, as cc_uno_settings_set reads it */
	int n = snprintf(buf, size,
	                 "maxCardNumber=%d includeZero=%s includeJokers=%s placeOnNextRank=%s stopComboOnKingThreat=%s "
	                 "kingAvoidsAttackedSquares=%s drawAfterTurnsWithoutMove=%d",
	                 o->max_card_number, o->include_zero ? "true" : "false", o->include_jokers ? "true" : "false",
	                 o->place_on_next_rank ? "true" : "false", o->stop_combo_on_king_threat ? "true" : "false",
	                 o->king_avoids_attacked_squares ? "true" : "false", o->draw_after_turns_without_move);
	if (fen[0] && n >= 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, " fen=%s", fen);
}

static const cc_chess_position *uno_position(const cc_match *m)
{
	return cc_uno_position(game_of(m));
}

static void uno_destroy(void *engine)
{
	cc_uno_destroy(engine);
}

static const match_engine engine = {
	.check = uno_check,
	.apply = uno_apply,
	.view = uno_view,
	.history_count = uno_history_count,
	.history_at = uno_history_at,
	.complete = uno_complete,
	.position = uno_position,
	.destroy = uno_destroy,
};

const cc_uno_game *cc_match_uno(const cc_match *match)
{
	return cc_match_engine(match) == &engine ? match->engine : NULL;
}

/*
 * The row of operations (game_class.c's table). Chess-Uno runs on its own
 * engine (m->engine, a cc_uno_game): match.c hands it every event, view
 * and history query, so the operations on the match's state (apply, time)
 * are never asked.
 */
const cc_game_rules cc_match_uno_rules = {
	.settings_valid = cc_match_settings_no_clock,
	.create = uno_create,
	.engine = &engine,
};
