/*
 * stackmat_check.c: the cable check of `chesscubing stackmat` (the command
 * parses its options in src/cli/cmd_stackmat.c; ui.h).
 *
 * Prints each timer's decoded state and time as it changes, every solve a
 * timer finishes (the time the console would propose, and when the timer
 * stopped), and at the end how good each line was: valid packets, bad
 * checksums, broken bytes, the input level. From capture devices or from a
 * recorded WAV file, which is how a bug report carries the signal. The time
 * at the start of each line is seconds since the start: of the capture, or
 * into the file (a file is read as fast as it decodes).
 */
#include "chesscubing/ui.h"
#include "ui_bigfont.h"
#include "ui_console.h"
#include "ui_dialogs.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_stackmat.h"
#include "ui_term.h"

#include <signal.h>
#include <stdio.h>
#include <time.h>

#include "chesscubing/textwidth.h"
#include "stackmat_capture.h"

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
	(void)sig;
	interrupted = 1;
}

static const char *side_name(int side)
{
	return side == 0 ? _("White") : _("Black");
}

/* A timer's state in the user's language (the core's
 * cc_stackmat_state_name is the English of the record and the logs). */
static const char *state_text(cc_stackmat_state s)
{
	switch (s) {
	case CC_STACKMAT_NO_SIGNAL:
		return _("no signal");
	case CC_STACKMAT_RESET:
		return _("reset");
	case CC_STACKMAT_HANDS:
		return _("hands on");
	case CC_STACKMAT_READY:
		return _("ready");
	case CC_STACKMAT_RUNNING:
		return _("running");
	case CC_STACKMAT_STOPPED:
		return _("stopped");
	}
	return "?";
}

static void print_time(char *buf, size_t size, int32_t ms, bool thousandths)
{
	if (thousandths)
		snprintf(buf, size, "%d:%02d.%03d", (int)(ms / 60000), (int)(ms / 1000 % 60), (int)(ms % 1000));
	else
		snprintf(buf, size, "%d:%02d.%02d", (int)(ms / 60000), (int)(ms / 1000 % 60), (int)(ms % 1000 / 10));
}

/* text padded with spaces to width columns in buf (printf's %-9s counts
 * bytes, not what a French accent takes on screen; the width is the
 * text's own, not the curses screen's: this check prints to stdout). */
static const char *padded(const char *text, int width, char *buf, size_t size)
{
	int pad = width - cc_width_of(text);
	snprintf(buf, size, "%s%*s", text, pad > 0 ? pad : 0, "");
	return buf;
}

/* The widest of the states' and of the sides' names, so the columns line
 * up in any language. */
static int widest_state(void)
{
	int widest = 0;
	for (int k = CC_STACKMAT_NO_SIGNAL; k <= CC_STACKMAT_STOPPED; k++) {
		int w = cc_width_of(state_text((cc_stackmat_state)k));
		widest = w > widest ? w : widest;
	}
	return widest;
}

static int widest_side(void)
{
	int w = cc_width_of(side_name(0)), b = cc_width_of(side_name(1));
	return w > b ? w : b;
}

static void print_stats(int side, const cc_stackmat_capture_side *v)
{
	const cc_stackmat_stats *s = &v->stats;
	/* Each count after its name, so no count needs a plural form. */
	printf(_("%s: packets %u, bad checksums %u, broken packets %u, framing errors %u, edges %d of 65535%s%s\n"),
	       side_name(side), (unsigned)s->packets, (unsigned)s->bad_checksum, (unsigned)s->bad_packet,
	       (unsigned)s->framing_errors, (int)s->level,
	       s->packets ? (s->inverted ? _(", idles low") : _(", idles high")) : "",
	       v->device_failed ? _(", the device failed") : "");
}

/* Reads until the end, Ctrl-C or the time is up, printing what changes. */
static int check_run(cc_stackmat_capture *c, const cc_clock *clock, bool from_file, int64_t start, int64_t seconds)
{
	int64_t now = start;
	cc_stackmat_state last[2] = {CC_STACKMAT_NO_SIGNAL, CC_STACKMAT_NO_SIGNAL};
	int32_t last_ms[2] = {-1, -1};
	bool first = true;
	while (!interrupted && (seconds <= 0 || now - start < seconds * 1000)) {
		if (from_file) {
			now += 20; /* 20 ms of signal a step, as fast as it decodes */
		} else {
			struct timespec nap = {0, 20 * 1000 * 1000};
			nanosleep(&nap, NULL);
			now = clock->monotonic_ms(clock);
		}
		cc_stackmat_capture_final fin[4];
		size_t n;
		while ((n = cc_stackmat_capture_poll(c, now, fin, 4)) > 0) {
			for (size_t i = 0; i < n; i++) {
				char t[16], who[64];
				print_time(t, sizeof t, fin[i].fin.time_ms, fin[i].fin.thousandths);
				printf(_("%8.3f s  %s  solve %s (recorded as %d.%02d s), stopped at %.3f s\n"),
				       (double)(now - start) / 1000.0, padded(side_name(fin[i].side), widest_side(), who, sizeof who), t, (int)(fin[i].fin.time_cs / 100),
				       (int)(fin[i].fin.time_cs % 100), (double)(fin[i].stop_ms - start) / 1000.0);
			}
		}
		for (int side = 0; side < 2; side++) {
			cc_stackmat_capture_side v = cc_stackmat_capture_view(c, side);
			if (!v.present)
				continue;
			/* Running times change every packet: a line a state, and the
			 * time when it stops or resets. */
			bool time_news = v.state != CC_STACKMAT_RUNNING && v.time_ms != last_ms[side];
			if (!first && v.state == last[side] && !time_news)
				continue;
			char t[16], who[64], state[64];
			print_time(t, sizeof t, v.time_ms, v.thousandths);
			printf("%8.3f s  %s  %s %s\n", (double)(now - start) / 1000.0,
			       padded(side_name(side), widest_side(), who, sizeof who),
			       padded(state_text(v.state), widest_state(), state, sizeof state),
			       v.state == CC_STACKMAT_NO_SIGNAL ? "" : t);
			last[side] = v.state;
			last_ms[side] = v.time_ms;
		}
		first = false;
		fflush(stdout);
		if (from_file && cc_stackmat_capture_ended(c))
			break;
	}
	for (int side = 0; side < 2; side++) {
		cc_stackmat_capture_side v = cc_stackmat_capture_view(c, side);
		if (v.present)
			print_stats(side, &v);
	}
	return 0;
}

int cc_ui_stackmat_check(const cc_ui_stackmat_check_options *o)
{
	const cc_clock *clock = cc_clock_system();
	char why[CC_STACKMAT_CAPTURE_WHY_MAX];
	cc_stackmat_capture *c = NULL;
	int64_t start = o->file != NULL ? 0 : clock->monotonic_ms(clock);
	bool ok = o->file != NULL ? cc_stackmat_capture_open_wav(&c, o->file, start, why)
	                          : cc_stackmat_capture_open(&c, o->device[0], o->device[1], start, why);
	if (!ok) {
		fprintf(stderr, "chesscubing stackmat: %s\n", why);
		return 1;
	}
	printf(_("Reading %s at %u Hz%s\n"), o->file ? o->file : o->device[1] ? _("two inputs") : o->device[0],
	       (unsigned)cc_stackmat_capture_rate(c), o->file ? "" : _(" (Ctrl-C ends)"));
	interrupted = 0;
	signal(SIGINT, on_interrupt);
	int status = check_run(c, clock, o->file != NULL, start, o->seconds);
	signal(SIGINT, SIG_DFL);
	cc_stackmat_capture_close(c);
	return status;
}
