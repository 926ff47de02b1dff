/* live.c: check, commit, apply; and bringing a stored match back. */
#include "live.h"

#include <assert.h>
#include <string.h>

cc_err cc_app_live_apply(cc_app_live *live, const cc_event *ev, cc_error *err)
{
	cc_match_view after;
	cc_err rc = cc_match_check(live->match, ev, &after, err);
	if (rc)
		return rc;
	if (live->store) {
		rc = cc_store_append_event(live->store, live->match_id, cc_match_event_count(live->match), ev, &after,
		                           err);
		if (rc)
			return rc;
	}
	rc = cc_match_apply(live->match, ev, err);
	/* The check just passed: only memory can fail here, and then the
	 * stored event will still replay on resume. */
	assert(rc == CC_OK || rc == CC_ERR_NOMEM);
	return rc;
}

cc_err cc_app_live_create(cc_app_live *live, const char *path, const cc_match_settings *settings, cc_error *err)
{
	memset(live, 0, sizeof *live);
	cc_err rc = cc_store_open(&live->store, path, CC_STORE_WRITE, err);
	if (rc == CC_OK)
		rc = cc_match_create(&live->match, settings, err);
	if (rc == CC_OK)
		rc = cc_store_create_match(live->store, settings, &live->match_id, err);
	if (rc == CC_OK)
		rc = cc_store_lock_match(live->store, live->match_id, err);
	if (rc)
		cc_app_live_close(live);
	return rc;
}

cc_err cc_app_live_resume(cc_app_live *live, const char *path, int64_t id, cc_error *err)
{
	memset(live, 0, sizeof *live);
	cc_err rc = cc_store_open(&live->store, path, CC_STORE_WRITE, err);
	if (rc == CC_OK && id == 0)
		rc = cc_store_latest_unfinished(live->store, &id, err);
	if (rc == CC_OK)
		rc = cc_store_lock_match(live->store, id, err);
	if (rc == CC_OK)
		rc = cc_store_load_match(live->store, id, &live->match, err);
	if (rc) {
		cc_app_live_close(live);
		return rc;
	}
	live->match_id = id;
	/* RU-18: the clocks stopped at the last event; the match comes back paused. */
	int64_t last = cc_match_last_time(live->match);
	cc_match_view v;
	cc_match_view_at(live->match, last, &v);
	if (v.phase == CC_PHASE_BLOCK && v.block_started && !v.paused) {
		cc_event pause = cc_event_pause(last);
		rc = cc_app_live_apply(live, &pause, err);
		if (rc)
			cc_app_live_close(live);
	}
	return rc;
}

void cc_app_live_close(cc_app_live *live)
{
	cc_match_destroy(live->match);
	cc_store_close(live->store);
	live->match = NULL;
	live->store = NULL;
}
