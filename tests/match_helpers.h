/*
 * match_helpers.h: small helpers shared by the match test files: create a
 * match, apply an event that must pass or must be refused (and then leave
 * everything as it was), play moves (counted, or by their text: PLAY) for
 * whoever is to move, and replay a match's record into a new match (and
 * check the copy is the same).
 */
#ifndef CHESSCUBING_TEST_MATCH_HELPERS_H
#define CHESSCUBING_TEST_MATCH_HELPERS_H

#include <check.h>
#include <string.h>

#include "chesscubing/match.h"

static inline cc_match *new_recording_match(cc_format format, cc_category category, uint64_t seed,
                                            cc_record_mode record)
{
	cc_match_settings settings;
	cc_match *m = NULL;
	cc_match_settings_default(&settings);
	settings.format = format;
	settings.category = category;
	settings.seed = seed;
	settings.record = record;
	ck_assert_int_eq(cc_match_create(&m, &settings, NULL), CC_OK);
	return m;
}

static inline cc_match *new_match(cc_format format, cc_category category, uint64_t seed)
{
	return new_recording_match(format, category, seed, CC_RECORD_COUNT);
}

static inline cc_match_view view_at(const cc_match *m, int64_t t)
{
	cc_match_view v;
	cc_match_view_at(m, t, &v);
	return v;
}

#define ok(m, ev) ok_at(m, ev, __LINE__)
static inline void ok_at(cc_match *m, cc_event ev, int line)
{
	cc_error err = {0};
	cc_err rc = cc_match_apply(m, &ev, &err);
	ck_assert_msg(rc == CC_OK, "line %d: event refused: %s", line, err.message);
}

/* The event must be refused with code, and nothing may change. */
#define refused(m, ev, code) refused_at(m, ev, code, __LINE__)
static inline void refused_at(cc_match *m, cc_event ev, cc_err code, int line)
{
	cc_error err = {0};
	int64_t t = cc_match_last_time(m);
	size_t events = cc_match_event_count(m);
	size_t blocks = cc_match_block_count(m);
	cc_match_view before = view_at(m, t), after;
	cc_err rc = cc_match_apply(m, &ev, &err);
	ck_assert_msg(rc == code, "line %d: expected %s, got %s (%s)", line, cc_err_name(code),
	              cc_err_name(rc), err.message);
	ck_assert_int_eq(err.code, code);
	ck_assert_msg(err.message[0] != '\0', "line %d: refusal without a message", line);
	ck_assert_msg(strchr(err.message, '\n') == NULL, "line %d: message is not one line", line);
	ck_assert_int_eq(cc_match_last_time(m), t);
	ck_assert_uint_eq(cc_match_event_count(m), events);
	ck_assert_uint_eq(cc_match_block_count(m), blocks);
	after = view_at(m, t);
	ck_assert_msg(memcmp(&before, &after, sizeof before) == 0, "line %d: state changed", line);
}

/* Plays n moves (no check) for whoever is to move, one every step ms. */
static inline void play_moves(cc_match *m, int64_t *t, int n, int64_t step)
{
	for (int i = 0; i < n; i++) {
		*t += step;
		ok(m, cc_event_move(*t, view_at(m, *t).to_move, false));
	}
}

/* m's accepted events (cc_match_event_at: its record) applied, each of them
 * accepted, to a new match of its settings; the caller destroys it. */
static inline cc_match *replay_record(const cc_match *m)
{
	cc_match *copy = NULL;
	ck_assert_int_eq(cc_match_create(&copy, cc_match_settings_of(m), NULL), CC_OK);
	cc_event ev;
	for (size_t i = 0; cc_match_event_at(m, i, &ev); i++)
		ck_assert_int_eq(cc_match_apply(copy, &ev, NULL), CC_OK);
	return copy;
}

/* m, a match that keeps the board (moves recording), replayed from its
 * record gives the same views from t for span ms, plies and board. */
static inline void assert_replay_identical(const cc_match *m, int64_t t, int64_t span)
{
	cc_match *copy = replay_record(m);
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

/* Plays the moves of sans (SAN or UCI texts), one every second after *t,
 * for whoever is to move; PLAY(m, &t, "e4", "e5") names them in place. */
static inline void play_line(cc_match *m, int64_t *t, const char *const *sans, size_t n)
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

#endif
