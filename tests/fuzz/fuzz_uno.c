/*
 * fuzz_uno.c: libFuzzer harness for the Chess-Uno core. The first line is
 * a settings line (cc_uno_settings_parse; a bad one is ignored), the
 * others are events, one a line:
 *   d          the draw due now (cc_uno_draw_event)
 *   D ID       a draw naming card ID
 *   m TEXT     a move          p SQ   a placement    e   end
 *   r a|b      resign          g      agree          u   undo
 * Properties: a refused event changes nothing; every move listed reads
 * back from its text as itself; replaying the record through a new game
 * gives the same view and the same steps.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/uno.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same_view(const cc_uno_game *a, const cc_uno_game *b)
{
	cc_uno_view va, vb;
	cc_uno_view_now(a, &va);
	cc_uno_view_now(b, &vb);
	if (memcmp(&va, &vb, sizeof va) != 0) {
		fprintf(stderr, "views differ: %s / %s\n", va.fen, vb.fen);
		abort();
	}
}

static void moves_read_back(const cc_uno_game *g)
{
	cc_chess_move_list list;
	cc_uno_legal_moves(g, &list);
	for (size_t i = 0; i < list.count; i++) {
		char san[CC_CHESS_SAN_MAX];
		cc_chess_move back;
		cc_uno_move_to_san(g, list.moves[i], san, sizeof san);
		if (cc_chess_parse_move_among(cc_uno_position(g), san, &list, &back, NULL) != CC_OK ||
		    back != list.moves[i]) {
			fprintf(stderr, "'%s' does not read back\n", san);
			abort();
		}
	}
}

/* The event a line says, stamped t; false for a line that says none. */
static bool event_of_line(const cc_uno_game *g, const char *line, int64_t t, cc_uno_event *ev)
{
	const char *arg = line[0] && line[1] == ' ' ? line + 2 : "";
	unsigned sq;
	switch (line[0]) {
	case 'd':
		if (!cc_uno_draw_event(g, t, ev))
			*ev = cc_uno_ev_draw(t, CC_UNO_NO_CARD);
		return true;
	case 'D':
		*ev = cc_uno_ev_draw(t, atoi(arg));
		return true;
	case 'm':
		*ev = cc_uno_ev_move(t, arg);
		return true;
	case 'p':
		if (cc_uno_square_parse(arg, &sq, NULL) != CC_OK)
			sq = 64;
		*ev = cc_uno_ev_place(t, sq);
		return true;
	case 'e':
		*ev = cc_uno_ev_end(t);
		return true;
	case 'r':
		*ev = cc_uno_ev_resign(t, arg[0] == 'b' ? CC_UNO_PLAYER_B : CC_UNO_PLAYER_A);
		return true;
	case 'g':
		*ev = cc_uno_ev_agree(t);
		return true;
	case 'u':
		*ev = cc_uno_ev_undo(t);
		return true;
	default:
		return false;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char text[4096];
	if (size >= sizeof text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	char *rest = strchr(text, '\n');
	if (rest)
		*rest++ = '\0';
	cc_uno_settings s;
	cc_uno_deal deal;
	uint8_t key[CC_UNO_KEY_SIZE];
	cc_uno_settings_default(&s);
	if (cc_uno_settings_parse(&s, text, NULL) != CC_OK)
		cc_uno_settings_default(&s);
	cc_uno_key_from_seed(size, key);
	cc_uno_deal_shuffle(&s, key, &deal);
	cc_uno_game *g, *replay;
	if (cc_uno_create(&g, &s, &deal, NULL) != CC_OK)
		return 0;
	int64_t t = 0;
	while (rest && *rest) {
		char *line = rest;
		rest = strchr(rest, '\n');
		if (rest)
			*rest++ = '\0';
		cc_uno_event ev;
		if (!event_of_line(g, line, t += 10, &ev))
			continue;
		cc_uno_view before, after;
		cc_uno_view_now(g, &before);
		if (cc_uno_apply(g, &ev, NULL) != CC_OK) {
			cc_uno_view_now(g, &after);
			if (memcmp(&before, &after, sizeof before) != 0)
				abort();
		}
		moves_read_back(g);
	}
	if (cc_uno_create(&replay, &s, &deal, NULL) != CC_OK)
		abort();
	for (size_t i = 0; i < cc_uno_event_count(g); i++) {
		cc_uno_event ev;
		cc_uno_event_at(g, i, &ev);
		if (cc_uno_apply(replay, &ev, NULL) != CC_OK)
			abort();
	}
	same_view(g, replay);
	if (cc_uno_step_count(g) != cc_uno_step_count(replay))
		abort();
	for (size_t i = 0; i < cc_uno_step_count(g); i++)
		if (memcmp(cc_uno_step_at(g, i), cc_uno_step_at(replay, i), sizeof(cc_uno_step)) != 0)
			abort();
	cc_uno_destroy(replay);
	cc_uno_destroy(g);
	return 0;
}
