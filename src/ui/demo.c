/*
 * demo.c: the sample match (the session's demo scenario, the one that
 * `chesscubing demo` prints) played by itself in the console (--demo):
 * the setup screen for a moment, then each event at its own match time
* through the console's live path, as if the arbiter pressed the keys.
 * Delays are match time, so --speed makes it quicker. Nothing is recorded.
 */
#include "chesscubing/session.h"
#include "chesscubing/ui.h"
#include "ui_console.h"
#include "ui_demo.h"
#include "chesscubing/session_describe.h"

#include <stdio.h>
#include <string.h>


#define SETUP_MS 1000 /* the setup form is shown this long */
#define LEAD_MS 3000  /* then the match before its first event */

void cc_ui_demo_init(cc_ui_demo *d, cc_ui_console *c, int64_t now_ms)
{
	cc_error err = {0};
	d->step = 0;
	d->next_ms = now_ms + SETUP_MS;
	d->offset_ms = now_ms + SETUP_MS + LEAD_MS;
	if (cc_session_scenario_demo(&d->scenario, &err) != CC_OK) {
		cc_session_describe_refusal(cc_ui_lang(), &err, c->message, sizeof c->message);
		c->message_error = true;
		d->next_ms = -1;
		return;
	}
	d->loaded = true;
	snprintf(c->form.player[0], sizeof c->form.player[0], "%s", d->scenario.settings.white);
	snprintf(c->form.player[1], sizeof c->form.player[1], "%s", d->scenario.settings.black);
	c->form.named[0] = c->form.named[1] = true;
}

void cc_ui_demo_fini(cc_ui_demo *d)
{
	if (d->loaded)
		cc_session_scenario_free(&d->scenario);
	d->loaded = false;
}

/* Plays step d->step (0: create the match) at its time. */
static void play(cc_ui_demo *d, cc_ui_console *c)
{
	if (d->step == 0) {
		cc_ui_console_create_from(c, &d->scenario.settings, false);
		return;
	}
	cc_event e = d->scenario.steps[d->step - 1].event;
	/* Stamped with the step's own time: no drift either. */
	e.t_ms += d->offset_ms;
	cc_ui_console_apply(c, &e);
}

void cc_ui_demo_run(cc_ui_demo *d, cc_ui_console *c, int64_t now_ms)
{
	while (d->next_ms >= 0 && now_ms >= d->next_ms) {
		cc_ui_console_update(c, d->next_ms);
		play(d, c);
		d->step++;
		d->next_ms = d->step <= d->scenario.count ? d->offset_ms + d->scenario.steps[d->step - 1].event.t_ms : -1;
	}
	cc_ui_console_update(c, now_ms);
}

int64_t cc_ui_demo_next(const cc_ui_demo *d)
{
	return d->next_ms;
}
