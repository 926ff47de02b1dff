/*
 * describe_club.c: the club's word on a match: its event and round, the
 * ratings and their tiers (rules/club.md).
 */
#include "describe_internal.h"

const char *cc_session_tier_text(double rating)
{
	switch (cc_club_tier_of(rating)) {
	case CC_CLUB_TIER_BRONZE:
		return _("bronze");
	case CC_CLUB_TIER_SILVER:
		return _("silver");
	case CC_CLUB_TIER_GOLD:
		return _("gold");
	case CC_CLUB_TIER_PLATINUM:
		return _("platinum");
	case CC_CLUB_TIER_DIAMOND:
		return _("diamond");
	}
	return "?";
}

void cc_session_describe_rating(const char *name, double before, double after, char *buf, size_t size)
{
	char change[32];
	snprintf(change, sizeof change, "%+.1f", after - before);
	localize_decimal(change);
	snprintf(buf, size, _("%s %ld -> %ld (%s, %s)"), name, cc_club_shown(before), cc_club_shown(after), change,
	         cc_session_tier_text(after));
}

void cc_session_describe_club(const cc_session_match_club *club, const cc_match_settings *s, char *buf,
                              size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	if (club->in_event)
		len = cc_session_describe_append(buf, size, len, _("Event: %s, round %u\n"), club->event, club->round);
	/* Chess-Uno and the chess game have their own rating lists (CL-2.10), named. */
	cc_club_list list = cc_game_class_of(s->format)->rating_list;
	bool uno = list == CC_CLUB_LIST_UNO, chess = list == CC_CLUB_LIST_CHESS;
	if (!club->counted) {
		char why[CC_ERROR_MESSAGE_MAX];
		cc_session_describe_msg(club->why_not, why, sizeof why);
		cc_session_describe_append(buf, size, len,
		       uno     ? _("Chess-Uno ratings: not counted (%s)")
		       : chess ? _("Chess game ratings: not counted (%s)")
		               : _("Ratings: not counted (%s)"),
		       why);
		return;
	}
	char white[2 * CC_NAME_MAX + 64], black[sizeof white];
	const cc_club_change *c = &club->change;
	cc_session_describe_rating(s->white, c->white_before, c->white_after, white, sizeof white);
	cc_session_describe_rating(s->black, c->black_before, c->black_after, black, sizeof black);
	cc_session_describe_append(buf, size, len,
	       uno     ? _("Chess-Uno ratings: %s, %s")
	       : chess ? _("Chess game ratings: %s, %s")
	               : _("Ratings: %s, %s"),
	       white, black);
}
