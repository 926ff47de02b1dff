/*
 * cmd_event.c: `chesscubing event`, a club evening's round robin
 * (rules/club.md, CL-3). Each takes --db FILE.
 *
 *   event create NAME --players A,B,C,... [--double] [--format twice|time] [--category fast|freeze|masters]
 *   event list
 *   event show NAME [--json]
 *   event standings NAME [--json|--csv]
 *   event export NAME --format pgn|crosstable|csv|html|trf
 *
 * A match joins an event from its settings (`event=NAME` in a scenario).
 */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session.h"
#include "chesscubing/session_club.h"
#include "cli_util.h"
#include "commands.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_event_export.h"

static const char usage_text[] =
	"Usage: chesscubing event [--db FILE] create NAME --players A,B,C,... [--double]\n"
	"                         [--format twice|time] [--category fast|freeze|masters]\n"
	"       chesscubing event [--db FILE] list\n"
	"       chesscubing event [--db FILE] show NAME [--json]\n"
	"       chesscubing event [--db FILE] standings NAME [--json|--csv]\n"
	"       chesscubing event [--db FILE] export NAME --format pgn|crosstable|csv|html|trf\n"
	"A round robin paired by the Berger tables; a match plays a pairing with\n"
	"'event=NAME' in its scenario's settings (rules/club.md).\n";

typedef enum { OUT_TEXT, OUT_JSON, OUT_CSV } output;

typedef struct {
	const char *db;
	char *players;
	bool twice;
	cc_format format;
	cc_category category;
	output out;
	const char *export_format; /* event export --format */
} event_options;

static int create(cc_session_db *db, const char *name, const event_options *opt)
{
	const char *names[CC_CLUB_PLAYERS_MAX + 1];
	unsigned count = 0;
	char *save = NULL;
	/* Every name is counted, so a refusal says how many were given; those
	 * past the array are never read (a count over the limit is refused
	 * before any name is looked up). */
	for (char *tok = strtok_r(opt->players, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (count <= CC_CLUB_PLAYERS_MAX)
			names[count] = tok;
		count++;
	}
	cc_error err;
	cc_err rc = cc_session_club_event_create(db, name, names, count, opt->twice, opt->format, opt->category, &err);
	if (rc) {
		fprintf(stderr, "chesscubing event: %s\n", err.message);
		return rc == CC_ERR_INVALID || rc == CC_ERR_NOT_FOUND ? 2 : 1;
	}
	printf("Event '%s': %u players, %u rounds\n", name, count, cc_club_berger_rounds(count, opt->twice));
	return 0;
}

static int list(cc_session_db *db)
{
	cc_session_event *items = NULL;
	size_t count = 0;
	cc_error err;
	if (cc_session_club_events(db, &items, &count, &err)) {
		fprintf(stderr, "chesscubing event: %s\n", err.message);
		return 1;
	}
	printf("%-24s %-20s %-6s %-8s %7s %6s  %s\n", "EVENT", "CREATED (UTC)", "FORMAT", "CATEGORY", "PLAYERS", "ROUNDS",
	       "PLAYED");
	for (size_t i = 0; i < count; i++) {
		const cc_session_event *e = &items[i];
		char name[4 * CC_NAME_MAX];
		cc_session_printable(e->name, name, sizeof name);
		cc_cli_print_padded(name, 24);
		printf(" %-20s %-6s %-8s %7u %6u  %zu/%zu%s\n", e->created_utc, cc_format_name(e->format),
		       cc_category_name(e->category), e->players, e->rounds, e->finished, e->pairings,
		       e->twice ? " (double)" : "");
	}
	free(items);
	return 0;
}

static int show(cc_session_db *db, const char *name, const event_options *opt)
{
	cc_session_event e;
	cc_session_pairing *p = NULL;
	size_t count = 0;
	cc_error err;
	if (cc_session_club_event(db, name, &e, &p, &count, &err)) {
		fprintf(stderr, "chesscubing event: %s\n", err.message);
		return 1;
	}
	int status = 0;
	if (opt->out == OUT_JSON) {
		json_t *pairings = json_array();
		for (size_t i = 0; pairings && i < count; i++)
			json_array_append_new(pairings, json_pack("{s:I, s:I, s:s, s:s?, s:b, s:I, s:s}", "round",
			                                          (json_int_t)p[i].round, "board", (json_int_t)p[i].board,
			                                          "white", p[i].white, "black", p[i].bye ? NULL : p[i].black,
			                                          "bye", p[i].bye, "match_id", (json_int_t)p[i].match_id,
			                                          "result", p[i].result));
		status = cc_cli_print_json(json_pack("{s:s, s:s, s:s, s:b, s:I, s:I, s:o}", "name", e.name, "format",
		                              cc_format_name(e.format), "category", cc_category_name(e.category), "double",
		                              e.twice, "players", (json_int_t)e.players, "rounds", (json_int_t)e.rounds,
		                              "pairings", pairings), 0);
	} else {
		char shown[4 * CC_NAME_MAX];
		cc_session_printable(e.name, shown, sizeof shown);
		printf("%s: %s %s, %u players, %u rounds%s; %zu of %zu games finished\n", shown, cc_format_name(e.format),
		       cc_category_name(e.category), e.players, e.rounds, e.twice ? " (double round robin)" : "",
		       e.finished, e.pairings);
		for (size_t i = 0; i < count; i++) {
			char white[4 * CC_NAME_MAX], black[4 * CC_NAME_MAX], match[32] = "";
			cc_session_printable(p[i].white, white, sizeof white);
			cc_session_printable(p[i].black, black, sizeof black);
			if (p[i].board == 1)
				printf("Round %u\n", p[i].round);
			if (p[i].match_id)
				snprintf(match, sizeof match, "  (match %lld)", (long long)p[i].match_id);
			if (p[i].bye)
				{
				printf("  %u. ", p[i].board);
				cc_cli_print_padded(white, 24);
				printf(" bye\n");
			}
			else
				{
				printf("  %u. ", p[i].board);
				cc_cli_print_padded(white, 24);
				printf(" - ");
				cc_cli_print_padded(black, 24);
				printf(" %-7s%s\n", p[i].result, match);
			}
		}
	}
	free(p);
	return status;
}

static int standings(cc_session_db *db, const char *name, const event_options *opt)
{
	cc_session_event e;
	cc_session_standing st[CC_CLUB_PLAYERS_MAX];
	unsigned count = 0;
	cc_error err;
	if (cc_session_club_standings(db, name, &e, st, &count, &err)) {
		fprintf(stderr, "chesscubing event: %s\n", err.message);
		return 1;
	}
	if (opt->out == OUT_JSON) {
		json_t *array = json_array();
		for (unsigned i = 0; array && i < count; i++) {
			const cc_club_standing *s = &st[i].st;
			json_array_append_new(array, json_pack("{s:I, s:s, s:f, s:o?, s:I, s:f, s:I}", "rank",
			                                       (json_int_t)s->rank, "name", st[i].name, "points", s->points,
			                                       "direct", s->direct_used ? json_real(s->direct) : NULL, "wins",
			                                       (json_int_t)s->wins, "sonneborn_berger", s->sb, "games",
			                                       (json_int_t)s->played));
		}
		return cc_cli_print_json(array, 0);
	}
	if (opt->out == OUT_CSV)
		printf("rank,name,points,direct,wins,sonneborn_berger,games\n");
	else
		printf("%4s  %-24s %6s %6s %4s %6s %5s\n", "RANK", "NAME", "POINTS", "DE", "WINS", "SB", "GAMES");
	for (unsigned i = 0; i < count; i++) {
		const cc_club_standing *s = &st[i].st;
		char de[16] = "-";
		if (s->direct_used)
			snprintf(de, sizeof de, "%.1f", s->direct);
		if (opt->out == OUT_CSV) {
			printf("%u,", s->rank);
			cc_cli_csv_field(st[i].name);
			printf(",%.1f,%s,%u,%.2f,%u\n", s->points, s->direct_used ? de : "", s->wins, s->sb, s->played);
		} else {
			char shown[4 * CC_NAME_MAX];
			cc_session_printable(st[i].name, shown, sizeof shown);
			printf("%4u  ", s->rank);
			cc_cli_print_padded(shown, 24);
			printf(" %6.1f %6s %4u %6.2f %5u\n", s->points, de, s->wins, s->sb, s->played);
		}
	}
	return 0;
}

/* event export (CL-4.4 to CL-4.19): the session builds the table and writes it. */
static int export_event(cc_session_db *db, const char *name, const event_options *opt)
{
	cc_event_export_format format;
	if (!opt->export_format || cc_session_event_export_format_parse(opt->export_format, &format)) {
		fprintf(stderr, "chesscubing event: export needs --format pgn, crosstable, csv, html or trf, not '%s'\n",
		        opt->export_format ? opt->export_format : "");
		return 2;
	}
	cc_event_table t;
	cc_error err;
	if (cc_session_event_table(db, name, &t, &err)) {
		fprintf(stderr, "chesscubing event: %s\n", err.message);
		return 1;
	}
	int status = 0;
	size_t games = 0;
	if (format == CC_EVENT_EXPORT_PGN) {
		if (cc_session_event_write_pgn(stdout, db, &t, &games, &err)) {
			fprintf(stderr, "chesscubing event: %s\n", err.message);
			status = 1;
		}
	} else {
		status = cc_session_event_write(stdout, &t, format) == 0 ? 0 : 1;
	}
	cc_session_event_table_free(&t);
	return status;
}

int cc_cli_cmd_event(int argc, char **argv)
{
	static const struct option options[] = {
		{"db", required_argument, NULL, 'd'},      {"players", required_argument, NULL, 'p'},
		{"double", no_argument, NULL, '2'},        {"format", required_argument, NULL, 'f'},
		{"category", required_argument, NULL, 'c'}, {"json", no_argument, NULL, 'j'},
		{"csv", no_argument, NULL, 'v'},           {"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	cc_match_settings defaults; /* the core's default game, as the console's form */
	cc_match_settings_default(&defaults);
	event_options opt = {NULL, NULL, false, defaults.format, defaults.category, OUT_TEXT, NULL};
	int c;
	cc_cli_options_start();
	while ((c = getopt_long(argc, argv, "h", options, NULL)) != -1) {
		if (c == 'd') {
			opt.db = optarg;
		} else if (c == 'p') {
			opt.players = optarg;
		} else if (c == '2') {
			opt.twice = true;
		} else if (c == 'f' && cc_session_event_export_format_parse(optarg, &(cc_event_export_format){0}) == CC_OK) {
			opt.export_format = optarg; /* event export --format */
			if (strcmp(optarg, "csv") == 0)
				opt.out = OUT_CSV; /* standings --format csv */
		} else if (c == 'f' && (strcmp(optarg, "json") == 0 || strcmp(optarg, "csv") == 0)) {
			opt.out = optarg[0] == 'j' ? OUT_JSON : OUT_CSV; /* standings --format csv */
		} else if (c == 'f') {
			if (cc_format_parse(optarg, &opt.format)) {
				fprintf(stderr, "chesscubing event: unknown format '%s' (twice or time)\n", optarg);
				return 2;
			}
		} else if (c == 'c') {
			if (cc_category_parse(optarg, &opt.category)) {
				fprintf(stderr, "chesscubing event: unknown category '%s' (fast, freeze or masters)\n", optarg);
				return 2;
			}
		} else if (c == 'j') {
			opt.out = OUT_JSON;
		} else if (c == 'v') {
			opt.out = OUT_CSV;
		} else {
			return cc_cli_usage_text(c, usage_text);
		}
	}
	int args = argc - optind;
	const char *verb = args > 0 ? argv[optind] : "list";
	bool is_create = strcmp(verb, "create") == 0;
	bool ok = (is_create && args == 2 && opt.players) || (strcmp(verb, "list") == 0 && args <= 1) ||
	          ((strcmp(verb, "show") == 0 || strcmp(verb, "standings") == 0) && args == 2);
	ok = ok || (strcmp(verb, "export") == 0 && args == 2); /* event export */
	if (!ok) {
		fprintf(stderr, "%s", usage_text);
		return 2;
	}
	cc_session_db *db = NULL;
	cc_error err;
	if (cc_session_db_open(&db, opt.db, is_create ? CC_SESSION_DB_WRITE : CC_SESSION_DB_READ, NULL, &err)) {
		fprintf(stderr, "chesscubing event: %s\n", err.message);
		return 1;
	}
	int status;
	if (is_create)
		status = create(db, argv[optind + 1], &opt);
	else if (strcmp(verb, "show") == 0)
		status = show(db, argv[optind + 1], &opt);
	else if (strcmp(verb, "standings") == 0)
		status = standings(db, argv[optind + 1], &opt);
	else if (strcmp(verb, "export") == 0)
		status = export_event(db, argv[optind + 1], &opt);
	else
		status = list(db);
	cc_session_db_close(db);
	return cc_cli_finish_output("event", status);
}
