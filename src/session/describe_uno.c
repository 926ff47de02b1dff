/*
 * describe_uno.c: the renderer's Chess-Uno part (session_describe.h): a card, what
 * one step of the game did, and the report of a game. Facts come from the
 * core's view and steps (cc_uno_view, cc_uno_step): whether a draw was
 * reshuffled, won by a possible king capture, exchanged the armies, or a
 * move was stopped by the guard is the core's answer, said here in words.
 *
 * Players: A is the player who had White at the start (the settings'
 * white), B the one who had Black; an army is "White's army" or "Black's
 * army", whoever holds it after an Inversion.
 */
#include "chesscubing/session_describe.h"

#include <string.h>

#include "chesscubing/uno.h"

#include "chesscubing/support_lang.h"

/* A text in the language named lang where it is used. */
#define _(s) cc_lang_tr(lang, s)
#define P_(s, p, n) cc_lang_ntr(lang, s, p, (unsigned long)(n)) /* issue 35 N9: a count's form */

static const char *colour_text(const cc_lang *lang, cc_uno_colour c)
{
	switch (c) {
	case CC_UNO_RED:
		return _("red");
	case CC_UNO_BLUE:
		return _("blue");
	case CC_UNO_GREEN:
		return _("green");
	case CC_UNO_YELLOW:
		return _("yellow");
	case CC_UNO_WILD:
		break;
	}
	return "";
}

void cc_session_uno_card_text(const cc_lang *lang, int id, char *buf, size_t size)
{
	cc_uno_card card;
	buf[0] = '\0';
	if (id == CC_UNO_NO_CARD || cc_uno_card_get(id, &card, NULL) != CC_OK) {
		cc_session_describe_append(buf, size, 0, "%s", _("no card"));
		return;
	}
	switch (card.kind) {
	case CC_UNO_CARD_NUMBER:
		cc_session_describe_append(buf, size, 0, "%d %s", card.number, colour_text(lang, card.colour));
		return;
	case CC_UNO_CARD_SKIP:
		cc_session_describe_append(buf, size, 0, _("Skip your turn (%s)"), colour_text(lang, card.colour));
		return;
	case CC_UNO_CARD_INVERSION:
		cc_session_describe_append(buf, size, 0, _("Inversion (%s)"), colour_text(lang, card.colour));
		return;
	case CC_UNO_CARD_PLUS2:
		cc_session_describe_append(buf, size, 0, _("+2 (%s)"), colour_text(lang, card.colour));
		return;
	case CC_UNO_CARD_JOKER:
		cc_session_describe_append(buf, size, 0, "%s", _("Joker"));
		return;
	case CC_UNO_CARD_PLUS4:
		cc_session_describe_append(buf, size, 0, "%s", "+4");
		return;
	}
}

void cc_session_uno_card_big(const cc_lang *lang, int id, char *buf, size_t size)
{
	cc_uno_card card;
	buf[0] = '\0';
	if (id == CC_UNO_NO_CARD || cc_uno_card_get(id, &card, NULL) != CC_OK)
		return;
	switch (card.kind) {
	case CC_UNO_CARD_NUMBER:
		cc_session_describe_append(buf, size, 0, "%d", card.number);
		return;
	case CC_UNO_CARD_SKIP:
		cc_session_describe_append(buf, size, 0, "%s", _("SKIP"));
		return;
	case CC_UNO_CARD_INVERSION:
		cc_session_describe_append(buf, size, 0, "%s", _("INV"));
		return;
	case CC_UNO_CARD_PLUS2:
		cc_session_describe_append(buf, size, 0, "+2");
		return;
	case CC_UNO_CARD_JOKER:
		cc_session_describe_append(buf, size, 0, "%s", _("JOKER"));
		return;
	case CC_UNO_CARD_PLUS4:
		cc_session_describe_append(buf, size, 0, "+4");
		return;
	}
}

/* What the card drawn grants, as the core applied it. */
static size_t card_effect(const cc_lang *lang, int id, char *buf, size_t size, size_t len)
{
	cc_uno_card card;
	if (id == CC_UNO_NO_CARD || cc_uno_card_get(id, &card, NULL) != CC_OK)
		return cc_session_describe_append(buf, size, len, "%s", _(": pile and discards are empty, one normal move"));
	switch (card.kind) {
	case CC_UNO_CARD_NUMBER:
		if (card.number <= 1)
			return cc_session_describe_append(buf, size, len, "%s", card.number == 0 ? _(": no move") : _(": one move"));
		return cc_session_describe_append(buf, size, len, _(": up to %d moves"), card.number);
	case CC_UNO_CARD_SKIP:
		return cc_session_describe_append(buf, size, len, "%s", _(": the turn is skipped"));
	case CC_UNO_CARD_INVERSION:
		return cc_session_describe_append(buf, size, len, "%s", _(": the players exchange armies"));
	case CC_UNO_CARD_PLUS2:
		return cc_session_describe_append(buf, size, len, "%s", _(": up to 2 recovered pawns, then one move"));
	case CC_UNO_CARD_JOKER:
		return cc_session_describe_append(buf, size, len, "%s", _(": one move, the piece may move as a queen"));
	case CC_UNO_CARD_PLUS4:
		return cc_session_describe_append(buf, size, len, "%s", _(": up to 4 recovered pawns, then one move"));
	}
	return len;
}

static const char *player_name(const cc_match_settings *s, cc_uno_player p)
{
	return p == CC_UNO_PLAYER_A ? s->white : s->black;
}

static const char *army_text(const cc_lang *lang, cc_side army)
{
	return army == CC_SIDE_WHITE ? _("White's army") : _("Black's army");
}

bool cc_session_describe_last_uno_step(const cc_lang *lang, const cc_match *match, char *buf, size_t size)
{
	const cc_uno_game *game = cc_match_uno(match);
	size_t n = game ? cc_uno_step_count(game) : 0;
	buf[0] = '\0';
	if (n == 0)
		return false;
	cc_session_describe_uno_step(lang, cc_uno_step_at(game, n - 1), cc_match_settings_of(match), buf, size);
	return true;
}

cc_side cc_session_uno_holder(const cc_match *match, cc_side side)
{
	const cc_uno_game *game = cc_match_uno(match);
	cc_uno_view v;
	if (!game)
		return side;
	cc_uno_view_now(game, &v);
	return v.controller[side] == CC_UNO_PLAYER_A ? CC_SIDE_WHITE : CC_SIDE_BLACK;
}

void cc_session_describe_uno_step(const cc_lang *lang, const cc_uno_step *st, const cc_match_settings *s, char *buf,
                                  size_t size)
{
	const char *who = player_name(s, st->player);
	char card[64], square[3] = {0};
	size_t len = 0;
	buf[0] = '\0';
	switch (st->event.kind) {
	case CC_UNO_EV_DRAW:
		cc_session_uno_card_text(lang, st->card, card, sizeof card);
		if (st->reshuffled)
			len = cc_session_describe_append(buf, size, len, "%s ", _("(the discards are shuffled into a new pile)"));
		len = cc_session_describe_append(buf, size, len, _("%s (%s) draws %s"), who, army_text(lang, st->army), card);
		len = card_effect(lang, st->card, buf, size, len);
		if (st->mate_possible)
			cc_session_describe_append(buf, size, len, "%s", _("; a move could take the king: the game is won"));
		return;
	case CC_UNO_EV_MOVE: {
		char san[CC_CHESS_SAN_MAX];
		cc_session_san_local(lang, st->san, san, sizeof san);
		len = cc_session_describe_append(buf, size, len, _("%s plays %s"), who, san);
		if (st->joker_move)
			len = cc_session_describe_append(buf, size, len, "%s", _(" (as a queen)"));
		if (st->captured == CC_CHESS_KING)
			len = cc_session_describe_append(buf, size, len, "%s", _(" and takes the king"));
		if (st->guard_stop)
			cc_session_describe_append(buf, size, len, "%s", _("; it attacks the king, so the series stops"));
		return;
	}
	case CC_UNO_EV_PLACE:
		square[0] = (char)('a' + st->event.square % 8);
		square[1] = (char)('1' + st->event.square / 8);
		cc_session_describe_append(buf, size, len, _("%s puts a recovered pawn on %s"), who, square);
		return;
	case CC_UNO_EV_END:
		cc_session_describe_append(buf, size, len, _("%s ends the series"), who);
		return;
	case CC_UNO_EV_RESIGN:
		cc_session_describe_append(buf, size, len, _("%s resigns"), player_name(s, st->event.player));
		return;
	case CC_UNO_EV_AGREE:
		cc_session_describe_append(buf, size, len, "%s", _("the players agree a draw"));
		return;
	case CC_UNO_EV_ARBITER:
		if (st->event.player == CC_UNO_NOBODY)
			cc_session_describe_append(buf, size, len, _("arbiter decision (no winner): %s"), st->event.text);
		else
			cc_session_describe_append(buf, size, len, _("arbiter decision (%s wins): %s"), player_name(s, st->event.player),
			    st->event.text);
		return;
	case CC_UNO_EV_UNDO:
		cc_session_describe_append(buf, size, len, "%s", _("undo"));
		return;
	}
}

/* Pile, discards, recoverable pawns, who holds which army: seed 002 §8. */
void cc_session_describe_uno_table(const cc_lang *lang, const cc_uno_game *game, const cc_match_settings *s, char *buf,
                                   size_t size)
{
	cc_uno_view v;
	char top[2][64];
	cc_uno_view_now(game, &v);
	for (int p = 0; p < 2; p++)
		cc_session_uno_card_text(lang, v.discard_top[p], top[p], sizeof top[p]);
	/* issue 35 N9: the pile's counts, each in the form it takes */
	char pile[256];
	size_t len = cc_session_describe_append(pile, sizeof pile, 0, P_("Pile: %zu card", "Pile: %zu cards", v.pile_count),
	                                        v.pile_count);
	cc_session_describe_append(pile, sizeof pile, len, P_(" (%u reshuffle).", " (%u reshuffles).", v.reshuffles),
	                           v.reshuffles);
	cc_session_describe_append(buf, size, 0,
	    _("%s Discards: %s %zu (top %s), %s %zu (top %s). Recoverable pawns: White %d, Black %d. %s holds White, %s "
	      "holds Black."),
	    pile, s->white, v.discard_count[0], top[0], s->black, v.discard_count[1], top[1],
	    v.recoverable[CC_SIDE_WHITE], v.recoverable[CC_SIDE_BLACK], player_name(s, v.controller[CC_SIDE_WHITE]),
	    player_name(s, v.controller[CC_SIDE_BLACK]));
}

const char *cc_session_describe_uno_fixed(const cc_lang *lang, const cc_match_settings *settings)
{
	if (!cc_game_has(settings->format, CC_GAME_DEALT) || !settings->uno.fixed)
		return NULL;
	return _("Fixed deal: the cards were not shuffled; not rated.");
}

int cc_session_write_uno_report(const cc_lang *lang, FILE *out, cc_session *session, bool events)
{
	const cc_match *match = cc_session_match(session);
	const cc_uno_game *game = cc_match_uno(match);
	const cc_session_info *info = cc_session_info_of(session);
	const cc_match_settings *s = cc_match_settings_of(match);
	const char *secret = cc_session_uno_secret(session);
	cc_match_view v;
	char text[1024], options[512];
	cc_match_view_at(match, cc_match_last_time(match), &v);
	cc_session_describe_result(lang, &v, s, text, sizeof text);
	fprintf(out, "%s", _("Chess-Uno"));
	if (info->id > 0)
		fprintf(out, _(", game %lld"), (long long)info->id);
	if (info->created_utc[0])
		fprintf(out, _(", created %s"), info->created_utc);
	cc_match_uno_options_text(&s->uno.options, options, sizeof options);
	/* A label and its value the language's way ("Blancs au départ : Anne"). */
	fputc('\n', out);
	fprintf(out, _("%s: %s\n"), _("White at the start"), s->white);
	fprintf(out, _("%s: %s\n"), _("Black at the start"), s->black);
	fprintf(out, _("%s: %s (%s)\n"), _("Result"), text, cc_session_result_code(v.over, v.winner));
	fprintf(out, _("%s: %s\n"), _("Options"), options);
	fprintf(out, _("%s: %s\n"), _("Commitment, SHA-256(secret || deal || options || players)"),
	        info->commitment[0] ? info->commitment : "-");
	const char *fixed = cc_session_describe_uno_fixed(lang, &info->settings);
	if (fixed)
		fprintf(out, "%s\n", fixed);
	if (secret[0]) {
		fprintf(out, _("%s: %s\n"), _("Secret (revealed at the end)"), secret);
		fprintf(out, _("%s: %s\n"), _("Deal"), s->uno.deal);
	} else {
		fprintf(out, "%s\n", _("The secret and the deal are revealed when the game is over."));
	}
	cc_session_describe_uno_table(lang, game, s, text, sizeof text);
	fprintf(out, "%s\n", text);
	/* Seed 002 §8: each discard in full, oldest first. */
	for (int p = 0; p < 2; p++) {
		int ids[CC_UNO_DECK_SIZE];
		size_t n = cc_uno_discard(game, (cc_uno_player)p, ids, CC_UNO_DECK_SIZE);
		fprintf(out, _("Discard of %s, oldest first (%zu):"), p == CC_UNO_PLAYER_A ? s->white : s->black, n);
		for (size_t i = 0; i < n; i++) {
			char card[64];
			cc_session_uno_card_text(lang, ids[i], card, sizeof card);
			fprintf(out, "%s %s", i ? "," : "", card);
		}
		fputc('\n', out);
	}
	fprintf(out, _("%s: %s\n"), v.over ? _("Final position") : _("Position"), v.fen);
	if (!events)
		return ferror(out) ? -1 : 0;
	fprintf(out, "\n%s\n", _("Events:"));
	for (size_t i = 0; i < cc_uno_step_count(game); i++) {
		const cc_uno_step *st = cc_uno_step_at(game, i);
		char at[16];
		cc_time_format_ms(st->event.t_ms, at, sizeof at);
		cc_session_decimal_local(lang, at); /* a French line's decimal comma */
		cc_session_describe_uno_step(lang, st, s, text, sizeof text);
		fprintf(out, "  %9s  %s %u  %s\n", at, _("turn"), st->turn, text);
	}
	return ferror(out) ? -1 : 0;
}
