/*
 * uno_fixture.h: what the Chess-Uno test files (test_uno.c,
 * test_uno_chess.c, test_uno_games.c) share: the card IDs, a game dealt from
 * an explicit order (GAME), and the turns played by their text. Games are
 * dealt from explicit orders (the cards named, then the rest of the deck in
 * ascending IDs) so every turn is known in advance.
 */
#ifndef CHESSCUBING_TEST_UNO_FIXTURE_H
#define CHESSCUBING_TEST_UNO_FIXTURE_H

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/club.h"
#include "chesscubing/uno.h"
#include "clauses.h"

/* Card IDs (uno.h): red 0..24, blue 25..49, Jokers 100.., +4 104.. */
enum {
	RED0 = 0, RED1 = 1, RED1B = 2, RED2 = 3, RED2B = 4, RED3 = 5, RED3B = 6, RED4 = 7, RED5 = 9,
	RED_SKIP = 19, RED_SKIP_B = 20, RED_INV = 21, RED_PLUS2 = 23,
	BLUE0 = 25, BLUE1 = 26, BLUE1B = 27, BLUE2 = 28, BLUE3 = 30, BLUE_SKIP = 44, BLUE_SKIP_B = 45,
	GREEN0 = 50, GREEN_SKIP = 69, GREEN_SKIP_B = 70, YELLOW0 = 75,
	JOKER = 100, PLUS4 = 104
};

static int64_t now_ms;

static inline int64_t tick(void)
{
	return now_ms += 1000;
}

static inline cc_uno_game *game_of(const char *settings_line, const int *top, size_t n)
{
	cc_uno_settings s;
	cc_uno_deal deal;
	cc_uno_game *g;
	cc_error err = {0};
	cc_uno_settings_default(&s);
	ck_assert_msg(cc_uno_settings_parse(&s, settings_line, &err) == CC_OK, "%s", err.message);
	ck_assert_msg(cc_uno_deal_from_order(&s, top, n, NULL, &deal, &err) == CC_OK, "%s", err.message);
	ck_assert_msg(cc_uno_create(&g, &s, &deal, &err) == CC_OK, "%s", err.message);
	now_ms = 0;
	return g;
}

#define GAME(line, ...) game_of(line, (const int[]){__VA_ARGS__}, sizeof((const int[]){__VA_ARGS__}) / sizeof(int))

static inline void ok(cc_uno_game *g, cc_uno_event ev)
{
	cc_error err = {0};
	cc_err rc = cc_uno_apply(g, &ev, &err);
	ck_assert_msg(rc == CC_OK, "%s %s refused: %s", cc_uno_event_kind_name(ev.kind), ev.text, err.message);
}

static inline cc_err try_ev(cc_uno_game *g, cc_uno_event ev)
{
	return cc_uno_apply(g, &ev, NULL);
}

static inline int draw(cc_uno_game *g)
{
	cc_uno_event ev;
	ck_assert(cc_uno_draw_event(g, tick(), &ev));
	ok(g, ev);
	return ev.card;
}

static inline void mv(cc_uno_game *g, const char *text)
{
	ok(g, cc_uno_ev_move(tick(), text));
}

static inline void place(cc_uno_game *g, const char *square)
{
	unsigned sq;
	ck_assert(cc_uno_square_parse(square, &sq, NULL) == CC_OK);
	ok(g, cc_uno_ev_place(tick(), sq));
}

static inline cc_uno_view view(const cc_uno_game *g)
{
	cc_uno_view v;
	cc_uno_view_now(g, &v);
	return v;
}

static inline unsigned sq(const char *name)
{
	unsigned s;
	ck_assert(cc_uno_square_parse(name, &s, NULL) == CC_OK);
	return s;
}

/* Whether the move written text is among the moves listed now. */
static inline bool can_play(const cc_uno_game *g, const char *text)
{
	cc_chess_move_list list;
	cc_chess_move m;
	cc_uno_legal_moves(g, &list);
	return cc_chess_parse_move_among(cc_uno_position(g), text, &list, &m, NULL) == CC_OK;
}

/* White's first turn of three moves brings the queen to h5, aiming at f7
 * (deals start with a 3 for White). */
static inline void queen_to_h5(cc_uno_game *g)
{
	draw(g);
	mv(g, "e4");
	mv(g, "Bc4");
	mv(g, "Qh5");
}

/* ... then Black's one move, and White's queen takes f7 next to the king
 * with the first move of its next card. */
static inline void queen_takes_f7(cc_uno_game *g)
{
	queen_to_h5(g);
	draw(g);
	mv(g, "a6");
	draw(g);
	mv(g, "Qxf7");
}

/* The shuffle as uno.h specifies it, written again from the text. */
static inline void reference_shuffle(const uint8_t key[CC_UNO_KEY_SIZE], uint64_t k, int *ids, size_t n)
{
	uint8_t nonce[12] = {0}, stream[4096];
	for (int b = 0; b < 8; b++)
		nonce[4 + b] = (uint8_t)(k >> (8 * b));
	cc_uno_chacha20(key, nonce, 0, stream, sizeof stream);
	size_t used = 0;
	for (size_t i = n - 1; i >= 1; i--) {
		unsigned b;
		do
			b = stream[used++];
		while (b >= 256 - 256 % (i + 1));
		int t = ids[i];
		ids[i] = ids[b % (i + 1)];
		ids[b % (i + 1)] = t;
	}
}

#endif
