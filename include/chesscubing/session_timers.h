/*
 * session_timers.h: the players' Stackmat timers as the console reads them,
 * published for the audience (`watch`, the spectator page; rule SM-6).
 *
 * The console is the only process that reads the timers (its capture,
 * src/ui/stackmat_capture.c). While one of its matches is in a cube phase
 * it publishes what each timer shows in a side file beside the record,
 * "<record>.timers.<match id>", the way `serve` announces its address
 * ("<record>.serve", session.h): a few lines of text (the format is
 * src/session/timers.c's), written whole (a temporary file renamed over the
 * old one, 0644, never through a link) at most CC_SESSION_TIMERS_MIN_MS
 * apart while the timers change, and every CC_SESSION_TIMERS_BEAT_MS
 * otherwise, so that a reader can tell a live console from a stale file.
 *
 * A reader trusts nothing in the file: text of the exact format with
 * numbers in range, for the match and the cube phase it shows, from a live
 * process, or nothing. A file older than CC_SESSION_TIMERS_STALE_MS says
 * "signal lost", never a running time frozen at its last value (SM-6.2).
 *
 * Times are the shell's monotonic milliseconds (cc_clock; on one machine
 * every process reads the same monotonic clock, and the test clock is one
 * file all programs of a test read). Nothing here reads a clock: callers
 * pass now_ms. Memory: plain caller-owned structs.
 */
#ifndef CHESSCUBING_SESSION_TIMERS_H
#define CHESSCUBING_SESSION_TIMERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/match.h"
#include "chesscubing/session.h"
#include "chesscubing/stackmat.h"

#define CC_SESSION_TIMERS_MIN_MS 100    /* the console writes at most ten times a second */
#define CC_SESSION_TIMERS_BEAT_MS 500   /* and at least twice a second while it publishes */
#define CC_SESSION_TIMERS_STALE_MS 1500 /* SM-6.2: an older file is a lost signal */
#define CC_SESSION_TIMERS_TEXT_MAX 256  /* the file's text, with its NUL */

/* One timer as the console last read it. */
typedef struct {
	bool present;            /* a timer is read for this side */
	cc_stackmat_state state; /* NO_SIGNAL also when the console's input failed */
	int32_t time_ms;         /* the displayed time, 0 .. CC_STACKMAT_DISPLAY_MAX_MS */
} cc_session_timer;

/* What the console publishes: both timers, for one cube phase of one match. */
typedef struct {
	int64_t match_id;        /* >= 1 */
	int block, attempt;      /* the cube phase: the view's block and cube_attempt */
	int64_t stamp_ms;        /* the console's monotonic time when it read them */
	long pid;                /* the console's */
	cc_session_timer side[2]; /* CC_SIDE_WHITE, CC_SIDE_BLACK */
} cc_session_timers;

/* What the audience is shown of a match's timers at a time. */
typedef enum {
	CC_SESSION_TIMERS_NONE = 0, /* nothing: no timers published for this cube phase */
	CC_SESSION_TIMERS_LIVE,     /* out: each present timer, a running one advanced to now */
	CC_SESSION_TIMERS_LOST      /* SM-6.2: the console published them, but no longer does */
} cc_session_timers_status;

/* ---- pure: the text of the side file ------------------------------------------------ */

/* Writes t as the side file's text into buf (size >= CC_SESSION_TIMERS_TEXT_MAX);
 * false when t is out of range (it would not read back). */
bool cc_session_timers_format(const cc_session_timers *t, char *buf, size_t size);

/* Reads len bytes of text; true and *out filled only when it is exactly
 * what cc_session_timers_format() writes, every number in range. */
bool cc_session_timers_parse(const char *text, size_t len, cc_session_timers *out);

/*
 * What t shows at now_ms to a viewer of view v of match match_id (SM-6):
 * NONE when v is not that cube phase (another match, block or attempt, or
 * no cube phase); LOST when t is older than CC_SESSION_TIMERS_STALE_MS or
 * stamped in the future; LIVE otherwise, with *out a copy of t whose
 * running times are advanced to now_ms (never past the display's limit).
 */
cc_session_timers_status cc_session_timers_at(const cc_session_timers *t, int64_t match_id, const cc_match_view *v,
                                              int64_t now_ms, cc_session_timers *out);

/* A timer's state as the side file, the page's JSON and logs spell it:
 * "none" (no timer), "nosignal", "reset", "hands", "ready", "running", "stopped". */
const char *cc_session_timer_state_name(const cc_session_timer *t);

/* ---- the side file ------------------------------------------------------------------ */

/* Writes t beside db's record (t->pid should be the caller's PID); false
 * when it could not be written (the console goes on: the audience only
 * loses the timers). */
bool cc_session_timers_publish(const cc_session_db *db, const cc_session_timers *t);

/* Removes match_id's side file (the console leaves the match or stops). */
void cc_session_timers_withdraw(const cc_session_db *db, int64_t match_id);

/*
 * Reads match_id's side file and says what a viewer of view v sees at
 * now_ms, as cc_session_timers_at(). NONE, too, when there is no file, its
 * text is not one the console writes, or its process is gone.
 */
cc_session_timers_status cc_session_timers_read(const cc_session_db *db, int64_t match_id, const cc_match_view *v,
                                                int64_t now_ms, cc_session_timers *out);

#endif
