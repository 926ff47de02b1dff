/*
 * console_answers.c: what a dialog's complete answer sends (ui_dialogs.h;
 * console_dialogs.c opens the dialogs and takes their keys): a move typed
 * (RU-35's stamps, the two readings of a French move), the answer of a
 * y/n, w/b or w/b/d dialog, a claim, a solve time, a time control, the
 * arbiter's decision, a correction typed, Chess-Uno's options.
 */
#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_scenario.h"
#include "ui_checklist.h"
#include "ui_printer.h"
#include "ui_club.h"
#include "ui_cmd.h"
#include "ui_console.h"
#include "ui_stackmat.h"
#include "ui_dialogs.h"
#include "ui_draw.h"
#include "ui_setup.h"
#include "ui_i18n.h"
#include "ui_screens.h"
#include "ui_term.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cc_ui_move_entry(cc_ui_console *c)
{
	char prompt[256], knight[16], at[32];
	cc_ui_modal *m = &c->modal;
	bool entry = m->kind == CC_UI_MODAL_TEXT && m->action == CC_UI_ACT_MOVE;
	if (c->view.stamps == 0) {
		if (entry)
			cc_ui_modal_close(c);
		return;
	}
	if (!entry && m->kind != CC_UI_MODAL_NONE)
		return; /* another dialog: the stamps wait, shown on the screen */
	cc_side side = c->view.stamp[0].side;
	cc_ui_san_to_local("Nf3", knight, sizeof knight);
	cc_time_format_ms(c->view.stamp[0].block_ms, at, sizeof at);
	cc_ui_decimal(at); /* issue 35 N9: a French line's decimal comma */
	if (cc_game_class_of_match(c->match)->traits & CC_GAME_BLOCKS)
		snprintf(prompt, sizeof prompt, _("Move of %s (%s) stamped at %s: SAN or UCI (e4, %s, O-O, e2e4)"),
		         cc_ui_side_label(side), cc_ui_console_holder(c, side), at, knight);
	else if (c->view.has_chess_clocks) /* RU-38 */
		snprintf(prompt, sizeof prompt, _("Move of %s (%s), key at clock %s: SAN or UCI (e4, %s, O-O, e2e4)"),
		         cc_ui_side_label(side), cc_ui_console_holder(c, side), at, knight);
	else
		snprintf(prompt, sizeof prompt, _("Move of %s (%s), key pressed: SAN or UCI (e4, %s, O-O, e2e4)"),
		         cc_ui_side_label(side), cc_ui_console_holder(c, side), knight);
	if (!entry)
		cc_ui_modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_MOVE, prompt);
	else
		snprintf(m->prompt, sizeof m->prompt, "%s", prompt);
	m->side = side;
	m->t_ms = c->view.stamp[0].t_ms;
}

/* RU-35: the SAN of the oldest stamp. Refused, it stays in the line with
 * the reason and the stamp waits; accepted, the entry goes to the next
 * stamp, and stamps the move made void (a mate, a block ended) are said. */
static void san_send(cc_ui_console *c, const char *english)
{
	cc_ui_modal *m = &c->modal;
	cc_event e = cc_event_san(c->now_ms, english);
	size_t before = c->view.stamps;
	if (!cc_ui_console_send(c, &e, m->error, sizeof m->error))
		return;
	if (c->view.stamps + 1 < before) {
		char line[160];
		size_t void_stamps = before - 1 - c->view.stamps;
		if (cc_game_class_of_match(c->match)->traits & CC_GAME_BLOCKS)
			snprintf(line, sizeof line,
			         P_("%d later stamp void: that move ended the game or the block at its stamp (RU-35).",
			            "%d later stamps void: that move ended the game or the block at its stamp (RU-35).", void_stamps),
			         (int)void_stamps);
		else
			snprintf(line, sizeof line,
			         P_("%d later stamp void: that move ended the game at its stamp (RU-38).",
			            "%d later stamps void: that move ended the game at its stamp (RU-38).", void_stamps),
			         (int)void_stamps);
		cc_ui_console_log(c, false, line);
		cc_ui_console_message(c, false, line);
	}
	m->text[0] = '\0';
	m->error[0] = '\0';
	cc_ui_move_entry(c);
}

/* The move typed, as English SAN: sent, or the line stays open with the reason. */
static cc_event move_event(const cc_ui_console *c, const char *english)
{
	if (cc_ui_stamps_keys(c))
		return cc_event_san(c->now_ms, english);
	/* Stamped when the arbiter said the player moved, not at Enter:
	 * typing the move costs the player nothing (RU-27). */
	cc_event e = cc_event_move_text(c->modal.t_ms, c->modal.side, english);
	return e;
}

void cc_ui_move_send(cc_ui_console *c, const char *english)
{
	c->modal.kind = CC_UI_MODAL_TEXT;
	if (cc_ui_stamps_keys(c)) {
		san_send(c, english);
		return;
	}
	cc_event e = move_event(c, english);
	if (cc_ui_console_send(c, &e, c->modal.error, sizeof c->modal.error))
		cc_ui_modal_close(c);
}

/*
 * A move typed in French that reads as two legal moves, French letters
 * and English (Rf8: the king, or the rook): the arbiter chooses with one
 * key, nothing is chosen for him (RU-36).
 */
static bool ask_reading(cc_ui_console *c, const char *english)
{
	cc_ui_modal *m = &c->modal;
	char other[CC_TEXT_MAX], one[CC_TEXT_MAX], two[CC_TEXT_MAX];
	if (!cc_session_san_english_other(cc_ui_lang(), m->text, other, sizeof other) || strcmp(other, english) == 0)
		return false;
	cc_event a = move_event(c, english), b = move_event(c, other);
	if (cc_match_check(c->match, &a, NULL, NULL) != CC_OK || cc_match_check(c->match, &b, NULL, NULL) != CC_OK)
		return false;
	snprintf(m->reading[0], sizeof m->reading[0], "%s", english);
	snprintf(m->reading[1], sizeof m->reading[1], "%s", other);
	cc_ui_san_to_local(english, one, sizeof one);
	cc_ui_san_to_local(other, two, sizeof two);
	snprintf(m->question, sizeof m->question,
	         _("'%s' reads as two moves: 1: %s (French letters)   2: %s (English letters). Which one?"), m->text, one,
	         two);
	m->kind = CC_UI_MODAL_READING;
	return true;
}

/* The dialog's answer is complete: send its event (or update the form). */
void cc_ui_modal_done(cc_ui_console *c)
{
	cc_ui_modal m = c->modal;
	cc_event e;
	char shown[32], line[160];
	cc_ui_modal_close(c);
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
			cc_ui_console_message(c, false, _("Undone."));
		return;
	case CC_UI_ACT_ARBITER:
		e = cc_event_arbiter(m.t_ms, m.winner, m.text);
		cc_ui_console_apply(c, &e);
		return;
	case CC_UI_ACT_IN_TIME:
		e = cc_event_in_time(m.t_ms, m.side, false, "");
		if (cc_ui_console_apply(c, &e))
			cc_ui_say_in_time(c, &e);
		return;
	case CC_UI_ACT_CORRECT:
		return;
	case CC_UI_ACT_CUBE:
		e = cc_event_cube(m.t_ms, m.side, m.cube_cs);
		e.from_timer = m.from_timer;
		/* After a tie the banner speaks: no stale "counted" under it. */
		if (cc_ui_console_apply(c, &e) && c->view.phase == CC_PHASE_CUBE && c->view.cube_cs[m.side] != CC_CUBE_NONE) {
			cc_ui_solve_text(m.cube_cs, shown, sizeof shown);
			snprintf(line, sizeof line, _("%s: %s counted."), cc_ui_side_label(m.side), shown);
			cc_ui_console_message(c, false, line);
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
	case CC_UI_ACT_TWO_BOARDS: /* CL-8.6: the arbiter said yes */
		cc_ui_console_create_match_anyway(c);
		return;
	case CC_UI_ACT_NEW_MATCH:
		cc_ui_setup_fresh(c);
		return;
	case CC_UI_ACT_CHECK_SKIP: /* cc_ui_checklist_skip_submit() */
		return;
	case CC_UI_ACT_PRINT: /* CK-1.6: the arbiter said yes */
		cc_ui_printer_send(c);
		return;
	case CC_UI_ACT_MOVE:
	case CC_UI_ACT_CLAIM: /* cc_ui_claim_key() */
	case CC_UI_ACT_TC:    /* cc_ui_modal_text_submit() */
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
void cc_ui_claim_key(cc_ui_console *c, int key)
{
	cc_ui_modal m = c->modal;
	const char *what = key == 't' || key == 'T' ? "threefold" : key == 'f' || key == 'F' ? "fifty" : NULL;
	if (!what)
		return;
	cc_ui_modal_close(c);
	cc_event e = cc_event_claim(m.t_ms, m.side, what);
	cc_ui_console_apply(c, &e);
}

/* A typed time control, read by the session's parser (the scenario's tc=). */
static void tc_submit(cc_ui_console *c)
{
	cc_ui_modal *m = &c->modal;
	cc_match_settings s;
	cc_error err = {0};
	cc_match_settings_default(&s);
	if (cc_session_time_control_parse(m->text, &s, &err) != CC_OK) {
		/* the core's reason, in the user's language (a range, a period's moves, the spellings) */
		cc_session_describe_refusal(cc_ui_lang(), &err, m->error, sizeof m->error);
		return;
	}
	cc_ui_form_set_clock(&c->form, &s);
	cc_ui_modal_close(c);
}

/* A solve time typed: confirmed, or the line stays open with what is wrong. */
static void cube_submit(cc_ui_console *c)
{
	cc_ui_modal *m = &c->modal;
	cc_error err = {0};
	int32_t cs;
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
	cc_ui_confirm_cube(c, m->side, cs);
}

/* The arbiter's reason typed: the decision to confirm, or the core's reason why not. */
static void arbiter_submit(cc_ui_console *c)
{
	cc_ui_modal *m = &c->modal;
	cc_error err = {0};
	/* The confirmation keeps the winner and the reason it is about;
	 * a reason the core would refuse (none) is said now, not after y. */
	cc_ui_modal keep = *m;
	char prompt[256], who[128];
	cc_event e = cc_event_arbiter(c->now_ms, m->winner, m->text);
	if (cc_match_check(c->match, &e, NULL, &err) != CC_OK) {
		cc_ui_refusal_line(&err, m->error, sizeof m->error);
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
	cc_ui_modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_ARBITER, prompt);
	c->modal.winner = keep.winner;
	memcpy(c->modal.text, keep.text, sizeof c->modal.text);
}

/*
 * The correction's first word, its target, in the console's language
 * ("bloc 2:29" in French) or in English, as the scenario format writes it;
 * a side after it in the colour letters of the console's language
 * ("pendule n 0:03": Black's clock in French, issue 35), written in the
 * record's language-free letters. False: a side that is not a colour of
 * the language, refused in error with the letters it takes.
 */
static bool correction_english(const cc_ui_console *c, const char *typed, char *out, size_t size, char *error,
                               size_t error_size)
{
	static const char *const targets[] = {N_("block"), N_("move"), N_("clock"), N_("moves"), N_("lost"), N_("tomove")};
	static const bool sided[] = {false, false, true, true, true, true};
	size_t len = strcspn(typed, " ");
	for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++) {
		const char *local = _(targets[i]);
		bool is_local = strlen(local) == len && strncmp(typed, local, len) == 0;
		bool is_english = strlen(targets[i]) == len && strncmp(typed, targets[i], len) == 0;
		if (!is_local && !is_english)
			continue;
		const char *rest = typed + len;
		rest += strspn(rest, " ");
		size_t word = strcspn(rest, " ");
		if (!sided[i] || word == 0) {
			snprintf(out, size, "%s %s", targets[i], rest);
			return true;
		}
		cc_side side;
		if (word != 1 || !cc_ui_side_of_letter((unsigned char)rest[0], &side)) {
			char bad[16];
			snprintf(bad, sizeof bad, "%.*s", (int)(word < 12 ? word : 12), rest);
			cc_ui_letter_refusal(c, bad, error, error_size);
			return false;
		}
		snprintf(out, size, "%s %c%s", targets[i], side == CC_SIDE_WHITE ? 'w' : 'b', rest + 1);
		return true;
	}
	snprintf(out, size, "%s", typed);
	return true;
}

bool cc_ui_correct_send(cc_ui_console *c, const char *english)
{
	cc_ui_modal *m = &c->modal;
	cc_error err = {0};
	/* Read as the scenario format writes a correction; a refusal keeps
	 * the line open with its reason. */
	cc_event e;
	char line[sizeof m->text + 16];
	snprintf(line, sizeof line, "correct %s", english);
	if (cc_session_scenario_parse_event(line, cc_match_settings_of(c->match), m->t_ms, &e, &err) != CC_OK) {
		cc_ui_refusal_line(&err, m->error, sizeof m->error);
		return false;
	}
	if (!cc_ui_console_send(c, &e, m->error, sizeof m->error))
		return false;
	char said[200];
	cc_ui_modal_close(c);
	cc_session_describe_event(cc_ui_lang(), &e, cc_match_settings_of(c->match), said, sizeof said);
	cc_ui_console_message(c, false, said);
	return true;
}

/* A correction typed: sent, or the line stays open with its reason; the
 * reason of a clock set the DGT way completes its correction (RU-37). */
static void correct_submit(cc_ui_console *c)
{
	cc_ui_modal *m = &c->modal;
	char english[sizeof m->text];
	if (m->dgt_reason) {
		cc_ui_dgt_submit(c);
		return;
	}
	if (correction_english(c, m->text, english, sizeof english, m->error, sizeof m->error))
		(void)cc_ui_correct_send(c, english);
}

/* Chess-Uno's options typed: kept, or the line stays open with the reason. */
static void uno_options_submit(cc_ui_console *c)
{
	cc_ui_modal *m = &c->modal;
	cc_error err = {0};
	cc_uno_settings options = c->form.uno;
	if (cc_uno_settings_parse(&options, m->text, &err) != CC_OK ||
	    cc_uno_settings_check(&options, &err) != CC_OK) {
		cc_session_describe_refusal(cc_ui_lang(), &err, m->error, sizeof m->error);
		return;
	}
	c->form.uno = options;
	cc_ui_modal_close(c);
}

/* A line of text is submitted: check it, then confirm or finish. */
void cc_ui_modal_text_submit(cc_ui_console *c)
{
	cc_ui_modal *m = &c->modal;
	char *end;
	switch (m->action) {
	case CC_UI_ACT_CUBE:
		cube_submit(c);
		return;
	case CC_UI_ACT_ARBITER:
		arbiter_submit(c);
		return;
	case CC_UI_ACT_SEED:
		if (!m->text[0] || m->text[0] == '-' || strtoull(m->text, &end, 10) == 0 || *end) {
			snprintf(m->error, sizeof m->error, "%s", _("Type a whole number above 0."));
			return;
		}
		cc_ui_modal_done(c);
		return;
	case CC_UI_ACT_MOVE: {
		/* A refused move keeps the line open with the reason, to be corrected. */
		char english[CC_TEXT_MAX];
		cc_ui_san_to_english(m->text, english, sizeof english);
		if (!ask_reading(c, english))
			cc_ui_move_send(c, english);
		return;
	}
	case CC_UI_ACT_IN_TIME: {
		cc_event e = cc_event_in_time(m->t_ms, m->side, false, "");
		cc_ui_san_to_english(m->text, e.text, sizeof e.text);
		if (cc_ui_console_send(c, &e, m->error, sizeof m->error)) {
			cc_ui_modal_close(c);
			cc_ui_say_in_time(c, &e);
		}
		return;
	}
	case CC_UI_ACT_CORRECT:
		correct_submit(c);
		return;
	case CC_UI_ACT_TC:
		tc_submit(c);
		return;
	case CC_UI_ACT_UNO_PLACE: {
		/* A square the placement rules refuse keeps the line open with the reason. */
		cc_event e = cc_event_tick(m->t_ms);
		e.kind = CC_EV_PLACE;
		e.side = m->side;
		snprintf(e.text, sizeof e.text, "%.*s", (int)sizeof e.text - 1, m->text);
		if (cc_ui_console_send(c, &e, m->error, sizeof m->error))
			cc_ui_modal_close(c);
		return;
	}
	case CC_UI_ACT_UNO_OPTIONS:
		uno_options_submit(c);
		return;
	case CC_UI_ACT_CHECK_SKIP:
		cc_ui_checklist_skip_submit(c);
		return;
	case CC_UI_ACT_NAME:
	case CC_UI_ACT_QUIT:
	case CC_UI_ACT_RESIGN:
	case CC_UI_ACT_MATE:
	case CC_UI_ACT_UNDO:
	case CC_UI_ACT_CLAIM:
	case CC_UI_ACT_DRAW:
	case CC_UI_ACT_TWO_BOARDS:
	case CC_UI_ACT_NEW_MATCH:
	case CC_UI_ACT_PRINT:
		cc_ui_modal_done(c);
		return;
	}
}
