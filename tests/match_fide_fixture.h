/*
 * match_fide_fixture.h: what the chess-format test files (test_match_fide.c,
 * test_match_fide_clock.c) share: a game created with its clock and claims,
 * and a small deterministic self-play (self_play) with a policy for each
 * side, so long games (50 and 75 moves, dead positions, flag falls against
 * a lone king) need no hand-written 150-ply games.
 */
#ifndef CHESSCUBING_TEST_MATCH_FIDE_FIXTURE_H
#define CHESSCUBING_TEST_MATCH_FIDE_FIXTURE_H

#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "match_helpers.h"

#define W CC_SIDE_WHITE
#define B CC_SIDE_BLACK

static inline cc_match *new_game(int64_t base_ms, int64_t inc_ms, cc_claims claims, cc_chess_variant variant)
{
	cc_match_settings s;
	cc_match *m = NULL;
	cc_error err = {0};
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_CHESS;
	s.record = CC_RECORD_MOVES;
	s.tc_base_ms = base_ms;
	s.tc_increment_ms = inc_ms;
	s.claims = claims;
	s.variant = variant;
	ck_assert_msg(cc_match_create(&m, &s, &err) == CC_OK, "%s", err.message);
	return m;
}

/* Knight shuffles: two cycles of four plies that repeat the start position. */
#define KNIGHTS_BACK_AND_FORTH "Nf3", "Nf6", "Ng1", "Ng8"

/* ---- self-play -------------------------------------------------------------- */

typedef enum {
	POLICY_QUIET,   /* no capture, no pawn move: the half-move clock runs */
	POLICY_CAPTURE, /* the biggest capture, else a quiet move */
	POLICY_PAWN,    /* a pawn move, else a quiet move */
	POLICY_GIVE,    /* never captures; moves that leave a piece en prise come first */
	POLICY_TRADE    /* the biggest capture, else a move that leaves a piece en prise */
} policy;

/* Can the side to move in next take on square sq? */
static inline bool attacked_on(const cc_chess_position *next, unsigned sq)
{
	cc_chess_move_list list;
	cc_chess_legal_moves(next, &list);
	for (size_t i = 0; i < list.count; i++)
		if (cc_chess_move_to(list.moves[i]) == sq)
			return true;
	return false;
}

static inline int piece_value(cc_chess_piece_type t)
{
	static const int v[] = {0, 1, 3, 3, 5, 9, 0};
	return v[t];
}

/*
 * Picks a move of pos for policy: never one that mates or stalemates (the
 * tests end the game their own way), and among the allowed ones the first
 * whose position has occurred least in seen (keys), so shuffles do not
 * repeat before they must. Returns CC_CHESS_MOVE_NONE when none fits.
 */
static inline cc_chess_move pick(const cc_chess_position *pos, policy p, char (*seen)[CC_CHESS_FEN_MAX], size_t nseen)
{
	cc_chess_move_list list;
	cc_chess_move best = CC_CHESS_MOVE_NONE;
	long best_score = -1000000;
	cc_chess_legal_moves(pos, &list);
	for (size_t i = 0; i < list.count; i++) {
		cc_chess_move_info info;
		cc_chess_position next = *pos;
		cc_chess_undo undo;
		char key[CC_CHESS_FEN_MAX];
		cc_chess_move_describe(pos, list.moves[i], &info);
		bool capture = info.captured != CC_CHESS_NO_PIECE, pawn = info.piece == CC_CHESS_PAWN;
		if (info.promotion != CC_CHESS_NO_PIECE && info.promotion != CC_CHESS_QUEEN)
			continue;
		cc_chess_make(&next, list.moves[i], &undo);
		if (cc_chess_count_legal_moves(&next) == 0)
			continue;
		cc_chess_position_key(&next, key, sizeof key);
		long reps = 0;
		for (size_t k = 0; k < nseen; k++)
			reps += strcmp(seen[k], key) == 0;
		long score = -reps * 100;
		switch (p) {
		case POLICY_QUIET:
			if (capture || pawn)
				continue;
			break;
		case POLICY_CAPTURE:
			score += capture ? 10000 + piece_value(info.captured) * 100 : 0;
			break;
		case POLICY_PAWN:
			if (capture)
				continue;
			score += pawn ? 10000 : 0;
			break;
		case POLICY_GIVE:
			if (capture)
				continue;
			score += attacked_on(&next, cc_chess_move_to(list.moves[i])) ? 10000 : 0;
			break;
		case POLICY_TRADE:
			score += capture ? 20000 + piece_value(info.captured) * 100
			                 : attacked_on(&next, cc_chess_move_to(list.moves[i])) ? 10000
			                 : pawn                                               ? 5000
			                                                                      : 0;
			break;
		}
		if (score > best_score) {
			best_score = score;
			best = list.moves[i];
		}
	}
	return best;
}

typedef struct {
	char (*seen)[CC_CHESS_FEN_MAX];
	size_t count;
} seen_keys;

/* Plays up to plies moves chosen by white and black's policies, one a
 * second from *t, until the game is over; returns the plies played. */
static inline int self_play(cc_match *m, int64_t *t, policy white, policy black, int plies, seen_keys *seen)
{
	int played = 0;
	for (; played < plies && !view_at(m, *t).over; played++) {
		const cc_chess_position *pos = cc_match_position(m);
		cc_chess_move mv = pick(pos, pos->to_move == W ? white : black, seen->seen, seen->count);
		if (mv == CC_CHESS_MOVE_NONE)
			break;
		char uci[CC_CHESS_SAN_MAX];
		cc_chess_move_to_uci(mv, uci, sizeof uci);
		*t += 1000;
		ok(m, cc_event_move_text(*t, pos->to_move, uci));
		seen->seen = realloc(seen->seen, (seen->count + 1) * sizeof *seen->seen);
		ck_assert_ptr_nonnull(seen->seen);
		cc_chess_position_key(cc_match_position(m), seen->seen[seen->count++], CC_CHESS_FEN_MAX);
	}
	return played;
}

#endif
