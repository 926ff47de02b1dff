/*
 * match_tc.c: a chess game's time control as periods, and its two
 * spellings (match.h: cc_tc_periods, cc_tc_format, cc_tc_parse). How the
 * clock runs them is match_fide.c's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match_internal.h"

int cc_tc_periods(const cc_match_settings *s, cc_tc_period out[CC_TC_PERIODS_MAX])
{
	const cc_game_class *game = cc_game_class_find(s->format);
	if (!game || !(game->traits & CC_GAME_TIME_CONTROL) || s->tc_base_ms <= 0)
		return 0;
	out[0] = (cc_tc_period){s->tc_moves, s->tc_base_ms, s->tc_increment_ms, s->tc_mode};
	int n = 1;
	for (int i = 0; i < s->tc_more && i < CC_TC_PERIODS_MAX - 1; i++)
		out[n++] = s->tc_next[i];
	return n;
}

static const char mode_letter[] = "+bd"; /* by cc_tc_mode */

void cc_tc_format(const cc_match_settings *s, cc_tc_style style, char *buf, size_t size)
{
	cc_tc_period p[CC_TC_PERIODS_MAX];
	int n = cc_tc_periods(s, p);
	size_t len = 0;
	if (size == 0)
		return;
	buf[0] = '\0';
	if (n == 0) {
		snprintf(buf, size, "%s", style == CC_TC_PGN ? "-" : "none");
		return;
	}
	int64_t unit = style == CC_TC_PGN ? 1000 : 60000;
	for (int i = 0; i < n && len < size; i++) {
		int w = snprintf(buf + len, size - len, "%s", i ? ":" : "");
		if (w > 0)
			len += (size_t)w;
		if (p[i].moves > 0 && len < size && (w = snprintf(buf + len, size - len, "%d/", (int)p[i].moves)) > 0)
			len += (size_t)w;
		/* a base that is not whole minutes (a record's own) is written in seconds' form */
		if (len < size && (w = snprintf(buf + len, size - len, "%lld", (long long)(p[i].base_ms / unit))) > 0)
			len += (size_t)w;
		bool bonus = p[i].bonus_ms > 0 || p[i].mode != CC_TC_FISCHER;
		if (bonus && len < size &&
		    (w = snprintf(buf + len, size - len, "%c%lld", mode_letter[p[i].mode], (long long)(p[i].bonus_ms / 1000))) > 0)
			len += (size_t)w;
	}
}

/* A whole decimal number in [min, max] at *p, moved past it. */
static bool number(const char **p, long min, long max, long *out)
{
	if (**p < '0' || **p > '9')
		return false;
	char *end;
	errno = 0;
	long v = strtol(*p, &end, 10);
	if (errno || v < min || v > max)
		return false;
	*p = end;
	*out = v;
	return true;
}

cc_err cc_tc_parse(const char *text, cc_match_settings *settings, cc_error *err)
{
	cc_match_settings s = *settings;
	s.tc_base_ms = s.tc_increment_ms = 0;
	s.tc_moves = 0;
	s.tc_mode = CC_TC_FISCHER;
	s.tc_more = 0;
	memset(s.tc_next, 0, sizeof s.tc_next);
	if (strcmp(text, "none") != 0) {
		cc_tc_period p[CC_TC_PERIODS_MAX];
		int n = 0;
		const char *at = text;
		for (;;) {
			long moves = 0, minutes, seconds = 0, first;
			if (n == CC_TC_PERIODS_MAX)
				return cc_refuse(err, CC_MSG_TC_PERIODS_MAX, CC_TC_PERIODS_MAX);
			if (!number(&at, 0, 100000, &first))
				return cc_refuse(err, CC_MSG_NOT_A_TIME_CONTROL, text);
			if (*at == '/') {
				at++;
				moves = first;
				if (moves < 1 || moves > CC_TC_MOVES_MAX)
					return cc_refuse(err, CC_MSG_TC_PERIOD_MOVES, CC_TC_MOVES_MAX);
				if (!number(&at, 0, 100000, &minutes))
					return cc_refuse(err, CC_MSG_NOT_A_TIME_CONTROL, text);
			} else {
				minutes = first;
			}
			cc_tc_mode mode = CC_TC_FISCHER;
			const char *letter = strchr(mode_letter, *at);
			if (*at && letter) {
				mode = (cc_tc_mode)(letter - mode_letter);
				at++;
				if (!number(&at, 0, 100000, &seconds))
					return cc_refuse(err, CC_MSG_NOT_A_TIME_CONTROL, text);
			}
			if (minutes < 1 || minutes * INT64_C(60000) > CC_FIDE_CLOCK_MAX_MS ||
			    seconds * INT64_C(1000) > CC_FIDE_INCREMENT_MAX_MS)
				return cc_refuse(err, CC_MSG_TC_RANGE);
			p[n++] = (cc_tc_period){(int32_t)moves, minutes * INT64_C(60000), seconds * INT64_C(1000), mode};
			if (*at == '\0')
				break;
			if (*at != ':')
				return cc_refuse(err, CC_MSG_NOT_A_TIME_CONTROL, text);
			at++;
		}
		s.tc_base_ms = p[0].base_ms;
		s.tc_increment_ms = p[0].bonus_ms;
		s.tc_moves = p[0].moves;
		s.tc_mode = p[0].mode;
		s.tc_more = n - 1;
		for (int i = 1; i < n; i++)
			s.tc_next[i - 1] = p[i];
	}
	/* the clock's own rules, whatever game the settings are for yet (a
	 * scenario's tc= may come before its format=) */
	cc_match_settings check = s;
	check.format = CC_FORMAT_CHESS;
	check.record = CC_RECORD_MOVES;
	cc_error why;
	if (!cc_match_fide_settings_valid(&check, &why)) {
		if (err)
			*err = why;
		return why.code;
	}
	*settings = s;
	return CC_OK;
}
