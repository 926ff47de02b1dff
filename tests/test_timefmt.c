/* test_timefmt.c: solve times and clocks as arbiters type and read them. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/timefmt.h"
#include "clauses.h"

static int32_t parse_ok(const char *text)
{
	int32_t cs = 0;
	cc_error err;
	ck_assert_int_eq(cc_time_parse_cs(text, &cs, &err), CC_OK);
	return cs;
}

/* the forms an arbiter types for a solve time */
START_TEST(test_timefmt_parse__accepts_seconds_minutes_and_dnf)
{
	CLAUSES("RU-10");
	ck_assert_int_eq(parse_ok("23.45"), 2345);
	ck_assert_int_eq(parse_ok("23.4"), 2340);
	ck_assert_int_eq(parse_ok("23"), 2300);
	ck_assert_int_eq(parse_ok("1:02.30"), 6230);
	ck_assert_int_eq(parse_ok("2:00"), 12000);
	ck_assert_int_eq(parse_ok("dnf"), CC_CUBE_DNF);
	ck_assert_int_eq(parse_ok("DNF"), CC_CUBE_DNF);
}
END_TEST

/* anything else is refused with a message, the output untouched */
START_TEST(test_timefmt_parse__refuses_other_text)
{
	CLAUSES("RU-10");
	static const char *bad[] = {"", "abc", "23.456", "1:2", "1:60.00", "23,45", "-3", "12.", " 12", "1:02:03"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int32_t cs = 777;
		cc_error err = {0};
		ck_assert_int_eq(cc_time_parse_cs(bad[i], &cs, &err), CC_ERR_INVALID);
		ck_assert_int_eq(cs, 777);
		ck_assert_str_ne(err.message, "");
	}
}
END_TEST

START_TEST(test_timefmt_format__round_trips_solve_times)
{
	static const int32_t times[] = {1, 99, 2345, 5999, 6000, 6230, 35999};
	char buf[32];
	for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
		cc_time_format_cs(times[i], buf, sizeof buf);
		ck_assert_int_eq(parse_ok(buf), times[i]);
	}
	cc_time_format_cs(CC_CUBE_DNF, buf, sizeof buf);
	ck_assert_str_eq(buf, "DNF");
}
END_TEST

START_TEST(test_timefmt_format__clock_in_tenths_with_sign)
{
	char buf[32];
	cc_time_format_ms(179999, buf, sizeof buf);
	ck_assert_str_eq(buf, "2:59.9");
	cc_time_format_ms(600000, buf, sizeof buf);
	ck_assert_str_eq(buf, "10:00.0");
	cc_time_format_ms(-3250, buf, sizeof buf);
	ck_assert_str_eq(buf, "-0:03.2");
}
END_TEST

/* the wait until a count-down clock shows another value is the wait until
 * cc_time_format_ms's text changes: not a millisecond sooner, not later */
START_TEST(test_timefmt_change__next_shown_value)
{
	char now[32], before[32], at[32];
	ck_assert_int_eq(cc_time_change_ms(17000, 100), 1);
	ck_assert_int_eq(cc_time_change_ms(16999, 100), 100);
	ck_assert_int_eq(cc_time_change_ms(17050, 100), 51);
	ck_assert_int_eq(cc_time_change_ms(-3200, 100), 100);
	ck_assert_int_eq(cc_time_change_ms(-3250, 100), 50);
	ck_assert_int_eq(cc_time_change_ms(177000, 1000), 1);
	ck_assert_int_eq(cc_time_change_ms(176999, 1000), 1000);
	for (int64_t ms = -2500; ms <= 2500; ms += 7) {
		int64_t wait = cc_time_change_ms(ms, 100);
		ck_assert_int_ge(wait, 1);
		ck_assert_int_le(wait, 100);
		cc_time_format_ms(ms, now, sizeof now);
		cc_time_format_ms(ms - (wait - 1), before, sizeof before);
		cc_time_format_ms(ms - wait, at, sizeof at);
		ck_assert_str_eq(before, now);
		ck_assert_str_ne(at, now);
	}
}
END_TEST

/* running clocks on several phases of the tenth ask for one frame a tenth:
 * by then each has changed once, none twice; none running asks for none */
START_TEST(test_timefmt_change__one_frame_for_every_clock)
{
	const int64_t block_and_move[2] = {176950, 17000}; /* 51 ms and 1 ms to their next tenth */
	ck_assert_int_eq(cc_time_next_shown_ms(block_and_move, 2, 100), 51);
	ck_assert_int_eq(cc_time_next_shown_ms(block_and_move, 1, 100), 51);
	ck_assert_int_eq(cc_time_next_shown_ms(block_and_move + 1, 1, 100), 1);
	ck_assert_int_eq(cc_time_next_shown_ms(block_and_move, 2, 1000), 951);
	ck_assert_int_eq(cc_time_next_shown_ms(block_and_move, 0, 100), -1);
	/* the frames over a second of match time: ten, whatever the phases */
	int64_t t = 0, clocks[2];
	int frames = 0;
	while (t < 1000) {
		clocks[0] = block_and_move[0] - t;
		clocks[1] = block_and_move[1] - t;
		t += cc_time_next_shown_ms(clocks, 2, 100);
		frames++;
	}
	ck_assert_int_le(frames, 11);
	ck_assert_int_ge(frames, 10);
}
END_TEST

/* RU-41: a clock on a screen shows whole seconds, rounded down as the
 * tenths are, and tenths in its last five seconds and below zero */
START_TEST(test_timefmt_shown__whole_seconds_then_tenths)
{
	CLAUSES("RU-41");
	char buf[32];
	const struct {
		int64_t ms;
		const char *clock, *seconds;
		int64_t step;
	} cases[] = {
	    {180000, "3:00", "180", 1000}, {178999, "2:58", "178", 1000}, {600000, "10:00", "600", 1000},
	    {10000, "0:10", "10", 1000},   {5000, "0:05", "5", 1000},      {4999, "0:04.9", "4.9", 100},
	    {100, "0:00.1", "0.1", 100},   {0, "0:00.0", "0.0", 100},      {-3250, "-0:03.2", "0.0", 100},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cc_time_format_shown_ms(cases[i].ms, buf, sizeof buf);
		ck_assert_str_eq(buf, cases[i].clock);
		cc_time_format_shown_seconds(cases[i].ms, buf, sizeof buf);
		ck_assert_str_eq(buf, cases[i].seconds);
		ck_assert_int_eq(cc_time_shown_step_ms(cases[i].ms), cases[i].step);
	}
}
END_TEST

/* RU-41's frames for a block time and a move clock on different phases,
 * from 19.4 s on the move clock to zero: between two frames no clock's
 * text changes twice (none is skipped), the frames come at most a second
 * apart, a tenth apart once a clock shows tenths, and a clock's first
 * tenth is drawn when it comes; about one frame a second above 5 s */
START_TEST(test_timefmt_shown__frames_follow_each_clock)
{
	CLAUSES("RU-41");
	const int64_t start[2] = {176950, 19400};
	int64_t t = 0;
	int frames = 0, seconds_frames = 0;
	char a[32], b[32];
	while (t < start[1]) {
		int64_t clocks[2] = {start[0] - t, start[1] - t};
		int64_t wait = cc_time_next_shown_clock_ms(clocks, 2);
		int64_t finest = cc_time_shown_step_ms(clocks[1]) < cc_time_shown_step_ms(clocks[0])
		                     ? cc_time_shown_step_ms(clocks[1])
		                     : cc_time_shown_step_ms(clocks[0]);
		ck_assert_int_ge(wait, 1);
		ck_assert_int_le(wait, finest);
		for (int i = 0; i < 2; i++) {
			int changes = 0;
			cc_time_format_shown_ms(clocks[i], a, sizeof a);
			for (int64_t d = 1; d < wait; d++) {
				cc_time_format_shown_ms(clocks[i] - d, b, sizeof b);
				if (strcmp(a, b) != 0) {
					changes++;
					/* drawn at the next frame: at most one of its steps late
					 * (a clock's first tenth not left to another's second) */
					ck_assert_int_le(wait - d, cc_time_shown_step_ms(clocks[i] - d));
					memcpy(a, b, sizeof a);
				}
			}
			ck_assert_int_le(changes, 1);
		}
		if (finest == 1000)
			seconds_frames++;
		t += wait;
		frames++;
	}
	/* 14.4 s in whole seconds: one frame a second (and the one that
	 * starts the tenths); 5 s in tenths: fifty */
	ck_assert_int_le(seconds_frames, 16);
	ck_assert_int_le(frames, 16 + 51);
	int64_t none[1] = {0};
	ck_assert_int_eq(cc_time_next_shown_clock_ms(none, 0), -1);
}
END_TEST

static Suite *timefmt_suite(void)
{
	Suite *s = suite_create("timefmt");
	TCase *parse = tcase_create("parse");
	TCase *format = tcase_create("format");
	tcase_add_test(parse, test_timefmt_parse__accepts_seconds_minutes_and_dnf);
	tcase_add_test(parse, test_timefmt_parse__refuses_other_text);
	tcase_add_test(format, test_timefmt_format__round_trips_solve_times);
	tcase_add_test(format, test_timefmt_format__clock_in_tenths_with_sign);
	tcase_add_test(format, test_timefmt_change__next_shown_value);
	tcase_add_test(format, test_timefmt_change__one_frame_for_every_clock);
	tcase_add_test(format, test_timefmt_shown__whole_seconds_then_tenths);
	tcase_add_test(format, test_timefmt_shown__frames_follow_each_clock);
	suite_add_tcase(s, parse);
	suite_add_tcase(s, format);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(timefmt_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
