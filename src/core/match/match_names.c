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

#define CC_NAMES_OF(table) static const cc_name table##_names[] = {
#define CC_NAME(member, spelling) {(int)(member), spelling},
#define CC_NAMES_END };
#include "match_names.def"
#undef CC_NAMES_OF
#undef CC_NAME
#undef CC_NAMES_END

#define COUNT(table) (sizeof table##_names / sizeof table##_names[0])
#define NAME_OF(table, value) cc_name_of(table##_names, COUNT(table), (int)(value), "?")

/* cc_<what>_parse: the value spelled text in table, else CC_ERR_INVALID. */
#define PARSE(function, type, table)                                               \
	cc_err function(const char *text, type *out)                               \
	{                                                                          \
		int value;                                                         \
		cc_err rc = cc_name_parse(table##_names, COUNT(table), text, &value); \
		if (rc == CC_OK)                                                   \
			*out = (type)value;                                        \
		return rc;                                                         \
	}

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
	return NAME_OF(claims, claims);
}

const char *cc_record_mode_name(cc_record_mode mode)
{
	return NAME_OF(record, mode);
}

const char *cc_category_name(cc_category category)
{
	return NAME_OF(category, category);
}

const char *cc_phase_name(cc_phase phase)
{
	return NAME_OF(phase, phase);
}

const char *cc_double_move_name(cc_double_move d)
{
	return NAME_OF(double_move, d);
}

const char *cc_winner_name(cc_winner winner)
{
	return NAME_OF(winner, winner);
}

const char *cc_reason_name(cc_end_reason reason)
{
	return NAME_OF(reason, reason);
}

const char *cc_event_kind_name(cc_event_kind kind)
{
	return NAME_OF(event_kind, kind);
}

const char *cc_correct_target_name(cc_correct_target target)
{
	return NAME_OF(correct_target, target);
}

const char *cc_match_ply_kind_name(cc_match_ply_kind kind)
{
	return NAME_OF(ply_kind, kind);
}

PARSE(cc_claims_parse, cc_claims, claims)
PARSE(cc_record_mode_parse, cc_record_mode, record)
PARSE(cc_category_parse, cc_category, category)
PARSE(cc_winner_parse, cc_winner, winner)
PARSE(cc_reason_parse, cc_end_reason, reason)
PARSE(cc_event_kind_parse, cc_event_kind, event_kind)
PARSE(cc_correct_target_parse, cc_correct_target, correct_target)
