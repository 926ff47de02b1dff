#!/usr/bin/env bash
# Two events open (issue 33 item 6): the console's setup stays on the
# event the arbiter last chose. He picks the older event's pairing; when
# another process takes that pairing, the next one offered is the older
# event's next pairing, not the newer event's first (CL-3.6).
. "$(dirname "$0")/lib.sh" "$1"
clauses CL-3.6

DB=$XDG_DATA_HOME/club.db
for p in Anne Bruno Chloé Dmitri Eve Finn Gus Hugo; do
	"$BIN" players --db "$DB" add "$p" >/dev/null || fail "players add $p"
done
"$BIN" event --db "$DB" create Older --players Anne,Bruno,Chloé,Dmitri >/dev/null || fail "event create Older"
"$BIN" event --db "$DB" create Newer --players Eve,Finn,Gus,Hugo >/dev/null || fail "event create Newer"

start 100 30 "$BIN" --db "$DB"
wait_flat "Event pairing < Newer: round 1, board 1" 20
for _ in 1 2 3 4 5 6 7 8; do
	flat | grep -q "Event pairing < Older: round 1, board 1" && break
	keys Right
done
wait_flat "Event pairing < Older: round 1, board 1, Anne (White) - Dmitri (Black) >" 10
# Another process takes that pairing.
printf 'settings format=twice category=fast white=Anne black=Dmitri event=Older\n0 start\n' >"$XDG_DATA_HOME/m.scn"
"$BIN" script --db "$DB" "$XDG_DATA_HOME/m.scn" >/dev/null || fail "script took no pairing"
advance 1000 # the setup screen asks the record for news every second
wait_flat "Event pairing < Older: round 1, board 2, Bruno (White) - Chloé (Black) >" 20
keys q
echo "PASS: the setup stays on the event the arbiter last chose"
