/*
 * cmd_script.c: `chesscubing script [--trace] [FILE]`, the scripted driver.
 *
 * Runs a scenario (docs/scenario-format.md) against the match core and
 * prints the final state as one JSON object; with --trace, one object per
 * line after every event, holding that moment only (no block history, only
 * its own refusal), so a trace is linear in the events. Refused events are listed in "errors" and the run
 * goes on. Exit: 0 all accepted, 3 some refused, 2 malformed scenario
 * (reason on stderr), 1 anything else.
 *
 * Everything goes through the session layer (session.h): with --db FILE
 * every accepted event is committed to the record before it is applied, the
 * match is created with its scramble sheet, as the console does; --resume MATCH continues a stored
 * match instead of creating one (its settings line is then ignored), and
 * --kill-after N kills the process with SIGKILL after N event lines, which
 * is how the tests simulate a crash.
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session.h"
#include "commands.h"
#include "scenario.h"
#include "state_json.h"

enum { EXIT_ALL_ACCEPTED = 0, EXIT_OTHER = 1, EXIT_MALFORMED = 2, EXIT_REFUSED = 3 };

typedef struct {
	bool trace;
	const char *db;      /* NULL: nothing stored */
	int64_t resume_id;   /* 0: a new match */
	long kill_after;     /* 0: never */
} script_options;

/* One state line: the state at t and the refusals it reports. */
static int print_state(const cc_session *session, int64_t t, json_t *errors, bool with_blocks)
{
	json_t *state = cc_session_state_json(cc_session_match(session), t, with_blocks);
	int rc = state ? 0 : -1;
	if (rc == 0 && cc_session_id(session))
		rc = json_object_set_new(state, "match_id", json_integer(cc_session_id(session)));
	if (rc == 0)
		rc = json_object_set(state, "errors", errors);
	if (rc == 0)
		rc = json_dumpf(state, stdout, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(state);
	if (rc == 0 && fputc('\n', stdout) == EOF)
		rc = -1;
	return rc;
}

static cc_err open_match(cc_session_db **db, cc_session **session, const cc_session_scenario *sc,
                         const script_options *opt, cc_error *err)
{
	*db = NULL;
	cc_err rc = opt->db ? cc_session_db_open(db, opt->db, CC_SESSION_DB_WRITE, NULL, err) : CC_OK;
	if (rc == CC_OK && opt->resume_id)
		rc = cc_session_resume(session, *db, opt->resume_id, err);
	else if (rc == CC_OK) {
		cc_session_club_options club = {sc->unrated, sc->event[0] ? sc->event : NULL};
		rc = cc_session_create_club(session, *db, &sc->settings, false, &club, err);
	}
	if (rc) {
		cc_session_db_close(*db);
		*db = NULL;
	}
	return rc;
}

/* A refused event, as "errors" lists it. */
static json_t *refusal_json(int line, const cc_error *err)
{
	return json_pack("{s:i, s:s, s:s}", "line", line, "code", cc_err_name(err->code), "message", err->message);
}

static int run(const cc_session_scenario *sc, const script_options *opt)
{
	cc_session_db *db = NULL;
	cc_session *session = NULL;
	cc_error err;
	json_t *errors = json_array();
	int status = EXIT_ALL_ACCEPTED;

	if (!errors)
		return EXIT_OTHER;
	cc_err rc = open_match(&db, &session, sc, opt, &err);
	if (rc) {
		fprintf(stderr, "chesscubing script: %s\n", err.message);
		json_decref(errors);
		return rc == CC_ERR_INVALID ? EXIT_MALFORMED : EXIT_OTHER;
	}
	int64_t t = cc_match_last_time(cc_session_match(session));
	for (size_t i = 0; i < sc->count && status != EXIT_OTHER; i++) {
		const cc_session_scenario_step *step = &sc->steps[i];
		t = step->event.t_ms;
		/* A trace line reports its own refusal, not every earlier one. */
		if (opt->trace)
			json_array_clear(errors);
		rc = cc_session_apply(session, &step->event, &err);
		if (rc == CC_ERR_STORE || rc == CC_ERR_NOMEM) {
			fprintf(stderr, "chesscubing script: line %d: %s\n", step->line, err.message);
			status = EXIT_OTHER;
		} else if (rc) {
			if (json_array_append_new(errors, refusal_json(step->line, &err)) != 0)
				status = EXIT_OTHER;
			else
				status = EXIT_REFUSED;
		}
		if (status != EXIT_OTHER && opt->trace && print_state(session, t, errors, false)) {
			fprintf(stderr, "chesscubing script: cannot write the state after line %d\n", step->line);
			status = EXIT_OTHER;
		}
		if (opt->kill_after > 0 && (long)i + 1 >= opt->kill_after) {
			fflush(stdout);
			raise(SIGKILL); /* a crash, as abrupt as a power cut: no cleanup */
		}
	}
	if (t < cc_match_last_time(cc_session_match(session)))
		t = cc_match_last_time(cc_session_match(session));
	if (!opt->trace && status != EXIT_OTHER && print_state(session, t, errors, true)) {
		fprintf(stderr, "chesscubing script: cannot write the final state\n");
		status = EXIT_OTHER;
	}
	if (cc_cli_finish_output("script", 0) != 0)
		status = EXIT_OTHER;
	json_decref(errors);
	cc_session_destroy(session);
	cc_session_db_close(db);
	return status;
}

static void usage(FILE *out)
{
	fprintf(out, "Usage: chesscubing script [--trace] [--db FILE [--resume MATCH]] [SCENARIO]\n"
	             "Run a scenario (standard input without SCENARIO) and print the match state as JSON.\n\n"
	             "  -t, --trace          print the state after every event, one JSON object per line\n"
	             "      --db FILE        record the match and its accepted events in FILE\n"
	             "      --resume MATCH   continue match MATCH of the --db FILE (settings line ignored)\n"
	             "      --kill-after N   die by SIGKILL after N event lines (crash tests)\n"
	             "  -h, --help           display this help and exit\n\n"
	             "Exit status: 0 every event accepted, 3 some refused, 2 malformed scenario,\n"
	             "1 any other trouble. Format: docs/scenario-format.md\n");
}

/* Parses a positive decimal number; false for anything else. */
static bool parse_positive(const char *text, long *out)
{
	char *end;
	long value = strtol(text, &end, 10);
	if (end == text || *end || value <= 0)
		return false;
	*out = value;
	return true;
}

int cc_cli_cmd_script(int argc, char **argv)
{
	enum { OPT_DB = 256, OPT_RESUME, OPT_KILL_AFTER };
	static const struct option options[] = {
		{"trace", no_argument, NULL, 't'},
		{"db", required_argument, NULL, OPT_DB},
		{"resume", required_argument, NULL, OPT_RESUME},
		{"kill-after", required_argument, NULL, OPT_KILL_AFTER},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	script_options opt = {false, NULL, 0, 0};
	long number;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "th", options, NULL)) != -1) {
		switch (c) {
		case 't':
			opt.trace = true;
			break;
		case OPT_DB:
			opt.db = optarg;
			break;
		case OPT_RESUME:
		case OPT_KILL_AFTER:
			if (!parse_positive(optarg, &number)) {
				fprintf(stderr, "chesscubing script: '%s' is not a positive number\n", optarg);
				return EXIT_MALFORMED;
			}
			if (c == OPT_RESUME)
				opt.resume_id = number;
			else
				opt.kill_after = number;
			break;
		case 'h':
			usage(stdout);
			return EXIT_ALL_ACCEPTED;
		default:
			usage(stderr);
			return EXIT_MALFORMED;
		}
	}
	if (argc - optind > 1 || (opt.resume_id && !opt.db)) {
		usage(stderr);
		return EXIT_MALFORMED;
	}
	const char *path = optind < argc ? argv[optind] : NULL;
	FILE *in = path ? fopen(path, "r") : stdin;
	if (!in) {
		perror(path);
		return EXIT_OTHER;
	}
	cc_session_scenario sc;
	cc_error err;
	cc_err rc = cc_session_scenario_parse(in, &sc, &err);
	if (path)
		fclose(in);
	if (rc) {
		fprintf(stderr, "chesscubing script: %s%s%s\n", path ? path : "", path ? ": " : "", err.message);
		return rc == CC_ERR_NOMEM ? EXIT_OTHER : EXIT_MALFORMED;
	}
	int status = run(&sc, &opt);
	cc_session_scenario_free(&sc);
	return status;
}
