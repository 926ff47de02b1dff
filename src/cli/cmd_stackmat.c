/*
 * cmd_stackmat.c: `chesscubing stackmat`, the cable check before a match.
 *
 * Prints each timer's decoded state and time as it changes, every solve a
 * timer finishes (the time the console would propose, and when the timer
 * stopped), and at the end how good each line was: valid packets, bad
 * checksums, broken bytes, the input level. From a capture device (the one
 * stereo input of the console's --stackmat, or two) or from a recorded WAV
 * file, which is how a bug report carries the signal.
 *
 * The time at the start of each line is seconds since the start: of the
 * capture, or into the file (a file is read as fast as it decodes).
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chesscubing/session.h"
#include "chesscubing/stackmat_capture.h"
#include "cli_util.h"
#include "commands.h"

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
	(void)sig;
	interrupted = 1;
}

static void usage(FILE *out)
{
	fprintf(out, "Usage: chesscubing stackmat [--device DEV | --white DEV --black DEV] [--seconds N]\n"
	             "       chesscubing stackmat --file SIGNAL.wav\n"
	             "Reads Stackmat timers through a sound card's input and prints, as they change,\n"
	             "each timer's state and time, each finished solve, and the line's quality:\n"
	             "the check of cables and input levels before a match.\n\n"
	             "  -d, --device DEV   one stereo input: left channel White's timer, right\n"
	             "                     Black's (an ALSA device name, default \"default\")\n"
	             "  -w, --white DEV    White's timer on its own input (with --black)\n"
	             "  -b, --black DEV    Black's timer on its own input (with --white)\n"
	             "  -f, --file FILE    decode a recorded signal instead (WAV, 16-bit PCM, mono\n"
	             "                     or stereo as above)\n"
	             "  -n, --seconds N    stop after N seconds (default: until Ctrl-C)\n"
	             "  -h, --help         display this help and exit\n");
}

static const char *side_name(int side)
{
	return side == 0 ? "White" : "Black";
}

static void print_time(char *buf, size_t size, int32_t ms, bool thousandths)
{
	if (thousandths)
		snprintf(buf, size, "%d:%02d.%03d", (int)(ms / 60000), (int)(ms / 1000 % 60), (int)(ms % 1000));
	else
		snprintf(buf, size, "%d:%02d.%02d", (int)(ms / 60000), (int)(ms / 1000 % 60), (int)(ms % 1000 / 10));
}

static void print_stats(int side, const cc_stackmat_capture_side *v)
{
	const cc_stackmat_stats *s = &v->stats;
	printf("%s: %u packets, %u bad checksums, %u broken packets, %u framing errors, edges %d of 65535%s%s\n",
	       side_name(side), (unsigned)s->packets, (unsigned)s->bad_checksum, (unsigned)s->bad_packet,
	       (unsigned)s->framing_errors, (int)s->level, s->packets ? (s->inverted ? ", idles low" : ", idles high") : "",
	       v->device_failed ? ", the device failed" : "");
}

/* Reads until the end, Ctrl-C or the time is up, printing what changes. */
static int run(cc_stackmat_capture *c, const cc_clock *clock, bool from_file, int64_t start, int64_t seconds)
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
				char t[16];
				print_time(t, sizeof t, fin[i].fin.time_ms, fin[i].fin.thousandths);
				printf("%8.3f s  %s  solve %s (recorded as %d.%02d s), stopped at %.3f s\n",
				       (double)(now - start) / 1000.0, side_name(fin[i].side), t, (int)(fin[i].fin.time_cs / 100),
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
			char t[16];
			print_time(t, sizeof t, v.time_ms, v.thousandths);
			printf("%8.3f s  %s  %-9s %s\n", (double)(now - start) / 1000.0, side_name(side),
			       cc_stackmat_state_name(v.state), v.state == CC_STACKMAT_NO_SIGNAL ? "" : t);
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

int cc_cli_cmd_stackmat(int argc, char **argv)
{
	static const struct option options[] = {
		{"device", required_argument, NULL, 'd'}, {"white", required_argument, NULL, 'w'},
		{"black", required_argument, NULL, 'b'},  {"file", required_argument, NULL, 'f'},
		{"seconds", required_argument, NULL, 'n'}, {"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	const char *device = NULL, *white = NULL, *black = NULL, *file = NULL;
	long seconds = 0;
	int opt;
	cc_cli_options_start();
	while ((opt = getopt_long(argc, argv, "d:w:b:f:n:h", options, NULL)) != -1) {
		switch (opt) {
		case 'd':
			device = optarg;
			break;
		case 'w':
			white = optarg;
			break;
		case 'b':
			black = optarg;
			break;
		case 'f':
			file = optarg;
			break;
		case 'n': {
			char *end;
			seconds = strtol(optarg, &end, 10);
			if (end == optarg || *end != '\0' || seconds < 1 || seconds > 86400) {
				fprintf(stderr, "chesscubing stackmat: --seconds wants a number from 1 to 86400\n");
				return 2;
			}
			break;
		}
		case 'h':
			usage(stdout);
			return cc_cli_finish_output("stackmat", 0);
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc || (white == NULL) != (black == NULL) || (file != NULL && (device || white)) ||
	    (device != NULL && white != NULL)) {
		fprintf(stderr, "chesscubing stackmat: one of --device DEV, --white DEV --black DEV or --file FILE\n");
		return 2;
	}
	const cc_clock *clock = cc_clock_system();
	char why[CC_STACKMAT_CAPTURE_WHY_MAX];
	cc_stackmat_capture *c = NULL;
	int64_t start = file != NULL ? 0 : clock->monotonic_ms(clock);
	bool ok = file != NULL    ? cc_stackmat_capture_open_wav(&c, file, start, why)
	          : white != NULL ? cc_stackmat_capture_open(&c, white, black, start, why)
	                          : cc_stackmat_capture_open(&c, device ? device : "default", NULL, start, why);
	if (!ok) {
		fprintf(stderr, "chesscubing stackmat: %s\n", why);
		return 1;
	}
	printf("Reading %s at %u Hz%s\n", file ? file : white ? "two inputs" : device ? device : "default",
	       (unsigned)cc_stackmat_capture_rate(c), file ? "" : " (Ctrl-C ends)");
	signal(SIGINT, on_interrupt);
	int status = run(c, clock, file != NULL, start, seconds);
	cc_stackmat_capture_close(c);
	return cc_cli_finish_output("stackmat", status);
}
