/*
 * describe_san.c: SAN in the user's letters, and back to English.
 */
#include "describe_internal.h"

/*
 * Piece letters. The arbiter reads and types moves with the language's
 * letters (French R D T F C for K Q R B N: a translated "KQRBN"); events,
 * records and PGN keep English SAN. Only capitals are letters of pieces
 * (files are small letters), so a French D, T, F or C can never be
 * mistaken; typed English N, B and Q stay accepted, and R is the French
 * king.
 */
static const char *piece_letters(const cc_lang *lang)
{
	const char *local = _("KQRBN");
	return strlen(local) == 5 ? local : "KQRBN";
}

void cc_session_san_local(const cc_lang *lang, const char *san, char *out, size_t size)
{
	const char *local = piece_letters(lang);
	size_t n = 0;
	if (size == 0)
		return;
	for (const char *p = san; *p && n + 1 < size; p++) {
		const char *hit = *p >= 'A' && *p <= 'Z' ? strchr("KQRBN", *p) : NULL;
		out[n++] = hit ? local[hit - "KQRBN"] : *p;
	}
	out[n] = '\0';
}

void cc_session_san_english(const cc_lang *lang, const char *typed, char *out, size_t size)
{
	const char *local = piece_letters(lang);
	size_t n = 0;
	if (size == 0)
		return;
	for (const char *p = typed; *p && n + 1 < size; p++) {
		const char *hit = *p >= 'A' && *p <= 'Z' ? strchr(local, *p) : NULL;
		out[n++] = hit ? "KQRBN"[hit - local] : *p;
	}
	out[n] = '\0';
}

bool cc_session_san_english_other(const cc_lang *lang, const char *typed, char *out, size_t size)
{
	const char *local = piece_letters(lang);
	bool other = false;
	size_t n = 0;
	if (size == 0)
		return false;
	for (const char *p = typed; *p && n + 1 < size; p++) {
		const char *hit = *p >= 'A' && *p <= 'Z' ? strchr(local, *p) : NULL;
		bool both = hit && strchr("KQRBN", *p) && "KQRBN"[hit - local] != *p;
		other = other || both;
		out[n++] = hit && !both ? "KQRBN"[hit - local] : *p;
	}
	out[n] = '\0';
	return other;
}
