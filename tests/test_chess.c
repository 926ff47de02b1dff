/*
 * test_chess.c: the chess rules module: FEN read and written, legal
 * moves (castling, en passant, promotions, the pass) and shallow perft. SAN
 * and UCI are in test_chess_san.c, a position's states in
 * test_chess_states.c.
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "chess_fixture.h"

/* --- FEN ------------------------------------------------------------------- */

START_TEST(test_chess_fen__round_trips_standard_positions)
{
	CLAUSES("CH-1.5");
	static const char *fens[] = {FEN_START, FEN_KIWIPETE, FEN_POS3, FEN_POS4, FEN_POS4_MIRRORED, FEN_POS5, FEN_POS6};
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		char buf[CC_CHESS_FEN_MAX];
		cc_chess_position pos = pos_of(fens[i]);
		cc_chess_position_to_fen(&pos, buf, sizeof buf);
		ck_assert_str_eq(buf, fens[i]);
	}
	cc_chess_position start, parsed_start = pos_of(FEN_START);
	cc_chess_position_start(&start);
	ck_assert_int_eq(memcmp(&start, &parsed_start, sizeof start), 0);
}
END_TEST

START_TEST(test_chess_fen__accepts_four_fields)
{
	CLAUSES("CH-1.1");
	char buf[CC_CHESS_FEN_MAX];
	cc_chess_position pos = pos_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3");
	cc_chess_position_to_fen(&pos, buf, sizeof buf);
	ck_assert_str_eq(buf, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
}
END_TEST

START_TEST(test_chess_fen__refuses_malformed_text)
{
	CLAUSES("CH-1.1");
	static const char *bad[] = {
		"",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
		"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
	};
	char msg[CC_ERROR_MESSAGE_MAX];
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_int_eq(fen_error(bad[i], msg, sizeof msg), CC_ERR_INVALID);
}
END_TEST

START_TEST(test_chess_fen__refuses_impossible_positions)
{
	CLAUSES("CH-1.2");
	char msg[CC_ERROR_MESSAGE_MAX];
	fen_error("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", msg, sizeof msg);
	ck_assert_str_eq(msg, "FEN has 2 White kings, not one");
	fen_error("8/8/8/8/8/8/8/4K3 w - - 0 1", msg, sizeof msg);
	ck_assert_str_eq(msg, "FEN has 0 Black kings, not one");
	fen_error("4k3/8/8/8/8/8/8/3PK3 w - - 0 1", msg, sizeof msg);
	ck_assert_str_eq(msg, "FEN has a pawn on the first or last rank");
	fen_error("3pk3/8/8/8/8/8/8/4K3 w - - 0 1", msg, sizeof msg);
	ck_assert_str_eq(msg, "FEN has a pawn on the first or last rank");
	fen_error("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", msg, sizeof msg);
	ck_assert_str_eq(msg, "FEN has Black in check with White to move");
	fen_error("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", msg, sizeof msg);
	ck_assert_str_eq(msg, "FEN has more than 8 White pawns");
}
END_TEST

START_TEST(test_chess_fen__refuses_castling_without_king_and_rook)
{
	CLAUSES("CH-1.3");
	char msg[CC_ERROR_MESSAGE_MAX];
	fen_error("r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1", msg, sizeof msg);
	ck_assert_str_eq(msg, "FEN castling right 'K' needs the king on e1 and a rook on h1");
	fen_error("r3k2r/8/8/8/8/8/8/R4K1R w Q - 0 1", msg, sizeof msg);
	ck_assert_str_eq(msg, "FEN castling right 'Q' needs the king on e1 and a rook on a1");
	fen_error("1r2k2r/8/8/8/8/8/8/R3K2R w q - 0 1", msg, sizeof msg);
	ck_assert_str_eq(msg, "FEN castling right 'q' needs the king on e8 and a rook on a8");
	pos_of("r3k2r/8/8/8/8/8/8/R3K2R w Kk - 0 1");
}
END_TEST

START_TEST(test_chess_fen__refuses_impossible_en_passant_square)
{
	CLAUSES("CH-1.4");
	char msg[CC_ERROR_MESSAGE_MAX];
	/* white to move: the square must be on the sixth rank behind a black pawn */
	fen_error("4k3/8/8/3p4/8/8/8/4K3 w - d3 0 1", msg, sizeof msg);
	ck_assert_str_eq(msg, "FEN en passant square d3: no Black pawn can just have moved two squares past it");
	ck_assert_int_eq(fen_error("4k3/8/8/8/8/8/8/4K3 w - d6 0 1", msg, sizeof msg), CC_ERR_INVALID);
	ck_assert_int_eq(fen_error("4k3/3p4/8/3p4/8/8/8/4K3 w - d6 0 1", msg, sizeof msg), CC_ERR_INVALID);
	ck_assert_int_eq(fen_error("4k3/8/8/8/3P4/8/8/4K3 w - d3 0 1", msg, sizeof msg), CC_ERR_INVALID);
	pos_of("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1");
	pos_of("4k3/8/8/8/3P4/8/8/4K3 b - d3 0 1");
}
END_TEST

/* --- moves ------------------------------------------------------------------- */

START_TEST(test_chess_moves__castling_not_out_of_through_or_into_check)
{
	CLAUSES("CH-2.1");
	cc_chess_position both = pos_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
	ck_assert_uint_ne(legal_uci(&both, "e1g1"), CC_CHESS_MOVE_NONE);
	ck_assert_uint_ne(legal_uci(&both, "e1c1"), CC_CHESS_MOVE_NONE);
	cc_chess_position through = pos_of("r3k2r/8/8/8/8/8/6b1/R3K2R w KQkq - 0 1");
	ck_assert_uint_eq(legal_uci(&through, "e1g1"), CC_CHESS_MOVE_NONE);
	ck_assert_uint_ne(legal_uci(&through, "e1c1"), CC_CHESS_MOVE_NONE);
	cc_chess_position into = pos_of("r3k2r/8/8/8/8/8/7b/R3K2R w KQkq - 0 1");
	ck_assert_uint_eq(legal_uci(&into, "e1g1"), CC_CHESS_MOVE_NONE);
	cc_chess_position out_of = pos_of("r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1");
	ck_assert_uint_eq(legal_uci(&out_of, "e1g1"), CC_CHESS_MOVE_NONE);
	ck_assert_uint_eq(legal_uci(&out_of, "e1c1"), CC_CHESS_MOVE_NONE);
	/* b1 is passed by the rook, not the king: an attack there does not matter */
	cc_chess_position b1 = pos_of("r3k2r/8/8/8/8/8/b7/R3K2R w KQkq - 0 1");
	ck_assert_uint_ne(legal_uci(&b1, "e1c1"), CC_CHESS_MOVE_NONE);
	cc_chess_position blocked = pos_of("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1");
	ck_assert_uint_eq(legal_uci(&blocked, "e1g1"), CC_CHESS_MOVE_NONE);
	ck_assert_uint_eq(legal_uci(&blocked, "e1c1"), CC_CHESS_MOVE_NONE);
}
END_TEST

START_TEST(test_chess_moves__castling_moves_rook_and_rights_are_lost)
{
	CLAUSES("CH-2.1");
	const char *fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
	ck_assert_str_eq(fen_after(fen, "e1g1"), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
	ck_assert_str_eq(fen_after(fen, "e1c1"), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
	ck_assert_str_eq(fen_after(fen, "h1h2"), "r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 1 1");
	ck_assert_str_eq(fen_after(fen, "e1e2"), "r3k2r/8/8/8/8/8/4K3/R6R b kq - 1 1");
	/* a rook taken on its square takes the right with it */
	ck_assert_str_eq(fen_after(fen, "a1a8"), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
}
END_TEST

START_TEST(test_chess_moves__en_passant_right_after_the_double_step)
{
	CLAUSES("CH-2.2");
	const char *fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
	cc_chess_position pos = pos_of(fen);
	ck_assert_uint_ne(legal_uci(&pos, "e5f6"), CC_CHESS_MOVE_NONE);
	ck_assert_uint_eq(legal_uci(&pos, "e5d6"), CC_CHESS_MOVE_NONE); /* d5 moved earlier */
	ck_assert_str_eq(fen_after(fen, "e5f6"), "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
	cc_chess_move_info info;
	cc_chess_move_describe(&pos, legal_uci(&pos, "e5f6"), &info);
	ck_assert_int_eq(info.kind, CC_CHESS_MOVE_EN_PASSANT);
	ck_assert_int_eq(info.captured, CC_CHESS_PAWN);
	/* one move later the chance is gone */
	cc_chess_undo undo;
	cc_chess_make(&pos, legal_uci(&pos, "b1c3"), &undo);
	cc_chess_make(&pos, legal_uci(&pos, "b8c6"), &undo);
	ck_assert_uint_eq(legal_uci(&pos, "e5f6"), CC_CHESS_MOVE_NONE);
}
END_TEST

START_TEST(test_chess_moves__en_passant_refused_when_it_exposes_the_king)
{
	CLAUSES("CH-2.2");
	/* both pawns leave the fourth rank: the queen on h4 would see the king on a4 */
	cc_chess_position rank_pin = pos_of("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
	ck_assert_uint_eq(legal_uci(&rank_pin, "e4d3"), CC_CHESS_MOVE_NONE);
	ck_assert_uint_eq(cc_chess_count_legal_moves(&rank_pin), 6);
	/* a diagonal pin on the capturing pawn */
	cc_chess_position diag_pin = pos_of("Q7/8/8/8/3Pp3/8/8/4K2k b - d3 0 1");
	ck_assert_uint_eq(legal_uci(&diag_pin, "e4d3"), CC_CHESS_MOVE_NONE);
	/* taking the checking pawn en passant is a legal evasion */
	cc_chess_position check = pos_of("8/8/8/2k5/4p3/8/3P4/4K3 w - - 0 1");
	cc_chess_undo undo;
	cc_chess_make(&check, legal_uci(&check, "d2d4"), &undo);
	ck_assert(cc_chess_in_check(&check));
	ck_assert_uint_ne(legal_uci(&check, "e4d3"), CC_CHESS_MOVE_NONE);
}
END_TEST

START_TEST(test_chess_moves__promotions_include_under_promotions)
{
	CLAUSES("CH-2.3");
	cc_chess_position pos = pos_of("1r5k/P7/8/8/8/8/8/K7 w - - 0 1");
	static const char *moves[] = {"a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n"};
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
		ck_assert_msg(legal_uci(&pos, moves[i]) != CC_CHESS_MOVE_NONE, "%s", moves[i]);
	ck_assert_uint_eq(cc_chess_count_legal_moves(&pos), 8 + 1); /* and Ka2 */
	ck_assert_str_eq(fen_after("1r5k/P7/8/8/8/8/8/K7 w - - 0 1", "a7b8n"), "1N5k/8/8/8/8/8/8/K7 b - - 0 1");
}
END_TEST

START_TEST(test_chess_moves__king_never_left_in_check)
{
	CLAUSES("CH-2.4");
	/* the king cannot step back along the checking file */
	cc_chess_position file = pos_of("4r1k1/8/8/8/8/8/8/4K3 w - - 0 1");
	ck_assert_uint_eq(cc_chess_count_legal_moves(&file), 4);
	ck_assert_uint_eq(legal_uci(&file, "e1e2"), CC_CHESS_MOVE_NONE);
	/* a pinned knight never moves; a pinned rook moves along the pin */
	cc_chess_position knight = pos_of("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
	ck_assert_uint_eq(legal_uci(&knight, "e2c3"), CC_CHESS_MOVE_NONE);
	cc_chess_position rook = pos_of("4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1");
	ck_assert_uint_ne(legal_uci(&rook, "e2e8"), CC_CHESS_MOVE_NONE);
	ck_assert_uint_eq(legal_uci(&rook, "e2a2"), CC_CHESS_MOVE_NONE);
	/* double check: only the king moves */
	cc_chess_position twice = pos_of("4r1k1/8/8/8/8/5n2/8/4K3 w - - 0 1");
	cc_chess_move_list list;
	cc_chess_legal_moves(&twice, &list);
	for (size_t i = 0; i < list.count; i++)
		ck_assert_uint_eq(cc_chess_move_from(list.moves[i]), 4);
}
END_TEST

START_TEST(test_chess_moves__unmake_restores_every_position)
{
	CLAUSES("CH-2.8");
	static const char *fens[] = {FEN_KIWIPETE, FEN_POS4, FEN_POS5,
	                             "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"};
	for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
		cc_chess_position pos = pos_of(fens[f]), before = pos;
		cc_chess_move_list list;
		cc_chess_legal_moves(&pos, &list);
		for (size_t i = 0; i < list.count; i++) {
			cc_chess_undo undo;
			cc_chess_make(&pos, list.moves[i], &undo);
			cc_chess_unmake(&pos, list.moves[i], &undo);
			ck_assert_int_eq(memcmp(&pos, &before, sizeof pos), 0);
		}
	}
}
END_TEST

START_TEST(test_chess_moves__pass_hands_the_move_over)
{
	CLAUSES("CH-2.5");
	cc_chess_position pos = pos_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
	cc_chess_position before = pos;
	cc_chess_undo undo;
	char fen[CC_CHESS_FEN_MAX];
	ck_assert_int_eq(cc_chess_make_null(&pos, &undo, NULL), CC_OK);
	cc_chess_position_to_fen(&pos, fen, sizeof fen);
	ck_assert_str_eq(fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
	cc_chess_unmake_null(&pos, &undo);
	ck_assert_int_eq(memcmp(&pos, &before, sizeof pos), 0);
}
END_TEST

START_TEST(test_chess_moves__pass_refused_in_check)
{
	CLAUSES("CH-2.5");
	cc_chess_position pos = pos_of("4r1k1/8/8/8/8/8/8/4K3 w - - 0 1"), before = pos;
	cc_chess_undo undo;
	cc_error err = {0};
	ck_assert_int_eq(cc_chess_make_null(&pos, &undo, &err), CC_ERR_INVALID);
	ck_assert_str_eq(err.message, "White is in check and cannot pass");
	ck_assert_int_eq(memcmp(&pos, &before, sizeof pos), 0);
}
END_TEST

START_TEST(test_chess_moves__describe_capture_and_check)
{
	CLAUSES("CH-2.7");
	/* Twice needs: does the move take, and what; does it give check */
	cc_chess_position pos = pos_of("r3k3/8/8/1q6/8/8/8/R3K2R w KQq - 0 1");
	cc_chess_move_info info;
	cc_chess_move_describe(&pos, legal_uci(&pos, "a1a8"), &info);
	ck_assert_int_eq(info.piece, CC_CHESS_ROOK);
	ck_assert_int_eq(info.captured, CC_CHESS_ROOK);
	ck_assert(info.gives_check);
	ck_assert(!info.gives_mate);
	cc_chess_position q = pos_of("4k3/8/8/8/1q6/8/3N4/4K3 w - - 0 1");
	cc_chess_move_describe(&q, legal_uci(&q, "d2c4"), &info);
	ck_assert_int_eq(info.captured, CC_CHESS_NO_PIECE);
	ck_assert(!info.gives_check);
	cc_chess_position castle = pos_of("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
	cc_chess_move_describe(&castle, legal_uci(&castle, "e1g1"), &info);
	ck_assert_int_eq(info.kind, CC_CHESS_MOVE_CASTLE);
	ck_assert_int_eq(info.captured, CC_CHESS_NO_PIECE);
	ck_assert(info.gives_check);
	cc_chess_position capq = pos_of("4k3/8/8/8/1q6/8/8/1R2K3 w - - 0 1");
	cc_chess_move_describe(&capq, legal_uci(&capq, "b1b4"), &info);
	ck_assert_int_eq(info.captured, CC_CHESS_QUEEN);
	cc_chess_position promo = pos_of("7k/P7/8/8/8/8/8/K7 w - - 0 1");
	cc_chess_move_describe(&promo, legal_uci(&promo, "a7a8q"), &info);
	ck_assert_int_eq(info.kind, CC_CHESS_MOVE_PROMOTION);
	ck_assert_int_eq(info.promotion, CC_CHESS_QUEEN);
	ck_assert(info.gives_check);
}
END_TEST

/* --- perft (shallow; the deep counts are in test_chess_slow) ------------------ */

START_TEST(test_chess_perft__standard_positions)
{
	CLAUSES("CH-2.6");
	static const struct perft_case cases[] = {
		{"start", FEN_START, 4, 197281},
		{"kiwipete", FEN_KIWIPETE, 3, 97862},
		{"position 3", FEN_POS3, 4, 43238},
		{"position 4", FEN_POS4, 3, 9467},
		{"position 4 mirrored", FEN_POS4_MIRRORED, 3, 9467},
		{"position 5", FEN_POS5, 3, 62379},
		{"position 6", FEN_POS6, 3, 89890},
		{"start depth 0", FEN_START, 0, 1},
		{"kiwipete depth 1", FEN_KIWIPETE, 1, 48},
		{"kiwipete depth 2", FEN_KIWIPETE, 2, 2039},
		{"position 5 depth 1", FEN_POS5, 1, 44},
		{"position 6 depth 1", FEN_POS6, 1, 46},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cc_chess_position pos = pos_of(cases[i].fen);
		ck_assert_msg(cc_chess_perft(&pos, cases[i].depth) == cases[i].nodes, "%s", cases[i].name);
	}
}
END_TEST

/* CH-2.6: the portable copy of perft counts what the one using the processor's bit instructions does */
START_TEST(test_chess_perft__portable_copy_counts_the_same)
{
	CLAUSES("CH-2.6");
	static const char *fens[] = {FEN_START, FEN_KIWIPETE, FEN_POS3, FEN_POS4, FEN_POS5, FEN_POS6};
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		cc_chess_position pos = pos_of(fens[i]);
		for (unsigned d = 0; d <= 3; d++)
			ck_assert_msg(cc_chess_perft_portable(&pos, d) == cc_chess_perft(&pos, d), "%s depth %u", fens[i], d);
	}
	cc_chess_position pos = pos_of(FEN_KIWIPETE);
	ck_assert_uint_eq(cc_chess_perft_portable(&pos, 3), 97862);
}
END_TEST

START_TEST(test_chess_perft__castling_en_passant_promotion_corners)
{
	CLAUSES("CH-2.1 CH-2.2 CH-2.3 CH-2.4");
	for (size_t i = 0; i < sizeof perft_corners / sizeof perft_corners[0]; i++) {
		cc_chess_position pos = pos_of(perft_corners[i].fen);
		for (unsigned d = 1; d <= 3; d++)
			ck_assert_msg(cc_chess_perft(&pos, d) == perft_corners[i].shallow[d - 1], "%s depth %u",
			              perft_corners[i].name, d);
	}
}
END_TEST

START_TEST(test_chess_perft__listing_and_counting_agree)
{
	CLAUSES("CH-2.6");
	cc_chess_position pos = pos_of(FEN_KIWIPETE);
	cc_chess_move_list list;
	ck_assert_uint_eq(cc_chess_legal_moves(&pos, &list), cc_chess_count_legal_moves(&pos));
	ck_assert_uint_eq(list.count, 48);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("chess");
	TCase *tc = tcase_create("fen");
	tcase_add_test(tc, test_chess_fen__round_trips_standard_positions);
	tcase_add_test(tc, test_chess_fen__accepts_four_fields);
	tcase_add_test(tc, test_chess_fen__refuses_malformed_text);
	tcase_add_test(tc, test_chess_fen__refuses_impossible_positions);
	tcase_add_test(tc, test_chess_fen__refuses_castling_without_king_and_rook);
	tcase_add_test(tc, test_chess_fen__refuses_impossible_en_passant_square);
	suite_add_tcase(s, tc);
	tc = tcase_create("moves");
	tcase_add_test(tc, test_chess_moves__castling_not_out_of_through_or_into_check);
	tcase_add_test(tc, test_chess_moves__castling_moves_rook_and_rights_are_lost);
	tcase_add_test(tc, test_chess_moves__en_passant_right_after_the_double_step);
	tcase_add_test(tc, test_chess_moves__en_passant_refused_when_it_exposes_the_king);
	tcase_add_test(tc, test_chess_moves__promotions_include_under_promotions);
	tcase_add_test(tc, test_chess_moves__king_never_left_in_check);
	tcase_add_test(tc, test_chess_moves__unmake_restores_every_position);
	tcase_add_test(tc, test_chess_moves__pass_hands_the_move_over);
	tcase_add_test(tc, test_chess_moves__pass_refused_in_check);
	tcase_add_test(tc, test_chess_moves__describe_capture_and_check);
	suite_add_tcase(s, tc);
	tc = tcase_create("perft");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_chess_perft__standard_positions);
	tcase_add_test(tc, test_chess_perft__castling_en_passant_promotion_corners);
	tcase_add_test(tc, test_chess_perft__listing_and_counting_agree);
	tcase_add_test(tc, test_chess_perft__portable_copy_counts_the_same);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
