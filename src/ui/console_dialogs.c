/*
 * console_dialogs.c: the dialogs the arbiter answers (ui_dialogs.h). A
 * dialog opens only when the core would hear its event (else its reason
 * is said), is stamped when the action began (RU-27), and sends the event
 * its answer makes: resign, mate, undo (its prompt says what changes),
 * the arbiter's decision, a solve time, a claim, a typed move or
 * correction, a setup value typed. This file opens them and takes their
 * keys; console_answers.c is what a complete answer sends.
 */
#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_scenario.h"
#include "ui_club.h"
#include "ui_cmd.h"
#include "ui_console.h"
#include "ui_stackmat.h"
#include "ui_dialogs.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_screens.h"
#include "ui_term.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* RU-26: what the declaration brought back, said on the message line: the
 * event as the log has it and the side's moves lost in the block (the one
 * just ended, in its cube phase). */
void cc_ui_say_in_time(cc_ui_console *c, const cc_event *e)
{
	char said[200], line[320];
	const cc_match_view *v = &c->view;
	int lost = v->lost[e->side];
	cc_session_describe_event(cc_ui_lang(), e, cc_match_settings_of(c->match), said, sizeof said);
	snprintf(line, sizeof line, _("%s: the move counts again; %s's moves lost: %d"), said,
	         cc_ui_console_name(c, e->side), lost);
	cc_ui_console_message(c, false, line);
}

/* Is action one of the arbiter's, which holds the clocks while its dialog
 * is open (RU-31)? */
static bool action_holds(cc_ui_action action)
{
	switch (action) {
	case CC_UI_ACT_RESIGN:
	case CC_UI_ACT_MATE:
	case CC_UI_ACT_UNDO:
	case CC_UI_ACT_ARBITER:
	case CC_UI_ACT_IN_TIME:
	case CC_UI_ACT_CORRECT:
	case CC_UI_ACT_CLAIM:
	case CC_UI_ACT_DRAW:
		return true;
	case CC_UI_ACT_QUIT:
	case CC_UI_ACT_CUBE:
	case CC_UI_ACT_NAME:
	case CC_UI_ACT_SEED:
	case CC_UI_ACT_MOVE:
	case CC_UI_ACT_TC:
	case CC_UI_ACT_UNO_PLACE:
	case CC_UI_ACT_UNO_OPTIONS:
	case CC_UI_ACT_TWO_BOARDS:
	case CC_UI_ACT_NEW_MATCH:
	case CC_UI_ACT_CHECK_SKIP:
	case CC_UI_ACT_PRINT:
		return false;
	}
	return false;
}

void cc_ui_modal_open(cc_ui_console *c, cc_ui_modal_kind kind, cc_ui_action action, const char *prompt)
{
	cc_ui_modal *m = &c->modal;
	/* RU-31: an arbiter's dialog over running clocks holds them, recorded
	 * at the moment it opens; cc_ui_console_update() releases them when
	 * it closes, confirmed or cancelled. */
	if (m->kind == CC_UI_MODAL_NONE && c->match && action_holds(action) && c->view.can_hold) {
		cc_event hold = cc_event_hold(c->now_ms);
		(void)cc_ui_console_apply(c, &hold);
	}
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

void cc_ui_modal_close(cc_ui_console *c)
{
	c->modal.kind = CC_UI_MODAL_NONE;
}

/* Would the core accept e now? When not, its reason goes to the message
 * line and no dialog opens (the arbiter is not asked for nothing). */
bool cc_ui_console_would_accept(cc_ui_console *c, cc_event e)
{
	cc_error err = {0};
	char why[sizeof c->message];
	if (cc_match_check(c->match, &e, NULL, &err) == CC_OK)
		return true;
	cc_ui_refusal_line(&err, why, sizeof why);
	cc_ui_console_message(c, true, why);
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
	cc_ui_refusal_line(&err, why, sizeof why);
	cc_ui_console_message(c, true, why);
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
	if (cc_ui_console_flag_fell(c)) {
		snprintf(buf, size, "%s",
		         _("Undo the flag fall? The game comes back paused at the moment the flag fell, that clock at "
		           "zero: set it (c) before resuming (RU-28)."));
		return;
	}
	if (!cc_match_undo_target(c->match, &target)) {
		snprintf(buf, size, "%s", _("Undo the last event (nothing)?"));
		return;
	}
	cc_session_describe_event(cc_ui_lang(), &target, cc_match_settings_of(c->match), what, sizeof what);
	if ((cc_game_class_of_match(c->match)->traits & CC_GAME_DEALT) && c->view.over) {
		/* UNO-F3: the end showed the secret and the deal; an undo takes the result back, not what was seen */
		snprintf(buf, size, _("Undo \"%.80s\"? The deal was shown at the end: every card still to come is known."),
		         what);
		return;
	}
	cc_time_format_ms(c->now_ms - target.t_ms, ago, sizeof ago);
	cc_ui_decimal(ago); /* issue 35 N9: a French line's decimal comma */
	changes[0] = '\0';
	if (cc_match_check(c->match, &undo, &after, NULL) == CC_OK)
		cc_session_describe_changes(cc_ui_lang(), &c->view, &after, cc_match_settings_of(c->match), changes,
		                            sizeof changes);
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
	if (!cc_ui_console_would_accept(c, cc_event_in_time(c->now_ms, v->lost_side, false, "")) &&
	    !(v->has_board && v->can_declare_in_time))
		return;
	/* issue 35 (N9): the refusal of an earlier key is stale once the dialog opens */
	if (c->message_error)
		c->message[0] = '\0';
	/* the time as the screen showed it: the block clock when the 20 s ran out */
	cc_time_format_ms(v->lost_block_ms_left, at, sizeof at);
	cc_ui_decimal(at);
	if (v->has_board)
		snprintf(prompt, sizeof prompt, _("%s (%s) moved in time (the clock ran out at %s on the block clock): the move?"),
		         cc_ui_side_label(v->lost_side), cc_ui_console_name(c, v->lost_side), at);
	else
		snprintf(prompt, sizeof prompt, _("%s (%s) moved in time (the clock ran out at %s on the block clock): count the move?"),
		         cc_ui_side_label(v->lost_side), cc_ui_console_name(c, v->lost_side), at);
	cc_ui_modal_open(c, v->has_board ? CC_UI_MODAL_TEXT : CC_UI_MODAL_CONFIRM, CC_UI_ACT_IN_TIME, prompt);
	c->modal.side = v->lost_side;
}

/* Who resigns? (after an Inversion, a player is not his army) */
static void ask_resign(cc_ui_console *c)
{
	char prompt[256];
	if (cc_game_class_of_match(c->match)->traits & CC_GAME_DEALT) /* after an Inversion, a player is not his army */
		snprintf(prompt, sizeof prompt, _("Who resigns? %c: %s (White at the start)  %c: %s (Black at the start)"),
		         cc_ui_side_letter(CC_SIDE_WHITE), cc_ui_console_name(c, CC_SIDE_WHITE),
		         cc_ui_side_letter(CC_SIDE_BLACK), cc_ui_console_name(c, CC_SIDE_BLACK));
	else
		snprintf(prompt, sizeof prompt, _("Who resigns? %c: White (%s)  %c: Black (%s)"),
		         cc_ui_side_letter(CC_SIDE_WHITE), cc_ui_console_name(c, CC_SIDE_WHITE),
		         cc_ui_side_letter(CC_SIDE_BLACK), cc_ui_console_name(c, CC_SIDE_BLACK));
	cc_ui_modal_open(c, CC_UI_MODAL_SIDE, CC_UI_ACT_RESIGN, prompt);
}

/* Checkmate declared: did the last move mate? */
static void ask_mate(cc_ui_console *c)
{
	char prompt[256];
	/* Asked only when the core would take it: at the start of a
	 * block there is no move of the block to declare mate on. */
	if (!cc_ui_console_would_accept(c, cc_event_mate(c->now_ms)))
		return;
	if (c->view.has_last_mover)
		snprintf(prompt, sizeof prompt, _("Checkmate: the last move, by %s (%s), mated?"),
		         cc_ui_side_label(c->view.last_mover), cc_ui_console_name(c, c->view.last_mover));
	else
		snprintf(prompt, sizeof prompt, "%s", _("Checkmate: the last move mated?"));
	cc_ui_modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_MATE, prompt);
}

/* A correction: what a game of blocks or a chess game can correct. */
static void ask_correct(cc_ui_console *c)
{
	cc_ui_modal *m = &c->modal;
	char body[512], prompt[768], w = cc_ui_side_letter(CC_SIDE_WHITE), k = cc_ui_side_letter(CC_SIDE_BLACK);
	m->dgt_clock = m->dgt_digit = 0;
	m->dgt_editing = m->dgt_reason = false;
	m->dgt_ms = 0;
	if (!(cc_game_class_of_match(c->match)->traits & CC_GAME_BLOCKS))
		snprintf(body, sizeof body, _("Correction and reason: clock %c 5:00 or clock %c +2:00, then why (FI-6.10)"),
		         w, k);
	else
		snprintf(body, sizeof body,
		         _("Correction and reason: block 2:31.5, move +4, clock %c 5:00, moves %c 3, lost %c -1, "
		           "tomove %c, then why"),
		         w, k, w, k);
	/* RU-43: the prompt names both players with their letters */
	snprintf(prompt, sizeof prompt, _("%s; %c: White (%s), %c: Black (%s)"), body, w,
	         cc_ui_console_name(c, CC_SIDE_WHITE), k, cc_ui_console_name(c, CC_SIDE_BLACK));
	cc_ui_modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_CORRECT, prompt);
}

/* A draw claimed: first who claims. */
static void ask_claim_who(cc_ui_console *c)
{
	char prompt[256];
	/* Asked only in a chess game that is on: elsewhere the core's
	 * reason says why not (CO-5.1, the game not started). */
	if (!claim_may_be_heard(c))
		return;
	snprintf(prompt, sizeof prompt, _("Who claims a draw? %c: White (%s)  %c: Black (%s)"),
	         cc_ui_side_letter(CC_SIDE_WHITE), cc_ui_console_name(c, CC_SIDE_WHITE),
	         cc_ui_side_letter(CC_SIDE_BLACK), cc_ui_console_name(c, CC_SIDE_BLACK));
	cc_ui_modal_open(c, CC_UI_MODAL_SIDE, CC_UI_ACT_CLAIM, prompt);
}

/* A draw agreed: confirmed first (FI-9.1). */
static void ask_draw(cc_ui_console *c)
{
	if (!cc_ui_console_would_accept(c, cc_event_draw(c->now_ms)))
		return;
	cc_ui_modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_DRAW,
	           !(cc_game_class_of_match(c->match)->traits & CC_GAME_FIDE) ? _("The players agree a draw? It ends the game.")
	                                           : _("Draw by agreement (9.1): both players agree, the game ends drawn?"));
}

/* A question answered with a player's letter: the arbiter's decision
 * (who wins, or no winner) or a solve not finished (DNF, whose). */
static void ask_who(cc_ui_console *c, cc_ui_cmd_kind kind)
{
	char prompt[256];
	bool arbiter = kind == CC_UI_CMD_ARBITER;
	snprintf(prompt, sizeof prompt,
	         arbiter ? _("Arbiter decision: who wins? %c: White (%s)  %c: Black (%s)")
	                 : _("Who did not finish the solve (DNF)? %c: White (%s)  %c: Black (%s)"),
	         cc_ui_side_letter(CC_SIDE_WHITE), cc_ui_console_name(c, CC_SIDE_WHITE),
	         cc_ui_side_letter(CC_SIDE_BLACK), cc_ui_console_name(c, CC_SIDE_BLACK));
	cc_ui_modal_open(c, arbiter ? CC_UI_MODAL_WINNER : CC_UI_MODAL_SIDE, arbiter ? CC_UI_ACT_ARBITER : CC_UI_ACT_CUBE,
	                 prompt);
}

void cc_ui_ask(cc_ui_console *c, cc_ui_cmd cmd)
{
	char prompt[256];
	switch (cmd.kind) {
	case CC_UI_CMD_QUIT:
		cc_ui_modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_QUIT,
		           cc_session_format_is_game(cc_match_settings_of(c->match)->format)
		               ? _("A game is running. Quit the console?")
		               : _("A match is running. Quit the console?"));
		return;
	case CC_UI_CMD_RESIGN:
		ask_resign(c);
		return;
	case CC_UI_CMD_MATE:
		ask_mate(c);
		return;
	case CC_UI_CMD_UNDO:
		undo_prompt(c, prompt, sizeof prompt);
		cc_ui_modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_UNDO, prompt);
		return;
	case CC_UI_CMD_IN_TIME:
		ask_in_time(c);
		return;
	case CC_UI_CMD_CORRECT:
		ask_correct(c);
		return;
	case CC_UI_CMD_ARBITER:
		ask_who(c, cmd.kind);
		return;
	case CC_UI_CMD_CUBE_ENTRY:
		snprintf(prompt, sizeof prompt, _("Solve time of %s (%s): 23.45, 1:02.30 or DNF"),
		         cc_ui_side_label(cmd.side), cc_ui_console_name(c, cmd.side));
		cc_ui_modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_CUBE, prompt);
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
	case CC_UI_CMD_RESUME:
	case CC_UI_CMD_BOARD:
	case CC_UI_CMD_CLOCK_KEY:
	case CC_UI_CMD_LOG:
	case CC_UI_CMD_SHEET:
	case CC_UI_CMD_MATCH_SHEET:
	case CC_UI_CMD_UNO_DRAW:
	case CC_UI_CMD_UNO_PLACE:
	case CC_UI_CMD_UNO_END:
		return;
	case CC_UI_CMD_NEW_MATCH: /* issue 35: its own key, and asked, the result never left by a slip */
		cc_ui_modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_NEW_MATCH,
		                 cc_session_format_is_game(cc_match_settings_of(c->match)->format)
		                     ? _("Leave this result for a new game? The result stays recorded.")
		                     : _("Leave this result for a new match? The result stays recorded."));
		return;
	case CC_UI_CMD_DNF:
		ask_who(c, cmd.kind);
		return;
	case CC_UI_CMD_CLAIM:
		ask_claim_who(c);
		return;
	case CC_UI_CMD_DRAW:
		ask_draw(c);
		return;
	}
}

/* The claim's second question: what is claimed (FI-9.2, FI-9.3). */
static void ask_claim_what(cc_ui_console *c, cc_side side)
{
	char prompt[256];
	snprintf(prompt, sizeof prompt, _("What does %s (%s) claim?"), cc_ui_side_label(side),
	         cc_ui_console_name(c, side));
	cc_ui_modal_open(c, CC_UI_MODAL_CLAIM, CC_UI_ACT_CLAIM, prompt);
	c->modal.side = side;
}

void cc_ui_confirm_cube(cc_ui_console *c, cc_side side, int32_t cs)
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
	cc_ui_modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_CUBE, prompt);
	c->modal.side = side;
	c->modal.cube_cs = cs;
	c->modal.from_timer = false;
}

void cc_ui_console_propose_cube(cc_ui_console *c, cc_side side, int32_t cs, int64_t t_ms)
{
	char prompt[sizeof c->modal.prompt];
	cc_ui_confirm_cube(c, side, cs);
	c->modal.t_ms = t_ms;
	c->modal.from_timer = true;
	snprintf(prompt, sizeof prompt, _("Timer: %s"), c->modal.prompt);
	snprintf(c->modal.prompt, sizeof c->modal.prompt, "%s", prompt);
}

void cc_ui_stamps_text(const cc_ui_console *c, char *buf, size_t size)
{
	const cc_match_view *v = &c->view;
	size_t len = 0;
	buf[0] = '\0';
	if (!c->match || v->stamps == 0)
		return;
	len = (size_t)snprintf(buf, size, P_("%d move to write:", "%d moves to write:", v->stamps), (int)v->stamps);
	bool blocks = (cc_game_class_of_match(c->match)->traits & CC_GAME_BLOCKS) != 0;
	for (size_t i = 0; i < v->stamps && len < size; i++) {
		char at[32];
		bool white = v->stamp[i].side == CC_SIDE_WHITE;
		cc_time_format_ms(v->stamp[i].block_ms, at, sizeof at);
		cc_ui_decimal(at);
		if (blocks)
			len += (size_t)snprintf(buf + len, size - len, white ? _("%s White's at %s") : _("%s Black's at %s"),
			                        i ? "," : "", at);
		else if (v->has_chess_clocks) /* RU-38: the mover's clock at his key */
			len += (size_t)snprintf(buf + len, size - len,
			                        white ? _("%s White's (clock %s)") : _("%s Black's (clock %s)"), i ? "," : "",
			                        at);
		else
			len += (size_t)snprintf(buf + len, size - len, white ? _("%s White's") : _("%s Black's"),
			                        i ? "," : "");
	}
}

static bool is_enter(int key)
{
	return key == '\n' || key == '\r' || key == KEY_ENTER;
}

/*
 * RU-35: in the move entry, Space and the clock key of the side to move
 * stamp that side's move. A clock key that can go on the move being typed
 * (the x of a capture, after its piece or file) is the character: a
 * player's key is never the arbiter's letter of the same move.
 */
static bool entry_press(cc_ui_console *c, int key)
{
	const char *text = c->modal.text;
	cc_side side = c->view.to_move;
	if (key != ' ' && key != c->clock_key[side])
		return false;
	if (key != ' ' && (key == 'x' || key == 'X') && text[0] && !strpbrk(text, "xX"))
		return false;
	if (key != ' ' && c->real_ms - c->last_move_key_ms < CC_UI_GUARD_MS && !text[0])
		return false; /* a bounce of the key just pressed: the guard below */
	cc_ui_press(c, side);
	return true;
}

static void modal_text_key(cc_ui_console *c, int key)
{
	cc_ui_modal *m = &c->modal;
	size_t len = strlen(m->text);
	if (is_enter(key)) {
		cc_ui_modal_text_submit(c);
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
	/* RU-37: an arrow or Tab in the correction's empty line sets a clock
	 * the DGT way. */
	if (m->action == CC_UI_ACT_CORRECT && !m->dgt_reason && !m->text[0] &&
	    (key == KEY_LEFT || key == KEY_RIGHT || key == KEY_UP || key == KEY_DOWN || key == '\t' || key == KEY_BTAB)) {
		cc_ui_dgt_open(c);
		return;
	}
	/* RU-35: the players' keys stay live while the arbiter types. */
	if (m->action == CC_UI_ACT_MOVE && cc_ui_stamps_keys(c) && entry_press(c, key))
		return;
	/* The lever bounced, or Space came with it: not part of the move.
	 * Once the arbiter has typed, a key is a character (the x of exd5). */
	if (m->action == CC_UI_ACT_MOVE && !m->text[0] && c->real_ms - c->last_move_key_ms < CC_UI_GUARD_MS &&
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

/* RU-45: is key a player's lever, in either case? */
bool cc_ui_is_lever(const cc_ui_console *c, int key)
{
	int k = key >= 'A' && key <= 'Z' ? key - 'A' + 'a' : key;
	for (int s = 0; s < 2; s++) {
		int lever = c->clock_key[s] >= 'A' && c->clock_key[s] <= 'Z' ? c->clock_key[s] - 'A' + 'a' : c->clock_key[s];
		if (k == lever)
			return true;
	}
	return false;
}

/* Issue 35: a letter that is not a colour of the console's language, in a
 * dialog asking for a side, is refused with the letters it takes. */
static void refuse_letter(cc_ui_console *c, int key)
{
	if (key <= ' ' || key >= 127)
		return;
	char typed[2] = {(char)key, '\0'};
	cc_ui_letter_refusal(c, typed, c->modal.error, sizeof c->modal.error);
}

void cc_ui_letter_refusal(const cc_ui_console *c, const char *typed, char *out, size_t size)
{
	snprintf(out, size, _("'%s' is not a colour: %c for White (%s), %c for Black (%s)"), typed,
	         cc_ui_side_letter(CC_SIDE_WHITE), cc_ui_console_name(c, CC_SIDE_WHITE),
	         cc_ui_side_letter(CC_SIDE_BLACK), cc_ui_console_name(c, CC_SIDE_BLACK));
}

/* A confirmation's key: only a deliberate y (o for oui); a reflex Enter
 * after typing a time must not count it. */
static void confirm_key(cc_ui_console *c, int key)
{
	cc_ui_modal *m = &c->modal;
	if (key == 'y' || key == 'Y' || key == 'o' || key == 'O')
		cc_ui_modal_done(c);
	else if (cc_ui_is_lever(c, key))
		/* RU-45: a player's lever is never an answer (Black's n is not "no") */
		snprintf(m->error, sizeof m->error, "%s", _("A player's key is not an answer: y for yes, Esc for no."));
	else if (key == 'n' || key == 'N') {
		if (m->action == CC_UI_ACT_CUBE)
			cc_ui_console_message(c, false, _("Solve time not counted."));
		cc_ui_modal_close(c);
	}
}

/* The side a dialog asked for: a cube's DNF, a claim, a resignation. */
static void side_key(cc_ui_console *c, int key)
{
	cc_ui_modal *m = &c->modal;
	/* Issue 35: the colour letters of the console's language */
	if (!cc_ui_side_of_letter(key, &m->side)) {
		refuse_letter(c, key);
		return;
	}
	if (m->action == CC_UI_ACT_CUBE) {
		/* The stopwatch's DNF: confirmed like any solve time. */
		if (c->stopwatch.running && !c->stopwatch.stopped[m->side]) {
			c->stopwatch.stopped[m->side] = true;
			c->stopwatch.stop_ms[m->side] = c->now_ms;
			c->stopwatch.running = !c->stopwatch.stopped[1 - m->side];
		}
		cc_ui_confirm_cube(c, m->side, CC_CUBE_DNF);
		return;
	}
	if (m->action == CC_UI_ACT_CLAIM) {
		ask_claim_what(c, m->side);
		return;
	}
	char prompt[256];
	snprintf(prompt, sizeof prompt, _("%s (%s) resigns: confirm?"), cc_ui_side_label(m->side),
	         cc_ui_console_name(c, m->side));
	cc_side side = m->side;
	cc_ui_modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_RESIGN, prompt);
	c->modal.side = side;
}

/* An arbiter's decision: the winner's letter, then the reason. */
static void winner_key(cc_ui_console *c, int key)
{
	cc_ui_modal *m = &c->modal;
	cc_side side;
	if (cc_ui_side_of_letter(key, &side))
		m->winner = side == CC_SIDE_WHITE ? CC_WINNER_WHITE : CC_WINNER_BLACK;
	else if (key == 'd' || key == 'D') /* issue 35: d only, n is a colour in French */
		m->winner = CC_WINNER_NONE;
	else {
		refuse_letter(c, key);
		return;
	}
	cc_winner winner = m->winner;
	cc_ui_modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_ARBITER, _("Reason for the decision (one line):"));
	c->modal.winner = winner;
}

void cc_ui_modal_key(cc_ui_console *c, int key)
{
	cc_ui_modal *m = &c->modal;
	if (key == 27 && m->kind == CC_UI_MODAL_READING) {
		m->kind = CC_UI_MODAL_TEXT; /* back to the move typed */
		return;
	}
	if (key == 27) {
		if (m->action == CC_UI_ACT_CUBE)
			cc_ui_console_message(c, false, _("Solve time not counted."));
		cc_ui_modal_close(c);
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
		confirm_key(c, key);
		return;
	case CC_UI_MODAL_SIDE:
		side_key(c, key);
		return;
	case CC_UI_MODAL_WINNER:
		winner_key(c, key);
		return;
	case CC_UI_MODAL_TEXT:
		modal_text_key(c, key);
		if (m->kind == CC_UI_MODAL_TEXT && m->action == CC_UI_ACT_NAME && key != '\t')
			cc_ui_club_pick_update(c);
		return;
	case CC_UI_MODAL_CLAIM:
		cc_ui_claim_key(c, key);
		return;
	case CC_UI_MODAL_DGT:
		cc_ui_dgt_key(c, key);
		return;
	case CC_UI_MODAL_READING:
		if (key == '1' || key == '2') {
			char english[CC_TEXT_MAX];
			snprintf(english, sizeof english, "%s", m->reading[key - '1']);
			cc_ui_move_send(c, english);
		}
		return;
	}
}
