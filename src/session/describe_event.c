/*
 * describe_event.c: one event as the log and the screens say it ("Alice
 * plays e4", an arbiter's correction, a Chess-Uno card).
 */
#include <stdlib.h>

#include "chesscubing/session_checklist.h"
#include "describe_internal.h"

/* A correction's value: "2:31.50", "+0:20.00", "-1", "3". */
static void correction_value(const cc_event *ev, char *buf, size_t size)
{
	bool count = ev->target == CC_CORRECT_MOVES || ev->target == CC_CORRECT_LOST;
	if (count)
		snprintf(buf, size, ev->relative ? "%+lld" : "%lld", (long long)ev->amount);
	else
		clock_text(ev->amount, ev->relative, buf, size);
}

static void describe_correction(const cc_lang *lang, const cc_event *ev, const cc_match_settings *s, char *buf,
                                size_t size)
{
	char value[48];
	const char *name = name_of(s, ev->side);
	correction_value(ev, value, sizeof value);
	const char *how = ev->relative ? _("changes") : _("sets");
	size_t len = 0;
	switch (ev->target) {
	case CC_CORRECT_BLOCK:
		len = cc_session_describe_append(buf, size, 0, _("arbiter %s the block's time left: %s"), how, value);
		break;
	case CC_CORRECT_MOVE_CLOCK:
		len = cc_session_describe_append(buf, size, 0, _("arbiter %s the move clock: %s"), how, value);
		break;
	case CC_CORRECT_CLOCK:
		len = cc_session_describe_append(buf, size, 0, _("arbiter %s %s's clock: %s"), how, name, value);
		break;
	case CC_CORRECT_MOVES:
		len = cc_session_describe_append(buf, size, 0, _("arbiter %s %s's moves used: %s"), how, name, value);
		break;
	case CC_CORRECT_LOST:
		len = cc_session_describe_append(buf, size, 0, _("arbiter %s %s's moves lost: %s"), how, name, value);
		break;
	case CC_CORRECT_TO_MOVE:
		len = cc_session_describe_append(buf, size, 0, _("arbiter gives the move to %s"), name);
		break;
	}
	cc_session_describe_append(buf, size, len, " (%s)", ev->text);
}

/* Chess-Uno's own events. The side is an army, not a player: after an
 * Inversion the player who holds it is another one (rules/chess-uno.md). */
static void describe_uno_event(const cc_lang *lang, const cc_event *ev, char *buf, size_t size)
{
	const char *army = ev->side == CC_SIDE_WHITE ? _("White's army") : _("Black's army");
	switch (ev->kind) {
	case CC_EV_CARD: {
		char card[64];
		cc_session_uno_card_text(lang, ev->text[0] && strcmp(ev->text, "none") != 0 ? atoi(ev->text) : CC_UNO_NO_CARD,
		                         card, sizeof card);
		cc_session_describe_append(buf, size, 0, ev->text[0] ? _("%s draws %s") : _("%s draws a card"), army, card);
		return;
	}
	case CC_EV_PLACE:
		cc_session_describe_append(buf, size, 0, _("%s puts a recovered pawn on %s"), army, ev->text);
		return;
	case CC_EV_STOP:
		cc_session_describe_append(buf, size, 0, _("%s ends its series"), army);
		return;
	case CC_EV_START:
	case CC_EV_MOVE:
	case CC_EV_MATE:
	case CC_EV_CUBE:
	case CC_EV_PAUSE:
	case CC_EV_RESUME:
	case CC_EV_RESIGN:
	case CC_EV_ARBITER:
	case CC_EV_UNDO:
	case CC_EV_TICK:
	case CC_EV_CORRECT:
	case CC_EV_IN_TIME:
	case CC_EV_CLAIM:
	case CC_EV_DRAW:
	case CC_EV_PRESS:
	case CC_EV_SAN:
	case CC_EV_HOLD:
	case CC_EV_RELEASE:
		break;
	}
}

/* A move, a stamped move written, a move played in time: its SAN in the
 * language's letters (issue 35 N9). */
static void describe_move(const cc_lang *lang, const cc_event *ev, const char *name, char *buf, size_t size)
{
	char san[CC_TEXT_MAX] = "";
	if (ev->text[0])
		cc_session_san_local(lang, ev->text, san, sizeof san);
	if (ev->kind == CC_EV_SAN)
		cc_session_describe_append(buf, size, 0, _("the stamped move written: %s"), san);
	else if (ev->kind == CC_EV_IN_TIME && san[0])
		cc_session_describe_append(buf, size, 0, _("arbiter: %s's %s was played in time"), name, san);
	else if (ev->kind == CC_EV_IN_TIME)
		cc_session_describe_append(buf, size, 0, _("arbiter: %s's move lost on time was played in time"), name);
	else if (san[0])
		cc_session_describe_append(buf, size, 0, _("%s plays %s"), name, san);
	else if (ev->gives_check)
		cc_session_describe_append(buf, size, 0, _("%s moves, check"), name);
	else
		cc_session_describe_append(buf, size, 0, _("%s moves"), name);
}

void cc_session_describe_event(const cc_lang *lang, const cc_event *ev, const cc_match_settings *s, char *buf,
                               size_t size)
{
	const char *name = name_of(s, ev->side);
	char solve[16];
	buf[0] = '\0';
	switch (ev->kind) {
	case CC_EV_START:
		cc_session_describe_append(buf, size, 0, "%s",
		       cc_game_has(s->format, CC_GAME_TIME_CONTROL) ? _("arbiter starts the clocks") : _("arbiter starts the block"));
		return;
	case CC_EV_MOVE:
	case CC_EV_IN_TIME:
	case CC_EV_SAN:
		describe_move(lang, ev, name, buf, size);
		return;
	case CC_EV_MATE:
		cc_session_describe_append(buf, size, 0, "%s", _("arbiter declares mate"));
		return;
	case CC_EV_CUBE:
		solve_text(lang, ev->cube_cs, solve, sizeof solve);
		/* RE-10.1: where the time came from, as the record keeps it */
		cc_session_describe_append(buf, size, 0, ev->from_timer ? _("%s solves in %s (timer)") : _("%s solves in %s (typed)"),
		                           name, solve);
		return;
	case CC_EV_PAUSE:
		cc_session_describe_append(buf, size, 0, "%s", _("pause"));
		return;
	case CC_EV_RESUME:
		cc_session_describe_append(buf, size, 0, "%s", _("resume"));
		return;
	case CC_EV_RESIGN:
		cc_session_describe_append(buf, size, 0, _("%s resigns"), name);
		return;
	case CC_EV_ARBITER:
		if (ev->winner == CC_WINNER_NONE)
			cc_session_describe_append(buf, size, 0, _("arbiter decision (no winner): %s"), ev->text);
		else
			cc_session_describe_append(buf, size, 0, _("arbiter decision (%s wins): %s"), winner_name(s, ev->winner), ev->text);
		return;
	case CC_EV_UNDO:
		cc_session_describe_append(buf, size, 0, "%s", _("undo"));
		return;
	case CC_EV_TICK:
		cc_session_describe_append(buf, size, 0, "%s", _("(time passes)"));
		return;
	case CC_EV_CORRECT:
		describe_correction(lang, ev, s, buf, size);
		return;
	case CC_EV_CLAIM:
		if (strcmp(ev->text, "threefold") == 0)
			cc_session_describe_append(buf, size, 0, _("%s claims a draw by threefold repetition"), name);
		else if (strcmp(ev->text, "fifty") == 0)
			cc_session_describe_append(buf, size, 0, _("%s claims a draw by the 50-move rule"), name);
		else
			cc_session_describe_append(buf, size, 0, _("%s claims a draw (%s)"), name, ev->text);
		return;
	case CC_EV_DRAW:
		cc_session_describe_append(buf, size, 0, "%s", _("the players agree a draw"));
		return;
	case CC_EV_CARD:
	case CC_EV_PLACE:
	case CC_EV_STOP:
		describe_uno_event(lang, ev, buf, size);
		return;
	case CC_EV_PRESS:
		cc_session_describe_append(buf, size, 0, _("%s presses the clock (the move to write)"), name);
		return;
	case CC_EV_HOLD:
		if (cc_session_describe_checklist(lang, false, ev->text, buf, size)) /* CK-1 */
			return;
		cc_session_describe_append(buf, size, 0, "%s", _("arbiter's dialog: clocks held (RU-31)"));
		return;
	case CC_EV_RELEASE:
		if (cc_session_describe_checklist(lang, true, ev->text, buf, size))
			return;
		cc_session_describe_append(buf, size, 0, "%s", _("dialog closed: clocks run again (RU-31)"));
		return;
	}
}

bool cc_session_solve_from_timer(const cc_match *match, cc_side side)
{
	cc_event ev;
	for (size_t i = match ? cc_match_history_count(match) : 0; i-- > 0;)
		if (cc_match_history_at(match, i, &ev) && ev.kind == CC_EV_CUBE && ev.side == side)
			return ev.from_timer;
	return false;
}
