/*
 * store_file.c: the safety of the database file: the store's own
 * descriptor of it, the match locks, the read-only readers and the -wal
 * and -shm they make.
 *
 * Match locks. A console's claim on match <id> is an open-file-description
 * (OFD) write lock on byte (1 << 62) + <id> of the database file itself,
 * taken through the store's own descriptor of that file. The kernel keys it
 * on the file, so a symlink or a hard link reaches the same lock; it drops
 * it when the process dies, even by SIGKILL; and two stores in one process
 * see each other's, because each has its own open file description.
 * SQLite's own POSIX locks live at 0x40000000..0x400001FF: the ranges never
 * meet, so the two kinds never interfere. One trap remains: closing any
 * descriptor of a file drops every POSIX lock the process holds on it, the
 * ones SQLite's other connections hold included. So a store's descriptor is
 * closed only when no other store of this process has the same file open;
 * until then it is kept (its locks released) in a list of retired
 * descriptors, as SQLite's unix VFS does with its own.
 *
 * One name at a time. SQLite keeps the -wal and -shm beside the name it
 * opened, so two names of one file (a hard link, or a bind mount of the
 * file: another directory, one link) would give it two journals, and
 * commits through one would be lost through the other. A hard link shows
 * in st_nlink; a bind mount does not. So every store that opens the file
 * takes an OFD read lock on one byte of the file in the journal range
 * (JOURNAL_LOCK_BASE + a 60-bit hash of the journal's place: the device
 * and inode of the folder SQLite puts -wal in, and the file's name in
 * it), then asks whether any other byte of that range is locked: one is
 * when another store, in any process, reaches the file through a name
 * whose journal is elsewhere, and the store is refused (RE-3.1). Taking
 * the lock before asking means that of two stores opening at once through
 * two names, at least the second sees the first. An immutable reader
 * takes it too: it would read the file without the other name's journal.
 * The range lies between SQLite's and the match locks. Read locks never conflict with each other, so consoles and watchers of one
 * name work together as before. SQLite's exclusive locking mode would
 * close this too, but it keeps every reader out while a console runs.
 *
 * Side states. What a process publishes beside the record for the others
 * (serve's address, a console's Stackmat timers: session.h,
 * session_timers.h) is alive while its publisher holds an OFD read lock on
 * one byte of the record in the side range, SIDE_LOCK_BASE + key (key 0:
 * serve; key ID: the timers of match ID), through its store's descriptor:
 * a reader asks the kernel (F_OFD_GETLK), as for a match's lock. A read
 * lock needs no write access, so a read-only `serve` holds one too; the
 * kernel drops it when the process dies, however it dies, and a PID reused
 * or from another PID namespace proves nothing. The range lies above the
 * match locks (whose ids stop at 2^53).
 *
 * Readers (CC_STORE_READ) open the file read-only and must work where they
 * cannot write (a read-only folder) and leave no -wal/-shm they did not
 * find. When the -wal is absent, no connection has the file open in WAL
 * mode; if, besides, the file or its folder cannot be written (so no
 * console of ours will write it: the console refuses such files too), the
 * reader opens it immutable=1, which creates nothing; should a -wal appear
 * later (the folder's owner starts a console) or the file change,
 * cc_store_data_version() reopens the connection so a viewer still sees
 * new commits.
 * Otherwise it opens normally; SQLite then creates -wal/-shm, which the
 * reader removes at close when it made them, only if it can show nobody
 * uses them: an OFD write lock on SQLite's whole lock range conflicts with
 * every connection's SHARED lock, ours included, and the -wal is empty.
 */
#define _GNU_SOURCE /* F_OFD_SETLK */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store_internal.h"

#define JOURNAL_LOCK_BASE ((off_t)1 << 61)  /* below MATCH_LOCK_BASE (1 << 62) */
#define SIDE_LOCK_BASE (((off_t)1 << 62) + ((off_t)1 << 61)) /* above the match locks */
#define JOURNAL_LOCK_SLOTS ((off_t)1 << 60) /* one byte per journal place */

static cc_store *open_stores;

typedef struct retired_fd {
	int fd;
	dev_t dev;
	ino_t ino;
	struct retired_fd *next;
} retired_fd;

static retired_fd *retired_fds;

bool cc_store_file_open_elsewhere(const cc_store *self)
{
	for (const cc_store *s = open_stores; s; s = s->next)
		if (s != self && s->file_fd >= 0 && s->dev == self->dev && s->ino == self->ino)
			return true;
	return false;
}

static bool inode_open(dev_t dev, ino_t ino)
{
	for (const cc_store *s = open_stores; s; s = s->next)
		if (s->file_fd >= 0 && s->dev == dev && s->ino == ino)
			return true;
	return false;
}

/* Closes fd, a descriptor of file dev/ino that holds no lock of ours: now
 * if no open store has that file (with every descriptor retired for it),
 * later otherwise, since a close drops the POSIX locks of the whole
 * process on the file (see the top). */
static void drop_fd(int fd, dev_t dev, ino_t ino)
{
	if (inode_open(dev, ino)) {
		retired_fd *r = malloc(sizeof *r);
		if (r) {
			*r = (retired_fd){fd, dev, ino, retired_fds};
			retired_fds = r;
			return;
		}
		/* Out of memory: closing it is the lesser harm than leaking it. */
	}
	close(fd);
	if (inode_open(dev, ino))
		return;
	for (retired_fd **p = &retired_fds; *p;) {
		retired_fd *r = *p;
		if (r->dev == dev && r->ino == ino) {
			*p = r->next;
			close(r->fd);
			free(r);
		} else {
			p = &r->next;
		}
	}
}

/* The byte of the journal range for the place SQLite keeps this name's
 * -wal: the device and inode of its folder and the file's name in it
 * (FNV-1a, 60 bits). A folder reached through a symbolic link or a bind
 * mount of the folder is the same inode: the same place, the same journal. */
static off_t journal_slot(const char *real)
{
	char copy[PATH_MAX_LEN];
	struct stat dir;
	uint64_t h = 14695981039346656037u;
	snprintf(copy, sizeof copy, "%s", real);
	const char *slash = strrchr(copy, '/');
	const char *name = slash ? slash + 1 : copy;
	if (stat(slash ? (slash == copy ? "/" : dirname(copy)) : ".", &dir) != 0)
		memset(&dir, 0, sizeof dir);
	uint64_t words[2] = {(uint64_t)dir.st_dev, (uint64_t)dir.st_ino};
	for (size_t i = 0; i < sizeof words; i++)
		h = (h ^ ((const unsigned char *)words)[i]) * 1099511628211u;
	for (const unsigned char *p = (const unsigned char *)real + (name - copy); *p; p++)
		h = (h ^ *p) * 1099511628211u;
	return (off_t)(h & (uint64_t)(JOURNAL_LOCK_SLOTS - 1));
}

/* Takes the read lock of this name's journal place, then asks whether any
 * other place's byte is locked (see the top): false when one is. */
static bool claim_journal_place(cc_store *s)
{
	off_t slot = journal_slot(s->real);
	struct flock mine = {.l_type = F_RDLCK, .l_whence = SEEK_SET, .l_start = JOURNAL_LOCK_BASE + slot, .l_len = 1};
	if (fcntl(s->file_fd, F_OFD_SETLK, &mine) != 0)
		return true; /* no lock to take (a file system without them): as before */
	struct flock below = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = JOURNAL_LOCK_BASE, .l_len = slot};
	struct flock above = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = JOURNAL_LOCK_BASE + slot + 1,
	                      .l_len = JOURNAL_LOCK_SLOTS - slot - 1};
	if (slot > 0 && fcntl(s->file_fd, F_OFD_GETLK, &below) == 0 && below.l_type != F_UNLCK)
		return false;
	if (slot + 1 < JOURNAL_LOCK_SLOTS && fcntl(s->file_fd, F_OFD_GETLK, &above) == 0 && above.l_type != F_UNLCK)
		return false;
	return true;
}

/*
 * Opens the store's own descriptor of the database file and joins the
 * process's list of open stores. A file with several names (hard links) is
 * refused: SQLite names its -wal and -shm after the name it was given, so
 * two names would have two journals for one file; so is a file open
 * elsewhere through a name whose journal is in another place (a bind
 * mount: see the top).
 */
cc_err cc_store_open_file_fd(cc_store *s, cc_error *err)
{
	struct stat st;
	s->file_fd = open(s->path, (s->mode == CC_STORE_WRITE ? O_RDWR : O_RDONLY) | O_CLOEXEC);
	if (s->file_fd < 0)
		return cc_refuse(err, CC_MSG_CANNOT_OPEN, s->path, errno);
	if (fstat(s->file_fd, &st) != 0) {
		cc_refuse(err, CC_MSG_CANNOT_READ, s->path, errno);
		close(s->file_fd); /* which file it is, is unknown: nothing better to do */
		s->file_fd = -1;
		return CC_ERR_STORE;
	}
	if (st.st_nlink > 1) {
		cc_refuse(err, CC_MSG_STORE_HARD_LINKS, s->path, (uintmax_t)st.st_nlink);
		drop_fd(s->file_fd, st.st_dev, st.st_ino); /* a console may hold it through the other name */
		s->file_fd = -1;
		return CC_ERR_STORE;
	}
	s->dev = st.st_dev;
	s->ino = st.st_ino;
	if (!claim_journal_place(s)) {
		struct flock unlock = {.l_type = F_UNLCK, .l_whence = SEEK_SET, .l_start = JOURNAL_LOCK_BASE, .l_len = 0};
		(void)fcntl(s->file_fd, F_OFD_SETLK, &unlock);
		cc_refuse(err, CC_MSG_STORE_OTHER_NAME, s->path);
		drop_fd(s->file_fd, st.st_dev, st.st_ino);
		s->file_fd = -1;
		return CC_ERR_STORE;
	}
	s->next = open_stores;
	open_stores = s;
	return CC_OK;
}

/* Releases the store's match locks and its descriptor: closed when no other
 * store of the process has the file open (with every descriptor retired
 * for it), retired otherwise (see the top). */
void cc_store_release_file_fd(cc_store *s)
{
	if (s->file_fd < 0)
		return;
	for (cc_store **p = &open_stores; *p; p = &(*p)->next) {
		if (*p == s) {
			*p = s->next;
			break;
		}
	}
	/* the journal place's lock and the match locks, up to the end */
	struct flock unlock = {.l_type = F_UNLCK, .l_whence = SEEK_SET, .l_start = JOURNAL_LOCK_BASE, .l_len = 0};
	int rc = fcntl(s->file_fd, F_OFD_SETLK, &unlock);
	assert(rc == 0); /* unlocking our own descriptor cannot fail */
	(void)rc;
	drop_fd(s->file_fd, s->dev, s->ino);
	s->file_fd = -1;
}

static void side_file(char *buf, size_t size, const char *path, const char *suffix)
{
	snprintf(buf, size, "%s%s", path, suffix);
}

static bool exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

/* A reader that made -wal and -shm removes them when it can show nobody
 * uses them: no connection anywhere holds a SQLite lock on the file (our
 * OFD write lock over SQLite's whole range is granted, and it keeps any new
 * connection out meanwhile) and the -wal holds no frame. */
void cc_store_remove_reader_files(const cc_store *s)
{
	char wal[PATH_MAX_LEN + 8], shm[PATH_MAX_LEN + 8];
	struct stat st, wal_st;
	side_file(wal, sizeof wal, s->real, "-wal");
	side_file(shm, sizeof shm, s->real, "-shm");
	int fd = open(s->real, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return; /* we cannot lock it: they stay, as SQLite leaves them */
	struct flock all = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = SQLITE_LOCK_FIRST,
	                    .l_len = SQLITE_LOCK_SIZE};
	if (fstat(fd, &st) == 0 && st.st_dev == s->dev && st.st_ino == s->ino && fcntl(fd, F_OFD_SETLK, &all) == 0 &&
	    (stat(wal, &wal_st) != 0 || wal_st.st_size == 0)) {
		/* ENOENT is fine: a console's last connection may have removed them */
		(void)unlink(wal);
		(void)unlink(shm);
	}
	close(fd); /* also drops the OFD lock; no other store has the file open */
}

/* A new record is made here, 0600 whatever the umask, before SQLite opens
 * it: SQLite gives its -wal and -shm the database's own mode, so the
 * running Chess-Uno deal (uno_deal) is readable by nobody but the owner
 * until the owner shares the file (RE-3.3, the guide's "Who may read the
 * record"). A file that appeared meanwhile (another console made it) is
 * left as it is; O_NOFOLLOW: a link planted there is no new record. */
cc_err cc_store_create_private(const char *path, cc_error *err)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return errno == EEXIST ? CC_OK : cc_refuse(err, CC_MSG_CANNOT_CREATE, path, errno);
	int rc = fchmod(fd, 0600); /* the umask may have taken more (0277 leaves 0400) */
	int saved = errno;
	close(fd); /* a new file: nobody's lock is on it */
	if (rc != 0) {
		(void)unlink(path);
		return cc_refuse(err, CC_MSG_CANNOT_CREATE, path, saved);
	}
	return CC_OK;
}

/* Read-only by permission bits too: root can write anywhere, but a file or
 * folder the arbiter made read-only is meant to stay as it is. */
static bool writable(const char *path)
{
	struct stat st;
	return access(path, W_OK) == 0 && stat(path, &st) == 0 && (st.st_mode & 0222) != 0;
}

static void folder_of(char *buf, size_t size, const char *path)
{
	char copy[PATH_MAX_LEN];
	snprintf(copy, sizeof copy, "%s", path);
	snprintf(buf, size, "%s", dirname(copy));
}

cc_err cc_store_check_writable(const char *path, cc_error *err)
{
	char dir[PATH_MAX_LEN];
	folder_of(dir, sizeof dir, path);
	if (!writable(path))
		return cc_refuse(err, CC_MSG_STORE_READ_ONLY, path);
	if (!writable(dir))
		return cc_refuse(err, CC_MSG_STORE_FOLDER_READ_ONLY, dir);
	return CC_OK;
}

/* "file:" + path, percent-encoded where a URI needs it, + query. */
static cc_err reader_uri(char *buf, size_t size, const char *path, const char *query_text, cc_error *err)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = (size_t)snprintf(buf, size, "file:");
	for (const unsigned char *p = (const unsigned char *)path; *p && n + 4 < size; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("/._-~", *p)) {
			buf[n++] = (char)*p;
		} else {
			buf[n++] = '%';
			buf[n++] = hex[*p >> 4];
			buf[n++] = hex[*p & 15];
		}
	}
	int written = snprintf(buf + n, size - n, "?%s", query_text);
	if (written < 0 || (size_t)written >= size - n)
		return cc_refuse(err, CC_MSG_DATABASE_PATH_TOO_LONG);
	return CC_OK;
}

/* Opens the reader's connection (see the top: immutable when the -wal is
 * absent and nobody of ours can write the file or its folder). */
cc_err cc_store_open_reader(cc_store *s, cc_error *err)
{
	char uri[3 * PATH_MAX_LEN + 32], dir[PATH_MAX_LEN], wal[PATH_MAX_LEN + 8], shm[PATH_MAX_LEN + 8];
	folder_of(dir, sizeof dir, s->real);
	side_file(wal, sizeof wal, s->real, "-wal");
	side_file(shm, sizeof shm, s->real, "-shm");
	bool wal_exists = exists(wal), shm_exists = exists(shm);
	s->immutable = !wal_exists && (!writable(s->real) || !writable(dir));
	s->made_wal = !s->immutable && (!wal_exists || !shm_exists);
	if (stat(s->path, &s->seen) != 0)
		memset(&s->seen, 0, sizeof s->seen);
	cc_err rc = reader_uri(uri, sizeof uri, s->path, s->immutable ? "mode=ro&immutable=1" : "mode=ro", err);
	if (rc)
		return rc;
	int src = sqlite3_open_v2(uri, &s->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, NULL);
	if (src != SQLITE_OK)
		return db_error_at(err, s->db, src, CC_MSG_STORE_OPEN_FAILED, s->path);
	return CC_OK;
}

cc_err cc_store_file_lock(cc_store *store, int64_t id, cc_error *err)
{
	assert(store->mode == CC_STORE_WRITE && id >= 0);
	struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = MATCH_LOCK_BASE + (off_t)id,
	                     .l_len = 1};
	if (fcntl(store->file_fd, F_OFD_SETLK, &lock) == 0)
		return CC_OK;
	if (errno == EAGAIN || errno == EACCES)
		return cc_refuse(err, CC_MSG_MATCH_LOCKED, id);
	return cc_refuse(err, CC_MSG_CANNOT_LOCK_MATCH, id, store->path, errno);
}

void cc_store_file_unlock(cc_store *store, int64_t id)
{
	struct flock lock = {.l_type = F_UNLCK, .l_whence = SEEK_SET, .l_start = MATCH_LOCK_BASE + (off_t)id,
	                     .l_len = 1};
	int rc = fcntl(store->file_fd, F_OFD_SETLK, &lock);
	assert(rc == 0);
	(void)rc;
}

cc_err cc_store_lock_match(cc_store *store, int64_t id, cc_error *err)
{
	return cc_store_file_lock(store, id, err);
}

void cc_store_unlock_match(cc_store *store, int64_t id)
{
	if (store && store->mode == CC_STORE_WRITE && id > 0)
		cc_store_file_unlock(store, id);
}

bool cc_store_side_hold(cc_store *store, int64_t key)
{
	struct flock lock = {.l_type = F_RDLCK, .l_whence = SEEK_SET, .l_start = SIDE_LOCK_BASE + (off_t)key, .l_len = 1};
	return store && key >= 0 && store->file_fd >= 0 && fcntl(store->file_fd, F_OFD_SETLK, &lock) == 0;
}

void cc_store_side_release(cc_store *store, int64_t key)
{
	struct flock lock = {.l_type = F_UNLCK, .l_whence = SEEK_SET, .l_start = SIDE_LOCK_BASE + (off_t)key, .l_len = 1};
	if (store && key >= 0 && store->file_fd >= 0)
		(void)fcntl(store->file_fd, F_OFD_SETLK, &lock);
}

bool cc_store_side_held(cc_store *store, int64_t key)
{
	struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = SIDE_LOCK_BASE + (off_t)key, .l_len = 1};
	return store && key >= 0 && store->file_fd >= 0 && fcntl(store->file_fd, F_OFD_GETLK, &lock) == 0 &&
	       lock.l_type != F_UNLCK;
}

cc_err cc_store_match_in_use(cc_store *store, int64_t id, bool *in_use, cc_error *err)
{
	/* F_OFD_GETLK only asks: it takes nothing and writes nothing. */
	struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = MATCH_LOCK_BASE + (off_t)id,
	                     .l_len = 1};
	*in_use = false;
	if (fcntl(store->file_fd, F_OFD_GETLK, &lock) != 0)
		return cc_refuse(err, CC_MSG_CANNOT_READ_LOCKS, store->path, errno);
	*in_use = lock.l_type != F_UNLCK;
	return CC_OK;
}

/* An immutable reader whose file has gained a -wal (a console started in
 * the folder) or has changed (a console came and went) reopens, so it sees
 * what is committed from now on. Only data_version does this: viewers ask
 * it before anything else. */
static cc_err reopen_if_written(cc_store *store, cc_error *err)
{
	char wal[PATH_MAX_LEN + 8];
	struct stat now;
	if (!store->immutable)
		return CC_OK;
	side_file(wal, sizeof wal, store->real, "-wal");
	if (!exists(wal) && stat(store->path, &now) == 0 && now.st_size == store->seen.st_size &&
	    now.st_mtim.tv_sec == store->seen.st_mtim.tv_sec && now.st_mtim.tv_nsec == store->seen.st_mtim.tv_nsec &&
	    now.st_ino == store->seen.st_ino)
		return CC_OK;
	sqlite3 *old = store->db;
	store->db = NULL;
	cc_err rc = cc_store_open_reader(store, err);
	if (rc == CC_OK)
		rc = cc_store_configure(store, err);
	if (rc) {
		/* keep reading through the old connection */
		if (store->db)
			cc_store_close_db(store);
		store->db = old;
		store->immutable = true;
		store->made_wal = false;
		return rc;
	}
	sqlite3 *fresh = store->db;
	store->db = old;
	cc_store_close_db(store);
	store->db = fresh;
	store->dv_offset = store->dv_last + 1; /* the new connection counts from 1 again: report a change */
	return CC_OK;
}

cc_err cc_store_data_version(cc_store *store, int64_t *version, cc_error *err)
{
	int64_t raw = 0;
	cc_err result = reopen_if_written(store, err);
	if (result)
		return result;
	int rc = query_int_cached(store, "PRAGMA data_version", &raw); /* every poll of a viewer */
	if (rc != SQLITE_OK)
		return db_error(err, store->db, rc, CC_MSG_STORE_READ_DATABASE);
	store->dv_last = *version = store->dv_offset + raw;
	return CC_OK;
}

bool cc_store_news_files(const cc_store *store, char *db, char *journal, char *folder, size_t size)
{
	const char *slash = strrchr(store->real, '/');
	if (strlen(store->real) + sizeof "-wal" > size)
		return false;
	snprintf(db, size, "%s", store->real);
	snprintf(journal, size, "%s-wal", store->real);
	if (!slash)
		snprintf(folder, size, ".");
	else if (slash == store->real)
		snprintf(folder, size, "/");
	else
		snprintf(folder, size, "%.*s", (int)(slash - store->real), store->real);
	return true;
}
