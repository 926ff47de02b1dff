/*
 * fair.c: provably fair dealing (Chess-Uno, issue 14).
 *
 * Before the first card is drawn the session draws a secret of
 * CC_SESSION_SECRET_BYTES random bytes and publishes
 *
 *     commitment = SHA-256(secret || deck || 0 || options || 0 || white || 0 || black)
 *
 * where deck is the core's canonical text of the shuffled order (the card
 * ids joined by commas, cc_uno's own format), secret the raw bytes, 0 a
 * NUL byte (no text holds one), options the game's options as the record
 * keeps them (cc_match_uno_options_text: key=value words) and white and
 * black the players' names (RE-3.4: a changed option or swapped players
 * no longer verify). That is commitment version 2; games recorded before
 * it have version 1, SHA-256(secret || deck), which binds neither: verify
 * still checks them and says which version it found. The
 * commitment is shown and recorded at the start; the secret is revealed
 * only when the game is over. Anyone can then hash the revealed secret and
 * the revealed order, compare with the commitment seen at the start, and
 * replay the recorded draws against that order (`chesscubing verify`): the
 * dealer could not have changed the order after the start without
 * changing the hash, and could not have chosen an order that hashes to a
 * commitment published before the secret was known. Texts are lowercase
 * hex, as sha256sum prints them.
 */
#include "chesscubing/session.h"

#include <errno.h>
#include <nettle/sha2.h>
#include <string.h>
#include <sys/random.h>

cc_err cc_session_random_bytes(void *buf, size_t n, cc_error *err)
{
	unsigned char *at = buf;
	size_t got = 0;
	/* getrandom() may return fewer bytes than asked (a signal); a failure
	 * is said, never replaced by something predictable. */
	while (got < n) {
		ssize_t r = getrandom(at + got, n - got, 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return cc_refuse(err, CC_MSG_RANDOM_SOURCE_FAILED, r < 0 ? strerror(errno) : "no bytes");
		got += (size_t)r;
	}
	return CC_OK;
}

void cc_session_hex(const uint8_t *bytes, size_t n, char *out, size_t size)
{
	static const char digits[] = "0123456789abcdef";
	size_t i = 0;
	for (; i < n && 2 * i + 2 < size; i++) {
		out[2 * i] = digits[bytes[i] >> 4];
		out[2 * i + 1] = digits[bytes[i] & 15];
	}
	if (size)
		out[2 * i] = '\0';
}

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

bool cc_session_unhex(const char *text, uint8_t *bytes, size_t n)
{
	if (strlen(text) != 2 * n)
		return false;
	for (size_t i = 0; i < n; i++) {
		int hi = hex_value(text[2 * i]), lo = hex_value(text[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return false;
		bytes[i] = (uint8_t)(hi * 16 + lo);
	}
	return true;
}

void cc_session_commitment(const uint8_t *secret, size_t secret_len, const char *deck,
                           char out[CC_SESSION_HASH_HEX_MAX])
{
	struct sha256_ctx ctx;
	uint8_t digest[SHA256_DIGEST_SIZE];
	sha256_init(&ctx);
	sha256_update(&ctx, secret_len, secret);
	sha256_update(&ctx, strlen(deck), (const uint8_t *)deck);
	sha256_digest(&ctx, sizeof digest, digest);
	cc_session_hex(digest, sizeof digest, out, CC_SESSION_HASH_HEX_MAX);
}

void cc_session_commitment_v2(const uint8_t *secret, size_t secret_len, const char *deck, const char *options,
                              const char *white, const char *black, char out[CC_SESSION_HASH_HEX_MAX])
{
	struct sha256_ctx ctx;
	uint8_t digest[SHA256_DIGEST_SIZE];
	const char *const parts[] = {options, white, black};
	sha256_init(&ctx);
	sha256_update(&ctx, secret_len, secret);
	sha256_update(&ctx, strlen(deck), (const uint8_t *)deck);
	for (size_t i = 0; i < sizeof parts / sizeof *parts; i++) {
		sha256_update(&ctx, 1, (const uint8_t *)""); /* the NUL before each part */
		sha256_update(&ctx, strlen(parts[i]), (const uint8_t *)parts[i]);
	}
	sha256_digest(&ctx, sizeof digest, digest);
	cc_session_hex(digest, sizeof digest, out, CC_SESSION_HASH_HEX_MAX);
}

void cc_session_commitment_of(const uint8_t *secret, size_t secret_len, const cc_match_settings *settings,
                              char out[CC_SESSION_HASH_HEX_MAX])
{
	char options[CC_UNO_DEAL_TEXT_MAX];
	cc_match_uno_options_text(&settings->uno.options, options, sizeof options);
	cc_session_commitment_v2(secret, secret_len, settings->uno.deal, options, settings->white, settings->black, out);
}

cc_err cc_session_uno_fixed_deal(cc_match_uno_settings *uno, const char *deck, uint64_t seed, cc_error *err)
{
	uint8_t key[CC_UNO_KEY_SIZE];
	cc_uno_deal deal;
	cc_uno_key_from_seed(seed, key);
	if (deck) {
		int ids[CC_UNO_DECK_SIZE];
		size_t count = 0;
		cc_err rc = cc_uno_parse_ids(deck, ids, &count, err);
		if (rc == CC_OK)
			rc = cc_uno_deal_from_order(&uno->options, ids, count, key, &deal, err);
		if (rc)
			return rc;
	} else {
		cc_uno_deal_shuffle(&uno->options, key, &deal);
	}
	cc_uno_deal_text(&deal, uno->deal, sizeof uno->deal);
	return CC_OK;
}

/* ---- `chesscubing verify` ------------------------------------------------------ */

#include <stdio.h>

#include "session_internal.h"

static cc_err fail(cc_session_verdict *out, const char *why)
{
	out->ok = false;
	snprintf(out->why, sizeof out->why, "%s", why);
	return CC_OK;
}

/* A failure said by an id and its arguments (the English in why). */
static cc_err fail_msg(cc_session_verdict *out, cc_error *detail)
{
	out->detail = *detail;
	return fail(out, detail->message);
}

/* A failure said by an id without arguments. */
static cc_err fail_id(cc_session_verdict *out, cc_msg msg)
{
	cc_error detail;
	cc_refuse(&detail, msg);
	return fail_msg(out, &detail);
}

/* The card events the replayed game stands on: each was its pile's top. */
static size_t count_draws(const cc_match *m)
{
	size_t draws = 0;
	cc_event ev;
	for (size_t i = 0; cc_match_history_at(m, i, &ev); i++)
		draws += ev.kind == CC_EV_CARD;
	return draws;
}

/* Replays the record; a draw that is not the committed order's next card
 * is refused by the core (cc_uno_apply), hence by the replay. */
static cc_err replay(cc_store *store, const cc_store_match_info *info, cc_session_verdict *out, cc_error *err)
{
	cc_match *m = NULL;
	cc_error why;
	cc_err rc = cc_session_replay(store, info->id, &info->settings, &m, &why);
	if (rc == CC_ERR_NOMEM) {
		if (err)
			*err = why;
		return rc;
	}
	if (rc)
		return fail_msg(out, &why);
	cc_match_view v;
	cc_match_view_at(m, cc_match_last_time(m), &v);
	out->draws = count_draws(m);
	cc_match_destroy(m);
	if (!v.over || v.winner != info->winner || v.reason != info->reason)
		return fail_id(out, CC_MSG_VERIFY_RESULT_DIFFERS);
	out->ok = true;
	return CC_OK;
}

bool cc_session_record_stands(cc_store *store, const cc_store_match_info *info)
{
	cc_match *m = NULL;
	if (cc_session_replay(store, info->id, &info->settings, &m, NULL) != CC_OK)
		return false;
	cc_match_view v;
	cc_match_view_at(m, cc_match_last_time(m), &v);
	cc_match_destroy(m);
	return v.over && v.winner == info->winner && v.reason == info->reason;
}

/*
 * UNO-F2, UNO-F10: the whole order re-derived from the revealed key (the
 * commitment binds the deal, not how it was made), then the record's mark
 * of a deal given rather than shuffled (a seed= or a deal= text may follow
 * its key and still be known to whoever wrote it).
 */
static cc_err fair_deal(const cc_match_settings *s, cc_session_verdict *out)
{
	cc_uno_deal deal, of_key;
	cc_error detail;
	if (cc_uno_deal_parse(s->uno.deal, &deal, NULL) != CC_OK)
		return fail_id(out, CC_MSG_VERIFY_DEAL_NOT_TEXT);
	if (!cc_uno_deal_follows_key(&s->uno.options, &deal)) {
		cc_uno_deal_shuffle(&s->uno.options, deal.key, &of_key);
		size_t i = 0;
		while (i < deal.count && i < of_key.count && deal.order[i] == of_key.order[i])
			i++;
		int given = i < deal.count ? deal.order[i] : -1, wanted = i < of_key.count ? of_key.order[i] : -1;
		cc_refuse(&detail, CC_MSG_VERIFY_ORDER_NOT_KEY, (int)i + 1, given, wanted);
		return fail_msg(out, &detail);
	}
	if (s->uno.fixed) {
		cc_refuse(&detail, CC_MSG_VERIFY_FIXED_DEAL);
		return fail_msg(out, &detail);
	}
	return CC_OK;
}

cc_err cc_session_verify(cc_session_db *db, int64_t id, cc_session_verdict *out, cc_error *err)
{
	cc_store *store = cc_session_db_store(db);
	cc_store_match_info info;
	uint8_t secret[CC_SESSION_SECRET_BYTES];
	memset(out, 0, sizeof *out);
	cc_err rc = id == 0 ? cc_session_db_latest(db, false, &id, err) : CC_OK;
	if (rc == CC_OK)
		rc = cc_store_match_info_of(store, id, &info, err);
	if (rc)
		return rc;
	if (!cc_game_has(info.settings.format, CC_GAME_DEALT))
		return cc_refuse(err, CC_MSG_VERIFY_NOT_UNO, id);
	if (!info.over)
		return cc_refuse(err, CC_MSG_VERIFY_NOT_OVER, id);
	snprintf(out->commitment, sizeof out->commitment, "%s", info.commitment);
	snprintf(out->secret, sizeof out->secret, "%s", info.secret);
	snprintf(out->deal, sizeof out->deal, "%s", info.settings.uno.deal);
	if (!cc_session_unhex(info.secret, secret, sizeof secret))
		return fail_id(out, CC_MSG_VERIFY_SECRET_NOT_HEX);
	/* Version 2 binds the options and the players; a record made before it
	 * has version 1, which binds neither (see the top). */
	char v1[CC_SESSION_HASH_HEX_MAX];
	cc_session_commitment_of(secret, sizeof secret, &info.settings, out->computed);
	cc_session_commitment(secret, sizeof secret, info.settings.uno.deal, v1);
	out->version = strcmp(out->computed, info.commitment) == 0 ? 2 : strcmp(v1, info.commitment) == 0 ? 1 : 0;
	if (out->version == 1)
		snprintf(out->computed, sizeof out->computed, "%s", v1);
	if (out->version == 0)
		return fail_id(out, CC_MSG_VERIFY_COMMITMENT_DIFFERS);
	rc = replay(store, &info, out, err);
	return rc == CC_OK && out->ok ? fair_deal(&info.settings, out) : rc;
}
