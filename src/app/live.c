/* live.c: check, commit, apply; and bringing a stored match back. */
#include "live.h"

#include <assert.h>
#include <string.h>
#include <time.h>

int64_t cc_app_wall_ms(void)
{
	struct timespec ts;
	int rc = clock_gettime(CLOCK_REALTIME, &ts);
	assert(rc == 0);
	(void)rc;
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

cc_err cc_app_live_apply(cc_app_live *live, const cc_event *ev, cc_error *err)
{
	cc_match_view after;
	cc_err rc = cc_match_check(live->match, ev, &after, err);
	if (rc)
		return rc;
	if (live->store) {
		rc = cc_store_append_event(live->store, live->match_id, cc_match_event_count(live->match), ev, &after,
		                           cc_app_wall_ms(), err);
		if (rc)
			return rc;
	}
	rc = cc_match_apply(live->match, ev, err);
	/* The check just passed: only memory can fail here, and then the
	 * stored event will still replay on resume. */
	assert(rc == CC_OK || rc == CC_ERR_NOMEM);
	return rc;
}

cc_err cc_app_live_new(cc_app_live *live, cc_store *store, const cc_match_settings *settings, cc_error *err)
{
	memset(live, 0, sizeof *live);
	live->store = store;
	cc_err rc = cc_match_create(&live->match, settings, err);
	if (rc == CC_OK)
		rc = cc_store_create_match(store, settings, NULL, cc_app_wall_ms(), &live->match_id, err);
	if (rc)
		cc_app_live_close(live);
	return rc;
}

cc_err cc_app_live_load(cc_app_live *live, cc_store *store, int64_t id, cc_error *err)
{
	memset(live, 0, sizeof *live);
	live->store = store;
	cc_err rc = id == 0 ? cc_store_latest_unfinished(store, &id, err) : CC_OK;
	if (rc == CC_OK)
		rc = cc_store_lock_match(store, id, err);
	if (rc == CC_OK)
		rc = cc_store_load_match(store, id, &live->match, err);
	if (rc) {
		cc_app_live_close(live);
		return rc;
	}
	live->match_id = id;
	cc_event resume;
	if (cc_match_resume_event(live->match, &resume)) {
		rc = cc_app_live_apply(live, &resume, err);
		if (rc)
			cc_app_live_close(live);
	}
	return rc;
}

/* After opening a database for live: live owns it, or on failure it is closed. */
static cc_err own_store(cc_app_live *live, cc_store *store, cc_err rc)
{
	if (rc) {
		cc_store_close(store);
		memset(live, 0, sizeof *live);
		return rc;
	}
	live->owns_store = true;
	return CC_OK;
}

cc_err cc_app_live_create(cc_app_live *live, const char *path, const cc_match_settings *settings, cc_error *err)
{
	cc_store *store = NULL;
	cc_err rc = cc_store_open(&store, path, CC_STORE_WRITE, err);
	if (rc == CC_OK)
		rc = cc_app_live_new(live, store, settings, err);
	return own_store(live, store, rc);
}

cc_err cc_app_live_resume(cc_app_live *live, const char *path, int64_t id, cc_error *err)
{
	cc_store *store = NULL;
	cc_err rc = cc_store_open(&store, path, CC_STORE_WRITE, err);
	if (rc == CC_OK)
		rc = cc_app_live_load(live, store, id, err);
	return own_store(live, store, rc);
}

void cc_app_live_close(cc_app_live *live)
{
	cc_match_destroy(live->match);
	if (live->owns_store)
		cc_store_close(live->store);
	live->match = NULL;
	live->store = NULL;
	live->owns_store = false;
}
