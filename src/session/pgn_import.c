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
 * "--", a pass. A NUL byte is refused wherever it is.
 */
#include "chesscubing/session_pgn.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "chesscubing/game.h"

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
		if (cc_chess_make_null(&game->final, &undo, &why) != CC_OK)
			return cc_refuse(err, CC_MSG_PGN_PASS_IN_CHECK, r->game, game->plies + 1, why.message);
		game->plies++;
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
	if (cc_chess_parse_move(&game->final, move_text, CC_CHESS_PARSE_LENIENT, &move, &why) != CC_OK)
		return cc_refuse(err, CC_MSG_PGN_PLY_REFUSED, r->game, game->plies + 1, tok, why.message);
	cc_chess_make(&game->final, move, &undo);
	game->plies++;
	return CC_OK;
}

/* Skips a comment or variation that started with open; nested "(" too. */
static cc_err skip_until(cc_pgn_reader *r, int open, cc_error *err)
{
	int depth = 1, c;
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
 * "<label>, Checkered", Checkered's. A game whose moves follow other rules
 * (Chess-Uno) or a variant this reader does not play is refused by its
 * name, not at a misleading ply (PGN-1).
 */
static cc_err variant_board(cc_pgn_reader *r, const char *variant, cc_chess_variant *out, cc_error *err)
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
		if (classes[i].traits & CC_GAME_DEALT)
			return cc_refuse(err, CC_MSG_PGN_VARIANT_NOT_CHESS, r->game, variant);
		return CC_OK;
	}
	return cc_refuse(err, CC_MSG_PGN_VARIANT_UNKNOWN, r->game, variant);
}

static cc_err start_from_tags(cc_pgn_reader *r, cc_pgn_game *game, const char *variant, const char *fen,
                              cc_error *err)
{
	cc_chess_variant v;
	cc_error why;
	if (variant_board(r, variant, &v, err) != CC_OK)
		return CC_ERR_INVALID;
	cc_chess_position_start_variant(&game->start, v);
	if (fen[0] && cc_chess_position_from_fen_variant(&game->start, v, fen, &why) != CC_OK)
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
	bool draw = strcmp(game->result, "1/2-1/2") == 0;
	bool white_won = strcmp(game->result, "1-0") == 0, black_won = strcmp(game->result, "0-1") == 0;
	if ((draw || white_won || black_won) && cc_chess_is_checkmate(&game->final)) {
		bool white_mated = game->final.to_move == CC_SIDE_WHITE;
		if (draw || (white_mated ? white_won : black_won))
			why = white_mated ? "White is checkmated" : "Black is checkmated";
	} else if ((white_won || black_won) && cc_chess_is_stalemate(&game->final)) {
		why = "stalemate";
	}
	if (why) {
		game->contradicted = true;
		cc_refuse(&game->warning, CC_MSG_PGN_RESULT_CONTRADICTS, r->game, game->result, why);
	}
}

cc_err cc_session_pgn_next(cc_pgn_reader *r, cc_pgn_game *game, cc_error *err)
{
	char variant[128] = "", fen[CC_CHESS_FEN_MAX + 16] = "", tok[256];
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
			if (strcmp(name, "Variant") == 0)
				copy_text(variant, sizeof variant, value);
			else if (strcmp(name, "FEN") == 0)
				copy_text(fen, sizeof fen, value);
			else if (strcmp(name, "White") == 0)
				copy_text(game->white, sizeof game->white, value);
			else if (strcmp(name, "Black") == 0)
				copy_text(game->black, sizeof game->black, value);
			continue;
		}
		if (!moves_started) {
			moves_started = true;
			if (start_from_tags(r, game, variant, fen, err) != CC_OK)
				return CC_ERR_INVALID;
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
	return CC_OK;
}
