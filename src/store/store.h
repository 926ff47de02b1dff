/*
 * store.h: the match record on disk (SQLite), so that no accepted event is
 * ever lost.
 *
 * Owns: one database file holding matches (settings, players, creation
 * time, scramble sheet, result) and the append-only list of each match's
 * accepted events with the time stamps fed to the core. Replaying those
 * events through cc_match_apply() rebuilds the exact match. The file runs
 * in WAL mode (verified) with synchronous=FULL: when cc_store_append_event()
 * returns CC_OK the event is on disk. A console's claim on a match is a
 * lock on the database file itself, whatever path reaches it.
 *
 * Never: overwrites a file that is not one of ours, of a newer schema, or
 * damaged; opening such a file fails with a message and writes nothing.
 * Reads no clock: every time (creation, commit) is given by the caller as
 * Unix wall time in milliseconds. A reader (CC_STORE_READ) writes nothing
 * and leaves no -wal/-shm file it did not find. Only this module includes
 * <sqlite3.h>.
 *
 * Memory: cc_store_open() allocates the store, cc_store_close() frees it
 * (NULL is fine) and releases its match locks. cc_store_match_events() and
 * cc_store_list() give malloc'd arrays the caller frees with free(). The
 * store never runs a game: what needs a replay (UNO-F10) is asked of the
 * opener (cc_store_open_judged). Strings passed in are copied; nothing is kept.
 * A process uses its stores from one thread: their connections are opened
 * without SQLite's mutexes (SQLITE_OPEN_NOMUTEX), taken at every call.
 *
 * Errors: each failure is a message id of messages.def with SQLite's result
 * code (or an errno) as a typed argument, never SQLite's English. Wherever
 * CC_ERR_STORE is said below, CC_ERR_BUSY may come instead: the record was
 * held by another writer past the busy wait (5 s), and the same call may
 * go through later.
 */
#ifndef CHESSCUBING_STORE_H
#define CHESSCUBING_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "chesscubing/club.h"
#include "chesscubing/common.h"
#include "chesscubing/match.h"
#include "chesscubing/record.h"

#define CC_STORE_SCHEMA_VERSION 19
#define CC_STORE_SHEET_MAX CC_RECORD_SHEET_MAX

typedef struct cc_store cc_store;

typedef enum {
	CC_STORE_WRITE, /* the arbiter's console: may create the file */
	CC_STORE_READ   /* viewers and exports: never write */
} cc_store_mode;

/* What the record says of one match (record.h), the secret included. */
typedef cc_record_match cc_store_match_info;

/*
 * Writes the default database path, matches.db in folder, into buf; with
 * create, makes the folder. The folder is the session's to decide (its
 * data-folder rule, cc_session_data_folder): the store reads no
 * environment. Errors: CC_ERR_STORE when folder is NULL (no home is known)
 * or the folder cannot be made.
 */
cc_err cc_store_default_path(const char *folder, char *buf, size_t size, bool create, cc_error *err);

/*
 * Opens (CC_STORE_WRITE: creates if missing, finishes a creation that was
 * interrupted, migrates an older schema) the database at path. A reader
 * opens it read-only and works in a folder it cannot write. Errors, nothing
 * written: CC_ERR_STORE for a file that is not a ChessCubing database, is
 * of a newer schema, is read-only (WRITE), is damaged, cannot use WAL
 * (WRITE: a file system without shared memory), or cannot be opened;
 * CC_ERR_NOT_FOUND for a missing file, or one whose creation was never
 * finished (READ).
 */
cc_err cc_store_open(cc_store **out, const char *path, cc_store_mode mode, cc_error *err);

/*
 * Does finished match info stand as its stored events give it (UNO-F10)?
 * The session's replay through the core: the store reads rows and never
 * runs a game, so a writer's rating cache asks this of whoever opened it.
 */
typedef bool (*cc_store_stands_fn)(cc_store *store, const cc_store_match_info *info);

/* cc_store_open() with the replay its ratings ask (NULL: every finished
 * game stands as recorded). The session opens every record this way. */
cc_err cc_store_open_judged(cc_store **out, const char *path, cc_store_mode mode, cc_store_stands_fn stands,
                            cc_error *err);

/*
 * The files whose writes are the record's news (SQLite's knowledge, kept
 * here): the database by its real path, the journal its commits land in
 * (WAL: the -wal beside it) and the folder both are named in, each written
 * into its buffer of size bytes; false when a path does not fit.
 */
bool cc_store_news_files(const cc_store *store, char *db, char *journal, char *folder, size_t size);

/* Closes the database (every statement is finalized by then) and frees store. */
void cc_store_close(cc_store *store);

/*
 * Copies the whole database, as of one moment, into a new file `to`
 * through SQLite's online backup (sqlite3_backup_*), while consoles go on
 * writing: one read transaction, so the copy holds every event committed
 * before it began and nothing half-written. The copy is written beside as
 * `to`.part, then renamed, and is a single file (no -wal). Errors:
 * CC_ERR_INVALID when `to` exists (never overwritten), CC_ERR_STORE.
 */
cc_err cc_store_backup(cc_store *store, const char *to, cc_error *err);

/*
 * Records a new match (CC_STORE_WRITE) with its scramble sheet (one
 * scramble per line, cubes 1 to 4; NULL or "" for none) and its creation
 * time wall_ms (Unix time in ms, stored as created_utc), and locks it for
 * this store as cc_store_lock_match() does; *id receives its number. All or
 * nothing: on any error, the lock refused included, no match is left.
 * Errors: CC_ERR_INVALID (wall_ms out of range), CC_ERR_LOCKED, CC_ERR_STORE.
 */
cc_err cc_store_create_match(cc_store *store, const cc_match_settings *settings, const char *sheet,
                             int64_t wall_ms, int64_t *id, cc_error *err);

/*
 * Stores the scramble sheet shown to the arbiter for match id (NULL or ""
 * for none), for a match recorded without one (schema 1, older programs),
 * so the same text is shown for good. CC_ERR_STORE.
 */
cc_err cc_store_set_sheet(cc_store *store, int64_t id, const char *sheet, cc_error *err);

/*
 * Locks match id for this store (CC_STORE_WRITE), released by
 * cc_store_unlock_match(), at close or at process death. The lock is on
 * the database file itself (an OFD lock on byte (1 << 62) + id, a range
 * SQLite never uses), so it holds against any
 * path to the file (symlink, hard link) and against other stores of this
 * process. CC_ERR_LOCKED when another store or process holds it;
 * CC_ERR_STORE when the system refuses the lock.
 */
cc_err cc_store_lock_match(cc_store *store, int64_t id, cc_error *err);

/*
 * CL-5.1: releases this store's lock on match id at once (a match over,
 * or left for the next), so another process may take it; nothing when
 * the store does not hold it. The lock can be taken again later.
 */
void cc_store_unlock_match(cc_store *store, int64_t id);

/*
 * Appends accepted event number seq (from 0) of match id, committed at
 * wall_ms (Unix time in ms, the caller's clock), and the result as of
 * after, in one committed transaction. CC_ERR_STORE when it could not be
 * committed (disk full, I/O error, seq already stored): then nothing was
 * recorded.
 */
cc_err cc_store_append_event(cc_store *store, int64_t id, size_t seq, const cc_event *ev,
                             const cc_match_view *after, int64_t wall_ms, cc_error *err);

/* The stored events of match id, in order: a malloc'd array of *count the
 * caller frees (NULL when none). The store reads rows; the session replays
 * them (cc_session_replay). CC_ERR_STORE, CC_ERR_NOMEM. */
cc_err cc_store_match_events(cc_store *store, int64_t id, cc_event **out, size_t *count, cc_error *err);

/* The stored events of match id, in order, one at a time: each(ctx, seq,
 * event) is called per row, the event borrowed for the call, and a code
 * other than CC_OK stops the read and is returned. Memory independent of
 * the match's length. CC_ERR_STORE, or each's code. */
typedef cc_err (*cc_store_event_fn)(void *ctx, size_t seq, const cc_event *ev, cc_error *err);
cc_err cc_store_match_events_each(cc_store *store, int64_t id, cc_store_event_fn each, void *ctx, cc_error *err);
/* The same from event number from on (a reader following a match reads
 * only what was added since it last read). */
cc_err cc_store_match_events_from(cc_store *store, int64_t id, size_t from, cc_store_event_fn each, void *ctx,
                                  cc_error *err);

/* Facts about match id. CC_ERR_NOT_FOUND, CC_ERR_STORE. */
cc_err cc_store_match_info_of(cc_store *store, int64_t id, cc_store_match_info *info, cc_error *err);

/* Every match, oldest first. */
cc_err cc_store_list(cc_store *store, cc_store_match_info **items, size_t *count, cc_error *err);

/* Every match, oldest first, one row at a time (a cursor, not an array):
 * each(ctx, info) per match, info borrowed for the call; a code other than
 * CC_OK stops the read and is returned. Memory independent of the record's
 * size. CC_ERR_STORE, CC_ERR_NOMEM, or each's code. */
typedef cc_err (*cc_store_list_fn)(void *ctx, const cc_store_match_info *info, cc_error *err);
cc_err cc_store_list_each(cc_store *store, cc_store_list_fn each, void *ctx, cc_error *err);

/* The newest matches without reading the whole record: at most limit of
 * those in play, newest first, then at most limit of those over, newest
 * first, each given to each as by cc_store_list_each(). What a page of
 * the newest matches shows (the web server's index). CC_ERR_STORE,
 * CC_ERR_NOMEM, or each's code. */
cc_err cc_store_list_newest(cc_store *store, size_t limit, cc_store_list_fn each, void *ctx, cc_error *err);

/* The newest match without a result; CC_ERR_NOT_FOUND when there is none. */
cc_err cc_store_latest_unfinished(cc_store *store, int64_t *id, cc_error *err);

/* The newest match of any kind; CC_ERR_NOT_FOUND when the store is empty. */
cc_err cc_store_latest(cc_store *store, int64_t *id, cc_error *err);

/*
 * The wall time (Unix ms, as given to cc_store_append_event) at which the
 * last event of match id was committed; a viewer that follows a live match
 * takes the age from its own clock. CC_ERR_NOT_FOUND when the match has no
 * event with a commit time (records of schema 2 and older), CC_ERR_STORE.
 */
cc_err cc_store_last_event_wall(cc_store *store, int64_t id, int64_t *wall_ms, cc_error *err);

/* Issue 21: each event's stamp and commit time, in record order, so a log
 * told again after a resume gives each line the time of day it had.
 * *out (malloc'd, the caller frees it; NULL when none) holds *count pairs;
 * wall_ms 0 where the record has none (schema 2 and older). CC_ERR_STORE,
 * CC_ERR_NOMEM. */
typedef struct {
	int64_t t_ms;
	int64_t wall_ms;
} cc_store_event_time;
cc_err cc_store_event_times(cc_store *store, int64_t id, cc_store_event_time **out, size_t *count, cc_error *err);
/* The same from event number from on. */
cc_err cc_store_event_times_from(cc_store *store, int64_t id, size_t from, cc_store_event_time **out, size_t *count,
                                 cc_error *err);

/* RU-18: the console's last-seen stamp of match id (its match time and the
 * wall time then), written every few seconds while clocks run, so a resume
 * knows when the console stopped. read: CC_ERR_NOT_FOUND when none. */
cc_err cc_store_write_seen(cc_store *store, int64_t id, int64_t t_ms, int64_t wall_ms, cc_error *err);
cc_err cc_store_read_seen(cc_store *store, int64_t id, int64_t *t_ms, int64_t *wall_ms, cc_error *err);

/* RU-18 (schema 16): one resume that gave thinking time back. */
typedef struct {
	size_t event_seq;        /* the event the resume recorded (its pause) */
	int64_t wall_ms;         /* when it was recorded */
	int64_t stopped_t_ms;    /* the console's last-seen stamp: match time... */
	int64_t stopped_wall_ms; /* ... and wall time */
	int64_t last_t_ms;       /* the last event before, where the clocks were put back */
	int64_t last_wall_ms;
	cc_side side;            /* whose thinking time came back */
	int64_t returned_ms;     /* how much */
	bool taken_back;         /* the arbiter took it off again (g) ... */
	size_t taken_back_seq;   /* ... by the correction recorded as this event */
} cc_store_resume;

/* Appends ev as cc_store_append_event() does and, in the same transaction,
 * the resume r that recorded it (r->event_seq and r->wall_ms are set from
 * seq and wall_ms); the last-seen stamp it used is spent (its row goes).
 * CC_ERR_STORE. */
cc_err cc_store_append_resume(cc_store *store, int64_t id, size_t seq, const cc_event *ev, const cc_match_view *after,
                              int64_t wall_ms, const cc_store_resume *r, cc_error *err);

/* Marks the newest resume of match id taken back by the event event_seq
 * (nothing when match id has none). CC_ERR_STORE. */
cc_err cc_store_resume_taken_back(cc_store *store, int64_t id, size_t event_seq, cc_error *err);

/* The resumes of match id in order; *out malloc'd (the caller frees it,
 * NULL when none). None in a record older than schema 16. CC_ERR_STORE,
 * CC_ERR_NOMEM. */
cc_err cc_store_resumes(cc_store *store, int64_t id, cc_store_resume **out, size_t *count, cc_error *err);

/*
 * Is match id held by a console now (cc_store_lock_match), through any path
 * to the file? Asks the kernel (F_OFD_GETLK): takes nothing, writes
 * nothing. A store's own locks do not count. CC_ERR_STORE.
 */
cc_err cc_store_match_in_use(cc_store *store, int64_t id, bool *in_use, cc_error *err);

/*
 * The liveness of a side state published beside the record (store_file.c,
 * "Side states"): key 0 serve's address, key ID the timers of match ID.
 * _hold takes this store's claim (a read lock: a read-only store may; again
 * is harmless), false when it could not; _release drops it; _held says
 * whether another store, in any process, holds it now (this store's own
 * claim does not count). Nothing is written.
 */
bool cc_store_side_hold(cc_store *store, int64_t key);
void cc_store_side_release(cc_store *store, int64_t key);
bool cc_store_side_held(cc_store *store, int64_t key);

/*
 * A number that changes whenever another connection commits (for viewers;
 * a reader that opened a file nobody was writing starts following a
 * console that opens it later here). CC_ERR_STORE.
 */
cc_err cc_store_data_version(cc_store *store, int64_t *version, cc_error *err);

/* ---- the club (schema 5, rules/club.md) ----------------------------------------
 * Players, the link of each match to its two players, whether it is rated,
 * and round-robin events with their pairings. Names are compared by their
 * key (cc_club_name_key, CL-1.1), computed here. A reader of an older file
 * (never migrated) sees no player and no event. Ratings are derived from
 * the record (CL-2.7); the cache below keeps them in step (CL-2.12). Lists are malloc'd arrays the caller frees with free(). */

#define CC_STORE_FED_MAX CC_RECORD_FED_MAX

/* A registered player (record.h). */
typedef cc_record_player cc_store_player;

/* How a new match joins the club: rated or not, the event whose pairing
 * it fills (NULL: none), and which pairing (round 0: the first unplayed
 * one of its White and Black). */
typedef struct {
	bool unrated;
	const char *event;
	unsigned round, board;
	bool unnamed; /* its names are no players': linked to none (CL-2.11) */
} cc_store_match_club;

/*
 * cc_store_create_match() with the club's terms (NULL: rated, no event).
 * Both players are found by name, or added (CL-1.2). With an event, the
 * match fills the event's first unplayed pairing of its White and Black
 * (CL-3.3), or the round and board given, checked in the same transaction
 * (CL-3.7). Errors as cc_store_create_match(), and CC_ERR_INVALID (a name
 * with no key, no such event, no such pairing, a pairing of other players,
 * not the event's format) or CC_ERR_LOCKED (the pairing given was taken
 * by another match first), nothing recorded.
 */
cc_err cc_store_create_match_club(cc_store *store, const cc_match_settings *settings, const char *sheet,
                                  int64_t wall_ms, const cc_store_match_club *club, int64_t *id, cc_error *err);

/* A Chess-Uno deal's fairness record (schema 7): hex texts, NULL for none. */
typedef struct {
	const char *secret;
	const char *commitment;
} cc_store_fairness;

/* cc_store_create_match_club() with a Chess-Uno game's fairness record,
 * in the same transaction (fair NULL: none). */
cc_err cc_store_create_match_fair(cc_store *store, const cc_match_settings *settings, const char *sheet,
                                  int64_t wall_ms, const cc_store_match_club *club, const cc_store_fairness *fair,
                                  int64_t *id, cc_error *err);

/* Adds a player (club and federation_id may be NULL or ""). CC_ERR_INVALID
 * when the name is not one or is a player's already (CL-1.1). */
cc_err cc_store_player_add(cc_store *store, const char *name, const char *club, const char *federation_id,
                           int64_t *id, cc_error *err);

/* The player of that name (by key). CC_ERR_NOT_FOUND, CC_ERR_STORE. */
cc_err cc_store_player_find(cc_store *store, const char *name, cc_store_player *out, cc_error *err);

/* Every player, by id. */
cc_err cc_store_players(cc_store *store, cc_store_player **items, size_t *count, cc_error *err);

/* Renames player id (CL-1.4). CC_ERR_INVALID when the new name is not one
 * or is another player's. */
cc_err cc_store_player_rename(cc_store *store, int64_t id, const char *name, cc_error *err);

/*
 * Keeping the players' list (CL-7), each in one transaction that writes its
 * line in player_log with the wall time given, the rating cache rebuilt in
 * it when ratings can move. CC_ERR_STORE on a failure, nothing changed.
 *
 * merge: player gone's matches and event seats become player keep's, his
 * club and federation ID fill keep's empty ones, gone is deleted (CL-7.3).
 * CC_ERR_INVALID when they are one player, played each other or sit in one
 * event (CL-7.4).
 * delete: only a player with no match and no event seat (CL-7.5).
 * edit: club and federation ID (NULL: unchanged, "": cleared); CC_ERR_INVALID
 * when too long or not one line (CL-7.6).
 */
cc_err cc_store_player_merge(cc_store *store, int64_t keep, int64_t gone, int64_t wall_ms, cc_error *err);
cc_err cc_store_player_delete(cc_store *store, int64_t id, int64_t wall_ms, cc_error *err);
cc_err cc_store_player_edit(cc_store *store, int64_t id, const char *club, const char *federation_id, int64_t wall_ms,
                            cc_error *err);

/* One line of the registry's log (CL-7.6). */
typedef struct {
	char utc[32];
	char action[16];                /* "merge", "delete", "edit" */
	char name[CC_NAME_MAX];         /* the player kept, deleted or edited */
	char other[CC_NAME_MAX];        /* merge: the duplicate; otherwise "" */
	char detail[CC_NAME_MAX + CC_STORE_FED_MAX + 32];
} cc_store_player_change;

/* The registry's log, oldest first: a malloc'd array the caller frees. */
cc_err cc_store_player_log(cc_store *store, cc_store_player_change **items, size_t *count, cc_error *err);

/* A match as the club sees it. */
typedef struct {
	int64_t id;
	int64_t white_id, black_id; /* 0: not linked */
	bool rated;
	bool over;
	cc_winner winner;
	cc_end_reason reason;
	bool has_end;       /* the commit time of its last event is known */
	int64_t end_wall_ms;
	int64_t event_id;   /* 0: in no event */
	unsigned round;
	unsigned board;     /* its pairing's board (0: in no event) */
	cc_format format;   /* Chess-Uno games have their own rating list */
} cc_store_club_match;

/* Every match linked to two players, in the order they ended (CL-2.7):
 * those without a commit time first, then by the last commit, then by id. */
cc_err cc_store_club_matches(cc_store *store, cc_store_club_match **items, size_t *count, cc_error *err);

/* May match id count for the ratings as far as Chess-Uno is concerned
 * (UNO-F10)? True for other formats; false for a Chess-Uno game dealt from
 * a fixed order, or finished with a recorded result its events, replayed
 * by the opener's cc_store_stands_fn, do not give (as `show` and `verify`
 * find), or that cannot be read. Call it for matches that would otherwise
 * count. */
bool cc_store_uno_counts(cc_store *store, int64_t id);

/* Match id as cc_store_club_matches() gives it, and whether each of its
 * players is registered (White, Black). CC_ERR_NOT_FOUND when it is not
 * linked to two players (nothing is said in err), CC_ERR_STORE. */
cc_err cc_store_club_match_one(cc_store *store, int64_t id, cc_store_club_match *out, bool registered[2],
                               cc_error *err);

/* ---- the rating cache (schema 8, store_ratings.c, CL-2.12) ------------------------
 * The ratings as the replay of the record leaves them (cc_club_rate over
 * the counted matches in the order they ended, CL-2.7), kept in the record
 * in the transaction of every event, so that a rating, a match's change or
 * a head-to-head reads the rows it shows. Only when cc_store_ratings_cached()
 * says valid: an older file, or one changed by another program since (the
 * sqlite3 shell), has none, and the caller replays. */

/* *valid: the record holds a rating cache that is the replay. CC_ERR_STORE. */
cc_err cc_store_ratings_cached(cc_store *store, bool *valid, cc_error *err);

typedef struct {
	int64_t player_id;
	cc_club_rating rating;
} cc_store_rating;

/* Every player with a counted match in list, by id: a malloc'd array the
 * caller frees (players not in it have the start rating). */
cc_err cc_store_rating_players(cc_store *store, cc_club_list list, cc_store_rating **items, size_t *count,
                               cc_error *err);

/* One player's rating in list (the start rating when he has no counted match). */
cc_err cc_store_rating_of(cc_store *store, cc_club_list list, int64_t player_id, cc_club_rating *out, cc_error *err);

/* A counted match with both players' ratings before it (cc_club_rate on
 * them gives its change). */
typedef struct {
	int64_t match_id, white_id, black_id;
	double white_score;
	cc_club_rating white_before, black_before;
} cc_store_rated_game;

/* Match id's row; *found false when it counts in no list. */
cc_err cc_store_rating_game(cc_store *store, int64_t match_id, cc_store_rated_game *out, bool *found,
                            cc_error *err);

/* The counted matches of list between players a and b (either colour), in
 * the replay's order: each(ctx, game) per match, a code other than CC_OK stops. */
typedef cc_err (*cc_store_rated_fn)(void *ctx, const cc_store_rated_game *game, cc_error *err);
cc_err cc_store_rating_pair_each(cc_store *store, cc_club_list list, int64_t a, int64_t b, cc_store_rated_fn each,
                                 void *ctx, cc_error *err);

/* ---- club corrections (schema 10, store_corrections.c, CL-5.3..CL-5.7) ----------
 * An arbiter's correction of a finished match's result and/or rated flag,
 * kept beside the game (its events and clocks untouched). What the club
 * sees of a match (cc_store_club_matches, the rating cache) is its result
 * with the standing corrections applied, in its place in the replay's order. */
typedef cc_record_correction cc_store_correction;

/*
 * Records correction c of match c->match_id (its id and undone fields are
 * not read), in one transaction under the match's lock (CL-5.1), the
 * rating cache brought up to date in it (CL-2.12). Errors, nothing
 * recorded: CC_ERR_LOCKED (a console has the match open), CC_ERR_NOT_FOUND,
 * CC_ERR_INVALID (no reason, nothing set, the match not over),
 * CC_ERR_STORE. *id (NULL is fine) receives the correction's number.
 */
cc_err cc_store_correction_add(cc_store *store, const cc_store_correction *c, int64_t *id, cc_error *err);

/* Marks the latest standing correction of match_id undone by `by` at
 * wall_ms (CL-5.5), as cc_store_correction_add() records one; *undone
 * (NULL is fine) receives it. CC_ERR_NOT_FOUND when none stands. */
cc_err cc_store_correction_undo(cc_store *store, int64_t match_id, const char *by, int64_t wall_ms,
                                cc_store_correction *undone, cc_error *err);

/* Every correction of match_id, undone ones included, oldest first: a
 * malloc'd array the caller frees (NULL when none). */
cc_err cc_store_corrections(cc_store *store, int64_t match_id, cc_store_correction **items, size_t *count,
                            cc_error *err);

typedef struct {
	int64_t id;
	char name[CC_NAME_MAX];
	cc_format format;
	cc_category category;
	bool twice;          /* double round robin */
	char created_utc[32];
	unsigned players;
	/* v10 (CL-8.1): the board, clock and claims every game of the event
	 * plays with; fixed false for an event recorded before (only its
	 * format and category fixed). closed: CL-8.4. */
	bool fixed;
	cc_chess_variant variant;
	int64_t tc_base_ms, tc_increment_ms;
	cc_claims claims;
	bool closed;
	char closed_utc[32];
	unsigned bye_halves;  /* a bye's value in half points (schema 10, CL-6.5) */
} cc_store_event;

typedef struct {
	unsigned round, board;
	unsigned white_seat;  /* from 0 */
	bool bye;             /* white_seat has a bye */
	unsigned black_seat;
	int64_t match_id;     /* 0: not played yet */
	cc_club_forfeit forfeit; /* recorded without a game (schema 10, CL-6.1) */
	bool recorded;           /* a result recorded without a match (schema 19, CL-4.22) */
	cc_winner winner;        /* recorded's result */
} cc_store_pairing;

/*
 * Records a new event: its players (ids, seat order), its system (swiss:
 * a Swiss's rounds and half-point-bye limit, written with the event so
 * that no crash leaves it a round robin without pairings; NULL: a round
 * robin) and its pairings, in one transaction. CC_ERR_INVALID when the
 * name is not one or is another event's; CC_ERR_STORE.
 */
typedef struct cc_store_swiss cc_store_swiss;
cc_err cc_store_event_create(cc_store *store, const cc_store_event *event, const cc_store_swiss *swiss,
                             const int64_t *player_ids, const cc_club_pairing *pairings, size_t count,
                             int64_t wall_ms, int64_t *id, cc_error *err);

/* Every event, oldest first. */
cc_err cc_store_events(cc_store *store, cc_store_event **items, size_t *count, cc_error *err);

/* The event of that name; its players' ids by seat into player_ids
 * (CC_CLUB_PLAYERS_MAX of them). CC_ERR_NOT_FOUND. */
cc_err cc_store_event_find(cc_store *store, const char *name, cc_store_event *out, int64_t *player_ids,
                           cc_error *err);

/* The pairings of event id, round by round, board by board. */
cc_err cc_store_event_pairings(cc_store *store, int64_t id, cc_store_pairing **items, size_t *count,
                               cc_error *err);

/* ---- an event imported from another program's TRF (CL-4.22, store_import.c) ----- */

/* One pairing of an imported event: black CC_CLUB_BYE for a bye (PAB or
 * full-point bye); result "1-0", "0-1", "1/2-1/2" or NULL (a forfeit, a
 * bye, not played); forfeit as recorded (CL-6.1). */
typedef struct {
	unsigned round, board;
	uint32_t white, black;
	const char *result;
	cc_club_forfeit forfeit;
} cc_store_import_pairing;

typedef struct {
	unsigned seat, round;
} cc_store_import_seat;

typedef struct {
	cc_store_event event;       /* name, format, category, terms; players */
	const char *const *names;   /* by seat: matched to the registry by key, or registered */
	const unsigned *rating;     /* by seat, 0: none (event_players.rating NULL) */
	unsigned rounds, published; /* club_events.rounds and .published */
	const cc_store_import_pairing *pairings;
	size_t npairings;
	const cc_store_import_seat *half_byes, *absences;
	size_t nhalf_byes, nabsences;
} cc_store_import;

/* Records an imported event as a Swiss (system 'swiss'), its players
 * matched or registered (registered[seat] true: new to the registry, may
 * be NULL), in one transaction: nothing is created when anything is
 * refused. CC_ERR_INVALID (a name that is no name, an event of that name,
 * a player name refused, named twice), CC_ERR_STORE. */
cc_err cc_store_event_import(cc_store *store, const cc_store_import *imp, int64_t wall_ms, int64_t *id,
                             bool *registered, cc_error *err);

/* The ratings event id's players were entered with (event_players.rating),
 * by seat into rating[CC_CLUB_PLAYERS_MAX]; 0: none (the club's), and
 * every one in a file before schema 19. CC_ERR_STORE. */
cc_err cc_store_event_ratings(cc_store *store, int64_t id, unsigned *rating, cc_error *err);

/* ---- what an event fixes, closing, deleting, cancelling (CL-8) ---------------- */

/* Closes event id (CL-8.4): no console offers it and no match joins it
 * any more; closing a closed event changes nothing. CC_ERR_STORE. */
cc_err cc_store_event_close(cc_store *store, int64_t id, int64_t wall_ms, cc_error *err);

/* Deletes event id with its players' seats, pairings and log (CL-8.4), in
 * one transaction; CC_ERR_INVALID (CC_MSG_EVENT_HAS_GAMES) while a match
 * plays one of its pairings. CC_ERR_STORE. */
cc_err cc_store_event_delete(cc_store *store, int64_t id, const char *name, cc_error *err);

/*
 * Takes the match off pairing (round, board) of event id (CL-8.5): the
 * pairing is unplayed again, the match stays in the record, the reason is
 * logged, in one transaction. A match with a result only when confirmed.
 * *match_id receives the match taken off. CC_ERR_NOT_FOUND (no such
 * pairing), CC_ERR_INVALID (not played, a bye, a result unconfirmed, an
 * empty reason), CC_ERR_STORE.
 */
cc_err cc_store_event_cancel(cc_store *store, int64_t id, const char *name, unsigned round, unsigned board,
                             const char *reason, bool confirmed, int64_t wall_ms, int64_t *match_id,
                             cc_error *err);

/* One cancellation of the log (CL-8.5); a reason is one line of fewer bytes. */
#define CC_STORE_CANCEL_REASON_MAX 256
typedef struct {
	unsigned round, board;
	int64_t match_id;
	bool had_result;
	char reason[CC_STORE_CANCEL_REASON_MAX];
	char at_utc[32];
} cc_store_cancel;

/* The cancellations of event id, oldest first (none in a file before v10). */
cc_err cc_store_event_cancels(cc_store *store, int64_t id, cc_store_cancel **items, size_t *count,
                              cc_error *err);
/* ---- forfeits, withdrawals, byes, late entries (schema 10, CL-6) -----------------
 * Each change is one transaction that checks, inside it, what it needs
 * (no match on the pairing yet), so that a console taking the pairing at
 * the same instant either comes first (the change is refused) or is
 * refused itself (CL-3.7). A pairing with a forfeit, of a player withdrawn
 * by then, or of a half-point bye is never taken by a new match. */

/* Records forfeit f (NONE: clears it) on pairing (round, board) of event
 * id, named event in the refusals. CC_ERR_INVALID: no such pairing, a bye;
 * CC_ERR_LOCKED: a match was created for it. */
cc_err cc_store_pairing_forfeit(cc_store *store, int64_t id, const char *event, unsigned round, unsigned board,
                                cc_club_forfeit f, cc_error *err);

/* Records seat's withdrawal from round from_round on (replacing an earlier one). */
cc_err cc_store_event_withdraw(cc_store *store, int64_t id, unsigned seat, unsigned from_round, cc_error *err);

/* Records seat's half-point bye in round (CL-6.4), named player in the
 * refusal: CC_ERR_INVALID when a match or a forfeit was recorded on his
 * pairing of that round first. */
cc_err cc_store_event_half_bye(cc_store *store, int64_t id, const char *player, unsigned seat, unsigned round,
                               cc_error *err);

/* Sets event id's bye value in half points (CL-6.5), when no round has
 * begun (checked in the transaction: CC_ERR_INVALID otherwise). */
cc_err cc_store_event_bye_value(cc_store *store, int64_t id, const char *event, unsigned halves, cc_error *err);

/* ---- the tie-breaks an event orders (schema 19, CL-9.1; store_tiebreaks.c) ---- */

/* Event id's tie-break list as recorded ("BH-C1,BH,SB"; "" for NULL: the
 * system's default) into list, and whether it is a Swiss (system
 * 'swiss'). A record older than schema 19: "" and a round robin. */
cc_err cc_store_event_tiebreaks(cc_store *store, int64_t id, char *list, size_t size, bool *swiss, cc_error *err);
/* Records event id's list (NULL or "": the system's default). CC_ERR_STORE. */
cc_err cc_store_event_set_tiebreaks(cc_store *store, int64_t id, const char *list, cc_error *err);

typedef struct {
	unsigned seat, round;
} cc_store_half_bye;

/* Event id's withdrawals by seat into withdrawn_from[CC_CLUB_PLAYERS_MAX]
 * (0: none) and its half-point byes (a malloc'd array, the caller frees). */
cc_err cc_store_event_absences(cc_store *store, int64_t id, unsigned *withdrawn_from, cc_store_half_bye **byes,
                               size_t *count, cc_error *err);

/* A late entry (CL-6.7): player_id takes seat (the dummy seat) and the
 * event's pairings become those given, when no pairing has a match or a
 * forfeit yet (checked in the transaction: CC_ERR_LOCKED otherwise). */
cc_err cc_store_event_enter(cc_store *store, int64_t id, const char *event, unsigned seat, int64_t player_id,
                            const cc_club_pairing *pairings, size_t count, cc_error *err);

/* ---- Swiss events round by round (schema 19, CL-10: store_swiss.c) ------------ */

struct cc_store_swiss {
	bool swiss;              /* paired round by round by the Dutch system; false: a round robin */
	unsigned rounds;         /* a Swiss's rounds */
	bool all_published;      /* every round offered (a round robin's) */
	unsigned published;      /* else: the last round published (0: none yet) */
	bool has_half_bye_limit;
	unsigned half_bye_limit; /* the most half-point byes a player may ask for */
};

/* Event id's system (a round robin in a file before schema 19). */
cc_err cc_store_swiss_of(cc_store *store, int64_t id, cc_store_swiss *out, cc_error *err);

/* Writes round's pairings, replacing those of that round (and later)
 * while it is not published: CC_ERR_INVALID (CC_MSG_SWISS_PUBLISHED)
 * once it is, checked in the transaction. */
cc_err cc_store_swiss_round(cc_store *store, int64_t id, const char *event, unsigned round,
                            const cc_club_pairing *pairings, size_t count, cc_error *err);

/* Publishes round, the last paired and not published
 * (CC_MSG_SWISS_NOTHING_TO_PUBLISH otherwise). */
cc_err cc_store_swiss_publish(cc_store *store, int64_t id, const char *event, unsigned round, cc_error *err);

/* Records seat's absence announced for round, before it is paired
 * (CC_MSG_SWISS_ROUND_PAIRED otherwise). */
cc_err cc_store_event_absent(cc_store *store, int64_t id, const char *event, unsigned seat, unsigned round,
                             cc_error *err);

/* Event id's announced absences (seat, round), a malloc'd array. */
cc_err cc_store_event_absents(cc_store *store, int64_t id, cc_store_half_bye **items, size_t *count, cc_error *err);

/* A Swiss's late entry: player_id takes seat (the next one). */
cc_err cc_store_swiss_enter(cc_store *store, int64_t id, unsigned seat, int64_t player_id, cc_error *err);

#endif
