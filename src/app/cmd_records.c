/*
 * cmd_records.c: the commands that read the match record and never write:
 * `list`, `show MATCH`, `export MATCH --format json|scenario|pgn|text`.
 * Each takes --db FILE (default: the database under $XDG_DATA_HOME).
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/store.h"
#include "commands.h"
#include "export.h"
#include "report.h"
#include "sheet.h"

#define DB_PATH_MAX 4096

typedef struct {
	const char *db;
	const char *format;
	int64_t match_id; /* 0: the newest */
} record_options;

/* Parses --db, --format (when format_allowed) and an optional MATCH. */
static int parse_options(int argc, char **argv, bool format_allowed, const char *usage, record_options *opt)
{
	static const struct option options[] = {
		{"db", required_argument, NULL, 'd'},
		{"format", required_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "d:f:h", options, NULL)) != -1) {
		if (c == 'd') {
			opt->db = optarg;
		} else if (c == 'f' && format_allowed) {
			opt->format = optarg;
		} else if (c == 'h') {
			printf("%s", usage);
			return 0;
		} else {
			fprintf(stderr, "%s", usage);
			return 2;
		}
	}
	if (argc - optind > 1) {
		fprintf(stderr, "%s", usage);
		return 2;
	}
	if (optind < argc) {
		char *end;
		long long id = strtoll(argv[optind], &end, 10);
		if (*end || id <= 0) {
			fprintf(stderr, "chesscubing %s: '%s' is not a match number (see 'chesscubing list')\n", argv[0],
			        argv[optind]);
			return 2;
		}
		opt->match_id = id;
	}
	return -1;
}

static cc_err open_reader(const record_options *opt, cc_store **store, cc_error *err)
{
	char path[DB_PATH_MAX];
	if (!opt->db) {
		cc_err rc = cc_store_default_path(path, sizeof path, false, err);
		if (rc)
			return rc;
	}
	return cc_store_open(store, opt->db ? opt->db : path, CC_STORE_READ, err);
}

/* Opens the store and loads the chosen match; prints the error and returns 1 on failure. */
static int load(const char *command, const record_options *opt, cc_store **store, cc_match **match,
                cc_store_match_info *info)
{
	cc_error err;
	int64_t id = opt->match_id;
	cc_err rc = open_reader(opt, store, &err);
	if (rc == CC_OK && id == 0)
		rc = cc_store_latest(*store, &id, &err);
	if (rc == CC_OK)
		rc = cc_store_match_info_of(*store, id, info, &err);
	if (rc == CC_OK)
		rc = cc_store_load_match(*store, id, match, &err);
	if (rc) {
		fprintf(stderr, "chesscubing %s: %s\n", command, err.message);
		cc_store_close(*store);
		*store = NULL;
		return 1;
	}
	return 0;
}

int cc_app_cmd_list(int argc, char **argv)
{
	record_options opt = {NULL, NULL, 0};
	int status = parse_options(argc, argv, false, "Usage: chesscubing list [--db FILE]\n"
	                                              "List the matches in the record.\n", &opt);
	cc_store *store = NULL;
	cc_store_match_info *items = NULL;
	size_t count = 0;
	cc_error err;
	if (status >= 0 || opt.match_id)
		return status >= 0 ? status : 2;
	if (open_reader(&opt, &store, &err) || cc_store_list(store, &items, &count, &err)) {
		fprintf(stderr, "chesscubing list: %s\n", err.message);
		cc_store_close(store);
		return 1;
	}
	printf("%4s  %-20s  %-6s %-8s %-20s %-20s %6s  %s\n", "ID", "CREATED (UTC)", "FORMAT", "CATEGORY", "WHITE",
	       "BLACK", "EVENTS", "RESULT");
	for (size_t i = 0; i < count; i++) {
		const cc_store_match_info *m = &items[i];
		const char *result = !m->over                         ? "in progress"
		                     : m->winner == CC_WINNER_WHITE   ? "1-0"
		                     : m->winner == CC_WINNER_BLACK   ? "0-1"
		                                                      : "1/2-1/2";
		printf("%4lld  %-20s  %-6s %-8s %-20.20s %-20.20s %6zu  %s%s%s\n", (long long)m->id, m->created_utc,
		       cc_format_name(m->settings.format), cc_category_name(m->settings.category), m->settings.white,
		       m->settings.black, m->events, result, m->over ? " " : "", m->over ? cc_reason_name(m->reason) : "");
	}
	free(items);
	cc_store_close(store);
	return fflush(stdout) == 0 ? 0 : 1;
}

int cc_app_cmd_show(int argc, char **argv)
{
	record_options opt = {NULL, NULL, 0};
	int status = parse_options(argc, argv, false, "Usage: chesscubing show [--db FILE] [MATCH]\n"
	                                              "Print the summary of a match (the newest without MATCH).\n", &opt);
	cc_store *store = NULL;
	cc_match *match = NULL;
	cc_store_match_info info;
	if (status >= 0)
		return status;
	if (load("show", &opt, &store, &match, &info))
		return 1;
	/* The sheet the arbiter was shown; older records only have the seed. */
	char derived[CC_STORE_SHEET_MAX];
	const char *sheet = info.sheet;
	cc_error err;
	if (!sheet[0] && cc_app_sheet_derive(info.settings.seed, derived, sizeof derived, &err) == CC_OK)
		sheet = derived;
	status = cc_app_write_report(stdout, match, info.id, info.created_utc, sheet[0] ? sheet : NULL, false) == 0 &&
	                 fflush(stdout) == 0
	             ? 0
	             : 1;
	cc_match_destroy(match);
	cc_store_close(store);
	return status;
}

int cc_app_cmd_export(int argc, char **argv)
{
	record_options opt = {NULL, "json", 0};
	int status = parse_options(argc, argv, true,
	                           "Usage: chesscubing export [--db FILE] [--format json|scenario|pgn|text] [MATCH]\n"
	                           "Write a match (the newest without MATCH) to standard output.\n", &opt);
	cc_export_format format;
	cc_store *store = NULL;
	cc_match *match = NULL;
	cc_store_match_info info;
	if (status >= 0)
		return status;
	if (cc_app_export_format_parse(opt.format, &format)) {
		fprintf(stderr, "chesscubing export: unknown format '%s' (json, scenario, pgn or text)\n", opt.format);
		return 2;
	}
	if (load("export", &opt, &store, &match, &info))
		return 1;
	status = cc_app_export(stdout, match, info.id, info.created_utc, format) == 0 && fflush(stdout) == 0 ? 0 : 1;
	cc_match_destroy(match);
	cc_store_close(store);
	return status;
}
