/*
 * cmd_scramble.c: `chesscubing scramble`, official random-state scrambles
 * for the arbiter, one per line or as the sheet of a match (cubes 1 to 4).
 *
 * The solver's tables are built here, at first use, in memory (about a
 * fifth of a second): too quick to be worth a cache file. Without --seed
 * the seed comes from the operating system (cc_session_random); the sheet prints
 * it, so the same sheet can be printed again.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "chesscubing/cube.h"
#include "chesscubing/session.h"
#include "cli_util.h"
#include "commands.h"
#include "chesscubing/session_describe.h"

#define MAX_COUNT 1000000ul

static void usage(FILE *out)
{
	fprintf(out, _("Usage: chesscubing scramble [--count N] [--seed S]\n"
	             "       chesscubing scramble --sheet [--seed S]\n"
	             "Prints random-state 3x3 scrambles (WCA 4b3, at most %d moves).\n\n"
	             "  -n, --count N  print N scrambles, one per line (default 1, at most %lu)\n"
	             "  -s, --seed S   draw from seed S (0 to 2^64-1): same seed, same scrambles\n"
	             "      --sheet    print a match's sheet: cubes 1 to 4, each scramble to apply\n"
	             "                 to both players' cubes under that number\n"
	             "  -h, --help     display this help and exit\n"),
	        CC_CUBE_SCRAMBLE_MAX, MAX_COUNT);
}

/* Parses a whole decimal number in [min, max]; false when text is anything else. */
static bool parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
	if (text[0] < '0' || text[0] > '9')
		return false;
	char *end;
	errno = 0;
	unsigned long long v = strtoull(text, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return false;
	*out = (uint64_t)v;
	return true;
}

/* The sheet through the same code that gives a match its sheet (session.h)
 * and in the renderer's one text of it (session_describe.h), so the arbiter's
 * printout, the sheet file and the cube screen cannot differ. */
static int print_sheet(uint64_t seed)
{
	char sheet[CC_SESSION_SHEET_MAX], text[CC_SESSION_SHEET_MAX + 512];
	cc_error err;
	if (cc_session_sheet_derive(seed, sheet, sizeof sheet, &err) != CC_OK) {
		fprintf(stderr, "chesscubing scramble: %s\n", err.message);
		return 1;
	}
	cc_session_describe_sheet(seed, sheet, text, sizeof text);
	fputs(text, stdout);
	return cc_cli_finish_output("scramble", 0);
}

static void print_scrambles(const cc_cube_tables *t, uint64_t seed, uint64_t count)
{
	cc_cube_rng rng;
	char text[CC_CUBE_ALG_TEXT_MAX];
	cc_cube_rng_seed(&rng, seed);
	for (uint64_t i = 0; i < count; i++) {
		cc_cube_alg alg;
		cc_cube_scramble(t, &rng, &alg, NULL);
		cc_cube_alg_format(&alg, text, sizeof text);
		puts(text);
	}
}

int cc_cli_cmd_scramble(int argc, char **argv)
{
	enum { OPT_SHEET = 256 };
	static const struct option options[] = {
		{"count", required_argument, NULL, 'n'},
		{"seed", required_argument, NULL, 's'},
		{"sheet", no_argument, NULL, OPT_SHEET},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	uint64_t count = 1, seed = 0;
	bool count_given = false, seed_given = false, sheet = false;
	int opt;
	cc_cli_options_start();
	while ((opt = getopt_long(argc, argv, "n:s:h", options, NULL)) != -1) {
		switch (opt) {
		case 'n':
			if (!parse_u64(optarg, 1, MAX_COUNT, &count)) {
				fprintf(stderr, "chesscubing scramble: --count wants a number from 1 to %lu, not '%s'\n",
					MAX_COUNT, optarg);
				return 2;
			}
			count_given = true;
			break;
		case 's':
			if (!parse_u64(optarg, 0, UINT64_MAX, &seed)) {
				fprintf(stderr, "chesscubing scramble: --seed wants a whole number from 0 to "
						"18446744073709551615, not '%s'\n", optarg);
				return 2;
			}
			seed_given = true;
			break;
		case OPT_SHEET:
			sheet = true;
			break;
		default:
			return cc_cli_usage_fn(opt, usage);
		}
	}
	if (optind < argc) {
		fprintf(stderr, "chesscubing scramble: unexpected argument '%s'\n", argv[optind]);
		return 2;
	}
	if (sheet && count_given) {
		fprintf(stderr, "chesscubing scramble: a sheet always has %d scrambles, --count does not apply\n",
			CC_CUBE_SHEET_CUBES);
		return 2;
	}
	cc_error err;
	if (!seed_given && cc_session_random(&seed, &err) != CC_OK) {
		fprintf(stderr, "chesscubing scramble: %s\n", err.message);
		return 1;
	}
	if (sheet)
		return print_sheet(seed);
	cc_cube_tables *tables;
	if (cc_cube_tables_create(&tables, &err) != CC_OK) {
		fprintf(stderr, "chesscubing scramble: %s\n", err.message);
		return 1;
	}
	print_scrambles(tables, seed, count);
	cc_cube_tables_destroy(tables);
	return cc_cli_finish_output("scramble", 0);
}
