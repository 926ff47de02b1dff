/*
 * ui_checklist.h: the pre-match check-list on the console (CK-1): shown
 * on the block-1 screen of a ChessCubing match (Twice, Time) until it is
 * recorded; 1 to 5 tick an item (again: untick), - skips one with the
 * arbiter's reason, s records it (the items still open confirmed at once
 * by that key, the list on screen) and starts block 1; w writes the
 * scramble sheet's PDF and offers to print it (ui_printer.h, CK-1.6), t
 * shows the colours big to the players (CK-1.7).
 */
#ifndef CHESSCUBING_UI_CHECKLIST_H
#define CHESSCUBING_UI_CHECKLIST_H

#include <stdbool.h>

typedef struct cc_ui_console cc_ui_console; /* ui_console.h */

/* A fresh list for the match just shown (the DGT item asked only with a board). */
void cc_ui_checklist_reset(cc_ui_console *c);
/* Is the check-list on screen (a ChessCubing match before block 1, not yet recorded)? */
bool cc_ui_checklist_shown(const cc_ui_console *c);
/* The list's keys (1-5, -): true when key was one of them. */
bool cc_ui_checklist_key(cc_ui_console *c, int key);
/* The skip dialog's line ("2 no printer here") submitted. */
void cc_ui_checklist_skip_submit(cc_ui_console *c);
/* Before block 1 starts: the list recorded (false, said, when refused). */
bool cc_ui_checklist_record(cc_ui_console *c);
/* CK-1.7: the colours shown big over the screen (t; c->draw_open). */
void cc_ui_checklist_draw_colours(const cc_ui_console *c);
/* The rows the list takes on screen with the blank row above it (0 when
 * not shown); compact: its heading's one-row form (a screen short of rows). */
int cc_ui_checklist_rows(const cc_ui_console *c, bool compact);
/* The list drawn from row top to bottom (excluded); returns the rows used. */
int cc_ui_checklist_draw(const cc_ui_console *c, int top, int bottom, bool compact);

#endif
