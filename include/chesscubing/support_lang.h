/*
 * support_lang.h: the program's languages as values. A language is a row
 * of one table (include/chesscubing/languages.def: code, native name,
 * decimal separator, colour letters, plural rule); a text is said in a
 * language by looking its English message up in that language's compiled
 * catalogue (gettext's .mo format, made by msgfmt from src/po/<code>.po).
 *
 * Whoever says something to a person is given the language to say it in
 * (the renderer takes a const cc_lang *); nothing reads a process-wide
 * language: the console and the commands choose theirs once at start-up
 * (--lang, then the locale), the web server one a request (?lang=, then
 * Accept-Language). This file's lang.c is the one place that turns a
 * message into a language's text: no LANGUAGE, no setlocale(LC_MESSAGES).
 *
 * The support layer (docs/architecture.md); prefix cc_lang_.
 *
 * Owns: the table (static, never freed) and each language's catalogue,
 * read at its first look-up and kept for the life of the process (a
 * look-up is safe from several threads). A returned text is borrowed from
 * the catalogue or is the msgid itself: never freed, valid for ever.
 */
#ifndef CHESSCUBING_SUPPORT_LANG_H
#define CHESSCUBING_SUPPORT_LANG_H

#include <stdbool.h>
#include <stddef.h>

/* Which of a message's two forms a count takes. */
typedef enum {
	CC_LANG_PLURAL_EN, /* the singular for 1 only */
	CC_LANG_PLURAL_FR  /* the singular for 0 and 1 */
} cc_lang_plural;

/* Where a language's texts come from. */
typedef enum {
	CC_LANG_SOURCE_MSGID, /* the messages themselves (English) */
	CC_LANG_SOURCE_PO,    /* src/po/<code>.po */
	CC_LANG_SOURCE_PSEUDO /* generated for the tests (qps) */
} cc_lang_source;

/* One row of languages.def. */
typedef struct cc_lang {
	const char *code;   /* "en", "fr" */
	const char *native; /* "English", "Français" */
	char decimal;       /* ',' in French: "23,45" */
	char white, black;  /* the colour letters: w/b, b/n */
	cc_lang_plural plural;
	cc_lang_source source;
} cc_lang;

/* At most this many rows (a front end may keep one thing a language). */
#define CC_LANG_MAX 16

/* English, the default of every front end and of PGN. */
const cc_lang *cc_lang_default(void);

/* The table's rows, 0 .. cc_lang_count() - 1 (English first). */
size_t cc_lang_count(void);
const cc_lang *cc_lang_at(size_t i);
/* lang's row number (NULL: English's, 0). */
size_t cc_lang_index(const cc_lang *lang);

/* The language a name says: a code ("fr"), a locale ("fr_FR.UTF-8",
 * "fr_CA", "fr@euro") or a tag ("fr-CA"), any case; NULL for one the
 * table lacks (and for "C", "POSIX"). */
const cc_lang *cc_lang_named(const char *name);

/* The codes of the table, for a message: "en, fr". */
void cc_lang_codes(char *buf, size_t size);

/* The language the environment asks for, as gettext read it: the first
 * known of LANGUAGE's list when the locale is not C or POSIX, else the
 * first set of LC_ALL, LC_MESSAGES, LANG; English when none names one. */
const cc_lang *cc_lang_from_env(void);

/* The best language of an HTTP Accept-Language header ("fr-CH, fr;q=0.9,
 * en;q=0.8"): the highest q of the table's (q=0 refuses one), the first
 * of equals; English for NULL, "" or none known. */
const cc_lang *cc_lang_from_accept(const char *header);

/* msgid in lang (NULL: English): the catalogue's text, or msgid itself
 * when the language has none for it ("" stays ""). A translation keeps
 * its msgid's printf conversions (msgfmt --check), so the compiler checks
 * a format through it as it checks the msgid (format_arg). */
const char *cc_lang_tr(const cc_lang *lang, const char *msgid) __attribute__((format_arg(2)));

/* The form of a message with a plural for n: ("%d move", "%d moves"). */
const char *cc_lang_ntr(const cc_lang *lang, const char *singular, const char *plural, unsigned long n)
	__attribute__((format_arg(2))) __attribute__((format_arg(3)));

/* The folder of the catalogues (<dir>/<code>/LC_MESSAGES/chesscubing.mo)
 * looked in before the usual ones: next to the executable (<bindir>/locale,
 * <bindir>/../share/locale), then the one compiled in. For the unit tests,
 * whose programs lie elsewhere; call before the first look-up. */
void cc_lang_use_dir(const char *dir);

/* "12.5" with lang's decimal separator, in place ("12,5"): the last "." of
 * buf, for a number said to a person. */
void cc_lang_decimal_local(const cc_lang *lang, char *buf);

#endif
