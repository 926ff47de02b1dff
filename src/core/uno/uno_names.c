/* uno_names.c: names of the Chess-Uno enums and their parsers (the table
 * is uno_names.def, the loop common.c's), and the event constructors
 * (uno.h). */
#include "chesscubing/uno.h"

#include <stdio.h>
#include <string.h>

#include "uno_names.def"


const char *cc_uno_card_kind_name(cc_uno_card_kind kind)
{
	return CC_NAMES_NAME(card_kind, kind);
}

const char *cc_uno_colour_name(cc_uno_colour colour)
{
	return CC_NAMES_NAME(colour, colour);
}

const char *cc_uno_phase_name(cc_uno_phase phase)
{
	return CC_NAMES_NAME(phase, phase);
}

const char *cc_uno_reason_name(cc_uno_reason reason)
{
	return CC_NAMES_NAME(reason, reason);
}

const char *cc_uno_event_kind_name(cc_uno_event_kind kind)
{
	return CC_NAMES_NAME(event_kind, kind);
}


cc_err cc_uno_square_parse(const char *text, unsigned *out, cc_error *err)
{
	if (strlen(text) != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
		return cc_refuse(err, CC_MSG_NOT_A_SQUARE, text);
	*out = (unsigned)(text[1] - '1') * 8 + (unsigned)(text[0] - 'a');
	return CC_OK;
}

static cc_uno_event event_of(cc_uno_event_kind kind, int64_t t_ms)
{
	cc_uno_event ev;
	memset(&ev, 0, sizeof ev);
	ev.kind = kind;
	ev.t_ms = t_ms;
	ev.card = CC_UNO_NO_CARD;
	ev.square = CC_CHESS_NO_SQUARE;
	ev.player = CC_UNO_NOBODY;
	return ev;
}

cc_uno_event cc_uno_ev_draw(int64_t t_ms, int card)
{
	cc_uno_event ev = event_of(CC_UNO_EV_DRAW, t_ms);
	ev.card = card;
	return ev;
}

cc_uno_event cc_uno_ev_move(int64_t t_ms, const char *text)
{
	cc_uno_event ev = event_of(CC_UNO_EV_MOVE, t_ms);
	snprintf(ev.text, sizeof ev.text, "%s", text);
	return ev;
}

cc_uno_event cc_uno_ev_place(int64_t t_ms, unsigned square)
{
	cc_uno_event ev = event_of(CC_UNO_EV_PLACE, t_ms);
	ev.square = square;
	return ev;
}

cc_uno_event cc_uno_ev_end(int64_t t_ms)
{
	return event_of(CC_UNO_EV_END, t_ms);
}

cc_uno_event cc_uno_ev_resign(int64_t t_ms, cc_uno_player player)
{
	cc_uno_event ev = event_of(CC_UNO_EV_RESIGN, t_ms);
	ev.player = player;
	return ev;
}

cc_uno_event cc_uno_ev_agree(int64_t t_ms)
{
	return event_of(CC_UNO_EV_AGREE, t_ms);
}

cc_uno_event cc_uno_ev_arbiter(int64_t t_ms, cc_uno_player winner, const char *reason)
{
	cc_uno_event ev = event_of(CC_UNO_EV_ARBITER, t_ms);
	ev.player = winner;
	snprintf(ev.text, sizeof ev.text, "%s", reason);
	return ev;
}

cc_uno_event cc_uno_ev_undo(int64_t t_ms)
{
	return event_of(CC_UNO_EV_UNDO, t_ms);
}
