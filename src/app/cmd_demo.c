/*
 * cmd_demo.c: `chesscubing demo`, a sample Twice match printed as text.
 *
 * The match is an ordinary scenario (the same format as `chesscubing
 * script`) run through the same core; each event is printed with what the
 * arbiter would see after it.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "report.h"
#include "scenario.h"

/* Two blocks of Twice FAST: a lost move, a tie replay, a double move, mate. */
static const char demo_scenario[] =
	"settings format=twice category=fast white=Alice black=Bruno seed=2026\n"
	"0 start\n"
	"4000 move w\n" "9000 move b\n" "15000 move w\n" "21000 move b\n"
	"30000 move w\n" "34000 move b +\n" "40000 move w\n"
	"60001 tick\n" /* Black thinks too long: the move is lost */
	"65000 move w\n" "70000 move b\n" "78000 move w\n" "83000 move b\n"
	"120000 cube w 21.37\n" "120000 cube b 21.37\n" /* exact tie: replay */
	"160000 cube w 19.02\n" "160000 cube b 24.80\n"
	"170000 start\n"
	"173000 move w\n" /* the free move of the double move */
	"176000 move w +\n" "181000 move b\n" "186000 move w +\n"
	"190000 mate\n";

static void describe_view(const cc_match_view *v, const cc_match_settings *s)
{
	const char *to_move = v->to_move == CC_SIDE_WHITE ? s->white : s->black;
	char block_left[16], move_left[16];
	switch (v->phase) {
	case CC_PHASE_SETUP:
		printf("    setup\n");
		return;
	case CC_PHASE_BLOCK:
		cc_time_format_ms(v->block_ms_left, block_left, sizeof block_left);
		cc_time_format_ms(v->move_ms_left, move_left, sizeof move_left);
		printf("    block %d %s  %s %d/%d  %s %d/%d  %s to move (%s)%s%s%s\n", v->block,
		       v->block_started ? block_left : "(waiting for start)", s->white, v->moves[0], v->quota,
		       s->black, v->moves[1], v->quota, to_move, move_left, v->check ? "  CHECK" : "",
		       v->double_move == CC_DOUBLE_FREE     ? "  double move: free move next"
		       : v->double_move == CC_DOUBLE_SECOND ? "  double move: second move next"
		                                            : "",
		       v->closing ? "  (parry outside the quota)" : "");
		return;
	case CC_PHASE_CUBE:
		printf("    cube phase: cube number %d (attempt %d)\n", v->cube_number, v->cube_attempt);
		return;
	case CC_PHASE_OVER:
		printf("    match over: %s wins by %s\n",
		       v->winner == CC_WINNER_WHITE   ? s->white
		       : v->winner == CC_WINNER_BLACK ? s->black
		                                      : "nobody",
		       cc_reason_name(v->reason));
		return;
	}
}

/* Moves lost on the clock happen between events: say so when counts grow. */
static void describe_lost_moves(const cc_match_view *before, const cc_match_view *after,
                                const cc_match_settings *s)
{
	if (before->block != after->block && after->phase == CC_PHASE_BLOCK)
		return;
	for (int side = 0; side < 2; side++)
		if (after->lost[side] > before->lost[side])
			printf("    %s's 20 s ran out: the move is lost and counted\n", side == 0 ? s->white : s->black);
}

static int play(const cc_app_scenario *sc)
{
	cc_match *m = NULL;
	cc_match_view before;
	cc_error err;
	if (cc_match_create(&m, &sc->settings, &err)) {
		fprintf(stderr, "chesscubing demo: %s\n", err.message);
		return 1;
	}
	printf("ChessCubing Twice V2, FAST: %s (White) against %s (Black)\n\n", sc->settings.white,
	       sc->settings.black);
	for (size_t i = 0; i < sc->count; i++) {
		const cc_event *ev = &sc->steps[i].event;
		char what[CC_TEXT_MAX + 64], at[16];
		cc_match_view v;
		cc_match_view_at(m, cc_match_last_time(m), &before);
		if (cc_match_apply(m, ev, &err)) {
			fprintf(stderr, "chesscubing demo: event refused: %s\n", err.message);
			cc_match_destroy(m);
			return 1;
		}
		cc_app_describe_event(ev, &sc->settings, what, sizeof what);
		cc_time_format_ms(ev->t_ms, at, sizeof at);
		printf("[%8s] %s\n", at, what);
		cc_match_view_at(m, ev->t_ms, &v);
		describe_lost_moves(&before, &v, &sc->settings);
		describe_view(&v, &sc->settings);
	}
	cc_match_destroy(m);
	return 0;
}

int cc_app_cmd_demo(int argc, char **argv)
{
	(void)argv;
	if (argc > 1) {
		printf("Usage: chesscubing demo\nPlay a sample Twice match through the core and print it.\n");
		return 0;
	}
	FILE *in = fmemopen((void *)demo_scenario, sizeof demo_scenario - 1, "r");
	cc_app_scenario sc;
	cc_error err;
	if (!in) {
		perror("chesscubing demo");
		return 1;
	}
	cc_err rc = cc_app_scenario_parse(in, &sc, &err);
	fclose(in);
	if (rc) {
		fprintf(stderr, "chesscubing demo: %s\n", err.message);
		return 1;
	}
	int status = play(&sc);
	cc_app_scenario_free(&sc);
	return status;
}
