/*
 * state_json.h: a match as the JSON object of the scenario format
 * (docs/scenario-format.md), at a given time.
 *
 * Memory: the returned json_t is new (reference count 1); the caller
 * releases it with json_decref(). NULL when out of memory.
 */
#ifndef CHESSCUBING_APP_STATE_JSON_H
#define CHESSCUBING_APP_STATE_JSON_H

#include <jansson.h>

#include "chesscubing/match.h"

json_t *cc_app_state_json(const cc_match *match, int64_t t_ms);

#endif
