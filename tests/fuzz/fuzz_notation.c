/*
 * fuzz_notation.c: libFuzzer harness for the chess module's text input.
 * The first line is read as a FEN, the second as a move in SAN or UCI.
 * Properties: a FEN taken is written back and read again to the same FEN;
 * every legal move's SAN reads back strictly as that move; a move taken
 * from the text is made and unmade back to the same position.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/chess.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same_fen(const cc_chess_position *a, const cc_chess_position *b)
{
	char fa[CC_CHESS_FEN_MAX], fb[CC_CHESS_FEN_MAX];
	cc_chess_position_to_fen(a, fa, sizeof fa);
	cc_chess_position_to_fen(b, fb, sizeof fb);
	if (strcmp(fa, fb) != 0) {
		fprintf(stderr, "%s\n%s\n", fa, fb);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char text[512];
	if (size >= sizeof text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	char *move = strchr(text, '\n');
	if (move)
		*move++ = '\0';
	cc_chess_position pos, again;
	if (cc_chess_position_from_fen(&pos, text, NULL) != CC_OK)
		return 0;
	char fen[CC_CHESS_FEN_MAX];
	cc_chess_position_to_fen(&pos, fen, sizeof fen);
	if (cc_chess_position_from_fen(&again, fen, NULL) != CC_OK)
		abort();
	same_fen(&pos, &again);
	cc_chess_move_list list;
	size_t n = cc_chess_legal_moves(&pos, &list);
	for (size_t i = 0; i < n; i++) {
		char san[CC_CHESS_SAN_MAX];
		cc_chess_move back;
		cc_chess_move_to_san(&pos, list.moves[i], san, sizeof san);
		if (cc_chess_parse_move(&pos, san, CC_CHESS_PARSE_STRICT, &back, NULL) != CC_OK ||
		    back != list.moves[i]) {
			fprintf(stderr, "%s: '%s' does not read back\n", fen, san);
			abort();
		}
	}
	cc_chess_move m;
	if (move && cc_chess_parse_move(&pos, move, CC_CHESS_PARSE_LENIENT, &m, NULL) == CC_OK) {
		cc_chess_undo undo;
		again = pos;
		cc_chess_make(&pos, m, &undo);
		cc_chess_unmake(&pos, m, &undo);
		same_fen(&pos, &again);
	}
	return 0;
}
