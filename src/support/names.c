/*
 * names.c: an enum's spellings, both ways, from one table (support_names.h).
 */
#include "chesscubing/support_names.h"

#include <string.h>

const char *cc_names_name(const char *const names[], size_t count, size_t value)
{
	return value < count ? names[value] : NULL;
}

bool cc_names_parse(const char *const names[], size_t count, const char *text, size_t *value)
{
	for (size_t i = 0; i < count; i++) {
		if (names[i] && strcmp(names[i], text) == 0) {
			*value = i;
			return true;
		}
	}
	return false;
}
