/*
 * cmd_demo.c: `chesscubing demo`, the sample match (the console's --demo
 * plays the same one) printed as text: each event as the renderer says it,
 * what time did by itself, and the state after it.
 */
#include <stdio.h>
#include <string.h>

#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "cli_util.h"
#include "commands.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/session_scenario.h"

static void describe_view(const cc_match_view *v, const cc_match_settings *s)
{
	const char *to_move = v->to_move == CC_SIDE_WHITE ? s->white : s->black;
	char block_left[16], move_left[16], result[CC_TEXT_MAX + 64];
	switch (v->phase) {
	case CC_PHASE_SETUP:
		printf("    %s\n", _("setup"));
		return;
	case CC_PHASE_BLOCK:
		cc_time_format_ms(v->block_ms_left, block_left, sizeof block_left);
		cc_time_format_ms(v->move_ms_left, move_left, sizeof move_left);
		/* TRANSLATORS: the demo's state line: the block, its time left, each player's moves out of
		 * the quota, who moves and the move clock; then CHECK, the double move and the parry. */
		printf(_("    block %d %s  %s %d/%d  %s %d/%d  %s to move (%s)%s%s%s\n"), v->block,
		       v->block_started ? block_left : _("(waiting for start)"), s->white, v->moves[0], v->quota,
		       s->black, v->moves[1], v->quota, to_move, move_left, v->check ? _("  CHECK") : "",
		       v->double_move == CC_DOUBLE_FREE     ? _("  double move: free move next")
		       : v->double_move == CC_DOUBLE_SECOND ? _("  double move: second move next")
		                                            : "",
		       v->closing ? _("  (parry outside the quota)") : "");
		return;
	case CC_PHASE_CUBE:
		printf(_("    cube phase: cube number %d (attempt %d)\n"), v->cube_number, v->cube_attempt);
		return;
	case CC_PHASE_OVER:
		cc_session_describe_result(cc_ui_lang(), v, s, result, sizeof result);
		printf(_("    match over: %s\n"), result);
		return;
	}
}

/* What time alone, or the event, changed: one indented line each. */
static void print_changes(const cc_match_view *before, const cc_match_view *after, const cc_match_settings *s)
{
	char text[1024];
	cc_session_describe_changes(cc_ui_lang(), before, after, s, text, sizeof text);
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
		printf("    %s\n", line);
}

static int play(const cc_session_scenario *sc)
{
	cc_session *session = NULL;
	cc_error err;
	if (cc_session_create(&session, NULL, &sc->settings, false, &err)) {
		cc_cli_fail("demo", &err);
		return 1;
	}
	const cc_match *m = cc_session_match(session);
	/* the game and its category as the settings say ("ChessCubing Twice V2, FAST") */
	const cc_game_class *game = cc_game_class_of(sc->settings.format);
	const char *category =
		cc_game_has(sc->settings.format, CC_GAME_CATEGORY) ? cc_session_category_text(sc->settings.category) : "";
	printf(_("%s%s%s: %s (White) against %s (Black)\n\n"), _(game->label), category[0] ? ", " : "", category,
	       sc->settings.white, sc->settings.black);
	for (size_t i = 0; i < sc->count; i++) {
		const cc_event *ev = &sc->steps[i].event;
		char what[CC_TEXT_MAX + 96], at[16];
		cc_match_view before, v;
		cc_match_view_at(m, cc_match_last_time(m), &before);
		if (cc_session_apply(session, ev, &err)) {
			cc_cli_fail_at("demo", _("event refused"), &err);
			cc_session_destroy(session);
			return 1;
		}
		cc_session_describe_event(cc_ui_lang(), ev, &sc->settings, what, sizeof what);
		cc_time_format_ms(ev->t_ms, at, sizeof at);
		printf("[%8s] %s\n", at, what);
		cc_match_view_at(m, ev->t_ms, &v);
		print_changes(&before, &v, &sc->settings);
		describe_view(&v, &sc->settings);
	}
	cc_session_destroy(session);
	return 0;
}

int cc_cli_cmd_demo(int argc, char **argv)
{
	(void)argv;
	if (argc > 1) {
		fputs(_("Usage: chesscubing demo\nPlay the sample Twice match through the core and print it.\n"), stdout);
		return 0;
	}
	cc_session_scenario sc;
	cc_error err;
	if (cc_session_scenario_demo(&sc, &err)) {
		cc_cli_fail("demo", &err);
		return 1;
	}
	int status = play(&sc);
	cc_session_scenario_free(&sc);
	return cc_cli_finish_output("demo", status);
}
