/*
 * club_tiebreak_order.c: the tie-breaks an event orders (rules/club.md
 * CL-9.1, CL-9.6, CL-9.7) through the session: reading and changing the
 * event's list, its system's default when it has none, the values of
 * every player (the core's cc_club_tiebreaks) and the ranks they give
 * (cc_club_tb_rank), and the one spelling of a value every output uses.
 * A round robin that orders nothing keeps CL-3.5's standings untouched.
 */
#include "chesscubing/session_club.h"
#include "chesscubing/support_lang.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "club_internal.h"
#include "session_internal.h"

#define N_(s) (s)

/* CL-3.5: a round robin's order; CL-9.7: a Swiss's, FIDE's for an individual Swiss. */
static const cc_club_tb round_robin_order[] = {CC_CLUB_TB_DE, CC_CLUB_TB_WIN, CC_CLUB_TB_SB};
static const cc_club_tb swiss_order[] = {CC_CLUB_TB_BH_C1, CC_CLUB_TB_BH, CC_CLUB_TB_SB, CC_CLUB_TB_DE,
                                         CC_CLUB_TB_WIN};

void cc_session_club_tb_default(bool swiss, cc_club_tb *order, size_t *n)
{
	const cc_club_tb *from = swiss ? swiss_order : round_robin_order;
	*n = swiss ? sizeof swiss_order / sizeof *swiss_order : sizeof round_robin_order / sizeof *round_robin_order;
	memcpy(order, from, *n * sizeof *from);
}

bool cc_session_club_tb_classic(const cc_session_event *e)
{
	return !e->tiebreaks_chosen && !e->swiss;
}

cc_err cc_session_club_tb_load(cc_session_db *db, int64_t id, cc_session_event *event, cc_error *err)
{
	char list[128];
	bool swiss = false;
	cc_err rc = cc_store_event_tiebreaks(cc_session_db_store(db), id, list, sizeof list, &swiss, err);
	if (rc)
		return rc;
	event->swiss = swiss;
	event->tiebreaks_chosen = list[0] && cc_club_tb_list_parse(list, event->tiebreaks, &event->tiebreak_count) == CC_OK;
	if (!event->tiebreaks_chosen) /* none, or one this version cannot read: the default */
		cc_session_club_tb_default(swiss, event->tiebreaks, &event->tiebreak_count);
	return CC_OK;
}

/* The last round with a result counted (CL-9.2: a round with a game still
 * to be played counts for neither side), 0 for none. */
static unsigned rounds_counted(const cc_session_club_scoring *sc, size_t n)
{
	unsigned last = 0;
	for (size_t i = 0; i < n; i++)
		if (sc->scored[i].counted && sc->entries[i].round > last)
			last = sc->entries[i].round;
	return last;
}

/* The ratings by seat (ARO, CL-9.5): each opponent's before the event
 * (CL-4.8, CL-10.2), the rating an imported player was entered with when
 * the event has one (CL-4.22), as every table of the event says it. */
static void ratings_by_seat(cc_session_db *db, const cc_session_event *event, unsigned players, double *rating)
{
	int64_t ids[CC_CLUB_PLAYERS_MAX] = {0};
	unsigned entered[CC_CLUB_PLAYERS_MAX] = {0};
	cc_store_event e;
	cc_store *store = cc_session_db_store(db);
	memset(rating, 0, players * sizeof *rating);
	if (cc_store_event_find(store, event->name, &e, ids, NULL) != CC_OK ||
	    cc_session_club_ratings_before(db, &e, ids, rating, NULL) != CC_OK)
		return;
	if (cc_store_event_ratings(store, e.id, entered, NULL) == CC_OK)
		for (unsigned seat = 0; seat < players; seat++)
			if (entered[seat])
				rating[seat] = entered[seat];
}

static bool needs_ratings(const cc_session_event *e)
{
	for (size_t i = 0; i < e->tiebreak_count; i++)
		if (e->tiebreaks[i] == CC_CLUB_TB_ARO || e->tiebreaks[i] == CC_CLUB_TB_ARO_C1)
			return true;
	return false;
}

void cc_session_club_tb_rank(cc_session_db *db, const cc_session_event *event, const cc_session_club_scoring *sc,
                             size_t n, cc_session_standing *out, unsigned players)
{
	cc_club_tb_values values[CC_CLUB_PLAYERS_MAX];
	cc_club_standing st[CC_CLUB_PLAYERS_MAX];
	double rating[CC_CLUB_PLAYERS_MAX];
	for (unsigned i = 0; i < players; i++)
		st[i] = out[i].st;
	if (needs_ratings(event))
		ratings_by_seat(db, event, players, rating);
	cc_club_tiebreaks(&sc->terms, sc->entries, sc->scored, n, rounds_counted(sc, n),
	                  needs_ratings(event) ? rating : NULL, st, values);
	if (cc_session_club_tb_classic(event)) {
		/* CL-3.5 as computed there: its Sonneborn-Berger, its ranks */
		for (unsigned i = 0; i < players; i++) {
			out[i].tb = values[st[i].player];
			out[i].tb.value[CC_CLUB_TB_WIN] = st[i].wins;
			out[i].tb.value[CC_CLUB_TB_SB] = st[i].sb;
		}
		return;
	}
	cc_session_standing by_seat[CC_CLUB_PLAYERS_MAX];
	for (unsigned i = 0; i < players; i++)
		by_seat[out[i].st.player < players ? out[i].st.player : i] = out[i];
	cc_club_tb_rank(players, st, values, event->tiebreaks, event->tiebreak_count);
	for (unsigned i = 0; i < players; i++) {
		uint32_t seat = st[i].player < players ? st[i].player : i;
		snprintf(out[i].name, sizeof out[i].name, "%s", by_seat[seat].name);
		out[i].st = st[i];
		out[i].tb = values[seat];
	}
}

/* ---- changing the order (CL-9.6) ------------------------------------------------- */

cc_err cc_session_club_event_set_tiebreaks(cc_session_db *db, const char *name, const char *list,
                                           cc_session_tb_change *change, cc_error *err)
{
	int64_t ids[CC_CLUB_PLAYERS_MAX];
	cc_store_event e;
	cc_session_event before = {0}, after = {0};
	cc_club_tb order[CC_CLUB_TB_LIST_MAX];
	size_t k = 0;
	char spelled[128] = "";
	if (list && list[0]) {
		if (cc_club_tb_list_parse(list, order, &k) != CC_OK)
			return cc_refuse(err, CC_MSG_BAD_TIEBREAKS, list);
		cc_club_tb_list_format(order, k, spelled, sizeof spelled);
	}
	cc_store *store = cc_session_db_store(db);
	cc_err rc = cc_store_event_find(store, name, &e, ids, err);
	if (rc == CC_ERR_NOT_FOUND)
		return cc_refuse(err, CC_MSG_NO_SUCH_EVENT_SEE_LIST, name);
	if (rc == CC_OK)
		rc = cc_session_club_tb_load(db, e.id, &before, err);
	if (rc == CC_OK)
		rc = cc_store_event_set_tiebreaks(store, e.id, spelled, err);
	if (rc == CC_OK)
		rc = cc_session_club_tb_load(db, e.id, &after, err);
	if (rc == CC_OK && change) {
		memset(change, 0, sizeof *change);
		snprintf(change->event, sizeof change->event, "%s", e.name);
		cc_club_tb_list_format(before.tiebreaks, before.tiebreak_count, change->was, sizeof change->was);
		cc_club_tb_list_format(after.tiebreaks, after.tiebreak_count, change->now, sizeof change->now);
		change->was_chosen = before.tiebreaks_chosen;
		change->now_chosen = after.tiebreaks_chosen;
	}
	return rc;
}

/* ---- one spelling of a value (CL-9.6) -------------------------------------------- */

void cc_session_club_tb_value(const cc_club_standing *st, const cc_club_tb_values *v, cc_club_tb tb, char *buf,
                              size_t size)
{
	double x = v->value[tb];
	switch (tb) {
	case CC_CLUB_TB_DE: /* applied only among tied players who all met (CL-3.5) */
		if (!st->direct_used) {
			snprintf(buf, size, "%s", "");
			return;
		}
		snprintf(buf, size, "%.1f", x);
		return;
	case CC_CLUB_TB_BH:
	case CC_CLUB_TB_BH_C1:
	case CC_CLUB_TB_BH_M1:
	case CC_CLUB_TB_PS:
		snprintf(buf, size, "%.1f", x); /* points: halves */
		return;
	case CC_CLUB_TB_SB:
		snprintf(buf, size, "%.2f", x); /* points times points: quarters */
		return;
	case CC_CLUB_TB_WIN:
	case CC_CLUB_TB_BPG:
	case CC_CLUB_TB_ARO:
	case CC_CLUB_TB_ARO_C1:
		snprintf(buf, size, "%.0f", x);
		return;
	case CC_CLUB_TB_COUNT:
		break;
	}
	snprintf(buf, size, "%s", "");
}

const char *cc_session_club_tb_name(cc_club_tb tb)
{
	switch (tb) {
	case CC_CLUB_TB_BH:
		return N_("Buchholz");
	case CC_CLUB_TB_BH_C1:
		return N_("Buchholz cut-1");
	case CC_CLUB_TB_BH_M1:
		return N_("median Buchholz");
	case CC_CLUB_TB_SB:
		return N_("Sonneborn-Berger");
	case CC_CLUB_TB_PS:
		return N_("progressive score");
	case CC_CLUB_TB_DE:
		return N_("direct encounter");
	case CC_CLUB_TB_WIN:
		return N_("games won");
	case CC_CLUB_TB_BPG:
		return N_("games with Black");
	case CC_CLUB_TB_ARO:
		return N_("average rating of opponents");
	case CC_CLUB_TB_ARO_C1:
		return N_("average rating of opponents cut-1");
	case CC_CLUB_TB_COUNT:
		break;
	}
	return "";
}

void cc_session_club_tb_legend(const cc_lang *lang, const cc_session_event *e, char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < e->tiebreak_count && used < size; i++) {
		const char *name = cc_session_club_tb_name(e->tiebreaks[i]);
		int w = snprintf(buf + used, size - used, "%s%s %s", i ? ", " : "", cc_club_tb_code(e->tiebreaks[i]),
		                 cc_lang_tr(lang, name));
		if (w < 0)
			return;
		used += (size_t)w;
	}
}

void cc_session_club_tb_columns(const cc_lang *lang, const cc_session_event *e, const cc_session_standing *row,
                                char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t k = 0; k < e->tiebreak_count && used < size; k++) {
		char v[32];
		if (row) {
			cc_session_club_tb_value(&row->st, &row->tb, e->tiebreaks[k], v, sizeof v);
			cc_lang_decimal_local(lang, v); /* for people: the language's separator */
		} else {
			snprintf(v, sizeof v, "%s", cc_club_tb_code(e->tiebreaks[k]));
		}
		int w = snprintf(buf + used, size - used, " %6s", v[0] ? v : "-");
		if (w < 0)
			return;
		used += (size_t)w;
	}
}
