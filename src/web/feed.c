/*
 * feed.c: the poller and its topics.
 *
 * A topic is what someone looks at: the index, one match, one event. It
 * holds the SSE frame of each language ("data: {json}\n\n", shared by all
 * its clients) and, built when asked, its feeds (PGN, JSON) with their
 * ETags. The poller asks the record for its data version every
 * CC_WEB_POLL_MS while anyone watches (nothing otherwise); when another
 * connection committed, each watched topic is read again through the
 * session once, whatever the number of its viewers, and its clients are
 * woken only if what they see changed (its fingerprint: the events and
 * console of its boards; the text, for the index).
 *
 * Time, as watch.c: the record's times are the console's monotonic
 * milliseconds, so a match's "now" is anchored on observation (the last
 * event's time plus its commit age, then this process's clock). A frame
 * says each clock's value at that now and whether it runs: the core's view
 * one millisecond later says it, so the page runs exactly the clocks the
 * core runs and decides nothing. A match no console holds has its clocks
 * stopped at its last event (RU-18), as `watch` shows it.
 *
 * Languages: each frame is built once per language of the table
 * (languages.def), the renderer given that language; a viewer is sent the
 * frames of its own. The PGN feed is made per language too (every comment
 * in the one asked), the JSON feeds in none (their texts English).
 *
 * Payloads (the "state" inside is the contract of `chesscubing script`,
 * docs/scenario-format.md):
 *   match  {"topic":"match","lang","board":{"state","running","console",
 *           "commit_wall_ms","texts":{...},"timers","log":[{"t","kind","text"}]}}
 *
 * Timers (rules/stackmat.md SM-6): in a cube phase, "timers" is what the
 * console reading the players' Stackmat timers published (session_timers.h):
 * {"status":"live"|"lost","white":{"state","ms"},"black":{...}}, a running
 * time as of the frame (the page counts it on, as it runs the clocks),
 * or null. The poller reads it every CC_WEB_POLL_MS for each board in a
 * cube phase and sends a frame when what it shows changed (a state, a
 * stopped time, a reading gone stale), not for a running time alone.
 *   event  {"topic":"event","lang","event":{...},"pairings":[...],
 *           "standings":[...],"boards":{"ID":board without log}}
 *   index  {"topic":"index","lang","matches":[...],"events":[...]}
 */
#include "web_internal.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "chesscubing/session_club.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_export.h"
#include "chesscubing/session_json.h"
#include "chesscubing/session_timers.h"

#define FRESH_MS 250          /* a new viewer gets clocks read at most this long ago */
#define CONSOLE_POLL_MS 1000  /* how often the consoles' holds are asked */
#define TOPIC_IDLE_MS 60000   /* a topic nobody used for this long is dropped */
#define TOPICS_MAX 512
#define ANCHORS_MAX 4096
#define LOG_LINES 40
#define INDEX_MATCHES 60

typedef enum { TOPIC_INDEX, TOPIC_MATCH, TOPIC_EVENT } topic_kind;

/* Where this process places a match's "now" (see the top). */
typedef struct {
	int64_t id;
	size_t events;
	int64_t last_event_ms;
	int64_t anchor_core_ms, anchor_mono_ms;
	int64_t commit_wall_ms; /* when its last event was committed; 0 unknown */
	bool console;           /* a console holds it */
	bool cube;              /* last built in a cube phase: its timers are polled ... */
	int cube_block, cube_attempt; /* ... for that phase */
	uint64_t timers_fp;     /* what its timers showed */
} anchor;

/* The feeds: the JSON (one, in no language) and a PGN a language (the
 * language's row number after BODY_PGN). */
enum { BODY_JSON, BODY_PGN, BODIES = BODY_PGN + CC_LANG_MAX };

struct cc_web_topic {
	topic_kind kind;
	int64_t id;
	char name[CC_WEB_NAME_MAX];
	cc_web_frame *frame[CC_LANG_MAX]; /* by the language's row number */
	uint64_t seq, fingerprint;
	int64_t built_mono, built_version;
	char *body[BODIES];
	size_t body_len[BODIES];
	int64_t body_version[BODIES];
	char etag[BODIES][24];
	cc_web_client *clients;
	size_t nclients;
	int64_t used_mono;
	cc_web_topic *next;
};

struct cc_web_feed {
	cc_session_db *db;
	cc_web_wake_fn *wake;
	void *wake_ctx;
	int64_t version;        /* the record's, as last asked by anyone */
	int64_t polled_version; /* as the poller last saw it: its watched topics are built on it */
	int64_t next_console_ms;
	cc_web_topic *topics;
	size_t ntopics, nclients;
	anchor *anchors;
	size_t nanchors;
};

/* ---- frames ------------------------------------------------------------------ */

void cc_web_frame_ref(cc_web_frame *f)
{
	f->refs++;
}

void cc_web_frame_unref(cc_web_frame *f)
{
	if (f && --f->refs == 0)
		free(f);
}

static cc_web_frame *frame_new(const char *json, uint64_t seq)
{
	size_t n = strlen(json);
	cc_web_frame *f = malloc(sizeof *f + n + 9);
	if (!f)
		return NULL;
	f->refs = 1;
	f->seq = seq;
	f->len = (size_t)sprintf(f->text, "data: %s\n\n", json);
	return f;
}

/* ---- what the format is -------------------------------------------------------- */

/* The one place this front end asks what kind of thing a format is: its
 * class (game.h) says whether it is one game or a match of blocks. */
static bool is_game(cc_format format)
{
	return cc_game_has(format, CC_GAME_SINGLE);
}

/* The format as the screens title it, in lang. */
static const char *format_title(const cc_lang *lang, cc_format format)
{
	return cc_lang_tr(lang, cc_game_class_of(format)->title);
}

/* ---- small JSON helpers ----------------------------------------------------------- */

/* A text for the page: jansson takes valid UTF-8 only; anything else is
 * shown escaped (cc_session_printable), never dropped. */
static json_t *text_json(const char *text)
{
	json_t *s = json_string(text);
	if (!s) {
		char safe[1024];
		cc_session_printable(text, safe, sizeof safe);
		s = json_string(safe);
	}
	return s;
}

static void set_text(json_t *obj, const char *key, const char *text)
{
	json_object_set_new(obj, key, text_json(text));
}

static void mix(uint64_t *fp, const void *data, size_t len)
{
	uint64_t h = cc_web_hash(data, len);
	*fp = (*fp ^ h) * 1099511628211ULL + 0x9e3779b97f4a7c15ULL;
}

/* ---- anchors -------------------------------------------------------------------- */

static const cc_clock *clock_of(const cc_web_feed *feed)
{
	return cc_session_db_clock(feed->db);
}

static anchor *anchor_of(cc_web_feed *feed, const cc_session *s, int64_t mono_ms)
{
	int64_t id = cc_session_id(s);
	const cc_match *m = cc_session_match(s);
	anchor *a = NULL;
	for (size_t i = 0; i < feed->nanchors; i++)
		if (feed->anchors[i].id == id)
			a = &feed->anchors[i];
	if (!a) {
		if (feed->nanchors == ANCHORS_MAX)
			feed->nanchors = 0; /* forget them all: each is found again */
		if (!feed->anchors)
			feed->anchors = calloc(ANCHORS_MAX, sizeof *feed->anchors);
		if (!feed->anchors)
			return NULL;
		a = &feed->anchors[feed->nanchors++];
		memset(a, 0, sizeof *a);
		a->id = id;
		a->events = (size_t)-1;
		bool held = true;
		if (cc_session_db_in_use(feed->db, id, &held, NULL) != CC_OK)
			held = true;
		a->console = held;
	}
	size_t events = cc_match_event_count(m);
	if (events != a->events || cc_match_last_time(m) != a->last_event_ms) {
		int64_t age = 0;
		a->events = events;
		a->last_event_ms = cc_match_last_time(m);
		if (!cc_session_last_event_age(s, &age) || age < 0) {
			age = 0;
			a->commit_wall_ms = 0;
		} else {
			a->commit_wall_ms = clock_of(feed)->wall_ms(clock_of(feed)) - age;
		}
		a->anchor_core_ms = a->last_event_ms + age;
		a->anchor_mono_ms = mono_ms;
	}
	return a;
}

static int64_t anchor_now(const anchor *a, int64_t mono_ms)
{
	if (!a->console)
		return a->last_event_ms;
	int64_t now = a->anchor_core_ms + (mono_ms - a->anchor_mono_ms);
	return now < a->last_event_ms ? a->last_event_ms : now;
}

/* ---- a board ------------------------------------------------------------------------ */

typedef struct {
	json_t *list;
} log_ctx;

static void log_line(void *ctx, int64_t t_ms, cc_session_log_kind kind, const char *text)
{
	log_ctx *l = ctx;
	const char *k = "event";
	switch (kind) {
	case CC_SESSION_LOG_EVENT:
		break;
	case CC_SESSION_LOG_TICK:
		k = "tick";
		break;
	case CC_SESSION_LOG_AFTER:
		k = "after";
		break;
	case CC_SESSION_LOG_TIME:
		k = "time";
		break;
	case CC_SESSION_LOG_ERROR:
		k = "error";
		break;
	}
	json_t *line = json_pack("{s:I, s:s, s:o}", "t", (json_int_t)t_ms, "kind", k, "text", text_json(text));
	if (line)
		json_array_append_new(l->list, line);
	if (json_array_size(l->list) > LOG_LINES)
		json_array_remove(l->list, 0);
}

/* The renderer's words for what the view shows. */
static json_t *texts_json(const cc_lang *lang, cc_session *s, const cc_match_view *v)
{
	const cc_match *m = cc_session_match(s);
	const cc_match_settings *settings = cc_match_settings_of(m);
	char buf[2048];
	json_t *t = json_object();
	if (!t)
		return NULL;
	set_text(t, "kind", is_game(settings->format) ? "game" : "match");
	set_text(t, "format", format_title(lang, settings->format));
	cc_session_describe_result(lang, v, settings, buf, sizeof buf);
	set_text(t, "result", buf);
	set_text(t, "result_code", cc_session_result_code(v->over, v->winner));
	if (v->has_last_cube) {
		cc_session_describe_cube(lang, &v->last_cube, settings, buf, sizeof buf);
		set_text(t, "last_cube", buf);
	}
	if (v->phase == CC_PHASE_CUBE && v->cube_number > 0) {
		cc_session_sheet_line(cc_session_sheet(s), v->cube_number, buf, sizeof buf);
		set_text(t, "scramble", buf);
	}
	if (v->has_board && v->last_move_san[0]) {
		cc_session_san_local(lang, v->last_move_san, buf, sizeof buf);
		set_text(t, "last_move", buf);
	}
	const cc_uno_game *game = cc_match_uno(m);
	if (game) {
		cc_uno_view uv;
		cc_uno_view_now(game, &uv);
		cc_session_uno_card_text(lang, uv.card, buf, sizeof buf);
		set_text(t, "card", buf);
		cc_session_uno_card_big(lang, uv.card, buf, sizeof buf);
		set_text(t, "card_big", buf);
		cc_session_describe_uno_table(lang, game, settings, buf, sizeof buf);
		set_text(t, "table", buf);
		size_t steps = cc_uno_step_count(game);
		if (steps > 0) {
			cc_session_describe_uno_step(lang, cc_uno_step_at(game, steps - 1), settings, buf, sizeof buf);
			set_text(t, "step", buf);
		}
	}
	return t;
}

/* What the audience sees of the timers: a running time alone is no news. */
static uint64_t timers_fingerprint(cc_session_timers_status status, const cc_session_timers *t)
{
	uint64_t fp = 0;
	mix(&fp, &status, sizeof status);
	for (int side = 0; status == CC_SESSION_TIMERS_LIVE && side < 2; side++) {
		const cc_session_timer *s = &t->side[side];
		int32_t ms = s->state == CC_STACKMAT_RUNNING ? -1 : s->time_ms;
		mix(&fp, &s->present, sizeof s->present);
		mix(&fp, &s->state, sizeof s->state);
		mix(&fp, &ms, sizeof ms);
	}
	return fp;
}

/* SM-6.1: the players' timers as the console publishes them, or null. */
static json_t *timers_json(cc_web_feed *feed, anchor *a, const cc_match_view *v, int64_t mono_ms, uint64_t *fp)
{
	cc_session_timers t;
	cc_session_timers_status status = cc_session_timers_read(feed->db, a->id, v, mono_ms, &t);
	a->cube = v->phase == CC_PHASE_CUBE && !v->over;
	a->cube_block = v->block;
	a->cube_attempt = v->cube_attempt;
	a->timers_fp = timers_fingerprint(status, &t);
	mix(fp, &a->timers_fp, sizeof a->timers_fp);
	if (status == CC_SESSION_TIMERS_NONE)
		return json_null();
	if (status == CC_SESSION_TIMERS_LOST)
		return json_pack("{s:s}", "status", "lost");
	return json_pack("{s:s, s:{s:s, s:I}, s:{s:s, s:I}}", "status", "live", "white", "state",
	                 cc_session_timer_state_name(&t.side[0]), "ms", (json_int_t)t.side[0].time_ms, "black", "state",
	                 cc_session_timer_state_name(&t.side[1]), "ms", (json_int_t)t.side[1].time_ms);
}

/* One board: the state, its running clocks, the renderer's texts (and with
 * log, the event log as `watch` tells it). fp takes what the viewers see. */
static json_t *board_json(const cc_lang *lang, cc_web_feed *feed, cc_session *s, int64_t mono_ms, bool log, uint64_t *fp)
{
	const cc_match *m = cc_session_match(s);
	anchor *a = anchor_of(feed, s, mono_ms);
	if (!a)
		return NULL;
	int64_t now = anchor_now(a, mono_ms);
	cc_match_view v, next;
	cc_match_view_at(m, now, &v);
	cc_match_view_at(m, now + 1, &next);
	json_t *state = cc_session_state_json(m, now, log);
	if (!state)
		return NULL;
	json_object_set_new(state, "match_id", json_integer(cc_session_id(s)));
	cc_session_fairness_json(state, s);
	bool run = a->console && !v.over && !v.paused;
	json_t *running = json_pack("{s:b, s:b, s:b, s:b}", "block", run && next.block_ms_left < v.block_ms_left,
	                            "move", run && v.has_move_clock && next.move_ms_left < v.move_ms_left, "white",
	                            run && v.has_chess_clocks && next.clock_ms[0] < v.clock_ms[0], "black",
	                            run && v.has_chess_clocks && next.clock_ms[1] < v.clock_ms[1]);
	json_t *board = json_pack("{s:o, s:o, s:b, s:I, s:o}", "state", state, "running", running, "console",
	                          a->console, "commit_wall_ms", (json_int_t)a->commit_wall_ms, "texts",
	                          texts_json(lang, s, &v));
	if (board)
		json_object_set_new(board, "timers", timers_json(feed, a, &v, mono_ms, fp));
	if (board && log) {
		log_ctx l = {json_array()};
		if (l.list) {
			cc_session_event_log(lang, m, log_line, &l);
			json_object_set_new(board, "log", l.list);
		}
	}
	mix(fp, &a->id, sizeof a->id);
	mix(fp, &a->events, sizeof a->events);
	mix(fp, &a->last_event_ms, sizeof a->last_event_ms);
	mix(fp, &a->console, sizeof a->console);
	return board;
}

/* ---- topics' payloads ------------------------------------------------------------------ */

static json_t *match_payload(const cc_lang *lang, cc_web_feed *feed, const cc_web_topic *t, int64_t mono_ms, uint64_t *fp)
{
	cc_session *s = NULL;
	cc_error err = {0};
	if (cc_session_read(&s, feed->db, t->id, &err) != CC_OK)
		return json_pack("{s:s, s:s}", "topic", "match", "error", err.message);
	json_t *board = board_json(lang, feed, s, mono_ms, true, fp);
	cc_session_destroy(s);
	return board ? json_pack("{s:s, s:o}", "topic", "match", "board", board) : NULL;
}

static json_t *event_payload(const cc_lang *lang, cc_web_feed *feed, const cc_web_topic *t, int64_t mono_ms, uint64_t *fp)
{
	cc_session_event ev;
	cc_session_pairing *pairings = NULL;
	cc_session_standing standings[CC_CLUB_PLAYERS_MAX];
	unsigned players = 0;
	size_t count = 0;
	cc_error err = {0};
	cc_err rc = cc_session_club_event(feed->db, t->name, &ev, &pairings, &count, &err);
	if (rc == CC_OK)
		rc = cc_session_club_standings(feed->db, t->name, &ev, standings, &players, &err);
	if (rc) {
		free(pairings);
		return json_pack("{s:s, s:s}", "topic", "event", "error", err.message);
	}
	json_t *out = json_pack("{s:s, s:{s:o, s:s, s:s, s:s, s:b, s:I, s:I, s:I, s:I, s:s, s:s}}", "topic", "event",
	                        "event", "name", text_json(ev.name), "format", cc_format_name(ev.format), "title",
	                        format_title(lang, ev.format), "category",
	                        cc_category_name(ev.category), "twice", ev.twice, "players", (json_int_t)ev.players,
	                        "rounds", (json_int_t)ev.rounds, "pairings", (json_int_t)ev.pairings, "finished",
	                        (json_int_t)ev.finished, "created_utc", ev.created_utc, "kind",
	                        is_game(ev.format) ? "game" : "match");
	json_t *list = json_array(), *table = json_array(), *boards = json_object();
	for (size_t i = 0; out && list && i < count; i++) {
		const cc_session_pairing *p = &pairings[i];
		json_array_append_new(list, json_pack("{s:I, s:I, s:o, s:o, s:b, s:I, s:b, s:s}", "round",
		                                      (json_int_t)p->round, "board", (json_int_t)p->board, "white",
		                                      text_json(p->white), "black", text_json(p->black), "bye", p->bye,
		                                      "match_id", (json_int_t)p->match_id, "over", p->over, "result",
		                                      p->result ? p->result : ""));
		mix(fp, p->result ? p->result : "", p->result ? strlen(p->result) : 0);
		mix(fp, &p->match_id, sizeof p->match_id);
		cc_session *s = NULL;
		if (p->match_id && boards && cc_session_read(&s, feed->db, p->match_id, NULL) == CC_OK) {
			char key[24];
			snprintf(key, sizeof key, "%lld", (long long)p->match_id);
			json_t *b = board_json(lang, feed, s, mono_ms, false, fp);
			if (b)
				json_object_set_new(boards, key, b);
			cc_session_destroy(s);
		}
	}
	for (unsigned i = 0; table && i < players; i++) {
		const cc_session_standing *st = &standings[i];
		json_array_append_new(table, json_pack("{s:I, s:o, s:I, s:f, s:f, s:b, s:I, s:f, s:I}", "rank",
		                                       (json_int_t)st->st.rank, "name", text_json(st->name), "seat",
		                                       (json_int_t)st->st.player, "points", st->st.points, "direct",
		                                       st->st.direct, "direct_used", st->st.direct_used, "wins",
		                                       (json_int_t)st->st.wins, "sb", st->st.sb, "played",
		                                       (json_int_t)st->st.played));
		mix(fp, &st->st.points, sizeof st->st.points);
	}
	free(pairings);
	if (!out || !list || !table || !boards) {
		json_decref(out);
		json_decref(list);
		json_decref(table);
		json_decref(boards);
		return NULL;
	}
	json_object_set_new(out, "pairings", list);
	json_object_set_new(out, "standings", table);
	json_object_set_new(out, "boards", boards);
	return out;
}

static json_t *index_payload(const cc_lang *lang, cc_web_feed *feed, uint64_t *fp)
{
	cc_session_info *items = NULL;
	cc_session_event *events = NULL;
	size_t count = 0, nevents = 0;
	cc_error err = {0};
	json_t *out = json_pack("{s:s, s:[], s:[]}", "topic", "index", "matches", "events");
	if (!out)
		return NULL;
	json_t *matches = json_object_get(out, "matches"), *evs = json_object_get(out, "events");
	if (cc_session_db_list(feed->db, &items, &count, &err) == CC_OK) {
		/* the newest first; unfinished ones before */
		for (int pass = 0; pass < 2; pass++)
			for (size_t k = count; k-- > 0 && json_array_size(matches) < INDEX_MATCHES;) {
				const cc_session_info *in = &items[k];
				if (in->over != (pass == 1))
					continue;
				json_array_append_new(matches,
				                      json_pack("{s:I, s:o, s:o, s:s, s:s, s:s, s:b, s:s, s:I, s:s}", "id",
				                                (json_int_t)in->id, "white", text_json(in->settings.white),
				                                "black", text_json(in->settings.black), "format",
				                                cc_format_name(in->settings.format), "title",
				                                format_title(lang, in->settings.format), "kind",
				                                is_game(in->settings.format) ? "game" : "match", "over", in->over,
				                                "result", cc_session_result_code(in->over, in->winner), "events",
				                                (json_int_t)in->events, "created_utc", in->created_utc));
			}
		free(items);
	}
	if (cc_session_club_events(feed->db, &events, &nevents, &err) == CC_OK) {
		for (size_t k = nevents; k-- > 0;) {
			const cc_session_event *e = &events[k];
			json_array_append_new(evs, json_pack("{s:o, s:s, s:s, s:I, s:I, s:I, s:I, s:b}", "name",
			                                     text_json(e->name), "format", cc_format_name(e->format), "title",
			                                     format_title(lang, e->format), "players",
			                                     (json_int_t)e->players, "rounds", (json_int_t)e->rounds,
			                                     "pairings", (json_int_t)e->pairings, "finished",
			                                     (json_int_t)e->finished, "open", e->finished < e->pairings));
		}
		free(events);
	}
	char *text = json_dumps(out, JSON_COMPACT);
	if (text) {
		mix(fp, text, strlen(text));
		free(text);
	}
	return out;
}

static json_t *topic_payload(const cc_lang *lang, cc_web_feed *feed, const cc_web_topic *t, int64_t mono_ms, uint64_t *fp)
{
	switch (t->kind) {
	case TOPIC_INDEX:
		return index_payload(lang, feed, fp);
	case TOPIC_MATCH:
		return match_payload(lang, feed, t, mono_ms, fp);
	case TOPIC_EVENT:
		return event_payload(lang, feed, t, mono_ms, fp);
	}
	return NULL;
}

/* Builds the topic's frames again; wakes its clients when what they see changed. */
static void topic_build(cc_web_feed *feed, cc_web_topic *t, int64_t mono_ms)
{
	cc_web_frame *frames[CC_LANG_MAX] = {NULL};
	size_t langs = cc_lang_count();
	uint64_t fp = 0;
	bool whole = true;
	for (size_t l = 0; l < langs; l++) {
		uint64_t lang_fp = 0;
		const cc_lang *lang = cc_lang_at(l);
		json_t *payload = topic_payload(lang, feed, t, mono_ms, &lang_fp);
		if (l == 0)
			fp = lang_fp;
		if (!payload)
			continue;
		json_object_set_new(payload, "lang", json_string(lang->code));
		char *text = json_dumps(payload, JSON_COMPACT);
		json_decref(payload);
		if (text) {
			frames[l] = frame_new(text, t->seq + 1);
			free(text);
		}
		whole = whole && frames[l];
	}
	if (!whole) {
		for (size_t l = 0; l < langs; l++)
			cc_web_frame_unref(frames[l]);
		return; /* out of memory: the last frames stay */
	}
	t->seq++;
	for (size_t l = 0; l < langs; l++) {
		cc_web_frame_unref(t->frame[l]);
		t->frame[l] = frames[l];
	}
	t->built_mono = mono_ms;
	t->built_version = feed->version;
	bool changed = fp != t->fingerprint;
	t->fingerprint = fp;
	if (changed)
		for (cc_web_client *c = t->clients; c; c = c->next)
			feed->wake(feed->wake_ctx, c);
}

/* ---- the feed ---------------------------------------------------------------------------- */

cc_err cc_web_feed_create(cc_web_feed **out, const char *db, cc_web_wake_fn *wake, void *wake_ctx, cc_error *err)
{
	cc_web_feed *feed = calloc(1, sizeof *feed);
	*out = NULL;
	if (!feed)
		return cc_refuse(err, CC_MSG_NOMEM);
	cc_err rc = cc_session_db_open(&feed->db, db, CC_SESSION_DB_READ, NULL, err);
	if (rc == CC_OK)
		rc = cc_session_db_version(feed->db, &feed->version, err);
	feed->polled_version = feed->version;
	if (rc) {
		cc_session_db_close(feed->db);
		free(feed);
		return rc;
	}
	feed->wake = wake;
	feed->wake_ctx = wake_ctx;
	*out = feed;
	return CC_OK;
}

static void topic_free(cc_web_topic *t)
{
	for (size_t l = 0; l < CC_LANG_MAX; l++)
		cc_web_frame_unref(t->frame[l]);
	for (int b = 0; b < BODIES; b++)
		free(t->body[b]);
	free(t);
}

void cc_web_feed_destroy(cc_web_feed *feed)
{
	if (!feed)
		return;
	while (feed->topics) {
		cc_web_topic *t = feed->topics;
		feed->topics = t->next;
		topic_free(t);
	}
	free(feed->anchors);
	cc_session_db_close(feed->db);
	free(feed);
}

const cc_session_db *cc_web_feed_db(const cc_web_feed *feed)
{
	return feed->db;
}

static topic_kind kind_of(cc_web_route_kind k)
{
	switch (k) {
	case CC_WEB_MATCH:
	case CC_WEB_MATCH_EVENTS:
	case CC_WEB_MATCH_JSON:
	case CC_WEB_MATCH_PGN:
		return TOPIC_MATCH;
	case CC_WEB_EVENT:
	case CC_WEB_EVENT_EVENTS:
	case CC_WEB_EVENT_JSON:
	case CC_WEB_EVENT_PGN:
		return TOPIC_EVENT;
	case CC_WEB_NOT_FOUND:
	case CC_WEB_BAD_REQUEST:
	case CC_WEB_INDEX:
	case CC_WEB_INDEX_JSON:
	case CC_WEB_INDEX_EVENTS:
	case CC_WEB_ASSET:
	case CC_WEB_WORDS:
		break;
	}
	return TOPIC_INDEX;
}

/* The record's version now (the last one known when it cannot say). */
static int64_t version_now(cc_web_feed *feed)
{
	int64_t v;
	if (cc_session_db_version(feed->db, &v, NULL) == CC_OK)
		feed->version = v;
	return feed->version;
}

cc_err cc_web_feed_topic(cc_web_feed *feed, const cc_web_route *route, int64_t mono_ms, cc_web_topic **out,
                         cc_error *err)
{
	topic_kind kind = kind_of(route->kind);
	for (cc_web_topic *t = feed->topics; t; t = t->next) {
		if (t->kind == kind && (kind != TOPIC_MATCH || t->id == route->match_id) &&
		    (kind != TOPIC_EVENT || strcmp(t->name, route->name) == 0)) {
			t->used_mono = mono_ms;
			*out = t;
			return CC_OK;
		}
	}
	if (feed->ntopics >= TOPICS_MAX)
		return cc_refuse(err, CC_MSG_WEB_TOO_MANY_PAGES, TOPICS_MAX);
	cc_err rc = CC_OK;
	if (kind == TOPIC_MATCH) {
		cc_session_info info;
		rc = cc_session_db_info(feed->db, route->match_id, &info, err);
	} else if (kind == TOPIC_EVENT) {
		cc_session_event ev;
		cc_session_pairing *pairings = NULL;
		size_t count = 0;
		rc = cc_session_club_event(feed->db, route->name, &ev, &pairings, &count, err);
		free(pairings);
	}
	if (rc)
		return rc;
	cc_web_topic *t = calloc(1, sizeof *t);
	if (!t)
		return cc_refuse(err, CC_MSG_NOMEM);
	t->kind = kind;
	t->id = route->match_id;
	snprintf(t->name, sizeof t->name, "%s", route->name);
	t->used_mono = mono_ms;
	t->built_version = -1;
	for (int b = 0; b < BODIES; b++)
		t->body_version[b] = -1;
	t->next = feed->topics;
	feed->topics = t;
	feed->ntopics++;
	*out = t;
	return CC_OK;
}

cc_web_frame *cc_web_feed_frame(cc_web_feed *feed, cc_web_topic *t, const cc_lang *lang, int64_t mono_ms)
{
	int64_t version = version_now(feed);
	size_t l = cc_lang_index(lang);
	bool stale = !t->frame[l] || t->built_version != version ||
	             (t->kind != TOPIC_INDEX && mono_ms - t->built_mono > FRESH_MS);
	t->used_mono = mono_ms;
	if (stale)
		topic_build(feed, t, mono_ms);
	return t->frame[l];
}

cc_web_frame *cc_web_topic_frame(const cc_web_topic *t, const cc_lang *lang)
{
	return t->frame[cc_lang_index(lang)];
}

/* The topic's feed b written into a new string (a PGN's comments in lang);
 * NULL when it could not be. */
static char *body_make(const cc_lang *lang, cc_web_feed *feed, cc_web_topic *t, int b, size_t *len, int64_t mono_ms)
{
	char *text = NULL;
	FILE *out = open_memstream(&text, len);
	int rc = out ? 0 : -1;
	if (rc == 0 && t->kind == TOPIC_MATCH) {
		cc_session *s = NULL;
		rc = cc_session_read(&s, feed->db, t->id, NULL) == CC_OK
		             ? cc_session_export(lang, out, s, b >= BODY_PGN ? CC_EXPORT_PGN : CC_EXPORT_JSON)
		             : -1;
		cc_session_destroy(s);
	} else if (rc == 0 && t->kind == TOPIC_EVENT && b >= BODY_PGN) {
		cc_session_event ev;
		cc_session_pairing *pairings = NULL;
		size_t count = 0;
		rc = cc_session_club_event(feed->db, t->name, &ev, &pairings, &count, NULL) == CC_OK ? 0 : -1;
		for (size_t i = 0; rc == 0 && i < count; i++) {
			cc_session *s = NULL;
			if (!pairings[i].match_id)
				continue;
			if (cc_session_read(&s, feed->db, pairings[i].match_id, NULL) == CC_OK)
				rc = cc_session_export(lang, out, s, CC_EXPORT_PGN) || fputc('\n', out) == EOF ? -1 : 0;
			cc_session_destroy(s);
		}
		free(pairings);
	} else if (rc == 0) {
		/* the event's and the index's JSON: the English payload */
		uint64_t fp = 0;
		json_t *payload = topic_payload(cc_lang_default(), feed, t, mono_ms, &fp);
		rc = payload ? json_dumpf(payload, out, JSON_INDENT(1)) : -1;
		json_decref(payload);
	}
	if (out && fclose(out) != 0)
		rc = -1;
	if (rc) {
		free(text);
		return NULL;
	}
	return text;
}

const char *cc_web_feed_body(cc_web_feed *feed, cc_web_topic *t, bool pgn, const cc_lang *lang, size_t *len,
                             const char **etag)
{
	int b = pgn ? BODY_PGN + (int)cc_lang_index(lang) : BODY_JSON;
	int64_t version = version_now(feed);
	int64_t mono = clock_of(feed)->monotonic_ms(clock_of(feed));
	/* An event's JSON runs clocks: made again for each request. */
	bool timeless = t->kind == TOPIC_MATCH || b >= BODY_PGN || t->kind == TOPIC_INDEX;
	if (!t->body[b] || t->body_version[b] != version || !timeless) {
		size_t n = 0;
		char *text = body_make(lang, feed, t, b, &n, mono);
		if (!text)
			return NULL;
		free(t->body[b]);
		t->body[b] = text;
		t->body_len[b] = n;
		t->body_version[b] = version;
		snprintf(t->etag[b], sizeof t->etag[b], "\"%016llx\"", (unsigned long long)cc_web_hash(text, n));
	}
	t->used_mono = mono;
	*len = t->body_len[b];
	*etag = t->etag[b];
	return t->body[b];
}

void cc_web_feed_subscribe(cc_web_feed *feed, cc_web_topic *t, cc_web_client *c)
{
	c->topic = t;
	c->prev = NULL;
	c->next = t->clients;
	if (t->clients)
		t->clients->prev = c;
	t->clients = c;
	t->nclients++;
	feed->nclients++;
}

void cc_web_feed_unsubscribe(cc_web_feed *feed, cc_web_client *c)
{
	cc_web_topic *t = c->topic;
	if (!t)
		return;
	if (c->prev)
		c->prev->next = c->next;
	else
		t->clients = c->next;
	if (c->next)
		c->next->prev = c->prev;
	c->topic = NULL;
	t->nclients--;
	feed->nclients--;
}

size_t cc_web_feed_clients(const cc_web_feed *feed)
{
	return feed->nclients;
}

/* Asks whether a console holds each watched board; true when any changed. */
static bool poll_consoles(cc_web_feed *feed)
{
	bool changed = false;
	for (size_t i = 0; i < feed->nanchors; i++) {
		anchor *a = &feed->anchors[i];
		bool held = a->console;
		if (cc_session_db_in_use(feed->db, a->id, &held, NULL) != CC_OK)
			continue;
		if (held != a->console) {
			a->console = held;
			a->events = (size_t)-1; /* anchored again when read */
			changed = true;
		}
	}
	return changed;
}

/* Reads the timers of each board in a cube phase; true when what they show changed. */
static bool poll_timers(cc_web_feed *feed, int64_t mono_ms)
{
	bool changed = false;
	for (size_t i = 0; i < feed->nanchors; i++) {
		anchor *a = &feed->anchors[i];
		cc_session_timers t;
		cc_match_view v;
		if (!a->cube)
			continue;
		memset(&v, 0, sizeof v);
		v.phase = CC_PHASE_CUBE;
		v.block = a->cube_block;
		v.cube_attempt = a->cube_attempt;
		cc_session_timers_status status = cc_session_timers_read(feed->db, a->id, &v, mono_ms, &t);
		if (timers_fingerprint(status, &t) != a->timers_fp)
			changed = true;
	}
	return changed;
}

void cc_web_feed_poll(cc_web_feed *feed, int64_t mono_ms)
{
	/* Nobody watching: nothing to ask (a feed request asks for itself). */
	cc_web_topic **link = &feed->topics;
	while (*link) {
		cc_web_topic *t = *link;
		if (!t->nclients && mono_ms - t->used_mono > TOPIC_IDLE_MS) {
			*link = t->next;
			topic_free(t);
			feed->ntopics--;
			continue;
		}
		link = &t->next;
	}
	if (!feed->nclients)
		return;
	/* A request may have asked the version since (version_now): the
	 * poller compares with what it saw itself, so no change is missed. */
	int64_t version = version_now(feed);
	bool news = version != feed->polled_version;
	feed->polled_version = version;
	if (mono_ms >= feed->next_console_ms) {
		feed->next_console_ms = mono_ms + CONSOLE_POLL_MS;
		news = poll_consoles(feed) || news;
	}
	news = poll_timers(feed, mono_ms) || news;
	if (!news)
		return;
	for (cc_web_topic *t = feed->topics; t; t = t->next) {
		if (t->nclients)
			topic_build(feed, t, mono_ms);
		else
			t->built_version = -1;
	}
}

void cc_web_feed_keepalive(cc_web_feed *feed)
{
	for (cc_web_topic *t = feed->topics; t; t = t->next)
		for (cc_web_client *c = t->clients; c; c = c->next) {
			c->keepalive = true;
			feed->wake(feed->wake_ctx, c);
		}
}

void cc_web_feed_visit(cc_web_feed *feed, void (*fn)(void *ctx, cc_web_client *client), void *ctx)
{
	for (cc_web_topic *t = feed->topics; t; t = t->next)
		for (cc_web_client *c = t->clients, *next; c; c = next) {
			next = c->next;
			fn(ctx, c);
		}
}
