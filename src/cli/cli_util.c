/*
 * cli_util.c: the helpers every command shares (cli_util.h).
 */
#include "cli_util.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/textwidth.h"

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

/* Prints text in exactly width columns (CL-7.8, textwidth.h): whole and
 * padded when it fits, otherwise cut after a whole character and ended by "…". */
static void put_column(const char *text, int width)
{
	int used;
	bool cut;
	size_t bytes = cc_width_fit(text, width, &used, &cut);
	printf("%.*s%s%*s", (int)bytes, text, cut && width > 0 ? CC_WIDTH_ELLIPSIS : "", used < width ? width - used : 0,
	       "");
}

void cc_cli_print_column(const char *text, int width)
{
	put_column(text, width);
}

void cc_cli_print_padded(const char *text, int width)
{
	put_column(text, width);
}
