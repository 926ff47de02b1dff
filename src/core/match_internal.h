/*
 * match_internal.h: what match.c and match_moves.c share, and nothing else
 * includes. The public contract is include/chesscubing/match.h.
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
	int moves[2];
	int lost[2];
	int extra[2];
	cc_side to_move;
	cc_side starter;
	bool had_double_move;
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
	uint64_t rng;
	size_t block_count;
	cc_winner winner;
	cc_end_reason reason;
	char reason_text[CC_TEXT_MAX];
	/* moves recording only: the board, and how many plies are valid */
	cc_chess_position pos;
	size_t ply_count;
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

/*
 * An accepted event as the match keeps it: a cc_event without its
 * 128-byte text, which goes to a text arena only when there is one (an
 * arbiter's reason, a move of moves recording). 24 bytes, not 160.
 */
typedef struct {
	int64_t t_ms;
	int32_t cube_cs;
	uint32_t text;   /* 1 + offset of the text in the arena; 0: empty */
	uint8_t kind, side, winner;
	bool gives_check;
} match_event;

/* Events handed out by cc_match_event_at: a few in turn (see match.h). */
#define MATCH_EVENT_VIEWS 8
typedef struct {
	unsigned next;
	cc_event slot[MATCH_EVENT_VIEWS];
} match_event_views;

/*
 * The undo stack (match_history.c). The snapshot on top is kept whole;
 * each one below it is kept as its bytes XORed with those of the one
 * above it, zero runs packed. Consecutive snapshots differ in a few
 * fields, so one takes tens of bytes instead of sizeof(match_state), and
 * in count recording the board, never changed, packs to nothing. Pushing
 * packs the old top against the new one; popping unpacks the next one
 * from the top: both O(sizeof(match_state)).
 */
typedef struct {
	size_t count;         /* snapshots on the stack, the top included */
	match_state top;
	uint8_t *packed;      /* the snapshots below the top, oldest first */
	size_t packed_len, packed_cap;
	size_t *starts;       /* where each of them starts in packed: count - 1 */
	size_t starts_cap;
} match_undo;

struct cc_match {
	cc_match_settings settings;
	match_state state;
	match_event *events;
	size_t event_count, event_cap;
	char *texts;          /* the events' texts, each with its NUL */
	size_t text_len, text_cap;
	match_event_views *views;
	match_undo undo;
	cc_block_summary *blocks;
	size_t block_cap;
	match_ply *plies;
	size_t ply_cap;
	char start_key[CC_CHESS_FEN_MAX]; /* repetition key of the start position */
};

/* What an event may produce besides the next state: a block summary and
 * plies, which the match copies into its journals only if the event is
 * accepted. Plies pending[i] go to journal index state.ply_count - count + i. */
typedef struct {
	const cc_match_settings *cfg;
	bool wrote_summary;
	cc_block_summary summary;
	match_ply pending[MATCH_PENDING_PLIES];
	size_t pending_count;
} apply_ctx;

/* ---- match_history.c: the accepted events and the undo stack ------------- */

/* Grows a buffer to hold at least need elements of size bytes. */
bool cc_match_reserve(void **items, size_t *cap, size_t need, size_t size);

/* Room for one more event and one more snapshot, so accepting cannot fail half-way. */
bool cc_match_history_reserve(cc_match *m);

/* Appends an accepted event (room reserved). */
void cc_match_history_append(cc_match *m, const cc_event *ev);

/* Event i as a cc_event, in one of the match's view slots. */
const cc_event *cc_match_history_event(const cc_match *m, size_t i);

/* Kind of event i, read without filling a view. */
cc_event_kind cc_match_history_kind(const cc_match *m, size_t i);

/* Pushes s on the undo stack (room reserved). */
void cc_match_undo_push(cc_match *m, const match_state *s);

/* Takes the top snapshot off the stack (which is not empty). */
void cc_match_undo_pop(cc_match *m);

/* Frees the history and the undo stack. */
void cc_match_history_free(cc_match *m);

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

#endif
