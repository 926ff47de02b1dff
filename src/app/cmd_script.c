/*
 * cmd_script.c: `chesscubing script [--trace] [FILE]`, the scripted driver.
 *
 * Runs a scenario (docs/scenario-format.md) against the match core and
 * prints the final state as one JSON object; with --trace, one object per
 * line after every event. Refused events are listed in "errors" and the run
 * goes on. Exit: 0 all accepted, 3 some refused, 2 malformed scenario
 * (reason on stderr), 1 anything else.
 *
 * With --db FILE every accepted event is committed to the store before it
 * is applied (the console's live path); --resume MATCH continues a stored
 * match instead of creating one (its settings line is then ignored), and
 * --kill-after N kills the process with SIGKILL after N event lines, which
 * is how the tests simulate a crash.
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "live.h"
#include "scenario.h"
#include "state_json.h"

enum { EXIT_ALL_ACCEPTED = 0, EXIT_OTHER = 1, EXIT_MALFORMED = 2, EXIT_REFUSED = 3 };

typedef struct {
	bool trace;
	const char *db;      /* NULL: nothing stored */
	int64_t resume_id;   /* 0: a new match */
	long kill_after;     /* 0: never */
} script_options;

static int print_state(const cc_app_live *live, int64_t t, json_t *errors)
{
	json_t *state = cc_app_state_json(live->match, t);
	if (!state)
		return -1;
	if (live->store)
		json_object_set_new(state, "match_id", json_integer(live->match_id));
	json_object_set(state, "errors", errors);
	int rc = json_dumpf(state, stdout, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(state);
	if (rc == 0 && fputc('\n', stdout) == EOF)
		rc = -1;
	return rc;
}

static cc_err open_match(cc_app_live *live, const cc_app_scenario *sc, const script_options *opt, cc_error *err)
{
	memset(live, 0, sizeof *live);
	if (opt->resume_id)
		return cc_app_live_resume(live, opt->db, opt->resume_id, err);
	if (opt->db)
		return cc_app_live_create(live, opt->db, &sc->settings, err);
	return cc_match_create(&live->match, &sc->settings, err);
}

static int run(const cc_app_scenario *sc, const script_options *opt)
{
	cc_app_live live;
	cc_error err;
	json_t *errors = json_array();
	int status = EXIT_ALL_ACCEPTED;

	if (!errors)
		return EXIT_OTHER;
	cc_err rc = open_match(&live, sc, opt, &err);
	if (rc) {
		fprintf(stderr, "chesscubing script: %s\n", err.message);
		json_decref(errors);
		return rc == CC_ERR_INVALID ? EXIT_MALFORMED : EXIT_OTHER;
	}
	int64_t t = cc_match_last_time(live.match);
	for (size_t i = 0; i < sc->count; i++) {
		const cc_app_scenario_step *step = &sc->steps[i];
		t = step->event.t_ms;
		rc = cc_app_live_apply(&live, &step->event, &err);
		if (rc == CC_ERR_STORE || rc == CC_ERR_NOMEM) {
			fprintf(stderr, "chesscubing script: line %d: %s\n", step->line, err.message);
			status = EXIT_OTHER;
			break;
		}
		if (rc) {
			json_array_append_new(errors, json_pack("{s:i, s:s, s:s}", "line", step->line, "code",
			                                        cc_err_name(err.code), "message", err.message));
			status = EXIT_REFUSED;
		}
		if (opt->trace && print_state(&live, t, errors)) {
			status = EXIT_OTHER;
			break;
		}
		if (opt->kill_after > 0 && (long)i + 1 >= opt->kill_after) {
			fflush(stdout);
			raise(SIGKILL); /* a crash, as abrupt as a power cut: no cleanup */
		}
	}
	if (t < cc_match_last_time(live.match))
		t = cc_match_last_time(live.match);
	if (!opt->trace && status != EXIT_OTHER && print_state(&live, t, errors))
		status = EXIT_OTHER;
	if (fflush(stdout) == EOF)
		status = EXIT_OTHER;
	json_decref(errors);
	cc_app_live_close(&live);
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

int cc_app_cmd_script(int argc, char **argv)
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
	cc_app_scenario sc;
	cc_error err;
	cc_err rc = cc_app_scenario_parse(in, &sc, &err);
	if (path)
		fclose(in);
	if (rc) {
		fprintf(stderr, "chesscubing script: %s%s%s\n", path ? path : "", path ? ": " : "", err.message);
		return rc == CC_ERR_NOMEM ? EXIT_OTHER : EXIT_MALFORMED;
	}
	int status = run(&sc, &opt);
	cc_app_scenario_free(&sc);
	return status;
}
