/*
 * screen_end.c: the result, its reason, and one line per block from the
 * core's summaries (moves, lost moves, cube times, outcome). Also the help
 * overlay, which lists every key of every screen.
 */
#include "ui_internal.h"

#include <stdio.h>

static const char *reason_text(cc_end_reason reason)
{
	switch (reason) {
	case CC_REASON_CHECKMATE:
		return _("checkmate");
	case CC_REASON_RESIGNATION:
		return _("resignation");
	case CC_REASON_ARBITER:
		return _("arbiter decision");
	}
	return "?";
}

static void summary_line(const cc_ui_console *c, const cc_block_summary *s, char *buf, size_t size)
{
	char w[32], b[32], outcome[96];
	cc_time_format_cs(s->cube_cs[CC_SIDE_WHITE], w, sizeof w);
	cc_time_format_cs(s->cube_cs[CC_SIDE_BLACK], b, sizeof b);
	if (s->cube_winner != CC_WINNER_NONE)
		snprintf(outcome, sizeof outcome, _("won by %s"),
		         cc_ui_console_name(c, s->cube_winner == CC_WINNER_WHITE ? CC_SIDE_WHITE : CC_SIDE_BLACK));
	else
		snprintf(outcome, sizeof outcome, "%+.1f/%+.1f s", (double)s->adjust_ms[0] / 1000.0,
		         (double)s->adjust_ms[1] / 1000.0);
	/* Columns match the header line in cc_ui_end_draw(). */
	snprintf(buf, size, "%3d %-6.6s %-3.3s %2d-%-2d %2d-%-2d %2d-%-2d %-5.5s %4d %3d %7s %7s  %s", s->block,
	         cc_ui_side_label(s->starter), s->had_double_move ? _("yes") : "-", s->moves[0], s->moves[1],
	         s->lost[0], s->lost[1], s->extra[0], s->extra[1],
	         s->end == CC_BLOCK_END_QUOTA ? _("quota") : _("time"), s->cube_number, s->replays, w, b, outcome);
}

void cc_ui_end_draw(const cc_ui_console *c)
{
	const cc_match_view *v = &c->view;
	char line[320];
	int y = 2;
	size_t n = cc_match_block_count(c->match);
	cc_ui_draw_title(c, _("Match over"));
	if (v->winner == CC_WINNER_NONE)
		snprintf(line, sizeof line, "%s", _(" No winner "));
	else {
		cc_side side = v->winner == CC_WINNER_WHITE ? CC_SIDE_WHITE : CC_SIDE_BLACK;
		snprintf(line, sizeof line, _(" Winner: %s (%s) "), cc_ui_console_name(c, side), cc_ui_side_label(side));
	}
	cc_ui_put_centred(y++, CC_UI_ROLE_TO_MOVE, line);
	if (v->reason == CC_REASON_ARBITER && v->reason_text[0])
		snprintf(line, sizeof line, _("Reason: %s: %s"), reason_text(v->reason), v->reason_text);
	else
		snprintf(line, sizeof line, _("Reason: %s, in block %d"), reason_text(v->reason), v->block);
	cc_ui_put_centred(y++, CC_UI_ROLE_NORMAL, line);
	y++;
	cc_ui_put(y++, 1, COLS - 2, CC_UI_ROLE_DIM,
	          _("Blk First  Dbl Moves Lost  Extra End   Cube Rep   White   Black  Cube phase"));
	for (size_t i = 0; i < n && y < LINES - 3; i++) {
		summary_line(c, cc_match_block_at(c->match, i), line, sizeof line);
		cc_ui_put(y++, 1, COLS - 2, CC_UI_ROLE_NORMAL, line);
	}
	if (n == 0)
		cc_ui_put(y++, 1, COLS - 2, CC_UI_ROLE_NORMAL, _("(no cube phase was played)"));
	cc_ui_draw_message(c, LINES - 2);
	if (!c->spectator)
		cc_ui_draw_keys(_("u: undo  n: new match  ?: help  q: quit"));
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
		N_("        +      moved, and the move gives check"),
		N_("        s      start the block      p  pause / resume"),
		N_("        m      checkmate (asks)     r  resignation (asks who)"),
		N_("        u      undo the last event  a  arbiter decision"),
		N_("        b      bell on / off"),
		N_("Moves recording: Space types the move (SAN or UCI), v shows the board"),
		N_("Cube:   1 / 2  type White's / Black's solve time (23.45, 1:02.30, DNF)"),
		N_("        t      two-player stopwatch, then 1 / 2 stop it"),
		N_("Setup:  arrows choose and change, Enter edits, s creates"),
		N_("Dialogs: y yes, n no, Esc cancel"),
		N_("Any key closes this help.  q quits (asks while a match runs)."),
	};
	int n = (int)(sizeof lines / sizeof lines[0]);
	int w = COLS - 4, h = n + 4, y = (LINES - h) / 2, x = 2;
	(void)c;
	if (w > 78) {
		x += (w - 78) / 2;
		w = 78;
	}
	for (int r = 0; r < h; r++)
		mvhline(y + r, x, ' ', w);
	cc_ui_box(y, x, h, w, CC_UI_ROLE_DIM);
	cc_ui_put(y + 1, x + 2, w - 4, CC_UI_ROLE_TITLE, _(" Keys "));
	for (int i = 0; i < n; i++)
		cc_ui_put(y + 3 + i, x + 2, w - 4, CC_UI_ROLE_NORMAL, gettext(lines[i]));
}
