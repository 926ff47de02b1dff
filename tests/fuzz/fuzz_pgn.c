/*
 * fuzz_pgn.c: libFuzzer harness for `chesscubing import` (PGN from
 * anywhere, src/session/pgn_import.c, through include/chesscubing/
 * session_pgn.h). The bytes are read game after game, as import reads
 * them, to the end, past the games it refuses (RE-4.5). Properties beyond
 * "no crash, no leak, no undefined behaviour": every game read or refused
 * takes input (the reader ends); a refusal has a reason from the table; a
 * game's result is a PGN termination marker, its names are text of their
 * size, and its start and final positions are written as FENs that read
 * back to themselves (a Chess-Uno game's as Chess-Uno's, without the check
 * rule).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session_pgn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fen_reads_back(const cc_chess_position *pos, bool uno, const char *which)
{
	char fen[CC_CHESS_FEN_MAX], again[CC_CHESS_FEN_MAX];
	cc_chess_position back;
	cc_error err;
	cc_chess_position_to_fen(pos, fen, sizeof fen);
	if (uno && (cc_chess_king_square(pos, CC_SIDE_WHITE) == CC_CHESS_NO_SQUARE ||
	            cc_chess_king_square(pos, CC_SIDE_BLACK) == CC_CHESS_NO_SQUARE))
		return; /* a king taken: the game is over, and no FEN reader takes the board */
	cc_err rc = uno ? cc_chess_position_from_fen_free(&back, fen, &err)
	                : cc_chess_position_from_fen_variant(&back, pos->variant, fen, &err);
	if (rc != CC_OK) {
		fprintf(stderr, "the %s position's FEN is refused: %s (%s)\n", which, fen, err.message);
		abort();
	}
	cc_chess_position_to_fen(&back, again, sizeof again);
	if (strcmp(fen, again) != 0) {
		fprintf(stderr, "the %s position's FEN reads back otherwise:\n%s\n%s\n", which, fen, again);
		abort();
	}
}

static void check_game(const cc_pgn_game *game)
{
	static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
	bool known = false;
	for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
		known = known || strcmp(game->result, results[i]) == 0;
	if (!known || !memchr(game->white, '\0', sizeof game->white) || !memchr(game->black, '\0', sizeof game->black)) {
		fprintf(stderr, "a game read with result '%.16s' or a name not ended\n", game->result);
		abort();
	}
	if (game->contradicted && game->warning.msg == CC_MSG_INTERNAL)
		abort(); /* a warning says why */
	fen_reads_back(&game->start, game->chess_uno, "start");
	fen_reads_back(&game->final, game->chess_uno, "final");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0 || size > 64 * 1024)
		return 0;
	FILE *in = fmemopen((void *)(uintptr_t)data, size, "r");
	if (!in)
		return 0;
	cc_pgn_reader reader;
	cc_session_pgn_reader_init(&reader, in);
	cc_pgn_game game;
	cc_error err;
	cc_err rc;
	size_t games = 0;
	while ((rc = cc_session_pgn_next(&reader, &game, &err)) != CC_ERR_NOT_FOUND) {
		if (++games > size) {
			fprintf(stderr, "game %zu read from %zu bytes: the reader does not end\n", games, size);
			abort();
		}
		if (rc == CC_OK) {
			check_game(&game);
		} else if (err.msg == CC_MSG_INTERNAL || !err.message[0]) {
			fprintf(stderr, "a refusal without a reason (code %d)\n", (int)rc);
			abort();
		}
	}
	fclose(in);
	return 0;
}
