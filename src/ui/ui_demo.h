/*
 * ui_demo.h: a sample match played through the same events as any other
 * (demo.c): the session's sample scenario, step by step at match time.
 */
#ifndef CHESSCUBING_UI_DEMO_H
#define CHESSCUBING_UI_DEMO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/session_scenario.h"
#include "ui_console.h"

typedef struct {
	size_t step;       /* 0: the match is created next; then the scenario's events */
	int64_t next_ms;   /* match time of the next step; -1 when done */
	int64_t offset_ms; /* match time of the scenario's time 0 */
	cc_session_scenario scenario; /* the session's sample match */
	bool loaded;
} cc_ui_demo;

void cc_ui_demo_init(cc_ui_demo *d, cc_ui_console *c, int64_t now_ms);
/* Frees the sample scenario. */
void cc_ui_demo_fini(cc_ui_demo *d);
/* Plays every step due at now_ms. */
void cc_ui_demo_run(cc_ui_demo *d, cc_ui_console *c, int64_t now_ms);
/* Match time of the next step, or -1 when the demo is done. */
int64_t cc_ui_demo_next(const cc_ui_demo *d);

#endif
