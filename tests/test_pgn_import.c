/*
 * test_pgn_import.c: the PGN reader (session_pgn.h) on what other tools
 * write and on hostile files (issues 23 and 25): each refusal by its id
 * and its arguments (the game, the ply or the line), never its English.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "chesscubing/session_pgn.h"
#include "chesscubing/session_scenario.h"
#include "clauses.h"

/* Reads every game of text; returns the last code, *games read, the last game and err. */
static cc_err read_all(const char *text, size_t len, size_t *games, cc_pgn_game *game, cc_error *err)
{
	FILE *in = fmemopen((void *)text, len, "r");
	ck_assert_ptr_nonnull(in);
	cc_pgn_reader r;
	cc_pgn_game one;
	cc_err rc;
	cc_session_pgn_reader_init(&r, in);
	*games = 0;
	while ((rc = cc_session_pgn_next(&r, &one, err)) == CC_OK) {
		*game = one;
		(*games)++;
	}
	fclose(in);
	return rc;
}

static void fen_of(const cc_pgn_game *game, char *fen)
{
	cc_chess_position_to_fen(&game->final, fen, CC_CHESS_FEN_MAX);
}

START_TEST(test_pgn_import_lenient__bom_percent_castling_ep_nags)
{
	CLAUSES("none");
	static const char text[] = "\xEF\xBB\xBF% a line the standard says to ignore\n"
	                           "[Event \"x\"]\n[White \"A\"]\n[Black \"B\"]\n\n"
	                           "1. e4 ! e5 $1 2. Nf3 !? Nc6 3. Bc4 (3. Bb5 a6 {inside}) Bc5 4. 0-0 Nf6 5. d4 exd4\n"
	                           "% another\n6. e5 d5 7. exd6 e.p. O-O 8. dxc7 +- Qxc7 ; to the end\n9. Re1 *\n\n"
	                           "{a comment between games}\n[White \"C\"]\n\n"
	                           "1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. 0-0-0 0-0-0 *\n";
	size_t games;
	cc_pgn_game game;
	cc_error err = {0};
	char fen[CC_CHESS_FEN_MAX];
	ck_assert_int_eq(read_all(text, sizeof text - 1, &games, &game, &err), CC_ERR_NOT_FOUND);
	ck_assert_uint_eq(games, 2);
	ck_assert_uint_eq(game.plies, 10);
	fen_of(&game, fen);
	/* pgn-extract -F gives this final position */
	ck_assert_str_eq(fen, "2kr1bnr/pppqpppp/2n5/3p1b2/3P1B2/2N5/PPPQPPPP/2KR1BNR w - - 8 6");
}
END_TEST

START_TEST(test_pgn_import_lenient__game_without_marker_then_next)
{
	CLAUSES("none");
	static const char text[] = "[White \"A\"]\n\n1. d4 d5\n\n[White \"C\"]\n\n1. c4 *\n";
	size_t games;
	cc_pgn_game game;
	cc_error err = {0};
	ck_assert_int_eq(read_all(text, sizeof text - 1, &games, &game, &err), CC_ERR_NOT_FOUND);
	ck_assert_uint_eq(games, 2);
	ck_assert_str_eq(game.white, "C");
	ck_assert_uint_eq(game.plies, 1);
}
END_TEST

/* An error names the game, the ply and the token. */
START_TEST(test_pgn_import_errors__name_game_ply_token)
{
	CLAUSES("none");
	static const char text[] = "[White \"A\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n\n1. e4 e5 2. Ke3 *\n";
	size_t games;
	cc_pgn_game game;
	cc_error err = {0};
	ck_assert_int_eq(read_all(text, sizeof text - 1, &games, &game, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PGN_PLY_REFUSED);
	ck_assert_int_eq(err.args[0].n, 2);
	ck_assert_int_eq(err.args[1].n, 3);
	ck_assert_str_eq(err.args[2].text, "Ke3");
}
END_TEST

/* Issue 25: an unterminated tag value is refused with its line, not allowed to swallow the movetext. */
START_TEST(test_pgn_import_hostile__unterminated_tag_refused_with_line)
{
	CLAUSES("none");
	static const char text[] = "[Event \"e\"]\n[White \"A\n1. e4 e5 *\n";
	size_t games;
	cc_pgn_game game;
	cc_error err = {0};
	ck_assert_int_eq(read_all(text, sizeof text - 1, &games, &game, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PGN_TAG_UNTERMINATED);
	ck_assert_int_eq(err.args[0].n, 1);
	ck_assert_int_eq(err.args[1].n, 2);
}
END_TEST

START_TEST(test_pgn_import_hostile__nul_refused)
{
	CLAUSES("none");
	static const char text[] = "[White \"A\0B\"]\n\n1. e4 *\n";
	size_t games;
	cc_pgn_game game;
	cc_error err = {0};
	ck_assert_int_eq(read_all(text, sizeof text - 1, &games, &game, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PGN_NUL);
	ck_assert_int_eq(err.args[1].n, 1);
}
END_TEST

/* Issue 25: the Variant tag is matched exactly (RE-2.3); Chess-Uno is read by its own moves (RE-4.4). */
START_TEST(test_pgn_import_variant__exact_and_uno_read)
{
	CLAUSES("RE-2.3 RE-4.4");
	static const struct {
		const char *variant;
		cc_err rc;
		cc_msg msg;
		cc_chess_variant board;
	} cases[] = {
		{"Checkered", CC_ERR_NOT_FOUND, CC_MSG_INTERNAL, CC_CHESS_VARIANT_CHECKERED},
		{"ChessCubing Twice V2, Checkered", CC_ERR_NOT_FOUND, CC_MSG_INTERNAL, CC_CHESS_VARIANT_CHECKERED},
		{"ChessCubing Time V1", CC_ERR_NOT_FOUND, CC_MSG_INTERNAL, CC_CHESS_VARIANT_STANDARD},
		{"Standard", CC_ERR_NOT_FOUND, CC_MSG_INTERNAL, CC_CHESS_VARIANT_STANDARD},
		{"NotCheckered", CC_ERR_INVALID, CC_MSG_PGN_VARIANT_UNKNOWN, CC_CHESS_VARIANT_STANDARD},
		{"Chess-Uno", CC_ERR_NOT_FOUND, CC_MSG_INTERNAL, CC_CHESS_VARIANT_STANDARD},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char text[256];
		int n = snprintf(text, sizeof text, "[Variant \"%s\"]\n\n1. e4 *\n", cases[i].variant);
		size_t games;
		cc_pgn_game game;
		cc_error err = {0};
		ck_assert_int_eq(read_all(text, (size_t)n, &games, &game, &err), cases[i].rc);
		ck_assert_int_eq(err.msg, cases[i].msg);
		if (cases[i].rc == CC_ERR_NOT_FOUND)
			ck_assert_int_eq(game.start.variant, cases[i].board);
		if (cases[i].rc == CC_ERR_NOT_FOUND)
			ck_assert(game.chess_uno == (strcmp(cases[i].variant, "Chess-Uno") == 0));
	}
}
END_TEST

/* The moves the reader tells, joined by spaces. */
static void add_move(void *context, const char *san)
{
	char *moves = context;
	size_t n = strlen(moves);
	snprintf(moves + n, 512 - n, "%s%s", n ? " " : "", san);
}

/* RE-4.4: a Chess-Uno game is read by its own moves: no check rule (a
 * king left attacked, a pass in check, the king taken) and a Joker's
 * queen move, written with its origin; chess refuses the same text. */
START_TEST(test_pgn_import_uno__own_moves_read)
{
	CLAUSES("RE-4.4");
	static const char uno[] = "[Variant \"Chess-Uno\"]\n\n1. e4 f6 2. Qh5+ -- 3. Qxe8 *\n\n"
	                          "[Variant \"Chess-Uno\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2N w - - 0 1\"]\n\n1. Nh1h8 *\n";
	FILE *in = fmemopen((void *)uno, sizeof uno - 1, "r");
	cc_pgn_reader r;
	cc_pgn_game game;
	cc_error err = {0};
	char moves[512] = "", fen[CC_CHESS_FEN_MAX];
	cc_session_pgn_reader_init(&r, in);
	r.on_move = add_move;
	r.context = moves;
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_OK);
	ck_assert(game.chess_uno);
	ck_assert_uint_eq(game.plies, 5);
	ck_assert_str_eq(moves, "e4 f6 Qh5+ -- Qxe8");
	fen_of(&game, fen);
	ck_assert_str_eq(fen, "rnbqQbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNB1KBNR b KQ - 0 3");
	moves[0] = '\0';
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_OK);
	ck_assert_str_eq(moves, "Nh1h8");
	fen_of(&game, fen);
	ck_assert_str_eq(fen, "4k2N/8/8/8/8/8/8/4K3 b - - 1 1");
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_ERR_NOT_FOUND);
	fclose(in);
	/* the same pass as chess: refused, the game named */
	static const char chess[] = "1. e4 f6 2. Qh5+ -- *\n";
	size_t games;
	ck_assert_int_eq(read_all(chess, sizeof chess - 1, &games, &game, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PGN_PASS_IN_CHECK);
	ck_assert_int_eq(err.args[1].n, 4);
}
END_TEST

/* The pieces of a FEN (its first field). */
static void board_of(const char *fen, char *out, size_t size)
{
	snprintf(out, size, "%.*s", (int)strcspn(fen, " "), fen);
}

static uint64_t rng_next(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

static void count_pass(void *context, const char *san)
{
	if (strcmp(san, "--") == 0)
		++*(size_t *)context;
}

/*
 * A random Chess-Uno game of seed (cards drawn, series, placements, ends
 * of series, Jokers or not), played through the session as a console
 * would, exported by the one PGN writer in both forms and read back:
 * every part reads, the parts hold every move, and the last part stands on
 * the pieces the game ended on (RE-4.4); pgn-null too, when no pawn was
 * placed back (a placement is only a comment there, which no reader can
 * play). Returns the pawns placed.
 */
static unsigned uno_null_refused; /* pgn-null games with a placement refused by their variant (RE-4.8) */

static unsigned uno_round_trip(uint64_t seed, bool jokers)
{
	char head[128], line[64], san[CC_CHESS_SAN_MAX], board[CC_CHESS_FEN_MAX], fen[CC_CHESS_FEN_MAX],
	        read_board[CC_CHESS_FEN_MAX];
	snprintf(head, sizeof head, "settings format=uno white=Alice black=Bruno includeJokers=%s seed=%llu\n",
	         jokers ? "true" : "false", (unsigned long long)seed);
	FILE *f = fmemopen(head, strlen(head), "r");
	cc_session_scenario sc = {0};
	cc_error err = {0};
	ck_assert_int_eq(cc_session_scenario_parse(f, &sc, &err), CC_OK);
	fclose(f);
	cc_session *session = NULL;
	ck_assert_int_eq(cc_session_create(&session, NULL, &sc.settings, false, &err), CC_OK);
	uint64_t rng = seed * 2654435761u + 1;
	unsigned placed = 0;
	size_t moves = 0;
	cc_uno_view v;
	for (int64_t t = 1000; t < 400000; t += 1000) {
		const cc_uno_game *g = cc_match_uno(cc_session_match(session));
		cc_uno_view_now(g, &v);
		if (v.over)
			break;
		const char *army = v.army == CC_SIDE_WHITE ? "w" : "b";
		cc_chess_move_list list;
		uint64_t squares = cc_uno_placement_squares(g);
		size_t n = v.phase == CC_UNO_PHASE_MOVES ? cc_uno_legal_moves(g, &list) : 0;
		if (v.phase == CC_UNO_PHASE_DRAW) {
			snprintf(line, sizeof line, "card %s", army);
		} else if (v.phase == CC_UNO_PHASE_PLACEMENT && squares && rng_next(&rng) % 3 != 0) {
			unsigned sq = 0;
			for (uint64_t skip = rng_next(&rng) % (uint64_t)__builtin_popcountll(squares); skip > 0 || !(squares >> sq & 1); sq++)
				if (squares >> sq & 1)
					skip--;
			snprintf(line, sizeof line, "place %s %c%c", army, 'a' + sq % 8, '1' + sq / 8);
			placed++;
		} else if (v.phase == CC_UNO_PHASE_PLACEMENT || (v.may_end && (n == 0 || rng_next(&rng) % 4 == 0))) {
			snprintf(line, sizeof line, "stop %s", army);
		} else {
			ck_assert_uint_gt(n, 0);
			cc_uno_move_to_san(g, list.moves[rng_next(&rng) % n], san, sizeof san);
			snprintf(line, sizeof line, "move %s %s", army, san);
			moves++;
		}
		cc_event ev;
		ck_assert_msg(cc_session_scenario_parse_event(line, &sc.settings, t, &ev, &err) == CC_OK, "%s: %s", line,
		              err.message);
		ck_assert_msg(cc_session_apply(session, &ev, &err) == CC_OK, "%s: %s", line, err.message);
	}
	board_of(v.fen, board, sizeof board);
	for (int null_moves = 0; null_moves < 2; null_moves++) {
		char *text = NULL;
		size_t len = 0;
		FILE *out = open_memstream(&text, &len);
		ck_assert_int_eq(cc_session_pgn_write(cc_lang_default(), out, session, null_moves), 0);
		fclose(out);
		FILE *in = fmemopen(text, len, "r");
		cc_pgn_reader r;
		cc_pgn_game game, last = {0};
		cc_err rc;
		size_t plies = 0, passes = 0;
		cc_session_pgn_reader_init(&r, in);
		r.on_move = count_pass;
		r.context = &passes;
		while ((rc = cc_session_pgn_next(&r, &game, &err)) == CC_OK) {
			ck_assert(game.chess_uno);
			plies += game.plies;
			last = game;
		}
		if (null_moves && placed) {
			/* RE-4.8: a pawn placed back is only a comment in pgn-null;
			 * what the reader then cannot play is refused by its variant */
			if (rc == CC_ERR_INVALID) {
				ck_assert_msg(err.msg == CC_MSG_PGN_UNO_PLY_REFUSED, "seed %llu: %s", (unsigned long long)seed,
				              err.message);
				ck_assert_str_eq(err.args[3].text, "Chess-Uno");
				uno_null_refused++;
			}
			fclose(in);
			free(text);
			continue;
		}
		if (rc != CC_ERR_NOT_FOUND)
			fprintf(stderr, "%s\n", text);
		ck_assert_msg(rc == CC_ERR_NOT_FOUND, "seed %llu: %s", (unsigned long long)seed, err.message);
		ck_assert_uint_eq(plies - (null_moves ? passes : 0), moves);
		cc_chess_position_to_fen(&last.final, fen, sizeof fen);
		board_of(fen, read_board, sizeof read_board);
		bool same = strcmp(board, read_board) == 0;
		if (!same)
			fprintf(stderr, "%s\n", text);
		ck_assert_msg(same, "seed %llu (%s): ended on %s, read back to %s",
		              (unsigned long long)seed, null_moves ? "pgn-null" : "pgn", board, read_board);
		fclose(in);
		free(text);
	}
	cc_session_destroy(session);
	cc_session_scenario_free(&sc);
	return placed;
}

/* RE-4.4: random Chess-Uno games, with placements and with Jokers, read
 * back; RE-4.8: their pgn-null form with a placement, when it cannot be
 * played, is refused by its variant, not as a chess move. */
START_TEST(test_pgn_import_uno__random_games_read_back)
{
	CLAUSES("RE-4.4 RE-4.8");
	unsigned placed = 0, without = 0;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		unsigned n = uno_round_trip(seed, seed % 2 == 0);
		placed += n;
		without += n == 0;
	}
	ck_assert_uint_gt(placed, 0); /* the corpus holds placements */
	ck_assert_uint_gt(without, 0); /* and games without one, read in both forms */
	ck_assert_uint_gt(uno_null_refused, 0); /* pgn-null with a placement: refused by the variant (RE-4.8) */
}
END_TEST

/* RE-4.5: a game that cannot be read is said (its number, ply, token) and
 * skipped to its end; the games after it are read, numbered on. */
START_TEST(test_pgn_import_errors__bad_game_skipped_next_read)
{
	CLAUSES("RE-4.5");
	static const char text[] = "[White \"A\"]\n\n1. e4 e5 2. Ke3 {a comment} Nf6 (2... d5 *) *\n\n"
	                           "[White \"B\"]\n[FEN \"not a position\"]\n\n*\n\n"
	                           "[White \"C\"]\n[Black \"D\n[Round \"2\"]\n\n1. d4 d5 1-0\n\n"
	                           "[White \"E\"]\n\n1. c4 *\n";
	FILE *in = fmemopen((void *)text, sizeof text - 1, "r");
	cc_pgn_reader r;
	cc_pgn_game game;
	cc_error err = {0};
	cc_session_pgn_reader_init(&r, in);
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PGN_PLY_REFUSED);
	ck_assert_int_eq(err.args[0].n, 1);
	ck_assert_int_eq(err.args[1].n, 3);
	ck_assert_str_eq(err.args[2].text, "Ke3");
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PGN_BAD_FEN);
	ck_assert_int_eq(err.args[0].n, 2);
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PGN_TAG_UNTERMINATED);
	ck_assert_int_eq(err.args[0].n, 3);
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_OK);
	ck_assert_uint_eq(r.game, 4);
	ck_assert_str_eq(game.white, "E");
	ck_assert_uint_eq(game.plies, 1);
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_ERR_NOT_FOUND);
	fclose(in);
	/* a NUL ends the reading: nothing after it is read */
	static const char nul[] = "1. e4 {\0} *\n\n1. d4 *\n";
	in = fmemopen((void *)nul, sizeof nul - 1, "r");
	cc_session_pgn_reader_init(&r, in);
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_ERR_INVALID);
	ck_assert_int_eq(err.msg, CC_MSG_PGN_NUL);
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_ERR_NOT_FOUND);
	fclose(in);
}
END_TEST

/* RE-2.4: a result the board contradicts is read, with a warning naming the game. */
START_TEST(test_pgn_import_result__contradiction_warned)
{
	CLAUSES("RE-2.4");
	static const char text[] = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 0-1\n";
	FILE *in = fmemopen((void *)text, sizeof text - 1, "r");
	cc_pgn_reader r;
	cc_pgn_game game;
	cc_error err = {0};
	cc_session_pgn_reader_init(&r, in);
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_OK);
	ck_assert(!game.contradicted);
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_OK);
	ck_assert(game.contradicted);
	ck_assert_int_eq(game.warning.msg, CC_MSG_PGN_RESULT_CONTRADICTS);
	ck_assert_int_eq(game.warning.args[0].n, 2);
	ck_assert_str_eq(game.warning.args[1].text, "0-1");
	fclose(in);
}
END_TEST

/* RE-4.6: a comment or variation the file ends inside is an error naming
 * the line it opened on, never a comment that swallows the rest. */
START_TEST(test_pgn_import_hostile__unterminated_comment_variation_named)
{
	CLAUSES("RE-4.6");
	static const struct {
		const char *text;
		cc_msg msg;
		int game, line;
	} cases[] = {
		{"[White \"A\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n\n1. d4 {never closed\nd5 2. c4 *\n\n[White \"C\"]\n\n1. c4 *\n",
		 CC_MSG_PGN_COMMENT_UNTERMINATED, 2, 7},
		{"1. e4 e5\n2. Nf3 (2. f4 exf4\n3. Nf3 *\n", CC_MSG_PGN_VARIATION_UNTERMINATED, 1, 2},
		{"1. e4 (1. d4 {closed} (1. c4 c5) d5\n*\n", CC_MSG_PGN_VARIATION_UNTERMINATED, 1, 1},
		{"\n\n1. e4 (1. d4 {not closed)\n*\n", CC_MSG_PGN_COMMENT_UNTERMINATED, 1, 3},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t games;
		cc_pgn_game game;
		cc_error err = {0};
		ck_assert_int_eq(read_all(cases[i].text, strlen(cases[i].text), &games, &game, &err), CC_ERR_INVALID);
		ck_assert_msg(err.msg == cases[i].msg, "case %zu: %s", i, err.message);
		ck_assert_int_eq(err.args[0].n, cases[i].game);
		ck_assert_int_eq(err.args[1].n, cases[i].line);
	}
	/* closed ones are still skipped, nested or not */
	static const char closed[] = "1. e4 {a} (1. d4 (1. c4) {b}) e5 *\n";
	size_t games;
	cc_pgn_game game;
	cc_error err = {0};
	ck_assert_int_eq(read_all(closed, sizeof closed - 1, &games, &game, &err), CC_ERR_NOT_FOUND);
	ck_assert_uint_eq(game.plies, 2);
}
END_TEST

/* RE-2.5: a Result tag that is not the movetext's marker is read with a
 * warning naming both; the movetext's result is the one read. */
START_TEST(test_pgn_import_result__tag_differs_warned)
{
	CLAUSES("RE-2.5");
	static const struct {
		const char *text;
		const char *result;
		bool differs;
	} cases[] = {
		{"[Result \"1-0\"]\n\n1. e4 e5 0-1\n", "0-1", true},
		{"[Result \"1-0\"]\n\n1. e4 e5 1-0\n", "1-0", false},
		{"[Result \"1/2-1/2\"]\n\n1. e4 e5\n", "*", true},
		{"[Result \"*\"]\n\n1. e4 e5 1/2-1/2\n", "1/2-1/2", true},
		{"1. e4 e5 1-0\n", "1-0", false},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t games;
		cc_pgn_game game;
		cc_error err = {0};
		ck_assert_int_eq(read_all(cases[i].text, strlen(cases[i].text), &games, &game, &err), CC_ERR_NOT_FOUND);
		ck_assert_uint_eq(games, 1);
		ck_assert_str_eq(game.result, cases[i].result);
		ck_assert_msg(game.tag_differs == cases[i].differs, "case %zu", i);
		if (!cases[i].differs)
			continue;
		ck_assert_int_eq(game.tag_warning.msg, CC_MSG_PGN_RESULT_TAG_DIFFERS);
		ck_assert_int_eq(game.tag_warning.args[0].n, 1);
		ck_assert_str_ne(game.tag_warning.args[1].text, game.tag_warning.args[2].text);
		ck_assert_str_eq(game.tag_warning.args[2].text, cases[i].result);
	}
}
END_TEST

/* A reader of text that tells its moves into moves (add_move); the file to close. */
static FILE *reader_telling(const char *text, size_t len, cc_pgn_reader *r, char *moves)
{
	FILE *in = fmemopen((void *)(uintptr_t)text, len, "r");
	ck_assert_ptr_nonnull(in);
	cc_session_pgn_reader_init(r, in);
	r->on_move = add_move;
	r->context = moves;
	return in;
}

/* RE-4.7: long algebraic notation is read; its piece and its 'x' must be the board's. */
START_TEST(test_pgn_import_long__algebraic_read)
{
	CLAUSES("RE-4.7");
	static const char text[] = "1. e2-e4 d7-d5 2. e4xd5 Qd8xd5 3. Ng1-f3 Qd5-e4+ 4. Bf1-e2 e7-e5 5. d2-d3 Qe4xe2# 0-1\n\n"
	                           "[SetUp \"1\"]\n[FEN \"3rk3/4P3/8/8/8/3p4/4P3/K7 w - - 0 1\"]\n\n1. e7xd8=Q+ Ke8xd8 2. e2xd3 *\n\n"
	                           "[SetUp \"1\"]\n[FEN \"3rk3/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. e7xd8N Ke8-f8 2. Ka1-b1 *\n";
	char moves[512] = "";
	cc_pgn_reader r;
	FILE *in = reader_telling(text, sizeof text - 1, &r, moves);
	cc_pgn_game game;
	cc_error err = {0};
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_OK);
	ck_assert_str_eq(moves, "e4 d5 exd5 Qxd5 Nf3 Qe4+ Be2 e5 d3 Qxe2+");
	moves[0] = '\0';
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_OK);
	ck_assert_str_eq(moves, "exd8=Q+ Kxd8 exd3");
	moves[0] = '\0';
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_OK);
	ck_assert_str_eq(moves, "exd8=N Kf8 Kb1");
	ck_assert_int_eq(cc_session_pgn_next(&r, &game, &err), CC_ERR_NOT_FOUND);
	fclose(in);
	/* the wrong piece, a capture on an empty square, an illegal move */
	static const char *const bad[] = {"1. Bg1-f3 *\n", "1. e2xe3 *\n", "1. e2-e5 *\n"};
	static const cc_msg why[] = {CC_MSG_PGN_LONG_MISMATCH, CC_MSG_PGN_LONG_MISMATCH, CC_MSG_PGN_PLY_REFUSED};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		size_t games;
		ck_assert_int_eq(read_all(bad[i], strlen(bad[i]), &games, &game, &err), CC_ERR_INVALID);
		ck_assert_int_eq(err.msg, why[i]);
		ck_assert_int_eq(err.args[1].n, 1);
	}
}
END_TEST

/* Issue 25: the half-move clock stops at the FEN reader's limit rather than wrap, so the FEN printed reads back. */
START_TEST(test_pgn_import_halfmove__does_not_wrap)
{
	CLAUSES("none");
	cc_chess_position pos;
	cc_error err;
	char fen[CC_CHESS_FEN_MAX];
	ck_assert_int_eq(cc_chess_position_from_fen(&pos, "4k3/8/8/8/8/8/8/R3K3 w - - 9998 1", &err), CC_OK);
	for (int i = 0; i < 70000; i++) {
		cc_chess_move m;
		const char *san = i % 4 == 0 ? "Ra2" : i % 4 == 1 ? "Kd7" : i % 4 == 2 ? "Ra1" : "Ke8";
		ck_assert_int_eq(cc_chess_parse_move(&pos, san, CC_CHESS_PARSE_LENIENT, &m, &err), CC_OK);
		cc_chess_undo undo;
		cc_chess_make(&pos, m, &undo);
	}
	cc_chess_position_to_fen(&pos, fen, sizeof fen);
	ck_assert_uint_eq(pos.halfmove_clock, 9999);
	ck_assert_int_eq(cc_chess_position_from_fen(&pos, fen, &err), CC_OK);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("pgn_import");
	TCase *lenient = tcase_create("lenient");
	tcase_add_test(lenient, test_pgn_import_lenient__bom_percent_castling_ep_nags);
	tcase_add_test(lenient, test_pgn_import_lenient__game_without_marker_then_next);
	suite_add_tcase(s, lenient);
	TCase *errors = tcase_create("errors");
	tcase_add_test(errors, test_pgn_import_errors__name_game_ply_token);
	tcase_add_test(errors, test_pgn_import_hostile__unterminated_tag_refused_with_line);
	tcase_add_test(errors, test_pgn_import_hostile__nul_refused);
	tcase_add_test(errors, test_pgn_import_variant__exact_and_uno_read);
	tcase_add_test(errors, test_pgn_import_uno__own_moves_read);
	tcase_add_test(errors, test_pgn_import_uno__random_games_read_back);
	tcase_add_test(errors, test_pgn_import_errors__bad_game_skipped_next_read);
	tcase_add_test(errors, test_pgn_import_result__contradiction_warned);
	tcase_add_test(errors, test_pgn_import_halfmove__does_not_wrap);
	tcase_add_test(errors, test_pgn_import_hostile__unterminated_comment_variation_named);
	tcase_add_test(errors, test_pgn_import_result__tag_differs_warned);
	tcase_add_test(errors, test_pgn_import_long__algebraic_read);
	suite_add_tcase(s, errors);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? 0 : 1;
}
