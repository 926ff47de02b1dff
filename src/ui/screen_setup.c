/*
 * screen_setup.c: the form that creates a match: format, category, the two
 * players, colours (by lot or set by the arbiter), recording mode, seed.
 */
#include "ui_internal.h"

#include <stdio.h>

static const char *format_text(cc_format f)
{
	switch (f) {
	case CC_FORMAT_TWICE:
		return _("Twice (20 s a move, the cube winner starts the next block)");
	case CC_FORMAT_TIME:
		return _("Time (10-minute chess clocks, cube times adjust them)");
	case CC_FORMAT_CHESS:
		return "chess"; /* issue 13: the chess game's setup screen is still to come */
	case CC_FORMAT_UNO:
		return _("Chess-Uno (cards decide the moves, the king is captured)");
	}
	return "?";
}

/* Chess-Uno's options in words; Left/Right change the highest number, Enter edits them all. */
static void uno_options_value(const cc_uno_settings *u, char *buf, size_t size)
{
	snprintf(buf, size, _("< cards up to %d >, zeros %s, Jokers %s, next rank %s, series guard %s, prudent king %s, "
	                      "draw after %d turns without a move"),
	         u->max_card_number, u->include_zero ? _("yes") : _("no"), u->include_jokers ? _("yes") : _("no"),
	         u->place_on_next_rank ? _("yes") : _("no"), u->stop_combo_on_king_threat ? _("yes") : _("no"),
	         u->king_avoids_attacked_squares ? _("yes") : _("no"), u->draw_after_turns_without_move);
}

static void field_value(const cc_ui_form *f, cc_ui_field field, char *buf, size_t size)
{
	switch (field) {
	case CC_UI_FIELD_FORMAT:
		snprintf(buf, size, "< %s >", format_text(f->format));
		return;
	case CC_UI_FIELD_CATEGORY:
		snprintf(buf, size, _("< %s: %d moves a block >"),
		         f->category == CC_CATEGORY_FAST ? "FAST" : f->category == CC_CATEGORY_FREEZE ? "FREEZE" : "MASTERS",
		         cc_match_quota(f->category));
		return;
	case CC_UI_FIELD_PLAYER1:
		snprintf(buf, size, "%s", f->player[0]);
		return;
	case CC_UI_FIELD_PLAYER2:
		snprintf(buf, size, "%s", f->player[1]);
		return;
	case CC_UI_FIELD_COLOURS:
		switch (f->colours) {
		case CC_UI_COLOURS_LOT:
			snprintf(buf, size, "< %s >", _("drawn by lot when the match is created"));
			return;
		case CC_UI_COLOURS_P1_WHITE:
			snprintf(buf, size, "< %s >", _("player 1 has White"));
			return;
		case CC_UI_COLOURS_P2_WHITE:
			snprintf(buf, size, "< %s >", _("player 2 has White"));
			return;
		}
		return;
	case CC_UI_FIELD_RECORD:
		snprintf(buf, size, "< %s >",
		         f->record == CC_RECORD_COUNT ? _("count: one key per move")
		                                      : _("moves: each move typed, SAN or UCI, checked"));
		return;
	case CC_UI_FIELD_SEED:
		snprintf(buf, size, "%llu", (unsigned long long)f->seed);
		return;
	case CC_UI_FIELD_START:
		snprintf(buf, size, "[ %s ]", f->format == CC_FORMAT_UNO ? _("Create the game and deal") : _("Create the match"));
		return;
	case CC_UI_FIELD_UNO_OPTIONS:
		uno_options_value(&f->uno, buf, size);
		return;
	}
}

static const char *field_label(cc_ui_field field)
{
	switch (field) {
	case CC_UI_FIELD_FORMAT:
		return _("Format");
	case CC_UI_FIELD_CATEGORY:
		return _("Category");
	case CC_UI_FIELD_PLAYER1:
		return _("Player 1");
	case CC_UI_FIELD_PLAYER2:
		return _("Player 2");
	case CC_UI_FIELD_COLOURS:
		return _("Colours");
	case CC_UI_FIELD_RECORD:
		return _("Recording");
	case CC_UI_FIELD_SEED:
		return _("Cube seed");
	case CC_UI_FIELD_START:
		return "";
	case CC_UI_FIELD_UNO_OPTIONS:
		return _("Options");
	}
	return "";
}

/* The form's fields in screen order; Chess-Uno has no category, recording
 * or cube seed, the other formats no Chess-Uno options. */
static const cc_ui_field field_order[] = {
	CC_UI_FIELD_FORMAT, CC_UI_FIELD_CATEGORY, CC_UI_FIELD_PLAYER1,    CC_UI_FIELD_PLAYER2, CC_UI_FIELD_COLOURS,
	CC_UI_FIELD_RECORD, CC_UI_FIELD_SEED,     CC_UI_FIELD_UNO_OPTIONS, CC_UI_FIELD_START,
};
#define FIELD_ORDER_COUNT (int)(sizeof field_order / sizeof field_order[0])

static bool field_shown(const cc_ui_form *f, cc_ui_field field)
{
	bool uno = f->format == CC_FORMAT_UNO;
	switch (field) {
	case CC_UI_FIELD_CATEGORY:
	case CC_UI_FIELD_RECORD:
	case CC_UI_FIELD_SEED:
		return !uno;
	case CC_UI_FIELD_UNO_OPTIONS:
		return uno;
	case CC_UI_FIELD_FORMAT:
	case CC_UI_FIELD_PLAYER1:
	case CC_UI_FIELD_PLAYER2:
	case CC_UI_FIELD_COLOURS:
	case CC_UI_FIELD_START:
		return true;
	}
	return true;
}

cc_ui_field cc_ui_setup_next_field(const cc_ui_form *f, int dir)
{
	int at = 0;
	while (at < FIELD_ORDER_COUNT && field_order[at] != f->field)
		at++;
	for (int step = 1; step <= FIELD_ORDER_COUNT; step++) {
		cc_ui_field next = field_order[((at + dir * step) % FIELD_ORDER_COUNT + FIELD_ORDER_COUNT) % FIELD_ORDER_COUNT];
		if (field_shown(f, next))
			return next;
	}
	return f->field;
}

/* Twice, Time, Chess-Uno (the chess game's form is issue 13's). */
cc_format cc_ui_setup_next_format(cc_format format, int dir)
{
	static const cc_format cycle[] = {CC_FORMAT_TWICE, CC_FORMAT_TIME, CC_FORMAT_UNO};
	int at = 0;
	while (at < 3 && cycle[at] != format)
		at++;
	return cycle[((at + dir) % 3 + 3) % 3];
}

void cc_ui_setup_draw(const cc_ui_console *c)
{
	char value[256];
	int label_w = 14;
	cc_ui_draw_title(c, _("New match"));
	cc_ui_put(2, 2, COLS - 4, CC_UI_ROLE_NORMAL, _("Set up the match, then create it."));
	for (int i = 0, row = 0; i < FIELD_ORDER_COUNT; i++) {
		cc_ui_field field = field_order[i];
		if (!field_shown(&c->form, field))
			continue;
		bool selected = c->form.field == field;
		int y = 4 + 2 * row++;
		field_value(&c->form, field, value, sizeof value);
		cc_ui_put(y, 2, label_w, CC_UI_ROLE_NORMAL, field_label(field));
		if (selected)
			cc_ui_put(y, 0, 2, CC_UI_ROLE_TO_MOVE, ">");
		/* A long value (French, a narrow screen) wraps onto the blank row below. */
		cc_ui_put_wrapped(y, 2 + label_w, COLS - label_w - 3, 2, selected ? CC_UI_ROLE_TO_MOVE : CC_UI_ROLE_NORMAL,
		                  value);
	}
	if (c->has_offer) {
		char offer[256];
		snprintf(offer, sizeof offer, _("r: resume unfinished match %lld (%s - %s, %s)"),
		         (long long)c->offer.id, c->offer.settings.white, c->offer.settings.black,
		         c->offer.settings.format == CC_FORMAT_TWICE ? "Twice"
		         : c->offer.settings.format == CC_FORMAT_UNO ? "Chess-Uno"
		                                                     : "Time");
		cc_ui_put_wrapped(LINES - 4, 2, COLS - 4, 1, CC_UI_ROLE_WARN, offer);
	}
	cc_ui_draw_message(c, cc_ui_draw_keys(_("Up/Down: field  Left/Right: change  Enter: edit  w: scramble sheet  s: create  ?: help  q: quit")) - 1);
}

cc_ui_cmd cc_ui_setup_key(const cc_ui_console *c, int key)
{
	cc_ui_cmd cmd = {CC_UI_CMD_NONE, CC_SIDE_WHITE};
	(void)c;
	switch (key) {
	case KEY_UP:
	case KEY_BTAB:
		cmd.kind = CC_UI_CMD_SETUP_PREV;
		break;
	case KEY_DOWN:
	case '\t':
		cmd.kind = CC_UI_CMD_SETUP_NEXT;
		break;
	case KEY_LEFT:
		cmd.kind = CC_UI_CMD_SETUP_LEFT;
		break;
	case KEY_RIGHT:
	case ' ':
		cmd.kind = CC_UI_CMD_SETUP_RIGHT;
		break;
	case '\n':
	case '\r':
	case KEY_ENTER:
		cmd.kind = CC_UI_CMD_SETUP_EDIT;
		break;
	case 's':
	case 'S':
		cmd.kind = CC_UI_CMD_SETUP_CREATE;
		break;
	case 'r':
	case 'R':
		cmd.kind = CC_UI_CMD_RESUME;
		break;
	case 'w':
	case 'W':
		cmd.kind = CC_UI_CMD_SHEET;
		break;
	default:
		return cc_ui_common_key(key);
	}
	return cmd;
}

void cc_ui_sheet_draw(const cc_ui_console *c)
{
	char text[CC_SESSION_SHEET_MAX + 64], head[128];
	int w = COLS - 4 < 90 ? COLS - 4 : 90, x = (COLS - w) / 2, rows = 0;
	snprintf(head, sizeof head, _("Scramble sheet of seed %llu: apply each to both cubes under its number."),
	         (unsigned long long)c->form.seed);
	rows += cc_ui_wrapped_rows(w - 4, head) + 1;
	for (int n = 1; n <= 4; n++) {
		char line[CC_SESSION_SHEET_MAX];
		cc_session_sheet_line(c->sheet, n, line, sizeof line);
		snprintf(text, sizeof text, _("Cube %d: %s"), n, line);
		rows += cc_ui_wrapped_rows(w - 4, text);
	}
	char saved[sizeof c->sheet_file + 64];
	if (c->sheet_file[0])
		snprintf(saved, sizeof saved, _("Written to %s"), c->sheet_file);
	else
		snprintf(saved, sizeof saved, "%s", _("Could not be written beside the database: copy it from here."));
	rows += 1 + cc_ui_wrapped_rows(w - 4, saved) + 1;
	int h = rows + 2 > LINES ? LINES : rows + 2, y = (LINES - h) / 2, last = y + h - 1;
	for (int r = 0; r < h; r++)
		mvhline(y + r, x, ' ', w);
	cc_ui_box(y, x, h, w, CC_UI_ROLE_DIM);
	int row = y + 1;
	row += cc_ui_put_wrapped(row, x + 2, w - 4, last - row, CC_UI_ROLE_TITLE, head) + 1;
	for (int n = 1; n <= 4; n++) {
		char line[CC_SESSION_SHEET_MAX];
		cc_session_sheet_line(c->sheet, n, line, sizeof line);
		snprintf(text, sizeof text, _("Cube %d: %s"), n, line);
		row += cc_ui_put_wrapped(row, x + 2, w - 4, last - row, CC_UI_ROLE_NORMAL, text);
	}
	row++;
	row += cc_ui_put_wrapped(row, x + 2, w - 4, last - row, c->sheet_file[0] ? CC_UI_ROLE_GOOD : CC_UI_ROLE_ALERT,
	                         saved);
	cc_ui_put_wrapped(last, x + 2, w - 4, 1, CC_UI_ROLE_DIM, _(" Any key closes. "));
}
