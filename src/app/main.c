/*
 * main.c: the `chesscubing` program's entry point: global options and the
 * dispatch to subcommands. Each subcommand lives in its own file.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
};

static const struct command commands[] = {
	{"demo", cc_app_cmd_demo, "play a sample match and print it (the default)"},
	{"script", cc_app_cmd_script, "run a scenario against the match core, print the state as JSON"},
	{"perft", cc_app_cmd_perft, "count legal move sequences (chess move generator check)"},
	{"list", cc_app_cmd_list, "list the matches in the record"},
	{"show", cc_app_cmd_show, "print the summary of a recorded match"},
	{"export", cc_app_cmd_export, "write a recorded match as JSON, scenario, PGN or text"},
	{"scramble", cc_app_cmd_scramble, "print random-state 3x3 scrambles or a match's sheet"},
};

static void print_usage(FILE *out)
{
	fprintf(out, "Usage: chesscubing [OPTION]... [COMMAND [ARG]...]\n"
	             "ChessCubing Arbiter: runs a ChessCubing match (Twice V2, Time V1).\n\n"
	             "Commands:\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "\nOptions:\n"
	             "  -h, --help     display this help and exit\n"
	             "  -V, --version  output version information and exit\n\n"
	             "'chesscubing COMMAND --help' describes a command.\n");
}

static int run_command(int argc, char **argv)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(argv[0], commands[i].name) == 0)
			return commands[i].run(argc, argv);
	fprintf(stderr, "chesscubing: unknown command '%s' (try 'chesscubing --help')\n", argv[0]);
	return 2;
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	int opt;
	/* '+': stop at the first non-option, the subcommand's own options follow it. */
	while ((opt = getopt_long(argc, argv, "+hV", options, NULL)) != -1) {
		switch (opt) {
		case 'h':
			print_usage(stdout);
			return 0;
		case 'V':
			printf("chesscubing %s\n", CC_VERSION);
			return 0;
		default:
			print_usage(stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		char *demo_argv[] = {"demo", NULL};
		return cc_app_cmd_demo(1, demo_argv);
	}
	return run_command(argc - optind, argv + optind);
}
