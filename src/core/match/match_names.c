/*
 * match_names.c: the spellings of the match's enums (formats, categories,
 * phases, winners, reasons, event kinds, corrections, sides) and their
 * parsing, as the record, the scenarios and the script driver write them;
 * and the move quota of each category (CO-2.2). No state, no rules beyond
 * the quota.
 */
#include <string.h>

#include "chesscubing/game.h"
#include "chesscubing/match.h"

int cc_match_quota(cc_category category)
{
	switch (category) {
	case CC_CATEGORY_FAST:
		return 6;
	case CC_CATEGORY_FREEZE:
		return 8;
	case CC_CATEGORY_MASTERS:
		return 10;
	}
	return 0;
}

const char *cc_format_name(cc_format format)
{
	return cc_game_class_of(format)->name;
}

const char *cc_claims_name(cc_claims claims)
{
	switch (claims) {
	case CC_CLAIMS_AUTO:
		return "auto";
	case CC_CLAIMS_MANUAL:
		return "manual";
	}
	return "?";
}

cc_err cc_claims_parse(const char *text, cc_claims *out)
{
	if (strcmp(text, "auto") == 0)
		*out = CC_CLAIMS_AUTO;
	else if (strcmp(text, "manual") == 0)
		*out = CC_CLAIMS_MANUAL;
	else
		return CC_ERR_INVALID;
	return CC_OK;
}

const char *cc_category_name(cc_category category)
{
	switch (category) {
	case CC_CATEGORY_FAST:
		return "fast";
	case CC_CATEGORY_FREEZE:
		return "freeze";
	case CC_CATEGORY_MASTERS:
		return "masters";
	}
	return "?";
}

const char *cc_phase_name(cc_phase phase)
{
	switch (phase) {
	case CC_PHASE_SETUP:
		return "setup";
	case CC_PHASE_BLOCK:
		return "block";
	case CC_PHASE_CUBE:
		return "cube";
	case CC_PHASE_OVER:
		return "over";
	}
	return "?";
}

const char *cc_double_move_name(cc_double_move d)
{
	switch (d) {
	case CC_DOUBLE_NONE:
		return "none";
	case CC_DOUBLE_FREE:
		return "free";
	case CC_DOUBLE_SECOND:
		return "second";
	}
	return "?";
}

const char *cc_winner_name(cc_winner winner)
{
	switch (winner) {
	case CC_WINNER_WHITE:
		return "white";
	case CC_WINNER_BLACK:
		return "black";
	case CC_WINNER_NONE:
		return "none";
	}
	return "?";
}

const char *cc_reason_name(cc_end_reason reason)
{
	switch (reason) {
	case CC_REASON_CHECKMATE:
		return "checkmate";
	case CC_REASON_RESIGNATION:
		return "resignation";
	case CC_REASON_ARBITER:
		return "arbiter";
	case CC_REASON_STALEMATE:
		return "stalemate";
	case CC_REASON_DEAD:
		return "insufficient-material";
	case CC_REASON_THREEFOLD:
		return "threefold-repetition";
	case CC_REASON_FIFTY:
		return "50-move-rule";
	case CC_REASON_FIVEFOLD:
		return "fivefold-repetition";
	case CC_REASON_SEVENTY_FIVE:
		return "75-move-rule";
	case CC_REASON_TIME:
		return "time";
	case CC_REASON_TIME_DRAW:
		return "time-vs-insufficient-material";
	case CC_REASON_AGREEMENT:
		return "agreement";
	case CC_REASON_KING_CAPTURE:
		return "king-capture";
	case CC_REASON_NO_MOVE:
		return "turns-without-move";
	}
	return "?";
}

cc_err cc_reason_parse(const char *text, cc_end_reason *out)
{
	for (unsigned i = 0; i <= CC_REASON_NO_MOVE; i++) {
		if (strcmp(text, cc_reason_name((cc_end_reason)i)) == 0) {
			*out = (cc_end_reason)i;
			return CC_OK;
		}
	}
	return CC_ERR_INVALID;
}

cc_err cc_format_parse(const char *text, cc_format *out)
{
	const cc_game_class *game = cc_game_class_named(text);
	if (!game)
		return CC_ERR_INVALID;
	*out = game->format;
	return CC_OK;
}

cc_err cc_category_parse(const char *text, cc_category *out)
{
	if (strcmp(text, "fast") == 0)
		*out = CC_CATEGORY_FAST;
	else if (strcmp(text, "freeze") == 0)
		*out = CC_CATEGORY_FREEZE;
	else if (strcmp(text, "masters") == 0)
		*out = CC_CATEGORY_MASTERS;
	else
		return CC_ERR_INVALID;
	return CC_OK;
}

static const char *const event_kind_names[] = {"start",  "move",    "mate", "cube", "pause",   "resume", "resign",
                                               "arbiter", "undo",   "tick", "correct", "intime", "claim", "draw",
                                               "card",    "place",  "stop", "press", "san",
                                               "hold",    "release"};

const char *cc_event_kind_name(cc_event_kind kind)
{
	return (unsigned)kind <= CC_EV_RELEASE ? event_kind_names[kind] : "?";
}

static const char *const correct_target_names[] = {"block", "move", "clock", "moves", "lost", "tomove"};

const char *cc_correct_target_name(cc_correct_target target)
{
	return (unsigned)target <= CC_CORRECT_TO_MOVE ? correct_target_names[target] : "?";
}

cc_err cc_correct_target_parse(const char *text, cc_correct_target *out)
{
	for (unsigned i = 0; i <= CC_CORRECT_TO_MOVE; i++) {
		if (strcmp(text, correct_target_names[i]) == 0) {
			*out = (cc_correct_target)i;
			return CC_OK;
		}
	}
	return CC_ERR_INVALID;
}

cc_err cc_event_kind_parse(const char *text, cc_event_kind *out)
{
	for (unsigned i = 0; i <= CC_EV_RELEASE; i++) {
		if (strcmp(text, event_kind_names[i]) == 0) {
			*out = (cc_event_kind)i;
			return CC_OK;
		}
	}
	return CC_ERR_INVALID;
}

cc_err cc_winner_parse(const char *text, cc_winner *out)
{
	if (strcmp(text, "white") == 0)
		*out = CC_WINNER_WHITE;
	else if (strcmp(text, "black") == 0)
		*out = CC_WINNER_BLACK;
	else if (strcmp(text, "none") == 0)
		*out = CC_WINNER_NONE;
	else
		return CC_ERR_INVALID;
	return CC_OK;
}

cc_err cc_side_parse(const char *text, cc_side *out)
{
	if (strcmp(text, "white") == 0)
		*out = CC_SIDE_WHITE;
	else if (strcmp(text, "black") == 0)
		*out = CC_SIDE_BLACK;
	else
		return CC_ERR_INVALID;
	return CC_OK;
}
