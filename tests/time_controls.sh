#!/usr/bin/env bash
# time_controls.sh BIN: a chess game's time control through every front
# end but the console (FI-6.11 to FI-6.14): a scenario's tc=, the record
# (schema 10 keeps the periods), `show`, the state JSON, the scenario
# export (run again, the same state) and PGN's TimeControl tag.
set -u
BIN=${1:?usage: $0 path/to/chesscubing}
DIR=$(mktemp -d /tmp/cc-tc-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
echo "CLAUSES: time_controls FI-6.11 FI-6.13 FI-6.14"
[ "${CC_CLAUSES:-}" = list ] && exit 0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
ok() { echo "ok: $*"; }

n=0
for pair in "40/90+30:30+30 40/5400+30:1800+30" "90d5 5400d5" "25b10 1500b10" "5+3 300+3"; do
	set -- $pair
	n=$((n + 1))
	printf 'settings format=chess tc=%s white=A black=B\n0 start\n1000 move w e4\n4000 move b e5\n' "$1" >"$DIR/$n.scn"
	state=$("$BIN" script --db "$DIR/m.db" "$DIR/$n.scn" | tail -1) || fail "script tc=$1"
	text=$(printf '%s' "$state" | python3 -c 'import json,sys; print(json.load(sys.stdin)["time_control"]["text"])')
	[ "$text" = "$1" ] && ok "state JSON says $1" || fail "state JSON tc: $text, not $1"
	tag=$("$BIN" export --db "$DIR/m.db" --format pgn "$n" | sed -n 's/^\[TimeControl "\(.*\)"\]$/\1/p')
	[ "$tag" = "$2" ] && ok "PGN TimeControl $2" || fail "PGN TimeControl for $1: '$tag', not '$2'"
	"$BIN" show --db "$DIR/m.db" "$n" | grep -qF "time control $1," && ok "show says $1" || fail "show for $1"
	"$BIN" export --db "$DIR/m.db" --format scenario "$n" >"$DIR/$n.again.scn"
	grep -qF "tc=$1 " "$DIR/$n.again.scn" || fail "scenario export for $1: $(head -2 "$DIR/$n.again.scn")"
	again=$("$BIN" script "$DIR/$n.again.scn" | tail -1)
	# the same state but the record's match number (a script without --db has none)
	[ "$again" = "$(printf '%s' "$state" | sed 's/,"match_id":[0-9]*//')" ] && ok "scenario export of $1 replays to the same state" ||
		fail "replayed state differs for $1"
done
# The clocks of the record read back, as DGT 3000 would show them:
# FIDE classical, White 1 s and Black 3 s thinking, 30 s each after.
clocks=$("$BIN" export --db "$DIR/m.db" --format json 1 | python3 -c '
import json,sys; c=json.load(sys.stdin)["clock_ms"]; print(c["white"], c["black"])')
[ "$clocks" = "5429000 5427000" ] && ok "classical clocks" || fail "classical clocks: $clocks"
# Wrong ones, with the core's reason (and the line).
printf 'settings format=chess tc=40/90\n0 start\n' >"$DIR/bad.scn"
out=$("$BIN" script "$DIR/bad.scn" 2>&1); status=$?
[ "$status" -ne 0 ] && printf '%s' "$out" | grep -q "every period but the last gives its number of moves" && ok "a last period with moves refused" ||
	fail "tc=40/90: exit $status: $out"
printf 'settings format=twice tc=40/90+30:30+30\n0 start\n' >"$DIR/bad2.scn"
out=$("$BIN" script "$DIR/bad2.scn" 2>&1); status=$?
[ "$status" -ne 0 ] && ok "periods refused in ChessCubing: $(printf '%s' "$out" | head -c 120)" || fail "twice tc=: $out"
# An event fixes one Fischer period (CL-8.1): periods are refused there, with the reason.
"$BIN" players --db "$DIR/m.db" add Ann >/dev/null; "$BIN" players --db "$DIR/m.db" add Bob >/dev/null
out=$("$BIN" event --db "$DIR/m.db" create Cup --players Ann,Bob --format chess --tc 40/90+30:30+30 2>&1); status=$?
[ "$status" -ne 0 ] && printf '%s' "$out" | grep -q "one period" && ok "an event refuses periods: $out" ||
	fail "event create --tc 40/90+30:30+30: exit $status: $out"
[ "$failed" -eq 0 ] || { echo "$failed failure(s)"; exit 1; }
