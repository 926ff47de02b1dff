/*
 * textwidth.c: display widths and cutting by columns (textwidth.h).
 */
#include "chesscubing/textwidth.h"

#include <stdint.h>

static bool in(uint32_t c, uint32_t first, uint32_t last)
{
	return c >= first && c <= last;
}

static int char_width(uint32_t c)
{
	if (in(c, 0x300, 0x36F) || in(c, 0x483, 0x489) || in(c, 0x591, 0x5BD) || in(c, 0x1AB0, 0x1AFF) ||
	    in(c, 0x1DC0, 0x1DFF) || in(c, 0x200B, 0x200F) || in(c, 0x2060, 0x2064) || in(c, 0x20D0, 0x20FF) ||
	    in(c, 0xFE00, 0xFE0F) || in(c, 0xFE20, 0xFE2F) || c == 0xFEFF)
		return 0;
	if (in(c, 0x1100, 0x115F) || in(c, 0x2E80, 0x303E) || in(c, 0x3041, 0x33FF) || in(c, 0x3400, 0x4DBF) ||
	    in(c, 0x4E00, 0x9FFF) || in(c, 0xA000, 0xA4CF) || in(c, 0xAC00, 0xD7A3) || in(c, 0xF900, 0xFAFF) ||
	    in(c, 0xFE30, 0xFE4F) || in(c, 0xFF00, 0xFF60) || in(c, 0xFFE0, 0xFFE6) || in(c, 0x1F300, 0x1F64F) ||
	    in(c, 0x1F900, 0x1F9FF) || in(c, 0x20000, 0x3FFFD))
		return 2;
	return 1;
}

/* The next character of text: its bytes in *len and its code point
 * (U+FFFD for an invalid byte, taken alone). */
static uint32_t next_char(const char *text, size_t *len)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t n = p[0] < 0x80 ? 1 : p[0] >= 0xF0 ? 4 : p[0] >= 0xE0 ? 3 : p[0] >= 0xC0 ? 2 : 1;
	uint32_t cp = n == 1 ? p[0] : (uint32_t)(p[0] & (0x3F >> (n - 1)));
	for (size_t i = 1; i < n; i++) {
		if ((p[i] & 0xC0) != 0x80) {
			*len = 1;
			return 0xFFFD;
		}
		cp = (cp << 6) | (p[i] & 0x3F);
	}
	*len = n;
	return cp;
}

int cc_width_of(const char *text)
{
	int used = 0;
	for (const char *p = text; *p;) {
		size_t len;
		used += char_width(next_char(p, &len));
		p += len;
	}
	return used;
}

size_t cc_width_fit(const char *text, int width, int *used, bool *cut)
{
	int room = cc_width_of(text) <= width ? width : width - 1, taken = 0;
	const char *p = text;
	while (*p) {
		size_t len;
		int w = char_width(next_char(p, &len));
		if (taken + w > room)
			break;
		taken += w;
		p += len; /* a combining mark stays with the letter before it */
	}
	*cut = *p != '\0';
	*used = taken + (*cut && width > 0 ? 1 : 0);
	return (size_t)(p - text);
}
