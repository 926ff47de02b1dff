/*
 * session_json.h: a match as the JSON object of the scenario format
 * (docs/scenario-format.md), at a given time.
 *
 * Memory: the returned json_t is new (reference count 1); the caller
 * releases it with json_decref(). NULL when out of memory.
 */
#ifndef CHESSCUBING_SESSION_STATE_JSON_H
#define CHESSCUBING_SESSION_STATE_JSON_H

#include <jansson.h>

#include "chesscubing/match.h"
#include "chesscubing/session.h"

/*
 * with_blocks: include "blocks", the summaries of every decided block. A
 * trace (one state per event) leaves them out, so that each line says what
 * is true now and not the whole history again: its size does not grow with
 * the match ("last_cube" still tells the newest block).
 */
json_t *cc_session_state_json(const cc_match *match, int64_t t_ms, bool with_blocks);

/*
 * Writes state (made without blocks) compactly to out, with the match's
 * block summaries written one by one where its "blocks": null stands: the
 * blocks of a long match (tens of thousands) are never all held as JSON
 * objects at once. Returns 0, or -1 when out could not be written or
 * memory ran out.
 */
/*
 * Chess-Uno: adds "commitment" (shown from the start) to state and, once
 * the game is over, "secret" and "deal" (revealed at the end), so anyone
 * can check SHA-256(secret || deal) against the commitment. Nothing for
 * other formats. Returns 0, or -1 when out of memory.
 */
int cc_session_fairness_json(json_t *state, const cc_session *session);

int cc_session_state_json_write(FILE *out, const json_t *state, const cc_match *match);

/* The summary of decided block i (0 .. cc_match_block_count() - 1) as the
 * state's "blocks" holds it: for writers that stream the blocks one by one
 * (the JSON export). A new object, NULL when out of memory. */
json_t *cc_session_state_json_block(const cc_match *match, size_t i);

#endif
