/*
 * dgt.c: the DGT e-Board serial protocol, decoded and encoded (dgt.h has
 * the byte layout; rules/dgt.md the rulings).
 *
 * The decoder is a small state machine over one buffer: between messages
 * it waits for an id byte (top bit set) and counts anything else as
 * garbage; inside one it collects the two length bytes, then the data,
 * keeping at most the longest message it reads (an unknown one is only
 * counted through). Any byte with its top bit set ends the message in
 * hand, which is how a reader that joined mid-message, or a line that lost
 * bytes, finds its place again.
 */
#include "chesscubing/dgt.h"

#include <assert.h>
#include <string.h>

/* --- pieces, fields and squares ------------------------------------------ */

/* DGT piece code -> chess piece type, white codes 1..6 (black: +6). */
static const cc_chess_piece_type dgt_types[7] = {CC_CHESS_NO_PIECE, CC_CHESS_PAWN, CC_CHESS_ROOK, CC_CHESS_KNIGHT,
                                                 CC_CHESS_BISHOP,   CC_CHESS_KING, CC_CHESS_QUEEN};

uint8_t cc_dgt_piece_code(uint8_t dgt_piece)
{
	if (dgt_piece == CC_DGT_EMPTY)
		return 0;
	if (dgt_piece > CC_DGT_BQUEEN)
		return (uint8_t)CC_DGT_ODD;
	unsigned side = dgt_piece > CC_DGT_WQUEEN ? 1u : 0u;
	unsigned type = (unsigned)dgt_types[dgt_piece - 6u * side];
	return (uint8_t)((side << 3) | type);
}

uint8_t cc_dgt_piece_from_code(uint8_t board_code)
{
	if (board_code == 0 || board_code == CC_DGT_ODD)
		return CC_DGT_EMPTY;
	unsigned type = board_code & 7u;
	unsigned side = (board_code & CC_CHESS_CHECKERED) ? 0u : (board_code >> 3) & 1u;
	for (unsigned d = 1; d <= 6; d++)
		if ((unsigned)dgt_types[d] == type)
			return (uint8_t)(d + 6u * side);
	return CC_DGT_EMPTY;
}

unsigned cc_dgt_field_square(unsigned field, cc_dgt_orientation orientation)
{
	assert(field < CC_DGT_FIELDS);
	unsigned normal = (7u - field / 8u) * 8u + field % 8u;
	switch (orientation) {
	case CC_DGT_NORMAL:
		return normal;
	case CC_DGT_ROTATED:
		return 63u - normal;
	}
	return normal;
}

unsigned cc_dgt_square_field(unsigned square, cc_dgt_orientation orientation)
{
	/* Flipping the rank and turning the board round are both their own inverse. */
	return cc_dgt_field_square(square, orientation);
}

void cc_dgt_board_from_fields(const uint8_t fields[CC_DGT_FIELDS], cc_dgt_orientation orientation,
                              cc_dgt_board *out)
{
	for (unsigned f = 0; f < CC_DGT_FIELDS; f++)
		out->sq[cc_dgt_field_square(f, orientation)] = cc_dgt_piece_code(fields[f]);
}

void cc_dgt_board_from_position(const cc_chess_position *pos, cc_dgt_board *out)
{
	for (unsigned s = 0; s < 64; s++) {
		uint8_t code = pos->board[s];
		out->sq[s] = (code & CC_CHESS_CHECKERED) ? (uint8_t)(code & 7u) : code;
	}
}

static unsigned count_differences(const uint8_t fields[CC_DGT_FIELDS], cc_dgt_orientation orientation,
                                  const cc_dgt_board *expected)
{
	cc_dgt_board seen;
	cc_dgt_board_from_fields(fields, orientation, &seen);
	unsigned n = 0;
	for (unsigned s = 0; s < 64; s++)
		n += seen.sq[s] != expected->sq[s];
	return n;
}

bool cc_dgt_orientation_of(const uint8_t fields[CC_DGT_FIELDS], const cc_dgt_board *expected,
                           cc_dgt_orientation *out)
{
	unsigned normal = count_differences(fields, CC_DGT_NORMAL, expected);
	unsigned rotated = count_differences(fields, CC_DGT_ROTATED, expected);
	if (normal == rotated)
		return false;
	*out = normal < rotated ? CC_DGT_NORMAL : CC_DGT_ROTATED;
	return true;
}

void cc_dgt_board_placement(const cc_dgt_board *board, char *buf, size_t size)
{
	static const char letters[] = " PNBRQK";
	char text[72];
	size_t k = 0;
	for (int rank = 7; rank >= 0; rank--) {
		unsigned empty = 0;
		for (unsigned file = 0; file < 8; file++) {
			uint8_t code = board->sq[(unsigned)rank * 8u + file];
			if (code == 0) {
				empty++;
				continue;
			}
			if (empty)
				text[k++] = (char)('0' + empty);
			empty = 0;
			char c = '?';
			if (code != CC_DGT_ODD && (code & 7u) >= 1 && (code & 7u) <= 6) {
				c = letters[code & 7u];
				if (code & 8u)
					c = (char)(c - 'A' + 'a');
			}
			text[k++] = c;
		}
		if (empty)
			text[k++] = (char)('0' + empty);
		if (rank)
			text[k++] = '/';
	}
	text[k] = '\0';
	if (size) {
		size_t n = k < size - 1 ? k : size - 1;
		memcpy(buf, text, n);
		buf[n] = '\0';
	}
}

/* --- the decoder --------------------------------------------------------- */

void cc_dgt_decoder_init(cc_dgt_decoder *d)
{
	memset(d, 0, sizeof *d);
}

cc_dgt_stats cc_dgt_decoder_stats(const cc_dgt_decoder *d)
{
	return d->stats;
}

/* The length a known id must have, 0 for an id read by its length alone. */
static uint16_t fixed_length(uint8_t id)
{
	switch (id) {
	case CC_DGT_ID_BOARD_DUMP:
		return CC_DGT_LEN_BOARD_DUMP;
	case CC_DGT_ID_FIELD_UPDATE:
		return CC_DGT_LEN_FIELD_UPDATE;
	case CC_DGT_ID_VERSION:
		return CC_DGT_LEN_VERSION;
	case CC_DGT_ID_SERIAL:
		return CC_DGT_LEN_SERIAL;
	case CC_DGT_ID_LONG_SERIAL:
		return CC_DGT_LEN_LONG_SERIAL;
	default:
		return 0;
	}
}

/* Fills *m from the whole message in d->buf; false when its data are out
 * of range (a field past 63, a piece code past 15, a serial not digits). */
static bool finish(const cc_dgt_decoder *d, cc_dgt_message *m)
{
	const uint8_t *b = d->buf;
	memset(m, 0, sizeof *m);
	m->id = b[0];
	m->length = d->length;
	switch (b[0]) {
	case CC_DGT_ID_BOARD_DUMP:
		m->kind = CC_DGT_MSG_BOARD;
		for (unsigned f = 0; f < CC_DGT_FIELDS; f++) {
			if (b[3 + f] > CC_DGT_MAGIC3)
				return false;
			m->fields[f] = b[3 + f];
		}
		return true;
	case CC_DGT_ID_FIELD_UPDATE:
		m->kind = CC_DGT_MSG_FIELD;
		m->field = b[3];
		m->piece = b[4];
		return b[3] < CC_DGT_FIELDS && b[4] <= CC_DGT_MAGIC3;
	case CC_DGT_ID_VERSION:
		m->kind = CC_DGT_MSG_VERSION;
		m->major = b[3];
		m->minor = b[4];
		return true;
	case CC_DGT_ID_SERIAL:
	case CC_DGT_ID_LONG_SERIAL: {
		m->kind = CC_DGT_MSG_SERIAL;
		unsigned n = d->length - 3u;
		for (unsigned i = 0; i < n; i++) {
			if (b[3 + i] < '0' || b[3 + i] > '9')
				return false;
			m->serial[i] = (char)b[3 + i];
		}
		m->serial[n] = '\0';
		return true;
	}
	default:
		m->kind = CC_DGT_MSG_OTHER;
		return true;
	}
}

/* One byte in; true when it completed a message, written to *m. */
static bool feed_byte(cc_dgt_decoder *d, uint8_t byte, cc_dgt_message *m)
{
	if (byte & 0x80u) {
		if (d->have)
			d->stats.broken++;
		d->buf[0] = byte;
		d->have = 1;
		d->length = 0;
		return false;
	}
	if (d->have == 0) {
		d->stats.garbage++;
		return false;
	}
	if (d->have < 3) {
		d->buf[d->have++] = byte;
		if (d->have < 3)
			return false;
		uint16_t length = (uint16_t)(((unsigned)d->buf[1] << 7) | d->buf[2]);
		uint16_t want = fixed_length(d->buf[0]);
		if (length < 3 || (want && length != want)) {
			d->stats.broken++;
			d->have = 0;
			return false;
		}
		d->length = length;
	} else {
		if (d->have < sizeof d->buf)
			d->buf[d->have] = byte;
		d->have++;
	}
	if (d->have < d->length)
		return false;
	d->have = 0;
	if (!finish(d, m)) {
		d->stats.broken++;
		return false;
	}
	d->stats.messages++;
	return true;
}

size_t cc_dgt_decode(cc_dgt_decoder *d, const uint8_t *bytes, size_t n, cc_dgt_message *out, size_t cap,
                     size_t *consumed)
{
	size_t got = 0, i = 0;
	while (i < n && got < cap) {
		if (feed_byte(d, bytes[i++], &out[got]))
			got++;
	}
	if (consumed)
		*consumed = i;
	return got;
}

bool cc_dgt_board_apply(cc_dgt_board *board, const cc_dgt_message *m, cc_dgt_orientation orientation)
{
	switch (m->kind) {
	case CC_DGT_MSG_BOARD:
		cc_dgt_board_from_fields(m->fields, orientation, board);
		return true;
	case CC_DGT_MSG_FIELD:
		board->sq[cc_dgt_field_square(m->field, orientation)] = cc_dgt_piece_code(m->piece);
		return true;
	case CC_DGT_MSG_VERSION:
	case CC_DGT_MSG_SERIAL:
	case CC_DGT_MSG_OTHER:
		return false;
	}
	return false;
}

/* --- the encoder --------------------------------------------------------- */

size_t cc_dgt_start_sequence(uint8_t *out, size_t cap)
{
	static const uint8_t seq[] = {CC_DGT_CMD_RESET, CC_DGT_CMD_SEND_VERSION, CC_DGT_CMD_SEND_SERIAL,
	                              CC_DGT_CMD_SEND_BOARD, CC_DGT_CMD_SEND_UPDATE_BOARD};
	if (cap < sizeof seq)
		return 0;
	memcpy(out, seq, sizeof seq);
	return sizeof seq;
}

/* The header of a message of id and total length len; 0 if cap < len. */
static size_t header(uint8_t id, size_t len, uint8_t *out, size_t cap)
{
	if (cap < len)
		return 0;
	out[0] = id;
	out[1] = (uint8_t)((len >> 7) & 0x7fu);
	out[2] = (uint8_t)(len & 0x7fu);
	return len;
}

size_t cc_dgt_encode_board(const uint8_t fields[CC_DGT_FIELDS], uint8_t *out, size_t cap)
{
	if (!header(CC_DGT_ID_BOARD_DUMP, CC_DGT_LEN_BOARD_DUMP, out, cap))
		return 0;
	for (unsigned f = 0; f < CC_DGT_FIELDS; f++)
		out[3 + f] = (uint8_t)(fields[f] & 0x7fu);
	return CC_DGT_LEN_BOARD_DUMP;
}

/* A five-byte message: the header and two data bytes. */
static size_t encode_two(uint8_t id, unsigned a, unsigned b, uint8_t *out, size_t cap)
{
	if (!header(id, 5, out, cap))
		return 0;
	out[3] = (uint8_t)(a & 0x7fu);
	out[4] = (uint8_t)(b & 0x7fu);
	return 5;
}

size_t cc_dgt_encode_field(unsigned field, uint8_t piece, uint8_t *out, size_t cap)
{
	return encode_two(CC_DGT_ID_FIELD_UPDATE, field, piece, out, cap);
}

size_t cc_dgt_encode_version(unsigned major, unsigned minor, uint8_t *out, size_t cap)
{
	return encode_two(CC_DGT_ID_VERSION, major, minor, out, cap);
}

size_t cc_dgt_encode_serial(const char digits[5], uint8_t *out, size_t cap)
{
	if (!header(CC_DGT_ID_SERIAL, CC_DGT_LEN_SERIAL, out, cap))
		return 0;
	for (unsigned i = 0; i < 5; i++)
		out[3 + i] = (uint8_t)((unsigned char)digits[i] & 0x7fu);
	return CC_DGT_LEN_SERIAL;
}
