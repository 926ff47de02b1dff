/*
 * dutch_fixture.h: Dutch engine inputs built by hand for the Dutch tests
 * (test_dutch.c, test_dutch_rounds.c): players, games, forfeits and byes
 * of the rounds played, and the pairing checked board by board.
 */
#ifndef CHESSCUBING_TESTS_DUTCH_FIXTURE_H
#define CHESSCUBING_TESTS_DUTCH_FIXTURE_H

#include <check.h>
#include <stdlib.h>

#include "chesscubing/dutch.h"

static inline cc_dutch_input *fresh(unsigned n, unsigned rounds, unsigned total)
{
	cc_dutch_input *in = calloc(1, sizeof *in);
	ck_assert_ptr_nonnull(in);
	in->nplayers = n;
	in->played_rounds = rounds;
	in->total_rounds = total;
	in->initial_colour = CC_DUTCH_WHITE;
	in->win10 = 10;
	in->draw10 = 5;
	for (unsigned i = 0; i < n; i++) {
		in->players[i].number = i + 1;
		in->players[i].present = true;
	}
	return in;
}

/* Players a and b (1-based) met in round r (1-based), a with white, a scoring pa10. */
static inline void game(cc_dutch_input *in, unsigned r, unsigned a, unsigned b, int pa10)
{
	cc_dutch_round *x = &in->players[a - 1].rounds[r - 1], *y = &in->players[b - 1].rounds[r - 1];
	x->opponent = b;
	y->opponent = a;
	x->played = y->played = true;
	x->colour = CC_DUTCH_WHITE;
	y->colour = CC_DUTCH_BLACK;
	x->points10 = pa10;
	y->points10 = 10 - pa10;
}

/* Players a and b (1-based) were paired in round r but did not play: w won by forfeit. */
static inline void forfeit(cc_dutch_input *in, unsigned r, unsigned w, unsigned l)
{
	cc_dutch_round *x = &in->players[w - 1].rounds[r - 1], *y = &in->players[l - 1].rounds[r - 1];
	x->opponent = l;
	y->opponent = w;
	x->points10 = 10;
	in->players[w - 1].bye_barred = true;
}

/* Player a (1-based) had the pairing-allocated bye in round r. */
static inline void pab(cc_dutch_input *in, unsigned r, unsigned a)
{
	cc_dutch_round *x = &in->players[a - 1].rounds[r - 1];
	x->pab = true;
	x->points10 = 10;
	in->players[a - 1].bye_barred = true;
}

/* Games {round, white, black, white's points10} played, in a table. */
static inline void play(cc_dutch_input *in, const int (*games)[4], size_t n)
{
	for (size_t g = 0; g < n; g++)
		game(in, (unsigned)games[g][0], (unsigned)games[g][1], (unsigned)games[g][2], games[g][3]);
}

/* Forfeits {round, winner, loser} and byes {round, player}, in tables. */
static inline void unplayed(cc_dutch_input *in, const unsigned (*forfeits)[3], size_t nf, const unsigned (*byes)[2],
                            size_t nb)
{
	for (size_t f = 0; f < nf; f++)
		forfeit(in, forfeits[f][0], forfeits[f][1], forfeits[f][2]);
	for (size_t b = 0; b < nb; b++)
		pab(in, byes[b][0], byes[b][1]);
}

static inline cc_dutch_pairing *pair_ok(const cc_dutch_input *in)
{
	cc_dutch_pairing *p = calloc(1, sizeof *p);
	cc_error err = {0};
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(cc_dutch_pair(in, p, &err), CC_OK);
	return p;
}

static inline void board_is(const cc_dutch_pairing *p, unsigned b, unsigned white, unsigned black)
{
	ck_assert_msg(p->boards[b].white == white - 1 && p->boards[b].black == black - 1,
	              "board %u: %u-%u, expected %u-%u", b + 1, p->boards[b].white + 1, p->boards[b].black + 1, white,
	              black);
}

/* The pairing is exactly the boards want[0..n) (white, black), in order. */
static inline void boards_are(const cc_dutch_pairing *p, const unsigned (*want)[2], unsigned n)
{
	ck_assert_uint_eq(p->nboards, n);
	for (unsigned b = 0; b < n; b++)
		board_is(p, b, want[b][0], want[b][1]);
}

#endif
