/*
 * test_dgt_moves.c: the pieces on a DGT board read as moves
 * (dgt_moves.h, rules/dgt.md DG-2 to DG-5): each case a board built
 * square by square the way hands change it, read at each step.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/dgt_moves.h"
#include "clauses.h"

#define W(type) ((uint8_t)(type))
#define B(type) ((uint8_t)(8u | (type)))

static cc_chess_position pos_of(const char *fen)
{
	cc_chess_position pos;
	cc_error err = {0};
	ck_assert_msg(cc_chess_position_from_fen(&pos, fen, &err) == CC_OK, "%s: %s", fen, err.message);
	return pos;
}

static cc_dgt_board board_of(const cc_chess_position *pos)
{
	cc_dgt_board b;
	cc_dgt_board_from_position(pos, &b);
	return b;
}

static unsigned sq(const char *name)
{
	return (unsigned)(name[0] - 'a') + 8u * (unsigned)(name[1] - '1');
}

static void lift(cc_dgt_board *b, const char *name)
{
	b->sq[sq(name)] = 0;
}

static void put(cc_dgt_board *b, const char *name, uint8_t code)
{
	b->sq[sq(name)] = code;
}

/* The kind the board reads as against game, without a takeback or pairs. */
static cc_dgt_seen_kind kind_of(const cc_chess_position *game, const cc_dgt_board *b)
{
	cc_dgt_seen seen;
	cc_dgt_seen_of(game, NULL, b, NULL, &seen);
	return seen.kind;
}

static void assert_move(const cc_chess_position *game, const cc_dgt_board *b, const char *san)
{
	cc_dgt_seen seen;
	cc_dgt_seen_of(game, NULL, b, NULL, &seen);
	ck_assert_int_eq(seen.kind, CC_DGT_SEEN_MOVE);
	ck_assert_uint_eq(seen.nmoves, 1);
	ck_assert_str_eq(seen.san[0], san);
	ck_assert_int_eq(cc_dgt_seen_say(&seen, NULL), CC_OK);
}

START_TEST(test_dgt_moves_one__a_quiet_move)
{
	CLAUSES("DG-2.1 DG-2.2");
	cc_chess_position game;
	cc_chess_position_start(&game);
	cc_dgt_board b = board_of(&game);
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_SAME);
	lift(&b, "g1");
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_IN_TRANSIT);
	put(&b, "f3", W(CC_CHESS_KNIGHT));
	assert_move(&game, &b, "Nf3");
}
END_TEST

START_TEST(test_dgt_moves_one__a_capture_in_either_order)
{
	CLAUSES("DG-2.1 DG-2.2");
	cc_chess_position game = pos_of("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
	/* the taken pawn off first */
	cc_dgt_board b = board_of(&game);
	lift(&b, "d5");
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_IN_TRANSIT);
	lift(&b, "e4");
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_IN_TRANSIT);
	put(&b, "d5", W(CC_CHESS_PAWN));
	assert_move(&game, &b, "exd5");
	/* the capturer lifted first, then put in the taken pawn's place */
	b = board_of(&game);
	lift(&b, "e4");
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_IN_TRANSIT);
	put(&b, "d5", W(CC_CHESS_PAWN));
	assert_move(&game, &b, "exd5");
}
END_TEST

START_TEST(test_dgt_moves_one__castling_king_or_rook_first)
{
	CLAUSES("DG-2.1 DG-2.2");
	cc_chess_position game = pos_of("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
	/* king first, short */
	cc_dgt_board b = board_of(&game);
	lift(&b, "e1");
	put(&b, "g1", W(CC_CHESS_KING));
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_IN_TRANSIT);
	lift(&b, "h1");
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_IN_TRANSIT);
	put(&b, "f1", W(CC_CHESS_ROOK));
	assert_move(&game, &b, "O-O");
	/* king first, long */
	b = board_of(&game);
	lift(&b, "e1");
	put(&b, "c1", W(CC_CHESS_KING));
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_IN_TRANSIT);
	lift(&b, "a1");
	put(&b, "d1", W(CC_CHESS_ROOK));
	assert_move(&game, &b, "O-O-O");
	/* rook first: half way it is a rook move (the press decides, DG-2.1),
	 * whole it is the castling */
	b = board_of(&game);
	lift(&b, "h1");
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_IN_TRANSIT);
	put(&b, "f1", W(CC_CHESS_ROOK));
	assert_move(&game, &b, "Rf1");
	lift(&b, "e1");
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_IN_TRANSIT);
	put(&b, "g1", W(CC_CHESS_KING));
	assert_move(&game, &b, "O-O");
}
END_TEST

START_TEST(test_dgt_moves_one__en_passant_either_order)
{
	CLAUSES("DG-2.1 DG-2.2");
	cc_chess_position game = pos_of("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
	cc_dgt_board b = board_of(&game);
	lift(&b, "f5");
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_IN_TRANSIT);
	lift(&b, "e5");
	put(&b, "f6", W(CC_CHESS_PAWN));
	assert_move(&game, &b, "exf6");
	b = board_of(&game);
	lift(&b, "e5");
	put(&b, "f6", W(CC_CHESS_PAWN));
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_IN_TRANSIT);
	lift(&b, "f5");
	assert_move(&game, &b, "exf6");
}
END_TEST

START_TEST(test_dgt_moves_same__lifted_or_knocked_and_set_back)
{
	CLAUSES("DG-2.2 DG-2.3");
	cc_chess_position game = pos_of("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
	cc_dgt_board b = board_of(&game);
	lift(&b, "f1");
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_IN_TRANSIT);
	put(&b, "f1", W(CC_CHESS_BISHOP));
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_SAME);
	/* a sleeve knocks three pieces over, one of each side */
	lift(&b, "d2");
	lift(&b, "c6");
	lift(&b, "e4");
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_IN_TRANSIT);
	put(&b, "c6", B(CC_CHESS_KNIGHT));
	put(&b, "e4", W(CC_CHESS_PAWN));
	put(&b, "d2", W(CC_CHESS_PAWN));
	cc_dgt_seen seen;
	cc_dgt_seen_of(&game, NULL, &b, NULL, &seen);
	ck_assert_int_eq(seen.kind, CC_DGT_SEEN_SAME);
	ck_assert_uint_eq(seen.ndiff, 0);
	ck_assert_uint_eq(seen.nmoves, 0);
}
END_TEST

START_TEST(test_dgt_moves_two__one_each_side)
{
	CLAUSES("DG-2.4");
	cc_chess_position game;
	cc_chess_position_start(&game);
	cc_dgt_board b = board_of(&game);
	lift(&b, "e2");
	put(&b, "e4", W(CC_CHESS_PAWN));
	lift(&b, "c7");
	put(&b, "c5", B(CC_CHESS_PAWN));
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_NO_MOVE); /* not asked for pairs */
	cc_dgt_search search = {.two_moves = true, .same_side_twice = false};
	cc_dgt_seen seen;
	cc_dgt_seen_of(&game, NULL, &b, &search, &seen);
	ck_assert_int_eq(seen.kind, CC_DGT_SEEN_TWO_MOVES);
	ck_assert_uint_eq(seen.nmoves, 2);
	ck_assert_str_eq(seen.san[0], "e4");
	ck_assert_str_eq(seen.san[1], "c5");
	cc_error err = {0};
	ck_assert_int_eq(cc_dgt_seen_say(&seen, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_DGT_TWO_MOVES);
	ck_assert_str_eq(err.args[0].text, "e4");
	ck_assert_str_eq(err.args[1].text, "c5");
}
END_TEST

START_TEST(test_dgt_moves_two__a_double_move_and_an_ambiguous_pair)
{
	CLAUSES("DG-2.4 DG-3.1");
	cc_chess_position game;
	cc_chess_position_start(&game);
	cc_dgt_search search = {.two_moves = false, .same_side_twice = true};
	/* the e-pawn twice: one way only (e4 then e5) */
	cc_dgt_board b = board_of(&game);
	lift(&b, "e2");
	put(&b, "e5", W(CC_CHESS_PAWN));
	cc_dgt_seen seen;
	cc_dgt_seen_of(&game, NULL, &b, &search, &seen);
	ck_assert_int_eq(seen.kind, CC_DGT_SEEN_TWO_MOVES);
	ck_assert_str_eq(seen.san[0], "e4");
	ck_assert_str_eq(seen.san[1], "e5");
	/* the knight to g5: by f3 or by h3, so the arbiter types them */
	b = board_of(&game);
	lift(&b, "g1");
	put(&b, "g5", W(CC_CHESS_KNIGHT));
	cc_dgt_seen_of(&game, NULL, &b, &search, &seen);
	ck_assert_int_eq(seen.kind, CC_DGT_SEEN_NO_MOVE);
	/* e4 and d4: either order leads there, so the arbiter types them */
	b = board_of(&game);
	lift(&b, "e2");
	put(&b, "e4", W(CC_CHESS_PAWN));
	lift(&b, "d2");
	put(&b, "d4", W(CC_CHESS_PAWN));
	cc_dgt_seen_of(&game, NULL, &b, &search, &seen);
	ck_assert_int_eq(seen.kind, CC_DGT_SEEN_NO_MOVE);
	ck_assert_uint_eq(seen.nmoves, 0);
	ck_assert_uint_eq(seen.ndiff, 4);
}
END_TEST

START_TEST(test_dgt_moves_disagree__the_squares_that_differ)
{
	CLAUSES("DG-3.1");
	cc_chess_position game;
	cc_chess_position_start(&game);
	cc_dgt_board b = board_of(&game);
	lift(&b, "e2");
	put(&b, "e6", W(CC_CHESS_PAWN)); /* four squares: not even in two moves */
	cc_dgt_seen seen;
	cc_dgt_search search = {.two_moves = true, .same_side_twice = true};
	cc_dgt_seen_of(&game, NULL, &b, &search, &seen);
	ck_assert_int_eq(seen.kind, CC_DGT_SEEN_NO_MOVE);
	ck_assert_uint_eq(seen.nmoves, 0);
	ck_assert_uint_eq(seen.ndiff, 2);
	ck_assert_uint_eq(seen.diff[0].square, sq("e2"));
	ck_assert_uint_eq(seen.diff[0].expected, W(CC_CHESS_PAWN));
	ck_assert_uint_eq(seen.diff[0].seen, 0);
	ck_assert_uint_eq(seen.diff[1].square, sq("e6"));
	ck_assert_uint_eq(seen.diff[1].expected, 0);
	ck_assert_uint_eq(seen.diff[1].seen, W(CC_CHESS_PAWN));
	cc_error err = {0};
	ck_assert_int_eq(cc_dgt_seen_say(&seen, &err), CC_ERR_ILLEGAL_MOVE);
	ck_assert_int_eq(err.msg, CC_MSG_DGT_NO_LEGAL_MOVE);
	ck_assert_int_eq(err.args[0].n, 2);
	ck_assert_str_eq(err.args[1].text, "e2 e6");
	/* a magic piece where a pawn stood, and a black move when White is to move */
	b = board_of(&game);
	put(&b, "a2", CC_DGT_ODD);
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_NO_MOVE);
	b = board_of(&game);
	lift(&b, "e7");
	put(&b, "e5", B(CC_CHESS_PAWN));
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_NO_MOVE);
}
END_TEST

START_TEST(test_dgt_moves_takeback__offered_never_a_move)
{
	CLAUSES("DG-3.2");
	cc_chess_position before, game;
	cc_chess_position_start(&before);
	game = before;
	cc_chess_move m;
	ck_assert_int_eq(cc_chess_parse_move(&game, "e4", CC_CHESS_PARSE_STRICT, &m, NULL), CC_OK);
	cc_chess_undo undo;
	cc_chess_make(&game, m, &undo);
	cc_dgt_board b = board_of(&before);
	cc_dgt_seen seen;
	cc_dgt_seen_of(&game, &before, &b, NULL, &seen);
	ck_assert_int_eq(seen.kind, CC_DGT_SEEN_TAKEBACK);
	ck_assert_uint_eq(seen.moves[0], m);
	ck_assert_str_eq(seen.san[0], "e4");
	cc_error err = {0};
	ck_assert_int_eq(cc_dgt_seen_say(&seen, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_DGT_TAKEBACK);
	ck_assert_str_eq(err.args[0].text, "e4");
	/* with no undo to offer, the same board is a disagreement */
	cc_dgt_seen_of(&game, NULL, &b, NULL, &seen);
	ck_assert_int_eq(seen.kind, CC_DGT_SEEN_NO_MOVE);
}
END_TEST

START_TEST(test_dgt_moves_promotion__the_piece_placed_decides)
{
	CLAUSES("DG-4.1");
	cc_chess_position game = pos_of("8/4P3/8/k7/8/8/8/4K3 w - - 0 1");
	cc_dgt_board b = board_of(&game);
	lift(&b, "e7");
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_IN_TRANSIT);
	put(&b, "e8", W(CC_CHESS_QUEEN));
	assert_move(&game, &b, "e8=Q");
	put(&b, "e8", W(CC_CHESS_KNIGHT));
	assert_move(&game, &b, "e8=N");
	put(&b, "e8", W(CC_CHESS_ROOK));
	assert_move(&game, &b, "e8=R");
	put(&b, "e8", W(CC_CHESS_BISHOP));
	assert_move(&game, &b, "e8=B");
	put(&b, "e8", B(CC_CHESS_QUEEN)); /* the other side's queen: no promotion */
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_NO_MOVE);
}
END_TEST

START_TEST(test_dgt_moves_promotion__the_bare_pawn_asks_the_arbiter)
{
	CLAUSES("DG-4.2");
	cc_chess_position game = pos_of("3r4/4P3/8/k7/8/8/8/4K3 w - - 0 1");
	cc_dgt_board b = board_of(&game);
	lift(&b, "e7");
	lift(&b, "d8");
	put(&b, "d8", W(CC_CHESS_PAWN)); /* exd8 with the pawn itself */
	cc_dgt_seen seen;
	cc_dgt_seen_of(&game, NULL, &b, NULL, &seen);
	ck_assert_int_eq(seen.kind, CC_DGT_SEEN_PROMOTION_ASK);
	ck_assert_uint_eq(seen.nmoves, 0);
	ck_assert_uint_eq(seen.ncandidates, 4);
	unsigned pieces = 0;
	for (size_t i = 0; i < seen.ncandidates; i++) {
		ck_assert_uint_eq(cc_chess_move_from(seen.candidates[i]), sq("e7"));
		ck_assert_uint_eq(cc_chess_move_to(seen.candidates[i]), sq("d8"));
		pieces |= 1u << cc_chess_move_promotion(seen.candidates[i]);
	}
	ck_assert_uint_eq(pieces, (1u << CC_CHESS_QUEEN) | (1u << CC_CHESS_ROOK) | (1u << CC_CHESS_BISHOP) |
	                                  (1u << CC_CHESS_KNIGHT));
	cc_error err = {0};
	ck_assert_int_eq(cc_dgt_seen_say(&seen, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_DGT_PROMOTION_ASK);
	ck_assert_str_eq(err.args[0].text, "d8");
}
END_TEST

START_TEST(test_dgt_moves_checkered__either_colour_is_the_checkered_piece)
{
	CLAUSES("DG-5.1");
	cc_chess_position game;
	cc_error err = {0};
	ck_assert_int_eq(cc_chess_position_from_fen_variant(&game, CC_CHESS_VARIANT_CHECKERED,
	                                                    "4k3/8/8/8/8/8/8/U3K3 w - - 0 1 0000000000000000 -", &err),
	                 CC_OK);
	ck_assert(cc_chess_is_checkered(&game, sq("a1")));
	cc_dgt_board b = board_of(&game);
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_SAME);
	put(&b, "a1", B(CC_CHESS_ROOK));
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_SAME);
	put(&b, "a1", W(CC_CHESS_KNIGHT));
	ck_assert_int_eq(kind_of(&game, &b), CC_DGT_SEEN_NO_MOVE);
	lift(&b, "a1");
	put(&b, "a5", B(CC_CHESS_ROOK));
	cc_dgt_seen seen;
	cc_dgt_seen_of(&game, NULL, &b, NULL, &seen);
	ck_assert_int_eq(seen.kind, CC_DGT_SEEN_MOVE);
	ck_assert_uint_eq(cc_chess_move_from(seen.moves[0]), sq("a1"));
	ck_assert_uint_eq(cc_chess_move_to(seen.moves[0]), sq("a5"));
}
END_TEST

static Suite *dgt_moves_suite(void)
{
	Suite *s = suite_create("dgt_moves");
	TCase *one = tcase_create("one");
	TCase *more = tcase_create("more");
	tcase_add_test(one, test_dgt_moves_one__a_quiet_move);
	tcase_add_test(one, test_dgt_moves_one__a_capture_in_either_order);
	tcase_add_test(one, test_dgt_moves_one__castling_king_or_rook_first);
	tcase_add_test(one, test_dgt_moves_one__en_passant_either_order);
	tcase_add_test(one, test_dgt_moves_same__lifted_or_knocked_and_set_back);
	tcase_add_test(one, test_dgt_moves_promotion__the_piece_placed_decides);
	tcase_add_test(one, test_dgt_moves_promotion__the_bare_pawn_asks_the_arbiter);
	tcase_add_test(one, test_dgt_moves_checkered__either_colour_is_the_checkered_piece);
	tcase_add_test(more, test_dgt_moves_two__one_each_side);
	tcase_add_test(more, test_dgt_moves_two__a_double_move_and_an_ambiguous_pair);
	tcase_add_test(more, test_dgt_moves_disagree__the_squares_that_differ);
	tcase_add_test(more, test_dgt_moves_takeback__offered_never_a_move);
	suite_add_tcase(s, one);
	suite_add_tcase(s, more);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(dgt_moves_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
