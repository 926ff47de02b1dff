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

cc_err cc_session_club_player_merge(cc_session_db *db, const char *keep, const char *gone, cc_error *err)
{
	cc_store *store = cc_session_db_store(db);
	const cc_clock *clock = cc_session_db_clock(db);
	cc_store_player a, b;
	cc_err rc = cc_store_player_find(store, keep, &a, err);
	if (rc == CC_OK)
		rc = cc_store_player_find(store, gone, &b, err);
	return rc ? rc : cc_store_player_merge(store, a.id, b.id, clock->wall_ms(clock), err);
}

cc_err cc_session_club_player_delete(cc_session_db *db, const char *name, cc_error *err)
{
	cc_store *store = cc_session_db_store(db);
	const cc_clock *clock = cc_session_db_clock(db);
	cc_store_player p;
	cc_err rc = cc_store_player_find(store, name, &p, err);
	return rc ? rc : cc_store_player_delete(store, p.id, clock->wall_ms(clock), err);
}

cc_err cc_session_club_player_edit(cc_session_db *db, const char *name, const char *club, const char *federation_id,
                                   cc_error *err)
{
	cc_store *store = cc_session_db_store(db);
	const cc_clock *clock = cc_session_db_clock(db);
	cc_store_player p;
	cc_err rc = cc_store_player_find(store, name, &p, err);
	return rc ? rc : cc_store_player_edit(store, p.id, club, federation_id, clock->wall_ms(clock), err);
}

cc_err cc_session_club_player_log(cc_session_db *db, cc_session_player_change **items, size_t *count, cc_error *err)
{
	cc_store_player_change *rows = NULL;
	*items = NULL;
	cc_err rc = cc_store_player_log(cc_session_db_store(db), &rows, count, err);
	if (rc == CC_OK && *count > 0 && !(*items = calloc(*count, sizeof **items)))
		rc = cc_refuse(err, CC_MSG_NOMEM);
	for (size_t i = 0; rc == CC_OK && i < *count; i++) {
		cc_session_player_change *c = &(*items)[i];
		snprintf(c->utc, sizeof c->utc, "%s", rows[i].utc);
		snprintf(c->action, sizeof c->action, "%s", rows[i].action);
		snprintf(c->name, sizeof c->name, "%s", rows[i].name);
		snprintf(c->other, sizeof c->other, "%s", rows[i].other);
		snprintf(c->detail, sizeof c->detail, "%s", rows[i].detail);
	}
	free(rows);
	if (rc)
		*count = 0;
	return rc;
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
	size_t n = cc_club_berger_count(count, twice);
	cc_club_pairing *pairings = calloc(n, sizeof *pairings);
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
	to->fixed = from->fixed;
	to->variant = from->variant;
	to->tc_base_ms = from->tc_base_ms;
	to->tc_increment_ms = from->tc_increment_ms;
	to->claims = from->claims;
	to->closed = from->closed;
	snprintf(to->closed_utc, sizeof to->closed_utc, "%s", from->closed_utc);
	to->bye_halves = from->bye_halves;
}

/* ---- club corrections (CL-5.3..CL-5.7) ---------------------------------------------- */

cc_err cc_session_club_correct(cc_session_db *db, const cc_session_correction *c, int64_t *id, cc_error *err)
{
	const cc_clock *clock = cc_session_db_clock(db);
	cc_session_correction dated = *c;
	dated.wall_ms = clock->wall_ms(clock);
	return cc_store_correction_add(cc_session_db_store(db), &dated, id, err);
}

cc_err cc_session_club_correct_undo(cc_session_db *db, int64_t match_id, const char *by,
                                    cc_session_correction *undone, cc_error *err)
{
	const cc_clock *clock = cc_session_db_clock(db);
	return cc_store_correction_undo(cc_session_db_store(db), match_id, by, clock->wall_ms(clock), undone, err);
}

cc_err cc_session_club_corrections(cc_session_db *db, int64_t match_id, cc_session_correction **items,
                                   size_t *count, cc_error *err)
{
	return cc_store_corrections(cc_session_db_store(db), match_id, items, count, err);
}

cc_err cc_session_club_corrected_result(cc_session_db *db, int64_t id, cc_winner *winner,
                                       cc_session_correction *by, cc_error *err)
{
	cc_session_correction *items = NULL;
	size_t n = 0;
	cc_err rc = cc_session_club_corrections(db, id, &items, &n, err);
	if (by)
		memset(by, 0, sizeof *by);
	for (size_t i = 0; rc == CC_OK && i < n; i++)
		if (!items[i].undone && items[i].sets_result) {
			*winner = items[i].winner;
			if (by)
				*by = items[i];
		}
	free(items);
	return rc;
}

/* The static text of a pairing's result (session_club.h): a game's, a
 * forfeit's, a bye's, a half-point bye's points, a cancelled game's. */
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

/* What the core was given and said of an event's pairings (for its standings). */
typedef struct {
	cc_club_event_terms terms;
	cc_club_entry *entries;  /* malloc'd, one per pairing */
	cc_club_scored *scored;  /* malloc'd, one per pairing */
} scoring;

/* The pairings of event e with their players' names and results, scored
 * by the core (CL-3.4, CL-6): forfeits, withdrawals, byes. With sc, the
 * core's input and output are kept there (the caller frees them). */
static cc_err load_pairings_scored(cc_session_db *db, const cc_store_event *e, const int64_t *ids,
                                   cc_session_pairing **out, size_t *count, cc_session_event *summary,
                                   scoring *sc, cc_error *err)
{
	cc_store *store = cc_session_db_store(db);
	cc_store_pairing *raw = NULL;
	cc_store_player *players = NULL;
	cc_store_half_bye *byes = NULL;
	cc_club_entry *entries = NULL;
	cc_club_scored *scored = NULL;
	cc_winner *winners = NULL;
	size_t n = 0, np = 0, nb = 0;
	cc_club_event_terms terms = {.players = e->players, .bye_halves = e->bye_halves};
	*out = NULL;
	*count = 0;
	cc_err rc = cc_store_event_pairings(store, e->id, &raw, &n, err);
	if (rc == CC_OK)
		rc = cc_store_players(store, &players, &np, err);
	if (rc == CC_OK)
		rc = cc_store_event_absences(store, e->id, terms.withdrawn_from, &byes, &nb, err);
	if (rc == CC_OK && n > 0 &&
	    (!(*out = calloc(n, sizeof **out)) || !(entries = calloc(n, sizeof *entries)) ||
	     !(scored = calloc(n, sizeof *scored)) || !(winners = calloc(n, sizeof *winners))))
		rc = cc_refuse(err, CC_MSG_NOMEM);
	for (size_t i = 0; rc == CC_OK && i < n; i++) {
		cc_session_pairing *p = &(*out)[i];
		const cc_store_pairing *r = &raw[i];
		cc_club_entry *g = &entries[i];
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
		*g = (cc_club_entry){.round = r->round, .white = r->white_seat,
		                     .black = r->bye ? CC_CLUB_BYE : r->black_seat, .has_match = r->match_id != 0,
		                     .winner = CC_WINNER_NONE, .forfeit = r->forfeit};
		for (size_t k = 0; k < nb; k++)
			if (byes[k].round == r->round && !r->bye) {
				g->half_bye[0] = g->half_bye[0] || byes[k].seat == r->white_seat;
				g->half_bye[1] = g->half_bye[1] || byes[k].seat == r->black_seat;
			}
		if (p->match_id) {
			cc_store_match_info info;
			rc = cc_store_match_info_of(store, p->match_id, &info, err);
			g->over = rc == CC_OK && info.over;
			if (g->over) /* the club's result: the standing corrections applied (CL-5.3) */
				rc = cc_session_club_corrected_result(db, p->match_id, &info.winner, NULL, err);
			g->winner = g->over ? info.winner : CC_WINNER_NONE;
			winners[i] = g->winner;
		}
	}
	if (rc == CC_OK && n > 0)
		cc_club_score(&terms, entries, n, scored);
	summary->pairings = 0;
	summary->finished = 0;
	for (size_t i = 0; rc == CC_OK && i < n; i++) {
		cc_session_pairing *p = &(*out)[i];
		const cc_club_scored *o = &scored[i];
		p->outcome = o->outcome;
		p->forfeit = o->forfeit;
		p->by_withdrawal = o->by_withdrawal;
		p->counted = o->counted;
		p->points[0] = o->points[0];
		p->points[1] = o->points[1];
		/* over: it has its result (a bye once its round has begun, CL-3.4) */
		p->over = o->finished || o->outcome == CC_CLUB_OUT_BYE || (o->outcome == CC_CLUB_OUT_HALF_BYE && o->counted);
		p->result = result_text(p, winners[i]);
		/* "N of M games finished": byes are no games (CL-6.6) */
		summary->pairings += o->is_game;
		summary->finished += o->is_game && o->finished;
	}
	free(raw);
	free(players);
	free(byes);
	free(winners);
	if (sc && rc == CC_OK) {
		*sc = (scoring){terms, entries, scored};
		entries = NULL;
		scored = NULL;
	}
	free(entries);
	free(scored);
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
	return load_pairings_scored(db, e, ids, out, count, summary, NULL, err);
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
	return cc_session_club_event_standings(db, name, event, NULL, NULL, out, count, err);
}

cc_err cc_session_club_event_standings(cc_session_db *db, const char *name, cc_session_event *event,
                                       cc_session_pairing **pairings_out, size_t *pairing_count,
                                       cc_session_standing *out, unsigned *count, cc_error *err)
{
	int64_t ids[CC_CLUB_PLAYERS_MAX] = {0};
	cc_store_event e;
	cc_session_pairing *pairings = NULL;
	scoring sc = {0};
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
	rc = load_pairings_scored(db, &e, ids, &pairings, &n, event, &sc, err);
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
		if (pairings[i].bye || pairings[i].match_id || pairings[i].outcome != CC_CLUB_OUT_NOT_STARTED)
			continue; /* a forfeit, a withdrawal's, a half-point bye: not played (CL-6) */
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
	cc_err rc = cc_store_event_find(cc_session_db_store(db), name, &e, NULL, err);
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
/* ---- forfeits, withdrawals and byes (CL-6) ----------------------------------------- */

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
	scoring sc = {0};
	size_t n = 0;
	unsigned seat = 0;
	memset(out, 0, sizeof *out);
	cc_err rc = seat_of(db, name, player, &e, ids, &seat, &p, err);
	if (rc == CC_OK)
		rc = load_pairings_scored(db, &e, ids, &pairings, &n, &summary, &sc, err);
	if (rc)
		return rc;
	unsigned rounds = cc_club_berger_rounds(e.players, e.twice), last = 0;
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
		out->cancelled = cc_club_withdrawal_cancels(sc.entries, n, seat, from_round);
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
	cc_err rc = seat_of(db, name, player, &e, ids, &seat, &p, err);
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
