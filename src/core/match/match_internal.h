/*
 * match_internal.h: what the files of the match module share, and nothing
 * else includes. The public contract is include/chesscubing/match.h.
 * match.c is the container (record, history, undo, check and apply);
 * match_events.c the events every format shares and the constructors;
 * game_class.c the table of games, each with its row of operations
 * (struct cc_game_rules below); match_time.c what time alone does; match_chesscubing.c, match_fide.c
 * and match_uno.c each game's rules; match_moves.c the board of moves
 * recording; match_view.c the view; match_draws.c the seeded draws;
 * match_names.c the enums' spellings (it needs nothing of this header).
 *
 * match_state is the whole state of a match at one instant (its anchor):
 * a plain value, copied for every event being weighed and every view, and
 * pushed on the undo stack. Whatever is not fixed-size lives in journals
 * owned by the match (block summaries, the plies of moves recording); the
 * state only holds how many entries of each are valid, so restoring an
 * older state also forgets what was written after it.
 *
 * Work on a copy (advance, apply) never writes a journal: it writes the
 * new entries into the apply_ctx it is given, and cc_match_apply() copies
 * them into the journals only when the event is accepted. A view keeps its
 * apply_ctx on the stack and throws it away.
 */
#ifndef CHESSCUBING_MATCH_INTERNAL_H
#define CHESSCUBING_MATCH_INTERNAL_H

#include "chesscubing/chess.h"
#include "chesscubing/game.h"
#include "chesscubing/match.h"

typedef struct {
	int64_t anchor_ms;
	cc_phase phase;
	bool paused;
	int block;
	bool block_started;
	bool closing;            /* quotas or time done; only parries remain */
	cc_block_end block_end;
	int64_t block_elapsed_ms;
	int64_t move_elapsed_ms;
	int64_t clock_ms[2];
	bool flagged[2];
	int64_t flag_ms;         /* format chess: when the flag fell (RU-28), valid once it has */
	int64_t turn_ms;         /* format chess: how long the side to move's turn has run (a delay's wait, Bronstein's refund) */
	int period[2];           /* format chess: each side's period of the time control (0: the first) */
	int moves[2];
	int lost[2];
	int extra[2];
	cc_side to_move;
	cc_side starter;
	bool had_double_move;
	bool double_move_lost;   /* TW-6.4: the free move ran over its 20 s */
	cc_double_move double_move;
	bool check;
	bool has_last_mover;
	cc_side last_mover;
	bool last_move_can_mate; /* a real move, not a lost or free one */
	int cube_number;
	int prev_cube_number;
	int cube_attempt;
	int32_t cube_cs[2];
	int32_t tied_cs[2];      /* the times of the last tied attempt */
	int tied_cube;           /* ... and its cube */
	uint64_t rng;
	size_t block_count;
	cc_winner winner;
	cc_end_reason reason;
	char reason_text[CC_TEXT_MAX];
	/* RU-26: the most recent move lost on the clock, and the time of the
	 * last event of the history that was not a tick */
	bool has_loss;
	cc_side loss_side;
	int64_t loss_ms;
	int64_t loss_block_ms;    /* the block clock's time left at the loss, as its clock showed it */
	int64_t last_act_ms;
	bool last_was_move;      /* the last event of the history that was not a tick was a move */
	/* moves recording only: the board, and how many plies are valid */
	cc_chess_position pos;
	size_t ply_count;
	/* RU-35: clock-key stamps waiting for their SAN, oldest first. While
	 * one waits the board stands before its move (no pass is played on
	 * it); the clocks and counts run as if the moves were made, none
	 * giving check. */
	size_t stamps;
	cc_match_stamp stamp[CC_MATCH_STAMPS_MAX];
	bool held;               /* RU-31: an arbiter's dialog holds every clock */
} match_state;

/* A journal entry of moves recording: the public ply, and the repetition
 * key (cc_chess_position_key) of the position it led to. */
typedef struct {
	cc_match_ply ply;
	char key[CC_CHESS_FEN_MAX];
} match_ply;

/*
 * Plies one event may write before it is accepted. Time alone writes at
 * most one lost move per 20 s of a block (a block ends after 180 s, and
 * clocks stop until the next one starts), each followed by at most one
 * handed-over turn (RU-3); an event adds a move and a pass. So 9 * 2 + 2
 * plies at most: 32 leaves room.
 */
#define MATCH_PENDING_PLIES 32

/* An event of the history (cc_match_history_at): the index of a recorded
 * event and the time it stands at (an IN_TIME event's move stands where
 * its clock ran out, RU-26; a filled PRESS is the move its SAN names, at
 * its stamp, RU-35). */
typedef struct {
	size_t raw;
	int64_t t_ms;
	size_t fill; /* RU-35: a PRESS filled by a SAN: that SAN's record index plus one; 0: none */
} history_entry;

/*
 * An accepted event as the match keeps it: the fixed fields packed, the
 * text (a reason, a move) in a pool beside them, since most events have
 * none. 32 bytes an event instead of a whole cc_event (issue 15: a
 * million events in well under 300 MB).
 */
typedef struct {
	int64_t t_ms;
	int64_t amount;
	uint32_t text;   /* offset of the text in the pool, plus one; 0: none */
	int32_t cube_cs;
	uint8_t kind, side, winner, target;
	bool gives_check, relative, from_timer; /* from_timer: RE-10.1, still 32 bytes */
} stored_event;

/*
 * A checkpoint: the state after the first `at` entries of the history.
 * One is kept every MATCH_CHECKPOINT_EVERY entries (and one at 0), so an
 * undo or a declaration replays at most that many entries from the last
 * checkpoint before it instead of the whole history: a record with many
 * undos costs linear time, not quadratic.
 */
#define MATCH_CHECKPOINT_EVERY 64
typedef struct {
	size_t at;
	match_state state;
} match_checkpoint;

struct cc_match {
	cc_match_settings settings;
	match_state state;
	stored_event *events;
	size_t event_count, event_cap;
	char *texts; /* the events' texts, each ended by a NUL */
	size_t texts_len, texts_cap;
	history_entry *history;
	size_t history_count, history_cap;
	match_checkpoint *checkpoints;
	size_t checkpoint_count, checkpoint_cap;
	cc_block_summary *blocks;
	size_t block_cap;
	match_ply *plies;
	size_t ply_cap;
	char start_key[CC_CHESS_FEN_MAX]; /* repetition key of the start position */
	void *engine; /* a game on an engine of its own (its rules' engine): that engine's game
	               * (Chess-Uno: the cc_uno_game, match_uno.c); NULL otherwise */
};

/* What an event may produce besides the next state: a block summary and
 * plies, which the match copies into its journals only if the event is
 * accepted. Plies pending[i] go to journal index state.ply_count - count + i. */
typedef struct {
	const cc_match_settings *cfg;
	const cc_match *match;   /* its journal holds the plies before pending (repetitions) */
	bool wrote_summary;
	cc_block_summary summary;
	match_ply pending[MATCH_PENDING_PLIES];
	size_t pending_count;
} apply_ctx;

/*
 * A game that runs on an engine of its own (Chess-Uno on cc_uno): while the
 * match holds that engine's game (cc_match.engine, made by the rules'
 * create), match.c and match_view.c hand it every event and query; the
 * match's own state stays in setup and its clocks never run (an engine's
 * game has no clock the match runs: no deadline, no change by time, no
 * resume event).
 */
typedef struct {
	/* cc_match_check and cc_match_apply, the event's fields checked
	 * already; apply does not keep the event in the record: match.c does. */
	cc_err (*check)(const cc_match *m, const cc_event *ev, cc_match_view *after, cc_error *err);
	cc_err (*apply)(cc_match *m, const cc_event *ev, cc_error *err);
	void (*view)(const cc_match *m, int64_t t_ms, cc_match_view *out);
	size_t (*history_count)(const cc_match *m);
	bool (*history_at)(const cc_match *m, size_t index, cc_event *out);
	/* Completes an event before it is recorded; false when it needs nothing. */
	bool (*complete)(const cc_match *m, cc_event *ev);
	const cc_chess_position *(*position)(const cc_match *m);
	void (*destroy)(void *engine);
} match_engine;

/*
 * A game's operations (game.h's cc_game_class.rules): everything the match
 * asks of a game, so that match.c and match_time.c never compare formats.
 * Each game fills its row in its own file (match_chesscubing.c: Twice and
 * Time; match_fide.c: chess; match_uno.c: Chess-Uno); game_class.c puts
 * the rows in the table. An operation marked optional may be NULL.
 */
struct cc_game_rules {
	/* The settings beyond the enums' ranges: false with err filled when
	 * refused (a clock, claims, a record mode the game cannot have). */
	bool (*settings_valid)(const cc_match_settings *cfg, cc_error *err);
	/* The game's own part of a new match, its state set (clocks from the
	 * settings, a deal): CC_OK or the refusal. Optional. */
	cc_err (*create)(cc_match *m, cc_error *err);
	/* The events whose meaning is the game's own: start, move, mate, cube,
	 * correct, claim, draw, press (the others are match.c's). Errors as
	 * cc_match_apply. Not asked of a game with its own engine (uno). */
	cc_err (*apply)(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err);
	/* May a paused game resume now (RU-29)? Optional: always. */
	cc_err (*resume_check)(const match_state *s, const cc_match_settings *cfg, cc_error *err);
	/* Time: the clocks that run for dt (the anchor moves with them), the
	 * milliseconds from the anchor to the next transition time alone
	 * causes (INT64_MAX: none), that transition, and (optional) a cycle of
	 * deadlines settled in one step before step ms (false: none now). */
	void (*run_clocks)(match_state *s, const cc_match_settings *cfg, int64_t dt);
	int64_t (*deadline)(const match_state *s, const cc_match_settings *cfg);
	void (*fire_deadline)(match_state *s, apply_ctx *ctx);
	bool (*skip_deadlines)(match_state *s, const cc_match_settings *cfg, int64_t step);
	/* Has s ended by a flag fall, which an undo takes back (RU-28)?
	 * Optional: never. */
	bool (*flag_over)(const match_state *s);
	/* The engine the game runs on, which create makes (see match_engine).
	 * Optional: the game is played on the match's own state. */
	const match_engine *engine;
};

/* The engine of m's game when m holds one, else NULL. */
const match_engine *cc_match_engine(const cc_match *m);

extern const cc_game_rules cc_match_twice_rules; /* match_chesscubing.c */
extern const cc_game_rules cc_match_time_rules;  /* match_chesscubing.c */
extern const cc_game_rules cc_match_chess_rules; /* match_fide.c */
extern const cc_game_rules cc_match_uno_rules;   /* match_uno.c */

/* The class of cfg's game (the settings are checked: it has one). */
static inline const cc_game_class *cc_match_game(const cc_match_settings *cfg)
{
	return cc_game_class_of(cfg->format);
}

/* ---- match_moves.c: the board of moves recording ------------------------- */

/* A move read from an event and weighed against the board, not played yet. */
typedef struct {
	cc_chess_move move;
	cc_chess_move_info info;
} match_move;

/* Sets the board of a new match to the start position. */
void cc_match_moves_init(cc_match *m);

/*
 * Reads ev->text as a move of the side to move (SAN or UCI, lenient), and
 * applies the double-move restrictions of TW-6.2 (free move) and TW-6.6
 * (second move). Errors: CC_ERR_ILLEGAL_MOVE, CC_ERR_FREE_MOVE_CHECK.
 */
cc_err cc_match_moves_read(const match_state *s, const cc_event *ev, match_move *out, cc_error *err);

/* Plays a move read by cc_match_moves_read and writes its ply. */
void cc_match_moves_play(match_state *s, apply_ctx *ctx, const match_move *mv, cc_match_ply_kind kind,
                         int64_t t_ms);

/* The side to move passes on the board (a lost move, or a turn handed
 * over); it is not in check. Writes a ply of that kind. */
void cc_match_moves_pass(match_state *s, apply_ctx *ctx, cc_match_ply_kind kind, int64_t t_ms);

/* When the match gives the turn to a side the board does not have to
 * move (double move, a block started by the last mover, RU-3), the other
 * side passes on the board. Does nothing in count recording. */
void cc_match_moves_sync(match_state *s, apply_ctx *ctx, int64_t t_ms);

/* Fills the moves-recording part of a view of s (ctx: plies not yet in
 * the journal, or NULL). */
void cc_match_moves_view(const cc_match *m, const match_state *s, const apply_ctx *ctx, cc_match_view *out);

/* The refusal of a `mate` event in moves recording (RU-22). */
cc_err cc_match_moves_refuse_mate(cc_error *err);

/* Times the board's position of s has occurred, this one included
 * (FIDE 9.2.2 keys, cc_chess_position_key), over the journal of ctx->match
 * and the plies ctx wrote. */
unsigned cc_match_moves_repetitions(const match_state *s, const apply_ctx *ctx);

/* ---- match_events.c: the events every format shares, what the rules share -- */

/* Applies ev to s: the events every format shares here, the others by the
 * game's rules (its class's apply). Errors as cc_match_apply. */
cc_err cc_match_apply_event(match_state *s, apply_ctx *ctx, const cc_event *ev, cc_error *err);

/* Ends the match: phase OVER with winner, reason and its text. */
void cc_match_finish(match_state *s, cc_winner winner, cc_end_reason reason, const char *text);

/* CC_ERR_OVER with the reason when the match is over, else CC_OK. */
cc_err cc_match_refuse_if_over(const match_state *s, cc_error *err);

/* The winner a side's win makes. */
static inline cc_winner cc_match_winner_of(cc_side side)
{
	return side == CC_SIDE_WHITE ? CC_WINNER_WHITE : CC_WINNER_BLACK;
}

/* ---- match.c: the container ----------------------------------------------- */

/* The settings check of a game without a time control: no clock field
 * and claims auto (settings_valid of Twice, Time and Chess-Uno). */
bool cc_match_settings_no_clock(const cc_match_settings *cfg, cc_error *err);

/* ---- match_draws.c: seeded draws (CO-6.1, CO-6.2) -------------------------- */

/* Draws the cube of a new cube phase (never the number of the phase just
 * before) from s->rng, and clears the solve times. */
void cc_match_designate_cube(match_state *s);

/* ---- match_time.c: what time alone does ------------------------------------ */

/* Do the clocks of s run (a block started and not paused)? */
bool cc_match_clocks_running(const match_state *s);

/* RU-5: a game's fixed chess clock (Time's) at or below zero marks its
 * player flagged, for good. */
void cc_match_mark_flags(match_state *s, const cc_match_settings *cfg);

/* Milliseconds from the anchor to the next transition caused by time
 * alone (the game's deadline); INT64_MAX when none can come. */
int64_t cc_match_time_to_deadline(const match_state *s, const cc_match_settings *cfg);

/* After every move, lost or played: both quotas end the block (CO-2.2),
 * never while a king is in check (CO-4.1), and a side whose quota is used
 * up hands the turn over (RU-3). t: when, for the plies it writes. */
void cc_match_after_move(match_state *s, apply_ctx *ctx, int quota, int64_t t);

/* CO-4.2: does a move of side count against its quota now? */
bool cc_match_move_counts(const match_state *s, cc_side side, int quota);

/* Carries s forward to time t, firing what time alone causes (RU-9,
 * RU-23); writes into ctx what it produces (block summaries, plies). */
void cc_match_advance(match_state *s, apply_ctx *ctx, int64_t t);

/* The time operations of a game of blocks (Twice, Time), by its class's
 * timings: the block's clock, the move clock if it has one, the side to
 * move's chess clock if it has them; a deadline is the block's end or a
 * move lost (TW-4.2, RU-1, RU-8, CO-2.1); the skip settles RU-8's endless
 * cycle of lost parries in one step. */
void cc_match_blocks_run_clocks(match_state *s, const cc_match_settings *cfg, int64_t dt);
int64_t cc_match_blocks_deadline(const match_state *s, const cc_match_settings *cfg);
void cc_match_blocks_fire(match_state *s, apply_ctx *ctx);
bool cc_match_blocks_skip(match_state *s, const cc_match_settings *cfg, int64_t step);

/* ---- match_view.c ---------------------------------------------------------- */

/* The view of state s; the latest block summary and plies are those ctx
 * wrote when given (an event being checked, time passing), else the
 * journals'. */
void cc_match_fill_view(const cc_match *match, const match_state *state, const apply_ctx *ctx,
                        cc_match_view *out);

/* ---- match_fide.c: format chess, a plain game under the FIDE Laws ---------- */

/* The settings of format chess (moves recording, a clock in range): false
 * with err filled when refused. cc_tc_parse asks it of a clock alone. */
bool cc_match_fide_settings_valid(const cc_match_settings *cfg, cc_error *err);

#endif
