/*
 * form_chess.c: the setup form's fields for the board and the chess game
 * (issue 13): which fields a format shows and in what order, the variant
 * (moves recording), the time control and the claims (a chess game).
 *
 * Kept apart from screen_setup.c and console.c so that the player fields
 * grow there and the game fields here. A typed time control is read by the
 * session's parser (cc_session_time_control_parse), the one the scenario
 * format uses: the form never has rules of its own about what a time
 * control is.
 */
#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "ui_i18n.h"
#include "ui_setup.h"

#include <stdio.h>
#include <string.h>

/* The order of the fields on screen; cc_ui_form_shows() drops some for
 * the format, cc_ui_setup_shown() the club's when they do not apply. */
static const cc_ui_field order[CC_UI_FIELD_COUNT] = {
	CC_UI_FIELD_PAIRING, CC_UI_FIELD_FORMAT, CC_UI_FIELD_CATEGORY, CC_UI_FIELD_PLAYER1,
	CC_UI_FIELD_PLAYER2, CC_UI_FIELD_COLOURS, CC_UI_FIELD_RECORD,  CC_UI_FIELD_VARIANT,
	CC_UI_FIELD_TC,      CC_UI_FIELD_CLAIMS,  CC_UI_FIELD_RATED,   CC_UI_FIELD_SEED,
	CC_UI_FIELD_UNO_OPTIONS, CC_UI_FIELD_START,
};

/* The time controls Left/Right cycle through, in the club's spelling (the
 * core reads them, cc_tc_parse); any other is typed (Enter). FIDE's
 * classical control and a US delay are among them (FI-6.11, FI-6.13). */
static const char *const presets[] = {"5+3", "3+2", "10", "15+10", "25+10", "90+30", "40/90+30:30+30", "90d5",
                                      "none"};
#define PRESETS (sizeof presets / sizeof presets[0])

/* The form's clock as a chess game's settings (the rest default). */
static cc_match_settings form_clock(const cc_ui_form *f)
{
	cc_match_settings s;
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_CHESS;
	s.record = CC_RECORD_MOVES;
	s.tc_base_ms = f->tc_base_ms;
	s.tc_increment_ms = f->tc_increment_ms;
	s.tc_moves = f->tc_moves;
	s.tc_mode = f->tc_mode;
	s.tc_more = f->tc_more;
	memcpy(s.tc_next, f->tc_next, sizeof s.tc_next);
	return s;
}

void cc_ui_form_set_clock(cc_ui_form *f, const cc_match_settings *s)
{
	f->tc_base_ms = s->tc_base_ms;
	f->tc_increment_ms = s->tc_increment_ms;
	f->tc_moves = s->tc_moves;
	f->tc_mode = s->tc_mode;
	f->tc_more = s->tc_more;
	memcpy(f->tc_next, s->tc_next, sizeof f->tc_next);
}

bool cc_ui_form_shows(const cc_ui_form *f, cc_ui_field field)
{
	unsigned traits = cc_game_class_of(f->format)->traits;
	bool moves = (traits & CC_GAME_MOVES_ALWAYS) || f->record == CC_RECORD_MOVES;
	switch (field) {
	case CC_UI_FIELD_CATEGORY:
		return traits & CC_GAME_CATEGORY;
	case CC_UI_FIELD_RECORD: /* a chess game and Chess-Uno are always moves recording */
		return !(traits & CC_GAME_MOVES_ALWAYS);
	case CC_UI_FIELD_SEED: /* the seed draws the cubes' scrambles */
		return traits & CC_GAME_CUBES;
	case CC_UI_FIELD_TC:
		return traits & CC_GAME_TIME_CONTROL;
	case CC_UI_FIELD_CLAIMS:
		return traits & CC_GAME_CLAIMS;
	case CC_UI_FIELD_VARIANT: /* Chess-Uno has chess rules of its own */
		return (traits & CC_GAME_VARIANTS) && moves;
	case CC_UI_FIELD_UNO_OPTIONS:
		return traits & CC_GAME_DEALT;
	case CC_UI_FIELD_FORMAT:
	case CC_UI_FIELD_PLAYER1:
	case CC_UI_FIELD_PLAYER2:
	case CC_UI_FIELD_COLOURS:
	case CC_UI_FIELD_START:
	case CC_UI_FIELD_PAIRING: /* the club's: cc_ui_setup_shown() */
	case CC_UI_FIELD_RATED:
		return true;
	}
	return true;
}

int cc_ui_form_fields(const cc_ui_form *f, cc_ui_field out[CC_UI_FIELD_COUNT])
{
	int n = 0;
	for (int i = 0; i < CC_UI_FIELD_COUNT; i++)
		if (cc_ui_form_shows(f, order[i]))
			out[n++] = order[i];
	return n;
}

void cc_ui_form_tc_text(const cc_ui_form *f, char *buf, size_t size)
{
	cc_match_settings s = form_clock(f);
	cc_tc_format(&s, CC_TC_CLUB, buf, size);
}

/* One period in words: "40 moves in 90 min", "30 min"; its bonus. */
static size_t period_words(const cc_tc_period *p, char *buf, size_t size, size_t len)
{
	int w = p->moves > 0 ? snprintf(buf + len, size - len, P_("%d move in %lld min", "%d moves in %lld min", p->moves), (int)p->moves,
	                                (long long)(p->base_ms / 60000))
	                     : snprintf(buf + len, size - len, _("%lld min"), (long long)(p->base_ms / 60000));
	if (w > 0 && (len += (size_t)w) < size && (p->bonus_ms > 0 || p->mode != CC_TC_FISCHER)) {
		long long s = (long long)(p->bonus_ms / 1000);
		w = p->mode == CC_TC_BRONSTEIN ? snprintf(buf + len, size - len, _(", Bronstein %lld s"), s)
		    : p->mode == CC_TC_DELAY   ? snprintf(buf + len, size - len, _(", delay %lld s"), s)
		                               : snprintf(buf + len, size - len, _(", +%lld s a move"), s);
		if (w > 0)
			len += (size_t)w;
	}
	return len < size ? len : size - 1;
}

static void tc_value(const cc_ui_form *f, char *buf, size_t size)
{
	char tc[64];
	cc_match_settings s = form_clock(f);
	cc_tc_period p[CC_TC_PERIODS_MAX];
	int n = cc_tc_periods(&s, p);
	if (n == 0) {
		snprintf(buf, size, "< %s >", _("no clock"));
		return;
	}
	cc_ui_form_tc_text(f, tc, sizeof tc);
	if (n == 1 && p[0].mode == CC_TC_FISCHER) { /* the common case, said as always */
		snprintf(buf, size, _("< %s: %lld min each, +%lld s a move >"), tc, (long long)(f->tc_base_ms / 60000),
		         (long long)(f->tc_increment_ms / 1000));
		return;
	}
	int w = snprintf(buf, size, _("< %s: "), tc); /* French: "< %s : " */
	size_t len = w > 0 && (size_t)w < size ? (size_t)w : 0;
	for (int i = 0; i < n && len + 1 < size; i++) {
		if (i)
			len += (size_t)snprintf(buf + len, size - len, "%s", _(", then "));
		if (len + 1 < size)
			len = period_words(&p[i], buf, size, len);
	}
	if (len + 1 < size)
		snprintf(buf + len, size - len, " >");
}

bool cc_ui_form_chess_field(const cc_ui_form *f, cc_ui_field field, const char **label, char *buf, size_t size)
{
	switch (field) {
	case CC_UI_FIELD_VARIANT:
		*label = _("Board");
		snprintf(buf, size, "< %s >",
		         f->variant == CC_CHESS_VARIANT_CHECKERED ? _("Checkered: a capture makes a checkered piece")
		                                                  : _("standard chess"));
		return true;
	case CC_UI_FIELD_TC:
		*label = _("Time control");
		tc_value(f, buf, size);
		return true;
	case CC_UI_FIELD_CLAIMS:
		*label = _("Claims");
		snprintf(buf, size, "< %s >",
		         f->claims == CC_CLAIMS_AUTO ? _("auto: threefold repetition and 50 moves draw at once")
		                                     : _("manual: a player claims through the arbiter (k)"));
		return true;
	case CC_UI_FIELD_FORMAT:
	case CC_UI_FIELD_CATEGORY:
	case CC_UI_FIELD_PLAYER1:
	case CC_UI_FIELD_PLAYER2:
	case CC_UI_FIELD_COLOURS:
	case CC_UI_FIELD_RECORD:
	case CC_UI_FIELD_SEED:
	case CC_UI_FIELD_START:
	case CC_UI_FIELD_PAIRING:
	case CC_UI_FIELD_RATED:
	case CC_UI_FIELD_UNO_OPTIONS:
		return false;
	}
	return false;
}

/* The preset after (or before) the form's time control; a typed one that
 * is no preset goes to the first (or last). */
static void step_tc(cc_ui_form *f, int dir)
{
	char now[64];
	int at = -1;
	cc_ui_form_tc_text(f, now, sizeof now);
	for (int i = 0; i < (int)PRESETS; i++)
		if (strcmp(now, presets[i]) == 0)
			at = i;
	at = at < 0 ? (dir > 0 ? 0 : (int)PRESETS - 1) : (at + (int)PRESETS + dir) % (int)PRESETS;
	cc_match_settings s = form_clock(f);
	if (cc_tc_parse(presets[at], &s, NULL) == CC_OK) /* the presets are the core's to read */
		cc_ui_form_set_clock(f, &s);
}

void cc_ui_form_chess_change(cc_ui_form *f, int dir)
{
	switch (f->field) {
	case CC_UI_FIELD_FORMAT:
		f->format = (cc_format)(((int)f->format + 4 + dir) % 4); /* Twice, Time, chess game, Chess-Uno */
		return;
	case CC_UI_FIELD_VARIANT:
		f->variant = f->variant == CC_CHESS_VARIANT_STANDARD ? CC_CHESS_VARIANT_CHECKERED : CC_CHESS_VARIANT_STANDARD;
		return;
	case CC_UI_FIELD_TC:
		step_tc(f, dir);
		return;
	case CC_UI_FIELD_CLAIMS:
		f->claims = f->claims == CC_CLAIMS_AUTO ? CC_CLAIMS_MANUAL : CC_CLAIMS_AUTO;
		return;
	case CC_UI_FIELD_CATEGORY:
	case CC_UI_FIELD_PLAYER1:
	case CC_UI_FIELD_PLAYER2:
	case CC_UI_FIELD_COLOURS:
	case CC_UI_FIELD_RECORD:
	case CC_UI_FIELD_SEED:
	case CC_UI_FIELD_START:
	case CC_UI_FIELD_PAIRING:
	case CC_UI_FIELD_RATED:
	case CC_UI_FIELD_UNO_OPTIONS:
		return;
	}
}

void cc_ui_form_chess_settings(const cc_ui_form *f, cc_match_settings *s)
{
	unsigned traits = cc_game_class_of(f->format)->traits;
	if (traits & CC_GAME_MOVES_ALWAYS)
		s->record = CC_RECORD_MOVES;
	if ((traits & CC_GAME_VARIANTS) && s->record == CC_RECORD_MOVES)
		s->variant = f->variant;
	if (traits & CC_GAME_TIME_CONTROL) {
		cc_match_settings clock = form_clock(f);
		s->tc_base_ms = clock.tc_base_ms;
		s->tc_increment_ms = clock.tc_increment_ms;
		s->tc_moves = clock.tc_moves;
		s->tc_mode = clock.tc_mode;
		s->tc_more = clock.tc_more;
		memcpy(s->tc_next, clock.tc_next, sizeof s->tc_next);
	}
	if (traits & CC_GAME_CLAIMS)
		s->claims = f->claims;
}
