/*
 * screen_cube.c: the cube phase: the designated cube number in big digits,
 * each player's solve time (typed, or from the built-in stopwatch), and a
 * replay notice after a tie. In Time, both chess clocks and what each
 * solve time does to them, as the core answers it (cc_ui_cube_preview):
 * "bloc -" when the times come off the solvers' own clocks, "bloc +" when
 * they are added to the opponents'. The core decides the outcome; the
 * block screen that follows shows it.
 *
 * Layout: the bottom (keys, message, banner) and the scramble are placed
 * first, from the bottom up, never cut; the big digits take what rows are
 * left, and become plain text when fewer than five are.
 */
#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "ui_bigfont.h"
#include "ui_cmd.h"
#include "ui_console.h"
#include "ui_stackmat.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_screens.h"
#include "ui_term.h"

#include <stdio.h>
#include <string.h>

#include "chesscubing/session_describe.h"

/* A clock change in seconds with its sign, "-35.00 s". */
static void signed_seconds(int64_t ms, char *buf, size_t size)
{
	snprintf(buf, size, "%s%lld.%02lld s", ms >= 0 ? "+" : "-", (long long)((ms >= 0 ? ms : -ms) / 1000),
	         (long long)((ms >= 0 ? ms : -ms) % 1000 / 10));
	cc_ui_decimal(buf);
}

/* Time: which way the solve times go this phase, from the core's answer
 * to a hypothetical pair of times: -1 off one's own clock (bloc -), +1 onto
 * the opponent's (bloc +), 0 unknown (Twice, or nothing left to enter). */
static int time_direction(const cc_ui_console *c)
{
	cc_match_view after;
	const cc_match_view *v = &c->view;
	if (!v->has_chess_clocks)
		return 0;
	for (int side = 0; side < 2; side++) {
		if (v->cube_cs[side] != CC_CUBE_NONE || !cc_ui_cube_preview(c, (cc_side)side, 1000, &after))
			continue;
		int64_t a = after.last_cube.adjust_ms[side] != 0 ? after.last_cube.adjust_ms[side]
		                                                 : after.last_cube.adjust_ms[1 - side];
		return a < 0 ? -1 : a > 0 ? 1 : 0;
	}
	return 0;
}

/* What side's time cs does to the clocks, as the core answers it:
 * "White's clock -35.00 s" / "Black's clock +1:50.00 (120 s: cap)". */
static bool solve_effect(const cc_ui_console *c, cc_side side, int32_t cs, int direction, char *buf, size_t size)
{
	cc_match_view after;
	char change[32];
	cc_side other = (cc_side)(1 - side);
	/* An entered time: ask about the other side's (hypothetical) one; each
	 * clock is moved by one solve time only, so side's effect reads alone. */
	bool entered = c->view.cube_cs[side] != CC_CUBE_NONE;
	if (direction == 0 || !cc_ui_cube_preview(c, entered ? other : side, entered ? 1000 : cs, &after))
		return false;
	/* Bloc -: the solver's own clock; bloc +: the opponent's. */
	cc_side clock = direction < 0 ? side : (cc_side)(1 - side);
	signed_seconds(after.last_cube.adjust_ms[clock], change, sizeof change);
	snprintf(buf, size, after.last_cube.capped[side] ? _("%s's clock %s (120 s: the cap)") : _("%s's clock %s"),
	         cc_ui_side_label(clock), change);
	return true;
}

void cc_ui_cube_effect_text(const cc_ui_console *c, cc_side side, int32_t cs, char *buf, size_t size)
{
	cc_match_view after;
	const cc_match_view *v = &c->view;
	buf[0] = '\0';
	if (!v->has_chess_clocks || !cc_ui_cube_preview(c, side, cs, &after))
		return;
	if (v->cube_cs[1 - side] != CC_CUBE_NONE) {
		/* The second time: the phase's whole outcome, as the reports will say it. */
		cc_session_describe_cube(cc_ui_lang(), &after.last_cube, cc_match_settings_of(c->match), buf, size);
		return;
	}
	solve_effect(c, side, cs, time_direction(c), buf, size);
}

/* The counted solve's line, where it came from inside it (RE-10.1), on
 * the console as on the spectator screens, `show` and the web page: one
 * row in French at 60x22, so the Time cap's effect keeps its rows. */
static void entered_text(const cc_ui_console *c, cc_side side, const char *shown, char *text, size_t size)
{
	if (cc_session_solve_from_timer(c->match, side))
		snprintf(text, size, _("Solve time %s (timer)"), shown);
	else
		snprintf(text, size, _("Solve time %s (typed)"), shown);
}

/* The rows of side's column without big digits: its label, its clock, and
 * either a counted solve's line and what it does to the clocks (which
 * can wrap: in French at 60 columns the Time cap's effect takes three
 * rows) or two lines of state. The big digits get what is left, so on
 * a screen with fewer rows (watch's notice under it) nothing is cut. */
static int column_text_rows(const cc_ui_console *c, cc_side side, int w, int direction)
{
	const cc_match_view *v = &c->view;
	char text[256], shown[32], effect[160];
	int fixed = 1 + (v->has_chess_clocks ? 1 : 0), rows = 2;
	if (v->cube_cs[side] != CC_CUBE_NONE) {
		cc_ui_solve_text(v->cube_cs[side], shown, sizeof shown);
		entered_text(c, side, shown, text, sizeof text);
		int entered = cc_ui_wrapped_rows(w - 1, text);
		int effect_rows = 0;
		if (solve_effect(c, side, v->cube_cs[side], direction, effect, sizeof effect)) {
			snprintf(text, sizeof text, "-> %s", effect);
			effect_rows = cc_ui_wrapped_rows(w - 1, text);
		}
		entered = entered > 2 ? 2 : entered;
		effect_rows = effect_rows > 4 ? 4 : effect_rows;
		if (entered + effect_rows > rows)
			rows = entered + effect_rows;
	}
	return fixed + rows;
}

/* One player's column; big (>= 5) rows for the big digits of the solve,
 * clock_big for the chess clock's, 0 for plain text. Returns the rows used. */
static int draw_player_time(const cc_ui_console *c, cc_side side, int y, int x, int w, int big, int clock_big,
                            int direction)
{
	const cc_match_view *v = &c->view;
	const cc_ui_stopwatch *sw = &c->stopwatch;
	char text[256], shown[32], effect[160];
	int row = y;
	cc_ui_side_text(c, side, text, sizeof text);
	row += cc_ui_put_wrapped(row, x, w, 2, side == CC_SIDE_WHITE ? CC_UI_ROLE_WHITE : CC_UI_ROLE_BLACK, text);
	if (v->has_chess_clocks) {
		cc_time_format_ms(v->clock_ms[side], shown, sizeof shown);
		/* Two columns free on each side: the two clocks never read as one. */
		if (clock_big >= CC_UI_BIG_ROWS)
			row += cc_ui_big_fill(row, x + 2, w - 4, clock_big, CC_UI_ROLE_NORMAL, shown);
		snprintf(text, sizeof text, "%s %s", _("Clock"), shown);
		row += cc_ui_put_wrapped(row, x + 1, w - 1, 2, CC_UI_ROLE_DIM, text);
	}
	if (v->cube_cs[side] != CC_CUBE_NONE) {
		cc_ui_solve_text(v->cube_cs[side], shown, sizeof shown);
		row += big ? cc_ui_big_fill(row, x, w, big, CC_UI_ROLE_GOOD, shown) : 0;
		entered_text(c, side, shown, text, sizeof text);
		row += cc_ui_put_wrapped(row, x + 1, w - 1, 2, CC_UI_ROLE_GOOD, text);
		if (solve_effect(c, side, v->cube_cs[side], direction, effect, sizeof effect)) {
			snprintf(text, sizeof text, "-> %s", effect);
			/* issue 35: whole at 60x22 in French ("(120 s : le plafond)") */
			row += cc_ui_put_wrapped(row, x + 1, w - 1, 4, CC_UI_ROLE_NORMAL, text);
		}
		return row - y;
	}
	if (sw->running || sw->stopped[side]) {
		int64_t end = sw->stopped[side] ? sw->stop_ms[side] : c->now_ms;
		cc_ui_solve_text((int32_t)((end - sw->start_ms) / 10), shown, sizeof shown);
		/* Tenths are enough while it runs; the stop gives hundredths. */
		if (!sw->stopped[side] && shown[0])
			shown[strlen(shown) - 1] = '\0';
		row += big ? cc_ui_big_fill(row, x, w, big, CC_UI_ROLE_HOT, shown) : 0;
		if (sw->stopped[side])
			snprintf(text, sizeof text, _("Stopwatch %s  (stopped)"), shown);
		else
			snprintf(text, sizeof text, _("Stopwatch %s  (%c: stop)"), shown, side == CC_SIDE_WHITE ? '1' : '2');
		row += cc_ui_put_wrapped(row, x + 1, w - 1, 2, CC_UI_ROLE_DIM, text);
		return row - y;
	}
	if (cc_ui_stackmat_on(c))
		return cc_ui_stackmat_draw_side(c, side, row, x, w, big) + row - y;
	if (big)
		row += big / 2;
	if (c->spectator)
		snprintf(text, sizeof text, "%s", _("Solving..."));
	else
		snprintf(text, sizeof text, _("Waiting for the time  (%c: type it)"), side == CC_SIDE_WHITE ? '1' : '2');
	row += cc_ui_put_wrapped(row, x + 1, w - 1, 2, CC_UI_ROLE_DIM, text);
	return row - y;
}

/* The designated cube's scramble from the sheet: both cubes under that
 * number were scrambled with it, and it is re-applied once they are solved,
 * ready for the next time the number comes up. */
static void scramble_text(const cc_ui_console *c, char *buf, size_t size)
{
	char scramble[CC_SESSION_SHEET_MAX];
	cc_session_sheet_line(cc_session_sheet(c->session), c->view.cube_number, scramble, sizeof scramble);
	buf[0] = '\0';
	if (scramble[0])
		snprintf(buf, size, _("Scramble of cube %d (re-apply it to both cubes once solved): %s"),
		         c->view.cube_number, scramble);
}

/* What the phase decides, said above the players: a tie's replay, the
 * faster solve (Twice), or what the solve times do to the clocks (Time). */
static void explain_text(const cc_ui_console *c, int direction, char *explain, size_t size)
{
	const cc_match_view *v = &c->view;
	if (v->cube_attempt > 1) {
		char w[16], b[16];
		cc_ui_solve_text(v->tied_cs[CC_SIDE_WHITE], w, sizeof w);
		cc_ui_solve_text(v->tied_cs[CC_SIDE_BLACK], b, sizeof b);
		snprintf(explain, size, _("Tied: White %s, Black %s. The faster solve now wins the phase."), w, b);
	} else if (cc_game_has(cc_match_settings_of(c->match)->format, CC_GAME_MOVE_CLOCK)) {
		snprintf(explain, size, "%s", _("The faster solve wins the phase and starts the next block."));
	} else if (direction < 0) {
		snprintf(explain, size, "%s", _("Bloc -: each solve time, 120 s at most, comes off the solver's own clock."));
	} else if (direction > 0) {
		snprintf(explain, size, "%s", _("Bloc +: each solve time, 120 s at most, is added to the opponent's clock."));
	} else {
		snprintf(explain, size, "%s", _("Solve times adjust the chess clocks, at most 120 s each."));
	}
}

void cc_ui_cube_draw(const cc_ui_console *c)
{
	const cc_match_view *v = &c->view;
	char title[256], number[8], line[256], scramble[CC_SESSION_SHEET_MAX + 128]; /* title: any script's bytes */
	int half = COLS / 2, y = 2, direction = time_direction(c);
	snprintf(title, sizeof title,
	         v->block_end == CC_BLOCK_END_TIME ? _("Cube phase after block %d (180 s up)")
	                                           : _("Cube phase after block %d (quotas played)"),
	         v->block);
	cc_ui_draw_title(c, title);

	const char *keys = NULL;
	if (!c->spectator)
		keys = c->stopwatch.running
		               ? _("1: White stops  2: Black stops  d: DNF  u: undo  a: arbiter  l: log  ?: help  q: quit")
		               : _("1/2: White's/Black's time  t: stopwatch  d: DNF  u: undo  a: arbiter  l: log  ?  q");
	int bottom = cc_ui_draw_bottom(c, keys);
	scramble_text(c, scramble, sizeof scramble);
	int scramble_rows = scramble[0] ? cc_ui_wrapped_rows(COLS - 2, scramble) : 0;
	int scramble_last = bottom;
	bottom -= scramble_rows;

	/* What is said above the players. */
	char explain[256];
	explain_text(c, direction, explain, sizeof explain);
	snprintf(line, sizeof line, _("Cube to solve: number %d"), v->cube_number);
	char tie[160] = "";
	if (v->cube_attempt > 1)
		snprintf(tie, sizeof tie, _(" TIE: replay the cube phase (attempt %d) with cube %d"), v->cube_attempt,
		         v->cube_number);
	int text_rows = cc_ui_wrapped_rows(COLS - 2, line) + (tie[0] ? cc_ui_wrapped_rows(COLS - 2, tie) : 0) +
	                cc_ui_wrapped_rows(COLS - 2, explain) + 1;
	/* The players' columns without big digits (column_text_rows). */
	int player_rows = column_text_rows(c, CC_SIDE_WHITE, half - 2, direction);
	int black_rows = column_text_rows(c, CC_SIDE_BLACK, COLS - half - 2, direction);
	if (black_rows > player_rows)
		player_rows = black_rows;
	int room = bottom - y + 1 - text_rows - player_rows;
	/* In Time the chess clocks first, big (what the solves change), then
	 * the number (the arbiter hands out that cube), then the times. */
	int clock_big = v->has_chess_clocks && room >= CC_UI_BIG_ROWS ? cc_ui_big_rows(LINES, 150) : 0;
	if (clock_big > room)
		clock_big = room;
	room -= clock_big;
	int number_rows = room >= CC_UI_BIG_ROWS ? cc_ui_big_rows(LINES, 200) : 0;
	if (number_rows > room - CC_UI_BIG_ROWS && room - CC_UI_BIG_ROWS >= CC_UI_BIG_ROWS)
		number_rows = room - CC_UI_BIG_ROWS;
	else if (number_rows > room)
		number_rows = room;
	int big = room - number_rows >= CC_UI_BIG_ROWS ? cc_ui_big_rows(LINES, 150) : 0;
	if (big > room - number_rows)
		big = room - number_rows;

	y += cc_ui_put_centred_wrapped(y, 2, CC_UI_ROLE_DIM, line);
	snprintf(number, sizeof number, "%d", v->cube_number);
	if (number_rows >= CC_UI_BIG_ROWS)
		y += cc_ui_big_fill(y, 0, COLS, number_rows, CC_UI_ROLE_WARN, number);
	if (tie[0]) {
		int r = cc_ui_wrapped_rows(COLS - 2, tie);
		for (int i = 0; i < r; i++)
			cc_ui_bar(y + i, CC_UI_ROLE_WARN);
		y += cc_ui_put_wrapped(y, 1, COLS - 2, r, CC_UI_ROLE_WARN, tie);
	}
	y += cc_ui_put_centred_wrapped(y, 3, CC_UI_ROLE_NORMAL, explain);
	y++;
	int a = draw_player_time(c, CC_SIDE_WHITE, y, 1, half - 2, big, clock_big, direction);
	int b = draw_player_time(c, CC_SIDE_BLACK, y, half + 1, COLS - half - 2, big, clock_big, direction);
	/* The scramble under the players, or as low as the room needs. */
	if (scramble_rows) {
		int top = y + (a > b ? a : b) + 1;
		if (top + scramble_rows - 1 > scramble_last)
			top = scramble_last - scramble_rows + 1;
		cc_ui_put_wrapped(top, 1, COLS - 2, scramble_rows, CC_UI_ROLE_DIM, scramble);
	}
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
	case 'd':
	case 'D':
		cmd.kind = CC_UI_CMD_DNF;
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
	case 'i': /* RU-26: the block's last move lost, declared in time after the block ended */
	case 'I':
		cmd.kind = CC_UI_CMD_IN_TIME;
		break;
	case 'c': /* RU-25: Time's chess clocks may be corrected in a cube phase */
	case 'C':
		cmd.kind = CC_UI_CMD_CORRECT;
		break;
	default:
		return cc_ui_common_key(key);
	}
	return cmd;
}
