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
 */
#include "chesscubing/session_club.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "session_internal.h"

/* ---- the replay -------------------------------------------------------------------- */

typedef struct {
	cc_store_player *players; /* by id */
	size_t n;
	cc_club_rating *ratings;  /* one per player */
	cc_store_club_match *matches;
	size_t m;
	bool *counted;            /* one per match */
	cc_club_change *changes;  /* one per match, when counted */
	cc_club_list list; /* the games it rates */
} replay;

static void replay_free(replay *rp)
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
static size_t index_of(const replay *rp, int64_t id)
{
	const cc_store_player *p = bsearch(&id, rp->players, rp->n, sizeof *rp->players, compare_id);
	return p ? (size_t)(p - rp->players) : rp->n;
}

/* What the club knows of match m (CL-2.1), for the core to decide. */
static cc_club_count count_of(const replay *rp, const cc_store_club_match *m)
{
	cc_club_match_facts facts = {m->over,
	                             m->rated,
	                             m->white_id == m->black_id,
	                             index_of(rp, m->white_id) != rp->n,
	                             index_of(rp, m->black_id) != rp->n,
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

static cc_err replay_list(cc_session_db *db, replay *rp, cc_club_list list, cc_error *err)
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
		replay_free(rp);
		return rc;
	}
	cc_club_ratings_init(rp->ratings, rp->n);
	for (size_t i = 0; i < rp->m; i++) {
		const cc_store_club_match *m = &rp->matches[i];
		if (count_of(rp, m) != CC_CLUB_COUNTS || !cc_store_uno_counts(store, m->id)) /* UNO-F10 */
			continue;
		cc_club_game g = {index_of(rp, m->white_id), index_of(rp, m->black_id), cc_club_white_score(m->winner)};
		cc_club_rate(rp->ratings, &g, &rp->changes[i]);
		rp->counted[i] = true;
	}
	return CC_OK;
}

static void player_of(const replay *rp, size_t i, cc_session_player *out)
{
	memset(out, 0, sizeof *out);
	out->who = rp->players[i];
	out->rating = rp->ratings[i];
	out->tier = cc_club_tier_of(rp->ratings[i].rating);
}

/* ---- players ------------------------------------------------------------------------ */

cc_err cc_session_club_player_add(cc_session_db *db, const char *name, const char *club, const char *federation_id,
                                  cc_error *err)
{
	return cc_store_player_add(cc_session_db_store(db), name, club, federation_id, NULL, err);
}

cc_err cc_session_club_player_rename(cc_session_db *db, const char *name, const char *new_name, cc_error *err)
{
	cc_store_player p;
	cc_err rc = cc_store_player_find(cc_session_db_store(db), name, &p, err);
	return rc ? rc : cc_store_player_rename(cc_session_db_store(db), p.id, new_name, err);
}

static int compare_rating(const void *pa, const void *pb)
{
	const cc_session_player *a = pa, *b = pb;
	if (a->rating.rating != b->rating.rating)
		return a->rating.rating > b->rating.rating ? -1 : 1;
	int names = strcmp(a->who.name, b->who.name);
	return names ? names : (a->who.id < b->who.id ? -1 : a->who.id > b->who.id);
}

cc_err cc_session_club_players(cc_session_db *db, bool by_rating, cc_session_player **items, size_t *count,
                               cc_error *err)
{
	return cc_session_club_players_of(db, CC_CLUB_LIST_CHESSCUBING, by_rating, items, count, err);
}

/* Is the record's rating cache there to read (CL-2.12)? A failure to ask
 * is no answer: then the replay runs and says what fails. */
static bool cached(cc_session_db *db)
{
	bool valid = false;
	return cc_store_ratings_cached(cc_session_db_store(db), &valid, NULL) == CC_OK && valid;
}

/* Every player and his rating read from the cache: the players and the
 * cached ratings, both by id, merged. */
static cc_err players_cached(cc_session_db *db, cc_club_list list, cc_session_player **items, size_t *count,
                             cc_error *err)
{
	cc_store_player *players = NULL;
	cc_store_rating *ratings = NULL;
	size_t n = 0, nr = 0;
	cc_err rc = cc_store_players(cc_session_db_store(db), &players, &n, err);
	if (rc == CC_OK)
		rc = cc_store_rating_players(cc_session_db_store(db), list, &ratings, &nr, err);
	if (rc == CC_OK && n > 0 && !(*items = calloc(n, sizeof **items)))
		rc = cc_refuse(err, CC_MSG_NOMEM);
	for (size_t i = 0, r = 0; rc == CC_OK && i < n; i++) {
		cc_session_player *p = &(*items)[i];
		p->who = players[i];
		cc_club_ratings_init(&p->rating, 1);
		while (r < nr && ratings[r].player_id < players[i].id)
			r++;
		if (r < nr && ratings[r].player_id == players[i].id)
			p->rating = ratings[r].rating;
		p->tier = cc_club_tier_of(p->rating.rating);
	}
	free(players);
	free(ratings);
	if (rc == CC_OK)
		*count = n;
	return rc;
}

cc_err cc_session_club_players_of(cc_session_db *db, cc_club_list list, bool by_rating,
                                  cc_session_player **items, size_t *count, cc_error *err)
{
	replay rp;
	*items = NULL;
	*count = 0;
	if (cached(db)) {
		cc_err rc = players_cached(db, list, items, count, err);
		if (rc == CC_OK && by_rating && *count > 1)
			qsort(*items, *count, sizeof **items, compare_rating);
		return rc;
	}
	cc_err rc = replay_list(db, &rp, list, err);
	if (rc)
		return rc;
	if (rp.n > 0) {
		*items = calloc(rp.n, sizeof **items);
		if (!*items) {
			replay_free(&rp);
			return cc_refuse(err, CC_MSG_NOMEM);
		}
	}
	for (size_t i = 0; i < rp.n; i++)
		player_of(&rp, i, &(*items)[i]);
	*count = rp.n;
	if (by_rating && rp.n > 1)
		qsort(*items, rp.n, sizeof **items, compare_rating);
	replay_free(&rp);
	return CC_OK;
}

/* Does key, or one of its words, start with prefix (a key too)? */
static bool key_starts(const char *key, const char *prefix)
{
	size_t n = strlen(prefix);
	for (const char *word = key; word; word = strchr(word, ' ')) {
		word += *word == ' ';
		if (strncmp(word, prefix, n) == 0)
			return true;
	}
	return false;
}

static int compare_name(const void *pa, const void *pb)
{
	const cc_session_player *a = pa, *b = pb;
	char ka[CC_CLUB_KEY_MAX], kb[CC_CLUB_KEY_MAX];
	if (cc_club_name_key(a->who.name, ka, sizeof ka) != CC_OK || cc_club_name_key(b->who.name, kb, sizeof kb) != CC_OK)
		return strcmp(a->who.name, b->who.name);
	int keys = strcmp(ka, kb);
	return keys ? keys : strcmp(a->who.name, b->who.name);
}

cc_err cc_session_club_player_search(cc_session_db *db, const char *prefix, cc_session_player **items,
                                     size_t *count, cc_error *err)
{
	return cc_session_club_player_search_of(db, CC_CLUB_LIST_CHESSCUBING, prefix, items, count, err);
}

cc_err cc_session_club_player_search_of(cc_session_db *db, cc_club_list list, const char *prefix,
                                        cc_session_player **items, size_t *count, cc_error *err)
{
	char want[CC_CLUB_KEY_MAX], key[CC_CLUB_KEY_MAX];
	bool all = cc_club_name_key(prefix, want, sizeof want) != CC_OK;
	cc_err rc = cc_session_club_players_of(db, list, false, items, count, err);
	if (rc)
		return rc;
	size_t kept = 0;
	for (size_t i = 0; i < *count; i++)
		if (all || (cc_club_name_key((*items)[i].who.name, key, sizeof key) == CC_OK && key_starts(key, want)))
			(*items)[kept++] = (*items)[i];
	*count = kept;
	if (kept > 1)
		qsort(*items, kept, sizeof **items, compare_name);
	return CC_OK;
}

cc_err cc_session_club_player(cc_session_db *db, const char *name, cc_session_player *out, cc_error *err)
{
	return cc_session_club_player_of(db, CC_CLUB_LIST_CHESSCUBING, name, out, err);
}

cc_err cc_session_club_player_of(cc_session_db *db, cc_club_list list, const char *name,
                                 cc_session_player *out, cc_error *err)
{
	cc_store_player p;
	replay rp;
	cc_err rc = cc_store_player_find(cc_session_db_store(db), name, &p, err);
	if (rc == CC_OK && cached(db)) {
		memset(out, 0, sizeof *out);
		out->who = p;
		rc = cc_store_rating_of(cc_session_db_store(db), list, p.id, &out->rating, err);
		out->tier = cc_club_tier_of(out->rating.rating);
		return rc;
	}
	if (rc == CC_OK)
		rc = replay_list(db, &rp, list, err);
	if (rc)
		return rc;
	player_of(&rp, index_of(&rp, p.id), out);
	replay_free(&rp);
	return CC_OK;
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
	replay rp;
	cc_session_info info;
	memset(out, 0, sizeof *out);
	out->count = CC_CLUB_UNREGISTERED;
	out->why_not = CC_MSG_CLUB_NOT_IN_REGISTRY;
	/* A match is rated in its own game's list. */
	cc_err rc = cc_session_db_info(db, id, &info, err);
	if (rc == CC_OK && cached(db))
		return club_match_cached(db, id, cc_game_class_of(info.settings.format)->rating_list, out, err);
	if (rc == CC_OK)
		rc = replay_list(db, &rp, cc_game_class_of(info.settings.format)->rating_list, err);
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
	replay_free(&rp);
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
	replay rp;
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
	if (cached(db)) {
		rc = cc_store_rating_pair_each(cc_session_db_store(db), list, pa.id, pb.id, h2h_cached, &c, err);
	} else {
		rc = replay_list(db, &rp, list, err);
		if (rc)
			return rc;
		for (size_t i = 0; i < rp.m; i++) {
			const cc_store_club_match *m = &rp.matches[i];
			bool a_white = m->white_id == pa.id && m->black_id == pb.id;
			bool a_black = m->white_id == pb.id && m->black_id == pa.id;
			if (rp.counted[i] && (a_white || a_black))
				h2h_add(&c, a_white, cc_club_white_score(m->winner));
		}
		replay_free(&rp);
	}
	if (rc)
		return rc;
	out->recent_count = c.seen < CC_SESSION_H2H_RECENT ? c.seen : CC_SESSION_H2H_RECENT;
	for (size_t k = 0; k < out->recent_count; k++)
		out->recent[k] = c.all[(c.seen - out->recent_count + k) % CC_SESSION_H2H_RECENT];
	return CC_OK;
}

/* ---- events ------------------------------------------------------------------------- */

cc_err cc_session_club_event_create(cc_session_db *db, const char *name, const char *const *players, unsigned count,
                                    bool twice, cc_format format, cc_category category, cc_error *err)
{
	cc_store *store = cc_session_db_store(db);
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
	size_t n = cc_club_berger_count(count, twice);
	cc_club_pairing *pairings = calloc(n, sizeof *pairings);
	if (!pairings)
		return cc_refuse(err, CC_MSG_NOMEM);
	cc_store_event ev = {.format = format, .category = category, .twice = twice, .players = count};
	/* CL-3.8: the name is kept without the spaces at either end */
	size_t len = strlen(name);
	while (len > 0 && (name[len - 1] == ' ' || name[len - 1] == '\t'))
		len--;
	while (len > 0 && (*name == ' ' || *name == '\t'))
		name++, len--;
	snprintf(ev.name, sizeof ev.name, "%.*s", (int)len, name);
	cc_err rc = len < sizeof ev.name ? CC_OK : cc_refuse(err, CC_MSG_EVENT_NAME_TOO_LONG);
	if (rc == CC_OK)
		rc = cc_club_berger(count, twice, pairings, n, err);
	if (rc == CC_OK) {
		const cc_clock *clock = cc_session_db_clock(db);
		rc = cc_store_event_create(store, &ev, ids, pairings, n, clock->wall_ms(clock), NULL, err);
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
}

/* The pairings of event e with their players' names and results. */
static cc_err load_pairings(cc_session_db *db, const cc_store_event *e, const int64_t *ids,
                            cc_session_pairing **out, size_t *count, cc_session_event *summary, cc_error *err)
{
	cc_store *store = cc_session_db_store(db);
	cc_store_pairing *raw = NULL;
	cc_store_player *players = NULL;
	size_t n = 0, np = 0;
	*out = NULL;
	*count = 0;
	cc_err rc = cc_store_event_pairings(store, e->id, &raw, &n, err);
	if (rc == CC_OK)
		rc = cc_store_players(store, &players, &np, err);
	if (rc == CC_OK && n > 0 && !(*out = calloc(n, sizeof **out)))
		rc = cc_refuse(err, CC_MSG_NOMEM);
	for (size_t i = 0; rc == CC_OK && i < n; i++) {
		cc_session_pairing *p = &(*out)[i];
		const cc_store_pairing *r = &raw[i];
		p->round = r->round;
		p->board = r->board;
		p->bye = r->bye;
		p->match_id = r->match_id;
		for (size_t k = 0; k < np; k++) {
			if (r->white_seat < e->players && players[k].id == ids[r->white_seat])
				snprintf(p->white, sizeof p->white, "%s", players[k].name);
			if (!r->bye && r->black_seat < e->players && players[k].id == ids[r->black_seat])
				snprintf(p->black, sizeof p->black, "%s", players[k].name);
		}
		p->result = p->bye ? "bye" : "";
		p->over = p->bye;
		if (p->match_id) {
			cc_store_match_info info;
			rc = cc_store_match_info_of(store, p->match_id, &info, err);
			p->over = rc == CC_OK && info.over;
			p->result = !p->over ? "*"
			            : info.winner == CC_WINNER_WHITE ? "1-0"
			            : info.winner == CC_WINNER_BLACK ? "0-1"
			                                             : "1/2-1/2";
		}
	}
	/* A bye counts once its round has begun: a match of the round created (CL-3.4). */
	for (size_t i = 0; rc == CC_OK && i < n; i++) {
		cc_session_pairing *p = &(*out)[i];
		if (p->bye) {
			p->over = false;
			for (size_t k = 0; k < n; k++)
				p->over = p->over || ((*out)[k].round == p->round && (*out)[k].match_id != 0);
			p->result = p->over ? "bye" : "";
		}
		summary->finished += p->over;
	}
	summary->pairings = n;
	free(raw);
	free(players);
	if (rc) {
		free(*out);
		*out = NULL;
		return rc;
	}
	*count = n;
	return CC_OK;
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
	return load_pairings(db, &e, ids, pairings, count, event, err);
}

cc_err cc_session_club_standings(cc_session_db *db, const char *name, cc_session_event *event,
                                 cc_session_standing *out, unsigned *count, cc_error *err)
{
	int64_t ids[CC_CLUB_PLAYERS_MAX] = {0};
	cc_store_event e;
	cc_session_pairing *pairings = NULL;
	cc_store_pairing *raw = NULL;
	size_t n = 0, nraw = 0;
	*count = 0;
	cc_err rc = cc_store_event_find(cc_session_db_store(db), name, &e, ids, err);
	if (rc)
		return rc;
	event_from_store(&e, event);
	rc = load_pairings(db, &e, ids, &pairings, &n, event, err);
	if (rc == CC_OK)
		rc = cc_store_event_pairings(cc_session_db_store(db), e.id, &raw, &nraw, err);
	cc_club_result *results = rc == CC_OK && n > 0 ? calloc(n, sizeof *results) : NULL;
	if (rc == CC_OK && n > 0 && !results)
		rc = cc_refuse(err, CC_MSG_NOMEM);
	if (rc == CC_OK && nraw != n)
		rc = cc_refuse(err, CC_MSG_PAIRINGS_CHANGED, name);
	if (rc == CC_OK) {
		cc_club_standing st[CC_CLUB_PLAYERS_MAX];
		for (size_t i = 0; i < n; i++) {
			const cc_session_pairing *p = &pairings[i];
			double s = strcmp(p->result, "1-0") == 0 ? 1.0 : strcmp(p->result, "0-1") == 0 ? 0.0 : 0.5;
			results[i] = (cc_club_result){raw[i].white_seat, p->bye ? CC_CLUB_BYE : raw[i].black_seat, p->over,
			                              p->bye ? 1.0 : s};
		}
		unsigned players = e.players <= CC_CLUB_PLAYERS_MAX ? e.players : CC_CLUB_PLAYERS_MAX;
		cc_club_standings(players, results, n, st);
		for (unsigned i = 0; i < players; i++) {
			out[i].st = st[i];
			out[i].name[0] = '\0';
		}
		/* names by seat, from the pairings already read */
		for (unsigned i = 0; i < players; i++)
			for (size_t k = 0; k < n && !out[i].name[0]; k++) {
				if (raw[k].white_seat == st[i].player)
					snprintf(out[i].name, sizeof out[i].name, "%s", pairings[k].white);
				else if (!raw[k].bye && raw[k].black_seat == st[i].player)
					snprintf(out[i].name, sizeof out[i].name, "%s", pairings[k].black);
			}
		*count = players;
	}
	free(results);
	free(raw);
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
	cc_err rc = cc_session_club_event(db, event->name, &e, &pairings, &n, err);
	for (size_t i = 0; rc == CC_OK && i < n; i++) {
		if (pairings[i].bye || pairings[i].match_id)
			continue;
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
