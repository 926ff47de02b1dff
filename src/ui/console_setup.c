/*
 * console_setup.c: the setup form's commands and the match they make: the
 * form's defaults and values, the seed and its scramble sheet, the
 * unfinished match offered, creating a match on the club's terms,
 * resuming one from the record, and a fresh form after a match.
 */
#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_sheet.h"
#include "ui_checklist.h"
#include "ui_club.h"
#include "ui_console.h"
#include "ui_dialogs.h"
#include "ui_i18n.h"
#include "ui_loop.h"
#include "ui_setup.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

/* A fresh seed for the cube draws; a failed random source is said, and the
 * arbiter then types a seed. */
void cc_ui_setup_new_seed(cc_ui_console *c)
{
	cc_error err = {0};
	if (cc_session_random(&c->form.seed, &err) != CC_OK) {
		c->form.seed = 0;
		cc_ui_console_refusal(c, &err);
	}
}

void cc_ui_setup_form_reset(cc_ui_form *form)
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
void cc_ui_setup_find_offer(cc_ui_console *c)
{
	int64_t id;
	bool in_use = false;
	c->has_offer = c->db && cc_session_db_latest(c->db, true, &id, NULL) == CC_OK &&
	               cc_session_db_info(c->db, id, &c->offer, NULL) == CC_OK;
	/* Not one another console is running (a club evening's other board). */
	if (c->has_offer && cc_session_db_in_use(c->db, id, &in_use, NULL) == CC_OK && in_use)
		c->has_offer = false;
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
	cc_ui_checklist_reset(c); /* CK-1: shown before block 1 of a ChessCubing match */
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

/* Chess-Uno's settings from the form; the session deals (UNO-1.4, UNO-F10). */
static void uno_settings(cc_ui_console *c, cc_match_settings *s)
{
	s->uno.options = c->form.uno;
	s->record = CC_RECORD_MOVES;
}

void cc_ui_console_create_from(cc_ui_console *c, const cc_match_settings *settings, bool colours_by_lot)
{
	create_club(c, settings, colours_by_lot, NULL);
}

static void create_match(cc_ui_console *c, bool warned);

void cc_ui_console_create_match(cc_ui_console *c)
{
	create_match(c, false);
}

void cc_ui_console_create_match_anyway(cc_ui_console *c)
{
	create_match(c, true);
}

/* CL-8.6: a player of the pairing chosen still plays another pairing: the
 * arbiter is asked first (y creates it all the same). */
static bool two_boards(cc_ui_console *c)
{
	bool busy = false;
	cc_error err = {0};
	if (!c->db || c->club.offer < 0 || (size_t)c->club.offer >= c->club.offer_count ||
	    cc_session_club_two_boards(c->db, &c->club.offers[c->club.offer], &busy, &err) != CC_OK || !busy)
		return false;
	char why[CC_SESSION_REFUSAL_MAX], prompt[CC_SESSION_REFUSAL_MAX + 64];
	cc_session_describe_refusal(cc_ui_lang(), &err, why, sizeof why);
	snprintf(prompt, sizeof prompt, _("%s. Create this match all the same?"), why);
	cc_ui_modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_TWO_BOARDS, prompt);
	return true;
}

static void create_match(cc_ui_console *c, bool warned)
{
	if (!warned && two_boards(c))
		return;
	cc_match_settings s;
	cc_match_settings_default(&s);
	s.format = c->form.format;
	if (cc_game_has(s.format, CC_GAME_CATEGORY)) /* the others keep the default (issue 25) */
		s.category = c->form.category;
	s.record = c->form.record;
	s.seed = c->form.seed;
	/* Player 1 is White unless the arbiter said otherwise; by lot, the
	 * session swaps them or not. */
	int white = c->form.colours == CC_UI_COLOURS_P2_WHITE ? 1 : 0;
	snprintf(s.white, sizeof s.white, "%s", c->form.player[white]);
	snprintf(s.black, sizeof s.black, "%s", c->form.player[1 - white]);
	cc_ui_form_chess_settings(&c->form, &s);
	if (cc_game_has(s.format, CC_GAME_DEALT))
		uno_settings(c, &s);
	cc_session_club_options club;
	cc_ui_club_options(c, &club);
	create_club(c, &s, c->form.colours == CC_UI_COLOURS_LOT, &club);
}

/* RU-18: what the resume gave back, on the resumed screen and in the log,
 * with the key that takes it off again: the report's sentence. */
static void say_returned(cc_ui_console *c, cc_session *session)
{
	char said[400], line[480];
	c->returned_pending = cc_session_resume_returned(session, &c->returned);
	if (!c->returned_pending)
		return;
	cc_session_describe_returned(cc_ui_lang(), c->returned.stopped_wall_ms, c->returned.last_wall_ms,
	                             c->returned.returned_ms, cc_ui_console_name(c, c->returned.side), said, sizeof said);
	snprintf(line, sizeof line, _("%s (g: take it off again)"), said);
	cc_ui_console_log(c, false, line);
	cc_ui_console_message(c, false, line);
}

/* RE-10.2: a match whose solve times came from Stackmat timers, resumed
 * without any, says so (logged; shown unless a resume's time given back
 * has the line): the arbiter types the times, or restarts with them. */
void cc_ui_console_say_no_timers(cc_ui_console *c)
{
	const cc_match *match = c->match;
	cc_event ev;
	if (c->stackmat || !match)
		return;
	for (size_t i = 0; i < cc_match_event_count(match); i++) {
		cc_match_event_at(match, i, &ev);
		if (ev.kind != CC_EV_CUBE || !ev.from_timer)
			continue;
		const char *line = _("This match's solve times came from Stackmat timers, and none is connected now: "
		                     "type the times, or resume with --stackmat DEV.");
		cc_ui_console_log(c, false, line);
		if (!c->returned_pending)
			cc_ui_console_message(c, true, line);
		return;
	}
}

/* g after a resume: the arbiter's correction, the clocks set as they stood
 * when the console stopped (RU-25), logged like any correction, and the
 * resume's record marked taken back (the report says so). */
bool cc_ui_console_take_returned(cc_ui_console *c)
{
	if (!c->returned_pending)
		return false;
	c->returned_pending = false;
	size_t i = 0;
	for (; i < c->returned.corrections; i++) {
		cc_event e = c->returned.correct[i];
		e.t_ms = c->now_ms;
		if (!cc_ui_console_apply(c, &e))
			break;
	}
	cc_error err = {0};
	if (i > 0 && c->session && cc_session_returned_taken_back(c->session, &err) != CC_OK)
		cc_ui_console_refusal(c, &err);
	return true;
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
	say_returned(c, session);
	return CC_OK;
}

void cc_ui_setup_change(cc_ui_console *c, int dir)
{
	cc_ui_form *f = &c->form;
	if (cc_ui_club_locked(c, f->field))
		return;
	switch (f->field) {
	case CC_UI_FIELD_PAIRING:
		cc_ui_club_choose(c, dir);
		f->unrated = false; /* another pairing, another match: rated afresh (CL-5.2) */
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
		cc_ui_setup_new_seed(c);
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

void cc_ui_setup_edit(cc_ui_console *c)
{
	cc_ui_form *f = &c->form;
	char seed[32];
	switch (f->field) {
	case CC_UI_FIELD_PLAYER1:
	case CC_UI_FIELD_PLAYER2: {
		int idx = f->field == CC_UI_FIELD_PLAYER1 ? 0 : 1;
		if (cc_ui_club_locked(c, f->field))
			return;
		cc_ui_modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_NAME,
		           idx == 0 ? _("Name of player 1:") : _("Name of player 2:"));
		c->modal.side = (cc_side)idx;
		/* Empty, the default shown beside it: a name is typed, never erased first. */
		snprintf(c->modal.text, CC_NAME_MAX, "%s", f->named[idx] ? f->player[idx] : "");
		cc_ui_club_pick_update(c);
		return;
	}
	case CC_UI_FIELD_SEED:
		cc_ui_modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_SEED, _("Seed of the cube draws:"));
		snprintf(seed, sizeof seed, "%llu", (unsigned long long)f->seed);
		snprintf(c->modal.text, sizeof c->modal.text, "%s", seed);
		return;
	case CC_UI_FIELD_START:
		cc_ui_console_create_match(c);
		return;
	case CC_UI_FIELD_TC:
		if (cc_ui_club_locked(c, f->field)) /* CL-8.1: the event's clock */
			return;
		cc_ui_modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_TC,
		           _("Time control: minutes+seconds added a move (5+3, 90+30), minutes (90), or none:"));
		cc_ui_form_tc_text(f, c->modal.text, sizeof c->modal.text);
		return;
	case CC_UI_FIELD_UNO_OPTIONS: {
		char options[512];
		cc_ui_modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_UNO_OPTIONS,
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
		cc_ui_setup_change(c, 1);
		return;
	}
}

/* The sheet's printable page beside its text (CU-6.1, CU-6.2): the form's
 * players, White and Black when the arbiter set the colours, today's date
 * by the console's clock. */
static void write_sheet_picture(cc_ui_console *c)
{
	const cc_ui_form *f = &c->form;
	bool p1_white = f->colours != CC_UI_COLOURS_P2_WHITE;
	char date[16] = "";
	time_t now = (time_t)(cc_ui_wall_ms() / 1000);
	struct tm day;
	if (localtime_r(&now, &day))
		strftime(date, sizeof date, "%Y-%m-%d", &day);
	cc_session_sheet_page page = {
		.white = f->player[p1_white ? 0 : 1],
		.black = f->player[p1_white ? 1 : 0],
		.colours_by_lot = f->colours == CC_UI_COLOURS_LOT,
		.game = _(cc_game_class_of(f->format)->label),
		.date = date,
		.seed = f->seed,
		.sheet = c->sheet,
	};
	if (c->club.offer >= 0 && (size_t)c->club.offer < c->club.offer_count) { /* an event game (issue 33) */
		const cc_session_offer *o = &c->club.offers[c->club.offer];
		page.event = o->event;
		page.round = o->pairing.round;
		page.board = o->pairing.board;
	}
	cc_error err = {0};
	c->sheet_pdf_why[0] = '\0';
	if (cc_session_write_sheet_pdf(cc_ui_lang(), c->db, &page, c->sheet_pdf, sizeof c->sheet_pdf, &err) != CC_OK)
		cc_session_describe_refusal(cc_ui_lang(), &err, c->sheet_pdf_why, sizeof c->sheet_pdf_why);
}

/*
 * The scramble sheet before the match: derived from the form's seed (the
 * match created with that seed records the same sheet), shown, and written
 * by the session as a text file beside the record, to print and prepare
 * the cubes before block 1.
 */
void cc_ui_setup_write_sheet(cc_ui_console *c)
{
	cc_error err = {0};
	c->sheet_file[0] = '\0';
	if (cc_session_sheet_derive(c->form.seed, c->sheet, sizeof c->sheet, &err) != CC_OK) {
		cc_ui_console_refusal(c, &err);
		return;
	}
	c->sheet_open = true;
	(void)cc_session_write_sheet_file(cc_ui_lang(), c->db, c->form.seed, c->sheet, c->sheet_file,
	                                  sizeof c->sheet_file);
	write_sheet_picture(c);
}

void cc_ui_setup_fresh(cc_ui_console *c)
{
	cc_ui_console_show(c, NULL);
	c->board = false;
	c->message[0] = '\0';
	cc_ui_setup_new_seed(c);
	cc_ui_setup_find_offer(c);
	/* CL-5.2: each match's rated flag is chosen afresh: rated unless the
	 * arbiter says otherwise for this one. */
	c->form.unrated = false;
	/* The pairing just played is no longer offered: the next one is. */
	c->club.none_chosen = false;
	cc_ui_club_refresh(c, false);
	c->form.field = cc_ui_setup_step(c, CC_UI_FIELD_START, 1);
}
