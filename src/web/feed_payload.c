/*
 * feed_payload.c: what a topic's frame says (feed.c builds and sends it):
 * a board (the state, its clocks as of now, the renderer's words, the
 * timers, the log), an event (its pairings, standings and boards), the
 * index. Each said in the language given; the payloads' shapes are feed.c's
 * top comment's.
 */
#include "feed_internal.h"

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
uint64_t cc_web_timers_fingerprint(cc_session_timers_status status, const cc_session_timers *t)
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
	a->timers_fp = cc_web_timers_fingerprint(status, &t);
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
static json_t *board_json(const cc_lang *lang, cc_web_feed *feed, cc_session *s, int64_t mono_ms, bool log,
                          uint64_t *fp)
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

static json_t *match_payload(const cc_lang *lang, cc_web_feed *feed, const cc_web_topic *t, int64_t mono_ms,
                             uint64_t *fp)
{
	cc_session *s = NULL;
	cc_error err = {0};
	if (cc_session_read(&s, feed->db, t->id, &err) != CC_OK)
		return json_pack("{s:s, s:s}", "topic", "match", "error", err.message);
	json_t *board = board_json(lang, feed, s, mono_ms, true, fp);
	cc_session_destroy(s);
	return board ? json_pack("{s:s, s:o}", "topic", "match", "board", board) : NULL;
}

static json_t *event_payload(const cc_lang *lang, cc_web_feed *feed, const cc_web_topic *t, int64_t mono_ms,
                             uint64_t *fp)
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

typedef struct {
	const cc_lang *lang;
	json_t *matches;
} index_walk;

/* One of the newest matches, in play ones first (cc_session_db_list_newest). */
static cc_err index_match(void *ctx, const cc_session_info *in, cc_error *err)
{
	index_walk *w = ctx;
	(void)err;
	if (json_array_size(w->matches) >= INDEX_MATCHES)
		return CC_OK;
	json_array_append_new(w->matches,
	                      json_pack("{s:I, s:o, s:o, s:s, s:s, s:s, s:b, s:s, s:I, s:s}", "id", (json_int_t)in->id,
	                                "white", text_json(in->settings.white), "black", text_json(in->settings.black),
	                                "format", cc_format_name(in->settings.format), "title",
	                                format_title(w->lang, in->settings.format), "kind",
	                                is_game(in->settings.format) ? "game" : "match", "over", in->over, "result",
	                                cc_session_result_code(in->over, in->winner), "events", (json_int_t)in->events,
	                                "created_utc", in->created_utc));
	return CC_OK;
}

static json_t *index_payload(const cc_lang *lang, cc_web_feed *feed, uint64_t *fp)
{
	cc_session_event *events = NULL;
	size_t nevents = 0;
	cc_error err = {0};
	json_t *out = json_pack("{s:s, s:[], s:[]}", "topic", "index", "matches", "events");
	if (!out)
		return NULL;
	json_t *matches = json_object_get(out, "matches"), *evs = json_object_get(out, "events");
	/* the newest first; unfinished ones before: read as such, not the whole record */
	index_walk walk = {lang, matches};
	(void)cc_session_db_list_newest(feed->db, INDEX_MATCHES, index_match, &walk, &err);
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

json_t *cc_web_topic_payload(const cc_lang *lang, cc_web_feed *feed, const cc_web_topic *t, int64_t mono_ms,
                             uint64_t *fp)
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
