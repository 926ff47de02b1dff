/*
 * bench_cube.c: the figures of docs/performance.md, "Cube scrambles".
 * Not a test (timings depend on the machine): built on demand with
 *   cmake --build --preset default --target bench_cube
 *   build/default/tests/bench_cube [COUNT [SEED]]
 * Times the table build, then COUNT scrambles (default 1000), and checks
 * each one on the way (length, face rules, the state it gives).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "chesscubing/cube.h"

static double seconds(void)
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
	if (count == 0)
		count = 1;
	double start = seconds();
	cc_cube_tables *tables;
	cc_error err;
	if (cc_cube_tables_create(&tables, &err) != CC_OK) {
		fprintf(stderr, "bench_cube: %s\n", err.message);
		return 1;
	}
	double built = seconds();
	double *times = malloc(count * sizeof *times);
	if (!times)
		return 1;
	cc_cube_rng rng;
	cc_cube_rng_seed(&rng, seed);
	size_t moves = 0, bad = 0;
	for (size_t i = 0; i < count; i++) {
		cc_cube_alg alg;
		cc_cube state;
		double t0 = seconds();
		cc_cube_scramble(tables, &rng, &alg, &state);
		times[i] = seconds() - t0;
		moves += alg.len;
		bad += !scramble_ok(&alg, &state);
	}
	double total = seconds() - built;
	qsort(times, count, sizeof *times, by_value);
	printf("tables: %.1f ms to build, %zu bytes\n", (built - start) * 1e3, cc_cube_tables_size(tables));
	printf("%zu scrambles (seed %llu): %.2f s, median %.2f ms, 90%% %.2f ms, 99%% %.2f ms, "
	       "worst %.2f ms, mean length %.2f, bad %zu\n",
	       count, (unsigned long long)seed, total, times[count / 2] * 1e3, times[count * 9 / 10] * 1e3,
	       times[count * 99 / 100] * 1e3, times[count - 1] * 1e3, (double)moves / (double)count, bad);
	free(times);
	cc_cube_tables_destroy(tables);
	return bad == 0 ? 0 : 1;
}
