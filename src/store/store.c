/*
 * store.c: the match record in SQLite.
 *
 * File format. A SQLite database whose application_id is 0x43437562 ("CCub")
 * and whose user_version is the schema version (7):
 *
 *   matches(id, created_utc, format, category, record, white, black, seed,
 *           result_winner, result_reason, result_text,   -- result NULL while unfinished
 *           sheet,                                       -- v2: the scramble sheet shown, or NULL
 *           variant, tc_base_ms, tc_increment_ms, claims, -- v6 (issue 13): the board's variant
 *              ("standard", "checkered"), a chess game's clock (ms; NULL or 0: none) and
 *              claims ("auto", "manual"); NULL in older rows: standard, no clock, auto
 *           uno_options, uno_deal, uno_secret, uno_commitment) -- v7 (issue 14): a Chess-Uno
 *              game's options, deal, fairness secret and commitment; NULL for other formats
 *   events(match_id, seq, t_ms, kind, side, gives_check, cube_cs, winner, text,
 *          wall_ms,   -- v3: Unix time (ms) of the commit, as the caller gave it
 *          target, amount, relative)  -- v4: an arbiter correction (RU-25)
 *           -- primary key (match_id, seq): the accepted events, append-only
 *   matches.white_id, black_id, rated; players, club_events, event_players,
 *   pairings  -- v5: the club (rules/club.md; see the migration below)
 *
 * Enumerations are stored by their names ("twice", "move", "white"...), so
 * the file reads well in the sqlite3 shell and survives enum reordering.
 * Seeds are decimal text because SQLite integers are signed. Times come
 * from the caller (created_utc is formatted from the wall time it passes):
 * this module reads no clock, not even SQLite's 'now'.
 *
 * Safety. Before anything is written, an existing file must carry our
 * application_id, a schema no newer than ours, and pass quick_check. One
 * exception: a file killed during its own first creation (empty, or
 * switched to WAL but with application_id 0, user_version 0 and no schema
 * object at all) holds nothing, and its creation is finished. Every event is
 * one transaction (WAL, verified, synchronous=FULL).
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
 *
 * Not thread-safe: a process uses its stores from one thread.
 */
#define _GNU_SOURCE /* F_OFD_SETLK */
#include "store.h"
#include "chesscubing/game.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <libgen.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define APPLICATION_ID 0x43437562
#define PATH_MAX_LEN 4096
#define MATCH_LOCK_BASE ((off_t)1 << 62) /* far beyond anything SQLite locks */
#define SQLITE_LOCK_FIRST 0x40000000     /* SQLite's PENDING byte... */
#define SQLITE_LOCK_SIZE 512             /* ...to the end of its SHARED range */

struct cc_store {
	sqlite3 *db;
	cc_store_mode mode;
	char path[PATH_MAX_LEN];
	char real[PATH_MAX_LEN]; /* path with symlinks resolved: SQLite puts -wal/-shm beside it */
	int file_fd;        /* our own descriptor of the database file: match locks */
	dev_t dev;          /* the file that descriptor is */
	ino_t ino;
	bool immutable;     /* READ: opened immutable=1 (see the top) */
	bool made_wal;      /* READ: -wal or -shm was absent when opened */
	struct stat seen;   /* READ, immutable: the file as it was when opened */
	int64_t version;    /* a reader may face an older schema, which it never migrates */
	int64_t dv_offset;  /* added to PRAGMA data_version, which restarts on a reopen */
	int64_t dv_last;    /* the last data version reported */
	cc_store *next;     /* this process's open stores */
};

static cc_store *open_stores;

typedef struct retired_fd {
	int fd;
	dev_t dev;
	ino_t ino;
	struct retired_fd *next;
} retired_fd;

static retired_fd *retired_fds;

/* Schema migrations: migrations[v] takes a database from version v to v + 1. */
static const char *const migrations[CC_STORE_SCHEMA_VERSION] = {
	"CREATE TABLE matches ("
	"  id INTEGER PRIMARY KEY,"
	"  created_utc TEXT NOT NULL,"
	"  format TEXT NOT NULL, category TEXT NOT NULL, record TEXT NOT NULL,"
	"  white TEXT NOT NULL, black TEXT NOT NULL, seed TEXT NOT NULL,"
	"  result_winner TEXT, result_reason TEXT, result_text TEXT);"
	"CREATE TABLE events ("
	"  match_id INTEGER NOT NULL REFERENCES matches(id),"
	"  seq INTEGER NOT NULL,"
	"  t_ms INTEGER NOT NULL, kind TEXT NOT NULL, side TEXT,"
	"  gives_check INTEGER NOT NULL DEFAULT 0, cube_cs INTEGER, winner TEXT,"
	"  text TEXT NOT NULL DEFAULT '',"
	"  PRIMARY KEY (match_id, seq)) WITHOUT ROWID;",
	/* v2: the scramble sheet as shown, so its text never changes with the solver */
	"ALTER TABLE matches ADD COLUMN sheet TEXT;",
	/* v3: when each event was committed, so a viewer started later knows
	 * how long the clocks have run since */
	"ALTER TABLE events ADD COLUMN wall_ms INTEGER;",
	/* v4: arbiter corrections (RU-25): what is set, the value, whether it
	 * is added to the reading */
	"ALTER TABLE events ADD COLUMN target TEXT;"
	"ALTER TABLE events ADD COLUMN amount INTEGER;"
	"ALTER TABLE events ADD COLUMN relative INTEGER NOT NULL DEFAULT 0;",
	/* v5: the club (rules/club.md): players (name_key: cc_club_name_key,
	 * CL-1.1), each match's two players and whether it is rated, events
	 * and their pairings (black_seat NULL: a bye). The players of older
	 * records are added by link_old_matches() (CL-1.3). */
	"CREATE TABLE players ("
	"  id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,"
	"  club TEXT, federation_id TEXT);"
	"ALTER TABLE matches ADD COLUMN white_id INTEGER REFERENCES players(id);"
	"ALTER TABLE matches ADD COLUMN black_id INTEGER REFERENCES players(id);"
	"ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;"
	"CREATE TABLE club_events ("
	"  id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,"
	"  format TEXT NOT NULL, category TEXT NOT NULL, twice INTEGER NOT NULL, created_utc TEXT NOT NULL);"
	"CREATE TABLE event_players ("
	"  event_id INTEGER NOT NULL REFERENCES club_events(id), seat INTEGER NOT NULL,"
	"  player_id INTEGER NOT NULL REFERENCES players(id), PRIMARY KEY (event_id, seat)) WITHOUT ROWID;"
	"CREATE TABLE pairings ("
	"  event_id INTEGER NOT NULL REFERENCES club_events(id), round INTEGER NOT NULL, board INTEGER NOT NULL,"
	"  white_seat INTEGER NOT NULL, black_seat INTEGER, match_id INTEGER UNIQUE REFERENCES matches(id),"
	"  PRIMARY KEY (event_id, round, board)) WITHOUT ROWID;"
	/* CL-1.3: one player per distinct key, named as first met (oldest
	 * match first, White before Black); cc_name_key() is ours (see
	 * register_functions), NULL for a name with no key (left unlinked). */
	"INSERT OR IGNORE INTO players (name, name_key)"
	"  SELECT name, cc_name_key(name) FROM"
	"    (SELECT id, 0 AS side, white AS name FROM matches UNION ALL SELECT id, 1, black FROM matches)"
	"  WHERE cc_name_key(name) IS NOT NULL ORDER BY id, side;"
	"UPDATE matches SET"
	"  white_id = (SELECT p.id FROM players p WHERE p.name_key = cc_name_key(matches.white)),"
	"  black_id = (SELECT p.id FROM players p WHERE p.name_key = cc_name_key(matches.black));",
	/* v6 (issue 13: the chess game, the Checkered board): the board's
	 * variant, a chess game's time control and claims. */
	"ALTER TABLE matches ADD COLUMN variant TEXT;"
	"ALTER TABLE matches ADD COLUMN tc_base_ms INTEGER;"
	"ALTER TABLE matches ADD COLUMN tc_increment_ms INTEGER;"
	"ALTER TABLE matches ADD COLUMN claims TEXT;",
	/* v7 (issue 14: Chess-Uno): the game's options (key=value words by the
	 * seed's names), its deal (the core's canonical text: the key of the
	 * reshuffles and the pile's order), the fairness secret (hex) and the
	 * commitment shown at the start, SHA-256(secret || deal) (hex). */
	"ALTER TABLE matches ADD COLUMN uno_options TEXT;"
	"ALTER TABLE matches ADD COLUMN uno_deal TEXT;"
	"ALTER TABLE matches ADD COLUMN uno_secret TEXT;"
	"ALTER TABLE matches ADD COLUMN uno_commitment TEXT;",
};

/* ---- checked SQLite calls ------------------------------------------------- */

/* The message of rc: SQLite's detailed one when it is about rc. */
static const char *rc_message(sqlite3 *db, int rc)
{
	return db && sqlite3_extended_errcode(db) == rc ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
}

static cc_err db_error(cc_error *err, sqlite3 *db, int rc, const char *what)
{
	return cc_refuse(err, CC_MSG_STORE_FAILED, what, rc_message(db, rc));
}

/*
 * One statement, every call checked: prepare, bind, step, finalize. The
 * first failure sticks in rc; later binds do nothing and q_step returns it.
 */
typedef struct {
	sqlite3 *db;
	sqlite3_stmt *stmt;
	int rc;
} query;

static void q_prepare(query *q, sqlite3 *db, const char *sql)
{
	q->db = db;
	q->stmt = NULL;
	q->rc = sqlite3_prepare_v2(db, sql, -1, &q->stmt, NULL);
}

static void q_int64(query *q, int index, int64_t value)
{
	if (q->rc == SQLITE_OK)
		q->rc = sqlite3_bind_int64(q->stmt, index, value);
}

/* Binds text (copied), or NULL when text is NULL. */
static void q_text(query *q, int index, const char *text)
{
	if (q->rc == SQLITE_OK)
		q->rc = text ? sqlite3_bind_text(q->stmt, index, text, -1, SQLITE_TRANSIENT)
		             : sqlite3_bind_null(q->stmt, index);
}

/* SQLITE_ROW, SQLITE_DONE, or the first error of this query. */
static int q_step(query *q)
{
	if (q->rc != SQLITE_OK)
		return q->rc;
	int rc = sqlite3_step(q->stmt);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		q->rc = rc;
	return rc;
}

/* Finalizes; the first error of the query's life, or SQLITE_OK. */
static int q_finish(query *q)
{
	int rc = sqlite3_finalize(q->stmt);
	q->stmt = NULL;
	return q->rc != SQLITE_OK ? q->rc : rc;
}

/* Runs a one-row integer query such as "PRAGMA user_version". */
static int query_int(sqlite3 *db, const char *sql, int64_t *out)
{
	query q;
	q_prepare(&q, db, sql);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW)
		*out = sqlite3_column_int64(q.stmt, 0);
	int fin = q_finish(&q);
	return fin != SQLITE_OK ? fin : rc == SQLITE_ROW ? SQLITE_OK : rc;
}

/* After a failure inside a transaction: says what failed (and whether the
 * rollback did too), then rolls back. */
static cc_err fail_transaction(sqlite3 *db, int rc, const char *what, cc_error *err)
{
	char why[CC_ERROR_MESSAGE_MAX];
	snprintf(why, sizeof why, "%s", rc_message(db, rc));
	if (sqlite3_get_autocommit(db) == 0) {
		int rollback = sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		if (rollback != SQLITE_OK)
			return cc_refuse(err, CC_MSG_ROLLBACK_FAILED, what, why, rc_message(db, rollback));
	}
	return cc_refuse(err, CC_MSG_STORE_FAILED, what, why);
}

/* ---- the database file's descriptor ------------------------------------- */

static bool file_open_elsewhere(const cc_store *self)
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

/*
 * Opens the store's own descriptor of the database file and joins the
 * process's list of open stores. A file with several names (hard links) is
 * refused: SQLite names its -wal and -shm after the name it was given, so
 * two names would have two journals for one file.
 */
static cc_err open_file_fd(cc_store *s, cc_error *err)
{
	struct stat st;
	s->file_fd = open(s->path, (s->mode == CC_STORE_WRITE ? O_RDWR : O_RDONLY) | O_CLOEXEC);
	if (s->file_fd < 0)
		return cc_refuse(err, CC_MSG_CANNOT_OPEN, s->path, strerror(errno));
	if (fstat(s->file_fd, &st) != 0) {
		cc_refuse(err, CC_MSG_CANNOT_READ, s->path, strerror(errno));
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
	s->next = open_stores;
	open_stores = s;
	return CC_OK;
}

/* Releases the store's match locks and its descriptor: closed when no other
 * store of the process has the file open (with every descriptor retired
 * for it), retired otherwise (see the top). */
static void release_file_fd(cc_store *s)
{
	if (s->file_fd < 0)
		return;
	for (cc_store **p = &open_stores; *p; p = &(*p)->next) {
		if (*p == s) {
			*p = s->next;
			break;
		}
	}
	struct flock unlock = {.l_type = F_UNLCK, .l_whence = SEEK_SET, .l_start = MATCH_LOCK_BASE, .l_len = 0};
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
static void remove_reader_files(const cc_store *s)
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

/* ---- opening ----------------------------------------------------------- */

cc_err cc_store_default_path(const char *folder, char *buf, size_t size, bool create, cc_error *err)
{
	char dir[PATH_MAX_LEN];
	if (folder && folder[0]) /* the session's data folder (cc_session_data_folder) */
		snprintf(dir, sizeof dir, "%s", folder);
	else
		return cc_refuse(err, CC_MSG_NO_HOME_XDG_DATA);
	/* mkdir -p, one level at a time */
	for (char *p = dir + 1; create && *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST)
			return cc_refuse(err, CC_MSG_CANNOT_CREATE, dir, strerror(errno));
		*p = '/';
	}
	if (create && mkdir(dir, 0700) != 0 && errno != EEXIST)
		return cc_refuse(err, CC_MSG_CANNOT_CREATE, dir, strerror(errno));
	if ((size_t)snprintf(buf, size, "%s/matches.db", dir) >= size)
		return cc_refuse(err, CC_MSG_DATABASE_PATH_TOO_LONG);
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

static cc_err check_writable(const char *path, cc_error *err)
{
	char dir[PATH_MAX_LEN];
	folder_of(dir, sizeof dir, path);
	if (!writable(path))
		return cc_refuse(err, CC_MSG_STORE_READ_ONLY, path);
	if (!writable(dir))
		return cc_refuse(err, CC_MSG_STORE_FOLDER_READ_ONLY, dir);
	return CC_OK;
}

/* Does the file hold no schema object at all? */
static int schema_is_empty(sqlite3 *db, bool *empty)
{
	int64_t objects = 0;
	int rc = query_int(db, "SELECT count(*) FROM sqlite_schema", &objects);
	*empty = objects == 0;
	return rc;
}

/*
 * Is this a ChessCubing database we can read, untouched so far? Sets
 * *in_creation for a file whose first creation was interrupted: no
 * application_id, no user_version, no schema object (a 0-byte file too).
 */
static cc_err verify_ours(sqlite3 *db, const char *path, bool *in_creation, cc_error *err)
{
	int64_t app_id = 0, version = 0;
	bool empty = false;
	*in_creation = false;
	int rc = query_int(db, "PRAGMA application_id", &app_id);
	if (rc == SQLITE_NOTADB)
		return cc_refuse(err, CC_MSG_STORE_NOT_SQLITE, path);
	if (rc != SQLITE_OK)
		return cc_refuse(err, CC_MSG_STORE_UNREADABLE, path, rc_message(db, rc));
	rc = query_int(db, "PRAGMA user_version", &version);
	if (rc == SQLITE_OK && app_id == 0)
		rc = schema_is_empty(db, &empty);
	if (rc != SQLITE_OK)
		return cc_refuse(err, CC_MSG_STORE_UNREADABLE, path, rc_message(db, rc));
	if (app_id == 0 && version == 0 && empty) {
		*in_creation = true;
		return CC_OK;
	}
	if (app_id != APPLICATION_ID)
		return cc_refuse(err, CC_MSG_STORE_NOT_OURS, path);
	if (version > CC_STORE_SCHEMA_VERSION)
		return cc_refuse(err, CC_MSG_STORE_SCHEMA_NEWER, path, version, CC_STORE_SCHEMA_VERSION);
	query q;
	q_prepare(&q, db, "PRAGMA quick_check(1)");
	rc = q_step(&q);
	const char *verdict = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(q.stmt, 0) : NULL;
	bool ok = verdict && strcmp(verdict, "ok") == 0;
	if (!ok)
		cc_refuse(err, CC_MSG_STORE_DAMAGED, path, verdict ? verdict : rc_message(db, q.rc));
	rc = q_finish(&q);
	if (ok && rc != SQLITE_OK) {
		ok = false;
		cc_refuse(err, CC_MSG_STORE_DAMAGED, path, rc_message(db, rc));
	}
	return ok ? CC_OK : CC_ERR_STORE;
}

/*
 * Creates or brings the schema up to date, in one transaction. What the
 * file holds is asked again inside the transaction: another console may
 * have created it since verify_ours().
 */
static cc_err migrate(sqlite3 *db, const char *path, cc_error *err)
{
	int64_t app_id = 0, version = 0;
	bool empty = false;
	char sql[96];
	const char *what = "cannot set up the database";
	int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = query_int(db, "PRAGMA application_id", &app_id);
	if (rc == SQLITE_OK)
		rc = query_int(db, "PRAGMA user_version", &version);
	if (rc == SQLITE_OK)
		rc = schema_is_empty(db, &empty);
	if (rc != SQLITE_OK)
		return fail_transaction(db, rc, what, err);
	if (app_id == APPLICATION_ID && version == CC_STORE_SCHEMA_VERSION) {
		rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
		return rc == SQLITE_OK ? CC_OK : fail_transaction(db, rc, what, err);
	}
	bool ours = app_id == APPLICATION_ID && version >= 0 && version < CC_STORE_SCHEMA_VERSION;
	bool in_creation = app_id == 0 && version == 0 && empty;
	if (!ours && !in_creation) {
		if (sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL) != SQLITE_OK)
			return db_error(err, db, sqlite3_extended_errcode(db), what);
		return cc_refuse(err, CC_MSG_STORE_CHANGED_WHILE_OPENING, path);
	}
	for (int64_t v = version; rc == SQLITE_OK && v < CC_STORE_SCHEMA_VERSION; v++)
		rc = sqlite3_exec(db, migrations[v], NULL, NULL, NULL);
	snprintf(sql, sizeof sql, "PRAGMA application_id = %d; PRAGMA user_version = %d", APPLICATION_ID,
	         CC_STORE_SCHEMA_VERSION);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	return rc == SQLITE_OK ? CC_OK : fail_transaction(db, rc, what, err);
}

/* WAL + FULL: a commit is on disk when it returns, and a viewer can read
 * while the console writes. A file system that cannot do WAL (no shared
 * memory) keeps the old mode: refused, since neither would then hold. */
static cc_err set_wal(sqlite3 *db, const char *path, cc_error *err)
{
	query q;
	char mode[16] = "";
	q_prepare(&q, db, "PRAGMA journal_mode = WAL");
	if (q_step(&q) == SQLITE_ROW)
		snprintf(mode, sizeof mode, "%s", (const char *)sqlite3_column_text(q.stmt, 0));
	int rc = q_finish(&q);
	if (rc != SQLITE_OK)
		return db_error(err, db, rc, path);
	if (strcmp(mode, "wal") != 0)
		return cc_refuse(err, CC_MSG_STORE_NO_WAL, path, mode);
	rc = sqlite3_exec(db, "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON", NULL, NULL, NULL);
	return rc == SQLITE_OK ? CC_OK : db_error(err, db, rc, path);
}

/* cc_name_key(name): the player key of name (CL-1.1), NULL when it has none. */
static void name_key_sql(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	char key[CC_CLUB_KEY_MAX];
	const unsigned char *name = sqlite3_value_text(argv[0]);
	(void)argc;
	if (name && cc_club_name_key((const char *)name, key, sizeof key) == CC_OK)
		sqlite3_result_text(ctx, key, -1, SQLITE_TRANSIENT);
	else
		sqlite3_result_null(ctx);
}

static cc_err configure(cc_store *s, cc_error *err)
{
	bool in_creation = false;
	int rc = sqlite3_create_function_v2(s->db, "cc_name_key", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
	                                    name_key_sql, NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_extended_result_codes(s->db, 1);
	if (rc == SQLITE_OK)
		rc = sqlite3_busy_timeout(s->db, 5000);
	if (rc != SQLITE_OK)
		return db_error(err, s->db, rc, s->path);
	cc_err result = verify_ours(s->db, s->path, &in_creation, err);
	if (result)
		return result;
	if (s->mode == CC_STORE_READ) {
		if (in_creation)
			return cc_refuse(err, CC_MSG_NO_MATCH_YET, s->path);
		rc = sqlite3_exec(s->db, "PRAGMA query_only = 1", NULL, NULL, NULL);
		if (rc != SQLITE_OK)
			return db_error(err, s->db, rc, s->path);
	} else {
		result = set_wal(s->db, s->path, err);
		if (result == CC_OK)
			result = migrate(s->db, s->path, err);
		if (result)
			return result;
	}
	rc = query_int(s->db, "PRAGMA user_version", &s->version);
	return rc == SQLITE_OK ? CC_OK : db_error(err, s->db, rc, s->path);
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
static cc_err open_reader(cc_store *s, cc_error *err)
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
	int src = sqlite3_open_v2(uri, &s->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
	if (src != SQLITE_OK)
		return cc_refuse(err, CC_MSG_CANNOT_OPEN, s->path, s->db ? sqlite3_errmsg(s->db) : "out of memory");
	return CC_OK;
}

/* Closes the connection; every statement is finalized by then. */
static void close_db(cc_store *s)
{
	int rc = sqlite3_close(s->db);
	assert(rc == SQLITE_OK); /* SQLITE_BUSY: a statement left unfinalized */
	if (rc != SQLITE_OK)
		(void)sqlite3_close_v2(s->db); /* frees it once the statement goes */
	s->db = NULL;
}

cc_err cc_store_open(cc_store **out, const char *path, cc_store_mode mode, cc_error *err)
{
	struct stat st;
	bool present = stat(path, &st) == 0;
	*out = NULL;
	if (strlen(path) >= PATH_MAX_LEN)
		return cc_refuse(err, CC_MSG_DATABASE_PATH_TOO_LONG);
	if (!present && mode == CC_STORE_READ)
		return cc_refuse(err, CC_MSG_NO_DATABASE_AT, path);
	if (present && !S_ISREG(st.st_mode))
		return cc_refuse(err, CC_MSG_STORE_NOT_A_FILE, path);
	char real[PATH_MAX]; /* the folder that gets -wal/-shm is the real file's */
	if (!present || !realpath(path, real) || strlen(real) >= PATH_MAX_LEN)
		snprintf(real, sizeof real, "%s", path);
	if (present && mode == CC_STORE_WRITE) {
		cc_err rc = check_writable(real, err);
		if (rc)
			return rc;
	}
	cc_store *s = calloc(1, sizeof *s);
	if (!s)
		return cc_refuse(err, CC_MSG_NOMEM);
	s->mode = mode;
	s->file_fd = -1;
	snprintf(s->path, sizeof s->path, "%s", path);
	snprintf(s->real, sizeof s->real, "%s", real);
	cc_err rc = CC_OK;
	if (mode == CC_STORE_READ) {
		rc = open_reader(s, err);
	} else if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
		rc = cc_refuse(err, CC_MSG_CANNOT_OPEN, path, s->db ? sqlite3_errmsg(s->db) : "out of memory");
	}
	if (rc == CC_OK)
		rc = open_file_fd(s, err);
	if (rc == CC_OK)
		rc = configure(s, err);
	if (rc) {
		cc_store_close(s);
		return rc;
	}
	*out = s;
	return CC_OK;
}

void cc_store_close(cc_store *store)
{
	if (!store)
		return;
	if (store->db)
		close_db(store);
	if (store->made_wal && store->file_fd >= 0 && !file_open_elsewhere(store))
		remove_reader_files(store);
	release_file_fd(store);
	free(store);
}

/* ---- matches ------------------------------------------------------------- */

/* Unix time in ms as "2026-11-30T14:05:00Z"; false when out of range. */
static bool format_utc(int64_t wall_ms, char *buf, size_t size)
{
	int64_t secs = wall_ms / 1000 - (wall_ms % 1000 < 0 ? 1 : 0);
	time_t t = (time_t)secs;
	struct tm tm;
	return (int64_t)t == secs && gmtime_r(&t, &tm) && strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm) > 0;
}

static cc_err lock_match(cc_store *store, int64_t id, cc_error *err)
{
	assert(store->mode == CC_STORE_WRITE && id >= 0);
	struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = MATCH_LOCK_BASE + (off_t)id,
	                     .l_len = 1};
	if (fcntl(store->file_fd, F_OFD_SETLK, &lock) == 0)
		return CC_OK;
	if (errno == EAGAIN || errno == EACCES)
		return cc_refuse(err, CC_MSG_MATCH_LOCKED, id);
	return cc_refuse(err, CC_MSG_CANNOT_LOCK_MATCH, id, store->path, strerror(errno));
}

static void unlock_match(cc_store *store, int64_t id)
{
	struct flock lock = {.l_type = F_UNLCK, .l_whence = SEEK_SET, .l_start = MATCH_LOCK_BASE + (off_t)id,
	                     .l_len = 1};
	int rc = fcntl(store->file_fd, F_OFD_SETLK, &lock);
	assert(rc == 0);
	(void)rc;
}

static cc_err link_new_match(cc_store *store, int64_t id, const cc_match_settings *s,
                             const cc_store_match_club *club, cc_error *err);

cc_err cc_store_create_match(cc_store *store, const cc_match_settings *s, const char *sheet, int64_t wall_ms,
                             int64_t *id, cc_error *err)
{
	return cc_store_create_match_club(store, s, sheet, wall_ms, NULL, id, err);
}

cc_err cc_store_create_match_club(cc_store *store, const cc_match_settings *s, const char *sheet, int64_t wall_ms,
                                  const cc_store_match_club *club, int64_t *id, cc_error *err)
{
	return cc_store_create_match_fair(store, s, sheet, wall_ms, club, NULL, id, err);
}

/* The Chess-Uno columns of new match id (schema 7). */
static int record_uno(sqlite3 *db, int64_t id, const cc_match_settings *s, const cc_store_fairness *fair)
{
	char options[512];
	query q;
	cc_match_uno_options_text(&s->uno.options, options, sizeof options);
	q_prepare(&q, db, "UPDATE matches SET uno_options = ?, uno_deal = ?, uno_secret = ?, uno_commitment = ? WHERE id = ?");
	q_text(&q, 1, options);
	q_text(&q, 2, s->uno.deal);
	q_text(&q, 3, fair ? fair->secret : NULL);
	q_text(&q, 4, fair ? fair->commitment : NULL);
	q_int64(&q, 5, id);
	q_step(&q);
	return q_finish(&q);
}

cc_err cc_store_create_match_fair(cc_store *store, const cc_match_settings *s, const char *sheet, int64_t wall_ms,
                                  const cc_store_match_club *club, const cc_store_fairness *fair, int64_t *id,
                                  cc_error *err)
{
	const char *what = "cannot record the match";
	char seed[24], created[32];
	query q;
	assert(store->mode == CC_STORE_WRITE);
	if (!format_utc(wall_ms, created, sizeof created))
		return cc_refuse(err, CC_MSG_WALL_TIME_OUT_OF_RANGE_MS, what, wall_ms);
	snprintf(seed, sizeof seed, "%llu", (unsigned long long)s->seed);
	int rc = sqlite3_exec(store->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, what, err);
	q_prepare(&q, store->db,
	          "INSERT INTO matches (created_utc, format, category, record, white, black, seed, sheet, variant, "
	          "tc_base_ms, tc_increment_ms, claims) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
	q_text(&q, 1, created);
	q_text(&q, 2, cc_format_name(s->format));
	q_text(&q, 3, cc_category_name(s->category));
	q_text(&q, 4, s->record == CC_RECORD_MOVES ? "moves" : "count");
	q_text(&q, 5, s->white);
	q_text(&q, 6, s->black);
	q_text(&q, 7, seed);
	q_text(&q, 8, sheet && sheet[0] ? sheet : NULL);
	q_text(&q, 9, cc_chess_variant_name(s->variant));
	q_int64(&q, 10, s->tc_base_ms);
	q_int64(&q, 11, s->tc_increment_ms);
	q_text(&q, 12, cc_claims_name(s->claims));
	q_step(&q);
	rc = q_finish(&q);
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, what, err);
	int64_t new_id = sqlite3_last_insert_rowid(store->db);
	if (cc_game_has(s->format, CC_GAME_DEALT)) {
		rc = record_uno(store->db, new_id, s, fair);
		if (rc != SQLITE_OK)
			return fail_transaction(store->db, rc, what, err);
	}
	/* Its players and its pairing in the same transaction (CL-1.2, CL-3.3). */
	cc_err result = link_new_match(store, new_id, s, club, err);
	if (result) {
		char why[CC_ERROR_MESSAGE_MAX];
		snprintf(why, sizeof why, "%s", err ? err->message : "");
		rc = sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
		if (rc != SQLITE_OK)
			return cc_refuse(err, CC_MSG_ROLLBACK_FAILED_AFTER, why, rc_message(store->db, rc));
		return result;
	}
	/* Locked before it is committed: no other console can ever see the new
	 * match unlocked, and a refused lock leaves no match behind. */
	result = lock_match(store, new_id, err);
	if (result) {
		char why[CC_ERROR_MESSAGE_MAX];
		snprintf(why, sizeof why, "%s", err ? err->message : "");
		rc = sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
		if (rc != SQLITE_OK)
			return cc_refuse(err, CC_MSG_ROLLBACK_FAILED_AFTER, why, rc_message(store->db, rc));
		return result;
	}
	rc = sqlite3_exec(store->db, "COMMIT", NULL, NULL, NULL);
	if (rc != SQLITE_OK) {
		unlock_match(store, new_id);
		return fail_transaction(store->db, rc, what, err);
	}
	*id = new_id;
	return CC_OK;
}

cc_err cc_store_set_sheet(cc_store *store, int64_t id, const char *sheet, cc_error *err)
{
	query q;
	q_prepare(&q, store->db, "UPDATE matches SET sheet = ? WHERE id = ?");
	q_text(&q, 1, sheet && sheet[0] ? sheet : NULL);
	q_int64(&q, 2, id);
	q_step(&q);
	int rc = q_finish(&q);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, "cannot record the scramble sheet");
}

cc_err cc_store_lock_match(cc_store *store, int64_t id, cc_error *err)
{
	return lock_match(store, id, err);
}

static bool event_has_side(cc_event_kind kind)
{
	return kind == CC_EV_MOVE || kind == CC_EV_CUBE || kind == CC_EV_RESIGN || kind == CC_EV_CORRECT ||
	       kind == CC_EV_IN_TIME || kind == CC_EV_CLAIM || kind == CC_EV_CARD || kind == CC_EV_PLACE ||
	       kind == CC_EV_STOP;
}

static int insert_event(sqlite3 *db, int64_t id, size_t seq, const cc_event *ev, int64_t wall_ms)
{
	query q;
	q_prepare(&q, db,
	          "INSERT INTO events (match_id, seq, t_ms, kind, side, gives_check, cube_cs, winner, text, wall_ms, "
	          "target, amount, relative) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
	q_int64(&q, 1, id);
	q_int64(&q, 2, (int64_t)seq);
	q_int64(&q, 3, ev->t_ms);
	q_text(&q, 4, cc_event_kind_name(ev->kind));
	q_text(&q, 5, event_has_side(ev->kind) ? cc_side_name(ev->side) : NULL);
	q_int64(&q, 6, ev->gives_check ? 1 : 0);
	if (ev->kind == CC_EV_CUBE)
		q_int64(&q, 7, ev->cube_cs);
	else
		q_text(&q, 7, NULL);
	q_text(&q, 8, ev->kind == CC_EV_ARBITER ? cc_winner_name(ev->winner) : NULL);
	q_text(&q, 9, ev->text);
	q_int64(&q, 10, wall_ms);
	bool correct = ev->kind == CC_EV_CORRECT;
	q_text(&q, 11, correct ? cc_correct_target_name(ev->target) : NULL);
	if (correct)
		q_int64(&q, 12, ev->amount);
	else
		q_text(&q, 12, NULL);
	q_int64(&q, 13, correct && ev->relative ? 1 : 0);
	q_step(&q);
	return q_finish(&q);
}

static int update_result(sqlite3 *db, int64_t id, const cc_match_view *after)
{
	query q;
	q_prepare(&q, db, "UPDATE matches SET result_winner = ?, result_reason = ?, result_text = ? WHERE id = ?");
	q_text(&q, 1, after->over ? cc_winner_name(after->winner) : NULL);
	q_text(&q, 2, after->over ? cc_reason_name(after->reason) : NULL);
	q_text(&q, 3, after->over ? after->reason_text : NULL);
	q_int64(&q, 4, id);
	q_step(&q);
	return q_finish(&q);
}

cc_err cc_store_append_event(cc_store *store, int64_t id, size_t seq, const cc_event *ev,
                             const cc_match_view *after, int64_t wall_ms, cc_error *err)
{
	sqlite3 *db = store->db;
	int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = insert_event(db, id, seq, ev, wall_ms);
	if (rc == SQLITE_OK)
		rc = update_result(db, id, after);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	return rc == SQLITE_OK ? CC_OK : fail_transaction(db, rc, "the event was not recorded", err);
}

/* ---- reading --------------------------------------------------------------- */

#define INFO_SELECT                                                                                          \
	"SELECT m.id, m.created_utc, m.format, m.category, m.record, m.white, m.black, m.seed, "              \
	"m.result_winner, m.result_reason, m.result_text, "                                                  \
	"(SELECT count(*) FROM events e WHERE e.match_id = m.id), "

static const char *column_text(sqlite3_stmt *stmt, int col)
{
	const unsigned char *text = sqlite3_column_text(stmt, col);
	return text ? (const char *)text : "";
}

/* The match columns; the sheet came with schema 2, the variant, the time
 * control and the claims with schema 6: a reader never migrates, so an
 * older file is read with NULL in their place. */
static const char *info_query(const cc_store *store, bool one)
{
#define V5_COLUMNS ", m.variant, m.tc_base_ms, m.tc_increment_ms, m.claims FROM matches m "
#define V5_NULLS ", NULL, NULL, NULL, NULL FROM matches m "
#define V7_COLUMNS                                                                                           \
	", m.variant, m.tc_base_ms, m.tc_increment_ms, m.claims, m.uno_options, m.uno_deal, m.uno_secret, "  \
	"m.uno_commitment FROM matches m "
	if (store->version >= 7)
		return one ? INFO_SELECT "m.sheet" V7_COLUMNS "WHERE m.id = ?" : INFO_SELECT "m.sheet" V7_COLUMNS "ORDER BY m.id";
	if (store->version >= 6)
		return one ? INFO_SELECT "m.sheet" V5_COLUMNS "WHERE m.id = ?" : INFO_SELECT "m.sheet" V5_COLUMNS "ORDER BY m.id";
	if (store->version >= 2)
		return one ? INFO_SELECT "m.sheet" V5_NULLS "WHERE m.id = ?" : INFO_SELECT "m.sheet" V5_NULLS "ORDER BY m.id";
	return one ? INFO_SELECT "NULL" V5_NULLS "WHERE m.id = ?" : INFO_SELECT "NULL" V5_NULLS "ORDER BY m.id";
#undef V5_COLUMNS
#undef V5_NULLS
#undef V7_COLUMNS
}

/* A Chess-Uno game's columns (schema 7: columns 17 to 20 when the row has them). */
static cc_err read_uno(sqlite3_stmt *stmt, cc_store_match_info *info, cc_error *err)
{
	cc_match_settings *s = &info->settings;
	if (!cc_game_has(s->format, CC_GAME_DEALT))
		return CC_OK;
	if (sqlite3_column_count(stmt) < 21 ||
	    cc_uno_settings_parse(&s->uno.options, column_text(stmt, 17), NULL) != CC_OK)
		return cc_refuse(err, CC_MSG_STORE_UNKNOWN_UNO_OPTIONS, info->id);
	snprintf(s->uno.deal, sizeof s->uno.deal, "%s", column_text(stmt, 18));
	snprintf(info->secret, sizeof info->secret, "%s", column_text(stmt, 19));
	snprintf(info->commitment, sizeof info->commitment, "%s", column_text(stmt, 20));
	return CC_OK;
}

/* Fills info from a row of info_query(); CC_ERR_STORE when a value is not ours. */
static cc_err read_info(sqlite3_stmt *stmt, cc_store_match_info *info, cc_error *err)
{
	cc_match_settings *s = &info->settings;
	memset(info, 0, sizeof *info);
	cc_match_settings_default(s);
	info->id = sqlite3_column_int64(stmt, 0);
	snprintf(info->created_utc, sizeof info->created_utc, "%s", column_text(stmt, 1));
	const char *record = column_text(stmt, 4);
	char *end;
	s->seed = strtoull(column_text(stmt, 7), &end, 10);
	if (cc_format_parse(column_text(stmt, 2), &s->format) || cc_category_parse(column_text(stmt, 3), &s->category) ||
	    (strcmp(record, "count") != 0 && strcmp(record, "moves") != 0) || *end != '\0')
		return cc_refuse(err, CC_MSG_STORE_UNKNOWN_SETTINGS, info->id);
	s->record = strcmp(record, "moves") == 0 ? CC_RECORD_MOVES : CC_RECORD_COUNT;
	if ((sqlite3_column_type(stmt, 13) != SQLITE_NULL &&
	     cc_chess_variant_from_name(column_text(stmt, 13), &s->variant, NULL) != CC_OK) ||
	    (sqlite3_column_type(stmt, 16) != SQLITE_NULL && cc_claims_parse(column_text(stmt, 16), &s->claims) != CC_OK))
		return cc_refuse(err, CC_MSG_STORE_UNKNOWN_VARIANT, info->id);
	s->tc_base_ms = sqlite3_column_int64(stmt, 14);
	s->tc_increment_ms = sqlite3_column_int64(stmt, 15);
	snprintf(s->white, sizeof s->white, "%s", column_text(stmt, 5));
	snprintf(s->black, sizeof s->black, "%s", column_text(stmt, 6));
	info->over = sqlite3_column_type(stmt, 8) != SQLITE_NULL;
	if (info->over) {
		if (cc_reason_parse(column_text(stmt, 9), &info->reason) != CC_OK)
			info->reason = CC_REASON_ARBITER;
		if (cc_winner_parse(column_text(stmt, 8), &info->winner))
			info->winner = CC_WINNER_NONE;
		snprintf(info->reason_text, sizeof info->reason_text, "%s", column_text(stmt, 10));
	}
	info->events = (size_t)sqlite3_column_int64(stmt, 11);
	snprintf(info->sheet, sizeof info->sheet, "%s", column_text(stmt, 12));
	return read_uno(stmt, info, err);
}

cc_err cc_store_match_info_of(cc_store *store, int64_t id, cc_store_match_info *info, cc_error *err)
{
	query q;
	cc_err result = CC_OK;
	q_prepare(&q, store->db, info_query(store, true));
	q_int64(&q, 1, id);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW)
		result = read_info(q.stmt, info, err);
	else if (rc == SQLITE_DONE)
		result = cc_refuse(err, CC_MSG_NO_MATCH_IN, id, store->path);
	rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, "cannot read the matches");
	return result;
}

cc_err cc_store_list(cc_store *store, cc_store_match_info **items, size_t *count, cc_error *err)
{
	query q;
	size_t cap = 0;
	cc_err result = CC_OK;
	*items = NULL;
	*count = 0;
	q_prepare(&q, store->db, info_query(store, false));
	while (result == CC_OK && q_step(&q) == SQLITE_ROW) {
		if (*count == cap) {
			cap = cap ? cap * 2 : 16;
			cc_store_match_info *grown = realloc(*items, cap * sizeof **items);
			if (!grown) {
				result = cc_refuse(err, CC_MSG_NOMEM);
				break;
			}
			*items = grown;
		}
		result = read_info(q.stmt, &(*items)[*count], err);
		if (result == CC_OK)
			(*count)++;
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, "cannot read the matches");
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
}

static cc_err latest(cc_store *store, const char *sql, int64_t *id, cc_msg none, cc_error *err)
{
	int rc = query_int(store->db, sql, id);
	if (rc == SQLITE_DONE)
		return cc_refuse(err, none, store->path);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, "cannot read the matches");
}

cc_err cc_store_latest_unfinished(cc_store *store, int64_t *id, cc_error *err)
{
	return latest(store, "SELECT max(id) FROM matches WHERE result_winner IS NULL HAVING max(id) IS NOT NULL", id,
	              CC_MSG_NO_UNFINISHED_MATCH_IN, err);
}

cc_err cc_store_latest(cc_store *store, int64_t *id, cc_error *err)
{
	return latest(store, "SELECT max(id) FROM matches HAVING max(id) IS NOT NULL", id, CC_MSG_NO_MATCH_AT_ALL_IN, err);
}

cc_err cc_store_last_event_wall(cc_store *store, int64_t id, int64_t *wall_ms, cc_error *err)
{
	query q;
	cc_err result = CC_OK;
	if (store->version < 3)
		return cc_refuse(err, CC_MSG_NO_COMMIT_TIMES);
	q_prepare(&q, store->db,
	          "SELECT wall_ms FROM events WHERE match_id = ? AND wall_ms IS NOT NULL ORDER BY seq DESC LIMIT 1");
	q_int64(&q, 1, id);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW)
		*wall_ms = sqlite3_column_int64(q.stmt, 0);
	else if (rc == SQLITE_DONE)
		result = cc_refuse(err, CC_MSG_MATCH_NO_COMMIT_TIME, id);
	rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, "cannot read the events");
	return result;
}

cc_err cc_store_match_in_use(cc_store *store, int64_t id, bool *in_use, cc_error *err)
{
	/* F_OFD_GETLK only asks: it takes nothing and writes nothing. */
	struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = MATCH_LOCK_BASE + (off_t)id,
	                     .l_len = 1};
	*in_use = false;
	if (fcntl(store->file_fd, F_OFD_GETLK, &lock) != 0)
		return cc_refuse(err, CC_MSG_CANNOT_READ_LOCKS, store->path, strerror(errno));
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
	cc_err rc = open_reader(store, err);
	if (rc == CC_OK)
		rc = configure(store, err);
	if (rc) {
		/* keep reading through the old connection */
		if (store->db)
			close_db(store);
		store->db = old;
		store->immutable = true;
		store->made_wal = false;
		return rc;
	}
	sqlite3 *fresh = store->db;
	store->db = old;
	close_db(store);
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
	int rc = query_int(store->db, "PRAGMA data_version", &raw);
	if (rc != SQLITE_OK)
		return db_error(err, store->db, rc, "cannot read the database");
	store->dv_last = *version = store->dv_offset + raw;
	return CC_OK;
}

/* One stored event row as a core event. */
static cc_err read_event(sqlite3_stmt *stmt, cc_event *ev, cc_error *err)
{
	memset(ev, 0, sizeof *ev);
	ev->t_ms = sqlite3_column_int64(stmt, 0);
	ev->winner = CC_WINNER_NONE;
	bool ok = cc_event_kind_parse(column_text(stmt, 1), &ev->kind) == CC_OK;
	if (ok && event_has_side(ev->kind))
		ok = cc_side_parse(column_text(stmt, 2), &ev->side) == CC_OK;
	ev->gives_check = sqlite3_column_int(stmt, 3) != 0;
	ev->cube_cs = sqlite3_column_int(stmt, 4);
	if (ok && ev->kind == CC_EV_ARBITER)
		ok = cc_winner_parse(column_text(stmt, 5), &ev->winner) == CC_OK;
	snprintf(ev->text, sizeof ev->text, "%s", column_text(stmt, 6));
	if (ok && ev->kind == CC_EV_CORRECT) {
		ok = cc_correct_target_parse(column_text(stmt, 7), &ev->target) == CC_OK;
		ev->amount = sqlite3_column_int64(stmt, 8);
		ev->relative = sqlite3_column_int(stmt, 9) != 0;
	}
	return ok ? CC_OK : cc_refuse(err, CC_MSG_STORE_UNKNOWN_EVENT_VALUES);
}

cc_err cc_store_match_events(cc_store *store, int64_t id, cc_event **out, size_t *count, cc_error *err)
{
	query q;
	cc_err result = CC_OK;
	cc_event *events = NULL;
	size_t n = 0, cap = 0;
	*out = NULL;
	*count = 0;
	/* A reader never migrates: an older file has no correction columns. */
	q_prepare(&q, store->db,
	          store->version >= 4 ? "SELECT t_ms, kind, side, gives_check, cube_cs, winner, text, target, amount, "
	                                "relative FROM events WHERE match_id = ? ORDER BY seq"
	                              : "SELECT t_ms, kind, side, gives_check, cube_cs, winner, text, NULL, 0, 0 "
	                                "FROM events WHERE match_id = ? ORDER BY seq");
	q_int64(&q, 1, id);
	while (result == CC_OK && q_step(&q) == SQLITE_ROW) {
		if (n == cap) {
			size_t more = cap ? 2 * cap : 64;
			cc_event *grown = realloc(events, more * sizeof *grown);
			if (!grown) {
				result = cc_refuse(err, CC_MSG_NOMEM);
				break;
			}
			events = grown;
			cap = more;
		}
		result = read_event(q.stmt, &events[n], err);
		n += result == CC_OK;
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, "cannot read the events");
	if (result) {
		free(events);
		return result;
	}
	*out = events;
	*count = n;
	return CC_OK;
}

/* ---- the club (schema 5) ---------------------------------------------------------- */

/* Runs one statement with up to four bound values (text: NULL binds nothing
 * more); the first column of its first row into *out when out is given.
 * SQLITE_ROW when a row came, SQLITE_DONE when none, or the error. */
static int exec_one(sqlite3 *db, const char *sql, const char *text, int64_t a, int64_t b, int64_t c, int64_t *out)
{
	query q;
	q_prepare(&q, db, sql);
	int n = 1;
	if (text)
		q_text(&q, n++, text);
	int params = q.rc == SQLITE_OK ? sqlite3_bind_parameter_count(q.stmt) : 0;
	const int64_t values[3] = {a, b, c};
	for (int i = 0; n <= params && i < 3; i++)
		q_int64(&q, n++, values[i]);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW && out)
		*out = sqlite3_column_int64(q.stmt, 0);
	int fin = q_finish(&q);
	return fin != SQLITE_OK ? fin : rc;
}

/* The player id of name, added when absent with create; 0 when the name
 * has no key (an old record's empty name: never linked). */
static int player_id_for(sqlite3 *db, const char *name, int64_t *id)
{
	char key[CC_CLUB_KEY_MAX];
	*id = 0;
	if (cc_club_name_key(name, key, sizeof key) != CC_OK)
		return SQLITE_OK;
	int rc = exec_one(db, "SELECT id FROM players WHERE name_key = ?", key, 0, 0, 0, id);
	if (rc == SQLITE_DONE) {
		query q;
		q_prepare(&q, db, "INSERT INTO players (name, name_key) VALUES (?, ?)");
		q_text(&q, 1, name);
		q_text(&q, 2, key);
		q_step(&q);
		rc = q_finish(&q);
		*id = sqlite3_last_insert_rowid(db);
	}
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/*
 * The match takes the pairing of the round and board given (the one a
 * console offered, CL-3.6), inside the creating transaction: a pairing
 * another console took since it was offered is refused with the match that
 * took it, and so is a pairing of other players or colours (CL-3.7).
 */
static cc_err take_given_pairing(cc_store *store, int64_t id, const cc_match_settings *s, int64_t event_id,
                                 int64_t ws, int64_t bs, const cc_store_match_club *club, cc_error *err)
{
	sqlite3 *db = store->db;
	const char *what = "cannot record the match in its event";
	int64_t pw = -1, pb = -1, taken = 0;
	query q;
	q_prepare(&q, db, "SELECT white_seat, black_seat, match_id FROM pairings WHERE event_id = ? AND round = ? "
	                  "AND board = ?");
	q_int64(&q, 1, event_id);
	q_int64(&q, 2, club->round);
	q_int64(&q, 3, club->board);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW) {
		pw = sqlite3_column_int64(q.stmt, 0);
		pb = sqlite3_column_type(q.stmt, 1) == SQLITE_NULL ? -1 : sqlite3_column_int64(q.stmt, 1);
		taken = sqlite3_column_int64(q.stmt, 2);
	}
	int fin = q_finish(&q);
	if (fin != SQLITE_OK)
		return db_error(err, db, fin, what);
	if (rc != SQLITE_ROW)
		return cc_refuse(err, CC_MSG_NO_SUCH_PAIRING, club->event, club->round, club->board);
	if (pw != ws || pb != bs)
		return cc_refuse(err, CC_MSG_PAIRING_OTHER_PLAYERS, club->round, club->board, club->event, s->white, s->black);
	if (taken)
		return cc_refuse(err, CC_MSG_PAIRING_TAKEN, club->round, club->board, club->event, taken);
	q_prepare(&q, db, "UPDATE pairings SET match_id = ? WHERE event_id = ? AND round = ? AND board = ?");
	q_int64(&q, 1, id);
	q_int64(&q, 2, event_id);
	q_int64(&q, 3, club->round);
	q_int64(&q, 4, club->board);
	q_step(&q);
	rc = q_finish(&q);
	return rc == SQLITE_OK ? CC_OK : db_error(err, db, rc, what);
}

static cc_err link_pairing(cc_store *store, int64_t id, const cc_match_settings *s, int64_t white, int64_t black,
                           const cc_store_match_club *club, cc_error *err)
{
	const char *event = club->event;
	sqlite3 *db = store->db;
	char key[CC_CLUB_KEY_MAX];
	int64_t event_id = 0, ws = -1, bs = -1, round = 0, board = 0, other = 0;
	const char *what = "cannot record the match in its event";
	if (cc_club_name_key(event, key, sizeof key) != CC_OK)
		return cc_refuse(err, CC_MSG_NOT_AN_EVENT_NAME, event);
	query q;
	q_prepare(&q, db, "SELECT id, format, category FROM club_events WHERE name_key = ?");
	q_text(&q, 1, key);
	int rc = q_step(&q);
	bool same_format = rc == SQLITE_ROW && strcmp(column_text(q.stmt, 1), cc_format_name(s->format)) == 0 &&
	                   strcmp(column_text(q.stmt, 2), cc_category_name(s->category)) == 0;
	if (rc == SQLITE_ROW)
		event_id = sqlite3_column_int64(q.stmt, 0);
	int fin = q_finish(&q);
	if (fin != SQLITE_OK)
		return db_error(err, db, fin, what);
	if (rc != SQLITE_ROW)
		return cc_refuse(err, CC_MSG_UNKNOWN_EVENT_NAME, event);
	if (!same_format)
		return cc_refuse(err, CC_MSG_EVENT_OTHER_GAME, event, cc_format_name(s->format), cc_category_name(s->category));
	const char *seat_sql = "SELECT seat FROM event_players WHERE event_id = ? AND player_id = ?";
	rc = exec_one(db, seat_sql, NULL, event_id, white, 0, &ws);
	if (rc == SQLITE_ROW)
		rc = exec_one(db, seat_sql, NULL, event_id, black, 0, &bs);
	if (rc == SQLITE_DONE)
		return cc_refuse(err, CC_MSG_NOT_PLAYERS_OF_EVENT, s->white, s->black, event);
	if (rc != SQLITE_ROW)
		return db_error(err, db, rc, what);
	if (club->round > 0)
		return take_given_pairing(store, id, s, event_id, ws, bs, club, err);
	q_prepare(&q, db,
	          "SELECT round, board FROM pairings WHERE event_id = ? AND white_seat = ? AND black_seat = ? "
	          "AND match_id IS NULL ORDER BY round, board LIMIT 1");
	q_int64(&q, 1, event_id);
	q_int64(&q, 2, ws);
	q_int64(&q, 3, bs);
	rc = q_step(&q);
	if (rc == SQLITE_ROW) {
		round = sqlite3_column_int64(q.stmt, 0);
		board = sqlite3_column_int64(q.stmt, 1);
	}
	fin = q_finish(&q);
	if (fin != SQLITE_OK)
		return db_error(err, db, fin, what);
	if (rc != SQLITE_ROW) {
		rc = exec_one(db,
		              "SELECT count(*) FROM pairings WHERE event_id = ? AND white_seat = ? AND black_seat = ? "
		              "AND match_id IS NULL",
		              NULL, event_id, bs, ws, &other);
		if (rc != SQLITE_ROW)
			return db_error(err, db, rc, what);
		if (other > 0)
			return cc_refuse(err, CC_MSG_PAIRING_OTHER_COLOURS, event, s->black, s->white);
		return cc_refuse(err, CC_MSG_NO_UNPLAYED_PAIRING, event, s->white, s->black);
	}
	q_prepare(&q, db, "UPDATE pairings SET match_id = ? WHERE event_id = ? AND round = ? AND board = ?");
	q_int64(&q, 1, id);
	q_int64(&q, 2, event_id);
	q_int64(&q, 3, round);
	q_int64(&q, 4, board);
	q_step(&q);
	rc = q_finish(&q);
	return rc == SQLITE_OK ? CC_OK : db_error(err, db, rc, what);
}

static cc_err link_new_match(cc_store *store, int64_t id, const cc_match_settings *s,
                             const cc_store_match_club *club, cc_error *err)
{
	const char *what = "cannot record the match's players";
	int64_t white = 0, black = 0;
	int rc = SQLITE_OK;
	if (!club || !club->unnamed) {
		rc = player_id_for(store->db, s->white, &white);
		if (rc == SQLITE_OK)
			rc = player_id_for(store->db, s->black, &black);
	}
	if (rc != SQLITE_OK)
		return db_error(err, store->db, rc, what);
	query q;
	q_prepare(&q, store->db, "UPDATE matches SET white_id = nullif(?, 0), black_id = nullif(?, 0), rated = ? "
	                         "WHERE id = ?");
	q_int64(&q, 1, white);
	q_int64(&q, 2, black);
	q_int64(&q, 3, club && club->unrated ? 0 : 1);
	q_int64(&q, 4, id);
	q_step(&q);
	rc = q_finish(&q);
	if (rc != SQLITE_OK)
		return db_error(err, store->db, rc, what);
	if (club && club->event && club->event[0])
		return link_pairing(store, id, s, white, black, club, err);
	return CC_OK;
}

/* Appends room for one more item to a growing array; false when out of memory. */
static bool grow(void **items, size_t count, size_t *cap, size_t item_size)
{
	if (count < *cap)
		return true;
	size_t n = *cap ? *cap * 2 : 16;
	void *grown = realloc(*items, n * item_size);
	if (!grown)
		return false;
	*items = grown;
	*cap = n;
	return true;
}

static bool is_unique_violation(sqlite3 *db, int rc)
{
	return rc == SQLITE_CONSTRAINT_UNIQUE || rc == SQLITE_CONSTRAINT_PRIMARYKEY ||
	       (rc == SQLITE_CONSTRAINT && sqlite3_extended_errcode(db) == SQLITE_CONSTRAINT_UNIQUE);
}

cc_err cc_store_player_add(cc_store *store, const char *name, const char *club, const char *federation_id,
                           int64_t *id, cc_error *err)
{
	char key[CC_CLUB_KEY_MAX];
	if (strlen(name) >= CC_NAME_MAX || cc_club_name_key(name, key, sizeof key) != CC_OK)
		return cc_refuse(err, CC_MSG_NOT_A_PLAYER_NAME, name, CC_NAME_MAX - 1);
	if ((club && (strlen(club) >= CC_NAME_MAX || !cc_text_is_line(club))) ||
	    (federation_id && (strlen(federation_id) >= CC_STORE_FED_MAX || !cc_text_is_line(federation_id))))
		return cc_refuse(err, CC_MSG_PLAYER_CLUB_OR_ID_TOO_LONG, CC_NAME_MAX - 1, CC_STORE_FED_MAX - 1);
	query q;
	q_prepare(&q, store->db, "INSERT INTO players (name, name_key, club, federation_id) VALUES (?, ?, ?, ?)");
	q_text(&q, 1, name);
	q_text(&q, 2, key);
	q_text(&q, 3, club && club[0] ? club : NULL);
	q_text(&q, 4, federation_id && federation_id[0] ? federation_id : NULL);
	q_step(&q);
	int rc = q_finish(&q);
	if (is_unique_violation(store->db, rc))
		return cc_refuse(err, CC_MSG_PLAYER_ALREADY_REGISTERED, name);
	if (rc != SQLITE_OK)
		return db_error(err, store->db, rc, "cannot add the player");
	if (id)
		*id = sqlite3_last_insert_rowid(store->db);
	return CC_OK;
}

static void read_player(sqlite3_stmt *stmt, cc_store_player *p)
{
	memset(p, 0, sizeof *p);
	p->id = sqlite3_column_int64(stmt, 0);
	snprintf(p->name, sizeof p->name, "%s", column_text(stmt, 1));
	snprintf(p->club, sizeof p->club, "%s", column_text(stmt, 2));
	snprintf(p->federation_id, sizeof p->federation_id, "%s", column_text(stmt, 3));
}

cc_err cc_store_player_find(cc_store *store, const char *name, cc_store_player *out, cc_error *err)
{
	char key[CC_CLUB_KEY_MAX];
	if (store->version < 5 || cc_club_name_key(name, key, sizeof key) != CC_OK)
		return cc_refuse(err, CC_MSG_NO_SUCH_PLAYER, name);
	query q;
	cc_err result = CC_OK;
	q_prepare(&q, store->db, "SELECT id, name, club, federation_id FROM players WHERE name_key = ?");
	q_text(&q, 1, key);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW)
		read_player(q.stmt, out);
	else if (rc == SQLITE_DONE)
		result = cc_refuse(err, CC_MSG_NO_SUCH_PLAYER_SEE_LIST, name);
	rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, "cannot read the players");
	return result;
}

cc_err cc_store_players(cc_store *store, cc_store_player **items, size_t *count, cc_error *err)
{
	query q;
	size_t cap = 0;
	*items = NULL;
	*count = 0;
	if (store->version < 5)
		return CC_OK;
	q_prepare(&q, store->db, "SELECT id, name, club, federation_id FROM players ORDER BY id");
	while (q_step(&q) == SQLITE_ROW) {
		if (!grow((void **)items, *count, &cap, sizeof **items)) {
			q_finish(&q);
			free(*items);
			*items = NULL;
			*count = 0;
			return cc_refuse(err, CC_MSG_NOMEM);
		}
		read_player(q.stmt, &(*items)[(*count)++]);
	}
	int rc = q_finish(&q);
	if (rc != SQLITE_OK) {
		free(*items);
		*items = NULL;
		*count = 0;
		return db_error(err, store->db, rc, "cannot read the players");
	}
	return CC_OK;
}

cc_err cc_store_player_rename(cc_store *store, int64_t id, const char *name, cc_error *err)
{
	char key[CC_CLUB_KEY_MAX];
	if (strlen(name) >= CC_NAME_MAX || cc_club_name_key(name, key, sizeof key) != CC_OK)
		return cc_refuse(err, CC_MSG_NOT_A_PLAYER_NAME, name, CC_NAME_MAX - 1);
	query q;
	q_prepare(&q, store->db, "UPDATE players SET name = ?, name_key = ? WHERE id = ?");
	q_text(&q, 1, name);
	q_text(&q, 2, key);
	q_int64(&q, 3, id);
	q_step(&q);
	int rc = q_finish(&q);
	if (is_unique_violation(store->db, rc))
		return cc_refuse(err, CC_MSG_NAME_OF_ANOTHER_PLAYER, name);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, "cannot rename the player");
}

cc_err cc_store_club_matches(cc_store *store, cc_store_club_match **items, size_t *count, cc_error *err)
{
	query q;
	size_t cap = 0;
	cc_err result = CC_OK;
	*items = NULL;
	*count = 0;
	if (store->version < 5)
		return CC_OK;
	/* The end of a match is the commit of its last event (CL-2.7). */
	q_prepare(&q, store->db,
	          "SELECT m.id, m.white_id, m.black_id, m.rated, m.result_winner, m.result_reason, "
	          "(SELECT e.wall_ms FROM events e WHERE e.match_id = m.id ORDER BY e.seq DESC LIMIT 1) AS ended, "
	          "p.event_id, p.round, m.format FROM matches m LEFT JOIN pairings p ON p.match_id = m.id "
	          "WHERE m.white_id IS NOT NULL AND m.black_id IS NOT NULL "
	          "ORDER BY ended IS NOT NULL, ended, m.id");
	while (result == CC_OK && q_step(&q) == SQLITE_ROW) {
		if (!grow((void **)items, *count, &cap, sizeof **items)) {
			result = cc_refuse(err, CC_MSG_NOMEM);
			break;
		}
		cc_store_club_match *m = &(*items)[*count];
		memset(m, 0, sizeof *m);
		m->id = sqlite3_column_int64(q.stmt, 0);
		m->white_id = sqlite3_column_int64(q.stmt, 1);
		m->black_id = sqlite3_column_int64(q.stmt, 2);
		m->rated = sqlite3_column_int(q.stmt, 3) != 0;
		m->over = sqlite3_column_type(q.stmt, 4) != SQLITE_NULL;
		m->winner = CC_WINNER_NONE;
		m->reason = CC_REASON_ARBITER;
		/* The core's names, every reason (a chess game's too); a value
		 * they do not know is a damaged record, never a guessed result. */
		bool known = cc_format_parse(column_text(q.stmt, 9), &m->format) == CC_OK;
		if (known && m->over)
			known = cc_winner_parse(column_text(q.stmt, 4), &m->winner) == CC_OK &&
			        cc_reason_parse(column_text(q.stmt, 5), &m->reason) == CC_OK;
		if (!known) {
			result = cc_refuse(err, CC_MSG_STORE_UNKNOWN_FORMAT_OR_RESULT, m->id);
			break;
		}
		m->has_end = sqlite3_column_type(q.stmt, 6) != SQLITE_NULL;
		m->end_wall_ms = sqlite3_column_int64(q.stmt, 6);
		m->event_id = sqlite3_column_int64(q.stmt, 7);
		m->round = (unsigned)sqlite3_column_int(q.stmt, 8);
		(*count)++;
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, "cannot read the matches");
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
}

cc_err cc_store_event_create(cc_store *store, const cc_store_event *event, const int64_t *player_ids,
                             const cc_club_pairing *pairings, size_t count, int64_t wall_ms, int64_t *id,
                             cc_error *err)
{
	const char *what = "cannot record the event";
	char key[CC_CLUB_KEY_MAX], created[32];
	if (strlen(event->name) >= CC_NAME_MAX || cc_club_name_key(event->name, key, sizeof key) != CC_OK)
		return cc_refuse(err, CC_MSG_EVENT_NAME_NOT_A_LINE, event->name, CC_NAME_MAX - 1);
	if (!format_utc(wall_ms, created, sizeof created))
		return cc_refuse(err, CC_MSG_WALL_TIME_OUT_OF_RANGE, what);
	int rc = sqlite3_exec(store->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, what, err);
	query q;
	q_prepare(&q, store->db,
	          "INSERT INTO club_events (name, name_key, format, category, twice, created_utc) VALUES (?, ?, ?, ?, ?, ?)");
	q_text(&q, 1, event->name);
	q_text(&q, 2, key);
	q_text(&q, 3, cc_format_name(event->format));
	q_text(&q, 4, cc_category_name(event->category));
	q_int64(&q, 5, event->twice ? 1 : 0);
	q_text(&q, 6, created);
	q_step(&q);
	rc = q_finish(&q);
	if (is_unique_violation(store->db, rc)) {
		fail_transaction(store->db, rc, what, err);
		return cc_refuse(err, CC_MSG_EVENT_EXISTS, event->name);
	}
	int64_t new_id = sqlite3_last_insert_rowid(store->db);
	for (unsigned seat = 0; rc == SQLITE_OK && seat < event->players; seat++) {
		q_prepare(&q, store->db, "INSERT INTO event_players (event_id, seat, player_id) VALUES (?, ?, ?)");
		q_int64(&q, 1, new_id);
		q_int64(&q, 2, seat);
		q_int64(&q, 3, player_ids[seat]);
		q_step(&q);
		rc = q_finish(&q);
	}
	for (size_t i = 0; rc == SQLITE_OK && i < count; i++) {
		const cc_club_pairing *p = &pairings[i];
		q_prepare(&q, store->db,
		          "INSERT INTO pairings (event_id, round, board, white_seat, black_seat) VALUES (?, ?, ?, ?, ?)");
		q_int64(&q, 1, new_id);
		q_int64(&q, 2, p->round);
		q_int64(&q, 3, p->board);
		q_int64(&q, 4, p->white);
		if (p->black == CC_CLUB_BYE)
			q_text(&q, 5, NULL);
		else
			q_int64(&q, 5, p->black);
		q_step(&q);
		rc = q_finish(&q);
	}
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(store->db, "COMMIT", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return fail_transaction(store->db, rc, what, err);
	if (id)
		*id = new_id;
	return CC_OK;
}

#define EVENT_SELECT                                                                                          \
	"SELECT e.id, e.name, e.format, e.category, e.twice, e.created_utc, "                                \
	"(SELECT count(*) FROM event_players p WHERE p.event_id = e.id) FROM club_events e "

static cc_err read_event_row(sqlite3_stmt *stmt, cc_store_event *e, cc_error *err)
{
	memset(e, 0, sizeof *e);
	e->id = sqlite3_column_int64(stmt, 0);
	snprintf(e->name, sizeof e->name, "%s", column_text(stmt, 1));
	if (cc_format_parse(column_text(stmt, 2), &e->format) || cc_category_parse(column_text(stmt, 3), &e->category))
		return cc_refuse(err, CC_MSG_STORE_UNKNOWN_EVENT_SETTINGS, e->id);
	e->twice = sqlite3_column_int(stmt, 4) != 0;
	snprintf(e->created_utc, sizeof e->created_utc, "%s", column_text(stmt, 5));
	e->players = (unsigned)sqlite3_column_int(stmt, 6);
	return CC_OK;
}

cc_err cc_store_events(cc_store *store, cc_store_event **items, size_t *count, cc_error *err)
{
	query q;
	size_t cap = 0;
	cc_err result = CC_OK;
	*items = NULL;
	*count = 0;
	if (store->version < 5)
		return CC_OK;
	q_prepare(&q, store->db, EVENT_SELECT "ORDER BY e.id");
	while (result == CC_OK && q_step(&q) == SQLITE_ROW) {
		if (!grow((void **)items, *count, &cap, sizeof **items))
			result = cc_refuse(err, CC_MSG_NOMEM);
		else if ((result = read_event_row(q.stmt, &(*items)[*count], err)) == CC_OK)
			(*count)++;
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, "cannot read the events");
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
}

cc_err cc_store_event_find(cc_store *store, const char *name, cc_store_event *out, int64_t *player_ids,
                           cc_error *err)
{
	char key[CC_CLUB_KEY_MAX];
	if (store->version < 5 || cc_club_name_key(name, key, sizeof key) != CC_OK)
		return cc_refuse(err, CC_MSG_NO_SUCH_EVENT, name);
	query q;
	cc_err result = CC_OK;
	q_prepare(&q, store->db, EVENT_SELECT "WHERE e.name_key = ?");
	q_text(&q, 1, key);
	int rc = q_step(&q);
	if (rc == SQLITE_ROW)
		result = read_event_row(q.stmt, out, err);
	else if (rc == SQLITE_DONE)
		result = cc_refuse(err, CC_MSG_NO_SUCH_EVENT_SEE_LIST, name);
	rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, "cannot read the events");
	if (result || !player_ids)
		return result;
	q_prepare(&q, store->db, "SELECT seat, player_id FROM event_players WHERE event_id = ? ORDER BY seat");
	q_int64(&q, 1, out->id);
	while (q_step(&q) == SQLITE_ROW) {
		int64_t seat = sqlite3_column_int64(q.stmt, 0);
		if (seat >= 0 && seat < CC_CLUB_PLAYERS_MAX)
			player_ids[seat] = sqlite3_column_int64(q.stmt, 1);
	}
	rc = q_finish(&q);
	return rc == SQLITE_OK ? CC_OK : db_error(err, store->db, rc, "cannot read the events");
}

cc_err cc_store_event_pairings(cc_store *store, int64_t id, cc_store_pairing **items, size_t *count,
                               cc_error *err)
{
	query q;
	size_t cap = 0;
	cc_err result = CC_OK;
	*items = NULL;
	*count = 0;
	q_prepare(&q, store->db,
	          "SELECT round, board, white_seat, black_seat, match_id FROM pairings WHERE event_id = ? "
	          "ORDER BY round, board");
	q_int64(&q, 1, id);
	while (q_step(&q) == SQLITE_ROW) {
		if (!grow((void **)items, *count, &cap, sizeof **items)) {
			result = cc_refuse(err, CC_MSG_NOMEM);
			break;
		}
		cc_store_pairing *p = &(*items)[(*count)++];
		memset(p, 0, sizeof *p);
		p->round = (unsigned)sqlite3_column_int(q.stmt, 0);
		p->board = (unsigned)sqlite3_column_int(q.stmt, 1);
		p->white_seat = (unsigned)sqlite3_column_int(q.stmt, 2);
		p->bye = sqlite3_column_type(q.stmt, 3) == SQLITE_NULL;
		p->black_seat = (unsigned)sqlite3_column_int(q.stmt, 3);
		p->match_id = sqlite3_column_int64(q.stmt, 4);
	}
	int rc = q_finish(&q);
	if (result == CC_OK && rc != SQLITE_OK)
		result = db_error(err, store->db, rc, "cannot read the pairings");
	if (result) {
		free(*items);
		*items = NULL;
		*count = 0;
	}
	return result;
}
