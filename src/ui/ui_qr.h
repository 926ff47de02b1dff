/*
 * ui_qr.h: a QR code of a short text (the audience page's address, for the
 * room's phones) drawn in the terminal (screen_qr.c, libqrencode): two
 * modules per character cell vertically with the half blocks, with the
 * 4-module quiet zone. A block marks light modules, so on a terminal's dark
 * background the code reads as dark on light (as `qrencode -t UTF8` draws).
 * The caller owns the cc_ui_qr; nothing is allocated past cc_ui_qr_set.
 */
#ifndef CHESSCUBING_UI_QR_H
#define CHESSCUBING_UI_QR_H

#include <stdbool.h>

#include "chesscubing/session.h"

#define CC_UI_QR_QUIET 4
#define CC_UI_QR_MAX_MODULES 57 /* version 10: more than a 127-byte URL needs */

typedef struct {
	char text[CC_SESSION_SERVE_URL_MAX]; /* "" : no code */
	int modules;                          /* the symbol's width in modules, without the quiet zone */
	bool dark[CC_UI_QR_MAX_MODULES][CC_UI_QR_MAX_MODULES];
} cc_ui_qr;

/* Encodes text (level M, 8-bit, case kept) when it differs from q's; ""
 * clears. False, q cleared, when it does not encode within the maximum;
 * false, the text kept without a code (modules 0: the screens show the
 * address alone), when libqrencode cannot be opened. */
bool cc_ui_qr_set(cc_ui_qr *q, const char *text);
/* The code's size on screen in rows and columns, quiet zone included; 0 when none. */
int cc_ui_qr_rows(const cc_ui_qr *q);
int cc_ui_qr_cols(const cc_ui_qr *q);
/* Draws the code with its top left corner at (row, col). */
void cc_ui_qr_draw(const cc_ui_qr *q, int row, int col);

#endif
