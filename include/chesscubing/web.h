/*
 * web.h: `chesscubing serve`, the audience's read-only web server
 * (src/web/): the live boards, one board for a projector, an event's boards
 * and standings, pushed by Server-Sent Events, and the broadcast feeds
 * (PGN, JSON) with ETag / If-None-Match for relays and CDNs.
 *
 * It reads the record as `watch` does (the session layer, the database
 * opened CC_SESSION_DB_READ): it never writes and works beside running
 * consoles and on a read-only file. One poller per record fans every
 * change out to all its viewers. Everything it serves (HTML, JS, CSS) is
 * in the binary; no path maps to a file.
 *
 * Threads: none; the HTTP daemon runs in the caller's thread, driven by
 * one loop with the poller (so the session is never shared).
 */
#ifndef CHESSCUBING_WEB_H
#define CHESSCUBING_WEB_H

#include <stdbool.h>
#include <stdint.h>

#include "chesscubing/support_lang.h"

typedef struct {
	const char *db;            /* the record (NULL: the console's default) */
	const char *listen;        /* "ADDR:PORT" (NULL: 127.0.0.1:8080); port 0 picks a free one */
	unsigned max_sse;          /* live viewers at once (0: CC_WEB_MAX_SSE); beyond: 503 */
	unsigned max_connections;  /* connections at once (0: CC_WEB_MAX_CONNECTIONS) */
	unsigned max_per_address;  /* connections at once from one address (0: CC_WEB_MAX_PER_ADDRESS);
	                            * beyond, the new one is closed */
	unsigned deadline_s;       /* a request's line and headers arrive whole within this
	                            * (0: CC_WEB_DEADLINE_S), or the connection is closed */
	const cc_lang *lang;       /* what the server says on its terminal (NULL: English);
	                            * each viewer is answered in its own */
} cc_web_options;

#define CC_WEB_MAX_SSE 1024
#define CC_WEB_MAX_CONNECTIONS 4096
#define CC_WEB_MAX_PER_ADDRESS 64 /* a phone opens a few; behind a proxy, raise it */
#define CC_WEB_DEADLINE_S 10

/*
 * Serves until SIGINT or SIGTERM. Says on standard output the address it
 * listens on (one line "serving http://ADDR:PORT/", flushed), and on a
 * non-loopback address that the room's network can reach it. Returns the
 * process exit status: 0 after a signal, 1 when the record cannot be read
 * or the address cannot be bound (said on stderr).
 */
int cc_web_serve(const cc_web_options *options);

#endif
