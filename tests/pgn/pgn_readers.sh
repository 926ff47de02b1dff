#!/usr/bin/env bash
# pgn_readers.sh BIN PGN_EXTRACT SCENARIO...: the PGN exports as other
# programs read them (issue 23; RE-2.1, RE-2.2).
#  - each scenario is recorded, exported as pgn and as pgn-null;
#  - pgn-extract -s takes every pgn export strictly (no --allownullmoves)
#    and says nothing, and the pgn-null one with --allownullmoves;
#  - chess.js's loadPgn (strict) takes every game of a standard board, and
#    ends on the position `import` ends on;
#  - `import` reads every game of both forms, and the last one ends on the
#    position the match ended on (a Chess-Uno game: its pieces, RE-4.4);
#  - the moves read are the same in both forms (passes aside) and, on a
#    standard board, the ones chess.js reads;
#  - no line of movetext is over 79 characters, no tag line over 255 (SCID);
#  - a file of 1,000 games written as other tools write PGN (a byte-order
#    mark, % lines, 0-0, e.p., NAGs glued and spaced, comments, variations),
#    made by chess.js from a fixed seed, is read whole by `import`, each
#    game to chess.js's final position; pgn-extract takes it without a word,
#    and import reads pgn-extract's rewrite of it too;
#  - a file with bad games among good ones: each bad one named, the others read.
# FENs are compared with their en passant field aside: chess.js writes the
# square only when a capture there is legal, the program after every
# double step (both are FEN).
noep() { awk '{ $4 = "-"; print }'; }
# A Checkered game is no chess: pgn-extract and chess.js do not read it
# (its FEN has eight fields, its captures promote to =P); only `import`
# does. A Chess-Uno game is read back by its own moves (RE-4.4): where it
# stands is its pieces (its side to move and counters follow the cards).
set -u
BIN=${1:?usage: $0 path/to/chesscubing pgn-extract scenario...}
PGN_EXTRACT=${2:?}
shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
echo "CLAUSES: pgn_readers RE-2.1 RE-2.2 RE-4.1 RE-4.2 RE-4.3 RE-4.4 RE-4.5"
[ "${CC_CLAUSES:-}" = list ] && exit 0
[ -d "$HERE/node_modules/chess.js" ] || { echo "chess.js is missing: run 'npm ci' in tests/pgn (scripts/dev.sh does)"; exit 1; }
DIR=$(mktemp -d /tmp/cc-pgn-readers-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }

for scn in "$@"; do
	n=$(basename "$scn" .scn)
	"$BIN" script --db "$DIR/$n.db" "$scn" >"$DIR/$n.json"
	want=$(sed -n 's/.*"fen":"\([^"]*\)".*/\1/p' "$DIR/$n.json")
	uno=$(grep -c '^settings format=uno' "$scn")
	checkered=$(grep -c 'variant=checkered' "$scn")
	"$BIN" export --db "$DIR/$n.db" --format pgn 1 >"$DIR/$n.pgn" || { bad "$n: export pgn"; continue; }
	"$BIN" export --db "$DIR/$n.db" --format pgn-null 1 >"$DIR/$n.null.pgn" || { bad "$n: export pgn-null"; continue; }
	grep -v '^\[' "$DIR/$n.pgn" | grep -q -- '-- ' && bad "$n: a null move in the pgn form" || ok "$n: no null move in the pgn form"
	grep -q '} *{' "$DIR/$n.pgn" "$DIR/$n.null.pgn" && bad "$n: two comments in a row" || ok "$n: one comment per move"
	if [ "$checkered" = 0 ]; then
		"$PGN_EXTRACT" -s "$DIR/$n.pgn" >/dev/null 2>"$DIR/$n.err"
		[ $? = 0 ] && [ ! -s "$DIR/$n.err" ] && ok "$n: pgn-extract -s says nothing" || bad "$n: pgn-extract: $(cat "$DIR/$n.err")"
		"$PGN_EXTRACT" -s --allownullmoves "$DIR/$n.null.pgn" >/dev/null 2>"$DIR/$n.err"
		[ $? = 0 ] && [ ! -s "$DIR/$n.err" ] && ok "$n: pgn-extract -s --allownullmoves takes pgn-null" \
			|| bad "$n: pgn-extract on pgn-null: $(cat "$DIR/$n.err")"
	fi
	long=$(awk '/^\[/ { if (length($0) > 255) print } !/^\[/ { if (length($0) > 79) print }' "$DIR/$n.pgn" "$DIR/$n.null.pgn")
	[ -z "$long" ] && ok "$n: lines within the readers' limits" || bad "$n: long lines: $long"
	"$BIN" import "$DIR/$n.pgn" >"$DIR/$n.import" 2>"$DIR/$n.import.err" || bad "$n: import: $(cat "$DIR/$n.import.err")"
	"$BIN" import "$DIR/$n.null.pgn" >"$DIR/$n.null.import" 2>"$DIR/$n.import.err" || bad "$n: import pgn-null: $(cat "$DIR/$n.import.err")"
	board() { if [ "$uno" = 1 ]; then awk '{ print $1 }'; else cat; fi; }
	want=$(echo "$want" | board)
	got=$(sed -n 's/^fen //p' "$DIR/$n.import" | tail -1 | board)
	[ -n "$want" ] && [ "$want" = "$got" ] && ok "$n: import reads the pgn form back to $got" || bad "$n: match ended on '$want', pgn reads back to '$got'"
	got=$(sed -n 's/^fen //p' "$DIR/$n.null.import" | board)
	[ "$want" = "$got" ] && ok "$n: import reads pgn-null back" || bad "$n: pgn-null reads back to '$got'"
	# the same moves in both forms: the parts one after the other, pgn-null without its passes
	parts=$(sed -n 's/^moves//p' "$DIR/$n.import" | tr -s ' \n' '  ' | sed 's/^ *//; s/ *$//')
	whole=$(sed -n 's/^moves//p' "$DIR/$n.null.import" | tr ' ' '\n' | grep -v -e '^--$' -e '^$' | tr '\n' ' ' | sed 's/ *$//')
	[ -n "$parts" ] && [ "$parts" = "$whole" ] && ok "$n: both forms read back to the same moves" \
		|| bad "$n: the parts read '$parts', pgn-null reads '$whole'"
	# the moves read back: as many as the match's plies, passes aside
	plies=$(sed -n 's/.*"plies":\([0-9]*\).*/\1/p' "$DIR/$n.json")
	passes=$(grep -v '^\[' "$DIR/$n.null.pgn" | grep -o -- '-- ' | wc -l)
	read_plies=$(sed -n 's/.*, \([0-9]*\) pl\(y\|ies\),.*/\1/p' "$DIR/$n.import" | awk '{ s += $1 } END { print s + 0 }')
	[ -z "$plies" ] || [ "$read_plies" = $((plies - passes)) ] && ok "$n: the parts hold every move ($read_plies)" \
		|| bad "$n: $read_plies moves in the parts, the match has $plies plies with $passes passes"
	if [ "$checkered" = 0 ] && [ "$uno" = 0 ]; then
		node "$HERE/readers.mjs" load "$DIR/$n.pgn" >"$DIR/$n.chessjs"
		paste -d'|' <(sed 's/^fen //' "$DIR/$n.chessjs" | noep) <(sed -n 's/^fen //p' "$DIR/$n.import" | noep) >"$DIR/$n.both"
		if ! grep -q '^refused\|^skip' "$DIR/$n.chessjs" && [ -s "$DIR/$n.both" ] && awk -F'|' '$1 != $2 { bad = 1 } END { exit bad }' "$DIR/$n.both"; then
			ok "$n: chess.js loads every game, to the positions import reads"
		else
			bad "$n: chess.js: $(cat "$DIR/$n.both")"
		fi
		node "$HERE/readers.mjs" moves "$DIR/$n.pgn" | sed 's/^moves *//' >"$DIR/$n.chessjs.moves"
		sed -n 's/^moves *//p' "$DIR/$n.import" >"$DIR/$n.import.moves"
		cmp -s "$DIR/$n.chessjs.moves" "$DIR/$n.import.moves" && ok "$n: chess.js reads the moves import reads" \
			|| bad "$n: moves: $(diff "$DIR/$n.chessjs.moves" "$DIR/$n.import.moves" | head -4)"
	fi
done

# RE-4.2, RE-4.3: the thinking time leaves the pause out; a move declared
# in time, the pause and the lost move are said in the move's comment.
T="$DIR/twice_corrections.pgn"
if [ -f "$T" ]; then
	tr '\n' ' ' <"$T" >"$DIR/tc.flat" # a comment may be wrapped (RE-4.1)
	grep -q ' 2\.\.\. Nc6 {\[%clk 0:02:55\] \[%emt 0:00:02\]}' "$DIR/tc.flat" && grep -q ' 2\. Nf3 {[^}]*; paused 0:00:05}' "$DIR/tc.flat" \
		&& ok "%emt leaves the pause out, the pause is said" || bad "pause and %emt: $(grep -A1 'Nf3' "$T")"
	grep -q ' 6\. c3 {[^}]*declared in time}' "$DIR/tc.flat" && grep -q 'White does not move: lost on time' "$DIR/tc.flat" \
		&& ok "a move declared in time and a lost move are said" || bad "in time: $(grep 'c3\|lost' "$T")"
	"$BIN" export --db "$DIR/twice_corrections.db" --format json 1 >"$DIR/tc.json"
	node -e 'const e = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).events.filter((x) => x.kind === "correct");
		process.exit(e.length === 1 && e[0].target === "block" && !("side" in e[0]) ? 0 : 1)' "$DIR/tc.json" \
		&& ok "a block correction's JSON has no side" || bad "block correction JSON: $(grep -A8 '"correct"' "$DIR/tc.json")"
	grep -q " 8\.\.\. Bg4 {[^}]*; arbiter sets the block's time left:" "$DIR/tc.flat" && ok "the correction is in the move's comment" \
		|| bad "correction: $(tail -4 "$T")"
fi

# Other tools' PGN: 1,000 games in one file.
node "$HERE/readers.mjs" generate 1000 >"$DIR/gen.txt"
grep -v '^%%expect ' "$DIR/gen.txt" >"$DIR/foreign.pgn"
sed -n 's/^%%expect //p' "$DIR/gen.txt" | noep >"$DIR/foreign.want"
if "$BIN" import "$DIR/foreign.pgn" >"$DIR/foreign.out" 2>"$DIR/foreign.err"; then
	sed -n 's/^fen //p' "$DIR/foreign.out" | noep >"$DIR/foreign.got"
	[ "$(wc -l <"$DIR/foreign.got")" = 1000 ] && cmp -s "$DIR/foreign.want" "$DIR/foreign.got" \
		&& ok "import reads 1,000 games of other tools' PGN, each to chess.js's position" \
		|| bad "import of the generated file: $(diff "$DIR/foreign.want" "$DIR/foreign.got" | head -5)"
else
	bad "import of the generated file: $(cat "$DIR/foreign.err")"
fi

# The same games as pgn-extract writes them (a second tool: NAGs as $N,
# lines of 79, variations kept): pgn-extract takes the generated file
# without a word (it is PGN, however lenient), and import reads its
# rewrite to the same positions.
# (its progress counter, "Games: 1000" and a carriage return every 1,000
# games, is no diagnostic)
"$PGN_EXTRACT" -s -o "$DIR/rewritten.pgn" "$DIR/foreign.pgn" 2>"$DIR/rewrite.log"
status=$?
tr '\r' '\n' <"$DIR/rewrite.log" | grep -v -e '^Games: [0-9]*$' -e '^$' >"$DIR/rewrite.err"
if [ "$status" = 0 ] && [ ! -s "$DIR/rewrite.err" ]; then
	ok "pgn-extract -s takes the generated file without a word"
else
	bad "pgn-extract on the generated file: $(head -5 "$DIR/rewrite.err")"
fi
"$BIN" import "$DIR/rewritten.pgn" 2>&1 | sed -n 's/^fen //p' | noep >"$DIR/rewritten.got"
cmp -s "$DIR/foreign.want" "$DIR/rewritten.got" && ok "import reads pgn-extract's rewrite of the 1,000 games" \
	|| bad "pgn-extract's rewrite: $(diff "$DIR/foreign.want" "$DIR/rewritten.got" | head -5)"

# A file with bad games among good ones (RE-4.5): each bad one is named with
# its game number and skipped, every other game read, exit status 2.
printf '1. e4 e5 *\n\n[White "B"]\n\n1. e4 e5 2. Ke3 *\n\n1. d4 *\n\n[FEN "x"]\n\n1. e4 *\n\n1. c4 *\n' >"$DIR/mixed.pgn"
"$BIN" import "$DIR/mixed.pgn" >"$DIR/mixed.out" 2>"$DIR/mixed.err"
[ $? = 2 ] && [ "$(grep -c '^game' "$DIR/mixed.out")" = 3 ] && grep -q '^game 5: ' "$DIR/mixed.out" \
	&& [ "$(wc -l <"$DIR/mixed.err")" = 2 ] && grep -q "game 2, ply 3, 'Ke3'" "$DIR/mixed.err" && grep -q 'game 4, tag FEN' "$DIR/mixed.err" \
	&& ok "import names each bad game and reads the others" || bad "mixed file: $(cat "$DIR/mixed.out" "$DIR/mixed.err")"

# Hostile files (issue 25): names that would drive the terminal are shown
# escaped; an unterminated tag value and a NUL are refused, nothing read.
printf '[White "\033]0;owned\007\033[2J"]\n[Black "\302\233c\377"]\n\n1. e4 *\n' >"$DIR/escapes.pgn"
"$BIN" import "$DIR/escapes.pgn" >"$DIR/escapes.out" 2>&1
[ $? = 0 ] && ! LC_ALL=C grep -q $'[\x1b\x07\x9b\xff]' "$DIR/escapes.out" && grep -q '\\x1B' "$DIR/escapes.out" \
	&& ok "import shows a hostile name escaped" || bad "import printed: $(od -c "$DIR/escapes.out" | head -5)"
printf '[Event "e"]\n[White "A\n1. e4 e5 *\n' >"$DIR/open.pgn"
"$BIN" import "$DIR/open.pgn" >"$DIR/open.out" 2>/dev/null
[ $? = 2 ] && [ ! -s "$DIR/open.out" ] && ok "import refuses an unterminated tag" || bad "unterminated tag: $(cat "$DIR/open.out")"
printf '[White "A\000B"]\n\n1. e4 *\n' >"$DIR/nul.pgn"
"$BIN" import "$DIR/nul.pgn" >"$DIR/nul.out" 2>/dev/null
[ $? = 2 ] && [ ! -s "$DIR/nul.out" ] && ok "import refuses a NUL" || bad "NUL: $(cat "$DIR/nul.out")"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
