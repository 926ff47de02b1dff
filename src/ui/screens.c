/*
 * screens.c: pieces every screen draws the same way: the title bar, the
 * message line, the keys line, side labels and clock texts.
 */
#include "ui_internal.h"

#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

void cc_ui_format_seconds(int64_t ms, char *buf, size_t size)
{
	if (ms < 0)
		ms = 0;
	snprintf(buf, size, "%lld.%lld", (long long)(ms / 1000), (long long)((ms / 100) % 10));
}

void cc_ui_side_text(const cc_ui_console *c, cc_side side, char *buf, size_t size)
{
	const char *mark = "";
	if (cc_ui_term_utf8())
		mark = side == CC_SIDE_WHITE ? "\xe2\x97\x8b " : "\xe2\x97\x8f "; /* ○ ● */
	snprintf(buf, size, " %s%s: %s ", mark, cc_ui_side_label(side), cc_ui_console_name(c, side));
}

void cc_ui_draw_title(const cc_ui_console *c, const char *what)
{
	char left[256], right[64];
	cc_ui_bar(0, CC_UI_ROLE_TITLE);
	if (c->match) {
		const cc_match_settings *s = cc_match_settings_of(c->match);
		snprintf(left, sizeof left, " ChessCubing %s %s  %s",
		         s->format == CC_FORMAT_TWICE ? "Twice" : "Time",
		         s->category == CC_CATEGORY_FAST ? "FAST" : s->category == CC_CATEGORY_FREEZE ? "FREEZE" : "MASTERS",
		         what);
	} else {
		snprintf(left, sizeof left, " ChessCubing Arbiter  %s", what);
	}
	cc_ui_put(0, 0, COLS, CC_UI_ROLE_TITLE, left);
	snprintf(right, sizeof right, "%s ", c->spectator ? _("read only") : c->bell_on ? _("bell on") : _("bell off"));
	cc_ui_put(0, COLS - cc_ui_text_width(right), COLS, CC_UI_ROLE_TITLE, right);
}

void cc_ui_draw_keys(const char *keys)
{
	if (!keys)
		return;
	cc_ui_bar(LINES - 1, CC_UI_ROLE_NORMAL);
	cc_ui_put(LINES - 1, 1, COLS - 2, CC_UI_ROLE_DIM, keys);
}

void cc_ui_draw_message(const cc_ui_console *c, int y)
{
	if (!c->message[0])
		return;
	cc_ui_put(y, 1, COLS - 2, c->message_error ? CC_UI_ROLE_ALERT : CC_UI_ROLE_GOOD, c->message);
}

/*
 * Breaks text at spaces (and at '\n') into lines of at most w columns by
 * display width, and draws them when draw is set; returns the lines. The
 * line being built lives on the heap, sized by the text: a long text whose
 * characters are narrow (or of zero width) cannot overrun it.
 */
static int wrap(int y, int x, int w, int max_lines, cc_ui_role role, const char *text, bool draw)
{
	char *line = malloc(strlen(text) + 1);
	size_t len = 0;
	int lines = 0;
	const char *p = text;
	if (!line)
		return 0;
	line[0] = '\0';
	while (*p && lines < max_lines) {
		size_t n = strcspn(p, " \n");
		size_t keep = len;
		if (len && n)
			line[len++] = ' ';
		memcpy(line + len, p, n);
		line[len + n] = '\0';
		if (keep && n && cc_ui_text_width(line) > w) {
			line[keep] = '\0';
			if (draw)
				cc_ui_put(y + lines, x, w, role, line);
			lines++;
			memmove(line, p, n);
			line[n] = '\0';
			len = n;
		} else {
			len += n;
		}
		p += n;
		bool forced = *p == '\n';
		while (*p == ' ' || *p == '\n')
			p++;
		if (forced && lines < max_lines) {
			if (draw)
				cc_ui_put(y + lines, x, w, role, line);
			lines++;
			len = 0;
			line[0] = '\0';
		}
	}
	if (len && lines < max_lines) {
		if (draw)
			cc_ui_put(y + lines, x, w, role, line);
		lines++;
	}
	free(line);
	return lines;
}

int cc_ui_put_wrapped(int y, int x, int w, int max_lines, cc_ui_role role, const char *text)
{
	return wrap(y, x, w, max_lines, role, text, true);
}

int cc_ui_wrapped_rows(int w, const char *text)
{
	return wrap(0, 0, w, INT_MAX, CC_UI_ROLE_NORMAL, text, false);
}

cc_ui_cmd cc_ui_common_key(int key)
{
	cc_ui_cmd cmd = {CC_UI_CMD_NONE, CC_SIDE_WHITE};
	switch (key) {
	case '?':
		cmd.kind = CC_UI_CMD_HELP;
		break;
	case 'q':
	case 'Q':
		cmd.kind = CC_UI_CMD_QUIT;
		break;
	case 'b':
	case 'B':
		cmd.kind = CC_UI_CMD_BELL;
		break;
	case 'v':
	case 'V':
		cmd.kind = CC_UI_CMD_BOARD;
		break;
	default:
		break;
	}
	return cmd;
}
