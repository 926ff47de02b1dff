/*
 * session_sheet.h: the printable scramble sheet (rules/cube.md, CU-6): one
 * A4 page, as a PDF or an SVG, with the match's header and, for each of
 * the cubes 1 to 4, its scramble in WCA notation and a drawing of the
 * scrambled cube's net in WCA colours (U white, F green, R red, D yellow,
 * L orange, B blue; U above F, then L F R B in a row, D below F), the
 * stickers computed by the cube module (cc_cube_facelets). The words are
 * in the catalogue's language (the caller's setlocale/textdomain).
 *
 * The drawing is cairo's. It is opened at the first sheet (dlopen of
 * libcairo.so.2, the Debian package libcairo2), so that every other
 * command starts without cairo's fifteen libraries; a machine without it
 * is told so and nothing is written.
 *
 * Ownership: the page's strings are the caller's, read during the call.
 * The file is written whole or not at all (a temporary file beside it,
 * renamed over the path; mode 0644, the sheet is no secret).
 */
#ifndef CHESSCUBING_SESSION_SHEET_H
#define CHESSCUBING_SESSION_SHEET_H

#include <stdint.h>

#include "chesscubing/common.h"
#include "chesscubing/session.h"

typedef enum { CC_SHEET_PDF, CC_SHEET_SVG } cc_sheet_picture;

typedef struct {
	int64_t match_id;  /* 0: the sheet of a seed, before (or without) its match */
	const char *white; /* the players as recorded; NULL or "" when none */
	const char *black;
	bool colours_by_lot; /* before the match: white and black are the two players, colours not yet drawn */
	const char *game;  /* the format's label as said ("" or NULL when none) */
	const char *date;  /* "2026-12-02": the caller's, for the core reads no clock */
	uint64_t seed;
	const char *sheet; /* the four lines (cc_session_sheet_derive, a record's sheet) */
	/* issue 33: the event game's pairing (CU-6.2): event NULL or "" when none */
	const char *event;
	unsigned round, board;
} cc_session_sheet_page;

/* The page's size in PostScript points (A4). */
#define CC_SHEET_PAGE_WIDTH 595.276
#define CC_SHEET_PAGE_HEIGHT 841.890

/* Where the page draws sticker facelet (cc_cube_facelets' numbering) of
 * cube n (1..4): box[0], box[1] the top left corner, box[2] the side, in
 * points from the page's top left corner. */
void cc_session_sheet_sticker_box(int n, int facelet, double box[3]);

/* Writes the page to path ("-": standard output) as a PDF or an SVG, its
 * words in lang.
 * Refuses (CC_MSG_SHEET_*) a sheet whose lines are not four scrambles, a
 * machine without cairo, a file that cannot be written. */
cc_err cc_session_sheet_print(const cc_lang *lang, const cc_session_sheet_page *page, cc_sheet_picture kind,
                              const char *path, cc_error *err);

/* The console's w: the page as scramble-sheet-<seed>.pdf in
 * cc_session_db_folder(db), beside the text sheet; path receives its
 * name ("" when it was not written, err then says why). */
cc_err cc_session_write_sheet_pdf(const cc_lang *lang, const cc_session_db *db, const cc_session_sheet_page *page,
                                  char *path, size_t size, cc_error *err);

/*
 * The match sheet the arbiter and the players sign (RE-9): one A4 page,
 * its words in lang: the match, its event and round (read from db when
 * given, NULL: none said), the players, the format and category, each
 * block, the arbiter's interventions, the result and its reason, and a
 * signature box for the arbiter and each player. Written to path ("-":
 * standard output) whole or not at all; refuses (CC_MSG_SHEET_*) a
 * machine without cairo or a file that cannot be written.
 */
cc_err cc_session_match_sheet_print(const cc_lang *lang, cc_session_db *db, cc_session *session,
                                    cc_sheet_picture kind, const char *path, cc_error *err);

/* The end screen's key: the match sheet as match-sheet-<id>.pdf in
 * cc_session_db_folder(db); path receives its name ("" when not written,
 * err then says why). */
cc_err cc_session_write_match_sheet_pdf(const cc_lang *lang, cc_session_db *db, cc_session *session, char *path,
                                        size_t size, cc_error *err);

#endif
