/*
 * i18n.c: locale and message catalogue. The catalogue is looked for next
 * to the executable first (build tree: <build>/locale), then where
 * `cmake --install` puts it (CC_LOCALEDIR).
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

static bool build_tree_locale(char *dir, size_t size)
{
	char exe[PATH_MAX], probe[PATH_MAX + 64];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return false;
	exe[n] = '\0';
	snprintf(dir, size, "%s/locale", dirname(exe));
	snprintf(probe, sizeof probe, "%s/fr/LC_MESSAGES/" CC_TEXT_DOMAIN ".mo", dir);
	return access(probe, R_OK) == 0;
}

void cc_ui_i18n_init(const char *lang)
{
	char dir[PATH_MAX];
	const char *messages;
	if (lang)
		setenv("LANGUAGE", lang, 1);
	setlocale(LC_ALL, "");
	/* gettext ignores LANGUAGE under the C locale: --lang fr must still work. */
	messages = setlocale(LC_MESSAGES, NULL);
	if (lang && strcmp(lang, "en") != 0 && messages &&
	    (strcmp(messages, "C") == 0 || strcmp(messages, "POSIX") == 0))
		setlocale(LC_MESSAGES, "C.UTF-8");
	if (build_tree_locale(dir, sizeof dir))
		bindtextdomain(CC_TEXT_DOMAIN, dir);
	else
		bindtextdomain(CC_TEXT_DOMAIN, CC_LOCALEDIR);
	/* Texts stay UTF8 for an ASCII terminal too: term.c then writes
	 * "pret", where the C library's conversion would give "pr?t". */
	if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0)
		bind_textdomain_codeset(CC_TEXT_DOMAIN, "UTF-8");
	textdomain(CC_TEXT_DOMAIN);
}
