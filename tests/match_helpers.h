/*
 * match_helpers.h: small helpers shared by the match test files: create a
 * match, apply an event that must pass or must be refused (and then leave
 * everything as it was), play moves for whoever is to move, and replay a
 * match's record into a new match.
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

#endif
