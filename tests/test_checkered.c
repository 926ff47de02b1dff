/* test_checkered.c: Checkered chess in the chess module (rules/checkered.md). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/chess.h"
#include "chesscubing/match.h"
#include "clauses.h"

#define CK_START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1111111111111111 -"
/* The seed's first diagram, Black to move (the rights as the pawns say). */
#define CK_DIAGRAM1 "2kr4/pp6/2p5/4ss1r/1P2ns1P/2Np4/P1P1P1BP/R2o1RK1 b - - 0 1 1010100111000000 -"
/* The seed's second diagram one ply before: Black plays g3-g2. White's
 * pawns are all gone, so White holds no double-step right. */
#define CK_DIAGRAM2_BEFORE "7k/b5pp/8/8/8/6s1/7s/7K b - - 0 1 0000000000000011 -"
#define CK_DIAGRAM2_NO_BISHOP "7k/6pp/8/8/8/6s1/7s/7K b - - 0 1 0000000000000011 -"

static cc_chess_position ck_pos(const char *fen)
{
	cc_chess_position pos;
	cc_error err = {0};
	cc_err rc = cc_chess_position_from_fen_variant(&pos, CC_CHESS_VARIANT_CHECKERED, fen, &err);
	ck_assert_msg(rc == CC_OK, "%s: %s", fen, err.message);
	ck_assert_int_eq(pos.variant, CC_CHESS_VARIANT_CHECKERED);
	return pos;
}

/* The refusal's message; the position is untouched and the message one line. */
static const char *ck_refusal(cc_chess_variant variant, const char *fen)
{
	static char message[sizeof ((cc_error *)0)->message];
	cc_chess_position pos, before;
	cc_chess_position_start_variant(&pos, variant);
	before = pos;
	cc_error err = {0};
	cc_err rc = cc_chess_position_from_fen_variant(&pos, variant, fen, &err);
	ck_assert_msg(rc == CC_ERR_INVALID, "accepted: %s", fen);
	ck_assert_int_eq(memcmp(&pos, &before, sizeof pos), 0);
	ck_assert_ptr_null(strchr(err.message, '\n'));
	snprintf(message, sizeof message, "%s", err.message);
	return message;
}

/* The legal move whose UCI is uci, or CC_CHESS_MOVE_NONE. */
static cc_chess_move legal_uci(const cc_chess_position *pos, const char *uci)
{
	cc_chess_move_list list;
	cc_chess_legal_moves(pos, &list);
	for (size_t i = 0; i < list.count; i++) {
		char buf[CC_CHESS_SAN_MAX];
		cc_chess_move_to_uci(list.moves[i], buf, sizeof buf);
		if (strcmp(buf, uci) == 0)
			return list.moves[i];
	}
	return CC_CHESS_MOVE_NONE;
}

static bool is_legal_uci(const char *fen, const char *uci)
{
	cc_chess_position pos = ck_pos(fen);
	return legal_uci(&pos, uci) != CC_CHESS_MOVE_NONE;
}

/* Plays the space-separated UCI moves on pos. */
static void play(cc_chess_position *pos, const char *ucis)
{
	char buf[256], *save = NULL;
	snprintf(buf, sizeof buf, "%s", ucis);
	for (char *u = strtok_r(buf, " ", &save); u; u = strtok_r(NULL, " ", &save)) {
		cc_chess_move m = legal_uci(pos, u);
		ck_assert_msg(m != CC_CHESS_MOVE_NONE, "%s is not legal", u);
		cc_chess_undo undo;
		cc_chess_make(pos, m, &undo);
	}
}

static const char *fen_after(const char *fen, const char *ucis)
{
	static char buf[CC_CHESS_FEN_MAX];
	cc_chess_position pos = ck_pos(fen);
	play(&pos, ucis);
	cc_chess_position_to_fen(&pos, buf, sizeof buf);
	return buf;
}

static const char *san_of(const char *fen, const char *uci)
{
	static char buf[CC_CHESS_SAN_MAX];
	cc_chess_position pos = ck_pos(fen);
	cc_chess_move m = legal_uci(&pos, uci);
	ck_assert_msg(m != CC_CHESS_MOVE_NONE, "%s not legal in %s", uci, fen);
	cc_chess_move_to_san(&pos, m, buf, sizeof buf);
	return buf;
}

/* The UCI of what text parses to, or the error code's name. */
static const char *parsed(const char *fen, const char *text, cc_chess_parse_mode mode)
{
	static char buf[CC_CHESS_SAN_MAX];
	cc_chess_position pos = ck_pos(fen);
	cc_chess_move m = CC_CHESS_MOVE_NONE;
	cc_error err = {0};
	cc_err rc = cc_chess_parse_move(&pos, text, mode, &m, &err);
	if (rc != CC_OK)
		return cc_err_name(rc);
	cc_chess_move_to_uci(m, buf, sizeof buf);
	return buf;
}

/* How many legal moves go from `from` to `to` (kind choices counted apart). */
static size_t moves_between(const char *fen, const char *from_to)
{
	cc_chess_position pos = ck_pos(fen);
	cc_chess_move_list list;
	cc_chess_legal_moves(&pos, &list);
	size_t n = 0;
	for (size_t i = 0; i < list.count; i++) {
		char buf[CC_CHESS_SAN_MAX];
		cc_chess_move_to_uci(list.moves[i], buf, sizeof buf);
		n += strncmp(buf, from_to, 4) == 0;
	}
	return n;
}

/* --- FEN ------------------------------------------------------------------- */

START_TEST(test_checkered_fen__reads_and_writes_eight_fields)
{
	CLAUSES("CK-1.1 CK-1.4");
	static const char *fens[] = {
		CK_START,
		CK_DIAGRAM1,
		CK_DIAGRAM2_BEFORE,
		"7k/b5pp/8/8/8/8/6ss/7K w - - 0 2 0000000000000011 g3g2",
		"r3k2r/1s4s1/8/8/8/8/1s4s1/R3K2R b KQkq - 0 1 0100001001000010 -",
		"1nb1kb1r/r3p3/ppp2p2/q1Pp2ps/3P4/1P2PPPP/P2B4/RNQ1K1NR w k - 0 17 1111111111101100 h7h5",
	};
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		char buf[CC_CHESS_FEN_MAX];
		cc_chess_position pos = ck_pos(fens[i]);
		cc_chess_position_to_fen(&pos, buf, sizeof buf);
		ck_assert_str_eq(buf, fens[i]);
	}
	/* the five letters in either case; written lowercase */
	cc_chess_position pos = ck_pos("k7/8/8/8/3SUOCT/8/8/K7 w - - 0 1 0000000000000000 -");
	char buf[CC_CHESS_FEN_MAX];
	cc_chess_position_to_fen(&pos, buf, sizeof buf);
	ck_assert_str_eq(buf, "k7/8/8/8/3suoct/8/8/K7 w - - 0 1 0000000000000000 -");
	static const cc_chess_piece_type kinds[] = {CC_CHESS_PAWN, CC_CHESS_ROOK, CC_CHESS_KNIGHT, CC_CHESS_BISHOP,
	                                            CC_CHESS_QUEEN};
	for (unsigned f = 3; f < 8; f++) {
		cc_side side = CC_SIDE_BLACK;
		ck_assert_int_eq(cc_chess_piece_at(&pos, 24 + f, &side), kinds[f - 3]);
		ck_assert(cc_chess_is_checkered(&pos, 24 + f));
		ck_assert_int_eq(side, CC_SIDE_WHITE); /* the side to move owns them for now */
	}
	ck_assert(!cc_chess_is_checkered(&pos, 0));
	/* the last checkered move is the position's */
	pos = ck_pos(fens[3]);
	ck_assert_uint_eq(cc_chess_move_from(pos.last_checkered), 22); /* g3 */
	ck_assert_uint_eq(cc_chess_move_to(pos.last_checkered), 14);   /* g2 */
}
END_TEST

START_TEST(test_checkered_fen__standard_fen_starts_a_game)
{
	CLAUSES("CK-1.2");
	char buf[CC_CHESS_FEN_MAX];
	cc_chess_position pos = ck_pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	cc_chess_position_to_fen(&pos, buf, sizeof buf);
	ck_assert_str_eq(buf, CK_START);
	cc_chess_position start;
	cc_chess_position_start_variant(&start, CC_CHESS_VARIANT_CHECKERED);
	ck_assert_int_eq(memcmp(&pos, &start, sizeof pos), 0);
	/* the rights where each side's own pawn still stands on its start square */
	pos = ck_pos("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2");
	cc_chess_position_to_fen(&pos, buf, sizeof buf);
	ck_assert_str_eq(buf, "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2 1111011111011111 -");
	pos = ck_pos("4k3/8/8/8/8/8/8/4K3 b - -");
	cc_chess_position_to_fen(&pos, buf, sizeof buf);
	ck_assert_str_eq(buf, "4k3/8/8/8/8/8/8/4K3 b - - 0 1 0000000000000000 -");
}
END_TEST

START_TEST(test_checkered_fen__refuses_malformed_fields)
{
	CLAUSES("CK-1.1");
	ck_assert_str_eq(ck_refusal(CC_CHESS_VARIANT_CHECKERED, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 000000000000000 -"),
	                 "FEN double-step rights '000000000000000' are not 16 characters 0 or 1 (white a-h, then black)");
	ck_assert_str_eq(ck_refusal(CC_CHESS_VARIANT_CHECKERED, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 00000000000000x0 -"),
	                 "FEN double-step rights '00000000000000x0' are not 16 characters 0 or 1 (white a-h, then black)");
	ck_assert_str_eq(ck_refusal(CC_CHESS_VARIANT_CHECKERED, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0000000000000000 g3"),
	                 "FEN last checkered move 'g3' is not '-' or like g3g2");
	ck_assert_str_eq(ck_refusal(CC_CHESS_VARIANT_CHECKERED, "4k3/8/8/8/8/8/6s1/4K3 w - - 0 1 0000000000000000 g2g3"),
	                 "FEN last checkered move g2g3 needs g2 empty and a checkered piece on g3");
	ck_assert_str_eq(ck_refusal(CC_CHESS_VARIANT_CHECKERED, "4k3/8/8/8/8/6p1/8/4K3 w - - 0 1 0000000000000000 g2g3"),
	                 "FEN last checkered move g2g3 needs g2 empty and a checkered piece on g3");
	ck_assert_str_eq(ck_refusal(CC_CHESS_VARIANT_CHECKERED, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0000000000000000"),
	                 "Checkered FEN needs 8 fields (or a standard FEN's 6 or 4), this one has 7");
	ck_assert_str_eq(ck_refusal(CC_CHESS_VARIANT_CHECKERED, "4k3/8/8/8/8/8/8/4K2x w - - 0 1"),
	                 "FEN board has 'x', not a piece letter");
	/* a standard reading takes neither the letters nor the fields */
	ck_assert_str_eq(ck_refusal(CC_CHESS_VARIANT_STANDARD, "4k3/8/8/8/8/8/6s1/4K3 w - - 0 1"),
	                 "FEN board has 's', not a piece letter");
	ck_assert_str_eq(ck_refusal(CC_CHESS_VARIANT_STANDARD, CK_START),
	                 "FEN has 8 fields: a Checkered FEN, not a standard one");
	cc_chess_variant v;
	cc_error err = {0};
	ck_assert_int_eq(cc_chess_variant_from_name("checkered", &v, &err), CC_OK);
	ck_assert_int_eq(v, CC_CHESS_VARIANT_CHECKERED);
	ck_assert_str_eq(cc_chess_variant_name(v), "checkered");
	ck_assert_int_eq(cc_chess_variant_from_name("atomic", &v, &err), CC_ERR_INVALID);
	ck_assert_str_eq(err.message, "unknown chess variant 'atomic': say standard or checkered");
}
END_TEST

START_TEST(test_checkered_fen__refuses_impossible_positions)
{
	CLAUSES("CK-1.3");
	ck_assert_str_eq(ck_refusal(CC_CHESS_VARIANT_CHECKERED, "3sk3/8/8/8/8/8/8/4K3 w - - 0 1"),
	                 "FEN has a pawn on the first or last rank");
	ck_assert_str_eq(ck_refusal(CC_CHESS_VARIANT_CHECKERED, "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1"),
	                 "FEN has more than 8 White pawns");
	/* checkered pawns are nobody's: eight plain pawns and two checkered are fine */
	ck_pos("4k3/8/8/8/8/ss6/PPPPPPPP/4K3 w - - 0 1");
	/* the king of the side not to move attacked by a checkered piece, which
	 * the side to move owns: a checkered pawn on d7 takes on e8 for White */
	ck_assert_str_eq(ck_refusal(CC_CHESS_VARIANT_CHECKERED, "4k3/3s4/8/8/8/8/8/4K3 w - - 0 1"),
	                 "FEN has Black in check with White to move");
	ck_pos("4k3/3s4/8/8/8/8/8/4K3 b - - 0 1"); /* for Black it takes on c6 and e6 */
	ck_assert_str_eq(ck_refusal(CC_CHESS_VARIANT_CHECKERED, "4k3/8/8/8/4u3/8/8/4K3 w - - 0 1"),
	                 "FEN has Black in check with White to move");
}
END_TEST

/* --- moves ------------------------------------------------------------------ */

START_TEST(test_checkered_moves__capture_makes_the_capturer_checkered)
{
	CLAUSES("CK-2.1");
	ck_assert_str_eq(fen_after(CK_START, "e2e4 d7d5 e4d5"),
	                 "rnbqkbnr/ppp1pppp/8/3s4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 1111011111101111 -");
	/* the king's capture leaves it a king of its colour */
	ck_assert_str_eq(fen_after("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2"),
	                 "4k3/8/8/8/8/8/3K4/8 b - - 0 1 0000000000000000 -");
	/* checkered pieces are taken by nobody, kings included */
	const char *fen = "4k3/8/8/3q4/8/3s4/8/4K3 b - - 0 1 0000000000000000 -";
	ck_assert(!is_legal_uci(fen, "d5d3"));
	ck_assert(is_legal_uci(fen, "d5d4"));
	fen = "4k3/8/8/8/8/3s4/3K4/8 w - - 0 1 0000000000000000 -";
	ck_assert(!is_legal_uci(fen, "d2d3"));
}
END_TEST

START_TEST(test_checkered_moves__capturer_keeps_its_kind_or_takes_the_captured_one)
{
	CLAUSES("CK-2.2");
	const char *fen = "4k3/8/8/4b3/8/5N2/8/4K3 w - - 0 1 0000000000000000 -";
	ck_assert_uint_eq(moves_between(fen, "f3e5"), 2);
	ck_assert_str_eq(fen_after(fen, "f3e5"), "4k3/8/8/4o3/8/8/8/4K3 b - - 0 1 0000000000000000 -");
	ck_assert_str_eq(fen_after(fen, "f3e5b"), "4k3/8/8/4c3/8/8/8/4K3 b - - 0 1 0000000000000000 -");
	/* same kind: one move */
	ck_assert_uint_eq(moves_between("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 1);
	ck_assert_uint_eq(moves_between("4k3/8/8/8/8/8/r7/R3K3 w - - 0 1", "a1a2"), 1);
	/* a pawn takes a piece: a pawn or that piece */
	ck_assert_uint_eq(moves_between("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 2);
	ck_assert(is_legal_uci("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5n"));
}
END_TEST

START_TEST(test_checkered_moves__checkered_pieces_serve_the_side_to_move)
{
	CLAUSES("CK-2.3");
	/* a checkered pawn moves up for White, down for Black */
	const char *w = "4k3/8/8/8/3s4/8/8/4K3 w - - 0 1 0000000000000000 -";
	const char *b = "4k3/8/8/8/3s4/8/8/4K3 b - - 0 1 0000000000000000 -";
	ck_assert(is_legal_uci(w, "d4d5") && !is_legal_uci(w, "d4d3"));
	ck_assert(is_legal_uci(b, "d4d3") && !is_legal_uci(b, "d4d5"));
	/* a checkered rook takes the opponent's pieces only */
	const char *rw = "4k3/8/8/p2u2P1/8/8/8/4K3 w - - 0 1 0000000000000000 -";
	const char *rb = "4k3/8/8/p2u2P1/8/8/8/4K3 b - - 0 1 0000000000000000 -";
	ck_assert(is_legal_uci(rw, "d5a5") && !is_legal_uci(rw, "d5g5"));
	ck_assert(is_legal_uci(rb, "d5g5") && !is_legal_uci(rb, "d5a5"));
	/* it promotes on the mover's last rank, into a checkered piece */
	ck_assert_str_eq(fen_after("4k3/1s6/8/8/8/8/8/4K3 w - - 0 1 0000000000000000 -", "b7b8q"),
	                 "1t2k3/8/8/8/8/8/8/4K3 b - - 0 1 0000000000000000 b7b8");
	ck_assert_uint_eq(moves_between("4k3/8/8/8/8/8/1s6/4K3 b - - 0 1 0000000000000000 -", "b2b1"), 4);
}
END_TEST

START_TEST(test_checkered_moves__promotion_by_capture_chooses_its_piece)
{
	CLAUSES("CK-2.4");
	const char *fen = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1 0000000000000000 -";
	ck_assert_uint_eq(moves_between(fen, "b7a8"), 4);
	ck_assert_str_eq(fen_after(fen, "b7a8n"), "o3k3/8/8/8/8/8/8/4K3 b - - 0 1 0000000000000000 -");
	ck_assert_str_eq(fen_after(fen, "b7a8r"), "u3k3/8/8/8/8/8/8/4K3 b - - 0 1 0000000000000000 -");
	/* a quiet promotion of one's own pawn stays one's own */
	ck_assert_str_eq(fen_after(fen, "b7b8q"), "rQ2k3/8/8/8/8/8/8/4K3 b - - 0 1 0000000000000000 -");
}
END_TEST

START_TEST(test_checkered_moves__double_step_rights)
{
	CLAUSES("CK-2.5");
	/* a pawn leaving its start square takes the file's right with it */
	ck_assert_str_eq(fen_after(CK_START, "e2e3"),
	                 "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1 1111011111111111 -");
	/* a checkered pawn made by a capture on a start square keeps the right */
	const char *made = "4k3/8/8/8/8/3p4/4P3/4K3 b - - 0 1 0000100000000000 -";
	ck_assert_str_eq(fen_after(made, "d3e2"), "4k3/8/8/8/8/8/4s3/4K3 w - - 0 2 0000100000000000 -");
	cc_chess_position pos = ck_pos(made);
	play(&pos, "d3e2 e2e4");
	/* ... and one coming back to a start square after its pawn left does not */
	const char *back = "4k3/8/8/8/8/8/4s3/4K3 w - - 0 2 0000000000000000 -";
	ck_assert(is_legal_uci(back, "e2e3") && !is_legal_uci(back, "e2e4"));
	/* any pawn leaving the square, checkered ones too, and either way */
	ck_assert_str_eq(fen_after("4k3/8/8/8/8/8/4s3/K7 b - - 0 1 0000100000000000 -", "e2e1n"),
	                 "4k3/8/8/8/8/8/8/K3o3 w - - 0 2 0000000000000000 e2e1");
	/* (e2e1q would leave a checkered queen on the e-file, White's then, against our king) */
	ck_assert(!is_legal_uci("4k3/8/8/8/8/8/4s3/K7 b - - 0 1 0000100000000000 -", "e2e1q"));
	/* a checkered double step creates no en passant square */
	ck_assert_str_eq(fen_after("4k3/8/8/8/5p2/8/4s3/K7 w - - 0 1 0000100000000000 -", "e2e4"),
	                 "4k3/8/8/8/4sp2/8/8/K7 b - - 0 1 0000000000000000 e2e4");
}
END_TEST

START_TEST(test_checkered_moves__en_passant_plain_pawns_only)
{
	CLAUSES("CK-2.6");
	const char *fen = "4k3/3p4/8/2s1P3/8/8/8/4K3 b - - 0 1 0000000000010000 -";
	cc_chess_position pos = ck_pos(fen);
	play(&pos, "d7d5");
	ck_assert_uint_eq(pos.ep_square, 43); /* d6 */
	ck_assert(legal_uci(&pos, "e5d6") != CC_CHESS_MOVE_NONE);
	ck_assert(legal_uci(&pos, "c5d6") == CC_CHESS_MOVE_NONE); /* the checkered pawn may not */
	play(&pos, "e5d6");
	char buf[CC_CHESS_FEN_MAX];
	cc_chess_position_to_fen(&pos, buf, sizeof buf);
	ck_assert_str_eq(buf, "4k3/8/3s4/2s5/8/8/8/4K3 b - - 0 2 0000000000000000 -");
	/* the new checkered pawn on d6 would attack our king on c5 for Black: refused */
	ck_assert(!is_legal_uci("8/8/8/2KpP3/8/8/8/7k w - d6 0 2 0000000000000000 -", "e5d6"));
	ck_assert(is_legal_uci("8/8/8/3pP3/2K5/8/8/7k w - d6 0 2 0000000000000000 -", "e5d6"));
}
END_TEST

START_TEST(test_checkered_moves__no_immediate_undo)
{
	CLAUSES("CK-2.7");
	/* White's checkered rook went a1-a4: Black may not bring it back at once */
	const char *fen = "4k3/8/8/8/u7/8/8/4K3 b - - 0 1 0000000000000000 a1a4";
	ck_assert(!is_legal_uci(fen, "a4a1"));
	ck_assert(is_legal_uci(fen, "a4a2"));
	/* a move later it may */
	cc_chess_position pos = ck_pos("4k3/8/8/8/u7/8/8/4K3 b - - 0 1 0000000000000000 -");
	play(&pos, "a4a1");
	ck_assert(legal_uci(&pos, "a1a4") == CC_CHESS_MOVE_NONE);
	play(&pos, "e1d2");
	ck_assert(legal_uci(&pos, "a1a4") != CC_CHESS_MOVE_NONE);
	/* squares only: a piece promoted on the way may not go back either */
	ck_assert(!is_legal_uci("4k3/8/8/8/8/8/8/1t2K3 w - - 0 1 0000000000000000 b2b1", "b1b2"));
	/* a capture is no checkered move: no restriction after it */
	pos = ck_pos("4k3/8/8/8/8/8/p7/R3K3 w - - 0 1 0000000000000000 -");
	play(&pos, "a1a2 e8d8");
	ck_assert_uint_eq(pos.last_checkered, CC_CHESS_MOVE_NONE);
	/* a pass is the last move: the restriction is gone (CK-4.4) */
	pos = ck_pos("4k3/8/8/8/u7/8/8/4K3 b - - 0 1 0000000000000000 a1a4");
	cc_chess_undo undo;
	ck_assert_int_eq(cc_chess_make_null(&pos, &undo, NULL), CC_OK);
	ck_assert_uint_eq(pos.last_checkered, CC_CHESS_MOVE_NONE);
	cc_chess_unmake_null(&pos, &undo);
	ck_assert_uint_ne(pos.last_checkered, CC_CHESS_MOVE_NONE);
}
END_TEST

START_TEST(test_checkered_moves__immediate_undo_refused_with_its_reason)
{
	CLAUSES("CK-2.7");
	/* White's checkered rook went a1-a4: the move back is refused with
	 * CK-2.7's id and the two squares, not as any illegal move */
	cc_chess_position pos = ck_pos("4k3/8/8/8/u7/8/8/4K3 b - - 0 1 0000000000000000 a1a4");
	cc_chess_move m;
	cc_error err = {0};
	ck_assert_int_eq(cc_chess_parse_move(&pos, "a4a1", CC_CHESS_PARSE_LENIENT, &m, &err), CC_ERR_ILLEGAL_MOVE);
	ck_assert_int_eq(err.msg, CC_MSG_ILLEGAL_IMMEDIATE_UNDO);
	ck_assert_str_eq(err.args[2].text, "a1");
	ck_assert_str_eq(err.args[3].text, "a4");
	/* another square of the same piece is a move; another illegal move keeps the plain reason */
	ck_assert_int_eq(cc_chess_parse_move(&pos, "a4a2", CC_CHESS_PARSE_LENIENT, &m, NULL), CC_OK);
	ck_assert_int_eq(cc_chess_parse_move(&pos, "e8e6", CC_CHESS_PARSE_LENIENT, &m, &err), CC_ERR_ILLEGAL_MOVE);
	ck_assert_int_eq(err.msg, CC_MSG_ILLEGAL_MOVE);
}
END_TEST

START_TEST(test_checkered_moves__king_safe_from_opponent_and_checkered_pieces)
{
	CLAUSES("CK-2.8");
	/* a checkered pawn on e3 attacks d2 and f2 for Black after White's move */
	const char *fen = "4k3/8/8/8/8/4s3/8/4K3 w - - 0 1 0000000000000000 -";
	ck_assert(!is_legal_uci(fen, "e1d2") && !is_legal_uci(fen, "e1f2") && is_legal_uci(fen, "e1e2"));
	/* the piece a capture makes is checkered: it may not attack our king */
	fen = "4k3/8/8/4n3/8/8/4Q3/4K3 w - - 0 1 0000000000000000 -";
	ck_assert(!is_legal_uci(fen, "e2e5"));
	ck_assert(is_legal_uci(fen, "e2e5n"));
	/* a pinned piece that takes its pinner still leaves a checkered attacker on the line */
	ck_assert_uint_eq(moves_between("4k3/8/8/4r3/8/8/4R3/4K3 w - - 0 1 0000000000000000 -", "e2e5"), 0);
	ck_assert_uint_eq(moves_between("4k3/8/8/7q/8/8/4B3/3K4 w - - 0 1 0000000000000000 -", "e2h5"), 0);
	/* a checkered piece giving check may step away, or be blocked */
	fen = "4k3/4p3/8/8/4u3/8/8/R3K3 w Q - 0 1 0000000000000000 -";
	cc_chess_position pos = ck_pos(fen);
	ck_assert(cc_chess_in_check(&pos));
	ck_assert(is_legal_uci(fen, "e4a4"));
	ck_assert(!is_legal_uci(fen, "e4e5"));
	ck_assert(!is_legal_uci(fen, "a1a4")); /* our rook cannot take a checkered piece */
	ck_assert(is_legal_uci(fen, "a1e1") == false);
	ck_assert(is_legal_uci(fen, "e1d2"));
}
END_TEST

START_TEST(test_checkered_moves__castling_tests_start_and_crossing_against_the_opponent_only)
{
	CLAUSES("CK-2.9");
	/* a checkered bishop attacks e1 and f1 (for Black): castling stands */
	ck_assert(is_legal_uci("4k3/8/8/8/8/8/8/4K2R w K - 0 1 0000000000000000 -", "e1g1"));
	ck_assert(is_legal_uci("4k3/8/8/8/8/8/6c1/4K2R w K - 0 1 0000000000000000 -", "e1g1"));
	ck_assert(is_legal_uci("4k3/8/8/8/8/8/3c4/4K2R w K - 0 1 0000000000000000 -", "e1g1"));
	/* ... but not when it attacks g1, the destination */
	ck_assert(!is_legal_uci("4k3/8/8/8/8/8/7c/4K2R w K - 0 1 0000000000000000 -", "e1g1"));
	/* the opponent's own bishop on f1's diagonal forbids it */
	ck_assert(!is_legal_uci("4k3/8/8/8/8/8/6b1/4K2R w K - 0 1 0000000000000000 -", "e1g1"));
	/* queen side: d1 crossed, c1 reached */
	ck_assert(is_legal_uci("4k3/8/8/8/8/8/2c5/R3K3 w Q - 0 1 0000000000000000 -", "e1c1"));
	ck_assert(!is_legal_uci("4k3/8/8/8/8/8/1c6/R3K3 w Q - 0 1 0000000000000000 -", "e1c1"));
}
END_TEST

static const char *const unmake_fens[] = {
	CK_START,
	CK_DIAGRAM1,
	CK_DIAGRAM2_BEFORE,
	"r3k2r/p1ppqpb1/bn2pnp1/3so3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 1110011110110111 -",
	"r3k2r/1s4s1/8/8/8/8/1S4S1/R3K2R b KQkq - 0 1 0100001001000010 -",
	"4k3/3p4/8/2s1P3/8/8/8/4K3 b - - 0 1 0000000000010000 -",
	"1u3u2/3ok1b1/1npp2pp/1p2s3/5PPP/PP3K1b/2P4R/1R6 w - - 0 32 1110100010110111 c5d7",
};

START_TEST(test_checkered_moves__unmake_restores_every_position)
{
	CLAUSES("CK-2.1 CK-2.5 CK-2.7");
	for (size_t i = 0; i < sizeof unmake_fens / sizeof unmake_fens[0]; i++) {
		cc_chess_position pos = ck_pos(unmake_fens[i]);
		cc_chess_move_list list;
		cc_chess_legal_moves(&pos, &list);
		for (size_t k = 0; k < list.count; k++) {
			cc_chess_position before = pos;
			cc_chess_undo undo;
			cc_chess_make(&pos, list.moves[k], &undo);
			cc_chess_unmake(&pos, list.moves[k], &undo);
			ck_assert_int_eq(memcmp(&pos, &before, sizeof pos), 0);
		}
	}
}
END_TEST

/* --- perft -------------------------------------------------------------------- */

/* Counts checked against the reference implementation (vchess, Checkered2.js). */
static const struct {
	const char *fen;
	unsigned depth;
	uint64_t nodes;
} ck_perft[] = {
	{CK_DIAGRAM1, 3, 42489},
	{CK_DIAGRAM2_BEFORE, 4, 2011},
	{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 1110011111111111 -", 3, 126673},
	{"r3k2r/p1ppqpb1/bn2pnp1/3so3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 1110011110110111 -", 3, 122940},
	{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 0000101000100000 -", 4, 55962},
	{"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1 0000000000000000 -", 4, 314330},
	{"r3k2r/8/8/8/4c3/8/8/R3K2R w KQkq - 0 1 0000000000000000 -", 3, 39616},
	{"4k3/4p3/8/8/4u3/8/3P4/R3K2R w KQ - 0 1 0001000000000000 -", 4, 103306},
	{"r3k2r/1s4s1/8/8/8/8/1S4S1/R3K2R b KQkq - 0 1 0100001001000010 -", 3, 48925},
	{"1u3u2/3ok1b1/1npp2pp/1p2s3/5PPP/PP3K1b/2P4R/1R6 w - - 0 32 1110100010110111 c5d7", 3, 53963},
	{"3k1bn1/rp1bp1p1/n1p2p2/p1Pp4/P2P1P2/1N6/1P1tQ1PP/R1BK1BNR w - - 0 20 1100101101101111 c3d2", 3, 4114},
	{"1nb1kb1r/r3p3/ppp2p2/q1Pp2ps/3P4/1P2PPPP/P2B4/RNQ1K1NR w k - 0 17 1111111111101100 h7h5", 3, 24418},
	{"rnqk1b1r/1p2p2p/p2p1ps1/2p5/PPP2Pb1/1Q3uPB/3PP2R/1NB1K1N1 w - - 0 17 1101101011111111 g7g6", 3, 43865},
};

START_TEST(test_checkered_perft__start_position)
{
	CLAUSES("CK-2.10");
	static const uint64_t nodes[] = {1, 20, 400, 8922, 198783, 4964025};
	cc_chess_position pos;
	cc_chess_position_start_variant(&pos, CC_CHESS_VARIANT_CHECKERED);
	for (unsigned d = 0; d < sizeof nodes / sizeof nodes[0]; d++)
		ck_assert_uint_eq(cc_chess_perft(&pos, d), nodes[d]);
}
END_TEST

START_TEST(test_checkered_perft__matches_the_reference_implementation)
{
	CLAUSES("CK-2.10");
	for (size_t i = 0; i < sizeof ck_perft / sizeof ck_perft[0]; i++) {
		cc_chess_position pos = ck_pos(ck_perft[i].fen);
		ck_assert_msg(cc_chess_perft(&pos, ck_perft[i].depth) == ck_perft[i].nodes, "%s", ck_perft[i].fen);
	}
}
END_TEST

START_TEST(test_checkered_perft__listing_and_counting_agree)
{
	CLAUSES("CK-2.10");
	for (size_t i = 0; i < sizeof ck_perft / sizeof ck_perft[0]; i++) {
		cc_chess_position pos = ck_pos(ck_perft[i].fen);
		cc_chess_move_list list;
		cc_chess_legal_moves(&pos, &list);
		ck_assert_uint_eq(list.count, cc_chess_count_legal_moves(&pos));
		uint64_t sum = 0;
		for (size_t k = 0; k < list.count; k++) {
			cc_chess_undo undo;
			cc_chess_make(&pos, list.moves[k], &undo);
			ck_assert_uint_eq(cc_chess_perft(&pos, 1), cc_chess_count_legal_moves(&pos));
			sum += cc_chess_perft(&pos, 1);
			cc_chess_unmake(&pos, list.moves[k], &undo);
		}
		ck_assert_uint_eq(sum, cc_chess_perft(&pos, 2));
	}
}
END_TEST

/* --- notation ------------------------------------------------------------------ */

START_TEST(test_checkered_san__writes_the_kind_taken)
{
	CLAUSES("CK-3.1");
	ck_assert_str_eq(san_of(CK_DIAGRAM1, "h5h4p"), "Rxh4=P");
	ck_assert_str_eq(san_of(CK_DIAGRAM1, "h5h4"), "Rxh4");
	ck_assert_str_eq(san_of("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5n"), "exd5=N");
	ck_assert_str_eq(san_of("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");
	ck_assert_str_eq(san_of("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q"), "bxa8=Q+");
	/* a plain rook and a checkered one, both ours to move: disambiguated */
	ck_assert_str_eq(san_of("8/4k3/8/8/8/8/4K3/R6u w - - 0 1", "a1d1"), "Rad1");
	ck_assert_str_eq(san_of("8/4k3/8/8/8/8/4K3/R6u w - - 0 1", "h1d1"), "Rhd1");
	ck_assert_str_eq(san_of("8/4k3/8/8/8/8/4K3/R6u w - - 0 1", "h1g1"), "Rhg1");
	ck_assert_str_eq(san_of("8/4k3/8/8/8/8/4K3/R6u w - - 0 1", "h1h5"), "Rh5");
	ck_assert_str_eq(san_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1 0000000000000000 -", "e1g1"), "O-O");
	cc_chess_position pos = ck_pos(CK_DIAGRAM2_BEFORE);
	char buf[CC_CHESS_SAN_MAX];
	cc_chess_move_to_san(&pos, legal_uci(&pos, "g3g2"), buf, sizeof buf);
	ck_assert_str_eq(buf, "g2#");
}
END_TEST

START_TEST(test_checkered_san__reads_the_kind_taken)
{
	CLAUSES("CK-3.2 CK-2.1");
	ck_assert_str_eq(parsed(CK_DIAGRAM1, "Rxh4=P", CC_CHESS_PARSE_STRICT), "h5h4p");
	ck_assert_str_eq(parsed(CK_DIAGRAM1, "Rxh4", CC_CHESS_PARSE_STRICT), "h5h4");
	ck_assert_str_eq(parsed(CK_DIAGRAM1, "Rxh4P", CC_CHESS_PARSE_STRICT), cc_err_name(CC_ERR_INVALID));
	ck_assert_str_eq(parsed(CK_DIAGRAM1, "Rxh4P", CC_CHESS_PARSE_LENIENT), "h5h4p");
	ck_assert_str_eq(parsed(CK_DIAGRAM1, "rxh4=p", CC_CHESS_PARSE_LENIENT), "h5h4p");
	ck_assert_str_eq(parsed(CK_DIAGRAM1, "h5h4p", CC_CHESS_PARSE_LENIENT), "h5h4p");
	ck_assert_str_eq(parsed(CK_DIAGRAM1, "Rxh4=N", CC_CHESS_PARSE_STRICT), cc_err_name(CC_ERR_ILLEGAL_MOVE));
	ck_assert_str_eq(parsed("8/4k3/8/8/8/8/4K3/R6u w - - 0 1", "Rd1", CC_CHESS_PARSE_STRICT),
	                 cc_err_name(CC_ERR_ILLEGAL_MOVE));
	/* A capture of a checkered piece is refused with its reason (CK-2.1). */
	cc_chess_position ck = ck_pos("8/4k3/8/8/8/8/4K3/R6u w - - 0 1");
	cc_chess_move none;
	cc_error why = {0};
	ck_assert_int_eq(cc_chess_parse_move(&ck, "Rxh1", CC_CHESS_PARSE_LENIENT, &none, &why), CC_ERR_ILLEGAL_MOVE);
	ck_assert_str_eq(why.message,
	                 "'Rxh1' is not a legal move for White here: the checkered piece on h1 is never captured (CK-2.1)");
	ck_assert_int_eq(cc_chess_parse_move(&ck, "a1h1", CC_CHESS_PARSE_LENIENT, &none, &why), CC_ERR_ILLEGAL_MOVE);
	ck_assert_int_eq(why.msg, CC_MSG_ILLEGAL_CHECKERED_CAPTURE);
	ck_assert_str_eq(why.args[2].text, "h1");
	/* in standard chess =P stays no move */
	cc_chess_position pos;
	cc_chess_move m;
	ck_assert_int_eq(cc_chess_position_from_fen(&pos, "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", NULL), CC_OK);
	ck_assert_int_ne(cc_chess_parse_move(&pos, "exd5=P", CC_CHESS_PARSE_LENIENT, &m, NULL), CC_OK);
}
END_TEST

/* --- states --------------------------------------------------------------------- */

START_TEST(test_checkered_states__seed_diagram_one)
{
	CLAUSES("CK-4.2");
	cc_chess_position pos = ck_pos(CK_DIAGRAM1);
	cc_chess_move m;
	ck_assert_int_eq(cc_chess_parse_move(&pos, "Rxh4=P", CC_CHESS_PARSE_STRICT, &m, NULL), CC_OK);
	cc_chess_undo undo;
	cc_chess_make(&pos, m, &undo);
	char buf[CC_CHESS_FEN_MAX];
	cc_chess_position_to_fen(&pos, buf, sizeof buf);
	ck_assert_str_eq(buf, "2kr4/pp6/2p5/4ss2/1P2ns1s/2Np4/P1P1P1BP/R2o1RK1 w - - 0 2 1010100111000000 -");
	/* the checkered pawn, White's now, may go to h5, where the rook came from */
	ck_assert_int_eq(cc_chess_parse_move(&pos, "h5", CC_CHESS_PARSE_STRICT, &m, NULL), CC_OK);
}
END_TEST

START_TEST(test_checkered_states__seed_diagram_two_is_mate)
{
	CLAUSES("CK-4.1 CK-4.2");
	const char *fens[] = {CK_DIAGRAM2_BEFORE, CK_DIAGRAM2_NO_BISHOP};
	for (size_t i = 0; i < 2; i++) {
		cc_chess_position pos = ck_pos(fens[i]);
		play(&pos, "g3g2");
		/* h1 attacked by the checkered g2 pawn with the turn passed */
		ck_assert(cc_chess_in_check(&pos));
		ck_assert_uint_eq(cc_chess_count_legal_moves(&pos), 0);
		ck_assert(cc_chess_is_checkmate(&pos));
		ck_assert(!cc_chess_is_stalemate(&pos));
		/* g2-g3 would parry, but undoes the checkered move; Kg1 walks into the h2 pawn */
		ck_assert(legal_uci(&pos, "g2g3") == CC_CHESS_MOVE_NONE);
		ck_assert(legal_uci(&pos, "h1g1") == CC_CHESS_MOVE_NONE);
	}
}
END_TEST

START_TEST(test_checkered_states__stalemate)
{
	CLAUSES("CK-4.1");
	/* Kb1 walks into the checkered a2 pawn (Black's after the move), Kb2 into a3 */
	cc_chess_position pos = ck_pos("7k/8/8/8/8/p2q4/s7/K7 w - - 0 1 0000000000000000 -");
	ck_assert(!cc_chess_in_check(&pos));
	ck_assert(cc_chess_is_stalemate(&pos));
	ck_assert(!cc_chess_is_checkmate(&pos));
	ck_assert_uint_eq(cc_chess_draw_states(&pos, 1) & CC_CHESS_DRAW_STALEMATE, CC_CHESS_DRAW_STALEMATE);
}
END_TEST

START_TEST(test_checkered_states__draw_information)
{
	CLAUSES("CK-4.3");
	char a[CC_CHESS_FEN_MAX], b[CC_CHESS_FEN_MAX];
	cc_chess_position p1 = ck_pos("4k3/8/8/8/u7/8/8/4K3 b - - 0 1 0000000000000000 a1a4");
	cc_chess_position p2 = ck_pos("4k3/8/8/8/u7/8/8/4K3 b - - 7 9 0000000000000000 -");
	cc_chess_position_key(&p1, a, sizeof a);
	cc_chess_position_key(&p2, b, sizeof b);
	ck_assert_str_eq(a, "4k3/8/8/8/u7/8/8/4K3 b - - 0000000000000000 a1a4");
	ck_assert_str_ne(a, b);
	/* a game counts repetitions with the rights and the last checkered move:
	 * as the program counts them, a chess game on the Checkered board */
	cc_match_settings set;
	cc_match *m = NULL;
	cc_error err = {0};
	cc_match_settings_default(&set);
	set.format = CC_FORMAT_CHESS;
	set.record = CC_RECORD_MOVES;
	set.claims = CC_CLAIMS_MANUAL;
	set.variant = CC_CHESS_VARIANT_CHECKERED;
	ck_assert_int_eq(cc_match_create(&m, &set, &err), CC_OK);
	cc_event ev = cc_event_start(0);
	ck_assert_int_eq(cc_match_apply(m, &ev, &err), CC_OK);
	const char *shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"};
	cc_match_view v;
	for (int i = 0; i < 8; i++) {
		ev = cc_event_move_text(i + 1, i % 2 ? CC_SIDE_BLACK : CC_SIDE_WHITE, shuffle[i]);
		ck_assert_msg(cc_match_apply(m, &ev, &err) == CC_OK, "%s: %s", shuffle[i], err.message);
	}
	cc_match_view_at(m, 8, &v);
	ck_assert_uint_eq(v.repetitions, 3);
	ck_assert(v.draws & CC_CHESS_DRAW_THREEFOLD);
	cc_match_destroy(m);
	/* insufficient material: the bare kings only */
	cc_chess_position kings = ck_pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
	ck_assert(cc_chess_insufficient_material(&kings));
	cc_chess_position bishop = ck_pos("4k3/8/8/8/8/8/2c5/4K3 w - - 0 1");
	ck_assert(!cc_chess_insufficient_material(&bishop));
	cc_chess_position standard;
	ck_assert_int_eq(cc_chess_position_from_fen(&standard, "4k3/8/8/8/8/8/2B5/4K3 w - - 0 1", NULL), CC_OK);
	ck_assert(cc_chess_insufficient_material(&standard));
}
END_TEST

START_TEST(test_checkered_states__pass)
{
	CLAUSES("CK-4.4");
	cc_chess_position pos = ck_pos("4k3/4p3/8/8/4u3/8/8/4K3 w - - 0 1 0000000000000000 -");
	cc_chess_undo undo;
	cc_error err = {0};
	ck_assert_int_eq(cc_chess_make_null(&pos, &undo, &err), CC_ERR_INVALID);
	ck_assert_str_eq(err.message, "White is in check and cannot pass");
	pos = ck_pos("4k3/8/8/8/u7/8/8/4K3 b - - 0 1 0000000000000000 a1a4");
	ck_assert_int_eq(cc_chess_make_null(&pos, &undo, &err), CC_OK);
	char buf[CC_CHESS_FEN_MAX];
	cc_chess_position_to_fen(&pos, buf, sizeof buf);
	ck_assert_str_eq(buf, "4k3/8/8/8/u7/8/8/4K3 w - - 1 2 0000000000000000 -");
}
END_TEST

START_TEST(test_checkered_game__plays_and_records_san)
{
	CLAUSES("CK-3.1 CK-3.2 CK-4.1");
	cc_chess_position pos;
	cc_chess_position_start_variant(&pos, CC_CHESS_VARIANT_CHECKERED);
	/* Bxc6 would give check: the checkered bishop attacks e8 for White; Bxc6=P does not */
	const char *sans[] = {"e4", "d5", "exd5", "Nf6", "Bb5+", "c6", "Bxc6=P", "e6", "c7"};
	cc_chess_move m = CC_CHESS_MOVE_NONE;
	cc_chess_undo undo;
	for (size_t i = 0; i < sizeof sans / sizeof sans[0]; i++) {
		cc_error err = {0};
		char san[CC_CHESS_SAN_MAX];
		ck_assert_msg(cc_chess_parse_move(&pos, sans[i], CC_CHESS_PARSE_STRICT, &m, &err) == CC_OK, "%s: %s",
		              sans[i], err.message);
		cc_chess_move_to_san(&pos, m, san, sizeof san);
		ck_assert_str_eq(san, sans[i]);
		cc_chess_make(&pos, m, &undo);
	}
	char buf[CC_CHESS_FEN_MAX];
	cc_chess_position_to_fen(&pos, buf, sizeof buf);
	ck_assert_str_eq(buf, "rnbqkb1r/pps2ppp/4pn2/3s4/8/8/PPPP1PPP/RNBQK1NR b KQkq - 0 5 1111011111000111 c6c7");
	cc_chess_unmake(&pos, m, &undo);
	cc_chess_position_to_fen(&pos, buf, sizeof buf);
	ck_assert_ptr_nonnull(strstr(buf, " w "));
	/* the seed's mate, played on the board */
	cc_chess_position before = ck_pos(CK_DIAGRAM2_BEFORE);
	ck_assert_int_eq(cc_chess_parse_move(&before, "g2#", CC_CHESS_PARSE_STRICT, &m, NULL), CC_OK);
	cc_chess_make(&before, m, &undo);
	ck_assert(cc_chess_is_checkmate(&before));
	ck_assert_uint_eq(cc_chess_draw_states(&before, 1), 0);
	ck_assert_int_eq(before.variant, CC_CHESS_VARIANT_CHECKERED);
}
END_TEST

static Suite *checkered_suite(void)
{
	Suite *s = suite_create("checkered");
	TCase *fen = tcase_create("fen");
	TCase *moves = tcase_create("moves");
	TCase *perft = tcase_create("perft");
	TCase *san = tcase_create("san");
	TCase *states = tcase_create("states");
	tcase_add_test(fen, test_checkered_fen__reads_and_writes_eight_fields);
	tcase_add_test(fen, test_checkered_fen__standard_fen_starts_a_game);
	tcase_add_test(fen, test_checkered_fen__refuses_malformed_fields);
	tcase_add_test(fen, test_checkered_fen__refuses_impossible_positions);
	tcase_add_test(moves, test_checkered_moves__capture_makes_the_capturer_checkered);
	tcase_add_test(moves, test_checkered_moves__capturer_keeps_its_kind_or_takes_the_captured_one);
	tcase_add_test(moves, test_checkered_moves__checkered_pieces_serve_the_side_to_move);
	tcase_add_test(moves, test_checkered_moves__promotion_by_capture_chooses_its_piece);
	tcase_add_test(moves, test_checkered_moves__double_step_rights);
	tcase_add_test(moves, test_checkered_moves__en_passant_plain_pawns_only);
	tcase_add_test(moves, test_checkered_moves__no_immediate_undo);
	tcase_add_test(moves, test_checkered_moves__immediate_undo_refused_with_its_reason);
	tcase_add_test(moves, test_checkered_moves__king_safe_from_opponent_and_checkered_pieces);
	tcase_add_test(moves, test_checkered_moves__castling_tests_start_and_crossing_against_the_opponent_only);
	tcase_add_test(moves, test_checkered_moves__unmake_restores_every_position);
	tcase_add_test(perft, test_checkered_perft__start_position);
	tcase_add_test(perft, test_checkered_perft__matches_the_reference_implementation);
	tcase_add_test(perft, test_checkered_perft__listing_and_counting_agree);
	tcase_set_timeout(perft, 120);
	tcase_add_test(san, test_checkered_san__writes_the_kind_taken);
	tcase_add_test(san, test_checkered_san__reads_the_kind_taken);
	tcase_add_test(states, test_checkered_states__seed_diagram_one);
	tcase_add_test(states, test_checkered_states__seed_diagram_two_is_mate);
	tcase_add_test(states, test_checkered_states__stalemate);
	tcase_add_test(states, test_checkered_states__draw_information);
	tcase_add_test(states, test_checkered_states__pass);
	tcase_add_test(states, test_checkered_game__plays_and_records_san);
	suite_add_tcase(s, fen);
	suite_add_tcase(s, moves);
	suite_add_tcase(s, perft);
	suite_add_tcase(s, san);
	suite_add_tcase(s, states);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(checkered_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
