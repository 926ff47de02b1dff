/*
 * console_draw.c: the console's frame: the screen of the phase (or the
 * game's own, ui_screens.h), then the board, log, sheet, help and the
 * dialog over it, each drawn from the read-only console.
 */

#include "ui_checklist.h"
#include "ui_console.h"
#include "ui_dialogs.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_screens.h"
#include "ui_setup.h"
#include "ui_term.h"

#include <stdio.h>

/* The keys a dialog takes, said on its last rows (letters: room for the
 * ones written with the language's side letters); NULL when the dialog
 * draws no box of this shape (none open, the DGT form). */
static const char *modal_hint(const cc_ui_console *c, char *letters, size_t size)
{
	const cc_ui_modal *m = &c->modal;
	switch (m->kind) {
	case CC_UI_MODAL_NONE:
	case CC_UI_MODAL_DGT:
		return NULL;
	case CC_UI_MODAL_CONFIRM:
		/* RU-45: Esc is no; n only when it is no player's lever */
		return cc_ui_is_lever(c, 'n') ? _("y: yes   Esc: no") : _("y: yes   n or Esc: no");
	case CC_UI_MODAL_SIDE: /* issue 35: the letters of the console's language */
		snprintf(letters, size, _("%c: White   %c: Black   Esc: cancel"), cc_ui_side_letter(CC_SIDE_WHITE),
		         cc_ui_side_letter(CC_SIDE_BLACK));
		return letters;
	case CC_UI_MODAL_WINNER:
		snprintf(letters, size, _("%c: White wins   %c: Black wins   d: no winner   Esc: cancel"),
		         cc_ui_side_letter(CC_SIDE_WHITE), cc_ui_side_letter(CC_SIDE_BLACK));
		return letters;
	case CC_UI_MODAL_TEXT:
		/* RU-37: a correction's empty line also opens the DGT form */
		return m->action == CC_UI_ACT_CORRECT && !m->dgt_reason
		           ? _("Enter: accept   arrows or Tab: set a clock digit by digit   Esc: cancel")
		           : _("Enter: accept   Esc: cancel");
	case CC_UI_MODAL_CLAIM:
		return _("t: threefold repetition (9.2)   f: 50 moves (9.3)   Esc: cancel");
	case CC_UI_MODAL_READING:
		return _("1 or 2: choose   Esc: back to the move");
	}
	return NULL;
}

/* A dialog sized to its texts: every line is wrapped by display width in
 * the box, which grows to hold them (up to the screen). */
static void draw_modal(const cc_ui_console *c)
{
	const cc_ui_modal *m = &c->modal;
	int w = COLS - 4 < 76 ? COLS - 4 : 76, x, y, h, inner;
	char line[sizeof c->modal.text + 8];
	char letters[160];
	/* A player's name is typed in its field, the type-ahead list under it. */
	if (m->kind == CC_UI_MODAL_TEXT && m->action == CC_UI_ACT_NAME && !c->match && !cc_ui_term_too_small())
		return;
	if (m->kind == CC_UI_MODAL_DGT)
		cc_ui_dgt_draw(c); /* a form of its own */
	const char *hint = modal_hint(c, letters, sizeof letters);
	if (!hint)
		return;
	const char *prompt = m->kind == CC_UI_MODAL_READING ? m->question : m->prompt;
	if (w < 10)
		w = COLS;
	inner = w - 4;
	snprintf(line, sizeof line, "> %s_", m->text);
	int rows_prompt = cc_ui_wrapped_rows(inner, prompt);
	int rows_text = m->kind == CC_UI_MODAL_TEXT ? cc_ui_wrapped_rows(inner, line) : 0;
	int rows_error = m->error[0] ? cc_ui_wrapped_rows(inner, m->error) : 0;
	int rows_hint = cc_ui_wrapped_rows(inner, hint);
	/* RU-35: the moves stamped by the clock keys, waiting for their SAN */
	char stamps[256];
	stamps[0] = '\0';
	if (m->action == CC_UI_ACT_MOVE)
		cc_ui_stamps_text(c, stamps, sizeof stamps);
	int rows_stamps = stamps[0] ? cc_ui_wrapped_rows(inner, stamps) : 0;
	h = 2 + rows_prompt + rows_stamps + 1 + (rows_text ? rows_text : 0) + rows_error + rows_hint + (rows_text || rows_error ? 1 : 0);
	if (h > LINES)
		h = LINES;
	x = (COLS - w) / 2;
	y = (LINES - h) / 2;
	attrset((int)cc_ui_attr(CC_UI_ROLE_NORMAL));
	/* In a narrow terminal the rows under the box are blanked whole: a
	 * letter or two of the screen beneath would read as the dialog's. */
	bool narrow = x < 4;
	for (int r = 0; r < h; r++)
		mvhline(y + r, narrow ? 0 : x, ' ', narrow ? COLS : w);
	cc_ui_box(y, x, h, w, CC_UI_ROLE_WARN);
	int row = y + 1, last = y + h - 1;
	row += cc_ui_put_wrapped(row, x + 2, inner, last - row, CC_UI_ROLE_NORMAL, prompt);
	if (rows_stamps)
		row += cc_ui_put_wrapped(row, x + 2, inner, last - row, CC_UI_ROLE_WARN, stamps);
	row++;
	if (rows_text)
		row += cc_ui_put_wrapped(row, x + 2, inner, last - row, CC_UI_ROLE_GOOD, line);
	if (rows_error)
		row += cc_ui_put_wrapped(row, x + 2, inner, last - row, CC_UI_ROLE_ALERT, m->error);
	if (rows_text || rows_error)
		row++;
	cc_ui_put_wrapped(row, x + 2, inner, last - row, CC_UI_ROLE_DIM, hint);
}

/* RU-35: stamps waiting while the move entry is closed (Escape): said over
 * the message line, with the key that brings the entry back. */
static void draw_stamps(const cc_ui_console *c)
{
	char line[320], stamps[256];
	if (!c->match || c->view.stamps == 0)
		return;
	cc_ui_stamps_text(c, stamps, sizeof stamps);
	snprintf(line, sizeof line, _("Enter: %s"), stamps);
	attrset((int)cc_ui_attr(CC_UI_ROLE_WARN));
	mvhline(LINES - 3, 0, ' ', COLS);
	mvaddnstr(LINES - 3, 0, line, COLS);
	attrset((int)cc_ui_attr(CC_UI_ROLE_NORMAL));
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
	if (c->interventions_open && c->match)
		cc_ui_interventions_draw(c);
	if (c->sheet_open && !c->match)
		cc_ui_sheet_draw(c);
	if (c->draw_open && cc_ui_checklist_shown(c))
		cc_ui_checklist_draw_colours(c);
	if (c->help)
		cc_ui_help_draw(c);
	if (c->modal.kind != CC_UI_MODAL_NONE)
		draw_modal(c);
	else
		draw_stamps(c);
}
