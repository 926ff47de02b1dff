/*
 * cmd_import.c: `chesscubing import [FILE]`: reads PGN games back onto a
 * board and prints, for each, its players, plies, result and final FEN
 * (standard input without FILE). It records nothing (yet): it is how an
 * export is checked by the program that wrote it (CK-5.3), and the reader
 * a real import into the record will use.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli_util.h"
#include "commands.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_pgn.h"

static void usage(FILE *out)
{
	fprintf(out, _("Usage: chesscubing import [FILE]\n"
	             "Reads PGN games (standard input without FILE) and prints, for each, the players,\n"
	             "the plies played, the result and the final position as FEN. Records nothing.\n"));
}

int cc_cli_cmd_import(int argc, char **argv)
{
	static const struct option options[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
	int opt;
	cc_cli_options_start();
	while ((opt = getopt_long(argc, argv, "h", options, NULL)) != -1) {
		return cc_cli_finish_output("import", cc_cli_usage_fn(opt, usage));
	}
	if (argc - optind > 1) {
		usage(stderr);
		return 2;
	}
	FILE *in = optind < argc ? fopen(argv[optind], "r") : stdin;
	if (!in) {
		fprintf(stderr, "chesscubing import: cannot open %s\n", argv[optind]);
		return 1;
	}
	int status = 0;
	cc_pgn_reader reader;
	cc_pgn_game game;
	cc_error err = {0};
	cc_err rc;
	char white[4 * sizeof game.white], black[4 * sizeof game.black], said[4 * sizeof err.message];
	cc_session_pgn_reader_init(&reader, in);
	while ((rc = cc_session_pgn_next(&reader, &game, &err)) == CC_OK) {
		char fen[CC_CHESS_FEN_MAX];
		cc_chess_position_to_fen(&game.final, fen, sizeof fen);
		/* A PGN file may hold anything: its names are shown escaped. */
		cc_session_printable(game.white, white, sizeof white);
		cc_session_printable(game.black, black, sizeof black);
		printf("game %zu: %s - %s, %zu plies, %s\nfen %s\n", reader.game, white, black, game.plies, game.result, fen);
		if (game.contradicted) {
			cc_session_printable(game.warning.message, said, sizeof said);
			fprintf(stderr, "chesscubing import: warning: %s\n", said);
		}
	}
	if (rc != CC_ERR_NOT_FOUND) {
		cc_session_printable(err.message, said, sizeof said);
		fprintf(stderr, "chesscubing import: %s\n", said);
		status = 2;
	}
	if (in != stdin)
		fclose(in);
	return cc_cli_finish_output("import", status);
}
