/*
 * club.c: the club through the session (session_club.h, rules/club.md).
 *
 * The ratings are a replay: the players by id, the matches linked to two
 * players in the order they ended (the store sorts them, CL-2.7), and for
 * each one the core's club counts (cc_club_counts, CL-2.1) White's score
 * (cc_club_white_score, CL-2.5) given to cc_club_rate(). The record keeps
 * that replay's result as a cache, brought up to date with every event
 * (store.h, CL-2.12): when it is valid, a rating, a match's change and a
 * head-to-head read only their rows; otherwise (an older file, a file
 * edited by hand) they are replayed here. The tests check the two agree.
 * Here: the replay, a match's club facts and head-to-head; the players are
 * club_players.c's, the events club_events.c's, forfeits and byes
 * club_forfeits.c's, corrections club_corrections.c's.
 */
#include "chesscubing/session_club.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "club_internal.h"
#include "session_internal.h"
#include "store.h"

/* ---- the replay -------------------------------------------------------------------- */

void cc_session_club_replay_free(cc_session_club_replay *rp)
{
	free(rp->players);
	free(rp->ratings);
	free(rp->matches);
	free(rp->counted);
	free(rp->changes);
	memset(rp, 0, sizeof *rp);
}

static int compare_id(const void *key, const void *item)
{
	int64_t id = *(const int64_t *)key, other = ((const cc_store_player *)item)->id;
	return id < other ? -1 : id > other;
}

/* The index of player id, or n when he is not registered. */
size_t cc_session_club_replay_index(const cc_session_club_replay *rp, int64_t id)
{
	const cc_store_player *p = bsearch(&id, rp->players, rp->n, sizeof *rp->players, compare_id);
	return p ? (size_t)(p - rp->players) : rp->n;
}

/* What the club knows of match m (CL-2.1), for the core to decide. */
static cc_club_count count_of(const cc_session_club_replay *rp, const cc_store_club_match *m)
{
	cc_club_match_facts facts = {m->over,
	                             m->rated,
	                             m->white_id == m->black_id,
	                             cc_session_club_replay_index(rp, m->white_id) != rp->n,
	                             cc_session_club_replay_index(rp, m->black_id) != rp->n,
	                             cc_game_class_of(m->format)->rating_list};
	return cc_club_counts(&facts, rp->list);
}

/* The reason said for a count the core decided (CL-2.1). */
static cc_msg why_not_msg(cc_club_count count)
{
	switch (count) {
	case CC_CLUB_COUNTS:
		return CC_MSG_COUNT;
	case CC_CLUB_NOT_FINISHED:
		return CC_MSG_CLUB_NOT_FINISHED;
	case CC_CLUB_UNRATED:
		return CC_MSG_CLUB_UNRATED;
	case CC_CLUB_AGAINST_HIMSELF:
		return CC_MSG_CLUB_AGAINST_HIMSELF;
	case CC_CLUB_UNREGISTERED:
		return CC_MSG_CLUB_NOT_REGISTERED;
	case CC_CLUB_OTHER_LIST:
		return CC_MSG_CLUB_OTHER_LIST;
	}
	return CC_MSG_COUNT;
}

cc_err cc_session_club_replay_list(cc_session_db *db, cc_session_club_replay *rp, cc_club_list list, cc_error *err)
{
	cc_store *store = cc_session_db_store(db);
	memset(rp, 0, sizeof *rp);
	rp->list = list;
	cc_err rc = cc_store_players(store, &rp->players, &rp->n, err);
	if (rc == CC_OK)
		rc = cc_store_club_matches(store, &rp->matches, &rp->m, err);
	if (rc == CC_OK) {
		rp->ratings = calloc(rp->n + 1, sizeof *rp->ratings);
		rp->counted = calloc(rp->m + 1, sizeof *rp->counted);
		rp->changes = calloc(rp->m + 1, sizeof *rp->changes);
		if (!rp->ratings || !rp->counted || !rp->changes)
			rc = cc_refuse(err, CC_MSG_NOMEM);
	}
	if (rc) {
		cc_session_club_replay_free(rp);
		return rc;
	}
	cc_club_ratings_init(rp->ratings, rp->n);
	for (size_t i = 0; i < rp->m; i++) {
		const cc_store_club_match *m = &rp->matches[i];
		if (count_of(rp, m) != CC_CLUB_COUNTS || !cc_store_uno_counts(store, m->id)) /* UNO-F10 */
			continue;
		cc_club_game g = {cc_session_club_replay_index(rp, m->white_id), cc_session_club_replay_index(rp, m->black_id), cc_club_white_score(m->winner)};
		cc_club_rate(rp->ratings, &g, &rp->changes[i]);
		rp->counted[i] = true;
	}
	return CC_OK;
}

void cc_session_club_replay_player(const cc_session_club_replay *rp, size_t i, cc_session_player *out)
{
	memset(out, 0, sizeof *out);
	out->who = rp->players[i];
	out->rating = rp->ratings[i];
	out->tier = cc_club_tier_of(rp->ratings[i].rating);
}

/* Is the record's rating cache there to read (CL-2.12)? A failure to ask
 * is no answer: then the replay runs and says what fails. */
bool cc_session_club_cached(cc_session_db *db)
{
	bool valid = false;
	return cc_store_ratings_cached(cc_session_db_store(db), &valid, NULL) == CC_OK && valid;
}

/* ---- matches ------------------------------------------------------------------------ */

/* Match m's event, when it plays a pairing of one. */
static cc_err event_of(cc_session_db *db, const cc_store_club_match *m, cc_session_match_club *out, cc_error *err)
{
	cc_store_event *events = NULL;
	size_t n = 0;
	if (!m->event_id)
		return CC_OK;
	cc_err rc = cc_store_events(cc_session_db_store(db), &events, &n, err);
	for (size_t e = 0; rc == CC_OK && e < n; e++) {
		if (events[e].id == m->event_id) {
			out->in_event = true;
			snprintf(out->event, sizeof out->event, "%s", events[e].name);
			out->round = m->round;
			out->board = m->board;
		}
	}
	free(events);
	return rc;
}

/* cc_session_club_match() from the cache: the match's own rows only. */
static cc_err club_match_cached(cc_session_db *db, int64_t id, cc_club_list list, cc_session_match_club *out,
                                cc_error *err)
{
	cc_store_club_match m;
	cc_store_rated_game g;
	bool registered[2], found = false;
	cc_err rc = cc_store_club_match_one(cc_session_db_store(db), id, &m, registered, err);
	if (rc == CC_ERR_NOT_FOUND)
		return CC_OK; /* linked to no player: as the replay, which never meets it */
	if (rc == CC_OK)
		rc = cc_store_rating_game(cc_session_db_store(db), id, &g, &found, err);
	if (rc)
		return rc;
	cc_club_match_facts facts = {m.over, m.rated, m.white_id == m.black_id, registered[0], registered[1],
	                             cc_game_class_of(m.format)->rating_list};
	out->counted = found;
	out->unrated = !m.rated;
	out->count = found ? CC_CLUB_COUNTS : cc_club_counts(&facts, list);
	out->why_not = why_not_msg(out->count);
	if (found) {
		/* Rated again from the ratings before it: the very change the replay made. */
		cc_club_rating pair[2] = {g.white_before, g.black_before};
		cc_club_game cg = {0, 1, g.white_score};
		cc_club_rate(pair, &cg, &out->change);
	}
	return event_of(db, &m, out, err);
}

cc_err cc_session_club_match(cc_session_db *db, int64_t id, cc_session_match_club *out, cc_error *err)
{
	cc_session_club_replay rp;
	cc_session_info info;
	memset(out, 0, sizeof *out);
	out->count = CC_CLUB_UNREGISTERED;
	out->why_not = CC_MSG_CLUB_NOT_IN_REGISTRY;
	/* A match is rated in its own game's list. */
	cc_err rc = cc_session_db_info(db, id, &info, err);
	if (rc == CC_OK && cc_session_club_cached(db))
		return club_match_cached(db, id, cc_game_class_of(info.settings.format)->rating_list, out, err);
	if (rc == CC_OK)
		rc = cc_session_club_replay_list(db, &rp, cc_game_class_of(info.settings.format)->rating_list, err);
	if (rc)
		return rc;
	for (size_t i = 0; i < rp.m; i++) {
		const cc_store_club_match *m = &rp.matches[i];
		if (m->id != id)
			continue;
		out->counted = rp.counted[i];
		out->unrated = !m->rated;
		out->count = rp.counted[i] ? CC_CLUB_COUNTS : count_of(&rp, m);
		out->why_not = why_not_msg(out->count);
		out->change = rp.changes[i];
		rc = event_of(db, m, out, err);
		break;
	}
	cc_session_club_replay_free(&rp);
	return rc;
}

/* A head-to-head being counted (CL-2.9), match by match in the replay's order. */
typedef struct {
	cc_session_h2h *out;
	int64_t a; /* the first-named player */
	const char *all[CC_SESSION_H2H_RECENT];
	size_t seen;
} h2h_count;

static void h2h_add(h2h_count *c, bool a_white, double white_score)
{
	double a_score = a_white ? white_score : 1.0 - white_score;
	const char *code = a_score > 0.75 ? "1-0" : a_score < 0.25 ? "0-1" : "1/2-1/2";
	if (a_score > 0.75)
		c->out->wins[0]++;
	else if (a_score < 0.25)
		c->out->wins[1]++;
	else
		c->out->draws++;
	/* keep the last five: a ring, read back oldest first */
	c->all[c->seen % CC_SESSION_H2H_RECENT] = code;
	c->seen++;
}

static cc_err h2h_cached(void *ctx, const cc_store_rated_game *g, cc_error *err)
{
	h2h_count *c = ctx;
	(void)err;
	h2h_add(c, g->white_id == c->a, g->white_score);
	return CC_OK;
}

cc_err cc_session_club_h2h(cc_session_db *db, const char *a, const char *b, cc_session_h2h *out, cc_error *err)
{
	return cc_session_club_h2h_of(db, CC_CLUB_LIST_CHESSCUBING, a, b, out, err);
}

cc_err cc_session_club_h2h_of(cc_session_db *db, cc_club_list list, const char *a, const char *b,
                              cc_session_h2h *out, cc_error *err)
{
	cc_store_player pa, pb;
	cc_session_club_replay rp;
	memset(out, 0, sizeof *out);
	cc_err rc = cc_store_player_find(cc_session_db_store(db), a, &pa, err);
	if (rc == CC_OK)
		rc = cc_store_player_find(cc_session_db_store(db), b, &pb, err);
	if (rc)
		return rc;
	if (pa.id == pb.id)
		return cc_refuse(err, CC_MSG_SAME_PLAYER_TWICE, a, b);
	h2h_count c = {out, pa.id, {NULL}, 0};
	snprintf(out->names[0], sizeof out->names[0], "%s", pa.name);
	snprintf(out->names[1], sizeof out->names[1], "%s", pb.name);
	if (cc_session_club_cached(db)) {
		rc = cc_store_rating_pair_each(cc_session_db_store(db), list, pa.id, pb.id, h2h_cached, &c, err);
	} else {
		rc = cc_session_club_replay_list(db, &rp, list, err);
		if (rc)
			return rc;
		for (size_t i = 0; i < rp.m; i++) {
			const cc_store_club_match *m = &rp.matches[i];
			bool a_white = m->white_id == pa.id && m->black_id == pb.id;
			bool a_black = m->white_id == pb.id && m->black_id == pa.id;
			if (rp.counted[i] && (a_white || a_black))
				h2h_add(&c, a_white, cc_club_white_score(m->winner));
		}
		cc_session_club_replay_free(&rp);
	}
	if (rc)
		return rc;
	out->recent_count = c.seen < CC_SESSION_H2H_RECENT ? c.seen : CC_SESSION_H2H_RECENT;
	for (size_t k = 0; k < out->recent_count; k++)
		out->recent[k] = c.all[(c.seen - out->recent_count + k) % CC_SESSION_H2H_RECENT];
	return CC_OK;
}
