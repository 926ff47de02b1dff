/*
 * console_timing.c: what time alone does to the console. The view is
 * recomputed at each frame's match time (never accumulated), what time
 * changed is announced and recorded with a tick, the bells ring, and the
 * loop is told when the picture changes next, so it sleeps until then.
 */
#include "chesscubing/session.h"
#include "ui_club.h"
#include "ui_console.h"
#include "ui_dialogs.h"
#include "ui_loop.h"
#include "ui_term.h"

#include <string.h>

static bool block_running(const cc_match_view *v)
{
	return v->phase == CC_PHASE_BLOCK && v->block_started && !v->paused;
}

static void ring_bells(cc_ui_console *c)
{
	const cc_match_view *v = &c->view;
	bool in_block = v->phase == CC_PHASE_BLOCK && v->block_started;
	int second = 99;
	if (c->was_in_block && !in_block && v->phase == CC_PHASE_CUBE && c->bell_on)
		cc_ui_bell();
	c->was_in_block = in_block;
	if (block_running(v) && v->has_move_clock && v->move_ms_left < 5000)
		second = (int)(v->move_ms_left / 1000);
	if (second < 5 && second != c->bell_second && c->bell_on)
		cc_ui_bell();
	c->bell_second = second;
}

void cc_ui_console_update(cc_ui_console *c, int64_t now_ms)
{
	bool had_view = c->match && c->view_valid;
	c->now_ms = now_ms;
	if (!c->match) {
		/* The title screen shows the page's address while `serve` runs:
		 * looked for at most once a second, on the frames the setup
		 * screen has anyway (its club poll). */
		int64_t mono = cc_ui_monotonic_ms();
		if (c->db && mono >= c->next_serve_ms) {
			char url[CC_SESSION_SERVE_URL_MAX];
			cc_session_serve_url(c->db, url, sizeof url);
			cc_ui_qr_set(&c->serve_qr, url);
			c->next_serve_ms = mono + 1000;
		}
		return;
	}
	cc_match_view_at(c->match, now_ms, &c->view);
	c->view_valid = true;
	/* RU-18: while clocks run the record knows the console runs, within
	 * 3 s (one small write, not one per frame), so a resume can say what
	 * the stop gave back. */
	if (c->view.can_hold && (now_ms - c->seen_ms >= 3000 || now_ms < c->seen_ms)) {
		c->seen_ms = now_ms;
		c->seen_due = true;
	}
	/* RU-31: the arbiter's dialog that held the clocks has closed
	 * (confirmed or cancelled): they run again from now. */
	if (c->view.held && c->modal.kind == CC_UI_MODAL_NONE) {
		/* What the dialog's answer said (a refused claim's reason) stays. */
		cc_event release = cc_event_release(now_ms);
		char message[sizeof c->message], announce[sizeof c->announce];
		bool error = c->message_error;
		memcpy(message, c->message, sizeof message);
		memcpy(announce, c->announce, sizeof announce);
		if (cc_ui_console_apply(c, &release)) {
			memcpy(c->message, message, sizeof message);
			memcpy(c->announce, announce, sizeof announce);
			c->message_error = error;
		}
	}
	/* What time alone changed since the last announcement is announced:
	 * the arbiter must be able to say it to the players. While a dialog
	 * stamps an event (RU-27) nothing is announced yet: the event may
	 * come before the change (a move typed in time); Escape, and what
	 * stands is announced then. */
	/* RU-35: the move entry of stamped moves stamps nothing: its moves are in. */
	bool stamping = c->modal.kind != CC_UI_MODAL_NONE && !(c->modal.action == CC_UI_ACT_MOVE && cc_ui_stamps_keys(c));
	if (had_view && !stamping)
		cc_ui_console_announce(c, &c->said, true);
	if (!stamping)
		c->said = c->view;
	/* What the screen shows as done is in the record: a change made by
	 * time alone is recorded with a tick at once, so a crash now cannot
	 * take back a lost move the players saw. */
	{
		cc_error err = {0};
		/* RU-27: while a dialog stamps an event, nothing time alone does
		 * after its stamp is recorded, or the event would come too late. */
		int64_t upto = stamping && c->modal.t_ms < now_ms ? c->modal.t_ms : now_ms;
		if (cc_session_follow_time(c->session, upto, NULL, &err) != CC_OK)
			cc_ui_console_refusal(c, &err);
	}
	/* Read after the tick: a match time ended is over in the record only
	 * once its tick is in, and nothing may wake the screen after it. */
	if (c->view.over)
		cc_ui_club_end_follow(c);
	if (c->view.phase != CC_PHASE_CUBE)
		memset(&c->stopwatch, 0, sizeof c->stopwatch);
	ring_bells(c);
}

void cc_ui_console_write_seen(cc_ui_console *c)
{
	cc_error err = {0};
	if (!c->seen_due)
		return;
	c->seen_due = false;
	if (cc_session_mark_seen(c->session, c->seen_ms, &err) != CC_OK)
		cc_ui_console_refusal(c, &err);
}

static int64_t earliest(int64_t a, int64_t b)
{
	if (a < 0)
		return b;
	if (b < 0)
		return a;
	return a < b ? a : b;
}

size_t cc_ui_console_running_clocks(const cc_ui_console *c, int64_t *ms)
{
	const cc_match_view *v = &c->view;
	size_t n = 0;
	if (!c->match || !block_running(v))
		return 0;
	if (v->block_ms_left > 0)
		ms[n++] = v->block_ms_left;
	if (v->has_move_clock && v->move_ms_left > 0)
		ms[n++] = v->move_ms_left;
	if (v->has_chess_clocks)
		ms[n++] = v->clock_ms[v->to_move];
	return n;
}

/* One frame per second, or per tenth once a clock shows its last seconds
 * (RU-41), serves every running clock (cc_time_next_shown_clock_ms): the
 * block time and the move clock are rarely on the same phase of it. */
int64_t cc_ui_console_next_change_ms(const cc_ui_console *c)
{
	int64_t next = -1, shown[CC_UI_CLOCKS_SHOWN_MAX];
	if (!c->match)
		return c->db ? CC_UI_CLUB_POLL_MS : -1; /* another console's pairing leaves the offer */
	if (c->stopwatch.running)
		next = 100 - (c->now_ms - c->stopwatch.start_ms) % 100;
	size_t n = cc_ui_console_running_clocks(c, shown);
	return earliest(next, cc_time_next_shown_clock_ms(shown, n));
}
