/*
 * test_chess_slow.c: deep perft, label "slow": about a billion nodes in
 * the default build, so it is left out of the valgrind pass. The unit suite
 * checks the same positions at shallow depths.
 */
#include <check.h>
#include <stdlib.h>

#include "chess_perft_data.h"
#include "chesscubing/chess.h"
#include "clauses.h"

static void check_perft(const char *name, const char *fen, unsigned depth, uint64_t nodes)
{
	cc_chess_position pos;
	cc_error err = {0};
	ck_assert_msg(cc_chess_position_from_fen(&pos, fen, &err) == CC_OK, "%s: %s", name, err.message);
	uint64_t got = cc_chess_perft(&pos, depth);
	ck_assert_msg(got == nodes, "%s depth %u: %llu, want %llu", name, depth, (unsigned long long)got,
	              (unsigned long long)nodes);
}

START_TEST(test_chess_slow_perft__standard_positions_deep)
{
	CLAUSES("CH-2.6");
	static const struct perft_case cases[] = {
		{"start", FEN_START, 6, 119060324},
		{"kiwipete", FEN_KIWIPETE, 5, 193690690},
		{"position 3", FEN_POS3, 7, 178633661},
		{"position 4", FEN_POS4, 5, 15833292},
		{"position 4 mirrored", FEN_POS4_MIRRORED, 5, 15833292},
		{"position 5", FEN_POS5, 5, 89941194},
		{"position 6", FEN_POS6, 5, 164075551},
	};
	check_perft(cases[_i].name, cases[_i].fen, cases[_i].depth, cases[_i].nodes);
}
END_TEST

START_TEST(test_chess_slow_perft__corner_cases_deep)
{
	CLAUSES("CH-2.1 CH-2.2 CH-2.3");
	const struct perft_corner *c = &perft_corners[_i];
	check_perft(c->name, c->fen, c->deep_depth, c->deep_nodes);
	check_perft(c->name, c->fen, 4, c->shallow[3]);
}
END_TEST

static Suite *chess_slow_suite(void)
{
	Suite *s = suite_create("chess_slow");
	TCase *perft = tcase_create("perft");
	tcase_add_loop_test(perft, test_chess_slow_perft__standard_positions_deep, 0, 7);
	tcase_add_loop_test(perft, test_chess_slow_perft__corner_cases_deep, 0,
	                    (int)(sizeof perft_corners / sizeof perft_corners[0]));
	tcase_set_timeout(perft, 600);
	suite_add_tcase(s, perft);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(chess_slow_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
