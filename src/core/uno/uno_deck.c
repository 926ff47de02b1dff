/*
 * uno_deck.c: the cards, the settings, the deals and the cipher the
 * shuffles consume (uno.h). Skeleton.
 */
#include "chesscubing/uno.h"

#include <string.h>

cc_err cc_uno_card_get(int id, cc_uno_card *out, cc_error *err)
{
	(void)id;
	(void)out;
	return cc_error_set(err, CC_ERR_INVALID, "Chess-Uno: not yet built");
}

void cc_uno_card_label(int id, char *buf, size_t size)
{
	(void)id;
	if (size)
		buf[0] = '\0';
}

void cc_uno_settings_default(cc_uno_settings *settings)
{
	memset(settings, 0, sizeof *settings);
}

cc_err cc_uno_settings_set(cc_uno_settings *settings, const char *key, const char *value, cc_error *err)
{
	(void)settings;
	(void)key;
	(void)value;
	return cc_error_set(err, CC_ERR_INVALID, "Chess-Uno: not yet built");
}

cc_err cc_uno_settings_parse(cc_uno_settings *settings, const char *line, cc_error *err)
{
	(void)settings;
	(void)line;
	return cc_error_set(err, CC_ERR_INVALID, "Chess-Uno: not yet built");
}

cc_err cc_uno_settings_check(const cc_uno_settings *settings, cc_error *err)
{
	(void)settings;
	return cc_error_set(err, CC_ERR_INVALID, "Chess-Uno: not yet built");
}

size_t cc_uno_deck(const cc_uno_settings *settings, int ids[CC_UNO_DECK_SIZE])
{
	(void)settings;
	(void)ids;
	return 0;
}

void cc_uno_deal_shuffle(const cc_uno_settings *settings, const uint8_t key[CC_UNO_KEY_SIZE], cc_uno_deal *out)
{
	(void)settings;
	memset(out, 0, sizeof *out);
	memcpy(out->key, key, CC_UNO_KEY_SIZE);
}

cc_err cc_uno_deal_from_order(const cc_uno_settings *settings, const int *ids, size_t count,
                              const uint8_t key[CC_UNO_KEY_SIZE], cc_uno_deal *out, cc_error *err)
{
	(void)settings;
	(void)ids;
	(void)count;
	(void)key;
	(void)out;
	return cc_error_set(err, CC_ERR_INVALID, "Chess-Uno: not yet built");
}

cc_err cc_uno_parse_ids(const char *text, int ids[CC_UNO_DECK_SIZE], size_t *count, cc_error *err)
{
	(void)text;
	(void)ids;
	(void)count;
	return cc_error_set(err, CC_ERR_INVALID, "Chess-Uno: not yet built");
}

void cc_uno_key_from_seed(uint64_t seed, uint8_t key[CC_UNO_KEY_SIZE])
{
	(void)seed;
	memset(key, 0, CC_UNO_KEY_SIZE);
}

size_t cc_uno_deal_text(const cc_uno_deal *deal, char *buf, size_t size)
{
	(void)deal;
	if (size)
		buf[0] = '\0';
	return 0;
}

cc_err cc_uno_deal_parse(const char *text, cc_uno_deal *out, cc_error *err)
{
	(void)text;
	(void)out;
	return cc_error_set(err, CC_ERR_INVALID, "Chess-Uno: not yet built");
}

void cc_uno_chacha20(const uint8_t key[CC_UNO_KEY_SIZE], const uint8_t nonce[12], uint32_t counter, uint8_t *out,
                     size_t len)
{
	(void)key;
	(void)nonce;
	(void)counter;
	memset(out, 0, len);
}
