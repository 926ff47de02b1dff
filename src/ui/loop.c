/*
 * loop.c: the one loop of the console and the spectator screen.
 *
 * Time is read through the session's clock (cc_clock_system(), the only
 * reader of the system's clocks). Match time is (monotonic now - start) x
 * speed, recomputed on every frame: nothing is accumulated, so the screen
 * cannot drift from the core. The loop sleeps in pselect() on stdin until
 * the next moment the picture changes (the next tenth of a second a running
 * clock shows, the demo's next step, the watcher's next poll), so an idle
 * console costs almost nothing. Signal handlers only set flags. The signals
 * are blocked except inside pselect(), which unblocks them atomically: a
 * signal can then never slip in between the check of the flags and the
 * sleep (the race that a plain poll() would have).
 *
 * A clock moved from outside (the test build's, cc_clock.poll_ms > 0) does
 * not go on by itself: the wait is then cut to its poll_ms, so the loop
 * reads it again and sees the test move it. The shipped clock's poll_ms is
 * 0, and the loop sleeps as long as the picture allows.
 */
#include "chesscubing/ui.h"
#include "chesscubing/session.h"
#include "chesscubing/session_describe.h"
#include "ui_club.h"
#include "ui_console.h"
#include "ui_stackmat.h"
#include "ui_dgt.h"
#include "ui_demo.h"
#include "ui_loop.h"
#include "ui_printer.h"
#include "ui_term.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>

int64_t cc_ui_monotonic_ms(void)
{
	const cc_clock *clock = cc_clock_system();
	return clock->monotonic_ms(clock);
}

int64_t cc_ui_wall_ms(void)
{
	const cc_clock *clock = cc_clock_system();
	return clock->wall_ms(clock);
}

int64_t cc_ui_wall_at_ms(int64_t mono_ms)
{
	/* The wall clock read between two readings of the monotonic one that
	 * agree: a clock that moved between the reads (a test clock moves in
	 * jumps) would put the whole difference into the answer. */
	int64_t before = cc_ui_monotonic_ms(), wall = cc_ui_wall_ms(), after = cc_ui_monotonic_ms();
	for (int tries = 0; after != before && tries < 8; tries++) {
		before = after;
		wall = cc_ui_wall_ms();
		after = cc_ui_monotonic_ms();
	}
	return wall + (mono_ms - after);
}

typedef struct {
	int64_t start_ms;
	int64_t base_ms; /* match time at start_ms: a resumed match goes on from its last event */
	double speed;
} match_clock;

static int64_t match_now_ms(const match_clock *mc)
{
	return mc->base_ms + (int64_t)((double)(cc_ui_monotonic_ms() - mc->start_ms) * mc->speed);
}

/* Real milliseconds to wait for match_ms of match time; -1 for ever. */
static int real_timeout(const match_clock *mc, int64_t match_ms)
{
	double real;
	if (match_ms < 0)
		return -1;
	real = ceil((double)match_ms / mc->speed);
	if (real > 60000.0)
		real = 60000.0;
	return (int)real;
}

void cc_ui_options_default(cc_ui_options *options)
{
	options->speed = 1.0;
	options->demo = false;
	options->lang = NULL;
	options->db = NULL;
	options->resume = false;
	options->resume_id = 0;
	options->clock_keys[0] = CC_UI_KEY_WHITE;
	options->clock_keys[1] = CC_UI_KEY_BLACK;
	options->stackmat[0] = options->stackmat[1] = NULL;
	options->dgt = NULL;
}

/* ---- the console on the loop -------------------------------------------------- */

typedef struct {
	cc_ui_console console;
	cc_ui_demo demo;
	bool demo_on;
	match_clock mc;
} arbiter;

/* A loaded match goes on from its last event's time. */
static void follow_loaded_match(arbiter *a)
{
	if (!a->console.clock_reset)
		return;
	a->mc.start_ms = cc_ui_monotonic_ms();
	a->mc.base_ms = a->console.clock_base_ms;
	a->console.clock_reset = false;
}

/* The real clocks the console needs besides match time: the guard of the
 * move keys and the event log's times. */
static void read_real_clocks(cc_ui_console *c)
{
	const cc_clock *clock = cc_clock_system();
	c->real_ms = clock->monotonic_ms(clock);
	c->wall_ms = clock->wall_ms(clock);
}

static void arbiter_frame(void *self)
{
	arbiter *a = self;
	read_real_clocks(&a->console);
	/* Only here, not before keys: a key acts on the pairing the arbiter
	 * saw; one taken meanwhile is refused by the record (CL-3.7). */
	if (!a->console.match)
		cc_ui_club_follow(&a->console);
	cc_ui_console_update(&a->console, match_now_ms(&a->mc));
	if (a->demo_on) {
		cc_ui_demo_run(&a->demo, &a->console, a->console.now_ms);
		cc_ui_console_update(&a->console, a->console.now_ms);
	}
	cc_ui_stackmat_tick(&a->console);
	cc_ui_eboard_tick(&a->console);
	cc_ui_printer_tick(&a->console); /* CK-1.6: lpstat's or lp's answer taken, never waited for */
	cc_ui_console_draw(&a->console);
	/* RU-18's stamp is written once the frame is out: after a key, the
	 * screen shows the event as soon as its own commit is in, not after a
	 * second fdatasync. A refusal of the stamp is drawn at once. */
	if (a->console.seen_due) {
		refresh();
		cc_ui_console_write_seen(&a->console);
		if (a->console.message_error)
			cc_ui_console_draw(&a->console);
	}
}

static int arbiter_timeout(void *self)
{
	arbiter *a = self;
	int64_t next = cc_ui_console_next_change_ms(&a->console);
	if (a->demo_on && cc_ui_demo_next(&a->demo) >= 0) {
		int64_t d = cc_ui_demo_next(&a->demo) - a->console.now_ms;
		if (d < 0)
			d = 0;
		if (next < 0 || d < next)
			next = d;
	}
	int ms = real_timeout(&a->mc, next);
	/* The timers' input is read ten times a second (it buffers half a second). */
	if (cc_ui_stackmat_on(&a->console) && (ms < 0 || ms > 100))
		ms = 100;
	/* A printer's answer (lpstat, lp) is looked for ten times a second. */
	if (cc_ui_printer_busy(&a->console) && (ms < 0 || ms > 100))
		ms = 100;
	/* A board's line is waited on as an input; a pulled one is tried again. */
	int64_t retry = cc_ui_eboard_wait_ms(&a->console);
	if (retry >= 0 && (ms < 0 || retry < ms))
		ms = (int)retry;
	return ms;
}

static int arbiter_wake_fd(void *self)
{
	/* A printer's child (lpstat, lp) wakes the loop when it says
	 * something or ends; a board's line is then read at the 100 ms
	 * polls arbiter_timeout() keeps meanwhile. */
	arbiter *a = self;
	int fd = cc_ui_printer_fd(&a->console);
	return fd >= 0 ? fd : cc_ui_eboard_fd(&a->console);
}

static void arbiter_before_keys(void *self)
{
	arbiter *a = self;
	/* Keys act on the match as it is now, not as last drawn. */
	read_real_clocks(&a->console);
	cc_ui_console_update(&a->console, match_now_ms(&a->mc));
}

static void arbiter_key(void *self, int key)
{
	arbiter *a = self;
	cc_ui_console_key(&a->console, key);
	follow_loaded_match(a);
}

static bool arbiter_done(void *self)
{
	return ((arbiter *)self)->console.quit;
}

/* The record every accepted event goes to; the demo records nothing.
 * A database that is not ours, newer, read-only or damaged stops the
 * program here, before the terminal is touched (RE-1.3). */
static cc_err open_record(const cc_ui_options *options, cc_session_db **db, cc_error *err)
{
	*db = NULL;
	if (options->demo)
		return CC_OK;
	return cc_session_db_open(db, options->db, CC_SESSION_DB_WRITE, NULL, err);
}

/* A failure before the terminal is taken, on stderr in the user's language. */
static void say_failure(const cc_error *err)
{
	char said[CC_SESSION_REFUSAL_MAX];
	cc_session_describe_refusal(cc_ui_lang(), err, said, sizeof said);
	fprintf(stderr, "chesscubing: %s\n", said);
}

int cc_ui_run(const cc_ui_options *options)
{
	arbiter a;
	cc_session_db *db = NULL;
	cc_error err = {0};
	memset(&a, 0, sizeof a);
	a.mc = (match_clock){cc_ui_monotonic_ms(), 0, options->speed > 0 ? options->speed : 1.0};
	a.demo_on = options->demo;
	if (open_record(options, &db, &err) != CC_OK || cc_ui_console_init(&a.console, db, &err) != CC_OK) {
		say_failure(&err);
		cc_session_db_close(db);
		return 1;
	}
	if (options->resume && cc_ui_console_resume(&a.console, options->resume_id, &err) != CC_OK) {
		say_failure(&err);
		cc_ui_console_fini(&a.console);
		cc_session_db_close(db);
		return 1;
	}
	a.console.speed = a.mc.speed;
	char why[CC_SESSION_REFUSAL_MAX];
	if (options->stackmat[0] != NULL &&
	    !cc_ui_stackmat_open(&a.console, options->stackmat[0], options->stackmat[1], a.mc.start_ms, why, sizeof why)) {
		fprintf(stderr, "chesscubing: %s\n", why);
		cc_ui_console_fini(&a.console);
		cc_session_db_close(db);
		return 1;
	}
	if (options->dgt != NULL && !cc_ui_eboard_open(&a.console, options->dgt, cc_ui_monotonic_ms(), why, sizeof why)) {
		fprintf(stderr, "chesscubing: %s\n", why);
		cc_ui_stackmat_close(&a.console);
		cc_ui_console_fini(&a.console);
		cc_session_db_close(db);
		return 1;
	}
	if (options->resume) /* the timers are open (or not) now */
		cc_ui_console_say_no_timers(&a.console);
	a.console.clock_key[CC_SIDE_WHITE] = (unsigned char)options->clock_keys[0];
	a.console.clock_key[CC_SIDE_BLACK] = (unsigned char)options->clock_keys[1];
	follow_loaded_match(&a);
	if (cc_ui_term_start(&err) != CC_OK) {
		cc_ui_term_stop();
		cc_ui_stackmat_close(&a.console);
		cc_ui_eboard_close(&a.console);
		cc_ui_console_fini(&a.console);
		cc_session_db_close(db);
		/* In the user's language: no terminal, or one without a cursor. */
		char said[CC_SESSION_REFUSAL_MAX];
		cc_session_describe_refusal(cc_ui_lang(), &err, said, sizeof said);
		fprintf(stderr, "chesscubing: %s\n", said);
		return 1;
	}
	if (a.demo_on)
		cc_ui_demo_init(&a.demo, &a.console, 0);
	const cc_ui_loop loop = {&a, arbiter_frame, arbiter_timeout, arbiter_before_keys, arbiter_key, arbiter_done, arbiter_wake_fd};
	int status = cc_ui_loop_run(&loop);
	cc_ui_demo_fini(&a.demo);
	cc_ui_stackmat_close(&a.console);
	cc_ui_eboard_close(&a.console);
	cc_ui_console_fini(&a.console);
	cc_session_db_close(db);
	return status;
}

/* ---- the loop itself, and its steps ------------------------------------------ */

static int loop_wait(int timeout_ms, int64_t since_ms, int wake_fd, const sigset_t *unblocked);

int cc_ui_loop_run(const cc_ui_loop *loop)
{
	int status = 0;
	sigset_t unblocked;
	cc_ui_block_signals(&unblocked);
	/* The loop looks for keys itself, before each frame: curses need not
	 * poll the terminal in the middle of a refresh, which also cut each
	 * frame's output into a write per line. */
	typeahead(-1);
	while (!loop->done(loop->self)) {
		int key, ready;
		int64_t since_ms = cc_ui_monotonic_ms();
		if (cc_ui_take_stop(&status))
			break;
		loop->frame(loop->self);
		refresh();
		ready = loop_wait(loop->timeout_ms(loop->self), since_ms, loop->wake_fd ? loop->wake_fd(loop->self) : -1,
		                  &unblocked);
		if (ready < 0)
			break;
		if (ready == 0)
			continue;
		if (loop->before_keys)
			loop->before_keys(loop->self);
		key = getch();
		if (key == ERR && cc_ui_stdin_gone())
			break;
		for (; key != ERR && !loop->done(loop->self); key = getch())
			loop->key(loop->self, key);
	}
	cc_ui_term_stop();
	sigprocmask(SIG_SETMASK, &unblocked, NULL);
	return status;
}

/* ---- the steps of a loop, shared by cc_ui_run() and the spectator screen
 * (watch.c): the clock, signals, the wait. */

void cc_ui_block_signals(sigset_t *unblocked)
{
	sigset_t blocked;
	sigemptyset(&blocked);
	sigaddset(&blocked, SIGINT);
	sigaddset(&blocked, SIGTERM);
	sigaddset(&blocked, SIGHUP);
	sigaddset(&blocked, SIGWINCH);
	sigprocmask(SIG_BLOCK, &blocked, unblocked);
}

bool cc_ui_take_stop(int *status)
{
	int signo = 0;
	switch (cc_ui_term_take_signal(&signo)) {
	case CC_UI_SIG_STOP:
		*status = 128 + signo;
		return true;
	case CC_UI_SIG_RESIZE:
		cc_ui_term_resize();
		break;
	case CC_UI_SIG_NONE:
		break;
	}
	return false;
}

#define WAIT_SIGNAL 2 /* wait_input_for(): a signal came */
#define WAIT_WAKE 3   /* wait_input_for(): the loop's wake descriptor is readable */
static int wait_input_for(int timeout_ms, int wake_fd, const sigset_t *unblocked);

/* The loop's wait: timeout_ms from since_ms, the clock read before the
 * frame that asked for it. A clock moved from outside is waited on in naps
 * of its poll_ms: the wait ends on input, a signal, or once the clock reads
 * since_ms + timeout_ms (when the real clock would have woken the loop).
 * Measured from before the frame, a move of the clock while the frame was
 * drawn can wake the loop early, never late. A readable wake_fd (>= 0) ends
 * the wait as a time-out does. */
static int loop_wait(int timeout_ms, int64_t since_ms, int wake_fd, const sigset_t *unblocked)
{
	const cc_clock *clock = cc_clock_system();
	if (clock->poll_ms <= 0 || timeout_ms == 0) {
		int ready = wait_input_for(timeout_ms, wake_fd, unblocked);
		return ready == WAIT_SIGNAL || ready == WAIT_WAKE ? 0 : ready;
	}
	for (;;) {
		int ready = wait_input_for(clock->poll_ms, wake_fd, unblocked);
		if (ready == WAIT_SIGNAL || ready == WAIT_WAKE)
			return 0;
		if (ready != 0)
			return ready;
		if (timeout_ms > 0 && clock->monotonic_ms(clock) - since_ms >= timeout_ms)
			return 0;
	}
}

static int wait_input_for(int timeout_ms, int wake_fd, const sigset_t *unblocked)
{
	fd_set in;
	struct timespec wait, *waitp = NULL;
	int ready;
	if (timeout_ms >= 0) {
		wait.tv_sec = timeout_ms / 1000;
		wait.tv_nsec = (long)(timeout_ms % 1000) * 1000000L;
		waitp = &wait;
	}
	FD_ZERO(&in);
	FD_SET(STDIN_FILENO, &in);
	if (wake_fd >= FD_SETSIZE)
		wake_fd = -1;
	if (wake_fd >= 0)
		FD_SET(wake_fd, &in);
	ready = pselect((wake_fd > STDIN_FILENO ? wake_fd : STDIN_FILENO) + 1, &in, NULL, NULL, waitp, unblocked);
	if (ready < 0)
		return errno == EINTR ? WAIT_SIGNAL : -1;
	if (ready > 0 && !FD_ISSET(STDIN_FILENO, &in))
		return WAIT_WAKE;
	return ready > 0 ? 1 : 0;
}

/* stdin was reported readable but gave no key: the terminal is gone
 * (hang-up without SIGHUP, closed pty), so stop instead of spinning. */
bool cc_ui_stdin_gone(void)
{
	struct pollfd pfd = {STDIN_FILENO, POLLIN, 0};
	return poll(&pfd, 1, 0) > 0 && (pfd.revents & (POLLHUP | POLLERR | POLLNVAL));
}
