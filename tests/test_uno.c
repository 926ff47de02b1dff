/*
 * test_uno.c: the Chess-Uno core (include/chesscubing/uno.h,
 * rules/chess-uno.md) and the chess module's part without the check rule.
 * Games are dealt from explicit orders (the cards named below, then the
 * rest of the deck in ascending IDs) so every turn is known in advance.
 */
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

static int64_t tick(void)
{
	return now_ms += 1000;
}

static cc_uno_game *game_of(const char *settings_line, const int *top, size_t n)
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

static void ok(cc_uno_game *g, cc_uno_event ev)
{
	cc_error err = {0};
	cc_err rc = cc_uno_apply(g, &ev, &err);
	ck_assert_msg(rc == CC_OK, "%s %s refused: %s", cc_uno_event_kind_name(ev.kind), ev.text, err.message);
}

static cc_err try_ev(cc_uno_game *g, cc_uno_event ev)
{
	return cc_uno_apply(g, &ev, NULL);
}

static int draw(cc_uno_game *g)
{
	cc_uno_event ev;
	ck_assert(cc_uno_draw_event(g, tick(), &ev));
	ok(g, ev);
	return ev.card;
}

static void mv(cc_uno_game *g, const char *text)
{
	ok(g, cc_uno_ev_move(tick(), text));
}

static void place(cc_uno_game *g, const char *square)
{
	unsigned sq;
	ck_assert(cc_uno_square_parse(square, &sq, NULL) == CC_OK);
	ok(g, cc_uno_ev_place(tick(), sq));
}

static cc_uno_view view(const cc_uno_game *g)
{
	cc_uno_view v;
	cc_uno_view_now(g, &v);
	return v;
}

static unsigned sq(const char *name)
{
	unsigned s;
	ck_assert(cc_uno_square_parse(name, &s, NULL) == CC_OK);
	return s;
}

/* Whether the move written text is among the moves listed now. */
static bool can_play(const cc_uno_game *g, const char *text)
{
	cc_chess_move_list list;
	cc_chess_move m;
	cc_uno_legal_moves(g, &list);
	return cc_chess_parse_move_among(cc_uno_position(g), text, &list, &m, NULL) == CC_OK;
}

/* White's first turn of three moves brings the queen to h5, aiming at f7
 * (deals start with a 3 for White). */
static void queen_to_h5(cc_uno_game *g)
{
	draw(g);
	mv(g, "e4");
	mv(g, "Bc4");
	mv(g, "Qh5");
}

/* ... then Black's one move, and White's queen takes f7 next to the king
 * with the first move of its next card. */
static void queen_takes_f7(cc_uno_game *g)
{
	queen_to_h5(g);
	draw(g);
	mv(g, "a6");
	draw(g);
	mv(g, "Qxf7");
}

/* --- cards, settings, deals ------------------------------------------------------ */

START_TEST(test_uno_cards__ids_follow_the_documented_layout)
{
	CLAUSES("UNO-1.2");
	int counts[6] = {0}, numbers[10] = {0};
	for (int id = 0; id < CC_UNO_DECK_SIZE; id++) {
		cc_uno_card c;
		ck_assert(cc_uno_card_get(id, &c, NULL) == CC_OK);
		ck_assert_int_eq(c.id, id);
		counts[c.kind]++;
		if (c.kind == CC_UNO_CARD_NUMBER)
			numbers[c.number]++;
	}
	ck_assert_int_eq(counts[CC_UNO_CARD_NUMBER], 76);
	ck_assert_int_eq(counts[CC_UNO_CARD_SKIP], 8);
	ck_assert_int_eq(counts[CC_UNO_CARD_INVERSION], 8);
	ck_assert_int_eq(counts[CC_UNO_CARD_PLUS2], 8);
	ck_assert_int_eq(counts[CC_UNO_CARD_JOKER], 4);
	ck_assert_int_eq(counts[CC_UNO_CARD_PLUS4], 4);
	ck_assert_int_eq(numbers[0], 4);
	for (int n = 1; n <= 9; n++)
		ck_assert_int_eq(numbers[n], 8);
	char label[24];
	cc_uno_card_label(RED5, label, sizeof label);
	ck_assert_str_eq(label, "red-5");
	cc_uno_card_label(BLUE_SKIP, label, sizeof label);
	ck_assert_str_eq(label, "blue-skip");
	cc_uno_card_label(74, label, sizeof label);
	ck_assert_str_eq(label, "green-plus2");
	cc_uno_card_label(96, label, sizeof label);
	ck_assert_str_eq(label, "yellow-inversion");
	cc_uno_card_label(JOKER, label, sizeof label);
	ck_assert_str_eq(label, "joker");
	cc_uno_card_label(107, label, sizeof label);
	ck_assert_str_eq(label, "plus4");
	cc_uno_card c;
	ck_assert(cc_uno_card_get(108, &c, NULL) == CC_ERR_INVALID);
}
END_TEST

START_TEST(test_uno_cards__the_deck_is_filtered_by_the_settings)
{
	CLAUSES("UNO-1.3 UNO-R5");
	cc_uno_settings s;
	int ids[CC_UNO_DECK_SIZE];
	cc_uno_settings_default(&s);
	ck_assert_uint_eq(cc_uno_deck(&s, ids), 76);
	s.max_card_number = 9;
	ck_assert_uint_eq(cc_uno_deck(&s, ids), 108);
	s.include_zero = false;
	ck_assert_uint_eq(cc_uno_deck(&s, ids), 104);
	s.include_jokers = false;
	size_t n = cc_uno_deck(&s, ids);
	ck_assert_uint_eq(n, 100);
	/* the Jokers are gone, the four +4 stay */
	ck_assert_int_eq(ids[n - 4], 104);
	ck_assert_int_eq(ids[n - 1], 107);
	ck_assert_int_ne(ids[n - 5], 103);
	s.max_card_number = 1;
	ck_assert_uint_eq(cc_uno_deck(&s, ids), 4 * (2 + 6) + 4);
}
END_TEST

START_TEST(test_uno_settings__defaults_and_the_key_value_parser)
{
	CLAUSES("UNO-10.1 UNO-R5 UNO-6.1");
	cc_uno_settings s, before;
	cc_error err = {0};
	cc_uno_settings_default(&s);
	ck_assert_int_eq(s.max_card_number, 5);
	ck_assert(s.include_zero && s.include_jokers && s.place_on_next_rank && s.stop_combo_on_king_threat);
	ck_assert(!s.king_avoids_attacked_squares);
	ck_assert_int_eq(s.draw_after_turns_without_move, 10);
	ck_assert(cc_uno_settings_parse(&s,
	                                "format=uno maxCardNumber=7 includeZero=false includeJokers=no "
	                                "placeOnNextRank=off stopComboOnKingThreat=false kingAvoidsAttackedSquares=1 "
	                                "drawAfterTurnsWithoutMove=0 white=Alice black=Bruno",
	                                &err) == CC_OK);
	ck_assert_int_eq(s.max_card_number, 7);
	ck_assert(!s.include_zero && !s.include_jokers && !s.place_on_next_rank && !s.stop_combo_on_king_threat);
	ck_assert(s.king_avoids_attacked_squares);
	ck_assert_int_eq(s.draw_after_turns_without_move, 0);
	ck_assert_str_eq(s.players[CC_UNO_PLAYER_A], "Alice");
	ck_assert_str_eq(s.players[CC_UNO_PLAYER_B], "Bruno");
	before = s;
	/* all or nothing: a bad word leaves the settings as they were */
	ck_assert(cc_uno_settings_parse(&s, "maxCardNumber=3 colour=red", &err) == CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_UNO_UNKNOWN_OPTION);
	ck_assert_str_eq(err.args[0].text, "colour");
	ck_assert(memcmp(&s, &before, sizeof s) == 0);
	ck_assert(cc_uno_settings_parse(&s, "maxCardNumber=10", &err) == CC_ERR_INVALID);
	ck_assert(cc_uno_settings_parse(&s, "includeZero=maybe", &err) == CC_ERR_INVALID);
	ck_assert(cc_uno_settings_parse(&s, "format=twice", &err) == CC_ERR_INVALID);
	ck_assert(cc_uno_settings_set(&s, "fen", "4k3/8/8/8/8/8/8/4K3_b_-_-_0_1", &err) == CC_OK);
	ck_assert_str_eq(s.fen, "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}
END_TEST

/* The shuffle as uno.h specifies it, written again from the text. */
static void reference_shuffle(const uint8_t key[CC_UNO_KEY_SIZE], uint64_t k, int *ids, size_t n)
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

START_TEST(test_uno_deal__chacha20_matches_rfc8439)
{
	CLAUSES("UNO-F2");
	/* RFC 8439 section 2.3.2: key 00..1f, nonce 00:00:00:09:00:00:00:4a:00:00:00:00, counter 1 */
	uint8_t key[32], nonce[12] = {0, 0, 0, 9, 0, 0, 0, 0x4a, 0, 0, 0, 0}, out[64];
	for (int i = 0; i < 32; i++)
		key[i] = (uint8_t)i;
	cc_uno_chacha20(key, nonce, 1, out, sizeof out);
	static const uint8_t want[16] = {0x10, 0xf1, 0xe7, 0xe4, 0xd1, 0x3b, 0x59, 0x15,
	                                 0x50, 0x0f, 0xdd, 0x1f, 0xa3, 0x20, 0x71, 0xc4};
	ck_assert(memcmp(out, want, sizeof want) == 0);
	static const uint8_t last[4] = {0xa2, 0x50, 0x3c, 0x4e};
	ck_assert(memcmp(out + 60, last, sizeof last) == 0);
}
END_TEST

START_TEST(test_uno_deal__shuffle_is_fisher_yates_over_the_key_stream)
{
	CLAUSES("UNO-1.4 UNO-F2");
	cc_uno_settings s;
	cc_uno_deal a, b, c;
	uint8_t key[CC_UNO_KEY_SIZE];
	int ids[CC_UNO_DECK_SIZE];
	cc_uno_settings_default(&s);
	cc_uno_key_from_seed(42, key);
	cc_uno_deal_shuffle(&s, key, &a);
	cc_uno_deal_shuffle(&s, key, &b);
	ck_assert(memcmp(&a, &b, sizeof a) == 0);
	size_t n = cc_uno_deck(&s, ids);
	ck_assert_uint_eq(a.count, n);
	reference_shuffle(key, 0, ids, n);
	ck_assert(memcmp(a.order, ids, n * sizeof ids[0]) == 0);
	/* a permutation of the deck, and another key gives another order */
	ck_assert(cc_uno_deal_from_order(&s, a.order, a.count, a.key, &c, NULL) == CC_OK);
	cc_uno_key_from_seed(43, key);
	cc_uno_deal_shuffle(&s, key, &b);
	ck_assert(memcmp(a.order, b.order, n * sizeof a.order[0]) != 0);
}
END_TEST

START_TEST(test_uno_deal__canonical_text_reads_back_and_commits_the_game)
{
	CLAUSES("UNO-F1 UNO-8.1");
	cc_uno_settings s;
	cc_uno_deal d, back;
	uint8_t key[CC_UNO_KEY_SIZE];
	char text[CC_UNO_DEAL_TEXT_MAX], again[CC_UNO_DEAL_TEXT_MAX];
	cc_uno_settings_default(&s);
	cc_uno_key_from_seed(1, key);
	cc_uno_deal_shuffle(&s, key, &d);
	size_t n = cc_uno_deal_text(&d, text, sizeof text);
	ck_assert_uint_eq(n, strlen(text));
	ck_assert(strncmp(text, "chess-uno-deal/1 key=", 21) == 0);
	ck_assert(cc_uno_deal_parse(text, &back, NULL) == CC_OK);
	ck_assert(memcmp(&d, &back, sizeof d) == 0);
	cc_uno_game *g;
	ck_assert(cc_uno_create(&g, &s, &back, NULL) == CC_OK);
	cc_uno_commitment(g, again, sizeof again);
	ck_assert_str_eq(text, again);
	/* the view tells the pile's size, never its order: the next card is nowhere in it */
	cc_uno_view v = view(g);
	ck_assert_uint_eq(v.pile_count, 76);
	ck_assert_int_eq(v.card, CC_UNO_NO_CARD);
	cc_uno_destroy(g);
	/* a deal that is not an order of the deck is refused */
	d.order[1] = d.order[0];
	ck_assert(cc_uno_create(&g, &s, &d, NULL) == CC_ERR_INVALID);
	ck_assert_ptr_null(g);
	ck_assert(cc_uno_deal_parse("chess-uno-deal/1 key=zz", &back, NULL) == CC_ERR_INVALID);
	int ids[CC_UNO_DECK_SIZE];
	size_t count;
	ck_assert(cc_uno_parse_ids("7,3,100", ids, &count, NULL) == CC_OK);
	ck_assert_uint_eq(count, 3);
	ck_assert(cc_uno_parse_ids("7,,3", ids, &count, NULL) == CC_ERR_INVALID);
	ck_assert(cc_uno_deal_from_order(&s, (const int[]){RED5, RED5}, 2, NULL, &d, NULL) == CC_ERR_INVALID);
	ck_assert(cc_uno_deal_from_order(&s, (const int[]){11}, 1, NULL, &d, NULL) == CC_ERR_INVALID); /* a red 6 */
}
END_TEST

/* --- turns ------------------------------------------------------------------------ */

START_TEST(test_uno_turn__start_draw_and_the_pile_top)
{
	CLAUSES("UNO-1.1 UNO-2.1 UNO-2.2");
	cc_uno_game *g = GAME("", RED3, BLUE1);
	cc_uno_view v = view(g);
	ck_assert_str_eq(v.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_DRAW);
	ck_assert_int_eq(v.army, CC_SIDE_WHITE);
	ck_assert_int_eq(v.player, CC_UNO_PLAYER_A);
	ck_assert_int_eq(v.controller[CC_SIDE_BLACK], CC_UNO_PLAYER_B);
	/* a draw naming another card than the top is refused and changes nothing */
	cc_error err = {0};
	cc_uno_event bad = cc_uno_ev_draw(tick(), BLUE1);
	ck_assert(cc_uno_apply(g, &bad, &err) == CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_UNO_CARD_NOT_TOP);
	ck_assert_uint_eq(cc_uno_event_count(g), 0);
	ck_assert(try_ev(g, cc_uno_ev_move(tick(), "e4")) == CC_ERR_PHASE);
	ck_assert_int_eq(draw(g), RED3);
	v = view(g);
	ck_assert_int_eq(v.card, RED3);
	ck_assert_uint_eq(v.pile_count, 75);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_MOVES);
	ck_assert(try_ev(g, cc_uno_ev_draw(tick(), BLUE1)) == CC_ERR_PHASE);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_turn__a_number_grants_up_to_n_moves_and_the_first_is_compulsory)
{
	CLAUSES("UNO-R1 UNO-4.1 UNO-4.2 UNO-2.4 UNO-3.1");
	cc_uno_game *g = GAME("", RED3, BLUE1);
	draw(g);
	ck_assert_int_eq(view(g).moves_left, 3);
	ck_assert(!view(g).may_end);
	ck_assert(try_ev(g, cc_uno_ev_end(tick())) == CC_ERR_PHASE);
	mv(g, "e4");
	mv(g, "e5"); /* the same pawn again */
	cc_uno_view v = view(g);
	ck_assert_int_eq(v.moves_left, 1);
	ck_assert(v.may_end);
	ok(g, cc_uno_ev_end(tick()));
	v = view(g);
	ck_assert_int_eq(v.army, CC_SIDE_BLACK);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_DRAW);
	ck_assert_uint_eq(v.discard_count[CC_UNO_PLAYER_A], 1);
	ck_assert_int_eq(v.discard_top[CC_UNO_PLAYER_A], RED3);
	ck_assert_uint_eq(v.discard_count[CC_UNO_PLAYER_B], 0);
	ck_assert_int_eq(draw(g), BLUE1);
	mv(g, "Nf6");
	v = view(g); /* one move: the turn ends by itself */
	ck_assert_int_eq(v.army, CC_SIDE_WHITE);
	ck_assert_int_eq(v.discard_top[CC_UNO_PLAYER_B], BLUE1);
	ck_assert_str_eq(v.fen, "rnbqkb1r/pppppppp/5n2/4P3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_turn__zero_and_skip_grant_no_move_and_no_mate)
{
	CLAUSES("UNO-R1 UNO-5.5 UNO-R6 UNO-5.1");
	/* White's queen takes f7 with the last move of its series: Black's king is attacked */
	cc_uno_game *g = GAME("", RED3, BLUE1, RED1, BLUE_SKIP, RED0, BLUE0, RED2);
	queen_takes_f7(g);
	ck_assert(view(g).king_attacked[CC_SIDE_BLACK]);
	draw(g); /* Black's skip: no move, the king stays attacked */
	ck_assert_int_eq(view(g).army, CC_SIDE_WHITE);
	draw(g); /* White's 0: no move, so no mate */
	cc_uno_view v = view(g);
	ck_assert(!v.over);
	ck_assert_int_eq(v.army, CC_SIDE_BLACK);
	draw(g); /* Black's 0 */
	draw(g); /* White's 2: a move could take the king: mate at once */
	v = view(g);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_UNO_REASON_MATE);
	ck_assert_int_eq(v.winner, CC_UNO_PLAYER_A);
	ck_assert(cc_uno_step_at(g, cc_uno_step_count(g) - 1)->mate_possible);
	ck_assert(try_ev(g, cc_uno_ev_draw(tick(), RED0)) == CC_ERR_OVER);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_turn__check_is_information_only)
{
	CLAUSES("UNO-5.2 UNO-5.3");
	/* a pinned bishop moves, the king walks into a rook's file, kings side by side */
	cc_uno_game *g = GAME("fen=4rr1k/8/8/8/8/8/4B3/4K3_w_-_-_0_1", RED3);
	cc_uno_view v = view(g);
	ck_assert(!v.king_attacked[CC_SIDE_WHITE]);
	ck_assert(!v.king_attacked[CC_SIDE_BLACK]);
	ck_assert_uint_eq(v.king_square[CC_SIDE_WHITE], sq("e1"));
	draw(g);
	ck_assert(can_play(g, "Kf1"));
	mv(g, "Bd3"); /* pinned */
	ck_assert(view(g).king_attacked[CC_SIDE_WHITE]);
	mv(g, "Kd2");
	cc_uno_destroy(g);
	g = GAME("fen=8/8/8/8/8/k7/8/2K5_w_-_-_0_1", RED1);
	draw(g);
	mv(g, "Kb2"); /* next to the black king */
	ck_assert_int_eq(view(g).army, CC_SIDE_BLACK);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_turn__no_move_possible_ends_the_turn)
{
	CLAUSES("UNO-2.5 UNO-4.3 UNO-5.6");
	/* prudent king: every square around a1 is the queen's */
	cc_uno_game *g = GAME("kingAvoidsAttackedSquares=true fen=8/8/8/8/8/8/2q5/K6k_w_-_-_0_1", RED3);
	draw(g);
	cc_uno_view v = view(g);
	ck_assert_int_eq(v.army, CC_SIDE_BLACK);
	ck_assert_int_eq(v.turns_without_move, 1);
	ck_assert_int_eq(v.discard_top[CC_UNO_PLAYER_A], RED3);
	cc_uno_destroy(g);
	/* from b1 the king may still go to a1 (or take the queen), and from a1 nowhere */
	g = GAME("kingAvoidsAttackedSquares=true fen=8/8/8/8/8/8/2q5/1K5k_w_-_-_0_1", RED3);
	draw(g);
	ck_assert(!can_play(g, "Kc1"));
	ck_assert(can_play(g, "Kxc2"));
	mv(g, "Ka1");
	v = view(g);
	ck_assert_int_eq(v.army, CC_SIDE_BLACK);
	ck_assert_int_eq(v.turns_without_move, 0);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_turn__inversion_exchanges_armies_and_decides_who_wins)
{
	CLAUSES("UNO-R2 UNO-4.7 UNO-5.7");
	cc_uno_game *g = GAME("", RED3, RED_INV, RED1, BLUE_SKIP, RED2);
	queen_to_h5(g);
	ck_assert_int_eq(draw(g), RED_INV); /* B, with Black, draws the Inversion */
	cc_uno_view v = view(g);
	ck_assert_int_eq(v.controller[CC_SIDE_WHITE], CC_UNO_PLAYER_B);
	ck_assert_int_eq(v.controller[CC_SIDE_BLACK], CC_UNO_PLAYER_A);
	ck_assert_int_eq(v.army, CC_SIDE_WHITE);
	ck_assert_int_eq(v.player, CC_UNO_PLAYER_B); /* he moves next, with White */
	ck_assert_int_eq(v.discard_top[CC_UNO_PLAYER_B], RED_INV);
	ck_assert(cc_uno_step_at(g, cc_uno_step_count(g) - 1)->inverted);
	draw(g);
	mv(g, "Qxf7");
	draw(g);
	draw(g); /* White, B's army now, can take the king: B wins */
	v = view(g);
	ck_assert(v.over);
	ck_assert_int_eq(v.winner, CC_UNO_PLAYER_B);
	ck_assert_int_eq(v.winning_army, CC_SIDE_WHITE);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_view__the_card_of_a_turn_without_a_move_stays_in_view)
{
	CLAUSES("UNO-R20 UNO-8.1");
	cc_uno_game *g = GAME("", RED0, BLUE_SKIP, RED_INV, RED1);
	cc_uno_view v = view(g);
	ck_assert_int_eq(v.last_card, CC_UNO_NO_CARD);
	ck_assert_int_eq(v.last_drawer, CC_UNO_NOBODY);
	/* a 0: no move, the turn ends at the draw; its card is the one in view */
	draw(g);
	v = view(g);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_DRAW);
	ck_assert_int_eq(v.card, CC_UNO_NO_CARD);
	ck_assert_int_eq(v.last_card, RED0);
	ck_assert_int_eq(v.last_drawer, CC_UNO_PLAYER_A);
	draw(g); /* Black's skip */
	v = view(g);
	ck_assert_int_eq(v.last_card, BLUE_SKIP);
	ck_assert_int_eq(v.last_drawer, CC_UNO_PLAYER_B);
	draw(g); /* White's Inversion: Alice drew it, then holds Black */
	v = view(g);
	ck_assert_int_eq(v.last_card, RED_INV);
	ck_assert_int_eq(v.last_drawer, CC_UNO_PLAYER_A);
	ck_assert_int_eq(v.controller[CC_SIDE_BLACK], CC_UNO_PLAYER_A);
	draw(g); /* a 1: the card in play is the turn's own */
	v = view(g);
	ck_assert_int_eq(v.card, RED1);
	ck_assert_int_eq(v.last_card, RED_INV);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_view__each_discard_in_full_oldest_first)
{
	CLAUSES("UNO-R21 UNO-3.1");
	cc_uno_game *g = GAME("", RED0, BLUE_SKIP, GREEN0, BLUE_SKIP_B, YELLOW0);
	for (int i = 0; i < 5; i++)
		draw(g);
	int ids[CC_UNO_DECK_SIZE];
	size_t n = cc_uno_discard(g, CC_UNO_PLAYER_A, ids, CC_UNO_DECK_SIZE);
	ck_assert_uint_eq(n, 3);
	ck_assert_int_eq(ids[0], RED0);
	ck_assert_int_eq(ids[1], GREEN0);
	ck_assert_int_eq(ids[2], YELLOW0);
	cc_uno_view v = view(g);
	ck_assert_uint_eq(v.discard_count[CC_UNO_PLAYER_A], n);
	ck_assert_int_eq(v.discard_top[CC_UNO_PLAYER_A], ids[n - 1]);
	n = cc_uno_discard(g, CC_UNO_PLAYER_B, ids, 1); /* a short buffer: the count, the first only */
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(ids[0], BLUE_SKIP);
	ck_assert_uint_eq(cc_uno_discard(g, CC_UNO_NOBODY, ids, CC_UNO_DECK_SIZE), 0);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_turn__mate_right_after_the_draw)
{
	CLAUSES("UNO-R6 UNO-5.5 UNO-5.1");
	cc_uno_game *g = GAME("", RED3, BLUE1, RED1, BLUE_SKIP, RED1B);
	queen_takes_f7(g);
	draw(g);
	ck_assert(!view(g).over); /* Black still drew: no classic mate */
	draw(g);
	cc_uno_view v = view(g);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_UNO_REASON_MATE);
	ck_assert_int_eq(v.winner, CC_UNO_PLAYER_A);
	/* the capture was not played */
	ck_assert_uint_ne(v.king_square[CC_SIDE_BLACK], CC_CHESS_NO_SQUARE);
	double score;
	ck_assert(cc_uno_score(&v, CC_UNO_PLAYER_A, &score) && score == 1.0);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_turn__the_series_guard_stops_or_wins)
{
	CLAUSES("UNO-6.1 UNO-R6");
	cc_uno_game *g = GAME("", RED3, BLUE1, RED3B);
	queen_takes_f7(g); /* not the last of three, and it attacks the king: the series stops */
	cc_uno_view v = view(g);
	ck_assert(!v.over);
	ck_assert_int_eq(v.army, CC_SIDE_BLACK);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_DRAW);
	ck_assert(cc_uno_step_at(g, cc_uno_step_count(g) - 1)->guard_stop);
	cc_uno_destroy(g);

	g = GAME("stopComboOnKingThreat=false", RED3, BLUE1, RED3B);
	queen_takes_f7(g); /* without the guard the threat wins at once */
	v = view(g);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_UNO_REASON_MATE);
	ck_assert_int_eq(v.winner, CC_UNO_PLAYER_A);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_turn__mate_judged_on_the_moves_the_card_grants)
{
	CLAUSES("UNO-R6 UNO-R4 UNO-R3 UNO-5.5");
	/* the knight on a1 reaches a8 only as a queen: a Joker's move could take the king */
	const char *fen = "fen=k7/8/8/8/8/8/8/N3K3_w_-_-_0_1";
	cc_uno_game *g = GAME(fen, JOKER);
	draw(g);
	cc_uno_view v = view(g);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_UNO_REASON_MATE);
	ck_assert_int_eq(v.winner, CC_UNO_PLAYER_A);
	cc_uno_destroy(g);
	/* a number card grants the knight its own moves only: no mate */
	g = GAME(fen, RED2);
	draw(g);
	v = view(g);
	ck_assert(!v.over);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_MOVES);
	cc_uno_destroy(g);
	/* a +2 grants placement then one normal move: no queen's reach, so no mate */
	g = GAME(fen, RED_PLUS2);
	draw(g);
	v = view(g);
	ck_assert(!v.over);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_PLACEMENT);
	cc_uno_destroy(g);
	/* a +2 whose one move could take the king wins at the draw, before any placement */
	g = GAME("fen=4k3/8/8/8/8/8/8/4RK2_w_-_-_0_1", RED_PLUS2);
	ck_assert_int_eq(view(g).recoverable[CC_SIDE_WHITE], 8);
	draw(g);
	v = view(g);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_UNO_REASON_MATE);
	ck_assert_int_eq(v.recoverable[CC_SIDE_WHITE], 8);
	ck_assert(cc_uno_step_at(g, cc_uno_step_count(g) - 1)->mate_possible);
	cc_uno_destroy(g);
	/* a +4 as well */
	g = GAME("fen=4k3/8/8/8/8/8/8/4RK2_w_-_-_0_1", PLUS4);
	draw(g);
	ck_assert_int_eq(view(g).reason, CC_UNO_REASON_MATE);
	cc_uno_destroy(g);
}
END_TEST

/* --- placement ---------------------------------------------------------------------- */

START_TEST(test_uno_placement__only_captured_pawns_on_the_start_rank)
{
	CLAUSES("UNO-4.5 UNO-4.6 UNO-R3 UNO-2.3");
	/* at the start nothing was captured: a +2 gives one move */
	cc_uno_game *g = GAME("", RED_PLUS2);
	draw(g);
	cc_uno_view v = view(g);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_MOVES);
	ck_assert_int_eq(v.moves_left, 1);
	cc_uno_destroy(g);
	/* one white pawn missing (e2): a +4 places one, never more */
	g = GAME("fen=4k3/pppppppp/8/8/8/8/PPPP1PPP/4K3_w_-_-_0_1", PLUS4);
	ck_assert_int_eq(view(g).recoverable[CC_SIDE_WHITE], 1);
	draw(g);
	v = view(g);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_PLACEMENT);
	ck_assert_int_eq(v.placements_left, 1);
	ck_assert_uint_eq(cc_uno_placement_squares(g), 1ULL << sq("e2"));
	ck_assert(try_ev(g, cc_uno_ev_place(tick(), sq("e3"))) == CC_ERR_INVALID);
	ck_assert(try_ev(g, cc_uno_ev_move(tick(), "e4")) == CC_ERR_PHASE);
	place(g, "e2");
	v = view(g);
	ck_assert_int_eq(v.recoverable[CC_SIDE_WHITE], 0);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_MOVES);
	mv(g, "e4"); /* the recovered pawn double-steps */
	ck_assert_int_eq(view(g).turns_without_move, 0);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_placement__rank_three_when_rank_two_is_full)
{
	CLAUSES("UNO-4.5 UNO-4.6 UNO-R3");
	const char *fen = "fen=4k3/8/8/8/8/8/PPPPPNBR/4K3_w_-_-_0_1"; /* 3 pawns captured, rank 2 full */
	cc_uno_game *g = GAME(fen, RED_PLUS2);
	draw(g);
	ck_assert_int_eq(view(g).placements_left, 2);
	ck_assert_uint_eq(cc_uno_placement_squares(g), 0xFFULL << 16);
	place(g, "e3");
	place(g, "a3");
	cc_uno_view v = view(g);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_MOVES);
	ck_assert_int_eq(v.recoverable[CC_SIDE_WHITE], 1);
	ck_assert_str_eq(v.fen, "4k3/8/8/8/8/P3P3/PPPPPNBR/4K3 w - - 0 1");
	cc_uno_destroy(g);
	/* without the option: nothing to place, one move */
	char line[128];
	snprintf(line, sizeof line, "placeOnNextRank=false %s", fen);
	g = game_of(line, (const int[]){RED_PLUS2}, 1);
	draw(g);
	v = view(g);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_MOVES);
	ck_assert_int_eq(v.placements_left, 0);
	cc_uno_destroy(g);
	/* the player may stop placing early */
	g = GAME("fen=4k3/8/8/8/8/8/8/4K3_w_-_-_0_1", PLUS4);
	draw(g);
	place(g, "d2");
	ok(g, cc_uno_ev_end(tick()));
	v = view(g);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_MOVES);
	ck_assert_int_eq(v.recoverable[CC_SIDE_WHITE], 7);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_placement__black_places_on_rank_seven_then_six)
{
	CLAUSES("UNO-4.5 UNO-R3");
	/* Black's e-pawn was taken: a +2 places it back on e7, the only free square of rank 7 */
	cc_uno_game *g = GAME("fen=4k3/pppp1ppp/8/8/8/8/PPPPPPPP/4K3_b_-_-_0_1", RED_PLUS2);
	ck_assert_int_eq(view(g).recoverable[CC_SIDE_BLACK], 1);
	ck_assert_int_eq(view(g).recoverable[CC_SIDE_WHITE], 0);
	draw(g);
	ck_assert_int_eq(view(g).phase, CC_UNO_PHASE_PLACEMENT);
	ck_assert_uint_eq(cc_uno_placement_squares(g), 1ULL << sq("e7"));
	ck_assert(try_ev(g, cc_uno_ev_place(tick(), sq("e2"))) == CC_ERR_INVALID);
	place(g, "e7");
	mv(g, "e5"); /* the recovered pawn double-steps */
	ck_assert_str_eq(view(g).fen, "4k3/pppp1ppp/8/4p3/8/8/PPPPPPPP/4K3 w - e6 0 1");
	cc_uno_destroy(g);
	/* rank 7 full, two pawns captured: rank 6 */
	g = GAME("fen=4k3/ppppppnb/8/8/8/8/8/4K3_b_-_-_0_1", PLUS4);
	draw(g);
	ck_assert_int_eq(view(g).placements_left, 2);
	ck_assert_uint_eq(cc_uno_placement_squares(g), 0xFFULL << 40);
	place(g, "h6");
	place(g, "a6");
	cc_uno_view v = view(g);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_MOVES);
	ck_assert_int_eq(v.recoverable[CC_SIDE_BLACK], 0);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_placement__a_placement_is_not_a_move)
{
	CLAUSES("UNO-R5 UNO-7.3 UNO-5.9 UNO-2.5");
	/* the prudent king cannot move; the pawn placed on a2 is blocked: the turn counts as one without a move */
	cc_uno_game *g = GAME("kingAvoidsAttackedSquares=true fen=8/8/8/8/8/b7/2q5/K6k_w_-_-_0_1", RED_PLUS2);
	draw(g);
	ck_assert_int_eq(view(g).phase, CC_UNO_PHASE_PLACEMENT);
	place(g, "a2");
	ok(g, cc_uno_ev_end(tick()));
	cc_uno_view v = view(g);
	ck_assert_int_eq(v.army, CC_SIDE_BLACK);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_DRAW);
	ck_assert_int_eq(v.turns_without_move, 1);
	cc_uno_destroy(g);
	/* the first move after a placement may still take en passant */
	g = GAME("fen=4k3/3p4/8/4P3/8/8/8/4K3_b_-_-_0_1", BLUE1, RED_PLUS2);
	draw(g);
	mv(g, "d5");
	draw(g);
	place(g, "a2");
	ok(g, cc_uno_ev_end(tick()));
	mv(g, "exd6");
	ck_assert_str_eq(view(g).fen, "4k3/8/3P4/8/8/8/P7/4K3 b - - 0 2");
	cc_uno_destroy(g);
}
END_TEST

/* --- chess rules of the game ------------------------------------------------------------ */

START_TEST(test_uno_chess__castling_from_through_and_into_attack)
{
	CLAUSES("UNO-5.8 UNO-5.6");
	cc_uno_game *g = GAME("fen=k4r2/8/8/8/8/8/8/4K2R_w_K_-_0_1", RED1); /* f1 attacked */
	draw(g);
	mv(g, "O-O");
	ck_assert_str_eq(view(g).fen, "k4r2/8/8/8/8/8/8/5RK1 b - - 0 1");
	cc_uno_destroy(g);
	g = GAME("fen=4r2k/8/8/8/8/8/8/R3K3_w_Q_-_0_1", RED1); /* from check */
	draw(g);
	ck_assert(can_play(g, "O-O-O"));
	cc_uno_destroy(g);
	g = GAME("fen=k5r1/8/8/8/8/8/8/4K2R_w_K_-_0_1", RED1); /* into attack */
	draw(g);
	ck_assert(can_play(g, "O-O"));
	ck_assert(can_play(g, "e1g1"));
	cc_uno_destroy(g);
	/* the prudent king castles through attack, not into it */
	g = GAME("kingAvoidsAttackedSquares=true fen=k5r1/8/8/8/8/8/8/4K2R_w_K_-_0_1", RED1);
	draw(g);
	ck_assert(!can_play(g, "O-O"));
	cc_uno_destroy(g);
	g = GAME("kingAvoidsAttackedSquares=true fen=k4r2/8/8/8/8/8/8/4K2R_w_K_-_0_1", RED1);
	draw(g);
	ck_assert(can_play(g, "O-O"));
	ck_assert(!can_play(g, "Kf2"));
	cc_uno_destroy(g);
	/* a moved king castles no more */
	g = GAME("fen=k7/8/8/8/8/8/8/4K2R_w_K_-_0_1", RED2, BLUE1, RED1);
	draw(g);
	mv(g, "Kf1");
	mv(g, "Ke1");
	draw(g);
	mv(g, "Kb8");
	draw(g);
	ck_assert(!can_play(g, "O-O"));
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_chess__en_passant_only_on_the_next_move_of_the_other_army)
{
	CLAUSES("UNO-5.9 UNO-4.7");
	/* taken at once */
	cc_uno_game *g = GAME("", RED2, BLUE1, RED1);
	draw(g);
	mv(g, "e4");
	mv(g, "e5");
	draw(g);
	mv(g, "d5");
	draw(g);
	mv(g, "exd6");
	ck_assert_int_eq(view(g).recoverable[CC_SIDE_BLACK], 1);
	cc_uno_destroy(g);
	/* not after another move of the same series */
	g = GAME("", RED2, BLUE1, RED2B);
	draw(g);
	mv(g, "e4");
	mv(g, "e5");
	draw(g);
	mv(g, "d5");
	draw(g);
	mv(g, "a3");
	ck_assert(!can_play(g, "exd6"));
	cc_uno_destroy(g);
	/* not after a turn passed without a move, nor across an Inversion */
	g = GAME("", RED2, BLUE1, RED0, BLUE1B, RED1);
	draw(g);
	mv(g, "e4");
	mv(g, "e5");
	draw(g);
	mv(g, "d5");
	draw(g);
	draw(g);
	mv(g, "h6");
	draw(g);
	ck_assert(!can_play(g, "exd6"));
	cc_uno_destroy(g);
	g = GAME("", RED2, BLUE1, RED_INV, BLUE1B);
	draw(g);
	mv(g, "e4");
	mv(g, "e5");
	draw(g);
	mv(g, "d5");
	ck_assert_ptr_nonnull(strstr(view(g).fen, " w KQkq d6 "));
	draw(g); /* White draws an Inversion: no move, the chance is gone */
	ck_assert_ptr_nonnull(strstr(view(g).fen, " b KQkq - "));
	cc_uno_destroy(g);
	/* the double step as the series' last move keeps the chance, even after an end */
	g = GAME("", RED2, BLUE2, RED1);
	draw(g);
	mv(g, "e4");
	mv(g, "e5");
	draw(g);
	mv(g, "d5");
	ok(g, cc_uno_ev_end(tick()));
	ck_assert_ptr_nonnull(strstr(view(g).fen, " w KQkq d6 "));
	draw(g);
	ck_assert(can_play(g, "exd6"));
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_chess__promotion_and_the_king_taken_on_the_last_rank)
{
	CLAUSES("UNO-5.4 UNO-5.7");
	cc_uno_game *g = GAME("fen=7k/4P3/8/8/8/8/8/K7_w_-_-_0_1", RED1);
	draw(g);
	ck_assert(!can_play(g, "e8"));
	cc_error err = {0};
	cc_uno_event e8 = cc_uno_ev_move(tick(), "e8");
	ck_assert(cc_uno_apply(g, &e8, &err) == CC_ERR_ILLEGAL_MOVE);
	ck_assert_int_eq(err.msg, CC_MSG_PROMOTION_PIECE_MISSING);
	ck_assert_str_eq(err.args[0].text, "e8");
	mv(g, "e8=N");
	ck_assert_str_eq(view(g).fen, "4N2k/8/8/8/8/8/8/K7 b - - 0 1");
	cc_uno_destroy(g);
	/* a pawn taking a king on the last rank is one plain move */
	cc_chess_position pos;
	cc_chess_move_list list;
	ck_assert(cc_chess_position_from_fen_free(&pos, "3k4/4P3/8/8/8/8/8/K7 w - - 0 1", NULL) == CC_OK);
	cc_chess_pseudo_moves(&pos, &list);
	size_t to_d8 = 0, to_e8 = 0;
	for (size_t i = 0; i < list.count; i++) {
		to_d8 += cc_chess_move_to(list.moves[i]) == sq("d8");
		to_e8 += cc_chess_move_to(list.moves[i]) == sq("e8");
	}
	ck_assert_uint_eq(to_d8, 1);
	ck_assert_uint_eq(to_e8, 4);
	cc_chess_move m;
	ck_assert(cc_chess_parse_move_among(&pos, "exd8", &list, &m, NULL) == CC_OK);
	ck_assert_int_eq(cc_chess_move_promotion(m), CC_CHESS_NO_PIECE);
}
END_TEST

START_TEST(test_uno_chess__no_automatic_classic_draw)
{
	CLAUSES("UNO-7.1");
	/* two bare kings, the same position again and again: the game goes on */
	cc_uno_game *g = GAME("drawAfterTurnsWithoutMove=0 fen=k7/8/8/8/8/8/8/7K_w_-_-_0_1", RED2, BLUE2, RED2B,
	                      28 + 1);
	draw(g);
	mv(g, "Kg1");
	mv(g, "Kh1");
	draw(g);
	mv(g, "Kb8");
	mv(g, "Ka8");
	draw(g);
	mv(g, "Kg1");
	mv(g, "Kh1");
	draw(g);
	mv(g, "Kb8");
	mv(g, "Ka8");
	ck_assert(!view(g).over);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_joker__the_king_moves_as_a_queen)
{
	CLAUSES("UNO-R4 UNO-R10 UNO-5.6");
	cc_uno_game *g = GAME("fen=k7/8/8/8/8/8/8/4K3_w_-_-_0_1", JOKER);
	draw(g);
	cc_uno_view v = view(g);
	ck_assert_int_eq(v.moves_left, 1);
	ck_assert(!v.over);
	cc_chess_move_list list;
	cc_uno_legal_moves(g, &list);
	char san[CC_CHESS_SAN_MAX];
	cc_chess_move far = (cc_chess_move)(sq("e1") | (sq("e5") << 6));
	cc_uno_move_to_san(g, far, san, sizeof san);
	ck_assert_str_eq(san, "Ke1e5");
	mv(g, "Ke5");
	const cc_uno_step *step = cc_uno_step_at(g, cc_uno_step_count(g) - 1);
	ck_assert(step->joker_move);
	ck_assert_str_eq(step->san, "Ke1e5");
	ck_assert_str_eq(step->uci, "e1e5");
	v = view(g);
	ck_assert_int_eq(v.army, CC_SIDE_BLACK);
	ck_assert_uint_eq(v.king_square[CC_SIDE_WHITE], sq("e5"));
	cc_uno_destroy(g);
	/* the prudent king: no queen move onto an attacked square */
	g = GAME("kingAvoidsAttackedSquares=true fen=k7/8/8/r7/8/8/8/4K3_w_-_-_0_1", JOKER);
	draw(g);
	ck_assert(!can_play(g, "Ke5"));
	ck_assert(can_play(g, "Ke4"));
	cc_uno_destroy(g);
	/* a knight's queen move is written with its origin and read back */
	g = GAME("fen=k7/8/8/8/8/8/8/1N2K3_w_-_-_0_1", JOKER);
	draw(g);
	mv(g, "Nb1b5");
	ck_assert_str_eq(view(g).fen, "k7/8/8/1N6/8/8/8/4K3 b - - 0 1");
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_joker__a_pawn_as_a_queen_promotes_and_never_goes_back_to_rank_one)
{
	CLAUSES("UNO-R4 UNO-R8");
	cc_uno_game *g = GAME("fen=k7/8/8/8/8/8/3P4/4K3_w_-_-_0_1", JOKER);
	draw(g);
	cc_chess_move_list list;
	cc_uno_legal_moves(g, &list);
	for (size_t i = 0; i < list.count; i++)
		if (cc_chess_move_from(list.moves[i]) == sq("d2"))
			ck_assert_uint_ne(cc_chess_move_to(list.moves[i]) / 8, 0);
	ck_assert(can_play(g, "Pd2h6"));
	mv(g, "d8=Q");
	const cc_uno_step *step = cc_uno_step_at(g, cc_uno_step_count(g) - 1);
	ck_assert(step->joker_move);
	ck_assert_str_eq(view(g).fen, "k2Q4/8/8/8/8/8/8/4K3 b - - 0 1");
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_joker__a_step_and_an_en_passant_capture_to_one_square)
{
	CLAUSES("UNO-R10 UNO-R4 UNO-5.9");
	/* e5 may take d6 en passant or step there as a queen: the x tells them apart */
	cc_uno_game *g = GAME("fen=k7/8/8/3pP3/8/8/8/4K3_w_-_d6_0_1", JOKER);
	draw(g);
	ck_assert(!view(g).over);
	cc_chess_move_list list;
	cc_uno_legal_moves(g, &list);
	size_t to_d6 = 0;
	for (size_t i = 0; i < list.count; i++)
		to_d6 += cc_chess_move_from(list.moves[i]) == sq("e5") && cc_chess_move_to(list.moves[i]) == sq("d6");
	ck_assert_uint_eq(to_d6, 2);
	cc_uno_view after;
	cc_uno_event ep = cc_uno_ev_move(tick(), "exd6");
	ck_assert(cc_uno_check(g, &ep, &after, NULL) == CC_OK);
	ck_assert_str_eq(after.fen, "k7/8/3P4/8/8/8/8/4K3 b - - 0 1");
	mv(g, "Pe5d6"); /* the step: the d5 pawn stays */
	ck_assert_str_eq(view(g).fen, "k7/8/3P4/3p4/8/8/8/4K3 b - - 0 1");
	ck_assert(cc_uno_step_at(g, cc_uno_step_count(g) - 1)->joker_move);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_joker__the_king_two_squares_is_not_a_castling)
{
	CLAUSES("UNO-R10 UNO-R4 UNO-5.8");
	cc_uno_game *g = GAME("fen=1k6/8/8/8/8/8/8/4K2R_w_K_-_0_1", JOKER);
	draw(g);
	cc_uno_view after;
	cc_uno_event ev = cc_uno_ev_move(tick(), "O-O");
	ck_assert(cc_uno_check(g, &ev, &after, NULL) == CC_OK);
	ck_assert_str_eq(after.fen, "1k6/8/8/8/8/8/8/5RK1 b - - 0 1");
	ev = cc_uno_ev_move(tick(), "e1g1");
	ck_assert(cc_uno_check(g, &ev, &after, NULL) == CC_OK);
	ck_assert_str_eq(after.fen, "1k6/8/8/8/8/8/8/5RK1 b - - 0 1");
	mv(g, "Kg1");
	ck_assert_str_eq(view(g).fen, "1k6/8/8/8/8/8/8/6KR b - - 0 1");
	cc_uno_destroy(g);
	/* in standard chess Kg1 still names the castling when nothing else goes there */
	cc_chess_position pos;
	cc_chess_move m;
	ck_assert(cc_chess_position_from_fen(&pos, "k7/8/8/8/8/8/8/4K2R w K - 0 1", NULL) == CC_OK);
	ck_assert(cc_chess_parse_move(&pos, "Kg1", CC_CHESS_PARSE_LENIENT, &m, NULL) == CC_OK);
	ck_assert_int_eq(cc_chess_move_kind_of(m), CC_CHESS_MOVE_CASTLE);
}
END_TEST

/* --- draws, results, undo ------------------------------------------------------------- */

START_TEST(test_uno_result__ten_turns_without_a_move_draw)
{
	CLAUSES("UNO-7.3 UNO-R5");
	cc_uno_game *g = GAME("", RED0, BLUE0, RED_SKIP, BLUE_SKIP, RED_SKIP_B, BLUE_SKIP_B, GREEN_SKIP, GREEN0,
	                      GREEN_SKIP_B, RED1, YELLOW0);
	for (int i = 0; i < 9; i++)
		draw(g);
	ck_assert_int_eq(view(g).turns_without_move, 9);
	draw(g);
	mv(g, "e5"); /* Black's tenth turn: a piece moved, back to 0 */
	ck_assert_int_eq(view(g).turns_without_move, 0);
	ck_assert(!view(g).over);
	cc_uno_destroy(g);
	g = GAME("", RED0, BLUE0, RED_SKIP, BLUE_SKIP, RED_SKIP_B, BLUE_SKIP_B, GREEN_SKIP, GREEN0, GREEN_SKIP_B,
	         YELLOW0);
	for (int i = 0; i < 10; i++) {
		ck_assert(!view(g).over);
		draw(g);
	}
	cc_uno_view v = view(g);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_UNO_REASON_NO_MOVE_DRAW);
	ck_assert_int_eq(v.winner, CC_UNO_NOBODY);
	double score;
	ck_assert(cc_uno_score(&v, CC_UNO_PLAYER_B, &score) && score == 0.5);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_result__resignation_agreement_and_the_arbiter)
{
	CLAUSES("UNO-7.2");
	cc_uno_game *g = GAME("", RED3);
	draw(g);
	ck_assert(try_ev(g, cc_uno_ev_resign(tick(), CC_UNO_NOBODY)) == CC_ERR_INVALID);
	ok(g, cc_uno_ev_resign(tick(), CC_UNO_PLAYER_A));
	cc_uno_view v = view(g);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_UNO_REASON_RESIGNATION);
	ck_assert_int_eq(v.winner, CC_UNO_PLAYER_B);
	cc_uno_destroy(g);
	g = GAME("", RED3);
	ok(g, cc_uno_ev_agree(tick()));
	ck_assert_int_eq(view(g).reason, CC_UNO_REASON_AGREEMENT);
	ck_assert_int_eq(view(g).winner, CC_UNO_NOBODY);
	cc_uno_destroy(g);
	g = GAME("", RED3);
	ok(g, cc_uno_ev_arbiter(tick(), CC_UNO_PLAYER_A, "B left the room"));
	v = view(g);
	ck_assert_int_eq(v.reason, CC_UNO_REASON_ARBITER);
	ck_assert_str_eq(v.reason_text, "B left the room");
	ck_assert(try_ev(g, cc_uno_ev_agree(tick())) == CC_ERR_OVER);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_result__a_finished_game_feeds_the_club_ratings)
{
	CLAUSES("UNO-R7");
	cc_uno_game *g = GAME("", RED3);
	cc_uno_view v = view(g);
	double a, b;
	ck_assert(!cc_uno_score(&v, CC_UNO_PLAYER_A, &a)); /* not finished: nothing counts */
	ok(g, cc_uno_ev_resign(tick(), CC_UNO_PLAYER_B));
	v = view(g);
	ck_assert(cc_uno_score(&v, CC_UNO_PLAYER_A, &a) && cc_uno_score(&v, CC_UNO_PLAYER_B, &b));
	ck_assert(a == 1.0 && b == 0.0);
	cc_club_rating r[2];
	cc_club_ratings_init(r, 2);
	cc_club_game game = {0, 1, a};
	cc_club_rate(r, &game, NULL);
	ck_assert_int_eq(cc_club_shown(r[0].rating), 1020);
	ck_assert_int_eq(cc_club_shown(r[1].rating), 980);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_undo__a_draw_goes_back_on_top_of_the_pile)
{
	CLAUSES("UNO-R9");
	cc_uno_game *g = GAME("", RED3, BLUE1);
	ck_assert(try_ev(g, cc_uno_ev_undo(tick())) == CC_ERR_NOTHING_TO_UNDO);
	draw(g);
	mv(g, "e4");
	ok(g, cc_uno_ev_undo(tick())); /* the move */
	ck_assert_int_eq(view(g).moves_left, 3);
	ok(g, cc_uno_ev_undo(tick())); /* the draw */
	cc_uno_view v = view(g);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_DRAW);
	ck_assert_uint_eq(v.pile_count, 76);
	ck_assert_int_eq(v.card, CC_UNO_NO_CARD);
	ck_assert_int_eq(draw(g), RED3); /* the same card again */
	ck_assert_uint_eq(cc_uno_event_count(g), 5);
	ck_assert_uint_eq(cc_uno_step_count(g), 1);
	/* undo also takes back an end of the game */
	ok(g, cc_uno_ev_agree(tick()));
	ok(g, cc_uno_ev_undo(tick()));
	ck_assert(!view(g).over);
	ck_assert(try_ev(g, cc_uno_ev_undo(0)) == CC_ERR_TIME_BACKWARDS);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_check__weighs_an_event_without_changing_the_game)
{
	CLAUSES("UNO-2.2 UNO-R9");
	cc_uno_game *g = GAME("", RED3);
	cc_uno_event ev;
	ck_assert(cc_uno_draw_event(g, tick(), &ev));
	cc_uno_view after;
	ck_assert(cc_uno_check(g, &ev, &after, NULL) == CC_OK);
	ck_assert_int_eq(after.card, RED3);
	ck_assert_int_eq(view(g).phase, CC_UNO_PHASE_DRAW);
	ok(g, ev);
	cc_uno_event undo = cc_uno_ev_undo(tick());
	ck_assert(cc_uno_check(g, &undo, &after, NULL) == CC_OK);
	ck_assert_int_eq(after.phase, CC_UNO_PHASE_DRAW);
	ck_assert_int_eq(view(g).phase, CC_UNO_PHASE_MOVES);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_check__hostile_events_are_refused_and_change_nothing)
{
	CLAUSES("UNO-2.2 UNO-4.5");
	cc_uno_game *g = GAME("fen=4k3/pppppppp/8/8/8/8/PPPP1PPP/4K3_w_-_-_0_1", PLUS4);
	cc_uno_view before, after;
	cc_uno_event bad[8];
	size_t n = 0;
	bad[n] = cc_uno_ev_draw(tick(), 500);
	n++;
	bad[n] = cc_uno_ev_draw(tick(), CC_UNO_NO_CARD);
	n++;
	bad[n] = cc_uno_ev_draw(-1, PLUS4);
	n++;
	bad[n] = cc_uno_ev_draw(tick(), PLUS4);
	bad[n].kind = (cc_uno_event_kind)99;
	n++;
	bad[n] = cc_uno_ev_arbiter(tick(), (cc_uno_player)7, "x");
	n++;
	bad[n] = cc_uno_ev_arbiter(tick(), CC_UNO_PLAYER_A, "two\nlines");
	n++;
	for (size_t i = 0; i < n; i++) {
		before = view(g);
		ck_assert_int_ne(cc_uno_apply(g, &bad[i], NULL), CC_OK);
		after = view(g);
		ck_assert(memcmp(&before, &after, sizeof before) == 0);
	}
	draw(g);
	cc_uno_event off_board = cc_uno_ev_place(tick(), 200);
	ck_assert(cc_uno_apply(g, &off_board, NULL) == CC_ERR_INVALID);
	place(g, "e2");
	cc_uno_event move = cc_uno_ev_move(tick(), "e4");
	memset(move.text, 'e', sizeof move.text); /* no NUL */
	before = view(g);
	ck_assert(cc_uno_apply(g, &move, NULL) == CC_ERR_INVALID);
	ck_assert(try_ev(g, cc_uno_ev_move(tick(), "Ke1e8")) == CC_ERR_ILLEGAL_MOVE); /* no Joker */
	ck_assert(try_ev(g, cc_uno_ev_move(tick(), "zz9")) == CC_ERR_INVALID);
	after = view(g);
	ck_assert(memcmp(&before, &after, sizeof before) == 0);
	ck_assert_uint_eq(cc_uno_event_count(g), 2);
	cc_uno_destroy(g);
}
END_TEST

/* --- whole games ----------------------------------------------------------------------- */

START_TEST(test_uno_game__a_scripted_game_to_mate_after_a_placement)
{
	CLAUSES("UNO-R6 UNO-4.4 UNO-5.1 UNO-5.5 UNO-5.7 UNO-2.3 UNO-2.4 UNO-4.5");
	cc_uno_game *g = GAME("", RED3, RED5, RED0, RED4, RED_PLUS2);
	draw(g); /* A, White, 3 moves */
	mv(g, "c4");
	mv(g, "e4");
	mv(g, "Ne2");
	draw(g); /* B, Black, 5 moves: two white pawns taken, the king sets out */
	mv(g, "d5");
	mv(g, "dxc4");
	mv(g, "Qd4");
	mv(g, "Qxe4");
	mv(g, "Kd7");
	ck_assert_int_eq(view(g).recoverable[CC_SIDE_WHITE], 2);
	draw(g); /* White's 0 */
	draw(g); /* Black's 4: the king walks to d3 */
	mv(g, "Kd6");
	mv(g, "Kd5");
	mv(g, "Kd4");
	mv(g, "Kd3");
	ck_assert(!view(g).king_attacked[CC_SIDE_BLACK]);
	draw(g); /* White's +2: no move takes the king yet */
	cc_uno_view v = view(g);
	ck_assert(!v.over);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_PLACEMENT);
	ck_assert_uint_eq(cc_uno_placement_squares(g), 1ULL << sq("c2"));
	/* The pawn placed on c2 attacks d3: White still has the hand (the
	 * seed's « au moment où tu as la main »), so the game ends at once,
	 * by mate, the second pawn unplaced and the king not taken (UNO-R6
	 * as issue 22 revised it; before, White could play a3 instead). */
	place(g, "c2");
	v = view(g);
	ck_assert(v.over);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_OVER);
	ck_assert_int_eq(v.reason, CC_UNO_REASON_MATE);
	ck_assert_int_eq(v.winner, CC_UNO_PLAYER_A);
	ck_assert_int_eq(v.winning_army, CC_SIDE_WHITE);
	ck_assert_uint_eq(v.king_square[CC_SIDE_BLACK], sq("d3"));
	ck_assert_int_eq(v.recoverable[CC_SIDE_WHITE], 1);
	const cc_uno_step *step = cc_uno_step_at(g, cc_uno_step_count(g) - 1);
	ck_assert(step->mate_possible);
	ck_assert(step->game_over);
	ck_assert(try_ev(g, cc_uno_ev_end(tick())) == CC_ERR_OVER);
	ck_assert(try_ev(g, cc_uno_ev_move(tick(), "cxd3")) == CC_ERR_OVER);
	ck_assert(try_ev(g, cc_uno_ev_move(tick(), "a3")) == CC_ERR_OVER);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_placement__a_placed_pawn_that_attacks_nothing_plays_on)
{
	CLAUSES("UNO-R6 UNO-R3");
	/* The same +2 with the black king on e5: c2 attacks neither d3 nor
	 * the king, the phase goes on to the second pawn, then one move. */
	cc_uno_game *g = GAME("fen=8/8/8/4k3/8/8/PP1P1PPP/4K3_w_-_-_0_1", RED_PLUS2);
	draw(g);
	ck_assert_int_eq(view(g).phase, CC_UNO_PHASE_PLACEMENT);
	place(g, "c2");
	cc_uno_view v = view(g);
	ck_assert(!v.over);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_PLACEMENT);
	place(g, "e2");
	v = view(g);
	ck_assert(!v.over);
	ck_assert_int_eq(v.phase, CC_UNO_PHASE_MOVES);
	mv(g, "e4"); /* the one move: the turn passes */
	v = view(g);
	ck_assert(!v.over);
	ck_assert_int_eq(v.army, CC_SIDE_BLACK);
	cc_uno_destroy(g);
}
END_TEST

/* A small generator for the random game (the test's own, not the core's). */
static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* A move that leaves neither king attacked, if one exists (so the game lasts). */
static bool quiet(const cc_uno_game *g, cc_chess_move m)
{
	cc_chess_position p = *cc_uno_position(g);
	cc_side us = p.to_move;
	cc_chess_undo undo;
	cc_chess_make(&p, m, &undo);
	for (int a = 0; a < 2; a++) {
		unsigned k = cc_chess_king_square(&p, (cc_side)a);
		if (k == CC_CHESS_NO_SQUARE || cc_chess_square_attacked(&p, k, cc_side_other((cc_side)a), 0))
			return false;
	}
	(void)us;
	return true;
}

/* One random event for the game now; false when the game is over. */
static bool random_event(cc_uno_game *g, uint64_t *rng, int64_t t, cc_uno_event *out)
{
	cc_uno_view v = view(g);
	if (v.over)
		return false;
	if (cc_uno_draw_event(g, t, out))
		return true;
	if (v.phase == CC_UNO_PHASE_PLACEMENT) {
		uint64_t squares = cc_uno_placement_squares(g), calm = 0;
		cc_side us = v.army;
		unsigned k = v.king_square[cc_side_other(us)];
		/* keep the pawns that would not attack the other king */
		for (uint64_t b = squares; b; b &= b - 1) {
			unsigned s = (unsigned)__builtin_ctzll(b);
			int up = us == CC_SIDE_WHITE ? 8 : -8;
			bool hits = (s % 8 > 0 && (int)s + up - 1 == (int)k) || (s % 8 < 7 && (int)s + up + 1 == (int)k);
			if (!hits)
				calm |= 1ULL << s;
		}
		squares = calm;
		if (!squares || rng_next(rng) % 2) {
			*out = cc_uno_ev_end(t);
			return true;
		}
		unsigned pick = (unsigned)(rng_next(rng) % (uint64_t)__builtin_popcountll(squares));
		while (pick--)
			squares &= squares - 1;
		*out = cc_uno_ev_place(t, (unsigned)__builtin_ctzll(squares));
		return true;
	}
	cc_chess_move_list list, calm = {.count = 0};
	cc_uno_legal_moves(g, &list);
	for (size_t i = 0; i < list.count; i++)
		if (quiet(g, list.moves[i]))
			calm.moves[calm.count++] = list.moves[i];
	if (v.may_end && (calm.count == 0 || rng_next(rng) % 3 == 0)) {
		*out = cc_uno_ev_end(t);
		return true;
	}
	const cc_chess_move_list *from = calm.count ? &calm : &list;
	cc_chess_move m = from->moves[rng_next(rng) % from->count];
	char san[CC_CHESS_SAN_MAX];
	cc_uno_move_to_san(g, m, san, sizeof san);
	*out = cc_uno_ev_move(t, san);
	return true;
}

START_TEST(test_uno_game__a_random_game_of_200_turns_replays_to_the_same_state)
{
	CLAUSES("UNO-7.4 UNO-3.3 UNO-3.2 UNO-R10");
	cc_uno_settings s;
	cc_uno_deal deal;
	uint8_t key[CC_UNO_KEY_SIZE];
	cc_uno_settings_default(&s);
	/* no Jokers: a queen's reach from anywhere would end a random game within a few dozen turns */
	s.draw_after_turns_without_move = 0;
	s.include_jokers = false;
	cc_uno_key_from_seed(2026, key);
	cc_uno_deal_shuffle(&s, key, &deal);
	cc_uno_game *g, *replay;
	ck_assert(cc_uno_create(&g, &s, &deal, NULL) == CC_OK);
	uint64_t rng = 0x9E3779B97F4A7C15ULL;
	int64_t t = 0;
	cc_uno_event ev;
	unsigned undos = 0;
	while (view(g).turn <= 200 && random_event(g, &rng, t += 500, &ev)) {
		cc_uno_view v = view(g);
		/* every card is in the pile, a discard or play: the pile and discards are never both empty */
		if (v.phase == CC_UNO_PHASE_DRAW)
			ck_assert_uint_eq(v.pile_count + v.discard_count[0] + v.discard_count[1], 72);
		cc_error err = {0};
		ck_assert_msg(cc_uno_apply(g, &ev, &err) == CC_OK, "%s %s: %s", cc_uno_event_kind_name(ev.kind), ev.text,
		              err.message);
		/* now and then the arbiter takes an event back: it comes again the same way */
		if (rng_next(&rng) % 17 == 0) {
			ok(g, cc_uno_ev_undo(t += 500));
			undos++;
		}
	}
	cc_uno_view end = view(g);
	if (getenv("UNO_DEBUG"))
		for (size_t i = cc_uno_step_count(g) > 12 ? cc_uno_step_count(g) - 12 : 0; i < cc_uno_step_count(g); i++) {
			const cc_uno_step *st = cc_uno_step_at(g, i);
			printf("%u %s card %d %s %s\n", st->turn, cc_uno_event_kind_name(st->event.kind), st->card, st->san,
			       st->fen_after);
		}
	ck_assert_msg(end.turn > 200, "the game stopped at turn %u (%s)", end.turn, cc_uno_reason_name(end.reason));
	ck_assert_uint_gt(end.reshuffles, 0);
	ck_assert_uint_gt(undos, 0);
	ck_assert(cc_uno_create(&replay, &s, &deal, NULL) == CC_OK);
	for (size_t i = 0; i < cc_uno_event_count(g); i++) {
		ck_assert(cc_uno_event_at(g, i, &ev));
		ck_assert(cc_uno_apply(replay, &ev, NULL) == CC_OK);
	}
	cc_uno_view again = view(replay);
	ck_assert(memcmp(&end, &again, sizeof end) == 0);
	ck_assert_str_eq(end.fen, again.fen);
	ck_assert_uint_eq(cc_uno_step_count(g), cc_uno_step_count(replay));
	for (size_t i = 0; i < cc_uno_step_count(g); i++)
		ck_assert(memcmp(cc_uno_step_at(g, i), cc_uno_step_at(replay, i), sizeof(cc_uno_step)) == 0);
	/* and a draw naming another card than the recorded one is refused */
	cc_uno_destroy(replay);
	ck_assert(cc_uno_create(&replay, &s, &deal, NULL) == CC_OK);
	ck_assert(cc_uno_event_at(g, 0, &ev));
	ev.card = ev.card == deal.order[1] ? deal.order[2] : deal.order[1];
	ck_assert(cc_uno_apply(replay, &ev, NULL) == CC_ERR_INVALID);
	cc_uno_destroy(replay);
	cc_uno_destroy(g);
}
END_TEST

START_TEST(test_uno_game__every_listed_move_reads_back_from_its_text)
{
	CLAUSES("UNO-R10 UNO-R4");
	/* random games with Jokers: each move listed is written, read back, and is the same move */
	size_t checked = 0, joker_moves = 0;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		cc_uno_settings s;
		cc_uno_deal deal;
		uint8_t key[CC_UNO_KEY_SIZE];
		cc_uno_game *g;
		cc_uno_settings_default(&s);
		cc_uno_key_from_seed(seed, key);
		cc_uno_deal_shuffle(&s, key, &deal);
		ck_assert(cc_uno_create(&g, &s, &deal, NULL) == CC_OK);
		uint64_t rng = seed * 0x2545F4914F6CDD1DULL;
		int64_t t = 0;
		cc_uno_event ev;
		while (random_event(g, &rng, t += 10, &ev)) {
			cc_chess_move_list list;
			cc_uno_legal_moves(g, &list);
			for (size_t i = 0; i < list.count; i++) {
				char san[CC_CHESS_SAN_MAX];
				cc_chess_move back;
				cc_uno_move_to_san(g, list.moves[i], san, sizeof san);
				ck_assert_msg(cc_chess_parse_move_among(cc_uno_position(g), san, &list, &back, NULL) == CC_OK &&
				                      back == list.moves[i],
				              "'%s' does not read back in %s", san, view(g).fen);
				checked++;
				joker_moves += !cc_chess_is_pseudo_move(cc_uno_position(g), list.moves[i]);
			}
			ok(g, ev);
		}
		cc_uno_destroy(g);
	}
	ck_assert_uint_gt(checked, 1000);
	ck_assert_uint_gt(joker_moves, 100);
}
END_TEST

START_TEST(test_uno_game__reshuffle_of_both_discards_follows_the_key)
{
	CLAUSES("UNO-3.2 UNO-3.1 UNO-F2");
	/* two kings that never meet (prudent), no draw by turns: every card gets drawn */
	cc_uno_game *g = GAME("kingAvoidsAttackedSquares=true drawAfterTurnsWithoutMove=0 includeJokers=false "
	                      "fen=k7/8/8/8/8/8/8/7K_w_-_-_0_1",
	                      RED0);
	uint64_t rng = 7;
	cc_uno_event ev;
	while (view(g).pile_count > 0 || view(g).phase != CC_UNO_PHASE_DRAW) {
		ck_assert(random_event(g, &rng, tick(), &ev));
		ok(g, ev);
	}
	cc_uno_view v = view(g);
	ck_assert_uint_eq(v.discard_count[0] + v.discard_count[1], 72);
	ck_assert_uint_eq(v.discard_count[0], 36);
	ck_assert(cc_uno_draw_event(g, tick(), &ev));
	/* the two discards, in ascending IDs, shuffled with nonce 1 */
	int ids[CC_UNO_DECK_SIZE];
	cc_uno_settings s;
	cc_uno_settings_default(&s);
	s.include_jokers = false;
	size_t n = cc_uno_deck(&s, ids);
	uint8_t zero[CC_UNO_KEY_SIZE] = {0};
	reference_shuffle(zero, 1, ids, n);
	ck_assert_int_eq(ev.card, ids[0]);
	ok(g, ev);
	v = view(g);
	ck_assert_uint_eq(v.reshuffles, 1);
	ck_assert_uint_eq(v.pile_count, 71);
	ck_assert_uint_eq(v.discard_count[0] + v.discard_count[1], 0);
	ck_assert(cc_uno_step_at(g, cc_uno_step_count(g) - 1)->reshuffled);
	cc_uno_destroy(g);
}
END_TEST

static Suite *uno_suite(void)
{
	Suite *s = suite_create("uno");
	TCase *tc = tcase_create("cards");
	tcase_add_test(tc, test_uno_cards__ids_follow_the_documented_layout);
	tcase_add_test(tc, test_uno_cards__the_deck_is_filtered_by_the_settings);
	tcase_add_test(tc, test_uno_settings__defaults_and_the_key_value_parser);
	tcase_add_test(tc, test_uno_deal__chacha20_matches_rfc8439);
	tcase_add_test(tc, test_uno_deal__shuffle_is_fisher_yates_over_the_key_stream);
	tcase_add_test(tc, test_uno_deal__canonical_text_reads_back_and_commits_the_game);
	suite_add_tcase(s, tc);
	tc = tcase_create("turns");
	tcase_add_test(tc, test_uno_turn__start_draw_and_the_pile_top);
	tcase_add_test(tc, test_uno_turn__a_number_grants_up_to_n_moves_and_the_first_is_compulsory);
	tcase_add_test(tc, test_uno_turn__zero_and_skip_grant_no_move_and_no_mate);
	tcase_add_test(tc, test_uno_turn__check_is_information_only);
	tcase_add_test(tc, test_uno_turn__no_move_possible_ends_the_turn);
	tcase_add_test(tc, test_uno_turn__inversion_exchanges_armies_and_decides_who_wins);
	tcase_add_test(tc, test_uno_turn__mate_right_after_the_draw);
	tcase_add_test(tc, test_uno_view__the_card_of_a_turn_without_a_move_stays_in_view);
	tcase_add_test(tc, test_uno_view__each_discard_in_full_oldest_first);
	tcase_add_test(tc, test_uno_turn__the_series_guard_stops_or_wins);
	tcase_add_test(tc, test_uno_turn__mate_judged_on_the_moves_the_card_grants);
	suite_add_tcase(s, tc);
	tc = tcase_create("placement");
	tcase_add_test(tc, test_uno_placement__only_captured_pawns_on_the_start_rank);
	tcase_add_test(tc, test_uno_placement__rank_three_when_rank_two_is_full);
	tcase_add_test(tc, test_uno_placement__black_places_on_rank_seven_then_six);
	tcase_add_test(tc, test_uno_placement__a_placed_pawn_that_attacks_nothing_plays_on);
	tcase_add_test(tc, test_uno_placement__a_placement_is_not_a_move);
	suite_add_tcase(s, tc);
	tc = tcase_create("chess");
	tcase_add_test(tc, test_uno_chess__castling_from_through_and_into_attack);
	tcase_add_test(tc, test_uno_chess__en_passant_only_on_the_next_move_of_the_other_army);
	tcase_add_test(tc, test_uno_chess__promotion_and_the_king_taken_on_the_last_rank);
	tcase_add_test(tc, test_uno_chess__no_automatic_classic_draw);
	tcase_add_test(tc, test_uno_joker__the_king_moves_as_a_queen);
	tcase_add_test(tc, test_uno_joker__a_pawn_as_a_queen_promotes_and_never_goes_back_to_rank_one);
	tcase_add_test(tc, test_uno_joker__a_step_and_an_en_passant_capture_to_one_square);
	tcase_add_test(tc, test_uno_joker__the_king_two_squares_is_not_a_castling);
	suite_add_tcase(s, tc);
	tc = tcase_create("results");
	tcase_add_test(tc, test_uno_result__ten_turns_without_a_move_draw);
	tcase_add_test(tc, test_uno_result__resignation_agreement_and_the_arbiter);
	tcase_add_test(tc, test_uno_result__a_finished_game_feeds_the_club_ratings);
	tcase_add_test(tc, test_uno_undo__a_draw_goes_back_on_top_of_the_pile);
	tcase_add_test(tc, test_uno_check__weighs_an_event_without_changing_the_game);
	tcase_add_test(tc, test_uno_check__hostile_events_are_refused_and_change_nothing);
	suite_add_tcase(s, tc);
	tc = tcase_create("games");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_uno_game__a_scripted_game_to_mate_after_a_placement);
	tcase_add_test(tc, test_uno_game__a_random_game_of_200_turns_replays_to_the_same_state);
	tcase_add_test(tc, test_uno_game__reshuffle_of_both_discards_follows_the_key);
	tcase_add_test(tc, test_uno_game__every_listed_move_reads_back_from_its_text);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(uno_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
