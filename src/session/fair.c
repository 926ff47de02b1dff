/*
 * fair.c: provably fair dealing (Chess-Uno, issue 14).
 *
 * Before the first card is drawn the session draws a secret of
 * CC_SESSION_SECRET_BYTES random bytes and publishes
 *
 *     commitment = SHA-256(secret || deck)
 *
 * where deck is the core's canonical text of the shuffled order (the card
 * ids joined by commas, cc_uno's own format) and secret the raw bytes. The
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
			return cc_error_set(err, CC_ERR_INVALID, "the system's random source failed: %s",
			                    r < 0 ? strerror(errno) : "no bytes");
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
