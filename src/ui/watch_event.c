/*
 * watch_event.c: `chesscubing watch --event NAME`, the director's view of a
 * club evening: every board of the event (its players, the phase and the
 * clocks a spectator of that board sees, or its result) and the standings
 * with their tie-break columns (CL-3.4, CL-3.5), read only.
 *
 * Each board is followed as `watch` follows one match (watch.c: a
 * cc_ui_watcher per board, its clocks anchored on its last event and run
 * on this process's clock while a console holds it). The record is asked
 * for its data version every POLL_MS; when another connection committed,
 * the event, its pairings, its standings and its boards are read again
 * through the session. The loop is the console's (cc_ui_loop_run).
 *
 * Layout: the boards in play first (the newest round first), then the
 * rest, each on its own wrapped lines; the standings under them. What
 * does not fit is counted in words, never cut.
 */
#include "ui_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session_describe.h"

#define POLL_MS 100 /* as watch.c: how often the record is asked for news */

typedef struct {
	cc_session_db *db;
	const char *name;
	int64_t data_version;
	int64_t next_poll_ms;
	cc_session_event event;
	cc_session_pairing *pairings; /* malloc'd, one board each */
	size_t count;
	cc_ui_watcher *boards;        /* one per pairing; match_id 0 until its match exists */
	cc_session_standing standings[CC_CLUB_PLAYERS_MAX];
	unsigned players;
	char message[256];            /* a failed read, said */
	int64_t zoom;                 /* the match shown alone, as `watch` shows it; 0: every board */
	bool quit;
} director;

static void director_free_boards(director *d)
{
	for (size_t i = 0; d->boards && i < d->count; i++)
		cc_ui_console_fini(&d->boards[i].screen);
	free(d->boards);
	free(d->pairings);
	d->boards = NULL;
	d->pairings = NULL;
	d->count = 0;
}

/* The event, its pairings and standings, and each board's match read again. */
static cc_err director_read(director *d, int64_t mono_ms, cc_error *err)
{
	cc_session_pairing *pairings = NULL;
	size_t count = 0;
	cc_err rc = cc_session_club_event(d->db, d->name, &d->event, &pairings, &count, err);
	if (rc == CC_OK)
		rc = cc_session_club_standings(d->db, d->name, &d->event, d->standings, &d->players, err);
	if (rc) {
		free(pairings);
		return rc;
	}
	if (count != d->count) { /* the first read: one follower per pairing */
		director_free_boards(d);
		d->boards = calloc(count ? count : 1, sizeof *d->boards);
		if (!d->boards) {
			free(pairings);
			return cc_refuse(err, CC_MSG_NOMEM);
		}
		for (size_t i = 0; i < count; i++) {
			d->boards[i].db = d->db;
			d->boards[i].screen.spectator = true;
		}
		d->count = count;
	}
	free(d->pairings);
	d->pairings = pairings;
	for (size_t i = 0; rc == CC_OK && i < count; i++) {
		if (!pairings[i].match_id)
			continue;
		rc = cc_ui_watcher_load(&d->boards[i], pairings[i].match_id, mono_ms, err);
		d->boards[i].console_running = true; /* then asked, below */
		cc_ui_watcher_poll_console(&d->boards[i]);
	}
	return rc;
}

static void director_poll(director *d, int64_t mono_ms)
{
	cc_error err = {0};
	int64_t version;
	d->next_poll_ms = mono_ms + POLL_MS;
	for (size_t i = 0; i < d->count; i++)
		if (d->pairings[i].match_id)
			cc_ui_watcher_poll_console(&d->boards[i]);
	cc_err rc = cc_session_db_version(d->db, &version, &err);
	if (rc == CC_OK && version == d->data_version && !d->message[0])
		return;
	if (rc == CC_OK)
		rc = director_read(d, mono_ms, &err);
	if (rc) {
		char why[2 * CC_ERROR_MESSAGE_MAX];
		cc_session_describe_refusal(&err, why, sizeof why);
		snprintf(d->message, sizeof d->message, _("Cannot read the database (%s); showing the last state read."),
		         why);
		return;
	}
	d->data_version = version;
	d->message[0] = '\0';
}

/* ---- what a board says ------------------------------------------------------ */

/* A running block: its time, the clocks, who is to move, as the spectator
 * screen shows them. */
static void block_text(const cc_ui_watcher *w, char *buf, size_t size)
{
	const cc_match_view *v = &w->screen.view;
	const cc_match_settings *s = cc_match_settings_of(w->screen.match);
	char block[32], a[32], b[32], mover[CC_NAME_MAX + 64];
	cc_time_format_ms(v->block_ms_left, block, sizeof block);
	cc_ui_decimal(block);
	snprintf(mover, sizeof mover, _("%s (%s) to move"), cc_ui_side_label(v->to_move),
	         v->to_move == CC_SIDE_WHITE ? s->white : s->black);
	if (!v->block_started) {
		snprintf(buf, size, _("Block %d ready, not started"), v->block);
	} else if (v->has_chess_clocks) {
		cc_time_format_ms(v->clock_ms[CC_SIDE_WHITE], a, sizeof a);
		cc_time_format_ms(v->clock_ms[CC_SIDE_BLACK], b, sizeof b);
		cc_ui_decimal(a);
		cc_ui_decimal(b);
		snprintf(buf, size, _("Block %d, %s left; clocks White %s, Black %s; %s; moves %d / %d - %d / %d"), v->block,
		         block, a, b, mover, v->moves[CC_SIDE_WHITE], v->quota, v->moves[CC_SIDE_BLACK], v->quota);
	} else {
		cc_ui_format_seconds(v->move_ms_left, a, sizeof a);
		cc_ui_decimal(a);
		snprintf(buf, size, _("Block %d, %s left; move clock %s; %s; moves %d / %d - %d / %d"), v->block, block, a,
		         mover, v->moves[CC_SIDE_WHITE], v->quota, v->moves[CC_SIDE_BLACK], v->quota);
	}
}

/* The cube phase: the cube and the times entered so far. */
static void cube_text(const cc_match_view *v, char *buf, size_t size)
{
	char t[2][32];
	for (int side = 0; side < 2; side++) {
		if (v->cube_cs[side] == CC_CUBE_NONE)
			snprintf(t[side], sizeof t[side], "%s", _("solving"));
		else
			cc_ui_solve_text(v->cube_cs[side], t[side], sizeof t[side]);
	}
	snprintf(buf, size, _("Cube phase after block %d, cube %d: White %s, Black %s"), v->block, v->cube_number, t[0],
	         t[1]);
}

/* One board: "R1 B2  Bruno - Chloé: ..." with its state or result. */
static void board_text(const director *d, size_t i, char *buf, size_t size)
{
	const cc_session_pairing *p = &d->pairings[i];
	const cc_ui_watcher *w = &d->boards[i];
	char state[512] = "";
	if (p->bye) {
		snprintf(buf, size, _("R%u B%u  %s: bye"), p->round, p->board, p->white);
		return;
	}
	if (!p->match_id || !w->screen.match) {
		snprintf(state, sizeof state, "%s", _("not started"));
	} else if (w->screen.view.over) {
		char said[384];
		cc_session_describe_result(&w->screen.view, cc_match_settings_of(w->screen.match), said, sizeof said);
		snprintf(state, sizeof state, "%s  %s", cc_session_result_code(true, w->screen.view.winner), said);
	} else {
		switch (w->screen.view.phase) {
		case CC_PHASE_SETUP:
		case CC_PHASE_BLOCK:
			block_text(w, state, sizeof state);
			break;
		case CC_PHASE_CUBE:
			cube_text(&w->screen.view, state, sizeof state);
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
		snprintf(buf, size, _("R%u B%u  %s - %s: %s (match %lld)"), p->round, p->board, p->white, p->black, state,
		         (long long)p->match_id);
	else
		snprintf(buf, size, _("R%u B%u  %s - %s: %s"), p->round, p->board, p->white, p->black, state);
}

/* In play first (the newest round first), then finished ones, newest
 * round first, then the pairings not started of the rounds under way. */
static int board_rank(const director *d, size_t i)
{
	const cc_session_pairing *p = &d->pairings[i];
	if (p->match_id && !p->over)
		return 0;
	if (p->match_id)
		return 1;
	for (size_t k = 0; k < d->count; k++)
		if (d->pairings[k].round == p->round && d->pairings[k].match_id)
			return 2;
	return 3; /* a round not begun: not shown */
}

/* The order the boards are shown in: the pairings come round by round,
 * board by board; the newest round goes first, its boards in order. */
static void board_order(const director *d, size_t *order)
{
	size_t n = 0;
	unsigned rounds = d->count ? d->pairings[d->count - 1].round : 0;
	for (unsigned r = rounds; r > 0; r--)
		for (size_t i = 0; i < d->count; i++)
			if (d->pairings[i].round == r)
				order[n++] = i;
}

/* The boards shown, in order (board_rank, then board_order) into out
 * (count entries); returns how many. The first nine are numbered: their
 * digit shows that board alone. */
static size_t shown_boards(const director *d, size_t *out)
{
	size_t n = 0, *order = calloc(d->count ? d->count : 1, sizeof *order);
	if (!order)
		return 0;
	board_order(d, order);
	for (int rank = 0; rank < 3; rank++)
		for (size_t k = 0; k < d->count; k++)
			if (board_rank(d, order[k]) == rank)
				out[n++] = order[k];
	free(order);
	return n;
}

/* ---- drawing ------------------------------------------------------------------ */

static void draw_title(const director *d)
{
	char left[CC_NAME_MAX + 64], right[64];
	snprintf(left, sizeof left, _("ChessCubing  Event %s  Director's view"), d->event.name);
	snprintf(right, sizeof right, "%s ", _("read only"));
	cc_ui_draw_title_text(left, right);
}

/* The standings' rows (a heading, the columns, one per player) from row y. */
static int standings_rows(const director *d)
{
	return 2 + (int)d->players;
}

static void draw_standings(const director *d, int y)
{
	/* The name column takes what the numbers leave; a longer name wraps. */
	int name_w = COLS - 2 - 38 < 24 ? COLS - 2 - 38 : 24;
	char line[160], points[16], de[16], sb[16];
	cc_ui_put(y++, 1, COLS - 2, CC_UI_ROLE_TITLE, _(" Standings "));
	snprintf(line, sizeof line, "%4s  %-*s %6s %6s %4s %6s %5s", _("RANK"), name_w, _("NAME"), _("POINTS"), _("DE"),
	         _("WINS"), _("SB"), _("GAMES"));
	cc_ui_put(y++, 1, COLS - 2, CC_UI_ROLE_DIM, line);
	for (unsigned i = 0; i < d->players && y < LINES - 1; i++) {
		const cc_club_standing *s = &d->standings[i].st;
		/* Each number with the language's decimal separator. */
		snprintf(points, sizeof points, "%.1f", s->points);
		snprintf(de, sizeof de, "%.1f", s->direct);
		snprintf(sb, sizeof sb, "%.2f", s->sb);
		cc_ui_decimal(points);
		cc_ui_decimal(de);
		cc_ui_decimal(sb);
		snprintf(line, sizeof line, "%4u  %*s %6s %6s %4u %6s %5u", s->rank, name_w, "", points,
		         s->direct_used ? de : "-", s->wins, sb, s->played);
		cc_ui_put(y, 1, COLS - 2, CC_UI_ROLE_NORMAL, line);
		y += cc_ui_put_wrapped(y, 7, name_w, 2, CC_UI_ROLE_NORMAL, d->standings[i].name);
	}
}

/* The board of match d->zoom, or -1 when none is shown alone. */
static int zoomed(const director *d)
{
	for (size_t i = 0; d->zoom && i < d->count; i++)
		if (d->pairings[i].match_id == d->zoom && d->boards[i].screen.match)
			return (int)i;
	return -1;
}

/* Board i alone, drawn as `watch` draws its match. */
static void draw_zoomed(const director *d, size_t i)
{
	char status[CC_NAME_MAX + 160];
	const cc_ui_watcher *w = &d->boards[i];
	/* One row at the minimum size, as watch's own: the message row above stays free. */
	snprintf(status, sizeof status, _("R%u B%u, match %lld   Esc: all boards   %sq: quit"), d->pairings[i].round,
	         d->pairings[i].board, (long long)w->match_id, w->screen.view.has_board ? _("v: board   ") : "");
	cc_ui_watcher_draw(w, status);
}

static void director_draw(const director *d)
{
	char line[1024];
	if (zoomed(d) >= 0) {
		draw_zoomed(d, (size_t)zoomed(d));
		return;
	}
	erase();
	if (cc_ui_term_too_small()) {
		cc_ui_term_draw_too_small();
		return;
	}
	draw_title(d);
	snprintf(line, sizeof line, _("Watching event %s (read only)   1-9: one board   q: quit"), d->event.name);
	int bottom = cc_ui_draw_keys(line);
	if (d->message[0])
		bottom -= cc_ui_put_wrapped(bottom, 1, COLS - 2, 2, CC_UI_ROLE_ALERT, d->message);
	int y = 2;
	snprintf(line, sizeof line, _("%u players, %u rounds; %zu of %zu games finished"),
	         d->event.players, d->event.rounds, d->event.finished, d->event.pairings);
	y += cc_ui_put_wrapped(y, 1, COLS - 2, 2, CC_UI_ROLE_NORMAL, line) + 1;
	int last_board_row = bottom - standings_rows(d) - 1;
	size_t hidden = 0, *shown = calloc(d->count ? d->count : 1, sizeof *shown);
	size_t n = shown ? shown_boards(d, shown) : 0;
	cc_ui_put(y++, 1, COLS - 2, CC_UI_ROLE_TITLE, _(" Boards "));
	for (size_t k = 0; k < n; k++) {
		char text[sizeof line - 8];
		size_t i = shown[k];
		board_text(d, i, text, sizeof text);
		if (k < 9 && d->pairings[i].match_id)
			snprintf(line, sizeof line, "%zu  %s", k + 1, text);
		else
			snprintf(line, sizeof line, "   %s", text);
		int rows = cc_ui_wrapped_rows(COLS - 4, line);
		/* Keep a row for the count of what does not fit. */
		if (y + rows > last_board_row - 1) {
			hidden++;
			continue;
		}
		bool in_play = d->pairings[i].match_id && !d->pairings[i].over;
		y += cc_ui_put_wrapped(y, 2, COLS - 4, rows, in_play ? CC_UI_ROLE_TO_MOVE : CC_UI_ROLE_NORMAL, line);
	}
	free(shown);
	if (hidden) {
		snprintf(line, sizeof line, _("%zu more boards: chesscubing event show \"%s\""), hidden, d->event.name);
		y += cc_ui_put_wrapped(y, 2, COLS - 4, 1, CC_UI_ROLE_DIM, line);
	}
	draw_standings(d, y + 1);
}

/* ---- the loop ---------------------------------------------------------------- */

static void director_frame(void *self)
{
	director *d = self;
	int64_t mono = cc_ui_monotonic_ms();
	if (mono >= d->next_poll_ms - POLL_MS / 2)
		director_poll(d, mono);
	for (size_t i = 0; i < d->count; i++) {
		cc_ui_watcher *w = &d->boards[i];
		if (!w->screen.match)
			continue;
		w->screen.now_ms = cc_ui_watcher_now(w, mono);
		cc_match_view_at(w->screen.match, w->screen.now_ms, &w->screen.view);
	}
	director_draw(d);
}

/* The next poll, or sooner when a board's clock shows a change. */
static int director_timeout(void *self)
{
	const director *d = self;
	int64_t wait = d->next_poll_ms - cc_ui_monotonic_ms();
	for (size_t i = 0; i < d->count; i++) {
		int64_t change = d->boards[i].screen.match ? cc_ui_console_next_change_ms(&d->boards[i].screen) : -1;
		if (change >= 0 && change < wait)
			wait = change;
	}
	return wait < 0 ? 0 : (int)wait;
}

/* q quits; a board's digit shows it alone, Esc (or 0) every board again;
 * v shows the board of a match in moves recording. Nothing writes. */
static void director_key(void *self, int k)
{
	director *d = self;
	cc_ui_watcher *alone = zoomed(d) >= 0 ? &d->boards[zoomed(d)] : NULL;
	if (k == 'q' || k == 'Q') {
		d->quit = true;
	} else if (alone && (k == 27 || k == '0' || k == KEY_BACKSPACE || k == 127)) {
		d->zoom = 0;
	} else if (alone && (k == 'v' || k == 'V')) {
		alone->screen.board = !alone->screen.board && alone->screen.view.has_board;
	} else if (k >= '1' && k <= '9') {
		size_t *shown = calloc(d->count ? d->count : 1, sizeof *shown);
		size_t n = shown ? shown_boards(d, shown) : 0, want = (size_t)(k - '1');
		if (want < n && d->pairings[shown[want]].match_id)
			d->zoom = d->pairings[shown[want]].match_id;
		free(shown);
	}
}

static bool director_done(void *self)
{
	return ((director *)self)->quit;
}

int cc_ui_watch_event(const char *db, const char *event)
{
	director d;
	cc_error err = {0};
	memset(&d, 0, sizeof d);
	d.name = event;
	cc_err rc = cc_session_db_open(&d.db, db, CC_SESSION_DB_READ, NULL, &err);
	if (rc == CC_OK)
		rc = cc_session_db_version(d.db, &d.data_version, &err);
	if (rc == CC_OK)
		rc = director_read(&d, cc_ui_monotonic_ms(), &err);
	if (rc == CC_OK && cc_ui_term_start(&err) != CC_OK) {
		cc_ui_term_stop();
		rc = CC_ERR_INVALID;
	}
	if (rc) {
		fprintf(stderr, "chesscubing watch: %s\n", err.message);
		director_free_boards(&d);
		cc_session_db_close(d.db);
		return 1;
	}
	d.next_poll_ms = cc_ui_monotonic_ms() + POLL_MS;
	const cc_ui_loop loop = {&d, director_frame, director_timeout, NULL, director_key, director_done};
	int status = cc_ui_loop_run(&loop);
	director_free_boards(&d);
	cc_session_db_close(d.db);
	return status;
}
