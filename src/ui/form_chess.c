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
#include "ui_internal.h"

#include <stdio.h>

/* The order of the fields on screen; cc_ui_form_shows() drops some for
 * the format, cc_ui_setup_shown() the club's when they do not apply. */
static const cc_ui_field order[CC_UI_FIELD_COUNT] = {
	CC_UI_FIELD_PAIRING, CC_UI_FIELD_FORMAT, CC_UI_FIELD_CATEGORY, CC_UI_FIELD_PLAYER1,
	CC_UI_FIELD_PLAYER2, CC_UI_FIELD_COLOURS, CC_UI_FIELD_RECORD,  CC_UI_FIELD_VARIANT,
	CC_UI_FIELD_TC,      CC_UI_FIELD_CLAIMS,  CC_UI_FIELD_RATED,   CC_UI_FIELD_SEED,
	CC_UI_FIELD_UNO_OPTIONS, CC_UI_FIELD_START,
};

/* The time controls Left/Right cycle through, in minutes and seconds; any
 * other is typed (Enter). 0+0 is "no clock". */
static const struct {
	int minutes, seconds;
} presets[] = {{5, 3}, {3, 2}, {10, 0}, {15, 10}, {25, 10}, {90, 30}, {0, 0}};
#define PRESETS (sizeof presets / sizeof presets[0])

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
	if (f->tc_base_ms <= 0)
		snprintf(buf, size, "none");
	else
		snprintf(buf, size, "%lld+%lld", (long long)(f->tc_base_ms / 60000), (long long)(f->tc_increment_ms / 1000));
}

static void tc_value(const cc_ui_form *f, char *buf, size_t size)
{
	char tc[48];
	if (f->tc_base_ms <= 0) {
		snprintf(buf, size, "< %s >", _("no clock"));
		return;
	}
	cc_ui_form_tc_text(f, tc, sizeof tc);
	snprintf(buf, size, _("< %s: %lld min each, +%lld s a move >"), tc, (long long)(f->tc_base_ms / 60000),
	         (long long)(f->tc_increment_ms / 1000));
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
	int at = -1;
	for (int i = 0; i < (int)PRESETS; i++)
		if (f->tc_base_ms == presets[i].minutes * INT64_C(60000) && f->tc_increment_ms == presets[i].seconds * INT64_C(1000))
			at = i;
	at = at < 0 ? (dir > 0 ? 0 : (int)PRESETS - 1) : (at + (int)PRESETS + dir) % (int)PRESETS;
	f->tc_base_ms = presets[at].minutes * INT64_C(60000);
	f->tc_increment_ms = presets[at].seconds * INT64_C(1000);
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
		s->tc_base_ms = f->tc_base_ms;
		s->tc_increment_ms = f->tc_increment_ms;
	}
	if (traits & CC_GAME_CLAIMS)
		s->claims = f->claims;
}
