/*
 * club_swiss.c: Swiss events through the session (session_club.h,
 * rules/club.md CL-10): creating one without pairings, pairing each round
 * by the Dutch engine (dutch.h) from the event's record as the core scores
 * it (club.h's cc_club_swiss_input), pairing an unpublished round again,
 * publishing it, and the Swiss's own absences, half-point byes, late
 * entries and withdrawals' rounds. The store keeps; the core decides.
 */
#include "chesscubing/session_club.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "club_internal.h"
#include "session_internal.h"

cc_err cc_session_club_swiss_create(cc_session_db *db, const char *name, const char *const *players, unsigned count,
                                    unsigned rounds, unsigned half_bye_limit, const cc_session_event_terms *terms,
                                    cc_error *err)
{
	if (count < 2 || count > CC_CLUB_PLAYERS_MAX)
		return cc_refuse(err, CC_MSG_SWISS_SIZE, CC_CLUB_PLAYERS_MAX, count);
	if (rounds < 1 || rounds > CC_DUTCH_MAX_ROUNDS)
		return cc_refuse(err, CC_MSG_SWISS_ROUNDS, CC_DUTCH_MAX_ROUNDS, rounds);
	const cc_store_swiss sw = {.swiss = true, .rounds = rounds, .has_half_bye_limit = half_bye_limit > 0,
	                           .half_bye_limit = half_bye_limit};
	return cc_session_club_event_insert(db, name, players, count, false, terms, &sw, NULL, err);
}

/* Everything one pairing needs, read at once. */
typedef struct {
	cc_store_event e;
	int64_t ids[CC_CLUB_PLAYERS_MAX];
	cc_store_swiss sw;
	cc_session_event summary;
	cc_session_pairing *pairings;
	size_t n;
	cc_session_club_scoring sc;
	cc_store_half_bye *byes, *absents;
	size_t nb, na;
	unsigned paired; /* the last round paired */
} swiss_state;

static void state_free(swiss_state *s)
{
	free(s->pairings);
	free(s->sc.entries);
	free(s->sc.scored);
	free(s->byes);
	free(s->absents);
}

static cc_err state_read(cc_session_db *db, const char *name, swiss_state *s, cc_error *err)
{
	cc_store *store = cc_session_db_store(db);
	unsigned from[CC_CLUB_PLAYERS_MAX];
	memset(s, 0, sizeof *s);
	cc_err rc = cc_store_event_find(store, name, &s->e, s->ids, err);
	if (rc == CC_OK)
		rc = cc_store_swiss_of(store, s->e.id, &s->sw, err);
	if (rc == CC_OK && !s->sw.swiss)
		rc = cc_refuse(err, CC_MSG_SWISS_NOT_SWISS, s->e.name);
	if (rc == CC_OK)
		rc = cc_session_club_pairings_scored(db, &s->e, s->ids, &s->pairings, &s->n, &s->summary, &s->sc, err);
	if (rc == CC_OK)
		rc = cc_store_event_absences(store, s->e.id, from, &s->byes, &s->nb, err);
	if (rc == CC_OK)
		rc = cc_store_event_absents(store, s->e.id, &s->absents, &s->na, err);
	for (size_t i = 0; rc == CC_OK && i < s->n; i++)
		if (s->pairings[i].round > s->paired)
			s->paired = s->pairings[i].round;
	return rc;
}

static bool listed(const cc_store_half_bye *items, size_t n, unsigned seat, unsigned round)
{
	for (size_t i = 0; i < n; i++)
		if (items[i].seat == seat && items[i].round == round)
			return true;
	return false;
}

/* Is seat paired in round (CL-10.5): not withdrawn by then, not absent,
 * no half-point bye asked for. */
static bool present_in(const swiss_state *s, unsigned seat, unsigned round)
{
	unsigned from = s->sc.terms.withdrawn_from[seat];
	return (from == 0 || round < from) && !listed(s->absents, s->na, seat, round) &&
	       !listed(s->byes, s->nb, seat, round);
}

/*
 * Each seat's rating before the event (CL-10.2, club_internal.h): the
 * rating his first counted game of the event met (the replay rates games
 * in the order they ended), or his rating now when the event has none of
 * his yet.
 */
cc_err cc_session_club_ratings_before(cc_session_db *db, const cc_store_event *e, const int64_t *ids, double *rating,
                                      cc_error *err)
{
	cc_session_club_replay rp;
	memset(&rp, 0, sizeof rp);
	cc_err rc = cc_session_club_replay_list(db, &rp, cc_game_class_of(e->format)->rating_list, err);
	for (unsigned seat = 0; rc == CC_OK && seat < e->players && seat < CC_CLUB_PLAYERS_MAX; seat++) {
		size_t i = cc_session_club_replay_index(&rp, ids[seat]);
		bool found = false;
		rating[seat] = i < rp.n ? rp.ratings[i].rating : CC_CLUB_START_RATING;
		for (size_t m = 0; m < rp.m && !found; m++) {
			const cc_store_club_match *g = &rp.matches[m];
			if (!rp.counted[m] || g->event_id != e->id)
				continue;
			if (g->white_id == ids[seat] || g->black_id == ids[seat]) {
				rating[seat] = g->white_id == ids[seat] ? rp.changes[m].white_before : rp.changes[m].black_before;
				found = true;
			}
		}
	}
	cc_session_club_replay_free(&rp);
	return rc;
}

/* Pairing numbers by rating before the event, then name (CL-10.2). */
static cc_err numbers_of(cc_session_db *db, const swiss_state *s, unsigned *number, char (*names)[CC_NAME_MAX],
                         cc_error *err)
{
	double rating[CC_CLUB_PLAYERS_MAX];
	char keys[CC_CLUB_PLAYERS_MAX][CC_CLUB_KEY_MAX];
	const char *key[CC_CLUB_PLAYERS_MAX];
	unsigned order[CC_CLUB_PLAYERS_MAX];
	cc_store_player *players = NULL;
	size_t np = 0;
	cc_err rc = cc_session_club_ratings_before(db, &s->e, s->ids, rating, err);
	if (rc == CC_OK)
		rc = cc_store_players(cc_session_db_store(db), &players, &np, err);
	for (unsigned seat = 0; rc == CC_OK && seat < s->e.players; seat++) {
		names[seat][0] = '\0';
		for (size_t k = 0; k < np; k++)
			if (players[k].id == s->ids[seat])
				snprintf(names[seat], CC_NAME_MAX, "%s", players[k].name);
		if (cc_club_name_key(names[seat], keys[seat], sizeof keys[seat]) != CC_OK)
			keys[seat][0] = '\0';
		key[seat] = keys[seat];
	}
	free(players);
	if (rc)
		return rc;
	cc_club_swiss_order(s->e.players, rating, key, order);
	for (unsigned k = 0; k < s->e.players; k++)
		number[order[k]] = k + 1;
	return CC_OK;
}

/* Which round to pair, or why none (CL-10.3, CL-10.6). */
static cc_err round_to_pair(const swiss_state *s, bool again, unsigned *round, cc_error *err)
{
	const char *name = s->e.name;
	if (again) {
		if (s->paired == 0)
			return cc_refuse(err, CC_MSG_SWISS_NOTHING_TO_PUBLISH, name);
		if (s->paired <= s->sw.published)
			return cc_refuse(err, CC_MSG_SWISS_PUBLISHED, name, s->paired);
		*round = s->paired;
		return CC_OK;
	}
	if (s->paired > s->sw.published)
		return cc_refuse(err, CC_MSG_SWISS_UNPUBLISHED, name, s->paired);
	if (s->paired >= s->sw.rounds)
		return cc_refuse(err, CC_MSG_SWISS_ALL_PAIRED, name, s->sw.rounds);
	unsigned board = 0;
	if (s->paired > 0 && !cc_club_swiss_round_complete(s->sc.entries, s->sc.scored, s->n, s->paired, &board))
		return cc_refuse(err, CC_MSG_SWISS_ROUND_INCOMPLETE, name, s->paired, board);
	*round = s->paired + 1;
	return CC_OK;
}

/* The round's pairings as the record keeps them: the boards in the
 * engine's order, then the pairing-allocated bye, then the half-point
 * byes asked for (CL-10.4, CL-10.5). */
static size_t round_rows(const swiss_state *s, const cc_session_swiss_round *r, cc_club_pairing *rows)
{
	size_t k = 0;
	for (unsigned b = 0; b < r->pairing.nboards; b++, k++)
		rows[k] = (cc_club_pairing){r->round, (unsigned)k + 1, r->pairing.boards[b].white, r->pairing.boards[b].black};
	if (r->pairing.has_bye) {
		rows[k] = (cc_club_pairing){r->round, (unsigned)k + 1, r->pairing.bye, CC_CLUB_BYE};
		k++;
	}
	for (size_t i = 0; i < s->nb; i++) {
		unsigned seat = s->byes[i].seat, from = s->sc.terms.withdrawn_from[seat < CC_CLUB_PLAYERS_MAX ? seat : 0];
		if (s->byes[i].round != r->round || seat >= s->e.players || (from && r->round >= from) ||
		    listed(s->absents, s->na, seat, r->round))
			continue;
		rows[k] = (cc_club_pairing){r->round, (unsigned)k + 1, seat, CC_CLUB_BYE};
		k++;
	}
	return k;
}

/* Is the engine's pairing r the one recorded for its round? */
static bool as_recorded(const swiss_state *s, const cc_session_swiss_round *r)
{
	cc_club_pairing rows[CC_CLUB_PLAYERS_MAX + 1];
	size_t count = round_rows(s, r, rows), k = 0;
	for (size_t i = 0; i < s->n; i++) {
		const cc_club_entry *g = &s->sc.entries[i];
		if (g->round != r->round)
			continue;
		if (k >= count || rows[k].white != g->white || rows[k].black != g->black)
			return false;
		k++;
	}
	return k == count;
}

typedef enum { SWISS_PAIR, SWISS_AGAIN, SWISS_EXPLAIN } swiss_mode;

static cc_err pair_round(cc_session_db *db, const char *name, swiss_mode mode, cc_session_swiss_round *r,
                         cc_error *err)
{
	swiss_state s;
	cc_club_pairing rows[CC_CLUB_PLAYERS_MAX + 1];
	unsigned number[CC_CLUB_PLAYERS_MAX];
	bool present[CC_CLUB_PLAYERS_MAX];
	memset(r, 0, sizeof *r);
	cc_err rc = state_read(db, name, &s, err);
	if (rc == CC_OK && mode == SWISS_EXPLAIN) {
		r->round = s.paired;
		if (s.paired == 0)
			rc = cc_refuse(err, CC_MSG_SWISS_NOTHING_PAIRED, s.e.name);
	} else if (rc == CC_OK) {
		rc = round_to_pair(&s, mode == SWISS_AGAIN, &r->round, err);
	}
	if (rc == CC_OK)
		rc = numbers_of(db, &s, number, r->names, err);
	if (rc == CC_OK) {
		for (unsigned seat = 0; seat < s.e.players; seat++)
			present[seat] = present_in(&s, seat, r->round);
		cc_club_swiss_input(&s.sc.terms, s.sc.entries, s.sc.scored, s.n, r->round, s.sw.rounds, number, present,
		                    &r->in);
		rc = cc_dutch_pair(&r->in, &r->pairing, err);
	}
	if (rc == CC_OK && mode == SWISS_EXPLAIN) {
		r->as_recorded = as_recorded(&s, r);
	} else if (rc == CC_OK) {
		size_t count = round_rows(&s, r, rows);
		rc = cc_store_swiss_round(cc_session_db_store(db), s.e.id, s.e.name, r->round, rows, count, err);
		r->as_recorded = rc == CC_OK;
	}
	state_free(&s);
	return rc;
}

cc_err cc_session_club_swiss_pair(cc_session_db *db, const char *name, bool again, cc_session_swiss_round *out,
                                  cc_error *err)
{
	cc_session_swiss_round *r = out ? out : malloc(sizeof *r);
	if (!r)
		return cc_refuse(err, CC_MSG_NOMEM);
	cc_err rc = pair_round(db, name, again ? SWISS_AGAIN : SWISS_PAIR, r, err);
	if (!out)
		free(r);
	return rc;
}

cc_err cc_session_club_swiss_explain(cc_session_db *db, const char *name, cc_session_swiss_round *out,
                                     cc_error *err)
{
	return pair_round(db, name, SWISS_EXPLAIN, out, err);
}

size_t cc_session_club_published(cc_session_pairing *p, size_t n)
{
	size_t kept = 0;
	for (size_t i = 0; i < n; i++)
		if (!p[i].unpublished)
			p[kept++] = p[i];
	return kept;
}

cc_err cc_session_club_swiss_publish(cc_session_db *db, const char *name, unsigned *round, cc_error *err)
{
	swiss_state s;
	cc_err rc = state_read(db, name, &s, err);
	if (rc == CC_OK && s.paired <= s.sw.published)
		rc = cc_refuse(err, CC_MSG_SWISS_NOTHING_TO_PUBLISH, s.e.name);
	if (rc == CC_OK)
		rc = cc_store_swiss_publish(cc_session_db_store(db), s.e.id, s.e.name, s.paired, err);
	if (rc == CC_OK && round)
		*round = s.paired;
	state_free(&s);
	return rc;
}

/* Player's seat in the Swiss read into s. */
static cc_err seat_in(cc_session_db *db, const swiss_state *s, const char *player, unsigned *seat, char *shown,
                      cc_error *err)
{
	cc_store_player p;
	cc_err rc = cc_store_player_find(cc_session_db_store(db), player, &p, err);
	if (rc == CC_ERR_NOT_FOUND)
		return cc_refuse(err, CC_MSG_NO_SUCH_PLAYER_ADD_FIRST, player);
	if (rc)
		return rc;
	snprintf(shown, CC_NAME_MAX, "%s", p.name);
	for (unsigned i = 0; i < s->e.players && i < CC_CLUB_PLAYERS_MAX; i++)
		if (s->ids[i] == p.id) {
			*seat = i;
			return CC_OK;
		}
	return cc_refuse(err, CC_MSG_NOT_PLAYER_OF_EVENT, p.name, s->e.name);
}

/* May player be left unpaired in round (an absence, a half-point bye)? */
static cc_err unpaired_check(cc_session_db *db, swiss_state *s, const char *player, unsigned round, unsigned *seat,
                             char *shown, cc_error *err)
{
	cc_err rc = seat_in(db, s, player, seat, shown, err);
	if (rc == CC_OK && (round < 1 || round > s->sw.rounds))
		rc = cc_refuse(err, CC_MSG_EVENT_NO_SUCH_ROUND, s->e.name, round, s->sw.rounds);
	if (rc == CC_OK && round <= s->paired)
		rc = cc_refuse(err, CC_MSG_SWISS_ROUND_PAIRED, s->e.name, round);
	if (rc == CC_OK && !present_in(s, *seat, round))
		rc = cc_refuse(err, CC_MSG_SWISS_ABSENT_ALREADY, shown, round);
	return rc;
}

cc_err cc_session_club_event_absent(cc_session_db *db, const char *name, const char *player, unsigned round,
                                    cc_error *err)
{
	swiss_state s;
	char shown[CC_NAME_MAX];
	unsigned seat = 0;
	cc_err rc = state_read(db, name, &s, err);
	if (rc == CC_OK)
		rc = unpaired_check(db, &s, player, round, &seat, shown, err);
	if (rc == CC_OK)
		rc = cc_store_event_absent(cc_session_db_store(db), s.e.id, s.e.name, seat, round, err);
	state_free(&s);
	return rc;
}

cc_err cc_session_club_swiss_half_bye(cc_session_db *db, const char *name, const char *player, unsigned round,
                                      cc_error *err)
{
	swiss_state s;
	char shown[CC_NAME_MAX];
	unsigned seat = 0, taken = 0;
	cc_err rc = state_read(db, name, &s, err);
	if (rc == CC_OK)
		rc = unpaired_check(db, &s, player, round, &seat, shown, err);
	for (size_t i = 0; rc == CC_OK && i < s.nb; i++)
		taken += s.byes[i].seat == seat;
	if (rc == CC_OK && s.sw.has_half_bye_limit && taken >= s.sw.half_bye_limit)
		rc = cc_refuse(err, CC_MSG_SWISS_HALF_BYE_LIMIT, shown, taken, s.e.name);
	if (rc == CC_OK)
		rc = cc_store_event_half_bye(cc_session_db_store(db), s.e.id, shown, seat, round, err);
	state_free(&s);
	return rc;
}

cc_err cc_session_club_swiss_enter(cc_session_db *db, const char *name, int64_t player_id, const char *shown,
                                   cc_error *err)
{
	swiss_state s;
	cc_err rc = state_read(db, name, &s, err);
	for (unsigned i = 0; rc == CC_OK && i < s.e.players && i < CC_CLUB_PLAYERS_MAX; i++)
		if (s.ids[i] == player_id)
			rc = cc_refuse(err, CC_MSG_ALREADY_IN_EVENT, shown, s.e.name);
	if (rc == CC_OK && s.e.players >= CC_CLUB_PLAYERS_MAX)
		rc = cc_refuse(err, CC_MSG_SWISS_SIZE, CC_CLUB_PLAYERS_MAX, s.e.players + 1);
	if (rc == CC_OK && s.paired >= s.sw.rounds)
		rc = cc_refuse(err, CC_MSG_SWISS_ALL_PAIRED, s.e.name, s.sw.rounds);
	if (rc == CC_OK)
		rc = cc_store_swiss_enter(cc_session_db_store(db), s.e.id, s.e.players, player_id, err);
	state_free(&s);
	return rc;
}
