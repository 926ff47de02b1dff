/*
 * dgt.h: the DGT electronic chess board's serial protocol (rules/dgt.md).
 *
 * A DGT e-Board (USB or serial) is a 9600 baud 8N1 line with no
 * handshaking. The PC sends one-byte commands (cc_dgt_command); the board
 * answers with messages:
 *
 *   byte 0   the message id, its top bit (0x80) always set
 *   byte 1   bits 13..7 of the message's total length (header included)
 *   byte 2   bits 6..0 of that length
 *   then     length - 3 data bytes, each with its top bit clear
 *
 * Since only an id byte has its top bit set, a reader that lost its place
 * finds the next message at the next such byte. The messages this module
 * reads (the lengths are fixed by the protocol):
 *
 *   0x86 board dump    67 bytes: the piece code of fields 0..63
 *   0x8e field update   5 bytes: a field 0..63 and its new piece code
 *                      (EMPTY when a piece was lifted)
 *   0x93 version        5 bytes: main and sub version (binary, 7 bits each)
 *   0x91 serial number  8 bytes: 5 ASCII digits
 *   0xa2 long serial   13 bytes: 10 ASCII digits
 *
 * Any other message (the clock's times 0x8d, the trademark 0x92, the
 * stored moves 0x8f, the battery 0xa0, ...) is skipped whole by its
 * length and reported as CC_DGT_MSG_OTHER, so a board or a firmware that
 * says more than this module knows does not lose the reader its place.
 *
 * Field numbers and the board's orientation. The board numbers its fields
 * 0..63 row by row as read with its connector on the left: field 0 is the
 * top-left square, field 7 the top-right, field 63 the bottom-right. Set up
 * the normal way (white at the bottom, so the connector on white's left),
 * field 0 is a8, field 7 is h8, field 56 is a1 and field 63 is h1. The
 * board never renumbers: turned round (white playing with the connector on
 * the right), field 0 is h1 and field 63 is a8. cc_dgt_field_square maps a
 * field to a chess square (chess.h: a1 = 0 ... h8 = 63) for either
 * orientation, and cc_dgt_orientation_of finds the orientation from a dump
 * and the position the board should show.
 *
 * Piece codes (cc_dgt_piece): 0 empty, 1..6 white pawn, rook, knight,
 * bishop, king, queen, 7..12 the same in black, 13..15 DGT's "magic"
 * pieces (no chess piece: this module reads them as CC_DGT_ODD).
 *
 * Never: does I/O, reads a clock, allocates or keeps global state. The
 * decoder is a plain caller-owned struct; bytes come in from the shell in
 * whatever pieces its reads return (one byte at a time or many messages at
 * once), messages come out.
 */
#ifndef CHESSCUBING_DGT_H
#define CHESSCUBING_DGT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/chess.h"

/* The line's speed (8 data bits, no parity, one stop bit). */
#define CC_DGT_BAUD 9600u
#define CC_DGT_FIELDS 64

/* Commands from the PC to the board: one byte each. */
typedef enum {
	CC_DGT_CMD_RESET = 0x40,             /* idle mode: no more updates; no answer */
	CC_DGT_CMD_SEND_CLOCK = 0x41,        /* the clock's times (0x8d) */
	CC_DGT_CMD_SEND_BOARD = 0x42,        /* a board dump (0x86) */
	CC_DGT_CMD_SEND_UPDATE = 0x43,       /* update mode: field updates and the clock every second */
	CC_DGT_CMD_SEND_UPDATE_BOARD = 0x44, /* update mode: field updates only (what the console uses) */
	CC_DGT_CMD_SEND_SERIAL = 0x45,       /* the serial number (0x91) */
	CC_DGT_CMD_SEND_BUS_ADDRESS = 0x46,  /* the bus address (0x90) */
	CC_DGT_CMD_SEND_TRADEMARK = 0x47,    /* the trademark text (0x92) */
	CC_DGT_CMD_SEND_UPDATE_NICE = 0x4b,  /* update mode: field updates, the clock when it changes */
	CC_DGT_CMD_SEND_VERSION = 0x4d,      /* the version (0x93) */
	CC_DGT_CMD_SEND_LONG_SERIAL = 0x55   /* the 10-digit serial number (0xa2) */
} cc_dgt_command;

/* Message ids from the board (MESSAGE_BIT 0x80 | the id code). */
enum {
	CC_DGT_ID_BOARD_DUMP = 0x86,
	CC_DGT_ID_CLOCK = 0x8d,
	CC_DGT_ID_FIELD_UPDATE = 0x8e,
	CC_DGT_ID_STORED_MOVES = 0x8f,
	CC_DGT_ID_BUS_ADDRESS = 0x90,
	CC_DGT_ID_SERIAL = 0x91,
	CC_DGT_ID_TRADEMARK = 0x92,
	CC_DGT_ID_VERSION = 0x93,
	CC_DGT_ID_BATTERY = 0xa0,
	CC_DGT_ID_LONG_SERIAL = 0xa2
};

/* Total lengths (header included) of the messages read here. */
enum {
	CC_DGT_LEN_BOARD_DUMP = 67,
	CC_DGT_LEN_FIELD_UPDATE = 5,
	CC_DGT_LEN_VERSION = 5,
	CC_DGT_LEN_SERIAL = 8,
	CC_DGT_LEN_LONG_SERIAL = 13,
	CC_DGT_LEN_MAX = 16383 /* what 14 bits of length can say */
};

/* The board's piece codes. */
typedef enum {
	CC_DGT_EMPTY = 0,
	CC_DGT_WPAWN = 1,
	CC_DGT_WROOK = 2,
	CC_DGT_WKNIGHT = 3,
	CC_DGT_WBISHOP = 4,
	CC_DGT_WKING = 5,
	CC_DGT_WQUEEN = 6,
	CC_DGT_BPAWN = 7,
	CC_DGT_BROOK = 8,
	CC_DGT_BKNIGHT = 9,
	CC_DGT_BBISHOP = 10,
	CC_DGT_BKING = 11,
	CC_DGT_BQUEEN = 12,
	CC_DGT_MAGIC1 = 13, /* DGT's "draw" piece */
	CC_DGT_MAGIC2 = 14, /* "white wins" */
	CC_DGT_MAGIC3 = 15  /* "black wins" */
} cc_dgt_piece;

/* A board code (chess.h's board[] values) for a piece no chess position
 * holds: a magic piece, or a code out of range. Never equal to any square
 * of a position, so such a square always differs. */
#define CC_DGT_ODD 0x80u

typedef enum {
	CC_DGT_NORMAL = 0, /* white at the bottom: field 0 is a8, field 63 is h1 */
	CC_DGT_ROTATED = 1 /* the board turned round: field 0 is h1, field 63 is a8 */
} cc_dgt_orientation;

/*
 * What the physical board shows, in chess numbering: sq[s] for chess
 * square s (a1 = 0 ... h8 = 63) holds a chess.h board code: 0 when empty,
 * (side << 3) | piece type, or CC_DGT_ODD. Never a checkered code: a DGT
 * board knows white and black pieces only.
 */
typedef struct {
	uint8_t sq[64];
} cc_dgt_board;

/* --- pieces, fields and squares ------------------------------------------ */

/* The chess.h board code of a DGT piece code (CC_DGT_ODD for 13 and up). */
uint8_t cc_dgt_piece_code(uint8_t dgt_piece);

/* The DGT piece code of a chess.h board code (a checkered piece: its kind
 * in white; CC_DGT_EMPTY for 0 and anything unknown). For the simulator
 * and the tests, which write what a board would say. */
uint8_t cc_dgt_piece_from_code(uint8_t board_code);

/* The chess square of field 0..63 in that orientation (and, the map being
 * its own inverse in shape, cc_dgt_square_field the way back). */
unsigned cc_dgt_field_square(unsigned field, cc_dgt_orientation orientation);
unsigned cc_dgt_square_field(unsigned square, cc_dgt_orientation orientation);

/* The board seen from the 64 piece codes of a dump (fields[f] for field f). */
void cc_dgt_board_from_fields(const uint8_t fields[CC_DGT_FIELDS], cc_dgt_orientation orientation,
                              cc_dgt_board *out);

/* The board a position shows (a checkered piece: its kind in white). */
void cc_dgt_board_from_position(const cc_chess_position *pos, cc_dgt_board *out);

/*
 * The orientation in which the dump shows expected best: the one where
 * fewer squares differ. Returns false (and *out untouched) when both are
 * as good, as on an empty board or one whose pieces are all in the middle;
 * the caller asks the arbiter then.
 */
bool cc_dgt_orientation_of(const uint8_t fields[CC_DGT_FIELDS], const cc_dgt_board *expected,
                           cc_dgt_orientation *out);

/* Writes the board as a FEN's first field ("rnbqkbnr/pppppppp/8/...";
 * an odd piece as '?'); size 72 always holds it. */
void cc_dgt_board_placement(const cc_dgt_board *board, char *buf, size_t size);

/* --- the decoder --------------------------------------------------------- */

typedef enum {
	CC_DGT_MSG_BOARD = 0,   /* a board dump: .fields */
	CC_DGT_MSG_FIELD = 1,   /* a field update: .field, .piece */
	CC_DGT_MSG_VERSION = 2, /* .major, .minor */
	CC_DGT_MSG_SERIAL = 3,  /* .serial (5 digits, or 10 from a long serial) */
	CC_DGT_MSG_OTHER = 4    /* a whole message this module does not read: .id, .length */
} cc_dgt_msg_kind;

typedef struct {
	cc_dgt_msg_kind kind;
	uint8_t id;                     /* the id byte as received (0x86 ...) */
	uint16_t length;                /* the total length its header said */
	uint8_t fields[CC_DGT_FIELDS];  /* BOARD: the piece code of each field (0..15) */
	uint8_t field;                  /* FIELD: 0..63, in the board's numbering */
	uint8_t piece;                  /* FIELD: the new piece code (0..15) */
	uint8_t major, minor;           /* VERSION */
	char serial[11];                /* SERIAL: the digits, NUL-terminated */
} cc_dgt_message;

/* Counters a cable check shows. */
typedef struct {
	uint32_t messages;  /* messages read (any kind) */
	uint32_t garbage;   /* bytes skipped outside any message */
	uint32_t broken;    /* messages abandoned: cut by a new id byte, a length
	                     * under 3, a known id with the wrong length, or a
	                     * field or piece out of range */
} cc_dgt_stats;

/* The decoder's state: fixed size, no pointer; fields private to dgt.c. */
typedef struct {
	uint8_t buf[CC_DGT_LEN_LONG_SERIAL > CC_DGT_LEN_BOARD_DUMP ? CC_DGT_LEN_LONG_SERIAL : CC_DGT_LEN_BOARD_DUMP];
	uint16_t have;   /* bytes of the current message so far (0: between messages) */
	uint16_t length; /* its total length, once the header is in */
	cc_dgt_stats stats;
} cc_dgt_decoder;

void cc_dgt_decoder_init(cc_dgt_decoder *d);

/*
 * Feeds n bytes. Writes up to cap messages to out, in order, and returns
 * how many; sets *consumed (when not NULL) to the bytes used, which is
 * n unless out filled up first (the caller feeds the rest next). A message
 * may start in one call and end in a later one. A byte with its top bit
 * clear between messages is garbage (skipped, counted); an id byte in the
 * middle of a message abandons that message and starts the next one.
 */
size_t cc_dgt_decode(cc_dgt_decoder *d, const uint8_t *bytes, size_t n, cc_dgt_message *out, size_t cap,
                     size_t *consumed);

cc_dgt_stats cc_dgt_decoder_stats(const cc_dgt_decoder *d);

/*
 * Keeps a board up to date: a dump replaces it whole, a field update
 * changes its square, in that orientation; any other message leaves it.
 * Returns whether the message was a dump or an update (the board may be
 * read again).
 */
bool cc_dgt_board_apply(cc_dgt_board *board, const cc_dgt_message *m, cc_dgt_orientation orientation);

/* --- the encoder (what the PC sends; what a board says, for the simulator) */

/*
 * The bytes the PC sends to start reading a board: reset, ask the version,
 * the serial number and a board dump, then update-board mode. Writes at
 * most cap bytes; returns the count (5).
 */
size_t cc_dgt_start_sequence(uint8_t *out, size_t cap);

/* A board's messages, as a board writes them (for the simulator, the
 * tests and the fuzz corpus); each returns the bytes written, 0 if cap is
 * too small. fields[] holds DGT piece codes, in the board's numbering. */
size_t cc_dgt_encode_board(const uint8_t fields[CC_DGT_FIELDS], uint8_t *out, size_t cap);
size_t cc_dgt_encode_field(unsigned field, uint8_t piece, uint8_t *out, size_t cap);
size_t cc_dgt_encode_version(unsigned major, unsigned minor, uint8_t *out, size_t cap);
size_t cc_dgt_encode_serial(const char digits[5], uint8_t *out, size_t cap);

#endif
