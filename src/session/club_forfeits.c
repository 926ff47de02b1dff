/*
 * club_forfeits.c: forfeits, withdrawals, half-point byes, their value and
 * late entries through the session (session_club.h, rules/club.md CL-6).
 * Split from club.c.
 */
#include "chesscubing/session_club.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "club_internal.h"
#include "session_internal.h"

/* Event name and player's seat in it (CL-6.3, CL-6.4). */
static cc_err seat_of(cc_session_db *db, const char *name, const char *player, cc_store_event *e, int64_t *ids,
                      unsigned *seat, cc_store_player *p, cc_error *err)
{
	cc_store *store = cc_session_db_store(db);
	cc_err rc = cc_store_event_find(store, name, e, ids, err);
	if (rc == CC_OK)
		rc = cc_store_player_find(store, player, p, err);
	if (rc)
		return rc;
	for (unsigned s = 0; s < e->players && s < CC_CLUB_PLAYERS_MAX; s++) {
		if (ids[s] == p->id) {
			*seat = s;
			return CC_OK;
		}
	}
	return cc_refuse(err, CC_MSG_NOT_PLAYER_OF_EVENT, p->name, e->name);
}

cc_err cc_session_club_event_forfeit(cc_session_db *db, const char *name, unsigned round, unsigned board,
                                     cc_club_forfeit f, cc_error *err)
{
	cc_store_event e;
	cc_err rc = cc_store_event_find(cc_session_db_store(db), name, &e, NULL, err);
	return rc ? rc : cc_store_pairing_forfeit(cc_session_db_store(db), e.id, e.name, round, board, f, err);
}

cc_err cc_session_club_event_withdraw(cc_session_db *db, const char *name, const char *player, unsigned from_round,
                                      cc_session_withdrawal *out, cc_error *err)
{
	int64_t ids[CC_CLUB_PLAYERS_MAX] = {0};
	cc_store_event e;
	cc_store_player p;
	cc_session_event summary;
	cc_session_pairing *pairings = NULL;
	cc_session_club_scoring sc = {0};
	size_t n = 0;
	unsigned seat = 0;
	memset(out, 0, sizeof *out);
	cc_err rc = seat_of(db, name, player, &e, ids, &seat, &p, err);
	if (rc == CC_OK)
		rc = cc_session_club_pairings_scored(db, &e, ids, &pairings, &n, &summary, &sc, err);
	if (rc)
		return rc;
	unsigned rounds = summary.swiss ? summary.rounds : cc_club_berger_rounds(e.players, e.twice), last = 0;
	if (sc.terms.withdrawn_from[seat])
		rc = cc_refuse(err, CC_MSG_ALREADY_WITHDRAWN, p.name, sc.terms.withdrawn_from[seat]);
	/* His last round with a match or a result: he withdraws after it. */
	for (size_t i = 0; rc == CC_OK && i < n; i++) {
		const cc_club_entry *g = &sc.entries[i];
		bool his = g->white == seat || (g->black != CC_CLUB_BYE && g->black == seat);
		if (his && (g->has_match || g->forfeit != CC_CLUB_FORFEIT_NONE) && g->round > last)
			last = g->round;
	}
	if (rc == CC_OK && from_round == 0)
		from_round = last + 1;
	if (rc == CC_OK && (from_round < 1 || from_round > rounds))
		rc = cc_refuse(err, CC_MSG_EVENT_NO_SUCH_ROUND, e.name, from_round, rounds);
	if (rc == CC_OK && last >= from_round)
		rc = cc_refuse(err, CC_MSG_WITHDRAW_ROUND_BEGUN, p.name, last, last + 1);
	if (rc == CC_OK)
		rc = cc_store_event_withdraw(cc_session_db_store(db), e.id, seat, from_round, err);
	if (rc == CC_OK) {
		out->from_round = from_round;
		/* CL-10.7: a Swiss's withdrawal never cancels results */
		out->cancelled = !summary.swiss && cc_club_withdrawal_cancels(sc.entries, n, seat, from_round);
		for (size_t i = 0; !out->cancelled && i < n; i++) {
			const cc_club_entry *g = &sc.entries[i];
			bool his = g->black != CC_CLUB_BYE && (g->white == seat || g->black == seat);
			out->forfeits += his && g->round >= from_round;
		}
	}
	free(sc.entries);
	free(sc.scored);
	free(pairings);
	return rc;
}

cc_err cc_session_club_event_half_bye(cc_session_db *db, const char *name, const char *player, unsigned round,
                                      cc_error *err)
{
	int64_t ids[CC_CLUB_PLAYERS_MAX] = {0};
	cc_store_event e;
	cc_store_player p;
	cc_store_pairing *raw = NULL;
	size_t n = 0;
	unsigned seat = 0, from[CC_CLUB_PLAYERS_MAX];
	cc_store_half_bye *byes = NULL;
	size_t nb = 0;
	cc_store_swiss sw;
	cc_err rc = seat_of(db, name, player, &e, ids, &seat, &p, err);
	if (rc == CC_OK)
		rc = cc_store_swiss_of(cc_session_db_store(db), e.id, &sw, err);
	if (rc == CC_OK && sw.swiss) /* CL-10.5: not paired that round, with the event's limit */
		return cc_session_club_swiss_half_bye(db, name, player, round, err);
	if (rc == CC_OK)
		rc = cc_store_event_pairings(cc_session_db_store(db), e.id, &raw, &n, err);
	if (rc == CC_OK)
		rc = cc_store_event_absences(cc_session_db_store(db), e.id, from, &byes, &nb, err);
	unsigned rounds = cc_club_berger_rounds(e.players, e.twice);
	if (rc == CC_OK && (round < 1 || round > rounds))
		rc = cc_refuse(err, CC_MSG_EVENT_NO_SUCH_ROUND, e.name, round, rounds);
	if (rc == CC_OK && from[seat] && round >= from[seat])
		rc = cc_refuse(err, CC_MSG_ALREADY_WITHDRAWN, p.name, from[seat]);
	for (size_t i = 0; rc == CC_OK && i < n; i++) {
		const cc_store_pairing *r = &raw[i];
		if (r->round != round || !(r->white_seat == seat || (!r->bye && r->black_seat == seat)))
			continue;
		if (r->bye)
			rc = cc_refuse(err, CC_MSG_HALF_BYE_HAS_BYE, p.name, round);
		else if (r->match_id || r->forfeit != CC_CLUB_FORFEIT_NONE)
			rc = cc_refuse(err, CC_MSG_HALF_BYE_BEGUN, p.name, round);
	}
	if (rc == CC_OK)
		rc = cc_store_event_half_bye(cc_session_db_store(db), e.id, p.name, seat, round, err);
	free(raw);
	free(byes);
	return rc;
}

cc_err cc_session_club_event_enter(cc_session_db *db, const char *name, const char *player, cc_error *err)
{
	cc_store *store = cc_session_db_store(db);
	int64_t ids[CC_CLUB_PLAYERS_MAX] = {0};
	cc_store_event e;
	cc_store_player p;
	cc_err rc = cc_store_event_find(store, name, &e, ids, err);
	if (rc == CC_OK)
		rc = cc_store_player_find(store, player, &p, err);
	if (rc == CC_ERR_NOT_FOUND)
		return cc_refuse(err, CC_MSG_NO_SUCH_PLAYER_ADD_FIRST, player);
	if (rc)
		return rc;
	cc_store_swiss sw;
	rc = cc_store_swiss_of(store, e.id, &sw, err);
	if (rc == CC_OK && sw.swiss) /* CL-10.7: paired from the next round paired */
		return cc_session_club_swiss_enter(db, name, p.id, p.name, err);
	if (rc)
		return rc;
	for (unsigned s = 0; s < e.players && s < CC_CLUB_PLAYERS_MAX; s++)
		if (ids[s] == p.id)
			return cc_refuse(err, CC_MSG_ALREADY_IN_EVENT, p.name, e.name);
	/* CL-6.7: the entrant takes the dummy seat of an odd table, the last
	 * seat: the table of one more player is the same table with the dummy
	 * seat played, so no one else's pairing or colour changes. */
	if (e.players % 2 == 0 || e.players >= CC_CLUB_PLAYERS_MAX)
		return cc_refuse(err, CC_MSG_LATE_ENTRY_NO_SEAT, e.name, e.players);
	size_t n = cc_club_berger_count(e.players + 1, e.twice);
	cc_club_pairing *pairings = calloc(n, sizeof *pairings);
	if (!pairings)
		return cc_refuse(err, CC_MSG_NOMEM);
	rc = cc_club_berger(e.players + 1, e.twice, pairings, n, err);
	if (rc == CC_OK)
		rc = cc_store_event_enter(store, e.id, e.name, e.players, p.id, pairings, n, err);
	free(pairings);
	return rc;
}

cc_err cc_session_club_event_bye_value(cc_session_db *db, const char *name, unsigned halves, cc_error *err)
{
	cc_store_event e;
	cc_err rc = cc_store_event_find(cc_session_db_store(db), name, &e, NULL, err);
	return rc ? rc : cc_store_event_bye_value(cc_session_db_store(db), e.id, e.name, halves > 2 ? 2 : halves, err);
}
