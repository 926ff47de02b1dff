/*
 * test_chess_san.c: the chess rules module's notation: SAN written as PGN
 * exports it, read strictly or in the arbiter's lenient forms, UCI, and
 * refusals that say why.
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "chess_fixture.h"

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

int main(void)
{
	Suite *s = suite_create("chess_san");
	TCase *tc = tcase_create("san");
	tcase_add_test(tc, test_chess_san__writes_pgn_export_form);
	tcase_add_test(tc, test_chess_san__minimal_disambiguation);
	tcase_add_test(tc, test_chess_san__strict_takes_exactly_pgn_san);
	tcase_add_test(tc, test_chess_san__strict_says_what_to_write);
	tcase_add_test(tc, test_chess_san__lenient_takes_arbiter_forms);
	tcase_add_test(tc, test_chess_san__lowercase_b_stays_a_pawn_file);
	tcase_add_test(tc, test_chess_san__uci_long_algebraic);
	tcase_add_test(tc, test_chess_san__refusals_say_why);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
