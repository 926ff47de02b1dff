/*
 * ui_watch.h: following matches from the record, read only: one match
 * (watch.c, `chesscubing watch`) drawn by the console's own screens from a
 * spectator console, and an event's boards (watch_event.c).
 */
#ifndef CHESSCUBING_UI_WATCH_H
#define CHESSCUBING_UI_WATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/session.h"
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
	cc_ui_console screen;   /* the view-model the screens draw from */
} cc_ui_watcher;

/* Reads match id back into w (its anchor kept unless it has new events). */
cc_err cc_ui_watcher_load(cc_ui_watcher *w, int64_t id, int64_t mono_ms, cc_error *err);
/* Asks whether a console holds the match (its clocks run; else stopped, RU-18). */
void cc_ui_watcher_poll_console(cc_ui_watcher *w);
/* The match's time now, as the watcher estimates the console's. */
int64_t cc_ui_watcher_now(const cc_ui_watcher *w, int64_t mono_ms);
/* The spectator screen of the match at its view, status as the bottom line. */
void cc_ui_watcher_draw(const cc_ui_watcher *w, const char *status);

/* `chesscubing watch --event NAME` (watch_event.c): every board and the standings. */
int cc_ui_watch_event(const char *db, const char *event);

#endif
