/*
 * console_log.c: the console's event log and its announcements. Every
 * event the console sends, and every change time alone makes, is told by
 * the renderer (session_describe.h) and kept here at the wall time the
 * console saw it; resume and spectators tell it again from the record.
 */
#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/ui.h"
#include "ui_console.h"
#include "ui_term.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

void cc_ui_console_log(cc_ui_console *c, bool by_time, const char *text)
{
	cc_ui_log_entry *e = &c->log[c->log_next];
	time_t secs = (time_t)(c->wall_ms / 1000);
	struct tm tm;
	if (c->wall_ms > 0 && localtime_r(&secs, &tm))
		strftime(e->when, sizeof e->when, "%H:%M:%S", &tm);
	else
		snprintf(e->when, sizeof e->when, "--:--:--");
	snprintf(e->text, sizeof e->text, "%s", text);
	e->by_time = by_time;
	c->log_next = (c->log_next + 1) % CC_UI_LOG_MAX;
	if (c->log_count < CC_UI_LOG_MAX)
		c->log_count++;
	c->log_scroll = 0;
}

/* The log's lines, each at the time of day the record gives its match
 * time (cc_session_wall_at: the same before and after a resume); without
 * commit times, the last event's commit time less the match time since. */
typedef struct {
	cc_ui_console *c;
	int64_t last_core_ms;
	int64_t last_wall_ms;
	bool by_event; /* the lines follow the events one by one (not Chess-Uno's steps) */
	size_t next;   /* ... the index of the next event's line */
	size_t lines;  /* lines logged */
} log_fill;

/* Each line at its event's place in the record (what time did before an
 * event is told before it, what it did after it). */
static bool line_wall(log_fill *f, int64_t t_ms, cc_session_log_kind kind, int64_t *wall)
{
	if (!f->by_event)
		return cc_session_wall_at(f->c->session, t_ms, wall);
	switch (kind) {
	case CC_SESSION_LOG_EVENT:
	case CC_SESSION_LOG_TICK:
		return cc_session_wall_at_event(f->c->session, f->next++, t_ms, wall);
	case CC_SESSION_LOG_AFTER:
		return cc_session_wall_at_event(f->c->session, f->next ? f->next - 1 : 0, t_ms, wall);
	case CC_SESSION_LOG_TIME:
		return cc_session_wall_at_event(f->c->session, f->next, t_ms, wall);
	case CC_SESSION_LOG_ERROR:
		return false;
	}
	return false;
}

static void fill_line(void *ctx, int64_t t_ms, cc_session_log_kind kind, const char *text)
{
	log_fill *f = ctx;
	int64_t wall;
	bool known = t_ms >= 0 && f->c->session && line_wall(f, t_ms, kind, &wall);
	/* A tick is the record's way of keeping what time changed: what it
	 * changed is told, not the tick. */
	if (kind == CC_SESSION_LOG_TICK)
		return;
	if (known)
		f->c->wall_ms = wall;
	else
		f->c->wall_ms = t_ms >= 0 ? f->last_wall_ms - (f->last_core_ms - t_ms) : f->last_wall_ms;
	cc_ui_console_log(f->c, kind == CC_SESSION_LOG_TIME, text);
	f->lines++;
}

/* The log keeps its last CC_UI_LOG_MAX lines: only the events that give
 * them are told (the ones before are replayed, not told), so a resume or
 * a watcher of a long match tells a few events, not all. An event gives
 * a line or more, but a tick may give none: when the events told gave
 * too few lines, more are told. */
void cc_ui_console_fill_log(cc_ui_console *c, int64_t last_wall_ms)
{
	size_t events = cc_match_event_count(c->match), told = CC_UI_LOG_MAX, from;
	int64_t wall = c->wall_ms;
	bool by_event = !(cc_game_class_of_match(c->match)->traits & CC_GAME_DEALT);
	for (;;) {
		from = by_event && events > told ? events - told : 0;
		log_fill f = {c, cc_match_last_time(c->match), last_wall_ms, by_event, from, 0};
		c->log_count = c->log_next = 0;
		c->log_scroll = 0;
		cc_session_event_log_from(cc_ui_lang(), c->match, from, fill_line, &f);
		if (from == 0 || f.lines >= CC_UI_LOG_MAX)
			break;
		told = 8 * told;
	}
	c->wall_ms = wall;
}

const cc_ui_log_entry *cc_ui_console_log_at(const cc_ui_console *c, size_t back)
{
	if (back >= c->log_count)
		return NULL;
	return &c->log[(c->log_next + CC_UI_LOG_MAX - 1 - back) % CC_UI_LOG_MAX];
}

/* What changed from before to the view now, as the renderer says it: logged
 * line by line and shown as the banner; by_time rings the bell (the
 * arbiter's cue to announce a lost move or the end of a block). */
void cc_ui_console_announce(cc_ui_console *c, const cc_match_view *before, bool by_time)
{
	char text[sizeof c->announce];
	cc_session_describe_changes(cc_ui_lang(), before, &c->view, cc_match_settings_of(c->match), text, sizeof text);
	if (!text[0])
		return;
	for (char *line = text; *line;) {
		char *end = strchr(line, '\n');
		if (end)
			*end = '\0';
		cc_ui_console_log(c, by_time, line);
		if (!end)
			break;
		*end = '\n';
		line = end + 1;
	}
	/* What a key did the screen shows already (the cube phase's outcome
	 * under the next block): the log keeps it, the banner is for time. */
	if (!by_time)
		return;
	/* The banner says it as sentences: one per line of the renderer. */
	for (char *p = text; *p; p++)
		if (*p == '\n')
			*p = ' ';
	snprintf(c->announce, sizeof c->announce, "%s", text);
	c->announce_alert = true;
	if (c->bell_on)
		cc_ui_bell();
}

/* The log overlay: arrows and pages scroll, any other key closes it. */
void cc_ui_log_key(cc_ui_console *c, int key)
{
	int page = LINES > 8 ? LINES - 8 : 1, max = c->log_count > 0 ? (int)c->log_count - 1 : 0;
	switch (key) {
	case KEY_UP:
		c->log_scroll++;
		break;
	case KEY_DOWN:
		c->log_scroll--;
		break;
	case KEY_PPAGE:
		c->log_scroll += page;
		break;
	case KEY_NPAGE:
		c->log_scroll -= page;
		break;
	case '\t':
		/* The scoresheet in the log's place, and back (moves recording). */
		c->log_sheet = !c->log_sheet;
		c->log_scroll = 0;
		return;
	default:
		c->log_open = false;
		return;
	}
	if (c->log_scroll > max)
		c->log_scroll = max;
	if (c->log_scroll < 0)
		c->log_scroll = 0;
}
