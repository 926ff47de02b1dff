/*
 * cmd_correct.c: `chesscubing correct`, an arbiter's club correction of a
 * finished game's result and/or rated flag, without reopening the game
 * (rules/club.md CL-5.3..CL-5.7). Run from the director's desk while the
 * consoles run: the game's events and clocks are untouched, the ratings
 * are replayed with the corrected result in the game's place.
 *
 *   correct [--db FILE] MATCH --result 1-0|0-1|1/2-1/2 --reason TEXT [--by NAME] [--json]
 *   correct [--db FILE] MATCH --rated|--unrated --reason TEXT [--by NAME] [--json]
 *   correct [--db FILE] MATCH --undo [--by NAME] [--json]
 *   correct [--db FILE] MATCH --list [--json|--csv]
 *
 * --json: the correction made or undone as one JSON object, --list's as an
 * array (the keys in docs/output-formats.md); --csv for --list alone.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chesscubing/session.h"
#include "chesscubing/session_club.h"
#include "chesscubing/session_describe.h"
#include "cli_util.h"
#include "commands.h"

static void usage(FILE *out)
{
	fprintf(out, "%s",
	        _("Usage: chesscubing correct [--db FILE] MATCH --result 1-0|0-1|1/2-1/2 --reason TEXT [--by NAME] [--json]\n"
	          "       chesscubing correct [--db FILE] MATCH --rated|--unrated --reason TEXT [--by NAME] [--json]\n"
	          "       chesscubing correct [--db FILE] MATCH --undo [--by NAME] [--json]\n"
	          "       chesscubing correct [--db FILE] MATCH --list [--json|--csv]\n"
	          "An arbiter's club correction of a finished game's result or rated flag (or both),\n"
	          "kept with who, when and why, without reopening the game: its moves and clocks stay\n"
	          "as played, the ratings and standings take the corrected result in the game's place\n"
	          "(rules/club.md CL-5). Refused while a console has the match open.\n"
	          "  --result R   the corrected result: 1-0, 0-1 or 1/2-1/2\n"
	          "  --rated, --unrated  count the game in the ratings, or not\n"
	          "  --reason TEXT  why (required)\n"
	          "  --by NAME    who corrects (default: the user's login name)\n"
	          "  --undo       undo the latest correction still standing\n"
	          "  --list       print every correction of the match\n"
	          "  --json       the correction made or undone (with --list: every one) as JSON\n"
	          "  --csv        with --list: every correction as CSV\n"));
}

typedef struct {
	const char *db, *result, *reason, *by;
	int rated; /* -1 unchanged, 0 unrated, 1 rated */
	bool undo, list;
	int64_t id;
	bool json, csv;
} correct_options;

static int parse(int argc, char **argv, correct_options *o)
{
	static const struct option options[] = {
		{"db", required_argument, NULL, 'd'},     {"result", required_argument, NULL, 'r'},
		{"reason", required_argument, NULL, 'w'}, {"by", required_argument, NULL, 'b'},
		{"rated", no_argument, NULL, 'R'},        {"unrated", no_argument, NULL, 'U'},
		{"undo", no_argument, NULL, 'u'},         {"list", no_argument, NULL, 'l'},
		{"json", no_argument, NULL, 'j'},         {"csv", no_argument, NULL, 'c'},
		{"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0},
	};
	int c;
	cc_cli_options_start();
	while ((c = cc_cli_getopt(argv[0], argc, argv, "d:r:w:b:h", options)) != -1) {
		switch (c) {
		case 'd':
			o->db = optarg;
			break;
		case 'r':
			o->result = optarg;
			break;
		case 'w':
			o->reason = optarg;
			break;
		case 'b':
			o->by = optarg;
			break;
		case 'R':
		case 'U':
			o->rated = c == 'R';
			break;
		case 'u':
			o->undo = true;
			break;
		case 'l':
			o->list = true;
			break;
		case 'j':
			o->json = true;
			break;
		case 'c':
			o->csv = true;
			break;
		default:
			return cc_cli_usage_fn(c, usage);
		}
	}
	bool sets = o->result || o->rated >= 0;
	if (argc - optind != 1 || (o->undo + o->list + sets) != 1 || (o->json && o->csv)) {
		usage(stderr);
		return 2;
	}
	/* one correction is no table: CSV is --list's alone */
	if (o->csv && !o->list)
		return cc_cli_no_format(argv[0], "--csv");
	return cc_cli_match_number(argv[0], argv[optind], &o->id) ? 2 : -1;
}

static bool parse_result(const char *text, cc_winner *winner)
{
	if (strcmp(text, "1-0") == 0)
		*winner = CC_WINNER_WHITE;
	else if (strcmp(text, "0-1") == 0)
		*winner = CC_WINNER_BLACK;
	else if (strcmp(text, "1/2-1/2") == 0 || strcmp(text, "½-½") == 0)
		*winner = CC_WINNER_NONE;
	else
		return false;
	return true;
}

static int refused(const cc_error *err)
{
	return cc_cli_fail("correct", err);
}

/* One correction as `show` says it (CL-5.6), the game's result as played beside it. */
static void print_correction(cc_session_db *db, const cc_session_correction *c)
{
	cc_session_info info;
	char line[1024], printable[4 * sizeof line];
	bool known = cc_session_db_info(db, c->match_id, &info, NULL) == CC_OK;
	cc_session_describe_correction(cc_ui_lang(), c, known && info.over, known ? info.winner : CC_WINNER_NONE, line,
	                               sizeof line);
	cc_session_printable(line, printable, sizeof printable);
	printf("%s\n", printable);
}

/* The keys of a correction in --json and --csv (docs/output-formats.md). */
#define CORRECTION_KEYS "id,match_id,result,played,rated,reason,by,at,undone,undone_by,undone_at"

/* Unix ms as the record's other times are written, "2026-11-30T14:05:00Z". */
static json_t *utc_json(int64_t wall_ms)
{
	time_t secs = (time_t)(wall_ms / 1000);
	struct tm tm;
	char text[32];
	if (wall_ms <= 0 || !gmtime_r(&secs, &tm) || !strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm))
		return json_null();
	return json_string(text);
}

/* One correction as a flat object: result and rated null when it does
 * not set them, played the game's result as played, the undoing null
 * while it stands. */
static json_t *correction_json(cc_session_db *db, const cc_session_correction *c)
{
	cc_session_info info;
	bool known = cc_session_db_info(db, c->match_id, &info, NULL) == CC_OK;
	/* what the record holds, escaped: a reason cut mid-character by an
	 * older version is still a string (RU-24.2) */
	char why[4 * sizeof c->why], by[4 * sizeof c->by], undone_by[4 * sizeof c->undone_by];
	cc_session_printable(c->why, why, sizeof why);
	cc_session_printable(c->by, by, sizeof by);
	cc_session_printable(c->undone_by, undone_by, sizeof undone_by);
	return json_pack("{s:I, s:I, s:s?, s:s?, s:o?, s:s, s:s, s:o, s:b, s:s?, s:o}", "id", (json_int_t)c->id,
	                 "match_id", (json_int_t)c->match_id, "result",
	                 c->sets_result ? cc_session_result_code(true, c->winner) : NULL, "played",
	                 known ? cc_session_result_code(info.over, info.winner) : NULL, "rated",
	                 c->sets_rated ? json_boolean(c->rated) : NULL, "reason", why, "by", by, "at",
	                 utc_json(c->wall_ms), "undone", c->undone, "undone_by", c->undone ? undone_by : NULL,
	                 "undone_at", c->undone ? utc_json(c->undone_wall_ms) : json_null());
}

/* One correction as the options ask: its line, or its JSON object. */
static void print_one(cc_session_db *db, const cc_session_correction *c, const correct_options *o)
{
	if (o->json)
		cc_cli_print_json(correction_json(db, c), 0);
	else
		print_correction(db, c);
}

int cc_cli_cmd_correct(int argc, char **argv)
{
	correct_options o = {NULL, NULL, NULL, NULL, -1, false, false, 0, false, false};
	cc_session_correction c;
	cc_session_db *db = NULL;
	cc_error err = {0};
	int status = parse(argc, argv, &o);
	if (status >= 0)
		return status;
	memset(&c, 0, sizeof c);
	c.match_id = o.id;
	if (o.result && !parse_result(o.result, &c.winner)) {
		fprintf(stderr, _("chesscubing correct: '%s' is not a result (1-0, 0-1 or 1/2-1/2)\n"), o.result);
		return 2;
	}
	const char *by = o.by ? o.by : getenv("USER");
	by = o.by || (by && by[0]) ? by : "arbiter";
	/* RU-24.3: checked whole here, before a copy could cut them */
	if ((o.reason && cc_text_check_optional(CC_TEXT_REASON, o.reason, sizeof c.why, &err) != CC_OK) ||
	    cc_text_check(CC_TEXT_BY, by, sizeof c.by, &err) != CC_OK) {
		refused(&err);
		return 2;
	}
	snprintf(c.by, sizeof c.by, "%s", by);
	if (cc_session_db_open(&db, o.db, o.list ? CC_SESSION_DB_READ : CC_SESSION_DB_WRITE, NULL, &err) != CC_OK)
		return refused(&err);
	cc_session_correction *items = NULL, done;
	size_t n = 0;
	cc_err rc;
	if (o.list) {
		rc = cc_session_club_corrections(db, o.id, &items, &n, &err);
		if (rc == CC_OK && (o.json || o.csv)) {
			json_t *rows = json_array();
			for (size_t i = 0; rows && i < n; i++)
				if (json_array_append_new(rows, correction_json(db, &items[i])) != 0)
					rc = cc_refuse(&err, CC_MSG_NOMEM); /* never a list short of a row, exit 0 */
			if (o.json)
				cc_cli_print_json(rows, 0);
			else
				cc_cli_print_csv(rows, CORRECTION_KEYS);
		}
		for (size_t i = 0; rc == CC_OK && !o.json && !o.csv && i < n; i++)
			print_correction(db, &items[i]);
		if (rc == CC_OK && n == 0 && !o.json && !o.csv)
			printf(_("Match %lld has no correction.\n"), (long long)o.id);
		free(items);
	} else if (o.undo) {
		rc = cc_session_club_correct_undo(db, o.id, c.by, &done, &err);
		if (rc == CC_OK)
			print_one(db, &done, &o);
	} else {
		c.sets_result = o.result != NULL;
		c.sets_rated = o.rated >= 0;
		c.rated = o.rated == 1;
		snprintf(c.why, sizeof c.why, "%s", o.reason ? o.reason : "");
		int64_t id = 0;
		rc = cc_session_club_correct(db, &c, &id, &err);
		if (rc == CC_OK) {
			rc = cc_session_club_corrections(db, o.id, &items, &n, &err);
			for (size_t i = 0; rc == CC_OK && i < n; i++)
				if (items[i].id == id)
					print_one(db, &items[i], &o);
			free(items);
		}
	}
	cc_session_db_close(db);
	if (rc != CC_OK)
		return refused(&err);
	return cc_cli_finish_output("correct", 0);
}
