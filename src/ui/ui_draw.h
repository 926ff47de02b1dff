/*
 * ui_draw.h: the drawing pieces every screen shares (screens.c, and the
 * scramble sheet's overlay in screen_setup.c): the title bar, the keys,
 * message and announcement lines, the log, wrapped text, and the numbers
 * as the language writes them. They draw; they decide nothing.
 */
#ifndef CHESSCUBING_UI_DRAW_H
#define CHESSCUBING_UI_DRAW_H

#include <stddef.h>
#include <stdint.h>

#include "chesscubing/match.h"
#include "ui_term.h"

typedef struct cc_ui_console cc_ui_console; /* ui_console.h */

void cc_ui_draw_title(const cc_ui_console *c, const char *what);
/* The title bar: left wrapped onto row 1 when long, right at its end. */
void cc_ui_draw_title_text(const char *left, const char *right);
/* The keys, wrapped at the bottom; returns the row above them. */
int cc_ui_draw_keys(const char *keys);
/* The rows cc_ui_draw_keys() takes for keys (at least one). */
int cc_ui_keys_rows(const char *keys);
/* The message (wrapped, whole, or a page of it under a "more" mark)
 * ending on row bottom; returns the row above. */
int cc_ui_draw_message(const cc_ui_console *c, int bottom);
/* The rows a message may take: 3 at the minimum size, one more per 3 rows above. */
int cc_ui_message_max_rows(void);
/* The pages of the message at this size (0: none, 1: whole on screen). */
int cc_ui_message_pages(const cc_ui_console *c);
/* The next page of a paged message (after the last, the first). */
void cc_ui_message_turn(cc_ui_console *c);
/* Keys, message and announcement from the bottom up; returns the last free row. */
int cc_ui_draw_bottom(const cc_ui_console *c, const char *keys);
/* The announcement banner (wrapped) ending on row bottom; returns its top row. */
int cc_ui_draw_announce(const cc_ui_console *c, int bottom);
/* The newest log entries that fit in rows [top, bottom); returns rows used. */
int cc_ui_draw_log_tail(const cc_ui_console *c, int top, int bottom);
/* The whole log as an overlay, scrolled by c->log_scroll. */
void cc_ui_log_draw(const cc_ui_console *c);
/* The scramble sheet of the setup form's seed, as an overlay. */
void cc_ui_sheet_draw(const cc_ui_console *c);
/* The essentials when the terminal is below the minimum size. */
void cc_ui_draw_small(const cc_ui_console *c);
/* Draws text word-wrapped in w columns, at most max_lines; returns lines used. */
int cc_ui_put_wrapped(int y, int x, int w, int max_lines, cc_ui_role role, const char *text);
/* Draws text wrapped in the screen's width, each line centred; returns lines used. */
int cc_ui_put_centred_wrapped(int y, int max_lines, cc_ui_role role, const char *text);
/* The lines cc_ui_put_wrapped() would use for text in w columns. */
int cc_ui_wrapped_rows(int w, const char *text);
/* "WHITE · Alice" style label of a side. */
void cc_ui_side_text(const cc_ui_console *c, cc_side side, char *buf, size_t size);
/* A solve time as shown, "23.45" ("23,45" in French). */
void cc_ui_solve_text(int32_t cs, char *buf, size_t size);
/* Puts the language's decimal separator in place of text's last '.'. */
void cc_ui_decimal(char *text);
/* Move clock as "20.0", chess clock as "10:00.0". */
void cc_ui_format_seconds(int64_t ms, char *buf, size_t size);

#endif
