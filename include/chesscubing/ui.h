/*
 * ui.h: the arbiter's console (ncurses), seen from the program.
 *
 * Owns: the terminal while the console runs (set-up, teardown, signals),
 * the monotonic clock of the shell, and one match created on its setup
 * screen. Everything a rule decides comes from the match core: the console
 * only turns keys into events and draws cc_match_view at the current time.
 *
 * Never: decides a rule, or leaves the terminal in curses mode on any exit
 * path (errors and SIGINT/SIGTERM/SIGHUP included).
 *
 * Memory: the options are the caller's; the console frees all it allocates
 * before cc_ui_run() returns. This header does not include <curses.h>:
 * only src/ui/ does.
 */
#ifndef CHESSCUBING_UI_H
#define CHESSCUBING_UI_H

#include <stdbool.h>

#include <stdint.h>

#include "chesscubing/support_lang.h"

typedef struct {
	double speed;      /* match clock runs this many times faster (> 0) */
	bool demo;         /* play a sample match by itself (nothing recorded) */
	const cc_lang *lang; /* --lang's; NULL to follow the locale */
	const char *db;    /* the match database; NULL: the default one */
	bool resume;       /* start on a recorded match instead of the setup screen */
	int64_t resume_id; /* that match; 0: the newest unfinished one */
	char clock_keys[2];  /* each player's clock key (White's, Black's): default 'x', 'n' */
	/* The Stackmat timers' inputs (rules/stackmat.md): [0] alone, one stereo
	 * input (left White, right Black); both, White's and Black's; NULL: none. */
	const char *stackmat[2];
	/* A DGT electronic board's serial device (rules/dgt.md); NULL: none. */
	const char *dgt;
} cc_ui_options;

/* Are w and b usable as the two clock keys (printable, distinct, not
 * another key of the block screen)? */
bool cc_ui_clock_keys_valid(char w, char b);

/* Fills options with speed 1, no demo, the locale's language, the default
 * database, a new match. */
void cc_ui_options_default(cc_ui_options *options);

/*
 * Chooses the language of the console, `watch` and the commands, once at
 * start-up: lang (--lang's) or, NULL, the environment's
 * (cc_lang_from_env); and the locale's characters (LC_CTYPE only: the
 * numbers of every output keep their point, whatever LC_NUMERIC says).
 * Call it before printing any text; again when --lang is read later.
 */
void cc_ui_i18n_init(const cc_lang *lang);

/* The language chosen by cc_ui_i18n_init (English before it): what the
 * front end's texts and the renderer's are said in. */
const cc_lang *cc_ui_lang(void);

/* The language of a PGN export: --lang's when it was given, else English
 * (what PGN readers expect), whatever the locale. */
const cc_lang *cc_ui_lang_pgn(void);

/*
 * Runs the console until the arbiter quits or a signal asks to stop.
 * Returns the process exit status: 0 after a normal quit, 1 when the
 * terminal, the database or the match to resume could not be used (message
 * on stderr, after the terminal is restored), 128+signal after
 * SIGINT/SIGTERM/SIGHUP. Every accepted event is in the database before the
 * screen shows it (rules/record.md).
 */
int cc_ui_run(const cc_ui_options *options);

/* `chesscubing stackmat`, the timers' cable check (src/ui/stackmat_check.c). */
typedef struct {
	const char *device[2]; /* [1] NULL: [0] is one stereo input; else White's and Black's */
	const char *file;      /* not NULL: a recorded WAV file instead */
	long seconds;          /* stop after that long; 0: at Ctrl-C (or the file's end) */
} cc_ui_stackmat_check_options;

/* Prints each timer's state and time as it changes, each finished solve,
 * then the lines' quality; 1 with the reason on stderr when an input
 * cannot be opened. */
int cc_ui_stackmat_check(const cc_ui_stackmat_check_options *options);

/* `chesscubing dgt DEVICE`, the board's check (src/ui/dgt_check.c). */
typedef struct {
	const char *device;
	long seconds; /* stop after that long; 0: at Ctrl-C */
} cc_ui_dgt_check_options;

/* Prints the board as it stands, then every piece lifted or placed, the
 * board again after each change, and a pulled cable and its return; 1 with
 * the reason on stderr when the device cannot be opened. */
int cc_ui_dgt_check(const cc_ui_dgt_check_options *options);

/* The spectator screen (`chesscubing watch`): read only, never writes. */
typedef struct {
	const char *db;   /* the database file */
	int64_t match_id; /* 0: the newest match, and a newer one when created */
	const char *event; /* not NULL: the director's view of that event, every board and the standings */
} cc_ui_watch_options;

/*
 * Shows a match of the database as the console records it, until q or a
 * signal, opening the database read only (it never writes). Returns 0
 * after q, 1 when the database or the match cannot be read or the terminal
 * cannot be used (one-line message on stderr, terminal restored),
 * 128+signal after SIGINT/SIGTERM/SIGHUP. Call cc_ui_i18n_init() first.
 */
int cc_ui_watch(const cc_ui_watch_options *options);

#endif
