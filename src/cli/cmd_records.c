/*
 * cmd_records.c: the commands that read the match record and never write:
 * `list`, `show MATCH`, `export MATCH --format json|scenario|pgn|pgn-null|text`,
 * `report MATCH [--pdf FILE]`.
 * Each takes --db FILE (default: matches.db in the data folder, cc_session_data_folder).
 */
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chesscubing/session.h"
#include "chesscubing/session_club.h"
#include "cli_util.h"
#include "commands.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_export.h"
#include "chesscubing/session_sheet.h"

typedef enum { OUT_TEXT, OUT_JSON, OUT_CSV } output;

typedef struct {
	const char *db;
	const char *format;
	int64_t match_id; /* 0: the newest */
	bool listing;     /* list: --json and --csv taken */
	output out;
} record_options;

/* Parses --db, --format (when format_allowed) and an optional MATCH. */
static int parse_options(int argc, char **argv, bool format_allowed, const char *usage, record_options *opt)
{
	static const struct option options[] = {
		{"db", required_argument, NULL, 'd'},
		{"format", required_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{"json", no_argument, NULL, 'j'},
		{"csv", no_argument, NULL, 'c'},
		{NULL, 0, NULL, 0},
	};
	int c;
	cc_cli_options_start();
	while ((c = cc_cli_getopt(argv[0], argc, argv, "d:f:h", options)) != -1) {
		if (c == 'd') {
			opt->db = optarg;
		} else if (c == 'f' && format_allowed) {
			opt->format = optarg;
		} else if ((c == 'j' || c == 'c') && opt->listing) {
			opt->out = c == 'j' ? OUT_JSON : OUT_CSV;
		} else if (c == 'j' || c == 'c') {
			return cc_cli_no_format(argv[0], c == 'j' ? "--json" : "--csv");
		} else if (c == 'f') {
			return cc_cli_no_format(argv[0], "--format"); /* export's alone */
		} else {
			return cc_cli_usage_text(c, usage);
		}
	}
	if (argc - optind > 1)
		return cc_cli_usage_error(usage);
	if (optind < argc && cc_cli_match_number(argv[0], argv[optind], &opt->match_id) != 0)
		return 2;
	return -1;
}

/* Opens the record read only and reads the chosen match back; prints the
 * error and returns 1 on failure. */
static int load(const char *command, const record_options *opt, cc_session_db **db, cc_session **session)
{
	cc_error err;
	cc_err rc = cc_session_db_open(db, opt->db, CC_SESSION_DB_READ, NULL, &err);
	if (rc == CC_OK)
		rc = cc_session_read(session, *db, opt->match_id, &err);
	if (rc) {
		cc_cli_fail(command, &err);
		cc_session_db_close(*db);
		*db = NULL;
		return 1;
	}
	return 0;
}

/* The columns a text, as `list` pads it: texts of a few kinds (formats,
 * categories), so each is measured once, not once a row. */
#define LIST_WIDTHS 16
typedef struct {
	const char *text; /* a translation's address: the same for the whole run */
	int bytes;        /* cc_cli_byte_width() of it */
} list_width;

/* What `list` prints as it reads: the rows so far, the output, and the
 * widths measured. */
typedef struct {
	size_t rows;
	output out;
	list_width widths[LIST_WIDTHS];
	int columns[LIST_WIDTHS];
} list_walk;

/* The result the club gives m (CL-5.8, read with its row): *played its
 * result as played when a correction changed it; a match in play "*". */
static const char *club_result(const cc_session_info *m, const char **played)
{
	*played = NULL;
	if (!m->over)
		return "*";
	if (m->club_winner != m->winner)
		*played = cc_session_result_code(true, m->winner);
	return cc_session_result_code(true, m->club_winner);
}

/* One match of `list --json|--csv` (docs/output-formats.md), as the record
 * is read: one object a line in a JSON array, or one CSV row. */
static cc_err print_list_data(void *ctx, const cc_session_info *m, cc_error *err)
{
	list_walk *w = ctx;
	bool category = cc_game_has(m->settings.format, CC_GAME_CATEGORY);
	const char *played;
	const char *result = club_result(m, &played);
	json_t *o = json_pack("{s:I, s:s, s:s, s:s?, s:s, s:s, s:I, s:s, s:s?, s:s?}", "id", (json_int_t)m->id,
	                      "created_utc", m->created_utc, "format", cc_format_name(m->settings.format), "category",
	                      category ? cc_category_name(m->settings.category) : NULL, "white", m->settings.white,
	                      "black", m->settings.black, "events", (json_int_t)m->events, "result", result, "reason",
	                      m->over ? cc_reason_name(m->reason) : NULL, "corrected_from", played);
	if (!o)
		return cc_refuse(err, CC_MSG_NOMEM);
	if (w->out == OUT_CSV) {
		cc_cli_csv_row(o, w->rows == 0);
	} else {
		char *line = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
		printf("%s%s", w->rows ? ",\n  " : "[\n  ", line ? line : "null");
		free(line);
	}
	json_decref(o);
	w->rows++;
	return CC_OK;
}

/* The format column of `list`: the widest title ("ChessCubing Twice"). */
#define LIST_FORMAT_WIDTH 17

/* text as `list` shows it (RU-24): itself when it is printable ASCII,
 * which cc_session_printable() leaves as it is (the common case, and a
 * list prints two names a match), else escaped into buf. */
static const char *shown(const char *text, char *buf, size_t size)
{
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		if (*p < 0x20 || *p > 0x7E) {
			cc_session_printable(text, buf, size);
			return buf;
		}
	return text;
}

/* cc_cli_byte_width(text, columns), measured once a text. */
static int list_byte_width(list_walk *w, const char *text, int columns)
{
	for (size_t i = 0; i < LIST_WIDTHS; i++) {
		list_width *c = &w->widths[i];
		if (c->text == text && w->columns[i] == columns)
			return c->bytes;
		if (!c->text) {
			c->text = text;
			w->columns[i] = columns;
			return c->bytes = cc_cli_byte_width(text, columns);
		}
	}
	return cc_cli_byte_width(text, columns);
}

/* A line of `list` as it is made: one write a row, not one printf a
 * column (a list of a million matches prints a million lines). */
typedef struct {
	char text[1024];
	size_t len;
} list_line;

static void line_add(list_line *l, const char *text, size_t n)
{
	if (n > sizeof l->text - 1 - l->len)
		n = sizeof l->text - 1 - l->len;
	memcpy(l->text + l->len, text, n);
	l->len += n;
}

static void line_str(list_line *l, const char *text)
{
	line_add(l, text, strlen(text));
}

/* text left-aligned in bytes bytes (printf's "%-*s"), at least the text. */
static void line_padded(list_line *l, const char *text, int bytes)
{
	size_t n = strlen(text);
	line_add(l, text, n);
	for (int i = (int)n; i < bytes && l->len < sizeof l->text - 1; i++)
		l->text[l->len++] = ' ';
}

/* A count or a match number right-aligned in width (printf's "%*lld"). */
static void line_number(list_line *l, int64_t value, int width)
{
	char digits[24];
	size_t n = sizeof digits;
	uint64_t v = value < 0 ? 0 - (uint64_t)value : (uint64_t)value;
	do {
		digits[--n] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	if (value < 0)
		digits[--n] = '-';
	for (int i = (int)(sizeof digits - n); i < width && l->len < sizeof l->text - 1; i++)
		l->text[l->len++] = ' ';
	line_add(l, digits + n, sizeof digits - n);
}

/* A name in a column of width columns: printable ASCII that fits as it is
 * (one column a byte); anything else is measured by the width tables and
 * printed by cc_cli_print_column(), after the line so far. */
static void line_column(list_line *l, const char *text, int columns)
{
	const unsigned char *p = (const unsigned char *)text;
	while (*p >= 0x20 && *p <= 0x7E)
		p++;
	size_t n = (size_t)(p - (const unsigned char *)text);
	if (!*p && n <= (size_t)columns) {
		line_padded(l, text, columns);
		return;
	}
	fwrite(l->text, 1, l->len, stdout);
	l->len = 0;
	cc_cli_print_column(text, columns);
}

/* One line of `list`, printed as the record is read. */
static cc_err print_list_row(void *ctx, const cc_session_info *m, cc_error *err)
{
	list_walk *w = ctx;
	list_line l = {.len = 0};
	(void)err;
	const char *played;
	const char *result = club_result(m, &played);
	/* A crafted record may hold anything: shown escaped (RU-24). */
	char white_buf[4 * CC_NAME_MAX], black_buf[4 * CC_NAME_MAX], created_buf[4 * sizeof m->created_utc];
	const char *white = shown(m->settings.white, white_buf, sizeof white_buf);
	const char *black = shown(m->settings.black, black_buf, sizeof black_buf);
	const char *created = shown(m->created_utc, created_buf, sizeof created_buf);
	/* The format and the category as people name them; the record's
	 * spellings are for --json and --csv. */
	const char *format = cc_session_format_text(cc_ui_lang(), m->settings.format);
	const char *category = cc_game_has(m->settings.format, CC_GAME_CATEGORY)
	                               ? cc_session_category_text(m->settings.category) : "-";
	line_number(&l, m->id, 4);
	line_str(&l, "  ");
	line_padded(&l, created, 20);
	line_str(&l, "  ");
	line_padded(&l, format, list_byte_width(w, format, LIST_FORMAT_WIDTH));
	line_str(&l, " ");
	line_padded(&l, category, list_byte_width(w, category, 8));
	line_str(&l, " ");
	line_column(&l, white, 20);
	line_str(&l, " ");
	line_column(&l, black, 20);
	const char *fixed = cc_session_describe_uno_fixed(cc_ui_lang(), &m->settings); /* UNO-F10 */
	line_str(&l, " ");
	line_number(&l, (int64_t)m->events, 6);
	line_str(&l, "  ");
	if (!m->over) {
		line_str(&l, _("in progress"));
	} else if (played) { /* CL-5.8: the club's result, and the one played with how it ended */
		fwrite(l.text, 1, l.len, stdout);
		l.len = 0;
		printf(_("%s (corrected from %s %s)"), result, played, cc_session_reason_text(cc_ui_lang(), m->reason));
	} else {
		line_str(&l, result);
		line_str(&l, " ");
		line_str(&l, cc_session_reason_text(cc_ui_lang(), m->reason));
	}
	if (fixed) {
		line_str(&l, "  ");
		line_str(&l, fixed);
	}
	line_str(&l, "\n");
	fwrite(l.text, 1, l.len, stdout);
	return CC_OK;
}

int cc_cli_cmd_list(int argc, char **argv)
{
	record_options opt = {NULL, NULL, 0, true, OUT_TEXT};
	int status = parse_options(argc, argv, false, "Usage: chesscubing list [--db FILE] [--json|--csv]\n"
	                                              "List the matches in the record.\n", &opt);
	cc_session_db *db = NULL;
	cc_error err;
	if (status >= 0 || opt.match_id)
		return status >= 0 ? status : 2;
	if (cc_session_db_open(&db, opt.db, CC_SESSION_DB_READ, NULL, &err)) {
		cc_cli_fail("list", &err);
		return 1;
	}
	if (opt.out == OUT_TEXT)
		printf("%*s  %-*s  %-*s %-*s %-*s %-*s %*s  %s\n", cc_cli_byte_width(_("ID"), 4), _("ID"),
		       cc_cli_byte_width(_("CREATED (UTC)"), 20), _("CREATED (UTC)"),
		       cc_cli_byte_width(_("FORMAT"), LIST_FORMAT_WIDTH), _("FORMAT"),
		       cc_cli_byte_width(_("CATEGORY"), 8), _("CATEGORY"), cc_cli_byte_width(_("WHITE"), 20), _("WHITE"),
		       cc_cli_byte_width(_("BLACK"), 20), _("BLACK"), cc_cli_byte_width(_("EVENTS"), 6), _("EVENTS"),
		       _("RESULT"));
	/* Streamed: one match at a time from the record's cursor, so memory
	 * stays the same whatever the record's size. */
	list_walk walk = {.rows = 0, .out = opt.out};
	if (cc_session_db_list_each(db, opt.out == OUT_TEXT ? print_list_row : print_list_data, &walk, &err)) {
		fflush(stdout);
		cc_cli_fail("list", &err);
		cc_session_db_close(db);
		return 1;
	}
	cc_session_db_close(db);
	if (opt.out == OUT_JSON)
		fputs(walk.rows ? "\n]\n" : "[]\n", stdout);
	else if (opt.out == OUT_CSV && walk.rows == 0)
		puts("id,created_utc,format,category,white,black,events,result,reason,corrected_from");
	return cc_cli_finish_output("list", 0);
}

/* The club's word on the match (CL-4.2): its event, each player's rating
 * change or why it does not count, as the renderer says it. */
static void print_rating_change(cc_session_db *db, const cc_session *session)
{
	cc_session_match_club club;
	char text[4 * CC_NAME_MAX + 256], printable[4 * sizeof text];
	if (cc_session_club_match(db, cc_session_id(session), &club, NULL) != CC_OK)
		return;
	cc_session_describe_club(cc_ui_lang(), &club, &cc_session_info_of(session)->settings, text, sizeof text);
	/* Line by line: the names made printable, the line breaks kept. */
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		cc_session_printable(line, printable, sizeof printable);
		printf("%s\n", printable);
	}
}

/* CL-5.6: the arbiters' club corrections of the match, each on a line. */
static void print_corrections(cc_session_db *db, const cc_session *session)
{
	const cc_session_info *info = cc_session_info_of(session);
	cc_session_correction *items = NULL;
	size_t n = 0;
	char line[1024], printable[4 * sizeof line];
	if (cc_session_club_corrections(db, cc_session_id(session), &items, &n, NULL) != CC_OK)
		return;
	for (size_t i = 0; i < n; i++) {
		cc_session_describe_correction(cc_ui_lang(), &items[i], info->over, info->winner, line, sizeof line);
		cc_session_printable(line, printable, sizeof printable);
		printf("%s\n", printable);
	}
	free(items);
}

int cc_cli_cmd_show(int argc, char **argv)
{
	record_options opt = {NULL, NULL, 0, false, OUT_TEXT};
	int status = parse_options(argc, argv, false, "Usage: chesscubing show [--db FILE] [MATCH]\n"
	                                              "Print the summary of a match (the newest without MATCH).\n", &opt);
	cc_session_db *db = NULL;
	cc_session *session = NULL;
	if (status >= 0)
		return status;
	if (load("show", &opt, &db, &session))
		return 1;
	status = cc_session_write_report(cc_ui_lang(), stdout, session, true, false) == 0 ? 0 : 1;
	if (status == 0) {
		print_rating_change(db, session);
		print_corrections(db, session);
	}
	cc_session_destroy(session);
	cc_session_db_close(db);
	return cc_cli_finish_output("show", status);
}

int cc_cli_cmd_export(int argc, char **argv)
{
	record_options opt = {NULL, "json", 0, false, OUT_TEXT};
	int status = parse_options(argc, argv, true,
	                           "Usage: chesscubing export [--db FILE] [--format json|scenario|pgn|pgn-null|text] [MATCH]\n"
	                           "Write a match (the newest without MATCH) to standard output.\n", &opt);
	cc_export_format format;
	cc_session_db *db = NULL;
	cc_session *session = NULL;
	if (status >= 0)
		return status;
	if (cc_session_export_format_parse(opt.format, &format)) {
		fprintf(stderr, _("chesscubing export: unknown format '%s' (json, scenario, pgn, pgn-null or text)\n"), opt.format);
		return 2;
	}
	if (load("export", &opt, &db, &session))
		return 1;
	/* PGN's comments in English unless --lang asked (what readers expect) */
	bool pgn = format == CC_EXPORT_PGN || format == CC_EXPORT_PGN_NULL;
	status = cc_session_export(pgn ? cc_ui_lang_pgn() : cc_ui_lang(), stdout, session, format) == 0 ? 0 : 1;
	cc_session_destroy(session);
	cc_session_db_close(db);
	return cc_cli_finish_output("export", status);
}

/* `chesscubing report [--db FILE] [MATCH] [--pdf FILE]`: the text report
 * (show's, with the event log), or with --pdf the one-page match sheet
 * the arbiter and the players sign (RE-9), in the language asked. */
int cc_cli_cmd_report(int argc, char **argv)
{
	static const char usage[] =
		"Usage: chesscubing report [--db FILE] [MATCH] [--pdf FILE]\n"
		"Print the report of a match (the newest without MATCH): its summary and every event.\n"
		"--pdf FILE writes the match sheet the arbiter and the players sign instead: one A4 page\n"
		"with each block, every intervention of the arbiter, the result and three signature boxes\n"
		"(- writes it to standard output).\n";
	static const struct option options[] = {
		{"db", required_argument, NULL, 'd'},
		{"pdf", required_argument, NULL, 'p'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	record_options opt = {NULL, NULL, 0, false, OUT_TEXT};
	const char *pdf = NULL;
	int c;
	cc_cli_options_start();
	while ((c = cc_cli_getopt(argv[0], argc, argv, "d:p:h", options)) != -1) {
		if (c == 'd')
			opt.db = optarg;
		else if (c == 'p')
			pdf = optarg;
		else
			return cc_cli_usage_text(c, usage);
	}
	if (argc - optind > 1)
		return cc_cli_usage_error(usage);
	if (optind < argc && cc_cli_match_number(argv[0], argv[optind], &opt.match_id) != 0)
		return 2;
	if (pdf && strcmp(pdf, "-") == 0 && isatty(STDOUT_FILENO)) {
		fprintf(stderr, _("chesscubing report: standard output is a terminal; the sheet is a PDF: redirect it "
		                  "(--pdf - > FILE)\n"));
		return 2;
	}
	cc_session_db *db = NULL;
	cc_session *session = NULL;
	if (load("report", &opt, &db, &session))
		return 1;
	int status = 0;
	cc_error err;
	if (!pdf)
		status = cc_session_write_report(cc_ui_lang(), stdout, session, true, true) == 0 ? 0 : 1;
	else if (cc_session_match_sheet_print(cc_ui_lang(), db, session, CC_SHEET_PDF, pdf, &err) != CC_OK)
		status = cc_cli_fail("report", &err);
	cc_session_destroy(session);
	cc_session_db_close(db);
	return cc_cli_finish_output("report", status);
}

/* `chesscubing verify [--db FILE] [MATCH]`: a Chess-Uno game's fairness.
 * Exit 0 verified, 1 not verified (or the record could not be read), 2 usage. */
int cc_cli_cmd_verify(int argc, char **argv)
{
	static const char usage[] =
		"Usage: chesscubing verify [--db FILE] [MATCH]\n"
		"Check a finished Chess-Uno game (default: the newest match): the commitment shown at the start\n"
		"must be SHA-256(secret || deal || options || players) (or, for a game recorded before this\n"
		"version, SHA-256(secret || deal)), and every recorded draw the next card of that deal.\n";
	record_options opt = {NULL, NULL, 0, false, OUT_TEXT};
	cc_session_db *db = NULL;
	cc_session_verdict verdict;
	cc_error err;
	int status = parse_options(argc, argv, false, usage, &opt);
	if (status >= 0)
		return status;
	cc_err rc = cc_session_db_open(&db, opt.db, CC_SESSION_DB_READ, NULL, &err);
	if (rc == CC_OK)
		rc = cc_session_verify(db, opt.match_id, &verdict, &err);
	cc_session_db_close(db);
	if (rc) {
		cc_cli_fail("verify", &err);
		return 1;
	}
	printf("commitment  %s\ncomputed    %s\nsecret      %s\ndeal        %s\n", verdict.commitment,
	       verdict.computed[0] ? verdict.computed : "-", verdict.secret, verdict.deal);
	if (verdict.ok && verdict.version == 1)
		printf("commitment version 1 (recorded before version 2): it binds the secret and the deal, not the "
		       "options and the players\n");
	if (verdict.ok)
		printf("verified: the deal is the one committed to at the start, and its %zu draws came from it in order\n",
		       verdict.draws);
	else if (verdict.detail.code) { /* UNO-F10: said from its id, in the user's language */
		char why[CC_SESSION_REFUSAL_MAX];
		cc_session_describe_refusal(cc_ui_lang(), &verdict.detail, why, sizeof why);
		printf("NOT VERIFIED: %s\n", why);
	} else
		printf("NOT VERIFIED: %s\n", verdict.why);
	return cc_cli_finish_output("verify", verdict.ok ? 0 : 1);
}

/*
 * `backup -`: the backup made into a private temporary folder (SQLite's
 * backup writes a file it can seek in), then copied to standard output
 * and removed. Returns the exit status.
 */
static int backup_to_stdout(cc_session_db *db)
{
	char folder[4096], file[4200];
	const char *tmp = getenv("TMPDIR");
	cc_error err;
	if (isatty(STDOUT_FILENO)) {
		fprintf(stderr, _("chesscubing backup: standard output is a terminal; the copy is a binary file: "
		                  "redirect it (backup - > FILE)\n"));
		return 2;
	}
	snprintf(folder, sizeof folder, "%s/chesscubing-backup-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
	if (!mkdtemp(folder)) { /* 0700: nobody else reads the deal on its way */
		cc_refuse(&err, CC_MSG_CANNOT_OPEN, folder, errno);
		return cc_cli_fail("backup", &err);
	}
	snprintf(file, sizeof file, "%s/matches.db", folder);
	int status = 0;
	if (cc_session_db_backup(db, file, &err) != CC_OK) {
		status = cc_cli_fail("backup", &err);
	} else {
		FILE *in = fopen(file, "rb");
		char buf[65536];
		size_t n;
		while (in && (n = fread(buf, 1, sizeof buf, in)) > 0 && fwrite(buf, 1, n, stdout) == n)
			;
		if (!in || ferror(in)) {
			cc_refuse(&err, CC_MSG_CANNOT_OPEN, file, errno);
			status = cc_cli_fail("backup", &err);
		}
		if (in)
			fclose(in);
	}
	unlink(file);
	rmdir(folder);
	return cc_cli_finish_output("backup", status);
}

/* `backup [--db FILE] TO`: the record copied through SQLite's online
 * backup, so a console may go on writing; TO must not exist ("-":
 * standard output). */
int cc_cli_cmd_backup(int argc, char **argv)
{
	static const char usage[] =
		"Usage: chesscubing backup [--db FILE] TO\n"
		"Copy the whole record (default: the data folder's matches.db) into the new file TO, with SQLite's\n"
		"online backup: safe while consoles are writing to it; the copy holds every event recorded before\n"
		"the backup began, and opens like any record (chesscubing list --db TO). TO is never overwritten;\n"
		"- writes the copy to standard output.\n";
	static const struct option options[] = {
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	const char *path = NULL;
	int c;
	cc_cli_options_start();
	while ((c = cc_cli_getopt(argv[0], argc, argv, "d:h", options)) != -1) {
		if (c == 'd')
			path = optarg;
		else
			return cc_cli_usage_text(c, usage);
	}
	if (argc - optind != 1)
		return cc_cli_usage_error(usage);
	cc_session_db *db = NULL;
	cc_error err;
	cc_err rc = cc_session_db_open(&db, path, CC_SESSION_DB_READ, NULL, &err);
	if (rc == CC_OK && strcmp(argv[optind], "-") == 0) {
		int status = backup_to_stdout(db);
		cc_session_db_close(db);
		return status;
	}
	if (rc == CC_OK)
		rc = cc_session_db_backup(db, argv[optind], &err);
	cc_session_db_close(db);
	if (rc) {
		cc_cli_fail("backup", &err);
		return 1;
	}
	printf(_("backed up to %s\n"), argv[optind]);
	return cc_cli_finish_output("backup", 0);
}
