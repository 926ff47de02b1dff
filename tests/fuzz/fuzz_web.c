/*
 * fuzz_web.c: libFuzzer harness for what the web server reads from a
 * request (src/web/request.c): the input is split at its first two
 * newlines into a path, an Accept-Language and an If-None-Match header.
 * A route must be a known kind, a decoded name valid text of a name's
 * length, and the language one of the two.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "web_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
		break;
	}
	case CC_WEB_MATCH:
	case CC_WEB_MATCH_EVENTS:
	case CC_WEB_MATCH_JSON:
	case CC_WEB_MATCH_PGN:
		if (r.match_id < 1)
			abort();
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
		break;
	}
	cc_web_lang lang = cc_web_lang_pick(NULL, accept);
	if (lang != CC_WEB_LANG_EN && lang != CC_WEB_LANG_FR)
		abort();
	(void)cc_web_etag_matches(inm, "\"0123456789abcdef\"");
	(void)cc_web_etag_matches(accept, text);
	return 0;
}
