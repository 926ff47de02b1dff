#!/usr/bin/env bash
# The program's start-up and the small reads on a large record (issue 25:
# `show` of one match under 20 ms, `ratings` under 0.2 s, `list` in
# constant memory), beside `sqlite3` printing the same rows, in the same
# run; with --before BIN, an older build of the program beside them (its
# locale folder next to it, as in a build tree). Issue 37: `scramble` with
# the cube tables in the cache folder, beside the same without a cache
# folder (the tables built, as before) and `--version`; a console's open
# and first match, `script --db` of a 3-event match on a copy of the
# record, beside sqlite3 committing the same rows. Figures:
# docs/performance.md, "Start-up", "Cube scrambles" and "Reads on a large
# record".
#
#   scripts/bench-startup.sh [--games N] [--runs N] [--before BIN]
#
# The record is scripts/bench-reads.sh's (build/bench-reads/record-N.db:
# run that script once to make it). Wall time is hyperfine's mean and its
# fastest run (-N: no shell; on a loaded machine the fastest is the nearest
# to an idle one's), CPU perf's task-clock (the mean of the same number of runs), peak
# RSS the largest of 3 runs of /usr/bin/time. Also: the shared libraries
# each build loads (ldd) and its dynamic loader's work (LD_DEBUG=statistics).
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=100000
RUNS=30
BEFORE=
while [ $# -gt 0 ]; do
	case $1 in
	--games) GAMES=$2; shift 2 ;;
	--runs) RUNS=$2; shift 2 ;;
	--before) BEFORE=$2; shift 2 ;;
	*) echo "usage: $0 [--games N] [--runs N] [--before BIN]" >&2; exit 2 ;;
	esac
done
for tool in hyperfine perf sqlite3; do
	command -v $tool >/dev/null || { echo "$tool is needed (apt-get install hyperfine linux-perf sqlite3)" >&2; exit 1; }
done
BIN=$PWD/build/default/chesscubing
OUT=$PWD/build/bench-reads
REC=$OUT/record-$GAMES.db
[ -s "$REC" ] || { echo "no $REC: run scripts/bench-reads.sh --games $GAMES first" >&2; exit 1; }
export HOME=$OUT/home XDG_DATA_HOME=$OUT/home XDG_CACHE_HOME=$OUT/home/.cache
mkdir -p "$HOME"
MID=$((GAMES / 2))

# measure RUNS COMMAND...: "wall_ms cpu_ms rss_kb"
measure() {
	local runs=$1 rss=0 m wall cpu
	shift
	hyperfine -N -w 3 -r "$runs" --export-json "$OUT/hf.json" -- "$(printf '%q ' "$@")" >/dev/null 2>&1
	wall=$(python3 -c 'import json,sys; r = json.load(open(sys.argv[1]))["results"][0]
print("%.1f/%.1f" % (1000 * r["mean"], 1000 * r["min"]))' "$OUT/hf.json")
	perf stat -r "$runs" -x, -e task-clock -o "$OUT/perf.txt" -- "$@" >/dev/null 2>&1
	cpu=$(awk -F, '/task-clock/ { printf "%.1f", $1 }' "$OUT/perf.txt")
	for _ in 1 2 3; do
		/usr/bin/time -o "$OUT/time.txt" -f "%M" "$@" >/dev/null 2>&1
		m=$(tail -1 "$OUT/time.txt")
		[ "$m" -gt "$rss" ] && rss=$m
	done
	echo "$wall $cpu $rss"
}

row() { # label runs sql -- args of the program
	local label=$1 runs=$2 sql=$3 cells="" w c r
	shift 4
	for b in ${BEFORE:+"$BEFORE"} "$BIN"; do
		read -r w c r <<<"$(measure "$runs" "$b" "$@")"
		cells+=" $w ms | $c ms | $r KB |"
	done
	sql=$(tr -s '\n\t ' ' ' <<<"$sql") # one line: hyperfine -N splits words as a shell would, no $'...'
	sql=${sql% }
	if [ "$sql" = version ]; then
		read -r w c r <<<"$(measure "$runs" sqlite3 --version)"
	elif [ "${sql#nocache:}" != "$sql" ]; then # the program itself with no cache folder
		read -r w c r <<<"$(measure "$runs" env -u XDG_CACHE_HOME HOME=/nonexistent "$BIN" ${sql#nocache:})"
	elif [ "${sql#db:}" != "$sql" ]; then # sqlite3 on the copy the console writes
		read -r w c r <<<"$(measure "$runs" sqlite3 "$COPY" "${sql#db:}")"
	else
		read -r w c r <<<"$(measure "$runs" sqlite3 "$REC" "$sql")"
	fi
	echo "| $label |$cells $w ms | $c ms | $r KB |"
}

SHOW_SQL="SELECT * FROM matches WHERE id = $MID; SELECT * FROM events WHERE match_id = $MID;
          SELECT * FROM rating_games WHERE match_id = $MID"
RATINGS_SQL="SELECT p.name, r.rating, r.games, r.wins, r.draws, r.losses, r.last FROM rating_players r
             JOIN players p ON p.id = r.player_id WHERE r.list = 'chesscubing' ORDER BY r.rating DESC"
LIST_SQL="SELECT m.id, m.created_utc, m.format, m.category, m.white, m.black,
          (SELECT count(*) FROM events e WHERE e.match_id = m.id), m.result_winner, m.result_reason FROM matches m"

for b in ${BEFORE:+"$BEFORE"} "$BIN"; do
	libs=$(ldd "$b" | grep -c '=>')
	stats=$(LD_DEBUG=statistics "$b" --version 2>&1 >/dev/null)
	cycles=$(sed -n 's/.*total startup time in dynamic loader: \([0-9]*\) cycles.*/\1/p' <<<"$stats" | head -1)
	relocs=$(sed -n 's/.*final number of relocations: \([0-9]*\)$/\1/p' <<<"$stats" | head -1)
	echo "$b: $libs shared libraries (ldd), $relocs relocations, $cycles cycles in the dynamic loader"
done
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
head="| read |"
sep="| --- |"
for who in ${BEFORE:+before} now; do
	head+=" $who: wall (mean/min) | CPU | peak RSS |"
	sep+=" ---: | ---: | ---: |"
done
echo "$head sqlite3: wall (mean/min) | CPU | peak RSS |"
echo "$sep ---: | ---: | ---: |"
row "\`--version\` (start-up alone)" "$RUNS" version -- --version
row "\`show $MID\` (3 events)" "$RUNS" "$SHOW_SQL" -- show --db "$REC" "$MID"
row "\`ratings\`" "$RUNS" "$RATINGS_SQL" -- ratings --db "$REC"
row "\`list\` ($GAMES matches)" 5 "$LIST_SQL" -- list --db "$REC"
# A console's open and first match: the record's checks (RE-1.10), the
# players' links, the sheet (the cube tables from the cache), 3 events.
COPY=$OUT/record-$GAMES-console.db
cp "$REC" "$COPY"
rm -f "$COPY-wal" "$COPY-shm"
printf 'settings format=twice category=fast white=p1 black=p2 seed=3 rated=no\n0 start\n1000 move w\n2000 resign b\n' \
	>"$OUT/console.scn"
"$BIN" scramble >/dev/null # the cache folder filled once
INSERT_SQL="BEGIN; INSERT INTO matches (created_utc, format, category, record, white, black, seed, rated, white_id,
            black_id) SELECT '2026-12-05T00:00:00Z', 'twice', 'fast', 'count', 'p1', 'p2', '3', 0, a.id, b.id
            FROM players a, players b WHERE a.name_key = 'p1' AND b.name_key = 'p2';
            INSERT INTO events (match_id, seq, t_ms, kind, side, text, wall_ms) VALUES (last_insert_rowid(), 0, 0,
            'start', NULL, '', 0), (last_insert_rowid(), 1, 1000, 'move', 'white', '', 0), (last_insert_rowid(), 2,
            2000, 'resign', 'black', '', 0); COMMIT"
row "console's open and a 3-event match (\`script --db\`), beside sqlite3 committing its rows" "$RUNS" "db:$INSERT_SQL" -- \
	script --db "$COPY" "$OUT/console.scn"
row "\`scramble\` (tables in the cache folder), beside the same with no cache folder" "$RUNS" "nocache:scramble" -- scramble
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
