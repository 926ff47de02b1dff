/*
 * cmd_watch.c: `chesscubing watch [--db FILE] [--lang LANG] [MATCH | --event
 * NAME]`, the spectator screen (src/ui/watch.c) and the director's view of
 * an event (src/ui/watch_event.c). It reads the match record and never
 * writes to it; here only the arguments are read and the database chosen.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/ui.h"
#include "cli_util.h"
#include "commands.h"

static void usage(FILE *out)
{
	fprintf(out, _("Usage: chesscubing watch [--db FILE] [--lang LANG] [MATCH | --event NAME]\n"
	             "Follow a match live, read only, on a spectator screen (projector, second\n"
	             "terminal): the newest match without MATCH. q quits, v shows the board.\n"
	             "With --event, the director's view: every board of the event and its standings;\n"
	             "a board's digit shows it alone, Esc every board again.\n\n"
	             "      --db FILE    the match database (default: the console's)\n"
	             "      --event NAME every board of event NAME and its standings\n"
	             "  -l, --lang=LANG  texts in LANG: fr or en (default: the locale)\n"
	             "  -h, --help       display this help and exit\n"));
}

int cc_cli_cmd_watch(int argc, char **argv)
{
	enum { OPT_DB = 256, OPT_EVENT };
	static const struct option options[] = {
		{"db", required_argument, NULL, OPT_DB},
		{"event", required_argument, NULL, OPT_EVENT},
		{"lang", required_argument, NULL, 'l'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	cc_ui_watch_options opt = {NULL, 0, NULL};
	const cc_lang *lang = NULL;
	int c;
	cc_cli_options_start();
	while ((c = cc_cli_getopt(argv[0], argc, argv, "l:h", options)) != -1) {
		switch (c) {
		case OPT_DB:
			opt.db = optarg;
			break;
		case OPT_EVENT:
			opt.event = optarg;
			break;
		case 'l':
			if (!(lang = cc_lang_named(optarg))) {
				char codes[128];
				cc_lang_codes(codes, sizeof codes);
				fprintf(stderr, _("chesscubing: unknown language '%s' (one of %s)\n"), optarg, codes);
				return 2;
			}
			break;
		default:
			return cc_cli_usage_fn(c, usage);
		}
	}
	if (argc - optind > (opt.event ? 0 : 1)) {
		usage(stderr);
		return 2;
	}
	if (optind < argc && cc_cli_match_number("watch", argv[optind], &opt.match_id) != 0)
		return 2;
	if (lang) /* main has chosen one already; this --lang is watch's own */
		cc_ui_i18n_init(lang);
	return cc_ui_watch(&opt);
}
