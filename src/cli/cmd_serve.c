/*
 * cmd_serve.c: `chesscubing serve [--db FILE] [--listen ADDR:PORT]
 * [--max-viewers N] [--max-per-address N] [--deadline S]`, the audience's read-only web server (src/web/). Here
 * only the arguments are read; the server reads the record and never
 * writes to it.
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/ui.h"
#include "chesscubing/web.h"
#include "cli_util.h"
#include "commands.h"

static void usage(FILE *out)
{
	fprintf(out, _("Usage: chesscubing serve [--db FILE] [--listen ADDR:PORT] [--max-viewers N]\n"
	             "                         [--max-per-address N] [--deadline S]\n"
	             "Serve the record read only to a web browser: the live boards and events at /,\n"
	             "one board for a projector at /match/ID, an event's boards and standings at\n"
	             "/event/NAME, updated live; the broadcast feeds /match/ID.pgn, /event/NAME.pgn\n"
	             "(for a lichess broadcast or a relay) and /match/ID.json.\n\n"
	             "      --db FILE        the match database (default: the console's)\n"
	             "      --listen ADDR:PORT  where to listen (default 127.0.0.1:8080; 0.0.0.0:8080\n"
	             "                       opens it to the room's network; port 0 picks a free one)\n"
	             "      --max-viewers N  live viewers at once (default %d); beyond, a new viewer\n"
	             "                       gets the boards as they stand and asks again later\n"
	             "      --max-per-address N  connections at once from one address (default %d;\n"
	             "                       behind a reverse proxy, as many as it opens)\n"
	             "      --deadline S     seconds a request has to arrive whole (default %d)\n"
	             "  -h, --help           display this help and exit\n"),
	        CC_WEB_MAX_SSE, CC_WEB_MAX_PER_ADDRESS, CC_WEB_DEADLINE_S);
}

/* A whole number 1 .. max into *out; false (nothing set) otherwise. */
static bool read_number(const char *text, long max, unsigned *out)
{
	char *end;
	long n = strtol(text, &end, 10);
	if (*end || n < 1 || n > max)
		return false;
	*out = (unsigned)n;
	return true;
}

int cc_cli_cmd_serve(int argc, char **argv)
{
	enum { OPT_DB = 256, OPT_LISTEN, OPT_MAX, OPT_PER_ADDRESS, OPT_DEADLINE };
	static const struct option options[] = {
		{"db", required_argument, NULL, OPT_DB},
		{"listen", required_argument, NULL, OPT_LISTEN},
		{"max-viewers", required_argument, NULL, OPT_MAX},
		{"max-per-address", required_argument, NULL, OPT_PER_ADDRESS},
		{"deadline", required_argument, NULL, OPT_DEADLINE},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	cc_web_options opt = {NULL, NULL, 0, 0, 0, 0, cc_ui_lang()};
	int c;
	cc_cli_options_start();
	while ((c = cc_cli_getopt(argv[0], argc, argv, "h", options)) != -1) {
		switch (c) {
		case OPT_DB:
			opt.db = optarg;
			break;
		case OPT_LISTEN:
			opt.listen = optarg;
			break;
		case OPT_MAX:
			if (!read_number(optarg, 100000, &opt.max_sse)) {
				fprintf(stderr, _("chesscubing serve: '%s' is not a number of viewers (1 to 100000)\n"), optarg);
				return 2;
			}
			if (opt.max_sse + 1024 > CC_WEB_MAX_CONNECTIONS)
				opt.max_connections = opt.max_sse + 1024;
			break;
		case OPT_PER_ADDRESS:
			if (!read_number(optarg, 100000, &opt.max_per_address)) {
				fprintf(stderr, _("chesscubing serve: '%s' is not a number of connections (1 to 100000)\n"), optarg);
				return 2;
			}
			break;
		case OPT_DEADLINE:
			if (!read_number(optarg, 3600, &opt.deadline_s)) {
				fprintf(stderr, _("chesscubing serve: '%s' is not a number of seconds (1 to 3600)\n"), optarg);
				return 2;
			}
			break;
		default:
			return cc_cli_usage_fn(c, usage);
		}
	}
	if (optind < argc) {
		usage(stderr);
		return 2;
	}
	return cc_web_serve(&opt);
}
