/*
 * support_names.h: an enum's spellings, both ways, from one table. The
 * shell's enums that are spelled (an export format on the command line, a
 * timer's state in a side file) list their members once, in an X-macro
 * table (a .def file, the way messages.def lists the refusals), which
 * makes the enum and the array of spellings indexed by it; these two
 * functions are then the one loop for the name and for the parse, so no
 * enum has a hand-written pair that could disagree.
 *
 * The support layer (docs/architecture.md); prefix cc_names_. No state,
 * no allocation: the table is the caller's (static, NULL where a value
 * has no spelling).
 */
#ifndef CHESSCUBING_SUPPORT_NAMES_H
#define CHESSCUBING_SUPPORT_NAMES_H

#include <stdbool.h>
#include <stddef.h>

/* How many spellings an array of them holds. */
#define CC_NAMES_COUNT(names) (sizeof(names) / sizeof((names)[0]))

/* names[value], or NULL when value is out of [0, count) or has none. */
const char *cc_names_name(const char *const names[], size_t count, size_t value);

/* The value spelled text, exactly (case and all): true and *value set,
 * or false and *value untouched. */
bool cc_names_parse(const char *const names[], size_t count, const char *text, size_t *value);

#endif
