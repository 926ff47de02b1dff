/*
 * screen_end.c: the result, its reason, the rating changes of a rated
 * match, and one line per block from the core's summaries (moves, lost
 * moves, cube times, outcome). Also the help
 * overlay, which lists every key of every screen.
 */
#include "ui_internal.h"

#include <stdio.h>

#include "describe.h"

void cc_ui_end_draw(const cc_ui_console *c)
{
	const cc_match_view *v = &c->view;
	char line[320];
	int y = 2;
	size_t n = cc_match_block_count(c->match);
	bool chess = cc_match_settings_of(c->match)->format == CC_FORMAT_CHESS;
	cc_ui_draw_title(c, chess ? _("Game over") : _("Match over"));
	int bottom = cc_ui_draw_bottom(c, c->spectator ? NULL
	                                  : chess ? _("u: undo  v: board  n: new game  l: log  ?: help  q: quit")
	                                          : _("u: undo  n: new match  l: log  ?: help  q: quit"));
	if (v->winner == CC_WINNER_NONE)
		snprintf(line, sizeof line, "%s", _(" No winner "));
	else {
		cc_side side = v->winner == CC_WINNER_WHITE ? CC_SIDE_WHITE : CC_SIDE_BLACK;
		snprintf(line, sizeof line, _(" Winner: %s (%s) "), cc_ui_console_name(c, side), cc_ui_side_label(side));
	}
	y += cc_ui_put_centred_wrapped(y, 2, CC_UI_ROLE_TO_MOVE, line);
	if (chess) {
		/* No blocks: the result as the reports say it (a flag fall
		 * against a player who cannot mate says so, FI-6.9). */
		char result[CC_TEXT_MAX + 160];
		cc_session_describe_result(v, cc_match_settings_of(c->match), result, sizeof result);
		snprintf(line, sizeof line, _("Result: %s"), result);
	} else if (v->reason == CC_REASON_ARBITER && v->reason_text[0])
		snprintf(line, sizeof line, _("Reason: %s: %s"), cc_session_reason_text(v->reason), v->reason_text);
	else
		snprintf(line, sizeof line, _("Reason: %s, in block %d"), cc_session_reason_text(v->reason), v->block);
	y += cc_ui_put_centred_wrapped(y, 3, CC_UI_ROLE_NORMAL, line);
	if (v->has_chess_clocks) {
		/* Time: the final clocks, as the arbiter reports them. */
		char w[32], b[32];
		cc_time_format_ms(v->clock_ms[CC_SIDE_WHITE], w, sizeof w);
		cc_time_format_ms(v->clock_ms[CC_SIDE_BLACK], b, sizeof b);
		snprintf(line, sizeof line, _("Final clocks: White (%s) %s, Black (%s) %s"),
		         cc_ui_console_name(c, CC_SIDE_WHITE), w, cc_ui_console_name(c, CC_SIDE_BLACK), b);
		y += cc_ui_put_centred_wrapped(y, 2, CC_UI_ROLE_NORMAL, line);
	}
	/* The club: the event's round, each player's rating change (CL-4.2). */
	y += cc_ui_club_end_draw(c, y);
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
	/* The newest blocks that fit, each as the reports tell it. */
	size_t first = n;
	for (int rows = 0; first > 0; first--) {
		char text[1024];
		cc_session_describe_block(cc_match_block_at(c->match, first - 1), cc_match_settings_of(c->match), text,
		                          sizeof text);
		rows += cc_ui_wrapped_rows(COLS - 2, text);
		if (y + rows > bottom)
			break;
	}
	if (first > 0)
		cc_ui_put(y++, 1, COLS - 2, CC_UI_ROLE_DIM, _("(earlier blocks: see chesscubing show)"));
	for (size_t i = first; i < n; i++) {
		char text[1024];
		cc_session_describe_block(cc_match_block_at(c->match, i), cc_match_settings_of(c->match), text,
		                          sizeof text);
		y += cc_ui_put_wrapped(y, 1, COLS - 2, bottom + 1 - y, CC_UI_ROLE_NORMAL, text);
	}
	if (n == 0)
		y += cc_ui_put_wrapped(y, 1, COLS - 2, 2, CC_UI_ROLE_NORMAL, _("(no cube phase was played)"));
}

cc_ui_cmd cc_ui_end_key(const cc_ui_console *c, int key)
{
	cc_ui_cmd cmd = {CC_UI_CMD_NONE, CC_SIDE_WHITE};
	(void)c;
	switch (key) {
	case 'n':
	case 'N':
		cmd.kind = CC_UI_CMD_NEW_MATCH;
		break;
	case 'u':
	case 'U':
		cmd.kind = CC_UI_CMD_UNDO;
		break;
	default:
		return cc_ui_common_key(key);
	}
	return cmd;
}

void cc_ui_help_draw(const cc_ui_console *c)
{
	static const char *lines[] = {
		N_("Block:  Space  the player to move has moved"),
		NULL, /* the clock keys, filled in below */
		N_("        +      moved, and the move gives check"),
		N_("        s      start the block      p  pause / resume"),
		N_("        m      checkmate (asks)     r  resignation (asks who)"),
		N_("        u      undo the last event  a  arbiter decision"),
		N_("        b      bell   l  log   i  in time   c  correct"),
		N_("Moves recording: Space types the move (SAN or UCI), v shows the board"),
		N_("Cube:   1 / 2  type White's / Black's solve time (23.45, 1:02.30, DNF)"),
		N_("        t      two-player stopwatch, then 1 / 2 stop it; d  DNF (asks who)"),
		N_("Setup:  arrows choose and change, Enter edits, s creates, w writes the scramble sheet"),
		N_("Dialogs: y yes, n no, Esc cancel"),
		N_("Any key closes this help.  q quits (asks while a match runs)."),
	};
	/* A chess game has no blocks nor cubes, and keys of its own. */
	static const char *chess_lines[] = {
		N_("Game:   Space  the player to move has moved: type the move (SAN or UCI)"),
		NULL,
		N_("        s      start the clocks     p  pause / resume"),
		N_("        k      claim a draw: who, then t threefold (9.2) or f 50 moves (9.3)"),
		N_("        d      draw agreed (9.1)    r  resignation (asks who)"),
		N_("        u      undo the last event; after a flag fall, the fall (RU-28)"),
		N_("        a      arbiter decision     c  set a clock: clock w 5:00 reason"),
		N_("        v      board; s o c u t are checkered pieces, * marks them without colours"),
		N_("        b      bell   l  log"),
		N_("Setup:  arrows choose and change, Enter edits (a time control: 5+3), s creates"),
		N_("Dialogs: y yes, n no, Esc cancel"),
		N_("Any key closes this help.  q quits (asks while a match runs)."),
	};
	_Static_assert(sizeof chess_lines <= sizeof lines, "text[] below holds the longer list");
	bool chess = c->match ? cc_match_settings_of(c->match)->format == CC_FORMAT_CHESS
	                      : c->form.format == CC_FORMAT_CHESS;
	const char **shown = chess ? chess_lines : lines;
	int n = chess ? (int)(sizeof chess_lines / sizeof chess_lines[0]) : (int)(sizeof lines / sizeof lines[0]);
	int w = COLS < 78 ? COLS : 78, x = (COLS - w) / 2, rows = 0;
	char text[sizeof lines / sizeof lines[0]][160], kw[16], kb[16];
	cc_ui_key_name(c->clock_key[CC_SIDE_WHITE], kw, sizeof kw);
	cc_ui_key_name(c->clock_key[CC_SIDE_BLACK], kb, sizeof kb);
	/* Each line wrapped in the box: the box grows, the words stay whole. */
	for (int i = 0; i < n; i++) {
		if (!shown[i])
			snprintf(text[i], sizeof text[i], _("        %s / %s  White's / Black's clock key: that player moved"),
			         kw, kb);
		else
			snprintf(text[i], sizeof text[i], "%s", gettext(shown[i]));
		rows += cc_ui_wrapped_rows(w - 4, text[i]);
	}
	/* The title and its blank row go when the room is short. */
	bool titled = rows + 4 <= LINES;
	int h = rows + (titled ? 4 : 2), y;
	if (h > LINES)
		h = LINES;
	y = (LINES - h) / 2;
	for (int r = 0; r < h; r++)
		mvhline(y + r, x, ' ', w);
	cc_ui_box(y, x, h, w, CC_UI_ROLE_DIM);
	if (titled)
		cc_ui_put(y + 1, x + 2, w - 4, CC_UI_ROLE_TITLE, _(" Keys "));
	else
		cc_ui_put(y, x + 2, w - 4, CC_UI_ROLE_TITLE, _(" Keys "));
	int row = y + (titled ? 3 : 1);
	for (int i = 0; i < n && row < y + h - 1; i++)
		row += cc_ui_put_wrapped(row, x + 2, w - 4, y + h - 1 - row, CC_UI_ROLE_NORMAL, text[i]);
}
