/*
 * loop.c: the console's main loop, and the only place in the shell that
 * reads the monotonic clock.
 *
 * Match time is (monotonic now - start) x speed, recomputed on every frame:
 * nothing is accumulated, so the screen cannot drift from the core. The
 * loop sleeps in pselect() on stdin until the next moment the picture
 * changes (the next tenth of a second a running clock shows, or the demo's
 * next step), so an idle console costs almost nothing. Signal handlers only
 * set flags. The signals are blocked except inside pselect(), which unblocks
 * them atomically: a signal can then never slip in between the check of the
 * flags and the sleep (the race that a plain poll() would have).
 */
#include "ui_internal.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>

typedef struct {
	int64_t start_ns;
	int64_t base_ms; /* match time at start_ns: a resumed match goes on from its last event */
	double speed;
} match_clock;

static int64_t monotonic_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int64_t match_now_ms(const match_clock *mc)
{
	return mc->base_ms + (int64_t)((double)(monotonic_ns() - mc->start_ns) * mc->speed / 1e6);
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
}

static int next_timeout(const match_clock *mc, const cc_ui_console *c, const cc_ui_demo *demo, bool demo_on)
{
	int64_t next = cc_ui_console_next_change_ms(c);
	if (demo_on && cc_ui_demo_next(demo) >= 0) {
		int64_t d = cc_ui_demo_next(demo) - c->now_ms;
		if (d < 0)
			d = 0;
		if (next < 0 || d < next)
			next = d;
	}
	return real_timeout(mc, next);
}

/* stdin was reported readable but gave no key: the terminal is gone
 * (hang-up without SIGHUP, closed pty), so stop instead of spinning. */
static bool eof_on_stdin(void)
{
	struct pollfd pfd = {STDIN_FILENO, POLLIN, 0};
	return poll(&pfd, 1, 0) > 0 && (pfd.revents & (POLLHUP | POLLERR | POLLNVAL));
}

static void draw(const cc_ui_console *c)
{
	cc_ui_console_draw(c);
	refresh();
}

/* The record every accepted event goes to; the demo records nothing.
 * A database that is not ours, newer, read-only or damaged stops the
 * program here, before the terminal is touched (RE-1.3). */
static cc_err open_record(const cc_ui_options *options, cc_store **store, cc_error *err)
{
	char path[4096];
	*store = NULL;
	if (options->demo)
		return CC_OK;
	if (!options->db) {
		cc_err rc = cc_store_default_path(path, sizeof path, true, err);
		if (rc)
			return rc;
	}
	return cc_store_open(store, options->db ? options->db : path, CC_STORE_WRITE, err);
}

/* A loaded match goes on from its last event's time. */
static void follow_loaded_match(match_clock *mc, cc_ui_console *c)
{
	if (!c->clock_reset)
		return;
	mc->start_ns = monotonic_ns();
	mc->base_ms = c->clock_base_ms;
	c->clock_reset = false;
}

int cc_ui_run(const cc_ui_options *options)
{
	cc_ui_console console;
	cc_ui_demo demo;
	cc_store *store = NULL;
	cc_error err = {CC_OK, ""};
	match_clock mc = {monotonic_ns(), 0, options->speed > 0 ? options->speed : 1.0};
	int status = 0;
	sigset_t unblocked;

	if (open_record(options, &store, &err) != CC_OK || cc_ui_console_init(&console, store, &err) != CC_OK) {
		fprintf(stderr, "chesscubing: %s\n", err.message);
		cc_store_close(store);
		return 1;
	}
	if (options->resume && cc_ui_console_resume(&console, options->resume_id, &err) != CC_OK) {
		fprintf(stderr, "chesscubing: %s\n", err.message);
		cc_ui_console_fini(&console);
		cc_store_close(store);
		return 1;
	}
	follow_loaded_match(&mc, &console);
	if (cc_ui_term_start(&err) != CC_OK) {
		cc_ui_term_stop();
		cc_ui_console_fini(&console);
		cc_store_close(store);
		fprintf(stderr, "chesscubing: %s\n", err.message);
		return 1;
	}
	if (options->demo)
		cc_ui_demo_init(&demo, &console, 0);
	cc_ui_block_signals(&unblocked);
	while (!console.quit) {
		int key, ready;
		if (cc_ui_take_stop(&status))
			break;
		cc_ui_console_update(&console, match_now_ms(&mc));
		if (options->demo) {
			cc_ui_demo_run(&demo, &console, console.now_ms);
			cc_ui_console_update(&console, console.now_ms);
		}
		draw(&console);
		ready = cc_ui_wait_input(next_timeout(&mc, &console, &demo, options->demo), &unblocked);
		if (ready < 0)
			break;
		if (ready == 0)
			continue;
		/* Keys act on the match as it is now, not as last drawn. */
		cc_ui_console_update(&console, match_now_ms(&mc));
		key = getch();
		if (key == ERR && eof_on_stdin())
			break;
		for (; key != ERR && !console.quit; key = getch())
			cc_ui_console_key(&console, key);
		follow_loaded_match(&mc, &console);
	}
	cc_ui_term_stop();
	sigprocmask(SIG_SETMASK, &unblocked, NULL);
	cc_ui_console_fini(&console);
	cc_store_close(store);
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

int64_t cc_ui_monotonic_ms(void)
{
	return monotonic_ns() / 1000000;
}

int cc_ui_wait_input(int timeout_ms, const sigset_t *unblocked)
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
	ready = pselect(STDIN_FILENO + 1, &in, NULL, NULL, waitp, unblocked);
	if (ready < 0)
		return errno == EINTR ? 0 : -1;
	return ready > 0 ? 1 : 0;
}

bool cc_ui_stdin_gone(void)
{
	return eof_on_stdin();
}
