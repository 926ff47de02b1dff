/*
 * test_scenarios.c: runs the real `chesscubing script` on every scenario of
 * tests/scenarios/ and on every example of docs/scenario-format.md, and
 * checks the expectations written in each as special comments:
 *
 *   #! exit N               the exit status
 *   #! expect PATH JSON     the value at PATH (dots, array indices) in the output
 *   #! stderr TEXT          TEXT appears on standard error
 *
 * Each scenario of tests/scenarios/ declares the rule clauses it checks in
 * one or more header lines "# clauses: TW-3.2 RU-7" ("none" if it checks
 * none); running it reports them as a "CLAUSES: scenarios/NAME.scn ..."
 * line, which is what rules_selfcheck reads (see clauses.h).
 */
#include <check.h>
#include <dirent.h>
#include <jansson.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clauses.h"

#define MAX_SCENARIOS 64
#define PATH_LEN 512

static char scenarios[MAX_SCENARIOS][PATH_LEN];
static int scenario_count;

/* The whole file as a string (free it), or NULL. */
static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	long size;
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0) {
		rewind(f);
		text = calloc(1, (size_t)size + 1);
		if (text && fread(text, 1, (size_t)size, f) != (size_t)size) {
			free(text);
			text = NULL;
		}
	}
	fclose(f);
	return text;
}

/* Runs COMMAND_LINE (through sh); returns the exit status, fills the outputs. */
static int run_shell(const char *command_line, char **out, char **err)
{
	char out_path[] = "/tmp/cc-scenario-out-XXXXXX", err_path[] = "/tmp/cc-scenario-err-XXXXXX";
	int out_fd = mkstemp(out_path), err_fd = mkstemp(err_path);
	ck_assert(out_fd >= 0 && err_fd >= 0);
	close(out_fd);
	close(err_fd);
	char command[4 * PATH_LEN];
	snprintf(command, sizeof command, "%s >%s 2>%s </dev/null", command_line, out_path, err_path);
	int status = system(command);
	ck_assert(WIFEXITED(status)); /* the shell reports a killed child as 128 + signal */
	*out = read_file(out_path);
	*err = read_file(err_path);
	ck_assert(*out != NULL && *err != NULL);
	unlink(out_path);
	unlink(err_path);
	return WEXITSTATUS(status);
}

/* Runs `chesscubing script ARGS PATH`. */
static int run_script(const char *args, const char *path, char **out, char **err)
{
	char command[3 * PATH_LEN];
	snprintf(command, sizeof command, "'%s' script %s '%s'", CC_PROGRAM, args, path);
	return run_shell(command, out, err);
}

/* Runs `chesscubing ARGS` and returns its standard output (exit status 0 required). */
static char *run_program(const char *args)
{
	char command[3 * PATH_LEN], *out, *err;
	snprintf(command, sizeof command, "'%s' %s", CC_PROGRAM, args);
	int status = run_shell(command, &out, &err);
	ck_assert_msg(status == 0, "chesscubing %s: exit %d: %s", args, status, err);
	free(err);
	return out;
}

/* The value at a dotted path such as "blocks.1.lost". */
static json_t *at_path(json_t *root, const char *path)
{
	char copy[256], *save = NULL;
	snprintf(copy, sizeof copy, "%s", path);
	for (char *key = strtok_r(copy, ".", &save); key && root; key = strtok_r(NULL, ".", &save))
		root = json_is_array(root) ? json_array_get(root, strtoul(key, NULL, 10)) : json_object_get(root, key);
	return root;
}

static void check_expect(json_t *state, const char *spec, const char *scenario)
{
	char path[256];
	int used = 0;
	ck_assert_msg(sscanf(spec, "%255s %n", path, &used) == 1, "%s: bad expectation '%s'", scenario, spec);
	json_error_t jerr;
	json_t *want = json_loads(spec + used, JSON_DECODE_ANY, &jerr);
	ck_assert_msg(want != NULL, "%s: bad JSON in expectation '%s'", scenario, spec);
	json_t *got = at_path(state, path);
	char *got_text = got ? json_dumps(got, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
	ck_assert_msg(got && json_equal(got, want), "%s: %s is %s, expected %s", scenario, path,
	              got_text ? got_text : "missing", spec + used);
	free(got_text);
	json_decref(want);
}

static void check_scenario(const char *path)
{
	char *text = read_file(path), *out, *err, *save = NULL;
	ck_assert_msg(text != NULL, "cannot read %s", path);
	int expected_exit = 0, expectations = 0;
	int status = run_script("", path, &out, &err);
	json_error_t jerr;
	json_t *state = json_loads(out, 0, &jerr);

	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "#! exit ", 8) == 0) {
			expected_exit = atoi(line + 8);
		} else if (strncmp(line, "#! expect ", 10) == 0) {
			ck_assert_msg(state != NULL, "%s: output is not one JSON object: %s", path, out);
			check_expect(state, line + 10, path);
			expectations++;
		} else if (strncmp(line, "#! stderr ", 10) == 0) {
			ck_assert_msg(strstr(err, line + 10) != NULL, "%s: stderr lacks '%s': %s", path, line + 10, err);
			expectations++;
		}
	}
	ck_assert_msg(status == expected_exit, "%s: exit %d, expected %d (stderr: %s)", path, status, expected_exit,
	              err);
	ck_assert_msg(expectations > 0, "%s: no expectation to check", path);
	if (expected_exit == 2)
		ck_assert_msg(out[0] == '\0', "%s: a malformed scenario printed a state", path);
	json_decref(state);
	free(text);
	free(out);
	free(err);
}

/* Reports the "# clauses:" lines of a scenario as one CLAUSES line; a file
 * of tests/scenarios/ must have one (the documented examples need not). */
static void declare_scenario_clauses(const char *path)
{
	char *text = read_file(path), *save = NULL, ids[1024] = "";
	size_t used = 0;
	ck_assert_msg(text != NULL, "cannot read %s", path);
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (strncmp(line, "# clauses:", 10) == 0 && used < sizeof ids)
			used += (size_t)snprintf(ids + used, sizeof ids - used, "%s", line + 10);
	free(text);
	const char *dir = CC_SCENARIO_DIR "/";
	if (strncmp(path, dir, strlen(dir)) == 0) {
		ck_assert_msg(used > 0, "%s: no '# clauses:' line ('# clauses: none' if it checks no rule)", path);
		printf("CLAUSES: scenarios/%s%s\n", path + strlen(dir), ids);
		fflush(stdout);
	}
}

/* every scenario file and every documented example; each file's own clauses */
START_TEST(test_scenarios_run__expectations_hold)
{
	declare_scenario_clauses(scenarios[_i]);
	CLAUSES("CO-6.2 RU-13");
	check_scenario(scenarios[_i]);
}
END_TEST

/* --trace prints one JSON object per event line */
START_TEST(test_scenarios_trace__one_object_per_event)
{
	CLAUSES("RU-13");
	char *out, *err, *save = NULL;
	char path[PATH_LEN];
	snprintf(path, sizeof path, "%s/twice_full_match.scn", CC_SCENARIO_DIR);
	ck_assert_int_eq(run_script("--trace", path, &out, &err), 0);
	int objects = 0;
	for (char *line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		json_error_t jerr;
		json_t *state = json_loads(line, 0, &jerr);
		ck_assert_msg(state != NULL, "line %d is not JSON", objects + 1);
		json_decref(state);
		objects++;
	}
	char *text = read_file(path);
	int events = 0;
	ck_assert(text != NULL);
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		events += line[0] >= '0' && line[0] <= '9';
	ck_assert_int_gt(events, 40);
	ck_assert_int_eq(objects, events);
	free(text);
	free(out);
	free(err);
}
END_TEST

/* Writes the settings line and the first n event lines of src to dst. */
static int truncate_scenario(const char *src, const char *dst, int n)
{
	char *text = read_file(src), *save = NULL;
	FILE *out = fopen(dst, "w");
	int events = 0;
	ck_assert(text != NULL && out != NULL);
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		bool is_event = line[0] >= '0' && line[0] <= '9';
		if (is_event && events == n)
			break;
		events += is_event;
		if (line[0] != '#')
			fprintf(out, "%s\n", line);
	}
	fclose(out);
	free(text);
	return events;
}

static json_t *state_of(const char *out)
{
	json_error_t jerr;
	json_t *state = json_loads(out, 0, &jerr);
	ck_assert_msg(state != NULL, "not JSON: %s", out);
	json_object_del(state, "errors");
	json_object_del(state, "match_id");
	return state;
}

/* The kind of each event line of a scenario ("start", "move", "cube"...),
 * kinds[1..] in order; returns the number of events. */
static int event_kinds(const char *path, char kinds[][16], int max)
{
	char *text = read_file(path), *save = NULL;
	int events = 0;
	ck_assert(text != NULL);
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char kind[16];
		if (line[0] < '0' || line[0] > '9')
			continue;
		ck_assert_int_lt(events + 1, max);
		ck_assert_int_eq(sscanf(line, "%*s %15s", kind), 1);
		snprintf(kinds[++events], sizeof kinds[0], "%s", kind);
	}
	free(text);
	return events;
}

/* Killed (SIGKILL) after event n of twice_full_match.scn, the stored match
 * resumes with every accepted event and the same state, paused if a block
 * was running. Each n costs three runs of the driver (about 3 s): every n
 * when every_event, else the events where the match changes what it does
 * (an event of another kind than the one before: each block's start and
 * first move, each cube phase's first time, the mate), the first and the
 * last. */
static void check_kills(bool every_event)
{
	char scenario[PATH_LEN], db[] = "/tmp/cc-crash-XXXXXX", db_file[PATH_LEN], part[PATH_LEN], empty[PATH_LEN];
	char kinds[128][16];
	snprintf(scenario, sizeof scenario, "%s/twice_full_match.scn", CC_SCENARIO_DIR);
	ck_assert(mkdtemp(db) != NULL);
	snprintf(db_file, sizeof db_file, "%s/matches.db", db);
	snprintf(part, sizeof part, "%s/part.scn", db);
	snprintf(empty, sizeof empty, "%s/empty.scn", db);
	FILE *f = fopen(empty, "w");
	fputs("settings format=twice category=fast\n", f);
	fclose(f);
	int total = truncate_scenario(scenario, part, 1000), checked = 0;
	ck_assert_int_eq(event_kinds(scenario, kinds, 128), total);
	for (int n = 1; n <= total; n++) {
		char args[PATH_LEN + 64], *out, *err;
		if (!every_event && n > 1 && n < total && strcmp(kinds[n], kinds[n - 1]) == 0)
			continue;
		checked++;
		unlink(db_file);
		snprintf(args, sizeof args, "--db '%s' --kill-after %d", db_file, n);
		ck_assert_int_eq(run_script(args, scenario, &out, &err), 128 + SIGKILL);
		free(out);
		free(err);

		snprintf(args, sizeof args, "--db '%s' --resume 1", db_file);
		ck_assert_int_eq(run_script(args, empty, &out, &err), 0);
		json_t *resumed = state_of(out);
		free(out);
		free(err);

		truncate_scenario(scenario, part, n);
		ck_assert_int_eq(run_script("", part, &out, &err), 0);
		json_t *expected = state_of(out);
		free(out);
		free(err);

		bool running = strcmp(json_string_value(json_object_get(expected, "phase")), "block") == 0 &&
		               json_is_true(json_object_get(expected, "block_started"));
		ck_assert_msg(json_is_true(json_object_get(resumed, "paused")) == running, "event %d: paused", n);
		json_object_set_new(expected, "paused", json_boolean(running));
		char *a = json_dumps(resumed, JSON_COMPACT), *b = json_dumps(expected, JSON_COMPACT);
		ck_assert_msg(json_equal(resumed, expected), "after event %d:\nresumed  %s\nexpected %s", n, a, b);
		free(a);
		free(b);
		json_decref(resumed);
		json_decref(expected);
	}
	/* The sample is the one described: the scenario's phases all in it. */
	if (every_event)
		ck_assert_int_eq(checked, total);
	else
		ck_assert_int_ge(checked, 10);
	char command[PATH_LEN + 16];
	snprintf(command, sizeof command, "rm -rf '%s'", db);
	ck_assert_int_eq(system(command), 0);
}

/* killed after an event where the match changes what it does, the stored
 * match resumes with every accepted event and the same state */
START_TEST(test_scenarios_crash__resume_after_kill_at_each_kind_of_event)
{
	CLAUSES("RE-1.5 RU-18");
	check_kills(false);
}
END_TEST

/* killed after any event, the stored match resumes with every
 * accepted event and the same state, paused if a block was running */
START_TEST(test_scenarios_crash__resume_after_kill_at_every_event)
{
	CLAUSES("RE-1.5 RU-18");
	check_kills(true);
}
END_TEST

/* A temporary folder with a database holding the given scenarios, stored in order. */
static void record_scenarios(char *folder, char *db_file, const char *const *names, int count)
{
	char args[PATH_LEN + 16], path[PATH_LEN], *out, *err;
	ck_assert(mkdtemp(folder) != NULL);
	snprintf(db_file, PATH_LEN, "%s/matches.db", folder);
	for (int i = 0; i < count; i++) {
		snprintf(args, sizeof args, "--db '%s'", db_file);
		snprintf(path, sizeof path, "%s/%s", CC_SCENARIO_DIR, names[i]);
		int status = run_script(args, path, &out, &err);
		ck_assert_msg(status == 0 || status == 3, "%s: %s", names[i], err);
		free(out);
		free(err);
	}
}

static void remove_folder(const char *folder)
{
	char command[PATH_LEN + 16];
	snprintf(command, sizeof command, "rm -rf '%s'", folder);
	ck_assert_int_eq(system(command), 0);
}

static const char *const recorded[] = {"twice_full_match.scn", "time_official_examples.scn", "corrections.scn",
                                       "moves_opera_game.scn", "moves_twice_free_move.scn"};
#define RECORDED (int)(sizeof recorded / sizeof recorded[0])

/* the JSON export holds the driver's state, and its events replay to it */
START_TEST(test_scenarios_export__json_round_trips_through_driver)
{
	CLAUSES("RE-2.1");
	char folder[] = "/tmp/cc-export-XXXXXX", db_file[PATH_LEN], args[2 * PATH_LEN], path[PATH_LEN];
	record_scenarios(folder, db_file, recorded, RECORDED);
	for (int id = 1; id <= RECORDED; id++) {
		snprintf(args, sizeof args, "export --db '%s' --format json %d", db_file, id);
		char *exported = run_program(args);
		snprintf(args, sizeof args, "export --db '%s' --format scenario %d", db_file, id);
		char *scenario = run_program(args);
		snprintf(path, sizeof path, "%s/again.scn", folder);
		FILE *f = fopen(path, "w");
		fputs(scenario, f);
		fclose(f);
		char *out, *err;
		ck_assert_int_eq(run_script("", path, &out, &err), 0);
		json_error_t jerr;
		json_t *a = json_loads(exported, 0, &jerr), *b = json_loads(out, 0, &jerr);
		ck_assert(a && b);
		ck_assert_int_eq(json_integer_value(json_object_get(a, "match_id")), id);
		ck_assert_uint_gt(json_array_size(json_object_get(a, "events")), 5);
		json_object_del(a, "events");
		json_object_del(a, "match_id");
		json_object_del(a, "created_utc");
		json_object_del(b, "errors");
		ck_assert_msg(json_equal(a, b), "match %d: export and replay differ", id);
		json_decref(a);
		json_decref(b);
		free(out);
		free(err);
		free(exported);
		free(scenario);
	}
	remove_folder(folder);
}
END_TEST

/* each PGN export is a game pgn-extract accepts, with the roster,
 * Variant, and in moves recording the moves with their clocks. A pass
 * (lost move, free move's turn handover) ends the game: the match goes on
 * in a next part from the position, so pgn-extract -s takes every export
 * strictly (no --allownullmoves) and says nothing. */
START_TEST(test_scenarios_export__pgn_passes_pgn_extract)
{
	CLAUSES("RE-2.1");
	char folder[] = "/tmp/cc-pgn-XXXXXX", db_file[PATH_LEN], args[2 * PATH_LEN], pgn[PATH_LEN];
	record_scenarios(folder, db_file, recorded, RECORDED);
	for (int id = 1; id <= RECORDED; id++) {
		snprintf(args, sizeof args, "export --db '%s' --format pgn %d", db_file, id);
		char *text = run_program(args);
		ck_assert(strstr(text, "[Event \"") && strstr(text, "[Site \"") && strstr(text, "[Date \"") &&
		          strstr(text, "[Round \"") && strstr(text, "[White \"") && strstr(text, "[Black \"") &&
		          strstr(text, "[Result \"") && strstr(text, "[Variant \"ChessCubing ") &&
		          strstr(text, "[TimeControl \""));
		if (strstr(recorded[id - 1], "moves_"))
			ck_assert_msg(strstr(text, "[%clk ") && strstr(text, "[%emt "), "no clocks in %s", text);
		if (strcmp(recorded[id - 1], "moves_opera_game.scn") == 0)
			ck_assert(strstr(text, "17. Rd8# {") && strstr(text, "[Result \"1-0\"]") && !strstr(text, " -- "));
		if (strcmp(recorded[id - 1], "moves_twice_free_move.scn") == 0)
			ck_assert(strstr(text, "free move of a double move") && !strstr(text, " -- ") &&
			          strstr(text, "[Part \"2\"]") && strstr(text, "[SetUp \"1\"]"));
		snprintf(pgn, sizeof pgn, "%s/match.pgn", folder);
		FILE *f = fopen(pgn, "w");
		fputs(text, f);
		fclose(f);
		char command[2 * PATH_LEN], *out, *err;
		snprintf(command, sizeof command, "'%s' -s -r '%s'", CC_PGN_EXTRACT, pgn);
		ck_assert_int_eq(run_shell(command, &out, &err), 0);
		ck_assert_msg(!err[0] && !strstr(out, "ailed"),
		              "pgn-extract on match %d: %s%s", id, out, err);
		free(out);
		free(err);
		free(text);
	}
	remove_folder(folder);
}
END_TEST

/* the text report tells blocks, cube phases, pauses, undos and decisions */
START_TEST(test_scenarios_export__text_report_tells_corrections)
{
	CLAUSES("RE-2.1");
	char folder[] = "/tmp/cc-text-XXXXXX", db_file[PATH_LEN], args[2 * PATH_LEN];
	record_scenarios(folder, db_file, recorded, RECORDED);
	snprintf(args, sizeof args, "export --db '%s' --format text 3", db_file);
	char *text = run_program(args);
	static const char *const expected[] = {
		"Result: no winner, by arbiter decision: players agreed to stop (1/2-1/2)",
		"block 1 over (quotas); cube phase with cube",
		"pause", "resume", "undo: takes back \"Brice moves, check\"",
		"Brice's 20 s ran out: move lost", "exact tie: the cube phase is replayed",
		"arbiter decision (no winner): players agreed to stop"};
	for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++)
		ck_assert_msg(strstr(text, expected[i]) != NULL, "report lacks '%s':\n%s", expected[i], text);
	free(text);
	remove_folder(folder);
}
END_TEST

/* list and show read the record */
START_TEST(test_scenarios_records__list_and_show)
{
	CLAUSES("RE-1.1");
	char folder[] = "/tmp/cc-list-XXXXXX", db_file[PATH_LEN], args[2 * PATH_LEN];
	record_scenarios(folder, db_file, recorded, RECORDED);
	snprintf(args, sizeof args, "list --db '%s'", db_file);
	char *list = run_program(args);
	ck_assert_msg(strstr(list, "1-0 checkmate") && strstr(list, "in progress") && strstr(list, "1/2-1/2 arbiter") &&
	                  strstr(list, "Alice") && strstr(list, "Brice"),
	              "list: %s", list);
	snprintf(args, sizeof args, "show --db '%s' 1", db_file);
	char *show = run_program(args);
	ck_assert_msg(strstr(show, "Result: Alice wins by checkmate (1-0)") && strstr(show, "Block 3: Bruno started"),
	              "show: %s", show);
	free(list);
	free(show);
	char *out, *err;
	snprintf(args, sizeof args, "'%s' show --db '%s' 9", CC_PROGRAM, db_file);
	ck_assert_int_eq(run_shell(args, &out, &err), 1);
	ck_assert_msg(strstr(err, "no match 9") != NULL, "%s", err);
	free(out);
	free(err);
	remove_folder(folder);
}
END_TEST

static int by_name(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

static void find_scenario_files(void)
{
	DIR *dir = opendir(CC_SCENARIO_DIR);
	struct dirent *entry;
	if (!dir) {
		perror(CC_SCENARIO_DIR);
		exit(EXIT_FAILURE);
	}
	while ((entry = readdir(dir)) && scenario_count < MAX_SCENARIOS) {
		size_t n = strlen(entry->d_name);
		if (n > 4 && strcmp(entry->d_name + n - 4, ".scn") == 0)
			snprintf(scenarios[scenario_count++], PATH_LEN, "%s/%s", CC_SCENARIO_DIR, entry->d_name);
	}
	closedir(dir);
	qsort(scenarios, (size_t)scenario_count, PATH_LEN, by_name);
}

/* Writes each ```scenario block of the format document to its own file. */
static void extract_doc_examples(const char *tmpdir)
{
	char *doc = read_file(CC_SCENARIO_DOC), *p = doc;
	int n = 0;
	if (!doc) {
		perror(CC_SCENARIO_DOC);
		exit(EXIT_FAILURE);
	}
	while ((p = strstr(p, "```scenario\n")) && scenario_count < MAX_SCENARIOS) {
		p += strlen("```scenario\n");
		char *end = strstr(p, "```");
		if (!end)
			break;
		snprintf(scenarios[scenario_count], PATH_LEN, "%s/doc-example-%d.scn", tmpdir, ++n);
		FILE *f = fopen(scenarios[scenario_count++], "w");
		fwrite(p, 1, (size_t)(end - p), f);
		fclose(f);
		p = end + 3;
	}
	free(doc);
	if (n == 0) {
		fprintf(stderr, "%s has no ```scenario example\n", CC_SCENARIO_DOC);
		exit(EXIT_FAILURE);
	}
}

/* Without arguments, every test but the kill at every event, which
 * `test_scenarios --kill-every-event` runs alone (about 150 s: ctest's
 * test_scenarios_kill_every_event, label "slow"). */
static int failures_of(Suite *s)
{
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed;
}

int main(int argc, char **argv)
{
	char tmpdir[] = "/tmp/cc-doc-examples-XXXXXX";
	if (argc == 2 && strcmp(argv[1], "--kill-every-event") == 0) {
		Suite *all = suite_create("scenarios_kill_every_event");
		TCase *kills = tcase_create("crash_every_event");
		tcase_set_timeout(kills, 900);
		tcase_add_test(kills, test_scenarios_crash__resume_after_kill_at_every_event);
		suite_add_tcase(all, kills);
		return failures_of(all) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
	}
	if (argc != 1) {
		fprintf(stderr, "usage: %s [--kill-every-event]\n", argv[0]);
		return EXIT_FAILURE;
	}
	if (!mkdtemp(tmpdir))
		return EXIT_FAILURE;
	find_scenario_files();
	extract_doc_examples(tmpdir);

	Suite *s = suite_create("scenarios");
	TCase *run = tcase_create("run");
	tcase_set_timeout(run, 30);
	tcase_add_loop_test(run, test_scenarios_run__expectations_hold, 0, scenario_count);
	tcase_add_test(run, test_scenarios_trace__one_object_per_event);
	suite_add_tcase(s, run);
	TCase *crash = tcase_create("crash");
	tcase_set_timeout(crash, 300);
	tcase_add_test(crash, test_scenarios_crash__resume_after_kill_at_each_kind_of_event);
	suite_add_tcase(s, crash);
	TCase *records = tcase_create("records");
	tcase_set_timeout(records, 60);
	tcase_add_test(records, test_scenarios_export__json_round_trips_through_driver);
	tcase_add_test(records, test_scenarios_export__pgn_passes_pgn_extract);
	tcase_add_test(records, test_scenarios_export__text_report_tells_corrections);
	tcase_add_test(records, test_scenarios_records__list_and_show);
	suite_add_tcase(s, records);
	int failed = failures_of(s);

	char command[PATH_LEN];
	snprintf(command, sizeof command, "rm -rf '%s'", tmpdir);
	if (system(command) != 0)
		failed++;
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
