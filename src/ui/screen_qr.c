/*
 * screen_qr.c: the page's address as a QR code in the terminal (ui_qr.h).
 * The only code that includes <qrencode.h>.
 *
 * libqrencode is opened at the first code (cc_dynlib_open), its two
 * functions looked up once: every command that shows no address starts
 * without it (docs/performance.md). Without it the screens show the address alone.
 */
#include "ui_qr.h"

#include <curses.h>
#include <qrencode.h>
#include <stdio.h>
#include <string.h>

#include "chesscubing/support_dynlib.h"

/* --- libqrencode, opened at the first code ---------------------------------- */

static struct {
	QRcode *(*encodeString)(const char *, int, QRecLevel, QRencodeMode, int);
	void (*free)(QRcode *);
} qr;
static cc_dynlib qr_lib;

/* Tried once for the process: a missing library is not looked for again
 * at every poll. */
static bool open_qrencode(void)
{
	const cc_dynlib_symbol table[] = {
		CC_DYNLIB_SYMBOL(qr.encodeString, QRcode_encodeString),
		CC_DYNLIB_SYMBOL(qr.free, QRcode_free),
	};
	return cc_dynlib_open(&qr_lib, CC_QRENCODE_SONAME, NULL, table, sizeof table / sizeof table[0]);
}

static void clear_code(cc_ui_qr *q)
{
	q->text[0] = '\0';
	q->modules = 0;
}

bool cc_ui_qr_set(cc_ui_qr *q, const char *text)
{
	if (strcmp(q->text, text) == 0)
		return q->modules > 0 || !text[0];
	clear_code(q);
	if (!text[0] || strlen(text) >= sizeof q->text)
		return !text[0];
	if (!open_qrencode()) {
		/* the address without its code: the screens show it alone */
		snprintf(q->text, sizeof q->text, "%s", text);
		return false;
	}
	QRcode *code = qr.encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
	if (!code)
		return false;
	if (code->width > CC_UI_QR_MAX_MODULES) {
		qr.free(code);
		return false;
	}
	q->modules = code->width;
	for (int y = 0; y < code->width; y++)
		for (int x = 0; x < code->width; x++)
			q->dark[y][x] = code->data[y * code->width + x] & 1;
	qr.free(code);
	snprintf(q->text, sizeof q->text, "%s", text);
	return true;
}

int cc_ui_qr_cols(const cc_ui_qr *q)
{
	return q->modules ? q->modules + 2 * CC_UI_QR_QUIET : 0;
}

int cc_ui_qr_rows(const cc_ui_qr *q)
{
	return (cc_ui_qr_cols(q) + 1) / 2;
}

/* Is module (x, y) of the code with its quiet zone light? Beyond the last
 * row (an odd count's lower half) counts as dark: nothing drawn. */
static bool light(const cc_ui_qr *q, int x, int y)
{
	int side = cc_ui_qr_cols(q);
	if (y >= side)
		return false;
	x -= CC_UI_QR_QUIET;
	y -= CC_UI_QR_QUIET;
	if (x < 0 || y < 0 || x >= q->modules || y >= q->modules)
		return true;
	return !q->dark[y][x];
}

void cc_ui_qr_draw(const cc_ui_qr *q, int row, int col)
{
	static const char *const cell[4] = {" ", "\u2584", "\u2580", "\u2588"}; /* top, bottom light */
	int side = cc_ui_qr_cols(q);
	for (int r = 0; r < cc_ui_qr_rows(q); r++) {
		move(row + r, col);
		for (int x = 0; x < side; x++)
			addstr(cell[(light(q, x, 2 * r) ? 2 : 0) | (light(q, x, 2 * r + 1) ? 1 : 0)]);
	}
}
