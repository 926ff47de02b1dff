/*
 * match_draws.c: the match's seeded draws (CO-6.1, CO-6.2): which cube a
 * cube phase is solved on. The generator's state is one integer of
 * match_state, so snapshots, undo and replay draw the same numbers.
 */
#include "match_internal.h"

/* splitmix64: tiny, well mixed, and its whole state is one integer that
 * snapshots and undo carry along with the rest of the match. */
static uint64_t rng_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

/* Uniform in [0, n) by multiply-shift; the bias for n <= 4 is below 2^-30. */
static int rng_below(uint64_t *state, int n)
{
	uint64_t high = rng_next(state) >> 32;
	return (int)((high * (uint64_t)n) >> 32);
}

/* CO-6.1, CO-6.2: cubes 1 to 4, never the number of the phase just before. */
void cc_match_designate_cube(match_state *s)
{
	int n;
	if (s->prev_cube_number == 0) {
		n = 1 + rng_below(&s->rng, 4);
	} else {
		n = 1 + rng_below(&s->rng, 3);
		if (n >= s->prev_cube_number)
			n++;
	}
	s->cube_number = n;
	s->prev_cube_number = n;
	s->cube_cs[0] = s->cube_cs[1] = CC_CUBE_NONE;
}
