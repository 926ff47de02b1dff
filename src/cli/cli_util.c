/*
 * cli_util.c: the helpers every command shares (cli_util.h).
 */
#include "cli_util.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

int cc_cli_finish_output(const char *command, int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "chesscubing %s: cannot write the output\n", command);
		return 1;
	}
	return status;
}

void cc_cli_options_start(void)
{
	optind = 0;
}

int cc_cli_usage_text(int opt, const char *usage)
{
	fputs(usage, opt == 'h' ? stdout : stderr);
	return opt == 'h' ? 0 : 2;
}

int cc_cli_usage_fn(int opt, void (*usage)(FILE *out))
{
	usage(opt == 'h' ? stdout : stderr);
	return opt == 'h' ? 0 : 2;
}

int cc_cli_match_number(const char *command, const char *text, int64_t *id)
{
	char *end;
	long long n = strtoll(text, &end, 10);
	if (!text[0] || *end || n <= 0) {
		fprintf(stderr, "chesscubing %s: '%s' is not a match number (see 'chesscubing list')\n", command, text);
		return 2;
	}
	*id = n;
	return 0;
}

void cc_cli_csv_field(const char *text)
{
	if (!strpbrk(text, ",\"\r\n")) {
		fputs(text, stdout);
		return;
	}
	fputc('"', stdout);
	for (const char *p = text; *p; p++) {
		if (*p == '"')
			fputc('"', stdout);
		fputc(*p, stdout);
	}
	fputc('"', stdout);
}

int cc_cli_print_json(json_t *value, size_t flags)
{
	int rc = value ? json_dumpf(value, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER | flags) : -1;
	json_decref(value);
	if (rc == 0 && fputc('\n', stdout) == EOF)
		rc = -1;
	return rc == 0 ? 0 : 1;
}

/*
 * Columns by display width, not bytes: "Élodie Müller" takes 13 columns,
 * not 15. UTF8 is decoded here (the record's names are UTF8 whatever the
 * locale): combining marks and other zero-width characters take no
 * column, East Asian wide characters two (as wcwidth() says in a UTF8
 * locale, without depending on the one the program runs in).
 */
static int char_width(uint32_t cp)
{
	if ((cp >= 0x300 && cp <= 0x36F) || (cp >= 0x1AB0 && cp <= 0x1AFF) || (cp >= 0x1DC0 && cp <= 0x1DFF) ||
	    (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x20D0 && cp <= 0x20FF) || (cp >= 0xFE00 && cp <= 0xFE0F) ||
	    (cp >= 0xFE20 && cp <= 0xFE2F))
		return 0;
	if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3) ||
	    (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
	    (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1FAFF) || (cp >= 0x20000 && cp <= 0x3FFFD))
		return 2;
	return 1;
}

/* The next character of text: its bytes in *len and its code point. */
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

int cc_cli_text_width(const char *text)
{
	int used = 0;
	for (const char *p = text; *p;) {
		size_t len;
		used += char_width(next_char(p, &len));
		p += len;
	}
	return used;
}

size_t cc_cli_fit(const char *text, int width, int *used, bool *cut)
{
	int all = cc_cli_text_width(text), room = all <= width ? width : width - 1, taken = 0;
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

/* Prints text in exactly width columns (CL-7.8): whole and padded when it
 * fits, otherwise cut after a whole character and ended by "…". */
static void put_column(const char *text, int width)
{
	int used;
	bool cut;
	size_t bytes = cc_cli_fit(text, width, &used, &cut);
	printf("%.*s%s%*s", (int)bytes, text, cut && width > 0 ? "\u2026" : "", used < width ? width - used : 0, "");
}

void cc_cli_print_column(const char *text, int width)
{
	put_column(text, width);
}

void cc_cli_print_padded(const char *text, int width)
{
	put_column(text, width);
}
