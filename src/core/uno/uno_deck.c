/*
 * uno_deck.c: the cards, the settings, the deals and the cipher the
 * shuffles consume (uno.h, rules/chess-uno.md sections 1 and F).
 *
 * The card IDs follow the layout documented in uno.h: 25 per colour (the
 * 0, two of each 1..9, two skips, two Inversions, two +2), then the four
 * Jokers and the four +4. A shuffle is Fisher-Yates over the ChaCha20 key
 * stream of the deal's key, one byte per try with rejection sampling, so
 * every card order is the same on every machine and free of modulo bias.
 */
#include "uno_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nettle/chacha.h>

#define PER_COLOUR 25
#define FIRST_JOKER 100
#define FIRST_PLUS4 104

/* --- cards ------------------------------------------------------------------- */

static void card_of(int id, cc_uno_card *c)
{
	c->id = id;
	c->number = -1;
	if (id >= FIRST_JOKER) {
		c->colour = CC_UNO_WILD;
		c->kind = id >= FIRST_PLUS4 ? CC_UNO_CARD_PLUS4 : CC_UNO_CARD_JOKER;
		return;
	}
	int k = id % PER_COLOUR;
	c->colour = (cc_uno_colour)(id / PER_COLOUR);
	if (k <= 18) {
		c->kind = CC_UNO_CARD_NUMBER;
		c->number = (k + 1) / 2;
	} else {
		c->kind = k <= 20 ? CC_UNO_CARD_SKIP : k <= 22 ? CC_UNO_CARD_INVERSION : CC_UNO_CARD_PLUS2;
	}
}

cc_err cc_uno_card_get(int id, cc_uno_card *out, cc_error *err)
{
	if (id < 0 || id >= CC_UNO_DECK_SIZE)
		return cc_refuse(err, CC_MSG_UNO_NO_SUCH_CARD, id);
	card_of(id, out);
	return CC_OK;
}

void cc_uno_card_label(int id, char *buf, size_t size)
{
	cc_uno_card c;
	if (id < 0 || id >= CC_UNO_DECK_SIZE) {
		snprintf(buf, size, "?");
		return;
	}
	card_of(id, &c);
	if (c.colour == CC_UNO_WILD) {
		snprintf(buf, size, "%s", cc_uno_card_kind_name(c.kind));
	} else if (c.kind == CC_UNO_CARD_NUMBER) {
		snprintf(buf, size, "%s-%d", cc_uno_colour_name(c.colour), c.number);
	} else {
		snprintf(buf, size, "%s-%s", cc_uno_colour_name(c.colour), cc_uno_card_kind_name(c.kind));
	}
}

/* --- settings ---------------------------------------------------------------- */

void cc_uno_settings_default(cc_uno_settings *s)
{
	memset(s, 0, sizeof *s);
	s->max_card_number = 5;
	s->include_zero = true;
	s->include_jokers = true;
	s->place_on_next_rank = true;
	s->stop_combo_on_king_threat = true;
	s->king_avoids_attacked_squares = false;
	s->draw_after_turns_without_move = 10;
	snprintf(s->players[CC_UNO_PLAYER_A], CC_UNO_NAME_MAX, "A");
	snprintf(s->players[CC_UNO_PLAYER_B], CC_UNO_NAME_MAX, "B");
}

static cc_err parse_bool(const char *key, const char *v, bool *out, cc_error *err)
{
	static const char *const yes[] = {"true", "1", "yes", "on"};
	static const char *const no[] = {"false", "0", "no", "off"};
	for (size_t i = 0; i < 4; i++) {
		if (strcmp(v, yes[i]) == 0) {
			*out = true;
			return CC_OK;
		}
		if (strcmp(v, no[i]) == 0) {
			*out = false;
			return CC_OK;
		}
	}
	return cc_refuse(err, CC_MSG_UNO_OPTION_NOT_BOOLEAN, key, v);
}

static cc_err parse_int(const char *key, const char *v, int min, int max, int *out, cc_error *err)
{
	char *end;
	long n = strtol(v, &end, 10);
	if (!*v || *end || v[0] == '+' || v[0] == ' ' || n < min || n > max)
		return cc_refuse(err, CC_MSG_UNO_OPTION_NOT_IN_RANGE, key, min, max, v);
	*out = (int)n;
	return CC_OK;
}

static cc_err copy_name(const char *key, const char *v, char out[CC_UNO_NAME_MAX], cc_error *err)
{
	if (strlen(v) >= CC_UNO_NAME_MAX || !cc_text_is_line(v))
		return cc_refuse(err, CC_MSG_UNO_NAME_NOT_A_LINE, key, CC_UNO_NAME_MAX);
	snprintf(out, CC_UNO_NAME_MAX, "%s", v);
	return CC_OK;
}

static cc_err copy_fen(const char *v, char out[CC_CHESS_FEN_MAX], cc_error *err)
{
	size_t n = strlen(v);
	if (n >= CC_CHESS_FEN_MAX)
		return cc_refuse(err, CC_MSG_UNO_FEN_TOO_LONG, CC_CHESS_FEN_MAX - 1);
	for (size_t i = 0; i <= n; i++)
		out[i] = v[i] == '_' ? ' ' : v[i];
	return CC_OK;
}

cc_err cc_uno_settings_set(cc_uno_settings *settings, const char *key, const char *value, cc_error *err)
{
	cc_uno_settings s = *settings;
	cc_err rc;
	if (strcmp(key, "maxCardNumber") == 0)
		rc = parse_int(key, value, 1, 9, &s.max_card_number, err);
	else if (strcmp(key, "includeZero") == 0)
		rc = parse_bool(key, value, &s.include_zero, err);
	else if (strcmp(key, "includeJokers") == 0)
		rc = parse_bool(key, value, &s.include_jokers, err);
	else if (strcmp(key, "placeOnNextRank") == 0)
		rc = parse_bool(key, value, &s.place_on_next_rank, err);
	else if (strcmp(key, "stopComboOnKingThreat") == 0)
		rc = parse_bool(key, value, &s.stop_combo_on_king_threat, err);
	else if (strcmp(key, "kingAvoidsAttackedSquares") == 0)
		rc = parse_bool(key, value, &s.king_avoids_attacked_squares, err);
	else if (strcmp(key, "drawAfterTurnsWithoutMove") == 0)
		rc = parse_int(key, value, 0, 1000, &s.draw_after_turns_without_move, err);
	else if (strcmp(key, "white") == 0)
		rc = copy_name(key, value, s.players[CC_UNO_PLAYER_A], err);
	else if (strcmp(key, "black") == 0)
		rc = copy_name(key, value, s.players[CC_UNO_PLAYER_B], err);
	else if (strcmp(key, "fen") == 0)
		rc = copy_fen(value, s.fen, err);
	else
		rc = cc_refuse(err, CC_MSG_UNO_UNKNOWN_OPTION, key);
	if (rc == CC_OK)
		*settings = s;
	return rc;
}

cc_err cc_uno_settings_parse(cc_uno_settings *settings, const char *line, cc_error *err)
{
	cc_uno_settings s = *settings;
	const char *p = line;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		size_t n = strcspn(p, " \t");
		char word[256];
		if (n >= sizeof word)
		{
			char start[21];
			snprintf(start, sizeof start, "%.20s", p);
			return cc_refuse(err, CC_MSG_UNO_SETTING_TOO_LONG, start);
		}
		memcpy(word, p, n);
		word[n] = '\0';
		p += n;
		char *eq = strchr(word, '=');
		if (!eq)
			return cc_refuse(err, CC_MSG_UNO_SETTING_NOT_KEY_VALUE, word);
		*eq = '\0';
		if (strcmp(word, "format") == 0) {
			if (strcmp(eq + 1, "uno") != 0)
				return cc_refuse(err, CC_MSG_UNO_OTHER_FORMAT, eq + 1);
			continue;
		}
		cc_err rc = cc_uno_settings_set(&s, word, eq + 1, err);
		if (rc)
			return rc;
	}
	*settings = s;
	return CC_OK;
}

cc_err cc_uno_settings_check(const cc_uno_settings *s, cc_error *err)
{
	if (s->max_card_number < 1 || s->max_card_number > 9)
		return cc_refuse(err, CC_MSG_UNO_MAX_CARD_RANGE, s->max_card_number);
	if (s->draw_after_turns_without_move < 0 || s->draw_after_turns_without_move > 1000)
		return cc_refuse(err, CC_MSG_UNO_DRAW_AFTER_RANGE, s->draw_after_turns_without_move);
	for (int p = 0; p < 2; p++)
		if (!memchr(s->players[p], '\0', CC_UNO_NAME_MAX) || !cc_text_is_line(s->players[p]))
			return cc_refuse(err, CC_MSG_UNO_PLAYER_NOT_A_LINE);
	if (!memchr(s->fen, '\0', CC_CHESS_FEN_MAX))
		return cc_refuse(err, CC_MSG_UNO_FEN_UNTERMINATED);
	if (s->fen[0]) {
		cc_chess_position pos;
		return cc_chess_position_from_fen_free(&pos, s->fen, err);
	}
	return CC_OK;
}

static bool card_in_deck(const cc_uno_settings *s, int id)
{
	cc_uno_card c;
	card_of(id, &c);
	switch (c.kind) {
	case CC_UNO_CARD_NUMBER:
		return c.number <= s->max_card_number && (c.number > 0 || s->include_zero);
	case CC_UNO_CARD_JOKER:
		return s->include_jokers;
	case CC_UNO_CARD_SKIP:
	case CC_UNO_CARD_INVERSION:
	case CC_UNO_CARD_PLUS2:
	case CC_UNO_CARD_PLUS4:
		return true;
	}
	return false;
}

size_t cc_uno_deck(const cc_uno_settings *settings, int ids[CC_UNO_DECK_SIZE])
{
	size_t n = 0;
	for (int id = 0; id < CC_UNO_DECK_SIZE; id++)
		if (card_in_deck(settings, id))
			ids[n++] = id;
	return n;
}

/* --- ChaCha20 (RFC 8439), by nettle ---------------------------------------------- */

void cc_uno_chacha20(const uint8_t key[CC_UNO_KEY_SIZE], const uint8_t nonce[12], uint32_t counter, uint8_t *out,
                     size_t len)
{
	/* The key stream is the cipher applied to zeros: nettle's 96-bit nonce,
	 * 32-bit counter variant is RFC 8439's, counter little-endian. */
	struct chacha_ctx ctx;
	uint8_t ctr[4] = {(uint8_t)counter, (uint8_t)(counter >> 8), (uint8_t)(counter >> 16), (uint8_t)(counter >> 24)};
	chacha_set_key(&ctx, key);
	chacha_set_nonce96(&ctx, nonce);
	chacha_set_counter32(&ctx, ctr);
	memset(out, 0, len);
	chacha_crypt32(&ctx, len, out, out);
}

/* --- shuffles ------------------------------------------------------------------ */

/* The key stream of one shuffle, read a byte at a time. */
struct stream {
	uint8_t key[CC_UNO_KEY_SIZE];
	uint8_t nonce[12];
	uint32_t counter;
	uint8_t block[64];
	size_t used;
};

static void stream_init(struct stream *s, const uint8_t key[CC_UNO_KEY_SIZE], uint64_t k)
{
	memcpy(s->key, key, CC_UNO_KEY_SIZE);
	memset(s->nonce, 0, sizeof s->nonce);
	for (int b = 0; b < 8; b++)
		s->nonce[4 + b] = (uint8_t)(k >> (8 * b));
	s->counter = 0;
	s->used = sizeof s->block;
}

static unsigned stream_byte(struct stream *s)
{
	if (s->used == sizeof s->block) {
		cc_uno_chacha20(s->key, s->nonce, s->counter++, s->block, sizeof s->block);
		s->used = 0;
	}
	return s->block[s->used++];
}

void cc_uno_shuffle_ids(const uint8_t key[CC_UNO_KEY_SIZE], uint64_t k, int *ids, size_t n)
{
	struct stream s;
	stream_init(&s, key, k);
	for (size_t i = n; i > 1; i--) {
		unsigned range = (unsigned)i; /* j is drawn from 0..i-1 */
		unsigned limit = 256 - 256 % range;
		unsigned b;
		do
			b = stream_byte(&s);
		while (b >= limit);
		size_t j = b % range;
		int t = ids[i - 1];
		ids[i - 1] = ids[j];
		ids[j] = t;
	}
}

/* --- deals --------------------------------------------------------------------- */

void cc_uno_deal_shuffle(const cc_uno_settings *settings, const uint8_t key[CC_UNO_KEY_SIZE], cc_uno_deal *out)
{
	memset(out, 0, sizeof *out);
	out->count = cc_uno_deck(settings, out->order);
	memcpy(out->key, key, CC_UNO_KEY_SIZE);
	cc_uno_shuffle_ids(key, 0, out->order, out->count);
}

bool cc_uno_deal_follows_key(const cc_uno_settings *settings, const cc_uno_deal *deal)
{
	cc_uno_deal of_key;
	cc_uno_deal_shuffle(settings, deal->key, &of_key);
	return of_key.count == deal->count && memcmp(of_key.order, deal->order, deal->count * sizeof deal->order[0]) == 0;
}

cc_err cc_uno_deal_from_order(const cc_uno_settings *settings, const int *ids, size_t count,
                              const uint8_t key[CC_UNO_KEY_SIZE], cc_uno_deal *out, cc_error *err)
{
	int deck[CC_UNO_DECK_SIZE];
	bool in[CC_UNO_DECK_SIZE] = {false}, used[CC_UNO_DECK_SIZE] = {false};
	size_t n = cc_uno_deck(settings, deck);
	for (size_t i = 0; i < n; i++)
		in[deck[i]] = true;
	if (count > n)
		return cc_refuse(err, CC_MSG_UNO_DECK_SIZE, n, count);
	cc_uno_deal d;
	memset(&d, 0, sizeof d);
	for (size_t i = 0; i < count; i++) {
		int id = ids[i];
		if (id < 0 || id >= CC_UNO_DECK_SIZE || !in[id])
			return cc_refuse(err, CC_MSG_UNO_CARD_NOT_IN_DECK, id);
		if (used[id])
			return cc_refuse(err, CC_MSG_UNO_CARD_TWICE, id);
		used[id] = true;
		d.order[d.count++] = id;
	}
	for (size_t i = 0; i < n; i++)
		if (!used[deck[i]])
			d.order[d.count++] = deck[i];
	if (key)
		memcpy(d.key, key, CC_UNO_KEY_SIZE);
	*out = d;
	return CC_OK;
}

cc_err cc_uno_parse_ids(const char *text, int ids[CC_UNO_DECK_SIZE], size_t *count, cc_error *err)
{
	size_t n = 0;
	const char *p = text;
	while (*p) {
		if (*p < '0' || *p > '9')
			return cc_refuse(err, CC_MSG_UNO_BAD_CARD_LIST, text);
		int v = 0;
		while (*p >= '0' && *p <= '9' && v < 1000)
			v = v * 10 + (*p++ - '0');
		if (v >= CC_UNO_DECK_SIZE)
			return cc_refuse(err, CC_MSG_UNO_NO_SUCH_CARD, v);
		if (n == CC_UNO_DECK_SIZE)
			return cc_refuse(err, CC_MSG_UNO_CARD_LIST_TOO_LONG, CC_UNO_DECK_SIZE);
		ids[n++] = v;
		if (*p == ',' && p[1])
			p++;
		else if (*p)
			return cc_refuse(err, CC_MSG_UNO_BAD_CARD_LIST, text);
	}
	*count = n;
	return CC_OK;
}

void cc_uno_key_from_seed(uint64_t seed, uint8_t key[CC_UNO_KEY_SIZE])
{
	/* splitmix64: spreads any seed, 0 included, over the whole key */
	uint64_t x = seed;
	for (int i = 0; i < CC_UNO_KEY_SIZE; i += 8) {
		uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
		z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
		z ^= z >> 31;
		for (int b = 0; b < 8; b++)
			key[i + b] = (uint8_t)(z >> (8 * b));
	}
}

#define DEAL_PREFIX "chess-uno-deal/1 key="

size_t cc_uno_deal_text(const cc_uno_deal *deal, char *buf, size_t size)
{
	char text[CC_UNO_DEAL_TEXT_MAX];
	size_t n = (size_t)snprintf(text, sizeof text, "%s", DEAL_PREFIX);
	for (int i = 0; i < CC_UNO_KEY_SIZE; i++)
		n += (size_t)snprintf(text + n, sizeof text - n, "%02x", deal->key[i]);
	n += (size_t)snprintf(text + n, sizeof text - n, " order=");
	for (size_t i = 0; i < deal->count; i++)
		n += (size_t)snprintf(text + n, sizeof text - n, "%s%d", i ? "," : "", deal->order[i]);
	snprintf(buf, size, "%s", text);
	return n;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

cc_err cc_uno_deal_parse(const char *text, cc_uno_deal *out, cc_error *err)
{
	size_t plen = strlen(DEAL_PREFIX);
	cc_uno_deal d;
	memset(&d, 0, sizeof d);
	if (strncmp(text, DEAL_PREFIX, plen) != 0)
		return cc_refuse(err, CC_MSG_UNO_DEAL_PREFIX, DEAL_PREFIX);
	const char *p = text + plen;
	for (int i = 0; i < CC_UNO_KEY_SIZE; i++) {
		int hi = hex_digit(p[2 * i]), lo = hi < 0 ? -1 : hex_digit(p[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return cc_refuse(err, CC_MSG_UNO_DEAL_KEY);
		d.key[i] = (uint8_t)(hi * 16 + lo);
	}
	p += 2 * CC_UNO_KEY_SIZE;
	if (strncmp(p, " order=", 7) != 0)
		return cc_refuse(err, CC_MSG_UNO_DEAL_ORDER_MISSING);
	cc_err rc = cc_uno_parse_ids(p + 7, d.order, &d.count, err);
	if (rc)
		return rc;
	*out = d;
	return CC_OK;
}
