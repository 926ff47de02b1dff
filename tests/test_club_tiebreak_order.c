/*
 * test_club_tiebreak_order.c: the tie-breaks an event orders, through the
 * session and the record (rules/club.md CL-9.1, CL-9.6, CL-9.7): the
 * order changes the ranks as it must on a hand-worked round robin, a
 * Swiss without a list has its own default, a change says the order
 * before and after, and the exports (crosstable text and CSV, TRF's rank
 * column) follow the order.
 *
 * The event (worked by hand): Anne, Bruno, Chloé, Dmitri, the Berger
 * table for 4 (White first):
 *   R1 Anne ½ Dmitri;   Bruno 1-0 Chloé
 *   R2 Dmitri ½ Chloé;  Anne 1-0 Bruno
 *   R3 Bruno ½ Dmitri;  Chloé 1-0 Anne
 * A cycle (Anne > Bruno > Chloé > Anne) and Dmitri draws everyone: 1.5
 * points each. DE: all met, 1.5 each among them, no break. WIN: Anne,
 * Bruno, Chloé 1, Dmitri 0. SB: the winners 1·1.5 + ½·1.5 = 2.25, Dmitri
 * 3·½·1.5 = 2.25. BH: 3 · 1.5 = 4.5 for all; BH-C1 3.0. BPG (Black):
 * Anne 1 (R3), Bruno 1 (R2), Chloé 2 (R1, R2), Dmitri 2 (R1, R3). So:
 *   no list (CL-3.5): Anne, Bruno, Chloé 1st equal, Dmitri 4th;
 *   BPG:     Chloé, Dmitri 1st equal, Anne, Bruno 3rd equal;
 *   BPG,WIN: Chloé 1st, Dmitri 2nd, Anne, Bruno 3rd equal;
 *   BH:      all four 1st equal.
 */
#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session.h"
#include "chesscubing/session_club.h"
#include "chesscubing/session_event_export.h"
#include "clauses.h"

#define WALL_MS 1796047500000LL /* 2026-11-30T14:05:00Z */
#define EVENT "Cycle"

static char dir[64];
static char db_path[128];
static cc_clock test_clock;

static cc_session_db *open_db(void)
{
	cc_session_db *db = NULL;
	cc_error err = {0};
	ck_assert_msg(cc_session_db_open(&db, db_path, CC_SESSION_DB_WRITE, &test_clock, &err) == CC_OK, "%s",
	              err.message);
	return db;
}

/* Plays pairing (round, board), White first, to winner (NONE: a draw by decision). */
static void play(cc_session_db *db, const char *white, const char *black, unsigned round, unsigned board,
                 cc_winner winner)
{
	cc_match_settings s;
	cc_session *m = NULL;
	cc_error err = {0};
	cc_match_settings_default(&s);
	snprintf(s.white, sizeof s.white, "%s", white);
	snprintf(s.black, sizeof s.black, "%s", black);
	cc_session_club_options club = {false, EVENT, round, board, {false, false}};
	ck_assert_msg(cc_session_create_club(&m, db, &s, false, &club, &err) == CC_OK, "R%u B%u: %s", round, board,
	              err.message);
	ck_assert_int_eq(cc_session_apply(m, &(cc_event){.kind = CC_EV_START, .t_ms = 0}, &err), CC_OK);
	test_clock.frozen_wall_ms = WALL_MS + round * 10000 + board;
	cc_event ev = cc_event_arbiter(1000, winner, "result");
	ck_assert_msg(cc_session_apply(m, &ev, &err) == CC_OK, "%s", err.message);
	cc_session_destroy(m);
}

/* The event above, every game played, in a fresh record. */
static cc_session_db *cycle(void)
{
	static const char *const names[] = {"Anne", "Bruno", "Chloé", "Dmitri"};
	snprintf(dir, sizeof dir, "/tmp/cc-tbo-XXXXXX");
	ck_assert(mkdtemp(dir) != NULL);
	snprintf(db_path, sizeof db_path, "%s/matches.db", dir);
	test_clock = cc_clock_frozen(0, WALL_MS);
	cc_session_db *db = open_db();
	for (size_t i = 0; i < 4; i++)
		ck_assert_int_eq(cc_session_club_player_add(db, names[i], NULL, NULL, NULL), CC_OK);
	cc_match_settings d;
	cc_match_settings_default(&d);
	ck_assert_int_eq(cc_session_club_event_create(db, EVENT, names, 4, false, d.format, d.category, NULL), CC_OK);
	play(db, "Anne", "Dmitri", 1, 1, CC_WINNER_NONE);
	play(db, "Bruno", "Chloé", 1, 2, CC_WINNER_WHITE);
	play(db, "Dmitri", "Chloé", 2, 1, CC_WINNER_NONE);
	play(db, "Anne", "Bruno", 2, 2, CC_WINNER_WHITE);
	play(db, "Bruno", "Dmitri", 3, 1, CC_WINNER_NONE);
	play(db, "Chloé", "Anne", 3, 2, CC_WINNER_WHITE);
	return db;
}

static void done(cc_session_db *db)
{
	char command[160];
	cc_session_db_close(db);
	snprintf(command, sizeof command, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(command), 0);
}

/* The ranks by name (Anne, Bruno, Chloé, Dmitri) under the event's order now. */
static void ranks(cc_session_db *db, unsigned out[4], cc_session_event *e, cc_session_standing *st)
{
	static const char *const names[] = {"Anne", "Bruno", "Chloé", "Dmitri"};
	unsigned n = 0;
	cc_error err = {0};
	ck_assert_msg(cc_session_club_standings(db, EVENT, e, st, &n, &err) == CC_OK, "%s", err.message);
	ck_assert_uint_eq(n, 4);
	for (unsigned k = 0; k < 4; k++) {
		out[k] = 0;
		for (unsigned i = 0; i < n; i++)
			if (strcmp(st[i].name, names[k]) == 0)
				out[k] = st[i].st.rank;
		ck_assert_msg(out[k] != 0, "%s is not in the standings", names[k]);
	}
	for (unsigned i = 1; i < n; i++) /* best first */
		ck_assert_uint_le(st[i - 1].st.rank, st[i].st.rank);
}

static void set(cc_session_db *db, const char *list)
{
	cc_error err = {0};
	ck_assert_msg(cc_session_club_event_set_tiebreaks(db, EVENT, list, NULL, &err) == CC_OK, "%s", err.message);
}

static void expect(const unsigned got[4], unsigned anne, unsigned bruno, unsigned chloe, unsigned dmitri)
{
	ck_assert_uint_eq(got[0], anne);
	ck_assert_uint_eq(got[1], bruno);
	ck_assert_uint_eq(got[2], chloe);
	ck_assert_uint_eq(got[3], dmitri);
}

START_TEST(test_club_tiebreak_order_ranks__the_order_changes_the_ranks)
{
	CLAUSES("CL-9.1 CL-3.5 CL-9.5");
	cc_session_db *db = cycle();
	cc_session_event e;
	cc_session_standing st[CC_CLUB_PLAYERS_MAX];
	unsigned r[4];
	ranks(db, r, &e, st);
	ck_assert(!e.tiebreaks_chosen && !e.swiss && cc_session_club_tb_classic(&e));
	ck_assert_uint_eq(e.tiebreak_count, 3); /* DE, WIN, SB: CL-3.5 */
	expect(r, 1, 1, 1, 4);
	for (unsigned i = 0; i < 4; i++) {
		ck_assert_double_eq_tol(st[i].st.points, 1.5, 1e-9);
		ck_assert_double_eq_tol(st[i].tb.value[CC_CLUB_TB_SB], 2.25, 1e-9);
		ck_assert_double_eq_tol(st[i].tb.value[CC_CLUB_TB_BH], 4.5, 1e-9);
	}
	set(db, "BPG");
	ranks(db, r, &e, st);
	ck_assert(e.tiebreaks_chosen && !cc_session_club_tb_classic(&e));
	expect(r, 3, 3, 1, 1);
	ck_assert_double_eq_tol(st[0].tb.value[CC_CLUB_TB_BPG], 2, 1e-9);
	ck_assert_double_eq_tol(st[3].tb.value[CC_CLUB_TB_BPG], 1, 1e-9);
	set(db, "bpg, win"); /* any case, spaces around the commas */
	ranks(db, r, &e, st);
	expect(r, 3, 3, 1, 2); /* equal only when every tie-break of the order is */
	set(db, "BH");
	ranks(db, r, &e, st);
	expect(r, 1, 1, 1, 1);
	set(db, NULL); /* back to the default */
	ranks(db, r, &e, st);
	ck_assert(!e.tiebreaks_chosen);
	expect(r, 1, 1, 1, 4);
	done(db);
}
END_TEST

START_TEST(test_club_tiebreak_order_change__says_before_and_after_and_refuses_a_bad_list)
{
	CLAUSES("CL-9.6 CL-9.1");
	cc_session_db *db = cycle();
	cc_session_tb_change c;
	cc_error err = {0};
	ck_assert_int_eq(cc_session_club_event_set_tiebreaks(db, EVENT, "bh-c1,SB", &c, &err), CC_OK);
	ck_assert_str_eq(c.event, EVENT);
	ck_assert_str_eq(c.was, "DE,WIN,SB");
	ck_assert(!c.was_chosen);
	ck_assert_str_eq(c.now, "BH-C1,SB");
	ck_assert(c.now_chosen);
	/* refused, the order untouched: an unknown code, a code twice, an empty item */
	static const char *const bad[] = {"BH,XX", "SB,sb", "BH,,SB"};
	for (size_t i = 0; i < 3; i++) {
		ck_assert_int_eq(cc_session_club_event_set_tiebreaks(db, EVENT, bad[i], &c, &err), CC_ERR_INVALID);
		ck_assert_int_eq(err.msg, CC_MSG_BAD_TIEBREAKS);
	}
	ck_assert_int_eq(cc_session_club_event_set_tiebreaks(db, "No such", "BH", &c, &err), CC_ERR_NOT_FOUND);
	cc_session_event e;
	cc_session_standing st[CC_CLUB_PLAYERS_MAX];
	unsigned r[4];
	ranks(db, r, &e, st);
	ck_assert_uint_eq(e.tiebreak_count, 2);
	ck_assert_int_eq(e.tiebreaks[0], CC_CLUB_TB_BH_C1);
	ck_assert_int_eq(e.tiebreaks[1], CC_CLUB_TB_SB);
	/* the values as every output writes them: halves, quarters, counts */
	char v[32];
	cc_session_club_tb_value(&st[0].st, &st[0].tb, CC_CLUB_TB_BH_C1, v, sizeof v);
	ck_assert_str_eq(v, "3.0");
	cc_session_club_tb_value(&st[0].st, &st[0].tb, CC_CLUB_TB_SB, v, sizeof v);
	ck_assert_str_eq(v, "2.25");
	cc_session_club_tb_value(&st[0].st, &st[0].tb, CC_CLUB_TB_WIN, v, sizeof v);
	ck_assert_str_eq(v, "1");
	done(db);
}
END_TEST

START_TEST(test_club_tiebreak_order_swiss__its_default_order)
{
	CLAUSES("CL-9.7");
	cc_session_db *db = cycle();
	cc_session_db_close(db);
	sqlite3 *raw = NULL;
	ck_assert_int_eq(sqlite3_open(db_path, &raw), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(raw, "UPDATE club_events SET system = 'swiss'", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(raw);
	db = open_db();
	cc_session_event e;
	cc_session_standing st[CC_CLUB_PLAYERS_MAX];
	unsigned r[4];
	ranks(db, r, &e, st);
	ck_assert(e.swiss && !e.tiebreaks_chosen && !cc_session_club_tb_classic(&e));
	static const cc_club_tb want[] = {CC_CLUB_TB_BH_C1, CC_CLUB_TB_BH, CC_CLUB_TB_SB, CC_CLUB_TB_DE, CC_CLUB_TB_WIN};
	ck_assert_uint_eq(e.tiebreak_count, 5);
	for (size_t i = 0; i < 5; i++)
		ck_assert_int_eq(e.tiebreaks[i], want[i]);
	expect(r, 1, 1, 1, 4); /* BH-C1 3.0, BH 4.5, SB 2.25, DE 1.5 all equal; WIN 1 > 0 */
	done(db);
}
END_TEST

/* What writer wrote of t in format, NUL-terminated (the caller frees it). */
static char *written(const cc_event_table *t, cc_event_export_format format)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&buf, &size);
	ck_assert(out != NULL);
	ck_assert_int_eq(cc_session_event_write(out, t, format), 0);
	fclose(out);
	return buf;
}

/* The TRF rank (columns 86-89) of the player line of name (TRF16's names
 * are ASCII: "Chloe"). */
static unsigned trf_rank(const char *trf, const char *name)
{
	const char *line = trf;
	while (line && *line) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		char copy[512];
		snprintf(copy, sizeof copy, "%.*s", (int)len, line);
		if (strncmp(copy, "001", 3) == 0 && strlen(copy) >= 89 && strstr(copy, name))
			return (unsigned)strtoul(copy + 85, NULL, 10);
		line = end ? end + 1 : NULL;
	}
	ck_abort_msg("no TRF line of %s", name);
	return 0;
}

START_TEST(test_club_tiebreak_order_exports__crosstable_csv_and_trf_follow_the_order)
{
	CLAUSES("CL-9.6");
	cc_session_db *db = cycle();
	cc_error err = {0};
	set(db, "BPG,WIN");
	cc_event_table t;
	ck_assert_msg(cc_session_event_table(db, EVENT, &t, &err) == CC_OK, "%s", err.message);
	ck_assert_str_eq(t.player[0].name, "Chloé"); /* rows in the order's standings */
	ck_assert_str_eq(t.player[1].name, "Dmitri");
	char *trf = written(&t, CC_EVENT_EXPORT_TRF);
	ck_assert_uint_eq(trf_rank(trf, "Chloe"), 1);
	ck_assert_uint_eq(trf_rank(trf, "Dmitri"), 2);
	ck_assert_uint_eq(trf_rank(trf, "Anne"), 3);
	ck_assert_uint_eq(trf_rank(trf, "Bruno"), 3);
	free(trf);
	char *csv = written(&t, CC_EVENT_EXPORT_CSV);
	ck_assert_msg(strstr(csv, ",bye,points,BPG,WIN,games,rating,rating_change\n") != NULL, "%s", csv);
	ck_assert_msg(strstr(csv, "1,1,3,Chloé,") == csv + strcspn(csv, "\n") + 1, "%s", csv);
	ck_assert_msg(strstr(csv, ",1.5,2,1,3,") != NULL, "%s", csv); /* Chloé: points, BPG, WIN, games */
	free(csv);
	char *text = written(&t, CC_EVENT_EXPORT_CROSSTABLE);
	ck_assert_msg(strstr(text, "    BPG    WIN Games") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "tie-breaks in this order: BPG games with Black, WIN games won") != NULL, "%s", text);
	free(text);
	cc_session_event_table_free(&t);
	/* no list: CL-3.5's columns, as before */
	set(db, NULL);
	ck_assert_int_eq(cc_session_event_table(db, EVENT, &t, &err), CC_OK);
	csv = written(&t, CC_EVENT_EXPORT_CSV);
	ck_assert_msg(strstr(csv, ",bye,points,direct,wins,sonneborn_berger,games,rating,rating_change\n") != NULL, "%s",
	              csv);
	free(csv);
	trf = written(&t, CC_EVENT_EXPORT_TRF);
	ck_assert_uint_eq(trf_rank(trf, "Dmitri"), 4);
	ck_assert_uint_eq(trf_rank(trf, "Chloe"), 1);
	free(trf);
	cc_session_event_table_free(&t);
	done(db);
}
END_TEST

static Suite *club_tiebreak_order_suite(void)
{
	Suite *s = suite_create("club_tiebreak_order");
	TCase *ranks_case = tcase_create("ranks");
	tcase_add_test(ranks_case, test_club_tiebreak_order_ranks__the_order_changes_the_ranks);
	tcase_add_test(ranks_case, test_club_tiebreak_order_change__says_before_and_after_and_refuses_a_bad_list);
	tcase_add_test(ranks_case, test_club_tiebreak_order_swiss__its_default_order);
	tcase_set_timeout(ranks_case, 60);
	suite_add_tcase(s, ranks_case);
	TCase *exports = tcase_create("exports");
	tcase_add_test(exports, test_club_tiebreak_order_exports__crosstable_csv_and_trf_follow_the_order);
	tcase_set_timeout(exports, 60);
	suite_add_tcase(s, exports);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(club_tiebreak_order_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
