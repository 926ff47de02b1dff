/*
 * ui_console.h: the console object and what it owns. The console is split
 * the ncdu way: a console object holds the match and the UI-only state
 * (form, dialogs, bell, stopwatch, log); each screen has a draw function
 * that reads it and a key function that maps a key to a command; the
 * console executes commands by sending events to the core. Its files:
 * console.c (the object, its messages, sending an event, key dispatch),
 * console_setup.c (the form and creating or resuming a match),
 * console_dialogs.c, console_log.c (the event log and announcements),
 * console_timing.c (what time alone does: the view, bells, next redraw),
 * console_commands.c (commands to events), console_draw.c (the frame).
 * Time is read through cc_ui_monotonic_ms() and cc_ui_wall_ms() (loop.c),
 * which ask the session's clock: the one place the shell reads time.
 */
#ifndef CHESSCUBING_UI_CONSOLE_H
#define CHESSCUBING_UI_CONSOLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/session_checklist.h"
#include "chesscubing/match.h"
#include "chesscubing/session.h"
#include "chesscubing/session_describe.h"
#include "ui_club.h"
#include "ui_cmd.h"
#include "ui_dialogs.h"
#include "ui_qr.h"
#include "ui_setup.h"

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
	/* A line told from the record (cc_ui_console_fill_log) is timed by
	 * it, again as the record grows: its match time, kind and place. */
	bool told;
	bool by_event; /* at its event's place (not Chess-Uno's steps) */
	cc_session_log_kind kind;
	int64_t t_ms;
	size_t place;
} cc_ui_log_entry;

/* A second press of a move key within this much real time is ignored: a
 * lever pressed twice, or Space and a clock key hit together, is one move. */
#define CC_UI_GUARD_MS 300

/* The default clock keys: on the bottom row for the left hand (White) and
 * the right hand (Black), on QWERTY and AZERTY keyboards alike. */
#define CC_UI_KEY_WHITE 'x'
#define CC_UI_KEY_BLACK 'n'

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
	char message[1024];       /* last refusal or notice, one line (room for any script's bytes) */
	int64_t next_serve_ms;    /* setup, watch: monotonic time to look again for serve's address */
	cc_ui_qr serve_qr;        /* setup, watch: the page's address while `serve` runs ("" when none) */
	bool message_error;
	int message_page;         /* the page of a long message turned to with > (screens.c) */
	unsigned message_page_of; /* ...of which message (a hash): a new message starts on page 1 */
	cc_ui_stopwatch stopwatch;
	int64_t now_ms;           /* match time of the frame being drawn */
	cc_match_view view;       /* the match at now_ms (valid when match) */
	bool view_valid;          /* view is of the match shown (changes are announced from it) */
	cc_match_view said;       /* what time alone had done when last announced (RU-27: not
	                           * moved on while a dialog stamps an event) */
	int bell_second;          /* last move-clock second that rang */
	bool was_in_block;        /* a running block was seen on the last frame */
	bool spectator;           /* drawn for `watch`: no arbiter keys or hints */
	int status_rows;          /* watch: the rows of its status line at the bottom (0: the console's keys) */
	int clock_key[2];         /* each player's clock key, like a DGT lever: White's, Black's */
	int64_t real_ms;          /* the shell's monotonic time (not --speed scaled), set by the loop */
	int64_t wall_ms;          /* the wall clock, for the event log's times */
	int64_t seen_ms;          /* RU-18: match time of the last last-seen stamp written */
	bool seen_due;            /* RU-18: ... and it is still to be written (after the frame) */
	bool returned_pending;    /* RU-18: the resume gave time back; g takes it off again */
	cc_session_returned returned;
	int64_t last_move_key_ms; /* real time of the last accepted move key (the guard) */
	cc_ui_log_entry log[CC_UI_LOG_MAX]; /* a ring: the newest at (log_next - 1) */
	cc_session_log_cursor *log_cursor; /* where the told log stands in the match (NULL: none) */
	size_t log_next;
	size_t log_count;
	bool log_open;            /* the whole log is shown over the screen */
	int log_scroll;           /* entries scrolled back from the newest */
	bool log_sheet;           /* the scoresheet shown in the log's place (Tab) */
	bool interventions_open;  /* end screen: the arbiter's interventions listed over it (e) */
	int interventions_page;   /* ... the page shown */
	bool sheet_open;          /* setup: the scramble sheet of the form's seed is shown */
	char sheet[CC_SESSION_SHEET_MAX];
	char sheet_file[4096];    /* where it was written, "" when it could not be */
	char sheet_pdf[4096];     /* its printable page (CU-6), "" when not written ... */
	char sheet_pdf_why[512];  /* ... and why, in the user's language */
	char announce[512];       /* the last change announced (a banner), "" for none */
	bool announce_alert;      /* made by time alone: shown as an alert */
	cc_ui_club club;          /* the club's players, pairings and ratings (screen_club.c) */
	struct cc_ui_stackmat *stackmat; /* the players' timers (stackmat_ui.c), NULL: none */
	struct cc_ui_dgt *dgt;    /* the DGT board (dgt_console.c), NULL: none */
	double speed;             /* match time per real time (--speed), set by the loop */
	cc_session_checklist checklist; /* CK-1: the pre-match check-list as ticked so far (checklist_ui.c) */
	/* Issue 35 item 7, slice print: the sheet printed, the draw shown big (CK-1.6, CK-1.7) */
	struct cc_ui_printer *printer; /* lpstat or lp running or done (printer.c), NULL: none yet */
	bool draw_open;           /* CK-1.7: the colours shown big over the block-1 screen (t) */
} cc_ui_console;

/* Prepares a console on a fresh setup form, seed drawn by the session. db
 * (may be NULL) is borrowed: every accepted event is committed to it. */
cc_err cc_ui_console_init(cc_ui_console *c, cc_session_db *db, cc_error *err);
/* Makes session (owned from now on) the one shown; NULL for none. */
void cc_ui_console_show(cc_ui_console *c, cc_session *session);
/* Loads match id (0: the newest unfinished) from the record, back paused (RU-18). */
cc_err cc_ui_console_resume(cc_ui_console *c, int64_t id, cc_error *err);
/* RE-10.2: after a resume, once the timers are open or not: a match whose
 * solve times came from timers, resumed without any, says so. */
void cc_ui_console_say_no_timers(cc_ui_console *c);
void cc_ui_console_fini(cc_ui_console *c);
/* RU-18: g after a resume that gave time back: the clocks set as they
 * stood when the console stopped; false when there is nothing to take. */
bool cc_ui_console_take_returned(cc_ui_console *c);

/* Recomputes the view at now_ms (never accumulates) and rings bells. */
void cc_ui_console_update(cc_ui_console *c, int64_t now_ms);
/* RU-18: writes the last-seen stamp the last update found due. Called
 * once the frame is on the screen: its fdatasync must not delay the
 * picture of a key's event (the event's own commit is already in). */
void cc_ui_console_write_seen(cc_ui_console *c);
/* Handles one key: dialogs first, then help, then the current screen. */
void cc_ui_console_key(cc_ui_console *c, int key);
/* Executes a command produced by a screen's key function. */
void cc_ui_console_exec(cc_ui_console *c, cc_ui_cmd cmd);
/* Sends one event to the core; a refusal goes to the message line. */
bool cc_ui_console_apply(cc_ui_console *c, const cc_event *event);
/* Creates the match from the form (colours by lot when asked). */
void cc_ui_console_create_match(cc_ui_console *c);
/* The same past the warning of a player on two boards (CL-8.6), once the
 * arbiter confirmed it. */
void cc_ui_console_create_match_anyway(cc_ui_console *c);
/* Creates the match of settings as given (the demo's sample match). */
void cc_ui_console_create_from(cc_ui_console *c, const cc_match_settings *settings, bool colours_by_lot);
/* Draws the whole frame: the screen, then a dialog or help over it. */
void cc_ui_console_draw(const cc_ui_console *c);
/* Milliseconds of match time until what is shown next changes; -1: never. */
int64_t cc_ui_console_next_change_ms(const cc_ui_console *c);
/* The count-down clocks shown running at the view (the block time, the
 * move clock, the chess clock to move) into ms; how many (none while no
 * block runs: paused, between blocks, over). */
#define CC_UI_CLOCKS_SHOWN_MAX 3
size_t cc_ui_console_running_clocks(const cc_ui_console *c, int64_t *ms);
/* Adds a line to the event log (at the console's wall time). */
void cc_ui_console_log(cc_ui_console *c, bool by_time, const char *text);
/* The log's entry back entries from the newest (0: the newest); NULL past the end. */
/* The log told again from the match's record (resume, spectators); the
 * last event seen at wall time last_wall_ms, the others before it. */
void cc_ui_console_fill_log(cc_ui_console *c, int64_t last_wall_ms);
/* The same, the log then told on as the match grows (a watcher): the
 * cursor is kept (a second replay of the match) for cc_ui_console_log_more. */
void cc_ui_console_fill_log_following(cc_ui_console *c, int64_t last_wall_ms);
/* The events the match gained since the log was told (a watcher's
 * session brought up to its record, cc_session_read_more) told after it,
 * and every line timed again; false when the log cannot go on (Chess-Uno,
 * memory): tell it again whole. */
bool cc_ui_console_log_more(cc_ui_console *c, int64_t last_wall_ms);
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
/* Issue 35: a side's colour letter in the console's language (w/b, b/n),
 * and the side a key names in it (false: no colour of this language). */
char cc_ui_side_letter(cc_side side);
bool cc_ui_side_of_letter(int key, cc_side *side);
/* A colour letter refused: says the letters of the language, with the players. */
void cc_ui_letter_refusal(const cc_ui_console *c, const char *typed, char *out, size_t size);
/* RU-45: is key a player's lever (either case)? It never answers a yes/no dialog. */
bool cc_ui_is_lever(const cc_ui_console *c, int key);
/* The message line: a refusal (error) or a notice. */
void cc_ui_console_message(cc_ui_console *c, bool error, const char *text);
/* A refusal in the console's language, one line. */
void cc_ui_refusal_line(const cc_error *err, char *buf, size_t size);
/* Shows a refusal on the message line. */
void cc_ui_console_refusal(cc_ui_console *c, const cc_error *err);
/* Sends event through the session; on a refusal writes the reason into
 * why (one line) and returns false. */
bool cc_ui_console_send(cc_ui_console *c, const cc_event *event, char *why, size_t size);
/* A chess game ended on a flag fall: an undo takes back the fall (RU-28). */
bool cc_ui_console_flag_fell(const cc_ui_console *c);
/* Is the match on screen recorded move by move? */
bool cc_ui_console_moves_recording(const cc_ui_console *c);
/* What changed from before to the view now, logged and (by time) announced. */
void cc_ui_console_announce(cc_ui_console *c, const cc_match_view *before, bool by_time);
/* The log overlay's keys: arrows and pages scroll, any other key closes it. */
void cc_ui_log_key(cc_ui_console *c, int key);

#endif
