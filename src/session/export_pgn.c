/*
 * export_pgn.c: a recorded match as PGN (session_pgn.h: cc_session_pgn_write,
 * the one writer of a match's PGN), its comments in the language given,
 * its tags the same in every language.
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

/* A comment's words in the language named lang where it is used (the
 * writer's: every comment of one PGN in one language). */
#define _(s) cc_lang_tr(lang, s)
#define N_(s) (s)

/* ---- PGN ----------------------------------------------------------------------- */

/*
 * What every PGN reader opens (issue 23): one comment per move at most,
 * so the clocks, the block summary and what the arbiter did after a move
 * are merged into one {...}; no null move in the main line of the default
 * form: where the sides do not alternate (a lost move, a double move's
 * hand-over, a Chess-Uno series or placement), the game ends ("*") with
 * the hand-over in words and the next part of the match starts from the
 * position ([SetUp "1"] [FEN ...]), as successive games tagged with the
 * match, the part and the number of parts (PGN 9.7, and the way SCID and
 * lichess read a game that starts from a position). The pgn-null form
 * keeps one game with PGN's null move "--" (the ChessBase/SCID convention).
 */

/* A PGN tag value: backslashes and quotes escaped (PGN standard 8.1.1);
 * a control character, which the standard does not allow in a tag, as a
 * space. */
static void pgn_tag(FILE *out, const char *name, const char *value)
{
	fprintf(out, "[%s \"", name);
	for (const char *p = value; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (c == '\\' || c == '"')
			fputc('\\', out);
		fputc(c < 0x20 || c == 0x7f ? ' ' : c, out);
	}
	fprintf(out, "\"]\n");
}

/* A PGN clock value, H:MM:SS (the [%clk] and [%emt] commands). */
static void pgn_clock(int64_t ms, char *buf, size_t size)
{
	int64_t seconds = ms > 0 ? ms / 1000 : 0;
	snprintf(buf, size, "%lld:%02lld:%02lld", (long long)(seconds / 3600), (long long)(seconds / 60 % 60),
	         (long long)(seconds % 60));
}

/* One game of the export: where it starts ("" the tags' own start) and its movetext. */
typedef struct {
	char fen[CC_CHESS_FEN_MAX];
	char *text;
	size_t len;
} pgn_part;

/* Writing the movetext: the parts so far and where the current one stands. */
typedef struct {
	bool null_moves;     /* pgn-null: one game, "--" where a side does not move */
	const cc_lang *lang; /* what every comment is said in */
	pgn_part *parts;
	size_t count;
	FILE *mt;            /* the current part's movetext */
	cc_side next;        /* whose column the next move goes in */
	unsigned long number;
	bool need_number;    /* a black move after a comment repeats its number */
	char pending[4096];  /* the one comment after the last token written */
	bool failed;
} pgn_writer;

/* Adds text to the comment after the last token ('}' cannot be in a
 * comment, PGN 8.2.5; a control character is a space). */
static void pw_note(pgn_writer *w, const char *text)
{
	size_t n = strlen(w->pending);
	if (!text[0])
		return;
	if (n > 0 && n + 2 < sizeof w->pending) {
		memcpy(w->pending + n, "; ", 3);
		n += 2;
	}
	for (const char *p = text; *p && n + 1 < sizeof w->pending; p++) {
		unsigned char c = (unsigned char)*p;
		w->pending[n++] = c == '}' ? ')' : c < 0x20 ? ' ' : (char)c;
	}
	w->pending[n] = '\0';
}

static void pw_flush(pgn_writer *w)
{
	if (w->pending[0]) {
		fprintf(w->mt, w->count == 1 && ftell(w->mt) == 0 ? "{%s}\n" : " {%s}\n", w->pending);
		w->pending[0] = '\0';
		w->need_number = true;
	} else if (ftell(w->mt) > 0) {
		fputc('\n', w->mt);
	}
}

static void pw_close(pgn_writer *w)
{
	if (!w->mt)
		return;
	pw_flush(w);
	if (fclose(w->mt) != 0)
		w->failed = true;
	w->mt = NULL;
}

/* Ends the current part and starts one from fen ("" the tags' start). */
static void pw_begin_part(pgn_writer *w, const char *fen)
{
	pw_close(w);
	pgn_part *grown = realloc(w->parts, (w->count + 1) * sizeof *grown);
	if (!grown) {
		w->failed = true;
		return;
	}
	w->parts = grown;
	pgn_part *p = &w->parts[w->count++];
	memset(p, 0, sizeof *p);
	snprintf(p->fen, sizeof p->fen, "%s", fen);
	w->mt = open_memstream(&p->text, &p->len);
	if (!w->mt)
		w->failed = true;
	char side = 'w';
	w->number = 1;
	if (fen[0] && sscanf(fen, "%*s %c %*s %*s %*s %lu", &side, &w->number) < 1)
		side = 'w';
	if (w->number == 0)
		w->number = 1;
	w->next = side == 'b' ? CC_SIDE_BLACK : CC_SIDE_WHITE;
	w->need_number = true;
}

/* One move (or "--") in side's column, then its comment. */
static void pw_move(pgn_writer *w, cc_side side, const char *san, const char *comment)
{
	if (w->failed || !w->mt)
		return;
	for (int pass = 0; pass < 2 && w->null_moves && w->next != side; pass++)
		pw_move(w, w->next, "--", "");
	pw_flush(w);
	if (w->next == CC_SIDE_WHITE)
		fprintf(w->mt, "%lu. ", w->number);
	else if (w->need_number)
		fprintf(w->mt, "%lu... ", w->number);
	fputs(san, w->mt);
	w->need_number = false;
	pw_note(w, comment);
	if (w->next == CC_SIDE_BLACK)
		w->number++;
	w->next = cc_side_other(w->next);
}

static void pw_free(pgn_writer *w)
{
	if (w->mt)
		fclose(w->mt);
	for (size_t i = 0; i < w->count; i++)
		free(w->parts[i].text);
	free(w->parts);
}

/* Two FENs of the same position, side to move, castling and en passant
 * (the counters aside). */
static bool same_position(const char *a, const char *b)
{
	int spaces = 0;
	for (; *a && *a == *b; a++, b++)
		if (*a == ' ' && ++spaces == 4)
			return true;
	return *a == *b;
}

/* Words for the side to move after a pass, when the part ends there. */
static void handover_words(pgn_writer *w, cc_side to_move)
{
	const cc_lang *lang = w->lang;
	if (!w->null_moves)
		pw_note(w, to_move == CC_SIDE_WHITE ? _("hand-over: White moves next; the match continues in the next part")
		                                    : _("hand-over: Black moves next; the match continues in the next part"));
}

/* Writing a moves recording's plies: the board as the plies leave it,
 * and the time to leave out of the next move's %emt. */
typedef struct {
	pgn_writer *w;
	const cc_match_settings *s;
	cc_chess_position board;
	char last_after[CC_CHESS_FEN_MAX]; /* the position after the last move written */
	size_t blocks_told;
} movetext;

static void tell_blocks(const cc_lang *lang, movetext *mt, const cc_match *m, size_t upto)
{
	char text[1024];
	for (; mt->blocks_told < upto; mt->blocks_told++) {
		cc_session_describe_block(lang, cc_match_block_at(m, mt->blocks_told), mt->s, text, sizeof text);
		pw_note(mt->w, text);
	}
}

/* One ply: its SAN (or a pass), then its clocks, its emt (thinking time,
 * pauses left out) and what it was. */
static void write_ply(movetext *mt, const cc_match_ply *p, const cc_match_view *after, int64_t event_t, int64_t emt_ms,
                      bool in_time)
{
	static const char *const what[] = {"", N_(" free move of a double move"), N_(" lost on time"),
	                                   N_(" turn handed over")};
	const cc_lang *lang = mt->w->lang;
	const char *kind = _(what[p->kind]), *in_time_words = in_time ? _(" declared in time") : "";
	char clk[32], emt[32], comment[256], fen[CC_CHESS_FEN_MAX];
	/* Time and a chess game: the mover's chess clock (after its increment);
	 * Twice (a move clock): the block's time left; a chess game without a
	 * clock: none. */
	bool blocks = cc_game_has(mt->s->format, CC_GAME_BLOCKS);
	int64_t left = !cc_game_has(mt->s->format, CC_GAME_MOVE_CLOCK) ? after->clock_ms[p->side]
	                                                                : after->block_ms_left + (event_t - p->t_ms);
	pgn_clock(left, clk, sizeof clk);
	pgn_clock(emt_ms, emt, sizeof emt);
	if (!blocks && !after->has_chess_clocks)
		snprintf(comment, sizeof comment, "[%%emt %s]%s%s", emt, kind, in_time_words);
	else
		snprintf(comment, sizeof comment, "[%%clk %s] [%%emt %s]%s%s", clk, emt, kind, in_time_words);
	cc_chess_position_to_fen(&mt->board, fen, sizeof fen);
	cc_chess_undo undo;
	if (p->move == CC_CHESS_MOVE_NONE) {
		cc_error why;
		(void)cc_chess_make_null(&mt->board, &undo, &why); /* the match made it */
		if (mt->w->null_moves) {
			pw_move(mt->w, p->side, "--", comment);
		} else {
			snprintf(comment, sizeof comment,
			         p->side == CC_SIDE_WHITE ? _("White does not move:%s after %s") : _("Black does not move:%s after %s"),
			         kind, emt);
			pw_note(mt->w, comment);
			handover_words(mt->w, mt->board.to_move);
		}
		return;
	}
	if (!mt->w->null_moves && mt->last_after[0] && !same_position(fen, mt->last_after))
		pw_begin_part(mt->w, fen);
	cc_chess_make(&mt->board, p->move, &undo);
	cc_chess_position_to_fen(&mt->board, mt->last_after, sizeof mt->last_after);
	pw_move(mt->w, p->side, p->san, comment);
}

/*
 * Was the history's move ev declared played in time (RU-26)? The history
 * sets such a move at the moment its clock ran out, where the record has
 * no move of that side (a move or a clock key's stamp), and the record
 * holds, at that moment or later, an IN_TIME of the same side and SAN.
 * Record events are in time order: the ones at ev's moment are found by
 * halving; the IN_TIME events, rare, are looked for only then.
 */
static bool declared_in_time(const cc_match *m, const cc_event *ev)
{
	size_t lo = 0, hi = cc_match_event_count(m);
	cc_event rec;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cc_match_event_at(m, mid, &rec) && rec.t_ms < ev->t_ms)
			lo = mid + 1;
		else
			hi = mid;
	}
	bool in_time = false;
	for (size_t i = lo; cc_match_event_at(m, i, &rec); i++) {
		if (rec.t_ms == ev->t_ms && rec.side == ev->side && (rec.kind == CC_EV_MOVE || rec.kind == CC_EV_PRESS))
			return false;
		if (rec.kind == CC_EV_IN_TIME && rec.side == ev->side && strcmp(rec.text, ev->text) == 0)
			in_time = true;
		/* an IN_TIME follows the loss it declares, before any other move (RU-26) */
		if (rec.t_ms > ev->t_ms && (rec.kind == CC_EV_MOVE || rec.kind == CC_EV_PRESS || rec.kind == CC_EV_CUBE))
			break;
	}
	return in_time;
}

/* Replays the history (what the match stands on: no undone event, RU-14)
 * and writes each ply as it appears, with the blocks, the pauses and the
 * arbiter's corrections in the comment of the move they follow. */
static int write_movetext(const cc_lang *lang, pgn_writer *w, const cc_match *m)
{
	const cc_match_settings *s = cc_match_settings_of(m);
	movetext mt = {.w = w, .s = s};
	cc_match *replay = NULL;
	size_t told = 0;
	int64_t prev_t = 0, paused_ms = 0, pause_start = -1;
	cc_event ev;
	cc_chess_position_start_variant(&mt.board, s->variant);
	cc_chess_position_to_fen(&mt.board, mt.last_after, sizeof mt.last_after);
	if (cc_match_create(&replay, s, NULL) != CC_OK)
		return -1;
	for (size_t i = 0; cc_match_history_at(m, i, &ev); i++) {
		cc_match_view after;
		cc_match_view was;
		cc_match_view_at(replay, cc_match_last_time(replay), &was);
		if (cc_match_apply(replay, &ev, NULL) != CC_OK) {
			cc_match_destroy(replay); /* the history replays: this cannot refuse */
			return -1;
		}
		cc_match_view_at(replay, ev.t_ms, &after);
		if (ev.kind == CC_EV_START || (!was.block_started && after.block_started)) {
			prev_t = ev.t_ms; /* a block's first move is timed from its start */
			paused_ms = 0;
		}
		if ((ev.kind == CC_EV_PAUSE || ev.kind == CC_EV_HOLD) && pause_start < 0) {
			pause_start = ev.t_ms;
		} else if ((ev.kind == CC_EV_RESUME || ev.kind == CC_EV_RELEASE) && pause_start >= 0) {
			char text[64], dur[32];
			pgn_clock(ev.t_ms - pause_start, dur, sizeof dur);
			/* RU-31: a hold stops the clocks like a pause */
			snprintf(text, sizeof text, ev.kind == CC_EV_RELEASE ? _("held %s") : _("paused %s"), dur);
			pw_note(w, text);
			paused_ms += ev.t_ms - pause_start;
			pause_start = -1;
		}
		for (; told < cc_match_ply_count(replay); told++) {
			const cc_match_ply *p = cc_match_ply_at(replay, told);
			tell_blocks(lang, &mt, replay, cc_match_block_count(replay));
			int64_t emt = p->t_ms - prev_t - paused_ms;
			write_ply(&mt, p, &after, ev.t_ms, emt, ev.kind == CC_EV_MOVE && declared_in_time(m, &ev));
			prev_t = p->t_ms;
			paused_ms = 0;
		}
		if (ev.kind == CC_EV_CORRECT) {
			char text[CC_TEXT_MAX + 160];
			tell_blocks(lang, &mt, replay, cc_match_block_count(replay)); /* in the order they happened */
			cc_session_describe_event(lang, &ev, s, text, sizeof text);
			pw_note(w, text);
		}
	}
	tell_blocks(lang, &mt, replay, cc_match_block_count(replay));
	cc_match_destroy(replay);
	return 0;
}

/* The variant, and the start position when it is not the standard one
 * (PGN 9.7: SetUp and FEN): fen for a part that starts from a position,
 * else the variant's start. A Checkered game starts from the standard
 * placement but its FEN has Checkered's eight fields (rules/checkered.md). */
static void write_variant_tags(FILE *out, const cc_match_settings *s, const char *fen)
{
	bool checkered = s->variant == CC_CHESS_VARIANT_CHECKERED;
	char start_fen[CC_CHESS_FEN_MAX], variant[128];
	/* A game under the FIDE Laws is chess: only its board is a variant. */
	const cc_game_class *game = cc_game_class_of(s->format);
	if (!(game->traits & CC_GAME_FIDE)) {
		snprintf(variant, sizeof variant, checkered ? "%s, Checkered" : "%s", game->label);
		pgn_tag(out, "Variant", variant);
	} else if (checkered) {
		pgn_tag(out, "Variant", "Checkered");
	}
	if (!fen[0] && checkered) {
		cc_chess_position start;
		cc_chess_position_start_variant(&start, s->variant);
		cc_chess_position_to_fen(&start, start_fen, sizeof start_fen);
		fen = start_fen;
	}
	if (fen[0]) {
		pgn_tag(out, "SetUp", "1");
		pgn_tag(out, "FEN", fen);
	}
}

/* PGN 9.6.1: Twice, 20 s for each move ("1/20"); Time, 10 minutes sudden
 * death ("600"); a chess game, its periods in seconds ("300+3",
 * "40/5400+30:1800+30", "5400d5": FI-6.14), or "-" without a clock. */
static const char *time_control_tag(const cc_match_settings *s, char *buf, size_t size)
{
	const char *fixed = cc_game_class_of(s->format)->pgn_time_control;
	if (fixed)
		return fixed;
	cc_tc_format(s, CC_TC_PGN, buf, size); /* "-" without a clock; periods, FI-6.14's delays */
	return buf;
}

/* PGN 9.8.1's Termination of a chess game. */
static const char *termination_tag(const cc_match_view *v)
{
	if (!v->over)
		return "unterminated";
	switch (v->reason) {
	case CC_REASON_TIME:
	case CC_REASON_TIME_DRAW:
		return "time forfeit";
	case CC_REASON_ARBITER:
		return "adjudication";
	case CC_REASON_CHECKMATE:
	case CC_REASON_RESIGNATION:
	case CC_REASON_STALEMATE:
	case CC_REASON_DEAD:
	case CC_REASON_THREEFOLD:
	case CC_REASON_FIFTY:
	case CC_REASON_FIVEFOLD:
	case CC_REASON_SEVENTY_FIVE:
	case CC_REASON_AGREEMENT:
	case CC_REASON_KING_CAPTURE:
	case CC_REASON_NO_MOVE:
		break;
	}
	return "normal";
}

/* Chess-Uno: the commitment shown at the start, the secret once over; the
 * deal (some 330 characters, over SCID's tag limit) goes in the first
 * comment (uno_deal_note). */
static void uno_fairness_tags(FILE *out, const cc_session *session)
{
	const char *secret = cc_session_uno_secret(session);
	pgn_tag(out, "ChessUnoCommitment", cc_session_info_of(session)->commitment);
	if (secret[0])
		pgn_tag(out, "ChessUnoSecret", secret);
	if (cc_session_info_of(session)->settings.uno.fixed)
		pgn_tag(out, "ChessUnoDealt", "fixed"); /* UNO-F10: given, not shuffled; never rated */
}

/*
 * Chess-Uno's movetext: the moves in SAN, the cards drawn, placements and
 * ends of series in the comment of the move before, as the renderer says
 * them. One army moving twice in a row (a series), not at all (a turn
 * without a move), or a pawn placed back: a new part from the position,
 * or in pgn-null the null move "--" for the other army. A reader that
 * checks chess legality still refuses what chess forbids (a king left
 * attacked or taken, a Joker's queen move): the game fits PGN's form, not
 * always its rules.
 */
static void write_uno_movetext(const cc_lang *lang, pgn_writer *w, const cc_match *m, const char *start_fen,
                               bool revealed)
{
	const cc_uno_game *game = cc_match_uno(m);
	const cc_match_settings *s = cc_match_settings_of(m);
	char text[1024], before[CC_CHESS_FEN_MAX], last_after[CC_CHESS_FEN_MAX];
	snprintf(before, sizeof before, "%s", start_fen);
	snprintf(last_after, sizeof last_after, "%s", start_fen);
	if (revealed) {
		/* The deal (some 330 characters) in words a reader can wrap at
		 * 80 columns: its text is this one without the space after each
		 * comma. */
		size_t n = (size_t)snprintf(text, sizeof text, "%s", _("deal, a space after each comma: "));
		for (const char *p = s->uno.deal; *p && n + 3 < sizeof text; p++) {
			text[n++] = *p;
			if (*p == ',')
				text[n++] = ' ';
		}
		text[n] = '\0';
		pw_note(w, text);
	}
	for (size_t i = 0; i < cc_uno_step_count(game); i++) {
		const cc_uno_step *st = cc_uno_step_at(game, i);
		if (st->event.kind != CC_UNO_EV_MOVE) {
			cc_session_describe_uno_step(lang, st, s, text, sizeof text);
			pw_note(w, text);
			snprintf(before, sizeof before, "%s", st->fen_after);
			continue;
		}
		if (!w->null_moves && (w->next != st->army || !same_position(before, last_after))) {
			handover_words(w, st->army);
			pw_begin_part(w, before);
		}
		pw_move(w, st->army, st->san, "");
		snprintf(before, sizeof before, "%s", st->fen_after);
		snprintf(last_after, sizeof last_after, "%s", st->fen_after);
	}
}

/* The tags of one part: the seven-tag roster, the club's, the variant's
 * and the part's when the match has more than one. result is the game's
 * as the club gives it: a correction's when corrected (CL-5.8), then an
 * arbiter's decision to PGN's Termination. */
static void write_tags(FILE *out, const cc_session *session, const cc_match_view *v, const pgn_part *part,
                       size_t index, size_t count, const char *result, bool corrected)
{
	const cc_match *m = cc_session_match(session);
	const char *created = cc_session_info_of(session)->created_utc;
	const cc_match_settings *s = cc_match_settings_of(m);
	char date[16] = "????.??.??", text[64];
	bool last = index + 1 == count;
	if (created && strlen(created) >= 10)
		snprintf(date, sizeof date, "%.4s.%.2s.%.2s", created, created + 5, created + 8);
	/* The club (CL-4.1): its event and round, the ratings before a counted match. */
	cc_session_match_club club;
	cc_session_db *db = cc_session_db_of(session);
	char round[16] = "-", elo[2][16];
	bool has_club = db && cc_session_id(session) && cc_session_club_match(db, cc_session_id(session), &club, NULL) == CC_OK;
	const cc_game_class *game = cc_game_class_of(s->format);
	bool single = game->traits & CC_GAME_SINGLE, uno = game->traits & CC_GAME_DEALT;
	if (has_club && club.in_event)
		snprintf(round, sizeof round, "%u", club.round);
	pgn_tag(out, "Event", has_club && club.in_event ? club.event : single ? game->label : "ChessCubing match");
	/* BR-1: the game's identity for a relay, the same at every poll and
	 * in every language: its board (or match) and its part. */
	char site[96];
	if (has_club && club.in_event && club.board)
		snprintf(site, sizeof site, "round %u, board %u, game %zu", club.round, club.board, index + 1);
	else
		snprintf(site, sizeof site, "match %lld, game %zu", (long long)cc_session_id(session), index + 1);
	pgn_tag(out, "Site", site);
	pgn_tag(out, "Date", date);
	pgn_tag(out, "Round", round);
	if (has_club && club.in_event && club.board) {
		snprintf(text, sizeof text, "%u", club.board);
		pgn_tag(out, "Board", text);
	}
	pgn_tag(out, "White", s->white);
	pgn_tag(out, "Black", s->black);
	pgn_tag(out, "Result", last ? result : "*");
	if (has_club && club.counted) {
		snprintf(elo[0], sizeof elo[0], "%ld", cc_club_shown(club.change.white_before));
		snprintf(elo[1], sizeof elo[1], "%ld", cc_club_shown(club.change.black_before));
		pgn_tag(out, "WhiteElo", elo[0]);
		pgn_tag(out, "BlackElo", elo[1]);
	}
	write_variant_tags(out, s, part->fen);
	pgn_tag(out, "TimeControl", time_control_tag(s, text, sizeof text));
	if (single)
		pgn_tag(out, "Termination", !last ? "unterminated" : corrected ? "adjudication" : termination_tag(v));
	if (uno)
		uno_fairness_tags(out, session);
	if (count > 1) {
		snprintf(text, sizeof text, "%lld", (long long)cc_session_id(session));
		pgn_tag(out, "Match", text);
		snprintf(text, sizeof text, "%zu", index + 1);
		pgn_tag(out, "Part", text);
		snprintf(text, sizeof text, "%zu", count);
		pgn_tag(out, "Parts", text);
	}
}

/*
 * A part's movetext in lines of at most 79 characters (PGN 8.2.2.2's
 * export format; a long comment, the Chess-Uno deal's, would otherwise
 * make a line of some 500): a long line is broken at a space, never
 * before a word that starts with '[' or '%', which a reader could take for
 * a tag pair or an escape line. A word longer than the line stays whole.
 */
static void write_wrapped(FILE *out, const char *text, size_t len)
{
	enum { WIDTH = 79 };
	const char *end = text + len;
	while (text < end) {
		const char *eol = memchr(text, '\n', (size_t)(end - text));
		const char *line_end = eol ? eol : end;
		while (line_end - text > WIDTH) {
			const char *cut = NULL;
			for (const char *p = text + 1; p <= text + WIDTH && p < line_end; p++)
				if (*p == ' ' && p[1] != '[' && p[1] != '%' && p[1] != ' ')
					cut = p;
			if (!cut)
				break;
			fwrite(text, 1, (size_t)(cut - text), out);
			fputc('\n', out);
			text = cut + 1;
		}
		fwrite(text, 1, (size_t)(line_end - text), out);
		if (eol)
			fputc('\n', out);
		text = eol ? eol + 1 : end;
	}
}

int cc_session_pgn_write(const cc_lang *lang, FILE *out, const cc_session *session, bool null_moves)
{
	const cc_match *m = cc_session_match(session);
	const cc_match_settings *s = cc_match_settings_of(m);
	cc_match_view v;
	char text[1024], start[CC_CHESS_FEN_MAX] = "";
	pgn_writer w = {.null_moves = null_moves, .lang = lang};
	int rc = 0;
	cc_match_view_at(m, cc_match_last_time(m), &v);
	bool uno = cc_game_has(s->format, CC_GAME_DEALT);
	if (uno && s->uno.options.fen[0])
		snprintf(start, sizeof start, "%s", s->uno.options.fen);
	pw_begin_part(&w, start);
	if (uno) {
		cc_chess_position std;
		char std_fen[CC_CHESS_FEN_MAX];
		cc_chess_position_start(&std);
		cc_chess_position_to_fen(&std, std_fen, sizeof std_fen);
		write_uno_movetext(lang, &w, m, start[0] ? start : std_fen, cc_session_uno_secret(session)[0] != '\0');
	} else if (s->record == CC_RECORD_MOVES) {
		rc = write_movetext(lang, &w, m);
	} else {
		/* BR-3: a broadcast cannot show a board recorded by count. */
		pw_note(&w, _("recorded by count, without its moves: a broadcast shows only the start position "
		              "(record the moves, record=moves, to broadcast a board)"));
		for (size_t i = 0; i < cc_match_block_count(m); i++) {
			cc_session_describe_block(lang, cc_match_block_at(m, i), s, text, sizeof text);
			pw_note(&w, text);
		}
	}
	cc_session_describe_result(lang, &v, s, text, sizeof text);
	pw_note(&w, text);
	/* CL-5.8: a standing correction's result is the game's in PGN (its
	 * Result tag and termination marker), the correction and the result as
	 * played said in the last comment; the moves stay as played. */
	cc_winner club_winner = v.winner;
	cc_session_correction by;
	cc_session_db *db = cc_session_db_of(session);
	bool corrected = v.over && db && cc_session_id(session) &&
	                 cc_session_club_corrected_result(db, cc_session_id(session), &club_winner, &by, NULL) == CC_OK &&
	                 club_winner != v.winner;
	if (corrected) {
		cc_session_describe_correction(lang, &by, true, v.winner, text, sizeof text);
		pw_note(&w, text);
	}
	const char *result = cc_session_result_code(v.over, club_winner);
	pw_close(&w);
	for (size_t i = 0; rc == 0 && !w.failed && i < w.count; i++) {
		write_tags(out, session, &v, &w.parts[i], i, w.count, result, corrected);
		fputc('\n', out);
		write_wrapped(out, w.parts[i].text, w.parts[i].len);
		fprintf(out, "%s\n\n", i + 1 == w.count ? result : "*");
	}
	if (w.failed)
		rc = -1;
	pw_free(&w);
	return rc == 0 && !ferror(out) ? 0 : -1;
}
