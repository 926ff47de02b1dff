/*
 * cmd_event_swiss.h: a Swiss's verbs of `chesscubing event`
 * (cmd_event_swiss.c, rules/club.md CL-10), which cmd_event.c hands over.
 */
#ifndef CHESSCUBING_CLI_CMD_EVENT_SWISS_H
#define CHESSCUBING_CLI_CMD_EVENT_SWISS_H

#include <jansson.h>
#include <stdbool.h>

#include "chesscubing/session_club.h"

/* A Swiss's options of `event`: create --system swiss --rounds N
 * --half-byes N, pair --again, absent --round R. */
typedef struct {
	bool swiss;
	unsigned rounds, half_byes, round;
	bool again;
	bool explain; /* pair --explain: each board's reason (SW-5) */
	const char *rr_option; /* a Swiss's option given (refused for a round robin) */
} cc_cli_swiss_options;

/* Option c ('S' --system, 'N' --rounds, 'H' --half-byes, 'r' --round, 'a'
 * --again) into o; 2 when its value is refused (said on stderr), else 0. */
int cc_cli_event_swiss_option(int c, const char *arg, cc_cli_swiss_options *o);

/* pair, publish, absent. */
bool cc_cli_event_swiss_verb(const char *verb);
/* Runs one of them on the record at db_path (NULL: the default); -1 for a
 * usage error (the caller says its usage), else the exit status. */
int cc_cli_event_swiss(const char *db_path, int args, char **argv, const cc_cli_swiss_options *o);
/* The round state `event show` prints ("Round 3 of 5: paired, not published"). */
void cc_cli_event_swiss_state(const cc_session_event *e);
/* Its keys in `event show --json`: system, paired, published, half_bye_limit. */
void cc_cli_event_swiss_json(json_t *doc, const cc_session_event *e);

#endif
