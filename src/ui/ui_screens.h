/*
 * ui_screens.h: the screens. Each draws from a read-only console and maps
 * a key to a command; the UI's one table from a format to its screens
 * (screens.c) says which a game brings of its own.
 */
#ifndef CHESSCUBING_UI_SCREENS_H
#define CHESSCUBING_UI_SCREENS_H

#include <stdbool.h>

#include "chesscubing/match.h"
#include "ui_cmd.h"

typedef struct cc_ui_console cc_ui_console; /* ui_console.h */

/* Returns the first row below what it drew (the watcher puts the board there). */
int cc_ui_block_draw(const cc_ui_console *c);
cc_ui_cmd cc_ui_block_key(const cc_ui_console *c, int key);
void cc_ui_cube_draw(const cc_ui_console *c);
/* Time: what side's solve time cs will do to the clocks, for the
 * confirmation ("" in Twice). */
void cc_ui_cube_effect_text(const cc_ui_console *c, cc_side side, int32_t cs, char *buf, size_t size);
cc_ui_cmd cc_ui_cube_key(const cc_ui_console *c, int key);
void cc_ui_end_draw(const cc_ui_console *c);
/* Issue 21: the arbiter's interventions listed over the end screen (e):
 * open (false when there are none), a key (Space/PgDn the next page, PgUp
 * the previous, any other closes), the list drawn. */
bool cc_ui_interventions_open(cc_ui_console *c);
void cc_ui_interventions_key(cc_ui_console *c, int key);
void cc_ui_interventions_draw(const cc_ui_console *c);
/* Chess-Uno (screen_uno.c): the turn screen (returns the first row below
 * what it drew) and its keys; the end screen, which reveals the secret. */
int cc_ui_uno_draw(const cc_ui_console *c);
cc_ui_cmd cc_ui_uno_key(const cc_ui_console *c, int key);
void cc_ui_uno_end_draw(const cc_ui_console *c);
cc_ui_cmd cc_ui_end_key(const cc_ui_console *c, int key);
/* The keys of the game on screen, in pages when the room is short
 * (c->help_page is the one shown). */
void cc_ui_help_draw(const cc_ui_console *c);
/* How many pages the help takes in the terminal's size. */
int cc_ui_help_pages(const cc_ui_console *c);
/* The board of the view (moves recording), as an overlay. */
void cc_ui_board_draw(const cc_ui_console *c);
/* The board in a box of CC_UI_BOARD_ROWS x CC_UI_BOARD_COLS at (y, x);
 * with hide_hint, "v: hide" follows "White to move." under it. */
#define CC_UI_BOARD_ROWS 14
#define CC_UI_BOARD_COLS 30
void cc_ui_board_draw_at(const cc_match_view *v, int y, int x, bool hide_hint);
/* The same with the squares of marked (bit 8 * rank + file, a1 = bit 0)
 * highlighted, a '+' before the piece: a king in check (seed 002 §5, « la
 * case du roi est mise en évidence »). cc_ui_board_draw_at marks the king
 * of the side to move when the view says check. */
void cc_ui_board_draw_marked(const cc_match_view *v, int y, int x, bool hide_hint, uint64_t marked);
/* Chess-Uno: the squares of the kings attacked now (UNO-5.2), 0 for
 * another game (screen_uno.c). */
uint64_t cc_ui_uno_check_marks(const cc_ui_console *c);

/* Shared pieces of the screens (screens.c). */
/* The keys every screen takes: ? help, q quit, b bell, v board. */
cc_ui_cmd cc_ui_common_key(int key);

/*
 * The UI's one table from a format to its screens (screens.c): the words
 * the setup form and the resume offer use for it, and the screens it
 * brings of its own while it is played and once it is over (NULL: the
 * phase screens every other game shares). What a format has is asked of
 * its class (game.h), never of this table.
 */
typedef struct {
	cc_format format;
	const char *setup_text; /* the setup form's Format line (N_) */
	const char *offer_kind; /* "r: resume unfinished game 3 (..., chess game)" (N_) */
	int (*play_draw)(const cc_ui_console *c);
	cc_ui_cmd (*play_key)(const cc_ui_console *c, int key);
	void (*end_draw)(const cc_ui_console *c);
} cc_ui_screens;

const cc_ui_screens *cc_ui_screens_of(cc_format format);
/* The phase's screen for a console or a spectator (console_draw.c); returns
 * the first row below what the block screen drew (LINES for the others). */
int cc_ui_draw_phase(const cc_ui_console *c);

#endif
