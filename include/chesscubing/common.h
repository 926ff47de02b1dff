/*
 * common.h: the few types every ChessCubing module shares.
 *
 * Owns: the error code type (cc_err), the caller-owned error detail
 * (cc_error) and the side of the board (cc_side). No allocation, no I/O,
 * no global state: an error is a return code plus, when the caller passes
 * one, the id of its reason (the table in messages.def), its typed
 * arguments and the English line, written into the caller's cc_error.
 */
#ifndef CHESSCUBING_COMMON_H
#define CHESSCUBING_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* 0 is success; each negative value is one kind of refusal. */
typedef enum {
	CC_OK = 0,
	CC_ERR_INVALID = -1,         /* malformed argument (unknown side, bad text) */
	CC_ERR_PHASE = -2,           /* not allowed in the current phase */
	CC_ERR_WRONG_SIDE = -3,      /* that side is not the one to move */
	CC_ERR_TIME_BACKWARDS = -4,  /* stamped earlier than the last accepted event */
	CC_ERR_QUOTA = -5,           /* that side has already played its quota */
	CC_ERR_CUBE_RANGE = -6,      /* solve time out of range */
	CC_ERR_OVER = -7,            /* the match is over */
	CC_ERR_PAUSED = -8,          /* the match is paused: resume first */
	CC_ERR_NOT_PAUSED = -9,      /* resume while not paused */
	CC_ERR_NOTHING_TO_UNDO = -10,
	CC_ERR_FREE_MOVE_CHECK = -11, /* the free move of a double move gave check */
	CC_ERR_CUBE_ENTERED = -12,   /* that side's solve time is already in */
	CC_ERR_NO_MOVE = -13,        /* mate declared with no mating move to point at */
	CC_ERR_NOMEM = -14,
	CC_ERR_ILLEGAL_MOVE = -15,   /* (moves recording) not a legal move here */
	CC_ERR_STORE = -16,          /* the database cannot be used or written */
	CC_ERR_NOT_FOUND = -17,      /* no such match */
	CC_ERR_LOCKED = -18,         /* another console holds that match */
	CC_ERR_BUSY = -19            /* busy or at capacity (the record held by another
	                              * writer, too many pages followed): try again later */
} cc_err;

#define CC_ERROR_MESSAGE_MAX 160

/*
 * Every refusal a person can meet, one id each, from the one table in
 * messages.def: CC_MSG_QUOTA_PLAYED, CC_MSG_NOTHING_IN_TIME, ...
 */
typedef enum {
#define CC_MSG(id, name, kind, types, format) CC_MSG_##id,
#include "chesscubing/messages.def"
#undef CC_MSG
	CC_MSG_COUNT
} cc_msg;

/*
 * Argument types, one letter each in a message's type string, in the order
 * of the format's %1$, %2$ ... conversions:
 *   's' a side (cc_side)               %N$s  "White" / "Black"
 *   'm' a move as typed or SAN (text)  %N$s  English piece letters
 *   't' a time in ms (int64_t)         %N$s  a clock, "2:59.9"
 *   'n' an integer (int64_t)           %N$d
 *   'c' a count (int64_t)              %N$d  an integer that also picks the
 *                                            form of a CC_MSG_PLURAL message
 *   'w' a word of the core (text)      %N$s  "checkmate", "placement": said
 *                                            through the catalogue
 *   'x' a short text (names, input)    %N$s  said as it is
 *   'q' a SQLite result code (int64_t) %N$s  "the database is busy (SQLite 5)":
 *                                            its class in words, through the
 *                                            catalogue (cc_msg_db_code_words)
 *   'e' a system error (errno, int64_t) %N$s "no such file or folder (errno 2)":
 *                                            in words, through the catalogue
 *                                            (cc_msg_errno_words)
 */
#define CC_MSG_ARGS_MAX 5
#define CC_MSG_TEXT_MAX 96

typedef struct {
	int64_t n;                  /* 's', 't', 'n' */
	char text[CC_MSG_TEXT_MAX]; /* 'm', 'w', 'x' (cut on a whole character) */
} cc_msg_arg;

/*
 * Caller-owned detail of a refusal: the kind again, the exact reason (msg)
 * with its typed arguments, and the English line for logs and scripts.
 * Front ends say it from msg and args; nobody parses message. code is
 * msg's kind, unless a caller passing a refusal on re-classes it (a move
 * the notation refuses is an illegal move to the match). A detail nobody
 * filled reads as CC_MSG_INTERNAL.
 */
typedef struct {
	cc_err code;
	char message[CC_ERROR_MESSAGE_MAX];
	cc_msg msg;
	int nargs;
	cc_msg_arg args[CC_MSG_ARGS_MAX];
	int line; /* the line of a text (a scenario) refused, 0 when none */
} cc_error;

/* The table, read back: a message's kind, its stable lowercase name
 * ("quota_played", public in the script JSON), its argument types and its
 * English format (the msgid of its translations). */
cc_err cc_msg_kind(cc_msg msg);
const char *cc_msg_name(cc_msg msg);
const char *cc_msg_types(cc_msg msg);
const char *cc_msg_format(cc_msg msg);
/* A CC_MSG_PLURAL message's form for a count other than 1 (English's
 * rule; the renderer asks the language's), NULL for a message of one
 * form; and the index of its count argument (type 'c'), -1 for none. */
const char *cc_msg_plural(cc_msg msg);
int cc_msg_count_arg(cc_msg msg);

/*
 * Writes format into out with each %N$s / %N$d replaced by words[N-1]
 * (already said) and %% by %; a conversion past count becomes "?". Used for
 * the English line here and by the renderer for the user's language.
 */
void cc_msg_fill(const char *format, const char *const words[], int count, char *out, size_t size);

/* One argument as the caller gives it (see cc_refuse). */
typedef struct {
	int64_t n;
	const char *text;
} cc_msg_in;

static inline cc_msg_in cc_msg_in_int(int64_t n)
{
	cc_msg_in in = {n, NULL};
	return in;
}

static inline cc_msg_in cc_msg_in_size(size_t n)
{
	cc_msg_in in = {(int64_t)n, NULL};
	return in;
}

static inline cc_msg_in cc_msg_in_unsigned(unsigned n)
{
	cc_msg_in in = {(int64_t)n, NULL};
	return in;
}

static inline cc_msg_in cc_msg_in_text(const char *text)
{
	cc_msg_in in = {0, text ? text : ""};
	return in;
}

#define CC_MSG_IN(a)                                                                                   \
	_Generic((a), char *: cc_msg_in_text, const char *: cc_msg_in_text, size_t: cc_msg_in_size,          \
	         unsigned: cc_msg_in_unsigned, default: cc_msg_in_int)(a)

/* Fills err (when not NULL) with msg's kind, msg, the arguments and the
 * English line; returns the kind. Called through cc_refuse. */
cc_err cc_refuse_args(cc_error *err, cc_msg msg, const cc_msg_in *args, int count);

/*
 * cc_refuse(err, CC_MSG_X, args...): refuses with message X. Each argument
 * is of the type its letter says (a side or a number as any integer, a move
 * or a text as a string); returns the message's kind.
 */
#define CC_REFUSE_PICK(_1, _2, _3, _4, _5, _6, _7, name, ...) name
#define CC_REFUSE_0(e, m) cc_refuse_args(e, m, NULL, 0)
#define CC_REFUSE_1(e, m, a) cc_refuse_args(e, m, (const cc_msg_in[]){CC_MSG_IN(a)}, 1)
#define CC_REFUSE_2(e, m, a, b) cc_refuse_args(e, m, (const cc_msg_in[]){CC_MSG_IN(a), CC_MSG_IN(b)}, 2)
#define CC_REFUSE_3(e, m, a, b, c)                                                                     \
	cc_refuse_args(e, m, (const cc_msg_in[]){CC_MSG_IN(a), CC_MSG_IN(b), CC_MSG_IN(c)}, 3)
#define CC_REFUSE_4(e, m, a, b, c, d)                                                                  \
	cc_refuse_args(e, m, (const cc_msg_in[]){CC_MSG_IN(a), CC_MSG_IN(b), CC_MSG_IN(c), CC_MSG_IN(d)}, 4)
#define CC_REFUSE_5(e, m, a, b, c, d, f)                                                               \
	cc_refuse_args(e, m,                                                                           \
	               (const cc_msg_in[]){CC_MSG_IN(a), CC_MSG_IN(b), CC_MSG_IN(c), CC_MSG_IN(d), CC_MSG_IN(f)}, 5)
#define cc_refuse(...)                                                                                 \
	CC_REFUSE_PICK(__VA_ARGS__, CC_REFUSE_5, CC_REFUSE_4, CC_REFUSE_3, CC_REFUSE_2, CC_REFUSE_1, CC_REFUSE_0, \
	               ~)(__VA_ARGS__)

/* Places a refusal at line of a text (0: at none) and writes its English
 * line again ("line 7: ..."); returns rc. The copy variant starts from why. */
cc_err cc_error_at_line(cc_error *err, int line, cc_err rc);
cc_err cc_error_copy_at_line(cc_error *err, int line, const cc_error *why);

/* The English words of an argument: a side's title, a clock, a number, the
 * text itself. */
void cc_msg_arg_english(const cc_error *err, int i, char *out, size_t size);

/*
 * What a SQLite result code (primary or extended) means, by its primary
 * class, as an English msgid ("the database is busy"): BUSY, LOCKED, FULL,
 * IOERR, CORRUPT, READONLY, CANTOPEN, NOMEM, CONSTRAINT each their words,
 * any other "the database failed". The numbers are SQLite's documented,
 * stable ones; nothing here links SQLite. A 'q' argument is said as these
 * words and " (SQLite N)".
 */
const char *cc_msg_db_code_words(int64_t code);

/* What an errno value means, as an English msgid ("permission denied");
 * the common ones a file meets each their words, any other "a system
 * error". An 'e' argument is said as these words and " (errno N)", never
 * through strerror, which speaks the locale's language, not the user's. */
const char *cc_msg_errno_words(int64_t code);

typedef enum { CC_SIDE_WHITE = 0, CC_SIDE_BLACK = 1 } cc_side;

/*
 * An enum's spellings, one row a member: the core's `*_names.def` tables
 * (X-macros, read like messages.def) fill arrays of these, and an enum's
 * name and parse are each this one loop over its rows.
 */
typedef struct {
	int value;
	const char *name;
} cc_name;

/*
 * Reading a core `*_names.def` (CC_NAMES_OF(table), CC_NAME(MEMBER,
 * "spelling")..., CC_NAMES_END) into `table_names` arrays: a module's
 * names file includes its .def once after this header, then says each
 * enum with CC_NAMES_NAME and reads it with CC_NAMES_PARSE, so the three
 * names files share one way to read their tables.
 */
#define CC_NAMES_OF(table) static const cc_name table##_names[] = {
#define CC_NAME(member, spelling) {(int)(member), spelling},
#define CC_NAMES_END };
#define CC_NAMES_COUNT(table) (sizeof table##_names / sizeof table##_names[0])
#define CC_NAMES_NAME(table, value) cc_name_of(table##_names, CC_NAMES_COUNT(table), (int)(value), "?")
/* Defines `cc_err function(const char *text, type *out)`: the value
 * spelled text in table, else CC_ERR_INVALID and *out untouched. */
#define CC_NAMES_PARSE(function, type, table)                                                   \
	cc_err function(const char *text, type *out)                                            \
	{                                                                                       \
		int value;                                                                      \
		cc_err rc = cc_name_parse(table##_names, CC_NAMES_COUNT(table), text, &value);  \
		if (rc == CC_OK)                                                                \
			*out = (type)value;                                                     \
		return rc;                                                                      \
	}

/* The spelling of value among the count rows of names; unknown when none. */
const char *cc_name_of(const cc_name *names, size_t count, int value, const char *unknown);

/* The value spelled text among the count rows of names into *value:
 * CC_OK, or CC_ERR_INVALID (and *value untouched) for any other text. */
cc_err cc_name_parse(const cc_name *names, size_t count, const char *text, int *value);

/* The other side. */
static inline cc_side cc_side_other(cc_side side)
{
	return side == CC_SIDE_WHITE ? CC_SIDE_BLACK : CC_SIDE_WHITE;
}

/* "white" or "black". */
const char *cc_side_name(cc_side side);
/* "white", "black"; CC_ERR_INVALID for anything else. */
cc_err cc_side_parse(const char *text, cc_side *out);

/* Short stable name of an error code ("phase", "wrong_side", ...), for
 * machine-readable output; "ok" for CC_OK. */
const char *cc_err_name(cc_err code);

/*
 * Is text one line of valid UTF8 (no control character, C0 or C1, no
 * invalid or overlong sequence)? Names and reasons must be (RU-24).
 */
bool cc_text_is_line(const char *text);

/* The rule before C1 controls were refused (RU-24.1): valid UTF8 without
 * C0 controls or DEL. A record's names are replayed by it, so a match
 * recorded before still opens. */
bool cc_text_was_line(const char *text);

/*
 * Is text a name that shows as itself (RU-24, RU-24.1)? One line of valid
 * UTF8 (no C0 or C1 control, no line or paragraph separator), no
 * zero-width character (U+200B to U+200D, U+2060, U+FEFF), every direction
 * control it opens (U+202A, B, D, E; U+2066 to U+2068) closed in order
 * (U+202C; U+2069), and at least one character that draws something. When
 * not, *why says which (CC_MSG_NAME_*, each with the name as its 'x'
 * argument).
 */
#define CC_NAME_BIDI_DEPTH 16
bool cc_text_is_name(const char *text, cc_msg *why);

/*
 * The one check of a free text (RU-24.3): a reason, who corrects, a club,
 * a federation ID, a scenario's text keep the rules of a name
 * (cc_text_is_name: valid UTF8, no C0 or C1 control, no line or paragraph
 * separator, no zero-width character or BOM, direction controls closed in
 * order, something drawn) and fit in size bytes with their NUL: a longer
 * text is refused, never cut. what names the text in the refusal (a
 * CC_TEXT_* word, said through the catalogue); the refusal is one of
 * CC_MSG_TEXT_*, saying which rule. The _optional form lets NULL and ""
 * (no club, no ID) pass.
 */
cc_err cc_text_check(const char *what, const char *text, size_t size, cc_error *err);
cc_err cc_text_check_optional(const char *what, const char *text, size_t size, cc_error *err);

/* The free texts cc_text_check names: words of the core ('w' arguments),
 * each a msgid of src/po/fr.po. */
#define CC_TEXT_REASON "the reason"
#define CC_TEXT_BY "the name of who corrects"
#define CC_TEXT_CLUB "the club"
#define CC_TEXT_FEDERATION_ID "the federation ID"
#define CC_TEXT_EVENT_TEXT "the event's text"

/* text as a terminal may show it, cut on a whole character or escape to
 * fit size: an invalid byte, a C0 control or DEL as \xNN; a C1 control, a
 * line separator, a zero-width or direction control as \uNNNN. Every
 * refusal's text argument goes through it (RU-24.2). */
void cc_text_printable(const char *text, char *buf, size_t size);

/* The longest prefix of text, at most max_bytes long, that ends on a whole
 * character: where to cut text so that no character is split. */
size_t cc_text_fit(const char *text, size_t max_bytes);

#endif
