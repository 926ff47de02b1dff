/*
 * session.c: the live path (check -> commit -> apply), creating, resuming
 * and reading back a match. The only code above the store that calls it.
 * The record as a whole (opening it, its list, its files) is
 * session_db.c's.
 */
#include "chesscubing/session.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chesscubing/cube.h"
#include "chesscubing/game.h"
#include "store.h"
#include "chesscubing/session_describe.h"
#include "session_internal.h"

#define DB_PATH_MAX 4096

/* ---- the game: what the session asks of it ---------------------------------
 * The live path and the replay of a record go through this table and never
 * name the match core directly. Every format the core describes (game.h)
 * runs in the core's match container, which dispatches to its rules, so
 * one table serves them all; a game that is not a cc_match would bring its
 * own table and nothing else. */

typedef struct {
	cc_err (*create)(cc_match **out, const cc_match_settings *settings, cc_error *err);
	void (*destroy)(cc_match *game);
	cc_err (*check)(const cc_match *game, const cc_event *ev, cc_match_view *after, cc_error *err);
	cc_err (*apply)(cc_match *game, const cc_event *ev, cc_error *err);
	size_t (*event_count)(const cc_match *game);
	bool (*changed_by_time)(const cc_match *game, int64_t t_ms);
	bool (*resume_event)(const cc_match *game, cc_event *out);
} game_ops;

static const game_ops chesscubing_match = {
	cc_match_create,      cc_match_destroy,          cc_match_check,         cc_match_apply,
	cc_match_event_count, cc_match_changed_by_time, cc_match_resume_event,
};

/* Rebuilds match id of the record from its settings and stored events,
 * through the same apply as the live path (events are the truth). */
typedef struct {
	const game_ops *game;
	cc_match *m;
	int64_t id;
} replay_cursor;

static cc_err replay_one(void *ctx, size_t seq, const cc_event *ev, cc_error *err)
{
	replay_cursor *c = ctx;
	cc_error why;
	if (c->game->apply(c->m, ev, &why) != CC_OK)
		return cc_refuse(err, CC_MSG_REPLAY_REFUSED, seq + 1, c->id, why.message);
	return CC_OK;
}

/* Rebuilds match id of the record from its settings and stored events,
 * through the same apply as the live path (events are the truth), each
 * event applied as its row is read: no copy of the whole list. */
static cc_err replay_record(const game_ops *game, cc_store *store, int64_t id, const cc_match_settings *settings,
                            cc_match **out, cc_error *err)
{
	replay_cursor c = {game, NULL, id};
	*out = NULL;
	cc_err rc = game->create(&c.m, settings, err);
	if (rc == CC_OK)
		rc = cc_store_match_events_each(store, id, replay_one, &c, err);
	if (rc) {
		game->destroy(c.m);
		return rc;
	}
	*out = c.m;
	return CC_OK;
}

cc_err cc_session_replay(cc_store *store, int64_t id, const cc_match_settings *settings, cc_match **out,
                         cc_error *err)
{
	return replay_record(&chesscubing_match, store, id, settings, out, err);
}

struct cc_session {
	const game_ops *game;
	cc_match *match;
	cc_session_db *db; /* NULL: nothing recorded */
	bool recording;    /* commits events (not a read-back) */
	bool held;         /* holds the match's lock now: only while it is open and not over (CL-5.1) */
	bool broken;       /* the record holds an event the match could not take */
	cc_session_info info;
	bool has_wall;     /* the record gave the last event's commit time */
	int64_t last_wall_ms;
	cc_session_walls walls; /* each event's stamp and commit time, as the log asks them (issue 21) */
	bool has_returned; /* RU-18: the resume gave time back */
	cc_session_returned returned;
	cc_session_resume_entry *resumes; /* RU-18: the recorded resumes (schema 16) */
	size_t resume_count;
	bool recording_resume; /* the event being applied is the resume's pause, recorded with what it gave back */
	char secret[CC_SESSION_HASH_HEX_MAX]; /* Chess-Uno: the fairness secret (hex), "" none */
};
/* ---- randomness and the scramble sheet ------------------------------------------ */

cc_err cc_session_random(uint64_t *out, cc_error *err)
{
	uint64_t value = 0;
	/* Without flags getrandom() blocks only until the pool is first
	 * seeded; a short read or a failure is said, never replaced by a
	 * constant that would give White to the same player every time. */
	ssize_t n = getrandom(&value, sizeof value, 0);
	if (n != (ssize_t)sizeof value)
		return cc_refuse(err, CC_MSG_RANDOM_SOURCE_FAILED, n < 0 ? strerror(errno) : "short read");
	*out = value;
	return CC_OK;
}

/* The cube solver's tables: cube_cache.c's, for the process. */
static cc_err cube_tables(const cc_cube_tables **out, cc_error *err)
{
	return cc_session_cube_tables(out, err);
}

cc_err cc_session_sheet_derive(uint64_t seed, char *buf, size_t size, cc_error *err)
{
	const cc_cube_tables *tables = NULL;
	cc_cube_sheet sheet;
	cc_err rc = cube_tables(&tables, err);
	if (rc)
		return rc;
	cc_cube_sheet_derive(tables, seed, &sheet);
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < CC_CUBE_SHEET_CUBES; i++) {
		char line[CC_CUBE_ALG_TEXT_MAX];
		cc_cube_alg_format(&sheet.scrambles[i], line, sizeof line);
		int n = snprintf(buf + used, size - used, "%s%s", i ? "\n" : "", line);
		if (n < 0 || (size_t)n >= size - used)
			return cc_refuse(err, CC_MSG_SHEET_TOO_LONG, size);
		used += (size_t)n;
	}
	return CC_OK;
}

void cc_session_sheet_line(const char *sheet, int n, char *buf, size_t size)
{
	const char *line = sheet;
	for (int i = 1; i < n && line; i++) {
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	if (!line || n < 1) {
		snprintf(buf, size, "%s", "");
		return;
	}
	const char *end = strchr(line, '\n');
	size_t len = end ? (size_t)(end - line) : strlen(line);
	snprintf(buf, size, "%.*s", (int)len, line);
}

/* ---- one match ---------------------------------------------------------------------- */

/* The record's wall clock now (Unix ms). */
static int64_t wall_now(const cc_session_db *db)
{
	const cc_clock *clock = cc_session_db_clock(db);
	return clock->wall_ms(clock);
}

static cc_err session_new(cc_session **out, cc_session_db *db, cc_error *err)
{
	*out = calloc(1, sizeof **out);
	if (!*out)
		return cc_refuse(err, CC_MSG_NOMEM);
	(*out)->game = &chesscubing_match;
	(*out)->db = db;
	return CC_OK;
}

void cc_session_destroy(cc_session *s)
{
	if (!s)
		return;
	if (s->held)
		cc_store_unlock_match(cc_session_db_store(s->db), s->info.id); /* left: free at once (CL-5.1) */
	s->game->destroy(s->match);
	cc_session_walls_fini(&s->walls);
	free(s->resumes);
	free(s);
}

/* CL-5.1: a match over is free at once for another process (a result
 * correction, CL-5.3): its lock goes as soon as its last event is in. */
static void release_if_over(cc_session *s)
{
	cc_match_view v;
	if (!s->held)
		return;
	cc_match_view_at(s->match, cc_match_last_time(s->match), &v);
	if (!v.over)
		return;
	cc_store_unlock_match(cc_session_db_store(s->db), s->info.id);
	s->held = false;
}

/* CL-5.1: an event on a match whose lock was released (an undo on the end
 * screen) takes the lock again first, and only if the record did not move
 * meanwhile: events another process added since are not in this match. */
static cc_err hold_again(cc_session *s, cc_error *err)
{
	cc_store_match_info *now;
	if (s->held)
		return CC_OK;
	cc_err rc = cc_store_lock_match(cc_session_db_store(s->db), s->info.id, err);
	if (rc)
		return rc;
	now = malloc(sizeof *now);
	if (!now)
		rc = cc_refuse(err, CC_MSG_NOMEM);
	else
		rc = cc_store_match_info_of(cc_session_db_store(s->db), s->info.id, now, err);
	if (rc == CC_OK && now->events != s->info.events)
		rc = cc_refuse(err, CC_MSG_MATCH_CHANGED_ELSEWHERE, s->info.id);
	free(now);
	if (rc) {
		cc_store_unlock_match(cc_session_db_store(s->db), s->info.id);
		return rc;
	}
	s->held = true;
	return CC_OK;
}

static cc_err draw_colours(cc_match_settings *settings, cc_error *err)
{
	uint64_t bit;
	cc_err rc = cc_session_random(&bit, err);
	if (rc)
		return rc;
	if (bit & 1) {
		char white[CC_NAME_MAX];
		memcpy(white, settings->white, sizeof white);
		memcpy(settings->white, settings->black, sizeof settings->white);
		memcpy(settings->black, white, sizeof settings->black);
	}
	return CC_OK;
}

/*
 * Chess-Uno (issue 14): the deal, shuffled from the kernel's random bytes
 * unless the settings bring one (a scenario's deck= or seed=, for tests),
 * and the fairness secret and commitment, drawn before any card is seen
 * (see fair.c).
 */
static cc_err deal_fairly(cc_session *s, cc_error *err)
{
	cc_match_uno_settings *uno = &s->info.settings.uno;
	uint8_t key[CC_UNO_KEY_SIZE], secret[CC_SESSION_SECRET_BYTES];
	cc_uno_deal deal;
	cc_err rc = cc_uno_settings_check(&uno->options, err);
	/* UNO-F10: a deal the settings bring was fixed by whoever wrote them;
	 * so is the test build's deck (cc_clock_test_deck(), NULL in the
	 * shipped program), which the session takes in place of the random
	 * source: no front end knows of it. */
	const char *test_deck = cc_clock_test_deck();
	uno->fixed = uno->deal[0] != '\0' || test_deck != NULL;
	if (rc == CC_OK && !uno->deal[0] && test_deck)
		rc = cc_session_uno_fixed_deal(uno, test_deck, 1, err);
	if (rc == CC_OK && !uno->deal[0]) {
		rc = cc_session_random_bytes(key, sizeof key, err);
		if (rc == CC_OK) {
			cc_uno_deal_shuffle(&uno->options, key, &deal);
			cc_uno_deal_text(&deal, uno->deal, sizeof uno->deal);
		}
	}
	if (rc == CC_OK)
		rc = cc_session_random_bytes(secret, sizeof secret, err);
	if (rc == CC_OK) {
		cc_session_hex(secret, sizeof secret, s->secret, sizeof s->secret);
		cc_session_commitment_of(secret, sizeof secret, &s->info.settings, s->info.commitment);
	}
	return rc;
}

/* Records the new match s holds: the sheet with it, the lock taken, its
 * players and its pairing (rules/club.md). */
static cc_err record_new(cc_session *s, const cc_session_club_options *club, cc_error *err)
{
	cc_session_db *db = s->db;
	int64_t wall = wall_now(db), id = 0;
	static const bool named[2] = {false, false};
	cc_club_terms club_terms = cc_club_terms_of(club && club->unrated, club ? club->placeholder : named);
	/* UNO-F10: a fixed deal is never rated, whatever the club asked. */
	bool fixed = cc_game_has(s->info.settings.format, CC_GAME_DEALT) && s->info.settings.uno.fixed;
	cc_store_match_club terms = {!club_terms.rated || fixed, club ? club->event : NULL, club ? club->round : 0,
	                             club ? club->board : 0, !club_terms.names_players};
	cc_store_fairness fair = {s->secret, s->info.commitment};
	cc_err rc = cc_store_create_match_fair(cc_session_db_store(db), &s->info.settings, s->info.sheet, wall, &terms,
	                                       s->secret[0] ? &fair : NULL, &id, err);
	if (rc == CC_OK)
		rc = cc_session_db_info(db, id, &s->info, err);
	s->recording = s->held = rc == CC_OK;
	if (rc && id)
		cc_store_unlock_match(cc_session_db_store(db), id); /* created but not read back: not held either */
	return rc;
}

cc_err cc_session_create(cc_session **out, cc_session_db *db, const cc_match_settings *settings,
                         bool colours_by_lot, cc_error *err)
{
	return cc_session_create_club(out, db, settings, colours_by_lot, NULL, err);
}

cc_err cc_session_create_club(cc_session **out, cc_session_db *db, const cc_match_settings *settings,
                              bool colours_by_lot, const cc_session_club_options *club, cc_error *err)
{
	cc_session *s = NULL;
	*out = NULL;
	cc_err rc = session_new(&s, db, err);
	if (rc)
		return rc;
	s->info.settings = *settings;
	rc = cc_match_settings_names_check(settings, err); /* RU-24.1, for a new match only */
	if (rc == CC_OK && colours_by_lot)
		rc = draw_colours(&s->info.settings, err);
	/* A format without categories (chess, Chess-Uno) keeps the default one:
	 * another would be shown by the state and lost by every export. */
	if (rc == CC_OK && !cc_game_has(s->info.settings.format, CC_GAME_CATEGORY) &&
	    s->info.settings.category != CC_CATEGORY_FAST)
		rc = cc_refuse(err, CC_MSG_CATEGORY_NOT_IN_FORMAT, cc_category_name(s->info.settings.category),
		               cc_format_name(s->info.settings.format));
	if (rc == CC_OK && cc_game_has(s->info.settings.format, CC_GAME_DEALT))
		rc = deal_fairly(s, err);
	if (rc == CC_OK)
		rc = s->game->create(&s->match, &s->info.settings, err);
	/* A recorded match keeps its sheet from the start; an unrecorded one
	 * (a script without --db, the demo) derives it when first asked. A
	 * game without cubes has no sheet. */
	if (rc == CC_OK && db && cc_game_has(s->info.settings.format, CC_GAME_CUBES))
		rc = cc_session_sheet_derive(s->info.settings.seed, s->info.sheet, sizeof s->info.sheet, err);
	if (rc == CC_OK && db)
		rc = record_new(s, club, err);
	if (rc) {
		cc_session_destroy(s);
		return rc;
	}
	*out = s;
	return CC_OK;
}

/* The match time of event seq of s's match (-1: none such). */
static int64_t event_time(const cc_session *s, size_t seq)
{
	cc_event ev;
	if (seq >= cc_match_event_count(s->match))
		return -1;
	cc_match_event_at(s->match, seq, &ev);
	return ev.t_ms;
}

static cc_session_resume_entry resume_entry(const cc_session *s, const cc_store_resume *r)
{
	cc_session_resume_entry e = {r->event_seq, r->wall_ms, r->last_t_ms, r->stopped_t_ms, r->stopped_wall_ms, r->last_wall_ms,
	                             r->returned_ms, r->side, r->taken_back, -1};
	if (r->taken_back)
		e.taken_back_t_ms = event_time(s, r->taken_back_seq);
	return e;
}

/* RU-18: the resumes recorded of match id, kept in s. */
static cc_err load_resumes(cc_session *s, int64_t id, cc_error *err)
{
	cc_store_resume *rows = NULL;
	size_t n = 0;
	cc_err rc = cc_store_resumes(cc_session_db_store(s->db), id, &rows, &n, err);
	if (rc || n == 0)
		return rc;
	s->resumes = malloc(n * sizeof *s->resumes);
	if (!s->resumes) {
		free(rows);
		return cc_refuse(err, CC_MSG_NOMEM);
	}
	for (size_t i = 0; i < n; i++)
		s->resumes[i] = resume_entry(s, &rows[i]);
	s->resume_count = n;
	free(rows);
	return CC_OK;
}

size_t cc_session_resume_count(const cc_session *s)
{
	return s->resume_count;
}

const cc_session_resume_entry *cc_session_resume_at(const cc_session *s, size_t i)
{
	return i < s->resume_count ? &s->resumes[i] : NULL;
}

/* Issue 21: each event's stamp and commit time, noted once for the log. */
static cc_err load_times(cc_session *s, int64_t id, cc_error *err)
{
	cc_store_event_time *times = NULL;
	size_t n = 0;
	cc_err rc = cc_store_event_times_from(cc_session_db_store(s->db), id, s->walls.count, &times, &n, err);
	for (size_t i = 0; rc == CC_OK && i < n; i++)
		if (!cc_session_walls_note(&s->walls, times[i].t_ms, times[i].wall_ms))
			rc = cc_refuse(err, CC_MSG_NOMEM);
	free(times);
	return rc;
}

/* Loads match id of the record into s (no lock taken here). */
static cc_err load(cc_session *s, int64_t id, cc_error *err)
{
	cc_err rc = cc_store_match_info_of(cc_session_db_store(s->db), id, &s->info, err);
	if (rc == CC_OK) {
		snprintf(s->secret, sizeof s->secret, "%s", s->info.secret);
		memset(s->info.secret, 0, sizeof s->info.secret); /* kept back, as the list does */
		rc = replay_record(s->game, cc_session_db_store(s->db), id, &s->info.settings, &s->match, err);
	}
	if (rc == CC_OK)
		s->has_wall = cc_store_last_event_wall(cc_session_db_store(s->db), id, &s->last_wall_ms, NULL) == CC_OK;
	if (rc == CC_OK)
		rc = load_times(s, id, err);
	if (rc == CC_OK)
		rc = load_resumes(s, id, err);
	/* Records older than schema 2 kept only the seed: cc_session_sheet()
	 * derives the sheet the arbiter saw when it is first asked for. */
	return rc;
}

/* RU-18: the console was last seen after the last event, clocks running:
 * the time between is what the resume gives back; the corrections set the
 * clocks as the view at the last-seen moment has them. */
static void note_returned(cc_session *s)
{
	cc_session_returned *r = &s->returned;
	int64_t seen_t, seen_wall, last_t = cc_match_last_time(s->match);
	if (cc_store_read_seen(cc_session_db_store(s->db), s->info.id, &seen_t, &seen_wall, NULL) != CC_OK || seen_t <= last_t)
		return;
	cc_match_view was, then;
	cc_match_view_at(s->match, last_t, &was);
	cc_match_view_at(s->match, seen_t, &then);
	memset(r, 0, sizeof *r);
	r->stopped_t_ms = seen_t;
	r->stopped_wall_ms = seen_wall;
	r->last_wall_ms = s->has_wall ? s->last_wall_ms : seen_wall - (seen_t - last_t);
	r->returned_ms = seen_t - last_t;
	r->side = was.to_move;
	static const char why[] = "clocks as they stood when the console stopped (RU-18)";
	/* issue 35: every clock as it stood, the block time of a Time block too */
	if (then.has_chess_clocks) {
		r->correct[r->corrections++] = cc_event_correct(0, CC_CORRECT_CLOCK, r->side, then.clock_ms[r->side], false, why);
		if (then.phase == CC_PHASE_BLOCK && then.block_started)
			r->correct[r->corrections++] =
				cc_event_correct(0, CC_CORRECT_BLOCK, r->side, then.block_ms_left, false, why);
	} else {
		r->correct[r->corrections++] = cc_event_correct(0, CC_CORRECT_BLOCK, r->side, then.block_ms_left, false, why);
		if (then.has_move_clock && then.to_move == was.to_move && then.phase == CC_PHASE_BLOCK)
			r->correct[r->corrections++] =
				cc_event_correct(0, CC_CORRECT_MOVE_CLOCK, r->side, then.move_ms_left, false, why);
	}
	s->has_returned = true;
}

bool cc_session_resume_returned(const cc_session *s, cc_session_returned *out)
{
	if (s->has_returned)
		*out = s->returned;
	return s->has_returned;
}

cc_err cc_session_returned_taken_back(cc_session *s, cc_error *err)
{
	size_t events = cc_match_event_count(s->match);
	if (!s->recording || s->broken || s->resume_count == 0 || events == 0)
		return CC_OK;
	cc_err rc = cc_store_resume_taken_back(cc_session_db_store(s->db), s->info.id, events - 1, err);
	if (rc == CC_OK) {
		s->resumes[s->resume_count - 1].taken_back = true;
		s->resumes[s->resume_count - 1].taken_back_t_ms = event_time(s, events - 1);
	}
	return rc;
}

cc_err cc_session_mark_seen(cc_session *s, int64_t t_ms, cc_error *err)
{
	if (!s->recording || s->broken)
		return CC_OK;
	return cc_store_write_seen(cc_session_db_store(s->db), s->info.id, t_ms, wall_now(s->db), err);
}

cc_err cc_session_resume(cc_session **out, cc_session_db *db, int64_t id, cc_error *err)
{
	cc_session *s = NULL;
	cc_err rc = id == 0 ? cc_session_db_latest(db, true, &id, err) : CC_OK;
	*out = NULL;
	if (rc == CC_OK)
		rc = session_new(&s, db, err);
	if (rc == CC_OK)
		rc = cc_store_lock_match(cc_session_db_store(db), id, err);
	if (rc == CC_OK) {
		s->info.id = id;
		s->held = true;
		rc = load(s, id, err);
	}
	if (rc == CC_OK) {
		cc_event pause;
		s->recording = true;
		if (s->game->resume_event(s->match, &pause)) {
			if (pause.kind == CC_EV_PAUSE)
				note_returned(s);
			s->recording_resume = s->has_returned;
			rc = cc_session_apply(s, &pause, err);
			s->recording_resume = false;
		}
	}
	if (rc == CC_OK)
		release_if_over(s); /* a finished match resumed is open, not held */
	if (rc) {
		cc_session_destroy(s);
		return rc;
	}
	*out = s;
	return CC_OK;
}

cc_err cc_session_read(cc_session **out, cc_session_db *db, int64_t id, cc_error *err)
{
	cc_session *s = NULL;
	cc_err rc = id == 0 ? cc_session_db_latest(db, false, &id, err) : CC_OK;
	*out = NULL;
	if (rc == CC_OK)
		rc = session_new(&s, db, err);
	if (rc == CC_OK)
		rc = load(s, id, err);
	if (rc) {
		cc_session_destroy(s);
		return rc;
	}
	*out = s;
	return CC_OK;
}

cc_err cc_session_read_more(cc_session *s, size_t *added, cc_error *err)
{
	cc_store *store = cc_session_db_store(s->db);
	size_t had = s->game->event_count(s->match);
	*added = 0;
	if (s->recording || s->broken)
		return cc_refuse(err, CC_MSG_OUT_OF_STEP);
	cc_err rc = cc_store_match_info_of(store, s->info.id, &s->info, err);
	if (rc == CC_OK && s->info.events < had)
		rc = cc_refuse(err, CC_MSG_MATCH_CHANGED_ELSEWHERE, s->info.id);
	if (rc == CC_OK) {
		snprintf(s->secret, sizeof s->secret, "%s", s->info.secret);
		memset(s->info.secret, 0, sizeof s->info.secret);
		replay_cursor more = {s->game, s->match, s->info.id};
		rc = cc_store_match_events_from(store, s->info.id, had, replay_one, &more, err);
	}
	if (rc == CC_OK)
		s->has_wall = cc_store_last_event_wall(store, s->info.id, &s->last_wall_ms, NULL) == CC_OK;
	if (rc == CC_OK)
		rc = load_times(s, s->info.id, err);
	if (rc == CC_OK) {
		free(s->resumes);
		s->resumes = NULL;
		s->resume_count = 0;
		rc = load_resumes(s, s->info.id, err);
	}
	if (rc) {
		s->broken = true;
		return rc;
	}
	*added = s->game->event_count(s->match) - had;
	return CC_OK;
}

/* Keeps the stamp and commit time of an event just recorded; without
 * memory the log's times fall back on the ones known (cc_session_wall_at). */
static void note_time(cc_session *s, int64_t t_ms, int64_t wall_ms)
{
	(void)cc_session_walls_note(&s->walls, t_ms, wall_ms);
}

/* RU-18: the resume's pause, recorded with what the resume gave back
 * (one transaction), and kept in s's list of resumes. */
static cc_err append_resume(cc_session *s, size_t seq, const cc_event *ev, const cc_match_view *after, int64_t wall,
                            cc_error *err)
{
	const cc_session_returned *r = &s->returned;
	cc_store_resume row = {seq, wall, r->stopped_t_ms, r->stopped_wall_ms, ev->t_ms, r->last_wall_ms, r->side,
	                       r->returned_ms, false, 0};
	cc_session_resume_entry *grown = realloc(s->resumes, (s->resume_count + 1) * sizeof *grown);
	if (!grown)
		return cc_refuse(err, CC_MSG_NOMEM);
	s->resumes = grown;
	cc_err rc = cc_store_append_resume(cc_session_db_store(s->db), s->info.id, seq, ev, after, wall, &row, err);
	if (rc == CC_OK)
		s->resumes[s->resume_count++] = resume_entry(s, &row);
	return rc;
}

cc_err cc_session_apply(cc_session *s, const cc_event *given, cc_error *err)
{
	cc_match_view after;
	/* Chess-Uno: a draw is recorded with its card before anyone sees it. */
	cc_event completed = *given;
	const cc_event *ev = &completed;
	cc_match_complete_event(s->match, &completed);
	if (s->broken)
		return cc_refuse(err, CC_MSG_OUT_OF_STEP);
	if (s->db && !s->recording)
		return cc_refuse(err, CC_MSG_READ_ONLY_MATCH);
	/* RU-24.3: a new event's text (a reason, a move) keeps a name's rules;
	 * the core's replay keeps RU-24's, which older records were made under */
	cc_err rc = cc_text_check_optional(CC_TEXT_EVENT_TEXT, ev->text, sizeof ev->text, err);
	if (rc == CC_OK)
		rc = s->game->check(s->match, ev, &after, err);
	if (rc)
		return rc;
	if (s->recording) {
		int64_t wall = wall_now(s->db);
		rc = hold_again(s, err);
		if (rc)
			return rc;
		size_t seq = s->game->event_count(s->match);
		if (s->recording_resume)
			rc = append_resume(s, seq, ev, &after, wall, err);
		else
			rc = cc_store_append_event(cc_session_db_store(s->db), s->info.id, seq, ev, &after, wall, err);
		if (rc)
			return rc;
		s->has_wall = true;
		s->last_wall_ms = wall;
		s->info.events++;
		note_time(s, ev->t_ms, wall);
	}
	rc = s->game->apply(s->match, ev, err);
	if (rc && s->recording) {
		/* The check passed, so only memory can fail here: the record now
		 * holds an event the match lacks. Resuming replays it. */
		s->broken = true;
		return cc_refuse(err, CC_MSG_APPLY_FAILED_AFTER_COMMIT, cc_err_name(rc));
	}
	if (rc == CC_OK && s->recording)
		release_if_over(s);
	return rc;
}

cc_err cc_session_follow_time(cc_session *s, int64_t t_ms, bool *recorded, cc_error *err)
{
	if (recorded)
		*recorded = false;
	if (!s->recording || s->broken || !s->game->changed_by_time(s->match, t_ms))
		return CC_OK;
	cc_event tick = cc_event_tick(t_ms);
	cc_err rc = cc_session_apply(s, &tick, err);
	if (rc == CC_OK && recorded)
		*recorded = true;
	return rc;
}

const cc_match *cc_session_match(const cc_session *s)
{
	return s->match;
}

int64_t cc_session_id(const cc_session *s)
{
	return s->info.id;
}

const cc_session_info *cc_session_info_of(const cc_session *s)
{
	return &s->info;
}

const char *cc_session_sheet(cc_session *s)
{
	if (!s->info.sheet[0] && cc_game_has(s->info.settings.format, CC_GAME_CUBES) &&
	    cc_session_sheet_derive(s->info.settings.seed, s->info.sheet, sizeof s->info.sheet, NULL) != CC_OK)
		s->info.sheet[0] = '\0';
	return s->info.sheet;
}

bool cc_session_last_event_age(const cc_session *s, int64_t *age_ms)
{
	if (!s->db || !s->has_wall)
		return false;
	/* A crafted record may hold any commit time: no overflow, no future. */
	int64_t age;
	if (__builtin_sub_overflow(wall_now(s->db), s->last_wall_ms, &age) || age < 0 ||
	    age > CC_MATCH_TIME_MAX_MS)
		return false;
	*age_ms = age;
	return true;
}

/* Issue 21: a line's time of day, in O(log n) (session_walls.c says how). */
bool cc_session_wall_at_event(const cc_session *s, size_t k, int64_t t_ms, int64_t *wall_ms)
{
	return cc_session_walls_at_event(&s->walls, k, t_ms, wall_ms);
}

bool cc_session_wall_at(const cc_session *s, int64_t t_ms, int64_t *wall_ms)
{
	return cc_session_walls_at(&s->walls, t_ms, wall_ms);
}

bool cc_session_run_wall_at(const cc_session *s, int64_t t_ms, int64_t *wall_ms)
{
	/* a resume's event starts its run (its offset has the pause in it) */
	size_t from = s->resume_count ? s->resumes[s->resume_count - 1].event_seq : 0;
	return cc_session_walls_at_event(&s->walls, from, t_ms, wall_ms);
}

const char *cc_session_uno_secret(const cc_session *s)
{
	cc_match_view v;
	if (!s->match || !cc_game_has(s->info.settings.format, CC_GAME_DEALT))
		return "";
	cc_match_view_at(s->match, cc_match_last_time(s->match), &v);
	return v.over ? s->secret : "";
}

cc_session_db *cc_session_db_of(const cc_session *s)
{
	return s->db;
}
