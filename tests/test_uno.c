/*
 * test_uno.c: the Chess-Uno core (include/chesscubing/uno.h,
 * rules/chess-uno.md): the cards, the settings and the deal, and the turns.
 * The chess of the game is in test_uno_chess.c, results and whole games in
 * test_uno_games.c; what they share in uno_fixture.h.
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "uno_fixture.h"

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

int main(void)
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
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
