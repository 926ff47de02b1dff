/*
 * sheet.h: the scramble sheet of a match as text, cubes 1 to 4, one
 * scramble per line. Derived from the match's seed (include/chesscubing/
 * cube.h); the record keeps the text once shown (store.h), so a later
 * solver can never change what the arbiter applied.
 */
#ifndef CHESSCUBING_APP_SHEET_H
#define CHESSCUBING_APP_SHEET_H

#include <stddef.h>
#include <stdint.h>

#include "chesscubing/common.h"

/* Writes the four scrambles for seed, one per line, into buf. Builds the
 * solver's tables (about 0.2 s). CC_ERR_NOMEM. */
cc_err cc_app_sheet_derive(uint64_t seed, char *buf, size_t size, cc_error *err);

/* Copies line n (1 to 4) of a sheet into buf; "" when it has no such line. */
void cc_app_sheet_line(const char *sheet, int n, char *buf, size_t size);

#endif
