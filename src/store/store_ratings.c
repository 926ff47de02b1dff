/*
 * store_ratings.c: the rating cache kept in the record (schema 8, CL-2.12),
 * so that reading a rating, a match's rating change or a head-to-head costs
 * the rows it shows and not a replay of every game.
 *
 * What it holds. rating_games: one row per counted match (CL-2.1) of each
 * rating list (CL-2.10), in the order the ratings replay them (CL-2.7:
 * no end first, then by end, then by number; its primary key), with both
 * players' ratings before it (cc_club_rating, every field: the doubles are
 * stored as SQLite REALs, 8-byte IEEE, so they come back bit for bit).
 * rating_players: each player's rating after the last of them. rating_cache:
 * one row, valid = 1 when the two tables are the replay of the record.
 *
 * How it stays the replay. Every event is committed with the cache brought
 * up to date in its transaction (cc_store_ratings_after_event): the match's
 * row leaves its old place and/or takes its new one, and every counted game
 * from the first of the two places on is rated again from the ratings
 * before it (read from the rows themselves), through the core's
 * cc_club_rate(). Each player's ratings come from the same operations in
 * the same order as a full replay's, so the cache is the replay exactly,
 * not to a tolerance. An event appended to a running match that counts
 * nowhere costs two indexed lookups.
 *
 * Invalidation. Triggers (store_schema.c) set valid = 0 on any other change
 * to what the ratings read (events, a match's result, players or terms,
 * a player deleted): a record edited with the sqlite3 shell is then read
 * by a full replay (the session's), and the next writer rebuilds the cache
 * (cc_store_ratings_refresh, at open and in the next event's transaction).
 *
 * The order. When a match ended is CC_STORE_ENDED_SQL (store_internal.h),
 * the one definition, read by the replay's query and by this file alike;
 * a change to it takes a migration that sets valid = 0.
 */
#include <stdlib.h>
#include <string.h>

#include "chesscubing/game.h"
#include "store_internal.h"

/* One counted game as the cache keeps it. */
typedef struct {
	int64_t match_id, white_id, black_id;
	bool has_end;
	int64_t ended;
	double white_score;
	cc_club_rating white_before, black_before;
} rated_game;

/* The replay's order (CL-2.7): no end first, then by end, then by number. */
static int order_cmp(bool a_has, int64_t a_end, int64_t a_id, bool b_has, int64_t b_end, int64_t b_id)
{
	if (a_has != b_has)
		return a_has ? 1 : -1;
	if (a_has && a_end != b_end)
		return a_end < b_end ? -1 : 1;
	return a_id < b_id ? -1 : a_id > b_id;
}

/* ---- players' ratings while games are rated: a small open hash ------------------ */

typedef struct {
	int64_t id; /* 0: empty slot (player ids start at 1) */
	cc_club_rating r;
} slot;

typedef struct {
	slot *slots;
	size_t cap; /* a power of two */
	size_t used;
} rating_map;

static slot *map_find(rating_map *m, int64_t id)
{
	size_t i = ((uint64_t)id * 0x9E3779B97F4A7C15u) & (m->cap - 1);
	while (m->slots[i].id && m->slots[i].id != id)
		i = (i + 1) & (m->cap - 1);
	return &m->slots[i];
}

static bool map_init(rating_map *m, size_t players)
{
	m->cap = 16;
	while (m->cap < 2 * players + 2)
		m->cap *= 2;
	m->used = 0;
	m->slots = calloc(m->cap, sizeof *m->slots);
	return m->slots != NULL;
}

/* The player's slot; *fresh when he was not in the map (then r is unset). */
static slot *map_get(rating_map *m, int64_t id, bool *fresh)
{
	slot *s = map_find(m, id);
	*fresh = s->id == 0;
	if (*fresh) {
		s->id = id;
		m->used++;
	}
	return s;
}

/* ---- rows ------------------------------------------------------------------------- */

static void read_rating(sqlite3_stmt *st, int col, cc_club_rating *r)
{
	r->rating = sqlite3_column_double(st, col);
	r->games = (unsigned)sqlite3_column_int64(st, col + 1);
	r->wins = (unsigned)sqlite3_column_int64(st, col + 2);
	r->draws = (unsigned)sqlite3_column_int64(st, col + 3);
	r->losses = (unsigned)sqlite3_column_int64(st, col + 4);
	r->last_change = sqlite3_column_double(st, col + 5);
}

static void bind_rating(sqlite3_stmt *st, int col, const cc_club_rating *r)
{
	sqlite3_bind_double(st, col, r->rating);
	sqlite3_bind_int64(st, col + 1, r->games);
	sqlite3_bind_int64(st, col + 2, r->wins);
	sqlite3_bind_int64(st, col + 3, r->draws);
	sqlite3_bind_int64(st, col + 4, r->losses);
	sqlite3_bind_double(st, col + 5, r->last_change);
}

#define GAME_COLUMNS                                                                                          \
	"match_id, white_id, black_id, has_end, ended, white_score, w_rating, w_games, w_wins, w_draws, "        \
	"w_losses, w_last, b_rating, b_games, b_wins, b_draws, b_losses, b_last"

/* A row of GAME_COLUMNS from column base on. */
static void read_game(sqlite3_stmt *st, int base, rated_game *g)
{
	g->match_id = sqlite3_column_int64(st, base);
	g->white_id = sqlite3_column_int64(st, base + 1);
	g->black_id = sqlite3_column_int64(st, base + 2);
	g->has_end = sqlite3_column_int(st, base + 3) != 0;
	g->ended = sqlite3_column_int64(st, base + 4);
	g->white_score = sqlite3_column_double(st, base + 5);
	read_rating(st, base + 6, &g->white_before);
	read_rating(st, base + 12, &g->black_before);
}

typedef struct {
	rated_game *items;
	size_t n, cap;
} game_list;

static bool games_push(game_list *l, const rated_game *g)
{
	if (!cc_store_grow((void **)&l->items, l->n, &l->cap, sizeof *l->items))
		return false;
	l->items[l->n++] = *g;
	return true;
}

/*
 * Rates games[0..n) of list in order from the ratings the map holds (a
 * player not in it: his rating_players row, or the start, CL-2.2), writes
 * each game's row with the ratings before it and every player's rating
 * after the last. The rows of those games must be gone already.
 */
static int rate_and_write(sqlite3 *db, const char *list, rated_game *games, size_t n, rating_map *map)
{
	sqlite3_stmt *ins = NULL, *cur = NULL, *put = NULL;
	int rc = sqlite3_prepare_v2(db,
	                            "INSERT INTO rating_games (list, " GAME_COLUMNS ") VALUES (?, ?, ?, ?, ?, ?, ?, "
	                            "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
	                            -1, &ins, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_prepare_v2(db,
		                        "SELECT rating, games, wins, draws, losses, last FROM rating_players WHERE list = ? "
		                        "AND player_id = ?",
		                        -1, &cur, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_prepare_v2(db,
		                        "INSERT OR REPLACE INTO rating_players (list, player_id, rating, games, wins, draws, "
		                        "losses, last) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
		                        -1, &put, NULL);
	for (size_t i = 0; rc == SQLITE_OK && i < n; i++) {
		rated_game *g = &games[i];
		cc_club_rating pair[2];
		int64_t ids[2] = {g->white_id, g->black_id};
		slot *s[2];
		for (int k = 0; k < 2 && rc == SQLITE_OK; k++) {
			bool fresh;
			s[k] = map_get(map, ids[k], &fresh);
			if (!fresh)
				continue;
			cc_club_ratings_init(&s[k]->r, 1);
			sqlite3_reset(cur);
			sqlite3_bind_text(cur, 1, list, -1, SQLITE_STATIC);
			sqlite3_bind_int64(cur, 2, ids[k]);
			int step = sqlite3_step(cur);
			if (step == SQLITE_ROW)
				read_rating(cur, 0, &s[k]->r);
			else if (step != SQLITE_DONE)
				rc = step;
		}
		if (rc != SQLITE_OK)
			break;
		pair[0] = g->white_before = s[0]->r;
		pair[1] = g->black_before = s[1]->r;
		cc_club_game cg = {0, 1, g->white_score};
		cc_club_rate(pair, &cg, NULL);
		s[0]->r = pair[0];
		s[1]->r = pair[1];
		sqlite3_reset(ins);
		sqlite3_bind_text(ins, 1, list, -1, SQLITE_STATIC);
		sqlite3_bind_int64(ins, 2, g->match_id);
		sqlite3_bind_int64(ins, 3, g->white_id);
		sqlite3_bind_int64(ins, 4, g->black_id);
		sqlite3_bind_int64(ins, 5, g->has_end);
		sqlite3_bind_int64(ins, 6, g->ended);
		sqlite3_bind_double(ins, 7, g->white_score);
		bind_rating(ins, 8, &g->white_before);
		bind_rating(ins, 14, &g->black_before);
		rc = sqlite3_step(ins) == SQLITE_DONE ? SQLITE_OK : sqlite3_errcode(db);
	}
	for (size_t i = 0; rc == SQLITE_OK && i < map->cap; i++) {
		const slot *s = &map->slots[i];
		if (!s->id)
			continue;
		sqlite3_reset(put);
		sqlite3_bind_text(put, 1, list, -1, SQLITE_STATIC);
		sqlite3_bind_int64(put, 2, s->id);
		bind_rating(put, 3, &s->r);
		rc = sqlite3_step(put) == SQLITE_DONE ? SQLITE_OK : sqlite3_errcode(db);
	}
	sqlite3_finalize(ins);
	sqlite3_finalize(cur);
	sqlite3_finalize(put);
	return rc;
}

static int set_valid(cc_store *store)
{
	/* Written only when a trigger cleared it: no page of a running match's commit. */
	return exec_cached(store, "UPDATE rating_cache SET valid = 1 WHERE valid <> 1");
}

/* ---- whether a Chess-Uno game may count (UNO-F10, issue 22) ---------------------
 * Two things keep one out, whatever its rated flag says: a deal that was
 * given rather than shuffled from the random source (the v10 mark, or for
 * an older game an order its key does not give), and a recorded result its
 * events do not give (a winner changed in the sqlite3 shell). The first is
 * a column; the second is the very check `show` and `verify` make, a
 * replay of the stored events, which the store asks of its opener
 * (cc_store_stands_fn): the store never runs a game. */

bool cc_store_uno_counts(cc_store *store, int64_t id)
{
	cc_store_match_info info;
	if (cc_store_match_info_of(store, id, &info, NULL) != CC_OK)
		return false;
	if (!cc_game_has(info.settings.format, CC_GAME_DEALT))
		return true;
	if (info.settings.uno.fixed)
		return false;
	if (!info.over || !store->stands)
		return true; /* counted nowhere yet, or nobody to replay it */
	return store->stands(store, &info);
}

/* ---- a whole rebuild --------------------------------------------------------------- */

static int compare_ids(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

/* Is player id registered? ids sorted. */
static bool registered(const int64_t *ids, size_t n, int64_t id)
{
	return bsearch(&id, ids, n, sizeof *ids, compare_ids) != NULL;
}

int cc_store_ratings_rebuild(cc_store *store)
{
	sqlite3 *db = store->db;
	cc_store_club_match *matches = NULL;
	size_t m = 0, np = 0, cap = 0;
	int64_t *ids = NULL;
	sqlite3_stmt *st = NULL;
	int rc = sqlite3_exec(db, "DELETE FROM rating_games; DELETE FROM rating_players", NULL, NULL, NULL);
	if (rc == SQLITE_OK && cc_store_club_matches(store, &matches, &m, NULL) != CC_OK)
		rc = SQLITE_ERROR;
	if (rc == SQLITE_OK)
		rc = sqlite3_prepare_v2(db, "SELECT id FROM players ORDER BY id", -1, &st, NULL);
	while (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
		if (!cc_store_grow((void **)&ids, np, &cap, sizeof *ids)) {
			rc = SQLITE_NOMEM;
			break;
		}
		ids[np++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	static const cc_club_list lists[] = {CC_CLUB_LIST_CHESSCUBING, CC_CLUB_LIST_UNO, CC_CLUB_LIST_CHESS};
	for (size_t l = 0; rc == SQLITE_OK && l < sizeof lists / sizeof lists[0]; l++) {
		game_list games = {NULL, 0, 0};
		rating_map map;
		for (size_t i = 0; rc == SQLITE_OK && i < m; i++) {
			const cc_store_club_match *x = &matches[i];
			cc_club_match_facts facts = {x->over,
			                             x->rated,
			                             x->white_id == x->black_id,
			                             registered(ids, np, x->white_id),
			                             registered(ids, np, x->black_id),
			                             cc_game_class_of(x->format)->rating_list};
			if (cc_club_counts(&facts, lists[l]) != CC_CLUB_COUNTS || !cc_store_uno_counts(store, x->id))
				continue;
			rated_game g;
			memset(&g, 0, sizeof g);
			g.match_id = x->id;
			g.white_id = x->white_id;
			g.black_id = x->black_id;
			g.has_end = x->has_end;
			g.ended = x->has_end ? x->end_wall_ms : 0;
			g.white_score = cc_club_white_score(x->winner);
			if (!games_push(&games, &g))
				rc = SQLITE_NOMEM;
		}
		if (rc == SQLITE_OK && !map_init(&map, np))
			rc = SQLITE_NOMEM;
		if (rc == SQLITE_OK) {
			rc = rate_and_write(db, cc_club_list_name(lists[l]), games.items, games.n, &map);
			free(map.slots);
		}
		free(games.items);
	}
	free(matches);
	free(ids);
	return rc == SQLITE_OK ? set_valid(store) : rc;
}

/* ---- after one event ------------------------------------------------------------ */

/* What the club sees of match id now: is it counted, in which list, where. */
typedef struct {
	bool linked, counted;
	cc_club_list list;
	rated_game g;
} match_now;

static int read_match_now(cc_store *store, int64_t id, match_now *out)
{
	query q;
	memset(out, 0, sizeof *out);
	q_cached(&q, store, /* in every event's transaction */
	         "SELECT m.white_id, m.black_id, m.rated, m.result_winner, m.format, " CC_STORE_ENDED_SQL ", "
	         "EXISTS (SELECT 1 FROM players p WHERE p.id = m.white_id), "
	         "EXISTS (SELECT 1 FROM players p WHERE p.id = m.black_id) FROM matches m WHERE m.id = ?");
	q_int64(&q, 1, id);
	int rc = SQLITE_OK;
	int step = q_step(&q);
	sqlite3_stmt *st = q.stmt;
	if (step == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL && sqlite3_column_type(st, 1) != SQLITE_NULL) {
		cc_format format;
		cc_winner winner = CC_WINNER_NONE;
		bool over = sqlite3_column_type(st, 3) != SQLITE_NULL;
		bool known = cc_format_parse(column_text(st, 4), &format) == CC_OK &&
		             (!over || cc_winner_parse(column_text(st, 3), &winner) == CC_OK);
		out->linked = true;
		out->g.match_id = id;
		out->g.white_id = sqlite3_column_int64(st, 0);
		out->g.black_id = sqlite3_column_int64(st, 1);
		out->g.has_end = sqlite3_column_type(st, 5) != SQLITE_NULL;
		out->g.ended = out->g.has_end ? sqlite3_column_int64(st, 5) : 0; /* 0 without an end, as in the key */
		bool rated = sqlite3_column_int(st, 2) != 0;
		if (known)
			rc = cc_store_corrected(store, id, over, &winner, NULL, &rated); /* CL-5.3 */
		out->g.white_score = cc_club_white_score(winner);
		if (known && rc == SQLITE_OK) {
			out->list = cc_game_class_of(format)->rating_list;
			cc_club_match_facts facts = {over,
			                             rated,
			                             out->g.white_id == out->g.black_id,
			                             sqlite3_column_int(st, 6) != 0,
			                             sqlite3_column_int(st, 7) != 0,
			                             out->list};
			out->counted = cc_club_counts(&facts, out->list) == CC_CLUB_COUNTS;
		}
	} else if (step != SQLITE_ROW && step != SQLITE_DONE) {
		rc = step;
	}
	int fin = q_finish(&q);
	return rc != SQLITE_OK ? rc : fin;
}

int cc_store_ratings_valid_now(cc_store *store, bool *valid)
{
	int64_t v = 0;
	*valid = false;
	if (store->version < 8)
		return SQLITE_OK;
	int rc = query_int_cached(store, "SELECT valid FROM rating_cache", &v);
	*valid = rc == SQLITE_OK && v == 1;
	return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* Binds ?1 the list and ?2..?4 the place (has_end, ended, match_id) from. */
static void bind_from(sqlite3_stmt *st, const char *list, const rated_game *from)
{
	sqlite3_bind_text(st, 1, list, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, from->has_end);
	sqlite3_bind_int64(st, 3, from->ended);
	sqlite3_bind_int64(st, 4, from->match_id);
}

/* Where match id is in the cache: *had, its list and row. */
static int cached_row(cc_store *store, int64_t id, bool *had, char *list, size_t size, rated_game *old)
{
	query q;
	*had = false;
	memset(old, 0, sizeof *old);
	q_cached(&q, store, "SELECT list, " GAME_COLUMNS " FROM rating_games WHERE match_id = ?");
	q_int64(&q, 1, id);
	if (q_step(&q) == SQLITE_ROW) {
		*had = true;
		snprintf(list, size, "%s", column_text(q.stmt, 0));
		read_game(q.stmt, 1, old);
	}
	return q_finish(&q);
}

/* The cached games of list from place from on, in order. */
static int load_from(sqlite3 *db, const char *list, const rated_game *from, game_list *games)
{
	sqlite3_stmt *st = NULL;
	int rc = sqlite3_prepare_v2(db,
	                            "SELECT " GAME_COLUMNS " FROM rating_games WHERE list = ?1 AND (has_end, ended, "
	                            "match_id) >= (?2, ?3, ?4) ORDER BY has_end, ended, match_id",
	                            -1, &st, NULL);
	if (rc == SQLITE_OK)
		bind_from(st, list, from);
	while (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
		rated_game g;
		read_game(st, 0, &g);
		if (!games_push(games, &g))
			rc = SQLITE_NOMEM;
	}
	sqlite3_finalize(st);
	return rc;
}

/* Each player's rating before the first place: in his first row from
 * there on (the match's old row included); the others' come from
 * rating_players when rated (rate_and_write). */
static void seed_map(rating_map *map, const game_list *games)
{
	for (size_t i = 0; i < games->n; i++) {
		bool fresh;
		slot *w = map_get(map, games->items[i].white_id, &fresh);
		if (fresh)
			w->r = games->items[i].white_before;
		slot *b = map_get(map, games->items[i].black_id, &fresh);
		if (fresh)
			b->r = games->items[i].black_before;
	}
}

/* The games without match id, and with now at its place when it counts. */
static bool splice(game_list *games, int64_t id, const match_now *now)
{
	size_t kept = 0;
	for (size_t i = 0; i < games->n; i++)
		if (games->items[i].match_id != id)
			games->items[kept++] = games->items[i];
	games->n = kept;
	if (!now->counted)
		return true;
	size_t at = 0;
	while (at < games->n && order_cmp(games->items[at].has_end, games->items[at].ended, games->items[at].match_id,
	                                  now->g.has_end, now->g.ended, now->g.match_id) < 0)
		at++;
	if (!games_push(games, &now->g))
		return false;
	memmove(&games->items[at + 1], &games->items[at], (games->n - 1 - at) * sizeof *games->items);
	games->items[at] = now->g;
	return true;
}

/* Deletes match id's row and every row of list from place from on. */
static int delete_from(sqlite3 *db, const char *list, const rated_game *from, int64_t id)
{
	sqlite3_stmt *del = NULL;
	int rc = sqlite3_prepare_v2(db,
	                            "DELETE FROM rating_games WHERE match_id = ?5 OR (list = ?1 AND (has_end, ended, "
	                            "match_id) >= (?2, ?3, ?4))",
	                            -1, &del, NULL);
	if (rc == SQLITE_OK) {
		bind_from(del, list, from);
		sqlite3_bind_int64(del, 5, id);
		rc = sqlite3_step(del) == SQLITE_DONE ? SQLITE_OK : sqlite3_errcode(db);
	}
	sqlite3_finalize(del);
	return rc;
}

int cc_store_ratings_after_event(cc_store *store, int64_t id, bool was_valid)
{
	sqlite3 *db = store->db;
	match_now now;
	rated_game old;
	bool had = false;
	char old_list[16] = "";
	if (!was_valid)
		return cc_store_ratings_rebuild(store);
	int rc = read_match_now(store, id, &now);
	if (rc == SQLITE_OK && now.counted && !cc_store_uno_counts(store, id))
		now.counted = false; /* UNO-F10 */
	if (rc == SQLITE_OK)
		rc = cached_row(store, id, &had, old_list, sizeof old_list, &old);
	if (rc != SQLITE_OK)
		return rc;
	if (!had && !now.counted)
		return set_valid(store); /* counts nowhere, before or after: nothing moves */
	const char *list = now.counted ? cc_club_list_name(now.list) : old_list;
	if (had && now.counted && strcmp(old_list, list) != 0)
		return cc_store_ratings_rebuild(store); /* its game changed lists: never by our own path */
	/* The first place that changes: the older of its old and new places. */
	rated_game from = now.counted ? now.g : old;
	if (had && now.counted &&
	    order_cmp(old.has_end, old.ended, old.match_id, now.g.has_end, now.g.ended, now.g.match_id) < 0)
		from = old;
	game_list games = {NULL, 0, 0};
	rating_map map = {NULL, 0, 0};
	rc = load_from(db, list, &from, &games);
	if (rc == SQLITE_OK && !map_init(&map, 2 * games.n + 2))
		rc = SQLITE_NOMEM;
	if (rc == SQLITE_OK) {
		seed_map(&map, &games);
		if (!splice(&games, id, &now))
			rc = SQLITE_NOMEM;
	}
	if (rc == SQLITE_OK)
		rc = delete_from(db, list, &from, id);
	if (rc == SQLITE_OK)
		rc = rate_and_write(db, list, games.items, games.n, &map);
	free(games.items);
	free(map.slots);
	return rc == SQLITE_OK ? set_valid(store) : rc;
}

int cc_store_ratings_refresh(cc_store *store)
{
	bool valid = false;
	int rc = cc_store_ratings_valid_now(store, &valid);
	if (rc != SQLITE_OK || valid || store->version < 8)
		return rc;
	rc = sqlite3_exec(store->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = cc_store_ratings_valid_now(store, &valid);
	if (rc == SQLITE_OK && !valid)
		rc = cc_store_ratings_rebuild(store);
	if (rc == SQLITE_OK)
		return sqlite3_exec(store->db, "COMMIT", NULL, NULL, NULL);
	sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
	return rc;
}

/* ---- reading the cache ---------------------------------------------------------- */

cc_err cc_store_ratings_cached(cc_store *store, bool *valid, cc_error *err)
{
	int rc = cc_store_ratings_valid_now(store, valid);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, CC_MSG_STORE_READ_RATING_CACHE);
}

cc_err cc_store_rating_players(cc_store *store, cc_club_list list, cc_store_rating **items, size_t *count,
                               cc_error *err)
{
	query q;
	size_t cap = 0;
	cc_err result = CC_OK;
	*items = NULL;
	*count = 0;
	q_prepare(&q, store->db,
	          "SELECT player_id, rating, games, wins, draws, losses, last FROM rating_players WHERE list = ? "
	          "ORDER BY player_id");
	q_text(&q, 1, cc_club_list_name(list));
	while (result == CC_OK && q_step(&q) == SQLITE_ROW) {
		if (!cc_store_grow((void **)items, *count, &cap, sizeof **items)) {
			result = cc_refuse(err, CC_MSG_NOMEM);
			break;
		}
		(*items)[*count].player_id = sqlite3_column_int64(q.stmt, 0);
		read_rating(q.stmt, 1, &(*items)[*count].rating);
		(*count)++;
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_RATING_CACHE);
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
}

cc_err cc_store_rating_of(cc_store *store, cc_club_list list, int64_t player_id, cc_club_rating *out, cc_error *err)
{
	query q;
	cc_club_ratings_init(out, 1);
	q_prepare(&q, store->db,
	          "SELECT rating, games, wins, draws, losses, last FROM rating_players WHERE list = ? AND player_id = ?");
	q_text(&q, 1, cc_club_list_name(list));
	q_int64(&q, 2, player_id);
	if (q_step(&q) == SQLITE_ROW)
		read_rating(q.stmt, 0, out);
	int rc = q_finish(&q);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, CC_MSG_STORE_READ_RATING_CACHE);
}

static void to_public(const rated_game *g, cc_store_rated_game *out)
{
	*out = (cc_store_rated_game){g->match_id, g->white_id, g->black_id, g->white_score, g->white_before,
	                             g->black_before};
}

cc_err cc_store_rating_game(cc_store *store, int64_t match_id, cc_store_rated_game *out, bool *found, cc_error *err)
{
	query q;
	rated_game g;
	*found = false;
	q_prepare(&q, store->db, "SELECT " GAME_COLUMNS " FROM rating_games WHERE match_id = ?");
	q_int64(&q, 1, match_id);
	if (q_step(&q) == SQLITE_ROW) {
		read_game(q.stmt, 0, &g);
		to_public(&g, out);
		*found = true;
	}
	int rc = q_finish(&q);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, CC_MSG_STORE_READ_RATING_CACHE);
}

cc_err cc_store_rating_pair_each(cc_store *store, cc_club_list list, int64_t a, int64_t b, cc_store_rated_fn each,
                                 void *ctx, cc_error *err)
{
	query q;
	rated_game g;
	cc_store_rated_game pub;
	cc_err result = CC_OK;
	/* By the pair's index ("+list": not the list's range of the primary key). */
	q_prepare(&q, store->db,
	          "SELECT " GAME_COLUMNS " FROM rating_games WHERE +list = ?1 AND ((white_id = ?2 AND black_id = ?3) OR "
	          "(white_id = ?3 AND black_id = ?2)) ORDER BY has_end, ended, match_id");
	q_text(&q, 1, cc_club_list_name(list));
	q_int64(&q, 2, a);
	q_int64(&q, 3, b);
	while (result == CC_OK && q_step(&q) == SQLITE_ROW) {
		read_game(q.stmt, 0, &g);
		to_public(&g, &pub);
		result = each(ctx, &pub, err);
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_RATING_CACHE);
	return result;
}

cc_err cc_store_club_match_one(cc_store *store, int64_t id, cc_store_club_match *out, bool registered_out[2],
                               cc_error *err)
{
	query q;
	cc_err result = CC_OK;
	memset(out, 0, sizeof *out);
	q_prepare(&q, store->db,
	          "SELECT m.white_id, m.black_id, m.rated, m.result_winner, m.result_reason, " CC_STORE_ENDED_SQL ", "
	          "p.event_id, p.round, m.format, EXISTS (SELECT 1 FROM players x WHERE x.id = m.white_id), "
	          "EXISTS (SELECT 1 FROM players x WHERE x.id = m.black_id), p.board FROM matches m "
	          "LEFT JOIN pairings p ON p.match_id = m.id "
	          "WHERE m.id = ? AND m.white_id IS NOT NULL AND m.black_id IS NOT NULL");
	q_int64(&q, 1, id);
	int step = store->version >= 5 ? q_step(&q) : SQLITE_DONE;
	if (step == SQLITE_ROW) {
		out->id = id;
		out->white_id = sqlite3_column_int64(q.stmt, 0);
		out->black_id = sqlite3_column_int64(q.stmt, 1);
		out->rated = sqlite3_column_int(q.stmt, 2) != 0;
		out->over = sqlite3_column_type(q.stmt, 3) != SQLITE_NULL;
		out->winner = CC_WINNER_NONE;
		out->reason = CC_REASON_ARBITER;
		bool known = cc_format_parse(column_text(q.stmt, 8), &out->format) == CC_OK;
		if (known && out->over)
			known = cc_winner_parse(column_text(q.stmt, 3), &out->winner) == CC_OK &&
			        cc_reason_parse(column_text(q.stmt, 4), &out->reason) == CC_OK;
		if (!known)
			result = cc_refuse(err, CC_MSG_STORE_UNKNOWN_FORMAT_OR_RESULT, id);
		else if (cc_store_corrected(store, id, out->over, &out->winner, &out->reason, &out->rated) != SQLITE_OK)
			result = db_error(err, store->db, sqlite3_errcode(store->db), CC_MSG_STORE_READ_CORRECTIONS);
		out->has_end = sqlite3_column_type(q.stmt, 5) != SQLITE_NULL;
		out->end_wall_ms = sqlite3_column_int64(q.stmt, 5);
		out->event_id = sqlite3_column_int64(q.stmt, 6);
		out->round = (unsigned)sqlite3_column_int(q.stmt, 7);
		out->board = (unsigned)sqlite3_column_int(q.stmt, 11);
		registered_out[0] = sqlite3_column_int(q.stmt, 9) != 0;
		registered_out[1] = sqlite3_column_int(q.stmt, 10) != 0;
	} else if (step == SQLITE_DONE) {
		result = CC_ERR_NOT_FOUND;
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, CC_MSG_STORE_READ_MATCHES);
	return result;
}
