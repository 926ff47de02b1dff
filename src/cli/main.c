/*
 * main.c: the `chesscubing` program's entry point: global options and the
 * dispatch to subcommands. Each subcommand lives in its own file. Without a
 * command, the arbiter's console opens (src/ui/).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/ui.h"
#include "cli_util.h"
#include "commands.h"

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
};

static const struct command commands[] = {
	{"demo", cc_cli_cmd_demo, N_("play a sample match and print it (no console)")},
	{"script", cc_cli_cmd_script, N_("run a scenario against the match core, print the state as JSON")},
	{"perft", cc_cli_cmd_perft, N_("count legal move sequences (chess move generator check)")},
	{"list", cc_cli_cmd_list, N_("list the matches in the record")},
	{"show", cc_cli_cmd_show, N_("print the summary of a recorded match")},
	{"verify", cc_cli_cmd_verify, N_("check a finished Chess-Uno game's deal against its commitment")},
	{"report", cc_cli_cmd_report, N_("print a recorded match's report, or write its match sheet to sign (--pdf)")},
	{"export", cc_cli_cmd_export, N_("write a recorded match as JSON, scenario, PGN or text")},
	{"backup", cc_cli_cmd_backup, N_("copy the record into a new file, safely while consoles write to it")},
	{"import", cc_cli_cmd_import, N_("read PGN games back onto a board, print each final position (records nothing)")},
	{"scramble", cc_cli_cmd_scramble, N_("print random-state 3x3 scrambles or a match's sheet")},
	{"watch", cc_cli_cmd_watch, N_("follow a recorded match, or every board of an event (--event), live (read only)")},
	{"serve", cc_cli_cmd_serve, N_("serve the live boards, events and PGN feeds to web browsers (read only)")},
	{"players", cc_cli_cmd_players, N_("the club's players: add, list, rename, show, edit, merge, delete, log")},
	{"ratings", cc_cli_cmd_ratings, N_("the club's rating list, replayed from the record")},
	{"h2h", cc_cli_cmd_h2h, N_("the head-to-head record of two players")},
	{"event", cc_cli_cmd_event, N_("a club round robin or Swiss: create, pair, publish, standings, forfeits, import, export")},
	{"correct", cc_cli_cmd_correct, N_("an arbiter's correction of a finished game's result or rated flag")},
	{"pair", cc_cli_cmd_pair, N_("pair the next round of a TRF16 Swiss by the FIDE Dutch system, or check its last round")},
	{"stackmat", cc_cli_cmd_stackmat, N_("check the Stackmat timers' cables: each timer's state and time, live")},
	{"dgt", cc_cli_cmd_dgt, N_("check a DGT board's cable and orientation: the board and every piece moved, live")},
};

static void print_usage(FILE *out)
{
	fputs(_("Usage: chesscubing [OPTION]... [COMMAND [ARG]...]\n"
	             "ChessCubing Arbiter: runs a ChessCubing match (Twice V2, Time V1), a chess game\n"
	             "(FIDE Laws, standard or Checkered) or a game of Chess-Uno.\n\n"
	             "Commands:\n"), out);
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(out, "  %-10s %s\n", commands[i].name, _(commands[i].summary));
	fprintf(out, "  %-10s %s\n", "resume", _("reopen a recorded match in the console: resume [MATCH]"));
	fputs(_("\nWithout a command, the arbiter's console opens on a new match.\n"
	             "\nOptions:\n"
	             "      --db=FILE    the match database (default:\n"
	             "                   $XDG_DATA_HOME/chesscubing/matches.db)\n"
	             "  -s, --speed=N    run the match clock N times faster (console)\n"
	             "  -d, --demo       play a sample match by itself (console)\n"
	             "  -l, --lang=LANG  texts in LANG: fr or en (default: the locale)\n"
	             "  -k, --clock-keys=WB  the players' clock keys, White's then Black's\n"
	             "                   (default: xn; Space is always the side to move's)\n"
	             "      --stackmat=DEV  the players' Stackmat timers on one stereo input (an\n"
	             "                   ALSA device: left channel White, right Black); in the\n"
	             "                   cube phase a stopped timer proposes its time (console)\n"
	             "      --stackmat-white=DEV --stackmat-black=DEV  a timer on each input\n"
	             "      --dgt=DEV    a DGT electronic board on serial device DEV: in moves\n"
	             "                   recording its moves are recorded at the clock presses\n"
	             "                   (console, resume)\n"
	             "  -h, --help       display this help and exit\n"
	             "  -V, --version    output version information and exit\n\n"
	             "--lang may also follow the command (chesscubing resume --lang fr).\n"
	             "'chesscubing COMMAND --help' describes a command.\n"
	             "Full documentation: man chesscubing when installed; from a build or a clone,\n"
	             "man ./docs/chesscubing.1\n"), out);
}

static void print_version(void)
{
	printf("chesscubing (ChessCubing Arbiter) %s\n"
	       "Copyright (C) 2026 the ChessCubing Arbiter authors.\n"
	       "License MIT: <https://opensource.org/licenses/MIT>.\n"
	       "This is free software: you are free to change and redistribute it.\n"
	       "There is NO WARRANTY, to the extent permitted by law.\n",
	       CC_VERSION);
}

/* A positive speed factor, or 0 when text is not one. */
static double parse_speed(const char *text)
{
	char *end;
	double speed = strtod(text, &end);
	if (end == text || *end || !(speed > 0.0) || speed > 10000.0)
		return 0.0;
	return speed;
}

/* The language --lang names (a row of languages.def), or NULL said on
 * stderr. */
static const cc_lang *lang_named(const char *name)
{
	const cc_lang *lang = cc_lang_named(name);
	if (!lang) {
		char codes[128];
		cc_lang_codes(codes, sizeof codes);
		fprintf(stderr, _("chesscubing: unknown language '%s' (one of %s)\n"), name, codes);
	}
	return lang;
}

/*
 * `--lang LANG` (or --lang=LANG) anywhere after the command: taken out of
 * the command's arguments (it is the program's option, not the command's)
 * into *lang. argv is rewritten in place; returns the new argc, or -1 with
 * a message for a bad language.
 */
static int take_lang(int argc, char **argv, const cc_lang **lang)
{
	int out = 1;
	for (int i = 1; i < argc; i++) {
		const char *value = NULL;
		if (strcmp(argv[i], "--") == 0) {
			while (i < argc)
				argv[out++] = argv[i++];
			break;
		}
		if (strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
			value = argv[++i];
		else if (strncmp(argv[i], "--lang=", 7) == 0)
			value = argv[i] + 7;
		if (!value) {
			argv[out++] = argv[i];
			continue;
		}
		if (!(*lang = lang_named(value)))
			return -1;
	}
	argv[out] = NULL;
	return out;
}

static int run_command(int argc, char **argv)
{
	if (strcmp(argv[0], "complete") == 0)
		return cc_cli_cmd_complete(argc, argv); /* the completion's, not listed */
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(argv[0], commands[i].name) == 0)
			return commands[i].run(argc, argv);
	fprintf(stderr, _("chesscubing: unknown command '%s' (try 'chesscubing --help')\n"), argv[0]);
	return 2;
}

/* `chesscubing --db FILE COMMAND ...` is `chesscubing COMMAND --db FILE ...`. */
static int run_command_with_db(int argc, char **argv, const char *db)
{
	char **args = calloc((size_t)argc + 3, sizeof *args);
	if (!args) {
		fprintf(stderr, _("chesscubing: out of memory\n"));
		return 1;
	}
	args[0] = argv[0];
	/* getopt_long takes char *; these strings are only read. */
	args[1] = (char *)(uintptr_t) "--db";
	args[2] = (char *)(uintptr_t)db;
	for (int i = 1; i < argc; i++)
		args[i + 2] = argv[i];
	int status = run_command(argc + 2, args);
	free(args);
	return status;
}

/* The timers' options, the program's and resume's alike. */
#define STACKMAT_OPTIONS                                                                                        \
	{"stackmat", required_argument, NULL, 'S'}, {"stackmat-white", required_argument, NULL, 'W'},           \
	{                                                                                                        \
		"stackmat-black", required_argument, NULL, 'B'                                                   \
	}

/* The Stackmat inputs as given: one stereo input, or one input a player. */
typedef struct {
	const char *stereo;
	const char *side[2];
} stackmat_args;

/* One option of the program's own (before the subcommand) into ui; -1 to
 * go on, or the exit status (0 after --help and --version, 2 refused). */
static int global_option(int opt, cc_ui_options *ui, stackmat_args *sm)
{
	switch (opt) {
	case 's':
		ui->speed = parse_speed(optarg);
		if (ui->speed == 0.0) {
			fprintf(stderr, _("chesscubing: invalid speed '%s' (a number above 0)\n"), optarg);
			return 2;
		}
		return -1;
	case 'd':
		ui->demo = true;
		return -1;
	case 'D':
		ui->db = optarg;
		return -1;
	case 'l':
		ui->lang = lang_named(optarg);
		return ui->lang ? -1 : 2;
	case 'k':
		if (strlen(optarg) != 2 || !cc_ui_clock_keys_valid(optarg[0], optarg[1])) {
			fprintf(stderr, _("chesscubing: invalid clock keys '%s' (two different printable keys, White's then "
			        "Black's, not a key of the block screen)\n"),
			        optarg);
			return 2;
		}
		ui->clock_keys[0] = optarg[0];
		ui->clock_keys[1] = optarg[1];
		return -1;
	case 'S':
		sm->stereo = optarg;
		return -1;
	case 'W':
	case 'B':
		sm->side[opt == 'B'] = optarg;
		return -1;
	case 'G':
		ui->dgt = optarg;
		return -1;
	default:
		fprintf(stderr, _("Try 'chesscubing --help' for more information.\n"));
		return 2;
	}
}

/* The timers: one stereo input, or one input a player (rules/stackmat.md);
 * false, said, when they are given otherwise. */
static bool stackmat_inputs(const stackmat_args *sm, cc_ui_options *ui)
{
	if ((sm->stereo && (sm->side[0] || sm->side[1])) || (!sm->side[0] != !sm->side[1])) {
		fprintf(stderr, _("chesscubing: the timers come from --stackmat DEV, or from --stackmat-white DEV and "
		                "--stackmat-black DEV together\n"));
		return false;
	}
	ui->stackmat[0] = sm->stereo ? sm->stereo : sm->side[0];
	ui->stackmat[1] = sm->stereo ? NULL : sm->side[1];
	return true;
}

/* `chesscubing resume [--db FILE] [--stackmat...] [--dgt DEV] [MATCH]`: the console on a recorded match,
 * the newest unfinished one without MATCH (RU-18: it comes back paused). */
static int run_resume(int argc, char **argv, cc_ui_options *ui, stackmat_args *sm)
{
	static const struct option options[] = {
		{"db", required_argument, NULL, 'D'},
		STACKMAT_OPTIONS,
		{"dgt", required_argument, NULL, 'G'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	int opt;
	cc_cli_options_start();
	while ((opt = cc_cli_getopt("resume", argc, argv, "h", options)) != -1) {
		if (opt == 'D') {
			ui->db = optarg;
		} else if (opt == 'S') {
			sm->stereo = optarg;
		} else if (opt == 'W' || opt == 'B') {
			sm->side[opt == 'B'] = optarg;
		} else if (opt == 'G') {
			ui->dgt = optarg;
		} else if (opt == 'h') {
			return cc_cli_usage_text(opt, "Usage: chesscubing [--speed N] [--lang LANG] resume [--db FILE] [--stackmat DEV |\n"
			                              "       --stackmat-white DEV --stackmat-black DEV] [--dgt DEV] [MATCH]\n"
			                              "Reopen match MATCH (the newest unfinished one without it) in the console;\n"
			                              "a match stopped during a block comes back paused. The Stackmat timers are\n"
			                              "given again as to the console (a resume does not remember them), and so is\n"
			                              "the DGT board (--dgt DEV).\n");
		} else {
			fputs(_("Try 'chesscubing resume --help' for more information.\n"), stderr);
			return 2;
		}
	}
	if (argc - optind > 1) {
		fprintf(stderr, _("chesscubing resume: one match at most, '%s' is one too many\n"), argv[optind + 1]);
		fprintf(stderr, _("Try 'chesscubing resume --help' for more information.\n"));
		return 2;
	}
	if (optind < argc && cc_cli_match_number("resume", argv[optind], &ui->resume_id) != 0)
		return 2;
	if (!stackmat_inputs(sm, ui))
		return 2;
	ui->resume = true;
	return cc_ui_run(ui);
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{"speed", required_argument, NULL, 's'},
		{"demo", no_argument, NULL, 'd'},
		{"lang", required_argument, NULL, 'l'},
		{"db", required_argument, NULL, 'D'},
		{"clock-keys", required_argument, NULL, 'k'},
		STACKMAT_OPTIONS,
		{"dgt", required_argument, NULL, 'G'},
		{NULL, 0, NULL, 0},
	};
	stackmat_args sm = {NULL, {NULL, NULL}};
	cc_ui_options ui;
	int opt;
	cc_ui_options_default(&ui);
	/* The environment's language for what is said before --lang is read. */
	cc_ui_i18n_init(NULL);
	/* '+': stop at the first non-option, the subcommand's own options follow it. */
	bool help = false, version = false;
	while ((opt = cc_cli_getopt(NULL, argc, argv, "+hVs:dl:k:", options)) != -1) {
		if (opt == 'h' || opt == 'V') {
			/* Said once the whole line is read: `--help --lang fr` in French. */
			help = help || opt == 'h';
			version = version || opt == 'V';
			continue;
		}
		int status = global_option(opt, &ui, &sm);
		if (status >= 0)
			return status;
	}
	if (help || version) {
		cc_ui_i18n_init(ui.lang);
		if (help)
			print_usage(stdout);
		else
			print_version();
		return cc_cli_finish_output("--help", 0);
	}
	if (!stackmat_inputs(&sm, &ui))
		return 2;
	if (optind >= argc) {
		cc_ui_i18n_init(ui.lang);
		return cc_ui_run(&ui);
	}
	int cmd_argc = take_lang(argc - optind, argv + optind, &ui.lang);
	if (cmd_argc < 0)
		return 2;
	argc = optind + cmd_argc;
	/* Every command speaks the language asked (before or after its name),
	 * else the locale's (LANG=fr_FR.UTF-8 alone gives French). */
	cc_ui_i18n_init(ui.lang);
	if (strcmp(argv[optind], "resume") == 0)
		return run_resume(argc - optind, argv + optind, &ui, &sm);
	if (ui.db)
		return run_command_with_db(argc - optind, argv + optind, ui.db);
	return run_command(argc - optind, argv + optind);
}
