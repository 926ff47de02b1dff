/*
 * test_uno_session.c: Chess-Uno through the session, the record and the
 * real program (issue 14): the fair deal's commitment, a draw recorded
 * before it is shown and never drawn again on resume, and a 200-turn
 * random game played by `chesscubing script --db` that reads back from the
 * record to the same final state.
 *
 * The random game is generated from the core's own legal-move view
 * (cc_uno_legal_moves, cc_uno_move_to_san, cc_uno_placement_squares) with a
 * fixed seed, written as a scenario, then run by the real program.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chesscubing/session.h"
#include "chesscubing/session_export.h"
#include "chesscubing/session_scenario.h"
#include "chesscubing/uno.h"
#include "clauses.h"

#define PATH_LEN 512

/* ---- helpers ------------------------------------------------------------------ */

static char *run(const char *command)
{
	FILE *p = popen(command, "r");
	char *text = NULL;
	size_t size = 0;
	FILE *mem = open_memstream(&text, &size);
	char chunk[4096];
	size_t n;
	ck_assert(p && mem);
	while ((n = fread(chunk, 1, sizeof chunk, p)) > 0)
		fwrite(chunk, 1, n, mem);
	int status = pclose(p);
	fclose(mem);
	ck_assert_msg(WIFEXITED(status) && (WEXITSTATUS(status) == 0 || WEXITSTATUS(status) == 3), "%s: status %d\n%s",
	              command, status, text);
	return text;
}

static json_t *state_of(const char *text)
{
	json_error_t jerr;
	json_t *state = json_loads(text, 0, &jerr);
	ck_assert_msg(state != NULL, "not JSON: %s", text);
	json_object_del(state, "errors");
	json_object_del(state, "match_id");
	return state;
}

static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static const char *army_letter(cc_side side)
{
	return side == CC_SIDE_WHITE ? "w" : "b";
}

/* A move of the list after which neither king is attacked when there is
 * one (the core's check says), so that random play lasts; else any. */
static cc_chess_move pick_move(const cc_uno_game *g, const cc_chess_move_list *list, size_t n, uint64_t *rng,
                               char *san, size_t size)
{
	size_t start = (size_t)(rng_next(rng) % n);
	for (size_t k = 0; k < n; k++) {
		cc_chess_move m = list->moves[(start + k) % n];
		cc_uno_view after;
		cc_uno_move_to_san(g, m, san, size);
		cc_uno_event ev = cc_uno_ev_move(0, san);
		ev.t_ms = cc_uno_last_time(g);
		if (cc_uno_check(g, &ev, &after, NULL) == CC_OK && !after.king_attacked[0] && !after.king_attacked[1])
			return m;
	}
	cc_uno_move_to_san(g, list->moves[start], san, size);
	return list->moves[start];
}

/* One event of the random game, applied to g and written to out. */
static void play_one(cc_uno_game *g, FILE *out, int64_t t, uint64_t *rng)
{
	cc_uno_view v;
	cc_uno_event ev;
	cc_chess_move_list list;
	char san[CC_CHESS_SAN_MAX], sq[3] = {0};
	cc_uno_view_now(g, &v);
	switch (v.phase) {
	case CC_UNO_PHASE_DRAW:
		ck_assert(cc_uno_draw_event(g, t, &ev));
		fprintf(out, "%lld card %s\n", (long long)t, army_letter(v.army));
		break;
	case CC_UNO_PHASE_PLACEMENT: {
		uint64_t squares = cc_uno_placement_squares(g);
		if (squares && rng_next(rng) % 3 != 0) {
			unsigned skip = (unsigned)(rng_next(rng) % (uint64_t)__builtin_popcountll(squares)), s = 0;
			for (; skip > 0 || !(squares >> s & 1); s++)
				if (squares >> s & 1)
					skip--;
			ev = cc_uno_ev_place(t, s);
			sq[0] = (char)('a' + s % 8);
			sq[1] = (char)('1' + s / 8);
			fprintf(out, "%lld place %s %s\n", (long long)t, army_letter(v.army), sq);
		} else {
			ev = cc_uno_ev_end(t);
			fprintf(out, "%lld stop %s\n", (long long)t, army_letter(v.army));
		}
		break;
	}
	case CC_UNO_PHASE_MOVES: {
		size_t n = cc_uno_legal_moves(g, &list);
		if (v.may_end && (n == 0 || rng_next(rng) % 4 == 0)) {
			ev = cc_uno_ev_end(t);
			fprintf(out, "%lld stop %s\n", (long long)t, army_letter(v.army));
		} else {
			ck_assert_uint_gt(n, 0);
			pick_move(g, &list, n, rng, san, sizeof san);
			ev = cc_uno_ev_move(t, san);
			fprintf(out, "%lld move %s %s\n", (long long)t, army_letter(v.army), san);
		}
		break;
	}
	case CC_UNO_PHASE_OVER:
		ck_abort_msg("no event after the end");
	}
	cc_error err;
	ck_assert_msg(cc_uno_apply(g, &ev, &err) == CC_OK, "%s", err.message);
}

/*
 * Writes to path a random game of seed `seed` that lasts `turns` turns
 * (or ends before); returns the turns begun. The deal is the scenario's
 * seed=, as the session makes it.
 */
static unsigned write_random_game(const char *path, uint64_t seed, unsigned turns)
{
	cc_uno_settings settings;
	cc_uno_deal deal;
	uint8_t key[CC_UNO_KEY_SIZE];
	cc_uno_game *g = NULL;
	cc_uno_view v;
	uint64_t rng = seed * 2654435761u + 1;
	cc_uno_settings_default(&settings);
	settings.include_jokers = false; /* a Joker's queen move reaches a king far too often to last */
	cc_uno_key_from_seed(seed, key);
	cc_uno_deal_shuffle(&settings, key, &deal);
	ck_assert_int_eq(cc_uno_create(&g, &settings, &deal, NULL), CC_OK);
	FILE *out = fopen(path, "w");
	ck_assert(out != NULL);
	fprintf(out, "settings format=uno white=Alice black=Bruno includeJokers=false seed=%llu\n", (unsigned long long)seed);
	int64_t t = 0;
	for (cc_uno_view_now(g, &v); !v.over && v.turn <= turns; cc_uno_view_now(g, &v))
		play_one(g, out, t += 1000, &rng);
	fclose(out);
	cc_uno_destroy(g);
	return v.turn;
}

/* ---- tests -------------------------------------------------------------------------- */

/* The commitment is SHA-256(secret || deal || options || players) (version
 * 2, RE-3.4: version 1, the secret and the deal alone, is not it), shown
 * from the start; the
 * secret only once the game is over. */
START_TEST(test_uno_session_fair__commitment_hashes_deal_options_players)
{
	CLAUSES("UNO-F1 RE-3.4");
	cc_match_settings s;
	cc_session *session = NULL;
	cc_error err;
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_UNO;
	s.record = CC_RECORD_MOVES;
	snprintf(s.white, sizeof s.white, "Alice");
	snprintf(s.black, sizeof s.black, "Bruno");
	ck_assert_int_eq(cc_session_create(&session, NULL, &s, false, &err), CC_OK);
	const cc_session_info *info = cc_session_info_of(session);
	const char *deal = cc_match_settings_of(cc_session_match(session))->uno.deal;
	ck_assert_uint_eq(strlen(info->commitment), 64);
	ck_assert(strncmp(deal, "chess-uno-deal/1 key=", 21) == 0);
	ck_assert_str_eq(cc_session_uno_secret(session), ""); /* not before the end */
	cc_event resign = cc_event_resign(1000, CC_SIDE_BLACK);
	ck_assert_int_eq(cc_session_apply(session, &resign, &err), CC_OK);
	const char *secret = cc_session_uno_secret(session);
	uint8_t bytes[CC_SESSION_SECRET_BYTES];
	char again[CC_SESSION_HASH_HEX_MAX];
	ck_assert(cc_session_unhex(secret, bytes, sizeof bytes));
	const cc_match_settings *played = cc_match_settings_of(cc_session_match(session));
	char options[512];
	cc_match_uno_options_text(&played->uno.options, options, sizeof options);
	ck_assert_ptr_nonnull(strstr(options, " drawAfterTurnsWithoutMove=10"));
	ck_assert(strcmp(played->white, "Alice") == 0 || strcmp(played->black, "Alice") == 0);
	cc_session_commitment_v2(bytes, sizeof bytes, deal, options, played->white, played->black, again);
	ck_assert_str_eq(again, info->commitment);
	cc_session_commitment(bytes, sizeof bytes, deal, again);
	ck_assert_str_ne(again, info->commitment); /* version 1 bound neither */
	cc_session_destroy(session);
}
END_TEST

/* Two games are dealt differently: the deal comes from the random source. */
START_TEST(test_uno_session_fair__each_game_dealt_afresh)
{
	CLAUSES("UNO-1.4");
	cc_match_settings s;
	cc_session *a = NULL, *b = NULL;
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_UNO;
	s.record = CC_RECORD_MOVES;
	ck_assert_int_eq(cc_session_create(&a, NULL, &s, false, NULL), CC_OK);
	ck_assert_int_eq(cc_session_create(&b, NULL, &s, false, NULL), CC_OK);
	ck_assert_str_ne(cc_match_settings_of(cc_session_match(a))->uno.deal,
	                 cc_match_settings_of(cc_session_match(b))->uno.deal);
	ck_assert_str_ne(cc_session_info_of(a)->commitment, cc_session_info_of(b)->commitment);
	cc_session_destroy(a);
	cc_session_destroy(b);
}
END_TEST

/* A Chess-Uno game is played on a standard board: a Checkered one is
 * refused with the reason, and nothing is dealt. */
START_TEST(test_uno_session_fair__standard_board_only)
{
	CLAUSES("UNO-1.1");
	cc_match_settings s;
	cc_session *session = NULL;
	cc_error err;
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_UNO;
	s.record = CC_RECORD_MOVES;
	s.variant = CC_CHESS_VARIANT_CHECKERED;
	ck_assert_int_eq(cc_session_create(&session, NULL, &s, false, &err), CC_ERR_INVALID);
	ck_assert_ptr_null(session);
	ck_assert_int_eq(err.msg, CC_MSG_UNO_STANDARD_BOARD_ONLY);
	ck_assert_str_eq(err.args[0].text, "checkered");
}
END_TEST

/* A key pressed out of its phase is refused with the phase's reason: a
 * draw during a series, an end of series before any card is drawn. */
START_TEST(test_uno_session_refusals__out_of_phase_say_why)
{
	CLAUSES("UNO-2.2 UNO-4.1");
	cc_match_settings s;
	cc_session *session = NULL;
	cc_error err;
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_UNO;
	s.record = CC_RECORD_MOVES;
	ck_assert_int_eq(cc_session_uno_fixed_deal(&s.uno, "5", 1, &err), CC_OK); /* red 3 on top */
	ck_assert_int_eq(cc_session_create(&session, NULL, &s, false, &err), CC_OK);
	cc_event end = cc_event_tick(10);
	end.kind = CC_EV_STOP;
	end.side = CC_SIDE_WHITE;
	ck_assert_int_eq(cc_session_apply(session, &end, &err), CC_ERR_PHASE);
	ck_assert_int_eq(err.msg, CC_MSG_UNO_NO_SERIES);
	cc_event card = cc_event_tick(20);
	card.kind = CC_EV_CARD;
	card.side = CC_SIDE_WHITE;
	ck_assert_int_eq(cc_session_apply(session, &card, &err), CC_OK);
	card.t_ms = 30;
	card.text[0] = '\0';
	ck_assert_int_eq(cc_session_apply(session, &card, &err), CC_ERR_PHASE);
	ck_assert_int_eq(err.msg, CC_MSG_UNO_NO_DRAW_MOVES);
	ck_assert_int_eq(cc_session_apply(session, &end, &err), CC_ERR_TIME_BACKWARDS);
	end.t_ms = 40;
	ck_assert_int_eq(cc_session_apply(session, &end, &err), CC_ERR_PHASE);
	ck_assert_int_eq(err.msg, CC_MSG_UNO_SERIES_EMPTY);
	cc_session_destroy(session);
}
END_TEST

/* A card event is recorded with the card the pile gives, before anyone
 * sees it; the record read back shows the same card, drawn once. */
START_TEST(test_uno_session_draw__recorded_with_its_card_and_never_redrawn)
{
	CLAUSES("UNO-2.2 UNO-7.4");
	char folder[] = "/tmp/cc-uno-XXXXXX", db_path[PATH_LEN];
	cc_session_db *db = NULL;
	cc_session *session = NULL, *back = NULL;
	cc_match_settings s;
	cc_error err;
	ck_assert(mkdtemp(folder) != NULL);
	snprintf(db_path, sizeof db_path, "%s/m.db", folder);
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_UNO;
	s.record = CC_RECORD_MOVES;
	ck_assert_int_eq(cc_session_db_open(&db, db_path, CC_SESSION_DB_WRITE, NULL, &err), CC_OK);
	ck_assert_int_eq(cc_session_create(&session, db, &s, false, &err), CC_OK);
	cc_uno_event due;
	ck_assert(cc_uno_draw_event(cc_match_uno(cc_session_match(session)), 10, &due));
	cc_event card = cc_event_tick(10);
	card.kind = CC_EV_CARD;
	card.side = CC_SIDE_WHITE;
	ck_assert_int_eq(cc_session_apply(session, &card, &err), CC_OK);
	cc_event recorded;
	ck_assert(cc_match_event_at(cc_session_match(session), 0, &recorded));
	ck_assert_int_eq(atoi(recorded.text), due.card);
	ck_assert_int_eq(cc_session_read(&back, db, cc_session_id(session), &err), CC_OK);
	/* The card read back is the one drawn (in play, or already discarded
	 * when it grants no move: a 0, a skip, an Inversion). */
	const cc_uno_game *again = cc_match_uno(cc_session_match(back));
	ck_assert_uint_eq(cc_uno_step_count(again), 1);
	ck_assert_int_eq(cc_uno_step_at(again, 0)->card, due.card);
	ck_assert_uint_eq(cc_session_info_of(back)->events, 1);
	ck_assert_str_eq(cc_session_info_of(back)->commitment, cc_session_info_of(session)->commitment);
	cc_session_destroy(back);
	cc_session_destroy(session);
	cc_session_db_close(db);
	char command[PATH_LEN + 16];
	snprintf(command, sizeof command, "rm -rf '%s'", folder);
	ck_assert_int_eq(system(command), 0);
}
END_TEST

/* A 200-turn random game run by `script --db` ends in the state the record
 * gives back: the store replayed (--resume with no new event) and the JSON
 * export agree with the live run, and the game verifies. */
START_TEST(test_uno_session_random__200_turns_replay_from_the_store)
{
	CLAUSES("UNO-7.4 UNO-F1 UNO-F2");
	char folder[] = "/tmp/cc-uno-XXXXXX", scn[PATH_LEN], db_path[PATH_LEN], empty[PATH_LEN], cmd[4 * PATH_LEN];
	ck_assert(mkdtemp(folder) != NULL);
	snprintf(scn, sizeof scn, "%s/game.scn", folder);
	snprintf(db_path, sizeof db_path, "%s/m.db", folder);
	snprintf(empty, sizeof empty, "%s/empty.scn", folder);
	unsigned turns = 0;
	uint64_t seed = 1;
	for (; seed < 200 && turns <= 200; seed++)
		turns = write_random_game(scn, seed, 200);
	ck_assert_msg(turns > 200, "no seed gave a 200-turn game");
	FILE *f = fopen(empty, "w");
	fputs("settings format=uno\n", f);
	fclose(f);

	snprintf(cmd, sizeof cmd, "'%s' script --db '%s' '%s'", CC_PROGRAM, db_path, scn);
	char *live_text = run(cmd);
	snprintf(cmd, sizeof cmd, "'%s' script --db '%s' --resume 1 '%s'", CC_PROGRAM, db_path, empty);
	char *resumed_text = run(cmd);
	snprintf(cmd, sizeof cmd, "'%s' export --db '%s' --format json 1", CC_PROGRAM, db_path);
	char *export_text = run(cmd);
	json_t *live = state_of(live_text), *resumed = state_of(resumed_text), *exported = state_of(export_text);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(live, "uno"), "turn")), 201);
	ck_assert_int_gt(json_integer_value(json_object_get(json_object_get(live, "uno"), "reshuffles")), 0);
	ck_assert(json_array_size(json_object_get(exported, "events")) > 400);
	json_object_del(exported, "events");
	json_object_del(exported, "created_utc");
	char *a = json_dumps(live, JSON_COMPACT), *b = json_dumps(resumed, JSON_COMPACT);
	ck_assert_msg(json_equal(live, resumed), "live %s\nread back %s", a, b);
	ck_assert(json_equal(live, exported));
	free(a);
	free(b);
	json_decref(live);
	json_decref(resumed);
	json_decref(exported);
	free(live_text);
	free(resumed_text);
	free(export_text);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", folder);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* RE-3.5: an unfinished game of a secret deal numbered other than 1 (the
 * console's random seed) exports the cards drawn as deck= without seed=,
 * the seed said in a comment, and the export reads back (deck= with seed=
 * is refused). */
START_TEST(test_uno_session_export__deck_never_beside_seed)
{
	CLAUSES("RE-3.5");
	cc_session *session = NULL;
	cc_match_settings s;
	cc_error err;
	cc_match_settings_default(&s);
	s.format = CC_FORMAT_UNO;
	s.record = CC_RECORD_MOVES;
	s.seed = 7;
	ck_assert_int_eq(cc_session_create(&session, NULL, &s, false, &err), CC_OK);
	cc_event card = cc_event_tick(10);
	card.kind = CC_EV_CARD;
	card.side = CC_SIDE_WHITE;
	ck_assert_int_eq(cc_session_apply(session, &card, &err), CC_OK);
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	ck_assert_int_eq(cc_session_export(cc_lang_default(), out, session, CC_EXPORT_SCENARIO), 0);
	fclose(out);
	const char *line = strstr(text, "settings format=uno");
	ck_assert_ptr_nonnull(line);
	char settings[1024];
	snprintf(settings, sizeof settings, "%.*s", (int)strcspn(line, "\n"), line);
	ck_assert_msg(strstr(settings, " deck=") && !strstr(settings, " seed="), "%s", settings);
	ck_assert_ptr_nonnull(strstr(text, "# The game's seed is 7;"));
	FILE *in = fmemopen(text, len, "r");
	cc_session_scenario sc = {0};
	ck_assert_msg(cc_session_scenario_parse(in, &sc, &err) == CC_OK, "%s", err.message);
	fclose(in);
	cc_session_scenario_free(&sc);
	free(text);
	cc_session_destroy(session);
}
END_TEST

static Suite *uno_session_suite(void)
{
	Suite *s = suite_create("uno_session");
	TCase *fair = tcase_create("fair");
	tcase_add_test(fair, test_uno_session_fair__commitment_hashes_deal_options_players);
	tcase_add_test(fair, test_uno_session_fair__each_game_dealt_afresh);
	tcase_add_test(fair, test_uno_session_fair__standard_board_only);
	suite_add_tcase(s, fair);
	TCase *draw = tcase_create("draw");
	tcase_add_test(draw, test_uno_session_draw__recorded_with_its_card_and_never_redrawn);
	tcase_add_test(draw, test_uno_session_refusals__out_of_phase_say_why);
	tcase_add_test(draw, test_uno_session_export__deck_never_beside_seed);
	suite_add_tcase(s, draw);
	TCase *random = tcase_create("random");
	tcase_set_timeout(random, 120);
	tcase_add_test(random, test_uno_session_random__200_turns_replay_from_the_store);
	suite_add_tcase(s, random);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(uno_session_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
