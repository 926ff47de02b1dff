/*
 * pgn_import.c: a PGN game read back onto a board (session_pgn.h).
 *
 * A small reader, not a PGN validator: it reads a game's tag pairs up to
 * the first line that is not one, then tokens of movetext until a game
 * termination marker. Tokens are separated by spaces; "{...}" and ";"
 * comments, "(...)" variations (nested), "$N" NAGs and move numbers
 * ("12." "12...") are skipped. Every other token is a move of the side to
 * move, read leniently (cc_chess_parse_move), or "--", a pass.
 */
#include "chesscubing/session_pgn.h"

#include <ctype.h>
#include <string.h>

/* Copies src into dst, cut at size (tags are short; a long one is cut). */
static void copy_text(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);
	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

static int next_char(FILE *in)
{
	return fgetc(in);
}

/* Reads a tag pair's body after '[' ("Name \"value\"]"). */
static void read_tag(FILE *in, char *name, size_t name_size, char *value, size_t value_size)
{
	size_t n = 0, v = 0;
	int c;
	while ((c = next_char(in)) != EOF && isspace(c))
		;
	for (; c != EOF && !isspace(c) && c != '"' && c != ']'; c = next_char(in))
		if (n + 1 < name_size)
			name[n++] = (char)c;
	name[n] = '\0';
	while (c != EOF && c != '"' && c != ']')
		c = next_char(in);
	if (c == '"') {
		while ((c = next_char(in)) != EOF && c != '"') {
			if (c == '\\')
				c = next_char(in);
			if (c != EOF && v + 1 < value_size)
				value[v++] = (char)c;
		}
		while (c != EOF && c != ']')
			c = next_char(in);
	}
	value[v] = '\0';
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
	return *p == '\0' || isalpha((unsigned char)*p) ? *p == '\0' : false;
}

/* Plays one movetext token: a move, "--", or a move glued to its number ("1.e4"). */
static cc_err play_token(cc_pgn_game *game, char *tok, cc_error *err)
{
	while (isdigit((unsigned char)*tok))
		tok++;
	while (*tok == '.')
		tok++;
	if (*tok == '\0')
		return CC_OK;
	cc_chess_undo undo;
	if (strcmp(tok, "--") == 0) {
		cc_error why;
		if (cc_chess_make_null(&game->final, &undo, &why) != CC_OK)
			return cc_refuse(err, CC_MSG_PGN_PASS_IN_CHECK, game->plies + 1, why.message);
		game->plies++;
		return CC_OK;
	}
	/* trailing annotations: !, ?, and the like */
	size_t len = strlen(tok);
	while (len > 0 && (tok[len - 1] == '!' || tok[len - 1] == '?'))
		tok[--len] = '\0';
	cc_chess_move move;
	cc_error why;
	if (cc_chess_parse_move(&game->final, tok, CC_CHESS_PARSE_LENIENT, &move, &why) != CC_OK)
		return cc_refuse(err, CC_MSG_PGN_PLY_REFUSED, game->plies + 1, tok, why.message);
	cc_chess_make(&game->final, move, &undo);
	game->plies++;
	return CC_OK;
}

/* Skips a comment or variation that started with open; nested "(" too. */
static void skip_until(FILE *in, int open)
{
	int depth = 1, c;
	while (depth > 0 && (c = next_char(in)) != EOF) {
		if (open == '{' && c == '}')
			depth--;
		else if (open == '(' && c == '(')
			depth++;
		else if (open == '(' && c == ')')
			depth--;
		else if (open == '(' && c == '{')
			skip_until(in, '{');
	}
}

static cc_err start_from_tags(cc_pgn_game *game, const char *variant, const char *fen, cc_error *err)
{
	cc_chess_variant v = strstr(variant, "Checkered") ? CC_CHESS_VARIANT_CHECKERED : CC_CHESS_VARIANT_STANDARD;
	cc_chess_position_start_variant(&game->start, v);
	if (fen[0] && cc_chess_position_from_fen_variant(&game->start, v, fen, err) != CC_OK)
		return CC_ERR_INVALID;
	game->final = game->start;
	return CC_OK;
}

cc_err cc_session_pgn_read(FILE *in, cc_pgn_game *game, cc_error *err)
{
	char variant[128] = "", fen[CC_CHESS_FEN_MAX + 16] = "", tok[256];
	bool any = false, moves_started = false;
	int c;
	memset(game, 0, sizeof *game);
	snprintf(game->result, sizeof game->result, "*");
	cc_chess_position_start(&game->start);
	game->final = game->start;
	while ((c = next_char(in)) != EOF) {
		if (isspace(c))
			continue;
		if (c == '[' && !moves_started) {
			char name[64], value[256];
			read_tag(in, name, sizeof name, value, sizeof value);
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
			if (start_from_tags(game, variant, fen, err) != CC_OK)
				return CC_ERR_INVALID;
		}
		any = true;
		if (c == '{' || c == '(') {
			skip_until(in, c);
			continue;
		}
		if (c == ';') {
			while ((c = next_char(in)) != EOF && c != '\n')
				;
			continue;
		}
		size_t n = 0;
		for (; c != EOF && !isspace(c) && c != '{' && c != '(' && c != ';'; c = next_char(in))
			if (n + 1 < sizeof tok)
				tok[n++] = (char)c;
		tok[n] = '\0';
		if (c == '{' || c == '(' || c == ';')
			ungetc(c, in);
		if (tok[0] == '$' || is_move_number(tok))
			continue;
		if (is_result(tok)) {
			copy_text(game->result, sizeof game->result, tok);
			return CC_OK;
		}
		cc_err rc = play_token(game, tok, err);
		if (rc)
			return rc;
	}
	if (!any)
		return CC_ERR_NOT_FOUND;
	if (!moves_started && start_from_tags(game, variant, fen, err) != CC_OK)
		return CC_ERR_INVALID;
	return CC_OK;
}
