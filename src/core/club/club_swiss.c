/*
 * club_swiss.c: what the club's record of a Swiss gives the Dutch engine
 * (rules/club.md CL-10): the pairing numbers by rating before the event
 * then name, whether a round has all its results, and each player's
 * history (opponents, colours, points, byes) as the engine expects it
 * (dutch.h), mirroring what `chesscubing pair` reads from a TRF: a
 * forfeit is not played (no colour, the pair may meet again), the
 * pairing-allocated bye scores the event's bye value and bars a second
 * one, as does a win without playing.
 */
#include <math.h>
#include <string.h>

#include "chesscubing/club.h"

/* Is seat a before seat b in the pairing order (CL-10.2)? */
static bool ranks_before(const double *rating, const char *const *key, unsigned a, unsigned b)
{
	if (rating[a] != rating[b])
		return rating[a] > rating[b];
	int c = strcmp(key[a], key[b]);
	return c != 0 ? c < 0 : a < b;
}

void cc_club_swiss_order(unsigned players, const double *rating, const char *const *key, unsigned *order)
{
	/* an insertion sort: at most CC_CLUB_PLAYERS_MAX seats */
	for (unsigned i = 0; i < players; i++) {
		unsigned k = i;
		while (k > 0 && ranks_before(rating, key, i, order[k - 1])) {
			order[k] = order[k - 1];
			k--;
		}
		order[k] = i;
	}
}

/* Does pairing o need a result still (CL-10.3)? */
static bool waits(const cc_club_scored *o)
{
	switch (o->outcome) {
	case CC_CLUB_OUT_NOT_STARTED:
	case CC_CLUB_OUT_IN_PLAY:
		return true;
	case CC_CLUB_OUT_PLAYED:
	case CC_CLUB_OUT_FORFEIT:
	case CC_CLUB_OUT_BYE:
	case CC_CLUB_OUT_BYE_WAITING:
	case CC_CLUB_OUT_HALF_BYE:
	case CC_CLUB_OUT_VOID:
		return false;
	}
	return false;
}

bool cc_club_swiss_round_complete(const cc_club_entry *e, const cc_club_scored *scored, size_t n, unsigned round,
                                  unsigned *missing_board)
{
	unsigned board = 0;
	if (missing_board)
		*missing_board = 0;
	for (size_t i = 0; i < n; i++) {
		if (e[i].round != round)
			continue;
		board++;
		if (waits(&scored[i])) {
			if (missing_board)
				*missing_board = board;
			return false;
		}
	}
	return true;
}

static int tenths(double points)
{
	return (int)lround(points * 10.0);
}

/* Seat's round in the engine's terms from one pairing of his. */
static void history_of(const cc_club_event_terms *t, const cc_club_entry *g, const cc_club_scored *o, uint32_t seat,
                       cc_dutch_player *p)
{
	cc_dutch_round *rd = &p->rounds[g->round - 1];
	bool bye = g->black == CC_CLUB_BYE, white = g->white == seat;
	int side = white ? 0 : 1;
	rd->points10 = o->counted ? tenths(o->points[side]) : 0;
	switch (o->outcome) {
	case CC_CLUB_OUT_PLAYED:
	case CC_CLUB_OUT_IN_PLAY:
		rd->played = true;
		rd->opponent = (white ? g->black : g->white) + 1;
		rd->colour = white ? CC_DUTCH_WHITE : CC_DUTCH_BLACK;
		return;
	case CC_CLUB_OUT_FORFEIT:
	case CC_CLUB_OUT_VOID:
		/* not played: no colour, and the two may be paired again (C1) */
		rd->opponent = bye ? 0 : (white ? g->black : g->white) + 1;
		break;
	case CC_CLUB_OUT_BYE:
	case CC_CLUB_OUT_BYE_WAITING:
		rd->pab = true;
		rd->points10 = (int)t->bye_halves * 5;
		p->bye_barred = true; /* C2: one pairing-allocated bye at most */
		return;
	case CC_CLUB_OUT_HALF_BYE:
	case CC_CLUB_OUT_NOT_STARTED:
		break;
	}
	if (rd->points10 >= 10)
		p->bye_barred = true; /* a win without playing (C2) */
}

void cc_club_swiss_input(const cc_club_event_terms *t, const cc_club_entry *e, const cc_club_scored *scored, size_t n,
                         unsigned round, unsigned total_rounds, const unsigned *number, const bool *present,
                         cc_dutch_input *in)
{
	memset(in, 0, sizeof *in);
	in->nplayers = t->players;
	in->played_rounds = round > 0 ? round - 1 : 0;
	in->total_rounds = total_rounds;
	in->initial_colour = CC_DUTCH_WHITE;
	in->win10 = 10;
	in->draw10 = 5;
	for (unsigned s = 0; s < t->players; s++) {
		in->players[s].number = number[s];
		in->players[s].present = present[s];
	}
	for (size_t i = 0; i < n; i++) {
		const cc_club_entry *g = &e[i];
		if (g->round < 1 || g->round >= round || g->round > CC_DUTCH_MAX_ROUNDS)
			continue;
		if (g->white < t->players)
			history_of(t, g, &scored[i], g->white, &in->players[g->white]);
		if (g->black != CC_CLUB_BYE && g->black < t->players)
			history_of(t, g, &scored[i], g->black, &in->players[g->black]);
	}
}
