/* common.c: names of shared enums and the error-detail helper. */
#include "chesscubing/common.h"

#include <stdarg.h>
#include <stdio.h>

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

cc_err cc_error_set(cc_error *err, cc_err code, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		va_start(ap, fmt);
		err->code = code;
		vsnprintf(err->message, sizeof err->message, fmt, ap);
		va_end(ap);
		/* A message is one line, whatever a library handed us. */
		for (char *p = err->message; *p; p++)
			if (*p == '\n' || *p == '\r' || *p == '\t')
				*p = ' ';
	}
	return code;
}
