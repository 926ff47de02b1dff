/*
 * clock.c: the shell's clock, and the only file of the program that reads
 * the system's clocks. Everything else asks a cc_clock, so a test can
 * freeze time (SQLite does the same through its VFS's xCurrentTime).
 *
 * The test build (chesscubing-test) links clock_test.c as an object of its
 * own, which defines cc_clock_system(), cc_clock_test_deck() and
 * cc_clock_test_drawn(): this file's
 * object is then never taken from the session library (nothing else in it
 * is needed by the program), and were it taken, the link would fail on the
 * duplicate symbols rather than mix the two.
 */
#include "chesscubing/session.h"

#include <stddef.h>
#include <time.h>

static int64_t read_ms(clockid_t id)
{
	struct timespec ts;
	if (clock_gettime(id, &ts) != 0)
		return 0;
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int64_t system_monotonic(const cc_clock *clock)
{
	(void)clock;
	return read_ms(CLOCK_MONOTONIC);
}

static int64_t system_wall(const cc_clock *clock)
{
	(void)clock;
	return read_ms(CLOCK_REALTIME);
}

static const cc_clock system_clock = {system_monotonic, system_wall, 0, 0, 0};

const cc_clock *cc_clock_system(void)
{
	return &system_clock;
}

/* The shipped program deals every Chess-Uno game from the kernel's random
 * source: no test deck, whatever the environment says. */
const char *cc_clock_test_deck(void)
{
	return NULL;
}

/* Nobody counts the shipped program's frames, nor its polls. */
void cc_clock_test_drawn(void)
{
}

void cc_clock_test_polled(void)
{
}

static int64_t frozen_monotonic(const cc_clock *clock)
{
	return clock->frozen_monotonic_ms;
}

static int64_t frozen_wall(const cc_clock *clock)
{
	return clock->frozen_wall_ms;
}

cc_clock cc_clock_frozen(int64_t monotonic_ms, int64_t wall_ms)
{
	cc_clock clock = {frozen_monotonic, frozen_wall, monotonic_ms, wall_ms, 0};
	return clock;
}
