/*
 * timefmt.h: reading and writing the times an arbiter types and reads.
 *
 * Cube solve times are hundredths of a second ("centiseconds", cs), as
 * speedcubing timers show them; match clocks are milliseconds. Pure
 * functions: no allocation, the caller owns every buffer.
 */
#ifndef CHESSCUBING_TIMEFMT_H
#define CHESSCUBING_TIMEFMT_H

#include <stddef.h>
#include <stdint.h>

#include "chesscubing/common.h"

/* A solve that was not finished. */
#define CC_CUBE_DNF (-1)

/*
 * Parses a solve time: "23.45", "23", "23.4", "1:02.30" or "DNF" (any case).
 * On success *out_cs is the time in hundredths or CC_CUBE_DNF.
 * Errors: CC_ERR_INVALID for anything else (err says why).
 */
cc_err cc_time_parse_cs(const char *text, int32_t *out_cs, cc_error *err);

/* Writes a solve time as "23.45", "1:02.30" or "DNF" into buf. */
void cc_time_format_cs(int32_t cs, char *buf, size_t size);

/* Writes a clock as "2:59.9" (tenths shown, rounded down; "-0:03.2" below zero). */
void cc_time_format_ms(int64_t ms, char *buf, size_t size);

/* Milliseconds a count-down clock at ms runs until it shows another
 * value, when shown in steps of step ms (rounded towards zero, as
 * cc_time_format_ms shows tenths: step 100); 1..step. With step 100: 1 at
 * 17000 ("0:17.0" becomes "0:16.9"), 100 at -3200 (below zero the clock
 * counts away from zero). */
int64_t cc_time_change_ms(int64_t ms, int64_t step);

/*
 * The wait until a screen showing the n running count-down clocks ms[]
 * (in steps of step ms) should be drawn again: the latest of their next
 * changes, so one frame shows each clock's new value, at most one frame a
 * step whatever their phases (a block time and a move clock half a tenth
 * apart would otherwise ask for twenty frames a second), each clock at
 * most one step late. -1 when n is 0: nothing shown changes by itself.
 */
int64_t cc_time_next_shown_ms(const int64_t *ms, size_t n, int64_t step);

/* RU-41: a match clock on a screen (the block time, the move clock, a
 * chess clock) shows whole seconds, and tenths only in its last
 * CC_TIME_TENTHS_BELOW_MS (and below zero), where the move clock already
 * turns red and rings each second. */
#define CC_TIME_TENTHS_BELOW_MS 5000

/* The step a clock at ms is shown in (RU-41): 1000, or 100 in its last
 * seconds. */
int64_t cc_time_shown_step_ms(int64_t ms);

/* Writes a clock as a screen shows it (RU-41): "2:58" (whole seconds,
 * rounded down, as the tenths are), "0:04.9" and "-0:03.2" in tenths. */
void cc_time_format_shown_ms(int64_t ms, char *buf, size_t size);

/* The same in seconds alone, for the move clock: "17", "4.9" ("0.0"
 * below zero: the move clock stops at zero). */
void cc_time_format_shown_seconds(int64_t ms, char *buf, size_t size);

/*
 * cc_time_next_shown_ms for clocks shown as RU-41 says, each in its own
 * step: the frames come at the finest step of the clocks shown (the
 * latest next change of the clocks in that step), a clock in whole
 * seconds shows its new second on the first of them after it changes.
 * So: one frame a second while every clock shows seconds, ten while one
 * shows tenths, each clock at most one of its steps late. -1 when n is 0.
 */
int64_t cc_time_next_shown_clock_ms(const int64_t *ms, size_t n);

#endif
