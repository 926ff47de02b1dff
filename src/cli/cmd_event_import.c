/*
 * cmd_event_import.c: `chesscubing event import NAME --trf FILE`: an event
 * started from another program's TRF16 / TRF-2016 file (players, ratings,
 * the rounds played), so that a director may move to this program in the
 * middle of a tournament (rules/club.md CL-4.22). The session maps the
 * file; this file reads it and says what was done: the players new to the
 * registry by name.
 *
 * Exit: 0 done, 2 a usage error or a file or event refused (nothing
 * created), 1 a file that cannot be read or a record that cannot be written.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_util.h"
#include "commands.h"
#include "chesscubing/session_trf_import.h"

static const char usage_text[] =
	"Usage: chesscubing event [--db FILE] import NAME --trf FILE\n"
	"                         [--format twice|time|chess|uno] [--category fast|freeze|masters]\n"
	"A Swiss started from another program's TRF16 file: its players (matched to\n"
	"the registry by name, or registered), their ratings and the rounds played,\n"
	"published (rules/club.md CL-4.22).\n";

/* The whole of path ("-": standard input) into a malloc'd buffer. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	char *buf = NULL;
	size_t used = 0, cap = 0;
	bool ok = f != NULL;
	while (ok) {
		if (used == cap) {
			char *grown = cap < (64u << 20) ? realloc(buf, cap ? 2 * cap : 1u << 16) : NULL;
			ok = grown != NULL;
			if (!ok)
				break;
			buf = grown;
			cap = cap ? 2 * cap : 1u << 16;
		}
		size_t got = fread(buf + used, 1, cap - used, f);
		used += got;
		if (got == 0)
			ok = !ferror(f);
		if (got == 0)
			break;
	}
	if (f && f != stdin)
		fclose(f);
	if (!ok) {
		free(buf);
		return NULL;
	}
	*len = used;
	return buf ? buf : calloc(1, 1);
}

static void print_import(const char *name, const cc_session_trf_import *r)
{
	printf(_("Event '%s' imported: %u players, %u of %u rounds played\n"), name, r->players, r->published,
	       r->rounds);
	printf(_("Players already registered: %u; registered now: %u\n"), r->players - r->registered, r->registered);
	for (unsigned s = 0; s < r->players; s++)
		if (r->is_new[s])
			printf(_("  new: %u %s\n"), s + 1, r->name[s]);
}

static int run(const char *db_path, const char *name, const char *path, const cc_session_event_terms *terms)
{
	size_t len = 0;
	char *text = slurp(path, &len);
	if (!text) {
		fprintf(stderr, _("chesscubing event: cannot read '%s': %s\n"), path, strerror(errno));
		return 1;
	}
	cc_session_db *db = NULL;
	cc_error err;
	cc_err rc = cc_session_db_open(&db, db_path, CC_SESSION_DB_WRITE, NULL, &err);
	if (rc != CC_OK) {
		free(text);
		cc_cli_fail("event", &err);
		return 1;
	}
	cc_session_trf_import *r = malloc(sizeof *r);
	rc = r ? cc_session_club_event_import(db, name, text, len, terms, r, &err) : cc_refuse(&err, CC_MSG_NOMEM);
	free(text);
	int status = 0;
	if (rc != CC_OK) {
		cc_cli_fail_at("event", path, &err);
		status = rc == CC_ERR_INVALID ? 2 : 1;
	} else {
		print_import(name, r);
	}
	free(r);
	cc_session_db_close(db);
	return cc_cli_finish_output("event", status);
}

int cc_cli_event_import(int argc, char **argv)
{
	static const struct option options[] = {
		{"db", required_argument, NULL, 'd'},       {"trf", required_argument, NULL, 't'},
		{"format", required_argument, NULL, 'f'},   {"category", required_argument, NULL, 'c'},
		{"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0},
	};
	const char *db_path = NULL, *path = NULL;
	cc_session_event_terms terms;
	cc_session_event_terms_default(&terms);
	int c;
	cc_cli_options_start();
	while ((c = cc_cli_getopt(argv[0], argc, argv, "h", options)) != -1) {
		if (c == 'd') {
			db_path = optarg;
		} else if (c == 't') {
			path = optarg;
		} else if (c == 'f') {
			if (cc_format_parse(optarg, &terms.format))
				return cc_cli_bad_value("event", "--format", optarg, N_("twice, time, chess or uno"));
		} else if (c == 'c') {
			if (cc_category_parse(optarg, &terms.category))
				return cc_cli_bad_value("event", "--category", optarg, N_("fast, freeze or masters"));
			terms.given |= CC_SESSION_TERM_CATEGORY;
		} else {
			return cc_cli_usage_text(c, usage_text);
		}
	}
	/* event [options] import NAME: the verb and the name */
	if (argc - optind != 2 || strcmp(argv[optind], "import") != 0 || !path)
		return cc_cli_usage_error(usage_text);
	return run(db_path, argv[optind + 1], path, &terms);
}
