/*
 * match_names.c: the spellings of the match's enums (formats, claims,
 * categories, phases, winners, reasons, event kinds, corrections, plies)
 * and their parsing, as the record, the scenarios and the script driver
 * write them: the table is match_names.def, the loop common.c's
 * (cc_name_of, cc_name_parse); and the move quota of each category
 * (CO-2.2). No state, no rules beyond the quota.
 */
#include "chesscubing/game.h"
#include "chesscubing/match.h"

#include "match_names.def"



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

cc_err cc_format_parse(const char *text, cc_format *out)
{
	const cc_game_class *game = cc_game_class_named(text);
	if (!game)
		return CC_ERR_INVALID;
	*out = game->format;
	return CC_OK;
}

const char *cc_claims_name(cc_claims claims)
{
	return CC_NAMES_NAME(claims, claims);
}

const char *cc_record_mode_name(cc_record_mode mode)
{
	return CC_NAMES_NAME(record, mode);
}

const char *cc_category_name(cc_category category)
{
	return CC_NAMES_NAME(category, category);
}

const char *cc_phase_name(cc_phase phase)
{
	return CC_NAMES_NAME(phase, phase);
}

const char *cc_double_move_name(cc_double_move d)
{
	return CC_NAMES_NAME(double_move, d);
}

const char *cc_winner_name(cc_winner winner)
{
	return CC_NAMES_NAME(winner, winner);
}

const char *cc_reason_name(cc_end_reason reason)
{
	return CC_NAMES_NAME(reason, reason);
}

const char *cc_event_kind_name(cc_event_kind kind)
{
	return CC_NAMES_NAME(event_kind, kind);
}

const char *cc_correct_target_name(cc_correct_target target)
{
	return CC_NAMES_NAME(correct_target, target);
}

const char *cc_match_ply_kind_name(cc_match_ply_kind kind)
{
	return CC_NAMES_NAME(ply_kind, kind);
}

CC_NAMES_PARSE(cc_claims_parse, cc_claims, claims)
CC_NAMES_PARSE(cc_record_mode_parse, cc_record_mode, record)
CC_NAMES_PARSE(cc_category_parse, cc_category, category)
CC_NAMES_PARSE(cc_winner_parse, cc_winner, winner)
CC_NAMES_PARSE(cc_reason_parse, cc_end_reason, reason)
CC_NAMES_PARSE(cc_event_kind_parse, cc_event_kind, event_kind)
CC_NAMES_PARSE(cc_correct_target_parse, cc_correct_target, correct_target)
