/*
 * lang.c: the languages of languages.def and their catalogues
 * (support_lang.h). The one file that turns a message into a language's
 * text.
 *
 * A catalogue is gettext's compiled format (msgfmt's .mo), read here
 * rather than through libintl so that the language is a value and not
 * process state (LANGUAGE, LC_MESSAGES). Its layout, all numbers 32-bit
 * in the byte order the magic number shows (0x950412de):
 *
 *   offset 0   magic          offset 12  O: offset of the originals' table
 *   offset 4   revision       offset 16  T: offset of the translations' table
 *   offset 8   N: strings
 *   at O, T:   N pairs (length, offset) of NUL-terminated strings; the
 *              originals sorted by strcmp, so a look-up is a binary search.
 *
 * A message with a plural is the original "singular\0plural" and the
 * translation "form0\0form1..."; the header is the entry of "". The file
 * is found as <dir>/<code>/LC_MESSAGES/chesscubing.mo for dir the one
 * cc_lang_use_dir() gave, then <bindir>/locale (the build tree),
 * <bindir>/../share/locale (an install into any prefix), then the
 * compiled-in CC_LOCALEDIR.
 */
#include "chesscubing/support_lang.h"

#include <ctype.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "lang_internal.h"

#ifndef CC_LOCALEDIR
#define CC_LOCALEDIR "/usr/local/share/locale"
#endif

#define CC_MO_MAGIC 0x950412deu
#define CC_MO_SWAPPED 0xde120495u

typedef struct {
	bool loaded;    /* looked for (found or not) */
	char *data;     /* the whole file, or NULL */
	size_t size;
	bool swapped;   /* the other byte order */
	uint32_t count; /* N */
	uint32_t originals, translations;
} catalogue;

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static catalogue cache[CC_LANG_MAX];
static char first_dir[PATH_MAX];

const cc_lang *cc_lang_default(void)
{
	return &cc_lang_rows[0];
}

size_t cc_lang_count(void)
{
	return cc_lang_row_count;
}

const cc_lang *cc_lang_at(size_t i)
{
	return i < cc_lang_row_count ? &cc_lang_rows[i] : NULL;
}

size_t cc_lang_index(const cc_lang *lang)
{
	return lang ? (size_t)(lang - cc_lang_rows) : 0;
}

/* ---- names ---------------------------------------------------------------- */

const cc_lang *cc_lang_named(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < cc_lang_row_count; i++) {
		const char *code = cc_lang_rows[i].code;
		size_t n = strlen(code);
		if (strncasecmp(name, code, n) == 0 && strchr("_-.@:", name[n]))
			return &cc_lang_rows[i];
	}
	return NULL;
}

void cc_lang_codes(char *buf, size_t size)
{
	size_t len = 0;
	if (size)
		buf[0] = '\0';
	for (size_t i = 0; i < cc_lang_row_count && len < size; i++) {
		int n = snprintf(buf + len, size - len, "%s%s", i ? ", " : "", cc_lang_rows[i].code);
		if (n < 0)
			break;
		len += (size_t)n;
	}
}

/* The first language of a colon-separated list (LANGUAGE's) the table has. */
static const cc_lang *first_of_list(const char *list)
{
	char item[64];
	while (list && *list) {
		size_t n = strcspn(list, ":");
		if (n > 0 && n < sizeof item) {
			memcpy(item, list, n);
			item[n] = '\0';
			const cc_lang *lang = cc_lang_named(item);
			if (lang)
				return lang;
		}
		list += n;
		if (*list == ':')
			list++;
	}
	return NULL;
}

const cc_lang *cc_lang_from_env(void)
{
	static const char *const vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
	const char *value = NULL;
	for (size_t i = 0; !value && i < sizeof vars / sizeof vars[0]; i++) {
		const char *v = getenv(vars[i]);
		if (v && v[0])
			value = v;
	}
	/* gettext ignores LANGUAGE when the locale is C, and so does POSIX. */
	const char *language = getenv("LANGUAGE");
	if (value && strcmp(value, "C") != 0 && strcmp(value, "POSIX") != 0 && language && language[0]) {
		const cc_lang *lang = first_of_list(language);
		if (lang)
			return lang;
	}
	const cc_lang *lang = cc_lang_named(value);
	return lang ? lang : cc_lang_default();
}

/* The q-value after a language range ("; q=0.8"), 1000 for none: in
 * thousandths, so that no float decides. */
static int accept_q(const char *p, const char *end)
{
	while (p < end && *p != ';')
		p++;
	while (p < end) {
		p++;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (end - p >= 2 && (p[0] == 'q' || p[0] == 'Q') && p[1] == '=') {
			p += 2;
			int q = 0, scale = 1000;
			if (p < end && *p == '1')
				return 1000;
			if (p < end && *p == '0')
				p++;
			if (p < end && *p == '.')
				for (p++; p < end && isdigit((unsigned char)*p) && scale > 1; p++)
					q += (*p - '0') * (scale /= 10);
			return q;
		}
		while (p < end && *p != ';')
			p++;
	}
	return 1000;
}

const cc_lang *cc_lang_from_accept(const char *header)
{
	const cc_lang *best = NULL;
	int best_q = 0;
	const char *p = header;
	while (p && *p) {
		const char *end = p + strcspn(p, ",");
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		char range[32];
		size_t n = strcspn(p, " \t;,");
		if (n > 0 && n < sizeof range && p + n <= end) {
			memcpy(range, p, n);
			range[n] = '\0';
			const cc_lang *lang = cc_lang_named(range);
			int q = accept_q(p + n, end);
			if (lang && q > best_q) {
				best = lang;
				best_q = q;
			}
		}
		p = *end ? end + 1 : end;
	}
	return best ? best : cc_lang_default();
}

/* ---- catalogues ------------------------------------------------------------- */

void cc_lang_use_dir(const char *dir)
{
	snprintf(first_dir, sizeof first_dir, "%s", dir ? dir : "");
}

static uint32_t word_at(const catalogue *c, size_t offset)
{
	uint32_t w;
	memcpy(&w, c->data + offset, sizeof w);
	return c->swapped ? __builtin_bswap32(w) : w;
}

/* String i of the table at table (originals or translations), its length
 * in *len; NULL when the file lies about it. */
static const char *string_at(const catalogue *c, uint32_t table, uint32_t i, uint32_t *len)
{
	size_t at = (size_t)table + (size_t)i * 8;
	if (at + 8 > c->size)
		return NULL;
	uint32_t length = word_at(c, at), offset = word_at(c, at + 4);
	if ((size_t)offset + length >= c->size || c->data[offset + length] != '\0')
		return NULL;
	*len = length;
	return c->data + offset;
}

static bool read_file(const char *path, catalogue *c)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return false;
	bool ok = fseek(f, 0, SEEK_END) == 0;
	long size = ok ? ftell(f) : -1;
	ok = size >= 20 && fseek(f, 0, SEEK_SET) == 0;
	c->data = ok ? malloc((size_t)size) : NULL;
	ok = c->data && fread(c->data, 1, (size_t)size, f) == (size_t)size;
	fclose(f);
	if (!ok) {
		free(c->data);
		c->data = NULL;
		return false;
	}
	c->size = (size_t)size;
	uint32_t magic;
	memcpy(&magic, c->data, sizeof magic);
	c->swapped = magic == CC_MO_SWAPPED;
	if (magic != CC_MO_MAGIC && magic != CC_MO_SWAPPED) {
		free(c->data);
		c->data = NULL;
		return false;
	}
	c->count = word_at(c, 8);
	c->originals = word_at(c, 12);
	c->translations = word_at(c, 16);
	return true;
}

/* The folders a catalogue is looked for in, as support_lang.h orders them. */
static size_t catalogue_dirs(char dirs[][PATH_MAX], size_t max)
{
	size_t n = 0;
	if (first_dir[0] && n < max)
		snprintf(dirs[n++], PATH_MAX, "%s", first_dir);
	char exe[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len > 0) {
		exe[len] = '\0';
		const char *bindir = dirname(exe);
		if (n < max)
			snprintf(dirs[n++], PATH_MAX, "%.*s/locale", PATH_MAX - 16, bindir);
		if (n < max)
			snprintf(dirs[n++], PATH_MAX, "%.*s/../share/locale", PATH_MAX - 32, bindir);
	}
	if (n < max)
		snprintf(dirs[n++], PATH_MAX, "%s", CC_LOCALEDIR);
	return n;
}

static void load(const cc_lang *lang, catalogue *c)
{
	char dirs[4][PATH_MAX];
	size_t n = catalogue_dirs(dirs, 4);
	for (size_t i = 0; i < n && !c->data; i++) {
		char path[PATH_MAX + 64];
		snprintf(path, sizeof path, "%.*s/%s/LC_MESSAGES/chesscubing.mo", PATH_MAX, dirs[i], lang->code);
		read_file(path, c);
	}
}

/* lang's catalogue, read at the first call; NULL for none (English). */
static const catalogue *catalogue_of(const cc_lang *lang)
{
	if (!lang || lang->source == CC_LANG_SOURCE_MSGID)
		return NULL;
	size_t i = (size_t)(lang - cc_lang_rows);
	if (i >= cc_lang_row_count)
		return NULL;
	pthread_mutex_lock(&cache_lock);
	if (!cache[i].loaded) {
		load(lang, &cache[i]);
		cache[i].loaded = true;
	}
	pthread_mutex_unlock(&cache_lock);
	return cache[i].data ? &cache[i] : NULL;
}

/* The translation of msgid (all its forms, "form0\0form1"), its length
 * in *len; NULL when the catalogue has none. */
static const char *look_up(const catalogue *c, const char *msgid, uint32_t *len)
{
	uint32_t lo = 0, hi = c->count;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2, olen;
		const char *original = string_at(c, c->originals, mid, &olen);
		if (!original)
			return NULL;
		int cmp = strcmp(msgid, original);
		if (cmp == 0) {
			const char *text = string_at(c, c->translations, mid, len);
			return text && *len ? text : NULL;
		}
		if (cmp < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

const char *cc_lang_tr(const cc_lang *lang, const char *msgid)
{
	const catalogue *c = catalogue_of(lang);
	uint32_t len;
	if (!c || !msgid[0])
		return msgid;
	const char *text = look_up(c, msgid, &len);
	return text ? text : msgid;
}

const char *cc_lang_ntr(const cc_lang *lang, const char *singular, const char *plural, unsigned long n)
{
	const catalogue *c = catalogue_of(lang);
	unsigned form = 0;
	uint32_t len;
	if (!lang)
		lang = cc_lang_default();
	switch (lang->plural) {
	case CC_LANG_PLURAL_EN:
		form = n != 1;
		break;
	case CC_LANG_PLURAL_FR:
		form = n > 1;
		break;
	}
	const char *text = c ? look_up(c, singular, &len) : NULL;
	if (!text)
		return n == 1 ? singular : plural;
	/* form k is after k NULs, within the translation's len bytes */
	const char *end = text + len;
	for (unsigned k = 0; k < form; k++) {
		const char *next = text + strlen(text) + 1;
		if (next > end)
			break;
		text = next;
	}
	return text;
}

void cc_lang_decimal_local(const cc_lang *lang, char *buf)
{
	char sep = lang ? lang->decimal : '.';
	char *dot;
	if (sep != '.' && (dot = strrchr(buf, '.')) != NULL)
		*dot = sep;
}
