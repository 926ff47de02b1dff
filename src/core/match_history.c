/*
 * match_history.c: what a match keeps of its past, in bounded memory per
 * event: the accepted events and the undo stack (match_internal.h).
 *
 * Events. Each accepted event is a match_event of 24 bytes; its text, when
 * it has one, goes to an arena of NUL-terminated strings. cc_match_event_at
 * returns a cc_event rebuilt in one of MATCH_EVENT_VIEWS slots used in
 * turn, which is why a pointer it returns stays valid for the next
 * MATCH_EVENT_VIEWS - 1 calls only (include/chesscubing/match.h).
 *
 * Undo stack. The top snapshot is whole. Below it, snapshot k is stored
 * as D_k = S_k XOR S_(k+1) (bytes of match_state), packed: a byte other
 * than 0 stands for itself, and 0 followed by n (1 to 255) for n zero
 * bytes. Pushing S_new appends pack(S_top XOR S_new) and makes S_new the
 * top; popping makes S_top XOR unpack(last) the top and drops the last
 * packed record. Worst case a record is 3/2 of sizeof(match_state) (every
 * other byte zero); reserve() makes room for that before an event is
 * weighed, so accepting it cannot fail.
 *
 * Measured with scripts/gen-long-scenario.sh (docs/performance.md): about
 * 24 bytes per event plus tens of bytes per snapshot, where a snapshot
 * was 464 bytes and an event 160.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "match_internal.h"

enum { PACKED_MAX = sizeof(match_state) / 2 * 3 + 2 };

bool cc_match_reserve(void **items, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return true;
	size_t grown = *cap ? *cap * 2 : 16;
	while (grown < need)
		grown *= 2;
	void *p = realloc(*items, grown * size);
	if (!p)
		return false;
	*items = p;
	*cap = grown;
	return true;
}

bool cc_match_history_reserve(cc_match *m)
{
	if (!m->views && !(m->views = calloc(1, sizeof *m->views)))
		return false;
	/* text offsets are 32-bit: refuse an arena that would outgrow them */
	if (m->text_len > UINT32_MAX - CC_TEXT_MAX)
		return false;
	return cc_match_reserve((void **)&m->events, &m->event_cap, m->event_count + 1, sizeof *m->events) &&
	       cc_match_reserve((void **)&m->texts, &m->text_cap, m->text_len + CC_TEXT_MAX, 1) &&
	       cc_match_reserve((void **)&m->undo.packed, &m->undo.packed_cap, m->undo.packed_len + PACKED_MAX, 1) &&
	       cc_match_reserve((void **)&m->undo.starts, &m->undo.starts_cap, m->undo.count + 1,
	                        sizeof *m->undo.starts);
}

void cc_match_history_append(cc_match *m, const cc_event *ev)
{
	assert(m->event_count < m->event_cap);
	match_event *e = &m->events[m->event_count++];
	e->t_ms = ev->t_ms;
	e->cube_cs = ev->cube_cs;
	e->kind = (uint8_t)ev->kind;
	e->side = (uint8_t)ev->side;
	e->winner = (uint8_t)ev->winner;
	e->gives_check = ev->gives_check;
	e->text = 0;
	size_t len = strlen(ev->text); /* terminated: checked before the event was weighed */
	if (len > 0) {
		assert(m->text_len + len + 1 <= m->text_cap);
		memcpy(&m->texts[m->text_len], ev->text, len + 1);
		e->text = (uint32_t)(m->text_len + 1);
		m->text_len += len + 1;
	}
}

const cc_event *cc_match_history_event(const cc_match *m, size_t i)
{
	if (i >= m->event_count)
		return NULL;
	const match_event *e = &m->events[i];
	match_event_views *v = m->views; /* scratch space, not the match's state */
	cc_event *out = &v->slot[v->next];
	v->next = (v->next + 1) % MATCH_EVENT_VIEWS;
	memset(out, 0, sizeof *out);
	out->kind = (cc_event_kind)e->kind;
	out->t_ms = e->t_ms;
	out->side = (cc_side)e->side;
	out->gives_check = e->gives_check;
	out->cube_cs = e->cube_cs;
	out->winner = (cc_winner)e->winner;
	if (e->text)
		memcpy(out->text, &m->texts[e->text - 1], strlen(&m->texts[e->text - 1]) + 1);
	return out;
}

cc_event_kind cc_match_history_kind(const cc_match *m, size_t i)
{
	assert(i < m->event_count);
	return (cc_event_kind)m->events[i].kind;
}

/* Packs the n bytes of a XOR b into out; returns the packed length. */
static size_t pack_xor(const uint8_t *a, const uint8_t *b, size_t n, uint8_t *out)
{
	size_t len = 0;
	for (size_t i = 0; i < n;) {
		uint8_t x = (uint8_t)(a[i] ^ b[i]);
		if (x != 0) {
			out[len++] = x;
			i++;
			continue;
		}
		size_t run = 0;
		while (i < n && run < 255 && a[i] == b[i]) {
			run++;
			i++;
		}
		out[len++] = 0;
		out[len++] = (uint8_t)run;
	}
	return len;
}

/* XORs the n bytes of dst with the packed bytes in[0..len). */
static void unpack_xor(const uint8_t *in, size_t len, uint8_t *dst, size_t n)
{
	size_t i = 0;
	for (size_t k = 0; k < len; k++) {
		if (in[k] != 0) {
			assert(i < n);
			dst[i++] ^= in[k];
		} else {
			assert(k + 1 < len);
			i += in[++k];
		}
	}
	assert(i == n);
	(void)n;
}

void cc_match_undo_push(cc_match *m, const match_state *s)
{
	match_undo *u = &m->undo;
	if (u->count > 0) {
		assert(u->count - 1 < u->starts_cap && u->packed_len + PACKED_MAX <= u->packed_cap);
		u->starts[u->count - 1] = u->packed_len;
		u->packed_len += pack_xor((const uint8_t *)&u->top, (const uint8_t *)s, sizeof *s,
		                          &u->packed[u->packed_len]);
	}
	memcpy(&u->top, s, sizeof *s);
	u->count++;
}

void cc_match_undo_pop(cc_match *m)
{
	match_undo *u = &m->undo;
	assert(u->count > 0);
	u->count--;
	if (u->count == 0)
		return;
	size_t start = u->starts[u->count - 1];
	unpack_xor(&u->packed[start], u->packed_len - start, (uint8_t *)&u->top, sizeof u->top);
	u->packed_len = start;
}

size_t cc_match_history_bytes(const cc_match *match)
{
	const match_undo *u = &match->undo;
	size_t undo = u->count > 0 ? sizeof u->top + u->packed_len + (u->count - 1) * sizeof *u->starts : 0;
	return match->event_count * sizeof *match->events + match->text_len + undo;
}

void cc_match_history_free(cc_match *m)
{
	free(m->events);
	free(m->texts);
	free(m->views);
	free(m->undo.packed);
	free(m->undo.starts);
}
