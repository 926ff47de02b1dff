/*
 * test_dgt.c: the DGT e-Board protocol (dgt.h, rules/dgt.md DG-1): whole
 * messages read from bytes in any pieces, garbage and broken or unknown
 * messages skipped, the board's numbering either way round, and the
 * start-position check.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/dgt.h"
#include "chesscubing/dgt_moves.h"
#include "clauses.h"

#define MAX_MSG 64

typedef struct {
	cc_dgt_message m[MAX_MSG];
	size_t n;
	cc_dgt_stats stats;
} decoded;

/* Every message of bytes fed in pieces of chunk bytes (0: all at once). */
static void decode(const uint8_t *bytes, size_t n, size_t chunk, decoded *out)
{
	cc_dgt_decoder d;
	cc_dgt_decoder_init(&d);
	out->n = 0;
	size_t at = 0;
	while (at < n) {
		size_t len = chunk && n - at > chunk ? chunk : n - at, used = 0;
		out->n += cc_dgt_decode(&d, bytes + at, len, out->m + out->n, MAX_MSG - out->n, &used);
		ck_assert_uint_eq(used, len);
		at += used;
	}
	out->stats = cc_dgt_decoder_stats(&d);
}

/* The DGT codes of the start position, in the board's numbering, normal way round. */
static void start_fields(uint8_t fields[CC_DGT_FIELDS])
{
	static const uint8_t back[8] = {CC_DGT_BROOK, CC_DGT_BKNIGHT, CC_DGT_BBISHOP, CC_DGT_BQUEEN,
	                                CC_DGT_BKING, CC_DGT_BBISHOP, CC_DGT_BKNIGHT, CC_DGT_BROOK};
	memset(fields, 0, CC_DGT_FIELDS);
	for (unsigned f = 0; f < 8; f++) {
		fields[f] = back[f];                             /* a8..h8 */
		fields[8 + f] = CC_DGT_BPAWN;                    /* a7..h7 */
		fields[48 + f] = CC_DGT_WPAWN;                   /* a2..h2 */
		fields[56 + f] = (uint8_t)(back[f] - 6u);        /* a1..h1 */
	}
}

/* A stream: a dump, a field update, a version, a serial number. */
static size_t sample_stream(uint8_t *buf, size_t cap)
{
	uint8_t fields[CC_DGT_FIELDS];
	start_fields(fields);
	size_t k = cc_dgt_encode_board(fields, buf, cap);
	k += cc_dgt_encode_field(52, CC_DGT_EMPTY, buf + k, cap - k); /* e2 lifted */
	k += cc_dgt_encode_field(36, CC_DGT_WPAWN, buf + k, cap - k); /* e4 placed */
	k += cc_dgt_encode_version(1, 7, buf + k, cap - k);
	k += cc_dgt_encode_serial("04321", buf + k, cap - k);
	return k;
}

static void assert_sample(const decoded *dd)
{
	uint8_t fields[CC_DGT_FIELDS];
	start_fields(fields);
	ck_assert_uint_eq(dd->n, 5);
	ck_assert_int_eq(dd->m[0].kind, CC_DGT_MSG_BOARD);
	ck_assert_mem_eq(dd->m[0].fields, fields, CC_DGT_FIELDS);
	ck_assert_int_eq(dd->m[1].kind, CC_DGT_MSG_FIELD);
	ck_assert_uint_eq(dd->m[1].field, 52);
	ck_assert_uint_eq(dd->m[1].piece, CC_DGT_EMPTY);
	ck_assert_uint_eq(dd->m[2].field, 36);
	ck_assert_uint_eq(dd->m[2].piece, CC_DGT_WPAWN);
	ck_assert_int_eq(dd->m[3].kind, CC_DGT_MSG_VERSION);
	ck_assert_uint_eq(dd->m[3].major, 1);
	ck_assert_uint_eq(dd->m[3].minor, 7);
	ck_assert_int_eq(dd->m[4].kind, CC_DGT_MSG_SERIAL);
	ck_assert_str_eq(dd->m[4].serial, "04321");
}

START_TEST(test_dgt_decode__every_message_read)
{
	CLAUSES("DG-1.1");
	uint8_t buf[256];
	size_t n = sample_stream(buf, sizeof buf);
	ck_assert_uint_eq(n, 67 + 5 + 5 + 5 + 8);
	ck_assert_uint_eq(buf[0], 0x86);
	ck_assert_uint_eq(buf[1], 0);
	ck_assert_uint_eq(buf[2], 67);
	decoded dd;
	decode(buf, n, 0, &dd);
	assert_sample(&dd);
	ck_assert_uint_eq(dd.stats.messages, 5);
	ck_assert_uint_eq(dd.stats.garbage, 0);
	ck_assert_uint_eq(dd.stats.broken, 0);
}
END_TEST

START_TEST(test_dgt_decode__same_messages_whatever_the_pieces)
{
	CLAUSES("DG-1.1");
	uint8_t buf[256];
	size_t n = sample_stream(buf, sizeof buf);
	for (size_t chunk = 1; chunk <= n; chunk++) {
		decoded dd;
		decode(buf, n, chunk, &dd);
		assert_sample(&dd);
	}
}
END_TEST

START_TEST(test_dgt_decode__garbage_skipped_and_counted)
{
	CLAUSES("DG-1.1");
	uint8_t buf[300];
	size_t k = 0;
	for (unsigned i = 0; i < 7; i++)
		buf[k++] = (uint8_t)(0x11 * i & 0x7f); /* before the first id byte: a reader joining mid-line */
	uint8_t fields[CC_DGT_FIELDS];
	start_fields(fields);
	k += cc_dgt_encode_board(fields, buf + k, sizeof buf - k);
	buf[k++] = 0x00;
	buf[k++] = 0x42;
	k += cc_dgt_encode_field(12, CC_DGT_EMPTY, buf + k, sizeof buf - k);
	decoded dd;
	decode(buf, k, 3, &dd);
	ck_assert_uint_eq(dd.n, 2);
	ck_assert_int_eq(dd.m[0].kind, CC_DGT_MSG_BOARD);
	ck_assert_int_eq(dd.m[1].kind, CC_DGT_MSG_FIELD);
	ck_assert_uint_eq(dd.m[1].field, 12);
	ck_assert_uint_eq(dd.stats.garbage, 9);
	ck_assert_uint_eq(dd.stats.broken, 0);
}
END_TEST

START_TEST(test_dgt_decode__a_cut_message_dropped_the_next_read)
{
	CLAUSES("DG-1.1");
	uint8_t buf[300];
	uint8_t fields[CC_DGT_FIELDS];
	start_fields(fields);
	size_t k = cc_dgt_encode_board(fields, buf, sizeof buf);
	k = 40; /* the dump cut after 37 squares (a pulled cable, lost bytes) */
	k += cc_dgt_encode_field(63, CC_DGT_WROOK, buf + k, sizeof buf - k);
	decoded dd;
	decode(buf, k, 0, &dd);
	ck_assert_uint_eq(dd.n, 1);
	ck_assert_int_eq(dd.m[0].kind, CC_DGT_MSG_FIELD);
	ck_assert_uint_eq(dd.m[0].field, 63);
	ck_assert_uint_eq(dd.m[0].piece, CC_DGT_WROOK);
	ck_assert_uint_eq(dd.stats.broken, 1);
}
END_TEST

START_TEST(test_dgt_decode__unknown_messages_skipped_by_length)
{
	CLAUSES("DG-1.1");
	uint8_t buf[400];
	size_t k = 0;
	/* the clock's times (10 bytes), a trademark of 150 bytes, an id nobody knows (4 bytes) */
	const uint8_t clock[] = {0x8d, 0, 10, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x21};
	memcpy(buf + k, clock, sizeof clock);
	k += sizeof clock;
	buf[k++] = 0x92;
	buf[k++] = 150 >> 7;
	buf[k++] = 150 & 0x7f;
	for (unsigned i = 3; i < 150; i++)
		buf[k++] = (uint8_t)('A' + i % 26);
	const uint8_t odd[] = {0xbf, 0, 4, 0x7f};
	memcpy(buf + k, odd, sizeof odd);
	k += sizeof odd;
	k += cc_dgt_encode_field(0, CC_DGT_BROOK, buf + k, sizeof buf - k);
	for (size_t chunk = 1; chunk < 20; chunk += 6) {
		decoded dd;
		decode(buf, k, chunk, &dd);
		ck_assert_uint_eq(dd.n, 4);
		ck_assert_int_eq(dd.m[0].kind, CC_DGT_MSG_OTHER);
		ck_assert_uint_eq(dd.m[0].id, 0x8d);
		ck_assert_uint_eq(dd.m[0].length, 10);
		ck_assert_int_eq(dd.m[1].kind, CC_DGT_MSG_OTHER);
		ck_assert_uint_eq(dd.m[1].id, 0x92);
		ck_assert_uint_eq(dd.m[1].length, 150);
		ck_assert_uint_eq(dd.m[2].id, 0xbf);
		ck_assert_int_eq(dd.m[3].kind, CC_DGT_MSG_FIELD);
		ck_assert_uint_eq(dd.m[3].piece, CC_DGT_BROOK);
		ck_assert_uint_eq(dd.stats.broken, 0);
	}
}
END_TEST

START_TEST(test_dgt_decode__wrong_lengths_and_values_dropped)
{
	CLAUSES("DG-1.1");
	const uint8_t bytes[] = {
		0x8e, 0, 6, 1, 2, 3,       /* a field update of 6 bytes: dropped at its header */
		0x8e, 0, 5, 64, 1,         /* field 64: no such field */
		0x8e, 0, 5, 3, 16,         /* piece 16: no such code */
		0x91, 0, 8, '1', '2', 'x', '4', '5', /* a serial number that is not digits */
		0x93, 0, 2,                /* a length under the header's own 3 */
		0x8e, 0, 5, 3, CC_DGT_BKNIGHT,
	};
	decoded dd;
	decode(bytes, sizeof bytes, 0, &dd);
	ck_assert_uint_eq(dd.n, 1);
	ck_assert_uint_eq(dd.m[0].field, 3);
	ck_assert_uint_eq(dd.m[0].piece, CC_DGT_BKNIGHT);
	ck_assert_uint_eq(dd.stats.broken, 5);
	/* the bytes after a header refused are garbage until the next id byte */
	ck_assert_uint_eq(dd.stats.garbage, 3);
}
END_TEST

START_TEST(test_dgt_decode__stops_when_out_is_full)
{
	CLAUSES("DG-1.1");
	uint8_t buf[256];
	size_t n = sample_stream(buf, sizeof buf);
	cc_dgt_decoder d;
	cc_dgt_decoder_init(&d);
	cc_dgt_message m[5];
	size_t used = 0;
	ck_assert_uint_eq(cc_dgt_decode(&d, buf, n, m, 2, &used), 2);
	ck_assert_uint_eq(used, 67 + 5);
	ck_assert_uint_eq(cc_dgt_decode(&d, buf + used, n - used, m + 2, 3, &used), 3);
	ck_assert_uint_eq(used, n - 72);
	ck_assert_str_eq(m[4].serial, "04321");
}
END_TEST

START_TEST(test_dgt_decode__long_serial_number)
{
	CLAUSES("DG-1.1");
	const uint8_t bytes[] = {0xa2, 0, 13, '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'};
	decoded dd;
	decode(bytes, sizeof bytes, 2, &dd);
	ck_assert_uint_eq(dd.n, 1);
	ck_assert_int_eq(dd.m[0].kind, CC_DGT_MSG_SERIAL);
	ck_assert_str_eq(dd.m[0].serial, "0123456789");
}
END_TEST

START_TEST(test_dgt_encode__the_start_sequence)
{
	CLAUSES("DG-1.1");
	uint8_t out[8];
	ck_assert_uint_eq(cc_dgt_start_sequence(out, 4), 0);
	ck_assert_uint_eq(cc_dgt_start_sequence(out, sizeof out), 5);
	const uint8_t want[] = {0x40, 0x4d, 0x45, 0x42, 0x44};
	ck_assert_mem_eq(out, want, sizeof want);
	ck_assert_uint_eq(cc_dgt_encode_field(1, 1, out, 4), 0);
}
END_TEST

START_TEST(test_dgt_fields__numbered_from_the_boards_corner)
{
	CLAUSES("DG-1.2");
	/* normal: field 0 a8, 7 h8, 56 a1, 63 h1 */
	ck_assert_uint_eq(cc_dgt_field_square(0, CC_DGT_NORMAL), 56);
	ck_assert_uint_eq(cc_dgt_field_square(7, CC_DGT_NORMAL), 63);
	ck_assert_uint_eq(cc_dgt_field_square(56, CC_DGT_NORMAL), 0);
	ck_assert_uint_eq(cc_dgt_field_square(63, CC_DGT_NORMAL), 7);
	/* turned round: field 0 h1, 63 a8 */
	ck_assert_uint_eq(cc_dgt_field_square(0, CC_DGT_ROTATED), 7);
	ck_assert_uint_eq(cc_dgt_field_square(63, CC_DGT_ROTATED), 56);
	for (unsigned f = 0; f < 64; f++) {
		ck_assert_uint_eq(cc_dgt_square_field(cc_dgt_field_square(f, CC_DGT_NORMAL), CC_DGT_NORMAL), f);
		ck_assert_uint_eq(cc_dgt_square_field(cc_dgt_field_square(f, CC_DGT_ROTATED), CC_DGT_ROTATED), f);
	}
}
END_TEST

START_TEST(test_dgt_fields__piece_codes)
{
	CLAUSES("DG-1.1");
	ck_assert_uint_eq(cc_dgt_piece_code(CC_DGT_EMPTY), 0);
	ck_assert_uint_eq(cc_dgt_piece_code(CC_DGT_WPAWN), CC_CHESS_PAWN);
	ck_assert_uint_eq(cc_dgt_piece_code(CC_DGT_WROOK), CC_CHESS_ROOK);
	ck_assert_uint_eq(cc_dgt_piece_code(CC_DGT_WKING), CC_CHESS_KING);
	ck_assert_uint_eq(cc_dgt_piece_code(CC_DGT_WQUEEN), CC_CHESS_QUEEN);
	ck_assert_uint_eq(cc_dgt_piece_code(CC_DGT_BKNIGHT), 8 | CC_CHESS_KNIGHT);
	ck_assert_uint_eq(cc_dgt_piece_code(CC_DGT_BQUEEN), 8 | CC_CHESS_QUEEN);
	ck_assert_uint_eq(cc_dgt_piece_code(CC_DGT_MAGIC1), CC_DGT_ODD);
	ck_assert_uint_eq(cc_dgt_piece_code(99), CC_DGT_ODD);
	for (uint8_t p = 0; p <= CC_DGT_BQUEEN; p++)
		ck_assert_uint_eq(cc_dgt_piece_from_code(cc_dgt_piece_code(p)), p);
}
END_TEST

START_TEST(test_dgt_orientation__found_from_the_start_position)
{
	CLAUSES("DG-1.2");
	cc_chess_position start;
	cc_chess_position_start(&start);
	cc_dgt_board expected;
	cc_dgt_board_from_position(&start, &expected);
	uint8_t fields[CC_DGT_FIELDS], turned[CC_DGT_FIELDS];
	start_fields(fields);
	for (unsigned f = 0; f < 64; f++)
		turned[63 - f] = fields[f];
	cc_dgt_orientation o = CC_DGT_ROTATED;
	ck_assert(cc_dgt_orientation_of(fields, &expected, &o));
	ck_assert_int_eq(o, CC_DGT_NORMAL);
	ck_assert(cc_dgt_orientation_of(turned, &expected, &o));
	ck_assert_int_eq(o, CC_DGT_ROTATED);
	cc_dgt_board seen;
	cc_dgt_board_from_fields(turned, CC_DGT_ROTATED, &seen);
	ck_assert_mem_eq(seen.sq, expected.sq, 64);
	char text[80];
	cc_dgt_board_placement(&seen, text, sizeof text);
	ck_assert_str_eq(text, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
	/* an empty board says nothing of its orientation: the arbiter does */
	uint8_t empty[CC_DGT_FIELDS] = {0};
	o = CC_DGT_ROTATED;
	ck_assert(!cc_dgt_orientation_of(empty, &expected, &o));
	ck_assert_int_eq(o, CC_DGT_ROTATED);
}
END_TEST

START_TEST(test_dgt_start__checked_before_the_first_move)
{
	CLAUSES("DG-1.3");
	cc_chess_position start;
	cc_chess_position_start(&start);
	uint8_t fields[CC_DGT_FIELDS];
	start_fields(fields);
	cc_dgt_board seen;
	cc_dgt_board_from_fields(fields, CC_DGT_NORMAL, &seen);
	cc_error err = {0};
	ck_assert_int_eq(cc_dgt_check_start(&start, &seen, &err), CC_OK);
	ck_assert_int_eq(err.msg, CC_MSG_INTERNAL);
	/* the kings swapped with the queens (d1 e1 d8 e8) and a magic piece on c3 */
	seen.sq[3] = CC_CHESS_KING;
	seen.sq[4] = CC_CHESS_QUEEN;
	seen.sq[59] = 8 | CC_CHESS_KING;
	seen.sq[60] = 8 | CC_CHESS_QUEEN;
	seen.sq[18] = CC_DGT_ODD;
	ck_assert_int_eq(cc_dgt_check_start(&start, &seen, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_DGT_NOT_START);
	ck_assert_int_eq(err.nargs, 2);
	ck_assert_int_eq(err.args[0].n, 5);
	ck_assert_str_eq(err.args[1].text, "d1 e1 c3 d8 e8");
}
END_TEST

static Suite *dgt_suite(void)
{
	Suite *s = suite_create("dgt");
	TCase *decode_tc = tcase_create("decode");
	TCase *fields = tcase_create("fields");
	tcase_add_test(decode_tc, test_dgt_decode__every_message_read);
	tcase_add_test(decode_tc, test_dgt_decode__same_messages_whatever_the_pieces);
	tcase_add_test(decode_tc, test_dgt_decode__garbage_skipped_and_counted);
	tcase_add_test(decode_tc, test_dgt_decode__a_cut_message_dropped_the_next_read);
	tcase_add_test(decode_tc, test_dgt_decode__unknown_messages_skipped_by_length);
	tcase_add_test(decode_tc, test_dgt_decode__wrong_lengths_and_values_dropped);
	tcase_add_test(decode_tc, test_dgt_decode__stops_when_out_is_full);
	tcase_add_test(decode_tc, test_dgt_decode__long_serial_number);
	tcase_add_test(decode_tc, test_dgt_encode__the_start_sequence);
	tcase_add_test(fields, test_dgt_fields__numbered_from_the_boards_corner);
	tcase_add_test(fields, test_dgt_fields__piece_codes);
	tcase_add_test(fields, test_dgt_orientation__found_from_the_start_position);
	tcase_add_test(fields, test_dgt_start__checked_before_the_first_move);
	suite_add_tcase(s, decode_tc);
	suite_add_tcase(s, fields);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(dgt_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
