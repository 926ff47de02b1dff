/*
 * test_serve_url.c: the page's address `serve` announces beside the record
 * (cc_session_serve_announce / _url / _withdraw): read back while serve's
 * PID lives, gone when withdrawn, ignored when its PID is dead, refused
 * when the side file holds anything but one URL and a PID.
 */
#include <spawn.h>
#include <stdint.h>
#include <check.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chesscubing/session.h"

extern char **environ;

static char dir[64], db_path[128], side[160];
static cc_session_db *db;

static void setup(void)
{
	snprintf(dir, sizeof dir, "/tmp/cc_serve_url_XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(db_path, sizeof db_path, "%s/matches.db", dir);
	snprintf(side, sizeof side, "%s.serve", db_path);
	cc_error err = {0};
	ck_assert_int_eq(cc_session_db_open(&db, db_path, CC_SESSION_DB_WRITE, NULL, &err), CC_OK);
}

static void teardown(void)
{
	cc_session_db_close(db);
	unlink(side);
	unlink(db_path);
	char wal[160];
	snprintf(wal, sizeof wal, "%s-wal", db_path);
	unlink(wal);
	snprintf(wal, sizeof wal, "%s-shm", db_path);
	unlink(wal);
	rmdir(dir);
}

static void write_side(const char *text)
{
	FILE *f = fopen(side, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

/* A PID that was alive and is not any more: a child reaped. The child
 * runs another program (posix_spawn, not a bare fork), so that under
 * valgrind in one process (CK_FORK=no) no copy of this test, with its open
 * record, exits and is counted as a leak. */
static long dead_pid(void)
{
	pid_t pid;
	char *argv[] = {(char *)(uintptr_t) "true", NULL};
	ck_assert_int_eq(posix_spawnp(&pid, "true", NULL, NULL, argv, environ), 0);
	ck_assert_int_eq(waitpid(pid, NULL, 0), pid);
	return (long)pid;
}

START_TEST(test_serve_url__announced_read_back_withdrawn)
{
	char url[CC_SESSION_SERVE_URL_MAX];
	ck_assert(!cc_session_serve_url(db, url, sizeof url));
	ck_assert_str_eq(url, "");
	ck_assert(cc_session_serve_announce(db, "http://192.168.1.20:8080/"));
	struct stat st;
	ck_assert_int_eq(stat(side, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0644);
	ck_assert(cc_session_serve_url(db, url, sizeof url));
	ck_assert_str_eq(url, "http://192.168.1.20:8080/");
	/* Announced again (a new port): replaced whole. */
	ck_assert(cc_session_serve_announce(db, "http://[::1]:9000/"));
	ck_assert(cc_session_serve_url(db, url, sizeof url));
	ck_assert_str_eq(url, "http://[::1]:9000/");
	cc_session_serve_withdraw(db);
	ck_assert_int_ne(stat(side, &st), 0);
	ck_assert(!cc_session_serve_url(db, url, sizeof url));
	ck_assert_str_eq(url, "");
	cc_session_serve_withdraw(db); /* nothing there: nothing happens */
}
END_TEST

START_TEST(test_serve_url__dead_pid_ignored)
{
	char text[200], url[CC_SESSION_SERVE_URL_MAX];
	snprintf(text, sizeof text, "http://10.0.0.5:8080/\n%ld\n", (long)getpid());
	write_side(text);
	ck_assert(cc_session_serve_url(db, url, sizeof url));
	ck_assert_str_eq(url, "http://10.0.0.5:8080/");
	snprintf(text, sizeof text, "http://10.0.0.5:8080/\n%ld\n", dead_pid());
	write_side(text);
	ck_assert(!cc_session_serve_url(db, url, sizeof url));
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
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		snprintf(text, sizeof text, "%s%ld%s", bad[i][0], (long)getpid(), bad[i][1]);
		write_side(text);
		ck_assert_msg(!cc_session_serve_url(db, url, sizeof url), "accepted case %zu", i);
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
	ck_assert(!cc_session_serve_url(db, url, sizeof url));
	unlink(side);
	unlink(text);
	/* Nor is a URL refused by the reader ever announced. */
	ck_assert(!cc_session_serve_announce(db, "http://host:80/\nhttp://x:1/"));
	ck_assert(!cc_session_serve_announce(db, "ftp://host:80/"));
	ck_assert(!cc_session_serve_url(db, url, sizeof url));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("serve_url");
	TCase *tc = tcase_create("side_file");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_serve_url__announced_read_back_withdrawn);
	tcase_add_test(tc, test_serve_url__dead_pid_ignored);
	tcase_add_test(tc, test_serve_url__hostile_content_refused);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
