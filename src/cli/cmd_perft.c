/*
 * cmd_perft.c: `chesscubing perft DEPTH [FEN]`, the move generator's
 * self-test: the number of move sequences of DEPTH plies, which the public
 * perft tables give for well-known positions. --divide prints the count
 * under each root move (in UCI, sorted as generated), as Stockfish does,
 * so a wrong count can be chased down to the move that differs.
 * --variant checkered counts Checkered chess (rules/checkered.md, CK-2.9).
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/chess.h"
#include "cli_util.h"
#include "commands.h"

static void usage(FILE *out)
{
	fprintf(out, _("Usage: chesscubing perft [--divide] [--variant standard|checkered] DEPTH [FEN]\n"
	             "Counts the move sequences of DEPTH plies from FEN (default: the start position).\n\n"
	             "  -d, --divide          also print the count under each legal first move\n"
	             "  -v, --variant=NAME    standard (the default) or checkered; a Checkered FEN\n"
	             "                        has eight fields, a standard one is read as a start\n"
	             "  -h, --help            display this help and exit\n"));
}

static int parse_depth(const char *s, unsigned *out)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);
	if (!*s || *end || v > 20 || s[0] == '-')
		return -1;
	*out = (unsigned)v;
	return 0;
}

int cc_cli_cmd_perft(int argc, char **argv)
{
	static const struct option options[] = {
		{"divide", no_argument, NULL, 'd'},
		{"variant", required_argument, NULL, 'v'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	bool divide = false;
	cc_chess_variant variant = CC_CHESS_VARIANT_STANDARD;
	cc_error err;
	int opt;
	cc_cli_options_start();
	while ((opt = cc_cli_getopt(argv[0], argc, argv, "dv:h", options)) != -1) {
		switch (opt) {
		case 'd':
			divide = true;
			break;
		case 'v':
			if (cc_chess_variant_from_name(optarg, &variant, &err) != CC_OK) {
				cc_cli_fail("perft", &err);
				return 2;
			}
			break;
		default:
			return cc_cli_usage_fn(opt, usage);
		}
	}
	unsigned depth;
	if (optind >= argc || parse_depth(argv[optind], &depth) != 0) {
		fprintf(stderr, _("chesscubing perft: DEPTH is a number from 0 to 20\n"));
		return 2;
	}
	cc_chess_position pos;
	if (optind + 1 < argc) {
		/* the FEN may come as one argument or as its six words */
		char fen[256] = "";
		for (int i = optind + 1; i < argc; i++) {
			size_t used = strlen(fen);
			snprintf(fen + used, sizeof fen - used, "%s%s", i > optind + 1 ? " " : "", argv[i]);
		}
		if (cc_chess_position_from_fen_variant(&pos, variant, fen, &err) != CC_OK) {
			cc_cli_fail("perft", &err);
			return 2;
		}
	} else {
		cc_chess_position_start_variant(&pos, variant);
	}

	uint64_t total = 0;
	if (divide && depth > 0) {
		cc_chess_move_list list;
		cc_chess_legal_moves(&pos, &list);
		for (size_t i = 0; i < list.count; i++) {
			char uci[CC_CHESS_SAN_MAX];
			cc_chess_undo undo;
			cc_chess_make(&pos, list.moves[i], &undo);
			uint64_t n = cc_chess_perft(&pos, depth - 1);
			cc_chess_unmake(&pos, list.moves[i], &undo);
			cc_chess_move_to_uci(list.moves[i], uci, sizeof uci);
			printf("%s: %" PRIu64 "\n", uci, n);
			total += n;
		}
		printf("\n");
	} else {
		total = cc_chess_perft(&pos, depth);
	}
	printf("Nodes searched: %" PRIu64 "\n", total);
	return cc_cli_finish_output("perft", 0);
}
