/*
 * side_file_fixture.h: a fresh record in a temporary folder for the tests
 * of the side files written beside it (test_serve_url.c: "<record>.serve";
 * test_session_timers.c: "<record>.timers.ID"): the publisher's handle of
 * the record (db) and a viewer's (viewer), each a store of its own, as two
 * processes have: a side state is alive while its publisher's store holds
 * its claim (the kernel's lock), which the viewer asks about.
 * One test file includes it once: everything here is static.
 */
#ifndef CHESSCUBING_TEST_SIDE_FILE_FIXTURE_H
#define CHESSCUBING_TEST_SIDE_FILE_FIXTURE_H

#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chesscubing/session.h"

static char dir[64], db_path[128], side[160];
static cc_session_db *db, *viewer;

/* The record dir/matches.db, opened for writing; side names its side file
 * (the record's path and suffix). */
static void side_fixture_open(const char *suffix)
{
	snprintf(dir, sizeof dir, "/tmp/cc_side_file_XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(db_path, sizeof db_path, "%s/matches.db", dir);
	snprintf(side, sizeof side, "%s%s", db_path, suffix);
	cc_error err = {0};
	ck_assert_int_eq(cc_session_db_open(&db, db_path, CC_SESSION_DB_WRITE, NULL, &err), CC_OK);
	ck_assert_int_eq(cc_session_db_open(&viewer, db_path, CC_SESSION_DB_READ, NULL, &err), CC_OK);
}

/* The publisher gone: its store closed, as the kernel closes a dead
 * process's (its claims dropped), its side file left behind; db is opened
 * again, with no claim. */
static void side_fixture_publisher_gone(void)
{
	cc_error err = {0};
	cc_session_db_close(db);
	ck_assert_int_eq(cc_session_db_open(&db, db_path, CC_SESSION_DB_WRITE, NULL, &err), CC_OK);
}

static void side_fixture_close(void)
{
	cc_session_db_close(viewer);
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

/* RE-3.7: publish() writes the side file with the record's mode whatever
 * the umask: 0600 as a new record is, under the usual umask 022 and under
 * none; 0640 once the arbiter shares the record with a group. */
static void side_fixture_check_mode(bool (*publish)(void))
{
	static const mode_t umasks[] = {022, 0};
	struct stat st;
	for (size_t i = 0; i < sizeof umasks / sizeof *umasks; i++) {
		mode_t old = umask(umasks[i]);
		ck_assert(publish());
		umask(old);
		ck_assert_int_eq(stat(side, &st), 0);
		ck_assert_int_eq(st.st_mode & 0777, 0600);
	}
	ck_assert_int_eq(chmod(db_path, 0640), 0);
	ck_assert(publish());
	ck_assert_int_eq(stat(side, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0640);
	ck_assert_int_eq(chmod(db_path, 0600), 0);
}

static void write_side(const char *text)
{
	FILE *f = fopen(side, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}


#endif
