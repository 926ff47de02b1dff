/*
 * words.c: the page's own words (app.js's labels: "Live", "Standings",
 * "Timer ready"...), said from the program's catalogue like every other
 * text, so that the page holds no word list of its own and a language
 * added to languages.def reaches it too. The renderer's sentences come in
 * the frames; these are the words around them.
 *
 * Served as /words.json in the language of the request (web_internal.h):
 *   {"lang":"fr","decimal":",","langs":[{"code":"en","name":"English"},...],
 *    "words":{"live":"En direct",...}}
 */
#include "web_internal.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* Marks a text for xgettext (src/po/<code>.po); said with cc_lang_tr. */
#define N_(s) (s)

static const struct {
	const char *key;  /* app.js's w(key) */
	const char *text; /* the English msgid */
} words[] = {
	{"colon", N_(": ")},
	{"live", N_("Live")},
	{"connecting", N_("Connecting…")},
	{"reconnecting", N_("Reconnecting…")},
	{"full", N_("Server full: retrying")},
	{"turned_away", N_("Server full: showing the last frame; reconnecting in a few seconds")},
	{"boards", N_("Boards in play")},
	{"finished", N_("Finished")},
	{"events", N_("Events")},
	{"none", N_("Nothing in play yet.")},
	{"match", N_("Match")},
	{"game", N_("Game")},
	{"block", N_("Block")},
	{"cube_phase", N_("Cube phase")},
	{"cube", N_("Cube")},
	{"attempt", N_("attempt")},
	{"scramble", N_("Scramble")},
	{"to_move", N_("to move")},
	{"move_clock", N_("Move")},
	{"block_time", N_("Block")},
	{"moves", N_("Moves")},
	{"lost", N_("lost")},
	{"quota", N_("quota")},
	{"double_free", N_("Double move: the free move")},
	{"double_second", N_("Double move: the second move")},
	{"paused", N_("Paused")},
	{"check", N_("Check")},
	{"setup", N_("Waiting for the arbiter to start")},
	{"no_console", N_("No console is running this board: clocks stopped at its last event.")},
	{"no_console_uno", N_("No console is running this game.")},
	{"white", N_("White")},
	{"black", N_("Black")},
	{"log", N_("Log")},
	{"card", N_("Card")},
	{"pile", N_("Pile")},
	{"discards", N_("Discards")},
	{"turn", N_("Turn")},
	{"army", N_("Army to play")},
	{"moves_left", N_("moves left")},
	{"placement", N_("Placement of recovered pawns")},
	{"last_move", N_("Last move")},
	{"last_cube", N_("Last cube phase")},
	{"standings", N_("Standings")},
	{"crosstable", N_("Crosstable")},
	{"round", N_("Round")},
	{"rank", N_("#")},
	{"name", N_("Player")},
	{"points", N_("Pts")},
	{"direct", N_("Direct")},
	{"wins", N_("Wins")},
	{"sb", N_("SB")},
	{"played", N_("Games")},
	{"bye", N_("bye")},
	{"not_started", N_("not started")},
	{"in_play", N_("in play")},
	{"result", N_("Result")},
	{"solve", N_("solve")},
	{"dnf", N_("DNF")},
	{"feed", N_("PGN feed")},
	{"players", N_("players")},
	{"rounds", N_("rounds")},
	{"open", N_("open")},
	{"over", N_("over")},
	{"not_found", N_("Not found")},
	{"timer_nosignal", N_("Timer signal lost")},
	{"timer_reset", N_("Timer reset")},
	{"timer_hands", N_("Timer: hands on")},
	{"timer_ready", N_("Timer ready")},
	{"timer_running", N_("Timer running")},
	{"timer_stopped", N_("Timer stopped at")},
	{"timer_confirms", N_("the arbiter confirms the time")},
	/* issue 35 item 6 (timermark): where a counted solve time came from, RE-10.1 */
	{"source_timer", N_("(timer)")},
	{"source_typed", N_("(typed)")},
	/* issue 34, the wall and the screen readers (branch wall) */
	{"solving", N_("Both players solve the cube")},
	{"double_move", N_("Double move")},
	{"page", N_("Page")},
	{"console_stopped", N_("The arbiter's console stopped: the clocks are held where they were.")},
	{"resume_correction", N_("The arbiter resumed the match; clock corrected by")},
	{"material", N_("Material")},
	{"board_desc", N_("Chessboard")},
	{"piece_k", N_("king")},
	{"piece_q", N_("queen")},
	{"piece_r", N_("rook")},
	{"piece_b", N_("bishop")},
	{"piece_n", N_("knight")},
	{"piece_p", N_("pawn")},
	{"no_move_yet", N_("no move yet")},
	{"corner", N_("Player / opponent")},
	{"wall_count", N_("boards")},
};

char *cc_web_words_json(const cc_lang *lang)
{
	json_t *langs = json_array(), *said = json_object();
	for (size_t i = 0; langs && i < cc_lang_count(); i++) {
		const cc_lang *l = cc_lang_at(i);
		json_array_append_new(langs, json_pack("{s:s, s:s}", "code", l->code, "name", l->native));
	}
	for (size_t i = 0; said && i < sizeof words / sizeof words[0]; i++)
		json_object_set_new(said, words[i].key, json_string(cc_lang_tr(lang, words[i].text)));
	if (!lang)
		lang = cc_lang_default();
	char decimal[2] = {lang->decimal, '\0'};
	json_t *out = json_pack("{s:s, s:s, s:o, s:o}", "lang", lang->code, "decimal", decimal, "langs", langs, "words",
	                        said);
	char *text = out ? json_dumps(out, JSON_COMPACT) : NULL;
	json_decref(out);
	return text;
}

/* The page's placeholders: {{lang}} and {{nojs}} (assets/page.html). */
static const char *const NOJS = N_("This page needs JavaScript for its live boards and clocks; the PGN feed works "
                              "without: add .pgn to a match or event address.");

/* Appends text to out (at *n, of size cap), HTML-escaped when escape. */
static void put(char *out, size_t *n, const char *text, size_t len, bool escape)
{
	for (size_t i = 0; i < len; i++) {
		const char *e = !escape ? NULL : text[i] == '<' ? "&lt;" : text[i] == '>' ? "&gt;" : text[i] == '&' ? "&amp;"
		                                                        : text[i] == '"' ? "&quot;" : NULL;
		if (e) {
			memcpy(out + *n, e, strlen(e));
			*n += strlen(e);
		} else {
			out[(*n)++] = text[i];
		}
	}
}

char *cc_web_page_html(const cc_lang *lang, size_t *len)
{
	const cc_web_asset *a = cc_web_asset_find("page.html");
	if (!lang)
		lang = cc_lang_default();
	const char *nojs = cc_lang_tr(lang, NOJS);
	if (!a)
		return NULL;
	/* each placeholder grows by at most 6 times its text (escapes) */
	size_t cap = a->size + 6 * (strlen(nojs) + strlen(lang->code)) + 1, n = 0;
	char *out = malloc(cap);
	const char *p = (const char *)a->data, *end = p + a->size;
	if (!out)
		return NULL;
	while (p < end) {
		const char *mark = memchr(p, '{', (size_t)(end - p));
		if (!mark) {
			put(out, &n, p, (size_t)(end - p), false);
			break;
		}
		put(out, &n, p, (size_t)(mark - p), false);
		if ((size_t)(end - mark) >= 8 && memcmp(mark, "{{lang}}", 8) == 0) {
			put(out, &n, lang->code, strlen(lang->code), true);
			p = mark + 8;
		} else if ((size_t)(end - mark) >= 8 && memcmp(mark, "{{nojs}}", 8) == 0) {
			put(out, &n, nojs, strlen(nojs), true);
			p = mark + 8;
		} else {
			put(out, &n, mark, 1, false);
			p = mark + 1;
		}
	}
	out[n] = '\0';
	*len = n;
	return out;
}
