/*
 * event_export_tb.c: the crosstable's columns of the tie-breaks an event
 * orders (rules/club.md CL-9.1, CL-9.6): a column each, headed by its
 * C.07 code, in the event's order, where a round robin without a list of
 * its own keeps CL-3.5's DE, Wins and SB (event_export.c writes those).
 * Split from event_export.c; the same cells in text, CSV and HTML.
 */
#include <stdio.h>

#include "chesscubing/session_club.h"
#include "chesscubing/session_event_export.h"
#include "export_internal.h"

void cc_session_event_tb_legend(FILE *out, const cc_event_table *t, const char *classic, const char *symbols,
                                const char *before, const char *after)
{
	char legend[1024];
	if (cc_session_club_tb_classic(&t->event)) {
		fprintf(out, "%s%s%s\n", before, classic, after);
		return;
	}
	cc_session_club_tb_legend(NULL, &t->event, legend, sizeof legend);
	fprintf(out, "%s%stie-breaks in this order: %s%s\n", before, symbols, legend, after);
}

void cc_session_event_tb_values(FILE *out, const cc_event_table *t, const cc_event_player *p, const char *before,
                                int width, const char *after)
{
	for (size_t k = 0; k < t->event.tiebreak_count; k++) {
		char v[32];
		cc_session_club_tb_value(&p->st, &p->tb, t->event.tiebreaks[k], v, sizeof v);
		fprintf(out, "%s%*s%s", before, width, v[0] || width == 0 ? v : "-", after);
	}
}

void cc_session_event_tb_heads(FILE *out, const cc_event_table *t, const char *before, int width, const char *after)
{
	for (size_t k = 0; k < t->event.tiebreak_count; k++)
		fprintf(out, "%s%*s%s", before, width, cc_club_tb_code(t->event.tiebreaks[k]), after);
}
