#!/usr/bin/env bash
# cli_options.sh BIN: a command's options may follow its arguments
# (`show 1 --db FILE` as `show --db FILE 1`, issue 21 item 9), for every
# command that takes both; a wrong argument says why.
set -u
BIN=${1:?usage: $0 path/to/chesscubing}
DIR=$(mktemp -d /tmp/cc-cli-options-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
echo "CLAUSES: cli_options none"
[ "${CC_CLAUSES:-}" = list ] && exit 0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

DB=$DIR/m.db
printf 'settings format=twice category=fast white=Alice black=Bob\n0 start\n1000 move w\n' >"$DIR/m.scn"
"$BIN" script --db "$DB" "$DIR/m.scn" >/dev/null || fail "script"
"$BIN" players --db "$DB" add Zoé >/dev/null || fail "players add"

# same OUT_NAME ARGS_BEFORE -- ARGS_AFTER: both orders, the same output and status.
same() {
	local name=$1 a b sa sb
	shift
	local before=() after=()
	while [ "$1" != -- ]; do before+=("$1"); shift; done
	shift
	after=("$@")
	a=$("$BIN" "${before[@]}" 2>&1); sa=$?
	b=$("$BIN" "${after[@]}" 2>&1); sb=$?
	if [ "$sa" -ne 0 ] || [ "$sb" -ne "$sa" ] || [ "$a" != "$b" ]; then
		fail "$name: '${after[*]}' (exit $sb) differs from '${before[*]}' (exit $sa): $b"
	else
		echo "ok: $name"
	fi
}
same show show --db "$DB" 1 -- show 1 --db "$DB"
same export export --db "$DB" --format json 1 -- export 1 --format json --db "$DB"
same export-mixed export --format text --db "$DB" 1 -- export 1 --db "$DB" --format text
same list list --db "$DB" -- list --db="$DB"
same players players --db "$DB" list -- players list --db "$DB"
same ratings ratings --db "$DB" -- ratings --db "$DB"
same script-trace script --trace "$DIR/m.scn" -- script "$DIR/m.scn" --trace
same lang --lang fr show --db "$DB" 1 -- show 1 --db "$DB" --lang fr

# A wrong argument says why, then where to read more.
err=$("$BIN" resume 1 2 2>&1 </dev/null); status=$?
if [ "$status" -ne 2 ] || ! printf '%s\n' "$err" | grep -qF "one match at most, '2' is one too many"; then
	fail "resume 1 2: exit $status, $err"
else
	echo "ok: resume 1 2 says why"
fi
err=$("$BIN" show 1 --bogus --db "$DB" 2>&1); status=$?
if [ "$status" -ne 2 ] || ! printf '%s\n' "$err" | grep -qF -- "--bogus"; then
	fail "show --bogus: exit $status, $err"
else
	echo "ok: an unknown option is named"
fi

# Issue 23 item 7: options after operands whatever POSIXLY_CORRECT says
# (the shell of a user who exports it), for the commands and their verbs.
posix() { POSIXLY_CORRECT=1 "$BIN" "$@"; }
for args in "show 1 --db $DB" "export 1 --format text --db $DB" "event list --json --db $DB" \
	"ratings --csv --db $DB" "players list --db $DB --json"; do
	# shellcheck disable=SC2086
	a=$(posix $args 2>&1); sa=$?
	# shellcheck disable=SC2086
	b=$("$BIN" $args 2>&1); sb=$?
	if [ "$sa" -ne 0 ] || [ "$sa" -ne "$sb" ] || [ "$a" != "$b" ]; then
		fail "POSIXLY_CORRECT=1 $args: exit $sa, $a"
	else
		echo "ok: POSIXLY_CORRECT=1 $args"
	fi
done
# resume reads its options after the match number: the record named is
# the one opened (a match it lacks is said so), not refused as an operand.
err=$("$BIN" resume 7 --db "$DB" 2>&1 </dev/null); status=$?
err_before=$("$BIN" resume --db "$DB" 7 2>&1 </dev/null); status_before=$?
if [ "$status" -eq 2 ] || [ "$status" -ne "$status_before" ] || [ "$err" != "$err_before" ] ||
	! printf '%s' "$err" | grep -qF "$DB"; then
	fail "resume 7 --db FILE: exit $status, $err (before the operand: exit $status_before, $err_before)"
else
	echo "ok: resume MATCH --db FILE reads --db"
fi
[ "$failed" -eq 0 ] || exit 1
echo "ok"
