/*
 * test_match_fide.c: format chess, a plain game under the FIDE Laws
 * (rules/fide.md). Each test declares the clauses it checks (clauses.h).
 * Long games (50 and 75 moves, dead positions, flag falls against a lone
 * king) are played by a small deterministic self-play (self_play) with a
 * policy for each side, so the tests need no hand-written 150-ply games.
 */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "match_helpers.h"

#define W CC_SIDE_WHITE
#define B CC_SIDE_BLACK

static cc_match *new_game(int64_t base_ms, int64_t inc_ms, cc_claims claims, cc_chess_variant variant)
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

static void play_line(cc_match *m, int64_t *t, const char *const *sans, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		*t += 1000;
		cc_side side = view_at(m, *t).to_move;
		cc_error err = {0};
		cc_event ev = cc_event_move_text(*t, side, sans[i]);
		ck_assert_msg(cc_match_apply(m, &ev, &err) == CC_OK, "%s refused: %s", sans[i], err.message);
	}
}

#define PLAY(m, t, ...)                                                                \
	do {                                                                           \
		static const char *const line_[] = {__VA_ARGS__};                      \
		play_line(m, t, line_, sizeof line_ / sizeof line_[0]);                \
	} while (0)

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
static bool attacked_on(const cc_chess_position *next, unsigned sq)
{
	cc_chess_move_list list;
	cc_chess_legal_moves(next, &list);
	for (size_t i = 0; i < list.count; i++)
		if (cc_chess_move_to(list.moves[i]) == sq)
			return true;
	return false;
}

static int piece_value(cc_chess_piece_type t)
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
static cc_chess_move pick(const cc_chess_position *pos, policy p, char (*seen)[CC_CHESS_FEN_MAX], size_t nseen)
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
static int self_play(cc_match *m, int64_t *t, policy white, policy black, int plies, seen_keys *seen)
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

/* ---- settings --------------------------------------------------------------- */

START_TEST(test_match_fide_settings__chess_needs_moves_recording)
{
	CLAUSES("FI-1.1");
	cc_match_settings s;
	cc_match *m = NULL;
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_CHESS;
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_ERR_INVALID); /* count recording */
	s.record = CC_RECORD_MOVES;
	s.tc_increment_ms = 3000; /* an increment without a clock */
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_ERR_INVALID);
	s.format = CC_FORMAT_TWICE;
	s.tc_base_ms = 300000; /* a time control in ChessCubing */
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_ERR_INVALID);
	s.tc_base_ms = s.tc_increment_ms = 0;
	s.claims = CC_CLAIMS_MANUAL;
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_ERR_INVALID);
	ck_assert_ptr_null(m);
}
END_TEST

START_TEST(test_match_fide_settings__no_blocks_no_cubes)
{
	CLAUSES("FI-1.1 FI-6.2");
	cc_match *m = new_game(0, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	refused(m, cc_event_start(10), CC_ERR_PHASE);
	cc_match_view v = view_at(m, 10 * 60 * 1000);
	ck_assert_int_eq(v.phase, CC_PHASE_BLOCK); /* no block ends after 180 s */
	ck_assert(!v.has_chess_clocks);
	ck_assert_int_eq(v.quota, 0);
	ck_assert(!cc_match_changed_by_time(m, INT64_C(1) << 39)); /* tc=none: time never ends the game */
	t = 600000;
	PLAY(m, &t, "e4");
	refused(m, cc_event_cube(t + 1, W, 1500), CC_ERR_PHASE);
	refused(m, cc_event_mate(t + 1), CC_ERR_NO_MOVE);
	refused(m, cc_event_correct(t + 1, CC_CORRECT_BLOCK, W, 1000, false, "why"), CC_ERR_INVALID);
	cc_match_destroy(m);
}
END_TEST

/* ---- the board's ends ---------------------------------------------------------- */

START_TEST(test_match_fide_end__checkmate_wins)
{
	CLAUSES("FI-5.1.1");
	cc_match *m = new_game(300000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, "f3", "e5", "g4", "Qh4");
	cc_match_view v = view_at(m, t);
	ck_assert(v.over);
	ck_assert_int_eq(v.winner, CC_WINNER_BLACK);
	ck_assert_int_eq(v.reason, CC_REASON_CHECKMATE);
	refused(m, cc_event_move_text(t + 1, W, "a3"), CC_ERR_OVER);
	/* undo takes the mate back (RU-14), the game goes on */
	ok(m, cc_event_undo(t + 2));
	ck_assert(!view_at(m, t + 2).over);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_end__stalemate_draws)
{
	CLAUSES("FI-5.2.1");
	cc_match *m = new_game(0, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	/* Sam Loyd's ten-move stalemate */
	PLAY(m, &t, "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7", "Qxb7",
	     "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6");
	cc_match_view v = view_at(m, t);
	ck_assert(v.over);
	ck_assert_int_eq(v.winner, CC_WINNER_NONE);
	ck_assert_int_eq(v.reason, CC_REASON_STALEMATE);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_end__dead_position_draws)
{
	CLAUSES("FI-5.2.2");
	cc_match *m = new_game(0, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	seen_keys seen = {NULL, 0};
	int64_t t = 0;
	ok(m, cc_event_start(0));
	/* Both sides take whatever they can, pushing pawns otherwise. */
	self_play(m, &t, POLICY_TRADE, POLICY_TRADE, 600, &seen);
	cc_match_view v = view_at(m, t);
	ck_assert_msg(v.over && v.reason == CC_REASON_DEAD, "ended %s by %s: %s", v.over ? "" : "not",
	              cc_reason_name(v.reason), v.fen);
	ck_assert_int_eq(v.winner, CC_WINNER_NONE);
	free(seen.seen);
	cc_match_destroy(m);
}
END_TEST

/* ---- repetitions ---------------------------------------------------------------- */

START_TEST(test_match_fide_repetition__threefold_draws_with_auto_claims)
{
	CLAUSES("FI-9.2");
	cc_match *m = new_game(0, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, KNIGHTS_BACK_AND_FORTH, "Nf3", "Nf6", "Ng1");
	ck_assert(!view_at(m, t).over); /* the start position twice */
	PLAY(m, &t, "Ng8");
	cc_match_view v = view_at(m, t);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_THREEFOLD);
	ck_assert_int_eq(v.repetitions, 3);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_repetition__pinned_en_passant_is_not_a_difference)
{
	CLAUSES("FI-9.2.2");
	/* The key of the Laws' 9.2.2 on the issue's position: the pawn on b5
	 * is pinned to its king by the rook on h5, so c6 cannot be taken. */
	cc_chess_position with_ep, without_ep;
	char a[CC_CHESS_FEN_MAX], b[CC_CHESS_FEN_MAX];
	ck_assert_int_eq(cc_chess_position_from_fen(&with_ep, "8/8/8/KPp4r/8/8/8/7k w - c6 0 1", NULL), CC_OK);
	ck_assert_int_eq(cc_chess_position_from_fen(&without_ep, "8/8/8/KPp4r/8/8/8/7k w - - 0 1", NULL), CC_OK);
	cc_chess_position_key(&with_ep, a, sizeof a);
	cc_chess_position_key(&without_ep, b, sizeof b);
	ck_assert_str_eq(a, b);
	ck_assert_ptr_null(strstr(a, "c6"));
	/* In a game: after 1.e4 the e3 square is written in the FEN but no
	 * black pawn can take, so the position after 1.e4 Nf6 2.Nf3 Ng8 3.Ng1
	 * Nf6 4.Nf3... counts with the first: repetitions by the key. */
	cc_match *m = new_game(0, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, "e4");
	ck_assert_ptr_nonnull(strstr(view_at(m, t).fen, " e3 "));
	PLAY(m, &t, "Nf6", "Nf3", "Ng8", "Ng1");
	ck_assert_uint_eq(view_at(m, t).repetitions, 2); /* e3 written the first time, yet the same position */
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_repetition__fivefold_draws_even_with_manual_claims)
{
	CLAUSES("FI-9.6.1");
	cc_match *m = new_game(0, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, KNIGHTS_BACK_AND_FORTH, KNIGHTS_BACK_AND_FORTH, KNIGHTS_BACK_AND_FORTH, "Nf3", "Nf6", "Ng1");
	ck_assert(!view_at(m, t).over); /* four times */
	PLAY(m, &t, "Ng8");
	cc_match_view v = view_at(m, t);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_FIVEFOLD);
	cc_match_destroy(m);
}
END_TEST

/* ---- the move counts --------------------------------------------------------------- */

/* Opens the lines with a few pawn moves, then plays quiet moves until the
 * half-move clock reads quiet (or the game ends). */
static void quiet_game(cc_match *m, int64_t *t, seen_keys *seen, unsigned quiet)
{
	ok(m, cc_event_start(0));
	PLAY(m, t, "e3", "e6", "d3", "d6", "b3", "b6", "g3", "g6");
	while (!view_at(m, *t).over && cc_match_position(m)->halfmove_clock < quiet)
		ck_assert_int_eq(self_play(m, t, POLICY_QUIET, POLICY_QUIET, 1, seen), 1);
}

START_TEST(test_match_fide_count__fifty_moves_draw_with_auto_claims)
{
	CLAUSES("FI-9.3");
	cc_match *m = new_game(0, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	seen_keys seen = {NULL, 0};
	int64_t t = 0;
	quiet_game(m, &t, &seen, 100);
	cc_match_view v = view_at(m, t);
	ck_assert_msg(v.over && v.reason == CC_REASON_FIFTY, "%s", cc_reason_name(v.reason));
	ck_assert_uint_eq(cc_match_position(m)->halfmove_clock, 100);
	free(seen.seen);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_count__seventy_five_moves_draw_at_once)
{
	CLAUSES("FI-9.6.2");
	cc_match *m = new_game(0, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	seen_keys seen = {NULL, 0};
	int64_t t = 0;
	quiet_game(m, &t, &seen, 150);
	cc_match_view v = view_at(m, t);
	ck_assert_msg(v.over && v.reason == CC_REASON_SEVENTY_FIVE, "%s", cc_reason_name(v.reason));
	ck_assert_uint_eq(cc_match_position(m)->halfmove_clock, 150);
	free(seen.seen);
	cc_match_destroy(m);
}
END_TEST

/* ---- claims ------------------------------------------------------------------------ */

START_TEST(test_match_fide_claim__threefold_accepted_when_valid)
{
	CLAUSES("FI-9.5 FI-9.2");
	cc_match *m = new_game(0, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, KNIGHTS_BACK_AND_FORTH);
	/* twice: refused, with how many times */
	cc_error err = {0};
	cc_event claim = cc_event_claim(t + 1, W, "threefold");
	ck_assert_int_eq(cc_match_apply(m, &claim, &err), CC_ERR_PHASE);
	ck_assert_int_eq(err.msg, CC_MSG_CLAIM_REPETITION_TIMES);
	ck_assert_int_eq(err.args[0].n, 2);
	refused(m, cc_event_claim(t + 1, W, "threefold"), CC_ERR_PHASE);
	refused(m, cc_event_claim(t + 1, W, "perpetual"), CC_ERR_INVALID);
	PLAY(m, &t, KNIGHTS_BACK_AND_FORTH);
	ck_assert(!view_at(m, t).over); /* three times, no automatic end */
	/* Black made the last move: his claim, with the move written (9.2.1.a) */
	ok(m, cc_event_claim(t + 1, B, "threefold"));
	cc_match_view v = view_at(m, t + 1);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_THREEFOLD);
	ck_assert_int_eq(v.winner, CC_WINNER_NONE);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_claim__only_the_player_to_move_or_who_just_moved)
{
	CLAUSES("FI-9.5");
	cc_match *m = new_game(0, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, KNIGHTS_BACK_AND_FORTH, KNIGHTS_BACK_AND_FORTH);
	ok(m, cc_event_pause(t + 1));
	/* Black moved last, but something came in between */
	refused(m, cc_event_claim(t + 2, B, "threefold"), CC_ERR_WRONG_SIDE);
	ok(m, cc_event_claim(t + 2, W, "threefold")); /* White is to move: valid */
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_claim__fifty_accepted_from_100_half_moves)
{
	CLAUSES("FI-9.5 FI-9.3");
	cc_match *m = new_game(0, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	seen_keys seen = {NULL, 0};
	int64_t t = 0;
	quiet_game(m, &t, &seen, 99);
	cc_side to_move = view_at(m, t).to_move;
	refused(m, cc_event_claim(t + 1, to_move, "fifty"), CC_ERR_PHASE);
	ck_assert_int_eq(self_play(m, &t, POLICY_QUIET, POLICY_QUIET, 1, &seen), 1);
	ck_assert(!view_at(m, t).over); /* manual: no end by itself */
	ok(m, cc_event_claim(t + 1, view_at(m, t).to_move, "fifty"));
	ck_assert_int_eq(view_at(m, t + 1).reason, CC_REASON_FIFTY);
	free(seen.seen);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_claim__refused_in_chesscubing)
{
	CLAUSES("FI-9.1 FI-9.5");
	cc_match *m = new_recording_match(CC_FORMAT_TWICE, CC_CATEGORY_FAST, 1, CC_RECORD_MOVES);
	ok(m, cc_event_start(0));
	refused(m, cc_event_claim(10, W, "threefold"), CC_ERR_PHASE);
	refused(m, cc_event_draw(10), CC_ERR_PHASE);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_draw__agreement_ends_the_game)
{
	CLAUSES("FI-9.1 FI-5.1.2");
	cc_match *m = new_game(300000, 2000, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	refused(m, cc_event_draw(0), CC_ERR_PHASE); /* not started */
	ok(m, cc_event_start(0));
	PLAY(m, &t, "d4", "d5");
	ok(m, cc_event_draw(t + 500));
	cc_match_view v = view_at(m, t + 500);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_AGREEMENT);
	ck_assert_int_eq(v.winner, CC_WINNER_NONE);
	ok(m, cc_event_undo(t + 600));
	ok(m, cc_event_resign(t + 700, W));
	ck_assert_int_eq(view_at(m, t + 700).winner, CC_WINNER_BLACK);
	ok(m, cc_event_undo(t + 800));
	ok(m, cc_event_arbiter(t + 900, CC_WINNER_WHITE, "Black's phone rang"));
	ck_assert_int_eq(view_at(m, t + 900).reason, CC_REASON_ARBITER);
	cc_match_destroy(m);
}
END_TEST

/* ---- the clock ------------------------------------------------------------------- */

START_TEST(test_match_fide_clock__runs_for_the_side_to_move_with_increment)
{
	CLAUSES("FI-6.2 FI-6.3.1");
	cc_match *m = new_game(300000, 3000, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	ck_assert_int_eq(view_at(m, 5000).clock_ms[W], 300000); /* not started */
	ok(m, cc_event_start(1000));
	ck_assert_int_eq(view_at(m, 11000).clock_ms[W], 290000);
	ok(m, cc_event_move_text(11000, W, "e4"));
	cc_match_view v = view_at(m, 15000);
	ck_assert_int_eq(v.clock_ms[W], 293000); /* 290 s + 3 s after the move */
	ck_assert_int_eq(v.clock_ms[B], 296000);
	ck_assert(v.has_chess_clocks);
	ok(m, cc_event_pause(15000));
	ck_assert_int_eq(view_at(m, 99000).clock_ms[B], 296000);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_clock__flag_fall_loses)
{
	CLAUSES("FI-6.9");
	cc_match *m = new_game(60000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(1000, W, "e4"));
	/* Black's minute runs out at 61 000 ms: a move then is still in time */
	ck_assert(!view_at(m, 61000).over);
	ck_assert(!cc_match_changed_by_time(m, 61000));
	ck_assert(cc_match_changed_by_time(m, 61001));
	cc_match_view v = view_at(m, 61001);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_TIME);
	ck_assert_int_eq(v.winner, CC_WINNER_WHITE);
	ck_assert(v.flagged[B]);
	ck_assert_int_eq(v.clock_ms[B], 0);
	refused(m, cc_event_move_text(61001, B, "e5"), CC_ERR_OVER);
	ok(m, cc_event_move_text(61000, B, "e5")); /* RU-9 */
	ck_assert(!view_at(m, 61000).over);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_clock__flag_fall_draws_against_a_lone_king)
{
	CLAUSES("FI-6.9");
	/* White takes everything Black gives, Black gives everything. */
	cc_match *m = new_game(INT64_C(24) * 3600 * 1000, 0, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	seen_keys seen = {NULL, 0};
	int64_t t = 0;
	ok(m, cc_event_start(0));
	const cc_chess_position *pos = cc_match_position(m);
	for (int round = 0; round < 60 && !view_at(m, t).over &&
	                    (pos->by_side[B] & ~pos->by_type[CC_CHESS_KING]) != 0;
	     round++) {
		self_play(m, &t, POLICY_CAPTURE, POLICY_GIVE, 10, &seen);
		self_play(m, &t, POLICY_PAWN, POLICY_PAWN, 2, &seen);
		pos = cc_match_position(m);
	}
	ck_assert_msg(!view_at(m, t).over && (pos->by_side[B] & ~pos->by_type[CC_CHESS_KING]) == 0, "%s",
	              view_at(m, t).fen);
	if (view_at(m, t).to_move == B)
		ck_assert_int_eq(self_play(m, &t, POLICY_QUIET, POLICY_QUIET, 1, &seen), 1);
	/* White to move against a lone king: his flag falls, Black cannot mate */
	cc_match_view v = view_at(m, CC_MATCH_TIME_MAX_MS);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_TIME_DRAW);
	ck_assert_int_eq(v.winner, CC_WINNER_NONE);
	ck_assert(v.flagged[W]);
	free(seen.seen);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_clock__arbiter_sets_a_clock)
{
	CLAUSES("FI-6.10");
	cc_match *m = new_game(300000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	ok(m, cc_event_start(0));
	ok(m, cc_event_correct(1000, CC_CORRECT_CLOCK, B, 120000, true, "incorrect claim: 9.5.3"));
	ck_assert_int_eq(view_at(m, 1000).clock_ms[B], 420000);
	refused(m, cc_event_correct(1000, CC_CORRECT_CLOCK, W, 0, false, "zero"), CC_ERR_INVALID);
	refused(m, cc_event_correct(1000, CC_CORRECT_CLOCK, W, 1000, false, ""), CC_ERR_INVALID);
	cc_match_destroy(m);
	m = new_game(0, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	ok(m, cc_event_start(0));
	refused(m, cc_event_correct(1000, CC_CORRECT_CLOCK, W, 1000, false, "no clock"), CC_ERR_INVALID);
	cc_match_destroy(m);
}
END_TEST

/* ---- undo after a flag fall -------------------------------------------------------- */

/* The record replayed through a new game gives the same view at t. */
static void same_on_replay(const cc_match *m, int64_t t)
{
	cc_match *r = replay_record(m);
	cc_match_view a = view_at(m, t), b = view_at(r, t);
	ck_assert(memcmp(&a, &b, sizeof a) == 0);
	cc_match_destroy(r);
}

START_TEST(test_match_fide_undo__flag_fall_comes_back_paused_at_the_fall)
{
	CLAUSES("RU-28 RU-29 FI-6.10");
	cc_match *m = new_game(60000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	cc_event target;
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(1000, W, "e4"));
	ok(m, cc_event_tick(61500)); /* Black's flag fell at 61 000 */
	ck_assert(view_at(m, 61500).over);
	/* RU-28: the fall is what an undo takes back, not White's move */
	ck_assert(!cc_match_undo_target(m, &target));
	ok(m, cc_event_undo(70000));
	cc_match_view v = view_at(m, 90000);
	ck_assert(!v.over);
	ck_assert(v.paused);
	ck_assert_int_eq(v.to_move, B);
	ck_assert_int_eq(v.clock_ms[B], 0);
	ck_assert_int_eq(v.clock_ms[W], 59000);
	ck_assert(!v.flagged[B]);
	ck_assert_uint_eq(v.plies, 1);
	/* the history stands on a pause at the fall's millisecond */
	size_t n = cc_match_history_count(m);
	ck_assert(cc_match_history_at(m, n - 2, &target));
	ck_assert_int_eq(target.kind, CC_EV_PAUSE);
	ck_assert_int_eq(target.t_ms, 61000);
	/* RU-29: resuming at zero would drop the flag again: refused */
	refused(m, cc_event_resume(91000), CC_ERR_PHASE);
	ok(m, cc_event_correct(92000, CC_CORRECT_CLOCK, B, 30000, false, "clock key not pressed"));
	ok(m, cc_event_resume(93000));
	ck_assert_int_eq(view_at(m, 100000).clock_ms[B], 23000);
	ok(m, cc_event_move_text(100000, B, "e5"));
	same_on_replay(m, 100000);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_undo__further_undos_go_back_with_the_clocks_stopped)
{
	CLAUSES("RU-30 RU-14");
	cc_match *m = new_game(60000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	cc_event target;
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(1000, W, "e4"));
	ok(m, cc_event_move_text(2000, B, "e5"));
	/* White's flag falls at 61 000; the undo stops the clocks there */
	ok(m, cc_event_undo(65000));
	ck_assert_int_eq(view_at(m, 65000).clock_ms[W], 0);
	/* RU-30: the next undo takes back e5, and the clocks stay stopped as
	 * they stood when it was played */
	ck_assert(cc_match_undo_target(m, &target));
	ck_assert_int_eq(target.kind, CC_EV_MOVE);
	ck_assert_str_eq(target.text, "e5");
	ok(m, cc_event_undo(66000));
	cc_match_view v = view_at(m, 80000);
	ck_assert(v.paused && !v.over);
	ck_assert_int_eq(v.to_move, B);
	ck_assert_int_eq(v.clock_ms[W], 59000);
	ck_assert_int_eq(v.clock_ms[B], 59000);
	ck_assert_uint_eq(v.plies, 1);
	ok(m, cc_event_undo(81000)); /* e4 */
	v = view_at(m, 90000);
	ck_assert(v.paused);
	ck_assert_int_eq(v.to_move, W);
	ck_assert_int_eq(v.clock_ms[W], 59000);
	ck_assert_uint_eq(v.plies, 0);
	same_on_replay(m, 90000);
	ok(m, cc_event_undo(91000)); /* back to before the start */
	ck_assert_int_eq(view_at(m, 95000).phase, CC_PHASE_SETUP);
	same_on_replay(m, 95000);
	cc_match_destroy(m);
}
END_TEST

START_TEST(test_match_fide_undo__a_second_fall_after_a_resume)
{
	CLAUSES("RU-28 RU-30");
	cc_match *m = new_game(60000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(1000, W, "e4"));
	ok(m, cc_event_undo(62000)); /* Black's fall at 61 000, stopped */
	ok(m, cc_event_correct(63000, CC_CORRECT_CLOCK, B, 5000, false, "clock key not pressed"));
	ok(m, cc_event_resume(64000));
	ck_assert(view_at(m, 69001).over); /* the five seconds ran out */
	ok(m, cc_event_undo(70000));
	ck_assert_int_eq(view_at(m, 70000).clock_ms[B], 0);
	/* back past the resume: paused as before it, the correction kept */
	ok(m, cc_event_undo(71000));
	cc_match_view v = view_at(m, 75000);
	ck_assert(v.paused && !v.over);
	ck_assert_int_eq(v.clock_ms[B], 5000);
	same_on_replay(m, 75000);
	cc_match_destroy(m);
}
END_TEST

/* ---- replay ------------------------------------------------------------------------ */

START_TEST(test_match_fide_replay__record_rebuilds_the_same_game)
{
	CLAUSES("FI-6.9 FI-9.2");
	cc_match *m = new_game(60000, 1000, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, "e4", "e5", "Nf3");
	ok(m, cc_event_undo(t + 10));
	ok(m, cc_event_tick(90000)); /* Black's... no: White's flag, after the undo */
	cc_match *r = new_game(60000, 1000, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	cc_event ev;
	for (size_t i = 0; cc_match_event_at(m, i, &ev); i++)
		ok(r, ev);
	cc_match_view a = view_at(m, 90000), b = view_at(r, 90000);
	ck_assert(memcmp(&a, &b, sizeof a) == 0);
	ck_assert_int_eq(a.reason, CC_REASON_TIME);
	ck_assert_int_eq(a.winner, CC_WINNER_BLACK);
	cc_match_destroy(m);
	cc_match_destroy(r);
}
END_TEST

/* ---- RU-38: the clock keys of a chess game, the SAN after ---------------------------- */

/* The record replayed event by event gives the same views, plies and board. */
static void assert_replay_same(const cc_match *m, int64_t t, int64_t span)
{
	cc_match *copy = NULL;
	ck_assert_int_eq(cc_match_create(&copy, cc_match_settings_of(m), NULL), CC_OK);
	cc_event ev;
	for (size_t i = 0; cc_match_event_at(m, i, &ev); i++)
		ck_assert_int_eq(cc_match_apply(copy, &ev, NULL), CC_OK);
	for (int64_t at = t; at < t + span; at += 4321) {
		cc_match_view a = view_at(m, at), b = view_at(copy, at);
		ck_assert(memcmp(&a, &b, sizeof a) == 0);
	}
	ck_assert_uint_eq(cc_match_ply_count(copy), cc_match_ply_count(m));
	for (size_t i = 0; i < cc_match_ply_count(m); i++)
		ck_assert(memcmp(cc_match_ply_at(m, i), cc_match_ply_at(copy, i), sizeof(cc_match_ply)) == 0);
	ck_assert(memcmp(cc_match_position(m), cc_match_position(copy), sizeof(cc_chess_position)) == 0);
	cc_match_destroy(copy);
}

/* a key stops its player's clock at the press, with his increment; the
 * opponent's key is live at once; SANs typed 30 s later cost nothing:
 * the clocks are those of the same moves typed at the presses */
START_TEST(test_match_fide_stamps__clocks_switch_at_the_press)
{
	CLAUSES("RU-38 FI-6.2 FI-6.3.1");
	cc_match *m = new_game(300000, 3000, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	ok(m, cc_event_start(0));
	refused(m, cc_event_press(5000, B), CC_ERR_WRONG_SIDE);
	ok(m, cc_event_press(10000, W));
	cc_match_view v = view_at(m, 12000);
	ck_assert_uint_eq(v.stamps, 1);
	ck_assert_int_eq(v.stamp[0].side, W);
	ck_assert_int_eq(v.stamp[0].t_ms, 10000);
	ck_assert_int_eq(v.stamp[0].block_ms, 290000); /* his clock at the key */
	ck_assert_int_eq(v.to_move, B);
	ck_assert_int_eq(v.clock_ms[W], 293000);
	ck_assert_int_eq(v.clock_ms[B], 298000);
	ck_assert_str_eq(v.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	ok(m, cc_event_press(15000, B));
	refused(m, cc_event_move_text(16000, W, "e4"), CC_ERR_PHASE); /* the stamps first */
	refused(m, cc_event_claim(16000, W, "threefold"), CC_ERR_PHASE);
	ok(m, cc_event_san(40000, "e4"));
	refused(m, cc_event_san(41000, "e4"), CC_ERR_ILLEGAL_MOVE); /* the stamp waits */
	ck_assert_uint_eq(view_at(m, 41000).stamps, 1);
	ok(m, cc_event_san(42000, "e5"));
	v = view_at(m, 42000);
	ck_assert_uint_eq(v.stamps, 0);
	ck_assert_int_eq(cc_match_ply_at(m, 0)->t_ms, 10000);
	ck_assert_int_eq(cc_match_ply_at(m, 1)->t_ms, 15000);
	ck_assert_str_eq(v.last_move_san, "e5");
	/* the same moves typed at the presses */
	cc_match *typed = new_game(300000, 3000, CC_CLAIMS_MANUAL, CC_CHESS_VARIANT_STANDARD);
	ok(typed, cc_event_start(0));
	ok(typed, cc_event_move_text(10000, W, "e4"));
	ok(typed, cc_event_move_text(15000, B, "e5"));
	cc_match_view want = view_at(typed, 42000);
	ck_assert_int_eq(v.clock_ms[W], want.clock_ms[W]);
	ck_assert_int_eq(v.clock_ms[B], want.clock_ms[B]);
	ck_assert_int_eq(v.clock_ms[W], 293000 - 27000);
	ck_assert_int_eq(v.clock_ms[B], 300000 - 5000 + 3000);
	ck_assert_str_eq(v.fen, want.fen);
	cc_match_destroy(typed);
	assert_replay_same(m, 42000, 100000);
	cc_match_destroy(m);
}
END_TEST

/* the mate's SAN ends the game at its stamp: a later stamp is void, and a
 * flag that fell between the press and the SAN never fell */
START_TEST(test_match_fide_stamps__mate_at_the_stamp_before_a_flag)
{
	CLAUSES("RU-38 FI-5.1.1 FI-6.9");
	cc_match *m = new_game(60000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, "f3", "e5", "g4"); /* White at 3000 */
	ok(m, cc_event_press(4000, B));
	ok(m, cc_event_press(5000, W));
	/* Black's clock, 58 s left at his key, runs again from White's: it falls at 63 000 ms */
	ck_assert(!view_at(m, 63000).over);
	ck_assert(view_at(m, 63001).over);
	ck_assert_int_eq(view_at(m, 63001).reason, CC_REASON_TIME);
	ck_assert(view_at(m, 63001).flagged[B]);
	ok(m, cc_event_tick(70000)); /* Black's flag falls, the SANs not in */
	ck_assert(view_at(m, 70000).over);
	size_t history = cc_match_history_count(m);
	ok(m, cc_event_san(75000, "Qh4#"));
	cc_match_view v = view_at(m, 75000);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_CHECKMATE);
	ck_assert_int_eq(v.winner, CC_WINNER_BLACK);
	ck_assert(!v.flagged[B]);
	ck_assert_uint_eq(v.stamps, 0);
	ck_assert_int_eq(cc_match_ply_at(m, cc_match_ply_count(m) - 1)->t_ms, 4000);
	ck_assert_uint_eq(cc_match_history_count(m), history - 1); /* White's stamp is void */
	assert_replay_same(m, 75000, 50000);
	cc_match_destroy(m);
}
END_TEST

/* a flag that falls while a stamp waits falls: the SAN comes in after it,
 * and the flag is judged again on the board it makes (FI-6.9) */
START_TEST(test_match_fide_stamps__flag_between_the_press_and_its_san)
{
	CLAUSES("RU-38 FI-6.9");
	cc_match *m = new_game(60000, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_STANDARD);
	ok(m, cc_event_start(0));
	ok(m, cc_event_press(1000, W));
	/* Black's minute runs from White's key: it falls at 61 000 ms */
	ck_assert(!view_at(m, 61000).over);
	cc_match_view v = view_at(m, 61001);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_TIME);
	ck_assert_int_eq(v.winner, CC_WINNER_WHITE);
	ck_assert(v.flagged[B]);
	ok(m, cc_event_tick(61001));
	refused(m, cc_event_press(61002, B), CC_ERR_OVER);
	ok(m, cc_event_san(70000, "e4"));
	v = view_at(m, 70000);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_TIME);
	ck_assert_int_eq(v.winner, CC_WINNER_WHITE);
	ck_assert_uint_eq(v.stamps, 0);
	ck_assert_str_eq(v.last_move_san, "e4");
	ck_assert_int_eq(cc_match_ply_at(m, 0)->t_ms, 1000);
	/* an undo takes the fall back (RU-28), then the stamp with its SAN */
	ok(m, cc_event_undo(71000));
	ck_assert(!view_at(m, 71000).over);
	assert_replay_same(m, 70000, 50000);
	cc_match_destroy(m);
}
END_TEST

static cc_match *game_of_tc(const char *tc); /* below, with the periods */

/* every time control: moves stamped by the keys, their SANs typed long
 * after, give the clocks of the same moves typed at the keys (a period's
 * time after its last move pressed, Bronstein's refund, a delay's wait) */
START_TEST(test_match_fide_stamps__every_time_control_as_if_typed_at_the_keys)
{
	CLAUSES("RU-38 FI-6.11 FI-6.12 FI-6.13");
	static const char *const tcs[] = {"2/1:1", "5b3", "5d3", "5+3"};
	static const struct {
		int64_t t;
		const char *san;
	} line[] = {{2000, "e4"}, {7000, "e5"}, {25000, "Nf3"}, {45000, "Nc6"}};
	for (size_t k = 0; k < sizeof tcs / sizeof tcs[0]; k++) {
		cc_match *m = game_of_tc(tcs[k]), *typed = game_of_tc(tcs[k]);
		ok(m, cc_event_start(0));
		ok(typed, cc_event_start(0));
		for (size_t i = 0; i < 4; i++)
			ok(typed, cc_event_move_text(line[i].t, i % 2 ? B : W, line[i].san));
		ok(m, cc_event_press(line[0].t, W));
		ok(m, cc_event_press(line[1].t, B));
		ok(m, cc_event_san(20000, line[0].san));
		ok(m, cc_event_san(21000, line[1].san));
		ok(m, cc_event_press(line[2].t, W));
		ok(m, cc_event_press(line[3].t, B));
		ok(m, cc_event_san(50000, line[2].san));
		ok(m, cc_event_san(55000, line[3].san));
		for (int64_t at = 55000; at < 70000; at += 1700) {
			cc_match_view a = view_at(m, at), b = view_at(typed, at);
			ck_assert_msg(a.clock_ms[W] == b.clock_ms[W] && a.clock_ms[B] == b.clock_ms[B],
			              "%s at %lld: %lld/%lld stamped, %lld/%lld typed", tcs[k], (long long)at,
			              (long long)a.clock_ms[W], (long long)a.clock_ms[B], (long long)b.clock_ms[W],
			              (long long)b.clock_ms[B]);
			ck_assert_str_eq(a.fen, b.fen);
			ck_assert_int_eq(a.to_move, b.to_move);
		}
		assert_replay_same(m, 55000, 20000);
		cc_match_destroy(m);
		cc_match_destroy(typed);
	}
}
END_TEST

/* ---- Checkered on the board ---------------------------------------------------------- */

START_TEST(test_match_fide_checkered__a_chess_game_on_a_checkered_board)
{
	CLAUSES("CK-5.1");
	cc_match *m = new_game(0, 0, CC_CLAIMS_AUTO, CC_CHESS_VARIANT_CHECKERED);
	int64_t t = 0;
	ok(m, cc_event_start(0));
	PLAY(m, &t, "e4", "d5", "exd5");
	ck_assert(cc_chess_is_checkered(cc_match_position(m), 35)); /* d5 */
	ck_assert_int_eq(cc_match_position(m)->variant, CC_CHESS_VARIANT_CHECKERED);
	cc_match_destroy(m);
	/* count recording has no board to be checkered */
	cc_match_settings s;
	cc_match_settings_default(&s);
	s.variant = CC_CHESS_VARIANT_CHECKERED;
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_ERR_INVALID);
}
END_TEST

/* Twice FAST on a Checkered board: White's knight goes to b5 in block 1
 * (Black moves last), White wins the cube: a double move in block 2. */
static cc_match *checkered_double_move(bool king_on_d7, int64_t *t)
{
	cc_match_settings s;
	cc_match *m = NULL;
	cc_match_settings_default(&s);
	s.record = CC_RECORD_MOVES;
	s.variant = CC_CHESS_VARIANT_CHECKERED;
	ck_assert_int_eq(cc_match_create(&m, &s, NULL), CC_OK);
	*t = 0;
	ok(m, cc_event_start(0));
	if (king_on_d7)
		PLAY(m, t, "Nc3", "d6", "Nb5", "Kd7");
	else
		PLAY(m, t, "Nc3", "Nf6", "Nb5", "Ng8");
	PLAY(m, t, "a3", "Nf6", "a4", "Ng8", "h3", "Nf6", "h4", "Ng8");
	ok(m, cc_event_cube(*t += 8000, W, 1500));
	ok(m, cc_event_cube(*t, B, 1600));
	ok(m, cc_event_start(*t += 1000));
	ck_assert_int_eq(view_at(m, *t).double_move, CC_DOUBLE_FREE);
	return m;
}

START_TEST(test_match_fide_checkered__double_move_limits_on_a_checkered_board)
{
	CLAUSES("CK-5.2 TW-6.2 TW-6.6");
	int64_t t;
	cc_match *m = checkered_double_move(false, &t);
	/* Nxc7+ makes a checkered knight that checks: not as a free move */
	refused(m, cc_event_move_text(t + 1000, W, "Nxc7"), CC_ERR_FREE_MOVE_CHECK);
	ok(m, cc_event_move_text(t + 1000, W, "Nxa7")); /* checkered, no check */
	ck_assert(cc_chess_is_checkered(cc_match_position(m), 48)); /* a7 */
	ok(m, cc_event_move_text(t + 2000, W, "Nxc8")); /* a minor piece: allowed */
	cc_match_destroy(m);
	m = checkered_double_move(true, &t);
	ok(m, cc_event_move_text(t + 1000, W, "Nxc7")); /* the king on d7 is not attacked */
	refused(m, cc_event_move_text(t + 2000, W, "Nxa8"), CC_ERR_ILLEGAL_MOVE); /* a rook */
	ok(m, cc_event_move_text(t + 2000, W, "Na6"));
	cc_match_destroy(m);
}
END_TEST

/* ---- periods, Bronstein, delay (FI-6.11 to FI-6.14) ------------------------------- */

static cc_match *game_of_tc(const char *tc)
{
	cc_match_settings s;
	cc_match *m = NULL;
	cc_error err = {0};
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_CHESS;
	s.record = CC_RECORD_MOVES;
	s.claims = CC_CLAIMS_MANUAL;
	ck_assert_msg(cc_tc_parse(tc, &s, &err) == CC_OK, "%s: %s", tc, err.message);
	ck_assert_msg(cc_match_create(&m, &s, &err) == CC_OK, "%s", err.message);
	return m;
}

/* FIDE's classical control on a DGT 3000: 30 s after every move from the
 * first, and the second period's 30 minutes after each player's 40th. */
START_TEST(test_match_fide_periods__classical_adds_the_next_period_after_move_40)
{
	CLAUSES("FI-6.11 FI-6.12");
	cc_match *m = game_of_tc("40/90+30:30+30");
	seen_keys seen = {NULL, 0};
	int64_t t = 0;
	ok(m, cc_event_start(0));
	ck_assert_int_eq(view_at(m, 0).clock_ms[W], 90 * 60000);
	for (int ply = 0; ply < 86; ply++) {
		cc_side side = view_at(m, t).to_move;
		int64_t before = view_at(m, t + 1000).clock_ms[side];
		ck_assert_msg(self_play(m, &t, POLICY_PAWN, POLICY_PAWN, 1, &seen) == 1, "no move at ply %d (over: %d)", ply,
		              view_at(m, t).over);
		int move = ply / 2 + 1;
		int64_t gained = view_at(m, t).clock_ms[side] - before;
		ck_assert_msg(gained == 30000 + (move == 40 ? 30 * 60000 : 0), "%s's move %d gained %lld ms",
		              side == W ? "White" : "Black", move, (long long)gained);
	}
	same_on_replay(m, t + 5000);
	free(seen.seen);
	cc_match_destroy(m);
}
END_TEST

/* Bronstein 3 s: a move's time comes back up to 3 s; the clock never gains. */
START_TEST(test_match_fide_periods__bronstein_gives_back_the_move_time_up_to_the_bonus)
{
	CLAUSES("FI-6.13");
	cc_match *m = game_of_tc("5b3");
	ok(m, cc_event_start(0));
	ok(m, cc_event_move_text(2000, W, "e4")); /* 2 s used, 2 s back */
	ck_assert_int_eq(view_at(m, 2000).clock_ms[W], 300000);
	ok(m, cc_event_move_text(7000, B, "e5")); /* 5 s used, 3 s back */
	ck_assert_int_eq(view_at(m, 7000).clock_ms[B], 298000);
	ck_assert_int_eq(view_at(m, 9000).clock_ms[W], 298000); /* runs from the first millisecond */
	same_on_replay(m, 9000);
	cc_match_destroy(m);
}
END_TEST

/* Simple (US) delay 3 s: the clock waits 3 s each turn; a pause stops the
 * wait as it stops the clock; the flag falls the delay after zero. */
START_TEST(test_match_fide_periods__delay_waits_before_the_clock_runs)
{
	CLAUSES("FI-6.13");
	cc_match *m = game_of_tc("5d3");
	ok(m, cc_event_start(0));
	ck_assert_int_eq(view_at(m, 3000).clock_ms[W], 300000);
	ck_assert_int_eq(view_at(m, 3500).clock_ms[W], 299500);
	ok(m, cc_event_move_text(2000, W, "e4")); /* within the delay: nothing spent */
	ck_assert_int_eq(view_at(m, 2000).clock_ms[W], 300000);
	ok(m, cc_event_pause(4000));  /* Black's turn, 2 s of its delay gone */
	ok(m, cc_event_resume(64000)); /* one more second of wait left */
	ck_assert_int_eq(view_at(m, 65000).clock_ms[B], 300000);
	ck_assert_int_eq(view_at(m, 67000).clock_ms[B], 298000);
	ok(m, cc_event_move_text(67000, B, "e5"));
	ck_assert_int_eq(view_at(m, 67000).clock_ms[B], 298000);
	same_on_replay(m, 68000);
	cc_match_destroy(m);

	m = game_of_tc("1d10");
	ok(m, cc_event_start(0));
	ck_assert(!view_at(m, 70000).over); /* 60 s of clock after 10 s of wait */
	ck_assert(cc_match_changed_by_time(m, 70001));
	cc_match_view v = view_at(m, 70001);
	ck_assert(v.over);
	ck_assert_int_eq(v.reason, CC_REASON_TIME);
	ck_assert_int_eq(v.winner, CC_WINNER_BLACK);
	cc_match_destroy(m);
}
END_TEST

/* The two spellings of one control, and what is not one, each with its reason. */
START_TEST(test_match_fide_periods__spellings_round_trip_and_refusals_say_why)
{
	CLAUSES("FI-6.11 FI-6.14");
	static const struct {
		const char *club, *pgn;
	} same[] = {
		{"40/90+30:30+30", "40/5400+30:1800+30"}, {"90d5", "5400d5"}, {"25b10", "1500b10"},
		{"5+3", "300+3"}, {"90", "5400"}, {"40/120:20/60:30", "40/7200:20/3600:1800"}, {"none", "-"},
	};
	for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
		cc_match_settings s;
		cc_error err;
		char club[64], pgn[64];
		cc_match_settings_default(&s);
		s.format = CC_FORMAT_CHESS;
		s.record = CC_RECORD_MOVES;
		ck_assert_msg(cc_tc_parse(same[i].club, &s, &err) == CC_OK, "%s: %s", same[i].club, err.message);
		cc_tc_format(&s, CC_TC_CLUB, club, sizeof club);
		cc_tc_format(&s, CC_TC_PGN, pgn, sizeof pgn);
		ck_assert_str_eq(club, same[i].club);
		ck_assert_str_eq(pgn, same[i].pgn);
	}
	static const struct {
		const char *text;
		cc_msg msg;
	} wrong[] = {
		{"40/90", CC_MSG_TC_PERIOD_MOVES},         {"90:30", CC_MSG_TC_PERIOD_MOVES},
		{"201/90:30", CC_MSG_TC_PERIOD_MOVES},     {"40/1:40/1:40/1:40/1:1", CC_MSG_TC_PERIODS_MAX},
		{"90+601", CC_MSG_TC_RANGE},               {"0+5", CC_MSG_TC_RANGE},
		{"1441", CC_MSG_TC_RANGE},                 {"90x5", CC_MSG_NOT_A_TIME_CONTROL},
		{"40/90+30:", CC_MSG_NOT_A_TIME_CONTROL},  {"", CC_MSG_NOT_A_TIME_CONTROL},
		{"d5", CC_MSG_NOT_A_TIME_CONTROL},
	};
	for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
		cc_match_settings s, before;
		cc_error err;
		cc_match_settings_default(&s);
		s.format = CC_FORMAT_CHESS;
		s.record = CC_RECORD_MOVES;
		before = s;
		ck_assert_int_eq(cc_tc_parse(wrong[i].text, &s, &err), CC_ERR_INVALID);
		ck_assert_msg(err.msg == wrong[i].msg, "'%s' refused as %s", wrong[i].text, cc_msg_name(err.msg));
		ck_assert(memcmp(&s, &before, sizeof s) == 0); /* a refusal changes nothing */
	}
	/* ChessCubing's clocks are its own: no period there */
	cc_match_settings s;
	cc_error err;
	cc_match *m = NULL;
	cc_match_settings_default(&s);
	s.tc_more = 1;
	ck_assert_int_eq(cc_match_create(&m, &s, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_TC_NOT_CHESSCUBING);
}
END_TEST

static Suite *match_fide_suite(void)
{
	Suite *s = suite_create("match_fide");
	struct {
		const char *name;
		const TTest *tests[8];
	} cases[] = {
		{"settings", {test_match_fide_settings__chess_needs_moves_recording, test_match_fide_settings__no_blocks_no_cubes}},
		{"end",
		 {test_match_fide_end__checkmate_wins, test_match_fide_end__stalemate_draws,
		  test_match_fide_end__dead_position_draws}},
		{"repetition",
		 {test_match_fide_repetition__threefold_draws_with_auto_claims,
		  test_match_fide_repetition__pinned_en_passant_is_not_a_difference,
		  test_match_fide_repetition__fivefold_draws_even_with_manual_claims}},
		{"count",
		 {test_match_fide_count__fifty_moves_draw_with_auto_claims,
		  test_match_fide_count__seventy_five_moves_draw_at_once}},
		{"claim",
		 {test_match_fide_claim__threefold_accepted_when_valid,
		  test_match_fide_claim__only_the_player_to_move_or_who_just_moved,
		  test_match_fide_claim__fifty_accepted_from_100_half_moves, test_match_fide_claim__refused_in_chesscubing}},
		{"draw", {test_match_fide_draw__agreement_ends_the_game}},
		{"clock",
		 {test_match_fide_clock__runs_for_the_side_to_move_with_increment, test_match_fide_clock__flag_fall_loses,
		  test_match_fide_clock__flag_fall_draws_against_a_lone_king, test_match_fide_clock__arbiter_sets_a_clock}},
		{"periods",
		 {test_match_fide_periods__classical_adds_the_next_period_after_move_40,
		  test_match_fide_periods__bronstein_gives_back_the_move_time_up_to_the_bonus,
		  test_match_fide_periods__delay_waits_before_the_clock_runs,
		  test_match_fide_periods__spellings_round_trip_and_refusals_say_why}},
		{"replay", {test_match_fide_replay__record_rebuilds_the_same_game}},
		{"undo",
		 {test_match_fide_undo__flag_fall_comes_back_paused_at_the_fall,
		  test_match_fide_undo__further_undos_go_back_with_the_clocks_stopped,
		  test_match_fide_undo__a_second_fall_after_a_resume}},
		{"checkered",
		 {test_match_fide_checkered__a_chess_game_on_a_checkered_board,
		  test_match_fide_checkered__double_move_limits_on_a_checkered_board}},
		{"stamps",
		 {test_match_fide_stamps__clocks_switch_at_the_press, test_match_fide_stamps__mate_at_the_stamp_before_a_flag,
		  test_match_fide_stamps__flag_between_the_press_and_its_san,
		  test_match_fide_stamps__every_time_control_as_if_typed_at_the_keys}},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		TCase *tc = tcase_create(cases[i].name);
		tcase_set_timeout(tc, 60);
		for (size_t j = 0; j < 8 && cases[i].tests[j]; j++)
			tcase_add_test(tc, cases[i].tests[j]);
		suite_add_tcase(s, tc);
	}
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(match_fide_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
