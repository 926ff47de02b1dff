/*
 * cmd_complete.c: `chesscubing complete WHAT [--db FILE]`, the candidates the
 * bash completion (scripts/chesscubing-completion.bash) offers, one a line,
 * as the record holds them: WHAT is `matches` (their numbers, the newest
 * last), `unfinished` (those a resume may reopen), `players` or `events`
 * (their names, whole: a comma or a space inside a name is the name's).
 *
 * Not listed in --help: it is the completion's, not the arbiter's. It says
 * nothing on stderr (a completion must not write over the command line
 * being typed) and gives 1 when the record cannot be read, 2 for a WHAT it
 * does not know. Names are validated when recorded (no control character),
 * so one a line is unambiguous.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session.h"
#include "chesscubing/session_club.h"
#include "cli_util.h"
#include "commands.h"

/* The newest match numbers kept for a completion: more is a list to page
 * through, not to complete from. */
#define NEWEST_MAX 1000

typedef struct {
	bool unfinished_only;
	int64_t ids[NEWEST_MAX];
	size_t count; /* seen in all; the last NEWEST_MAX kept, a ring */
} match_ids;

static cc_err keep_match(void *ctx, const cc_session_info *info, cc_error *err)
{
	match_ids *m = ctx;
	(void)err;
	if (!m->unfinished_only || !info->over)
		m->ids[m->count++ % NEWEST_MAX] = info->id;
	return CC_OK;
}

static int print_matches(cc_session_db *db, bool unfinished_only)
{
	static match_ids m; /* 8 KB: off the stack */
	cc_error err;
	m.unfinished_only = unfinished_only;
	m.count = 0;
	if (cc_session_db_list_each(db, keep_match, &m, &err) != CC_OK)
		return 1;
	size_t first = m.count > NEWEST_MAX ? m.count - NEWEST_MAX : 0;
	for (size_t i = first; i < m.count; i++)
		printf("%lld\n", (long long)m.ids[i % NEWEST_MAX]);
	return 0;
}

static int print_players(cc_session_db *db)
{
	cc_session_player *items = NULL;
	size_t count = 0;
	cc_error err;
	if (cc_session_club_players(db, false, &items, &count, &err) != CC_OK)
		return 1;
	for (size_t i = 0; i < count; i++)
		printf("%s\n", items[i].who.name);
	free(items);
	return 0;
}

static int print_events(cc_session_db *db)
{
	cc_session_event *items = NULL;
	size_t count = 0;
	cc_error err;
	if (cc_session_club_events(db, &items, &count, &err) != CC_OK)
		return 1;
	for (size_t i = 0; i < count; i++)
		printf("%s\n", items[i].name);
	free(items);
	return 0;
}

int cc_cli_cmd_complete(int argc, char **argv)
{
	static const struct option options[] = {{"db", required_argument, NULL, 'd'}, {NULL, 0, NULL, 0}};
	const char *path = NULL;
	int c;
	cc_cli_options_start();
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", options, NULL)) != -1) {
		if (c != 'd')
			return 2;
		path = optarg;
	}
	if (argc - optind != 1)
		return 2;
	const char *what = argv[optind];
	bool matches = strcmp(what, "matches") == 0, unfinished = strcmp(what, "unfinished") == 0;
	if (!matches && !unfinished && strcmp(what, "players") != 0 && strcmp(what, "events") != 0)
		return 2;
	cc_session_db *db = NULL;
	cc_error err;
	if (cc_session_db_open(&db, path, CC_SESSION_DB_READ, NULL, &err) != CC_OK)
		return 1;
	int status = matches || unfinished   ? print_matches(db, unfinished)
	             : strcmp(what, "players") == 0 ? print_players(db)
	                                            : print_events(db);
	cc_session_db_close(db);
	return cc_cli_finish_output("complete", status);
}
