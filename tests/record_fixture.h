/*
 * record_fixture.h: what every test file with a record on disk shares
 * (through session_fixture.h, store_fixture.h and club_session_fixture.h,
 * and test_session_owners.c, test_session_walls.c): a fresh temporary
 * folder (dir) and its record's path (db_path), the folder removed whole
 * after (made writable first: a test may have made it read only), and the
 * Twice match the session's and the store's tests record.
 */
#ifndef CHESSCUBING_TEST_RECORD_FIXTURE_H
#define CHESSCUBING_TEST_RECORD_FIXTURE_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "chesscubing/match.h"

static char dir[64];
static char db_path[128];

/* A fresh folder /tmp/cc-NAME-XXXXXX as dir; db_path is its matches.db. */
static inline void make_record_dir(const char *name)
{
	snprintf(dir, sizeof dir, "/tmp/cc-%s-XXXXXX", name);
	ck_assert(mkdtemp(dir) != NULL);
	snprintf(db_path, sizeof db_path, "%s/matches.db", dir);
}

static inline void remove_dir(void)
{
	char command[160];
	snprintf(command, sizeof command, "chmod -R u+w '%s'; rm -rf '%s'", dir, dir);
	ck_assert_int_eq(system(command), 0);
}

/* A Twice match between Anne Dupont and Brice O'Neil, with the largest
 * seed (it survives the trip through SQLite). */
static inline cc_match_settings twice_settings(void)
{
	cc_match_settings s;
	cc_match_settings_default(&s);
	snprintf(s.white, sizeof s.white, "Anne Dupont");
	snprintf(s.black, sizeof s.black, "Brice O'Neil");
	s.seed = 18446744073709551615u; /* survives the trip through SQLite */
	return s;
}

#endif
