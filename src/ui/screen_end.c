/*
 * screen_end.c: the result, its reason, the rating changes of a rated
 * match, and one line per block from the core's summaries (moves, lost
 * moves, cube times, outcome). Also the help
 * overlay, which lists every key of every screen.
 */
#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "ui_bigfont.h"
#include "ui_club.h"
#include "ui_cmd.h"
#include "ui_console.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_screens.h"
#include "ui_term.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session_describe.h"

/*
 * Issue 21: the arbiter's interventions, the renderer's one listing (as
 * `show` and the report give it): on the end screen its heading with the
 * key that opens the list, and the list itself over the screen, in pages
 * when it does not fit (an entry is never split between pages).
 */
typedef struct {
	char **text;
	int64_t *t;
	size_t n, cap;
	bool failed;
} listing;

static void listing_add(void *ctx, int64_t t_ms, const char *text)
{
	listing *l = ctx;
	if (l->failed)
		return;
	if (l->n == l->cap) {
		size_t more = l->cap ? 2 * l->cap : 16;
		char **text_grown = realloc(l->text, more * sizeof *text_grown);
		if (text_grown)
			l->text = text_grown;
		int64_t *t_grown = text_grown ? realloc(l->t, more * sizeof *t_grown) : NULL;
		if (t_grown)
			l->t = t_grown;
		if (!text_grown || !t_grown) {
			l->failed = true;
			return;
		}
		l->cap = more;
	}
	l->text[l->n] = strdup(text);
	if (!l->text[l->n]) {
		l->failed = true;
		return;
	}
	l->t[l->n++] = t_ms;
}

static void listing_free(listing *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->text[i]);
	free(l->text);
	free(l->t);
}

static listing interventions_of(const cc_ui_console *c)
{
	listing l = {NULL, NULL, 0, 0, false};
	if (c->session)
		cc_session_interventions(cc_ui_lang(), c->session, listing_add, &l);
	return l;
}

/* The end screen's line: the heading, and (for the arbiter) its key. */
static bool interventions_line(const cc_ui_console *c, char *buf, size_t size)
{
	listing l = interventions_of(c);
	bool any = l.n > 0;
	if (any && c->spectator)
		snprintf(buf, size, "%s", l.text[0]);
	else if (any)
		snprintf(buf, size, _("%s  e: list them"), l.text[0]);
	listing_free(&l);
	return any;
}

/* A box's footer: its page and the keys, or (one page) how to close it. */
static void page_footer(int page, int pages, char *buf, size_t size)
{
	if (pages > 1)
		snprintf(buf, size,
		         page + 1 < pages ? _(" Page %d/%d. Space: next page, any other key closes ")
		                          : _(" Page %d/%d. Space: first page, any other key closes "),
		         page + 1, pages);
	else
		snprintf(buf, size, "%s", _(" Any key closes. "));
}

/* The rows inside a box w wide that its footer takes: none when every
 * footer its pages show (most pages) fits the bottom border, else the
 * rows of the widest wrapped, as the log's keys (screens.c). */
static int footer_rows(int w, int most, bool paged)
{
	char footer[512]; /* the translation's bytes, not the border's columns */
	int rows = 0;
	for (int last = 0; last < (paged ? 2 : 1); last++) {
		page_footer(last ? most - 1 : 0, paged ? most : 1, footer, sizeof footer);
		int r = cc_ui_wrapped_rows(w - 4, footer);
		rows = r > rows ? r : rows;
	}
	return rows > 1 ? rows : 0;
}

/* A box's footer: on its bottom border (row last), or wrapped in the rows
 * above it that footer_rows() kept. */
static void footer_draw(int last, int x, int w, int rows, int page, int pages)
{
	char footer[512];
	page_footer(page, pages, footer, sizeof footer);
	if (rows)
		cc_ui_put_wrapped(last - rows, x + 2, w - 4, rows, CC_UI_ROLE_DIM, footer);
	else
		cc_ui_put(last, x + 2, w - 4, CC_UI_ROLE_DIM, footer);
}

/* The list's boxes: each entry's rows and page. */
typedef struct {
	listing l;
	int *rows, *page;
	int pages, w, room, foot; /* foot: the footer's rows inside the box */
} listing_layout;

#define TIME_COLS 11 /* "  0:03.0  " under which an entry's text wraps */

static int entry_rows(const listing_layout *h, size_t i)
{
	int w = h->w - 4;
	return h->l.t[i] < 0 ? cc_ui_wrapped_rows(w, h->l.text[i]) : cc_ui_wrapped_rows(w - TIME_COLS, h->l.text[i]);
}

static void paginate(listing_layout *h)
{
	int page = 0, used = 0;
	h->room = LINES - 4 - h->foot;
	for (size_t i = 0; i < h->l.n; i++) {
		h->rows[i] = entry_rows(h, i);
		if (used > 0 && used + h->rows[i] > h->room) {
			page++;
			used = 0;
		}
		h->page[i] = page;
		used += h->rows[i];
	}
	h->pages = page + 1;
}

static bool lay_out_interventions(const cc_ui_console *c, listing_layout *h)
{
	h->l = interventions_of(c);
	h->rows = h->l.n ? malloc(h->l.n * sizeof *h->rows) : NULL;
	h->page = h->l.n ? malloc(h->l.n * sizeof *h->page) : NULL;
	if (!h->rows || !h->page) {
		free(h->rows);
		free(h->page);
		listing_free(&h->l);
		return false;
	}
	h->w = COLS < 78 ? COLS : 78;
	/* borders, the title and its blank row; the footer's rows when it
	 * does not fit the border (in pages, when one page is not enough) */
	h->foot = 0;
	paginate(h);
	for (int again = 0; again < 3; again++) {
		int foot = footer_rows(h->w, h->pages, h->pages > 1);
		if (foot == h->foot)
			break;
		h->foot = foot;
		paginate(h);
	}
	return true;
}

static void free_layout(listing_layout *h)
{
	free(h->rows);
	free(h->page);
	listing_free(&h->l);
}

bool cc_ui_interventions_open(cc_ui_console *c)
{
	listing l = interventions_of(c);
	bool any = l.n > 0;
	listing_free(&l);
	c->interventions_open = any;
	c->interventions_page = 0;
	return any;
}

void cc_ui_interventions_key(cc_ui_console *c, int key)
{
	listing_layout h;
	int pages = 1;
	if (lay_out_interventions(c, &h)) {
		pages = h.pages;
		free_layout(&h);
	}
	if ((key == ' ' || key == KEY_NPAGE) && pages > 1)
		c->interventions_page = (c->interventions_page + 1) % pages;
	else if (key == KEY_PPAGE && pages > 1)
		c->interventions_page = (c->interventions_page + pages - 1) % pages;
	else
		c->interventions_open = false;
}

void cc_ui_interventions_draw(const cc_ui_console *c)
{
	listing_layout h;
	if (!lay_out_interventions(c, &h))
		return;
	int page = c->interventions_page < h.pages ? c->interventions_page : h.pages - 1, rows = 0;
	for (size_t i = 0; i < h.l.n; i++)
		if (h.page[i] == page)
			rows += h.rows[i];
	int box = rows + 4 + h.foot, x = (COLS - h.w) / 2;
	if (box > LINES)
		box = LINES;
	int y = (LINES - box) / 2;
	for (int r = 0; r < box; r++)
		mvhline(y + r, x, ' ', h.w);
	cc_ui_box(y, x, box, h.w, CC_UI_ROLE_DIM);
	cc_ui_put(y + 1, x + 2, h.w - 4, CC_UI_ROLE_TITLE, _(" Arbiter's interventions "));
	int row = y + 3, end = y + box - 1 - h.foot;
	for (size_t i = 0; i < h.l.n && row < end; i++) {
		if (h.page[i] != page)
			continue;
		if (h.l.t[i] < 0) {
			row += cc_ui_put_wrapped(row, x + 2, h.w - 4, end - row, CC_UI_ROLE_NORMAL, h.l.text[i]);
			continue;
		}
		char at[16];
		cc_time_format_ms(h.l.t[i], at, sizeof at);
		cc_ui_put(row, x + 2, TIME_COLS - 2, CC_UI_ROLE_DIM, at);
		row += cc_ui_put_wrapped(row, x + 2 + TIME_COLS, h.w - 4 - TIME_COLS, end - row, CC_UI_ROLE_NORMAL,
		                         h.l.text[i]);
	}
	footer_draw(y + box - 1, x, h.w, h.foot, page, h.pages);
	free_layout(&h);
}

/* Issue 35 (N8): the block the match ended in, as the report says it. */
static bool ended_block_text(const cc_ui_console *c, char *buf, size_t size)
{
	const cc_match_view *v = &c->view;
	if (!v->over || !v->block_started) /* as the report: describe_report.c */
		return false;
	char counts[256];
	cc_session_describe_move_counts(cc_ui_lang(), true, cc_ui_console_name(c, CC_SIDE_WHITE), v->moves[CC_SIDE_WHITE],
	                                cc_ui_console_name(c, CC_SIDE_BLACK), v->moves[CC_SIDE_BLACK], counts, sizeof counts);
	snprintf(buf, size, _("Block %d: %s; %s.\n"), v->block, _("the match ended in it"), counts);
	buf[strcspn(buf, "\n")] = '\0';
	return true;
}

/* The rows the texts under the result take (blocks or moves, reason,
 * clocks, the club's lines, the interventions): what the big result
 * leaves them. */
static int texts_rows(const cc_ui_console *c, bool chess)
{
	char said[CC_TEXT_MAX + 160];
	int rows = 2 + (c->view.has_chess_clocks ? 2 : 0) + 3 + 1;
	if (interventions_line(c, said, sizeof said))
		rows += cc_ui_wrapped_rows(COLS - 2, said);
	size_t n = cc_match_block_count(c->match);
	if (!chess && ended_block_text(c, said, sizeof said))
		rows += cc_ui_wrapped_rows(COLS - 2, said);
	if (chess || n == 0)
		return rows + 2;
	for (size_t i = 0; i < n; i++) {
		char text[1024];
		cc_session_describe_block(cc_ui_lang(), cc_match_block_at(c->match, i), cc_match_settings_of(c->match),
		                          text, sizeof text);
		rows += cc_ui_wrapped_rows(COLS - 2, text);
	}
	return rows;
}

/* The result big ("1-0", "0-1", "1/2-1/2"), for the room and the
 * audience, in the rows the texts leave; none at the small sizes. */
static int big_result(const cc_ui_console *c, int y, int bottom)
{
	bool chess = !(cc_game_class_of_match(c->match)->traits & CC_GAME_BLOCKS);
	int rows = cc_ui_big_rows(LINES, 300), spare = bottom + 1 - y - texts_rows(c, chess) - 1;
	if (rows > spare)
		rows = spare;
	if (rows < CC_UI_BIG_ROWS)
		return 0;
	return cc_ui_big_fill(y + 1, 0, COLS, rows, CC_UI_ROLE_GOOD, cc_session_result_code(true, c->view.winner)) + 1;
}

/* From row y to bottom: the newest blocks that fit, each as the reports
 * tell it, and how the last one ended. */
static void draw_blocks(const cc_ui_console *c, int y, int bottom)
{
	size_t n = cc_match_block_count(c->match);
	char said[CC_TEXT_MAX + 160];
	size_t first = n;
	for (int rows = 0; first > 0; first--) {
		char text[1024];
		cc_session_describe_block(cc_ui_lang(), cc_match_block_at(c->match, first - 1),
		                          cc_match_settings_of(c->match), text, sizeof text);
		rows += cc_ui_wrapped_rows(COLS - 2, text);
		if (y + rows > bottom)
			break;
	}
	if (first > 0)
		cc_ui_put(y++, 1, COLS - 2, CC_UI_ROLE_DIM, _("(earlier blocks: see chesscubing show)"));
	for (size_t i = first; i < n; i++) {
		char text[1024];
		cc_session_describe_block(cc_ui_lang(), cc_match_block_at(c->match, i), cc_match_settings_of(c->match),
		                          text, sizeof text);
		y += cc_ui_put_wrapped(y, 1, COLS - 2, bottom + 1 - y, CC_UI_ROLE_NORMAL, text);
	}
	if (n == 0)
		y += cc_ui_put_wrapped(y, 1, COLS - 2, 2, CC_UI_ROLE_NORMAL, _("(no cube phase was played)"));
	if (ended_block_text(c, said, sizeof said) && y <= bottom)
		cc_ui_put_wrapped(y, 1, COLS - 2, bottom + 1 - y, CC_UI_ROLE_NORMAL, said);
}

void cc_ui_end_draw(const cc_ui_console *c)
{
	const cc_match_view *v = &c->view;
	char line[320];
	int y = 2;
	bool chess = !(cc_game_class_of_match(c->match)->traits & CC_GAME_BLOCKS);
	cc_ui_draw_title(c, chess ? _("Game over") : _("Match over"));
	/* issue 35: the players' keys do nothing once it is over, and the key line says so */
	char keys[200], kw[16], kb[16];
	cc_ui_key_name(c->clock_key[CC_SIDE_WHITE], kw, sizeof kw);
	cc_ui_key_name(c->clock_key[CC_SIDE_BLACK], kb, sizeof kb);
	snprintf(keys, sizeof keys,
	         chess ? _("u: undo  v: board  m: new game  l: log  ?: help  q: quit  %s/%s: no effect")
	               : _("u: undo  m: new match  l: log  ?: help  q: quit  %s/%s: no effect"),
	         kw, kb);
	int bottom = cc_ui_draw_bottom(c, c->spectator ? NULL : keys);
	if (v->winner == CC_WINNER_NONE)
		snprintf(line, sizeof line, "%s", _(" No winner "));
	else {
		cc_side side = v->winner == CC_WINNER_WHITE ? CC_SIDE_WHITE : CC_SIDE_BLACK;
		snprintf(line, sizeof line, _(" Winner: %s (%s) "), cc_ui_console_name(c, side), cc_ui_side_label(side));
	}
	y += cc_ui_put_centred_wrapped(y, 2, CC_UI_ROLE_TO_MOVE, line);
	y += big_result(c, y, bottom);
	if (chess) {
		/* No blocks: the result as the reports say it (a flag fall
		 * against a player who cannot mate says so, FI-6.9). */
		char result[CC_TEXT_MAX + 160];
		cc_session_describe_result(cc_ui_lang(), v, cc_match_settings_of(c->match), result, sizeof result);
		snprintf(line, sizeof line, _("Result: %s"), result);
	} else if (v->reason == CC_REASON_ARBITER && v->reason_text[0])
		snprintf(line, sizeof line, _("Reason: %s: %s"), cc_session_reason_text(cc_ui_lang(), v->reason), v->reason_text);
	else
		snprintf(line, sizeof line, _("Reason: %s, in block %d"), cc_session_reason_text(cc_ui_lang(), v->reason), v->block);
	y += cc_ui_put_centred_wrapped(y, 3, CC_UI_ROLE_NORMAL, line);
	if (v->has_chess_clocks) {
		/* Time: the final clocks, as the arbiter reports them. */
		char w[32], b[32];
		cc_time_format_ms(v->clock_ms[CC_SIDE_WHITE], w, sizeof w);
		cc_time_format_ms(v->clock_ms[CC_SIDE_BLACK], b, sizeof b);
		/* A no-break space: a wrap never parts a player from his clock. */
		snprintf(line, sizeof line, _("Final clocks: White (%s)\xc2\xa0%s, Black (%s)\xc2\xa0%s"),
		         cc_ui_console_name(c, CC_SIDE_WHITE), w, cc_ui_console_name(c, CC_SIDE_BLACK), b);
		y += cc_ui_put_centred_wrapped(y, 2, CC_UI_ROLE_NORMAL, line);
	}
	/* The club: the event's round, each player's rating change (CL-4.2). */
	y += cc_ui_club_end_draw(c, y);
	char said[CC_TEXT_MAX + 160];
	if (interventions_line(c, said, sizeof said))
		y += cc_ui_put_wrapped(y, 1, COLS - 2, bottom + 1 - y, CC_UI_ROLE_DIM, said);
	if (!c->spectator) /* RE-9: the sheet to sign, a key of its own */
		y += cc_ui_put_wrapped(y, 1, COLS - 2, bottom + 1 - y, CC_UI_ROLE_DIM, _("f: write the match sheet to sign (PDF)"));
	y++;
	if (chess) {
		char san[CC_CHESS_SAN_MAX + 8];
		cc_ui_san_to_local(v->last_move_san[0] ? v->last_move_san : "-", san, sizeof san);
		snprintf(line, sizeof line,
		         c->spectator ? _("Moves: White %d, Black %d; last move %s.")
		                      : _("Moves: White %d, Black %d; last move %s.  v: the final board"),
		         v->moves[CC_SIDE_WHITE], v->moves[CC_SIDE_BLACK], san);
		cc_ui_put_centred_wrapped(y, 2, CC_UI_ROLE_NORMAL, line);
		return;
	}
	draw_blocks(c, y, bottom);
}

cc_ui_cmd cc_ui_end_key(const cc_ui_console *c, int key)
{
	cc_ui_cmd cmd = {CC_UI_CMD_NONE, CC_SIDE_WHITE};
	(void)c;
	switch (key) {
	case 'm': /* issue 35: not n, Black's key; asked before the result goes */
	case 'M':
		cmd.kind = CC_UI_CMD_NEW_MATCH;
		break;
	case 'u':
	case 'U':
		cmd.kind = CC_UI_CMD_UNDO;
		break;
	case 'f':
	case 'F':
		cmd.kind = CC_UI_CMD_MATCH_SHEET; /* RE-9 */
		break;
	default:
		return cc_ui_common_key(key);
	}
	return cmd;
}

/* The keys of the game on screen (or on the setup form), one entry a
 * line; NULL is the clock keys' line, filled in with the keys set. */
static const char *const cubing_help[] = {
	N_("Block:  Space  the player to move has moved"),
	NULL,
	N_("        +      moved, and the move gives check"),
	N_("        s      start the block      p  pause / resume"),
	N_("        m      checkmate (asks)     r  resignation (asks who)"),
	N_("        u      undo the last event  a  arbiter decision"),
	N_("        b      bell   l  log   i  in time   c  correct"),
	N_("Correct: c, then type it (block 2:31.5, move +4) or press an arrow or Tab for the DGT form: "
	   "Left/Right a digit, Up/Down change it, Enter, then the reason"),
	N_("Moves recording: Space types the move (SAN or UCI), v shows the board"),
	N_("Cube:   1 / 2  type White's / Black's solve time (23.45, 1:02.30, DNF)"),
	N_("        t      two-player stopwatch, then 1 / 2 stop it; d  DNF (asks who)"),
	N_("        g      after a resume: every clock back as it stood when the console stopped"),
	N_("End:    m      new match (asks)     e  the arbiter's interventions"),
	N_("Setup:  arrows choose and change, Enter edits, s creates, w writes the scramble sheet"),
	N_("Check-list: 1-5 tick, - skip (asks why), w writes the scramble sheet's PDF and offers to print it, "
	   "t shows the colours big, s starts"),
	N_("Dialogs: y yes, n no, Esc cancel"),
	N_("Messages: >  the next page of a message longer than its rows"),
	N_("Any key closes this help.  q quits (asks while a match runs)."),
};
/* A chess game has no blocks nor cubes, and keys of its own. */
static const char *const chess_help[] = {
	N_("Game:   Space  the player to move has moved: type the move (SAN or UCI)"),
	NULL,
	N_("        s      start the clocks     p  pause / resume"),
	N_("        k      claim a draw: who, then t threefold (9.2) or f 50 moves (9.3)"),
	N_("        d      draw agreed (9.1)    r  resignation (asks who)"),
	N_("        u      undo the last event; after a flag fall, the fall (RU-28)"),
	N_("        a      arbiter decision     c  set a clock: clock w 5:00 reason"),
	N_("        v      board; s o c u t are checkered pieces, * marks them without colours"),
	N_("        b      bell   l  log"),
	N_("Correct: c, then type it (clock w 5:00) or press an arrow or Tab for the DGT form: "
	   "Left/Right a digit, Up/Down change it, Enter, then the reason"),
	N_("        g      after a resume: every clock back as it stood when the console stopped"),
	N_("End:    m      new game (asks)      e  the arbiter's interventions"),
	N_("Setup:  arrows choose and change, Enter edits (a time control: 5+3), s creates"),
	N_("Dialogs: y yes, n no, Esc cancel"),
	N_("Messages: >  the next page of a message longer than its rows"),
	N_("Any key closes this help.  q quits (asks while a game runs)."),
};
/* Chess-Uno (screen_uno.c): the card decides, the arbiter types. */
static const char *const uno_help[] = {
	N_("Chess-Uno: d  draw a card (recorded before it is shown)"),
	N_("        m      a move (or Space): SAN, Kxe8 takes the king; a Joker's queen move names its square, Nb1b5"),
	N_("        p      place a recovered pawn (after a +2 or +4): its square"),
	N_("        e      end the series, or the placement"),
	N_("        u      undo the last event; an undone draw puts the same card back"),
	N_("        r      resignation (asks who, by the colour each had at the start)"),
	N_("        =      a draw agreed by both players"),
	N_("        a      arbiter decision: the winner, or a draw, and the reason"),
	N_("        v      board   l  log   b  bell"),
	N_("End:    m      new game (asks)"),
	N_("Setup:  arrows choose and change, Enter edits (the options by name: maxCardNumber=3), s creates and deals"),
	N_("Dialogs: y yes, n no, Esc cancel"),
	N_("Messages: >  the next page of a message longer than its rows"),
	N_("Any key closes this help.  q quits (asks while a game runs)."),
};
#define HELP_MAX 18
_Static_assert(sizeof cubing_help / sizeof cubing_help[0] <= HELP_MAX, "HELP_MAX holds every list");
_Static_assert(sizeof chess_help / sizeof chess_help[0] <= HELP_MAX, "HELP_MAX holds every list");
_Static_assert(sizeof uno_help / sizeof uno_help[0] <= HELP_MAX, "HELP_MAX holds every list");

/*
 * One entry of the help in w columns from (y, x), its lines after the
 * first indented under the words they continue: under the description
 * for a key's line ("        m      a move..."), by 4 otherwise. Draws
 * when draw is set (at most max rows); returns the rows.
 */
static int help_entry(const char *text, int y, int x, int w, int max, bool draw)
{
	int indent = text[0] == ' ' ? 15 : 4;
	size_t len = strlen(text), cut = 0, lead = strspn(text, " ");
	char first[320];
	if (w - indent < 16 || len >= sizeof first)
		return draw ? cc_ui_put_wrapped(y, x, w, max, CC_UI_ROLE_NORMAL, text) : cc_ui_wrapped_rows(w, text);
	/* The longest start of the text that fits, ending at a space. */
	for (size_t p = lead; p <= len; p++) {
		if (p < len && text[p] != ' ')
			continue;
		memcpy(first, text, p);
		first[p] = '\0';
		if (cc_ui_text_width(first) > w)
			break;
		cut = p;
	}
	if (cut <= lead)
		return draw ? cc_ui_put_wrapped(y, x, w, max, CC_UI_ROLE_NORMAL, text) : cc_ui_wrapped_rows(w, text);
	memcpy(first, text, cut);
	first[cut] = '\0';
	const char *rest = text + cut + strspn(text + cut, " ");
	if (!draw)
		return 1 + (*rest ? cc_ui_wrapped_rows(w - indent, rest) : 0);
	if (max < 1)
		return 0;
	cc_ui_put(y, x, w, CC_UI_ROLE_NORMAL, first);
	return 1 + (*rest ? cc_ui_put_wrapped(y + 1, x + indent, w - indent, max - 1, CC_UI_ROLE_NORMAL, rest) : 0);
}

/* The help as laid out in the room there is: each entry wrapped whole in
 * the box (the words stay whole), the entries in pages when they do not
 * all fit (an entry is never split between pages). */
typedef struct {
	char text[HELP_MAX][1024]; /* a translation in any script: a letter may take 2 or 3 bytes */
	int rows[HELP_MAX];
	int page[HELP_MAX]; /* the page an entry is on */
	int n, pages, w, room, foot; /* foot: the footer's rows inside the box */
	bool titled;
} help_layout;

static void help_paginate(help_layout *h)
{
	int page = 0, used = 0;
	for (int i = 0; i < h->n; i++) {
		if (used > 0 && used + h->rows[i] > h->room) {
			page++;
			used = 0;
		}
		h->page[i] = page;
		used += h->rows[i];
	}
	h->pages = page + 1;
}

static void help_lay_out(const cc_ui_console *c, help_layout *h)
{
	cc_format format = c->match ? cc_match_settings_of(c->match)->format : c->form.format;
	unsigned traits = cc_game_class_of(format)->traits;
	const char *const *shown = cubing_help;
	h->n = (int)(sizeof cubing_help / sizeof cubing_help[0]);
	if (traits & CC_GAME_DEALT) {
		shown = uno_help;
		h->n = (int)(sizeof uno_help / sizeof uno_help[0]);
	} else if (traits & CC_GAME_FIDE) {
		shown = chess_help;
		h->n = (int)(sizeof chess_help / sizeof chess_help[0]);
	}
	char kw[16], kb[16];
	cc_ui_key_name(c->clock_key[CC_SIDE_WHITE], kw, sizeof kw);
	cc_ui_key_name(c->clock_key[CC_SIDE_BLACK], kb, sizeof kb);
	h->w = COLS < 78 ? COLS : 78;
	int total = 0;
	for (int i = 0; i < h->n; i++) {
		if (!shown[i])
			snprintf(h->text[i], sizeof h->text[i],
			         _("        %s / %s  White's / Black's clock key: that player moved"), kw, kb);
		else
			snprintf(h->text[i], sizeof h->text[i], "%s", _(shown[i]));
		h->rows[i] = help_entry(h->text[i], 0, 0, h->w - 4, 0, false);
		total += h->rows[i];
	}
	/* One page with its title when it fits, or without it (the title
	 * and its blank row go when the room is short); else pages, titled
	 * when the room allows, the page's number on the bottom border. */
	h->titled = total + 4 <= LINES || (total + 2 > LINES && LINES >= 8);
	h->room = LINES - (h->titled ? 4 : 2);
	h->foot = 0;
	if (total <= h->room || h->room < 1) {
		h->pages = 1;
		for (int i = 0; i < h->n; i++)
			h->page[i] = 0;
		return;
	}
	/* In pages: the footer wrapped inside the box when too wide for its
	 * border, its rows kept on every page (the pages counted again with
	 * them, until the footer's rows for that count are the ones kept). */
	int room = h->room;
	help_paginate(h);
	for (int again = 0; again < 3; again++) {
		int foot = footer_rows(h->w, h->pages, true);
		if (foot == h->foot || room - foot < 1)
			break;
		h->foot = foot;
		h->room = room - foot;
		help_paginate(h);
	}
}

int cc_ui_help_pages(const cc_ui_console *c)
{
	help_layout h;
	help_lay_out(c, &h);
	return h.pages;
}

void cc_ui_help_draw(const cc_ui_console *c)
{
	help_layout h;
	help_lay_out(c, &h);
	int page = c->help_page < h.pages ? c->help_page : h.pages - 1;
	int rows = 0;
	for (int i = 0; i < h.n; i++)
		if (h.page[i] == page)
			rows += h.rows[i];
	int box = rows + (h.titled ? 4 : 2) + h.foot, y, x = (COLS - h.w) / 2;
	if (box > LINES)
		box = LINES;
	y = (LINES - box) / 2;
	for (int r = 0; r < box; r++)
		mvhline(y + r, x, ' ', h.w);
	cc_ui_box(y, x, box, h.w, CC_UI_ROLE_DIM);
	cc_ui_put(h.titled ? y + 1 : y, x + 2, h.w - 4, CC_UI_ROLE_TITLE, _(" Keys "));
	int row = y + (h.titled ? 3 : 1);
	int end = y + box - 1 - h.foot;
	for (int i = 0; i < h.n && row < end; i++)
		if (h.page[i] == page)
			row += help_entry(h.text[i], row, x + 2, h.w - 4, end - row, true);
	if (h.pages > 1)
		footer_draw(y + box - 1, x, h.w, h.foot, page, h.pages);
}
