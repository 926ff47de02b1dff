/*
 * record.h: what the record says of a match and of a registered player,
 * as plain structs shared by the two layers that carry them: the store
 * fills them (cc_store_match_info and cc_store_player are these types) and
 * the session hands them to the front ends (cc_session_info is the match's,
 * cc_session_player holds the player's), so no layer copies another's
 * struct field by field. The store never includes the session's headers
 * and the front ends never include the store's: this header, like the
 * core's, has no functions and no I/O.
 *
 * Memory: plain values, fixed arrays; nothing to free.
 */
#ifndef CHESSCUBING_RECORD_H
#define CHESSCUBING_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/common.h"
#include "chesscubing/match.h"

#define CC_RECORD_SHEET_MAX 512 /* the scramble sheet: four lines */
#define CC_RECORD_FED_MAX 32    /* a federation ID and its NUL */
#define CC_RECORD_HEX_MAX 65    /* a SHA-256 or a 32-byte secret in hex and its NUL */

/* What the record says of one match, without replaying it. */
typedef struct {
	int64_t id;
	char created_utc[32]; /* "2026-11-30T14:05:00Z" */
	cc_match_settings settings;
	size_t events;
	bool over;
	cc_winner winner;
	cc_end_reason reason;
	char reason_text[CC_TEXT_MAX];
	/* The winner the club gives it (CL-5.8): winner with the standing
	 * corrections applied, read in the same query as the row. */
	cc_winner club_winner;
	char sheet[CC_RECORD_SHEET_MAX]; /* "" when none was recorded */
	/* Chess-Uno (schema 7): the options and the deal are in settings.uno;
	 * the commitment shown from the start, SHA-256(secret || deal), and
	 * the fairness secret, both in hex, "" when none. The secret is the
	 * store's to fill and the session's to keep: it is "" in every
	 * cc_session_info the session gives out (cc_session_uno_secret()
	 * tells it once the game is over). */
	char commitment[CC_RECORD_HEX_MAX];
	char secret[CC_RECORD_HEX_MAX];
} cc_record_match;

/* A player of the club's registry (CL-1.1): who, not how rated (ratings
 * are the record's replay, CL-2.7, CL-2.12). */
typedef struct {
	int64_t id;
	char name[CC_NAME_MAX];
	char club[CC_NAME_MAX];                /* "" when none */
	char federation_id[CC_RECORD_FED_MAX]; /* "" when none */
} cc_record_player;

/* Issue 22 (CL-5.3..CL-5.7): an arbiter's club correction of a finished
 * match's result and/or rated flag, kept beside the game (whose events and
 * clocks it never touches), logged and undoable. */
typedef struct {
	int64_t id, match_id;
	bool sets_result;           /* winner is the corrected result */
	cc_winner winner;
	bool sets_rated;            /* rated is the corrected flag */
	bool rated;
	char why[CC_TEXT_MAX];      /* the reason given, never empty */
	char by[CC_NAME_MAX];       /* who */
	int64_t wall_ms;            /* when (Unix ms) */
	bool undone;                /* taken back by `correct N --undo` */
	char undone_by[CC_NAME_MAX];
	int64_t undone_wall_ms;
} cc_record_correction;

#endif
