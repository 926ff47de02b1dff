/*
 * game_class.c: the table of games (game.h). One row per format: its
 * spellings, what it has, its timings, the rating list it counts in
 * (CL-2.10), the operations the shell may ask of it, and the rules the
 * match core runs it by (each in the game's own file).
 */
#include "chesscubing/game.h"

#include "match_internal.h"

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

/* One row per game; its operations are in its rules' file (match_internal.h
 * names them): match_chesscubing.c for Twice and Time, match_fide.c for a
 * chess game, match_uno.c for Chess-Uno. */
static const cc_game_class classes[] = {
	{.format = CC_FORMAT_TWICE, .name = "twice", .label = N_("ChessCubing Twice V2"),
	 .title = N_("ChessCubing Twice"),
	 .traits = CC_GAME_BLOCKS | CC_GAME_CUBES | CC_GAME_MOVE_CLOCK | CC_GAME_CATEGORY | CC_GAME_VARIANTS |
	           CC_GAME_TIMED,
	 .rating_list = CC_CLUB_LIST_CHESSCUBING, .pgn_time_control = "1/20", .may_hear = plain_hear,
	 .block_ms = CC_BLOCK_MS, .move_ms = CC_MOVE_MS, .rules = &cc_match_twice_rules},
	{.format = CC_FORMAT_TIME, .name = "time", .label = N_("ChessCubing Time V1"), .title = N_("ChessCubing Time"),
	 .traits = CC_GAME_BLOCKS | CC_GAME_CUBES | CC_GAME_CATEGORY | CC_GAME_VARIANTS | CC_GAME_TIMED,
	 .rating_list = CC_CLUB_LIST_CHESSCUBING, .pgn_time_control = "600", .may_hear = plain_hear,
	 .block_ms = CC_BLOCK_MS, .clock_ms = CC_TIME_CLOCK_MS, .rules = &cc_match_time_rules},
	{.format = CC_FORMAT_CHESS, .name = "chess", .label = N_("Chess game"), .title = N_("Chess game"),
	 .traits = CC_GAME_TIME_CONTROL | CC_GAME_CLAIMS | CC_GAME_AGREED_DRAW | CC_GAME_VARIANTS |
	           CC_GAME_MOVES_ALWAYS | CC_GAME_SINGLE | CC_GAME_TIMED | CC_GAME_FIDE,
	 .rating_list = CC_CLUB_LIST_CHESS, .may_hear = claims_hear, .rules = &cc_match_chess_rules},
	{.format = CC_FORMAT_UNO, .name = "uno", .label = N_("Chess-Uno"), .title = N_("Chess-Uno"),
	 .traits = CC_GAME_AGREED_DRAW | CC_GAME_DEALT | CC_GAME_MOVES_ALWAYS | CC_GAME_SINGLE,
	 .rating_list = CC_CLUB_LIST_UNO, .may_hear = plain_hear, .rules = &cc_match_uno_rules},
};

#define CLASS_COUNT (sizeof classes / sizeof classes[0])

const cc_game_class *cc_game_class_find(cc_format format)
{
	for (size_t i = 0; i < CLASS_COUNT; i++) {
		if (classes[i].format == format)
			return &classes[i];
	}
	return NULL;
}

const cc_game_class *cc_game_class_of(cc_format format)
{
	const cc_game_class *game = cc_game_class_find(format);
	assert(game && "a format without a class");
	return game ? game : &classes[0];
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
