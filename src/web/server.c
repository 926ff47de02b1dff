/*
 * server.c: libmicrohttpd in the caller's thread, and the one loop that
 * drives it with the poller (feed.c).
 *
 * Requests: GET and HEAD only (405 with Allow otherwise), answered on their
 * first call, a request body never read. The path is routed by request.c
 * (unescaped there, not by the daemon); nothing is a file. Pages, script
 * and style come from the binary (assets.c) under a Content-Security-Policy
 * that allows script and style from this server only: nothing inline,
 * nothing from data. The page puts every text from the record in the
 * document as text (textContent), never as markup.
 *
 * Limits: max_connections connections at once, max_per_address of them from
 * one address (beyond either, the daemon closes the new one: one laptop on
 * the room's Wi-Fi cannot take every place), MEMORY_LIMIT bytes per
 * connection for the request line and headers (beyond, the daemon answers
 * 431), a request's line and headers whole within deadline_s of the
 * connection's start or its previous answer (or the socket is shut: a client
 * that trickles a header a byte at a time holds no place), an idle
 * connection closed after TIMEOUT_S. Past max_sse live viewers, a new viewer
 * is sent the topic's last frame and a retry delay, and its stream ends: the
 * page still shows the boards, and its browser asks again later. SSE
 * connections are suspended between frames and resumed when their topic
 * has news, so a viewer costs a socket and a few hundred bytes, not a
 * thread; every KEEPALIVE_MS a comment line keeps proxies from closing
 * them, and every SWEEP_MS the suspended sockets are peeked at for the
 * viewers who left (so their places come back within a second).
 *
 * libmicrohttpd (and gnutls with its eight libraries) is opened when `serve`
 * starts (cc_dynlib_open), its functions looked up once into a table:
 * every other command of the program starts without them
 * (docs/performance.md).
 */
#define _DEFAULT_SOURCE /* getifaddrs, IFF_UP, IFF_LOOPBACK */
#include "web_internal.h"

#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>

#include "chesscubing/session.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/support_dynlib.h"

#define KEEPALIVE_MS 15000
#define TIMEOUT_S 60
#define MEMORY_LIMIT (12 * 1024)
#define IDLE_WAIT_MS 1000
#define SWEEP_MS 1000 /* how often the suspended viewers' sockets are looked at */
#define FULL_RETRY_MS 5000 /* a viewer turned away asks again after this */

static const char CSP[] = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                          "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/* A connection while it waits for a request's headers (the deadline). */
typedef struct waiting waiting;
struct waiting {
	struct MHD_Connection *conn;
	int64_t since_ms;  /* connected, or its last answer sent */
	bool answering;    /* a request came whole: no deadline until it is answered */
	bool shut;
	waiting *prev, *next;
};

typedef struct {
	struct MHD_Daemon *daemon;
	cc_web_feed *feed;
	unsigned max_sse;
	size_t sse;
	bool closing;
	const cc_clock *clock;
	int64_t deadline_ms;
	waiting *connections; /* every open connection */
} server;

typedef struct {
	cc_web_client client; /* first: the feed sees this part */
	server *srv;
} sse_client;

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

static int64_t mono_ms(const server *s)
{
	return s->clock->monotonic_ms(s->clock);
}

/* ---- libmicrohttpd, opened when `serve` starts ---------------------------------- */

static struct {
	struct MHD_Daemon *(*start_daemon)(unsigned, uint16_t, MHD_AcceptPolicyCallback, void *,
	                                   MHD_AccessHandlerCallback, void *, ...);
	void (*stop_daemon)(struct MHD_Daemon *);
	enum MHD_Result (*get_timeout)(struct MHD_Daemon *, MHD_UNSIGNED_LONG_LONG *);
	enum MHD_Result (*run)(struct MHD_Daemon *);
	const union MHD_DaemonInfo *(*get_daemon_info)(struct MHD_Daemon *, enum MHD_DaemonInfoType, ...);
	const char *(*lookup_connection_value)(struct MHD_Connection *, enum MHD_ValueKind, const char *);
	const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *, enum MHD_ConnectionInfoType,
	                                                       ...);
	enum MHD_Result (*queue_response)(struct MHD_Connection *, unsigned, struct MHD_Response *);
	void (*suspend_connection)(struct MHD_Connection *);
	void (*resume_connection)(struct MHD_Connection *);
	struct MHD_Response *(*create_response_from_buffer)(size_t, void *, enum MHD_ResponseMemoryMode);
	struct MHD_Response *(*create_response_from_callback)(uint64_t, size_t, MHD_ContentReaderCallback, void *,
	                                                      MHD_ContentReaderFreeCallback);
	void (*destroy_response)(struct MHD_Response *);
	enum MHD_Result (*add_response_header)(struct MHD_Response *, const char *, const char *);
} mhd;

static cc_dynlib mhd_lib;

static cc_err open_mhd(cc_error *err)
{
	const cc_dynlib_symbol table[] = {
		CC_DYNLIB_SYMBOL(mhd.start_daemon, MHD_start_daemon),
		CC_DYNLIB_SYMBOL(mhd.stop_daemon, MHD_stop_daemon),
		CC_DYNLIB_SYMBOL(mhd.get_timeout, MHD_get_timeout),
		CC_DYNLIB_SYMBOL(mhd.run, MHD_run),
		CC_DYNLIB_SYMBOL(mhd.get_daemon_info, MHD_get_daemon_info),
		CC_DYNLIB_SYMBOL(mhd.lookup_connection_value, MHD_lookup_connection_value),
		CC_DYNLIB_SYMBOL(mhd.get_connection_info, MHD_get_connection_info),
		CC_DYNLIB_SYMBOL(mhd.queue_response, MHD_queue_response),
		CC_DYNLIB_SYMBOL(mhd.suspend_connection, MHD_suspend_connection),
		CC_DYNLIB_SYMBOL(mhd.resume_connection, MHD_resume_connection),
		CC_DYNLIB_SYMBOL(mhd.create_response_from_buffer, MHD_create_response_from_buffer),
		CC_DYNLIB_SYMBOL(mhd.create_response_from_callback, MHD_create_response_from_callback),
		CC_DYNLIB_SYMBOL(mhd.destroy_response, MHD_destroy_response),
		CC_DYNLIB_SYMBOL(mhd.add_response_header, MHD_add_response_header),
	};
	if (!cc_dynlib_open(&mhd_lib, CC_MHD_SONAME, "0.9.71", table, sizeof table / sizeof table[0]))
		return cc_refuse(err, CC_MSG_SERVE_NO_MICROHTTPD, mhd_lib.why);
	return CC_OK; /* kept open for the process: `serve` runs until stopped */
}

/* ---- answers ------------------------------------------------------------------ */

static void safety_headers(struct MHD_Response *r)
{
	mhd.add_response_header(r, "Content-Security-Policy", CSP);
	mhd.add_response_header(r, "X-Content-Type-Options", "nosniff");
	mhd.add_response_header(r, "Referrer-Policy", "no-referrer");
	mhd.add_response_header(r, "X-Frame-Options", "DENY");
}

static enum MHD_Result answer(struct MHD_Connection *conn, unsigned status, const char *type, const void *body,
                              size_t len, enum MHD_ResponseMemoryMode mode, const char *cache, const char *etag)
{
	struct MHD_Response *r = mhd.create_response_from_buffer(len, (void *)(uintptr_t)body, mode);
	if (!r)
		return MHD_NO;
	safety_headers(r);
	if (type)
		mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	mhd.add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, cache ? cache : "no-store");
	if (etag)
		mhd.add_response_header(r, MHD_HTTP_HEADER_ETAG, etag);
	if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
		mhd.add_response_header(r, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
	if (status == MHD_HTTP_SERVICE_UNAVAILABLE)
		mhd.add_response_header(r, MHD_HTTP_HEADER_RETRY_AFTER, "30");
	enum MHD_Result rc = mhd.queue_response(conn, status, r);
	mhd.destroy_response(r);
	return rc;
}

static enum MHD_Result answer_text(struct MHD_Connection *conn, unsigned status, const char *text)
{
	return answer(conn, status, "text/plain; charset=utf-8", text, strlen(text), MHD_RESPMEM_PERSISTENT, NULL,
	              NULL);
}

static enum MHD_Result answer_error(struct MHD_Connection *conn, cc_err rc)
{
	switch (cc_web_error_status(rc)) {
	case 404:
		return answer_text(conn, MHD_HTTP_NOT_FOUND, "404 Not Found: no such match or event in this record\n");
	case 503:
		return answer_text(conn, MHD_HTTP_SERVICE_UNAVAILABLE,
		                   "503 Service Unavailable: the server is busy; try again later\n");
	default:
		return answer_text(conn, MHD_HTTP_INTERNAL_SERVER_ERROR,
		                   "500 Internal Server Error: the record cannot be read\n");
	}
}

static enum MHD_Result answer_asset(struct MHD_Connection *conn, const char *name, const char *cache)
{
	const cc_web_asset *a = cc_web_asset_find(name);
	char etag[24];
	if (!a)
		return answer_text(conn, MHD_HTTP_NOT_FOUND, "404 Not Found\n");
	snprintf(etag, sizeof etag, "\"%016llx\"", (unsigned long long)cc_web_hash(a->data, a->size));
	if (cc_web_etag_matches(mhd.lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH), etag))
		return answer(conn, MHD_HTTP_NOT_MODIFIED, NULL, "", 0, MHD_RESPMEM_PERSISTENT, cache, etag);
	return answer(conn, MHD_HTTP_OK, a->type, a->data, a->size, MHD_RESPMEM_PERSISTENT, cache, etag);
}

/* The page's words in lang (words.c): the same for every page, per language. */
static enum MHD_Result answer_words(struct MHD_Connection *conn, const cc_lang *lang)
{
	char *text = cc_web_words_json(lang);
	if (!text)
		return MHD_NO;
	struct MHD_Response *r = mhd.create_response_from_buffer(strlen(text), text, MHD_RESPMEM_MUST_COPY);
	free(text);
	if (!r)
		return MHD_NO;
	safety_headers(r);
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json; charset=utf-8");
	mhd.add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "public, max-age=300");
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_LANGUAGE, lang->code);
	mhd.add_response_header(r, MHD_HTTP_HEADER_VARY, MHD_HTTP_HEADER_ACCEPT_LANGUAGE);
	enum MHD_Result rc = mhd.queue_response(conn, MHD_HTTP_OK, r);
	mhd.destroy_response(r);
	return rc;
}

/* The page in lang (words.c: its <html lang> and its no-JavaScript notice). */
static enum MHD_Result answer_page(struct MHD_Connection *conn, const cc_lang *lang)
{
	size_t len = 0;
	char *text = cc_web_page_html(lang, &len);
	char etag[24];
	if (!text)
		return MHD_NO;
	snprintf(etag, sizeof etag, "\"%016llx\"", (unsigned long long)cc_web_hash(text, len));
	if (cc_web_etag_matches(mhd.lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH), etag)) {
		free(text);
		return answer(conn, MHD_HTTP_NOT_MODIFIED, NULL, "", 0, MHD_RESPMEM_PERSISTENT, "no-cache", etag);
	}
	struct MHD_Response *r = mhd.create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE);
	if (!r) {
		free(text);
		return MHD_NO;
	}
	safety_headers(r);
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "text/html; charset=utf-8");
	mhd.add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
	mhd.add_response_header(r, MHD_HTTP_HEADER_ETAG, etag);
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_LANGUAGE, lang->code);
	mhd.add_response_header(r, MHD_HTTP_HEADER_VARY, MHD_HTTP_HEADER_ACCEPT_LANGUAGE);
	enum MHD_Result rc = mhd.queue_response(conn, MHD_HTTP_OK, r);
	mhd.destroy_response(r);
	return rc;
}

/* ---- the feeds: PGN and JSON, with their ETags ------------------------------------- */

/* A PGN's comments in lang (?lang=, then Accept-Language, else English). */
static enum MHD_Result answer_body(server *s, struct MHD_Connection *conn, cc_web_topic *t, bool pgn,
                                   const cc_lang *lang)
{
	size_t len = 0;
	const char *etag = NULL;
	const char *body = cc_web_feed_body(s->feed, t, pgn, lang, &len, &etag);
	/* Relays and CDNs poll: a second of caching, then ask again with If-None-Match. */
	static const char cache[] = "public, max-age=1";
	if (!body)
		return answer_error(conn, CC_ERR_STORE);
	if (cc_web_etag_matches(mhd.lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH), etag))
		return answer(conn, MHD_HTTP_NOT_MODIFIED, NULL, "", 0, MHD_RESPMEM_PERSISTENT, cache, etag);
	struct MHD_Response *r = mhd.create_response_from_buffer(len, (void *)(uintptr_t)body, MHD_RESPMEM_MUST_COPY);
	if (!r)
		return MHD_NO;
	safety_headers(r);
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE,
	                        pgn ? "application/x-chess-pgn; charset=utf-8" : "application/json; charset=utf-8");
	mhd.add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, cache);
	mhd.add_response_header(r, MHD_HTTP_HEADER_ETAG, etag);
	if (pgn) {
		mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_LANGUAGE, lang->code);
		mhd.add_response_header(r, MHD_HTTP_HEADER_VARY, MHD_HTTP_HEADER_ACCEPT_LANGUAGE);
	}
	mhd.add_response_header(r, MHD_HTTP_HEADER_ACCESS_CONTROL_ALLOW_ORIGIN, "*");
	enum MHD_Result rc = mhd.queue_response(conn, MHD_HTTP_OK, r);
	mhd.destroy_response(r);
	return rc;
}

/* ---- live viewers (Server-Sent Events) ------------------------------------------------ */

static const char keepalive_line[] = ": keep-alive\n\n";

static ssize_t sse_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	sse_client *sc = cls;
	cc_web_client *c = &sc->client;
	(void)pos;
	if (sc->srv->closing || c->gone || !c->topic)
		return MHD_CONTENT_READER_END_OF_STREAM;
	if (!c->sending) {
		cc_web_frame *f = cc_web_topic_frame(c->topic, c->lang);
		if (f && f->seq > c->sent_seq) {
			cc_web_frame_ref(f);
			c->sending = f;
			c->offset = 0;
		} else if (c->keepalive && max >= sizeof keepalive_line - 1) {
			c->keepalive = false;
			memcpy(buf, keepalive_line, sizeof keepalive_line - 1);
			return (ssize_t)(sizeof keepalive_line - 1);
		} else {
			c->suspended = true;
			mhd.suspend_connection(c->connection);
			return 0;
		}
	}
	size_t n = c->sending->len - c->offset;
	if (n > max)
		n = max;
	memcpy(buf, c->sending->text + c->offset, n);
	c->offset += n;
	if (c->offset == c->sending->len) {
		c->sent_seq = c->sending->seq;
		cc_web_frame_unref(c->sending);
		c->sending = NULL;
	}
	return (ssize_t)n;
}

static void sse_free(void *cls)
{
	sse_client *sc = cls;
	cc_web_feed_unsubscribe(sc->srv->feed, &sc->client);
	cc_web_frame_unref(sc->client.sending);
	sc->srv->sse--;
	free(sc);
}

/* The feed has news for c: back into the daemon's loop. */
static void wake(void *ctx, cc_web_client *c)
{
	(void)ctx;
	if (c->suspended) {
		c->suspended = false;
		mhd.resume_connection(c->connection);
	}
}

/*
 * A suspended connection is out of the daemon's sight: a viewer who closed
 * the page would hold its place until a write failed. So every SWEEP_MS the
 * suspended sockets are peeked at; an end of stream ends the viewer's.
 */
static void sweep_one(void *ctx, cc_web_client *c)
{
	char byte;
	(void)ctx;
	if (!c->suspended)
		return;
	const union MHD_ConnectionInfo *info =
	        mhd.get_connection_info(c->connection, MHD_CONNECTION_INFO_CONNECTION_FD);
	if (!info)
		return;
	ssize_t n = recv(info->connect_fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
	if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
		c->gone = true;
		wake(NULL, c);
	}
}

/*
 * Every place taken: the viewer still gets the boards as they stand (the
 * topic's last frame, cached) and a retry delay; the stream then ends and
 * its browser asks again after FULL_RETRY_MS, as it would after a restart.
 */
static enum MHD_Result answer_full(struct MHD_Connection *conn, const cc_web_frame *f)
{
	char head[64];
	/* a named event before the frame: the page says the server is full and
	 * that it shows the last frame (app.js, "turned-away"); its data is not
	 * empty, or EventSource would not dispatch it */
	int hl = snprintf(head, sizeof head, "retry: %d\nevent: turned-away\ndata: {}\n\n", FULL_RETRY_MS);
	char *text = malloc((size_t)hl + f->len);
	if (!text)
		return MHD_NO;
	memcpy(text, head, (size_t)hl);
	memcpy(text + hl, f->text, f->len);
	struct MHD_Response *r = mhd.create_response_from_buffer((size_t)hl + f->len, text, MHD_RESPMEM_MUST_FREE);
	if (!r) {
		free(text);
		return MHD_NO;
	}
	safety_headers(r);
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "text/event-stream; charset=utf-8");
	mhd.add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
	mhd.add_response_header(r, "X-Viewers", "full");
	enum MHD_Result rc = mhd.queue_response(conn, MHD_HTTP_OK, r);
	mhd.destroy_response(r);
	return rc;
}

static enum MHD_Result answer_sse(server *s, struct MHD_Connection *conn, cc_web_topic *t, const cc_lang *lang,
                                  bool head)
{
	if (head)
		return answer(conn, MHD_HTTP_OK, "text/event-stream", "", 0, MHD_RESPMEM_PERSISTENT, "no-store", NULL);
	cc_web_frame *now = cc_web_feed_frame(s->feed, t, lang, mono_ms(s));
	if (!now)
		return answer_error(conn, CC_ERR_STORE);
	if (s->sse >= s->max_sse)
		return answer_full(conn, now);
	sse_client *sc = calloc(1, sizeof *sc);
	if (!sc)
		return MHD_NO;
	sc->srv = s;
	sc->client.lang = lang;
	sc->client.connection = conn;
	struct MHD_Response *r = mhd.create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, sse_read, sc, sse_free);
	if (!r) {
		free(sc);
		return MHD_NO;
	}
	cc_web_feed_subscribe(s->feed, t, &sc->client);
	s->sse++;
	safety_headers(r);
	mhd.add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "text/event-stream; charset=utf-8");
	mhd.add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
	mhd.add_response_header(r, "X-Accel-Buffering", "no"); /* nginx: pass each frame on at once */
	enum MHD_Result rc = mhd.queue_response(conn, MHD_HTTP_OK, r);
	mhd.destroy_response(r);
	return rc;
}

/* ---- one request ---------------------------------------------------------------------- */

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **req_cls)
{
	server *s = cls;
	(void)version;
	(void)upload_data;
	(void)upload_data_size;
	(void)req_cls;
	const union MHD_ConnectionInfo *ctx = mhd.get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	if (ctx && ctx->socket_context)
		((waiting *)ctx->socket_context)->answering = true;
	bool head = strcmp(method, MHD_HTTP_METHOD_HEAD) == 0;
	if (!head && strcmp(method, MHD_HTTP_METHOD_GET) != 0)
		return answer_text(conn, MHD_HTTP_METHOD_NOT_ALLOWED, "405 Method Not Allowed: this server only reads\n");
	cc_web_route route;
	cc_web_route_parse(url, &route);
	const cc_lang *lang = cc_web_lang_pick(mhd.lookup_connection_value(conn, MHD_GET_ARGUMENT_KIND, "lang"),
	                                    mhd.lookup_connection_value(conn, MHD_HEADER_KIND,
	                                                                MHD_HTTP_HEADER_ACCEPT_LANGUAGE));
	cc_web_topic *t = NULL;
	cc_error err = {0};
	cc_err rc = CC_OK;
	switch (route.kind) {
	case CC_WEB_NOT_FOUND:
		return answer_text(conn, MHD_HTTP_NOT_FOUND, "404 Not Found\n");
	case CC_WEB_BAD_REQUEST:
		return answer_text(conn, MHD_HTTP_BAD_REQUEST, "400 Bad Request\n");
	case CC_WEB_ASSET:
		return answer_asset(conn, route.name, "public, max-age=300");
	case CC_WEB_INDEX:
		return answer_page(conn, lang);
	case CC_WEB_WORDS:
		return answer_words(conn, lang);
	case CC_WEB_MATCH:
	case CC_WEB_EVENT:
		/* the page of a match or event that exists */
		rc = cc_web_feed_topic(s->feed, &route, mono_ms(s), &t, &err);
		return rc ? answer_error(conn, rc) : answer_page(conn, lang);
	case CC_WEB_INDEX_JSON:
	case CC_WEB_MATCH_JSON:
	case CC_WEB_EVENT_JSON:
	case CC_WEB_MATCH_PGN:
	case CC_WEB_EVENT_PGN:
		rc = cc_web_feed_topic(s->feed, &route, mono_ms(s), &t, &err);
		return rc ? answer_error(conn, rc)
		          : answer_body(s, conn, t, route.kind == CC_WEB_MATCH_PGN || route.kind == CC_WEB_EVENT_PGN,
		                        lang);
	case CC_WEB_INDEX_EVENTS:
	case CC_WEB_MATCH_EVENTS:
	case CC_WEB_EVENT_EVENTS:
		rc = cc_web_feed_topic(s->feed, &route, mono_ms(s), &t, &err);
		return rc ? answer_error(conn, rc) : answer_sse(s, conn, t, lang, head);
	}
	return answer_text(conn, MHD_HTTP_NOT_FOUND, "404 Not Found\n");
}

/* ---- the deadline: a request's headers whole within deadline_ms ------------------------- */

static void on_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                          enum MHD_ConnectionNotificationCode code)
{
	server *s = cls;
	waiting *w = *socket_context;
	switch (code) {
	case MHD_CONNECTION_NOTIFY_STARTED:
		w = calloc(1, sizeof *w);
		if (!w)
			return; /* no deadline for it: the idle timeout still closes it */
		w->conn = conn;
		w->since_ms = mono_ms(s);
		w->next = s->connections;
		if (w->next)
			w->next->prev = w;
		s->connections = w;
		*socket_context = w;
		return;
	case MHD_CONNECTION_NOTIFY_CLOSED:
		if (!w)
			return;
		if (w->prev)
			w->prev->next = w->next;
		else
			s->connections = w->next;
		if (w->next)
			w->next->prev = w->prev;
		free(w);
		*socket_context = NULL;
		return;
	}
}

/* A request answered: the next one on this connection has its own deadline. */
static void on_completed(void *cls, struct MHD_Connection *conn, void **req_cls, enum MHD_RequestTerminationCode toe)
{
	server *s = cls;
	(void)req_cls;
	(void)toe;
	const union MHD_ConnectionInfo *ctx = mhd.get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	if (ctx && ctx->socket_context) {
		waiting *w = ctx->socket_context;
		w->answering = false;
		w->since_ms = mono_ms(s);
	}
}

/* Shuts the sockets of the connections past their deadline: the daemon
 * reads their end and closes them. */
static void enforce_deadline(server *s, int64_t now)
{
	for (waiting *w = s->connections; w; w = w->next) {
		if (w->answering || w->shut || now - w->since_ms < s->deadline_ms)
			continue;
		const union MHD_ConnectionInfo *info = mhd.get_connection_info(w->conn, MHD_CONNECTION_INFO_CONNECTION_FD);
		if (info) {
			shutdown(info->connect_fd, SHUT_RDWR);
			w->shut = true;
		}
	}
}

/* The daemon leaves the path as sent: request.c unescapes each segment. */
static size_t keep_escapes(void *cls, struct MHD_Connection *conn, char *s)
{
	(void)cls;
	(void)conn;
	return strlen(s);
}

/* ---- the address -------------------------------------------------------------------------- */

typedef struct {
	struct sockaddr_storage addr;
	bool loopback;
	char host[72];
} listen_addr;

static bool parse_listen(const char *text, listen_addr *out)
{
	char host[64];
	const char *colon = strrchr(text, ':');
	memset(out, 0, sizeof *out);
	if (!colon || (size_t)(colon - text) >= sizeof host)
		return false;
	memcpy(host, text, (size_t)(colon - text));
	host[colon - text] = '\0';
	char *end;
	long port = strtol(colon + 1, &end, 10);
	if (!colon[1] || *end || port < 0 || port > 65535)
		return false;
	size_t hl = strlen(host);
	if (hl >= 2 && host[0] == '[' && host[hl - 1] == ']') {
		struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&out->addr;
		host[hl - 1] = '\0';
		if (inet_pton(AF_INET6, host + 1, &a6->sin6_addr) != 1)
			return false;
		a6->sin6_family = AF_INET6;
		a6->sin6_port = htons((uint16_t)port);
		out->loopback = IN6_IS_ADDR_LOOPBACK(&a6->sin6_addr);
		snprintf(out->host, sizeof out->host, "[%s]", host + 1);
		return true;
	}
	struct sockaddr_in *a4 = (struct sockaddr_in *)&out->addr;
	if (inet_pton(AF_INET, host, &a4->sin_addr) != 1)
		return false;
	a4->sin_family = AF_INET;
	a4->sin_port = htons((uint16_t)port);
	out->loopback = (ntohl(a4->sin_addr.s_addr) >> 24) == 127;
	snprintf(out->host, sizeof out->host, "%s", host);
	return true;
}

/*
 * The page's address for the room's phones (announced beside the record
 * for the console and `watch`): the listen address, or on a wildcard one
 * (0.0.0.0, ::) the machine's first non-loopback IPv4 address that is up.
 */
static void page_url(const listen_addr *la, unsigned port, char *buf, size_t size)
{
	const char *host = la->host;
	char found[INET_ADDRSTRLEN] = "";
	bool any = la->addr.ss_family == AF_INET
	               ? ((const struct sockaddr_in *)&la->addr)->sin_addr.s_addr == htonl(INADDR_ANY)
	               : IN6_IS_ADDR_UNSPECIFIED(&((const struct sockaddr_in6 *)&la->addr)->sin6_addr);
	struct ifaddrs *list;
	if (any && getifaddrs(&list) == 0) {
		for (struct ifaddrs *i = list; i && !found[0]; i = i->ifa_next) {
			if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || !(i->ifa_flags & IFF_UP) ||
			    (i->ifa_flags & IFF_LOOPBACK))
				continue;
			inet_ntop(AF_INET, &((const struct sockaddr_in *)i->ifa_addr)->sin_addr, found, sizeof found);
		}
		freeifaddrs(list);
		if (found[0])
			host = found;
	}
	snprintf(buf, size, "http://%s:%u/", host, port);
}

/* Enough descriptors for the connections asked for. */
static void raise_fd_limit(unsigned connections)
{
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
		return;
	rlim_t want = (rlim_t)connections + 64;
	if (rl.rlim_cur >= want)
		return;
	rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > want ? want : rl.rlim_max;
	setrlimit(RLIMIT_NOFILE, &rl);
}

/* ---- the loop ------------------------------------------------------------------------------- */

/* SIGINT and SIGTERM only set the stop flag; a viewer gone is no signal. */
static void catch_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* Answers requests, polls the record while someone watches, sweeps the
 * viewers who left and keeps the others alive, until a signal stops it. */
static void serve_until_stopped(server *srv, int epoll_fd)
{
	int64_t next_poll = mono_ms(srv) + CC_WEB_POLL_MS, next_keepalive = mono_ms(srv) + KEEPALIVE_MS;
	int64_t next_sweep = mono_ms(srv) + SWEEP_MS;
	while (!stop_requested) {
		int64_t now = mono_ms(srv);
		int64_t wait = cc_web_feed_clients(srv->feed) ? next_poll - now : IDLE_WAIT_MS;
		MHD_UNSIGNED_LONG_LONG mhd_wait;
		if (mhd.get_timeout(srv->daemon, &mhd_wait) == MHD_YES && (int64_t)mhd_wait < wait)
			wait = (int64_t)mhd_wait;
		if (wait < 0)
			wait = 0;
		struct pollfd pfd = {epoll_fd, POLLIN, 0};
		if (poll(&pfd, 1, (int)wait) < 0 && errno != EINTR)
			break;
		mhd.run(srv->daemon);
		now = mono_ms(srv);
		if (now >= next_poll) {
			cc_web_feed_poll(srv->feed, now);
			next_poll = now + CC_WEB_POLL_MS;
		}
		if (now >= next_sweep) {
			cc_web_feed_visit(srv->feed, sweep_one, NULL);
			enforce_deadline(srv, now);
			next_sweep = now + SWEEP_MS;
		}
		if (now >= next_keepalive) {
			cc_web_feed_keepalive(srv->feed);
			next_keepalive = now + KEEPALIVE_MS;
		}
	}
}

int cc_web_serve(const cc_web_options *options)
{
	server s;
	listen_addr la;
	cc_error err = {0};
	const char *listen = options->listen ? options->listen : "127.0.0.1:8080";
	unsigned connections = options->max_connections ? options->max_connections : CC_WEB_MAX_CONNECTIONS;
	memset(&s, 0, sizeof s);
	unsigned per_address = options->max_per_address ? options->max_per_address : CC_WEB_MAX_PER_ADDRESS;
	s.max_sse = options->max_sse ? options->max_sse : CC_WEB_MAX_SSE;
	s.deadline_ms = 1000 * (int64_t)(options->deadline_s ? options->deadline_s : CC_WEB_DEADLINE_S);
	s.clock = cc_clock_system();
	if (!parse_listen(listen, &la)) {
		fprintf(stderr, "chesscubing serve: '%s' is not an address and port (e.g. 127.0.0.1:8080, 0.0.0.0:8080)\n",
		        listen);
		return 2;
	}
	if (open_mhd(&err) != CC_OK || cc_web_feed_create(&s.feed, options->db, wake, &s, &err) != CC_OK) {
		char why[CC_SESSION_REFUSAL_MAX];
		cc_session_describe_refusal(options->lang, &err, why, sizeof why);
		fprintf(stderr, "chesscubing serve: %s\n", why);
		return 1;
	}
	raise_fd_limit(connections);
	s.daemon = mhd.start_daemon(MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME, 0, NULL, NULL, on_request, &s,
	                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&la.addr, MHD_OPTION_CONNECTION_LIMIT,
	                            connections, MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_address,
	                            MHD_OPTION_NOTIFY_CONNECTION, on_connection, &s, MHD_OPTION_NOTIFY_COMPLETED,
	                            on_completed, &s, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)TIMEOUT_S,
	                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)MEMORY_LIMIT,
	                            MHD_OPTION_UNESCAPE_CALLBACK, keep_escapes, NULL, MHD_OPTION_LISTEN_BACKLOG_SIZE,
	                            1024u, MHD_OPTION_END);
	if (!s.daemon) {
		fprintf(stderr, "chesscubing serve: cannot listen on %s (%s)\n", listen,
		        errno ? strerror(errno) : "address in use or not available");
		cc_web_feed_destroy(s.feed);
		return 1;
	}
	const union MHD_DaemonInfo *port = mhd.get_daemon_info(s.daemon, MHD_DAEMON_INFO_BIND_PORT);
	const union MHD_DaemonInfo *epoll = mhd.get_daemon_info(s.daemon, MHD_DAEMON_INFO_EPOLL_FD);
	printf("serving http://%s:%u/ (read only)\n", la.host, port ? (unsigned)port->port : 0u);
	char url[CC_SESSION_SERVE_URL_MAX];
	page_url(&la, port ? (unsigned)port->port : 0u, url, sizeof url);
	bool announced = cc_session_serve_announce(cc_web_feed_db(s.feed), url);
	if (!la.loopback)
		printf("this address is open to the network: the room's phones can open the page\n");
	fflush(stdout);

	catch_signals();
	serve_until_stopped(&s, epoll ? epoll->epoll_fd : -1);

	/* Every viewer's stream ended before the daemon stops. */
	s.closing = true;
	cc_web_feed_keepalive(s.feed);
	for (int i = 0; i < 4 && cc_web_feed_clients(s.feed); i++)
		mhd.run(s.daemon);
	mhd.stop_daemon(s.daemon);
	if (announced)
		cc_session_serve_withdraw(cc_web_feed_db(s.feed));
	cc_web_feed_destroy(s.feed);
	printf("stopped\n");
	fflush(stdout);
	return 0;
}
