/*
 * bigfont.c: clock digits five rows tall, to be read from a few metres.
 *
 * Each glyph is a 3x5 (digits, minus) or 1x5 (colon, dot) pixel pattern;
 * a lit pixel is drawn as a full block in UTF8 terminals and as '#' in
 * ASCII ones, sx columns wide (2 makes the digits roughly square). Glyphs
 * are separated by one blank column. Characters without a glyph are
 * skipped.
 */
#include "ui_internal.h"

#include <string.h>

typedef struct {
	char ch;
	int width;
	const char *rows[CC_UI_BIG_ROWS];
} glyph;

static const glyph glyphs[] = {
	{'0', 3, {"###", "#.#", "#.#", "#.#", "###"}},
	{'1', 3, {".#.", "##.", ".#.", ".#.", "###"}},
	{'2', 3, {"###", "..#", "###", "#..", "###"}},
	{'3', 3, {"###", "..#", "###", "..#", "###"}},
	{'4', 3, {"#.#", "#.#", "###", "..#", "..#"}},
	{'5', 3, {"###", "#..", "###", "..#", "###"}},
	{'6', 3, {"###", "#..", "###", "#.#", "###"}},
	{'7', 3, {"###", "..#", "..#", "..#", "..#"}},
	{'8', 3, {"###", "#.#", "###", "#.#", "###"}},
	{'9', 3, {"###", "#.#", "###", "..#", "###"}},
	{'-', 3, {"...", "...", "###", "...", "..."}},
	{':', 1, {".", "#", ".", "#", "."}},
	{'.', 1, {".", ".", ".", ".", "#"}},
};

static const glyph *find_glyph(char ch)
{
	for (size_t i = 0; i < sizeof glyphs / sizeof glyphs[0]; i++)
		if (glyphs[i].ch == ch)
			return &glyphs[i];
	return NULL;
}

int cc_ui_big_width(const char *text, int sx)
{
	int width = 0, count = 0;
	for (const char *p = text; *p; p++) {
		const glyph *g = find_glyph(*p);
		if (!g)
			continue;
		width += g->width * sx;
		count++;
	}
	return count ? width + count - 1 : 0;
}

int cc_ui_big_scale(const char *text, int max_cols)
{
	for (int sx = 2; sx >= 1; sx--)
		if (cc_ui_big_width(text, sx) <= max_cols)
			return sx;
	return 0;
}

void cc_ui_big_draw(int y, int x, int sx, cc_ui_role role, const char *text)
{
	const char *pixel = cc_ui_term_utf8() ? "\xe2\x96\x88" : "#";
	attrset((int)cc_ui_attr(role));
	for (const char *p = text; *p; p++) {
		const glyph *g = find_glyph(*p);
		if (!g)
			continue;
		for (int r = 0; r < CC_UI_BIG_ROWS; r++) {
			if (y + r < 0 || y + r >= LINES)
				continue;
			for (int col = 0; col < g->width; col++) {
				for (int s = 0; s < sx; s++) {
					int cx = x + col * sx + s;
					if (cx < 0 || cx >= COLS)
						continue;
					mvaddstr(y + r, cx, g->rows[r][col] == '#' ? pixel : " ");
				}
			}
		}
		x += g->width * sx + 1;
	}
	attrset((int)A_NORMAL);
}

void cc_ui_big_centred(int y, int x, int w, cc_ui_role role, const char *text)
{
	int sx = cc_ui_big_scale(text, w);
	if (sx == 0) {
		cc_ui_put(y + CC_UI_BIG_ROWS / 2, x, w, role, text);
		return;
	}
	cc_ui_big_draw(y, x + (w - cc_ui_big_width(text, sx)) / 2, sx, role, text);
}
