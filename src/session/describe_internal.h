/*
 * describe_internal.h: what the renderer's files (describe*.c) share and
 * nothing else includes: the catalogue's macros and the small words every
 * text is made of (a side's name, a winner, a solve time, a clock
 * reading, the decimal comma). _() says a text in the language named
 * lang where it is used: every function that says something is given
 * one (a const cc_lang *lang parameter), none reads a process-wide one.
 */
#ifndef CHESSCUBING_DESCRIBE_INTERNAL_H
#define CHESSCUBING_DESCRIBE_INTERNAL_H

#include <stdio.h>
#include <string.h>

#include "chesscubing/session_describe.h"
#include "chesscubing/support_lang.h"

#define _(s) cc_lang_tr(lang, s)
#define N_(s) (s)
/* A text that says count n, in the form n takes (issue 35 N9): P_("%d move", "%d moves", n). */
#define P_(s, p, n) cc_lang_ntr(lang, s, p, (unsigned long)(n))

static inline const char *name_of(const cc_match_settings *s, cc_side side)
{
	return side == CC_SIDE_WHITE ? s->white : s->black;
}

static inline const char *winner_name(const cc_match_settings *s, cc_winner winner)
{
	return winner == CC_WINNER_WHITE ? s->white : winner == CC_WINNER_BLACK ? s->black : NULL;
}

/* A solve time with the language's decimal separator (its row's: French
 * "23,45"); the records and machine outputs keep "23.45". */
static inline void localize_decimal(const cc_lang *lang, char *buf)
{
	cc_lang_decimal_local(lang, buf);
}

static inline void solve_text(const cc_lang *lang, int32_t cs, char *buf, size_t size)
{
	cc_time_format_cs(cs, buf, size);
	localize_decimal(lang, buf);
}

static inline const char *side_label(const cc_lang *lang, cc_side side)
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
