/*
 * club_players.c: the club's players through the session (session_club.h,
 * rules/club.md CL-1, CL-7): adding, renaming, merging, deleting, editing
 * them, their log, and the players with their ratings, read from the
 * record's rating cache when it is valid (CL-2.12), replayed (club.c)
 * otherwise; the search by a name's start. Split from club.c.
 */
#include "chesscubing/session_club.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "club_internal.h"
#include "session_internal.h"

/* ---- players ------------------------------------------------------------------------ */

/* A player's club and federation ID (none: NULL or "") are free texts
 * (RU-24.3), checked once the name is (the store says why a name is none). */
static cc_err free_texts(const char *name, const char *club, const char *federation_id, cc_error *err)
{
	cc_msg why;
	if (name && strlen(name) < CC_NAME_MAX && !cc_text_is_name(name, &why))
		return cc_refuse(err, why, name);
	cc_err rc = cc_text_check_optional(CC_TEXT_CLUB, club, CC_NAME_MAX, err);
	return rc ? rc : cc_text_check_optional(CC_TEXT_FEDERATION_ID, federation_id, CC_SESSION_FED_MAX, err);
}

cc_err cc_session_club_player_add(cc_session_db *db, const char *name, const char *club, const char *federation_id,
                                  cc_error *err)
{
	cc_err rc = free_texts(name, club, federation_id, err);
	return rc ? rc : cc_store_player_add(cc_session_db_store(db), name, club, federation_id, NULL, err);
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
	cc_err rc = free_texts(NULL, club, federation_id, err);
	if (rc == CC_OK)
		rc = cc_store_player_find(store, name, &p, err);
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
	cc_session_club_replay rp;
	*items = NULL;
	*count = 0;
	if (cc_session_club_cached(db)) {
		cc_err rc = players_cached(db, list, items, count, err);
		if (rc == CC_OK && by_rating && *count > 1)
			qsort(*items, *count, sizeof **items, compare_rating);
		return rc;
	}
	cc_err rc = cc_session_club_replay_list(db, &rp, list, err);
	if (rc)
		return rc;
	if (rp.n > 0) {
		*items = calloc(rp.n, sizeof **items);
		if (!*items) {
			cc_session_club_replay_free(&rp);
			return cc_refuse(err, CC_MSG_NOMEM);
		}
	}
	for (size_t i = 0; i < rp.n; i++)
		cc_session_club_replay_player(&rp, i, &(*items)[i]);
	*count = rp.n;
	if (by_rating && rp.n > 1)
		qsort(*items, rp.n, sizeof **items, compare_rating);
	cc_session_club_replay_free(&rp);
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
	cc_session_club_replay rp;
	cc_err rc = cc_store_player_find(cc_session_db_store(db), name, &p, err);
	if (rc == CC_OK && cc_session_club_cached(db)) {
		memset(out, 0, sizeof *out);
		out->who = p;
		rc = cc_store_rating_of(cc_session_db_store(db), list, p.id, &out->rating, err);
		out->tier = cc_club_tier_of(out->rating.rating);
		return rc;
	}
	if (rc == CC_OK)
		rc = cc_session_club_replay_list(db, &rp, list, err);
	if (rc)
		return rc;
	cc_session_club_replay_player(&rp, cc_session_club_replay_index(&rp, p.id), out);
	cc_session_club_replay_free(&rp);
	return CC_OK;
}
