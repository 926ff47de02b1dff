/*
 * export.c: the exports of a recorded match (session_export.h): the one
 * entry (cc_session_export) and the JSON. The scenario is export_scenario.c's,
 * PGN export_pgn.c's, the text report the renderer's (describe_report.c).
 */
#include "chesscubing/session_export.h"

#include <stdlib.h>
#include <string.h>

#include "chesscubing/session_club.h"
#include "chesscubing/session_describe.h"
#include "session_internal.h"
#include "chesscubing/session_json.h"
#include "chesscubing/session_pgn.h"
static const cc_name format_names[] = {
#define CC_EXPORT_FORMAT(id, spelling) {CC_EXPORT_##id, spelling},
#include "chesscubing/session_export_formats.def"
#undef CC_EXPORT_FORMAT
};
#include "export_internal.h"

cc_err cc_session_export_format_parse(const char *text, cc_export_format *out)
{
	int value;
	if (cc_name_parse(format_names, sizeof format_names / sizeof format_names[0], text, &value) != CC_OK)
		return CC_ERR_INVALID;
	*out = (cc_export_format)value;
	return CC_OK;
}

/* ---- JSON ------------------------------------------------------------------ */

static json_t *event_json(size_t seq, const cc_event *ev)
{
	json_t *o = json_pack("{s:I, s:I, s:s}", "seq", (json_int_t)seq, "t_ms", (json_int_t)ev->t_ms, "kind",
	                      cc_event_kind_name(ev->kind));
	int rc = o ? 0 : -1;
	if (rc == 0 && (ev->kind == CC_EV_MOVE || ev->kind == CC_EV_CUBE || ev->kind == CC_EV_RESIGN))
		rc = json_object_set_new(o, "side", json_string(cc_side_name(ev->side)));
	if (rc == 0 && ev->kind == CC_EV_MOVE && ev->text[0])
		rc = json_object_set_new(o, "move", json_string(ev->text));
	else if (rc == 0 && ev->kind == CC_EV_MOVE)
		rc = json_object_set_new(o, "check", json_boolean(ev->gives_check));
	if (rc == 0 && ev->kind == CC_EV_CUBE)
		rc = json_object_set_new(o, "cs",
		                         ev->cube_cs == CC_CUBE_DNF ? json_string("DNF") : json_integer(ev->cube_cs)) ||
		     json_object_set_new(o, "source", json_string(ev->from_timer ? "timer" : "typed")); /* RE-10.1 */
	if (rc == 0 && ev->kind == CC_EV_ARBITER)
		rc = json_object_set_new(o, "winner", json_string(cc_winner_name(ev->winner))) ||
		     json_object_set_new(o, "reason", json_string(ev->text));
	/* A correction's side only where its target has one (a block's has none). */
	bool sided = ev->target == CC_CORRECT_CLOCK || ev->target == CC_CORRECT_MOVES || ev->target == CC_CORRECT_LOST ||
	             ev->target == CC_CORRECT_TO_MOVE;
	if (rc == 0 && ev->kind == CC_EV_CORRECT && sided)
		rc = json_object_set_new(o, "side", json_string(cc_side_name(ev->side)));
	if (rc == 0 && ev->kind == CC_EV_CORRECT)
		rc = json_object_set_new(o, "target", json_string(cc_correct_target_name(ev->target))) ||
		     json_object_set_new(o, "amount", json_integer(ev->amount)) ||
		     json_object_set_new(o, "relative", json_boolean(ev->relative)) ||
		     json_object_set_new(o, "reason", json_string(ev->text));
	if (rc == 0 && ev->kind == CC_EV_CLAIM)
		rc = json_object_set_new(o, "side", json_string(cc_side_name(ev->side))) ||
		     json_object_set_new(o, "claim", json_string(ev->text));
	if (rc == 0 && ev->kind == CC_EV_IN_TIME)
		rc = json_object_set_new(o, "side", json_string(cc_side_name(ev->side))) ||
		     (ev->text[0] ? json_object_set_new(o, "move", json_string(ev->text))
		                  : json_object_set_new(o, "check", json_boolean(ev->gives_check)));
	if (rc != 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/*
 * Writes item as json_dumpf(JSON_INDENT(2)) writes it nested at depth
 * (2 spaces a level): dumped alone, then every line break followed by the
 * indent of its depth. A string holds no raw line break (JSON escapes it),
 * so each '\n' of the dump is a break between lines of the layout.
 */
static int write_nested(FILE *out, json_t *item, int depth)
{
	char *text = item ? json_dumps(item, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
	int rc = text ? 0 : -1;
	for (const char *p = text; rc == 0 && *p; p++)
		if (fputc(*p, out) == EOF || (*p == '\n' && fprintf(out, "%*s", 2 * depth, "") < 0))
			rc = -1;
	free(text);
	json_decref(item);
	return rc;
}

/* The "events" of the export: one object per accepted event. */
static int write_events(FILE *out, const cc_match *m)
{
	cc_event ev;
	size_t i = 0;
	int rc = 0;
	for (; rc == 0 && cc_match_event_at(m, i, &ev); i++)
		rc = fputs(i ? ",\n    " : "[\n    ", out) == EOF ? -1 : write_nested(out, event_json(i, &ev), 2);
	return rc == 0 && fputs(i ? "\n  ]" : "[]", out) != EOF ? 0 : -1;
}

/* The "blocks" of the state: one summary per decided block. */
static int write_blocks(FILE *out, const cc_match *m)
{
	size_t n = cc_match_block_count(m);
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < n; i++)
		rc = fputs(i ? ",\n    " : "[\n    ", out) == EOF ? -1
		                                              : write_nested(out, cc_session_state_json_block(m, i), 2);
	return rc == 0 && fputs(n ? "\n  ]" : "[]", out) != EOF ? 0 : -1;
}

/*
 * The state object with its "blocks" and "events", streamed: the state is
 * built without them (their keys hold null), dumped as text, and each null
 * is replaced, as the text is written, by its array written item by item.
 * The text is the one json_dumpf(JSON_INDENT(2)) gives of the whole
 * document, but no more than one block or event is ever held as JSON, so a
 * match of a million events is written in the memory of the match itself.
 */
static int export_json(FILE *out, const cc_session *session)
{
	static const char blocks_hole[] = "\n  \"blocks\": null", events_hole[] = "\n  \"events\": null";
	const cc_match *m = cc_session_match(session);
	const cc_session_info *info = cc_session_info_of(session);
	json_t *state = cc_session_state_json(m, cc_match_last_time(m), false);
	int rc = state ? 0 : -1;
	if (rc == 0)
		rc = json_object_set_new(state, "match_id", json_integer(info->id)) ||
		     json_object_set_new(state, "created_utc", json_string(info->created_utc)) ||
		     json_object_set_new(state, "events", json_null());
	if (rc == 0)
		rc = cc_session_fairness_json(state, session);
	char *text = rc == 0 ? json_dumps(state, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
	json_decref(state);
	/* Top-level keys only: a line break and two spaces start them. */
	char *blocks = text ? strstr(text, blocks_hole) : NULL, *events = text ? strstr(text, events_hole) : NULL;
	if (!blocks || !events || blocks > events) {
		free(text);
		return -1;
	}
	size_t head = (size_t)(blocks - text) + sizeof blocks_hole - sizeof "null";
	size_t middle = (size_t)(events - text) + sizeof events_hole - sizeof "null";
	rc = fwrite(text, 1, head, out) == head ? write_blocks(out, m) : -1;
	const char *after_blocks = blocks + sizeof blocks_hole - 1;
	if (rc == 0 && fwrite(after_blocks, 1, (size_t)(text + middle - after_blocks), out) != (size_t)(text + middle - after_blocks))
		rc = -1;
	if (rc == 0)
		rc = write_events(out, m);
	if (rc == 0 && fputs(events + sizeof events_hole - 1, out) == EOF)
		rc = -1;
	free(text);
	return rc == 0 && fputc('\n', out) != EOF ? 0 : -1;
}

int cc_session_export(const cc_lang *lang, FILE *out, cc_session *session, cc_export_format as)
{
	switch (as) {
	case CC_EXPORT_JSON:
		return export_json(out, session);
	case CC_EXPORT_SCENARIO:
		return cc_session_export_scenario(out, session);
	case CC_EXPORT_PGN:
		return cc_session_pgn_write(lang, out, session, false);
	case CC_EXPORT_PGN_NULL:
		return cc_session_pgn_write(lang, out, session, true);
	case CC_EXPORT_TEXT:
		return cc_session_write_report(lang, out, session, false, true);
	}
	return -1;
}
