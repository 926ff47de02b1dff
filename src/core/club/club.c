/*
 * club.c: names, Elo ratings, Berger tables and standings (club.h,
 * rules/club.md).
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

#include "chesscubing/game.h"

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

const char *cc_club_tier_name(cc_club_tier tier)
{
	switch (tier) {
	case CC_CLUB_TIER_BRONZE:
		return "bronze";
	case CC_CLUB_TIER_SILVER:
		return "silver";
	case CC_CLUB_TIER_GOLD:
		return "gold";
	case CC_CLUB_TIER_PLATINUM:
		return "platinum";
	case CC_CLUB_TIER_DIAMOND:
		return "diamond";
	}
	return "?";
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

/* ---- standings ------------------------------------------------------------------- */

static bool is_bye(const cc_club_result *g)
{
	return g->black == CC_CLUB_BYE;
}

/* What side (0 White, 1 Black) scores from finished result g: a forfeit's
 * points (CL-6.1), or the game's. */
static double score_of(const cc_club_result *g, int side)
{
	switch (g->forfeit) {
	case CC_CLUB_FORFEIT_NONE:
		break;
	case CC_CLUB_FORFEIT_WHITE:
		return side == 0 ? 1.0 : 0.0;
	case CC_CLUB_FORFEIT_BLACK:
		return side == 0 ? 0.0 : 1.0;
	case CC_CLUB_FORFEIT_BOTH:
		return 0.0;
	}
	return side == 0 ? g->white_score : 1.0 - g->white_score;
}

static int compare_standing(const void *pa, const void *pb)
{
	const cc_club_standing *a = pa, *b = pb;
	if (a->cancelled != b->cancelled)
		return a->cancelled ? 1 : -1; /* CL-6.3: results not counted, ranked last */
	if (a->points != b->points)
		return a->points > b->points ? -1 : 1;
	if (a->direct != b->direct)
		return a->direct > b->direct ? -1 : 1;
	if (a->wins != b->wins)
		return a->wins > b->wins ? -1 : 1;
	if (a->sb != b->sb)
		return a->sb > b->sb ? -1 : 1;
	return a->player < b->player ? -1 : a->player > b->player;
}

static bool same_place(const cc_club_standing *a, const cc_club_standing *b)
{
	return a->cancelled == b->cancelled && a->points == b->points && a->direct == b->direct && a->wins == b->wins && a->sb == b->sb;
}

/* Have q and r met, with no game between them still to be played? */
static bool have_met(const cc_club_result *results, size_t count, uint32_t q, uint32_t r)
{
	bool met = false;
	for (size_t i = 0; i < count; i++) {
		const cc_club_result *g = &results[i];
		if (is_bye(g) || !((g->white == q && g->black == r) || (g->white == r && g->black == q)))
			continue;
		if (!g->finished)
			return false; /* still to be played: not applicable yet */
		met = true;
	}
	return met;
}

/* The direct encounter of the players tied on points with seat p: applies
 * when every two of them (not only p and each of the others) have met and
 * none of their games is still to be played, so that it is the same for
 * the whole tied group. */
static void direct_encounter(unsigned players, const cc_club_result *results, size_t count, cc_club_standing *s,
                             uint32_t p)
{
	unsigned tied = 0;
	if (s[p].cancelled)
		return;
#define TIED(q) (!s[q].cancelled && s[q].points == s[p].points)
	for (uint32_t q = 0; q < players; q++)
		tied += TIED(q);
	if (tied < 2)
		return;
	for (uint32_t q = 0; q < players; q++)
		for (uint32_t r = q + 1; r < players; r++)
			if (TIED(q) && TIED(r) && !have_met(results, count, q, r))
				return;
	s[p].direct_used = true;
	/* A forfeit between them scores as recorded (CL-6.1): points, not a game. */
	for (size_t i = 0; i < count; i++) {
		const cc_club_result *g = &results[i];
		if (is_bye(g) || !g->finished)
			continue;
		if (g->white == p && TIED(g->black))
			s[p].direct += score_of(g, 0);
		else if (g->black == p && TIED(g->white))
			s[p].direct += score_of(g, 1);
	}
#undef TIED
}

/* cc_club_standings() with the withdrawals of t (NULL: none) marked. */
static void standings_of(unsigned players, const cc_club_event_terms *t, const bool *cancelled,
                         const cc_club_result *results, size_t count, cc_club_standing *out)
{
	assert(players <= CC_CLUB_PLAYERS_MAX);
	for (uint32_t p = 0; p < players; p++)
		out[p] = (cc_club_standing){.player = p,
		                            .withdrawn_from = t ? t->withdrawn_from[p] : 0,
		                            .cancelled = cancelled && cancelled[p]};
	for (size_t i = 0; i < count; i++) {
		const cc_club_result *g = &results[i];
		if (!g->finished)
			continue;
		if (is_bye(g)) {
			out[g->white].points += g->white_score; /* the bye's value (CL-6.5) */
			continue;
		}
		out[g->white].points += score_of(g, 0);
		out[g->black].points += score_of(g, 1);
		if (g->forfeit != CC_CLUB_FORFEIT_NONE)
			continue; /* CL-6.1: no game, no win over the board */
		out[g->white].played++;
		out[g->black].played++;
		out[g->white].wins += g->white_score > 0.75;
		out[g->black].wins += g->white_score < 0.25;
	}
	/* Sonneborn-Berger over the games played: a forfeit, like a bye, adds
	 * nothing (CL-3.5, CL-6.1). */
	for (size_t i = 0; i < count; i++) {
		const cc_club_result *g = &results[i];
		if (!g->finished || is_bye(g) || g->forfeit != CC_CLUB_FORFEIT_NONE)
			continue;
		out[g->white].sb += out[g->black].points * g->white_score;
		out[g->black].sb += out[g->white].points * (1.0 - g->white_score);
	}
	for (uint32_t p = 0; p < players; p++)
		direct_encounter(players, results, count, out, p);
	qsort(out, players, sizeof *out, compare_standing);
	for (unsigned i = 0; i < players; i++)
		out[i].rank = i > 0 && same_place(&out[i], &out[i - 1]) ? out[i - 1].rank : i + 1;
}

void cc_club_standings(unsigned players, const cc_club_result *results, size_t count, cc_club_standing *out)
{
	standings_of(players, NULL, NULL, results, count, out);
}

/* ---- what counts (CL-2.1, CL-2.5, CL-2.10, CL-2.11) ---------------------------- */

const char *cc_club_list_name(cc_club_list list)
{
	switch (list) {
	case CC_CLUB_LIST_CHESSCUBING:
		return "chesscubing";
	case CC_CLUB_LIST_UNO:
		return "uno";
	case CC_CLUB_LIST_CHESS:
		return "chess";
	}
	return "?";
}

cc_err cc_club_list_parse(const char *text, cc_club_list *out)
{
	static const cc_club_list lists[] = {CC_CLUB_LIST_CHESSCUBING, CC_CLUB_LIST_UNO, CC_CLUB_LIST_CHESS};
	for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
		if (strcmp(text, cc_club_list_name(lists[i])) == 0) {
			*out = lists[i];
			return CC_OK;
		}
	}
	return CC_ERR_INVALID;
}

cc_club_count cc_club_counts(const cc_club_match_facts *m, cc_club_list list)
{
	if (!m->over)
		return CC_CLUB_NOT_FINISHED;
	if (!m->rated)
		return CC_CLUB_UNRATED;
	if (m->same_player)
		return CC_CLUB_AGAINST_HIMSELF;
	if (!m->white_registered || !m->black_registered)
		return CC_CLUB_UNREGISTERED;
	if (m->list != list)
		return CC_CLUB_OTHER_LIST;
	return CC_CLUB_COUNTS;
}

const char *cc_club_count_name(cc_club_count count)
{
	switch (count) {
	case CC_CLUB_COUNTS:
		return "counts";
	case CC_CLUB_NOT_FINISHED:
		return "not finished";
	case CC_CLUB_UNRATED:
		return "unrated";
	case CC_CLUB_AGAINST_HIMSELF:
		return "a player against himself";
	case CC_CLUB_UNREGISTERED:
		return "a player is not registered";
	case CC_CLUB_OTHER_LIST:
		return "in the other rating list";
	}
	return "?";
}

double cc_club_white_score(cc_winner winner)
{
	switch (winner) {
	case CC_WINNER_WHITE:
		return 1.0;
	case CC_WINNER_BLACK:
		return 0.0;
	case CC_WINNER_NONE:
		return 0.5;
	}
	return 0.5;
}

cc_club_terms cc_club_terms_of(bool marked_unrated, const bool placeholder[2])
{
	bool unnamed = placeholder[0] || placeholder[1];
	return (cc_club_terms){!marked_unrated && !unnamed, !unnamed};
}

/* ---- forfeits, withdrawals and byes (CL-6) -------------------------------------- */

const char *cc_club_forfeit_code(cc_club_forfeit forfeit)
{
	switch (forfeit) {
	case CC_CLUB_FORFEIT_NONE:
		return "";
	case CC_CLUB_FORFEIT_WHITE:
		return "+/-";
	case CC_CLUB_FORFEIT_BLACK:
		return "-/+";
	case CC_CLUB_FORFEIT_BOTH:
		return "-/-";
	}
	return "";
}

cc_err cc_club_forfeit_parse(const char *text, cc_club_forfeit *out)
{
	static const cc_club_forfeit all[] = {CC_CLUB_FORFEIT_WHITE, CC_CLUB_FORFEIT_BLACK, CC_CLUB_FORFEIT_BOTH};
	if (strcmp(text, "none") == 0) {
		*out = CC_CLUB_FORFEIT_NONE;
		return CC_OK;
	}
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
		if (strcmp(text, cc_club_forfeit_code(all[i])) == 0) {
			*out = all[i];
			return CC_OK;
		}
	}
	return CC_ERR_INVALID;
}

cc_err cc_club_bye_value_parse(const char *text, unsigned *halves)
{
	if (strcmp(text, "1") == 0 || strcmp(text, "1.0") == 0)
		*halves = 2;
	else if (strcmp(text, "0.5") == 0 || strcmp(text, "1/2") == 0 || strcmp(text, "0,5") == 0 ||
	         strcmp(text, ".5") == 0)
		*halves = 1;
	else if (strcmp(text, "0") == 0 || strcmp(text, "0.0") == 0)
		*halves = 0;
	else
		return CC_ERR_INVALID;
	return CC_OK;
}

static bool is_bye_entry(const cc_club_entry *e)
{
	return e->black == CC_CLUB_BYE;
}

static bool plays_in(const cc_club_entry *e, uint32_t seat)
{
	return e->white == seat || (!is_bye_entry(e) && e->black == seat);
}

bool cc_club_round_begun(const cc_club_entry *e, size_t n, unsigned round)
{
	for (size_t i = 0; i < n; i++)
		if (e[i].round == round && (e[i].has_match || e[i].forfeit != CC_CLUB_FORFEIT_NONE))
			return true;
	return false;
}

bool cc_club_withdrawal_cancels(const cc_club_entry *e, size_t n, uint32_t seat, unsigned from)
{
	unsigned games = 0, played = 0;
	for (size_t i = 0; i < n; i++) {
		if (is_bye_entry(&e[i]) || !plays_in(&e[i], seat))
			continue;
		games++;
		played += e[i].round < from && e[i].has_match && e[i].over;
	}
	return 2 * played < games;
}

/* Seat's withdrawal at round `round`: 0 not withdrawn, 1 withdrawn (his
 * games from then are lost by forfeit), 2 his results cancelled. */
static int withdrawal_at(const cc_club_event_terms *t, const bool *cancelled, uint32_t seat, unsigned round)
{
	if (seat >= t->players || t->withdrawn_from[seat] == 0)
		return 0;
	if (cancelled[seat])
		return 2;
	return round >= t->withdrawn_from[seat] ? 1 : 0;
}

static void score_forfeit(cc_club_scored *o, cc_club_forfeit f, bool begun)
{
	o->outcome = CC_CLUB_OUT_FORFEIT;
	o->forfeit = f;
	o->counted = begun;
	o->finished = begun;
	o->points[0] = f == CC_CLUB_FORFEIT_WHITE ? 1.0 : 0.0;
	o->points[1] = f == CC_CLUB_FORFEIT_BLACK ? 1.0 : 0.0;
}

/* The players whose withdrawal cancels their results (CL-6.3). */
static void cancelled_of(const cc_club_event_terms *t, const cc_club_entry *e, size_t n, bool *cancelled)
{
	for (uint32_t p = 0; p < CC_CLUB_PLAYERS_MAX; p++)
		cancelled[p] = p < t->players && t->withdrawn_from[p] > 0 &&
		               cc_club_withdrawal_cancels(e, n, p, t->withdrawn_from[p]);
}

void cc_club_score(const cc_club_event_terms *t, const cc_club_entry *e, size_t n, cc_club_scored *out)
{
	bool cancelled[CC_CLUB_PLAYERS_MAX];
	double bye = t->bye_halves / 2.0;
	cancelled_of(t, e, n, cancelled);
	/* The pairings come round by round: a round's answer asked once, not
	 * once a pairing (a 40-player round robin has 780: issue 25). */
	unsigned begun_round = 0;
	bool begun = false, begun_known = false;
	for (size_t i = 0; i < n; i++) {
		const cc_club_entry *g = &e[i];
		cc_club_scored *o = &out[i];
		if (!begun_known || begun_round != g->round) {
			begun = cc_club_round_begun(e, n, g->round);
			begun_round = g->round;
			begun_known = true;
		}
		memset(o, 0, sizeof *o);
		int ww = withdrawal_at(t, cancelled, g->white, g->round);
		if (is_bye_entry(g)) {
			/* The dummy seat's bye: its value once the round has begun
			 * (CL-3.4, CL-6.5); nothing for a player who has withdrawn. */
			if (ww)
				o->outcome = CC_CLUB_OUT_VOID;
			else if (begun)
				*o = (cc_club_scored){.outcome = CC_CLUB_OUT_BYE, .counted = true, .points = {bye, 0}};
			else
				o->outcome = CC_CLUB_OUT_BYE_WAITING;
			continue;
		}
		int wb = withdrawal_at(t, cancelled, g->black, g->round);
		bool cancel = ww == 2 || wb == 2;
		o->is_game = true;
		if (g->has_match) {
			o->outcome = !g->over ? CC_CLUB_OUT_IN_PLAY : cancel ? CC_CLUB_OUT_VOID : CC_CLUB_OUT_PLAYED;
			o->finished = g->over;
			o->counted = g->over && !cancel;
			double w = cc_club_white_score(g->winner);
			o->points[0] = o->counted ? w : 0.0;
			o->points[1] = o->counted ? 1.0 - w : 0.0;
			continue;
		}
		if (cancel) {
			/* CL-6.3: a game of a player whose results are cancelled is
			 * not one of the event's games any more (unless played). */
			o->outcome = CC_CLUB_OUT_VOID;
			o->is_game = g->forfeit != CC_CLUB_FORFEIT_NONE;
			o->finished = o->is_game;
			continue;
		}
		if (g->forfeit != CC_CLUB_FORFEIT_NONE) {
			score_forfeit(o, g->forfeit, true);
			continue;
		}
		if (ww || wb) {
			cc_club_forfeit f = ww && wb ? CC_CLUB_FORFEIT_BOTH : ww ? CC_CLUB_FORFEIT_BLACK : CC_CLUB_FORFEIT_WHITE;
			score_forfeit(o, f, begun);
			o->by_withdrawal = true;
			continue;
		}
		if (g->half_bye[0] || g->half_bye[1]) {
			/* CL-6.4: who asked scores ½, the other has no opponent and
			 * the bye of the event's value; no game either way. */
			o->outcome = CC_CLUB_OUT_HALF_BYE;
			o->is_game = false;
			o->counted = begun;
			o->points[0] = begun ? (g->half_bye[0] ? 0.5 : bye) : 0.0;
			o->points[1] = begun ? (g->half_bye[1] ? 0.5 : bye) : 0.0;
			continue;
		}
		o->outcome = CC_CLUB_OUT_NOT_STARTED;
	}
}

void cc_club_event_standings(const cc_club_event_terms *t, const cc_club_entry *e, const cc_club_scored *scored,
                             size_t n, cc_club_result *work, cc_club_standing *out)
{
	bool cancelled[CC_CLUB_PLAYERS_MAX];
	size_t used = 0;
	cancelled_of(t, e, n, cancelled);
	for (size_t i = 0; i < n; i++) {
		const cc_club_entry *g = &e[i];
		const cc_club_scored *o = &scored[i];
		switch (o->outcome) {
		case CC_CLUB_OUT_BYE:
			work[used++] = (cc_club_result){g->white, CC_CLUB_BYE, true, o->points[0], CC_CLUB_FORFEIT_NONE};
			break;
		case CC_CLUB_OUT_HALF_BYE:
			work[used++] = (cc_club_result){g->white, CC_CLUB_BYE, o->counted, o->points[0], CC_CLUB_FORFEIT_NONE};
			work[used++] = (cc_club_result){g->black, CC_CLUB_BYE, o->counted, o->points[1], CC_CLUB_FORFEIT_NONE};
			break;
		case CC_CLUB_OUT_PLAYED:
		case CC_CLUB_OUT_IN_PLAY:
		case CC_CLUB_OUT_NOT_STARTED:
			work[used++] = (cc_club_result){g->white, g->black, o->counted, o->points[0], CC_CLUB_FORFEIT_NONE};
			break;
		case CC_CLUB_OUT_FORFEIT:
			work[used++] = (cc_club_result){g->white, g->black, o->counted, o->points[0], o->forfeit};
			break;
		case CC_CLUB_OUT_BYE_WAITING:
		case CC_CLUB_OUT_VOID:
			break;
		}
	}
	standings_of(t->players, t, cancelled, work, used, out);
}

/* ---- what an event fixes (CL-8) ---------------------------------------------- */

cc_err cc_club_event_admits(const char *event, const cc_club_fixed *f, const cc_match_settings *s, cc_error *err)
{
	if (f->closed)
		return cc_refuse(err, CC_MSG_EVENT_CLOSED, event);
	if (!f->fixed)
		return CC_OK;
	unsigned traits = cc_game_class_of(s->format)->traits;
	if ((traits & CC_GAME_VARIANTS) && s->variant != f->variant)
		return cc_refuse(err, CC_MSG_EVENT_FIXED_BOARD, event, cc_chess_variant_name(f->variant),
		                 cc_chess_variant_name(s->variant));
	if ((traits & CC_GAME_TIME_CONTROL) &&
	    (s->tc_base_ms != f->tc_base_ms || s->tc_increment_ms != f->tc_increment_ms || s->tc_moves != 0 ||
	     s->tc_mode != CC_TC_FISCHER || s->tc_more != 0)) {
		/* an event fixes one Fischer period (CL-8.1): periods and delays are a free game's */
		cc_match_settings fixed = {.format = CC_FORMAT_CHESS, .tc_base_ms = f->tc_base_ms,
		                           .tc_increment_ms = f->tc_increment_ms};
		char want[48], got[128];
		cc_tc_format(&fixed, CC_TC_CLUB, want, sizeof want);
		cc_tc_format(s, CC_TC_CLUB, got, sizeof got);
		return cc_refuse(err, CC_MSG_EVENT_FIXED_TIME_CONTROL, event, want, got);
	}
	if ((traits & CC_GAME_CLAIMS) && s->claims != f->claims)
		return cc_refuse(err, CC_MSG_EVENT_FIXED_CLAIMS, event, cc_claims_name(f->claims), cc_claims_name(s->claims));
	return CC_OK;
}
