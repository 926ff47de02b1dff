/*
 * session_pgn.h: writes a match as PGN, and reads PGN games back onto a
 * board.
 *
 * Writing: cc_session_pgn_write, the one writer of a match's PGN (the
 * match's export, and an event's export, which writes its matches one
 * after the other), rules/record.md RE-2.2 and RE-4.x.
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
#include "chesscubing/session.h"

/*
 * Writes the session's match to out as PGN: one game, or one game per
 * part where the sides do not alternate (RE-2.2, RE-4.1), each followed
 * by a blank line, so that matches written one after the other make one
 * file; with null_moves, the whole match as one game with "--" (pgn-null).
 * The club's tags (Event, Round, WhiteElo, BlackElo) come from the
 * session's record when the match belongs to the club. Returns 0, or -1
 * when out could not be written or memory ran out. The comments are said
 * in lang (NULL: English, what readers expect), every one of them; the
 * tags are the same in every language.
 */
int cc_session_pgn_write(const cc_lang *lang, FILE *out, const cc_session *session, bool null_moves);

typedef struct {
	cc_chess_position start;
	cc_chess_position final;
	size_t plies;             /* moves and passes played */
	char result[16];          /* the game termination marker, "*" when none */
	char white[64], black[64];
	bool chess_uno;           /* a Chess-Uno game, read by its own moves (RE-4.4) */
	bool contradicted;        /* the result contradicts the final board (RE-2.4): warning says how */
	cc_error warning;
	char variant[128];        /* the Variant tag, "" when none */
	char result_tag[16];      /* the Result tag, "" when none */
	bool tag_differs;         /* it is not the movetext's result (RE-2.5): tag_warning says both */
	cc_error tag_warning;
} cc_pgn_game;

/* Where a reader is in its input: the line and the game being read, for
 * the errors, which name both. */
typedef struct {
	FILE *in;
	unsigned long line;
	size_t game;          /* the number of the game being read (from 1) */
	bool at_line_start;
	bool started;
	bool stopped;         /* a NUL byte was met: nothing after it is read */
	/* Told each move played, as the reader's board writes it (SAN, "--"
	 * for a pass), when not NULL: `import` lists the moves it read. */
	void (*on_move)(void *context, const char *san);
	void *context;
} cc_pgn_reader;

void cc_session_pgn_reader_init(cc_pgn_reader *r, FILE *in);

/*
 * Reads the next game of r's input into *game. Returns CC_OK, CC_ERR_NOT_FOUND
 * at the end of the input, CC_ERR_INVALID with the reason in err, which
 * names the game's number and the ply and token, or the line (a tag value
 * without its closing quote, a NUL byte), or the variant (one the reader
 * does not play), or the FEN's fault. After CC_ERR_INVALID the rest of
 * that game is skipped, and the next call reads the next game, as
 * pgn-extract goes on past a game it cannot read (RE-4.5); after a NUL
 * byte, which no text file holds, the next call returns CC_ERR_NOT_FOUND.
 * A Chess-Uno game (its Variant tag) is read by Chess-Uno's moves: those
 * of chess without the check rule, a Joker's queen moves, and a pass
 * "--" even in check (RE-4.4).
 */
cc_err cc_session_pgn_next(cc_pgn_reader *r, cc_pgn_game *game, cc_error *err);


#endif
