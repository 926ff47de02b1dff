/*
 * i18n.c: locale and message catalogue.
 *
 * The language: --lang when given, else the locale's (LC_ALL, then
 * LC_MESSAGES, then LANG, as POSIX orders them; LANGUAGE first when set,
 * as gettext reads it), so `LANG=fr_FR.UTF-8 chesscubing ratings` speaks
 * French in every command, even on a machine where that locale was never
 * generated (then gettext is given C.UTF-8 and LANGUAGE, as --lang does).
 *
 * The catalogue is looked for relative to the executable (/proc/self/exe),
 * so that an install into any prefix finds its own: <bindir>/locale (the
 * build tree), then <bindir>/../share/locale (`cmake --install --prefix
 * DIR`), then the compiled-in CC_LOCALEDIR.
 */
#include "chesscubing/ui.h"

#include <langinfo.h>
#include <libintl.h>
#include <libgen.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CC_TEXT_DOMAIN "chesscubing"

/* dir holds the French catalogue. */
static bool has_catalogue(const char *dir)
{
	char probe[PATH_MAX + 64];
	snprintf(probe, sizeof probe, "%s/fr/LC_MESSAGES/" CC_TEXT_DOMAIN ".mo", dir);
	return access(probe, R_OK) == 0;
}

/* The catalogue's folder next to the executable (build tree, then an
 * installed prefix), or false. */
static bool exe_relative_locale(char *dir, size_t size)
{
	static const char *const relative[] = {"locale", "../share/locale"};
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return false;
	exe[n] = '\0';
	const char *bindir = dirname(exe);
	for (size_t i = 0; i < sizeof relative / sizeof relative[0]; i++) {
		snprintf(dir, size, "%s/%s", bindir, relative[i]);
		if (has_catalogue(dir))
			return true;
	}
	return false;
}

/* The language the environment asks for: "fr" when the first of LANGUAGE's
 * list, or LC_ALL, LC_MESSAGES, LANG (the first set) names French. */
static const char *environment_language(void)
{
	static const char *const vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
	const char *language = getenv("LANGUAGE");
	const char *value = NULL;
	for (size_t i = 0; !value && i < sizeof vars / sizeof vars[0]; i++) {
		const char *v = getenv(vars[i]);
		if (v && v[0])
			value = v;
	}
	/* gettext ignores LANGUAGE when the locale is C, and so does POSIX. */
	if (value && strcmp(value, "C") != 0 && strcmp(value, "POSIX") != 0 && language && language[0])
		value = language;
	if (value && strncmp(value, "fr", 2) == 0 && (value[2] == '\0' || strchr("_.@:", value[2])))
		return "fr";
	return NULL;
}

void cc_ui_i18n_init(const char *lang)
{
	char dir[PATH_MAX];
	const char *messages;
	if (!lang)
		lang = environment_language();
	if (lang)
		setenv("LANGUAGE", lang, 1);
	if (!setlocale(LC_ALL, "")) {
		/* A locale the machine lacks (fr_FR.UTF-8 never generated): the
		 * characters stay UTF8 where the environment asked for it. */
		const char *ctype = setlocale(LC_CTYPE, NULL);
		const char *asked = getenv("LC_ALL");
		if (!asked || !asked[0])
			asked = getenv("LC_CTYPE");
		if (!asked || !asked[0])
			asked = getenv("LANG");
		if (ctype && strcmp(ctype, "C") == 0 && asked && (strstr(asked, "UTF-8") || strstr(asked, "utf8")))
			setlocale(LC_CTYPE, "C.UTF-8");
	}
	/* gettext ignores LANGUAGE under the C locale: French must still work. */
	messages = setlocale(LC_MESSAGES, NULL);
	if (lang && strcmp(lang, "en") != 0 && messages &&
	    (strcmp(messages, "C") == 0 || strcmp(messages, "POSIX") == 0))
		setlocale(LC_MESSAGES, "C.UTF-8");
	if (exe_relative_locale(dir, sizeof dir))
		bindtextdomain(CC_TEXT_DOMAIN, dir);
	else
		bindtextdomain(CC_TEXT_DOMAIN, CC_LOCALEDIR);
	/* Texts stay UTF8 for an ASCII terminal too: term.c then writes
	 * "pret", where the C library's conversion would give "pr?t". */
	if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0)
		bind_textdomain_codeset(CC_TEXT_DOMAIN, "UTF-8");
	textdomain(CC_TEXT_DOMAIN);
}
