/*
 * fuzz_web.c: libFuzzer harness for what the web server reads from a
 * request (src/web/request.c): the input is split at its first two
 * newlines into a path, an Accept-Language and an If-None-Match header.
 * A route must be a known kind, a decoded name valid text of a name's
 * length, and the language one of the two. A match or event route, written
 * back as a path (the name escaped byte by byte), routes to itself; a
 * ?lang= of fr or en wins over any Accept-Language; the server's entity
 * tag matches itself.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The suffix of a route's kind: "", "/events", ".json" or ".pgn". */
static const char *suffix_of(cc_web_route_kind kind)
{
	if (kind == CC_WEB_MATCH_EVENTS || kind == CC_WEB_EVENT_EVENTS)
		return "/events";
	if (kind == CC_WEB_MATCH_JSON || kind == CC_WEB_EVENT_JSON)
		return ".json";
	return kind == CC_WEB_MATCH_PGN || kind == CC_WEB_EVENT_PGN ? ".pgn" : "";
}

/* A match or event route written back as a path routes to itself. */
static void routes_back(const cc_web_route *r, bool event)
{
	char path[3 * CC_WEB_NAME_MAX + 32];
	size_t n = (size_t)snprintf(path, sizeof path, event ? "/event/" : "/match/");
	if (event) {
		for (const unsigned char *p = (const unsigned char *)r->name; *p; p++) {
			bool plain = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
			             *p == '-' || *p == '_' || *p == '~';
			n += (size_t)snprintf(path + n, sizeof path - n, plain ? "%c" : "%%%02X", *p);
		}
	} else {
		n += (size_t)snprintf(path + n, sizeof path - n, "%lld", (long long)r->match_id);
	}
	snprintf(path + n, sizeof path - n, "%s", suffix_of(r->kind));
	if (strlen(path) > CC_WEB_URL_MAX)
		return; /* too long a path to be taken */
	cc_web_route back;
	cc_web_route_parse(path, &back);
	if (back.kind != r->kind || back.match_id != r->match_id || strcmp(back.name, r->name) != 0) {
		fprintf(stderr, "%s routes to kind %d, not %d\n", path, (int)back.kind, (int)r->kind);
		abort();
	}
}

/* The server's own tag matches itself, weak or not, and "*" matches it. */
static void etags_match(void)
{
	static const char etag[] = "\"0123456789abcdef\"";
	if (!cc_web_etag_matches(etag, etag) || !cc_web_etag_matches("W/\"0123456789abcdef\"", etag) ||
	    !cc_web_etag_matches(" *", etag))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char text[2048];
	if (size >= sizeof text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	char *accept = strchr(text, '\n');
	char *inm = NULL;
	if (accept) {
		*accept++ = '\0';
		inm = strchr(accept, '\n');
		if (inm)
			*inm++ = '\0';
	}
	cc_web_route r;
	cc_web_route_parse(text, &r);
	if ((int)r.kind < CC_WEB_NOT_FOUND || r.kind > CC_WEB_EVENT_PGN)
		abort();
	switch (r.kind) {
	case CC_WEB_EVENT:
	case CC_WEB_EVENT_EVENTS:
	case CC_WEB_EVENT_JSON:
	case CC_WEB_EVENT_PGN: {
		size_t n = strnlen(r.name, sizeof r.name);
		if (n == 0 || n >= sizeof r.name || !cc_web_text_ok(r.name, n))
			abort();
		routes_back(&r, true);
		break;
	}
	case CC_WEB_MATCH:
	case CC_WEB_MATCH_EVENTS:
	case CC_WEB_MATCH_JSON:
	case CC_WEB_MATCH_PGN:
		if (r.match_id < 1)
			abort();
		routes_back(&r, false);
		break;
	case CC_WEB_ASSET:
		if (!cc_web_asset_find(r.name))
			abort();
		break;
	case CC_WEB_NOT_FOUND:
	case CC_WEB_BAD_REQUEST:
	case CC_WEB_INDEX:
	case CC_WEB_INDEX_JSON:
	case CC_WEB_INDEX_EVENTS:
	case CC_WEB_WORDS:
		break;
	}
	const cc_lang *lang = cc_web_lang_pick(NULL, accept);
	if (!lang || cc_lang_index(lang) >= cc_lang_count())
		abort();
	if (cc_web_lang_pick("fr", accept) != cc_lang_named("fr") || cc_web_lang_pick("en", accept) != cc_lang_default())
		abort(); /* ?lang= wins */
	(void)cc_web_etag_matches(inm, "\"0123456789abcdef\"");
	etags_match();
	(void)cc_web_etag_matches(accept, text);
	return 0;
}
