/*
 * cmd_event.c: `chesscubing event`, a club evening's round robin
 * (rules/club.md, CL-3). Each takes --db FILE.
 *
 *   event create NAME --players A,B,C,... [--player NAME]... [--double] [--format twice|time|chess|uno]
 *                [--category fast|freeze|masters] [--variant standard|checkered] [--tc MIN+INC|MIN|none]
 *                [--claims auto|manual]
 *   event close NAME | event delete NAME
 *   event cancel NAME ROUND BOARD --reason TEXT [--confirm]
 *   event list
 *   event show NAME [--json]
 *   event standings NAME [--json|--csv]
 *   event forfeit NAME ROUND BOARD +/-|-/+|-/-|none     (CL-6.1)
 *   event withdraw NAME PLAYER [--from-round N]          (CL-6.3)
 *   event bye NAME PLAYER ROUND                          (CL-6.4)
 *   event enter NAME PLAYER                              (CL-6.7)
 *   event create ... --bye-value 1|0.5|0                 (CL-6.5)
 *   event export NAME --format pgn|crosstable|csv|html|trf
 *   event create NAME --system swiss --rounds N [--half-byes N] ...  (CL-10)
 *   event pair NAME [--again] | publish NAME | absent NAME PLAYER --round R  (cmd_event_swiss.c)
 *   event tiebreaks NAME LIST|default; create ... --tiebreaks LIST   (CL-9.1)
 *
 * A match joins an event from its settings (`event=NAME` in a scenario).
 */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "chesscubing/session_club.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_scenario.h"
#include "cli_util.h"
#include "cmd_event_swiss.h"

/* The format column of `event list`: the widest title ("ChessCubing Twice"). */
#define EVENT_FORMAT_WIDTH 17
#include "commands.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_event_export.h"

static const char usage_text[] =
	"Usage: chesscubing event [--db FILE] create NAME --players A,B,C,... [--double]\n"
	"                         [--player NAME]... (one name, commas kept: \"Dupont, Anne\")\n"
	"                         [--format twice|time|chess|uno] [--category fast|freeze|masters]\n"
	"                         [--variant standard|checkered] [--tc MIN+INC|MIN|none] [--claims auto|manual]\n"
	"       chesscubing event [--db FILE] list [--json|--csv]\n"
	"       chesscubing event [--db FILE] show NAME [--json|--csv]\n"
	"       chesscubing event [--db FILE] standings NAME [--json|--csv]\n"
	"       chesscubing event [--db FILE] close NAME | delete NAME\n"
	"       chesscubing event [--db FILE] cancel NAME ROUND BOARD --reason TEXT [--confirm]\n"
	"       chesscubing event [--db FILE] forfeit NAME ROUND BOARD +/-|-/+|-/-|none\n"
	"       chesscubing event [--db FILE] withdraw NAME PLAYER [--from-round N]\n"
	"       chesscubing event [--db FILE] bye NAME PLAYER ROUND   (a half-point bye)\n"
	"       chesscubing event [--db FILE] enter NAME PLAYER       (a late entry)\n"
	"  create also takes --bye-value 1|0.5|0 (the dummy seat's bye; default 1).\n"
	"  A forfeit code that starts with '-' follows '--': event forfeit NAME 2 1 -- -/+\n"
	"       chesscubing event [--db FILE] export NAME --format pgn|crosstable|csv|html|trf\n"
	"       chesscubing event [--db FILE] import NAME --trf FILE   (another program's event, mid-tournament)\n"
	"  A Swiss: create ... --system swiss --rounds N [--half-byes N] (the most a player may ask for)\n"
	"       chesscubing event [--db FILE] pair NAME [--again] [--explain]   (the next round; --again: the\n"
	"                                                 unpublished one; --explain: why each board)\n"
	"       chesscubing event [--db FILE] explain NAME   (why each board of the last round paired)\n"
	"       chesscubing event [--db FILE] publish NAME          (the consoles offer its boards)\n"
	"       chesscubing event [--db FILE] absent NAME PLAYER --round R\n"
	"       chesscubing event [--db FILE] tiebreaks NAME LIST|default (C.07 codes: BH-C1,BH,SB)\n"
	"  create also takes --tiebreaks LIST (the standings' order after the points).\n"
	"A round robin paired by the Berger tables; a match plays a pairing with\n"
	"'event=NAME' in its scenario's settings (rules/club.md).\n"
	"An event fixes its games' format, category (twice, time), board (twice, time,\n"
	"chess), clock and claims (chess); an option its format has not is refused\n"
	"(CL-8). close: offered on no console any more; delete: only without games;\n"
	"cancel: takes a wrong match off its pairing (--confirm when it has a result).\n";

typedef enum { OUT_TEXT, OUT_JSON, OUT_CSV } output;

typedef struct {
	const char *db;
	char *players;
	bool twice;
	cc_format format;
	cc_category category;
	output out;
	cc_session_event_terms terms; /* CL-8.1: the board, clock, claims and what was named */
	const char *reason;           /* cancel */
	bool confirm;
	unsigned from_round;  /* withdraw --from-round (0: after his last game) */
	const char *bye_value; /* create --bye-value */
	/* --players and --player in the order given (seat order): whole[i]
	 * when given[i] is one name (--player), not a list to split */
	char *given[CC_CLUB_PLAYERS_MAX + 1];
	bool whole[CC_CLUB_PLAYERS_MAX + 1];
	unsigned n_given;
	const char *export_format; /* event export --format */
	cc_cli_swiss_options sw; /* CL-10: a Swiss's options (cmd_event_swiss.h) */
	const char *tiebreaks;     /* create --tiebreaks (CL-9.1) */
} event_options;

static void print_terms(cc_session_db *db, const cc_session_event *e);
static void add_terms_json(json_t *doc, cc_session_db *db, const cc_session_event *e);

static int create(cc_session_db *db, const char *name, const event_options *opt)
{
	const char *names[CC_CLUB_PLAYERS_MAX + 1];
	unsigned count = 0;
	char *save = NULL;
	/* Every name is counted, so a refusal says how many were given; those
	 * past the array are never read (a count over the limit is refused
	 * before any name is looked up). */
	for (unsigned i = 0; i < opt->n_given; i++) {
		if (opt->whole[i]) {
			if (count <= CC_CLUB_PLAYERS_MAX)
				names[count] = opt->given[i];
			count++;
			continue;
		}
		for (char *tok = strtok_r(opt->given[i], ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
			if (count <= CC_CLUB_PLAYERS_MAX)
				names[count] = tok;
			count++;
		}
	}
	cc_error err;
	cc_session_event_terms terms = opt->terms;
	terms.format = opt->format;
	terms.category = opt->category;
	cc_err rc;
	if (opt->sw.swiss && opt->twice)
		rc = cc_refuse(&err, CC_MSG_SWISS_DOUBLE); /* CL-10.1: never silently ignored */
	else if (opt->sw.swiss)
		rc = cc_session_club_swiss_create(db, name, names, count, opt->sw.rounds, opt->sw.half_byes, &terms, &err);
	else if (opt->sw.rr_option)
		rc = cc_refuse(&err, CC_MSG_SWISS_OPTION_NOT_RR, opt->sw.rr_option);
	else
		rc = cc_session_club_event_create_fixed(db, name, names, count, opt->twice, &terms, &err);
	if (rc) {
		cc_cli_fail("event", &err);
		return rc == CC_ERR_INVALID || rc == CC_ERR_NOT_FOUND ? 2 : 1;
	}
	unsigned rounds = opt->sw.swiss ? opt->sw.rounds : cc_club_berger_rounds(count, opt->twice);
	char players_said[64], rounds_said[64];
	snprintf(players_said, sizeof players_said, P_("%u player", "%u players", count), count);
	snprintf(rounds_said, sizeof rounds_said, P_("%u round", "%u rounds", rounds), rounds);
	if (opt->sw.swiss)
		printf(_("Event '%s': a Swiss of %s, %s, paired round by round ('event pair')\n"), name, players_said,
		       rounds_said);
	else
		printf(_("Event '%s': %s, %s\n"), name, players_said, rounds_said);
	if (opt->tiebreaks) /* CL-9.1: checked with the options */
		return cc_cli_event_tb_set(db, name, opt->tiebreaks);
	return 0;
}

/* The events as --json or --csv give them (docs/output-formats.md). */
static int list_data(const cc_session_event *items, size_t count, output out)
{
	json_t *array = json_array();
	for (size_t i = 0; array && i < count; i++) {
		const cc_session_event *e = &items[i];
		/* CL-10.6: the round paired and not published, whose games are not counted */
		json_t *unpublished = e->swiss && e->paired > e->published ? json_integer((json_int_t)e->paired)
		                                                           : json_null();
		if (json_array_append_new(array, json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:b, s:I, s:I, s:o}", "name",
		                                           e->name, "created_utc", e->created_utc, "format",
		                                           cc_format_name(e->format), "category",
		                                           cc_category_name(e->category), "players",
		                                           (json_int_t)e->players, "rounds", (json_int_t)e->rounds,
		                                           "double", e->twice, "finished", (json_int_t)e->finished,
		                                           "pairings", (json_int_t)e->pairings, "unpublished_round",
		                                           unpublished)) != 0) {
			json_decref(array);
			array = NULL;
		}
	}
	return out == OUT_JSON ? cc_cli_print_json(array, 0)
	                       : cc_cli_print_csv(array, "name,created_utc,format,category,players,rounds,double,"
	                                                 "finished,pairings,unpublished_round");
}

static int list(cc_session_db *db, output out)
{
	cc_session_event *items = NULL;
	size_t count = 0;
	cc_error err;
	if (cc_session_club_events(db, &items, &count, &err)) {
		cc_cli_fail("event", &err);
		return 1;
	}
	if (out != OUT_TEXT) {
		int status = list_data(items, count, out);
		free(items);
		return status;
	}
	printf("%-*s %-*s %-*s %-*s %*s %*s  %s\n", cc_cli_byte_width(_("EVENT"), 24), _("EVENT"),
	       cc_cli_byte_width(_("CREATED (UTC)"), 20), _("CREATED (UTC)"),
	       cc_cli_byte_width(_("FORMAT"), EVENT_FORMAT_WIDTH), _("FORMAT"), cc_cli_byte_width(_("CATEGORY"), 8),
	       _("CATEGORY"), cc_cli_byte_width(_("PLAYERS"), 7), _("PLAYERS"), cc_cli_byte_width(_("ROUNDS"), 6),
	       _("ROUNDS"), _("PLAYED"));
	for (size_t i = 0; i < count; i++) {
		const cc_session_event *e = &items[i];
		char name[4 * CC_NAME_MAX];
		cc_session_printable(e->name, name, sizeof name);
		cc_cli_print_padded(name, 24);
		/* The format and category as people name them (the record's spellings: --json, --csv). */
		const char *format = cc_session_format_text(cc_ui_lang(), e->format);
		const char *category = cc_game_has(e->format, CC_GAME_CATEGORY) ? cc_session_category_text(e->category)
		                                                                 : "-";
		char unpublished[64] = ""; /* CL-10.6: its games are not counted yet */
		if (e->swiss && e->paired > e->published)
			snprintf(unpublished, sizeof unpublished, _(" (round %u paired, not published)"), e->paired);
		printf(" %-20s %-*s %-*s %7u %6u  %zu/%zu%s%s%s\n", e->created_utc,
		       cc_cli_byte_width(format, EVENT_FORMAT_WIDTH), format, cc_cli_byte_width(category, 8), category,
		       e->players, e->rounds, e->finished, e->pairings, e->twice ? _(" (double)") : "",
		       e->closed ? _(" (closed)") : "", unpublished);
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

/* event show as JSON or CSV (docs/output-formats.md); its status. */
static int show_json(cc_session_db *db, const cc_session_event *e, const cc_session_pairing *p, size_t count,
                     const event_options *opt)
{
	json_t *pairings = json_array();
	for (size_t i = 0; pairings && i < count; i++) {
		json_array_append_new(pairings, json_pack("{s:I, s:I, s:s, s:s?, s:b, s:o, s:s?, s:o}", "round",
		                                          (json_int_t)p[i].round, "board", (json_int_t)p[i].board, "white",
		                                          p[i].white, "black", p[i].bye ? NULL : p[i].black, "bye",
		                                          p[i].bye, "match_id",
		                                          /* CL-8.7: unplayed, null, never 0 and "" */
		                                          p[i].match_id ? json_integer(p[i].match_id) : json_null(),
		                                          "result", p[i].result[0] ? p[i].result : NULL, "club",
		                                          forfeits_json(&p[i])));
		if (e->swiss) /* CL-10.6: a round paired, not published */
			json_object_set_new(json_array_get(pairings, i), "published", json_boolean(!p[i].unpublished));
	}
	/* CSV: the pairings, with the keys of the JSON's (docs/output-formats.md). */
	if (opt->out == OUT_CSV)
		return cc_cli_print_csv(pairings, "round,board,white,black,bye,match_id,result,club");
	json_t *doc = json_pack("{s:s, s:s, s:s, s:b, s:I, s:I, s:o}", "name", e->name, "format",
	                        cc_format_name(e->format), "category", cc_category_name(e->category), "double", e->twice,
	                        "players", (json_int_t)e->players, "rounds", (json_int_t)e->rounds, "pairings", pairings);
	add_terms_json(doc, db, e);
	cc_cli_event_swiss_json(doc, e);
	return cc_cli_print_json(doc, 0);
}

/* One pairing's line of event show: a bye, or the two names and the result. */
static void show_pairing(const cc_session_event *e, const cc_session_pairing *pr)
{
	char white[4 * CC_NAME_MAX], black[4 * CC_NAME_MAX], match[32] = "";
	cc_session_printable(pr->white, white, sizeof white);
	cc_session_printable(pr->black, black, sizeof black);
	if (pr->board == 1)
		printf(pr->unpublished ? _("Round %u (not published)\n") : _("Round %u\n"), pr->round);
	if (pr->match_id)
		snprintf(match, sizeof match, _("  (match %lld)"), (long long)pr->match_id);
	printf("  %u. ", pr->board);
	cc_cli_print_padded(white, 24);
	if (pr->bye && pr->outcome == CC_CLUB_OUT_HALF_BYE) /* a Swiss's half-point bye asked for (CL-10.5) */
		printf(" %s\n", _("half-point bye"));
	else if (pr->bye)
		printf(" %s%s\n", _("bye"), e->bye_halves == 2 ? "" : e->bye_halves == 1 ? " (1/2)" : " (0)");
	else {
		printf(" - ");
		cc_cli_print_padded(black, 24);
		printf(" %-7s%s%s\n", pr->result, match, pr->by_withdrawal ? _("  (withdrawal)") : "");
	}
}

/* event show as text, in the user's language. */
static void show_text(cc_session_db *db, const cc_session_event *e, const cc_session_pairing *p, size_t count)
{
	char shown[4 * CC_NAME_MAX];
	cc_session_printable(e->name, shown, sizeof shown);
	char players_said[64], rounds_said[64], finished[96];
	snprintf(players_said, sizeof players_said, P_("%u player", "%u players", e->players), e->players);
	snprintf(rounds_said, sizeof rounds_said, P_("%u round", "%u rounds", e->rounds), e->rounds);
	snprintf(finished, sizeof finished, P_("%zu of %zu games finished", "%zu of %zu games finished", e->finished),
	         e->finished, e->pairings);
	printf(_("%s: %s%s%s, %s, %s%s; %s\n"), shown, cc_session_format_text(cc_ui_lang(), e->format),
	       cc_game_has(e->format, CC_GAME_CATEGORY) ? " " : "",
	       cc_game_has(e->format, CC_GAME_CATEGORY) ? cc_session_category_text(e->category) : "", players_said,
	       rounds_said, e->twice ? _(" (double round robin)") : "", finished);
	print_terms(db, e);
	cc_cli_event_swiss_state(e);
	for (size_t i = 0; i < count; i++)
		show_pairing(e, &p[i]);
}

static int show(cc_session_db *db, const char *name, const event_options *opt)
{
	cc_session_event e;
	cc_session_pairing *p = NULL;
	size_t count = 0;
	cc_error err;
	if (cc_session_club_event(db, name, &e, &p, &count, &err)) {
		cc_cli_fail("event", &err);
		return 1;
	}
	int status = 0;
	if (opt->out != OUT_TEXT)
		status = show_json(db, &e, p, count, opt);
	else
		show_text(db, &e, p, count);
	free(p);
	return status;
}

static int standings(cc_session_db *db, const char *name, const event_options *opt)
{
	return cc_cli_event_standings(db, name, opt->out == OUT_JSON ? 1 : opt->out == OUT_CSV ? 2 : 0);
}

/* ---- what an event fixes, close, delete, cancel (rules/club.md, CL-8) ---- */

/* --variant, --tc, --claims into the terms, named (CL-8.1); 1 on a bad value. */
static int fixed_term(int c, const char *value, cc_session_event_terms *t)
{
	cc_match_settings s;
	cc_match_settings_default(&s);
	cc_error err = {0};
	if (c == 'V' && cc_chess_variant_from_name(value, &t->variant, &err) == CC_OK) {
		t->given |= CC_SESSION_TERM_VARIANT;
		return 0;
	}
	if (c == 'T' && cc_session_time_control_parse(value, &s, &err) == CC_OK &&
	    (s.tc_moves != 0 || s.tc_mode != CC_TC_FISCHER || s.tc_more != 0)) {
		cc_refuse(&err, CC_MSG_EVENT_TC_ONE_PERIOD, value);
		cc_cli_fail("event", &err);
		return 1;
	}
	if (c == 'T' && err.code == CC_OK && cc_session_time_control_parse(value, &s, &err) == CC_OK) {
		t->tc_base_ms = s.tc_base_ms;
		t->tc_increment_ms = s.tc_increment_ms;
		t->given |= CC_SESSION_TERM_TIME_CONTROL;
		return 0;
	}
	if (c == 'C' && cc_claims_parse(value, &t->claims) == CC_OK) {
		t->given |= CC_SESSION_TERM_CLAIMS;
		return 0;
	}
	if (c == 'C')
		fprintf(stderr, _("chesscubing event: unknown claims '%s' (auto or manual)\n"), value);
	else
		cc_cli_fail("event", &err);
	return 1;
}

/* The clock as the options spell it (cc_tc_format's club spelling:
 * "15+10", "90", "none"). */
static void tc_spelled(const cc_session_event *e, char *buf, size_t size)
{
	cc_match_settings s = {.format = CC_FORMAT_CHESS, .tc_base_ms = e->tc_base_ms, .tc_increment_ms = e->tc_increment_ms};
	cc_tc_format(&s, CC_TC_CLUB, buf, size);
}

/* The terms the event fixes beyond format and category, its closing and
 * its cancellations (CL-8.1, CL-8.4, CL-8.5), under show's first line. */
static void print_terms(cc_session_db *db, const cc_session_event *e)
{
	unsigned traits = cc_game_class_of(e->format)->traits;
	char tc[48];
	tc_spelled(e, tc, sizeof tc);
	if (e->fixed && (traits & (CC_GAME_VARIANTS | CC_GAME_TIME_CONTROL | CC_GAME_CLAIMS))) {
		printf("%s", _("Fixed:"));
		if (traits & CC_GAME_VARIANTS)
			printf(_(" board %s"), cc_session_variant_text(cc_ui_lang(), e->variant));
		if (traits & CC_GAME_TIME_CONTROL)
			printf(_(", time control %s"), tc);
		if (traits & CC_GAME_CLAIMS)
			printf(_(", claims %s"), cc_session_claims_text(cc_ui_lang(), e->claims));
		printf("\n");
	}
	cc_cli_event_tb_print(e); /* CL-9.1 */
	if (e->closed)
		printf(_("Closed %s\n"), e->closed_utc);
	cc_session_cancel *c = NULL;
	size_t n = 0;
	if (cc_session_club_event_cancels(db, e->name, &c, &n, NULL) != CC_OK)
		return;
	for (size_t i = 0; i < n; i++) {
		char reason[4 * sizeof c[i].reason];
		cc_session_printable(c[i].reason, reason, sizeof reason);
		printf(_("Cancelled %s: match %lld off round %u, board %u%s: %s\n"), c[i].at_utc, (long long)c[i].match_id,
		       c[i].round, c[i].board, c[i].had_result ? _(" (its result confirmed void)") : "", reason);
	}
	free(c);
}

/* The same in show --json: "fixed" (null for an older event), "closed"
 * (null or its time) and "cancelled" (CL-8.7's neighbours). */
static void add_terms_json(json_t *doc, cc_session_db *db, const cc_session_event *e)
{
	unsigned traits = cc_game_class_of(e->format)->traits;
	char tc[48];
	tc_spelled(e, tc, sizeof tc);
	if (!doc)
		return;
	json_t *fixed = e->fixed ? json_object() : json_null();
	if (e->fixed && (traits & CC_GAME_VARIANTS))
		json_object_set_new(fixed, "variant", json_string(cc_chess_variant_name(e->variant)));
	if (e->fixed && (traits & CC_GAME_TIME_CONTROL))
		json_object_set_new(fixed, "tc", json_string(tc));
	if (e->fixed && (traits & CC_GAME_CLAIMS))
		json_object_set_new(fixed, "claims", json_string(cc_claims_name(e->claims)));
	json_object_set_new(doc, "fixed", fixed);
	json_object_set_new(doc, "closed", e->closed ? json_string(e->closed_utc) : json_null());
	cc_cli_event_tb_json(doc, e); /* CL-9.1 */
	json_t *cancelled = json_array();
	cc_session_cancel *c = NULL;
	size_t n = 0;
	if (cc_session_club_event_cancels(db, e->name, &c, &n, NULL) == CC_OK)
		for (size_t i = 0; i < n; i++)
			json_array_append_new(cancelled, json_pack("{s:I, s:I, s:I, s:b, s:s, s:s}", "round",
			                                           (json_int_t)c[i].round, "board", (json_int_t)c[i].board,
			                                           "match_id", (json_int_t)c[i].match_id, "had_result",
			                                           c[i].had_result, "reason", c[i].reason, "at", c[i].at_utc));
	free(c);
	json_object_set_new(doc, "cancelled", cancelled);
}

/* A round or board number of the command line; 0 when it is none. */
static unsigned number_arg(const char *text)
{
	char *end;
	unsigned long v = strtoul(text, &end, 10);
	return *text >= '0' && *text <= '9' && !*end && v <= 10000 ? (unsigned)v : 0;
}

/* event close NAME, event delete NAME, event cancel NAME ROUND BOARD (CL-8.4, CL-8.5). */
static int close_delete_cancel(cc_session_db *db, const char *verb, char **args, const event_options *opt)
{
	cc_error err = {0};
	cc_err rc;
	int64_t match = 0;
	if (strcmp(verb, "close") == 0) {
		rc = cc_session_club_event_close(db, args[0], &err);
	} else if (strcmp(verb, "delete") == 0) {
		rc = cc_session_club_event_delete(db, args[0], &err);
	} else {
		unsigned round = number_arg(args[1]), board = number_arg(args[2]);
		if (!round || !board) {
			fprintf(stderr, _("chesscubing event: ROUND and BOARD are numbers from 1\n"));
			return 2;
		}
		rc = cc_session_club_event_cancel(db, args[0], round, board, opt->reason, opt->confirm, &match, &err);
	}
	if (rc) {
		cc_cli_fail("event", &err);
		return rc == CC_ERR_INVALID || rc == CC_ERR_NOT_FOUND ? 2 : 1;
	}
	char shown[4 * CC_NAME_MAX];
	cc_session_printable(args[0], shown, sizeof shown);
	if (strcmp(verb, "close") == 0)
		printf(_("Event '%s' closed: offered on no console any more\n"), shown);
	else if (strcmp(verb, "delete") == 0)
		printf(_("Event '%s' deleted\n"), shown);
	else
		printf(_("Match %lld taken off round %s, board %s of '%s': the pairing is unplayed again\n"), (long long)match,
		       args[1], args[2], shown);
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
			cc_cli_fail("event", &err);
			return 2;
		}
		opt->bye_value = arg;
		return 0;
	}
	char *end = NULL;
	long n = strtol(arg, &end, 10);
	if (!end || *end || n < 1 || n > 1000) {
		fprintf(stderr, _("chesscubing event: --from-round takes a round number, not '%s'\n"), arg);
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

/* The player typed as registered (CL-1.1: "elodie roy" is "Élodie Roy"),
 * kept in buf; what was typed when he is not found. */
static const char *registered(cc_session_db *db, const char *typed, char buf[CC_NAME_MAX])
{
	cc_session_player who;
	if (cc_session_club_player(db, typed, &who, NULL) != CC_OK)
		return typed;
	snprintf(buf, CC_NAME_MAX, "%s", who.who.name);
	return buf;
}

static int forfeits_run(cc_session_db *db, int args, char **argv, const event_options *opt, cc_error *err)
{
	const char *verb = argv[0], *name = argv[1];
	char player[CC_NAME_MAX];
	if (strcmp(verb, "create") == 0) {
		unsigned halves = CC_CLUB_BYE_HALVES_DEFAULT;
		cc_club_bye_value_parse(opt->bye_value, &halves); /* checked with the options */
		int status = create(db, name, opt);
		if (status)
			return status;
		if (cc_session_club_event_bye_value(db, name, halves, err))
			return -1;
		printf(_("A bye is worth %s in '%s'\n"),
		       halves == 2 ? _("1 point") : halves == 1 ? _("1/2 point") : _("0 points"), name);
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
			printf(_("Round %u, board %u of '%s': forfeit cleared\n"), round, board, name);
		else
			printf(_("Round %u, board %u of '%s': %s (forfeit, not rated)\n"), round, board, name,
			       cc_club_forfeit_code(f));
		return 0;
	}
	if (strcmp(verb, "withdraw") == 0) {
		cc_session_withdrawal w;
		if (cc_session_club_event_withdraw(db, name, argv[2], opt->from_round, &w, err))
			return -1;
		if (w.cancelled)
			printf(_("%s withdraws from round %u of '%s': fewer than half his games played, his results are "
			         "not counted (CL-6.3)\n"), registered(db, argv[2], player), w.from_round, name);
		else
			printf(P_("%s withdraws from round %u of '%s': %u game lost by forfeit (CL-6.3)\n",
			          "%s withdraws from round %u of '%s': %u games lost by forfeit (CL-6.3)\n", w.forfeits),
			       registered(db, argv[2], player), w.from_round, name, w.forfeits);
		return 0;
	}
	if (strcmp(verb, "bye") == 0) {
		unsigned round = number_arg(argv[3]);
		if (cc_session_club_event_half_bye(db, name, argv[2], round, err))
			return -1;
		printf(_("%s has a half-point bye in round %u of '%s' (not rated)\n"), registered(db, argv[2], player), round,
		       name);
		return 0;
	}
	(void)args;
	if (cc_session_club_event_enter(db, name, argv[2], err))
		return -1;
	cc_session_event ev;
	cc_session_pairing *rows = NULL;
	size_t nrows = 0;
	bool swiss = cc_session_club_event(db, name, &ev, &rows, &nrows, NULL) == CC_OK && ev.swiss;
	free(rows);
	if (swiss) /* CL-10.7 */
		printf(_("%s enters '%s' late: paired from the next round paired, the rounds before count as absences\n"),
		       registered(db, argv[2], player), name);
	else
		printf(_("%s enters '%s' late, on the free seat of every round\n"), registered(db, argv[2], player), name);
	return 0;
}

static int forfeits_verb(int args, char **argv, const event_options *opt)
{
	const char *verb = argv[0];
	int want = strcmp(verb, "forfeit") == 0 ? 5 : strcmp(verb, "bye") == 0 ? 4 : strcmp(verb, "create") == 0 ? 2 : 3;
	if (args != want || (strcmp(verb, "create") == 0 && !opt->players))
		return cc_cli_usage_error(usage_text); /* in the user's language, as every usage */
	cc_session_db *db = NULL;
	cc_error err;
	if (cc_session_db_open(&db, opt->db, CC_SESSION_DB_WRITE, NULL, &err)) {
		cc_cli_fail("event", &err);
		return 1;
	}
	int status = forfeits_run(db, args, argv, opt, &err);
	if (status < 0) {
		cc_cli_fail("event", &err);
		status = err.code == CC_ERR_INVALID || err.code == CC_ERR_NOT_FOUND ? 2 : 1;
	}
	cc_session_db_close(db);
	return cc_cli_finish_output("event", status);
}

/* event export (CL-4.4 to CL-4.19): the session builds the table and writes it. */
static int export_event(cc_session_db *db, const char *name, const event_options *opt)
{
	cc_event_export_format format;
	if (!opt->export_format || cc_session_event_export_format_parse(opt->export_format, &format)) {
		fprintf(stderr, _("chesscubing event: export needs --format pgn, crosstable, csv, html or trf, not '%s'\n"),
		        opt->export_format ? opt->export_format : "");
		return 2;
	}
	cc_event_table t;
	cc_error err;
	if (cc_session_event_table(db, name, &t, &err)) {
		cc_cli_fail("event", &err);
		return 1;
	}
	int status = 0;
	size_t games = 0;
	if (format == CC_EVENT_EXPORT_PGN) {
		if (cc_session_event_write_pgn(cc_ui_lang_pgn(), stdout, db, &t, &games, &err)) {
			cc_cli_fail("event", &err);
			status = 1;
		}
	} else {
		status = cc_session_event_write_lang(stdout, cc_ui_lang(), &t, format) == 0 ? 0 : 1;
	}
	cc_session_event_table_free(&t);
	return status;
}

/* Is the verb (the first word that is no option, --db's value skipped) "import"? */
static bool is_import(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--db") == 0 || strcmp(argv[i], "--trf") == 0 || strcmp(argv[i], "--format") == 0 ||
		    strcmp(argv[i], "--category") == 0)
			i++;
		else if (argv[i][0] != '-')
			return strcmp(argv[i], "import") == 0;
	}
	return false;
}

/* Reads event's options into opt: -1 when they are all good, else the
 * exit status (the error said). */
static int parse_options(int argc, char **argv, event_options *opt)
{
	static const struct option options[] = {
		{"db", required_argument, NULL, 'd'},      {"players", required_argument, NULL, 'p'},
		{"double", no_argument, NULL, '2'},        {"format", required_argument, NULL, 'f'},
		{"category", required_argument, NULL, 'c'}, {"json", no_argument, NULL, 'j'},
		{"csv", no_argument, NULL, 'v'},           {"help", no_argument, NULL, 'h'},
		{"variant", required_argument, NULL, 'V'}, {"tc", required_argument, NULL, 'T'},
		{"claims", required_argument, NULL, 'C'},  {"reason", required_argument, NULL, 'R'},
		{"confirm", no_argument, NULL, 'y'},
		{"from-round", required_argument, NULL, 'F'}, {"bye-value", required_argument, NULL, 'B'},
		{"player", required_argument, NULL, 'P'},
		{"system", required_argument, NULL, 'S'}, {"rounds", required_argument, NULL, 'N'},
		{"half-byes", required_argument, NULL, 'H'}, {"round", required_argument, NULL, 'r'},
		{"again", no_argument, NULL, 'a'}, {"explain", no_argument, NULL, 'e'},
		{"tiebreaks", required_argument, NULL, 'K'},
		{NULL, 0, NULL, 0},
	};
	cc_match_settings defaults; /* the core's default game, as the console's form */
	cc_match_settings_default(&defaults);
	*opt = (event_options){.format = defaults.format, .category = defaults.category, .out = OUT_TEXT};
	cc_session_event_terms_default(&opt->terms);
	int c;
	cc_cli_options_start();
	while ((c = cc_cli_getopt(argv[0], argc, argv, "h", options)) != -1) {
		if (c == 'd') {
			opt->db = optarg;
		} else if (c == 'p' || c == 'P') {
			opt->players = optarg;
			if (opt->n_given <= CC_CLUB_PLAYERS_MAX) { /* more is refused by its count */
				opt->given[opt->n_given] = optarg;
				opt->whole[opt->n_given++] = c == 'P';
			}
		} else if (c == '2') {
			opt->twice = true;
		} else if (c == 'f' && cc_session_event_export_format_parse(optarg, &(cc_event_export_format){0}) == CC_OK) {
			opt->export_format = optarg; /* event export --format */
			if (strcmp(optarg, "csv") == 0)
				opt->out = OUT_CSV; /* standings --format csv */
		} else if (c == 'f' && (strcmp(optarg, "json") == 0 || strcmp(optarg, "csv") == 0)) {
			opt->out = optarg[0] == 'j' ? OUT_JSON : OUT_CSV; /* standings --format csv */
		} else if (c == 'f') {
			if (cc_format_parse(optarg, &opt->format))
				/* one option, three verbs' values: each said */
				return cc_cli_bad_value("event", "--format", optarg,
				                        N_("create takes twice, time, chess or uno; standings json or csv; "
				                           "export pgn, crosstable, csv, html or trf"));
		} else if (c == 'c') {
			if (cc_category_parse(optarg, &opt->category)) {
				fprintf(stderr, _("chesscubing event: unknown category '%s' (fast, freeze or masters)\n"), optarg);
				return 2;
			}
			opt->terms.given |= CC_SESSION_TERM_CATEGORY;
		} else if (c == 'V' || c == 'T' || c == 'C') {
			if (fixed_term(c, optarg, &opt->terms))
				return 2;
		} else if (c == 'R') {
			opt->reason = optarg;
		} else if (c == 'y') {
			opt->confirm = true;
		} else if (c == 'j') {
			opt->out = OUT_JSON;
		} else if (c == 'v') {
			opt->out = OUT_CSV;
		} else if (c == 'K') {
			if (cc_cli_event_tb_check(optarg))
				return 2;
			opt->tiebreaks = optarg;
		} else if (c == 'F' || c == 'B') {
			if (forfeits_option(c, optarg, opt))
				return 2;
		} else if (c == 'S' || c == 'N' || c == 'H' || c == 'r' || c == 'a' || c == 'e') {
			if (cc_cli_event_swiss_option(c, optarg, &opt->sw))
				return 2;
		} else {
			return cc_cli_usage_text(c, usage_text);
		}
	}
	return -1;
}

int cc_cli_cmd_event(int argc, char **argv)
{
	if (is_import(argc, argv))
		return cc_cli_event_import(argc, argv); /* CL-4.22: its own options */
	event_options opt;
	int status = parse_options(argc, argv, &opt);
	if (status >= 0)
		return status;
	int args = argc - optind;
	const char *verb = args > 0 ? argv[optind] : "list";
	if (cc_cli_event_swiss_verb(verb)) { /* CL-10: pair, publish, absent */
		status = cc_cli_event_swiss(opt.db, args, argv + optind, &opt.sw);
		return status < 0 ? cc_cli_usage_error(usage_text) : status;
	}
	if (is_forfeits_verb(verb) || (strcmp(verb, "create") == 0 && opt.bye_value))
		return forfeits_verb(argc - optind, argv + optind, &opt);
	bool is_create = strcmp(verb, "create") == 0;
	bool is_cancel = strcmp(verb, "cancel") == 0;
	bool is_tiebreaks = strcmp(verb, "tiebreaks") == 0; /* CL-9.6 */
	bool writes = is_create || is_cancel || is_tiebreaks || strcmp(verb, "close") == 0 || strcmp(verb, "delete") == 0;
	bool ok = (is_create && args == 2 && opt.players) || (strcmp(verb, "list") == 0 && args <= 1) ||
	          ((strcmp(verb, "show") == 0 || strcmp(verb, "standings") == 0) && args == 2) ||
	          ((strcmp(verb, "close") == 0 || strcmp(verb, "delete") == 0) && args == 2) || (is_cancel && args == 4);
	ok = ok || (strcmp(verb, "export") == 0 && args == 2) || (is_tiebreaks && args == 3);
	if (!ok)
		return cc_cli_usage_error(usage_text);
	if (writes && opt.out != OUT_TEXT) /* create, close, delete, cancel: no listing */
		return cc_cli_no_format("event", opt.out == OUT_JSON ? "--json" : "--csv");
	cc_session_db *db = NULL;
	cc_error err;
	if (cc_session_db_open(&db, opt.db, writes ? CC_SESSION_DB_WRITE : CC_SESSION_DB_READ, NULL, &err)) {
		cc_cli_fail("event", &err);
		return 1;
	}
	if (is_create)
		status = create(db, argv[optind + 1], &opt);
	else if (strcmp(verb, "show") == 0)
		status = show(db, argv[optind + 1], &opt);
	else if (strcmp(verb, "standings") == 0)
		status = standings(db, argv[optind + 1], &opt);
	else if (strcmp(verb, "export") == 0)
		status = export_event(db, argv[optind + 1], &opt);
	else if (is_tiebreaks)
		status = cc_cli_event_tb_set(db, argv[optind + 1], argv[optind + 2]);
	else if (writes)
		status = close_delete_cancel(db, verb, argv + optind + 1, &opt);
	else
		status = list(db, opt.out);
	cc_session_db_close(db);
	return cc_cli_finish_output("event", status);
}
