/*
 * clock.c: the shell's clock, and the only file of the program that reads
 * the system's clocks. Everything else asks a cc_clock, so a test can
 * freeze time (SQLite does the same through its VFS's xCurrentTime).
 */
#include "chesscubing/session.h"

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

static const cc_clock system_clock = {system_monotonic, system_wall, 0, 0};

const cc_clock *cc_clock_system(void)
{
	return &system_clock;
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
	cc_clock clock = {frozen_monotonic, frozen_wall, monotonic_ms, wall_ms};
	return clock;
}
