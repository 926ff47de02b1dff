/*
 * event_export.c: an evening's exports (session_event_export.h): the table
 * every export reads (players, games, ratings before the event), the
 * symbols, the HTML writers' shared pieces, TRF16 and the choice of writer.
 * The crosstables are event_export_rr.c's (a round robin's grid, CL-4.6)
 * and event_export_swiss.c's (a Swiss's row of rounds, CL-10.8).
 *
 * TRF16 (FIDE Handbook C.04 Annex 2) is fixed columns, counted from 1 in
 * characters: header lines "012 " (name), 022 (city), 032 (federation), 042
 * and 052 (dates YYYY/MM/DD), 062 (players), 072 (rated players), 092
 * (type), 102 and 112 (arbiters), 122 (time control), 132 (each round's
 * date, YY/MM/DD at 92+10k); then one 001 line
 * per player in start-rank order:
 *
 *   1-3 "001"  5-8 start rank  10 sex  11-13 title  15-47 name
 *   49-52 rating  54-56 federation  58-68 FIDE id  70-79 birth date
 *   81-84 points "11.5"  86-89 rank
 *   per round k from 0: 92+10k..95+10k opponent's start rank ("0000" for
 *   a bye), 97+10k colour (w, b, '-'), 99+10k result.
 *
 * What the club does not know (sex, title, birth date, FIDE federation,
 * city, arbiters) is left blank for the rating officer (CL-4.16).
 */
#include "chesscubing/session_event_export.h"

#include <stdlib.h>
#include <string.h>

#include "chesscubing/game.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_export.h"
#include "chesscubing/session_trf_import.h"
#include "export_internal.h"
static const cc_name format_names[] = {
#define CC_EVENT_EXPORT_FORMAT(id, spelling) {CC_EVENT_EXPORT_##id, spelling},
#include "chesscubing/session_event_export_formats.def"
#undef CC_EVENT_EXPORT_FORMAT
};

cc_err cc_session_event_export_format_parse(const char *text, cc_event_export_format *out)
{
	int value;
	if (cc_name_parse(format_names, sizeof format_names / sizeof format_names[0], text, &value) != CC_OK)
		return CC_ERR_INVALID;
	*out = (cc_event_export_format)value;
	return CC_OK;
}

/* ---- the symbols: one function per export (CL-4.6, CL-4.15) ----------------- */

char cc_session_event_trf_symbol(cc_event_game_kind kind, bool white)
{
	switch (kind) {
	case CC_EVENT_GAME_WHITE_WINS:
		return white ? '1' : '0';
	case CC_EVENT_GAME_DRAW:
		return '=';
	case CC_EVENT_GAME_BLACK_WINS:
		return white ? '0' : '1';
	case CC_EVENT_GAME_BYE:
		return 'U';
	case CC_EVENT_GAME_UNPLAYED:
		return ' ';
	case CC_EVENT_GAME_WHITE_FORFEIT: /* TRF16: + a forfeit win, - a forfeit loss */
		return white ? '+' : '-';
	case CC_EVENT_GAME_BLACK_FORFEIT:
		return white ? '-' : '+';
	case CC_EVENT_GAME_DOUBLE_FORFEIT:
		return '-';
	case CC_EVENT_GAME_WHITE_HALF_BYE: /* H a half-point bye; the other a full-point bye (F) */
		return white ? 'H' : 'F';
	case CC_EVENT_GAME_BLACK_HALF_BYE:
		return white ? 'F' : 'H';
	case CC_EVENT_GAME_ZERO_BYE:
		return 'Z';
	}
	return ' ';
}

char cc_session_event_trf_bye(double points, bool allocated)
{
	if (points >= 1.0)
		return allocated ? 'U' : 'F';
	return points >= 0.5 ? 'H' : 'Z';
}

const char *cc_session_event_cell_symbol(cc_event_game_kind kind, bool white)
{
	switch (kind) {
	case CC_EVENT_GAME_WHITE_WINS:
		return white ? "1" : "0";
	case CC_EVENT_GAME_DRAW:
		return "½";
	case CC_EVENT_GAME_BLACK_WINS:
		return white ? "0" : "1";
	case CC_EVENT_GAME_BYE:
		return "B";
	case CC_EVENT_GAME_UNPLAYED:
		return ".";
	case CC_EVENT_GAME_WHITE_FORFEIT: /* the club's +/- (CL-6.1) */
		return white ? "+" : "-";
	case CC_EVENT_GAME_BLACK_FORFEIT:
		return white ? "-" : "+";
	case CC_EVENT_GAME_DOUBLE_FORFEIT:
		return "-";
	case CC_EVENT_GAME_WHITE_HALF_BYE:
		return white ? "H" : "B";
	case CC_EVENT_GAME_BLACK_HALF_BYE:
		return white ? "B" : "H";
	case CC_EVENT_GAME_ZERO_BYE:
		return "Z";
	}
	return ".";
}

/* ---- the table ------------------------------------------------------------ */

/* "YYYY/MM/DD" of a record's "YYYY-MM-DD..." time; "" for anything shorter. */
static void date_of(const char *utc, char *buf, size_t size)
{
	if (strlen(utc) >= 10)
		snprintf(buf, size, "%.4s/%.2s/%.2s", utc, utc + 5, utc + 8);
	else
		buf[0] = '\0';
}

#define ROUNDS_MAX (2 * CC_CLUB_PLAYERS_MAX)

/* Which rounds have begun: a match created, a forfeit recorded or a
 * half-point bye counted in one of its pairings (CL-3.4). */
static void rounds_begun(const cc_session_pairing *p, size_t count, bool begun[ROUNDS_MAX + 1])
{
	memset(begun, 0, (ROUNDS_MAX + 1) * sizeof begun[0]);
	for (size_t i = 0; i < count; i++)
		if (p[i].round <= ROUNDS_MAX &&
		    (p[i].match_id || p[i].outcome == CC_CLUB_OUT_PLAYED /* a recorded result, CL-4.22 */ ||
		     (p[i].outcome == CC_CLUB_OUT_FORFEIT && !p[i].by_withdrawal) ||
		     (p[i].outcome == CC_CLUB_OUT_HALF_BYE && p[i].counted)))
			begun[p[i].round] = true;
}

/* What a pairing of the club came to (its result as session_club.h spells
 * it); begun: its round has begun. */
static cc_event_game_kind kind_of(const cc_session_pairing *p, bool begun)
{
	if (p->bye && p->outcome == CC_CLUB_OUT_VOID)
		return begun ? CC_EVENT_GAME_ZERO_BYE : CC_EVENT_GAME_UNPLAYED; /* a withdrawn player's (CL-6.3) */
	if (p->outcome == CC_CLUB_OUT_FORFEIT && !p->counted)
		return CC_EVENT_GAME_UNPLAYED; /* a withdrawal's forfeit of a round not begun */
	if (p->outcome == CC_CLUB_OUT_FORFEIT)
		return p->forfeit == CC_CLUB_FORFEIT_WHITE   ? CC_EVENT_GAME_WHITE_FORFEIT
		       : p->forfeit == CC_CLUB_FORFEIT_BLACK ? CC_EVENT_GAME_BLACK_FORFEIT
		                                             : CC_EVENT_GAME_DOUBLE_FORFEIT;
	if (p->outcome == CC_CLUB_OUT_HALF_BYE)
		return !p->counted ? CC_EVENT_GAME_UNPLAYED
		       : p->points[0] == 0.5 && p->points[1] != 0.5 ? CC_EVENT_GAME_WHITE_HALF_BYE
		       : p->points[1] == 0.5 && p->points[0] != 0.5 ? CC_EVENT_GAME_BLACK_HALF_BYE
		                                                    : CC_EVENT_GAME_WHITE_HALF_BYE;
	if (p->outcome == CC_CLUB_OUT_VOID || !p->over)
		return CC_EVENT_GAME_UNPLAYED;
	if (p->bye)
		return CC_EVENT_GAME_BYE;
	if (strcmp(p->result, "1-0") == 0)
		return CC_EVENT_GAME_WHITE_WINS;
	if (strcmp(p->result, "0-1") == 0)
		return CC_EVENT_GAME_BLACK_WINS;
	return CC_EVENT_GAME_DRAW;
}

/* CL-10.8: a Swiss's bye of round published, not begun (begun false),
 * is known: game says the bye it is and what it will give, waiting. */
static void known_bye(const cc_session_event *e, const cc_session_pairing *p, bool begun, cc_event_game *game)
{
	if (!e->swiss || begun || !p->bye || p->round > e->published)
		return;
	if (p->outcome == CC_CLUB_OUT_BYE_WAITING) {
		game->kind = CC_EVENT_GAME_BYE;
		game->points[0] = cc_club_bye_points(e->bye_halves, false);
	} else if (p->outcome == CC_CLUB_OUT_HALF_BYE) {
		game->kind = CC_EVENT_GAME_WHITE_HALF_BYE;
		game->points[0] = cc_club_bye_points(e->bye_halves, true);
	} else if (p->outcome == CC_CLUB_OUT_VOID) { /* a withdrawn player's: W */
		game->kind = CC_EVENT_GAME_ZERO_BYE;
	} else {
		return;
	}
	game->waiting = true;
}

static unsigned start_rank_named(const cc_event_table *t, const char *name)
{
	for (unsigned i = 0; i < t->players; i++)
		if (strcmp(t->player[i].name, name) == 0)
			return t->player[i].start_rank;
	return 0;
}

unsigned cc_session_event_row_of(const cc_event_table *t, unsigned start_rank)
{
	unsigned i = 0;
	while (i < t->players && t->player[i].start_rank != start_rank)
		i++;
	return i;
}

static int compare_game(const void *pa, const void *pb)
{
	const cc_event_game *a = pa, *b = pb;
	if (a->round != b->round)
		return a->round < b->round ? -1 : 1;
	return a->board < b->board ? -1 : a->board > b->board;
}

/* One counted game of the event seen from one of its players (add_ratings). */
typedef struct {
	unsigned row;
	double before, after;
} rated_side;

/* The rating before the event of row's games sides[0..n) (CL-4.8): the
 * before of the game the ratings met first. The replay rates games in the
 * order they ended, not the order their matches were created, so that game
 * is the one whose before is the after of none of his other games of the
 * event; when games outside the event came between (several such), the
 * lowest. */
static double rating_before(const rated_side *sides, size_t n, unsigned row, double fallback)
{
	bool found = false;
	double best = fallback;
	for (size_t i = 0; i < n; i++) {
		bool follows = false;
		if (sides[i].row != row)
			continue;
		for (size_t j = 0; j < n && !follows; j++)
			follows = j != i && sides[j].row == row && sides[j].after == sides[i].before;
		if (!follows && (!found || sides[i].before < best)) {
			best = sides[i].before;
			found = true;
		}
	}
	return best;
}

/* Each player's rating before the event and his change over it (CL-2.7):
 * the club's facts of each counted game, never a replay of our own. */
static void add_ratings(cc_session_db *db, cc_event_table *t)
{
	rated_side *sides = t->games ? calloc(2 * t->games, sizeof *sides) : NULL;
	size_t n = 0;
	if (!sides)
		return;
	for (size_t g = 0; g < t->games; g++) {
		const cc_event_game *game = &t->game[g];
		cc_session_match_club club;
		if (!game->match_id || game->kind == CC_EVENT_GAME_UNPLAYED ||
		    cc_session_club_match(db, game->match_id, &club, NULL) != CC_OK || !club.counted)
			continue;
		const unsigned seat[2] = {game->white, game->black};
		const double before[2] = {club.change.white_before, club.change.black_before};
		const double after[2] = {club.change.white_after, club.change.black_after};
		for (int s = 0; s < 2; s++) {
			unsigned row = cc_session_event_row_of(t, seat[s]);
			if (row >= t->players)
				continue;
			t->player[row].rated = true;
			t->player[row].change += after[s] - before[s];
			sides[n++] = (rated_side){row, before[s], after[s]};
		}
	}
	for (unsigned row = 0; row < t->players; row++)
		if (t->player[row].rated)
			t->player[row].rating = rating_before(sides, n, row, t->player[row].rating);
	free(sides);
}

cc_err cc_session_event_table(cc_session_db *db, const char *name, cc_event_table *out, cc_error *err)
{
	cc_session_standing st[CC_CLUB_PLAYERS_MAX];
	cc_session_pairing *pairings = NULL;
	cc_session_event again;
	size_t count = 0;
	unsigned n = 0;
	memset(out, 0, sizeof *out);
	cc_err rc = cc_session_club_standings(db, name, &out->event, st, &n, err);
	if (rc == CC_OK)
		rc = cc_session_club_event(db, name, &again, &pairings, &count, err);
	if (rc == CC_OK && count > 0 && !(out->game = calloc(count, sizeof *out->game)))
		rc = cc_refuse(err, CC_MSG_NOMEM);
	if (rc) {
		free(pairings);
		cc_session_event_table_free(out);
		return rc;
	}
	const cc_game_class *cls = cc_game_class_of(out->event.format);
	cc_session_player *registry = NULL;
	size_t registered = 0;
	/* the registry read once, with the ratings of the event's list (CL-2.10) */
	if (cc_session_club_players_of(db, cls->rating_list, false, &registry, &registered, NULL) != CC_OK)
		registered = 0;
	out->game_label = cls->label;
	out->players = n;
	for (unsigned i = 0; i < n; i++) {
		cc_event_player *p = &out->player[i];
		p->start_rank = st[i].st.player + 1;
		snprintf(p->name, sizeof p->name, "%s", st[i].name);
		p->st = st[i].st;
		p->tb = st[i].tb; /* CL-9.1 */
		p->rating = CC_CLUB_START_RATING;
		for (size_t k = 0; k < registered; k++) {
			if (strcmp(registry[k].who.name, p->name) == 0) {
				snprintf(p->federation_id, sizeof p->federation_id, "%s", registry[k].who.federation_id);
				p->rating = registry[k].rating.rating;
			}
		}
	}
	free(registry);
	bool begun[ROUNDS_MAX + 1];
	rounds_begun(pairings, count, begun);
	for (size_t i = 0; i < count; i++) {
		const cc_session_pairing *p = &pairings[i];
		cc_session_info info;
		bool round_begun = p->round <= ROUNDS_MAX && begun[p->round];
		out->game[i] = (cc_event_game){p->round,
		                               p->board,
		                               start_rank_named(out, p->white),
		                               p->bye ? 0 : start_rank_named(out, p->black),
		                               kind_of(p, round_begun),
		                               p->match_id,
		                               "",
		                               {p->counted ? p->points[0] : 0.0, p->counted ? p->points[1] : 0.0},
		                               false};
		if (p->match_id && cc_session_db_info(db, p->match_id, &info, NULL) == CC_OK)
			date_of(info.created_utc, out->game[i].date, sizeof out->game[i].date);
		known_bye(&out->event, p, round_begun, &out->game[i]);
	}
	out->games = count;
	free(pairings);
	qsort(out->game, out->games, sizeof *out->game, compare_game);
	add_ratings(db, out);
	/* CL-4.22: an imported player's rating is the one he was entered with */
	unsigned entered[CC_CLUB_PLAYERS_MAX];
	if (cc_session_club_event_entered_ratings(db, name, entered, NULL) == CC_OK)
		for (unsigned i = 0; i < n; i++)
			if (out->player[i].start_rank - 1 < CC_CLUB_PLAYERS_MAX && entered[out->player[i].start_rank - 1])
				out->player[i].rating = entered[out->player[i].start_rank - 1];
	return CC_OK;
}

void cc_session_event_table_free(cc_event_table *t)
{
	free(t->game);
	t->game = NULL;
	t->games = 0;
}

/* ---- the HTML writers' shared pieces ----------------------------------------- */

/* Names are hostile input (CL-4.11): every character HTML gives a meaning
 * to is written as a reference, controls as U+FFFD. */
void cc_session_event_html_text(FILE *out, const char *text)
{
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		switch (*p) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fputs("&#xFFFD;", out);
			else
				fputc(*p, out);
		}
	}
}

/* One A4 sheet (CL-4.10): landscape past 16 players, the type smaller as
 * the grid grows. */
void cc_session_event_html_style(FILE *out, unsigned players)
{
	const char *orientation = players > 16 ? "landscape" : "portrait";
	double pt = players <= 12 ? 10.0 : players <= 24 ? 7.5 : players <= 40 ? 5.5 : 3.8;
	fprintf(out,
	        "<style>\n"
	        "@page { size: A4 %s; margin: 10mm; }\n"
	        "body { font-family: sans-serif; font-size: %.1fpt; margin: 0; }\n"
	        "h1 { font-size: 1.4em; margin: 0 0 0.2em; }\n"
	        "p { margin: 0 0 0.6em; }\n"
	        "table { border-collapse: collapse; }\n"
	        "th, td { border: 1px solid #555; padding: 0.1em 0.25em; text-align: center; white-space: nowrap; }\n"
	        "td.name { text-align: left; max-width: 16em; overflow: hidden; text-overflow: ellipsis; }\n"
	        "td.self { background: #ccc; }\n"
	        "tr { break-inside: avoid; }\n"
	        "</style>\n",
	        orientation, pt);
}

/* ---- TRF16 ------------------------------------------------------------------ */

#define TRF_ROUND_COLUMN 92 /* round k's opponent begins at 92 + 10k (k from 0) */
#define TRF_NAME_WIDTH 33   /* columns 15-47 */
#define TRF_LINE_MAX (TRF_ROUND_COLUMN + 10 * 2 * CC_CLUB_PLAYERS_MAX + 2)

/* Puts ASCII text at column col (from 1) of line, at most width bytes;
 * right-aligned when right; any other byte becomes '?'. */
static void trf_put(char *line, unsigned col, unsigned width, const char *text, bool right)
{
	size_t n = strlen(text);
	if (n > width)
		n = width;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)text[i];
		line[col - 1 + (right ? width - n : 0) + i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
}

static void trf_header(FILE *out, const char *tag, const char *value)
{
	if (value[0])
		fprintf(out, "%s %s\n", tag, value);
	else
		fprintf(out, "%s\n", tag);
}

/* TRF16's letter of game for its white (true) or black player (CL-4.15):
 * a bye's by its value. */
static char trf_letter(const cc_event_game *game, bool white)
{
	if (game->kind == CC_EVENT_GAME_BYE)
		return cc_session_event_trf_bye(game->points[0], true);
	if ((game->kind == CC_EVENT_GAME_WHITE_HALF_BYE && !white) || (game->kind == CC_EVENT_GAME_BLACK_HALF_BYE && white))
		return cc_session_event_trf_bye(game->points[white ? 0 : 1], false);
	return cc_session_event_trf_symbol(game->kind, white);
}

/* Is game one without an opponent for its players (TRF16: "0000 -")? */
static bool trf_no_opponent(const cc_event_game *game)
{
	return game->black == 0 || game->kind == CC_EVENT_GAME_WHITE_HALF_BYE ||
	       game->kind == CC_EVENT_GAME_BLACK_HALF_BYE || game->kind == CC_EVENT_GAME_ZERO_BYE;
}

/* Player row's field of round r (from 1): opponent, colour, result
 * (CL-4.14, CL-4.15). A pairing without its result yet (not begun, in
 * play, not counted) leaves the round blank: TRF16 has no "not yet", and
 * the engines refuse an opponent with a blank result. */
static void trf_round(const cc_event_table *t, const cc_event_player *p, unsigned r, char *line)
{
	unsigned col = TRF_ROUND_COLUMN + 10 * (r - 1);
	for (size_t g = 0; g < t->games; g++) {
		const cc_event_game *game = &t->game[g];
		bool white = game->white == p->start_rank;
		if (game->round != r || (!white && game->black != p->start_rank))
			continue;
		char opp[16], sym[2] = {trf_letter(game, white), '\0'};
		if (sym[0] == ' ' || game->waiting) /* a bye known, its round not begun (CL-4.15) */
			return;
		bool none = trf_no_opponent(game);
		snprintf(opp, sizeof opp, "%04u", none ? 0u : white ? game->black : game->white);
		trf_put(line, col, 4, opp, true);
		trf_put(line, col + 5, 1, none ? "-" : white ? "w" : "b", false);
		trf_put(line, col + 7, 1, sym, false);
		return;
	}
}

/* Is round r over: paired (and, a Swiss's, published), every pairing with
 * its result? A player without a pairing in it scored nothing (CL-10.9). */
static bool trf_round_over(const cc_event_table *t, unsigned r)
{
	bool any = false;
	if (t->event.swiss && r > t->event.published)
		return false;
	for (size_t g = 0; g < t->games; g++) {
		if (t->game[g].round != r)
			continue;
		if (t->game[g].kind == CC_EVENT_GAME_UNPLAYED || t->game[g].waiting)
			return false;
		any = true;
	}
	return any;
}

/* Has the player of start rank sr a pairing in round r? */
static bool trf_paired(const cc_event_table *t, unsigned sr, unsigned r)
{
	for (size_t g = 0; g < t->games; g++)
		if (t->game[g].round == r && (t->game[g].white == sr || t->game[g].black == sr))
			return true;
	return false;
}

/* 132: each round's date, YY/MM/DD at 92+10k: the day its first game was
 * created; blank for a round not begun (CL-4.12). */
static void trf_round_dates(FILE *out, const cc_event_table *t)
{
	char line[TRF_LINE_MAX];
	size_t len = 3;
	memset(line, ' ', sizeof line);
	memcpy(line, "132", 3);
	for (unsigned r = 1; r <= t->event.rounds && r <= 2 * CC_CLUB_PLAYERS_MAX; r++) {
		const char *first = NULL;
		for (size_t g = 0; g < t->games; g++)
			if (t->game[g].round == r && t->game[g].date[0] && (!first || strcmp(t->game[g].date, first) < 0))
				first = t->game[g].date;
		if (!first)
			continue;
		unsigned col = TRF_ROUND_COLUMN + 10 * (r - 1);
		trf_put(line, col, 8, first + 2, false); /* "YY/MM/DD" of "YYYY/MM/DD" */
		len = col - 1 + 8;
	}
	fprintf(out, "%.*s\n", (int)len, line);
}

/* 122, the time control (CL-4.12): the clock an event fixes as the club
 * spells it ("3+2", "90"), or the game and its category for a game that
 * has no such clock (ChessCubing's blocks). */
static void trf_time_control(const cc_event_table *t, char *buf, size_t size)
{
	char tc[48];
	const cc_session_event *e = &t->event;
	if (cc_game_has(e->format, CC_GAME_CATEGORY)) {
		snprintf(buf, size, "%s, category %s", t->game_label, cc_category_name(e->category));
	} else if (cc_game_has(e->format, CC_GAME_TIME_CONTROL) && e->fixed && e->tc_base_ms > 0) {
		cc_match_settings s = {.format = e->format, .tc_base_ms = e->tc_base_ms, .tc_increment_ms = e->tc_increment_ms};
		cc_tc_format(&s, CC_TC_CLUB, tc, sizeof tc);
		snprintf(buf, size, "%s (%s)", tc, t->game_label);
	} else if (cc_game_has(e->format, CC_GAME_TIME_CONTROL)) {
		snprintf(buf, size, "%s, no clock", t->game_label);
	} else {
		snprintf(buf, size, "%s", t->game_label);
	}
}

static void write_trf(FILE *out, const cc_event_table *t)
{
	char value[4 * CC_NAME_MAX + 64], date[sizeof t->game[0].date]; /* "YYYY/MM/DD" */
	unsigned rated = 0;
	for (unsigned i = 0; i < t->players; i++)
		rated += t->player[i].rated;
	cc_club_name_ascii(t->event.name, value, sizeof value); /* CL-4.20: ASCII only */
	trf_header(out, "012", value);
	trf_header(out, "022", "");
	trf_header(out, "032", "");
	/* the event's creation, and the day of its last game created (CL-4.12) */
	char last[sizeof t->game[0].date];
	date_of(t->event.created_utc, date, sizeof date);
	snprintf(last, sizeof last, "%s", date);
	for (size_t g = 0; g < t->games; g++)
		if (strcmp(t->game[g].date, last) > 0)
			snprintf(last, sizeof last, "%s", t->game[g].date);
	trf_header(out, "042", date);
	trf_header(out, "052", last);
	snprintf(value, sizeof value, "%u", t->players);
	trf_header(out, "062", value);
	snprintf(value, sizeof value, "%u", rated);
	trf_header(out, "072", value);
	trf_header(out, "092", t->event.swiss   ? "Swiss (FIDE Dutch system)" /* CL-10 */
	                       : t->event.twice ? "Double round robin (Berger tables)"
	                                        : "Round robin (Berger tables)");
	trf_header(out, "102", "");
	trf_header(out, "112", "");
	trf_time_control(t, value, sizeof value);
	trf_header(out, "122", value);
	trf_round_dates(out, t);
	/* the rounds the event has, for the engines (TRF-2016's extension) */
	fprintf(out, "XXR %u\n", t->event.rounds);
	/* CL-4.17: the game and whose ratings these are, for a reader of any event. */
	fprintf(out, "### %s; ratings are the club's (rules/club.md), not FIDE's\n", t->game_label);
	for (unsigned start = 1; start <= t->players; start++) {
		unsigned row = cc_session_event_row_of(t, start);
		if (row >= t->players)
			continue;
		const cc_event_player *p = &t->player[row];
		char line[TRF_LINE_MAX], field[4 * CC_NAME_MAX];
		size_t len = TRF_ROUND_COLUMN - 1 + 10 * (size_t)t->event.rounds;
		memset(line, ' ', sizeof line);
		trf_put(line, 1, 3, "001", false);
		snprintf(field, sizeof field, "%u", p->start_rank);
		trf_put(line, 5, 4, field, true);
		snprintf(field, sizeof field, "%ld", cc_club_shown(p->rating));
		trf_put(line, 49, 4, field, true);
		cc_session_printable(p->federation_id, field, sizeof field);
		trf_put(line, 58, 11, field, true);
		snprintf(field, sizeof field, "%4.1f", p->st.points);
		trf_put(line, 81, 4, field, true);
		snprintf(field, sizeof field, "%u", p->st.rank);
		trf_put(line, 86, 4, field, true);
		for (unsigned r = 1; r <= t->event.rounds && r <= 2 * CC_CLUB_PLAYERS_MAX; r++) {
			if (trf_paired(t, p->start_rank, r))
				trf_round(t, p, r, line);
			else if (trf_round_over(t, r)) /* absent, withdrawn, not entered yet (CL-10.9) */
				trf_put(line, TRF_ROUND_COLUMN + 10 * (r - 1), 8, "0000 - Z", false);
		}
		while (len > 0 && line[len - 1] == ' ')
			len--;
		cc_club_name_ascii(p->name, field, sizeof field); /* CL-4.20: ASCII, one byte a column */
		trf_put(line, 15, TRF_NAME_WIDTH, field, false);
		fprintf(out, "%.*s\n", (int)len, line);
	}
}

int cc_session_event_write(FILE *out, const cc_event_table *t, cc_event_export_format format)
{
	return cc_session_event_write_lang(out, NULL, t, format);
}

int cc_session_event_write_lang(FILE *out, const cc_lang *lang, const cc_event_table *t,
                                cc_event_export_format format)
{
	bool swiss = t->event.swiss; /* one row a player, a cell a round (CL-10.8) */
	switch (format) {
	case CC_EVENT_EXPORT_PGN:
		return -1; /* needs the record: cc_session_event_write_pgn(lang) */
	case CC_EVENT_EXPORT_CROSSTABLE:
		if (swiss)
			cc_session_event_swiss_text(out, lang, t);
		else
			cc_session_event_rr_text(out, lang, t);
		break;
	case CC_EVENT_EXPORT_CSV:
		if (swiss)
			cc_session_event_swiss_csv(out, t);
		else
			cc_session_event_rr_csv(out, t);
		break;
	case CC_EVENT_EXPORT_HTML:
		if (swiss)
			cc_session_event_swiss_html(out, lang, t);
		else
			cc_session_event_rr_html(out, t);
		break;
	case CC_EVENT_EXPORT_TRF:
		write_trf(out, t);
		break;
	}
	return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}
