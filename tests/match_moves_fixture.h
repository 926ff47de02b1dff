/*
 * match_moves_fixture.h: what the moves-recording test files
 * (test_match_moves.c, test_match_moves_stamps.c) share: a match that keeps
 * the board, the side to move read from the FEN and a Twice double move
 * ready on a Scandinavian.
 */
#ifndef CHESSCUBING_TEST_MATCH_MOVES_FIXTURE_H
#define CHESSCUBING_TEST_MATCH_MOVES_FIXTURE_H

#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "match_helpers.h"

#define W CC_SIDE_WHITE
#define B CC_SIDE_BLACK

static inline cc_match *new_moves_match(cc_format format, cc_category category)
{
	return new_recording_match(format, category, 7, CC_RECORD_MOVES);
}

/* The side to move field of the view's FEN ("w" or "b"). */
static inline char fen_side(const cc_match_view *v)
{
	const char *space = strchr(v->fen, ' ');
	ck_assert(space != NULL);
	return space[1];
}

/*
 * Twice FAST, block 1 of a Scandinavian (White starts, Black moves last),
 * then White wins the cube phase: White has a double move in block 2,
 * not started yet. Board: White to move, Black's queen on a5 behind Nc3.
 */
static inline cc_match *scandinavian_double_move(int64_t *t)
{
	cc_match *m = new_moves_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST);
	*t = 0;
	ok(m, cc_event_start(*t));
	PLAY(m, t, "e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "Nf3", "Nf6", "d4", "Bg4", "Bd2", "c6");
	ck_assert_int_eq(view_at(m, *t).phase, CC_PHASE_CUBE);
	ok(m, cc_event_cube(*t += 10000, W, 1500));
	ok(m, cc_event_cube(*t, B, 1600));
	ck_assert_int_eq(view_at(m, *t).double_move, CC_DOUBLE_FREE);
	return m;
}

#endif
