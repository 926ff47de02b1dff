/*
 * console.c: the console object: keys become commands, commands become
 * events for the core, and a frame is drawn from the view at one time.
 *
 * Nothing here decides a rule: a move is always sent for the side the view
 * says is to move, and a refusal from the core is shown as it comes. What
 * lives here is UI state only: the setup form, the dialog being answered,
 * help, the bell switch, the optional stopwatch and the message line.
 * This file holds the object itself, its message line, sending an event
 * and the dispatch of a key; the others are listed in ui_console.h.
 */
#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/ui.h"
#include "ui_checklist.h"
#include "ui_printer.h"
#include "ui_club.h"
#include "ui_cmd.h"
#include "ui_console.h"
#include "ui_draw.h"
#include "ui_dialogs.h"
#include "ui_i18n.h"
#include "ui_screens.h"
#include "ui_setup.h"
#include "ui_term.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

cc_err cc_ui_console_init(cc_ui_console *c, cc_session_db *db, cc_error *err)
{
	(void)err;
	memset(c, 0, sizeof *c);
	cc_ui_setup_form_reset(&c->form);
	cc_ui_setup_new_seed(c);
	c->db = db;
	c->bell_on = true;
	c->bell_second = 99;
	c->clock_key[CC_SIDE_WHITE] = CC_UI_KEY_WHITE;
	c->clock_key[CC_SIDE_BLACK] = CC_UI_KEY_BLACK;
	c->last_move_key_ms = INT64_MIN / 2;
	cc_ui_setup_find_offer(c);
	cc_ui_club_refresh(c, false);
	c->form.field = cc_ui_setup_step(c, CC_UI_FIELD_START, 1);
	return CC_OK;
}

void cc_ui_console_show(cc_ui_console *c, cc_session *session)
{
	cc_session_destroy(c->session);
	cc_session_log_cursor_destroy(c->log_cursor); /* it followed the match shown */
	c->log_cursor = NULL;
	c->session = session;
	c->match = session ? cc_session_match(session) : NULL;
	c->view_valid = false;
}

void cc_ui_console_fini(cc_ui_console *c)
{
	cc_ui_console_show(c, NULL);
	cc_ui_club_fini(c);
	cc_ui_printer_close(c);
}

/* Issue 35: the colour letter of a side in the console's language
 * (languages.def: w/b in English, b/n in French). */
char cc_ui_side_letter(cc_side side)
{
	const cc_lang *lang = cc_ui_lang();
	return side == CC_SIDE_WHITE ? lang->white : lang->black;
}

bool cc_ui_side_of_letter(int key, cc_side *side)
{
	if (key <= 0 || key >= 128)
		return false;
	int lower = tolower(key);
	const cc_lang *lang = cc_ui_lang();
	if (lower != lang->white && lower != lang->black)
		return false;
	*side = lower == lang->white ? CC_SIDE_WHITE : CC_SIDE_BLACK;
	return true;
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

void cc_ui_console_message(cc_ui_console *c, bool error, const char *text)
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
	/* The block screen's own keys, in either case, and the setup's; and
	 * > which turns a long message's page on every screen (screens.c). */
	static const char taken[] = " +sSpPrRmMuUaAbBvVlLqQ?>";
	for (int i = 0; i < 2; i++) {
		char k = i == 0 ? w : b;
		if (k <= ' ' || k > '~' || strchr(taken, k))
			return false;
	}
	return w != b;
}

/* Piece letters: the renderer's (cc_session_san_english/_local own them). */
void cc_ui_san_to_english(const char *typed, char *out, size_t size)
{
	cc_session_san_english(cc_ui_lang(), typed, out, size);
}

void cc_ui_san_to_local(const char *san, char *out, size_t size)
{
	cc_session_san_local(cc_ui_lang(), san, out, size);
}

/* A refusal in the console's language, said by the renderer from its id
 * and arguments: in English the reason alone, as before; translated, with
 * the language's "Refused:". */
void cc_ui_refusal_line(const cc_error *err, char *buf, size_t size)
{
	char reason[CC_SESSION_REFUSAL_MAX];
	cc_session_describe_refusal(cc_ui_lang(), err, reason, sizeof reason);
	if (strcmp(_("Refused: %s."), "Refused: %s.") == 0) {
		size_t n = cc_text_fit(reason, size - 1);
		memcpy(buf, reason, n);
		buf[n] = '\0';
	} else
		snprintf(buf, size, _("Refused: %s."), reason);
}

/* Shows a refusal on the message line. */
void cc_ui_console_refusal(cc_ui_console *c, const cc_error *err)
{
	char line[sizeof c->message];
	cc_ui_refusal_line(err, line, sizeof line);
	cc_ui_console_message(c, true, line);
}

/* A chess game ended on a flag fall: an undo takes back the fall (RU-28). */
bool cc_ui_console_flag_fell(const cc_ui_console *c)
{
	const cc_match_view *v = &c->view;
	return c->match && v->over && (v->reason == CC_REASON_TIME || v->reason == CC_REASON_TIME_DRAW);
}

/* Chess-Uno: the step the last event made, as the renderer says it. */
static void log_uno_step(cc_ui_console *c)
{
	char line[512];
	if (cc_session_describe_last_uno_step(cc_ui_lang(), c->match, line, sizeof line))
		cc_ui_console_log(c, false, line);
}

/* Sends event; on a refusal writes the reason into why (one line). */
bool cc_ui_console_send(cc_ui_console *c, const cc_event *event, char *why, size_t size)
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
			cc_session_describe_event(cc_ui_lang(), &target, cc_match_settings_of(c->match), what,
			                          sizeof what);
		else
			snprintf(what, sizeof what, "%s", cc_ui_console_flag_fell(c) ? _("the flag fall") : "");
	}
	if (cc_session_apply(c->session, event, &err) != CC_OK) {
		cc_ui_refusal_line(&err, why, size);
		return false;
	}
	c->message[0] = '\0';
	c->announce[0] = '\0';
	cc_match_view_at(c->match, c->now_ms, &c->view);
	c->said = c->view;
	if (event->kind == CC_EV_UNDO)
		snprintf(line, sizeof line, _("undo: takes back \"%s\""), what);
	else
		cc_session_describe_event(cc_ui_lang(), event, cc_match_settings_of(c->match), line, sizeof line);
	/* Issue 21: the line says when the event was stamped (the key that
	 * began it), not when Enter was pressed: as the record and watch. */
	int64_t wall = c->wall_ms;
	if (event->kind != CC_EV_UNDO && event->t_ms < c->now_ms && c->wall_ms > 0)
		c->wall_ms -= c->now_ms - event->t_ms;
	if ((cc_game_class_of_match(c->match)->traits & CC_GAME_DEALT) && event->kind != CC_EV_UNDO &&
	    event->kind != CC_EV_TICK)
		log_uno_step(c); /* what the core says the event did: the card's effect, a mate */
	else
		cc_ui_console_log(c, false, line);
	c->wall_ms = wall;
	if (event->kind != CC_EV_UNDO)
		cc_ui_console_announce(c, &before, false);
	return true;
}

bool cc_ui_console_apply(cc_ui_console *c, const cc_event *event)
{
	char why[sizeof c->message];
	if (cc_ui_console_send(c, event, why, sizeof why))
		return true;
	cc_ui_console_message(c, true, why);
	return false;
}

bool cc_ui_console_moves_recording(const cc_ui_console *c)
{
	return c->match && cc_match_settings_of(c->match)->record == CC_RECORD_MOVES;
}

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

/* A key of a match's screen: its command, or, for a letter the screen
 * does not take, why (issue 21: never silently dropped, so the arbiter
 * knows what he typed went nowhere, and never another command). */
static void match_key_exec(cc_ui_console *c, int key, cc_ui_cmd cmd)
{
	if ((key == 'g' || key == 'G') && cmd.kind == CC_UI_CMD_NONE && cc_ui_console_take_returned(c))
		return;
	if ((key == 'e' || key == 'E') && cmd.kind == CC_UI_CMD_NONE && c->view.over && cc_ui_interventions_open(c))
		return;
	/* issue 35: a late lever press leaves the result on the screen */
	if (c->view.over && (key == c->clock_key[CC_SIDE_WHITE] || key == c->clock_key[CC_SIDE_BLACK])) {
		cc_ui_console_message(c, false, cc_session_format_is_game(cc_match_settings_of(c->match)->format)
		                                    ? _("The game is over: the players' keys do nothing.")
		                                    : _("The match is over: the players' keys do nothing."));
		return;
	}
	if (cmd.kind == CC_UI_CMD_NONE && key > ' ' && key < 127) {
		cc_error err = {0};
		char shown[2] = {(char)key, '\0'};
		cc_refuse(&err, CC_MSG_KEY_NOT_HERE, shown);
		cc_ui_console_refusal(c, &err);
		return;
	}
	cc_ui_console_exec(c, cmd);
}

void cc_ui_console_key(cc_ui_console *c, int key)
{
	if (key == KEY_RESIZE || key == ERR)
		return;
	if (c->modal.kind != CC_UI_MODAL_NONE) {
		cc_ui_modal_key(c, key);
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
	if (c->interventions_open) {
		cc_ui_interventions_key(c, key);
		return;
	}
	if (c->log_open) {
		cc_ui_log_key(c, key);
		return;
	}
	if (c->sheet_open) {
		c->sheet_open = false;
		return;
	}
	if (c->draw_open) { /* CK-1.7: any key back to the check-list */
		c->draw_open = false;
		if (cc_ui_checklist_shown(c))
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
	/* A long message's next page (> is never a lever: cc_ui_clock_keys_valid). */
	if (key == '>' && cc_ui_message_pages(c) > 1) {
		cc_ui_message_turn(c);
		return;
	}
	if (!c->match) {
		cc_ui_console_exec(c, cc_ui_setup_key(c, key));
		return;
	}
	/* CK-1: the pre-match check-list's keys, before block 1. */
	if (cc_ui_checklist_key(c, key))
		return;
	/* RU-35: Enter takes the arbiter back to the stamps waiting for their moves. */
	if ((key == '\n' || key == '\r' || key == KEY_ENTER) && c->view.stamps > 0) {
		cc_ui_move_entry(c);
		return;
	}
	const cc_ui_screens *own = cc_ui_screens_of(cc_match_settings_of(c->match)->format);
	if (own->play_key) {
		match_key_exec(c, key, c->view.over ? cc_ui_end_key(c, key) : own->play_key(c, key));
		return;
	}
	switch (c->view.phase) {
	case CC_PHASE_SETUP:
	case CC_PHASE_BLOCK:
		match_key_exec(c, key, cc_ui_block_key(c, key));
		return;
	case CC_PHASE_CUBE:
		match_key_exec(c, key, cc_ui_cube_key(c, key));
		return;
	case CC_PHASE_OVER:
		match_key_exec(c, key, cc_ui_end_key(c, key));
		return;
	}
}
