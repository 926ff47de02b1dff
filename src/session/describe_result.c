/*
 * describe_result.c: how a match ended, its result code, why, and a chess
 * game's time control.
 */
#include "describe_internal.h"

bool cc_session_format_is_game(cc_format format)
{
	return cc_game_has(format, CC_GAME_SINGLE);
}

const char *cc_session_reason_text(const cc_lang *lang, cc_end_reason reason)
{
	switch (reason) {
	case CC_REASON_CHECKMATE:
		return _("checkmate");
	case CC_REASON_RESIGNATION:
		return _("resignation");
	case CC_REASON_ARBITER:
		return _("arbiter decision");
	case CC_REASON_STALEMATE:
		return _("stalemate");
	case CC_REASON_DEAD:
		return _("insufficient material");
	case CC_REASON_THREEFOLD:
		return _("threefold repetition");
	case CC_REASON_FIFTY:
		return _("the 50-move rule");
	case CC_REASON_FIVEFOLD:
		return _("fivefold repetition");
	case CC_REASON_SEVENTY_FIVE:
		return _("the 75-move rule");
	case CC_REASON_TIME:
		return _("time");
	case CC_REASON_TIME_DRAW:
		return _("time, against a player who cannot mate");
	case CC_REASON_AGREEMENT:
		return _("agreement");
	case CC_REASON_KING_CAPTURE:
		return _("king capture");
	case CC_REASON_NO_MOVE:
		return _("turns without a piece moved");
	}
	return "?";
}

const char *cc_session_format_text(const cc_lang *lang, cc_format format)
{
	return _(cc_game_class_of(format)->title);
}

const char *cc_session_category_text(cc_category category)
{
	switch (category) {
	case CC_CATEGORY_FAST:
		return "FAST";
	case CC_CATEGORY_FREEZE:
		return "FREEZE";
	case CC_CATEGORY_MASTERS:
		return "MASTERS";
	}
	return "?";
}

const char *cc_session_claims_text(const cc_lang *lang, cc_claims claims)
{
	switch (claims) {
	case CC_CLAIMS_AUTO:
		/* TRANSLATORS: draw claims the program makes at once ("claims auto"). */
		return _("auto");
	case CC_CLAIMS_MANUAL:
		/* TRANSLATORS: draw claims a player makes through the arbiter ("claims manual"). */
		return _("manual");
	}
	return "?";
}

const char *cc_session_variant_text(const cc_lang *lang, cc_chess_variant variant)
{
	switch (variant) {
	case CC_CHESS_VARIANT_STANDARD:
		/* TRANSLATORS: a board: the standard one ("board standard"). */
		return _("standard");
	case CC_CHESS_VARIANT_CHECKERED:
		/* TRANSLATORS: a board: Checkered chess's ("board checkered"). */
		return _("checkered");
	}
	return "?";
}

void cc_session_describe_result(const cc_lang *lang, const cc_match_view *v, const cc_match_settings *s, char *buf,
                                size_t size)
{
	const char *who = winner_name(s, v->winner);
	buf[0] = '\0';
	if (!v->over)
		cc_session_describe_append(buf, size, 0, "%s", _("in progress"));
	else if (v->reason == CC_REASON_ARBITER && !who)
		cc_session_describe_append(buf, size, 0, _("no winner, by arbiter decision: %s"), v->reason_text);
	else if (v->reason == CC_REASON_ARBITER)
		cc_session_describe_append(buf, size, 0, _("%s wins by arbiter decision: %s"), who, v->reason_text);
	else if (v->reason == CC_REASON_TIME_DRAW)
		cc_session_describe_append(buf, size, 0, _("draw: %s's flag fell, but %s cannot mate by any series of legal moves"),
		       name_of(s, v->flagged[CC_SIDE_WHITE] ? CC_SIDE_WHITE : CC_SIDE_BLACK),
		       name_of(s, v->flagged[CC_SIDE_WHITE] ? CC_SIDE_BLACK : CC_SIDE_WHITE));
	else if (v->reason == CC_REASON_TIME && who)
		cc_session_describe_append(buf, size, 0, _("%s wins on time"), who);
	else if (!who)
		cc_session_describe_append(buf, size, 0, _("draw by %s"), cc_session_reason_text(lang, v->reason));
	else
		cc_session_describe_append(buf, size, 0, _("%s wins by %s"), who ? who : "?", cc_session_reason_text(lang, v->reason));
}

void cc_session_time_control(const cc_lang *lang, const cc_match_settings *s, char *buf, size_t size)
{
	if (s->tc_base_ms <= 0)
		snprintf(buf, size, "%s", _("none"));
	else
		cc_tc_format(s, CC_TC_CLUB, buf, size);
}

const char *cc_session_result_code(bool over, cc_winner winner)
{
	if (!over)
		return "*";
	switch (winner) {
	case CC_WINNER_WHITE:
		return "1-0";
	case CC_WINNER_BLACK:
		return "0-1";
	case CC_WINNER_NONE:
		break;
	}
	return "1/2-1/2";
}
