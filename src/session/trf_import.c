/*
 * trf_import.c: an event started from another program's TRF
 * (session_trf_import.h, rules/club.md CL-4.22).
 *
 * The core's reader (trf.h) gives each player's round cells; here each
 * round becomes the record's pairings, one per game (White the player the
 * cells say has White; a forfeit with no colour: the lower pairing number
 * White), boards in the order of the White player's number, then one row
 * per bye:
 *
 *   1 0 = (W L D)      a result recorded without a match ("1-0", "0-1",
 *                      "1/2-1/2": a game played, never rated)
 *   + - against a player  the forfeit "+/-", "-/+" or "-/-" (CL-6.1)
 *   blank result      a pairing not played yet (a round in progress)
 *   0000 U, F, +      a bye row (black seat NULL), at the event's bye value
 *   0000 H            a bye row and a half-point bye asked for (CL-6.4)
 *   0000 Z, -         an absence announced for the round
 *   blank cell        nothing: the player took no part
 */
#include "chesscubing/session_trf_import.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/game.h"
#include "chesscubing/trf.h"
#include "session_internal.h"
#include "store.h"

#define PAIRINGS_MAX (CC_CLUB_PLAYERS_MAX * CC_TRF_MAX_ROUNDS)
#define NUMBERS 10000 /* pairing numbers 1..9999 */

typedef struct {
	cc_trf trf;
	unsigned seat[NUMBERS];                     /* by pairing number; UINT_MAX: none */
	const cc_trf_player *player[CC_CLUB_PLAYERS_MAX]; /* by seat */
	const char *names[CC_CLUB_PLAYERS_MAX];
	unsigned rating[CC_CLUB_PLAYERS_MAX];
	cc_store_import_pairing pairings[PAIRINGS_MAX];
	cc_store_import_seat byes[PAIRINGS_MAX], absences[PAIRINGS_MAX];
	size_t np, nb, na;
} work;

static int compare_number(const void *a, const void *b)
{
	unsigned x = (*(const cc_trf_player *const *)a)->id, y = (*(const cc_trf_player *const *)b)->id;
	return x < y ? -1 : x > y;
}

/* The seats: the file's players by pairing number (its start order). */
static void seats_of(work *w, cc_session_trf_import *out)
{
	for (unsigned i = 0; i < NUMBERS; i++)
		w->seat[i] = UINT_MAX;
	for (unsigned i = 0; i < w->trf.nplayers; i++)
		w->player[i] = &w->trf.players[i];
	qsort(w->player, w->trf.nplayers, sizeof w->player[0], compare_number);
	for (unsigned s = 0; s < w->trf.nplayers; s++) {
		const cc_trf_player *p = w->player[s];
		w->seat[p->id] = s;
		/* the name as the file has it, without the spaces at either end */
		const char *name = p->name;
		size_t len = strlen(name);
		while (len > 0 && name[len - 1] == ' ')
			len--;
		while (len > 0 && *name == ' ')
			name++, len--;
		snprintf(out->name[s], sizeof out->name[s], "%.*s", (int)len, name);
		w->names[s] = out->name[s];
		w->rating[s] = p->rating;
	}
}

/* What White's cell says of a game: its result, or its forfeit. */
static void game_result(const cc_trf_cell *white, const cc_trf_cell *black, cc_store_import_pairing *g)
{
	g->result = NULL;
	g->forfeit = CC_CLUB_FORFEIT_NONE;
	switch (white->result) {
	case CC_TRF_RESULT_WIN:
	case CC_TRF_RESULT_UNRATED_WIN:
		g->result = "1-0";
		break;
	case CC_TRF_RESULT_LOSS:
	case CC_TRF_RESULT_UNRATED_LOSS:
		g->result = "0-1";
		break;
	case CC_TRF_RESULT_DRAW:
	case CC_TRF_RESULT_UNRATED_DRAW:
		g->result = "1/2-1/2";
		break;
	case CC_TRF_RESULT_FORFEIT_WIN:
		g->forfeit = CC_CLUB_FORFEIT_WHITE;
		break;
	case CC_TRF_RESULT_FORFEIT_LOSS:
		g->forfeit = black->result == CC_TRF_RESULT_FORFEIT_WIN ? CC_CLUB_FORFEIT_BLACK : CC_CLUB_FORFEIT_BOTH;
		break;
	case CC_TRF_RESULT_NONE:
	case CC_TRF_RESULT_HALF_BYE:
	case CC_TRF_RESULT_FULL_BYE:
	case CC_TRF_RESULT_PAB:
	case CC_TRF_RESULT_ZERO_BYE:
		break; /* not played yet (a bye letter against a player: read as no result) */
	}
}

/* Has the player of cell c White against the one of cell oc? A game
 * with no colour said (a forfeit): the lower pairing number, lower. */
static bool white_of(const cc_trf_cell *c, const cc_trf_cell *oc, bool lower)
{
	if (c->colour != CC_TRF_COLOUR_NONE)
		return c->colour == CC_TRF_COLOUR_WHITE;
	if (oc->colour != CC_TRF_COLOUR_NONE)
		return oc->colour == CC_TRF_COLOUR_BLACK;
	return lower;
}

/* Round r's games (from 1): one pairing per two cells that name each other. */
static cc_err games_of(work *w, unsigned r, unsigned *board, cc_error *err)
{
	unsigned n = w->trf.nplayers;
	for (unsigned s = 0; s < n; s++) {
		const cc_trf_cell *c = &w->player[s]->cells[r - 1];
		if (c->empty || c->opponent == 0)
			continue;
		unsigned o = c->opponent < NUMBERS ? w->seat[c->opponent] : UINT_MAX;
		const cc_trf_cell *oc = o < n ? &w->player[o]->cells[r - 1] : NULL;
		if (!oc || oc->empty || oc->opponent != w->player[s]->id)
			return cc_refuse(err, CC_MSG_TRF_IMPORT_CELL_MISMATCH, r, w->player[s]->id, c->opponent);
		if (!white_of(c, oc, s < o))
			continue; /* written from White's side */
		cc_store_import_pairing *g = &w->pairings[w->np++];
		*g = (cc_store_import_pairing){.round = r, .board = (*board)++, .white = s, .black = o};
		game_result(c, oc, g);
	}
	return CC_OK;
}

/* Round r's byes and absences: the cells with no opponent. */
static void byes_of(work *w, unsigned r, unsigned *board)
{
	for (unsigned s = 0; s < w->trf.nplayers; s++) {
		const cc_trf_cell *c = &w->player[s]->cells[r - 1];
		if (c->empty || c->opponent != 0)
			continue;
		switch (c->result) {
		case CC_TRF_RESULT_HALF_BYE:
		case CC_TRF_RESULT_DRAW:
		case CC_TRF_RESULT_UNRATED_DRAW:
			w->byes[w->nb++] = (cc_store_import_seat){s, r}; /* and its own bye row (CL-4.22) */
			w->pairings[w->np++] =
				(cc_store_import_pairing){.round = r, .board = (*board)++, .white = s, .black = CC_CLUB_BYE};
			break;
		case CC_TRF_RESULT_PAB:
		case CC_TRF_RESULT_FULL_BYE:
		case CC_TRF_RESULT_FORFEIT_WIN:
		case CC_TRF_RESULT_WIN:
		case CC_TRF_RESULT_UNRATED_WIN:
			w->pairings[w->np++] =
				(cc_store_import_pairing){.round = r, .board = (*board)++, .white = s, .black = CC_CLUB_BYE};
			break;
		case CC_TRF_RESULT_ZERO_BYE:
		case CC_TRF_RESULT_FORFEIT_LOSS:
		case CC_TRF_RESULT_LOSS:
		case CC_TRF_RESULT_UNRATED_LOSS:
			w->absences[w->na++] = (cc_store_import_seat){s, r};
			break;
		case CC_TRF_RESULT_NONE:
			break;
		}
	}
}

/* The store's event of the terms as `event create` fixes them (CL-8.1). */
static void event_of(const char *name, const cc_session_event_terms *terms, const cc_trf *trf, cc_store_event *ev)
{
	cc_session_event_terms none;
	cc_session_event_terms_default(&none);
	unsigned traits = cc_game_class_of(terms->format)->traits;
	memset(ev, 0, sizeof *ev);
	snprintf(ev->name, sizeof ev->name, "%s", name);
	ev->format = terms->format;
	ev->category = traits & CC_GAME_CATEGORY ? terms->category : none.category;
	ev->variant = traits & CC_GAME_VARIANTS ? terms->variant : none.variant;
	ev->tc_base_ms = traits & CC_GAME_TIME_CONTROL ? terms->tc_base_ms : none.tc_base_ms;
	ev->tc_increment_ms = traits & CC_GAME_TIME_CONTROL ? terms->tc_increment_ms : none.tc_increment_ms;
	ev->claims = traits & CC_GAME_CLAIMS ? terms->claims : none.claims;
	ev->players = trf->nplayers;
	/* the PAB's value as the file's point system has it (CL-6.5) */
	ev->bye_halves = trf->pab10 >= 10 ? 2 : trf->pab10 >= 5 ? 1 : 0;
}

static cc_err import_work(cc_session_db *db, const char *name, work *w, const cc_session_event_terms *terms,
                          cc_session_trf_import *out, cc_error *err)
{
	if (w->trf.nplayers > CC_CLUB_PLAYERS_MAX)
		return cc_refuse(err, CC_MSG_TRF_TOO_MANY_PLAYERS, CC_CLUB_PLAYERS_MAX);
	seats_of(w, out);
	unsigned rounds = w->trf.ncells;
	for (unsigned r = 1; r <= rounds; r++) {
		unsigned board = 1;
		cc_err rc = games_of(w, r, &board, err);
		if (rc != CC_OK)
			return rc;
		byes_of(w, r, &board);
	}
	out->players = w->trf.nplayers;
	out->published = rounds;
	out->rounds = w->trf.total_rounds > rounds ? w->trf.total_rounds : rounds;
	cc_store_import imp = {.names = w->names, .rating = w->rating, .rounds = out->rounds,
	                       .published = out->published, .pairings = w->pairings, .npairings = w->np,
	                       .half_byes = w->byes, .nhalf_byes = w->nb, .absences = w->absences, .nabsences = w->na};
	event_of(name, terms, &w->trf, &imp.event);
	const cc_clock *clock = cc_session_db_clock(db);
	cc_err rc = cc_store_event_import(cc_session_db_store(db), &imp, clock->wall_ms(clock), NULL, out->is_new, err);
	for (unsigned s = 0; rc == CC_OK && s < out->players; s++)
		out->registered += out->is_new[s];
	return rc;
}

cc_err cc_session_club_event_import(cc_session_db *db, const char *name, const char *text, size_t len,
                                    const cc_session_event_terms *terms, cc_session_trf_import *out,
                                    cc_error *err)
{
	memset(out, 0, sizeof *out);
	work *w = malloc(sizeof *w);
	if (!w)
		return cc_refuse(err, CC_MSG_NOMEM);
	cc_err rc = cc_trf_parse(&w->trf, text, len, err);
	if (rc == CC_OK)
		rc = import_work(db, name, w, terms, out, err);
	free(w);
	return rc;
}

cc_err cc_session_club_event_entered_ratings(cc_session_db *db, const char *name, unsigned *rating, cc_error *err)
{
	cc_store_event e;
	cc_store *store = cc_session_db_store(db);
	cc_err rc = cc_store_event_find(store, name, &e, NULL, err);
	return rc ? rc : cc_store_event_ratings(store, e.id, rating, err);
}
