/*
 * export_scenario.c: a recorded match written back as the scenario it
 * could be replayed from (docs/scenario-format.md; scenario.c reads it):
 * its settings line and each event; the same bytes in every language.
 */
#include "chesscubing/session_export.h"

#include <stdlib.h>
#include <string.h>

#include "chesscubing/session_club.h"
#include "chesscubing/session_describe.h"
#include "session_internal.h"
#include "chesscubing/session_json.h"
#include "chesscubing/session_pgn.h"
#include "export_internal.h"

/* ---- scenario ---------------------------------------------------------------- */

/*
 * A name or a reason as the scenario format writes it (scenario.c): %XX
 * for every byte the format would read otherwise ('%', '#', '_', the
 * spaces of a name, a space at a reason's ends), '_' for a name's spaces.
 */
static void scenario_text(FILE *out, const char *text, bool name)
{
	size_t len = strlen(text);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		bool edge = i == 0 || i + 1 == len;
		if (name && c == ' ')
			fputc('_', out);
		else if (c == '%' || c == '#' || c == '_' || c == '\t' || (c == ' ' && edge && !name))
			fprintf(out, "%%%02X", c);
		else
			fputc(c, out);
	}
}

/* A correction as the scenario format writes it: the target, the side
 * when it has one, the value (seconds with milliseconds for a clock, a
 * count), then the reason. */
static void scenario_correction(FILE *out, const cc_event *ev)
{
	bool count = ev->target == CC_CORRECT_MOVES || ev->target == CC_CORRECT_LOST;
	bool sided = ev->target == CC_CORRECT_CLOCK || count || ev->target == CC_CORRECT_TO_MOVE;
	fprintf(out, " %s", cc_correct_target_name(ev->target));
	if (sided)
		fprintf(out, " %s", cc_session_scenario_side_word(ev->side));
	if (count) {
		fprintf(out, ev->relative ? " %+lld" : " %lld", (long long)ev->amount);
	} else if (ev->target != CC_CORRECT_TO_MOVE) {
		int64_t ms = ev->amount < 0 ? -ev->amount : ev->amount;
		const char *sign = ev->amount < 0 ? "-" : ev->relative ? "+" : "";
		fprintf(out, " %s%lld.%03lld", sign, (long long)(ms / 1000), (long long)(ms % 1000));
	}
	fputc(' ', out);
	scenario_text(out, ev->text, false);
}

static void scenario_event(FILE *out, const cc_event *ev)
{
	char solve[16];
	fprintf(out, "%lld %s", (long long)ev->t_ms, cc_event_kind_name(ev->kind));
	switch (ev->kind) {
	case CC_EV_MOVE:
		if (ev->text[0]) {
			fprintf(out, " %s ", cc_session_scenario_side_word(ev->side));
			scenario_text(out, ev->text, false);
		} else
			fprintf(out, " %s%s", cc_session_scenario_side_word(ev->side), ev->gives_check ? " +" : "");
		break;
	case CC_EV_CUBE:
		cc_time_format_cs(ev->cube_cs, solve, sizeof solve);
		fprintf(out, " %s %s", cc_session_scenario_side_word(ev->side), solve);
		if (ev->from_timer) /* RE-10.1; a typed time as the format always wrote it */
			fprintf(out, " %s", cc_session_scenario_source_word(true));
		break;
	case CC_EV_RESIGN:
		fprintf(out, " %s", cc_session_scenario_side_word(ev->side));
		break;
	case CC_EV_ARBITER:
		fprintf(out, " %s ", cc_session_scenario_winner_word(ev->winner));
		scenario_text(out, ev->text, false);
		break;
	case CC_EV_CORRECT:
		scenario_correction(out, ev);
		break;
	case CC_EV_IN_TIME:
		fprintf(out, " %s", cc_session_scenario_side_word(ev->side));
		if (ev->text[0]) {
			fputc(' ', out);
			scenario_text(out, ev->text, false);
		} else if (ev->gives_check) {
			fputs(" +", out);
		}
		break;
	case CC_EV_CLAIM:
	case CC_EV_CARD:
	case CC_EV_PLACE:
		fprintf(out, " %s ", cc_session_scenario_side_word(ev->side));
		scenario_text(out, ev->text, false);
		break;
	case CC_EV_STOP:
	case CC_EV_PRESS:
		fprintf(out, " %s", cc_session_scenario_side_word(ev->side));
		break;
	case CC_EV_SAN:
		fputc(' ', out);
		scenario_text(out, ev->text, false);
		break;
	case CC_EV_START:
	case CC_EV_DRAW:
	case CC_EV_MATE:
	case CC_EV_PAUSE:
	case CC_EV_RESUME:
	case CC_EV_UNDO:
	case CC_EV_TICK:
	case CC_EV_HOLD:
	case CC_EV_RELEASE:
		break;
	}
	fputc('\n', out);
}

/*
 * The club's word a replay needs: rated=no for an unrated match (CL-2.1),
 * so that the scenario, replayed into another record, does not count it.
 * Its event pairing is not written: the pairing is this record's, filled.
 */
static void scenario_club_settings(FILE *out, const cc_session *session)
{
	cc_session_match_club club;
	cc_session_db *db = cc_session_db_of(session);
	if (db && cc_session_id(session) && cc_session_club_match(db, cc_session_id(session), &club, NULL) == CC_OK &&
	    club.unrated)
		fputs(" rated=no", out);
}

/*
 * The deal a replay of an unfinished Chess-Uno game needs, as deck= (IDs
 * on top of the pile; "" none): every card of a fixed deal (its key is
 * seed='s, so it was never secret: a test's or a script's), or, for a
 * secret deal, the pile down to the deepest card drawn so far, undone
 * draws included (each was shown at the board and is named by its card
 * event), which a replay from seed= then draws in the same order. A
 * secret deal past a reshuffle replays its first pile only: the
 * reshuffles follow from its key, which stays secret to the end.
 */
static void scenario_uno_deck(const cc_match *m, const cc_match_settings *s, char *deck, size_t size)
{
	cc_uno_deal deal, of_seed;
	uint8_t key[CC_UNO_KEY_SIZE];
	size_t n = 0, count = 0;
	cc_event ev;
	deck[0] = '\0';
	if (cc_uno_deal_parse(s->uno.deal, &deal, NULL) != CC_OK)
		return;
	cc_uno_key_from_seed(s->seed, key);
	if (memcmp(key, deal.key, sizeof key) == 0) {
		cc_uno_deal_shuffle(&s->uno.options, key, &of_seed);
		bool seed_alone = of_seed.count == deal.count &&
		                  memcmp(of_seed.order, deal.order, deal.count * sizeof deal.order[0]) == 0;
		count = seed_alone ? 0 : deal.count;
	} else {
		for (size_t i = 0; cc_match_event_at(m, i, &ev); i++) {
			char *end;
			long id = ev.kind == CC_EV_CARD ? strtol(ev.text, &end, 10) : -1;
			for (size_t j = count; id >= 0 && *end == '\0' && j < deal.count; j++)
				if (deal.order[j] == id)
					count = j + 1;
		}
	}
	for (size_t i = 0; i < count && n + 8 < size; i++)
		n += (size_t)snprintf(deck + n, size - n, i ? ",%d" : "%d", deal.order[i]);
}

/*
 * A Chess-Uno game's settings line: its options and seed=, then its deal
 * once the game is over (before, the deal would show every card to come),
 * or what of it a replay needs (scenario_uno_deck).
 */
static void scenario_uno_settings(FILE *out, const cc_session *session, const cc_match_settings *s)
{
	char options[512], deck[CC_UNO_DECK_SIZE * 4 + 1];
	bool revealed = cc_session_uno_secret(session)[0] != '\0';
	cc_match_uno_options_text(&s->uno.options, options, sizeof options);
	if (!revealed)
		fputs("# The deal is revealed when the game is over: until then this scenario gives the cards drawn.\n", out);
	if (cc_session_info_of(session)->settings.uno.fixed)
		fputs("# A fixed deal (UNO-F10): the cards were not shuffled; the game is not rated.\n", out);
	deck[0] = '\0';
	if (!revealed)
		scenario_uno_deck(cc_session_match(session), s, deck, sizeof deck);
	/* deck= goes without seed= (RE-3.5): a replay from it is seed 1's */
	if (deck[0] && s->seed != 1)
		fprintf(out, "# The game's seed is %llu; a replay from deck= (never with seed=) is numbered 1.\n",
		        (unsigned long long)s->seed);
	fputs("settings format=uno white=", out);
	scenario_text(out, s->white, true);
	fputs(" black=", out);
	scenario_text(out, s->black, true);
	fprintf(out, " %s", options);
	if (!deck[0])
		fprintf(out, " seed=%llu", (unsigned long long)s->seed);
	scenario_club_settings(out, session);
	if (revealed) {
		fputs(" deal=", out);
		scenario_text(out, s->uno.deal, true);
	} else if (deck[0]) {
		fprintf(out, " deck=%s", deck);
	}
	fputc('\n', out);
}

int cc_session_export_scenario(FILE *out, const cc_session *session)
{
	const cc_match *m = cc_session_match(session);
	int64_t id = cc_session_id(session);
	const cc_match_settings *s = cc_match_settings_of(m);
	fprintf(out, cc_session_format_is_game(s->format) ? "# Game %lld, exported by chesscubing\n"
	                                                 : "# Match %lld, exported by chesscubing\n",
	        (long long)id);
	if (cc_game_has(s->format, CC_GAME_DEALT)) {
		scenario_uno_settings(out, session, s);
		cc_event ev;
		for (size_t i = 0; cc_match_event_at(m, i, &ev); i++)
			scenario_event(out, &ev);
		return ferror(out) ? -1 : 0;
	}
	/* A game without a category (scenario.c reads none) has none written. */
	fprintf(out, "settings format=%s", cc_format_name(s->format));
	if (cc_game_has(s->format, CC_GAME_CATEGORY))
		fprintf(out, " category=%s", cc_category_name(s->category));
	fputs(" white=", out);
	scenario_text(out, s->white, true);
	fputs(" black=", out);
	scenario_text(out, s->black, true);
	fprintf(out, " seed=%llu record=%s", (unsigned long long)s->seed, cc_record_mode_name(s->record));
	if (cc_game_has(s->format, CC_GAME_TIME_CONTROL)) {
		char tc[64];
		cc_session_time_control(cc_lang_default(), s, tc, sizeof tc);
		fprintf(out, " tc=%s claims=%s", s->tc_base_ms > 0 ? tc : "none", cc_claims_name(s->claims));
	}
	if (s->variant != CC_CHESS_VARIANT_STANDARD)
		fprintf(out, " variant=%s", cc_chess_variant_name(s->variant));
	scenario_club_settings(out, session);
	fputc('\n', out);
	cc_event ev;
	for (size_t i = 0; cc_match_event_at(m, i, &ev); i++)
		scenario_event(out, &ev);
	return ferror(out) ? -1 : 0;
}
