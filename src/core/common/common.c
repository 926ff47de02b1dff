/* common.c: names of shared enums and the error-detail helper. */
#include "chesscubing/common.h"

#include <stdarg.h>
#include <stdio.h>

const char *cc_side_name(cc_side side)
{
	switch (side) {
	case CC_SIDE_WHITE:
		return "white";
	case CC_SIDE_BLACK:
		return "black";
	}
	return "?";
}

const char *cc_err_name(cc_err code)
{
	switch (code) {
	case CC_OK:
		return "ok";
	case CC_ERR_INVALID:
		return "invalid";
	case CC_ERR_PHASE:
		return "phase";
	case CC_ERR_WRONG_SIDE:
		return "wrong_side";
	case CC_ERR_TIME_BACKWARDS:
		return "time_backwards";
	case CC_ERR_QUOTA:
		return "quota";
	case CC_ERR_CUBE_RANGE:
		return "cube_range";
	case CC_ERR_OVER:
		return "over";
	case CC_ERR_PAUSED:
		return "paused";
	case CC_ERR_NOT_PAUSED:
		return "not_paused";
	case CC_ERR_NOTHING_TO_UNDO:
		return "nothing_to_undo";
	case CC_ERR_FREE_MOVE_CHECK:
		return "free_move_check";
	case CC_ERR_CUBE_ENTERED:
		return "cube_entered";
	case CC_ERR_NO_MOVE:
		return "no_move";
	case CC_ERR_NOMEM:
		return "nomem";
	case CC_ERR_ILLEGAL_MOVE:
		return "illegal_move";
	case CC_ERR_STORE:
		return "store";
	case CC_ERR_NOT_FOUND:
		return "not_found";
	case CC_ERR_LOCKED:
		return "locked";
	}
	return "unknown";
}

cc_err cc_error_set(cc_error *err, cc_err code, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		va_start(ap, fmt);
		err->code = code;
		vsnprintf(err->message, sizeof err->message, fmt, ap);
		va_end(ap);
		/* A message is one line, whatever a library handed us. */
		for (char *p = err->message; *p; p++)
			if (*p == '\n' || *p == '\r' || *p == '\t')
				*p = ' ';
	}
	return code;
}

/* ---- text: UTF8, one line ---------------------------------------------------- */

/* Length of the UTF8 sequence at p (1 to 4), or 0 when it is not a valid,
 * shortest-form encoding of a scalar value (RFC 3629). */
static size_t utf8_sequence(const unsigned char *p)
{
	unsigned c = p[0];
	size_t n;
	unsigned min;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF) {
		n = 2;
		min = 0x80;
	} else if (c >= 0xE0 && c <= 0xEF) {
		n = 3;
		min = 0x800;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4;
		min = 0x10000;
	} else {
		return 0;
	}
	unsigned value = c & (0x7Fu >> n);
	for (size_t i = 1; i < n; i++) {
		if ((p[i] & 0xC0) != 0x80)
			return 0;
		value = (value << 6) | (p[i] & 0x3Fu);
	}
	if (value < min || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF))
		return 0;
	return n;
}

bool cc_text_is_line(const char *text)
{
	const unsigned char *p = (const unsigned char *)text;
	while (*p) {
		size_t n = utf8_sequence(p);
		if (n == 0 || *p < 0x20 || *p == 0x7F)
			return false;
		p += n;
	}
	return true;
}

size_t cc_text_fit(const char *text, size_t max_bytes)
{
	size_t len = 0;
	const unsigned char *p = (const unsigned char *)text;
	while (p[len]) {
		size_t n = utf8_sequence(p + len);
		if (n == 0)
			n = 1;
		if (len + n > max_bytes)
			break;
		len += n;
	}
	return len;
}
