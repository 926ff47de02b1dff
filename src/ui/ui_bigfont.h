/*
 * ui_bigfont.h: the big digits of the clocks (bigfont.c), from 5 rows up,
 * drawn through ui_term.h's roles.
 */
#ifndef CHESSCUBING_UI_BIGFONT_H
#define CHESSCUBING_UI_BIGFONT_H

#include "ui_term.h"

#define CC_UI_BIG_ROWS 5
/* Has every character of text a glyph (a word drawn whole, not skipped)? */
bool cc_ui_big_drawable(const char *text);
/* Width in columns of text ("2:59.9") at horizontal scale sx (1 or 2). */
int cc_ui_big_width(const char *text, int sx);
/* Largest scale (2, then 1) at which text fits max_cols; 0 if none. */
int cc_ui_big_scale(const char *text, int max_cols);
/* Draws text in big digits with its top-left corner at (y, x). */
void cc_ui_big_draw(int y, int x, int sx, cc_ui_role role, const char *text);
/* The largest drawing of text in w columns and at most max_rows rows,
 * centred in [x, x + w); returns the rows it takes (plain text, centred
 * in max_rows, when not even 5 rows fit). */
int cc_ui_big_fill(int y, int x, int w, int max_rows, cc_ui_role role, const char *text);
/* How many rows the big clocks get in a terminal of `lines` rows:
 * 5 at 24 rows, growing with the room (see screen_block.c). */
int cc_ui_big_rows(int lines, int per_mille);

#endif
