/*
 * cmd_import.c: `chesscubing import [FILE]`: reads PGN games back onto a
 * board and prints, for each, its players, plies, result, final FEN and
 * the moves as its board writes them (standard input without FILE); a game
 * it cannot read is said with its number and skipped, the others read
 * (RE-4.5). It records nothing (yet): it is how an
 * export is checked by the program that wrote it (CK-5.3), and the reader
 * a real import into the record will use.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_util.h"
#include "commands.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_pgn.h"

static void usage(FILE *out)
{
	fprintf(out, _("Usage: chesscubing import [FILE]\n"
	             "Reads PGN games (standard input without FILE, or when FILE is -) and prints,\n"
	             "for each, the players, the plies played, the result, the final position as\n"
	             "FEN and the moves read. A game that cannot be read is named on standard\n"
	             "error and skipped (exit status 2). A result that the board or the Result\n"
	             "tag contradicts is read with a warning. Records nothing.\n"));
}

/* The moves of the game being read, as "moves ..." after its FEN. */
static void add_move(void *context, const char *san)
{
	FILE *moves = context;
	fprintf(moves, " %s", san);
}

int cc_cli_cmd_import(int argc, char **argv)
{
	static const struct option options[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
	int opt;
	cc_cli_options_start();
	while ((opt = cc_cli_getopt(argv[0], argc, argv, "h", options)) != -1) {
		return cc_cli_finish_output("import", cc_cli_usage_fn(opt, usage));
	}
	if (argc - optind > 1) {
		usage(stderr);
		return 2;
	}
	/* "-" is standard input, as for every file the program reads */
	FILE *in = cc_cli_open_in("import", optind < argc ? argv[optind] : NULL);
	if (!in)
		return 1;
	int status = 0;
	cc_pgn_reader reader;
	cc_pgn_game game;
	cc_error err = {0};
	cc_err rc;
	char white[4 * sizeof game.white], black[4 * sizeof game.black];
	char *moves = NULL;
	size_t moves_len = 0;
	FILE *moves_out = open_memstream(&moves, &moves_len);
	if (!moves_out) {
		cc_cli_close_in(in);
		return 1;
	}
	cc_session_pgn_reader_init(&reader, in);
	reader.on_move = add_move;
	reader.context = moves_out;
	while ((rc = cc_session_pgn_next(&reader, &game, &err)) != CC_ERR_NOT_FOUND) {
		char fen[CC_CHESS_FEN_MAX];
		long read = fflush(moves_out) == 0 ? ftell(moves_out) : -1;
		if (rc != CC_OK) {
			/* RE-4.5: said with its game, ply and token; the next game is read */
			cc_cli_fail("import", &err);
			status = 2;
			rewind(moves_out);
			continue;
		}
		cc_chess_position_to_fen(&game.final, fen, sizeof fen);
		/* A PGN file may hold anything: its names are shown escaped. */
		cc_session_printable(game.white, white, sizeof white);
		cc_session_printable(game.black, black, sizeof black);
		/* Three lines, each its own text. */
		printf(P_("game %zu: %s - %s, %zu ply, %s\n", "game %zu: %s - %s, %zu plies, %s\n", game.plies), reader.game, white,
		       black, game.plies, game.result);
		/* TRANSLATORS: the final position's FEN; the name FEN is the standard's. */
		printf(_("fen %s\n"), fen);
		/* TRANSLATORS: followed by the moves in SAN, each after a space. */
		printf(_("moves%.*s\n"), read > 0 ? (int)read : 0, moves ? moves : "");
		rewind(moves_out);
		if (game.contradicted)
			cc_cli_fail_at("import", _("warning"), &game.warning);
		if (game.tag_differs) /* RE-2.5: read, both results said */
			cc_cli_fail_at("import", _("warning"), &game.tag_warning);
	}
	fclose(moves_out);
	free(moves);
	cc_cli_close_in(in);
	return cc_cli_finish_output("import", status);
}
