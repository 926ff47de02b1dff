#!/usr/bin/env bash
# `chesscubing watch` on the games that are not ChessCubing matches, beside
# the scripted driver recording them (it takes the console's live path).
# A Chess-Uno game: the spectator sees the game's log as the renderer says
# it (draws, moves, placements), the phase without the arbiter's keys, and
# neither the pile's order nor the deal before the game is over (UNO-8.1);
# an undone move leaves the log (UNO-R9). A chess game: the two clocks, the
# moves in the log, a claimable draw said without the arbiter's key. Both
# are called games, read only (RE-1.4), as the setup's resume offer, the
# report and the scenario export call them.
. "$(dirname "$0")/lib.sh" "$1"
clauses RE-1.4 UNO-8.1 UNO-R9

DIR=$(mktemp -d)
trap 'finish; rm -rf "$DIR"' EXIT

# no_keys: none of the arbiter's key hints is on the screen.
no_keys() {
	local hint
	for hint in "d: draw" "m: move" "(m: move" "e: end" "p: place" "u: undo" "r: resign" "a: agreed" "k: claim" \
		"l: all of them" "l: log" "?: help" "Space (or" "(d)." "c: correct"; do
		absent "$hint"
	done
}

# append DB SCENARIO_LINES...: more events for game 1 of DB, as a console
# would commit them.
append() {
	local db=$1
	shift
	printf '%s\n' "$@" >"$DIR/more.scn"
	"$BIN" script --db "$db" --resume 1 "$DIR/more.scn" >"$DIR/out.json" ||
		fail "script --resume: $(cat "$DIR/out.json")"
	advance 300 # a poll of the watcher (every 0.25 s while no clock runs)
}

# ---- Chess-Uno: the game of docs/scenario-format.md to mate after a placement (UNO-R6).
UNO=$DIR/uno.db
cat >"$DIR/uno.scn" <<'EOF'
settings format=uno white=Alice black=Bruno deck=5,9,0,7,23
1000 card w
2000 move w c4
3000 move w e4
4000 move w Ne2
5000 card b
6000 move b d5
EOF
"$BIN" script --db "$UNO" "$DIR/uno.scn" >/dev/null || fail "script --db (uno)"

start 80 40 "$BIN" watch --db "$UNO"
wait_for "Watching game 1 (read only)"
wait_for "To play: Black's army, held by Bruno"
wait_for "Series: 4 of 5 moves left."
wait_for "Events:"
wait_for "Alice (White's army) draws 3 red: up to 3 moves"
wait_for "Alice plays c4"
wait_for "Alice plays Ne2"
wait_for "Bruno (Black's army) draws 5 red: up to 5 moves"
wait_for "Bruno plays d5"
wait_for "No console is running this game."
absent "match"
no_keys
# The pile's order and the deal are the dealer's until the end.
absent "order="
absent "Secret"
absent "Deal:"

# Moves as they are committed; an undone one leaves the log (UNO-R9).
append "$UNO" "settings format=uno" "7000 move b dxc4"
wait_for "Bruno plays dxc4"
append "$UNO" "settings format=uno" "7500 undo"
wait_for "Series: 4 of 5 moves left."
absent "dxc4"
append "$UNO" "settings format=uno" "8000 move b dxc4" "9000 move b Qd4" "10000 move b Qxe4" "11000 move b Kd7" \
	"13000 card w"
wait_for "Alice (White's army) draws 0 red: no move"
wait_for "A card is to be drawn."
no_keys
append "$UNO" "settings format=uno" "14000 card b" "15000 move b Kd6" "16000 move b Kd5" "17000 move b Kd4" \
	"18000 move b Kd3" "19000 card w"
wait_flat "Alice (White's army) draws +2 (red): up to 2 recovered pawns, then one move"
wait_for "Placement: up to 2 recovered pawns."
no_keys
absent "Deal:"
append "$UNO" "settings format=uno" "20000 place w c2"
wait_for "Alice puts a recovered pawn on c2"
# Over: the pawn on c2 attacks the king, White still has the hand: mate
# (UNO-R6); the secret and the deal are revealed, still without a key.
wait_for "Alice wins by checkmate"
wait_for "FIXED DEAL: the cards were not shuffled; this game is not rated."
wait_for "Secret, revealed now:"
wait_for "Deal: chess-uno-deal/1"
no_keys
absent "n: new match"
keys q
wait_exit 0

# ---- A chess game: two clocks, the moves, a draw that may be claimed.
CHESS=$DIR/chess.db
cat >"$DIR/chess.scn" <<'EOF'
settings format=chess tc=5+3 claims=manual white=Anne black=Ben
0 start
2000 move w Nf3
3000 move b Nf6
4000 move w Ng1
5000 move b Ng8
6000 move w Nf3
7000 move b Nf6
8000 move w Ng1
EOF
"$BIN" script --db "$CHESS" "$DIR/chess.scn" >/dev/null || fail "script --db (chess)"
cleanup
start 80 24 "$BIN" watch --db "$CHESS"
wait_for "Watching game 1 (read only)"
wait_re "White: Anne +.*Black: Ben +TO MOVE"
wait_re "Clock 5:0[0-9] +Clock 5:0[0-9]( |$)" # RU-41: whole seconds
wait_for "Anne plays Ng1"
wait_for "Ben plays Nf6"
wait_for "No console is running this game: clocks stopped at its last event."
no_keys
append "$CHESS" "settings format=chess tc=5+3 claims=manual" "8500 resume" "9000 move b Ng8"
wait_for "Ben plays Ng8"
wait_for "A draw may be claimed (9.2, 9.3): threefold repetition."
no_keys
absent "match"
keys q
wait_exit 0

# The console's setup offers the unfinished game back as a game; the
# report and the scenario export call both games too.
cleanup
start 80 24 "$BIN" --db "$CHESS"
wait_flat "r: resume unfinished game 1 (Anne - Ben, chess game)"
keys q
wait_exit 0
"$BIN" show --db "$CHESS" 1 | head -1 | grep -q "claims manual, game 1, created" || fail "show: $("$BIN" show --db "$CHESS" 1)"
"$BIN" show --db "$CHESS" 1 | grep -q "moves; position " || fail "an unfinished game has no final position"
"$BIN" show --db "$UNO" 1 | head -1 | grep -q "^Chess-Uno, game 1, created" || fail "show: $("$BIN" show --db "$UNO" 1)"
"$BIN" export --db "$UNO" --format scenario 1 | head -1 | grep -qx "# Game 1, exported by chesscubing" ||
	fail "scenario export's header"

# In French: the log as the renderer says it there.
cleanup
start 80 40 "$BIN" watch --lang fr --db "$UNO"
wait_for "Partie 1 suivie (lecture seule)"
wait_for "Alice pose un pion récupéré en c2"
wait_flat "DONNE FIXÉE : les cartes n'ont pas été mélangées ; cette partie ne compte pas au classement."
keys q
wait_exit 0
echo "ok"
