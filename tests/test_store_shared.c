/*
 * test_store_shared.c: the match record shared between processes
 * (rules/record.md): a new match recorded and locked in one step, match
 * locks through symlinks and hard links, the match locks and SQLite's apart,
 * and readers in a read-only folder or following a console started later.
 * The other process is this program run again (--child).
 */
#define _GNU_SOURCE /* F_OFD_GETLK, setresuid */
#include <check.h>
#include <stdlib.h>

#include "clauses.h"
#include "store_fixture.h"

/*
 * Another process's view: runs this test program again as
 * "test_store --child ARGS..." (see main) and returns its exit status.
 * A new program, not a fork: it shares no SQLite state with this one, and
 * under valgrind it runs natively, so the parent's open stores do not
 * count as its leaks. With unprivileged, it runs as nobody when the tests
 * run as root, so permission bits apply to it.
 */
static const char *self_path;

static int child_main(int argc, char **argv);

static pid_t spawn_child(bool unprivileged, const char *const args[])
{
	char *argv[12] = {(char *)self_path, (char *)"--child"};
	for (size_t i = 0; args[i]; i++) {
		ck_assert_uint_lt(i + 3, sizeof argv / sizeof argv[0]);
		argv[i + 2] = (char *)args[i];
	}
	pid_t child = fork();
	ck_assert(child >= 0);
	if (child == 0) {
		if (unprivileged && geteuid() == 0 &&
		    (setgroups(0, NULL) != 0 || setresgid(65534, 65534, 65534) != 0 || setresuid(65534, 65534, 65534) != 0))
			_exit(3);
		execv(self_path, argv);
		/* nobody may not reach the build folder: run the part here */
		int argc = 0;
		while (argv[argc])
			argc++;
		_exit(child_main(argc, argv));
	}
	return child;
}

static int wait_child(pid_t child)
{
	int status = -1;
	ck_assert_int_eq(waitpid(child, &status, 0), child);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int run_child(bool unprivileged, const char *const args[])
{
	return wait_child(spawn_child(unprivileged, args));
}

/* RE-1.4, RE-1.7: a new match is recorded with its sheet and locked in one step */
START_TEST(test_store_create__records_sheet_and_locks)
{
	CLAUSES("RE-1.4 RE-1.7");
	make_dir();
	int64_t id = 0;
	cc_store *store = store_match(db_path, true, &id);
	cc_store_match_info info;
	ck_assert_int_eq(cc_store_match_info_of(store, id, &info, NULL), CC_OK);
	ck_assert_str_eq(info.sheet, "U\nR\nF\nD");
	ck_assert_uint_eq(info.events, 2);
	cc_store *other = open_store(db_path, CC_STORE_WRITE);
	cc_error err = {0};
	ck_assert_int_eq(cc_store_lock_match(other, id, &err), CC_ERR_LOCKED);
	ck_assert_int_eq(err.msg, CC_MSG_MATCH_LOCKED);
	/* An empty sheet is no sheet. */
	int64_t id2 = 0;
	cc_match_settings s = twice_settings();
	ck_assert_int_eq(cc_store_create_match(other, &s, "", WALL0, &id2, NULL), CC_OK);
	ck_assert_int_eq(cc_store_match_info_of(other, id2, &info, NULL), CC_OK);
	ck_assert_str_eq(info.sheet, "");
	ck_assert_int_eq(cc_store_lock_match(store, id2, NULL), CC_ERR_LOCKED);
	cc_store_close(other);
	cc_store_close(store);
	remove_dir();
}
END_TEST

/* CL-5.1: a lock released while the store stays open is free at once for
 * another store (another process, or another store of this one: OFD
 * locks), and only that match's; it can be taken back once free. */
START_TEST(test_store_lock__released_while_open)
{
	CLAUSES("CL-5.1");
	make_dir();
	int64_t id = 0, id2 = 0;
	cc_store *store = store_match(db_path, true, &id);
	cc_match_settings s = twice_settings();
	ck_assert_int_eq(cc_store_create_match(store, &s, "", WALL0, &id2, NULL), CC_OK);
	cc_store *other = open_store(db_path, CC_STORE_WRITE), *viewer = open_store(db_path, CC_STORE_READ);
	bool in_use = false;
	cc_store_unlock_match(store, id);
	ck_assert_int_eq(cc_store_match_in_use(viewer, id, &in_use, NULL), CC_OK);
	ck_assert(!in_use);
	ck_assert_int_eq(cc_store_match_in_use(viewer, id2, &in_use, NULL), CC_OK);
	ck_assert(in_use);
	ck_assert_int_eq(cc_store_lock_match(other, id2, NULL), CC_ERR_LOCKED);
	ck_assert_int_eq(cc_store_lock_match(other, id, NULL), CC_OK);
	cc_error err = {0};
	ck_assert_int_eq(cc_store_lock_match(store, id, &err), CC_ERR_LOCKED);
	ck_assert_int_eq(err.msg, CC_MSG_MATCH_LOCKED);
	cc_store_unlock_match(other, id);
	ck_assert_int_eq(cc_store_lock_match(store, id, NULL), CC_OK);
	cc_store_close(viewer);
	cc_store_close(other);
	cc_store_close(store);
	remove_dir();
}
END_TEST

/* RE-1.7: when the new match cannot be locked, no match is left behind
 * (issue 9: an orphan unfinished match was later offered for resume) */
START_TEST(test_store_create__lock_refused_leaves_no_match)
{
	CLAUSES("RE-1.7");
	make_dir();
	cc_store *first = open_store(db_path, CC_STORE_WRITE);
	cc_store *holder = open_store(db_path, CC_STORE_WRITE);
	/* Another console holds the number the next match would get. */
	ck_assert_int_eq(cc_store_lock_match(holder, 1, NULL), CC_OK);
	cc_match_settings s = twice_settings();
	int64_t id = -1, found = 0;
	cc_error err = {0};
	ck_assert_int_eq(cc_store_create_match(first, &s, "U", WALL0, &id, &err), CC_ERR_LOCKED);
	ck_assert(id == -1);
	ck_assert_int_eq(err.msg, CC_MSG_MATCH_LOCKED);
	ck_assert_int_eq(cc_store_latest(first, &found, NULL), CC_ERR_NOT_FOUND);
	ck_assert_int_eq(cc_store_latest_unfinished(holder, &found, NULL), CC_ERR_NOT_FOUND);
	cc_store_close(holder);
	ck_assert_int_eq(cc_store_create_match(first, &s, "U", WALL0, &id, NULL), CC_OK);
	ck_assert(id == 1);
	cc_store_close(first);
	remove_dir();
}
END_TEST

/* RE-3.3: a new record, its -wal and its -shm are its owner's alone (0600)
 * whatever the umask: nobody else reads a running Chess-Uno deal in it. */
START_TEST(test_store_create__new_record_is_the_owners_alone)
{
	CLAUSES("RE-3.3");
	static const mode_t umasks[] = {0, 022, 0277};
	for (size_t i = 0; i < sizeof umasks / sizeof *umasks; i++) {
		make_dir();
		mode_t old = umask(umasks[i]);
		int64_t id = 0;
		cc_store *store = store_match(db_path, true, &id);
		umask(old);
		static const char *const suffixes[] = {"", "-wal", "-shm"};
		for (size_t k = 0; k < 3; k++) {
			char path[sizeof db_path + 8];
			struct stat st;
			snprintf(path, sizeof path, "%s%s", db_path, suffixes[k]);
			ck_assert_int_eq(stat(path, &st), 0);
			ck_assert_msg((st.st_mode & 0777) == 0600, "umask %03o: %s is %03o", (unsigned)umasks[i], path,
			              (unsigned)(st.st_mode & 0777));
		}
		/* Closed first: the forked copy of the test then exits holding no
		 * record (valgrind counts what it held as lost). */
		cc_store_close(store);
		if (geteuid() == 0 && umasks[i] == 022) {
			/* another user (nobody) cannot read it, though the folder lets him in */
			ck_assert_int_eq(chmod(dir, 0755), 0);
			pid_t pid = fork();
			ck_assert_int_ge(pid, 0);
			if (pid == 0) {
				if (setgroups(0, NULL) != 0 || setresgid(65534, 65534, 65534) != 0 ||
				    setresuid(65534, 65534, 65534) != 0)
					_exit(2);
				int fd = open(db_path, O_RDONLY);
				_exit(fd < 0 && errno == EACCES ? 0 : 1);
			}
			int status = 0;
			ck_assert_int_eq(waitpid(pid, &status, 0), pid);
			ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "another user read the record");
		}
		remove_dir();
	}
}
END_TEST

/* What another process gets through alias while a console holds match id
 * through the real path: 0 when it is refused as it should be. */
static int child_through(const char *alias, int64_t id, bool hard_link)
{
	char number[24];
	snprintf(number, sizeof number, "%lld", (long long)id);
	const char *args[] = {"through", alias, number, hard_link ? "hard" : "soft", NULL};
	return run_child(false, args);
}

static int through_main(const char *alias, int64_t id, bool hard_link)
{
	cc_store *viewer = NULL, *writer = NULL;
	bool in_use = false;
	int code;
	if (hard_link)
		code = cc_store_open(&viewer, alias, CC_STORE_READ, NULL) != CC_ERR_STORE    ? 1
		       : cc_store_open(&writer, alias, CC_STORE_WRITE, NULL) != CC_ERR_STORE ? 2
		                                                                             : 0;
	else
		code = cc_store_open(&viewer, alias, CC_STORE_READ, NULL) != CC_OK              ? 3
		       : cc_store_match_in_use(viewer, id, &in_use, NULL) != CC_OK || !in_use ? 4
		       : cc_store_open(&writer, alias, CC_STORE_WRITE, NULL) != CC_OK          ? 5
		       : cc_store_lock_match(writer, id, NULL) != CC_ERR_LOCKED                ? 6
		                                                                               : 0;
	cc_store_close(writer);
	cc_store_close(viewer);
	return code;
}

/* RE-1.4, RE-1.6: a symlink to the database reaches the same match lock (D2) */
START_TEST(test_store_lock__symlink_same_file)
{
	CLAUSES("RE-1.4 RE-1.6");
	make_dir();
	char alias[160];
	int64_t id = 0;
	snprintf(alias, sizeof alias, "%s/alias.db", dir);
	ck_assert_int_eq(symlink(db_path, alias), 0);
	cc_store *console = store_match(db_path, true, &id);
	cc_store *second = open_store(alias, CC_STORE_WRITE);
	cc_error err = {0};
	ck_assert_int_eq(cc_store_lock_match(second, id, &err), CC_ERR_LOCKED);
	ck_assert_int_eq(err.msg, CC_MSG_MATCH_LOCKED);
	ck_assert_int_eq(child_through(alias, id, false), 0); /* and from another process */
	cc_store_close(console);
	/* Released with the console: the match is free through the alias. */
	ck_assert_int_eq(cc_store_lock_match(second, id, NULL), CC_OK);
	cc_store_close(second);
	/* A reader through the alias cleans up beside the real file (RE-1.9). */
	cc_store_close(open_store(alias, CC_STORE_READ));
	ck_assert(!side_file_exists(db_path, "-wal") && !side_file_exists(db_path, "-shm"));
	ck_assert(!side_file_exists(alias, "-wal") && !side_file_exists(alias, "-shm"));
	remove_dir();
}
END_TEST

/* RE-1.4, RE-1.6: a hard link to the database cannot reach the match a
 * console holds through the real path: a file with two names is refused,
 * since SQLite would keep one journal per name (D2) */
START_TEST(test_store_lock__hard_link_same_file)
{
	CLAUSES("RE-1.4 RE-1.6");
	make_dir();
	char alias[160];
	int64_t id = 0;
	snprintf(alias, sizeof alias, "%s/other-name.db", dir);
	cc_store *console = store_match(db_path, true, &id);
	ck_assert_int_eq(link(db_path, alias), 0);
	cc_store *second = NULL;
	cc_error err = {0};
	ck_assert_int_eq(cc_store_open(&second, alias, CC_STORE_WRITE, &err), CC_ERR_STORE);
	ck_assert(second == NULL);
	ck_assert_int_eq(err.msg, CC_MSG_STORE_HARD_LINKS);
	ck_assert_int_eq(err.args[1].n, 2);
	ck_assert_int_eq(child_through(alias, id, true), 0);
	/* The console goes on through its own name. */
	cc_match *m;
	ck_assert_int_eq(load_match(console, id, &m, NULL), CC_OK);
	cc_event move = cc_event_move(2000, CC_SIDE_BLACK, false);
	append(console, id, m, &move, WALL0 + 2000);
	cc_match_destroy(m);
	cc_store_close(console);
	/* With one name again, the file opens. */
	ck_assert_int_eq(unlink(alias), 0);
	cc_store *reader = open_store(db_path, CC_STORE_READ);
	cc_store_close(reader);
	remove_dir();
}
END_TEST

static int probe_fds[8];
static size_t probe_count;

/* Is some SQLite connection holding its SHARED lock on path (asked through
 * an OFD query, which conflicts with POSIX locks of this process too)? */
static bool sqlite_lock_held(const char *path)
{
	int fd = open(path, O_RDONLY);
	ck_assert(fd >= 0);
	struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0x40000002, .l_len = 510};
	ck_assert_int_eq(fcntl(fd, F_OFD_GETLK, &lock), 0);
	/* Closing fd would drop this process's POSIX locks on the file: it is
	 * kept open until the test's stores are closed, as the store does. */
	ck_assert_uint_lt(probe_count, 8);
	probe_fds[probe_count++] = fd;
	return lock.l_type != F_UNLCK;
}

static void close_probes(void)
{
	while (probe_count > 0)
		close(probe_fds[--probe_count]);
}

/* RE-1.6: match locks (OFD, far range) and SQLite's own locks (POSIX, at
 * 1 GiB) never interfere, and closing one store keeps the others' locks */
START_TEST(test_store_lock__ofd_and_sqlite_locks_apart)
{
	CLAUSES("RE-1.6");
	make_dir();
	int64_t id1 = 0, id2 = 0;
	cc_store *a = store_match(db_path, true, &id1);
	cc_store *b = store_match(db_path, true, &id2);
	cc_store *reader = open_store(db_path, CC_STORE_READ);
	ck_assert(sqlite_lock_held(db_path));
	/* Both write while both hold their match. */
	cc_match *m1, *m2;
	ck_assert_int_eq(load_match(a, id1, &m1, NULL), CC_OK);
	ck_assert_int_eq(load_match(b, id2, &m2, NULL), CC_OK);
	cc_event move1 = cc_event_move(2000, CC_SIDE_BLACK, false), move2 = cc_event_move(2500, CC_SIDE_BLACK, true);
	append(a, id1, m1, &move1, WALL0 + 2000);
	append(b, id2, m2, &move2, WALL0 + 2500);
	bool in_use = false;
	ck_assert_int_eq(cc_store_match_in_use(reader, id1, &in_use, NULL), CC_OK);
	ck_assert(in_use);
	/* Closing b and the reader (their descriptors of the file) must not
	 * drop a's match lock nor a's SQLite lock. */
	cc_store_close(b);
	cc_store_close(reader);
	cc_store *c = open_store(db_path, CC_STORE_WRITE);
	ck_assert_int_eq(cc_store_lock_match(c, id1, NULL), CC_ERR_LOCKED);
	ck_assert_int_eq(cc_store_lock_match(c, id2, NULL), CC_OK);
	cc_store_close(c);
	ck_assert(sqlite_lock_held(db_path));
	cc_event move3 = cc_event_move(3000, CC_SIDE_WHITE, false);
	append(a, id1, m1, &move3, WALL0 + 3000);
	cc_store_close(a);
	close_probes();
	cc_match_destroy(m1);
	cc_match_destroy(m2);
	reader = open_store(db_path, CC_STORE_READ);
	ck_assert_int_eq(load_match(reader, id1, &m1, NULL), CC_OK);
	ck_assert_uint_eq(cc_match_event_count(m1), 4);
	cc_match_destroy(m1);
	cc_store_close(reader);
	remove_dir();
}
END_TEST

/* The reader's work in another process: every read of the record; 0 or an
 * exit code. */
static int read_main(void)
{
	cc_store *store = NULL;
	cc_store_match_info *items = NULL;
	cc_match *m = NULL;
	size_t count = 0;
	int64_t version = 0, id = 0, wall = 0;
	bool in_use = true;
	cc_error err = {0};
	if (cc_store_open(&store, db_path, CC_STORE_READ, &err) != CC_OK) {
		fprintf(stderr, "reader: %s\n", err.message);
		return 10;
	}
	int code = cc_store_list(store, &items, &count, &err) != CC_OK || count != 1 ? 11
	           : cc_store_latest(store, &id, &err) != CC_OK                       ? 12
	           : load_match(store, id, &m, &err) != CC_OK                 ? 13
	           : cc_store_data_version(store, &version, &err) != CC_OK             ? 14
	           : cc_store_match_in_use(store, id, &in_use, &err) != CC_OK || in_use ? 15
	           : cc_store_last_event_wall(store, id, &wall, &err) != CC_OK || wall != WALL0 + 1010 ? 16
	                                                                                               : 0;
	if (code)
		fprintf(stderr, "reader: %d %s\n", code, err.message);
	free(items);
	cc_match_destroy(m);
	cc_store_close(store);
	return code;
}

static int read_everything(bool unprivileged)
{
	const char *args[] = {"read", db_path, NULL};
	return run_child(unprivileged, args);
}

/* RE-1.9: a reader works on a database in a folder it cannot write, and
 * leaves nothing there (D6) */
START_TEST(test_store_read__read_only_folder)
{
	CLAUSES("RE-1.9");
	make_dir();
	int64_t id = 0;
	store_match(db_path, false, &id);
	ck_assert(!side_file_exists(db_path, "-wal") && !side_file_exists(db_path, "-shm"));
	ck_assert_int_eq(chmod(db_path, 0644), 0);
	ck_assert_int_eq(chmod(dir, 0555), 0);
	ck_assert_int_eq(read_everything(true), 0);
	ck_assert(!side_file_exists(db_path, "-wal") && !side_file_exists(db_path, "-shm"));
	ck_assert_int_eq(chmod(dir, 0755), 0);
	remove_dir();
}
END_TEST

/* RE-1.9: a reader in a folder it may write leaves no -wal/-shm it did not
 * find, and keeps those a console is using (D6) */
START_TEST(test_store_read__leaves_no_wal_behind)
{
	CLAUSES("RE-1.9");
	make_dir();
	int64_t id = 0;
	store_match(db_path, false, &id);
	ck_assert(!side_file_exists(db_path, "-wal") && !side_file_exists(db_path, "-shm"));
	ck_assert_int_eq(read_everything(false), 0); /* with our own rights: it could create them */
	ck_assert(!side_file_exists(db_path, "-wal") && !side_file_exists(db_path, "-shm"));
	/* While a console has the file open, its files stay. */
	cc_store *console = open_store(db_path, CC_STORE_WRITE);
	ck_assert(side_file_exists(db_path, "-wal") && side_file_exists(db_path, "-shm"));
	cc_store *reader = open_store(db_path, CC_STORE_READ);
	cc_store_close(reader);
	ck_assert(side_file_exists(db_path, "-wal") && side_file_exists(db_path, "-shm"));
	cc_store_close(console);
	remove_dir();
}
END_TEST

/* The viewer's side of the test below: follows db_path from a child. */
static int follow_pipe[2], go_pipe[2];

/* Waits for the parent's go, then checks the newest match is want with
 * two events and the data version moved; 0 or an exit code. */
static int follow_step(cc_store *store, int64_t *version, int64_t want, int code)
{
	int64_t now = 0, id = 0;
	cc_match *m = NULL;
	char go;
	if (read(go_pipe[0], &go, 1) != 1)
		return code;
	int rc = cc_store_data_version(store, &now, NULL) != CC_OK || now == *version ? code + 1
	         : cc_store_latest(store, &id, NULL) != CC_OK || id != want         ? code + 2
	         : load_match(store, id, &m, NULL) != CC_OK                 ? code + 3
	         : cc_match_event_count(m) != 2                                      ? code + 4
	                                                                             : 0;
	*version = now;
	cc_match_destroy(m);
	if (rc == 0 && write(follow_pipe[1], "k", 1) != 1)
		rc = code + 5;
	return rc;
}

static int follow_main(void)
{
	cc_store *store = NULL;
	int64_t version = 0;
	if (cc_store_open(&store, db_path, CC_STORE_READ, NULL) != CC_OK ||
	    cc_store_data_version(store, &version, NULL) != CC_OK || write(follow_pipe[1], "o", 1) != 1)
		return 20;
	int code = follow_step(store, &version, 2, 30);
	if (code == 0)
		code = follow_step(store, &version, 3, 40);
	cc_store_close(store);
	return code;
}

/* RE-1.4, RE-1.9: a viewer that opened the file while nobody wrote it (as
 * root: an unprivileged viewer of a folder it cannot write, the immutable
 * reader) still sees what a console commits later: a console that came and
 * went, then one that stays */
START_TEST(test_store_read__follows_console_started_later)
{
	CLAUSES("RE-1.4 RE-1.9");
	make_dir();
	int64_t id = 0;
	char ack;
	store_match(db_path, false, &id);
	ck_assert_int_eq(chmod(dir, 0755), 0);
	ck_assert_int_eq(chmod(db_path, 0644), 0); /* shared with the viewer, as the guide says (RE-3.3) */
	ck_assert_int_eq(pipe(follow_pipe), 0);
	ck_assert_int_eq(pipe(go_pipe), 0);
	char out_fd[16], in_fd[16];
	snprintf(out_fd, sizeof out_fd, "%d", follow_pipe[1]);
	snprintf(in_fd, sizeof in_fd, "%d", go_pipe[0]);
	const char *args[] = {"follow", db_path, out_fd, in_fd, NULL};
	pid_t child = spawn_child(true, args);
	close(follow_pipe[1]); /* so a viewer that failed gives an end of file */
	close(go_pipe[0]);
	ck_assert_msg(read(follow_pipe[0], &ack, 1) == 1, "the viewer could not open the file");
	store_match(db_path, false, &id); /* opens, commits, closes */
	ck_assert_int_eq(write(go_pipe[1], "g", 1), 1);
	ck_assert_msg(read(follow_pipe[0], &ack, 1) == 1, "the viewer missed a console that came and went");
	cc_store *console = store_match(db_path, true, &id); /* opens, commits, stays */
	ck_assert_int_eq(write(go_pipe[1], "g", 1), 1);
	int code = wait_child(child);
	ck_assert_msg(code == 0, "viewer exit %d", code);
	cc_store_close(console);
	close(follow_pipe[0]);
	close(go_pipe[1]);
	remove_dir();
}
END_TEST

/* "--child MODE ARGS...": another process's part of a test (run_child). */
static int child_main(int argc, char **argv)
{
	char path[sizeof db_path];
	snprintf(path, sizeof path, "%s", argc > 3 ? argv[3] : ""); /* argv[3] may be db_path itself */
	if (argc == 6 && strcmp(argv[2], "through") == 0)
		return through_main(argv[3], strtoll(argv[4], NULL, 10), strcmp(argv[5], "hard") == 0);
	if (argc == 4 && strcmp(argv[2], "read") == 0) {
		memcpy(db_path, path, sizeof path);
		return read_main();
	}
	if (argc == 6 && strcmp(argv[2], "follow") == 0) {
		memcpy(db_path, path, sizeof path);
		follow_pipe[1] = atoi(argv[4]);
		go_pipe[0] = atoi(argv[5]);
		return follow_main();
	}
	return 125;
}

int main(int argc, char **argv)
{
	if (argc > 2 && strcmp(argv[1], "--child") == 0)
		return child_main(argc, argv);
	self_path = argv[0];
	Suite *s = suite_create("store_shared");
	TCase *tc = tcase_create("record");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_store_lock__released_while_open);
	suite_add_tcase(s, tc);
	tc = tcase_create("lock");
	tcase_add_test(tc, test_store_create__records_sheet_and_locks);
	tcase_add_test(tc, test_store_create__lock_refused_leaves_no_match);
	tcase_add_test(tc, test_store_create__new_record_is_the_owners_alone);
	tcase_add_test(tc, test_store_lock__symlink_same_file);
	tcase_add_test(tc, test_store_lock__hard_link_same_file);
	tcase_add_test(tc, test_store_lock__ofd_and_sqlite_locks_apart);
	suite_add_tcase(s, tc);
	tc = tcase_create("read");
	tcase_add_test(tc, test_store_read__read_only_folder);
	tcase_add_test(tc, test_store_read__leaves_no_wal_behind);
	tcase_add_test(tc, test_store_read__follows_console_started_later);
	suite_add_tcase(s, tc);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
