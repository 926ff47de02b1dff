/*
 * export_internal.h: what the export files (export*.c) share and nothing
 * else includes.
 */
#ifndef CHESSCUBING_EXPORT_INTERNAL_H
#define CHESSCUBING_EXPORT_INTERNAL_H

#include <stdio.h>

#include "chesscubing/session.h"
#include "chesscubing/session_event_export.h"

/* The session's match as a scenario (export_scenario.c); 0, or -1 when
 * out could not be written. */
int cc_session_export_scenario(FILE *out, const cc_session *session);

/* The crosstable's tie-break columns (event_export_tb.c, CL-9.6): the
 * legend (classic: CL-3.5's, for a round robin without a list; else the
 * symbols and the order's codes), each value and each heading, between
 * before and after, right-aligned to width (0: as is). */
void cc_session_event_tb_legend(FILE *out, const cc_event_table *t, const char *classic, const char *symbols,
                                const char *before, const char *after);
void cc_session_event_tb_values(FILE *out, const cc_event_table *t, const cc_event_player *p, const char *before,
                                int width, const char *after);
void cc_session_event_tb_heads(FILE *out, const cc_event_table *t, const char *before, int width, const char *after);

/* The HTML writers' shared pieces (event_export.c): text with every
 * character HTML gives a meaning to as a reference, controls as U+FFFD
 * (CL-4.11); the one-A4-sheet style for a table of so many columns. */
void cc_session_event_html_text(FILE *out, const char *text);
void cc_session_event_html_style(FILE *out, unsigned players);

/* A round robin's crosstable (event_export_rr.c, CL-4.6): the grid as
 * text (its summary in lang, NULL English), CSV and HTML. */
void cc_session_event_rr_text(FILE *out, const cc_lang *lang, const cc_event_table *t);
void cc_session_event_rr_csv(FILE *out, const cc_event_table *t);
void cc_session_event_rr_html(FILE *out, const cc_event_table *t);

/* A Swiss's crosstable (event_export_swiss.c, CL-10.8): round r's cell of
 * player p ("6w1", "B", "H", "Z", "W"; "" for a round not published) and
 * the table as text and HTML (the words in lang, NULL English) and CSV. */
void cc_session_event_swiss_cell(const cc_event_table *t, const cc_event_player *p, unsigned r, char *buf,
                                 size_t size);
void cc_session_event_swiss_text(FILE *out, const cc_lang *lang, const cc_event_table *t);
void cc_session_event_swiss_csv(FILE *out, const cc_event_table *t);
void cc_session_event_swiss_html(FILE *out, const cc_lang *lang, const cc_event_table *t);

#endif
