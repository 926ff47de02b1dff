/*
 * test_scenarios.c: runs the real `chesscubing script` on every scenario of
 * tests/scenarios/ and on every example of docs/scenario-format.md, and
 * checks the expectations written in each as special comments:
 *
 *   #! exit N               the exit status
 *   #! expect PATH JSON     the value at PATH (dots, array indices) in the output
 *   #! stderr TEXT          TEXT appears on standard error
 *
 * Each scenario names the rule clauses it checks in its comments.
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

/* Runs `chesscubing script ARGS PATH`; returns the exit status, fills the outputs. */
static int run_script(const char *args, const char *path, char **out, char **err)
{
	char out_path[] = "/tmp/cc-scenario-out-XXXXXX", err_path[] = "/tmp/cc-scenario-err-XXXXXX";
	int out_fd = mkstemp(out_path), err_fd = mkstemp(err_path);
	ck_assert(out_fd >= 0 && err_fd >= 0);
	close(out_fd);
	close(err_fd);
	char command[3 * PATH_LEN];
	snprintf(command, sizeof command, "'%s' script %s '%s' >%s 2>%s </dev/null", CC_PROGRAM, args, path,
	         out_path, err_path);
	int status = system(command);
	ck_assert(WIFEXITED(status)); /* the shell reports a killed child as 128 + signal */
	*out = read_file(out_path);
	*err = read_file(err_path);
	ck_assert(*out != NULL && *err != NULL);
	unlink(out_path);
	unlink(err_path);
	return WEXITSTATUS(status);
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

/* CO-6.2, RU-13: every scenario file and every documented example */
START_TEST(test_scenarios_run__expectations_hold)
{
	check_scenario(scenarios[_i]);
}
END_TEST

/* RU-13: --trace prints one JSON object per event line */
START_TEST(test_scenarios_trace__one_object_per_event)
{
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

/* RE-1.5, RU-18: killed after any event, the stored match resumes with every
 * accepted event and the same state, paused if a block was running */
START_TEST(test_scenarios_crash__resume_after_kill_at_every_event)
{
	char scenario[PATH_LEN], db[] = "/tmp/cc-crash-XXXXXX", db_file[PATH_LEN], part[PATH_LEN], empty[PATH_LEN];
	snprintf(scenario, sizeof scenario, "%s/twice_full_match.scn", CC_SCENARIO_DIR);
	ck_assert(mkdtemp(db) != NULL);
	snprintf(db_file, sizeof db_file, "%s/matches.db", db);
	snprintf(part, sizeof part, "%s/part.scn", db);
	snprintf(empty, sizeof empty, "%s/empty.scn", db);
	FILE *f = fopen(empty, "w");
	fputs("settings format=twice category=fast\n", f);
	fclose(f);
	int total = truncate_scenario(scenario, part, 1000);
	for (int n = 1; n <= total; n++) {
		char args[PATH_LEN + 64], *out, *err;
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
	char command[PATH_LEN + 16];
	snprintf(command, sizeof command, "rm -rf '%s'", db);
	ck_assert_int_eq(system(command), 0);
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

int main(void)
{
	char tmpdir[] = "/tmp/cc-doc-examples-XXXXXX";
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
	tcase_add_test(crash, test_scenarios_crash__resume_after_kill_at_every_event);
	suite_add_tcase(s, crash);
	SRunner *runner = srunner_create(s);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);

	char command[PATH_LEN];
	snprintf(command, sizeof command, "rm -rf '%s'", tmpdir);
	if (system(command) != 0)
		failed++;
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
