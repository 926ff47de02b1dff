/*
 * club_standings.c: round-robin standings with FIDE tie-breaks, which
 * matches count and what they score (CL-2.1, CL-2.5, CL-2.10, CL-2.11),
 * forfeits, withdrawals and byes (CL-6), and what an event fixes (CL-8)
 * (club.h, rules/club.md). Names, ratings and Berger tables are club.c's.
 */
#include "chesscubing/club.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/game.h"

/* ---- standings ------------------------------------------------------------------- */

static bool is_bye(const cc_club_result *g)
{
	return g->black == CC_CLUB_BYE;
}

/* What side (0 White, 1 Black) scores from finished result g: a forfeit's
 * points (CL-6.1), or the game's. */
static double score_of(const cc_club_result *g, int side)
{
	switch (g->forfeit) {
	case CC_CLUB_FORFEIT_NONE:
		break;
	case CC_CLUB_FORFEIT_WHITE:
		return side == 0 ? 1.0 : 0.0;
	case CC_CLUB_FORFEIT_BLACK:
		return side == 0 ? 0.0 : 1.0;
	case CC_CLUB_FORFEIT_BOTH:
		return 0.0;
	}
	return side == 0 ? g->white_score : 1.0 - g->white_score;
}

static int compare_standing(const void *pa, const void *pb)
{
	const cc_club_standing *a = pa, *b = pb;
	if (a->cancelled != b->cancelled)
		return a->cancelled ? 1 : -1; /* CL-6.3: results not counted, ranked last */
	if (a->points != b->points)
		return a->points > b->points ? -1 : 1;
	if (a->direct != b->direct)
		return a->direct > b->direct ? -1 : 1;
	if (a->wins != b->wins)
		return a->wins > b->wins ? -1 : 1;
	if (a->sb != b->sb)
		return a->sb > b->sb ? -1 : 1;
	return a->player < b->player ? -1 : a->player > b->player;
}

static bool same_place(const cc_club_standing *a, const cc_club_standing *b)
{
	return a->cancelled == b->cancelled && a->points == b->points && a->direct == b->direct && a->wins == b->wins && a->sb == b->sb;
}

/* Have q and r met, with no game between them still to be played? */
static bool have_met(const cc_club_result *results, size_t count, uint32_t q, uint32_t r)
{
	bool met = false;
	for (size_t i = 0; i < count; i++) {
		const cc_club_result *g = &results[i];
		if (is_bye(g) || !((g->white == q && g->black == r) || (g->white == r && g->black == q)))
			continue;
		if (!g->finished)
			return false; /* still to be played: not applicable yet */
		met = true;
	}
	return met;
}

/* The direct encounter of the players tied on points with seat p: applies
 * when every two of them (not only p and each of the others) have met and
 * none of their games is still to be played, so that it is the same for
 * the whole tied group. */
static void direct_encounter(unsigned players, const cc_club_result *results, size_t count, cc_club_standing *s,
                             uint32_t p)
{
	unsigned tied = 0;
	if (s[p].cancelled)
		return;
#define TIED(q) (!s[q].cancelled && s[q].points == s[p].points)
	for (uint32_t q = 0; q < players; q++)
		tied += TIED(q);
	if (tied < 2)
		return;
	for (uint32_t q = 0; q < players; q++)
		for (uint32_t r = q + 1; r < players; r++)
			if (TIED(q) && TIED(r) && !have_met(results, count, q, r))
				return;
	s[p].direct_used = true;
	/* A forfeit between them scores as recorded (CL-6.1): points, not a game. */
	for (size_t i = 0; i < count; i++) {
		const cc_club_result *g = &results[i];
		if (is_bye(g) || !g->finished)
			continue;
		if (g->white == p && TIED(g->black))
			s[p].direct += score_of(g, 0);
		else if (g->black == p && TIED(g->white))
			s[p].direct += score_of(g, 1);
	}
#undef TIED
}

/* cc_club_standings() with the withdrawals of t (NULL: none) marked. */
static void standings_of(unsigned players, const cc_club_event_terms *t, const bool *cancelled,
                         const cc_club_result *results, size_t count, cc_club_standing *out)
{
	assert(players <= CC_CLUB_PLAYERS_MAX);
	for (uint32_t p = 0; p < players; p++)
		out[p] = (cc_club_standing){.player = p,
		                            .withdrawn_from = t ? t->withdrawn_from[p] : 0,
		                            .cancelled = cancelled && cancelled[p]};
	for (size_t i = 0; i < count; i++) {
		const cc_club_result *g = &results[i];
		if (!g->finished)
			continue;
		if (is_bye(g)) {
			out[g->white].points += g->white_score; /* the bye's value (CL-6.5) */
			continue;
		}
		out[g->white].points += score_of(g, 0);
		out[g->black].points += score_of(g, 1);
		if (g->forfeit != CC_CLUB_FORFEIT_NONE)
			continue; /* CL-6.1: no game, no win over the board */
		out[g->white].played++;
		out[g->black].played++;
		out[g->white].wins += g->white_score > 0.75;
		out[g->black].wins += g->white_score < 0.25;
	}
	/* Sonneborn-Berger over the games played: a forfeit, like a bye, adds
	 * nothing (CL-3.5, CL-6.1). */
	for (size_t i = 0; i < count; i++) {
		const cc_club_result *g = &results[i];
		if (!g->finished || is_bye(g) || g->forfeit != CC_CLUB_FORFEIT_NONE)
			continue;
		out[g->white].sb += out[g->black].points * g->white_score;
		out[g->black].sb += out[g->white].points * (1.0 - g->white_score);
	}
	for (uint32_t p = 0; p < players; p++)
		direct_encounter(players, results, count, out, p);
	qsort(out, players, sizeof *out, compare_standing);
	for (unsigned i = 0; i < players; i++)
		out[i].rank = i > 0 && same_place(&out[i], &out[i - 1]) ? out[i - 1].rank : i + 1;
}

void cc_club_standings(unsigned players, const cc_club_result *results, size_t count, cc_club_standing *out)
{
	standings_of(players, NULL, NULL, results, count, out);
}

/* ---- what counts (CL-2.1, CL-2.5, CL-2.10, CL-2.11) ---------------------------- */

cc_club_count cc_club_counts(const cc_club_match_facts *m, cc_club_list list)
{
	if (!m->over)
		return CC_CLUB_NOT_FINISHED;
	if (!m->rated)
		return CC_CLUB_UNRATED;
	if (m->same_player)
		return CC_CLUB_AGAINST_HIMSELF;
	if (!m->white_registered || !m->black_registered)
		return CC_CLUB_UNREGISTERED;
	if (m->list != list)
		return CC_CLUB_OTHER_LIST;
	return CC_CLUB_COUNTS;
}

double cc_club_white_score(cc_winner winner)
{
	switch (winner) {
	case CC_WINNER_WHITE:
		return 1.0;
	case CC_WINNER_BLACK:
		return 0.0;
	case CC_WINNER_NONE:
		return 0.5;
	}
	return 0.5;
}

cc_club_terms cc_club_terms_of(bool marked_unrated, const bool placeholder[2])
{
	bool unnamed = placeholder[0] || placeholder[1];
	return (cc_club_terms){!marked_unrated && !unnamed, !unnamed};
}

/* ---- forfeits, withdrawals and byes (CL-6) -------------------------------------- */

cc_err cc_club_bye_value_parse(const char *text, unsigned *halves)
{
	if (strcmp(text, "1") == 0 || strcmp(text, "1.0") == 0)
		*halves = 2;
	else if (strcmp(text, "0.5") == 0 || strcmp(text, "1/2") == 0 || strcmp(text, "0,5") == 0 ||
	         strcmp(text, ".5") == 0)
		*halves = 1;
	else if (strcmp(text, "0") == 0 || strcmp(text, "0.0") == 0)
		*halves = 0;
	else
		return CC_ERR_INVALID;
	return CC_OK;
}

static bool is_bye_entry(const cc_club_entry *e)
{
	return e->black == CC_CLUB_BYE;
}

static bool plays_in(const cc_club_entry *e, uint32_t seat)
{
	return e->white == seat || (!is_bye_entry(e) && e->black == seat);
}

bool cc_club_round_begun(const cc_club_entry *e, size_t n, unsigned round)
{
	for (size_t i = 0; i < n; i++)
		if (e[i].round == round && (e[i].has_match || e[i].recorded || e[i].forfeit != CC_CLUB_FORFEIT_NONE))
			return true;
	return false;
}

bool cc_club_withdrawal_cancels(const cc_club_entry *e, size_t n, uint32_t seat, unsigned from)
{
	unsigned games = 0, played = 0;
	for (size_t i = 0; i < n; i++) {
		if (is_bye_entry(&e[i]) || !plays_in(&e[i], seat))
			continue;
		games++;
		played += e[i].round < from && ((e[i].has_match && e[i].over) || e[i].recorded);
	}
	return 2 * played < games;
}

/* Seat's withdrawal at round `round`: 0 not withdrawn, 1 withdrawn (his
 * games from then are lost by forfeit), 2 his results cancelled. */
static int withdrawal_at(const cc_club_event_terms *t, const bool *cancelled, uint32_t seat, unsigned round)
{
	if (seat >= t->players || t->withdrawn_from[seat] == 0)
		return 0;
	if (cancelled[seat])
		return 2;
	return round >= t->withdrawn_from[seat] ? 1 : 0;
}

static void score_forfeit(cc_club_scored *o, cc_club_forfeit f, bool begun)
{
	o->outcome = CC_CLUB_OUT_FORFEIT;
	o->forfeit = f;
	o->counted = begun;
	o->finished = begun;
	o->points[0] = f == CC_CLUB_FORFEIT_WHITE ? 1.0 : 0.0;
	o->points[1] = f == CC_CLUB_FORFEIT_BLACK ? 1.0 : 0.0;
}

/* The players whose withdrawal cancels their results (CL-6.3). */
static void cancelled_of(const cc_club_event_terms *t, const cc_club_entry *e, size_t n, bool *cancelled)
{
	for (uint32_t p = 0; p < CC_CLUB_PLAYERS_MAX; p++)
		cancelled[p] = !t->swiss && p < t->players && t->withdrawn_from[p] > 0 &&
		               cc_club_withdrawal_cancels(e, n, p, t->withdrawn_from[p]);
}

double cc_club_bye_points(unsigned bye_halves, bool half_bye)
{
	return half_bye ? 0.5 : bye_halves / 2.0;
}

void cc_club_score(const cc_club_event_terms *t, const cc_club_entry *e, size_t n, cc_club_scored *out)
{
	bool cancelled[CC_CLUB_PLAYERS_MAX];
	double bye = cc_club_bye_points(t->bye_halves, false), half = cc_club_bye_points(t->bye_halves, true);
	cancelled_of(t, e, n, cancelled);
	/* The pairings come round by round: a round's answer asked once, not
	 * once a pairing (a 40-player round robin has 780: issue 25). */
	unsigned begun_round = 0;
	bool begun = false, begun_known = false;
	for (size_t i = 0; i < n; i++) {
		const cc_club_entry *g = &e[i];
		cc_club_scored *o = &out[i];
		if (!begun_known || begun_round != g->round) {
			begun = cc_club_round_begun(e, n, g->round);
			begun_round = g->round;
			begun_known = true;
		}
		memset(o, 0, sizeof *o);
		int ww = withdrawal_at(t, cancelled, g->white, g->round);
		if (is_bye_entry(g)) {
			/* The dummy seat's bye: its value once the round has begun
			 * (CL-3.4, CL-6.5); nothing for a player who has withdrawn. */
			if (ww)
				o->outcome = CC_CLUB_OUT_VOID;
			else if (g->half_bye[0]) /* CL-10.5: a Swiss's half-point bye, unpaired */
				*o = (cc_club_scored){.outcome = CC_CLUB_OUT_HALF_BYE, .counted = begun, .points = {begun ? half : 0, 0}};
			else if (begun)
				*o = (cc_club_scored){.outcome = CC_CLUB_OUT_BYE, .counted = true, .points = {bye, 0}};
			else
				o->outcome = CC_CLUB_OUT_BYE_WAITING;
			continue;
		}
		int wb = withdrawal_at(t, cancelled, g->black, g->round);
		bool cancel = ww == 2 || wb == 2;
		o->is_game = true;
		if (g->has_match || g->recorded) { /* CL-4.22: a recorded result is a game played */
			bool over = g->over || g->recorded;
			o->outcome = !over ? CC_CLUB_OUT_IN_PLAY : cancel ? CC_CLUB_OUT_VOID : CC_CLUB_OUT_PLAYED;
			o->finished = over;
			o->counted = over && !cancel;
			double w = cc_club_white_score(g->winner);
			o->points[0] = o->counted ? w : 0.0;
			o->points[1] = o->counted ? 1.0 - w : 0.0;
			continue;
		}
		if (cancel) {
			/* CL-6.3: a game of a player whose results are cancelled is
			 * not one of the event's games any more (unless played). */
			o->outcome = CC_CLUB_OUT_VOID;
			o->is_game = g->forfeit != CC_CLUB_FORFEIT_NONE;
			o->finished = o->is_game;
			continue;
		}
		if (g->forfeit != CC_CLUB_FORFEIT_NONE) {
			score_forfeit(o, g->forfeit, true);
			continue;
		}
		if (ww || wb) {
			cc_club_forfeit f = ww && wb ? CC_CLUB_FORFEIT_BOTH : ww ? CC_CLUB_FORFEIT_BLACK : CC_CLUB_FORFEIT_WHITE;
			score_forfeit(o, f, begun);
			o->by_withdrawal = true;
			continue;
		}
		if (g->half_bye[0] || g->half_bye[1]) {
			/* CL-6.4: who asked scores ½, the other has no opponent and
			 * the bye of the event's value; no game either way. */
			o->outcome = CC_CLUB_OUT_HALF_BYE;
			o->is_game = false;
			o->counted = begun;
			o->points[0] = begun ? (g->half_bye[0] ? half : bye) : 0.0;
			o->points[1] = begun ? (g->half_bye[1] ? half : bye) : 0.0;
			continue;
		}
		o->outcome = CC_CLUB_OUT_NOT_STARTED;
	}
}

void cc_club_event_standings(const cc_club_event_terms *t, const cc_club_entry *e, const cc_club_scored *scored,
                             size_t n, cc_club_result *work, cc_club_standing *out)
{
	bool cancelled[CC_CLUB_PLAYERS_MAX];
	size_t used = 0;
	cancelled_of(t, e, n, cancelled);
	for (size_t i = 0; i < n; i++) {
		const cc_club_entry *g = &e[i];
		const cc_club_scored *o = &scored[i];
		switch (o->outcome) {
		case CC_CLUB_OUT_BYE:
			work[used++] = (cc_club_result){g->white, CC_CLUB_BYE, true, o->points[0], CC_CLUB_FORFEIT_NONE};
			break;
		case CC_CLUB_OUT_HALF_BYE:
			work[used++] = (cc_club_result){g->white, CC_CLUB_BYE, o->counted, o->points[0], CC_CLUB_FORFEIT_NONE};
			if (!is_bye_entry(g)) /* a Swiss's half-point bye has no other side (CL-10.5) */
				work[used++] = (cc_club_result){g->black, CC_CLUB_BYE, o->counted, o->points[1], CC_CLUB_FORFEIT_NONE};
			break;
		case CC_CLUB_OUT_PLAYED:
		case CC_CLUB_OUT_IN_PLAY:
		case CC_CLUB_OUT_NOT_STARTED:
			work[used++] = (cc_club_result){g->white, g->black, o->counted, o->points[0], CC_CLUB_FORFEIT_NONE};
			break;
		case CC_CLUB_OUT_FORFEIT:
			work[used++] = (cc_club_result){g->white, g->black, o->counted, o->points[0], o->forfeit};
			break;
		case CC_CLUB_OUT_BYE_WAITING:
		case CC_CLUB_OUT_VOID:
			break;
		}
	}
	standings_of(t->players, t, cancelled, work, used, out);
}

/* ---- what an event fixes (CL-8) ---------------------------------------------- */

cc_err cc_club_event_admits(const char *event, const cc_club_fixed *f, const cc_match_settings *s, cc_error *err)
{
	if (f->closed)
		return cc_refuse(err, CC_MSG_EVENT_CLOSED, event);
	if (!f->fixed)
		return CC_OK;
	unsigned traits = cc_game_class_of(s->format)->traits;
	if ((traits & CC_GAME_VARIANTS) && s->variant != f->variant)
		return cc_refuse(err, CC_MSG_EVENT_FIXED_BOARD, event, cc_chess_variant_name(f->variant),
		                 cc_chess_variant_name(s->variant));
	if ((traits & CC_GAME_TIME_CONTROL) &&
	    (s->tc_base_ms != f->tc_base_ms || s->tc_increment_ms != f->tc_increment_ms || s->tc_moves != 0 ||
	     s->tc_mode != CC_TC_FISCHER || s->tc_more != 0)) {
		/* an event fixes one Fischer period (CL-8.1): periods and delays are a free game's */
		cc_match_settings fixed = {.format = CC_FORMAT_CHESS, .tc_base_ms = f->tc_base_ms,
		                           .tc_increment_ms = f->tc_increment_ms};
		char want[48], got[128];
		cc_tc_format(&fixed, CC_TC_CLUB, want, sizeof want);
		cc_tc_format(s, CC_TC_CLUB, got, sizeof got);
		return cc_refuse(err, CC_MSG_EVENT_FIXED_TIME_CONTROL, event, want, got);
	}
	if ((traits & CC_GAME_CLAIMS) && s->claims != f->claims)
		return cc_refuse(err, CC_MSG_EVENT_FIXED_CLAIMS, event, cc_claims_name(f->claims), cc_claims_name(s->claims));
	return CC_OK;
}
