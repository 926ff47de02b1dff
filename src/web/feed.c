/*
 * feed.c: the poller and its topics.
 *
 * A topic is what someone looks at: the index, one match, one event. It
 * holds the SSE frame of each language ("data: {json}\n\n", shared by all
 * its clients) and, built when asked, its feeds (PGN, JSON) with their
 * ETags. While anyone watches (nothing otherwise) the poller asks the
 * record for its data version when the session's news of the record says
 * it was written (session_news.h), and every CC_SESSION_NEWS_POLL_MS
 * besides (every CC_WEB_POLL_MS where the kernel cannot tell); when another
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
	/* a long match's frame is megabytes (its blocks): copied, not printed */
	memcpy(f->text, "data: ", 6);
	memcpy(f->text + 6, json, n);
	memcpy(f->text + 6 + n, "\n\n", 3);
	f->len = n + 8;
	return f;
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
		json_t *payload = cc_web_topic_payload(lang, feed, t, mono_ms, &lang_fp);
		if (l == 0)
			fp = lang_fp;
		if (!payload)
			continue;
		json_object_set_new(payload, "lang", json_string(lang->code));
		char *text = json_dumps(payload, JSON_COMPACT);
		json_decref(payload);
		text = text ? cc_web_topic_splice(t, text) : NULL;
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
	/* Asked at once when told of a write, and once more a little later
	 * (the last write of a commit comes before it is visible). */
	(void)cc_session_news_create(&feed->news, feed->db, 0, 2 * CC_WEB_POLL_MS, NULL);
	feed->wake = wake;
	feed->wake_ctx = wake_ctx;
	*out = feed;
	return CC_OK;
}

static void topic_free(cc_web_topic *t)
{
	cc_web_topic_forget(t);
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
	cc_session_news_destroy(feed->news);
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

/* Has round a game under way or played (a match recorded for one of its pairings)? */
static bool round_started(const cc_session_pairing *pairings, size_t count, unsigned round)
{
	for (size_t i = 0; i < count; i++)
		if (pairings[i].round == round && pairings[i].match_id)
			return true;
	return false;
}

/*
 * BR-2: a pairing of a started round whose game has not started, as the
 * game it will be: the identity tags its match will write (export_pgn.c,
 * BR-1), no move, and its result only when the pairing has one without a
 * game (a forfeit).
 */
static int write_waiting_pairing(FILE *out, const char *event, const cc_session_pairing *p)
{
	const char *result = strcmp(p->result, "+/-") == 0 ? "1-0" : strcmp(p->result, "-/+") == 0 ? "0-1" : "*";
	char escaped[3][2 * CC_NAME_MAX];
	const char *raw[3] = {event, p->white, p->black};
	for (int k = 0; k < 3; k++) {
		size_t n = 0;
		for (const char *c = raw[k]; *c && n + 2 < sizeof escaped[k]; c++) {
			if (*c == '"' || *c == '\\')
				escaped[k][n++] = '\\';
			escaped[k][n++] = *c;
		}
		escaped[k][n] = '\0';
	}
	return fprintf(out,
	               "[Event \"%s\"]\n[Site \"round %u, board %u, game 1\"]\n[Date \"????.??.??\"]\n[Round \"%u\"]\n"
	               "[Board \"%u\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n\n%s\n\n",
	               escaped[0], p->round, p->board, p->round, p->board, escaped[1], escaped[2], result, result) < 0
	               ? -1
	               : 0;
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
			if (!pairings[i].match_id) {
				if (!pairings[i].bye && round_started(pairings, count, pairings[i].round))
					rc = write_waiting_pairing(out, ev.name, &pairings[i]);
				continue;
			}
			if (cc_session_read(&s, feed->db, pairings[i].match_id, NULL) == CC_OK)
				rc = cc_session_export(lang, out, s, CC_EXPORT_PGN) || fputc('\n', out) == EOF ? -1 : 0;
			cc_session_destroy(s);
		}
		free(pairings);
	} else if (rc == 0) {
		/* the event's and the index's JSON: the English payload */
		uint64_t fp = 0;
		json_t *payload = cc_web_topic_payload(cc_lang_default(), feed, t, mono_ms, &fp);
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
		if (cc_web_timers_fingerprint(status, &t) != a->timers_fp)
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
	/* The record is asked when its news says it was written, or its slow
	 * poll is due. A request may have asked the version since
	 * (version_now): the poller compares with what it saw itself, so no
	 * change is missed. */
	bool ask = cc_session_news_due(feed->news, mono_ms) || mono_ms >= feed->next_version_ms;
	if (ask)
		feed->next_version_ms = mono_ms + cc_session_news_poll_ms(feed->news, 0);
	int64_t version = ask ? version_now(feed) : feed->polled_version;
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
