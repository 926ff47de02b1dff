/*
 * match.h: the match core, for the program's four formats: ChessCubing's
 * Twice V2 and Time V1, a plain chess game and Chess-Uno.
 *
 * Owns: the state of one match and the list of events it accepted. A match
 * is created from settings and changes only through cc_match_apply(), one
 * event at a time, each stamped by the caller with a monotonic time in
 * milliseconds. Everything a screen shows is a query at a time t
 * (cc_match_view_at), computed from the state; nothing is accumulated by a
 * caller. Timeouts and block ends are derived from time, never sent.
 *
 * Never: reads a clock, does I/O, or keeps global state. The same settings
 * and the same events always give the same states, so a stored event list
 * rebuilds a match exactly (replay through cc_match_apply).
 *
 * A refused event returns a negative cc_err, fills the caller's cc_error
 * with a one-line message, and leaves the match exactly as it was.
 *
 * Memory: cc_match_create() allocates the match; cc_match_destroy() frees
 * it (NULL is fine). Pointers returned by the accessors are borrowed: they
 * stay valid until the next cc_match_apply() or cc_match_destroy().
 *
 * Recording. In count recording (the default) the arbiter records that a
 * move was played and marks one that gives check or mates. In moves
 * recording every move carries its SAN or UCI text: the core keeps the
 * board (chess.h), refuses an illegal move, and sees check, mate, the
 * double-move restrictions and the draw states by itself; a lost move is a
 * pass on the board (RU-21). The plies played are a journal, like the
 * block summaries (cc_match_ply_at).
 *
 * Formats. Twice and Time are ChessCubing (rules/chesscubing.md). The
 * third format, chess, is a plain game under the FIDE Laws
 * (rules/fide.md, src/core/match/match_fide.c): always in moves
 * recording, no blocks and no cube phases, an optional clock with an
 * increment, and it ends by itself on the board's terminal states. It
 * reuses this API: its play is phase CC_PHASE_BLOCK (block 1, started by
 * `start`), its clocks are the view's chess clocks. The fourth, Chess-Uno
 * (rules/chess-uno.md), is a cc_uno game (uno.h) the match keeps inside it
 * (src/core/match/match_uno.c): its events (card, move, place, stop...)
 * go through this API, the match view is filled from its view, and what
 * is its own (the pile, the cards, who controls each army) is read from
 * cc_match_uno(). In moves recording the board may be Checkered
 * (settings.variant, rules/checkered.md).
 *
 * The rules implemented here are stated, with their IDs, in rules/.
 */
#ifndef CHESSCUBING_MATCH_H
#define CHESSCUBING_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/chess.h"
#include "chesscubing/common.h"
#include "chesscubing/timefmt.h"
#include "chesscubing/uno.h"

#define CC_BLOCK_MS 180000     /* CO-2.1: a block lasts 180 s */
#define CC_MOVE_MS 20000       /* TW-4.1: 20 s per move in Twice */
#define CC_TIME_CLOCK_MS 600000 /* TI-1.1: 10 minutes per player in Time */
#define CC_CUBE_CAP_CS 12000   /* TI-3.1: solve times count up to 120 s */
#define CC_CUBE_MAX_CS 359999  /* RU-11: a solve time is under one hour */
#define CC_CUBE_NONE (-2)      /* solve time not entered yet */
#define CC_MATCH_TIME_MAX_MS (INT64_C(1) << 40) /* RU-23: event times run from 0 to about 34 years */
#define CC_NAME_MAX 64
#define CC_TEXT_MAX 128

#define CC_FIDE_CLOCK_MAX_MS (INT64_C(24) * 3600 * 1000) /* a chess clock holds at most 24 hours */
#define CC_FIDE_INCREMENT_MAX_MS (INT64_C(10) * 60 * 1000) /* an increment is at most 10 minutes */

/*
 * A chess clock's periods (FI-6.11 to FI-6.14), as clubs name them and a
 * DGT 3000 runs them: each period gives its time at its start (the first
 * at the start of the game, the next after the mover's last move of the
 * period), and its bonus after or during each move of the period:
 *   Fischer     the bonus is added after each move (FIDE's increment);
 *   Bronstein   the time the move took is given back, up to the bonus;
 *   delay       the clock waits the bonus before it runs (US / simple delay).
 * Every period but the last has its number of moves; the last runs to the
 * end of the game.
 */
typedef enum { CC_TC_FISCHER, CC_TC_BRONSTEIN, CC_TC_DELAY } cc_tc_mode;
#define CC_TC_PERIODS_MAX 4
#define CC_TC_MOVES_MAX 200 /* a period is at most 200 moves */
typedef struct {
	int32_t moves;    /* the period's moves, 0: to the end of the game (the last) */
	int64_t base_ms;  /* given at the period's start, 1 ms to CC_FIDE_CLOCK_MAX_MS */
	int64_t bonus_ms; /* 0 to CC_FIDE_INCREMENT_MAX_MS, given as mode says */
	cc_tc_mode mode;
} cc_tc_period;

typedef enum {
	CC_FORMAT_TWICE, /* ChessCubing Twice V2 */
	CC_FORMAT_TIME,  /* ChessCubing Time V1 */
	CC_FORMAT_CHESS, /* a plain chess game under the FIDE Laws (rules/fide.md) */
	CC_FORMAT_UNO    /* Chess-Uno (rules/chess-uno.md), the cc_uno core behind match_uno.c */
} cc_format;

/* Format chess: how threefold repetition and the 50-move rule end a game. */
typedef enum {
	CC_CLAIMS_AUTO,  /* at once, as if claimed (seed 003's default, FI-9.2, FI-9.3) */
	CC_CLAIMS_MANUAL /* only on a valid claim through the arbiter (CC_EV_CLAIM) */
} cc_claims;
typedef enum { CC_CATEGORY_FAST, CC_CATEGORY_FREEZE, CC_CATEGORY_MASTERS } cc_category;
typedef enum { CC_RECORD_COUNT, CC_RECORD_MOVES } cc_record_mode;

typedef enum {
	CC_PHASE_SETUP, /* before block 1 starts */
	CC_PHASE_BLOCK, /* a chess block: running, or (Twice) waiting for its start; format chess: the game */
	CC_PHASE_CUBE,  /* the cube phase after a block */
	CC_PHASE_OVER   /* checkmate, resignation, arbiter decision; format chess: also draws and time */
} cc_phase;

typedef enum {
	CC_DOUBLE_NONE,   /* no double move under way */
	CC_DOUBLE_FREE,   /* the free (uncounted) first move comes next */
	CC_DOUBLE_SECOND  /* the second move (first counted move of the block) comes next */
} cc_double_move;

typedef enum { CC_WINNER_WHITE, CC_WINNER_BLACK, CC_WINNER_NONE } cc_winner;
typedef enum {
	CC_REASON_CHECKMATE,
	CC_REASON_RESIGNATION,
	CC_REASON_ARBITER,
	/* format chess only (rules/fide.md) */
	CC_REASON_STALEMATE,    /* FI-5.2.1 */
	CC_REASON_DEAD,         /* FI-5.2.2: insufficient material */
	CC_REASON_THREEFOLD,    /* FI-9.2 */
	CC_REASON_FIFTY,        /* FI-9.3 */
	CC_REASON_FIVEFOLD,     /* FI-9.6.1 */
	CC_REASON_SEVENTY_FIVE, /* FI-9.6.2 */
	CC_REASON_TIME,         /* FI-6.9: the flag fell; the opponent wins */
	CC_REASON_TIME_DRAW,    /* FI-6.9: the flag fell, but the opponent could not mate: draw */
	CC_REASON_AGREEMENT,    /* FI-9.1: draw agreed */
	/* format uno only (rules/chess-uno.md) */
	CC_REASON_KING_CAPTURE, /* the opposing king was taken */
	CC_REASON_NO_MOVE       /* drawAfterTurnsWithoutMove turns in a row without a piece moved: draw */
} cc_end_reason;
typedef enum { CC_BLOCK_END_QUOTA, CC_BLOCK_END_TIME } cc_block_end;

/* Format uno: the game's options (seed 002 §10, rulings of issue 14; the
 * players' names are white and black below) and its deal, as the core's
 * canonical text ("chess-uno-deal/1 key=... order=..."), which the
 * session makes at creation. The deal holds every card to come: it is
 * never shown before the game is over (see session.h). */
typedef struct {
	cc_uno_settings options;
	char deal[CC_UNO_DEAL_TEXT_MAX]; /* "" until the session deals */
	/* The deal was given, not shuffled by the session from the random
	 * source: a script's deck=, seed= or deal=, the test build's deck
	 * (UNO-F10). Said wherever the game is shown, and never rated. */
	bool fixed;
} cc_match_uno_settings;

typedef struct {
	cc_format format;
	cc_category category;
	cc_record_mode record;
	char white[CC_NAME_MAX]; /* name of the player who has White */
	char black[CC_NAME_MAX];
	uint64_t seed;           /* seeds the cube-number draws */
	cc_chess_variant variant; /* the board (moves recording): standard or Checkered (rules/checkered.md) */
	/* format chess only: the clock (FIDE 6; base 0: no clock) and the claims */
	int64_t tc_base_ms;      /* each player's time at the start, 0 or 1 ms to CC_FIDE_CLOCK_MAX_MS */
	int64_t tc_increment_ms; /* the first period's bonus (needs a clock): an increment unless tc_mode says */
	int32_t tc_moves;        /* the first period's moves, 0: the whole game (a single period) */
	cc_tc_mode tc_mode;      /* how the first period gives tc_increment_ms */
	int32_t tc_more;         /* periods after the first, 0 to CC_TC_PERIODS_MAX - 1 */
	cc_tc_period tc_next[CC_TC_PERIODS_MAX - 1];
	cc_claims claims;
	cc_match_uno_settings uno; /* format uno only */
} cc_match_settings;

typedef enum {
	CC_EV_START,   /* start a block */
	CC_EV_MOVE,    /* side played a move (count: gives_check; moves: text) */
	CC_EV_MATE,    /* the last move mated (count recording only, RU-22) */
	CC_EV_CUBE,    /* side's solve time, cube_cs (or CC_CUBE_DNF) */
	CC_EV_PAUSE,
	CC_EV_RESUME,
	CC_EV_RESIGN,  /* side resigns */
	CC_EV_ARBITER, /* arbiter decision: winner and text (reason) */
	CC_EV_UNDO,    /* take back the last accepted event (RU-14) */
	CC_EV_TICK,    /* time passes; nothing else */
	CC_EV_CORRECT, /* arbiter correction of a clock or a count: target, side, amount, relative, text (RU-25) */
	CC_EV_IN_TIME, /* the last move lost on the clock was played in time (count: gives_check; moves: text) (RU-26) */
	CC_EV_CLAIM,   /* format chess: side claims a draw, text "threefold" or "fifty" (FI-9.2, FI-9.3) */
	CC_EV_DRAW,    /* format chess and uno: the players agree a draw (FI-9.1) */
	CC_EV_CARD,    /* format uno: side's army draws the top card, text: its id (filled by
	                * cc_match_complete_event before it is recorded) */
	CC_EV_PLACE,   /* format uno: a recovered pawn of side placed on square text ("e2") */
	CC_EV_STOP,    /* format uno: side ends its series of moves */
	CC_EV_PRESS,   /* Twice, Time in moves recording: side's clock key, a move completed at t_ms whose
	                * SAN comes later (RU-35): a stamp, pending until a SAN fills it */
	CC_EV_SAN,     /* ... the SAN (text) of the oldest pending stamp, typed at t_ms; the move stands at
	                * its stamp (RU-35) */
	CC_EV_HOLD,    /* an arbiter's dialog opened: every clock stops until the release (RU-31) */
	CC_EV_RELEASE  /* that dialog closed, confirmed or cancelled: the clocks run again (RU-31) */
} cc_event_kind;

/* What an arbiter correction (CC_EV_CORRECT) sets (RU-25). */
typedef enum {
	CC_CORRECT_BLOCK,      /* the block's time left, ms */
	CC_CORRECT_MOVE_CLOCK, /* Twice: the move clock's time left, ms */
	CC_CORRECT_CLOCK,      /* Time: side's chess clock, ms */
	CC_CORRECT_MOVES,      /* side's moves used in the block (lost ones included) */
	CC_CORRECT_LOST,       /* side's moves lost on the clock in the block */
	CC_CORRECT_TO_MOVE     /* count recording: side is to move */
} cc_correct_target;

typedef struct {
	cc_event_kind kind;
	int64_t t_ms;           /* caller's monotonic time */
	cc_side side;           /* MOVE, CUBE, RESIGN */
	bool gives_check;       /* MOVE, count recording (ignored in moves recording) */
	int32_t cube_cs;        /* CUBE */
	bool from_timer;        /* CUBE: read from a Stackmat timer, not typed (RE-10.1); no rule reads it */
	cc_winner winner;       /* ARBITER */
	cc_correct_target target; /* CORRECT */
	int64_t amount;         /* CORRECT: ms for a clock, a count for moves and lost */
	bool relative;          /* CORRECT: amount is added to the value, not the value */
	char text[CC_TEXT_MAX]; /* ARBITER, CORRECT: the reason; MOVE, IN_TIME in moves recording: SAN or UCI */
} cc_event;

/* Outcome of one cube phase, and of the block before it. */
typedef struct {
	int block;               /* number of the block played before this cube phase */
	cc_side starter;         /* who moved first in that block */
	bool had_double_move;    /* a double move was granted at its start */
	bool double_move_lost;   /* ... and lost: the free move ran over its 20 s (TW-6.4) */
	int moves[2];            /* counted moves, lost ones included */
	int lost[2];             /* moves lost on the 20 s move clock */
	int extra[2];            /* moves outside the quota (free move, parries) */
	cc_block_end end;        /* quotas reached or 180 s */
	int cube_number;         /* cube of the deciding attempt */
	int replays;             /* cube phases replayed before it (ties) */
	int tied_cube;           /* replays > 0: the cube of the last tied attempt */
	int32_t tied_cs[2];      /* replays > 0: its tied times (equal, or two DNFs: TW-3.2, RU-2); else CC_CUBE_NONE */
	int32_t cube_cs[2];      /* solve times of the deciding attempt */
	cc_winner cube_winner;   /* Twice: the faster solver; Time: NONE */
	int64_t adjust_ms[2];    /* Time: change applied to each clock */
	bool capped[2];          /* Time: that solve time counted as the 120 s cap */
} cc_block_summary;

/* What a ply of moves recording was. */
typedef enum {
	CC_PLY_MOVE,  /* a move played: counted, or a parry outside the quota */
	CC_PLY_FREE,  /* the free first move of a double move (TW-6.2) */
	CC_PLY_LOST,  /* the 20 s ran out: a pass on the board (RU-21) */
	CC_PLY_PASS   /* the turn was handed over without a move (RU-21) */
} cc_match_ply_kind;

/* One ply of moves recording: a move or a pass, in the order played. */
typedef struct {
	int64_t t_ms;               /* the event or the deadline that made it */
	int block;                  /* block it was played in */
	cc_side side;
	cc_match_ply_kind kind;
	cc_chess_move move;         /* CC_CHESS_MOVE_NONE for a pass */
	char san[CC_CHESS_SAN_MAX]; /* "Nf3", "O-O#"; "--" for a pass, as PGN writes a null move */
} cc_match_ply;

/* RU-35: at most this many clock-key stamps wait for their SAN at once. */
#define CC_MATCH_STAMPS_MAX 8

/* A clock key's stamp waiting for its SAN (CC_EV_PRESS). */
typedef struct {
	cc_side side;
	int64_t t_ms;     /* when the key was pressed: the move's time */
	int64_t block_ms; /* the block's time run at the press (0..180000), as its clock showed it;
	                     chess (RU-38): the mover's clock at the press, before its bonus (0: no clock) */
} cc_match_stamp;

/* Everything a screen needs, as of a time t. */
typedef struct {
	int64_t t_ms;            /* the time this view is for */
	cc_phase phase;
	bool paused;
	int block;               /* current block number, from 1 */
	bool block_started;      /* false before the arbiter starts it (Twice) */
	bool closing;            /* quotas or time are done: only parries remain */
	int64_t block_ms_left;   /* 0..180000 */
	bool has_move_clock;     /* Twice */
	int64_t move_ms_left;    /* Twice: 0..20000 */
	bool has_chess_clocks;   /* Time; format chess with a clock */
	int64_t clock_ms[2];     /* Time: may be negative; chess: 0 at a flag fall */
	bool flagged[2];         /* Time: that clock has reached zero (RU-5); chess: that flag fell (FI-6.9) */
	int quota;               /* 0 in format chess */
	int moves[2];            /* counted moves used in this block */
	int lost[2];
	cc_side to_move;
	cc_double_move double_move;
	bool check;              /* the side to move is in check (moves recording: seen on the board) */
	bool has_last_mover;
	cc_side last_mover;      /* who made the last move (lost ones too) */
	int cube_number;         /* 1..4 in a cube phase, else 0 */
	int cube_attempt;        /* 1 for the first try, 2 after a tie... */
	int32_t cube_cs[2];      /* entered times, CC_CUBE_NONE, or CC_CUBE_DNF */
	int32_t tied_cs[2];      /* after a tie (cube_attempt > 1): the tied times */
	cc_block_end block_end;  /* when closing or in the cube phase: why the block ended */
	bool can_declare_in_time; /* the last thing that happened is a move lost on the clock (RU-26) */
	cc_side lost_side;       /* ... by this side */
	int64_t lost_at_ms;      /* ... at this time (its clock ran out) */
	int64_t lost_block_ms_left; /* ... with the block clock showing this (0..180000) */
	bool has_last_cube;      /* a cube phase has been decided */
	cc_block_summary last_cube;
	bool over;
	cc_winner winner;
	cc_end_reason reason;
	char reason_text[CC_TEXT_MAX];
	/* moves recording only (has_board); zero otherwise */
	bool has_board;
	char fen[CC_CHESS_FEN_MAX];  /* the board as of t */
	size_t plies;                /* plies played as of t, passes included */
	char last_move_san[CC_CHESS_SAN_MAX]; /* SAN of the last ply ("--" a pass), "" before any */
	size_t legal_moves;          /* legal moves of the side to move on the board */
	bool stalemate;              /* no legal move, not in check: the arbiter decides (RU-19); chess: a draw */
	unsigned draws;              /* cc_chess_draw bits: information for the arbiter (RU-20); chess: FI-9 */
	unsigned repetitions;        /* times the board's position has occurred, this one included */
	/* RU-35: clock-key stamps waiting for their SAN, oldest first (the board stands before the first) */
	size_t stamps;
	cc_match_stamp stamp[CC_MATCH_STAMPS_MAX];
	/* RU-31: an arbiter's dialog holds the clocks */
	bool held;                   /* a hold is on: no clock runs until the release */
	bool can_hold;               /* clocks run now: a hold would stop them (a dialog records one) */
} cc_match_view;

typedef struct cc_match cc_match;

/* Fills settings with a Twice FAST count-recording match, "White"/"Black", seed 1,
 * a standard board, no clock for format chess and claims auto. */
void cc_match_settings_default(cc_match_settings *settings);

/* 6, 8 or 10 (CO-3.1). */
int cc_match_quota(cc_category category);

const char *cc_format_name(cc_format format);       /* its class's name (game.h): "twice", "time", "chess", "uno" */
const char *cc_claims_name(cc_claims claims);       /* "auto", "manual" */
cc_err cc_claims_parse(const char *text, cc_claims *out);
const char *cc_record_mode_name(cc_record_mode mode); /* "count", "moves" */
cc_err cc_record_mode_parse(const char *text, cc_record_mode *out);
const char *cc_category_name(cc_category category); /* "fast", "freeze", "masters" */
const char *cc_phase_name(cc_phase phase);          /* "setup", "block", "cube", "over" */
const char *cc_double_move_name(cc_double_move d);  /* "none", "free", "second" */
const char *cc_winner_name(cc_winner winner);       /* "white", "black", "none" */
/* "checkmate", "resignation", "arbiter", "stalemate", "insufficient-material",
 * "threefold-repetition", "50-move-rule", "fivefold-repetition", "75-move-rule",
 * "time", "time-vs-insufficient-material", "agreement" */
const char *cc_reason_name(cc_end_reason reason);
cc_err cc_reason_parse(const char *text, cc_end_reason *out);

/* "start", "move", "mate", "cube", "pause", "resume", "resign", "arbiter", "undo", "tick",
 * "correct", "intime", "claim", "draw", "card", "place", "stop", "press", "san", "hold",
 * "release" */
const char *cc_event_kind_name(cc_event_kind kind);

/* "block", "move", "clock", "moves", "lost", "tomove" */
const char *cc_correct_target_name(cc_correct_target target);
cc_err cc_correct_target_parse(const char *text, cc_correct_target *out);

/*
 * A chess game's clock as periods (first to last; 0 when it has no clock):
 * the first from tc_base_ms, tc_increment_ms, tc_moves and tc_mode, then
 * tc_next. The match core runs them (FI-6.11 to FI-6.14).
 */
int cc_tc_periods(const cc_match_settings *settings, cc_tc_period out[CC_TC_PERIODS_MAX]);

/*
 * The time control as text, two spellings of one grammar of periods
 * joined by ':', each [MOVES/]TIME[BONUS], BONUS being +S (an increment),
 * bS (Bronstein) or dS (a delay), S in whole seconds:
 *   CC_TC_CLUB  TIME in whole minutes, as clubs and the scenario write it:
 *               "90+30", "40/90+30:30+30", "90d5", "none" without a clock;
 *   CC_TC_PGN   TIME in seconds, PGN's TimeControl (9.6.1): "5400+30",
 *               "40/5400+30:1800+30", "5400d5" (b and d: this program's
 *               spelling of a delay, which the standard does not name; see
 *               rules/fide.md FI-6.14), "-" without a clock.
 * cc_tc_parse reads the club spelling into settings' clock fields (the
 * other fields untouched) or refuses with CC_MSG_NOT_A_TIME_CONTROL or
 * the range it breaks; cc_match_fide_settings_valid's rules apply.
 */
typedef enum { CC_TC_CLUB, CC_TC_PGN } cc_tc_style;
void cc_tc_format(const cc_match_settings *settings, cc_tc_style style, char *buf, size_t size);
cc_err cc_tc_parse(const char *text, cc_match_settings *settings, cc_error *err);

/* Parse the names above; CC_ERR_INVALID for anything else. */
cc_err cc_event_kind_parse(const char *text, cc_event_kind *out);
cc_err cc_winner_parse(const char *text, cc_winner *out);
cc_err cc_format_parse(const char *text, cc_format *out);
cc_err cc_category_parse(const char *text, cc_category *out);

/*
 * Creates a match in the setup phase. Errors: CC_ERR_INVALID (an enum out
 * of range; format chess or a Checkered board in count recording; a time
 * control out of range or given to a ChessCubing format), CC_ERR_NOMEM.
 * *out is NULL on failure.
 */
cc_err cc_match_create(cc_match **out, const cc_match_settings *settings, cc_error *err);
/* Are settings' names, and Chess-Uno's names of its players among its
 * options, fit for a new match (RU-24.1, RU-24.3: cc_text_is_name)?
 * CC_ERR_INVALID with the reason (name_empty, name_control, ...) when
 * not. cc_match_create does not ask it, so a match recorded before the
 * rule still replays; the session asks it before creating a match. */
cc_err cc_match_settings_names_check(const cc_match_settings *settings, cc_error *err);

/* Frees the match; NULL does nothing. */
void cc_match_destroy(cc_match *match);

/* Settings the match was created with (borrowed). */
const cc_match_settings *cc_match_settings_of(const cc_match *match);

/*
 * Applies one event. Returns CC_OK, or a refusal code with err filled in,
 * the match untouched. Every refusal is listed in rules/ (see RU-13).
 */
cc_err cc_match_apply(cc_match *match, const cc_event *event, cc_error *err);

/*
 * Would ev be accepted? Returns what cc_match_apply() would return, with the
 * same message, and changes nothing. When accepted and after is not NULL,
 * it receives the view just after the event, at its time. The live path
 * checks, stores the event, then applies it, so the store never holds an
 * event the match refused and the match never holds one the store lost.
 */
cc_err cc_match_check(const cc_match *match, const cc_event *ev, cc_match_view *after, cc_error *err);

/*
 * What would these events do? The view at t_ms of the match after the n
 * events of evs, applied in order, without changing the match (a front
 * end's "what would this solve time do to the clocks?" asked of the core).
 * Returns the first refusal, with its message; CC_ERR_NOMEM.
 */
cc_err cc_match_preview(const cc_match *match, const cc_event *evs, size_t n, int64_t t_ms, cc_match_view *after,
                        cc_error *err);

/*
 * The match as of t_ms. A time earlier than the last accepted event is
 * read as that event's time (a view never goes back in time), one past
 * CC_MATCH_TIME_MAX_MS as that maximum. Costs the same for any t_ms.
 */
void cc_match_view_at(const cc_match *match, int64_t t_ms, cc_match_view *out);

/*
 * Has time alone changed the match between its last event and t_ms: a move
 * lost on the clock, a block ended by time, a free move's advantage gone, a
 * flag fallen? (Running clocks are not changes.) A front end records a tick
 * then, so that the record holds everything its screen has shown.
 */
bool cc_match_changed_by_time(const cc_match *match, int64_t t_ms);

/*
 * When time alone next changes the match after t_ms (a move clock or the
 * block's 180 s running out): the limit's own millisecond, still in time
 * (RU-9); the change shows from the next one. -1 when no clock runs.
 * Reports use it to give each lost move its time.
 */
int64_t cc_match_next_deadline(const cc_match *match, int64_t t_ms);

/*
 * RU-18: the event a match reloaded after a stop needs (a pause at its last
 * event's time when a block was running); false when it needs none.
 */
bool cc_match_resume_event(const cc_match *match, cc_event *out);

/* Time of the last accepted event (0 before any). */
int64_t cc_match_last_time(const cc_match *match);

/* Accepted events, in order, undos included (the replayable record);
 * cc_match_event_at copies event index into *out, false past the end. */
size_t cc_match_event_count(const cc_match *match);
bool cc_match_event_at(const cc_match *match, size_t index, cc_event *out);

/*
 * The history: the events the match now stands on, in order: the record
 * without the events undone and without the undos (RU-14), a move declared
 * played in time standing at the moment its clock ran out (RU-26), an undo
 * that stopped the clocks standing as a pause (RU-28, RU-30). Replayed
 * through a new match, the history gives the same state at its last event.
 * Exports tell the match from it. Returns false past the end.
 */
size_t cc_match_history_count(const cc_match *match);
bool cc_match_history_at(const cc_match *match, size_t index, cc_event *out);

/* The event an undo would take back now (RU-14), copied into *out; false
 * when there is none, and after a flag fall in a chess game, where the
 * undo takes back the fall itself (RU-28). While the clocks stand stopped
 * by such an undo, the event before the stop (RU-30). */
bool cc_match_undo_target(const cc_match *match, cc_event *out);

/* Summaries of the blocks whose cube phase is decided, oldest first. */
size_t cc_match_block_count(const cc_match *match);
const cc_block_summary *cc_match_block_at(const cc_match *match, size_t index);

/*
 * Moves recording: the board as of the last accepted event (borrowed), or
 * NULL in count recording. A view at a later time may show more: passes
 * that time alone has caused since (the view's fen and plies).
 */
const cc_chess_position *cc_match_position(const cc_match *match);

/* Moves recording: the plies as of the last accepted event, oldest first
 * (0 and NULL in count recording, or past the end). The match starts from
 * the start position of its variant (cc_chess_position_start_variant). */
size_t cc_match_ply_count(const cc_match *match);
const cc_match_ply *cc_match_ply_at(const cc_match *match, size_t index);

/* "move", "free", "lost", "pass" */
const char *cc_match_ply_kind_name(cc_match_ply_kind kind);

/*
 * Format uno: the Chess-Uno game inside the match (borrowed like the
 * match's other accessors), for what only it knows: the card in play, the
 * pile's count, the discards, the recoverable pawns, the controllers, its
 * legal moves (uno.h). NULL in other formats.
 */
const cc_uno_game *cc_match_uno(const cc_match *match);

/* The options of format uno as `key=value` words by the seed's names
 * ("maxCardNumber=5 includeZero=true ..."), which cc_uno_settings_parse()
 * reads back; the players' names are not written (the match's own). */
void cc_match_uno_options_text(const cc_uno_settings *options, char *buf, size_t size);

/*
 * Completes ev before it is recorded: in format uno, a `card` event without
 * its card gets the ID of the card the pile gives now (the core's
 * cc_uno_draw_event), so the record holds the card before anyone sees it.
 * Returns whether ev was changed.
 */
bool cc_match_complete_event(const cc_match *match, cc_event *ev);

/* Event constructors, for callers and tests. */
cc_event cc_event_start(int64_t t_ms);
cc_event cc_event_move(int64_t t_ms, cc_side side, bool gives_check);
cc_event cc_event_move_text(int64_t t_ms, cc_side side, const char *san_or_uci); /* moves recording */
cc_event cc_event_mate(int64_t t_ms);
cc_event cc_event_cube(int64_t t_ms, cc_side side, int32_t cube_cs);
cc_event cc_event_pause(int64_t t_ms);
cc_event cc_event_resume(int64_t t_ms);
cc_event cc_event_resign(int64_t t_ms, cc_side side);
cc_event cc_event_arbiter(int64_t t_ms, cc_winner winner, const char *reason);
cc_event cc_event_undo(int64_t t_ms);
cc_event cc_event_tick(int64_t t_ms);
cc_event cc_event_correct(int64_t t_ms, cc_correct_target target, cc_side side, int64_t amount, bool relative,
                          const char *reason);
cc_event cc_event_in_time(int64_t t_ms, cc_side side, bool gives_check, const char *san_or_uci);
cc_event cc_event_claim(int64_t t_ms, cc_side side, const char *what); /* "threefold", "fifty" */
cc_event cc_event_draw(int64_t t_ms);
cc_event cc_event_press(int64_t t_ms, cc_side side);  /* RU-35: a clock key, its SAN to come */
cc_event cc_event_san(int64_t t_ms, const char *san); /* RU-35: the SAN of the oldest pending stamp */
cc_event cc_event_hold(int64_t t_ms);    /* RU-31 */
cc_event cc_event_release(int64_t t_ms); /* RU-31 */

#endif
