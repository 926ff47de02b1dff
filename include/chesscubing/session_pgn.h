/*
 * session_pgn.h: reads a PGN game back onto a board.
 *
 * Owns: the reading of the PGN the exports write (export.c), and of plain
 * PGN from elsewhere, as leniently as pgn-extract (a byte-order mark, "%"
 * lines, "0-0", "e.p.", NAGs glued or spaced, comments anywhere, games
 * without a termination marker): the tags (Variant, matched exactly:
 * "Checkered" or "..., Checkered" for a Checkered board; SetUp and FEN for
 * the start), then the movetext, whose comments, variations, NAGs and move
 * numbers are skipped and whose moves (SAN, the forms arbiters type, and
 * "--" for a pass) are played.
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
	bool contradicted;        /* the result contradicts the final board (PGN-2): warning says how */
	cc_error warning;
} cc_pgn_game;

/* Where a reader is in its input: the line and the game being read, for
 * the errors, which name both. */
typedef struct {
	FILE *in;
	unsigned long line;
	size_t game;          /* the number of the game being read (from 1) */
	bool at_line_start;
	bool started;
} cc_pgn_reader;

void cc_session_pgn_reader_init(cc_pgn_reader *r, FILE *in);

/*
 * Reads the next game of r's input into *game. Returns CC_OK, CC_ERR_NOT_FOUND
 * at the end of the input, CC_ERR_INVALID with the reason in err, which
 * names the game's number and the ply and token, or the line (a tag value
 * without its closing quote, a NUL byte), or the variant (Chess-Uno, whose
 * moves are not chess's, and a variant the reader does not play), or the
 * FEN's fault.
 */
cc_err cc_session_pgn_next(cc_pgn_reader *r, cc_pgn_game *game, cc_error *err);

#endif
