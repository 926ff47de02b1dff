#!/usr/bin/env bash
# Perft throughput of our move generator next to Debian's Stockfish, and
# optionally next to an older revision of ours, in the same run on the same
# machine (docs/performance.md holds the results). Not a test: timings
# depend on the machine; run it by hand.
#
#   scripts/bench-perft.sh [--quick] [--baseline REV] [--rounds N]
#
# The six standard perft positions (start, Kiwipete, positions 3 to 6) at
# depths of 0.1 to 1 billion nodes (--quick: one ply less). --baseline REV
# builds that revision of this repository (git archive into a temporary
# folder, default preset) and times it too. Each program is run N times
# (default 3), interleaved (ours, baseline, Stockfish, ours, ...), and the
# median of its CPU time is kept: user + system time of the process, minus
# that of a depth-1 run of the same program (its start-up), so the other
# jobs on a shared machine count less than in wall-clock time.
#
# Needs the Debian package stockfish (apt-get install -y stockfish; it
# installs /usr/games/stockfish). Every program counts the last ply
# without playing it (bulk counting) and runs on one thread: Stockfish's
# perft ignores its Threads option. The node counts must agree.
set -euo pipefail
cd "$(dirname "$0")/.."

QUICK=0
BASE_REV=""
ROUNDS=3
while [ $# -gt 0 ]; do
	case $1 in
	--quick) QUICK=1; shift ;;
	--baseline) BASE_REV=$2; shift 2 ;;
	--rounds) ROUNDS=$2; shift 2 ;;
	*) echo "usage: $0 [--quick] [--baseline REV] [--rounds N]" >&2; exit 2 ;;
	esac
done

OURS=./build/default/chesscubing
SF=$(command -v stockfish || echo /usr/games/stockfish)
if [ ! -x "$SF" ]; then
	echo "bench-perft: stockfish is missing: apt-get install -y stockfish" >&2
	exit 2
fi
cmake --preset default >/dev/null
cmake --build --preset default -j "$(nproc)" --target chesscubing >/dev/null

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
BASE=""
if [ -n "$BASE_REV" ]; then
	git archive "$BASE_REV" | tar -x -C "$TMP"
	(cd "$TMP" && cmake --preset default >/dev/null && cmake --build --preset default -j "$(nproc)" --target chesscubing >/dev/null)
	BASE="$TMP/build/default/chesscubing"
fi

# name|fen|depth (the quick run takes one ply less)
POSITIONS=(
	"Start position|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6"
	"Kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5"
	"Position 3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|7"
	"Position 4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|6"
	"Position 5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8|5"
	"Position 6|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10|5"
)

calc() { awk "BEGIN { print $* }"; }

# cpu_of CMD...: runs CMD (stdout to $TMP/out), prints its user + system CPU seconds
cpu_of() {
	local TIMEFORMAT='%3U %3S'
	local t
	t=$( { time "$@" >"$TMP/out" 2>/dev/null; } 2>&1 )
	calc "${t% *} + ${t#* }"
}

# run PROGRAM DEPTH FEN: "nodes seconds"; PROGRAM is "sf" or a path to our binary
run() {
	local prog=$1 depth=$2 fen=$3 sec
	if [ "$prog" = sf ]; then
		printf 'position fen %s\ngo perft %s\nquit\n' "$fen" "$depth" >"$TMP/in"
		sec=$(cpu_of sh -c "\"$SF\" <\"$TMP/in\"")
	else
		sec=$(cpu_of "$prog" perft "$depth" "$fen")
	fi
	echo "$(awk '/Nodes searched/{print $3}' "$TMP/out") $sec"
}

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# measure PROGRAM NAME FEN DEPTH -> "nodes seconds" (median over the rounds, start-up taken off)
declare -A TIMES NODES
measure_all() {
	local name=$1 fen=$2 depth=$3 progs=(ours sf) p r nodes sec start
	[ -n "$BASE" ] && progs=(ours base sf)
	for p in "${progs[@]}"; do TIMES[$p]=""; done
	for r in $(seq 1 "$ROUNDS"); do
		for p in "${progs[@]}"; do
			local prog=$p
			[ "$p" = ours ] && prog=$OURS
			[ "$p" = base ] && prog=$BASE
			read -r nodes sec < <(run "$prog" "$depth" "$fen")
			NODES[$p]=$nodes
			TIMES[$p]="${TIMES[$p]} $sec"
		done
	done
	for p in "${progs[@]}"; do
		local prog=$p
		[ "$p" = ours ] && prog=$OURS
		[ "$p" = base ] && prog=$BASE
		start=$(run "$prog" 1 "$fen" | cut -d' ' -f2)
		TIMES[$p]=$(calc "$(echo "${TIMES[$p]}" | median) - $start")
		if [ "${NODES[$p]}" != "${NODES[ours]}" ]; then
			echo "bench-perft: node counts differ on $name: ours ${NODES[ours]}, $p ${NODES[$p]}" >&2
			exit 1
		fi
	done
}

echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs," \
	"bit instructions: $(grep -m1 -o -w -E 'popcnt' /proc/cpuinfo || echo no popcnt)" \
	"$(grep -m1 -o -w 'bmi2' /proc/cpuinfo || echo no bmi2)"
echo "Load at start:$(uptime | sed 's/.*load average//')"
echo "Stockfish: $("$SF" </dev/null | head -1)"
echo "Ours: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src include || echo ' + changes'), build preset default (RelWithDebInfo, -O2)"
[ -n "$BASE" ] && echo "Baseline: $BASE_REV ($(git rev-parse --short "$BASE_REV")), same preset"
echo "CPU seconds, median of $ROUNDS interleaved runs, start-up taken off; a speed-up is the other program's time over ours"
echo
if [ -n "$BASE" ]; then
	echo "| Position | Depth | Nodes | Ours | Ours: nodes/s | Baseline | Speed-up over baseline | Stockfish | Stockfish: nodes/s | Speed-up over Stockfish |"
	echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
else
	echo "| Position | Depth | Nodes | Ours | Ours: nodes/s | Stockfish | Stockfish: nodes/s | Speed-up over Stockfish |"
	echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
fi
for entry in "${POSITIONS[@]}"; do
	IFS='|' read -r name fen depth <<<"$entry"
	depth=$((depth - QUICK))
	measure_all "$name" "$fen" "$depth"
	n=${NODES[ours]}
	o=${TIMES[ours]}
	s=${TIMES[sf]}
	if [ -n "$BASE" ]; then
		b=${TIMES[base]}
		printf '| %s | %s | %s | %.2f s | %.0f M | %.2f s | %.2f | %.2f s | %.0f M | %.2f |\n' "$name" "$depth" "$n" \
			"$o" "$(calc "$n / $o / 1e6")" "$b" "$(calc "$b / $o")" "$s" "$(calc "$n / $s / 1e6")" "$(calc "$s / $o")"
	else
		printf '| %s | %s | %s | %.2f s | %.0f M | %.2f s | %.0f M | %.2f |\n' "$name" "$depth" "$n" \
			"$o" "$(calc "$n / $o / 1e6")" "$s" "$(calc "$n / $s / 1e6")" "$(calc "$s / $o")"
	fi
done
echo
echo "Load at end:$(uptime | sed 's/.*load average//')"
