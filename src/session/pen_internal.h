/*
 * pen_internal.h: the one-page drawings of the session (the scramble
 * sheet, the match sheet) share one cairo, opened at first use by
 * sheet_print.c, and one way to write the file (whole or not at all).
 * A drawing is a function given a pen; the words it writes are made
 * printable and cut to their width there. Nothing outside src/session
 * includes this.
 */
#ifndef CHESSCUBING_PEN_INTERNAL_H
#define CHESSCUBING_PEN_INTERNAL_H

#include <stdbool.h>

#include "chesscubing/session_sheet.h"

typedef struct cc_session_pen cc_session_pen;

void cc_session_pen_font(const cc_session_pen *p, bool bold, bool mono, double size);
/* How wide text is drawn in the current font, in points. */
double cc_session_pen_width(const cc_session_pen *p, const char *text);
/* text at (x, y) on its baseline, cut with an ellipsis to fit width. */
void cc_session_pen_say(const cc_session_pen *p, double x, double y, double width, const char *text);
/* A straight line of that width, grey 0 (black) to 1 (white). */
void cc_session_pen_line(const cc_session_pen *p, double x0, double y0, double x1, double y1, double width,
                         double grey);

/* Draws one page (A4, CC_SHEET_PAGE_WIDTH x CC_SHEET_PAGE_HEIGHT points). */
typedef void cc_session_draw_fn(const cc_session_pen *p, void *ctx);

/* Writes what draw draws to path ("-": standard output) as a one-page
 * PDF or SVG titled title, whole or not at all; refuses
 * (CC_MSG_SHEET_NO_CAIRO, CC_MSG_SHEET_WRITE_FAILED) a machine without
 * cairo or a file that cannot be written. */
cc_err cc_session_pen_write(const char *title, cc_sheet_picture kind, cc_session_draw_fn *draw, void *ctx,
                            const char *path, cc_error *err);

#endif
