/*
 * uno_internal.h: what the Chess-Uno files share and nobody else sees.
 */
#ifndef CHESSCUBING_UNO_INTERNAL_H
#define CHESSCUBING_UNO_INTERNAL_H

#include "chesscubing/uno.h"

/* The state of a game (uno.c): a plain value, copied for every event. */
struct uno_state {
	cc_chess_position pos;
	int pile[CC_UNO_DECK_SIZE];
	size_t pile_n;
	int discard[2][CC_UNO_DECK_SIZE]; /* [player] */
	size_t discard_n[2];
	unsigned reshuffles;
	cc_uno_player controller[2];      /* [army] */
	cc_uno_phase phase;
	unsigned turn;                    /* turns begun, from 1 */
	int card;                         /* in play, CC_UNO_NO_CARD */
	cc_uno_player drawer;
	int moves_granted, moves_made, moves_left, placements_left;
	bool joker;                       /* the series' move may be a queen's */
	uint8_t last_ep;                  /* en passant square made by the turn's last move */
	int recoverable[2];               /* [army] */
	int turns_without_move;
	cc_uno_player winner;
	cc_side winning_army;
	cc_uno_reason reason;
	char reason_text[CC_UNO_TEXT_MAX];
	int64_t t_ms;
	int last_card;                    /* the card of the turn before, CC_UNO_NO_CARD */
	cc_uno_player last_drawer;
};

struct cc_uno_game {
	cc_uno_settings settings;
	cc_uno_deal deal;
	struct uno_state start, st;
	cc_uno_event *record;
	size_t record_n, record_cap;
	cc_uno_step *steps; /* the history */
	size_t steps_n, steps_cap;
};

static inline cc_side army_of(const struct uno_state *st)
{
	return st->pos.to_move;
}

/* ---- uno_moves.c: the moves a series allows, and placement ----------------- */

/* Is m in list? */
bool cc_uno_listed(const cc_chess_move_list *list, cc_chess_move m);
/* The moves of a series on pos for its card's number (joker: a queen's too). */
size_t cc_uno_moves_of(const cc_uno_settings *set, const cc_chess_position *pos, bool joker, cc_chess_move_list *list);
/* The moves the series of st allows now. */
size_t cc_uno_series_moves(const cc_uno_settings *set, const struct uno_state *st, cc_chess_move_list *list);
/* Does a move of list take the king on pos? */
bool cc_uno_takes_king(const cc_chess_position *pos, const cc_chess_move_list *list);
/* The squares a recovered pawn may be placed on in st (UNO-4.5, UNO-R3). */
uint64_t cc_uno_placement_squares_of(const cc_uno_settings *set, const struct uno_state *st);

/* Fisher-Yates over ids[0..n-1] with the key stream of shuffle number k
 * (0 the deal, k >= 1 the k-th reshuffle), as uno.h specifies. */
void cc_uno_shuffle_ids(const uint8_t key[CC_UNO_KEY_SIZE], uint64_t k, int *ids, size_t n);

#endif
