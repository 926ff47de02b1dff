/*
 * bigfont.c: clock digits that fill the room, to be read from a few metres
 * or from the back of a hall.
 *
 * Each glyph is a 3x5 (digits, minus, plus, the letters of Chess-Uno's
 * cards, of the side to move and of the colours drawn), 5x5 (M, W), 2x5 (a word space) or 1x5
 * (colon, dot) pixel pattern,
 * scaled to any height h >= 5 rows (row r of the drawing shows pattern row
 * r * 5 / h: each pattern row gets h/5 or h/5 + 1 rows) and to sx columns
 * a pixel (2 makes the 5-row digits roughly square). The colon and the dot
 * are half as wide as a digit's pixel, so a 10-minute clock keeps its
 * digits wide in half of an 80-column screen. A lit pixel is a full block
 * in UTF8 terminals and '#' in ASCII ones. Glyphs are separated by one
 * blank column. Characters without a glyph are skipped.
 */
#include "ui_bigfont.h"
#include "ui_term.h"

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
	{',', 1, {".", ".", ".", "#", "#"}}, /* the French decimal comma */
	{'/', 3, {"..#", "..#", ".#.", "#..", "#.."}}, /* a result's 1/2 */
	/* Chess-Uno's cards: "+2", "+4", "SKIP", "INV", "JOKER" (and French "PASSE") */
	{'+', 3, {"...", ".#.", "###", ".#.", "..."}},
	{'A', 3, {"###", "#.#", "###", "#.#", "#.#"}},
	{'E', 3, {"###", "#..", "##.", "#..", "###"}},
	{'I', 3, {"###", ".#.", ".#.", ".#.", "###"}},
	{'J', 3, {"..#", "..#", "..#", "#.#", "###"}},
	{'K', 3, {"#.#", "##.", "#..", "##.", "#.#"}},
	{'N', 3, {"###", "#.#", "#.#", "#.#", "#.#"}},
	{'O', 3, {"###", "#.#", "#.#", "#.#", "###"}},
	{'P', 3, {"###", "#.#", "###", "#..", "#.."}},
	{'R', 3, {"###", "#.#", "##.", "#.#", "#.#"}},
	{'S', 3, {"###", "#..", "###", "..#", "###"}},
	{'V', 3, {"#.#", "#.#", "#.#", "#.#", ".#."}},
	/* The side to move in big letters (RU-40): "TO MOVE", "AU TRAIT". */
	{'T', 3, {"###", ".#.", ".#.", ".#.", ".#."}},
	{'U', 3, {"#.#", "#.#", "#.#", "#.#", "###"}},
	{'M', 5, {"#...#", "##.##", "#.#.#", "#...#", "#...#"}},
	/* The colour drawn, shown to the players (CK-1.7): "WHITE", "BLACK", "BLANCS", "NOIRS". */
	{'W', 5, {"#...#", "#...#", "#.#.#", "##.##", "#...#"}},
	{'H', 3, {"#.#", "#.#", "###", "#.#", "#.#"}},
	{'B', 3, {"##.", "#.#", "##.", "#.#", "##."}},
	{'L', 3, {"#..", "#..", "#..", "#..", "###"}},
	{'C', 3, {"###", "#..", "#..", "#..", "###"}},
	{' ', 2, {"..", "..", "..", "..", ".."}}, /* between two words */
};

static const glyph *find_glyph(char ch)
{
	for (size_t i = 0; i < sizeof glyphs / sizeof glyphs[0]; i++)
		if (glyphs[i].ch == ch)
			return &glyphs[i];
	return NULL;
}

/* Columns of a pixel of glyph g at scale sx; narrow: the colon and the
 * dot get half of it. */
static int pixel_cols(const glyph *g, int sx, bool narrow)
{
	if (g->width > 1 || !narrow)
		return sx;
	return sx / 2 > 1 ? sx / 2 : 1;
}

static int width_of(const char *text, int sx, bool narrow)
{
	int width = 0, count = 0;
	for (const char *p = text; *p; p++) {
		const glyph *g = find_glyph(*p);
		if (!g)
			continue;
		width += g->width * pixel_cols(g, sx, narrow);
		count++;
	}
	return count ? width + count - 1 : 0;
}

bool cc_ui_big_drawable(const char *text)
{
	for (const char *p = text; *p; p++)
		if (!find_glyph(*p))
			return false;
	return *text != '\0';
}

int cc_ui_big_width(const char *text, int sx)
{
	return width_of(text, sx, false);
}

int cc_ui_big_scale(const char *text, int max_cols)
{
	for (int sx = 2; sx >= 1; sx--)
		if (cc_ui_big_width(text, sx) <= max_cols)
			return sx;
	return 0;
}

/*
 * The largest drawing of text within max_cols x max_rows: the height
 * first (what the back row needs), then the widest pixel that fits, but
 * never wider than a square pixel (2 columns a row of the 5-row pattern).
 * Returns false when not even the 5-row, 1-column drawing fits.
 */
static bool big_fit(const char *text, int max_cols, int max_rows, int *sx, bool *narrow, int *h)
{
	int rows = max_rows < CC_UI_BIG_ROWS ? CC_UI_BIG_ROWS : max_rows;
	if (max_rows < CC_UI_BIG_ROWS || width_of(text, 1, true) > max_cols)
		return false;
	for (int s = 2 * rows / CC_UI_BIG_ROWS; s >= 1; s--) {
		*narrow = width_of(text, s, false) > max_cols;
		if (width_of(text, s, *narrow) <= max_cols) {
			*sx = s;
			/* A thin pixel makes a tall, thin digit: no taller than
			 * two and a half times its width reads well. */
			int tallest = s * CC_UI_BIG_ROWS * 5 / 4;
			*h = rows < tallest ? rows : tallest;
			if (*h < CC_UI_BIG_ROWS)
				*h = CC_UI_BIG_ROWS;
			return true;
		}
	}
	return false;
}

static void draw_h(int y, int x, int sx, bool narrow, int h, cc_ui_role role, const char *text)
{
	/* The cells as wide characters, made once per drawing: a UTF-8
	 * string per cell cost curses a multibyte conversion of each byte,
	 * the most of a running clock's frame (docs/performance.md). The
	 * window's attributes (the role's) colour them. */
	static const wchar_t lit_utf8[] = {0x2588, 0}, lit_ascii[] = {L'#', 0}, blank_text[] = {L' ', 0};
	cchar_t lit, blank;
	setcchar(&lit, cc_ui_term_utf8() ? lit_utf8 : lit_ascii, A_NORMAL, 0, NULL);
	setcchar(&blank, blank_text, A_NORMAL, 0, NULL);
	attrset((int)cc_ui_attr(role));
	for (const char *p = text; *p; p++) {
		const glyph *g = find_glyph(*p);
		if (!g)
			continue;
		int pc = pixel_cols(g, sx, narrow);
		for (int r = 0; r < h; r++) {
			int pr = r * CC_UI_BIG_ROWS / h;
			if (y + r < 0 || y + r >= LINES)
				continue;
			for (int col = 0; col < g->width; col++) {
				for (int s = 0; s < pc; s++) {
					int cx = x + col * pc + s;
					if (cx < 0 || cx >= COLS)
						continue;
					mvadd_wch(y + r, cx, g->rows[pr][col] == '#' ? &lit : &blank);
				}
			}
		}
		x += g->width * pc + 1;
	}
	attrset((int)A_NORMAL);
}

void cc_ui_big_draw(int y, int x, int sx, cc_ui_role role, const char *text)
{
	draw_h(y, x, sx, false, CC_UI_BIG_ROWS, role, text);
}

int cc_ui_big_fill(int y, int x, int w, int max_rows, cc_ui_role role, const char *text)
{
	int sx, h;
	bool narrow;
	if (!big_fit(text, w, max_rows, &sx, &narrow, &h)) {
		cc_ui_put(y + (max_rows > 1 ? max_rows / 2 : 0), x + (w - cc_ui_text_width(text)) / 2, w, role, text);
		return max_rows > 1 ? max_rows : 1;
	}
	draw_h(y, x + (w - width_of(text, sx, narrow)) / 2, sx, narrow, h, role, text);
	return h;
}

int cc_ui_big_rows(int lines, int per_mille)
{
	int extra = lines > 24 ? (lines - 24) * per_mille / 1000 : 0;
	return CC_UI_BIG_ROWS + extra;
}
