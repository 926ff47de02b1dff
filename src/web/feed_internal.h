/*
 * feed_internal.h: what feed.c (the poller, its topics, their frames and
 * feeds) and feed_payload.c (what a frame says: a board, an event, the
 * index) share; the web server's files include web_internal.h only.
 */
#ifndef CHESSCUBING_FEED_INTERNAL_H
#define CHESSCUBING_FEED_INTERNAL_H

#include <jansson.h>

#include "chesscubing/session.h"
#include "chesscubing/session_news.h"
#include "chesscubing/session_timers.h"
#include "web_internal.h"

#define FRESH_MS 250          /* a new viewer gets clocks read at most this long ago */
#define CONSOLE_POLL_MS 1000  /* how often the consoles' holds are asked */
#define TOPIC_IDLE_MS 60000   /* a topic nobody used for this long is dropped */
#define TOPICS_MAX 512
#define ANCHORS_MAX 4096
#define LOG_LINES 40
#define INDEX_MATCHES 60
/* The boards in play the index's frame carries whole (the wall, app.js). */
#define WALL_BOARDS 24

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

/* A match topic's event log in one language, told on as the match grows
 * (feed_payload.c). */
typedef struct cc_web_log cc_web_log;
/* A match topic's blocks as its frames say them (feed_payload.c). */
typedef struct cc_web_blocks cc_web_blocks;

/* The feeds: the JSON (one, in no language) and a PGN a language (the
 * language's row number after BODY_PGN). */
enum { BODY_JSON, BODY_PGN, BODIES = BODY_PGN + CC_LANG_MAX };

struct cc_web_topic {
	topic_kind kind;
	int64_t id;
	char name[CC_WEB_NAME_MAX];
	cc_web_frame *frame[CC_LANG_MAX]; /* by the language's row number */
	cc_session *session;              /* a match's, read back and followed commit by commit */
	int64_t session_version;          /* the record's version it was brought up to */
	cc_web_log *log[CC_LANG_MAX];     /* its log, by the language's row number */
	cc_web_blocks *blocks;            /* its blocks' JSON, kept from frame to frame */
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
	cc_session_news *news;  /* the record's writes, told by the kernel */
	int64_t next_version_ms; /* the poller's next question without news */
	int64_t next_console_ms;
	cc_web_topic *topics;
	size_t ntopics, nclients;
	anchor *anchors;
	size_t nanchors;
};

static inline const cc_clock *clock_of(const cc_web_feed *feed)
{
	return cc_session_db_clock(feed->db);
}

/* The topic's payload in lang (feed_payload.c): the JSON of its frame,
 * without "lang"; *fp mixes in what its viewers see (their fingerprint).
 * NULL without memory. */
json_t *cc_web_topic_payload(const cc_lang *lang, cc_web_feed *feed, cc_web_topic *t, int64_t mono_ms,
                             uint64_t *fp);

/* A frame's JSON text of topic t made whole: a match's blocks put in for
 * the "blocks":null its payload's state says (they are kept as text from
 * frame to frame, not made again). Takes text; NULL without memory. */
char *cc_web_topic_splice(const cc_web_topic *t, char *text);

/* Forgets the match topic t follows (its session and logs): read whole
 * when next built. */
void cc_web_topic_forget(cc_web_topic *t);

/* What the timers show, as a fingerprint: a new frame when it changes. */
uint64_t cc_web_timers_fingerprint(cc_session_timers_status status, const cc_session_timers *t);

#endif
