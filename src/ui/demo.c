/*
 * demo.c: a sample Twice match that plays itself (--demo), through the
 * same commands and events as the keys: block 1 with a move lost on the
 * 20 s clock, a tied cube phase and its replay, block 2 with the winner's
 * double move, a check, its parry and a mate. Delays are match time, so
 * --speed makes it quicker.
 */
#include "ui_internal.h"

#include <stdio.h>

typedef enum { STEP_SETUP, STEP_CMD, STEP_CUBE, STEP_MATE } step_kind;

typedef struct {
	int64_t delay_ms; /* after the previous step */
	step_kind kind;
	cc_ui_cmd_kind cmd;
	cc_side side;
	int32_t cube_cs;
} step;

#define MOVE(d) {d, STEP_CMD, CC_UI_CMD_MOVE, CC_SIDE_WHITE, 0}
#define CHECK(d) {d, STEP_CMD, CC_UI_CMD_MOVE_CHECK, CC_SIDE_WHITE, 0}
#define START(d) {d, STEP_CMD, CC_UI_CMD_START, CC_SIDE_WHITE, 0}
#define CUBE(d, s, cs) {d, STEP_CUBE, CC_UI_CMD_NONE, s, cs}

static const step steps[] = {
	{1000, STEP_SETUP, CC_UI_CMD_NONE, CC_SIDE_WHITE, 0},
	START(3000),
	MOVE(2500), MOVE(3000), MOVE(4000), MOVE(2000), MOVE(3500),
	/* Black lets the 20 s move clock run out: the move is lost. */
	MOVE(24000), MOVE(3000), MOVE(2500), MOVE(3000), MOVE(2000), MOVE(3000),
	CUBE(4000, CC_SIDE_WHITE, 2000), CUBE(3000, CC_SIDE_BLACK, 2000),
	CUBE(5000, CC_SIDE_WHITE, 1987), CUBE(3000, CC_SIDE_BLACK, 2431),
	START(5000),
	MOVE(3000), MOVE(3000), MOVE(3000), CHECK(3000), MOVE(4000), MOVE(3000),
	{3000, STEP_MATE, CC_UI_CMD_NONE, CC_SIDE_WHITE, 0},
};

#define STEP_COUNT (sizeof steps / sizeof steps[0])

static void demo_setup(cc_ui_console *c)
{
	cc_ui_form *f = &c->form;
	f->format = CC_FORMAT_TWICE;
	f->category = CC_CATEGORY_FAST;
	snprintf(f->player[0], sizeof f->player[0], "Alice");
	snprintf(f->player[1], sizeof f->player[1], "Bob");
	f->colours = CC_UI_COLOURS_P1_WHITE;
	f->seed = 2026;
	cc_ui_console_create_match(c);
}

static void play(const step *s, cc_ui_console *c)
{
	cc_ui_cmd cmd = {s->cmd, s->side};
	cc_event e;
	switch (s->kind) {
	case STEP_SETUP:
		demo_setup(c);
		return;
	case STEP_CMD:
		cc_ui_console_exec(c, cmd);
		return;
	case STEP_CUBE:
		e = cc_event_cube(c->now_ms, s->side, s->cube_cs);
		cc_ui_console_apply(c, &e);
		return;
	case STEP_MATE:
		e = cc_event_mate(c->now_ms);
		cc_ui_console_apply(c, &e);
		return;
	}
}

void cc_ui_demo_init(cc_ui_demo *d, cc_ui_console *c, int64_t now_ms)
{
	(void)c;
	d->step = 0;
	d->next_ms = now_ms + steps[0].delay_ms;
}

void cc_ui_demo_run(cc_ui_demo *d, cc_ui_console *c, int64_t now_ms)
{
	while (d->step < STEP_COUNT && now_ms >= d->next_ms) {
		/* Events are stamped with the step's own time: no drift either. */
		cc_ui_console_update(c, d->next_ms);
		play(&steps[d->step], c);
		d->step++;
		if (d->step < STEP_COUNT)
			d->next_ms += steps[d->step].delay_ms;
	}
	cc_ui_console_update(c, now_ms);
}

int64_t cc_ui_demo_next(const cc_ui_demo *d)
{
	return d->step < STEP_COUNT ? d->next_ms : -1;
}
