/*
 * dgt_moves.c: what a DGT board's pieces mean for the game (dgt_moves.h,
 * rules/dgt.md DG-2 to DG-5).
 *
 * Everything is decided from where the pieces stand, never from the order
 * they were lifted in: the board is compared with the game's position, with
 * the position after each legal move (and, when asked, after each pair),
 * and with the position before the game's last move. A legal position has
 * at most 218 moves, so the pairs are under 50 000 boards of 64 bytes:
 * milliseconds, once a board change.
 */
#include "chesscubing/dgt_moves.h"

#include <string.h>

/* Whether what the board shows on a square is what a position holds there:
 * equal codes, or for a checkered piece one of its kind in either colour. */
static bool square_matches(uint8_t expected, uint8_t seen)
{
	if (expected & CC_CHESS_CHECKERED)
		return seen != 0 && seen != CC_DGT_ODD && (seen & 7u) == (expected & 7u);
	return expected == seen;
}

static bool board_shows(const cc_chess_position *pos, const cc_dgt_board *board)
{
	for (unsigned s = 0; s < 64; s++)
		if (!square_matches(pos->board[s], board->sq[s]))
			return false;
	return true;
}

/* Whether the board is between pos and after: each square empty, or as in
 * one of the two (pieces lifted, a move half made). */
static bool board_between(const cc_chess_position *pos, const cc_chess_position *after, const cc_dgt_board *board)
{
	for (unsigned s = 0; s < 64; s++) {
		uint8_t seen = board->sq[s];
		if (seen != 0 && !square_matches(pos->board[s], seen) && !(after && square_matches(after->board[s], seen)))
			return false;
	}
	return true;
}

static void fill_diff(const cc_chess_position *game, const cc_dgt_board *board, cc_dgt_seen *out)
{
	out->ndiff = 0;
	for (unsigned s = 0; s < 64; s++) {
		if (square_matches(game->board[s], board->sq[s]))
			continue;
		cc_dgt_square_diff *d = &out->diff[out->ndiff++];
		d->square = (uint8_t)s;
		d->expected = game->board[s];
		d->seen = board->sq[s];
	}
}

static void set_move(cc_dgt_seen *out, size_t i, const cc_chess_position *pos, cc_chess_move m)
{
	out->moves[i] = m;
	cc_chess_move_to_san(pos, m, out->san[i], sizeof out->san[i]);
}

/* The board after m, with the pawn itself on the promotion square: the
 * arbiter names the piece (DG-4.2). */
static bool shows_bare_promotion(const cc_chess_position *game, cc_chess_move m, const cc_dgt_board *board)
{
	unsigned to = cc_chess_move_to(m);
	uint8_t pawn = (uint8_t)(((unsigned)game->to_move << 3) | CC_CHESS_PAWN);
	if (board->sq[to] != pawn)
		return false;
	cc_chess_position after = *game;
	cc_chess_undo undo;
	cc_chess_make(&after, m, &undo);
	for (unsigned s = 0; s < 64; s++)
		if (s != to && !square_matches(after.board[s], board->sq[s]))
			return false;
	return true;
}

static void collect_promotions(const cc_chess_move_list *list, cc_chess_move m, cc_dgt_seen *out)
{
	out->ncandidates = 0;
	for (size_t i = 0; i < list->count && out->ncandidates < 4; i++) {
		cc_chess_move c = list->moves[i];
		if (cc_chess_move_kind_of(c) == CC_CHESS_MOVE_PROMOTION && cc_chess_move_from(c) == cc_chess_move_from(m) &&
		    cc_chess_move_to(c) == cc_chess_move_to(m))
			out->candidates[out->ncandidates++] = c;
	}
}

/* SAME, MOVE or PROMOTION_ASK against the legal moves of game. */
static bool find_one_move(const cc_chess_position *game, const cc_chess_move_list *list, const cc_dgt_board *board,
                          cc_dgt_seen *out)
{
	for (size_t i = 0; i < list->count; i++) {
		cc_chess_position after = *game;
		cc_chess_undo undo;
		cc_chess_make(&after, list->moves[i], &undo);
		if (board_shows(&after, board)) {
			out->kind = CC_DGT_SEEN_MOVE;
			out->nmoves = 1;
			set_move(out, 0, game, list->moves[i]);
			return true;
		}
	}
	for (size_t i = 0; i < list->count; i++) {
		cc_chess_move m = list->moves[i];
		if (cc_chess_move_kind_of(m) == CC_CHESS_MOVE_PROMOTION && shows_bare_promotion(game, m, board)) {
			out->kind = CC_DGT_SEEN_PROMOTION_ASK;
			collect_promotions(list, m, out);
			return true;
		}
	}
	return false;
}

/* TAKEBACK: the board shows before; moves[0] is the move from before to game. */
static bool find_takeback(const cc_chess_position *game, const cc_chess_position *before, const cc_dgt_board *board,
                          cc_dgt_seen *out)
{
	if (!before || !board_shows(before, board))
		return false;
	out->kind = CC_DGT_SEEN_TAKEBACK;
	cc_chess_move_list list;
	cc_chess_legal_moves(before, &list);
	for (size_t i = 0; i < list.count; i++) {
		cc_chess_position after = *before;
		cc_chess_undo undo;
		cc_chess_make(&after, list.moves[i], &undo);
		if (memcmp(after.board, game->board, sizeof after.board) == 0) {
			out->nmoves = 1;
			set_move(out, 0, before, list.moves[i]);
			break;
		}
	}
	return true;
}

/* Counts the second moves from mid (after m1) that show the board; keeps
 * the pair in out when it is the first found. */
static size_t count_seconds(const cc_chess_position *game, cc_chess_move m1, const cc_chess_position *mid,
                            const cc_dgt_board *board, size_t found, cc_dgt_seen *out)
{
	cc_chess_move_list list;
	cc_chess_legal_moves(mid, &list);
	size_t n = 0;
	for (size_t j = 0; j < list.count; j++) {
		cc_chess_position last = *mid;
		cc_chess_undo undo;
		cc_chess_make(&last, list.moves[j], &undo);
		if (!board_shows(&last, board))
			continue;
		if (found + n == 0) {
			set_move(out, 0, game, m1);
			set_move(out, 1, mid, list.moves[j]);
		}
		n++;
	}
	return n;
}

/* TWO_MOVES when exactly one pair of moves shows the board. */
static bool find_two_moves(const cc_chess_position *game, const cc_chess_move_list *list, const cc_dgt_board *board,
                           const cc_dgt_search *search, cc_dgt_seen *out)
{
	if (!search || (!search->two_moves && !search->same_side_twice))
		return false;
	size_t found = 0;
	for (size_t i = 0; i < list->count && found < 2; i++) {
		cc_chess_position mid = *game;
		cc_chess_undo undo;
		cc_chess_make(&mid, list->moves[i], &undo);
		if (search->two_moves)
			found += count_seconds(game, list->moves[i], &mid, board, found, out);
		if (search->same_side_twice) {
			cc_chess_undo pass;
			if (cc_chess_make_null(&mid, &pass, NULL) == CC_OK)
				found += count_seconds(game, list->moves[i], &mid, board, found, out);
		}
	}
	if (found != 1) {
		out->moves[0] = out->moves[1] = CC_CHESS_MOVE_NONE;
		out->san[0][0] = out->san[1][0] = '\0';
		return false;
	}
	out->kind = CC_DGT_SEEN_TWO_MOVES;
	out->nmoves = 2;
	return true;
}

static bool find_transit(const cc_chess_position *game, const cc_chess_move_list *list, const cc_dgt_board *board)
{
	if (board_between(game, NULL, board))
		return true;
	for (size_t i = 0; i < list->count; i++) {
		cc_chess_position after = *game;
		cc_chess_undo undo;
		cc_chess_make(&after, list->moves[i], &undo);
		if (board_between(game, &after, board))
			return true;
	}
	return false;
}

void cc_dgt_seen_of(const cc_chess_position *game, const cc_chess_position *before, const cc_dgt_board *board,
                    const cc_dgt_search *search, cc_dgt_seen *out)
{
	memset(out, 0, sizeof *out);
	fill_diff(game, board, out);
	if (out->ndiff == 0) {
		out->kind = CC_DGT_SEEN_SAME;
		return;
	}
	cc_chess_move_list list;
	cc_chess_legal_moves(game, &list);
	/* One move changes at most 4 squares (a castling), two at most 8: a
	 * board further off is neither, and the search is skipped. */
	if (out->ndiff <= 4 && find_one_move(game, &list, board, out))
		return;
	if (find_takeback(game, before, board, out))
		return;
	if (out->ndiff <= 8 && find_two_moves(game, &list, board, search, out))
		return;
	out->kind = find_transit(game, &list, board) ? CC_DGT_SEEN_IN_TRANSIT : CC_DGT_SEEN_NO_MOVE;
}

static void square_name(unsigned sq, char name[3])
{
	name[0] = (char)('a' + sq % 8u);
	name[1] = (char)('1' + sq / 8u);
	name[2] = '\0';
}

void cc_dgt_seen_squares(const cc_dgt_seen *seen, char *buf, size_t size)
{
	if (!size)
		return;
	size_t k = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < seen->ndiff; i++) {
		if (k + (i ? 3u : 2u) + 1u > size)
			break;
		if (i)
			buf[k++] = ' ';
		char name[3];
		square_name(seen->diff[i].square, name);
		buf[k++] = name[0];
		buf[k++] = name[1];
		buf[k] = '\0';
	}
}

cc_err cc_dgt_seen_say(const cc_dgt_seen *seen, cc_error *err)
{
	char text[200];
	switch (seen->kind) {
	case CC_DGT_SEEN_SAME:
	case CC_DGT_SEEN_IN_TRANSIT:
	case CC_DGT_SEEN_MOVE:
		return CC_OK;
	case CC_DGT_SEEN_NO_MOVE:
		cc_dgt_seen_squares(seen, text, sizeof text);
		return cc_refuse(err, CC_MSG_DGT_NO_LEGAL_MOVE, seen->ndiff, text);
	case CC_DGT_SEEN_PROMOTION_ASK:
		square_name(seen->ncandidates ? cc_chess_move_to(seen->candidates[0]) : 0u, text);
		return cc_refuse(err, CC_MSG_DGT_PROMOTION_ASK, text);
	case CC_DGT_SEEN_TAKEBACK:
		return cc_refuse(err, CC_MSG_DGT_TAKEBACK, seen->nmoves ? seen->san[0] : "?");
	case CC_DGT_SEEN_TWO_MOVES:
		return cc_refuse(err, CC_MSG_DGT_TWO_MOVES, seen->san[0], seen->san[1]);
	}
	return CC_OK;
}

cc_err cc_dgt_check_start(const cc_chess_position *position, const cc_dgt_board *board, cc_error *err)
{
	cc_dgt_seen seen;
	memset(&seen, 0, sizeof seen);
	fill_diff(position, board, &seen);
	if (seen.ndiff == 0)
		return CC_OK;
	char text[200];
	cc_dgt_seen_squares(&seen, text, sizeof text);
	return cc_refuse(err, CC_MSG_DGT_NOT_START, seen.ndiff, text);
}
