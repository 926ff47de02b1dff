/*
 * test_club_swiss.c: Swiss events round by round through the session
 * (session_club.h, rules/club.md CL-10): creation without pairings, the
 * pairing numbers, pairing and publishing, pairing again, absences,
 * half-point byes and their limit, late entries, withdrawals, and the
 * engine's input built from the record (results as corrected); the
 * crosstable's cells of a round published, not begun (a bye known).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session.h"
#include "chesscubing/session_club.h"
#include "chesscubing/session_event_export.h"
#include "clauses.h"

#define WALL_MS 1796047500000LL /* 2026-11-30T14:05:00Z */

static char dir[64];
static char db_path[128];
static cc_clock test_clock;

static cc_session_db *setup(const char *const *names, unsigned count)
{
	snprintf(dir, sizeof dir, "/tmp/cc-swiss-XXXXXX");
	ck_assert(mkdtemp(dir) != NULL);
	snprintf(db_path, sizeof db_path, "%s/matches.db", dir);
	test_clock = cc_clock_frozen(0, WALL_MS);
	cc_session_db *db = NULL;
	cc_error err = {0};
	ck_assert_msg(cc_session_db_open(&db, db_path, CC_SESSION_DB_WRITE, &test_clock, &err) == CC_OK, "%s",
	              err.message);
	for (unsigned i = 0; i < count; i++)
		ck_assert_int_eq(cc_session_club_player_add(db, names[i], NULL, NULL, &err), CC_OK);
	return db;
}

static void teardown(cc_session_db *db)
{
	char command[160];
	cc_session_db_close(db);
	snprintf(command, sizeof command, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(command), 0);
}

static const char *const seven[] = {"Ana", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"};

static void create(cc_session_db *db, unsigned count, unsigned rounds, unsigned limit)
{
	cc_session_event_terms t;
	cc_error err = {0};
	cc_session_event_terms_default(&t);
	ck_assert_msg(cc_session_club_swiss_create(db, "Sw", seven, count, rounds, limit, &t, &err) == CC_OK, "%s",
	              err.message);
}

/* Plays pairing (round, board) to winner (a draw: CC_WINNER_NONE). */
static void play(cc_session_db *db, unsigned round, unsigned board, cc_winner winner)
{
	cc_session_event e;
	cc_session_pairing *p = NULL;
	size_t n = 0;
	cc_error err = {0};
	ck_assert_int_eq(cc_session_club_event(db, "Sw", &e, &p, &n, NULL), CC_OK);
	const cc_session_pairing *x = NULL;
	for (size_t i = 0; i < n; i++)
		if (p[i].round == round && p[i].board == board)
			x = &p[i];
	ck_assert_ptr_nonnull(x);
	cc_match_settings s;
	cc_match_settings_default(&s);
	snprintf(s.white, sizeof s.white, "%s", x->white);
	snprintf(s.black, sizeof s.black, "%s", x->black);
	free(p);
	cc_session_club_options club = {false, "Sw", round, board, {false, false}};
	cc_session *m = NULL;
	ck_assert_msg(cc_session_create_club(&m, db, &s, false, &club, &err) == CC_OK, "%s", err.message);
	ck_assert_int_eq(cc_session_apply(m, &(cc_event){.kind = CC_EV_START, .t_ms = 0}, &err), CC_OK);
	cc_event ev = cc_event_arbiter(1000, winner, "result");
	ck_assert_msg(cc_session_apply(m, &ev, &err) == CC_OK, "%s", err.message);
	cc_session_destroy(m);
}

/* Plays every game of round: White wins each. */
static void play_round(cc_session_db *db, unsigned round)
{
	cc_session_event e;
	cc_session_pairing *p = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_club_event(db, "Sw", &e, &p, &n, NULL), CC_OK);
	unsigned boards[CC_CLUB_PLAYERS_MAX], k = 0;
	for (size_t i = 0; i < n; i++)
		if (p[i].round == round && !p[i].bye && !p[i].match_id && p[i].outcome == CC_CLUB_OUT_NOT_STARTED)
			boards[k++] = p[i].board;
	free(p);
	for (unsigned i = 0; i < k; i++)
		play(db, round, boards[i], CC_WINNER_WHITE);
}

static cc_session_swiss_round *pair(cc_session_db *db, bool again)
{
	cc_session_swiss_round *r = malloc(sizeof *r);
	cc_error err = {0};
	ck_assert_ptr_nonnull(r);
	ck_assert_msg(cc_session_club_swiss_pair(db, "Sw", again, r, &err) == CC_OK, "%s", err.message);
	return r;
}

static void publish(cc_session_db *db)
{
	cc_error err = {0};
	ck_assert_msg(cc_session_club_swiss_publish(db, "Sw", NULL, &err) == CC_OK, "%s", err.message);
}

static cc_msg refusal(cc_err rc, const cc_error *err)
{
	ck_assert_int_ne(rc, CC_OK);
	return err->msg;
}

START_TEST(test_club_swiss_create__no_pairings_and_its_rounds)
{
	CLAUSES("CL-10.1");
	cc_session_db *db = setup(seven, 7);
	cc_session_event_terms t;
	cc_error err = {0};
	cc_session_event_terms_default(&t);
	ck_assert_int_eq(refusal(cc_session_club_swiss_create(db, "Sw", seven, 7, 0, 0, &t, &err), &err),
	                 CC_MSG_SWISS_ROUNDS);
	ck_assert_int_eq(refusal(cc_session_club_swiss_create(db, "Sw", seven, 1, 3, 0, &t, &err), &err),
	                 CC_MSG_SWISS_SIZE);
	create(db, 7, 3, 1);
	cc_session_event e;
	cc_session_pairing *p = NULL;
	size_t n = 9;
	ck_assert_int_eq(cc_session_club_event(db, "Sw", &e, &p, &n, NULL), CC_OK);
	ck_assert(e.swiss);
	ck_assert_uint_eq(e.rounds, 3);
	ck_assert_uint_eq(e.paired, 0);
	ck_assert_uint_eq(e.half_bye_limit, 1);
	ck_assert_uint_eq(n, 0);
	free(p);
	teardown(db);
}
END_TEST

START_TEST(test_club_swiss_pair__by_rating_then_name_unpublished_not_offered)
{
	CLAUSES("CL-10.2 CL-10.3 CL-10.6");
	cc_session_db *db = setup(seven, 7);
	cc_error err = {0};
	/* Gus rated above the others: number 1; then names. */
	cc_match_settings s;
	cc_match_settings_default(&s);
	snprintf(s.white, sizeof s.white, "Gus");
	snprintf(s.black, sizeof s.black, "Hal");
	cc_session *m = NULL;
	ck_assert_int_eq(cc_session_create_club(&m, db, &s, false, NULL, &err), CC_OK);
	ck_assert_int_eq(cc_session_apply(m, &(cc_event){.kind = CC_EV_START, .t_ms = 0}, &err), CC_OK);
	cc_event ev = cc_event_arbiter(1000, CC_WINNER_WHITE, "result");
	ck_assert_int_eq(cc_session_apply(m, &ev, &err), CC_OK);
	cc_session_destroy(m);
	create(db, 7, 3, 0);
	ck_assert_int_eq(refusal(cc_session_club_swiss_publish(db, "Sw", NULL, &err), &err),
	                 CC_MSG_SWISS_NOTHING_TO_PUBLISH);
	cc_session_swiss_round *r = pair(db, false);
	ck_assert_uint_eq(r->round, 1);
	ck_assert_str_eq(r->names[6], "Gus");
	ck_assert_uint_eq(r->in.players[6].number, 1);
	ck_assert_uint_eq(r->in.players[0].number, 2); /* Ana */
	ck_assert_uint_eq(r->in.players[5].number, 7); /* Fay */
	/* 7 present: 3 boards and the PAB to the lowest, Fay; top seed White */
	ck_assert_uint_eq(r->pairing.nboards, 3);
	ck_assert(r->pairing.has_bye);
	ck_assert_uint_eq(r->pairing.bye, 5);
	ck_assert_uint_eq(r->pairing.boards[0].white, 6); /* Gus - Cid */
	ck_assert_uint_eq(r->pairing.boards[0].black, 2);
	free(r);
	/* not published: offered nowhere, and the next pairing waits for it */
	cc_session_offer *offers = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_club_offers(db, &offers, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 0);
	free(offers);
	ck_assert_int_eq(refusal(cc_session_club_swiss_pair(db, "Sw", false, NULL, &err), &err),
	                 CC_MSG_SWISS_UNPUBLISHED);
	cc_session_event e;
	cc_session_pairing *p = NULL;
	ck_assert_int_eq(cc_session_club_event(db, "Sw", &e, &p, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 4);
	ck_assert(p[0].unpublished);
	ck_assert_uint_eq(cc_session_club_published(p, n), 0); /* the director's view and the web page */
	free(p);
	publish(db);
	ck_assert_int_eq(cc_session_club_event(db, "Sw", &e, &p, &n, NULL), CC_OK);
	ck_assert_uint_eq(cc_session_club_published(p, n), 4);
	ck_assert_uint_eq(e.published, 1);
	free(p);
	ck_assert_int_eq(cc_session_club_offers(db, &offers, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 3);
	ck_assert_str_eq(offers[0].pairing.white, "Gus");
	free(offers);
	teardown(db);
}
END_TEST

START_TEST(test_club_swiss_pair__refusals_incomplete_all_paired_round_robin)
{
	CLAUSES("CL-10.3");
	cc_session_db *db = setup(seven, 7);
	cc_error err = {0};
	create(db, 4, 2, 0);
	free(pair(db, false));
	publish(db);
	/* round 1 without its results: no round 2 */
	ck_assert_int_eq(refusal(cc_session_club_swiss_pair(db, "Sw", false, NULL, &err), &err),
	                 CC_MSG_SWISS_ROUND_INCOMPLETE);
	play(db, 1, 1, CC_WINNER_WHITE);
	ck_assert_int_eq(refusal(cc_session_club_swiss_pair(db, "Sw", false, NULL, &err), &err),
	                 CC_MSG_SWISS_ROUND_INCOMPLETE);
	ck_assert_int_eq(cc_session_club_event_forfeit(db, "Sw", 1, 2, CC_CLUB_FORFEIT_BLACK, &err), CC_OK);
	free(pair(db, false));
	publish(db);
	play_round(db, 2);
	ck_assert_int_eq(refusal(cc_session_club_swiss_pair(db, "Sw", false, NULL, &err), &err),
	                 CC_MSG_SWISS_ALL_PAIRED);
	ck_assert_int_eq(cc_session_club_event_create(db, "RR", seven, 3, false, CC_FORMAT_TWICE, CC_CATEGORY_FAST, &err),
	                 CC_OK);
	ck_assert_int_eq(refusal(cc_session_club_swiss_pair(db, "RR", false, NULL, &err), &err),
	                 CC_MSG_SWISS_NOT_SWISS);
	teardown(db);
}
END_TEST

START_TEST(test_club_swiss_pair__again_only_before_publication)
{
	CLAUSES("CL-10.6");
	cc_session_db *db = setup(seven, 7);
	cc_error err = {0};
	create(db, 6, 3, 0);
	ck_assert_int_eq(refusal(cc_session_club_swiss_pair(db, "Sw", true, NULL, &err), &err),
	                 CC_MSG_SWISS_NOTHING_TO_PUBLISH);
	cc_session_swiss_round *r = pair(db, false), *x = malloc(sizeof *x);
	ck_assert_ptr_nonnull(x);
	ck_assert_int_eq(refusal(cc_session_club_swiss_explain(db, "Nope", x, &err), &err), CC_MSG_NO_SUCH_EVENT_SEE_LIST);
	ck_assert_uint_eq(r->pairing.nboards, 3);
	ck_assert(r->as_recorded);
	/* explained again from the record: the same input, boards and reasons */
	ck_assert_int_eq(cc_session_club_swiss_explain(db, "Sw", x, &err), CC_OK);
	ck_assert(x->as_recorded);
	ck_assert_uint_eq(x->round, 1);
	ck_assert_int_eq(memcmp(&x->pairing, &r->pairing, sizeof x->pairing), 0);
	ck_assert_str_eq(x->names[5], "Fay");
	free(r);
	/* Fay is absent after all: paired again without her, and the PAB */
	ck_assert_int_eq(refusal(cc_session_club_event_absent(db, "Sw", "Fay", 1, &err), &err), CC_MSG_SWISS_ROUND_PAIRED);
	ck_assert_int_eq(cc_session_club_event_withdraw(db, "Sw", "Fay", 1, &(cc_session_withdrawal){0}, &err), CC_OK);
	ck_assert_int_eq(cc_session_club_swiss_explain(db, "Sw", x, &err), CC_OK);
	ck_assert(!x->as_recorded); /* the engine now leaves Fay out */
	free(x);
	r = pair(db, true);
	ck_assert_uint_eq(r->round, 1);
	ck_assert_uint_eq(r->pairing.nboards, 2);
	ck_assert(r->pairing.has_bye);
	ck_assert(!r->in.players[5].present);
	free(r);
	publish(db);
	ck_assert_int_eq(refusal(cc_session_club_swiss_pair(db, "Sw", true, NULL, &err), &err), CC_MSG_SWISS_PUBLISHED);
	teardown(db);
}
END_TEST

START_TEST(test_club_swiss_absent__half_byes_limit_and_late_entry)
{
	CLAUSES("CL-10.4 CL-10.5 CL-10.7");
	cc_session_db *db = setup(seven, 7);
	cc_error err = {0};
	create(db, 6, 3, 1);
	ck_assert_int_eq(cc_session_club_event_absent(db, "Sw", "Eve", 1, &err), CC_OK);
	ck_assert_int_eq(refusal(cc_session_club_event_absent(db, "Sw", "Eve", 1, &err), &err),
	                 CC_MSG_SWISS_ABSENT_ALREADY);
	ck_assert_int_eq(refusal(cc_session_club_event_absent(db, "Sw", "Eve", 4, &err), &err),
	                 CC_MSG_EVENT_NO_SUCH_ROUND);
	ck_assert_int_eq(cc_session_club_event_half_bye(db, "Sw", "Dan", 1, &err), CC_OK);
	ck_assert_int_eq(refusal(cc_session_club_event_half_bye(db, "Sw", "Dan", 2, &err), &err),
	                 CC_MSG_SWISS_HALF_BYE_LIMIT);
	cc_session_swiss_round *r = pair(db, false);
	ck_assert(!r->in.players[4].present && !r->in.players[3].present);
	ck_assert_uint_eq(r->pairing.nboards, 2);
	ck_assert(!r->pairing.has_bye);
	free(r);
	publish(db);
	play_round(db, 1);
	ck_assert_int_eq(cc_session_club_event_enter(db, "Sw", "Gus", &err), CC_OK);
	r = pair(db, false);
	/* round 1 in the engine's terms: Dan's half-point bye ½, Eve's absence
	 * 0, Gus (late) nothing; all three paired in round 2 */
	ck_assert_int_eq(r->in.players[3].rounds[0].points10, 5);
	ck_assert(!r->in.players[3].rounds[0].pab);
	ck_assert_int_eq(r->in.players[4].rounds[0].points10, 0);
	ck_assert_uint_eq(r->in.players[6].rounds[0].opponent, 0);
	ck_assert(r->in.players[3].present && r->in.players[4].present && r->in.players[6].present);
	ck_assert_uint_eq(r->pairing.nboards, 3);
	ck_assert(r->pairing.has_bye);
	free(r);
	/* the standings: Dan's ½ counted, Eve 0 */
	cc_session_event e;
	cc_session_standing st[CC_CLUB_PLAYERS_MAX];
	unsigned n = 0;
	ck_assert_int_eq(cc_session_club_standings(db, "Sw", &e, st, &n, NULL), CC_OK);
	ck_assert_uint_eq(n, 7);
	for (unsigned i = 0; i < n; i++) {
		if (strcmp(st[i].name, "Dan") == 0)
			ck_assert_double_eq(st[i].st.points, 0.5);
		if (strcmp(st[i].name, "Eve") == 0)
			ck_assert_double_eq(st[i].st.points, 0.0);
	}
	teardown(db);
}
END_TEST

START_TEST(test_club_swiss_input__forfeit_pab_correction_and_withdrawal)
{
	CLAUSES("CL-10.4 CL-10.7");
	cc_session_db *db = setup(seven, 7);
	cc_error err = {0};
	create(db, 5, 3, 0);
	cc_session_swiss_round *r = pair(db, false);
	unsigned pab = r->pairing.bye, w1 = r->pairing.boards[0].white, b1 = r->pairing.boards[0].black;
	unsigned w2 = r->pairing.boards[1].white, b2 = r->pairing.boards[1].black;
	free(r);
	publish(db);
	play(db, 1, 1, CC_WINNER_WHITE);
	ck_assert_int_eq(cc_session_club_event_forfeit(db, "Sw", 1, 2, CC_CLUB_FORFEIT_WHITE, &err), CC_OK);
	/* the game of board 1 corrected to a Black win after publication */
	cc_session_event e;
	cc_session_pairing *p = NULL;
	size_t n = 0;
	ck_assert_int_eq(cc_session_club_event(db, "Sw", &e, &p, &n, NULL), CC_OK);
	cc_session_correction c = {.match_id = p[0].match_id, .sets_result = true, .winner = CC_WINNER_BLACK};
	snprintf(c.why, sizeof c.why, "wrong result");
	snprintf(c.by, sizeof c.by, "arbiter");
	free(p);
	ck_assert_msg(cc_session_club_correct(db, &c, NULL, &err) == CC_OK, "%s", err.message);
	ck_assert_int_eq(cc_session_club_event_withdraw(db, "Sw", seven[b2], 2, &(cc_session_withdrawal){0}, &err), CC_OK);
	r = pair(db, false);
	ck_assert_int_eq(r->in.players[w1].rounds[0].points10, 0);
	ck_assert_int_eq(r->in.players[b1].rounds[0].points10, 10);
	ck_assert(r->in.players[w1].rounds[0].played);
	ck_assert_int_eq(r->in.players[w1].rounds[0].colour, CC_DUTCH_WHITE);
	/* the forfeit: not played, no colour; its winner may have no PAB */
	ck_assert(!r->in.players[w2].rounds[0].played);
	ck_assert_int_eq(r->in.players[w2].rounds[0].colour, CC_DUTCH_NO_COLOUR);
	ck_assert_int_eq(r->in.players[w2].rounds[0].points10, 10);
	ck_assert(r->in.players[w2].bye_barred);
	ck_assert(r->in.players[pab].rounds[0].pab && r->in.players[pab].bye_barred);
	ck_assert_int_eq(r->in.players[pab].rounds[0].points10, 10);
	ck_assert(!r->in.players[b2].present);
	ck_assert_uint_eq(r->pairing.nboards, 2);
	ck_assert(!r->pairing.has_bye);
	free(r);
	teardown(db);
}
END_TEST

/* ---- issue 33, slice club6: the crosstable of a round published, not begun */

/* Event "Sw" exported in format, as a malloc'd string. */
static char *exported(cc_session_db *db, cc_event_export_format format)
{
	cc_event_table t;
	cc_error err = {0};
	char *text = NULL;
	size_t size = 0;
	ck_assert_msg(cc_session_event_table(db, "Sw", &t, &err) == CC_OK, "%s", err.message);
	FILE *out = open_memstream(&text, &size);
	ck_assert_ptr_nonnull(out);
	ck_assert_int_eq(cc_session_event_write(out, &t, format), 0);
	fclose(out);
	cc_session_event_table_free(&t);
	return text;
}

/* The line of text holding key, copied into buf. */
static void line_with(const char *text, const char *key, char *buf, size_t size)
{
	const char *at = strstr(text, key);
	ck_assert_msg(at != NULL, "no '%s' in:\n%s", key, text);
	while (at > text && at[-1] != '\n')
		at--;
	size_t n = strcspn(at, "\n");
	ck_assert_uint_lt(n, size);
	memcpy(buf, at, n);
	buf[n] = '\0';
}

/* Field k (from 0) of the CSV line of player name (names here need no
 * quotes). */
static void csv_field(const char *csv, const char *name, unsigned k, char *buf, size_t size)
{
	char key[64], line[512];
	snprintf(key, sizeof key, ",%s,", name);
	line_with(csv, key, line, sizeof line);
	const char *at = line;
	for (unsigned i = 0; i < k; i++)
		at = strchr(at, ',') + 1;
	size_t n = strcspn(at, ",");
	ck_assert_uint_lt(n, size);
	memcpy(buf, at, n);
	buf[n] = '\0';
}

/* Round r's TRF16 field (columns 92+10(r-1) to +7) of start rank sr:
 * "" when the line stops before it. */
static void trf_field(const char *trf, unsigned sr, unsigned r, char *buf, size_t size)
{
	char key[16], line[512];
	snprintf(key, sizeof key, "\n001 %4u", sr);
	line_with(trf, key + 1, line, sizeof line);
	size_t col = 92 + 10 * (r - 1) - 1;
	snprintf(buf, size, "%.8s", strlen(line) > col ? line + col : "");
}

/* The four crosstable-like exports of "Sw". */
typedef struct {
	char *text, *csv, *html, *trf;
} exports;

static exports exports_of(cc_session_db *db)
{
	return (exports){exported(db, CC_EVENT_EXPORT_CROSSTABLE), exported(db, CC_EVENT_EXPORT_CSV),
	                 exported(db, CC_EVENT_EXPORT_HTML), exported(db, CC_EVENT_EXPORT_TRF)};
}

static void exports_free(exports *x)
{
	free(x->text);
	free(x->csv);
	free(x->html);
	free(x->trf);
}

/* Player name's cell of round 1 in the text (a token after rank, number,
 * name and rating), CSV and HTML crosstables, each checked to be want;
 * his points (CSV, 3 rounds) points, his TRF16 round 1 trf. */
static void round1_of(const exports *x, unsigned sr, const char *name, const char *want, const char *points,
                      const char *trf)
{
	char line[512], cell[32], key[64];
	snprintf(key, sizeof key, "  %s ", name);
	line_with(x->text, key, line, sizeof line);
	ck_assert_int_eq(sscanf(line, "%*u %*u %*s %*d %31s", cell), 1);
	ck_assert_msg(strcmp(cell, want) == 0, "text: %s has '%s' in round 1:\n%s", name, cell, x->text);
	csv_field(x->csv, name, 4, cell, sizeof cell);
	ck_assert_msg(strcmp(cell, want) == 0, "CSV: %s has '%s' in round 1:\n%s", name, cell, x->csv);
	csv_field(x->csv, name, 7, cell, sizeof cell);
	ck_assert_str_eq(cell, points);
	snprintf(key, sizeof key, ">%s</td><td>", name);
	const char *at = strstr(x->html, key);
	ck_assert_ptr_nonnull(at);
	at = strstr(at + strlen(key), "</td><td>") + strlen("</td><td>");
	snprintf(key, sizeof key, "%s</td>", want);
	ck_assert_msg(strncmp(at, key, strlen(key)) == 0, "HTML: %s's round 1 is not %s:\n%s", name, want, x->html);
	trf_field(x->trf, sr, 1, cell, sizeof cell);
	ck_assert_str_eq(cell, trf);
}

START_TEST(test_club_swiss_crosstable__byes_known_once_published)
{
	CLAUSES("CL-10.8 CL-4.15 CL-3.4");
	cc_session_db *db = setup(seven, 7);
	cc_error err = {0};
	create(db, 6, 3, 1);
	ck_assert_int_eq(cc_session_club_event_half_bye(db, "Sw", "Dan", 1, &err), CC_OK);
	cc_session_swiss_round *r = pair(db, false);
	ck_assert(r->pairing.has_bye);
	unsigned pab = r->pairing.bye;
	free(r);
	/* paired, not published: blank (CL-10.6) */
	char cell[32], *csv = exported(db, CC_EVENT_EXPORT_CSV);
	csv_field(csv, seven[pab], 4, cell, sizeof cell);
	ck_assert_str_eq(cell, "");
	free(csv);
	publish(db);
	/* published, no game begun: the byes known, said as in a round begun;
	 * counted from the round's beginning (CL-3.4), blank in the TRF until
	 * then (CL-4.15); the round's games still "." */
	exports x = exports_of(db);
	round1_of(&x, pab + 1, seven[pab], "B", "0.0", "");
	round1_of(&x, 4, "Dan", "H", "0.0", "");
	ck_assert_ptr_nonnull(strstr(x.text, "w."));
	exports_free(&x);
	/* the round begun: the same cells, their points, the TRF's byes */
	play(db, 1, 1, CC_WINNER_WHITE);
	x = exports_of(db);
	round1_of(&x, pab + 1, seven[pab], "B", "1.0", "0000 - U");
	round1_of(&x, 4, "Dan", "H", "0.5", "0000 - H");
	exports_free(&x);
	teardown(db);
}
END_TEST

static Suite *club_swiss_suite(void)
{
	Suite *s = suite_create("club_swiss");
	TCase *tc = tcase_create("swiss");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_club_swiss_create__no_pairings_and_its_rounds);
	tcase_add_test(tc, test_club_swiss_pair__by_rating_then_name_unpublished_not_offered);
	tcase_add_test(tc, test_club_swiss_pair__refusals_incomplete_all_paired_round_robin);
	tcase_add_test(tc, test_club_swiss_pair__again_only_before_publication);
	tcase_add_test(tc, test_club_swiss_absent__half_byes_limit_and_late_entry);
	tcase_add_test(tc, test_club_swiss_input__forfeit_pab_correction_and_withdrawal);
	tcase_add_test(tc, test_club_swiss_crosstable__byes_known_once_published);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(club_swiss_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
