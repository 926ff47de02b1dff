/*
 * test_serve_url.c: the page's address `serve` announces beside the record
 * (cc_session_serve_announce / _url / _withdraw): read back while serve's
 * claim on the record holds, gone when withdrawn, ignored once serve is
 * gone (its claim dropped by the kernel, whatever its PID says), refused
 * when the side file holds anything but one URL and a PID.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chesscubing/session.h"
#include "clauses.h"
#include "side_file_fixture.h"

static void setup(void)
{
	side_fixture_open(".serve");
}

static void teardown(void)
{
	side_fixture_close();
}

static bool announce(void)
{
	return cc_session_serve_announce(db, "http://192.168.1.20:8080/");
}

START_TEST(test_serve_url__announced_read_back_withdrawn)
{
	CLAUSES("RE-3.7");
	char url[CC_SESSION_SERVE_URL_MAX];
	ck_assert(!cc_session_serve_url(viewer, url, sizeof url));
	ck_assert_str_eq(url, "");
	side_fixture_check_mode(announce);
	struct stat st;
	ck_assert(cc_session_serve_url(viewer, url, sizeof url));
	ck_assert_str_eq(url, "http://192.168.1.20:8080/");
	/* Announced again (a new port): replaced whole. */
	ck_assert(cc_session_serve_announce(db, "http://[::1]:9000/"));
	ck_assert(cc_session_serve_url(viewer, url, sizeof url));
	ck_assert_str_eq(url, "http://[::1]:9000/");
	cc_session_serve_withdraw(db);
	ck_assert_int_ne(stat(side, &st), 0);
	ck_assert(!cc_session_serve_url(viewer, url, sizeof url));
	ck_assert_str_eq(url, "");
	cc_session_serve_withdraw(db); /* nothing there: nothing happens */
}
END_TEST

START_TEST(test_serve_url__gone_serve_ignored)
{
	char text[200], url[CC_SESSION_SERVE_URL_MAX];
	ck_assert(announce());
	snprintf(text, sizeof text, "http://10.0.0.5:8080/\n%ld\n", (long)getpid());
	write_side(text);
	ck_assert(cc_session_serve_url(viewer, url, sizeof url));
	ck_assert_str_eq(url, "http://10.0.0.5:8080/");
	/* serve gone: its file left, a live PID in it (a zombie's, or a
	 * process of another PID namespace), no claim: nothing. */
	side_fixture_publisher_gone();
	write_side(text);
	ck_assert(!cc_session_serve_url(viewer, url, sizeof url));
	ck_assert_str_eq(url, "");
}
END_TEST

START_TEST(test_serve_url__hostile_content_refused)
{
	/* Each case: the text before serve's PID, then after it. */
	static const char *const bad[][2] = {
		{"javascript:alert(1)//\n", "\n"},
		{"http://a\x1b[2J:80/\n", "\n"},
		{"http://host:80/path\n", "\n"},
		{"http://host/\n", "\n"},
		{"http://:80/\n", "\n"},
		{"http://h\xc3\xa9:80/\n", "\n"},
		{"http://host:80/\n", "\nmore\n"},
		{"http://host:80/ http://x:1/\n", "\n"},
		{"http://host:80/\n-", "\n"},
		{"http://host:123456/\n", "\n"},
		{"http://host:80/", ""},
	};
	char text[300], url[CC_SESSION_SERVE_URL_MAX];
	ck_assert(announce()); /* serve's claim held: only the text is refused */
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		snprintf(text, sizeof text, "%s%ld%s", bad[i][0], (long)getpid(), bad[i][1]);
		write_side(text);
		ck_assert_msg(!cc_session_serve_url(viewer, url, sizeof url), "accepted case %zu", i);
		ck_assert_str_eq(url, "");
	}
	/* A symbolic link in its place is not followed. */
	unlink(side);
	snprintf(text, sizeof text, "%s/elsewhere", dir);
	FILE *f = fopen(text, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "http://host:80/\n%ld\n", (long)getpid());
	fclose(f);
	ck_assert_int_eq(symlink(text, side), 0);
	ck_assert(!cc_session_serve_url(viewer, url, sizeof url));
	unlink(side);
	unlink(text);
	/* Nor is a URL refused by the reader ever announced. */
	ck_assert(!cc_session_serve_announce(db, "http://host:80/\nhttp://x:1/"));
	ck_assert(!cc_session_serve_announce(db, "ftp://host:80/"));
	ck_assert(!cc_session_serve_url(viewer, url, sizeof url));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("serve_url");
	TCase *tc = tcase_create("side_file");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_serve_url__announced_read_back_withdrawn);
	tcase_add_test(tc, test_serve_url__gone_serve_ignored);
	tcase_add_test(tc, test_serve_url__hostile_content_refused);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
