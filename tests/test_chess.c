/* test_chess.c: the chess rules module: FEN, legal moves, SAN/UCI, states. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess_perft_data.h"
#include "chesscubing/chess.h"
#include "chesscubing/match.h"
#include "clauses.h"

static cc_chess_position pos_of(const char *fen)
{
	cc_chess_position pos;
	cc_error err = {0};
	cc_err rc = cc_chess_position_from_fen(&pos, fen, &err);
	ck_assert_msg(rc == CC_OK, "%s: %s", fen, err.message);
	return pos;
}

static cc_err fen_error(const char *fen, char *message, size_t size)
{
	cc_chess_position pos;
	cc_chess_position_start(&pos);
	cc_chess_position before = pos;
	cc_error err = {0};
	cc_err rc = cc_chess_position_from_fen(&pos, fen, &err);
	ck_assert_msg(rc != CC_OK, "accepted: %s", fen);
	ck_assert_int_eq(memcmp(&pos, &before, sizeof pos), 0);
	ck_assert_str_ne(err.message, "");
	ck_assert_ptr_null(strchr(err.message, '\n'));
	snprintf(message, size, "%s", err.message);
	return rc;
}

/* The move written in UCI, or CC_CHESS_MOVE_NONE when it is not legal. */
static cc_chess_move legal_uci(const cc_chess_position *pos, const char *uci)
{
	cc_chess_move_list list;
	cc_chess_legal_moves(pos, &list);
	for (size_t i = 0; i < list.count; i++) {
		char buf[CC_CHESS_SAN_MAX];
		cc_chess_move_to_uci(list.moves[i], buf, sizeof buf);
		if (strcmp(buf, uci) == 0)
			return list.moves[i];
	}
	return CC_CHESS_MOVE_NONE;
}

static const char *san_of(const char *fen, const char *uci)
{
	static char buf[CC_CHESS_SAN_MAX];
	cc_chess_position pos = pos_of(fen);
	cc_chess_move m = legal_uci(&pos, uci);
	ck_assert_msg(m != CC_CHESS_MOVE_NONE, "%s not legal in %s", uci, fen);
	cc_chess_move_to_san(&pos, m, buf, sizeof buf);
	return buf;
}

/* The UCI of what text parses to, or the error code's name. */
static const char *parsed(const char *fen, const char *text, cc_chess_parse_mode mode)
{
	static char buf[CC_CHESS_SAN_MAX + 16];
	cc_chess_position pos = pos_of(fen);
	cc_chess_move m = CC_CHESS_MOVE_NONE;
	cc_error err = {0};
	cc_err rc = cc_chess_parse_move(&pos, text, mode, &m, &err);
	if (rc != CC_OK) {
		ck_assert_str_ne(err.message, "");
		ck_assert_uint_eq(m, CC_CHESS_MOVE_NONE);
		return cc_err_name(rc);
	}
	cc_chess_move_to_uci(m, buf, sizeof buf);
	return buf;
}

static const char *fen_after(const char *fen, const char *uci)
{
	static char buf[CC_CHESS_FEN_MAX];
	cc_chess_position pos = pos_of(fen);
	cc_chess_undo undo;
	cc_chess_move m = legal_uci(&pos, uci);
	ck_assert_msg(m != CC_CHESS_MOVE_NONE, "%s not legal in %s", uci, fen);
	cc_chess_make(&pos, m, &undo);
	cc_chess_position_to_fen(&pos, buf, sizeof buf);
	return buf;
}

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

/* --- SAN and UCI -------------------------------------------------------------- */

#define FEN_TWO_KNIGHTS "r1bqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 1"
#define FEN_SCHOLAR "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"

START_TEST(test_chess_san__writes_pgn_export_form)
{
	CLAUSES("CH-3.1");
	ck_assert_str_eq(san_of(FEN_START, "e2e4"), "e4");
	ck_assert_str_eq(san_of(FEN_START, "g1f3"), "Nf3");
	ck_assert_str_eq(san_of(FEN_SCHOLAR, "h5f7"), "Qxf7#");
	ck_assert_str_eq(san_of(FEN_SCHOLAR, "c4f7"), "Bxf7+");
	ck_assert_str_eq(san_of(FEN_KIWIPETE, "e1g1"), "O-O");
	ck_assert_str_eq(san_of(FEN_KIWIPETE, "e1c1"), "O-O-O");
	ck_assert_str_eq(san_of(FEN_KIWIPETE, "d5e6"), "dxe6");
	ck_assert_str_eq(san_of("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6"), "exf6");
	ck_assert_str_eq(san_of("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), "a8=Q+");
	ck_assert_str_eq(san_of("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8n"), "axb8=N");
	ck_assert_str_eq(san_of("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"), "O-O-O+");
}
END_TEST

START_TEST(test_chess_san__minimal_disambiguation)
{
	CLAUSES("CH-3.1");
	/* file when it tells the pieces apart */
	ck_assert_str_eq(san_of("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1"), "Rad1");
	/* rank when they share the file */
	ck_assert_str_eq(san_of("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
	/* both when one shares the file and another the rank */
	ck_assert_str_eq(san_of("4k3/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "a1b2"), "Qa1b2");
	/* none when the other piece cannot go there legally (it is pinned) */
	ck_assert_str_eq(san_of("k3r3/8/8/4N3/8/8/8/2N1K3 w - - 0 1", "c1d3"), "Nd3");
	ck_assert_str_eq(san_of("k7/8/8/4N3/8/8/8/2N1K3 w - - 0 1", "c1d3"), "Ncd3");
}
END_TEST

START_TEST(test_chess_san__strict_takes_exactly_pgn_san)
{
	CLAUSES("CH-3.2");
	ck_assert_str_eq(parsed(FEN_START, "Nf3", CC_CHESS_PARSE_STRICT), "g1f3");
	ck_assert_str_eq(parsed(FEN_START, "e4", CC_CHESS_PARSE_STRICT), "e2e4");
	ck_assert_str_eq(parsed(FEN_SCHOLAR, "Qxf7#", CC_CHESS_PARSE_STRICT), "h5f7");
	ck_assert_str_eq(parsed(FEN_KIWIPETE, "O-O-O", CC_CHESS_PARSE_STRICT), "e1c1");
	ck_assert_str_eq(parsed("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "axb8=N", CC_CHESS_PARSE_STRICT), "a7b8n");
	static const char *refused[] = {"0-0", "nf3", "Nf3+", "Ng1f3", "Ngf3", "Nxf3", "e2e4", "N f3"};
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
		ck_assert_msg(strcmp(parsed(FEN_START, refused[i], CC_CHESS_PARSE_STRICT), "invalid") == 0 ||
		              strcmp(parsed(FEN_START, refused[i], CC_CHESS_PARSE_STRICT), "illegal_move") == 0,
		              "%s", refused[i]);
	ck_assert_str_eq(parsed(FEN_SCHOLAR, "Qxf7", CC_CHESS_PARSE_STRICT), "invalid");
	ck_assert_str_eq(parsed("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8Q+", CC_CHESS_PARSE_STRICT), "invalid");
	ck_assert_str_eq(parsed("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=q+", CC_CHESS_PARSE_STRICT), "invalid");
}
END_TEST

START_TEST(test_chess_san__strict_says_what_to_write)
{
	CLAUSES("CH-3.2");
	cc_chess_position pos = pos_of(FEN_SCHOLAR);
	cc_chess_move m = CC_CHESS_MOVE_NONE;
	cc_error err = {0};
	ck_assert_int_eq(cc_chess_parse_move(&pos, "Qxf7+", CC_CHESS_PARSE_STRICT, &m, &err), CC_ERR_INVALID);
	ck_assert_str_eq(err.message, "'Qxf7+' is not standard SAN: write 'Qxf7#'");
	cc_chess_position kiwi = pos_of(FEN_KIWIPETE);
	ck_assert_int_eq(cc_chess_parse_move(&kiwi, "0-0", CC_CHESS_PARSE_STRICT, &m, &err), CC_ERR_INVALID);
	ck_assert_str_eq(err.message, "'0-0' is not standard SAN: write 'O-O'");
	ck_assert_int_eq(cc_chess_parse_move(&pos, "d2d3", CC_CHESS_PARSE_STRICT, &m, &err), CC_ERR_INVALID);
	ck_assert_str_eq(err.message, "'d2d3' is not standard SAN: write 'd3'");
	ck_assert_int_eq(cc_chess_parse_move(&pos, "Ngf3", CC_CHESS_PARSE_STRICT, &m, &err), CC_ERR_INVALID);
	ck_assert_str_eq(err.message, "'Ngf3' is not standard SAN: write 'Nf3'");
	ck_assert_uint_eq(m, CC_CHESS_MOVE_NONE);
}
END_TEST

START_TEST(test_chess_san__lenient_takes_arbiter_forms)
{
	CLAUSES("CH-3.3");
	const cc_chess_parse_mode L = CC_CHESS_PARSE_LENIENT;
	ck_assert_str_eq(parsed(FEN_KIWIPETE, "0-0", L), "e1g1");
	ck_assert_str_eq(parsed(FEN_KIWIPETE, "o-o-o", L), "e1c1");
	ck_assert_str_eq(parsed(FEN_KIWIPETE, "O-O+", L), "e1g1");
	const char *promo = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
	ck_assert_str_eq(parsed(promo, "a8Q", L), "a7a8q");
	ck_assert_str_eq(parsed(promo, "a8=q", L), "a7a8q");
	ck_assert_str_eq(parsed(promo, "a8n", L), "a7a8n");
	ck_assert_str_eq(parsed(promo, "a8=B#", L), "a7a8b");
	ck_assert_str_eq(parsed(FEN_SCHOLAR, "Qxf7", L), "h5f7");   /* missing # */
	ck_assert_str_eq(parsed(FEN_SCHOLAR, "Qf7+", L), "h5f7");   /* wrong mark, missing x */
	ck_assert_str_eq(parsed(FEN_START, "Nf3+", L), "g1f3");     /* no check given */
	ck_assert_str_eq(parsed(FEN_START, "Ngf3", L), "g1f3");     /* over-disambiguated */
	ck_assert_str_eq(parsed(FEN_START, "Ng1f3", L), "g1f3");
	ck_assert_str_eq(parsed(FEN_START, "nf3", L), "g1f3");      /* lowercase piece letter */
	ck_assert_str_eq(parsed(FEN_TWO_KNIGHTS, "nxe4", L), "f6e4");
	ck_assert_str_eq(parsed(FEN_TWO_KNIGHTS, "qe7", L), "d8e7");
	ck_assert_str_eq(parsed(FEN_TWO_KNIGHTS, "ke7", L), "e8e7");
	ck_assert_str_eq(parsed(FEN_START, " e4 ", L), "e2e4");
	ck_assert_str_eq(parsed("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6 e.p.", L),
	                 "e5f6");
}
END_TEST

START_TEST(test_chess_san__lowercase_b_stays_a_pawn_file)
{
	CLAUSES("CH-3.3");
	const char *fen = "4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1";
	const cc_chess_parse_mode L = CC_CHESS_PARSE_LENIENT;
	ck_assert_str_eq(parsed(fen, "bxc3", L), "b2c3");
	ck_assert_str_eq(parsed(fen, "bc3", L), "b2c3");
	ck_assert_str_eq(parsed(fen, "Bxc3", L), "d2c3");
	ck_assert_str_eq(parsed(fen, "b4", L), "b2b4");
}
END_TEST

START_TEST(test_chess_san__uci_long_algebraic)
{
	CLAUSES("CH-3.4");
	const cc_chess_parse_mode L = CC_CHESS_PARSE_LENIENT;
	ck_assert_str_eq(parsed(FEN_START, "e2e4", L), "e2e4");
	ck_assert_str_eq(parsed(FEN_KIWIPETE, "e1g1", L), "e1g1");
	ck_assert_str_eq(parsed("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", L), "a7a8q");
	ck_assert_str_eq(parsed("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8N", L), "a7a8n");
	ck_assert_str_eq(parsed(FEN_START, "e2e5", L), "illegal_move");
	char buf[CC_CHESS_SAN_MAX];
	cc_chess_position pos = pos_of("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
	cc_chess_move_to_uci(legal_uci(&pos, "a7a8r"), buf, sizeof buf);
	ck_assert_str_eq(buf, "a7a8r");
}
END_TEST

START_TEST(test_chess_san__refusals_say_why)
{
	CLAUSES("CH-3.5");
	cc_chess_position pos = pos_of("r3k3/8/8/8/8/8/4K3/R6R w - - 0 1");
	cc_chess_move m = CC_CHESS_MOVE_NONE;
	cc_error err = {0};
	ck_assert_int_eq(cc_chess_parse_move(&pos, "Rd1", CC_CHESS_PARSE_LENIENT, &m, &err), CC_ERR_ILLEGAL_MOVE);
	ck_assert_str_eq(err.message, "'Rd1' is ambiguous: Rad1, Rhd1");
	ck_assert_int_eq(cc_chess_parse_move(&pos, "Rd1", CC_CHESS_PARSE_STRICT, &m, &err), CC_ERR_ILLEGAL_MOVE);
	ck_assert_int_eq(cc_chess_parse_move(&pos, "Nf3", CC_CHESS_PARSE_LENIENT, &m, &err), CC_ERR_ILLEGAL_MOVE);
	ck_assert_str_eq(err.message, "'Nf3' is not a legal move for White here");
	ck_assert_int_eq(cc_chess_parse_move(&pos, "hello", CC_CHESS_PARSE_LENIENT, &m, &err), CC_ERR_INVALID);
	ck_assert_str_eq(err.message, "'hello' is not a move in SAN or UCI");
	cc_chess_position promo = pos_of("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
	ck_assert_int_eq(cc_chess_parse_move(&promo, "a8", CC_CHESS_PARSE_LENIENT, &m, &err), CC_ERR_ILLEGAL_MOVE);
	ck_assert_str_eq(err.message, "'a8' promotes: say to what, like a8=Q or a8=N");
	ck_assert_uint_eq(m, CC_CHESS_MOVE_NONE);
}
END_TEST

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

static Suite *chess_suite(void)
{
	Suite *s = suite_create("chess");
	TCase *fen = tcase_create("fen");
	TCase *moves = tcase_create("moves");
	TCase *perft = tcase_create("perft");
	TCase *san = tcase_create("san");
	TCase *states = tcase_create("states");
	TCase *game = tcase_create("game");
	tcase_add_test(fen, test_chess_fen__round_trips_standard_positions);
	tcase_add_test(fen, test_chess_fen__accepts_four_fields);
	tcase_add_test(fen, test_chess_fen__refuses_malformed_text);
	tcase_add_test(fen, test_chess_fen__refuses_impossible_positions);
	tcase_add_test(fen, test_chess_fen__refuses_castling_without_king_and_rook);
	tcase_add_test(fen, test_chess_fen__refuses_impossible_en_passant_square);
	tcase_add_test(moves, test_chess_moves__castling_not_out_of_through_or_into_check);
	tcase_add_test(moves, test_chess_moves__castling_moves_rook_and_rights_are_lost);
	tcase_add_test(moves, test_chess_moves__en_passant_right_after_the_double_step);
	tcase_add_test(moves, test_chess_moves__en_passant_refused_when_it_exposes_the_king);
	tcase_add_test(moves, test_chess_moves__promotions_include_under_promotions);
	tcase_add_test(moves, test_chess_moves__king_never_left_in_check);
	tcase_add_test(moves, test_chess_moves__unmake_restores_every_position);
	tcase_add_test(moves, test_chess_moves__pass_hands_the_move_over);
	tcase_add_test(moves, test_chess_moves__pass_refused_in_check);
	tcase_add_test(moves, test_chess_moves__describe_capture_and_check);
	tcase_add_test(perft, test_chess_perft__standard_positions);
	tcase_add_test(perft, test_chess_perft__castling_en_passant_promotion_corners);
	tcase_add_test(perft, test_chess_perft__listing_and_counting_agree);
	tcase_add_test(perft, test_chess_perft__portable_copy_counts_the_same);
	tcase_set_timeout(perft, 60);
	tcase_add_test(san, test_chess_san__writes_pgn_export_form);
	tcase_add_test(san, test_chess_san__minimal_disambiguation);
	tcase_add_test(san, test_chess_san__strict_takes_exactly_pgn_san);
	tcase_add_test(san, test_chess_san__strict_says_what_to_write);
	tcase_add_test(san, test_chess_san__lenient_takes_arbiter_forms);
	tcase_add_test(san, test_chess_san__lowercase_b_stays_a_pawn_file);
	tcase_add_test(san, test_chess_san__uci_long_algebraic);
	tcase_add_test(san, test_chess_san__refusals_say_why);
	tcase_add_test(states, test_chess_states__checkmate);
	tcase_add_test(states, test_chess_states__mate_prevails_over_the_75_move_rule);
	tcase_add_test(states, test_chess_states__stalemate);
	tcase_add_test(states, test_chess_states__insufficient_material);
	tcase_add_test(states, test_chess_states__threefold_then_fivefold_repetition);
	tcase_add_test(states, test_chess_states__repetition_key_is_the_first_four_fen_fields);
	tcase_add_test(states, test_chess_states__fifty_and_seventy_five_move_rules);
	tcase_add_test(states, test_chess_states__draws_are_information_only);
	tcase_add_test(game, test_chess_game__illegal_move_leaves_the_position_untouched);
	tcase_add_test(game, test_chess_game__real_game_to_mate_in_strict_san);
	suite_add_tcase(s, fen);
	suite_add_tcase(s, moves);
	suite_add_tcase(s, perft);
	suite_add_tcase(s, san);
	suite_add_tcase(s, states);
	suite_add_tcase(s, game);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(chess_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
