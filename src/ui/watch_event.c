/*
 * watch_event.c: `chesscubing watch --event NAME`, the director's view of a
 * club evening: every board of the event (its players, the phase and the
 * clocks a spectator of that board sees, or its result) and the standings
 * with their tie-break columns (CL-3.4, CL-3.5), read only.
 *
 * Each board is followed as `watch` follows one match (watch.c: a
 * cc_ui_watcher per board, its clocks anchored on its last event and run
 * on this process's clock while a console holds it). The record is asked
 * for its data version once for all boards, soon after the kernel tells
 * of a write (session_news.h) and every 2 s besides (every POLL_MS where it
 * cannot tell); when another
 * connection committed, the event, its pairings and its standings are
 * read again through the session, and the boards marked stale. Only the
 * boards on screen cost anything: they are read back when stale, asked
 * whether a console holds them, and brought to now. The loop is the
 * console's (cc_ui_loop_run).
 *
 * Time. The rows show the clocks in whole seconds (a board alone shows
 * its tenths, as `watch`): a frame is drawn when a shown clock changes
 * (at most once a second, one frame for every board on screen,
 * cc_time_next_shown_ms), when the record has news, on a key or a new
 * size; boards whose clocks stand (no console, paused, over) ask for
 * nothing. A board in a cube phase shows its players' Stackmat timers as
 * its console publishes them, running with tenths (SM-6, as `watch`):
 * then a frame every CC_SESSION_TIMERS_MIN_MS.
 *
 * Layout: the boards in play first (the newest round first), then the
 * rest, each in the same number of rows (one from 134 columns, two from
 * 70, else three), in pages that take the rows the standings leave
 * (they keep a third of the screen at least, or all they need); PgDn or
 * ] and PgUp or [ turn them, said on the screen when there are several.
 * The standings under them.
 */
#include "chesscubing/session.h"
#include "ui_console.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_loop.h"
#include "ui_stackmat.h"
#include "ui_term.h"
#include "ui_watch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session_describe.h"
#include "chesscubing/session_timers.h"

#define POLL_MS 250 /* how often the record is asked for news (the rows show seconds) */
#define ROW_STEP_MS 1000 /* the rows' clocks are shown in whole seconds */

typedef struct {
	cc_session_db *db;
	const char *name;
	int64_t data_version;
	int64_t reads;                /* successful reads of the event so far */
	int64_t next_poll_ms;
	cc_session_news *news;        /* the record's writes, told by the kernel (session_news.h) */
	int poll_every_ms;            /* POLL_MS; CC_SESSION_NEWS_POLL_MS when the kernel tells */
	cc_session_event event;
	cc_session_pairing *pairings; /* malloc'd, one board each */
	size_t count;
	cc_ui_watcher *boards;        /* one per pairing; match_id 0 until its match exists */
	int64_t *read_version;        /* per board: the read of the event it was read at (0: never) */
	size_t *order;                /* the boards shown, in order (cc_ui_watch_boards_shown); n_shown of them */
	size_t n_shown;
	size_t first;                 /* the page on screen: its first entry of order */
	size_t per_page;              /* boards a page holds at this size */
	int board_rows;               /* rows each board takes at this width */
	bool dirty;                   /* news, a key, a new size: the next frame draws */
	bool timers_on;               /* a board on screen shows its players' timers (SM-6) */
	int64_t next_draw_ms;         /* monotonic time a clock on screen next changes; -1: none */
	int drawn_lines, drawn_cols;
	cc_session_standing standings[CC_CLUB_PLAYERS_MAX];
	unsigned players;
	char message[256];            /* a failed read, said */
	int64_t zoom;                 /* the match shown alone, as `watch` shows it; 0: every board */
	bool quit;
	unsigned st_first;            /* the standings on screen: the index of their first row */
	unsigned st_shown;            /* how many the last frame showed (the page Up goes back by) */
} director;

static void director_free_boards(director *d)
{
	for (size_t i = 0; d->boards && i < d->count; i++) {
		cc_ui_stackmat_close(&d->boards[i].screen);
		cc_ui_console_fini(&d->boards[i].screen);
	}
	free(d->boards);
	free(d->pairings);
	free(d->read_version);
	free(d->order);
	d->boards = NULL;
	d->pairings = NULL;
	d->read_version = NULL;
	d->order = NULL;
	d->count = d->n_shown = 0;
}

/* The event, its pairings and standings read again; the boards' matches
 * are read when they are on screen (director_load). */
static cc_err director_read(director *d, cc_error *err)
{
	cc_session_pairing *pairings = NULL;
	size_t count = 0;
	cc_err rc = cc_session_club_event_standings(d->db, d->name, &d->event, &pairings, &count, d->standings,
	                                            &d->players, err);
	if (rc) {
		free(pairings);
		return rc;
	}
	count = cc_session_club_published(pairings, count); /* CL-10.6: a Swiss's published rounds */
	if (count != d->count) { /* the first read: one follower per pairing */
		director_free_boards(d);
		d->boards = calloc(count ? count : 1, sizeof *d->boards);
		d->read_version = calloc(count ? count : 1, sizeof *d->read_version);
		d->order = calloc(count ? count : 1, sizeof *d->order);
		if (!d->boards || !d->read_version || !d->order) {
			free(pairings);
			director_free_boards(d);
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
	d->n_shown = cc_ui_watch_boards_shown(d->pairings, d->count, d->order);
	d->reads++;
	d->dirty = true;
	return rc;
}

/* The board of entry k of the order is on screen (the page, or alone). */
static int zoomed(const director *d);
static bool on_screen(const director *d, size_t k)
{
	int alone = zoomed(d);
	if (alone >= 0)
		return d->order[k] == (size_t)alone;
	return k >= d->first && k < d->first + d->per_page;
}

/* The boards on screen read back when the record changed since, and
 * asked whether a console holds them. A failed read keeps the last state
 * and is said. */
static cc_err director_load(director *d, int64_t mono_ms, cc_error *err)
{
	for (size_t k = 0; k < d->n_shown; k++) {
		size_t i = d->order[k];
		cc_ui_watcher *w = &d->boards[i];
		if (!d->pairings[i].match_id || !on_screen(d, k))
			continue;
		if (d->read_version[i] != d->reads) {
			cc_err rc = cc_ui_watcher_load(w, d->pairings[i].match_id, mono_ms, err);
			if (rc)
				return rc;
			d->read_version[i] = d->reads;
			w->console_running = true; /* then asked, below */
		}
		cc_ui_watcher_poll_console(w);
		d->dirty = d->dirty || w->dirty;
		w->dirty = false;
	}
	return CC_OK;
}

static void say_failure(director *d, const cc_error *err)
{
	char why[CC_SESSION_REFUSAL_MAX];
	cc_session_describe_refusal(cc_ui_lang(), err, why, sizeof why);
	snprintf(d->message, sizeof d->message, _("Cannot read the database (%s); showing the last state read."), why);
	d->dirty = true;
}

/* One question to the record for every board: has anything changed? */
static void director_poll(director *d)
{
	cc_error err = {0};
	int64_t version;
	cc_err rc = cc_session_db_version(d->db, &version, &err);
	if (rc == CC_OK && version == d->data_version && !d->message[0])
		return;
	if (rc == CC_OK)
		rc = director_read(d, &err);
	if (rc) {
		say_failure(d, &err);
		return;
	}
	d->data_version = version;
	d->message[0] = '\0';
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

/* The rows player i of the standings takes (a long name wraps on two). */
static int standing_height(const director *d, unsigned i, int name_w)
{
	int rows = cc_ui_wrapped_rows(name_w, d->standings[i].name);
	return rows < 1 ? 1 : rows > 2 ? 2 : rows;
}

/*
 * The standings in pages (issue 22): from d->st_first, as many players as
 * the rows left hold; when some are not on screen, the last row says which
 * ranks are and the keys that turn the page (Down or >: the next ranks, Up
 * or <: the previous), never a silent cut.
 */
static void draw_standings(director *d, int y, int bottom)
{
	/* The name column takes what the numbers leave; a longer name wraps.
	 * CL-9.6: an event's own order, a column per code, its legend in the title. */
	bool classic = cc_session_club_tb_classic(&d->event);
	int numbers = classic ? 38 : 14 + 7 * (int)d->event.tiebreak_count;
	int name_w = COLS - 2 - numbers < 24 ? COLS - 2 - numbers : 24;
	char line[512], points[16], de[16], sb[16], tb[160], legend[512];
	cc_session_club_tb_legend(cc_ui_lang(), &d->event, legend, sizeof legend);
	snprintf(line, sizeof line, _(" Standings: %s "), legend);
	cc_ui_put(y++, 1, COLS - 2, CC_UI_ROLE_TITLE, classic ? _(" Standings ") : line);
	cc_session_club_tb_columns(cc_ui_lang(), &d->event, NULL, tb, sizeof tb);
	if (classic)
		snprintf(line, sizeof line, "%4s  %-*s %6s %6s %4s %6s %5s", _("RANK"), name_w, _("NAME"), _("POINTS"),
		         _("DE"), _("WINS"), _("SB"), _("GAMES"));
	else
		snprintf(line, sizeof line, "%4s  %-*s %6s%s %5s", _("RANK"), name_w, _("NAME"), _("POINTS"), tb, _("GAMES"));
	cc_ui_put(y++, 1, COLS - 2, CC_UI_ROLE_DIM, line);
	if (d->st_first >= d->players)
		d->st_first = 0;
	/* Do the rest fit? Otherwise the last row is the "more" line's. */
	int need = 0;
	for (unsigned i = d->st_first; i < d->players; i++)
		need += standing_height(d, i, name_w);
	bool paged = d->st_first > 0 || y + need - 1 > bottom;
	int last = paged ? bottom - 1 : bottom;
	unsigned i = d->st_first;
	for (; i < d->players && y + standing_height(d, i, name_w) - 1 <= last; i++) {
		const cc_club_standing *s = &d->standings[i].st;
		/* Each number with the language's decimal separator. */
		snprintf(points, sizeof points, "%.1f", s->points);
		snprintf(de, sizeof de, "%.1f", s->direct);
		snprintf(sb, sizeof sb, "%.2f", s->sb);
		cc_ui_decimal(points);
		cc_ui_decimal(de);
		cc_ui_decimal(sb);
		const char *gone = !s->withdrawn_from ? "" : s->cancelled ? _("withdrawn, not counted") : _("withdrawn");
		cc_session_club_tb_columns(cc_ui_lang(), &d->event, &d->standings[i], tb, sizeof tb);
		if (classic)
			snprintf(line, sizeof line, "%4u  %*s %6s %6s %4u %6s %5u  %s", s->rank, name_w, "", points,
			         s->direct_used ? de : "-", s->wins, sb, s->played, gone); /* CL-6.3 */
		else
			snprintf(line, sizeof line, "%4u  %*s %6s%s %5u  %s", s->rank, name_w, "", points, tb, s->played, gone);
		cc_ui_put(y, 1, COLS - 2, CC_UI_ROLE_NORMAL, line);
		y += cc_ui_put_wrapped(y, 7, name_w, 2, CC_UI_ROLE_NORMAL, d->standings[i].name);
	}
	d->st_shown = i - d->st_first;
	if (!paged || bottom < y)
		return;
	if (i < d->players)
		snprintf(line, sizeof line, _("Ranks %u-%u of %u, more below   Down >: next ranks   Up <: previous"),
		         d->st_first + 1, i, d->players);
	else
		snprintf(line, sizeof line, _("Ranks %u-%u of %u   Up <: previous ranks"), d->st_first + 1, i, d->players);
	cc_ui_put(bottom, 1, COLS - 2, CC_UI_ROLE_DIM, line);
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
	cc_ui_watcher *w = &d->boards[i];
	/* One row at the minimum size, as watch's own: the message row above stays free. */
	snprintf(status, sizeof status, _("R%u B%u, match %lld   Esc: all boards   %sq: quit"), d->pairings[i].round,
	         d->pairings[i].board, (long long)w->match_id, w->screen.view.has_board ? _("v: board   ") : "");
	cc_ui_watcher_draw(w, status);
}

/* The keys line: the page keys when there are pages. */
static void keys_text(const director *d, bool pages, char *line, size_t size)
{
	if (pages)
		snprintf(line, size,
		         _("Watching event %s (read only)   1-9: one board   PgDn ]: next page   PgUp [: previous   q: quit"),
		         d->event.name);
	else
		snprintf(line, size, _("Watching event %s (read only)   1-9: one board   q: quit"), d->event.name);
}

static void summary_text(const director *d, char *line, size_t size)
{
	char players[64], rounds[64], finished[96];
	snprintf(players, sizeof players, P_("%u player", "%u players", d->event.players), d->event.players);
	snprintf(rounds, sizeof rounds, P_("%u round", "%u rounds", d->event.rounds), d->event.rounds);
	snprintf(finished, sizeof finished, P_("%zu of %zu games finished", "%zu of %zu games finished", d->event.finished),
	         d->event.finished, d->event.pairings);
	snprintf(line, size, _("%s, %s; %s"), players, rounds, finished);
	size_t len = strlen(line);
	if (d->event.swiss && d->event.paired > d->event.published && len < size) /* CL-10.6: not counted */
		snprintf(line + len, size - len, _(" (round %u paired, not published)"), d->event.paired);
}

static int rows_of(int w, const char *text)
{
	int rows = cc_ui_wrapped_rows(w, text);
	return rows < 1 ? 1 : rows;
}

/* The rows left for the boards' rows (under their heading), keys as given. */
static int board_area(const director *d, bool pages)
{
	char line[1024];
	keys_text(d, pages, line, sizeof line);
	int bottom = LINES - 1 - rows_of(COLS - 2, line); /* the last free row */
	if (d->message[0])
		bottom -= rows_of(COLS - 2, d->message);
	summary_text(d, line, sizeof line);
	int top = 2 + rows_of(COLS - 2, line) + 1 + 1; /* the summary, a blank, the heading */
	int free_rows = bottom - top + 1;
	/* The standings keep a third of it, or all they need when less;
	 * one row between the two. */
	int keep = standings_rows(d);
	if (keep > free_rows / 3)
		keep = free_rows / 3 > 3 ? free_rows / 3 : 3;
	return free_rows - keep - 1;
}

/* The page at this size: each board's rows, how many a page holds, and the
 * page on screen kept whole (a page turned past the end comes back). */
static void director_layout(director *d)
{
	int width = COLS - 4;
	d->board_rows = width >= 134 ? 1 : width >= 70 ? 2 : 3;
	int area = board_area(d, false);
	if ((size_t)(area / d->board_rows) < d->n_shown)
		area = board_area(d, true) - 1; /* a row for "Boards 1-20 of 35" */
	d->per_page = area / d->board_rows > 0 ? (size_t)(area / d->board_rows) : 1;
	if (d->first >= d->n_shown)
		d->first = d->n_shown ? (d->n_shown - 1) / d->per_page * d->per_page : 0;
	d->first -= d->first % d->per_page;
}

static void draw_boards(const director *d, int y)
{
	char line[1024];
	bool pages = d->per_page < d->n_shown;
	size_t end = d->first + d->per_page < d->n_shown ? d->first + d->per_page : d->n_shown;
	cc_ui_put(y++, 1, COLS - 2, CC_UI_ROLE_TITLE, _(" Boards "));
	for (size_t k = d->first; k < end; k++) {
		char text[sizeof line - 8];
		size_t i = d->order[k];
		cc_ui_watch_board_text(&d->pairings[i], &d->boards[i], text, sizeof text);
		if (k - d->first < 9 && d->pairings[i].match_id)
			snprintf(line, sizeof line, "%zu  %s", k - d->first + 1, text);
		else
			snprintf(line, sizeof line, "   %s", text);
		bool in_play = d->pairings[i].match_id && !d->pairings[i].over;
		cc_ui_put_wrapped(y, 2, COLS - 4, d->board_rows, in_play ? CC_UI_ROLE_TO_MOVE : CC_UI_ROLE_NORMAL, line);
		y += d->board_rows;
	}
	if (pages) {
		snprintf(line, sizeof line, _("Boards %zu-%zu of %zu, page %zu of %zu"), d->first + 1, end, d->n_shown,
		         d->first / d->per_page + 1, (d->n_shown + d->per_page - 1) / d->per_page);
		cc_ui_put_wrapped(y, 2, COLS - 4, 1, CC_UI_ROLE_DIM, line);
	}
}

static void director_draw(director *d)
{
	char line[1024];
	cc_clock_test_drawn();
	erase();
	if (cc_ui_term_too_small()) {
		cc_ui_term_draw_too_small();
		return;
	}
	draw_title(d);
	keys_text(d, d->per_page < d->n_shown, line, sizeof line);
	int bottom = cc_ui_draw_keys(line);
	if (d->message[0])
		bottom -= cc_ui_put_wrapped(bottom, 1, COLS - 2, 2, CC_UI_ROLE_ALERT, d->message);
	int y = 2;
	summary_text(d, line, sizeof line);
	y += cc_ui_put_wrapped(y, 1, COLS - 2, 2, CC_UI_ROLE_NORMAL, line) + 1;
	draw_boards(d, y);
	size_t on_page = d->n_shown - d->first < d->per_page ? d->n_shown - d->first : d->per_page;
	y += 1 + (int)on_page * d->board_rows + (d->per_page < d->n_shown ? 1 : 0);
	draw_standings(d, y + 1, bottom); /* above the keys and the message */
}

/* ---- the loop ---------------------------------------------------------------- */

/* Real ms until a clock on screen shows another second; -1 when none
 * runs. The latest board's change: one frame a second serves them all. */
static int64_t rows_next_change(const director *d)
{
	int64_t next = -1;
	for (size_t k = 0; k < d->n_shown; k++) {
		const cc_ui_watcher *w = &d->boards[d->order[k]];
		int64_t shown[CC_UI_CLOCKS_SHOWN_MAX];
		if (!on_screen(d, k) || !w->screen.match || !w->console_running)
			continue;
		int64_t change = cc_time_next_shown_ms(shown, cc_ui_console_running_clocks(&w->screen, shown), ROW_STEP_MS);
		if (change > next)
			next = change;
	}
	return next;
}

/* The boards on screen brought to now. */
static void bring_to_now(director *d, int64_t mono)
{
	for (size_t k = 0; k < d->n_shown; k++) {
		cc_ui_watcher *w = &d->boards[d->order[k]];
		if (!on_screen(d, k) || !w->screen.match)
			continue;
		w->screen.now_ms = cc_ui_watcher_now(w, mono);
		cc_match_view_at(w->screen.match, w->screen.now_ms, &w->screen.view);
	}
}

/* The players' timers of the boards on screen as their consoles publish
 * them (cc_ui_stackmat_follow, as `watch`): while one is shown, a frame
 * is drawn every CC_SESSION_TIMERS_MIN_MS for its news and tenths. */
static void follow_timers(director *d, int64_t mono)
{
	bool on = false;
	for (size_t k = 0; k < d->n_shown; k++) {
		cc_ui_watcher *w = &d->boards[d->order[k]];
		if (!on_screen(d, k) || !w->screen.match)
			continue;
		bool was = cc_ui_stackmat_on(&w->screen);
		cc_ui_stackmat_follow(&w->screen, d->db, w->match_id, mono);
		bool shown = cc_ui_stackmat_on(&w->screen);
		w->dirty = w->dirty || was || shown;
		on = on || shown;
	}
	d->dirty = d->dirty || on != d->timers_on;
	d->timers_on = on;
}

static void director_frame(void *self)
{
	director *d = self;
	cc_error err = {0};
	int64_t mono = cc_ui_monotonic_ms();
	int alone = zoomed(d);
	bool poll = cc_session_news_due(d->news, mono) || mono >= d->next_poll_ms - d->poll_every_ms / 2;
	if (poll) {
		director_poll(d);
		d->next_poll_ms = mono + d->poll_every_ms;
	}
	if (LINES != d->drawn_lines || COLS != d->drawn_cols)
		d->dirty = true;
	if (d->dirty)
		director_layout(d);
	if ((poll || d->dirty) && director_load(d, mono, &err) != CC_OK)
		say_failure(d, &err);
	alone = zoomed(d);
	follow_timers(d, mono);
	if (alone >= 0) {
		cc_ui_watcher *w = &d->boards[alone];
		w->dirty = w->dirty || d->dirty;
		if (!cc_ui_watcher_due(w, mono))
			return;
		draw_zoomed(d, (size_t)alone);
		cc_ui_watcher_drawn(w, mono);
		d->next_draw_ms = w->next_draw_ms;
	} else {
		if (!d->dirty && (d->next_draw_ms < 0 || mono < d->next_draw_ms))
			return;
		bring_to_now(d, mono);
		director_draw(d);
		int64_t change = rows_next_change(d);
		if (d->timers_on && (change < 0 || change > CC_SESSION_TIMERS_MIN_MS))
			change = CC_SESSION_TIMERS_MIN_MS; /* the timers' tenths */
		d->next_draw_ms = change < 0 ? -1 : mono + change;
	}
	d->dirty = false;
	d->drawn_lines = LINES;
	d->drawn_cols = COLS;
}

/* The next poll, or sooner when a clock on screen shows a change. */
static int director_timeout(void *self)
{
	const director *d = self;
	int64_t mono = cc_ui_monotonic_ms();
	int64_t wait = cc_session_news_wait(d->news, mono, d->next_poll_ms - mono);
	if (d->next_draw_ms >= 0 && d->next_draw_ms - mono < wait)
		wait = d->next_draw_ms - mono;
	/* A timer a console publishes: its tenths, and its news. */
	if (d->timers_on && wait > CC_SESSION_TIMERS_MIN_MS)
		wait = CC_SESSION_TIMERS_MIN_MS;
	return wait < 0 ? 0 : (int)wait;
}

static int director_wake_fd(void *self)
{
	return cc_session_news_fd(((director *)self)->news);
}

/* q quits; a board's digit shows it alone, Esc (or 0) every board again;
 * v shows the board of a match in moves recording; PgDn or ] and PgUp or
 * [ turn the pages; Down or > and Up or < the standings'. Nothing writes. */
static void director_key(void *self, int k)
{
	director *d = self;
	cc_ui_watcher *alone = zoomed(d) >= 0 ? &d->boards[zoomed(d)] : NULL;
	d->dirty = true;
	if (k == 'q' || k == 'Q') {
		d->quit = true;
	} else if (alone && (k == 27 || k == '0' || k == KEY_BACKSPACE || k == 127)) {
		d->zoom = 0;
	} else if (alone && (k == 'v' || k == 'V')) {
		alone->screen.board = !alone->screen.board && alone->screen.view.has_board;
		alone->dirty = true;
	} else if (!alone && (k == KEY_NPAGE || k == ']')) {
		if (d->first + d->per_page < d->n_shown)
			d->first += d->per_page;
	} else if (!alone && (k == KEY_PPAGE || k == '[')) {
		d->first = d->first >= d->per_page ? d->first - d->per_page : 0;
	} else if (!alone && (k == KEY_DOWN || k == '>')) {
		/* the standings' next ranks, when some are below */
		if (d->st_first + d->st_shown < d->players && d->st_shown > 0)
			d->st_first += d->st_shown;
	} else if (!alone && (k == KEY_UP || k == '<')) {
		unsigned back = d->st_shown > 0 ? d->st_shown : 1;
		d->st_first = d->st_first >= back ? d->st_first - back : 0;
	} else if (!alone && k >= '1' && k <= '9') {
		size_t want = d->first + (size_t)(k - '1');
		if (want < d->n_shown && want < d->first + d->per_page && d->pairings[d->order[want]].match_id)
			d->zoom = d->pairings[d->order[want]].match_id;
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
		rc = director_read(&d, &err);
	if (rc == CC_OK && cc_ui_term_start(&err) != CC_OK) {
		cc_ui_term_stop();
		rc = CC_ERR_INVALID;
	}
	if (rc) {
		char said[CC_SESSION_REFUSAL_MAX]; /* in the user's language, as the command line says it */
		cc_session_describe_refusal(cc_ui_lang(), &err, said, sizeof said);
		fprintf(stderr, _("chesscubing %s: %s\n"), "watch", said);
		director_free_boards(&d);
		cc_session_db_close(d.db);
		return 1;
	}
	/* Told of the record's writes: asked every 2 s besides; else every 250 ms. */
	/* Many consoles may write the record: asked POLL_MS after a write told
	 * of, as often as before at most (and after those that came meanwhile). */
	(void)cc_session_news_create(&d.news, d.db, POLL_MS, -1, NULL);
	d.poll_every_ms = cc_session_news_poll_ms(d.news, POLL_MS);
	d.next_poll_ms = cc_ui_monotonic_ms() + d.poll_every_ms;
	d.next_draw_ms = -1;
	const cc_ui_loop loop = {&d, director_frame, director_timeout, NULL, director_key, director_done, director_wake_fd};
	int status = cc_ui_loop_run(&loop);
	cc_session_news_destroy(d.news);
	director_free_boards(&d);
	cc_session_db_close(d.db);
	return status;
}
