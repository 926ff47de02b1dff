/*
 * screen_block.c: the chess block: big clocks, the two players (the one to
 * move highlighted, with side, name and colour), moves against the quota,
 * and banners for what the core says is under way (double move, check,
 * closing parries, pause, flagged clock, the last cube phase's outcome).
 *
 * Every fact comes from the view; the texts only explain it.
 */
#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "ui_bigfont.h"
#include "ui_checklist.h"
#include "ui_cmd.h"
#include "ui_console.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_qr.h"
#include "ui_screens.h"
#include "ui_term.h"

#include <stdio.h>
#include <string.h>

#include "chesscubing/session_describe.h"

/*
 * The digits fill the room: at 80x24 every clock is 5 rows tall, as it
 * always was; taller terminals give the main clock most of the extra rows
 * (Twice: the block and move clocks, about 0.4 of each row above 24;
 * Time: the block time 0.2, the two chess clocks 0.25), so a projector's
 * 200x60 shows 19-row digits and still has room for the banners.
 */
#define TWICE_PER_MILLE 400
#define TIME_BLOCK_PER_MILLE 200
#define TIME_CLOCK_PER_MILLE 250
/*
 * RU-40: the side to move in big letters ("TO MOVE", "AU TRAIT") under its
 * panel, for the audience, from 30 rows up when the rows the texts and the
 * digits (at their full height) leave hold it with a blank row above (and
 * on the console, the log's newest events still under it):
 * 5 rows, and 0.2 of each row above 24 (8 at 40 rows, 12 at 60). Below,
 * the arrow and the tag alone say it, as at 80x24 before.
 */
#define WORD_MIN_LINES 30
#define WORD_PER_MILLE 200
#define WORD_KEEP_LOG 4

/* Returns the rows drawn under the label. */
/* The rows the digits may grow in: the spectator screen of moves
 * recording keeps room for the board under the block screen. */
static int digit_room(const cc_ui_console *c)
{
	return c->spectator && c->view.has_board ? LINES - CC_UI_BOARD_ROWS : LINES;
}

/* rows: of the digits (0: the labels alone carry the times). */
static int draw_clocks_twice(const cc_ui_console *c, int y, int rows)
{
	const cc_match_view *v = &c->view;
	char block[32], move[32], label[64];
	int half = COLS / 2;
	bool hot = v->block_started && v->move_ms_left < 5000;
	/* RU-41: whole seconds, tenths in a clock's last five seconds. */
	cc_time_format_shown_ms(v->block_ms_left, block, sizeof block);
	cc_time_format_shown_seconds(v->move_ms_left, move, sizeof move);
	snprintf(label, sizeof label, "%s %s", _("Block time"), block);
	cc_ui_put(y, 2, half - 4, CC_UI_ROLE_DIM, label);
	snprintf(label, sizeof label, "%s %s", _("Move clock"), move);
	cc_ui_put(y, half + 2, half - 4, CC_UI_ROLE_DIM, label);
	if (rows < CC_UI_BIG_ROWS)
		return 0;
	int a = cc_ui_big_fill(y + 1, 0, half, rows, CC_UI_ROLE_NORMAL, block);
	int b = cc_ui_big_fill(y + 1, half, COLS - half, rows, hot ? CC_UI_ROLE_HOT : CC_UI_ROLE_GOOD, move);
	return a > b ? a : b;
}

static int draw_block_time(const cc_ui_console *c, int y, int rows)
{
	const cc_match_view *v = &c->view;
	char block[32], label[64];
	cc_time_format_shown_ms(v->block_ms_left, block, sizeof block);
	snprintf(label, sizeof label, "%s %s", _("Block time"), block);
	cc_ui_put_centred(y, CC_UI_ROLE_DIM, label);
	if (rows < CC_UI_BIG_ROWS)
		return 0;
	return cc_ui_big_fill(y + 1, 0, COLS, rows, CC_UI_ROLE_NORMAL, block);
}

/* A player's panel: the label with TO MOVE, the moves line, and in Time
 * the chess clock. Texts that do not fit their half wrap, so both halves
 * are measured first and share the taller layout. */
typedef struct {
	char label[256];
	const char *tag; /* " TO MOVE ", " MOVES FIRST " or NULL */
	const char *word; /* "TO MOVE" in big letters (RU-40) when it fits the half, or NULL */
	int word_rows;   /* rows of the big word under both panels (0: none) */
	char moves[160];
	bool tag_below;  /* the tag does not fit beside the label */
	int moves_rows;
	int clock_rows;  /* of the chess clock's digits (0: its line alone) */
} panel;

static void panel_texts(const cc_ui_console *c, cc_side side, int w, panel *p)
{
	const cc_match_view *v = &c->view;
	bool to_move = v->to_move == side && (v->phase == CC_PHASE_BLOCK || v->phase == CC_PHASE_SETUP);
	/* An arrow before the side to move: seen without colour, at any size. */
	char label[sizeof p->label - 4];
	cc_ui_side_text(c, side, label, sizeof label);
	snprintf(p->label, sizeof p->label, "%s%s", !to_move ? "" : cc_ui_term_utf8() ? "\xe2\x96\xb6" : ">", label);
	p->tag = to_move ? (v->block_started ? _(" TO MOVE ") : _(" MOVES FIRST ")) : NULL;
	/* TRANSLATORS: drawn in big letters under the clock of the side to
	 * move; only the letters A E I J K M N O P R S T U V and spaces. */
	const char *word = _("TO MOVE");
	p->word = to_move && v->block_started && cc_ui_big_drawable(word) && cc_ui_big_width(word, 1) <= w - 4 ? word
	                                                                                                    : NULL;
	p->word_rows = 0;
	/* Time has no move clock: nothing is ever lost there; a chess game
	 * has no quota either. */
	if (!(cc_game_class_of_match(c->match)->traits & CC_GAME_BLOCKS))
		snprintf(p->moves, sizeof p->moves, _("Moves %d"), v->moves[side]);
	else if (v->has_move_clock)
		snprintf(p->moves, sizeof p->moves, _("Moves %d / %d   lost %d"), v->moves[side], v->quota, v->lost[side]);
	else
		snprintf(p->moves, sizeof p->moves, _("Moves %d / %d"), v->moves[side], v->quota);
	if (!c->spectator) {
		char key[16];
		size_t len = strlen(p->moves);
		cc_ui_key_name(c->clock_key[side], key, sizeof key);
		/* "key x" with a no-break space: a wrap never parts them. */
		snprintf(p->moves + len, sizeof p->moves - len, "   %s\xc2\xa0%s", _("key"), key);
	}
	p->tag_below = p->tag && cc_ui_text_width(p->label) + 1 + cc_ui_text_width(p->tag) > w;
	p->moves_rows = cc_ui_wrapped_rows(w - 1, p->moves);
}

/* Rows of the panels' text part (label, tag, moves), the same for both. */
static int panel_rows(const panel p[2])
{
	int rows = 0;
	for (int i = 0; i < 2; i++) {
		int r = 1 + (p[i].tag_below ? 1 : 0) + p[i].moves_rows;
		rows = r > rows ? r : rows;
	}
	return rows;
}

/* One player's panel; returns the rows used. tag_row: a tag is below its
 * label on one side, so both sides leave that row to it and their moves
 * lines stay side by side. */
static int draw_player(const cc_ui_console *c, const panel *p, cc_side side, int y, int x, int w, int text_rows,
                       bool tag_row)
{
	const cc_match_view *v = &c->view;
	char text[256];
	int rows = text_rows;
	int used = cc_ui_put_fit(y, x, w, side == CC_SIDE_WHITE ? CC_UI_ROLE_WHITE : CC_UI_ROLE_BLACK, p->label);
	int row = y + 1;
	if (p->tag && !p->tag_below)
		cc_ui_put(y, x + used + 1, w - used - 1, CC_UI_ROLE_TO_MOVE, p->tag);
	else if (p->tag)
		cc_ui_put(row, x, w, CC_UI_ROLE_TO_MOVE, p->tag);
	if (tag_row)
		row++;
	cc_ui_put_wrapped(row, x + 1, w - 1, p->moves_rows, CC_UI_ROLE_NORMAL, p->moves);
	if (v->has_chess_clocks) {
		char clock[32];
		int h = 0;
		cc_time_format_shown_ms(v->clock_ms[side], clock, sizeof clock);
		/* Two columns kept free on each side: the two clocks never read
		 * as one number. */
		if (p->clock_rows >= CC_UI_BIG_ROWS)
			h = cc_ui_big_fill(y + text_rows, x + 2, w - 4, p->clock_rows,
			                   v->flagged[side] ? CC_UI_ROLE_HOT : CC_UI_ROLE_NORMAL, clock);
		snprintf(text, sizeof text, "%s %s%s", _("Clock"), clock, v->flagged[side] ? _("  FLAGGED") : "");
		cc_ui_put(y + text_rows + h, x + 1, w - 1, v->flagged[side] ? CC_UI_ROLE_ALERT : CC_UI_ROLE_DIM, text);
		rows = text_rows + h + 1;
	}
	/* RU-40: a blank row, then the big word on the side to move; the
	 * other side leaves the same rows blank. */
	if (p->word_rows > 0) {
		if (p->word)
			cc_ui_big_fill(y + rows + 1, x + 2, w - 4, p->word_rows, CC_UI_ROLE_GOOD, p->word);
		rows += 1 + p->word_rows;
	}
	if (p->tag) {
		attrset((int)cc_ui_attr(CC_UI_ROLE_TO_MOVE));
		mvvline(y, x > 0 ? x - 1 : 0, ' ', rows);
		attrset((int)A_NORMAL);
	}
	return rows;
}

/*
 * Where the banners go: measured first (draw false: the rows they need),
 * so the clocks leave them room, then drawn, never below row last (the
 * message and keys lines are under it).
 */
typedef struct {
	int last;
	bool draw;
	bool compact; /* short of rows beside the check-list: a line that says nothing yet is left out */
} room;

/* Text wrapped in w columns at (y, x), at most max rows; returns the rows. */
static int put_text(const room *r, int y, int x, int w, int max, cc_ui_role role, const char *text)
{
	int rows = cc_ui_wrapped_rows(w, text);
	if (rows > max)
		rows = max;
	if (!r->draw)
		return rows;
	if (rows > r->last - y + 1)
		rows = r->last - y + 1;
	return rows > 0 ? cc_ui_put_wrapped(y, x, w, rows, role, text) : 0;
}

/* A banner: a headline on a bar and a detail, both wrapped, never cut. */
static int banner(const room *r, int y, cc_ui_role role, const char *head, const char *detail)
{
	int rows = cc_ui_wrapped_rows(COLS - 2, head);
	for (int i = 0; r->draw && i < rows && y + i <= r->last; i++)
		cc_ui_bar(y + i, role);
	rows = put_text(r, y, 1, COLS - 2, rows, role, head);
	if (!detail)
		return rows;
	return rows + put_text(r, y + rows, 2, COLS - 3, 3, CC_UI_ROLE_NORMAL, detail);
}

/* A draw state in the renderer's words (the language's), as the end
 * screen says it. */
static const char *draw_state_words(cc_chess_draw bit)
{
	switch (bit) {
	case CC_CHESS_DRAW_STALEMATE:
		return cc_session_reason_text(cc_ui_lang(), CC_REASON_STALEMATE);
	case CC_CHESS_DRAW_INSUFFICIENT:
		return cc_session_reason_text(cc_ui_lang(), CC_REASON_DEAD);
	case CC_CHESS_DRAW_THREEFOLD:
		return cc_session_reason_text(cc_ui_lang(), CC_REASON_THREEFOLD);
	case CC_CHESS_DRAW_FIFTY:
		return cc_session_reason_text(cc_ui_lang(), CC_REASON_FIFTY);
	case CC_CHESS_DRAW_FIVEFOLD:
		return cc_session_reason_text(cc_ui_lang(), CC_REASON_FIVEFOLD);
	case CC_CHESS_DRAW_SEVENTY_FIVE:
		return cc_session_reason_text(cc_ui_lang(), CC_REASON_SEVENTY_FIVE);
	}
	return cc_chess_draw_name(bit);
}

/* The draw states' names, for the arbiter's information (RU-20). */
static void draw_states_text(unsigned draws, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	for (unsigned bit = CC_CHESS_DRAW_INSUFFICIENT; bit <= CC_CHESS_DRAW_SEVENTY_FIVE; bit <<= 1) {
		if (!(draws & bit) || len + 2 >= size)
			continue;
		snprintf(buf + len, size - len, "%s%s", len ? ", " : "", draw_state_words((cc_chess_draw)bit));
		len = strlen(buf);
	}
}

/*
 * The last move, as the arbiter knows it: after a free move the board
 * hands the turn over with a pass (RU-21), which is not a move anyone
 * played, so the move before it is shown; a move lost on the clock says so.
 * In the language's piece letters.
 */
static void last_move_text(const cc_ui_console *c, char *buf, size_t size)
{
	const cc_match_view *v = &c->view;
	size_t n = cc_match_ply_count(c->match);
	const cc_match_ply *last = n > 0 ? cc_match_ply_at(c->match, n - 1) : NULL;
	if (!v->last_move_san[0]) {
		snprintf(buf, size, "-");
		return;
	}
	if (last && v->plies == n && last->kind == CC_PLY_PASS && n > 1)
		last = cc_match_ply_at(c->match, n - 2);
	else if (v->plies != n || !last)
		last = NULL;
	if (last && last->kind == CC_PLY_LOST) {
		snprintf(buf, size, "%s", _("-- (lost on time)"));
		return;
	}
	if (!last && strcmp(v->last_move_san, "--") == 0) {
		snprintf(buf, size, "%s", _("-- (lost on time)"));
		return;
	}
	cc_ui_san_to_local(last ? last->san : v->last_move_san, buf, size);
}

static bool chess_game(const cc_ui_console *c)
{
	return !(cc_game_class_of_match(c->match)->traits & CC_GAME_BLOCKS);
}

/*
 * A chess game's own banners: a clock stopped at zero by the undo of a
 * flag fall (RU-28, RU-29), and the draws a player may claim with
 * claims=manual (FI-9.2, FI-9.3); every other draw state ends the game by
 * itself, so none is ever shown as information here.
 */
static int chess_banners(const cc_ui_console *c, const room *r, int y)
{
	const cc_match_view *v = &c->view;
	char head[256], detail[256];
	bool keys = !c->spectator;
	int start = y;
	if (v->has_chess_clocks && v->paused && v->clock_ms[v->to_move] <= 0) {
		snprintf(head, sizeof head,
		         keys ? _(" %s's clock is at zero (the flag fall was undone): set it (c) before resuming")
		              : _(" %s's clock is at zero (the flag fall was undone)"),
		         cc_ui_side_label(v->to_move));
		y += banner(r, y, CC_UI_ROLE_ALERT, head, NULL);
	}
	if (v->draws & (CC_CHESS_DRAW_THREEFOLD | CC_CHESS_DRAW_FIFTY)) {
		/* In the renderer's words, as the end screen will say them. */
		bool both = (v->draws & CC_CHESS_DRAW_THREEFOLD) && (v->draws & CC_CHESS_DRAW_FIFTY);
		snprintf(detail, sizeof detail, "%s%s%s",
		         v->draws & CC_CHESS_DRAW_THREEFOLD ? cc_session_reason_text(cc_ui_lang(), CC_REASON_THREEFOLD) : "",
		         both ? ", " : "", v->draws & CC_CHESS_DRAW_FIFTY ? cc_session_reason_text(cc_ui_lang(), CC_REASON_FIFTY) : "");
		snprintf(head, sizeof head, keys ? _(" A draw may be claimed (9.2, 9.3): %s.  k: claim") : _(" A draw may be claimed (9.2, 9.3): %s."),
		         detail);
		y += banner(r, y, CC_UI_ROLE_WARN, head, NULL);
	}
	return y - start;
}

/* The banners of a block or game not under way: paused, ready to start. */
static int ready_banners(const cc_ui_console *c, const room *r, int y, bool keys)
{
	const cc_match_view *v = &c->view;
	char head[256];
	const char *name = cc_ui_console_name(c, v->to_move);
	const char *side = cc_ui_side_label(v->to_move);
	int start = y;
	if (v->paused)
		y += banner(r, y, CC_UI_ROLE_ALERT,
		            keys ? _(" PAUSED: every clock is stopped.  p: resume") : _(" PAUSED: every clock is stopped."),
		            NULL);
	if (!v->block_started && chess_game(c)) {
		snprintf(head, sizeof head,
		         keys ? _(" The game is ready: %s (%s) moves first.  s: start the clocks")
		              : _(" The game is ready: %s (%s) moves first."),
		         name, side);
		y += banner(r, y, CC_UI_ROLE_WARN, head, NULL);
	} else if (!v->block_started) {
		/* CK-1: while a message stands beside the check-list, whose own
		 * heading says what s does, its row is the list's at 60x22. */
		bool tight = cc_ui_checklist_shown(c) && c->message[0];
		snprintf(head, sizeof head,
		         keys && !tight ? _(" Block %d is ready: %s (%s) moves first.  s: start the block")
		              : _(" Block %d is ready: %s (%s) moves first."),
		         v->block, name, side);
		y += banner(r, y, CC_UI_ROLE_WARN, head, NULL);
	}
	return y - start;
}

/* The double move's banner, or why there is none (Twice, after a cube phase). */
static int double_move_banner(const cc_ui_console *c, const room *r, int y)
{
	const cc_match_view *v = &c->view;
	char head[256], detail[256];
	const char *name = cc_ui_console_name(c, v->to_move);
	const char *side = cc_ui_side_label(v->to_move);
	int start = y;
	switch (v->double_move) {
	case CC_DOUBLE_NONE:
		/* Twice, a block after a cube phase: say why there is no double
		 * move (the winner also made the last move of the block before). */
		if (!v->block_started && v->has_move_clock && v->block > 1 && v->has_last_mover &&
		    v->last_mover == v->to_move) {
			snprintf(head, sizeof head, _("No double move: %s (%s) also made the last move of block %d."), name,
			         side, v->block - 1);
			y += put_text(r, y, 1, COLS - 2, 2, CC_UI_ROLE_NORMAL, head);
		}
		break;
	case CC_DOUBLE_FREE:
		snprintf(head, sizeof head, _(" DOUBLE MOVE for %s (%s): move 1 of 2, the FREE move"), name, side);
		snprintf(detail, sizeof detail, "%s",
		         _("Not counted; it may capture; it may NOT give check."));
		y += banner(r, y, CC_UI_ROLE_WARN, head, detail);
		break;
	case CC_DOUBLE_SECOND:
		snprintf(head, sizeof head, _(" DOUBLE MOVE for %s (%s): move 2 of 2"), name, side);
		snprintf(detail, sizeof detail, "%s",
		         _("Counts as move 1 of the block; it may give check; it may capture only a pawn or a minor piece."));
		y += banner(r, y, CC_UI_ROLE_WARN, head, detail);
		break;
	}
	return y - start;
}

static int draw_banners(const cc_ui_console *c, const room *r, int y)
{
	const cc_match_view *v = &c->view;
	char head[256], detail[256];
	const char *name = cc_ui_console_name(c, v->to_move);
	const char *side = cc_ui_side_label(v->to_move);
	int start = y;
	/* The spectator screen (watch) shows the same banners without the keys. */
	bool keys = !c->spectator;
	y += ready_banners(c, r, y, keys);
	if (chess_game(c))
		y += chess_banners(c, r, y);
	if (v->phase == CC_PHASE_SETUP && c->colours_by_lot && keys && cc_ui_checklist_shown(c)) {
		/* CK-1.1: the draw shown to the players, highlighted, while the check-list is up. */
		snprintf(head, sizeof head, _(" White: %s  (colours drawn by lot; Black: %s)"),
		         cc_ui_console_name(c, CC_SIDE_WHITE), cc_ui_console_name(c, CC_SIDE_BLACK));
		y += banner(r, y, CC_UI_ROLE_TO_MOVE, head, NULL);
	} else if (v->phase == CC_PHASE_SETUP && c->colours_by_lot) {
		snprintf(head, sizeof head, _("Colours drawn by lot: White %s, Black %s."),
		         cc_ui_console_name(c, CC_SIDE_WHITE), cc_ui_console_name(c, CC_SIDE_BLACK));
		y += put_text(r, y, 1, COLS - 2, 2, CC_UI_ROLE_GOOD, head);
	}
	y += double_move_banner(c, r, y);
	if (v->check) {
		snprintf(head, sizeof head, _(" CHECK: %s (%s) must parry"), name, side);
		y += banner(r, y, CC_UI_ROLE_ALERT, head, NULL);
	}
	if (v->closing)
		y += banner(r, y, CC_UI_ROLE_WARN,
		            _(" Block closing: only the moves that parry check remain, outside the quota"), NULL);
	for (int s = 0; s < 2; s++) {
		if (!v->flagged[s])
			continue;
		snprintf(head, sizeof head,
		         keys ? _(" FLAGGED: %s's clock is at zero. Play goes on; the arbiter decides (a).")
		              : _(" FLAGGED: %s's clock is at zero. Play goes on; the arbiter decides."),
		         cc_ui_side_label((cc_side)s));
		y += banner(r, y, CC_UI_ROLE_ALERT, head, NULL);
	}
	if (v->stalemate)
		y += banner(r, y, CC_UI_ROLE_ALERT,
		            keys ? _(" STALEMATE on the board: the arbiter decides (a)")
		                 : _(" STALEMATE on the board: the arbiter decides"),
		            NULL);
	if (v->has_board && !chess_game(c) && (v->draws & ~(unsigned)CC_CHESS_DRAW_STALEMATE)) {
		draw_states_text(v->draws, detail, sizeof detail);
		snprintf(head, sizeof head, _(" Draw state (information, the match goes on): %s"), detail);
		y += banner(r, y, CC_UI_ROLE_WARN, head, NULL);
	}
	/* Before block 1, beside the check-list at 60x22, "Last move: -" says
	 * nothing yet: its row goes to the list and the message (v: in ?). */
	if (v->has_board && !(r->compact && !v->last_move_san[0])) {
		char last[CC_CHESS_SAN_MAX + 32];
		last_move_text(c, last, sizeof last);
		snprintf(head, sizeof head,
		         keys ? _("Last move: %s   Legal moves: %zu   v: board") : _("Last move: %s   Legal moves: %zu"),
		         last, v->legal_moves);
		y += put_text(r, y, 1, COLS - 2, 2, CC_UI_ROLE_DIM, head);
	}
	if (v->has_last_cube && v->last_cube.block == v->block - 1) {
		char cube[512]; /* issue 35: the French cap sentence whole, at 60x22 too */
		cc_session_describe_cube(cc_ui_lang(), &v->last_cube, cc_match_settings_of(c->match), cube, sizeof cube);
		y += put_text(r, y, 1, COLS - 2, 5, CC_UI_ROLE_GOOD, cube);
	}
	return y - start;
}

/* A chess game's keys: no blocks, no mate key (the board sees mate), and
 * claims and agreed draws (FI-9.1 to FI-9.3). */
static const char *chess_keys_line(const cc_ui_console *c, const char *w, const char *b, char *buf, size_t size)
{
	const cc_match_view *v = &c->view;
	if (!v->block_started)
		snprintf(buf, size, "%s", _("s: start the clocks  r: resign  a: arbiter  l: log  ?: help  q: quit"));
	else if (v->paused)
		snprintf(buf, size, "%s",
		         _("p: resume  c: correct a clock  k: claim  d: draw agreed  u: undo  r: resign  a: arbiter  l: log  "
		           "?: help  q: quit"));
	else
		snprintf(buf, size,
		         _("Space (or %s: White, %s: Black): moved, type the move  v: board  p: pause  k: claim  "
		           "d: draw agreed  r: resign  u: undo  a: arbiter  c: correct a clock  l: log  ?: help  q: quit"),
		         w, b);
	return buf;
}

/* The arbiter's keys; none on the spectator screen (it draws its own line). */
static const char *keys_line(const cc_ui_console *c, char *buf, size_t size)
{
	const cc_match_view *v = &c->view;
	char w[16], b[16];
	if (c->spectator)
		return NULL;
	cc_ui_key_name(c->clock_key[CC_SIDE_WHITE], w, sizeof w);
	cc_ui_key_name(c->clock_key[CC_SIDE_BLACK], b, sizeof b);
	if (chess_game(c))
		return chess_keys_line(c, w, b, buf, size);
	/* A move lost on the clock is declared in time with i (Twice only:
	 * nothing is lost in Time). */
	const char *in_time = v->has_move_clock ? _("  i: in time") : "";
	if (v->has_board && v->block_started && !v->paused)
		snprintf(buf, size,
		         _("Space (or %s: White, %s: Black): moved, type the move  v: board  p: pause  r: resign  "
		           "u: undo  a: arbiter  c: correct%s  l: log  ?: help  q: quit"),
		         w, b, in_time);
	else if (v->paused)
		snprintf(buf, size, _("p: resume  u: undo  r: resign  a: arbiter  c: correct%s  l: log  ?: help  q: quit"),
		         in_time);
	else if (!v->block_started && cc_ui_checklist_shown(c)) /* CK-1.6, CK-1.7 */
		snprintf(buf, size, "%s",
		         _("s: start block  w: print sheet  t: colours  u: undo  r: resign  a: arbiter  b: bell  l: log  "
		           "?: help  q: quit"));
	else if (!v->block_started)
		snprintf(buf, size, "%s",
		         _("s: start block  u: undo  r: resign  a: arbiter  b: bell  l: log  ?: help  q: quit"));
	else
		snprintf(buf, size,
		         _("Space (or %s: White, %s: Black): moved  +: gave check  p: pause  m: mate  r: resign  "
		           "u: undo  a: arbiter  c: correct%s  l: log  ?: help  q: quit"),
		         w, b, in_time);
	return buf;
}

/* Rows of digits out of *spare: want when it fits, else all that is left
 * when that is still a big drawing, else none (the label carries the time). */
static int take_digits(int want, int *spare)
{
	int rows = want <= *spare ? want : *spare >= CC_UI_BIG_ROWS ? *spare : 0;
	*spare -= rows;
	return rows;
}

int cc_ui_block_draw(const cc_ui_console *c)
{
	const cc_match_view *v = &c->view;
	char title[64];
	int y = 2, half = COLS / 2;
	/* A chess game has no blocks: its two chess clocks are the big ones. */
	bool chess = !(cc_game_class_of_match(c->match)->traits & CC_GAME_BLOCKS);
	if (chess)
		snprintf(title, sizeof title, "%s", _("Game"));
	else
		snprintf(title, sizeof title, _("Block %d"), v->block);
	cc_ui_draw_title(c, title);
	char keys[512];
	int bottom = cc_ui_draw_bottom(c, keys_line(c, keys, sizeof keys));
	panel p[2];
	panel_texts(c, CC_SIDE_WHITE, half - 2, &p[0]);
	panel_texts(c, CC_SIDE_BLACK, COLS - half - 2, &p[1]);
	int text_rows = panel_rows(p);
	bool tag_row = p[0].tag_below || p[1].tag_below;
	/*
	 * Every text first, whole: the banners are measured, and the digits
	 * take the rows left, the blank rows between the parts given up
	 * before the digits, the chess clocks (what decides in Time) before
	 * the block time; no digits at all rather than texts under the keys.
	 */
	room measure = {bottom, false, false}, draw = {bottom, true, false};
	int spare = bottom + 1 - y - text_rows - draw_banners(c, &measure, 0) - (chess ? 0 : 1) -
	            (v->has_chess_clocks ? 1 : 0) - cc_ui_checklist_rows(c, false); /* CK-1: whole, before the digits */
	/* CK-1: short of rows (60x22, a DGT board's fifth item and a message
	 * of three rows), the list's heading in one row and no empty "Last
	 * move": every item and the message stay whole. */
	bool compact = spare < -1 && cc_ui_checklist_shown(c);
	if (compact) {
		measure.compact = draw.compact = true;
		spare = bottom + 1 - y - text_rows - draw_banners(c, &measure, 0) - (chess ? 0 : 1) -
		        (v->has_chess_clocks ? 1 : 0) - cc_ui_checklist_rows(c, true);
	}
	int want_top = chess ? 0 : cc_ui_big_rows(digit_room(c), v->has_move_clock ? TWICE_PER_MILLE : TIME_BLOCK_PER_MILLE);
	int want_clock = v->has_chess_clocks ? cc_ui_big_rows(digit_room(c), TIME_CLOCK_PER_MILLE) : 0;
	int gaps = chess ? 1 : 2;
	while (gaps > 0 && want_top + want_clock + gaps > spare)
		gaps--;
	spare -= gaps;
	p[0].clock_rows = p[1].clock_rows = take_digits(want_clock, &spare);
	int top_rows = take_digits(want_top, &spare);
	/* RU-40: the big word in the rows left after the digits, a blank row
	 * above it; the watcher's board keeps its rows under the screen, the
	 * console's newest events theirs (a blank row, the heading, two). */
	int word_room = spare - 1 - (c->spectator ? (v->has_board ? CC_UI_BOARD_ROWS : 0) : WORD_KEEP_LOG);
	/* ...and the watcher's QR code of the page (`serve`) keeps its rows:
	 * the room's phones before the big word. */
	if (c->spectator && !v->has_board && c->serve_qr.modules)
		word_room -= cc_ui_qr_rows(&c->serve_qr) + 1;
	if ((p[0].word || p[1].word) && LINES >= WORD_MIN_LINES && word_room >= CC_UI_BIG_ROWS) {
		int want = cc_ui_big_rows(digit_room(c), WORD_PER_MILLE);
		p[0].word_rows = p[1].word_rows = want < word_room ? want : word_room;
	}
	if (!chess)
		y += 1 + (v->has_move_clock ? draw_clocks_twice(c, y, top_rows) : draw_block_time(c, y, top_rows)) +
		     (gaps > 1 ? 1 : 0);
	int rows = draw_player(c, &p[0], CC_SIDE_WHITE, y, 1, half - 2, text_rows, tag_row);
	draw_player(c, &p[1], CC_SIDE_BLACK, y, half + 1, COLS - half - 2, text_rows, tag_row);
	y += rows + (gaps ? 1 : 0);
	y += draw_banners(c, &draw, y);
	/* The newest events in the rows left (the watcher puts the board there). */
	if (cc_ui_checklist_shown(c)) /* CK-1: the check-list in the log's place before block 1, */
		cc_ui_checklist_draw(c, bottom - y >= cc_ui_checklist_rows(c, compact) - 1 ? y + 1 : y, /* its blank row first given up */
		                     bottom + 1, compact);
	else if (!c->spectator)
		cc_ui_draw_log_tail(c, y + 1, bottom + 1);
	return y;
}

cc_ui_cmd cc_ui_block_key(const cc_ui_console *c, int key)
{
	cc_ui_cmd cmd = {CC_UI_CMD_NONE, CC_SIDE_WHITE};
	for (int side = 0; side < 2; side++)
		if (key == c->clock_key[side])
			return (cc_ui_cmd){CC_UI_CMD_CLOCK_KEY, (cc_side)side};
	switch (key) {
	case ' ':
		cmd.kind = CC_UI_CMD_MOVE;
		break;
	case '+':
		cmd.kind = CC_UI_CMD_MOVE_CHECK;
		break;
	case 's':
	case 'S':
		cmd.kind = CC_UI_CMD_START;
		break;
	case 'p':
	case 'P':
		cmd.kind = CC_UI_CMD_PAUSE;
		break;
	case 'r':
	case 'R':
		cmd.kind = CC_UI_CMD_RESIGN;
		break;
	case 'm':
	case 'M':
		cmd.kind = CC_UI_CMD_MATE;
		break;
	case 'u':
	case 'U':
		cmd.kind = CC_UI_CMD_UNDO;
		break;
	case 'a':
	case 'A':
		cmd.kind = CC_UI_CMD_ARBITER;
		break;
	case 'i':
	case 'I':
		cmd.kind = CC_UI_CMD_IN_TIME;
		break;
	case 'c':
	case 'C':
		cmd.kind = CC_UI_CMD_CORRECT;
		break;
	case 'k':
	case 'K':
		cmd.kind = CC_UI_CMD_CLAIM;
		break;
	case 'd':
	case 'D':
		cmd.kind = CC_UI_CMD_DRAW;
		break;
	default:
		return cc_ui_common_key(key);
	}
	return cmd;
}
