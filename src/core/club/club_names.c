/*
 * club_names.c: the spellings of the club's enums (tiers, rating lists,
 * why a match counts or not, forfeits) and their parsing: the table is
 * club_names.def, the loop common.c's (cc_name_of, cc_name_parse).
 */
#include "chesscubing/club.h"

#include <string.h>

#define CC_NAMES_OF(table) static const cc_name table##_names[] = {
#define CC_NAME(member, spelling) {(int)(member), spelling},
#define CC_NAMES_END };
#include "club_names.def"
#undef CC_NAMES_OF
#undef CC_NAME
#undef CC_NAMES_END

#define COUNT(table) (sizeof table##_names / sizeof table##_names[0])

const char *cc_club_tier_name(cc_club_tier tier)
{
	return cc_name_of(tier_names, COUNT(tier), (int)tier, "?");
}

const char *cc_club_list_name(cc_club_list list)
{
	return cc_name_of(list_names, COUNT(list), (int)list, "?");
}

cc_err cc_club_list_parse(const char *text, cc_club_list *out)
{
	int value;
	cc_err rc = cc_name_parse(list_names, COUNT(list), text, &value);
	if (rc == CC_OK)
		*out = (cc_club_list)value;
	return rc;
}

const char *cc_club_count_name(cc_club_count count)
{
	return cc_name_of(count_names, COUNT(count), (int)count, "?");
}

const char *cc_club_forfeit_code(cc_club_forfeit forfeit)
{
	return cc_name_of(forfeit_names, COUNT(forfeit), (int)forfeit, "");
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
	cc_err rc = cc_name_parse(forfeit_names, COUNT(forfeit), text, &value);
	if (rc == CC_OK)
		*out = (cc_club_forfeit)value;
	return rc;
}
