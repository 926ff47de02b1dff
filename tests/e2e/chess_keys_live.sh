#!/usr/bin/env bash
# Issue 21 at the console, RU-38: a chess game's clock keys are always
# live. White's key stamps his move, the move entry opens; Black's key,
# pressed while the arbiter types White's move, stamps Black's at its
# press; White's SAN typed over 25 s after his key costs Black nothing,
# and each clock stands as if the moves had been typed at the keys (5+3:
# each increment added at its press). A refused SAN keeps its stamp.
# A flag that falls while a stamp waits falls; the SAN is still written
# after it, at its stamp. The queue and the prompt whole at 60x22, in
# French, and in a game without a clock. RU-41: the running screen in
# whole seconds, the key's prompt and the record's report in tenths.
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/chess_lib.sh"
clauses RU-38 FI-6.3.1 RU-41

DB=$XDG_DATA_HOME/chess_keys_live.db
record() { "$BIN" export --db "$DB" --format scenario 1 | grep -v '^#'; }

start 100 30 "$BIN" --db "$DB"
setup_chess 5+3 auto standard
wait_re "Clock 5:00( |$)" # RU-41: whole seconds on the screen
keys s
wait_for "TO MOVE"

# White's key 10 s in: his clock stops at 4:50.0, the entry opens.
advance 10000
keys x
wait_dialog "Move of White (Player 1), key at clock 4:50.0"
# Black's key 5 s later, while the arbiter types: stamped at its press.
keys e
advance 5000
keys n
wait_dialog "2 moves to write: White's (clock 4:50.0), Black's (clock 4:55.0)"
dialog | grep -q "> e_" || fail "the typed e was lost: $(dialog)"
screen >"$XDG_DATA_HOME/queue.txt"
# White's move, Enter 25.5 s after his key.
keys 4
advance 20500
keys Enter
wait_dialog "Move of Black (Player 2), key at clock 4:55.0"
# A refused SAN keeps its stamp.
keys e4 Enter
wait_dialog "'e4' is not a legal move"
wait_dialog "1 move to write: Black's (clock 4:55.0)"
keys BSpace BSpace e5 Enter
wait_for "Last move: e5"
absent "1 move to write:"
# Nobody paid for the typing: White's clock has run since Black's key
# (4:53.0 after his increment, 20.5 s gone), Black's stands at 4:58.0.
# The screen in whole seconds (RU-41), the record's report to the tenth.
wait_re "Clock 4:32( |$)"
wait_re "Clock 4:58( |$)"
"$BIN" export --db "$DB" --format text 1 | grep -qxF "Clocks at the last event: Player 1 4:32.5, Player 2 4:58.0." ||
	fail "the clocks at the SANs: $("$BIN" export --db "$DB" --format text 1)"

rec=$(record)
for want in "^10000 press w" "^15000 press b" " san e4" " san e5"; do
	grep -q -- "$want" <<<"$rec" || fail "no '$want' in the record: $rec"
done
grep -q " move " <<<"$rec" && fail "a move typed instead of stamped: $rec"

keys q y
wait_exit 0

# resumed NAME LANG SETTINGS [EVENT...]: a game recorded by the scripted
# driver (its settings, its start, the events), opened by `resume` (paused,
# RU-18) at 60x22 with the options after resume's argument, then resumed (p).
resumed() {
	local db=$XDG_DATA_HOME/$1.db lang=$2 settings=$3
	shift 3
	printf '%s\n' "$settings" "0 start" "$@" | "$BIN" script --db "$db" >/dev/null || fail "script $db"
	DB=$db
	start 60 22 "$BIN" resume 1 --db "$db" --lang "$lang"
	wait_for "Alice"
	keys p
}

# A flag falls while White's stamp waits: Black loses on time, the entry
# stays open over the end screen, and White's SAN is still written.
resumed flag en "settings format=chess tc=1+0 white=Alice black=Bruno"
advance 1000
keys x
wait_dialog "Move of White (Alice), key at clock 0:59.0"
keys e4
advance 60100
wait_flat "Bruno's flag fell: game over, Alice wins on time"
keys Enter
wait_flat "Result: Alice wins on time"
wait_flat "last move e4"
grep -q "^1000 press w" <<<"$(record)" || fail "no press at 1000: $(record)"
grep -q " san e4" <<<"$(record)" || fail "no SAN after the fall: $(record)"
keys q
wait_exit 0

# Black's mate written after White's key: the game ended at the mate's
# stamp, White's stamp is void, and the console says so.
resumed mate en "settings format=chess tc=5+0 white=Alice black=Bruno" "1000 move w f3" "2000 move b e5" "3000 move w g4"
advance 1000
keys n
advance 1000
keys x
wait_dialog "2 moves to write: Black's (clock"
keys Qh4# Enter
wait_flat "1 later stamp void: that move ended the game at its stamp (RU-38)."
wait_flat "Result: Bruno wins by checkmate"
rec=$(record)
grep -q " press w" <<<"$rec" || fail "the void stamp left the record: $rec"
keys q
wait_exit 0

# French, 60x22: the prompt and the queue whole in the dialog.
resumed fr fr "settings format=chess tc=5+3 white=Alice black=Bruno"
advance 2000
keys x
advance 1000
keys n
wait_dialog "Coup des Blancs (Alice), touche à la pendule 4:58,0 : SAN ou UCI (e4, Cf3, O-O, e2e4)"
wait_dialog "2 coups à écrire : celui des Blancs (pendule 4:58,0), celui des Noirs (pendule 4:59,0)"
keys Escape q o
wait_exit 0

# No clock: the key stamps the move with no time to say.
resumed none en "settings format=chess tc=none white=Alice black=Bruno"
keys x
wait_dialog "Move of White (Alice), key pressed: SAN or UCI (e4, Nf3, O-O, e2e4)"
wait_dialog "1 move to write: White's"
absent "(clock"
keys e4 Enter
wait_for "Last move: e4"
keys q y
wait_exit 0
echo "ok"
