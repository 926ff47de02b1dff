/*
 * describe_internal.h: what the renderer's files (describe*.c) share and
 * nothing else includes: the gettext macros and the small words every
 * text is made of (a side's name, a winner, a solve time, a clock
 * reading, the decimal comma).
 */
#ifndef CHESSCUBING_DESCRIBE_INTERNAL_H
#define CHESSCUBING_DESCRIBE_INTERNAL_H

#include <libintl.h>
#include <stdio.h>
#include <string.h>

#include "chesscubing/session_describe.h"

#define _(s) dgettext("chesscubing", s)
#define N_(s) (s)

static inline const char *name_of(const cc_match_settings *s, cc_side side)
{
	return side == CC_SIDE_WHITE ? s->white : s->black;
}

static inline const char *winner_name(const cc_match_settings *s, cc_winner winner)
{
	return winner == CC_WINNER_WHITE ? s->white : winner == CC_WINNER_BLACK ? s->black : NULL;
}

/* A solve time with the language's decimal separator (a translated ".":
 * French "23,45"); the records and exports, written without a language,
 * keep "23.45". */
static inline void localize_decimal(char *buf)
{
	const char *sep = _(".");
	char *dot;
	if (sep[0] && sep[0] != '.' && !sep[1] && (dot = strrchr(buf, '.')) != NULL)
		*dot = sep[0];
}

static inline void solve_text(int32_t cs, char *buf, size_t size)
{
	cc_time_format_cs(cs, buf, size);
	localize_decimal(buf);
}

static inline const char *side_label(cc_side side)
{
	return side == CC_SIDE_WHITE ? _("White") : _("Black");
}

/* A clock to the hundredth, as an arbiter reads it: "5:00.00", "-0:01.50";
 * with sign, "+" too for a change. */
static inline void clock_text(int64_t ms, bool sign, char *buf, size_t size)
{
	int64_t cs = (ms < 0 ? -ms : ms) / 10;
	snprintf(buf, size, "%s%lld:%02lld.%02lld", ms < 0 ? "-" : sign ? "+" : "", (long long)(cs / 6000),
	         (long long)(cs / 100 % 60), (long long)(cs % 100));
}

#endif
