/*
 * session_export.h: a stored match written out for other tools.
 *
 *   json      the scripted driver's state object, plus "match_id",
 *             "created_utc" and "events" (every accepted event, in order)
 *   scenario  the events as a scenario (docs/scenario-format.md): running it
 *             with `chesscubing script` gives the same state
 *   pgn       PGN every reader opens: the seven-tag roster, Variant,
 *             TimeControl, the moves when they were recorded with one
 *             comment per move (clocks, blocks, cube phases, corrections,
 *             pauses); where the sides do not alternate, the match goes on
 *             in a new game from the position (SetUp, FEN; Match, Part,
 *             Parts tags)
 *   pgn-null  the same as one game, with PGN's null move "--" where a
 *             side does not move (the ChessBase/SCID convention)
 *   text      the arbiter's report (session_describe.h)
 */
#ifndef CHESSCUBING_SESSION_EXPORT_H
#define CHESSCUBING_SESSION_EXPORT_H

#include <stdio.h>

#include "chesscubing/match.h"
#include "chesscubing/session.h"

typedef enum { CC_EXPORT_JSON, CC_EXPORT_SCENARIO, CC_EXPORT_PGN, CC_EXPORT_PGN_NULL, CC_EXPORT_TEXT } cc_export_format;

cc_err cc_session_export_format_parse(const char *text, cc_export_format *out);

/* Writes the session's match in format to out; returns 0, or -1 when out
 * could not be written or memory ran out. The words of the text report
 * and of PGN's comments in lang (English for NULL, and what PGN readers
 * expect); JSON and the scenario are the same bytes in every language. */
int cc_session_export(const cc_lang *lang, FILE *out, cc_session *session, cc_export_format format);

#endif
