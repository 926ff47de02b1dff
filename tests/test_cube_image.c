/*
 * test_cube_image.c: the solver's tables as bytes (cube_image.c), which
 * the shell keeps in the user's cache folder: the tables seen in an image
 * solve as the tables built do, and an image not whole and ours is
 * refused: each field of its header, a byte of its tables, a short image,
 * a misplaced one, and tables holding an index out of range under a
 * checksum that matches them (what a checksum alone would let through).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/cube.h"
#include "clauses.h"
#include "cube_internal.h"

static cc_cube_tables *built;

static void setup(void)
{
	cc_error err;
	ck_assert_int_eq(cc_cube_tables_create(&built, &err), CC_OK);
}

static void teardown(void)
{
	cc_cube_tables_destroy(built);
	built = NULL;
}

static unsigned char *image_of(const cc_cube_tables *t)
{
	unsigned char *image = malloc(cc_cube_tables_image_size() + 8);
	ck_assert_ptr_nonnull(image);
	cc_cube_tables_image(t, image);
	return image;
}

START_TEST(test_cube_image__tables_seen_in_an_image_give_the_same_scrambles)
{
	CLAUSES("CU-4.3");
	unsigned char *image = image_of(built);
	const cc_cube_tables *seen = NULL;
	cc_error err;
	ck_assert_int_eq(cc_cube_tables_view(image, cc_cube_tables_image_size(), &seen, &err), CC_OK);
	ck_assert_ptr_eq(seen, image + (cc_cube_tables_image_size() - cc_cube_tables_size(built)));
	for (uint64_t seed = 1; seed <= 20; seed++) {
		cc_cube_sheet a, b;
		cc_cube_sheet_derive(built, seed, &a);
		cc_cube_sheet_derive(seen, seed, &b);
		for (int i = 0; i < CC_CUBE_SHEET_CUBES; i++) {
			ck_assert_uint_eq(a.scrambles[i].len, b.scrambles[i].len);
			ck_assert_mem_eq(a.scrambles[i].moves, b.scrambles[i].moves, a.scrambles[i].len);
		}
	}
	free(image);
}
END_TEST

static void refused(const unsigned char *image, size_t size, const char *what)
{
	const cc_cube_tables *seen = (const cc_cube_tables *)1;
	cc_error err;
	ck_assert_msg(cc_cube_tables_view(image, size, &seen, &err) == CC_ERR_INVALID, "%s accepted", what);
	ck_assert_msg(seen == NULL, "%s: tables given", what);
	ck_assert_int_eq(err.msg, CC_MSG_SOLVER_TABLES_IMAGE);
}

START_TEST(test_cube_image__damaged_short_or_foreign_is_refused)
{
	CLAUSES("none");
	size_t size = cc_cube_tables_image_size();
	unsigned char *image = image_of(built);
	/* the magic, the version, the byte order, the size, the checksum, then
	 * bytes of the tables: each changed alone */
	const size_t offsets[] = {0, 7, 8, 12, 16, 24, 31, 32, 1000, size / 2, size - 1};
	for (size_t i = 0; i < sizeof offsets / sizeof *offsets; i++) {
		image[offsets[i]] ^= 0x40;
		refused(image, size, "a byte changed");
		image[offsets[i]] ^= 0x40;
	}
	const cc_cube_tables *seen = NULL;
	ck_assert_int_eq(cc_cube_tables_view(image, size, &seen, NULL), CC_OK);
	refused(image, size - 1, "a short image");
	refused(image, 0, "nothing");
	refused(NULL, size, "no image");
	memmove(image + 1, image, size); /* the tables at an odd address */
	refused(image + 1, size, "a misplaced image");
	free(image);
}
END_TEST

/* An image made by a forger: tables whose checksum matches, holding an
 * index past the end of the table it leads to, are refused all the same. */
START_TEST(test_cube_image__index_out_of_range_refused_under_a_good_checksum)
{
	CLAUSES("none");
	size_t size = cc_cube_tables_image_size();
	struct {
		uint16_t *at;
		uint16_t value;
	} bad[] = {
		{&built->twist_move[5][3], N_TWIST},
		{&built->flip_class_move[0][0], N_FLIP_SYM << 2},
		{&built->cperm_sym[40319], N_PERM_SYM << 4},
		{&built->slice_conj[494][3], N_SLICE},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		uint16_t keep = *bad[i].at;
		*bad[i].at = bad[i].value;
		unsigned char *image = image_of(built);
		refused(image, size, "an index out of range");
		free(image);
		*bad[i].at = keep;
	}
	uint8_t keep = built->move_cube[17].ep[11];
	built->move_cube[17].ep[11] = 12;
	unsigned char *image = image_of(built);
	refused(image, size, "a cube out of range");
	free(image);
	built->move_cube[17].ep[11] = keep;
}
END_TEST

static Suite *cube_image_suite(void)
{
	Suite *s = suite_create("cube_image");
	TCase *tc = tcase_create("image");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_cube_image__tables_seen_in_an_image_give_the_same_scrambles);
	tcase_add_test(tc, test_cube_image__damaged_short_or_foreign_is_refused);
	tcase_add_test(tc, test_cube_image__index_out_of_range_refused_under_a_good_checksum);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(cube_image_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
