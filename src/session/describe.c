/*
 * describe.c: the one text renderer (session_describe.h), its common
 * parts: appending to a buffer cut at a UTF8 boundary, the decimal comma,
 * printable text. Each thing the renderer tells has its file:
 * describe_event.c (an event), describe_result.c (a result, a time
 * control), describe_block.c (a block, a cube phase, what changed),
 * describe_club.c (the club's word), describe_report.c (the text report
 * and its event log), describe_sheet.c (the scramble sheet), describe_san.c
 * (SAN in the user's letters), describe_refusal.c (a refusal),
 * describe_uno.c (Chess-Uno).
 */
#include <stdarg.h>

#include "describe_internal.h"

void cc_session_decimal_local(const cc_lang *lang, char *buf)
{
	localize_decimal(lang, buf);
}

size_t cc_session_describe_append(char *buf, size_t size, size_t len, const char *fmt, ...)
{
	va_list ap;
	if (len + 1 >= size)
		return len;
	va_start(ap, fmt);
	int n = vsnprintf(buf + len, size - len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return len;
	if ((size_t)n >= size - len) {
		/* Cut: never leave half a UTF8 character at the end. */
		size_t end = size - 1;
		while (end > len && ((unsigned char)buf[end - 1] & 0xC0) == 0x80)
			end--;
		if (end > len && ((unsigned char)buf[end - 1] & 0xC0) == 0xC0)
			end--;
		buf[end] = '\0';
		return end;
	}
	return len + (size_t)n;
}

/* The bytes of text's first character when it prints as it is (one line:
 * cc_text_is_line); 0 when its first byte must be escaped. */
static size_t printable_run(const char *text)
{
	char one[8];
	size_t whole = 0;
	for (size_t k = 1; k <= 4 && whole == 0; k++)
		whole = cc_text_fit(text, k);
	memcpy(one, text, whole);
	one[whole] = '\0';
	return whole > 0 && cc_text_is_line(one) ? whole : 0;
}

void cc_session_csv_cell(FILE *out, const char *text)
{
	bool formula = text[0] && strchr("=@+-\t\r", text[0]);
	bool quoted = formula || strpbrk(text, ",\"") != NULL;
	if (quoted)
		fputs(formula ? "\"'" : "\"", out);
	for (const char *p = text; *p;) {
		size_t run = printable_run(p);
		if (run == 0)
			fprintf(out, "\\x%02X", (unsigned char)*p++);
		for (; run > 0; run--, p++) {
			if (*p == '"')
				fputc('"', out);
			fputc(*p, out);
		}
	}
	if (quoted)
		fputc('"', out);
}

void cc_session_printable(const char *text, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	for (const char *p = text; *p;) {
		size_t whole = printable_run(p);
		if (whole > 0) {
			len = cc_session_describe_append(buf, size, len, "%.*s", (int)whole, p);
			p += whole;
		} else {
			len = cc_session_describe_append(buf, size, len, "\\x%02X", (unsigned char)*p);
			p++;
		}
	}
}
