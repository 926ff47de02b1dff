#!/usr/bin/env bash
# Reads on a large record (issue 25, finding 4): `list`, `show` of one
# match, `ratings`, `players show`, `h2h` and `export --format json`, on a
# generated record of N finished games (default 100,000), each timed (wall
# and CPU) with its peak RSS beside `sqlite3` printing the same table in
# the same run; and the JSON export of a match of a million events beside
# `script` running the same events. Figures: docs/performance.md, "Reads on
# a large record".
#
#   scripts/bench-reads.sh [--games N] [--long N] [--skip-build]
#
# The record is made by the program's own path, then copied: `chesscubing
# script --db` records one match of each kind (Twice, Time and chess
# games: White wins by resignation, Black wins, a draw by the arbiter, one
# unrated), and sqlite3 copies those matches and their events N times, each
# copy between two of 500 registered players with its events' commit times
# a minute after the copy before (the order the ratings replay, CL-2.7).
# Every copied event is one the program recorded, so every read replays
# and checks them as it would the original. The record is kept under
# build/bench-reads/ (made once per N; delete it to make it again).
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=100000
LONG=1000000
BUILD=1
while [ $# -gt 0 ]; do
	case $1 in
	--games) GAMES=$2; shift 2 ;;
	--long) LONG=$2; shift 2 ;;
	--skip-build) BUILD=0; shift ;;
	*) echo "usage: $0 [--games N] [--long N] [--skip-build]" >&2; exit 2 ;;
	esac
done
command -v sqlite3 >/dev/null || { echo "sqlite3 is needed (apt-get install sqlite3)" >&2; exit 1; }
if [ "$BUILD" = 1 ]; then
	cmake --preset default >/dev/null
	cmake --build --preset default -j2 --target chesscubing >/dev/null
fi
BIN=$PWD/build/default/chesscubing
OUT=$PWD/build/bench-reads
mkdir -p "$OUT"
export HOME=$OUT/home XDG_DATA_HOME=$OUT/home XDG_CACHE_HOME=$OUT/home/.cache
mkdir -p "$HOME"
PLAYERS=500

# ---- the templates: recorded by the program ---------------------------------
make_templates() {
	local db=$1 dir
	dir=$(mktemp -d)
	rm -f "$db" "$db-wal" "$db-shm"
	printf 'settings format=twice category=fast white=tw black=tb seed=3\n0 start\n1000 move w\n2000 resign b\n' >"$dir/1.scn"
	printf 'settings format=twice category=fast white=tw black=tb seed=4\n0 start\n1000 move w\n2000 resign w\n' >"$dir/2.scn"
	printf 'settings format=time category=fast white=tw black=tb seed=5\n0 start\n1000 move w\n2000 arbiter draw agreed\n' >"$dir/3.scn"
	printf 'settings format=twice category=freeze white=tw black=tb seed=6 rated=no\n0 start\n1000 move w\n2000 resign b\n' >"$dir/4.scn"
	printf 'settings format=chess white=tw black=tb\n0 start\n1000 move w e4\n2000 resign b\n' >"$dir/5.scn"
	for i in 1 2 3 4 5; do
		"$BIN" script --db "$db" "$dir/$i.scn" >/dev/null
	done
	rm -rf "$dir"
}

# ---- N copies of them, between registered players -------------------------
make_record() {
	local db=$1 n=$2
	make_templates "$db"
	sqlite3 "$db" <<SQL
PRAGMA journal_mode = WAL;
BEGIN;
WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $PLAYERS)
INSERT INTO players (name, name_key) SELECT 'p' || i, 'p' || i FROM k;
CREATE TEMP TABLE copies AS
WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < $n - 1)
SELECT i, 5 + 1 + i AS id, 1 + i % 5 AS template, (i * 7919) % $PLAYERS AS w,
       ((i * 7919) % $PLAYERS + 1 + (i / $PLAYERS * 31 + i) % ($PLAYERS - 1)) % $PLAYERS AS b,
       1796000000000 + i * 60000 AS wall FROM k;
INSERT INTO matches (id, created_utc, format, category, record, white, black, seed, result_winner, result_reason,
                     result_text, sheet, white_id, black_id, rated, variant, tc_base_ms, tc_increment_ms, claims)
SELECT c.id, strftime('%Y-%m-%dT%H:%M:%SZ', c.wall / 1000, 'unixepoch'), t.format, t.category, t.record,
       'p' || (c.w + 1), 'p' || (c.b + 1), t.seed, t.result_winner, t.result_reason, t.result_text, t.sheet,
       (SELECT id FROM players WHERE name_key = 'p' || (c.w + 1)),
       (SELECT id FROM players WHERE name_key = 'p' || (c.b + 1)), t.rated, t.variant, t.tc_base_ms,
       t.tc_increment_ms, t.claims
FROM copies c JOIN matches t ON t.id = c.template ORDER BY c.id;
INSERT INTO events (match_id, seq, t_ms, kind, side, gives_check, cube_cs, winner, text, wall_ms, target, amount,
                    relative)
SELECT c.id, e.seq, e.t_ms, e.kind, e.side, e.gives_check, e.cube_cs, e.winner, e.text, c.wall + e.seq * 1000,
       e.target, e.amount, e.relative
FROM copies c JOIN events e ON e.match_id = c.template ORDER BY c.id, e.seq;
COMMIT;
SQL
}

# ---- a Time match of LONG events (start, then blocks of 12 moves and two
# solves), recorded by `script --db` for its first events and continued by
# SQL with rows of the same kinds, for the JSON export -----------------------
long_scenario() {
	bash scripts/gen-long-scenario.sh --time "$1"
}

make_long() {
	local db=$1 n=$2
	rm -f "$db" "$db-wal" "$db-shm"
	long_scenario 30 >"$OUT/long-head.scn"
	"$BIN" script --db "$db" "$OUT/long-head.scn" >/dev/null
	sqlite3 "$db" <<SQL
BEGIN;
DELETE FROM events WHERE match_id = 1 AND seq > 0;
WITH RECURSIVE k(s) AS (SELECT 1 UNION ALL SELECT s + 1 FROM k WHERE s < $n - 1),
     e(s, b, j) AS (SELECT s, (s - 1) / 14, (s - 1) % 14 FROM k)
INSERT INTO events (match_id, seq, t_ms, kind, side, gives_check, cube_cs, winner, text, wall_ms, target, amount,
                    relative)
SELECT 1, s, b * 13000 + (CASE WHEN j < 12 THEN (j + 1) * 1000 ELSE 13000 END),
       CASE WHEN j < 12 THEN 'move' ELSE 'cube' END,
       CASE WHEN j < 12 THEN (CASE WHEN j % 2 = 0 THEN 'white' ELSE 'black' END)
            ELSE (CASE WHEN j = 12 THEN 'white' ELSE 'black' END) END,
       0, CASE WHEN j = 12 THEN 2000 WHEN j = 13 THEN 2100 END, NULL, '', 1796000000000 + s, NULL, NULL, 0
FROM e;
COMMIT;
SQL
}

# ---- measuring ----------------------------------------------------------------
REC=$OUT/record-$GAMES.db
if [ ! -s "$REC" ]; then
	echo "making $REC ($GAMES games)..." >&2
	start=$(date +%s)
	make_record "$REC.tmp" "$GAMES"
	# A console's open rebuilds the rating cache the SQL copy left stale (CL-2.12).
	"$BIN" players --db "$REC.tmp" add bench-reads >/dev/null
	mv "$REC.tmp" "$REC"
	echo "made in $(($(date +%s) - start)) s" >&2
fi
LONGDB=$OUT/long-$LONG.db
if [ ! -s "$LONGDB" ]; then
	echo "making $LONGDB ($LONG events)..." >&2
	make_long "$LONGDB.tmp" "$LONG"
	mv "$LONGDB.tmp" "$LONGDB"
	long_scenario "$LONG" >"$OUT/long-$LONG.scn"
fi
[ -s "$OUT/long-$LONG.scn" ] || long_scenario "$LONG" >"$OUT/long-$LONG.scn"

PERF=0
perf stat -x, -e task-clock -o /dev/null -- true >/dev/null 2>&1 && PERF=1
MID=$((GAMES / 2))
# A pair of players with games between them, for h2h.
PAIR=$(sqlite3 "$REC" "SELECT a.name || ' ' || b.name FROM rating_games g JOIN players a ON a.id = g.white_id
                        JOIN players b ON b.id = g.black_id WHERE g.list = 'chesscubing' AND a.name GLOB 'p[0-9]*'
                        AND b.name GLOB 'p[0-9]*' GROUP BY g.white_id,
                        g.black_id ORDER BY count(*) DESC LIMIT 1")
read -r PA PB <<<"$PAIR"

# Runs a command 3 times; prints the median wall time (ms), the median
# CPU (ms: perf's task-clock when perf runs, else user+system from time)
# and the largest peak RSS (KB).
measure() {
	local i walls=() cpus=() rss=0 line
	for i in 1 2 3; do
		/usr/bin/time -o "$OUT/time.txt" -f "TIME %e %U %S %M" "$@" >/dev/null 2>&1 || true
		line=$(grep '^TIME' "$OUT/time.txt" | tail -1)
		read -r _ e u s m <<<"$line"
		walls+=("$(awk -v x="$e" 'BEGIN { printf "%d", x * 1000 }')")
		if [ "$PERF" = 1 ]; then
			# perf's task-clock: the process's CPU in ms, finer than time's 10 ms
			perf stat -x, -e task-clock -o "$OUT/perf.txt" -- "$@" >/dev/null 2>&1 || true
			cpus+=("$(awk -F, '/task-clock/ { printf "%.1f", $1 }' "$OUT/perf.txt")")
		else
			cpus+=("$(awk -v x="$u" -v y="$s" 'BEGIN { printf "%d", (x + y) * 1000 }')")
		fi
		[ "$m" -gt "$rss" ] && rss=$m
	done
	local w c
	w=$(printf '%s\n' "${walls[@]}" | sort -n | sed -n 2p)
	c=$(printf '%s\n' "${cpus[@]}" | sort -g | sed -n 2p)
	echo "$w $c $rss"
}

row() { # label, then the program's command and sqlite3's, separated by --
	local label=$1 ours=() theirs=()
	shift
	while [ "$1" != "--" ]; do ours+=("$1"); shift; done
	shift
	theirs=("$@")
	read -r ow oc orss <<<"$(measure "${ours[@]}")"
	read -r tw tc trss <<<"$(measure "${theirs[@]}")"
	printf '| %s | %s ms | %s ms | %s KB | %s ms | %s ms | %s KB |\n' "$label" "$ow" "$oc" "$orss" "$tw" "$tc" "$trss"
}

LIST_SQL="SELECT m.id, m.created_utc, m.format, m.category, m.white, m.black,
          (SELECT count(*) FROM events e WHERE e.match_id = m.id), m.result_winner, m.result_reason FROM matches m"
SHOW_SQL="SELECT * FROM matches WHERE id = $MID; SELECT * FROM events WHERE match_id = $MID;
          SELECT * FROM rating_games WHERE match_id = $MID"
RATINGS_SQL="SELECT p.name, r.rating, r.games, r.wins, r.draws, r.losses, r.last FROM rating_players r
             JOIN players p ON p.id = r.player_id WHERE r.list = 'chesscubing' ORDER BY r.rating DESC"
PLAYER_SQL="SELECT p.name, r.* FROM players p LEFT JOIN rating_players r ON r.player_id = p.id WHERE p.name_key = '$PA'"
H2H_SQL="SELECT * FROM rating_games WHERE +list = 'chesscubing' AND ((white_id = (SELECT id FROM players WHERE
         name_key = '$PA') AND black_id = (SELECT id FROM players WHERE name_key = '$PB')) OR (black_id = (SELECT id
         FROM players WHERE name_key = '$PA') AND white_id = (SELECT id FROM players WHERE name_key = '$PB')))
         ORDER BY has_end, ended, match_id"

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "record: $GAMES games, $(sqlite3 "$REC" 'SELECT count(*) FROM events') events, $(du -k "$REC" | cut -f1) KB"
echo
echo "| read | ours: wall | ours: CPU | ours: peak RSS | beside it: wall | CPU | peak RSS |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
row "start-up alone (\`--version\`, beside \`sqlite3 --version\`)" "$BIN" --version -- sqlite3 --version
row "\`list\` ($GAMES matches)" "$BIN" list --db "$REC" -- sqlite3 "$REC" "$LIST_SQL"
row "\`show $MID\` (3 events)" "$BIN" show --db "$REC" "$MID" -- sqlite3 "$REC" "$SHOW_SQL"
row "\`ratings\`" "$BIN" ratings --db "$REC" -- sqlite3 "$REC" "$RATINGS_SQL"
row "\`players show $PA\`" "$BIN" players --db "$REC" show "$PA" -- sqlite3 "$REC" "$PLAYER_SQL"
row "\`h2h $PA $PB\`" "$BIN" h2h --db "$REC" "$PA" "$PB" -- sqlite3 "$REC" "$H2H_SQL"
row "\`export --format json\` ($LONG events) beside \`script\` (same events)" "$BIN" export --db "$LONGDB" 1 -- \
	"$BIN" script "$OUT/long-$LONG.scn"
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
