/* uno_names.c: names of the Chess-Uno enums, their parsers, and the event
 * constructors (uno.h). */
#include "chesscubing/uno.h"

#include <stdio.h>
#include <string.h>

const char *cc_uno_card_kind_name(cc_uno_card_kind kind)
{
	switch (kind) {
	case CC_UNO_CARD_NUMBER:
		return "number";
	case CC_UNO_CARD_SKIP:
		return "skip";
	case CC_UNO_CARD_INVERSION:
		return "inversion";
	case CC_UNO_CARD_PLUS2:
		return "plus2";
	case CC_UNO_CARD_JOKER:
		return "joker";
	case CC_UNO_CARD_PLUS4:
		return "plus4";
	}
	return "?";
}

const char *cc_uno_colour_name(cc_uno_colour colour)
{
	switch (colour) {
	case CC_UNO_RED:
		return "red";
	case CC_UNO_BLUE:
		return "blue";
	case CC_UNO_GREEN:
		return "green";
	case CC_UNO_YELLOW:
		return "yellow";
	case CC_UNO_WILD:
		return "wild";
	}
	return "?";
}

const char *cc_uno_phase_name(cc_uno_phase phase)
{
	switch (phase) {
	case CC_UNO_PHASE_DRAW:
		return "draw";
	case CC_UNO_PHASE_PLACEMENT:
		return "placement";
	case CC_UNO_PHASE_MOVES:
		return "moves";
	case CC_UNO_PHASE_OVER:
		return "over";
	}
	return "?";
}

const char *cc_uno_player_name(cc_uno_player player)
{
	switch (player) {
	case CC_UNO_PLAYER_A:
		return "a";
	case CC_UNO_PLAYER_B:
		return "b";
	case CC_UNO_NOBODY:
		return "nobody";
	}
	return "?";
}

const char *cc_uno_reason_name(cc_uno_reason reason)
{
	switch (reason) {
	case CC_UNO_REASON_KING_CAPTURE:
		return "king-capture";
	case CC_UNO_REASON_MATE:
		return "mate";
	case CC_UNO_REASON_RESIGNATION:
		return "resignation";
	case CC_UNO_REASON_AGREEMENT:
		return "agreement";
	case CC_UNO_REASON_NO_MOVE_DRAW:
		return "turns-without-move";
	case CC_UNO_REASON_ARBITER:
		return "arbiter";
	}
	return "?";
}

const char *cc_uno_event_kind_name(cc_uno_event_kind kind)
{
	switch (kind) {
	case CC_UNO_EV_DRAW:
		return "draw";
	case CC_UNO_EV_MOVE:
		return "move";
	case CC_UNO_EV_PLACE:
		return "place";
	case CC_UNO_EV_END:
		return "end";
	case CC_UNO_EV_RESIGN:
		return "resign";
	case CC_UNO_EV_AGREE:
		return "agree";
	case CC_UNO_EV_ARBITER:
		return "arbiter";
	case CC_UNO_EV_UNDO:
		return "undo";
	}
	return "?";
}

/* The index of text among the names name(0..count-1), or -1. */
static int find_name(const char *text, const char *(*name)(int), int count)
{
	for (int i = 0; i < count; i++)
		if (strcmp(text, name(i)) == 0)
			return i;
	return -1;
}

static const char *player_name_at(int i)
{
	return cc_uno_player_name((cc_uno_player)i);
}

static const char *reason_name_at(int i)
{
	return cc_uno_reason_name((cc_uno_reason)i);
}

static const char *event_name_at(int i)
{
	return cc_uno_event_kind_name((cc_uno_event_kind)i);
}

cc_err cc_uno_player_parse(const char *text, cc_uno_player *out)
{
	int i = find_name(text, player_name_at, CC_UNO_NOBODY + 1);
	if (i < 0)
		return CC_ERR_INVALID;
	*out = (cc_uno_player)i;
	return CC_OK;
}

cc_err cc_uno_reason_parse(const char *text, cc_uno_reason *out)
{
	int i = find_name(text, reason_name_at, CC_UNO_REASON_ARBITER + 1);
	if (i < 0)
		return CC_ERR_INVALID;
	*out = (cc_uno_reason)i;
	return CC_OK;
}

cc_err cc_uno_event_kind_parse(const char *text, cc_uno_event_kind *out)
{
	int i = find_name(text, event_name_at, CC_UNO_EV_UNDO + 1);
	if (i < 0)
		return CC_ERR_INVALID;
	*out = (cc_uno_event_kind)i;
	return CC_OK;
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
