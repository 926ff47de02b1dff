/*
 * describe_refusal.c: any refusal in the user's language (session_describe.h).
 *
 * A refusal is an id from the table (messages.def) and typed arguments;
 * the sentence is the id's English format through the catalogue, each
 * argument said by its type: a side by its translated name, a move with the
 * language's piece letters, a time as a clock with the language's decimal
 * separator, a word of the core through the catalogue, a number and a text
 * as they are. Nothing here reads the English line.
 */
#include "chesscubing/session_describe.h"

#include <stdio.h>
#include <string.h>

#include "chesscubing/support_lang.h"

/* A text in the language named lang where it is used. */
#define _(s) cc_lang_tr(lang, s)

/* Argument i of err, said in the language. */
static void say_argument(const cc_lang *lang, const cc_error *err, int i, char *out, size_t size)
{
	const char *types = cc_msg_types(err->msg);
	const cc_msg_arg *a = &err->args[i];
	switch (types[i]) {
	case 's':
		snprintf(out, size, "%s", a->n == CC_SIDE_BLACK ? _("Black") : _("White"));
		return;
	case 'm':
		cc_session_san_local(lang, a->text, out, size);
		return;
	case 't':
		cc_time_format_ms(a->n, out, size);
		cc_session_decimal_local(lang, out);
		return;
	case 'w':
		snprintf(out, size, "%s", a->text[0] ? _(a->text) : "");
		return;
	case 'q': /* a SQLite code: its class in words, and the number */
		snprintf(out, size, _("%s (SQLite %lld)"), _(cc_msg_db_code_words(a->n)), (long long)a->n);
		return;
	case 'e': /* an errno: in words, never strerror (the locale's language) */
		snprintf(out, size, _("%s (errno %lld)"), _(cc_msg_errno_words(a->n)), (long long)a->n);
		return;
	default:
		cc_msg_arg_english(err, i, out, size);
		return;
	}
}

void cc_session_describe_refusal(const cc_lang *lang, const cc_error *err, char *buf, size_t size)
{
	char words[CC_MSG_ARGS_MAX][CC_SESSION_REFUSAL_MAX / 2]; /* an argument said in words, in any language */
	const char *list[CC_MSG_ARGS_MAX];
	int count = err->nargs;
	size_t at = 0;
	if (count > CC_MSG_ARGS_MAX || count > (int)strlen(cc_msg_types(err->msg)))
		count = 0;
	for (int i = 0; i < count; i++) {
		say_argument(lang, err, i, words[i], sizeof words[i]);
		list[i] = words[i];
	}
	/* A refusal of a scenario's line says where, as the English line does. */
	if (err->line > 0 && size > 0) {
		int n = snprintf(buf, size, _("line %d: "), err->line);
		at = n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
	}
	/* A message that says a count takes the form the language gives it. */
	int c = cc_msg_count_arg(err->msg);
	const char *format = c >= 0 && c < count && cc_msg_plural(err->msg)
	                         ? cc_lang_ntr(lang, cc_msg_format(err->msg), cc_msg_plural(err->msg),
	                                       err->args[c].n < 0 ? 0ul : (unsigned long)err->args[c].n)
	                         : _(cc_msg_format(err->msg));
	cc_msg_fill(format, list, count, buf + at, size - at);
}

void cc_session_describe_msg(const cc_lang *lang, cc_msg msg, char *buf, size_t size)
{
	cc_error err;
	cc_refuse_args(&err, msg, NULL, 0);
	cc_session_describe_refusal(lang, &err, buf, size);
}
