/*
 * bench_match.c: the memory figure of docs/performance.md, "Memory per
 * event". Not a test (the unit suite checks the bound); built on demand:
 *   cmake --build --preset default --target bench_match
 *   build/default/tests/bench_match [EVENTS]
 * Applies EVENTS events (default 1,000,000) of three kinds of match to the
 * core and prints what the match keeps per event (cc_match_history_bytes):
 * the events themselves and the undo stack.
 */
#include <stdio.h>
#include <stdlib.h>

#include "chesscubing/match.h"

static cc_match *new_twice(void)
{
	cc_match_settings settings;
	cc_match *m = NULL;
	cc_match_settings_default(&settings);
	if (cc_match_create(&m, &settings, NULL) != CC_OK)
		exit(1);
	return m;
}

static void apply(cc_match *m, cc_event ev)
{
	cc_error err;
	if (cc_match_apply(m, &ev, &err) != CC_OK) {
		fprintf(stderr, "bench_match: event refused: %s\n", err.message);
		exit(1);
	}
}

static void report(const char *what, const cc_match *m)
{
	size_t n = cc_match_event_count(m);
	printf("%-58s %8zu events, %10zu bytes, %6.1f bytes/event\n", what, n, cc_match_history_bytes(m),
	       (double)cc_match_history_bytes(m) / (double)n);
}

int main(int argc, char **argv)
{
	size_t events = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
	/* scripts/gen-long-scenario.sh: pause, resume, undo, resume */
	cc_match *m = new_twice();
	int64_t t = 0;
	apply(m, cc_event_start(0));
	for (size_t i = 1; i < events; i++) {
		switch (i % 4) {
		case 1: apply(m, cc_event_pause(t)); break;
		case 2: apply(m, cc_event_resume(t += 1000)); break;
		case 3: apply(m, cc_event_undo(t)); break;
		default: apply(m, cc_event_resume(t)); break;
		}
	}
	report("pause, resume, undo, resume (gen-long-scenario.sh)", m);
	cc_match_destroy(m);

	/* every event leaves a snapshot: the largest case */
	m = new_twice();
	t = 0;
	apply(m, cc_event_start(0));
	for (size_t i = 1; i < events; i++)
		apply(m, i % 2 ? cc_event_pause(t) : cc_event_resume(t += 1000));
	report("pause, resume (every event leaves a snapshot)", m);
	cc_match_destroy(m);

	/* whole blocks: moves to the quotas, cube phases, next block */
	m = new_twice();
	t = 0;
	for (size_t i = 0; i < events; i++) {
		cc_match_view v;
		cc_match_view_at(m, t + 1000, &v);
		t += 1000;
		if (v.phase == CC_PHASE_SETUP || (v.phase == CC_PHASE_BLOCK && !v.block_started))
			apply(m, cc_event_start(t));
		else if (v.phase == CC_PHASE_CUBE)
			apply(m, v.cube_cs[CC_SIDE_WHITE] == CC_CUBE_NONE ? cc_event_cube(t, CC_SIDE_WHITE, 2000)
			                                                   : cc_event_cube(t, CC_SIDE_BLACK, 2500));
		else
			apply(m, cc_event_move(t, v.to_move, false));
	}
	report("blocks of moves and cube phases (count recording)", m);
	cc_match_destroy(m);
	return 0;
}
