/*
 * ui_term.h: the terminal (term.c): curses set-up and teardown (the one
 * place that owns them), the signals' flags, colours as roles, glyphs and
 * the text primitives every screen draws with; the minimum size below
 * which a "too small" screen is shown instead.
 */
#ifndef CHESSCUBING_UI_TERM_H
#define CHESSCUBING_UI_TERM_H

#include <stdbool.h>

#include <curses.h>

#include "chesscubing/common.h"

/* Below this size the console shows a "too small" screen instead. */
#define CC_UI_MIN_COLS 60
#define CC_UI_MIN_LINES 22

/* ---- term.c: terminal lifecycle, colours, glyphs, text ---------------- */

typedef enum {
	CC_UI_ROLE_NORMAL,
	CC_UI_ROLE_TITLE,   /* title bar */
	CC_UI_ROLE_WHITE,   /* the White player's label */
	CC_UI_ROLE_BLACK,   /* the Black player's label */
	CC_UI_ROLE_TO_MOVE, /* the side to move, unmistakable */
	CC_UI_ROLE_WARN,    /* banners: double move, closing, tie */
	CC_UI_ROLE_ALERT,   /* check, flagged, errors, paused */
	CC_UI_ROLE_DIM,     /* keys line, hints */
	CC_UI_ROLE_GOOD,    /* accepted, outcome */
	CC_UI_ROLE_HOT,     /* big digits in their last seconds (foreground only) */
	CC_UI_ROLE_CHECKERED /* a checkered piece on the board (rules/checkered.md) */
} cc_ui_role;

typedef enum {
	CC_UI_SIG_NONE,
	CC_UI_SIG_STOP,  /* SIGINT, SIGTERM or SIGHUP arrived */
	CC_UI_SIG_RESIZE /* SIGWINCH arrived */
} cc_ui_signal;

/* Installs the flag-only handlers and starts curses. CC_OK or CC_ERR_INVALID. */
cc_err cc_ui_term_start(cc_error *err);
/* Restores the terminal; safe to call any number of times, from any path. */
void cc_ui_term_stop(void);
/* Takes the pending signal flags (clears them); stop wins over resize. */
cc_ui_signal cc_ui_term_take_signal(int *signo);
/* Re-reads the window size after SIGWINCH (queues KEY_RESIZE). */
void cc_ui_term_resize(void);
bool cc_ui_term_too_small(void);
void cc_ui_term_draw_too_small(void);
bool cc_ui_term_utf8(void);
/* Are colours in use (a colour terminal, NO_COLOR unset)? */
bool cc_ui_term_colour(void);
attr_t cc_ui_attr(cc_ui_role role);
void cc_ui_bell(void);

/* Display width of UTF8 text in columns. */
int cc_ui_text_width(const char *text);
/* Draws text at (y, x), cut at max_cols columns; returns the columns drawn. */
int cc_ui_put(int y, int x, int max_cols, cc_ui_role role, const char *text);
/* cc_ui_put() of a name: a text wider than max_cols is cut after a whole
 * character and ended by "…" ("..." without UTF8), as every table (CL-7.8). */
int cc_ui_put_fit(int y, int x, int max_cols, cc_ui_role role, const char *text);
/* Draws text centred on row y. */
void cc_ui_put_centred(int y, cc_ui_role role, const char *text);
/* Fills row y with spaces in role (a bar). */
void cc_ui_bar(int y, cc_ui_role role);
/* Draws a box of h rows and w columns at (y, x). */
void cc_ui_box(int y, int x, int h, int w, cc_ui_role role);

#endif
