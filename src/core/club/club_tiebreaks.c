/*
 * club_tiebreaks.c: FIDE tie-breaks (C.07, 2023) for a Swiss and round
 * robins, the event's own order of them, and the rules for unplayed rounds
 * (club.h, rules/club.md CL-9). The points and the direct encounter are
 * club_standings.c's.
 */
#include "chesscubing/club.h"

#include <assert.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- codes and lists (CL-9.1) -------------------------------------------------- */

const char *cc_club_tb_code(cc_club_tb tb)
{
	switch (tb) {
	case CC_CLUB_TB_BH:
		return "BH";
	case CC_CLUB_TB_BH_C1:
		return "BH-C1";
	case CC_CLUB_TB_BH_M1:
		return "BH-M1";
	case CC_CLUB_TB_SB:
		return "SB";
	case CC_CLUB_TB_PS:
		return "PS";
	case CC_CLUB_TB_DE:
		return "DE";
	case CC_CLUB_TB_WIN:
		return "WIN";
	case CC_CLUB_TB_BPG:
		return "BPG";
	case CC_CLUB_TB_ARO:
		return "ARO";
	case CC_CLUB_TB_ARO_C1:
		return "ARO-C1";
	case CC_CLUB_TB_COUNT:
		break;
	}
	return "?";
}

static bool same_code(const char *text, size_t len, const char *code)
{
	if (strlen(code) != len)
		return false;
	for (size_t i = 0; i < len; i++)
		if (toupper((unsigned char)text[i]) != code[i])
			return false;
	return true;
}

static cc_err parse_n(const char *text, size_t len, cc_club_tb *out)
{
	for (int tb = 0; tb < CC_CLUB_TB_COUNT; tb++)
		if (same_code(text, len, cc_club_tb_code((cc_club_tb)tb))) {
			*out = (cc_club_tb)tb;
			return CC_OK;
		}
	return CC_ERR_INVALID;
}

cc_err cc_club_tb_parse(const char *text, cc_club_tb *out)
{
	return parse_n(text, strlen(text), out);
}

cc_err cc_club_tb_list_parse(const char *text, cc_club_tb *out, size_t *n)
{
	cc_club_tb list[CC_CLUB_TB_LIST_MAX];
	size_t count = 0;
	const char *p = text;
	for (;;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		while (len > 0 && isspace((unsigned char)*p))
			p++, len--;
		while (len > 0 && isspace((unsigned char)p[len - 1]))
			len--;
		cc_club_tb tb;
		if (count == CC_CLUB_TB_LIST_MAX || parse_n(p, len, &tb) != CC_OK)
			return CC_ERR_INVALID;
		for (size_t i = 0; i < count; i++)
			if (list[i] == tb)
				return CC_ERR_INVALID;
		list[count++] = tb;
		if (!end)
			break;
		p = end + 1;
	}
	memcpy(out, list, count * sizeof *list);
	*n = count;
	return CC_OK;
}

void cc_club_tb_list_format(const cc_club_tb *list, size_t n, char *buf, size_t size)
{
	size_t used = 0;
	if (size == 0)
		return;
	buf[0] = '\0';
	for (size_t i = 0; i < n && used < size; i++) {
		int w = snprintf(buf + used, size - used, "%s%s", i ? "," : "", cc_club_tb_code(list[i]));
		if (w < 0)
			return;
		used += (size_t)w;
	}
}

/* ---- one player's rounds (CL-9.2) ---------------------------------------------- */

/* What seat p had in one round. */
typedef struct {
	enum { ROUND_NONE, ROUND_PENDING, ROUND_PLAYED, ROUND_UNPLAYED } kind;
	uint32_t opponent; /* ROUND_PLAYED */
	int side;          /* ROUND_PLAYED: 0 White, 1 Black */
	double points;     /* what p scored in it */
	bool vur;          /* ROUND_UNPLAYED: a voluntarily unplayed round (CL-9.2) */
} round_of;

static bool withdrawn(const cc_club_event_terms *t, uint32_t p)
{
	return p < t->players && t->withdrawn_from[p] > 0;
}

/* Seat p's side in e (0 White, 1 Black), or -1. */
static int side_of(const cc_club_entry *e, uint32_t p)
{
	if (e->white == p)
		return 0;
	return e->black != CC_CLUB_BYE && e->black == p ? 1 : -1;
}

static round_of unplayed(double points, bool vur)
{
	return (round_of){.kind = ROUND_UNPLAYED, .points = points, .vur = vur};
}

/* What entry e (scored o) gives seat p, on side `side`. */
static round_of entry_round(const cc_club_event_terms *t, const cc_club_entry *e, const cc_club_scored *o,
                            uint32_t p, int side)
{
	double pts = o->points[side];
	switch (o->outcome) {
	case CC_CLUB_OUT_PLAYED:
		return (round_of){.kind = ROUND_PLAYED, .opponent = side ? e->white : e->black, .side = side, .points = pts};
	case CC_CLUB_OUT_FORFEIT:
		/* the loser chose not to play; the winner did not (C.07 2023, art. 16) */
		return unplayed(pts, pts < 0.75);
	case CC_CLUB_OUT_BYE:
		return unplayed(pts, false); /* the pairing-allocated bye */
	case CC_CLUB_OUT_HALF_BYE:
		return unplayed(pts, e->half_bye[side]);
	case CC_CLUB_OUT_VOID:
		return unplayed(0.0, withdrawn(t, p));
	case CC_CLUB_OUT_NOT_STARTED:
	case CC_CLUB_OUT_IN_PLAY:
	case CC_CLUB_OUT_BYE_WAITING:
		break;
	}
	return (round_of){.kind = ROUND_PENDING};
}

/* Seat p's round r: no pairing at all is an absence, a voluntarily
 * unplayed round of no points (CL-9.2). */
static round_of round_for(const cc_club_event_terms *t, const cc_club_entry *e, const cc_club_scored *scored,
                          size_t n, uint32_t p, unsigned r)
{
	round_of got = unplayed(0.0, true);
	for (size_t i = 0; i < n; i++) {
		int side = e[i].round == r ? side_of(&e[i], p) : -1;
		if (side >= 0)
			got = entry_round(t, &e[i], &scored[i], p, side);
	}
	return got;
}

/* ---- the values (CL-9.3 to CL-9.5) --------------------------------------------- */

#define ROUNDS_MAX 128u

typedef struct {
	round_of r[ROUNDS_MAX];
	unsigned rounds;
	double score;    /* points over the rounds counted */
	double adjusted; /* the score with each voluntarily unplayed round as a draw (CL-9.3) */
} history;

static void history_of(const cc_club_event_terms *t, const cc_club_entry *e, const cc_club_scored *scored, size_t n,
                       unsigned rounds, uint32_t p, history *h)
{
	h->rounds = rounds < ROUNDS_MAX ? rounds : ROUNDS_MAX;
	h->score = h->adjusted = 0.0;
	for (unsigned r = 0; r < h->rounds; r++) {
		h->r[r] = round_for(t, e, scored, n, p, r + 1);
		if (h->r[r].kind == ROUND_PENDING)
			continue;
		h->score += h->r[r].points;
		h->adjusted += h->r[r].kind == ROUND_UNPLAYED && h->r[r].vur ? 0.5 : h->r[r].points;
	}
}

/* The sum of c[0..k) less the `low` lowest and the `high` highest; the
 * contributions flagged first[] are the first cut from below (CL-9.4). */
static double cut_sum(const double *c, const bool *first, size_t k, size_t low, size_t high)
{
	bool gone[ROUNDS_MAX] = {false};
	double sum = 0.0;
	for (size_t pass = 0; pass < low + high; pass++) {
		size_t pick = k;
		bool from_below = pass < low;
		for (size_t i = 0; i < k; i++) {
			if (gone[i])
				continue;
			if (pick == k) {
				pick = i;
				continue;
			}
			bool better = from_below ? (first[i] && !first[pick]) || (first[i] == first[pick] && c[i] < c[pick])
			                         : c[i] > c[pick];
			if (better)
				pick = i;
		}
		if (pick < k)
			gone[pick] = true;
	}
	for (size_t i = 0; i < k; i++)
		sum += gone[i] ? 0.0 : c[i];
	return sum;
}

static void buchholz(const history *all, uint32_t p, cc_club_tb_values *v)
{
	const history *h = &all[p];
	double c[ROUNDS_MAX], sb = 0.0;
	bool first[ROUNDS_MAX];
	size_t k = 0;
	for (unsigned r = 0; r < h->rounds; r++) {
		const round_of *x = &h->r[r];
		if (x->kind == ROUND_PENDING)
			continue;
		/* a round he did not play: a dummy opponent of his own score (CL-9.3) */
		double opp = x->kind == ROUND_PLAYED ? all[x->opponent].adjusted : h->score;
		first[k] = x->kind == ROUND_UNPLAYED && x->vur;
		c[k++] = opp;
		sb += opp * x->points;
	}
	v->value[CC_CLUB_TB_BH] = cut_sum(c, first, k, 0, 0);
	v->value[CC_CLUB_TB_BH_C1] = cut_sum(c, first, k, 1, 0);
	v->value[CC_CLUB_TB_BH_M1] = cut_sum(c, first, k, 1, 1);
	v->value[CC_CLUB_TB_SB] = sb;
}

static void games(const history *h, const double *rating, cc_club_tb_values *v)
{
	double ps = 0.0, score = 0.0, sum = 0.0, low = 0.0;
	unsigned wins = 0, black = 0, rated = 0;
	for (unsigned r = 0; r < h->rounds; r++) {
		const round_of *x = &h->r[r];
		if (x->kind != ROUND_PENDING)
			score += x->points;
		ps += score;
		if (x->kind != ROUND_PLAYED)
			continue;
		wins += x->points > 0.75;
		black += x->side == 1;
		double ro = rating ? rating[x->opponent] : 0.0;
		if (ro > 0.0) {
			low = rated == 0 || ro < low ? ro : low;
			sum += ro;
			rated++;
		}
	}
	v->value[CC_CLUB_TB_PS] = ps;
	v->value[CC_CLUB_TB_WIN] = wins;
	v->value[CC_CLUB_TB_BPG] = black;
	/* rounded to the nearest whole point (C.07 2023, ARO) */
	v->value[CC_CLUB_TB_ARO] = rated ? floor(sum / rated + 0.5) : 0.0;
	v->value[CC_CLUB_TB_ARO_C1] = rated > 1 ? floor((sum - low) / (rated - 1) + 0.5) : 0.0;
}

void cc_club_tiebreaks(const cc_club_event_terms *t, const cc_club_entry *e, const cc_club_scored *scored, size_t n,
                       unsigned rounds, const double *rating, const cc_club_standing *standing, cc_club_tb_values *out)
{
	static_assert(CC_CLUB_PLAYERS_MAX <= 64, "histories on the stack");
	history all[CC_CLUB_PLAYERS_MAX];
	for (uint32_t p = 0; p < t->players; p++)
		history_of(t, e, scored, n, rounds, p, &all[p]);
	for (uint32_t p = 0; p < t->players; p++) {
		memset(&out[p], 0, sizeof out[p]);
		buchholz(all, p, &out[p]);
		games(&all[p], rating, &out[p]);
	}
	for (uint32_t i = 0; i < t->players; i++)
		out[standing[i].player].value[CC_CLUB_TB_DE] = standing[i].direct;
}

/* ---- the order (CL-9.1) -------------------------------------------------------- */

/* <0: a before b; 0: equal on points and every tie-break of the order. */
static int compare(const cc_club_standing *a, const cc_club_standing *b, const cc_club_tb_values *v,
                   const cc_club_tb *order, size_t k)
{
	if (a->cancelled != b->cancelled)
		return a->cancelled ? 1 : -1;
	if (a->points != b->points)
		return a->points > b->points ? -1 : 1;
	for (size_t i = 0; i < k; i++) {
		double x = v[a->player].value[order[i]], y = v[b->player].value[order[i]];
		if (fabs(x - y) > 1e-9)
			return x > y ? -1 : 1;
	}
	return 0;
}

void cc_club_tb_rank(unsigned players, cc_club_standing *s, const cc_club_tb_values *values, const cc_club_tb *order,
                     size_t k)
{
	for (unsigned i = 1; i < players; i++) { /* insertion sort: stable, 64 players at most */
		cc_club_standing x = s[i];
		unsigned j = i;
		for (; j > 0; j--) {
			int c = compare(&x, &s[j - 1], values, order, k);
			if (c > 0 || (c == 0 && x.player > s[j - 1].player))
				break;
			s[j] = s[j - 1];
		}
		s[j] = x;
	}
	for (unsigned i = 0; i < players; i++)
		s[i].rank = i > 0 && compare(&s[i], &s[i - 1], values, order, k) == 0 ? s[i - 1].rank : i + 1;
}
