/*
 * describe_report.c: the text report of a match (header, scramble sheet,
 * event log). The event log is rebuilt by replaying the events through a
 * fresh match, so what time did by itself (lost moves, block ends) is told
 * where it happened, exactly as the console saw it.
 */
#include <stdlib.h>
#include <time.h>

#include "chesscubing/session_checklist.h"
#include "describe_internal.h"



/* Calls fn for each line of text (one sentence per line). */
static void log_lines(cc_session_log_fn *fn, void *ctx, int64_t t_ms, cc_session_log_kind kind, const char *text)
{
	char line[1024];
	while (*text) {
		const char *end = strchr(text, '\n');
		size_t n = end ? (size_t)(end - text) : strlen(text);
		snprintf(line, sizeof line, "%.*s", (int)n, text);
		fn(ctx, t_ms, kind, line);
		text += n + (end ? 1 : 0);
	}
}

/* Where a log stands: the events told so far replayed through a match of
 * its own (so what time did between them is told where it happened). */
struct cc_session_log_cursor {
	cc_match *replay;
	size_t *undoable; /* indexes of the events an undo would take back */
	size_t depth, cap;
	size_t next; /* the next event to replay */
};

/* One event of the log, with what time did before it and what it did. */
typedef struct {
	cc_session_log_fn *fn;
	void *ctx;
	const cc_match *match;
	cc_session_log_cursor *cur;
} event_log;

static void log_changes(const cc_lang *lang, const event_log *log, int64_t t_ms, cc_session_log_kind kind,
                        const cc_match_view *before, const cc_match_view *after)
{
	char text[1024];
	cc_session_describe_changes(lang, before, after, cc_match_settings_of(log->match), text, sizeof text);
	log_lines(log->fn, log->ctx, t_ms, kind, text);
}

/* What time alone did between from and to, each change told at the time
 * it happened (the core says when the next limit falls). An endless
 * unparried check (RU-23) is told once for its many losses. */
static void log_time_changes(const cc_lang *lang, const event_log *log, int64_t from, int64_t to)
{
	cc_match_view before, after;
	int64_t t = from;
	for (int told = 0; told < 32; told++) {
		int64_t limit = cc_match_next_deadline(log->cur->replay, t);
		if (limit < 0 || limit >= to)
			break;
		cc_match_view_at(log->cur->replay, t, &before);
		cc_match_view_at(log->cur->replay, limit + 1, &after);
		log_changes(lang, log, limit, CC_SESSION_LOG_TIME, &before, &after);
		t = limit + 1;
	}
	cc_match_view_at(log->cur->replay, t, &before);
	cc_match_view_at(log->cur->replay, to, &after);
	log_changes(lang, log, to, CC_SESSION_LOG_TIME, &before, &after);
}

/* Does an undo take ev back? It passes over ticks and holds (RU-31). */
static bool undoable(const cc_event *ev)
{
	return ev->kind != CC_EV_TICK && ev->kind != CC_EV_UNDO && ev->kind != CC_EV_HOLD && ev->kind != CC_EV_RELEASE;
}

/* Event i is one an undo would take back: 0, or -1 without memory. */
static int keep_undoable(cc_session_log_cursor *cur, size_t i)
{
	if (cur->depth == cur->cap) {
		size_t more = cur->cap ? 2 * cur->cap : 64;
		size_t *grown = realloc(cur->undoable, more * sizeof *grown);
		if (!grown)
			return -1;
		cur->undoable = grown;
		cur->cap = more;
	}
	cur->undoable[cur->depth++] = i;
	return 0;
}

/* Event i applied to the replay; a refusal is told in an ERROR line. */
static int replay_event(event_log *log, size_t i, const cc_event *ev)
{
	cc_error err;
	char line[2 * CC_TEXT_MAX + 256];
	if (cc_match_apply(log->cur->replay, ev, &err) == CC_OK)
		return 0;
	snprintf(line, sizeof line, "(event %zu is refused on replay: %s)", i + 1, err.message);
	log->fn(log->ctx, -1, CC_SESSION_LOG_ERROR, line);
	return -1;
}

static int log_event(const cc_lang *lang, event_log *log, size_t i)
{
	const cc_match_settings *s = cc_match_settings_of(log->match);
	cc_event event;
	cc_match_event_at(log->match, i, &event);
	const cc_event *ev = &event;
	cc_match_view at_event, after;
	char what[CC_TEXT_MAX + 96], line[2 * CC_TEXT_MAX + 256];
	log_time_changes(lang, log, cc_match_last_time(log->cur->replay), ev->t_ms);
	cc_match_view_at(log->cur->replay, ev->t_ms, &at_event);
	if (replay_event(log, i, ev) != 0)
		return -1;
	cc_match_view_at(log->cur->replay, ev->t_ms, &after);
	if (ev->kind == CC_EV_UNDO && log->cur->depth > 0) {
		cc_event taken;
		cc_match_event_at(log->match, log->cur->undoable[--log->cur->depth], &taken);
		cc_session_describe_event(lang, &taken, s, what, sizeof what);
		snprintf(line, sizeof line, "%s \"%s\"", _("undo: takes back"), what);
		log->fn(log->ctx, ev->t_ms, CC_SESSION_LOG_EVENT, line);
		log_changes(lang, log, ev->t_ms, CC_SESSION_LOG_AFTER, &at_event, &after);
		return 0;
	}
	if (undoable(ev) && keep_undoable(log->cur, i) != 0)
		return -1;
	cc_session_describe_event(lang, ev, s, what, sizeof what);
	log->fn(log->ctx, ev->t_ms, ev->kind == CC_EV_TICK ? CC_SESSION_LOG_TICK : CC_SESSION_LOG_EVENT, what);
	log_changes(lang, log, ev->t_ms, CC_SESSION_LOG_AFTER, &at_event, &after);
	return 0;
}

/* Event i applied to the replay and nothing told (an event before the
 * lines asked for); the undo stack kept as log_event keeps it. A refusal
 * is told all the same. */
static int pass_event(event_log *log, size_t i)
{
	cc_event ev;
	cc_match_event_at(log->match, i, &ev);
	if (replay_event(log, i, &ev) != 0)
		return -1;
	if (ev.kind == CC_EV_UNDO && log->cur->depth > 0)
		log->cur->depth--;
	else if (undoable(&ev))
		return keep_undoable(log->cur, i);
	return 0;
}

int cc_session_event_log(const cc_lang *lang, const cc_match *match, cc_session_log_fn *fn, void *ctx)
{
	return cc_session_event_log_from(lang, match, 0, fn, ctx);
}

int cc_session_event_log_from(const cc_lang *lang, const cc_match *match, size_t from, cc_session_log_fn *fn,
                              void *ctx)
{
	if (cc_game_class_of_match(match)->traits & CC_GAME_DEALT) {
		/* Chess-Uno: the steps of the history, as the console logs them. */
		const cc_uno_game *game = cc_match_uno(match);
		char text[1024];
		for (size_t i = 0; i < cc_uno_step_count(game); i++) {
			const cc_uno_step *st = cc_uno_step_at(game, i);
			cc_session_describe_uno_step(lang, st, cc_match_settings_of(match), text, sizeof text);
			fn(ctx, st->event.t_ms, CC_SESSION_LOG_EVENT, text);
		}
		return 0;
	}
	cc_session_log_cursor *cur = cc_session_log_cursor_create(match);
	int rc = cur ? cc_session_event_log_more(lang, cur, match, from, fn, ctx) : -1;
	cc_session_log_cursor_destroy(cur);
	return rc;
}

cc_session_log_cursor *cc_session_log_cursor_create(const cc_match *match)
{
	cc_session_log_cursor *cur = calloc(1, sizeof *cur);
	if (cur && (cc_game_class_of_match(match)->traits & CC_GAME_DEALT ||
	            cc_match_create(&cur->replay, cc_match_settings_of(match), NULL) != CC_OK)) {
		free(cur);
		return NULL;
	}
	return cur;
}

void cc_session_log_cursor_destroy(cc_session_log_cursor *cur)
{
	if (!cur)
		return;
	cc_match_destroy(cur->replay);
	free(cur->undoable);
	free(cur);
}

size_t cc_session_log_cursor_next(const cc_session_log_cursor *cur)
{
	return cur->next;
}

int cc_session_event_log_more(const cc_lang *lang, cc_session_log_cursor *cur, const cc_match *match, size_t from,
                              cc_session_log_fn *fn, void *ctx)
{
	event_log log = {fn, ctx, match, cur};
	size_t count = cc_match_event_count(match);
	int rc = 0;
	for (; cur->next < count && rc == 0; cur->next++)
		rc = cur->next < from ? pass_event(&log, cur->next) : log_event(lang, &log, cur->next);
	return rc;
}

/* The report's event log: a line's time in the first column, blank for
 * what an event did at its own time. */
/* Where a listing goes, and the language its times are written in (a
 * French line's decimal comma: "0:04,0"). */
typedef struct {
	FILE *out;
	const cc_lang *lang;
} report_out;

static void write_log_line(void *ctx, int64_t t_ms, cc_session_log_kind kind, const char *text)
{
	const report_out *r = ctx;
	char at[16] = "";
	if (kind == CC_SESSION_LOG_ERROR) {
		fprintf(r->out, "  %s\n", text);
		return;
	}
	if (kind != CC_SESSION_LOG_AFTER) {
		cc_time_format_ms(t_ms, at, sizeof at);
		cc_session_decimal_local(r->lang, at);
	}
	fprintf(r->out, "  %9s  %s\n", at, text);
}

static int write_event_log(const cc_lang *lang, FILE *out, const cc_match *match)
{
	report_out r = {out, lang};
	fprintf(out, "\n%s\n", _("Events:"));
	return cc_session_event_log(lang, match, write_log_line, &r);
}

static void write_sheet(const cc_lang *lang, FILE *out, uint64_t seed, const char *sheet)
{
	char text[CC_SESSION_SHEET_MAX + 512];
	cc_session_describe_sheet(lang, seed, sheet, text, sizeof text);
	fprintf(out, "%s\n", text);
}

static void write_header(const cc_lang *lang, FILE *out, const cc_session *session, const cc_match_view *v)
{
	const cc_session_info *info = cc_session_info_of(session);
	const cc_match_settings *s = cc_match_settings_of(cc_session_match(session));
	char result[CC_TEXT_MAX + 64];
	cc_session_describe_result(lang, v, s, result, sizeof result);
	char tc[64];
	const cc_game_class *game = cc_game_class_of(s->format);
	if (game->traits & CC_GAME_CATEGORY) {
		fprintf(out, _("%s, %s (quota %d)"), _(game->label), cc_session_category_text(s->category), v->quota);
	} else if (game->traits & CC_GAME_TIME_CONTROL) {
		cc_session_time_control(lang, s, tc, sizeof tc);
		fprintf(out, _("Chess game (FIDE Laws), time control %s, claims %s"), tc, cc_session_claims_text(lang, s->claims));
	} else {
		fprintf(out, "%s", _(game->label)); /* Chess-Uno: told by cc_session_write_uno_report */
	}
	if (s->variant != CC_CHESS_VARIANT_STANDARD)
		fprintf(out, _(", on a Checkered board"));
	if (info->id > 0)
		fprintf(out, cc_session_format_is_game(s->format) ? _(", game %lld") : _(", match %lld"), (long long)info->id);
	if (info->created_utc[0])
		fprintf(out, _(", created %s"), info->created_utc);
	/* A label and its value the language's way ("Blancs : Alice"). */
	fputc('\n', out);
	fprintf(out, _("%s: %s\n"), _("White"), s->white);
	fprintf(out, _("%s: %s\n"), _("Black"), s->black);
	fprintf(out, _("%s: %s (%s)\n"), _("Result"), result, cc_session_result_code(v->over, v->winner));
	if (v->has_chess_clocks) {
		/* Time: the clocks as the match left them (or as they stand). */
		char w[32], b[32];
		cc_time_format_ms(v->clock_ms[CC_SIDE_WHITE], w, sizeof w);
		cc_time_format_ms(v->clock_ms[CC_SIDE_BLACK], b, sizeof b);
		cc_session_decimal_local(lang, w); /* issue 35 N9: a French line's decimal comma */
		cc_session_decimal_local(lang, b);
		fprintf(out, v->over ? _("Final clocks: White %s, Black %s\n") : _("Clocks: White %s, Black %s\n"), w, b);
	}
	fputc('\n', out);
}

/* A wall time as the console's log shows it (local time of day). */
static void time_of_day(int64_t wall_ms, char *buf, size_t size)
{
	time_t secs = (time_t)(wall_ms / 1000);
	struct tm tm;
	if (wall_ms <= 0 || !localtime_r(&secs, &tm) || !strftime(buf, size, "%H:%M:%S", &tm))
		snprintf(buf, size, "--:--:--");
}

void cc_session_describe_returned(const cc_lang *lang, int64_t stopped_wall_ms, int64_t last_wall_ms,
                                  int64_t returned_ms, const char *name, char *buf, size_t size)
{
	char stopped[16], last[16], amount[32];
	time_of_day(stopped_wall_ms, stopped, sizeof stopped);
	time_of_day(last_wall_ms, last, sizeof last);
	cc_time_format_ms(returned_ms, amount, sizeof amount);
	cc_session_decimal_local(lang, amount);
	snprintf(buf, size, _("the console stopped at %s; clocks put back to the last event (%s): %s of %s's thinking time returned"),
	         stopped, last, amount, name);
}

void cc_session_describe_resume(const cc_lang *lang, const cc_session_resume_entry *r, const cc_match_settings *s,
                                char *buf, size_t size)
{
	char said[512], at[32];
	cc_session_describe_returned(lang, r->stopped_wall_ms, r->last_wall_ms, r->returned_ms, name_of(s, r->side),
	                             said, sizeof said);
	if (!r->taken_back) {
		snprintf(buf, size, _("resume: %s"), said);
		return;
	}
	cc_time_format_ms(r->taken_back_t_ms, at, sizeof at);
	cc_session_decimal_local(lang, at);
	snprintf(buf, size, _("resume: %s; taken off again at %s (g)"), said, at);
}

/* Issue 21: what the arbiter did to the match, counted and listed at its
 * match time, so `show`, the report and the end screen tell the
 * corrections, undos, holds, moves declared in time and resumes with the
 * time each gave back (RU-25, RU-14, RU-31, RU-26, RU-18). */
static bool is_intervention(const cc_event *ev)
{
	cc_event_kind kind = ev->kind;
	/* CK-1: the check-list's release, when it tells skipped items' reasons. */
	if (kind == CC_EV_RELEASE)
		return strncmp(ev->text, "checklist skipped ", 18) == 0;
	return kind == CC_EV_CORRECT || kind == CC_EV_UNDO || kind == CC_EV_HOLD || kind == CC_EV_IN_TIME;
}

/* Issue 35 item 9: an intervention's line with its time of day from the
 * record (k: its event's place), beside the match time its caller shows:
 * "(14:32:05) undo ...". Without a commit time (older schemas, no record)
 * the text alone. */
static void with_time_of_day(const cc_session *session, size_t k, int64_t t_ms, char *text, size_t size)
{
	int64_t wall;
	char when[16], said[CC_TEXT_MAX + 640];
	if (!cc_session_wall_at_event(session, k, t_ms, &wall))
		return;
	time_of_day(wall, when, sizeof when);
	snprintf(said, sizeof said, "(%s) %s", when, text);
	snprintf(text, size, "%s", said);
}

/* Event i's intervention line; an undo says what it took back, as the
 * event log does (the last event an undo takes back, RU-14, RU-31), from
 * stack, the undoable events before i (NULL without memory). */
static void intervention_text(const cc_lang *lang, const cc_match *match, const cc_event *ev, const size_t *stack,
                              size_t depth, char *text, size_t size)
{
	const cc_match_settings *s = cc_match_settings_of(match);
	char what[CC_TEXT_MAX + 96];
	if (ev->kind == CC_EV_UNDO && stack && depth > 0) {
		cc_event taken;
		cc_match_event_at(match, stack[depth - 1], &taken);
		cc_session_describe_event(lang, &taken, s, what, sizeof what);
		snprintf(text, size, "%s \"%s\"", _("undo: takes back"), what);
		return;
	}
	cc_session_describe_event(lang, ev, s, text, size);
}

size_t cc_session_interventions(const cc_lang *lang, const cc_session *session, cc_session_line_fn *fn, void *ctx)
{
	const cc_match *match = cc_session_match(session);
	const cc_match_settings *s = cc_match_settings_of(match);
	size_t count = cc_match_event_count(match), resumes = cc_session_resume_count(session), n[4] = {0, 0, 0, 0};
	size_t lines = 0, r = 0;
	char text[CC_TEXT_MAX + 640];
	cc_event ev;
	for (size_t i = 0; i < count; i++) {
		cc_match_event_at(match, i, &ev);
		n[0] += ev.kind == CC_EV_CORRECT;
		n[1] += ev.kind == CC_EV_UNDO;
		n[2] += ev.kind == CC_EV_HOLD && strncmp(ev.text, "checklist ", 10) != 0; /* CK-1's is no hold */
		n[3] += ev.kind == CC_EV_IN_TIME;
	}
	bool checklist = cc_session_has_checklist(session);
	if (!(n[0] + n[1] + n[2] + n[3] + resumes + checklist))
		return 0;
	/* issue 35 N9: each count in the form it takes ("1 correction", "0 reprise") */
	char part[5][96];
	snprintf(part[0], sizeof part[0], P_("%zu correction", "%zu corrections", n[0]), n[0]);
	snprintf(part[1], sizeof part[1], P_("%zu undo", "%zu undos", n[1]), n[1]);
	snprintf(part[2], sizeof part[2], P_("%zu hold", "%zu holds", n[2]), n[2]);
	snprintf(part[3], sizeof part[3], P_("%zu move declared in time", "%zu moves declared in time", n[3]), n[3]);
	snprintf(part[4], sizeof part[4], P_("%zu resume", "%zu resumes", resumes), resumes);
	snprintf(text, sizeof text, _("Arbiter's interventions: %s, %s, %s, %s, %s."), part[0], part[1], part[2], part[3],
	         part[4]);
	fn(ctx, -1, text);
	lines++;
	size_t *stack = malloc((count ? count : 1) * sizeof *stack), depth = 0;
	for (size_t i = 0; i <= count; i++) {
		/* A resume right after the pause it recorded. */
		for (; r < resumes && (i == count || cc_session_resume_at(session, r)->event_seq < i); r++) {
			const cc_session_resume_entry *e = cc_session_resume_at(session, r);
			cc_session_describe_resume(lang, e, s, text, sizeof text);
			with_time_of_day(session, e->event_seq, e->resumed_t_ms, text, sizeof text);
			fn(ctx, e->resumed_t_ms, text);
			lines++;
		}
		if (i == count)
			break;
		cc_match_event_at(match, i, &ev);
		if (is_intervention(&ev)) {
			intervention_text(lang, match, &ev, stack, depth, text, sizeof text);
			with_time_of_day(session, i, ev.t_ms, text, sizeof text);
			fn(ctx, ev.t_ms, text);
			lines++;
		}
		if (stack && ev.kind == CC_EV_UNDO && depth > 0)
			depth--;
		else if (stack && undoable(&ev))
			stack[depth++] = i;
	}
	free(stack);
	return lines;
}

/* The report's listing: the heading, then each line under its time. */
static void write_intervention(void *ctx, int64_t t_ms, const char *text)
{
	const report_out *r = ctx;
	char at[16];
	if (t_ms < 0) {
		fprintf(r->out, "%s\n", text);
		return;
	}
	cc_time_format_ms(t_ms, at, sizeof at);
	cc_session_decimal_local(r->lang, at);
	fprintf(r->out, "  %9s  %s\n", at, text);
}

/* RE-10.1 (issue 35 item 6): every solve time the match stands on (the
 * history: an undone one left out) and where it came from, timer or
 * typed, on one line of the summary; nothing for a match without one. */
static void write_solve_times(const cc_lang *lang, FILE *out, const cc_match *match)
{
	const cc_match_settings *s = cc_match_settings_of(match);
	char list[2048] = "", what[CC_TEXT_MAX + 96];
	size_t len = 0;
	cc_event ev;
	for (size_t i = 0; i < cc_match_history_count(match); i++) {
		if (!cc_match_history_at(match, i, &ev) || ev.kind != CC_EV_CUBE)
			continue;
		cc_session_describe_event(lang, &ev, s, what, sizeof what);
		len = cc_session_describe_append(list, sizeof list, len, len ? _("; %s") : "%s", what);
	}
	if (len)
		fprintf(out, _("Solve times: %s.\n"), list);
}

int cc_session_write_report(const cc_lang *lang, FILE *out, cc_session *session, bool sheet, bool events)
{
	const cc_match *match = cc_session_match(session);
	const cc_match_settings *s = cc_match_settings_of(match);
	cc_match_view v;
	char text[1024];
	if (cc_game_class_of_match(match)->traits & CC_GAME_DEALT)
		return cc_session_write_uno_report(lang, out, session, events);
	cc_match_view_at(match, cc_match_last_time(match), &v);
	write_header(lang, out, session, &v);
	if (sheet && cc_session_sheet(session)[0])
		write_sheet(lang, out, s->seed, cc_session_sheet(session));
	for (size_t i = 0; i < cc_match_block_count(match); i++) {
		cc_session_describe_block(lang, cc_match_block_at(match, i), s, text, sizeof text);
		fprintf(out, "%s\n", text);
	}
	bool ended_in_block = v.over && v.block_started;
	char counts[256];
	cc_session_describe_move_counts(lang, cc_game_has(s->format, CC_GAME_BLOCKS), s->white, v.moves[0], s->black,
	                                v.moves[1], counts, sizeof counts);
	if (!cc_game_has(s->format, CC_GAME_BLOCKS))
		fprintf(out, v.over ? _("%s; final position %s\n") : _("%s; position %s\n"), counts, v.fen);
	else if (v.phase == CC_PHASE_BLOCK || v.phase == CC_PHASE_CUBE || ended_in_block)
		fprintf(out, _("Block %d: %s; %s.\n"), v.block,
		        ended_in_block           ? _("the match ended in it")
		        : v.phase == CC_PHASE_CUBE ? _("cube phase")
		                                   : _("under way"),
		        counts);
	write_solve_times(lang, out, match);
	if (v.has_chess_clocks) {
		/* In tenths, as the header above and every screen show them. */
		char w[32], b[32];
		cc_time_format_ms(v.clock_ms[CC_SIDE_WHITE], w, sizeof w);
		cc_time_format_ms(v.clock_ms[CC_SIDE_BLACK], b, sizeof b);
		cc_session_decimal_local(lang, w);
		cc_session_decimal_local(lang, b);
		fprintf(out, _("Clocks at the last event: %s %s, %s %s.\n"), s->white, w, s->black, b);
	}
	report_out listing = {out, lang};
	cc_session_interventions(lang, session, write_intervention, &listing);
	if (events && write_event_log(lang, out, match) != 0)
		return -1;
	return ferror(out) ? -1 : 0;
}

/*
 * The scoresheet of moves recording, as the players keep theirs: a
 * heading per block, then one numbered line per move pair, White's and
 * Black's. The plies alternate (RU-21: a lost move or a handed-over turn
 * is a pass), so line n holds plies 2n and 2n+1, a block starting with
 * Black leaving White's column of its first line empty.
 */
typedef struct {
	size_t lines;
	size_t want;    /* the line asked for */
	char *buf;      /* where it goes (NULL: only count) */
	size_t size;
} sheet_walk;

static void sheet_ply_text(const cc_lang *lang, const cc_match_ply *p, char *buf, size_t size)
{
	char san[CC_CHESS_SAN_MAX + 8];
	switch (p->kind) {
	case CC_PLY_MOVE:
		cc_session_san_local(lang, p->san, buf, size);
		return;
	case CC_PLY_FREE:
		cc_session_san_local(lang, p->san, san, sizeof san);
		snprintf(buf, size, _("%s (free)"), san);
		return;
	case CC_PLY_LOST:
		snprintf(buf, size, "%s", _("-- (lost)"));
		return;
	case CC_PLY_PASS:
		snprintf(buf, size, "--");
		return;
	}
}

static void sheet_emit(sheet_walk *w, const char *text)
{
	if (w->buf && w->lines == w->want)
		snprintf(w->buf, w->size, "%s", text);
	w->lines++;
}

static void sheet_walk_plies(const cc_lang *lang, const cc_match *m, sheet_walk *w)
{
	size_t n = cc_match_ply_count(m);
	int block = 0;
	for (size_t i = 0; i < n; i++) {
		const cc_match_ply *p = cc_match_ply_at(m, i);
		const cc_match_ply *next = i + 1 < n ? cc_match_ply_at(m, i + 1) : NULL;
		char line[128], a[CC_CHESS_SAN_MAX + 32] = "", b[CC_CHESS_SAN_MAX + 32] = "";
		if (p->block != block && cc_game_has(cc_match_settings_of(m)->format, CC_GAME_BLOCKS)) {
			block = p->block;
			snprintf(line, sizeof line, _("Block %d"), block);
			sheet_emit(w, line);
		}
		size_t number = i / 2 + 1;
		if (p->side == CC_SIDE_WHITE) {
			sheet_ply_text(lang, p, a, sizeof a);
			if (next && next->side == CC_SIDE_BLACK && next->block == p->block) {
				sheet_ply_text(lang, next, b, sizeof b);
				i++;
			}
		} else {
			snprintf(a, sizeof a, "...");
			sheet_ply_text(lang, p, b, sizeof b);
		}
		snprintf(line, sizeof line, "%4zu. %-16s %s", number, a, b);
		sheet_emit(w, line);
	}
}

size_t cc_session_scoresheet_lines(const cc_match *match)
{
	sheet_walk w = {0, 0, NULL, 0};
	sheet_walk_plies(NULL, match, &w); /* counted, not said */
	return w.lines;
}

void cc_session_scoresheet_line(const cc_lang *lang, const cc_match *match, size_t index, char *buf, size_t size)
{
	sheet_walk w = {0, index, buf, size};
	buf[0] = '\0';
	sheet_walk_plies(lang, match, &w);
}
