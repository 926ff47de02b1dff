/*
 * describe.c: the one text renderer (session_describe.h). The event log of the
 * report is rebuilt by replaying the events through a fresh match, so what
 * time did by itself (lost moves, block ends) is told where it happened,
 * exactly as the console saw it.
 */
#include "chesscubing/session_describe.h"

#include <libintl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/cube.h"

#define _(s) dgettext("chesscubing", s)
#define N_(s) (s)

static const char *name_of(const cc_match_settings *s, cc_side side)
{
	return side == CC_SIDE_WHITE ? s->white : s->black;
}

static const char *winner_name(const cc_match_settings *s, cc_winner winner)
{
	return winner == CC_WINNER_WHITE ? s->white : winner == CC_WINNER_BLACK ? s->black : NULL;
}

/* A solve time with the language's decimal separator (a translated ".":
 * French "23,45"); the records and exports, written without a language,
 * keep "23.45". */
static void localize_decimal(char *buf)
{
	const char *sep = _(".");
	char *dot;
	if (sep[0] && sep[0] != '.' && !sep[1] && (dot = strrchr(buf, '.')) != NULL)
		*dot = sep[0];
}

void cc_session_decimal_local(char *buf)
{
	localize_decimal(buf);
}

static void solve_text(int32_t cs, char *buf, size_t size)
{
	cc_time_format_cs(cs, buf, size);
	localize_decimal(buf);
}

static const char *side_label(cc_side side)
{
	return side == CC_SIDE_WHITE ? _("White") : _("Black");
}

size_t cc_session_describe_append(char *buf, size_t size, size_t len, const char *fmt, ...)
{
	va_list ap;
	if (len + 1 >= size)
		return len;
	va_start(ap, fmt);
	int n = vsnprintf(buf + len, size - len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return len;
	if ((size_t)n >= size - len) {
		/* Cut: never leave half a UTF8 character at the end. */
		size_t end = size - 1;
		while (end > len && ((unsigned char)buf[end - 1] & 0xC0) == 0x80)
			end--;
		if (end > len && ((unsigned char)buf[end - 1] & 0xC0) == 0xC0)
			end--;
		buf[end] = '\0';
		return end;
	}
	return len + (size_t)n;
}

/* A clock to the hundredth, as an arbiter reads it: "5:00.00", "-0:01.50";
 * with sign, "+" too for a change. */
static void clock_text(int64_t ms, bool sign, char *buf, size_t size)
{
	int64_t cs = (ms < 0 ? -ms : ms) / 10;
	snprintf(buf, size, "%s%lld:%02lld.%02lld", ms < 0 ? "-" : sign ? "+" : "", (long long)(cs / 6000),
	         (long long)(cs / 100 % 60), (long long)(cs % 100));
}

/* A correction's value: "2:31.50", "+0:20.00", "-1", "3". */
static void correction_value(const cc_event *ev, char *buf, size_t size)
{
	bool count = ev->target == CC_CORRECT_MOVES || ev->target == CC_CORRECT_LOST;
	if (count)
		snprintf(buf, size, ev->relative ? "%+lld" : "%lld", (long long)ev->amount);
	else
		clock_text(ev->amount, ev->relative, buf, size);
}

static void describe_correction(const cc_event *ev, const cc_match_settings *s, char *buf, size_t size)
{
	char value[48];
	const char *name = name_of(s, ev->side);
	correction_value(ev, value, sizeof value);
	const char *how = ev->relative ? _("changes") : _("sets");
	size_t len = 0;
	switch (ev->target) {
	case CC_CORRECT_BLOCK:
		len = cc_session_describe_append(buf, size, 0, _("arbiter %s the block's time left: %s"), how, value);
		break;
	case CC_CORRECT_MOVE_CLOCK:
		len = cc_session_describe_append(buf, size, 0, _("arbiter %s the move clock: %s"), how, value);
		break;
	case CC_CORRECT_CLOCK:
		len = cc_session_describe_append(buf, size, 0, _("arbiter %s %s's clock: %s"), how, name, value);
		break;
	case CC_CORRECT_MOVES:
		len = cc_session_describe_append(buf, size, 0, _("arbiter %s %s's moves used: %s"), how, name, value);
		break;
	case CC_CORRECT_LOST:
		len = cc_session_describe_append(buf, size, 0, _("arbiter %s %s's moves lost: %s"), how, name, value);
		break;
	case CC_CORRECT_TO_MOVE:
		len = cc_session_describe_append(buf, size, 0, _("arbiter gives the move to %s"), name);
		break;
	}
	cc_session_describe_append(buf, size, len, " (%s)", ev->text);
}

/* Chess-Uno's own events. The side is an army, not a player: after an
 * Inversion the player who holds it is another one (rules/chess-uno.md). */
static void describe_uno_event(const cc_event *ev, char *buf, size_t size)
{
	const char *army = ev->side == CC_SIDE_WHITE ? _("White's army") : _("Black's army");
	switch (ev->kind) {
	case CC_EV_CARD: {
		char card[64];
		cc_session_uno_card_text(ev->text[0] && strcmp(ev->text, "none") != 0 ? atoi(ev->text) : CC_UNO_NO_CARD,
		                         card, sizeof card);
		cc_session_describe_append(buf, size, 0, ev->text[0] ? _("%s draws %s") : _("%s draws a card"), army, card);
		return;
	}
	case CC_EV_PLACE:
		cc_session_describe_append(buf, size, 0, _("%s puts a recovered pawn on %s"), army, ev->text);
		return;
	case CC_EV_STOP:
		cc_session_describe_append(buf, size, 0, _("%s ends its series"), army);
		return;
	case CC_EV_START:
	case CC_EV_MOVE:
	case CC_EV_MATE:
	case CC_EV_CUBE:
	case CC_EV_PAUSE:
	case CC_EV_RESUME:
	case CC_EV_RESIGN:
	case CC_EV_ARBITER:
	case CC_EV_UNDO:
	case CC_EV_TICK:
	case CC_EV_CORRECT:
	case CC_EV_IN_TIME:
	case CC_EV_CLAIM:
	case CC_EV_DRAW:
		break;
	}
}

void cc_session_describe_event(const cc_event *ev, const cc_match_settings *s, char *buf, size_t size)
{
	const char *name = name_of(s, ev->side);
	char solve[16];
	buf[0] = '\0';
	switch (ev->kind) {
	case CC_EV_START:
		cc_session_describe_append(buf, size, 0, "%s",
		       cc_game_has(s->format, CC_GAME_TIME_CONTROL) ? _("arbiter starts the clocks") : _("arbiter starts the block"));
		return;
	case CC_EV_MOVE:
		if (ev->text[0]) {
			char san[CC_TEXT_MAX];
			cc_session_san_local(ev->text, san, sizeof san);
			cc_session_describe_append(buf, size, 0, _("%s plays %s"), name, san);
		}
		else if (ev->gives_check)
			cc_session_describe_append(buf, size, 0, _("%s moves, check"), name);
		else
			cc_session_describe_append(buf, size, 0, _("%s moves"), name);
		return;
	case CC_EV_MATE:
		cc_session_describe_append(buf, size, 0, "%s", _("arbiter declares mate"));
		return;
	case CC_EV_CUBE:
		solve_text(ev->cube_cs, solve, sizeof solve);
		cc_session_describe_append(buf, size, 0, _("%s solves in %s"), name, solve);
		return;
	case CC_EV_PAUSE:
		cc_session_describe_append(buf, size, 0, "%s", _("pause"));
		return;
	case CC_EV_RESUME:
		cc_session_describe_append(buf, size, 0, "%s", _("resume"));
		return;
	case CC_EV_RESIGN:
		cc_session_describe_append(buf, size, 0, _("%s resigns"), name);
		return;
	case CC_EV_ARBITER:
		if (ev->winner == CC_WINNER_NONE)
			cc_session_describe_append(buf, size, 0, _("arbiter decision (no winner): %s"), ev->text);
		else
			cc_session_describe_append(buf, size, 0, _("arbiter decision (%s wins): %s"), winner_name(s, ev->winner), ev->text);
		return;
	case CC_EV_UNDO:
		cc_session_describe_append(buf, size, 0, "%s", _("undo"));
		return;
	case CC_EV_TICK:
		cc_session_describe_append(buf, size, 0, "%s", _("(time passes)"));
		return;
	case CC_EV_CORRECT:
		describe_correction(ev, s, buf, size);
		return;
	case CC_EV_IN_TIME:
		if (ev->text[0])
			cc_session_describe_append(buf, size, 0, _("arbiter: %s's %s was played in time"), name, ev->text);
		else
			cc_session_describe_append(buf, size, 0, _("arbiter: %s's move lost on time was played in time"), name);
		return;
	case CC_EV_CLAIM:
		if (strcmp(ev->text, "threefold") == 0)
			cc_session_describe_append(buf, size, 0, _("%s claims a draw by threefold repetition"), name);
		else if (strcmp(ev->text, "fifty") == 0)
			cc_session_describe_append(buf, size, 0, _("%s claims a draw by the 50-move rule"), name);
		else
			cc_session_describe_append(buf, size, 0, _("%s claims a draw (%s)"), name, ev->text);
		return;
	case CC_EV_DRAW:
		cc_session_describe_append(buf, size, 0, "%s", _("the players agree a draw"));
		return;
	case CC_EV_CARD:
	case CC_EV_PLACE:
	case CC_EV_STOP:
		describe_uno_event(ev, buf, size);
		return;
	}
}

bool cc_session_format_is_game(cc_format format)
{
	return cc_game_has(format, CC_GAME_SINGLE);
}

const char *cc_session_reason_text(cc_end_reason reason)
{
	switch (reason) {
	case CC_REASON_CHECKMATE:
		return _("checkmate");
	case CC_REASON_RESIGNATION:
		return _("resignation");
	case CC_REASON_ARBITER:
		return _("arbiter decision");
	case CC_REASON_STALEMATE:
		return _("stalemate");
	case CC_REASON_DEAD:
		return _("insufficient material");
	case CC_REASON_THREEFOLD:
		return _("threefold repetition");
	case CC_REASON_FIFTY:
		return _("the 50-move rule");
	case CC_REASON_FIVEFOLD:
		return _("fivefold repetition");
	case CC_REASON_SEVENTY_FIVE:
		return _("the 75-move rule");
	case CC_REASON_TIME:
		return _("time");
	case CC_REASON_TIME_DRAW:
		return _("time, against a player who cannot mate");
	case CC_REASON_AGREEMENT:
		return _("agreement");
	case CC_REASON_KING_CAPTURE:
		return _("king capture");
	case CC_REASON_NO_MOVE:
		return _("turns without a piece moved");
	}
	return "?";
}

void cc_session_describe_result(const cc_match_view *v, const cc_match_settings *s, char *buf, size_t size)
{
	const char *who = winner_name(s, v->winner);
	buf[0] = '\0';
	if (!v->over)
		cc_session_describe_append(buf, size, 0, "%s", _("in progress"));
	else if (v->reason == CC_REASON_ARBITER && !who)
		cc_session_describe_append(buf, size, 0, _("no winner, by arbiter decision: %s"), v->reason_text);
	else if (v->reason == CC_REASON_ARBITER)
		cc_session_describe_append(buf, size, 0, _("%s wins by arbiter decision: %s"), who, v->reason_text);
	else if (v->reason == CC_REASON_TIME_DRAW)
		cc_session_describe_append(buf, size, 0, _("draw: %s's flag fell, but %s cannot mate by any series of legal moves"),
		       name_of(s, v->flagged[CC_SIDE_WHITE] ? CC_SIDE_WHITE : CC_SIDE_BLACK),
		       name_of(s, v->flagged[CC_SIDE_WHITE] ? CC_SIDE_BLACK : CC_SIDE_WHITE));
	else if (v->reason == CC_REASON_TIME && who)
		cc_session_describe_append(buf, size, 0, _("%s wins on time"), who);
	else if (!who)
		cc_session_describe_append(buf, size, 0, _("draw by %s"), cc_session_reason_text(v->reason));
	else
		cc_session_describe_append(buf, size, 0, _("%s wins by %s"), who ? who : "?", cc_session_reason_text(v->reason));
}

void cc_session_time_control(const cc_match_settings *s, char *buf, size_t size)
{
	if (s->tc_base_ms <= 0)
		snprintf(buf, size, "%s", _("none"));
	else
		snprintf(buf, size, "%lld+%lld", (long long)(s->tc_base_ms / 60000),
		         (long long)(s->tc_increment_ms / 1000));
}

const char *cc_session_result_code(bool over, cc_winner winner)
{
	if (!over)
		return "*";
	switch (winner) {
	case CC_WINNER_WHITE:
		return "1-0";
	case CC_WINNER_BLACK:
		return "0-1";
	case CC_WINNER_NONE:
		break;
	}
	return "1/2-1/2";
}

/* A clock change in seconds with its sign, "-35.00 s". */
static void signed_seconds(int64_t ms, char *buf, size_t size)
{
	snprintf(buf, size, "%s%.2f s", ms >= 0 ? "+" : "-", (double)(ms >= 0 ? ms : -ms) / 1000.0);
	localize_decimal(buf);
}

void cc_session_describe_cube(const cc_block_summary *b, const cc_match_settings *s, char *buf, size_t size)
{
	char w[16], k[16], aw[32], ak[32];
	size_t len;
	solve_text(b->cube_cs[CC_SIDE_WHITE], w, sizeof w);
	solve_text(b->cube_cs[CC_SIDE_BLACK], k, sizeof k);
	buf[0] = '\0';
	if (b->cube_winner != CC_WINNER_NONE) {
		cc_session_describe_append(buf, size, 0, _("Cube %d: %s won (White %s, Black %s)."), b->cube_number,
		       winner_name(s, b->cube_winner), w, k);
		return;
	}
	signed_seconds(b->adjust_ms[CC_SIDE_WHITE], aw, sizeof aw);
	signed_seconds(b->adjust_ms[CC_SIDE_BLACK], ak, sizeof ak);
	len = cc_session_describe_append(buf, size, 0, _("Cube %d: White %s, Black %s. Clocks: White %s, Black %s."), b->cube_number, w,
	             k, aw, ak);
	for (int side = 0; side < 2; side++)
		if (b->capped[side])
			len = cc_session_describe_append(buf, size, len, _(" %s's %s counts as 120 s (cap)."), side_label((cc_side)side),
			             side == CC_SIDE_WHITE ? w : k);
}

void cc_session_describe_block(const cc_block_summary *b, const cc_match_settings *s, char *buf, size_t size)
{
	char cube[256];
	size_t len = 0;
	buf[0] = '\0';
	if (b->had_double_move)
		len = cc_session_describe_append(buf, size, len, _("Block %d: %s started with a double move; "), b->block,
		             name_of(s, b->starter));
	else
		len = cc_session_describe_append(buf, size, len, _("Block %d: %s started; "), b->block, name_of(s, b->starter));
	len = cc_session_describe_append(buf, size, len, "%s",
	             b->end == CC_BLOCK_END_TIME ? _("ended after 180 s.") : _("ended on the quotas."));
	for (int side = 0; side < 2; side++) {
		/* Time has no move clock: "(0 lost)" would only be clutter. */
		if (!cc_game_has(s->format, CC_GAME_MOVE_CLOCK))
			len = cc_session_describe_append(buf, size, len, _(" %s %d counted"), name_of(s, (cc_side)side), b->moves[side]);
		else
			len = cc_session_describe_append(buf, size, len, _(" %s %d counted (%d lost)"), name_of(s, (cc_side)side),
			             b->moves[side], b->lost[side]);
		if (b->extra[side])
			len = cc_session_describe_append(buf, size, len, _(", %d outside the quota"), b->extra[side]);
		len = cc_session_describe_append(buf, size, len, "%s", side == CC_SIDE_WHITE ? ";" : ".");
	}
	if (b->replays == 1)
		len = cc_session_describe_append(buf, size, len, "%s", _(" After a tie:"));
	else if (b->replays > 1)
		len = cc_session_describe_append(buf, size, len, _(" After %d ties:"), b->replays);
	cc_session_describe_cube(b, s, cube, sizeof cube);
	cc_session_describe_append(buf, size, len, " %s", cube);
}

void cc_session_describe_changes(const cc_match_view *before, const cc_match_view *after,
                                 const cc_match_settings *s, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	if (after->block == before->block && before->phase == CC_PHASE_BLOCK) {
		for (int side = 0; side < 2; side++)
			if (after->lost[side] > before->lost[side])
				len = cc_session_describe_append(buf, size, len, _("%s%s's 20 s ran out: move lost, counted %d/%d"), len ? "\n" : "",
				             name_of(s, (cc_side)side), after->moves[side], after->quota);
		if (before->double_move == CC_DOUBLE_FREE && after->double_move == CC_DOUBLE_NONE &&
		    after->moves[0] + after->moves[1] == before->moves[0] + before->moves[1])
			len = cc_session_describe_append(buf, size, len, "%s%s", len ? "\n" : "",
			             _("the free move ran over 20 s: the double move is lost"));
	}
	for (int side = 0; side < 2; side++)
		if (after->flagged[side] && !before->flagged[side] && after->phase == before->phase)
			len = cc_session_describe_append(buf, size, len, _("%s%s's clock is below zero: play goes on, the arbiter decides"),
			             len ? "\n" : "", name_of(s, (cc_side)side));
	if (before->phase == CC_PHASE_BLOCK && after->phase == CC_PHASE_CUBE)
		len = cc_session_describe_append(buf, size, len,
		             after->block_end == CC_BLOCK_END_TIME ? _("%s180 s: block %d over (time); cube phase with cube %d")
		                                                   : _("%sblock %d over (quotas); cube phase with cube %d"),
		             len ? "\n" : "", before->block, after->cube_number);
	if (before->phase == CC_PHASE_CUBE && after->phase == CC_PHASE_CUBE && after->cube_attempt > before->cube_attempt)
		len = cc_session_describe_append(buf, size, len, _("%sexact tie: the cube phase is replayed with cube %d"), len ? "\n" : "",
		             after->cube_number);
	/* A chess game ends by itself on the board or the clock: say so where it happens. */
	if (cc_game_has(s->format, CC_GAME_FIDE) && !before->over && after->over && after->reason != CC_REASON_RESIGNATION &&
	    after->reason != CC_REASON_ARBITER && after->reason != CC_REASON_AGREEMENT) {
		char result[CC_TEXT_MAX + 96];
		cc_session_describe_result(after, s, result, sizeof result);
		if (after->reason == CC_REASON_TIME)
			len = cc_session_describe_append(buf, size, len, _("%s%s's flag fell: game over, %s"), len ? "\n" : "",
			             name_of(s, after->flagged[CC_SIDE_WHITE] ? CC_SIDE_WHITE : CC_SIDE_BLACK), result);
		else
			len = cc_session_describe_append(buf, size, len, _("%sgame over: %s"), len ? "\n" : "", result);
	}
	/* RU-28: an undo that takes back a flag fall stops the clocks there. */
	if (cc_game_has(s->format, CC_GAME_FIDE) && before->over && !after->over && after->paused &&
	    after->has_chess_clocks && after->clock_ms[after->to_move] <= 0)
		len = cc_session_describe_append(buf, size, len, _("%sthe flag fall is taken back: the game is paused where it fell, %s's clock "
		                               "at zero"),
		             len ? "\n" : "", name_of(s, after->to_move));
	if (before->phase == CC_PHASE_CUBE && after->phase == CC_PHASE_BLOCK && after->has_last_cube) {
		char cube[256];
		cc_session_describe_cube(&after->last_cube, s, cube, sizeof cube);
		len = cc_session_describe_append(buf, size, len, _("%s%s Block %d is next."), len ? "\n" : "", cube, after->block);
	}
}

const char *cc_session_tier_text(double rating)
{
	switch (cc_club_tier_of(rating)) {
	case CC_CLUB_TIER_BRONZE:
		return _("bronze");
	case CC_CLUB_TIER_SILVER:
		return _("silver");
	case CC_CLUB_TIER_GOLD:
		return _("gold");
	case CC_CLUB_TIER_PLATINUM:
		return _("platinum");
	case CC_CLUB_TIER_DIAMOND:
		return _("diamond");
	}
	return "?";
}

void cc_session_describe_rating(const char *name, double before, double after, char *buf, size_t size)
{
	char change[32];
	snprintf(change, sizeof change, "%+.1f", after - before);
	localize_decimal(change);
	snprintf(buf, size, _("%s %ld -> %ld (%s, %s)"), name, cc_club_shown(before), cc_club_shown(after), change,
	         cc_session_tier_text(after));
}

void cc_session_describe_club(const cc_session_match_club *club, const cc_match_settings *s, char *buf,
                              size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	if (club->in_event)
		len = cc_session_describe_append(buf, size, len, _("Event: %s, round %u\n"), club->event, club->round);
	/* Chess-Uno and the chess game have their own rating lists (CL-2.10), named. */
	cc_club_list list = cc_game_class_of(s->format)->rating_list;
	bool uno = list == CC_CLUB_LIST_UNO, chess = list == CC_CLUB_LIST_CHESS;
	if (!club->counted) {
		char why[CC_ERROR_MESSAGE_MAX];
		cc_session_describe_msg(club->why_not, why, sizeof why);
		cc_session_describe_append(buf, size, len,
		       uno     ? _("Chess-Uno ratings: not counted (%s)")
		       : chess ? _("Chess game ratings: not counted (%s)")
		               : _("Ratings: not counted (%s)"),
		       why);
		return;
	}
	char white[2 * CC_NAME_MAX + 64], black[sizeof white];
	const cc_club_change *c = &club->change;
	cc_session_describe_rating(s->white, c->white_before, c->white_after, white, sizeof white);
	cc_session_describe_rating(s->black, c->black_before, c->black_after, black, sizeof black);
	cc_session_describe_append(buf, size, len,
	       uno     ? _("Chess-Uno ratings: %s, %s")
	       : chess ? _("Chess game ratings: %s, %s")
	               : _("Ratings: %s, %s"),
	       white, black);
}

void cc_session_printable(const char *text, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	for (const char *p = text; *p;) {
		size_t whole = cc_text_fit(p, 4);
		char one[8];
		memcpy(one, p, whole);
		one[whole] = '\0';
		if (whole > 0 && cc_text_is_line(one)) {
			len = cc_session_describe_append(buf, size, len, "%s", one);
			p += whole;
		} else {
			len = cc_session_describe_append(buf, size, len, "\\x%02X", (unsigned char)*p);
			p++;
		}
	}
}

/* ---- the report ---------------------------------------------------------------- */

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

/* One event of the log, with what time did before it and what it did. */
typedef struct {
	cc_session_log_fn *fn;
	void *ctx;
	const cc_match *match;
	cc_match *replay;
	size_t *undoable; /* indexes of the events an undo would take back */
	size_t depth;
} event_log;

static void log_changes(const event_log *log, int64_t t_ms, cc_session_log_kind kind, const cc_match_view *before,
                        const cc_match_view *after)
{
	char text[1024];
	cc_session_describe_changes(before, after, cc_match_settings_of(log->match), text, sizeof text);
	log_lines(log->fn, log->ctx, t_ms, kind, text);
}

/* What time alone did between from and to, each change told at the time
 * it happened (the core says when the next limit falls). An endless
 * unparried check (RU-23) is told once for its many losses. */
static void log_time_changes(const event_log *log, int64_t from, int64_t to)
{
	cc_match_view before, after;
	int64_t t = from;
	for (int told = 0; told < 32; told++) {
		int64_t limit = cc_match_next_deadline(log->replay, t);
		if (limit < 0 || limit >= to)
			break;
		cc_match_view_at(log->replay, t, &before);
		cc_match_view_at(log->replay, limit + 1, &after);
		log_changes(log, limit, CC_SESSION_LOG_TIME, &before, &after);
		t = limit + 1;
	}
	cc_match_view_at(log->replay, t, &before);
	cc_match_view_at(log->replay, to, &after);
	log_changes(log, to, CC_SESSION_LOG_TIME, &before, &after);
}

static int log_event(event_log *log, size_t i)
{
	const cc_match_settings *s = cc_match_settings_of(log->match);
	cc_event event;
	cc_match_event_at(log->match, i, &event);
	const cc_event *ev = &event;
	cc_match_view at_event, after;
	char what[CC_TEXT_MAX + 96], line[2 * CC_TEXT_MAX + 256];
	cc_error err;
	log_time_changes(log, cc_match_last_time(log->replay), ev->t_ms);
	cc_match_view_at(log->replay, ev->t_ms, &at_event);
	if (cc_match_apply(log->replay, ev, &err) != CC_OK) {
		snprintf(line, sizeof line, "(event %zu is refused on replay: %s)", i + 1, err.message);
		log->fn(log->ctx, -1, CC_SESSION_LOG_ERROR, line);
		return -1;
	}
	cc_match_view_at(log->replay, ev->t_ms, &after);
	if (ev->kind == CC_EV_UNDO && log->depth > 0) {
		cc_event taken;
		cc_match_event_at(log->match, log->undoable[--log->depth], &taken);
		cc_session_describe_event(&taken, s, what, sizeof what);
		snprintf(line, sizeof line, "%s \"%s\"", _("undo: takes back"), what);
		log->fn(log->ctx, ev->t_ms, CC_SESSION_LOG_EVENT, line);
		log_changes(log, ev->t_ms, CC_SESSION_LOG_AFTER, &at_event, &after);
		return 0;
	}
	if (ev->kind != CC_EV_TICK && ev->kind != CC_EV_UNDO)
		log->undoable[log->depth++] = i;
	cc_session_describe_event(ev, s, what, sizeof what);
	log->fn(log->ctx, ev->t_ms, ev->kind == CC_EV_TICK ? CC_SESSION_LOG_TICK : CC_SESSION_LOG_EVENT, what);
	log_changes(log, ev->t_ms, CC_SESSION_LOG_AFTER, &at_event, &after);
	return 0;
}

int cc_session_event_log(const cc_match *match, cc_session_log_fn *fn, void *ctx)
{
	if (cc_game_class_of_match(match)->traits & CC_GAME_DEALT) {
		/* Chess-Uno: the steps of the history, as the console logs them. */
		const cc_uno_game *game = cc_match_uno(match);
		char text[1024];
		for (size_t i = 0; i < cc_uno_step_count(game); i++) {
			const cc_uno_step *st = cc_uno_step_at(game, i);
			cc_session_describe_uno_step(st, cc_match_settings_of(match), text, sizeof text);
			fn(ctx, st->event.t_ms, CC_SESSION_LOG_EVENT, text);
		}
		return 0;
	}
	size_t count = cc_match_event_count(match);
	event_log log = {fn, ctx, match, NULL, malloc((count + 1) * sizeof(size_t)), 0};
	int rc = 0;
	if (!log.undoable || cc_match_create(&log.replay, cc_match_settings_of(match), NULL) != CC_OK) {
		free(log.undoable);
		return -1;
	}
	for (size_t i = 0; i < count && rc == 0; i++)
		rc = log_event(&log, i);
	free(log.undoable);
	cc_match_destroy(log.replay);
	return rc;
}

/* The report's event log: a line's time in the first column, blank for
 * what an event did at its own time. */
static void write_log_line(void *ctx, int64_t t_ms, cc_session_log_kind kind, const char *text)
{
	FILE *out = ctx;
	char at[16] = "";
	if (kind == CC_SESSION_LOG_ERROR) {
		fprintf(out, "  %s\n", text);
		return;
	}
	if (kind != CC_SESSION_LOG_AFTER)
		cc_time_format_ms(t_ms, at, sizeof at);
	fprintf(out, "  %9s  %s\n", at, text);
}

static int write_event_log(FILE *out, const cc_match *match)
{
	fprintf(out, "\n%s\n", _("Events:"));
	return cc_session_event_log(match, write_log_line, out);
}

void cc_session_describe_sheet(uint64_t seed, const char *sheet, char *buf, size_t size)
{
	size_t len = 0;
	if (size == 0)
		return;
	buf[0] = '\0';
	len = cc_session_describe_append(buf, size, len, _("ChessCubing scramble sheet (seed %llu)"),
	                                 (unsigned long long)seed);
	len = cc_session_describe_append(buf, size, len, "\n%s\n\n",
	                                 _("Apply each scramble to both players' cubes under its number."));
	for (int n = 1; n <= CC_CUBE_SHEET_CUBES; n++) {
		char line[CC_SESSION_SHEET_MAX];
		cc_session_sheet_line(sheet, n, line, sizeof line);
		len = cc_session_describe_append(buf, size, len, _("Cube %d: %s"), n, line);
		len = cc_session_describe_append(buf, size, len, "\n");
	}
}

static void write_sheet(FILE *out, uint64_t seed, const char *sheet)
{
	char text[CC_SESSION_SHEET_MAX + 512];
	cc_session_describe_sheet(seed, sheet, text, sizeof text);
	fprintf(out, "%s\n", text);
}

static void write_header(FILE *out, const cc_session *session, const cc_match_view *v)
{
	const cc_session_info *info = cc_session_info_of(session);
	const cc_match_settings *s = cc_match_settings_of(cc_session_match(session));
	char result[CC_TEXT_MAX + 64];
	cc_session_describe_result(v, s, result, sizeof result);
	char tc[64];
	const cc_game_class *game = cc_game_class_of(s->format);
	if (game->traits & CC_GAME_CATEGORY) {
		fprintf(out, "%s, %s (quota %d)", _(game->label), cc_category_name(s->category), v->quota);
	} else if (game->traits & CC_GAME_TIME_CONTROL) {
		cc_session_time_control(s, tc, sizeof tc);
		fprintf(out, _("Chess game (FIDE Laws), time control %s, claims %s"), tc, cc_claims_name(s->claims));
	} else {
		fprintf(out, "%s", _(game->label)); /* Chess-Uno: told by cc_session_write_uno_report */
	}
	if (s->variant != CC_CHESS_VARIANT_STANDARD)
		fprintf(out, _(", on a Checkered board"));
	if (info->id > 0)
		fprintf(out, cc_session_format_is_game(s->format) ? _(", game %lld") : _(", match %lld"), (long long)info->id);
	if (info->created_utc[0])
		fprintf(out, _(", created %s"), info->created_utc);
	fprintf(out, "\n%s: %s\n%s: %s\n%s: %s (%s)\n", _("White"), s->white, _("Black"), s->black, _("Result"),
	        result, cc_session_result_code(v->over, v->winner));
	if (v->has_chess_clocks) {
		/* Time: the clocks as the match left them (or as they stand). */
		char w[32], b[32];
		cc_time_format_ms(v->clock_ms[CC_SIDE_WHITE], w, sizeof w);
		cc_time_format_ms(v->clock_ms[CC_SIDE_BLACK], b, sizeof b);
		fprintf(out, v->over ? _("Final clocks: White %s, Black %s\n") : _("Clocks: White %s, Black %s\n"), w, b);
	}
	fputc('\n', out);
}

int cc_session_write_report(FILE *out, cc_session *session, bool sheet, bool events)
{
	const cc_match *match = cc_session_match(session);
	const cc_match_settings *s = cc_match_settings_of(match);
	cc_match_view v;
	char text[1024];
	if (cc_game_class_of_match(match)->traits & CC_GAME_DEALT)
		return cc_session_write_uno_report(out, session, events);
	cc_match_view_at(match, cc_match_last_time(match), &v);
	write_header(out, session, &v);
	if (sheet && cc_session_sheet(session)[0])
		write_sheet(out, s->seed, cc_session_sheet(session));
	for (size_t i = 0; i < cc_match_block_count(match); i++) {
		cc_session_describe_block(cc_match_block_at(match, i), s, text, sizeof text);
		fprintf(out, "%s\n", text);
	}
	bool ended_in_block = v.over && v.block_started;
	if (!cc_game_has(s->format, CC_GAME_BLOCKS))
		fprintf(out, v.over ? _("%s %d moves, %s %d moves; final position %s\n")
		                    : _("%s %d moves, %s %d moves; position %s\n"),
		        s->white, v.moves[0], s->black, v.moves[1], v.fen);
	else if (v.phase == CC_PHASE_BLOCK || v.phase == CC_PHASE_CUBE || ended_in_block)
		fprintf(out, _("Block %d: %s; %s %d, %s %d counted moves.\n"), v.block,
		        ended_in_block           ? _("the match ended in it")
		        : v.phase == CC_PHASE_CUBE ? _("cube phase")
		                                   : _("under way"),
		        s->white, v.moves[0], s->black, v.moves[1]);
	if (v.has_chess_clocks) {
		char w[32], b[32];
		clock_text(v.clock_ms[CC_SIDE_WHITE], false, w, sizeof w);
		clock_text(v.clock_ms[CC_SIDE_BLACK], false, b, sizeof b);
		fprintf(out, _("Clocks at the last event: %s %s, %s %s.\n"), s->white, w, s->black, b);
	}
	if (events && write_event_log(out, match) != 0)
		return -1;
	return ferror(out) ? -1 : 0;
}

/*
 * Piece letters. The arbiter reads and types moves with the language's
 * letters (French R D T F C for K Q R B N: a translated "KQRBN"); events,
 * records and PGN keep English SAN. Only capitals are letters of pieces
 * (files are small letters), so a French D, T, F or C can never be
 * mistaken; typed English N, B and Q stay accepted, and R is the French
 * king.
 */
static const char *piece_letters(void)
{
	const char *local = _("KQRBN");
	return strlen(local) == 5 ? local : "KQRBN";
}

void cc_session_san_local(const char *san, char *out, size_t size)
{
	const char *local = piece_letters();
	size_t n = 0;
	if (size == 0)
		return;
	for (const char *p = san; *p && n + 1 < size; p++) {
		const char *hit = *p >= 'A' && *p <= 'Z' ? strchr("KQRBN", *p) : NULL;
		out[n++] = hit ? local[hit - "KQRBN"] : *p;
	}
	out[n] = '\0';
}

void cc_session_san_english(const char *typed, char *out, size_t size)
{
	const char *local = piece_letters();
	size_t n = 0;
	if (size == 0)
		return;
	for (const char *p = typed; *p && n + 1 < size; p++) {
		const char *hit = *p >= 'A' && *p <= 'Z' ? strchr(local, *p) : NULL;
		out[n++] = hit ? "KQRBN"[hit - local] : *p;
	}
	out[n] = '\0';
}
