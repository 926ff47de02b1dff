/*
 * cube_image.c: the solver's tables as bytes, to be kept by the shell (a
 * file in the user's cache folder) and given back in a later process, so
 * that a scramble does not build them again (docs/performance.md, "Cube
 * scrambles"). No I/O here: the shell reads and writes the bytes.
 *
 * An image is a header, then the tables as they are in memory:
 *   magic "CCcubeT1", the format's version (CC_CUBE_TABLES_IMAGE_VERSION),
 *   a byte-order mark, the size of the tables and a 64-bit checksum of them,
 * each in the machine's own order (a cache is the machine's own).
 * A load trusts nothing it is given: a header not ours (another program,
 * another version, another byte order or size), a short image or one whose
 * checksum differs is refused; so is an image whose tables hold a value out
 * of its range (an index the search would follow out of its table), which a
 * checksum alone would not stop. The caller then builds the tables again.
 */
#include "cube_internal.h"

#include <string.h>

#define IMAGE_MAGIC "CCcubeT1"
#define IMAGE_ORDER 0x01020304u

typedef struct {
	char magic[8];
	uint32_t version;
	uint32_t order;
	uint64_t size;
	uint64_t checksum;
} image_header;

size_t cc_cube_tables_image_size(void)
{
	return sizeof(image_header) + sizeof(cc_cube_tables);
}

/* 64-bit checksum of n bytes: FNV-1a over 8-byte words, then mixed. Not a
 * defence against a forger (the range checks are), a catch of damage. */
static uint64_t checksum(const unsigned char *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325u;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, p + i, 8);
		h = (h ^ w) * 0x100000001b3u;
		h ^= h >> 29;
	}
	for (; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3u;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdu;
	h ^= h >> 33;
	return h;
}

void cc_cube_tables_image(const cc_cube_tables *t, void *out)
{
	image_header h;
	memset(&h, 0, sizeof h);
	memcpy(h.magic, IMAGE_MAGIC, sizeof h.magic);
	h.version = CC_CUBE_TABLES_IMAGE_VERSION;
	h.order = IMAGE_ORDER;
	h.size = sizeof *t;
	h.checksum = checksum((const unsigned char *)t, sizeof *t);
	memcpy(out, &h, sizeof h);
	memcpy((unsigned char *)out + sizeof h, t, sizeof *t);
}

static bool u16_below(const uint16_t *a, size_t n, unsigned bound)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] >= bound)
			return false;
	return true;
}

static bool u8_below(const uint8_t *a, size_t n, unsigned bound)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] >= bound)
			return false;
	return true;
}

/* Every element of table field f of t below bound. */
#define U16(f, bound) u16_below((const uint16_t *)(const void *)&t->f, sizeof t->f / sizeof(uint16_t), (bound))
#define U8(f, bound) u8_below((const uint8_t *)(const void *)&t->f, sizeof t->f, (bound))

/* A cube whose indices are in range (the tables' own cubes are whole-cube
 * turns and moves: permutations, orientations below 3 and 2). */
static bool cube_in_range(const cc_cube *c)
{
	return u8_below(c->cp, 8, 8) && u8_below(c->co, 8, 3) && u8_below(c->ep, 12, 12) && u8_below(c->eo, 12, 2);
}

/* Each table that the search follows from one entry to another holds
 * indices of the table it leads to; symmetries, moves and classes below
 * their counts (see cube_internal.h). Stabilisers are bit sets (any value)
 * and a pruning entry's 4 bits are always in range. */
static bool tables_in_range(const cc_cube_tables *t)
{
	const unsigned perm_sym = N_PERM_SYM << 4, twist_sym = N_TWIST_SYM << 2, flip_sym = N_FLIP_SYM << 2;
	bool ok = U16(twist_move, N_TWIST) && U16(flip_move, N_FLIP) && U16(slice_move, N_SLICE) &&
	          U16(sperm_move, N_SPERM) && U8(sym_mult, N_SYM) && U8(sym_move, N_P2_MOVES) &&
	          U16(sperm_conj, N_SPERM) && U16(cperm_sym, perm_sym) && U16(eperm_sym, perm_sym) &&
	          U16(cperm_class_move, perm_sym) && U16(eperm_class_move, perm_sym) &&
	          U16(cperm_inv_sym, perm_sym) && U16(eperm_inv_sym, perm_sym) && U8(sperm_inv, N_SPERM) &&
	          U8(sym_mult_inv, N_SYM) && U16(ccombp_move, N_CCOMBP) && U16(ccombp_conj, N_CCOMBP) &&
	          U8(cperm_class_ccombp, N_CCOMBP) && U16(twist_sym, twist_sym) && U16(flip_sym, flip_sym) &&
	          U16(twist_class_move, twist_sym) && U16(flip_class_move, flip_sym) && U16(twist_stab, 1u << N_SYM4) &&
	          U16(flip_stab, 1u << N_SYM4) && U16(slice_conj, N_SLICE) && U16(flip_conj, N_FLIP) &&
	          U8(move_u4, CC_CUBE_MOVES) && U8(rot_back, CC_CUBE_MOVES);
	ok = ok && cube_in_range(&t->u4) && cube_in_range(&t->u4_inv) && cube_in_range(&t->rot) &&
	     cube_in_range(&t->rot_inv);
	for (unsigned m = 0; ok && m < CC_CUBE_MOVES; m++)
		ok = cube_in_range(&t->move_cube[m]);
	return ok;
}

#undef U16
#undef U8

cc_err cc_cube_tables_view(const void *image, size_t size, const cc_cube_tables **out, cc_error *err)
{
	image_header h;
	*out = NULL;
	if (!image || size != cc_cube_tables_image_size())
		return cc_refuse(err, CC_MSG_SOLVER_TABLES_IMAGE);
	memcpy(&h, image, sizeof h);
	const unsigned char *payload = (const unsigned char *)image + sizeof h;
	if (memcmp(h.magic, IMAGE_MAGIC, sizeof h.magic) != 0 || h.version != CC_CUBE_TABLES_IMAGE_VERSION ||
	    h.order != IMAGE_ORDER || h.size != sizeof(cc_cube_tables) ||
	    (uintptr_t)payload % _Alignof(cc_cube_tables) != 0 ||
	    h.checksum != checksum(payload, sizeof(cc_cube_tables)))
		return cc_refuse(err, CC_MSG_SOLVER_TABLES_IMAGE);
	const cc_cube_tables *t = (const cc_cube_tables *)(const void *)payload;
	if (!tables_in_range(t))
		return cc_refuse(err, CC_MSG_SOLVER_TABLES_IMAGE);
	*out = t;
	return CC_OK;
}
