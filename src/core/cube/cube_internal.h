/*
 * cube_internal.h: what the solver's two files share, and nothing else
 * includes: the sizes of the coordinates, the tables (built by
 * cube_tables.c, read by the search in cube_solve.c) and the coordinates
 * of a cube. The algorithm is described at the top of cube_solve.c.
 */
#ifndef CHESSCUBING_CUBE_INTERNAL_H
#define CHESSCUBING_CUBE_INTERNAL_H

#include "chesscubing/cube.h"

enum {
	N_TWIST = 2187,
	N_FLIP = 2048,
	N_SLICE = 495,
	N_PERM8 = 40320,
	N_SPERM = 24,
	N_P2_MOVES = 10,
	N_SYM = 16,
	N_PERM_SYM = 2768, /* classes of 8-permutations under the 16 symmetries */
	N_CCOMBP = 140,    /* places of the 4 U corners among 8 (70) x corner parity */
	N_SYM4 = 4,        /* the symmetries phase 1 uses (see "symmetries") */
	N_TWIST_SYM = 567, /* classes of twists under them */
	N_FLIP_SYM = 560,  /* classes of flips */
	N_VERSIONS = 6,
	MAX_PATH = 32,
	UNKNOWN = 15,
};

/* The moves of phase 2, in the order of the phase-2 move tables. */
static const cc_cube_move p2_moves[N_P2_MOVES] = {0, 1, 2, 4, 7, 9, 10, 11, 13, 16};


struct cc_cube_tables {
	uint16_t twist_move[N_TWIST][CC_CUBE_MOVES];
	uint16_t flip_move[N_FLIP][CC_CUBE_MOVES];
	uint16_t slice_move[N_SLICE][CC_CUBE_MOVES];
	uint16_t sperm_move[N_SPERM][N_P2_MOVES];
	/* Phase 2 by symmetry classes (see "symmetries" below). A "sym
	 * coordinate" is class << 4 | s: the raw coordinate conjugated by
	 * symmetry s is the class's representative. */
	uint8_t sym_mult[N_SYM][N_SYM];       /* index of S_a * S_b */
	uint8_t sym_move[N_SYM][N_P2_MOVES];  /* phase-2 move S_s * m * S_s^-1 */
	uint16_t sperm_conj[N_SPERM][N_SYM];  /* slice permutation conjugated by S_s */
	uint16_t cperm_sym[N_PERM8];          /* raw corner permutation -> sym coordinate */
	uint16_t eperm_sym[N_PERM8];          /* raw U/D edge permutation -> sym coordinate */
	uint16_t cperm_class_move[N_PERM_SYM][N_P2_MOVES]; /* representative then move -> sym coordinate */
	uint16_t eperm_class_move[N_PERM_SYM][N_P2_MOVES];
	uint16_t cperm_stab[N_PERM_SYM]; /* symmetries that leave the representative unchanged */
	uint16_t eperm_stab[N_PERM_SYM];
	uint16_t cperm_inv_sym[N_PERM_SYM]; /* sym coordinate of the representative's inverse */
	uint16_t eperm_inv_sym[N_PERM_SYM];
	uint8_t sperm_inv[N_SPERM];
	uint8_t sym_mult_inv[N_SYM][N_SYM];   /* index of S_a * S_b^-1 */
	uint16_t ccombp_move[N_CCOMBP][N_P2_MOVES];
	uint16_t ccombp_conj[N_CCOMBP][N_SYM];
	uint8_t cperm_class_ccombp[N_PERM_SYM]; /* corner comb of each class's representative */
	/* Phase 1 by classes under the four symmetries of sym4: sym
	 * coordinates are class << 2 | g. */
	uint16_t twist_sym[N_TWIST];
	uint16_t flip_sym[N_FLIP];
	uint16_t twist_class_move[N_TWIST_SYM][CC_CUBE_MOVES];
	uint16_t flip_class_move[N_FLIP_SYM][CC_CUBE_MOVES];
	uint16_t twist_stab[N_TWIST_SYM];
	uint16_t flip_stab[N_FLIP_SYM];
	uint16_t slice_conj[N_SLICE][N_SYM4];
	uint16_t flip_conj[N_FLIP][N_SYM4];
	/* The quarter turn of the whole cube about U-D, with its true
	 * orientations, and what it makes of each move (see build_u4). */
	cc_cube u4, u4_inv;
	uint8_t move_u4[CC_CUBE_MOVES];
	uint8_t twist_slice_prune[(N_TWIST_SYM * N_SLICE + 1) / 2];
	uint8_t flip_slice_prune[N_FLIP_SYM * N_SLICE / 2];
	uint8_t twist_flip_prune[N_TWIST_SYM * N_FLIP / 2];
	uint8_t cperm_sperm_prune[N_PERM_SYM * N_SPERM / 2]; /* class x conjugated slice perm */
	uint8_t eperm_ccombp_prune[N_PERM_SYM * N_CCOMBP / 2]; /* class x conjugated corner comb */
	cc_cube move_cube[CC_CUBE_MOVES];
	cc_cube rot;     /* rot_urf */
	cc_cube rot_inv; /* its inverse */
	/* rot_back[m]: the move rot^-1 * m * rot, which maps a solution of
	 * the rotated cube rot * c * rot^-1 back to one of c. */
	cc_cube_move rot_back[CC_CUBE_MOVES];
};

/* A pruning table's entry i (4 bits). */
static inline unsigned cc_cube_prune_get(const uint8_t *table, size_t i)
{
	return (unsigned)(table[i / 2] >> (i % 2 * 4)) & 0xfu;
}

/* The coordinates of a cube (cube_tables.c). */
unsigned cc_cube_twist_of(const cc_cube *c);
unsigned cc_cube_flip_of(const cc_cube *c);
unsigned cc_cube_slice_of(const cc_cube *c);
unsigned cc_cube_sperm_of(const cc_cube *c);
unsigned cc_cube_eperm_of(const cc_cube *c);
unsigned cc_cube_cperm_of(const cc_cube *c);
/* a then b, permutations only (orientations are all 0 in G1). */
void cc_cube_perm_multiply(const cc_cube *a, const cc_cube *b, cc_cube *out);

#endif
