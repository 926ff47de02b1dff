/*
 * cube_cache.c: the cube solver's tables for the process, kept between
 * processes in the user's cache folder, so a scramble does not build them
 * every time (about 75 ms of CPU to build; a file mapped in memory and
 * checked instead, a fraction of it).
 *
 * The file is $XDG_CACHE_HOME/chesscubing/cube-tables-vN.bin (an absolute
 * XDG_CACHE_HOME; else ~/.cache/...), N the image's version
 * (CC_CUBE_TABLES_IMAGE_VERSION). The core checks what is read and never
 * trusts it (cc_cube_tables_load: header, checksum, every index in range);
 * a file missing, short, damaged, foreign, a symlink or not a regular file
 * is replaced by tables built here, written to a temporary file of the same
 * folder (0600) and renamed over it, so a reader never sees half a file.
 * Nothing about the cache ever fails a scramble: without a folder to write
 * to, the tables are built as before.
 *
 * The core has no globals, so the tables the process uses live here, built
 * or mapped on the first call, freed or unmapped at exit. The file is
 * mapped, not read: the core checks the image where it lies and the
 * search reads it there (MAP_POPULATE: the pages come from the page cache
 * in one call, not a fault each). The file is only ever replaced by a
 * rename, never written in place, so the mapping stays whole. A process
 * uses its sessions from one thread (store.h): no lock.
 */
#define _DEFAULT_SOURCE /* MAP_POPULATE */
#include "chesscubing/session.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chesscubing/cube.h"

#define CACHE_PATH_MAX 4096
#define CACHE_STR_(x) #x
#define CACHE_STR(x) CACHE_STR_(x)
#define CACHE_FILE "cube-tables-v" CACHE_STR(CC_CUBE_TABLES_IMAGE_VERSION) ".bin"

static const cc_cube_tables *process_tables;
static cc_cube_tables *built_tables; /* process_tables when built here */
static void *mapped;                 /* the file mapped, when process_tables lie in it */

static void free_process_tables(void)
{
	cc_cube_tables_destroy(built_tables);
	if (mapped)
		munmap(mapped, cc_cube_tables_image_size());
	built_tables = NULL;
	mapped = NULL;
	process_tables = NULL;
}

/* The cache folder into dir (created, 0700, when create); false when there
 * is none to use. */
static bool cache_dir(char *dir, size_t size, bool create)
{
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");
	char base[CACHE_PATH_MAX];
	int n;
	if (xdg && xdg[0] == '/') /* XDG: a relative path is to be ignored */
		n = snprintf(base, sizeof base, "%s", xdg);
	else if (home && home[0] == '/')
		n = snprintf(base, sizeof base, "%s/.cache", home);
	else
		return false;
	if (n < 0 || (size_t)n >= sizeof base)
		return false;
	n = snprintf(dir, size, "%s/chesscubing", base);
	if (n < 0 || (size_t)n >= size)
		return false;
	if (create) {
		if (mkdir(base, 0700) != 0 && errno != EEXIST)
			return false;
		if (mkdir(dir, 0700) != 0 && errno != EEXIST)
			return false;
	}
	return true;
}

/* The tables in the cache file at path, mapped into `mapped`; NULL when
 * it holds none the core accepts (then nothing stays mapped). */
static const cc_cube_tables *map_cached(const char *path)
{
	size_t size = cc_cube_tables_image_size();
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return NULL;
	struct stat st;
	void *image = MAP_FAILED;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == (off_t)size)
		image = mmap(NULL, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
	close(fd);
	const cc_cube_tables *t = NULL;
	if (image == MAP_FAILED)
		return NULL;
	if (cc_cube_tables_view(image, size, &t, NULL) != CC_OK) {
		munmap(image, size);
		return NULL;
	}
	mapped = image;
	return t;
}

/* The image of t into the cache folder dir as path: a temporary file
 * (0600), then renamed. Failures leave no file behind and are not errors. */
static void save_cached(const cc_cube_tables *t, const char *dir, const char *path)
{
	char temp[CACHE_PATH_MAX];
	size_t size = cc_cube_tables_image_size();
	int n = snprintf(temp, sizeof temp, "%s/.cube-tables-XXXXXX", dir);
	void *image = malloc(size);
	if (n < 0 || (size_t)n >= sizeof temp || !image) {
		free(image);
		return;
	}
	cc_cube_tables_image(t, image);
	int fd = mkstemp(temp); /* 0600 whatever the umask */
	bool ok = fd >= 0 && fchmod(fd, 0600) == 0;
	size_t done = 0;
	while (ok && done < size) {
		ssize_t w = write(fd, (const char *)image + done, size - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			ok = false;
		else
			done += (size_t)w;
	}
	if (fd >= 0)
		ok = close(fd) == 0 && ok;
	if (fd >= 0 && (!ok || rename(temp, path) != 0))
		(void)unlink(temp);
	free(image);
}

cc_err cc_session_cube_tables(const cc_cube_tables **out, cc_error *err)
{
	if (!process_tables) {
		char dir[CACHE_PATH_MAX], path[CACHE_PATH_MAX + sizeof CACHE_FILE + 1];
		bool cached = cache_dir(dir, sizeof dir, false);
		if (cached) {
			snprintf(path, sizeof path, "%s/%s", dir, CACHE_FILE);
			process_tables = map_cached(path);
		}
		if (!process_tables) {
			cc_err rc = cc_cube_tables_create(&built_tables, err);
			if (rc)
				return rc;
			process_tables = built_tables;
			if (cached && cache_dir(dir, sizeof dir, true))
				save_cached(built_tables, dir, path);
		}
		atexit(free_process_tables);
	}
	*out = process_tables;
	return CC_OK;
}
