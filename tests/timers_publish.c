/*
 * timers_publish.c: publishes Stackmat timers beside a record as the
 * console does (cc_session_timers_publish, session_timers.h), for the
 * browser test of the audience's page (tests/web/serve_test.mjs), which
 * has no console in a cube phase with timers of its own. The console's
 * own publishing is tested by e2e/stackmat_watch.sh.
 *
 *   timers_publish DB MATCH BLOCK ATTEMPT
 *
 * Each line on standard input: "WHITE MS BLACK MS" (states as the side
 * file spells them: running 12340 ready 0), published at once and again
 * every 250 ms, a running time advanced by the time since; "pause" stops
 * publishing (the file goes stale); end of input exits, leaving the file
 * of a process that is gone.
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chesscubing/session_timers.h"

#define BEAT_MS 250

static bool timer_of(const char *name, long ms, cc_session_timer *out)
{
	for (int s = CC_STACKMAT_NO_SIGNAL; s <= CC_STACKMAT_STOPPED; s++) {
		for (int present = 0; present < 2; present++) {
			cc_session_timer t = {present == 1, (cc_stackmat_state)s, (int32_t)ms};
			if (strcmp(cc_session_timer_state_name(&t), name) == 0) {
				*out = t;
				return true;
			}
		}
	}
	return false;
}

int main(int argc, char **argv)
{
	cc_session_db *db = NULL;
	cc_error err = {0};
	const cc_clock *clock = cc_clock_system();
	if (argc != 5 || cc_session_db_open(&db, argv[1], CC_SESSION_DB_READ, NULL, &err) != CC_OK) {
		fprintf(stderr, "usage: timers_publish DB MATCH BLOCK ATTEMPT (%s)\n", err.message);
		return 2;
	}
	cc_session_timers base;
	memset(&base, 0, sizeof base);
	base.match_id = atoll(argv[2]);
	base.block = atoi(argv[3]);
	base.attempt = atoi(argv[4]);
	base.pid = (long)getpid();
	bool on = false;
	char line[128];
	for (;;) {
		struct pollfd p = {STDIN_FILENO, POLLIN, 0};
		if (poll(&p, 1, BEAT_MS) > 0) {
			char w[16], b[16];
			long wms, bms;
			if (!fgets(line, sizeof line, stdin))
				break;
			if (strncmp(line, "pause", 5) == 0) {
				on = false;
			} else if (sscanf(line, "%15s %ld %15s %ld", w, &wms, b, &bms) == 4 && timer_of(w, wms, &base.side[0]) &&
			           timer_of(b, bms, &base.side[1])) {
				base.stamp_ms = clock->monotonic_ms(clock);
				on = true;
			} else {
				fprintf(stderr, "timers_publish: not understood: %s", line);
			}
		}
		if (!on)
			continue;
		cc_session_timers t = base;
		t.stamp_ms = clock->monotonic_ms(clock);
		for (int side = 0; side < 2; side++)
			if (t.side[side].state == CC_STACKMAT_RUNNING)
				t.side[side].time_ms += (int32_t)(t.stamp_ms - base.stamp_ms);
		if (!cc_session_timers_publish(db, &t))
			fprintf(stderr, "timers_publish: could not write\n");
	}
	cc_session_db_close(db);
	return 0;
}
