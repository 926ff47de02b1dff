/*
 * support_dynlib.h: a shared library opened at first use (dlopen) and its
 * functions looked up once into a caller's table, for the optional
 * libraries a command needs only sometimes (cairo for a printed sheet,
 * libqrencode for a code on screen, ALSA for a Stackmat timer,
 * libmicrohttpd for `serve`): every command that does not need one starts
 * without loading it (docs/performance.md).
 *
 * The support layer: below the store, the session and the front ends,
 * above the core (docs/architecture.md); prefix cc_dynlib_.
 *
 * Owns: nothing. A library opened is kept open for the life of the
 * process (its functions are in the caller's table); one that failed is
 * closed again. Never: a global, a clock, an allocation of its own.
 */
#ifndef CHESSCUBING_SUPPORT_DYNLIB_H
#define CHESSCUBING_SUPPORT_DYNLIB_H

#include <stdbool.h>
#include <stddef.h>

/* One function to look up: its name in the library, where its pointer
 * goes, and that slot's size (a function pointer's). */
typedef struct cc_dynlib_symbol {
	const char *name;
	void *slot;
	size_t size;
} cc_dynlib_symbol;

/*
 * A row of a table: the slot's type is checked against the library
 * header's declaration at compile time (sizeof does not evaluate the
 * assignment, so nothing refers to the library's symbol at link time).
 * CC_DYNLIB_SYMBOL(tbl.start_daemon, MHD_start_daemon).
 */
#define CC_DYNLIB_SYMBOL(slot_lvalue, symbol)                                                                \
	{ #symbol, (sizeof((slot_lvalue) = symbol) != 0) ? (void *)&(slot_lvalue) : NULL, sizeof(slot_lvalue) }

/* What an open tried once remembers (caller-owned, zero at first). */
typedef struct cc_dynlib {
	bool tried; /* asked once: a missing library is not looked for again */
	bool open;  /* every symbol of the table found */
	const char *missing; /* the first symbol not found (the table's name), or NULL */
	char why[160]; /* why not, for a message: dlerror()'s text, or the soname
	                * and the oldest version wanted when a symbol is missing */
} cc_dynlib;

/*
 * Open soname and fill every slot of symbols[0..count), once for lib: a
 * later call answers what the first found. True when the library opened
 * and every symbol was found. Otherwise the library is closed again, every
 * slot is left NULL, and lib->why says why: the loader's reason when the
 * file cannot be opened; when it opened but lacks a symbol (another
 * library under that name, or one too old), lib->missing names the symbol
 * and lib->why is "SONAME (OLDEST or later)", or "SONAME: no SYMBOL" when
 * oldest is NULL. oldest: the oldest version of the library that has every
 * symbol of the table, as a person installing it reads it ("0.9.71").
 */
bool cc_dynlib_open(cc_dynlib *lib, const char *soname, const char *oldest, const cc_dynlib_symbol *symbols,
                    size_t count);

#endif
