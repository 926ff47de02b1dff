#!/usr/bin/env bash
# Random-state scrambles: our two-phase solver next to min2phase (the
# solver inside the WCA's TNoodle), on the same cube states, in the same
# run (docs/performance.md holds the results). Not a test: timings depend
# on the machine; run it by hand.
#
#   scripts/bench-cube.sh [--min2phase DIR] [--count N] [--seed S] [--rounds R]
#
# DIR (or $MIN2PHASE_SRC) is a checkout of min2phase's source (the folder
# holding src/Search.java). It is compiled into a temporary folder with the
# machine's JDK; nothing of it is kept. Without DIR or without javac, only
# our side is reported.
#
# Each round draws COUNT states (seed S + round - 1) and solves them with
# ours (build/default/tests/bench_cube, which writes each scramble out);
# min2phase then gets the state of each scramble as facelets and solves it
# within 21 moves, after a warm-up of 2,000 other random states for its
# JIT. Both sides time each solve in the CPU time of the solving thread
# (CLOCK_THREAD_CPUTIME_ID; Java's ThreadMXBean reads the same clock), so
# other jobs on the machine and Java's compiler threads count for neither.
set -euo pipefail
cd "$(dirname "$0")/.."

M2P=${MIN2PHASE_SRC:-}
COUNT=1000
SEED=1
ROUNDS=3
while [ $# -gt 0 ]; do
	case $1 in
	--min2phase) M2P=$2; shift 2 ;;
	--count) COUNT=$2; shift 2 ;;
	--seed) SEED=$2; shift 2 ;;
	--rounds) ROUNDS=$2; shift 2 ;;
	*) echo "usage: $0 [--min2phase DIR] [--count N] [--seed S] [--rounds R]" >&2; exit 2 ;;
	esac
done

cmake --preset default >/dev/null
cmake --build --preset default --target bench_cube >/dev/null
BENCH=./build/default/tests/bench_cube

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

JAVA_OK=0
if [ -n "$M2P" ] && [ -f "$M2P/src/Search.java" ] && command -v javac >/dev/null && command -v java >/dev/null; then
	JAVA_OK=1
	mkdir -p "$TMP/classes"
	cat >"$TMP/BenchStates.java" <<'JAVA'
import cs.min2phase.Search;
import cs.min2phase.Tools;
import java.io.BufferedReader;
import java.io.FileReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/* Times min2phase on the states of a file of scrambles, one a line. */
public class BenchStates {
	public static void main(String[] args) throws Exception {
		ThreadMXBean mx = ManagementFactory.getThreadMXBean();
		long w0 = System.nanoTime();
		Search.init();
		double initMs = (System.nanoTime() - w0) / 1e6;
		List<String> states = new ArrayList<>();
		try (BufferedReader in = new BufferedReader(new FileReader(args[0]))) {
			for (String line; (line = in.readLine()) != null;)
				states.add(Tools.fromScramble(line));
		}
		Search search = new Search();
		Random rnd = new Random(12345);
		for (int i = 0; i < 2000; i++)
			search.solution(Tools.randomCube(rnd), 21, 100000000, 0, 0);
		double[] t = new double[states.size()];
		long moves = 0;
		int bad = 0;
		double total = 0;
		for (int i = 0; i < t.length; i++) {
			long c0 = mx.getCurrentThreadCpuTime();
			String sol = search.solution(states.get(i), 21, 100000000, 0, 0);
			t[i] = (mx.getCurrentThreadCpuTime() - c0) / 1e6;
			total += t[i];
			String s = sol.trim();
			int len = s.isEmpty() ? 0 : s.split("\\s+").length;
			if (sol.startsWith("Error") || len > 21)
				bad++;
			moves += len;
		}
		Arrays.sort(t);
		int n = t.length;
		System.out.printf("min2phase: init %.1f ms (first call, cold JIT); %d solves: %.2f s CPU, median %.3f ms, 90%% %.3f ms, "
				+ "99%% %.3f ms, worst %.2f ms, mean length %.2f, bad %d%n",
				initMs, n, total / 1e3, t[n / 2], t[n * 9 / 10], t[n * 99 / 100], t[n - 1], (double) moves / n, bad);
	}
}
JAVA
	javac -nowarn -d "$TMP/classes" "$M2P"/src/*.java "$TMP/BenchStates.java" 2>"$TMP/javac.log" || {
		cat "$TMP/javac.log" >&2
		exit 1
	}
fi

echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs"
[ $JAVA_OK -eq 1 ] && echo "Java: $(java -version 2>&1 | head -1); min2phase from $M2P ($(git -C "$M2P" log -1 --format=%h 2>/dev/null || echo unknown))"
[ $JAVA_OK -eq 0 ] && echo "min2phase: not run (give --min2phase DIR and install a JDK)"
for r in $(seq 1 "$ROUNDS"); do
	s=$((SEED + r - 1))
	echo "== round $r, seed $s, load:$(uptime | sed 's/.*load average//')"
	"$BENCH" "$COUNT" "$s" "$TMP/states.txt" | sed 's/^/ours: /'
	if [ $JAVA_OK -eq 1 ]; then
		java -cp "$TMP/classes" BenchStates "$TMP/states.txt"
	fi
done
