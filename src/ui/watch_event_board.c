/*
 * watch_event_board.c: what a board of `watch --event` says on its row
 * (its players, the phase and the clocks a spectator of that board sees,
 * or its result) and the order the boards are shown in: the director's
 * view (watch_event.c) draws these rows, read only.
 */
#include "chesscubing/session.h"
#include "ui_console.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_stackmat.h"
#include "ui_watch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session_describe.h"
#include "chesscubing/textwidth.h"

/* A clock of a row, in whole seconds ("2:57", "17"): the tenth cut. */
static void whole_seconds(char *text)
{
	char *dot = strrchr(text, '.');
	if (dot)
		*dot = '\0';
}

/* A running block: its time, the clocks, who is to move, as the spectator
 * screen shows them. */
static void block_text(const cc_ui_watcher *w, char *buf, size_t size)
{
	const cc_match_view *v = &w->screen.view;
	const cc_match_settings *s = cc_match_settings_of(w->screen.match);
	char block[32], a[32], b[32], mover[CC_NAME_MAX + 64];
	cc_time_format_ms(v->block_ms_left, block, sizeof block);
	whole_seconds(block);
	snprintf(mover, sizeof mover, _("%s (%s) to move"), cc_ui_side_label(v->to_move),
	         v->to_move == CC_SIDE_WHITE ? s->white : s->black);
	if (!v->block_started) {
		snprintf(buf, size, _("Block %d ready, not started"), v->block);
	} else if (v->has_chess_clocks) {
		cc_time_format_ms(v->clock_ms[CC_SIDE_WHITE], a, sizeof a);
		cc_time_format_ms(v->clock_ms[CC_SIDE_BLACK], b, sizeof b);
		whole_seconds(a);
		whole_seconds(b);
		snprintf(buf, size, _("Block %d, %s left; clocks White %s, Black %s; %s; moves %d / %d - %d / %d"), v->block,
		         block, a, b, mover, v->moves[CC_SIDE_WHITE], v->quota, v->moves[CC_SIDE_BLACK], v->quota);
	} else {
		cc_ui_format_seconds(v->move_ms_left, a, sizeof a);
		whole_seconds(a);
		snprintf(buf, size, _("Block %d, %s left; move clock %s; %s; moves %d / %d - %d / %d"), v->block, block, a,
		         mover, v->moves[CC_SIDE_WHITE], v->quota, v->moves[CC_SIDE_BLACK], v->quota);
	}
}

/* The cube phase: the cube, the times entered so far and, until then,
 * each player's timer as the console publishes it, with its tenths
 * (SM-6, as `watch` shows it). */
static void cube_text(const cc_ui_console *c, char *buf, size_t size)
{
	const cc_match_view *v = &c->view;
	char t[2][160];
	for (int side = 0; side < 2; side++) {
		if (v->cube_cs[side] != CC_CUBE_NONE)
			cc_ui_solve_text(v->cube_cs[side], t[side], sizeof t[side]);
		else if (!cc_ui_stackmat_line(c, (cc_side)side, t[side], sizeof t[side]))
			snprintf(t[side], sizeof t[side], "%s", _("solving"));
	}
	snprintf(buf, size, _("Cube phase after block %d, cube %d: White %s, Black %s"), v->block, v->cube_number, t[0],
	         t[1]);
}

/* A pairing decided without a game (CL-6.2): "+/- (forfeit)", "-/+
 * (withdrawal)", "bye 1/2-1 (bye asked for)", "void (withdrawn, not counted)". */
static void forfeits_state(const cc_session_pairing *p, char *buf, size_t size)
{
	const char *why = p->outcome == CC_CLUB_OUT_FORFEIT ? (p->by_withdrawal ? _("withdrawal") : _("forfeit"))
	                  : p->outcome == CC_CLUB_OUT_HALF_BYE ? _("half-point bye asked for")
	                  : p->outcome == CC_CLUB_OUT_VOID     ? _("withdrawn, not counted")
	                                                       : "";
	if (p->result[0])
		snprintf(buf, size, "%s (%s)", p->result, why);
	else
		snprintf(buf, size, "%s", why);
}

#define BOARD_NAME_COLS 20 /* a name on a board's row, cut beyond (issue 33: a row never wraps on a name) */

/* name cut to BOARD_NAME_COLS columns, ended by "…" when cut (CL-7.8). */
static void board_name(const char *name, char *buf, size_t size)
{
	int used;
	bool cut;
	size_t bytes = cc_width_fit(name, BOARD_NAME_COLS, &used, &cut);
	snprintf(buf, size, "%.*s%s", (int)bytes, name, cut ? CC_WIDTH_ELLIPSIS : "");
}

/* One board: "R1 B2  Bruno - Chloé: ..." with its state or result. */
void cc_ui_watch_board_text(const cc_session_pairing *p, const cc_ui_watcher *w, char *buf, size_t size)
{
	char state[512] = "", white[4 * BOARD_NAME_COLS + 8], black[sizeof white];
	board_name(p->white, white, sizeof white);
	board_name(p->black, black, sizeof black);
	if (p->bye && p->outcome == CC_CLUB_OUT_HALF_BYE) {
		/* a Swiss's half-point bye on its own row (CL-10.5): said as such, never as the pairing's bye */
		forfeits_state(p, state, sizeof state);
		snprintf(buf, size, _("R%u B%u  %s: %s"), p->round, p->board, white, state);
		return;
	}
	if (p->bye) {
		snprintf(buf, size, _("R%u B%u  %s: bye"), p->round, p->board, white);
		return;
	}
	if (!p->match_id && p->outcome != CC_CLUB_OUT_NOT_STARTED) {
		forfeits_state(p, state, sizeof state); /* CL-6: a forfeit, a withdrawal's, a bye asked for */
	} else if (!p->match_id || !w->screen.match) {
		snprintf(state, sizeof state, "%s", _("not started"));
	} else if (w->screen.view.over) {
		char said[384];
		const char *played = cc_session_result_code(true, w->screen.view.winner);
		cc_session_describe_result(cc_ui_lang(), &w->screen.view, cc_match_settings_of(w->screen.match), said,
		                           sizeof said);
		/* CL-5.8: the club's result, a standing correction applied, with the result as played beside it */
		if (p->outcome == CC_CLUB_OUT_PLAYED && p->result[0] && strcmp(p->result, played) != 0)
			snprintf(state, sizeof state, _("%s (corrected from %s %s)"), p->result, played, said);
		else
			snprintf(state, sizeof state, "%s  %s", played, said);
	} else {
		switch (w->screen.view.phase) {
		case CC_PHASE_SETUP:
		case CC_PHASE_BLOCK:
			block_text(w, state, sizeof state);
			break;
		case CC_PHASE_CUBE:
			cube_text(&w->screen, state, sizeof state);
			break;
		case CC_PHASE_OVER:
			break;
		}
		size_t len = strlen(state);
		if (w->screen.view.paused)
			snprintf(state + len, sizeof state - len, "  %s", _("PAUSED"));
		else if (!w->console_running)
			snprintf(state + len, sizeof state - len, "  %s", _("(no console: clocks stopped)"));
	}
	if (p->match_id)
		snprintf(buf, size, _("R%u B%u  %s - %s: %s (match %lld)"), p->round, p->board, white, black, state,
		         (long long)p->match_id);
	else
		snprintf(buf, size, _("R%u B%u  %s - %s: %s"), p->round, p->board, white, black, state);
}

/* In play first (the newest round first), then finished ones, newest
 * round first, then the pairings not started of the rounds under way
 * (under_way[round]: a game of that round has a match). */
static int board_rank(const cc_session_pairing *p, const bool *under_way)
{
	if (p->match_id && !p->over)
		return 0;
	if (p->match_id)
		return 1;
	if ((p->outcome == CC_CLUB_OUT_FORFEIT || p->outcome == CC_CLUB_OUT_HALF_BYE) && p->counted)
		return 1; /* decided without a game (CL-6.2): shown with the finished ones */
	return under_way[p->round] ? 2 : 3; /* 3: a round not begun, not shown */
}

/* The order the boards are shown in: the pairings come round by round,
 * board by board; the newest round goes first, its boards in order. */
static void board_order(const cc_session_pairing *pairings, size_t count, size_t *order)
{
	size_t n = 0;
	unsigned rounds = count ? pairings[count - 1].round : 0;
	for (unsigned r = rounds; r > 0; r--)
		for (size_t i = 0; i < count; i++)
			if (pairings[i].round == r)
				order[n++] = i;
}

/* The boards shown, in order (board_rank, then board_order) into out
 * (count entries); returns how many. The first nine are numbered: their
 * digit shows that board alone. */
size_t cc_ui_watch_boards_shown(const cc_session_pairing *pairings, size_t count, size_t *out)
{
	unsigned rounds = 0;
	for (size_t i = 0; i < count; i++)
		if (pairings[i].round > rounds)
			rounds = pairings[i].round;
	/* Each round asked once, not once a pairing (issue 25: a 40-player
	 * round robin's 780 pairings made this quadratic at every read). */
	size_t n = 0, *order = calloc(count ? count : 1, sizeof *order);
	bool *under_way = calloc((size_t)rounds + 1, sizeof *under_way);
	if (!order || !under_way) {
		free(order);
		free(under_way);
		return 0;
	}
	for (size_t i = 0; i < count; i++)
		under_way[pairings[i].round] = under_way[pairings[i].round] || pairings[i].match_id != 0;
	board_order(pairings, count, order);
	for (int rank = 0; rank < 3; rank++)
		for (size_t k = 0; k < count; k++)
			if (board_rank(&pairings[order[k]], under_way) == rank)
				out[n++] = order[k];
	free(under_way);
	free(order);
	return n;
}
