/*
 * uno.h: the Chess-Uno game core (seed 002, rules/chess-uno.md).
 *
 * Owns: the cards (108, each with a unique ID), the deal (the pile's order
 * and the key its reshuffles come from), and the state of one game: the
 * board, the draw pile, each player's discard pile, the card in play and
 * the series it grants, the pawns each army may recover, which player
 * controls which army, and the result. A game is created from settings and
 * a deal and changes only through cc_uno_apply(), one event at a time, each
 * stamped by the caller with a time in milliseconds (Chess-Uno has no
 * clock: the stamp is kept for the record only). Everything a screen shows
 * is a query (cc_uno_view, cc_uno_legal_moves, cc_uno_placement_squares).
 *
 * Never: does I/O, reads a clock, keeps global state, or draws random
 * numbers of its own. Randomness comes in from the caller as a 32-byte key
 * (the session takes it from the kernel's random source); the core expands
 * it with ChaCha20 (RFC 8439) into the bytes its shuffles consume. The same
 * settings, the same deal and the same events always give the same state,
 * so a stored event list rebuilds a game exactly.
 *
 * Refusals: a refused event returns a negative cc_err, fills the caller's
 * cc_error (when not NULL) with a one-line message, and leaves the game
 * exactly as it was.
 *
 * Memory: cc_uno_create() allocates a game; cc_uno_destroy() frees it
 * (NULL is fine). Settings, deals, events, views, steps and move lists are
 * plain values the caller owns. Pointers returned by accessors are
 * borrowed until the next cc_uno_apply() or cc_uno_destroy().
 *
 * --- Cards and their IDs -------------------------------------------------
 *
 * The reference deck (UNO-1.2) has 108 cards, IDs 0..107:
 *
 *   colour c = 0 red, 1 blue, 2 green, 3 yellow; base b = 25 * c
 *     b + 0                 the 0 of that colour
 *     b + 2n - 1, b + 2n    the two n's, n = 1..9   (b+1, b+2 are the 1s ...
 *                           b+17, b+18 the 9s)
 *     b + 19, b + 20        "Passe ton tour" (skip)
 *     b + 21, b + 22        Inversion
 *     b + 23, b + 24        +2
 *   100..103                the four Jokers
 *   104..107                the four +4
 *
 * The deck of a game is the reference deck filtered by the settings
 * (UNO-1.3): numbers above maxCardNumber out, the 0s out unless
 * includeZero, the four Jokers out unless includeJokers (the +4 always
 * stay, UNO-R5). Card colours have no effect on play (UNO-R1). Names for
 * people are the renderer's business: the core gives IDs, kinds, colours
 * and numbers, and a stable ASCII label ("red-5", "blue-skip",
 * "green-inversion", "yellow-plus2", "joker", "plus4").
 *
 * --- The deal, the pile and fairness ------------------------------------
 *
 * A deal (cc_uno_deal) is the pile's order at the start (order[0] is the
 * top card, drawn first) and a 32-byte key. cc_uno_deal_shuffle() makes
 * both from the caller's 32 random bytes: the key is those bytes, and the
 * order is the filtered deck (ascending IDs) shuffled by Fisher-Yates over
 * the ChaCha20 stream of the key (nonce 0), each index drawn by rejection
 * sampling (no modulo bias): for i = n-1 down to 1, stream bytes b are
 * taken one at a time, b >= 256 - 256 % (i+1) is rejected, else the cards
 * at i and b % (i+1) are swapped. cc_uno_deal_from_order() takes an explicit
 * order instead (tests and scripts: `deck=ID,ID,...`), with a key given or
 * all zero.
 *
 * When the pile is empty at a draw, both discard piles are gathered (in
 * ascending IDs) and shuffled the same way over the ChaCha20 stream of the
 * same key with nonce k for the k-th reshuffle (k = 1, 2, ...). So every
 * card order of a game follows from the deal alone: a replay reshuffles
 * identically, and an undone draw never draws a card differently.
 *
 * The game never shows the pile's order: the only queries that reveal it
 * are cc_uno_commitment() (the deal's canonical text, below) and
 * cc_uno_draw_event() (the top card, when a draw is due: the session builds
 * the draw event from it, records it, and only then shows the card).
 *
 * Commitment (UNO-F1): the canonical text of a deal is ASCII, no newline:
 *
 *   chess-uno-deal/1 key=<64 lowercase hex digits> order=<ID>,<ID>,...
 *
 * (IDs in decimal, top of the pile first). The session hashes a secret
 * followed by these bytes with SHA-256 (nettle, outside the core), shows
 * and records the hash at the start, and reveals the secret and the text at
 * the end. A verifier recomputes the hash, reads the deal back with
 * cc_uno_deal_parse(), replays the recorded events on cc_uno_create() of
 * that deal, and checks every event is accepted: each draw event carries
 * its card's ID and is refused unless it is the pile's top card, initial
 * order and every reshuffle included (the key commits the reshuffles).
 *
 * --- A turn --------------------------------------------------------------
 *
 * The army to play draws (phase DRAW, event DRAW). The card acts at once
 * (UNO-4, UNO-R1..R4): a number N grants a series of up to N moves (0 none);
 * "Passe ton tour" none; Inversion swaps the armies' controllers and grants
 * none; +2 / +4 open a placement phase (PLACEMENT, events PLACE and END)
 * and then one move; a Joker grants one move in which the moved piece may
 * move as a queen. Right after the draw, if one of the moves the card
 * grants could take the opposing king, the drawer wins at once (reason
 * MATE, the capture not played); a pawn placed by a +2 / +4 may then take
 * the king (reason KING_CAPTURE), the mate having been judged at the
 * draw. During a series (MOVES, events MOVE and END) the first move is
 * compulsory if one exists; after it END stops the series. A move that is
 * not the series' last and attacks the opposing king ends the series
 * (stopComboOnKingThreat) or wins (without it). The
 * turn ends when the series is used up, stopped, or has no move left; the
 * card then goes to the discard pile of the player who drew it and the
 * other army is to play. Resignation, a draw by agreement and an arbiter's
 * decision may come at any time before the end; UNDO takes back the last
 * event of the history (an arbiter's correction, UNO-R9).
 *
 * Players: CC_UNO_PLAYER_A is the player who has White at the start,
 * CC_UNO_PLAYER_B the one who has Black; who controls which army changes
 * with each Inversion, and the win goes to the current controller of the
 * winning army (UNO-5.7).
 */
#ifndef CHESSCUBING_UNO_H
#define CHESSCUBING_UNO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/chess.h"
#include "chesscubing/common.h"

#define CC_UNO_DECK_SIZE 108    /* the reference deck (UNO-1.2) */
#define CC_UNO_NO_CARD (-1)     /* no card: none in play, or none could be drawn (UNO-3.3) */
#define CC_UNO_KEY_SIZE 32      /* bytes of a deal's key */
#define CC_UNO_NAME_MAX 64      /* a player's name, with its NUL */
#define CC_UNO_TEXT_MAX 128     /* an event's text (a move, a reason), with its NUL */
#define CC_UNO_DEAL_TEXT_MAX 600 /* the canonical text of any deal, with its NUL */
#define CC_UNO_TIME_MAX_MS (INT64_C(1) << 40) /* event stamps run from 0 to this */

/* --- cards ---------------------------------------------------------------- */

typedef enum {
	CC_UNO_CARD_NUMBER,    /* 0 to 9: that many moves at most (UNO-R1) */
	CC_UNO_CARD_SKIP,      /* "Passe ton tour": no move */
	CC_UNO_CARD_INVERSION, /* the players exchange armies (UNO-R2) */
	CC_UNO_CARD_PLUS2,     /* place up to 2 recovered pawns, then one move (UNO-R3) */
	CC_UNO_CARD_JOKER,     /* one move, the piece may move as a queen (UNO-R4) */
	CC_UNO_CARD_PLUS4      /* place up to 4 recovered pawns, then one move (UNO-R3) */
} cc_uno_card_kind;

typedef enum {
	CC_UNO_RED,
	CC_UNO_BLUE,
	CC_UNO_GREEN,
	CC_UNO_YELLOW,
	CC_UNO_WILD /* Jokers and +4 */
} cc_uno_colour;

typedef struct {
	int id;                /* 0..107 */
	cc_uno_card_kind kind;
	cc_uno_colour colour;
	int number;            /* NUMBER: 0..9; other kinds: -1 */
} cc_uno_card;

/* The card with that ID. Errors: CC_ERR_INVALID for an ID out of 0..107. */
cc_err cc_uno_card_get(int id, cc_uno_card *out, cc_error *err);

/* Writes the card's stable ASCII label ("red-5", "blue-skip",
 * "green-inversion", "yellow-plus2", "joker", "plus4"; "?" for a bad ID)
 * into buf; 24 bytes are enough. */
void cc_uno_card_label(int id, char *buf, size_t size);

/* "number", "skip", "inversion", "plus2", "joker", "plus4" */
const char *cc_uno_card_kind_name(cc_uno_card_kind kind);
/* "red", "blue", "green", "yellow", "wild" */
const char *cc_uno_colour_name(cc_uno_colour colour);

/* --- settings (UNO-10) ------------------------------------------------------ */

typedef struct {
	int max_card_number;               /* maxCardNumber: 1..9, default 5 */
	bool include_zero;                 /* includeZero: default true */
	bool include_jokers;               /* includeJokers: default true (removes the 4 Jokers only) */
	bool place_on_next_rank;           /* placeOnNextRank: default true: rank 3/6 when 2/7 is full */
	bool stop_combo_on_king_threat;    /* stopComboOnKingThreat: default true */
	bool king_avoids_attacked_squares; /* kingAvoidsAttackedSquares: default false ("prudent king") */
	int draw_after_turns_without_move; /* drawAfterTurnsWithoutMove: default 10; 0 never; at most 1000 */
	char players[2][CC_UNO_NAME_MAX];  /* [CC_UNO_PLAYER_A] has White at the start; "" allowed */
	char fen[CC_CHESS_FEN_MAX];        /* fen: the start position; "" the standard one (UNO-1.1) */
} cc_uno_settings;

/* The defaults above, players "A" and "B", the standard start. */
void cc_uno_settings_default(cc_uno_settings *settings);

/*
 * Sets one option from text, by the seed's name: maxCardNumber (1..9),
 * includeZero, includeJokers, placeOnNextRank, stopComboOnKingThreat,
 * kingAvoidsAttackedSquares (true/false, also 1/0, yes/no, on/off),
 * drawAfterTurnsWithoutMove (0..1000), white and black (player A's and B's
 * names: one line of UTF8, shorter than CC_UNO_NAME_MAX) and fen (a start
 * position, with '_' standing for each space, so that it stays one word;
 * see UNO-1.1 for what it may hold). Errors: CC_ERR_INVALID naming the key
 * or the value; settings untouched then.
 */
cc_err cc_uno_settings_set(cc_uno_settings *settings, const char *key, const char *value, cc_error *err);

/*
 * Reads a line of `key=value` words separated by spaces (the scenario's
 * settings line without its leading word), through cc_uno_settings_set;
 * `format=uno` is accepted and ignored. Errors: CC_ERR_INVALID for a word
 * without '=', an unknown key (named) or a bad value; settings untouched
 * then (all or nothing).
 */
cc_err cc_uno_settings_parse(cc_uno_settings *settings, const char *line, cc_error *err);

/* Checks ranges and the start position. Errors: CC_ERR_INVALID. */
cc_err cc_uno_settings_check(const cc_uno_settings *settings, cc_error *err);

/*
 * The filtered deck (UNO-1.3): its card IDs in ascending order into ids
 * (room for CC_UNO_DECK_SIZE); returns the count. Settings must be valid.
 */
size_t cc_uno_deck(const cc_uno_settings *settings, int ids[CC_UNO_DECK_SIZE]);

/* --- deals ------------------------------------------------------------------- */

typedef struct {
	int order[CC_UNO_DECK_SIZE];     /* order[0]: the top of the pile at the start */
	size_t count;
	uint8_t key[CC_UNO_KEY_SIZE];    /* the reshuffles' key */
} cc_uno_deal;

/* The deal of a fresh random key (32 bytes from a cryptographic source):
 * the filtered deck shuffled over ChaCha20(key, nonce 0). Settings must be
 * valid. Cannot fail. */
void cc_uno_deal_shuffle(const cc_uno_settings *settings, const uint8_t key[CC_UNO_KEY_SIZE], cc_uno_deal *out);

/* Is deal's order the one its key gives for settings (UNO-F2: the filtered
 * deck shuffled over ChaCha20(key, nonce 0), every card once)? False for
 * an order given by hand (cc_uno_deal_from_order, `deck=`), whatever key
 * came with it. Settings must be valid. */
bool cc_uno_deal_follows_key(const cc_uno_settings *settings, const cc_uno_deal *deal);

/*
 * A deal from an explicit order (tests, scripts). The count given may be
 * short of the deck: the missing cards then follow in ascending IDs (so
 * `deck=7,3` puts 7 then 3 on top). key NULL means all zero. Errors:
 * CC_ERR_INVALID for an ID not in the filtered deck or given twice; *out
 * untouched then.
 */
cc_err cc_uno_deal_from_order(const cc_uno_settings *settings, const int *ids, size_t count,
                              const uint8_t key[CC_UNO_KEY_SIZE], cc_uno_deal *out, cc_error *err);

/*
 * Reads "ID,ID,..." (decimal, no spaces; at most CC_UNO_DECK_SIZE IDs, each
 * 0..107) into ids; *count gets how many. Errors: CC_ERR_INVALID.
 */
cc_err cc_uno_parse_ids(const char *text, int ids[CC_UNO_DECK_SIZE], size_t *count, cc_error *err);

/* A deterministic key from a number, for scripts and tests (`seed=N`):
 * not secret, never for a real game. */
void cc_uno_key_from_seed(uint64_t seed, uint8_t key[CC_UNO_KEY_SIZE]);

/* Writes the deal's canonical text (see the top of this file) into buf
 * (CC_UNO_DEAL_TEXT_MAX is enough); returns its length in bytes. */
size_t cc_uno_deal_text(const cc_uno_deal *deal, char *buf, size_t size);

/* Reads a canonical text back. Errors: CC_ERR_INVALID (not that form). The
 * order is checked against a deck by cc_uno_create(), not here. */
cc_err cc_uno_deal_parse(const char *text, cc_uno_deal *out, cc_error *err);

/* --- games: phases, events, views ------------------------------------------------ */

typedef enum { CC_UNO_PLAYER_A = 0, CC_UNO_PLAYER_B = 1, CC_UNO_NOBODY = 2 } cc_uno_player;

typedef enum {
	CC_UNO_PHASE_DRAW,      /* the army to play must draw */
	CC_UNO_PHASE_PLACEMENT, /* +2 / +4: recovered pawns may be placed */
	CC_UNO_PHASE_MOVES,     /* a series is under way */
	CC_UNO_PHASE_OVER
} cc_uno_phase;

typedef enum {
	CC_UNO_REASON_KING_CAPTURE, /* a king was taken (UNO-5.1) */
	CC_UNO_REASON_MATE,         /* the opposing king could be taken when the army had the hand (UNO-R6) */
	CC_UNO_REASON_RESIGNATION,
	CC_UNO_REASON_AGREEMENT,    /* draw agreed by the two players */
	CC_UNO_REASON_NO_MOVE_DRAW, /* drawAfterTurnsWithoutMove turns without a piece moved: draw */
	CC_UNO_REASON_ARBITER
} cc_uno_reason;

typedef enum {
	CC_UNO_EV_DRAW,    /* the army to play draws: card (the pile's top, or CC_UNO_NO_CARD when none can be drawn) */
	CC_UNO_EV_MOVE,    /* a move of the series: text (SAN-like or UCI, see cc_uno_apply) */
	CC_UNO_EV_PLACE,   /* a recovered pawn placed: square */
	CC_UNO_EV_END,     /* end the placement phase, or the series after its first move */
	CC_UNO_EV_RESIGN,  /* player resigns */
	CC_UNO_EV_AGREE,   /* the players agree a draw */
	CC_UNO_EV_ARBITER, /* the arbiter ends the game: player wins (CC_UNO_NOBODY: a draw), text the reason */
	CC_UNO_EV_UNDO     /* take back the last event of the history (UNO-R9) */
} cc_uno_event_kind;

typedef struct {
	cc_uno_event_kind kind;
	int64_t t_ms;                /* the caller's time, 0..CC_UNO_TIME_MAX_MS, never earlier than the last event */
	int card;                    /* DRAW */
	unsigned square;             /* PLACE: 0..63 (a1 = 0, as in chess.h) */
	cc_uno_player player;        /* RESIGN, ARBITER */
	char text[CC_UNO_TEXT_MAX];  /* MOVE: the move; ARBITER: the reason (one line) */
} cc_uno_event;

/* Everything a screen needs, now. */
typedef struct {
	int64_t t_ms;                 /* time of the last event (0 before any) */
	cc_uno_phase phase;
	unsigned turn;                /* turns begun, from 1 */
	cc_side army;                 /* the army to play (the last one to, once over) */
	cc_uno_player player;         /* who controls it */
	cc_uno_player controller[2];  /* [army]: who controls it */
	int card;                     /* the card in play this turn, CC_UNO_NO_CARD in DRAW */
	int moves_granted;            /* moves the card grants this turn (after placement for +2/+4) */
	int moves_made;               /* moves made in this turn */
	int moves_left;               /* moves the series may still make */
	bool may_end;                 /* END would be accepted now */
	int placements_left;          /* PLACEMENT: pawns that may still be placed */
	size_t pile_count;            /* cards in the draw pile (its order is never shown) */
	size_t discard_count[2];      /* [player] */
	int discard_top[2];           /* [player]: last card discarded, CC_UNO_NO_CARD when empty */
	unsigned reshuffles;          /* times the discards became the pile */
	int recoverable[2];           /* [army]: its pawns captured and not yet placed back */
	bool king_attacked[2];        /* [army]: its king is attacked ("check", information only, UNO-5.2) */
	unsigned king_square[2];      /* [army]: CC_CHESS_NO_SQUARE when taken */
	int turns_without_move;       /* consecutive finished turns in which no piece moved */
	char fen[CC_CHESS_FEN_MAX];   /* the board; side to move = the army to play; its last two fields
	                               * are the turns without a move and 1 + turns finished / 2 */
	size_t legal_moves;           /* moves cc_uno_legal_moves() lists now */
	/* once over */
	bool over;
	cc_uno_player winner;         /* CC_UNO_NOBODY for a draw */
	cc_side winning_army;         /* meaningful when winner is a player and reason is not RESIGNATION/ARBITER */
	cc_uno_reason reason;
	char reason_text[CC_UNO_TEXT_MAX]; /* ARBITER's text, else "" */
	/* The card of the turn before and who drew it (CC_UNO_NO_CARD before
	 * the first turn ends): in DRAW, the card just played, even one that
	 * gave no move (a 0, a skip, an Inversion), so the table says it. */
	int last_card;
	cc_uno_player last_drawer;
} cc_uno_view;

/*
 * One accepted event of the history and what it did: the journal the
 * console's log and the exports tell a game from. A step is written when
 * its event is accepted and dropped when an undo takes the event back.
 */
typedef struct {
	cc_uno_event event;           /* as applied */
	unsigned turn;                /* the turn it belongs to */
	cc_side army;                 /* the army to play when it came */
	cc_uno_player player;         /* its controller then */
	/* DRAW */
	int card;                     /* the card drawn, CC_UNO_NO_CARD when none could be */
	bool reshuffled;              /* the discards were shuffled into the pile first */
	bool mate_possible;           /* the card granted a move that could take the opposing king: game won */
	/* MOVE */
	cc_chess_move move;           /* CC_CHESS_MOVE_NONE for other events */
	char san[CC_CHESS_SAN_MAX];   /* written as cc_uno_move_to_san would (a queen move of a Joker qualified: "Nb1b5") */
	char uci[CC_CHESS_SAN_MAX];
	cc_chess_piece_type captured; /* CC_CHESS_NO_PIECE when not a capture */
	bool joker_move;              /* a move the piece could only make as a queen (UNO-R4) */
	bool guard_stop;              /* the move attacked the opposing king and stopComboOnKingThreat ended the series */
	/* every kind */
	bool turn_ended;              /* this event ended the turn: the other army is to play */
	bool inverted;                /* DRAW of an Inversion: the controllers were exchanged */
	bool game_over;               /* this event ended the game */
	char fen_after[CC_CHESS_FEN_MAX];
} cc_uno_step;

typedef struct cc_uno_game cc_uno_game;

/*
 * Creates a game in phase DRAW, the army to play being the start
 * position's side to move (White in the standard start). Errors:
 * CC_ERR_INVALID (settings out of range, a bad start FEN, a deal that is
 * not an order of exactly the filtered deck), CC_ERR_NOMEM; *out NULL then.
 * The game keeps its own copies of settings and deal.
 */
cc_err cc_uno_create(cc_uno_game **out, const cc_uno_settings *settings, const cc_uno_deal *deal, cc_error *err);

/* Frees the game; NULL does nothing. */
void cc_uno_destroy(cc_uno_game *game);

/* The canonical text of the game's deal (cc_uno_deal_text), the thing a
 * session hashes with its secret (UNO-F1); returns its length. */
size_t cc_uno_commitment(const cc_uno_game *game, char *buf, size_t size);

/*
 * Applies one event. Returns CC_OK, or a refusal with err filled in and
 * the game untouched:
 *  - CC_ERR_OVER: the game is over (only UNDO is accepted then);
 *  - CC_ERR_PHASE: DRAW outside DRAW, MOVE outside MOVES, PLACE outside
 *    PLACEMENT, END before the series' first move or outside both;
 *  - CC_ERR_INVALID: a DRAW whose card is not the pile's top (or
 *    CC_UNO_NO_CARD while a card can be drawn), a PLACE on a square the
 *    placement rules refuse (UNO-4.5), a bad player, a text that is not
 *    one line;
 *  - CC_ERR_ILLEGAL_MOVE: a MOVE that is no move of the series now; its
 *    text is read as SAN, leniently (Kxe8, exd8=Q, 0-0, e8Q, a qualified
 *    origin like Nb1b5 or Pe2d3) or as UCI (e2e4, e7e8q), against the
 *    moves cc_uno_legal_moves() lists;
 *  - CC_ERR_TIME_BACKWARDS: stamped before the last event, or out of range;
 *  - CC_ERR_NOTHING_TO_UNDO; CC_ERR_NOMEM.
 * What the card does, the end of a series, of a turn and of the game
 * follow in the same call (rules/chess-uno.md).
 */
cc_err cc_uno_apply(cc_uno_game *game, const cc_uno_event *ev, cc_error *err);

/*
 * Would ev be accepted? Returns what cc_uno_apply() would, with the same
 * message, and changes nothing; when accepted and after is not NULL, it
 * receives the view just after the event. The live path checks, stores,
 * then applies.
 */
cc_err cc_uno_check(const cc_uno_game *game, const cc_uno_event *ev, cc_uno_view *after, cc_error *err);

/* The game now. */
void cc_uno_view_now(const cc_uno_game *game, cc_uno_view *out);

/* UNO-R7: player's score in a finished game (win 1, loss 0, draw 0.5) into
 * *score; false (nothing written) before the end or for CC_UNO_NOBODY. */
bool cc_uno_score(const cc_uno_view *view, cc_uno_player player, double *score);

/*
 * The draw event due now, stamped t_ms: phase DRAW and the pile's top card
 * (after the reshuffle the draw will make when the pile is empty), or
 * CC_UNO_NO_CARD when pile and discards are both empty. False (and *out
 * untouched) outside phase DRAW. The only way to learn a card before it is
 * drawn: record the event before showing the card.
 */
bool cc_uno_draw_event(const cc_uno_game *game, int64_t t_ms, cc_uno_event *out);

/*
 * The moves the series allows now (phase MOVES; none otherwise): the
 * army's moves without the check rule (UNO-5.3), castling as UNO-5.8 says,
 * en passant only as the first move after the opposing double step
 * (UNO-5.9), a Joker's queen moves (UNO-R4), the prudent king's limits
 * when set (UNO-5.6). Returns the count.
 */
size_t cc_uno_legal_moves(const cc_uno_game *game, cc_chess_move_list *list);

/* The SAN-like text of m, one of the moves listed now: standard SAN where
 * it names m alone among them, else with the origin square ("Nb1b5",
 * "Pe2d3"); "+" when the opposing king is attacked after it. cc_uno_apply
 * reads it back. */
void cc_uno_move_to_san(const cc_uno_game *game, cc_chess_move m, char *buf, size_t size);

/* Phase PLACEMENT: the squares a recovered pawn may be placed on now, as a
 * bitboard (bit sq); 0 otherwise. */
uint64_t cc_uno_placement_squares(const cc_uno_game *game);

/* Player p's whole discard pile, oldest first (seed 002 §8: each discard
 * may be seen in full; its top is the view's discard_top): up to max IDs
 * into out (CC_UNO_DECK_SIZE is always enough); returns the pile's count. */
size_t cc_uno_discard(const cc_uno_game *game, cc_uno_player p, int *out, size_t max);

/* The board now (borrowed). */
const cc_chess_position *cc_uno_position(const cc_uno_game *game);

/* Time of the last accepted event (0 before any). */
int64_t cc_uno_last_time(const cc_uno_game *game);

/* Accepted events in order, undos included (the replayable record);
 * false past the end. */
size_t cc_uno_event_count(const cc_uno_game *game);
bool cc_uno_event_at(const cc_uno_game *game, size_t index, cc_uno_event *out);

/* The history: the events the game now stands on (the record without the
 * undone events and the undos), and what each did. Replayed through a new
 * game of the same settings and deal, the history gives the same state.
 * Steps are borrowed; NULL past the end. */
size_t cc_uno_step_count(const cc_uno_game *game);
const cc_uno_step *cc_uno_step_at(const cc_uno_game *game, size_t index);

/* --- names and event constructors ------------------------------------------------ */

const char *cc_uno_phase_name(cc_uno_phase phase);       /* "draw", "placement", "moves", "over" */
/* "king-capture", "mate", "resignation", "agreement", "turns-without-move", "arbiter" */
const char *cc_uno_reason_name(cc_uno_reason reason);
/* "draw", "move", "place", "end", "resign", "agree", "arbiter", "undo" */
const char *cc_uno_event_kind_name(cc_uno_event_kind kind);

/* Reads a square name ("e2") into 0..63. Errors: CC_ERR_INVALID. */
cc_err cc_uno_square_parse(const char *text, unsigned *out, cc_error *err);

cc_uno_event cc_uno_ev_draw(int64_t t_ms, int card);
cc_uno_event cc_uno_ev_move(int64_t t_ms, const char *text);
cc_uno_event cc_uno_ev_place(int64_t t_ms, unsigned square);
cc_uno_event cc_uno_ev_end(int64_t t_ms);
cc_uno_event cc_uno_ev_resign(int64_t t_ms, cc_uno_player player);
cc_uno_event cc_uno_ev_agree(int64_t t_ms);
cc_uno_event cc_uno_ev_arbiter(int64_t t_ms, cc_uno_player winner, const char *reason);
cc_uno_event cc_uno_ev_undo(int64_t t_ms);

/* --- the cipher the shuffles consume ---------------------------------------------- */

/*
 * ChaCha20 (RFC 8439, 20 rounds): fills out with the key stream of key and
 * the 96-bit nonce, blocks counted from counter. The shuffles use counter 0
 * and a nonce whose first 4 bytes are 0 and last 8 the shuffle's number k
 * (0 the deal, k the k-th reshuffle), little-endian. Exposed so that tests
 * check it on the RFC's vectors and a verifier can recompute a shuffle.
 */
void cc_uno_chacha20(const uint8_t key[CC_UNO_KEY_SIZE], const uint8_t nonce[12], uint32_t counter, uint8_t *out,
                     size_t len);

#endif
