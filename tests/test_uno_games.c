/*
 * test_uno_games.c: the Chess-Uno core's results, undo and checks
 * (rules/chess-uno.md), and whole games: scripted, random and replayed,
 * reshuffled.
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "uno_fixture.h"

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

int main(void)
{
	Suite *s = suite_create("uno_games");
	TCase *tc = tcase_create("placement");
	tcase_add_test(tc, test_uno_placement__a_placed_pawn_that_attacks_nothing_plays_on);
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
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
