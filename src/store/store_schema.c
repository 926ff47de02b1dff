/*
 * store_schema.c: the file format, what makes a file ours, and the
 * migrations that bring an older one up to date.
 *
 * File format. A SQLite database whose application_id is 0x43437562 ("CCub")
 * and whose user_version is the schema version (CC_STORE_SCHEMA_VERSION):
 *
 *   matches(id, created_utc, format, category, record, white, black, seed,
 *           result_winner, result_reason, result_text,   -- result NULL while unfinished
 *           sheet,                                       -- v2: the scramble sheet shown, or NULL
 *           variant, tc_base_ms, tc_increment_ms, claims, -- v6 (issue 13): the board's variant
 *              ("standard", "checkered"), a chess game's clock (ms; NULL or 0: none) and
 *              claims ("auto", "manual"); NULL in older rows: standard, no clock, auto
 *           uno_options, uno_deal, uno_secret, uno_commitment) -- v7 (issue 14): a Chess-Uno
 *              game's options, deal, fairness secret and commitment; NULL for other formats
 *   events(match_id, seq, t_ms, kind, side, gives_check, cube_cs, winner, text,
 *          wall_ms,   -- v3: Unix time (ms) of the commit, as the caller gave it
 *          target, amount, relative,  -- v4: an arbiter correction (RU-25)
 *          timer)     -- v18: a cube time read from a Stackmat timer (1) or typed (0)
 *           -- primary key (match_id, seq): the accepted events, append-only
 *   matches.white_id, black_id, rated; players, club_events, event_players,
 *   pairings  -- v5: the club (rules/club.md; see the migration below)
 *   seen      -- v9: each console's last-seen stamp (RU-18)
 *   resumes(match_id, seq, event_seq, wall_ms, stopped_t_ms, stopped_wall_ms, last_t_ms,
 *           last_wall_ms, side, returned_ms, taken_back_seq) -- v16: what each resume gave back
 *
 * Enumerations are stored by their names ("twice", "move", "white"...), so
 * the file reads well in the sqlite3 shell and survives enum reordering.
 * Seeds are decimal text because SQLite integers are signed. Times come
 * from the caller (created_utc is formatted from the wall time it passes):
 * this module reads no clock, not even SQLite's 'now'.
 *
 * Safety. Before anything is written, an existing file must carry our
 * application_id, a schema no newer than ours, and pass quick_check. One
 * exception: a file killed during its own first creation (empty, or
 * switched to WAL but with application_id 0, user_version 0 and no schema
 * object at all) holds nothing, and its creation is finished. Every event is
 * one transaction (WAL, verified, synchronous=FULL).
 */
#include <errno.h>
#include <string.h>

#include "store_internal.h"

/* Schema migrations: migrations[v] takes a database from version v to v + 1. */
static const char *const migrations[CC_STORE_SCHEMA_VERSION] = {
	"CREATE TABLE matches ("
	"  id INTEGER PRIMARY KEY,"
	"  created_utc TEXT NOT NULL,"
	"  format TEXT NOT NULL, category TEXT NOT NULL, record TEXT NOT NULL,"
	"  white TEXT NOT NULL, black TEXT NOT NULL, seed TEXT NOT NULL,"
	"  result_winner TEXT, result_reason TEXT, result_text TEXT);"
	"CREATE TABLE events ("
	"  match_id INTEGER NOT NULL REFERENCES matches(id),"
	"  seq INTEGER NOT NULL,"
	"  t_ms INTEGER NOT NULL, kind TEXT NOT NULL, side TEXT,"
	"  gives_check INTEGER NOT NULL DEFAULT 0, cube_cs INTEGER, winner TEXT,"
	"  text TEXT NOT NULL DEFAULT '',"
	"  PRIMARY KEY (match_id, seq)) WITHOUT ROWID;",
	/* v2: the scramble sheet as shown, so its text never changes with the solver */
	"ALTER TABLE matches ADD COLUMN sheet TEXT;",
	/* v3: when each event was committed, so a viewer started later knows
	 * how long the clocks have run since */
	"ALTER TABLE events ADD COLUMN wall_ms INTEGER;",
	/* v4: arbiter corrections (RU-25): what is set, the value, whether it
	 * is added to the reading */
	"ALTER TABLE events ADD COLUMN target TEXT;"
	"ALTER TABLE events ADD COLUMN amount INTEGER;"
	"ALTER TABLE events ADD COLUMN relative INTEGER NOT NULL DEFAULT 0;",
	/* v5: the club (rules/club.md): players (name_key: cc_club_name_key,
	 * CL-1.1), each match's two players and whether it is rated, events
	 * and their pairings (black_seat NULL: a bye). The players of older
	 * records are added by link_old_matches() (CL-1.3). */
	"CREATE TABLE players ("
	"  id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,"
	"  club TEXT, federation_id TEXT);"
	"ALTER TABLE matches ADD COLUMN white_id INTEGER REFERENCES players(id);"
	"ALTER TABLE matches ADD COLUMN black_id INTEGER REFERENCES players(id);"
	"ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;"
	"CREATE TABLE club_events ("
	"  id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,"
	"  format TEXT NOT NULL, category TEXT NOT NULL, twice INTEGER NOT NULL, created_utc TEXT NOT NULL);"
	"CREATE TABLE event_players ("
	"  event_id INTEGER NOT NULL REFERENCES club_events(id), seat INTEGER NOT NULL,"
	"  player_id INTEGER NOT NULL REFERENCES players(id), PRIMARY KEY (event_id, seat)) WITHOUT ROWID;"
	"CREATE TABLE pairings ("
	"  event_id INTEGER NOT NULL REFERENCES club_events(id), round INTEGER NOT NULL, board INTEGER NOT NULL,"
	"  white_seat INTEGER NOT NULL, black_seat INTEGER, match_id INTEGER UNIQUE REFERENCES matches(id),"
	"  PRIMARY KEY (event_id, round, board)) WITHOUT ROWID;"
	/* CL-1.3: one player per distinct key, named as first met (oldest
	 * match first, White before Black); cc_name_key() is ours (see
	 * register_functions), NULL for a name with no key (left unlinked). */
	"INSERT OR IGNORE INTO players (name, name_key)"
	"  SELECT name, cc_name_key(name) FROM"
	"    (SELECT id, 0 AS side, white AS name FROM matches UNION ALL SELECT id, 1, black FROM matches)"
	"  WHERE cc_name_key(name) IS NOT NULL ORDER BY id, side;"
	"UPDATE matches SET"
	"  white_id = (SELECT p.id FROM players p WHERE p.name_key = cc_name_key(matches.white)),"
	"  black_id = (SELECT p.id FROM players p WHERE p.name_key = cc_name_key(matches.black));",
	/* v6 (issue 13: the chess game, the Checkered board): the board's
	 * variant, a chess game's time control and claims. */
	"ALTER TABLE matches ADD COLUMN variant TEXT;"
	"ALTER TABLE matches ADD COLUMN tc_base_ms INTEGER;"
	"ALTER TABLE matches ADD COLUMN tc_increment_ms INTEGER;"
	"ALTER TABLE matches ADD COLUMN claims TEXT;",
	/* v7 (issue 14: Chess-Uno): the game's options (key=value words by the
	 * seed's names), its deal (the core's canonical text: the key of the
	 * reshuffles and the pile's order), the fairness secret (hex) and the
	 * commitment shown at the start, SHA-256(secret || deal) (hex). */
	"ALTER TABLE matches ADD COLUMN uno_options TEXT;"
	"ALTER TABLE matches ADD COLUMN uno_deal TEXT;"
	"ALTER TABLE matches ADD COLUMN uno_secret TEXT;"
	"ALTER TABLE matches ADD COLUMN uno_commitment TEXT;",
	/* v8 (issue 25): the rating cache (store_ratings.c, CL-2.12): each
	 * counted match of each list in the replay's order with the ratings
	 * before it, each player's rating after, and whether they are the
	 * replay of the record. Any change to what the ratings read that the
	 * program's own path does not bring up to date (an edit in the sqlite3
	 * shell) sets valid = 0: readers then replay, the next writer
	 * rebuilds. Made invalid here; the writer that migrates builds it. */
	"CREATE TABLE rating_games ("
	"  list TEXT NOT NULL, has_end INTEGER NOT NULL, ended INTEGER NOT NULL, match_id INTEGER NOT NULL UNIQUE,"
	"  white_id INTEGER NOT NULL, black_id INTEGER NOT NULL, white_score REAL NOT NULL,"
	"  w_rating REAL NOT NULL, w_games INTEGER NOT NULL, w_wins INTEGER NOT NULL, w_draws INTEGER NOT NULL,"
	"  w_losses INTEGER NOT NULL, w_last REAL NOT NULL,"
	"  b_rating REAL NOT NULL, b_games INTEGER NOT NULL, b_wins INTEGER NOT NULL, b_draws INTEGER NOT NULL,"
	"  b_losses INTEGER NOT NULL, b_last REAL NOT NULL,"
	"  PRIMARY KEY (list, has_end, ended, match_id)) WITHOUT ROWID;"
	"CREATE INDEX rating_games_pair ON rating_games (white_id, black_id);"
	"CREATE TABLE rating_players ("
	"  list TEXT NOT NULL, player_id INTEGER NOT NULL, rating REAL NOT NULL, games INTEGER NOT NULL,"
	"  wins INTEGER NOT NULL, draws INTEGER NOT NULL, losses INTEGER NOT NULL, last REAL NOT NULL,"
	"  PRIMARY KEY (list, player_id)) WITHOUT ROWID;"
	"CREATE TABLE rating_cache (valid INTEGER NOT NULL);"
	"INSERT INTO rating_cache VALUES (0);"
	/* An event counts only through a finished match's end: the events of
	 * a running match (the console's every keypress) leave the flag, and
	 * its page, alone. */
	"CREATE TRIGGER rating_cache_event_in AFTER INSERT ON events"
	"  WHEN (SELECT result_winner FROM matches WHERE id = NEW.match_id) IS NOT NULL"
	"  BEGIN UPDATE rating_cache SET valid = 0; END;"
	"CREATE TRIGGER rating_cache_event_up AFTER UPDATE ON events"
	"  WHEN (SELECT result_winner FROM matches WHERE id = NEW.match_id) IS NOT NULL"
	"    OR (SELECT result_winner FROM matches WHERE id = OLD.match_id) IS NOT NULL"
	"  BEGIN UPDATE rating_cache SET valid = 0; END;"
	"CREATE TRIGGER rating_cache_event_out AFTER DELETE ON events"
	"  WHEN (SELECT result_winner FROM matches WHERE id = OLD.match_id) IS NOT NULL"
	"  BEGIN UPDATE rating_cache SET valid = 0; END;"
	"CREATE TRIGGER rating_cache_match_in AFTER INSERT ON matches WHEN NEW.result_winner IS NOT NULL"
	"  BEGIN UPDATE rating_cache SET valid = 0; END;"
	"CREATE TRIGGER rating_cache_match_up AFTER UPDATE OF id, result_winner, result_reason, rated, white_id, black_id, format"
	"  ON matches WHEN OLD.result_winner IS NOT NULL OR NEW.result_winner IS NOT NULL"
	"  BEGIN UPDATE rating_cache SET valid = 0; END;"
	"CREATE TRIGGER rating_cache_match_out AFTER DELETE ON matches WHEN OLD.result_winner IS NOT NULL"
	"  BEGIN UPDATE rating_cache SET valid = 0; END;"
	"CREATE TRIGGER rating_cache_player_in AFTER INSERT ON players"
	"  WHEN EXISTS (SELECT 1 FROM matches m WHERE m.white_id = NEW.id OR m.black_id = NEW.id)"
	"  BEGIN UPDATE rating_cache SET valid = 0; END;"
	"CREATE TRIGGER rating_cache_player_up AFTER UPDATE OF id ON players BEGIN UPDATE rating_cache SET valid = 0; END;"
	"CREATE TRIGGER rating_cache_player_out AFTER DELETE ON players BEGIN UPDATE rating_cache SET valid = 0; END;",
	/* v9 (issue 21, RU-18): when each console was last seen running its
	 * match's clocks (match time, wall time), one row a match, replaced
	 * every few seconds: a resume says what the stop gave back. */
	("CREATE TABLE seen (match_id INTEGER PRIMARY KEY REFERENCES matches(id),"
	 "  t_ms INTEGER NOT NULL, wall_ms INTEGER NOT NULL);"),
	/* v10 (results, issue 22, CL-5.3..CL-5.7): the arbiters' club
	 * corrections of finished matches, beside the games (whose events
	 * they never touch): the result set (winner NULL: unchanged), the
	 * rated flag set (NULL: unchanged), why, who, when, and when undone by
	 * whom. The ratings read them: any change the program's own path does
	 * not bring up to date clears the cache as for a match's result. */
	("CREATE TABLE corrections (id INTEGER PRIMARY KEY, match_id INTEGER NOT NULL REFERENCES matches(id),"
	 "  winner TEXT, rated INTEGER, why TEXT NOT NULL, by_whom TEXT NOT NULL, wall_ms INTEGER NOT NULL,"
	 "  undone_by TEXT, undone_wall_ms INTEGER);"
	 "CREATE INDEX corrections_match ON corrections (match_id, id);"
	 "CREATE TRIGGER rating_cache_correction_in AFTER INSERT ON corrections"
	 "  BEGIN UPDATE rating_cache SET valid = 0; END;"
	 "CREATE TRIGGER rating_cache_correction_up AFTER UPDATE ON corrections"
	 "  BEGIN UPDATE rating_cache SET valid = 0; END;"
	 "CREATE TRIGGER rating_cache_correction_out AFTER DELETE ON corrections"
	 "  BEGIN UPDATE rating_cache SET valid = 0; END;"),
	/* v11 (eventfix): what an event fixes beyond its format and category
	 * (CL-8.1): the board, the chess clock and the claims (NULL in an
	 * older event: nothing more fixed); when it was closed (CL-8.4); and
	 * the log of the matches taken off its pairings, with their reasons
	 * (CL-8.5). */
	("ALTER TABLE club_events ADD COLUMN variant TEXT;"
	 "ALTER TABLE club_events ADD COLUMN tc_base_ms INTEGER;"
	 "ALTER TABLE club_events ADD COLUMN tc_increment_ms INTEGER;"
	 "ALTER TABLE club_events ADD COLUMN claims TEXT;"
	 "ALTER TABLE club_events ADD COLUMN closed_utc TEXT;"
	 "CREATE TABLE event_cancels (event_id INTEGER NOT NULL REFERENCES club_events(id),"
	 "  round INTEGER NOT NULL, board INTEGER NOT NULL, match_id INTEGER NOT NULL,"
	 "  had_result INTEGER NOT NULL, reason TEXT NOT NULL, at_utc TEXT NOT NULL);"),
	/* v12 (forfeits, issue 22, CL-6): a forfeit recorded on a pairing
	 * without a game ("+/-", "-/+", "-/-"; NULL: none), each event's bye
	 * value in half points, the withdrawals (a seat and the first round
	 * it misses) and the half-point byes asked for (a seat and a round). */
	("ALTER TABLE pairings ADD COLUMN forfeit TEXT;"
	 "ALTER TABLE club_events ADD COLUMN bye_halves INTEGER NOT NULL DEFAULT 2;"
	 "CREATE TABLE event_withdrawals (event_id INTEGER NOT NULL REFERENCES club_events(id),"
	 "  seat INTEGER NOT NULL, from_round INTEGER NOT NULL, PRIMARY KEY (event_id, seat)) WITHOUT ROWID;"
	 "CREATE TABLE event_half_byes (event_id INTEGER NOT NULL REFERENCES club_events(id),"
	 "  seat INTEGER NOT NULL, round INTEGER NOT NULL, PRIMARY KEY (event_id, seat, round)) WITHOUT ROWID;"),
	/* v13 (tc, issue 23 item 8, FI-6.11): a chess clock of more than one
	 * Fischer period, whole, in the club's spelling (cc_tc_format's
	 * CC_TC_CLUB: "40/90+30:30+30", "90d5"); NULL: tc_base_ms and
	 * tc_increment_ms say it all. */
	"ALTER TABLE matches ADD COLUMN tc_periods TEXT;",
	/* v14 (uno, issue 22: UNO-F10): matches.uno_fixed, 1 when a Chess-Uno
	 * deal was given (a script's deck=, seed= or deal=, the test build's
	 * deck), 0 when the session shuffled it from the random source; NULL
	 * for other formats and older games (judged by their order alone). Such
	 * a game is never rated: the ratings are rebuilt under that filter, and
	 * an edit of the mark or the deal invalidates them as a result's does. */
	("ALTER TABLE matches ADD COLUMN uno_fixed INTEGER;"
	 "CREATE TRIGGER rating_cache_uno_up AFTER UPDATE OF uno_fixed, uno_deal, uno_options ON matches"
	 "  WHEN OLD.result_winner IS NOT NULL BEGIN UPDATE rating_cache SET valid = 0; END;"
	 "UPDATE rating_cache SET valid = 0;"),
	/* v15 (players: its test rewinds to v14 and runs v15 and v16 again): name keys fold accents too (CL-1.1): every player's
	 * and event's key is computed again by cc_name_key(). Of two whose keys
	 * become one, the later registered keeps his matches and ratings and
	 * is renamed "NAME (ID)" (CL-7.2: an arbiter merges or renames them).
	 * The keys first take values no key can be (a line end), so that no
	 * row meets another's old key on the way. player_log: what was done to
	 * the registry (CL-7.6). */
	("UPDATE players SET name_key = char(10) || id;"
	 "UPDATE players SET name = CASE WHEN length(CAST(name AS BLOB)) + length(id) + 3 < 64 THEN name"
	 "  ELSE substr(name, 1, 12) END || ' (' || id || ')'"
	 "  WHERE EXISTS (SELECT 1 FROM players q WHERE q.id < players.id"
	 "    AND cc_name_key(q.name) = cc_name_key(players.name));"
	 "UPDATE players SET name_key = coalesce(cc_name_key(name), char(10) || id);"
	 "UPDATE club_events SET name_key = char(10) || id;"
	 "UPDATE club_events SET name = CASE WHEN length(CAST(name AS BLOB)) + length(id) + 3 < 64 THEN name"
	 "  ELSE substr(name, 1, 12) END || ' (' || id || ')'"
	 "  WHERE EXISTS (SELECT 1 FROM club_events q WHERE q.id < club_events.id"
	 "    AND cc_name_key(q.name) = cc_name_key(club_events.name));"
	 "UPDATE club_events SET name_key = coalesce(cc_name_key(name), char(10) || id);"
	 "CREATE TABLE IF NOT EXISTS player_log (id INTEGER PRIMARY KEY, utc TEXT NOT NULL, action TEXT NOT NULL,"
	 "  player_id INTEGER NOT NULL, name TEXT NOT NULL, other_name TEXT, detail TEXT NOT NULL DEFAULT '');"),
	/* v16 (resumes, issue 21, RU-18): each resume that gave thinking time
	 * back, in order (seq 1, 2...): the event it recorded (event_seq, its
	 * pause), when it was made (wall), when the console was last seen
	 * (match time, wall time), the last event the clocks were put back to,
	 * whose time and how much came back, and the event (seq) of the
	 * arbiter's correction that took it off again (g; NULL: it stands).
	 * The last-seen stamp a resume used is spent: its row in seen goes. */
	("CREATE TABLE IF NOT EXISTS resumes (match_id INTEGER NOT NULL REFERENCES matches(id), seq INTEGER NOT NULL,"
	 "  event_seq INTEGER NOT NULL, wall_ms INTEGER NOT NULL, stopped_t_ms INTEGER NOT NULL,"
	 "  stopped_wall_ms INTEGER NOT NULL, last_t_ms INTEGER NOT NULL, last_wall_ms INTEGER NOT NULL,"
	 "  side TEXT NOT NULL, returned_ms INTEGER NOT NULL, taken_back_seq INTEGER,"
	 "  PRIMARY KEY (match_id, seq)) WITHOUT ROWID;"),
	/* v17 (reads, issue 37): the matches in play by number, a partial
	 * index (only the rows without a result): the newest of them (the
	 * web server's index, the latest to resume) without a scan of every
	 * match. */
	"CREATE INDEX IF NOT EXISTS matches_in_play ON matches (id) WHERE result_winner IS NULL;",
	/* v18 (issue 35, sheet): a cube time read from a Stackmat timer (1)
	 * or typed by the arbiter (0, every older row: no timer was marked) */
	"ALTER TABLE events ADD COLUMN timer INTEGER NOT NULL DEFAULT 0;",
	/* v19 (issue 33, Swiss events): an event's pairing system ('rr': a
	 * round robin, every round paired at its creation by the Berger
	 * tables; 'swiss': the FIDE Dutch system, paired round by round), the
	 * rounds a Swiss will have (NULL for a round robin), the tie-breaks
	 * the event orders (C.07 codes as "BH-C1,BH,SB"; NULL: the system's
	 * default, CL-9.1), the last round published (rounds above it are
	 * paired but offered to no console; NULL: every round, as a round
	 * robin's), the most half-point byes a player may ask for (NULL: no
	 * limit), the absences announced for a round (a seat and a round:
	 * not paired that round), and a pairing's result recorded without a
	 * match of ours (an event imported from another program's TRF:
	 * "1-0", "0-1", "1/2-1/2"; NULL: none) and the rating a player was
	 * entered with there (NULL: the club's rating before the event). */
	("ALTER TABLE club_events ADD COLUMN system TEXT NOT NULL DEFAULT 'rr';"
	 "ALTER TABLE club_events ADD COLUMN rounds INTEGER;"
	 "ALTER TABLE club_events ADD COLUMN tiebreaks TEXT;"
	 "ALTER TABLE club_events ADD COLUMN published INTEGER;"
	 "ALTER TABLE club_events ADD COLUMN half_bye_limit INTEGER;"
	 "CREATE TABLE event_absences (event_id INTEGER NOT NULL REFERENCES club_events(id),"
	 "  seat INTEGER NOT NULL, round INTEGER NOT NULL, PRIMARY KEY (event_id, seat, round)) WITHOUT ROWID;"
	 "ALTER TABLE pairings ADD COLUMN result TEXT;"
	 "ALTER TABLE event_players ADD COLUMN rating INTEGER;"),
};

/* Does the file hold no schema object at all? */
static int schema_is_empty(sqlite3 *db, bool *empty)
{
	int64_t objects = 0;
	int rc = query_int(db, "SELECT count(*) FROM sqlite_schema", &objects);
	*empty = objects == 0;
	return rc;
}

/* A file that cannot be read or set up: "the disk is full" when it is
 * (SQLite says SQLITE_FULL, or an I/O error whose cause is ENOSPC, as
 * when the -shm cannot grow), not a vague I/O error. */
static cc_err cannot_open(sqlite3 *db, const char *path, int rc, cc_error *err)
{
	if ((rc & 0xFF) == SQLITE_FULL || (db && sqlite3_system_errno(db) == ENOSPC))
		return db_error_at(err, NULL, SQLITE_FULL, CC_MSG_STORE_DISK_FULL, path);
	return db_error_at(err, db, rc, CC_MSG_STORE_UNREADABLE, path);
}

/* The schema's transaction failed: rolled back, and said as disk full
 * when it is (see cannot_open). */
static cc_err failed_setup(sqlite3 *db, const char *path, int rc, cc_error *err)
{
	bool full = (rc & 0xFF) == SQLITE_FULL || sqlite3_system_errno(db) == ENOSPC;
	int64_t code = db_code(db, rc);
	if (sqlite3_get_autocommit(db) == 0) {
		int rollback = sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		if (rollback != SQLITE_OK)
			return db_kind(err, cc_refuse(err, CC_MSG_ROLLBACK_FAILED, code, db_code(db, rollback)), code);
	}
	if (full)
		return db_error_at(err, NULL, SQLITE_FULL, CC_MSG_STORE_DISK_FULL, path);
	return db_kind(err, cc_refuse(err, CC_MSG_STORE_SETUP_FAILED, path, code), code);
}

/* The first row of every table of the schema, read: each tree's root
 * and first leaf go through SQLite's checks. */
static int read_each_table(sqlite3 *db)
{
	query q;
	int rc = SQLITE_OK;
	q_prepare(&q, db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'");
	while (rc == SQLITE_OK && q_step(&q) == SQLITE_ROW) {
		char *sql = sqlite3_mprintf("SELECT 1 FROM \"%w\" LIMIT 1", (const char *)sqlite3_column_text(q.stmt, 0));
		if (!sql) {
			rc = SQLITE_NOMEM;
			break;
		}
		query one;
		q_prepare(&one, db, sql);
		int step = q_step(&one);
		rc = q_finish(&one);
		if (rc == SQLITE_OK && step != SQLITE_ROW && step != SQLITE_DONE)
			rc = step;
		sqlite3_free(sql);
	}
	int fin = q_finish(&q);
	return rc != SQLITE_OK ? rc : fin;
}

/* A console's check before it writes (see verify_ours): CC_ERR_STORE,
 * CC_MSG_STORE_DAMAGED, when SQLite finds damage. */
static cc_err check_for_writing(sqlite3 *db, const char *path, cc_error *err)
{
	int rc = sqlite3_exec(db, "PRAGMA cell_size_check = ON", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return db_error_at(err, db, rc, CC_MSG_STORE_DAMAGED, path);
	query q;
	q_prepare(&q, db, "PRAGMA quick_check('sqlite_schema')");
	rc = q_step(&q);
	const char *verdict = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(q.stmt, 0) : NULL;
	bool ok = verdict && strcmp(verdict, "ok") == 0;
	/* the verdict's text is SQLite's English: the code says it */
	cc_err kind = CC_OK;
	if (!ok)
		kind = db_error_at(err, db, verdict ? SQLITE_CORRUPT : q.rc, CC_MSG_STORE_DAMAGED, path);
	rc = q_finish(&q);
	if (ok && rc == SQLITE_OK)
		rc = read_each_table(db);
	if (ok && rc != SQLITE_OK)
		kind = db_error_at(err, db, rc, CC_MSG_STORE_DAMAGED, path);
	return kind;
}

/*
 * Is this a ChessCubing database we can read, untouched so far? Sets
 * *in_creation for a file whose first creation was interrupted: no
 * application_id, no user_version, no schema object (a 0-byte file too).
 */
static cc_err verify_ours(sqlite3 *db, const char *path, bool whole, bool *in_creation, cc_error *err)
{
	int64_t app_id = 0, version = 0;
	bool empty = false;
	*in_creation = false;
	int rc = query_int(db, "PRAGMA application_id", &app_id);
	if (rc == SQLITE_NOTADB)
		return cc_refuse(err, CC_MSG_STORE_NOT_SQLITE, path);
	if (rc != SQLITE_OK)
		return cannot_open(db, path, rc, err);
	rc = query_int(db, "PRAGMA user_version", &version);
	if (rc == SQLITE_OK && app_id == 0)
		rc = schema_is_empty(db, &empty);
	if (rc != SQLITE_OK)
		return cannot_open(db, path, rc, err);
	if (app_id == 0 && version == 0 && empty) {
		*in_creation = true;
		return CC_OK;
	}
	if (app_id != APPLICATION_ID)
		return cc_refuse(err, CC_MSG_STORE_NOT_OURS, path);
	if (version > CC_STORE_SCHEMA_VERSION)
		return cc_refuse(err, CC_MSG_STORE_SCHEMA_NEWER, path, version, CC_STORE_SCHEMA_VERSION);
	/* RE-1.3, RE-1.10 (issue 37): a reader, and a console too, checks what
	 * makes the file ours and SQLite checks each page it reads, so that
	 * opening a console costs the same whatever the record's size (a
	 * quick_check of every page took 1 ms a thousand games). Before it
	 * writes, a console checks the schema's page whole, reads the root
	 * and first leaf of every table, and turns on SQLite's check of the
	 * cells of every page it reads from then on (cell_size_check): a
	 * write reads each page it changes first, so none lands on a damaged
	 * page, and a damaged one is refused with one line when met. */
	if (!whole)
		return CC_OK;
	return check_for_writing(db, path, err);
}

/*
 * Creates or brings the schema up to date, in one transaction. What the
 * file holds is asked again inside the transaction: another console may
 * have created it since verify_ours().
 */
static cc_err migrate(sqlite3 *db, const char *path, cc_error *err)
{
	int64_t app_id = 0, version = 0;
	bool empty = false;
	char sql[96];
	int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = query_int(db, "PRAGMA application_id", &app_id);
	if (rc == SQLITE_OK)
		rc = query_int(db, "PRAGMA user_version", &version);
	if (rc == SQLITE_OK)
		rc = schema_is_empty(db, &empty);
	if (rc != SQLITE_OK)
		return failed_setup(db, path, rc, err);
	if (app_id == APPLICATION_ID && version == CC_STORE_SCHEMA_VERSION) {
		rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
		return rc == SQLITE_OK ? CC_OK : failed_setup(db, path, rc, err);
	}
	bool ours = app_id == APPLICATION_ID && version >= 0 && version < CC_STORE_SCHEMA_VERSION;
	bool in_creation = app_id == 0 && version == 0 && empty;
	if (!ours && !in_creation) {
		if (sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL) != SQLITE_OK)
			return db_error_at(err, db, sqlite3_extended_errcode(db), CC_MSG_STORE_SETUP_FAILED, path);
		return cc_refuse(err, CC_MSG_STORE_CHANGED_WHILE_OPENING, path);
	}
	for (int64_t v = version; rc == SQLITE_OK && v < CC_STORE_SCHEMA_VERSION; v++)
		rc = sqlite3_exec(db, migrations[v], NULL, NULL, NULL);
	snprintf(sql, sizeof sql, "PRAGMA application_id = %d; PRAGMA user_version = %d", APPLICATION_ID,
	         CC_STORE_SCHEMA_VERSION);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	return rc == SQLITE_OK ? CC_OK : failed_setup(db, path, rc, err);
}

/* WAL + FULL: a commit is on disk when it returns, and a viewer can read
 * while the console writes. A file system that cannot do WAL (no shared
 * memory) keeps the old mode: refused, since neither would then hold. */
static cc_err set_wal(sqlite3 *db, const char *path, cc_error *err)
{
	query q;
	char mode[16] = "";
	q_prepare(&q, db, "PRAGMA journal_mode = WAL");
	if (q_step(&q) == SQLITE_ROW)
		snprintf(mode, sizeof mode, "%s", (const char *)sqlite3_column_text(q.stmt, 0));
	int rc = q_finish(&q);
	if (rc != SQLITE_OK)
		return cannot_open(db, path, rc, err);
	if (strcmp(mode, "wal") != 0)
		return cc_refuse(err, CC_MSG_STORE_NO_WAL, path, mode);
	rc = sqlite3_exec(db, "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON", NULL, NULL, NULL);
	return rc == SQLITE_OK ? CC_OK : db_error_at(err, db, rc, CC_MSG_STORE_SETUP_FAILED, path);
}

/* cc_name_key(name): the player key of name (CL-1.1), NULL when it has none. */
static void name_key_sql(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	char key[CC_CLUB_KEY_MAX];
	const unsigned char *name = sqlite3_value_text(argv[0]);
	(void)argc;
	if (name && cc_club_name_key((const char *)name, key, sizeof key) == CC_OK)
		sqlite3_result_text(ctx, key, -1, SQLITE_TRANSIENT);
	else
		sqlite3_result_null(ctx);
}

cc_err cc_store_configure(cc_store *s, cc_error *err)
{
	bool in_creation = false;
	int rc = sqlite3_create_function_v2(s->db, "cc_name_key", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
	                                    name_key_sql, NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_extended_result_codes(s->db, 1);
	if (rc == SQLITE_OK)
		rc = sqlite3_busy_timeout(s->db, 5000);
	if (rc != SQLITE_OK)
		return db_error_at(err, s->db, rc, CC_MSG_STORE_SETUP_FAILED, s->path);
	cc_err result = verify_ours(s->db, s->path, s->mode == CC_STORE_WRITE, &in_creation, err);
	if (result)
		return result;
	if (s->mode == CC_STORE_READ) {
		if (in_creation)
			return cc_refuse(err, CC_MSG_NO_MATCH_YET, s->path);
		rc = sqlite3_exec(s->db, "PRAGMA query_only = 1", NULL, NULL, NULL);
		if (rc != SQLITE_OK)
			return db_error_at(err, s->db, rc, CC_MSG_STORE_SETUP_FAILED, s->path);
	} else {
		result = set_wal(s->db, s->path, err);
		if (result == CC_OK)
			result = migrate(s->db, s->path, err);
		if (result)
			return result;
	}
	rc = query_int(s->db, "PRAGMA user_version", &s->version);
	/* A writer builds a rating cache that is missing or stale (CL-2.12). */
	if (rc == SQLITE_OK && s->mode == CC_STORE_WRITE)
		rc = cc_store_ratings_refresh(s);
	return rc == SQLITE_OK ? CC_OK : db_error_at(err, s->db, rc, CC_MSG_STORE_SETUP_FAILED, s->path);
}
