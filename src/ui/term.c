/*
 * term.c: the only owner of curses set-up and teardown (htop's CRT.c).
 *
 * Signal handlers only set a flag; the loop reads the flags and acts
 * (never endwin() inside a handler). cc_ui_term_stop() is guarded so it can
 * run on every exit path, twice if need be, before any fatal message.
 * Colours are used when the terminal has them and NO_COLOR is unset or
 * empty (no-color.org); otherwise each role maps to bold/reverse. UTF8
 * glyphs are used when the locale's codeset is UTF-8, ASCII otherwise.
 */
#include "ui_i18n.h"
#include "ui_term.h"
#include "chesscubing/textwidth.h"

#include <errno.h>
#include <iconv.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

static volatile sig_atomic_t pending_stop;
static volatile sig_atomic_t pending_resize;

/* Terminal state is process-wide by nature: curses itself is. */
static bool term_active;
static SCREEN *screen;
static bool atexit_done;
static bool use_colour;
static bool use_utf8;

static void on_stop_signal(int signo)
{
	pending_stop = signo;
}

static void on_resize_signal(int signo)
{
	(void)signo;
	pending_resize = 1;
}

static void install_handlers(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: poll() must return EINTR so the loop sees the flag. */
	sa.sa_handler = on_stop_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = on_resize_signal;
	sigaction(SIGWINCH, &sa, NULL);
}

enum { PAIR_TITLE = 1, PAIR_WHITE, PAIR_BLACK, PAIR_TO_MOVE, PAIR_WARN, PAIR_ALERT, PAIR_DIM, PAIR_GOOD, PAIR_HOT, PAIR_CHECKERED };

static void init_colours(void)
{
	const char *no_color = getenv("NO_COLOR");
	use_colour = has_colors() && !(no_color && no_color[0]);
	if (!use_colour)
		return;
	start_color();
	use_default_colors();
	init_pair(PAIR_TITLE, COLOR_WHITE, COLOR_BLUE);
	init_pair(PAIR_WHITE, COLOR_BLACK, COLOR_WHITE);
	init_pair(PAIR_BLACK, COLOR_WHITE, COLOR_BLACK);
	init_pair(PAIR_TO_MOVE, COLOR_BLACK, COLOR_GREEN);
	init_pair(PAIR_WARN, COLOR_BLACK, COLOR_YELLOW);
	init_pair(PAIR_ALERT, COLOR_WHITE, COLOR_RED);
	init_pair(PAIR_DIM, COLOR_CYAN, -1);
	init_pair(PAIR_GOOD, COLOR_GREEN, -1);
	init_pair(PAIR_HOT, COLOR_RED, -1);
	init_pair(PAIR_CHECKERED, COLOR_MAGENTA, -1);
}

bool cc_ui_term_colour(void)
{
	return use_colour;
}

cc_err cc_ui_term_start(cc_error *err)
{
	const char *codeset = nl_langinfo(CODESET);
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return cc_refuse(err, CC_MSG_NEEDS_A_TERMINAL);
	use_utf8 = codeset && strcmp(codeset, "UTF-8") == 0;
	/* Ours before initscr(): curses then leaves SIGWINCH to us. */
	install_handlers();
	screen = newterm(NULL, stdout, stdin);
	if (!screen)
		return cc_refuse(err, CC_MSG_TERMINAL_TYPE_UNUSABLE, getenv("TERM") ? getenv("TERM") : "(unset)");
	/* A terminal that cannot address the cursor (TERM=dumb, a printing
	 * terminal) would get one line scrolled again and again: refused. */
	const char *cup = tigetstr("cup");
	if (!cup || cup == (const char *)-1) {
		endwin();
		delscreen(screen);
		screen = NULL;
		return cc_refuse(err, CC_MSG_TERMINAL_NO_CURSOR, getenv("TERM") ? getenv("TERM") : "(unset)");
	}
	term_active = true;
	/* exit() from anywhere (a library, a later error path) restores too. */
	if (!atexit_done) {
		atexit(cc_ui_term_stop);
		atexit_done = true;
	}
	/* ncurses 6.4 flushes its output at every cursor move of a refresh
	 * until the screen has once come back from endwin() (the test is
	 * meant for terminfo programs that never start curses): a frame of
	 * the console went out as ten write()s, one per changed stretch.
	 * Leaving and coming back once, before anything is drawn and before
	 * the modes are set (after them, the keypad's mode is lost), makes
	 * each refresh one write (docs/performance.md, "Idle console CPU"). */
	endwin();
	refresh();
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	init_colours();
	return CC_OK;
}

void cc_ui_term_stop(void)
{
	if (!term_active)
		return;
	term_active = false;
	curs_set(1);
	endwin();
	delscreen(screen);
	screen = NULL;
	fflush(stdout);
}

cc_ui_signal cc_ui_term_take_signal(int *signo)
{
	if (pending_stop) {
		*signo = pending_stop;
		return CC_UI_SIG_STOP;
	}
	if (pending_resize) {
		pending_resize = 0;
		return CC_UI_SIG_RESIZE;
	}
	return CC_UI_SIG_NONE;
}

void cc_ui_term_resize(void)
{
	struct winsize ws;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0)
		resizeterm(ws.ws_row, ws.ws_col);
}

bool cc_ui_term_too_small(void)
{
	return COLS < CC_UI_MIN_COLS || LINES < CC_UI_MIN_LINES;
}

void cc_ui_term_draw_too_small(void)
{
	char line[128];
	erase();
	int y = LINES / 2 - 1;
	cc_ui_put_centred(y < 0 ? 0 : y, CC_UI_ROLE_ALERT, _("Terminal too small"));
	snprintf(line, sizeof line, _("%dx%d, needs %dx%d"), COLS, LINES, CC_UI_MIN_COLS, CC_UI_MIN_LINES);
	cc_ui_put_centred(y + 1, CC_UI_ROLE_NORMAL, line);
	cc_ui_put_centred(y + 2, CC_UI_ROLE_DIM, _("Enlarge the window to go on."));
}

bool cc_ui_term_utf8(void)
{
	return use_utf8;
}

attr_t cc_ui_attr(cc_ui_role role)
{
	switch (role) {
	case CC_UI_ROLE_NORMAL:
		return A_NORMAL;
	case CC_UI_ROLE_TITLE:
		return use_colour ? (attr_t)COLOR_PAIR(PAIR_TITLE) | A_BOLD : A_REVERSE;
	case CC_UI_ROLE_WHITE:
		return use_colour ? (attr_t)COLOR_PAIR(PAIR_WHITE) | A_BOLD : A_REVERSE;
	case CC_UI_ROLE_BLACK:
		return use_colour ? (attr_t)COLOR_PAIR(PAIR_BLACK) | A_BOLD : A_BOLD | A_UNDERLINE;
	case CC_UI_ROLE_TO_MOVE:
		return use_colour ? (attr_t)COLOR_PAIR(PAIR_TO_MOVE) | A_BOLD : A_REVERSE | A_BOLD;
	case CC_UI_ROLE_WARN:
		return use_colour ? (attr_t)COLOR_PAIR(PAIR_WARN) | A_BOLD : A_BOLD | A_UNDERLINE;
	case CC_UI_ROLE_ALERT:
		return use_colour ? (attr_t)COLOR_PAIR(PAIR_ALERT) | A_BOLD : A_REVERSE | A_BOLD;
	case CC_UI_ROLE_DIM:
		return use_colour ? (attr_t)COLOR_PAIR(PAIR_DIM) : A_DIM;
	case CC_UI_ROLE_GOOD:
		return use_colour ? (attr_t)COLOR_PAIR(PAIR_GOOD) | A_BOLD : A_BOLD;
	case CC_UI_ROLE_HOT:
		return use_colour ? (attr_t)COLOR_PAIR(PAIR_HOT) | A_BOLD : A_BOLD;
	case CC_UI_ROLE_CHECKERED:
		/* Neither side's: a colour of its own, underlined without colours. */
		return use_colour ? (attr_t)COLOR_PAIR(PAIR_CHECKERED) | A_BOLD : A_BOLD | A_UNDERLINE;
	}
	return A_NORMAL;
}

void cc_ui_bell(void)
{
	beep();
}

/*
 * UTF8 as ASCII for terminals that are not UTF8, by the C library's
 * transliteration (iconv's //TRANSLIT: "Łukasz" -> "Lukasz", "é" -> "e",
 * "«" -> "<<"), not a table of our own that knows only the French letters.
 * glibc transliterates by the tables of the thread's LC_CTYPE, which the C
 * locale of such a terminal lacks: the conversion runs under C.UTF-8's.
 * A character with no ASCII form is one '?'. The converter is opened once
 * and kept for the process (the terminal's state is process-wide anyway).
 */
static void to_ascii(const char *text, char *out, size_t size)
{
	static iconv_t cd = (iconv_t)-1;
	static locale_t translit_locale = (locale_t)0;
	static bool tried;
	if (!tried) {
		tried = true;
		translit_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
		cd = iconv_open("ASCII//TRANSLIT", "UTF-8");
	}
	locale_t before = translit_locale ? uselocale(translit_locale) : (locale_t)0;
	/* iconv takes char **; text is only read. */
	char *in = (char *)(uintptr_t)text, *o = out;
	size_t in_left = strlen(text), out_left = size - 1;
	while (in_left && out_left) {
		if (cd != (iconv_t)-1 && iconv(cd, &in, &in_left, &o, &out_left) != (size_t)-1)
			break;
		if (cd != (iconv_t)-1 && errno == E2BIG)
			break;
		/* No ASCII form (or no converter): one '?' for the sequence. */
		if ((unsigned char)*in < 0x80) {
			*o++ = *in++;
			in_left--;
			out_left--;
			continue;
		}
		*o++ = '?';
		out_left--;
		in++;
		in_left--;
		while (in_left && ((unsigned char)*in & 0xC0) == 0x80) {
			in++;
			in_left--;
		}
	}
	*o = '\0';
	if (cd != (iconv_t)-1)
		iconv(cd, NULL, NULL, NULL, NULL);
	if (before)
		uselocale(before);
}

/* A character that is its own byte and one column in every locale. */
static bool printable_ascii(char ch)
{
	return (unsigned char)ch >= 0x20 && (unsigned char)ch < 0x7F;
}

int cc_ui_text_width(const char *text)
{
	char ascii[1024];
	if (!use_utf8) {
		to_ascii(text, ascii, sizeof ascii);
		return (int)strlen(ascii);
	}
	mbstate_t st;
	const char *p = text;
	int width = 0;
	memset(&st, 0, sizeof st);
	while (*p) {
		wchar_t wc;
		/* Printable ASCII is one column: no conversion for the most of
		 * every frame's text (libc's converter was a third of a frame). */
		if (printable_ascii(*p)) {
			width++;
			p++;
			continue;
		}
		size_t n = mbrtowc(&wc, p, MB_CUR_MAX, &st);
		if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
			memset(&st, 0, sizeof st);
			n = 1;
			width++;
		} else {
			int w = wcwidth(wc);
			width += w < 0 ? 0 : w;
		}
		p += n;
	}
	return width;
}

/* Combining diacritical marks (the accents of a decomposed "é"). */
static bool combining_mark(wchar_t wc)
{
	return (wc >= 0x0300 && wc <= 0x036F) || (wc >= 0x1AB0 && wc <= 0x1AFF) || (wc >= 0x1DC0 && wc <= 0x1DFF) ||
	       (wc >= 0x20D0 && wc <= 0x20FF) || (wc >= 0xFE20 && wc <= 0xFE2F);
}

/*
 * The part of text that fits in max_cols columns, copied into out (as long
 * as text), cut at a character boundary. Of the zero-width characters only
 * combining marks are kept, two at most after a character of its own:
 * curses (and the terminal) store few per cell and may drop the rest of the
 * string past them, so a crafted name of zero-width spaces would hide what
 * follows it.
 */
static int fit_columns(const char *text, int max_cols, char *out)
{
	mbstate_t st;
	const char *p = text;
	size_t len = 0;
	int used = 0, zero_run = 2;
	memset(&st, 0, sizeof st);
	while (*p) {
		wchar_t wc;
		if (printable_ascii(*p)) {
			if (used + 1 > max_cols)
				break;
			out[len++] = *p++;
			used++;
			zero_run = 0;
			continue;
		}
		size_t n = mbrtowc(&wc, p, MB_CUR_MAX, &st);
		int w = 1;
		if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
			memset(&st, 0, sizeof st);
			n = 1;
		} else {
			w = wcwidth(wc) < 0 ? 0 : wcwidth(wc);
		}
		if (used + w > max_cols)
			break;
		zero_run = w == 0 ? zero_run + 1 : 0;
		if (w > 0 || (zero_run <= 2 && n > 1 && combining_mark(wc))) {
			memcpy(out + len, p, n);
			len += n;
		}
		used += w;
		p += n;
	}
	out[len] = '\0';
	return used;
}

int cc_ui_put(int y, int x, int max_cols, cc_ui_role role, const char *text)
{
	char ascii[1024];
	if (!use_utf8) {
		to_ascii(text, ascii, sizeof ascii);
		text = ascii;
	}
	if (y < 0 || y >= LINES || x >= COLS || max_cols <= 0)
		return 0;
	if (x + max_cols > COLS)
		max_cols = COLS - x;
	char *shown = malloc(strlen(text) + 1);
	if (!shown)
		return 0;
	int used = fit_columns(text, max_cols, shown);
	attrset((int)cc_ui_attr(role));
	mvaddstr(y, x, shown);
	attrset((int)A_NORMAL);
	free(shown);
	return used;
}

int cc_ui_put_fit(int y, int x, int max_cols, cc_ui_role role, const char *text)
{
	char ascii[1024], shown[1024];
	if (x + max_cols > COLS)
		max_cols = COLS - x;
	if (max_cols <= 0)
		return 0;
	if (!use_utf8) { /* one byte a column: "..." ends a cut text */
		to_ascii(text, ascii, sizeof ascii);
		if ((int)strlen(ascii) > max_cols && max_cols > 3)
			snprintf(ascii + max_cols - 3, sizeof ascii - (size_t)(max_cols - 3), "...");
		return cc_ui_put(y, x, max_cols, role, ascii);
	}
	int used;
	bool cut;
	size_t bytes = cc_width_fit(text, max_cols, &used, &cut); /* CL-7.8: the tables' rule */
	if (!cut)
		return cc_ui_put(y, x, max_cols, role, text);
	snprintf(shown, sizeof shown, "%.*s%s", (int)bytes, text, CC_WIDTH_ELLIPSIS);
	return cc_ui_put(y, x, max_cols, role, shown);
}

void cc_ui_put_centred(int y, cc_ui_role role, const char *text)
{
	int w = cc_ui_text_width(text);
	int x = w >= COLS ? 0 : (COLS - w) / 2;
	cc_ui_put(y, x, COLS, role, text);
}

void cc_ui_bar(int y, cc_ui_role role)
{
	if (y < 0 || y >= LINES)
		return;
	attrset((int)cc_ui_attr(role));
	mvhline(y, 0, ' ', COLS);
	attrset((int)A_NORMAL);
}

void cc_ui_box(int y, int x, int h, int w, cc_ui_role role)
{
	attrset((int)cc_ui_attr(role));
	mvhline(y, x + 1, ACS_HLINE, w - 2);
	mvhline(y + h - 1, x + 1, ACS_HLINE, w - 2);
	mvvline(y + 1, x, ACS_VLINE, h - 2);
	mvvline(y + 1, x + w - 1, ACS_VLINE, h - 2);
	mvaddch(y, x, ACS_ULCORNER);
	mvaddch(y, x + w - 1, ACS_URCORNER);
	mvaddch(y + h - 1, x, ACS_LLCORNER);
	mvaddch(y + h - 1, x + w - 1, ACS_LRCORNER);
	attrset((int)A_NORMAL);
}
