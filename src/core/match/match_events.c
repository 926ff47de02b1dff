/*
 * match_events.c: the events every format shares (pause, resume, holds,
 * resignation, decisions, ticks) and the hand-off of the others to the
 * game's rules (cc_match_apply_event), what the games' rules share
 * (cc_match_finish, cc_match_refuse_if_over), and the event constructors.
 * The container that records, checks and rebuilds is match.c.
 */
#include <stdio.h>
#include <string.h>

#include "match_internal.h"

/* ---- the events every format shares ---------------------------------------- */

cc_err cc_match_refuse_if_over(const match_state *s, cc_error *err)
{
	if (s->phase == CC_PHASE_OVER)
		return cc_refuse(err, CC_MSG_MATCH_OVER, cc_reason_name(s->reason));
	return CC_OK;
}

void cc_match_finish(match_state *s, cc_winner winner, cc_end_reason reason, const char *text)
{
	s->phase = CC_PHASE_OVER;
	s->winner = winner;
	s->reason = reason;
	snprintf(s->reason_text, sizeof s->reason_text, "%s", text);
}

static cc_err apply_pause(match_state *s, cc_error *err)
{
	cc_err rc = cc_match_refuse_if_over(s, err);
	if (rc)
		return rc;
	if (s->paused)
		return cc_refuse(err, CC_MSG_ALREADY_PAUSED);
	if (s->phase != CC_PHASE_BLOCK || !s->block_started)
		return cc_refuse(err, CC_MSG_NOTHING_TO_PAUSE);
	s->paused = true; /* RU-7: a pause stops every clock */
	s->held = false;  /* RU-31: a pause takes over a hold (a resume after a stop under a dialog) */
	return CC_OK;
}

/* RU-31: a hold stops every clock, in any phase, until its release; it
 * changes nothing else, and a pause takes it over. */
static cc_err apply_hold(match_state *s, cc_error *err)
{
	if (s->held)
		return cc_refuse(err, CC_MSG_ALREADY_HELD);
	s->held = true;
	return CC_OK;
}

static cc_err apply_release(match_state *s, cc_error *err)
{
	if (!s->held)
		return cc_refuse(err, CC_MSG_NOT_HELD);
	s->held = false;
	return CC_OK;
}

static cc_err apply_resume(match_state *s, const apply_ctx *ctx, cc_error *err)
{
	cc_err rc = cc_match_refuse_if_over(s, err);
	if (rc)
		return rc;
	if (!s->paused)
		return cc_refuse(err, CC_MSG_NOT_PAUSED);
	const cc_game_rules *rules = cc_match_game(ctx->cfg)->rules;
	if (rules->resume_check && (rc = rules->resume_check(s, ctx->cfg, err)) != CC_OK)
		return rc;
	s->paused = false;
	return CC_OK;
}

static cc_err apply_resign(match_state *s, const cc_event *ev, cc_error *err)
{
	cc_err rc = cc_match_refuse_if_over(s, err);
	if (rc)
		return rc;
	cc_match_finish(s, cc_match_winner_of(cc_side_other(ev->side)), CC_REASON_RESIGNATION, "resignation");
	return CC_OK;
}

static cc_err apply_arbiter(match_state *s, const cc_event *ev, cc_error *err)
{
	cc_err rc = cc_match_refuse_if_over(s, err);
	if (rc)
		return rc;
	if (ev->text[0] == '\0')
		return cc_refuse(err, CC_MSG_DECISION_NEEDS_REASON);
	cc_match_finish(s, ev->winner, CC_REASON_ARBITER, ev->text);
	return CC_OK;
}

/* The events every format shares are decided here; the others by the
 * game's rules (its class's apply: match_fide.c for a chess game,
 * match_chesscubing.c for Twice and Time; Chess-Uno never comes here, its
 * own engine runs it: match_uno.c). */
cc_err cc_match_apply_event(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err)
{
	switch (ev->kind) {
	case CC_EV_START:
	case CC_EV_MOVE:
	case CC_EV_MATE:
	case CC_EV_CUBE:
	case CC_EV_CORRECT:
	case CC_EV_CLAIM:
	case CC_EV_DRAW:
	case CC_EV_PRESS:
		return cc_match_game(ctx->cfg)->rules->apply(s, ctx, ev, err);
	case CC_EV_PAUSE:
		return apply_pause(s, err);
	case CC_EV_RESUME:
		return apply_resume(s, ctx, err);
	case CC_EV_RESIGN:
		return apply_resign(s, ev, err);
	case CC_EV_ARBITER:
		return apply_arbiter(s, ev, err);
	case CC_EV_TICK:
		return CC_OK; /* time has passed: cc_match_advance() did everything */
	case CC_EV_HOLD:
		return apply_hold(s, err);
	case CC_EV_RELEASE:
		return apply_release(s, err);
	case CC_EV_UNDO:
	case CC_EV_IN_TIME:
	case CC_EV_SAN:
		break; /* rebuilds of the history: prepare() */
	case CC_EV_CARD:
	case CC_EV_PLACE:
	case CC_EV_STOP:
		return cc_refuse(err, CC_MSG_UNO_EVENT_NOT_HERE);
	}
	return cc_refuse(err, CC_MSG_UNKNOWN_EVENT);
}

/* ---- event constructors ---------------------------------------------------- */

static cc_event event_of(cc_event_kind kind, int64_t t_ms)
{
	cc_event ev;
	memset(&ev, 0, sizeof ev);
	ev.kind = kind;
	ev.t_ms = t_ms;
	ev.winner = CC_WINNER_NONE;
	return ev;
}

cc_event cc_event_start(int64_t t_ms)
{
	return event_of(CC_EV_START, t_ms);
}

cc_event cc_event_move(int64_t t_ms, cc_side side, bool gives_check)
{
	cc_event ev = event_of(CC_EV_MOVE, t_ms);
	ev.side = side;
	ev.gives_check = gives_check;
	return ev;
}

cc_event cc_event_move_text(int64_t t_ms, cc_side side, const char *san_or_uci)
{
	cc_event ev = event_of(CC_EV_MOVE, t_ms);
	ev.side = side;
	snprintf(ev.text, sizeof ev.text, "%s", san_or_uci ? san_or_uci : "");
	return ev;
}

cc_event cc_event_mate(int64_t t_ms)
{
	return event_of(CC_EV_MATE, t_ms);
}

cc_event cc_event_cube(int64_t t_ms, cc_side side, int32_t cube_cs)
{
	cc_event ev = event_of(CC_EV_CUBE, t_ms);
	ev.side = side;
	ev.cube_cs = cube_cs;
	return ev;
}

cc_event cc_event_pause(int64_t t_ms)
{
	return event_of(CC_EV_PAUSE, t_ms);
}

cc_event cc_event_resume(int64_t t_ms)
{
	return event_of(CC_EV_RESUME, t_ms);
}

cc_event cc_event_hold(int64_t t_ms)
{
	return event_of(CC_EV_HOLD, t_ms);
}

cc_event cc_event_release(int64_t t_ms)
{
	return event_of(CC_EV_RELEASE, t_ms);
}

cc_event cc_event_resign(int64_t t_ms, cc_side side)
{
	cc_event ev = event_of(CC_EV_RESIGN, t_ms);
	ev.side = side;
	return ev;
}

cc_event cc_event_arbiter(int64_t t_ms, cc_winner winner, const char *reason)
{
	cc_event ev = event_of(CC_EV_ARBITER, t_ms);
	ev.winner = winner;
	snprintf(ev.text, sizeof ev.text, "%s", reason ? reason : "");
	return ev;
}

cc_event cc_event_undo(int64_t t_ms)
{
	return event_of(CC_EV_UNDO, t_ms);
}

cc_event cc_event_tick(int64_t t_ms)
{
	return event_of(CC_EV_TICK, t_ms);
}

cc_event cc_event_correct(int64_t t_ms, cc_correct_target target, cc_side side, int64_t amount, bool relative,
                          const char *reason)
{
	cc_event e = event_of(CC_EV_CORRECT, t_ms);
	e.target = target;
	e.side = side;
	e.amount = amount;
	e.relative = relative;
	snprintf(e.text, sizeof e.text, "%s", reason);
	return e;
}

cc_event cc_event_claim(int64_t t_ms, cc_side side, const char *what)
{
	cc_event e = event_of(CC_EV_CLAIM, t_ms);
	e.side = side;
	snprintf(e.text, sizeof e.text, "%s", what ? what : "");
	return e;
}

cc_event cc_event_draw(int64_t t_ms)
{
	return event_of(CC_EV_DRAW, t_ms);
}

cc_event cc_event_press(int64_t t_ms, cc_side side)
{
	cc_event e = event_of(CC_EV_PRESS, t_ms);
	e.side = side;
	return e;
}

cc_event cc_event_san(int64_t t_ms, const char *san)
{
	cc_event e = event_of(CC_EV_SAN, t_ms);
	snprintf(e.text, sizeof e.text, "%s", san);
	return e;
}

cc_event cc_event_in_time(int64_t t_ms, cc_side side, bool gives_check, const char *san_or_uci)
{
	cc_event e = event_of(CC_EV_IN_TIME, t_ms);
	e.side = side;
	e.gives_check = gives_check;
	snprintf(e.text, sizeof e.text, "%s", san_or_uci ? san_or_uci : "");
	return e;
}
