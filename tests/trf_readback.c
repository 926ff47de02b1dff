/*
 * trf_readback.c DB EVENT: reads an event's TRF export back with the
 * program's own TRF reader (trf.h) and says whether it means what the
 * event says (issue 33 deliverable 7, rules/club.md CL-4.15, CL-4.20,
 * CL-4.22). Driven by trf_import.sh.
 *
 * The export is written to memory from the event's table (what every
 * output of the event reads), then:
 *   - a strict column check of every 001 line: one byte a column (ASCII),
 *     the blanks between fields where TRF16 has them, each round cell
 *     "NNNN c r" at 92 + 10k with the opponent right-aligned digits or
 *     blank, the colour w, b, '-' or blank, the result one of TRF16's;
 *   - the reader takes it without a refusal, one player per seat;
 *   - each player's points column and the sum of his cells' points (the
 *     file's point system) equal his points in the event's standings;
 *   - each game of the event is the cells of its two players: opponent,
 *     colour, result letter, as the event's own result says (a bye: no
 *     opponent, no colour).
 * Prints "ok: ..." or "FAIL: ..." lines; exits 1 on a failure.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session_event_export.h"
#include "chesscubing/trf.h"

static int failures;

static void fail(const char *what, unsigned a, unsigned b)
{
	printf("FAIL: %s (%u, %u)\n", what, a, b);
	failures++;
}

/* Columns from 1; c is line[col - 1] or ' ' past its end. */
static char at(const char *line, size_t len, unsigned col)
{
	return col - 1 < len ? line[col - 1] : ' ';
}

static void check_columns(const char *line, size_t len, unsigned lineno)
{
	static const unsigned blanks[] = {4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91};
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)line[i] < 0x20 || (unsigned char)line[i] > 0x7e)
			fail("a byte that is not printable ASCII (columns are bytes)", lineno, (unsigned)i + 1);
	for (size_t i = 0; i < sizeof blanks / sizeof blanks[0]; i++)
		if (at(line, len, blanks[i]) != ' ')
			fail("no blank between fields", lineno, blanks[i]);
	for (unsigned col = 5; col <= 8; col++)
		if (at(line, len, col) != ' ' && (at(line, len, col) < '0' || at(line, len, col) > '9'))
			fail("the pairing number is not digits", lineno, col);
	for (unsigned k = 0; 92 + 10 * k <= len; k++) {
		unsigned c = 92 + 10 * k;
		for (unsigned d = 0; d < 4; d++) {
			char ch = at(line, len, c + d);
			if (ch != ' ' && (ch < '0' || ch > '9'))
				fail("an opponent that is not digits", lineno, c + d);
		}
		if (at(line, len, c + 4) != ' ' || at(line, len, c + 6) != ' ' || (k > 0 && at(line, len, c - 1) != ' '))
			fail("no blank inside or between round cells", lineno, c);
		if (!strchr("wb- ", at(line, len, c + 5)))
			fail("a colour that is not w, b, - or blank", lineno, c + 5);
		if (!strchr("10=+-WDLHFUZ ", at(line, len, c + 7)))
			fail("a result that is not TRF16's", lineno, c + 7);
	}
}

/* The result letter the event's game means for the player with white
 * (or black) by the reader's enum; ' ' none. */
static cc_trf_result expected_result(const cc_event_game *g, bool white)
{
	double mine = g->points[white ? 0 : 1];
	switch (g->kind) {
	case CC_EVENT_GAME_WHITE_WINS:
		return white ? CC_TRF_RESULT_WIN : CC_TRF_RESULT_LOSS;
	case CC_EVENT_GAME_BLACK_WINS:
		return white ? CC_TRF_RESULT_LOSS : CC_TRF_RESULT_WIN;
	case CC_EVENT_GAME_DRAW:
		return CC_TRF_RESULT_DRAW;
	case CC_EVENT_GAME_BYE:
		return mine >= 1.0 ? CC_TRF_RESULT_PAB : mine >= 0.5 ? CC_TRF_RESULT_HALF_BYE : CC_TRF_RESULT_ZERO_BYE;
	case CC_EVENT_GAME_UNPLAYED:
		return CC_TRF_RESULT_NONE;
	case CC_EVENT_GAME_WHITE_FORFEIT:
		return white ? CC_TRF_RESULT_FORFEIT_WIN : CC_TRF_RESULT_FORFEIT_LOSS;
	case CC_EVENT_GAME_BLACK_FORFEIT:
		return white ? CC_TRF_RESULT_FORFEIT_LOSS : CC_TRF_RESULT_FORFEIT_WIN;
	case CC_EVENT_GAME_DOUBLE_FORFEIT:
		return CC_TRF_RESULT_FORFEIT_LOSS;
	case CC_EVENT_GAME_WHITE_HALF_BYE:
	case CC_EVENT_GAME_BLACK_HALF_BYE:
		if (mine == 0.5 && (g->kind == CC_EVENT_GAME_WHITE_HALF_BYE) == white)
			return CC_TRF_RESULT_HALF_BYE;
		return mine >= 1.0 ? CC_TRF_RESULT_FULL_BYE : mine >= 0.5 ? CC_TRF_RESULT_HALF_BYE : CC_TRF_RESULT_ZERO_BYE;
	case CC_EVENT_GAME_ZERO_BYE:
		return CC_TRF_RESULT_ZERO_BYE;
	}
	return CC_TRF_RESULT_NONE;
}

static bool no_opponent(const cc_event_game *g)
{
	return g->black == 0 || g->kind == CC_EVENT_GAME_WHITE_HALF_BYE || g->kind == CC_EVENT_GAME_BLACK_HALF_BYE ||
	       g->kind == CC_EVENT_GAME_ZERO_BYE;
}

static void check_game(const cc_trf *trf, const cc_event_game *g, bool white)
{
	unsigned me = white ? g->white : g->black, other = white ? g->black : g->white;
	const cc_trf_player *p = cc_trf_find(trf, me);
	if (!p || g->round == 0 || g->round > CC_TRF_MAX_ROUNDS) {
		fail("a player of the event is not in the file", me, g->round);
		return;
	}
	const cc_trf_cell *c = &p->cells[g->round - 1];
	cc_trf_result want = expected_result(g, white);
	if (c->result != want)
		fail("a cell's result is not the event's (player, round)", me, g->round);
	if (want == CC_TRF_RESULT_NONE)
		return; /* not played: the cell may name the pairing or be blank */
	bool none = no_opponent(g);
	if (c->opponent != (none ? 0 : other))
		fail("a cell's opponent is not the event's (player, round)", me, g->round);
	cc_trf_colour colour = none ? CC_TRF_COLOUR_NONE : white ? CC_TRF_COLOUR_WHITE : CC_TRF_COLOUR_BLACK;
	if (c->colour != colour)
		fail("a cell's colour is not the event's (player, round)", me, g->round);
}

static void check_players(const cc_event_table *t, const cc_trf *trf)
{
	if (trf->nplayers != t->players)
		fail("the file's players are not the event's", trf->nplayers, t->players);
	for (unsigned i = 0; i < t->players; i++) {
		const cc_event_player *ep = &t->player[i];
		const cc_trf_player *p = cc_trf_find(trf, ep->start_rank);
		if (!p) {
			fail("a player of the event has no line", ep->start_rank, 0);
			continue;
		}
		int want = (int)lround(ep->st.points * 10);
		int sum = 0;
		for (unsigned r = 0; r < trf->ncells; r++)
			sum += p->cells[r].empty ? 0 : cc_trf_cell_points10(trf, &p->cells[r]);
		if (p->points10 != want)
			fail("a points column is not the event's (player, tenths)", ep->start_rank, (unsigned)p->points10);
		if (sum != want && !ep->st.cancelled)
			fail("a player's cells do not add up to his points (player, tenths)", ep->start_rank, (unsigned)sum);
	}
}

static char *export_trf(const cc_event_table *t, size_t *len)
{
	FILE *f = tmpfile();
	if (!f || cc_session_event_write(f, t, CC_EVENT_EXPORT_TRF) != 0)
		return NULL;
	long size = ftell(f);
	char *text = size > 0 ? malloc((size_t)size + 1) : NULL;
	rewind(f);
	if (text && fread(text, 1, (size_t)size, f) != (size_t)size) {
		free(text);
		text = NULL;
	}
	fclose(f);
	*len = text ? (size_t)size : 0;
	return text;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: trf_readback DB EVENT\n");
		return 2;
	}
	cc_session_db *db = NULL;
	cc_error err;
	static cc_event_table t;
	static cc_trf trf;
	if (cc_session_db_open(&db, argv[1], CC_SESSION_DB_READ, NULL, &err) ||
	    cc_session_event_table(db, argv[2], &t, &err)) {
		printf("FAIL: %s: %s\n", argv[2], err.message);
		return 1;
	}
	size_t len = 0;
	char *text = export_trf(&t, &len);
	if (!text) {
		printf("FAIL: %s: no TRF written\n", argv[2]);
		return 1;
	}
	unsigned lineno = 0;
	for (const char *line = text; line < text + len; lineno++) {
		const char *end = memchr(line, '\n', (size_t)(text + len - line));
		size_t n = end ? (size_t)(end - line) : (size_t)(text + len - line);
		if (n >= 3 && memcmp(line, "001", 3) == 0)
			check_columns(line, n, lineno + 1);
		line += n + 1;
	}
	if (cc_trf_parse(&trf, text, len, &err) != CC_OK) {
		printf("FAIL: %s: the reader refuses line %d: %s\n", argv[2], err.line, err.message);
		return 1;
	}
	check_players(&t, &trf);
	for (size_t i = 0; i < t.games; i++) {
		check_game(&trf, &t.game[i], true);
		if (t.game[i].black != 0) /* a bye has one side */
			check_game(&trf, &t.game[i], false);
	}
	if (failures == 0)
		printf("ok: %s: its TRF export read back (%u players, %zu games, %u rounds): columns, points, cells\n",
		       argv[2], t.players, t.games, trf.ncells);
	free(text);
	cc_session_event_table_free(&t);
	cc_session_db_close(db);
	return failures ? 1 : 0;
}
