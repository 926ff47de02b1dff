#!/usr/bin/env bash
# hostile_input.sh BIN: what a fuzzer found in the driver and the commands
# (issue 16: D3, D4, D9), each kept as a check of the real program.
# Prints "N passed, N failed" and exits non-zero on any failure.
set -u
BIN=${1:?usage: $0 path/to/chesscubing}
DIR=$(mktemp -d /tmp/cc-hostile-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
passed=0 failed=0
echo "CLAUSES: hostile_input RU-23 RU-24"
[ "${CC_CLAUSES:-}" = list ] && exit 0

ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }

# expect NAME STATUS TEXT: the last command's status and one line of stderr.
expect() {
	local name=$1 want=$2 text=$3
	local said=1
	if [ -z "$text" ]; then [ ! -s "$DIR/err" ] || said=0; else grep -qF -- "$text" "$DIR/err" || said=0; fi
	if [ "$status" -eq "$want" ] && [ "$said" = 1 ] && [ "$(wc -l <"$DIR/err")" -le 1 ]; then
		ok "$name"
	else
		bad "$name: exit $status, stderr: $(cat "$DIR/err")"
	fi
}

run() { "$BIN" "$@" >"$DIR/out" 2>"$DIR/err"; status=$?; }

# D3: a name longer than the match keeps (41 x é = 82 bytes) is refused
# with its reason before anything is recorded; never cut mid-character.
name=$(printf 'é%.0s' $(seq 41))
printf 'settings format=twice category=fast white=%s\n0 start\n' "$name" >"$DIR/long.scn"
run script --db "$DIR/d3.db" "$DIR/long.scn"
expect "D3 long name refused" 2 "longer than 63 bytes"
[ ! -e "$DIR/d3.db" ] && ok "D3 nothing recorded" || bad "D3: the database was written"

# D3: invalid UTF8 in a reason is refused at the edge, before recording.
printf 'settings format=twice category=fast\n0 start\n10 arbiter draw bad \xff byte\n' >"$DIR/utf8.scn"
run script --db "$DIR/d3b.db" "$DIR/utf8.scn"
expect "D3 invalid UTF8 refused" 2 "line 3: not valid UTF8"
[ ! -e "$DIR/d3b.db" ] && ok "D3 invalid UTF8: nothing recorded" || bad "D3: invalid UTF8 was recorded"

# D9: a word past the last the settings line keeps is refused, not dropped.
printf 'settings format=twice category=fast white=A black=B seed=1 a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 i=9 record=moves rated=yes\n' >"$DIR/words.scn"
run script "$DIR/words.scn"
expect "D9 sixteenth setting refused" 2 "more than 15 settings"

# D9: a NUL byte is named as such.
printf 'settings format=twice category=fast\n0 st\0art\n' >"$DIR/nul.scn"
run script "$DIR/nul.scn"
expect "D9 NUL byte named" 2 "line 2: contains a NUL byte"

# D9: the scenario export round-trips a '_' and a '%' in a
# name, a '#' and a trailing space in a reason: exporting the re-run gives
# the same scenario.
printf 'settings format=twice category=fast white=Z black=Anne%%5Fet%%25_Bob\n0 start\n5 arbiter draw stop %%233 here%%20\n' >"$DIR/trip.scn"
run script --db "$DIR/trip1.db" "$DIR/trip.scn"
expect "D9 round trip: first run" 0 ""
"$BIN" export --db "$DIR/trip1.db" --format scenario 1 | grep -v '^#' >"$DIR/trip1.scn"
run script --db "$DIR/trip2.db" "$DIR/trip1.scn"
"$BIN" export --db "$DIR/trip2.db" --format scenario 1 | grep -v '^#' >"$DIR/trip2.scn"
if cmp -s "$DIR/trip1.scn" "$DIR/trip2.scn" && "$BIN" show --db "$DIR/trip2.db" 1 | grep -qF "Black: Anne_et% Bob" &&
	"$BIN" show --db "$DIR/trip2.db" 1 | grep -qF "by arbiter decision: stop #3 here "; then
	ok "D9 scenario export round-trips"
else
	bad "D9 round trip: $(diff "$DIR/trip1.scn" "$DIR/trip2.scn") $("$BIN" show --db "$DIR/trip2.db" 1)"
fi

# D9: output that cannot be written is an error with a message, everywhere.
printf 'settings format=twice category=fast\n0 start\n' >"$DIR/one.scn"
"$BIN" script --db "$DIR/full.db" "$DIR/one.scn" >/dev/null
for cmd in "list --db $DIR/full.db" "show --db $DIR/full.db 1" "export --db $DIR/full.db 1" \
	"script $DIR/one.scn" "scramble --count 2 --seed 1" "perft 2" "demo"; do
	# shellcheck disable=SC2086
	"$BIN" $cmd >/dev/full 2>"$DIR/err"
	status=$?
	if [ "$status" -ne 0 ] && grep -q "cannot write" "$DIR/err"; then
		ok "D9 write error said: $cmd"
	else
		bad "D9 write error: '$cmd' exit $status, stderr: $(cat "$DIR/err")"
	fi
done

# D4: a stamp past the documented maximum is refused with its reason; the
# longest jump allowed, with a check never parried, is settled at once.
printf 'settings format=twice category=fast\n0 start\n2000 move w\n4000 move b +\n9223372036854775807 tick\n' >"$DIR/d4.scn"
run script "$DIR/d4.scn"
expect "D4 huge stamp refused" 3 ""
grep -q '"code":"invalid","msg":"time_out_of_range","message":"time 9223372036854775807 ms is outside 0 to 1099511627776 ms' "$DIR/out" &&
	ok "D4 refusal says the range" || bad "D4 refusal: $(cat "$DIR/out")"
printf 'settings format=twice category=fast\n0 start\n2000 move w\n4000 move b +\n1099511627776 tick\n' >"$DIR/d4b.scn"
run script "$DIR/d4b.scn"
lost=$(( (1099511627776 - 4000 - 1) / 20000 ))
grep -q "\"lost\":{\"white\":$lost," "$DIR/out" && ok "D4 longest jump settled" || bad "D4 jump: $(cat "$DIR/out")"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
