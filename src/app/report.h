/*
 * report.h: a match told in words, for the demo, `show` and the arbiter's
 * text report. Everything is computed from the settings and the events.
 */
#ifndef CHESSCUBING_APP_REPORT_H
#define CHESSCUBING_APP_REPORT_H

#include <stdio.h>

#include "chesscubing/match.h"

/* One event as a short phrase ("Alice moves, check", "Bruno solves in 21.37"). */
void cc_app_describe_event(const cc_event *ev, const cc_match_settings *settings, char *buf, size_t size);

/* "Alice wins by checkmate", "no winner: arbiter (reason)", "in progress". */
void cc_app_describe_result(const cc_match_view *v, const cc_match_settings *settings, char *buf, size_t size);

/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *cc_app_result_code(const cc_match_view *v);

/*
 * Writes the report of match: header, result, the scramble sheet (when
 * sheet is not NULL), a paragraph per decided block, and with events the
 * full log (every event, what time did by itself, what each undo took
 * back). Returns 0, or -1 on a write error.
 */
int cc_app_write_report(FILE *out, const cc_match *match, int64_t match_id, const char *created_utc,
                        const char *sheet, bool events);

#endif
