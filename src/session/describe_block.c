/*
 * describe_block.c: a block and its cube phase, and what changed between
 * two views of a match (lost moves, a block over, a tie replayed).
 */
#include "describe_internal.h"

/* A clock change in seconds with its sign, "-35.00 s". */
static void signed_seconds(const cc_lang *lang, int64_t ms, char *buf, size_t size)
{
	snprintf(buf, size, "%s%.2f s", ms >= 0 ? "+" : "-", (double)(ms >= 0 ? ms : -ms) / 1000.0);
	localize_decimal(lang, buf);
}

void cc_session_describe_cube(const cc_lang *lang, const cc_block_summary *b, const cc_match_settings *s, char *buf,
                              size_t size)
{
	char w[16], k[16], aw[32], ak[32];
	size_t len;
	solve_text(lang, b->cube_cs[CC_SIDE_WHITE], w, sizeof w);
	solve_text(lang, b->cube_cs[CC_SIDE_BLACK], k, sizeof k);
	buf[0] = '\0';
	if (b->cube_winner != CC_WINNER_NONE) {
		cc_session_describe_append(buf, size, 0, _("Cube %d: %s won (White %s, Black %s)."), b->cube_number,
		       winner_name(s, b->cube_winner), w, k);
		return;
	}
	signed_seconds(lang, b->adjust_ms[CC_SIDE_WHITE], aw, sizeof aw);
	signed_seconds(lang, b->adjust_ms[CC_SIDE_BLACK], ak, sizeof ak);
	len = cc_session_describe_append(buf, size, 0, _("Cube %d: White %s, Black %s. Clocks: White %s, Black %s."), b->cube_number, w,
	             k, aw, ak);
	for (int side = 0; side < 2; side++)
		if (b->capped[side])
			len = cc_session_describe_append(buf, size, len, _(" %s's %s counts as 120 s (cap)."), side_label(lang, (cc_side)side),
			             side == CC_SIDE_WHITE ? w : k);
}

void cc_session_describe_block(const cc_lang *lang, const cc_block_summary *b, const cc_match_settings *s, char *buf,
                               size_t size)
{
	char cube[256];
	size_t len = 0;
	buf[0] = '\0';
	if (b->had_double_move && b->double_move_lost) /* TW-6.4 */
		len = cc_session_describe_append(buf, size, len,
		             _("Block %d: %s had a double move and lost it (the free move ran over 20 s); "), b->block,
		             name_of(s, b->starter));
	else if (b->had_double_move)
		len = cc_session_describe_append(buf, size, len, _("Block %d: %s started with a double move; "), b->block,
		             name_of(s, b->starter));
	else
		len = cc_session_describe_append(buf, size, len, _("Block %d: %s started; "), b->block, name_of(s, b->starter));
	len = cc_session_describe_append(buf, size, len, "%s",
	             b->end == CC_BLOCK_END_TIME ? _("ended after 180 s.") : _("ended on the quotas."));
	for (int side = 0; side < 2; side++) {
		/* Time has no move clock: "(0 lost)" would only be clutter. */
		len = cc_session_describe_append(buf, size, len, P_(" %s %d counted", " %s %d counted", b->moves[side]),
		             name_of(s, (cc_side)side), b->moves[side]);
		if (cc_game_has(s->format, CC_GAME_MOVE_CLOCK))
			len = cc_session_describe_append(buf, size, len, P_(" (%d lost)", " (%d lost)", b->lost[side]), b->lost[side]);
		if (b->extra[side])
			len = cc_session_describe_append(buf, size, len, _(", %d outside the quota"), b->extra[side]);
		/* TRANSLATORS: between the two players' counts (French: " ;"). */
		len = cc_session_describe_append(buf, size, len, "%s", side == CC_SIDE_WHITE ? _(";") : ".");
	}
	if (b->replays > 0) {
		/* TW-3.2, RU-2: what tied, and why it was no decision: the phase was replayed */
		char w[16], k[16];
		const char *how = b->tied_cs[CC_SIDE_WHITE] == CC_CUBE_DNF ? _("two DNFs") : _("an exact tie");
		solve_text(lang, b->tied_cs[CC_SIDE_WHITE], w, sizeof w);
		solve_text(lang, b->tied_cs[CC_SIDE_BLACK], k, sizeof k);
		if (b->replays == 1)
			len = cc_session_describe_append(buf, size, len, _(" Cube %d tied (White %s, Black %s: %s), replayed:"),
			             b->tied_cube, w, k, how);
		else
			len = cc_session_describe_append(buf, size, len,
			             _(" %d ties, the last on cube %d (White %s, Black %s: %s), replayed:"), b->replays,
			             b->tied_cube, w, k, how);
	}
	cc_session_describe_cube(lang, b, s, cube, sizeof cube);
	cc_session_describe_append(buf, size, len, " %s", cube);
}

void cc_session_describe_changes(const cc_lang *lang, const cc_match_view *before, const cc_match_view *after,
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
	/* RU-42: the 180 s are said when they run out, even while a stamp waits for its SAN */
	bool said_time = before->phase == CC_PHASE_BLOCK && before->closing && before->block_end == CC_BLOCK_END_TIME;
	if (before->phase == CC_PHASE_BLOCK && after->phase == CC_PHASE_BLOCK && after->block == before->block &&
	    !said_time && after->closing && after->block_end == CC_BLOCK_END_TIME && after->stamps > 0)
		len = cc_session_describe_append(buf, size, len, _("%s180 s: block %d over (time); the moves stamped are written, "
		                                                   "then the cube phase"),
		             len ? "\n" : "", after->block);
	if (before->phase == CC_PHASE_BLOCK && after->phase == CC_PHASE_CUBE && said_time)
		len = cc_session_describe_append(buf, size, len, _("%sblock %d: cube phase with cube %d"), len ? "\n" : "",
		             before->block, after->cube_number);
	else if (before->phase == CC_PHASE_BLOCK && after->phase == CC_PHASE_CUBE)
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
		cc_session_describe_result(lang, after, s, result, sizeof result);
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
		cc_session_describe_cube(lang, &after->last_cube, s, cube, sizeof cube);
		len = cc_session_describe_append(buf, size, len, _("%s%s Block %d is next."), len ? "\n" : "", cube, after->block);
	}
}

/* issue 35 N9: each count in the form it takes ("1 coup compté", "2 coups
 * comptés"), so the sentence reads right for 0, 1 and 2 in every language. */
void cc_session_describe_move_counts(const cc_lang *lang, bool counted, const char *white, int w, const char *black,
                                     int b, char *buf, size_t size)
{
	char one[2][CC_TEXT_MAX + 48];
	const char *name[2] = {white, black};
	int n[2] = {w, b};
	for (int side = 0; side < 2; side++)
		snprintf(one[side], sizeof one[side],
		         counted ? P_("%s %d counted move", "%s %d counted moves", n[side]) : P_("%s %d move", "%s %d moves", n[side]),
		         name[side], n[side]);
	snprintf(buf, size, _("%s, %s"), one[0], one[1]);
}
