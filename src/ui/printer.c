/*
 * printer.c: the scramble sheet printed from the pre-match check-list
 * (CK-1.6): see ui_printer.h.
 *
 * CUPS is asked through its own command-line client, as an arbiter would
 * at a shell: `lpstat -d` names the default destination, `lp -d DEST
 * FILE` queues the file. They are run with posix_spawnp() (no shell: the
 * argv is ours, a printer's name or a path is one argument whatever its
 * characters), stdin from /dev/null, stdout and stderr into one pipe read
 * without blocking, in the C locale so lpstat's answer has one spelling.
 * The console blocks its signals outside pselect() (loop.c): the child
 * gets them unblocked and at their defaults. One child at a time; its end
 * is taken by waitpid() on its own pid, never on any child.
 */
#include "ui_printer.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chesscubing/game.h"
#include "chesscubing/session_sheet.h"
#include "ui_checklist.h"
#include "ui_console.h"
#include "ui_dialogs.h"
#include "ui_i18n.h"
#include "ui_loop.h"

extern char **environ;

typedef enum { JOB_NONE, JOB_LOOKING, JOB_SENDING } job_kind;

struct cc_ui_printer {
	job_kind job;
	pid_t pid;
	int fd;               /* the child's stdout and stderr, non-blocking */
	int64_t started_ms;   /* real time the child started */
	char out[1024];       /* what it said (the rest dropped) */
	size_t len;
	char pdf[4096];       /* the sheet written */
	char dest[128];       /* the default destination lpstat named */
};

static struct cc_ui_printer *printer_of(cc_ui_console *c)
{
	if (!c->printer) {
		c->printer = calloc(1, sizeof *c->printer);
		if (c->printer)
			c->printer->fd = -1;
	}
	return c->printer;
}

/* The environment the child gets: ours, in the C locale. Freed by the caller. */
static char **child_environment(void)
{
	static char c_locale[] = "LC_ALL=C";
	size_t n = 0;
	while (environ && environ[n])
		n++;
	char **env = calloc(n + 2, sizeof *env);
	if (!env)
		return NULL;
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "LC_ALL=", 7) != 0 && strncmp(environ[i], "LANGUAGE=", 9) != 0)
			env[k++] = environ[i];
	env[k++] = c_locale;
	env[k] = NULL;
	return env;
}

/* argv run as a child of ours, its output into p->fd; 0 or an errno. */
static int spawn(struct cc_ui_printer *p, char *const argv[], int64_t now_ms)
{
	int fds[2];
	if (pipe(fds) != 0)
		return errno;
	(void)fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	(void)fcntl(fds[1], F_SETFD, FD_CLOEXEC);
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t none, defaults;
	sigemptyset(&none);
	sigemptyset(&defaults);
	sigaddset(&defaults, SIGINT);
	sigaddset(&defaults, SIGTERM);
	sigaddset(&defaults, SIGHUP);
	sigaddset(&defaults, SIGWINCH);
	sigaddset(&defaults, SIGPIPE);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, fds[1], STDOUT_FILENO);
	posix_spawn_file_actions_adddup2(&fa, fds[1], STDERR_FILENO);
	posix_spawnattr_init(&at);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &defaults);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	char **env = child_environment();
	int rc = env ? posix_spawnp(&p->pid, argv[0], &fa, &at, argv, env) : ENOMEM;
	free(env);
	posix_spawnattr_destroy(&at);
	posix_spawn_file_actions_destroy(&fa);
	close(fds[1]);
	if (rc != 0) {
		close(fds[0]);
		return rc;
	}
	(void)fcntl(fds[0], F_SETFL, O_NONBLOCK);
	p->fd = fds[0];
	p->len = 0;
	p->out[0] = '\0';
	p->started_ms = now_ms;
	return 0;
}

/* What the child wrote so far, kept up to the buffer's size. */
static void drain(struct cc_ui_printer *p)
{
	char buf[512];
	ssize_t got;
	while (p->fd >= 0 && (got = read(p->fd, buf, sizeof buf)) > 0) {
		size_t room = sizeof p->out - 1 - p->len, take = (size_t)got < room ? (size_t)got : room;
		memcpy(p->out + p->len, buf, take);
		p->len += take;
		p->out[p->len] = '\0';
	}
}

/* The child's first line, printable and short: words to quote on screen. */
static void first_line(const struct cc_ui_printer *p, char *buf, size_t size)
{
	size_t k = 0;
	const char *s = p->out;
	while (*s == '\n' || *s == '\r' || *s == ' ')
		s++;
	for (; *s && *s != '\n' && *s != '\r' && k + 4 < size && k < 80; s++)
		buf[k++] = (unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f ? '?' : *s;
	if (*s && *s != '\n' && *s != '\r') /* a long line cut, and seen to be */
		buf[k++] = '.', buf[k++] = '.', buf[k++] = '.';
	buf[k] = '\0';
	if (!k)
		snprintf(buf, size, "%s", _("it said nothing"));
}

/* lpstat -d's destination ("system default destination: NAME"): false for
 * none, or a name that is no CUPS name (spaces, slashes, quotes...). */
static bool default_destination(const char *out, char *dest, size_t size)
{
	const char *at = strstr(out, "default destination: ");
	if (!at)
		return false;
	at += strlen("default destination: ");
	size_t n = strcspn(at, "\r\n");
	while (n && at[n - 1] == ' ')
		n--;
	if (n == 0 || n >= size || at[0] == '-')
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)at[i];
		if (ch <= ' ' || ch >= 0x7f || strchr("/\\#'\"", ch))
			return false;
	}
	memcpy(dest, at, n);
	dest[n] = '\0';
	return true;
}

static void say(cc_ui_console *c, bool error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(cc_ui_console *c, bool error, const char *fmt, ...)
{
	char line[4096 + 512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	cc_ui_console_message(c, error, line);
}

/* The PDF's file name, for the message line; its whole path is in the log. */
static const char *file_name(const struct cc_ui_printer *p)
{
	const char *slash = strrchr(p->pdf, '/');
	return slash ? slash + 1 : p->pdf;
}

/* lpstat has answered (status as waitpid's, -1: not started, errno in why). */
static void looked(cc_ui_console *c, struct cc_ui_printer *p, int status, int why)
{
	char said[160];
	first_line(p, said, sizeof said);
	if (status < 0 || (WIFEXITED(status) && WEXITSTATUS(status) == 127)) {
		if (status >= 0)
			why = ENOENT; /* 127: the exec's "command not found" */
		/* lpstat not found is the common case: said in the user's words */
		say(c, true, _("lpstat (CUPS) %s: no printer. Print %s by hand (l: where)."),
		    why == ENOENT ? _("not installed") : strerror(why), file_name(p));
		return;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !default_destination(p->out, p->dest, sizeof p->dest)) {
		say(c, true, _("No default printer (lpstat -d: %s). Print %s by hand (l: where)."), said, file_name(p));
		return;
	}
	if (c->modal.kind == CC_UI_MODAL_NONE && cc_ui_checklist_shown(c)) {
		char prompt[sizeof c->modal.prompt];
		snprintf(prompt, sizeof prompt, _("Scramble sheet written to %s. Send it to the default printer %s (lp -d %s)?"),
		         p->pdf, p->dest, p->dest);
		cc_ui_modal_open(c, CC_UI_MODAL_CONFIRM, CC_UI_ACT_PRINT, prompt);
		return;
	}
	if (cc_ui_checklist_shown(c)) /* a dialog was open: asked again by w */
		say(c, false, _("Default printer %s: w again offers to send %s."), p->dest, file_name(p));
	else
		say(c, true, _("Default printer %s found, but block 1 has started: %s not sent (l: where)."), p->dest,
		    file_name(p));
}

/* lp has answered. */
static void sent(cc_ui_console *c, struct cc_ui_printer *p, int status, int why)
{
	char said[160];
	first_line(p, said, sizeof said);
	if (status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		say(c, false, _("%s sent to the printer %s (lp: %s)."), file_name(p), p->dest, said);
		return;
	}
	int code = status < 0 ? -1 : WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	if (status < 0)
		snprintf(said, sizeof said, "%s", why == ENOENT ? _("not installed") : strerror(why));
	say(c, true, _("lp did not print %s on %s (exit status %d: %s)."), file_name(p), p->dest, code, said);
}

static void job_done(cc_ui_console *c, struct cc_ui_printer *p, int status, int why)
{
	job_kind job = p->job;
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
	p->job = JOB_NONE;
	switch (job) {
	case JOB_LOOKING:
		looked(c, p, status, why);
		return;
	case JOB_SENDING:
		sent(c, p, status, why);
		return;
	case JOB_NONE:
		return;
	}
}

/* The sheet's page of the match shown, the one `chesscubing scramble
 * --sheet --match N --pdf` draws (dated the day the match was created). */
static bool write_pdf(cc_ui_console *c, struct cc_ui_printer *p)
{
	const cc_match_settings *s = cc_match_settings_of(c->match);
	cc_session_info info;
	char date[11] = "";
	cc_error err = {0};
	if (cc_session_db_info(c->db, cc_session_id(c->session), &info, &err) == CC_OK)
		snprintf(date, sizeof date, "%.10s", info.created_utc);
	cc_session_sheet_page page = {
		.match_id = cc_session_id(c->session),
		.white = cc_ui_console_name(c, CC_SIDE_WHITE),
		.black = cc_ui_console_name(c, CC_SIDE_BLACK),
		.game = _(cc_game_class_of(s->format)->label),
		.date = date,
		.seed = s->seed,
		.sheet = cc_session_sheet(c->session),
	};
	if (cc_session_write_sheet_pdf(cc_ui_lang(), c->db, &page, p->pdf, sizeof p->pdf, &err) != CC_OK) {
		cc_ui_console_refusal(c, &err);
		return false;
	}
	char line[sizeof p->pdf + 128];
	snprintf(line, sizeof line, _("Scramble sheet PDF written to %s"), p->pdf);
	cc_ui_console_log(c, false, line);
	return true;
}

void cc_ui_printer_sheet(cc_ui_console *c)
{
	struct cc_ui_printer *p = printer_of(c);
	if (!p || !c->match || !c->session)
		return;
	if (p->job != JOB_NONE) {
		say(c, true, "%s", _("The printer is still being asked: wait for its answer on this line."));
		return;
	}
	if (!write_pdf(c, p))
		return;
	char *argv[] = {"lpstat", "-d", NULL};
	int rc = spawn(p, argv, c->real_ms);
	if (rc != 0) {
		looked(c, p, -1, rc);
		return;
	}
	p->job = JOB_LOOKING;
	say(c, false, _("%s written; looking for a default printer (lpstat -d)..."), file_name(p));
}

void cc_ui_printer_send(cc_ui_console *c)
{
	struct cc_ui_printer *p = c->printer;
	if (!p || p->job != JOB_NONE || !p->dest[0] || !p->pdf[0])
		return;
	char *argv[] = {"lp", "-d", p->dest, p->pdf, NULL};
	int rc = spawn(p, argv, c->real_ms);
	if (rc != 0) {
		p->job = JOB_SENDING;
		job_done(c, p, -1, rc);
		return;
	}
	p->job = JOB_SENDING;
	say(c, false, _("Sending the scramble sheet to the printer %s (lp -d %s)..."), p->dest, p->dest);
}

bool cc_ui_printer_busy(const cc_ui_console *c)
{
	return c->printer && c->printer->job != JOB_NONE;
}

int cc_ui_printer_fd(const cc_ui_console *c)
{
	return c->printer && c->printer->job != JOB_NONE ? c->printer->fd : -1;
}

void cc_ui_printer_tick(cc_ui_console *c)
{
	struct cc_ui_printer *p = c->printer;
	if (!p || p->job == JOB_NONE)
		return;
	drain(p);
	int status = 0;
	pid_t r = waitpid(p->pid, &status, WNOHANG);
	int why = r < 0 ? errno : 0;
	if (r == 0 && c->real_ms - p->started_ms < CC_UI_PRINT_WAIT_MS)
		return;
	if (r == 0) { /* no answer in time: stopped, and said so */
		kill(p->pid, SIGKILL);
		(void)waitpid(p->pid, &status, 0);
		say(c, true, _("%s did not answer in %d s: stopped. Print %s by hand (l: where)."),
		    p->job == JOB_LOOKING ? "lpstat" : "lp", CC_UI_PRINT_WAIT_MS / 1000, file_name(p));
		close(p->fd);
		p->fd = -1;
		p->job = JOB_NONE;
		return;
	}
	drain(p);
	job_done(c, p, r < 0 ? -1 : status, why);
}

void cc_ui_printer_close(cc_ui_console *c)
{
	struct cc_ui_printer *p = c->printer;
	if (!p)
		return;
	if (p->job != JOB_NONE) {
		kill(p->pid, SIGKILL);
		(void)waitpid(p->pid, NULL, 0);
	}
	if (p->fd >= 0)
		close(p->fd);
	free(p);
	c->printer = NULL;
}
