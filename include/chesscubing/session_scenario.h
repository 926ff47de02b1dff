/*
 * session_scenario.h: the scenario format (docs/scenario-format.md), parsed.
 *
 * A scenario is a settings line and a list of timed events, one per line.
 * Parsing checks the format only (words, arguments, times never
 * decreasing); whether an event is allowed is the match core's business.
 *
 * Memory: cc_session_scenario_parse() fills a caller-owned cc_session_scenario whose
 * step list it allocates; cc_session_scenario_free() releases it.
 */
#ifndef CHESSCUBING_SESSION_SCENARIO_H
#define CHESSCUBING_SESSION_SCENARIO_H

#include <stdio.h>

#include "chesscubing/match.h"

typedef struct {
	int line;     /* line number in the file, from 1 */
	cc_event event;
} cc_session_scenario_step;

typedef struct {
	cc_match_settings settings;
	bool unrated;             /* rated=no: the match never counts (CL-2.1) */
	char event[CC_NAME_MAX];  /* event=NAME: the event it plays in, "" none (CL-3.3) */
	cc_session_scenario_step *steps;
	size_t count, cap;
} cc_session_scenario;

/* Receives each event line of a scenario, in order; a non-zero cc_err
 * (with err filled) stops the reading and is returned by it. */
typedef cc_err (*cc_session_scenario_step_fn)(void *ctx, const cc_session_scenario_step *step, cc_error *err);

/*
 * Reads a scenario from in line by line, without keeping it: the settings
 * line into *header (its settings, unrated and event; its step list is
 * left alone), then each event to step (NULL: only check the format).
 * Errors as cc_session_scenario_parse, or step's own. For input too long to
 * hold as a list of events (a million events).
 */
cc_err cc_session_scenario_each(FILE *in, cc_session_scenario *header, cc_session_scenario_step_fn step,
                                void *ctx, cc_error *err);

/*
 * Reads a whole scenario from in. On a format error returns CC_ERR_INVALID
 * with "line N: reason" in err and nothing allocated.
 */
cc_err cc_session_scenario_parse(FILE *in, cc_session_scenario *out, cc_error *err);

void cc_session_scenario_free(cc_session_scenario *scenario);

/*
 * Reads one event as a scenario line writes it without its time ("correct
 * clock w 5:00 knocked over", "move w e4"), stamped t_ms: how the console
 * takes an arbiter's correction. Errors as the parser's, without a line.
 */
cc_err cc_session_scenario_parse_event(const char *text, const cc_match_settings *settings, int64_t t_ms,
                                       cc_event *out, cc_error *err);

/*
 * Reads a time control as `settings ... tc=` writes it, the club's
 * spelling of cc_tc_parse (match.h): "MIN+INC" (whole minutes from 1 to
 * 1440, whole seconds of increment up to 600), "MIN", periods
 * ("40/90+30:30+30"), a delay or Bronstein ("90d5", "90b5"), or "none" (no
 * clock), into settings' clock fields; how the console's setup form takes
 * a typed one. CC_ERR_INVALID otherwise, with the core's reason, settings
 * untouched.
 */
cc_err cc_session_time_control_parse(const char *text, cc_match_settings *settings, cc_error *err);

/*
 * The sample match: two blocks of Twice FAST with a move lost on the
 * clock, a tied cube phase and its replay, a double move, a check and mate.
 * `chesscubing demo` prints it; the console's --demo plays it.
 */
cc_err cc_session_scenario_demo(cc_session_scenario *out, cc_error *err);

#endif
