#!/usr/bin/env bash
# trf_import.sh BIN READBACK: `event import NAME --trf FILE` (rules/club.md
# CL-4.22) and the TRF export read back (issue 33 deliverables 4 and 7).
#
# Read back: the TRF export of "Club rr" (a round robin of four, every game
# played) and of "Blitz night" (seven at 3+2, accented names, a forfeit,
# the dummy seat's byes, a half-point bye, a withdrawal, a round in
# progress) is read by our own TRF reader (READBACK, tests/trf_readback.c)
# with a strict column check, every player's points and cells the event's.
#
# Import: a file made by our own export ("Odd five": byes, a forfeit, three
# rounds of five played) and one made by bbpPairings's generator
# (tests/trf/bbp-13-players-4-of-6.trf: 13 players, 4 of 6 rounds, draws,
# forfeits, the PAB; CRLF as it writes them) are imported; the imported
# event's export gives the same round cells (opponent, colour, result) for
# the rounds played, its points are the file's, and `pair --dutch` pairs the
# same next round from the export as from the file. A file that does not
# read is refused in one line and creates nothing; a name taken is refused;
# the players are matched to the registry by name, the new ones said.
set -u
export LC_ALL=C.UTF-8
BIN=${1:?usage: $0 path/to/chesscubing path/to/trf_readback}
READBACK=${2:?usage: $0 path/to/chesscubing path/to/trf_readback}
HERE=$(cd "$(dirname "$0")" && pwd)
echo "CLAUSES: trf_import CL-4.15 CL-4.20 CL-4.22"
[ "${CC_CLAUSES:-}" = list ] && exit 0
DIR=$(mktemp -d /tmp/cc-trf-import-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
DB=$DIR/club.db
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }

# play EVENT ROUND [LIMIT]: the round's pairings not started (at most LIMIT)
# played at chess, results in turn (Black resigns, a draw, White resigns).
play() {
	local n=0 ends=("1000 resign b" "1000 arbiter draw agreed" "1000 resign w")
	while IFS=$'\t' read -r w b; do
		[ -n "${3:-}" ] && [ "$n" -ge "$3" ] && break
		printf 'settings format=chess tc=3+2 white=%s black=%s event=%s\n0 start\n%s\n' "${w// /_}" "${b// /_}" \
			"${1// /_}" "${ends[$(((n + $2) % 3))]}" >"$DIR/m.scn"
		"$BIN" script --db "$DB" "$DIR/m.scn" >/dev/null || bad "$1: $w - $b not recorded"
		n=$((n + 1))
	done < <("$BIN" event --db "$DB" show "$1" --json |
		jq -r --argjson r "$2" '.pairings[] | select(.round == $r and .club.outcome == "not_started") | [.white, .black] | @tsv')
}
create() { # EVENT NAME...: a chess round robin at 3+2 of those players, registered first
	local ev=$1 args=()
	shift
	for p in "$@"; do
		"$BIN" players --db "$DB" add "$p" >/dev/null 2>&1
		args+=(--player "$p")
	done
	"$BIN" event --db "$DB" create "$ev" --format chess --tc 3+2 "${args[@]}" >/dev/null || bad "event create $ev"
}

# ---- the TRF export read back by our own reader ----------------------------
create "Club rr" Anne Bruno Chloé Dario
for r in 1 2 3; do play "Club rr" $r; done
create "Blitz night" "Élodie Roy" "Łukasz Nowak" "Ørjan Berg" "Zoë Faure" "Ångström Lund" "Bob Ray" "Carl Moe"
"$BIN" event --db "$DB" forfeit "Blitz night" 1 4 +/- >/dev/null || bad "Blitz night: forfeit"
play "Blitz night" 1
"$BIN" event --db "$DB" bye "Blitz night" "Bob Ray" 2 >/dev/null || bad "Blitz night: half-point bye"
play "Blitz night" 2
play "Blitz night" 3
"$BIN" event --db "$DB" withdraw "Blitz night" "Carl Moe" --from-round 4 >/dev/null || bad "Blitz night: withdraw"
play "Blitz night" 4 2
for ev in "Club rr" "Blitz night"; do
	if "$READBACK" "$DB" "$ev" >"$DIR/rb" 2>&1; then ok "$(sed 's/^ok: //' "$DIR/rb")"; else bad "$ev: $(grep FAIL "$DIR/rb" | head -5)"; fi
done

# ---- import ------------------------------------------------------------------
# cells FILE ROUNDS: each player's round cells 1..ROUNDS as "id round opponent colour result" (the
# opponent as a number: "   7" and "0007" are one), his points and rating columns.
cells() {
	python3 - "$1" "$2" <<'PY'
import sys
text = open(sys.argv[1], encoding='utf-8', newline='').read().replace('\r\n', '\n').replace('\r', '\n')
rounds = int(sys.argv[2])
for line in text.split('\n'):
    if not line.startswith('001'):
        continue
    pid = int(line[4:8])
    print(pid, 'points', float(line[80:84]), 'rating', line[48:52].strip())
    for r in range(rounds):
        cell = line[91 + 10 * r:99 + 10 * r].ljust(8)
        opp = int(cell[0:4]) if cell[0:4].strip() else 0
        print(pid, r + 1, opp, cell[5], cell[7])
PY
}
# import_round_trip NAME FILE ROUNDS: NAME imported from FILE, its export's cells equal FILE's.
import_round_trip() {
	local name=$1 file=$2 rounds=$3
	if ! "$BIN" event --db "$DB" import "$name" --trf "$file" --format chess >"$DIR/out" 2>"$DIR/err"; then
		bad "$name: import refused: $(cat "$DIR/err")"
		return
	fi
	"$BIN" event --db "$DB" export "$name" --format trf >"$DIR/back.trf" || bad "$name: export"
	if diff <(cells "$file" "$rounds") <(cells "$DIR/back.trf" "$rounds") >"$DIR/diff"; then
		ok "$name: the export gives the file's round cells, points and ratings for its $rounds rounds"
	else
		bad "$name: the export's cells differ from the file's: $(head -8 "$DIR/diff" | tr '\n' '|')"
	fi
	"$BIN" pair --dutch "$file" -p "$DIR/a.txt" 2>"$DIR/err" || bad "$name: pair --dutch on the file: $(cat "$DIR/err")"
	"$BIN" pair --dutch "$DIR/back.trf" -p "$DIR/b.txt" 2>"$DIR/err" || bad "$name: pair --dutch on the export: $(cat "$DIR/err")"
	if [ -s "$DIR/a.txt" ] && cmp -s "$DIR/a.txt" "$DIR/b.txt"; then
		ok "$name: pair --dutch pairs the same next round from the export as from the file"
	else
		bad "$name: pair --dutch differs: $(tr '\n' ' ' <"$DIR/a.txt") / $(tr '\n' ' ' <"$DIR/b.txt")"
	fi
	if "$READBACK" "$DB" "$name" >"$DIR/rb" 2>&1; then ok "$(sed 's/^ok: //' "$DIR/rb")"; else bad "$name: $(grep FAIL "$DIR/rb" | head -5)"; fi
}

# Our own export: a round robin of five at 3+2 (the dummy seat's bye each round), a forfeit, 3 rounds of 5.
create "Odd five" Fanny Gaston Hugo Iris Jules
"$BIN" event --db "$DB" forfeit "Odd five" 2 2 -- -/+ >/dev/null || bad "Odd five: forfeit"
for r in 1 2 3; do play "Odd five" $r; done
"$BIN" event --db "$DB" export "Odd five" --format trf >"$DIR/odd.trf" || bad "Odd five: export"
import_round_trip "Odd again" "$DIR/odd.trf" 3
# Its players were registered: matched by name, none new.
grep -q "registered now: 0" "$DIR/out" && ok "Odd again: the players matched to the registry, none new" ||
	bad "Odd again: $(cat "$DIR/out")"

# bbpPairings's generator (13 players, 4 of 6 rounds played; XXR 6).
import_round_trip "Generated" "$HERE/trf/bbp-13-players-4-of-6.trf" 4
new=$(grep -c '^  new: ' "$DIR/out")
[ "$new" = 13 ] && grep -q "13 players, 4 of 6 rounds" "$DIR/out" && ok "Generated: 13 new players named, 4 of 6 rounds" ||
	bad "Generated: $(cat "$DIR/out")"
# A pairing with a recorded result is no pairing a match may take (round 1: 7 - 1 was played elsewhere).
printf 'settings format=chess white=Test0007_Player0007 black=Test0001_Player0001 event=Generated\n0 start\n' >"$DIR/m.scn"
"$BIN" script --db "$DB" "$DIR/m.scn" >/dev/null 2>"$DIR/err"
[ $? != 0 ] && grep -q "no unplayed pairing" "$DIR/err" && ok "a match may not take a pairing whose result was imported" ||
	bad "a match took an imported pairing: $(cat "$DIR/err")"
# The imported results are no rated games: nobody's rating moved.
rated=$("$BIN" ratings --db "$DB" --game chess --all --json | jq '[.[] | select(.name | test("^Test")) | .games] | add')
[ "$rated" = 0 ] && ok "the imported games are never rated" || bad "imported games rated: $rated"

# Refusals: nothing created.
printf '012 Broken\n001 abcd bad line\n' >"$DIR/bad.trf"
"$BIN" event --db "$DB" import Broken --trf "$DIR/bad.trf" >/dev/null 2>"$DIR/err"
status=$?
if [ "$status" = 2 ] && [ "$(wc -l <"$DIR/err")" = 1 ] && grep -q "line 2" "$DIR/err" &&
	! "$BIN" event --db "$DB" show Broken >/dev/null 2>&1; then
	ok "a file that does not read: one line ($(cat "$DIR/err")), nothing created"
else
	bad "bad file: exit $status: $(cat "$DIR/err")"
fi
"$BIN" event --db "$DB" import "Club rr" --trf "$DIR/odd.trf" >/dev/null 2>"$DIR/err"
[ $? = 2 ] && grep -q "exists already" "$DIR/err" && ok "a name taken by another event is refused" ||
	bad "a name taken: $(cat "$DIR/err")"
# A file whose cells contradict each other: refused, no player registered.
sed 's/^\(001    1 .\{82\}\)   7 b 1/\1   8 b 1/' "$HERE/trf/bbp-13-players-4-of-6.trf" >"$DIR/odd-cells.trf"
before=$("$BIN" players --db "$DB" list --json | jq length)
"$BIN" event --db "$DB" import Contradiction --trf "$DIR/odd-cells.trf" >/dev/null 2>"$DIR/err"
status=$?
after=$("$BIN" players --db "$DB" list --json | jq length)
[ "$status" = 2 ] && grep -q "round 1: player 1" "$DIR/err" && [ "$before" = "$after" ] &&
	ok "cells that contradict each other: refused, nothing created" || bad "contradiction: exit $status: $(cat "$DIR/err")"

echo "passed $passed, failed $failed"
[ "$failed" = 0 ]
