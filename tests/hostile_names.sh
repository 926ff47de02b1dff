#!/usr/bin/env bash
# hostile_names.sh BIN: names that hide or control the display, through the
# real program (issue 25 items 11 and 12): refused with their reason, echoed
# escaped; an empty name refused; a scenario without names registers and
# rates nobody; event names trimmed; the round robin's real limit and count;
# disk full said as such (in a user namespace's tmpfs, skipped with a message
# where there is none).
# Prints "N passed, N failed" and exits non-zero on any failure.
set -u
BIN=${1:?usage: $0 path/to/chesscubing}
echo "CLAUSES: hostile_names RU-24.1 RU-24.2 CL-2.12 CL-3.8 RE-3.6"
[ "${CC_CLAUSES:-}" = list ] && exit 0
DIR=$(mktemp -d /tmp/cc-names-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }
run() { "$BIN" "$@" >"$DIR/out" 2>"$DIR/err"; status=$?; }
# Does the file hold a byte a terminal obeys or a character that hides:
# ESC, BEL, C1 (C2 80..9F), U+202A..202E, U+2066..2069, U+200B..200D, U+2060, U+FEFF?
raw_controls() {
	LC_ALL=C grep -qP '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xaa-\xae\x8b-\x8d]|\xe2\x81[\xa0\xa6-\xa9]|\xef\xbb\xbf' "$1"
}

# Each hostile name: refused (exit 2), one line, the stable reason, escaped.
i=0
for name in $'A\xc2\x9b2J' $'\xe2\x80\xaeAnne' $'\xe2\x80\x8d\xe2\x80\x8d' $'A\xe2\x80\x8bnne' '   ' $'A\e]0;t\aB'; do
	i=$((i + 1))
	run players --db "$DIR/p.db" add "$name"
	if [ "$status" -eq 2 ] && [ "$(wc -l <"$DIR/err")" -eq 1 ] && ! raw_controls "$DIR/err"; then
		ok "hostile name $i refused, echoed escaped: $(cat "$DIR/err")"
	else
		bad "hostile name $i: exit $status, stderr: $(od -c "$DIR/err" | head -3)"
	fi
done
run players --db "$DIR/p.db" add Anne
[ "$status" -eq 0 ] && ok "Anne is a name" || bad "Anne refused: $(cat "$DIR/err")"
run players --db "$DIR/p.db" list
[ "$status" -eq 0 ] && [ "$(grep -c . "$DIR/out")" -eq 2 ] && grep -q '^Anne ' "$DIR/out" && ! raw_controls "$DIR/out" && ok "only Anne registered" \
	|| bad "players list: $(cat "$DIR/out")"
# The same names in a scenario are refused before anything is recorded.
printf 'settings format=twice category=fast white=A%%E2%%80%%8Bnne black=Anne\n0 start\n' >"$DIR/zw.scn"
run script --db "$DIR/zw.db" "$DIR/zw.scn"
[ "$status" -eq 2 ] && ! raw_controls "$DIR/err" && ok "a zero-width name refused in a scenario" \
	|| bad "zero width in a scenario: exit $status, $(cat "$DIR/err")"

# An empty name (white=) is refused, not recorded as [White ""].
printf 'settings format=twice category=fast white= black=Bruno\n0 start\n' >"$DIR/empty.scn"
run script --db "$DIR/e.db" "$DIR/empty.scn"
[ "$status" -eq 2 ] && ok "white= refused" || bad "white=: exit $status, $(cat "$DIR/err")"
"$BIN" list --db "$DIR/e.db" 2>/dev/null | grep -q Bruno && bad "white=: a match was recorded" || ok "white=: nothing recorded"

# CL-2.12: a scenario without names registers and rates nobody.
printf 'settings format=twice category=fast\n0 start\n1000 resign w\n' >"$DIR/anon.scn"
run script --db "$DIR/a.db" "$DIR/anon.scn"
[ "$status" -eq 0 ] || bad "anonymous scenario: exit $status, $(cat "$DIR/err")"
run players --db "$DIR/a.db" list --json
[ "$status" -eq 0 ] && [ "$(cat "$DIR/out")" = "[]" ] && ok "no player White or Black registered" \
	|| bad "registered: exit $status, $(cat "$DIR/out")"
run ratings --db "$DIR/a.db" --csv
[ "$status" -eq 0 ] && grep -q '^rank,name,' "$DIR/out" && [ "$(grep -c . "$DIR/out")" -eq 1 ] && ok "nobody rated" \
	|| bad "rated: exit $status, $(cat "$DIR/out")"
printf 'settings format=twice category=fast white=Carla black=Dan\n0 start\n1000 resign w\n' >"$DIR/named.scn"
run script --db "$DIR/a.db" "$DIR/named.scn"
run ratings --db "$DIR/a.db" --csv
grep -q ',Dan,' "$DIR/out" && grep -q ',Carla,' "$DIR/out" && ok "named players still rated" || bad "named: $(cat "$DIR/out")"

# CL-3.8: an event's name trimmed; more players than a round robin takes
# refused with the real limit and the number given.
for n in $(seq 120); do "$BIN" players --db "$DIR/ev.db" add "P$n" >/dev/null || bad "add P$n"; done
run event --db "$DIR/ev.db" create "Big" --players "$(seq -s, -f 'P%g' 120)"
[ "$status" -eq 2 ] && grep -q '2 to 64 players, not 120$' "$DIR/err" && ok "120 players: the limit and the count" \
	|| bad "120 players: exit $status, $(cat "$DIR/err")"
run event --db "$DIR/ev.db" create "  Club night  " --players P1,P2,P3
run event --db "$DIR/ev.db" list
grep -q '^Club night  *[0-9]' "$DIR/out" && ok "the event's name trimmed" || bad "event list: $(cat -A "$DIR/out")"

# RE-3.6: disk full at open says so. A small tmpfs filled up, in a user
# and mount namespace.
if unshare -rm true 2>/dev/null; then
	printf 'settings format=twice category=fast\n0 start\n' >"$DIR/one.scn"
	mkdir "$DIR/full"
	unshare -rm bash -c "mount -t tmpfs -o size=64k tmpfs '$DIR/full' &&
		dd if=/dev/zero of='$DIR/full/fill' bs=4k 2>/dev/null; '$BIN' script --db '$DIR/full/m.db' '$DIR/one.scn'" \
		>/dev/null 2>"$DIR/err"
	status=$?
	[ "$status" -eq 1 ] && grep -q 'the disk is full' "$DIR/err" && ok "disk full at open said: $(cat "$DIR/err")" \
		|| bad "disk full: exit $status, $(cat "$DIR/err")"
else
	echo "SKIP: disk full at open: no unprivileged user namespace here (unshare -rm is refused)"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
