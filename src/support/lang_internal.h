/*
 * lang_internal.h: the table's rows, between lang.c and lang_table.c
 * (the support layer's own). lang_table.c is compiled twice: into the
 * support library with the shipped languages, and into the test program
 * (chesscubing-test) with the pseudo-language as well, where its object
 * comes first and the library's is not linked (as clock_test.c does for
 * the clock).
 */
#ifndef CHESSCUBING_LANG_INTERNAL_H
#define CHESSCUBING_LANG_INTERNAL_H

#include "chesscubing/support_lang.h"

extern const cc_lang cc_lang_rows[];
extern const size_t cc_lang_row_count;

#endif
