/*
 * session_event_export.h: an evening's exports (rules/club.md, CL-4.4 to
 * CL-4.19): every finished game of an event as one PGN, its crosstable as
 * text, CSV or a standalone HTML page that prints on one A4 sheet, and a
 * FIDE Tournament Report File (TRF16, FIDE Handbook C.04 Annex 2).
 *
 * The table (cc_session_event_table) is read once from the club through
 * the session (standings, tie-breaks, ratings: session_club.h); the
 * writers are pure formatting of a table the caller may also build by
 * hand (the tests do), except the PGN, which reads each match back and
 * writes it with the per-match writer (session_export.h).
 *
 * A game's result becomes a symbol in ONE function per export
 * (cc_session_event_trf_symbol, cc_session_event_cell_symbol): a new kind
 * of result is a new cc_event_game_kind and one line in each.
 *
 * Memory: cc_session_event_table() fills a caller-owned table whose games
 * array is malloc'd; cc_session_event_table_free() frees it (a zeroed
 * table is fine). The writers borrow the table.
 */
#ifndef CHESSCUBING_SESSION_EVENT_EXPORT_H
#define CHESSCUBING_SESSION_EVENT_EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "chesscubing/club.h"
#include "chesscubing/session.h"
#include "chesscubing/session_club.h"

/* CC_EVENT_EXPORT_PGN, _CROSSTABLE, _CSV, _HTML, _TRF: one per line of
 * session_event_export_formats.def. */
typedef enum {
#define CC_EVENT_EXPORT_FORMAT(id, spelling) CC_EVENT_EXPORT_##id,
#include "chesscubing/session_event_export_formats.def"
#undef CC_EVENT_EXPORT_FORMAT
} cc_event_export_format;

/* The format spelled text ("pgn", "crosstable", "csv", "html", "trf");
 * CC_ERR_INVALID otherwise. */
cc_err cc_session_event_export_format_parse(const char *text, cc_event_export_format *out);

/* What a game of the event came to, as the exports tell it. */
typedef enum {
	CC_EVENT_GAME_WHITE_WINS,
	CC_EVENT_GAME_DRAW,
	CC_EVENT_GAME_BLACK_WINS,
	CC_EVENT_GAME_BYE,     /* the pairing-allocated bye of an odd round robin (CL-3.4) */
	CC_EVENT_GAME_UNPLAYED, /* not started, in play, or not counted (a withdrawal's, CL-6.3) */
	/* the club's results without a game (rules/club.md, CL-6) */
	CC_EVENT_GAME_WHITE_FORFEIT,  /* +/-: White wins by forfeit */
	CC_EVENT_GAME_BLACK_FORFEIT,  /* -/+ */
	CC_EVENT_GAME_DOUBLE_FORFEIT, /* -/-: neither scores */
	CC_EVENT_GAME_WHITE_HALF_BYE, /* White asked a half-point bye (CL-6.4), Black has the bye's value */
	CC_EVENT_GAME_BLACK_HALF_BYE,
	CC_EVENT_GAME_ZERO_BYE        /* the bye of a withdrawn player, its round begun: nothing (CL-6.3) */
} cc_event_game_kind;

typedef struct {
	unsigned round, board;
	unsigned white, black;   /* start ranks from 1; black 0 for a bye */
	cc_event_game_kind kind;
	int64_t match_id;        /* 0: no match */
	char date[12];           /* "YYYY/MM/DD", the match's creation (UTC); "" with no match */
	double points[2];        /* White's and Black's points from it, when it counts (a bye's value) */
	/* a Swiss's bye of a round published, not begun (CL-10.8): known, so
	 * kind and points are what it gives, but it counts in no standings
	 * yet (CL-3.4) and TRF16 leaves it blank (CL-4.15) */
	bool waiting;
} cc_event_game;

typedef struct {
	unsigned start_rank;     /* the seat from 1, as the players were listed */
	char name[CC_NAME_MAX];
	char federation_id[CC_RECORD_FED_MAX];
	cc_club_standing st;     /* points, rank and tie-breaks as the club gives them (CL-3.4, CL-3.5) */
	bool rated;              /* at least one game of the event counted in the ratings (CL-2.1) */
	double rating;           /* exact, before his first counted game of the event; his
	                          * rating now (the event's list) when none counted */
	double change;           /* sum of his changes over the event's counted games */
	cc_club_tb_values tb;    /* his tie-breaks by code; the event's order is event.tiebreaks (CL-9.1) */
} cc_event_player;

typedef struct {
	cc_session_event event;
	const char *game_label;  /* the class's English label, "ChessCubing Twice V2" */
	unsigned players;
	cc_event_player player[CC_CLUB_PLAYERS_MAX]; /* in standings order, best first */
	size_t games;
	cc_event_game *game;     /* round, then board order */
} cc_event_table;

/* The table of event name. CC_ERR_NOT_FOUND, or the club's errors. */
cc_err cc_session_event_table(cc_session_db *db, const char *name, cc_event_table *out, cc_error *err);

void cc_session_event_table_free(cc_event_table *t);

/* The row (0..players) of the player of start rank, or players when none. */
unsigned cc_session_event_row_of(const cc_event_table *t, unsigned start_rank);

/* TRF16's result character of a game for the player with white (true) or
 * black; a bye is its holder's (white). ' ' for no result (CL-4.15): the
 * TRF then leaves the round blank. A bye's letter of its value:
 * cc_session_event_trf_bye. */
char cc_session_event_trf_symbol(cc_event_game_kind kind, bool white);

/* TRF16's letter of a bye worth points (CL-4.15): the dummy seat's
 * (allocated) 'U' for a full point, otherwise 'F', and 'H' for a half,
 * 'Z' for nothing. */
char cc_session_event_trf_bye(double points, bool allocated);

/* The crosstable's symbol of a game for white or black: "1", "0", "½",
 * "B" (a bye), "." (not played) (CL-4.6). */
const char *cc_session_event_cell_symbol(cc_event_game_kind kind, bool white);

/* Writes t in format (not CC_EVENT_EXPORT_PGN); returns 0, or -1 when out
 * could not be written. */
int cc_session_event_write(FILE *out, const cc_event_table *t, cc_event_export_format format);

/* cc_session_event_write() with the words of a Swiss's crosstable (text
 * and HTML: headings, legend) in lang (NULL: English) (CL-10.8). The round
 * robin's crosstable and every machine format are the same bytes in any
 * language. */
int cc_session_event_write_lang(FILE *out, const cc_lang *lang, const cc_event_table *t,
                                cc_event_export_format format);

/* Writes every finished game of t as PGN, read back from db, its comments
 * in lang (NULL: English); *games receives their number. A match the core
 * refuses on replay: its error. */
cc_err cc_session_event_write_pgn(const cc_lang *lang, FILE *out, cc_session_db *db, const cc_event_table *t,
                                  size_t *games, cc_error *err);

#endif
