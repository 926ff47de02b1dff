/*
 * event_export_pgn.c: an event's games as one PGN (session_event_export.h,
 * rules/club.md CL-4.4), each match written by the per-match writer
 * (session_export.h) and its players named as registered now (CL-4.21):
 * the White and Black tags and the names in the comments of a game whose
 * player was renamed since say his name now, as the crosstable, the TRF
 * and the standings do.
 */
#include "chesscubing/session_event_export.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session_export.h"

/* ---- one PGN ------------------------------------------------------------------ */

/* A PGN tag as export_pgn.c writes it: '\\' and '"' escaped, controls a space. */
static void pgn_name_tag(FILE *out, const char *tag, const char *value)
{
	fprintf(out, "[%s \"", tag);
	for (const unsigned char *p = (const unsigned char *)value; *p; p++) {
		if (*p == '\\' || *p == '"')
			fputc('\\', out);
		fputc(*p < 0x20 || *p == 0x7f ? ' ' : *p, out);
	}
	fputs("\"]\n", out);
}

/* The name of start rank in t ("" when none). */
static const char *name_of_start(const cc_event_table *t, unsigned start)
{
	unsigned row = cc_session_event_row_of(t, start);
	return row < t->players ? t->player[row].name : "";
}

/* The value of a tag line '[Tag "value"]' of n bytes, unescaped, in buf. */
static void tag_value(const char *line, size_t n, char *buf, size_t size)
{
	size_t used = 0;
	const char *p = memchr(line, '"', n);
	for (p = p ? p + 1 : line + n; p < line + n && *p != '"' && used + 1 < size; p++) {
		if (*p == '\\' && p + 1 < line + n)
			p++;
		buf[used++] = *p;
	}
	buf[used] = '\0';
}

/* Writes n bytes of a movetext line, each recorded name within a comment
 * ({...}) written as the name now (names[k][0] recorded, [1] now). */
static void put_renamed(FILE *out, const char *line, size_t n, char names[2][2][CC_NAME_MAX], bool *in_comment)
{
	for (size_t i = 0; i < n;) {
		bool done = false;
		for (int k = 0; k < 2 && *in_comment && !done; k++) {
			size_t len = strlen(names[k][0]);
			if (len && strcmp(names[k][0], names[k][1]) != 0 && i + len <= n && memcmp(line + i, names[k][0], len) == 0) {
				fputs(names[k][1], out);
				i += len;
				done = true;
			}
		}
		if (done)
			continue;
		*in_comment = line[i] == '{' ? true : line[i] == '}' ? false : *in_comment;
		fputc(line[i++], out);
	}
	fputc('\n', out);
}

/* Copies one match's PGN text to out naming the players as registered now
 * (CL-4.21), in its White and Black tags and in its comments ("Bob wins by
 * resignation"): a player renamed since the game is named as the
 * crosstable, the TRF and the standings name him. */
static void copy_pgn_renamed(FILE *out, const char *text, const cc_event_table *t, const cc_event_game *game)
{
	char names[2][2][CC_NAME_MAX] = {{"", ""}, {"", ""}};
	bool in_comment = false;
	snprintf(names[0][1], CC_NAME_MAX, "%s", name_of_start(t, game->white));
	snprintf(names[1][1], CC_NAME_MAX, "%s", name_of_start(t, game->black));
	for (const char *line = text; *line;) {
		size_t n = strcspn(line, "\n");
		int side = strncmp(line, "[White \"", 8) == 0 ? 0 : strncmp(line, "[Black \"", 8) == 0 ? 1 : -1;
		if (side >= 0 && names[side][1][0]) {
			tag_value(line, n, names[side][0], CC_NAME_MAX);
			pgn_name_tag(out, side == 0 ? "White" : "Black", names[side][1]);
		} else if (line[0] == '[') {
			fprintf(out, "%.*s\n", (int)n, line);
		} else {
			put_renamed(out, line, n, names, &in_comment);
		}
		line += n + (line[n] == '\n');
	}
}

cc_err cc_session_event_write_pgn(const cc_lang *lang, FILE *out, cc_session_db *db, const cc_event_table *t,
                                  size_t *games, cc_error *err)
{
	*games = 0;
	for (size_t g = 0; g < t->games; g++) {
		const cc_event_game *game = &t->game[g];
		cc_session *s = NULL;
		if (!game->match_id || game->kind == CC_EVENT_GAME_UNPLAYED || game->kind == CC_EVENT_GAME_BYE)
			continue;
		cc_err rc = cc_session_read(&s, db, game->match_id, err);
		if (rc)
			return rc;
		/* the writer ends each game with its blank line */
		char *text = NULL;
		size_t size = 0;
		FILE *mem = open_memstream(&text, &size);
		int written = mem ? cc_session_export(lang, mem, s, CC_EXPORT_PGN) : -1;
		if (mem && fclose(mem) != 0)
			written = -1;
		cc_session_destroy(s);
		if (written != 0) {
			free(text);
			return cc_refuse(err, CC_MSG_EXPORT_NOT_WRITTEN, (int)(*games + 1));
		}
		copy_pgn_renamed(out, text, t, game);
		free(text);
		(*games)++;
	}
	return CC_OK;
}
