/*
 * stackmat_synth.h: a Stackmat signal synthesizer for the tests (the
 * decoder's suite and the tool that writes signal files for the e2e and
 * capture tests). It writes what a timer sends (docs/stackmat.md) as PCM,
 * then spoils it on request: gain, offset, inverted polarity, a sound
 * card's coupling (a one-pole high-pass), noise, clipping, dropouts, a
 * baud rate off by some percent, flipped bits and wrong checksums.
 *
 * Timing is exact and known: bit k of the stream (counting every bit
 * written, idle included) starts at sample ceil(k * rate / baud), so a test
 * knows the sample of every packet's first edge.
 */
#ifndef CHESSCUBING_TEST_STACKMAT_SYNTH_H
#define CHESSCUBING_TEST_STACKMAT_SYNTH_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	uint32_t rate;
	double baud;        /* 1200, or off by a few percent */
	uint8_t *mark;      /* per sample: 1 mark (idle), 0 space */
	size_t n, cap;
	uint64_t bits;      /* bits written so far */
} sm_synth;

static inline void sm_synth_init(sm_synth *s, uint32_t rate, double baud)
{
	memset(s, 0, sizeof *s);
	s->rate = rate;
	s->baud = baud;
}

static inline void sm_synth_free(sm_synth *s)
{
	free(s->mark);
	s->mark = NULL;
	s->n = s->cap = 0;
}

/* The first sample of bit k. */
static inline size_t sm_bit_sample(const sm_synth *s, uint64_t k)
{
	if (s->baud == 1200.0)
		return (size_t)((k * s->rate + 1199u) / 1200u);
	return (size_t)ceil((double)k * s->rate / s->baud - 1e-9);
}

static inline void sm_put_bit(sm_synth *s, int mark)
{
	size_t end = sm_bit_sample(s, s->bits + 1);
	if (end > s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 65536;
		while (cap < end)
			cap *= 2;
		s->mark = realloc(s->mark, cap);
		if (s->mark == NULL)
			abort();
		s->cap = cap;
	}
	for (size_t i = sm_bit_sample(s, s->bits); i < end; i++)
		s->mark[i] = (uint8_t)mark;
	s->n = end;
	s->bits++;
}

/* Idle (mark) for about ms milliseconds, in whole bits. */
static inline void sm_idle_ms(sm_synth *s, uint32_t ms)
{
	uint64_t bits = (uint64_t)(ms * s->baud / 1000.0 + 0.5);
	for (uint64_t i = 0; i < bits; i++)
		sm_put_bit(s, 1);
}

/* One 8N1 byte, least significant bit first; returns its start edge sample. */
static inline size_t sm_byte(sm_synth *s, uint8_t b)
{
	size_t at = sm_bit_sample(s, s->bits);
	sm_put_bit(s, 0);
	for (int i = 0; i < 8; i++)
		sm_put_bit(s, (b >> i) & 1);
	sm_put_bit(s, 1);
	return at;
}

/* The bytes of a packet: status, digits (6, or 5 without thousandths), checksum, LF, CR. */
static inline size_t sm_packet_bytes(uint8_t *out, char status, int32_t ms, bool thousandths)
{
	int d[6] = {(int)(ms / 60000 % 10), (int)(ms / 10000 % 6), (int)(ms / 1000 % 10),
		    (int)(ms / 100 % 10), (int)(ms / 10 % 10), (int)(ms % 10)};
	size_t nd = thousandths ? 6 : 5, k = 0;
	int sum = 0;
	out[k++] = (uint8_t)status;
	for (size_t i = 0; i < nd; i++) {
		out[k++] = (uint8_t)('0' + d[i]);
		sum += d[i];
	}
	out[k++] = (uint8_t)(64 + sum);
	out[k++] = 0x0a;
	out[k++] = 0x0d;
	return k;
}

/* Faults of one packet. */
typedef struct {
	bool bad_checksum;  /* checksum off by one */
	int flip_byte;      /* a data bit flipped in this byte (1-based; 0: none) */
	int flip_bit;
} sm_fault;

/* A packet and the idle gap after it; returns the sample of its first edge. */
static inline size_t sm_packet(sm_synth *s, char status, int32_t ms, bool thousandths, const sm_fault *f)
{
	uint8_t b[10];
	size_t n = sm_packet_bytes(b, status, ms, thousandths);
	if (f != NULL && f->bad_checksum)
		b[n - 3] = (uint8_t)(b[n - 3] + 1);
	if (f != NULL && f->flip_byte > 0)
		b[f->flip_byte - 1] ^= (uint8_t)(1u << f->flip_bit);
	size_t at = 0;
	for (size_t i = 0; i < n; i++) {
		size_t e = sm_byte(s, b[i]);
		if (i == 0)
			at = e;
	}
	sm_idle_ms(s, 30);
	return at;
}

/* How the ideal line becomes samples. */
typedef struct {
	double amplitude;   /* of a level, in int16 units (mark = +amplitude) */
	double offset;
	bool inverted;      /* mark = -amplitude */
	double highpass_hz; /* a coupling capacitor's corner, 0: none */
	double noise;       /* uniform noise, peak, int16 units */
	double clip;        /* clip at +-clip after everything, 0: no clipping */
	uint32_t seed;
} sm_render;

static inline double sm_uniform(uint32_t *st)
{
	*st = *st * 1664525u + 1013904223u;
	return (double)(*st >> 8) / 8388608.0 - 1.0;
}

/* Samples [from, to) of the line into pcm (stride apart), with r applied;
 * the high-pass state carries in *hp (start at 0). */
static inline void sm_render_range(const sm_synth *s, size_t from, size_t to, const sm_render *r, int16_t *pcm,
				   size_t stride, double *hp_in, double *hp_out, uint32_t *rng)
{
	double a = 0.0;
	if (r->highpass_hz > 0)
		a = 1.0 / (1.0 + 2.0 * 3.14159265358979 * r->highpass_hz / s->rate);
	for (size_t i = from; i < to; i++) {
		double v = (s->mark[i] ? 1.0 : -1.0) * (r->inverted ? -1.0 : 1.0) * r->amplitude;
		if (r->highpass_hz > 0) {
			double y = a * (*hp_out + v - *hp_in);
			*hp_in = v;
			*hp_out = y;
			v = y;
		}
		v += r->offset;
		if (r->noise > 0)
			v += r->noise * sm_uniform(rng);
		if (r->clip > 0) {
			if (v > r->clip)
				v = r->clip;
			if (v < -r->clip)
				v = -r->clip;
		}
		if (v > 32767)
			v = 32767;
		if (v < -32768)
			v = -32768;
		pcm[(i - from) * stride] = (int16_t)lrint(v);
	}
}

/* A whole line rendered into a new buffer of s->n samples (free it). */
static inline int16_t *sm_render_all(const sm_synth *s, const sm_render *r)
{
	int16_t *pcm = malloc((s->n ? s->n : 1) * sizeof *pcm);
	double hi = 0, ho = 0;
	uint32_t rng = r->seed ? r->seed : 1;
	if (pcm == NULL)
		abort();
	sm_render_range(s, 0, s->n, r, pcm, 1, &hi, &ho, &rng);
	return pcm;
}

/*
 * A solve as a timer sends it: reset packets for ready_ms, hands on, the
 * green light, running from the start for solve_ms, then stopped showing
 * solve_ms for stop_packets packets. Packets every period_ms (start to
 * start); gen 4 timers say 'I' where gen 3 ones say 'S', 'A', 'L'...
 * Returns the sample at which the timer stopped.
 */
typedef struct {
	bool thousandths;   /* 6 digits */
	bool gen4;          /* statuses 'I' and ' ' only */
	uint32_t period_ms; /* 0: 120 (a packet and its gap take 113 ms) */
} sm_timer_model;

static inline void sm_pad_to(sm_synth *s, size_t sample)
{
	while (s->n < sample)
		sm_put_bit(s, 1);
}

static inline int32_t sm_shown(const sm_timer_model *m, int32_t ms)
{
	return m->thousandths ? ms : ms / 10 * 10;
}

static inline size_t sm_solve(sm_synth *s, const sm_timer_model *m, uint32_t ready_packets, int32_t solve_ms,
			      uint32_t stop_packets)
{
	uint32_t period = m->period_ms ? m->period_ms : 120;
	size_t per = (size_t)period * s->rate / 1000u;
	for (uint32_t i = 0; i < ready_packets; i++) {
		size_t at = s->n;
		char st = m->gen4 ? 'I' : (i < ready_packets / 3 ? 'I' : i < 2 * ready_packets / 3 ? 'C' : 'A');
		sm_packet(s, st, 0, m->thousandths, NULL);
		sm_pad_to(s, at + per);
	}
	size_t start = s->n, stop = start + (size_t)((int64_t)solve_ms * s->rate / 1000);
	for (;;) {
		size_t at = sm_bit_sample(s, s->bits);
		if (at >= stop)
			break;
		int32_t ms = (int32_t)((at - start) * 1000u / s->rate);
		sm_packet(s, ' ', sm_shown(m, ms), m->thousandths, NULL);
		sm_pad_to(s, at + per);
	}
	for (uint32_t i = 0; i < stop_packets; i++) {
		size_t at = s->n;
		sm_packet(s, m->gen4 ? 'I' : 'S', sm_shown(m, solve_ms), m->thousandths, NULL);
		sm_pad_to(s, at + per);
	}
	return stop;
}

/*
 * A timer's line over length_ms: reset from the start, hands on and the
 * green light, running from about start_ms for solve_ms, then stopped
 * until the end. Returns the stop's sample.
 */
static inline size_t sm_session(sm_synth *s, const sm_timer_model *m, uint32_t start_ms, int32_t solve_ms,
				uint32_t length_ms)
{
	uint32_t period = m->period_ms ? m->period_ms : 120;
	size_t stop = sm_solve(s, m, start_ms / period, solve_ms, 0);
	size_t end = (size_t)length_ms * s->rate / 1000u;
	while (s->n + (size_t)period * s->rate / 1000u < end) {
		size_t at = s->n;
		sm_packet(s, m->gen4 ? 'I' : 'S', sm_shown(m, solve_ms), m->thousandths, NULL);
		sm_pad_to(s, at + (size_t)period * s->rate / 1000u);
	}
	sm_pad_to(s, end);
	return stop;
}

#endif
