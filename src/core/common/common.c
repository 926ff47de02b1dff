/* common.c: names of shared enums and the error-detail helper. */
#include "chesscubing/common.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "chesscubing/timefmt.h"

const char *cc_side_name(cc_side side)
{
	switch (side) {
	case CC_SIDE_WHITE:
		return "white";
	case CC_SIDE_BLACK:
		return "black";
	}
	return "?";
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
} msg_entry;

static const msg_entry messages[CC_MSG_COUNT] = {
#define CC_MSG(id, name, kind, types, format) {name, kind, types, format},
#include "chesscubing/messages.def"
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
		snprintf(out, size, "%lld", (long long)a->n);
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
	cc_msg_fill(cc_msg_format(err->msg), list, count, err->message + at, sizeof err->message - at);
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
		if (args[i].text) {
			size_t len = cc_text_fit(args[i].text, CC_MSG_TEXT_MAX - 1);
			memcpy(err->args[i].text, args[i].text, len);
			err->args[i].text[len] = '\0';
		}
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

bool cc_text_is_line(const char *text)
{
	const unsigned char *p = (const unsigned char *)text;
	while (*p) {
		size_t n = utf8_sequence(p);
		if (n == 0 || *p < 0x20 || *p == 0x7F)
			return false;
		p += n;
	}
	return true;
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
