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
 * The options are read here; the check itself is the ui's
 * (src/ui/stackmat_check.c), where the capture is.
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chesscubing/ui.h"
#include "cli_util.h"
#include "commands.h"

static void usage(FILE *out)
{
	fprintf(out, _("Usage: chesscubing stackmat [--device DEV | --white DEV --black DEV] [--seconds N]\n"
	             "       chesscubing stackmat --file SIGNAL.wav\n"
	             "Reads Stackmat timers through a sound card's input and prints, as they change,\n"
	             "each timer's state and time, each finished solve, and the line's quality:\n"
	             "the check of cables and input levels before a match.\n\n"
	             "  -d, --device DEV   one stereo input: left channel White's timer, right\n"
	             "                     Black's (an ALSA device name, default \"default\")\n"
	             "  -w, --white DEV    White's timer on its own input (with --black)\n"
	             "  -b, --black DEV    Black's timer on its own input (with --white)\n"
	             "  -f, --file FILE    decode a recorded signal instead (WAV, 16-bit PCM, mono\n"
	             "                     or stereo as above; - for standard input)\n"
	             "  -n, --seconds N    stop after N seconds (default: until Ctrl-C)\n"
	             "  -h, --help         display this help and exit\n"));
}

/*
 * --file -: standard input, copied into a private temporary file first (the
 * WAV reader seeks past the chunks it skips, which a pipe cannot); its name
 * into path, 0, or -1 said.
 */
static int spool_stdin(char *path, size_t size)
{
	const char *dir = getenv("TMPDIR");
	snprintf(path, size, "%s/chesscubing-signal-XXXXXX", dir && dir[0] ? dir : "/tmp");
	int fd = mkstemp(path); /* 0600 */
	FILE *out = fd >= 0 ? fdopen(fd, "wb") : NULL;
	char buf[65536];
	size_t n;
	bool ok = out != NULL;
	while (ok && (n = fread(buf, 1, sizeof buf, stdin)) > 0)
		ok = fwrite(buf, 1, n, out) == n;
	ok = ok && !ferror(stdin);
	int saved = errno;
	if (out ? fclose(out) != 0 : (fd >= 0 && close(fd) != 0))
		ok = false;
	if (!ok) {
		cc_error why;
		cc_refuse(&why, CC_MSG_CANNOT_OPEN, _("standard input"), saved);
		cc_cli_fail("stackmat", &why);
		if (fd >= 0)
			unlink(path);
		return -1;
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
	while ((opt = cc_cli_getopt(argv[0], argc, argv, "d:w:b:f:n:h", options)) != -1) {
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
				fprintf(stderr, _("chesscubing stackmat: --seconds wants a number from 1 to 86400\n"));
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
		fprintf(stderr, _("chesscubing stackmat: one of --device DEV, --white DEV --black DEV or --file FILE\n"));
		return 2;
	}
	char spooled[4096];
	bool from_stdin = file && strcmp(file, "-") == 0;
	if (from_stdin && spool_stdin(spooled, sizeof spooled) != 0)
		return 1;
	cc_ui_stackmat_check_options o = {{device ? device : white ? white : "default", black},
	                                  from_stdin ? spooled : file, seconds};
	int status = cc_ui_stackmat_check(&o);
	if (from_stdin)
		unlink(spooled);
	return cc_cli_finish_output("stackmat", status);
}
