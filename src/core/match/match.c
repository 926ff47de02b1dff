/*
 * match.c: the match container, a fold over timed events: creating and
 * destroying a match, the record and the history, undo and the rebuilds,
 * cc_match_check(), cc_match_apply() and cc_match_preview(). The events
 * every format shares and the event constructors are match_events.c's; a
 * game's own rules are its row of operations (game.h, match_internal.h):
 * match_chesscubing.c (Twice, Time), match_fide.c (chess), match_uno.c
 * (Chess-Uno); what time alone does is match_time.c's, the view
 * match_view.c's, the names match_names.c's and the seeded draws
 * match_draws.c's.
 *
 * State model. The whole state of a match is a plain struct (match_state)
 * materialized at one instant, its anchor. Clocks are kept as elapsed or
 * remaining milliseconds at the anchor; cc_match_advance() carries a state
 * forward to a later time, firing on the way the transitions that time
 * alone causes (a move clock running out, the 180 s of a block). An event
 * is applied to a copy advanced to its time stamp, and the copy replaces
 * the state only when the event is accepted, so a refusal changes nothing.
 * A view at time t is the same advance on a copy: queries never mutate.
 *
 * History. Besides the record (every accepted event, undos included) the
 * match keeps its history: the events it now stands on (history_entry).
 * An undo takes the last event of the history that is not a tick out of
 * it, and a move declared played in time (IN_TIME) puts a move into it
 * where the clock ran out; then the match is rebuilt by replaying the
 * history through a new match and carried forward to the time of the
 * undo or the declaration, so the time that passed counts for whoever was
 * really to move and what time alone causes happens (RU-14, RU-26).
 * Replaying the record re-runs the same rebuilds. No state is copied per
 * event: an event costs its own size and a history entry.
 *
 * Journal. Block summaries are appended to an array owned by the match;
 * the state only holds how many are valid, so an undo that restores an
 * older state also forgets the summaries written after it. The plies of
 * moves recording are a second journal kept the same way; the board itself
 * is part of the state (match_moves.c).
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match_internal.h"

/* ---- the match object ----------------------------------------------------- */

void cc_match_settings_default(cc_match_settings *settings)
{
	memset(settings, 0, sizeof *settings);
	settings->format = CC_FORMAT_TWICE;
	settings->category = CC_CATEGORY_FAST;
	settings->record = CC_RECORD_COUNT;
	snprintf(settings->white, sizeof settings->white, "White");
	snprintf(settings->black, sizeof settings->black, "Black");
	settings->seed = 1;
	cc_uno_settings_default(&settings->uno.options);
}

bool cc_match_settings_no_clock(const cc_match_settings *cfg, cc_error *err)
{
	bool clock_fields = cfg->tc_increment_ms != 0 || cfg->tc_moves != 0 || cfg->tc_mode != CC_TC_FISCHER ||
	                    cfg->tc_more != 0;
	if (cfg->tc_base_ms != 0 || clock_fields || cfg->claims != CC_CLAIMS_AUTO) {
		cc_refuse(err, CC_MSG_TC_NOT_CHESSCUBING);
		return false;
	}
	return true;
}

/* The enums in range (a format is one the table of games has), a board
 * only moves recording keeps, the game's own settings, the names. */
static bool settings_valid(const cc_match_settings *cfg, cc_error *err)
{
	const cc_game_class *game = cc_game_class_find(cfg->format);
	if (!game || (unsigned)cfg->category > CC_CATEGORY_MASTERS ||
	    (unsigned)cfg->record > CC_RECORD_MOVES || (unsigned)cfg->variant > CC_CHESS_VARIANT_CHECKERED ||
	    (unsigned)cfg->claims > CC_CLAIMS_MANUAL) {
		cc_refuse(err, CC_MSG_UNKNOWN_SETTINGS);
		return false;
	}
	if (cfg->variant != CC_CHESS_VARIANT_STANDARD && cfg->record != CC_RECORD_MOVES) {
		cc_refuse(err, CC_MSG_VARIANT_NEEDS_MOVES_RECORDING, cc_chess_variant_name(cfg->variant));
		return false;
	}
	if (!game->rules->settings_valid(cfg, err))
		return false;
	/* RU-24: a name is one line of valid UTF8 that fits (by the rule its
	 * record was made under: a new match's names are checked further by
	 * cc_match_settings_names_check). */
	const char *names[] = {cfg->white, cfg->black};
	for (int i = 0; i < 2; i++) {
		if (!memchr(names[i], '\0', CC_NAME_MAX) || !cc_text_was_line(names[i])) {
			cc_refuse(err, CC_MSG_PLAYER_NAME_NOT_A_LINE, i == 0 ? CC_SIDE_WHITE : CC_SIDE_BLACK, CC_NAME_MAX);
			return false;
		}
	}
	return true;
}

cc_err cc_match_settings_names_check(const cc_match_settings *cfg, cc_error *err)
{
	const char *names[] = {cfg->white, cfg->black};
	for (int i = 0; i < 2; i++) {
		cc_msg why;
		if (!memchr(names[i], '\0', CC_NAME_MAX))
			return cc_refuse(err, CC_MSG_PLAYER_NAME_NOT_A_LINE, i == 0 ? CC_SIDE_WHITE : CC_SIDE_BLACK,
			                 CC_NAME_MAX);
		if (!cc_text_is_name(names[i], &why))
			return cc_refuse(err, why, names[i]);
	}
	/* Chess-Uno's own names of its players (white=, black= among its
	 * options; "" when none) are names too (RU-24.3) */
	for (int i = 0; i < 2; i++) {
		const char *uno = cfg->uno.options.players[i];
		cc_msg why;
		if (uno[0] && !cc_text_is_name(uno, &why))
			return cc_refuse(err, why, uno);
	}
	return CC_OK;
}

cc_err cc_match_create(cc_match **out, const cc_match_settings *settings, cc_error *err)
{
	*out = NULL;
	if (!settings_valid(settings, err))
		return CC_ERR_INVALID;
	cc_match *m = calloc(1, sizeof *m);
	if (!m)
		return cc_refuse(err, CC_MSG_NOMEM);
	m->settings = *settings;
	m->settings.white[CC_NAME_MAX - 1] = '\0';
	m->settings.black[CC_NAME_MAX - 1] = '\0';
	match_state *s = &m->state;
	s->phase = CC_PHASE_SETUP;
	s->block = 1;
	s->to_move = CC_SIDE_WHITE;
	s->starter = CC_SIDE_WHITE;
	s->cube_cs[0] = s->cube_cs[1] = CC_CUBE_NONE;
	s->rng = settings->seed;
	s->winner = CC_WINNER_NONE;
	const cc_game_class *game = cc_match_game(settings);
	s->clock_ms[0] = s->clock_ms[1] = game->clock_ms; /* TI-1.1; a time control's: its create */
	cc_match_moves_init(m);
	cc_err rc = game->rules->create ? game->rules->create(m, err) : CC_OK;
	if (rc == CC_OK && !(m->checkpoints = malloc(sizeof *m->checkpoints)))
		rc = cc_refuse(err, CC_MSG_NOMEM);
	if (rc) {
		cc_match_destroy(m);
		return rc;
	}
	m->checkpoints[0] = (match_checkpoint){0, m->state};
	m->checkpoint_count = m->checkpoint_cap = 1;
	*out = m;
	return CC_OK;
}

void cc_match_destroy(cc_match *match)
{
	if (!match)
		return;
	free(match->events);
	free(match->texts);
	free(match->checkpoints);
	free(match->history);
	free(match->blocks);
	free(match->plies);
	const match_engine *engine = cc_match_engine(match);
	if (engine)
		engine->destroy(match->engine);
	free(match);
}

const cc_match_settings *cc_match_settings_of(const cc_match *match)
{
	return &match->settings;
}

/* Grows *items to hold at least need elements of size bytes. */
static bool reserve(void **items, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return true;
	size_t grown = *cap ? *cap * 2 : 16;
	while (grown < need)
		grown *= 2;
	void *p = realloc(*items, grown * size);
	if (!p)
		return false;
	*items = p;
	*cap = grown;
	return true;
}

/* Every buffer an accepted event may need, so acceptance itself cannot fail. */
static bool reserve_for_event(cc_match *m)
{
	return reserve((void **)&m->events, &m->event_cap, m->event_count + 1, sizeof *m->events) &&
	       reserve((void **)&m->texts, &m->texts_cap, m->texts_len + CC_TEXT_MAX, 1) &&
	       reserve((void **)&m->history, &m->history_cap, m->history_count + 1, sizeof *m->history) &&
	       reserve((void **)&m->checkpoints, &m->checkpoint_cap, m->checkpoint_count + 1,
	               sizeof *m->checkpoints) &&
	       reserve((void **)&m->blocks, &m->block_cap, m->state.block_count + 1, sizeof *m->blocks) &&
	       reserve((void **)&m->plies, &m->ply_cap, m->state.ply_count + MATCH_PENDING_PLIES, sizeof *m->plies);
}

static cc_err check_event_fields(const cc_event *ev, cc_error *err)
{
	if ((unsigned)ev->kind > CC_EV_RELEASE)
		return cc_refuse(err, CC_MSG_UNKNOWN_EVENT_KIND);
	if ((unsigned)ev->side > CC_SIDE_BLACK)
		return cc_refuse(err, CC_MSG_UNKNOWN_SIDE);
	if ((unsigned)ev->winner > CC_WINNER_NONE)
		return cc_refuse(err, CC_MSG_UNKNOWN_WINNER);
	if (memchr(ev->text, '\0', sizeof ev->text) == NULL)
		return cc_refuse(err, CC_MSG_EVENT_TEXT_UNTERMINATED);
	if (!cc_text_is_line(ev->text)) /* RU-24 */
		return cc_refuse(err, CC_MSG_EVENT_TEXT_NOT_A_LINE);
	if (ev->t_ms < 0 || ev->t_ms > CC_MATCH_TIME_MAX_MS) /* RU-23 */
		return cc_refuse(err, CC_MSG_TIME_OUT_OF_RANGE, ev->t_ms, CC_MATCH_TIME_MAX_MS);
	return CC_OK;
}

/* What accepting an event would do, worked out without touching the match. */
typedef struct {
	match_state next;
	apply_ctx ctx;
	cc_match *rebuilt;      /* UNDO, IN_TIME: the match replayed from a checkpoint */
	size_t from;            /* ... the history index of that checkpoint */
	size_t fill_at;         /* SAN: the history index of the stamp it fills, plus one (RU-35) */
	history_entry *history; /* ... and the history from there, */
	size_t history_count;   /* ... of this many entries */
	size_t history_cap;     /* ... in an array of this many */
} outcome;

/* Keeps ev as the next recorded event (room reserved before). */
static void pack(cc_match *m, const cc_event *ev)
{
	stored_event *se = &m->events[m->event_count++];
	memset(se, 0, sizeof *se);
	se->t_ms = ev->t_ms;
	se->amount = ev->amount;
	se->cube_cs = ev->cube_cs;
	se->kind = (uint8_t)ev->kind;
	se->side = (uint8_t)ev->side;
	se->winner = (uint8_t)ev->winner;
	se->target = (uint8_t)ev->target;
	se->gives_check = ev->gives_check;
	se->relative = ev->relative;
	se->from_timer = ev->kind == CC_EV_CUBE && ev->from_timer;
	size_t len = strlen(ev->text);
	if (len > 0) {
		se->text = (uint32_t)(m->texts_len + 1);
		memcpy(m->texts + m->texts_len, ev->text, len + 1);
		m->texts_len += len + 1;
	}
}

/* Recorded event i, whole again. */
static cc_event unpack(const cc_match *m, size_t i)
{
	const stored_event *se = &m->events[i];
	cc_event ev;
	memset(&ev, 0, sizeof ev);
	ev.t_ms = se->t_ms;
	ev.amount = se->amount;
	ev.cube_cs = se->cube_cs;
	ev.kind = (cc_event_kind)se->kind;
	ev.side = (cc_side)se->side;
	ev.winner = (cc_winner)se->winner;
	ev.target = (cc_correct_target)se->target;
	ev.gives_check = se->gives_check;
	ev.relative = se->relative;
	ev.from_timer = se->from_timer;
	if (se->text)
		snprintf(ev.text, sizeof ev.text, "%s", m->texts + se->text - 1);
	return ev;
}

/* The event of history entry e: an IN_TIME event stands as the move it
 * declares, at the moment the clock ran out (RU-26). An entry one past the
 * record is the event being checked, declared. */
static cc_event history_event(const cc_match *m, const history_entry *e, const cc_event *declared)
{
	cc_event ev = e->raw < m->event_count ? unpack(m, e->raw) : *declared;
	if (ev.kind == CC_EV_IN_TIME) {
		ev.kind = CC_EV_MOVE;
		ev.t_ms = e->t_ms;
	}
	/* RU-35: a stamp its SAN filled is that move, at the stamp. */
	if (ev.kind == CC_EV_PRESS && e->fill) {
		cc_event san = e->fill - 1 < m->event_count ? unpack(m, e->fill - 1) : *declared;
		ev.kind = CC_EV_MOVE;
		memcpy(ev.text, san.text, sizeof ev.text);
	}
	/* RU-28, RU-30: an undo in the history is the stop it made, a pause
	 * where the flag fell (or at the event taken back after it). */
	if (ev.kind == CC_EV_UNDO) {
		ev.kind = CC_EV_PAUSE;
		ev.t_ms = e->t_ms;
	}
	return ev;
}

static void outcome_free(outcome *out)
{
	cc_match_destroy(out->rebuilt);
	free(out->history);
	out->rebuilt = NULL;
	out->history = NULL;
}

/* The last checkpoint at or before history index at. */
static const match_checkpoint *checkpoint_before(const cc_match *m, size_t at)
{
	size_t i = m->checkpoint_count;
	while (i > 1 && m->checkpoints[i - 1].at > at)
		i--;
	return &m->checkpoints[i - 1];
}

/* A new match standing where checkpoint cp of m stands, its journals as
 * they were then. */
static cc_err match_at_checkpoint(const cc_match *m, const match_checkpoint *cp, cc_match **out, cc_error *err)
{
	cc_match *r = NULL;
	cc_err rc = cc_match_create(&r, &m->settings, err);
	if (rc)
		return rc;
	r->state = cp->state;
	r->checkpoints[0].state = cp->state;
	if (!reserve((void **)&r->blocks, &r->block_cap, cp->state.block_count + 1, sizeof *r->blocks) ||
	    !reserve((void **)&r->plies, &r->ply_cap, cp->state.ply_count + MATCH_PENDING_PLIES, sizeof *r->plies)) {
		cc_match_destroy(r);
		return cc_refuse(err, CC_MSG_NOMEM);
	}
	if (cp->state.block_count)
		memcpy(r->blocks, m->blocks, cp->state.block_count * sizeof *r->blocks);
	if (cp->state.ply_count)
		memcpy(r->plies, m->plies, cp->state.ply_count * sizeof *r->plies);
	*out = r;
	return CC_OK;
}

/*
 * What m would be had its history been different from index `from` on:
 * entries skip and skip2 left out (those below the count) and extra put in
 * (when given), replayed from the last checkpoint before the change
 * through a new match, then carried to time t (RU-14, RU-26, RU-28).
 * out->history receives the new entries from out->from on. A refused
 * entry refuses the rebuild with its reason.
 */
static cc_err rebuild(const cc_match *m, size_t skip, size_t skip2, const history_entry *extra,
                      const cc_event *declared, int64_t t, outcome *out, cc_error *err)
{
	size_t change = skip < m->history_count ? skip : m->history_count, extra_at = SIZE_MAX;
	if (skip2 < change)
		change = skip2;
	if (out->fill_at && out->fill_at - 1 < change)
		change = out->fill_at - 1;
	if (extra) {
		/* The declared event goes before the ticks recorded after it,
		 * and before a hold at its very millisecond (RU-31). */
		extra_at = m->history_count;
		while (extra_at > 0 && (m->history[extra_at - 1].t_ms > extra->t_ms ||
		                        (m->history[extra_at - 1].t_ms == extra->t_ms &&
		                         m->events[m->history[extra_at - 1].raw].kind == (uint8_t)CC_EV_HOLD)))
			extra_at--;
		if (extra_at < change)
			change = extra_at;
	}
	const match_checkpoint *cp = checkpoint_before(m, change);
	out->from = cp->at;
	out->history_cap = m->history_count - cp->at + 1;
	out->history = malloc(out->history_cap * sizeof *out->history);
	cc_err rc = out->history ? match_at_checkpoint(m, cp, &out->rebuilt, err)
	                         : cc_refuse(err, CC_MSG_NOMEM);
	size_t n = 0;
	for (size_t i = cp->at; rc == CC_OK && i <= m->history_count; i++) {
		if (extra && i == extra_at)
			out->history[n++] = *extra;
		if (i < m->history_count && i != skip && i != skip2)
			out->history[n++] = m->history[i];
		if (i + 1 == out->fill_at)
			out->history[n - 1].fill = m->event_count + 1;
	}
	size_t kept = 0;
	for (size_t i = 0; rc == CC_OK && i < n; i++) {
		cc_event ev = history_event(m, &out->history[i], declared);
		cc_error why;
		if (cc_match_apply(out->rebuilt, &ev, &why) == CC_OK)
			out->history[kept++] = out->history[i];
		else if (ev.kind != CC_EV_PRESS) {
			if (err)
				*err = why;
			rc = why.code;
		}
		/* RU-35: a stamp the history no longer allows (after a mate, a
		 * block its SAN ended) is void: it leaves the history. */
	}
	n = kept;
	cc_event now = cc_event_tick(t);
	if (rc == CC_OK)
		rc = cc_match_apply(out->rebuilt, &now, err);
	if (rc) {
		outcome_free(out);
		return rc;
	}
	out->history_count = n;
	out->next = out->rebuilt->state;
	return CC_OK;
}

/* Is kind only time passing, or the clocks held around a dialog (RU-31)?
 * Undo passes over those, and a declaration in time may follow them. */
static bool is_passive(cc_event_kind kind)
{
	return kind == CC_EV_TICK || kind == CC_EV_HOLD || kind == CC_EV_RELEASE;
}

/* The history entry an undo takes out: the last one not a tick or a hold. */
static size_t undo_entry(const cc_match *m)
{
	for (size_t i = m->history_count; i-- > 0;)
		if (!is_passive((cc_event_kind)m->events[m->history[i].raw].kind))
			return i;
	return SIZE_MAX;
}

/* Is history entry i a stop, the pause an undo left (RU-28, RU-30)? */
static bool is_stop(const cc_match *m, size_t i)
{
	return m->events[m->history[i].raw].kind == (uint8_t)CC_EV_UNDO;
}

/* The last history entry before index i that is not a tick or a hold; SIZE_MAX for none. */
static size_t act_before(const cc_match *m, size_t i)
{
	while (i-- > 0)
		if (!is_passive((cc_event_kind)m->events[m->history[i].raw].kind))
			return i;
	return SIZE_MAX;
}

/*
 * RU-30: an undo while the clocks stand stopped by an undo takes back the
 * stop and the event before it, and the clocks stay stopped, now at that
 * event's time (a pause there). Back to a resume or the start, nothing
 * needs stopping: the pause before the resume holds, or the game is not
 * started yet.
 */
static cc_err undo_before_stop(const cc_match *m, size_t stop, const cc_event *ev, outcome *out, cc_error *err)
{
	size_t before = act_before(m, stop);
	if (before == SIZE_MAX)
		return rebuild(m, stop, SIZE_MAX, NULL, NULL, ev->t_ms, out, err);
	cc_event prev = history_event(m, &m->history[before], NULL);
	if (prev.kind == CC_EV_START || prev.kind == CC_EV_RESUME)
		return rebuild(m, stop, before, NULL, NULL, ev->t_ms, out, err);
	history_entry pause = {m->event_count, m->history[before].t_ms, 0};
	return rebuild(m, stop, before, &pause, ev, ev->t_ms, out, err);
}

/* Has s ended by a flag fall, which an undo takes back (RU-28)? */
static bool flag_over(const cc_match *m, const match_state *s)
{
	const cc_game_rules *rules = cc_match_game(&m->settings)->rules;
	return rules->flag_over && rules->flag_over(s);
}

/* RU-14, and in a chess game RU-28 and RU-30. */
static cc_err prepare_undo(const cc_match *m, const cc_event *ev, const match_state *now, outcome *out,
                           cc_error *err)
{
	if (flag_over(m, now)) {
		/* RU-28: the fall is taken back, not an event: the clocks stop
		 * where it happened, a pause at that millisecond. */
		history_entry stop = {m->event_count, now->flag_ms, 0};
		return rebuild(m, SIZE_MAX, SIZE_MAX, &stop, ev, ev->t_ms, out, err);
	}
	size_t target = undo_entry(m);
	if (target == SIZE_MAX)
		return cc_refuse(err, CC_MSG_NOTHING_TO_UNDO);
	if (is_stop(m, target))
		return undo_before_stop(m, target, ev, out, err);
	return rebuild(m, target, SIZE_MAX, NULL, NULL, ev->t_ms, out, err);
}

/* RU-26: the move declared played in time, where its clock ran out. */
static cc_err prepare_in_time(const cc_match *m, const cc_event *ev, const match_state *now, outcome *out,
                              cc_error *err)
{
	if (!now->has_loss || now->loss_ms <= now->last_act_ms)
		return cc_refuse(err, CC_MSG_NOTHING_IN_TIME);
	if (ev->side != now->loss_side)
		return cc_refuse(err, CC_MSG_IN_TIME_OTHER_SIDE, now->loss_side, ev->side);
	history_entry declared = {m->event_count, now->loss_ms, 0};
	int lost_before = now->lost[ev->side]; /* now is out->next, which the rebuild replaces */
	cc_err rc = rebuild(m, SIZE_MAX, SIZE_MAX, &declared, ev, ev->t_ms, out, err);
	if (rc == CC_OK && out->rebuilt->state.lost[ev->side] >= lost_before)
		rc = cc_refuse(err, CC_MSG_IN_TIME_STILL_LOST);
	if (rc && out->rebuilt)
		outcome_free(out);
	return rc;
}

/* RU-35: the SAN of the oldest stamp waiting for one: that stamp becomes
 * the move, at its time, and everything after it is replayed. */
static cc_err prepare_san(const cc_match *m, const cc_event *ev, const match_state *now, outcome *out,
                          cc_error *err)
{
	/* The stamps waiting are the last unfilled presses of the history:
	 * looked for from its end, so a long record costs no more. */
	size_t waiting = 0;
	for (size_t i = m->history_count; i-- > 0 && now->stamps > 0;) {
		if (m->events[m->history[i].raw].kind == (uint8_t)CC_EV_PRESS && !m->history[i].fill &&
		    ++waiting == now->stamps) {
			out->fill_at = i + 1;
			return rebuild(m, SIZE_MAX, SIZE_MAX, NULL, ev, ev->t_ms, out, err);
		}
	}
	return cc_refuse(err, CC_MSG_NO_STAMP_PENDING);
}

static cc_err prepare(const cc_match *match, const cc_event *ev, outcome *out, cc_error *err)
{
	memset(out, 0, sizeof *out);
	cc_err rc = check_event_fields(ev, err);
	if (rc)
		return rc;
	if (ev->t_ms < match->state.anchor_ms)
		return cc_refuse(err, CC_MSG_TIME_BACKWARDS, ev->t_ms, match->state.anchor_ms);
	out->ctx.cfg = &match->settings;
	out->ctx.match = match;
	out->next = match->state;
	cc_match_advance(&out->next, &out->ctx, ev->t_ms);
	if (ev->kind == CC_EV_UNDO)
		return prepare_undo(match, ev, &out->next, out, err);
	if (ev->kind == CC_EV_IN_TIME)
		return prepare_in_time(match, ev, &out->next, out, err);
	if (ev->kind == CC_EV_SAN)
		return prepare_san(match, ev, &out->next, out, err);
	rc = cc_match_apply_event(&out->next, &out->ctx, ev, err);
	if (rc == CC_OK && !is_passive(ev->kind)) {
		out->next.last_act_ms = ev->t_ms;
		out->next.last_was_move = ev->kind == CC_EV_MOVE;
	}
	return rc;
}

cc_err cc_match_check(const cc_match *match, const cc_event *ev, cc_match_view *after, cc_error *err)
{
	outcome out;
	const match_engine *engine = cc_match_engine(match);
	if (engine) {
		cc_err rc = check_event_fields(ev, err);
		return rc ? rc : engine->check(match, ev, after, err);
	}
	cc_err rc = prepare(match, ev, &out, err);
	if (rc == CC_OK && after)
		cc_match_fill_view(out.rebuilt ? out.rebuilt : match, &out.next, out.rebuilt ? NULL : &out.ctx, after);
	outcome_free(&out);
	return rc;
}

/* The rebuilt match's state, journals, history and checkpoints from the
 * change on become the match's. Only grows arrays that reserve_for_event()
 * and the rebuild sized: cannot fail once prepared. */
static cc_err take_rebuilt(cc_match *match, outcome *out, cc_error *err)
{
	cc_match *r = out->rebuilt;
	size_t keep = 0;
	while (keep < match->checkpoint_count && match->checkpoints[keep].at <= out->from)
		keep++;
	size_t new_checkpoints = 0;
	for (size_t i = 1; i < r->checkpoint_count; i++)
		new_checkpoints += r->checkpoints[i].at <= out->history_count;
	if (!reserve((void **)&match->history, &match->history_cap, out->from + out->history_count,
	             sizeof *match->history) ||
	    !reserve((void **)&match->checkpoints, &match->checkpoint_cap, keep + new_checkpoints + 1,
	             sizeof *match->checkpoints))
		return cc_refuse(err, CC_MSG_NOMEM);
	cc_block_summary *blocks = match->blocks;
	match_ply *plies = match->plies;
	size_t block_cap = match->block_cap, ply_cap = match->ply_cap;
	match->blocks = r->blocks;
	match->block_cap = r->block_cap;
	match->plies = r->plies;
	match->ply_cap = r->ply_cap;
	r->blocks = blocks;
	r->block_cap = block_cap;
	r->plies = plies;
	r->ply_cap = ply_cap;
	memcpy(match->history + out->from, out->history, out->history_count * sizeof *match->history);
	match->history_count = out->from + out->history_count;
	match->checkpoint_count = keep;
	for (size_t i = 1; i < r->checkpoint_count; i++)
		if (r->checkpoints[i].at <= out->history_count)
			match->checkpoints[match->checkpoint_count++] =
				(match_checkpoint){out->from + r->checkpoints[i].at, r->checkpoints[i].state};
	match->state = out->next;
	return CC_OK;
}

cc_err cc_match_apply(cc_match *match, const cc_event *ev, cc_error *err)
{
	outcome out;
	if (!reserve_for_event(match))
		return cc_refuse(err, CC_MSG_NOMEM);
	const match_engine *engine = cc_match_engine(match);
	if (engine) {
		cc_err rc = check_event_fields(ev, err);
		if (rc == CC_OK)
			rc = engine->apply(match, ev, err);
		if (rc == CC_OK)
			pack(match, ev);
		return rc;
	}
	cc_err rc = prepare(match, ev, &out, err);
	if (rc)
		return rc;
	if (out.rebuilt) {
		rc = take_rebuilt(match, &out, err);
		outcome_free(&out);
		if (rc)
			return rc;
	} else {
		if (out.ctx.wrote_summary)
			match->blocks[out.next.block_count - 1] = out.ctx.summary;
		assert(out.next.ply_count >= out.ctx.pending_count);
		for (size_t i = 0; i < out.ctx.pending_count; i++)
			match->plies[out.next.ply_count - out.ctx.pending_count + i] = out.ctx.pending[i];
		match->history[match->history_count++] = (history_entry){match->event_count, ev->t_ms, 0};
		match->state = out.next;
		if (match->history_count % MATCH_CHECKPOINT_EVERY == 0)
			match->checkpoints[match->checkpoint_count++] = (match_checkpoint){match->history_count, out.next};
	}
	pack(match, ev);
	return CC_OK;
}

int64_t cc_match_last_time(const cc_match *match)
{
	return match->state.anchor_ms;
}

size_t cc_match_event_count(const cc_match *match)
{
	return match->event_count;
}

bool cc_match_event_at(const cc_match *match, size_t index, cc_event *out)
{
	if (index >= match->event_count)
		return false;
	*out = unpack(match, index);
	return true;
}

bool cc_match_undo_target(const cc_match *match, cc_event *out)
{
	const match_engine *engine = cc_match_engine(match);
	if (engine) {
		size_t n = engine->history_count(match);
		return n > 0 && engine->history_at(match, n - 1, out);
	}
	size_t i = undo_entry(match);
	/* RU-28: after a flag fall the fall is taken back, no event. */
	if (i == SIZE_MAX || flag_over(match, &match->state))
		return false;
	/* RU-30: under a stop, the event before it goes. */
	if (is_stop(match, i) && (i = act_before(match, i)) == SIZE_MAX)
		return false;
	*out = unpack(match, match->history[i].raw);
	if (match->history[i].fill) /* RU-35: the move its SAN made */
		*out = history_event(match, &match->history[i], NULL);
	return true;
}

size_t cc_match_history_count(const cc_match *match)
{
	const match_engine *engine = cc_match_engine(match);
	return engine ? engine->history_count(match) : match->history_count;
}

bool cc_match_history_at(const cc_match *match, size_t index, cc_event *out)
{
	const match_engine *engine = cc_match_engine(match);
	if (engine)
		return engine->history_at(match, index, out);
	if (index >= match->history_count)
		return false;
	*out = history_event(match, &match->history[index], NULL);
	return true;
}

size_t cc_match_block_count(const cc_match *match)
{
	return match->state.block_count;
}

const cc_block_summary *cc_match_block_at(const cc_match *match, size_t index)
{
	return index < match->state.block_count ? &match->blocks[index] : NULL;
}

bool cc_match_resume_event(const cc_match *match, cc_event *out)
{
	/* RU-18: the clocks stopped at the last event; a running block comes back paused. */
	const match_state *s = &match->state;
	if (match->engine || ((s->phase != CC_PHASE_BLOCK || !s->block_started || s->paused) && !s->held))
		return false;
	/* RU-31: stopped under a dialog: no dialog is open any more; a running
	 * block comes back paused (the pause takes over the hold), else the
	 * hold is released. */
	if (s->held && (s->phase != CC_PHASE_BLOCK || !s->block_started || s->paused))
		*out = cc_event_release(s->anchor_ms);
	else
		*out = cc_event_pause(s->anchor_ms);
	return true;
}

const match_engine *cc_match_engine(const cc_match *m)
{
	return m->engine ? cc_match_game(&m->settings)->rules->engine : NULL;
}

bool cc_match_complete_event(const cc_match *match, cc_event *ev)
{
	const match_engine *engine = cc_match_engine(match);
	return engine && engine->complete(match, ev);
}

cc_err cc_match_preview(const cc_match *match, const cc_event *evs, size_t n, int64_t t_ms, cc_match_view *after,
                        cc_error *err)
{
	/* The events are the truth: a new match fed the same history is the
	 * match, and takes the hypothetical events where the real one cannot. */
	cc_match *copy = NULL;
	cc_err rc = cc_match_create(&copy, cc_match_settings_of(match), err);
	cc_event recorded;
	for (size_t i = 0; rc == CC_OK && cc_match_event_at(match, i, &recorded); i++)
		rc = cc_match_apply(copy, &recorded, err);
	for (size_t i = 0; rc == CC_OK && i < n; i++)
		rc = cc_match_apply(copy, &evs[i], err);
	if (rc == CC_OK)
		cc_match_view_at(copy, t_ms, after);
	cc_match_destroy(copy);
	return rc;
}

