/*
 * ui_i18n.h: the message catalogue's two macros, for every file of src/ui.
 * i18n.c owns the locale and finds the catalogue (cc_ui_i18n_init, ui.h);
 * _() says a text in the user's language, N_() marks one for xgettext
 * where it is translated later.
 */
#ifndef CHESSCUBING_UI_I18N_H
#define CHESSCUBING_UI_I18N_H

#include <libintl.h>

#define _(s) gettext(s)
#define N_(s) (s)

#endif
