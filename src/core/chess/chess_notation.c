/*
 * chess_notation.c: SAN and UCI, written and read (CH-3).
 *
 * Writing follows the PGN standard's export format: piece letter, the
 * least disambiguation that makes the move unique (file, else rank, else
 * both), "x" for a capture, "=Q" for a promotion, "O-O"/"O-O-O", then "+"
 * or "#". Reading never guesses: the text is broken into what it says
 * (piece, from-file, from-rank, destination, promotion) and matched against
 * the legal moves; no match or two matches is an error naming the
 * candidates. Strict mode then also demands the exact SAN we would write.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "chess_internal.h"

static const char san_letters[] = "?PNBRQK";

static void square_name(unsigned sq, char out[3])
{
	out[0] = (char)('a' + sq % 8);
	out[1] = (char)('1' + sq / 8);
	out[2] = '\0';
}

void cc_chess_move_to_uci(cc_chess_move m, char *buf, size_t size)
{
	char from[3], to[3];
	square_name(cc_chess_move_from(m), from);
	square_name(cc_chess_move_to(m), to);
	cc_chess_piece_type promo = cc_chess_move_promotion(m);
	if (promo)
		snprintf(buf, size, "%s%s%c", from, to, (char)tolower(san_letters[promo]));
	else
		snprintf(buf, size, "%s%s", from, to);
}

/* "#", "+" or "" after m. */
static const char *check_suffix(const cc_chess_position *pos, cc_chess_move m)
{
	cc_chess_position after = *pos;
	cc_chess_undo undo;
	cc_chess_make(&after, m, &undo);
	if (!cc_chess_in_check(&after))
		return "";
	return cc_chess_count_legal_moves(&after) ? "+" : "#";
}

static void san_body(const cc_chess_position *pos, cc_chess_move m, const cc_chess_move_list *legal,
                     char *buf, size_t size)
{
	unsigned from = cc_chess_move_from(m), to = cc_chess_move_to(m);
	cc_chess_move_kind kind = cc_chess_move_kind_of(m);
	cc_chess_piece_type piece = code_type(pos->board[from]);
	char dest[3];
	square_name(to, dest);

	if (kind == CC_CHESS_MOVE_CASTLE) {
		snprintf(buf, size, "%s", to % 8 == 6 ? "O-O" : "O-O-O");
		return;
	}
	bool capture = pos->board[to] || kind == CC_CHESS_MOVE_EN_PASSANT;
	/* a promotion, or in Checkered the captured kind taken (CK-3.1) */
	char promo[3] = "";
	if (cc_chess_move_promotion(m)) {
		promo[0] = '=';
		promo[1] = san_letters[cc_chess_move_promotion(m)];
	}
	if (piece == CC_CHESS_PAWN) {
		if (capture)
			snprintf(buf, size, "%cx%s%s", 'a' + from % 8, dest, promo);
		else
			snprintf(buf, size, "%s%s", dest, promo);
		return;
	}
	/* other pieces of the same kind that can also reach `to` */
	bool clash = false, same_file = false, same_rank = false;
	for (size_t i = 0; i < legal->count; i++) {
		unsigned f = cc_chess_move_from(legal->moves[i]);
		if (f == from || cc_chess_move_to(legal->moves[i]) != to || code_type(pos->board[f]) != piece)
			continue;
		clash = true;
		same_file |= f % 8 == from % 8;
		same_rank |= f / 8 == from / 8;
	}
	char dis[3] = "";
	size_t n = 0;
	if (clash && (!same_file || same_rank))
		dis[n++] = (char)('a' + from % 8);
	if (clash && same_file)
		dis[n++] = (char)('1' + from / 8);
	dis[n] = '\0';
	snprintf(buf, size, "%c%s%s%s%s", san_letters[piece], dis, capture ? "x" : "", dest, promo);
}

void cc_chess_move_to_san(const cc_chess_position *pos, cc_chess_move m, char *buf, size_t size)
{
	cc_chess_move_list legal;
	char body[CC_CHESS_SAN_MAX];
	cc_chess_legal_moves(pos, &legal);
	san_body(pos, m, &legal, body, sizeof body);
	snprintf(buf, size, "%s%s", body, check_suffix(pos, m));
}

/* --- reading --------------------------------------------------------------- */

/* What the text says about a move; 0 / NO_SQUARE / -1 for "not said". */
struct wanted {
	cc_chess_piece_type piece;  /* CC_CHESS_NO_PIECE: any (UCI) */
	int from_file, from_rank;
	unsigned from, to;          /* from: CC_CHESS_NO_SQUARE unless UCI */
	cc_chess_piece_type promo;
	int castle;                 /* 0, or the king's file after castling: 6 or 2 */
	int capture;                /* SAN: 1 with an x, 0 without; -1 not said (UCI, castling) */
};

/* A promotion letter, or with pawn_too (Checkered's =P) also P. */
static int promo_letter(char c, bool pawn_too)
{
	switch (toupper((unsigned char)c)) {
	case 'P':
		return pawn_too ? CC_CHESS_PAWN : 0;
	case 'N':
		return CC_CHESS_KNIGHT;
	case 'B':
		return CC_CHESS_BISHOP;
	case 'R':
		return CC_CHESS_ROOK;
	case 'Q':
		return CC_CHESS_QUEEN;
	default:
		return 0;
	}
}

static bool is_file(char c)
{
	return c >= 'a' && c <= 'h';
}

static bool is_rank(char c)
{
	return c >= '1' && c <= '8';
}

static bool parse_castle(const char *s, size_t n, struct wanted *w, bool lenient)
{
	static const char *const forms[] = {"O-O-O", "O-O"};
	for (int i = 0; i < 2; i++) {
		size_t len = strlen(forms[i]);
		if (n != len)
			continue;
		bool ok = true;
		for (size_t k = 0; k < len && ok; k++) {
			char c = s[k];
			if (forms[i][k] == '-')
				ok = c == '-';
			else
				ok = c == 'O' || (lenient && (c == 'o' || c == '0'));
		}
		if (ok) {
			w->castle = i == 0 ? 2 : 6;
			return true;
		}
	}
	return false;
}

static bool parse_uci(const char *s, size_t n, struct wanted *w, bool checkered)
{
	if ((n != 4 && n != 5) || !is_file(s[0]) || !is_rank(s[1]) || !is_file(s[2]) || !is_rank(s[3]))
		return false;
	if (n == 5 && !promo_letter(s[4], checkered))
		return false;
	w->piece = CC_CHESS_NO_PIECE;
	w->from = (unsigned)(s[1] - '1') * 8 + (unsigned)(s[0] - 'a');
	w->to = (unsigned)(s[3] - '1') * 8 + (unsigned)(s[2] - 'a');
	w->promo = n == 5 ? (cc_chess_piece_type)promo_letter(s[4], checkered) : CC_CHESS_NO_PIECE;
	return true;
}

/*
 * [piece][file][rank][x][file rank][=promo]. In lenient mode the piece
 * letter may be lowercase n r q k (never b: that is a pawn file), the "="
 * may be left out and the promotion letter may be lowercase.
 */
static bool parse_san(const char *s, size_t n, struct wanted *w, bool lenient, bool checkered)
{
	size_t i = 0;
	w->piece = CC_CHESS_PAWN;
	if (n && strchr("NBRQK", s[0])) {
		w->piece = (cc_chess_piece_type)(strchr(san_letters, s[0]) - san_letters);
		i++;
	} else if (lenient && n > 2 && strchr("nrqkP", s[0])) {
		w->piece = (cc_chess_piece_type)(strchr(san_letters, toupper((unsigned char)s[0])) - san_letters);
		i++;
	}
	/* a promotion at the end: "=Q", or when lenient "=q", "Q" or "q" */
	if (n - i >= 3 && promo_letter(s[n - 1], checkered) && (s[n - 2] == '=' || (lenient && is_rank(s[n - 2])))) {
		w->promo = (cc_chess_piece_type)promo_letter(s[n - 1], checkered);
		if (!lenient && s[n - 1] != san_letters[w->promo])
			return false;
		n -= s[n - 2] == '=' ? 2 : 1;
	}
	if (n - i < 2 || !is_file(s[n - 2]) || !is_rank(s[n - 1]))
		return false;
	w->to = (unsigned)(s[n - 1] - '1') * 8 + (unsigned)(s[n - 2] - 'a');
	n -= 2;
	w->capture = 0;
	if (n > i && (s[n - 1] == 'x' || (lenient && s[n - 1] == ':'))) {
		w->capture = 1;
		n--;
	}
	if (n > i && is_rank(s[n - 1]))
		w->from_rank = s[--n] - '1';
	if (n > i && is_file(s[n - 1]))
		w->from_file = s[--n] - 'a';
	return n == i;
}

static bool matches(const cc_chess_position *pos, cc_chess_move m, const struct wanted *w)
{
	unsigned from = cc_chess_move_from(m), to = cc_chess_move_to(m);
	if (w->castle)
		return cc_chess_move_kind_of(m) == CC_CHESS_MOVE_CASTLE && to % 8 == (unsigned)w->castle;
	if (to != w->to || cc_chess_move_promotion(m) != w->promo)
		return false;
	if (w->from != CC_CHESS_NO_SQUARE)
		return from == w->from;
	if (code_type(pos->board[from]) != w->piece)
		return false;
	if (w->from_file >= 0 && from % 8 != (unsigned)w->from_file)
		return false;
	return w->from_rank < 0 || from / 8 == (unsigned)w->from_rank;
}

/* Copies text without surrounding spaces and, when lenient, without the
 * annotation marks an arbiter may add (+ # ! ? and "e.p."). */
static size_t trim(const char *text, char *buf, size_t size, bool lenient)
{
	while (*text == ' ' || *text == '\t')
		text++;
	size_t n = strlen(text);
	while (n && (text[n - 1] == ' ' || text[n - 1] == '\t'))
		n--;
	if (n >= size)
		n = size - 1;
	memcpy(buf, text, n);
	buf[n] = '\0';
	if (!lenient)
		return n;
	for (;;) {
		if (n && strchr("+#!?", buf[n - 1])) {
			buf[--n] = '\0';
		} else if (n >= 4 && strcmp(buf + n - 4, "e.p.") == 0) {
			n -= 4;
			while (n && buf[n - 1] == ' ')
				n--;
			buf[n] = '\0';
		} else {
			return n;
		}
	}
}

/* The text of a candidate in a message: SAN among legal moves, or among
 * the caller's list when the list is a game's own move set. */
static void candidate_name(const cc_chess_position *pos, cc_chess_move m, const cc_chess_move_list *among,
                           char *buf, size_t size)
{
	if (among)
		cc_chess_move_to_san_among(pos, m, among, buf, size);
	else
		cc_chess_move_to_san(pos, m, buf, size);
}

/* "a, b" for the moves of list matching w (messages only). */
static void list_candidates(const cc_chess_position *pos, const cc_chess_move_list *list,
                            const cc_chess_move_list *among, const struct wanted *w, char *names, size_t size)
{
	size_t hits = 0;
	names[0] = '\0';
	for (size_t i = 0; i < list->count; i++) {
		if (!matches(pos, list->moves[i], w))
			continue;
		char san[CC_CHESS_SAN_MAX + 8];
		candidate_name(pos, list->moves[i], among, san, sizeof san);
		size_t used = strlen(names);
		snprintf(names + used, size - used, "%s%s", hits++ ? ", " : "", san);
	}
}

/* Where a Chess-Uno Joker makes two moves match one text, what else the
 * text says picks one (found, among the hits matches of list, castles of
 * them castlings); returns how many still match. */
static size_t settle_joker_ties(const cc_chess_position *pos, const cc_chess_move_list *list, const struct wanted *w,
                                size_t hits, size_t castles, cc_chess_move *found)
{
	/* A Chess-Uno Joker may move the king two squares without castling:
	 * then UCI e1g1 is the castling, as UCI says, and SAN Kg1 the king's
	 * move (castling is O-O). Where only the castling matches, both name it. */
	if (hits == 2 && castles == 1) {
		bool want_castle = w->from != CC_CHESS_NO_SQUARE;
		for (size_t i = 0; i < list->count; i++)
			if (matches(pos, list->moves[i], w) &&
			    (cc_chess_move_kind_of(list->moves[i]) == CC_CHESS_MOVE_CASTLE) == want_castle)
				*found = list->moves[i];
		hits = 1;
	}
	/* a Joker's pawn may reach the same square by a queen's step and by a
	 * capture (en passant): the x, ignored where one move matches, tells them apart */
	if (hits > 1 && w->capture >= 0) {
		size_t marked = 0;
		cc_chess_move last = CC_CHESS_MOVE_NONE;
		for (size_t i = 0; i < list->count; i++) {
			cc_chess_move m = list->moves[i];
			bool capture = pos->board[cc_chess_move_to(m)] || cc_chess_move_kind_of(m) == CC_CHESS_MOVE_EN_PASSANT;
			if (matches(pos, m, w) && capture == (w->capture == 1)) {
				marked++;
				last = m;
			}
		}
		if (marked == 1) {
			*found = last;
			hits = 1;
		}
	}
	return hits;
}

/* Reads text against the moves of list; among is list when it is not the
 * legal moves (then the mode is lenient). */
static cc_err parse_in(const cc_chess_position *pos, const char *text, cc_chess_parse_mode mode,
                       const cc_chess_move_list *list, const cc_chess_move_list *among, cc_chess_move *out,
                       cc_error *err)
{
	bool lenient = mode == CC_CHESS_PARSE_LENIENT;
	char buf[32];
	size_t n = trim(text, buf, sizeof buf, lenient);
	/* strict SAN keeps its check mark; matching ignores it and compares at the end */
	size_t body = n;
	while (!lenient && body && (buf[body - 1] == '+' || buf[body - 1] == '#'))
		body--;

	struct wanted w = {CC_CHESS_PAWN, -1, -1, CC_CHESS_NO_SQUARE, 0, CC_CHESS_NO_PIECE, 0, -1};
	bool checkered = pos->variant == CC_CHESS_VARIANT_CHECKERED;
	if (!parse_castle(buf, body, &w, lenient) && !(lenient && parse_uci(buf, body, &w, checkered)) &&
	    !parse_san(buf, body, &w, lenient, checkered)) {
		cc_chess_move m;
		char san[CC_CHESS_SAN_MAX];
		/* an arbiter form of a clear move: say what strict SAN wants */
		if (!lenient && cc_chess_parse_move(pos, text, CC_CHESS_PARSE_LENIENT, &m, NULL) == CC_OK) {
			cc_chess_move_to_san(pos, m, san, sizeof san);
			return cc_refuse(err, CC_MSG_NOT_STANDARD_SAN, buf, san);
		}
		return cc_refuse(err, lenient ? CC_MSG_NOT_SAN_OR_UCI : CC_MSG_NOT_SAN, buf);
	}

	cc_chess_move found = CC_CHESS_MOVE_NONE;
	size_t hits = 0, castles = 0;
	for (size_t i = 0; i < list->count; i++) {
		if (!matches(pos, list->moves[i], &w))
			continue;
		found = list->moves[i];
		hits++;
		castles += cc_chess_move_kind_of(found) == CC_CHESS_MOVE_CASTLE;
	}
	hits = settle_joker_ties(pos, list, &w, hits, castles, &found);
	/* Checkered: the move back of the piece that just went, why it is no move (CK-2.7). */
	if (hits == 0 && checkered && pos->last_checkered && !w.castle && !w.promo) {
		unsigned back_from = cc_chess_move_to(pos->last_checkered), back_to = cc_chess_move_from(pos->last_checkered);
		bool piece = w.from != CC_CHESS_NO_SQUARE ? w.from == back_from
		             : code_type(pos->board[back_from]) == w.piece &&
		                   (w.from_file < 0 || back_from % 8 == (unsigned)w.from_file) &&
		                   (w.from_rank < 0 || back_from / 8 == (unsigned)w.from_rank);
		if (piece && w.to == back_to) {
			char went_from[3], went_to[3];
			square_name(back_to, went_from);
			square_name(back_from, went_to);
			return cc_refuse(err, CC_MSG_ILLEGAL_IMMEDIATE_UNDO, buf, pos->to_move, went_from, went_to);
		}
	}
	if (hits == 0 && !w.castle && !w.promo) {
		w.promo = CC_CHESS_QUEEN;
		for (size_t i = 0; i < list->count; i++)
			if (matches(pos, list->moves[i], &w))
				return cc_refuse(err, CC_MSG_PROMOTION_PIECE_MISSING, buf, buf, buf);
	}
	/* Checkered: a capture of a checkered piece says why it is no move (CK-2.1). */
	if (hits == 0 && checkered && w.to < 64 && cc_chess_is_checkered(pos, w.to)) {
		char sq[3];
		square_name(w.to, sq);
		return cc_refuse(err, CC_MSG_ILLEGAL_CHECKERED_CAPTURE, buf, pos->to_move, sq);
	}
	if (hits == 0)
		return cc_refuse(err, CC_MSG_ILLEGAL_MOVE, buf, pos->to_move);
	if (hits > 1) {
		char names[64] = "";
		if (err)
			list_candidates(pos, list, among, &w, names, sizeof names);
		return cc_refuse(err, CC_MSG_AMBIGUOUS_MOVE, buf, names);
	}
	if (!lenient) {
		char san[CC_CHESS_SAN_MAX];
		cc_chess_move_to_san(pos, found, san, sizeof san);
		if (strcmp(san, buf) != 0)
			return cc_refuse(err, CC_MSG_NOT_STANDARD_SAN, buf, san);
	}
	*out = found;
	return CC_OK;
}

cc_err cc_chess_parse_move(const cc_chess_position *pos, const char *text, cc_chess_parse_mode mode,
                           cc_chess_move *out, cc_error *err)
{
	cc_chess_move_list legal;
	cc_chess_legal_moves(pos, &legal);
	return parse_in(pos, text, mode, &legal, NULL, out, err);
}

cc_err cc_chess_parse_move_among(const cc_chess_position *pos, const char *text, const cc_chess_move_list *list,
                                 cc_chess_move *out, cc_error *err)
{
	return parse_in(pos, text, CC_CHESS_PARSE_LENIENT, list, list, out, err);
}

/* --- without the check rule -------------------------------------------------- */

/* "+" when, after m, the mover attacks the other king (if it still stands). */
static const char *attack_suffix(const cc_chess_position *pos, cc_chess_move m)
{
	cc_chess_position after = *pos;
	cc_chess_undo undo;
	cc_chess_make(&after, m, &undo);
	cc_side them = after.to_move;
	unsigned k = cc_chess_king_square(&after, them);
	return k != CC_CHESS_NO_SQUARE && cc_chess_square_attacked(&after, k, cc_side_other(them), 0) ? "+" : "";
}

void cc_chess_move_to_san_among(const cc_chess_position *pos, cc_chess_move m, const cc_chess_move_list *list,
                                char *buf, size_t size)
{
	char body[CC_CHESS_SAN_MAX];
	cc_chess_move back = CC_CHESS_MOVE_NONE;
	san_body(pos, m, list, body, sizeof body);
	if (!cc_chess_is_pseudo_move(pos, m) ||
	    parse_in(pos, body, CC_CHESS_PARSE_LENIENT, list, list, &back, NULL) != CC_OK || back != m) {
		unsigned from = cc_chess_move_from(m), to = cc_chess_move_to(m);
		char f[3], t[3], promo[3] = "";
		square_name(from, f);
		square_name(to, t);
		if (cc_chess_move_promotion(m)) {
			promo[0] = '=';
			promo[1] = san_letters[cc_chess_move_promotion(m)];
		}
		bool capture = pos->board[to] || cc_chess_move_kind_of(m) == CC_CHESS_MOVE_EN_PASSANT;
		snprintf(body, sizeof body, "%c%s%s%s%s", san_letters[code_type(pos->board[from])], f,
		         capture ? "x" : "", t, promo);
	}
	snprintf(buf, size, "%s%s", body, attack_suffix(pos, m));
}
