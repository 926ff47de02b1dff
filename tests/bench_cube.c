/*
 * bench_cube.c: the figures of docs/performance.md, "Cube scrambles".
 * Not a test (timings depend on the machine): built on demand with
 *   cmake --build --preset default --target bench_cube
 *   build/default/tests/bench_cube [COUNT [SEED [STATES_FILE]]]
 * Times the table build, then COUNT scrambles (default 1000), and checks
 * each one on the way (length, face rules, the state it gives).
 *
 * Each solve is timed in CPU time of this thread (CLOCK_THREAD_CPUTIME_ID),
 * which other jobs on a shared machine disturb less than wall time. With
 * STATES_FILE, each scramble is written there, one a line: applied to a
 * solved cube it gives the drawn state, so another solver
 * (scripts/bench-cube.sh runs min2phase) can be timed on the same states.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "chesscubing/cube.h"

static double cpu_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double wall_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static bool scramble_ok(const cc_cube_alg *alg, const cc_cube *state)
{
	cc_cube c;
	cc_cube_init(&c);
	cc_cube_apply_alg(&c, alg);
	return cc_cube_equal(&c, state) && alg->len <= CC_CUBE_SCRAMBLE_MAX && cc_cube_alg_is_tidy(alg);
}

int main(int argc, char **argv)
{
	size_t count = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000;
	uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
	FILE *states = NULL;
	if (argc > 3 && !(states = fopen(argv[3], "w"))) {
		perror(argv[3]);
		return 1;
	}
	if (count == 0)
		count = 1;
	double start = wall_seconds(), start_cpu = cpu_seconds();
	cc_cube_tables *tables;
	cc_error err;
	if (cc_cube_tables_create(&tables, &err) != CC_OK) {
		fprintf(stderr, "bench_cube: %s\n", err.message);
		return 1;
	}
	double built = wall_seconds(), built_cpu = cpu_seconds();
	double *times = malloc(count * sizeof *times);
	if (!times)
		return 1;
	cc_cube_rng rng;
	cc_cube_rng_seed(&rng, seed);
	size_t moves = 0, bad = 0;
	double total = 0;
	for (size_t i = 0; i < count; i++) {
		cc_cube_alg alg;
		cc_cube state;
		double t0 = cpu_seconds();
		cc_cube_scramble(tables, &rng, &alg, &state);
		times[i] = cpu_seconds() - t0;
		total += times[i];
		moves += alg.len;
		bad += !scramble_ok(&alg, &state);
		if (states) {
			char text[CC_CUBE_ALG_TEXT_MAX];
			cc_cube_alg_format(&alg, text, sizeof text);
			fprintf(states, "%s\n", text);
		}
	}
	if (states && fclose(states) != 0) {
		perror(argv[3]);
		return 1;
	}
	qsort(times, count, sizeof *times, by_value);
	printf("tables: %.1f ms CPU (%.1f ms wall) to build, %zu bytes\n", (built_cpu - start_cpu) * 1e3,
	       (built - start) * 1e3, cc_cube_tables_size(tables));
	printf("%zu scrambles (seed %llu): %.2f s CPU, median %.3f ms, 90%% %.3f ms, 99%% %.3f ms, "
	       "worst %.2f ms, mean length %.2f, bad %zu\n",
	       count, (unsigned long long)seed, total, times[count / 2] * 1e3, times[count * 9 / 10] * 1e3,
	       times[count * 99 / 100] * 1e3, times[count - 1] * 1e3, (double)moves / (double)count, bad);
	free(times);
	cc_cube_tables_destroy(tables);
	return bad == 0 ? 0 : 1;
}
