/*
 * console_commands.c: a command becomes an event. cc_ui_console_exec()
 * takes what a screen's key function made: a dialog to ask first
 * (console_dialogs.c), a form command (console_setup.c), a move, the
 * start, a pause, the stopwatch, Chess-Uno's card and placements. The side
 * is always the one the view says; the core refuses what is not lawful.
 */
#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_sheet.h"
#include "ui_checklist.h"
#include "ui_cmd.h"
#include "ui_console.h"
#include "ui_dialogs.h"
#include "ui_i18n.h"
#include "ui_screens.h"
#include "ui_setup.h"

#include <stdio.h>

/* Moves recording: the player to move has moved; the arbiter types it. */
static void ask_move(cc_ui_console *c)
{
	char prompt[256];
	cc_side side = c->view.to_move;
	char knight[16];
	cc_ui_san_to_local("Nf3", knight, sizeof knight);
	snprintf(prompt, sizeof prompt, _("Move of %s (%s): SAN or UCI (e4, %s, O-O, e2e4)"), cc_ui_side_label(side),
	         cc_ui_console_holder(c, side), knight);
	cc_ui_modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_MOVE, prompt);
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
		cc_ui_console_message(c, false, _("Second press within 0.3 s ignored."));
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
		cc_ui_console_message(c, false, line);
		return false;
	}
	return true;
}

bool cc_ui_stamps_keys(const cc_ui_console *c)
{
	/* RU-38: a chess game's keys too; Chess-Uno's cards decide its moves. */
	return cc_ui_console_moves_recording(c) && !(cc_game_class_of_match(c->match)->traits & CC_GAME_DEALT);
}

void cc_ui_press(cc_ui_console *c, cc_side side)
{
	if (!guard_passes(c))
		return;
	cc_event e = cc_event_press(c->now_ms, side);
	if (!cc_ui_console_apply(c, &e))
		return;
	c->last_move_key_ms = c->real_ms;
	cc_ui_move_entry(c);
}

/* Moves recording: the move is typed while a block runs; otherwise (not
 * started, paused, Chess-Uno between series) the core's reason says why not. */
static void type_move(cc_ui_console *c)
{
	cc_event probe = cc_event_move(c->now_ms, c->view.to_move, false);
	snprintf(probe.text, sizeof probe.text, "--");
	cc_error why = {0};
	if ((cc_game_class_of_match(c->match)->traits & CC_GAME_DEALT) &&
	    cc_match_check(c->match, &probe, NULL, &why) == CC_ERR_PHASE)
		cc_ui_console_would_accept(c, probe); /* Chess-Uno: no series now (a card to draw, pawns to place) */
	else if (c->view.phase == CC_PHASE_BLOCK && c->view.block_started && !c->view.paused)
		ask_move(c);
	else
		cc_ui_console_would_accept(c, probe);
}

/* A side's stopwatch key: its solve stopped and offered for confirmation;
 * the stopwatch stops with the second. */
static void stopwatch_stop(cc_ui_console *c, cc_side side)
{
	if (!c->stopwatch.running || c->stopwatch.stopped[side])
		return;
	c->stopwatch.stopped[side] = true;
	c->stopwatch.stop_ms[side] = c->now_ms;
	if (c->stopwatch.stopped[0] && c->stopwatch.stopped[1])
		c->stopwatch.running = false;
	cc_ui_confirm_cube(c, side, (int32_t)((c->now_ms - c->stopwatch.start_ms) / 10));
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
		if (!cc_ui_checklist_record(c)) /* CK-1: the check-list first */
			return;
		e = cc_event_start(c->now_ms);
		cc_ui_console_apply(c, &e);
		return;
	case CC_UI_CMD_MOVE:
	case CC_UI_CMD_MOVE_CHECK:
		if (cc_ui_stamps_keys(c) && c->view.phase == CC_PHASE_BLOCK && c->view.block_started &&
		    !c->view.paused) {
			cc_ui_press(c, c->view.to_move); /* RU-35: stamped now, written after */
			return;
		}
		if (!guard_passes(c))
			return;
		if (cc_ui_console_moves_recording(c)) {
			type_move(c);
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
		stopwatch_stop(c, cmd.side);
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
	case CC_UI_CMD_MATCH_SHEET:
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
		if (c->view.over || (cc_match_check(c->match, &e, NULL, NULL) == CC_ERR_PHASE && !cc_ui_console_would_accept(c, e)))
			return;
		snprintf(prompt, sizeof prompt, _("Square of %s's recovered pawn (%s): e2, d7..."), cc_ui_side_label(e.side),
		         cc_ui_console_holder(c, e.side));
		cc_ui_modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_UNO_PLACE, prompt);
		c->modal.side = e.side;
	}
}

/* q: asked first while a match is on; else the console ends. */
static void quit_cmd(cc_ui_console *c, cc_ui_cmd cmd)
{
	if (c->match && c->view.phase != CC_PHASE_OVER)
		cc_ui_ask(c, cmd);
	else
		c->quit = true;
}

/* b: the bell on or off, said on the message line. */
static void toggle_bell(cc_ui_console *c)
{
	c->bell_on = !c->bell_on;
	cc_ui_console_message(c, false, c->bell_on ? _("Bell on.") : _("Bell off."));
}

/* w on the setup screen: the scramble sheet of the form's seed, for a
 * game with cubes. */
static void sheet_cmd(cc_ui_console *c)
{
	if (c->match)
		return;
	if (cc_session_format_is_game(c->form.format))
		cc_ui_console_message(c, true, _("This game has no cubes, so no scramble sheet: w is for a ChessCubing match."));
	else
		cc_ui_setup_write_sheet(c);
}

/* f on the end screen: the match sheet the arbiter and the players sign
 * (RE-9), a PDF beside the record; said where it went, or why not. */
static void match_sheet_cmd(cc_ui_console *c)
{
	char path[4096], said[4096 + 128];
	cc_error err = {0};
	if (!c->session || !c->view.over || c->spectator)
		return;
	if (cc_session_write_match_sheet_pdf(cc_ui_lang(), c->db, c->session, path, sizeof path, &err) != CC_OK) {
		cc_ui_console_refusal(c, &err);
		return;
	}
	snprintf(said, sizeof said, _("Match sheet to sign written to %s"), path);
	cc_ui_console_message(c, false, said);
}

/* r on the setup screen: the unfinished match on offer, back paused. */
static void resume_offer(cc_ui_console *c)
{
	cc_error err = {0};
	if (!c->has_offer)
		return;
	if (cc_ui_console_resume(c, c->offer.id, &err) != CC_OK)
		cc_ui_console_refusal(c, &err);
	else
		cc_ui_console_say_no_timers(c); /* RE-10.2 */
}

/* The setup form's keys (kind is one of CC_UI_CMD_SETUP_*): to the
 * previous or next field, a field's value changed or edited, the match
 * created. */
static void form_cmd(cc_ui_console *c, cc_ui_cmd_kind kind)
{
	if (kind == CC_UI_CMD_SETUP_PREV || kind == CC_UI_CMD_SETUP_NEXT)
		c->form.field = cc_ui_setup_step(c, c->form.field, kind == CC_UI_CMD_SETUP_PREV ? -1 : 1);
	else if (kind == CC_UI_CMD_SETUP_LEFT || kind == CC_UI_CMD_SETUP_RIGHT)
		cc_ui_setup_change(c, kind == CC_UI_CMD_SETUP_LEFT ? -1 : 1);
	else if (kind == CC_UI_CMD_SETUP_EDIT)
		cc_ui_setup_edit(c);
	else if (kind == CC_UI_CMD_SETUP_CREATE)
		cc_ui_console_create_match(c);
}

void cc_ui_console_exec(cc_ui_console *c, cc_ui_cmd cmd)
{
	switch (cmd.kind) {
	case CC_UI_CMD_NONE:
		return;
	case CC_UI_CMD_QUIT:
		quit_cmd(c, cmd);
		return;
	case CC_UI_CMD_HELP:
		c->help = true;
		c->help_page = 0;
		return;
	case CC_UI_CMD_BOARD:
		c->board = !c->board && cc_ui_console_moves_recording(c);
		return;
	case CC_UI_CMD_BELL:
		toggle_bell(c);
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
			cc_ui_ask(c, cmd);
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
		sheet_cmd(c);
		return;
	case CC_UI_CMD_MATCH_SHEET:
		match_sheet_cmd(c);
		return;
	case CC_UI_CMD_SETUP_PREV:
	case CC_UI_CMD_SETUP_NEXT:
	case CC_UI_CMD_SETUP_LEFT:
	case CC_UI_CMD_SETUP_RIGHT:
	case CC_UI_CMD_SETUP_EDIT:
	case CC_UI_CMD_SETUP_CREATE:
		form_cmd(c, cmd.kind);
		return;
	case CC_UI_CMD_NEW_MATCH:
		if (c->match)
			cc_ui_ask(c, cmd); /* issue 35: asked first */
		else
			cc_ui_setup_fresh(c);
		return;
	case CC_UI_CMD_RESUME:
		resume_offer(c);
		return;
	}
}
