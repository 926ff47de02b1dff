/* state_json.c: builds the scenario driver's state object from a view. */
#include "chesscubing/session_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static json_t *pair_int(int64_t white, int64_t black)
{
	return json_pack("{s:I, s:I}", "white", (json_int_t)white, "black", (json_int_t)black);
}

static json_t *pair_bool(bool white, bool black)
{
	return json_pack("{s:b, s:b}", "white", white, "black", black);
}

/* A solve time: null when not entered, "DNF", or hundredths. */
static json_t *solve_json(int32_t cs)
{
	if (cs == CC_CUBE_NONE)
		return json_null();
	if (cs == CC_CUBE_DNF)
		return json_string("DNF");
	return json_integer(cs);
}

static json_t *cube_json(const cc_match_view *v)
{
	if (v->phase != CC_PHASE_CUBE)
		return json_null();
	return json_pack("{s:i, s:i, s:o, s:o}", "number", v->cube_number, "attempt", v->cube_attempt,
	                 "white_cs", solve_json(v->cube_cs[CC_SIDE_WHITE]), "black_cs",
	                 solve_json(v->cube_cs[CC_SIDE_BLACK]));
}

/* The block's summary as the text one gives it: a lost double move
 * (TW-6.4), the last tied attempt of a replayed cube phase and its times
 * (null when none was tied). */
static json_t *block_json(const cc_block_summary *b)
{
	json_t *o = json_pack("{s:i, s:s, s:b, s:o, s:o, s:o, s:s, s:i, s:i, s:o, s:o, s:s, s:o}", "block", b->block,
	                 "starter", cc_side_name(b->starter), "double_move", b->had_double_move, "moves",
	                 pair_int(b->moves[0], b->moves[1]), "lost", pair_int(b->lost[0], b->lost[1]), "extra",
	                 pair_int(b->extra[0], b->extra[1]), "end", b->end == CC_BLOCK_END_TIME ? "time" : "quota",
	                 "cube_number", b->cube_number, "replays", b->replays, "white_cs",
	                 solve_json(b->cube_cs[0]), "black_cs", solve_json(b->cube_cs[1]), "cube_winner",
	                 cc_winner_name(b->cube_winner), "adjust_ms", pair_int(b->adjust_ms[0], b->adjust_ms[1]));
	bool tied = b->replays > 0;
	if (o && (json_object_set_new(o, "double_move_lost", json_boolean(b->had_double_move && b->double_move_lost)) ||
	          json_object_set_new(o, "tied_cube", tied ? json_integer(b->tied_cube) : json_null()) ||
	          json_object_set_new(o, "tied_cs",
	                              tied ? json_pack("{s:o, s:o}", "white", solve_json(b->tied_cs[CC_SIDE_WHITE]),
	                                               "black", solve_json(b->tied_cs[CC_SIDE_BLACK]))
	                                   : json_null()))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *blocks_json(const cc_match *match)
{
	json_t *list = json_array();
	for (size_t i = 0; list && i < cc_match_block_count(match); i++) {
		if (json_array_append_new(list, block_json(cc_match_block_at(match, i))) != 0) {
			json_decref(list);
			return NULL;
		}
	}
	return list;
}

static json_t *result_json(const cc_match_view *v)
{
	if (!v->over)
		return json_null();
	return json_pack("{s:s, s:s, s:s}", "winner", cc_winner_name(v->winner), "reason", cc_reason_name(v->reason),
	                 "text", v->reason_text);
}

static json_t *clock_state_json(const cc_match *match, int64_t t_ms, bool with_blocks)
{
	const cc_match_settings *s = cc_match_settings_of(match);
	cc_match_view v;
	cc_match_view_at(match, t_ms, &v);
	json_t *move_ms = v.has_move_clock ? json_integer(v.move_ms_left) : json_null();
	json_t *clocks = v.has_chess_clocks ? pair_int(v.clock_ms[0], v.clock_ms[1]) : json_null();
	json_t *last_cube = v.has_last_cube ? block_json(&v.last_cube) : json_null();
	char seed[24]; /* a string: JSON readers lose 64-bit integers */
	snprintf(seed, sizeof seed, "%llu", (unsigned long long)s->seed);
	return json_pack("{s:I, s:s, s:s, s:s, s:{s:s, s:s}, s:s, s:i, s:s, s:b, s:i, s:b, s:b, s:s, s:o, s:o,"
	                 " s:I, s:o, s:o, s:o, s:s, s:b, s:o, s:o, s:o, s:o}",
	                 "t_ms", (json_int_t)v.t_ms, "format", cc_format_name(s->format), "category",
	                 cc_category_name(s->category), "record", cc_record_mode_name(s->record),
	                 "players", "white", s->white, "black", s->black, "seed", seed, "quota", v.quota,
	                 "phase", cc_phase_name(v.phase), "paused", v.paused, "block", v.block, "block_started",
	                 v.block_started, "closing", v.closing, "to_move", cc_side_name(v.to_move), "moves",
	                 pair_int(v.moves[0], v.moves[1]), "lost", pair_int(v.lost[0], v.lost[1]), "block_ms_left",
	                 (json_int_t)v.block_ms_left, "move_ms_left", move_ms, "clock_ms", clocks, "flagged",
	                 pair_bool(v.flagged[0], v.flagged[1]), "double_move", cc_double_move_name(v.double_move),
	                 "check", v.check, "cube", cube_json(&v), "last_cube", last_cube, "blocks",
	                 with_blocks ? blocks_json(match) : json_null(), "result", result_json(&v));
}

/* The draw states of the board, by name (RU-20). */
static json_t *draws_json(unsigned draws)
{
	json_t *list = json_array();
	for (unsigned bit = 1; list && bit <= CC_CHESS_DRAW_SEVENTY_FIVE; bit <<= 1) {
		if ((draws & bit) &&
		    json_array_append_new(list, json_string(cc_chess_draw_name((cc_chess_draw)bit))) != 0) {
			json_decref(list);
			return NULL;
		}
	}
	return list;
}

/* A chess clock as JSON: the first period's base and bonus (as before
 * periods came), the club's spelling, and each period (FI-6.11). */
static json_t *time_control_json(const cc_match_settings *s)
{
	static const char *const modes[] = {"increment", "bronstein", "delay"};
	cc_tc_period p[CC_TC_PERIODS_MAX];
	int n = cc_tc_periods(s, p);
	if (n == 0)
		return json_null();
	char text[64];
	cc_tc_format(s, CC_TC_CLUB, text, sizeof text);
	json_t *periods = json_array();
	for (int i = 0; i < n; i++)
		json_array_append_new(periods, json_pack("{s:o, s:I, s:I, s:s}", "moves",
		                                         p[i].moves ? json_integer(p[i].moves) : json_null(), "base_ms",
		                                         (json_int_t)p[i].base_ms, "bonus_ms", (json_int_t)p[i].bonus_ms,
		                                         "mode", modes[p[i].mode]));
	return json_pack("{s:I, s:I, s:s, s:o}", "base_ms", (json_int_t)s->tc_base_ms, "increment_ms",
	                 (json_int_t)s->tc_increment_ms, "text", text, "periods", periods);
}

/* The board's variant; a chess game's time control and claims. */
static int add_game_settings(json_t *state, const cc_match_settings *s)
{
	int rc = json_object_set_new(state, "variant", json_string(cc_chess_variant_name(s->variant)));
	if (rc == 0 && cc_game_has(s->format, CC_GAME_TIME_CONTROL))
		rc = json_object_set_new(state, "time_control", time_control_json(s)) ||
		     json_object_set_new(state, "claims", json_string(cc_claims_name(s->claims)));
	return rc;
}

/* A card as the state says it: its ID and the core's label; null for none. */
static json_t *card_json(int id)
{
	char label[24];
	if (id == CC_UNO_NO_CARD)
		return json_null();
	cc_uno_card_label(id, label, sizeof label);
	return json_pack("{s:i, s:s}", "id", id, "label", label);
}

/* [player] or [army] pairs of the core's view, keyed as the match's players
 * ("white": player A, who had White at the start) or armies. */
static json_t *uno_pair(int a, int b)
{
	return json_pack("{s:i, s:i}", "white", a, "black", b);
}

/*
 * Format uno: what the core's view says (rules/chess-uno.md, seed 002 §8:
 * what every player sees): never the pile's order. Players are "white"
 * (player A, who had White at the start) and "black" (player B).
 */
static json_t *uno_json(const cc_uno_game *game)
{
	cc_uno_view v;
	cc_uno_view_now(game, &v);
	json_t *discards = json_pack("{s:{s:I, s:o}, s:{s:I, s:o}}", "white", "count",
	                             (json_int_t)v.discard_count[CC_UNO_PLAYER_A], "top",
	                             card_json(v.discard_top[CC_UNO_PLAYER_A]), "black", "count",
	                             (json_int_t)v.discard_count[CC_UNO_PLAYER_B], "top",
	                             card_json(v.discard_top[CC_UNO_PLAYER_B]));
	return json_pack("{s:s, s:i, s:s, s:s, s:{s:s, s:s}, s:o, s:i, s:i, s:i, s:b, s:i, s:I, s:o, s:i, s:o, s:o,"
	                 " s:i}",
	                 "phase", cc_uno_phase_name(v.phase), "turn", (int)v.turn, "army", cc_side_name(v.army),
	                 "player", v.player == CC_UNO_PLAYER_A ? "white" : "black", "controllers", "white_army",
	                 v.controller[CC_SIDE_WHITE] == CC_UNO_PLAYER_A ? "white" : "black", "black_army",
	                 v.controller[CC_SIDE_BLACK] == CC_UNO_PLAYER_A ? "white" : "black", "card", card_json(v.card),
	                 "moves_granted", v.moves_granted, "moves_made", v.moves_made, "moves_left", v.moves_left,
	                 "may_end", v.may_end, "placements_left", v.placements_left, "pile", (json_int_t)v.pile_count,
	                 "discards", discards, "reshuffles", (int)v.reshuffles, "recoverable",
	                 uno_pair(v.recoverable[CC_SIDE_WHITE], v.recoverable[CC_SIDE_BLACK]), "king_attacked",
	                 pair_bool(v.king_attacked[CC_SIDE_WHITE], v.king_attacked[CC_SIDE_BLACK]),
	                 "turns_without_move", v.turns_without_move);
}

/* Moves recording adds the board to the state; count recording has no such keys. */
json_t *cc_session_state_json(const cc_match *match, int64_t t_ms, bool with_blocks)
{
	const cc_match_settings *s = cc_match_settings_of(match);
	json_t *state = clock_state_json(match, t_ms, with_blocks);
	cc_match_view v;
	cc_match_view_at(match, t_ms, &v);
	if (state && cc_game_has(s->format, CC_GAME_DEALT) && json_object_set_new(state, "uno", uno_json(cc_match_uno(match))) != 0) {
		json_decref(state);
		return NULL;
	}
	if (state && add_game_settings(state, s) != 0) {
		json_decref(state);
		return NULL;
	}
	if (!state || !v.has_board)
		return state;
	json_t *board = json_pack("{s:s, s:I, s:o, s:I, s:b, s:o}", "fen", v.fen, "plies", (json_int_t)v.plies,
	                          "last_move_san", v.plies ? json_string(v.last_move_san) : json_null(),
	                          "legal_moves", (json_int_t)v.legal_moves, "stalemate", v.stalemate, "draws",
	                          draws_json(v.draws));
	int rc = board ? json_object_update(state, board) : -1;
	json_decref(board);
	if (rc != 0) {
		json_decref(state);
		return NULL;
	}
	return state;
}

int cc_session_state_json_write(FILE *out, const json_t *state, const cc_match *match)
{
	static const char hole[] = "\"blocks\":null";
	char *text = json_dumps(state, JSON_COMPACT | JSON_PRESERVE_ORDER);
	if (!text)
		return -1;
	/* A quote inside a string value is escaped: this is the key itself. */
	char *at = strstr(text, hole);
	int rc = 0;
	if (!at) {
		rc = fputs(text, out) == EOF ? -1 : 0;
	} else {
		fwrite(text, 1, (size_t)(at - text), out);
		fputs("\"blocks\":[", out);
		for (size_t i = 0; rc == 0 && i < cc_match_block_count(match); i++) {
			json_t *block = block_json(cc_match_block_at(match, i));
			rc = block && (i == 0 || fputc(',', out) != EOF) ? json_dumpf(block, out, JSON_COMPACT | JSON_PRESERVE_ORDER)
			           : -1;
			json_decref(block);
		}
		fputc(']', out);
		fputs(at + sizeof hole - 1, out);
	}
	free(text);
	return rc == 0 && !ferror(out) ? 0 : -1;
}

json_t *cc_session_state_json_block(const cc_match *match, size_t i)
{
	return block_json(cc_match_block_at(match, i));
}

int cc_session_fairness_json(json_t *state, const cc_session *session)
{
	const cc_session_info *info = cc_session_info_of(session);
	const char *secret = cc_session_uno_secret(session);
	if (!cc_game_has(info->settings.format, CC_GAME_DEALT))
		return 0;
	int rc = json_object_set_new(state, "commitment", json_string(info->commitment));
	if (rc == 0) /* UNO-F10: a deal given, not shuffled, is never rated */
		rc = json_object_set_new(state, "fixed_deal", json_boolean(info->settings.uno.fixed));
	if (rc == 0 && secret[0])
		rc = json_object_set_new(state, "secret", json_string(secret)) ||
		     json_object_set_new(state, "deal", json_string(info->settings.uno.deal));
	return rc;
}
