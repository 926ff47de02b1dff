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
		/* issue 34: as the console counts, by its run's least offset (a
		 * solve counted seconds after its stamp leaves no lag behind) */
		int64_t stamp_wall, wall_now = clock_of(feed)->wall_ms(clock_of(feed));
		if (cc_session_run_wall_at(s, a->last_event_ms, &stamp_wall) && stamp_wall <= wall_now &&
		    wall_now - stamp_wall <= CC_MATCH_TIME_MAX_MS)
			a->anchor_core_ms = a->last_event_ms + (wall_now - stamp_wall);
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

/* A match topic's log in one language: the cursor that told it (none for
 * Chess-Uno, told whole by its steps at each frame) and its last
 * LOG_LINES lines, oldest first from head. A commit's events are told on
 * from the cursor, so following a commit costs what it added. */
typedef struct {
	int64_t t_ms;
	cc_session_log_kind kind;
	char *text;
} log_entry;

struct cc_web_log {
	cc_session_log_cursor *cur;
	log_entry line[LOG_LINES];
	size_t head, count;
	size_t told; /* lines told since it was made */
};

static void log_clear(cc_web_log *l)
{
	for (size_t i = 0; i < LOG_LINES; i++) {
		free(l->line[i].text);
		l->line[i].text = NULL;
	}
	l->head = l->count = l->told = 0;
}

static void log_free(cc_web_log *l)
{
	if (!l)
		return;
	log_clear(l);
	cc_session_log_cursor_destroy(l->cur);
	free(l);
}

/* A match topic's blocks: each block's summary and its JSON text, kept
 * from frame to frame (a long match has thousands of blocks, which a frame
 * would otherwise make again in every language); a frame makes again only
 * the blocks from the first that changed (an undo can take one back). */
struct cc_web_blocks {
	cc_block_summary *sum;
	size_t *end;  /* the text's length after block i */
	size_t count, cap;
	char *text;   /* "[" and the blocks told, with their commas */
	size_t len, size;
};

static void blocks_free(cc_web_blocks *b)
{
	if (!b)
		return;
	free(b->sum);
	free(b->end);
	free(b->text);
	free(b);
}

static bool blocks_append(cc_web_blocks *b, const char *text, size_t n)
{
	if (b->len + n + 2 > b->size) {
		size_t size = b->size ? 2 * b->size : 4096;
		while (size < b->len + n + 2)
			size *= 2;
		char *grown = realloc(b->text, size);
		if (!grown)
			return false;
		b->text = grown;
		b->size = size;
	}
	memcpy(b->text + b->len, text, n);
	b->len += n;
	b->text[b->len] = '\0';
	return true;
}

/* Block i of m told after the ones kept. */
static bool blocks_add(cc_web_blocks *b, const cc_match *m, size_t i)
{
	if (b->count == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 64;
		cc_block_summary *sum = realloc(b->sum, cap * sizeof *sum);
		if (sum)
			b->sum = sum;
		size_t *end = sum ? realloc(b->end, cap * sizeof *end) : NULL;
		if (!end)
			return false;
		b->end = end;
		b->cap = cap;
	}
	json_t *block = cc_session_state_json_block(m, i);
	char *text = block ? json_dumps(block, JSON_COMPACT) : NULL;
	json_decref(block);
	bool ok = text && (i == 0 || blocks_append(b, ",", 1)) && blocks_append(b, text, strlen(text));
	free(text);
	if (!ok)
		return false;
	b->sum[b->count] = *cc_match_block_at(m, i);
	b->end[b->count++] = b->len;
	return true;
}

/* t's blocks brought up to m: those from the first that changed told again. */
static bool blocks_update(cc_web_topic *t, const cc_match *m)
{
	cc_web_blocks *b = t->blocks;
	if (!b && !(b = t->blocks = calloc(1, sizeof *b)))
		return false;
	size_t n = cc_match_block_count(m), keep = 0;
	while (keep < b->count && keep < n && memcmp(&b->sum[keep], cc_match_block_at(m, keep), sizeof *b->sum) == 0)
		keep++;
	b->count = keep;
	b->len = keep ? b->end[keep - 1] : 0;
	bool ok = keep > 0 || blocks_append(b, "[", 1);
	for (size_t i = keep; ok && i < n; i++)
		ok = blocks_add(b, m, i);
	if (!ok) {
		blocks_free(b);
		t->blocks = NULL;
	}
	return ok;
}

char *cc_web_topic_splice(const cc_web_topic *t, char *text)
{
	static const char hole[] = "\"blocks\":null";
	/* A quote inside a string value is escaped: this is the key itself. */
	char *at = t->kind == TOPIC_MATCH && t->blocks ? strstr(text, hole) : NULL;
	if (!at)
		return text;
	const cc_web_blocks *b = t->blocks;
	size_t head = (size_t)(at - text) + sizeof hole - 5, tail = strlen(at + sizeof hole - 1);
	char *whole = malloc(head + b->len + 1 + tail + 1);
	if (whole) {
		memcpy(whole, text, head);
		memcpy(whole + head, b->text, b->len);
		whole[head + b->len] = ']';
		memcpy(whole + head + b->len + 1, at + sizeof hole - 1, tail + 1);
	}
	free(text);
	return whole;
}

void cc_web_topic_forget(cc_web_topic *t)
{
	blocks_free(t->blocks);
	t->blocks = NULL;
	for (size_t i = 0; i < CC_LANG_MAX; i++) {
		log_free(t->log[i]);
		t->log[i] = NULL;
	}
	cc_session_destroy(t->session);
	t->session = NULL;
}

/* A line told: kept, the oldest dropped past LOG_LINES. */
static void log_line(void *ctx, int64_t t_ms, cc_session_log_kind kind, const char *text)
{
	cc_web_log *l = ctx;
	size_t at = (l->head + l->count) % LOG_LINES;
	char *copy = strdup(text);
	if (l->count == LOG_LINES)
		l->head = (l->head + 1) % LOG_LINES;
	else
		l->count++;
	free(l->line[at].text);
	l->line[at] = (log_entry){t_ms, kind, copy}; /* NULL without memory: shown empty */
	l->told++;
}

static const char *log_kind_name(cc_session_log_kind kind)
{
	switch (kind) {
	case CC_SESSION_LOG_EVENT:
		return "event";
	case CC_SESSION_LOG_TICK:
		return "tick";
	case CC_SESSION_LOG_AFTER:
		return "after";
	case CC_SESSION_LOG_TIME:
		return "time";
	case CC_SESSION_LOG_ERROR:
		return "error";
	}
	return "event";
}

/* The log told from scratch: only the events that give its last
 * LOG_LINES lines are told (those before replayed by the cursor, not
 * told); an event gives a line or more, but when the ones told gave too
 * few, more are told. False when the cursor failed (a refused event, no
 * memory): what was told stays for this frame, told again at the next. */
static bool log_fill(const cc_lang *lang, cc_web_log *l, const cc_match *m)
{
	size_t events = cc_match_event_count(m), told = LOG_LINES;
	bool by_event = !(cc_game_class_of_match(m)->traits & CC_GAME_DEALT);
	for (;;) {
		size_t from = by_event && events > told ? events - told : 0;
		log_clear(l);
		cc_session_log_cursor_destroy(l->cur);
		l->cur = by_event ? cc_session_log_cursor_create(m) : NULL;
		bool ok = true;
		if (l->cur)
			ok = cc_session_event_log_more(lang, l->cur, m, from, log_line, l) == 0;
		else
			cc_session_event_log_from(lang, m, 0, log_line, l);
		if (!ok || from == 0 || l->told >= LOG_LINES)
			return ok && l->cur;
		told = 8 * told;
	}
}

/* The log of t's match in lang as the page shows it: told on from where
 * it stood (the events a commit added), or told from scratch (the first
 * frame, a Chess-Uno game, after a failure). */
static json_t *log_json(const cc_lang *lang, cc_web_topic *t, const cc_match *m)
{
	size_t li = cc_lang_index(lang);
	cc_web_log *l = t->log[li];
	if (!l)
		l = t->log[li] = calloc(1, sizeof *l);
	if (!l)
		return NULL;
	bool keep;
	if (l->cur)
		keep = cc_session_event_log_more(lang, l->cur, m, 0, log_line, l) == 0;
	else
		keep = log_fill(lang, l, m);
	json_t *list = json_array();
	for (size_t i = 0; list && i < l->count; i++) {
		const log_entry *e = &l->line[(l->head + i) % LOG_LINES];
		json_t *line = json_pack("{s:I, s:s, s:o}", "t", (json_int_t)e->t_ms, "kind", log_kind_name(e->kind),
		                         "text", text_json(e->text ? e->text : ""));
		if (line)
			json_array_append_new(list, line);
	}
	if (!keep) {
		log_free(l);
		t->log[li] = NULL;
	}
	return list;
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
		/* RE-10.1: where each counted time came from ("timer", "typed"; the page says it) */
		for (int side = 0; side < 2; side++)
			if (v->cube_cs[side] != CC_CUBE_NONE)
				set_text(t, side == CC_SIDE_WHITE ? "white_source" : "black_source",
				         cc_session_solve_from_timer(m, (cc_side)side) ? "timer" : "typed");
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
static json_t *board_json(const cc_lang *lang, cc_web_feed *feed, cc_session *s, int64_t mono_ms, cc_web_topic *log,
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
	/* a match's blocks are put in by cc_web_topic_splice, kept as text */
	if (log && !blocks_update(log, m))
		return NULL;
	json_t *state = cc_session_state_json(m, now, false);
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
	if (board) /* the page's held clocks (app.js): has the record moved since the console went? */
		json_object_set_new(board, "events", json_integer((json_int_t)a->events));
	if (board && log) {
		json_t *list = log_json(lang, log, m);
		if (list)
			json_object_set_new(board, "log", list);
	}
	mix(fp, &a->id, sizeof a->id);
	mix(fp, &a->events, sizeof a->events);
	mix(fp, &a->last_event_ms, sizeof a->last_event_ms);
	mix(fp, &a->console, sizeof a->console);
	return board;
}

/* ---- topics' payloads ------------------------------------------------------------------ */

/* The session of t's match as the record has it now: the one it follows
 * brought up to the record (a commit's events read and applied, not the
 * whole match again), or read whole (the first time, or when it cannot go
 * on: its logs are told again from scratch then). */
static cc_session *topic_session(cc_web_feed *feed, cc_web_topic *t, cc_error *err)
{
	size_t added;
	/* the record unwritten since: the same (a frame per language, a console's hold) */
	if (t->session && t->session_version == feed->version)
		return t->session;
	t->session_version = feed->version;
	if (t->session && cc_session_read_more(t->session, &added, NULL) == CC_OK)
		return t->session;
	cc_web_topic_forget(t);
	if (cc_session_read(&t->session, feed->db, t->id, err) != CC_OK) {
		cc_session_destroy(t->session);
		t->session = NULL;
	}
	return t->session;
}

static json_t *match_payload(const cc_lang *lang, cc_web_feed *feed, cc_web_topic *t, int64_t mono_ms,
                             uint64_t *fp)
{
	cc_error err = {0};
	cc_session *s = topic_session(feed, t, &err);
	if (!s)
		return json_pack("{s:s, s:s}", "topic", "match", "error", err.message);
	json_t *board = board_json(lang, feed, s, mono_ms, t, fp);
	return board ? json_pack("{s:s, s:o}", "topic", "match", "board", board) : NULL;
}
/* A standing's values of the event's tie-break order, as the exports write them (CL-9.6). */
static json_t *tiebreak_values(const cc_session_event *ev, const cc_session_standing *st)
{
	json_t *list = json_array();
	for (size_t k = 0; list && k < ev->tiebreak_count; k++) {
		char v[32];
		cc_session_club_tb_value(&st->st, &st->tb, ev->tiebreaks[k], v, sizeof v);
		json_array_append_new(list, json_string(v));
	}
	return list;
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
	count = cc_session_club_published(pairings, count); /* CL-10.6: a Swiss's published rounds */
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
			json_t *b = board_json(lang, feed, s, mono_ms, NULL, fp);
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
		if (!cc_session_club_tb_classic(&ev)) /* CL-9.6: the order's values, as the exports write them */
			json_object_set_new(json_array_get(table, i), "tb", tiebreak_values(&ev, st));
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
	if (!cc_session_club_tb_classic(&ev)) { /* CL-9.6: the event's order, its codes and legend */
		char legend[1024];
		json_t *codes = json_array();
		for (size_t k = 0; codes && k < ev.tiebreak_count; k++)
			json_array_append_new(codes, json_string(cc_club_tb_code(ev.tiebreaks[k])));
		cc_session_club_tb_legend(lang, &ev, legend, sizeof legend);
		json_object_set_new(json_object_get(out, "event"), "tiebreaks", codes);
		json_object_set_new(json_object_get(out, "event"), "tiebreak_legend", json_string(legend));
	}
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

/* The wall (app.js): the boards in play of the index, each as an event's
 * boards are ("boards": {"ID": board}), at most WALL_BOARDS of them. */
static void index_boards(const cc_lang *lang, cc_web_feed *feed, json_t *out, int64_t mono_ms, uint64_t *fp)
{
	json_t *boards = json_object(), *matches = json_object_get(out, "matches");
	size_t i, shown = 0;
	json_t *m;
	json_array_foreach(matches, i, m)
	{
		if (!boards || shown >= WALL_BOARDS || json_is_true(json_object_get(m, "over")))
			continue;
		json_int_t id = json_integer_value(json_object_get(m, "id"));
		cc_session *s = NULL;
		if (cc_session_read(&s, feed->db, id, NULL) == CC_OK) {
			char key[24];
			snprintf(key, sizeof key, "%lld", (long long)id);
			json_t *b = board_json(lang, feed, s, mono_ms, NULL, fp);
			if (b && json_object_set_new(boards, key, b) == 0)
				shown++;
		}
		cc_session_destroy(s);
	}
	if (boards)
		json_object_set_new(out, "boards", boards);
}

static json_t *index_payload(const cc_lang *lang, cc_web_feed *feed, int64_t mono_ms, uint64_t *fp)
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
			                                     (json_int_t)e->finished, "open",
			                                     /* a Swiss with a round to play or to pair (CL-10.6) */
			                                     e->finished < e->pairings ||
			                                         (e->swiss && !e->closed && e->published < e->rounds)));
		}
		free(events);
	}
	char *text = json_dumps(out, JSON_COMPACT);
	if (text) {
		mix(fp, text, strlen(text));
		free(text);
	}
	index_boards(lang, feed, out, mono_ms, fp);
	return out;
}

json_t *cc_web_topic_payload(const cc_lang *lang, cc_web_feed *feed, cc_web_topic *t, int64_t mono_ms,
                             uint64_t *fp)
{
	switch (t->kind) {
	case TOPIC_INDEX:
		return index_payload(lang, feed, mono_ms, fp);
	case TOPIC_MATCH:
		return match_payload(lang, feed, t, mono_ms, fp);
	case TOPIC_EVENT:
		return event_payload(lang, feed, t, mono_ms, fp);
	}
	return NULL;
}
