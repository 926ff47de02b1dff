/*
 * session_walls.c: the time of day of a match time, as the record has it
 * (issue 21), in one pass over the record instead of one per line.
 *
 * Within one run of a console, wall time less match time (the event's
 * offset) is the same for every moment; an event committed after its stamp
 * (a dialog's) shows more, and a resume, where match time goes on from the
 * last event while the wall clock went on, starts a run with more again.
 * So a line of event k takes the least offset of event k and the events
 * after it (a suffix minimum), and match time t alone takes the suffix
 * after the last event stamped before t.
 *
 * Both are kept as a monotonic stack, updated as each event is noted:
 * an entry is an event whose value is less than that of every event after
 * it, so the entries grow in both place and value, and the least value
 * from place k on is the first entry at or after k (a binary search). An
 * event pops the entries it is not above; each event is pushed and popped
 * at most once, so noting n events is O(n) and each question O(log n).
 * Only the entries are kept, never the whole list of times.
 */
#include <stdlib.h>

#include "session_internal.h"

void cc_session_walls_init(cc_session_walls *w)
{
	*w = (cc_session_walls){0};
}

void cc_session_walls_fini(cc_session_walls *w)
{
	free(w->offsets.e);
	free(w->stamps.e);
	cc_session_walls_init(w);
}

/* Room for one more entry, or false (nothing changed). */
static bool room(cc_session_suffix_min *m)
{
	if (m->n < m->cap)
		return true;
	size_t more = m->cap ? 2 * m->cap : 64;
	cc_session_suffix_entry *grown = realloc(m->e, more * sizeof *grown);
	if (!grown)
		return false;
	m->e = grown;
	m->cap = more;
	return true;
}

/* Place at takes value: the entries not below it are no longer the least
 * of any suffix (equal ones give the same value from a later place). */
static void push(cc_session_suffix_min *m, size_t at, int64_t value)
{
	while (m->n > 0 && m->e[m->n - 1].value >= value)
		m->n--;
	m->e[m->n++] = (cc_session_suffix_entry){value, at};
}

bool cc_session_walls_note(cc_session_walls *w, int64_t t_ms, int64_t wall_ms)
{
	int64_t offset;
	/* A crafted record may hold any commit time: none (0) or one whose
	 * offset overflows counts for no run. */
	bool valid = wall_ms > 0 && !__builtin_sub_overflow(wall_ms, t_ms, &offset);
	if (!room(&w->stamps) || (valid && !room(&w->offsets)))
		return false; /* without memory, the times known stand */
	push(&w->stamps, w->count, t_ms);
	if (valid)
		push(&w->offsets, w->count, offset);
	w->count++;
	return true;
}

/* The first entry whose place (by_place) or value is not below key; m->n
 * when none. Both grow along the entries: a binary search. */
static size_t first_not_below(const cc_session_suffix_min *m, bool by_place, int64_t key)
{
	size_t lo = 0, hi = m->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if ((by_place ? (int64_t)m->e[mid].at : m->e[mid].value) < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool cc_session_walls_at_event(const cc_session_walls *w, size_t k, int64_t t_ms, int64_t *wall_ms)
{
	size_t least = first_not_below(&w->offsets, true, (int64_t)k);
	return least < w->offsets.n && !__builtin_add_overflow(t_ms, w->offsets.e[least].value, wall_ms);
}

/* The place after the last event stamped before t_ms (the events from
 * there on are all at t_ms or later): the entries' stamps grow, and the
 * last event stamped before t_ms is the last entry below t_ms (a later
 * one below it would have popped it). */
static size_t suffix_from_time(const cc_session_walls *w, int64_t t_ms)
{
	size_t first = first_not_below(&w->stamps, false, t_ms);
	return first == 0 ? 0 : w->stamps.e[first - 1].at + 1;
}

bool cc_session_walls_at(const cc_session_walls *w, int64_t t_ms, int64_t *wall_ms)
{
	return cc_session_walls_at_event(w, suffix_from_time(w, t_ms), t_ms, wall_ms);
}
