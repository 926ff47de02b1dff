/*
 * store_uno.c: whether a finished Chess-Uno game of the record may count
 * for the ratings (UNO-F10, issue 22). Two things keep it out, whatever
 * its rated flag says: a deal that was given rather than shuffled from
 * the random source (the v10 mark, or for an older game an order its key
 * does not give), and a recorded result its events do not give (a winner
 * changed in the sqlite3 shell): the very check `show` and `verify` make,
 * a replay of the stored events through the core's match, so the rating
 * lists never count a game the record's own events contradict.
 */
#include "chesscubing/game.h"
#include "chesscubing/match.h"
#include "store_internal.h"

static cc_err apply_one(void *ctx, size_t seq, const cc_event *ev, cc_error *err)
{
	(void)seq;
	return cc_match_apply(ctx, ev, err);
}

bool cc_store_uno_counts(cc_store *store, int64_t id)
{
	cc_store_match_info info;
	if (cc_store_match_info_of(store, id, &info, NULL) != CC_OK)
		return false;
	if (!cc_game_has(info.settings.format, CC_GAME_DEALT))
		return true;
	if (info.settings.uno.fixed)
		return false;
	if (!info.over)
		return true; /* counted nowhere yet */
	cc_match *m = NULL;
	if (cc_match_create(&m, &info.settings, NULL) != CC_OK)
		return false;
	bool stands = false;
	if (cc_store_match_events_each(store, id, apply_one, m, NULL) == CC_OK) {
		cc_match_view v;
		cc_match_view_at(m, cc_match_last_time(m), &v);
		stands = v.over && v.winner == info.winner && v.reason == info.reason;
	}
	cc_match_destroy(m);
	return stands;
}
