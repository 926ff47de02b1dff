#!/usr/bin/env bash
# captures-issue21.sh [NEW_BIN [OLD_BIN]]: the closing note's captures of
# issue 21, taken from the real console in a private tmux server (as the
# e2e tests drive it: tests/e2e/lib.sh), and written to
# docs/captures/issue-21.md (or $CC_CAPTURES_OUT).
#
#   NEW_BIN  the test build of this tree (default build/default/chesscubing-test):
#            its clock is the test clock, so every time shown is the same on
#            every run and machine.
#   OLD_BIN  optional: the program built from main at 25e5d5d (where issue 21
#            was found), for the "before" captures:
#              git worktree add --detach /tmp/old 25e5d5d
#              cmake --preset default -S /tmp/old && cmake --build /tmp/old/build/default --target chesscubing chesscubing_translations
#            That commit has no test clock: its captures wait in real time
#            (about 2 minutes), and its tenths vary by a few from run to run.
#
# Each state: the dialogs of the arbiter over a running Twice block (a
# correction, a decision, a resignation, each left open 30 s), the moves
# queue of moves recording (two clock keys pressed while the entry is open),
# the screen resumed after a kill -9 while Black thought 8.1 s (Time), the
# French block-ready screen of a double move at 60x22, and the side to move
# at 120x40.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
NEW=$(realpath "${1:-$ROOT/build/default/chesscubing-test}")
OLD=${2:+$(realpath "$2")}
OUT=${CC_CAPTURES_OUT:-$ROOT/docs/captures/issue-21.md}
[ -x "$NEW" ] || { echo "no program at $NEW (build the default preset first)" >&2; exit 1; }

# tests/e2e/lib.sh: tmux on a private socket, the test clock, screen, keys,
# wait_for... (it declares the clauses of a test: none here).
. "$ROOT/tests/e2e/lib.sh" "$NEW" >/dev/null
clauses none >/dev/null
export TZ=UTC # the log's times of day: the test clock's, read in UTC
CAPS=$(mktemp -d /tmp/cc-captures-XXXXXX)
trap 'finish; rm -rf "$CAPS"' EXIT

# use new|old: the program the next state is taken with.
use() {
	WHICH=$1
	if [ "$1" = new ]; then BIN=$NEW; else BIN=$OLD; fi
	DB=$XDG_DATA_HOME/$1-$RANDOM.db
}
# tick MS: time passes, MS of the test clock (new) or of the real one (old:
# no test clock there), then half a second for the console to redraw.
tick() {
	if [ "$WHICH" = new ]; then advance "$1"; else sleep "$(awk -v ms="$1" 'BEGIN { printf "%.2f", ms / 1000 }')"; fi
	sleep 0.5
}
# press N [KEY]: N clock keys, each 0.4 s after the last (past the guard).
press() { local i; for i in $(seq "$1"); do tick 400; keys "${2:-Space}"; done; }
# settle [TEXT]: the screen shows TEXT (up to 5 s, not an error without:
# the old program may word it otherwise), then a moment for the redraw.
settle() {
	local i
	for i in $(seq 100); do
		[ -z "${1:-}" ] && break
		screen | grep -qF -- "$1" && break
		sleep 0.05
	done
	sleep 0.3
}
# cap NAME: the screen as the terminal shows it (rows as they are, trailing
# blanks dropped), kept as NAME-WHICH.
cap() { $TMUX_CMD capture-pane -p | sed 's/[[:space:]]*$//' >"$CAPS/$1-$WHICH.txt"; }
# line NAME PATTERN: the first line of capture NAME matching PATTERN, trimmed.
line() { grep -m1 -E -- "$2" "$CAPS/$1-$WHICH.txt" | sed 's/^ *//; s/  */ /g'; }
quit() { keys q; keys y; sleep 0.3; cleanup; }

# 1. The arbiter's dialogs over a running Twice block, each left open 30 s.
dialogs() {
	use "$1"
	start 80 24 "$BIN" --db "$DB"
	setup_match 0
	keys s
	settle "TO MOVE"
	press 3
	tick 7000 # Black has thought 7 s
	cap running
	local key
	for key in c a r; do
		keys "$key"
		settle
		cap "dialog-$key-open"
		tick 30000
		cap "dialog-$key-30s"
		keys Escape
		settle
		cap "dialog-$key-closed"
	done
	quit
}

# 2. Moves recording: White's key at 0:14.2 opens the entry, Black's at 0:17.9.
queue() {
	use "$1"
	start 80 24 "$BIN" --db "$DB"
	wait_for "New match"
	keys Down Down Down Down Right Down Right
	settle "moves: each move typed, SAN or UCI, checked"
	keys s s
	settle "TO MOVE"
	tick 14200
	keys x
	settle
	tick 3700
	keys n
	settle
	cap queue
	quit
}

# 3. Time: Black thinks 8.1 s, the console is killed (SIGKILL), resumed a minute later.
resumed() {
	use "$1"
	start 80 24 "$BIN" --db "$DB"
	setup_match 1
	keys s
	settle "TO MOVE"
	press 3
	tick 8100
	[ "$WHICH" = new ] && settle "Clock 9:51.5"
	# The new console writes when it was last seen once that frame is drawn.
	if [ "$WHICH" = new ] && command -v sqlite3 >/dev/null; then
		for i in $(seq 100); do
			[ -n "$(sqlite3 "$DB" "SELECT wall_ms FROM seen" 2>/dev/null)" ] && break
			sleep 0.05
		done
	fi
	cap killed
	find_pid
	kill -KILL "$PID"
	wait_exit 137
	cleanup
	[ "$WHICH" = new ] && advance 60000
	start 80 24 "$BIN" resume --db "$DB"
	settle "PAUSED"
	sleep 0.5
	cap resumed
	quit
}

# 4. 60x22 in French: block 2 ready, the cube winner's double move.
double_move() {
	use "$1"
	local s="settings format=twice category=fast white=Alice black=Bob\n0 start\n" i
	for i in 1 2 3 4 5 6; do s="$s$((i * 2000 - 1000)) move w\n$((i * 2000)) move b\n"; done
	printf '%b' "${s}13000 cube w 23.45\n14000 cube b 25.10\n" >"$XDG_DATA_HOME/dm.scn"
	"$BIN" script --db "$DB" "$XDG_DATA_HOME/dm.scn" >/dev/null || fail "script"
	start 60 22 "$BIN" resume --db "$DB" 1 --lang fr
	settle "Bloc 2"
	sleep 0.5
	cap double-move
	quit
}

# 5. The side to move at 120x40: White to move, then Black after a move.
to_move_big() {
	use "$1"
	start 120 40 "$BIN" --db "$DB"
	setup_match 0
	keys s
	settle "TO MOVE"
	press 1
	settle
	cap to-move
	quit
}

for w in new ${OLD:+old}; do
	echo "captures of the $w program..." >&2
	dialogs "$w"
	queue "$w"
	resumed "$w"
	double_move "$w"
	to_move_big "$w"
done

# ---- the note --------------------------------------------------------------
block() { # block NAME WHICH: a capture in a fenced block, or why there is none
	if [ -f "$CAPS/$1-$2.txt" ]; then
		printf '```\n'; cat "$CAPS/$1-$2.txt"; printf '```\n'
	else
		printf '(no "before" capture: the script was run without OLD_BIN)\n'
	fi
}
# pair NAME TITLE: before then after.
pair() {
	printf '\n### %s\n\nBefore (main at 25e5d5d):\n\n' "$2"
	block "$1" old
	printf '\nAfter (this branch):\n\n'
	block "$1" new
}
clocks() { # clocks NAME WHICH: the clocks' line of a capture
	WHICH=$2 line "$1" "Block time|Temps du bloc"
}
commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo "?")
mkdir -p "$(dirname "$OUT")"
{
	cat <<EOF
# Issue 21: before and after captures

Written by \`scripts/captures-issue21.sh\` (tree at $commit): each block is
\`tmux capture-pane\` of the real console, not retyped. "After" is the test
build, driven by the test clock (the same times on every run); "before" is
main at 25e5d5d, where the issue was found, which has no test clock: its
waits are real time (its times of day too: the day the script ran) and
its tenths may differ by a few from run to run. Terminal 80x24 unless
said. Regenerate: \`scripts/captures-issue21.sh build/default/chesscubing-test
/tmp/old/build/default/chesscubing\` (the script's head says how to build
the old one).

## The arbiter's dialogs over a running Twice block

Three moves played, Black has thought 7 s; then each dialog is opened and
left open 30 s (more than the 20 s move clock), then closed with Escape.
EOF
	for key in c a r; do
		case $key in
		c) title="Correction (c)" ;;
		a) title="Arbiter's decision (a)" ;;
		r) title="Resignation (r)" ;;
		esac
		printf '\n### %s\n\n' "$title"
		for w in old new; do
			[ -f "$CAPS/dialog-$key-open-$w.txt" ] || continue
			if [ "$w" = old ]; then printf 'Before (main at 25e5d5d), '; else printf 'After (this branch), '; fi
			printf 'the clocks when the dialog opened: `%s`; 30 s later, the dialog still open: `%s`; once closed: `%s`.\n\n' \
				"$(clocks "dialog-$key-open" $w)" "$(clocks "dialog-$key-30s" $w)" "$(clocks "dialog-$key-closed" $w)"
			printf 'The dialog open 30 s:\n\n'
			block "dialog-$key-30s" $w
			printf '\nClosed:\n\n'
			block "dialog-$key-closed" $w
			printf '\n'
		done
	done
	[ -f "$CAPS/dialog-r-open-new.txt" ] && [ "$(clocks dialog-r-open new)" = "$(clocks dialog-r-30s new)" ] &&
		[ "$(clocks dialog-c-open new)" = "$(clocks dialog-c-30s new)" ] &&
		[ "$(clocks dialog-a-open new)" = "$(clocks dialog-a-30s new)" ] &&
		printf 'After: under each dialog the clocks held (the same line when it opened and 30 s later, RU-31).\n'
	if [ -f "$CAPS/dialog-c-open-old.txt" ]; then
		n=$(grep -cE "^ [0-9]{2}:[0-9]{2}:[0-9]{2} .*ran out: move lost" "$CAPS/dialog-r-closed-old.txt")
		printf 'Before: the clocks ran under every dialog; once the last was closed the log shows %s moves lost on the 20 s clock while they were open.\n' "$n"
	fi
	printf '\n## The moves queue (moves recording)\n\nWhite'"'"'s key (x) at 0:14.2 of the block opens the entry; Black'"'"'s (n) pressed 3.7 s later, while it is open.\n'
	pair queue "Two keys pressed while the entry is open"
	printf '\n## The screen resumed after kill -9 (Time)\n\nThree moves, Black thinks 8.1 s, the console is killed (SIGKILL) and resumed a minute later.\n'
	pair killed "Just before the kill"
	pair resumed "Resumed"
	printf '\n## 60x22, French: block 2 ready with the double move\n'
	pair double-move "Bloc 2 prêt, DOUBLE COUP"
	printf '\n## The side to move at 120x40 (RU-40)\n\nTwice, after White'"'"'s first move: Black to move.\n'
	pair to-move "Black to move"
} >"$OUT"
echo "wrote $OUT" >&2
