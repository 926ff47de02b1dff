/*
 * timers.c: the players' Stackmat timers, published by the console for the
 * audience (session_timers.h, rules/stackmat.md SM-6).
 *
 * The side file "<record>.timers.<match id>", ASCII, every line ending in
 * LF, nothing else, in this order:
 *
 *   chesscubing-timers 1
 *   match ID              the match, 1 .. 2^53
 *   phase BLOCK ATTEMPT   its cube phase, 1 .. 99999 each
 *   stamp MS              the console's monotonic time of the reading
 *   pid PID               the console's process (said, never trusted: the
 *                         file is the console's only while it holds its
 *                         claim on the record, cc_store_side_hold with the
 *                         match's id, the kernel's lock, as a match's is)
 *   white STATE MS        each timer: none (no timer for that side),
 *   black STATE MS        nosignal, reset, hands, ready, running, stopped;
 *                         the time it shows, 0 .. 599990 (0 for none, nosignal)
 *
 * Numbers are plain decimal digits (no sign, no leading zero, at most 16).
 * Anything else (another order, a space too many, a NUL, a longer file) is
 * not the console's and is refused whole.
 */
#include "chesscubing/session_timers.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "session_internal.h"

#define MAGIC "chesscubing-timers 1\n"
#define PATH_MAX_LEN 4200
#define ID_MAX INT64_C(9007199254740992) /* 2^53, as the JSON and the URLs take them */
#define PHASE_MAX 99999
#define PID_MAX 2147483647L

static const cc_name state_names[] = {
#define CC_TIMER_STATE(id, spelling) {CC_STACKMAT_##id, spelling},
#include "timer_states.def"
#undef CC_TIMER_STATE
};

/* Is state a state of the core's (not a stray value)? Every one is in
 * the table: -Wswitch-enum names one that is not. */
static bool is_state(cc_stackmat_state state)
{
	switch (state) {
#define CC_TIMER_STATE(id, spelling) case CC_STACKMAT_##id:
#include "timer_states.def"
#undef CC_TIMER_STATE
		return true;
	}
	return false;
}

const char *cc_session_timer_state_name(const cc_session_timer *t)
{
	if (!t->present)
		return "none";
	return is_state(t->state) ? cc_name_of(state_names, sizeof state_names / sizeof state_names[0], (int)t->state, NULL) : NULL;
}

static bool timer_ok(const cc_session_timer *t)
{
	if (t->time_ms < 0 || t->time_ms > CC_STACKMAT_DISPLAY_MAX_MS)
		return false;
	return (t->present && t->state != CC_STACKMAT_NO_SIGNAL) || t->time_ms == 0;
}

static bool timers_ok(const cc_session_timers *t)
{
	return t->match_id >= 1 && t->match_id <= ID_MAX && t->block >= 1 && t->block <= PHASE_MAX &&
	       t->attempt >= 1 && t->attempt <= PHASE_MAX && t->stamp_ms >= 0 && t->stamp_ms < INT64_C(10000000000000000) &&
	       t->pid >= 1 && t->pid <= PID_MAX && timer_ok(&t->side[0]) && timer_ok(&t->side[1]);
}

bool cc_session_timers_format(const cc_session_timers *t, char *buf, size_t size)
{
	if (!timers_ok(t) || !cc_session_timer_state_name(&t->side[0]) || !cc_session_timer_state_name(&t->side[1]))
		return false;
	int n = snprintf(buf, size, MAGIC "match %lld\nphase %d %d\nstamp %lld\npid %ld\nwhite %s %ld\nblack %s %ld\n",
	                 (long long)t->match_id, t->block, t->attempt, (long long)t->stamp_ms, t->pid,
	                 cc_session_timer_state_name(&t->side[0]), (long)t->side[0].time_ms, cc_session_timer_state_name(&t->side[1]),
	                 (long)t->side[1].time_ms);
	return n > 0 && (size_t)n < size;
}

/* ---- reading: a cursor over text that must be exactly the format ---------------- */

typedef struct {
	const char *p, *end;
} cursor;

static bool literal(cursor *c, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(c->end - c->p) < n || memcmp(c->p, word, n) != 0)
		return false;
	c->p += n;
	return true;
}

/* Plain digits, no leading zero, at most 16 of them, then sep. */
static bool number(cursor *c, char sep, int64_t *out)
{
	int64_t v = 0;
	int digits = 0;
	while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
		if (++digits > 16 || (digits == 2 && v == 0))
			return false;
		v = v * 10 + (*c->p++ - '0');
	}
	if (digits == 0 || c->p == c->end || *c->p != sep)
		return false;
	c->p++;
	*out = v;
	return true;
}

static bool timer_line(cursor *c, const char *name, cc_session_timer *t)
{
	int64_t ms;
	if (!literal(c, name) || !literal(c, " "))
		return false;
	t->present = !literal(c, "none ");
	if (t->present) {
		/* the state's word, up to its space */
		char word[16];
		size_t n = 0;
		int state;
		while (c->p + n < c->end && c->p[n] != ' ' && n + 1 < sizeof word)
			n++;
		memcpy(word, c->p, n);
		word[n] = '\0';
		c->p += n;
		if (!literal(c, " ") ||
		    cc_name_parse(state_names, sizeof state_names / sizeof state_names[0], word, &state) != CC_OK)
			return false;
		t->state = (cc_stackmat_state)state;
	} else {
		t->state = CC_STACKMAT_NO_SIGNAL;
	}
	if (!number(c, '\n', &ms) || ms > CC_STACKMAT_DISPLAY_MAX_MS)
		return false;
	t->time_ms = (int32_t)ms;
	return true;
}

bool cc_session_timers_parse(const char *text, size_t len, cc_session_timers *out)
{
	cursor c = {text, text + len};
	cc_session_timers t;
	int64_t block, attempt, pid;
	memset(&t, 0, sizeof t);
	if (len >= CC_SESSION_TIMERS_TEXT_MAX || !literal(&c, MAGIC) || !literal(&c, "match ") ||
	    !number(&c, '\n', &t.match_id) || !literal(&c, "phase ") || !number(&c, ' ', &block) ||
	    !number(&c, '\n', &attempt) || !literal(&c, "stamp ") || !number(&c, '\n', &t.stamp_ms) ||
	    !literal(&c, "pid ") || !number(&c, '\n', &pid) || !timer_line(&c, "white", &t.side[0]) ||
	    !timer_line(&c, "black", &t.side[1]) || c.p != c.end)
		return false;
	if (block > PHASE_MAX || attempt > PHASE_MAX || pid > PID_MAX)
		return false;
	t.block = (int)block;
	t.attempt = (int)attempt;
	t.pid = (long)pid;
	if (!timers_ok(&t))
		return false;
	*out = t;
	return true;
}

cc_session_timers_status cc_session_timers_at(const cc_session_timers *t, int64_t match_id, const cc_match_view *v,
                                              int64_t now_ms, cc_session_timers *out)
{
	if (t->match_id != match_id || v->phase != CC_PHASE_CUBE || v->over || t->block != v->block ||
	    t->attempt != v->cube_attempt)
		return CC_SESSION_TIMERS_NONE;
	int64_t age = now_ms - t->stamp_ms;
	if (age > CC_SESSION_TIMERS_STALE_MS || age < -CC_SESSION_TIMERS_STALE_MS)
		return CC_SESSION_TIMERS_LOST;
	*out = *t;
	for (int side = 0; side < 2; side++) {
		cc_session_timer *s = &out->side[side];
		if (!s->present || s->state != CC_STACKMAT_RUNNING || age <= 0)
			continue;
		int64_t ms = s->time_ms + age;
		s->time_ms = (int32_t)(ms > CC_STACKMAT_DISPLAY_MAX_MS ? CC_STACKMAT_DISPLAY_MAX_MS : ms);
	}
	out->stamp_ms = now_ms;
	return CC_SESSION_TIMERS_LIVE;
}

/* ---- the side file ----------------------------------------------------------------- */

static bool side_path(const cc_session_db *db, int64_t match_id, const char *suffix, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s.timers.%lld%s", cc_session_db_path(db), (long long)match_id, suffix);
	return n > 0 && (size_t)n < size;
}

bool cc_session_timers_publish(const cc_session_db *db, const cc_session_timers *t)
{
	char path[PATH_MAX_LEN], tmp[PATH_MAX_LEN + 32], suffix[32], text[CC_SESSION_TIMERS_TEXT_MAX];
	if (!db || !cc_session_timers_format(t, text, sizeof text))
		return false;
	snprintf(suffix, sizeof suffix, ".%ld.tmp", (long)getpid());
	if (!side_path(db, t->match_id, "", path, sizeof path) || !side_path(db, t->match_id, suffix, tmp, sizeof tmp))
		return false;
	unlink(tmp); /* a leftover of this PID's earlier run */
	mode_t mode = (mode_t)cc_session_db_side_mode(db);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return false;
	/* whatever the umask, the record's mode (RE-3.7): a watcher of another
	 * user reads the timers where the record is shared with him */
	bool ok = fchmod(fd, mode) == 0;
	size_t n = strlen(text);
	ok = ok && write(fd, text, n) == (ssize_t)n;
	ok = close(fd) == 0 && ok;
	if (!ok || rename(tmp, path) != 0) {
		unlink(tmp);
		return false;
	}
	return cc_store_side_hold(cc_session_db_store((cc_session_db *)(uintptr_t)db), t->match_id);
}

void cc_session_timers_withdraw(const cc_session_db *db, int64_t match_id)
{
	char path[PATH_MAX_LEN];
	if (db && side_path(db, match_id, "", path, sizeof path))
		unlink(path);
	if (db && match_id >= 1)
		cc_store_side_release(cc_session_db_store((cc_session_db *)(uintptr_t)db), match_id);
}

cc_session_timers_status cc_session_timers_read(const cc_session_db *db, int64_t match_id, const cc_match_view *v,
                                                int64_t now_ms, cc_session_timers *out)
{
	char path[PATH_MAX_LEN], text[CC_SESSION_TIMERS_TEXT_MAX];
	cc_session_timers t;
	if (!db || v->phase != CC_PHASE_CUBE || !side_path(db, match_id, "", path, sizeof path))
		return CC_SESSION_TIMERS_NONE;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return CC_SESSION_TIMERS_NONE;
	struct stat st;
	ssize_t got = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? read(fd, text, sizeof text) : -1;
	close(fd);
	if (got <= 0 || !cc_session_timers_parse(text, (size_t)got, &t))
		return CC_SESSION_TIMERS_NONE;
	/* The console gone (its claim on the record dropped by the kernel,
	 * however it died): its last reading says nothing (SM-6.2). */
	if (!cc_store_side_held(cc_session_db_store((cc_session_db *)(uintptr_t)db), match_id))
		return CC_SESSION_TIMERS_NONE;
	return cc_session_timers_at(&t, match_id, v, now_ms, out);
}
