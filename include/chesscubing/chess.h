/*
 * chess.h: the chess rules the console checks by itself.
 *
 * Owns: a chess position (cc_chess_position, a plain caller-owned value),
 * FEN reading with validation and FEN writing, legal move generation,
 * make/unmake and the pass (null move), SAN and UCI reading and writing,
 * check, checkmate, stalemate, the key a repetition is counted by
 * (cc_chess_position_key) and the FIDE draw states of a position. Which
 * positions a game has played, and so how often one has occurred, is the
 * match core's (its journal of plies). The clauses implemented are stated
 * in rules/chess.md (CH-1 to CH-4).
 *
 * Variants: a position carries its variant (cc_chess_variant). Besides
 * standard chess the module plays Checkered chess, phase 1 (rules/checkered.md,
 * CK-1 to CK-4): every function below takes a Checkered position too and
 * applies that variant's rules; only FEN reading needs to be told the
 * variant (cc_chess_position_from_fen_variant).
 *
 * Never: does I/O, reads a clock or keeps global state. Attack tables are
 * `static const` data computed by the compiler, so no set-up call exists.
 * Draw states are information only: deciding what they mean for a match
 * is the match core's business.
 *
 * Memory: a position, a move and a move list are values the caller owns
 * (a legal position has at most 218 moves; CC_CHESS_MAX_MOVES leaves room).
 * Nothing here allocates.
 *
 * Squares are 0..63: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
 */
#ifndef CHESSCUBING_CHESS_H
#define CHESSCUBING_CHESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/common.h"

typedef enum {
	CC_CHESS_NO_PIECE = 0,
	CC_CHESS_PAWN = 1,
	CC_CHESS_KNIGHT = 2,
	CC_CHESS_BISHOP = 3,
	CC_CHESS_ROOK = 4,
	CC_CHESS_QUEEN = 5,
	CC_CHESS_KING = 6
} cc_chess_piece_type;

/* Castling rights, as bits of cc_chess_position.castling. */
enum {
	CC_CHESS_CASTLE_WK = 1, /* white O-O ("K" in FEN) */
	CC_CHESS_CASTLE_WQ = 2, /* white O-O-O ("Q") */
	CC_CHESS_CASTLE_BK = 4, /* black O-O ("k") */
	CC_CHESS_CASTLE_BQ = 8  /* black O-O-O ("q") */
};

typedef enum {
	CC_CHESS_VARIANT_STANDARD = 0,
	CC_CHESS_VARIANT_CHECKERED = 1 /* Checkered chess ("l'Echiquete"), phase 1 */
} cc_chess_variant;

/* Board code bit of a checkered piece (Checkered only): CC_CHESS_CHECKERED | type. */
#define CC_CHESS_CHECKERED 16

#define CC_CHESS_NO_SQUARE 64
/* A legal standard position has at most 218 moves; in Checkered a capture
 * may be two moves (keep the kind or take the captured one), hence room to spare. */
#define CC_CHESS_MAX_MOVES 512
#define CC_CHESS_FEN_MAX 128 /* buffer size that holds any FEN written here (Checkered's eight fields too) */
#define CC_CHESS_SAN_MAX 16  /* buffer size that holds any SAN or UCI move */

/*
 * A position. Read the fields freely; change it only through the functions
 * below, which keep the bitboards, the board array and the rights in step.
 * board[sq] is 0 when empty, else (side << 3) | piece type, or for a
 * checkered piece CC_CHESS_CHECKERED | piece type. A checkered piece is in
 * both by_side sets: either side moves it, neither may take it, so
 * by_side[0] & by_side[1] is the set of checkered pieces.
 */
typedef struct {
	uint64_t by_type[7];    /* indexed by cc_chess_piece_type; [0] unused */
	uint64_t by_side[2];    /* indexed by cc_side */
	uint8_t board[64];
	cc_side to_move;
	uint8_t castling;       /* CC_CHESS_CASTLE_* bits */
	uint8_t ep_square;      /* square behind a pawn that just moved two, or CC_CHESS_NO_SQUARE */
	uint16_t halfmove_clock; /* half-moves since the last capture or pawn move */
	uint32_t fullmove_number;
	cc_chess_variant variant;
	uint16_t pawn_rights;   /* Checkered: bit f (white) and 8 + f (black): a pawn may still double-step on file f */
	uint32_t last_checkered; /* Checkered: the last move if it was a non-capturing checkered move, else 0 */
} cc_chess_position;

/*
 * A move: from (bits 0-5), to (6-11), promotion piece type (12-14), kind
 * (15-16). Castling is written as the king's move (e1g1), as UCI does.
 * 0 is "no move". In Checkered, a capture whose capturer takes the
 * captured piece's kind carries that kind in the promotion bits with kind
 * CC_CHESS_MOVE_NORMAL (SAN `Rxh4=P`, UCI `h5h4p`); cc_chess_move_promotion()
 * is then the kind the piece becomes.
 */
typedef uint32_t cc_chess_move;
#define CC_CHESS_MOVE_NONE 0u

typedef enum {
	CC_CHESS_MOVE_NORMAL = 0,
	CC_CHESS_MOVE_CASTLE = 1,
	CC_CHESS_MOVE_EN_PASSANT = 2,
	CC_CHESS_MOVE_PROMOTION = 3
} cc_chess_move_kind;

static inline unsigned cc_chess_move_from(cc_chess_move m) { return m & 63u; }
static inline unsigned cc_chess_move_to(cc_chess_move m) { return (m >> 6) & 63u; }
static inline cc_chess_piece_type cc_chess_move_promotion(cc_chess_move m)
{
	return (cc_chess_piece_type)((m >> 12) & 7u);
}
static inline cc_chess_move_kind cc_chess_move_kind_of(cc_chess_move m)
{
	return (cc_chess_move_kind)((m >> 15) & 3u);
}

typedef struct {
	cc_chess_move moves[CC_CHESS_MAX_MOVES];
	size_t count;
} cc_chess_move_list;

/* What make() needs to undo a move; filled by make, read by unmake. */
typedef struct {
	uint8_t captured;       /* board code of the captured piece, 0 if none */
	uint8_t castling;
	uint8_t ep_square;
	uint16_t halfmove_clock;
	uint8_t moved;          /* Checkered: board code of the piece that moved (it may become checkered) */
	uint16_t pawn_rights;   /* Checkered */
	uint32_t last_checkered; /* Checkered; the pass also keeps it here */
} cc_chess_undo;

/* Everything the match core asks about one legal move before playing it. */
typedef struct {
	cc_chess_piece_type piece;     /* the piece that moves */
	cc_chess_piece_type captured;  /* CC_CHESS_NO_PIECE when not a capture */
	cc_chess_piece_type promotion; /* CC_CHESS_NO_PIECE when not a promotion; Checkered: also the captured kind taken (=X) */
	cc_chess_move_kind kind;
	bool gives_check;
	bool gives_mate;
	bool checkered;                /* Checkered: the piece that moves is checkered */
} cc_chess_move_info;

/* --- positions (CH-1) ---------------------------------------------------- */

/* The standard starting position. */
void cc_chess_position_start(cc_chess_position *pos);

/*
 * Reads a FEN (six fields; the last two may be left out and then default
 * to "0 1"). Refuses, with a one-line message and *pos untouched, a
 * malformed FEN and an impossible position: a colour without exactly one
 * king, a pawn on the first or last rank, the side not to move in check,
 * castling rights without the king and rook on their squares, an en passant
 * square that no pawn double step can have made. Errors: CC_ERR_INVALID.
 */
cc_err cc_chess_position_from_fen(cc_chess_position *pos, const char *fen, cc_error *err);

/* "standard" or "checkered". */
const char *cc_chess_variant_name(cc_chess_variant variant);

/* Reads a variant name ("standard", "checkered"). Errors: CC_ERR_INVALID. */
cc_err cc_chess_variant_from_name(const char *name, cc_chess_variant *out, cc_error *err);

/* The starting position of a variant (Checkered: the standard one, every
 * double-step right held, no last checkered move). */
void cc_chess_position_start_variant(cc_chess_position *pos, cc_chess_variant variant);

/*
 * Reads a FEN of the given variant. STANDARD is cc_chess_position_from_fen.
 * CHECKERED (CK-1) takes eight fields: the standard six, the double-step
 * rights (16 characters 0/1: white's files a-h, then black's) and the last
 * non-capturing checkered move ("g3g2" or "-"); checkered pieces are
 * s u o c t (pawn, rook, knight, bishop, queen) in either case. A standard
 * FEN (four or six fields) is also read: the rights are then held where a
 * side's pawn stands on its start square. Refusals as for a standard FEN,
 * plus malformed extra fields and a last checkered move whose origin is not
 * empty or whose destination holds no checkered piece. Errors: CC_ERR_INVALID.
 */
cc_err cc_chess_position_from_fen_variant(cc_chess_position *pos, cc_chess_variant variant, const char *fen,
                                          cc_error *err);

/* Whether the piece on sq is checkered (always false in standard chess). */
bool cc_chess_is_checkered(const cc_chess_position *pos, unsigned sq);

/* Writes the six-field FEN into buf (CC_CHESS_FEN_MAX is enough), eight
 * fields for Checkered. The en passant field is written after every
 * double step, as the PGN standard says. */
void cc_chess_position_to_fen(const cc_chess_position *pos, char *buf, size_t size);

/*
 * Writes the repetition key: the first four FEN fields, except that the en
 * passant field is "-" unless an en passant capture is legal (FIDE 9.2.2:
 * positions differ only by the possibility to capture en passant). In
 * Checkered the rights and the last checkered move follow (CK-4.3).
 */
void cc_chess_position_key(const cc_chess_position *pos, char *buf, size_t size);

/* The piece type on sq (CC_CHESS_NO_PIECE if empty) and, when not NULL, its
 * side (for a checkered piece: the side to move, its owner for now). */
cc_chess_piece_type cc_chess_piece_at(const cc_chess_position *pos, unsigned sq, cc_side *side);

/* --- moves (CH-2) -------------------------------------------------------- */

/* Fills list with every legal move; returns the count. */
size_t cc_chess_legal_moves(const cc_chess_position *pos, cc_chess_move_list *list);

/* The number of legal moves, counted without listing them. */
size_t cc_chess_count_legal_moves(const cc_chess_position *pos);

/* Plays m, which must be legal in pos (from cc_chess_legal_moves or
 * cc_chess_parse_move). */
void cc_chess_make(cc_chess_position *pos, cc_chess_move m, cc_chess_undo *undo);

/* Takes back m, which make() just played with this undo record. */
void cc_chess_unmake(cc_chess_position *pos, cc_chess_move m, const cc_chess_undo *undo);

/*
 * The pass (null move): the other side is to move, the en passant chance is
 * gone, the half-move clock counts on. Refused when the side to move is in
 * check, since the opponent could then take the king (the match core rules
 * what a lost move in check means). Errors: CC_ERR_INVALID.
 */
cc_err cc_chess_make_null(cc_chess_position *pos, cc_chess_undo *undo, cc_error *err);
void cc_chess_unmake_null(cc_chess_position *pos, const cc_chess_undo *undo);

/* Facts about legal move m in pos (capture and what, check, mate). */
void cc_chess_move_describe(const cc_chess_position *pos, cc_chess_move m, cc_chess_move_info *info);

/*
 * Nodes at depth plies from pos (the last ply counted, not played). On an
 * x86-64 processor with POPCNT, LZCNT and BMI1/2 (checked at run time) a
 * copy compiled for those instructions runs; elsewhere the portable one.
 */
uint64_t cc_chess_perft(const cc_chess_position *pos, unsigned depth);

/* cc_chess_perft through the portable copy always (the tests check both agree). */
uint64_t cc_chess_perft_portable(const cc_chess_position *pos, unsigned depth);

/* Whether cc_chess_perft runs the copy that uses the processor's bit instructions. */
bool cc_chess_perft_uses_bit_instructions(void);

/* --- notation (CH-3) ----------------------------------------------------- */

typedef enum {
	CC_CHESS_PARSE_STRICT = 0,  /* exactly the SAN a PGN export writes */
	CC_CHESS_PARSE_LENIENT = 1  /* also arbiter forms and UCI, see cc_chess_parse_move */
} cc_chess_parse_mode;

/* Writes the SAN of legal move m ("Nbd7", "exd6", "e8=Q+", "O-O-O#"). */
void cc_chess_move_to_san(const cc_chess_position *pos, cc_chess_move m, char *buf, size_t size);

/* Writes m in UCI long algebraic ("e2e4", "e7e8q", "e1g1"). */
void cc_chess_move_to_uci(cc_chess_move m, char *buf, size_t size);

/*
 * Reads a move of pos. STRICT takes only the SAN that cc_chess_move_to_san
 * writes. LENIENT also takes what arbiters type: 0-0 and o-o, e8Q, e8=q,
 * a missing or wrong + or #, a missing or extra x, more disambiguation than
 * needed (Nbd7), lowercase piece letters n r q k (b is always a pawn file),
 * and UCI long algebraic (e2e4, e7e8q). Errors: CC_ERR_INVALID for text
 * that is no move, CC_ERR_ILLEGAL_MOVE for a move that is not legal here or
 * is ambiguous; *out is untouched then and err says why.
 */
cc_err cc_chess_parse_move(const cc_chess_position *pos, const char *text, cc_chess_parse_mode mode,
                           cc_chess_move *out, cc_error *err);

/* --- without the check rule (Chess-Uno, rules/chess-uno.md) ---------------- */

/*
 * Games where kings are taken rather than mated (Chess-Uno) use these on
 * standard-variant positions; a position may then lack a king that was
 * taken. The functions above assume both kings stand, so such a game asks
 * these instead.
 */

/* Reads a standard FEN as cc_chess_position_from_fen does, except that
 * the side not to move may stand in check. Errors: CC_ERR_INVALID. */
cc_err cc_chess_position_from_fen_free(cc_chess_position *pos, const char *fen, cc_error *err);

/* The square of side's king, CC_CHESS_NO_SQUARE when it has been taken. */
unsigned cc_chess_king_square(const cc_chess_position *pos, cc_side side);

/* Whether side `by` attacks sq, the squares of `vacated` seen as empty. */
bool cc_chess_square_attacked(const cc_chess_position *pos, unsigned sq, cc_side by, uint64_t vacated);

/* The squares a queen standing on sq would reach: empty ones and those of
 * the other side than the piece on sq (which must not be empty). */
uint64_t cc_chess_queen_targets(const cc_chess_position *pos, unsigned sq);

/*
 * Every move of the side to move without the check rule: a king may go to
 * an attacked square or stay on one, a pinned piece moves, kings may stand
 * side by side, and the opposing king may be taken (a pawn taking it on
 * the last rank is one plain move, not four promotions). Castling needs
 * the right (king and rook unmoved) and the squares between them empty
 * only: it may start from, pass through or reach an attacked square. En
 * passant as the position's en passant square allows. Returns the count.
 */
size_t cc_chess_pseudo_moves(const cc_chess_position *pos, cc_chess_move_list *list);

/* Whether m is one of cc_chess_pseudo_moves(pos). */
bool cc_chess_is_pseudo_move(const cc_chess_position *pos, cc_chess_move m);

/* Puts a piece of side on sq, which must be empty (a pawn: not on the
 * first or last rank). */
void cc_chess_put(cc_chess_position *pos, unsigned sq, cc_side side, cc_chess_piece_type type);

/*
 * The text of m, one of the moves of list (a game's own move set): its SAN
 * where that names m alone among them and m is a move the piece makes as
 * itself (cc_chess_pseudo_moves), else the piece letter (P for a pawn) and
 * the origin before the SAN's destination ("Nb1b5", "Pe2xd3", "Pg7g8=Q");
 * then "+" when, after m, the mover attacks the other king.
 */
void cc_chess_move_to_san_among(const cc_chess_position *pos, cc_chess_move m, const cc_chess_move_list *list,
                                char *buf, size_t size);

/* Reads text as CC_CHESS_PARSE_LENIENT does, against the moves of list
 * instead of the legal moves. Errors as cc_chess_parse_move. */
cc_err cc_chess_parse_move_among(const cc_chess_position *pos, const char *text, const cc_chess_move_list *list,
                                 cc_chess_move *out, cc_error *err);

/* --- states (CH-4) ------------------------------------------------------- */

bool cc_chess_in_check(const cc_chess_position *pos);
bool cc_chess_is_checkmate(const cc_chess_position *pos);
bool cc_chess_is_stalemate(const cc_chess_position *pos);

/* Neither side can mate by any legal sequence, for the material cases of
 * CH-4.3: no pawns, rooks or queens and at most one minor piece, or only
 * bishops, all on squares of one colour. Checkered: the two kings alone (CK-4.3). */
bool cc_chess_insufficient_material(const cc_chess_position *pos);

/* Draw states, as bits: information for the arbiter, never an end by itself. */
typedef enum {
	CC_CHESS_DRAW_STALEMATE = 1,     /* FIDE 5.2.1 */
	CC_CHESS_DRAW_INSUFFICIENT = 2,  /* FIDE 5.2.2 */
	CC_CHESS_DRAW_THREEFOLD = 4,     /* FIDE 9.2, claimable */
	CC_CHESS_DRAW_FIFTY = 8,         /* FIDE 9.3, claimable */
	CC_CHESS_DRAW_FIVEFOLD = 16,     /* FIDE 9.6.1 */
	CC_CHESS_DRAW_SEVENTY_FIVE = 32  /* FIDE 9.6.2 */
} cc_chess_draw;

/* "stalemate", "insufficient-material", "threefold-repetition", "50-move-rule",
 * "fivefold-repetition", "75-move-rule" (one bit), else "?". */
const char *cc_chess_draw_name(cc_chess_draw draw);

/* The draw states of pos (cc_chess_draw bits) when it has occurred
 * repetitions times, this one included; 0 for a checkmate, which prevails. */
unsigned cc_chess_draw_states(const cc_chess_position *pos, unsigned repetitions);

#endif
