/*
 * commands.h: the subcommands of the `chesscubing` program.
 *
 * Each takes the arguments after its own name (argv[0] is the subcommand
 * name, as getopt_long expects) and returns the process exit status.
 */
#ifndef CHESSCUBING_CLI_COMMANDS_H
#define CHESSCUBING_CLI_COMMANDS_H

int cc_cli_cmd_script(int argc, char **argv);
int cc_cli_cmd_demo(int argc, char **argv);
int cc_cli_cmd_perft(int argc, char **argv);
int cc_cli_cmd_scramble(int argc, char **argv);

int cc_cli_cmd_list(int argc, char **argv);
int cc_cli_cmd_show(int argc, char **argv);
int cc_cli_cmd_verify(int argc, char **argv);
int cc_cli_cmd_export(int argc, char **argv);
int cc_cli_cmd_watch(int argc, char **argv);
int cc_cli_cmd_serve(int argc, char **argv);
int cc_cli_cmd_import(int argc, char **argv);

/* The club (rules/club.md): cmd_players.c, cmd_ratings.c, cmd_event.c. */
int cc_cli_cmd_players(int argc, char **argv);
int cc_cli_cmd_ratings(int argc, char **argv);
int cc_cli_cmd_h2h(int argc, char **argv);
int cc_cli_cmd_event(int argc, char **argv);

/*
 * Ends a command's output: flushes standard output and, when anything could
 * not be written (a full disk, a closed pipe), says so on stderr and
 * returns 1; otherwise returns status.
 */
/*
 * Prints text (UTF8) padded with spaces to width columns of the terminal,
 * counted by display width, not bytes ("Chloé" takes 5 columns); longer
 * text is printed whole. For the text tables of the club's commands.
 */
void cc_cli_print_padded(const char *text, int width);

int cc_cli_finish_output(const char *command, int status);

#endif
