/*
 * match_sheet.c: the match sheet the players and the arbiter sign (issue
 * 35, rules/record.md RE-9): one A4 page in the language asked, drawn
 * with the scramble sheet's pen (pen_internal.h).
 *
 * Every sentence on it is the renderer's, the one the report and the
 * screens use (cc_session_describe_block, _result, cc_session_interventions):
 * the sheet only lays them out. Top to bottom: the heading (match, event
 * and round, date), the players, the format and category, each block,
 * the arbiter's interventions at their match time, the result and its
 * reason, then three signature boxes (the arbiter, White, Black) at the
 * foot of the page. A long match is set smaller until it fits the space
 * above the signatures; what still does not fit ends in a line that says
 * how many lines were left off (the text report has them all).
 */
#include <errno.h>
#include <stdlib.h>

#include "chesscubing/session_club.h"
#include "describe_internal.h"
#include "pen_internal.h"

#define MARGIN 42.0
#define BODY_TOP 166.0
#define SIGN_TOP (CC_SHEET_PAGE_HEIGHT - 150.0)
#define SIGN_HEIGHT 96.0
#define BODY_WIDTH (CC_SHEET_PAGE_WIDTH - 2 * MARGIN)

typedef enum { PARA_HEADING, PARA_TEXT, PARA_TIMED } para_kind;

typedef struct {
	para_kind kind;
	char at[16]; /* PARA_TIMED: the match time in the left column */
	char *text;
} para;

typedef struct {
	const cc_lang *lang;
	char title[256];
	char heading[4][512]; /* match, event and round, players, format */
	char signers[3][CC_NAME_MAX + 32];
	para *paras;
	size_t n, cap;
	bool failed; /* out of memory: the sheet is refused, never half */
} sheet;

static void add(sheet *sh, para_kind kind, int64_t t_ms, const char *text)
{
	if (sh->failed)
		return;
	if (sh->n == sh->cap) {
		size_t more = sh->cap ? 2 * sh->cap : 32;
		para *grown = realloc(sh->paras, more * sizeof *grown);
		if (!grown) {
			sh->failed = true;
			return;
		}
		sh->paras = grown;
		sh->cap = more;
	}
	para *p = &sh->paras[sh->n];
	p->kind = kind;
	p->at[0] = '\0';
	if (kind == PARA_TIMED)
		cc_time_format_ms(t_ms, p->at, sizeof p->at);
	size_t len = strlen(text);
	if (!(p->text = malloc(len + 1))) {
		sh->failed = true;
		return;
	}
	memcpy(p->text, text, len + 1);
	sh->n++;
}

static void add_intervention(void *ctx, int64_t t_ms, const char *text)
{
	add(ctx, t_ms < 0 ? PARA_TEXT : PARA_TIMED, t_ms, text);
}

/* The format as the report's header says it. */
static void format_text(const cc_lang *lang, const cc_match_settings *s, const cc_match_view *v, char *buf,
                        size_t size)
{
	const cc_game_class *game = cc_game_class_of(s->format);
	char tc[64];
	int len;
	if (game->traits & CC_GAME_CATEGORY) {
		len = snprintf(buf, size, _("%s, %s (quota %d)"), _(game->label), cc_session_category_text(s->category),
		               v->quota);
	} else if (game->traits & CC_GAME_TIME_CONTROL) {
		cc_session_time_control(lang, s, tc, sizeof tc);
		len = snprintf(buf, size, _("Chess game (FIDE Laws), time control %s, claims %s"), tc,
		               cc_session_claims_text(lang, s->claims));
	} else {
		len = snprintf(buf, size, "%s", _(game->label));
	}
	if (s->variant != CC_CHESS_VARIANT_STANDARD && len >= 0 && (size_t)len < size)
		snprintf(buf + len, size - (size_t)len, _(", on a Checkered board"));
}

static void fill_heading(sheet *sh, cc_session_db *db, cc_session *session, const cc_match_view *v)
{
	const cc_lang *lang = sh->lang;
	const cc_session_info *info = cc_session_info_of(session);
	const cc_match_settings *s = cc_match_settings_of(cc_session_match(session));
	bool game = cc_session_format_is_game(s->format);
	snprintf(sh->title, sizeof sh->title, "%s", game ? _("Game sheet") : _("Match sheet"));
	int len = snprintf(sh->heading[0], sizeof sh->heading[0], game ? _("Game %lld") : _("Match %lld"),
	                   (long long)info->id);
	if (info->created_utc[0] && len >= 0 && (size_t)len < sizeof sh->heading[0])
		snprintf(sh->heading[0] + len, sizeof sh->heading[0] - (size_t)len, "  \xc2\xb7  %.10s", info->created_utc);
	cc_session_match_club club;
	sh->heading[1][0] = '\0';
	if (db && cc_session_club_match(db, info->id, &club, NULL) == CC_OK && club.in_event)
		snprintf(sh->heading[1], sizeof sh->heading[1], _("Event: %s, round %u"), club.event, club.round);
	else
		snprintf(sh->heading[1], sizeof sh->heading[1], "%s", _("Not part of an event"));
	snprintf(sh->signers[0], sizeof sh->signers[0], "%s", _("Arbiter"));
	snprintf(sh->signers[1], sizeof sh->signers[1], _("White: %s"), s->white);
	snprintf(sh->signers[2], sizeof sh->signers[2], _("Black: %s"), s->black);
	snprintf(sh->heading[2], sizeof sh->heading[2], "%s  \xc2\xb7  %s", sh->signers[1], sh->signers[2]);
	format_text(lang, s, v, sh->heading[3], sizeof sh->heading[3]);
}

/* Every paragraph of the body, in the renderer's words. */
static void fill_body(sheet *sh, cc_session *session, const cc_match_view *v)
{
	const cc_lang *lang = sh->lang;
	const cc_match *match = cc_session_match(session);
	const cc_match_settings *s = cc_match_settings_of(match);
	char text[2048];
	if (cc_game_has(s->format, CC_GAME_BLOCKS)) {
		add(sh, PARA_HEADING, 0, _("Blocks"));
		for (size_t i = 0; i < cc_match_block_count(match); i++) {
			cc_session_describe_block(lang, cc_match_block_at(match, i), s, text, sizeof text);
			add(sh, PARA_TEXT, 0, text);
		}
		if (v->over && v->block_started) {
			char counts[256];
			cc_session_describe_move_counts(lang, true, s->white, v->moves[0], s->black, v->moves[1], counts,
			                                sizeof counts);
			snprintf(text, sizeof text, _("Block %d: %s; %s.\n"), v->block, _("the match ended in it"), counts);
			text[strcspn(text, "\n")] = '\0';
			add(sh, PARA_TEXT, 0, text);
		}
	} else if (!(cc_game_class_of(s->format)->traits & CC_GAME_DEALT)) {
		add(sh, PARA_HEADING, 0, _("The game"));
		char counts[256];
		cc_session_describe_move_counts(lang, false, s->white, v->moves[0], s->black, v->moves[1], counts,
		                                sizeof counts);
		snprintf(text, sizeof text, _("%s; final position %s\n"), counts, v->fen);
		text[strcspn(text, "\n")] = '\0';
		add(sh, PARA_TEXT, 0, text);
	}
	if (cc_game_has(s->format, CC_GAME_BLOCKS)) {
		/* RE-10.1: each solve time and where it came from, timer or typed */
		add(sh, PARA_HEADING, 0, _("Solve times"));
		size_t solves = 0;
		cc_event ev;
		for (size_t i = 0; i < cc_match_event_count(match); i++) {
			cc_match_event_at(match, i, &ev);
			if (ev.kind != CC_EV_CUBE)
				continue;
			cc_session_describe_event(lang, &ev, s, text, sizeof text);
			add(sh, PARA_TIMED, ev.t_ms, text);
			solves++;
		}
		if (!solves)
			add(sh, PARA_TEXT, 0, _("None."));
	}
	add(sh, PARA_HEADING, 0, _("Arbiter's interventions"));
	if (cc_session_interventions(lang, session, add_intervention, sh) == 0)
		add(sh, PARA_TEXT, 0, _("None."));
	add(sh, PARA_HEADING, 0, _("Result"));
	char result[CC_TEXT_MAX + 96];
	cc_session_describe_result(lang, v, s, result, sizeof result);
	snprintf(text, sizeof text, "%s (%s)", result, cc_session_result_code(v->over, v->winner));
	add(sh, PARA_TEXT, 0, text);
}

/* --- the layout -------------------------------------------------------------- */

#define TIME_COLUMN 54.0

/* Lays out (draw false: only measures) text from y in lines of width,
 * broken between words; returns the y after it. */
static double flow(const cc_session_pen *p, bool draw, double x, double y, double width, double step,
                   const char *text)
{
	char line[1024] = "";
	const char *t = text;
	while (*t) {
		while (*t == ' ')
			t++;
		size_t n = strcspn(t, " ");
		if (n == 0)
			break;
		size_t len = strlen(line);
		char trial[sizeof line];
		if (len + 1 + n >= sizeof trial)
			n = sizeof trial - len - 2;
		memcpy(trial, line, len);
		if (len)
			trial[len++] = ' ';
		memcpy(trial + len, t, n);
		trial[len + n] = '\0';
		if (line[0] && cc_session_pen_width(p, trial) > width) {
			if (draw)
				cc_session_pen_say(p, x, y, width, line);
			y += step;
			memcpy(line, t, n);
			line[n] = '\0';
		} else {
			memcpy(line, trial, len + n + 1);
		}
		t += n;
	}
	if (draw && line[0])
		cc_session_pen_say(p, x, y, width, line);
	return y + step;
}

/* The body at font size, from BODY_TOP; returns how many paragraphs were
 * drawn whole above limit (all of them: sh->n). */
static size_t body(const cc_session_pen *p, const sheet *sh, bool draw, double size, double limit)
{
	double y = BODY_TOP, step = size * 1.3;
	for (size_t i = 0; i < sh->n; i++) {
		const para *q = &sh->paras[i];
		cc_session_pen_font(p, q->kind == PARA_HEADING, false, q->kind == PARA_HEADING ? size + 1.5 : size);
		double top = q->kind == PARA_HEADING ? y + step * 0.5 : y;
		double x = MARGIN + (q->kind == PARA_TIMED ? TIME_COLUMN : 0);
		double end = flow(p, false, x, top, BODY_WIDTH - (x - MARGIN), step, q->text);
		if (end - step > limit)
			return i;
		if (draw && q->kind == PARA_TIMED)
			cc_session_pen_say(p, MARGIN, top, TIME_COLUMN - 4, q->at);
		if (draw)
			flow(p, true, x, top, BODY_WIDTH - (x - MARGIN), step, q->text);
		y = end + step * 0.25;
	}
	return sh->n;
}

static void draw_signatures(const cc_session_pen *p, const sheet *sh)
{
	const cc_lang *lang = sh->lang;
	double gap = 12, box = (BODY_WIDTH - 2 * gap) / 3;
	cc_session_pen_font(p, true, false, 11);
	cc_session_pen_say(p, MARGIN, SIGN_TOP - 8, BODY_WIDTH, _("Signatures"));
	cc_session_pen_font(p, false, false, 10);
	for (int i = 0; i < 3; i++) {
		double x = MARGIN + i * (box + gap);
		cc_session_pen_line(p, x, SIGN_TOP, x + box, SIGN_TOP, 0.6, 0.5);
		cc_session_pen_say(p, x, SIGN_TOP + 16, box, sh->signers[i]);
		/* the line to sign on */
		cc_session_pen_line(p, x, SIGN_TOP + SIGN_HEIGHT, x + box, SIGN_TOP + SIGN_HEIGHT, 0.8, 0);
	}
}

static void draw_sheet(const cc_session_pen *p, void *ctx)
{
	const sheet *sh = ctx;
	const cc_lang *lang = sh->lang;
	cc_session_pen_font(p, true, false, 20);
	cc_session_pen_say(p, MARGIN, 62, BODY_WIDTH, sh->title);
	cc_session_pen_font(p, false, false, 11);
	for (int i = 0; i < 4; i++)
		cc_session_pen_say(p, MARGIN, 86 + 15 * i, BODY_WIDTH, sh->heading[i]);
	cc_session_pen_line(p, MARGIN, BODY_TOP - 14, CC_SHEET_PAGE_WIDTH - MARGIN, BODY_TOP - 14, 0.6, 0.6);
	double limit = SIGN_TOP - 40, size = 10;
	while (size > 6 && body(p, sh, false, size, limit) < sh->n)
		size -= 0.5;
	size_t drawn = body(p, sh, true, size, limit - size * 1.3);
	if (drawn < sh->n) {
		char more[128];
		snprintf(more, sizeof more, _("(%zu more lines: see the text report, chesscubing show)"), sh->n - drawn);
		cc_session_pen_font(p, false, false, size);
		cc_session_pen_say(p, MARGIN, limit, BODY_WIDTH, more);
	}
	draw_signatures(p, sh);
}

static void sheet_free(sheet *sh)
{
	for (size_t i = 0; i < sh->n; i++)
		free(sh->paras[i].text);
	free(sh->paras);
}

cc_err cc_session_match_sheet_print(const cc_lang *lang, cc_session_db *db, cc_session *session,
                                    cc_sheet_picture kind, const char *path, cc_error *err)
{
	const cc_match *match = cc_session_match(session);
	cc_match_view v;
	cc_match_view_at(match, cc_match_last_time(match), &v);
	sheet sh = {.lang = lang};
	fill_heading(&sh, db, session, &v);
	fill_body(&sh, session, &v);
	cc_err rc = sh.failed ? cc_refuse(err, CC_MSG_SHEET_WRITE_FAILED, path, strerror(ENOMEM))
	                      : cc_session_pen_write(sh.title, kind, draw_sheet, &sh, path, err);
	sheet_free(&sh);
	return rc;
}

cc_err cc_session_write_match_sheet_pdf(const cc_lang *lang, cc_session_db *db, cc_session *session, char *path,
                                        size_t size, cc_error *err)
{
	char folder[4096];
	if (size)
		path[0] = '\0';
	if (!cc_session_db_folder(db, folder, sizeof folder))
		return cc_refuse(err, CC_MSG_SHEET_WRITE_FAILED, "match-sheet.pdf", strerror(ENOENT));
	char file[4096 + 64];
	snprintf(file, sizeof file, "%s/match-sheet-%lld.pdf", folder, (long long)cc_session_id(session));
	cc_err rc = cc_session_match_sheet_print(lang, db, session, CC_SHEET_PDF, file, err);
	if (rc == CC_OK)
		snprintf(path, size, "%s", file);
	return rc;
}
