/*
 * cmd_dgt.c: `chesscubing dgt DEVICE`, a DGT board's check before a match
 * (rules/dgt.md): the board as it stands and every piece lifted or placed,
 * to check the cable and the board's orientation. The options are read
 * here; the check is the ui's (src/ui/dgt_check.c), where the device is.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "chesscubing/ui.h"
#include "cli_util.h"
#include "commands.h"

static void usage(FILE *out)
{
	fprintf(out, _("Usage: chesscubing dgt [--seconds N] DEVICE\n"
	             "Reads a DGT electronic board on its serial device (/dev/ttyACM0, /dev/ttyUSB0)\n"
	             "and prints its version, the board as it stands, its orientation, then every\n"
	             "piece lifted or placed: the check of the cable and the board before a match.\n\n"
	             "  -n, --seconds N    stop after N seconds (default: until Ctrl-C)\n"
	             "  -h, --help         display this help and exit\n"));
}

int cc_cli_cmd_dgt(int argc, char **argv)
{
	static const struct option options[] = {
		{"seconds", required_argument, NULL, 'n'}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
	long seconds = 0;
	int opt;
	cc_cli_options_start();
	while ((opt = cc_cli_getopt(argv[0], argc, argv, "n:h", options)) != -1) {
		switch (opt) {
		case 'n': {
			char *end;
			seconds = strtol(optarg, &end, 10);
			if (end == optarg || *end != '\0' || seconds < 1 || seconds > 86400) {
				fprintf(stderr, _("chesscubing dgt: --seconds wants a number from 1 to 86400\n"));
				return 2;
			}
			break;
		}
		case 'h':
			usage(stdout);
			return cc_cli_finish_output("dgt", 0);
		default:
			usage(stderr);
			return 2;
		}
	}
	if (argc - optind != 1) {
		fprintf(stderr, _("chesscubing dgt: one DEVICE, the board's serial device (/dev/ttyACM0)\n"));
		return 2;
	}
	cc_ui_dgt_check_options o = {argv[optind], seconds};
	return cc_cli_finish_output("dgt", cc_ui_dgt_check(&o));
}
