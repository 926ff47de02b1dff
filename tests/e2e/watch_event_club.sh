#!/usr/bin/env bash
# The director's view of a club evening (issue 33 item 6): a result
# corrected after the game shows as corrected, the result as played beside
# it (CL-5.8); a long name is cut on its board's row, not wrapped (CL-7.8);
# a forfeit's row says its round and board.
. "$(dirname "$0")/lib.sh" "$1"
clauses CL-5.8 CL-6.2 CL-7.8

DB=$XDG_DATA_HOME/club.db
LONG="Marie-Amélie de La Tour-Dubreuil-Saint-Martin"
for p in Anne Bruno "$LONG" Dora; do "$BIN" players --db "$DB" add "$p" >/dev/null || fail "players add $p"; done
"$BIN" event --db "$DB" create Night --player Anne --player Bruno --player "$LONG" --player Dora >/dev/null ||
	fail "event create"
pair=$("$BIN" event --db "$DB" show Night --json | jq -r '.pairings[] | select(.round == 1) | "\(.board) \(.white)|\(.black)"')
# Round 1, board 1: Black wins by resignation, then an arbiter corrects it to a draw.
w=$(sed -n 1p <<<"$pair" | cut -d' ' -f2- | cut -d'|' -f1)
b=$(sed -n 1p <<<"$pair" | cut -d'|' -f2)
printf 'settings format=twice category=fast white=%s black=%s event=Night\n0 start\n1000 resign w\n' "${w// /_}" \
	"${b// /_}" >"$XDG_DATA_HOME/m.scn"
id=$("$BIN" script --db "$DB" "$XDG_DATA_HOME/m.scn" | jq -r .match_id)
"$BIN" correct --db "$DB" "$id" --result 1/2-1/2 --reason "arbiter: wrong result" >/dev/null || fail "correct"
# Round 1, board 2: a forfeit.
"$BIN" event --db "$DB" forfeit Night 1 2 +/- >/dev/null || fail "forfeit"

start 100 40 "$BIN" watch --db "$DB" --event Night
wait_re "R1 B1 .*1/2-1/2 \(corrected from 0-1" 20
screen | grep -q "R1 B2 .*+/- (forfeit)" || fail "the forfeit's row without its round and board"
screen | grep -q "Marie-Amélie de La …" || fail "the long name not cut on its row"
screen | grep -q "Tour-Dubreuil" && screen | grep "R[0-9] B[0-9]" | grep -q "Tour-Dubreuil" &&
	fail "a board's row wraps the long name"
keys q
wait_exit 0 20
echo "PASS: the director's view: a corrected result as corrected, long names cut, forfeits with their board"
