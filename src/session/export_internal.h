/*
 * export_internal.h: what the export files (export*.c) share and nothing
 * else includes.
 */
#ifndef CHESSCUBING_EXPORT_INTERNAL_H
#define CHESSCUBING_EXPORT_INTERNAL_H

#include <stdio.h>

#include "chesscubing/session.h"

/* The session's match as a scenario (export_scenario.c); 0, or -1 when
 * out could not be written. */
int cc_session_export_scenario(FILE *out, const cc_session *session);

#endif
