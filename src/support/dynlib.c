/*
 * dynlib.c: a library opened at first use, its functions looked up into
 * the caller's table (support_dynlib.h).
 */
#include "chesscubing/support_dynlib.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* A table looked up in part is emptied again: no slot points into a
 * library that is closed. */
static void clear_slots(const cc_dynlib_symbol *symbols, size_t count)
{
	for (size_t i = 0; i < count; i++)
		if (symbols[i].slot)
			memset(symbols[i].slot, 0, symbols[i].size);
}

bool cc_dynlib_open(cc_dynlib *lib, const char *soname, const char *oldest, const cc_dynlib_symbol *symbols,
                    size_t count)
{
	if (lib->tried)
		return lib->open;
	lib->tried = true;
	lib->open = false;
	lib->missing = NULL;
	void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
	if (!handle) {
		const char *why = dlerror();
		snprintf(lib->why, sizeof lib->why, "%s", why ? why : soname);
		clear_slots(symbols, count);
		return false;
	}
	for (size_t i = 0; i < count; i++) {
		/* dlsym gives each name's default version, the one a link
		 * would (ALSA's new hw_params API) */
		void *fn = dlsym(handle, symbols[i].name);
		if (!fn || !symbols[i].slot) {
			lib->missing = symbols[i].name;
			if (oldest)
				snprintf(lib->why, sizeof lib->why, "%s (%s or later)", soname, oldest);
			else
				snprintf(lib->why, sizeof lib->why, "%s: no %s", soname, symbols[i].name);
			clear_slots(symbols, count);
			dlclose(handle);
			return false;
		}
		/* memcpy: ISO C has no cast from dlsym's object pointer to a
		 * function pointer */
		memcpy(symbols[i].slot, &fn, symbols[i].size);
	}
	lib->open = true;
	return true; /* kept open for the process */
}
