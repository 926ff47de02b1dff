/*
 * cmd_players.c: `chesscubing players add|list|rename|show`, the club's
 * registry of players (rules/club.md, CL-1). Each takes --db FILE.
 *
 *   players add NAME [--club CLUB] [--fed ID]
 *   players list [--json]
 *   players rename NAME NEW_NAME
 *   players show NAME [--json]
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
	"Usage: chesscubing players [--db FILE] add NAME [--club CLUB] [--fed ID]\n"
	"       chesscubing players [--db FILE] list [TEXT] [--json|--csv]\n"
	"       chesscubing players [--db FILE] rename NAME NEW_NAME\n"
	"       chesscubing players [--db FILE] show NAME [--json|--csv]\n"
	"       chesscubing players [--db FILE] edit NAME [--club CLUB] [--fed ID|--fide-id ID]\n"
	"       chesscubing players [--db FILE] merge NAME DUPLICATE\n"
	"       chesscubing players [--db FILE] delete NAME\n"
	"       chesscubing players [--db FILE] log\n"
	"show gives the ChessCubing rating, then the chess game's and Chess-Uno's when he has\n"
	"played such games (each its own list, CL-2.10; JSON: the ChessCubing rating).\n"
	"list TEXT: the players whose name, or a word of it, starts with TEXT.\n"
	"edit: --club \"\" or --fed \"\" clears it. merge: DUPLICATE's games become NAME's and\n"
	"DUPLICATE leaves the list; delete: only a player who has no game and no event;\n"
	"log: every merge, deletion and edit, with its time (UTC).\n"
	"The club's players: names are compared without case or accents (rules/club.md).\n";

typedef struct {
	const char *db;
	const char *club;
	const char *fed;
	bool json;
	bool csv; /* list and show: the keys of --json (docs/output-formats.md) */
} players_options;

/* player_json()'s keys, for a CSV of no player. */
#define PLAYER_KEYS "name,club,federation_id,rating,rating_exact,tier,games,wins,draws,losses,last_change"

static json_t *player_json(const cc_session_player *p)
{
	return json_pack("{s:s, s:s?, s:s?, s:i, s:f, s:s, s:i, s:i, s:i, s:i, s:f}", "name", p->who.name, "club",
	                 p->who.club[0] ? p->who.club : NULL, "federation_id", p->who.federation_id[0] ? p->who.federation_id : NULL,
	                 "rating", (json_int_t)cc_club_shown(p->rating.rating), "rating_exact", p->rating.rating, "tier",
	                 cc_club_tier_name(p->tier), "games", (json_int_t)p->rating.games, "wins",
	                 (json_int_t)p->rating.wins, "draws", (json_int_t)p->rating.draws, "losses",
	                 (json_int_t)p->rating.losses, "last_change", p->rating.last_change);
}

static int list(cc_session_db *db, const char *text, const players_options *opt)
{
	cc_session_player *items = NULL;
	size_t count = 0;
	cc_error err;
	if (text ? cc_session_club_player_search(db, text, &items, &count, &err)
	         : cc_session_club_players(db, false, &items, &count, &err)) {
		cc_cli_fail("players", &err);
		return 1;
	}
	int status = 0;
	if (opt->json || opt->csv) {
		json_t *array = json_array();
		for (size_t i = 0; array && i < count; i++)
			if (json_array_append_new(array, player_json(&items[i])) != 0) {
				json_decref(array);
				array = NULL;
			}
		if (opt->csv)
			status = cc_cli_print_csv(array, PLAYER_KEYS);
		else
			status = cc_cli_print_json(array, 0);
	} else {
		printf("%-24s %-20s %-12s %6s  %s\n", _("NAME"), _("CLUB"), _("FED ID"), _("RATING"), _("TIER"));
		for (size_t i = 0; i < count; i++) {
			char name[4 * CC_NAME_MAX], club[4 * CC_NAME_MAX], fed[4 * CC_SESSION_FED_MAX];
			cc_session_printable(items[i].who.name, name, sizeof name);
			cc_session_printable(items[i].who.club, club, sizeof club);
			cc_session_printable(items[i].who.federation_id, fed, sizeof fed);
			cc_cli_print_column(name, 24);
			printf(" ");
			cc_cli_print_column(club, 20);
			printf(" ");
			cc_cli_print_column(fed, 12);
			printf(" %6ld  %s\n", cc_club_shown(items[i].rating.rating),
			       cc_session_tier_text(cc_ui_lang(), items[i].rating.rating));
		}
	}
	free(items);
	return status;
}

/* A change's action in words; an action this program never logs (a
 * newer program's, a crafted record's) as the record spells it. */
static const char *action_words(const char *action)
{
	if (strcmp(action, "merge") == 0)
		/* TRANSLATORS: players log: two players made one (CL-7.3). */
		return _("merge");
	if (strcmp(action, "delete") == 0)
		/* TRANSLATORS: players log: a player taken off the list (CL-7.5). */
		return _("delete");
	if (strcmp(action, "edit") == 0)
		/* TRANSLATORS: players log: a player's club and federation ID changed (CL-7.6). */
		return _("edit");
	return NULL;
}

/* An edit's values (the store logs "club=C federation_id=F") in words;
 * any other detail as it is. */
static void detail_words(const char *detail, char *buf, size_t size)
{
	static const char club[] = "club=", fed[] = " federation_id=";
	const char *at = strstr(detail, fed);
	if (strncmp(detail, club, sizeof club - 1) != 0 || !at) {
		snprintf(buf, size, "%s", detail);
		return;
	}
	int club_len = (int)(at - detail - (int)(sizeof club - 1));
	const char *id = at + sizeof fed - 1;
	char said_club[4 * CC_NAME_MAX + 64], said_id[4 * CC_SESSION_FED_MAX + 64]; /* escaped as shown */
	if (club_len > 0)
		snprintf(said_club, sizeof said_club, _("club %.*s"), club_len, detail + sizeof club - 1);
	else
		snprintf(said_club, sizeof said_club, "%s", _("no club"));
	if (id[0])
		snprintf(said_id, sizeof said_id, _("federation ID %s"), id);
	else
		snprintf(said_id, sizeof said_id, "%s", _("no federation ID"));
	snprintf(buf, size, "%s, %s", said_club, said_id);
}

/* The registry's log (CL-7.6), one line a change. */
static int print_log(cc_session_db *db)
{
	cc_session_player_change *items = NULL;
	size_t count = 0;
	cc_error err;
	if (cc_session_club_player_log(db, &items, &count, &err)) {
		cc_cli_fail("players", &err);
		return 1;
	}
	for (size_t i = 0; i < count; i++) {
		char name[4 * CC_NAME_MAX], other[4 * CC_NAME_MAX], detail[4 * sizeof items[i].detail];
		cc_session_printable(items[i].name, name, sizeof name);
		cc_session_printable(items[i].other, other, sizeof other);
		char said[sizeof detail + 128], action[4 * sizeof items[i].action];
		cc_session_printable(items[i].detail, detail, sizeof detail);
		detail_words(detail, said, sizeof said);
		const char *words = action_words(items[i].action);
		if (!words) {
			cc_session_printable(items[i].action, action, sizeof action);
			words = action;
		}
		printf("%s  %-*s  %s%s%s%s%s\n", items[i].utc, cc_cli_byte_width(words, 6), words, name,
		       other[0] ? " <- " : "", other, said[0] ? "  " : "", said);
	}
	free(items);
	return 0;
}

/* A rating to the hundredth and its last change to the tenth, for people:
 * with the language's decimal separator. */
static void human_numbers(double rating, double change, char exact[32], char said_change[32])
{
	snprintf(exact, 32, "%.2f", rating);
	snprintf(said_change, 32, "%+.1f", change);
	cc_lang_decimal_local(cc_ui_lang(), exact);
	cc_lang_decimal_local(cc_ui_lang(), said_change);
}

static int show(cc_session_db *db, const char *name, const players_options *opt)
{
	cc_session_player p;
	cc_error err;
	if (cc_session_club_player(db, name, &p, &err)) {
		cc_cli_fail("players", &err);
		return 1;
	}
	if (opt->json)
		return cc_cli_print_json(player_json(&p), 0);
	if (opt->csv)
		return cc_cli_print_csv(player_json(&p), PLAYER_KEYS);
	char shown[4 * CC_NAME_MAX], club[4 * CC_NAME_MAX], fed[4 * CC_SESSION_FED_MAX];
	cc_session_printable(p.who.name, shown, sizeof shown);
	cc_session_printable(p.who.club, club, sizeof club);
	cc_session_printable(p.who.federation_id, fed, sizeof fed);
	printf("%s\n", shown);
	if (club[0])
		printf(_("Club: %s\n"), club);
	if (fed[0])
		printf(_("Federation ID: %s\n"), fed);
	char exact[32], change[32];
	human_numbers(p.rating.rating, p.rating.last_change, exact, change);
	printf(_("Rating: %ld (%s), %s\n"), cc_club_shown(p.rating.rating), exact,
	       cc_session_tier_text(cc_ui_lang(), p.rating.rating));
	printf(_("Rated matches: %u (%u won, %u drawn, %u lost); last change %s\n"), p.rating.games, p.rating.wins,
	       p.rating.draws, p.rating.losses, change);
	/* The other games' own lists (CL-2.10), when he has played in them,
	 * each named by the first game that counts in it. */
	size_t n_games;
	const cc_game_class *games = cc_game_classes(&n_games);
	for (size_t i = 0; i < n_games; i++) {
		cc_session_player q;
		bool named_before = games[i].rating_list == CC_CLUB_LIST_CHESSCUBING; /* the Rating line above */
		for (size_t j = 0; j < i; j++)
			named_before = named_before || games[j].rating_list == games[i].rating_list;
		if (named_before || cc_session_club_player_of(db, games[i].rating_list, name, &q, NULL) != CC_OK ||
		    q.rating.games == 0)
			continue;
		human_numbers(q.rating.rating, q.rating.last_change, exact, change);
		printf(_("%s rating: %ld (%s), %s; rated games: %u (%u won, %u drawn, %u lost); last change %s\n"),
		       games[i].label, cc_club_shown(q.rating.rating), exact,
		       cc_session_tier_text(cc_ui_lang(), q.rating.rating), q.rating.games, q.rating.wins, q.rating.draws,
		       q.rating.losses, change);
	}
	return 0;
}

int cc_cli_cmd_players(int argc, char **argv)
{
	static const struct option options[] = {
		{"db", required_argument, NULL, 'd'},   {"club", required_argument, NULL, 'c'},
		{"fed", required_argument, NULL, 'f'},  {"fide-id", required_argument, NULL, 'f'},
		{"json", no_argument, NULL, 'j'},
		{"csv", no_argument, NULL, 'v'},
		{"help", no_argument, NULL, 'h'},       {NULL, 0, NULL, 0},
	};
	players_options opt = {NULL, NULL, NULL, false, false};
	int c;
	cc_cli_options_start();
	while ((c = cc_cli_getopt(argv[0], argc, argv, "h", options)) != -1) {
		if (c == 'd')
			opt.db = optarg;
		else if (c == 'c')
			opt.club = optarg;
		else if (c == 'f')
			opt.fed = optarg;
		else if (c == 'j')
			opt.json = true;
		else if (c == 'v')
			opt.csv = true;
		else
			return cc_cli_usage_text(c, usage_text);
	}
	int args = argc - optind;
	const char *verb = args > 0 ? argv[optind] : "list";
	static const struct {
		const char *verb;
		int min, max; /* words, the verb's included */
		bool writes;
	} verbs[] = {{"add", 2, 2, true},   {"rename", 3, 3, true}, {"show", 2, 2, false}, {"list", 0, 2, false},
	             {"edit", 2, 2, true},  {"merge", 3, 3, true},  {"delete", 2, 2, true}, {"log", 1, 1, false}};
	size_t v = 0;
	while (v < sizeof verbs / sizeof verbs[0] && strcmp(verb, verbs[v].verb) != 0)
		v++;
	bool edit_nothing = strcmp(verb, "edit") == 0 && !opt.club && !opt.fed;
	if (v == sizeof verbs / sizeof verbs[0] || args < verbs[v].min || args > verbs[v].max || edit_nothing) {
		return cc_cli_usage_error(usage_text);
	}
	/* only list and show are listings: log prints its text, the others write (docs/output-formats.md) */
	bool listing = strcmp(verb, "list") == 0 || strcmp(verb, "show") == 0;
	if (!listing && (opt.json || opt.csv))
		return cc_cli_no_format("players", opt.json ? "--json" : "--csv");
	bool writes = verbs[v].writes;
	cc_session_db *db = NULL;
	cc_error err;
	if (cc_session_db_open(&db, opt.db, writes ? CC_SESSION_DB_WRITE : CC_SESSION_DB_READ, NULL, &err)) {
		cc_cli_fail("players", &err);
		return 1;
	}
	int status = 0;
	const char *a = args > 1 ? argv[optind + 1] : NULL, *b = args > 2 ? argv[optind + 2] : NULL;
	if (writes) {
		cc_err rc = strcmp(verb, "add") == 0      ? cc_session_club_player_add(db, a, opt.club, opt.fed, &err)
		            : strcmp(verb, "rename") == 0 ? cc_session_club_player_rename(db, a, b, &err)
		            : strcmp(verb, "edit") == 0   ? cc_session_club_player_edit(db, a, opt.club, opt.fed, &err)
		            : strcmp(verb, "merge") == 0  ? cc_session_club_player_merge(db, a, b, &err)
		                                          : cc_session_club_player_delete(db, a, &err);
		if (rc) {
			cc_cli_fail("players", &err);
			status = rc == CC_ERR_INVALID || rc == CC_ERR_NOT_FOUND ? 2 : 1;
		}
	} else if (strcmp(verb, "show") == 0) {
		status = show(db, a, &opt);
	} else if (strcmp(verb, "log") == 0) {
		status = print_log(db);
	} else {
		status = list(db, a, &opt);
	}
	cc_session_db_close(db);
	return cc_cli_finish_output("players", status);
}
