/*
 * cmd_event_standings.c: an event's standings (`event standings NAME
 * [--json|--csv]`) and the tie-break order it chooses (`event tiebreaks
 * NAME LIST`, `event create ... --tiebreaks LIST`; rules/club.md CL-3.5,
 * CL-9). A round robin with no list of its own keeps CL-3.5's columns
 * (DE, WINS, SB; direct, wins, sonneborn_berger); any other event shows
 * its order's tie-breaks, each headed by its C.07 code, with a legend.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "chesscubing/session.h"
#include "chesscubing/session_club.h"
#include "chesscubing/session_describe.h"
#include "cli_util.h"
#include "commands.h"

/* A standing's withdrawal (CL-6.3), for standings --json. */
static void withdrawal_json(json_t *row, const cc_club_standing *s)
{
	if (!row)
		return;
	json_object_set_new(row, "withdrawn_from", s->withdrawn_from ? json_integer(s->withdrawn_from) : json_null());
	json_object_set_new(row, "cancelled", json_boolean(s->cancelled));
}

/* A row of an event with its own order (CL-9.6): one key per tie-break,
 * named by its code, where CL-3.5's direct, wins, sonneborn_berger are
 * (the CSV's columns, in the same order); null for a DE that does not apply. */
static json_t *ordered_row(const cc_session_event *e, const cc_session_standing *row)
{
	const cc_club_standing *s = &row->st;
	json_t *o = json_pack("{s:I, s:s, s:f}", "rank", (json_int_t)s->rank, "name", row->name, "points", s->points);
	for (size_t k = 0; o && k < e->tiebreak_count; k++) {
		char v[32];
		cc_session_club_tb_value(s, &row->tb, e->tiebreaks[k], v, sizeof v);
		json_object_set_new(o, cc_club_tb_code(e->tiebreaks[k]),
		                    v[0] ? json_real(row->tb.value[e->tiebreaks[k]]) : json_null());
	}
	if (o)
		json_object_set_new(o, "games", json_integer(s->played));
	return o;
}

static int standings_json(const cc_session_event *e, const cc_session_standing *st, unsigned count)
{
	json_t *array = json_array();
	for (unsigned i = 0; array && i < count; i++) {
		const cc_club_standing *s = &st[i].st;
		if (cc_session_club_tb_classic(e))
			json_array_append_new(array, json_pack("{s:I, s:s, s:f, s:o?, s:I, s:f, s:I}", "rank",
			                                       (json_int_t)s->rank, "name", st[i].name, "points", s->points,
			                                       "direct", s->direct_used ? json_real(s->direct) : NULL, "wins",
			                                       (json_int_t)s->wins, "sonneborn_berger", s->sb, "games",
			                                       (json_int_t)s->played));
		else
			json_array_append_new(array, ordered_row(e, &st[i]));
		withdrawal_json(json_array_get(array, i), s);
	}
	return cc_cli_print_json(array, 0);
}

static void withdrawal_csv(const cc_club_standing *s)
{
	if (s->withdrawn_from)
		printf(",%u,%s\n", s->withdrawn_from, s->cancelled ? "true" : "false");
	else
		printf(",,\n");
}

static void standings_csv(const cc_session_event *e, const cc_session_standing *st, unsigned count)
{
	bool classic = cc_session_club_tb_classic(e);
	if (classic) {
		printf("rank,name,points,direct,wins,sonneborn_berger,games,withdrawn_from,cancelled\n");
	} else {
		printf("rank,name,points");
		for (size_t k = 0; k < e->tiebreak_count; k++)
			printf(",%s", cc_club_tb_code(e->tiebreaks[k]));
		printf(",games,withdrawn_from,cancelled\n");
	}
	for (unsigned i = 0; i < count; i++) {
		const cc_club_standing *s = &st[i].st;
		printf("%u,", s->rank);
		cc_cli_csv_field(st[i].name);
		printf(",%.1f", s->points);
		if (classic) {
			char de[16] = "";
			cc_session_club_tb_value(s, &st[i].tb, CC_CLUB_TB_DE, de, sizeof de);
			printf(",%s,%u,%.2f", de, s->wins, s->sb);
		}
		for (size_t k = 0; !classic && k < e->tiebreak_count; k++) {
			char v[32];
			cc_session_club_tb_value(s, &st[i].tb, e->tiebreaks[k], v, sizeof v);
			printf(",%s", v);
		}
		printf(",%u", s->played);
		withdrawal_csv(s);
	}
}

/* The text's header: CL-3.5's for a round robin without a list, else the codes. */
static void text_header(const cc_session_event *e)
{
	if (cc_session_club_tb_classic(e)) {
		printf("%4s  %-24s %6s %6s %4s %6s %*s\n", _("RANK"), _("NAME"), _("POINTS"), _("DE"), _("WINS"), _("SB"),
		       cc_cli_byte_width(_("GAMES"), 5), _("GAMES"));
		return;
	}
	printf("%4s  %-24s %6s", _("RANK"), _("NAME"), _("POINTS"));
	for (size_t k = 0; k < e->tiebreak_count; k++)
		printf(" %6s", cc_club_tb_code(e->tiebreaks[k]));
	printf(" %*s\n", cc_cli_byte_width(_("GAMES"), 5), _("GAMES"));
}

static void text_row(const cc_session_event *e, const cc_session_standing *row)
{
	const cc_club_standing *s = &row->st;
	char shown[4 * CC_NAME_MAX], points[16];
	cc_session_printable(row->name, shown, sizeof shown);
	printf("%4u  ", s->rank);
	cc_cli_print_padded(shown, 24);
	/* numbers for people: the language's decimal separator */
	snprintf(points, sizeof points, "%.1f", s->points);
	cc_lang_decimal_local(cc_ui_lang(), points);
	printf(" %6s", points);
	if (cc_session_club_tb_classic(e)) {
		char de[16] = "", sb[16];
		cc_session_club_tb_value(s, &row->tb, CC_CLUB_TB_DE, de, sizeof de);
		snprintf(sb, sizeof sb, "%.2f", s->sb);
		cc_lang_decimal_local(cc_ui_lang(), de);
		cc_lang_decimal_local(cc_ui_lang(), sb);
		printf(" %6s %4u %6s", de[0] ? de : "-", s->wins, sb);
	}
	for (size_t k = 0; !cc_session_club_tb_classic(e) && k < e->tiebreak_count; k++) {
		char v[32];
		cc_session_club_tb_value(s, &row->tb, e->tiebreaks[k], v, sizeof v);
		cc_lang_decimal_local(cc_ui_lang(), v);
		printf(" %6s", v[0] ? v : "-");
	}
	printf(" %5u", s->played);
	if (s->withdrawn_from)
		printf(_("  withdrawn from round %u%s"), s->withdrawn_from, s->cancelled ? _(", not counted") : "");
	printf("\n");
}

int cc_cli_event_standings(cc_session_db *db, const char *name, int out)
{
	cc_session_event e;
	cc_session_standing st[CC_CLUB_PLAYERS_MAX];
	unsigned count = 0;
	cc_error err;
	if (cc_session_club_standings(db, name, &e, st, &count, &err)) {
		cc_cli_fail("event", &err);
		return 1;
	}
	if (out == 1)
		return standings_json(&e, st, count);
	if (out == 2) {
		standings_csv(&e, st, count);
		return 0;
	}
	text_header(&e);
	for (unsigned i = 0; i < count; i++)
		text_row(&e, &st[i]);
	if (!cc_session_club_tb_classic(&e)) { /* CL-9.6: what each code is */
		char legend[1024];
		cc_session_club_tb_legend(cc_ui_lang(), &e, legend, sizeof legend);
		printf(_("Tie-breaks, in this order: %s\n"), legend);
	}
	return 0;
}

/* ---- the order (CL-9.1, CL-9.6) --------------------------------------------------- */

void cc_cli_event_tb_print(const cc_session_event *e)
{
	char list[128];
	cc_club_tb_list_format(e->tiebreaks, e->tiebreak_count, list, sizeof list);
	printf(e->tiebreaks_chosen ? _("Tie-breaks: %s\n") : _("Tie-breaks: %s (the default)\n"), list);
}

void cc_cli_event_tb_json(struct json_t *doc, const cc_session_event *e)
{
	json_t *list = json_array();
	for (size_t k = 0; list && k < e->tiebreak_count; k++)
		json_array_append_new(list, json_string(cc_club_tb_code(e->tiebreaks[k])));
	json_object_set_new(doc, "tiebreaks", list);
	json_object_set_new(doc, "tiebreaks_chosen", json_boolean(e->tiebreaks_chosen));
}

int cc_cli_event_tb_check(const char *list)
{
	cc_club_tb order[CC_CLUB_TB_LIST_MAX];
	size_t n = 0;
	if (cc_club_tb_list_parse(list, order, &n) == CC_OK)
		return 0;
	cc_error err;
	cc_refuse(&err, CC_MSG_BAD_TIEBREAKS, list);
	cc_cli_fail("event", &err);
	return 2;
}

int cc_cli_event_tb_set(cc_session_db *db, const char *name, const char *list)
{
	cc_session_tb_change c;
	cc_error err;
	/* "default": back to the system's order */
	cc_err rc = cc_session_club_event_set_tiebreaks(db, name, strcmp(list, "default") == 0 ? NULL : list, &c, &err);
	if (rc) {
		cc_cli_fail("event", &err);
		return rc == CC_ERR_INVALID || rc == CC_ERR_NOT_FOUND ? 2 : 1;
	}
	char shown[4 * CC_NAME_MAX];
	cc_session_printable(c.event, shown, sizeof shown);
	/* CL-9.6: said, never silently: the order before and after */
	printf(_("Tie-breaks of '%s': %s%s, now %s%s\n"), shown, c.was, c.was_chosen ? "" : _(" (the default)"), c.now,
	       c.now_chosen ? "" : _(" (the default)"));
	return 0;
}
