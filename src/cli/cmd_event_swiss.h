/*
 * cmd_event_swiss.h: a Swiss's verbs of `chesscubing event`
 * (cmd_event_swiss.c, rules/club.md CL-10), which cmd_event.c hands over.
 */
#ifndef CHESSCUBING_CLI_CMD_EVENT_SWISS_H
#define CHESSCUBING_CLI_CMD_EVENT_SWISS_H

#include <jansson.h>
#include <stdbool.h>

#include "chesscubing/session_club.h"

/* pair, publish, absent. */
bool cc_cli_event_swiss_verb(const char *verb);
/* Runs one of them on the record at db_path (NULL: the default); -1 for a
 * usage error (the caller says its usage), else the exit status. */
int cc_cli_event_swiss(const char *db_path, int args, char **argv, unsigned round, bool again);
/* The round state `event show` prints ("Round 3 of 5: paired, not published"). */
void cc_cli_event_swiss_state(const cc_session_event *e);
/* Its keys in `event show --json`: system, paired, published, half_bye_limit. */
void cc_cli_event_swiss_json(json_t *doc, const cc_session_event *e);

#endif
