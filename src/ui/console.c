/*
 * console.c: the console object: keys become commands, commands become
 * events for the core, and a frame is drawn from the view at one time.
 *
 * Nothing here decides a rule: a move is always sent for the side the view
 * says is to move, and a refusal from the core is shown as it comes. What
 * lives here is UI state only: the setup form, the dialog being answered,
 * help, the bell switch, the optional stopwatch and the message line.
 */
#include "ui_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chesscubing/session_describe.h"

static void set_message(cc_ui_console *c, bool error, const char *text);
static void say_refusal(cc_ui_console *c, const cc_error *err);

/* A fresh seed for the cube draws; a failed random source is said, and the
 * arbiter then types a seed. */
static void new_seed(cc_ui_console *c)
{
	cc_error err = {0};
	if (cc_session_random(&c->form.seed, &err) != CC_OK) {
		c->form.seed = 0;
		say_refusal(c, &err);
	}
}

static void form_reset(cc_ui_form *form)
{
	memset(form, 0, sizeof *form);
	cc_match_settings defaults; /* the core's default game */
	cc_match_settings_default(&defaults);
	form->format = defaults.format;
	form->category = defaults.category;
	snprintf(form->player[0], sizeof form->player[0], "%s", _("Player 1"));
	snprintf(form->player[1], sizeof form->player[1], "%s", _("Player 2"));
	form->colours = CC_UI_COLOURS_LOT;
	form->field = CC_UI_FIELD_FORMAT;
	/* A chess game's clock until the arbiter says otherwise: blitz, as
	 * clubs most often play it. */
	form->tc_base_ms = 5 * 60000;
	form->tc_increment_ms = 3000;
	cc_uno_settings_default(&form->uno);
}

/* An unfinished match in the record is offered on the setup screen. */
static void find_offer(cc_ui_console *c)
{
	int64_t id;
	bool in_use = false;
	c->has_offer = c->db && cc_session_db_latest(c->db, true, &id, NULL) == CC_OK &&
	               cc_session_db_info(c->db, id, &c->offer, NULL) == CC_OK;
	/* Not one another console is running (a club evening's other board). */
	if (c->has_offer && cc_session_db_in_use(c->db, id, &in_use, NULL) == CC_OK && in_use)
		c->has_offer = false;
}

cc_err cc_ui_console_init(cc_ui_console *c, cc_session_db *db, cc_error *err)
{
	(void)err;
	memset(c, 0, sizeof *c);
	form_reset(&c->form);
	new_seed(c);
	c->db = db;
	c->bell_on = true;
	c->bell_second = 99;
	c->clock_key[CC_SIDE_WHITE] = CC_UI_KEY_WHITE;
	c->clock_key[CC_SIDE_BLACK] = CC_UI_KEY_BLACK;
	c->last_move_key_ms = INT64_MIN / 2;
	find_offer(c);
	cc_ui_club_refresh(c, false);
	c->form.field = cc_ui_setup_step(c, CC_UI_FIELD_START, 1);
	return CC_OK;
}

void cc_ui_console_show(cc_ui_console *c, cc_session *session)
{
	cc_session_destroy(c->session);
	c->session = session;
	c->match = session ? cc_session_match(session) : NULL;
	c->view_valid = false;
}

void cc_ui_console_fini(cc_ui_console *c)
{
	cc_ui_console_show(c, NULL);
	cc_ui_club_fini(c);
}

const char *cc_ui_side_label(cc_side side)
{
	switch (side) {
	case CC_SIDE_WHITE:
		return _("White");
	case CC_SIDE_BLACK:
		return _("Black");
	}
	return "?";
}

const char *cc_ui_console_name(const cc_ui_console *c, cc_side side)
{
	const cc_match_settings *s;
	if (!c->match)
		return "";
	s = cc_match_settings_of(c->match);
	return side == CC_SIDE_WHITE ? s->white : s->black;
}

const char *cc_ui_console_holder(const cc_ui_console *c, cc_side side)
{
	/* Chess-Uno: an Inversion gives the army to the other player. */
	return c->match ? cc_ui_console_name(c, cc_session_uno_holder(c->match, side)) : "";
}

static void set_message(cc_ui_console *c, bool error, const char *text)
{
	snprintf(c->message, sizeof c->message, "%s", text);
	c->message_error = error;
}

void cc_ui_key_name(int key, char *buf, size_t size)
{
	if (key == ' ')
		snprintf(buf, size, "%s", _("Space"));
	else
		snprintf(buf, size, "%c", (char)key);
}

bool cc_ui_clock_keys_valid(char w, char b)
{
	/* The block screen's own keys, in either case, and the setup's. */
	static const char taken[] = " +sSpPrRmMuUaAbBvVlLqQ?";
	for (int i = 0; i < 2; i++) {
		char k = i == 0 ? w : b;
		if (k <= ' ' || k > '~' || strchr(taken, k))
			return false;
	}
	return w != b;
}

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

/* The log's lines, each at the wall time the console saw it: the last
 * event's commit time, less the match time since each line's event. */
typedef struct {
	cc_ui_console *c;
	int64_t last_core_ms;
	int64_t last_wall_ms;
} log_fill;

static void fill_line(void *ctx, int64_t t_ms, cc_session_log_kind kind, const char *text)
{
	log_fill *f = ctx;
	/* A tick is the record's way of keeping what time changed: what it
	 * changed is told, not the tick. */
	if (kind == CC_SESSION_LOG_TICK)
		return;
	f->c->wall_ms = t_ms >= 0 ? f->last_wall_ms - (f->last_core_ms - t_ms) : f->last_wall_ms;
	cc_ui_console_log(f->c, kind == CC_SESSION_LOG_TIME, text);
}

void cc_ui_console_fill_log(cc_ui_console *c, int64_t last_wall_ms)
{
	log_fill f = {c, cc_match_last_time(c->match), last_wall_ms};
	int64_t wall = c->wall_ms;
	c->log_count = c->log_next = 0;
	c->log_scroll = 0;
	cc_session_event_log(c->match, fill_line, &f);
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
static void announce_changes(cc_ui_console *c, const cc_match_view *before, bool by_time)
{
	char text[sizeof c->announce];
	cc_session_describe_changes(before, &c->view, cc_match_settings_of(c->match), text, sizeof text);
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

/* Piece letters: the renderer's (cc_session_san_english/_local own them). */
void cc_ui_san_to_english(const char *typed, char *out, size_t size)
{
	cc_session_san_english(typed, out, size);
}

void cc_ui_san_to_local(const char *san, char *out, size_t size)
{
	cc_session_san_local(san, out, size);
}

/* A refusal in the console's language, said by the renderer from its id
 * and arguments: in English the reason alone, as before; translated, with
 * the language's "Refused:". */
static void refusal_line(const cc_error *err, char *buf, size_t size)
{
	char reason[2 * CC_ERROR_MESSAGE_MAX];
	cc_session_describe_refusal(err, reason, sizeof reason);
	if (strcmp(_("Refused: %s."), "Refused: %s.") == 0) {
		size_t n = cc_text_fit(reason, size - 1);
		memcpy(buf, reason, n);
		buf[n] = '\0';
	} else
		snprintf(buf, size, _("Refused: %s."), reason);
}

/* Shows a refusal on the message line. */
static void say_refusal(cc_ui_console *c, const cc_error *err)
{
	char line[sizeof c->message];
	refusal_line(err, line, sizeof line);
	set_message(c, true, line);
}

/* A chess game ended on a flag fall: an undo takes back the fall (RU-28). */
static bool flag_fell(const cc_ui_console *c)
{
	const cc_match_view *v = &c->view;
	return c->match && v->over && (v->reason == CC_REASON_TIME || v->reason == CC_REASON_TIME_DRAW);
}

/* Chess-Uno: the step the last event made, as the renderer says it. */
static void log_uno_step(cc_ui_console *c)
{
	char line[512];
	if (cc_session_describe_last_uno_step(c->match, line, sizeof line))
		cc_ui_console_log(c, false, line);
}

/* Sends event; on a refusal writes the reason into why (one line). */
static bool apply_event(cc_ui_console *c, const cc_event *event, char *why, size_t size)
{
	cc_error err = {0};
	cc_match_view before = c->view;
	char what[CC_TEXT_MAX + 96], line[CC_TEXT_MAX + 160];
	/* Every change takes the live path: checked by the core, committed to
	 * the record, then applied, so the screen never shows an event that
	 * the record lacks (RE-1.1, RE-1.2). */
	if (!c->session)
		return false;
	if (event->kind == CC_EV_UNDO) {
		cc_event target;
		if (cc_match_undo_target(c->match, &target))
			cc_session_describe_event(&target, cc_match_settings_of(c->match), what, sizeof what);
		else
			snprintf(what, sizeof what, "%s", flag_fell(c) ? _("the flag fall") : "");
	}
	if (cc_session_apply(c->session, event, &err) != CC_OK) {
		refusal_line(&err, why, size);
		return false;
	}
	c->message[0] = '\0';
	c->announce[0] = '\0';
	cc_match_view_at(c->match, c->now_ms, &c->view);
	c->said = c->view;
	if (event->kind == CC_EV_UNDO)
		snprintf(line, sizeof line, _("undo: takes back \"%s\""), what);
	else
		cc_session_describe_event(event, cc_match_settings_of(c->match), line, sizeof line);
	if ((cc_game_class_of_match(c->match)->traits & CC_GAME_DEALT) && event->kind != CC_EV_UNDO &&
	    event->kind != CC_EV_TICK)
		log_uno_step(c); /* what the core says the event did: the card's effect, a mate */
	else
		cc_ui_console_log(c, false, line);
	if (event->kind != CC_EV_UNDO)
		announce_changes(c, &before, false);
	return true;
}

bool cc_ui_console_apply(cc_ui_console *c, const cc_event *event)
{
	char why[sizeof c->message];
	if (apply_event(c, event, why, sizeof why))
		return true;
	set_message(c, true, why);
	return false;
}

static bool moves_recording(const cc_ui_console *c)
{
	return c->match && cc_match_settings_of(c->match)->record == CC_RECORD_MOVES;
}

/* A new match is on screen: the UI state of the last one is dropped. */
static void match_shown(cc_ui_console *c)
{
	c->message[0] = '\0';
	c->has_offer = false;
	memset(&c->stopwatch, 0, sizeof c->stopwatch);
	cc_match_view_at(c->match, c->now_ms, &c->view);
	c->view_valid = true;
	c->said = c->view;
	c->log_count = c->log_next = 0;
	c->log_scroll = 0;
	c->announce[0] = '\0';
}

/* Creates the match of settings on the club's terms (NULL: rated, in no event). */
static void create_club(cc_ui_console *c, const cc_match_settings *settings, bool colours_by_lot,
                        const cc_session_club_options *club)
{
	cc_session *session = NULL;
	cc_error err = {0};
	/* The session draws the colours, derives the scramble sheet and
	 * records both with the match (RE-1.1), its players in the registry
	 * and its pairing filled (CL-1.2, CL-3.7). */
	cc_err rc = cc_session_create_club(&session, c->db, settings, colours_by_lot, club, &err);
	if (rc != CC_OK) {
		cc_ui_club_refused(c, rc, &err);
		return;
	}
	cc_ui_console_show(c, session);
	c->colours_by_lot = colours_by_lot;
	match_shown(c);
}

/*
 * Chess-Uno's settings from the form. The session deals from the kernel's
 * random source; only the test build (chesscubing-test) fixes the deal,
 * through cc_clock_test_deck() (always NULL in the shipped program), which
 * the screen then says in red on every turn: never offered at the board.
 */
static bool uno_settings(cc_ui_console *c, cc_match_settings *s)
{
	const char *deck = cc_clock_test_deck();
	cc_error err = {0};
	s->uno.options = c->form.uno;
	s->record = CC_RECORD_MOVES;
	if (!deck || !deck[0])
		return true;
	if (cc_session_uno_fixed_deal(&s->uno, deck, 1, &err) != CC_OK) {
		say_refusal(c, &err);
		return false;
	}
	c->test_deck = true;
	return true;
}

void cc_ui_console_create_from(cc_ui_console *c, const cc_match_settings *settings, bool colours_by_lot)
{
	create_club(c, settings, colours_by_lot, NULL);
}

void cc_ui_console_create_match(cc_ui_console *c)
{
	cc_match_settings s;
	cc_match_settings_default(&s);
	s.format = c->form.format;
	s.category = c->form.category;
	s.record = c->form.record;
	s.seed = c->form.seed;
	/* Player 1 is White unless the arbiter said otherwise; by lot, the
	 * session swaps them or not. */
	int white = c->form.colours == CC_UI_COLOURS_P2_WHITE ? 1 : 0;
	snprintf(s.white, sizeof s.white, "%s", c->form.player[white]);
	snprintf(s.black, sizeof s.black, "%s", c->form.player[1 - white]);
	cc_ui_form_chess_settings(&c->form, &s);
	c->test_deck = false;
	if (cc_game_has(s.format, CC_GAME_DEALT) && !uno_settings(c, &s))
		return;
	cc_session_club_options club;
	cc_ui_club_options(c, &club);
	create_club(c, &s, c->form.colours == CC_UI_COLOURS_LOT, &club);
}

cc_err cc_ui_console_resume(cc_ui_console *c, int64_t id, cc_error *err)
{
	cc_session *session = NULL;
	if (!c->db)
		return cc_refuse(err, CC_MSG_NO_DATABASE_TO_RESUME);
	cc_err rc = cc_session_resume(&session, c->db, id, err);
	if (rc)
		return rc;
	cc_ui_console_show(c, session);
	/* Match time goes on from the last event: the time the program was
	 * down counts for no one (RU-18). */
	c->clock_reset = true;
	c->clock_base_ms = cc_match_last_time(c->match);
	c->now_ms = c->clock_base_ms;
	match_shown(c);
	/* The arbiter finds the log as he left it, told again from the record. */
	int64_t age = 0;
	if (!cc_session_last_event_age(session, &age) || age < 0)
		age = 0;
	cc_ui_console_fill_log(c, cc_ui_wall_ms() - age);
	return CC_OK;
}

/* ---- what the core would make of solve times ----------------------------- */

/*
 * The core's answer to "what would these solve times do?": side's time cs,
 * and the other side's too when it is not entered yet (a distinct
 * hypothetical time, so a tie cannot hide the answer). The view after the
 * phase (its last_cube: adjustments, caps) comes back. Nothing here knows
 * how Time adjusts the clocks.
 */
bool cc_ui_cube_preview(const cc_ui_console *c, cc_side side, int32_t cs, cc_match_view *after)
{
	const cc_match_view *v = &c->view;
	if (v->phase != CC_PHASE_CUBE || v->cube_cs[side] != CC_CUBE_NONE)
		return false;
	int64_t t = c->now_ms > cc_match_last_time(c->match) ? c->now_ms : cc_match_last_time(c->match);
	cc_event evs[2] = {cc_event_cube(t, side, cs), cc_event_cube(t, (cc_side)(1 - side), cs == 1000 ? 1100 : 1000)};
	size_t n = v->cube_cs[1 - side] == CC_CUBE_NONE ? 2 : 1;
	cc_error err;
	return cc_match_preview(c->match, evs, n, t, after, &err) == CC_OK && after->has_last_cube &&
	       after->last_cube.block == v->block;
}

/* ---- bells -------------------------------------------------------------- */

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
	if (!c->match)
		return;
	cc_match_view_at(c->match, now_ms, &c->view);
	c->view_valid = true;
	/* What time alone changed since the last announcement is announced:
	 * the arbiter must be able to say it to the players. While a dialog
	 * stamps an event (RU-27) nothing is announced yet: the event may
	 * come before the change (a move typed in time); Escape, and what
	 * stands is announced then. */
	bool stamping = c->modal.kind != CC_UI_MODAL_NONE;
	if (had_view && !stamping)
		announce_changes(c, &c->said, true);
	if (!stamping)
		c->said = c->view;
	/* What the screen shows as done is in the record: a change made by
	 * time alone is recorded with a tick at once, so a crash now cannot
	 * take back a lost move the players saw. */
	{
		cc_error err = {0};
		/* RU-27: while a dialog stamps an event, nothing time alone does
		 * after its stamp is recorded, or the event would come too late. */
		int64_t upto = c->modal.kind != CC_UI_MODAL_NONE && c->modal.t_ms < now_ms ? c->modal.t_ms : now_ms;
		if (cc_session_follow_time(c->session, upto, NULL, &err) != CC_OK)
			say_refusal(c, &err);
	}
	/* Read after the tick: a match time ended is over in the record only
	 * once its tick is in, and nothing may wake the screen after it. */
	if (c->view.over)
		cc_ui_club_end_follow(c);
	if (c->view.phase != CC_PHASE_CUBE)
		memset(&c->stopwatch, 0, sizeof c->stopwatch);
	ring_bells(c);
}

/* ---- when the picture changes next ---------------------------------------- */

/* Match ms until a count-down clock showing tenths (rounded down) changes. */
static int64_t tenth_change(int64_t ms)
{
	if (ms >= 0)
		return ms % 100 + 1;
	return 100 - (-ms) % 100;
}

static int64_t earliest(int64_t a, int64_t b)
{
	if (a < 0)
		return b;
	if (b < 0)
		return a;
	return a < b ? a : b;
}

int64_t cc_ui_console_next_change_ms(const cc_ui_console *c)
{
	const cc_match_view *v = &c->view;
	int64_t next = -1;
	if (!c->match)
		return c->db ? CC_UI_CLUB_POLL_MS : -1; /* another console's pairing leaves the offer */
	if (c->stopwatch.running)
		next = 100 - (c->now_ms - c->stopwatch.start_ms) % 100;
	if (!block_running(v))
		return next;
	if (v->block_ms_left > 0)
		next = earliest(next, tenth_change(v->block_ms_left));
	if (v->has_move_clock && v->move_ms_left > 0)
		next = earliest(next, tenth_change(v->move_ms_left));
	if (v->has_chess_clocks)
		next = earliest(next, tenth_change(v->clock_ms[v->to_move]));
	return next;
}

/* ---- dialogs ------------------------------------------------------------ */

static void modal_open(cc_ui_console *c, cc_ui_modal_kind kind, cc_ui_action action, const char *prompt)
{
	cc_ui_modal *m = &c->modal;
	/* RU-27: the stamp is the moment the first dialog of the action
	 * opened; the dialogs that follow it (who, confirm) keep it. */
	if (m->kind == CC_UI_MODAL_NONE)
		m->t_ms = c->now_ms;
	m->kind = kind;
	m->action = action;
	snprintf(m->prompt, sizeof m->prompt, "%s", prompt);
	m->text[0] = '\0';
	m->error[0] = '\0';
}

static void modal_close(cc_ui_console *c)
{
	c->modal.kind = CC_UI_MODAL_NONE;
}

/* Would the core accept e now? When not, its reason goes to the message
 * line and no dialog opens (the arbiter is not asked for nothing). */
static bool core_would_accept(cc_ui_console *c, cc_event e)
{
	cc_error err = {0};
	char why[sizeof c->message];
	if (cc_match_check(c->match, &e, NULL, &err) == CC_OK)
		return true;
	refusal_line(&err, why, sizeof why);
	set_message(c, true, why);
	return false;
}

/*
 * May a claim be made now, whatever it turns out to be worth? The game's
 * class answers (cc_game_may_hear); a claim's worth is the claim's answer.
 */
static bool claim_may_be_heard(cc_ui_console *c)
{
	cc_error err = {0};
	char why[sizeof c->message];
	if (cc_game_may_hear(c->match, CC_EV_CLAIM, c->view.to_move, c->now_ms, &err) == CC_OK)
		return true;
	refusal_line(&err, why, sizeof why);
	set_message(c, true, why);
	return false;
}

/*
 * The undo's question says what will change (RU-14): the event taken
 * back, how long ago, and what time alone then does, as the core answers
 * it for an undo now.
 */
static void undo_prompt(const cc_ui_console *c, char *buf, size_t size)
{
	char what[CC_TEXT_MAX + 96], ago[32], changes[512];
	cc_event target, undo = cc_event_undo(c->now_ms);
	cc_match_view after;
	if (flag_fell(c)) {
		snprintf(buf, size, "%s",
		         _("Undo the flag fall? The game comes back paused at the moment the flag fell, that clock at "
		           "zero: set it (c) before resuming (RU-28)."));
		return;
	}
	if (!cc_match_undo_target(c->match, &target)) {
		snprintf(buf, size, "%s", _("Undo the last event (nothing)?"));
		return;
	}
	cc_session_describe_event(&target, cc_match_settings_of(c->match), what, sizeof what);
	if ((cc_game_class_of_match(c->match)->traits & CC_GAME_DEALT) && c->view.over) {
		/* UNO-F3: the end showed the secret and the deal; an undo takes the result back, not what was seen */
		snprintf(buf, size, _("Undo \"%.80s\"? The deal was shown at the end: every card still to come is known."),
		         what);
		return;
	}
	cc_time_format_ms(c->now_ms - target.t_ms, ago, sizeof ago);
	changes[0] = '\0';
	if (cc_match_check(c->match, &undo, &after, NULL) == CC_OK)
		cc_session_describe_changes(&c->view, &after, cc_match_settings_of(c->match), changes, sizeof changes);
	for (char *p = changes; *p; p++)
		if (*p == '\n')
			*p = ';';
	if (changes[0])
		snprintf(buf, size, _("Undo \"%s\", %s ago? Then: %s."), what, ago, changes);
	else
		snprintf(buf, size, _("Undo \"%s\", %s ago?"), what, ago);
}

/* RU-26: the move the clock took, declared played in time: in moves
 * recording the move is typed, in count recording it is confirmed. */
static void ask_in_time(cc_ui_console *c)
{
	char prompt[256], at[32];
	const cc_match_view *v = &c->view;
	if (!core_would_accept(c, cc_event_in_time(c->now_ms, v->lost_side, false, "")) &&
	    !(v->has_board && v->can_declare_in_time))
		return;
	cc_time_format_ms(v->lost_at_ms, at, sizeof at);
	if (v->has_board)
		snprintf(prompt, sizeof prompt, _("%s (%s) moved in time (the clock ran out at %s): the move?"),
		         cc_ui_side_label(v->lost_side), cc_ui_console_name(c, v->lost_side), at);
	else
		snprintf(prompt, sizeof prompt, _("%s (%s) moved in time (the clock ran out at %s): count the move?"),
		         cc_ui_side_label(v->lost_side), cc_ui_console_name(c, v->lost_side), at);
	modal_open(c, v->has_board ? CC_UI_MODAL_TEXT : CC_UI_MODAL_CONFIRM, CC_UI_ACT_IN_TIME, prompt);
	c->modal.side = v->lost_side;
}

static void ask(cc_ui_console *c, cc_ui_cmd cmd)
{
	char prompt[256];
	switch (cmd.kind) {
	case CC_UI_CMD_QUIT:
		modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_QUIT,
		           cc_session_format_is_game(cc_match_settings_of(c->match)->format)
		               ? _("A game is running. Quit the console?")
		               : _("A match is running. Quit the console?"));
		return;
	case CC_UI_CMD_RESIGN:
		if (cc_game_class_of_match(c->match)->traits & CC_GAME_DEALT) /* after an Inversion, a player is not his army */
			snprintf(prompt, sizeof prompt, _("Who resigns? w: %s (White at the start)  b: %s (Black at the start)"),
			         cc_ui_console_name(c, CC_SIDE_WHITE), cc_ui_console_name(c, CC_SIDE_BLACK));
		else
			snprintf(prompt, sizeof prompt, _("Who resigns? w: White (%s)  b: Black (%s)"),
			         cc_ui_console_name(c, CC_SIDE_WHITE), cc_ui_console_name(c, CC_SIDE_BLACK));
		modal_open(c, CC_UI_MODAL_SIDE, CC_UI_ACT_RESIGN, prompt);
		return;
	case CC_UI_CMD_MATE:
		/* Asked only when the core would take it: at the start of a
		 * block there is no move of the block to declare mate on. */
		if (!core_would_accept(c, cc_event_mate(c->now_ms)))
			return;
		if (c->view.has_last_mover)
			snprintf(prompt, sizeof prompt, _("Checkmate: the last move, by %s (%s), mated?"),
			         cc_ui_side_label(c->view.last_mover), cc_ui_console_name(c, c->view.last_mover));
		else
			snprintf(prompt, sizeof prompt, "%s", _("Checkmate: the last move mated?"));
		modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_MATE, prompt);
		return;
	case CC_UI_CMD_UNDO:
		undo_prompt(c, prompt, sizeof prompt);
		modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_UNDO, prompt);
		return;
	case CC_UI_CMD_IN_TIME:
		ask_in_time(c);
		return;
	case CC_UI_CMD_CORRECT:
		if (!(cc_game_class_of_match(c->match)->traits & CC_GAME_BLOCKS))
			modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_CORRECT,
			           _("Correction and reason: clock w 5:00 or clock b +2:00, then why (FI-6.10)"));
		else
			modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_CORRECT,
			           _("Correction and reason: block 2:31.5, move +4, clock w 5:00, moves b 3, lost w -1, "
			             "tomove b, then why"));
		return;
	case CC_UI_CMD_ARBITER:
		modal_open(c, CC_UI_MODAL_WINNER, CC_UI_ACT_ARBITER, _("Arbiter decision: who wins?"));
		return;
	case CC_UI_CMD_CUBE_ENTRY:
		snprintf(prompt, sizeof prompt, _("Solve time of %s (%s): 23.45, 1:02.30 or DNF"),
		         cc_ui_side_label(cmd.side), cc_ui_console_name(c, cmd.side));
		modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_CUBE, prompt);
		c->modal.side = cmd.side;
		return;
	case CC_UI_CMD_NONE:
	case CC_UI_CMD_HELP:
	case CC_UI_CMD_BELL:
	case CC_UI_CMD_START:
	case CC_UI_CMD_MOVE:
	case CC_UI_CMD_MOVE_CHECK:
	case CC_UI_CMD_PAUSE:
	case CC_UI_CMD_STOPWATCH:
	case CC_UI_CMD_STOPWATCH_STOP:
	case CC_UI_CMD_SETUP_PREV:
	case CC_UI_CMD_SETUP_NEXT:
	case CC_UI_CMD_SETUP_LEFT:
	case CC_UI_CMD_SETUP_RIGHT:
	case CC_UI_CMD_SETUP_EDIT:
	case CC_UI_CMD_SETUP_CREATE:
	case CC_UI_CMD_NEW_MATCH:
	case CC_UI_CMD_RESUME:
	case CC_UI_CMD_BOARD:
	case CC_UI_CMD_CLOCK_KEY:
	case CC_UI_CMD_LOG:
	case CC_UI_CMD_SHEET:
	case CC_UI_CMD_UNO_DRAW:
	case CC_UI_CMD_UNO_PLACE:
	case CC_UI_CMD_UNO_END:
		return;
	case CC_UI_CMD_DNF:
		snprintf(prompt, sizeof prompt, _("Who did not finish the solve (DNF)? w: White (%s)  b: Black (%s)"),
		         cc_ui_console_name(c, CC_SIDE_WHITE), cc_ui_console_name(c, CC_SIDE_BLACK));
		modal_open(c, CC_UI_MODAL_SIDE, CC_UI_ACT_CUBE, prompt);
		return;
	case CC_UI_CMD_CLAIM:
		/* Asked only in a chess game that is on: elsewhere the core's
		 * reason says why not (CO-5.1, the game not started). */
		if (!claim_may_be_heard(c))
			return;
		snprintf(prompt, sizeof prompt, _("Who claims a draw? w: White (%s)  b: Black (%s)"),
		         cc_ui_console_name(c, CC_SIDE_WHITE), cc_ui_console_name(c, CC_SIDE_BLACK));
		modal_open(c, CC_UI_MODAL_SIDE, CC_UI_ACT_CLAIM, prompt);
		return;
	case CC_UI_CMD_DRAW:
		if (!core_would_accept(c, cc_event_draw(c->now_ms)))
			return;
		modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_DRAW,
		           !(cc_game_class_of_match(c->match)->traits & CC_GAME_FIDE) ? _("The players agree a draw? It ends the game.")
		                                           : _("Draw by agreement (9.1): both players agree, the game ends drawn?"));
		return;
	}
}

/* The claim's second question: what is claimed (FI-9.2, FI-9.3). */
static void ask_claim_what(cc_ui_console *c, cc_side side)
{
	char prompt[256];
	snprintf(prompt, sizeof prompt, _("What does %s (%s) claim?"), cc_ui_side_label(side),
	         cc_ui_console_name(c, side));
	modal_open(c, CC_UI_MODAL_CLAIM, CC_UI_ACT_CLAIM, prompt);
	c->modal.side = side;
}

static void confirm_cube(cc_ui_console *c, cc_side side, int32_t cs)
{
	char prompt[256], shown[32], effect[200];
	cc_ui_solve_text(cs, shown, sizeof shown);
	/* Time: what it will do to the clocks, as the core answers it. */
	cc_ui_cube_effect_text(c, side, cs, effect, sizeof effect);
	if (effect[0])
		snprintf(prompt, sizeof prompt, _("%s (%s): %s. Count this time? %s"), cc_ui_side_label(side),
		         cc_ui_console_name(c, side), shown, effect);
	else
		snprintf(prompt, sizeof prompt, _("%s (%s): %s. Count this time?"), cc_ui_side_label(side),
		         cc_ui_console_name(c, side), shown);
	modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_CUBE, prompt);
	c->modal.side = side;
	c->modal.cube_cs = cs;
}

/* The dialog's answer is complete: send its event (or update the form). */
static void modal_done(cc_ui_console *c)
{
	cc_ui_modal m = c->modal;
	cc_event e;
	char shown[32], line[160];
	modal_close(c);
	switch (m.action) {
	case CC_UI_ACT_QUIT:
		c->quit = true;
		return;
	case CC_UI_ACT_RESIGN:
		e = cc_event_resign(m.t_ms, m.side);
		cc_ui_console_apply(c, &e);
		return;
	case CC_UI_ACT_MATE:
		e = cc_event_mate(m.t_ms);
		cc_ui_console_apply(c, &e);
		return;
	case CC_UI_ACT_UNDO:
		/* Undone at the answer: the time to read the question counts (RU-14). */
		e = cc_event_undo(c->now_ms);
		if (cc_ui_console_apply(c, &e))
			set_message(c, false, _("Undone."));
		return;
	case CC_UI_ACT_ARBITER:
		e = cc_event_arbiter(m.t_ms, m.winner, m.text);
		cc_ui_console_apply(c, &e);
		return;
	case CC_UI_ACT_IN_TIME:
		e = cc_event_in_time(m.t_ms, m.side, false, "");
		cc_ui_console_apply(c, &e);
		return;
	case CC_UI_ACT_CORRECT:
		return;
	case CC_UI_ACT_CUBE:
		e = cc_event_cube(m.t_ms, m.side, m.cube_cs);
		/* After a tie the banner speaks: no stale "counted" under it. */
		if (cc_ui_console_apply(c, &e) && c->view.phase == CC_PHASE_CUBE && c->view.cube_cs[m.side] != CC_CUBE_NONE) {
			cc_ui_solve_text(m.cube_cs, shown, sizeof shown);
			snprintf(line, sizeof line, _("%s: %s counted."), cc_ui_side_label(m.side), shown);
			set_message(c, false, line);
		}
		return;
	case CC_UI_ACT_NAME:
		cc_ui_club_pick_take(c, (int)m.side, m.text);
		return;
	case CC_UI_ACT_SEED:
		c->form.seed = strtoull(m.text, NULL, 10);
		return;
	case CC_UI_ACT_DRAW:
		e = cc_event_draw(m.t_ms);
		cc_ui_console_apply(c, &e);
		return;
	case CC_UI_ACT_MOVE:
	case CC_UI_ACT_CLAIM: /* claim_key() */
	case CC_UI_ACT_TC:    /* modal_text_submit() */
	case CC_UI_ACT_UNO_PLACE:
	case CC_UI_ACT_UNO_OPTIONS:
		return;
	}
}

/*
 * The claim is made (t or f): heard by the core, which ends the game on a
 * valid claim and otherwise refuses it with the reason, said on the
 * message line; nothing else changes (FI-9.5.3's two minutes, if the
 * arbiter gives them, are a clock correction: c).
 */
static void claim_key(cc_ui_console *c, int key)
{
	cc_ui_modal m = c->modal;
	const char *what = key == 't' || key == 'T' ? "threefold" : key == 'f' || key == 'F' ? "fifty" : NULL;
	if (!what)
		return;
	modal_close(c);
	cc_event e = cc_event_claim(m.t_ms, m.side, what);
	cc_ui_console_apply(c, &e);
}

/* A typed time control, read by the session's parser (the scenario's tc=). */
static void tc_submit(cc_ui_console *c)
{
	cc_ui_modal *m = &c->modal;
	cc_match_settings s;
	cc_match_settings_default(&s);
	if (cc_session_time_control_parse(m->text, &s, NULL) != CC_OK) {
		snprintf(m->error, sizeof m->error,
		         _("'%s' is not a time control: type minutes+seconds (5+3, 90+30), minutes (90) or none"), m->text);
		return;
	}
	c->form.tc_base_ms = s.tc_base_ms;
	c->form.tc_increment_ms = s.tc_increment_ms;
	modal_close(c);
}

/* A line of text is submitted: check it, then confirm or finish. */
static void modal_text_submit(cc_ui_console *c)
{
	cc_ui_modal *m = &c->modal;
	cc_error err = {0};
	int32_t cs;
	char *end;
	switch (m->action) {
	case CC_UI_ACT_CUBE: {
		/* A decimal comma is a decimal point: "23,45" is 23.45 in any language. */
		char typed[sizeof m->text];
		snprintf(typed, sizeof typed, "%s", m->text);
		for (char *p = typed; *p; p++)
			if (*p == ',')
				*p = '.';
		if (cc_time_parse_cs(typed, &cs, &err) != CC_OK) {
			snprintf(m->error, sizeof m->error, _("'%s' is not a solve time: type 23.45, 1:02.30 or DNF"),
			         m->text);
			return;
		}
		confirm_cube(c, m->side, cs);
		return;
	}
	case CC_UI_ACT_ARBITER: {
		/* The confirmation keeps the winner and the reason it is about;
		 * a reason the core would refuse (none) is said now, not after y. */
		cc_ui_modal keep = *m;
		char prompt[256], who[128];
		cc_event e = cc_event_arbiter(c->now_ms, m->winner, m->text);
		if (cc_match_check(c->match, &e, NULL, &err) != CC_OK) {
			refusal_line(&err, m->error, sizeof m->error);
			return;
		}
		if (keep.winner == CC_WINNER_NONE)
			snprintf(who, sizeof who, "%s", _("no winner"));
		else {
			cc_side side = keep.winner == CC_WINNER_WHITE ? CC_SIDE_WHITE : CC_SIDE_BLACK;
			snprintf(who, sizeof who, _("%s (%s) wins"), cc_ui_console_name(c, side), cc_ui_side_label(side));
		}
		if (cc_session_format_is_game(cc_match_settings_of(c->match)->format))
			snprintf(prompt, sizeof prompt, _("Record the decision: %s, \"%.100s\"? It ends the game."), who,
			         keep.text);
		else
			snprintf(prompt, sizeof prompt, _("Record the decision: %s, \"%.100s\"? It ends the match."), who,
			         keep.text);
		modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_ARBITER, prompt);
		c->modal.winner = keep.winner;
		memcpy(c->modal.text, keep.text, sizeof c->modal.text);
		return;
	}
	case CC_UI_ACT_SEED:
		if (!m->text[0] || m->text[0] == '-' || strtoull(m->text, &end, 10) == 0 || *end) {
			snprintf(m->error, sizeof m->error, "%s", _("Type a whole number above 0."));
			return;
		}
		modal_done(c);
		return;
	case CC_UI_ACT_MOVE: {
		/* Stamped when the arbiter said the player moved, not at Enter:
		 * typing the move costs the player nothing. A refused move keeps
		 * the line open with the reason, to be corrected. */
		cc_event e = cc_event_move(m->t_ms, m->side, false);
		cc_ui_san_to_english(m->text, e.text, sizeof e.text);
		if (apply_event(c, &e, m->error, sizeof m->error))
			modal_close(c);
		return;
	}
	case CC_UI_ACT_IN_TIME: {
		cc_event e = cc_event_in_time(m->t_ms, m->side, false, "");
		cc_ui_san_to_english(m->text, e.text, sizeof e.text);
		if (apply_event(c, &e, m->error, sizeof m->error))
			modal_close(c);
		return;
	}
	case CC_UI_ACT_CORRECT: {
		/* Read as the scenario format writes a correction; a refusal keeps
		 * the line open with its reason. */
		cc_event e;
		char line[sizeof m->text + 16];
		snprintf(line, sizeof line, "correct %s", m->text);
		if (cc_session_scenario_parse_event(line, cc_match_settings_of(c->match), m->t_ms, &e, &err) != CC_OK) {
			refusal_line(&err, m->error, sizeof m->error);
			return;
		}
		if (apply_event(c, &e, m->error, sizeof m->error)) {
			char said[200];
			modal_close(c);
			cc_session_describe_event(&e, cc_match_settings_of(c->match), said, sizeof said);
			set_message(c, false, said);
		}
		return;
	}
	case CC_UI_ACT_TC:
		tc_submit(c);
		return;
	case CC_UI_ACT_UNO_PLACE: {
		/* A square the placement rules refuse keeps the line open with the reason. */
		cc_event e = cc_event_tick(m->t_ms);
		e.kind = CC_EV_PLACE;
		e.side = m->side;
		snprintf(e.text, sizeof e.text, "%.*s", (int)sizeof e.text - 1, m->text);
		if (apply_event(c, &e, m->error, sizeof m->error))
			modal_close(c);
		return;
	}
	case CC_UI_ACT_UNO_OPTIONS: {
		cc_uno_settings options = c->form.uno;
		if (cc_uno_settings_parse(&options, m->text, &err) != CC_OK ||
		    cc_uno_settings_check(&options, &err) != CC_OK) {
			cc_session_describe_refusal(&err, m->error, sizeof m->error);
			return;
		}
		c->form.uno = options;
		modal_close(c);
		return;
	}
	case CC_UI_ACT_NAME:
	case CC_UI_ACT_QUIT:
	case CC_UI_ACT_RESIGN:
	case CC_UI_ACT_MATE:
	case CC_UI_ACT_UNDO:
	case CC_UI_ACT_CLAIM:
	case CC_UI_ACT_DRAW:
		modal_done(c);
		return;
	}
}

static bool is_enter(int key)
{
	return key == '\n' || key == '\r' || key == KEY_ENTER;
}

static void modal_text_key(cc_ui_console *c, int key)
{
	cc_ui_modal *m = &c->modal;
	size_t len = strlen(m->text);
	if (is_enter(key)) {
		modal_text_submit(c);
		return;
	}
	if (key == KEY_BACKSPACE || key == 127 || key == 8) {
		/* Drop a whole UTF8 character: continuation bytes are 10xxxxxx. */
		while (len > 0 && ((unsigned char)m->text[len - 1] & 0xC0) == 0x80)
			len--;
		if (len > 0)
			len--;
		m->text[len] = '\0';
		return;
	}
	/* The lever bounced, or Space came with it: not part of the move. */
	if (m->action == CC_UI_ACT_MOVE && c->real_ms - c->last_move_key_ms < CC_UI_GUARD_MS &&
	    (key == ' ' || key == c->clock_key[0] || key == c->clock_key[1]))
		return;
	/* An event's text is CC_TEXT_MAX bytes; only Chess-Uno's options line is longer. */
	size_t room = m->action == CC_UI_ACT_UNO_OPTIONS ? sizeof m->text : CC_TEXT_MAX;
	if (key >= 32 && key < 256 && key != 127 && len + 1 < room) {
		m->text[len] = (char)key;
		m->text[len + 1] = '\0';
		m->error[0] = '\0';
	}
}

static void modal_key(cc_ui_console *c, int key)
{
	cc_ui_modal *m = &c->modal;
	if (key == 27) {
		if (m->action == CC_UI_ACT_CUBE)
			set_message(c, false, _("Solve time not counted."));
		modal_close(c);
		cc_ui_club_pick_close(c);
		return;
	}
	/* A player's name: the arrows and Tab choose in the type-ahead list. */
	if (m->kind == CC_UI_MODAL_TEXT && m->action == CC_UI_ACT_NAME && cc_ui_club_pick_key(c, key))
		return;
	switch (m->kind) {
	case CC_UI_MODAL_NONE:
		return;
	case CC_UI_MODAL_CONFIRM:
		/* Only a deliberate y (o for oui): a reflex Enter after typing a
		 * time must not count it. */
		if (key == 'y' || key == 'Y' || key == 'o' || key == 'O')
			modal_done(c);
		else if (key == 'n' || key == 'N') {
			if (m->action == CC_UI_ACT_CUBE)
				set_message(c, false, _("Solve time not counted."));
			modal_close(c);
		}
		return;
	case CC_UI_MODAL_SIDE:
		if (key != 'w' && key != 'W' && key != 'b' && key != 'B')
			return;
		m->side = (key == 'w' || key == 'W') ? CC_SIDE_WHITE : CC_SIDE_BLACK;
		if (m->action == CC_UI_ACT_CUBE) {
			/* The stopwatch's DNF: confirmed like any solve time. */
			if (c->stopwatch.running && !c->stopwatch.stopped[m->side]) {
				c->stopwatch.stopped[m->side] = true;
				c->stopwatch.stop_ms[m->side] = c->now_ms;
				c->stopwatch.running = !c->stopwatch.stopped[1 - m->side];
			}
			confirm_cube(c, m->side, CC_CUBE_DNF);
			return;
		}
		if (m->action == CC_UI_ACT_CLAIM) {
			ask_claim_what(c, m->side);
			return;
		}
		{
			char prompt[256];
			snprintf(prompt, sizeof prompt, _("%s (%s) resigns: confirm?"),
			         cc_ui_side_label(m->side), cc_ui_console_name(c, m->side));
			cc_side side = m->side;
			modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_RESIGN, prompt);
			c->modal.side = side;
		}
		return;
	case CC_UI_MODAL_WINNER:
		if (key == 'w' || key == 'W')
			m->winner = CC_WINNER_WHITE;
		else if (key == 'b' || key == 'B')
			m->winner = CC_WINNER_BLACK;
		else if (key == 'd' || key == 'D' || key == 'n' || key == 'N')
			m->winner = CC_WINNER_NONE;
		else
			return;
		{
			cc_winner winner = m->winner;
			modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_ARBITER, _("Reason for the decision (one line):"));
			c->modal.winner = winner;
		}
		return;
	case CC_UI_MODAL_TEXT:
		modal_text_key(c, key);
		if (m->kind == CC_UI_MODAL_TEXT && m->action == CC_UI_ACT_NAME && key != '\t')
			cc_ui_club_pick_update(c);
		return;
	case CC_UI_MODAL_CLAIM:
		claim_key(c, key);
		return;
	}
}

/* ---- commands ------------------------------------------------------------- */

static void setup_change(cc_ui_console *c, int dir)
{
	cc_ui_form *f = &c->form;
	if (cc_ui_club_locked(c, f->field))
		return;
	switch (f->field) {
	case CC_UI_FIELD_PAIRING:
		cc_ui_club_choose(c, dir);
		return;
	case CC_UI_FIELD_RATED:
		f->unrated = !f->unrated;
		return;
	case CC_UI_FIELD_FORMAT:
	case CC_UI_FIELD_VARIANT:
	case CC_UI_FIELD_TC:
	case CC_UI_FIELD_CLAIMS:
		cc_ui_form_chess_change(f, dir);
		if (f->field == CC_UI_FIELD_FORMAT)
			cc_ui_club_read_players(c); /* each game its own rating list (CL-2.10) */
		return;
	case CC_UI_FIELD_UNO_OPTIONS:
		f->uno.max_card_number = (f->uno.max_card_number + 9 + dir - 1) % 9 + 1;
		return;
	case CC_UI_FIELD_CATEGORY:
		f->category = (cc_category)(((int)f->category + 3 + dir) % 3);
		return;
	case CC_UI_FIELD_COLOURS:
		f->colours = (cc_ui_colours)(((int)f->colours + 3 + dir) % 3);
		return;
	case CC_UI_FIELD_SEED:
		new_seed(c);
		return;
	case CC_UI_FIELD_RECORD:
		f->record = f->record == CC_RECORD_COUNT ? CC_RECORD_MOVES : CC_RECORD_COUNT;
		return;
	case CC_UI_FIELD_PLAYER1:
	case CC_UI_FIELD_PLAYER2:
	case CC_UI_FIELD_START:
		return;
	}
}

static void setup_edit(cc_ui_console *c)
{
	cc_ui_form *f = &c->form;
	char seed[32];
	switch (f->field) {
	case CC_UI_FIELD_PLAYER1:
	case CC_UI_FIELD_PLAYER2: {
		int idx = f->field == CC_UI_FIELD_PLAYER1 ? 0 : 1;
		if (cc_ui_club_locked(c, f->field))
			return;
		modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_NAME,
		           idx == 0 ? _("Name of player 1:") : _("Name of player 2:"));
		c->modal.side = (cc_side)idx;
		snprintf(c->modal.text, CC_NAME_MAX, "%s", f->player[idx]);
		cc_ui_club_pick_update(c);
		return;
	}
	case CC_UI_FIELD_SEED:
		modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_SEED, _("Seed of the cube draws:"));
		snprintf(seed, sizeof seed, "%llu", (unsigned long long)f->seed);
		snprintf(c->modal.text, sizeof c->modal.text, "%s", seed);
		return;
	case CC_UI_FIELD_START:
		cc_ui_console_create_match(c);
		return;
	case CC_UI_FIELD_TC:
		modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_TC,
		           _("Time control: minutes+seconds added a move (5+3, 90+30), minutes (90), or none:"));
		cc_ui_form_tc_text(f, c->modal.text, sizeof c->modal.text);
		return;
	case CC_UI_FIELD_UNO_OPTIONS: {
		char options[512];
		modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_UNO_OPTIONS,
		           _("Chess-Uno options, by the rules' names (maxCardNumber=5 includeZero=true includeJokers=true "
		             "placeOnNextRank=true stopComboOnKingThreat=true kingAvoidsAttackedSquares=false "
		             "drawAfterTurnsWithoutMove=10):"));
		cc_match_uno_options_text(&f->uno, options, sizeof options);
		snprintf(c->modal.text, sizeof c->modal.text, "%.*s", (int)cc_text_fit(options, sizeof c->modal.text - 1),
		         options);
		return;
	}
	case CC_UI_FIELD_FORMAT:
	case CC_UI_FIELD_CATEGORY:
	case CC_UI_FIELD_COLOURS:
	case CC_UI_FIELD_RECORD:
	case CC_UI_FIELD_PAIRING:
	case CC_UI_FIELD_RATED:
	case CC_UI_FIELD_VARIANT:
	case CC_UI_FIELD_CLAIMS:
		setup_change(c, 1);
		return;
	}
}

/* Moves recording: the player to move has moved; the arbiter types it. */
static void ask_move(cc_ui_console *c)
{
	char prompt[256];
	cc_side side = c->view.to_move;
	char knight[16];
	cc_ui_san_to_local("Nf3", knight, sizeof knight);
	snprintf(prompt, sizeof prompt, _("Move of %s (%s): SAN or UCI (e4, %s, O-O, e2e4)"), cc_ui_side_label(side),
	         cc_ui_console_holder(c, side), knight);
	modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_MOVE, prompt);
	c->modal.side = side;
	c->modal.t_ms = c->now_ms;
	c->last_move_key_ms = c->real_ms;
}

/*
 * A move key (Space, +, a clock key) pressed again within the guard time is
 * the same press: a lever bounced, or two keys hit together. Real time, so
 * --speed does not shorten it.
 */
static bool guard_passes(cc_ui_console *c)
{
	if (c->real_ms - c->last_move_key_ms < CC_UI_GUARD_MS) {
		set_message(c, false, _("Second press within 0.3 s ignored."));
		return false;
	}
	return true;
}

/* Like a DGT lever: a player's own key says that player completed a move;
 * the key of the side not to move is ignored and never recorded. */
static bool clock_key_accepted(cc_ui_console *c, cc_side side)
{
	char key[16], line[256];
	const cc_match_view *v = &c->view;
	if (v->phase == CC_PHASE_BLOCK && v->block_started && !v->paused && v->to_move != side) {
		cc_ui_key_name(c->clock_key[side], key, sizeof key);
		snprintf(line, sizeof line, _("%s's key (%s) ignored: %s (%s) is to move."), cc_ui_side_label(side), key,
		         cc_ui_side_label(v->to_move), cc_ui_console_name(c, v->to_move));
		set_message(c, false, line);
		return false;
	}
	return true;
}

static void match_cmd(cc_ui_console *c, cc_ui_cmd cmd)
{
	cc_event e;
	switch (cmd.kind) {
	case CC_UI_CMD_CLOCK_KEY:
		/* Accepted, it is Space: the side to move moved. */
		if (clock_key_accepted(c, cmd.side))
			match_cmd(c, (cc_ui_cmd){CC_UI_CMD_MOVE, cmd.side});
		return;
	case CC_UI_CMD_START:
		e = cc_event_start(c->now_ms);
		cc_ui_console_apply(c, &e);
		return;
	case CC_UI_CMD_MOVE:
	case CC_UI_CMD_MOVE_CHECK:
		if (!guard_passes(c))
			return;
		if (moves_recording(c)) {
			/* Typing a move makes sense only while a block runs; else the
			 * core's reason (not started, paused) says why not. */
			cc_event probe = cc_event_move(c->now_ms, c->view.to_move, false);
			snprintf(probe.text, sizeof probe.text, "--");
			cc_error why = {0};
			if ((cc_game_class_of_match(c->match)->traits & CC_GAME_DEALT) &&
			    cc_match_check(c->match, &probe, NULL, &why) == CC_ERR_PHASE)
				core_would_accept(c, probe); /* Chess-Uno: no series now (a card to draw, pawns to place) */
			else if (c->view.phase == CC_PHASE_BLOCK && c->view.block_started && !c->view.paused)
				ask_move(c);
			else
				core_would_accept(c, probe);
			return;
		}
		e = cc_event_move(c->now_ms, c->view.to_move, cmd.kind == CC_UI_CMD_MOVE_CHECK);
		if (cc_ui_console_apply(c, &e))
			c->last_move_key_ms = c->real_ms;
		return;
	case CC_UI_CMD_PAUSE:
		e = c->view.paused ? cc_event_resume(c->now_ms) : cc_event_pause(c->now_ms);
		cc_ui_console_apply(c, &e);
		return;
	case CC_UI_CMD_STOPWATCH:
		c->stopwatch.running = true;
		c->stopwatch.start_ms = c->now_ms;
		c->stopwatch.stopped[0] = c->stopwatch.stopped[1] = false;
		return;
	case CC_UI_CMD_STOPWATCH_STOP:
		if (!c->stopwatch.running || c->stopwatch.stopped[cmd.side])
			return;
		c->stopwatch.stopped[cmd.side] = true;
		c->stopwatch.stop_ms[cmd.side] = c->now_ms;
		if (c->stopwatch.stopped[0] && c->stopwatch.stopped[1])
			c->stopwatch.running = false;
		confirm_cube(c, cmd.side, (int32_t)((c->now_ms - c->stopwatch.start_ms) / 10));
		return;
	case CC_UI_CMD_NONE:
	case CC_UI_CMD_QUIT:
	case CC_UI_CMD_HELP:
	case CC_UI_CMD_BELL:
	case CC_UI_CMD_RESIGN:
	case CC_UI_CMD_MATE:
	case CC_UI_CMD_IN_TIME:
	case CC_UI_CMD_CORRECT:
	case CC_UI_CMD_UNDO:
	case CC_UI_CMD_ARBITER:
	case CC_UI_CMD_CUBE_ENTRY:
	case CC_UI_CMD_SETUP_PREV:
	case CC_UI_CMD_SETUP_NEXT:
	case CC_UI_CMD_SETUP_LEFT:
	case CC_UI_CMD_SETUP_RIGHT:
	case CC_UI_CMD_SETUP_EDIT:
	case CC_UI_CMD_SETUP_CREATE:
	case CC_UI_CMD_NEW_MATCH:
	case CC_UI_CMD_RESUME:
	case CC_UI_CMD_BOARD:
	case CC_UI_CMD_LOG:
	case CC_UI_CMD_SHEET:
	case CC_UI_CMD_DNF:
	case CC_UI_CMD_CLAIM:
	case CC_UI_CMD_DRAW:
	case CC_UI_CMD_UNO_DRAW:
	case CC_UI_CMD_UNO_PLACE:
	case CC_UI_CMD_UNO_END:
		return;
	}
}

/* Chess-Uno's own commands: the card, a placement, the end of a series. The army is the core's army to play: the core refuses
 * what the phase does not allow, with its reason. */
static void uno_cmd(cc_ui_console *c, cc_ui_cmd cmd)
{
	char prompt[256];
	cc_event e = cc_event_tick(c->now_ms);
	e.side = c->view.to_move;
	if (cmd.kind == CC_UI_CMD_UNO_DRAW || cmd.kind == CC_UI_CMD_UNO_END) {
		/* a card: the session records the pile's top, then it is shown */
		e.kind = cmd.kind == CC_UI_CMD_UNO_DRAW ? CC_EV_CARD : CC_EV_STOP;
		cc_ui_console_apply(c, &e);
	} else if (cmd.kind == CC_UI_CMD_UNO_PLACE) {
		e.kind = CC_EV_PLACE;
		snprintf(e.text, sizeof e.text, "a1"); /* any square: asks the core whether a placement is due */
		if (c->view.over || (cc_match_check(c->match, &e, NULL, NULL) == CC_ERR_PHASE && !core_would_accept(c, e)))
			return;
		snprintf(prompt, sizeof prompt, _("Square of %s's recovered pawn (%s): e2, d7..."), cc_ui_side_label(e.side),
		         cc_ui_console_holder(c, e.side));
		modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_UNO_PLACE, prompt);
		c->modal.side = e.side;
	}
}

/*
 * The scramble sheet before the match: derived from the form's seed (the
 * match created with that seed records the same sheet), shown, and written
 * by the session as a text file beside the record, to print and prepare
 * the cubes before block 1.
 */
static void write_sheet(cc_ui_console *c)
{
	cc_error err = {0};
	c->sheet_file[0] = '\0';
	if (cc_session_sheet_derive(c->form.seed, c->sheet, sizeof c->sheet, &err) != CC_OK) {
		say_refusal(c, &err);
		return;
	}
	c->sheet_open = true;
	(void)cc_session_write_sheet_file(c->db, c->form.seed, c->sheet, c->sheet_file, sizeof c->sheet_file);
}

void cc_ui_console_exec(cc_ui_console *c, cc_ui_cmd cmd)
{
	switch (cmd.kind) {
	case CC_UI_CMD_NONE:
		return;
	case CC_UI_CMD_QUIT:
		if (c->match && c->view.phase != CC_PHASE_OVER)
			ask(c, cmd);
		else
			c->quit = true;
		return;
	case CC_UI_CMD_HELP:
		c->help = true;
		c->help_page = 0;
		return;
	case CC_UI_CMD_BOARD:
		c->board = !c->board && moves_recording(c);
		return;
	case CC_UI_CMD_BELL:
		c->bell_on = !c->bell_on;
		set_message(c, false, c->bell_on ? _("Bell on.") : _("Bell off."));
		return;
	case CC_UI_CMD_RESIGN:
	case CC_UI_CMD_MATE:
	case CC_UI_CMD_IN_TIME:
	case CC_UI_CMD_CORRECT:
	case CC_UI_CMD_UNDO:
	case CC_UI_CMD_ARBITER:
	case CC_UI_CMD_CUBE_ENTRY:
	case CC_UI_CMD_DNF:
	case CC_UI_CMD_CLAIM:
	case CC_UI_CMD_DRAW:
		if (c->match)
			ask(c, cmd);
		return;
	case CC_UI_CMD_START:
	case CC_UI_CMD_MOVE:
	case CC_UI_CMD_MOVE_CHECK:
	case CC_UI_CMD_PAUSE:
	case CC_UI_CMD_STOPWATCH:
	case CC_UI_CMD_STOPWATCH_STOP:
	case CC_UI_CMD_CLOCK_KEY:
		if (c->match)
			match_cmd(c, cmd);
		return;
	case CC_UI_CMD_UNO_DRAW:
	case CC_UI_CMD_UNO_PLACE:
	case CC_UI_CMD_UNO_END:
		if (c->match)
			uno_cmd(c, cmd);
		return;
	case CC_UI_CMD_LOG:
		c->log_open = true;
		c->log_scroll = 0;
		return;
	case CC_UI_CMD_SHEET:
		if (c->match)
			return;
		if (cc_session_format_is_game(c->form.format))
			set_message(c, true, _("This game has no cubes, so no scramble sheet: w is for a ChessCubing match."));
		else
			write_sheet(c);
		return;
	case CC_UI_CMD_SETUP_PREV:
		c->form.field = cc_ui_setup_step(c, c->form.field, -1);
		return;
	case CC_UI_CMD_SETUP_NEXT:
		c->form.field = cc_ui_setup_step(c, c->form.field, 1);
		return;
	case CC_UI_CMD_SETUP_LEFT:
		setup_change(c, -1);
		return;
	case CC_UI_CMD_SETUP_RIGHT:
		setup_change(c, 1);
		return;
	case CC_UI_CMD_SETUP_EDIT:
		setup_edit(c);
		return;
	case CC_UI_CMD_SETUP_CREATE:
		cc_ui_console_create_match(c);
		return;
	case CC_UI_CMD_NEW_MATCH:
		cc_ui_console_show(c, NULL);
		c->board = false;
		c->message[0] = '\0';
		new_seed(c);
		find_offer(c);
		/* The pairing just played is no longer offered: the next one is. */
		c->club.none_chosen = false;
		cc_ui_club_refresh(c, false);
		c->form.field = cc_ui_setup_step(c, CC_UI_FIELD_START, 1);
		return;
	case CC_UI_CMD_RESUME: {
		cc_error err = {0};
		if (c->has_offer && cc_ui_console_resume(c, c->offer.id, &err) != CC_OK)
			say_refusal(c, &err);
		return;
	}
	}
}

/* The log overlay: arrows and pages scroll, any other key closes it. */
static void log_key(cc_ui_console *c, int key)
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
	default:
		c->log_open = false;
		return;
	}
	if (c->log_scroll > max)
		c->log_scroll = max;
	if (c->log_scroll < 0)
		c->log_scroll = 0;
}

void cc_ui_console_key(cc_ui_console *c, int key)
{
	if (key == KEY_RESIZE || key == ERR)
		return;
	if (c->modal.kind != CC_UI_MODAL_NONE) {
		modal_key(c, key);
		return;
	}
	if (c->help) {
		/* Space turns the page, round to the first; any other key closes. */
		int pages = cc_ui_help_pages(c);
		if ((key == ' ' || key == KEY_NPAGE) && pages > 1)
			c->help_page = (c->help_page + 1) % pages;
		else
			c->help = false;
		return;
	}
	if (c->log_open) {
		log_key(c, key);
		return;
	}
	if (c->sheet_open) {
		c->sheet_open = false;
		return;
	}
	if (cc_ui_term_too_small()) {
		/* The essentials still obey: pause, help, quit (asking while a
		 * match runs, in a dialog sized to the room). */
		bool pause = (key == 'p' || key == 'P') && !(c->match && !(cc_game_class_of_match(c->match)->traits & CC_GAME_TIMED));
		if (pause || key == '?' || key == 'q' || key == 'Q')
			cc_ui_console_exec(c, key == '?' ? (cc_ui_cmd){CC_UI_CMD_HELP, CC_SIDE_WHITE}
			                      : key == 'q' || key == 'Q' ? (cc_ui_cmd){CC_UI_CMD_QUIT, CC_SIDE_WHITE}
			                      : (cc_ui_cmd){CC_UI_CMD_PAUSE, CC_SIDE_WHITE});
		return;
	}
	if (!c->match) {
		cc_ui_console_exec(c, cc_ui_setup_key(c, key));
		return;
	}
	const cc_ui_screens *own = cc_ui_screens_of(cc_match_settings_of(c->match)->format);
	if (own->play_key) {
		cc_ui_console_exec(c, c->view.over ? cc_ui_end_key(c, key) : own->play_key(c, key));
		return;
	}
	switch (c->view.phase) {
	case CC_PHASE_SETUP:
	case CC_PHASE_BLOCK:
		cc_ui_console_exec(c, cc_ui_block_key(c, key));
		return;
	case CC_PHASE_CUBE:
		cc_ui_console_exec(c, cc_ui_cube_key(c, key));
		return;
	case CC_PHASE_OVER:
		cc_ui_console_exec(c, cc_ui_end_key(c, key));
		return;
	}
}

/* ---- drawing ---------------------------------------------------------------- */

/* A dialog sized to its texts: every line is wrapped by display width in
 * the box, which grows to hold them (up to the screen). */
static void draw_modal(const cc_ui_console *c)
{
	const cc_ui_modal *m = &c->modal;
	int w = COLS - 4 < 76 ? COLS - 4 : 76, x, y, h, inner;
	char line[sizeof c->modal.text + 8];
	const char *hint = "";
	/* A player's name is typed in its field, the type-ahead list under it. */
	if (m->kind == CC_UI_MODAL_TEXT && m->action == CC_UI_ACT_NAME && !c->match && !cc_ui_term_too_small())
		return;
	switch (m->kind) {
	case CC_UI_MODAL_NONE:
		return;
	case CC_UI_MODAL_CONFIRM:
		hint = _("y: yes   n: no");
		break;
	case CC_UI_MODAL_SIDE:
		hint = _("w: White   b: Black   Esc: cancel");
		break;
	case CC_UI_MODAL_WINNER:
		hint = _("w: White wins   b: Black wins   d: no winner   Esc: cancel");
		break;
	case CC_UI_MODAL_TEXT:
		hint = _("Enter: accept   Esc: cancel");
		break;
	case CC_UI_MODAL_CLAIM:
		hint = _("t: threefold repetition (9.2)   f: 50 moves (9.3)   Esc: cancel");
		break;
	}
	if (w < 10)
		w = COLS;
	inner = w - 4;
	snprintf(line, sizeof line, "> %s_", m->text);
	int rows_prompt = cc_ui_wrapped_rows(inner, m->prompt);
	int rows_text = m->kind == CC_UI_MODAL_TEXT ? cc_ui_wrapped_rows(inner, line) : 0;
	int rows_error = m->error[0] ? cc_ui_wrapped_rows(inner, m->error) : 0;
	int rows_hint = cc_ui_wrapped_rows(inner, hint);
	h = 2 + rows_prompt + 1 + (rows_text ? rows_text : 0) + rows_error + rows_hint + (rows_text || rows_error ? 1 : 0);
	if (h > LINES)
		h = LINES;
	x = (COLS - w) / 2;
	y = (LINES - h) / 2;
	attrset((int)cc_ui_attr(CC_UI_ROLE_NORMAL));
	for (int r = 0; r < h; r++)
		mvhline(y + r, x, ' ', w);
	cc_ui_box(y, x, h, w, CC_UI_ROLE_WARN);
	int row = y + 1, last = y + h - 1;
	row += cc_ui_put_wrapped(row, x + 2, inner, last - row, CC_UI_ROLE_NORMAL, m->prompt);
	row++;
	if (rows_text)
		row += cc_ui_put_wrapped(row, x + 2, inner, last - row, CC_UI_ROLE_GOOD, line);
	if (rows_error)
		row += cc_ui_put_wrapped(row, x + 2, inner, last - row, CC_UI_ROLE_ALERT, m->error);
	if (rows_text || rows_error)
		row++;
	cc_ui_put_wrapped(row, x + 2, inner, last - row, CC_UI_ROLE_DIM, hint);
}

int cc_ui_draw_phase(const cc_ui_console *c)
{
	const cc_ui_screens *own = cc_ui_screens_of(cc_match_settings_of(c->match)->format);
	if (own->play_draw) {
		if (!c->view.over)
			return own->play_draw(c);
		own->end_draw(c);
		return LINES;
	}
	switch (c->view.phase) {
	case CC_PHASE_SETUP:
	case CC_PHASE_BLOCK:
		return cc_ui_block_draw(c);
	case CC_PHASE_CUBE:
		cc_ui_cube_draw(c);
		break;
	case CC_PHASE_OVER:
		cc_ui_end_draw(c);
		break;
	}
	return LINES;
}

void cc_ui_console_draw(const cc_ui_console *c)
{
	erase();
	if (cc_ui_term_too_small()) {
		cc_ui_draw_small(c);
		if (c->modal.kind != CC_UI_MODAL_NONE)
			draw_modal(c);
		return;
	}
	if (!c->match)
		cc_ui_setup_draw(c);
	else
		cc_ui_draw_phase(c);
	if (c->board && c->view.has_board)
		cc_ui_board_draw(c);
	if (c->log_open)
		cc_ui_log_draw(c);
	if (c->sheet_open && !c->match)
		cc_ui_sheet_draw(c);
	if (c->help)
		cc_ui_help_draw(c);
	if (c->modal.kind != CC_UI_MODAL_NONE)
		draw_modal(c);
}
