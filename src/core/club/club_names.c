/*
 * club_names.c: the spellings of the club's enums (tiers, rating lists,
 * why a match counts or not, forfeits) and their parsing: the table is
 * club_names.def, the loop common.c's (cc_name_of, cc_name_parse).
 */
#include "chesscubing/club.h"

#include <string.h>

#include "club_names.def"


const char *cc_club_tier_name(cc_club_tier tier)
{
	return CC_NAMES_NAME(tier, tier);
}

const char *cc_club_list_name(cc_club_list list)
{
	return CC_NAMES_NAME(list, list);
}

CC_NAMES_PARSE(cc_club_list_parse, cc_club_list, list)

const char *cc_club_count_name(cc_club_count count)
{
	return CC_NAMES_NAME(count, count);
}

const char *cc_club_forfeit_code(cc_club_forfeit forfeit)
{
	return cc_name_of(forfeit_names, CC_NAMES_COUNT(forfeit), (int)forfeit, "");
}

cc_err cc_club_forfeit_parse(const char *text, cc_club_forfeit *out)
{
	int value;
	if (strcmp(text, "none") == 0) {
		*out = CC_CLUB_FORFEIT_NONE;
		return CC_OK;
	}
	if (text[0] == '\0') /* no forfeit's empty code is spelled "none" */
		return CC_ERR_INVALID;
	cc_err rc = cc_name_parse(forfeit_names, CC_NAMES_COUNT(forfeit), text, &value);
	if (rc == CC_OK)
		*out = (cc_club_forfeit)value;
	return rc;
}
