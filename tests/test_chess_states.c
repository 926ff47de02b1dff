/*
 * test_chess_states.c: the chess rules module's states of a position
 * (mate, stalemate, insufficient material, repetitions, the 50 and 75 move
 * rules, draws as information) and a game played on the board.
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "chess_fixture.h"

/* --- states ----------------------------------------------------------------- */

/* Plays moves (SAN or UCI, space-separated) on pos as the match plays a
 * move: read against the position, then made. */
static void play(cc_chess_position *pos, const char *moves)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", moves);
	for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		cc_error err = {0};
		cc_chess_move m = CC_CHESS_MOVE_NONE;
		cc_chess_undo undo;
		ck_assert_msg(cc_chess_parse_move(pos, tok, CC_CHESS_PARSE_LENIENT, &m, &err) == CC_OK, "%s: %s", tok,
		              err.message);
		cc_chess_make(pos, m, &undo);
	}
}

static cc_chess_position played(const char *fen, const char *moves)
{
	cc_chess_position pos;
	if (fen)
		pos = pos_of(fen);
	else
		cc_chess_position_start(&pos);
	play(&pos, moves);
	return pos;
}

/* The view of a chess game (the match's format chess, claims through the
 * arbiter, no clock) after moves from the start: how the program counts
 * repetitions (over its journal of keys, cc_chess_position_key). */
static cc_match_view game_view(const char *moves)
{
	cc_match_settings set;
	cc_match *m = NULL;
	cc_error err = {0};
	cc_match_settings_default(&set);
	set.format = CC_FORMAT_CHESS;
	set.record = CC_RECORD_MOVES;
	set.claims = CC_CLAIMS_MANUAL;
	ck_assert_msg(cc_match_create(&m, &set, &err) == CC_OK, "%s", err.message);
	cc_event start = cc_event_start(0);
	ck_assert_int_eq(cc_match_apply(m, &start, &err), CC_OK);
	char buf[256];
	int64_t t = 0;
	snprintf(buf, sizeof buf, "%s", moves);
	for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		cc_match_view v;
		cc_match_view_at(m, t, &v);
		cc_event ev = cc_event_move_text(++t, v.to_move, tok);
		ck_assert_msg(cc_match_apply(m, &ev, &err) == CC_OK, "%s: %s", tok, err.message);
	}
	cc_match_view v;
	cc_match_view_at(m, t, &v);
	cc_match_destroy(m);
	return v;
}

START_TEST(test_chess_states__checkmate)
{
	CLAUSES("CH-4.1");
	cc_chess_position pos = played(NULL, "f3 e5 g4 Qh4#");
	ck_assert(cc_chess_in_check(&pos));
	ck_assert(cc_chess_is_checkmate(&pos));
	ck_assert_uint_eq(cc_chess_count_legal_moves(&pos), 0);
	ck_assert_uint_eq(cc_chess_draw_states(&pos, 1), 0);
	ck_assert(!cc_chess_is_stalemate(&pos));
}
END_TEST

START_TEST(test_chess_states__mate_prevails_over_the_75_move_rule)
{
	CLAUSES("CH-4.1 CH-4.7");
	cc_chess_position pos = played("7k/8/6K1/8/8/8/8/R7 w - - 149 100", "Ra8#");
	ck_assert_uint_eq(pos.halfmove_clock, 150);
	ck_assert(cc_chess_is_checkmate(&pos));
	ck_assert_uint_eq(cc_chess_draw_states(&pos, 1), 0);
}
END_TEST

START_TEST(test_chess_states__stalemate)
{
	CLAUSES("CH-4.2");
	cc_chess_position pos = played("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "Qf7");
	ck_assert(!cc_chess_in_check(&pos));
	ck_assert(!cc_chess_is_checkmate(&pos));
	ck_assert_uint_eq(cc_chess_count_legal_moves(&pos), 0);
	ck_assert_uint_eq(cc_chess_draw_states(&pos, 1), CC_CHESS_DRAW_STALEMATE);
	ck_assert(cc_chess_is_stalemate(&pos));
}
END_TEST

START_TEST(test_chess_states__insufficient_material)
{
	CLAUSES("CH-4.3");
	static const struct {
		const char *fen;
		bool dead;
	} cases[] = {
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", true},
		{"2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},   /* both bishops on light squares */
		{"4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", false},   /* opposite colours: a mate exists */
		{"4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", false},
		{"4k3/8/8/8/8/8/8/1N2KB2 w - - 0 1", false},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cc_chess_position pos = pos_of(cases[i].fen);
		ck_assert_msg(cc_chess_insufficient_material(&pos) == cases[i].dead, "%s", cases[i].fen);
	}
	cc_chess_position pos = pos_of("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
	ck_assert_uint_eq(cc_chess_draw_states(&pos, 1), CC_CHESS_DRAW_INSUFFICIENT);
}
END_TEST

/* Counted as the program counts them: a chess game's view (claims through
 * the arbiter, so the threefold is information until claimed; the fivefold
 * ends the game, FI-9.6.1). */
START_TEST(test_chess_states__threefold_then_fivefold_repetition)
{
	CLAUSES("CH-4.4 CH-4.5");
	cc_match_view v = game_view("Nf3 Nf6 Ng1 Ng8");
	ck_assert_uint_eq(v.repetitions, 2);
	ck_assert_uint_eq(v.draws, 0);
	v = game_view("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
	ck_assert_uint_eq(v.repetitions, 3);
	ck_assert_uint_eq(v.draws, CC_CHESS_DRAW_THREEFOLD);
	ck_assert(!v.over);
	v = game_view("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
	ck_assert_uint_eq(v.repetitions, 5);
	ck_assert_uint_eq(v.draws, CC_CHESS_DRAW_THREEFOLD | CC_CHESS_DRAW_FIVEFOLD);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_FIVEFOLD);
}
END_TEST

START_TEST(test_chess_states__repetition_key_is_the_first_four_fen_fields)
{
	CLAUSES("CH-4.4");
	char key[CC_CHESS_FEN_MAX], fen[CC_CHESS_FEN_MAX];
	/* no black pawn can take on e3: the en passant field does not tell positions apart */
	cc_chess_position pos = pos_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
	cc_chess_position_key(&pos, key, sizeof key);
	ck_assert_str_eq(key, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
	cc_chess_position_to_fen(&pos, fen, sizeof fen);
	ck_assert_str_eq(fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
	/* a possible capture does */
	cc_chess_position ep = pos_of("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
	cc_chess_position_key(&ep, key, sizeof key);
	ck_assert_str_eq(key, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6");
	/* lost castling rights make a different position: Ke2 Ke7 Ke1 Ke8 twice is no repetition of the start */
	cc_match_view v = game_view("e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8");
	ck_assert_uint_eq(v.repetitions, 2);
	ck_assert_uint_eq(v.draws, 0);
}
END_TEST

START_TEST(test_chess_states__fifty_and_seventy_five_move_rules)
{
	CLAUSES("CH-4.6 CH-4.7");
	cc_chess_position pos = pos_of("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
	ck_assert_uint_eq(cc_chess_draw_states(&pos, 1), 0);
	play(&pos, "Ra2");
	ck_assert_uint_eq(cc_chess_draw_states(&pos, 1), CC_CHESS_DRAW_FIFTY);
	pos = played("4k3/8/8/8/8/8/8/R3K3 w - - 149 80", "Ra2");
	ck_assert_uint_eq(cc_chess_draw_states(&pos, 1), CC_CHESS_DRAW_FIFTY | CC_CHESS_DRAW_SEVENTY_FIVE);
	/* a pawn move or a capture starts the count again */
	pos = played("4k3/8/8/8/8/8/4P3/R3K3 w - - 149 80", "e4");
	ck_assert_uint_eq(cc_chess_draw_states(&pos, 1), 0);
}
END_TEST

START_TEST(test_chess_states__draws_are_information_only)
{
	CLAUSES("CH-4.8");
	ck_assert_str_eq(cc_chess_draw_name(CC_CHESS_DRAW_STALEMATE), "stalemate");
	ck_assert_str_eq(cc_chess_draw_name(CC_CHESS_DRAW_INSUFFICIENT), "insufficient-material");
	ck_assert_str_eq(cc_chess_draw_name(CC_CHESS_DRAW_THREEFOLD), "threefold-repetition");
	ck_assert_str_eq(cc_chess_draw_name(CC_CHESS_DRAW_FIFTY), "50-move-rule");
	ck_assert_str_eq(cc_chess_draw_name(CC_CHESS_DRAW_FIVEFOLD), "fivefold-repetition");
	ck_assert_str_eq(cc_chess_draw_name(CC_CHESS_DRAW_SEVENTY_FIVE), "75-move-rule");
	/* the board plays on after a 75-move count: the match decides what it means */
	cc_chess_position pos = played("4k3/8/8/8/8/8/8/R3K3 w - - 149 80", "Ra2 Kd8 Ra1");
	ck_assert_uint_eq(pos.halfmove_clock, 152);
}
END_TEST

/* --- a game on the board ------------------------------------------------------- */

START_TEST(test_chess_game__illegal_move_leaves_the_position_untouched)
{
	CLAUSES("CH-2.4 CH-3.5");
	cc_chess_position pos = played(NULL, "e4 e5");
	cc_chess_position before = pos;
	cc_error err = {0};
	cc_chess_move m = CC_CHESS_MOVE_NONE;
	ck_assert_int_eq(cc_chess_parse_move(&pos, "Ke3", CC_CHESS_PARSE_LENIENT, &m, &err), CC_ERR_ILLEGAL_MOVE);
	ck_assert_int_eq(cc_chess_parse_move(&pos, "e1e3", CC_CHESS_PARSE_LENIENT, &m, &err), CC_ERR_ILLEGAL_MOVE);
	ck_assert_str_eq(err.message, "'e1e3' is not a legal move for White here");
	ck_assert_uint_eq(m, CC_CHESS_MOVE_NONE);
	ck_assert_int_eq(memcmp(&pos, &before, sizeof before), 0);
}
END_TEST

START_TEST(test_chess_game__real_game_to_mate_in_strict_san)
{
	CLAUSES("CH-3.1 CH-3.2 CH-4.1");
	/* Morphy's "Opera game", Paris 1858, as a PGN file records it */
	static const char *moves[] = {
		"e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6",
		"Qb3", "Qe7", "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8",
		"Rxd7", "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#",
	};
	cc_chess_position pos;
	cc_chess_position_start(&pos);
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		cc_error err = {0};
		cc_chess_move m = CC_CHESS_MOVE_NONE;
		cc_chess_undo undo;
		char san[CC_CHESS_SAN_MAX];
		ck_assert_msg(cc_chess_parse_move(&pos, moves[i], CC_CHESS_PARSE_STRICT, &m, &err) == CC_OK, "%s: %s",
		              moves[i], err.message);
		cc_chess_move_to_san(&pos, m, san, sizeof san);
		ck_assert_str_eq(san, moves[i]);
		cc_chess_make(&pos, m, &undo);
	}
	ck_assert(cc_chess_is_checkmate(&pos));
	ck_assert_int_eq(pos.to_move, CC_SIDE_BLACK);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("chess_states");
	TCase *tc = tcase_create("states");
	tcase_add_test(tc, test_chess_states__checkmate);
	tcase_add_test(tc, test_chess_states__mate_prevails_over_the_75_move_rule);
	tcase_add_test(tc, test_chess_states__stalemate);
	tcase_add_test(tc, test_chess_states__insufficient_material);
	tcase_add_test(tc, test_chess_states__threefold_then_fivefold_repetition);
	tcase_add_test(tc, test_chess_states__repetition_key_is_the_first_four_fen_fields);
	tcase_add_test(tc, test_chess_states__fifty_and_seventy_five_move_rules);
	tcase_add_test(tc, test_chess_states__draws_are_information_only);
	suite_add_tcase(s, tc);
	tc = tcase_create("game");
	tcase_add_test(tc, test_chess_game__illegal_move_leaves_the_position_untouched);
	tcase_add_test(tc, test_chess_game__real_game_to_mate_in_strict_san);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
