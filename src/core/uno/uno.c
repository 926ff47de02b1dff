/*
 * uno.c: the Chess-Uno game (uno.h, rules/chess-uno.md): events, the
 * card's effect, the series, the turn, the result, undo. The moves a
 * series allows and the placement squares are uno_moves.c's; the state's
 * struct is in uno_internal.h, which both share.
 *
 * The state (struct uno_state) is a plain value: an event is applied to a
 * copy, which replaces the state only when the event is accepted, so a
 * refusal changes nothing. The game keeps the state it started from, its
 * record (every accepted event, undos included) and its history (the steps
 * it now stands on); an undo drops the last step and replays the others
 * from the start. Every card order follows from the deal (reshuffles from
 * its key, uno_deck.c), so a replay and an undone draw meet the same cards.
 *
 * The pile is kept top last (pile[pile_n - 1] is drawn next). The board's
 * side to move is always the army to play; while a series may go on, the
 * en passant square its last move made is set aside (last_ep) so that the
 * same army cannot take its own pawn, and given to the other army when the
 * turn ends (UNO-5.9).
 */
#include "uno_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- the turn --------------------------------------------------------------------- */

static void finish(struct uno_state *st, cc_uno_player winner, cc_side army, cc_uno_reason reason)
{
	st->phase = CC_UNO_PHASE_OVER;
	st->winner = winner;
	st->winning_army = army;
	st->reason = reason;
}

/* The FEN's last two fields: turns without a move, then 1 + turns finished / 2. */
static void set_counters(struct uno_state *st)
{
	st->pos.halfmove_clock = (uint16_t)st->turns_without_move;
	st->pos.fullmove_number = 1 + (st->turn - 1) / 2;
}

/* UNO-2.4: the card to its drawer's discard, the other army to play. */
static void end_turn(const cc_uno_settings *set, struct uno_state *st, cc_uno_step *step)
{
	if (st->card != CC_UNO_NO_CARD)
		st->discard[st->drawer][st->discard_n[st->drawer]++] = st->card;
	st->turns_without_move = st->moves_made ? 0 : st->turns_without_move + 1;
	st->pos.ep_square = st->moves_made ? st->last_ep : CC_CHESS_NO_SQUARE;
	st->pos.to_move = cc_side_other(army_of(st));
	st->turn++;
	st->phase = CC_UNO_PHASE_DRAW;
	st->last_card = st->card;
	st->last_drawer = st->drawer;
	st->card = CC_UNO_NO_CARD;
	st->moves_granted = st->moves_made = st->moves_left = st->placements_left = 0;
	st->joker = false;
	st->last_ep = CC_CHESS_NO_SQUARE;
	set_counters(st);
	step->turn_ended = true;
	int limit = set->draw_after_turns_without_move;
	if (limit > 0 && st->turns_without_move >= limit)
		finish(st, CC_UNO_NOBODY, army_of(st), CC_UNO_REASON_NO_MOVE_DRAW);
}

/* The army has the hand with n moves: right after its draw, or right after
 * its placement phase (judge), it wins at once if one of them could take
 * the opposing king (UNO-R6, revised by issue 22: the player still has the
 * hand after placing, so a placed pawn that attacks the king mates); with
 * none, its turn ends (UNO-2.5). */
static void start_moves(const cc_uno_settings *set, struct uno_state *st, int n, bool joker, bool judge,
                        cc_uno_step *step)
{
	st->phase = CC_UNO_PHASE_MOVES;
	st->moves_granted = n;
	st->moves_left = n;
	st->joker = joker;
	cc_chess_move_list list;
	cc_uno_series_moves(set, st, &list);
	if (judge && cc_uno_takes_king(&st->pos, &list)) {
		step->mate_possible = true;
		finish(st, st->controller[army_of(st)], army_of(st), CC_UNO_REASON_MATE);
	} else if (list.count == 0) {
		end_turn(set, st, step);
	}
}

/* UNO-3.2: both discards become the pile, shuffled by the deal's key. */
static void reshuffle(struct uno_state *st, const uint8_t key[CC_UNO_KEY_SIZE])
{
	int ids[CC_UNO_DECK_SIZE];
	size_t n = 0;
	for (int p = 0; p < 2; p++) {
		for (size_t i = 0; i < st->discard_n[p]; i++)
			ids[n++] = st->discard[p][i];
		st->discard_n[p] = 0;
	}
	/* ascending IDs first, so the order depends on the cards, not on who discarded them */
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && ids[j - 1] > ids[j]; j--) {
			int t = ids[j];
			ids[j] = ids[j - 1];
			ids[j - 1] = t;
		}
	st->reshuffles++;
	cc_uno_shuffle_ids(key, st->reshuffles, ids, n);
	for (size_t i = 0; i < n; i++)
		st->pile[i] = ids[n - 1 - i];
	st->pile_n = n;
}

/* The card the next draw takes, reshuffling st first when its pile is empty. */
static int next_card(struct uno_state *st, const uint8_t key[CC_UNO_KEY_SIZE], bool *reshuffled)
{
	*reshuffled = false;
	if (st->pile_n == 0 && st->discard_n[0] + st->discard_n[1] > 0) {
		reshuffle(st, key);
		*reshuffled = true;
	}
	return st->pile_n ? st->pile[st->pile_n - 1] : CC_UNO_NO_CARD;
}

/* UNO-4: what the card drawn does at once. */
static void card_effect(const cc_uno_settings *set, struct uno_state *st, cc_uno_step *step)
{
	cc_side army = army_of(st);
	if (st->card == CC_UNO_NO_CARD) {
		start_moves(set, st, 1, false, true, step); /* UNO-3.3 */
		return;
	}
	cc_uno_card c;
	cc_uno_card_get(st->card, &c, NULL);
	switch (c.kind) {
	case CC_UNO_CARD_NUMBER:
		if (c.number == 0)
			end_turn(set, st, step);
		else
			start_moves(set, st, c.number, false, true, step);
		return;
	case CC_UNO_CARD_SKIP:
		end_turn(set, st, step);
		return;
	case CC_UNO_CARD_INVERSION: {
		cc_uno_player p = st->controller[CC_SIDE_WHITE];
		st->controller[CC_SIDE_WHITE] = st->controller[CC_SIDE_BLACK];
		st->controller[CC_SIDE_BLACK] = p;
		step->inverted = true;
		end_turn(set, st, step);
		return;
	}
	case CC_UNO_CARD_JOKER:
		start_moves(set, st, 1, true, true, step);
		return;
	case CC_UNO_CARD_PLUS2:
	case CC_UNO_CARD_PLUS4:
		break;
	}
	/* +2 / +4: the move it grants could take the king now: won (UNO-R6) */
	cc_chess_move_list list;
	cc_uno_moves_of(set, &st->pos, false, &list);
	if (cc_uno_takes_king(&st->pos, &list)) {
		step->mate_possible = true;
		finish(st, st->controller[army], army, CC_UNO_REASON_MATE);
		return;
	}
	int k = c.kind == CC_UNO_CARD_PLUS2 ? 2 : 4;
	st->placements_left = k < st->recoverable[army] ? k : st->recoverable[army];
	if (st->placements_left > 0 && cc_uno_placement_squares_of(set, st)) {
		st->phase = CC_UNO_PHASE_PLACEMENT;
		return;
	}
	st->placements_left = 0;
	start_moves(set, st, 1, false, false, step);
}

static cc_err on_draw(const cc_uno_game *g, struct uno_state *st, const cc_uno_event *ev, cc_uno_step *step,
                      cc_error *err)
{
	if (st->phase != CC_UNO_PHASE_DRAW)
		return cc_refuse(err, st->phase == CC_UNO_PHASE_PLACEMENT ? CC_MSG_UNO_NO_DRAW_PLACEMENT : CC_MSG_UNO_NO_DRAW_MOVES);
	int card = next_card(st, g->deal.key, &step->reshuffled);
	if (ev->card != card) {
		char want[24], got[24];
		cc_uno_card_label(ev->card, got, sizeof got);
		cc_uno_card_label(card, want, sizeof want);
		if (card == CC_UNO_NO_CARD)
			return cc_refuse(err, CC_MSG_UNO_NOTHING_TO_DRAW);
		if (ev->card == CC_UNO_NO_CARD)
			return cc_refuse(err, CC_MSG_UNO_NO_CARD_NOT_TOP);
		return cc_refuse(err, CC_MSG_UNO_CARD_NOT_TOP, ev->card, got);
	}
	if (card != CC_UNO_NO_CARD)
		st->pile_n--;
	st->card = card;
	st->drawer = st->controller[army_of(st)];
	step->card = card;
	card_effect(&g->settings, st, step);
	return CC_OK;
}

/* After make(): only a pawn's step of two squares forward from its start
 * rank leaves an en passant chance (a Joker's queen move of a pawn does
 * not, though make() may have set one). */
static void fix_ep(cc_chess_position *pos, cc_chess_move m, bool pawn, cc_side us)
{
	unsigned from = cc_chess_move_from(m), to = cc_chess_move_to(m);
	bool white = us == CC_SIDE_WHITE;
	bool double_step = pawn && from / 8 == (white ? 1u : 6u) && to == (white ? from + 16 : from - 16);
	if (!double_step)
		pos->ep_square = CC_CHESS_NO_SQUARE;
}

static cc_err on_move(const cc_uno_game *g, struct uno_state *st, const cc_uno_event *ev, cc_uno_step *step,
                      cc_error *err)
{
	const cc_uno_settings *set = &g->settings;
	if (st->phase != CC_UNO_PHASE_MOVES)
		return cc_refuse(err, st->phase == CC_UNO_PHASE_DRAW ? CC_MSG_UNO_NO_MOVE_DRAW : CC_MSG_UNO_NO_MOVE_PLACEMENT);
	cc_chess_move_list list;
	cc_uno_series_moves(set, st, &list);
	cc_chess_move m;
	cc_err rc = cc_chess_parse_move_among(&st->pos, ev->text, &list, &m, err);
	if (rc)
		return rc;
	cc_side us = army_of(st), them = cc_side_other(us);
	unsigned from = cc_chess_move_from(m), to = cc_chess_move_to(m);
	bool pawn = cc_chess_piece_at(&st->pos, from, NULL) == CC_CHESS_PAWN;
	cc_chess_piece_type captured = cc_chess_move_kind_of(m) == CC_CHESS_MOVE_EN_PASSANT
	                                       ? CC_CHESS_PAWN
	                                       : cc_chess_piece_at(&st->pos, to, NULL);
	step->move = m;
	step->captured = captured;
	step->joker_move = !cc_chess_is_pseudo_move(&st->pos, m);
	cc_chess_move_to_san_among(&st->pos, m, &list, step->san, sizeof step->san);
	cc_chess_move_to_uci(m, step->uci, sizeof step->uci);

	cc_chess_undo undo;
	cc_chess_make(&st->pos, m, &undo);
	st->pos.to_move = us;
	fix_ep(&st->pos, m, pawn, us);
	st->last_ep = st->pos.ep_square;
	st->pos.ep_square = CC_CHESS_NO_SQUARE;
	set_counters(st);
	if (captured == CC_CHESS_PAWN)
		st->recoverable[them]++;
	st->moves_made++;
	st->moves_left--;
	if (captured == CC_CHESS_KING) {
		finish(st, st->controller[us], us, CC_UNO_REASON_KING_CAPTURE);
		return CC_OK;
	}
	if (st->moves_left == 0) {
		end_turn(set, st, step);
		return CC_OK;
	}
	cc_uno_series_moves(set, st, &list);
	if (list.count == 0) {
		end_turn(set, st, step); /* UNO-4.3 */
	} else if (cc_uno_takes_king(&st->pos, &list)) {
		/* UNO-6.1, UNO-R6: the guard stops the series, or the threat wins */
		if (set->stop_combo_on_king_threat) {
			step->guard_stop = true;
			end_turn(set, st, step);
		} else {
			step->mate_possible = true;
			finish(st, st->controller[us], us, CC_UNO_REASON_MATE);
		}
	}
	return CC_OK;
}

static cc_err on_place(const cc_uno_game *g, struct uno_state *st, const cc_uno_event *ev, cc_uno_step *step,
                       cc_error *err)
{
	if (st->phase != CC_UNO_PHASE_PLACEMENT)
		return cc_refuse(err, st->phase == CC_UNO_PHASE_DRAW ? CC_MSG_UNO_NO_PLACE_DRAW : CC_MSG_UNO_NO_PLACE_MOVES);
	uint64_t allowed = cc_uno_placement_squares_of(&g->settings, st);
	if (ev->square > 63 || !(allowed & (1ULL << ev->square)))
		return cc_refuse(err, CC_MSG_UNO_PLACE_RANK,
		                 army_of(st) == CC_SIDE_WHITE ? (allowed & 0xFF0000ULL ? 3 : 2)
		                                              : (allowed & (0xFFULL << 40) ? 6 : 7));
	cc_side us = army_of(st);
	cc_chess_put(&st->pos, ev->square, us, CC_CHESS_PAWN);
	st->recoverable[us]--;
	st->placements_left--;
	/* UNO-R6 (issue 22): the placer still has the hand; if the move the card
	 * grants after the placement could take the king now, that is mate. */
	cc_chess_move_list list;
	cc_uno_moves_of(&g->settings, &st->pos, false, &list);
	if (cc_uno_takes_king(&st->pos, &list)) {
		step->mate_possible = true;
		finish(st, st->controller[us], us, CC_UNO_REASON_MATE);
		return CC_OK;
	}
	if (st->placements_left == 0 || !cc_uno_placement_squares_of(&g->settings, st)) {
		st->placements_left = 0;
		start_moves(&g->settings, st, 1, false, true, step);
	}
	return CC_OK;
}

static cc_err on_end(const cc_uno_game *g, struct uno_state *st, cc_uno_step *step, cc_error *err)
{
	if (st->phase == CC_UNO_PHASE_PLACEMENT) {
		st->placements_left = 0;
		start_moves(&g->settings, st, 1, false, true, step);
		return CC_OK;
	}
	if (st->phase == CC_UNO_PHASE_DRAW)
		return cc_refuse(err, CC_MSG_UNO_NO_SERIES);
	if (st->phase != CC_UNO_PHASE_MOVES || st->moves_made == 0)
		return cc_refuse(err, CC_MSG_UNO_SERIES_EMPTY);
	end_turn(&g->settings, st, step);
	return CC_OK;
}

static cc_err on_close(struct uno_state *st, const cc_uno_event *ev, cc_error *err)
{
	switch (ev->kind) {
	case CC_UNO_EV_RESIGN:
		if (ev->player != CC_UNO_PLAYER_A && ev->player != CC_UNO_PLAYER_B)
			return cc_refuse(err, CC_MSG_UNO_RESIGN_WHO);
		finish(st, ev->player == CC_UNO_PLAYER_A ? CC_UNO_PLAYER_B : CC_UNO_PLAYER_A, army_of(st),
		       CC_UNO_REASON_RESIGNATION);
		return CC_OK;
	case CC_UNO_EV_AGREE:
		finish(st, CC_UNO_NOBODY, army_of(st), CC_UNO_REASON_AGREEMENT);
		return CC_OK;
	case CC_UNO_EV_ARBITER:
		if (ev->player != CC_UNO_PLAYER_A && ev->player != CC_UNO_PLAYER_B && ev->player != CC_UNO_NOBODY)
			return cc_refuse(err, CC_MSG_UNO_ARBITER_WHO);
		if (!memchr(ev->text, '\0', sizeof ev->text) || !cc_text_is_line(ev->text))
			return cc_refuse(err, CC_MSG_UNO_REASON_NOT_A_LINE);
		finish(st, ev->player, army_of(st), CC_UNO_REASON_ARBITER);
		snprintf(st->reason_text, sizeof st->reason_text, "%s", ev->text);
		return CC_OK;
	case CC_UNO_EV_DRAW:
	case CC_UNO_EV_MOVE:
	case CC_UNO_EV_PLACE:
	case CC_UNO_EV_END:
	case CC_UNO_EV_UNDO:
		break;
	}
	return cc_refuse(err, CC_MSG_UNO_NOT_AN_ENDING);
}

/* Applies ev (not an undo) to st, writing what it did into step. */
static cc_err step_event(const cc_uno_game *g, struct uno_state *st, const cc_uno_event *ev, cc_uno_step *step,
                         cc_error *err)
{
	if (ev->t_ms < st->t_ms || ev->t_ms > CC_UNO_TIME_MAX_MS)
		return cc_refuse(err, CC_MSG_UNO_TIME_BACKWARDS, ev->t_ms, st->t_ms);
	if (st->phase == CC_UNO_PHASE_OVER)
		return cc_refuse(err, CC_MSG_UNO_GAME_OVER);
	if ((unsigned)ev->kind > (unsigned)CC_UNO_EV_UNDO)
		return cc_refuse(err, CC_MSG_UNO_UNKNOWN_EVENT_KIND, ev->kind);
	memset(step, 0, sizeof *step);
	step->event = *ev;
	step->turn = st->turn;
	step->army = army_of(st);
	step->player = st->controller[step->army];
	step->card = CC_UNO_NO_CARD;
	step->move = CC_CHESS_MOVE_NONE;
	step->captured = CC_CHESS_NO_PIECE;
	cc_err rc = CC_ERR_INVALID;
	switch (ev->kind) {
	case CC_UNO_EV_DRAW:
		rc = on_draw(g, st, ev, step, err);
		break;
	case CC_UNO_EV_MOVE:
		rc = memchr(ev->text, '\0', sizeof ev->text)
		             ? on_move(g, st, ev, step, err)
		             : cc_refuse(err, CC_MSG_UNO_MOVE_TEXT_TOO_LONG, CC_UNO_TEXT_MAX - 1);
		break;
	case CC_UNO_EV_PLACE:
		rc = on_place(g, st, ev, step, err);
		break;
	case CC_UNO_EV_END:
		rc = on_end(g, st, step, err);
		break;
	case CC_UNO_EV_RESIGN:
	case CC_UNO_EV_AGREE:
	case CC_UNO_EV_ARBITER:
		rc = on_close(st, ev, err);
		break;
	case CC_UNO_EV_UNDO: /* cc_uno_apply takes undos itself */
		rc = cc_refuse(err, CC_MSG_UNO_UNDO_NOT_A_STEP);
		break;
	}
	if (rc)
		return rc;
	st->t_ms = ev->t_ms;
	step->game_over = st->phase == CC_UNO_PHASE_OVER;
	cc_chess_position_to_fen(&st->pos, step->fen_after, sizeof step->fen_after);
	return CC_OK;
}

/* --- the game ------------------------------------------------------------------ */

static cc_err start_state(const cc_uno_settings *set, const cc_uno_deal *deal, struct uno_state *st,
                          cc_error *err)
{
	memset(st, 0, sizeof *st);
	if (set->fen[0]) {
		cc_err rc = cc_chess_position_from_fen_free(&st->pos, set->fen, err);
		if (rc)
			return rc;
	} else {
		cc_chess_position_start(&st->pos);
	}
	int deck[CC_UNO_DECK_SIZE];
	size_t n = cc_uno_deck(set, deck);
	bool seen[CC_UNO_DECK_SIZE] = {false};
	if (deal->count != n)
		return cc_refuse(err, CC_MSG_UNO_DEAL_SIZE, deal->count, n);
	for (size_t i = 0; i < n; i++) {
		int id = deal->order[i];
		bool in = false;
		for (size_t k = 0; k < n && !in; k++)
			in = deck[k] == id;
		if (!in || seen[id])
			return cc_refuse(err, CC_MSG_UNO_DEAL_NOT_AN_ORDER, id);
		seen[id] = true;
		st->pile[n - 1 - i] = id;
	}
	st->pile_n = n;
	st->controller[CC_SIDE_WHITE] = CC_UNO_PLAYER_A;
	st->controller[CC_SIDE_BLACK] = CC_UNO_PLAYER_B;
	st->phase = CC_UNO_PHASE_DRAW;
	st->turn = 1;
	st->card = CC_UNO_NO_CARD;
	st->last_card = CC_UNO_NO_CARD;
	st->last_drawer = CC_UNO_NOBODY;
	st->last_ep = CC_CHESS_NO_SQUARE;
	st->winner = CC_UNO_NOBODY;
	/* UNO-1.1: from a set-up position, the pawns missing from 8 count as captured */
	for (int a = 0; a < 2; a++) {
		int pawns = __builtin_popcountll(st->pos.by_side[a] & st->pos.by_type[CC_CHESS_PAWN]);
		st->recoverable[a] = pawns < 8 ? 8 - pawns : 0;
	}
	set_counters(st);
	return CC_OK;
}

cc_err cc_uno_create(cc_uno_game **out, const cc_uno_settings *settings, const cc_uno_deal *deal, cc_error *err)
{
	*out = NULL;
	cc_err rc = cc_uno_settings_check(settings, err);
	if (rc)
		return rc;
	cc_uno_game *g = calloc(1, sizeof *g);
	if (!g)
		return cc_refuse(err, CC_MSG_NOMEM);
	g->settings = *settings;
	g->deal = *deal;
	rc = start_state(settings, deal, &g->start, err);
	if (rc) {
		free(g);
		return rc;
	}
	g->st = g->start;
	*out = g;
	return CC_OK;
}

void cc_uno_destroy(cc_uno_game *game)
{
	if (!game)
		return;
	free(game->record);
	free(game->steps);
	free(game);
}

size_t cc_uno_commitment(const cc_uno_game *game, char *buf, size_t size)
{
	return cc_uno_deal_text(&game->deal, buf, size);
}

/* The state after the history without its last step (an undo). */
static cc_err undone_state(const cc_uno_game *g, const cc_uno_event *ev, struct uno_state *st, cc_error *err)
{
	if (g->steps_n == 0)
		return cc_refuse(err, CC_MSG_NOTHING_TO_UNDO);
	if (ev->t_ms < g->st.t_ms || ev->t_ms > CC_UNO_TIME_MAX_MS)
		return cc_refuse(err, CC_MSG_UNO_UNDO_BACKWARDS, ev->t_ms, g->st.t_ms);
	*st = g->start;
	for (size_t i = 0; i + 1 < g->steps_n; i++) {
		cc_uno_step scratch;
		cc_err rc = step_event(g, st, &g->steps[i].event, &scratch, NULL);
		(void)rc; /* accepted once, so accepted again: the same state and event */
	}
	st->t_ms = ev->t_ms;
	return CC_OK;
}

static bool grow(void **buf, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return true;
	size_t n = *cap ? *cap * 2 : 64;
	void *p = realloc(*buf, n * size);
	if (!p)
		return false;
	*buf = p;
	*cap = n;
	return true;
}

cc_err cc_uno_apply(cc_uno_game *game, const cc_uno_event *ev, cc_error *err)
{
	struct uno_state next = game->st;
	cc_uno_step step;
	cc_err rc = ev->kind == CC_UNO_EV_UNDO ? undone_state(game, ev, &next, err)
	                                       : step_event(game, &next, ev, &step, err);
	if (rc)
		return rc;
	if (!grow((void **)&game->record, &game->record_cap, game->record_n + 1, sizeof *game->record) ||
	    !grow((void **)&game->steps, &game->steps_cap, game->steps_n + 1, sizeof *game->steps))
		return cc_refuse(err, CC_MSG_NOMEM);
	game->st = next;
	game->record[game->record_n++] = *ev;
	if (ev->kind == CC_UNO_EV_UNDO)
		game->steps_n--;
	else
		game->steps[game->steps_n++] = step;
	return CC_OK;
}

static void view_of(const cc_uno_game *g, const struct uno_state *st, cc_uno_view *v);

cc_err cc_uno_check(const cc_uno_game *game, const cc_uno_event *ev, cc_uno_view *after, cc_error *err)
{
	struct uno_state next = game->st;
	cc_uno_step step;
	cc_err rc = ev->kind == CC_UNO_EV_UNDO ? undone_state(game, ev, &next, err)
	                                       : step_event(game, &next, ev, &step, err);
	if (rc == CC_OK && after)
		view_of(game, &next, after);
	return rc;
}

static void view_of(const cc_uno_game *g, const struct uno_state *st, cc_uno_view *v)
{
	memset(v, 0, sizeof *v);
	v->t_ms = st->t_ms;
	v->phase = st->phase;
	v->turn = st->turn;
	v->army = army_of(st);
	v->player = st->controller[v->army];
	v->controller[0] = st->controller[0];
	v->controller[1] = st->controller[1];
	v->card = st->card;
	v->last_card = st->last_card;
	v->last_drawer = st->last_drawer;
	v->moves_granted = st->moves_granted;
	v->moves_made = st->moves_made;
	v->moves_left = st->moves_left;
	v->may_end = st->phase == CC_UNO_PHASE_PLACEMENT || (st->phase == CC_UNO_PHASE_MOVES && st->moves_made > 0);
	v->placements_left = st->placements_left;
	v->pile_count = st->pile_n;
	v->reshuffles = st->reshuffles;
	for (int i = 0; i < 2; i++) {
		v->discard_count[i] = st->discard_n[i];
		v->discard_top[i] = st->discard_n[i] ? st->discard[i][st->discard_n[i] - 1] : CC_UNO_NO_CARD;
		v->recoverable[i] = st->recoverable[i];
		unsigned k = cc_chess_king_square(&st->pos, (cc_side)i);
		v->king_square[i] = k;
		v->king_attacked[i] = k != CC_CHESS_NO_SQUARE &&
		                      cc_chess_square_attacked(&st->pos, k, cc_side_other((cc_side)i), 0);
	}
	v->turns_without_move = st->turns_without_move;
	cc_chess_position_to_fen(&st->pos, v->fen, sizeof v->fen);
	cc_chess_move_list list;
	v->legal_moves = cc_uno_series_moves(&g->settings, st, &list);
	v->over = st->phase == CC_UNO_PHASE_OVER;
	v->winner = v->over ? st->winner : CC_UNO_NOBODY;
	v->winning_army = st->winning_army;
	v->reason = st->reason;
	snprintf(v->reason_text, sizeof v->reason_text, "%s", st->reason_text);
}

void cc_uno_view_now(const cc_uno_game *game, cc_uno_view *out)
{
	view_of(game, &game->st, out);
}

bool cc_uno_score(const cc_uno_view *view, cc_uno_player player, double *score)
{
	if (!view->over || (player != CC_UNO_PLAYER_A && player != CC_UNO_PLAYER_B))
		return false;
	*score = view->winner == CC_UNO_NOBODY ? 0.5 : view->winner == player ? 1.0 : 0.0;
	return true;
}

bool cc_uno_draw_event(const cc_uno_game *game, int64_t t_ms, cc_uno_event *out)
{
	if (game->st.phase != CC_UNO_PHASE_DRAW)
		return false;
	struct uno_state copy = game->st;
	bool reshuffled;
	*out = cc_uno_ev_draw(t_ms, next_card(&copy, game->deal.key, &reshuffled));
	return true;
}

size_t cc_uno_legal_moves(const cc_uno_game *game, cc_chess_move_list *list)
{
	return cc_uno_series_moves(&game->settings, &game->st, list);
}

void cc_uno_move_to_san(const cc_uno_game *game, cc_chess_move m, char *buf, size_t size)
{
	cc_chess_move_list list;
	cc_uno_series_moves(&game->settings, &game->st, &list);
	if (!cc_uno_listed(&list, m)) {
		cc_chess_move_to_uci(m, buf, size);
		return;
	}
	cc_chess_move_to_san_among(&game->st.pos, m, &list, buf, size);
}

size_t cc_uno_discard(const cc_uno_game *game, cc_uno_player p, int *out, size_t max)
{
	if (p != CC_UNO_PLAYER_A && p != CC_UNO_PLAYER_B)
		return 0;
	size_t n = game->st.discard_n[p];
	for (size_t i = 0; i < n && i < max; i++)
		out[i] = game->st.discard[p][i];
	return n;
}

uint64_t cc_uno_placement_squares(const cc_uno_game *game)
{
	if (game->st.phase != CC_UNO_PHASE_PLACEMENT || game->st.placements_left == 0)
		return 0;
	return cc_uno_placement_squares_of(&game->settings, &game->st);
}

const cc_chess_position *cc_uno_position(const cc_uno_game *game)
{
	return &game->st.pos;
}

int64_t cc_uno_last_time(const cc_uno_game *game)
{
	return game->st.t_ms;
}

size_t cc_uno_event_count(const cc_uno_game *game)
{
	return game->record_n;
}

bool cc_uno_event_at(const cc_uno_game *game, size_t index, cc_uno_event *out)
{
	if (index >= game->record_n)
		return false;
	*out = game->record[index];
	return true;
}

size_t cc_uno_step_count(const cc_uno_game *game)
{
	return game->steps_n;
}

const cc_uno_step *cc_uno_step_at(const cc_uno_game *game, size_t index)
{
	return index < game->steps_n ? &game->steps[index] : NULL;
}
