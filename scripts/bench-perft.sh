#!/usr/bin/env bash
# Perft throughput of our move generator next to Debian's Stockfish, in the
# same run on the same machine (docs/performance.md holds the results).
# Not a test: timings depend on the machine; run it by hand.
#
#   scripts/bench-perft.sh           start position depth 7, Kiwipete depth 6 (a few minutes)
#   scripts/bench-perft.sh --quick   depths 6 and 5 (seconds)
#
# Needs the Debian package stockfish (apt-get install -y stockfish; it
# installs /usr/games/stockfish). Both programs count the last ply without
# playing it (bulk counting) and both run on one thread: Stockfish's perft
# ignores its Threads option. Each time is wall-clock for the whole process,
# minus that process's start-up, measured by a depth-1 run.
set -euo pipefail
cd "$(dirname "$0")/.."

START_DEPTH=7
KIWI_DEPTH=6
if [ "${1:-}" = "--quick" ]; then
	START_DEPTH=6
	KIWI_DEPTH=5
fi

OURS=./build/default/chesscubing
SF=$(command -v stockfish || echo /usr/games/stockfish)
if [ ! -x "$SF" ]; then
	echo "bench-perft: stockfish is missing: apt-get install -y stockfish" >&2
	exit 2
fi
cmake --preset default >/dev/null
cmake --build --preset default -j "$(nproc)" >/dev/null

START_FEN="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWI_FEN="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

now() { date +%s.%N; }
calc() { awk "BEGIN { print $* }"; }

# run_ours DEPTH FEN -> "nodes seconds"
run_ours() {
	local t0 t1 out
	t0=$(now)
	out=$("$OURS" perft "$1" "$2")
	t1=$(now)
	echo "$(awk '/Nodes searched/{print $3}' <<<"$out") $(calc "$t1 - $t0")"
}

run_sf() {
	local t0 t1 out
	t0=$(now)
	out=$(printf 'position fen %s\ngo perft %s\nquit\n' "$2" "$1" | "$SF")
	t1=$(now)
	echo "$(awk '/Nodes searched/{print $3}' <<<"$out") $(calc "$t1 - $t0")"
}

# measure NAME FEN DEPTH: one table row
measure() {
	local name=$1 fen=$2 depth=$3
	local o_base s_base o_nodes o_sec s_nodes s_sec o_nps s_nps
	o_base=$(run_ours 1 "$fen" | cut -d' ' -f2)
	s_base=$(run_sf 1 "$fen" | cut -d' ' -f2)
	read -r o_nodes o_sec < <(run_ours "$depth" "$fen")
	read -r s_nodes s_sec < <(run_sf "$depth" "$fen")
	if [ "$o_nodes" != "$s_nodes" ]; then
		echo "bench-perft: node counts differ on $name: ours $o_nodes, stockfish $s_nodes" >&2
		exit 1
	fi
	o_sec=$(calc "$o_sec - $o_base")
	s_sec=$(calc "$s_sec - $s_base")
	o_nps=$(calc "$o_nodes / $o_sec / 1000000")
	s_nps=$(calc "$s_nodes / $s_sec / 1000000")
	printf '| %s | %s | %s | %.2f s | %.0f M | %.2f s | %.0f M | %.2f |\n' \
		"$name" "$depth" "$o_nodes" "$o_sec" "$o_nps" "$s_sec" "$s_nps" "$(calc "$o_nps / $s_nps")"
}

echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs"
echo "Stockfish: $("$SF" </dev/null | head -1)"
echo "Ours: $("$OURS" --version), build preset default (RelWithDebInfo, -O2)"
echo
echo "| Position | Depth | Nodes | Ours: time | Ours: nodes/s | Stockfish: time | Stockfish: nodes/s | Ours / Stockfish |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
measure "Start position" "$START_FEN" "$START_DEPTH"
measure "Kiwipete" "$KIWI_FEN" "$KIWI_DEPTH"
