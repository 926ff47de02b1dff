/*
 * console_dgt.c: a correction the DGT way (RU-37), in the correction's
 * dialog. An arrow or Tab in its empty line opens the form: the clocks
 * the core lets be set at that moment (asked one by one: a correction of
 * each to 1 s, checked, not sent), one chosen with the arrows, its
 * digits changed one by one (Up/Down carry like a DGT clock's: 0:59.9
 * and a tenth is 1:00.0) or typed; Enter asks the reason, then the
 * correction is written as its text form writes it ("move 12.500
 * slipped") and read by the same parser, so both forms make the same
 * event. The form decides no rule: a value the core refuses is said in
 * the form with the core's reason. The clocks stay held as under any
 * arbiter's dialog (RU-31).
 */
#include "chesscubing/match.h"
#include "chesscubing/session.h"
#include "chesscubing/session_scenario.h"
#include "chesscubing/timefmt.h"
#include "ui_bigfont.h"
#include "ui_console.h"
#include "ui_dialogs.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_term.h"

#include <stdio.h>
#include <string.h>

#define DGT_CLOCKS 4
#define DGT_DIGITS 8

/* A clock the form may set: the correction's target, its side (the move
 * clock's is the side to move's) and the value it shows now. */
typedef struct {
	cc_correct_target target;
	cc_side side;
	int64_t ms;
} dgt_clock;

/* Its digits from the left: each one's weight in ms and base (6 for the
 * tens of seconds), and the separator written after it. */
typedef struct {
	int n;
	int64_t weight[DGT_DIGITS];
	int base[DGT_DIGITS];
	char after[DGT_DIGITS];
	int64_t max; /* every digit at its highest */
} dgt_layout;

/* The value as the screen shows it: tenths, rounded down (cc_time_format_ms). */
static int64_t shown_ms(int64_t ms)
{
	return ms < 0 ? 0 : ms - ms % 100;
}

/* The clocks the core would let be set now, in the order of the screen;
 * none: *why is the core's reason for the first. */
static size_t dgt_clocks(const cc_ui_console *c, dgt_clock out[DGT_CLOCKS], cc_error *why)
{
	static const struct {
		cc_correct_target target;
		cc_side side;
	} all[DGT_CLOCKS] = {{CC_CORRECT_BLOCK, CC_SIDE_WHITE},
	                     {CC_CORRECT_MOVE_CLOCK, CC_SIDE_WHITE},
	                     {CC_CORRECT_CLOCK, CC_SIDE_WHITE},
	                     {CC_CORRECT_CLOCK, CC_SIDE_BLACK}};
	const cc_match_view *v = &c->view;
	size_t n = 0;
	if (!c->match)
		return 0;
	for (size_t i = 0; i < DGT_CLOCKS; i++) {
		cc_error err = {0};
		cc_event e = cc_event_correct(c->modal.t_ms, all[i].target, all[i].side, 1000, false, "-");
		if (cc_match_check(c->match, &e, NULL, &err) != CC_OK) {
			if (i == 0 && why)
				*why = err;
			continue;
		}
		out[n].target = all[i].target;
		out[n].side = all[i].target == CC_CORRECT_MOVE_CLOCK ? v->to_move : all[i].side;
		out[n].ms = shown_ms(all[i].target == CC_CORRECT_BLOCK        ? v->block_ms_left
		                     : all[i].target == CC_CORRECT_MOVE_CLOCK ? v->move_ms_left
		                                                              : v->clock_ms[all[i].side]);
		n++;
	}
	return n;
}

static void add_digit(dgt_layout *l, int64_t weight, int base, char after)
{
	l->weight[l->n] = weight;
	l->base[l->n] = base;
	l->after[l->n] = after;
	l->max += weight * (base - 1);
	l->n++;
}

/* The digits as the screen shows the clock: the move clock "13.0", the
 * others "2:51.8" (the chess clocks with two minute digits at least, as
 * many as their value needs). */
static void dgt_layout_of(const dgt_clock *k, dgt_layout *l)
{
	memset(l, 0, sizeof *l);
	if (k->target == CC_CORRECT_MOVE_CLOCK) {
		add_digit(l, 10000, 10, '\0');
		add_digit(l, 1000, 10, '.');
		add_digit(l, 100, 10, '\0');
		return;
	}
	int minutes = k->target == CC_CORRECT_BLOCK ? 1 : 2;
	for (int64_t m = k->ms / 60000 / 100; m > 0 && minutes < DGT_DIGITS - 3; m /= 10)
		minutes++;
	int64_t weight = 60000;
	for (int i = 1; i < minutes; i++)
		weight *= 10;
	for (int i = 0; i < minutes; i++, weight /= 10)
		add_digit(l, weight, 10, i == minutes - 1 ? ':' : '\0');
	add_digit(l, 10000, 6, '\0');
	add_digit(l, 1000, 10, '.');
	add_digit(l, 100, 10, '\0');
}

static int digit_at(const dgt_layout *l, int64_t ms, int i)
{
	return (int)((ms / l->weight[i]) % l->base[i]);
}

/* "2:51.8"; *at (when not NULL) gets where each digit is in the text. */
static void dgt_text(const dgt_layout *l, int64_t ms, char *buf, size_t size, int *at)
{
	size_t len = 0;
	for (int i = 0; i < l->n && len + 3 < size; i++) {
		if (at)
			at[i] = (int)len;
		buf[len++] = (char)('0' + digit_at(l, ms, i));
		if (l->after[i])
			buf[len++] = l->after[i];
	}
	buf[len] = '\0';
}

/* A value as the block screen writes it: "13.0" for the move clock,
 * "9:56.0" for the others (the digits keep their leading zeros). */
static void shown_text(const dgt_clock *k, int64_t ms, char *buf, size_t size)
{
	if (k->target == CC_CORRECT_MOVE_CLOCK)
		cc_ui_format_seconds(ms, buf, size);
	else
		cc_time_format_ms(ms, buf, size);
}

/* "Block time", "Move clock, Black (Bob)", "Clock, White (Alice)". */
static void dgt_label(const cc_ui_console *c, const dgt_clock *k, char *buf, size_t size)
{
	const char *name = cc_ui_console_name(c, k->side);
	bool white = k->side == CC_SIDE_WHITE;
	switch (k->target) {
	case CC_CORRECT_BLOCK:
		snprintf(buf, size, "%s", _("Block time"));
		return;
	case CC_CORRECT_MOVE_CLOCK:
		snprintf(buf, size, white ? _("Move clock, White (%s)") : _("Move clock, Black (%s)"), name);
		return;
	case CC_CORRECT_CLOCK:
	case CC_CORRECT_MOVES:
	case CC_CORRECT_LOST:
	case CC_CORRECT_TO_MOVE:
		snprintf(buf, size, white ? _("Clock, White (%s)") : _("Clock, Black (%s)"), name);
		return;
	}
}

/* The correction as its text form writes it, in English: "move 12.500
 * REASON", "clock b 283.800 REASON". */
static void dgt_line(const dgt_clock *k, int64_t ms, const char *reason, char *buf, size_t size)
{
	char value[32];
	snprintf(value, sizeof value, "%lld.%03lld", (long long)(ms / 1000), (long long)(ms % 1000));
	switch (k->target) {
	case CC_CORRECT_BLOCK:
		snprintf(buf, size, "block %s %s", value, reason);
		return;
	case CC_CORRECT_MOVE_CLOCK:
		snprintf(buf, size, "move %s %s", value, reason);
		return;
	case CC_CORRECT_CLOCK:
	case CC_CORRECT_MOVES:
	case CC_CORRECT_LOST:
	case CC_CORRECT_TO_MOVE:
		snprintf(buf, size, "clock %c %s %s", k->side == CC_SIDE_WHITE ? 'w' : 'b', value, reason);
		return;
	}
}

/* The clock chosen: its value as shown, the cursor on its seconds. */
static void dgt_choose(cc_ui_modal *m, const dgt_clock *k, int index)
{
	dgt_layout l;
	dgt_layout_of(k, &l);
	m->dgt_clock = index;
	m->dgt_ms = k->ms;
	m->dgt_digit = l.n - 2;
	m->dgt_editing = false;
}

void cc_ui_dgt_open(cc_ui_console *c)
{
	cc_ui_modal *m = &c->modal;
	dgt_clock k[DGT_CLOCKS];
	cc_error why = {0};
	size_t n = dgt_clocks(c, k, &why);
	m->kind = CC_UI_MODAL_DGT;
	m->dgt_reason = false;
	m->error[0] = '\0';
	snprintf(m->prompt, sizeof m->prompt, "%s",
	         _("Set a clock the DGT way (RU-37): choose it, then change it digit by digit."));
	if (n == 0) {
		char reason[sizeof m->error];
		cc_ui_refusal_line(&why, reason, sizeof reason);
		snprintf(m->error, sizeof m->error, _("No clock can be set now: %s"), reason);
		return;
	}
	dgt_choose(m, &k[0], 0);
}

/* Enter on the digits: the core asked (the reason a placeholder), then
 * the reason asked; refused, the core's reason in the form. */
static void dgt_ask_reason(cc_ui_console *c, const dgt_clock *k)
{
	cc_ui_modal *m = &c->modal;
	cc_error err = {0};
	cc_event e;
	char line[128], english[160], label[160], shown[32], prompt[256];
	dgt_line(k, m->dgt_ms, "-", line, sizeof line);
	snprintf(english, sizeof english, "correct %s", line);
	if (cc_session_scenario_parse_event(english, cc_match_settings_of(c->match), m->t_ms, &e, &err) != CC_OK ||
	    cc_match_check(c->match, &e, NULL, &err) != CC_OK) {
		cc_ui_refusal_line(&err, m->error, sizeof m->error);
		return;
	}
	shown_text(k, m->dgt_ms, shown, sizeof shown);
	dgt_label(c, k, label, sizeof label);
	snprintf(prompt, sizeof prompt, _("%s set to %s. The reason (one line):"), label, shown);
	/* the same dialog: no new hold, the stamp of its opening kept (RU-27) */
	cc_ui_modal_open(c, CC_UI_MODAL_TEXT, CC_UI_ACT_CORRECT, prompt);
	m->dgt_reason = true;
}

static bool is_enter(int key)
{
	return key == '\n' || key == '\r' || key == KEY_ENTER;
}

void cc_ui_dgt_key(cc_ui_console *c, int key)
{
	cc_ui_modal *m = &c->modal;
	dgt_clock k[DGT_CLOCKS];
	size_t n = dgt_clocks(c, k, NULL);
	dgt_layout l;
	if (n == 0)
		return; /* the form says why; Escape closes it */
	if (m->dgt_clock < 0 || (size_t)m->dgt_clock >= n)
		dgt_choose(m, &k[0], 0);
	int at = m->dgt_clock;
	dgt_layout_of(&k[at], &l);
	m->error[0] = '\0';
	if (key == '\t' || (key == KEY_RIGHT && !m->dgt_editing)) {
		dgt_choose(m, &k[(size_t)(at + 1) % n], (int)((size_t)(at + 1) % n));
		return;
	}
	if (key == KEY_BTAB || (key == KEY_LEFT && !m->dgt_editing)) {
		size_t prev = (size_t)at == 0 ? n - 1 : (size_t)at - 1;
		dgt_choose(m, &k[prev], (int)prev);
		return;
	}
	if (key == KEY_LEFT) {
		if (m->dgt_digit > 0)
			m->dgt_digit--;
		return;
	}
	if (key == KEY_RIGHT) {
		if (m->dgt_digit < l.n - 1)
			m->dgt_digit++;
		return;
	}
	if (key == KEY_UP || key == KEY_DOWN) {
		/* A DGT clock's carry: the value moves by the digit's weight. */
		int64_t w = l.weight[m->dgt_digit];
		m->dgt_editing = true;
		if (key == KEY_UP && m->dgt_ms + w <= l.max)
			m->dgt_ms += w;
		else if (key == KEY_DOWN && m->dgt_ms - w >= 0)
			m->dgt_ms -= w;
		return;
	}
	if (key >= '0' && key <= '9') {
		int d = key - '0', i = m->dgt_digit;
		m->dgt_editing = true;
		if (d >= l.base[i])
			return;
		m->dgt_ms += (d - digit_at(&l, m->dgt_ms, i)) * l.weight[i];
		if (i < l.n - 1)
			m->dgt_digit++;
		return;
	}
	if (is_enter(key)) {
		if (!m->dgt_editing)
			m->dgt_editing = true;
		else
			dgt_ask_reason(c, &k[at]);
	}
}

void cc_ui_dgt_submit(cc_ui_console *c)
{
	cc_ui_modal *m = &c->modal;
	dgt_clock k[DGT_CLOCKS];
	size_t n = dgt_clocks(c, k, NULL);
	char line[sizeof m->text + 64];
	if (m->dgt_clock < 0 || (size_t)m->dgt_clock >= n) {
		cc_error why = {0};
		char reason[sizeof m->error];
		(void)dgt_clocks(c, k, &why);
		cc_ui_refusal_line(&why, reason, sizeof reason);
		snprintf(m->error, sizeof m->error, _("No clock can be set now: %s"), reason);
		return;
	}
	dgt_line(&k[m->dgt_clock], m->dgt_ms, m->text, line, sizeof line);
	(void)cc_ui_correct_send(c, line);
}

/* ---- drawing ----------------------------------------------------------- */

/* "▶ Move clock, Black (Bob)  13.0 -> 12.5 ◀": the chosen clock marked
 * by arrows and its role, the others plain. */
static void dgt_row(const cc_ui_console *c, const dgt_clock *k, bool chosen, char *buf, size_t size)
{
	const cc_ui_modal *m = &c->modal;
	char label[160], now[32], then[32];
	dgt_label(c, k, label, sizeof label);
	shown_text(k, k->ms, now, sizeof now);
	const char *open = cc_ui_term_utf8() ? "\u25b6" : ">", *close = cc_ui_term_utf8() ? "\u25c0" : "<";
	if (!chosen) {
		snprintf(buf, size, "  %s  %s", label, now);
		return;
	}
	shown_text(k, m->dgt_ms, then, sizeof then);
	if (m->dgt_ms != k->ms)
		snprintf(buf, size, "%s %s  %s -> %s %s", open, label, now, then, close);
	else
		snprintf(buf, size, "%s %s  %s %s", open, label, now, close);
}

/* The clock's digits from row at column left (inner columns): big at
 * scale sx (0: spaced out), the digit being set marked by carets under it,
 * not by a colour alone. The row after them. */
static int draw_digits(const cc_ui_console *c, int row, int left0, int inner, int sx, const char *digits,
                       const int *at, const dgt_layout *l)
{
	const cc_ui_modal *m = &c->modal;
	int cursor = m->dgt_digit < l->n ? m->dgt_digit : 0;
	cc_ui_role role = m->dgt_editing ? CC_UI_ROLE_GOOD : CC_UI_ROLE_NORMAL;
	if (sx > 0) {
		char prefix[32], caret[64];
		int width = cc_ui_big_width(digits, sx), left = left0 + (inner - width) / 2;
		snprintf(prefix, sizeof prefix, "%.*s", at[cursor], digits);
		int off = prefix[0] ? cc_ui_big_width(prefix, sx) + 1 : 0, cw = cc_ui_big_width("0", sx);
		cc_ui_big_draw(row, left, sx, role, digits);
		row += CC_UI_BIG_ROWS;
		memset(caret, '^', (size_t)cw);
		caret[cw] = '\0';
		cc_ui_put(row, left + off, cw, CC_UI_ROLE_ALERT, caret);
		return row + 1;
	}
	/* "1 2 . 5" and a caret under the digit */
	char spaced[64];
	size_t len = 0;
	for (const char *p = digits; *p && len + 2 < sizeof spaced; p++) {
		spaced[len++] = *p;
		spaced[len++] = ' ';
	}
	spaced[len ? len - 1 : 0] = '\0';
	int left = left0 + (inner - (int)strlen(spaced)) / 2;
	cc_ui_put(row, left, inner, role, spaced);
	cc_ui_put(row + 1, left + 2 * at[cursor], 1, CC_UI_ROLE_ALERT, "^");
	return row + 2;
}

void cc_ui_dgt_draw(const cc_ui_console *c)
{
	const cc_ui_modal *m = &c->modal;
	dgt_clock k[DGT_CLOCKS];
	size_t n = dgt_clocks(c, k, NULL);
	int w = COLS - 4 < 76 ? COLS - 4 : 76, inner, x, y, h;
	char rows[DGT_CLOCKS][256], digits[32];
	int at[DGT_DIGITS];
	dgt_layout l;
	const char *hint = n == 0 ? _("Esc: cancel")
	                   : m->dgt_editing
	                       ? _("Left/Right: digit   Up/Down: change it   0-9: type it   Tab: another clock   "
	                           "Enter: the reason   Esc: cancel")
	                       : _("Left/Right or Tab: choose the clock   Up/Down or Enter: set its digits   Esc: cancel");
	if (w < 10)
		w = COLS;
	inner = w - 4;
	int rows_prompt = cc_ui_wrapped_rows(inner, m->prompt);
	int rows_clocks = 0;
	for (size_t i = 0; i < n; i++) {
		dgt_row(c, &k[i], (int)i == m->dgt_clock, rows[i], sizeof rows[i]);
		rows_clocks += cc_ui_wrapped_rows(inner, rows[i]);
	}
	int rows_error = m->error[0] ? cc_ui_wrapped_rows(inner, m->error) : 0;
	int rows_hint = cc_ui_wrapped_rows(inner, hint);
	/* The digits big when the screen has the room, else spaced out;
	 * the cursor a row of carets under its digit, not a colour alone. */
	digits[0] = '\0';
	int sx = 0;
	if (n > 0 && m->dgt_clock >= 0 && (size_t)m->dgt_clock < n) {
		dgt_layout_of(&k[m->dgt_clock], &l);
		dgt_text(&l, m->dgt_ms, digits, sizeof digits, at);
		sx = cc_ui_big_scale(digits, inner);
	}
	int fixed = 2 + rows_prompt + 1 + rows_clocks + rows_error + 1 + rows_hint;
	bool big = digits[0] && sx > 0 && fixed + CC_UI_BIG_ROWS + 2 <= LINES;
	int rows_digits = !digits[0] ? 0 : big ? CC_UI_BIG_ROWS + 2 : 3;
	h = fixed + rows_digits;
	if (h > LINES)
		h = LINES;
	x = (COLS - w) / 2;
	y = (LINES - h) / 2;
	attrset((int)cc_ui_attr(CC_UI_ROLE_NORMAL));
	bool narrow = x < 4;
	for (int r = 0; r < h; r++)
		mvhline(y + r, narrow ? 0 : x, ' ', narrow ? COLS : w);
	cc_ui_box(y, x, h, w, CC_UI_ROLE_WARN);
	int row = y + 1, last = y + h - 1;
	row += cc_ui_put_wrapped(row, x + 2, inner, last - row, CC_UI_ROLE_NORMAL, m->prompt);
	row++;
	for (size_t i = 0; i < n; i++)
		row += cc_ui_put_wrapped(row, x + 2, inner, last - row,
		                         (int)i == m->dgt_clock ? CC_UI_ROLE_TO_MOVE : CC_UI_ROLE_NORMAL, rows[i]);
	if (digits[0] && row < last)
		row = draw_digits(c, row + 1, x + 2, inner, big ? sx : 0, digits, at, &l);
	if (rows_error)
		row += cc_ui_put_wrapped(row, x + 2, inner, last - row, CC_UI_ROLE_ALERT, m->error);
	row++;
	cc_ui_put_wrapped(row, x + 2, inner, last - row, CC_UI_ROLE_DIM, hint);
}
