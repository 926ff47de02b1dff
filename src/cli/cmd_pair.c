/*
 * cmd_pair.c: `chesscubing pair --dutch INPUT.trf -p [OUTPUT]` and
 * `... -c`, a drop-in for the FIDE-endorsed engines' command line (JaVaFo,
 * bbpPairings): reads a TRF16 tournament (trf.h), pairs its next round by
 * the Dutch system (dutch.h) and writes the pairs as they do: the number
 * of lines first, then "WHITE BLACK" by pairing number, the bye "ID 0"
 * last. -c checks the last round played instead: exit 0 when its pairs
 * and colours are the Dutch pairing, else 1 and the first criterion it
 * breaks (or the first board that differs). -e (--explain) with -p says
 * each board's reason in the user's language (rules/swiss.md SW-5) on
 * standard output, or standard error when the pairs go there: the pairs
 * file stays the engines' format. "-" is standard input or
 * output. Exit statuses as bbpPairings's: 1 no pairing (or -c: not the
 * Dutch pairing), 3 an input refused, 5 a file that cannot be read or
 * written.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/dutch.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/trf.h"
#include "chesscubing/ui.h"
#include "cli_util.h"
#include "commands.h"

enum { EXIT_NO_PAIRING = 1, EXIT_INVALID = 3, EXIT_FILE = 5 };

static void usage(FILE *out)
{
	fprintf(out, _("Usage: chesscubing pair --dutch INPUT.trf -p [OUTPUT] [--explain]\n"
	             "       chesscubing pair --dutch INPUT.trf -c\n"
	             "Pairs the next round of a TRF16 tournament by the FIDE Dutch system (C.04.3),\n"
	             "or checks that its last round is the Dutch pairing. '-' is standard input or output.\n\n"
	             "  -d, --dutch           the Dutch system (the only one)\n"
	             "  -p, --pair            write the next round's pairs (default: standard output)\n"
	             "  -c, --check           check the last round's pairs and colours\n"
	             "  -e, --explain         with -p: say why each board, in the user's language\n"
	             "  -h, --help            display this help and exit\n"));
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap);
	while (buf) {
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (n < cap)
			break;
		char *bigger = cap < (64u << 20) ? realloc(buf, cap * 2) : NULL;
		if (!bigger) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = bigger;
		cap *= 2;
	}
	bool bad = ferror(f) != 0;
	if (f != stdin)
		fclose(f);
	if (bad) {
		free(buf);
		return NULL;
	}
	*len = n;
	return buf;
}

/* A cell that took part in its round's pairing (a game, a forfeit, the PAB). */
static bool participated(const cc_trf_cell *cell)
{
	return cell->opponent != 0 || cell->result == CC_TRF_RESULT_PAB ||
	       cell->result == CC_TRF_RESULT_FORFEIT_WIN;
}

/* The rounds whose pairing was made: the last with a cell that took part. */
static unsigned paired_rounds(const cc_trf *t)
{
	unsigned last = 0;
	for (unsigned i = 0; i < t->nplayers; i++)
		for (unsigned r = 0; r < t->ncells; r++)
			if (participated(&t->players[i].cells[r]) && r + 1 > last)
				last = r + 1;
	return last;
}

static unsigned index_of(const cc_trf *t, unsigned id)
{
	for (unsigned i = 0; i < t->nplayers; i++)
		if (t->players[i].id == id)
			return i + 1;
	return 0;
}

/* When XXC does not say, the top seed's first colour is read back from the
 * earliest round with colours: the best-ranked player with one. */
static cc_dutch_colour infer_initial(const cc_trf *t, const cc_dutch_input *in)
{
	if (t->initial_colour != CC_TRF_COLOUR_NONE)
		return t->initial_colour == CC_TRF_COLOUR_WHITE ? CC_DUTCH_WHITE : CC_DUTCH_BLACK;
	for (unsigned r = 0; r < in->played_rounds; r++) {
		unsigned best = 0;
		bool any = false;
		for (unsigned i = 0; i < t->nplayers; i++)
			if (t->players[i].cells[r].colour != CC_TRF_COLOUR_NONE &&
			    (!any || in->players[i].number < in->players[best].number)) {
				best = i;
				any = true;
			}
		if (!any)
			continue;
		unsigned rank = 0;
		for (unsigned i = 0; i < t->nplayers; i++)
			rank += in->players[i].number < in->players[best].number;
		bool white = t->players[best].cells[r].colour == CC_TRF_COLOUR_WHITE;
		return white == ((rank & 1u) == 0) ? CC_DUTCH_WHITE : CC_DUTCH_BLACK;
	}
	return CC_DUTCH_WHITE;
}

/* The virtual points (SW-6): each XXA line's, or else the Baku
 * acceleration's when the 192 line names it, group A counted from the
 * players with a round 1 cell (or present, when round 1 is the next). */
static void accelerate(const cc_trf *t, unsigned rounds, cc_dutch_input *in)
{
	if (t->naccel == 0 && t->baku) {
		bool initial[CC_DUTCH_MAX_PLAYERS];
		for (unsigned i = 0; i < t->nplayers; i++)
			initial[i] = !t->players[i].cells[0].empty || (rounds == 0 && in->players[i].present);
		cc_dutch_baku(in, initial);
	}
	for (unsigned k = 0; k < t->naccel; k++) {
		unsigned i = index_of(t, t->accel[k].id);
		for (unsigned r = 0; i && r < t->accel[k].rounds && r < CC_DUTCH_MAX_ROUNDS; r++)
			in->players[i - 1].accel10[r] = t->accel[k].points10[r];
	}
}

/* The Dutch engine's input for round rounds+1 from the TRF's first rounds. */
static void to_input(const cc_trf *t, unsigned rounds, cc_dutch_input *in)
{
	memset(in, 0, sizeof *in);
	in->nplayers = t->nplayers;
	in->played_rounds = rounds;
	in->total_rounds = t->total_rounds;
	in->win10 = t->win10;
	in->draw10 = t->draw10;
	for (unsigned i = 0; i < t->nplayers; i++) {
		const cc_trf_player *tp = &t->players[i];
		cc_dutch_player *p = &in->players[i];
		p->number = t->use_rank && tp->rank ? tp->rank : tp->id;
		for (unsigned r = 0; r < rounds; r++) {
			const cc_trf_cell *cell = &tp->cells[r];
			cc_dutch_round *rd = &p->rounds[r];
			rd->played = cc_trf_cell_played(cell);
			rd->opponent = cell->opponent ? index_of(t, cell->opponent) : 0;
			rd->colour = !rd->played ? CC_DUTCH_NO_COLOUR
			             : cell->colour == CC_TRF_COLOUR_WHITE ? CC_DUTCH_WHITE
			                                                   : CC_DUTCH_BLACK;
			rd->points10 = cc_trf_cell_points10(t, cell);
			rd->pab = cell->result == CC_TRF_RESULT_PAB;
			if (!rd->played && (rd->points10 >= t->win10 || (rd->pab && !cell->opponent)))
				p->bye_barred = true;
		}
		const cc_trf_cell *next = &tp->cells[rounds];
		p->present = rounds >= CC_TRF_MAX_ROUNDS || next->empty;
	}
	in->initial_colour = infer_initial(t, in);
	accelerate(t, rounds, in);
}

static int write_pairing(const char *path, const cc_trf *t, const cc_dutch_pairing *p)
{
	FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
	if (!f) {
		fprintf(stderr, _("chesscubing pair: cannot write '%s': %s\n"), path, strerror(errno));
		return EXIT_FILE;
	}
	fprintf(f, "%u\n", p->nboards + (p->has_bye ? 1u : 0u));
	for (unsigned b = 0; b < p->nboards; b++)
		fprintf(f, "%u %u\n", t->players[p->boards[b].white].id, t->players[p->boards[b].black].id);
	if (p->has_bye)
		fprintf(f, "%u 0\n", t->players[p->bye].id);
	if (f == stdout)
		return cc_cli_finish_output("pair", 0);
	return fclose(f) == 0 ? 0 : EXIT_FILE;
}

/* The pairing the TRF records for round r (0-based). */
static void recorded_pairing(const cc_trf *t, unsigned r, cc_dutch_pairing *p)
{
	memset(p, 0, sizeof *p);
	for (unsigned i = 0; i < t->nplayers; i++) {
		const cc_trf_cell *cell = &t->players[i].cells[r];
		if (cell->opponent == 0 && (cell->result == CC_TRF_RESULT_PAB || cell->result == CC_TRF_RESULT_FORFEIT_WIN)) {
			p->has_bye = true;
			p->bye = i;
			continue;
		}
		unsigned o = cell->opponent ? index_of(t, cell->opponent) : 0;
		if (!o || o - 1 < i)
			continue; /* each pair once, from its first player */
		bool white = cell->colour != CC_TRF_COLOUR_BLACK;
		cc_dutch_board *b = &p->boards[p->nboards++];
		b->white = white ? i : o - 1;
		b->black = white ? o - 1 : i;
	}
}

/* Whether pairing p holds the board a-b with those colours (colours
 * ignored for a pair the file gives none). */
static bool holds(const cc_dutch_pairing *p, const cc_dutch_board *b, bool colours)
{
	for (unsigned i = 0; i < p->nboards; i++) {
		const cc_dutch_board *x = &p->boards[i];
		if (x->white == b->white && x->black == b->black)
			return true;
		if (!colours && x->white == b->black && x->black == b->white)
			return true;
	}
	return false;
}

static int check_last_round(const cc_trf *t, cc_dutch_input *in, cc_dutch_pairing *ours, cc_dutch_pairing *theirs)
{
	cc_error err = {0};
	unsigned last = paired_rounds(t);
	if (last == 0) {
		cc_refuse(&err, CC_MSG_DUTCH_NO_ROUND_TO_CHECK);
		cc_cli_fail("pair", &err);
		return EXIT_INVALID;
	}
	to_input(t, last - 1, in);
	for (unsigned i = 0; i < t->nplayers; i++)
		in->players[i].present = participated(&t->players[i].cells[last - 1]);
	recorded_pairing(t, last - 1, theirs);
	unsigned a, b;
	int broken = cc_dutch_absolute_broken(in, theirs, &a, &b);
	if (broken) {
		cc_msg msg = broken == 1 ? CC_MSG_DUTCH_CHECK_REPEAT : broken == 2 ? CC_MSG_DUTCH_CHECK_BYE : CC_MSG_DUTCH_CHECK_COLOUR;
		if (broken == 2)
			cc_refuse(&err, msg, last, t->players[a].id);
		else
			cc_refuse(&err, msg, last, t->players[a].id, t->players[b].id);
		cc_cli_fail("pair", &err);
		return EXIT_NO_PAIRING;
	}
	if (cc_dutch_pair(in, ours, &err) != CC_OK) {
		cc_cli_fail("pair", &err);
		return EXIT_NO_PAIRING;
	}
	for (unsigned i = 0; i < theirs->nboards; i++) {
		const cc_dutch_board *x = &theirs->boards[i];
		bool colours = t->players[x->white].cells[last - 1].colour != CC_TRF_COLOUR_NONE;
		if (!holds(ours, x, colours)) {
			cc_refuse(&err, CC_MSG_DUTCH_CHECK_DIFFERS, last, t->players[x->white].id, t->players[x->black].id,
			          t->players[x->white].id);
			cc_cli_fail("pair", &err);
			return EXIT_NO_PAIRING;
		}
	}
	if (ours->has_bye != theirs->has_bye || (ours->has_bye && ours->bye != theirs->bye) ||
	    ours->nboards != theirs->nboards) {
		cc_refuse(&err, CC_MSG_DUTCH_CHECK_BYE_DIFFERS, last, theirs->has_bye ? t->players[theirs->bye].id : 0u,
		          ours->has_bye ? t->players[ours->bye].id : 0u);
		cc_cli_fail("pair", &err);
		return EXIT_NO_PAIRING;
	}
	return 0;
}

typedef struct {
	cc_trf trf;
	cc_dutch_input in;
	cc_dutch_pairing ours, theirs;
	const char *names[CC_TRF_MAX_PLAYERS];
} pair_data;

/* SW-5: the round's explanation, on standard output unless the pairs
 * went there. */
static int explain(pair_data *d, const char *output)
{
	FILE *out = strcmp(output, "-") == 0 ? stderr : stdout;
	for (unsigned i = 0; i < d->trf.nplayers; i++)
		d->names[i] = d->trf.players[i].name;
	if (cc_session_write_pairing(out, cc_ui_lang(), &d->in, &d->ours, d->names, cc_cli_columns()) != 0)
		return EXIT_FILE;
	return out == stdout ? cc_cli_finish_output("pair", 0) : 0;
}

static int run(const char *input, const char *output, bool check, bool explained)
{
	size_t len = 0;
	char *text = read_all(input, &len);
	if (!text) {
		fprintf(stderr, _("chesscubing pair: cannot read '%s': %s\n"), input, strerror(errno));
		return EXIT_FILE;
	}
	pair_data *d = malloc(sizeof *d);
	if (!d) {
		free(text);
		return EXIT_FILE;
	}
	cc_error err = {0};
	int status = 0;
	if (cc_trf_parse(&d->trf, text, len, &err) != CC_OK) {
		cc_cli_fail_at("pair", input, &err);
		status = EXIT_INVALID;
	} else if (check) {
		status = check_last_round(&d->trf, &d->in, &d->ours, &d->theirs);
	} else {
		unsigned rounds = paired_rounds(&d->trf);
		if (rounds >= CC_DUTCH_MAX_ROUNDS || d->trf.nplayers > CC_DUTCH_MAX_PLAYERS) {
			cc_refuse(&err, CC_MSG_DUTCH_TOO_BIG, CC_DUTCH_MAX_PLAYERS, CC_DUTCH_MAX_ROUNDS - 1);
			cc_cli_fail("pair", &err);
			status = EXIT_INVALID;
		} else {
			to_input(&d->trf, rounds, &d->in);
			if (cc_dutch_pair(&d->in, &d->ours, &err) != CC_OK) {
				cc_cli_fail("pair", &err);
				status = EXIT_NO_PAIRING;
			} else {
				status = write_pairing(output, &d->trf, &d->ours);
				if (status == 0 && explained)
					status = explain(d, output);
			}
		}
	}
	free(d);
	free(text);
	return status;
}

int cc_cli_cmd_pair(int argc, char **argv)
{
	static const struct option options[] = {
		{"dutch", no_argument, NULL, 'd'},
		{"pair", no_argument, NULL, 'p'},
		{"check", no_argument, NULL, 'c'},
		{"explain", no_argument, NULL, 'e'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	bool dutch = false, pair = false, check = false, explained = false;
	int opt;
	cc_cli_options_start();
	while ((opt = cc_cli_getopt(argv[0], argc, argv, "dpceh", options)) != -1) {
		switch (opt) {
		case 'd':
			dutch = true;
			break;
		case 'p':
			pair = true;
			break;
		case 'c':
			check = true;
			break;
		case 'e':
			explained = true;
			break;
		default:
			return cc_cli_usage_fn(opt, usage);
		}
	}
	int operands = argc - optind;
	if (!dutch || pair == check || (explained && !pair) || operands < 1 || operands > (pair ? 2 : 1)) {
		fprintf(stderr, _("chesscubing pair: give --dutch, an input file, and one of -p [OUTPUT] or -c (--explain goes with -p)\n"));
		usage(stderr);
		return EXIT_INVALID;
	}
	return run(argv[optind], operands == 2 ? argv[optind + 1] : "-", check, explained);
}
