/*
 * ui_club.h: the club's part of the console (screen_club.c, rules/club.md):
 * the registered players under the form's fields and their type-ahead,
 * the pairings offered, and the club's facts on the end screen. The club's
 * rules are the core's; this only reads and shows them.
 */
#ifndef CHESSCUBING_UI_CLUB_H
#define CHESSCUBING_UI_CLUB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/session.h"
#include "chesscubing/session_club.h"
#include "ui_setup.h"

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
	char last_event[CC_NAME_MAX]; /* the event of the pairing last offered or chosen (issue 33) */
	bool version_valid;
	int64_t version;             /* the record's data version the offers were read at */
	cc_ui_picker picker;
	bool end_valid;              /* the end screen's club facts ... */
	int64_t end_match;           /* ... of this match ... */
	size_t end_events;           /* ... at this many events */
	cc_session_match_club end;
} cc_ui_club;

typedef struct cc_ui_console cc_ui_console; /* ui_console.h */

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
/* Does the pairing chosen fix field (CL-8.1: the event's board, clock,
 * claims, and moves recording for a Checkered board)? Says nothing. */
bool cc_ui_club_fixes(const cc_ui_console *c, cc_ui_field field);
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

#endif
