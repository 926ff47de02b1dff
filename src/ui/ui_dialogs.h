/*
 * ui_dialogs.h: the dialog the arbiter is answering (console_dialogs.c):
 * its kind (y/n, w/b, w/b/d, a line of text, the claim), what it gathers
 * input for, and the stamp of the action (RU-27). A dialog never decides
 * a rule: it asks the core first and sends the event its answer makes.
 */
#ifndef CHESSCUBING_UI_DIALOGS_H
#define CHESSCUBING_UI_DIALOGS_H

#include <stdbool.h>
#include <stdint.h>

#include "chesscubing/match.h"
#include "chesscubing/session_describe.h"
#include "ui_cmd.h"

typedef enum {
	CC_UI_MODAL_NONE,
	CC_UI_MODAL_CONFIRM, /* y/n */
	CC_UI_MODAL_SIDE,    /* w/b */
	CC_UI_MODAL_WINNER,  /* w/b/d */
	CC_UI_MODAL_TEXT,    /* a line of text */
	CC_UI_MODAL_CLAIM,   /* t/f: which draw is claimed */
	CC_UI_MODAL_READING, /* 1/2: which reading of a move typed (French or English letters) */
	CC_UI_MODAL_DGT      /* a correction the DGT way: a clock chosen, set digit by digit (RU-37) */
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
	CC_UI_ACT_UNO_OPTIONS, /* Chess-Uno: the options as key=value words */
	CC_UI_ACT_TWO_BOARDS,  /* setup: create the pairing's match though a player still plays (CL-8.6) */
	CC_UI_ACT_NEW_MATCH,   /* the end screen: leave the result for a fresh setup (issue 35) */
	CC_UI_ACT_CHECK_SKIP,  /* the pre-match check-list: an item skipped with its reason (CK-1) */
	CC_UI_ACT_PRINT        /* the check-list: send the scramble sheet to the default printer (CK-1.6) */
} cc_ui_action;

typedef struct {
	cc_ui_modal_kind kind;
	cc_ui_action action;
	char prompt[768]; /* a translated prompt with two names (RU-43), whole in any language */
	char text[512];         /* the line being typed (Chess-Uno's options are long) */
	char error[CC_SESSION_REFUSAL_MAX];
	cc_side side;           /* RESIGN, CUBE, NAME (player index) */
	cc_winner winner;       /* ARBITER */
	int32_t cube_cs;        /* CUBE, once parsed */
	bool from_timer;        /* CUBE: proposed by a Stackmat timer (RE-10.1), not typed */
	int64_t t_ms;           /* when the arbiter started the action: its event's stamp (RU-27) */
	char reading[2][CC_TEXT_MAX]; /* READING: the move typed in English SAN, French letters then English */
	char question[256];     /* READING: which of them, asked over the move entry */
	/* DGT, and the reason asked after it (TEXT, CORRECT), RU-37 */
	int dgt_clock;          /* the clock chosen, among those the core lets be set now */
	int dgt_digit;          /* the digit under the cursor, from the left */
	bool dgt_editing;       /* its digits are being set (else the clock is being chosen) */
	bool dgt_reason;        /* TEXT: the reason of the clock set digit by digit */
	int64_t dgt_ms;         /* the value being set */
} cc_ui_modal;

typedef struct cc_ui_console cc_ui_console; /* ui_console.h */

/* Opens a dialog of kind for action with prompt; the first dialog of an
 * action stamps it (RU-27), those that follow keep the stamp. */
void cc_ui_modal_open(cc_ui_console *c, cc_ui_modal_kind kind, cc_ui_action action, const char *prompt);
void cc_ui_modal_close(cc_ui_console *c);
/* A dialog's key: the answer, Escape, or a character of the line typed. */
void cc_ui_modal_key(cc_ui_console *c, int key);
/* Opens the dialog of a command that asks first (resign, mate, undo...);
 * when the core would refuse the event, says why and opens nothing. */
void cc_ui_ask(cc_ui_console *c, cc_ui_cmd cmd);
/* Asks the arbiter to confirm side's solve time cs (and what it will do). */
void cc_ui_confirm_cube(cc_ui_console *c, cc_side side, int32_t cs);
/* Would the core accept e now? When not, its reason goes to the message
 * line and no dialog opens (the arbiter is not asked for nothing). */
bool cc_ui_console_would_accept(cc_ui_console *c, cc_event e);

/* RU-37: a correction the DGT way, in the correction's dialog. */
/* Opens the DGT form over the correction typed (an arrow or Tab in its
 * empty line): the first clock the core lets be set now chosen; none, its
 * reason in the dialog. */
void cc_ui_dgt_open(cc_ui_console *c);
/* A key of the DGT form: the arrows, Tab, digits, Enter (then the reason). */
void cc_ui_dgt_key(cc_ui_console *c, int key);
/* The reason typed after the digits: the correction sent, the very event
 * its text form makes ("move 12.5 REASON"), or the line kept with why not. */
void cc_ui_dgt_submit(cc_ui_console *c);
/* Draws the DGT form in a box in the middle of the screen. */
void cc_ui_dgt_draw(const cc_ui_console *c);
/* Sends the correction written as the scenario format writes it, in
 * English, without "correct " (console_dialogs.c); false, why in the
 * dialog's error line. */
bool cc_ui_correct_send(cc_ui_console *c, const char *english);

/* RU-35: Twice and Time in moves recording: a clock key (or Space) stamps
 * the move at once, its SAN is typed afterwards for the stamps in order. */
bool cc_ui_stamps_keys(const cc_ui_console *c);
/* side's key: the stamp recorded (the guard, the core's reason if refused),
 * then the move entry open for the oldest stamp. */
void cc_ui_press(cc_ui_console *c, cc_side side);
/* Opens the move entry for the oldest stamp, or brings its prompt up to
 * date; closes it when none waits. Another dialog open: nothing. */
void cc_ui_move_entry(cc_ui_console *c);
/* "2 moves to write: White's at 0:14.2, Black's at 0:17.9" ("" for none). */
void cc_ui_stamps_text(const cc_ui_console *c, char *buf, size_t size);

/* Between console_dialogs.c (the dialogs opened, their keys) and
 * console_answers.c (what an answer sends): */
/* RU-26: what a move declared in time brought back, on the message line. */
void cc_ui_say_in_time(cc_ui_console *c, const cc_event *e);
/* The dialog's answer is complete: its event sent (or the form updated). */
void cc_ui_modal_done(cc_ui_console *c);
/* A key of the claim dialog (t/f). */
void cc_ui_claim_key(cc_ui_console *c, int key);
/* The line typed in a text dialog, sent as its action says. */
void cc_ui_modal_text_submit(cc_ui_console *c);
/* The move typed, as English SAN: sent, or the line stays open with the reason. */
void cc_ui_move_send(cc_ui_console *c, const char *english);

#endif
