/*
 * screen_setup.c: the form that creates a match: an open event's pairing
 * (when there is one), format, category, the two players (registered ones
 * picked by type-ahead, with their ratings), colours (by lot or set by the
 * arbiter), recording mode, rated or not, seed. The club's fields are
 * drawn by screen_club.c.
 */
#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "ui_club.h"
#include "ui_cmd.h"
#include "ui_console.h"
#include "ui_dialogs.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_screens.h"
#include "ui_setup.h"
#include "ui_term.h"

#include <stdio.h>
#include <string.h>

#include "chesscubing/session_describe.h"

static const char *format_text(cc_format f)
{
	return _(cc_ui_screens_of(f)->setup_text);
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

/* Issue 35 item 9: the button says whether what it creates counts for the
 * ratings (the Rated field's choice), when there is a record to rate it. */
static const char *start_text(const cc_ui_console *c)
{
	const cc_ui_form *f = &c->form;
	bool shown = cc_ui_setup_shown(c, CC_UI_FIELD_RATED);
	bool rated = shown && !f->unrated && f->named[0] && f->named[1];
	if (cc_game_has(f->format, CC_GAME_DEALT))
		return !shown ? _("Create the game and deal")
		       : rated ? _("Deal the rated game") /* shorter: whole at 60x22 */
		               : _("Deal the unrated game");
	if (cc_game_has(f->format, CC_GAME_SINGLE))
		return !shown ? _("Create the game") : rated ? _("Create the rated game") : _("Create the unrated game");
	return !shown ? _("Create the match") : rated ? _("Create the rated match") : _("Create the unrated match");
}

static void field_value(const cc_ui_console *c, cc_ui_field field, char *buf, size_t size)
{
	const cc_ui_form *f = &c->form;
	switch (field) {
	case CC_UI_FIELD_FORMAT:
		snprintf(buf, size, "< %s >", format_text(f->format));
		return;
	case CC_UI_FIELD_CATEGORY:
		snprintf(buf, size, P_("< %s: %d move a block >", "< %s: %d moves a block >", cc_match_quota(f->category)),
		         f->category == CC_CATEGORY_FAST ? "FAST" : f->category == CC_CATEGORY_FREEZE ? "FREEZE" : "MASTERS",
		         cc_match_quota(f->category));
		return;
	case CC_UI_FIELD_PLAYER1:
		cc_ui_club_player_value(c, 0, buf, size);
		return;
	case CC_UI_FIELD_PLAYER2:
		cc_ui_club_player_value(c, 1, buf, size);
		return;
	case CC_UI_FIELD_PAIRING:
		cc_ui_club_pairing_value(c, buf, size);
		return;
	case CC_UI_FIELD_RATED:
		cc_ui_club_rated_value(c, buf, size);
		return;
	case CC_UI_FIELD_COLOURS:
		switch (f->colours) {
		case CC_UI_COLOURS_LOT:
			snprintf(buf, size, "< %s >",
			         cc_session_format_is_game(f->format) ? _("drawn by lot when the game is created")
			                                              : _("drawn by lot when the match is created"));
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
		snprintf(buf, size, "[ %s ]", start_text(c));
		return;
	case CC_UI_FIELD_UNO_OPTIONS:
		uno_options_value(&f->uno, buf, size);
		return;
	case CC_UI_FIELD_VARIANT:
	case CC_UI_FIELD_TC:
	case CC_UI_FIELD_CLAIMS:
		return; /* form_chess.c */
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
	case CC_UI_FIELD_PAIRING:
		return _("Event pairing");
	case CC_UI_FIELD_RATED:
		return _("Rated");
	case CC_UI_FIELD_START:
	case CC_UI_FIELD_VARIANT: /* form_chess.c */
	case CC_UI_FIELD_TC:
	case CC_UI_FIELD_CLAIMS:
		return "";
	case CC_UI_FIELD_UNO_OPTIONS:
		return _("Options");
	}
	return "";
}

bool cc_ui_setup_shown(const cc_ui_console *c, cc_ui_field field)
{
	switch (field) {
	case CC_UI_FIELD_PAIRING:
		return c->club.offer_count > 0; /* an open event (CL-3.6) */
	case CC_UI_FIELD_RATED:
		return c->db != NULL; /* nothing is rated unless recorded */
	case CC_UI_FIELD_FORMAT:
	case CC_UI_FIELD_CATEGORY:
	case CC_UI_FIELD_PLAYER1:
	case CC_UI_FIELD_PLAYER2:
	case CC_UI_FIELD_COLOURS:
	case CC_UI_FIELD_RECORD:
	case CC_UI_FIELD_SEED:
	case CC_UI_FIELD_START:
	case CC_UI_FIELD_VARIANT:
	case CC_UI_FIELD_TC:
	case CC_UI_FIELD_CLAIMS:
	case CC_UI_FIELD_UNO_OPTIONS:
		return cc_ui_form_shows(&c->form, field); /* the format's (form_chess.c) */
	}
	return true;
}

int cc_ui_setup_fields(const cc_ui_console *c, cc_ui_field out[CC_UI_FIELD_COUNT])
{
	cc_ui_field all[CC_UI_FIELD_COUNT];
	int n = cc_ui_form_fields(&c->form, all), shown = 0;
	for (int i = 0; i < n; i++)
		if (cc_ui_setup_shown(c, all[i]))
			out[shown++] = all[i];
	return shown;
}

cc_ui_field cc_ui_setup_step(const cc_ui_console *c, cc_ui_field field, int dir)
{
	cc_ui_field shown[CC_UI_FIELD_COUNT];
	int n = cc_ui_setup_fields(c, shown), at = 0;
	for (int i = 0; i < n; i++)
		if (shown[i] == field)
			at = i;
	return shown[(at + n + dir) % n];
}

/* A field's label and value: the board and chess game's from form_chess.c. */
static const char *field_text(const cc_ui_console *c, cc_ui_field field, char *value, size_t size)
{
	const char *label = field_label(field);
	if (!cc_ui_form_chess_field(&c->form, field, &label, value, size))
		field_value(c, field, value, size);
	/* CL-8.1: a term the event fixes is shown without the arrows that
	 * say it changes, and says who fixed it */
	size_t n = strlen(value);
	if (cc_ui_club_fixes(c, field) && n >= 4 && strncmp(value, "< ", 2) == 0 && strcmp(value + n - 2, " >") == 0) {
		char shown[256];
		snprintf(shown, sizeof shown, "%.*s %s", (int)(n - 4), value + 2, _("(fixed by the event)"));
		snprintf(value, size, "%s", shown);
	}
	return label;
}

/* The resume offer's line (RU-18): "r: resume unfinished game 3 (...)". */
static void offer_text(const cc_ui_console *c, char *offer, size_t size)
{
	const cc_match_settings *s = &c->offer.settings;
	const char *kind = _(cc_ui_screens_of(s->format)->offer_kind);
	snprintf(offer, size,
	         cc_session_format_is_game(s->format) ? _("r: resume unfinished game %lld (%s - %s, %s)")
	                                              : _("r: resume unfinished match %lld (%s - %s, %s)"),
	         (long long)c->offer.id, s->white, s->black, kind);
}

/* The page's address while `serve` runs, for the room's phones: its QR
 * code at the right of the fields from row top when it fits beside the
 * widest of them and above bottom, the address under it; else the address
 * alone at the right of row 2 when it fits there. */
static void serve_draw(const cc_ui_console *c, int widest, int top, int bottom)
{
	const cc_ui_qr *q = &c->serve_qr;
	int len = (int)strlen(q->text), cols = cc_ui_qr_cols(q), col = COLS - cols - 1;
	if (!q->text[0])
		return;
	if (q->modules && col >= widest + 4 && top + cc_ui_qr_rows(q) <= bottom && len < COLS) {
		cc_ui_qr_draw(q, top, col);
		int text_col = COLS - 1 - len;
		cc_ui_put(top + cc_ui_qr_rows(q), text_col < col ? text_col : col, len, CC_UI_ROLE_NORMAL, q->text);
	} else if (len + 4 < COLS / 2) {
		cc_ui_put(2, COLS - 1 - len, len, CC_UI_ROLE_NORMAL, q->text);
	}
}

/*
 * The label column. Every label fits the usual 14 columns in English and
 * French; a longer one (another language) widens the column up to a third
 * of the screen when the fields still fit the rows, and a label wider than
 * the column goes on a row of its own above its value: every label whole,
 * every field and the button kept (the narrower the column, the fewer
 * rows the values wrap onto).
 */
#define LABEL_COLS 14

typedef struct {
	int label_w, value_w, rows; /* rows: the fields', without blank rows between them */
} form_layout;

static int form_rows(const cc_ui_console *c, const cc_ui_field *shown, int n, int label_w)
{
	char value[512];
	int rows = 0;
	for (int i = 0; i < n; i++) {
		const char *label = field_text(c, shown[i], value, sizeof value);
		rows += cc_ui_wrapped_rows(COLS - label_w - 3, value) + (cc_ui_text_width(label) >= label_w ? 1 : 0);
	}
	return rows;
}

/* The widest column whose fields fit room rows; else the one that takes
 * the fewest. */
static form_layout form_lay_out(const cc_ui_console *c, const cc_ui_field *shown, int n, int room)
{
	char value[512];
	int widest = 0;
	for (int i = 0; i < n; i++) {
		int w = cc_ui_text_width(field_text(c, shown[i], value, sizeof value));
		widest = w > widest ? w : widest;
	}
	int most = widest + 1 < COLS / 3 ? widest + 1 : COLS / 3;
	form_layout best = {LABEL_COLS, COLS - LABEL_COLS - 3, form_rows(c, shown, n, LABEL_COLS)};
	for (int w = most; w > LABEL_COLS; w--) {
		int rows = form_rows(c, shown, n, w);
		if (rows <= room)
			return (form_layout){w, COLS - w - 3, rows};
	}
	return best;
}

/* A field from row y: its label (on a row of its own when wider than the
 * column), its value wrapped by the label's side; returns the rows used. */
static int field_draw(const cc_ui_console *c, cc_ui_field field, const form_layout *l, int y, int bottom)
{
	char value[512];
	bool selected = c->form.field == field;
	const char *label = field_text(c, field, value, sizeof value);
	int start = y;
	if (selected)
		cc_ui_put(y, 0, 2, CC_UI_ROLE_TO_MOVE, ">");
	if (cc_ui_text_width(label) >= l->label_w) {
		cc_ui_put(y++, 2, COLS - 4, CC_UI_ROLE_NORMAL, label);
		if (y > bottom)
			return y - start;
	} else {
		cc_ui_put(y, 2, l->label_w, CC_UI_ROLE_NORMAL, label);
	}
	y += cc_ui_put_wrapped(y, 2 + l->label_w, l->value_w, bottom - y + 1,
	                       selected ? CC_UI_ROLE_TO_MOVE : CC_UI_ROLE_NORMAL, value);
	return y - start;
}

void cc_ui_setup_draw(const cc_ui_console *c)
{
	char value[512];
	cc_ui_field shown[CC_UI_FIELD_COUNT];
	int n = cc_ui_setup_fields(c, shown);
	/* A chess game and Chess-Uno are games, and have no cubes to scramble. */
	bool game = cc_session_format_is_game(c->form.format);
	int picker_y = -1;
	cc_ui_draw_title(c, game ? _("New game") : _("New match"));
	cc_ui_put(2, 2, COLS - 4, CC_UI_ROLE_NORMAL,
	          game ? _("Set up the game, then create it.") : _("Set up the match, then create it."));
	int keys_top = cc_ui_draw_keys(game ? _("Up/Down: field  Left/Right: change  Enter: edit  s: create  ?: help  q: quit")
	                                    : _("Up/Down: field  Left/Right: change  Enter: edit  w: scramble sheet  s: "
	                                        "create  ?: help  q: quit"));
	/* The resume offer under the fields, wrapped (two rows in French at 60
	 * columns). When the fields, the message and the offer do not all fit
	 * (the minimum size, a message of two rows), the blank row above the
	 * keys goes first, then the offer keeps one row: the form is never cut. */
	char offer[512] = "";
	int offer_rows = 0, message_rows = 0, spare = 1;
	if (c->message[0]) /* whole, or a page of it under its "more" mark */
		message_rows = cc_ui_message_pages(c) == 1 ? cc_ui_wrapped_rows(COLS - 2, c->message)
		                                           : cc_ui_message_max_rows();
	if (c->has_offer) {
		offer_text(c, offer, sizeof offer);
		offer_rows = cc_ui_wrapped_rows(COLS - 4, offer);
		offer_rows = offer_rows > 3 ? 3 : offer_rows;
	}
	/* A blank row between fields when they all fit so; values wrap, never cut. */
	form_layout l = form_lay_out(c, shown, n, keys_top - message_rows - (offer_rows ? 1 : 0) - 4 + 1);
	int rows = l.rows;
	if (4 + rows - 1 > keys_top - spare - message_rows - offer_rows)
		spare = 0;
	if (offer_rows && 4 + rows - 1 > keys_top - spare - message_rows - offer_rows)
		offer_rows = 1;
	int bottom = cc_ui_draw_message(c, keys_top - spare) - offer_rows;
	int gap = 4 + rows - 1 + n - 1 <= bottom ? 1 : 0, y = 4; /* the last row drawn fits */
	int widest = 0; /* the fields' columns, which the QR code stays clear of */
	for (int i = 0; i < n; i++) {
		const char *label = field_text(c, shown[i], value, sizeof value);
		int w = 2 + (cc_ui_text_width(label) >= l.label_w ? 0 : l.label_w) + cc_ui_text_width(value);
		widest = w > widest ? w : widest;
	}
	for (int i = 0; i < n && y <= bottom; i++) {
		y += field_draw(c, shown[i], &l, y, bottom);
		if (c->form.field == shown[i] && (shown[i] == CC_UI_FIELD_PLAYER1 || shown[i] == CC_UI_FIELD_PLAYER2))
			picker_y = y;
		y += gap;
	}
	serve_draw(c, widest, 4, bottom);
	/* The type-ahead list drops down under the player field being typed. */
	if (picker_y >= 0 && c->modal.kind == CC_UI_MODAL_TEXT && c->modal.action == CC_UI_ACT_NAME)
		cc_ui_club_pick_draw(c, picker_y, 2 + l.label_w, l.value_w, bottom);
	if (c->has_offer)
		cc_ui_put_wrapped(bottom + 1, 2, COLS - 4, offer_rows, CC_UI_ROLE_WARN, offer);
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
	char text[CC_SESSION_SHEET_MAX + 512], *lines[16];
	int w = COLS - 4 < 90 ? COLS - 4 : 90, x = (COLS - w) / 2, rows = 0, n = 0;
	/* the renderer's text, the one the file and the report give: its
	 * first line is the heading, an empty line a row of space */
	cc_session_describe_sheet(cc_ui_lang(), c->form.seed, c->sheet, text, sizeof text);
	for (char *p = text, *end; *p && n < 16; p = end + 1) {
		lines[n++] = p;
		if (!(end = strchr(p, '\n')))
			break;
		*end = '\0';
	}
	for (int i = 0; i < n; i++)
		rows += lines[i][0] ? cc_ui_wrapped_rows(w - 4, lines[i]) : 1;
	char saved[sizeof c->sheet_file + 64];
	if (c->sheet_file[0])
		snprintf(saved, sizeof saved, _("Written to %s"), c->sheet_file);
	else
		snprintf(saved, sizeof saved, "%s", _("Could not be written beside the database: copy it from here."));
	char picture[sizeof c->sheet_pdf + sizeof c->sheet_pdf_why + 64];
	if (c->sheet_pdf[0])
		snprintf(picture, sizeof picture, _("Printable page with the cubes drawn: %s"), c->sheet_pdf);
	else
		snprintf(picture, sizeof picture, "%s", c->sheet_pdf_why);
	rows += 1 + cc_ui_wrapped_rows(w - 4, saved) + (picture[0] ? cc_ui_wrapped_rows(w - 4, picture) : 0) + 1;
	int h = rows + 2 > LINES ? LINES : rows + 2, y = (LINES - h) / 2, last = y + h - 1;
	for (int r = 0; r < h; r++)
		mvhline(y + r, x, ' ', w);
	cc_ui_box(y, x, h, w, CC_UI_ROLE_DIM);
	int row = y + 1;
	for (int i = 0; i < n; i++)
		row += lines[i][0] ? cc_ui_put_wrapped(row, x + 2, w - 4, last - row,
		                                       i == 0 ? CC_UI_ROLE_TITLE : CC_UI_ROLE_NORMAL, lines[i])
		                   : 1;
	row++;
	row += cc_ui_put_wrapped(row, x + 2, w - 4, last - row, c->sheet_file[0] ? CC_UI_ROLE_GOOD : CC_UI_ROLE_ALERT,
	                         saved);
	if (picture[0])
		row += cc_ui_put_wrapped(row, x + 2, w - 4, last - row,
		                         c->sheet_pdf[0] ? CC_UI_ROLE_GOOD : CC_UI_ROLE_ALERT, picture);
	cc_ui_put_wrapped(last, x + 2, w - 4, 1, CC_UI_ROLE_DIM, _(" Any key closes. "));
}
