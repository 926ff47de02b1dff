#!/usr/bin/env bash
# Issue 21, RU-40: the side to move in big letters for the audience. From
# 30 rows up, with room left by the texts and the digits, the block screen
# (Twice, Time), the chess game's screen and `watch` draw "TO MOVE" ("AU
# TRAIT" in French) in the clocks' big font under the panel of the side to
# move, in its half only, and move it to the other half on a move; at 80x24
# and 60x22, in both languages, the arrow and the tag say it, whole, and no
# big word is drawn (the rows stay the texts' and the digits').
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/chess_lib.sh"
clauses RU-40

# word_at WORD: "COLUMN ROWS SCALE" of each drawing of WORD in big letters
# on the screen (one line each, COLUMN from 1), nothing when none. The
# drawing is rendered here from the font's patterns (src/ui/bigfont.c: a
# pixel SCALE columns wide, glyphs one column apart, each pattern row one
# or more screen rows) and looked for row by row at one column.
word_at() {
	screen | sed 's/█/#/g' | awk -v word="$1" '
	BEGIN {
		g["T"] = "###/.#./.#./.#./.#.";   g["O"] = "###/#.#/#.#/#.#/###"
		g["M"] = "#...#/##.##/#.#.#/#...#/#...#"
		g["V"] = "#.#/#.#/#.#/#.#/.#.";   g["E"] = "###/#../##./#../###"
		g["A"] = "###/#.#/###/#.#/#.#";   g["U"] = "#.#/#.#/#.#/#.#/###"
		g["R"] = "###/#.#/##./#.#/#.#";   g["I"] = "###/.#./.#./.#./###"
		g[" "] = "../../../../.."
	}
	{ line[NR] = $0 }
	function render(sx, r,   i, c, p, j, k, out) {
		out = ""
		for (i = 1; i <= length(word); i++) {
			split(g[substr(word, i, 1)], p, "/")
			if (i > 1) out = out " "
			for (j = 1; j <= length(p[r]); j++)
				for (k = 0; k < sx; k++)
					out = out (substr(p[r], j, 1) == "#" ? "#" : " ")
		}
		sub(/ +$/, "", out)
		return out
	}
	END {
		for (sx = 1; sx <= 4; sx++) {
			for (r = 1; r <= 5; r++) row[r] = render(sx, r)
			for (i = 1; i <= NR; i++) {
				col = index(line[i], row[1])
				if (!col || (i > 1 && substr(line[i - 1], col, length(row[1])) == row[1])) continue
				n = i
				for (r = 1; r <= 5; r++) {
					start = n
					while (n <= NR && substr(line[n], col, length(row[r])) == row[r]) n++
					if (n == start) break
				}
				if (r > 5) print col, n - i, sx
			}
		}
	}'
}

# big_on SIDE [WORD]: WORD (TO MOVE) drawn once, in SIDE's half (White
# left, Black right), at least 5 rows tall; waits for the redraw.
big_on() {
	local side=$1 word=${2:-TO MOVE} i found cols
	cols=$(pane '#{window_width}')
	for i in $(seq 200); do
		found=$(word_at "$word")
		if [ "$(printf '%s\n' "$found" | grep -c .)" = 1 ]; then
			set -- $found
			if [ "$2" -ge 5 ] && { { [ "$side" = w ] && [ "$1" -le $((cols / 2)) ]; } ||
				{ [ "$side" = b ] && [ "$1" -gt $((cols / 2)) ]; }; }; then
				return 0
			fi
		fi
		sleep 0.05
	done
	fail "'$word' in big letters not once on ${side}'s half: '$found'"
}

# no_big [WORD]: no drawing of WORD in big letters.
no_big() {
	local found
	found=$(word_at "${1:-TO MOVE}")
	[ -z "$found" ] || fail "'${1:-TO MOVE}' in big letters at this size: $found"
}

DB=$XDG_DATA_HOME/tomove.db

# Twice at the console: 80x24 as before, the word from 120x40, switching on a move.
start 80 24 "$BIN" --db "$DB"
setup_match 0
keys s
wait_for "TO MOVE"
to_move Alice
no_big
resize 120 40
big_on w
moved 1
big_on b
to_move Bob
resize 200 60
big_on b
moved 1
big_on w
resize 80 24
wait_re "Alice +TO MOVE"
no_big
resize 60 22
wait_re "Alice +TO MOVE"
no_big
CONSOLE=$TMUX_CMD

# watch, while the console plays: the same word, on the same side.
start 120 40 "$BIN" watch --db "$DB" 1
wait_for "read only"
big_on w
WATCH=$TMUX_CMD
TMUX_CMD=$CONSOLE
moved 1
TMUX_CMD=$WATCH
advance 300 # the watcher's next poll of the record
big_on b
resize 200 60
big_on b
resize 80 24
wait_re "Bob +TO MOVE"
no_big
keys q
wait_exit 0
TMUX_CMD=$CONSOLE
keys q y
wait_exit 0
cleanup

# Time at 120x40 and 200x60: under the chess clock of the side to move.
start 120 40 "$BIN" --db "$DB"
setup_match 1
keys s
wait_for "TO MOVE"
big_on w
moved 1
big_on b
resize 200 60
big_on b
keys q y
wait_exit 0
cleanup

# The chess game's screen.
start 120 40 "$BIN" --db "$DB"
setup_chess 5+3 auto standard
no_big # not started: "MOVES FIRST" and the ready banner say who begins
keys s
wait_for "TO MOVE"
big_on w
play e4
big_on b
keys q y
wait_exit 0
cleanup

# French, Twice resumed (paused, still Black to move): big at 120x40 and
# 200x60, the tag whole and no big word at 80x24 and 60x22.
printf '%s\n' "settings format=twice category=fast white=Alice black=Bob" "0 start" "1000 move w" \
	>"$XDG_DATA_HOME/fr.scn"
"$BIN" script --db "$XDG_DATA_HOME/fr.db" "$XDG_DATA_HOME/fr.scn" >/dev/null || fail "script"
start 120 40 "$BIN" resume --db "$XDG_DATA_HOME/fr.db" 1 --lang fr
wait_for "AU TRAIT"
big_on b "AU TRAIT"
no_big "TO MOVE"
resize 200 60
big_on b "AU TRAIT"
for size in "80 24" "60 22"; do
	resize $size
	wait_re "Bob +AU TRAIT"
	no_big "AU TRAIT"
done
resize 120 40
keys p
advance 400
keys Space
big_on w "AU TRAIT"
keys q
keys y
wait_exit 0
echo "ok"
