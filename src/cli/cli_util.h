/*
 * cli_util.h: what every command of the `chesscubing` program shares, so
 * that no command keeps its own copy: the end of the output, the tail of
 * an option loop, a match number argument, CSV fields, JSON documents and
 * text columns by display width.
 *
 * Owns: standard output's formats only; never touches a record (the
 * commands go through the session). Strings passed in are only read.
 */
#ifndef CHESSCUBING_CLI_UTIL_H
#define CHESSCUBING_CLI_UTIL_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "chesscubing/common.h"
#include "chesscubing/support_lang.h"
#include "chesscubing/ui.h"

/* The commands' texts in the language main chose before any command
 * (cc_ui_i18n_init: --lang, then the locale). */
#define _(s) cc_lang_tr(cc_ui_lang(), s)
#define N_(s) (s)
/* A text that says count n, in the form n takes (issue 35 N9): P_("%d move", "%d moves", n). */
#define P_(s, p, n) cc_lang_ntr(cc_ui_lang(), s, p, (unsigned long)(n))

/*
 * Ends a command's output: flushes standard output and, when anything could
 * not be written (a full disk, a closed pipe), says so on stderr and
 * returns 1; otherwise returns status.
 */
int cc_cli_finish_output(const char *command, int status);

/*
 * The one way a command says a refusal or a failure: "chesscubing COMMAND:
 * WHY" on stderr, WHY being err said by the renderer in the user's
 * language (--lang, else the locale), never its English line. Returns 1,
 * the exit status of a command that failed. cc_cli_fail_at puts where (a
 * file, "line 3", NULL: nothing) before WHY.
 */
int cc_cli_fail(const char *command, const cc_error *err);
int cc_cli_fail_at(const char *command, const char *where, const cc_error *err);

/*
 * Starts a command's option loop afresh (optind 0: glibc re-reads its
 * state and permutes again, where main parsed its own options with "+"),
 * so every command reads its own argv from the start whatever came before
 * it (`chesscubing --lang fr import FILE`), and takes its options after
 * its arguments too.
 */
void cc_cli_options_start(void);

/*
 * getopt_long() for every option loop, with getopt's own messages off
 * (they name argv[0], the program's full path, and are not ours to
 * translate): an unknown option, one missing its value or given one it
 * does not take is said here, "chesscubing COMMAND: ..." (command NULL:
 * the program's own options), in the user's language; '?' is returned
 * for it, and the loop's tail prints the usage.
 */
struct option;
int cc_cli_getopt(const char *command, int argc, char **argv, const char *shortopts, const struct option *longopts);

/*
 * An option's value that is not one the option takes: "chesscubing
 * COMMAND: OPTION VALUE: WHY" on stderr (why: what it takes, an English
 * msgid said in the user's language), and 2.
 */
int cc_cli_bad_value(const char *command, const char *option, const char *value, const char *why);

/* An input file named on the command line, "-" (or NULL) for standard
 * input; NULL said ("chesscubing COMMAND: cannot open FILE: ...") when it
 * cannot be opened. Closed by cc_cli_close_in, which leaves stdin open. */
FILE *cc_cli_open_in(const char *command, const char *path);
void cc_cli_close_in(FILE *in);

/*
 * The tail of every option loop, for the option getopt_long() gave that
 * the command does not take itself: 'h' (--help) prints usage on standard
 * output and gives 0; anything else (an unknown option, a missing
 * argument) prints it on stderr and gives 2, the exit status of a bad
 * command line. usage is an English msgid, said in the user's language.
 */
int cc_cli_usage_text(int opt, const char *usage);
/* A bad command line: usage (translated) on stderr, and 2. */
int cc_cli_usage_error(const char *usage);
/* cc_cli_usage_text() for a command whose usage is printed by a function. */
int cc_cli_usage_fn(int opt, void (*usage)(FILE *out));

/*
 * A MATCH argument: a whole number above 0 into *id, 0 returned; otherwise
 * "chesscubing COMMAND: 'TEXT' is not a match number" on stderr and 2.
 */
int cc_cli_match_number(const char *command, const char *text, int64_t *id);

/* A CSV field on standard output, by the one cell writer
 * (cc_session_csv_cell: escaped, quoted, a formula neutralised). */
void cc_cli_csv_field(const char *text);

/*
 * value as an indented JSON document (keys in their order, flags added:
 * JSON_REAL_PRECISION...) and a line end on standard output; value is
 * taken (NULL: out of memory). Returns 0, or 1 when it was not written.
 */
int cc_cli_print_json(json_t *value, size_t flags);

/*
 * rows (an array of flat objects, or one object) as CSV on standard output:
 * a header of the first row's keys in their order (keys, "a,b,c", when
 * there is no row), then one line a row,
 * each value as its JSON scalar says (null: empty, reals: 6 places), so
 * --csv has the very keys of --json (docs/output-formats.md). rows is
 * taken (NULL: out of memory, 1). Returns 0.
 */
int cc_cli_print_csv(json_t *rows, const char *keys);
/* One row (a flat object) as a CSV line, after its keys' line when header. */
void cc_cli_csv_row(const json_t *row, bool header);

/* The printf width that gives text (UTF8) columns terminal columns: a
 * translated column header ("JOUÉS") in "%*s" lines up by display width. */
int cc_cli_byte_width(const char *text, int columns);

/* "chesscubing COMMAND: OPTION does not apply here" on stderr, and 2: a
 * --json or --csv a command cannot honour is refused, never ignored. */
int cc_cli_no_format(const char *command, const char *option);

/*
 * Prints text (UTF8) in exactly width columns of the terminal, counted by
 * display width, not bytes ("Chloé" takes 5 columns, a CJK character 2, a
 * combining accent none): padded with spaces when it fits, otherwise cut
 * after a whole character (its combining marks kept) and ended by "…", so
 * that the columns of a table never shift (CL-7.8, textwidth.h). For the
 * text tables of every command.
 */
void cc_cli_print_padded(const char *text, int width);
/* The columns text for people is wrapped at: $COLUMNS when it is a width
 * (20 to 1000), else 80 (`pair --explain`, `event pair --explain`). */
int cc_cli_columns(void);
/* The same: every column of a table is printed so. */
void cc_cli_print_column(const char *text, int width);

#endif
