/*
 * store_fixture.h: what the match record's test files (test_store.c,
 * test_store_schema.c, test_store_shared.c) share: a fresh temporary folder
 * and its database (record_fixture.h), SQL run directly (as another program or a damaged disk
 * would leave a file), a match recorded through the store with literal wall
 * times (the store reads no clock), and an open that must be refused
 * leaving the file's bytes as they were.
 */
#ifndef CHESSCUBING_TEST_STORE_FIXTURE_H
#define CHESSCUBING_TEST_STORE_FIXTURE_H

#define _GNU_SOURCE /* F_OFD_GETLK, setresuid */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <grp.h>
#include <signal.h>
#include <unistd.h>

#include "store.h"
#include "clauses.h"
#include "match_helpers.h"
#include "record_fixture.h" /* dir, db_path, remove_dir, twice_settings */

/* The match a record's rows make: its settings, then its stored events
 * applied in order (the session's replay, cc_session_replay, does the same
 * through its game ops; the store itself runs no game). */
static inline cc_err load_match(cc_store *store, int64_t id, cc_match **out, cc_error *err)
{
	cc_store_match_info info;
	cc_event *events = NULL;
	size_t n = 0;
	cc_match *m = NULL;
	*out = NULL;
	cc_err rc = cc_store_match_info_of(store, id, &info, err);
	if (rc == CC_OK)
		rc = cc_store_match_events(store, id, &events, &n, err);
	if (rc == CC_OK)
		rc = cc_match_create(&m, &info.settings, err);
	for (size_t i = 0; rc == CC_OK && i < n; i++)
		rc = cc_match_apply(m, &events[i], err) == CC_OK ? CC_OK : CC_ERR_STORE;
	free(events);
	if (rc)
		cc_match_destroy(m);
	else
		*out = m;
	return rc;
}

static inline void make_dir(void)
{
	make_record_dir("store");
}

/* The file's bytes, to show that a refused open wrote nothing. */
static inline char *file_bytes(const char *path, long *size)
{
	FILE *f = fopen(path, "rb");
	ck_assert(f != NULL);
	fseek(f, 0, SEEK_END);
	*size = ftell(f);
	rewind(f);
	char *bytes = malloc((size_t)*size + 1);
	ck_assert_uint_eq(fread(bytes, 1, (size_t)*size, f), (size_t)*size);
	fclose(f);
	return bytes;
}

static inline void sql(const char *path, const char *statements)
{
	sqlite3 *db;
	ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
	ck_assert_msg(sqlite3_exec(db, statements, NULL, NULL, NULL) == SQLITE_OK, "%s", sqlite3_errmsg(db));
	sqlite3_close(db);
}

/* 2026-11-30T14:05:00.250Z: the wall time every store test starts from. */
#define WALL0 INT64_C(1796047500250)

static inline cc_store *open_store(const char *path, cc_store_mode mode)
{
	cc_store *store = NULL;
	cc_error err = {0};
	ck_assert_msg(cc_store_open(&store, path, mode, &err) == CC_OK, "%s", err.message);
	return store;
}

/* Appends event seq of match id at wall time wall, as the live path does. */
static inline void append(cc_store *store, int64_t id, cc_match *m, const cc_event *ev, int64_t wall)
{
	cc_match_view after;
	cc_error err = {0};
	ck_assert_int_eq(cc_match_check(m, ev, &after, NULL), CC_OK);
	ck_assert_msg(cc_store_append_event(store, id, cc_match_event_count(m), ev, &after, wall, &err) == CC_OK, "%s",
	              err.message);
	ck_assert_int_eq(cc_match_apply(m, ev, NULL), CC_OK);
}

/* A new match of two events in the database at path, through the store
 * alone; the store is left open (the match locked) when keep is true. */
static inline cc_store *store_match(const char *path, bool keep, int64_t *id)
{
	cc_match_settings s = twice_settings();
	cc_store *store = open_store(path, CC_STORE_WRITE);
	cc_match *m;
	ck_assert_int_eq(cc_store_create_match(store, &s, "U\nR\nF\nD", WALL0, id, NULL), CC_OK);
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_OK);
	cc_event start = cc_event_start(0), move = cc_event_move(1000, CC_SIDE_WHITE, false);
	append(store, *id, m, &start, WALL0 + 10);
	append(store, *id, m, &move, WALL0 + 1010);
	cc_match_destroy(m);
	if (keep)
		return store;
	cc_store_close(store);
	return NULL;
}

static inline bool side_file_exists(const char *path, const char *suffix)
{
	char name[192];
	snprintf(name, sizeof name, "%s%s", path, suffix);
	return access(name, F_OK) == 0;
}

/* Opening path must fail with code and a message containing words, and leave the bytes as they were. */
static inline void refused_open(const char *path, cc_err code, cc_msg msg)
{
	long before_size = 0, after_size = 0;
	char *before = file_bytes(path, &before_size);
	cc_store *store = (cc_store *)1;
	cc_error err = {0};
	ck_assert_int_eq(cc_store_open(&store, path, CC_STORE_WRITE, &err), code);
	ck_assert(store == NULL);
	ck_assert_msg(err.msg == msg, "message '%s' is not %s", err.message, cc_msg_name(msg));
	ck_assert(strchr(err.message, '\n') == NULL);
	char *after = file_bytes(path, &after_size);
	ck_assert_int_eq(before_size, after_size);
	ck_assert(memcmp(before, after, (size_t)before_size) == 0);
	char wal[160];
	snprintf(wal, sizeof wal, "%s-wal", path);
	ck_assert_msg(access(wal, F_OK) != 0, "a WAL file was created beside %s", path);
	free(before);
	free(after);
}

/* A database with one recorded match of a few events. */
static inline void make_recorded_match(void)
{
	int64_t id;
	store_match(db_path, false, &id);
}

#endif
