/*
 * match_fixture.h: what the match core's test files (test_match.c,
 * test_match_twice.c, test_match_time.c, test_match_undo.c) share: the
 * short names of the formats and sides, and a block played to its end.
 */
#ifndef CHESSCUBING_TEST_MATCH_FIXTURE_H
#define CHESSCUBING_TEST_MATCH_FIXTURE_H

#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "match_helpers.h"

/* More history than a few checkpoints hold (MATCH_CHECKPOINT_EVERY is 64). */
#define MATCH_CHECKS_MIN_HISTORY 200

#define TWICE CC_FORMAT_TWICE
#define TIME CC_FORMAT_TIME
#define FAST CC_CATEGORY_FAST
#define W CC_SIDE_WHITE
#define B CC_SIDE_BLACK

/* Plays a whole FAST block from its start at t, ending on both quotas. */
static inline void play_full_block(cc_match *m, int64_t *t)
{
	play_moves(m, t, 12, 1000);
	ck_assert_int_eq(view_at(m, *t).phase, CC_PHASE_CUBE);
}

/* Twice: plays block 1 (White starts, so Black moves last) and decides the
 * cube phase for winner at t. */
static inline cc_match *twice_after_block1(cc_side winner, int64_t *t)
{
	cc_match *m = new_match(TWICE, FAST, 7);
	*t = 0;
	ok(m, cc_event_start(*t));
	play_full_block(m, t);
	*t += 10000;
	ok(m, cc_event_cube(*t, winner, 1500));
	ok(m, cc_event_cube(*t, cc_side_other(winner), 1600));
	return m;
}

#endif
