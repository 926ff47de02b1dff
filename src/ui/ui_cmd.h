/*
 * ui_cmd.h: the commands a key becomes. Each screen's key function maps a
 * key to a cc_ui_cmd; the console executes it (console_commands.c). A
 * command is a wish: the core decides whether it is lawful.
 */
#ifndef CHESSCUBING_UI_CMD_H
#define CHESSCUBING_UI_CMD_H

#include "chesscubing/match.h"

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
	CC_UI_CMD_MATCH_SHEET,    /* end screen: write the match sheet to sign (RE-9) */
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

#endif
