/*
 * web_internal.h: the parts of the web server (src/web/), shared between
 * its files and with its tests and fuzz harness; not a public interface.
 *
 *   request.c  what a request asks for: the path routed (percent escapes
 *              decoded strictly), the language picked (?lang=, then
 *              Accept-Language, from the table of languages.def),
 *              If-None-Match compared with an ETag. Pure functions on
 *              hostile text: no allocation, no I/O (fuzzed: fuzz_web.c).
 *   assets.c   the pages, the script and the style, generated at build time
 *              from src/web/assets/ (embed_assets.cmake): in the binary.
 *   feed.c     the poller and its topics (feed_payload.c: what their frames
 *              say, feed_internal.h what the two share): one per match, event or the index
 *              that someone looks at, each with its SSE frames (one per
 *              language) and its feeds (PGN, JSON) with their ETags.
 *   words.c    the page's own words from the catalogue (/words.json).
 *   server.c   libmicrohttpd, the loop, the limits, the SSE connections.
 *
 * Memory: feed.c's frames are reference counted (cc_web_frame_ref/unref);
 * everything else is owned by the feed and freed by cc_web_feed_destroy().
 */
#ifndef CHESSCUBING_WEB_INTERNAL_H
#define CHESSCUBING_WEB_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/common.h"
#include "chesscubing/session.h"
#include "chesscubing/support_lang.h"
#include "chesscubing/web.h"

/* ---- request.c ------------------------------------------------------------ */

#define CC_WEB_URL_MAX 512   /* longer paths: 414 */
#define CC_WEB_NAME_MAX 64   /* an event's name, decoded, with its NUL (CC_NAME_MAX) */

typedef enum {
	CC_WEB_NOT_FOUND,
	CC_WEB_BAD_REQUEST,   /* a broken escape, a NUL, a control character, bad UTF-8 */
	CC_WEB_INDEX,         /* /            */
	CC_WEB_INDEX_JSON,    /* /index.json  */
	CC_WEB_INDEX_EVENTS,  /* /events      */
	CC_WEB_ASSET,         /* /app.js, /app.css, /favicon.svg */
	CC_WEB_WORDS,         /* /words.json: the page's words */
	CC_WEB_MATCH,         /* /match/ID    */
	CC_WEB_MATCH_EVENTS,  /* /match/ID/events */
	CC_WEB_MATCH_JSON,    /* /match/ID.json */
	CC_WEB_MATCH_PGN,     /* /match/ID.pgn  */
	CC_WEB_EVENT,         /* /event/NAME  */
	CC_WEB_EVENT_EVENTS,  /* /event/NAME/events */
	CC_WEB_EVENT_JSON,    /* /event/NAME.json */
	CC_WEB_EVENT_PGN      /* /event/NAME.pgn  */
} cc_web_route_kind;

typedef struct {
	cc_web_route_kind kind;
	int64_t match_id;              /* CC_WEB_MATCH*: 1 .. 2^53 */
	char name[CC_WEB_NAME_MAX];    /* CC_WEB_EVENT*: decoded UTF-8; CC_WEB_ASSET: the file */
} cc_web_route;

/* The HTTP status a failed read of the record is answered with: 404 for
 * CC_ERR_NOT_FOUND (no such match or event), 503 for CC_ERR_BUSY (too
 * many pages followed at once, or the record busy: try again), 500 for
 * any other kind (a record that cannot be read is no reason to retry). */
unsigned cc_web_error_status(cc_err rc);

/* Routes the raw (still escaped) path of a request; the query is not part of it. */
void cc_web_route_parse(const char *path, cc_web_route *out);

/* The language of a request: ?lang=CODE first when the table has it
 * (query NULL: none), then the best of Accept-Language (NULL: none)
 * (cc_lang_from_accept), English otherwise. A row of languages.def. */
const cc_lang *cc_web_lang_pick(const char *query_lang, const char *accept_language);

/* Does an If-None-Match header (NULL: none) name etag ("\"...\"")? Weak
 * validators (W/) compare as strong ones do for a GET (RFC 9110 13.1.2). */
bool cc_web_etag_matches(const char *if_none_match, const char *etag);

/* Is text (len bytes) valid UTF-8 without NUL or control characters? */
bool cc_web_text_ok(const char *text, size_t len);

/* FNV-1a, 64 bits: the ETags' and the frames' fingerprints. */
uint64_t cc_web_hash(const void *data, size_t len);

/* ---- words.c -------------------------------------------------------------- */

/* The page's words in lang, with the table's languages, as /words.json
 * gives them (words.c); a new string (free it), NULL without memory. */
char *cc_web_words_json(const cc_lang *lang);

/* The page (assets/page.html) said in lang: its <html lang> and the notice
 * a browser without JavaScript shows, from the catalogue (issue 34: the
 * no-JS page speaks the browser's language). A new string (free it), its
 * length in *len; NULL without memory. */
char *cc_web_page_html(const cc_lang *lang, size_t *len);

/* ---- assets.c (generated) --------------------------------------------------- */

typedef struct {
	const char *name;          /* "app.js", "page.html" */
	const char *type;          /* its Content-Type */
	const unsigned char *data;
	size_t size;
} cc_web_asset;

/* The asset named, or NULL. */
const cc_web_asset *cc_web_asset_find(const char *name);

/* ---- feed.c ---------------------------------------------------------------- */

typedef struct cc_web_feed cc_web_feed;
typedef struct cc_web_topic cc_web_topic;
typedef struct cc_web_client cc_web_client;

/* An SSE frame ("data: {...}\n\n"), shared by every client it is sent to. */
typedef struct {
	unsigned refs;
	uint64_t seq;      /* grows with each frame of its topic */
	size_t len;
	char text[];
} cc_web_frame;

void cc_web_frame_ref(cc_web_frame *f);
void cc_web_frame_unref(cc_web_frame *f);

/* Told when a topic has a new frame: the server resumes its clients. */
typedef void cc_web_wake_fn(void *ctx, cc_web_client *client);

/* A live viewer, owned by the server; linked into its topic by the feed. */
struct cc_web_client {
	cc_web_topic *topic;
	const cc_lang *lang;     /* the frames it is sent: one language */
	uint64_t sent_seq;       /* the last frame sent whole */
	cc_web_frame *sending;   /* the frame being written, referenced; NULL none */
	size_t offset;           /* bytes of it written */
	bool suspended;
	bool keepalive;          /* a comment line is due */
	bool gone;               /* the viewer closed its end: the stream ends */
	void *connection;        /* the server's */
	cc_web_client *prev, *next;
};

/* Opens the record read only. Errors as cc_session_db_open(). */
cc_err cc_web_feed_create(cc_web_feed **out, const char *db, cc_web_wake_fn *wake, void *wake_ctx, cc_error *err);
void cc_web_feed_destroy(cc_web_feed *feed);
/* The record the feed reads, borrowed for the feed's life. */
const cc_session_db *cc_web_feed_db(const cc_web_feed *feed);

/*
 * The topic a route names (CC_WEB_INDEX*, CC_WEB_MATCH*, CC_WEB_EVENT*),
 * read when new. CC_ERR_NOT_FOUND: no such match or event; CC_ERR_BUSY:
 * too many topics at once, or the record busy (the server says 503);
 * CC_ERR_STORE.
 */
cc_err cc_web_feed_topic(cc_web_feed *feed, const cc_web_route *route, int64_t mono_ms, cc_web_topic **out,
                         cc_error *err);

/* The topic's current frame in lang (fresh: built at most 250 ms ago), borrowed. */
cc_web_frame *cc_web_feed_frame(cc_web_feed *feed, cc_web_topic *topic, const cc_lang *lang, int64_t mono_ms);

/* The topic's frame in lang as it stands (NULL before the first), borrowed. */
cc_web_frame *cc_web_topic_frame(const cc_web_topic *topic, const cc_lang *lang);

/* The topic's feed body (pgn: PGN, its comments all in lang; else JSON,
 * the same in every language) as of the record now, and its ETag;
 * borrowed until the next call. NULL when it could not be made. */
const char *cc_web_feed_body(cc_web_feed *feed, cc_web_topic *topic, bool pgn, const cc_lang *lang, size_t *len,
                             const char **etag);

void cc_web_feed_subscribe(cc_web_feed *feed, cc_web_topic *topic, cc_web_client *client);
void cc_web_feed_unsubscribe(cc_web_feed *feed, cc_web_client *client);

/* Called every CC_WEB_POLL_MS while someone watches: asks the record for
 * news when the session's news source says it was written (or its slow
 * poll is due), rebuilds the watched topics that changed and wakes their
 * clients; drops topics nobody used for a while. */
void cc_web_feed_poll(cc_web_feed *feed, int64_t mono_ms);

/* Wakes every client for a keep-alive comment. */
void cc_web_feed_keepalive(cc_web_feed *feed);

/* Calls fn for every client. */
void cc_web_feed_visit(cc_web_feed *feed, void (*fn)(void *ctx, cc_web_client *client), void *ctx);

size_t cc_web_feed_clients(const cc_web_feed *feed);

#define CC_WEB_POLL_MS 100

#endif
