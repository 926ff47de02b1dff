/*
 * ui_stackmat.h: the players' Stackmat timers at the console
 * (stackmat_ui.c, rules/stackmat.md). The console owns the capture it
 * opens (cc_ui_stackmat_open .. cc_ui_stackmat_close); the cube screen
 * draws each timer's column from it; nothing is recorded without the
 * arbiter's confirmation (SM-5.1): a finished solve opens the solve-time
 * dialog, stamped at the stop. While a cube phase runs the console
 * publishes what its timers show for the audience (SM-6,
 * session_timers.h); `watch` draws the same column from what was
 * published (cc_ui_stackmat_follow), with no capture of its own.
 */
#ifndef CHESSCUBING_UI_STACKMAT_H
#define CHESSCUBING_UI_STACKMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/session.h"
#include "ui_console.h"

typedef struct cc_ui_stackmat cc_ui_stackmat;

/* Opens the timers' capture (black NULL: white is one stereo input); false
 * with ALSA's reason in why. */
bool cc_ui_stackmat_open(cc_ui_console *c, const char *white, const char *black, int64_t real_ms, char *why,
                         size_t why_size);
void cc_ui_stackmat_close(cc_ui_console *c);
/* Each frame, after the view: reads the timers, proposes a finished solve (SM-5). */
void cc_ui_stackmat_tick(cc_ui_console *c);
bool cc_ui_stackmat_on(const cc_ui_console *c);
/* watch: each frame, after the view, what the console running match_id
 * published of its timers at mono_ms (the shell's monotonic time). The
 * spectator console then owns a capture-less cc_ui_stackmat: freed by
 * cc_ui_stackmat_close(). */
void cc_ui_stackmat_follow(cc_ui_console *c, const cc_session_db *db, int64_t match_id, int64_t mono_ms);
/* The audience's line for side's timer ("Timer running 12.3"), as the
 * column says it to a spectator; false (text untouched) when no timer is
 * shown (the director's rows, watch_event.c). */
bool cc_ui_stackmat_line(const cc_ui_console *c, cc_side side, char *text, size_t size);
/* The cube screen's column for side's timer at (y, x), w wide, big rows of
 * digits at most; returns the rows used. */
int cc_ui_stackmat_draw_side(const cc_ui_console *c, cc_side side, int y, int x, int w, int big);
/* The solve-time dialog for cs as if typed, its event stamped t_ms (the stop). */
void cc_ui_console_propose_cube(cc_ui_console *c, cc_side side, int32_t cs, int64_t t_ms);

#endif
