/*
 * ui_printer.h: the scramble sheet printed from the pre-match check-list
 * (CK-1.6, printer.c). w writes the sheet's PDF beside the record, then
 * asks CUPS for its default destination (`lpstat -d`); when one is named,
 * the arbiter is offered to send the PDF there (`lp -d DEST FILE`). Both
 * programs run as children without a shell, their argv built here, their
 * output and exit status read without waiting: the console's loop polls
 * them each frame (cc_ui_printer_tick), so no key ever waits for a
 * printer, and a child that does not answer in CC_UI_PRINT_WAIT_MS is
 * stopped. What happened is said on the message line, in words.
 */
#ifndef CHESSCUBING_UI_PRINTER_H
#define CHESSCUBING_UI_PRINTER_H

#include <stdbool.h>

typedef struct cc_ui_console cc_ui_console; /* ui_console.h */

/* A child not done after this much real time is stopped and said so. */
#define CC_UI_PRINT_WAIT_MS 15000

/* w on the check-list: the sheet's PDF written, then the printer looked for. */
void cc_ui_printer_sheet(cc_ui_console *c);
/* The arbiter said yes to the offer: the PDF sent with lp. */
void cc_ui_printer_send(cc_ui_console *c);
/* Is a child (lpstat, lp) running? The loop then looks ten times a second. */
bool cc_ui_printer_busy(const cc_ui_console *c);
/* The running child's output, to wake the loop on (-1: none). */
int cc_ui_printer_fd(const cc_ui_console *c);
/* Each frame: the running child's output read, its end taken and said. */
void cc_ui_printer_tick(cc_ui_console *c);
/* At the console's end: a child still running stopped and reaped. */
void cc_ui_printer_close(cc_ui_console *c);

#endif
