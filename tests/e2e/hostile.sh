#!/usr/bin/env bash
# Issue 16, D1: a record whose scramble sheet holds a line of 150 zero-width
# spaces (display width 0, 450 bytes) once overran the wrapping buffer of
# the cube screen. Someone else's database must open in `resume` and
# `watch` at the documented minimum size and show the cube phase.
. "$(dirname "$0")/lib.sh" "$1"
clauses none
command -v sqlite3 >/dev/null || { [ "${CI:-}" = true ] && fail "sqlite3 is missing"; echo "sqlite3 is missing: skipped"; exit 77; }

DB=$XDG_DATA_HOME/crafted.db
{
	echo "settings format=twice category=fast white=Alice black=Bruno seed=5"
	echo "0 start"
	t=0
	for i in $(seq 12); do t=$((t + 1000)); [ $((i % 2)) = 1 ] && echo "$t move w" || echo "$t move b"; done
} >"$XDG_DATA_HOME/cube.scn"
"$BIN" script --db "$DB" "$XDG_DATA_HOME/cube.scn" >/dev/null || fail "script --db"
zw=$(printf '\u200b%.0s' $(seq 150))
line="X${zw} Y Z"
# Cube 2 is the one designated after block 1 (seed 5).
sqlite3 "$DB" "UPDATE matches SET sheet = 'R' || char(10) || '$line' || char(10) || 'U' || char(10) || 'F'" ||
	fail "cannot craft the sheet"

# At the minimum size the line is wrapped (or left out) without a crash;
# wider, all of it is shown.
for size in "60 22" "120 30"; do
	# shellcheck disable=SC2086
	start $size "$BIN" watch --db "$DB" 1
	wait_for "Cube phase after block 1"
	wait_for "Scramble of cube"
	[ "$size" = "60 22" ] || wait_re "X.* Y Z"
	keys q
	wait_exit 0
	# shellcheck disable=SC2086
	start $size "$BIN" resume --db "$DB" 1
	wait_for "Cube phase after block 1"
	wait_for "Scramble of cube"
	[ "$size" = "60 22" ] || wait_re "X.* Y Z"
	keys q
	wait_for "Quit the console?"
	keys y
	wait_exit 0
done
echo "ok"
