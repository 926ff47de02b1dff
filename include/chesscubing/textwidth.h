/*
 * textwidth.h: how many columns of a terminal a text (UTF8) takes, and
 * where to cut it to fit a column (rules/club.md, CL-7.8): the one rule
 * every table of the program and the console's name fields follow.
 *
 * Widths as wcwidth() gives them in a UTF8 locale, from a table of our own
 * so that the answer does not depend on the locale the program runs in:
 * combining marks and zero-width characters take no column, East Asian
 * wide and fullwidth characters (CJK, Hangul, kana, emoji) two, any other
 * character one; an invalid byte one.
 *
 * Owns: pure functions over the caller's strings; no I/O, no allocation.
 */
#ifndef CHESSCUBING_TEXTWIDTH_H
#define CHESSCUBING_TEXTWIDTH_H

#include <stdbool.h>
#include <stddef.h>

/* The columns text takes. */
int cc_width_of(const char *text);

/*
 * Where to cut text to show it in width columns: the number of its bytes to
 * show. When it fits, all of it (*cut false); otherwise the longest prefix
 * that ends on a whole character with its combining marks and leaves one
 * column for the "…" the caller adds (*cut true). *used: the columns taken,
 * the "…" included.
 */
size_t cc_width_fit(const char *text, int width, int *used, bool *cut);

/* The ellipsis that ends a cut text, one column wide (UTF8). */
#define CC_WIDTH_ELLIPSIS "\xe2\x80\xa6"

#endif
