/*
 * dynlib.c: a library opened at first use, its functions looked up into
 * the caller's table (support_dynlib.h).
 */
#include "chesscubing/support_dynlib.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

bool cc_dynlib_open(cc_dynlib *lib, const char *soname, const cc_dynlib_symbol *symbols, size_t count)
{
	if (lib->tried)
		return lib->open;
	lib->tried = true;
	lib->open = false;
	void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
	if (!handle) {
		const char *why = dlerror();
		snprintf(lib->why, sizeof lib->why, "%s", why ? why : soname);
		return false;
	}
	for (size_t i = 0; i < count; i++) {
		void *fn = dlsym(handle, symbols[i].name);
		/* memcpy: ISO C has no cast from dlsym's object pointer to a
		 * function pointer */
		if (!fn || !symbols[i].slot) {
			snprintf(lib->why, sizeof lib->why, "%s: no %s", soname, symbols[i].name);
			dlclose(handle);
			return false;
		}
		memcpy(symbols[i].slot, &fn, symbols[i].size);
	}
	lib->open = true;
	return true; /* kept open for the process */
}
