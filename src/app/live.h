/*
 * live.h: the live path of an event: check with the core, commit to the
 * store, then apply. Used by every front end that changes a match, so the
 * store and the match always agree: an event is in both or in neither.
 *
 * Memory: the caller owns match and store; live only borrows them.
 */
#ifndef CHESSCUBING_APP_LIVE_H
#define CHESSCUBING_APP_LIVE_H

#include "chesscubing/match.h"
#include "chesscubing/store.h"

typedef struct {
	cc_match *match;
	cc_store *store; /* NULL: nothing is persisted */
	int64_t match_id;
	bool owns_store; /* close the store with the match */
} cc_app_live;

/*
 * Applies ev. Refused by the core: its code, nothing stored. Not committed
 * (CC_ERR_STORE): the match is left as it was.
 */
cc_err cc_app_live_apply(cc_app_live *live, const cc_event *ev, cc_error *err);

/*
 * Records a new match with settings in store (borrowed: the caller keeps
 * it open while live is used) and locks it. On success live->match is new.
 */
cc_err cc_app_live_new(cc_app_live *live, cc_store *store, const cc_match_settings *settings, cc_error *err);

/*
 * Locks match id of store (the newest unfinished one when id is 0), loads
 * it, and brings it back paused at the time of its last event if a block
 * was running (RU-18). store is borrowed; on success live->match is new.
 */
cc_err cc_app_live_load(cc_app_live *live, cc_store *store, int64_t id, cc_error *err);

/* cc_app_live_load() on the database at path, which live then owns. */
cc_err cc_app_live_resume(cc_app_live *live, const char *path, int64_t id, cc_error *err);

/* cc_app_live_new() on the database at path, which live then owns. */
cc_err cc_app_live_create(cc_app_live *live, const char *path, const cc_match_settings *settings, cc_error *err);

/* Unix wall time in ms, for the record's commit times (the store reads no clock). */
int64_t cc_app_wall_ms(void);

/* Destroys the match and closes the store (when live owns one). */
void cc_app_live_close(cc_app_live *live);

#endif
