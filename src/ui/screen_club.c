/*
 * screen_club.c: the club's part of the console (rules/club.md): the
 * registered players picked by type-ahead on the setup screen, with their
 * ratings and tiers beside their names; the open events' unplayed pairings
 * offered there (CL-3.6) and filled by the match created (CL-3.7); the
 * rated field; and the rating change on the end screen (CL-4.2).
 *
 * Everything comes from the session's club layer (session_club.h); what is
 * said of a rating comes from the renderer (session_describe.h), as `show` says it.
 * The record is read again when another connection committed (its data
 * version), so a second console's pairing disappears from this one's offer.
 */
#include "chesscubing/game.h"
#include "chesscubing/session.h"
#include "ui_club.h"
#include "ui_console.h"
#include "ui_dialogs.h"
#include "ui_draw.h"
#include "ui_i18n.h"
#include "ui_setup.h"
#include "ui_term.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session_describe.h"

static void say(cc_ui_console *c, bool error, const char *text)
{
	snprintf(c->message, sizeof c->message, "%s", text);
	c->message_error = error;
}

/* The form's two players as the registry knows them, with their ratings in
 * the list of the game being set up (CL-2.10): a chess game shows the chess
 * ratings, not the ChessCubing ones. */
static void read_players(cc_ui_console *c)
{
	cc_club_list list = cc_game_class_of(c->form.format)->rating_list;
	for (int i = 0; i < 2; i++)
		c->club.known[i] = c->db && cc_session_club_player_of(c->db, list, c->form.player[i], &c->club.player[i],
		                                                      NULL) == CC_OK;
}

void cc_ui_club_read_players(cc_ui_console *c)
{
	read_players(c);
}

/* The pairing chosen sets the fields it decides (CL-3.6): the event's
 * format and category, its White as player 1, its Black as player 2. */
static void apply_offer(cc_ui_console *c)
{
	const cc_session_offer *o = &c->club.offers[c->club.offer];
	cc_ui_form *f = &c->form;
	snprintf(c->club.last_event, sizeof c->club.last_event, "%s", o->event); /* the event last chosen */
	f->format = o->format;
	f->category = o->category;
	snprintf(f->player[0], sizeof f->player[0], "%s", o->pairing.white);
	snprintf(f->player[1], sizeof f->player[1], "%s", o->pairing.black);
	f->named[0] = f->named[1] = true;
	f->colours = CC_UI_COLOURS_P1_WHITE;
	/* CL-8.1: and the board, clock and claims the event fixes; a
	 * Checkered board is moves recording's */
	if (o->fixed) {
		f->variant = o->variant;
		f->tc_base_ms = o->tc_base_ms;
		f->tc_increment_ms = o->tc_increment_ms;
		f->tc_moves = f->tc_more = 0; /* one Fischer period (CL-8.1) */
		f->tc_mode = CC_TC_FISCHER;
		f->claims = o->claims;
		if (o->variant != CC_CHESS_VARIANT_STANDARD)
			f->record = CC_RECORD_MOVES;
	}
}

bool cc_ui_club_fixes(const cc_ui_console *c, cc_ui_field field)
{
	const cc_ui_club *club = &c->club;
	if (club->offer < 0 || (size_t)club->offer >= club->offer_count || !club->offers[club->offer].fixed)
		return false;
	switch (field) {
	case CC_UI_FIELD_VARIANT:
	case CC_UI_FIELD_TC:
	case CC_UI_FIELD_CLAIMS:
		return true;
	case CC_UI_FIELD_RECORD: /* the Checkered board needs moves recording */
		return club->offers[club->offer].variant != CC_CHESS_VARIANT_STANDARD;
	case CC_UI_FIELD_PAIRING:
	case CC_UI_FIELD_FORMAT:
	case CC_UI_FIELD_CATEGORY:
	case CC_UI_FIELD_PLAYER1:
	case CC_UI_FIELD_PLAYER2:
	case CC_UI_FIELD_COLOURS:
	case CC_UI_FIELD_RATED:
	case CC_UI_FIELD_SEED:
	case CC_UI_FIELD_START:
	case CC_UI_FIELD_UNO_OPTIONS:
		return false;
	}
	return false;
}

static int find_offer(const cc_ui_club *club, const char *event, unsigned round, unsigned board)
{
	for (size_t i = 0; i < club->offer_count; i++) {
		const cc_session_offer *o = &club->offers[i];
		if (strcmp(o->event, event) == 0 && o->pairing.round == round && o->pairing.board == board)
			return (int)i;
	}
	return -1;
}

/* The first pairing offered of the event the arbiter last chose (issue
 * 33: with two events open, the console stays on his); the first of all
 * when that event offers none. */
static int first_offer(const cc_ui_club *club)
{
	for (size_t i = 0; club->last_event[0] && i < club->offer_count; i++)
		if (strcmp(club->offers[i].event, club->last_event) == 0)
			return (int)i;
	return 0;
}

void cc_ui_club_refresh(cc_ui_console *c, bool said)
{
	cc_ui_club *club = &c->club;
	char event[CC_NAME_MAX] = "";
	unsigned round = 0, board = 0;
	bool had = club->offer >= 0 && (size_t)club->offer < club->offer_count;
	if (had) {
		snprintf(event, sizeof event, "%s", club->offers[club->offer].event);
		round = club->offers[club->offer].pairing.round;
		board = club->offers[club->offer].pairing.board;
	}
	free(club->offers);
	club->offers = NULL;
	club->offer_count = 0;
	club->offer = -1;
	if (!c->db)
		return;
	cc_error err = {0};
	if (cc_session_db_version(c->db, &club->version, NULL) == CC_OK)
		club->version_valid = true;
	if (cc_session_club_offers(c->db, &club->offers, &club->offer_count, &err) != CC_OK) {
		char why[sizeof c->message];
		cc_session_describe_refusal(cc_ui_lang(), &err, why, sizeof why);
		say(c, true, why);
	}
	club->offer = had ? find_offer(club, event, round, board) : -1;
	if (club->offer < 0 && !club->none_chosen && club->offer_count > 0) {
		club->offer = first_offer(club);
		if (had && said) {
			char line[sizeof c->message];
			const cc_session_pairing *p = &club->offers[club->offer].pairing;
			snprintf(line, sizeof line,
			         _("Round %u, board %u of %s was started on another console. Offered now: round %u, "
			           "board %u, %s - %s."),
			         round, board, event, p->round, p->board, p->white, p->black);
			say(c, false, line);
		}
	}
	if (club->offer >= 0)
		apply_offer(c);
	else if (had)
		club->none_chosen = true; /* the event is over: a free match, as the field says */
	if (!cc_ui_setup_shown(c, c->form.field))
		c->form.field = cc_ui_setup_step(c, c->form.field, 1);
	read_players(c);
}

void cc_ui_club_follow(cc_ui_console *c)
{
	int64_t version;
	if (!c->db || c->modal.kind != CC_UI_MODAL_NONE)
		return;
	if (c->club.version_valid && cc_session_db_version(c->db, &version, NULL) == CC_OK &&
	    version == c->club.version)
		return;
	cc_ui_club_refresh(c, true);
}

void cc_ui_club_fini(cc_ui_console *c)
{
	cc_ui_club_pick_close(c);
	free(c->club.offers);
	c->club.offers = NULL;
	c->club.offer_count = 0;
}

void cc_ui_club_choose(cc_ui_console *c, int dir)
{
	cc_ui_club *club = &c->club;
	/* The offers, then "none", round and round. */
	int n = (int)club->offer_count + 1, at = club->offer < 0 ? n - 1 : club->offer;
	at = (at + n + dir) % n;
	club->offer = at == n - 1 ? -1 : at;
	club->none_chosen = club->offer < 0;
	if (club->offer >= 0)
		apply_offer(c);
	read_players(c);
}

bool cc_ui_club_locked(cc_ui_console *c, cc_ui_field field)
{
	if (cc_ui_club_fixes(c, field)) {
		say(c, false, _("Fixed by the event: its games are played on the same board, clock and claims (CL-8.1). "
		                "Choose \"none\" as pairing for a free game."));
		return true;
	}
	switch (field) {
	case CC_UI_FIELD_FORMAT:
	case CC_UI_FIELD_CATEGORY:
	case CC_UI_FIELD_PLAYER1:
	case CC_UI_FIELD_PLAYER2:
	case CC_UI_FIELD_COLOURS:
		if (c->club.offer < 0)
			return false;
		say(c, false, _("Set by the event pairing (the Berger table): choose \"none\" there to change it."));
		return true;
	case CC_UI_FIELD_PAIRING:
	case CC_UI_FIELD_RECORD:
	case CC_UI_FIELD_RATED:
	case CC_UI_FIELD_SEED:
	case CC_UI_FIELD_START:
	case CC_UI_FIELD_VARIANT: /* an event's formats have no board or options to lock */
	case CC_UI_FIELD_UNO_OPTIONS:
	case CC_UI_FIELD_TC:
	case CC_UI_FIELD_CLAIMS:
		return false;
	}
	return false;
}

/* Has a player field been left at its placeholder? The session decides
 * what it means (nameless players rate nobody, CL-2.11); this only says
 * what the form shows. */
static bool placeholder_names(const cc_ui_console *c)
{
	return !c->form.named[0] || !c->form.named[1];
}

void cc_ui_club_options(const cc_ui_console *c, cc_session_club_options *out)
{
	const cc_ui_club *club = &c->club;
	memset(out, 0, sizeof *out);
	out->unrated = c->form.unrated;
	out->placeholder[0] = !c->form.named[0];
	out->placeholder[1] = !c->form.named[1];
	if (club->offer >= 0) {
		const cc_session_offer *o = &club->offers[club->offer];
		out->event = o->event;
		out->round = o->pairing.round;
		out->board = o->pairing.board;
	}
}

void cc_ui_club_refused(cc_ui_console *c, cc_err rc, const cc_error *err)
{
	if (rc != CC_ERR_LOCKED || c->club.offer < 0) {
		char said[CC_SESSION_REFUSAL_MAX];
		cc_session_describe_refusal(cc_ui_lang(), err, said, sizeof said);
		say(c, true, said);
		return;
	}
	/* CL-3.7: another console took the pairing since it was offered. */
	cc_session_offer taken = c->club.offers[c->club.offer];
	char line[sizeof c->message];
	cc_ui_club_refresh(c, false);
	if (c->club.offer >= 0) {
		const cc_session_pairing *p = &c->club.offers[c->club.offer].pairing;
		snprintf(line, sizeof line,
		         _("Not created: round %u, board %u of %s was taken by another console first. Offered now: "
		           "round %u, board %u, %s - %s."),
		         taken.pairing.round, taken.pairing.board, taken.event, p->round, p->board, p->white, p->black);
	} else {
		snprintf(line, sizeof line, _("Not created: round %u, board %u of %s was taken by another console first."),
		         taken.pairing.round, taken.pairing.board, taken.event);
	}
	say(c, true, line);
}

/* ---- the type-ahead ------------------------------------------------------- */

void cc_ui_club_pick_close(cc_ui_console *c)
{
	free(c->club.picker.found);
	memset(&c->club.picker, 0, sizeof c->club.picker);
}

void cc_ui_club_pick_update(cc_ui_console *c)
{
	cc_ui_picker *p = &c->club.picker;
	if (c->modal.kind != CC_UI_MODAL_TEXT || c->modal.action != CC_UI_ACT_NAME) {
		cc_ui_club_pick_close(c);
		return;
	}
	free(p->found);
	p->found = NULL;
	p->count = 0;
	p->chosen = -1;
	if (c->db && cc_session_club_player_search_of(c->db, cc_game_class_of(c->form.format)->rating_list, c->modal.text,
	                                                 &p->found, &p->count, NULL) != CC_OK)
		p->count = 0;
}

bool cc_ui_club_pick_key(cc_ui_console *c, int key)
{
	cc_ui_picker *p = &c->club.picker;
	int n = (int)p->count;
	switch (key) {
	case KEY_DOWN:
	case '\t':
		p->chosen = n > 0 ? (p->chosen + 1 >= n ? -1 : p->chosen + 1) : -1;
		return true;
	case KEY_UP:
	case KEY_BTAB:
		p->chosen = n > 0 ? (p->chosen < 0 ? n - 1 : p->chosen - 1) : -1;
		return true;
	default:
		return false;
	}
}

void cc_ui_club_pick_take(cc_ui_console *c, int idx, const char *typed)
{
	const cc_ui_picker *p = &c->club.picker;
	const char *name = p->chosen >= 0 && (size_t)p->chosen < p->count ? p->found[p->chosen].who.name : typed;
	/* Cut between whole characters (RU-24), never inside one. */
	if (name[0]) {
		snprintf(c->form.player[idx], sizeof c->form.player[idx], "%.*s", (int)cc_text_fit(name, CC_NAME_MAX - 1),
		         name);
		c->form.named[idx] = true;
	}
	cc_ui_club_pick_close(c);
	read_players(c);
}

/* "1040, silver": a rating as shown, and its tier. */
static void rating_text(const cc_session_player *p, char *buf, size_t size)
{
	snprintf(buf, size, _("%ld, %s"), cc_club_shown(p->rating.rating), cc_session_tier_text(cc_ui_lang(), p->rating.rating));
}

void cc_ui_club_pick_draw(const cc_ui_console *c, int y, int x, int w, int bottom)
{
	const cc_ui_picker *p = &c->club.picker;
	char line[CC_NAME_MAX + 64], rating[48];
	int shown = 0;
	for (size_t i = 0; i < p->count && y + shown <= bottom; i++) {
		/* The highlighted one stays in view: the list starts above it when needed. */
		size_t first = p->chosen >= 0 && p->chosen > bottom - y ? (size_t)p->chosen - (size_t)(bottom - y) : 0;
		if (i < first)
			continue;
		rating_text(&p->found[i], rating, sizeof rating);
		snprintf(line, sizeof line, "%s %s (%s)", (int)i == p->chosen ? ">" : " ", p->found[i].who.name, rating);
		mvhline(y + shown, 0, ' ', COLS); /* over the fields below: their labels too */
		cc_ui_put(y + shown, x, w, (int)i == p->chosen ? CC_UI_ROLE_TO_MOVE : CC_UI_ROLE_DIM, line);
		shown++;
	}
	if (y + shown <= bottom) {
		mvhline(y + shown, 0, ' ', COLS);
		if (y + shown + 1 <= bottom)
			mvhline(y + shown + 1, 0, ' ', COLS);
		cc_ui_put_wrapped(y + shown, x, w, 2, CC_UI_ROLE_DIM,
		                  p->count ? _("Up/Down/Tab: choose  Enter: take  Esc: cancel")
		                           : _("No registered player: Enter adds this name  Esc: cancel"));
	}
}

void cc_ui_club_player_value(const cc_ui_console *c, int idx, char *buf, size_t size)
{
	char rating[48];
	bool typing = c->modal.kind == CC_UI_MODAL_TEXT && c->modal.action == CC_UI_ACT_NAME && (int)c->modal.side == idx;
	if (typing && !c->modal.text[0]) {
		/* The default, as a placeholder: Enter on nothing keeps it. */
		snprintf(buf, size, _("> _  (Enter: %s)"), c->form.player[idx]);
		return;
	}
	if (typing) {
		snprintf(buf, size, "> %s_", c->modal.text);
		return;
	}
	if (!c->db)
		snprintf(buf, size, "%s", c->form.player[idx]);
	else if (!c->form.named[idx])
		snprintf(buf, size, _("%s  (not named: registers no one, rates no one)"), c->form.player[idx]);
	else if (c->club.known[idx]) {
		rating_text(&c->club.player[idx], rating, sizeof rating);
		snprintf(buf, size, "%s  (%s)", c->form.player[idx], rating);
	} else {
		snprintf(buf, size,
		         cc_session_format_is_game(c->form.format) ? _("%s  (new player: registered when the game is created)")
		                                                   : _("%s  (new player: registered when the match is created)"),
		         c->form.player[idx]);
	}
}

void cc_ui_club_pairing_value(const cc_ui_console *c, char *buf, size_t size)
{
	const cc_ui_club *club = &c->club;
	if (club->offer < 0) {
		snprintf(buf, size, "< %s >",
		         cc_session_format_is_game(c->form.format) ? _("none: a game outside the events")
		                                                   : _("none: a match outside the events"));
		return;
	}
	const cc_session_offer *o = &club->offers[club->offer];
	snprintf(buf, size, _("< %s: round %u, board %u, %s (White) - %s (Black) >"), o->event, o->pairing.round,
	         o->pairing.board, o->pairing.white, o->pairing.black);
}

void cc_ui_club_rated_value(const cc_ui_console *c, char *buf, size_t size)
{
	snprintf(buf, size, "< %s >",
	         c->form.unrated       ? _("unrated: does not count")
	         : placeholder_names(c) ? _("unrated until both players are named")
	                                : _("rated: counts for the ratings"));
}

/* ---- the end screen ------------------------------------------------------- */

void cc_ui_club_end_follow(cc_ui_console *c)
{
	cc_ui_club *club = &c->club;
	int64_t id = c->session ? cc_session_id(c->session) : 0;
	size_t events = c->match ? cc_match_event_count(c->match) : 0;
	if (!c->db || id == 0) {
		club->end_valid = false;
		return;
	}
	/* An undo after the end changes the match's events, and its ratings (CL-2.7). */
	if (club->end_valid && club->end_match == id && club->end_events == events)
		return;
	club->end_valid = cc_session_club_match(c->db, id, &club->end, NULL) == CC_OK;
	club->end_match = id;
	club->end_events = events;
}

int cc_ui_club_end_draw(const cc_ui_console *c, int y)
{
	char text[4 * CC_NAME_MAX + 256];
	int rows = 0;
	if (!c->club.end_valid || !c->match)
		return 0;
	cc_session_describe_club(cc_ui_lang(), &c->club.end, cc_match_settings_of(c->match), text, sizeof text);
	for (char *line = text, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		rows += cc_ui_put_centred_wrapped(y + rows, 3, CC_UI_ROLE_GOOD, line);
	}
	return rows;
}
