/*
 * ui_internal.h: what the files of src/ui/ share, and nothing else sees.
 *
 * The console is split the ncdu way: a console object (console.c) holds
 * the match and the UI-only state (form, dialogs, bell, stopwatch); each
 * screen has a draw function that reads it and a key function that maps a
 * key to a command; console.c executes commands by sending events to the
 * core. term.c alone owns curses set-up and teardown. Time is read
 * through cc_ui_monotonic_ms() and cc_ui_wall_ms() (loop.c), which ask the
 * session's cc_clock_system(): src/session/clock.c is the one file that
 * reads the system's clocks.
 */
#ifndef CHESSCUBING_UI_INTERNAL_H
#define CHESSCUBING_UI_INTERNAL_H

#include <libintl.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <curses.h>

#include "chesscubing/match.h"
#include "chesscubing/session.h"
#include "chesscubing/ui.h"
#include "chesscubing/session_club.h"
#include "chesscubing/session_scenario.h"

#define _(s) gettext(s)
#define N_(s) (s)

/* Below this size the console shows a "too small" screen instead. */
#define CC_UI_MIN_COLS 60
#define CC_UI_MIN_LINES 22

/* ---- term.c: terminal lifecycle, colours, glyphs, text ---------------- */

typedef enum {
	CC_UI_ROLE_NORMAL,
	CC_UI_ROLE_TITLE,   /* title bar */
	CC_UI_ROLE_WHITE,   /* the White player's label */
	CC_UI_ROLE_BLACK,   /* the Black player's label */
	CC_UI_ROLE_TO_MOVE, /* the side to move, unmistakable */
	CC_UI_ROLE_WARN,    /* banners: double move, closing, tie */
	CC_UI_ROLE_ALERT,   /* check, flagged, errors, paused */
	CC_UI_ROLE_DIM,     /* keys line, hints */
	CC_UI_ROLE_GOOD,    /* accepted, outcome */
	CC_UI_ROLE_HOT,     /* big digits in their last seconds (foreground only) */
	CC_UI_ROLE_CHECKERED /* a checkered piece on the board (rules/checkered.md) */
} cc_ui_role;

typedef enum {
	CC_UI_SIG_NONE,
	CC_UI_SIG_STOP,  /* SIGINT, SIGTERM or SIGHUP arrived */
	CC_UI_SIG_RESIZE /* SIGWINCH arrived */
} cc_ui_signal;

/* Installs the flag-only handlers and starts curses. CC_OK or CC_ERR_INVALID. */
cc_err cc_ui_term_start(cc_error *err);
/* Restores the terminal; safe to call any number of times, from any path. */
void cc_ui_term_stop(void);
/* Takes the pending signal flags (clears them); stop wins over resize. */
cc_ui_signal cc_ui_term_take_signal(int *signo);
/* Re-reads the window size after SIGWINCH (queues KEY_RESIZE). */
void cc_ui_term_resize(void);
bool cc_ui_term_too_small(void);
void cc_ui_term_draw_too_small(void);
bool cc_ui_term_utf8(void);
/* Are colours in use (a colour terminal, NO_COLOR unset)? */
bool cc_ui_term_colour(void);
attr_t cc_ui_attr(cc_ui_role role);
void cc_ui_bell(void);

/* Display width of UTF8 text in columns. */
int cc_ui_text_width(const char *text);
/* Draws text at (y, x), cut at max_cols columns; returns the columns drawn. */
int cc_ui_put(int y, int x, int max_cols, cc_ui_role role, const char *text);
/* Draws text centred on row y. */
void cc_ui_put_centred(int y, cc_ui_role role, const char *text);
/* Fills row y with spaces in role (a bar). */
void cc_ui_bar(int y, cc_ui_role role);
/* Draws a box of h rows and w columns at (y, x). */
void cc_ui_box(int y, int x, int h, int w, cc_ui_role role);

/* ---- bigfont.c: digits that fill the room, from 5 rows up ------------- */

#define CC_UI_BIG_ROWS 5
/* Width in columns of text ("2:59.9") at horizontal scale sx (1 or 2). */
int cc_ui_big_width(const char *text, int sx);
/* Largest scale (2, then 1) at which text fits max_cols; 0 if none. */
int cc_ui_big_scale(const char *text, int max_cols);
/* Draws text in big digits with its top-left corner at (y, x). */
void cc_ui_big_draw(int y, int x, int sx, cc_ui_role role, const char *text);
/* Draws text in big digits centred in [x, x + w) at the largest scale
 * that fits; falls back to plain text when nothing fits. */
void cc_ui_big_centred(int y, int x, int w, cc_ui_role role, const char *text);
/* Draws text h rows tall (h >= 5), pixels sx columns wide, at (y, x). */
void cc_ui_big_draw_h(int y, int x, int sx, int h, cc_ui_role role, const char *text);
/* The largest drawing of text in w columns and at most max_rows rows,
 * centred in [x, x + w); returns the rows it takes (plain text, centred
 * in max_rows, when not even 5 rows fit). */
int cc_ui_big_fill(int y, int x, int w, int max_rows, cc_ui_role role, const char *text);
/* How many rows the big clocks get in a terminal of `lines` rows:
 * 5 at 24 rows, growing with the room (see screen_block.c). */
int cc_ui_big_rows(int lines, int per_mille);

/* ---- console.c: the console object and its commands ------------------ */

typedef enum {
	CC_UI_CMD_NONE,
	CC_UI_CMD_QUIT,
	CC_UI_CMD_HELP,
	CC_UI_CMD_BELL,
	CC_UI_CMD_START,
	CC_UI_CMD_MOVE,
	CC_UI_CMD_MOVE_CHECK,
	CC_UI_CMD_PAUSE,
	CC_UI_CMD_RESIGN,
	CC_UI_CMD_MATE,
	CC_UI_CMD_UNDO,
	CC_UI_CMD_ARBITER,
	CC_UI_CMD_CUBE_ENTRY,     /* side: type that player's solve time */
	CC_UI_CMD_STOPWATCH,      /* start the two-player stopwatch */
	CC_UI_CMD_STOPWATCH_STOP, /* side: that player stops */
	CC_UI_CMD_SETUP_PREV,     /* setup form: previous field */
	CC_UI_CMD_SETUP_NEXT,
	CC_UI_CMD_SETUP_LEFT,     /* change the field's value */
	CC_UI_CMD_SETUP_RIGHT,
	CC_UI_CMD_SETUP_EDIT,     /* type the field's text */
	CC_UI_CMD_SETUP_CREATE,   /* create the match from the form */
	CC_UI_CMD_NEW_MATCH,      /* back to a fresh setup form */
	CC_UI_CMD_RESUME,         /* setup: resume the unfinished match on offer */
	CC_UI_CMD_BOARD,          /* moves recording: show or hide the board */
	CC_UI_CMD_CLOCK_KEY,      /* side: that player's clock key (a DGT lever) */
	CC_UI_CMD_LOG,            /* show the whole event log */
	CC_UI_CMD_SHEET,          /* setup: show and write the scramble sheet of the seed */
	CC_UI_CMD_IN_TIME,        /* the last move lost on the clock was played in time */
	CC_UI_CMD_CORRECT,        /* correct a clock or a count */
	CC_UI_CMD_DNF,            /* cube: a player did not finish (asks who) */
	CC_UI_CMD_CLAIM,          /* chess game: a player claims a draw through the arbiter (FI-9.2, FI-9.3) */
	CC_UI_CMD_DRAW,           /* chess game: the players agree a draw (FI-9.1) */
	/* Chess-Uno (screen_uno.c) */
	CC_UI_CMD_UNO_DRAW,       /* the army to play draws a card */
	CC_UI_CMD_UNO_PLACE,      /* place a recovered pawn (asks the square) */
	CC_UI_CMD_UNO_END         /* end the series, or the placement */
} cc_ui_cmd_kind;

typedef struct {
	cc_ui_cmd_kind kind;
	cc_side side;
} cc_ui_cmd;

/* The form's fields; their order on screen is form_chess.c's table, and
 * a field may be hidden (cc_ui_setup_shown): the event pairing without an
 * open event, a chess game's fields in a ChessCubing match... */
typedef enum {
	CC_UI_FIELD_PAIRING, /* the club: an open event's unplayed pairing, or none (CL-3.6) */
	CC_UI_FIELD_FORMAT,
	CC_UI_FIELD_CATEGORY,
	CC_UI_FIELD_PLAYER1,
	CC_UI_FIELD_PLAYER2,
	CC_UI_FIELD_COLOURS,
	CC_UI_FIELD_RECORD,
	CC_UI_FIELD_RATED,   /* the club: rated or unrated (CL-2.1) */
	CC_UI_FIELD_SEED,
	CC_UI_FIELD_START,
	/* the board and the chess game (form_chess.c) */
	CC_UI_FIELD_VARIANT, /* moves recording: standard or Checkered */
	CC_UI_FIELD_TC,      /* chess game: the time control */
	CC_UI_FIELD_CLAIMS,  /* chess game: claims auto or manual */
	CC_UI_FIELD_UNO_OPTIONS /* Chess-Uno's options (format uno only; drawn before START) */
} cc_ui_field;
#define CC_UI_FIELD_COUNT 14

typedef enum {
	CC_UI_COLOURS_LOT,      /* drawn by lot at creation */
	CC_UI_COLOURS_P1_WHITE, /* set by the arbiter */
	CC_UI_COLOURS_P2_WHITE
} cc_ui_colours;

typedef struct {
	cc_format format;
	cc_category category;
	char player[2][CC_NAME_MAX];
	bool named[2]; /* the arbiter named that player: the field no longer holds its placeholder (CL-2.11) */
	cc_ui_colours colours;
	cc_record_mode record;
	uint64_t seed;
	cc_ui_field field;
	bool unrated;             /* the club: the match will not count (CL-2.1) */
	cc_chess_variant variant; /* moves recording's board */
	int64_t tc_base_ms;       /* chess game: the clock (0: none) and its increment */
	int64_t tc_increment_ms;
	cc_claims claims;
	cc_uno_settings uno; /* format uno: its options (players: the names above) */
} cc_ui_form;

typedef enum {
	CC_UI_MODAL_NONE,
	CC_UI_MODAL_CONFIRM, /* y/n */
	CC_UI_MODAL_SIDE,    /* w/b */
	CC_UI_MODAL_WINNER,  /* w/b/d */
	CC_UI_MODAL_TEXT,    /* a line of text */
	CC_UI_MODAL_CLAIM    /* t/f: which draw is claimed */
} cc_ui_modal_kind;

/* What a dialog is gathering input for. */
typedef enum {
	CC_UI_ACT_QUIT,
	CC_UI_ACT_RESIGN,
	CC_UI_ACT_MATE,
	CC_UI_ACT_UNDO,
	CC_UI_ACT_ARBITER,
	CC_UI_ACT_CUBE,
	CC_UI_ACT_NAME,
	CC_UI_ACT_SEED,
	CC_UI_ACT_MOVE,    /* moves recording: the move's SAN or UCI */
	CC_UI_ACT_IN_TIME, /* the last move lost on the clock was played in time (RU-26) */
	CC_UI_ACT_CORRECT, /* an arbiter correction, as the scenario format writes it (RU-25) */
	CC_UI_ACT_CLAIM,   /* chess game: who claims, then what (FI-9.2, FI-9.3) */
	CC_UI_ACT_DRAW,    /* chess game: a draw agreed (FI-9.1) */
	CC_UI_ACT_TC,      /* setup: a time control typed, MIN+INC */
	CC_UI_ACT_UNO_PLACE,   /* Chess-Uno: the square of a recovered pawn */
	CC_UI_ACT_UNO_OPTIONS  /* Chess-Uno: the options as key=value words */
} cc_ui_action;

typedef struct {
	cc_ui_modal_kind kind;
	cc_ui_action action;
	char prompt[256];
	char text[512];         /* the line being typed (Chess-Uno's options are long) */
	char error[CC_ERROR_MESSAGE_MAX + 64];
	cc_side side;           /* RESIGN, CUBE, NAME (player index) */
	cc_winner winner;       /* ARBITER */
	int32_t cube_cs;        /* CUBE, once parsed */
	int64_t t_ms;           /* when the arbiter started the action: its event's stamp (RU-27) */
} cc_ui_modal;

typedef struct {
	bool running;
	int64_t start_ms;
	bool stopped[2];
	int64_t stop_ms[2];
} cc_ui_stopwatch;

/* The on-screen event log: the last events of this console, with the wall
 * time they were seen at (what the arbiter relates to the hall's clock). */
#define CC_UI_LOG_MAX 64
typedef struct {
	char when[16];  /* "18:42:05" */
	char text[224]; /* as the renderer says it */
	bool by_time;   /* a change time alone made (a lost move, a block over) */
} cc_ui_log_entry;

/* A second press of a move key within this much real time is ignored: a
 * lever pressed twice, or Space and a clock key hit together, is one move. */
#define CC_UI_GUARD_MS 300

/* The default clock keys: on the bottom row for the left hand (White) and
 * the right hand (Black), on QWERTY and AZERTY keyboards alike. */
#define CC_UI_KEY_WHITE 'x'
#define CC_UI_KEY_BLACK 'n'

/* ---- screen_club.c: the club on the setup and end screens ------------ */

/* The type-ahead under a player field while his name is typed (the name
 * dialog's text): the registered players it may mean. */
typedef struct {
	cc_session_player *found; /* malloc'd, freed by the club's functions */
	size_t count;
	int chosen;               /* index in found; -1: the text as typed */
} cc_ui_picker;

typedef struct {
	bool known[2];               /* the form's players are registered ... */
	cc_session_player player[2]; /* ... with these ratings */
	cc_session_offer *offers;    /* the pairings offered (CL-3.6), malloc'd */
	size_t offer_count;
	int offer;                   /* the one chosen; -1: none */
	bool none_chosen;            /* the arbiter chose "none": kept on refresh */
	bool version_valid;
	int64_t version;             /* the record's data version the offers were read at */
	cc_ui_picker picker;
	bool end_valid;              /* the end screen's club facts ... */
	int64_t end_match;           /* ... of this match ... */
	size_t end_events;           /* ... at this many events */
	cc_session_match_club end;
} cc_ui_club;

typedef struct cc_ui_console {
	cc_session *session;      /* the match being run or watched; NULL on the setup screen */
	const cc_match *match;    /* its match (borrowed from session), NULL with it */
	cc_session_db *db;        /* the record (borrowed); NULL: nothing recorded (demo) */
	bool has_offer;           /* setup: an unfinished match can be resumed */
	cc_session_info offer;
	bool clock_reset;         /* a match was loaded: the loop restarts match time ... */
	int64_t clock_base_ms;    /* ... from its last event */
	cc_ui_form form;
	cc_ui_modal modal;
	bool help;
	int help_page;            /* the help's page shown (small terminals) */
	bool board;               /* the board overlay is shown (moves recording) */
	bool bell_on;
	bool quit;
	bool colours_by_lot;      /* the match's colours were drawn by lot */
	char message[256];        /* last refusal or notice, one line */
	bool message_error;
	cc_ui_stopwatch stopwatch;
	int64_t now_ms;           /* match time of the frame being drawn */
	cc_match_view view;       /* the match at now_ms (valid when match) */
	bool view_valid;          /* view is of the match shown (changes are announced from it) */
	cc_match_view said;       /* what time alone had done when last announced (RU-27: not
	                           * moved on while a dialog stamps an event) */
	int bell_second;          /* last move-clock second that rang */
	bool was_in_block;        /* a running block was seen on the last frame */
	bool spectator;           /* drawn for `watch`: no arbiter keys or hints */
	int clock_key[2];         /* each player's clock key, like a DGT lever: White's, Black's */
	int64_t real_ms;          /* the shell's monotonic time (not --speed scaled), set by the loop */
	int64_t wall_ms;          /* the wall clock, for the event log's times */
	int64_t last_move_key_ms; /* real time of the last accepted move key (the guard) */
	cc_ui_log_entry log[CC_UI_LOG_MAX]; /* a ring: the newest at (log_next - 1) */
	size_t log_next;
	size_t log_count;
	bool log_open;            /* the whole log is shown over the screen */
	int log_scroll;           /* entries scrolled back from the newest */
	bool sheet_open;          /* setup: the scramble sheet of the form's seed is shown */
	char sheet[CC_SESSION_SHEET_MAX];
	char sheet_file[4096];    /* where it was written, "" when it could not be */
	char announce[512];       /* the last change announced (a banner), "" for none */
	bool announce_alert;      /* made by time alone: shown as an alert */
	cc_ui_club club;          /* the club's players, pairings and ratings (screen_club.c) */
	bool test_deck;           /* Chess-Uno dealt from a test deck (test build only), said on screen */
} cc_ui_console;

/* Prepares a console on a fresh setup form, seed drawn by the session. db
 * (may be NULL) is borrowed: every accepted event is committed to it. */
cc_err cc_ui_console_init(cc_ui_console *c, cc_session_db *db, cc_error *err);
/* Makes session (owned from now on) the one shown; NULL for none. */
void cc_ui_console_show(cc_ui_console *c, cc_session *session);
/* Loads match id (0: the newest unfinished) from the record, back paused (RU-18). */
cc_err cc_ui_console_resume(cc_ui_console *c, int64_t id, cc_error *err);
void cc_ui_console_fini(cc_ui_console *c);
/* Recomputes the view at now_ms (never accumulates) and rings bells. */
void cc_ui_console_update(cc_ui_console *c, int64_t now_ms);
/* Handles one key: dialogs first, then help, then the current screen. */
void cc_ui_console_key(cc_ui_console *c, int key);
/* Executes a command produced by a screen's key function. */
void cc_ui_console_exec(cc_ui_console *c, cc_ui_cmd cmd);
/* Sends one event to the core; a refusal goes to the message line. */
bool cc_ui_console_apply(cc_ui_console *c, const cc_event *event);
/* Creates the match from the form (colours by lot when asked). */
void cc_ui_console_create_match(cc_ui_console *c);
/* Creates the match of settings as given (the demo's sample match). */
void cc_ui_console_create_from(cc_ui_console *c, const cc_match_settings *settings, bool colours_by_lot);
/* Draws the whole frame: the screen, then a dialog or help over it. */
void cc_ui_console_draw(const cc_ui_console *c);
/* Milliseconds of match time until what is shown next changes; -1: never. */
int64_t cc_ui_console_next_change_ms(const cc_ui_console *c);
/* Adds a line to the event log (at the console's wall time). */
void cc_ui_console_log(cc_ui_console *c, bool by_time, const char *text);
/* The log's entry back entries from the newest (0: the newest); NULL past the end. */
/* The log told again from the match's record (resume, spectators); the
 * last event seen at wall time last_wall_ms, the others before it. */
void cc_ui_console_fill_log(cc_ui_console *c, int64_t last_wall_ms);
const cc_ui_log_entry *cc_ui_console_log_at(const cc_ui_console *c, size_t back);
/* The name of a key as shown on screen ("x", "Space"). */
void cc_ui_key_name(int key, char *buf, size_t size);
/* What the core would make of side's solve time cs in this cube phase (the
 * other side's, when not entered, a hypothetical one): the view after the
 * phase. False outside a cube phase or when side's time is entered. */
bool cc_ui_cube_preview(const cc_ui_console *c, cc_side side, int32_t cs, cc_match_view *after);
/* A move typed with the language's piece letters, in English SAN
 * (cc_session_san_english: the renderer owns the letters). */
void cc_ui_san_to_english(const char *typed, char *out, size_t size);
/* English SAN with the language's piece letters, for display
 * (cc_session_san_local). */
void cc_ui_san_to_local(const char *san, char *out, size_t size);
/* The player's name for a side, from the match settings. */
const char *cc_ui_console_name(const cc_ui_console *c, cc_side side);
/* The player who holds side's army: Chess-Uno's controller after
 * Inversions, else the player of that colour. */
const char *cc_ui_console_holder(const cc_ui_console *c, cc_side side);
/* "White"/"Black" translated. */
const char *cc_ui_side_label(cc_side side);

/* ---- screen_club.c: the club's part of the console (rules/club.md) ---- */

/* How often (match time) the setup screen asks whether another console
 * took a pairing it offers. */
#define CC_UI_CLUB_POLL_MS 1000

/* Reads the offered pairings and the form's players again; a chosen
 * pairing gone (another console took it) gives way to the first offered,
 * said when say. */
void cc_ui_club_refresh(cc_ui_console *c, bool say);
/* Reads the form's players again, with the ratings of the format's list
 * (after a change of format). */
void cc_ui_club_read_players(cc_ui_console *c);
/* On the setup screen: refreshes when another connection committed. */
void cc_ui_club_follow(cc_ui_console *c);
/* On the end screen: the club's facts of the match, when it changed. */
void cc_ui_club_end_follow(cc_ui_console *c);
void cc_ui_club_fini(cc_ui_console *c);
/* Left/Right on the pairing field: the next or previous offer, or none. */
void cc_ui_club_choose(cc_ui_console *c, int dir);
/* Is field set by the chosen pairing? Then says so and returns true. */
bool cc_ui_club_locked(cc_ui_console *c, cc_ui_field field);
/* The club's terms of the match to create from the form. */
void cc_ui_club_options(const cc_ui_console *c, cc_session_club_options *out);
/* The creation was refused with rc: says why (a pairing taken by another
 * console, CL-3.7) and offers what is left. */
void cc_ui_club_refused(cc_ui_console *c, cc_err rc, const cc_error *err);
/* The type-ahead: the name dialog's text changed (search again), a key
 * for the list (Up/Down/Tab: true when taken), the name taken at Enter. */
void cc_ui_club_pick_update(cc_ui_console *c);
bool cc_ui_club_pick_key(cc_ui_console *c, int key);
void cc_ui_club_pick_take(cc_ui_console *c, int idx, const char *typed);
void cc_ui_club_pick_close(cc_ui_console *c);
/* Draws the list under the player field on row y, down to row bottom. */
void cc_ui_club_pick_draw(const cc_ui_console *c, int y, int x, int w, int bottom);
/* The value of a player field: the name, then his rating and tier, or
 * that he is new; while typed, the text and a cursor. */
void cc_ui_club_player_value(const cc_ui_console *c, int idx, char *buf, size_t size);
/* The values of the pairing and rated fields. */
void cc_ui_club_pairing_value(const cc_ui_console *c, char *buf, size_t size);
void cc_ui_club_rated_value(const cc_ui_console *c, char *buf, size_t size);
/* The end screen's club lines from row y (centred, wrapped); returns rows used. */
int cc_ui_club_end_draw(const cc_ui_console *c, int y);

/* ---- form_chess.c: the form's fields of the board and the chess game ---- */

/* Is field on the form for its format and recording (a chess game has no
 * category, seed or recording choice; only moves recording has a board)? */
bool cc_ui_form_shows(const cc_ui_form *f, cc_ui_field field);
/* The fields shown, in their order on screen; returns how many. */
int cc_ui_form_fields(const cc_ui_form *f, cc_ui_field out[CC_UI_FIELD_COUNT]);
/* Label and "< value >" of the variant, time control and claims fields;
 * false for another field. */
bool cc_ui_form_chess_field(const cc_ui_form *f, cc_ui_field field, const char **label, char *buf, size_t size);
/* Left/Right on those fields (the format too: it cycles through three). */
void cc_ui_form_chess_change(cc_ui_form *f, int dir);
/* The form's format-specific settings (board, clock, claims) into s. */
void cc_ui_form_chess_settings(const cc_ui_form *f, cc_match_settings *s);
/* The time control of the form as typed back ("5+3", "none"). */
void cc_ui_form_tc_text(const cc_ui_form *f, char *buf, size_t size);

/* ---- the screens: draw from a read-only console, key to command -------- */

void cc_ui_setup_draw(const cc_ui_console *c);
cc_ui_cmd cc_ui_setup_key(const cc_ui_console *c, int key);
/* Is field on the form now? The field dir steps from field, shown ones only. */
bool cc_ui_setup_shown(const cc_ui_console *c, cc_ui_field field);
/* The fields shown, in their order on screen; returns how many. */
int cc_ui_setup_fields(const cc_ui_console *c, cc_ui_field out[CC_UI_FIELD_COUNT]);
cc_ui_field cc_ui_setup_step(const cc_ui_console *c, cc_ui_field field, int dir);
/* Returns the first row below what it drew (the watcher puts the board there). */
int cc_ui_block_draw(const cc_ui_console *c);
cc_ui_cmd cc_ui_block_key(const cc_ui_console *c, int key);
void cc_ui_cube_draw(const cc_ui_console *c);
/* Time: what side's solve time cs will do to the clocks, for the
 * confirmation ("" in Twice). */
void cc_ui_cube_effect_text(const cc_ui_console *c, cc_side side, int32_t cs, char *buf, size_t size);
cc_ui_cmd cc_ui_cube_key(const cc_ui_console *c, int key);
void cc_ui_end_draw(const cc_ui_console *c);
/* Chess-Uno (screen_uno.c): the turn screen (returns the first row below
 * what it drew) and its keys; the end screen, which reveals the secret. */
int cc_ui_uno_draw(const cc_ui_console *c);
cc_ui_cmd cc_ui_uno_key(const cc_ui_console *c, int key);
void cc_ui_uno_end_draw(const cc_ui_console *c);
cc_ui_cmd cc_ui_end_key(const cc_ui_console *c, int key);
/* The keys of the game on screen, in pages when the room is short
 * (c->help_page is the one shown). */
void cc_ui_help_draw(const cc_ui_console *c);
/* How many pages the help takes in the terminal's size. */
int cc_ui_help_pages(const cc_ui_console *c);
/* The board of the view (moves recording), as an overlay. */
void cc_ui_board_draw(const cc_ui_console *c);
/* The board in a box of CC_UI_BOARD_ROWS x CC_UI_BOARD_COLS at (y, x);
 * with hide_hint, "v: hide" follows "White to move." under it. */
#define CC_UI_BOARD_ROWS 14
#define CC_UI_BOARD_COLS 30
void cc_ui_board_draw_at(const cc_match_view *v, int y, int x, bool hide_hint);

/* Shared pieces of the screens (screens.c). */
/* The keys every screen takes: ? help, q quit, b bell, v board. */
cc_ui_cmd cc_ui_common_key(int key);
void cc_ui_draw_title(const cc_ui_console *c, const char *what);

/*
 * The UI's one table from a format to its screens (screens.c): the words
 * the setup form and the resume offer use for it, and the screens it
 * brings of its own while it is played and once it is over (NULL: the
 * phase screens every other game shares). What a format has is asked of
 * its class (game.h), never of this table.
 */
typedef struct {
	cc_format format;
	const char *setup_text; /* the setup form's Format line (N_) */
	const char *offer_kind; /* "r: resume unfinished game 3 (..., chess game)" (N_) */
	int (*play_draw)(const cc_ui_console *c);
	cc_ui_cmd (*play_key)(const cc_ui_console *c, int key);
	void (*end_draw)(const cc_ui_console *c);
} cc_ui_screens;

const cc_ui_screens *cc_ui_screens_of(cc_format format);
/* The title bar: left wrapped onto row 1 when long, right at its end. */
void cc_ui_draw_title_text(const char *left, const char *right);
/* The keys, wrapped at the bottom; returns the row above them. */
int cc_ui_draw_keys(const char *keys);
/* The message line (wrapped) ending on row bottom; returns the row above. */
int cc_ui_draw_message(const cc_ui_console *c, int bottom);
/* Keys, message and announcement from the bottom up; returns the last free row. */
int cc_ui_draw_bottom(const cc_ui_console *c, const char *keys);
/* The announcement banner (wrapped) ending on row bottom; returns its top row. */
int cc_ui_draw_announce(const cc_ui_console *c, int bottom);
/* The newest log entries that fit in rows [top, bottom); returns rows used. */
int cc_ui_draw_log_tail(const cc_ui_console *c, int top, int bottom);
/* The whole log as an overlay, scrolled by c->log_scroll. */
void cc_ui_log_draw(const cc_ui_console *c);
/* The scramble sheet of the setup form's seed, as an overlay. */
void cc_ui_sheet_draw(const cc_ui_console *c);
/* The essentials when the terminal is below the minimum size. */
void cc_ui_draw_small(const cc_ui_console *c);
/* Draws text word-wrapped in w columns, at most max_lines; returns lines used. */
int cc_ui_put_wrapped(int y, int x, int w, int max_lines, cc_ui_role role, const char *text);
/* Draws text wrapped in the screen's width, each line centred; returns lines used. */
int cc_ui_put_centred_wrapped(int y, int max_lines, cc_ui_role role, const char *text);
/* The lines cc_ui_put_wrapped() would use for text in w columns. */
int cc_ui_wrapped_rows(int w, const char *text);
/* "WHITE · Alice" style label of a side. */
void cc_ui_side_text(const cc_ui_console *c, cc_side side, char *buf, size_t size);
/* A solve time as shown, "23.45" ("23,45" in French). */
void cc_ui_solve_text(int32_t cs, char *buf, size_t size);
/* Puts the language's decimal separator in place of text's last '.'. */
void cc_ui_decimal(char *text);
/* Move clock as "20.0", chess clock as "10:00.0". */
void cc_ui_format_seconds(int64_t ms, char *buf, size_t size);

/* ---- demo.c: a sample match played through the same events ----------- */

typedef struct {
	size_t step;       /* 0: the match is created next; then the scenario's events */
	int64_t next_ms;   /* match time of the next step; -1 when done */
	int64_t offset_ms; /* match time of the scenario's time 0 */
	cc_session_scenario scenario; /* the session's sample match */
	bool loaded;
} cc_ui_demo;

void cc_ui_demo_init(cc_ui_demo *d, cc_ui_console *c, int64_t now_ms);
/* Frees the sample scenario. */
void cc_ui_demo_fini(cc_ui_demo *d);
/* Plays every step due at now_ms. */
void cc_ui_demo_run(cc_ui_demo *d, cc_ui_console *c, int64_t now_ms);
/* Match time of the next step, or -1 when the demo is done. */
int64_t cc_ui_demo_next(const cc_ui_demo *d);

/* ---- watch.c: following one match from the record (read only) ---------- */

typedef struct {
	cc_session_db *db;      /* borrowed: opened CC_SESSION_DB_READ */
	bool follow_latest;     /* no MATCH given: follow the newest match */
	int64_t match_id;
	int64_t data_version;
	size_t events;          /* event count of the match as last loaded */
	int64_t anchor_core_ms; /* time of its last event (console's clock) */
	int64_t anchor_mono_ms; /* the watcher's monotonic time when it saw that event */
	int64_t last_event_ms;  /* the match's last event time */
	bool console_running;   /* a console holds the match: its clocks run */
	int64_t next_poll_ms;   /* watcher's monotonic time of the next poll */
	cc_ui_console screen;   /* the view-model the screens draw from */
} cc_ui_watcher;

/* Reads match id back into w (its anchor kept unless it has new events). */
cc_err cc_ui_watcher_load(cc_ui_watcher *w, int64_t id, int64_t mono_ms, cc_error *err);
/* Asks whether a console holds the match (its clocks run; else stopped, RU-18). */
void cc_ui_watcher_poll_console(cc_ui_watcher *w);
/* The match's time now, as the watcher estimates the console's. */
int64_t cc_ui_watcher_now(const cc_ui_watcher *w, int64_t mono_ms);
/* The spectator screen of the match at its view, status as the bottom line. */
void cc_ui_watcher_draw(const cc_ui_watcher *w, const char *status);

/* `chesscubing watch --event NAME` (watch_event.c): every board and the standings. */
int cc_ui_watch_event(const char *db, const char *event);

/* ---- loop.c: the one loop of the console and the spectator screen ------- */

/* What a screen's loop does at each turn; self is the screen's own state. */
typedef struct {
	void *self;
	void (*frame)(void *self);       /* bring the state to now and draw it (refresh follows) */
	int (*timeout_ms)(void *self);   /* real ms until the picture changes; -1: never */
	void (*before_keys)(void *self); /* (may be NULL) keys are coming: bring the state to now */
	void (*key)(void *self, int key);
	bool (*done)(void *self);
} cc_ui_loop;

/* Runs loop until done or a stop signal; restores the terminal. Returns 0,
 * or 128+signal after SIGINT/SIGTERM/SIGHUP. */
int cc_ui_loop_run(const cc_ui_loop *loop);
/* The phase's screen for a console or a spectator; returns the first row
 * below what the block screen drew (LINES for the others). */
int cc_ui_draw_phase(const cc_ui_console *c);
/* The shell's monotonic clock, in milliseconds (cc_clock_system()). */
int64_t cc_ui_monotonic_ms(void);
/* The shell's wall clock, Unix ms (the event log's times). */
int64_t cc_ui_wall_ms(void);
/* Blocks the signals the loop handles; *unblocked gets the mask before. */
void cc_ui_block_signals(sigset_t *unblocked);
/* Handles a pending signal: a resize re-lays out; a stop sets *status to
 * 128+signal and returns true. */
bool cc_ui_take_stop(int *status);
/*
 * Waits up to timeout_ms (-1: for ever) for a key on stdin, with the
 * signals of unblocked let through only while waiting (see loop.c).
 * Returns 1 when stdin is readable, 0 on time-out or signal, -1 when the
 * wait failed.
 */
int cc_ui_wait_input(int timeout_ms, const sigset_t *unblocked);
/* stdin was readable but gave no key: is the terminal gone (hang-up)? */
bool cc_ui_stdin_gone(void);

#endif
