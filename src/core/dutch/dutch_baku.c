/*
 * dutch_baku.c: the Baku acceleration's virtual points (FIDE C.04.5.1,
 * rules/swiss.md SW-6), given to the Dutch engine as each player's
 * accel10 for each round; the engine adds them to the pairing score.
 */
#include <string.h>

#include "chesscubing/dutch.h"

void cc_dutch_baku(cc_dutch_input *in, const bool *initial)
{
	unsigned n = 0;
	for (unsigned i = 0; i < in->nplayers; i++) {
		memset(in->players[i].accel10, 0, sizeof in->players[i].accel10);
		n += !initial || initial[i];
	}
	unsigned rounds = in->total_rounds < CC_DUTCH_MAX_ROUNDS ? in->total_rounds : CC_DUTCH_MAX_ROUNDS;
	unsigned accelerated = (rounds + 1) / 2, full = (accelerated + 1) / 2;
	unsigned ga = 2 * ((n + 3) / 4); /* SW-6.1: the first half rounded up to an even number */
	if (ga == 0 || accelerated == 0)
		return;
	/* the last player of group A: the ga-th of the first round's players */
	unsigned last = 0;
	for (unsigned i = 0; i < in->nplayers; i++) {
		if (initial && !initial[i])
			continue;
		unsigned above = 0;
		for (unsigned j = 0; j < in->nplayers; j++)
			above += (!initial || initial[j]) && in->players[j].number < in->players[i].number;
		if (above < ga && in->players[i].number > last)
			last = in->players[i].number;
	}
	for (unsigned i = 0; i < in->nplayers; i++) {
		cc_dutch_player *p = &in->players[i];
		if (p->number > last)
			continue;
		for (unsigned r = 0; r < accelerated; r++)
			p->accel10[r] = r < full ? in->win10 : in->draw10;
	}
}
