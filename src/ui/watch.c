/*
 * watch.c: the spectator screen (`chesscubing watch`), for a projector or a
 * second terminal. It follows a match from the database while the
 * arbiter's console records it, and never writes (the store is opened
 * CC_SESSION_DB_READ; rule RE-1.4).
 *
 * Following. The kernel tells the watcher when the record is written
 * (the session's news of the record, session_news.h); it then asks the
 * record for its data version, which changes whenever another connection
 * commits, soon after the first write and again after the last (WOKEN_*_MS:
 * the last write of a commit comes before the commit is visible). Besides, every
 * POLL_WOKEN_MS it asks anyway (a network filesystem tells nothing; a
 * console's hold can go without a write). Without inotify it asks every
 * POLL_MS, as before. On news it brings the match it shows up to the
 * record through the session (cc_session_read_more: the events the
 * commit added read, checked and applied, and the log told on by them),
 * so a commit costs what it added, not the whole match (issue 37); another
 * match is read whole (cc_session_read). Without a match number it shows
 * the newest match and moves on to a newer one when the console creates it.
 *
 * Drawing. A frame is drawn only when something shown changed: news from
 * the record, a console come or gone, a key, a new size, or the next
 * value a running clock shows (cc_ui_console_next_change_ms: once a
 * second, ten times in a clock's last five seconds, RU-41). A frozen clock (no console, paused, between blocks, over) asks
 * for no frame at all: the watcher then wakes only for its polls.
 *
 * Time. The watcher does not share the console's clock: the core times in
 * the record are the console's monotonic milliseconds. So the watcher
 * anchors on observation: when it sees a new last event (core time T) at
 * its own monotonic time M, it takes the console's "now" to be
 * T + (monotonic now - M), and draws cc_match_view_at() at that time. A
 * running clock is therefore shown late by at most the poll interval plus
 * the time the console took to commit, and is corrected at every event.
 * This assumes the console runs at real speed: a console started with
 * --speed N runs N times faster than the watcher shows between two events.
 * The record also keeps when each event was committed (store schema 3), so
 * a watcher started after the last event adds the time since then
 * (cc_session_last_event_age); older records are taken as "just now".
 *
 * A console that stopped (a crash, a closed terminal) leaves its match
 * unheld (cc_session_db_in_use): the watcher then shows the clocks
 * stopped at the last event, as the console will bring them back (RU-18),
 * and says so.
 *
 * Drawing reuses the console's screens through a read-only cc_ui_console
 * marked spectator (no arbiter keys or hints); the board of moves
 * recording goes under the block screen when the terminal has the rows,
 * and over it on v otherwise.
 */
#include "chesscubing/ui.h"
#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "ui_console.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_loop.h"
#include "ui_screens.h"
#include "ui_stackmat.h"
#include "ui_term.h"
#include "ui_watch.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "chesscubing/session_describe.h"
#include "chesscubing/session_timers.h"

/* How often the database is asked for news while a clock runs: as often as
 * when none does, and as the director's view. Every 0.1 s was ten
 * wake-ups a second (0.4 % of a CPU here) where the clocks, in whole
 * seconds (RU-41), ask for one frame a second; a move shows within a
 * quarter of a second. While a clock shows tenths the polls ride on its
 * frames. */
#define POLL_MS 250
#define POLL_FROZEN_MS 250 /* ... and while nothing shown moves */
/* With inotify the record is asked WOKEN_FIRST_MS after a write it tells
 * of (and after the writes that came meanwhile), WOKEN_LAST_MS after the
 * last (a commit slow to sync), and every POLL_WOKEN_MS anyway. */
#define POLL_WOKEN_MS CC_SESSION_NEWS_POLL_MS
#define WOKEN_FIRST_MS 25
#define WOKEN_LAST_MS 200
#define SERVE_POLL_MS 1000 /* how often serve's address is looked for */

typedef cc_ui_watcher watcher; /* ui_watch.h: `watch --event` follows its boards with it */

/* The console's current time, as the watcher estimates it (see the top). */
int64_t cc_ui_watcher_now(const watcher *w, int64_t mono_ms)
{
	if (!w->console_running)
		return w->last_event_ms;
	return w->anchor_core_ms + (mono_ms - w->anchor_mono_ms);
}

static void set_notice(watcher *w, bool error, const char *text)
{
	snprintf(w->screen.message, sizeof w->screen.message, "%s", text);
	w->screen.message_error = error;
}

/* The session of match id as the record has it now: the one shown
 * brought up to the record (the events of a commit read and applied, not
 * the whole match again), or read whole (another match, or one that
 * cannot go on). *more: the one shown was brought up. */
static cc_err read_match(watcher *w, int64_t id, cc_session **out, bool *more, cc_error *err)
{
	size_t added;
	*more = false;
	if (id == w->match_id && w->screen.session && cc_session_read_more(w->screen.session, &added, NULL) == CC_OK) {
		*out = w->screen.session;
		*more = true;
		return CC_OK;
	}
	return cc_session_read(out, w->db, id, err);
}

/* Reads match id back; keeps the anchor unless the match has new events.
 * The wall clock is read once, as of mono_ms: two reads of a clock that
 * moved between them would shift the anchor by the move. */
cc_err cc_ui_watcher_load(watcher *w, int64_t id, int64_t mono_ms, cc_error *err)
{
	cc_session *session = NULL;
	bool more;
	cc_err rc = read_match(w, id, &session, &more, err);
	if (rc)
		return rc;
	const cc_match *m = cc_session_match(session);
	size_t events = cc_match_event_count(m);
	bool news = id != w->match_id || events != w->events || !w->screen.match;
	int64_t age = 0, now_wall = cc_ui_wall_at_ms(mono_ms);
	if (news) {
		w->last_event_ms = cc_match_last_time(m);
		bool has_age = cc_session_last_event_age(session, &age) && age >= 0;
		if (!has_age)
			age = 0;
		/* Issue 21: counted from the last event's stamp, as the console
		 * counts (a SAN is committed after its clock key's stamp); by the
		 * run's least offset (issue 34: a solve stamped at the timer's stop
		 * and counted seconds later leaves the console's time where it was). */
		int64_t stamp_wall;
		if (cc_session_run_wall_at(session, w->last_event_ms, &stamp_wall) && stamp_wall <= now_wall)
			w->anchor_core_ms = w->last_event_ms + (now_wall - stamp_wall);
		else
			w->anchor_core_ms = w->last_event_ms + age;
		w->anchor_mono_ms = mono_ms;
		w->last_event_wall_ms = has_age ? now_wall - age : 0;
	}
	if (more)
		w->screen.view_valid = false; /* the same session, grown */
	else
		cc_ui_console_show(&w->screen, session);
	/* The spectator's log: the record told by the renderer, as the
	 * arbiter's console logged it (a Chess-Uno game's draws, moves and
	 * placements; a game's moves; what time alone changed), told on with
	 * a commit's events; told again whole for another match or a
	 * Chess-Uno game (an undo takes its step out of it). */
	if (news && !(more && cc_ui_console_log_more(&w->screen, now_wall - age)))
		cc_ui_console_fill_log_following(&w->screen, now_wall - age);
	w->match_id = id;
	w->events = events;
	w->dirty = true;
	return CC_OK;
}

/* A game (a chess game, Chess-Uno) is not called a match; a game where no
 * time runs (Chess-Uno) has no clocks to stop. */
static unsigned traits_of(const cc_match *m)
{
	return m ? cc_game_class_of_match(m)->traits : 0;
}

static const char *notice_text(const cc_match *m)
{
	unsigned traits = traits_of(m);
	if (!(traits & CC_GAME_SINGLE))
		return _("No console is running this match: clocks stopped at its last event.");
	if (traits & CC_GAME_TIMED)
		return _("No console is running this game: clocks stopped at its last event.");
	return _("No console is running this game.");
}

/* The notice, and when the last event was committed ("Last event at
 * 21:04:12."), so the audience knows how old the stopped clocks are. */
static void set_console_notice(watcher *w)
{
	char line[sizeof w->screen.message], when[16] = "";
	time_t secs = (time_t)(w->last_event_wall_ms / 1000);
	struct tm tm;
	if (w->last_event_wall_ms > 0 && localtime_r(&secs, &tm))
		strftime(when, sizeof when, "%H:%M:%S", &tm);
	if (!when[0]) {
		set_notice(w, false, notice_text(w->screen.match));
		return;
	}
	char last[256]; /* "Last event at 21:04:12." in any script */
	snprintf(last, sizeof last, _("Last event at %s."), when);
	snprintf(line, sizeof line, "%s %s", notice_text(w->screen.match), last);
	set_notice(w, false, line);
}

/* Is a console running the match? When none is, its clocks are stopped at
 * the last event (RU-18) and the screen says so. */
void cc_ui_watcher_poll_console(watcher *w)
{
	bool running = true;
	if (w->screen.match && cc_session_db_in_use(w->db, w->match_id, &running, NULL) != CC_OK)
		running = true;
	if (running == w->console_running)
		return;
	w->console_running = running;
	w->dirty = true;
	/* A finished match has no clocks to stop: nothing to say then. */
	cc_match_view last;
	if (w->screen.match)
		cc_match_view_at(w->screen.match, cc_match_last_time(w->screen.match), &last);
	if (!running && !(w->screen.match && last.over))
		set_console_notice(w);
	else if (!w->screen.message_error)
		w->screen.message[0] = '\0';
}

/* Asks the database for news; a failed read keeps the last state shown. */
static void poll_store(watcher *w, int64_t mono_ms)
{
	cc_error err = {0};
	int64_t version, id = w->match_id;
	char line[sizeof w->screen.message];
	cc_clock_test_polled();
	cc_err rc = cc_session_db_version(w->db, &version, &err);
	w->next_poll_ms = mono_ms + cc_ui_watcher_poll_ms(w);
	cc_ui_watcher_poll_console(w);
	if (rc == CC_OK && version == w->data_version && !w->screen.message_error)
		return;
	if (rc == CC_OK && w->follow_latest)
		rc = cc_session_db_latest(w->db, false, &id, &err);
	if (rc == CC_OK)
		rc = cc_ui_watcher_load(w, id, mono_ms, &err);
	if (rc) {
		char why[CC_SESSION_REFUSAL_MAX];
		cc_session_describe_refusal(cc_ui_lang(), &err, why, sizeof why);
		snprintf(line, sizeof line, _("Cannot read the database (%s); showing the last state read."), why);
		w->dirty = w->dirty || strcmp(line, w->screen.message) != 0;
		set_notice(w, true, line);
		return;
	}
	w->data_version = version;
	w->screen.message[0] = '\0';
	w->screen.message_error = false;
	w->console_running = true; /* then asked again, for the match now shown */
	cc_ui_watcher_poll_console(w);
	w->next_poll_ms = mono_ms + cc_ui_watcher_poll_ms(w);
}

int64_t cc_ui_watcher_next_change_ms(const watcher *w)
{
	if (!w->screen.match || !w->console_running)
		return -1; /* the clocks stand at the last event: nothing moves by itself */
	return cc_ui_console_next_change_ms(&w->screen);
}

int cc_ui_watcher_poll_ms(const watcher *w)
{
	if (w->poll_ms > 0)
		return w->poll_ms;
	return cc_ui_watcher_next_change_ms(w) >= 0 ? POLL_MS : POLL_FROZEN_MS;
}

/* The bottom line: what is shown, and the watcher's own keys. */
static void status_text(const watcher *w, char *line, size_t size)
{
	bool game = traits_of(w->screen.match) & CC_GAME_SINGLE;
	long long id = (long long)w->match_id;
	if (w->screen.view.has_board)
		snprintf(line, size,
		         game ? _("Watching game %lld (read only)   v: board   s: scoresheet   q: quit")
		              : _("Watching match %lld (read only)   v: board   s: scoresheet   q: quit"),
		         id);
	else
		snprintf(line, size,
		         game ? _("Watching game %lld (read only)   q: quit") : _("Watching match %lld (read only)   q: quit"),
		         id);
}

/* The audience page's address while `serve` runs: its QR code at the right
 * under the phase when it fits beside the centred board's columns and
 * above the bottom lines, with the address under it; else nothing here
 * (the bottom line says the address). True when the code is drawn. */
static bool serve_fits(const watcher *w, int free_row)
{
	const cc_ui_qr *q = &w->screen.serve_qr;
	return q->modules && cc_ui_qr_cols(q) + 1 <= (COLS - CC_UI_BOARD_COLS) / 2 &&
	       free_row + cc_ui_qr_rows(q) + 1 <= LINES - 4 && (int)strlen(q->text) < COLS;
}

static void draw_serve(const watcher *w, int free_row)
{
	const cc_ui_qr *q = &w->screen.serve_qr;
	int col = COLS - cc_ui_qr_cols(q) - 1, rows = cc_ui_qr_rows(q);
	cc_ui_qr_draw(q, free_row, col);
	int text_col = COLS - 1 - (int)strlen(q->text);
	mvaddstr(free_row + rows, text_col < col ? text_col : col, q->text);
}

void cc_ui_watcher_draw(watcher *w, const char *status)
{
	const cc_ui_console *s = &w->screen;
	int free_row = LINES;
	cc_clock_test_drawn();
	erase();
	if (cc_ui_term_too_small()) {
		cc_ui_term_draw_too_small();
		return;
	}
	/* The status's rows (with the page's address, the longer) are kept
	 * at the bottom by every screen: the notice above it is read whole. */
	char keys[512];
	if (w->screen.serve_qr.text[0])
		snprintf(keys, sizeof keys, "%s   %s", status, w->screen.serve_qr.text);
	else
		snprintf(keys, sizeof keys, "%s", status);
	w->screen.status_rows = cc_ui_keys_rows(keys);
	int message_bottom = LINES - 1 - w->screen.status_rows;
	free_row = cc_ui_draw_phase(s);
	/* Under the block screen when it fits above the message's rows. */
	int above = cc_ui_draw_announce(s, cc_ui_draw_message(s, message_bottom)) - 1;
	bool under = s->view.has_board && !s->board && free_row + CC_UI_BOARD_ROWS <= above + 1;
	bool qr = !under && !(s->view.has_board && s->board) && serve_fits(w, free_row);
	if (qr)
		snprintf(keys, sizeof keys, "%s", status);
	bool block = !cc_ui_screens_of(cc_match_settings_of(s->match)->format)->play_draw &&
	             (s->view.phase == CC_PHASE_BLOCK || s->view.phase == CC_PHASE_SETUP);
	if (block) {
		/* The block screen leaves its log to the watcher: under the
		 * board, when the board goes under it (the Chess-Uno screen
		 * draws its own). */
		int bottom = above;
		int top = under ? free_row + CC_UI_BOARD_ROWS : free_row;
		cc_ui_draw_log_tail(s, top + 1, bottom + 1);
	}
	if (under)
		cc_ui_board_draw_at(&s->view, free_row, (COLS - CC_UI_BOARD_COLS) / 2, false);
	else if (s->view.has_board && s->board)
		cc_ui_board_draw(s);
	else if (qr)
		draw_serve(w, free_row);
	/* The status last: whatever the rows above hold, it is read whole. */
	cc_ui_draw_keys(keys);
	if (s->log_open)
		cc_ui_log_draw(s);
}

/* Is the next frame to be drawn? When news came, or the size or a shown
 * clock changed; the view is then brought to now. */
bool cc_ui_watcher_due(watcher *w, int64_t mono_ms)
{
	if (LINES != w->drawn_lines || COLS != w->drawn_cols)
		w->dirty = true;
	if (!w->dirty && (w->next_draw_ms < 0 || mono_ms < w->next_draw_ms))
		return false;
	w->screen.now_ms = cc_ui_watcher_now(w, mono_ms);
	cc_match_view_at(w->screen.match, w->screen.now_ms, &w->screen.view);
	return true;
}

/* After a frame: what it showed, and when a clock shown next changes. */
void cc_ui_watcher_drawn(watcher *w, int64_t mono_ms)
{
	int64_t change = cc_ui_watcher_next_change_ms(w);
	w->dirty = false;
	w->drawn_lines = LINES;
	w->drawn_cols = COLS;
	w->next_draw_ms = change < 0 ? -1 : mono_ms + change;
	/* A clock started since the poll: the polls ride on its frames. */
	int every = cc_ui_watcher_poll_ms(w);
	if (change >= 0 && w->next_poll_ms > mono_ms + every)
		w->next_poll_ms = mono_ms + every;
}

/* The audience page's address while `serve` runs, looked for once a
 * second; a new one is news. */
static void poll_serve(watcher *w, int64_t mono)
{
	if (mono < w->screen.next_serve_ms)
		return;
	char url[CC_SESSION_SERVE_URL_MAX];
	cc_session_serve_url(w->db, url, sizeof url);
	if (strcmp(url, w->screen.serve_qr.text) != 0)
		w->dirty = true;
	cc_ui_qr_set(&w->screen.serve_qr, url);
	w->screen.next_serve_ms = mono + SERVE_POLL_MS;
}

/* `watch` of one match: the watcher, and the kernel's news of the record. */
typedef struct {
	watcher w;
	cc_session_news *news;
} single;

/* One turn of the loop: the news (told by the kernel, or when a poll is
 * due) and the picture, when something shown changed. */
static void watch_frame(void *self)
{
	single *o = self;
	watcher *w = &o->w;
	int64_t mono = cc_ui_monotonic_ms();
	bool poll = cc_session_news_due(o->news, mono);
	/* Awake anyway for a clock's change: poll now if half due, so one
	 * wake-up serves both. */
	if (poll || mono >= w->next_poll_ms - cc_ui_watcher_poll_ms(w) / 2)
		poll_store(w, mono);
	poll_serve(w, mono);
	/* The players' timers as the console publishes them (SM-6): while
	 * shown, each frame draws their news and tenths. */
	bool timers_were_on = cc_ui_stackmat_on(&w->screen);
	cc_ui_stackmat_follow(&w->screen, w->db, w->match_id, mono);
	if (timers_were_on || cc_ui_stackmat_on(&w->screen))
		w->dirty = true;
	if (!cc_ui_watcher_due(w, mono))
		return;
	char status[160];
	status_text(w, status, sizeof status);
	cc_ui_watcher_draw(w, status);
	cc_ui_watcher_drawn(w, mono);
}

/* Milliseconds to wait: the next poll (the serve address is looked for
 * on its wake-ups), or sooner if a shown clock changes. */
static int watch_timeout(void *self)
{
	const single *o = self;
	const watcher *w = &o->w;
	int64_t mono = cc_ui_monotonic_ms();
	int64_t wait = w->next_poll_ms - mono;
	wait = cc_session_news_wait(o->news, mono, wait);
	if (w->next_draw_ms >= 0 && w->next_draw_ms - mono < wait)
		wait = w->next_draw_ms - mono;
	/* A timer the console publishes: its tenths, and its news. */
	if (cc_ui_stackmat_on(&w->screen) && wait > CC_SESSION_TIMERS_MIN_MS)
		wait = CC_SESSION_TIMERS_MIN_MS;
	return wait < 0 ? 0 : (int)wait;
}

/* The watcher's keys: q quits, v shows or hides the board; nothing writes. */
static void watch_key(void *self, int k)
{
	watcher *w = &((single *)self)->w;
	w->dirty = true;
	/* The scoresheet (s) scrolls like the console's; any other key closes it. */
	if (w->screen.log_open) {
		cc_ui_log_key(&w->screen, k);
		return;
	}
	switch (k) {
	case 'q':
	case 'Q':
		w->screen.quit = true;
		break;
	case 's':
	case 'S':
		w->screen.log_open = w->screen.log_sheet = cc_match_ply_count(w->screen.match) > 0;
		w->screen.log_scroll = 0;
		break;
	case 'v':
	case 'V':
		w->screen.board = !w->screen.board && w->screen.view.has_board;
		break;
	case '>': /* a long notice's next page (screens.c) */
		cc_ui_message_turn(&w->screen);
		break;
	default:
		break;
	}
}

static bool watch_done(void *self)
{
	return ((single *)self)->w.screen.quit;
}

static int watch_wake_fd(void *self)
{
	return cc_session_news_fd(((single *)self)->news);
}

int cc_ui_watch(const cc_ui_watch_options *options)
{
	static single one; /* its paths are large for the stack */
	cc_error err = {0};
	int64_t id = options->match_id;
	if (options->event)
		return cc_ui_watch_event(options->db, options->event);
	memset(&one, 0, sizeof one);
	watcher *w = &one.w;
	w->screen.spectator = true;
	w->follow_latest = id == 0;
	cc_err rc = cc_session_db_open(&w->db, options->db, CC_SESSION_DB_READ, NULL, &err);
	if (rc == CC_OK)
		rc = cc_session_db_version(w->db, &w->data_version, &err);
	if (rc == CC_OK && id == 0)
		rc = cc_session_db_latest(w->db, false, &id, &err);
	if (rc == CC_OK)
		rc = cc_ui_watcher_load(w, id, cc_ui_monotonic_ms(), &err);
	if (rc == CC_OK && cc_ui_term_start(&err) != CC_OK) {
		cc_ui_term_stop();
		rc = CC_ERR_INVALID;
	}
	if (rc) {
		char said[CC_SESSION_REFUSAL_MAX]; /* in the user's language, as the command line says it */
		cc_session_describe_refusal(cc_ui_lang(), &err, said, sizeof said);
		fprintf(stderr, _("chesscubing %s: %s\n"), "watch", said);
		cc_ui_console_fini(&w->screen);
		cc_session_db_close(w->db);
		return 1;
	}
	/* Told of the record's writes: asked every 2 s besides; else every 250 ms. */
	if (cc_session_news_create(&one.news, w->db, WOKEN_FIRST_MS, WOKEN_LAST_MS, NULL) == CC_OK &&
	    cc_session_news_told(one.news))
		w->poll_ms = POLL_WOKEN_MS;
	w->console_running = true; /* then asked, so the notice shows when none is */
	cc_ui_watcher_poll_console(w);
	w->next_poll_ms = cc_ui_monotonic_ms() + cc_ui_watcher_poll_ms(w);
	w->next_draw_ms = -1;
	const cc_ui_loop loop = {&one, watch_frame, watch_timeout, NULL, watch_key, watch_done, watch_wake_fd};
	int status = cc_ui_loop_run(&loop);
	cc_session_news_destroy(one.news);
	cc_ui_stackmat_close(&w->screen);
	cc_ui_console_fini(&w->screen);
	cc_session_db_close(w->db);
	return status;
}
