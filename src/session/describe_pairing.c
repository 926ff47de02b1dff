/*
 * describe_pairing.c: a Swiss round's pairing explained in the user's
 * language (session_describe.h, rules/swiss.md SW-5).
 *
 * Every sentence is a message of the table (messages.def, the DUTCH_EXPLAIN
 * block) said through the catalogue with its typed arguments: names made
 * printable (a name is input, RU-24.3), scores with the language's decimal
 * separator, colours by their translated names. The facts are the core's
 * (cc_dutch_explain): nothing here decides why a pair or a colour.
 */
#include <stdlib.h>

#include "chesscubing/textwidth.h"
#include "describe_internal.h"

#define WORDS 5
#define WORD_MAX 1024
#define LINE_MAX 4096

/* msg's sentence in lang with words as its arguments. */
static void say(const cc_lang *lang, cc_msg msg, const char *const words[], int count, char *out, size_t size)
{
	cc_msg_fill(_(cc_msg_format(msg)), words, count, out, size);
}

static void score_text(const cc_lang *lang, int score10, char *buf, size_t size)
{
	if (score10 % 10 == 0)
		snprintf(buf, size, "%d", score10 / 10);
	else
		snprintf(buf, size, "%d.%d", score10 / 10, (score10 < 0 ? -score10 : score10) % 10);
	cc_session_decimal_local(lang, buf);
}

static void name_text(const char *const names[], unsigned i, char *buf, size_t size)
{
	cc_session_printable(names && names[i] ? names[i] : "?", buf, size);
}

static const char *colour_word(const cc_lang *lang, cc_dutch_colour c)
{
	return c == CC_DUTCH_BLACK ? _("Black") : _("White");
}

static void player_tag(const cc_lang *lang, const char *const names[], const cc_dutch_explain_player *p, char *buf,
                       size_t size)
{
	char name[WORD_MAX], number[16], score[16];
	name_text(names, p->player, name, sizeof name);
	snprintf(number, sizeof number, "%u", p->number);
	score_text(lang, p->score10, score, sizeof score);
	say(lang, CC_MSG_DUTCH_EXPLAIN_PLAYER, (const char *const[]){name, number, score}, 3, buf, size);
}

/* "Anne wants White (strong: White 1, Black 2 so far)" (SW-3.1). */
static void pref_text(const cc_lang *lang, const char *const names[], const cc_dutch_explain_player *p, char *buf,
                      size_t size)
{
	char name[WORD_MAX], w[16], b[16];
	const char *colour = colour_word(lang, p->pref);
	name_text(names, p->player, name, sizeof name);
	snprintf(w, sizeof w, "%u", p->whites);
	snprintf(b, sizeof b, "%u", p->blacks);
	const char *const words[] = {name, colour, w, b};
	bool wide = p->whites > p->blacks + 1 || p->blacks > p->whites + 1;
	switch (p->strength) {
	case CC_DUTCH_STRENGTH_NONE:
		say(lang, CC_MSG_DUTCH_EXPLAIN_PREF_NONE, words, 1, buf, size);
		return;
	case CC_DUTCH_STRENGTH_MILD:
		say(lang, CC_MSG_DUTCH_EXPLAIN_PREF_MILD, words, 2, buf, size);
		return;
	case CC_DUTCH_STRENGTH_STRONG:
		say(lang, CC_MSG_DUTCH_EXPLAIN_PREF_STRONG, words, 4, buf, size);
		return;
	case CC_DUTCH_STRENGTH_ABSOLUTE:
		if (wide)
			say(lang, CC_MSG_DUTCH_EXPLAIN_PREF_ABSOLUTE_DIFF, words, 4, buf, size);
		else
			say(lang, CC_MSG_DUTCH_EXPLAIN_PREF_ABSOLUTE_TWICE, words, 2, buf, size);
		return;
	}
}

/* Appends line to buf (len bytes so far) wrapped at width columns between
 * words, continuation lines indented by two, and a '\n'. */
static size_t put_wrapped(char *buf, size_t size, size_t len, const char *line, int width)
{
	int col = 0;
	const char *p = line;
	while (*p) {
		const char *end = strchr(p, ' ');
		/* a lone ':' or ';' (French spacing) stays with the word before */
		while (end && strchr(":;!?", end[1]) && end[1] && (end[2] == ' ' || end[2] == '\0'))
			end = strchr(end + 1, ' ');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		char word[LINE_MAX];
		snprintf(word, sizeof word, "%.*s", (int)n, p);
		int w = cc_width_of(word);
		if (width > 0 && col > 2 && col + 1 + w > width) {
			len = cc_session_describe_append(buf, size, len, "\n  ");
			col = 2;
		} else if (p != line) {
			len = cc_session_describe_append(buf, size, len, " ");
			col++;
		}
		len = cc_session_describe_append(buf, size, len, "%s", word);
		col += w;
		p = end ? end + 1 : p + n;
	}
	return cc_session_describe_append(buf, size, len, "\n");
}

/* Why these two: the Dutch order, a refused first candidate, a floater. */
static void pair_reason(const cc_lang *lang, const cc_dutch_board_facts *f, const char *const names[], char *buf,
                        size_t size)
{
	char group[16], from[16], hi[WORD_MAX], cand[WORD_MAX], other[WORD_MAX], a[16], b[16], c[16];
	const cc_dutch_explain_player *high = f->white_higher ? &f->white : &f->black;
	score_text(lang, f->bracket10, group, sizeof group);
	score_text(lang, f->floated_from10, from, sizeof from);
	name_text(names, high->player, hi, sizeof hi);
	name_text(names, f->first_candidate, cand, sizeof cand);
	name_text(names, f->first_partner, other, sizeof other);
	snprintf(a, sizeof a, "%u", f->s1_position);
	snprintf(b, sizeof b, "%u", f->met_round);
	snprintf(c, sizeof c, "%u", 2 * f->half);
	switch (f->first) {
	case CC_DUTCH_FIRST_TAKEN:
		say(lang, CC_MSG_DUTCH_EXPLAIN_S1_S2, (const char *const[]){group, a, a, c}, 4, buf, size);
		return;
	case CC_DUTCH_FIRST_MET:
		say(lang, CC_MSG_DUTCH_EXPLAIN_FIRST_MET, (const char *const[]){group, hi, cand, b}, 4, buf, size);
		return;
	case CC_DUTCH_FIRST_COLOUR:
		say(lang, CC_MSG_DUTCH_EXPLAIN_FIRST_COLOUR,
		    (const char *const[]){group, hi, cand, colour_word(lang, f->colour)}, 4, buf, size);
		return;
	case CC_DUTCH_FIRST_ABOVE:
		say(lang, CC_MSG_DUTCH_EXPLAIN_FIRST_ABOVE, (const char *const[]){group, hi, cand, other}, 4, buf, size);
		return;
	case CC_DUTCH_FIRST_BRACKET:
		say(lang, CC_MSG_DUTCH_EXPLAIN_FIRST_BRACKET, (const char *const[]){group, hi, cand}, 3, buf, size);
		return;
	case CC_DUTCH_FIRST_EXCHANGE:
		say(lang, CC_MSG_DUTCH_EXPLAIN_EXCHANGE, (const char *const[]){group}, 1, buf, size);
		return;
	case CC_DUTCH_FIRST_NONE:
		name_text(names, f->floater, hi, sizeof hi);
		say(lang, CC_MSG_DUTCH_EXPLAIN_FLOATER, (const char *const[]){hi, from, group}, 3, buf, size);
		return;
	}
}

/* Why these colours: the rule the engine applied and what decided it. */
static void colour_reason(const cc_lang *lang, const cc_dutch_board_facts *f, const char *const names[], char *buf,
                          size_t size)
{
	char pw[LINE_MAX], pb[LINE_MAX], who[WORD_MAX], r1[16], r2[16];
	pref_text(lang, names, &f->white, pw, sizeof pw);
	pref_text(lang, names, &f->black, pb, sizeof pb);
	name_text(names, f->decider, who, sizeof who);
	const cc_dutch_explain_player *d = f->decider == f->white.player ? &f->white : &f->black;
	snprintf(r1, sizeof r1, "%u", f->why_colour == CC_DUTCH_COLOUR_ALTERNATE ? f->e3_round_white : d->place);
	snprintf(r2, sizeof r2, "%u", f->e3_round_black);
	switch (f->why_colour) {
	case CC_DUTCH_COLOUR_BOTH_GRANTED:
		say(lang, CC_MSG_DUTCH_EXPLAIN_E1, (const char *const[]){pw, pb}, 2, buf, size);
		return;
	case CC_DUTCH_COLOUR_STRONGER:
		say(lang, CC_MSG_DUTCH_EXPLAIN_E2, (const char *const[]){who, pw, pb}, 3, buf, size);
		return;
	case CC_DUTCH_COLOUR_ALTERNATE:
		if (f->e3_round_white == f->e3_round_black)
			say(lang, CC_MSG_DUTCH_EXPLAIN_E3, (const char *const[]){r1, pw, pb}, 3, buf, size);
		else
			say(lang, CC_MSG_DUTCH_EXPLAIN_E3_ROUNDS, (const char *const[]){r1, r2, pw, pb}, 4, buf, size);
		return;
	case CC_DUTCH_COLOUR_HIGHER_RANK:
		say(lang, CC_MSG_DUTCH_EXPLAIN_E4, (const char *const[]){who, pw, pb}, 3, buf, size);
		return;
	case CC_DUTCH_COLOUR_INITIAL: {
		const char *init = colour_word(lang, f->initial);
		cc_dutch_colour got = f->decider == f->white.player ? CC_DUTCH_WHITE : CC_DUTCH_BLACK;
		if (d->place % 2 == 1)
			say(lang, CC_MSG_DUTCH_EXPLAIN_E5_ODD, (const char *const[]){who, r1, init}, 3, buf, size);
		else
			say(lang, CC_MSG_DUTCH_EXPLAIN_E5_EVEN,
			    (const char *const[]){who, r1, init, colour_word(lang, got)}, 4, buf, size);
		return;
	}
	}
}

static void bye_reason(const cc_lang *lang, const cc_dutch_bye_facts *f, char *buf, size_t size)
{
	char below[16], barred[16];
	snprintf(below, sizeof below, "%u", f->below);
	snprintf(barred, sizeof barred, "%u", f->barred_below);
	const char *const words[] = {below, barred};
	if (f->lowest_score && f->below == 0)
		say(lang, CC_MSG_DUTCH_EXPLAIN_BYE_LAST, words, 0, buf, size);
	else if (f->lowest_score && f->barred_below == f->below)
		say(lang, CC_MSG_DUTCH_EXPLAIN_BYE_BARRED, words, 1, buf, size);
	else
		say(lang, CC_MSG_DUTCH_EXPLAIN_BYE_PAIRABLE, words, 2, buf, size);
}

void cc_session_describe_pairing_board(const cc_lang *lang, const cc_dutch_explanation *x, unsigned board,
                                       const char *const names[], int width, char *buf, size_t size)
{
	char white[LINE_MAX], black[LINE_MAX], reason[LINE_MAX], line[LINE_MAX], number[16];
	size_t len = 0;
	if (size > 0)
		buf[0] = '\0';
	if (board >= x->nboards) {
		if (!x->has_bye)
			return;
		player_tag(lang, names, &x->bye.player, white, sizeof white);
		bye_reason(lang, &x->bye, reason, sizeof reason);
		say(lang, CC_MSG_DUTCH_EXPLAIN_BYE, (const char *const[]){white, reason}, 2, line, sizeof line);
		put_wrapped(buf, size, len, line, width);
		return;
	}
	const cc_dutch_board_facts *f = &x->boards[board];
	player_tag(lang, names, &f->white, white, sizeof white);
	player_tag(lang, names, &f->black, black, sizeof black);
	pair_reason(lang, f, names, reason, sizeof reason);
	snprintf(number, sizeof number, "%u", board + 1);
	say(lang, CC_MSG_DUTCH_EXPLAIN_BOARD, (const char *const[]){number, white, black, reason}, 4, line, sizeof line);
	len = put_wrapped(buf, size, len, line, width);
	line[0] = line[1] = ' '; /* the colours' line, indented under the board's */
	colour_reason(lang, f, names, line + 2, sizeof line - 2);
	put_wrapped(buf, size, len, line, width);
}

int cc_session_write_pairing(FILE *out, const cc_lang *lang, const cc_dutch_input *in, const cc_dutch_pairing *p,
                             const char *const names[], int width)
{
	cc_dutch_explanation *x = malloc(sizeof *x);
	char *text = malloc(4 * LINE_MAX);
	if (!x || !text) {
		free(x);
		free(text);
		return -1;
	}
	cc_dutch_explain(in, p, x);
	char number[16];
	snprintf(number, sizeof number, "%u", x->round);
	char heading[LINE_MAX];
	say(lang, CC_MSG_DUTCH_EXPLAIN_ROUND, (const char *const[]){number}, 1, heading, sizeof heading);
	put_wrapped(text, 4 * LINE_MAX, 0, heading, width);
	fputs(text, out);
	for (unsigned b = 0; b < x->nboards + (x->has_bye ? 1u : 0u); b++) {
		cc_session_describe_pairing_board(lang, x, b, names, width, text, 4 * LINE_MAX);
		fputs(text, out);
	}
	free(x);
	free(text);
	return ferror(out) ? -1 : 0;
}
