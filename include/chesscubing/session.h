/*
 * session.h: the one way to run a match, for every front end.
 *
 * Owns: the path of an event from a front end to the record and the core
 * (check -> commit -> apply), creating a match (colours by lot, the scramble
 * sheet recorded with it), resuming one (RU-18), recording what time alone
 * changed, and reading a recorded match back (every replayed event checked).
 * The console, the spectator screen, `script`, `resume`, `list`, `show`,
 * `export` and `demo` all go through it: no front end touches the store.
 *
 * Time. The shell reads the clock through one interface, cc_clock: the
 * monotonic clock that stamps events and the wall clock that dates the
 * record. cc_clock_system() reads the real clocks (src/session/clock.c is
 * the only file of the program that does); tests pass a frozen one. The
 * test build (chesscubing-test, never installed) links
 * src/session/clock_test.c instead: there cc_clock_system() is a clock the
 * e2e tests move themselves, through a file.
 *
 * Agreement. An event is in the record and in the match, or in neither.
 * When the record refuses a commit, the match is left as it was. When the
 * match cannot take an event the record already holds (out of memory after
 * the commit), the session is marked broken and refuses every later event
 * with a message saying to resume the match: it never silently diverges.
 *
 * Games. Everything the session asks of the game (check, apply, the
 * event that time alone needs, the resume pause) goes through one table of
 * operations at the top of src/session/session.c, so another kind of game
 * (a plain chess game, Chess-Uno) adds its table and reuses this path, the
 * record and the exports; today the one game is the ChessCubing match.
 *
 * Memory: cc_session_db_open() allocates a database handle that
 * cc_session_db_close() frees (NULL is fine); a session borrows it and must
 * be destroyed first. cc_session_create/resume/read allocate a session that
 * cc_session_destroy() frees (NULL is fine). Pointers returned by accessors
 * are borrowed until the next change to the session. cc_session_db_list()
 * gives a malloc'd array the caller frees with free().
 */
#ifndef CHESSCUBING_SESSION_H
#define CHESSCUBING_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/common.h"
#include "chesscubing/cube.h"
#include "chesscubing/game.h"
#include "chesscubing/match.h"
#include "chesscubing/record.h"
#include "chesscubing/support_lang.h"

/* ---- the shell's clock ------------------------------------------------------ */

typedef struct cc_clock cc_clock;
struct cc_clock {
	int64_t (*monotonic_ms)(const cc_clock *clock); /* never goes back */
	int64_t (*wall_ms)(const cc_clock *clock);      /* Unix time, for the record's dates */
	int64_t frozen_monotonic_ms;                    /* used by cc_clock_frozen() only */
	int64_t frozen_wall_ms;
	int poll_ms; /* 0: time goes on by itself; > 0: moved from outside, read again this often */
};

/* The real clocks (CLOCK_MONOTONIC and CLOCK_REALTIME). */
const cc_clock *cc_clock_system(void);

/* The Chess-Uno deal a test fixed (card IDs, as a scenario's deck=), or
 * NULL: always NULL in the shipped program (clock.c); only the test build's
 * clock_test.c has one to give. The session deals a new game from it in
 * place of the random source, the deal marked fixed (UNO-F10): no front
 * end asks for it. */
const char *cc_clock_test_deck(void);

/* A screen has drawn a frame. The shipped program does nothing (clock.c);
 * the test build counts them into the file CHESSCUBING_TEST_FRAMES names,
 * so a test can see that a screen with nothing to show draws nothing. */
void cc_clock_test_drawn(void);
/* A watcher has asked the record for news; counted, likewise, into the
 * file CHESSCUBING_TEST_POLLS names (nothing in the shipped program). */
void cc_clock_test_polled(void);

/* A clock that reads the two values given, for tests; change them at will. */
cc_clock cc_clock_frozen(int64_t monotonic_ms, int64_t wall_ms);

/* ---- the record ------------------------------------------------------------- */

#define CC_SESSION_SHEET_MAX CC_RECORD_SHEET_MAX /* the scramble sheet: four lines */

typedef struct cc_session_db cc_session_db;

typedef enum {
	CC_SESSION_DB_WRITE, /* a console or `script --db`: may create the file */
	CC_SESSION_DB_READ   /* viewers and exports: never write */
} cc_session_db_mode;

/* What the record says of one match, without replaying it (record.h; its
 * secret is always ""). */
typedef cc_record_match cc_session_info;

/*
 * Opens the database at path (NULL: the default one, matches.db in
 * cc_session_data_folder(), that folder made for WRITE). clock is borrowed for the
 * handle's life (NULL: the system clock). Errors: CC_ERR_STORE (not ours,
 * newer, damaged, read-only for WRITE), CC_ERR_NOT_FOUND (READ, no file).
 */
cc_err cc_session_db_open(cc_session_db **out, const char *path, cc_session_db_mode mode, const cc_clock *clock,
                          cc_error *err);
void cc_session_db_close(cc_session_db *db);

/* Copies the whole record into the new file `to` (SQLite's online backup:
 * safe while consoles write; the copy holds every event committed before
 * it began). Errors: CC_ERR_INVALID when `to` exists, CC_ERR_STORE. */
cc_err cc_session_db_backup(cc_session_db *db, const char *to, cc_error *err);


/* The clock the handle was opened with. */
const cc_clock *cc_session_db_clock(const cc_session_db *db);

/*
 * The data folder, one rule for the default record and every file the
 * program writes beside it (the scramble sheet): $XDG_DATA_HOME/chesscubing
 * when XDG_DATA_HOME is an absolute path (the XDG spec: a relative one is
 * ignored), otherwise $HOME/.local/share/chesscubing. xdg_data_home and
 * home are the environment's values (NULL: unset). False, buf "", when
 * neither gives a folder or it does not fit in size. Makes nothing.
 */
bool cc_session_data_folder_of(const char *xdg_data_home, const char *home, char *buf, size_t size);
/* cc_session_data_folder_of() with this process's environment. */
bool cc_session_data_folder(char *buf, size_t size);
/*
 * The folder of the record db opened: that of the file given (--db FILE:
 * its folder, "." for a bare name) or of the default one, the data folder.
 * db NULL (nothing recorded: the demo) gives the data folder, false when
 * none is known.
 */
bool cc_session_db_folder(const cc_session_db *db, char *buf, size_t size);
/*
 * Writes the scramble sheet of seed (cc_session_describe_sheet's text) as
 * scramble-sheet-<seed>.txt in cc_session_db_folder(db), beside the record,
 * and its path into path, said in lang. False, path "", when it could not
 * be written.
 */
bool cc_session_write_sheet_file(const cc_lang *lang, const cc_session_db *db, uint64_t seed, const char *sheet,
                                 char *path, size_t size);

/*
 * The page's address while `chesscubing serve` runs on the record db, so
 * the console and `watch` can show it (a QR code for the room's phones).
 * serve never writes the record: it announces the address in a side file
 * beside it, "<record>.serve" (the URL and serve's PID, one line each),
 * written whole (a new file renamed over the old, mode 0644) and removed on
 * withdraw. url is one line "http://HOST:PORT/" of printable ASCII, at most
 * CC_SESSION_SERVE_URL_MAX - 1 bytes. False when it could not be written.
 */
#define CC_SESSION_SERVE_URL_MAX 128
bool cc_session_serve_announce(const cc_session_db *db, const char *url);
/* Removes the side file (nothing said when there is none). */
void cc_session_serve_withdraw(const cc_session_db *db);
/*
 * The address announced, into buf (size >= CC_SESSION_SERVE_URL_MAX is
 * enough). False, buf "", when no serve announced one, its PID is no
 * longer alive, or the file holds anything but a URL and a PID.
 */
bool cc_session_serve_url(const cc_session_db *db, char *buf, size_t size);
/* Is text a URL the side file may hold: "http://HOST:PORT/", HOST of
 * letters, digits, '.', '-', or an IPv6 address in brackets. */
bool cc_session_serve_url_valid(const char *text);

/* Every match, oldest first. */
cc_err cc_session_db_list(cc_session_db *db, cc_session_info **items, size_t *count, cc_error *err);
/* Every match, oldest first, one at a time through a cursor of the record:
 * each(ctx, info) per match (info borrowed for the call, nothing replayed);
 * a code other than CC_OK stops the walk and is returned. Memory does not
 * grow with the record (`list` prints as it goes). */
typedef cc_err (*cc_session_list_fn)(void *ctx, const cc_session_info *info, cc_error *err);
cc_err cc_session_db_list_each(cc_session_db *db, cc_session_list_fn each, void *ctx, cc_error *err);
/* The newest matches, as cc_session_db_list_each() gives them: at most
 * limit in play, newest first, then at most limit over, newest first;
 * without reading the rest of the record (the web server's index). */
cc_err cc_session_db_list_newest(cc_session_db *db, size_t limit, cc_session_list_fn each, void *ctx,
                                 cc_error *err);
/* Facts about match id. CC_ERR_NOT_FOUND. */
cc_err cc_session_db_info(cc_session_db *db, int64_t id, cc_session_info *info, cc_error *err);
/* The newest match (only unfinished ones with unfinished); CC_ERR_NOT_FOUND when none. */
cc_err cc_session_db_latest(cc_session_db *db, bool unfinished, int64_t *id, cc_error *err);
/* A number that changes whenever another connection commits (for viewers). */
cc_err cc_session_db_version(cc_session_db *db, int64_t *version, cc_error *err);
/* Is match id held by a console (or `script --db`) now? Never writes. */
cc_err cc_session_db_in_use(cc_session_db *db, int64_t id, bool *in_use, cc_error *err);

/* ---- one match ---------------------------------------------------------------- */

typedef struct cc_session cc_session;

/* A 64-bit number from the system's random source (colours, seeds).
 * CC_ERR_INVALID with the reason when the source fails: never a fixed value. */
cc_err cc_session_random(uint64_t *out, cc_error *err);

/*
 * Creates a match from settings. With colours_by_lot the two names are
 * swapped or not by cc_session_random(). The scramble sheet is derived from
 * the seed and, with db (NULL: nothing recorded), recorded with the match,
 * which this process then holds (a lock the kernel drops at exit). A
 * failure leaves nothing in the record.
 */
cc_err cc_session_create(cc_session **out, cc_session_db *db, const cc_match_settings *settings,
                         bool colours_by_lot, cc_error *err);

/* How a new match joins the club (rules/club.md): unrated (CL-2.1), the
 * event whose pairing it fills (NULL: none, CL-3.3), and that pairing's
 * round and board (round 0: the first unplayed one of its colours; given,
 * a pairing another console took first is refused, CL-3.7); placeholder:
 * which player fields of the setup form were left at their placeholder
 * (the form says so, not the names): then the match names no one and is
 * unrated (cc_club_terms_of, CL-2.11). */
typedef struct {
	bool unrated;
	const char *event;
	unsigned round, board;
	bool placeholder[2]; /* player 1's field, player 2's */
} cc_session_club_options;

/*
 * cc_session_create() with the club's terms (club NULL: rated, in no
 * event). Its two players are found in the registry by name, or added
 * (CL-1.2). CC_ERR_INVALID when the event refuses the match, CC_ERR_LOCKED
 * when the pairing given was taken by another match first (CL-3.7),
 * nothing recorded.
 */
cc_err cc_session_create_club(cc_session **out, cc_session_db *db, const cc_match_settings *settings,
                              bool colours_by_lot, const cc_session_club_options *club, cc_error *err);

/*
 * Holds and reloads match id of db (0: the newest unfinished one), brought
 * back paused at its last event when a block was running (RU-18).
 * CC_ERR_LOCKED when another process holds it.
 */
cc_err cc_session_resume(cc_session **out, cc_session_db *db, int64_t id, cc_error *err);

/*
 * Reads match id of db back (0: the newest), without holding it: for
 * `show`, `export` and the spectator screen. Every stored event is replayed
 * through the core and checked; a record the core refuses is reported.
 */
cc_err cc_session_read(cc_session **out, cc_session_db *db, int64_t id, cc_error *err);

/*
 * The live path: the core checks ev, the record commits it, the match
 * applies it. Refused by the core: its code and message, nothing recorded.
 * Not committed: CC_ERR_STORE, the match as it was. A broken session
 * (see the top) refuses with CC_ERR_STORE.
 */
cc_err cc_session_apply(cc_session *s, const cc_event *ev, cc_error *err);

/*
 * What time alone changed by t_ms (a move lost on the clock, a block
 * ended, a flag fallen) is recorded at once as a tick, so the record holds
 * all a screen shows. *recorded tells whether a tick was recorded. Only a
 * recorded session records; a read-back one never writes.
 */
cc_err cc_session_follow_time(cc_session *s, int64_t t_ms, bool *recorded, cc_error *err);

const cc_match *cc_session_match(const cc_session *s);
/* The match's number in the record; 0 when nothing is recorded. */
int64_t cc_session_id(const cc_session *s);
/* The record's facts (creation date...); id 0 and "" when not recorded. */
const cc_session_info *cc_session_info_of(const cc_session *s);
/* The scramble sheet: cubes 1 to 4, one per line (an unrecorded match
 * derives it on the first call: about 150 ms). */
const char *cc_session_sheet(cc_session *s);
/* Line n (1..4) of a sheet, "" when there is none. */
void cc_session_sheet_line(const char *sheet, int n, char *buf, size_t size);
/* Derives the sheet of seed (the first in a process takes the cube
 * tables, cc_session_cube_tables(), which the session keeps for the
 * process's life). */
cc_err cc_session_sheet_derive(uint64_t seed, char *buf, size_t size, cc_error *err);
/*
 * A read-back session (cc_session_read) brought up to its record: the
 * events recorded since it was read, or last brought up, are read and
 * applied (*added of them), and the record's facts, commit times and
 * resumes read again; a watcher follows a commit in the time of what it
 * added, not of the whole match. On an error (the record lost events it
 * had, an event refused, the store) the session is broken: destroy it
 * and read the match again.
 */
cc_err cc_session_read_more(cc_session *s, size_t *added, cc_error *err);
/* The cube solver's tables for the process, read-only, freed at exit:
 * loaded from the user's cache folder ($XDG_CACHE_HOME/chesscubing, else
 * ~/.cache/chesscubing), checked by the core; built (about 75 ms) and
 * saved there when the file is missing or not valid (cube_cache.c). */
cc_err cc_session_cube_tables(const cc_cube_tables **out, cc_error *err);
/* Wall-clock milliseconds since the last event was committed, by the db's
 * clock; false when the record has no commit time (older schemas). */
bool cc_session_last_event_age(const cc_session *s, int64_t *age_ms);
/* Issue 21: the wall time (Unix ms) of match time t_ms as the record has
 * it: a log line's time of day, the same before and after a resume (each
 * run of a console maps match time to wall time by its own events' stamps
 * and commit times). false when no event at or after t_ms has a commit
 * time (older schemas, nothing recorded). */
bool cc_session_wall_at(const cc_session *s, int64_t t_ms, int64_t *wall_ms);
/* The same for a line of event k of the record (k: its index in record
 * order), or of what time did just before it: exact where two runs share
 * a match time (the last event before a stop and the events the resume
 * and the arbiter's g record at it). */
bool cc_session_wall_at_event(const cc_session *s, size_t k, int64_t t_ms, int64_t *wall_ms);
/* Issue 34: the wall time at which the console running the record showed
 * match time t_ms, by its current run (since the last resume): the least
 * offset of that run's events, so an event committed after its stamp (a
 * solve stamped at the timer's stop, counted seconds later) does not make
 * a follower count the console's time from its commit. A follower takes
 * the console's now as t_ms + (wall now - this). false as cc_session_wall_at. */
bool cc_session_run_wall_at(const cc_session *s, int64_t t_ms, int64_t *wall_ms);
/*
 * Chess-Uno's fairness secret (hex), once the game is over: "" before (it
 * is revealed at the end only) and for other formats. With the deal
 * (settings.uno.deal, which holds every card to come and is likewise
 * shown by no front end before the end) anyone can recompute the
 * commitment (cc_session_commitment).
 */
const char *cc_session_uno_secret(const cc_session *s);

void cc_session_destroy(cc_session *s);

/* ---- provably fair dealing (Chess-Uno; src/session/fair.c) ------------------- */

#define CC_SESSION_SECRET_BYTES 32
#define CC_SESSION_HASH_HEX_MAX 65 /* 64 hex digits of a SHA-256 and the NUL */

/* n bytes from the system's random source, or CC_ERR_INVALID
 * with the reason: never a fixed value. */
cc_err cc_session_random_bytes(void *buf, size_t n, cc_error *err);

/* bytes as lowercase hex into out (cut at size, always ended by a NUL). */
void cc_session_hex(const uint8_t *bytes, size_t n, char *out, size_t size);
/* Reads exactly 2n lowercase hex digits into bytes; false otherwise. */
bool cc_session_unhex(const char *text, uint8_t *bytes, size_t n);

/* Commitment version 1, of games recorded before version 2: SHA-256(secret
 * || deal) in hex, deal being the core's canonical text of the deal. */
void cc_session_commitment(const uint8_t *secret, size_t secret_len, const char *deal,
                           char out[CC_SESSION_HASH_HEX_MAX]);
/* The commitment shown at the start (version 2, RE-3.4): SHA-256(secret ||
 * deal || NUL || options || NUL || white || NUL || black) in hex (fair.c). */
void cc_session_commitment_v2(const uint8_t *secret, size_t secret_len, const char *deal, const char *options,
                              const char *white, const char *black, char out[CC_SESSION_HASH_HEX_MAX]);
/* Version 2 of settings' game: its deal, options and players. */
void cc_session_commitment_of(const uint8_t *secret, size_t secret_len, const cc_match_settings *settings,
                              char out[CC_SESSION_HASH_HEX_MAX]);

/*
 * A fixed deal for tests and scripts, never for a real game: deck (card
 * IDs, "7,3": those on top, the rest after in ascending IDs; NULL: the
 * whole deck shuffled) with reshuffles keyed by seed (cc_uno_key_from_seed,
 * not secret). Writes the deal's text into uno->deal. CC_ERR_INVALID with
 * the reason (an ID not in the filtered deck, or twice).
 */
cc_err cc_session_uno_fixed_deal(cc_match_uno_settings *uno, const char *deck, uint64_t seed, cc_error *err);

/* What `chesscubing verify` found about a recorded Chess-Uno game. */
typedef struct {
	bool ok;                             /* commitment matches and every event replays */
	char commitment[CC_SESSION_HASH_HEX_MAX]; /* recorded at the start */
	char computed[CC_SESSION_HASH_HEX_MAX];   /* the commitment of the record's secret, deal, options, players */
	int version;                         /* the commitment's version found (RE-3.4): 2 binds the options
	                                        and the players, 1 (older records) neither; 0 none matched */
	char secret[CC_SESSION_HASH_HEX_MAX];
	char deal[CC_UNO_DEAL_TEXT_MAX];
	size_t draws;                        /* card events replayed, each the committed order's next card */
	char why[CC_ERROR_MESSAGE_MAX];      /* when not ok: the first failure */
	cc_error detail;                     /* the same as an id with its arguments, when the failure has
	                                        one (UNO-F10: a fixed deal, an order not the key's); code 0 else */
} cc_session_verdict;

/*
 * Checks recorded Chess-Uno game id of db (0: the newest match): the
 * commitment recorded at the start against version 2 of the record's
 * secret, deal, options and players (or version 1 of an older game), then
 * every recorded event replayed on a new game of that deal, each draw
 * refused unless it is the pile's top card. A failure of either is a
 * verdict (ok false, why), not an error. Errors: CC_ERR_NOT_FOUND,
 * CC_ERR_INVALID (not a Chess-Uno game, or not over: the secret is
 * revealed at the end only), CC_ERR_STORE.
 */
cc_err cc_session_verify(cc_session_db *db, int64_t id, cc_session_verdict *out, cc_error *err);

/*
 * RU-18: what a resume gave back. The console writes a last-seen stamp
 * every few seconds while clocks run (cc_session_mark_seen); a resume puts
 * the clocks back to the last event, and this says when the console was
 * last seen, how much of whose thinking time that returned, and the
 * corrections (RU-25) that set the clocks as they stood then (t_ms to be
 * filled by the caller, at the moment the arbiter applies them).
 */
typedef struct {
	int64_t stopped_t_ms;    /* match time the console was last seen at */
	int64_t stopped_wall_ms; /* ... and the wall time then */
	int64_t last_wall_ms;    /* commit time of the last event, where the clocks stand again */
	int64_t returned_ms;     /* thinking time given back */
	cc_side side;            /* whose */
	size_t corrections;
	cc_event correct[2];
} cc_session_returned;

/* True when the resume that made s gave time back (a last-seen stamp past
 * the last event, a block running). */
bool cc_session_resume_returned(const cc_session *s, cc_session_returned *out);

/* Records that the console runs s's clocks at match time t_ms (RU-18). */
cc_err cc_session_mark_seen(cc_session *s, int64_t t_ms, cc_error *err);

/*
 * RU-18 (schema 16): every resume of the match that gave thinking time
 * back, as recorded, oldest first: the report, `show` and the end screen
 * list them. A record older than schema 16 has none.
 */
typedef struct {
	size_t event_seq;        /* the event it recorded (its pause): an index of cc_match_event_at */
	int64_t resumed_wall_ms; /* when the resume was recorded */
	int64_t resumed_t_ms;    /* its match time: the last event's, where the clocks stand again */
	int64_t stopped_t_ms;    /* the console's last-seen stamp: match time... */
	int64_t stopped_wall_ms; /* ... and wall time */
	int64_t last_wall_ms;    /* the last event's commit time */
	int64_t returned_ms;     /* thinking time given back */
	cc_side side;            /* whose */
	bool taken_back;         /* the arbiter took it off again (g) ... */
	int64_t taken_back_t_ms; /* ... at this match time */
} cc_session_resume_entry;

size_t cc_session_resume_count(const cc_session *s);
/* The i-th resume (i < cc_session_resume_count(s)), borrowed until s changes. */
const cc_session_resume_entry *cc_session_resume_at(const cc_session *s, size_t i);

/* After the corrections of cc_session_resume_returned() are applied (g):
 * records that the newest resume's returned time was taken off again by
 * the last event. CC_ERR_STORE. */
cc_err cc_session_returned_taken_back(cc_session *s, cc_error *err);

#endif
