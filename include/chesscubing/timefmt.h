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

#endif
