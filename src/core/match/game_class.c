/*
 * game_class.c: the table of games (game.h). One line per format: its
 * spellings, what it has, the rating list it counts in (CL-2.10) and the
 * operations the shell may ask of it.
 */
#include "chesscubing/game.h"

#include <assert.h>
#include <string.h>

#define N_(s) (s) /* the labels are translated where they are shown (src/po/fr.po) */

/* A claim is heard exactly when a draw could be agreed (FI-9.2: the game
 * on, paused or not), so the agreed draw is the probe; whether the claim
 * holds is asked once its kind is known. */
static cc_err claims_hear(const cc_match *match, cc_event_kind kind, cc_side side, int64_t t_ms, cc_error *why)
{
	cc_event probe = kind == CC_EV_CLAIM ? cc_event_draw(t_ms) : (cc_event){.kind = kind, .t_ms = t_ms, .side = side};
	return cc_match_check(match, &probe, NULL, why);
}

/* A game without claims: the core's own refusal of the claim says why not
 * (ChessCubing's is CO-5.1). */
static cc_err plain_hear(const cc_match *match, cc_event_kind kind, cc_side side, int64_t t_ms, cc_error *why)
{
	cc_event probe = kind == CC_EV_CLAIM ? cc_event_claim(t_ms, side, "threefold")
	                                     : (cc_event){.kind = kind, .t_ms = t_ms, .side = side};
	return cc_match_check(match, &probe, NULL, why);
}

static const cc_game_class classes[] = {
	{CC_FORMAT_TWICE, "twice", N_("ChessCubing Twice V2"), N_("ChessCubing Twice"),
	 CC_GAME_BLOCKS | CC_GAME_CUBES | CC_GAME_MOVE_CLOCK | CC_GAME_CATEGORY | CC_GAME_VARIANTS | CC_GAME_TIMED,
	 CC_CLUB_LIST_CHESSCUBING, "1/20", plain_hear},
	{CC_FORMAT_TIME, "time", N_("ChessCubing Time V1"), N_("ChessCubing Time"),
	 CC_GAME_BLOCKS | CC_GAME_CUBES | CC_GAME_CATEGORY | CC_GAME_VARIANTS | CC_GAME_TIMED, CC_CLUB_LIST_CHESSCUBING,
	 "600", plain_hear},
	{CC_FORMAT_CHESS, "chess", N_("Chess game"), N_("Chess game"),
	 CC_GAME_TIME_CONTROL | CC_GAME_CLAIMS | CC_GAME_AGREED_DRAW | CC_GAME_VARIANTS | CC_GAME_MOVES_ALWAYS |
	     CC_GAME_SINGLE | CC_GAME_TIMED | CC_GAME_FIDE,
	 CC_CLUB_LIST_CHESS, NULL, claims_hear},
	{CC_FORMAT_UNO, "uno", N_("Chess-Uno"), N_("Chess-Uno"),
	 CC_GAME_AGREED_DRAW | CC_GAME_DEALT | CC_GAME_MOVES_ALWAYS | CC_GAME_SINGLE, CC_CLUB_LIST_UNO, NULL, plain_hear},
};

#define CLASS_COUNT (sizeof classes / sizeof classes[0])

const cc_game_class *cc_game_class_of(cc_format format)
{
	for (size_t i = 0; i < CLASS_COUNT; i++) {
		if (classes[i].format == format)
			return &classes[i];
	}
	assert(!"a format without a class");
	return &classes[0];
}

const cc_game_class *cc_game_class_named(const char *name)
{
	for (size_t i = 0; i < CLASS_COUNT; i++) {
		if (strcmp(classes[i].name, name) == 0)
			return &classes[i];
	}
	return NULL;
}

const cc_game_class *cc_game_classes(size_t *count)
{
	*count = CLASS_COUNT;
	return classes;
}

bool cc_game_has(cc_format format, unsigned traits)
{
	return (cc_game_class_of(format)->traits & traits) == traits;
}

const cc_game_class *cc_game_class_of_match(const cc_match *match)
{
	return cc_game_class_of(cc_match_settings_of(match)->format);
}

cc_err cc_game_may_hear(const cc_match *match, cc_event_kind kind, cc_side side, int64_t t_ms, cc_error *why)
{
	return cc_game_class_of_match(match)->may_hear(match, kind, side, t_ms, why);
}
