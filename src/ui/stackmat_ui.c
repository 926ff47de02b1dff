/*
 * stackmat_ui.c: the players' Stackmat timers in the console's cube phase
 * (rules/stackmat.md, SM-5).
 *
 * Every frame polls the capture (stackmat_capture.h) with the shell's
 * real time. In a cube phase, the first solve a timer finishes after the
 * phase began, for a player whose time is not in yet, is proposed in the
 * same dialog a typed time gets, stamped at the stop: the arbiter counts
 * it with one key or refuses it and types the time. Nothing is recorded
 * otherwise (SM-5.1). The cube screen shows each timer's state and time;
 * a lost signal is said there, and typing works as without timers.
 *
 * The audience (SM-6). While a match is in a cube phase the console
 * publishes what its timers show beside the record (session_timers.h):
 * on every change, at most every CC_SESSION_TIMERS_MIN_MS, and every
 * CC_SESSION_TIMERS_BEAT_MS otherwise; the file goes when the phase ends,
 * the match changes or the console stops. `watch` shows it through the
 * same column, from a cc_ui_stackmat without capture (cc_ui_stackmat_follow).
 */
#include "chesscubing/ui.h"
#include "ui_bigfont.h"
#include "ui_console.h"
#include "ui_dialogs.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_stackmat.h"
#include "ui_term.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chesscubing/session_timers.h"
#include "stackmat_capture.h"

struct cc_ui_stackmat {
	cc_stackmat_capture *cap;
	bool in_phase;          /* a cube phase is being watched ... */
	int block, attempt;     /* ... this one */
	int64_t phase_real_ms;  /* the real time it was first seen */
	bool waiting[2];        /* a finished solve waits for the dialog */
	bool proposed[2];       /* this phase's proposal was made (SM-5.2) */
	bool ran[2];            /* seen running in this phase: its stop is this phase's, read until proposed */
	cc_stackmat_capture_final pending[2];
	bool publishing;        /* a side file is out ... */
	cc_session_timers published; /* ... saying this (stamp: when written) */
	cc_session_timers_status remote_status; /* watch (no capture): what the console published */
	cc_session_timers remote;
};

bool cc_ui_stackmat_open(cc_ui_console *c, const char *white, const char *black, int64_t real_ms, char *why,
                         size_t why_size)
{
	char reason[CC_STACKMAT_CAPTURE_WHY_MAX];
	cc_ui_stackmat *s = calloc(1, sizeof *s);
	if (s == NULL) {
		snprintf(why, why_size, "%s", "out of memory");
		return false;
	}
	if (!cc_stackmat_capture_open(&s->cap, white, black, real_ms, reason)) {
		snprintf(why, why_size, "%s", reason);
		free(s);
		return false;
	}
	c->stackmat = s;
	return true;
}

static void withdraw(cc_ui_console *c)
{
	cc_ui_stackmat *s = c->stackmat;
	if (s->publishing)
		cc_session_timers_withdraw(c->db, s->published.match_id);
	s->publishing = false;
}

void cc_ui_stackmat_close(cc_ui_console *c)
{
	if (c->stackmat == NULL)
		return;
	if (c->stackmat->cap)
		withdraw(c);
	cc_stackmat_capture_close(c->stackmat->cap);
	free(c->stackmat);
	c->stackmat = NULL;
}

/* The match time of a real time of this frame's shell clock. */
static int64_t match_time_of(const cc_ui_console *c, int64_t real_ms)
{
	return c->now_ms - (int64_t)((double)(c->real_ms - real_ms) * c->speed);
}

/* SM-5.2: a new cube phase (or a replay after a tie) starts afresh. */
static void follow_phase(cc_ui_console *c)
{
	cc_ui_stackmat *s = c->stackmat;
	bool cube = c->match != NULL && c->view_valid && c->view.phase == CC_PHASE_CUBE;
	if (!cube) {
		s->in_phase = false;
		return;
	}
	if (s->in_phase && s->block == c->view.block && s->attempt == c->view.cube_attempt)
		return;
	s->in_phase = true;
	s->block = c->view.block;
	s->attempt = c->view.cube_attempt;
	/* A frame after the phase began: a timer stopped before is the last
	 * phase's, a practice run's or from before a resume, never this one's. */
	s->phase_real_ms = c->real_ms;
	for (int side = 0; side < 2; side++)
		s->waiting[side] = s->proposed[side] = s->ran[side] = false;
}

/* Does the audience see something new in now (a running time alone, no)? */
static bool timers_changed(const cc_session_timers *was, const cc_session_timers *now)
{
	if (was->match_id != now->match_id || was->block != now->block || was->attempt != now->attempt)
		return true;
	for (int side = 0; side < 2; side++) {
		const cc_session_timer *a = &was->side[side], *b = &now->side[side];
		if (a->present != b->present || a->state != b->state ||
		    (b->state != CC_STACKMAT_RUNNING && a->time_ms != b->time_ms))
			return true;
	}
	return false;
}

/* SM-6.1: the timers as this frame read them, for the audience. */
static void publish(cc_ui_console *c)
{
	cc_ui_stackmat *s = c->stackmat;
	if (!s->in_phase || c->session == NULL || c->db == NULL) {
		withdraw(c);
		return;
	}
	cc_session_timers t;
	memset(&t, 0, sizeof t);
	t.match_id = cc_session_id(c->session);
	t.block = s->block;
	t.attempt = s->attempt;
	t.stamp_ms = c->real_ms;
	t.pid = (long)getpid();
	for (int side = 0; side < 2; side++) {
		cc_stackmat_capture_side v = cc_stackmat_capture_view(s->cap, side);
		t.side[side].present = v.present;
		t.side[side].state = v.present ? v.state : CC_STACKMAT_NO_SIGNAL;
		t.side[side].time_ms = v.present && v.state != CC_STACKMAT_NO_SIGNAL ? v.time_ms : 0;
	}
	if (s->publishing && s->published.match_id != t.match_id)
		withdraw(c);
	int64_t since = c->real_ms - s->published.stamp_ms;
	bool due = !s->publishing || since >= CC_SESSION_TIMERS_BEAT_MS || timers_changed(&s->published, &t);
	if (!due || (s->publishing && since < CC_SESSION_TIMERS_MIN_MS && since >= 0))
		return;
	/* A record the audience cannot read only costs them the timers. */
	if (cc_session_timers_publish(c->db, &t)) {
		s->publishing = true;
		s->published = t;
	}
}

void cc_ui_stackmat_tick(cc_ui_console *c)
{
	cc_ui_stackmat *s = c->stackmat;
	if (s == NULL)
		return;
	follow_phase(c);
	if (s->cap == NULL)
		return; /* watch's: cc_ui_stackmat_follow */
	cc_stackmat_capture_final fin[8];
	size_t n = cc_stackmat_capture_poll(s->cap, c->real_ms, fin, 8);
	for (int side = 0; side < 2 && s->in_phase; side++)
		s->ran[side] = s->ran[side] || cc_stackmat_capture_view(s->cap, side).state == CC_STACKMAT_RUNNING;
	publish(c);
	for (size_t i = 0; i < n; i++) {
		int side = fin[i].side;
		if (!s->in_phase || s->proposed[side] || s->waiting[side] || fin[i].stop_ms < s->phase_real_ms ||
		    c->view.cube_cs[side] != CC_CUBE_NONE)
			continue;
		s->waiting[side] = true;
		s->pending[side] = fin[i];
	}
	if (!s->in_phase || c->modal.kind != CC_UI_MODAL_NONE || c->help || c->log_open)
		return;
	for (int side = 0; side < 2; side++) {
		if (!s->waiting[side])
			continue;
		s->waiting[side] = false;
		if (c->view.cube_cs[side] != CC_CUBE_NONE)
			continue; /* typed meanwhile */
		s->proposed[side] = true;
		/* Stamped at the stop (SM-2.3), never before the match's last event. */
		int64_t t = match_time_of(c, s->pending[side].stop_ms), last = cc_match_last_time(c->match);
		cc_ui_console_propose_cube(c, (cc_side)side, s->pending[side].fin.time_cs, t > last ? t : last);
		return;
	}
}

bool cc_ui_stackmat_on(const cc_ui_console *c)
{
	return c->stackmat != NULL && (c->stackmat->cap != NULL || c->stackmat->remote_status != CC_SESSION_TIMERS_NONE);
}

void cc_ui_stackmat_follow(cc_ui_console *c, const cc_session_db *db, int64_t match_id, int64_t mono_ms)
{
	if (c->stackmat == NULL) {
		if (!c->match || c->view.phase != CC_PHASE_CUBE)
			return; /* nothing to show: nothing allocated */
		c->stackmat = calloc(1, sizeof *c->stackmat);
		if (c->stackmat == NULL)
			return;
	}
	cc_ui_stackmat *s = c->stackmat;
	s->remote_status = CC_SESSION_TIMERS_NONE;
	if (c->match)
		s->remote_status = cc_session_timers_read(db, match_id, &c->view, mono_ms, &s->remote);
}

/* A side's timer: the capture's, or as the console published it (watch). */
static cc_stackmat_capture_side side_view(const cc_ui_stackmat *s, int side)
{
	if (s->cap)
		return cc_stackmat_capture_view(s->cap, side);
	cc_stackmat_capture_side v;
	memset(&v, 0, sizeof v);
	v.present = true;
	v.state = CC_STACKMAT_NO_SIGNAL; /* SM-6.2: LOST */
	if (s->remote_status == CC_SESSION_TIMERS_LIVE && s->remote.side[side].present) {
		v.state = s->remote.side[side].state;
		v.time_ms = s->remote.side[side].time_ms;
	}
	return v;
}

/* SM-6.1: the audience's line: the state, no keys. */
static void spectator_text(const cc_stackmat_capture_side *v, const char *shown, char *text, size_t size)
{
	switch (v->state) {
	case CC_STACKMAT_NO_SIGNAL:
		snprintf(text, size, "%s", _("Timer signal lost"));
		break;
	case CC_STACKMAT_RESET:
		snprintf(text, size, "%s", _("Timer reset"));
		break;
	case CC_STACKMAT_HANDS:
		snprintf(text, size, "%s", _("Timer: hands on"));
		break;
	case CC_STACKMAT_READY:
		snprintf(text, size, "%s", _("Timer ready"));
		break;
	case CC_STACKMAT_RUNNING:
		snprintf(text, size, _("Timer running %s"), shown);
		break;
	case CC_STACKMAT_STOPPED:
		snprintf(text, size, _("Timer stopped at %s: the arbiter confirms the time"), shown);
		break;
	}
}

/* The timer's time as the screen shows it: tenths while it runs. */
static void timer_text(const cc_stackmat_capture_side *v, char *buf, size_t size)
{
	cc_ui_solve_text(v->time_ms / 10, buf, size);
	if (v->state == CC_STACKMAT_RUNNING && buf[0])
		buf[strlen(buf) - 1] = '\0';
}

/* The arbiter's line: the state, and the key that types the time. */
static cc_ui_role console_text(const cc_ui_console *c, cc_side side, const cc_stackmat_capture_side *v,
                               const char *shown, char *text, size_t size)
{
	const cc_ui_stackmat *s = c->stackmat;
	char key = side == CC_SIDE_WHITE ? '1' : '2';
	switch (v->state) {
	case CC_STACKMAT_NO_SIGNAL:
		if (v->device_failed)
			snprintf(text, size, _("The timers' input failed: type the time (%c)"), key);
		else
			snprintf(text, size, _("No signal from the timer: type the time (%c)"), key);
		return CC_UI_ROLE_ALERT;
	case CC_STACKMAT_RESET:
		snprintf(text, size, _("Timer reset  (%c: type the time)"), key);
		break;
	case CC_STACKMAT_HANDS:
		snprintf(text, size, _("Timer: hands on  (%c: type the time)"), key);
		break;
	case CC_STACKMAT_READY:
		snprintf(text, size, _("Timer ready  (%c: type the time)"), key);
		break;
	case CC_STACKMAT_RUNNING:
		snprintf(text, size, _("Timer running %s"), shown);
		break;
	case CC_STACKMAT_STOPPED:
		if (c->modal.kind != CC_UI_MODAL_NONE && c->modal.action == CC_UI_ACT_CUBE && c->modal.side == side &&
		    s->proposed[side])
			snprintf(text, size, _("Timer stopped at %s: to count (y) or refuse (n)"), shown);
		else if (s->waiting[side] || (s->ran[side] && !s->proposed[side] && c->view.cube_cs[side] == CC_CUBE_NONE))
			/* the stop read until its proposal (~0.25 s): never "not counted" (issue 35) */
			snprintf(text, size, _("Timer stopped at %s: to count next"), shown);
		else
			snprintf(text, size, _("Timer shows %s, not counted  (%c: type the time)"), shown, key);
		break;
	}
	return CC_UI_ROLE_DIM;
}

int cc_ui_stackmat_draw_side(const cc_ui_console *c, cc_side side, int y, int x, int w, int big)
{
	cc_stackmat_capture_side v = side_view(c->stackmat, (int)side);
	char shown[32], text[256];
	int row = y;
	cc_ui_role role = CC_UI_ROLE_DIM;
	timer_text(&v, shown, sizeof shown);
	if (c->spectator) {
		spectator_text(&v, shown, text, sizeof text);
		if (v.state == CC_STACKMAT_NO_SIGNAL)
			role = CC_UI_ROLE_ALERT;
	} else {
		role = console_text(c, side, &v, shown, text, sizeof text);
	}
	bool digits = v.state == CC_STACKMAT_RUNNING || v.state == CC_STACKMAT_STOPPED;
	if (big && digits)
		row += cc_ui_big_fill(row, x, w, big, v.state == CC_STACKMAT_RUNNING ? CC_UI_ROLE_HOT : CC_UI_ROLE_NORMAL,
		                      shown);
	else if (big)
		row += big / 2;
	row += cc_ui_put_wrapped(row, x + 1, w - 1, 2, role, text);
	return row - y;
}

bool cc_ui_stackmat_line(const cc_ui_console *c, cc_side side, char *text, size_t size)
{
	if (!cc_ui_stackmat_on(c))
		return false;
	cc_stackmat_capture_side v = side_view(c->stackmat, (int)side);
	char shown[32];
	timer_text(&v, shown, sizeof shown);
	spectator_text(&v, shown, text, size);
	return true;
}
