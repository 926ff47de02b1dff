/*
 * watch_wake.c: the record's news as the kernel tells it (inotify), so a
 * watcher sleeps until a commit instead of asking the record four times a
 * second (issue 25). Watched: the database file and its -wal (where the
 * commits land: IN_MODIFY at each write, IN_CLOSE_WRITE when a writer
 * closes it or dies, which is also when a console's hold goes), and the
 * folder for the two names coming back (the -wal is deleted by the last
 * connection to close and made again by the next writer; an editor or a
 * restore may rename a new database over the old). Events for other files
 * of the folder are read and ignored.
 *
 * The kernel tells of writes, not of commits: the last write of a commit
 * comes before SQLite marks it visible in the shared index, so the caller
 * asks the record at once and once more a little later (watch.c). Where
 * inotify says nothing (a network filesystem, another machine's console)
 * the caller's slow poll still finds the news.
 */
#include "ui_watch.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

#define FILE_EVENTS (IN_MODIFY | IN_CLOSE_WRITE)
#define DIR_EVENTS (IN_CREATE | IN_MOVED_TO)

static void arm_files(cc_ui_wake *k)
{
	/* The same inode again gives the same descriptor; a new one a new. */
	k->db_wd = inotify_add_watch(k->fd, k->db_path, FILE_EVENTS);
	k->wal_wd = inotify_add_watch(k->fd, k->wal_path, FILE_EVENTS);
}

bool cc_ui_wake_open(cc_ui_wake *k, const char *db_path, int first_ms, int last_ms)
{
	char real[PATH_MAX];
	memset(k, 0, sizeof *k);
	k->fd = k->db_wd = k->wal_wd = k->dir_wd = -1;
	k->settle_ms[0] = k->settle_ms[1] = -1;
	k->first_ms = first_ms;
	k->last_ms = last_ms;
	if (!db_path || !realpath(db_path, real))
		return false;
	char *slash = strrchr(real, '/');
	if (!slash || strlen(real) + 5 > sizeof k->wal_path)
		return false;
	snprintf(k->db_path, sizeof k->db_path, "%s", real);
	snprintf(k->wal_path, sizeof k->wal_path, "%s-wal", real);
	snprintf(k->db_name, sizeof k->db_name, "%s", slash + 1);
	snprintf(k->wal_name, sizeof k->wal_name, "%s-wal", slash + 1);
	if (slash == real)
		snprintf(k->dir_path, sizeof k->dir_path, "/");
	else
		snprintf(k->dir_path, sizeof k->dir_path, "%.*s", (int)(slash - real), real);
	k->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (k->fd < 0)
		return false;
	k->dir_wd = inotify_add_watch(k->fd, k->dir_path, DIR_EVENTS | IN_ONLYDIR);
	arm_files(k);
	if (k->dir_wd < 0 || k->db_wd < 0) {
		cc_ui_wake_close(k);
		return false;
	}
	return true;
}

bool cc_ui_wake_take(cc_ui_wake *k)
{
	/* Aligned as the kernel's records are. */
	_Alignas(struct inotify_event) char buf[4096];
	bool news = false, rearm = false;
	if (k->fd < 0)
		return false;
	for (;;) {
		ssize_t n = read(k->fd, buf, sizeof buf);
		if (n <= 0)
			break;
		for (char *p = buf; p < buf + n;) {
			const struct inotify_event *e = (const struct inotify_event *)p;
			p += sizeof *e + e->len;
			if (e->mask & IN_Q_OVERFLOW) {
				news = rearm = true;
			} else if (e->wd == k->dir_wd) {
				if (e->len && (strcmp(e->name, k->db_name) == 0 || strcmp(e->name, k->wal_name) == 0))
					news = rearm = true;
			} else if (e->wd == k->db_wd || e->wd == k->wal_wd) {
				news = true;
				if (e->mask & IN_IGNORED)
					rearm = true; /* the file is gone; its name may come back */
			}
		}
	}
	if (rearm)
		arm_files(k);
	return news;
}

void cc_ui_wake_close(cc_ui_wake *k)
{
	if (k->fd >= 0)
		close(k->fd);
	k->fd = k->db_wd = k->wal_wd = k->dir_wd = -1;
}

bool cc_ui_wake_due(cc_ui_wake *k, int64_t mono_ms)
{
	bool due = false;
	/* Not at once: the first write is not yet a commit, and a burst of
	 * writes is then read (and drawn) once; those that come meanwhile wake
	 * the caller again once it has asked, so it asks again after them. */
	if (k->settle_ms[0] < 0 && cc_ui_wake_take(k)) {
		k->settle_ms[0] = mono_ms + k->first_ms;
		if (k->last_ms >= 0)
			k->settle_ms[1] = mono_ms + k->last_ms;
	}
	for (int i = 0; i < 2; i++)
		if (k->settle_ms[i] >= 0 && mono_ms >= k->settle_ms[i]) {
			k->settle_ms[i] = -1;
			due = true;
		}
	return due;
}

int cc_ui_wake_fd(const cc_ui_wake *k)
{
	return k->settle_ms[0] >= 0 ? -1 : k->fd;
}

int64_t cc_ui_wake_wait(const cc_ui_wake *k, int64_t mono_ms, int64_t wait)
{
	for (int i = 0; i < 2; i++)
		if (k->settle_ms[i] >= 0 && k->settle_ms[i] - mono_ms < wait)
			wait = k->settle_ms[i] - mono_ms;
	return wait;
}
