#!/usr/bin/env bash
# Issue 21: `chesscubing backup --db FILE TO` copies the record while a
# console writes to it (SQLite's online backup): every event the console
# had recorded when the backup began is in the copy, the copy opens like
# any record, its events are the record's first ones, and an existing TO
# is never overwritten.
. "$(dirname "$0")/lib.sh" "$1"
clauses RE-1.1

DB=$XDG_DATA_HOME/live.db
record() { "$BIN" export --db "$1" --format scenario 1 | grep -v '^#'; }

start 80 24 "$BIN" --db "$DB"
setup_match 0
keys s
wait_for "TO MOVE"
moved 4
for round in 1 2 3; do
	acknowledged=$(record "$DB")
	copy=$XDG_DATA_HOME/copy$round.db
	# The console writes while the backup runs.
	"$BIN" backup --db "$DB" "$copy" >"$XDG_DATA_HOME/out" 2>&1 &
	bpid=$!
	moved 2
	wait "$bpid" || fail "backup failed: $(cat "$XDG_DATA_HOME/out")"
	grep -qF "backed up to $copy" "$XDG_DATA_HOME/out" || fail "no confirmation: $(cat "$XDG_DATA_HOME/out")"
	[ ! -e "$copy-wal" ] || fail "the copy left a -wal beside it"
	copied=$(record "$copy") || fail "the copy does not open"
	n=$(printf '%s\n' "$acknowledged" | wc -l)
	[ "$(printf '%s\n' "$copied" | head -n "$n")" = "$acknowledged" ] ||
		fail "round $round: the copy lacks acknowledged events: $copied"
	now=$(record "$DB")
	m=$(printf '%s\n' "$copied" | wc -l)
	[ "$(printf '%s\n' "$now" | head -n "$m")" = "$copied" ] || fail "round $round: the copy is not the record's start"
	"$BIN" list --db "$copy" | grep -q "Alice" || fail "the copy's list: $("$BIN" list --db "$copy")"
done
# Never over an existing file.
"$BIN" backup --db "$DB" "$XDG_DATA_HOME/copy1.db" 2>"$XDG_DATA_HOME/err" && fail "a backup overwrote a file"
grep -q "already exists" "$XDG_DATA_HOME/err" || fail "no reason: $(cat "$XDG_DATA_HOME/err")"
keys q y
wait_exit 0
echo "ok"
