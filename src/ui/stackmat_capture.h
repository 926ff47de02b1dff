/*
 * stackmat_capture.h: the players' Stackmat timers read from ALSA capture
 * devices, in the shell (the decoding itself is the core's: stackmat.h).
 *
 * One stereo input (left channel White's timer, right channel Black's) or
 * two inputs, one a timer (the left channel of each). Reads never block:
 * the caller polls with its clock's monotonic time, as often as it redraws
 * (a few times a second is plenty: the device buffers half a second).
 *
 * Time. Sample k of a side was taken at start_ms + k * 1000 / rate, start_ms
 * being the caller's time when the capture started: so a stop is stamped
 * with the caller's clock (SM-2.3). A sound card's clock is its own: when it
 * runs ahead of the caller's by more than a tenth of a second the start
 * moves back; when samples do not come (a stalled or vanished device), the
 * missing time is decoded as silence, so the timer is lost after a second
 * (SM-3.1) and the mapping holds. A device that is ALSA's `file` plugin has
 * no clock of its own: it is read at the caller's clock's pace, never ahead
 * (how the tests feed a recorded signal, and how a venue replays one).
 *
 * Memory: cc_stackmat_capture_open() allocates, cc_stackmat_capture_close()
 * frees (NULL: nothing).
 */
#ifndef CHESSCUBING_STACKMAT_CAPTURE_H
#define CHESSCUBING_STACKMAT_CAPTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/session_describe.h"
#include "chesscubing/stackmat.h"

#define CC_STACKMAT_CAPTURE_RATE 44100u /* asked of the device (it may give another) */
#define CC_STACKMAT_CAPTURE_WHY_MAX CC_SESSION_REFUSAL_MAX /* a refusal said in any language */

typedef struct cc_stackmat_capture cc_stackmat_capture;

/* One timer as the console shows it. */
typedef struct {
	bool present;              /* a timer is read for this side */
	cc_stackmat_state state;
	int32_t time_ms;           /* the displayed time */
	bool thousandths;
	cc_stackmat_stats stats;
	bool device_failed;        /* the device stopped delivering (unplugged card) */
} cc_stackmat_capture_side;

/* A solve a timer has finished (SM-2.1), stamped with the caller's clock. */
typedef struct {
	int side;                  /* 0 White (left), 1 Black (right) */
	cc_stackmat_final fin;
	int64_t stop_ms;           /* when the timer stopped */
} cc_stackmat_capture_final;

/*
 * Opens the capture: black_device NULL means white_device is one stereo
 * input for both timers. now_ms is the caller's monotonic time. false with
 * a line in why (the device and ALSA's reason) when a device cannot be
 * opened as 16-bit capture.
 */
bool cc_stackmat_capture_open(cc_stackmat_capture **out, const char *white_device, const char *black_device,
			      int64_t now_ms, char why[CC_STACKMAT_CAPTURE_WHY_MAX]);

/*
 * Opens a recorded signal instead (a RIFF WAVE file of 16-bit PCM: mono for
 * White's timer, or stereo, left White, right Black), read as the caller's
 * clock goes from now_ms, like a file plugin. false with a line in why.
 */
bool cc_stackmat_capture_open_wav(cc_stackmat_capture **out, const char *path, int64_t now_ms,
				  char why[CC_STACKMAT_CAPTURE_WHY_MAX]);

/* A recorded signal read to its end. */
bool cc_stackmat_capture_ended(const cc_stackmat_capture *c);

/*
 * Reads what the devices hold (up to now_ms), decodes it, and writes up to
 * cap final solves to out; returns how many (more wait for the next poll).
 */
size_t cc_stackmat_capture_poll(cc_stackmat_capture *c, int64_t now_ms, cc_stackmat_capture_final *out, size_t cap);

/* Side 0 (White) or 1 (Black), as of the last poll. */
cc_stackmat_capture_side cc_stackmat_capture_view(const cc_stackmat_capture *c, int side);

/* The sample rate the device gave. */
uint32_t cc_stackmat_capture_rate(const cc_stackmat_capture *c);

void cc_stackmat_capture_close(cc_stackmat_capture *c);

#endif
