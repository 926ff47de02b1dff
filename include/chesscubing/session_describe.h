/*
 * session_describe.h: the one text renderer: what the program says about a match,
 * in the language it is given (lang: a row of languages.def; NULL says
 * English). It reads no process-wide language: the console and the
 * commands pass the one chosen at start-up, the web server each request's
 * (support_lang.h). The console's screens and dialogs, the text report, `show`,
 * `demo` and every export say an event, a block, a cube phase or a result
 * through these functions, so no two places can tell it differently.
 *
 * Facts come from the core's views only (block_end, cube_winner, capped,
 * adjust_ms): nothing here decides how a block ended or who won.
 *
 * Memory: every function writes into the caller's buffer, cut at size
 * (never mid-character: texts are cut at a UTF8 boundary).
 */
#ifndef CHESSCUBING_SESSION_DESCRIBE_H
#define CHESSCUBING_SESSION_DESCRIBE_H

#include <stdio.h>

#include "chesscubing/dutch_explain.h"
#include "chesscubing/match.h"
#include "chesscubing/session.h"
#include "chesscubing/session_club.h"
#include "chesscubing/support_lang.h"

/* RE-10.1 (issue 35 item 6): did side's solve time in the current cube
 * phase come from a Stackmat timer (not typed)? Its cube event is the
 * side's last in what the match stands on (an undone one left out);
 * false when it has none. For the screens that mark a counted time. */
bool cc_session_solve_from_timer(const cc_match *match, cc_side side);

/* "Alice plays e4", "Bruno moves, check", "Alice solves in 21.37", ... */
void cc_session_describe_event(const cc_lang *lang, const cc_event *ev, const cc_match_settings *settings, char *buf,
                               size_t size);

/* "Alice wins by checkmate", "no winner, by arbiter decision: ...", "in progress". */
void cc_session_describe_result(const cc_lang *lang, const cc_match_view *v, const cc_match_settings *settings,
                                char *buf, size_t size);

/* A chess game and Chess-Uno are games, ChessCubing's two formats matches:
 * what every screen, report and export calls them. */
bool cc_session_format_is_game(cc_format format);

/*
 * The scoresheet of moves recording, to compare with the players' sheets:
 * cc_session_scoresheet_lines() lines, each one of "Block 2" (a block's
 * heading) or "  12. Nf3              Nf6" (the move number, White's move,
 * Black's, in the language's letters; "-- (lost)" for a move lost on the
 * clock, "(free)" after a double move's free move). None without moves.
 */
size_t cc_session_scoresheet_lines(const cc_match *match);
void cc_session_scoresheet_line(const cc_lang *lang, const cc_match *match, size_t index, char *buf, size_t size);

/* "1-0", "0-1", "1/2-1/2", or "*" while the match is not over. */
const char *cc_session_result_code(bool over, cc_winner winner);

/* A chess game's time control as the arbiter typed it: "5+3", "90+30", "none". */
void cc_session_time_control(const cc_lang *lang, const cc_match_settings *settings, char *buf, size_t size);

/* Why a match ended: "checkmate", "resignation", "arbiter decision". */
const char *cc_session_reason_text(const cc_lang *lang, cc_end_reason reason);

/* A format as the human listings name it: its title in the language
 * ("ChessCubing Twice", "Chess game"); the record's spelling is for the
 * machine outputs only. */
const char *cc_session_format_text(const cc_lang *lang, cc_format format);

/* A category as the rules write it, in every language: "FAST", "FREEZE",
 * "MASTERS" (CO-3.1), like the product's name. */
const char *cc_session_category_text(cc_category category);

/* A chess game's draw claims in words: "auto" or "manual" (FI-9.2). */
const char *cc_session_claims_text(const cc_lang *lang, cc_claims claims);

/* A board in words: "standard" or "checkered" (CK-1). */
const char *cc_session_variant_text(const cc_lang *lang, cc_chess_variant variant);

/*
 * A cube phase's outcome, as the block screen and the reports say it:
 * "Cube 2: Alice won (White 18.00, Black 19.50)." (Twice) or "Cube 1: White
 * 35.00, Black 2:30.00. Clocks: White -35.00 s, Black -120.00 s. Black's
 * 2:30.00 counts as 120 s (cap)." (Time).
 */
void cc_session_describe_cube(const cc_lang *lang, const cc_block_summary *b, const cc_match_settings *settings,
                              char *buf, size_t size);

/*
 * A whole block and its cube phase in one paragraph: who started, the
 * double move, how it ended, the moves of each player, then the cube
 * phase as cc_session_describe_cube() says it.
 */
void cc_session_describe_block(const cc_lang *lang, const cc_block_summary *b, const cc_match_settings *settings,
                               char *buf, size_t size);

/* Both players' moves, each count in the form it takes: "Alice 1 counted
 * move, Bruno 2 counted moves" (counted) or "Alice 1 move, Bruno 2 moves"
 * (issue 35 N9: the report, the end screen and the match sheet). */
void cc_session_describe_move_counts(const cc_lang *lang, bool counted, const char *white, int w, const char *black,
                                     int b, char *buf, size_t size);

/*
 * What changed from before to after (two views of one match, after the
 * later): moves lost on the clock, a double move's advantage gone, a block
 * over, a tie replayed, a cube phase won. One sentence per line, joined by
 * '\n'; "" when nothing changed.
 */
void cc_session_describe_changes(const cc_lang *lang, const cc_match_view *before, const cc_match_view *after,
                                 const cc_match_settings *settings, char *buf, size_t size);

/* The club's word on a match (rules/club.md), for `show` and the end
 * screen alike, from cc_session_club_match()'s answer. */

/* A rating's tier as said: "silver" ("argent"). */
const char *cc_session_tier_text(const cc_lang *lang, double rating);

/* One player's change in a counted match (CL-4.2): "Anne 1000 -> 1020
 * (+20.0, silver)": the ratings as shown, the exact change, the tier after. */
void cc_session_describe_rating(const cc_lang *lang, const char *name, double before, double after, char *buf,
                                size_t size);

/* "Event: Club night, round 1" ("" for a match in no event), then the
 * ratings: "Ratings: Anne 1000 -> 1020 (+20.0, silver), Dmitri ..." or
 * "Ratings: not counted (unrated)"; two lines joined by '\n'. */
void cc_session_describe_club(const cc_lang *lang, const cc_session_match_club *club, const cc_match_settings *settings,
                              char *buf, size_t size);

/* CL-5.6: one club correction of a match whose result as played is
 * played (over), on one line: "Correction 1 by Marie, 2026-12-02 03:10
 * UTC: result 0-1 (played 1-0), unrated; reason: ..." and, when undone,
 * "(undone by Paul, 2026-12-02 03:20 UTC)". */
void cc_session_describe_correction(const cc_lang *lang, const cc_session_correction *c, bool over, cc_winner played,
                                    char *buf, size_t size);

/*
 * The scramble sheet of seed, the one text every place gives it in (the
 * setup screen, the file written beside the record, the report,
 * `scramble --sheet`): a heading naming the seed, how to apply it, an
 * empty line, then "Cube n: <scramble>" for cubes 1 to 4 (sheet as
 * cc_session_sheet() gives it); every line ended by '\n'.
 */
void cc_session_describe_sheet(const cc_lang *lang, uint64_t seed, const char *sheet, char *buf, size_t size);

/*
 * text made safe to print on a terminal or in a file read by people: every
 * control character and every byte that is not valid UTF8 becomes \xNN, so
 * a name from a crafted record cannot move the cursor, clear the screen or
 * write to the clipboard (ESC, OSC 52). Cut between whole characters.
 */
void cc_session_printable(const char *text, char *buf, size_t size);

/*
 * The one CSV cell writer (RFC 4180), every CSV output's text cells
 * (docs/output-formats.md): text printable as cc_session_printable makes
 * it (a control character or an invalid byte as \xNN), quoted when it holds
 * a comma or a quote (each quote doubled); and a text a spreadsheet would
 * take for a formula, beginning with '=', '@', '+', '-', a tab or a CR,
 * quoted with a single quote ' before it, as OWASP's "CSV injection" page
 * recommends (RU-24.4), so "=cmd|' /C calc'!A0" is a text, never run.
 */
void cc_session_csv_cell(FILE *out, const char *text);

/*
 * The arbiter's report of a read-back or live session: header, result,
 * (with sheet) the scramble sheet, one paragraph per block and, with
 * events, the event log where each change time alone made is told at its
 * time. Returns 0, or -1 when out could not be written or memory ran out.
 */
int cc_session_write_report(const cc_lang *lang, FILE *out, cc_session *session, bool sheet, bool events);

/* RU-18: what a resume gave back, as the resumed screen, the log and the
 * report say it: "the console stopped at 00:16:49; clocks put back to the
 * last event (00:16:41): 0:08.1 of Bob's thinking time returned" (times of
 * day local). */
void cc_session_describe_returned(const cc_lang *lang, int64_t stopped_wall_ms, int64_t last_wall_ms,
                                  int64_t returned_ms, const char *name, char *buf, size_t size);

/* One recorded resume: "resume: " and the sentence above, with "; taken
 * off again at 0:12.0 (g)" when the arbiter did. */
void cc_session_describe_resume(const cc_lang *lang, const cc_session_resume_entry *r,
                                const cc_match_settings *settings, char *buf, size_t size);

/*
 * Issue 21: the arbiter's interventions in session's match, the one
 * listing `show`, the report and the end screen give: fn is called with a
 * heading counting them (t_ms -1: "Arbiter's interventions: 1 corrections,
 * ..., 2 resumes."), then with each correction, undo, hold, move declared
 * in time and resume (with the time it gave back) at its match time, in
 * the record's order. Returns the lines given, 0 (and no call) when the
 * arbiter did nothing.
 */
typedef void cc_session_line_fn(void *ctx, int64_t t_ms, const char *text);
size_t cc_session_interventions(const cc_lang *lang, const cc_session *session, cc_session_line_fn *fn, void *ctx);

/*
 * The event log of a match as the report tells it, one line at a time:
 * each accepted event (an undo names what it takes back), what it did at
 * its time, and what time alone changed, told at the time it happened.
 * A Chess-Uno game is told by the steps of its history (an undone step is
 * not told), as the console logs them. `watch` fills its log from it.
 * Returns 0, or -1 when memory ran out or an event is refused on replay
 * (said in an ERROR line first).
 */
typedef enum {
	CC_SESSION_LOG_EVENT, /* an accepted event, at its time */
	CC_SESSION_LOG_TICK,  /* a tick: time passing, recorded for what it changed */
	CC_SESSION_LOG_AFTER, /* what the event above did, at its time */
	CC_SESSION_LOG_TIME,  /* what time alone changed, at the time it happened */
	CC_SESSION_LOG_ERROR  /* the replay refused an event (t_ms -1) */
} cc_session_log_kind;
typedef void cc_session_log_fn(void *ctx, int64_t t_ms, cc_session_log_kind kind, const char *text);
int cc_session_event_log(const cc_lang *lang, const cc_match *match, cc_session_log_fn *fn, void *ctx);
/* The same from event from on (its index in the record), what time did
 * before it included: the events before are replayed and not told, so a
 * log that keeps its last lines (the console's, `watch`'s) costs one
 * replay of the match, not the telling of it. A Chess-Uno game is told
 * whole (its steps are not its events, and are few). */
int cc_session_event_log_from(const cc_lang *lang, const cc_match *match, size_t from, cc_session_log_fn *fn,
                              void *ctx);
/* A log told on as its match grows (`watch` following a commit tells the
 * events it added, not the whole match): a cursor replays and tells the
 * events of match from where it stands to the match's last, those before
 * event from replayed only. One cursor follows one match, which only
 * grows; a Chess-Uno game has none (NULL, as when memory ran out: tell
 * it whole). _more returns as cc_session_event_log; after -1 the cursor
 * is to be destroyed. */
typedef struct cc_session_log_cursor cc_session_log_cursor;
cc_session_log_cursor *cc_session_log_cursor_create(const cc_match *match);
void cc_session_log_cursor_destroy(cc_session_log_cursor *cur);
/* The next event the cursor will tell (the events before it are told). */
size_t cc_session_log_cursor_next(const cc_session_log_cursor *cur);
int cc_session_event_log_more(const cc_lang *lang, cc_session_log_cursor *cur, const cc_match *match, size_t from,
                              cc_session_log_fn *fn, void *ctx);

/* ---- Chess-Uno (describe_uno.c) ------------------------------------------------ */

/* A card for people: "5 red", "Inversion (blue)", "Joker", "+4"; "no card". */
void cc_session_uno_card_text(const cc_lang *lang, int id, char *buf, size_t size);
/* A card in a few big letters: "5", "+2", "INV", "SKIP", "JOKER", "+4"; "" none. */
void cc_session_uno_card_big(const cc_lang *lang, int id, char *buf, size_t size);
/* What one step of the game did: "Alice (White's army) draws 3 red: up to 3 moves". */
void cc_session_describe_uno_step(const cc_lang *lang, const cc_uno_step *step, const cc_match_settings *settings,
                                  char *buf, size_t size);
/* What the last step of match's game did (cc_session_describe_uno_step);
 * false, buf "", before any step or in a game that is not dealt. */
bool cc_session_describe_last_uno_step(const cc_lang *lang, const cc_match *match, char *buf, size_t size);
/* Which player holds side's army now: an Inversion gives it to the other
 * (in a game that is not dealt, side itself). */
cc_side cc_session_uno_holder(const cc_match *match, cc_side side);
/* The pile's count, each discard, the recoverable pawns, who holds which army. */
void cc_session_describe_uno_table(const cc_lang *lang, const cc_uno_game *game, const cc_match_settings *settings,
                                   char *buf, size_t size);
/* The report of a Chess-Uno game: header, commitment (the secret and the
 * deal once over), the table, the position and, with events, each step. */
int cc_session_write_uno_report(const cc_lang *lang, FILE *out, cc_session *session, bool events);

/* UNO-F10: "Fixed deal: the cards were not shuffled; not rated." for a
 * Chess-Uno game whose deal was given (settings->uno.fixed), in the
 * user's language; NULL for a deal shuffled from the random source and
 * for other formats. Said by every listing, report, export and screen. */
const char *cc_session_describe_uno_fixed(const cc_lang *lang, const cc_match_settings *settings);

/* Room for any refusal said in any language of the table (a translation
 * may take three times the English bytes: accents are two bytes, the
 * pseudo-language's lengthened words more): every front end's buffer. */
#define CC_SESSION_REFUSAL_MAX 1024

/* Any refusal in the user's language, from its id and its arguments, each
 * said by its type (describe_refusal.c); cut, if ever, on a whole
 * character. */
void cc_session_describe_refusal(const cc_lang *lang, const cc_error *err, char *buf, size_t size);

/* A message of the table that takes no argument (a club's "why not
 * counted"), in the user's language. */
void cc_session_describe_msg(const cc_lang *lang, cc_msg msg, char *buf, size_t size);

/* A number written with "." said with the language's decimal separator
 * (French "2:59,9"). */
void cc_session_decimal_local(const cc_lang *lang, char *buf);

/* A move's SAN with the language's piece letters (French R D T F C): the
 * record keeps English SAN, the words follow the reader. The one owner of
 * the piece letters: the console and every text go through these two. */
void cc_session_san_local(const cc_lang *lang, const char *san, char *out, size_t size);
/* A move typed with the language's letters, as the English SAN the event
 * carries ("Cf3" -> "Nf3" in French; English N, B, Q stay accepted). */
void cc_session_san_english(const cc_lang *lang, const char *typed, char *out, size_t size);
/* The other reading of a move typed with the language's letters: a letter
 * that is a piece in both alphabets read the English way (the French R,
 * king, read as the English rook). Returns false, out as
 * cc_session_san_english writes it, when there is no other reading. */
bool cc_session_san_english_other(const cc_lang *lang, const char *typed, char *out, size_t size);

/* Appends to buf (holding len bytes) what fmt says, cut at size without
 * leaving half a UTF-8 character; returns the new length. */
size_t cc_session_describe_append(char *buf, size_t size, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/*
 * A Swiss round's pairing explained (issue 33, slice explain; rules/swiss.md
 * SW-5), from the facts cc_dutch_explain() gives: for board (0-based;
 * x->nboards says the pairing-allocated bye) one or two lines, "Board 1:
 * Anne (no. 1, score 2) against Bruno (no. 4, score 2): score group 2, ..."
 * then "Colours by E1, ...". names[i] is the name of the input's player i
 * (any bytes: said printable, RU-24.3); width wraps each line at that many
 * columns (display width, continuation lines indented by two), 0 none.
 * Every line ends with '\n'.
 */
void cc_session_describe_pairing_board(const cc_lang *lang, const cc_dutch_explanation *x, unsigned board,
                                       const char *const names[], int width, char *buf, size_t size);

/* The whole round to out, for `pair --explain` and `event pair --explain`:
 * a heading, each board, the bye. in and p as cc_dutch_pair() took and gave
 * them. Returns 0, or -1 when out of memory or out fails. */
int cc_session_write_pairing(FILE *out, const cc_lang *lang, const cc_dutch_input *in, const cc_dutch_pairing *p,
                             const char *const names[], int width);

#endif
