/*
 * common.h: the few types every ChessCubing module shares.
 *
 * Owns: the error code type (cc_err), the caller-owned error detail
 * (cc_error) and the side of the board (cc_side). No allocation, no I/O,
 * no global state: an error is a return code plus, when the caller passes
 * one, a one-line message written into the caller's cc_error.
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
	CC_ERR_LOCKED = -18          /* another console holds that match */
} cc_err;

#define CC_ERROR_MESSAGE_MAX 160

/* Caller-owned detail of a refusal: the code again and a one-line message. */
typedef struct {
	cc_err code;
	char message[CC_ERROR_MESSAGE_MAX];
} cc_error;

typedef enum { CC_SIDE_WHITE = 0, CC_SIDE_BLACK = 1 } cc_side;

/* The other side. */
static inline cc_side cc_side_other(cc_side side)
{
	return side == CC_SIDE_WHITE ? CC_SIDE_BLACK : CC_SIDE_WHITE;
}

/* "white" or "black". */
const char *cc_side_name(cc_side side);

/* Short stable name of an error code ("phase", "wrong_side", ...), for
 * machine-readable output; "ok" for CC_OK. */
const char *cc_err_name(cc_err code);

/*
 * Is text one line of valid UTF8 (no control character, no invalid or
 * overlong sequence)? Names and reasons must be (RU-24).
 */
bool cc_text_is_line(const char *text);

/* The longest prefix of text, at most max_bytes long, that ends on a whole
 * character: where to cut text so that no character is split. */
size_t cc_text_fit(const char *text, size_t max_bytes);

/* Fills err (when not NULL) with code and a printf-style message; returns code. */
cc_err cc_error_set(cc_error *err, cc_err code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

#endif
