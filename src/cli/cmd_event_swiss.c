/*
 * cmd_event_swiss.c: a Swiss's round-by-round verbs of `chesscubing event`
 * (rules/club.md CL-10), and the round state `event show` prints:
 *
 *   event pair NAME [--again]          pairs the next round (--again: the unpublished one)
 *   event publish NAME                 publishes the round paired
 *   event absent NAME PLAYER --round R an absence announced for round R
 *   event pair NAME --explain          the same, and why each board (SW-5)
 *   event explain NAME                 why each board of the last round paired
 *
 * The session pairs (cc_session_club_swiss_pair); this file only says
 * what was done.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session.h"
#include "chesscubing/session_club.h"
#include "chesscubing/session_describe.h"
#include "cli_util.h"
#include "cmd_event_swiss.h"

/* A number of the command line (a count, a round); 0 when it is none. */
static unsigned count_arg(const char *text)
{
	char *end;
	unsigned long v = strtoul(text, &end, 10);
	return *text >= '0' && *text <= '9' && !*end && v <= 10000 ? (unsigned)v : 0;
}

int cc_cli_event_swiss_option(int c, const char *arg, cc_cli_swiss_options *o)
{
	if (c == 'a' || c == 'e') {
		*(c == 'a' ? &o->again : &o->explain) = true;
		return 0;
	}
	if (c == 'S') {
		if (strcmp(arg, "swiss") != 0 && strcmp(arg, "rr") != 0 && strcmp(arg, "round-robin") != 0)
			return cc_cli_bad_value("event", "--system", arg, N_("swiss or rr (a round robin)"));
		o->swiss = strcmp(arg, "swiss") == 0;
		return 0;
	}
	unsigned n = count_arg(arg);
	if (n == 0 && c != 'H')
		return cc_cli_bad_value("event", c == 'N' ? "--rounds" : "--round", arg, N_("a number from 1"));
	if (c == 'N')
		o->rounds = n;
	else if (c == 'H')
		o->half_byes = n;
	else
		o->round = n;
	if (c != 'r')
		o->rr_option = c == 'N' ? "--rounds" : "--half-byes";
	return 0;
}

bool cc_cli_event_swiss_verb(const char *verb)
{
	return strcmp(verb, "pair") == 0 || strcmp(verb, "publish") == 0 || strcmp(verb, "absent") == 0 ||
	       strcmp(verb, "explain") == 0;
}

void cc_cli_event_swiss_state(const cc_session_event *e)
{
	if (!e->swiss)
		return;
	if (e->paired == 0)
		printf(_("Swiss of %u rounds: no round paired yet\n"), e->rounds);
	else if (e->paired > e->published)
		printf(_("Round %u of %u: paired, not published\n"), e->paired, e->rounds);
	else
		printf(_("Round %u of %u: published\n"), e->paired, e->rounds);
	if (e->half_bye_limit)
		printf(P_("At most %u half-point bye a player\n", "At most %u half-point byes a player\n", e->half_bye_limit),
		       e->half_bye_limit);
}

void cc_cli_event_swiss_json(json_t *doc, const cc_session_event *e)
{
	json_object_set_new(doc, "system", json_string(e->swiss ? "swiss" : "rr"));
	if (!e->swiss)
		return;
	json_object_set_new(doc, "paired", json_integer(e->paired));
	json_object_set_new(doc, "published", json_integer(e->published));
	json_object_set_new(doc, "half_bye_limit", e->half_bye_limit ? json_integer(e->half_bye_limit) : json_null());
}

/* The boards of the round just paired, by the names the session gave. */
static void print_round(const cc_session_swiss_round *r)
{
	for (unsigned b = 0; b < r->pairing.nboards; b++) {
		char white[4 * CC_NAME_MAX], black[4 * CC_NAME_MAX];
		cc_session_printable(r->names[r->pairing.boards[b].white], white, sizeof white);
		cc_session_printable(r->names[r->pairing.boards[b].black], black, sizeof black);
		printf("  %u. ", b + 1);
		cc_cli_print_padded(white, 24);
		printf(" - %s\n", black);
	}
	if (r->pairing.has_bye) {
		char who[4 * CC_NAME_MAX];
		cc_session_printable(r->names[r->pairing.bye], who, sizeof who);
		printf("  %u. ", r->pairing.nboards + 1);
		cc_cli_print_padded(who, 24);
		printf(" %s\n", _("bye (pairing-allocated)"));
	}
}

/* SW-5: why each board of the round, in the user's language, by the
 * engine's input and pairing the session kept. */
static int explain_round(const cc_session_swiss_round *r)
{
	const char *names[CC_CLUB_PLAYERS_MAX];
	for (unsigned i = 0; i < CC_CLUB_PLAYERS_MAX; i++)
		names[i] = r->names[i];
	fputc('\n', stdout);
	return cc_session_write_pairing(stdout, cc_ui_lang(), &r->in, &r->pairing, names, cc_cli_columns()) ? 1 : 0;
}

/* pair [--again] [--explain], explain: the round paired (or the last one,
 * computed again from the record) and, asked, why each board. */
static int pair_or_explain(cc_session_db *db, const char *verb, const char *name, const char *shown,
                           const cc_cli_swiss_options *o, cc_error *err)
{
	cc_session_swiss_round *r = malloc(sizeof *r);
	if (!r) {
		cc_refuse(err, CC_MSG_NOMEM);
		return -1;
	}
	bool explain_only = strcmp(verb, "explain") == 0;
	int status = 0;
	if (explain_only ? cc_session_club_swiss_explain(db, name, r, err) != CC_OK
	                 : cc_session_club_swiss_pair(db, name, o->again, r, err) != CC_OK) {
		free(r);
		return -1;
	}
	if (explain_only) {
		printf(_("Round %u of '%s' as the Dutch system pairs it from the record now\n"), r->round, shown);
		if (!r->as_recorded)
			printf("%s\n", _("Not the pairing recorded: a withdrawal or a correction since it was paired changed what the engine says; the round recorded stands."));
	} else {
		printf(o->again ? _("Round %u of '%s' paired again (not published)\n")
		                : _("Round %u of '%s' paired (not published)\n"),
		       r->round, shown);
	}
	print_round(r);
	if (explain_only || o->explain)
		status = explain_round(r);
	free(r);
	return status;
}

static int run(cc_session_db *db, int args, char **argv, const cc_cli_swiss_options *o, cc_error *err)
{
	const char *verb = argv[0], *name = argv[1];
	unsigned round = o->round;
	char shown[4 * CC_NAME_MAX];
	cc_session_printable(name, shown, sizeof shown);
	if (strcmp(verb, "pair") == 0 || strcmp(verb, "explain") == 0)
		return pair_or_explain(db, verb, name, shown, o, err);
	if (strcmp(verb, "publish") == 0) {
		unsigned published = 0;
		if (cc_session_club_swiss_publish(db, name, &published, err))
			return -1;
		printf(_("Round %u of '%s' published: the consoles offer its boards\n"), published, shown);
		return 0;
	}
	(void)args;
	if (round == 0) {
		fprintf(stderr, _("chesscubing event: absent needs --round R\n"));
		return 2;
	}
	if (cc_session_club_event_absent(db, name, argv[2], round, err))
		return -1;
	cc_session_player who;
	const char *player = cc_session_club_player(db, argv[2], &who, NULL) == CC_OK ? who.who.name : argv[2];
	cc_session_printable(player, shown, sizeof shown);
	printf(_("%s is absent in round %u: not paired, 0 points\n"), shown, round);
	return 0;
}

int cc_cli_event_swiss(const char *db_path, int args, char **argv, const cc_cli_swiss_options *o)
{
	const char *verb = argv[0];
	int want = strcmp(verb, "absent") == 0 ? 3 : 2;
	if (args != want || ((o->again || o->explain) && strcmp(verb, "pair") != 0))
		return -1; /* the caller says its usage */
	cc_session_db *db = NULL;
	cc_error err;
	if (cc_session_db_open(&db, db_path, CC_SESSION_DB_WRITE, NULL, &err)) {
		cc_cli_fail("event", &err);
		return 1;
	}
	int status = run(db, args, argv, o, &err);
	if (status < 0) {
		cc_cli_fail("event", &err);
		status = err.code == CC_ERR_INVALID || err.code == CC_ERR_NOT_FOUND ? 2 : 1;
	}
	cc_session_db_close(db);
	return cc_cli_finish_output("event", status);
}
