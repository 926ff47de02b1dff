/*
 * screen_cube.c: the cube phase: the designated cube number in big digits,
 * each player's solve time (typed, or from the built-in stopwatch), and a
 * replay notice after a tie. The core decides the outcome; the block
 * screen that follows shows it.
 */
#include "ui_internal.h"

#include <stdio.h>
#include <string.h>



static void draw_player_time(const cc_ui_console *c, cc_side side, int y, int x, int w)
{
	const cc_match_view *v = &c->view;
	const cc_ui_stopwatch *sw = &c->stopwatch;
	char text[256], shown[32];
	cc_ui_side_text(c, side, text, sizeof text);
	cc_ui_put(y, x, w, side == CC_SIDE_WHITE ? CC_UI_ROLE_WHITE : CC_UI_ROLE_BLACK, text);
	if (v->cube_cs[side] != CC_CUBE_NONE) {
		cc_time_format_cs(v->cube_cs[side], shown, sizeof shown);
		cc_ui_big_centred(y + 1, x, w, CC_UI_ROLE_GOOD, shown);
		snprintf(text, sizeof text, _("Solve time %s: entered"), shown);
		cc_ui_put(y + 6, x + 1, w - 1, CC_UI_ROLE_GOOD, text);
		return;
	}
	if (sw->running || sw->stopped[side]) {
		int64_t end = sw->stopped[side] ? sw->stop_ms[side] : c->now_ms;
		cc_time_format_cs((int32_t)((end - sw->start_ms) / 10), shown, sizeof shown);
		/* Tenths are enough while it runs; the stop gives hundredths. */
		if (!sw->stopped[side] && shown[0])
			shown[strlen(shown) - 1] = '\0';
		cc_ui_big_centred(y + 1, x, w, CC_UI_ROLE_HOT, shown);
		snprintf(text, sizeof text, _("Stopwatch %s  (%c: stop)"), shown, side == CC_SIDE_WHITE ? '1' : '2');
		cc_ui_put(y + 6, x + 1, w - 1, CC_UI_ROLE_DIM, text);
		return;
	}
	if (c->spectator)
		snprintf(text, sizeof text, "%s", _("Solving..."));
	else
		snprintf(text, sizeof text, _("Waiting for the time  (%c: type it)"), side == CC_SIDE_WHITE ? '1' : '2');
	cc_ui_put(y + 3, x + 1, w - 1, CC_UI_ROLE_DIM, text);
}

/* The designated cube's scramble from the sheet: both cubes under that
 * number were scrambled with it, and it is re-applied once they are solved,
 * ready for the next time the number comes up. */
static void draw_scramble(const cc_ui_console *c, int y, int bottom)
{
	char scramble[CC_SESSION_SHEET_MAX], line[CC_SESSION_SHEET_MAX + 128];
	cc_session_sheet_line(cc_session_sheet(c->session), c->view.cube_number, scramble, sizeof scramble);
	if (!scramble[0])
		return;
	snprintf(line, sizeof line, _("Scramble of cube %d (re-apply it to both cubes once solved): %s"),
	         c->view.cube_number, scramble);
	/* Never cut: when the rows below the players are short, the scramble
	 * goes up over the blank ones. */
	int rows = cc_ui_wrapped_rows(COLS - 2, line);
	if (y + rows - 1 > bottom)
		y = bottom - rows + 1;
	cc_ui_put_wrapped(y, 1, COLS - 2, rows, CC_UI_ROLE_DIM, line);
}

void cc_ui_cube_draw(const cc_ui_console *c)
{
	const cc_match_view *v = &c->view;
	const cc_match_settings *s = cc_match_settings_of(c->match);
	char title[96], number[8], line[256];
	int half = COLS / 2, y = 2;
	snprintf(title, sizeof title,
	         v->block_end == CC_BLOCK_END_TIME ? _("Cube phase after block %d (180 s up)")
	                                           : _("Cube phase after block %d (quotas played)"),
	         v->block);
	cc_ui_draw_title(c, title);
	snprintf(line, sizeof line, _("Cube to solve: number %d"), v->cube_number);
	cc_ui_put_centred(y, CC_UI_ROLE_DIM, line);
	snprintf(number, sizeof number, "%d", v->cube_number);
	cc_ui_big_centred(y + 1, 0, COLS, CC_UI_ROLE_WARN, number);
	y += 1 + CC_UI_BIG_ROWS;
	if (v->cube_attempt > 1) {
		snprintf(line, sizeof line, _(" TIE: replay the cube phase (attempt %d) with cube %d"), v->cube_attempt,
		         v->cube_number);
		cc_ui_bar(y, CC_UI_ROLE_WARN);
		cc_ui_put(y, 1, COLS - 2, CC_UI_ROLE_WARN, line);
	}
	y += 1;
	if (v->cube_attempt > 1) {
		char w[16], b[16];
		cc_time_format_cs(v->tied_cs[CC_SIDE_WHITE], w, sizeof w);
		cc_time_format_cs(v->tied_cs[CC_SIDE_BLACK], b, sizeof b);
		snprintf(line, sizeof line, _("Tied: White %s, Black %s. The faster solve now wins the phase."), w, b);
		cc_ui_put_centred(y, CC_UI_ROLE_NORMAL, line);
	} else {
		cc_ui_put_centred(y, CC_UI_ROLE_NORMAL,
		                  s->format == CC_FORMAT_TWICE
		                          ? _("The faster solve wins the phase and starts the next block.")
		                          : _("Solve times adjust the chess clocks, at most 120 s each."));
	}
	y += 2;
	draw_player_time(c, CC_SIDE_WHITE, y, 1, half - 2);
	draw_player_time(c, CC_SIDE_BLACK, y, half + 1, COLS - half - 2);
	const char *keys = NULL;
	if (!c->spectator)
		keys = c->stopwatch.running
		               ? _("1: White stops  2: Black stops  u: undo  a: arbiter  l: log  ?: help  q: quit")
		               : _("1: White's time  2: Black's time  t: stopwatch  u: undo  a: arbiter  l: log  ?: help  "
		                   "q: quit");
	int bottom = cc_ui_draw_bottom(c, keys);
	draw_scramble(c, y + 7, bottom);
}

cc_ui_cmd cc_ui_cube_key(const cc_ui_console *c, int key)
{
	cc_ui_cmd cmd = {CC_UI_CMD_NONE, CC_SIDE_WHITE};
	switch (key) {
	case '1':
	case '2':
		cmd.side = key == '1' ? CC_SIDE_WHITE : CC_SIDE_BLACK;
		cmd.kind = c->stopwatch.running && !c->stopwatch.stopped[cmd.side] ? CC_UI_CMD_STOPWATCH_STOP
		                                                                    : CC_UI_CMD_CUBE_ENTRY;
		break;
	case 't':
	case 'T':
		cmd.kind = CC_UI_CMD_STOPWATCH;
		break;
	case 'u':
	case 'U':
		cmd.kind = CC_UI_CMD_UNDO;
		break;
	case 'r':
	case 'R':
		cmd.kind = CC_UI_CMD_RESIGN;
		break;
	case 'a':
	case 'A':
		cmd.kind = CC_UI_CMD_ARBITER;
		break;
	default:
		return cc_ui_common_key(key);
	}
	return cmd;
}
