/*
 * test_cube.c: the cube model, WCA notation, the solvability check, the
 * seeded generator and the uniform draw of states. No solver tables here,
 * so the suite stays quick under valgrind (the solver is test_cube_solver).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/cube.h"
#include "clauses.h"
#include "cube_stats.h"

/* A well-known 20-move superflip: every edge flipped in place, nothing else. */
static const char superflip_text[] = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";

static cc_cube_alg parse_ok(const char *text)
{
	cc_cube_alg alg;
	cc_error err;
	ck_assert_int_eq(cc_cube_alg_parse(text, &alg, &err), CC_OK);
	return alg;
}

static cc_cube after(const char *text)
{
	cc_cube c;
	cc_cube_alg alg = parse_ok(text);
	cc_cube_init(&c);
	cc_cube_apply_alg(&c, &alg);
	return c;
}

/* a face turned four quarter turns, or twice by U2, is back home */
START_TEST(test_cube_model__face_turns_have_order_four)
{
	CLAUSES("CU-2.1");
	static const char *cases[] = {"U U U U", "R R R R", "F F F F", "D D D D", "L L L L", "B B B B",
				      "U2 U2", "R' R", "F2 F' F'", "L' L' L' L'"};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cc_cube c = after(cases[i]);
		ck_assert_msg(cc_cube_is_solved(&c), "%s", cases[i]);
	}
	cc_cube c = after("U");
	ck_assert(!cc_cube_is_solved(&c));
}
END_TEST

/* known identities of real cubes: R U R' U' six times, Sune six times */
START_TEST(test_cube_model__known_identities_hold)
{
	CLAUSES("CU-2.1");
	cc_cube c = after("R U R' U' R U R' U' R U R' U' R U R' U' R U R' U' R U R' U'");
	ck_assert(cc_cube_is_solved(&c));
	c = after("R U R' U' R U R' U' R U R' U' R U R' U' R U R' U'");
	ck_assert(!cc_cube_is_solved(&c));
	cc_cube_alg sune = parse_ok("R U R' U R U2 R'");
	cc_cube_init(&c);
	for (int i = 0; i < 6; i++) {
		ck_assert(i == 0 || !cc_cube_is_solved(&c));
		cc_cube_apply_alg(&c, &sune);
	}
	ck_assert(cc_cube_is_solved(&c));
}
END_TEST

/* the published superflip sequence flips every edge and moves nothing */
START_TEST(test_cube_model__superflip_sequence_flips_every_edge)
{
	CLAUSES("CU-2.1");
	cc_cube c = after(superflip_text);
	for (int i = 0; i < 8; i++) {
		ck_assert_int_eq(c.cp[i], i);
		ck_assert_int_eq(c.co[i], 0);
	}
	for (int i = 0; i < 12; i++) {
		ck_assert_int_eq(c.ep[i], i);
		ck_assert_int_eq(c.eo[i], 1);
	}
}
END_TEST

/* a state followed by its inverse is solved, either way round */
START_TEST(test_cube_model__inverse_undoes_a_state)
{
	CLAUSES("CU-1.3");
	cc_cube c = after("R U2 F' L D B2 R' U"), inv;
	cc_cube_invert(&c, &inv);
	cc_cube a = c;
	cc_cube_multiply(&a, &inv);
	ck_assert(cc_cube_is_solved(&a));
	cc_cube_multiply(&inv, &c);
	ck_assert(cc_cube_is_solved(&inv));
}
END_TEST

/* every move's text reads back as the same move, and prints the same */
START_TEST(test_cube_notation__round_trips_every_move)
{
	CLAUSES("CU-2.1");
	static const char all[] = "U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'";
	cc_cube_alg alg = parse_ok(all);
	ck_assert_int_eq(alg.len, CC_CUBE_MOVES);
	for (unsigned m = 0; m < CC_CUBE_MOVES; m++) {
		ck_assert_int_eq(alg.moves[m], m);
		ck_assert_int_eq(cc_cube_move_face((cc_cube_move)m), m / 3);
		ck_assert_uint_eq(cc_cube_move_turns((cc_cube_move)m), m % 3 + 1);
	}
	char buf[CC_CUBE_ALG_TEXT_MAX];
	ck_assert_uint_eq(cc_cube_alg_format(&alg, buf, sizeof buf), strlen(all));
	ck_assert_str_eq(buf, all);
	cc_cube_alg again = parse_ok(buf);
	ck_assert_int_eq(again.len, alg.len);
	ck_assert_mem_eq(again.moves, alg.moves, alg.len);
}
END_TEST

/* spacing is free on input, single on output; an empty sequence is "" */
START_TEST(test_cube_notation__normalises_spacing)
{
	CLAUSES("CU-2.1");
	char buf[CC_CUBE_ALG_TEXT_MAX];
	cc_cube_alg alg = parse_ok("  R\tU'  \n F2 ");
	cc_cube_alg_format(&alg, buf, sizeof buf);
	ck_assert_str_eq(buf, "R U' F2");
	alg = parse_ok("");
	ck_assert_uint_eq(cc_cube_alg_format(&alg, buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "");
}
END_TEST

/* a short buffer gets a cut, terminated text and the full length back */
START_TEST(test_cube_notation__format_cuts_like_snprintf)
{
	CLAUSES("CU-2.1");
	char buf[5];
	cc_cube_alg alg = parse_ok("R U' F2");
	ck_assert_uint_eq(cc_cube_alg_format(&alg, buf, sizeof buf), 7);
	ck_assert_str_eq(buf, "R U'");
}
END_TEST

/* anything outside U D L R F B with ' or 2 is refused with a message */
START_TEST(test_cube_notation__refuses_other_tokens)
{
	CLAUSES("CU-2.1");
	static const char *bad[] = {"x", "R3", "R''", "Rw", "r", "R2'", "U,R", "M", "R 2", "U'2", "y2"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cc_cube_alg alg;
		cc_error err = {0};
		ck_assert_msg(cc_cube_alg_parse(bad[i], &alg, &err) == CC_ERR_INVALID, "%s", bad[i]);
		ck_assert_str_ne(err.message, "");
	}
	char many[CC_CUBE_ALG_MAX * 2 + 8] = "";
	for (int i = 0; i <= CC_CUBE_ALG_MAX; i++)
		strcat(many, "U ");
	cc_cube_alg alg;
	ck_assert_int_eq(cc_cube_alg_parse(many, &alg, NULL), CC_ERR_INVALID);
}
END_TEST

/* the inverse sequence, applied after the sequence, solves the cube */
START_TEST(test_cube_notation__inverse_sequence_undoes)
{
	CLAUSES("CU-1.3");
	cc_cube_alg alg = parse_ok(superflip_text), inv;
	cc_cube_alg_invert(&alg, &inv);
	char buf[CC_CUBE_ALG_TEXT_MAX];
	cc_cube_alg_format(&inv, buf, sizeof buf);
	ck_assert_str_eq(buf, "F2 U2 B2 L' R F' R2 D U R' B2 L' U2 R' B2 R' B' F' R2 U'");
	cc_cube c;
	cc_cube_init(&c);
	cc_cube_apply_alg(&c, &alg);
	cc_cube_apply_alg(&c, &inv);
	ck_assert(cc_cube_is_solved(&c));
}
END_TEST

/* same face twice and three turns on one axis are untidy */
START_TEST(test_cube_notation__tidy_rules)
{
	CLAUSES("CU-3.2 CU-3.3");
	static const char *tidy[] = {"", "R", "R U R' U'", "U D R", "D U", "U D' R U2 D2", superflip_text};
	static const char *untidy[] = {"R R", "U U2", "R U U'", "U D U", "D U D'", "R L R2", "F B2 F"};
	for (size_t i = 0; i < sizeof tidy / sizeof tidy[0]; i++) {
		cc_cube_alg alg = parse_ok(tidy[i]);
		ck_assert_msg(cc_cube_alg_is_tidy(&alg), "%s", tidy[i]);
	}
	for (size_t i = 0; i < sizeof untidy / sizeof untidy[0]; i++) {
		cc_cube_alg alg = parse_ok(untidy[i]);
		ck_assert_msg(!cc_cube_alg_is_tidy(&alg), "%s", untidy[i]);
	}
}
END_TEST

/* states reached by turning faces are solvable */
START_TEST(test_cube_check__accepts_reachable_states)
{
	CLAUSES("CU-2.2");
	cc_cube c;
	cc_cube_init(&c);
	ck_assert_int_eq(cc_cube_check(&c, NULL), CC_OK);
	c = after(superflip_text);
	ck_assert_int_eq(cc_cube_check(&c, NULL), CC_OK);
	c = after("R U2 F' L D B2 R' U F");
	ck_assert_int_eq(cc_cube_check(&c, NULL), CC_OK);
}
END_TEST

static void assert_refused(const cc_cube *c)
{
	cc_error err = {0};
	ck_assert_int_eq(cc_cube_check(c, &err), CC_ERR_INVALID);
	ck_assert_str_ne(err.message, "");
}

/* a twisted corner, a flipped edge, a swap or a broken permutation is refused */
START_TEST(test_cube_check__refuses_unsolvable_states)
{
	CLAUSES("CU-2.2");
	cc_cube good = after("R U2 F' L D B2 R' U F"), c;
	c = good;
	c.co[3] = (uint8_t)((c.co[3] + 1) % 3);
	assert_refused(&c);
	c = good;
	c.eo[5] ^= 1;
	assert_refused(&c);
	c = good;
	uint8_t tmp = c.ep[0];
	c.ep[0] = c.ep[1];
	c.ep[1] = tmp;
	assert_refused(&c);
	c = good;
	c.cp[2] = c.cp[3];
	assert_refused(&c);
	c = good;
	c.ep[11] = 12;
	assert_refused(&c);
	c = good;
	c.co[0] = 3;
	assert_refused(&c);
}
END_TEST

/* the same seed always gives the same draws; another seed others */
START_TEST(test_cube_rng__same_seed_same_draws)
{
	CLAUSES("CU-4.3");
	cc_cube_rng a, b, c;
	cc_cube_rng_seed(&a, 2026);
	cc_cube_rng_seed(&b, 2026);
	cc_cube_rng_seed(&c, 2027);
	bool differs = false;
	for (int i = 0; i < 100; i++) {
		uint64_t x = cc_cube_rng_next(&a);
		ck_assert_uint_eq(x, cc_cube_rng_next(&b));
		differs |= x != cc_cube_rng_next(&c);
	}
	ck_assert(differs);
	/* Pinned: a stored seed must give the same sheet on every build. */
	cc_cube_rng_seed(&a, 0);
	ck_assert_uint_eq(cc_cube_rng_next(&a), 0x99ec5f36cb75f2b4u);
}
END_TEST

/* bounded draws stay in range and reach every value */
START_TEST(test_cube_rng__below_covers_the_range)
{
	CLAUSES("CU-1.1");
	cc_cube_rng rng;
	cc_cube_rng_seed(&rng, 5);
	unsigned seen[7] = {0};
	for (int i = 0; i < 7000; i++) {
		uint64_t x = cc_cube_rng_below(&rng, 7);
		ck_assert_uint_lt(x, 7);
		seen[x]++;
	}
	for (int i = 0; i < 7; i++)
		ck_assert_uint_gt(seen[i], 800);
	ck_assert_uint_eq(cc_cube_rng_below(&rng, 1), 0);
}
END_TEST

/* drawn states are solvable and at least two moves from solved */
START_TEST(test_cube_random_state__solvable_and_two_moves_away)
{
	CLAUSES("CU-1.2");
	cc_cube_rng rng;
	cc_cube_rng_seed(&rng, 11);
	for (int i = 0; i < 2000; i++) {
		cc_cube c;
		cc_cube_random_state(&rng, &c);
		ck_assert_int_eq(cc_cube_check(&c, NULL), CC_OK);
		ck_assert(!cc_cube_is_solved(&c));
		for (cc_cube_move m = 0; m < CC_CUBE_MOVES; m++) {
			cc_cube d = c;
			cc_cube_apply_move(&d, m);
			ck_assert(!cc_cube_is_solved(&d));
		}
	}
}
END_TEST

/* each cubie equally likely in each place, each twist and flip, each parity */
START_TEST(test_cube_random_state__uniform_by_chi_square)
{
	CLAUSES("CU-1.1");
	enum { DRAWS = 24000 };
	unsigned corner_at[8][8] = {{0}}, twist_at[8][3] = {{0}}, edge_at[12][12] = {{0}};
	unsigned flip_at[12][2] = {{0}}, odd[2] = {0};
	cc_cube_rng rng;
	cc_cube_rng_seed(&rng, 4);
	for (int i = 0; i < DRAWS; i++) {
		cc_cube c;
		cc_cube_random_state(&rng, &c);
		for (int p = 0; p < 8; p++) {
			corner_at[p][c.cp[p]]++;
			twist_at[p][c.co[p]]++;
		}
		for (int p = 0; p < 12; p++) {
			edge_at[p][c.ep[p]]++;
			flip_at[p][c.eo[p]]++;
		}
		odd[parity(c.cp, 8)]++;
	}
	for (int p = 0; p < 8; p++) {
		ck_assert_double_lt(chi_square(corner_at[p], 8, DRAWS), CHI2_DF7);
		ck_assert_double_lt(chi_square(twist_at[p], 3, DRAWS), CHI2_DF2);
	}
	for (int p = 0; p < 12; p++) {
		ck_assert_double_lt(chi_square(edge_at[p], 12, DRAWS), CHI2_DF11);
		ck_assert_double_lt(chi_square(flip_at[p], 2, DRAWS), CHI2_DF1);
	}
	ck_assert_double_lt(chi_square(odd, 2, DRAWS), CHI2_DF1);
}
END_TEST

/*
 * An independent model of the stickers for cc_cube_facelets: each sticker
 * is a cubie position p and an outward normal n in {-1,0,1}^3 (x to R,
 * y to U, z to F), placed on the net as the header says. A clockwise
 * quarter turn of the face with normal a turns every sticker with p.a = 1
 * by -90 degrees about a: v -> a(a.v) - a x v. No cubie table in sight.
 */
typedef struct {
	int p[3], n[3];
} sticker;

static const int face_normal[6][3] = {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {0, -1, 0}, {-1, 0, 0}, {0, 0, -1}};

static sticker sticker_of(int facelet)
{
	int f = facelet / 9, r = (facelet % 9) / 3, c = facelet % 3;
	sticker s = {{0, 0, 0}, {face_normal[f][0], face_normal[f][1], face_normal[f][2]}};
	switch (f) {
	case 0: /* U, B at the top */
		s.p[0] = c - 1, s.p[1] = 1, s.p[2] = r - 1;
		break;
	case 1: /* R, U at the top, F on the left */
		s.p[0] = 1, s.p[1] = 1 - r, s.p[2] = 1 - c;
		break;
	case 2: /* F */
		s.p[0] = c - 1, s.p[1] = 1 - r, s.p[2] = 1;
		break;
	case 3: /* D, F at the top */
		s.p[0] = c - 1, s.p[1] = -1, s.p[2] = 1 - r;
		break;
	case 4: /* L, B on the left */
		s.p[0] = -1, s.p[1] = 1 - r, s.p[2] = c - 1;
		break;
	default: /* B, R on the left */
		s.p[0] = 1 - c, s.p[1] = 1 - r, s.p[2] = -1;
		break;
	}
	return s;
}

static void turn_vector(const int a[3], int v[3])
{
	int dot = a[0] * v[0] + a[1] * v[1] + a[2] * v[2];
	int cross[3] = {a[1] * v[2] - a[2] * v[1], a[2] * v[0] - a[0] * v[2], a[0] * v[1] - a[1] * v[0]};
	for (int i = 0; i < 3; i++)
		v[i] = a[i] * dot - cross[i];
}

static int facelet_of(const sticker *s)
{
	for (int i = 0; i < CC_CUBE_FACELETS; i++) {
		sticker t = sticker_of(i);
		if (memcmp(&t, s, sizeof t) == 0)
			return i;
	}
	ck_abort_msg("no facelet at that place");
	return -1;
}

/* colours after the move m, by the sticker model */
static void turn_stickers(cc_cube_face colours[CC_CUBE_FACELETS], cc_cube_move m)
{
	const int *a = face_normal[cc_cube_move_face(m)];
	for (unsigned q = 0; q < cc_cube_move_turns(m); q++) {
		cc_cube_face next[CC_CUBE_FACELETS];
		memcpy(next, colours, sizeof next);
		for (int i = 0; i < CC_CUBE_FACELETS; i++) {
			sticker s = sticker_of(i);
			if (s.p[0] * a[0] + s.p[1] * a[1] + s.p[2] * a[2] != 1)
				continue;
			turn_vector(a, s.p);
			turn_vector(a, s.n);
			next[facelet_of(&s)] = colours[i];
		}
		memcpy(colours, next, sizeof next);
	}
}

START_TEST(test_cube_facelets__solved_cube_has_each_face_its_own_colour)
{
	CLAUSES("CU-6.1");
	cc_cube c;
	cc_cube_face f[CC_CUBE_FACELETS];
	cc_cube_init(&c);
	cc_cube_facelets(&c, f);
	for (int i = 0; i < CC_CUBE_FACELETS; i++)
		ck_assert_int_eq(f[i], i / 9);
}
END_TEST

/* R brings F's right column up to U; U brings R's top row to F */
START_TEST(test_cube_facelets__one_turn_moves_the_stickers_a_cuber_expects)
{
	CLAUSES("CU-6.1");
	cc_cube c = after("R");
	cc_cube_face f[CC_CUBE_FACELETS];
	cc_cube_facelets(&c, f);
	for (int r = 0; r < 3; r++) {
		ck_assert_int_eq(f[CC_CUBE_FACE_U * 9 + r * 3 + 2], CC_CUBE_FACE_F);
		ck_assert_int_eq(f[CC_CUBE_FACE_F * 9 + r * 3 + 2], CC_CUBE_FACE_D);
		ck_assert_int_eq(f[CC_CUBE_FACE_U * 9 + r * 3 + 0], CC_CUBE_FACE_U);
	}
	c = after("U");
	cc_cube_facelets(&c, f);
	for (int k = 0; k < 3; k++) {
		ck_assert_int_eq(f[CC_CUBE_FACE_F * 9 + k], CC_CUBE_FACE_R);
		ck_assert_int_eq(f[CC_CUBE_FACE_L * 9 + k], CC_CUBE_FACE_F);
		ck_assert_int_eq(f[CC_CUBE_FACE_F * 9 + 3 + k], CC_CUBE_FACE_F);
	}
}
END_TEST

/* every random scramble: the cubie model's stickers equal the sticker model's */
START_TEST(test_cube_facelets__agree_with_a_sticker_model_over_random_sequences)
{
	CLAUSES("CU-6.1");
	cc_cube_rng rng;
	cc_cube_rng_seed(&rng, 20261202);
	for (int round = 0; round < 200; round++) {
		cc_cube c;
		cc_cube_face model[CC_CUBE_FACELETS], got[CC_CUBE_FACELETS];
		cc_cube_init(&c);
		for (int i = 0; i < CC_CUBE_FACELETS; i++)
			model[i] = (cc_cube_face)(i / 9);
		for (int k = 0; k < 25; k++) {
			cc_cube_move m = (cc_cube_move)cc_cube_rng_below(&rng, CC_CUBE_MOVES);
			cc_cube_apply_move(&c, m);
			turn_stickers(model, m);
		}
		cc_cube_facelets(&c, got);
		ck_assert_mem_eq(got, model, sizeof got);
	}
}
END_TEST

static Suite *cube_suite(void)
{
	Suite *s = suite_create("cube");
	TCase *model = tcase_create("model");
	TCase *notation = tcase_create("notation");
	TCase *check = tcase_create("check");
	TCase *rng = tcase_create("rng");
	TCase *random_state = tcase_create("random_state");
	TCase *facelets = tcase_create("facelets");
	tcase_add_test(model, test_cube_model__face_turns_have_order_four);
	tcase_add_test(model, test_cube_model__known_identities_hold);
	tcase_add_test(model, test_cube_model__superflip_sequence_flips_every_edge);
	tcase_add_test(model, test_cube_model__inverse_undoes_a_state);
	tcase_add_test(notation, test_cube_notation__round_trips_every_move);
	tcase_add_test(notation, test_cube_notation__normalises_spacing);
	tcase_add_test(notation, test_cube_notation__format_cuts_like_snprintf);
	tcase_add_test(notation, test_cube_notation__refuses_other_tokens);
	tcase_add_test(notation, test_cube_notation__inverse_sequence_undoes);
	tcase_add_test(notation, test_cube_notation__tidy_rules);
	tcase_add_test(check, test_cube_check__accepts_reachable_states);
	tcase_add_test(check, test_cube_check__refuses_unsolvable_states);
	tcase_add_test(rng, test_cube_rng__same_seed_same_draws);
	tcase_add_test(rng, test_cube_rng__below_covers_the_range);
	tcase_add_test(random_state, test_cube_random_state__solvable_and_two_moves_away);
	tcase_add_test(random_state, test_cube_random_state__uniform_by_chi_square);
	suite_add_tcase(s, model);
	suite_add_tcase(s, notation);
	suite_add_tcase(s, check);
	suite_add_tcase(s, rng);
	suite_add_tcase(s, random_state);
	tcase_add_test(facelets, test_cube_facelets__solved_cube_has_each_face_its_own_colour);
	tcase_add_test(facelets, test_cube_facelets__one_turn_moves_the_stickers_a_cuber_expects);
	tcase_add_test(facelets, test_cube_facelets__agree_with_a_sticker_model_over_random_sequences);
	suite_add_tcase(s, facelets);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(cube_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
