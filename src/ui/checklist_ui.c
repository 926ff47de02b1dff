/*
 * checklist_ui.c: the pre-match check-list on the console (CK-1, seed
 * 000's « Check-list terrain »): see ui_checklist.h. The session records
 * it (session_checklist.h); this file asks for it and draws it.
 */
#include "ui_checklist.h"

#include <stdio.h>
#include <string.h>

#include "chesscubing/game.h"
#include "chesscubing/session_checklist.h"
#include "ui_console.h"
#include "ui_dgt.h"
#include "ui_dialogs.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_bigfont.h"
#include "ui_printer.h"
#include "ui_term.h"

void cc_ui_checklist_reset(cc_ui_console *c)
{
	cc_session_checklist_init(&c->checklist, c->dgt != NULL);
	cc_ui_eboard_recheck(c); /* its DGT item ticked by the board itself (dgt_console.c) */
}

bool cc_ui_checklist_shown(const cc_ui_console *c)
{
	return c->match && c->session && !c->spectator && c->view_valid && c->view.phase == CC_PHASE_SETUP &&
	       cc_game_has(cc_match_settings_of(c->match)->format, CC_GAME_CUBES) &&
	       !cc_session_has_checklist(c->session);
}

bool cc_ui_checklist_key(cc_ui_console *c, int key)
{
	if (!cc_ui_checklist_shown(c))
		return false;
	if (key >= '1' && key < '1' + CC_CHECK_COUNT) {
		int i = key - '1';
		cc_check_state *st = &c->checklist.state[i];
		if (*st == CC_CHECK_NONE)
			return true;
		*st = *st == CC_CHECK_TICKED ? CC_CHECK_OPEN : CC_CHECK_TICKED;
		c->checklist.reason[i][0] = '\0';
		return true;
	}
	/* CK-1.6, CK-1.7: the sheet printed, the colours shown big (a player's
	 * lever, when the arbiter made w or t one, stays the player's). */
	if ((key == 'w' || key == 'W') && !cc_ui_is_lever(c, key)) {
		cc_ui_printer_sheet(c);
		return true;
	}
	if ((key == 't' || key == 'T') && !cc_ui_is_lever(c, key)) {
		c->draw_open = true;
		return true;
	}
	if (key == '-') {
		cc_ui_modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_CHECK_SKIP,
		                 _("Skip which item, and why? Its number, then the reason (2 no printer):"));
		return true;
	}
	return false;
}

void cc_ui_checklist_skip_submit(cc_ui_console *c)
{
	cc_ui_modal *m = &c->modal;
	const char *t = m->text;
	while (*t == ' ')
		t++;
	int i = t[0] - '1';
	const char *reason = t[0] ? t + 1 : t;
	while (*reason == ' ' || *reason == '\t')
		reason++;
	if (i < 0 || i >= CC_CHECK_COUNT || c->checklist.state[i] == CC_CHECK_NONE) {
		snprintf(m->error, sizeof m->error, "%s", _("Start with the item's number, 1 to 5."));
		return;
	}
	if (!*reason) {
		snprintf(m->error, sizeof m->error, "%s", _("An item is skipped only with a reason: type it after the number."));
		return;
	}
	c->checklist.state[i] = CC_CHECK_SKIPPED;
	snprintf(c->checklist.reason[i], sizeof c->checklist.reason[i], "%.*s", CC_CHECK_REASON_MAX - 1, reason);
	for (char *p = c->checklist.reason[i]; *p; p++) /* the record's separator stays its own */
		if (*p == ';')
			*p = ',';
	cc_ui_modal_close(c);
}

bool cc_ui_checklist_record(cc_ui_console *c)
{
	if (!cc_ui_checklist_shown(c))
		return true;
	cc_session_checklist list = c->checklist;
	for (int i = 0; i < CC_CHECK_COUNT; i++)
		if (list.state[i] == CC_CHECK_OPEN)
			list.state[i] = CC_CHECK_CONFIRMED;
	cc_error err = {0};
	if (cc_session_record_checklist(c->session, &list, c->now_ms, &err) != CC_OK) {
		cc_ui_console_refusal(c, &err);
		return false;
	}
	c->checklist = list;
	/* said as a resume's replay tells it (the log keeps its lines) */
	char hold[CC_TEXT_MAX], release[CC_TEXT_MAX], line[512]; /* cut as the record cuts them */
	if (cc_session_checklist_texts(&list, hold, sizeof hold, release, sizeof release)) {
		if (cc_session_describe_checklist(cc_ui_lang(), false, hold, line, sizeof line))
			cc_ui_console_log(c, false, line);
		if (cc_session_describe_checklist(cc_ui_lang(), true, release, line, sizeof line))
			cc_ui_console_log(c, false, line);
	}
	return true;
}

static const char *mark(cc_check_state st)
{
	switch (st) {
	case CC_CHECK_OPEN:
		return "[ ]";
	case CC_CHECK_TICKED:
	case CC_CHECK_CONFIRMED:
		return "[x]";
	case CC_CHECK_SKIPPED:
		return "[-]";
	case CC_CHECK_NONE:
		return "   ";
	}
	return "";
}

static const char *HEAD = N_("Check-list: 1-5 tick, - skip with a reason; s confirms the rest and starts.");
/* The heading in one row at 60x22, when the screen is short of rows (a
 * message of three rows beside a DGT board's list): the same keys. */
static const char *HEAD_SHORT = N_("Check-list: 1-5 tick, - skip, s confirms and starts.");

static void item_line(const cc_ui_console *c, int i, char *line, size_t size)
{
	cc_check_state st = c->checklist.state[i];
	const char *label = cc_session_checklist_label(cc_ui_lang(), (cc_check_item)i);
	char said[256];
	/* A skipped item and its reason, the language's way ("... : pas d'imprimante"). */
	if (st == CC_CHECK_SKIPPED)
		snprintf(said, sizeof said, _("%s: %s"), label, c->checklist.reason[i]);
	else
		snprintf(said, sizeof said, "%s", label);
	snprintf(line, size, "%s %d %s", mark(st), i + 1, said);
}

int cc_ui_checklist_rows(const cc_ui_console *c, bool compact)
{
	if (!cc_ui_checklist_shown(c))
		return 0;
	char line[512];
	int w = COLS - 2, rows = 1 + cc_ui_wrapped_rows(w, compact ? _(HEAD_SHORT) : _(HEAD));
	for (int i = 0; i < CC_CHECK_COUNT; i++) {
		if (c->checklist.state[i] == CC_CHECK_NONE)
			continue;
		item_line(c, i, line, sizeof line);
		rows += cc_ui_wrapped_rows(w, line); /* whole, a long reason too */
	}
	return rows;
}

int cc_ui_checklist_draw(const cc_ui_console *c, int top, int bottom, bool compact)
{
	char line[512];
	int y = top, w = COLS - 2;
	if (y < bottom)
		y += cc_ui_put_wrapped(y, 1, w, bottom - y, CC_UI_ROLE_WARN, compact ? _(HEAD_SHORT) : _(HEAD));
	for (int i = 0; i < CC_CHECK_COUNT && y < bottom; i++) {
		cc_check_state st = c->checklist.state[i];
		if (st == CC_CHECK_NONE)
			continue;
		item_line(c, i, line, sizeof line);
		y += cc_ui_put_wrapped(y, 1, w, bottom - y, st == CC_CHECK_OPEN ? CC_UI_ROLE_NORMAL : CC_UI_ROLE_GOOD, line);
	}
	return y - top;
}

/*
 * CK-1.7: the colours shown to the players over the block-1 screen, the
 * colour in big letters and its player's name under it, whole (a long or
 * wide name wraps, never cut); any key goes back to the check-list.
 */
void cc_ui_checklist_draw_colours(const cc_ui_console *c)
{
	char line[512];
	const char *white = cc_ui_console_name(c, CC_SIDE_WHITE), *black = cc_ui_console_name(c, CC_SIDE_BLACK);
	const char *word = _("WHITE");
	const char *back = _("Any key: back to the check-list.");
	int w = COLS - 2;
	erase();
	cc_ui_draw_title(c, _("Colour draw"));
	int bottom = LINES - 1 - cc_ui_wrapped_rows(w, back);
	cc_ui_put_wrapped(bottom + 1, 1, w, LINES - bottom - 1, CC_UI_ROLE_DIM, back);
	int y = 2;
	y += cc_ui_put_centred_wrapped(y, 2, CC_UI_ROLE_NORMAL,
	                               c->colours_by_lot ? _("Colours drawn by lot when the match was created:")
	                                                 : _("Colours set by the arbiter at the setup:"));
	snprintf(line, sizeof line, _("White: %s"), white);
	int name_rows = cc_ui_wrapped_rows(w, line);
	char other[512];
	snprintf(other, sizeof other, _("Black: %s"), black);
	int other_rows = cc_ui_wrapped_rows(w, other);
	/* The names first, whole; the big word in the rows left. */
	int room = bottom - y - name_rows - other_rows - 2;
	int big = room > CC_UI_BIG_ROWS + 3 ? CC_UI_BIG_ROWS + 3 : room;
	y++;
	if (big >= CC_UI_BIG_ROWS && cc_ui_big_drawable(word))
		y += cc_ui_big_fill(y, 0, COLS, big, CC_UI_ROLE_TO_MOVE, word) + 1;
	y += cc_ui_put_centred_wrapped(y, name_rows, CC_UI_ROLE_TITLE, line);
	y++;
	cc_ui_put_centred_wrapped(y, other_rows, CC_UI_ROLE_NORMAL, other);
}
