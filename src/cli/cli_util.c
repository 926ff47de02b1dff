/*
 * cli_util.c: the helpers every command shares (cli_util.h).
 */
#include "cli_util.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int cc_cli_finish_output(const char *command, int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, _("chesscubing %s: cannot write the output\n"), command);
		return 1;
	}
	return status;
}

void cc_cli_options_start(void)
{
	/* POSIXLY_CORRECT in the environment would stop every command at its
	 * first operand (`resume 1 --db FILE` refused): the program's own
	 * line is read the GNU way, whatever the shell exports. */
	unsetenv("POSIXLY_CORRECT");
	optind = 0;
}

int cc_cli_usage_text(int opt, const char *usage)
{
	fputs(_(usage), opt == 'h' ? stdout : stderr);
	return opt == 'h' ? 0 : 2;
}

int cc_cli_usage_error(const char *usage)
{
	return cc_cli_usage_text(0, usage);
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
		fprintf(stderr, _("chesscubing %s: '%s' is not a match number (see 'chesscubing list')\n"), command, text);
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
 * locale): combining marks take no column, East Asian wide characters two.
 */
static int char_width(uint32_t cp)
{
	if ((cp >= 0x300 && cp <= 0x36F) || (cp >= 0x200B && cp <= 0x200F))
		return 0;
	if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3) ||
	    (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0x1F300 && cp <= 0x1FAFF))
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

/* Prints text in width columns at least: cut at a whole character when cut,
 * padded with spaces by display width (never by bytes). */
static void put_column(const char *text, int width, bool cut)
{
	int used = 0;
	const char *p = text;
	while (*p) {
		size_t len;
		int w = char_width(next_char(p, &len));
		if (cut && used + w > width)
			break;
		used += w;
		p += len;
	}
	printf("%.*s%*s", (int)(p - text), text, used < width ? width - used : 0, "");
}

void cc_cli_print_column(const char *text, int width)
{
	put_column(text, width, true);
}

void cc_cli_print_padded(const char *text, int width)
{
	put_column(text, width, false);
}

/* One JSON scalar as a CSV field: null empty, reals to 6 places. */
static void csv_value(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_STRING:
		cc_cli_csv_field(json_string_value(v));
		break;
	case JSON_INTEGER:
		printf("%" JSON_INTEGER_FORMAT, json_integer_value(v));
		break;
	case JSON_REAL:
		printf("%.6f", json_real_value(v));
		break;
	case JSON_TRUE:
	case JSON_FALSE:
		fputs(json_is_true(v) ? "true" : "false", stdout);
		break;
	case JSON_NULL:
	case JSON_OBJECT:
	case JSON_ARRAY:
		break;
	}
}

void cc_cli_csv_row(const json_t *row, bool header)
{
	const char *key;
	json_t *value;
	bool sep = false;
	if (header) {
		json_object_foreach((json_t *)(uintptr_t)row, key, value) {
			printf("%s%s", sep ? "," : "", key);
			sep = true;
		}
		putchar('\n');
		sep = false;
	}
	json_object_foreach((json_t *)(uintptr_t)row, key, value) {
		if (sep)
			putchar(',');
		sep = true;
		csv_value(value);
	}
	putchar('\n');
}

int cc_cli_print_csv(json_t *rows, const char *keys)
{
	if (!rows)
		return 1;
	if (json_is_array(rows) && json_array_size(rows) == 0)
		printf("%s\n", keys);
	if (json_is_object(rows)) {
		cc_cli_csv_row(rows, true);
	} else {
		for (size_t i = 0; i < json_array_size(rows); i++)
			cc_cli_csv_row(json_array_get(rows, i), i == 0);
	}
	json_decref(rows);
	return 0;
}

int cc_cli_no_format(const char *command, const char *option)
{
	fprintf(stderr, _("chesscubing %s: %s does not apply here (see 'chesscubing %s --help')\n"), command, option,
	        command);
	return 2;
}

int cc_cli_byte_width(const char *text, int columns)
{
	int used = 0;
	size_t bytes = 0;
	while (text[bytes]) {
		size_t len;
		used += char_width(next_char(text + bytes, &len));
		bytes += len;
	}
	return columns + (int)bytes - used;
}
