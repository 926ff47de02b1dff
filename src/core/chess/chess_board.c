/*
 * chess_board.c: positions: FEN in and out with validation, make/unmake,
 * the pass, and the small geometric helpers the generator uses.
 *
 * A position keeps the same facts twice: bitboards (by type, by side) for
 * the generator and a 64-byte board for "what stands on this square". The
 * put/remove helpers below are the only writers, so both stay in step.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "checkered_internal.h"

/* A field of the FEN, cut to its length, for a refusal that names it. */
static const char *fen_field(char *buf, size_t size, const char *s, size_t len)
{
	snprintf(buf, size, "%.*s", (int)(len < size ? len : size - 1), s);
	return buf;
}

static const char piece_letters[] = " PNBRQK";
/* Checkered pieces in FEN (CK-1.1): s pawn, o knight, c bishop, u rook, t queen. */
static const char checkered_letters[] = " SOCUT";

static void put_piece(cc_chess_position *pos, unsigned sq, uint8_t code)
{
	pos->board[sq] = code;
	pos->by_type[code_type(code)] |= BB(sq);
	pos->by_side[code_side(code)] |= BB(sq);
}

static void remove_piece(cc_chess_position *pos, unsigned sq)
{
	uint8_t code = pos->board[sq];
	pos->board[sq] = 0;
	pos->by_type[code_type(code)] &= ~BB(sq);
	pos->by_side[code_side(code)] &= ~BB(sq);
}

static void move_piece(cc_chess_position *pos, unsigned from, unsigned to)
{
	uint8_t code = pos->board[from];
	uint64_t both = BB(from) | BB(to);
	pos->board[from] = 0;
	pos->board[to] = code;
	pos->by_type[code_type(code)] ^= both;
	pos->by_side[code_side(code)] ^= both;
}

cc_chess_piece_type cc_chess_piece_at(const cc_chess_position *pos, unsigned sq, cc_side *side)
{
	assert(sq < 64);
	uint8_t code = pos->board[sq];
	if (side && code)
		*side = (code & CC_CHESS_CHECKERED) ? pos->to_move : code_side(code);
	return code_type(code);
}

bool cc_chess_is_checkered(const cc_chess_position *pos, unsigned sq)
{
	assert(sq < 64);
	return (pos->board[sq] & CC_CHESS_CHECKERED) != 0;
}

const char *cc_chess_variant_name(cc_chess_variant variant)
{
	switch (variant) {
	case CC_CHESS_VARIANT_STANDARD:
		return "standard";
	case CC_CHESS_VARIANT_CHECKERED:
		return "checkered";
	}
	return "?";
}

cc_err cc_chess_variant_from_name(const char *name, cc_chess_variant *out, cc_error *err)
{
	if (strcmp(name, "standard") == 0)
		*out = CC_CHESS_VARIANT_STANDARD;
	else if (strcmp(name, "checkered") == 0)
		*out = CC_CHESS_VARIANT_CHECKERED;
	else
		return cc_refuse(err, CC_MSG_UNKNOWN_VARIANT, name);
	return CC_OK;
}

uint64_t cc_chess_between(unsigned a, unsigned b)
{
	if (rook_rays(a) & BB(b))
		return rook_attacks(a, BB(b)) & rook_attacks(b, BB(a));
	if (bishop_rays(a) & BB(b))
		return bishop_attacks(a, BB(b)) & bishop_attacks(b, BB(a));
	return 0;
}

uint64_t cc_chess_line_through(unsigned a, unsigned b)
{
	const struct cc_chess_lines *ls = &cc_chess_lines_of[a];
	for (unsigned i = 0; i < 4; i++) {
		uint64_t line = ls->line[i].below | ls->line[i].above;
		if (line & BB(b))
			return line | BB(a);
	}
	return 0;
}

bool cc_chess_in_check(const cc_chess_position *pos)
{
	cc_side us = pos->to_move;
	return attackers_to(pos, king_square(pos, us), occupied(pos), cc_side_other(us)) != 0;
}

bool cc_chess_opponent_in_check(const cc_chess_position *pos)
{
	cc_side them = cc_side_other(pos->to_move);
	return attackers_to(pos, king_square(pos, them), occupied(pos), pos->to_move) != 0;
}

/* --- FEN ----------------------------------------------------------------- */

static void clear_position(cc_chess_position *pos)
{
	memset(pos, 0, sizeof *pos);
	pos->ep_square = CC_CHESS_NO_SQUARE;
	pos->fullmove_number = 1;
}

static int letter_type(char c)
{
	const char *p = c ? strchr(piece_letters + 1, c) : NULL;
	return p ? (int)(p - piece_letters) : 0;
}

static cc_err parse_placement(cc_chess_position *pos, const char *s, size_t len, bool checkered, cc_error *err)
{
	unsigned rank = 7, file = 0;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (c == '/') {
			if (file != 8)
				return cc_refuse(err, CC_MSG_FEN_RANK_SHORT, rank + 1, file);
			if (rank == 0)
				return cc_refuse(err, CC_MSG_FEN_TOO_MANY_RANKS);
			rank--;
			file = 0;
		} else if (c >= '1' && c <= '8') {
			file += (unsigned)(c - '0');
			if (file > 8)
				return cc_refuse(err, CC_MSG_FEN_RANK_LONG, rank + 1);
		} else {
			bool black = c >= 'a' && c <= 'z';
			char upper = black ? (char)(c - 'a' + 'A') : c;
			int t = letter_type(upper);
			const char *ck = checkered && upper ? strchr(checkered_letters + 1, upper) : NULL;
			if (!t && !ck)
			{
				char letter[2] = {c, '\0'};
				return cc_refuse(err, CC_MSG_FEN_BAD_PIECE, letter);
			}
			if (file >= 8)
				return cc_refuse(err, CC_MSG_FEN_RANK_LONG, rank + 1);
			if (ck)
				ck_put(pos, rank * 8 + file, (uint8_t)(CC_CHESS_CHECKERED | (ck - checkered_letters)));
			else
				put_piece(pos, rank * 8 + file,
				          piece_code(black ? CC_SIDE_BLACK : CC_SIDE_WHITE, (cc_chess_piece_type)t));
			file++;
		}
	}
	if (rank != 0 || file != 8)
		return cc_refuse(err, CC_MSG_FEN_BOARD_SIZE);
	return CC_OK;
}

/* The rook and king squares each right needs, in CC_CHESS_CASTLE_* order. */
static const struct {
	char letter;
	unsigned king, rook;
	cc_side side;
} castle_rules[4] = {
	{'K', 4, 7, CC_SIDE_WHITE},
	{'Q', 4, 0, CC_SIDE_WHITE},
	{'k', 60, 63, CC_SIDE_BLACK},
	{'q', 60, 56, CC_SIDE_BLACK},
};

static cc_err parse_castling(cc_chess_position *pos, const char *s, size_t len, cc_error *err)
{
	if (len == 1 && s[0] == '-')
		return CC_OK;
	for (size_t i = 0; i < len; i++) {
		unsigned r = 0;
		while (r < 4 && castle_rules[r].letter != s[i])
			r++;
		if (r == 4 || (pos->castling & (1u << r)))
		{
			char field[CC_MSG_TEXT_MAX];
			return cc_refuse(err, CC_MSG_FEN_BAD_CASTLING, fen_field(field, sizeof field, s, len));
		}
		pos->castling |= (uint8_t)(1u << r);
		if (pos->board[castle_rules[r].king] != piece_code(castle_rules[r].side, CC_CHESS_KING) ||
		    pos->board[castle_rules[r].rook] != piece_code(castle_rules[r].side, CC_CHESS_ROOK))
		{
			char right[2] = {s[i], '\0'};
			char king[3] = {(char)('a' + castle_rules[r].king % 8), (char)('1' + castle_rules[r].king / 8), '\0'};
			char rook[3] = {(char)('a' + castle_rules[r].rook % 8), (char)('1' + castle_rules[r].rook / 8), '\0'};
			return cc_refuse(err, CC_MSG_FEN_CASTLING_IMPOSSIBLE, right, king, rook);
		}
	}
	return CC_OK;
}

static cc_err parse_ep(cc_chess_position *pos, const char *s, size_t len, cc_error *err)
{
	if (len == 1 && s[0] == '-')
		return CC_OK;
	if (len != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
	{
		char field[CC_MSG_TEXT_MAX];
		return cc_refuse(err, CC_MSG_FEN_BAD_EN_PASSANT, fen_field(field, sizeof field, s, len));
	}
	unsigned sq = (unsigned)(s[1] - '1') * 8 + (unsigned)(s[0] - 'a');
	cc_side them = cc_side_other(pos->to_move);
	/* the pawn that just moved two stands one square further on */
	bool white_moved = them == CC_SIDE_WHITE;
	unsigned want_rank = white_moved ? 2 : 5;
	unsigned pawn_sq = white_moved ? sq + 8 : sq - 8;
	unsigned start_sq = white_moved ? sq - 8 : sq + 8;
	if (sq / 8 != want_rank || pos->board[pawn_sq] != piece_code(them, CC_CHESS_PAWN) ||
	    pos->board[sq] || pos->board[start_sq])
	{
		char square[3];
		return cc_refuse(err, CC_MSG_FEN_EN_PASSANT_IMPOSSIBLE, fen_field(square, sizeof square, s, 2), them);
	}
	pos->ep_square = (uint8_t)sq;
	return CC_OK;
}

static cc_err parse_counter(const char *s, size_t len, unsigned long min, unsigned long max,
                            const char *what, unsigned long *out, cc_error *err)
{
	unsigned long v = 0;
	if (len == 0 || len > 6)
		goto bad;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			goto bad;
		v = v * 10 + (unsigned long)(s[i] - '0');
	}
	if (v < min || v > max)
		goto bad;
	*out = v;
	return CC_OK;
bad:
	{
		char field[CC_MSG_TEXT_MAX];
		return cc_refuse(err, CC_MSG_FEN_BAD_NUMBER, what, fen_field(field, sizeof field, s, len), min, max);
	}
}

static cc_err check_material(const cc_chess_position *pos, cc_error *err)
{
	for (unsigned s = 0; s < 2; s++) {
		cc_side side = (cc_side)s;
		unsigned kings = popcount(side_pieces(pos, side, CC_CHESS_KING));
		if (kings != 1)
			return cc_refuse(err, CC_MSG_FEN_KING_COUNT, kings, side);
		if (popcount(side_pieces(pos, side, CC_CHESS_PAWN) & ~checkered_set(pos)) > 8)
			return cc_refuse(err, CC_MSG_FEN_TOO_MANY_PAWNS, side);
	}
	if (pos->by_type[CC_CHESS_PAWN] & (RANK_1_BB | RANK_8_BB))
		return cc_refuse(err, CC_MSG_FEN_PAWN_ON_EDGE_RANK);
	return CC_OK;
}

/* Splits fen at spaces into at most 9 fields; returns the count. */
static size_t split_fields(const char *fen, const char *start[9], size_t len[9])
{
	size_t n = 0;
	const char *p = fen;
	while (*p) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		if (n == 9)
			return 10;
		start[n] = p;
		while (*p && *p != ' ')
			p++;
		len[n] = (size_t)(p - start[n]);
		n++;
	}
	return n;
}

/* Checkered's two extra fields (CK-1.1), or the rights a standard FEN implies (CK-1.2). */
static cc_err parse_checkered_fields(cc_chess_position *pos, const char *const f[9], const size_t len[9], size_t n,
                                     cc_error *err)
{
	pos->variant = CC_CHESS_VARIANT_CHECKERED;
	if (n < 8) {
		for (unsigned file = 0; file < 8; file++) {
			if (pos->board[8 + file] == piece_code(CC_SIDE_WHITE, CC_CHESS_PAWN))
				pos->pawn_rights |= (uint16_t)(1u << file);
			if (pos->board[48 + file] == piece_code(CC_SIDE_BLACK, CC_CHESS_PAWN))
				pos->pawn_rights |= (uint16_t)(1u << (8 + file));
		}
		return CC_OK;
	}
	bool ok = len[6] == 16;
	for (size_t i = 0; ok && i < 16; i++) {
		ok = f[6][i] == '0' || f[6][i] == '1';
		if (f[6][i] == '1')
			pos->pawn_rights |= (uint16_t)(1u << i);
	}
	if (!ok)
	{
		char field[CC_MSG_TEXT_MAX];
		return cc_refuse(err, CC_MSG_FEN_BAD_DOUBLE_STEPS, fen_field(field, sizeof field, f[6], len[6]));
	}
	const char *m = f[7];
	if (len[7] == 1 && m[0] == '-')
		return CC_OK;
	if (len[7] != 4 || m[0] < 'a' || m[0] > 'h' || m[1] < '1' || m[1] > '8' || m[2] < 'a' || m[2] > 'h' ||
	    m[3] < '1' || m[3] > '8')
	{
		char field[CC_MSG_TEXT_MAX];
		return cc_refuse(err, CC_MSG_FEN_BAD_LAST_CHECKERED, fen_field(field, sizeof field, m, len[7]));
	}
	unsigned from = (unsigned)(m[1] - '1') * 8 + (unsigned)(m[0] - 'a');
	unsigned to = (unsigned)(m[3] - '1') * 8 + (unsigned)(m[2] - 'a');
	if (from == to || pos->board[from] || !(pos->board[to] & CC_CHESS_CHECKERED))
	{
		char move[5], from_sq[3], to_sq[3];
		return cc_refuse(err, CC_MSG_FEN_LAST_CHECKERED_IMPOSSIBLE, fen_field(move, sizeof move, m, 4),
		                 fen_field(from_sq, sizeof from_sq, m, 2), fen_field(to_sq, sizeof to_sq, m + 2, 2));
	}
	pos->last_checkered = make_move(from, to, CC_CHESS_NO_PIECE, CC_CHESS_MOVE_NORMAL);
	return CC_OK;
}

cc_err cc_chess_position_from_fen(cc_chess_position *out, const char *fen, cc_error *err)
{
	return cc_chess_position_from_fen_variant(out, CC_CHESS_VARIANT_STANDARD, fen, err);
}

static cc_err read_fen(cc_chess_position *out, cc_chess_variant variant, const char *fen, bool free_check,
                       cc_error *err);

cc_err cc_chess_position_from_fen_variant(cc_chess_position *out, cc_chess_variant variant, const char *fen,
                                          cc_error *err)
{
	return read_fen(out, variant, fen, false, err);
}

cc_err cc_chess_position_from_fen_free(cc_chess_position *out, const char *fen, cc_error *err)
{
	return read_fen(out, CC_CHESS_VARIANT_STANDARD, fen, true, err);
}

/* free_check: the side not to move may be in check (Chess-Uno). */
static cc_err read_fen(cc_chess_position *out, cc_chess_variant variant, const char *fen, bool free_check,
                       cc_error *err)
{
	const char *f[9];
	size_t len[9];
	size_t n = split_fields(fen, f, len);
	bool checkered = variant == CC_CHESS_VARIANT_CHECKERED;
	if (checkered && n != 4 && n != 6 && n != 8)
		return cc_refuse(err, CC_MSG_FEN_CHECKERED_FIELDS, n);
	if (!checkered && n == 8)
		return cc_refuse(err, CC_MSG_FEN_CHECKERED_IN_STANDARD);
	if (!checkered && n != 4 && n != 6)
		return cc_refuse(err, CC_MSG_FEN_FIELDS, n);
	cc_chess_position pos;
	clear_position(&pos);
	cc_err rc = parse_placement(&pos, f[0], len[0], checkered, err);
	if (rc)
		return rc;
	if (len[1] != 1 || (f[1][0] != 'w' && f[1][0] != 'b'))
	{
		char field[CC_MSG_TEXT_MAX];
		return cc_refuse(err, CC_MSG_FEN_BAD_SIDE, fen_field(field, sizeof field, f[1], len[1]));
	}
	pos.to_move = f[1][0] == 'w' ? CC_SIDE_WHITE : CC_SIDE_BLACK;
	if ((rc = check_material(&pos, err)) || (rc = parse_castling(&pos, f[2], len[2], err)) ||
	    (rc = parse_ep(&pos, f[3], len[3], err)))
		return rc;
	if (n >= 6) {
		unsigned long half, full;
		if ((rc = parse_counter(f[4], len[4], 0, CC_CHESS_HALFMOVE_MAX, "half-move clock", &half, err)) ||
		    (rc = parse_counter(f[5], len[5], 1, 99999, "move number", &full, err)))
			return rc;
		pos.halfmove_clock = (uint16_t)half;
		pos.fullmove_number = (uint32_t)full;
	}
	if (checkered && (rc = parse_checkered_fields(&pos, f, len, n, err)))
		return rc;
	if (!free_check && cc_chess_opponent_in_check(&pos))
		return cc_refuse(err, CC_MSG_FEN_OTHER_KING_IN_CHECK, cc_side_other(pos.to_move), pos.to_move);
	*out = pos;
	return CC_OK;
}

void cc_chess_position_start(cc_chess_position *pos)
{
	cc_err rc = cc_chess_position_from_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NULL);
	assert(rc == CC_OK);
	(void)rc;
}

void cc_chess_position_start_variant(cc_chess_position *pos, cc_chess_variant variant)
{
	cc_err rc = cc_chess_position_from_fen_variant(pos, variant,
	                                               "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NULL);
	assert(rc == CC_OK);
	(void)rc;
}

/* Writes the first four FEN fields with the given en passant square; returns the length. */
static size_t write_key(const cc_chess_position *pos, unsigned ep, char *buf, size_t size)
{
	char tmp[CC_CHESS_FEN_MAX];
	size_t n = 0;
	for (int rank = 7; rank >= 0; rank--) {
		unsigned empty = 0;
		for (unsigned file = 0; file < 8; file++) {
			uint8_t code = pos->board[(unsigned)rank * 8 + file];
			if (!code) {
				empty++;
				continue;
			}
			if (empty)
				tmp[n++] = (char)('0' + empty);
			empty = 0;
			char c = piece_letters[code_type(code)];
			if (code & CC_CHESS_CHECKERED)
				tmp[n++] = (char)(checkered_letters[code_type(code)] - 'A' + 'a');
			else
				tmp[n++] = code_side(code) == CC_SIDE_BLACK ? (char)(c - 'A' + 'a') : c;
		}
		if (empty)
			tmp[n++] = (char)('0' + empty);
		if (rank)
			tmp[n++] = '/';
	}
	tmp[n++] = ' ';
	tmp[n++] = pos->to_move == CC_SIDE_WHITE ? 'w' : 'b';
	tmp[n++] = ' ';
	if (!pos->castling)
		tmp[n++] = '-';
	for (unsigned r = 0; r < 4; r++)
		if (pos->castling & (1u << r))
			tmp[n++] = castle_rules[r].letter;
	tmp[n++] = ' ';
	if (ep == CC_CHESS_NO_SQUARE) {
		tmp[n++] = '-';
	} else {
		tmp[n++] = (char)('a' + ep % 8);
		tmp[n++] = (char)('1' + ep / 8);
	}
	tmp[n] = '\0';
	snprintf(buf, size, "%s", tmp);
	return n;
}

/* Checkered's two extra fields, with their leading spaces (CK-1.4), or "". */
static void write_checkered_fields(const cc_chess_position *pos, char out[24])
{
	if (!is_checkered_pos(pos)) {
		out[0] = '\0';
		return;
	}
	size_t n = 0;
	out[n++] = ' ';
	for (unsigned i = 0; i < 16; i++)
		out[n++] = (pos->pawn_rights >> i) & 1u ? '1' : '0';
	out[n++] = ' ';
	if (pos->last_checkered == CC_CHESS_MOVE_NONE) {
		out[n++] = '-';
	} else {
		unsigned from = cc_chess_move_from(pos->last_checkered), to = cc_chess_move_to(pos->last_checkered);
		out[n++] = (char)('a' + from % 8);
		out[n++] = (char)('1' + from / 8);
		out[n++] = (char)('a' + to % 8);
		out[n++] = (char)('1' + to / 8);
	}
	out[n] = '\0';
}

void cc_chess_position_to_fen(const cc_chess_position *pos, char *buf, size_t size)
{
	char key[CC_CHESS_FEN_MAX], extra[24];
	write_key(pos, pos->ep_square, key, sizeof key);
	write_checkered_fields(pos, extra);
	snprintf(buf, size, "%s %u %u%s", key, (unsigned)pos->halfmove_clock, (unsigned)pos->fullmove_number, extra);
}

void cc_chess_position_key(const cc_chess_position *pos, char *buf, size_t size)
{
	char key[CC_CHESS_FEN_MAX], extra[24];
	write_key(pos, cc_chess_legal_ep_square(pos), key, sizeof key);
	write_checkered_fields(pos, extra);
	snprintf(buf, size, "%s%s", key, extra);
}

/* --- make and unmake ------------------------------------------------------ */

/* Rights that survive a move touching each square (a king or rook leaving
 * its square, or a rook being taken there). */
#define ROW15 15, 15, 15, 15, 15, 15, 15, 15
static const uint8_t castle_keep[64] = {
	13, 15, 15, 15, 12, 15, 15, 14, /* a1: no O-O-O, e1: neither, h1: no O-O */
	ROW15, ROW15, ROW15, ROW15, ROW15, ROW15,
	7, 15, 15, 15, 3, 15, 15, 11,   /* the same for black on the eighth rank */
};

/* The rook's move that goes with a castling king arriving on king_to. */
static void castle_rook(unsigned king_to, unsigned *from, unsigned *to)
{
	bool kingside = king_to % 8 == 6;
	unsigned base = king_to - king_to % 8;
	*from = base + (kingside ? 7 : 0);
	*to = base + (kingside ? 5 : 3);
}

void cc_chess_make(cc_chess_position *pos, cc_chess_move m, cc_chess_undo *undo)
{
	if (is_checkered_pos(pos)) {
		cc_chess_ck_make(pos, m, undo);
		return;
	}
	unsigned from = cc_chess_move_from(m), to = cc_chess_move_to(m);
	cc_chess_move_kind kind = cc_chess_move_kind_of(m);
	cc_side us = pos->to_move;
	bool pawn = code_type(pos->board[from]) == CC_CHESS_PAWN;

	undo->castling = pos->castling;
	undo->ep_square = pos->ep_square;
	undo->halfmove_clock = pos->halfmove_clock;
	undo->captured = 0;

	if (kind == CC_CHESS_MOVE_EN_PASSANT) {
		unsigned cap = us == CC_SIDE_WHITE ? to - 8 : to + 8;
		undo->captured = pos->board[cap];
		remove_piece(pos, cap);
	} else if (pos->board[to]) {
		undo->captured = pos->board[to];
		remove_piece(pos, to);
	}
	move_piece(pos, from, to);
	if (kind == CC_CHESS_MOVE_PROMOTION) {
		remove_piece(pos, to);
		put_piece(pos, to, piece_code(us, cc_chess_move_promotion(m)));
	} else if (kind == CC_CHESS_MOVE_CASTLE) {
		unsigned rf, rt;
		castle_rook(to, &rf, &rt);
		move_piece(pos, rf, rt);
	}

	pos->castling &= castle_keep[from] & castle_keep[to];
	pos->ep_square = CC_CHESS_NO_SQUARE;
	if (pawn && (from ^ to) == 16)
		pos->ep_square = (uint8_t)((from + to) / 2);
	pos->halfmove_clock = (pawn || undo->captured) ? 0 : cc_chess_halfmove_next(pos->halfmove_clock);
	if (us == CC_SIDE_BLACK)
		pos->fullmove_number++;
	pos->to_move = cc_side_other(us);
}

void cc_chess_unmake(cc_chess_position *pos, cc_chess_move m, const cc_chess_undo *undo)
{
	if (is_checkered_pos(pos)) {
		cc_chess_ck_unmake(pos, m, undo);
		return;
	}
	unsigned from = cc_chess_move_from(m), to = cc_chess_move_to(m);
	cc_chess_move_kind kind = cc_chess_move_kind_of(m);
	cc_side us = cc_side_other(pos->to_move);

	pos->to_move = us;
	if (us == CC_SIDE_BLACK)
		pos->fullmove_number--;
	pos->castling = undo->castling;
	pos->ep_square = undo->ep_square;
	pos->halfmove_clock = undo->halfmove_clock;

	if (kind == CC_CHESS_MOVE_PROMOTION) {
		remove_piece(pos, to);
		put_piece(pos, to, piece_code(us, CC_CHESS_PAWN));
	} else if (kind == CC_CHESS_MOVE_CASTLE) {
		unsigned rf, rt;
		castle_rook(to, &rf, &rt);
		move_piece(pos, rt, rf);
	}
	move_piece(pos, to, from);
	if (undo->captured) {
		unsigned cap = to;
		if (kind == CC_CHESS_MOVE_EN_PASSANT)
			cap = us == CC_SIDE_WHITE ? to - 8 : to + 8;
		put_piece(pos, cap, undo->captured);
	}
}

cc_err cc_chess_make_null(cc_chess_position *pos, cc_chess_undo *undo, cc_error *err)
{
	if (cc_chess_in_check(pos))
		return cc_refuse(err, CC_MSG_PASS_IN_CHECK, pos->to_move);
	undo->captured = 0;
	undo->castling = pos->castling;
	undo->ep_square = pos->ep_square;
	undo->halfmove_clock = pos->halfmove_clock;
	undo->last_checkered = pos->last_checkered;
	pos->ep_square = CC_CHESS_NO_SQUARE;
	pos->last_checkered = CC_CHESS_MOVE_NONE; /* the pass is the last move now (CK-2.4) */
	pos->halfmove_clock = cc_chess_halfmove_next(pos->halfmove_clock);
	if (pos->to_move == CC_SIDE_BLACK)
		pos->fullmove_number++;
	pos->to_move = cc_side_other(pos->to_move);
	return CC_OK;
}

void cc_chess_unmake_null(cc_chess_position *pos, const cc_chess_undo *undo)
{
	pos->to_move = cc_side_other(pos->to_move);
	if (pos->to_move == CC_SIDE_BLACK)
		pos->fullmove_number--;
	pos->ep_square = undo->ep_square;
	pos->halfmove_clock = undo->halfmove_clock;
	pos->last_checkered = undo->last_checkered;
}
