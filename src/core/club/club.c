/*
 * club.c: names, Elo ratings and Berger tables (club.h, rules/club.md).
 * The standings, what counts, forfeits and what an event fixes are
 * club_standings.c's; the enums' spellings club_names.c's.
 *
 * Berger tables. With N seats (the players, plus a dummy seat when their
 * count is odd: whoever meets it has a bye), round r (1..N-1) pairs the
 * last seat with seat p, where 2p = r + 1 (mod N-1), and on board k
 * (k = 2..N/2) seat p+(k-1) with seat p-(k-1), taken in 1..N-1 modulo N-1.
 * The last seat has White in even rounds; of two other seats a and b, a has
 * White when (b - a) mod (N-1) is odd. This reproduces the published tables
 * (FIDE Handbook C.05 annex 1) board for board, e.g. for 6: round 1 1-6
 * 2-5 3-4, round 2 6-4 5-3 1-2, round 3 2-6 3-1 4-5, round 4 6-5 1-4 2-3,
 * round 5 3-6 4-2 5-1. A double round robin reverses the order of the first
 * cycle's last two rounds, as the annex recommends, then plays the table
 * again with the colours reversed.
 */
#include "chesscubing/club.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>


/* ---- names ------------------------------------------------------------------ */

/* The code point at *p (valid UTF8, checked before), *p moved past it. */
static uint32_t next_code_point(const unsigned char **p)
{
	const unsigned char *s = *p;
	uint32_t c = s[0];
	size_t n = 1;
	if (c >= 0xF0) {
		c = ((c & 0x07u) << 18) | ((s[1] & 0x3Fu) << 12) | ((s[2] & 0x3Fu) << 6) | (s[3] & 0x3Fu);
		n = 4;
	} else if (c >= 0xE0) {
		c = ((c & 0x0Fu) << 12) | ((s[1] & 0x3Fu) << 6) | (s[2] & 0x3Fu);
		n = 3;
	} else if (c >= 0xC0) {
		c = ((c & 0x1Fu) << 6) | (s[1] & 0x3Fu);
		n = 2;
	}
	*p = s + n;
	return c;
}

/* Appends c as UTF8; false when it does not fit (with the final NUL). */
static bool put_code_point(char *key, size_t size, size_t *len, uint32_t c)
{
	unsigned char b[4];
	size_t n;
	if (c < 0x80) {
		b[0] = (unsigned char)c;
		n = 1;
	} else if (c < 0x800) {
		b[0] = (unsigned char)(0xC0 | (c >> 6));
		b[1] = (unsigned char)(0x80 | (c & 0x3F));
		n = 2;
	} else if (c < 0x10000) {
		b[0] = (unsigned char)(0xE0 | (c >> 12));
		b[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
		b[2] = (unsigned char)(0x80 | (c & 0x3F));
		n = 3;
	} else {
		b[0] = (unsigned char)(0xF0 | (c >> 18));
		b[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3F));
		b[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
		b[3] = (unsigned char)(0x80 | (c & 0x3F));
		n = 4;
	}
	if (*len + n >= size)
		return false;
	memcpy(key + *len, b, n);
	*len += n;
	return true;
}

static bool in(uint32_t c, uint32_t first, uint32_t last)
{
	return c >= first && c <= last;
}

/* Simple case folding of the scripts a club's names are written in
 * (Unicode CaseFolding.txt, status C); 'ß' and 'ẞ' are handled by the caller. */
static uint32_t fold(uint32_t c)
{
	if (in(c, 'A', 'Z') || (in(c, 0xC0, 0xDE) && c != 0xD7))
		return c + 0x20;
	if (c == 0xB5)
		return 0x3BC; /* micro sign: Greek mu */
	if ((in(c, 0x100, 0x12F) || in(c, 0x132, 0x137) || in(c, 0x14A, 0x177)) && c % 2 == 0)
		return c + 1;
	if ((in(c, 0x139, 0x148) || in(c, 0x179, 0x17E)) && c % 2 == 1)
		return c + 1;
	if (c == 0x178)
		return 0xFF;
	if (c == 0x17F)
		return 's';
	if (c == 0x386)
		return 0x3AC;
	if (in(c, 0x388, 0x38A))
		return c + 37;
	if (c == 0x38C)
		return 0x3CC;
	if (in(c, 0x38E, 0x38F))
		return c + 63;
	if (in(c, 0x391, 0x3AB) && c != 0x3A2)
		return c + 0x20;
	if (c == 0x3C2)
		return 0x3C3; /* final sigma */
	if (in(c, 0x400, 0x40F))
		return c + 0x50;
	if (in(c, 0x410, 0x42F))
		return c + 0x20;
	if ((in(c, 0x460, 0x481) || in(c, 0x48A, 0x4BF) || in(c, 0x4D0, 0x52F)) && c % 2 == 0)
		return c + 1;
	if ((in(c, 0x1E00, 0x1E95) || in(c, 0x1EA0, 0x1EFF)) && c % 2 == 0)
		return c + 1;
	return c;
}

/* One base letter per code point from 0x100 to 0x17F (Latin Extended-A,
 * either case): '1' stands for "ij", '2' for "oe". */
static const char latin_a[] = "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii11jjkkkllllllllllnnnnnnnnn"
                              "oooooo22rrrrrrsssssssstttttt"
                              "uuuuuuuuuuuuwwyyyzzzzzzs";
/* Latin-1's lower-case letters from 0xDF; '-': none (the division sign). */
static const char latin_1[] = "3aaaaaa4ceeeeiiiidnooooo-ouuuuy5y";

/* Ranges of accented letters (either case) with one base letter:
 * Latin Extended-B's Pinyin, Romanian and Vietnamese letters and Latin
 * Extended Additional (its letters run alphabetically); '3' is "ss". */
static const struct {
	uint32_t first, last;
	char base;
} accented[] = {
	{0x180, 0x180, 'b'},   {0x1A0, 0x1A1, 'o'},   {0x1AF, 0x1B0, 'u'},   {0x1CD, 0x1CE, 'a'},
	{0x1CF, 0x1D0, 'i'},   {0x1D1, 0x1D2, 'o'},   {0x1D3, 0x1DC, 'u'},   {0x1E6, 0x1E7, 'g'},
	{0x1E8, 0x1E9, 'k'},   {0x1EA, 0x1ED, 'o'},   {0x1F0, 0x1F0, 'j'},   {0x1F4, 0x1F5, 'g'},
	{0x1F8, 0x1F9, 'n'},   {0x1FA, 0x1FB, 'a'},   {0x1FE, 0x1FF, 'o'},   {0x218, 0x219, 's'},
	{0x21A, 0x21B, 't'},   {0x1E00, 0x1E01, 'a'}, {0x1E02, 0x1E07, 'b'}, {0x1E08, 0x1E09, 'c'},
	{0x1E0A, 0x1E13, 'd'}, {0x1E14, 0x1E1D, 'e'}, {0x1E1E, 0x1E1F, 'f'}, {0x1E20, 0x1E21, 'g'},
	{0x1E22, 0x1E2B, 'h'}, {0x1E2C, 0x1E2F, 'i'}, {0x1E30, 0x1E35, 'k'}, {0x1E36, 0x1E3D, 'l'},
	{0x1E3E, 0x1E43, 'm'}, {0x1E44, 0x1E4B, 'n'}, {0x1E4C, 0x1E53, 'o'}, {0x1E54, 0x1E57, 'p'},
	{0x1E58, 0x1E5F, 'r'}, {0x1E60, 0x1E69, 's'}, {0x1E6A, 0x1E71, 't'}, {0x1E72, 0x1E7B, 'u'},
	{0x1E7C, 0x1E7F, 'v'}, {0x1E80, 0x1E89, 'w'}, {0x1E8A, 0x1E8D, 'x'}, {0x1E8E, 0x1E8F, 'y'},
	{0x1E90, 0x1E95, 'z'}, {0x1E96, 0x1E96, 'h'}, {0x1E97, 0x1E97, 't'}, {0x1E98, 0x1E98, 'w'},
	{0x1E99, 0x1E99, 'y'}, {0x1E9A, 0x1E9A, 'a'}, {0x1E9B, 0x1E9B, 's'}, {0x1E9E, 0x1E9E, '3'},
	{0x1EA0, 0x1EB7, 'a'}, {0x1EB8, 0x1EC7, 'e'}, {0x1EC8, 0x1ECB, 'i'}, {0x1ECC, 0x1EE3, 'o'},
	{0x1EE4, 0x1EF1, 'u'}, {0x1EF2, 0x1EF9, 'y'},
};

/* Greek letters with a tonos or a dialytika, from 0x3AC to 0x3B0 and 0x3CA to 0x3CE, as their vowel. */
static const uint32_t greek_a[] = {0x3B1, 0x3B5, 0x3B7, 0x3B9, 0x3C5};
static const uint32_t greek_b[] = {0x3B9, 0x3C5, 0x3BF, 0x3C5, 0x3C9};

/*
 * Appends the key of one (case-folded) code point (CL-1.1): a Latin letter
 * without its accents ("é" e, "ł" l), a ligature spelt out ("œ" oe, "ß"
 * ss), a Greek vowel without its tonos, "ё" as "е"; combining marks
 * (U+0300 to U+036F) dropped. False when it does not fit.
 */
static bool put_key_of(char *key, size_t size, size_t *len, uint32_t c)
{
	static const char *const spelt[] = {"ij", "oe", "ss", "ae", "th"}; /* '1' to '5' in the tables */
	char base = 0;
	if (in(c, 0x300, 0x36F))
		return true;
	if (in(c, 0xDF, 0xFF) && latin_1[c - 0xDF] != '-')
		base = latin_1[c - 0xDF];
	else if (in(c, 0x100, 0x17F))
		base = latin_a[c - 0x100];
	for (size_t i = 0; !base && i < sizeof accented / sizeof accented[0]; i++)
		if (in(c, accented[i].first, accented[i].last))
			base = accented[i].base;
	if (base >= '1' && base <= '5')
		return put_code_point(key, size, len, (uint32_t)spelt[base - '1'][0]) &&
		       put_code_point(key, size, len, (uint32_t)spelt[base - '1'][1]);
	if (base)
		return put_code_point(key, size, len, (uint32_t)base);
	if (in(c, 0x3AC, 0x3B0))
		c = greek_a[c - 0x3AC];
	else if (in(c, 0x3CA, 0x3CE))
		c = greek_b[c - 0x3CA];
	else if (c == 0x390)
		c = 0x3B9;
	else if (c == 0x451)
		c = 0x435;
	return put_code_point(key, size, len, c);
}

cc_err cc_club_name_key(const char *name, char *key, size_t size)
{
	size_t len = 0;
	bool space = false;
	if (!cc_text_is_line(name))
		return CC_ERR_INVALID;
	for (const unsigned char *p = (const unsigned char *)name; *p;) {
		uint32_t c = next_code_point(&p);
		if (c == ' ' || c == '\t' || c == 0xA0) {
			space = len > 0;
			continue;
		}
		if (space && !put_code_point(key, size, &len, ' '))
			return CC_ERR_INVALID;
		space = false;
		if (!put_key_of(key, size, &len, fold(c)))
			return CC_ERR_INVALID;
	}
	if (size == 0)
		return CC_ERR_INVALID;
	key[len] = '\0';
	return len > 0 ? CC_OK : CC_ERR_INVALID;
}

/* ASCII of one code point (cc_club_name_ascii): the key of its folded
 * form when that is ASCII, upper case again when c was; "" otherwise. */
static void ascii_of(uint32_t c, char *buf, size_t size)
{
	size_t len = 0;
	uint32_t lower = fold(c);
	buf[0] = '\0';
	if (!put_key_of(buf, size, &len, lower))
		return;
	buf[len] = '\0';
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)buf[i] < 0x20 || (unsigned char)buf[i] > 0x7E)
			buf[0] = '\0', len = 0;
	if (len > 0 && lower != c && buf[0] >= 'a' && buf[0] <= 'z')
		buf[0] = (char)(buf[0] - 'a' + 'A');
}

void cc_club_name_ascii(const char *name, char *out, size_t size)
{
	size_t len = 0;
	bool utf8 = cc_text_is_line(name);
	if (size == 0)
		return;
	for (const unsigned char *p = (const unsigned char *)name; *p;) {
		char piece[8] = "?";
		uint32_t c = utf8 ? next_code_point(&p) : *p++;
		if (c >= 0x20 && c < 0x7F) {
			piece[0] = (char)c;
		} else if (utf8 && c >= 0x80) {
			ascii_of(c, piece, sizeof piece);
			if (!piece[0] && !in(c, 0x300, 0x36F))
				piece[0] = '?', piece[1] = '\0';
		}
		size_t n = strlen(piece);
		if (len + n >= size)
			break;
		memcpy(out + len, piece, n);
		len += n;
	}
	out[len] = '\0';
}

/* ---- ratings -------------------------------------------------------------------- */

void cc_club_ratings_init(cc_club_rating *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		r[i] = (cc_club_rating){.rating = CC_CLUB_START_RATING};
}

double cc_club_expected(double r, double ro)
{
	return 1.0 / (1.0 + pow(10.0, (ro - r) / 400.0));
}

double cc_club_k(unsigned games)
{
	return games < CC_CLUB_NEW_GAMES ? CC_CLUB_K_NEW : CC_CLUB_K;
}

static void count(cc_club_rating *p, double score, double change)
{
	p->games++;
	if (score > 0.75)
		p->wins++;
	else if (score < 0.25)
		p->losses++;
	else
		p->draws++;
	p->last_change = change;
}

void cc_club_rate(cc_club_rating *r, const cc_club_game *g, cc_club_change *change)
{
	assert(g->white != g->black);
	cc_club_rating *w = &r[g->white], *b = &r[g->black];
	double kw = cc_club_k(w->games), kb = cc_club_k(b->games);
	double ew = cc_club_expected(w->rating, b->rating), eb = cc_club_expected(b->rating, w->rating);
	double dw = kw * (g->white_score - ew), db = kb * ((1.0 - g->white_score) - eb);
	if (change)
		*change = (cc_club_change){w->rating, b->rating, w->rating + dw, b->rating + db, kw, kb};
	w->rating += dw;
	b->rating += db;
	count(w, g->white_score, dw);
	count(b, 1.0 - g->white_score, db);
}

long cc_club_shown(double rating)
{
	return lround(rating);
}

cc_club_tier cc_club_tier_of(double rating)
{
	long shown = cc_club_shown(rating);
	if (shown >= 1400)
		return CC_CLUB_TIER_DIAMOND;
	if (shown >= 1200)
		return CC_CLUB_TIER_PLATINUM;
	if (shown >= 1050)
		return CC_CLUB_TIER_GOLD;
	if (shown >= 950)
		return CC_CLUB_TIER_SILVER;
	return CC_CLUB_TIER_BRONZE;
}

/* ---- Berger tables ------------------------------------------------------------------ */

static unsigned seats_of(unsigned players)
{
	return players + players % 2;
}

unsigned cc_club_berger_rounds(unsigned players, bool twice)
{
	if (players < 2 || players > CC_CLUB_PLAYERS_MAX)
		return 0;
	return (seats_of(players) - 1) * (twice ? 2u : 1u);
}

size_t cc_club_berger_count(unsigned players, bool twice)
{
	return (size_t)cc_club_berger_rounds(players, twice) * (seats_of(players) / 2);
}

/* Seat s (1-based) in 1..m, modulo m. */
static unsigned wrap(long s, unsigned m)
{
	long r = ((s - 1) % (long)m + (long)m) % (long)m;
	return (unsigned)r + 1;
}

cc_err cc_club_berger(unsigned players, bool twice, cc_club_pairing *out, size_t cap, cc_error *err)
{
	if (players < 2 || players > CC_CLUB_PLAYERS_MAX)
		return cc_refuse(err, CC_MSG_ROUND_ROBIN_SIZE, CC_CLUB_PLAYERS_MAX, players);
	assert(cap >= cc_club_berger_count(players, twice));
	(void)cap;
	unsigned n = seats_of(players), m = n - 1, rounds = m;
	size_t used = 0;
	for (unsigned cycle = 0; cycle < (twice ? 2u : 1u); cycle++) {
		for (unsigned played = 1; played <= rounds; played++) {
			/* A double round robin plays the first cycle's last two rounds
			 * the other way round, as the Handbook recommends, so that no
			 * one has the same colour three times in a row where the
			 * cycles meet (CL-3.1). */
			unsigned r = played;
			if (twice && cycle == 0 && rounds >= 3 && played >= rounds - 1)
				r = played == rounds ? rounds - 1 : rounds;
			unsigned p = 1;
			while ((2 * p) % m != (r + 1) % m)
				p++;
			for (unsigned k = 1; k <= n / 2; k++) {
				unsigned a, b;
				if (k == 1) {
					a = r % 2 == 0 ? n : p;
					b = r % 2 == 0 ? p : n;
				} else {
					a = wrap((long)p + (long)(k - 1), m);
					b = wrap((long)p - (long)(k - 1), m);
					if (((b + m - a) % m) % 2 == 0) {
						unsigned t = a;
						a = b;
						b = t;
					}
				}
				if (cycle == 1) {
					unsigned t = a;
					a = b;
					b = t;
				}
				/* The dummy seat of an odd count: its opponent has a bye. */
				uint32_t white = a - 1, black = b - 1;
				if (n != players && (a == n || b == n)) {
					white = a == n ? b - 1 : a - 1;
					black = CC_CLUB_BYE;
				}
				out[used++] = (cc_club_pairing){cycle * rounds + played, k, white, black};
			}
		}
	}
	return CC_OK;
}
