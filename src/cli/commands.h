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
int cc_cli_cmd_report(int argc, char **argv);
int cc_cli_cmd_watch(int argc, char **argv);
int cc_cli_cmd_serve(int argc, char **argv);
int cc_cli_cmd_import(int argc, char **argv);
int cc_cli_cmd_backup(int argc, char **argv); /* cmd_records.c */

/* The Stackmat timers' cable check (cmd_stackmat.c, rules/stackmat.md). */
int cc_cli_cmd_stackmat(int argc, char **argv);
/* A DGT board's check (cmd_dgt.c, rules/dgt.md). */
int cc_cli_cmd_dgt(int argc, char **argv);

/* The club (rules/club.md): cmd_players.c, cmd_ratings.c, cmd_event.c. */
int cc_cli_cmd_players(int argc, char **argv);
int cc_cli_cmd_ratings(int argc, char **argv);
int cc_cli_cmd_h2h(int argc, char **argv);
int cc_cli_cmd_event(int argc, char **argv);
/* `event import NAME --trf FILE` (cmd_event_import.c, CL-4.22), reached through cc_cli_cmd_event. */
int cc_cli_event_import(int argc, char **argv);
/* An arbiter's club correction of a finished game (cmd_correct.c, CL-5.3). */
int cc_cli_cmd_correct(int argc, char **argv);

/* Swiss pairings of a TRF16 file, a drop-in for bbpPairings / JaVaFo
 * (cmd_pair.c, rules/swiss.md). */
int cc_cli_cmd_pair(int argc, char **argv);

/* The bash completion's candidates, one a line (cmd_complete.c; not in
 * --help). */
int cc_cli_cmd_complete(int argc, char **argv);

/* What the commands share (the end of the output, CSV, JSON, columns):
 * cli_util.h. */

/* An event's standings and tie-break order (cmd_event_standings.c, CL-3.5,
 * CL-9): out 0 text, 1 JSON, 2 CSV; --tiebreaks checked (0, or the exit
 * status after saying why); a list set ("default": the system's) and
 * said; the order under `event show` and in its JSON. */
#include "chesscubing/session_club.h"
struct json_t;
int cc_cli_event_standings(cc_session_db *db, const char *name, int out);
int cc_cli_event_tb_check(const char *list);
int cc_cli_event_tb_set(cc_session_db *db, const char *name, const char *list);
void cc_cli_event_tb_print(const cc_session_event *e);
void cc_cli_event_tb_json(struct json_t *doc, const cc_session_event *e);

#endif
