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
#include <string.h>
#include <time.h>

#include "chesscubing/cube.h"
#include "chesscubing/session.h"
#include "chesscubing/session_club.h"
#include "cli_util.h"
#include "commands.h"
#include "chesscubing/game.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_sheet.h"

#define MAX_COUNT 1000000ul

static void usage(FILE *out)
{
	fprintf(out, _("Usage: chesscubing scramble [--count N] [--seed S]\n"
	             "       chesscubing scramble --sheet [--seed S | --match N [--db FILE]] [--pdf FILE | --svg FILE]\n"
	             "Prints random-state 3x3 scrambles (WCA 4b3, at most %d moves).\n\n"
	             "  -n, --count N  print N scrambles, one per line (default 1, at most %lu)\n"
	             "  -s, --seed S   draw from seed S (0 to 2^64-1): same seed, same scrambles\n"
	             "      --sheet    print a match's sheet: cubes 1 to 4, each scramble to apply\n"
	             "                 to both players' cubes under that number\n"
	             "      --match N  the sheet recorded with match N (its players, game and date\n"
	             "                 in the header), from --db FILE (default: the data folder's)\n"
	             "      --pdf FILE write the sheet as a one-page A4 PDF with a drawing of each\n"
	             "                 scrambled cube (FILE - : standard output)\n"
	             "      --svg FILE the same page as an SVG picture\n"
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
		cc_cli_fail("scramble", &err);
		return 1;
	}
	cc_session_describe_sheet(cc_ui_lang(), seed, sheet, text, sizeof text);
	fputs(text, stdout);
	return cc_cli_finish_output("scramble", 0);
}

/* What a picture of the sheet is asked for: the match's, or a seed's. */
typedef struct {
	const char *path;
	cc_sheet_picture kind;
	int64_t match_id; /* 0: the seed's sheet */
	const char *db;
} picture_request;

static int refused(const cc_error *err)
{
	return cc_cli_fail("scramble", err);
}

/* The page of a recorded match: its header and the sheet recorded with it
 * (never derived again: CU-4.3 keeps the recorded text). */
static int print_match_picture(const picture_request *req)
{
	cc_session_db *db = NULL;
	cc_session_info info;
	cc_session_match_club club = {0};
	cc_error err;
	cc_err rc = cc_session_db_open(&db, req->db, CC_SESSION_DB_READ, NULL, &err);
	if (rc == CC_OK)
		rc = cc_session_db_info(db, req->match_id, &info, &err);
	if (rc == CC_OK && cc_session_club_match(db, req->match_id, &club, NULL) != CC_OK)
		club.in_event = false; /* the sheet without its event rather than none */
	cc_session_db_close(db);
	if (rc != CC_OK)
		return refused(&err);
	const cc_game_class *game = cc_game_class_of(info.settings.format);
	if (!info.sheet[0] || !cc_game_has(info.settings.format, CC_GAME_CUBES)) {
		fprintf(stderr, _("chesscubing %s: %s\n"), "scramble", _("this match has no scramble sheet (its game has no cubes)"));
		return 1;
	}
	char date[11];
	snprintf(date, sizeof date, "%.10s", info.created_utc);
	cc_session_sheet_page page = {
		.match_id = info.id, .white = info.settings.white, .black = info.settings.black,
		.game = _(game->label), .date = date, .seed = info.settings.seed, .sheet = info.sheet,
		.event = club.in_event ? club.event : NULL, .round = club.round, .board = club.board,
	};
	if (cc_session_sheet_print(cc_ui_lang(), &page, req->kind, req->path, &err) != CC_OK)
		return refused(&err);
	return 0;
}

/* The page of a seed's sheet, dated today (the machine's local date). */
static int print_seed_picture(const picture_request *req, uint64_t seed)
{
	char sheet[CC_SESSION_SHEET_MAX], date[16] = "";
	cc_error err;
	if (cc_session_sheet_derive(seed, sheet, sizeof sheet, &err) != CC_OK)
		return refused(&err);
	time_t now = time(NULL);
	struct tm day;
	if (localtime_r(&now, &day))
		strftime(date, sizeof date, "%Y-%m-%d", &day);
	cc_session_sheet_page page = {.date = date, .seed = seed, .sheet = sheet};
	if (cc_session_sheet_print(cc_ui_lang(), &page, req->kind, req->path, &err) != CC_OK)
		return refused(&err);
	return 0;
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

/* Do the options given make one request? Each that does not is said. */
static bool options_agree(bool sheet, bool count_given, bool seed_given, const picture_request *picture)
{
	const char *why = NULL;
	if (sheet && count_given) {
		fprintf(stderr, _("chesscubing scramble: a sheet always has %d scrambles, --count does not apply\n"),
			CC_CUBE_SHEET_CUBES);
		return false;
	}
	if (!sheet && (picture->path || picture->match_id || picture->db))
		why = _("--pdf, --svg, --match and --db are for a sheet: add --sheet");
	else if (picture->match_id && seed_given)
		why = _("a match's sheet comes from its own seed: --seed does not apply");
	else if (picture->db && !picture->match_id)
		why = _("--db names the record of --match N: give the match");
	else if (picture->match_id && !picture->path)
		why = _("--match draws a picture: give --pdf FILE or --svg FILE");
	if (why)
		fprintf(stderr, _("chesscubing %s: %s\n"), "scramble", why);
	return why == NULL;
}

enum { OPT_SHEET = 256, OPT_PDF, OPT_SVG, OPT_MATCH, OPT_DB };

/* --pdf, --svg, --match, --db into picture: 0, or 2 with the error said. */
static int picture_option(int opt, picture_request *picture)
{
	if (opt == OPT_MATCH)
		return cc_cli_match_number("scramble", optarg, &picture->match_id) != 0 ? 2 : 0;
	if (opt == OPT_DB) {
		picture->db = optarg;
		return 0;
	}
	if (picture->path) {
		fprintf(stderr, _("chesscubing %s: %s\n"), "scramble", _("one picture at a time: --pdf or --svg, once"));
		return 2;
	}
	picture->path = optarg;
	picture->kind = opt == OPT_PDF ? CC_SHEET_PDF : CC_SHEET_SVG;
	return 0;
}

int cc_cli_cmd_scramble(int argc, char **argv)
{
	static const struct option options[] = {
		{"count", required_argument, NULL, 'n'},
		{"seed", required_argument, NULL, 's'},
		{"sheet", no_argument, NULL, OPT_SHEET},
		{"pdf", required_argument, NULL, OPT_PDF},
		{"svg", required_argument, NULL, OPT_SVG},
		{"match", required_argument, NULL, OPT_MATCH},
		{"db", required_argument, NULL, OPT_DB},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	uint64_t count = 1, seed = 0;
	bool count_given = false, seed_given = false, sheet = false;
	picture_request picture = {0};
	int opt;
	cc_cli_options_start();
	while ((opt = cc_cli_getopt(argv[0], argc, argv, "n:s:h", options)) != -1) {
		switch (opt) {
		case 'n':
			if (!parse_u64(optarg, 1, MAX_COUNT, &count)) {
				fprintf(stderr, _("chesscubing scramble: --count wants a number from 1 to %lu, not '%s'\n"),
					MAX_COUNT, optarg);
				return 2;
			}
			count_given = true;
			break;
		case 's':
			if (!parse_u64(optarg, 0, UINT64_MAX, &seed)) {
				fprintf(stderr, _("chesscubing scramble: --seed wants a whole number from 0 to "
						"18446744073709551615, not '%s'\n"), optarg);
				return 2;
			}
			seed_given = true;
			break;
		case OPT_SHEET:
			sheet = true;
			break;
		case OPT_PDF:
		case OPT_SVG:
		case OPT_MATCH:
		case OPT_DB:
			if (picture_option(opt, &picture))
				return 2;
			break;
		default:
			return cc_cli_usage_fn(opt, usage);
		}
	}
	if (optind < argc) {
		fprintf(stderr, _("chesscubing scramble: unexpected argument '%s'\n"), argv[optind]);
		return 2;
	}
	if (!options_agree(sheet, count_given, seed_given, &picture))
		return 2;
	if (picture.match_id)
		return print_match_picture(&picture);
	cc_error err;
	if (!seed_given && cc_session_random(&seed, &err) != CC_OK) {
		cc_cli_fail("scramble", &err);
		return 1;
	}
	if (sheet && picture.path)
		return print_seed_picture(&picture, seed);
	if (sheet)
		return print_sheet(seed);
	const cc_cube_tables *tables; /* the cache's, or built and saved there */
	if (cc_session_cube_tables(&tables, &err) != CC_OK) {
		cc_cli_fail("scramble", &err);
		return 1;
	}
	print_scrambles(tables, seed, count);
	return cc_cli_finish_output("scramble", 0);
}
