/*
 * fuzz_dgt.c: libFuzzer harness for the DGT e-Board decoder (dgt.h). The
 * input is the bytes a board's line carries; its first byte also sets the
 * size of the pieces of the third reading.
 * Properties: the messages and the counters are the same read at once,
 * one byte at a time (one message out at a time) and in pieces; every
 * message is in range (a field 0..63, piece codes 0..15, a serial of
 * digits, a length of at least 3 that a fixed-length id has exactly);
 * every message the encoder can write, written again, reads back as
 * itself; the board the messages build, read as moves against the start
 * position, gives a kind whose moves make the board (rules/dgt.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/dgt.h"
#include "chesscubing/dgt_moves.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_OUT 4096

typedef struct {
	cc_dgt_message m[MAX_OUT];
	size_t n;
	cc_dgt_stats stats;
} decoded;

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_dgt: %s\n", what);
	abort();
}

/* Reads data in pieces of chunk bytes (0: all at once), cap messages a call. */
static void decode(const uint8_t *data, size_t size, size_t chunk, size_t cap, decoded *out)
{
	cc_dgt_decoder d;
	cc_dgt_decoder_init(&d);
	out->n = 0;
	size_t at = 0;
	while (at < size && out->n < MAX_OUT) {
		size_t len = chunk && size - at > chunk ? chunk : size - at, used = 0;
		size_t room = MAX_OUT - out->n < cap ? MAX_OUT - out->n : cap;
		out->n += cc_dgt_decode(&d, data + at, len, out->m + out->n, room, &used);
		if (used > len)
			fail("consumed more than given");
		at += used;
	}
	out->stats = cc_dgt_decoder_stats(&d);
}

static bool same(const decoded *a, const decoded *b)
{
	return a->n == b->n && memcmp(a->m, b->m, a->n * sizeof a->m[0]) == 0 &&
	       memcmp(&a->stats, &b->stats, sizeof a->stats) == 0;
}

static void in_range(const cc_dgt_message *m)
{
	if (!(m->id & 0x80u) || m->length < 3)
		fail("an id without its top bit, or a length under 3");
	switch (m->kind) {
	case CC_DGT_MSG_BOARD:
		for (unsigned f = 0; f < CC_DGT_FIELDS; f++)
			if (m->fields[f] > CC_DGT_MAGIC3)
				fail("a dump's piece code out of range");
		if (m->length != CC_DGT_LEN_BOARD_DUMP)
			fail("a dump of the wrong length");
		break;
	case CC_DGT_MSG_FIELD:
		if (m->field >= CC_DGT_FIELDS || m->piece > CC_DGT_MAGIC3 || m->length != CC_DGT_LEN_FIELD_UPDATE)
			fail("a field update out of range");
		break;
	case CC_DGT_MSG_VERSION:
		if (m->length != CC_DGT_LEN_VERSION)
			fail("a version of the wrong length");
		break;
	case CC_DGT_MSG_SERIAL:
		if (strlen(m->serial) != (size_t)(m->length - 3) || strspn(m->serial, "0123456789") != strlen(m->serial))
			fail("a serial number not of digits");
		break;
	case CC_DGT_MSG_OTHER:
		break;
	}
}

/* Writes m again with the encoder, when it can; reads it back. */
static void reads_back(const cc_dgt_message *m)
{
	uint8_t buf[CC_DGT_LEN_BOARD_DUMP];
	size_t n = 0;
	switch (m->kind) {
	case CC_DGT_MSG_BOARD:
		n = cc_dgt_encode_board(m->fields, buf, sizeof buf);
		break;
	case CC_DGT_MSG_FIELD:
		n = cc_dgt_encode_field(m->field, m->piece, buf, sizeof buf);
		break;
	case CC_DGT_MSG_VERSION:
		n = cc_dgt_encode_version(m->major, m->minor, buf, sizeof buf);
		break;
	case CC_DGT_MSG_SERIAL:
		if (m->length == CC_DGT_LEN_SERIAL)
			n = cc_dgt_encode_serial(m->serial, buf, sizeof buf);
		break;
	case CC_DGT_MSG_OTHER:
		break;
	}
	if (n == 0)
		return;
	decoded back;
	decode(buf, n, 0, 1, &back);
	if (back.n != 1 || memcmp(&back.m[0], m, sizeof *m) != 0)
		fail("a message written again does not read back as itself");
}

/* The board the messages leave, read as moves against the start. */
static void read_as_moves(const decoded *dd)
{
	uint8_t fields[CC_DGT_FIELDS] = {0};
	bool any = false;
	for (size_t i = 0; i < dd->n; i++) {
		if (dd->m[i].kind == CC_DGT_MSG_BOARD) {
			memcpy(fields, dd->m[i].fields, sizeof fields);
			any = true;
		} else if (dd->m[i].kind == CC_DGT_MSG_FIELD) {
			fields[dd->m[i].field] = dd->m[i].piece;
			any = true;
		}
	}
	if (!any)
		return;
	cc_chess_position start;
	cc_chess_position_start(&start);
	cc_dgt_board board;
	cc_dgt_board_from_fields(fields, CC_DGT_NORMAL, &board);
	cc_dgt_search search = {.two_moves = true, .same_side_twice = true};
	cc_dgt_seen seen;
	cc_dgt_seen_of(&start, NULL, &board, &search, &seen);
	cc_chess_position pos = start;
	for (size_t i = 0; i < seen.nmoves; i++) {
		cc_chess_undo undo;
		cc_side owner;
		if (cc_chess_piece_at(&pos, cc_chess_move_from(seen.moves[i]), &owner) == CC_CHESS_NO_PIECE)
			fail("a move read from the board moves no piece");
		if (owner != pos.to_move && cc_chess_make_null(&pos, &undo, NULL) != CC_OK)
			fail("a double move after a move that gave check");
		cc_chess_make(&pos, seen.moves[i], &undo);
	}
	if (seen.kind == CC_DGT_SEEN_MOVE || seen.kind == CC_DGT_SEEN_TWO_MOVES) {
		cc_dgt_board want;
		cc_dgt_board_from_position(&pos, &want);
		if (memcmp(want.sq, board.sq, sizeof want.sq) != 0)
			fail("the moves read from the board do not make that board");
	}
	if ((seen.kind == CC_DGT_SEEN_SAME) != (seen.ndiff == 0))
		fail("SAME and no square differing disagree");
	char text[200];
	cc_dgt_seen_squares(&seen, text, sizeof text);
	if (strlen(text) != (seen.ndiff ? 3 * seen.ndiff - 1 : 0))
		fail("the squares' names");
	cc_error err = {0};
	(void)cc_dgt_seen_say(&seen, &err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static decoded whole, bytewise, pieces;
	if (size > 8192)
		return 0;
	size_t chunk = size ? 1u + data[0] % 71u : 1u;
	decode(data, size, 0, MAX_OUT, &whole);
	decode(data, size, 1, 1, &bytewise);
	decode(data, size, chunk, 3, &pieces);
	if (!same(&whole, &bytewise) || !same(&whole, &pieces))
		fail("the same bytes read differently in pieces");
	if (whole.stats.messages != whole.n && whole.n < MAX_OUT)
		fail("messages counted and given differ");
	for (size_t i = 0; i < whole.n; i++) {
		in_range(&whole.m[i]);
		reads_back(&whole.m[i]);
	}
	read_as_moves(&whole);
	return 0;
}
