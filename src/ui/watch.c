/*
 * watch.c: the spectator screen (`chesscubing watch`), for a projector or a
 * second terminal. It follows a match from the database while the
 * arbiter's console records it, and never writes (the store is opened
 * CC_STORE_READ; rule RE-1.4).
 *
 * Following. Every POLL_MS the watcher asks the store for its data version,
 * which changes whenever another connection commits; then it reloads the
 * match by replaying its events (cc_store_load_match), which takes well
 * under a millisecond for a whole match. Without a match number it shows
 * the newest match and moves on to a newer one when the console creates it.
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
 * (cc_store_last_event_wall); older records are taken as "just now".
 *
 * A console that stopped (a crash, a closed terminal) leaves its match
 * unheld (cc_store_match_in_use): the watcher then shows the clocks
 * stopped at the last event, as the console will bring them back (RU-18),
 * and says so.
 *
 * Drawing reuses the console's screens through a read-only cc_ui_console
 * marked spectator (no arbiter keys or hints); the board of moves
 * recording goes under the block screen when the terminal has the rows,
 * and over it on v otherwise.
 */
#include "ui_internal.h"
#include "live.h"

#include <stdio.h>
#include <string.h>

#include "chesscubing/store.h"

#define POLL_MS 100 /* how often the database is asked for news */

typedef struct {
	cc_store *store;
	bool follow_latest;     /* no MATCH given: follow the newest match */
	int64_t match_id;
	int64_t data_version;
	size_t events;          /* event count of the match as last loaded */
	int64_t anchor_core_ms; /* time of its last event (console's clock) */
	int64_t anchor_mono_ms; /* the watcher's monotonic time when it saw that event */
	int64_t last_event_ms;  /* the match's last event time */
	bool console_running;   /* a console holds the match: its clocks run */
	int64_t next_poll_ms;   /* watcher's monotonic time of the next poll */
	cc_ui_console screen;   /* the view-model the screens draw from */
} watcher;

/* The console's current time, as the watcher estimates it (see the top). */
static int64_t core_now(const watcher *w, int64_t mono_ms)
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

/* Loads match id; keeps the anchor unless the match has new events. */
static cc_err load(watcher *w, int64_t id, int64_t mono_ms, cc_error *err)
{
	cc_match *m = NULL;
	cc_err rc = cc_store_load_match(w->store, id, &m, err);
	if (rc)
		return rc;
	size_t events = cc_match_event_count(m);
	if (id != w->match_id || events != w->events || !w->screen.match) {
		int64_t wall = 0, age = 0;
		w->last_event_ms = cc_match_last_time(m);
		if (cc_store_last_event_wall(w->store, id, &wall, NULL) == CC_OK)
			age = cc_app_wall_ms() - wall;
		if (age < 0)
			age = 0;
		w->anchor_core_ms = w->last_event_ms + age;
		w->anchor_mono_ms = mono_ms;
	}
	cc_match_destroy(w->screen.match);
	w->screen.match = m;
	w->match_id = id;
	w->events = events;
	/* The scramble sheet the console recorded, for the cube phase. */
	cc_store_match_info info;
	if (cc_store_match_info_of(w->store, id, &info, NULL) == CC_OK)
		snprintf(w->screen.sheet, sizeof w->screen.sheet, "%s", info.sheet);
	return CC_OK;
}

/* Is a console running the match? When none is, its clocks are stopped at
 * the last event (RU-18) and the screen says so. */
static void poll_console(watcher *w)
{
	bool running = true;
	if (w->screen.match && cc_store_match_in_use(w->store, w->match_id, &running, NULL) != CC_OK)
		running = true;
	if (running == w->console_running)
		return;
	w->console_running = running;
	if (!running)
		set_notice(w, false, _("No console is running this match: clocks stopped at its last event."));
	else if (!w->screen.message_error)
		w->screen.message[0] = '\0';
}

/* Asks the database for news; a failed read keeps the last state shown. */
static void poll_store(watcher *w, int64_t mono_ms)
{
	cc_error err = {CC_OK, ""};
	int64_t version, id = w->match_id;
	char line[sizeof w->screen.message];
	cc_err rc = cc_store_data_version(w->store, &version, &err);
	w->next_poll_ms = mono_ms + POLL_MS;
	poll_console(w);
	if (rc == CC_OK && version == w->data_version && !w->screen.message_error)
		return;
	if (rc == CC_OK && w->follow_latest)
		rc = cc_store_latest(w->store, &id, &err);
	if (rc == CC_OK)
		rc = load(w, id, mono_ms, &err);
	if (rc) {
		snprintf(line, sizeof line, _("Cannot read the database (%s); showing the last state read."),
		         err.message);
		set_notice(w, true, line);
		return;
	}
	w->data_version = version;
	w->screen.message[0] = '\0';
	w->screen.message_error = false;
	w->console_running = true; /* then asked again, for the match now shown */
	poll_console(w);
}

/* The bottom line: what is shown, and the watcher's own keys. */
static void draw_status(const watcher *w)
{
	char line[160];
	if (w->screen.view.has_board)
		snprintf(line, sizeof line, _("Watching match %lld (read only)   v: board   q: quit"),
		         (long long)w->match_id);
	else
		snprintf(line, sizeof line, _("Watching match %lld (read only)   q: quit"), (long long)w->match_id);
	cc_ui_draw_keys(line);
}

static void draw(const watcher *w)
{
	const cc_ui_console *s = &w->screen;
	int free_row = LINES;
	erase();
	if (cc_ui_term_too_small()) {
		cc_ui_term_draw_too_small();
		refresh();
		return;
	}
	switch (s->view.phase) {
	case CC_PHASE_SETUP:
	case CC_PHASE_BLOCK:
		free_row = cc_ui_block_draw(s);
		break;
	case CC_PHASE_CUBE:
		cc_ui_cube_draw(s);
		break;
	case CC_PHASE_OVER:
		cc_ui_end_draw(s);
		break;
	}
	draw_status(w);
	if (s->view.has_board) {
		/* Under the block screen when it fits above the message line. */
		if (s->board)
			cc_ui_board_draw(s);
		else if (free_row + CC_UI_BOARD_ROWS <= LINES - 2)
			cc_ui_board_draw_at(&s->view, free_row, (COLS - CC_UI_BOARD_COLS) / 2, false);
	}
	refresh();
}

/* Milliseconds to wait: the next poll, or sooner if a clock shows a change. */
static int timeout_ms(const watcher *w, int64_t mono_ms)
{
	int64_t wait = w->next_poll_ms - mono_ms;
	int64_t change = cc_ui_console_next_change_ms(&w->screen);
	if (change >= 0 && change < wait)
		wait = change;
	return wait < 0 ? 0 : (int)wait;
}

/* The watcher's keys: q quits, v shows or hides the board; nothing writes. */
static void key(watcher *w, int k)
{
	switch (k) {
	case 'q':
	case 'Q':
		w->screen.quit = true;
		break;
	case 'v':
	case 'V':
		w->screen.board = !w->screen.board && w->screen.view.has_board;
		break;
	default:
		break;
	}
}

static int run(watcher *w)
{
	int status = 0;
	sigset_t unblocked;
	cc_ui_block_signals(&unblocked);
	while (!w->screen.quit) {
		int64_t mono;
		int ready, k;
		if (cc_ui_take_stop(&status))
			break;
		mono = cc_ui_monotonic_ms();
		/* Awake anyway for a clock's tenth: poll now if half due, so one
		 * wake-up serves both. */
		if (mono >= w->next_poll_ms - POLL_MS / 2)
			poll_store(w, mono);
		w->screen.now_ms = core_now(w, mono);
		cc_match_view_at(w->screen.match, w->screen.now_ms, &w->screen.view);
		draw(w);
		ready = cc_ui_wait_input(timeout_ms(w, mono), &unblocked);
		if (ready < 0)
			break;
		if (ready == 0)
			continue;
		k = getch();
		if (k == ERR && cc_ui_stdin_gone())
			break;
		for (; k != ERR && !w->screen.quit; k = getch())
			key(w, k);
	}
	cc_ui_term_stop();
	sigprocmask(SIG_SETMASK, &unblocked, NULL);
	return status;
}

int cc_ui_watch(const cc_ui_watch_options *options)
{
	watcher w;
	cc_error err = {CC_OK, ""};
	int64_t id = options->match_id;
	memset(&w, 0, sizeof w);
	w.screen.spectator = true;
	w.follow_latest = id == 0;
	cc_err rc = cc_store_open(&w.store, options->db, CC_STORE_READ, &err);
	if (rc == CC_OK)
		rc = cc_store_data_version(w.store, &w.data_version, &err);
	if (rc == CC_OK && id == 0)
		rc = cc_store_latest(w.store, &id, &err);
	if (rc == CC_OK)
		rc = load(&w, id, cc_ui_monotonic_ms(), &err);
	if (rc == CC_OK && cc_ui_term_start(&err) != CC_OK) {
		cc_ui_term_stop();
		rc = CC_ERR_INVALID;
	}
	if (rc) {
		fprintf(stderr, "chesscubing watch: %s\n", err.message);
		cc_store_close(w.store);
		cc_match_destroy(w.screen.match);
		return 1;
	}
	w.console_running = true; /* then asked, so the notice shows when none is */
	poll_console(&w);
	w.next_poll_ms = cc_ui_monotonic_ms() + POLL_MS;
	int status = run(&w);
	cc_match_destroy(w.screen.match);
	cc_store_close(w.store);
	return status;
}
