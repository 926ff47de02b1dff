/*
 * game.h: each game the program runs, described once (rules/). A
 * class says what a format is called, what it has (blocks, cubes, clocks,
 * a deal, claims...), its timings, which rating list its results count
 * in (CL-2.10), and carries the operations the match core runs it by
 * (settings check, create, apply, resume check, what time does, a flag
 * fall: the game's rules, opaque here, src/core/match/match_internal.h).
 * Outside the core a format is asked for its class, never compared; in
 * the core the match asks the class, never the format. Adding a game is
 * its rules' file in src/core/match/ (ending with its row of operations,
 * named by one extern line of match_internal.h) plus one row in the table
 * of game_class.c and a cc_format member; what else it touches outside
 * the core (screens, messages) is listed in docs/architecture.md.
 *
 * Traits are facts of the format, true from the first event to the last.
 * Facts that depend on the state (is a move clock running now, does this
 * chess game have a clock) are the view's (cc_match_view): ask it.
 *
 * Owns: a static table; every pointer returned is borrowed for the life of
 * the program. Never: I/O, a clock, an allocation, global state that
 * changes.
 */
#ifndef CHESSCUBING_GAME_H
#define CHESSCUBING_GAME_H

#include <stdbool.h>

#include "chesscubing/club.h"
#include "chesscubing/common.h"
#include "chesscubing/match.h"

/* What a format has. */
enum {
	CC_GAME_BLOCKS = 1u << 0,       /* chess blocks with a move quota (CO-3) */
	CC_GAME_CUBES = 1u << 1,        /* cube phases between blocks, hence a scramble sheet (CO-4) */
	CC_GAME_MOVE_CLOCK = 1u << 2,   /* a move clock; the cube phase's winner starts the next block (Twice) */
	CC_GAME_CATEGORY = 1u << 3,     /* a category: fast, freeze, masters (CO-3.1) */
	CC_GAME_TIME_CONTROL = 1u << 4, /* the arbiter sets its chess clock, or none (FI-6) */
	CC_GAME_CLAIMS = 1u << 5,       /* a player may claim a draw (FI-9.2, FI-9.3) */
	CC_GAME_AGREED_DRAW = 1u << 6,  /* the players may agree a draw (FI-9.1) */
	CC_GAME_DEALT = 1u << 7,        /* cards dealt from a committed order decide the moves (Chess-Uno) */
	CC_GAME_VARIANTS = 1u << 8,     /* moves recording may choose its board (rules/checkered.md) */
	CC_GAME_MOVES_ALWAYS = 1u << 9, /* every move is recorded: no count recording */
	CC_GAME_SINGLE = 1u << 10,      /* one game, called a game, not a match of blocks */
	CC_GAME_TIMED = 1u << 11,       /* time runs: a pause stops it */
	CC_GAME_FIDE = 1u << 12         /* the FIDE Laws end it by themselves: mate, draws, a flag fall (rules/fide.md) */
};

/* A game's operations: only the match core calls them (match_internal.h). */
typedef struct cc_game_rules cc_game_rules;

typedef struct cc_game_class {
	cc_format format;
	const char *name;     /* "twice": the record's and the scenario's spelling */
	const char *label;    /* "ChessCubing Twice V2": English, translated by the caller (N_ in the table) */
	const char *title;    /* "ChessCubing Twice": the screens' title, before the category if any */
	unsigned traits;      /* CC_GAME_* */
	cc_club_list rating_list; /* the list its results count in (CL-2.10) */
	const char *pgn_time_control; /* PGN 9.6.1 TimeControl of its fixed clocks; NULL: the settings' */
	/* May an event of kind be heard now, before its details are asked? */
	cc_err (*may_hear)(const cc_match *match, cc_event_kind kind, cc_side side, int64_t t_ms, cc_error *why);
	/* Timings, fixed by the format (0: it has none): */
	int64_t block_ms; /* a chess block's length (CO-2.1) */
	int64_t move_ms;  /* the move clock (TW-4.1) */
	int64_t clock_ms; /* each player's chess clock at the start (TI-1.1); a time control's are the settings' */
	const cc_game_rules *rules; /* its operations, which the match core runs (borrowed, static) */
} cc_game_class;

/* The class of format (every cc_format has one). */
const cc_game_class *cc_game_class_of(cc_format format);

/* The class of format, or NULL when the table has none (a record's or a
 * caller's value out of range): how a format's validity is checked. */
const cc_game_class *cc_game_class_find(cc_format format);

/* The class spelled name ("twice", "time", "chess", "uno"), or NULL. */
const cc_game_class *cc_game_class_named(const char *name);

/* The classes in the order the setup offers them; *count of them. */
const cc_game_class *cc_game_classes(size_t *count);

/* Does format have every trait of traits? */
bool cc_game_has(cc_format format, unsigned traits);

/* The class of the match's format. */
const cc_game_class *cc_game_class_of_match(const cc_match *match);

/*
 * May an event of kind be heard at t_ms (a claim before its kind is
 * asked, a draw before the players confirm): CC_OK, or the refusal the
 * core would give, in why.
 */
cc_err cc_game_may_hear(const cc_match *match, cc_event_kind kind, cc_side side, int64_t t_ms, cc_error *why);

#endif
