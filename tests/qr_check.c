/*
 * qr_check.c: `qr_check URL < SCREEN` exits 0 when the screen (a tmux
 * capture) shows URL's QR code as libqrencode makes it (level M, 8-bit),
 * drawn in half blocks, two modules a cell, a block for a light module,
 * with the 4-module quiet zone; 1 when it does not. The code is found where
 * a line has a run of full blocks exactly the symbol's width with its quiet
 * zone (its top border); the rows under it are read back into modules and
 * compared with the encoder's, module by module. An oracle for the e2e
 * test (tests/e2e/serve_qr.sh), independent of the drawing code.
 */
#include <qrencode.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINES 400
#define MAX_CELLS 1000
#define QUIET 4

/* Each cell's two modules: bit 2 the upper light, bit 1 the lower; -1 another character. */
static int cells[MAX_LINES][MAX_CELLS];
static int ncells[MAX_LINES];

static int decode_line(const char *s, int *out)
{
	int n = 0;
	while (*s && *s != '\n' && n < MAX_CELLS) {
		if (*s == ' ') {
			out[n++] = 0;
			s++;
		} else if (!strncmp(s, "\u2584", 3)) {
			out[n++] = 1, s += 3;
		} else if (!strncmp(s, "\u2580", 3)) {
			out[n++] = 2, s += 3;
		} else if (!strncmp(s, "\u2588", 3)) {
			out[n++] = 3, s += 3;
		} else {
			out[n++] = -1;
			s++;
			while ((*s & 0xc0) == 0x80)
				s++;
		}
	}
	return n;
}

static bool light(int line, int col, int x, int y)
{
	int c = cells[line + y / 2][col + x];
	return c >= 0 && (c & (y % 2 ? 1 : 2));
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: qr_check URL < SCREEN\n");
		return 2;
	}
	QRcode *code = QRcode_encodeString(argv[1], 0, QR_ECLEVEL_M, QR_MODE_8, 1);
	if (!code)
		return 2;
	int side = code->width + 2 * QUIET, lines = 0;
	static char buf[8192];
	while (lines < MAX_LINES && fgets(buf, sizeof buf, stdin)) {
		ncells[lines] = decode_line(buf, cells[lines]);
		lines++;
	}
	for (int l = 0; l + (side + 1) / 2 <= lines; l++) {
		for (int c = 0; c + side <= ncells[l]; c++) {
			int run = 0;
			while (c + run < ncells[l] && cells[l][c + run] == 3)
				run++;
			if (run != side || (c > 0 && cells[l][c - 1] == 3)) {
				c += run;
				continue;
			}
			bool same = true;
			for (int y = 0; y < side && same; y++)
				for (int x = 0; x < side && same; x++) {
					int mx = x - QUIET, my = y - QUIET;
					bool want = mx < 0 || my < 0 || mx >= code->width || my >= code->width ||
					            !(code->data[my * code->width + mx] & 1);
					same = c + x < ncells[l + y / 2] && light(l, c, x, y) == want;
				}
			if (same) {
				printf("QR code of %s at line %d, column %d: %d modules\n", argv[1], l + 1, c + 1, code->width);
				QRcode_free(code);
				return 0;
			}
			c += run;
		}
	}
	QRcode_free(code);
	return 1;
}
