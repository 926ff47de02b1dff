/*
 * trf.c: the TRF16 reader (trf.h). A line is cut into characters first
 * (UTF-8: a column is a character, not a byte, so an accented name does not
 * shift the rating), then each field is read from its columns:
 *
 *   001 line: 1-3 "001", 5-8 pairing number, 15-47 name, 49-52 rating,
 *             81-84 points, 86-89 rank, then one 10-column cell a round
 *             from column 92: 92-95 opponent (0000 or blank: none),
 *             97 colour (w, b, - or blank), 99 result (1 0 = + - W D L
 *             H F U Z or blank).
 *   XXR n     the number of rounds;  XXC white1|black1|rank ...
 *   BBW BBD BBL BBZ BBF BBU x.y   points for a win, draw, loss, zero bye,
 *             forfeit loss, pairing-allocated bye;
 *   XXA NNNN  a player's virtual points, one 4-column value a round from
 *             column 10, every 5 columns;  192 FIDE_DUTCH_BAKU (or
 *             FIDE_DUTCH_2025_BAKU): the Baku acceleration (SW-6).
 */
#include <string.h>

#include "chesscubing/trf.h"

#define LINE_CHARS 2048

typedef struct {
	const char *text;
	size_t start[LINE_CHARS + 1]; /* byte offset of each character */
	size_t n;                     /* characters on the line */
} line_chars;

static void cut_line(line_chars *lc, const char *text, size_t len)
{
	lc->text = text;
	lc->n = 0;
	size_t i = 0;
	while (i < len && lc->n < LINE_CHARS) {
		lc->start[lc->n++] = i;
		i++;
		while (i < len && ((unsigned char)text[i] & 0xC0) == 0x80)
			i++;
	}
	lc->start[lc->n] = i;
}

/* Columns first..last (1-based, characters) into out, blanks where the line
 * is short. */
static void field(const line_chars *lc, size_t first, size_t last, char *out, size_t size)
{
	size_t o = 0;
	for (size_t c = first; c <= last && o + 1 < size; c++) {
		if (c - 1 >= lc->n) {
			out[o++] = ' ';
			continue;
		}
		size_t b = lc->start[c - 1], e = lc->start[c];
		if (o + (e - b) + 1 > size)
			break;
		memcpy(out + o, lc->text + b, e - b);
		o += e - b;
	}
	out[o] = '\0';
}

static bool is_blank(const char *s)
{
	for (; *s; s++)
		if (*s != ' ' && *s != '\t')
			return false;
	return true;
}

/* A number in a field (blanks around it allowed); -1 when not one. */
static long read_number(const char *s)
{
	while (*s == ' ')
		s++;
	if (*s < '0' || *s > '9')
		return -1;
	long v = 0;
	while (*s >= '0' && *s <= '9') {
		v = v * 10 + (*s - '0');
		if (v > 100000000)
			return -1;
		s++;
	}
	while (*s == ' ')
		s++;
	return *s ? -1 : v;
}

/* "1.5", "10", " 0.5 " in tenths; -1 when not one. */
static int read_tenths(const char *s)
{
	while (*s == ' ')
		s++;
	int whole = 0, tenth = 0;
	bool digit = false;
	while (*s >= '0' && *s <= '9') {
		whole = whole * 10 + (*s++ - '0');
		digit = true;
		if (whole > 10000)
			return -1;
	}
	if (*s == '.' || *s == ',') {
		s++;
		if (*s >= '0' && *s <= '9') {
			tenth = *s++ - '0';
			digit = true;
		}
		while (*s >= '0' && *s <= '9')
			s++;
	}
	while (*s == ' ')
		s++;
	return digit && !*s ? whole * 10 + tenth : -1;
}

static bool result_from_char(char c, cc_trf_result *out)
{
	static const char letters[] = " 1=0+-WDLHFUZ";
	static const cc_trf_result results[] = {
		CC_TRF_RESULT_NONE, CC_TRF_RESULT_WIN, CC_TRF_RESULT_DRAW, CC_TRF_RESULT_LOSS,
		CC_TRF_RESULT_FORFEIT_WIN, CC_TRF_RESULT_FORFEIT_LOSS, CC_TRF_RESULT_UNRATED_WIN,
		CC_TRF_RESULT_UNRATED_DRAW, CC_TRF_RESULT_UNRATED_LOSS, CC_TRF_RESULT_HALF_BYE,
		CC_TRF_RESULT_FULL_BYE, CC_TRF_RESULT_PAB, CC_TRF_RESULT_ZERO_BYE,
	};
	if (c >= 'a' && c <= 'z')
		c = (char)(c - 'a' + 'A');
	const char *p = c ? strchr(letters, c) : NULL;
	if (!p)
		return false;
	*out = results[p - letters];
	return true;
}

static bool result_is_bye(cc_trf_result r)
{
	return r == CC_TRF_RESULT_HALF_BYE || r == CC_TRF_RESULT_FULL_BYE || r == CC_TRF_RESULT_PAB ||
	       r == CC_TRF_RESULT_ZERO_BYE;
}

static cc_err read_cell(const line_chars *lc, size_t col, unsigned round, cc_trf_cell *cell, cc_error *err)
{
	char opp[16], colour[8], result[8], whole[32];
	field(lc, col, col + 3, opp, sizeof opp);
	field(lc, col + 5, col + 5, colour, sizeof colour);
	field(lc, col + 7, col + 7, result, sizeof result);
	field(lc, col, col + 7, whole, sizeof whole);
	memset(cell, 0, sizeof *cell);
	cell->empty = is_blank(whole);
	long o = is_blank(opp) ? 0 : read_number(opp);
	bool ok = o >= 0 && o <= 9999 && strlen(colour) == 1 && strlen(result) == 1 &&
	          result_from_char(result[0], &cell->result);
	if (ok) {
		cell->opponent = (unsigned)o;
		switch (colour[0]) {
		case 'w': cell->colour = CC_TRF_COLOUR_WHITE; break;
		case 'b': cell->colour = CC_TRF_COLOUR_BLACK; break;
		case '-':
		case ' ': cell->colour = CC_TRF_COLOUR_NONE; break;
		default: ok = false;
		}
	}
	/* a bye has no opponent; a game played over the board has a colour */
	if (ok && result_is_bye(cell->result) && cell->opponent != 0)
		ok = false;
	if (ok && cc_trf_cell_played(cell) && cell->opponent == 0)
		ok = false;
	if (!ok)
		return cc_refuse(err, CC_MSG_TRF_BAD_CELL, round, whole);
	return CC_OK;
}

static cc_err read_player(cc_trf *t, const line_chars *lc, cc_error *err)
{
	char buf[CC_TRF_NAME_MAX];
	if (t->nplayers >= CC_TRF_MAX_PLAYERS)
		return cc_refuse(err, CC_MSG_TRF_TOO_MANY_PLAYERS, CC_TRF_MAX_PLAYERS);
	cc_trf_player *p = &t->players[t->nplayers];
	memset(p, 0, sizeof *p);
	field(lc, 5, 8, buf, sizeof buf);
	long id = read_number(buf);
	if (id < 1 || id > 9999)
		return cc_refuse(err, CC_MSG_TRF_BAD_PAIRING_NUMBER, buf);
	if (cc_trf_find(t, (unsigned)id))
		return cc_refuse(err, CC_MSG_TRF_PAIRING_NUMBER_TWICE, id);
	p->id = (unsigned)id;
	field(lc, 15, 47, p->name, sizeof p->name);
	for (size_t e = strlen(p->name); e > 0 && p->name[e - 1] == ' '; e--)
		p->name[e - 1] = '\0';
	field(lc, 49, 52, buf, sizeof buf);
	long rating = is_blank(buf) ? 0 : read_number(buf);
	p->rating = rating > 0 ? (unsigned)rating : 0;
	field(lc, 81, 84, buf, sizeof buf);
	int pts = is_blank(buf) ? 0 : read_tenths(buf);
	p->points10 = pts > 0 ? pts : 0;
	field(lc, 86, 89, buf, sizeof buf);
	long rank = is_blank(buf) ? 0 : read_number(buf);
	p->rank = rank > 0 ? (unsigned)rank : 0;
	unsigned r = 0;
	for (size_t col = 92; col <= lc->n; col += 10, r++) {
		if (r >= CC_TRF_MAX_ROUNDS)
			return cc_refuse(err, CC_MSG_TRF_TOO_MANY_ROUNDS, CC_TRF_MAX_ROUNDS);
		cc_err rc = read_cell(lc, col, r + 1, &p->cells[r], err);
		if (rc != CC_OK)
			return rc;
	}
	for (unsigned k = r; k < CC_TRF_MAX_ROUNDS; k++)
		p->cells[k].empty = true; /* past the line's end: blank */
	while (r > 0 && p->cells[r - 1].empty)
		r--;
	if (r > t->ncells)
		t->ncells = r;
	t->nplayers++;
	return CC_OK;
}

/* XXA NNNN: player NNNN's virtual points, a 4-column value every 5
 * columns from column 10, one per round from the first (blank: none). */
static cc_err read_accel(cc_trf *t, const line_chars *lc, cc_error *err)
{
	char buf[16];
	field(lc, 5, 8, buf, sizeof buf);
	long id = read_number(buf);
	if (id < 1 || id > 9999)
		return cc_refuse(err, CC_MSG_TRF_BAD_PAIRING_NUMBER, buf);
	if (t->naccel >= CC_TRF_MAX_PLAYERS)
		return cc_refuse(err, CC_MSG_TRF_TOO_MANY_PLAYERS, CC_TRF_MAX_PLAYERS);
	unsigned k = t->naccel;
	memset(&t->accel[k], 0, sizeof t->accel[k]);
	t->accel[k].id = (unsigned)id;
	for (size_t col = 10; col <= lc->n; col += 5) {
		if (t->accel[k].rounds >= CC_TRF_MAX_ROUNDS)
			return cc_refuse(err, CC_MSG_TRF_TOO_MANY_ROUNDS, CC_TRF_MAX_ROUNDS);
		field(lc, col, col + 3, buf, sizeof buf);
		int v = is_blank(buf) ? 0 : read_tenths(buf);
		if (v < 0)
			return cc_refuse(err, CC_MSG_TRF_BAD_NUMBER, buf);
		t->accel[k].points10[t->accel[k].rounds++] = v;
	}
	t->naccel++;
	t->accelerated = true;
	return CC_OK;
}

static cc_err read_extension(cc_trf *t, const line_chars *lc, const char *tag, cc_error *err)
{
	char rest[256];
	field(lc, 4, lc->n, rest, sizeof rest);
	int *points = !strcmp(tag, "BBW")   ? &t->win10
	              : !strcmp(tag, "BBD") ? &t->draw10
	              : !strcmp(tag, "BBL") ? &t->loss10
	              : !strcmp(tag, "BBZ") ? &t->zero_bye10
	              : !strcmp(tag, "BBF") ? &t->forfeit_loss10
	              : !strcmp(tag, "BBU") ? &t->pab10
	                                    : NULL;
	if (points) {
		int v = read_tenths(rest);
		if (v < 0)
			return cc_refuse(err, CC_MSG_TRF_BAD_NUMBER, rest);
		*points = v;
		return CC_OK;
	}
	if (!strcmp(tag, "XXR")) {
		long v = read_number(rest);
		if (v < 1 || v > CC_TRF_MAX_ROUNDS)
			return cc_refuse(err, CC_MSG_TRF_BAD_NUMBER, rest);
		t->total_rounds = (unsigned)v;
	} else if (!strcmp(tag, "XXC")) {
		if (strstr(rest, "white1"))
			t->initial_colour = CC_TRF_COLOUR_WHITE;
		if (strstr(rest, "black1"))
			t->initial_colour = CC_TRF_COLOUR_BLACK;
		if (strstr(rest, "rank"))
			t->use_rank = true;
	} else if (!strcmp(tag, "XXA")) {
		return read_accel(t, lc, err);
	} else if (!strcmp(tag, "192")) {
		t->baku = strstr(rest, "_BAKU") != NULL; /* FIDE_DUTCH_BAKU, FIDE_DUTCH_2025_BAKU */
	}
	return CC_OK;
}

/* Every opponent named is a player of the file. */
static cc_err check_opponents(const cc_trf *t, cc_error *err)
{
	for (unsigned i = 0; i < t->nplayers; i++)
		for (unsigned r = 0; r < t->ncells; r++) {
			unsigned o = t->players[i].cells[r].opponent;
			if (o && !cc_trf_find(t, o))
				return cc_refuse(err, CC_MSG_TRF_UNKNOWN_OPPONENT, r + 1, t->players[i].id, o);
		}
	return CC_OK;
}

cc_err cc_trf_parse(cc_trf *out, const char *text, size_t len, cc_error *err)
{
	line_chars lcs; /* 16 KiB on the stack: no shared state */
	line_chars *lc = &lcs;
	memset(out, 0, sizeof *out);
	out->win10 = 10;
	out->draw10 = 5;
	out->zero_bye10 = 0;
	out->pab10 = 10;
	size_t pos = 0;
	int line = 0;
	while (pos < len) {
		size_t end = pos; /* a line ends at LF, CR (bbpPairings writes CR) or CR LF */
		while (end < len && text[end] != '\n' && text[end] != '\r')
			end++;
		size_t cut = end;
		if (end + 1 < len && text[end] == '\r' && text[end + 1] == '\n')
			end++;
		line++;
		cut_line(lc, text + pos, cut - pos);
		char tag[16];
		field(lc, 1, 3, tag, sizeof tag);
		cc_err rc = CC_OK;
		if (!strcmp(tag, "001"))
			rc = read_player(out, lc, err);
		else
			rc = read_extension(out, lc, tag, err);
		if (rc != CC_OK)
			return cc_error_at_line(err, line, rc);
		pos = end + 1;
	}
	if (out->nplayers == 0)
		return cc_refuse(err, CC_MSG_TRF_NO_PLAYERS);
	return check_opponents(out, err);
}

const cc_trf_player *cc_trf_find(const cc_trf *trf, unsigned id)
{
	for (unsigned i = 0; i < trf->nplayers; i++)
		if (trf->players[i].id == id)
			return &trf->players[i];
	return NULL;
}

bool cc_trf_cell_played(const cc_trf_cell *cell)
{
	switch (cell->result) {
	case CC_TRF_RESULT_WIN:
	case CC_TRF_RESULT_DRAW:
	case CC_TRF_RESULT_LOSS:
	case CC_TRF_RESULT_UNRATED_WIN:
	case CC_TRF_RESULT_UNRATED_DRAW:
	case CC_TRF_RESULT_UNRATED_LOSS:
		return cell->colour != CC_TRF_COLOUR_NONE && cell->opponent != 0;
	case CC_TRF_RESULT_NONE:
	case CC_TRF_RESULT_FORFEIT_WIN:
	case CC_TRF_RESULT_FORFEIT_LOSS:
	case CC_TRF_RESULT_HALF_BYE:
	case CC_TRF_RESULT_FULL_BYE:
	case CC_TRF_RESULT_PAB:
	case CC_TRF_RESULT_ZERO_BYE:
		return false;
	}
	return false;
}

int cc_trf_cell_points10(const cc_trf *trf, const cc_trf_cell *cell)
{
	switch (cell->result) {
	case CC_TRF_RESULT_WIN:
	case CC_TRF_RESULT_UNRATED_WIN:
	case CC_TRF_RESULT_FORFEIT_WIN:
	case CC_TRF_RESULT_FULL_BYE:
		return trf->win10;
	case CC_TRF_RESULT_PAB:
		return trf->pab10;
	case CC_TRF_RESULT_DRAW:
	case CC_TRF_RESULT_UNRATED_DRAW:
	case CC_TRF_RESULT_HALF_BYE:
		return trf->draw10;
	case CC_TRF_RESULT_LOSS:
	case CC_TRF_RESULT_UNRATED_LOSS:
		return trf->loss10;
	case CC_TRF_RESULT_FORFEIT_LOSS:
		return trf->forfeit_loss10;
	case CC_TRF_RESULT_ZERO_BYE:
	case CC_TRF_RESULT_NONE:
		return 0;
	}
	return 0;
}
