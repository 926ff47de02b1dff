/*
 * cmd_ratings.c: `chesscubing ratings [--json|--csv]`, the rating list
 * replayed from the record (rules/club.md, CL-2), and `chesscubing h2h
 * NAME NAME [--json]`, the head-to-head record of two players (CL-2.9).
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

typedef enum { OUT_TEXT, OUT_JSON, OUT_CSV } output;

/* --db, --json, --csv, --format text|json|csv, and --game chesscubing|chess|uno
 * and --all when game_list and all are given (ratings); -1 to go on, else the status. */
static int parse(int argc, char **argv, const char *usage, const char **db, output *out,
                 cc_club_list *game_list, bool *all)
{
	static const struct option options[] = {
		{"game", required_argument, NULL, 'g'}, {"all", no_argument, NULL, 'a'},
		{"db", required_argument, NULL, 'd'}, {"json", no_argument, NULL, 'j'},
		{"csv", no_argument, NULL, 'c'},      {"format", required_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},     {NULL, 0, NULL, 0},
	};
	int c;
	cc_cli_options_start();
	while ((c = cc_cli_getopt(argv[0], argc, argv, "h", options)) != -1) {
		if (c == 'd') {
			*db = optarg;
		} else if (c == 'j' || (c == 'f' && strcmp(optarg, "json") == 0)) {
			*out = OUT_JSON;
		} else if (c == 'c' || (c == 'f' && strcmp(optarg, "csv") == 0)) {
			*out = OUT_CSV;
		} else if (c == 'f' && strcmp(optarg, "text") == 0) {
			*out = OUT_TEXT;
		} else if (c == 'g' && game_list && cc_club_list_parse(optarg, game_list) == CC_OK) {
			continue;
		} else if (c == 'a' && all) {
			*all = true;
		} else if (c == 'f') {
			return cc_cli_bad_value(argv[0], "--format", optarg, N_("it is text, json or csv"));
		} else if (c == 'g' && game_list) {
			return cc_cli_bad_value(argv[0], "--game", optarg, N_("it is chesscubing, chess or uno"));
		} else if (c == 'g' || c == 'a') {
			return cc_cli_no_format(argv[0], c == 'g' ? "--game" : "--all");
		} else {
			return cc_cli_usage_text(c, usage);
		}
	}
	return -1;
}

static int print_ratings(const cc_session_player *items, size_t count, output out)
{
	if (out == OUT_JSON) {
		json_t *array = json_array();
		for (size_t i = 0; array && i < count; i++) {
			const cc_session_player *p = &items[i];
			/* The keys of --csv, in its order (docs/output-formats.md). */
			json_t *o = json_pack("{s:I, s:s, s:I, s:f, s:s, s:I, s:I, s:I, s:I, s:f}", "rank", (json_int_t)(i + 1),
			                      "name", p->who.name, "rating", (json_int_t)cc_club_shown(p->rating.rating),
			                      "rating_exact", p->rating.rating, "tier", cc_club_tier_name(p->tier), "games",
			                      (json_int_t)p->rating.games, "wins", (json_int_t)p->rating.wins, "draws",
			                      (json_int_t)p->rating.draws, "losses", (json_int_t)p->rating.losses,
			                      "last_change", p->rating.last_change);
			if (json_array_append_new(array, o) != 0) {
				json_decref(array);
				array = NULL;
			}
		}
		return cc_cli_print_json(array, JSON_REAL_PRECISION(12));
	}
	if (out == OUT_CSV)
		printf("rank,name,rating,rating_exact,tier,games,wins,draws,losses,last_change\n");
	else
		printf("%4s  %-24s %6s  %-8s %*s %4s %4s %4s  %s\n", _("RANK"), _("NAME"), _("RATING"), _("TIER"),
		       cc_cli_byte_width(_("GAMES"), 5), _("GAMES"), _("W (wins)"), _("D (draws)"), _("L (losses)"), _("LAST"));
	for (size_t i = 0; i < count; i++) {
		const cc_session_player *p = &items[i];
		const cc_club_rating *r = &p->rating;
		if (out == OUT_CSV) {
			printf("%zu,", i + 1);
			cc_cli_csv_field(p->who.name);
			printf(",%ld,%.6f,%s,%u,%u,%u,%u,%.6f\n", cc_club_shown(r->rating), r->rating,
			       cc_club_tier_name(p->tier), r->games, r->wins, r->draws, r->losses, r->last_change);
		} else {
			char name[4 * CC_NAME_MAX];
			cc_session_printable(p->who.name, name, sizeof name);
			printf("%4zu  ", i + 1);
			cc_cli_print_column(name, 24);
			char change[32]; /* a number for people: the language's decimal separator */
			snprintf(change, sizeof change, "%+.1f", r->last_change);
			cc_lang_decimal_local(cc_ui_lang(), change);
			printf(" %6ld  %-8s %5u %4u %4u %4u  %s\n", cc_club_shown(r->rating),
			       cc_session_tier_text(cc_ui_lang(), r->rating), r->games, r->wins, r->draws, r->losses,
			       change);
		}
	}
	return 0;
}

int cc_cli_cmd_ratings(int argc, char **argv)
{
	static const char usage[] =
		"Usage: chesscubing ratings [--db FILE] [--game chesscubing|chess|uno] [--all] [--json|--csv|--format text|json|csv]\n"
		"The rating list, replayed from the record (rules/club.md); --game chess: the plain chess games' own "
		"list, --game uno: Chess-Uno's. It names the players with a rated game in that list (CL-7.7); --all: "
		"every registered player.\n";
	const char *path = NULL;
	output out = OUT_TEXT;
	cc_club_list list = CC_CLUB_LIST_CHESSCUBING;
	bool all = false;
	int status = parse(argc, argv, usage, &path, &out, &list, &all);
	if (status >= 0)
		return status;
	if (optind != argc)
		return cc_cli_usage_error(usage);
	cc_session_db *db = NULL;
	cc_session_player *items = NULL;
	size_t count = 0;
	cc_error err;
	if (cc_session_db_open(&db, path, CC_SESSION_DB_READ, NULL, &err) ||
	    cc_session_club_players_of(db, list, true, &items, &count, &err)) {
		cc_cli_fail("ratings", &err);
		cc_session_db_close(db);
		return 1;
	}
	size_t kept = 0; /* CL-7.7: a list names who played in it */
	for (size_t i = 0; i < count; i++)
		if (all || items[i].rating.games > 0)
			items[kept++] = items[i];
	status = print_ratings(items, kept, out);
	free(items);
	cc_session_db_close(db);
	return cc_cli_finish_output("ratings", status);
}

int cc_cli_cmd_h2h(int argc, char **argv)
{
	static const char usage[] = "Usage: chesscubing h2h [--db FILE] [--game chesscubing|chess|uno] [--json] NAME NAME\n"
	                            "The head-to-head record of two players (rules/club.md, CL-2.9) in the games of "
	                            "one rating list (CL-2.10): ChessCubing's by default, --game chess: their plain "
	                            "chess games, --game uno: their Chess-Uno games.\n";
	const char *path = NULL;
	output out = OUT_TEXT;
	cc_club_list list = CC_CLUB_LIST_CHESSCUBING;
	int status = parse(argc, argv, usage, &path, &out, &list, NULL);
	if (status >= 0)
		return status;
	if (argc - optind != 2)
		return cc_cli_usage_error(usage);
	/* Two players' record is no table: --json only (docs/output-formats.md). */
	if (out == OUT_CSV)
		return cc_cli_no_format("h2h", "--csv");
	cc_session_db *db = NULL;
	cc_session_h2h h;
	cc_error err;
	cc_err rc = cc_session_db_open(&db, path, CC_SESSION_DB_READ, NULL, &err);
	if (rc == CC_OK)
		rc = cc_session_club_h2h_of(db, list, argv[optind], argv[optind + 1], &h, &err);
	cc_session_db_close(db);
	if (rc) {
		cc_cli_fail("h2h", &err);
		return rc == CC_ERR_NOT_FOUND || rc == CC_ERR_INVALID ? 2 : 1;
	}
	if (out == OUT_JSON) {
		json_t *recent = json_array();
		for (size_t i = 0; recent && i < h.recent_count; i++)
			json_array_append_new(recent, json_string(h.recent[i]));
		json_t *wins = json_object();
		if (wins) {
			json_object_set_new(wins, h.names[0], json_integer(h.wins[0]));
			json_object_set_new(wins, h.names[1], json_integer(h.wins[1]));
		}
		json_t *o = json_pack("{s:[s,s], s:o, s:I, s:o}", "players", h.names[0], h.names[1], "wins", wins, "draws",
		                      (json_int_t)h.draws, "recent", recent);
		return cc_cli_finish_output("h2h", cc_cli_print_json(o, 0));
	}
	char a[4 * CC_NAME_MAX], b[4 * CC_NAME_MAX];
	cc_session_printable(h.names[0], a, sizeof a);
	cc_session_printable(h.names[1], b, sizeof b);
	printf(_("%s - %s\n%s wins: %u\n%s wins: %u\nDraws: %u\nRecent (oldest first, %s's side):"), a, b, a, h.wins[0],
	       b, h.wins[1], h.draws, a);
	for (size_t i = 0; i < h.recent_count; i++)
		printf(" %s", h.recent[i]);
	printf("%s\n", h.recent_count ? "" : _(" none"));
	return cc_cli_finish_output("h2h", 0);
}
