/*
 * clock_test.c: the test build's clock and test deck (chesscubing-test,
 * built with the tests, never installed; compiled with CC_TEST_HOOKS, like
 * SQLite's SQLITE_TEST). The shipped program links clock.c instead, which
 * has neither: no environment variable changes its time or its deal.
 *
 * Time. CHESSCUBING_TEST_CLOCK names a file holding the monotonic time in
 * milliseconds, one decimal integer; the test writes it (to a temporary
 * name, then renamed over it, so a reader never sees half a number) and
 * the program reads it on every question. Time moves only when the test
 * says so: how fast the machine runs changes nothing. Wall time is a fixed
 * base (2026-01-01T00:00:00Z) plus the monotonic time. A file missing or
 * unreadable keeps the last value read (time never goes back); without the
 * variable, time stands still at 0. The clock asks its waiters to read it
 * again every POLL_MS of real time (cc_clock.poll_ms), so a loop asleep
 * until the next tenth sees the test move the clock.
 *
 * Deck. CHESSCUBING_TEST_DECK holds a Chess-Uno deal (card IDs, as a
 * scenario's deck=); the session deals a new game from it, marked fixed
 * (never rated, said on every screen and in every listing, UNO-F10).
 *
 * Frames. CHESSCUBING_TEST_FRAMES names a file where the count of frames
 * the screens drew so far is written (whole, then renamed over it) at
 * each one: a test reads that a screen with nothing new drew nothing.
 * CHESSCUBING_TEST_POLLS, likewise, counts a watcher's questions to the
 * record (a wake-up each, in the shipped program, unless a frame's).
 */
#ifndef CC_TEST_HOOKS
#error "clock_test.c is the test build's clock: compile it with CC_TEST_HOOKS, into chesscubing-test only"
#endif

#include "chesscubing/session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define POLL_MS 10
#define WALL_BASE_MS INT64_C(1767225600000) /* 2026-01-01T00:00:00Z */

static int64_t last_ms;

static int64_t test_monotonic(const cc_clock *clock)
{
	(void)clock;
	const char *path = getenv("CHESSCUBING_TEST_CLOCK");
	FILE *f = path && path[0] ? fopen(path, "r") : NULL;
	long long ms;
	if (!f)
		return last_ms;
	if (fscanf(f, "%lld", &ms) == 1 && ms >= last_ms)
		last_ms = (int64_t)ms;
	fclose(f);
	return last_ms;
}

static int64_t test_wall(const cc_clock *clock)
{
	return WALL_BASE_MS + test_monotonic(clock);
}

static const cc_clock test_clock = {test_monotonic, test_wall, 0, 0, POLL_MS};

const cc_clock *cc_clock_system(void)
{
	return &test_clock;
}

const char *cc_clock_test_deck(void)
{
	const char *deck = getenv("CHESSCUBING_TEST_DECK");
	return deck && deck[0] ? deck : NULL;
}

/* Writes count into the file the variable env names (whole, then renamed). */
static void write_count(const char *env, long long count)
{
	const char *path = getenv(env);
	char tmp[4096];
	if (!path || !path[0] || strlen(path) + 5 > sizeof tmp)
		return;
	snprintf(tmp, sizeof tmp, "%s.new", path);
	FILE *f = fopen(tmp, "w");
	if (!f)
		return;
	fprintf(f, "%lld\n", count);
	if (fclose(f) == 0)
		rename(tmp, path);
}

void cc_clock_test_drawn(void)
{
	static long long frames;
	write_count("CHESSCUBING_TEST_FRAMES", ++frames);
}

void cc_clock_test_polled(void)
{
	static long long polls;
	write_count("CHESSCUBING_TEST_POLLS", ++polls);
}
