#!/usr/bin/env bash
# The small wrongs of issue 11 item 8, each fixed: no dialog for what the
# core would refuse (mate at the start of a block, a move before the block
# starts in moves recording, an arbiter decision without a reason), names
# and the winner in the dialogs, why there is no double move, the
# stopwatch's DNF and its stopped label, the board's state line after the
# mate, the watcher quiet about clocks of a finished match; the scramble
# sheet from the setup screen; --lang after the command; `list` aligned by
# display width.
. "$(dirname "$0")/lib.sh" "$1"
clauses TW-6.1 CO-6.1 CU-6.1 CU-6.2

start 80 24 "$BIN"
wait_for "New match"
# The scramble sheet of the form's seed, shown and written beside the database.
keys w
wait_for "ChessCubing scramble sheet (seed"
wait_for "Written to"
sheet=$(ls "$XDG_DATA_HOME"/chesscubing/scramble-sheet-*.txt) || fail "no sheet file"
grep -q "^Cube 4: " "$sheet" || fail "sheet file: $(cat "$sheet")"
# ... and its printable page beside it (CU-6.1, CU-6.2): the same four
# scrambles under their numbers, the players of the form.
wait_for "Printable page with the cubes drawn"
pdf=${sheet%.txt}.pdf
[ "$(head -c 5 "$pdf")" = "%PDF-" ] || fail "no printable page at $pdf"
words=$(pdftotext -enc UTF-8 "$pdf" -) || fail "pdftotext refused $pdf"
for n in 1 2 3 4; do
  scramble=$(sed -n "s/^Cube $n: //p" "$sheet")
  printf '%s\n' "$words" | tr '\n' ' ' | tr -s ' ' | grep -qF -- "$scramble" ||
    fail "cube $n's scramble '$scramble' is not on the page: $words"
done
printf '%s\n' "$words" | grep -q "Before the match" || fail "page header: $words"
keys Escape
absent "ChessCubing scramble sheet (seed"
setup_match 0
seed=$(basename "$sheet" .txt | sed 's/.*-//')

# m before the block starts: the core's reason, and no question.
keys m
wait_re "no block is running|mate can only be declared"
absent "Checkmate:"
# Who resigns: with the names.
keys r
wait_for "Who resigns? w: White (Alice)  b: Black (Bob)"
keys Escape
# An arbiter decision without a reason is refused at once; with one, the
# confirmation says who wins.
keys a w Enter
wait_for "an arbiter decision needs a reason"
keys illness Enter
wait_dialog 'Record the decision: Alice (White) wins, "illness"? It ends the match.'
keys Escape

# Block 1 to the cube phase; Bob (Black) made the last move.
keys s
wait_for "TO MOVE"
moved 12
wait_for "Cube phase after block 1"
# The stopwatch: White did not finish (d), Black stops (2): "(stopped)".
keys t
wait_for "Stopwatch"
keys d
wait_dialog "Who did not finish the solve (DNF)? w: White (Alice) b: Black (Bob)"
keys w
wait_dialog "White (Alice): DNF. Count this time?"
keys y
wait_for "Solve time DNF (typed)"
advance 25000 # Black's solve on the stopwatch
keys 2
wait_for "Count this time?"
wait_for "(stopped)"
keys y
# Bob won and made the last move of block 1: no double move, and why.
wait_for "Block 2 is ready: Bob (Black) moves first"
wait_for "No double move: Bob (Black) also made the last move of block 1."
keys q y
wait_exit 0

# The same seed in the record: the sheet written before is the match's.
"$BIN" show 1 | grep -q "^Cube 4: $(sed -n 's/^Cube 4: //p' "$sheet")\$" || fail "sheet differs from the match's"

# Moves recording: Space before s says why, and opens no move dialog.
$TMUX_CMD kill-server
start 80 40 "$BIN" --lang en
wait_for "New match"
keys Down Down Down Down Right Down Right
keys s
wait_for "MOVES FIRST"
keys Space
wait_re "no block is running"
absent "SAN or UCI (e4"
keys s
wait_for "TO MOVE"
# (-l: tmux would read "f3" as the F3 key.)
for m in f3 e5 g4 Qh4#; do advance 400; keys Space; keys -l "$m"; keys Enter; done
wait_for "Match over"
keys v
wait_for "Match over."
absent "to move."
keys v q
wait_exit 0

# The watcher on a finished match: no word about stopped clocks.
DB=$XDG_DATA_HOME/chesscubing/matches.db
$TMUX_CMD kill-server
start 80 24 "$BIN" watch --db "$DB" 2
wait_for "Match over"
# The watcher asks whether a console runs at each poll: a few polls of the
# test clock, then (a check that something is absent) a moment to draw.
advance 2000
sleep 0.5
absent "No console is running"
keys q
wait_exit 0

# --lang after the command, and list's columns by display width.
"$BIN" list --lang fr --db "$DB" >/dev/null || fail "--lang after list refused"
"$BIN" resume --lang de 2>&1 | grep -q "unknown language 'de'" || fail "a bad --lang after resume accepted"
printf 'settings format=time category=fast white=\xc3\x89lodie_M\xc3\xbcller black=Bob seed=3\n0 start\n' |
	"$BIN" script --db "$DB" >/dev/null || fail "script --db"
cols=$("$BIN" list --db "$DB" | grep " Bob " | while IFS= read -r line; do
	printf '%s' "${line%%Bob*}" | wc -m
done | sort -u | wc -l)
[ "$cols" = 1 ] || fail "list columns differ: $("$BIN" list --db "$DB")"
echo "ok"
