/*
 * cmd_event.c: `chesscubing event`, a club evening's round robin
 * (rules/club.md, CL-3). Each takes --db FILE.
 *
 *   event create NAME --players A,B,C,... [--double] [--format twice|time] [--category fast|freeze|masters]
 *   event list
 *   event show NAME [--json]
 *   event standings NAME [--json|--csv]
 *   event forfeit NAME ROUND BOARD +/-|-/+|-/-|none     (CL-6.1)
 *   event withdraw NAME PLAYER [--from-round N]          (CL-6.3)
 *   event bye NAME PLAYER ROUND                          (CL-6.4)
 *   event enter NAME PLAYER                              (CL-6.7)
 *   event create ... --bye-value 1|0.5|0                 (CL-6.5)
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

static const char usage_text[] =
	"Usage: chesscubing event [--db FILE] create NAME --players A,B,C,... [--double]\n"
	"                         [--format twice|time] [--category fast|freeze|masters]\n"
	"       chesscubing event [--db FILE] list\n"
	"       chesscubing event [--db FILE] show NAME [--json]\n"
	"       chesscubing event [--db FILE] standings NAME [--json|--csv]\n"
	"       chesscubing event [--db FILE] forfeit NAME ROUND BOARD +/-|-/+|-/-|none\n"
	"       chesscubing event [--db FILE] withdraw NAME PLAYER [--from-round N]\n"
	"       chesscubing event [--db FILE] bye NAME PLAYER ROUND   (a half-point bye)\n"
	"       chesscubing event [--db FILE] enter NAME PLAYER       (a late entry)\n"
	"  create also takes --bye-value 1|0.5|0 (the dummy seat's bye; default 1).\n"
	"  A forfeit code that starts with '-' follows '--': event forfeit NAME 2 1 -- -/+\n"
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
	unsigned from_round;  /* withdraw --from-round (0: after his last game) */
	const char *bye_value; /* create --bye-value */
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

/* What the club makes of a pairing (CL-6), for show --json: its outcome,
 * a forfeit's code (null for none), whether a withdrawal gave it, and each
 * side's points once it counts. */
static json_t *forfeits_json(const cc_session_pairing *p)
{
	static const char *const outcome[] = {"not_started", "in_play", "played", "forfeit",
	                                      "bye", "bye_waiting", "half_bye", "void"};
	const char *f = p->forfeit == CC_CLUB_FORFEIT_NONE ? NULL : cc_club_forfeit_code(p->forfeit);
	return json_pack("{s:s, s:s?, s:b, s:b, s:f, s:f}", "outcome", outcome[p->outcome], "forfeit", f,
	                 "by_withdrawal", p->by_withdrawal, "counted", p->counted, "white_points", p->points[0],
	                 "black_points", p->points[1]);
}

/* A standing's withdrawal (CL-6.3), for standings --json. */
static void forfeits_standing_json(json_t *row, const cc_club_standing *s)
{
	if (!row)
		return;
	json_object_set_new(row, "withdrawn_from", s->withdrawn_from ? json_integer(s->withdrawn_from) : json_null());
	json_object_set_new(row, "cancelled", json_boolean(s->cancelled));
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
			json_array_append_new(pairings, json_pack("{s:I, s:I, s:s, s:s?, s:b, s:I, s:s, s:o}", "round",
			                                          (json_int_t)p[i].round, "board", (json_int_t)p[i].board,
			                                          "white", p[i].white, "black", p[i].bye ? NULL : p[i].black,
			                                          "bye", p[i].bye, "match_id", (json_int_t)p[i].match_id,
			                                          "result", p[i].result, "club", forfeits_json(&p[i])));
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
				printf(" bye%s\n", e.bye_halves == 2 ? "" : e.bye_halves == 1 ? " (1/2)" : " (0)");
			}
			else
				{
				printf("  %u. ", p[i].board);
				cc_cli_print_padded(white, 24);
				printf(" - ");
				cc_cli_print_padded(black, 24);
				printf(" %-7s%s%s\n", p[i].result, match, p[i].by_withdrawal ? "  (withdrawal)" : "");
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
			forfeits_standing_json(json_array_get(array, i), s);
		}
		return cc_cli_print_json(array, 0);
	}
	if (opt->out == OUT_CSV)
		printf("rank,name,points,direct,wins,sonneborn_berger,games,withdrawn_from,cancelled\n");
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
			printf(",%.1f,%s,%u,%.2f,%u", s->points, s->direct_used ? de : "", s->wins, s->sb, s->played);
			if (s->withdrawn_from)
				printf(",%u,%s\n", s->withdrawn_from, s->cancelled ? "yes" : "no");
			else
				printf(",,\n");
		} else {
			char shown[4 * CC_NAME_MAX];
			cc_session_printable(st[i].name, shown, sizeof shown);
			printf("%4u  ", s->rank);
			cc_cli_print_padded(shown, 24);
			printf(" %6.1f %6s %4u %6.2f %5u", s->points, de, s->wins, s->sb, s->played);
			if (s->withdrawn_from)
				printf("  withdrawn from round %u%s", s->withdrawn_from, s->cancelled ? ", not counted" : "");
			printf("\n");
		}
	}
	return 0;
}

/* ---- forfeits, withdrawals, byes, late entries (CL-6) ---------------------------- */

static int forfeits_option(int c, const char *arg, event_options *opt)
{
	if (c == 'B') {
		unsigned halves;
		if (cc_club_bye_value_parse(arg, &halves)) {
			cc_error err;
			cc_refuse(&err, CC_MSG_BAD_BYE_VALUE, arg);
			fprintf(stderr, "chesscubing event: %s\n", err.message);
			return 2;
		}
		opt->bye_value = arg;
		return 0;
	}
	char *end = NULL;
	long n = strtol(arg, &end, 10);
	if (!end || *end || n < 1 || n > 1000) {
		fprintf(stderr, "chesscubing event: --from-round takes a round number, not '%s'\n", arg);
		return 2;
	}
	opt->from_round = (unsigned)n;
	return 0;
}

static bool is_forfeits_verb(const char *verb)
{
	return strcmp(verb, "forfeit") == 0 || strcmp(verb, "withdraw") == 0 || strcmp(verb, "bye") == 0 ||
	       strcmp(verb, "enter") == 0;
}

/* A round or board number on the command line: 1 or more, else 0. */
static unsigned number_arg(const char *text)
{
	char *end = NULL;
	long n = strtol(text, &end, 10);
	return end && !*end && n >= 1 && n <= 100000 ? (unsigned)n : 0;
}

static int forfeits_run(cc_session_db *db, int args, char **argv, const event_options *opt, cc_error *err)
{
	const char *verb = argv[0], *name = argv[1];
	if (strcmp(verb, "create") == 0) {
		unsigned halves = CC_CLUB_BYE_HALVES_DEFAULT;
		cc_club_bye_value_parse(opt->bye_value, &halves); /* checked with the options */
		int status = create(db, name, opt);
		if (status)
			return status;
		if (cc_session_club_event_bye_value(db, name, halves, err))
			return -1;
		printf("A bye is worth %s in '%s'\n", halves == 2 ? "1 point" : halves == 1 ? "1/2 point" : "0 points", name);
		return 0;
	}
	if (strcmp(verb, "forfeit") == 0) {
		cc_club_forfeit f;
		unsigned round = number_arg(argv[2]), board = number_arg(argv[3]);
		if (cc_club_forfeit_parse(argv[4], &f)) {
			cc_refuse(err, CC_MSG_BAD_FORFEIT_CODE, argv[4]);
			return -1;
		}
		if (cc_session_club_event_forfeit(db, name, round, board, f, err))
			return -1;
		if (f == CC_CLUB_FORFEIT_NONE)
			printf("Round %u, board %u of '%s': forfeit cleared\n", round, board, name);
		else
			printf("Round %u, board %u of '%s': %s (forfeit, not rated)\n", round, board, name,
			       cc_club_forfeit_code(f));
		return 0;
	}
	if (strcmp(verb, "withdraw") == 0) {
		cc_session_withdrawal w;
		if (cc_session_club_event_withdraw(db, name, argv[2], opt->from_round, &w, err))
			return -1;
		if (w.cancelled)
			printf("%s withdraws from round %u of '%s': fewer than half his games played, his results are "
			       "not counted (CL-6.3)\n", argv[2], w.from_round, name);
		else
			printf("%s withdraws from round %u of '%s': %u game(s) lost by forfeit (CL-6.3)\n", argv[2],
			       w.from_round, name, w.forfeits);
		return 0;
	}
	if (strcmp(verb, "bye") == 0) {
		unsigned round = number_arg(argv[3]);
		if (cc_session_club_event_half_bye(db, name, argv[2], round, err))
			return -1;
		printf("%s has a half-point bye in round %u of '%s' (not rated)\n", argv[2], round, name);
		return 0;
	}
	(void)args;
	if (cc_session_club_event_enter(db, name, argv[2], err))
		return -1;
	printf("%s enters '%s' late, on the free seat of every round\n", argv[2], name);
	return 0;
}

static int forfeits_verb(int args, char **argv, const event_options *opt)
{
	const char *verb = argv[0];
	int want = strcmp(verb, "forfeit") == 0 ? 5 : strcmp(verb, "bye") == 0 ? 4 : strcmp(verb, "create") == 0 ? 2 : 3;
	if (args != want || (strcmp(verb, "create") == 0 && !opt->players)) {
		fprintf(stderr, "%s", usage_text);
		return 2;
	}
	cc_session_db *db = NULL;
	cc_error err;
	if (cc_session_db_open(&db, opt->db, CC_SESSION_DB_WRITE, NULL, &err)) {
		fprintf(stderr, "chesscubing event: %s\n", err.message);
		return 1;
	}
	int status = forfeits_run(db, args, argv, opt, &err);
	if (status < 0) {
		fprintf(stderr, "chesscubing event: %s\n", err.message);
		status = err.code == CC_ERR_INVALID || err.code == CC_ERR_NOT_FOUND ? 2 : 1;
	}
	cc_session_db_close(db);
	return cc_cli_finish_output("event", status);
}

int cc_cli_cmd_event(int argc, char **argv)
{
	static const struct option options[] = {
		{"db", required_argument, NULL, 'd'},      {"players", required_argument, NULL, 'p'},
		{"double", no_argument, NULL, '2'},        {"format", required_argument, NULL, 'f'},
		{"category", required_argument, NULL, 'c'}, {"json", no_argument, NULL, 'j'},
		{"csv", no_argument, NULL, 'v'},           {"help", no_argument, NULL, 'h'},
		{"from-round", required_argument, NULL, 'R'}, {"bye-value", required_argument, NULL, 'B'},
		{NULL, 0, NULL, 0},
	};
	cc_match_settings defaults; /* the core's default game, as the console's form */
	cc_match_settings_default(&defaults);
	event_options opt = {NULL, NULL, false, defaults.format, defaults.category, OUT_TEXT, 0, NULL};
	int c;
	cc_cli_options_start();
	while ((c = getopt_long(argc, argv, "h", options, NULL)) != -1) {
		if (c == 'd') {
			opt.db = optarg;
		} else if (c == 'p') {
			opt.players = optarg;
		} else if (c == '2') {
			opt.twice = true;
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
		} else if (c == 'R' || c == 'B') {
			if (forfeits_option(c, optarg, &opt))
				return 2;
		} else {
			return cc_cli_usage_text(c, usage_text);
		}
	}
	int args = argc - optind;
	const char *verb = args > 0 ? argv[optind] : "list";
	if (is_forfeits_verb(verb) || (strcmp(verb, "create") == 0 && opt.bye_value))
		return forfeits_verb(argc - optind, argv + optind, &opt);
	bool is_create = strcmp(verb, "create") == 0;
	bool ok = (is_create && args == 2 && opt.players) || (strcmp(verb, "list") == 0 && args <= 1) ||
	          ((strcmp(verb, "show") == 0 || strcmp(verb, "standings") == 0) && args == 2);
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
	else
		status = list(db);
	cc_session_db_close(db);
	return cc_cli_finish_output("event", status);
}
