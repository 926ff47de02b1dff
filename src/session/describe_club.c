/*
 * describe_club.c: the club's word on a match: its event and round, the
 * ratings and their tiers (rules/club.md).
 */
#include <time.h>

#include "describe_internal.h"

const char *cc_session_tier_text(const cc_lang *lang, double rating)
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

void cc_session_describe_rating(const cc_lang *lang, const char *name, double before, double after, char *buf,
                                size_t size)
{
	char change[32];
	snprintf(change, sizeof change, "%+.1f", after - before);
	localize_decimal(lang, change);
	snprintf(buf, size, _("%s %ld -> %ld (%s, %s)"), name, cc_club_shown(before), cc_club_shown(after), change,
	         cc_session_tier_text(lang, after));
}

void cc_session_describe_club(const cc_lang *lang, const cc_session_match_club *club, const cc_match_settings *s,
                              char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	if (club->in_event)
		len = cc_session_describe_append(buf, size, len, _("Event: %s, round %u\n"), club->event, club->round);
	/* Chess-Uno and the chess game have their own rating lists (CL-2.10), named. */
	cc_club_list list = cc_game_class_of(s->format)->rating_list;
	bool uno = list == CC_CLUB_LIST_UNO, chess = list == CC_CLUB_LIST_CHESS;
	if (!club->counted) {
		char why[CC_SESSION_REFUSAL_MAX];
		cc_session_describe_msg(lang, club->why_not, why, sizeof why);
		cc_session_describe_append(buf, size, len,
		       uno     ? _("Chess-Uno ratings: not counted (%s)")
		       : chess ? _("Chess game ratings: not counted (%s)")
		               : _("Ratings: not counted (%s)"),
		       why);
		return;
	}
	char white[2 * CC_NAME_MAX + 64], black[sizeof white];
	const cc_club_change *c = &club->change;
	cc_session_describe_rating(lang, s->white, c->white_before, c->white_after, white, sizeof white);
	cc_session_describe_rating(lang, s->black, c->black_before, c->black_after, black, sizeof black);
	cc_session_describe_append(buf, size, len,
	       uno     ? _("Chess-Uno ratings: %s, %s")
	       : chess ? _("Chess game ratings: %s, %s")
	               : _("Ratings: %s, %s"),
	       white, black);
}

/* A wall time as a correction says it (UTC, to the minute). */
static void utc_minute(int64_t wall_ms, char *buf, size_t size)
{
	time_t secs = (time_t)(wall_ms / 1000);
	struct tm tm;
	if (wall_ms <= 0 || !gmtime_r(&secs, &tm) || !strftime(buf, size, "%Y-%m-%d %H:%M UTC", &tm))
		snprintf(buf, size, "?");
}

void cc_session_describe_correction(const cc_lang *lang, const cc_session_correction *c, bool over, cc_winner played,
                                    char *buf, size_t size)
{
	char when[40], what[160] = "", why[4 * sizeof c->why], by[4 * sizeof c->by], undone_by[4 * sizeof c->undone_by];
	size_t w = 0;
	/* what the record holds, escaped for every output that says it (the
	 * PGN's comment too): an older version kept a reason cut mid-character */
	cc_session_printable(c->why, why, sizeof why);
	cc_session_printable(c->by, by, sizeof by);
	cc_session_printable(c->undone_by, undone_by, sizeof undone_by);
	utc_minute(c->wall_ms, when, sizeof when);
	if (c->sets_result)
		w = cc_session_describe_append(what, sizeof what, w, _("result %s (played %s)"),
		                               cc_session_result_code(true, c->winner), cc_session_result_code(over, played));
	if (c->sets_rated)
		w = cc_session_describe_append(what, sizeof what, w, "%s%s", w ? ", " : "",
		                               c->rated ? _("rated") : _("unrated"));
	size_t len = cc_session_describe_append(buf, size, 0, _("Correction %lld by %s, %s: %s; reason: %s"),
	                                        (long long)c->id, by, when, what, why);
	if (c->undone) {
		utc_minute(c->undone_wall_ms, when, sizeof when);
		cc_session_describe_append(buf, size, len, _(" (undone by %s, %s)"), undone_by, when);
	}
}

