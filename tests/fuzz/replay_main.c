/*
 * replay_main.c: a libFuzzer harness without libFuzzer, for the default
 * and sanitize builds (gcc): every file named, and every file of every
 * folder named, goes once through LLVMFuzzerTestOneInput. A broken
 * property aborts, so each seed and each scenario of tests/scenarios is a
 * regression test of its harness's property in every build, not only in
 * the fuzz preset.
 */
#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Runs the harness over the file at path; false when it cannot be read. */
static bool run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return false;
	uint8_t *data = NULL;
	size_t size = 0, room = 0, n;
	do {
		if (size == room) {
			room = room ? 2 * room : 4096;
			uint8_t *more = realloc(data, room);
			if (!more) {
				free(data);
				fclose(f);
				return false;
			}
			data = more;
		}
		n = fread(data + size, 1, room - size, f);
		size += n;
	} while (n > 0);
	bool ok = !ferror(f);
	fclose(f);
	if (ok)
		(void)LLVMFuzzerTestOneInput(data, size);
	free(data);
	return ok;
}


/* Runs every regular file of folder, in name order; the count run, -1 on error. */
static long run_folder(const char *folder)
{
	struct dirent **entries = NULL;
	int n = scandir(folder, &entries, NULL, alphasort);
	long count = 0;
	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		char path[4096];
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", folder, entries[i]->d_name);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
			if (!run_file(path))
				count = -1;
			else if (count >= 0)
				count++;
		}
		free(entries[i]);
	}
	free(entries);
	return count;
}

int main(int argc, char **argv)
{
	long total = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		long n = stat(argv[i], &st) != 0 ? -1 : S_ISDIR(st.st_mode) ? run_folder(argv[i]) : run_file(argv[i]) ? 1 : -1;
		if (n < 0) {
			fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[i]);
			return EXIT_FAILURE;
		}
		total += n;
	}
	printf("%ld inputs, none broke the property\n", total);
	return total > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
