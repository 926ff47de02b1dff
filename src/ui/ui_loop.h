/*
 * ui_loop.h: the one loop of the console and the spectator screen (loop.c):
 * frames, time-outs, keys and signals; the shell's clocks as the ui reads
 * them.
 */
#ifndef CHESSCUBING_UI_LOOP_H
#define CHESSCUBING_UI_LOOP_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

/* What a screen's loop does at each turn; self is the screen's own state. */
typedef struct {
	void *self;
	void (*frame)(void *self);       /* bring the state to now and draw it (refresh follows) */
	int (*timeout_ms)(void *self);   /* real ms until the picture changes; -1: never */
	void (*before_keys)(void *self); /* (may be NULL) keys are coming: bring the state to now */
	void (*key)(void *self, int key);
	bool (*done)(void *self);
	/* (may be NULL) a descriptor that wakes the loop too, or -1: when it
	 * is readable the wait ends as on a time-out (frame reads it). */
	int (*wake_fd)(void *self);
} cc_ui_loop;

/* Runs loop until done or a stop signal; restores the terminal. Returns 0,
 * or 128+signal after SIGINT/SIGTERM/SIGHUP. */
int cc_ui_loop_run(const cc_ui_loop *loop);
/* The shell's monotonic clock, in milliseconds (cc_clock_system()). */
int64_t cc_ui_monotonic_ms(void);
/* The shell's wall clock, Unix ms (the event log's times). */
int64_t cc_ui_wall_ms(void);
/* The wall clock's reading at the monotonic time mono_ms (read now as one
 * consistent pair, then moved by mono_ms's distance from it). */
int64_t cc_ui_wall_at_ms(int64_t mono_ms);
/* Blocks the signals the loop handles; *unblocked gets the mask before. */
void cc_ui_block_signals(sigset_t *unblocked);
/* Handles a pending signal: a resize re-lays out; a stop sets *status to
 * 128+signal and returns true. */
bool cc_ui_take_stop(int *status);
/* stdin was readable but gave no key: is the terminal gone (hang-up)? */
bool cc_ui_stdin_gone(void);

#endif
