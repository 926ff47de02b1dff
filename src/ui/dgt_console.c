/*
 * dgt_console.c: a DGT board at the console (ui_dgt.h, rules/dgt.md).
 *
 * In moves recording the board replaces the arbiter's typing: the player
 * moves on the board and presses the clock; the press is RU-35's stamp
 * (the move's time), and the move the board shows fills it. The board is
 * only ever compared with the game as the record has it (dgt_moves.h, a
 * function of positions), so the order pieces were lifted in, a piece
 * knocked over and set back, or a cable pulled while a move was made lose
 * nothing. What the format allows is the core's to say, as for a typed
 * move: a refused move is said and waits; so is everything on which the
 * board and the game disagree (no legal move, a takeback offered as an
 * undo, a promotion without its piece, a move without a press, a press
 * without a move). Before block 1 the board is checked against the
 * starting position (DG-1.3).
 *
 * Work is done only when something changed: the board's fields, the
 * game's position, the stamps or the phase (a signature of them); an idle
 * board costs the console nothing but a descriptor in its wait.
 */
#include "chesscubing/dgt_moves.h"
#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "ui_console.h"
#include "ui_dgt.h"
#include "ui_dialogs.h"
#include "ui_i18n.h"
#include "ui_screens.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cc_ui_dgt {
	cc_ui_dgt_reader reader;
	cc_dgt_orientation orientation;
	bool oriented;        /* the orientation was found from a dump */
	char signature[512];  /* what the last look saw: nothing to do while it stays */
	char said[512];       /* the last thing said, not said again */
};

bool cc_ui_eboard_open(cc_ui_console *c, const char *path, int64_t real_ms, char *why, size_t why_size)
{
	struct cc_ui_dgt *d = calloc(1, sizeof *d);
	if (!d) {
		snprintf(why, why_size, "%s", _("out of memory"));
		return false;
	}
	if (!cc_ui_dgt_reader_open(&d->reader, path, real_ms)) {
		cc_error err;
		cc_refuse(&err, CC_MSG_CANNOT_OPEN, path, d->reader.last_errno);
		cc_ui_refusal_line(&err, why, why_size);
		free(d);
		return false;
	}
	c->dgt = d;
	return true;
}

void cc_ui_eboard_close(cc_ui_console *c)
{
	if (!c->dgt)
		return;
	cc_ui_dgt_reader_close(&c->dgt->reader);
	free(c->dgt);
	c->dgt = NULL;
}

int cc_ui_eboard_fd(const cc_ui_console *c)
{
	return c->dgt ? cc_ui_dgt_reader_fd(&c->dgt->reader) : -1;
}

int64_t cc_ui_eboard_wait_ms(const cc_ui_console *c)
{
	return c->dgt ? cc_ui_dgt_reader_wait_ms(&c->dgt->reader, c->real_ms) : -1;
}

/* Says text once (the message line, and the log when it matters). */
static void say(cc_ui_console *c, bool error, bool log, const char *text)
{
	struct cc_ui_dgt *d = c->dgt;
	cc_ui_console_message(c, error, text);
	if (strcmp(d->said, text) == 0)
		return;
	snprintf(d->said, sizeof d->said, "%s", text);
	if (log)
		cc_ui_console_log(c, false, text);
}

/* The board's own disagreement (dgt_moves.h's message), said in words. */
static void say_seen(cc_ui_console *c, const cc_dgt_seen *seen, const char *hint)
{
	cc_error err = {0};
	char line[400], text[512];
	if (cc_dgt_seen_say(seen, &err) == CC_OK)
		return;
	cc_ui_refusal_line(&err, line, sizeof line);
	snprintf(text, sizeof text, _("DGT: %s%s"), line, hint);
	say(c, true, true, text);
}

/* The game's position now (the view's: time's passes included) and the one
 * before its last move, when that ply was a move the board could undo. */
static bool positions(const cc_ui_console *c, cc_chess_position *game, cc_chess_position *before, bool *has_before)
{
	const cc_chess_position *at = cc_match_position(c->match);
	if (!at || cc_chess_position_from_fen_variant(game, at->variant, c->view.fen, NULL) != CC_OK)
		return false;
	size_t n = cc_match_ply_count(c->match);
	*has_before = n > 0 && n == c->view.plies && cc_match_ply_at(c->match, n - 1)->kind == CC_PLY_MOVE;
	if (!*has_before)
		return true;
	cc_chess_position_start_variant(before, at->variant);
	for (size_t i = 0; i + 1 < n; i++) {
		const cc_match_ply *p = cc_match_ply_at(c->match, i);
		cc_chess_undo undo;
		if (p->kind == CC_PLY_MOVE)
			cc_chess_make(before, p->move, &undo);
		else if (cc_chess_make_null(before, &undo, NULL) != CC_OK)
			*has_before = false;
	}
	return true;
}

/* CK-1.1: the check-list's DGT item follows the board: ticked while it
 * shows the start position, open again when it no longer does (an item the
 * arbiter skipped, or not asked, stays as it is). */
static void tick_start_item(cc_ui_console *c, bool shows_start)
{
	cc_check_state *st = &c->checklist.state[CC_CHECK_DGT];
	if (*st == CC_CHECK_OPEN || *st == CC_CHECK_TICKED)
		*st = shows_start ? CC_CHECK_TICKED : CC_CHECK_OPEN;
}

/* DG-1.3: before block 1, the board against the starting position. */
static void check_start(cc_ui_console *c, const cc_chess_position *game, const cc_dgt_board *board)
{
	cc_error err = {0};
	char line[400], text[512];
	bool ok = cc_dgt_check_start(game, board, &err) == CC_OK;
	tick_start_item(c, ok);
	if (ok) {
		say(c, false, true, _("DGT: the pieces stand on their starting squares."));
		return;
	}
	cc_ui_refusal_line(&err, line, sizeof line);
	snprintf(text, sizeof text, _("DGT: %s"), line);
	say(c, true, true, text);
}

/* The board's move fills the oldest stamp: recorded at the press. */
static bool record_move(cc_ui_console *c, const char *san)
{
	char why[sizeof c->message], text[sizeof c->message + 64], local[CC_CHESS_SAN_MAX + 8];
	cc_event e = cc_event_san(c->now_ms, san);
	if (cc_ui_console_send(c, &e, why, sizeof why)) {
		c->dgt->said[0] = '\0';
		cc_ui_move_entry(c);
		return true;
	}
	cc_ui_san_to_local(san, local, sizeof local);
	snprintf(text, sizeof text, _("DGT: %s refused: %s. Set the board right, or type the move."), local, why);
	say(c, true, true, text);
	return false;
}

/* A move on the board and no press to stamp it: said, it waits. */
static void move_without_press(cc_ui_console *c, const cc_dgt_seen *seen)
{
	char text[512], local[CC_CHESS_SAN_MAX + 8];
	const cc_match_view *v = &c->view;
	cc_ui_san_to_local(seen->san[0], local, sizeof local);
	if (v->phase == CC_PHASE_BLOCK && v->block_started && !v->paused)
		snprintf(text, sizeof text, _("DGT: %s played; waiting for %s's clock press to record it."), local,
		         cc_ui_side_label(v->to_move));
	else
		snprintf(text, sizeof text, _("DGT: %s played, but no move may be played now: put the piece back."),
		         local);
	say(c, !(v->phase == CC_PHASE_BLOCK && v->block_started && !v->paused), false, text);
}

/* A press and no move on the board yet: said; the board's move or the
 * arbiter's typing fills the stamp. */
static void press_without_move(cc_ui_console *c)
{
	char text[512];
	snprintf(text, sizeof text, _("DGT: %s pressed the clock but the board shows no move yet."),
	         cc_ui_side_label(c->view.stamp[0].side));
	say(c, false, false, text);
}

static void act(cc_ui_console *c, const cc_chess_position *game, const cc_chess_position *before,
                const cc_dgt_board *board)
{
	cc_dgt_search search = {true, c->view.double_move == CC_DOUBLE_FREE};
	cc_dgt_seen seen;
	cc_dgt_seen_of(game, before, board, &search, &seen);
	switch (seen.kind) {
	case CC_DGT_SEEN_SAME:
		if (c->view.stamps > 0)
			press_without_move(c);
		return;
	case CC_DGT_SEEN_IN_TRANSIT:
		return;
	case CC_DGT_SEEN_MOVE:
	case CC_DGT_SEEN_TWO_MOVES:
		if (c->view.stamps == 0) {
			if (seen.kind == CC_DGT_SEEN_MOVE)
				move_without_press(c, &seen);
			else
				say_seen(c, &seen, _("; waiting for the clock presses."));
			return;
		}
		/* The second of two moves is looked at again against the new position. */
		record_move(c, seen.san[0]);
		return;
	case CC_DGT_SEEN_PROMOTION_ASK:
		say_seen(c, &seen, "");
		return;
	case CC_DGT_SEEN_TAKEBACK:
		say_seen(c, &seen, _(" Press u to undo it."));
		return;
	case CC_DGT_SEEN_NO_MOVE:
		say_seen(c, &seen, "");
		return;
	}
}

/* What the board and the game are now, as one string. */
static void signature(const cc_ui_console *c, const cc_dgt_board *board, char *buf, size_t size)
{
	char placement[80];
	cc_dgt_board_placement(board, placement, sizeof placement);
	const cc_match_view *v = &c->view;
	snprintf(buf, size, "%s|%s|%zu|%d|%d|%d|%d|%zu", placement, v->fen, v->stamps, (int)v->phase, v->block,
	         (int)v->block_started, (int)v->paused, v->plies);
}

static void say_line(cc_ui_console *c, unsigned seen)
{
	struct cc_ui_dgt *d = c->dgt;
	char text[512];
	if (seen & CC_UI_DGT_LOST) {
		cc_error err;
		char why[256];
		cc_refuse(&err, CC_MSG_DGT_CABLE_OUT, d->reader.path);
		cc_ui_refusal_line(&err, why, sizeof why);
		snprintf(text, sizeof text, _("DGT: %s; reconnecting every second. Nothing is lost."), why);
		say(c, true, true, text);
		d->signature[0] = '\0';
		tick_start_item(c, false); /* read afresh when it is back */
	}
	if (seen & CC_UI_DGT_BACK) {
		say(c, false, true, _("DGT: connected again; its pieces are read afresh."));
		d->signature[0] = '\0';
	}
}

/* DG-1.2: the board's orientation from the position it should show. While
 * either way is as good (an empty board), nothing is read: said once for
 * each thing the board shows, and the console waits. */
static bool orient(cc_ui_console *c, const cc_chess_position *game)
{
	struct cc_ui_dgt *d = c->dgt;
	cc_dgt_board expected, seen;
	char sig[sizeof d->signature];
	cc_dgt_board_from_position(game, &expected);
	d->oriented = cc_dgt_orientation_of(d->reader.fields, &expected, &d->orientation);
	if (d->oriented) {
		d->signature[0] = '\0';
		return true;
	}
	cc_ui_dgt_reader_board(&d->reader, CC_DGT_NORMAL, &seen);
	sig[0] = '?';
	cc_dgt_board_placement(&seen, sig + 1, sizeof sig - 1);
	if (strcmp(sig, d->signature) == 0)
		return false;
	snprintf(d->signature, sizeof d->signature, "%s", sig);
	tick_start_item(c, false);
	say(c, true, true,
	    _("DGT: which way the board stands is not known yet (it is empty, or as wrong either way round): "
	      "nothing is read until it shows the position."));
	return false;
}

void cc_ui_eboard_recheck(cc_ui_console *c)
{
	if (c->dgt)
		c->dgt->signature[0] = '\0';
}

void cc_ui_eboard_tick(cc_ui_console *c)
{
	struct cc_ui_dgt *d = c->dgt;
	if (!d)
		return;
	say_line(c, cc_ui_dgt_reader_poll(&d->reader, c->real_ms));
	if (!d->reader.have_board || !c->match || !cc_ui_stamps_keys(c) || !c->view_valid || c->view.over)
		return;
	for (int round = 0; round < 2; round++) {
		cc_chess_position game, before;
		bool has_before = false;
		cc_dgt_board board;
		char sig[sizeof d->signature];
		if (!positions(c, &game, &before, &has_before))
			return;
		if (!d->oriented && !orient(c, &game))
			return;
		cc_ui_dgt_reader_board(&d->reader, d->orientation, &board);
		signature(c, &board, sig, sizeof sig);
		if (strcmp(sig, d->signature) == 0)
			return;
		snprintf(d->signature, sizeof d->signature, "%s", sig);
		if (c->view.plies == 0 && c->view.block <= 1 && !c->view.block_started && c->view.stamps == 0) {
			check_start(c, &game, &board);
			return;
		}
		/* A second round: two moves on the board, the first just recorded. */
		act(c, &game, has_before ? &before : NULL, &board);
	}
}
