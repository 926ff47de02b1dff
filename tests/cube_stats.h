/* cube_stats.h: statistics the cube suites share to check uniform draws. */
#ifndef CHESSCUBING_TESTS_CUBE_STATS_H
#define CHESSCUBING_TESTS_CUBE_STATS_H

#include <stdint.h>

/* Pearson's statistic of counts against equal expected counts. */
static inline double chi_square(const unsigned *counts, unsigned bins, unsigned total)
{
	double expected = (double)total / bins, sum = 0;
	for (unsigned i = 0; i < bins; i++)
		sum += (counts[i] - expected) * (counts[i] - expected) / expected;
	return sum;
}

/* 1 when the permutation p of n items is odd, 0 when even. */
static inline unsigned parity(const uint8_t *p, int n)
{
	unsigned odd = 0;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			odd ^= p[j] < p[i];
	return odd;
}

/* Critical values of the chi-square statistic at p = 0.001, by degrees of freedom. */
#define CHI2_DF1 10.83
#define CHI2_DF2 13.82
#define CHI2_DF7 24.32
#define CHI2_DF11 31.26

#endif
