#!/usr/bin/env bash
# pair_baku_cli.sh BIN: `chesscubing pair --dutch` with the Baku
# acceleration (rules/swiss.md SW-6): the tournament type line
# "192 FIDE_DUTCH_BAKU" gives group A its virtual points, XXA lines give
# each player's own; round 1 of 8 then pairs inside each group (as
# bbpPairings does with the same file), without them across.
set -u
export LC_ALL=C.UTF-8
BIN=${1:?usage: $0 path/to/chesscubing}
echo "CLAUSES: pair_baku_cli SW-6.3 SW-6.4"
[ "${CC_CLAUSES:-}" = list ] && exit 0
DIR=$(mktemp -d /tmp/cc-pair-baku-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }

players() {
	for i in 1 2 3 4 5 6 7 8; do
		printf '001 %4d      %-32s %4d%28s 0.0 %4d\n' "$i" "Player$i" $((2400 - i * 10)) "" "$i"
	done
}
{ echo "012 Baku"; echo "XXR 7"; echo "XXC white1"; players; } >"$DIR/plain.trf"
{ echo "012 Baku"; echo "192 FIDE_DUTCH_BAKU"; echo "XXR 7"; echo "XXC white1"; players; } >"$DIR/baku.trf"
{
	cat "$DIR/plain.trf"
	for i in 1 2 3 4; do printf 'XXA %4d  1.0  1.0  0.5  0.5\n' "$i"; done
} >"$DIR/xxa.trf"
across=$(printf '4\n1 5\n6 2\n3 7\n8 4')
inside=$(printf '4\n1 3\n4 2\n5 7\n8 6')
out=$("$BIN" pair --dutch "$DIR/plain.trf" -p -) && [ "$out" = "$across" ] && ok "no acceleration: across the halves" ||
	bad "plain: $out"
out=$("$BIN" pair --dutch "$DIR/baku.trf" -p -) && [ "$out" = "$inside" ] && ok "192 FIDE_DUTCH_BAKU: inside each group" ||
	bad "baku: $out"
out=$("$BIN" pair --dutch "$DIR/xxa.trf" -p -) && [ "$out" = "$inside" ] && ok "XXA lines: the same" || bad "xxa: $out"
# the checker reads the same virtual points: the accelerated round 1 is the Dutch pairing
{
	echo "012 Baku"; echo "192 FIDE_DUTCH_BAKU"; echo "XXR 7"; echo "XXC white1"
	cells=("   3 w 1  " "   4 b 0  " "   1 b 0  " "   2 w 1  " "   7 w =  " "   8 b =  " "   5 b =  " "   6 w =  ")
	for i in 1 2 3 4 5 6 7 8; do
		printf '001 %4d      %-32s %4d%28s 0.0 %4d  %s\n' "$i" "Player$i" $((2400 - i * 10)) "" "$i" "${cells[$((i - 1))]}"
	done
} >"$DIR/played.trf"
"$BIN" pair --dutch "$DIR/played.trf" -c 2>"$DIR/err" && ok "-c accepts the accelerated round" ||
	bad "-c: $(cat "$DIR/err")"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
