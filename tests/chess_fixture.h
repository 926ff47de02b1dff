/*
 * chess_fixture.h: what the chess module's test files (test_chess.c,
 * test_chess_san.c, test_chess_states.c) share: a position from its FEN, a
 * FEN's refusal, a legal move by its UCI, a move's SAN, a text read in a
 * mode, the FEN after a move.
 */
#ifndef CHESSCUBING_TEST_CHESS_FIXTURE_H
#define CHESSCUBING_TEST_CHESS_FIXTURE_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess_perft_data.h"
#include "chesscubing/chess.h"
#include "chesscubing/match.h"
#include "clauses.h"

static inline cc_chess_position pos_of(const char *fen)
{
	cc_chess_position pos;
	cc_error err = {0};
	cc_err rc = cc_chess_position_from_fen(&pos, fen, &err);
	ck_assert_msg(rc == CC_OK, "%s: %s", fen, err.message);
	return pos;
}

static inline cc_err fen_error(const char *fen, char *message, size_t size)
{
	cc_chess_position pos;
	cc_chess_position_start(&pos);
	cc_chess_position before = pos;
	cc_error err = {0};
	cc_err rc = cc_chess_position_from_fen(&pos, fen, &err);
	ck_assert_msg(rc != CC_OK, "accepted: %s", fen);
	ck_assert_int_eq(memcmp(&pos, &before, sizeof pos), 0);
	ck_assert_str_ne(err.message, "");
	ck_assert_ptr_null(strchr(err.message, '\n'));
	snprintf(message, size, "%s", err.message);
	return rc;
}

/* The move written in UCI, or CC_CHESS_MOVE_NONE when it is not legal. */
static inline cc_chess_move legal_uci(const cc_chess_position *pos, const char *uci)
{
	cc_chess_move_list list;
	cc_chess_legal_moves(pos, &list);
	for (size_t i = 0; i < list.count; i++) {
		char buf[CC_CHESS_SAN_MAX];
		cc_chess_move_to_uci(list.moves[i], buf, sizeof buf);
		if (strcmp(buf, uci) == 0)
			return list.moves[i];
	}
	return CC_CHESS_MOVE_NONE;
}

static inline const char *san_of(const char *fen, const char *uci)
{
	static char buf[CC_CHESS_SAN_MAX];
	cc_chess_position pos = pos_of(fen);
	cc_chess_move m = legal_uci(&pos, uci);
	ck_assert_msg(m != CC_CHESS_MOVE_NONE, "%s not legal in %s", uci, fen);
	cc_chess_move_to_san(&pos, m, buf, sizeof buf);
	return buf;
}

/* The UCI of what text parses to, or the error code's name. */
static inline const char *parsed(const char *fen, const char *text, cc_chess_parse_mode mode)
{
	static char buf[CC_CHESS_SAN_MAX + 16];
	cc_chess_position pos = pos_of(fen);
	cc_chess_move m = CC_CHESS_MOVE_NONE;
	cc_error err = {0};
	cc_err rc = cc_chess_parse_move(&pos, text, mode, &m, &err);
	if (rc != CC_OK) {
		ck_assert_str_ne(err.message, "");
		ck_assert_uint_eq(m, CC_CHESS_MOVE_NONE);
		return cc_err_name(rc);
	}
	cc_chess_move_to_uci(m, buf, sizeof buf);
	return buf;
}

static inline const char *fen_after(const char *fen, const char *uci)
{
	static char buf[CC_CHESS_FEN_MAX];
	cc_chess_position pos = pos_of(fen);
	cc_chess_undo undo;
	cc_chess_move m = legal_uci(&pos, uci);
	ck_assert_msg(m != CC_CHESS_MOVE_NONE, "%s not legal in %s", uci, fen);
	cc_chess_make(&pos, m, &undo);
	cc_chess_position_to_fen(&pos, buf, sizeof buf);
	return buf;
}

#endif
