/*
 * ui_dgt.h: a DGT electronic board read by the shell (rules/dgt.md).
 *
 * dgt_reader.c owns the device: it opens the serial line named on the
 * command line (raw, 9600 baud 8N1, non-blocking), sends the board the
 * commands that start it (reset, version, serial, a board dump, update
 * mode), feeds whatever bytes a read returns to the core's decoder
 * (dgt.h) and keeps the 64 fields the board last said. A cable pulled out
 * (EOF, EIO, ENODEV, a hang-up) closes the line and is said; the reader
 * opens it again no sooner than a second later, and the dump the board
 * sends then tells the pieces moved meanwhile, so nothing is lost. It
 * never blocks: the caller waits on cc_ui_dgt_reader_fd() with its other
 * inputs and calls cc_ui_dgt_reader_poll() when it is readable or when
 * the retry is due.
 *
 * dgt_console.c is the board at the console (moves recording): the
 * board's move recorded at the player's clock press (RU-35's stamp), the
 * disagreements said in words. dgt_check.c is `chesscubing dgt DEVICE`.
 */
#ifndef CHESSCUBING_UI_DGT_H
#define CHESSCUBING_UI_DGT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/dgt.h"

/* A second between two attempts to open a line that is gone. */
#define CC_UI_DGT_RETRY_MS 1000

typedef struct {
	char path[4096];
	int fd;                       /* -1 while the line is closed */
	cc_dgt_decoder decoder;
	uint8_t fields[CC_DGT_FIELDS]; /* the board's fields as last said (DGT piece codes) */
	bool have_board;              /* a dump has come since the line was (re)opened */
	bool was_open;                /* the line was open once (a close is then a cable pulled) */
	int64_t retry_ms;             /* monotonic time of the next attempt while closed */
	int last_errno;               /* why the line closed or could not open */
	unsigned major, minor;        /* the board's version, when said (0.0: not yet) */
	char serial[11];              /* its serial number, "" until said */
	uint32_t updates;             /* field updates read since the start */
} cc_ui_dgt_reader;

/* What one poll saw (bits). */
enum {
	CC_UI_DGT_CHANGED = 1, /* the fields changed (a dump or an update) */
	CC_UI_DGT_LOST = 2,    /* the line closed: the cable is out (last_errno says why) */
	CC_UI_DGT_BACK = 4,    /* the line opened again after a loss */
	CC_UI_DGT_INFO = 8     /* the version or the serial number came */
};

/* Prepares r for path and tries to open it at now_ms; false (errno in
 * last_errno) when the first open fails: the caller says it and stops. */
bool cc_ui_dgt_reader_open(cc_ui_dgt_reader *r, const char *path, int64_t now_ms);
void cc_ui_dgt_reader_close(cc_ui_dgt_reader *r);
/* The descriptor to wait on (readable: call poll), -1 while closed. */
int cc_ui_dgt_reader_fd(const cc_ui_dgt_reader *r);
/* Milliseconds from now_ms until the next attempt to open the line, -1
 * while it is open. */
int64_t cc_ui_dgt_reader_wait_ms(const cc_ui_dgt_reader *r, int64_t now_ms);
/* Reads what the line holds now (never blocks), or tries to open it
 * again when due; returns the CC_UI_DGT_* bits of what happened. */
unsigned cc_ui_dgt_reader_poll(cc_ui_dgt_reader *r, int64_t now_ms);
/* The board's pieces as chess squares, in that orientation. */
void cc_ui_dgt_reader_board(const cc_ui_dgt_reader *r, cc_dgt_orientation orientation, cc_dgt_board *out);

/* ---- the board at the console (dgt_console.c) ---- */

struct cc_ui_console;

/* Opens the board for the console; false with the reason in why (in the
 * user's language) when the device cannot be opened at all. */
bool cc_ui_eboard_open(struct cc_ui_console *c, const char *path, int64_t real_ms, char *why, size_t why_size);
void cc_ui_eboard_close(struct cc_ui_console *c);
/* The board's descriptor for the loop's wait (-1: none, or the line is out). */
int cc_ui_eboard_fd(const struct cc_ui_console *c);
/* Real milliseconds until the next attempt to reopen a pulled cable (-1: none due). */
int64_t cc_ui_eboard_wait_ms(const struct cc_ui_console *c);
/* Each frame, after the view: reads the board; records its move at the
 * player's press (RU-35's stamp), says what does not agree (DG-3). */
void cc_ui_eboard_tick(struct cc_ui_console *c);
/* The board looked at afresh at the next tick (a new check-list: its DGT
 * item is ticked from what the board shows, CK-1.1). */
void cc_ui_eboard_recheck(struct cc_ui_console *c);

#endif
