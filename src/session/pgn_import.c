/*
 * pgn_import.c: PGN games read back onto a board (session_pgn.h).
 *
 * A reader as lenient as pgn-extract, not a validator: a UTF-8 byte-order
 * mark and "%" escape lines (PGN 6) are skipped; a game's tag pairs come
 * first, each on its line (a value that reaches the end of its line is
 * refused with the line, never allowed to swallow the movetext); then
 * tokens of movetext until a game termination marker or the next game's
 * first tag. "{...}" and ";" comments (anywhere), "(...)" variations
 * (nested), NAGs ("$N", "!", "?!" glued or spaced, "+-"), "e.p." and move
 * numbers ("12." "12...") are skipped. Every other token is a move of the
 * side to move, read leniently (cc_chess_parse_move, "0-0" as "O-O"), or
 * "--", a pass. A NUL byte is refused wherever it is. A game that cannot
 * be read is skipped to its end, and the next one read (RE-4.5).
 */
#include "chesscubing/session_pgn.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "chesscubing/game.h"

#define N_(s) (s) /* a word the renderer says through the catalogue (type 'w') */

/* Copies src into dst, cut at size (tags are short; a long one is cut). */
static void copy_text(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);
	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

void cc_session_pgn_reader_init(cc_pgn_reader *r, FILE *in)
{
	memset(r, 0, sizeof *r);
	r->in = in;
	r->line = 1;
	r->at_line_start = true;
}

/* The next character, the line counted; a '%' line and the BOM skipped. */
static int next_char(cc_pgn_reader *r)
{
	for (;;) {
		int c = fgetc(r->in);
		if (c == 0xEF && r->line == 1 && !r->started) {
			int c2 = fgetc(r->in), c3 = c2 == 0xBB ? fgetc(r->in) : EOF;
			r->started = true;
			if (c2 == 0xBB && c3 == 0xBF)
				continue;
			if (c3 != EOF)
				ungetc(c3, r->in); /* only one character goes back: the rest is lost as it would be */
			else if (c2 != EOF)
				ungetc(c2, r->in);
		}
		r->started = true;
		if (c == '%' && r->at_line_start) {
			while ((c = fgetc(r->in)) != EOF && c != '\n')
				;
			if (c == EOF)
				return EOF;
		}
		r->at_line_start = c == '\n';
		if (c == '\n')
			r->line++;
		return c;
	}
}

static void unget_char(cc_pgn_reader *r, int c)
{
	if (c == EOF)
		return;
	if (c == '\n') {
		r->line--;
		r->at_line_start = false;
	}
	ungetc(c, r->in);
}

static cc_err refuse_nul(cc_pgn_reader *r, cc_error *err)
{
	r->stopped = true;
	return cc_refuse(err, CC_MSG_PGN_NUL, r->game, r->line);
}

/* Reads a tag pair's body after '[' ("Name \"value\"]"), on its line. */
static cc_err read_tag(cc_pgn_reader *r, char *name, size_t name_size, char *value, size_t value_size, cc_error *err)
{
	size_t n = 0, v = 0;
	unsigned long line = r->line;
	int c;
	while ((c = next_char(r)) != EOF && c != '\n' && isspace(c))
		;
	for (; c != EOF && c != 0 && !isspace(c) && c != '"' && c != ']'; c = next_char(r))
		if (n + 1 < name_size)
			name[n++] = (char)c;
	name[n] = '\0';
	while (c != EOF && c != 0 && c != '\n' && c != '"' && c != ']')
		c = next_char(r);
	if (c == '"') {
		while ((c = next_char(r)) != EOF && c != 0 && c != '\n' && c != '"') {
			if (c == '\\')
				c = next_char(r);
			if (c == 0 || c == '\n')
				break;
			if (c != EOF && v + 1 < value_size)
				value[v++] = (char)c;
		}
		if (c == '"')
			while ((c = next_char(r)) != EOF && c != 0 && c != '\n' && c != ']')
				;
	}
	value[v] = '\0';
	if (c == 0)
		return refuse_nul(r, err);
	if (c != ']')
		return cc_refuse(err, CC_MSG_PGN_TAG_UNTERMINATED, r->game, line);
	return CC_OK;
}

static bool is_result(const char *tok)
{
	return strcmp(tok, "1-0") == 0 || strcmp(tok, "0-1") == 0 || strcmp(tok, "1/2-1/2") == 0 ||
	       strcmp(tok, "*") == 0;
}

/* A move number: digits then dots ("12." "12..."), or dots alone. */
static bool is_move_number(const char *tok)
{
	const char *p = tok;
	while (isdigit((unsigned char)*p))
		p++;
	if (p == tok && *p != '.')
		return false;
	while (*p == '.')
		p++;
	return *p == '\0';
}

/* An annotation that is not a move: a NAG ("$14"), "!", "?!" and the
 * like, the evaluation glyphs of PGN 10 written as text, "e.p.". */
static bool is_annotation(const char *tok)
{
	static const char *const glyphs[] = {"+-", "-+", "=", "+=", "=+", "+/-", "-/+", "+/=", "=/+", "e.p.", "ep"};
	if (tok[0] == '$')
		return true;
	if (tok[strspn(tok, "!?")] == '\0')
		return true;
	for (size_t i = 0; i < sizeof glyphs / sizeof glyphs[0]; i++)
		if (strcmp(tok, glyphs[i]) == 0)
			return true;
	return false;
}

/*
 * The moves a Chess-Uno reader allows (RE-4.4): it does not know the card
 * of each series, so every move of chess without the check rule
 * (cc_chess_pseudo_moves), and with joker the queen moves of every piece
 * too (UNO-R4: a pawn so reaching its last rank promotes, unless it takes
 * the king there, and never lands on its first).
 */
static void uno_moves(const cc_chess_position *pos, bool joker, cc_chess_move_list *list)
{
	cc_chess_pseudo_moves(pos, list);
	unsigned last = pos->to_move == CC_SIDE_WHITE ? 7 : 0;
	for (uint64_t own = joker ? pos->by_side[pos->to_move] : 0; own; own &= own - 1) {
		unsigned from = (unsigned)__builtin_ctzll(own);
		bool pawn = cc_chess_piece_at(pos, from, NULL) == CC_CHESS_PAWN;
		for (uint64_t to_set = cc_chess_queen_targets(pos, from); to_set; to_set &= to_set - 1) {
			unsigned to = (unsigned)__builtin_ctzll(to_set);
			bool promotes = pawn && to / 8 == last && cc_chess_piece_at(pos, to, NULL) != CC_CHESS_KING;
			if (pawn && to / 8 == 7 - last)
				continue;
			unsigned plain = from | (to << 6);
			for (int t = CC_CHESS_QUEEN; t >= (promotes ? CC_CHESS_KNIGHT : CC_CHESS_QUEEN); t--) {
				cc_chess_move m = promotes ? plain | ((unsigned)t << 12) | ((unsigned)CC_CHESS_MOVE_PROMOTION << 15) : plain;
				bool listed = false;
				for (size_t i = 0; i < list->count && !listed; i++)
					listed = list->moves[i] == m;
				if (!listed && list->count < CC_CHESS_MAX_MOVES)
					list->moves[list->count++] = m;
			}
		}
	}
}

/* A Chess-Uno pass: the other army to move, in check or not (UNO-5.3 has
 * no check rule), no en passant left. */
static cc_err uno_pass(cc_chess_position *pos, cc_error *why)
{
	char fen[CC_CHESS_FEN_MAX];
	cc_chess_position_to_fen(pos, fen, sizeof fen);
	char *side = strchr(fen, ' ');
	char *ep = side ? strchr(side + 3, ' ') : NULL;
	if (!side || !ep)
		return cc_refuse(why, CC_MSG_INTERNAL);
	side[1] = side[1] == 'w' ? 'b' : 'w';
	ep[1] = '-';
	memmove(ep + 2, strchr(ep + 1, ' '), strlen(strchr(ep + 1, ' ')) + 1);
	uint16_t halfmoves = pos->halfmove_clock;
	uint32_t number = pos->fullmove_number + (pos->to_move == CC_SIDE_BLACK);
	cc_err rc = cc_chess_position_from_fen_free(pos, fen, why);
	if (rc == CC_OK) {
		/* the counters as a null move leaves them (cc_chess_make_null) */
		pos->halfmove_clock = halfmoves < 9999 ? (uint16_t)(halfmoves + 1) : halfmoves;
		pos->fullmove_number = number;
	}
	return rc;
}

/* Reads move_text as a Chess-Uno move: among the moves of chess without
 * the check rule first, then with a Joker's queen moves (a SAN that names
 * one move among the latter names the same one among the former). */
static cc_err uno_parse(const cc_chess_position *pos, const char *move_text, cc_chess_move *move, char *san,
                        cc_error *why)
{
	static cc_chess_move_list list; /* big: kept off the stack; the reader is not reentrant */
	cc_err rc = CC_ERR_INVALID;
	for (int joker = 0; joker < 2 && rc != CC_OK; joker++) {
		uno_moves(pos, joker, &list);
		rc = cc_chess_parse_move_among(pos, move_text, &list, move, why);
	}
	if (rc == CC_OK)
		cc_chess_move_to_san_among(pos, *move, &list, san, CC_CHESS_SAN_MAX);
	return rc;
}

/* A move in long algebraic notation, as a few programs and many hands
 * write it (RE-4.7). */
typedef struct {
	cc_chess_piece_type piece; /* the letter's, a pawn without one */
	bool capture;              /* written with 'x' (or ':') */
	char uci[8];               /* the same move as UCI: from, to, promotion */
} long_move;

static bool is_square(const char *p)
{
	return p[0] >= 'a' && p[0] <= 'h' && p[1] >= '1' && p[1] <= '8';
}

/*
 * Reads text as long algebraic ("e2-e4", "Ng1-f3", "e7xd8=Q", "e2xd3", a
 * check sign after it): true and *out, or false when it is not written so
 * (SAN, UCI and castling are left to the board's own reader).
 */
static bool parse_long(const char *text, long_move *out)
{
	static const char letters[] = "PNBRQK"; /* in cc_chess_piece_type's order */
	const char *p = text, *letter = strchr(letters + 1, *p);
	out->piece = CC_CHESS_PAWN;
	if (*p && letter) {
		out->piece = (cc_chess_piece_type)(CC_CHESS_PAWN + (letter - letters));
		p++;
	}
	if (!is_square(p) || (p[2] != '-' && p[2] != 'x' && p[2] != ':') || !is_square(p + 3))
		return false;
	out->capture = p[2] != '-';
	char promotion = 0;
	const char *tail = p + 5;
	if (*tail == '=')
		tail++;
	if (*tail && strchr("NBRQ", *tail) && out->piece == CC_CHESS_PAWN)
		promotion = (char)tolower((unsigned char)*tail++);
	if (tail[strspn(tail, "+#")] != '\0')
		return false;
	snprintf(out->uci, sizeof out->uci, "%.2s%.2s%c", p, p + 3, promotion);
	if (!promotion)
		out->uci[4] = '\0';
	return true;
}

/* Whether the board's reading of a long algebraic move is the move as
 * written: its piece on its first square, a capture where 'x' says so. */
static bool long_matches(const cc_chess_position *pos, const long_move *lm, cc_chess_move move)
{
	cc_chess_piece_type on_from = cc_chess_piece_at(pos, cc_chess_move_from(move), NULL);
	cc_chess_move_kind kind = cc_chess_move_kind_of(move);
	bool captures = kind == CC_CHESS_MOVE_EN_PASSANT ||
	                (kind != CC_CHESS_MOVE_CASTLE && cc_chess_piece_at(pos, cc_chess_move_to(move), NULL) != CC_CHESS_NO_PIECE);
	return on_from == lm->piece && (!lm->capture || captures);
}

static void told(cc_pgn_reader *r, const char *san)
{
	if (r->on_move)
		r->on_move(r->context, san);
}

/* Plays one movetext token: a move, "--", or a move glued to its number ("1.e4"). */
static cc_err play_token(cc_pgn_reader *r, cc_pgn_game *game, char *tok, cc_error *err)
{
	while (isdigit((unsigned char)*tok) && strncmp(tok, "0-0", 3) != 0)
		tok++;
	while (*tok == '.')
		tok++;
	if (*tok == '\0' || is_annotation(tok))
		return CC_OK;
	cc_chess_undo undo;
	cc_error why;
	if (strcmp(tok, "--") == 0) {
		cc_err rc = game->chess_uno ? uno_pass(&game->final, &why) : cc_chess_make_null(&game->final, &undo, &why);
		if (rc != CC_OK)
			return cc_refuse(err, CC_MSG_PGN_PASS_IN_CHECK, r->game, game->plies + 1, why.message);
		game->plies++;
		told(r, "--");
		return CC_OK;
	}
	char move_text[256];
	copy_text(move_text, sizeof move_text, tok);
	size_t len = strlen(move_text);
	/* trailing annotations (!, ?) and "e.p." glued to the move */
	if (len > 4 && strcmp(move_text + len - 4, "e.p.") == 0)
		move_text[len -= 4] = '\0';
	while (len > 0 && (move_text[len - 1] == '!' || move_text[len - 1] == '?'))
		move_text[--len] = '\0';
	/* castling with zeros, as many programs and hands write it */
	for (char *p = move_text; *p && (*p == '0' || *p == '-'); p++)
		if (*p == '0')
			*p = 'O';
	cc_chess_move move;
	char san[CC_CHESS_SAN_MAX];
	long_move lm;
	bool is_long = parse_long(move_text, &lm);
	const char *text = is_long ? lm.uci : move_text;
	cc_err rc = game->chess_uno ? uno_parse(&game->final, text, &move, san, &why)
	                            : cc_chess_parse_move(&game->final, text, CC_CHESS_PARSE_LENIENT, &move, &why);
	if (rc == CC_OK && is_long && !long_matches(&game->final, &lm, move))
		return cc_refuse(err, CC_MSG_PGN_LONG_MISMATCH, r->game, game->plies + 1, tok);
	if (rc != CC_OK && game->chess_uno)
		/* RE-4.8: what the reader cannot play in a Chess-Uno game is most
		 * likely the cards' doing, which PGN does not hold: said so */
		return cc_refuse(err, CC_MSG_PGN_UNO_PLY_REFUSED, r->game, game->plies + 1, tok, game->variant, why.message);
	if (rc != CC_OK)
		return cc_refuse(err, CC_MSG_PGN_PLY_REFUSED, r->game, game->plies + 1, tok, why.message);
	if (!game->chess_uno)
		cc_chess_move_to_san(&game->final, move, san, sizeof san);
	cc_chess_make(&game->final, move, &undo);
	game->plies++;
	told(r, san);
	return CC_OK;
}

/*
 * Skips a comment or variation that started with open; nested "(" too.
 * One that the input ends inside is refused with the line it opened on
 * (RE-4.6): read as a comment, it would swallow the rest of the file.
 */
static cc_err skip_until(cc_pgn_reader *r, int open, cc_error *err)
{
	int depth = 1, c = 0;
	unsigned long line = r->line;
	while (depth > 0 && (c = next_char(r)) != EOF) {
		if (c == 0)
			return refuse_nul(r, err);
		if (open == '{' && c == '}')
			depth--;
		else if (open == '(' && c == '(')
			depth++;
		else if (open == '(' && c == ')')
			depth--;
		else if (open == '(' && c == '{' && skip_until(r, '{', err) != CC_OK)
			return CC_ERR_INVALID;
	}
	if (depth > 0)
		return cc_refuse(err, open == '{' ? CC_MSG_PGN_COMMENT_UNTERMINATED : CC_MSG_PGN_VARIATION_UNTERMINATED,
		                 r->game, line);
	return CC_OK;
}

/* Is name the variant spelled text? Exact, case aside. */
static bool variant_is(const char *text, const char *name)
{
	return strcasecmp(text, name) == 0;
}

/*
 * The board a Variant tag names, exactly: none, "Standard", "chess" or a
 * ChessCubing format's label, the standard board; "Checkered" or
 * "<label>, Checkered", Checkered's; a dealt game's label (Chess-Uno), the
 * standard board and *uno (its moves are read by its rules, RE-4.4). A
 * variant this reader does not play is refused by its name, not at a
 * misleading ply (PGN-1).
 */
static cc_err variant_board(cc_pgn_reader *r, const char *variant, cc_chess_variant *out, bool *uno, cc_error *err)
{
	static const char *const standard[] = {"", "Standard", "chess", "normal", "From Position"};
	char base[128];
	copy_text(base, sizeof base, variant);
	*out = CC_CHESS_VARIANT_STANDARD;
	size_t len = strlen(base);
	static const char suffix[] = ", Checkered";
	if (variant_is(base, "Checkered"))
		base[0] = '\0', *out = CC_CHESS_VARIANT_CHECKERED;
	else if (len > sizeof suffix - 1 && strcasecmp(base + len - (sizeof suffix - 1), suffix) == 0)
		base[len - (sizeof suffix - 1)] = '\0', *out = CC_CHESS_VARIANT_CHECKERED;
	for (size_t i = 0; i < sizeof standard / sizeof standard[0]; i++)
		if (variant_is(base, standard[i]))
			return CC_OK;
	size_t count;
	const cc_game_class *classes = cc_game_classes(&count);
	for (size_t i = 0; i < count; i++) {
		if (!variant_is(base, classes[i].label))
			continue;
		*uno = (classes[i].traits & CC_GAME_DEALT) != 0;
		return CC_OK;
	}
	return cc_refuse(err, CC_MSG_PGN_VARIANT_UNKNOWN, r->game, variant);
}

static cc_err start_from_tags(cc_pgn_reader *r, cc_pgn_game *game, const char *variant, const char *fen,
                              cc_error *err)
{
	cc_chess_variant v;
	cc_error why;
	if (variant_board(r, variant, &v, &game->chess_uno, err) != CC_OK)
		return CC_ERR_INVALID;
	cc_chess_position_start_variant(&game->start, v);
	/* a Chess-Uno part may start with the side not to move in check (no check rule) */
	cc_err rc = !fen[0]            ? CC_OK
	            : game->chess_uno ? cc_chess_position_from_fen_free(&game->start, fen, &why)
	                              : cc_chess_position_from_fen_variant(&game->start, v, fen, &why);
	if (rc != CC_OK)
		return cc_refuse(err, CC_MSG_PGN_BAD_FEN, r->game, why.message);
	game->final = game->start;
	return CC_OK;
}

/*
 * A result the final board contradicts (PGN-2): a mate with the mated
 * side winning or a draw, a stalemate with a win. Said as a warning: the
 * game is read.
 */
static void check_result(cc_pgn_reader *r, cc_pgn_game *game)
{
	const char *why = NULL;
	if (game->chess_uno)
		return; /* mate is not how a Chess-Uno game ends (a king taken or unable to move) */
	bool draw = strcmp(game->result, "1/2-1/2") == 0;
	bool white_won = strcmp(game->result, "1-0") == 0, black_won = strcmp(game->result, "0-1") == 0;
	if ((draw || white_won || black_won) && cc_chess_is_checkmate(&game->final)) {
		bool white_mated = game->final.to_move == CC_SIDE_WHITE;
		if (draw || (white_mated ? white_won : black_won))
			why = white_mated ? N_("White is checkmated") : N_("Black is checkmated");
	} else if ((white_won || black_won) && cc_chess_is_stalemate(&game->final)) {
		why = N_("stalemate");
	}
	if (why) {
		game->contradicted = true;
		cc_refuse(&game->warning, CC_MSG_PGN_RESULT_CONTRADICTS, r->game, game->result, why);
	}
}

/*
 * The rest of a game that could not be read (RE-4.5): its tag pairs, then
 * its movetext up to its termination marker, or up to the next game's
 * first tag for a game without one; comments and variations as the reader
 * skips them. in_movetext: whether the error was met in the movetext.
 */
static void skip_rest(cc_pgn_reader *r, bool in_movetext)
{
	char tok[16];
	size_t n = 0;
	int c;
	while (!r->stopped && (c = next_char(r)) != EOF) {
		bool ends_token = isspace(c) || c == '{' || c == '(' || c == ';' || c == '[' || c == ')';
		if (ends_token && n > 0) {
			tok[n] = '\0';
			if (is_result(tok))
				break;
			n = 0;
		}
		if (c == 0) {
			r->stopped = true;
		} else if (c == '[' && in_movetext) {
			unget_char(r, c);
			break;
		} else if (c == '[') {
			while ((c = next_char(r)) != EOF && c != '\n' && c != 0)
				;
			r->stopped = c == 0;
		} else if (c == '{' || c == '(') {
			cc_error ignored;
			(void)skip_until(r, c, &ignored);
		} else if (c == ';') {
			while ((c = next_char(r)) != EOF && c != '\n' && c != 0)
				;
			r->stopped = c == 0;
		} else if (!ends_token) {
			in_movetext = true;
			if (n + 1 < sizeof tok)
				tok[n++] = (char)c;
		}
	}
}

static cc_err read_game(cc_pgn_reader *r, cc_pgn_game *game, bool *in_movetext, cc_error *err);

cc_err cc_session_pgn_next(cc_pgn_reader *r, cc_pgn_game *game, cc_error *err)
{
	bool in_movetext = false;
	if (r->stopped)
		return CC_ERR_NOT_FOUND;
	cc_err rc = read_game(r, game, &in_movetext, err);
	if (rc == CC_ERR_INVALID)
		skip_rest(r, in_movetext);
	return rc;
}

/*
 * A Result tag that is not the movetext's termination marker (RE-2.5):
 * the marker is the game's result, as PGN has it (8.2.6: the tag repeats
 * it); the disagreement is said as a warning naming both. A game without
 * a marker reads as "*", and a tag saying otherwise disagrees with it.
 */
static void check_result_tag(cc_pgn_reader *r, cc_pgn_game *game)
{
	if (!game->result_tag[0] || strcmp(game->result_tag, game->result) == 0)
		return;
	game->tag_differs = true;
	cc_refuse(&game->tag_warning, CC_MSG_PGN_RESULT_TAG_DIFFERS, r->game, game->result_tag, game->result);
}

/* Keeps the tags the reader uses (the variant, the result, the start
 * position and the players); the others are read and left. */
static void keep_tag(cc_pgn_game *game, char *fen, size_t fen_size, const char *name, const char *value)
{
	if (strcmp(name, "Variant") == 0)
		copy_text(game->variant, sizeof game->variant, value);
	else if (strcmp(name, "Result") == 0)
		copy_text(game->result_tag, sizeof game->result_tag, value);
	else if (strcmp(name, "FEN") == 0)
		copy_text(fen, fen_size, value);
	else if (strcmp(name, "White") == 0)
		copy_text(game->white, sizeof game->white, value);
	else if (strcmp(name, "Black") == 0)
		copy_text(game->black, sizeof game->black, value);
}

static cc_err read_game(cc_pgn_reader *r, cc_pgn_game *game, bool *in_movetext, cc_error *err)
{
	char *variant = game->variant, fen[CC_CHESS_FEN_MAX + 16] = "", tok[256];
	bool any = false, moves_started = false;
	int c;
	memset(game, 0, sizeof *game);
	snprintf(game->result, sizeof game->result, "*");
	cc_chess_position_start(&game->start);
	game->final = game->start;
	r->game++;
	while ((c = next_char(r)) != EOF) {
		if (c == 0)
			return refuse_nul(r, err);
		if (isspace(c))
			continue;
		if (c == '{' || c == '(') {
			if (skip_until(r, c, err) != CC_OK)
				return CC_ERR_INVALID;
			continue;
		}
		if (c == ';') {
			while ((c = next_char(r)) != EOF && c != '\n' && c != 0)
				;
			if (c == 0)
				return refuse_nul(r, err);
			continue;
		}
		if (c == '[' && moves_started) {
			/* the next game's tags, this one without its termination marker */
			unget_char(r, c);
			break;
		}
		if (c == '[') {
			char name[64], value[256];
			if (read_tag(r, name, sizeof name, value, sizeof value, err) != CC_OK)
				return CC_ERR_INVALID;
			any = true;
			keep_tag(game, fen, sizeof fen, name, value);
			continue;
		}
		if (!moves_started) {
			moves_started = *in_movetext = true;
			if (start_from_tags(r, game, variant, fen, err) != CC_OK) {
				unget_char(r, c); /* the skip reads the token from its start: it may be the marker */
				return CC_ERR_INVALID;
			}
		}
		any = true;
		size_t n = 0;
		for (; c != EOF && c != 0 && !isspace(c) && c != '{' && c != '(' && c != ';' && c != ')'; c = next_char(r))
			if (n + 1 < sizeof tok)
				tok[n++] = (char)c;
		tok[n] = '\0';
		if (c == 0)
			return refuse_nul(r, err);
		if (c == '{' || c == '(' || c == ';')
			unget_char(r, c);
		if (is_move_number(tok) || is_annotation(tok))
			continue;
		if (is_result(tok)) {
			copy_text(game->result, sizeof game->result, tok);
			check_result(r, game);
			check_result_tag(r, game);
			return CC_OK;
		}
		cc_err rc = play_token(r, game, tok, err);
		if (rc)
			return rc;
	}
	if (!any) {
		r->game--;
		return CC_ERR_NOT_FOUND;
	}
	if (!moves_started && start_from_tags(r, game, variant, fen, err) != CC_OK)
		return CC_ERR_INVALID;
	check_result_tag(r, game);
	return CC_OK;
}
