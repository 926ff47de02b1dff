#!/usr/bin/env bash
# store_first_creation_kill.sh BIN [RUNS]: SIGKILL of `chesscubing script
# --db F` at a random moment during the first creation of F (a first run
# takes about 50 ms: opening, the switch to WAL, the schema, the match, its
# events), RUNS times (100), each on a new F and each followed by a run on
# the same F that must succeed and leave a readable record (issue 16, D5:
# a file killed after the switch to WAL was refused for ever).
set -u
echo "CLAUSES: store_first_creation_kill RE-1.8 RE-1.3"
[ "${CC_CLAUSES:-}" = list ] && exit 0
BIN=$1
RUNS=${2:-100}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
scenario=$dir/match.scn
printf 'settings format=time category=fast\n0 start\n1000 tick\n' >"$scenario"

# How long the creation of a database takes here (a --resume on a new file
# creates it, then finds no match), so the kills spread over that window
# and not over the rest of a run (the scramble sheet's cube tables).
start=$(date +%s%N)
"$BIN" script --db "$dir/timing.db" --resume 1 "$scenario" >/dev/null 2>&1
span_us=$((($(date +%s%N) - start) / 1000))
"$BIN" list --db "$dir/timing.db" >/dev/null || { echo "a first creation failed"; exit 1; }

killed=0 unfinished=0
for i in $(seq "$RUNS"); do
	db=$dir/club$i.db
	"$BIN" script --db "$db" "$scenario" >/dev/null 2>&1 &
	pid=$!
	sleep "$(printf '0.%06d' $(((RANDOM * 32768 + RANDOM) % span_us)))"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	[ $? -eq 137 ] && killed=$((killed + 1))
	case $("$BIN" list --db "$db" 2>&1) in
	*"not finished"*) unfinished=$((unfinished + 1)) ;;
	esac
	if ! out=$("$BIN" script --db "$db" "$scenario" 2>&1 >/dev/null); then
		echo "run $i: the run after the kill failed: $out"
		exit 1
	fi
	if ! out=$("$BIN" list --db "$db" 2>&1); then
		echo "run $i: the record cannot be listed: $out"
		exit 1
	fi
	case $out in
	*"ChessCubing Time "*"in progress"*) ;;
	*) echo "run $i: no match listed: $out"; exit 1 ;;
	esac
	rm -f "$db" "$db-wal" "$db-shm" "$db-journal"
done
echo "$RUNS kills in the first ${span_us} us of a first run: $killed before it ended," \
	"$unfinished leaving a file whose creation was not finished; every next run on the same file succeeded"
