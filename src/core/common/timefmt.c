/*
 * timefmt.c: solve times and clocks as people type and read them.
 *
 * Accepted solve times: "SS", "SS.d", "SS.dd", "M:SS", "M:SS.dd" (seconds
 * below 60 once minutes are given) and "DNF" in any case. Hundredths are the
 * precision of speedcubing timers; a third decimal is refused rather than
 * rounded, because a tie is decided on exact hundredths (TW-3.3).
 */
#include "chesscubing/timefmt.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Reads up to max_digits digits; returns how many were read. */
static int read_digits(const char **p, int max_digits, long *value)
{
	int count = 0;
	*value = 0;
	while (isdigit((unsigned char)**p) && count < max_digits) {
		*value = *value * 10 + (**p - '0');
		(*p)++;
		count++;
	}
	return count;
}

static cc_err bad_time(const char *text, cc_error *err)
{
	return cc_refuse(err, CC_MSG_NOT_A_SOLVE_TIME, text);
}

cc_err cc_time_parse_cs(const char *text, int32_t *out_cs, cc_error *err)
{
	const char *p = text;
	long first = 0, seconds, hundredths = 0;
	int digits;

	if (strcasecmp(text, "DNF") == 0) {
		*out_cs = CC_CUBE_DNF;
		return CC_OK;
	}
	if (read_digits(&p, 6, &first) == 0)
		return bad_time(text, err);
	seconds = first;
	if (*p == ':') {
		p++;
		if (read_digits(&p, 2, &seconds) != 2 || seconds >= 60)
			return bad_time(text, err);
		seconds += first * 60;
	}
	if (*p == '.') {
		p++;
		digits = read_digits(&p, 2, &hundredths);
		if (digits == 0)
			return bad_time(text, err);
		if (digits == 1)
			hundredths *= 10;
	}
	if (*p != '\0')
		return bad_time(text, err);
	if (seconds * 100 + hundredths > INT32_MAX / 2)
		return bad_time(text, err);
	*out_cs = (int32_t)(seconds * 100 + hundredths);
	return CC_OK;
}

void cc_time_format_cs(int32_t cs, char *buf, size_t size)
{
	if (cs == CC_CUBE_DNF) {
		snprintf(buf, size, "DNF");
		return;
	}
	if (cs < 0) {
		snprintf(buf, size, "-");
		return;
	}
	if (cs >= 6000)
		snprintf(buf, size, "%d:%02d.%02d", cs / 6000, (cs / 100) % 60, cs % 100);
	else
		snprintf(buf, size, "%d.%02d", cs / 100, cs % 100);
}

void cc_time_format_ms(int64_t ms, char *buf, size_t size)
{
	const char *sign = ms < 0 ? "-" : "";
	int64_t tenths = (ms < 0 ? -ms : ms) / 100;
	snprintf(buf, size, "%s%lld:%02lld.%lld", sign, (long long)(tenths / 600),
	         (long long)((tenths / 10) % 60), (long long)(tenths % 10));
}

int64_t cc_time_change_ms(int64_t ms, int64_t step)
{
	if (ms >= 0)
		return ms % step + 1;
	return step - (-ms) % step;
}

int64_t cc_time_next_shown_ms(const int64_t *ms, size_t n, int64_t step)
{
	int64_t next = -1;
	for (size_t i = 0; i < n; i++) {
		int64_t change = cc_time_change_ms(ms[i], step);
		if (change > next)
			next = change;
	}
	return next;
}

int64_t cc_time_shown_step_ms(int64_t ms)
{
	return ms >= CC_TIME_TENTHS_BELOW_MS ? 1000 : 100;
}

void cc_time_format_shown_ms(int64_t ms, char *buf, size_t size)
{
	if (ms < CC_TIME_TENTHS_BELOW_MS) {
		cc_time_format_ms(ms, buf, size);
		return;
	}
	int64_t s = ms / 1000;
	snprintf(buf, size, "%lld:%02lld", (long long)(s / 60), (long long)(s % 60));
}

void cc_time_format_shown_seconds(int64_t ms, char *buf, size_t size)
{
	if (ms < 0)
		ms = 0;
	if (ms >= CC_TIME_TENTHS_BELOW_MS)
		snprintf(buf, size, "%lld", (long long)(ms / 1000));
	else
		snprintf(buf, size, "%lld.%lld", (long long)(ms / 1000), (long long)((ms / 100) % 10));
}

int64_t cc_time_next_shown_clock_ms(const int64_t *ms, size_t n)
{
	int64_t finest = -1, next = -1;
	for (size_t i = 0; i < n; i++) {
		int64_t step = cc_time_shown_step_ms(ms[i]);
		if (finest < 0 || step < finest)
			finest = step;
	}
	for (size_t i = 0; i < n; i++) {
		int64_t step = cc_time_shown_step_ms(ms[i]);
		if (step != finest)
			continue;
		int64_t change = cc_time_change_ms(ms[i], step);
		if (change > next)
			next = change;
	}
	/* A clock whose next second is its first in tenths is drawn then,
	 * not on a later second of another clock. */
	for (size_t i = 0; i < n; i++) {
		int64_t step = cc_time_shown_step_ms(ms[i]);
		int64_t change = cc_time_change_ms(ms[i], step);
		if (step > finest || cc_time_shown_step_ms(ms[i] - change) == step)
			continue;
		if (change < next)
			next = change;
	}
	return next;
}
