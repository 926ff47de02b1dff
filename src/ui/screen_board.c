/*
 * screen_board.c: the board of moves recording, drawn over the screen
 * from the view's FEN (the core keeps the position; this only reads it).
 * Pieces are letters, White's in capitals, as in FEN: readable in every
 * terminal and in a text capture. Checkered pieces (rules/checkered.md)
 * belong to neither side: they keep their FEN letters (s o c u t: pawn,
 * knight, bishop, rook, queen), in a colour of their own, and without
 * colours behind a '*' marker, so a black s can never pass for a pawn.
 */
#include "ui_console.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_screens.h"
#include "ui_term.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* A checkered piece's FEN letter (CK-6)? */
static bool checkered_letter(char piece)
{
	return piece && strchr("socut", piece) != NULL;
}

/* A Checkered board's FEN has eight fields, a standard one six. */
static bool checkered_fen(const char *fen)
{
	int spaces = 0;
	for (; *fen; fen++)
		spaces += *fen == ' ';
	return spaces >= 7;
}

/* Fills board[rank][file] (rank 0 = the 8th) from the FEN's first field. */
static void board_from_fen(const char *fen, char board[8][8])
{
	int rank = 0, file = 0;
	for (int r = 0; r < 8; r++)
		for (int f = 0; f < 8; f++)
			board[r][f] = '.';
	for (const char *p = fen; *p && *p != ' ' && rank < 8; p++) {
		if (*p == '/') {
			rank++;
			file = 0;
		} else if (isdigit((unsigned char)*p)) {
			file += *p - '0';
		} else if (file < 8) {
			board[rank][file++] = *p;
		}
	}
}

/* The king of the side to move, when the view says it is in check. */
static uint64_t check_marks(const cc_match_view *v, char board[8][8])
{
	char king = v->to_move == CC_SIDE_WHITE ? 'K' : 'k';
	uint64_t marks = 0;
	for (int r = 0; v->check && r < 8; r++)
		for (int f = 0; f < 8; f++)
			if (board[r][f] == king)
				marks |= 1ULL << (8 * (7 - r) + f);
	return marks;
}

void cc_ui_board_draw_at(const cc_match_view *v, int y, int x, bool hide_hint)
{
	char board[8][8];
	board_from_fen(v->fen, board);
	cc_ui_board_draw_marked(v, y, x, hide_hint, check_marks(v, board));
}

void cc_ui_board_draw_marked(const cc_match_view *v, int y, int x, bool hide_hint, uint64_t marked)
{
	char board[8][8], line[64];
	int w = CC_UI_BOARD_COLS, h = CC_UI_BOARD_ROWS;
	board_from_fen(v->fen, board);
	for (int r = 0; r < h; r++)
		mvhline(y + r, x, ' ', w);
	cc_ui_box(y, x, h, w, CC_UI_ROLE_DIM);
	char san[CC_CHESS_SAN_MAX + 8];
	cc_ui_san_to_local(v->last_move_san[0] ? v->last_move_san : "-", san, sizeof san);
	snprintf(line, sizeof line, _(" Board after %s "), san);
	cc_ui_put(y, x + 2, w - 4, CC_UI_ROLE_TITLE, line);
	for (int r = 0; r < 8; r++) {
		snprintf(line, sizeof line, "%d", 8 - r);
		cc_ui_put(y + 2 + r, x + 3, 1, CC_UI_ROLE_DIM, line);
		for (int f = 0; f < 8; f++) {
			char sq[3] = {' ', board[r][f], '\0'};
			bool light = (r + f) % 2 == 0;
			cc_ui_role role = isupper((unsigned char)board[r][f]) ? CC_UI_ROLE_GOOD : CC_UI_ROLE_NORMAL;
			if (checkered_letter(board[r][f])) {
				role = CC_UI_ROLE_CHECKERED;
				sq[0] = cc_ui_term_colour() ? ' ' : '*';
			}
			if (marked & (1ULL << (8 * (7 - r) + f))) {
				role = CC_UI_ROLE_ALERT;
				sq[0] = '+';
			}
			cc_ui_put(y + 2 + r, x + 5 + 2 * f, 2, board[r][f] == '.' && !light ? CC_UI_ROLE_DIM : role,
			          board[r][f] == '.' ? (light ? " ." : " :") : sq);
		}
	}
	cc_ui_put(y + 10, x + 5, 17, CC_UI_ROLE_DIM, " a b c d e f g h");
	/* The legend of checkered pieces under the files, wrapped: when it
	 * takes two rows (a long language), the line of whose move it is
	 * goes up to the blank row under the title. */
	int state_y = y + 12;
	if (checkered_fen(v->fen)) {
		const char *legend = cc_ui_term_colour() ? _("checkered: s o c u t") : _("*: checkered, s o c u t");
		if (cc_ui_put_wrapped(y + 11, x + 3, w - 6, 2, CC_UI_ROLE_CHECKERED, legend) > 1)
			state_y = y + 1;
	}
	/* Whose move it is only while a block is played: not after the mate,
	 * nor during a cube phase. */
	const char *state = NULL;
	switch (v->phase) {
	case CC_PHASE_OVER:
		state = _("Match over.");
		break;
	case CC_PHASE_CUBE:
		state = _("Cube phase.");
		break;
	case CC_PHASE_SETUP:
	case CC_PHASE_BLOCK:
		break;
	}
	if (state)
		snprintf(line, sizeof line, "%s", state);
	else
		snprintf(line, sizeof line, _("%s to move."), cc_ui_side_label(v->to_move));
	cc_ui_put(state_y, x + 3, w - 6, CC_UI_ROLE_NORMAL, line);
	/* On the bottom border: the line above keeps its room in French. */
	if (hide_hint)
		cc_ui_put(y + h - 1, x + 2, w - 4, CC_UI_ROLE_DIM, _(" v: hide "));
}

/* The console's overlay, centred over the screen; v hides it again. */
void cc_ui_board_draw(const cc_ui_console *c)
{
	int y = (LINES - CC_UI_BOARD_ROWS) / 2;
	/* Below 100 columns the rows under the box are blanked whole: the
	 * ends of words cut by the box would read as texts of their own. */
	for (int r = 0; COLS < 100 && r < CC_UI_BOARD_ROWS; r++)
		mvhline(y + r, 0, ' ', COLS);
	uint64_t uno = cc_ui_uno_check_marks(c);
	if (uno)
		cc_ui_board_draw_marked(&c->view, y, (COLS - CC_UI_BOARD_COLS) / 2, true, uno);
	else
		cc_ui_board_draw_at(&c->view, y, (COLS - CC_UI_BOARD_COLS) / 2, true);
}
