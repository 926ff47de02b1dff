/* common.c: names of shared enums and the error-detail helper. */
#include "chesscubing/common.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "chesscubing/timefmt.h"

const char *cc_name_of(const cc_name *names, size_t count, int value, const char *unknown)
{
	for (size_t i = 0; i < count; i++)
		if (names[i].value == value)
			return names[i].name;
	return unknown;
}

cc_err cc_name_parse(const cc_name *names, size_t count, const char *text, int *value)
{
	for (size_t i = 0; i < count; i++) {
		if (strcmp(names[i].name, text) == 0) {
			*value = names[i].value;
			return CC_OK;
		}
	}
	return CC_ERR_INVALID;
}

static const cc_name side_names[] = {{CC_SIDE_WHITE, "white"}, {CC_SIDE_BLACK, "black"}};

const char *cc_side_name(cc_side side)
{
	return cc_name_of(side_names, sizeof side_names / sizeof side_names[0], (int)side, "?");
}

cc_err cc_side_parse(const char *text, cc_side *out)
{
	int value;
	cc_err rc = cc_name_parse(side_names, sizeof side_names / sizeof side_names[0], text, &value);
	if (rc == CC_OK)
		*out = (cc_side)value;
	return rc;
}

const char *cc_err_name(cc_err code)
{
	switch (code) {
	case CC_OK:
		return "ok";
	case CC_ERR_INVALID:
		return "invalid";
	case CC_ERR_PHASE:
		return "phase";
	case CC_ERR_WRONG_SIDE:
		return "wrong_side";
	case CC_ERR_TIME_BACKWARDS:
		return "time_backwards";
	case CC_ERR_QUOTA:
		return "quota";
	case CC_ERR_CUBE_RANGE:
		return "cube_range";
	case CC_ERR_OVER:
		return "over";
	case CC_ERR_PAUSED:
		return "paused";
	case CC_ERR_NOT_PAUSED:
		return "not_paused";
	case CC_ERR_NOTHING_TO_UNDO:
		return "nothing_to_undo";
	case CC_ERR_FREE_MOVE_CHECK:
		return "free_move_check";
	case CC_ERR_CUBE_ENTERED:
		return "cube_entered";
	case CC_ERR_NO_MOVE:
		return "no_move";
	case CC_ERR_NOMEM:
		return "nomem";
	case CC_ERR_ILLEGAL_MOVE:
		return "illegal_move";
	case CC_ERR_STORE:
		return "store";
	case CC_ERR_NOT_FOUND:
		return "not_found";
	case CC_ERR_LOCKED:
		return "locked";
	case CC_ERR_BUSY:
		return "busy";
	}
	return "unknown";
}

/* ---- refusals: the table of messages ---------------------------------------- */

#define N_(s) s

typedef struct {
	const char *name;
	cc_err kind;
	const char *types;
	const char *format;
	const char *plural; /* the form for a count other than 1, or NULL */
} msg_entry;

static const msg_entry messages[CC_MSG_COUNT] = {
#define CC_MSG(id, name, kind, types, format) {name, kind, types, format, NULL},
#define CC_MSG_PLURAL(id, name, kind, types, singular, plural) {name, kind, types, singular, plural},
#include "chesscubing/messages.def"
#undef CC_MSG_PLURAL
#undef CC_MSG
};

static const msg_entry *entry(cc_msg msg)
{
	return (unsigned)msg < CC_MSG_COUNT ? &messages[msg] : &messages[CC_MSG_INTERNAL];
}

cc_err cc_msg_kind(cc_msg msg)
{
	return entry(msg)->kind;
}

const char *cc_msg_name(cc_msg msg)
{
	return entry(msg)->name;
}

const char *cc_msg_types(cc_msg msg)
{
	return entry(msg)->types;
}

const char *cc_msg_format(cc_msg msg)
{
	return entry(msg)->format;
}

const char *cc_msg_plural(cc_msg msg)
{
	return entry(msg)->plural;
}

int cc_msg_count_arg(cc_msg msg)
{
	const char *c = strchr(cc_msg_types(msg), 'c');
	return c ? (int)(c - cc_msg_types(msg)) : -1;
}

void cc_msg_fill(const char *format, const char *const words[], int count, char *out, size_t size)
{
	size_t n = 0;
	if (size == 0)
		return;
	for (const char *p = format; *p && n + 1 < size;) {
		const char *word = NULL;
		if (p[0] == '%' && p[1] == '%') {
			out[n++] = '%';
			p += 2;
			continue;
		}
		if (p[0] == '%' && p[1] >= '1' && p[1] <= '9' && p[2] == '$' && (p[3] == 's' || p[3] == 'd')) {
			int i = p[1] - '1';
			word = i < count && words[i] ? words[i] : "?";
			p += 4;
		} else {
			out[n++] = *p++;
			continue;
		}
		for (; *word && n + 1 < size; word++)
			out[n++] = *word;
	}
	out[n] = '\0';
	/* Cut on a whole character, and a message is one line whatever a
	 * library handed us. */
	out[cc_text_fit(out, n)] = '\0';
	for (char *q = out; *q; q++)
		if (*q == '\n' || *q == '\r' || *q == '\t')
			*q = ' ';
}

const char *cc_msg_db_code_words(int64_t code)
{
	switch (code & 0xFF) { /* the primary class of an extended code */
	case 5: /* SQLITE_BUSY */
		return N_("the database is busy");
	case 6: /* SQLITE_LOCKED */
		return N_("the database is locked");
	case 7: /* SQLITE_NOMEM */
		return N_("out of memory");
	case 8: /* SQLITE_READONLY */
		return N_("the database is read-only");
	case 10: /* SQLITE_IOERR */
		return N_("the disk could not be read or written");
	case 11: /* SQLITE_CORRUPT */
		return N_("the database is damaged");
	case 13: /* SQLITE_FULL */
		return N_("the disk is full");
	case 14: /* SQLITE_CANTOPEN */
		return N_("the database file cannot be opened");
	case 19: /* SQLITE_CONSTRAINT */
		return N_("a constraint of the database was not met");
	default:
		return N_("the database failed");
	}
}

const char *cc_msg_errno_words(int64_t code)
{
	switch (code) {
	case ENOENT:
		return N_("no such file or folder");
	case EACCES:
	case EPERM:
		return N_("permission denied");
	case EROFS:
		return N_("the file system is read-only");
	case ENOSPC:
		return N_("the disk is full");
	case EIO:
		return N_("the disk could not be read or written");
	case ENOMEM:
		return N_("out of memory");
	case EISDIR:
		return N_("it is a folder");
	case ENOTDIR:
		return N_("a part of the path is not a folder");
	case EEXIST:
		return N_("it exists already");
	case ENAMETOOLONG:
		return N_("the name is too long");
	case ELOOP:
		return N_("too many symbolic links");
	case EMFILE:
	case ENFILE:
		return N_("too many files are open");
	case EAGAIN:
	case EBUSY:
		return N_("the file is busy");
	default:
		return N_("a system error");
	}
}

void cc_msg_arg_english(const cc_error *err, int i, char *out, size_t size)
{
	const char *types = cc_msg_types(err->msg);
	const cc_msg_arg *a = &err->args[i];
	if (i >= err->nargs || (size_t)i >= strlen(types)) {
		snprintf(out, size, "?");
		return;
	}
	switch (types[i]) {
	case 's':
		snprintf(out, size, "%s", a->n == CC_SIDE_BLACK ? "Black" : "White");
		return;
	case 't':
		cc_time_format_ms(a->n, out, size);
		return;
	case 'n':
	case 'c':
		snprintf(out, size, "%lld", (long long)a->n);
		return;
	case 'q':
		snprintf(out, size, "%s (SQLite %lld)", cc_msg_db_code_words(a->n), (long long)a->n);
		return;
	case 'e':
		snprintf(out, size, "%s (errno %lld)", cc_msg_errno_words(a->n), (long long)a->n);
		return;
	default:
		snprintf(out, size, "%s", a->text);
		return;
	}
}

/* The English line of err: its message's format with the arguments, after
 * "line N: " when it has a line. */
static void fill_english(cc_error *err)
{
	char words[CC_MSG_ARGS_MAX][CC_MSG_TEXT_MAX];
	const char *list[CC_MSG_ARGS_MAX];
	int count = err->nargs;
	size_t at = 0;
	for (int i = 0; i < count; i++) {
		cc_msg_arg_english(err, i, words[i], sizeof words[i]);
		list[i] = words[i];
	}
	if (err->line > 0)
		at = (size_t)snprintf(err->message, sizeof err->message, "line %d: ", err->line);
	/* English's two forms: the singular for a count of 1 only */
	int c = cc_msg_count_arg(err->msg);
	const char *format = c >= 0 && c < count && err->args[c].n != 1 && cc_msg_plural(err->msg) ? cc_msg_plural(err->msg)
	                                                                                          : cc_msg_format(err->msg);
	cc_msg_fill(format, list, count, err->message + at, sizeof err->message - at);
}

cc_err cc_refuse_args(cc_error *err, cc_msg msg, const cc_msg_in *args, int count)
{
	cc_err kind = cc_msg_kind(msg);
	if (!err)
		return kind;
	assert(count == (int)strlen(cc_msg_types(msg)));
	if (count > CC_MSG_ARGS_MAX)
		count = CC_MSG_ARGS_MAX;
	memset(err, 0, sizeof *err);
	err->code = kind;
	err->msg = msg;
	err->nargs = count;
	for (int i = 0; i < count; i++) {
		err->args[i].n = args[i].n;
		if (args[i].text) /* what a refusal echoes never drives the terminal */
			cc_text_printable(args[i].text, err->args[i].text, sizeof err->args[i].text);
	}
	fill_english(err);
	return kind;
}

cc_err cc_error_at_line(cc_error *err, int line, cc_err rc)
{
	if (err) {
		err->line = line > 0 ? line : 0;
		fill_english(err);
	}
	return rc;
}

cc_err cc_error_copy_at_line(cc_error *err, int line, const cc_error *why)
{
	if (err)
		*err = *why;
	return cc_error_at_line(err, line, why->code);
}

/* ---- text: UTF8, one line ---------------------------------------------------- */

/* Length of the UTF8 sequence at p (1 to 4), or 0 when it is not a valid,
 * shortest-form encoding of a scalar value (RFC 3629). */
static size_t utf8_sequence(const unsigned char *p)
{
	unsigned c = p[0];
	size_t n;
	unsigned min;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF) {
		n = 2;
		min = 0x80;
	} else if (c >= 0xE0 && c <= 0xEF) {
		n = 3;
		min = 0x800;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4;
		min = 0x10000;
	} else {
		return 0;
	}
	unsigned value = c & (0x7Fu >> n);
	for (size_t i = 1; i < n; i++) {
		if ((p[i] & 0xC0) != 0x80)
			return 0;
		value = (value << 6) | (p[i] & 0x3Fu);
	}
	if (value < min || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF))
		return 0;
	return n;
}

/* A C1 control (U+0080 to U+009F: C2 80 to C2 9F): U+009B is a CSI that
 * terminals obey like ESC [. */
static bool is_c1(const unsigned char *p)
{
	return p[0] == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F;
}

static bool is_line(const char *text, bool c1_ok)
{
	const unsigned char *p = (const unsigned char *)text;
	while (*p) {
		size_t n = utf8_sequence(p);
		if (n == 0 || *p < 0x20 || *p == 0x7F || (!c1_ok && is_c1(p)))
			return false;
		p += n;
	}
	return true;
}

bool cc_text_is_line(const char *text)
{
	return is_line(text, false);
}

bool cc_text_was_line(const char *text)
{
	return is_line(text, true);
}

/* The code point of the valid sequence of n bytes at p. */
static uint32_t code_point(const unsigned char *p, size_t n)
{
	uint32_t c = n == 1 ? p[0] : p[0] & (0x7Fu >> n);
	for (size_t i = 1; i < n; i++)
		c = (c << 6) | (p[i] & 0x3Fu);
	return c;
}

/* Zero-width characters: a name holding one looks like the name without. */
static bool is_zero_width(uint32_t c)
{
	return (c >= 0x200B && c <= 0x200D) || c == 0x2060 || c == 0xFEFF;
}

/* Draws nothing: spaces, and format and other invisible characters. */
static bool is_invisible(uint32_t c)
{
	return c == 0x20 || c == 0xA0 || c == 0xAD || c == 0x34F || c == 0x61C || c == 0x115F || c == 0x1160 ||
	       c == 0x1680 || c == 0x17B4 || c == 0x17B5 || (c >= 0x180B && c <= 0x180F) ||
	       (c >= 0x2000 && c <= 0x200F) || (c >= 0x202A && c <= 0x202F) || (c >= 0x205F && c <= 0x206F) ||
	       c == 0x3000 || c == 0x3164 || (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFEFF || c == 0xFFA0 ||
	       (c >= 0x1D173 && c <= 0x1D17A) || (c >= 0xE0000 && c <= 0xE0FFF);
}

/* Direction controls: +1 an embedding or override opened (LRE, RLE, LRO,
 * RLO), -1 one closed (PDF); +2 an isolate opened (LRI, RLI, FSI), -2 one
 * closed (PDI); 0 other characters. */
static int bidi_kind(uint32_t c)
{
	if (c == 0x202A || c == 0x202B || c == 0x202D || c == 0x202E)
		return 1;
	if (c == 0x202C)
		return -1;
	if (c >= 0x2066 && c <= 0x2068)
		return 2;
	return c == 0x2069 ? -2 : 0;
}

/* The rules a name or a free text breaks (RU-24.1, RU-24.3), the first met. */
typedef enum {
	TEXT_OK,
	TEXT_EMPTY,
	TEXT_NOT_UTF8,
	TEXT_CONTROL,
	TEXT_ZERO_WIDTH,
	TEXT_BIDI_UNBALANCED,
	TEXT_INVISIBLE
} text_rule;

/* The one validator of text a person types (RU-24.1, RU-24.3): names and
 * free texts break the same rules, and only their messages differ. */
static text_rule text_rules(const char *text)
{
	const unsigned char *p = (const unsigned char *)text;
	int open[CC_NAME_BIDI_DEPTH], depth = 0;
	bool shows = false;
	if (!*p)
		return TEXT_EMPTY;
	for (size_t n; *p; p += n) {
		n = utf8_sequence(p);
		if (n == 0)
			return TEXT_NOT_UTF8;
		if (*p < 0x20 || *p == 0x7F || is_c1(p))
			return TEXT_CONTROL;
		uint32_t c = code_point(p, n);
		if (c == 0x2028 || c == 0x2029)
			return TEXT_CONTROL;
		if (is_zero_width(c))
			return TEXT_ZERO_WIDTH;
		int kind = bidi_kind(c);
		if (kind > 0 && depth == CC_NAME_BIDI_DEPTH)
			return TEXT_BIDI_UNBALANCED;
		if (kind > 0)
			open[depth++] = kind;
		else if (kind < 0 && (depth == 0 || open[--depth] != -kind))
			return TEXT_BIDI_UNBALANCED;
		shows = shows || !is_invisible(c);
	}
	return depth > 0 ? TEXT_BIDI_UNBALANCED : shows ? TEXT_OK : TEXT_INVISIBLE;
}

/* Each rule's refusal, of a name (RU-24.1) and of a free text (RU-24.3). */
static const struct {
	cc_msg name, text;
} rule_msgs[] = {
	[TEXT_OK] = {CC_MSG_INTERNAL, CC_MSG_INTERNAL},
	[TEXT_EMPTY] = {CC_MSG_NAME_EMPTY, CC_MSG_TEXT_EMPTY},
	[TEXT_NOT_UTF8] = {CC_MSG_NAME_NOT_UTF8, CC_MSG_TEXT_NOT_UTF8},
	[TEXT_CONTROL] = {CC_MSG_NAME_CONTROL, CC_MSG_TEXT_CONTROL},
	[TEXT_ZERO_WIDTH] = {CC_MSG_NAME_ZERO_WIDTH, CC_MSG_TEXT_ZERO_WIDTH},
	[TEXT_BIDI_UNBALANCED] = {CC_MSG_NAME_BIDI_UNBALANCED, CC_MSG_TEXT_BIDI_UNBALANCED},
	[TEXT_INVISIBLE] = {CC_MSG_NAME_INVISIBLE, CC_MSG_TEXT_INVISIBLE},
};

bool cc_text_is_name(const char *text, cc_msg *why)
{
	text_rule rule = text_rules(text);
	*why = rule_msgs[rule].name;
	return rule == TEXT_OK;
}

cc_err cc_text_check(const char *what, const char *text, size_t size, cc_error *err)
{
	if (!memchr(text, '\0', size)) /* refused, never cut (RU-24) */
		return cc_refuse(err, CC_MSG_TEXT_TOO_LONG, what, (int64_t)size - 1);
	text_rule rule = text_rules(text);
	if (rule == TEXT_OK)
		return CC_OK;
	if (rule == TEXT_EMPTY) /* nothing to echo */
		return cc_refuse(err, CC_MSG_TEXT_EMPTY, what);
	return cc_refuse(err, rule_msgs[rule].text, what, text);
}

cc_err cc_text_check_optional(const char *what, const char *text, size_t size, cc_error *err)
{
	return text && text[0] ? cc_text_check(what, text, size, err) : CC_OK;
}

void cc_text_printable(const char *text, char *buf, size_t size)
{
	size_t len = 0;
	if (size == 0)
		return;
	for (const unsigned char *p = (const unsigned char *)text; *p;) {
		char one[16];
		size_t n = utf8_sequence(p), w;
		uint32_t c = n ? code_point(p, n) : 0;
		if (n == 0 || *p < 0x20 || *p == 0x7F) {
			w = (size_t)snprintf(one, sizeof one, "\\x%02X", *p);
			n = 1;
		} else if (is_c1(p) || c == 0x2028 || c == 0x2029 || is_zero_width(c) || bidi_kind(c) != 0) {
			w = (size_t)snprintf(one, sizeof one, "\\u%04X", (unsigned)c);
		} else {
			memcpy(one, p, n);
			w = n;
		}
		if (len + w >= size)
			break; /* cut on a whole character or escape */
		memcpy(buf + len, one, w);
		len += w;
		p += n;
	}
	buf[len] = '\0';
}

size_t cc_text_fit(const char *text, size_t max_bytes)
{
	size_t len = 0;
	const unsigned char *p = (const unsigned char *)text;
	while (p[len]) {
		size_t n = utf8_sequence(p + len);
		if (n == 0)
			n = 1;
		if (len + n > max_bytes)
			break;
		len += n;
	}
	return len;
}
