/*
 * lang_table.c: the rows of include/chesscubing/languages.def as values
 * (lang_internal.h says why this is a file of its own). The test program
 * compiles it with CC_TEST_HOOKS, which adds the pseudo-language.
 */
#include "lang_internal.h"

#ifdef CC_TEST_HOOKS
#define CC_LANG_PSEUDO
#endif

const cc_lang cc_lang_rows[] = {
#define CC_LANG(id, code, native, decimal, white, black, plural, source) \
	{code, native, decimal, white, black, plural, source},
#include "chesscubing/languages.def"
#undef CC_LANG
};

const size_t cc_lang_row_count = sizeof cc_lang_rows / sizeof cc_lang_rows[0];

_Static_assert(sizeof cc_lang_rows / sizeof cc_lang_rows[0] <= CC_LANG_MAX, "raise CC_LANG_MAX");
