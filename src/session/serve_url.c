/*
 * serve_url.c: the page's address while `chesscubing serve` runs, in a side
 * file beside the record ("<record>.serve": the URL, then serve's PID),
 * so the console and `watch` can show it. serve reads the record only; this
 * file is the one thing it writes, whole (a temporary file renamed over the
 * old one) so a reader never sees half of it. A reader trusts nothing in
 * it: one URL of printable ASCII and a PID, or nothing; and the address is
 * serve's only while serve holds its claim on the record (the kernel's
 * lock, cc_store_side_hold, key 0): never by its PID, which a zombie or a
 * process of another PID namespace can answer for.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "session_internal.h"

#define SIDE_PATH_MAX 4200
#define SIDE_FILE_MAX 256 /* the URL, the PID and their newlines fit well under */

static bool side_path(const cc_session_db *db, const char *suffix, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s.serve%s", cc_session_db_path(db), suffix);
	return n > 0 && (size_t)n < size;
}

static bool host_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '.' || ch == '-';
}

bool cc_session_serve_url_valid(const char *text)
{
	size_t len = strlen(text);
	if (len >= CC_SESSION_SERVE_URL_MAX || strncmp(text, "http://", 7) != 0 || len < 11 || text[len - 1] != '/')
		return false;
	const char *host = text + 7, *end = text + len - 1, *colon = end;
	while (colon > host && isdigit((unsigned char)colon[-1]))
		colon--;
	if (colon == end || colon - 1 <= host || colon[-1] != ':' || end - colon > 5)
		return false;
	colon--; /* at the ':' before the port */
	if (host[0] == '[') {
		if (colon[-1] != ']' || colon - host < 4)
			return false;
		for (const char *p = host + 1; p < colon - 1; p++)
			if (!isxdigit((unsigned char)*p) && *p != ':' && *p != '.')
				return false;
		return true;
	}
	for (const char *p = host; p < colon; p++)
		if (!host_char(*p))
			return false;
	return true;
}

bool cc_session_serve_announce(const cc_session_db *db, const char *url)
{
	char path[SIDE_PATH_MAX], tmp[SIDE_PATH_MAX + 32], suffix[32], text[SIDE_FILE_MAX];
	if (!db || !cc_session_serve_url_valid(url))
		return false;
	snprintf(suffix, sizeof suffix, ".%ld.tmp", (long)getpid());
	int n = snprintf(text, sizeof text, "%s\n%ld\n", url, (long)getpid());
	if (!side_path(db, "", path, sizeof path) || !side_path(db, suffix, tmp, sizeof tmp) || n < 0 ||
	    (size_t)n >= sizeof text)
		return false;
	unlink(tmp); /* a leftover of this PID's earlier run */
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return false;
	bool ok = fchmod(fd, (mode_t)cc_session_db_side_mode(db)) == 0; /* the record's, whatever the umask (RE-3.7) */
	ok = ok && write(fd, text, (size_t)n) == (ssize_t)n;
	ok = close(fd) == 0 && ok;
	if (!ok || rename(tmp, path) != 0) {
		unlink(tmp);
		return false;
	}
	return cc_store_side_hold(cc_session_db_store((cc_session_db *)(uintptr_t)db), 0);
}

void cc_session_serve_withdraw(const cc_session_db *db)
{
	char path[SIDE_PATH_MAX];
	if (db && side_path(db, "", path, sizeof path))
		unlink(path);
	if (db)
		cc_store_side_release(cc_session_db_store((cc_session_db *)(uintptr_t)db), 0);
}

/* The URL and PID of text "URL\nPID\n", nothing else. */
static bool parse_side(char *text, char **url, long *pid)
{
	char *nl = strchr(text, '\n');
	if (!nl)
		return false;
	*nl = '\0';
	*url = text;
	char *digits = nl + 1, *end;
	if (!isdigit((unsigned char)digits[0]))
		return false;
	errno = 0;
	*pid = strtol(digits, &end, 10);
	return errno == 0 && *pid > 0 && end[0] == '\n' && end[1] == '\0' && cc_session_serve_url_valid(*url);
}

bool cc_session_serve_url(const cc_session_db *db, char *buf, size_t size)
{
	char path[SIDE_PATH_MAX], text[SIDE_FILE_MAX + 1], *url;
	long pid;
	if (size)
		buf[0] = '\0';
	if (!db || !side_path(db, "", path, sizeof path))
		return false;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return false;
	struct stat st;
	ssize_t got = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? read(fd, text, SIDE_FILE_MAX) : -1;
	close(fd);
	if (got <= 0 || got >= SIDE_FILE_MAX)
		return false;
	text[got] = '\0';
	if (memchr(text, '\0', (size_t)got) || !parse_side(text, &url, &pid))
		return false;
	if (!cc_store_side_held(cc_session_db_store((cc_session_db *)(uintptr_t)db), 0))
		return false;
	if (strlen(url) >= size)
		return false;
	snprintf(buf, size, "%s", url);
	return true;
}
