/*
 * ui_setup.h: the setup form: its fields and values (cc_ui_form, held by
 * the console), the chess game's fields (form_chess.c), the setup screen
 * (screen_setup.c) and what the form's commands do (console_setup.c: a
 * value changed or typed, the seed, the scramble sheet, a fresh form).
 */
#ifndef CHESSCUBING_UI_SETUP_H
#define CHESSCUBING_UI_SETUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/match.h"
#include "ui_cmd.h"

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
	int32_t tc_moves;         /* ... and its periods (match.h, FI-6.11): all 0 for one Fischer period */
	cc_tc_mode tc_mode;
	int32_t tc_more;
	cc_tc_period tc_next[CC_TC_PERIODS_MAX - 1];
	cc_claims claims;
	cc_uno_settings uno; /* format uno: its options (players: the names above) */
} cc_ui_form;

/* form_chess.c: the form's fields of the board and the chess game. */
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
/* Sets the form's clock (all its periods) from a chess game's settings. */
void cc_ui_form_set_clock(cc_ui_form *f, const cc_match_settings *s);

typedef struct cc_ui_console cc_ui_console; /* ui_console.h */

/* screen_setup.c: the form on screen and its keys. */
void cc_ui_setup_draw(const cc_ui_console *c);
cc_ui_cmd cc_ui_setup_key(const cc_ui_console *c, int key);
/* Is field on the form now? The field dir steps from field, shown ones only. */
bool cc_ui_setup_shown(const cc_ui_console *c, cc_ui_field field);
/* The fields shown, in their order on screen; returns how many. */
int cc_ui_setup_fields(const cc_ui_console *c, cc_ui_field out[CC_UI_FIELD_COUNT]);
cc_ui_field cc_ui_setup_step(const cc_ui_console *c, cc_ui_field field, int dir);

/* console_setup.c: the form's commands. */
/* The form's defaults: the core's default game, placeholder names. */
void cc_ui_setup_form_reset(cc_ui_form *form);
/* A fresh seed for the cube draws; a failed random source is said, and the
 * arbiter then types a seed. */
void cc_ui_setup_new_seed(cc_ui_console *c);
/* An unfinished match in the record is offered on the setup screen. */
void cc_ui_setup_find_offer(cc_ui_console *c);
/* Left/Right on the form's field: its next or previous value. */
void cc_ui_setup_change(cc_ui_console *c, int dir);
/* Enter on the form's field: type its text, create the match, or change it. */
void cc_ui_setup_edit(cc_ui_console *c);
/* Shows the scramble sheet of the form's seed and writes it beside the record. */
void cc_ui_setup_write_sheet(cc_ui_console *c);
/* Back to a fresh setup form after a match (the next pairing offered). */
void cc_ui_setup_fresh(cc_ui_console *c);

#endif
