/*
 * cli_util.c: the helpers every command shares (cli_util.h).
 */
#include "cli_util.h"

#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session_describe.h"
#include "chesscubing/textwidth.h"

int cc_cli_finish_output(const char *command, int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, _("chesscubing %s: cannot write the output\n"), command);
		return 1;
	}
	return status;
}

int cc_cli_fail_at(const char *command, const char *where, const cc_error *err)
{
	char said[CC_SESSION_REFUSAL_MAX], why[CC_SESSION_REFUSAL_MAX];
	/* the one call: said in the language main chose (--lang, then the
	 * locale); a name from the record inside it shown, never obeyed */
	cc_session_describe_refusal(cc_ui_lang(), err, said, sizeof said);
	cc_session_printable(said, why, sizeof why);
	if (where && where[0])
		fprintf(stderr, _("chesscubing %s: %s: %s\n"), command, where, why);
	else
		fprintf(stderr, _("chesscubing %s: %s\n"), command, why);
	return 1;
}

int cc_cli_fail(const char *command, const cc_error *err)
{
	return cc_cli_fail_at(command, NULL, err);
}

void cc_cli_options_start(void)
{
	/* POSIXLY_CORRECT in the environment would stop every command at its
	 * first operand (`resume 1 --db FILE` refused): the program's own
	 * line is read the GNU way, whatever the shell exports. */
	unsetenv("POSIXLY_CORRECT");
	optind = 0;
}

/* The option getopt refused, as typed: "--name" (its value cut off) or "-x". */
static void refused_option(char **argv, int argc, char *text, size_t size)
{
	const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : NULL;
	if (arg && strncmp(arg, "--", 2) == 0)
		snprintf(text, size, "%.*s", (int)strcspn(arg, "="), arg);
	else
		snprintf(text, size, "-%c", optopt);
}

int cc_cli_getopt(const char *command, int argc, char **argv, const char *shortopts, const struct option *longopts)
{
	char spec[64], text[64], who[64];
	/* a leading ':' (after a '+'): a missing value returns ':' */
	bool plus = shortopts[0] == '+';
	snprintf(spec, sizeof spec, "%s:%s", plus ? "+" : "", shortopts + plus);
	opterr = 0;
	int c = getopt_long(argc, argv, spec, longopts, NULL);
	if (c != '?' && c != ':')
		return c;
	refused_option(argv, argc, text, sizeof text);
	snprintf(who, sizeof who, command ? "chesscubing %s" : "chesscubing", command);
	const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
	if (c == ':')
		fprintf(stderr, _("%s: option '%s' needs a value\n"), who, text);
	else if (strncmp(arg, "--", 2) == 0 && strchr(arg, '=') && optopt != 0)
		fprintf(stderr, _("%s: option '%s' takes no value\n"), who, text);
	else
		fprintf(stderr, _("%s: unknown option '%s' (or one that abbreviates several)\n"), who, text);
	return '?';
}

int cc_cli_bad_value(const char *command, const char *option, const char *value, const char *why)
{
	char shown[256];
	/* the value is the user's: shown escaped, never obeyed */
	cc_session_printable(value, shown, sizeof shown);
	fprintf(stderr, _("chesscubing %s: %s '%s': %s\n"), command, option, shown, _(why));
	return 2;
}

FILE *cc_cli_open_in(const char *command, const char *path)
{
	if (!path || strcmp(path, "-") == 0)
		return stdin;
	FILE *in = fopen(path, "r");
	if (!in) {
		cc_error why;
		cc_refuse(&why, CC_MSG_CANNOT_OPEN, path, errno);
		cc_cli_fail(command, &why);
	}
	return in;
}

void cc_cli_close_in(FILE *in)
{
	if (in && in != stdin)
		fclose(in);
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
	cc_session_csv_cell(stdout, text); /* the one cell writer (RU-24.4) */
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

int cc_cli_columns(void)
{
	const char *c = getenv("COLUMNS");
	long n = c ? strtol(c, NULL, 10) : 0;
	return n >= 20 && n <= 1000 ? (int)n : 80;
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
	/* display width by the one rule of the tables (textwidth.h, CL-7.8) */
	return columns + (int)strlen(text) - cc_width_of(text);
}
