/*
 * session_pgn.h: reads a PGN game back onto a board.
 *
 * Owns: the reading of the PGN the exports write (export.c), and of plain
 * PGN from elsewhere: the tags (Variant "Checkered" or "..., Checkered"
 * for a Checkered board, SetUp and FEN for the start), then the movetext,
 * whose comments, variations, NAGs and move numbers are skipped and whose
 * moves (SAN, the forms arbiters type, and "--" for a pass) are played.
 * It records nothing: `chesscubing import` prints where each game ends,
 * so an export can be checked by the program that wrote it (CK-5.3).
 *
 * Memory: everything is in the caller's values.
 */
#ifndef CHESSCUBING_SESSION_PGN_IMPORT_H
#define CHESSCUBING_SESSION_PGN_IMPORT_H

#include <stdio.h>

#include "chesscubing/chess.h"

typedef struct {
	cc_chess_position start;
	cc_chess_position final;
	size_t plies;             /* moves and passes played */
	char result[16];          /* the game termination marker, "*" when none */
	char white[64], black[64];
} cc_pgn_game;

/*
 * Reads the next game of in into *game. Returns CC_OK, CC_ERR_NOT_FOUND at
 * the end of the input, CC_ERR_INVALID with the reason (a bad FEN, a move
 * that is not legal, with its number) in err.
 */
cc_err cc_session_pgn_read(FILE *in, cc_pgn_game *game, cc_error *err);

#endif
