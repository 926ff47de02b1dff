/*
 * stackmat.c: the Stackmat line decoded from audio samples, and the timer
 * it describes (stackmat.h; the protocol in docs/stackmat.md).
 *
 * From samples to levels. A sound card's input is AC-coupled: a level held
 * for a while droops back toward zero, the gain is anyone's and the polarity
 * depends on the cable and the card. So the decoder does not compare samples
 * with a fixed threshold; it looks for edges: x[n] - x[n - delay], with delay
 * about a sixth of a bit, beyond 2/5 of the size of recent edges (a peak
 * that follows the input and decays by half in about a quarter second),
 * and never under a floor that keeps silence silent. An edge up makes the
 * level high, an edge down low; the same edge seen on the next samples
 * changes nothing.
 *
 * From levels to bytes. The idle (mark) level is the one that lasts more
 * than ten bit times without an edge: between packets the line rests, and
 * no character the timer sends holds one level that long. So either
 * polarity decodes. A change away from idle is a start bit; every bit is
 * then read by three votes around its middle (a glitch shorter than a
 * quarter bit cannot change a bit), least significant bit first, and the
 * stop bit must be idle at its first two (so the byte ends at the stop
 * bit's middle, before a fast timer's next start edge). Each byte re-synchronises on its start edge, so a
 * few percent of clock error between timer and card does not matter.
 *
 * From bytes to packets. A packet ends with LF CR; the last 10 (or 9) bytes
 * before it must be a status character, 6 (or 5) digits, a checksum of 64
 * plus the digits' sum. Anything else is counted and dropped.
 *
 * From packets to a solve: cc_stackmat_timer, at the end (rules/stackmat.md).
 */
#include "chesscubing/stackmat.h"

#include <string.h>

/* Edges are never smaller than this (of 32768): silence stays silent. */
#define EDGE_FLOOR 64
/* An edge is 2/5 of the recent edges' size. */
#define EDGE_NUM 2
#define EDGE_DEN 5

#define LF 0x0a
#define CR 0x0d

static uint32_t div_round(uint64_t num, uint64_t den)
{
	return (uint32_t)((num + den / 2) / den);
}

bool cc_stackmat_decoder_init(cc_stackmat_decoder *d, uint32_t rate)
{
	memset(d, 0, sizeof *d);
	if (rate < CC_STACKMAT_RATE_MIN || rate > CC_STACKMAT_RATE_MAX)
		return false;
	d->rate = rate;
	uint32_t delay = div_round(rate, 6u * CC_STACKMAT_BAUD);
	if (delay < 1)
		delay = 1;
	if (delay >= sizeof d->history / sizeof d->history[0])
		delay = (uint32_t)(sizeof d->history / sizeof d->history[0]) - 1;
	d->delay = delay;
	/* Bit b's middle is (b + 1/2) bit times after the start edge; its
	 * votes a quarter bit either side of it. */
	uint32_t quarter = rate / (4u * CC_STACKMAT_BAUD);
	for (uint32_t b = 0; b < 10; b++) {
		uint32_t mid = div_round((uint64_t)(2 * b + 1) * rate, 2u * CC_STACKMAT_BAUD);
		d->points[3 * b] = mid - quarter;
		d->points[3 * b + 1] = mid;
		d->points[3 * b + 2] = mid + quarter;
	}
	d->idle_run = div_round(10ull * rate, CC_STACKMAT_BAUD);
	d->lost_after = (uint64_t)rate * CC_STACKMAT_LOST_MS / 1000u;
	d->amp_decay = rate / 40u;
	d->level = -1;
	d->idle = -1;
	return true;
}

cc_stackmat_stats cc_stackmat_decoder_stats(const cc_stackmat_decoder *d)
{
	cc_stackmat_stats s = d->stats;
	s.level = d->amp;
	return s;
}

/* 0: a packet; 1: laid out as one but its checksum is wrong; 2: not a packet. */
static int parse(const uint8_t *b, size_t n, cc_stackmat_packet *out)
{
	if ((n != 9 && n != 10) || b[n - 2] != LF || b[n - 1] != CR)
		return 2;
	if (strchr(" ACILRS", b[0]) == NULL || b[0] == '\0')
		return 2;
	size_t digits = n - 4;
	int sum = 0, v[6] = {0};
	for (size_t i = 0; i < digits; i++) {
		if (b[1 + i] < '0' || b[1 + i] > '9')
			return 2;
		v[i] = b[1 + i] - '0';
		sum += v[i];
	}
	if (v[1] > 5) /* tens of seconds */
		return 2;
	if (b[1 + digits] != 64 + sum)
		return 1;
	int frac = v[3] * 100 + v[4] * 10 + (digits == 6 ? v[5] : 0);
	out->status = (char)b[0];
	out->time_ms = (int32_t)(v[0] * 60000 + (v[1] * 10 + v[2]) * 1000 + frac);
	out->thousandths = digits == 6;
	return 0;
}

bool cc_stackmat_parse(const uint8_t *bytes, size_t n, cc_stackmat_packet *out)
{
	cc_stackmat_packet p = {0};
	if (parse(bytes, n, &p) != 0)
		return false;
	*out = p;
	return true;
}

/* A byte has arrived: a packet when it ends one. */
static bool take_byte(cc_stackmat_decoder *d, uint8_t byte, uint64_t start, cc_stackmat_reading *r)
{
	if (d->nbytes == 10) {
		memmove(d->bytes, d->bytes + 1, 9);
		memmove(d->starts, d->starts + 1, 9 * sizeof d->starts[0]);
		d->nbytes = 9;
	}
	d->bytes[d->nbytes] = byte;
	d->starts[d->nbytes] = start;
	d->nbytes++;
	if (byte != CR || d->nbytes < 2 || d->bytes[d->nbytes - 2] != LF)
		return false;
	int worst = 2;
	for (uint32_t n = 10; n >= 9; n--) {
		if (d->nbytes < n)
			continue;
		cc_stackmat_packet p = {0};
		uint32_t first = d->nbytes - n;
		int got = parse(d->bytes + first, n, &p);
		if (got == 0) {
			p.sample = d->starts[first];
			r->kind = CC_STACKMAT_READ_PACKET;
			r->packet = p;
			d->stats.packets++;
			d->stats.inverted = d->idle == 0;
			d->nbytes = 0;
			d->last_valid = d->n;
			d->lost_said = false;
			return true;
		}
		if (got < worst)
			worst = got;
	}
	if (worst == 1)
		d->stats.bad_checksum++;
	else
		d->stats.bad_packet++;
	d->nbytes = 0;
	return false;
}

/* The bits of a byte, read as the samples go by. */
static bool read_bits(cc_stackmat_decoder *d, cc_stackmat_reading *r)
{
	uint64_t rel = d->n - d->byte_start;
	bool packet = false;
	while (d->in_byte && d->point < 29 && rel == d->points[d->point]) {
		if (d->level == d->idle)
			d->votes++;
		/* The stop bit is read by its first two votes, both idle: the byte
		 * ends at its middle, in time for a fast timer's next start edge. */
		if (d->point % 3 == 2 || d->point == 28) {
			uint32_t bit = d->point / 3;
			bool mark = d->votes >= 2;
			d->votes = 0;
			if (bit == 0 && mark) {
				d->in_byte = false; /* a glitch, not a start bit */
			} else if (bit >= 1 && bit <= 8) {
				d->byte |= (uint32_t)mark << (bit - 1);
			} else if (bit == 9) {
				d->in_byte = false;
				if (mark) {
					packet = take_byte(d, (uint8_t)d->byte, d->byte_start, r);
				} else {
					d->stats.framing_errors++;
					d->nbytes = 0;
				}
			}
		}
		d->point++;
	}
	return packet;
}

/* One sample: up to two readings in r (a packet, a loss). */
static size_t step(cc_stackmat_decoder *d, int16_t x, cc_stackmat_reading *r)
{
	size_t got = 0;
	uint32_t size = (uint32_t)(sizeof d->history / sizeof d->history[0]);
	int32_t old = d->history[(d->hist_pos + size - d->delay) % size];
	d->history[d->hist_pos] = x;
	d->hist_pos = (d->hist_pos + 1) % size;
	int32_t diff = d->n >= d->delay ? (int32_t)x - old : 0;
	int32_t mag = diff < 0 ? -diff : diff;

	if (mag > d->amp)
		d->amp = mag;
	if (++d->amp_tick >= d->amp_decay) {
		d->amp_tick = 0;
		d->amp -= d->amp / 16;
	}
	int32_t threshold = d->amp * EDGE_NUM / EDGE_DEN;
	if (threshold < EDGE_FLOOR)
		threshold = EDGE_FLOOR;

	int now = d->level;
	if (diff > threshold)
		now = 1;
	else if (diff < -threshold)
		now = 0;
	if (now != d->level) {
		/* The first edge: the level before it rested since the start. */
		if (d->level < 0 && d->n - d->last_edge >= d->idle_run)
			d->idle = !now;
		d->level = now;
		d->last_edge = d->n;
		if (!d->in_byte && d->idle >= 0 && now != d->idle) {
			d->in_byte = true;
			d->byte_start = d->n;
			d->byte = 0;
			d->point = 0;
			d->votes = 0;
		}
	} else if (d->level >= 0 && d->n - d->last_edge == d->idle_run && d->idle != d->level) {
		d->idle = d->level; /* the line rests here: that is mark */
		d->nbytes = 0;
		d->in_byte = false;
	}
	if (d->in_byte && read_bits(d, &r[got]))
		got++;
	if (!d->lost_said && d->n - d->last_valid >= d->lost_after) {
		d->lost_said = true;
		r[got].kind = CC_STACKMAT_READ_LOST;
		memset(&r[got].packet, 0, sizeof r[got].packet);
		r[got].packet.sample = d->n;
		got++;
	}
	d->n++;
	return got;
}

size_t cc_stackmat_feed(cc_stackmat_decoder *d, const int16_t *pcm, size_t frames, size_t stride,
			cc_stackmat_reading *out, size_t cap, size_t *consumed)
{
	size_t got = 0, i = 0;
	for (; i < frames && got + 2 <= cap; i++)
		got += step(d, pcm[i * stride], out + got);
	if (consumed != NULL)
		*consumed = i;
	return got;
}

/* --- the timer (rules/stackmat.md, SM-2 to SM-4) ------------------------------ */

void cc_stackmat_timer_init(cc_stackmat_timer *t, uint32_t rate)
{
	memset(t, 0, sizeof *t);
	t->rate = rate;
	t->state = CC_STACKMAT_NO_SIGNAL;
}

const char *cc_stackmat_state_name(cc_stackmat_state s)
{
	switch (s) {
	case CC_STACKMAT_NO_SIGNAL:
		return "no signal";
	case CC_STACKMAT_RESET:
		return "reset";
	case CC_STACKMAT_HANDS:
		return "hands on";
	case CC_STACKMAT_READY:
		return "ready";
	case CC_STACKMAT_RUNNING:
		return "running";
	case CC_STACKMAT_STOPPED:
		return "stopped";
	}
	return "?";
}

/* SM-2.3: the stop, from the last running packet and the time it showed,
 * never after the first packet that showed the timer stopped. */
static uint64_t stop_sample(const cc_stackmat_timer *t)
{
	if (t->stop_ms < t->run_ms)
		return t->stop_first;
	uint64_t at = t->run_sample + (uint64_t)(t->stop_ms - t->run_ms) * t->rate / 1000u;
	return at < t->stop_first ? at : t->stop_first;
}

bool cc_stackmat_timer_take(cc_stackmat_timer *t, const cc_stackmat_reading *r, cc_stackmat_final *fin)
{
	if (r->kind == CC_STACKMAT_READ_LOST) {
		/* SM-3.1, SM-3.2: what was not final is not proposed. */
		cc_stackmat_timer_init(t, t->rate);
		return false;
	}
	const cc_stackmat_packet *p = &r->packet;
	bool had_signal = t->state != CC_STACKMAT_NO_SIGNAL;
	bool running = p->status == ' ' || (p->status != 'S' && had_signal && p->time_ms > t->time_ms);
	t->time_ms = p->time_ms;
	t->thousandths = p->thousandths;
	t->sample = p->sample;
	if (running) {
		t->state = CC_STACKMAT_RUNNING;
		t->seen_running = true;
		t->run_sample = p->sample;
		t->run_ms = p->time_ms;
		t->over_display = p->time_ms >= CC_STACKMAT_DISPLAY_MAX_MS;
		t->stop_count = 0;
		t->final_said = false;
		return false;
	}
	if (p->time_ms == 0) {
		/* SM-2.2: a reset; a stop not yet final is forgotten. */
		t->state = p->status == 'A' ? CC_STACKMAT_READY
			   : (p->status == 'L' || p->status == 'R' || p->status == 'C') ? CC_STACKMAT_HANDS
										    : CC_STACKMAT_RESET;
		t->seen_running = false;
		t->over_display = false;
		t->stop_count = 0;
		t->final_said = false;
		return false;
	}
	t->state = CC_STACKMAT_STOPPED;
	if (t->stop_count > 0 && p->time_ms == t->stop_ms) {
		t->stop_count++;
	} else {
		t->stop_ms = p->time_ms;
		t->stop_count = 1;
		t->stop_first = p->sample;
		t->final_said = false;
	}
	if (!t->seen_running || t->final_said || t->stop_count < CC_STACKMAT_FINAL_PACKETS)
		return false;
	if (t->over_display || p->time_ms >= CC_STACKMAT_DISPLAY_MAX_MS)
		return false; /* SM-4.2 */
	t->final_said = true;
	fin->time_ms = p->time_ms;
	fin->time_cs = p->time_ms / 10;
	fin->thousandths = p->thousandths;
	fin->stop_sample = stop_sample(t);
	return true;
}
