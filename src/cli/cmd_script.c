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
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session.h"
#include "cli_util.h"
#include "commands.h"
#include "chesscubing/session_scenario.h"
#include "chesscubing/session_json.h"

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
	const cc_match *match = cc_session_match(session);
	json_t *state = cc_session_state_json(match, t, false);
	int rc = state ? 0 : -1;
	if (rc == 0 && cc_session_id(session))
		rc = json_object_set_new(state, "match_id", json_integer(cc_session_id(session)));
	if (rc == 0)
		rc = cc_session_fairness_json(state, session);
	if (rc == 0)
		rc = json_object_set(state, "errors", errors);
	if (rc == 0 && with_blocks)
		rc = cc_session_state_json_write(stdout, state, match);
	else if (rc == 0)
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
		/* CL-2.12: a side the settings leave unnamed keeps the default name
		 * ("White", "Black"), which is nobody: like the console's
		 * placeholders (CL-2.11), the match is unrated and names no one. */
		cc_match_settings unnamed;
		cc_match_settings_default(&unnamed);
		bool placeholder[2] = {!sc->event[0] && strcmp(sc->settings.white, unnamed.white) == 0,
		                       !sc->event[0] && strcmp(sc->settings.black, unnamed.black) == 0};
		cc_session_club_options club = {sc->unrated, sc->event[0] ? sc->event : NULL, 0, 0,
		                                {placeholder[0], placeholder[1]}};
		rc = cc_session_create_club(session, *db, &sc->settings, false, &club, err);
	}
	if (rc) {
		cc_session_db_close(*db);
		*db = NULL;
	}
	return rc;
}

/* A refused event, as "errors" lists it: the kind, the exact reason's
 * stable id (messages.def) and the English line. */
static json_t *refusal_json(int line, const cc_error *err)
{
	return json_pack("{s:i, s:s, s:s, s:s}", "line", line, "code", cc_err_name(err->code), "msg",
	                 cc_msg_name(err->msg), "message", err->message);
}

/* The run of one scenario: its session and what it has reported. */
typedef struct {
	const script_options *opt;
	cc_session *session;
	json_t *errors;
	int status;
	int64_t t;
	long lines;
} runner;

/* One event line: applied; a refusal is listed and the run goes on. */
static cc_err run_step(void *ctx, const cc_session_scenario_step *step, cc_error *stop)
{
	runner *r = ctx;
	cc_error err;
	r->t = step->event.t_ms;
	/* A trace line reports its own refusal, not every earlier one. */
	if (r->opt->trace)
		json_array_clear(r->errors);
	cc_err rc = cc_session_apply(r->session, &step->event, &err);
	if (rc == CC_ERR_STORE || rc == CC_ERR_BUSY || rc == CC_ERR_NOMEM) {
		cc_error_at_line(&err, step->line, rc);
		cc_cli_fail("script", &err);
		r->status = EXIT_OTHER;
	} else if (rc) {
		r->status = json_array_append_new(r->errors, refusal_json(step->line, &err)) != 0 ? EXIT_OTHER
		                                                                                  : EXIT_REFUSED;
	}
	if (r->status != EXIT_OTHER && r->opt->trace && print_state(r->session, r->t, r->errors, false)) {
		fprintf(stderr, _("chesscubing script: cannot write the state after line %d\n"), step->line);
		r->status = EXIT_OTHER;
	}
	if (r->opt->kill_after > 0 && ++r->lines >= r->opt->kill_after) {
		fflush(stdout);
		raise(SIGKILL); /* a crash, as abrupt as a power cut: no cleanup */
	}
	return r->status == EXIT_OTHER ? cc_refuse(stop, CC_MSG_SCRIPT_STOPPED) : CC_OK;
}

/*
 * Runs the scenario text (checked already) event by event as it is read:
 * a million events need the match's memory, not a list of them besides.
 */
static int run(const char *text, size_t len, const cc_session_scenario *header, const script_options *opt)
{
	cc_session_db *db = NULL;
	runner r = {opt, NULL, json_array(), EXIT_ALL_ACCEPTED, 0, 0};
	cc_session_scenario ignored;
	cc_error err;

	if (!r.errors)
		return EXIT_OTHER;
	cc_err rc = open_match(&db, &r.session, header, opt, &err);
	if (rc) {
		cc_cli_fail("script", &err);
		json_decref(r.errors);
		return rc == CC_ERR_INVALID ? EXIT_MALFORMED : EXIT_OTHER;
	}
	r.t = cc_match_last_time(cc_session_match(r.session));
	FILE *in = fmemopen((void *)(uintptr_t)text, len, "r");
	memset(&ignored, 0, sizeof ignored);
	if (!in || cc_session_scenario_each(in, &ignored, run_step, &r, &err) != CC_OK)
		r.status = EXIT_OTHER;
	if (in)
		fclose(in);
	if (r.t < cc_match_last_time(cc_session_match(r.session)))
		r.t = cc_match_last_time(cc_session_match(r.session));
	if (!opt->trace && r.status != EXIT_OTHER && print_state(r.session, r.t, r.errors, true)) {
		fprintf(stderr, _("chesscubing script: cannot write the final state\n"));
		r.status = EXIT_OTHER;
	}
	if (cc_cli_finish_output("script", 0) != 0)
		r.status = EXIT_OTHER;
	json_decref(r.errors);
	cc_session_destroy(r.session);
	cc_session_db_close(db);
	return r.status;
}

/* The whole input, so that it is checked before anything runs or is
 * recorded, then run line by line. */
static char *read_all(FILE *in, size_t *len)
{
	char *text = NULL;
	FILE *mem = open_memstream(&text, len);
	char chunk[65536];
	size_t n;
	if (!mem)
		return NULL;
	while ((n = fread(chunk, 1, sizeof chunk, in)) > 0)
		if (fwrite(chunk, 1, n, mem) != n)
			break;
	bool failed = ferror(in) || ferror(mem);
	if (fclose(mem) != 0 || failed) {
		free(text);
		return NULL;
	}
	return text;
}

static void usage(FILE *out)
{
	fprintf(out, _("Usage: chesscubing script [--trace] [--db FILE [--resume MATCH]] [SCENARIO]\n"
	             "Run a scenario (standard input without SCENARIO or for -) and print the match\n"
	             "state as JSON.\n\n"
	             "  -t, --trace          print the state after every event, one JSON object per line\n"
	             "      --db FILE        record the match and its accepted events in FILE\n"
	             "      --resume MATCH   continue match MATCH of the --db FILE (settings line ignored)\n"
	             "      --kill-after N   die by SIGKILL after N event lines (crash tests)\n"
	             "  -h, --help           display this help and exit\n\n"
	             "Exit status: 0 every event accepted, 3 some refused, 2 malformed scenario,\n"
	             "1 any other trouble. Format: docs/scenario-format.md\n"));
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
	cc_cli_options_start();
	while ((c = cc_cli_getopt(argv[0], argc, argv, "th", options)) != -1) {
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
				fprintf(stderr, _("chesscubing script: '%s' is not a positive number\n"), optarg);
				return EXIT_MALFORMED;
			}
			if (c == OPT_RESUME)
				opt.resume_id = number;
			else
				opt.kill_after = number;
			break;
		default: /* --help: EXIT_ALL_ACCEPTED, a bad option: EXIT_MALFORMED */
			return cc_cli_usage_fn(c, usage);
		}
	}
	if (argc - optind > 1 || (opt.resume_id && !opt.db)) {
		usage(stderr);
		return EXIT_MALFORMED;
	}
	/* "-" is standard input, as for every file the program reads */
	const char *path = optind < argc && strcmp(argv[optind], "-") != 0 ? argv[optind] : NULL;
	FILE *in = cc_cli_open_in("script", path);
	if (!in)
		return EXIT_OTHER;
	size_t len = 0;
	char *text = read_all(in, &len);
	cc_cli_close_in(in);
	if (!text) {
		fprintf(stderr, _("chesscubing script: cannot read %s\n"), path ? path : _("standard input"));
		return EXIT_OTHER;
	}
	/* First the whole format is checked: a malformed line records nothing. */
	cc_session_scenario header;
	cc_error err;
	memset(&header, 0, sizeof header);
	FILE *check = len ? fmemopen(text, len, "r") : NULL;
	cc_err rc = check   ? cc_session_scenario_each(check, &header, NULL, NULL, &err)
	            : len   ? cc_refuse(&err, CC_MSG_NOMEM)
	                    : cc_refuse(&err, CC_MSG_SCENARIO_NO_SETTINGS, 0);
	if (check)
		fclose(check);
	if (rc) {
		free(text);
		cc_cli_fail_at("script", path, &err);
		return rc == CC_ERR_NOMEM ? EXIT_OTHER : EXIT_MALFORMED;
	}
	int status = run(text, len, &header, &opt);
	free(text);
	return status;
}
