#!/usr/bin/env bash
# uno_verify.sh BIN: a Chess-Uno game's record verifies, and a record with
# one thing changed does not (issue 14, rules/chess-uno.md UNO-F1); the
# game moves Chess-Uno's rating list only (UNO-R7).
# A game to mate is recorded with `script --db` from a given order: it is
# marked fixed, never rated, and `verify` says why (UNO-F10, UNO-F11). A
# fair game (a random deal, then a resignation) is rated; `verify` accepts it and
# the commitment it prints is sha256sum of the secret's bytes followed by
# the deal, the options and the players (RE-3.4), computed here
# independently of the C code. Then copies of the
# file are tampered with the sqlite3 shell: one card drawn changed, one
# card of the committed order swapped, the secret changed. Each must fail.
set -u
BIN=${1:?usage: $0 path/to/chesscubing}
echo "CLAUSES: uno_verify UNO-F1 UNO-2.2 UNO-R6 UNO-R7 RE-3.4 UNO-F10 UNO-F11 UNO-F12"
[ "${CC_CLAUSES:-}" = list ] && exit 0
command -v sqlite3 >/dev/null || { echo "sqlite3 is missing (apt-get install -y sqlite3)"; exit 1; }
DIR=$(mktemp -d /tmp/cc-uno-verify-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }

# White draws red-3 (ID 5): e4, Qh5, Qxf7, the third and last move of the
# series, attacks the king; Black draws red-0 (ID 0): no move; White draws red-1
# (ID 1): one move could take the king, so White wins at once (UNO-R6).
cat >"$DIR/game.scn" <<'SCN'
settings format=uno white=Alice black=Bruno deck=5,0,1
1000 card w
2000 move w e4
3000 move w Qh5
4000 move w Qxf7
5000 card b
6000 card w
SCN
"$BIN" players --db "$DIR/m.db" add Alice >/dev/null && "$BIN" players --db "$DIR/m.db" add Bruno >/dev/null \
	|| bad "players registered"
"$BIN" script --db "$DIR/m.db" "$DIR/game.scn" >"$DIR/out.json" || bad "the game is recorded"
# UNO-F10: a game dealt from a given order (deck=) is marked fixed and
# never rated: neither list moves, and show, list and the export say so.
"$BIN" ratings --db "$DIR/m.db" --game uno --all --csv | grep -q '^[12],Alice,1000,1000.000000,silver,0,0,0,0' \
	&& ok "a fixed deal moves no Chess-Uno rating" || bad "uno list: $("$BIN" ratings --db "$DIR/m.db" --game uno --csv)"
"$BIN" ratings --db "$DIR/m.db" --all --csv | grep -q '^[12],Alice,1000,1000.000000,silver,0,0,0,0' \
	&& ok "ChessCubing's list does not move" || bad "chesscubing list: $("$BIN" ratings --db "$DIR/m.db" --csv)"
[ "$(sqlite3 "$DIR/m.db" "SELECT rated || ',' || uno_fixed FROM matches WHERE id = 1")" = "0,1" ] \
	&& ok "the record marks the deal fixed and the game unrated" \
	|| bad "record: $(sqlite3 "$DIR/m.db" "SELECT rated, uno_fixed FROM matches WHERE id = 1")"
"$BIN" show --db "$DIR/m.db" 1 | grep -qx 'Fixed deal: the cards were not shuffled; not rated.' \
	&& "$BIN" show --db "$DIR/m.db" 1 | grep -q '^Chess-Uno ratings: not counted' \
	&& "$BIN" list --db "$DIR/m.db" | grep -q '^   1 .*1-0 checkmate  Fixed deal' \
	&& "$BIN" export --db "$DIR/m.db" --format pgn 1 | grep -qx '\[ChessUnoDealt "fixed"\]' \
	&& "$BIN" export --db "$DIR/m.db" --format json 1 | jq -e '.fixed_deal == true' >/dev/null \
	&& ok "show, list and the exports say the deal was fixed" || bad "fixed mark: $("$BIN" show --db "$DIR/m.db" 1)"
grep -q '"reason":"checkmate"' "$DIR/out.json" && ok "the game ends by mate after the draw" || bad "mate: $(cat "$DIR/out.json")"

# UNO-F11: verify re-derives the order from the revealed key, and says
# where the given order departs from it: the top card, red 3 (ID 5), where
# the key of seed=1 puts another card.
"$BIN" verify --db "$DIR/m.db" 1 >"$DIR/fixed.txt"
status=$?
[ $status -eq 1 ] && grep -q '^NOT VERIFIED: the pile.s order is not the one the revealed key gives (UNO-F2): card 1 of the pile is 5 where the key puts [0-9]*; the deal was given, not shuffled$' "$DIR/fixed.txt" \
	&& ok "verify re-derives the order and says where it departs" || bad "fixed verify: status $status, $(cat "$DIR/fixed.txt")"
# seed= follows its key, but the key is a public number: fixed all the same.
printf 'settings format=uno white=Alice black=Bruno seed=7\n1000 card w\n2000 resign b\n' >"$DIR/seed.scn"
"$BIN" script --db "$DIR/seed.db" "$DIR/seed.scn" >/dev/null || bad "the seed= game is recorded"
"$BIN" verify --db "$DIR/seed.db" >"$DIR/seed.txt"
status=$?
[ $status -eq 1 ] && grep -q '^NOT VERIFIED: the deal was fixed before the game' "$DIR/seed.txt" \
	&& ok "a seed= deal is not verified, said to be fixed" || bad "seed verify: status $status, $(cat "$DIR/seed.txt")"
"$BIN" --lang fr verify --db "$DIR/seed.db" | grep -q '^NOT VERIFIED: la donne a été fixée avant la partie' \
	&& ok "the reason said in French" || bad "French: $("$BIN" --lang fr verify --db "$DIR/seed.db")"

# A fair game (match 2): dealt from the random source, one card drawn
# (whatever it is), then Bruno resigns. It verifies, and (UNO-R7) moves
# Chess-Uno's list only (K 40 from 1000 each: +20 / -20).
printf 'settings format=uno white=Alice black=Bruno\n1000 card w\n2000 resign b\n' >"$DIR/fair.scn"
"$BIN" script --db "$DIR/m.db" "$DIR/fair.scn" >/dev/null || bad "the fair game is recorded"
[ "$(sqlite3 "$DIR/m.db" "SELECT rated || ',' || uno_fixed FROM matches WHERE id = 2")" = "1,0" ] \
	&& ok "a shuffled deal is rated, not marked fixed" || bad "fair record: $(sqlite3 "$DIR/m.db" "SELECT rated, uno_fixed FROM matches WHERE id = 2")"
"$BIN" ratings --db "$DIR/m.db" --game uno --csv | grep -q '^1,Alice,1020,1020.000000,silver,1,1,0,0,20.000000$' \
	&& ok "the Chess-Uno list rates the fair game" || bad "uno list: $("$BIN" ratings --db "$DIR/m.db" --game uno --csv)"
"$BIN" show --db "$DIR/m.db" 2 | grep -q '^Chess-Uno ratings: Alice 1000 -> 1020 (+20.0, silver), Bruno 1000 -> 980 (-20.0, silver)$' \
	&& ! "$BIN" show --db "$DIR/m.db" 2 | grep -q 'Fixed deal' \
	&& ok "show says the change in Chess-Uno's list" || bad "show: $("$BIN" show --db "$DIR/m.db" 2)"
"$BIN" verify --db "$DIR/m.db" 2 >"$DIR/verify.txt"
status=$?
[ $status -eq 0 ] && grep -q '^verified: .* its 1 draws' "$DIR/verify.txt" && ok "the fair record verifies" \
	|| bad "verify: status $status, $(cat "$DIR/verify.txt")"

# UNO-F12: the winner changed in the record: show and verify reject it,
# and the ratings no longer count the game.
cp "$DIR/m.db" "$DIR/winner.db"
sqlite3 "$DIR/winner.db" "UPDATE matches SET result_winner = 'black' WHERE id = 2"
! "$BIN" verify --db "$DIR/winner.db" 2 >/dev/null && "$BIN" show --db "$DIR/winner.db" 2 | grep -q '^Result: Alice wins by resignation (1-0)' \
	&& "$BIN" ratings --db "$DIR/winner.db" --game uno --all --csv | grep -q '^[12],Alice,1000,1000.000000,silver,0,0,0,0' \
	&& ok "a tampered winner is not counted" || bad "tampered winner: $("$BIN" ratings --db "$DIR/winner.db" --game uno --csv)"
# and a writer's rebuild of the cache skips it as well
"$BIN" players --db "$DIR/winner.db" add Chloe >/dev/null
"$BIN" ratings --db "$DIR/winner.db" --game uno --all --csv | grep -q '^[123],Alice,1000,1000.000000,silver,0,0,0,0' \
	&& ok "a tampered winner is not counted after a rebuild" || bad "rebuilt: $("$BIN" ratings --db "$DIR/winner.db" --game uno --csv)"

# The commitment by hand (version 2, RE-3.4): SHA-256 of the 32 secret
# bytes, the deal's text, then a NUL before each of the options, White's
# and Black's names as the record keeps them.
secret=$(sqlite3 "$DIR/m.db" "SELECT uno_secret FROM matches WHERE id = 2")
deal=$(sqlite3 "$DIR/m.db" "SELECT uno_deal FROM matches WHERE id = 2")
options=$(sqlite3 "$DIR/m.db" "SELECT uno_options FROM matches WHERE id = 2")
white=$(sqlite3 "$DIR/m.db" "SELECT white FROM matches WHERE id = 2")
black=$(sqlite3 "$DIR/m.db" "SELECT black FROM matches WHERE id = 2")
commitment=$(sqlite3 "$DIR/m.db" "SELECT uno_commitment FROM matches WHERE id = 2")
secret_bytes() { printf "$(printf '%s' "$secret" | sed 's/../\\x&/g')"; }
by_hand=$({ secret_bytes; printf '%s\0%s\0%s\0%s' "$deal" "$options" "$white" "$black"; } | sha256sum | cut -d' ' -f1)
[ -n "$commitment" ] && [ "$by_hand" = "$commitment" ] \
	&& ok "sha256sum(secret || deal || NUL options || NUL white || NUL black) is the commitment" \
	|| bad "commitment $commitment, by hand $by_hand"
! grep -q "version 1" "$DIR/verify.txt" && ok "a new game's commitment is version 2" || bad "$(cat "$DIR/verify.txt")"
grep -q "^commitment  $commitment" "$DIR/verify.txt" && ok "verify prints the commitment" || bad "verify output"

# The PGN export: the cards in the comments, the commitment and (the game
# over) the secret; where White's series goes on, a new part from the
# position (no null move), or in pgn-null one game with null moves.
c1=$(sqlite3 "$DIR/m.db" "SELECT uno_commitment FROM matches WHERE id = 1")
s1=$(sqlite3 "$DIR/m.db" "SELECT uno_secret FROM matches WHERE id = 1")
d1=$(sqlite3 "$DIR/m.db" "SELECT uno_deal FROM matches WHERE id = 1")
"$BIN" export --db "$DIR/m.db" --format pgn-null 1 >"$DIR/game.pgn"
"$BIN" export --db "$DIR/m.db" --format pgn 1 >"$DIR/parts.pgn"
tr '\n' ' ' <"$DIR/game.pgn" | grep -q '1\. e4 -- 2\. Qh5 -- 3\. Qxf7+ ' && grep -q '^\[Variant "Chess-Uno"\]$' "$DIR/game.pgn" \
	&& grep -q "^\[ChessUnoCommitment \"$c1\"\]\$" "$DIR/game.pgn" && grep -q "^\[ChessUnoSecret \"$s1\"\]\$" "$DIR/game.pgn" \
	&& tr '\n' ' ' <"$DIR/game.pgn" | grep -q 'Alice (White.s army) draws 3 red: up to 3 moves' \
	&& ! grep -q '^\[ChessUnoDeal ' "$DIR/game.pgn" && tr '\n' ' ' <"$DIR/game.pgn" | grep -qF "{deal, a space after each comma: ${d1//,/, }" \
	&& ok "the PGN export: null moves, cards as comments, commitment and secret, the deal in a comment" || bad "PGN: $(cat "$DIR/game.pgn")"
[ "$(grep -c '^\[Event ' "$DIR/parts.pgn")" -gt 1 ] && grep -q '^\[Part "2"\]$' "$DIR/parts.pgn" \
	&& ! grep -v '^\[' "$DIR/parts.pgn" | grep -q -- ' -- ' && ! grep -q '} {' "$DIR/parts.pgn" \
	&& ok "the PGN export in parts: no null move, one comment per move" || bad "PGN parts: $(cat "$DIR/parts.pgn")"

# tamper NAME SQL: a copy of the record changed by SQL must not verify.
tamper() {
	cp "$DIR/m.db" "$DIR/$1.db"
	sqlite3 "$DIR/$1.db" "$2"
	"$BIN" verify --db "$DIR/$1.db" >"$DIR/$1.txt" 2>&1
	local status=$?
	if [ $status -eq 1 ] && grep -q "NOT VERIFIED" "$DIR/$1.txt"; then
		ok "$1: not verified ($(grep NOT "$DIR/$1.txt"))"
	else
		bad "$1: status $status, $(cat "$DIR/$1.txt")"
	fi
}
# The fair game's card said to be another (red-2, ID 3 or 4), not the pile's top.
tamper card "UPDATE events SET text = CASE text WHEN '3' THEN '4' ELSE '3' END WHERE match_id = 2 AND seq = 0"
# Two cards of the committed order exchanged: the hash no longer matches.
swapped=$(printf '%s' "$deal" | sed -E 's/order=([0-9]+),([0-9]+),/order=\2,\1,/')
[ "$swapped" != "$deal" ] || bad "the order swapped"
tamper order "UPDATE matches SET uno_deal = '$swapped' WHERE id = 2"
# Another secret revealed at the end.
tamper secret "UPDATE matches SET uno_secret = '$(printf '%064d' 0)' WHERE id = 2"
# RE-3.4: an option changed after the game (the replay alone does not see
# it), and the two players swapped.
tamper options "UPDATE matches SET uno_options = replace(uno_options, 'drawAfterTurnsWithoutMove=10', \
	'drawAfterTurnsWithoutMove=3') WHERE id = 2"
tamper players "UPDATE matches SET white = black, black = white, white_id = black_id, black_id = white_id WHERE id = 2"

# A game recorded before version 2 (its commitment SHA-256(secret || deal))
# still verifies, and verify says what its version does not bind.
v1=$({ secret_bytes; printf '%s' "$deal"; } | sha256sum | cut -d' ' -f1)
cp "$DIR/m.db" "$DIR/v1.db"
sqlite3 "$DIR/v1.db" "UPDATE matches SET uno_commitment = '$v1' WHERE id = 2"
if "$BIN" verify --db "$DIR/v1.db" >"$DIR/v1.txt" && grep -q '^commitment version 1 ' "$DIR/v1.txt" \
	&& grep -q '^verified: ' "$DIR/v1.txt" && grep -q "^computed    $v1\$" "$DIR/v1.txt"; then
	ok "a version 1 record verifies, said to be version 1"
else
	bad "version 1: $(cat "$DIR/v1.txt")"
fi

# An unfinished game is not verified before its secret is revealed.
head -4 "$DIR/game.scn" >"$DIR/part.scn"
"$BIN" script --db "$DIR/part.db" "$DIR/part.scn" >/dev/null
"$BIN" verify --db "$DIR/part.db" 2>"$DIR/part.txt" && bad "an unfinished game verified" \
	|| { grep -q "is not over" "$DIR/part.txt" && ok "an unfinished game is refused with its reason" \
		|| bad "unfinished: $(cat "$DIR/part.txt")"; }

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
