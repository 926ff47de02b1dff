#!/usr/bin/env bash
# timer_marks.sh BIN: where each cube time came from (RE-10.1, issue 35
# item 6) said by `show` and carried by the scenario export: a scenario's
# `cube w 23.45 timer` is recorded as a timer's, written back with its
# mark and replayed to the same record (the JSON export's "source"); a
# scenario without the mark (every older one) still reads, typed; a word
# other than timer or typed is refused with the line. `show` lists every
# solve time with "(timer)" or "(typed)", in English and French.
set -u
BIN=${1:?usage: $0 path/to/chesscubing}
DIR=$(mktemp -d /tmp/cc-timer-marks-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
echo "CLAUSES: timer_marks RE-10.1"
[ "${CC_CLAUSES:-}" = list ] && exit 0
failed=0 checked=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
ok() { echo "ok: $*"; }
check() { checked=$((checked + 1)); if eval "$2"; then ok "$1"; else fail "$1"; fi; }
sources() { "$BIN" export --db "$1" 1 | grep -o '"source": *"[a-z]*"' | sed 's/.*"\([a-z]*\)"$/\1/' | tr '\n' ' '; }

twelve() { local t=1000; for _ in 1 2 3 4 5 6; do printf '%d move w\n%d move b\n' $t $((t + 500)); t=$((t + 1000)); done; }
{
	printf 'settings format=time category=fast white=Alice black=Bob\n0 start\n'
	twelve
	printf '13000 cube w 23.45 timer\n14000 cube b 25.10\n'
} >"$DIR/marked.scn"
"$BIN" script --db "$DIR/a.db" "$DIR/marked.scn" >/dev/null || fail "script of a scenario with a timer mark"
check "the record keeps the mark (JSON: timer, typed)" '[ "$(sources "$DIR/a.db")" = "timer typed " ]'

# Written back with its mark, replayed to the same record.
"$BIN" export --db "$DIR/a.db" --format scenario 1 >"$DIR/back.scn"
check "the scenario export writes the mark" 'grep -qx "13000 cube w 23.45 timer" "$DIR/back.scn" && grep -qx "14000 cube b 25.10" "$DIR/back.scn"'
"$BIN" script --db "$DIR/b.db" "$DIR/back.scn" >/dev/null || fail "script of the exported scenario"
check "the exported scenario replays to the same marks" '[ "$(sources "$DIR/b.db")" = "timer typed " ]'
check "... and the same JSON record" \
	'diff <("$BIN" export --db "$DIR/a.db" 1 | grep -v created) <("$BIN" export --db "$DIR/b.db" 1 | grep -v created) >&2'

# An older scenario, without any mark: still read, every time typed; an explicit typed reads as none.
sed 's/ timer$//' "$DIR/marked.scn" >"$DIR/old.scn"
"$BIN" script --db "$DIR/c.db" "$DIR/old.scn" >/dev/null || fail "script of a scenario without marks"
check "a scenario without marks reads, typed" '[ "$(sources "$DIR/c.db")" = "typed typed " ]'
sed 's/ timer$/ typed/' "$DIR/marked.scn" >"$DIR/typed.scn"
"$BIN" script --db "$DIR/d.db" "$DIR/typed.scn" >/dev/null || fail "script of a scenario with 'typed'"
check "'typed' reads as typed" '[ "$(sources "$DIR/d.db")" = "typed typed " ]'
sed 's/ timer$/ stopwatch/' "$DIR/marked.scn" >"$DIR/bad.scn"
out=$("$BIN" script "$DIR/bad.scn" 2>&1 >/dev/null)
rc=$?
check "another word is refused with its line (exit 2)" \
	'[ $rc = 2 ] && printf "%s" "$out" | grep -q "line 15: a cube time.s source .stopwatch. is not timer or typed"'

# show: each solve time and its source, in both languages.
check "show says timer and typed" \
	'"$BIN" show --db "$DIR/a.db" 1 | grep -qx "Solve times: Alice solves in 23.45 (timer); Bob solves in 25.10 (typed)."'
check "show says it in French" \
	'"$BIN" --lang fr show --db "$DIR/a.db" 1 | grep -qx "Temps de résolution : Alice résout en 23,45 (chronomètre) ; Bob résout en 25,10 (saisi)."'
# An undone time is no solve time of the match.
{ cat "$DIR/marked.scn"; printf '15000 undo\n'; } >"$DIR/undone.scn"
"$BIN" script --db "$DIR/e.db" "$DIR/undone.scn" >/dev/null || fail "script with an undo"
check "show leaves an undone time out" \
	'"$BIN" show --db "$DIR/e.db" 1 | grep -qx "Solve times: Alice solves in 23.45 (timer)."'
printf 'settings format=time category=fast\n0 start\n' | "$BIN" script --db "$DIR/f.db" - >/dev/null
check "show of a match without a solve time has no such line" '! "$BIN" show --db "$DIR/f.db" 1 | grep -q "Solve times"'
[ "$failed" -eq 0 ] || { echo "$failed failed"; exit 1; }
echo "all $checked hold"
