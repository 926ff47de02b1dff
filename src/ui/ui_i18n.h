/*
 * ui_i18n.h: the catalogue's two macros, for every file of src/ui. _()
 * says a text in the language chosen at start-up (cc_ui_lang, i18n.c);
 * N_() marks one for xgettext where it is said later.
 */
#ifndef CHESSCUBING_UI_I18N_H
#define CHESSCUBING_UI_I18N_H

#include "chesscubing/support_lang.h"
#include "chesscubing/ui.h"

#define _(s) cc_lang_tr(cc_ui_lang(), s)
#define N_(s) (s)
/* A text that says count n, in the form n takes (issue 35 N9): P_("%d move", "%d moves", n). */
#define P_(s, p, n) cc_lang_ntr(cc_ui_lang(), s, p, (unsigned long)(n))

#endif
