/*
 * chess_perft_data.h: perft positions and their node counts, shared by the
 * unit suite (shallow depths) and the slow suite (deep ones).
 *
 * The six standard positions are those of the public perft tables (start,
 * "Kiwipete", positions 3 to 6, position 4 also mirrored); the corner
 * cases are the well-known list of castling, en passant and promotion
 * traps. Every count was also checked against Stockfish's `go perft`.
 */
#ifndef CHESSCUBING_TEST_CHESS_PERFT_DATA_H
#define CHESSCUBING_TEST_CHESS_PERFT_DATA_H

#include <stdint.h>

struct perft_case {
	const char *name;
	const char *fen;
	unsigned depth;
	uint64_t nodes;
};

#define FEN_START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define FEN_KIWIPETE "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#define FEN_POS3 "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
#define FEN_POS4 "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
#define FEN_POS4_MIRRORED "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"
#define FEN_POS5 "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
#define FEN_POS6 "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"

/* Corner cases: name, FEN, then counts at depths 1 to 4 and one deep count. */
struct perft_corner {
	const char *name;
	const char *fen;
	uint64_t shallow[4];
	unsigned deep_depth;
	uint64_t deep_nodes;
};

static const struct perft_corner perft_corners[] = {
	{"illegal en passant 1", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", {18, 92, 1670, 10138}, 6, 1134888},
	{"illegal en passant 2", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", {13, 102, 1266, 10276}, 6, 1015133},
	{"en passant gives check", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", {15, 126, 1928, 13931}, 6, 1440467},
	{"short castling gives check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", {15, 66, 1198, 6399}, 6, 661072},
	{"long castling gives check", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", {16, 71, 1286, 7418}, 6, 803711},
	{"castling rights", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", {26, 1141, 27826, 1274206}, 4, 1274206},
	{"castling prevented", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", {44, 1494, 50509, 1720476}, 4, 1720476},
	{"promote out of check", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", {11, 133, 1442, 19174}, 6, 3821001},
	{"discovered check", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", {29, 165, 5160, 31961}, 5, 1004658},
	{"promote to give check", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", {9, 40, 472, 2661}, 6, 217342},
	{"under-promote to give check", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", {6, 27, 273, 1329}, 6, 92683},
	{"self stalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", {2, 6, 13, 63}, 6, 2217},
	{"stalemate and checkmate 1", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", {10, 25, 268, 926}, 7, 567584},
	{"stalemate and checkmate 2", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", {37, 183, 6559, 23527}, 4, 23527},
};

#endif
