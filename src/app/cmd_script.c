/*
 * cmd_script.c: `chesscubing script [--trace] [FILE]`, the scripted driver.
 *
 * Runs a scenario (docs/scenario-format.md) against the match core and
 * prints the final state as one JSON object; with --trace, one object per
 * line after every event. Refused events are listed in "errors" and the run
 * goes on. Exit: 0 all accepted, 3 some refused, 2 malformed scenario
 * (reason on stderr), 1 anything else.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "scenario.h"
#include "state_json.h"

enum { EXIT_ALL_ACCEPTED = 0, EXIT_OTHER = 1, EXIT_MALFORMED = 2, EXIT_REFUSED = 3 };

static int print_state(const cc_match *m, int64_t t, json_t *errors)
{
	json_t *state = cc_app_state_json(m, t);
	if (!state)
		return -1;
	json_object_set(state, "errors", errors);
	int rc = json_dumpf(state, stdout, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(state);
	if (rc == 0 && fputc('\n', stdout) == EOF)
		rc = -1;
	return rc;
}

static int run(const cc_app_scenario *sc, bool trace)
{
	cc_match *m = NULL;
	cc_error err;
	json_t *errors = json_array();
	int status = EXIT_ALL_ACCEPTED;
	int64_t t = 0;

	if (!errors || cc_match_create(&m, &sc->settings, &err)) {
		fprintf(stderr, "chesscubing script: %s\n", errors ? err.message : "out of memory");
		json_decref(errors);
		return errors ? EXIT_MALFORMED : EXIT_OTHER;
	}
	for (size_t i = 0; i < sc->count; i++) {
		const cc_app_scenario_step *step = &sc->steps[i];
		t = step->event.t_ms;
		if (cc_match_apply(m, &step->event, &err)) {
			json_array_append_new(errors, json_pack("{s:i, s:s, s:s}", "line", step->line, "code",
			                                        cc_err_name(err.code), "message", err.message));
			status = EXIT_REFUSED;
		}
		if (trace && print_state(m, t, errors)) {
			status = EXIT_OTHER;
			break;
		}
	}
	if (!trace && status != EXIT_OTHER && print_state(m, t, errors))
		status = EXIT_OTHER;
	if (fflush(stdout) == EOF)
		status = EXIT_OTHER;
	json_decref(errors);
	cc_match_destroy(m);
	return status;
}

static void usage(FILE *out)
{
	fprintf(out, "Usage: chesscubing script [--trace] [FILE]\n"
	             "Run a scenario (standard input without FILE) and print the match state as JSON.\n\n"
	             "  -t, --trace   print the state after every event, one JSON object per line\n"
	             "  -h, --help    display this help and exit\n\n"
	             "Exit status: 0 every event accepted, 3 some refused, 2 malformed scenario,\n"
	             "1 any other trouble. Format: docs/scenario-format.md\n");
}

int cc_app_cmd_script(int argc, char **argv)
{
	static const struct option options[] = {
		{"trace", no_argument, NULL, 't'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	bool trace = false;
	int opt;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "th", options, NULL)) != -1) {
		if (opt == 't') {
			trace = true;
		} else if (opt == 'h') {
			usage(stdout);
			return EXIT_ALL_ACCEPTED;
		} else {
			usage(stderr);
			return EXIT_MALFORMED;
		}
	}
	if (argc - optind > 1) {
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
	int status = run(&sc, trace);
	cc_app_scenario_free(&sc);
	return status;
}
