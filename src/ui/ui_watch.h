/*
 * ui_watch.h: following matches from the record, read only: one match
 * (watch.c, `chesscubing watch`) drawn by the console's own screens from a
 * spectator console, and an event's boards (watch_event.c, each board's
 * row said by watch_event_board.c).
 */
#ifndef CHESSCUBING_UI_WATCH_H
#define CHESSCUBING_UI_WATCH_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/session.h"
#include "chesscubing/session_news.h"
#include "ui_console.h"

typedef struct {
	cc_session_db *db;      /* borrowed: opened CC_SESSION_DB_READ */
	bool follow_latest;     /* no MATCH given: follow the newest match */
	int64_t match_id;
	int64_t data_version;
	size_t events;          /* event count of the match as last loaded */
	int64_t anchor_core_ms; /* time of its last event (console's clock) */
	int64_t anchor_mono_ms; /* the watcher's monotonic time when it saw that event */
	int64_t last_event_ms;  /* the match's last event time */
	bool console_running;   /* a console holds the match: its clocks run */
	int64_t next_poll_ms;   /* watcher's monotonic time of the next poll */
	int64_t last_event_wall_ms; /* wall time the last event was committed; 0: not recorded */
	bool dirty;             /* news, a key, a notice: the next frame draws */
	int64_t next_draw_ms;   /* monotonic time a shown clock next changes; -1: none runs */
	int drawn_lines, drawn_cols; /* the terminal's size at the last drawing */
	cc_ui_console screen;   /* the view-model the screens draw from */
	int poll_ms;            /* 0: every 250 ms; longer when the record's news is told (session_news.h) */
} cc_ui_watcher;

/* Reads match id back into w (its anchor kept unless it has new events). */
cc_err cc_ui_watcher_load(cc_ui_watcher *w, int64_t id, int64_t mono_ms, cc_error *err);
/* Asks whether a console holds the match (its clocks run; else stopped, RU-18). */
void cc_ui_watcher_poll_console(cc_ui_watcher *w);
/* The match's time now, as the watcher estimates the console's. */
int64_t cc_ui_watcher_now(const cc_ui_watcher *w, int64_t mono_ms);
/* Real ms until a clock the watcher shows changes; -1 when none runs
 * (no console, paused, between blocks, over): the screen then waits for
 * the record's news alone. */
int64_t cc_ui_watcher_next_change_ms(const cc_ui_watcher *w);
/* How often the record is asked for news: every 250 ms, or w->poll_ms
 * when set (a watcher woken by the record's writes asks it every 2 s). */
int cc_ui_watcher_poll_ms(const cc_ui_watcher *w);
/* Is a frame due at mono_ms (news, a new size, a shown clock's change)?
 * If so the view is brought to that time. */
bool cc_ui_watcher_due(cc_ui_watcher *w, int64_t mono_ms);
/* A frame was drawn at mono_ms: the next one is due at the next change. */
void cc_ui_watcher_drawn(cc_ui_watcher *w, int64_t mono_ms);
/* The spectator screen of the match at its view, status as the bottom line. */
void cc_ui_watcher_draw(cc_ui_watcher *w, const char *status);

/* `chesscubing watch --event NAME` (watch_event.c): every board and the standings. */
int cc_ui_watch_event(const char *db, const char *event);

/* A board of the event on its row (watch_event_board.c): "R1 B2  Bruno -
 * Chloé: ..." with its state as w (the board's follower) shows it, or its
 * result, into buf. */
void cc_ui_watch_board_text(const cc_session_pairing *p, const cc_ui_watcher *w, char *buf, size_t size);
/* The boards shown, in the order they are shown (in play first, the newest
 * round first; then finished ones; then the rounds under way's pairings not
 * started), as indexes of pairings[0..count) into out (count entries);
 * returns how many (0 when out of memory). */
size_t cc_ui_watch_boards_shown(const cc_session_pairing *pairings, size_t count, size_t *out);

#endif
