/*
 * report.c: the arbiter's report. The event log is rebuilt by replaying the
 * events through a fresh match, so what time did by itself (lost moves,
 * block ends) is told where it happened, exactly as the console saw it.
 */
#include "report.h"

#include "sheet.h"

#include <stdlib.h>
#include <string.h>

static const char *name_of(const cc_match_settings *s, cc_side side)
{
	return side == CC_SIDE_WHITE ? s->white : s->black;
}

void cc_app_describe_event(const cc_event *ev, const cc_match_settings *s, char *buf, size_t size)
{
	const char *name = name_of(s, ev->side);
	char solve[16];
	switch (ev->kind) {
	case CC_EV_START:
		snprintf(buf, size, "arbiter starts the block");
		return;
	case CC_EV_MOVE:
		if (ev->text[0])
			snprintf(buf, size, "%s plays %s", name, ev->text);
		else
			snprintf(buf, size, "%s moves%s", name, ev->gives_check ? ", check" : "");
		return;
	case CC_EV_MATE:
		snprintf(buf, size, "arbiter declares mate");
		return;
	case CC_EV_CUBE:
		cc_time_format_cs(ev->cube_cs, solve, sizeof solve);
		snprintf(buf, size, "%s solves in %s", name, solve);
		return;
	case CC_EV_PAUSE:
		snprintf(buf, size, "pause");
		return;
	case CC_EV_RESUME:
		snprintf(buf, size, "resume");
		return;
	case CC_EV_RESIGN:
		snprintf(buf, size, "%s resigns", name);
		return;
	case CC_EV_ARBITER:
		snprintf(buf, size, "arbiter decision (%s): %s",
		         ev->winner == CC_WINNER_NONE ? "no winner" : ev->winner == CC_WINNER_WHITE ? s->white : s->black,
		         ev->text);
		return;
	case CC_EV_UNDO:
		snprintf(buf, size, "undo");
		return;
	case CC_EV_TICK:
		snprintf(buf, size, "(time passes)");
		return;
	}
	buf[0] = '\0';
}

void cc_app_describe_result(const cc_match_view *v, const cc_match_settings *s, char *buf, size_t size)
{
	if (!v->over) {
		snprintf(buf, size, "in progress");
		return;
	}
	const char *who = v->winner == CC_WINNER_WHITE ? s->white : v->winner == CC_WINNER_BLACK ? s->black : NULL;
	switch (v->reason) {
	case CC_REASON_CHECKMATE:
		snprintf(buf, size, "%s wins by checkmate", who ? who : "?");
		return;
	case CC_REASON_RESIGNATION:
		snprintf(buf, size, "%s wins by resignation", who ? who : "?");
		return;
	case CC_REASON_ARBITER:
		if (who)
			snprintf(buf, size, "%s wins by arbiter decision: %s", who, v->reason_text);
		else
			snprintf(buf, size, "no winner, by arbiter decision: %s", v->reason_text);
		return;
	}
}

const char *cc_app_result_code(const cc_match_view *v)
{
	if (!v->over)
		return "*";
	switch (v->winner) {
	case CC_WINNER_WHITE:
		return "1-0";
	case CC_WINNER_BLACK:
		return "0-1";
	case CC_WINNER_NONE:
		break;
	}
	return "1/2-1/2";
}

static void write_block(FILE *out, const cc_block_summary *b, const cc_match_settings *s)
{
	char w[16], k[16];
	cc_time_format_cs(b->cube_cs[0], w, sizeof w);
	cc_time_format_cs(b->cube_cs[1], k, sizeof k);
	fprintf(out, "Block %d: %s started%s; ended %s.\n", b->block, name_of(s, b->starter),
	        b->had_double_move ? " with a double move" : "",
	        b->end == CC_BLOCK_END_TIME ? "after 180 s" : "on the quotas");
	for (int side = 0; side < 2; side++)
		fprintf(out, "  %-20s %2d counted (%d lost), %d outside the quota\n", name_of(s, (cc_side)side),
		        b->moves[side], b->lost[side], b->extra[side]);
	fprintf(out, "  Cube %d%s: %s %s, %s %s", b->cube_number,
	        b->replays ? " (after a replayed tie)" : "", s->white, w, s->black, k);
	if (s->format == CC_FORMAT_TWICE) {
		fprintf(out, " -> %s starts the next block\n", b->cube_winner == CC_WINNER_WHITE ? s->white : s->black);
	} else {
		char a[16], c[16];
		cc_time_format_ms(b->adjust_ms[0], a, sizeof a);
		cc_time_format_ms(b->adjust_ms[1], c, sizeof c);
		fprintf(out, " -> clocks %s%s (%s), %s%s (%s)\n", b->adjust_ms[0] >= 0 ? "+" : "", a, s->white,
		        b->adjust_ms[1] >= 0 ? "+" : "", c, s->black);
	}
}

/* What changed between two views of one match: by time alone (from the
 * last event to the next one) or through an event's consequences. */
static void write_changes(FILE *out, const cc_match_view *before, const cc_match_view *after,
                          const cc_match_settings *s)
{
	char w[16], b[16];
	if (after->block == before->block && before->phase == CC_PHASE_BLOCK) {
		for (int side = 0; side < 2; side++)
			if (after->lost[side] > before->lost[side])
				fprintf(out, "             %s's 20 s ran out: move lost\n", name_of(s, (cc_side)side));
		if (before->double_move == CC_DOUBLE_FREE && after->double_move == CC_DOUBLE_NONE &&
		    after->moves[0] + after->moves[1] == before->moves[0] + before->moves[1])
			fprintf(out, "             the free move ran over 20 s: the double move is lost\n");
	}
	if (before->phase == CC_PHASE_BLOCK && after->phase == CC_PHASE_CUBE)
		fprintf(out, "             block %d over (%s); cube phase with cube %d\n", before->block,
		        after->block_ms_left == 0 ? "time" : "quotas", after->cube_number);
	if (before->phase == CC_PHASE_CUBE && after->phase == CC_PHASE_CUBE && after->cube_attempt > before->cube_attempt)
		fprintf(out, "             exact tie: the cube phase is replayed with cube %d\n", after->cube_number);
	if (before->phase == CC_PHASE_CUBE && after->phase == CC_PHASE_BLOCK) {
		cc_time_format_ms(after->last_cube.adjust_ms[0], w, sizeof w);
		cc_time_format_ms(after->last_cube.adjust_ms[1], b, sizeof b);
		if (s->format == CC_FORMAT_TWICE)
			fprintf(out, "             %s wins the cube phase and starts block %d%s\n", name_of(s, after->to_move),
			        after->block, after->double_move == CC_DOUBLE_FREE ? " with a double move" : "");
		else
			fprintf(out, "             clocks adjusted: %s %s%s, %s %s%s; block %d starts\n", s->white,
			        after->last_cube.adjust_ms[0] >= 0 ? "+" : "", w, s->black,
			        after->last_cube.adjust_ms[1] >= 0 ? "+" : "", b, after->block);
	}
}

static void write_event_log(FILE *out, const cc_match *match)
{
	const cc_match_settings *s = cc_match_settings_of(match);
	size_t count = cc_match_event_count(match);
	size_t *undoable = malloc((count + 1) * sizeof *undoable);
	size_t depth = 0;
	cc_match *replay = NULL;
	if (!undoable || cc_match_create(&replay, s, NULL) != CC_OK) {
		free(undoable);
		fprintf(out, "(out of memory: no event log)\n");
		return;
	}
	fprintf(out, "\nEvents:\n");
	for (size_t i = 0; i < count; i++) {
		const cc_event *ev = cc_match_event_at(match, i);
		cc_match_view at_last, at_event, after;
		char what[CC_TEXT_MAX + 96], at[16], undone[CC_TEXT_MAX + 64];
		cc_match_view_at(replay, cc_match_last_time(replay), &at_last);
		cc_match_view_at(replay, ev->t_ms, &at_event);
		write_changes(out, &at_last, &at_event, s);
		cc_match_apply(replay, ev, NULL);
		cc_match_view_at(replay, ev->t_ms, &after);
		cc_app_describe_event(ev, s, what, sizeof what);
		cc_time_format_ms(ev->t_ms, at, sizeof at);
		if (ev->kind == CC_EV_UNDO && depth > 0) {
			cc_app_describe_event(cc_match_event_at(match, undoable[--depth]), s, undone, sizeof undone);
			fprintf(out, "  %9s  undo: takes back \"%s\"\n", at, undone);
			continue;
		}
		if (ev->kind != CC_EV_TICK && ev->kind != CC_EV_UNDO)
			undoable[depth++] = i;
		fprintf(out, "  %9s  %s\n", at, what);
		write_changes(out, &at_event, &after, s);
	}
	free(undoable);
	cc_match_destroy(replay);
}

static void write_sheet(FILE *out, const char *sheet)
{
	fprintf(out, "Scramble sheet (apply each to both players' cubes under its number):\n");
	for (int n = 1; n <= 4; n++) {
		char line[CC_TEXT_MAX * 4];
		cc_app_sheet_line(sheet, n, line, sizeof line);
		fprintf(out, "  Cube %d: %s\n", n, line);
	}
	fputc('\n', out);
}

int cc_app_write_report(FILE *out, const cc_match *match, int64_t match_id, const char *created_utc,
                        const char *sheet, bool events)
{
	const cc_match_settings *s = cc_match_settings_of(match);
	cc_match_view v;
	char result[CC_TEXT_MAX + 64];
	cc_match_view_at(match, cc_match_last_time(match), &v);
	cc_app_describe_result(&v, s, result, sizeof result);
	fprintf(out, "ChessCubing %s, %s (quota %d)", s->format == CC_FORMAT_TWICE ? "Twice V2" : "Time V1",
	        cc_category_name(s->category), v.quota);
	if (match_id > 0)
		fprintf(out, ", match %lld", (long long)match_id);
	if (created_utc && created_utc[0])
		fprintf(out, ", created %s", created_utc);
	fprintf(out, "\nWhite: %s\nBlack: %s\nResult: %s (%s)\n\n", s->white, s->black, result, cc_app_result_code(&v));
	if (sheet)
		write_sheet(out, sheet);
	for (size_t i = 0; i < cc_match_block_count(match); i++)
		write_block(out, cc_match_block_at(match, i), s);
	bool ended_in_block = v.over && v.block_started;
	if (v.phase == CC_PHASE_BLOCK || v.phase == CC_PHASE_CUBE || ended_in_block)
		fprintf(out, "Block %d: %s; %s %d, %s %d counted moves.\n", v.block,
		        ended_in_block ? "the match ended in it" : v.phase == CC_PHASE_CUBE ? "cube phase" : "under way",
		        s->white, v.moves[0], s->black, v.moves[1]);
	if (events)
		write_event_log(out, match);
	return ferror(out) ? -1 : 0;
}
