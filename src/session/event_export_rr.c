/*
 * event_export_rr.c: a round robin's crosstable (rules/club.md CL-4.6), as
 * text, CSV and HTML; a Swiss's is event_export_swiss.c's, the table they
 * read and TRF16 event_export.c's. Split from event_export.c.
 *
 * One row per player in standings order; the grid's column k is the player
 * of row k, so the cell (i, j) and the cell (j, i) are one game told from
 * each side. A cell holds the symbols of the games of the two players in
 * round order (two in a double round robin); the bye column, a player's
 * byes.
 */
#include <stdio.h>
#include <string.h>

#include "chesscubing/session_describe.h"
#include "chesscubing/session_export.h"
#include "chesscubing/support_lang.h"
#include "export_internal.h"

#define _(s) cc_lang_tr(lang, s)
#define P_(s, p, n) cc_lang_ntr(lang, s, p, (unsigned long)(n))


/* The symbols of the games of start rank ra against start rank rb in
 * round order (rb 0: ra's byes) in buf; returns how many (each one
 * column wide). */
static unsigned symbols_of(const cc_event_table *t, unsigned ra, unsigned rb, char *buf, size_t size)
{
	unsigned n = 0;
	size_t used = 0;
	buf[0] = '\0';
	for (size_t g = 0; g < t->games; g++) {
		const cc_event_game *game = &t->game[g];
		bool white = game->white == ra && game->black == rb;
		if (!white && !(rb != 0 && game->white == rb && game->black == ra))
			continue;
		const char *s = cc_session_event_cell_symbol(game->kind, white);
		if (used + strlen(s) < size) {
			memcpy(buf + used, s, strlen(s) + 1);
			used += strlen(s);
			n++;
		}
	}
	return n;
}

/* The cell of row a against row b. */
static unsigned cell_of(const cc_event_table *t, unsigned a, unsigned b, char *buf, size_t size)
{
	return symbols_of(t, t->player[a].start_rank, t->player[b].start_rank, buf, size);
}

/* The byes of row a. */
static unsigned byes_of(const cc_event_table *t, unsigned a, char *buf, size_t size)
{
	return symbols_of(t, t->player[a].start_rank, 0, buf, size);
}

/* The widest cell, in symbols: the games two players have (1, or 2 in a
 * double round robin). */
static unsigned cell_width(const cc_event_table *t)
{
	return t->event.twice ? 2 : 1;
}

/* What the grid's and the bye column's symbols say (CL-4.6), under the
 * text and the HTML tables. */
#define CROSSTABLE_SYMBOLS                                                                                \
	"1 won, 0 lost, ½ drawn, . not played yet; + won and - lost by forfeit; B a bye (its points), " \
	"H a half-point bye asked for, Z a bye that gives nothing (after a withdrawal); X the player himself; "
#define CROSSTABLE_LEGEND CROSSTABLE_SYMBOLS "DE direct encounter, SB Sonneborn-Berger"

/* The columns after the grid, as text (empty where nothing applies). */
typedef struct {
	char points[16], direct[16], wins[16], sb[16], games[16], rating[16], change[16];
} tail_fields;

static void tail_of(const cc_event_player *p, tail_fields *f)
{
	snprintf(f->points, sizeof f->points, "%.1f", p->st.points);
	if (p->st.direct_used)
		snprintf(f->direct, sizeof f->direct, "%.1f", p->st.direct);
	else
		f->direct[0] = '\0';
	snprintf(f->wins, sizeof f->wins, "%u", p->st.wins);
	snprintf(f->sb, sizeof f->sb, "%.2f", p->st.sb);
	snprintf(f->games, sizeof f->games, "%u", p->st.played);
	snprintf(f->rating, sizeof f->rating, "%ld", cc_club_shown(p->rating));
	if (p->rated)
		snprintf(f->change, sizeof f->change, "%+.1f", p->change);
	else
		f->change[0] = '\0';
}

/* "Club night: Chess, 4 players, 3 rounds; 2 of 6 games finished" in lang,
 * each count in its own plural form (as `event show` says it). */
static void write_summary(FILE *out, const cc_lang *lang, const cc_event_table *t, const char *name)
{
	char players[64], rounds[64], finished[96], said[512];
	snprintf(players, sizeof players, P_("%u player", "%u players", t->players), t->players);
	snprintf(rounds, sizeof rounds, P_("%u round", "%u rounds", t->event.rounds), t->event.rounds);
	snprintf(finished, sizeof finished, P_("%zu of %zu games finished", "%zu of %zu games finished", t->event.finished),
	         t->event.finished, t->event.pairings);
	snprintf(said, sizeof said, _("%s, %s, %s%s; %s"), t->game_label, players, rounds,
	         t->event.twice ? _(" (double round robin)") : "", finished);
	fprintf(out, _("%s: %s"), name, said);
	fputc('\n', out);
}

void cc_session_event_rr_text(FILE *out, const cc_lang *lang, const cc_event_table *t)
{
	char name[4 * CC_NAME_MAX];
	unsigned w = cell_width(t), cols = t->players >= 10 ? 2 : 1;
	if (w > cols)
		cols = w;
	cc_session_printable(t->event.name, name, sizeof name);
	write_summary(out, lang, t, name);
	fprintf(out, "%3s %4s %3s ", "#", "Rank", "No");
	for (unsigned j = 0; j < t->players; j++)
		fprintf(out, " %*u", (int)cols, j + 1);
	bool classic = cc_session_club_tb_classic(&t->event);
	if (classic) {
		fprintf(out, "  %-*s %5s %5s %4s %6s %5s %5s %6s  %s\n", (int)(w > 3 ? w : 3), "Bye", "Pts", "DE", "Wins",
		        "SB", "Games", "Rtg", "+/-", "Name");
	} else {
		fprintf(out, "  %-*s %5s", (int)(w > 3 ? w : 3), "Bye", "Pts");
		cc_session_event_tb_heads(out, t, " ", 6, "");
		fprintf(out, " %5s %5s %6s  %s\n", "Games", "Rtg", "+/-", "Name");
	}
	for (unsigned i = 0; i < t->players; i++) {
		const cc_event_player *p = &t->player[i];
		char cell[64], shown[4 * CC_NAME_MAX];
		tail_fields f;
		fprintf(out, "%3u %4u %3u ", i + 1, p->st.rank, p->start_rank);
		for (unsigned j = 0; j < t->players; j++) {
			unsigned n = i == j ? (unsigned)snprintf(cell, sizeof cell, "X") : cell_of(t, i, j, cell, sizeof cell);
			fprintf(out, " %*s%s", (int)(cols - n), "", cell);
		}
		unsigned n = byes_of(t, i, cell, sizeof cell);
		if (n == 0)
			n = (unsigned)snprintf(cell, sizeof cell, "-"); /* no bye in the event: a column still */
		tail_of(p, &f);
		if (classic) {
			fprintf(out, "  %s%*s %5s %5s %4s %6s %5s %5s %6s  ", cell, (int)((w > 3 ? w : 3) - n), "", f.points,
			        f.direct[0] ? f.direct : "-", f.wins, f.sb, f.games, f.rating, f.change[0] ? f.change : "-");
		} else {
			fprintf(out, "  %s%*s %5s", cell, (int)((w > 3 ? w : 3) - n), "", f.points);
			cc_session_event_tb_values(out, t, p, " ", 6, "");
			fprintf(out, " %5s %5s %6s  ", f.games, f.rating, f.change[0] ? f.change : "-");
		}
		cc_session_printable(p->name, shown, sizeof shown);
		fprintf(out, "%s\n", shown);
	}
	cc_session_event_tb_legend(out, t, CROSSTABLE_LEGEND, CROSSTABLE_SYMBOLS, "", "");
}

void cc_session_event_rr_csv(FILE *out, const cc_event_table *t)
{
	fputs("row,rank,start_rank,name", out);
	for (unsigned j = 0; j < t->players; j++)
		fprintf(out, ",%u", j + 1);
	bool classic = cc_session_club_tb_classic(&t->event);
	fputs(classic ? ",bye,points,direct,wins,sonneborn_berger" : ",bye,points", out);
	if (!classic)
		cc_session_event_tb_heads(out, t, ",", 0, "");
	fputs(",games,rating,rating_change\n", out);
	for (unsigned i = 0; i < t->players; i++) {
		const cc_event_player *p = &t->player[i];
		char cell[64];
		tail_fields f;
		fprintf(out, "%u,%u,%u,", i + 1, p->st.rank, p->start_rank);
		cc_session_csv_cell(out, p->name);
		for (unsigned j = 0; j < t->players; j++) {
			if (i == j)
				snprintf(cell, sizeof cell, "X");
			else
				cell_of(t, i, j, cell, sizeof cell);
			fputc(',', out);
			cc_session_csv_cell(out, cell); /* a forfeit's "+" or "-" is no formula (RU-24.4) */
		}
		byes_of(t, i, cell, sizeof cell);
		tail_of(p, &f);
		fputc(',', out);
		cc_session_csv_cell(out, cell);
		/* numbers, written as numbers (a rating change of -20.0) */
		if (classic) {
			fprintf(out, ",%s,%s,%s,%s,%s,%s,%s\n", f.points, f.direct, f.wins, f.sb, f.games, f.rating,
			        f.change);
			continue;
		}
		fprintf(out, ",%s", f.points);
		cc_session_event_tb_values(out, t, p, ",", 0, "");
		fprintf(out, ",%s,%s,%s\n", f.games, f.rating, f.change);
	}
}

void cc_session_event_rr_html(FILE *out, const cc_event_table *t)
{
	static const char *const tail_head[] = {"Bye", "Pts", "DE", "Wins", "SB", "Games", "Rtg", "+/-"};
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", out);
	cc_session_event_html_text(out, t->event.name);
	fputs(": crosstable</title>\n", out);
	cc_session_event_html_style(out, t->players);
	fputs("</head>\n<body>\n<h1>", out);
	cc_session_event_html_text(out, t->event.name);
	fprintf(out, "</h1>\n<p>%s, %u players, %u rounds%s; %zu of %zu games finished</p>\n", t->game_label,
	        t->players, t->event.rounds, t->event.twice ? " (double round robin)" : "", t->event.finished,
	        t->event.pairings);
	fputs("<table>\n<thead><tr><th>#</th><th>Rank</th><th>No</th><th>Name</th>", out);
	for (unsigned j = 0; j < t->players; j++)
		fprintf(out, "<th>%u</th>", j + 1);
	bool classic = cc_session_club_tb_classic(&t->event);
	for (size_t k = 0; k < sizeof tail_head / sizeof tail_head[0]; k++) {
		if (!classic && k == 2) /* the event's order where CL-3.5's three are */
			cc_session_event_tb_heads(out, t, "<th>", 0, "</th>");
		if (classic || k < 2 || k > 4)
			fprintf(out, "<th>%s</th>", tail_head[k]);
	}
	fputs("</tr></thead>\n<tbody>\n", out);
	for (unsigned i = 0; i < t->players; i++) {
		const cc_event_player *p = &t->player[i];
		char cell[64];
		tail_fields f;
		fprintf(out, "<tr><td>%u</td><td>%u</td><td>%u</td><td class=\"name\">", i + 1, p->st.rank, p->start_rank);
		cc_session_event_html_text(out, p->name);
		fputs("</td>", out);
		for (unsigned j = 0; j < t->players; j++) {
			if (i == j) {
				fputs("<td class=\"self\">X</td>", out);
				continue;
			}
			cell_of(t, i, j, cell, sizeof cell);
			fprintf(out, "<td>%s</td>", cell);
		}
		byes_of(t, i, cell, sizeof cell);
		tail_of(p, &f);
		if (classic) {
			fprintf(out, "<td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
			        cell, f.points, f.direct, f.wins, f.sb, f.games, f.rating, f.change);
			continue;
		}
		fprintf(out, "<td>%s</td><td>%s</td>", cell, f.points);
		cc_session_event_tb_values(out, t, p, "<td>", 0, "</td>");
		fprintf(out, "<td>%s</td><td>%s</td><td>%s</td></tr>\n", f.games, f.rating, f.change);
	}
	fputs("</tbody>\n</table>\n", out);
	cc_session_event_tb_legend(out, t, CROSSTABLE_LEGEND, CROSSTABLE_SYMBOLS, "<p>", "</p>");
	fputs("</body>\n</html>\n", out);
}
