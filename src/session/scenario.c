/*
 * scenario.c: reads the scenario format line by line.
 *
 *   # comment
 *   settings format=twice|time category=fast|freeze|masters [white=NAME]
 *            [black=NAME] [seed=N] [record=count|moves] [variant=standard|checkered]
 *            [rated=yes|no] [event=NAME]
 *   settings format=chess [tc=MIN+INC|MIN|PERIODS|none] [claims=auto|manual]
 *            [variant=...] [white=NAME] [black=NAME] [seed=N] [rated=yes|no] [event=NAME]
 *   settings format=uno [deck=ID,ID,...|seed=N|deal=TEXT [seed=N]] [OPTION=VALUE...] [white=NAME]
 *            [black=NAME] [rated=yes|no] [event=NAME]
 *            (OPTION: the seed's names, maxCardNumber=5 includeZero=true ...;
 *            deck= or seed= fix the deal, for tests; without either the
 *            session shuffles from the kernel's random source)
 *   T EVENT [ARGS]
 *
 * Names in settings are single words ('_' stands for a space); an
 * arbiter's reason is the rest of its line. In both, %XX is the byte XX
 * (hex), so any name or reason can be written: %5F '_', %23 '#', %25 '%',
 * %20 a space at the end. A line is valid UTF8 text (RU-24); a name or a
 * text too long for the match is refused, never cut.
 */
#include "chesscubing/session_scenario.h"
#include "chesscubing/session.h"
#include "session_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>


#define LINE_MAX_LEN 1024
#define MAX_WORDS 16 /* a Chess-Uno export: 8 options, seed=, rated=, deck= or deal= */

typedef struct {
	char *word[MAX_WORDS];
	int count;                   /* words kept, at most MAX_WORDS */
	bool more;                   /* the line has more words than that */
	const char *rest[MAX_WORDS]; /* the line from each word on, in the original */
} words;

static void split_words(char *line, words *w, char *original)
{
	char *save = NULL;
	w->count = 0;
	w->more = false;
	for (char *tok = strtok_r(line, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		if (w->count == MAX_WORDS) {
			w->more = true;
			break;
		}
		w->rest[w->count] = original + (tok - line);
		w->word[w->count++] = tok;
	}
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/*
 * A name or a reason as written in a scenario: %XX is the byte XX, and in
 * a name '_' is a space (docs/scenario-format.md). Refused, never cut, when
 * the result does not fit in size bytes.
 */
static cc_err decode_text(char *dst, size_t size, const char *src, bool name, int line, cc_error *err)
{
	size_t len = 0;
	for (const char *p = src; *p; p++) {
		char c = *p;
		if (c == '%' && hex_digit(p[1]) >= 0 && hex_digit(p[2]) >= 0) {
			c = (char)(hex_digit(p[1]) * 16 + hex_digit(p[2]));
			p += 2;
		} else if (name && c == '_') {
			c = ' ';
		}
		if (len + 1 >= size)
			return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_VALUE_TOO_LONG, src, size - 1));
		dst[len++] = c;
	}
	dst[len] = '\0';
	return CC_OK;
}

static cc_err parse_seed(const char *text, uint64_t *out)
{
	char *end;
	errno = 0;
	unsigned long long value = strtoull(text, &end, 10);
	if (errno || end == text || *end || text[0] == '-')
		return CC_ERR_INVALID;
	*out = value;
	return CC_OK;
}

/* The core's reading of the club's spelling (cc_tc_parse, FI-6.11..6.14). */
cc_err cc_session_time_control_parse(const char *text, cc_match_settings *settings, cc_error *err)
{
	return cc_tc_parse(text, settings, err);
}

/*
 * Format uno: the options the generic loop did not know (the seed's names,
 * read by the core), then the deal when deck= or seed= fixes it: deck= puts
 * those cards on top (the rest follow in ascending IDs), seed= shuffles
 * with a key derived from the number; the same key drives the reshuffles.
 * deck= with seed= is refused (RE-3.5): one orders the cards, the other
 * shuffles them, and a line that says both does not say which it means
 * (a deck= game is keyed and numbered by seed 1). A whole deal= is taken
 * as it is (a seed= beside it only numbers the game).
 */
static cc_err finish_uno(cc_match_settings *s, const char *const *extra, int n_extra, const char *deck,
                         bool has_seed, int line, cc_error *err)
{
	cc_error why;
	for (int i = 0; i < n_extra; i++) {
		char key[64];
		const char *eq = strchr(extra[i], '=');
		snprintf(key, sizeof key, "%.*s", (int)(eq - extra[i]), extra[i]);
		if (cc_uno_settings_set(&s->uno.options, key, eq + 1, &why) != CC_OK)
			return cc_error_copy_at_line(err, line, &why);
	}
	if (cc_uno_settings_check(&s->uno.options, &why) != CC_OK)
		return cc_error_copy_at_line(err, line, &why);
	if (s->uno.deal[0] && deck)
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_DEAL_ALONE));
	if (deck && has_seed)
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_DECK_WITH_SEED));
	/* With deal=, seed= is only the game's number (an export writes both). */
	if (s->uno.deal[0] || (!deck && !has_seed))
		return CC_OK;
	if (cc_session_uno_fixed_deal(&s->uno, deck, s->seed, &why) != CC_OK)
		return cc_error_copy_at_line(err, line, &why);
	return CC_OK;
}

/* What a settings line has said so far, for the checks that need all of it. */
typedef struct {
	bool format, category, record, chess_only, seed;
	const char *extra[MAX_WORDS], *deck;
	int n_extra;
} settings_seen;

/* One key=value word of a settings line (key: its first key_len bytes). */
static cc_err read_setting(const char *arg, const char *value, size_t key_len, cc_session_scenario *sc,
                           settings_seen *seen, int line, cc_error *err)
{
	cc_match_settings *s = &sc->settings;
	cc_err rc = CC_OK;
	if (strncmp(arg, "format", key_len) == 0 && key_len == 6) {
		rc = cc_format_parse(value, &s->format);
		seen->format = true;
	} else if (strncmp(arg, "category", key_len) == 0 && key_len == 8) {
		rc = cc_category_parse(value, &s->category);
		seen->category = true;
	} else if (strncmp(arg, "white", key_len) == 0 && key_len == 5) {
		if (decode_text(s->white, sizeof s->white, value, true, line, err))
			return CC_ERR_INVALID;
	} else if (strncmp(arg, "black", key_len) == 0 && key_len == 5) {
		if (decode_text(s->black, sizeof s->black, value, true, line, err))
			return CC_ERR_INVALID;
	} else if (strncmp(arg, "seed", key_len) == 0 && key_len == 4) {
		rc = parse_seed(value, &s->seed);
		seen->seed = true;
	} else if (strncmp(arg, "deck", key_len) == 0 && key_len == 4) {
		seen->deck = value;
	} else if (strncmp(arg, "deal", key_len) == 0 && key_len == 4) {
		/* a whole deal, as an export writes it once revealed */
		if (decode_text(s->uno.deal, sizeof s->uno.deal, value, true, line, err))
			return CC_ERR_INVALID;
		cc_uno_deal deal;
		rc = cc_uno_deal_parse(s->uno.deal, &deal, NULL);
	} else if (strncmp(arg, "record", key_len) == 0 && key_len == 6) {
		rc = cc_record_mode_parse(value, &s->record);
		seen->record = true;
	} else if (strncmp(arg, "variant", key_len) == 0 && key_len == 7) {
		rc = cc_chess_variant_from_name(value, &s->variant, NULL);
	} else if (strncmp(arg, "tc", key_len) == 0 && key_len == 2) {
		/* the core's reason (a range, a period's moves) rather than "bad value" */
		cc_err refused = cc_tc_parse(value, s, err); /* err may be NULL (a caller that only asks) */
		if (refused != CC_OK)
			return cc_error_at_line(err, line, refused);
		seen->chess_only = true;
	} else if (strncmp(arg, "claims", key_len) == 0 && key_len == 6) {
		rc = cc_claims_parse(value, &s->claims);
		seen->chess_only = true;
	} else if (strncmp(arg, "rated", key_len) == 0 && key_len == 5) {
		/* the club (rules/club.md, CL-2.1, CL-3.3) */
		if (strcmp(value, "yes") == 0 || strcmp(value, "no") == 0)
			sc->unrated = strcmp(value, "no") == 0;
		else
			rc = CC_ERR_INVALID;
	} else if (strncmp(arg, "event", key_len) == 0 && key_len == 5) {
		if (decode_text(sc->event, sizeof sc->event, value, true, line, err))
			return CC_ERR_INVALID;
		cc_msg why;
		if (!cc_text_is_name(sc->event, &why)) /* an event's name (RU-24.1), saying which rule */
			return cc_error_at_line(err, line, cc_refuse(err, why, sc->event));
	} else {
		seen->extra[seen->n_extra++] = arg; /* Chess-Uno's options, read once the format is known */
	}
	if (rc)
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_BAD_VALUE, arg));
	return CC_OK;
}

/* The settings that belong to the format, once the whole line is read. */
static cc_err check_settings(cc_session_scenario *sc, const settings_seen *seen, int line, cc_error *err)
{
	/* What the format has decides which settings belong to it. */
	unsigned traits = seen->format ? cc_game_class_of(sc->settings.format)->traits : 0;
	if (seen->n_extra > 0 && !(traits & CC_GAME_DEALT))
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_UNKNOWN_SETTING, seen->extra[0]));
	if ((seen->deck || sc->settings.uno.deal[0]) && !(traits & CC_GAME_DEALT))
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_DECK_NOT_UNO));
	/* A setting the format has no use for is refused, never kept unsaid
	 * (issue 25 item 12): the state and the export would disagree on it. */
	const char *name = cc_format_name(sc->settings.format);
	if (seen->format && seen->category && !(traits & CC_GAME_CATEGORY))
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_SETTING_NOT_FORMAT, "category", name));
	if (traits & CC_GAME_DEALT) {
		/* No category; the board is always kept, moves are typed. */
		if (seen->chess_only)
			return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_TC_NOT_CHESS));
		if (seen->record)
			return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_SETTING_NOT_FORMAT, "record", name));
		sc->settings.record = CC_RECORD_MOVES;
		return finish_uno(&sc->settings, seen->extra, seen->n_extra, seen->deck, seen->seed, line, err);
	}
	if (traits & CC_GAME_TIME_CONTROL) {
		/* A chess game has no category (its quota is meaningless) and is
		 * always recorded move by move; record=count is left for the core
		 * to refuse with its reason. */
		if (!seen->record)
			sc->settings.record = CC_RECORD_MOVES;
		return CC_OK;
	}
	if (!seen->format || !seen->category)
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_SETTINGS_INCOMPLETE));
	if (seen->chess_only)
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_TC_NOT_CHESS));
	return CC_OK;
}

static cc_err parse_settings(const words *w, cc_session_scenario *sc, int line, cc_error *err)
{
	settings_seen seen = {0};
	cc_match_settings_default(&sc->settings);
	if (w->more)
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_TOO_MANY_SETTINGS, MAX_WORDS - 1));
	for (int i = 1; i < w->count; i++) {
		const char *arg = w->word[i];
		const char *value = strchr(arg, '=');
		if (!value)
			return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_NOT_KEY_VALUE, arg));
		value++;
		cc_err rc = read_setting(arg, value, (size_t)(value - arg - 1), sc, &seen, line, err);
		if (rc)
			return rc;
	}
	return check_settings(sc, &seen, line, err);
}

/* The scenario format's words for a side and a winner (scenario_words.def). */
static const cc_name side_words[] = {
#define CC_SCENARIO_SIDE(id, spelling) {CC_SIDE_##id, spelling},
#define CC_SCENARIO_WINNER(id, spelling)
#include "scenario_words.def"
#undef CC_SCENARIO_SIDE
#undef CC_SCENARIO_WINNER
};
static const cc_name winner_words[] = {
#define CC_SCENARIO_SIDE(id, spelling)
#define CC_SCENARIO_WINNER(id, spelling) {CC_WINNER_##id, spelling},
#include "scenario_words.def"
#undef CC_SCENARIO_SIDE
#undef CC_SCENARIO_WINNER
};
#define WORDS(table) (sizeof(table) / sizeof(table)[0])

const char *cc_session_scenario_side_word(cc_side side)
{
	return cc_name_of(side_words, WORDS(side_words), (int)side, "?");
}

const char *cc_session_scenario_source_word(bool from_timer)
{
	return from_timer ? "timer" : "typed";
}

const char *cc_session_scenario_winner_word(cc_winner winner)
{
	return cc_name_of(winner_words, WORDS(winner_words), (int)winner, "?");
}

static bool parse_side(const char *text, cc_side *side)
{
	int value;
	if (cc_name_parse(side_words, WORDS(side_words), text, &value) != CC_OK)
		return false;
	*side = (cc_side)value;
	return true;
}

static cc_err arity(const words *w, int min, int max, int line, cc_error *err)
{
	int args = w->count - 2;
	if (args < min || args > max)
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_ARGUMENT_COUNT, w->word[1], min, max));
	return CC_OK;
}

static cc_err bad_side(const char *text, int line, cc_error *err)
{
	return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_BAD_SIDE, text));
}

static cc_err parse_move(const words *w, const cc_match_settings *s, cc_event *ev, int line, cc_error *err)
{
	if (arity(w, 1, 2, line, err))
		return CC_ERR_INVALID;
	if (!parse_side(w->word[2], &ev->side))
		return bad_side(w->word[2], line, err);
	if (s->record == CC_RECORD_MOVES) {
		if (w->count != 4)
			return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_MOVE_WITHOUT_TEXT));
		return decode_text(ev->text, sizeof ev->text, w->word[3], false, line, err);
	}
	if (w->count == 4 && strcmp(w->word[3], "+") != 0)
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_COUNTED_MOVE_ARGUMENT));
	ev->gives_check = w->count == 4;
	return CC_OK;
}

/*
 * A clock value of a correction, in seconds: "151.5", "2:31.5", "+20",
 * "-5.5" (a sign makes it relative), to the millisecond.
 */
static bool parse_clock_value(const char *text, int64_t *ms, bool *relative)
{
	const char *p = text;
	bool negative = *p == '-';
	*relative = *p == '+' || *p == '-';
	if (*relative)
		p++;
	int64_t minutes = 0, seconds = 0, millis = 0;
	const char *colon = strchr(p, ':');
	char *end;
	if (colon) {
		if (colon == p)
			return false;
		errno = 0;
		long long m = strtoll(p, &end, 10);
		if (errno || end != colon || m < 0 || m > 100000)
			return false;
		minutes = m;
		p = colon + 1;
	}
	if (*p < '0' || *p > '9')
		return false;
	errno = 0;
	long long sec = strtoll(p, &end, 10);
	if (errno || sec < 0 || sec > 10000000 || (colon && sec >= 60))
		return false;
	seconds = sec;
	if (*end == '.') {
		int digits = 0;
		for (p = end + 1; *p >= '0' && *p <= '9' && digits < 3; p++, digits++)
			millis = millis * 10 + (*p - '0');
		for (; digits < 3; digits++)
			millis *= 10;
		if (p == end + 1 || *p)
			return false;
	} else if (*end) {
		return false;
	}
	*ms = (minutes * 60 + seconds) * 1000 + millis;
	if (negative)
		*ms = -*ms;
	return true;
}

static bool parse_count_value(const char *text, int64_t *count, bool *relative)
{
	char *end;
	*relative = text[0] == '+' || text[0] == '-';
	errno = 0;
	long long v = strtoll(text, &end, 10);
	if (errno || end == text || *end || v < -1000 || v > 1000)
		return false;
	*count = v;
	return true;
}

/* T correct TARGET [w|b] [VALUE] REASON (docs/scenario-format.md). */
static cc_err parse_correction(const words *w, cc_event *ev, int line, cc_error *err)
{
	ev->kind = CC_EV_CORRECT;
	if (w->count < 3 || cc_correct_target_parse(w->word[2], &ev->target) != CC_OK)
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_CORRECT_TARGET));
	bool sided = ev->target == CC_CORRECT_CLOCK || ev->target == CC_CORRECT_MOVES ||
	             ev->target == CC_CORRECT_LOST || ev->target == CC_CORRECT_TO_MOVE;
	bool valued = ev->target != CC_CORRECT_TO_MOVE;
	int next = 3;
	if (sided) {
		if (w->count <= next || !parse_side(w->word[next], &ev->side))
			return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_CORRECT_SIDE, w->word[2]));
		next++;
	}
	if (valued) {
		bool count = ev->target == CC_CORRECT_MOVES || ev->target == CC_CORRECT_LOST;
		if (w->count <= next || !(count ? parse_count_value(w->word[next], &ev->amount, &ev->relative)
		                                : parse_clock_value(w->word[next], &ev->amount, &ev->relative)))
			return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_CORRECT_VALUE, w->word[2],
			                 count ? "3, +1, -1" : "2:31.5, 151.5, +20, -5.5"));
		next++;
	}
	if (w->count <= next)
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_CORRECTION_NEEDS_REASON));
	return decode_text(ev->text, sizeof ev->text, w->rest[next], false, line, err);
}

/* Chess-Uno: T card SIDE [ID], T place SIDE SQUARE, T stop SIDE. */
static cc_err parse_uno_event(const words *w, cc_event *ev, int line, cc_error *err)
{
	const char *name = w->word[1];
	bool card = strcmp(name, "card") == 0, place = strcmp(name, "place") == 0;
	ev->kind = card ? CC_EV_CARD : place ? CC_EV_PLACE : CC_EV_STOP;
	if (arity(w, 1, card ? 2 : place ? 2 : 1, line, err))
		return CC_ERR_INVALID;
	if (place && w->count != 4)
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_PLACE_SQUARE));
	if (!parse_side(w->word[2], &ev->side))
		return bad_side(w->word[2], line, err);
	return w->count == 4 ? decode_text(ev->text, sizeof ev->text, w->word[3], false, line, err) : CC_OK;
}

/* Is an event of kind written with no argument after its name (the
 * kind's spelling is the core's, match_names.def)? */
static bool takes_nothing(cc_event_kind kind)
{
	switch (kind) {
	case CC_EV_START:
	case CC_EV_MATE:
	case CC_EV_PAUSE:
	case CC_EV_RESUME:
	case CC_EV_UNDO:
	case CC_EV_TICK:
	case CC_EV_HOLD:
	case CC_EV_RELEASE:
		return true;
	case CC_EV_MOVE:
	case CC_EV_CUBE:
	case CC_EV_RESIGN:
	case CC_EV_ARBITER:
	case CC_EV_CORRECT:
	case CC_EV_IN_TIME:
	case CC_EV_CLAIM:
	case CC_EV_DRAW:
	case CC_EV_CARD:
	case CC_EV_PLACE:
	case CC_EV_STOP:
	case CC_EV_PRESS:
	case CC_EV_SAN:
		return false;
	}
	return false;
}

static cc_err parse_event(const words *w, const cc_match_settings *s, cc_event *ev, int line, cc_error *err)
{
	const char *name = w->word[1];
	cc_error time_err;
	cc_event_kind simple;
	if (cc_event_kind_parse(name, &simple) == CC_OK && takes_nothing(simple)) {
		ev->kind = simple;
		return arity(w, 0, 0, line, err);
	}
	if (strcmp(name, "move") == 0) {
		ev->kind = CC_EV_MOVE;
		return parse_move(w, s, ev, line, err);
	}
	if (strcmp(name, "cube") == 0) {
		ev->kind = CC_EV_CUBE;
		if (arity(w, 2, 3, line, err))
			return CC_ERR_INVALID;
		if (!parse_side(w->word[2], &ev->side))
			return bad_side(w->word[2], line, err);
		if (cc_time_parse_cs(w->word[3], &ev->cube_cs, &time_err))
			return cc_error_copy_at_line(err, line, &time_err);
		/* RE-10.1: T cube SIDE TIME [timer|typed]; none is typed (older scenarios) */
		ev->from_timer = w->count == 5 && strcmp(w->word[4], cc_session_scenario_source_word(true)) == 0;
		if (w->count == 5 && !ev->from_timer && strcmp(w->word[4], cc_session_scenario_source_word(false)) != 0)
			return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_CUBE_SOURCE, w->word[4]));
		return CC_OK;
	}
	if (strcmp(name, "claim") == 0) {
		ev->kind = CC_EV_CLAIM;
		if (arity(w, 2, 2, line, err))
			return CC_ERR_INVALID;
		if (!parse_side(w->word[2], &ev->side))
			return bad_side(w->word[2], line, err);
		return decode_text(ev->text, sizeof ev->text, w->word[3], false, line, err);
	}
	if (strcmp(name, "draw") == 0) {
		ev->kind = CC_EV_DRAW;
		return arity(w, 0, 0, line, err);
	}
	if (strcmp(name, "card") == 0 || strcmp(name, "place") == 0 || strcmp(name, "stop") == 0)
		return parse_uno_event(w, ev, line, err);
	if (strcmp(name, "press") == 0 || strcmp(name, "san") == 0) {
		/* RU-35: T press SIDE, T san MOVE */
		bool press = name[0] == 'p';
		ev->kind = press ? CC_EV_PRESS : CC_EV_SAN;
		if (arity(w, 1, 1, line, err))
			return CC_ERR_INVALID;
		if (press)
			return parse_side(w->word[2], &ev->side) ? CC_OK : bad_side(w->word[2], line, err);
		return decode_text(ev->text, sizeof ev->text, w->word[2], false, line, err);
	}
	if (strcmp(name, "resign") == 0) {
		ev->kind = CC_EV_RESIGN;
		if (arity(w, 1, 1, line, err))
			return CC_ERR_INVALID;
		return parse_side(w->word[2], &ev->side) ? CC_OK : bad_side(w->word[2], line, err);
	}
	if (strcmp(name, "correct") == 0)
		return parse_correction(w, ev, line, err);
	if (strcmp(name, "intime") == 0) {
		cc_err rc = parse_move(w, s, ev, line, err);
		ev->kind = CC_EV_IN_TIME;
		return rc;
	}
	if (strcmp(name, "arbiter") == 0) {
		ev->kind = CC_EV_ARBITER;
		if (w->count < 4)
			return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_ARBITER_ARGUMENTS));
		int winner;
		if (cc_name_parse(winner_words, WORDS(winner_words), w->word[2], &winner) != CC_OK)
			return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_ARBITER_WINNER, w->word[2]));
		ev->winner = (cc_winner)winner;
		return decode_text(ev->text, sizeof ev->text, w->rest[3], false, line, err);
	}
	return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_UNKNOWN_EVENT, name));
}

static cc_err parse_time(const char *text, int64_t previous, int64_t *out, int line, cc_error *err)
{
	char *end;
	errno = 0;
	long long value = strtoll(text, &end, 10);
	if (errno || end == text || *end || value < 0)
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_BAD_TIME, text));
	if (value < previous)
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_TIME_BACKWARDS, value, previous));
	*out = value;
	return CC_OK;
}

/* One non-comment line: the settings first, then events. */
/* Where parsed lines go: the settings line into header, then each event
 * to step(). */
typedef struct {
	cc_session_scenario *header;
	cc_session_scenario_step_fn step;
	void *ctx;
} sink;

static cc_err parse_line(char *text, int line, bool *have_settings, int64_t *last_t, const sink *to,
                         cc_error *err)
{
	char copy[LINE_MAX_LEN];
	words w;
	snprintf(copy, sizeof copy, "%s", text);
	split_words(copy, &w, text);
	if (w.count == 0)
		return CC_OK;
	if (!*have_settings) {
		if (strcmp(w.word[0], "settings") != 0)
			return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_SETTINGS_FIRST));
		*have_settings = true;
		return parse_settings(&w, to->header, line, err);
	}
	if (w.count < 2)
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_NOT_AN_EVENT_LINE));
	if (w.more && strcmp(w.word[1], "arbiter") != 0 && strcmp(w.word[1], "correct") != 0)
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_TOO_MANY_WORDS, w.word[1]));
	cc_event ev = cc_event_tick(0);
	cc_err rc = parse_time(w.word[0], *last_t, &ev.t_ms, line, err);
	if (!rc)
		rc = parse_event(&w, &to->header->settings, &ev, line, err);
	if (rc)
		return rc;
	*last_t = ev.t_ms;
	cc_session_scenario_step step = {line, ev};
	return to->step ? to->step(to->ctx, &step, err) : CC_OK;
}

static void strip(char *text)
{
	char *hash = strchr(text, '#');
	if (hash)
		*hash = '\0';
	size_t n = strlen(text);
	while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r' || text[n - 1] == ' ' || text[n - 1] == '\t'))
		text[--n] = '\0';
}

/* A line is text: valid UTF8, no control character but the tab (RU-24). */
static cc_err check_text(const char *text, size_t len, int line, cc_error *err)
{
	char copy[LINE_MAX_LEN];
	if (memchr(text, '\0', len))
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_NUL_BYTE));
	memcpy(copy, text, len);
	copy[len] = '\0';
	for (char *p = copy; *p; p++)
		if (*p == '\t')
			*p = ' ';
	if (!cc_text_is_line(copy))
		return cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_NOT_UTF8));
	return CC_OK;
}

cc_err cc_session_scenario_each(FILE *in, cc_session_scenario *header, cc_session_scenario_step_fn step,
                                void *ctx, cc_error *err)
{
	char *text = NULL;
	size_t text_cap = 0;
	ssize_t got;
	int line = 0;
	int64_t last_t = 0;
	bool have_settings = false;
	cc_err rc = CC_OK;
	sink to = {header, step, ctx};

	while (rc == CC_OK && (got = getline(&text, &text_cap, in)) >= 0) {
		size_t len = (size_t)got;
		line++;
		while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
			text[--len] = '\0';
		if (len > LINE_MAX_LEN - 2)
			rc = cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_LINE_TOO_LONG, LINE_MAX_LEN - 2));
		else
			rc = check_text(text, len, line, err);
		if (rc == CC_OK) {
			strip(text);
			rc = parse_line(text, line, &have_settings, &last_t, &to, err);
		}
	}
	free(text);
	if (rc == CC_OK && ferror(in))
		rc = cc_refuse(err, CC_MSG_SCENARIO_UNREADABLE);
	if (rc == CC_OK && !have_settings)
		rc = cc_error_at_line(err, line, cc_refuse(err, CC_MSG_SCENARIO_NO_SETTINGS));
	return rc;
}

/* The step callback of cc_session_scenario_parse: kept in the list. */
static cc_err keep_step(void *ctx, const cc_session_scenario_step *step, cc_error *err)
{
	cc_session_scenario *sc = ctx;
	if (sc->count == sc->cap) {
		size_t grown = sc->cap ? sc->cap * 2 : 64;
		cc_session_scenario_step *p = realloc(sc->steps, grown * sizeof *p);
		if (!p)
			return cc_refuse(err, CC_MSG_NOMEM);
		sc->steps = p;
		sc->cap = grown;
	}
	sc->steps[sc->count++] = *step;
	return CC_OK;
}

cc_err cc_session_scenario_parse(FILE *in, cc_session_scenario *out, cc_error *err)
{
	memset(out, 0, sizeof *out);
	cc_err rc = cc_session_scenario_each(in, out, keep_step, out, err);
	if (rc)
		cc_session_scenario_free(out);
	return rc;
}

void cc_session_scenario_free(cc_session_scenario *scenario)
{
	free(scenario->steps);
	scenario->steps = NULL;
	scenario->count = 0;
	scenario->cap = 0;
}

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

cc_err cc_session_scenario_demo(cc_session_scenario *out, cc_error *err)
{
	FILE *in = fmemopen((void *)(uintptr_t)demo_scenario, sizeof demo_scenario - 1, "r");
	if (!in)
		return cc_refuse(err, CC_MSG_NOMEM);
	cc_err rc = cc_session_scenario_parse(in, out, err);
	fclose(in);
	return rc;
}

cc_err cc_session_scenario_parse_event(const char *text, const cc_match_settings *settings, int64_t t_ms,
                                       cc_event *out, cc_error *err)
{
	char line[LINE_MAX_LEN], copy[LINE_MAX_LEN];
	words w;
	int n = snprintf(line, sizeof line, "0 %s", text);
	if (n < 0 || (size_t)n >= sizeof line)
		return cc_refuse(err, CC_MSG_SCENARIO_LINE_TOO_LONG, LINE_MAX_LEN - 2);
	cc_err rc = check_text(line, strlen(line), 1, err);
	if (rc)
		return rc;
	strip(line);
	snprintf(copy, sizeof copy, "%s", line);
	split_words(copy, &w, line);
	if (w.count < 2)
		return cc_refuse(err, CC_MSG_SCENARIO_NO_EVENT);
	*out = cc_event_tick(t_ms);
	rc = parse_event(&w, settings, out, 1, err);
	out->t_ms = t_ms;
	/* The refusal is of this text, not of line 1 of a file there is none of. */
	return rc ? cc_error_at_line(err, 0, rc) : rc;
}
