/*
 * screen_uno.c: the Chess-Uno screens, the turn and the end (issue 14).
 *
 * The turn screen shows what seed 002 §8 says every player sees: the card
 * drawn in big letters, the series (moves left), the army to play and the
 * player who holds it, the pile's count, each discard, the recoverable
 * pawns, a king attacked (information only, UNO-5.2), the board and the
 * log, and the deal's commitment, shown from the start. All of it is read
 * from the core's view (cc_uno_view) and said by the renderer
 * (session_describe.h); nothing here decides a rule. The end screen reveals the
 * secret and the deal, and the change in Chess-Uno's rating list.
 */
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
#include <string.h>

#include "chesscubing/session_club.h"
#include "chesscubing/session_describe.h"

static const char *holder(const cc_ui_console *c, const cc_uno_view *v, cc_side army)
{
	const cc_match_settings *s = cc_match_settings_of(c->match);
	return v->controller[army] == CC_UNO_PLAYER_A ? s->white : s->black;
}

static const char *army_label(cc_side army)
{
	return army == CC_SIDE_WHITE ? _("White's army") : _("Black's army");
}

/* What the arbiter does next, from the core's phase; for a spectator
 * (watch), where the game stands, without the arbiter's keys. */
static void phase_text(const cc_uno_view *v, bool spectator, char *buf, size_t size)
{
	switch (v->phase) {
	case CC_UNO_PHASE_DRAW:
		snprintf(buf, size, "%s", spectator ? _("A card is to be drawn.") : _("Draw a card (d)."));
		return;
	case CC_UNO_PHASE_PLACEMENT:
		snprintf(buf, size,
		         spectator ? _("Placement: up to %d recovered pawns.")
		                   : _("Placement: up to %d recovered pawns (p: place, e: end placement)."),
		         v->placements_left);
		return;
	case CC_UNO_PHASE_MOVES:
		if (spectator)
			snprintf(buf, size, _("Series: %d of %d moves left."), v->moves_left, v->moves_granted);
		else if (v->may_end)
			snprintf(buf, size, _("Series: %d of %d moves left (m: move, e: end series)."), v->moves_left,
			         v->moves_granted);
		else
			snprintf(buf, size, _("Series: %d of %d moves left; the first move is compulsory (m: move)."),
			         v->moves_left, v->moves_granted);
		return;
	case CC_UNO_PHASE_OVER:
		snprintf(buf, size, "%s", _("The game is over."));
		return;
	}
}

/* The card's line in words: the card in play, the last turn's card when
 * its turn ended at the draw (a 0, a skip, an Inversion), or none; true
 * when the card in play is one to show in big letters too. */
static bool card_line(const cc_uno_view *v, char *line, size_t size)
{
	char name[64];
	if (v->card == CC_UNO_NO_CARD && v->last_card != CC_UNO_NO_CARD) {
		cc_session_uno_card_text(cc_ui_lang(), v->last_card, name, sizeof name);
		snprintf(line, size, _("Card of the last turn: %s"), name);
		return false;
	}
	if (v->card == CC_UNO_NO_CARD) {
		snprintf(line, size, "%s", _("No card in play."));
		return false;
	}
	cc_session_uno_card_text(cc_ui_lang(), v->card, name, sizeof name);
	snprintf(line, size, _("Card: %s"), name);
	return true;
}

/* Rows the card's line takes wrapped in w columns: the least the card
 * is given, so its words are never cut. */
static int card_line_rows(const cc_uno_view *v, int w)
{
	char line[160];
	card_line(v, line, sizeof line);
	return cc_ui_wrapped_rows(w, line);
}

/* The card in play in big letters when max_rows leaves room for them
 * (CC_UI_BIG_ROWS) as well as for its line in words under it; returns
 * rows used, never more than max_rows. */
static int draw_card(const cc_uno_view *v, int y, int x, int w, int max_rows)
{
	char big[16], line[160];
	if (max_rows < 1)
		return 0;
	bool in_play = card_line(v, line, sizeof line);
	cc_ui_role role = v->card == CC_UNO_NO_CARD && v->last_card == CC_UNO_NO_CARD ? CC_UI_ROLE_DIM : CC_UI_ROLE_WARN;
	int line_rows = cc_ui_wrapped_rows(w, line), rows = 0;
	if (in_play && max_rows >= CC_UI_BIG_ROWS + line_rows) {
		cc_session_uno_card_big(cc_ui_lang(), v->card, big, sizeof big);
		rows = cc_ui_big_fill(y, x, w, max_rows - line_rows < 7 ? max_rows - line_rows : 7, CC_UI_ROLE_WARN, big);
	}
	return rows + cc_ui_put_wrapped(y + rows, x, w, max_rows - rows, role, line);
}

/* The kings attacked, as information (UNO-5.2), in at most max_rows
 * rows (none: only counted); rows used. */
static int draw_check(const cc_uno_view *v, int y, int w, int max_rows, bool draw)
{
	int rows = 0;
	for (int a = 0; a < 2; a++) {
		if (!v->king_attacked[a])
			continue;
		char line[128];
		snprintf(line, sizeof line, _("Check: %s's king is attacked (information only)."),
		         a == CC_SIDE_WHITE ? _("White") : _("Black"));
		int want = cc_ui_wrapped_rows(w, line) < 2 ? cc_ui_wrapped_rows(w, line) : 2;
		if (want > max_rows - rows)
			want = max_rows - rows;
		if (want <= 0)
			break;
		rows += draw ? cc_ui_put_wrapped(y + rows, 1, w, want, CC_UI_ROLE_ALERT, line) : want;
	}
	return rows;
}

/* Puts text wrapped in w columns from row y, in no more than max_lines
 * rows and never below row bottom; rows used. */
static int put_above(int y, int w, int max_lines, int bottom, cc_ui_role role, const char *text)
{
	int room = bottom + 1 - y;
	if (room <= 0)
		return 0;
	return cc_ui_put_wrapped(y, 1, w, max_lines < room ? max_lines : room, role, text);
}

static int rows_of(int w, int max_lines, const char *text)
{
	int n = cc_ui_wrapped_rows(w, text);
	return n < max_lines ? n : max_lines;
}

uint64_t cc_ui_uno_check_marks(const cc_ui_console *c)
{
	const cc_uno_game *game = c->match ? cc_match_uno(c->match) : NULL;
	cc_uno_view v;
	uint64_t marks = 0;
	if (!game)
		return 0;
	cc_uno_view_now(game, &v);
	for (int a = 0; a < 2; a++)
		if (v.king_attacked[a] && v.king_square[a] != CC_CHESS_NO_SQUARE)
			marks |= 1ULL << v.king_square[a];
	return marks;
}

int cc_ui_uno_draw(const cc_ui_console *c)
{
	const cc_uno_game *game = cc_match_uno(c->match);
	const cc_match_settings *s = cc_match_settings_of(c->match);
	const cc_session_info *info = cc_session_info_of(c->session);
	cc_uno_view v;
	char title[64], line[512];
	cc_uno_view_now(game, &v);
	snprintf(title, sizeof title, _("turn %u"), v.turn);
	cc_ui_draw_title(c, title);
	int bottom = cc_ui_draw_bottom(
		c, c->spectator ? NULL
		                : _("d: draw  m: move  p: place  e: end series  u: undo  r: resign  =: agreed draw  a: arbiter  "
		                    "v: board  l: log  ?: help  q: quit"));
	bool side_board = COLS >= 64 + CC_UI_BOARD_COLS && bottom >= 2 + CC_UI_BOARD_ROWS;
	int w = side_board ? COLS - CC_UI_BOARD_COLS - 3 : COLS - 2, y = 2;
	/* Everything said in words comes first, and the log's last line; the
	 * card's big letters take the rows left, the log what remains
	 * (nothing runs into the keys at the smallest size, 60x22). */
	char table[1024], commitment[160];
	cc_session_describe_uno_table(cc_ui_lang(), game, s, table, sizeof table);
	snprintf(commitment, sizeof commitment, _("Deal commitment (SHA-256): %s"),
	         info->commitment[0] ? info->commitment : "-");
	const char *test = info->settings.uno.fixed ? _("FIXED DEAL: the cards were not shuffled; this game is not rated.") : NULL;
	snprintf(line, sizeof line, _("To play: %s, held by %s"), army_label(v.army), holder(c, &v, v.army));
	y += put_above(y, w, 2, bottom, CC_UI_ROLE_TO_MOVE, line);
	phase_text(&v, c->spectator, line, sizeof line);
	y += put_above(y, w, 2, bottom, CC_UI_ROLE_NORMAL, line);
	/* The table is said whole, however long the names and the cards'
	 * words (the pseudo-language's skip card takes a fifth row at 60
	 * columns); the big letters and the log give way to it. */
	int table_rows = cc_ui_wrapped_rows(w, table);
	int after_card = table_rows + draw_check(&v, 0, w, 4, false) + rows_of(w, 3, commitment) +
	                 (test ? rows_of(w, 2, test) : 0) + (c->log_count ? 3 : 0); /* the log: a gap, its heading, a line */
	int card_rows = bottom + 1 - y - after_card, least = card_line_rows(&v, w);
	y += draw_card(&v, y, 1, w, card_rows > 8 ? 8 : card_rows < least ? least : card_rows);
	y += put_above(y, w, table_rows, bottom, CC_UI_ROLE_NORMAL, table);
	y += draw_check(&v, y, w, bottom + 1 - y, true);
	y += put_above(y, w, 3, bottom, CC_UI_ROLE_DIM, commitment); /* 64 hex digits: a third row at 60 columns */
	if (test)
		y += put_above(y, w, 2, bottom, CC_UI_ROLE_ALERT, test);
	if (side_board)
		cc_ui_board_draw_marked(&c->view, 2, COLS - CC_UI_BOARD_COLS - 1, false, cc_ui_uno_check_marks(c));
	int top = side_board && y < 2 + CC_UI_BOARD_ROWS ? 2 + CC_UI_BOARD_ROWS : y;
	return top + cc_ui_draw_log_tail(c, top + 1, bottom + 1) + 1;
}

cc_ui_cmd cc_ui_uno_key(const cc_ui_console *c, int key)
{
	cc_ui_cmd cmd = {CC_UI_CMD_NONE, CC_SIDE_WHITE};
	(void)c;
	switch (key) {
	case 'd':
	case 'D':
		cmd.kind = CC_UI_CMD_UNO_DRAW;
		break;
	case 'm':
	case 'M':
	case ' ':
		cmd.kind = CC_UI_CMD_MOVE;
		break;
	case 'p':
	case 'P':
		cmd.kind = CC_UI_CMD_UNO_PLACE;
		break;
	case 'e':
	case 'E':
		cmd.kind = CC_UI_CMD_UNO_END;
		break;
	case 'u':
	case 'U':
		cmd.kind = CC_UI_CMD_UNDO;
		break;
	case 'r':
	case 'R':
		cmd.kind = CC_UI_CMD_RESIGN;
		break;
	case '=': /* the draw's sign on a score sheet: d draws a card here */
		cmd.kind = CC_UI_CMD_DRAW;
		break;
	case 'a':
	case 'A':
		cmd.kind = CC_UI_CMD_ARBITER; /* as in every game */
		break;
	default:
		return cc_ui_common_key(key);
	}
	return cmd;
}

void cc_ui_uno_end_draw(const cc_ui_console *c)
{
	const cc_match_settings *s = cc_match_settings_of(c->match);
	const cc_match_view *v = &c->view;
	char line[1024];
	int y = 2;
	cc_ui_draw_title(c, _("Game over"));
	int bottom = cc_ui_draw_bottom(c, c->spectator ? NULL : _("u: undo  v: board  m: new game  l: log  ?: help  q: quit"));
	cc_session_describe_result(cc_ui_lang(), v, s, line, sizeof line);
	y += cc_ui_put_centred_wrapped(y, 2, CC_UI_ROLE_TO_MOVE, line);
	y += cc_ui_big_fill(y, 0, COLS, 5, CC_UI_ROLE_GOOD, cc_session_result_code(v->over, v->winner)) + 1;
	if (cc_session_info_of(c->session)->settings.uno.fixed) /* UNO-F10: on every screen of the game */
		y += cc_ui_put_wrapped(y, 1, COLS - 2, 2, CC_UI_ROLE_ALERT,
		                       _("FIXED DEAL: the cards were not shuffled; this game is not rated."));
	y += cc_ui_club_end_draw(c, y); /* Chess-Uno's own list, as the renderer says it */
	snprintf(line, sizeof line, _("Commitment shown at the start: %s"), cc_session_info_of(c->session)->commitment);
	y += cc_ui_put_wrapped(y, 1, COLS - 2, 3, CC_UI_ROLE_NORMAL, line);
	snprintf(line, sizeof line, _("Secret, revealed now: %s"), cc_session_uno_secret(c->session));
	y += cc_ui_put_wrapped(y, 1, COLS - 2, 3, CC_UI_ROLE_NORMAL, line);
	snprintf(line, sizeof line, _("Check it: chesscubing verify %lld (SHA-256 of secret, deal, options and players; then every draw)."),
	         (long long)cc_session_id(c->session));
	y += cc_ui_put_wrapped(y, 1, COLS - 2, 2, CC_UI_ROLE_DIM, line);
	snprintf(line, sizeof line, _("Deal: %s"), s->uno.deal);
	y += cc_ui_put_wrapped(y, 1, COLS - 2, bottom - y > 4 ? 4 : bottom - y, CC_UI_ROLE_DIM, line);
	cc_ui_draw_log_tail(c, y + 1, bottom + 1);
}
