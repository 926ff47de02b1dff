/*
 * i18n.c: the language of the console, `watch` and the commands, chosen
 * once at start-up, and the locale's characters.
 *
 * The language: --lang when given, else the environment's
 * (cc_lang_from_env: LANGUAGE when the locale is not C, then LC_ALL,
 * LC_MESSAGES, LANG), so `LANG=fr_FR.UTF-8 chesscubing ratings` speaks
 * French in every command, even on a machine where that locale was never
 * generated, and `--lang en` speaks English under it. It is a value
 * (cc_ui_lang) given to every text; the catalogue is read by
 * src/support/lang.c, not by libintl's process state.
 *
 * The locale: LC_CTYPE alone, for ncurses' wide characters. LC_NUMERIC
 * stays "C" so that printf writes "20.0" in every JSON, CSV, TRF and PGN
 * whatever the locale (a number said to a person takes the language's
 * decimal separator from its row, cc_lang_decimal_local).
 */
#include "chesscubing/ui.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>

static const cc_lang *chosen, *given; /* the language in use; --lang's */

/* The characters of the environment's locale, or C.UTF-8 when it asks for
 * UTF-8 in a locale the machine lacks (fr_FR.UTF-8 never generated). */
static void set_ctype(void)
{
	if (setlocale(LC_CTYPE, ""))
		return;
	const char *asked = getenv("LC_ALL");
	if (!asked || !asked[0])
		asked = getenv("LC_CTYPE");
	if (!asked || !asked[0])
		asked = getenv("LANG");
	if (asked && (strstr(asked, "UTF-8") || strstr(asked, "utf8")))
		setlocale(LC_CTYPE, "C.UTF-8");
}

void cc_ui_i18n_init(const cc_lang *lang)
{
	set_ctype();
	given = lang;
	chosen = lang ? lang : cc_lang_from_env();
}

const cc_lang *cc_ui_lang(void)
{
	return chosen ? chosen : cc_lang_default();
}

const cc_lang *cc_ui_lang_pgn(void)
{
	return given ? given : cc_lang_default();
}
