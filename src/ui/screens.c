/*
 * screens.c: pieces every screen draws the same way: the title bar, the
 * message line, the keys line, side labels and clock texts.
 */
#include "chesscubing/game.h"
#include "chesscubing/session_describe.h"
#include "ui_cmd.h"
#include "ui_console.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_screens.h"
#include "ui_term.h"

#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- the table of games' screens ------------------------------------------- */

static const cc_ui_screens screens[] = {
	{CC_FORMAT_TWICE, N_("Twice (20 s a move, the cube winner starts the next block)"), N_("Twice"), NULL, NULL, NULL},
	{CC_FORMAT_TIME, N_("Time (10-minute chess clocks, cube times adjust them)"), N_("Time"), NULL, NULL, NULL},
	{CC_FORMAT_CHESS, N_("Chess game (FIDE Laws, a chess clock, every move typed)"), N_("chess game"), NULL, NULL,
	 NULL},
	{CC_FORMAT_UNO, N_("Chess-Uno (cards decide the moves, the king is captured)"), N_("Chess-Uno"), cc_ui_uno_draw,
	 cc_ui_uno_key, cc_ui_uno_end_draw},
};

const cc_ui_screens *cc_ui_screens_of(cc_format format)
{
	for (size_t i = 0; i < sizeof screens / sizeof screens[0]; i++) {
		if (screens[i].format == format)
			return &screens[i];
	}
	return &screens[0];
}

void cc_ui_format_seconds(int64_t ms, char *buf, size_t size)
{
	if (ms < 0)
		ms = 0;
	snprintf(buf, size, "%lld.%lld", (long long)(ms / 1000), (long long)((ms / 100) % 10));
}

void cc_ui_solve_text(int32_t cs, char *buf, size_t size)
{
	cc_time_format_cs(cs, buf, size);
	cc_ui_decimal(buf);
}

void cc_ui_decimal(char *text)
{
	/* The language's decimal separator: its row's (French: ","). */
	cc_lang_decimal_local(cc_ui_lang(), text);
}

void cc_ui_side_text(const cc_ui_console *c, cc_side side, char *buf, size_t size)
{
	const char *mark = "";
	if (cc_ui_term_utf8())
		mark = side == CC_SIDE_WHITE ? "\xe2\x97\x8b " : "\xe2\x97\x8f "; /* ○ ● */
	char label[256];
	/* TRANSLATORS: a side and its player's name ("Blancs : Alice"). */
	snprintf(label, sizeof label, _("%s: %s"), cc_ui_side_label(side), cc_ui_console_name(c, side));
	snprintf(buf, size, " %s%s ", mark, label);
}

void cc_ui_draw_title(const cc_ui_console *c, const char *what)
{
	char left[256], right[64];
	if (c->match) {
		const cc_match_settings *s = cc_match_settings_of(c->match);
		const cc_game_class *game = cc_game_class_of(s->format);
		if (game->traits & CC_GAME_CATEGORY)
			snprintf(left, sizeof left, "%s %s  %s", _(game->title),
			         s->category == CC_CATEGORY_FAST     ? "FAST"
			         : s->category == CC_CATEGORY_FREEZE ? "FREEZE"
			                                             : "MASTERS",
			         what);
		else
			snprintf(left, sizeof left, "%s  %s", _(game->title), what);
	} else {
		snprintf(left, sizeof left, "ChessCubing Arbiter  %s", what);
	}
	snprintf(right, sizeof right, "%s ", c->spectator ? _("read only") : c->bell_on ? _("bell on") : _("bell off"));
	cc_ui_draw_title_text(left, right);
}

void cc_ui_draw_title_text(const char *left, const char *right)
{
	/* Never cut, never run into the bell: the title wraps onto row 1,
	 * which every screen leaves blank. */
	int rw = cc_ui_text_width(right), w = COLS - rw - 2;
	int rows = cc_ui_wrapped_rows(w, left) > 1 ? 2 : 1;
	for (int r = 0; r < rows; r++)
		cc_ui_bar(r, CC_UI_ROLE_TITLE);
	cc_ui_put_wrapped(0, 1, w, rows, CC_UI_ROLE_TITLE, left);
	/* On the last row of the title, so the title reads on without it. */
	cc_ui_put(rows - 1, COLS - rw, rw, CC_UI_ROLE_TITLE, right);
}

static int wrap(int y, int x, int w, int from, int max_lines, cc_ui_role role, const char *text, bool draw,
                bool centre, bool keys);

int cc_ui_keys_rows(const char *keys)
{
	int rows = wrap(0, 0, COLS - 2, 0, INT_MAX, CC_UI_ROLE_NORMAL, keys, false, false, true);
	return rows < 1 ? 1 : rows;
}

int cc_ui_draw_keys(const char *keys)
{
	int rows;
	if (!keys)
		return LINES - 1;
	/* Wrapped, never cut: a long line (French, a narrow terminal) takes
	 * two rows at the bottom. */
	rows = wrap(0, 0, COLS - 2, 0, INT_MAX, CC_UI_ROLE_NORMAL, keys, false, false, true);
	if (rows < 1)
		rows = 1;
	for (int r = LINES - rows; r < LINES; r++)
		cc_ui_bar(r, CC_UI_ROLE_NORMAL);
	/* Between the items only: a key stays with what it does. */
	wrap(LINES - rows, 1, COLS - 2, 0, rows, CC_UI_ROLE_DIM, keys, true, false, true);
	return LINES - rows - 1;
}

/*
 * The message is never cut (issue 35's leftovers): it takes the rows it
 * needs up to its share of the screen, 3 rows at the minimum size and
 * one more for each 3 rows above it, so a screen keeps its layout when a
 * message comes and goes (tmux's and htop's message lines do not push the
 * panes about either). A longer message is read in pages: its last row
 * says "more", which page this is and the key that turns it (">", back
 * to the first after the last), as the help's pages do with Space.
 */
int cc_ui_message_max_rows(void)
{
	int extra = LINES - CC_UI_MIN_LINES;
	return 3 + (extra > 0 ? extra / 3 : 0);
}

static unsigned message_hash(const char *text)
{
	unsigned h = 2166136261u; /* FNV-1a: which message a turned page belongs to */
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		h = (h ^ *p) * 16777619u;
	return h;
}

int cc_ui_message_pages(const cc_ui_console *c)
{
	int rows, max = cc_ui_message_max_rows();
	if (!c->message[0])
		return 0;
	rows = cc_ui_wrapped_rows(COLS - 2, c->message);
	return rows <= max ? 1 : (rows + max - 2) / (max - 1);
}

/* The page on screen: the one turned to, for this very message. */
static int message_page(const cc_ui_console *c, int pages)
{
	if (pages < 2 || c->message_page_of != message_hash(c->message))
		return 0;
	return c->message_page % pages;
}

void cc_ui_message_turn(cc_ui_console *c)
{
	int pages = cc_ui_message_pages(c);
	unsigned h = message_hash(c->message);
	c->message_page = pages > 1 && c->message_page_of == h ? (c->message_page + 1) % pages : pages > 1 ? 1 : 0;
	c->message_page_of = h;
}

int cc_ui_draw_message(const cc_ui_console *c, int bottom)
{
	int pages = cc_ui_message_pages(c), max = cc_ui_message_max_rows();
	cc_ui_role role = c->message_error ? CC_UI_ROLE_ALERT : CC_UI_ROLE_GOOD;
	if (pages == 0)
		return bottom;
	if (pages == 1) {
		int rows = cc_ui_wrapped_rows(COLS - 2, c->message);
		cc_ui_put_wrapped(bottom - rows + 1, 1, COLS - 2, rows, role, c->message);
		return bottom - rows;
	}
	int page = message_page(c, pages), top = bottom - max + 1;
	char mark[128];
	wrap(top, 1, COLS - 2, page * (max - 1), max - 1, role, c->message, true, false, false);
	snprintf(mark, sizeof mark, page + 1 < pages ? _("-- more (%d/%d), >: next page --") : _("-- end (%d/%d), >: first page --"),
	         page + 1, pages);
	cc_ui_put(bottom, 1, COLS - 2, CC_UI_ROLE_WARN, mark);
	return top - 1;
}

int cc_ui_draw_bottom(const cc_ui_console *c, const char *keys)
{
	/* The spectator screen draws its own status line at the bottom, on
	 * the rows the watcher says it takes. */
	int y = keys ? cc_ui_draw_keys(keys) : LINES - 1 - (c->status_rows > 1 ? c->status_rows : 1);
	y = cc_ui_draw_message(c, y);
	return cc_ui_draw_announce(c, y) - 1;
}

/* Bytes of the longest start of text (n bytes) that fits w columns,
 * cut at a character boundary; at least one character. */
static size_t fit_bytes(const char *text, size_t n, int w)
{
	char *part = malloc(n + 1);
	size_t cut = 0, len;
	if (!part)
		return n;
	for (len = 1; len <= n; len++) {
		/* Only at character boundaries: the next byte is not a continuation. */
		if (len < n && ((unsigned char)text[len] & 0xC0) == 0x80)
			continue;
		memcpy(part, text, len);
		part[len] = '\0';
		if (cc_ui_text_width(part) > w)
			break;
		cut = len;
	}
	free(part);
	if (cut == 0) {
		cut = 1;
		while (cut < n && ((unsigned char)text[cut] & 0xC0) == 0x80)
			cut++;
	}
	return cut;
}

/*
 * Breaks text into lines of at most w columns by display width, and draws
 * them when draw is set; returns the lines. Lines break at spaces (the
 * spaces there are dropped; runs of spaces inside a line are kept, so a
 * keys line keeps its gaps) and at '\n'; a word wider than w is broken
 * at a character boundary. The line being built lives on the heap, sized
 * by the text.
 */
/* Draws one line of a wrap, at x or centred in [x, x + w). */
static void emit(int y, int x, int w, bool centre, cc_ui_role role, const char *line)
{
	int lw = cc_ui_text_width(line);
	cc_ui_put(y, centre && lw < w ? x + (w - lw) / 2 : x, w, role, line);
}

/*
 * The bytes from word on that a line must not part: the word itself, then,
 * across single spaces, a following word that starts with a French high
 * punctuation mark ("prête :", "s : lancer"), the word after one ending
 * with a colon, both short (a key and what it does: "w: scramble",
 * "l : journal"),
 * and in a keys line (items apart by two spaces) every word of the item.
 * Only the word when the whole would not fit w columns anyway.
 */
static size_t unbreakable(const char *word, size_t n, int w, bool keys)
{
	size_t len = n;
	for (;;) {
		const char *end = word + len;
		size_t gap = strspn(end, " ");
		const char *next = end + gap;
		size_t m = strcspn(next, " \n");
		if (gap != 1 || m == 0)
			break;
		/* A key is a short word, what it does starts with one: a label
		 * before a long value ("Secret: <64 digits>") may still part. */
		bool key = end[-1] == ':' && len <= 8 && m <= 12;
		if (!keys && !key && !strchr(":;!?", next[0]) && strncmp(next, "\xc2\xbb", 2) != 0)
			break;
		len = (size_t)(next + m - word);
	}
	if (len == n)
		return n;
	char *part = malloc(len + 1);
	if (!part)
		return n;
	memcpy(part, word, len);
	part[len] = '\0';
	bool fits = cc_ui_text_width(part) <= w;
	free(part);
	return fits ? len : n;
}

static int wrap(int y, int x, int w, int from, int max_lines, cc_ui_role role, const char *text, bool draw,
                bool centre, bool keys)
{
	char *line = malloc(strlen(text) + 1);
	size_t len = 0;
	int lines = 0;
	const char *p = text;
	if (!line)
		return 0;
	if (w < 1)
		w = 1;
	line[0] = '\0';
	/* from: the lines before it are measured, not drawn (a message's page). */
	int limit = max_lines > INT_MAX - from ? INT_MAX : from + max_lines;
	y -= from;
	while (*p && lines < limit) {
		size_t gap = strspn(p, " ");
		const char *word = p + gap;
		size_t n = strcspn(word, " \n");
		if (n > 0)
			n = unbreakable(word, n, w, keys);
		if (n == 0) {
			/* Spaces before a line break or the end: dropped. */
			p = word;
			if (*p == '\n') {
				if (draw && lines >= from)
					emit(y + lines, x, w, centre, role, line);
				lines++;
				len = 0;
				line[0] = '\0';
				p++;
			}
			continue;
		}
		/* Spaces are kept inside a line and at the very start (an
		 * indented text), dropped where a line breaks. */
		bool lead = p == text;
		size_t skip = len == 0 && !lead ? gap : 0;
		if (skip)
			gap = 0;
		memcpy(line + len, p + skip, gap + n);
		line[len + gap + n] = '\0';
		if (cc_ui_text_width(line) <= w) {
			len += gap + n;
			p = word + n;
			continue;
		}
		line[len] = '\0';
		if (len > 0) {
			/* The word goes to the next line. */
			if (draw && lines >= from)
				emit(y + lines, x, w, centre, role, line);
			lines++;
			len = 0;
			line[0] = '\0';
			p = word;
			continue;
		}
		/* A word wider than the line: as much of it as fits. */
		size_t cut = fit_bytes(word, n, w);
		memcpy(line, word, cut);
		line[cut] = '\0';
		if (draw && lines >= from)
			emit(y + lines, x, w, centre, role, line);
		lines++;
		line[0] = '\0';
		p = word + cut;
	}
	if (len && lines < limit) {
		if (draw && lines >= from)
			emit(y + lines, x, w, centre, role, line);
		lines++;
	}
	free(line);
	return lines > from ? lines - from : 0;
}

int cc_ui_put_wrapped(int y, int x, int w, int max_lines, cc_ui_role role, const char *text)
{
	return wrap(y, x, w, 0, max_lines, role, text, true, false, false);
}

int cc_ui_wrapped_rows(int w, const char *text)
{
	return wrap(0, 0, w, 0, INT_MAX, CC_UI_ROLE_NORMAL, text, false, false, false);
}

int cc_ui_put_centred_wrapped(int y, int max_lines, cc_ui_role role, const char *text)
{
	return wrap(y, 1, COLS - 2, 0, max_lines, role, text, true, true, false);
}

cc_ui_cmd cc_ui_common_key(int key)
{
	cc_ui_cmd cmd = {CC_UI_CMD_NONE, CC_SIDE_WHITE};
	switch (key) {
	case '?':
		cmd.kind = CC_UI_CMD_HELP;
		break;
	case 'q':
	case 'Q':
		cmd.kind = CC_UI_CMD_QUIT;
		break;
	case 'b':
	case 'B':
		cmd.kind = CC_UI_CMD_BELL;
		break;
	case 'v':
	case 'V':
		cmd.kind = CC_UI_CMD_BOARD;
		break;
	case 'l':
	case 'L':
		cmd.kind = CC_UI_CMD_LOG;
		break;
	default:
		break;
	}
	return cmd;
}

/* ---- announcements and the event log --------------------------------------- */

int cc_ui_draw_announce(const cc_ui_console *c, int bottom)
{
	cc_ui_role role = c->announce_alert ? CC_UI_ROLE_ALERT : CC_UI_ROLE_WARN;
	int rows, top;
	if (!c->announce[0])
		return bottom + 1;
	rows = cc_ui_wrapped_rows(COLS - 2, c->announce);
	if (rows > 3)
		rows = 3;
	top = bottom - rows + 1;
	for (int r = top; r <= bottom; r++)
		cc_ui_bar(r, role);
	cc_ui_put_wrapped(top, 1, COLS - 2, rows, role, c->announce);
	return top;
}

/* "18:42:05  Alice moves" wrapped under its time. */
static int log_entry_rows(const cc_ui_log_entry *e, int w)
{
	return cc_ui_wrapped_rows(w - 10, e->text);
}

static int draw_log_entry(const cc_ui_log_entry *e, int y, int x, int w, int max_rows)
{
	cc_ui_role role = e->by_time ? CC_UI_ROLE_ALERT : CC_UI_ROLE_DIM;
	cc_ui_put(y, x, 8, CC_UI_ROLE_DIM, e->when);
	return cc_ui_put_wrapped(y, x + 10, w - 10, max_rows, e->by_time ? CC_UI_ROLE_WARN : role, e->text);
}

int cc_ui_draw_log_tail(const cc_ui_console *c, int top, int bottom)
{
	int rows = 0, n = 0;
	const cc_ui_log_entry *e;
	if (bottom - top < 2 || c->log_count == 0)
		return 0;
	/* The newest entries that fit, oldest of them first, under a heading. */
	while ((e = cc_ui_console_log_at(c, (size_t)n)) && 1 + rows + log_entry_rows(e, COLS - 2) <= bottom - top) {
		rows += log_entry_rows(e, COLS - 2);
		n++;
	}
	if (n == 0)
		return 0;
	cc_ui_put(top, 1, COLS - 2, CC_UI_ROLE_DIM, c->spectator ? _("Events:") : _("Events (l: all of them):"));
	int y = top + 1;
	for (int i = n - 1; i >= 0; i--) {
		e = cc_ui_console_log_at(c, (size_t)i);
		y += draw_log_entry(e, y, 1, COLS - 2, bottom - y);
	}
	return y - top;
}

/* The scoresheet in rows [y, y + rows), its newest lines at the bottom,
 * scrolled back by c->log_scroll lines; in the renderer's words. */
static void draw_scoresheet(const cc_ui_console *c, int y, int x, int w, int rows)
{
	size_t n = cc_session_scoresheet_lines(c->match);
	size_t scroll = (size_t)c->log_scroll < n ? (size_t)c->log_scroll : 0;
	size_t shown = n - scroll < (size_t)rows ? n - scroll : (size_t)rows;
	size_t first = n - scroll - shown;
	char header[128], line[160];
	snprintf(header, sizeof header, "      %-16s %s", cc_ui_side_label(CC_SIDE_WHITE), cc_ui_side_label(CC_SIDE_BLACK));
	if (rows > 1 && shown == (size_t)rows) {
		first++;
		shown--;
	}
	if (rows > 1)
		cc_ui_put(y++, x, w, CC_UI_ROLE_DIM, header);
	for (size_t i = 0; i < shown; i++) {
		cc_session_scoresheet_line(cc_ui_lang(), c->match, first + i, line, sizeof line);
		cc_ui_put(y + (int)i, x, w, line[0] == ' ' ? CC_UI_ROLE_NORMAL : CC_UI_ROLE_TITLE, line);
	}
}

void cc_ui_log_draw(const cc_ui_console *c)
{
	int w = COLS - 4 < 100 ? COLS - 4 : 100, h = LINES - 2, x = (COLS - w) / 2, y = 1;
	if (w < 20 || h < 5) {
		w = COLS;
		h = LINES;
		x = y = 0;
	}
	/* The rows under the box blanked whole: no letter of the screen
	 * beneath reads as part of the box. */
	for (int r = 0; r < h; r++)
		mvhline(y + r, 0, ' ', COLS);
	cc_ui_box(y, x, h, w, CC_UI_ROLE_DIM);
	/* Moves recording has a scoresheet too: Tab goes from one to the other. */
	bool sheet = c->match && cc_match_ply_count(c->match) > 0;
	cc_ui_put(y, x + 2, w - 4, CC_UI_ROLE_TITLE, sheet && c->log_sheet ? _(" Scoresheet ") : _(" Event log "));
	/* The keys on the bottom border when they fit it, else whole on the
	 * rows above it. */
	const char *foot = !sheet         ? _(" Up/Down, PgUp/PgDn: scroll   any other key: close ")
	                   : c->log_sheet ? _(" Up/Down, PgUp/PgDn: scroll   Tab: event log   any other key: close ")
	                                  : _(" Up/Down, PgUp/PgDn: scroll   Tab: scoresheet   any other key: close ");
	int foot_rows = cc_ui_wrapped_rows(w - 4, foot) > 1 ? cc_ui_wrapped_rows(w - 4, foot) : 0;
	h -= foot_rows;
	if (sheet && c->log_sheet) {
		draw_scoresheet(c, y + 1, x + 2, w - 4, h - 2);
		cc_ui_put_wrapped(y + h - 1, x + 2, w - 4, foot_rows ? foot_rows : 1, CC_UI_ROLE_DIM, foot);
		return;
	}
	int bottom = y + h - 2, row = bottom, total = 0;
	for (size_t back = 0; back < c->log_count; back++)
		total += log_entry_rows(cc_ui_console_log_at(c, back), w - 4);
	/* A short log starts at the top; a long one ends with the newest. */
	if (total < h - 2)
		row = y + 1 + total;
	/* From the scrolled-to entry upwards, the newest at the bottom. */
	for (size_t back = (size_t)c->log_scroll; row > y; back++) {
		const cc_ui_log_entry *e = cc_ui_console_log_at(c, back);
		if (!e)
			break;
		int rows = log_entry_rows(e, w - 4);
		if (row - rows < y + 1)
			break;
		row -= rows;
		draw_log_entry(e, row, x + 2, w - 4, rows);
	}
	if (c->log_count == 0)
		cc_ui_put(y + 1, x + 2, w - 4, CC_UI_ROLE_DIM, _("(nothing yet)"));
	if (foot_rows)
		cc_ui_put_wrapped(y + h - 1, x + 2, w - 4, foot_rows, CC_UI_ROLE_DIM, foot);
	else
		cc_ui_put(y + h - 1, x + 2, w - 4, CC_UI_ROLE_DIM, foot);
}

/* ---- a terminal below the minimum size --------------------------------------- */

/* The small screen of Chess-Uno from row y: the turn, whose army plays,
 * the message; no clock runs. Returns the rows it took. */
static int small_uno(const cc_ui_console *c, int y)
{
	char line[256];
	int y0 = y, w = COLS;
	cc_uno_view u;
	cc_uno_view_now(cc_match_uno(c->match), &u);
	if (u.phase == CC_UNO_PHASE_OVER)
		snprintf(line, sizeof line, "%s", _("Game over"));
	else
		snprintf(line, sizeof line, _("Chess-Uno, turn %u"), u.turn);
	y += cc_ui_put_wrapped(y, 0, w, LINES - y, CC_UI_ROLE_TITLE, line);
	if (u.phase != CC_UNO_PHASE_OVER) {
		snprintf(line, sizeof line,
		         u.army == CC_SIDE_WHITE ? _("White's army (%s) to play") : _("Black's army (%s) to play"),
		         cc_ui_console_holder(c, u.army));
		y += cc_ui_put_wrapped(y, 0, w, LINES - y, CC_UI_ROLE_TO_MOVE, line);
	}
	if (c->message[0])
		y += cc_ui_put_wrapped(y, 0, w, LINES - y, c->message_error ? CC_UI_ROLE_ALERT : CC_UI_ROLE_GOOD,
		                       c->message);
	return y - y0;
}

/* The small screen of a match or a chess game from row y: the phase, the
 * clocks, who is to move, the announcement and the message. Returns the
 * rows it took. */
static int small_match(const cc_ui_console *c, int y)
{
	const cc_match_view *v = &c->view;
	char line[256], t[32];
	int y0 = y, w = COLS;
	switch (v->phase) {
	case CC_PHASE_SETUP:
	case CC_PHASE_BLOCK:
		snprintf(line, sizeof line, _("Block %d"), v->block);
		break;
	case CC_PHASE_CUBE:
		snprintf(line, sizeof line, _("Cube phase, cube %d"), v->cube_number);
		break;
	case CC_PHASE_OVER:
		snprintf(line, sizeof line, "%s", _("Match over"));
		break;
	}
	/* A chess game has no blocks: its clocks are what counts. */
	bool chess = !(cc_game_class_of_match(c->match)->traits & CC_GAME_BLOCKS);
	if (chess && v->phase != CC_PHASE_OVER)
		snprintf(line, sizeof line, "%s", _("Game"));
	else if (chess)
		snprintf(line, sizeof line, "%s", _("Game over"));
	y += cc_ui_put_wrapped(y, 0, w, LINES - y, CC_UI_ROLE_TITLE, line);
	if (v->phase == CC_PHASE_BLOCK || v->phase == CC_PHASE_SETUP) {
		if (chess && v->has_chess_clocks) {
			char b[32];
			cc_time_format_shown_ms(v->clock_ms[CC_SIDE_WHITE], t, sizeof t);
			cc_time_format_shown_ms(v->clock_ms[CC_SIDE_BLACK], b, sizeof b);
			snprintf(line, sizeof line, "%s %s  %s %s", cc_ui_side_label(CC_SIDE_WHITE), t,
			         cc_ui_side_label(CC_SIDE_BLACK), b);
		} else if (!chess) {
			cc_time_format_shown_ms(v->block_ms_left, t, sizeof t);
			snprintf(line, sizeof line, "%s %s", _("Block time"), t);
		} else {
			line[0] = '\0';
		}
		y += line[0] ? cc_ui_put_wrapped(y, 0, w, LINES - y, CC_UI_ROLE_NORMAL, line) : 0;
		snprintf(line, sizeof line, _("%s (%s) to move"), cc_ui_side_label(v->to_move),
		         cc_ui_console_name(c, v->to_move));
		y += cc_ui_put_wrapped(y, 0, w, LINES - y, CC_UI_ROLE_TO_MOVE, line);
		if (v->paused)
			y += cc_ui_put_wrapped(y, 0, w, LINES - y, CC_UI_ROLE_ALERT, _("PAUSED (p: resume)"));
	}
	if (c->announce[0])
		y += cc_ui_put_wrapped(y, 0, w, LINES - y, CC_UI_ROLE_WARN, c->announce);
	if (c->message[0])
		y += cc_ui_put_wrapped(y, 0, w, LINES - y, c->message_error ? CC_UI_ROLE_ALERT : CC_UI_ROLE_GOOD,
		                       c->message);
	return y - y0;
}

/*
 * What the arbiter must still see in any room, one short line each: the
 * phase, who is to move, the block time (and the message); then why the
 * rest is hidden. Pause, help and quit still work (console.c).
 */
void cc_ui_draw_small(const cc_ui_console *c)
{
	char line[256];
	int y = 0, w = COLS;
	/* Chess-Uno has no clock to pause (p places a pawn there). */
	bool uno = c->match && !(cc_game_class_of_match(c->match)->traits & CC_GAME_TIMED);
	if (c->help) {
		y += cc_ui_put_wrapped(y, 0, w, LINES - y, CC_UI_ROLE_NORMAL,
		                       uno ? _("q: quit  ?: help. Enlarge the window for every key.")
		                           : _("p: pause / resume  q: quit  ?: help. Enlarge the window for every key."));
		return;
	}
	if (c->match && !c->spectator && (cc_game_class_of_match(c->match)->traits & CC_GAME_DEALT))
		y += small_uno(c, y);
	else if (c->match && !c->spectator)
		y += small_match(c, y);
	snprintf(line, sizeof line,
	         uno ? _("Terminal too small: %dx%d, needs %dx%d.  ?: help  q: quit")
	             : _("Terminal too small: %dx%d, needs %dx%d. p: pause  ?: help  q: quit"),
	         COLS, LINES, CC_UI_MIN_COLS, CC_UI_MIN_LINES);
	cc_ui_put_wrapped(y, 0, w, LINES - y, CC_UI_ROLE_DIM, line);
}
