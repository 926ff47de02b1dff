/*
 * request.c: what a request asks for, read from hostile text.
 *
 * Paths. libmicrohttpd is told not to unescape (server.c), so that an
 * event named "a/b" (sent as a%2Fb) stays one segment: the path is split
 * on '/' first, then each segment is decoded here. A broken escape, a NUL,
 * a control character or invalid UTF-8 in a segment is a bad request; a
 * path that names nothing is "not found". No path is ever a file name:
 * the routes are a fixed list and the assets a table (assets.c).
 */
#include "web_internal.h"

#include <stdlib.h>
#include <string.h>

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

uint64_t cc_web_hash(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = 14695981039346656037ULL;
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 1099511628211ULL;
	}
	return h;
}

bool cc_web_text_ok(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0;
	while (i < len) {
		unsigned c = s[i];
		size_t n;
		uint32_t cp;
		if (c < 0x20 || c == 0x7f)
			return false;
		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			n = 1;
			cp = c & 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			n = 2;
			cp = c & 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			n = 3;
			cp = c & 0x07;
		} else {
			return false;
		}
		if (len - i <= n)
			return false;
		for (size_t k = 1; k <= n; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return false;
			cp = (cp << 6) | (s[i + k] & 0x3fu);
		}
		/* overlong forms, surrogates, beyond U+10FFFF; C1 controls */
		if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || (cp >= 0xd800 && cp <= 0xdfff) ||
		    cp > 0x10ffff || (cp >= 0x80 && cp < 0xa0))
			return false;
		i += n + 1;
	}
	return true;
}

/* Decodes segment [s, s + len) into out (size bytes); false when broken or too long. */
static bool decode_segment(const char *s, size_t len, char *out, size_t size)
{
	size_t o = 0;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (c == '%') {
			if (i + 2 >= len)
				return false;
			int hi = hex_value(s[i + 1]);
			int lo = hex_value(s[i + 2]);
			if (hi < 0 || lo < 0)
				return false;
			c = (char)(hi * 16 + lo);
			i += 2;
		}
		if (o + 1 >= size)
			return false;
		out[o++] = c;
	}
	out[o] = '\0';
	return o > 0 && cc_web_text_ok(out, o);
}

/* A match number: decimal digits, no sign, no leading zero, 1 .. 2^53. */
static bool parse_id(const char *s, size_t len, int64_t *out)
{
	int64_t v = 0;
	if (len == 0 || len > 16 || s[0] == '0')
		return false;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (s[i] - '0');
	}
	if (v > (INT64_C(1) << 53))
		return false;
	*out = v;
	return true;
}

static bool ends_with(const char *s, size_t len, const char *suffix, size_t *stem)
{
	size_t n = strlen(suffix);
	if (len < n || memcmp(s + len - n, suffix, n) != 0)
		return false;
	*stem = len - n;
	return true;
}

/* The segment after /match/ or /event/, and what follows it. */
static void route_item(const char *rest, bool match, cc_web_route *out)
{
	const char *slash = strchr(rest, '/');
	size_t len = slash ? (size_t)(slash - rest) : strlen(rest);
	size_t stem = len;
	cc_web_route_kind page = match ? CC_WEB_MATCH : CC_WEB_EVENT;
	cc_web_route_kind kind = page;
	if (slash) {
		if (strcmp(slash, "/events") != 0)
			return; /* not found */
		kind = match ? CC_WEB_MATCH_EVENTS : CC_WEB_EVENT_EVENTS;
	} else if (ends_with(rest, len, ".pgn", &stem)) {
		kind = match ? CC_WEB_MATCH_PGN : CC_WEB_EVENT_PGN;
	} else if (ends_with(rest, len, ".json", &stem)) {
		kind = match ? CC_WEB_MATCH_JSON : CC_WEB_EVENT_JSON;
	}
	if (match) {
		if (parse_id(rest, stem, &out->match_id))
			out->kind = kind;
		return;
	}
	if (stem == 0)
		return;
	if (!decode_segment(rest, stem, out->name, sizeof out->name)) {
		out->kind = CC_WEB_BAD_REQUEST;
		return;
	}
	out->kind = kind;
}

void cc_web_route_parse(const char *path, cc_web_route *out)
{
	static const char *const assets[] = {"app.js", "app.css", "favicon.svg"};
	memset(out, 0, sizeof *out);
	out->kind = CC_WEB_NOT_FOUND;
	if (!path || path[0] != '/')
		return;
	size_t len = strlen(path);
	if (len > CC_WEB_URL_MAX) {
		out->kind = CC_WEB_BAD_REQUEST;
		return;
	}
	if (strcmp(path, "/") == 0) {
		out->kind = CC_WEB_INDEX;
		return;
	}
	if (strcmp(path, "/index.json") == 0) {
		out->kind = CC_WEB_INDEX_JSON;
		return;
	}
	if (strcmp(path, "/words.json") == 0) {
		out->kind = CC_WEB_WORDS;
		return;
	}
	if (strcmp(path, "/events") == 0) {
		out->kind = CC_WEB_INDEX_EVENTS;
		return;
	}
	for (size_t i = 0; i < sizeof assets / sizeof assets[0]; i++) {
		if (path[1] && strcmp(path + 1, assets[i]) == 0) {
			out->kind = CC_WEB_ASSET;
			strcpy(out->name, assets[i]);
			return;
		}
	}
	if (strncmp(path, "/match/", 7) == 0)
		route_item(path + 7, true, out);
	else if (strncmp(path, "/event/", 7) == 0)
		route_item(path + 7, false, out);
}

const cc_lang *cc_web_lang_pick(const char *query_lang, const char *accept_language)
{
	const cc_lang *asked = cc_lang_named(query_lang);
	return asked ? asked : cc_lang_from_accept(accept_language);
}

bool cc_web_etag_matches(const char *if_none_match, const char *etag)
{
	if (!if_none_match || !etag)
		return false;
	size_t n = strlen(etag);
	const char *p = if_none_match;
	while (*p) {
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (*p == '*')
			return true;
		if (p[0] == 'W' && p[1] == '/')
			p += 2;
		if (*p != '"') {
			while (*p && *p != ',')
				p++;
			continue;
		}
		const char *close = strchr(p + 1, '"');
		if (!close)
			return false;
		if ((size_t)(close + 1 - p) == n && memcmp(p, etag, n) == 0)
			return true;
		p = close + 1;
	}
	return false;
}

unsigned cc_web_error_status(cc_err rc)
{
	if (rc == CC_ERR_NOT_FOUND)
		return 404;
	if (rc == CC_ERR_BUSY)
		return 503;
	return 500;
}
