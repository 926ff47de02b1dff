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

/* Writes wall_ms into e's time of day ("--:--:--" unknown). */
static void stamp(cc_ui_log_entry *e, int64_t wall_ms)
{
	time_t secs = (time_t)(wall_ms / 1000);
	struct tm tm;
	if (wall_ms > 0 && localtime_r(&secs, &tm))
		strftime(e->when, sizeof e->when, "%H:%M:%S", &tm);
	else
		snprintf(e->when, sizeof e->when, "--:--:--");
}

/* The ring's next entry, text and kind written, its time left to stamp. */
static cc_ui_log_entry *add_line(cc_ui_console *c, bool by_time, const char *text)
{
	cc_ui_log_entry *e = &c->log[c->log_next];
	snprintf(e->text, sizeof e->text, "%s", text);
	e->by_time = by_time;
	e->told = false;
	c->log_next = (c->log_next + 1) % CC_UI_LOG_MAX;
	if (c->log_count < CC_UI_LOG_MAX)
		c->log_count++;
	c->log_scroll = 0;
	return e;
}

void cc_ui_console_log(cc_ui_console *c, bool by_time, const char *text)
{
	stamp(add_line(c, by_time, text), c->wall_ms);
}

/* The log's lines, each at the time of day the record gives its match
 * time (cc_session_wall_at: the same before and after a resume); without
 * commit times, the last event's commit time less the match time since. */
typedef struct {
	cc_ui_console *c;
	bool by_event; /* the lines follow the events one by one (not Chess-Uno's steps) */
	size_t next;   /* ... the index of the next event's line */
	size_t lines;  /* lines logged */
} log_fill;

/* A told line's time of day, asked of the record again: a line of the
 * log is at its event's place in the record (what time did before an
 * event is told before it, what it did after it); the times of a line's
 * run may change as the record grows (a later event of the run committed
 * sooner after its stamp), so a watcher asks them again at each commit. */
static void time_told(cc_ui_console *c, cc_ui_log_entry *e, int64_t last_wall_ms)
{
	int64_t wall;
	bool known = e->t_ms >= 0 && c->session && e->kind != CC_SESSION_LOG_ERROR &&
	             (e->by_event ? cc_session_wall_at_event(c->session, e->place, e->t_ms, &wall)
	                          : cc_session_wall_at(c->session, e->t_ms, &wall));
	if (!known)
		wall = e->t_ms >= 0 ? last_wall_ms - (cc_match_last_time(c->match) - e->t_ms) : last_wall_ms;
	stamp(e, wall);
}

static void fill_line(void *ctx, int64_t t_ms, cc_session_log_kind kind, const char *text)
{
	log_fill *f = ctx;
	size_t place = f->next;
	switch (kind) {
	case CC_SESSION_LOG_EVENT:
	case CC_SESSION_LOG_TICK:
		f->next++;
		break;
	case CC_SESSION_LOG_AFTER:
		place = f->next ? f->next - 1 : 0;
		break;
	case CC_SESSION_LOG_TIME:
	case CC_SESSION_LOG_ERROR:
		break;
	}
	/* A tick is the record's way of keeping what time changed: what it
	 * changed is told, not the tick. */
	if (kind == CC_SESSION_LOG_TICK)
		return;
	cc_ui_log_entry *e = add_line(f->c, kind == CC_SESSION_LOG_TIME, text);
	e->told = true;
	e->t_ms = t_ms;
	e->kind = kind;
	e->by_event = f->by_event;
	e->place = place;
	f->lines++;
}

/* Every told line of the ring timed again, the last event seen at wall
 * time last_wall_ms. */
static void time_all_told(cc_ui_console *c, int64_t last_wall_ms)
{
	for (size_t i = 0; i < c->log_count; i++)
		if (c->log[i].told)
			time_told(c, &c->log[i], last_wall_ms);
}

/* The log keeps its last CC_UI_LOG_MAX lines: only the events that give
 * them are told (the ones before are replayed, not told), so a resume or
 * a watcher of a long match tells a few events, not all. An event gives
 * a line or more, but a tick may give none: when the events told gave
 * too few lines, more are told. Following (a watcher), the cursor that
 * told them is kept for cc_ui_console_log_more (none for Chess-Uno, told
 * whole by its steps). */
static void fill_log(cc_ui_console *c, int64_t last_wall_ms, bool keep)
{
	size_t events = cc_match_event_count(c->match), told = CC_UI_LOG_MAX;
	bool by_event = !(cc_game_class_of_match(c->match)->traits & CC_GAME_DEALT);
	for (;;) {
		size_t from = by_event && events > told ? events - told : 0;
		log_fill f = {c, by_event, from, 0};
		c->log_count = c->log_next = 0;
		c->log_scroll = 0;
		cc_session_log_cursor_destroy(c->log_cursor);
		c->log_cursor = by_event ? cc_session_log_cursor_create(c->match) : NULL;
		if (c->log_cursor) {
			if (cc_session_event_log_more(cc_ui_lang(), c->log_cursor, c->match, from, fill_line, &f) != 0) {
				cc_session_log_cursor_destroy(c->log_cursor);
				c->log_cursor = NULL;
			}
		} else
			cc_session_event_log_from(cc_ui_lang(), c->match, from, fill_line, &f);
		if (from == 0 || f.lines >= CC_UI_LOG_MAX)
			break;
		told = 8 * told;
	}
	time_all_told(c, last_wall_ms);
	if (!keep) {
		cc_session_log_cursor_destroy(c->log_cursor); /* a second replay of the match, not kept for nothing */
		c->log_cursor = NULL;
	}
}

void cc_ui_console_fill_log(cc_ui_console *c, int64_t last_wall_ms)
{
	fill_log(c, last_wall_ms, false);
}

void cc_ui_console_fill_log_following(cc_ui_console *c, int64_t last_wall_ms)
{
	fill_log(c, last_wall_ms, true);
}

bool cc_ui_console_log_more(cc_ui_console *c, int64_t last_wall_ms)
{
	if (!c->log_cursor)
		return false;
	size_t next = cc_session_log_cursor_next(c->log_cursor);
	log_fill f = {c, true, next, 0};
	if (cc_session_event_log_more(cc_ui_lang(), c->log_cursor, c->match, next, fill_line, &f) != 0) {
		cc_session_log_cursor_destroy(c->log_cursor);
		c->log_cursor = NULL;
		return false;
	}
	time_all_told(c, last_wall_ms);
	return true;
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
