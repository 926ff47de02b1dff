#!/usr/bin/env bash
# `chesscubing dgt DEVICE` (issue 36): the simulated board (dgt_board.py)
# on a pseudo-terminal; the command prints the version and serial number,
# the board, its orientation, each piece lifted and placed with the board
# after, a pulled cable and its return with the board read afresh.
#   dgt_check.sh CHESSCUBING
set -u
BIN=${1:?usage: $0 chesscubing}
DIR=$(mktemp -d /tmp/cc-dgt-check-XXXXXX)
trap 'echo quit >&3 2>/dev/null; exec 3>&-; kill $SIM 2>/dev/null; rm -rf "$DIR"' EXIT
fail() { echo "FAIL: $*"; cat "$DIR/out" 2>/dev/null; exit 1; }
echo "CLAUSES: dgt_check.sh DG-1.2"
[ "${CC_CLAUSES:-}" = list ] && exit 0
mkfifo "$DIR/ctl"
python3 "$(dirname "$0")/dgt_board.py" "$DIR/board" "$DIR/ctl" "$DIR/log" &
SIM=$!
exec 3>"$DIR/ctl"
n=0
board() {
	echo "$*" >&3
	n=$((n + 1))
	for _ in $(seq 1200); do grep -qx "done $n" "$DIR/log" 2>/dev/null && return; sleep 0.05; done
	fail "the board did not play '$*'"
}
waitout() {
	for _ in $(seq 1200); do grep -qF -- "$1" "$DIR/out" && return; sleep 0.05; done
	fail "no '$1' in the output"
}
for _ in $(seq 1200); do [ -e "$DIR/board" ] && break; sleep 0.05; done
# Waits are on states (up to a minute each on a loaded machine); the check
# runs until told to stop, once every state is seen (SIGTERM: it ends cleanly).
"$BIN" dgt --seconds 600 "$DIR/board" >"$DIR/out" 2>&1 &
CHECK=$!
waitout "Orientation: normal, white at the bottom"
waitout "Board version 3.1, serial number 36036"
grep -q "^  1  R N B Q K B N R$" "$DIR/out" || fail "no first rank"
board move g1 f3
waitout "placed on f3: N"
grep -q "lifted from g1: N" "$DIR/out" || fail "no lift"
grep -q "^  3  \. \. \. \. \. N \. \.$" "$DIR/out" || fail "no board after the placement"
board unplug
waitout "is out: its cable pulled"
board plug
waitout "connected again"
for _ in $(seq 1200); do [ "$(grep -c "the board:" "$DIR/out")" = 2 ] && break; sleep 0.05; done # the dump after the return
kill -TERM "$CHECK"
wait "$CHECK" || fail "exit status $?"
[ "$(grep -c "the board:" "$DIR/out")" = 2 ] || fail "the board not read again after the cable came back"
grep -q "0 broken messages" "$DIR/out" || fail "broken messages"
# In French (issue 35's leftovers, slice board): the seconds with the
# decimal comma of every French line, and each count of the last line in
# its form (French: 0 and 1 singular).
"$BIN" --lang fr dgt --seconds 600 "$DIR/board" >"$DIR/out" 2>&1 &
CHECK=$!
waitout "l'échiquier :"
board move f3 g1
waitout "posée sur g1 : N"
kill -TERM "$CHECK"
wait "$CHECK" || fail "exit status $?"
grep -Eq "^ +[0-9]+,[0-9]{3} s  soulevée de f3 : N$" "$DIR/out" || fail "French seconds without their comma"
grep -Eq "^ +[0-9]+,[0-9]{3} s  l'échiquier :$" "$DIR/out" || fail "French seconds without their comma"
grep -Eq "^ +[0-9]+\.[0-9]{3} s" "$DIR/out" && fail "a decimal point in French"
grep -Eq "^[0-9]+ messages, 2 changements de case, 0 octet parasite, 0 message cassé$" "$DIR/out" || fail "French counts"
# Its usage: one device.
"$BIN" dgt 2>/dev/null && fail "dgt without a device accepted"
"$BIN" dgt /nonexistent/board 2>"$DIR/err" && fail "a missing device accepted"
grep -q "cannot open /nonexistent/board" "$DIR/err" || fail "$(cat "$DIR/err")"
echo ok
