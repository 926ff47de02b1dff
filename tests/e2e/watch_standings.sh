#!/usr/bin/env bash
# The director's view pages through the standings (issue 22 item 7): a
# 30-player round robin at 80x30 leaves the standings a few rows; the last
# of them says which ranks are shown and the keys (never a silent cut),
# Down shows the next ranks, Up the previous, and the last page says so.
. "$(dirname "$0")/lib.sh" "$1"
clauses CL-3.4

DB=$XDG_DATA_HOME/club.db
names=""
for i in $(seq -w 1 30); do
	"$BIN" players --db "$DB" add "Player $i" >/dev/null || fail "players add $i"
	names="$names${names:+,}Player $i"
done
"$BIN" event --db "$DB" create Big --players "$names" >/dev/null || fail "event create"

start 80 30 "$BIN" watch --db "$DB" --event Big
wait_re "Ranks 1-[0-9]+ of 30, more below +Down >: next ranks +Up <: previous" 20
first=$(screen | grep -oE "Ranks 1-[0-9]+ of 30" | head -1 | sed -E 's/Ranks 1-([0-9]+) of 30/\1/')
[ -n "$first" ] && [ "$first" -lt 30 ] || fail "first page: '$first'"
screen | grep -q "Player $(printf %02d "$first")" || fail "rank $first not shown"
screen | grep -q "Player $(printf %02d $((first + 1)))" && fail "rank $((first + 1)) shown on page 1"
keys Down
wait_re "Ranks $((first + 1))-[0-9]+ of 30" 20
screen | grep -q "Player $(printf %02d $((first + 1)))" || fail "rank $((first + 1)) not on page 2"
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do keys '>'; done
wait_re "Ranks [0-9]+-30 of 30 +Up <: previous ranks" 20
screen | grep -q "Player 30" || fail "the last rank not on the last page"
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do keys Up; done
wait_re "Ranks 1-$first of 30, more below" 20
keys q
wait_exit 0 20
echo "PASS: the director's standings in pages, with the ranks and the keys said"
