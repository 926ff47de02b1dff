/*
 * news.c: the record's news as the kernel tells it (session_news.h).
 *
 * Watched: the database file and the journal its commits land in
 * (IN_MODIFY at each write, IN_CLOSE_WRITE when a writer closes it or
 * dies, which is also when a console's hold goes), and their folder for
 * the two names coming back (the journal is deleted by the last connection
 * to close and made again by the next writer; an editor or a restore may
 * rename a new database over the old). Events for other files of the
 * folder are read and ignored. The names are the store's
 * (cc_store_news_files): only the store knows SQLite's files.
 */
#include "chesscubing/session_news.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "session_internal.h"

#define FILE_EVENTS (IN_MODIFY | IN_CLOSE_WRITE)
#define DIR_EVENTS (IN_CREATE | IN_MOVED_TO)

struct cc_session_news {
	int fd; /* inotify's, non-blocking; -1: none (the caller polls) */
	int dir_wd, db_wd, journal_wd;
	char db_path[PATH_MAX], journal_path[PATH_MAX], dir_path[PATH_MAX];
	const char *db_name, *journal_name; /* in the paths above */
	int64_t settle_ms[2]; /* the record to be asked then (after the first, the last write); -1: not */
	int first_ms, last_ms; /* how long after the first write told of, and after the last (-1: not) */
};

static void arm_files(cc_session_news *n)
{
	/* The same inode again gives the same descriptor; a new one a new. */
	n->db_wd = inotify_add_watch(n->fd, n->db_path, FILE_EVENTS);
	n->journal_wd = inotify_add_watch(n->fd, n->journal_path, FILE_EVENTS);
}

static void stop(cc_session_news *n)
{
	if (n->fd >= 0)
		close(n->fd);
	n->fd = n->db_wd = n->journal_wd = n->dir_wd = -1;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* The kernel's watch on the record's files; false (n then tells nothing)
 * when the system cannot. */
static bool start(cc_session_news *n, cc_session_db *db)
{
	if (!cc_store_news_files(cc_session_db_store(db), n->db_path, n->journal_path, n->dir_path, PATH_MAX))
		return false;
	n->db_name = base_name(n->db_path);
	n->journal_name = base_name(n->journal_path);
	n->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (n->fd < 0)
		return false;
	n->dir_wd = inotify_add_watch(n->fd, n->dir_path, DIR_EVENTS | IN_ONLYDIR);
	arm_files(n);
	if (n->dir_wd < 0 || n->db_wd < 0) {
		stop(n);
		return false;
	}
	return true;
}

cc_err cc_session_news_create(cc_session_news **out, cc_session_db *db, int first_ms, int last_ms, cc_error *err)
{
	cc_session_news *n = calloc(1, sizeof *n);
	*out = NULL;
	if (!n)
		return cc_refuse(err, CC_MSG_NOMEM);
	n->fd = n->db_wd = n->journal_wd = n->dir_wd = -1;
	n->settle_ms[0] = n->settle_ms[1] = -1;
	n->first_ms = first_ms;
	n->last_ms = last_ms;
	(void)start(n, db);
	*out = n;
	return CC_OK;
}

void cc_session_news_destroy(cc_session_news *news)
{
	if (!news)
		return;
	stop(news);
	free(news);
}

bool cc_session_news_told(const cc_session_news *news)
{
	return news && news->fd >= 0;
}

int cc_session_news_poll_ms(const cc_session_news *news, int fast_ms)
{
	return cc_session_news_told(news) ? CC_SESSION_NEWS_POLL_MS : fast_ms;
}

bool cc_session_news_drain(cc_session_news *news)
{
	/* Aligned as the kernel's records are. */
	_Alignas(struct inotify_event) char buf[4096];
	bool told = false, rearm = false;
	if (!cc_session_news_told(news))
		return false;
	for (;;) {
		ssize_t n = read(news->fd, buf, sizeof buf);
		if (n <= 0)
			break;
		for (char *p = buf; p < buf + n;) {
			const struct inotify_event *e = (const struct inotify_event *)p;
			p += sizeof *e + e->len;
			if (e->mask & IN_Q_OVERFLOW) {
				told = rearm = true;
			} else if (e->wd == news->dir_wd) {
				if (e->len && (strcmp(e->name, news->db_name) == 0 || strcmp(e->name, news->journal_name) == 0))
					told = rearm = true;
			} else if (e->wd == news->db_wd || e->wd == news->journal_wd) {
				told = true;
				if (e->mask & IN_IGNORED)
					rearm = true; /* the file is gone; its name may come back */
			}
		}
	}
	if (rearm)
		arm_files(news);
	return told;
}

bool cc_session_news_due(cc_session_news *news, int64_t mono_ms)
{
	bool due = false;
	if (!news)
		return false;
	/* Not at once: the first write is not yet a commit, and a burst of
	 * writes is then read (and drawn) once; those that come meanwhile wake
	 * the caller again once it has asked, so it asks again after them. */
	if (news->settle_ms[0] < 0 && cc_session_news_drain(news)) {
		news->settle_ms[0] = mono_ms + news->first_ms;
		if (news->last_ms >= 0)
			news->settle_ms[1] = mono_ms + news->last_ms;
	}
	for (int i = 0; i < 2; i++)
		if (news->settle_ms[i] >= 0 && mono_ms >= news->settle_ms[i]) {
			news->settle_ms[i] = -1;
			due = true;
		}
	return due;
}

int cc_session_news_fd(const cc_session_news *news)
{
	return !news || news->settle_ms[0] >= 0 ? -1 : news->fd;
}

int64_t cc_session_news_wait(const cc_session_news *news, int64_t mono_ms, int64_t wait)
{
	for (int i = 0; news && i < 2; i++)
		if (news->settle_ms[i] >= 0 && news->settle_ms[i] - mono_ms < wait)
			wait = news->settle_ms[i] - mono_ms;
	return wait;
}
