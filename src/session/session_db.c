/*
 * session_db.c: the record through the session (session.h): opening it
 * (the default one in the data folder), its list of matches with the
 * fairness secret kept back, its data version, who holds a match, its
 * backup, and the files beside it. Split from session.c, which runs one
 * match.
 */
#include "chesscubing/session.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chesscubing/session_describe.h"
#include "store.h"
#include "session_internal.h"

#define DB_PATH_MAX 4096

/* ---- the record -------------------------------------------------------------- */

struct cc_session_db {
	cc_store *store;
	const cc_clock *clock;
	char path[DB_PATH_MAX]; /* the file opened, as given or the default one */
};


cc_err cc_session_db_open(cc_session_db **out, const char *path, cc_session_db_mode mode, const cc_clock *clock,
                          cc_error *err)
{
	char fallback[DB_PATH_MAX], folder[DB_PATH_MAX];
	cc_session_db *db;
	*out = NULL;
	if (!path) {
		bool known = cc_session_data_folder(folder, sizeof folder);
		cc_err rc = cc_store_default_path(known ? folder : NULL, fallback, sizeof fallback,
		                                  mode == CC_SESSION_DB_WRITE, err);
		if (rc)
			return rc;
		path = fallback;
	}
	db = calloc(1, sizeof *db);
	if (!db)
		return cc_refuse(err, CC_MSG_NOMEM);
	db->clock = clock ? clock : cc_clock_system();
	snprintf(db->path, sizeof db->path, "%s", path);
	cc_err rc = cc_store_open_judged(&db->store, path, mode == CC_SESSION_DB_WRITE ? CC_STORE_WRITE : CC_STORE_READ,
	                                 cc_session_record_stands, err);
	if (rc) {
		free(db);
		return rc;
	}
	*out = db;
	return CC_OK;
}

void cc_session_db_close(cc_session_db *db)
{
	if (!db)
		return;
	cc_store_close(db->store);
	free(db);
}

const cc_clock *cc_session_db_clock(const cc_session_db *db)
{
	return db->clock;
}

/* ---- the data folder: one rule for the record and the files beside it ---------- */

bool cc_session_data_folder_of(const char *xdg_data_home, const char *home, char *buf, size_t size)
{
	int n;
	if (xdg_data_home && xdg_data_home[0] == '/')
		n = snprintf(buf, size, "%s/chesscubing", xdg_data_home);
	else if (home && home[0])
		n = snprintf(buf, size, "%s/.local/share/chesscubing", home);
	else
		n = -1;
	if (n < 0 || (size_t)n >= size) {
		if (size)
			buf[0] = '\0';
		return false;
	}
	return true;
}

bool cc_session_data_folder(char *buf, size_t size)
{
	return cc_session_data_folder_of(getenv("XDG_DATA_HOME"), getenv("HOME"), buf, size);
}

bool cc_session_db_folder(const cc_session_db *db, char *buf, size_t size)
{
	if (!db)
		return cc_session_data_folder(buf, size);
	const char *slash = strrchr(db->path, '/');
	if (!slash)
		snprintf(buf, size, ".");
	else if (slash == db->path)
		snprintf(buf, size, "/");
	else
		snprintf(buf, size, "%.*s", (int)(slash - db->path), db->path);
	return true;
}

/* The sheet is written to a new file of a random name in the record's
 * folder (mkstemp: O_CREAT|O_EXCL, which never follows a symbolic link),
 * then renamed over the sheet's name, which replaces a link planted there
 * instead of writing through it (RE-3.2): whoever can write in the folder
 * cannot choose the file the console overwrites. */
bool cc_session_write_sheet_file(const cc_lang *lang, const cc_session_db *db, uint64_t seed, const char *sheet,
                                 char *path, size_t size)
{
	char folder[DB_PATH_MAX], text[CC_SESSION_SHEET_MAX + 512], temp[DB_PATH_MAX + 64];
	int fd = -1;
	int n = cc_session_db_folder(db, folder, sizeof folder)
	            ? snprintf(path, size, "%s/scramble-sheet-%llu.txt", folder, (unsigned long long)seed)
	            : -1;
	int t = n < 0 ? -1 : snprintf(temp, sizeof temp, "%s/.scramble-sheet-%llu.XXXXXX", folder,
	                              (unsigned long long)seed);
	if (n < 0 || (size_t)n >= size || t < 0 || (size_t)t >= sizeof temp ||
	    (fd = mkstemp(temp)) < 0) {
		if (size)
			path[0] = '\0';
		return false;
	}
	cc_session_describe_sheet(lang, seed, sheet, text, sizeof text);
	size_t len = strlen(text), done = 0;
	while (done < len) {
		ssize_t w = write(fd, text + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		done += (size_t)w;
	}
	/* as private as the record (RE-3.7), whatever the umask */
	bool ok = done == len && fchmod(fd, (mode_t)cc_session_db_side_mode(db)) == 0 && fsync(fd) == 0;
	ok = close(fd) == 0 && ok;
	if (!ok || rename(temp, path) != 0) {
		(void)unlink(temp);
		path[0] = '\0';
		return false;
	}
	return true;
}

/* The record's facts as the session gives them: the fairness secret is
 * kept back (cc_session_uno_secret tells it once the game is over). */
static void hide_secret(cc_session_info *info)
{
	memset(info->secret, 0, sizeof info->secret);
}

cc_err cc_session_db_list(cc_session_db *db, cc_session_info **items, size_t *count, cc_error *err)
{
	*items = NULL;
	*count = 0;
	cc_err rc = cc_store_list(db->store, items, count, err);
	for (size_t i = 0; rc == CC_OK && i < *count; i++)
		hide_secret(&(*items)[i]);
	return rc;
}

typedef struct {
	cc_session_list_fn each;
	void *ctx;
	cc_session_info *row; /* the row given out, its secret hidden */
} list_cursor;

static cc_err list_one(void *ctx, const cc_store_match_info *info, cc_error *err)
{
	list_cursor *c = ctx;
	*c->row = *info;
	hide_secret(c->row);
	return c->each(c->ctx, c->row, err);
}

cc_err cc_session_db_list_each(cc_session_db *db, cc_session_list_fn each, void *ctx, cc_error *err)
{
	list_cursor c = {each, ctx, malloc(sizeof *c.row)};
	if (!c.row)
		return cc_refuse(err, CC_MSG_NOMEM);
	cc_err rc = cc_store_list_each(db->store, list_one, &c, err);
	free(c.row);
	return rc;
}

cc_err cc_session_db_list_newest(cc_session_db *db, size_t limit, cc_session_list_fn each, void *ctx,
                                 cc_error *err)
{
	list_cursor c = {each, ctx, malloc(sizeof *c.row)};
	if (!c.row)
		return cc_refuse(err, CC_MSG_NOMEM);
	cc_err rc = cc_store_list_newest(db->store, limit, list_one, &c, err);
	free(c.row);
	return rc;
}

cc_err cc_session_db_info(cc_session_db *db, int64_t id, cc_session_info *info, cc_error *err)
{
	cc_err rc = cc_store_match_info_of(db->store, id, info, err);
	if (rc == CC_OK)
		hide_secret(info);
	return rc;
}

cc_err cc_session_db_latest(cc_session_db *db, bool unfinished, int64_t *id, cc_error *err)
{
	return unfinished ? cc_store_latest_unfinished(db->store, id, err) : cc_store_latest(db->store, id, err);
}

cc_err cc_session_db_version(cc_session_db *db, int64_t *version, cc_error *err)
{
	return cc_store_data_version(db->store, version, err);
}

cc_err cc_session_db_in_use(cc_session_db *db, int64_t id, bool *in_use, cc_error *err)
{
	return cc_store_match_in_use(db->store, id, in_use, err);
}


cc_err cc_session_db_backup(cc_session_db *db, const char *to, cc_error *err)
{
	return cc_store_backup(db->store, to, err);
}

/* For the session's other files (session_internal.h). */
const char *cc_session_db_path(const cc_session_db *db)
{
	return db->path;
}

unsigned cc_session_db_side_mode(const cc_session_db *db)
{
	struct stat st;
	if (!db || stat(db->path, &st) != 0)
		return 0600;
	return ((unsigned)st.st_mode & 0666u) | 0600u;
}

cc_store *cc_session_db_store(cc_session_db *db)
{
	return db->store;
}
