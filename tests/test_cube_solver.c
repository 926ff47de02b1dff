/*
 * test_cube_solver.c: the two-phase solver, random-state scrambles and the
 * scramble sheet. Heavy (tables built once, thousands of scrambles), so it
 * is labelled `slow`: ctest runs it, the valgrind pass does not.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/cube.h"
#include "clauses.h"
#include "cube_stats.h"

static cc_cube_tables *tables;

static void build_tables(void)
{
	cc_error err;
	ck_assert_int_eq(cc_cube_tables_create(&tables, &err), CC_OK);
}

static void free_tables(void)
{
	cc_cube_tables_destroy(tables);
	tables = NULL;
}

static cc_cube after(const char *text)
{
	cc_cube_alg alg;
	cc_cube c;
	ck_assert_int_eq(cc_cube_alg_parse(text, &alg, NULL), CC_OK);
	cc_cube_init(&c);
	cc_cube_apply_alg(&c, &alg);
	return c;
}

/* Solves c within max_len and checks the moves really solve it, tidily. */
static void assert_solves(const cc_cube *c, unsigned max_len)
{
	cc_cube_alg sol;
	cc_error err;
	ck_assert_int_eq(cc_cube_solve(tables, c, max_len, 0, &sol, &err), CC_OK);
	ck_assert_uint_le(sol.len, max_len);
	ck_assert(cc_cube_alg_is_tidy(&sol));
	cc_cube d = *c;
	cc_cube_apply_alg(&d, &sol);
	ck_assert(cc_cube_is_solved(&d));
}

/* random states are solved within 21 moves */
START_TEST(test_cube_solver_solve__random_states_within_21)
{
	CLAUSES("CU-5.1");
	cc_cube_rng rng;
	cc_cube_rng_seed(&rng, 99);
	for (int i = 0; i < 300; i++) {
		cc_cube c;
		cc_cube_random_state(&rng, &c);
		assert_solves(&c, CC_CUBE_SCRAMBLE_MAX);
	}
}
END_TEST

/* hand-picked hard states: the superflip (20 moves at best) and its neighbours */
START_TEST(test_cube_solver_solve__superflip_and_other_hard_states)
{
	CLAUSES("CU-5.1");
	static const char *hard[] = {
		"U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2", /* superflip */
		"U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2 U", /* superflip then U */
		"U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2 F2 B2 U D' R2 L2 U D'", /* superflip, four spots */
		"U2 D2 F2 B2 L2 R2", /* checkerboard */
		"",
		"R",
	};
	for (size_t i = 0; i < sizeof hard / sizeof hard[0]; i++) {
		cc_cube c = after(hard[i]);
		assert_solves(&c, CC_CUBE_SCRAMBLE_MAX);
	}
	/* The superflip needs 20 moves: refused at 19, within a small budget. */
	cc_cube c = after(hard[0]);
	cc_cube_alg sol;
	cc_error err = {0};
	ck_assert_int_eq(cc_cube_solve(tables, &c, 19, 200000, &sol, &err), CC_ERR_INVALID);
	ck_assert_str_ne(err.message, "");
}
END_TEST

/* an unsolvable state is refused, not searched */
START_TEST(test_cube_solver_solve__refuses_unsolvable_state)
{
	CLAUSES("CU-2.2");
	cc_cube c = after("R U F");
	c.co[0] = (uint8_t)((c.co[0] + 1) % 3);
	cc_cube_alg sol;
	cc_error err = {0};
	ck_assert_int_eq(cc_cube_solve(tables, &c, CC_CUBE_SCRAMBLE_MAX, 0, &sol, &err), CC_ERR_INVALID);
	ck_assert_str_ne(err.message, "");
}
END_TEST

/*
 * Every scramble turns a solved cube into the state that was drawn, in at
 * most 21 tidy moves, and never fewer than two moves.
 */
START_TEST(test_cube_solver_scramble__gives_the_drawn_state)
{
	CLAUSES("CU-1.3 CU-3.1 CU-3.2 CU-3.3 CU-1.2");
	cc_cube_rng rng;
	cc_cube_rng_seed(&rng, 1000);
	for (int i = 0; i < 1000; i++) {
		cc_cube_alg alg;
		cc_cube state, c;
		cc_cube_scramble(tables, &rng, &alg, &state);
		ck_assert_uint_le(alg.len, CC_CUBE_SCRAMBLE_MAX);
		ck_assert_uint_ge(alg.len, 2);
		ck_assert(cc_cube_alg_is_tidy(&alg));
		cc_cube_init(&c);
		cc_cube_apply_alg(&c, &alg);
		ck_assert(cc_cube_equal(&c, &state));
	}
}
END_TEST

/*
 * The cubes the scrambles produce (moves applied, not the drawn state) are
 * uniform: corner and edge permutation parity, the twist and
 * the flip coordinates in bins, the cubie in the first corner and edge
 * places. Critical values at p = 0.001.
 */
START_TEST(test_cube_solver_scramble__uniform_by_chi_square)
{
	CLAUSES("CU-1.1");
	enum { N = 1200 };
	unsigned odd[2] = {0}, twist[12] = {0}, flip[8] = {0}, corner0[8] = {0}, edge0[12] = {0};
	unsigned twist0[3] = {0}, flip0[2] = {0};
	cc_cube_rng rng;
	cc_cube_rng_seed(&rng, 31337);
	for (int i = 0; i < N; i++) {
		cc_cube_alg alg;
		cc_cube c;
		cc_cube_scramble(tables, &rng, &alg, NULL);
		cc_cube_init(&c);
		cc_cube_apply_alg(&c, &alg);
		ck_assert_uint_eq(parity(c.cp, 8), parity(c.ep, 12));
		odd[parity(c.cp, 8)]++;
		unsigned t = 0, f = 0;
		for (int k = 0; k < 7; k++)
			t = t * 3 + c.co[k];
		for (int k = 0; k < 11; k++)
			f = f * 2 + c.eo[k];
		twist[t % 12]++; /* 2187 twists in 12 bins: 3 bins of 183, 9 of 182 */
		flip[f % 8]++;
		corner0[c.cp[0]]++;
		edge0[c.ep[0]]++;
		twist0[c.co[0]]++;
		flip0[c.eo[0]]++;
	}
	ck_assert_double_lt(chi_square(odd, 2, N), CHI2_DF1);
	ck_assert_double_lt(chi_square(twist, 12, N), CHI2_DF11);
	ck_assert_double_lt(chi_square(flip, 8, N), CHI2_DF7);
	ck_assert_double_lt(chi_square(corner0, 8, N), CHI2_DF7);
	ck_assert_double_lt(chi_square(edge0, 12, N), CHI2_DF11);
	ck_assert_double_lt(chi_square(twist0, 3, N), CHI2_DF2);
	ck_assert_double_lt(chi_square(flip0, 2, N), CHI2_DF1);
}
END_TEST

/*
 * The sheet has cubes 1 to 4, each with a scramble of its own; under each
 * number, the scramble the two players' cubes get is the same, so both
 * cubes end in the same state.
 */
START_TEST(test_cube_solver_sheet__four_numbered_identical_scrambles)
{
	CLAUSES("CU-4.1 CU-4.2");
	cc_cube_sheet white, black;
	cc_cube_sheet_derive(tables, 77, &white);
	cc_cube_sheet_derive(tables, 77, &black);
	ck_assert_int_eq(CC_CUBE_SHEET_CUBES, 4);
	cc_cube states[CC_CUBE_SHEET_CUBES];
	for (int n = 0; n < CC_CUBE_SHEET_CUBES; n++) {
		cc_cube w, b;
		cc_cube_init(&w);
		cc_cube_init(&b);
		cc_cube_apply_alg(&w, &white.scrambles[n]);
		cc_cube_apply_alg(&b, &black.scrambles[n]);
		ck_assert(cc_cube_equal(&w, &b));
		ck_assert_uint_le(white.scrambles[n].len, CC_CUBE_SCRAMBLE_MAX);
		states[n] = w;
		for (int k = 0; k < n; k++)
			ck_assert(!cc_cube_equal(&states[k], &w));
	}
}
END_TEST

/* the sheet is a function of its seed (a match stores only the seed) */
START_TEST(test_cube_solver_sheet__same_seed_same_sheet)
{
	CLAUSES("CU-4.3");
	cc_cube_sheet a, b, c;
	cc_cube_sheet_derive(tables, 123456789, &a);
	cc_cube_sheet_derive(tables, 123456789, &b);
	cc_cube_sheet_derive(tables, 123456790, &c);
	ck_assert_uint_eq(a.seed, 123456789);
	bool differs = false;
	for (int n = 0; n < CC_CUBE_SHEET_CUBES; n++) {
		char ta[CC_CUBE_ALG_TEXT_MAX], tb[CC_CUBE_ALG_TEXT_MAX], tc[CC_CUBE_ALG_TEXT_MAX];
		cc_cube_alg_format(&a.scrambles[n], ta, sizeof ta);
		cc_cube_alg_format(&b.scrambles[n], tb, sizeof tb);
		cc_cube_alg_format(&c.scrambles[n], tc, sizeof tc);
		ck_assert_str_eq(ta, tb);
		differs |= strcmp(ta, tc) != 0;
	}
	ck_assert(differs);
}
END_TEST

static Suite *cube_solver_suite(void)
{
	Suite *s = suite_create("cube_solver");
	TCase *solve = tcase_create("solve");
	TCase *scramble = tcase_create("scramble");
	TCase *sheet = tcase_create("sheet");
	TCase *all[] = {solve, scramble, sheet};
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
		tcase_add_unchecked_fixture(all[i], build_tables, free_tables);
		tcase_set_timeout(all[i], 300);
	}
	tcase_add_test(solve, test_cube_solver_solve__random_states_within_21);
	tcase_add_test(solve, test_cube_solver_solve__superflip_and_other_hard_states);
	tcase_add_test(solve, test_cube_solver_solve__refuses_unsolvable_state);
	tcase_add_test(scramble, test_cube_solver_scramble__gives_the_drawn_state);
	tcase_add_test(scramble, test_cube_solver_scramble__uniform_by_chi_square);
	tcase_add_test(sheet, test_cube_solver_sheet__four_numbered_identical_scrambles);
	tcase_add_test(sheet, test_cube_solver_sheet__same_seed_same_sheet);
	suite_add_tcase(s, solve);
	suite_add_tcase(s, scramble);
	suite_add_tcase(s, sheet);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(cube_solver_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
