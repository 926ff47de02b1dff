/*
 * stackmat.h: Stackmat timers read from audio samples (rules/stackmat.md,
 * the protocol in docs/stackmat.md).
 *
 * A Stackmat (SpeedStacks) timer sends what its display shows as a slow
 * serial line (1200 baud, 8N1, least significant bit first) that a sound
 * card's line input records. Two layers, both pure:
 *
 *  - cc_stackmat_decoder: PCM samples of one channel in, packets out, each
 *    with the index of the sample at which it was complete; and a "signal
 *    lost" report when no valid packet came for a second. It finds the
 *    line's idle level by itself (so either polarity), follows the level
 *    (gain, offset, the slow droop of a sound card's coupling), ignores
 *    short glitches and rejects every packet whose framing, characters or
 *    checksum are wrong.
 *  - cc_stackmat_timer: packets in, the timer's state out (reset, hands on,
 *    ready, running, stopped, no signal) and, once, the solve's final time
 *    with the sample at which the timer stopped (SM-2).
 *
 * Sample indexes count from 0, the first sample ever fed, per channel: the
 * shell maps an index to its monotonic clock (it knows when it read which
 * sample). Nothing here reads a clock, allocates or does I/O.
 *
 * Memory: both objects are plain caller-owned structs; init fills them.
 */
#ifndef CHESSCUBING_STACKMAT_H
#define CHESSCUBING_STACKMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The line's speed. */
#define CC_STACKMAT_BAUD 1200u
/* Sample rates the decoder accepts (8 kHz: under 7 samples a bit). */
#define CC_STACKMAT_RATE_MIN 8000u
#define CC_STACKMAT_RATE_MAX 192000u
/* SM-3.1: no valid packet for this long and the signal is lost. */
#define CC_STACKMAT_LOST_MS 1000u
/* SM-2.1: a stop is final after this many packets showing it. */
#define CC_STACKMAT_FINAL_PACKETS 3u
/* SM-4.2: the largest time a timer shows (9:59.99 on a 5-digit timer). */
#define CC_STACKMAT_DISPLAY_MAX_MS 599990

/* What one packet carries (docs/stackmat.md). */
typedef struct {
	char status;        /* ' ' 'A' 'C' 'I' 'L' 'R' 'S' */
	int32_t time_ms;    /* the displayed time */
	bool thousandths;   /* 6 digits (gen 3 and later) rather than 5 */
	uint64_t sample;    /* index of the sample where the packet was complete */
} cc_stackmat_packet;

typedef enum {
	CC_STACKMAT_READ_PACKET = 0, /* a valid packet */
	CC_STACKMAT_READ_LOST = 1    /* SM-3.1: no valid packet for CC_STACKMAT_LOST_MS */
} cc_stackmat_read_kind;

typedef struct {
	cc_stackmat_read_kind kind;
	cc_stackmat_packet packet; /* PACKET: the packet; LOST: only .sample, where the wait ran out */
} cc_stackmat_reading;

/* Counters a cable check shows (how good the line is). */
typedef struct {
	uint32_t packets;        /* valid packets */
	uint32_t bad_checksum;   /* well framed, digits right, checksum wrong */
	uint32_t bad_packet;     /* ended with LF CR but not a packet */
	uint32_t framing_errors; /* a byte whose stop bit was not idle */
	int32_t level;           /* the edges' size, 0..65535 (the input level) */
	bool inverted;           /* the line idled at the low level at the last valid packet */
} cc_stackmat_stats;

/*
 * The decoder's state: fixed size, no pointer. Fields are private to
 * stackmat.c (the struct is here so the caller owns it).
 */
typedef struct {
	uint32_t rate;
	uint32_t delay;         /* samples between the two ends of an edge test */
	uint32_t points[30];    /* where each bit is read, 3 votes a bit (2 for the stop), from the start edge */
	uint32_t idle_run;      /* samples without an edge that make the line idle */
	uint64_t lost_after;    /* samples without a valid packet that lose the signal */
	int16_t history[32];    /* the last samples (ring), for the edge test */
	uint32_t hist_pos;
	uint64_t n;             /* samples fed so far */
	int32_t amp;            /* the edges' size, decaying */
	uint32_t amp_decay;     /* samples between two decay steps */
	uint32_t amp_tick;
	int level;              /* 1: high, 0: low, -1: not known yet */
	uint64_t last_edge;     /* sample of the last change of level */
	int idle;               /* the idle (mark) level: 0, 1, or -1 unknown */
	bool in_byte;
	uint64_t byte_start;    /* sample of the start bit's edge */
	uint32_t byte;
	uint32_t point;         /* next entry of points */
	uint32_t votes;         /* of the bit being read, for the idle level */
	uint8_t bytes[10];      /* the last bytes since the last packet */
	uint64_t starts[10];    /* the sample of each one's start edge */
	uint32_t nbytes;
	uint64_t last_valid;    /* sample of the last valid packet (or of the start) */
	bool lost_said;
	cc_stackmat_stats stats;
} cc_stackmat_decoder;

/* Readies d for a channel sampled at rate Hz; false when the rate is out of range. */
bool cc_stackmat_decoder_init(cc_stackmat_decoder *d, uint32_t rate);

/*
 * Feeds frames samples, the first at pcm[0], the next ones stride apart
 * (stride 2 and pcm + 1 for the right channel of interleaved stereo).
 * Writes up to cap readings to out, in order, and returns how many; stops
 * early when out is full and sets *consumed to the frames used (the
 * caller feeds the rest next). cap must be at least 2 (one sample can end
 * a packet and a wait); a packet takes 90 bits, so cap >= 2 + frames /
 * (75 * rate / 1200) never stops early.
 */
size_t cc_stackmat_feed(cc_stackmat_decoder *d, const int16_t *pcm, size_t frames, size_t stride,
			cc_stackmat_reading *out, size_t cap, size_t *consumed);

/* The line's counters so far. */
cc_stackmat_stats cc_stackmat_decoder_stats(const cc_stackmat_decoder *d);

/*
 * Parses one packet of n bytes (9 or 10, ending LF CR): true and *out
 * filled (but .sample) when it is valid (SM-1.1). For the decoder and the
 * tests.
 */
bool cc_stackmat_parse(const uint8_t *bytes, size_t n, cc_stackmat_packet *out);

/* The timer as its packets show it. */
typedef enum {
	CC_STACKMAT_NO_SIGNAL = 0, /* nothing valid heard yet, or lost (SM-3) */
	CC_STACKMAT_RESET,         /* at zero, no hand on it */
	CC_STACKMAT_HANDS,         /* at zero, one or both hands on it, not ready yet */
	CC_STACKMAT_READY,         /* at zero, both hands on it, green light */
	CC_STACKMAT_RUNNING,
	CC_STACKMAT_STOPPED        /* not running, showing a time */
} cc_stackmat_state;

/* A solve the timer has finished (SM-2.1). */
typedef struct {
	int32_t time_ms;          /* as the timer shows it */
	int32_t time_cs;          /* truncated to hundredths, as the record keeps it */
	bool thousandths;         /* the timer shows them */
	uint64_t stop_sample;     /* when the timer stopped (SM-2.3) */
} cc_stackmat_final;

typedef struct {
	uint32_t rate;            /* of the samples the packets' indexes count */
	cc_stackmat_state state;
	int32_t time_ms;          /* the displayed time, 0 without signal */
	bool thousandths;
	uint64_t sample;          /* of the packet that said so */
	bool seen_running;        /* a run was seen since the last reset or loss */
	bool over_display;        /* SM-4.2: the run reached the display's limit */
	uint64_t run_sample;      /* the last running packet */
	int32_t run_ms;
	int32_t stop_ms;          /* the stopped time being confirmed, and how often */
	uint32_t stop_count;
	uint64_t stop_first;      /* the first packet that showed it stopped */
	bool final_said;          /* this stop's final time was given */
} cc_stackmat_timer;

/* Readies t for packets of a channel sampled at rate Hz. */
void cc_stackmat_timer_init(cc_stackmat_timer *t, uint32_t rate);

/*
 * Takes one reading; true when it makes a solve final (SM-2), with *fin
 * filled: once per stop, never for a stop not seen running, after a reset
 * or after a loss (SM-2.2, SM-3.2), nor at the display's limit (SM-4.2).
 */
bool cc_stackmat_timer_take(cc_stackmat_timer *t, const cc_stackmat_reading *r, cc_stackmat_final *fin);

/* The English name of a state ("running"), for logs and tests. */
const char *cc_stackmat_state_name(cc_stackmat_state s);

#endif
