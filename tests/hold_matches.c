/*
 * hold_matches.c: holds matches of a record as a console does
 * (cc_session_resume) and resumes each one's running block, so that the
 * audience's page sees boards whose clocks run, for the browser test of
 * the wall (tests/web/serve_test.mjs, issue 34: six boards with running
 * clocks, as six consoles would show them). Not a console: it records no
 * move; the clocks run only because a console holds the match.
 *
 *   hold_matches DB ID...
 *
 * Prints "held N" once every match is held and resumed, then holds them
 * until standard input closes (or it is killed, as a console can be).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session.h"

#define HOLD_MAX 64

int main(int argc, char **argv)
{
	cc_session_db *db = NULL;
	cc_session *held[HOLD_MAX] = {0};
	cc_error err = {0};
	if (argc < 3 || argc - 2 > HOLD_MAX ||
	    cc_session_db_open(&db, argv[1], CC_SESSION_DB_WRITE, cc_clock_system(), &err) != CC_OK) {
		fprintf(stderr, "usage: hold_matches DB ID... (%s)\n", err.message);
		return 2;
	}
	int n = 0;
	for (int i = 2; i < argc; i++) {
		if (cc_session_resume(&held[n], db, atoll(argv[i]), &err) != CC_OK) {
			fprintf(stderr, "hold_matches: match %s: %s\n", argv[i], err.message);
			return 1;
		}
		cc_event ev;
		memset(&ev, 0, sizeof ev);
		ev.kind = CC_EV_RESUME;
		ev.t_ms = cc_match_last_time(cc_session_match(held[n]));
		(void)cc_session_apply(held[n], &ev, NULL); /* refused when nothing was paused: held as it is */
		n++;
	}
	printf("held %d\n", n);
	fflush(stdout);
	while (getchar() != EOF) {
	}
	for (int i = 0; i < n; i++)
		cc_session_destroy(held[i]);
	cc_session_db_close(db);
	return 0;
}
