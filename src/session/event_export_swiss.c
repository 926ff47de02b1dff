/*
 * event_export_swiss.c: a Swiss event's crosstable (rules/club.md CL-10.8),
 * in text, CSV and HTML; the round robin's grid is event_export_rr.c's.
 *
 * A Swiss has more players than rounds, so its table is one row per player
 * in standings order: rank, starting number, name, rating before the event
 * (CL-4.8), then one cell per round and the points and tie-breaks in the
 * event's order. A cell is the opponent's starting number, the colour and
 * the result ("6w1", "12b½", "3w+"), or a letter without opponent: B the
 * pairing-allocated bye, H a half-point bye asked for, Z a round without a
 * game and without points (absent, or before a late entry), W a round from
 * a withdrawal on. Rounds not published are blank (CL-10.6); a bye of a
 * round published, not begun, is already its letter (the table's waiting).
 *
 * Names are hostile input (RU-24.3): said printable, and in the text table
 * wrapped by display width over continuation lines, never cut.
 */
#include <stdio.h>
#include <string.h>

#include "chesscubing/session_describe.h"
#include "chesscubing/support_lang.h"
#include "chesscubing/textwidth.h"
#include "export_internal.h"

#define _(s) cc_lang_tr(lang, s)
#define N_(s) (s)
#define P_(s, p, n) cc_lang_ntr(lang, s, p, (unsigned long)(n))

#define SWISS_NAME_COLUMNS 24 /* a longer name wraps */

/* The game of start rank sr in round r, or NULL. */
static const cc_event_game *game_in(const cc_event_table *t, unsigned sr, unsigned r)
{
	for (size_t g = 0; g < t->games; g++)
		if (t->game[g].round == r && (t->game[g].white == sr || t->game[g].black == sr))
			return &t->game[g];
	return NULL;
}

/* Was round r published (a Swiss shows no unpublished round, CL-10.6)? */
static bool shown_round(const cc_event_table *t, unsigned r)
{
	return r <= t->event.published;
}

void cc_session_event_swiss_cell(const cc_event_table *t, const cc_event_player *p, unsigned r, char *buf,
                                 size_t size)
{
	const cc_event_game *g = shown_round(t, r) ? game_in(t, p->start_rank, r) : NULL;
	buf[0] = '\0';
	if (!shown_round(t, r))
		return;
	if (!g) { /* not paired: withdrawn from this round on, else nothing scored */
		snprintf(buf, size, "%s", p->st.withdrawn_from && r >= p->st.withdrawn_from ? "W" : "Z");
		return;
	}
	bool white = g->white == p->start_rank;
	switch (g->kind) {
	case CC_EVENT_GAME_BYE:
		snprintf(buf, size, "B");
		return;
	case CC_EVENT_GAME_ZERO_BYE:
		snprintf(buf, size, "%s", p->st.withdrawn_from && r >= p->st.withdrawn_from ? "W" : "Z");
		return;
	case CC_EVENT_GAME_WHITE_HALF_BYE:
	case CC_EVENT_GAME_BLACK_HALF_BYE:
		snprintf(buf, size, "%s", cc_session_event_cell_symbol(g->kind, white));
		return;
	case CC_EVENT_GAME_WHITE_WINS:
	case CC_EVENT_GAME_DRAW:
	case CC_EVENT_GAME_BLACK_WINS:
	case CC_EVENT_GAME_UNPLAYED:
	case CC_EVENT_GAME_WHITE_FORFEIT:
	case CC_EVENT_GAME_BLACK_FORFEIT:
	case CC_EVENT_GAME_DOUBLE_FORFEIT:
		break;
	}
	if (g->black == 0) { /* a bye row of another kind: its letter */
		snprintf(buf, size, "%s", cc_session_event_cell_symbol(g->kind, true));
		return;
	}
	snprintf(buf, size, "%u%c%s", white ? g->black : g->white, white ? 'w' : 'b',
	         cc_session_event_cell_symbol(g->kind, white));
}

/* The points and the tie-breaks of p for people (the language's decimal
 * separator), each between before and after, right-aligned to width (the
 * tie-breaks one wider; 0: as is, an empty value left empty). */
static void numbers(FILE *out, const cc_lang *lang, const cc_event_table *t, const cc_event_player *p,
                    const char *before, int width, const char *after)
{
	char v[32];
	snprintf(v, sizeof v, "%.1f", p->st.points);
	cc_lang_decimal_local(lang, v);
	fprintf(out, "%s%*s%s", before, width, v, after);
	for (size_t k = 0; k < t->event.tiebreak_count; k++) {
		cc_session_club_tb_value(&p->st, &p->tb, t->event.tiebreaks[k], v, sizeof v);
		cc_lang_decimal_local(lang, v);
		fprintf(out, "%s%*s%s", before, width ? width + 1 : 0, v[0] || !width ? v : "-", after);
	}
}

/* ---- text ------------------------------------------------------------------- */

/* The columns the widest cell takes (at least 3). */
static int cell_columns(const cc_event_table *t)
{
	int w = 3;
	for (unsigned i = 0; i < t->players; i++)
		for (unsigned r = 1; r <= t->event.rounds; r++) {
			char cell[32];
			cc_session_event_swiss_cell(t, &t->player[i], r, cell, sizeof cell);
			if (cc_width_of(cell) > w)
				w = cc_width_of(cell);
		}
	return w;
}

/* The name column's width: the widest printable name, at most SWISS_NAME_COLUMNS. */
static int name_columns(const cc_event_table *t, const char *head)
{
	int w = cc_width_of(head);
	for (unsigned i = 0; i < t->players; i++) {
		char shown[4 * CC_NAME_MAX];
		cc_session_printable(t->player[i].name, shown, sizeof shown);
		if (cc_width_of(shown) > w)
			w = cc_width_of(shown);
	}
	return w > SWISS_NAME_COLUMNS ? SWISS_NAME_COLUMNS : w;
}

/* text padded (or right-aligned) to width display columns. */
static void put_padded(FILE *out, const char *text, int width, bool right)
{
	int pad = width - cc_width_of(text);
	if (right && pad > 0)
		fprintf(out, "%*s", pad, "");
	fputs(text, out);
	if (!right && pad > 0)
		fprintf(out, "%*s", pad, "");
}

/* The next piece of name (from *at) that fits width columns; advances *at. */
static void name_piece(const char **at, int width, char *buf, size_t size)
{
	int used;
	bool cut;
	size_t n = cc_width_fit(*at, width + 1, &used, &cut); /* +1: cut leaves a column for "…" */
	if (n == 0 && **at) /* one character wider than the column: it alone */
		n = cc_width_fit(*at, 3, &used, &cut);
	if (n >= size)
		n = size - 1;
	memcpy(buf, *at, n);
	buf[n] = '\0';
	*at += n;
}

static void text_head(FILE *out, const cc_lang *lang, const cc_event_table *t, int nw, int cw)
{
	char round[16];
	put_padded(out, _("Rank"), 4, true);
	fputc(' ', out);
	put_padded(out, _("No"), 4, true);
	fputs("  ", out);
	put_padded(out, _("Name"), nw, false);
	fputc(' ', out);
	put_padded(out, _("Rtg"), 5, true);
	for (unsigned r = 1; r <= t->event.rounds; r++) {
		snprintf(round, sizeof round, "%s%u", _("R"), r);
		fputc(' ', out);
		put_padded(out, round, cw, true);
	}
	fputc(' ', out);
	put_padded(out, _("Pts"), 5, true);
	cc_session_event_tb_heads(out, t, " ", 6, "");
	fputc('\n', out);
}

static void text_row(FILE *out, const cc_lang *lang, const cc_event_table *t, const cc_event_player *p, int nw,
                     int cw)
{
	char shown[4 * CC_NAME_MAX], piece[4 * CC_NAME_MAX], cell[32];
	const char *at = shown;
	cc_session_printable(p->name, shown, sizeof shown);
	name_piece(&at, nw, piece, sizeof piece);
	fprintf(out, "%4u %4u  ", p->st.rank, p->start_rank);
	put_padded(out, piece, nw, false);
	fprintf(out, " %5ld", cc_club_shown(p->rating));
	for (unsigned r = 1; r <= t->event.rounds; r++) {
		cc_session_event_swiss_cell(t, p, r, cell, sizeof cell);
		fputc(' ', out);
		put_padded(out, cell, cw, true); /* blank: not published */
	}
	numbers(out, lang, t, p, " ", 5, "");
	fputc('\n', out);
	while (*at) { /* the rest of a long name, under it */
		name_piece(&at, nw, piece, sizeof piece);
		fprintf(out, "%4s %4s  %s\n", "", "", piece);
	}
}

/* The legend under the table, in lang (CL-10.8). */
static void legend(FILE *out, const cc_lang *lang, const cc_event_table *t, const char *before, const char *after)
{
	char tb[1024];
	cc_session_club_tb_legend(lang, &t->event, tb, sizeof tb);
	fprintf(out, "%s%s%s\n", before,
	        _("Each round: the opponent's starting number (No), the colour (w White, b Black) and the result "
	          "(1 won, ½ drawn, 0 lost, + won and - lost by forfeit, . not played yet); B the pairing-allocated "
	          "bye (its points), H a half-point bye asked for, Z a round without a game and without points "
	          "(absent, or before a late entry), W withdrawn from that round on; a blank round is not published "
	          "yet. Rtg: the rating before the event."),
	        after);
	fprintf(out, "%s%s %s%s\n", before, _("Tie-breaks, in this order:"), tb, after);
}

/* "Chess 3+2, Swiss, 9 players, 4 rounds; 12 of 16 games finished", each
 * count in its own plural form (as `event show` says it). */
static void summary(char *out, size_t size, const cc_lang *lang, const cc_event_table *t)
{
	char players[64], rounds[64], finished[96];
	snprintf(players, sizeof players, P_("%u player", "%u players", t->players), t->players);
	snprintf(rounds, sizeof rounds, P_("%u round", "%u rounds", t->event.rounds), t->event.rounds);
	snprintf(finished, sizeof finished, P_("%zu of %zu games finished", "%zu of %zu games finished", t->event.finished),
	         t->event.finished, t->event.pairings);
	snprintf(out, size, _("%s, Swiss, %s, %s; %s"), t->game_label, players, rounds, finished);
}

void cc_session_event_swiss_text(FILE *out, const cc_lang *lang, const cc_event_table *t)
{
	char name[4 * CC_NAME_MAX], said[512];
	int nw = name_columns(t, _("Name")), cw = cell_columns(t);
	cc_session_printable(t->event.name, name, sizeof name);
	summary(said, sizeof said, lang, t);
	fprintf(out, _("%s: %s"), name, said);
	fputc('\n', out);
	text_head(out, lang, t, nw, cw);
	for (unsigned i = 0; i < t->players; i++)
		text_row(out, lang, t, &t->player[i], nw, cw);
	legend(out, lang, t, "", "");
}

/* ---- CSV: the same cells, machine keys (docs/output-formats.md) -------------- */

void cc_session_event_swiss_csv(FILE *out, const cc_event_table *t)
{
	fputs("rank,start_rank,name,rating", out);
	for (unsigned r = 1; r <= t->event.rounds; r++)
		fprintf(out, ",r%u", r);
	fputs(",points", out);
	cc_session_event_tb_heads(out, t, ",", 0, "");
	fputc('\n', out);
	for (unsigned i = 0; i < t->players; i++) {
		const cc_event_player *p = &t->player[i];
		char cell[32];
		fprintf(out, "%u,%u,", p->st.rank, p->start_rank);
		cc_session_csv_cell(out, p->name);
		fprintf(out, ",%ld", cc_club_shown(p->rating));
		for (unsigned r = 1; r <= t->event.rounds; r++) {
			cc_session_event_swiss_cell(t, p, r, cell, sizeof cell);
			fputc(',', out);
			cc_session_csv_cell(out, cell);
		}
		fprintf(out, ",%.1f", p->st.points);
		cc_session_event_tb_values(out, t, p, ",", 0, "");
		fputc('\n', out);
	}
}

/* ---- HTML ------------------------------------------------------------------- */

void cc_session_event_swiss_html(FILE *out, const cc_lang *lang, const cc_event_table *t)
{
	char cell[32];
	fprintf(out, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n<title>",
	        lang ? lang->code : "en");
	cc_session_event_html_text(out, t->event.name);
	fputs("</title>\n", out);
	cc_session_event_html_style(out, t->event.rounds + 8);
	fputs("</head>\n<body>\n<h1>", out);
	cc_session_event_html_text(out, t->event.name);
	fputs("</h1>\n<p>", out);
	char said[512];
	summary(said, sizeof said, lang, t);
	cc_session_event_html_text(out, said);
	fprintf(out, "</p>\n<table>\n<thead><tr><th>%s</th><th>%s</th><th>%s</th><th>%s</th>", _("Rank"), _("No"),
	        _("Name"), _("Rtg"));
	for (unsigned r = 1; r <= t->event.rounds; r++)
		fprintf(out, "<th>%s%u</th>", _("R"), r);
	fprintf(out, "<th>%s</th>", _("Pts"));
	cc_session_event_tb_heads(out, t, "<th>", 0, "</th>");
	fputs("</tr></thead>\n<tbody>\n", out);
	for (unsigned i = 0; i < t->players; i++) {
		const cc_event_player *p = &t->player[i];
		fprintf(out, "<tr><td>%u</td><td>%u</td><td class=\"name\">", p->st.rank, p->start_rank);
		cc_session_event_html_text(out, p->name);
		fprintf(out, "</td><td>%ld</td>", cc_club_shown(p->rating));
		for (unsigned r = 1; r <= t->event.rounds; r++) {
			cc_session_event_swiss_cell(t, p, r, cell, sizeof cell);
			fprintf(out, "<td>%s</td>", cell);
		}
		numbers(out, lang, t, p, "<td>", 0, "</td>");
		fputs("</tr>\n", out);
	}
	fputs("</tbody>\n</table>\n", out);
	legend(out, lang, t, "<p>", "</p>");
	fputs("</body>\n</html>\n", out);
}
