/*
 * session_trf_import.h: an event started from another program's TRF16 /
 * TRF-2016 file (rules/club.md CL-4.22), so that a director may move to
 * this program in the middle of a tournament.
 *
 * Owns: the mapping of the file (read by the core's TRF reader, trf.h) to
 * the club's record: the players in the file's start order as seats, each
 * matched to the registry by his name key or registered, his rating kept
 * as the event's; each round's pairings with their results (a game played
 * elsewhere is a result recorded without a match: never rated), forfeits,
 * byes, half-point byes and absences. The event is a Swiss whose rounds in
 * the file are published.
 *
 * Never: reads the file (the caller hands its text) or rates a game.
 */
#ifndef CHESSCUBING_SESSION_TRF_IMPORT_H
#define CHESSCUBING_SESSION_TRF_IMPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "chesscubing/session_club.h"

/* What an import did. */
typedef struct {
	unsigned players;   /* seats, in the file's start order */
	unsigned rounds;    /* the Swiss's rounds: XXR, else the rounds in the file */
	unsigned published; /* the rounds in the file (paired, published) */
	unsigned registered; /* how many players were new to the registry */
	bool is_new[CC_CLUB_PLAYERS_MAX]; /* by seat */
	char name[CC_CLUB_PLAYERS_MAX][CC_NAME_MAX]; /* by seat, as the file names them */
} cc_session_trf_import;

/*
 * Creates event `name` from the TRF text[0..len) with the terms (format,
 * category, board, clock, claims, as `event create` takes them), in one
 * transaction. CC_ERR_INVALID: a file that does not read (the reader's
 * CC_MSG_TRF_*, err->line set), more players than an event takes, a cell
 * its opponent's contradicts (CC_MSG_TRF_IMPORT_CELL_MISMATCH), a name
 * that is no name, an event of that name (CC_MSG_EVENT_EXISTS); nothing is
 * created then. CC_ERR_STORE, CC_ERR_NOMEM.
 */
cc_err cc_session_club_event_import(cc_session_db *db, const char *name, const char *text, size_t len,
                                    const cc_session_event_terms *terms, cc_session_trf_import *out,
                                    cc_error *err);

/* The ratings event `name`'s players were entered with (CL-4.22), by
 * seat into rating[CC_CLUB_PLAYERS_MAX]; 0: none (the club's rating).
 * CC_ERR_NOT_FOUND, CC_ERR_STORE. */
cc_err cc_session_club_event_entered_ratings(cc_session_db *db, const char *name, unsigned *rating, cc_error *err);

#endif
