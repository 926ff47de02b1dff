/*
 * club_events.c: the club's events through the session (session_club.h,
 * rules/club.md CL-3, CL-8): creating them, their pairings scored by the
 * core, standings, the boards on offer, closing, deleting, cancelling and
 * one player on two boards. Split from club.c.
 */
#include "chesscubing/session_club.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "club_internal.h"
#include "session_internal.h"

/* ---- events ------------------------------------------------------------------------- */

cc_err cc_session_club_event_create(cc_session_db *db, const char *name, const char *const *players, unsigned count,
                                    bool twice, cc_format format, cc_category category, cc_error *err)
{
	cc_session_event_terms terms;
	cc_session_event_terms_default(&terms);
	terms.format = format;
	terms.category = category;
	return cc_session_club_event_create_fixed(db, name, players, count, twice, &terms, err);
}

void cc_session_event_terms_default(cc_session_event_terms *terms)
{
	cc_match_settings d;
	cc_match_settings_default(&d);
	memset(terms, 0, sizeof *terms);
	terms->format = d.format;
	terms->category = d.category;
	terms->variant = d.variant;
	terms->tc_base_ms = d.tc_base_ms;
	terms->tc_increment_ms = d.tc_increment_ms;
	terms->claims = d.claims;
}

/* CL-8.2: a term named that the event's format has not is refused with
 * the term and the format, never kept unsaid. */
static cc_err check_terms(const cc_session_event_terms *t, cc_error *err)
{
	static const struct {
		unsigned term, trait;
		const char *name;
	} needs[] = {
		{CC_SESSION_TERM_CATEGORY, CC_GAME_CATEGORY, "category"},
		{CC_SESSION_TERM_VARIANT, CC_GAME_VARIANTS, "variant"},
		{CC_SESSION_TERM_TIME_CONTROL, CC_GAME_TIME_CONTROL, "tc"},
		{CC_SESSION_TERM_CLAIMS, CC_GAME_CLAIMS, "claims"},
	};
	for (size_t i = 0; i < sizeof needs / sizeof needs[0]; i++)
		if ((t->given & needs[i].term) && !cc_game_has(t->format, needs[i].trait))
			return cc_refuse(err, CC_MSG_EVENT_TERM_NOT_FORMAT, needs[i].name, cc_format_name(t->format));
	return CC_OK;
}

cc_err cc_session_club_event_create_fixed(cc_session_db *db, const char *name, const char *const *players,
                                          unsigned count, bool twice, const cc_session_event_terms *terms,
                                          cc_error *err)
{
	return cc_session_club_event_insert(db, name, players, count, twice, terms, NULL, NULL, err);
}

cc_err cc_session_club_event_insert(cc_session_db *db, const char *name, const char *const *players, unsigned count,
                                    bool twice, const cc_session_event_terms *terms, const cc_store_swiss *swiss,
                                    int64_t *id, cc_error *err)
{
	cc_store *store = cc_session_db_store(db);
	cc_format format = terms->format;
	cc_category category = terms->category;
	cc_err checked = check_terms(terms, err);
	if (checked)
		return checked;
	int64_t ids[CC_CLUB_PLAYERS_MAX];
	if (count < 2 || count > CC_CLUB_PLAYERS_MAX)
		return cc_refuse(err, CC_MSG_ROUND_ROBIN_SIZE, CC_CLUB_PLAYERS_MAX, count);
	for (unsigned i = 0; i < count; i++) {
		cc_store_player p;
		cc_err rc = cc_store_player_find(store, players[i], &p, err);
		if (rc == CC_ERR_NOT_FOUND)
			return cc_refuse(err, CC_MSG_NO_SUCH_PLAYER_ADD_FIRST, players[i]);
		if (rc)
			return rc;
		for (unsigned j = 0; j < i; j++)
			if (ids[j] == p.id)
				return cc_refuse(err, CC_MSG_PLAYER_NAMED_TWICE, players[i]);
		ids[i] = p.id;
	}
	size_t n = swiss ? 0 : cc_club_berger_count(count, twice); /* CL-10.1: a Swiss is paired round by round */
	cc_club_pairing *pairings = calloc(n ? n : 1, sizeof *pairings);
	if (!pairings)
		return cc_refuse(err, CC_MSG_NOMEM);
	cc_store_event ev = {.format = format, .category = category, .twice = twice, .players = count};
	/* CL-8.1: what the format has no use for keeps the default, so that
	 * the games of the event compare equal on it */
	cc_session_event_terms none;
	cc_session_event_terms_default(&none);
	unsigned traits = cc_game_class_of(format)->traits;
	if (!(traits & CC_GAME_CATEGORY))
		ev.category = none.category;
	ev.variant = traits & CC_GAME_VARIANTS ? terms->variant : none.variant;
	ev.tc_base_ms = traits & CC_GAME_TIME_CONTROL ? terms->tc_base_ms : none.tc_base_ms;
	ev.tc_increment_ms = traits & CC_GAME_TIME_CONTROL ? terms->tc_increment_ms : none.tc_increment_ms;
	ev.claims = traits & CC_GAME_CLAIMS ? terms->claims : none.claims;
	ev.bye_halves = CC_CLUB_BYE_HALVES_DEFAULT;
	/* CL-3.8: the name is kept without the spaces at either end */
	size_t len = strlen(name);
	while (len > 0 && (name[len - 1] == ' ' || name[len - 1] == '\t'))
		len--;
	while (len > 0 && (*name == ' ' || *name == '\t'))
		name++, len--;
	snprintf(ev.name, sizeof ev.name, "%.*s", (int)len, name);
	cc_err rc = len < sizeof ev.name ? CC_OK : cc_refuse(err, CC_MSG_EVENT_NAME_TOO_LONG);
	if (rc == CC_OK && !swiss)
		rc = cc_club_berger(count, twice, pairings, n, err);
	if (rc == CC_OK) {
		const cc_clock *clock = cc_session_db_clock(db);
		rc = cc_store_event_create(store, &ev, swiss, ids, pairings, n, clock->wall_ms(clock), id, err);
	}
	free(pairings);
	return rc;
}

static void event_from_store(const cc_store_event *from, cc_session_event *to)
{
	memset(to, 0, sizeof *to);
	to->id = from->id;
	snprintf(to->name, sizeof to->name, "%s", from->name);
	to->format = from->format;
	to->category = from->category;
	to->twice = from->twice;
	snprintf(to->created_utc, sizeof to->created_utc, "%s", from->created_utc);
	to->players = from->players;
	to->rounds = cc_club_berger_rounds(from->players, from->twice);
	to->fixed = from->fixed;
	to->variant = from->variant;
	to->tc_base_ms = from->tc_base_ms;
	to->tc_increment_ms = from->tc_increment_ms;
	to->claims = from->claims;
	to->closed = from->closed;
	snprintf(to->closed_utc, sizeof to->closed_utc, "%s", from->closed_utc);
	to->bye_halves = from->bye_halves;
}


static const char *result_text(const cc_session_pairing *p, cc_winner winner)
{
	static const char *const game[] = {"1-0", "0-1", "1/2-1/2"}, *const cancelled[] = {"(1-0)", "(0-1)", "(1/2-1/2)"};
	int g = winner == CC_WINNER_WHITE ? 0 : winner == CC_WINNER_BLACK ? 1 : 2;
	switch (p->outcome) {
	case CC_CLUB_OUT_NOT_STARTED:
	case CC_CLUB_OUT_BYE_WAITING:
		return "";
	case CC_CLUB_OUT_IN_PLAY:
		return "*";
	case CC_CLUB_OUT_PLAYED:
		return game[g];
	case CC_CLUB_OUT_FORFEIT:
		return cc_club_forfeit_code(p->forfeit);
	case CC_CLUB_OUT_BYE:
		return "bye";
	case CC_CLUB_OUT_HALF_BYE: {
		/* each side's points: ½ for who asked, the bye's value for the other */
		static const char *const text[3][3] = {{"bye 0-0", "bye 0-1/2", "bye 0-1"},
		                                       {"bye 1/2-0", "bye 1/2-1/2", "bye 1/2-1"},
		                                       {"bye 1-0", "bye 1-1/2", "bye 1-1"}};
		if (!p->counted)
			return "";
		int w = (int)(p->points[0] * 2 + 0.5), b = (int)(p->points[1] * 2 + 0.5);
		return text[w < 0 ? 0 : w > 2 ? 2 : w][b < 0 ? 0 : b > 2 ? 2 : b];
	}
	case CC_CLUB_OUT_VOID:
		return p->match_id && p->over ? cancelled[g] : "void";
	}
	return "";
}

/* What cc_session_club_pairings_scored reads from the store and gives
 * the core: one event's pairings, the players' names, the absences. */
typedef struct {
	cc_store_pairing *raw;
	size_t n;
	cc_store_player *players;
	size_t np;
	cc_store_half_bye *byes;
	size_t nb;
	cc_store_swiss sw;
	cc_club_event_terms terms;
	cc_club_entry *entries; /* one per pairing: the core's input */
	cc_club_scored *scored; /* ... and its output */
	cc_winner *winners;     /* ... and each game's result */
} scoring;

static void scoring_free(scoring *s)
{
	free(s->raw);
	free(s->players);
	free(s->byes);
	free(s->entries);
	free(s->scored);
	free(s->winners);
}

/* Reads event e's pairings, the players and the absences into s. */
static cc_err scoring_read(cc_store *store, const cc_store_event *e, scoring *s, cc_session_pairing **out,
                           cc_error *err)
{
	s->terms = (cc_club_event_terms){.players = e->players, .bye_halves = e->bye_halves};
	cc_err rc = cc_store_event_pairings(store, e->id, &s->raw, &s->n, err);
	if (rc == CC_OK)
		rc = cc_store_swiss_of(store, e->id, &s->sw, err);
	s->terms.swiss = rc == CC_OK && s->sw.swiss;
	if (rc == CC_OK)
		rc = cc_store_players(store, &s->players, &s->np, err);
	if (rc == CC_OK)
		rc = cc_store_event_absences(store, e->id, s->terms.withdrawn_from, &s->byes, &s->nb, err);
	if (rc == CC_OK && s->n > 0 &&
	    (!(*out = calloc(s->n, sizeof **out)) || !(s->entries = calloc(s->n, sizeof *s->entries)) ||
	     !(s->scored = calloc(s->n, sizeof *s->scored)) || !(s->winners = calloc(s->n, sizeof *s->winners))))
		rc = cc_refuse(err, CC_MSG_NOMEM);
	return rc;
}

/* Pairing i of s: its players' names into p, the core's entry with its
 * result (the standing corrections applied, CL-5.3) and half-point byes. */
static cc_err scoring_entry(cc_session_db *db, const cc_store_event *e, const int64_t *ids, scoring *s, size_t i,
                            cc_session_pairing *p, cc_session_event *summary, cc_error *err)
{
	const cc_store_pairing *r = &s->raw[i];
	cc_club_entry *g = &s->entries[i];
	p->round = r->round;
	p->board = r->board;
	p->bye = r->bye;
	p->match_id = r->match_id;
	for (size_t k = 0; k < s->np; k++) {
		if (r->white_seat < e->players && s->players[k].id == ids[r->white_seat])
			snprintf(p->white, sizeof p->white, "%s", s->players[k].name);
		if (!r->bye && r->black_seat < e->players && s->players[k].id == ids[r->black_seat])
			snprintf(p->black, sizeof p->black, "%s", s->players[k].name);
	}
	*g = (cc_club_entry){.round = r->round, .white = r->white_seat, .black = r->bye ? CC_CLUB_BYE : r->black_seat,
	                     .has_match = r->match_id != 0, .winner = CC_WINNER_NONE, .forfeit = r->forfeit};
	for (size_t k = 0; k < s->nb; k++)
		if (s->byes[k].round == r->round && !r->bye) {
			g->half_bye[0] = g->half_bye[0] || s->byes[k].seat == r->white_seat;
			g->half_bye[1] = g->half_bye[1] || s->byes[k].seat == r->black_seat;
		} else if (s->byes[k].round == r->round && s->terms.swiss) { /* CL-10.5: its own bye row */
			g->half_bye[0] = g->half_bye[0] || s->byes[k].seat == r->white_seat;
		}
	/* CL-10.6: a Swiss's round paired, not published */
	p->unpublished = s->terms.swiss && !s->sw.all_published && r->round > s->sw.published;
	if (s->terms.swiss && r->round > summary->paired)
		summary->paired = r->round;
	cc_err rc = CC_OK;
	if (p->match_id) {
		cc_store_match_info info;
		rc = cc_store_match_info_of(cc_session_db_store(db), p->match_id, &info, err);
		g->over = rc == CC_OK && info.over;
		if (g->over) /* the club's result: the standing corrections applied (CL-5.3) */
			rc = cc_session_club_corrected_result(db, p->match_id, &info.winner, NULL, err);
		g->winner = g->over ? info.winner : CC_WINNER_NONE;
		s->winners[i] = g->winner;
	}
	if (r->recorded) { /* CL-4.22: a result recorded without a match of ours */
		g->recorded = true;
		g->winner = s->winners[i] = r->winner;
	}
	return rc;
}

/* The core's scores of s into the pairings and the summary's counts. */
static void scoring_results(const scoring *s, cc_session_pairing *out, cc_session_event *summary)
{
	summary->pairings = 0;
	summary->finished = 0;
	if (s->terms.swiss) {
		summary->swiss = true;
		summary->rounds = s->sw.rounds;
		summary->published = s->sw.published;
		summary->half_bye_limit = s->sw.has_half_bye_limit ? s->sw.half_bye_limit : 0;
	}
	for (size_t i = 0; i < s->n; i++) {
		cc_session_pairing *p = &out[i];
		const cc_club_scored *o = &s->scored[i];
		p->outcome = o->outcome;
		p->forfeit = o->forfeit;
		p->by_withdrawal = o->by_withdrawal;
		p->counted = o->counted;
		p->points[0] = o->points[0];
		p->points[1] = o->points[1];
		/* over: it has its result (a bye once its round has begun, CL-3.4) */
		p->over = o->finished || o->outcome == CC_CLUB_OUT_BYE || (o->outcome == CC_CLUB_OUT_HALF_BYE && o->counted);
		p->result = result_text(p, s->winners[i]);
		/* "N of M games finished": byes are no games (CL-6.6), nor an
		 * unpublished round's pairings (CL-10.6) */
		summary->pairings += o->is_game && !p->unpublished;
		summary->finished += o->is_game && o->finished && !p->unpublished;
	}
}

/* The pairings of event e with their players' names and results, scored
 * by the core (CL-3.4, CL-6): forfeits, withdrawals, byes. With sc, the
 * core's input and output are kept there (the caller frees them). */
cc_err cc_session_club_pairings_scored(cc_session_db *db, const cc_store_event *e, const int64_t *ids,
                                       cc_session_pairing **out, size_t *count, cc_session_event *summary,
                                       cc_session_club_scoring *sc, cc_error *err)
{
	scoring s = {0};
	*out = NULL;
	*count = 0;
	/* CL-10: a round robin's (the caller's summary may be fresh stack;
	 * its rounds, when filled, are the caller's) */
	summary->swiss = false;
	summary->paired = summary->published = summary->half_bye_limit = 0;
	cc_err rc = scoring_read(cc_session_db_store(db), e, &s, out, err);
	for (size_t i = 0; rc == CC_OK && i < s.n; i++)
		rc = scoring_entry(db, e, ids, &s, i, &(*out)[i], summary, err);
	if (rc == CC_OK && s.n > 0)
		cc_club_score(&s.terms, s.entries, s.n, s.scored);
	if (rc == CC_OK)
		scoring_results(&s, *out, summary);
	if (sc && rc == CC_OK) {
		*sc = (cc_session_club_scoring){s.terms, s.entries, s.scored};
		s.entries = NULL;
		s.scored = NULL;
	}
	size_t n = s.n;
	scoring_free(&s);
	if (rc) {
		free(*out);
		*out = NULL;
		return rc;
	}
	*count = n;
	return CC_OK;
}

static cc_err load_pairings(cc_session_db *db, const cc_store_event *e, const int64_t *ids,
                            cc_session_pairing **out, size_t *count, cc_session_event *summary, cc_error *err)
{
	return cc_session_club_pairings_scored(db, e, ids, out, count, summary, NULL, err);
}

cc_err cc_session_club_events(cc_session_db *db, cc_session_event **items, size_t *count, cc_error *err)
{
	cc_store_event *raw = NULL;
	size_t n = 0;
	*items = NULL;
	*count = 0;
	cc_err rc = cc_store_events(cc_session_db_store(db), &raw, &n, err);
	if (rc == CC_OK && n > 0 && !(*items = calloc(n, sizeof **items)))
		rc = cc_refuse(err, CC_MSG_NOMEM);
	for (size_t i = 0; rc == CC_OK && i < n; i++) {
		int64_t ids[CC_CLUB_PLAYERS_MAX] = {0};
		cc_store_event e;
		cc_session_pairing *pairings = NULL;
		size_t np = 0;
		event_from_store(&raw[i], &(*items)[i]);
		rc = cc_store_event_find(cc_session_db_store(db), raw[i].name, &e, ids, err);
		if (rc == CC_OK)
			rc = load_pairings(db, &e, ids, &pairings, &np, &(*items)[i], err);
		free(pairings);
	}
	free(raw);
	if (rc) {
		free(*items);
		*items = NULL;
		return rc;
	}
	*count = n;
	return CC_OK;
}

cc_err cc_session_club_event(cc_session_db *db, const char *name, cc_session_event *event,
                             cc_session_pairing **pairings, size_t *count, cc_error *err)
{
	int64_t ids[CC_CLUB_PLAYERS_MAX] = {0};
	cc_store_event e;
	*pairings = NULL;
	*count = 0;
	cc_err rc = cc_store_event_find(cc_session_db_store(db), name, &e, ids, err);
	if (rc)
		return rc;
	event_from_store(&e, event);
	rc = cc_session_club_tb_load(db, e.id, event, err); /* CL-9.1 */
	return rc ? rc : load_pairings(db, &e, ids, pairings, count, event, err);
}

cc_err cc_session_club_standings(cc_session_db *db, const char *name, cc_session_event *event,
                                 cc_session_standing *out, unsigned *count, cc_error *err)
{
	return cc_session_club_event_standings(db, name, event, NULL, NULL, out, count, err);
}

/* The names of the players no pairing names yet (a late entry before his
 * first round, CL-10.7), from the registry by id. */
static void names_unpaired(cc_session_db *db, const int64_t *ids, unsigned players, cc_session_standing *out)
{
	cc_store_player *all = NULL;
	size_t n = 0;
	bool unnamed = false;
	for (unsigned i = 0; i < players; i++)
		unnamed = unnamed || !out[i].name[0];
	if (!unnamed || cc_store_players(cc_session_db_store(db), &all, &n, NULL) != CC_OK)
		return;
	for (unsigned i = 0; i < players; i++)
		for (size_t k = 0; k < n && !out[i].name[0]; k++)
			if (out[i].st.player < CC_CLUB_PLAYERS_MAX && all[k].id == ids[out[i].st.player])
				snprintf(out[i].name, sizeof out[i].name, "%s", all[k].name);
	free(all);
}

cc_err cc_session_club_event_standings(cc_session_db *db, const char *name, cc_session_event *event,
                                       cc_session_pairing **pairings_out, size_t *pairing_count,
                                       cc_session_standing *out, unsigned *count, cc_error *err)
{
	int64_t ids[CC_CLUB_PLAYERS_MAX] = {0};
	cc_store_event e;
	cc_session_pairing *pairings = NULL;
	cc_session_club_scoring sc = {0};
	size_t n = 0;
	*count = 0;
	if (pairings_out) {
		*pairings_out = NULL;
		*pairing_count = 0;
	}
	cc_err rc = cc_store_event_find(cc_session_db_store(db), name, &e, ids, err);
	if (rc)
		return rc;
	event_from_store(&e, event);
	rc = cc_session_club_tb_load(db, e.id, event, err); /* CL-9.1 */
	if (rc == CC_OK)
		rc = cc_session_club_pairings_scored(db, &e, ids, &pairings, &n, event, &sc, err);
	cc_club_result *results = rc == CC_OK && n > 0 ? calloc(2 * n, sizeof *results) : NULL;
	if (rc == CC_OK && n > 0 && !results)
		rc = cc_refuse(err, CC_MSG_NOMEM);
	if (rc == CC_OK) {
		cc_club_standing st[CC_CLUB_PLAYERS_MAX];
		unsigned players = e.players <= CC_CLUB_PLAYERS_MAX ? e.players : CC_CLUB_PLAYERS_MAX;
		sc.terms.players = players;
		cc_club_event_standings(&sc.terms, sc.entries, sc.scored, n, results, st);
		for (unsigned i = 0; i < players; i++) {
			out[i].st = st[i];
			out[i].name[0] = '\0';
		}
		/* names by seat, from the pairings already read */
		for (unsigned i = 0; i < players; i++)
			for (size_t k = 0; k < n && !out[i].name[0]; k++) {
				if (sc.entries[k].white == st[i].player)
					snprintf(out[i].name, sizeof out[i].name, "%s", pairings[k].white);
				else if (!pairings[k].bye && sc.entries[k].black == st[i].player)
					snprintf(out[i].name, sizeof out[i].name, "%s", pairings[k].black);
			}
		names_unpaired(db, ids, players, out);
		cc_session_club_tb_rank(db, event, &sc, n, out, players); /* CL-9.1 */
		*count = players;
	}
	free(results);
	free(sc.entries);
	free(sc.scored);
	if (pairings_out) {
		*pairings_out = rc == CC_OK ? pairings : NULL;
		*pairing_count = rc == CC_OK ? n : 0;
		if (rc == CC_OK)
			pairings = NULL;
	}
	free(pairings);
	return rc;
}

/* Appends event's unplayed pairings to the offers (CL-3.6). */
static cc_err add_offers(cc_session_db *db, const cc_session_event *event, cc_session_offer **items, size_t *count,
                         cc_error *err)
{
	cc_session_event e;
	cc_session_pairing *pairings = NULL;
	size_t n = 0;
	if (event->closed)
		return CC_OK; /* CL-8.4: a closed event is offered nowhere */
	cc_err rc = cc_session_club_event(db, event->name, &e, &pairings, &n, err);
	for (size_t i = 0; rc == CC_OK && i < n; i++) {
		if (pairings[i].bye || pairings[i].match_id || pairings[i].outcome != CC_CLUB_OUT_NOT_STARTED ||
		    pairings[i].unpublished)
			continue; /* a forfeit, a withdrawal's, a half-point bye: not played (CL-6); not published (CL-10.6) */
		cc_session_offer *grown = realloc(*items, (*count + 1) * sizeof **items);
		if (!grown) {
			rc = cc_refuse(err, CC_MSG_NOMEM);
			break;
		}
		*items = grown;
		cc_session_offer *o = &(*items)[(*count)++];
		memset(o, 0, sizeof *o);
		snprintf(o->event, sizeof o->event, "%s", e.name);
		o->format = e.format;
		o->category = e.category;
		o->pairing = pairings[i];
		o->fixed = e.fixed;
		o->variant = e.variant;
		o->tc_base_ms = e.tc_base_ms;
		o->tc_increment_ms = e.tc_increment_ms;
		o->claims = e.claims;
	}
	free(pairings);
	return rc;
}

cc_err cc_session_club_offers(cc_session_db *db, cc_session_offer **items, size_t *count, cc_error *err)
{
	cc_session_event *events = NULL;
	size_t n = 0;
	*items = NULL;
	*count = 0;
	cc_err rc = cc_session_club_events(db, &events, &n, err);
	/* The newest event first: the evening's, ahead of an older one left open. */
	for (size_t i = n; rc == CC_OK && i > 0; i--)
		rc = add_offers(db, &events[i - 1], items, count, err);
	free(events);
	if (rc) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return rc;
}

/* ---- closing, deleting, cancelling, two boards (CL-8) ----------------------------- */

cc_err cc_session_club_event_close(cc_session_db *db, const char *name, cc_error *err)
{
	cc_store_event e;
	cc_err rc = cc_store_event_find(cc_session_db_store(db), name, &e, NULL, err);
	if (rc == CC_OK) {
		const cc_clock *clock = cc_session_db_clock(db);
		rc = cc_store_event_close(cc_session_db_store(db), e.id, clock->wall_ms(clock), err);
	}
	return rc;
}

cc_err cc_session_club_event_delete(cc_session_db *db, const char *name, cc_error *err)
{
	cc_store_event e;
	cc_err rc = cc_store_event_find(cc_session_db_store(db), name, &e, NULL, err);
	return rc ? rc : cc_store_event_delete(cc_session_db_store(db), e.id, e.name, err);
}

cc_err cc_session_club_event_cancel(cc_session_db *db, const char *name, unsigned round, unsigned board,
                                    const char *reason, bool confirmed, int64_t *match_id, cc_error *err)
{
	cc_store_event e;
	/* RU-24.3: a reason that is there says which rule it breaks (none is
	 * CL-8.5's missing reason, the store's refusal) */
	cc_err rc = cc_text_check_optional(CC_TEXT_REASON, reason, CC_STORE_CANCEL_REASON_MAX, err);
	if (rc == CC_OK)
		rc = cc_store_event_find(cc_session_db_store(db), name, &e, NULL, err);
	if (rc == CC_OK) {
		const cc_clock *clock = cc_session_db_clock(db);
		rc = cc_store_event_cancel(cc_session_db_store(db), e.id, e.name, round, board, reason, confirmed,
		                           clock->wall_ms(clock), match_id, err);
	}
	return rc;
}

cc_err cc_session_club_event_cancels(cc_session_db *db, const char *name, cc_session_cancel **items, size_t *count,
                                     cc_error *err)
{
	cc_store_event e;
	cc_store_cancel *raw = NULL;
	size_t n = 0;
	*items = NULL;
	*count = 0;
	cc_err rc = cc_store_event_find(cc_session_db_store(db), name, &e, NULL, err);
	if (rc == CC_OK)
		rc = cc_store_event_cancels(cc_session_db_store(db), e.id, &raw, &n, err);
	if (rc == CC_OK && n > 0 && !(*items = calloc(n, sizeof **items)))
		rc = cc_refuse(err, CC_MSG_NOMEM);
	for (size_t i = 0; rc == CC_OK && i < n; i++) {
		cc_session_cancel *c = &(*items)[i];
		c->round = raw[i].round;
		c->board = raw[i].board;
		c->match_id = raw[i].match_id;
		c->had_result = raw[i].had_result;
		snprintf(c->reason, sizeof c->reason, "%s", raw[i].reason);
		snprintf(c->at_utc, sizeof c->at_utc, "%s", raw[i].at_utc);
	}
	free(raw);
	if (rc == CC_OK)
		*count = n;
	return rc;
}

/* Is name one of pairing p's players, p's match begun and not over? */
static bool still_playing(const cc_session_pairing *p, const char *name)
{
	char a[CC_CLUB_KEY_MAX], b[CC_CLUB_KEY_MAX];
	if (p->bye || !p->match_id || p->over || cc_club_name_key(name, a, sizeof a) != CC_OK)
		return false;
	return (cc_club_name_key(p->white, b, sizeof b) == CC_OK && strcmp(a, b) == 0) ||
	       (cc_club_name_key(p->black, b, sizeof b) == CC_OK && strcmp(a, b) == 0);
}

cc_err cc_session_club_two_boards(cc_session_db *db, const cc_session_offer *offer, bool *busy, cc_error *err)
{
	cc_session_event *events = NULL;
	size_t n = 0;
	*busy = false;
	cc_err rc = cc_session_club_events(db, &events, &n, err);
	for (size_t i = 0; rc == CC_OK && !*busy && i < n; i++) {
		cc_session_event e;
		cc_session_pairing *p = NULL;
		size_t np = 0;
		rc = cc_session_club_event(db, events[i].name, &e, &p, &np, err);
		for (size_t k = 0; rc == CC_OK && !*busy && k < np; k++) {
			/* the offer's own pairing, taken since it was offered, is the
			 * creation's to refuse (CL-3.7), not another board */
			if (strcmp(e.name, offer->event) == 0 && p[k].round == offer->pairing.round &&
			    p[k].board == offer->pairing.board)
				continue;
			const char *who = still_playing(&p[k], offer->pairing.white)   ? offer->pairing.white
			                  : still_playing(&p[k], offer->pairing.black) ? offer->pairing.black
			                                                               : NULL;
			if (who) {
				*busy = true;
				cc_refuse(err, CC_MSG_PLAYER_ON_TWO_BOARDS, who, p[k].round, p[k].board, (int)p[k].match_id);
			}
		}
		free(p);
	}
	free(events);
	return rc;
}
