/*
 * club_corrections.c: the arbiters' club corrections through the session
 * (session_club.h, rules/club.md CL-5.3..CL-5.7), dated by the record's
 * clock. Split from club.c.
 */
#include "chesscubing/session_club.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "club_internal.h"
#include "session_internal.h"

cc_err cc_session_club_correct(cc_session_db *db, const cc_session_correction *c, int64_t *id, cc_error *err)
{
	const cc_clock *clock = cc_session_db_clock(db);
	cc_session_correction dated = *c;
	/* RU-24.3: no reason at all is CL-5.3's missing reason (the store's) */
	cc_err rc = cc_text_check_optional(CC_TEXT_REASON, c->why, sizeof c->why, err);
	if (rc == CC_OK)
		rc = cc_text_check(CC_TEXT_BY, c->by, sizeof c->by, err);
	if (rc != CC_OK)
		return rc;
	dated.wall_ms = clock->wall_ms(clock);
	return cc_store_correction_add(cc_session_db_store(db), &dated, id, err);
}

cc_err cc_session_club_correct_undo(cc_session_db *db, int64_t match_id, const char *by,
                                    cc_session_correction *undone, cc_error *err)
{
	const cc_clock *clock = cc_session_db_clock(db);
	cc_err rc = cc_text_check(CC_TEXT_BY, by ? by : "", CC_NAME_MAX, err); /* RU-24.3 */
	if (rc != CC_OK)
		return rc;
	return cc_store_correction_undo(cc_session_db_store(db), match_id, by, clock->wall_ms(clock), undone, err);
}

cc_err cc_session_club_corrections(cc_session_db *db, int64_t match_id, cc_session_correction **items,
                                   size_t *count, cc_error *err)
{
	return cc_store_corrections(cc_session_db_store(db), match_id, items, count, err);
}

cc_err cc_session_club_corrected_result(cc_session_db *db, int64_t id, cc_winner *winner,
                                       cc_session_correction *by, cc_error *err)
{
	cc_session_correction *items = NULL;
	size_t n = 0;
	cc_err rc = cc_session_club_corrections(db, id, &items, &n, err);
	if (by)
		memset(by, 0, sizeof *by);
	for (size_t i = 0; rc == CC_OK && i < n; i++)
		if (!items[i].undone && items[i].sets_result) {
			*winner = items[i].winner;
			if (by)
				*by = items[i];
		}
	free(items);
	return rc;
}

/* The static text of a pairing's result (session_club.h): a game's, a
 * forfeit's, a bye's, a half-point bye's points, a cancelled game's. */
